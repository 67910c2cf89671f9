#!/bin/sh
# Golden tests of the command-line tools.
#
#   sh tests/run-cli.sh BINDIR            run every case
#   UPDATE=1 sh tests/run-cli.sh BINDIR   rewrite the expectations
#
# A case is tests/cli/TOOL/CASE.args plus what it expects:
#   CASE.args    the arguments, as shell words (quotes and redirections
#                such as "< list.nul" or "> /dev/full" work); lines
#                starting with '#' are comments
#   CASE.sgf     standard input of the tool, when present (else /dev/null)
#   CASE.out     expected standard output (absent = empty)
#   CASE.err     expected standard error (absent = empty)
#   CASE.status  expected exit status (absent = 0)
# The tool runs in tests/cli/TOOL/, so names in its output are short and
# the same on every machine; other files there are shared inputs.
#
# A case may instead be a script, tests/cli/TOOL/CASE.sh, for what needs
# files made on the spot (links, odd names, outputs checked after the
# run): it runs with sh in a new empty directory, with TOOL set to the
# tool's path, BINDIR to the directory of all the tools and CASES to
# tests/cli/TOOL/; its standard output, standard error and exit status
# are compared with CASE.out, CASE.err and CASE.status as above. A run
# whose standard error mentions a sanitizer report fails, also under
# UPDATE=1. A script that cannot run here (no pseudo-terminal, say)
# exits 77 with the reason on standard error: the case is skipped, named
# with its reason on a SKIP line and counted; with CLI_SKIP_FAILS=1 (CI)
# a skip fails instead. The last line is "cli: N passed, M failed" (and
# ", K skipped" when K > 0); the exit status is 1 when a case failed.
set -u
if [ $# -ne 1 ] || [ ! -d "$1" ]; then
    echo "usage: sh tests/run-cli.sh BINDIR" >&2
    exit 2
fi
bindir=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-cli.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
LC_ALL=C
export LC_ALL
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export ASAN_OPTIONS
passed=0
skipped=0
failed=0

# expect FILE DEFAULT: the expected content of FILE into $tmp/want
expect() {
    if [ -f "$1" ]; then cat "$1"; else printf '%s' "$2"; fi > "$tmp/want"
}

# compare WHAT EXPECTED-FILE ACTUAL-FILE DEFAULT: 0 when they agree
compare() {
    expect "$2" "$4"
    if cmp -s "$tmp/want" "$3"; then
        return 0
    fi
    echo "  $1 differs (- expected, + actual):"
    diff -u "$tmp/want" "$3" | sed -e '1,2d' -e 's/^/    /' | head -n 40
    return 1
}

# update FILE ACTUAL DEFAULT: write FILE, or remove it when ACTUAL is the
# default (so that only what matters is kept)
update() {
    printf '%s' "$3" > "$tmp/default"
    if cmp -s "$tmp/default" "$2"; then
        rm -f "$1"
    else
        cp "$2" "$1"
    fi
}

run_case() {
    dir=$1 tool=$2 name=$3
    stdin=/dev/null
    [ -f "$dir/$name.sgf" ] && stdin="$dir/$name.sgf"
    if [ -f "$dir/$name.sh" ]; then
        rm -rf "$tmp/work" && mkdir "$tmp/work" &&
        (
            cd "$tmp/work" &&
            TOOL="$bindir/$tool" BINDIR="$bindir" CASES="$dir" \
                sh "$dir/$name.sh" <"$stdin" >"$tmp/out" 2>"$tmp/err"
        )
    else
        args=$(grep -v '^#' "$dir/$name.args" | tr '\n' ' ')
        (
            cd "$dir" &&
            eval "\"\$bindir/\$tool\" $args" <"$stdin" >"$tmp/out" \
                2>"$tmp/err"
        )
    fi
    echo $? > "$tmp/status"
    if [ -f "$dir/$name.sh" ] && [ "$(cat "$tmp/status")" = 77 ] &&
       [ -z "${UPDATE:-}" ]; then
        echo "SKIP $tool/$name: $(head -n 1 "$tmp/err")"
        [ -z "${CLI_SKIP_FAILS:-}" ] || return 1
        return 77
    fi
    if grep -q -e 'AddressSanitizer' -e 'LeakSanitizer' \
               -e 'runtime error:' "$tmp/err"; then
        echo "FAIL $tool/$name: sanitizer report"
        sed 's/^/    /' "$tmp/err" | head -n 30
        return 1
    fi
    if [ -n "${UPDATE:-}" ]; then
        update "$dir/$name.out" "$tmp/out" ""
        update "$dir/$name.err" "$tmp/err" ""
        update "$dir/$name.status" "$tmp/status" "0
"
        return 0
    fi
    ok=0
    compare stdout "$dir/$name.out" "$tmp/out" "" || ok=1
    compare stderr "$dir/$name.err" "$tmp/err" "" || ok=1
    compare status "$dir/$name.status" "$tmp/status" "0
" || ok=1
    [ $ok -eq 0 ] || echo "FAIL $tool/$name"
    return $ok
}

for dir in "$top"/tests/cli/*/; do
    dir=${dir%/}
    tool=$(basename "$dir")
    if [ ! -x "$bindir/$tool" ]; then
        echo "FAIL $tool: no program $bindir/$tool"
        failed=$((failed + 1))
        continue
    fi
    for args in "$dir"/*.args "$dir"/*.sh; do
        [ -f "$args" ] || continue
        case=$(basename "$args"); case=${case%.*}
        run_case "$dir" "$tool" "$case"
        case $? in
        0) passed=$((passed + 1)) ;;
        77) skipped=$((skipped + 1)) ;;
        *) failed=$((failed + 1)) ;;
        esac
    done
done
if [ "$skipped" -gt 0 ]; then
    echo "cli: $passed passed, $failed failed, $skipped skipped"
else
    echo "cli: $passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
