#!/bin/sh
# The manual pages agree with the programs, and lint clean.
#
#   sh tests/check-man-help.sh [BINDIR]     (BINDIR defaults to bin)
#
# - mandoc -Tlint -Wwarning on every page in man/ (and man --warnings when
#   man-db is there);
# - every tool BINDIR/sgf-X has a page man/sgf-X.1, and for each page the
#   long and short options printed by --help are exactly those of the
#   page's ".It Fl" lines, and --version prints the version of
#   sgf/version.h, which is also the Makefile's VERSION;
# - the code list of man/sgf-validate.1 is what tests/gen-codes.sh makes
#   from diagcodes.def (every code, its meaning and severity, nothing
#   else);
# - the examples agree with the program: the faulty-record example of
#   sgf-validate(1) with the golden test tests/cli/sgf-validate/text, and
#   the output of `make run` shown in README.md with a run over samples/.
# The last line is "man: N passed, M failed"; exit status 1 on a failure.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
bindir=${1:-$top/bin}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-man.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
LC_ALL=C
export LC_ALL
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

# 1. lint
if ! command -v mandoc >/dev/null 2>&1; then
    fail "mandoc is not installed (sh scripts/deps.sh installs it)"
fi
for page in "$top"/man/*.[1-9]; do
    [ -f "$page" ] || continue
    name=${page#"$top"/}
    if command -v mandoc >/dev/null 2>&1; then
        if mandoc -Tlint -Wwarning "$page" > "$tmp/lint" 2>&1; then
            pass
        else
            fail "$name: mandoc -Tlint:"
            sed 's/^/    /' "$tmp/lint"
        fi
    fi
    if command -v man >/dev/null 2>&1; then
        man --warnings -E UTF-8 -l "$page" 2>"$tmp/warn" >/dev/null
        if [ -s "$tmp/warn" ]; then
            fail "$name: man --warnings:"
            sed 's/^/    /' "$tmp/warn"
        else
            pass
        fi
    fi
done

# Options of a --help text: "  -r, --recursive ..." and
# "      --files-from=FILE ..." lines; one per line, "-r" or "--recursive".
help_options() {
    sed -n 's/^  \(-[A-Za-z0-9]\), \(--[a-z0-9-]*\).*/\1\n\2/p
            s/^      \(--[a-z0-9-]*\).*/\1/p' | sort -u
}

# Options of a page's ".It Fl r , Fl -recursive" lines, in the same form.
page_options() {
    sed -n '/^\.It Fl /p' | tr ' ' '\n' |
        sed -n '/^-[a-z0-9-]*$/{s/^/-/;p;}
                /^[A-Za-z0-9]$/{s/^/-/;p;}' |
        sort -u
}

# 2. options and version of each tool with a page
version=$(sed -n 's/^#define SGF_VERSION_STRING "\(.*\)"/\1/p' \
          "$top/libsgf/include/sgf/version.h")
