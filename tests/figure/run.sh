#!/bin/sh
# Golden tests of sgf-convert's diagrams (ASCII styles and SVG).
#
#   sh tests/figure/run.sh [SGF_CONVERT]      (default bin/sgf-convert)
#   UPDATE=1 sh tests/figure/run.sh           rewrite the expected outputs
#
# Each case NAME.args holds one line: the input file (in this directory)
# and the options; NAME.out is the expected stdout; the exit status must
# be 0. SVG outputs must also be well-formed XML (xmllint, from Debian's
# libxml2-utils, which scripts/deps.sh installs). A missing tool or a
# missing xmllint is a failure, never a silent skip. The last line is
# "figure: N passed, M failed"; exit status 1 on a failure.
set -u
dir=$(cd "$(dirname "$0")" && pwd)
tool=${1:-bin/sgf-convert}
if [ ! -x "$tool" ]; then
    echo "FAIL figure: $tool not built"
    exit 1
fi
if ! command -v xmllint >/dev/null 2>&1; then
    echo "FAIL figure: xmllint not found (Debian package libxml2-utils)"
    exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/figure.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
for args in "$dir"/*.args; do
    name=$(basename "$args" .args)
    set -- $(cat "$args")
    input=$1
    shift
    status=0
    "$tool" "$@" "$dir/$input" > "$tmp/out" 2> "$tmp/err" || status=$?
    if [ "${UPDATE:-}" = 1 ]; then
        cp "$tmp/out" "$dir/$name.out"
    fi
    ok=1
    if [ $status -ne 0 ]; then
        echo "FAIL $name: exit status $status"; sed 's/^/    /' "$tmp/err"
        ok=0
    elif ! cmp -s "$tmp/out" "$dir/$name.out"; then
        echo "FAIL $name: output differs"
        diff -u "$dir/$name.out" "$tmp/out" | head -40
        ok=0
    fi
    case $name in
    *svg)
        if ! xmllint --noout "$tmp/out" 2> "$tmp/xml"; then
            echo "FAIL $name: not well-formed"; head -5 "$tmp/xml"
            ok=0
        fi ;;
    esac
    if [ $ok = 1 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
done
echo "figure: $passed passed, $failed failed"
[ $failed -eq 0 ]