# (the Makefile reads its VERSION from version.h; the pages say it too)
for page in "$top"/man/*.[1-9]; do
    os=$(sed -n 's/^\.Os libsgf //p' "$page")
    if [ -n "$version" ] && [ "$os" = "$version" ]; then
        pass
    else
        fail "$(basename "$page"): .Os says '$os', version.h '$version'"
    fi
done
for tool in "$bindir"/sgf-*; do
    [ -x "$tool" ] || continue
    tool=$(basename "$tool")
    if [ -f "$top/man/$tool.1" ]; then
        pass
    else
        fail "$tool has no manual page man/$tool.1"
    fi
done
for page in "$top"/man/sgf-*.1; do
    [ -f "$page" ] || continue
    tool=$(basename "$page" .1)
    if [ ! -x "$bindir/$tool" ]; then
        fail "$tool: no program $bindir/$tool to compare man/$tool.1 with"
        continue
    fi
    "$bindir/$tool" --help | help_options > "$tmp/help"
    page_options < "$page" > "$tmp/page"
    if [ -s "$tmp/help" ] && cmp -s "$tmp/help" "$tmp/page"; then
        pass
    else
        fail "$tool: options of --help (-) and man/$tool.1 (+) differ:"
        diff "$tmp/help" "$tmp/page" | sed -n 's/^</    -/p; s/^>/    +/p'
    fi
    got=$("$bindir/$tool" --version)
    if [ "$got" = "$tool (libsgf) $version" ]; then
        pass
    else
        fail "$tool: --version says '$got', expected version $version"
    fi
done

# 3. diagnostic codes
page="$top/man/sgf-validate.1"
if sh "$top/tests/gen-codes.sh" > "$tmp/codes-want" 2>"$tmp/gen-err"; then
    sed -n '/^\.\\" codes: begin/,/^\.\\" codes: end/p' "$page" |
        sed '1d;$d' > "$tmp/codes-got"
    if cmp -s "$tmp/codes-want" "$tmp/codes-got"; then
        pass
    else
        fail "man/sgf-validate.1: code list differs from diagcodes.def" \
             "(run: sh tests/gen-codes.sh -u):"
        diff "$tmp/codes-want" "$tmp/codes-got" | head -n 20 |
            sed 's/^/    /'
    fi
else
    fail "tests/gen-codes.sh failed:"
    sed 's/^/    /' "$tmp/gen-err"
fi

# 4. the faulty-record example of man/sgf-validate.1 is the golden test
# tests/cli/sgf-validate/text (input, then output with folded lines)
cli="$top/tests/cli/sgf-validate"
sed -n '/^\$ cat faulty.sgf$/,/^\.Ed$/p' "$page" | sed '1d;$d' |
    sed 's/\\e/\\/g' > "$tmp/example"
sed '/^\$ sgf-validate faulty.sgf$/,$d' "$tmp/example" > "$tmp/ex-in"
sed '1,/^\$ sgf-validate faulty.sgf$/d' "$tmp/example" |
    awk 'NR > 1 && /^    / { sub(/^    /, " "); printf "%s", $0; next }
         NR > 1 { print "" } { printf "%s", $0 } END { print "" }' \
    > "$tmp/ex-out"
cat "$cli/text.out" "$cli/text.err" > "$tmp/golden" 2>/dev/null
if [ -s "$tmp/ex-in" ] && cmp -s "$tmp/ex-in" "$cli/faulty.sgf" &&
   cmp -s "$tmp/ex-out" "$tmp/golden"; then
    pass
else
    fail "man/sgf-validate.1: the faulty.sgf example differs from" \
         "tests/cli/sgf-validate/{faulty.sgf,text.out,text.err}:"
    cat "$cli/faulty.sgf" "$tmp/golden" > "$tmp/want"
    cat "$tmp/ex-in" "$tmp/ex-out" > "$tmp/got"
    diff "$tmp/want" "$tmp/got" | head -n 20 | sed 's/^/    /'
fi

# 5. the README's `make run` output is what the program prints
if [ -x "$bindir/sgf-validate" ]; then
    sed -n '/^\$ bin\/sgf-validate -r samples$/,/^```$/p' "$top/README.md" |
        sed '1d;$d' > "$tmp/readme"
    (cd "$top" && "$bindir/sgf-validate" -r samples \
        > "$tmp/run.out" 2> "$tmp/run.err")
    cat "$tmp/run.out" "$tmp/run.err" > "$tmp/run"
    if [ -s "$tmp/readme" ] && cmp -s "$tmp/readme" "$tmp/run"; then
        pass
    else
        fail "README.md: the output of 'bin/sgf-validate -r samples'" \
             "differs from what it prints (- README, + program):"
        diff "$tmp/readme" "$tmp/run" | sed -n 's/^</    -/p; s/^>/    +/p'
    fi
fi

echo "man: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
