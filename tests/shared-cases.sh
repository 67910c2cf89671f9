#!/bin/sh
# Extra check, run by .ci/run when ../shared is there (the project's own
# tests never need it): the exit status of sgf-validate on each case of
# SHARED/cases/parse/ is the one its EXPECTED.tsv gives ("0", "1", or
# "0|1" for either), and no run crashes or prints a sanitizer report; on
# each move-legality case of SHARED/cases/rules/ ("ok" or "CODE@N", with
# alternatives separated by '|'), the rules diagnostics of sgf-validate
# are exactly the expected one (score cases, "result=", belong to
# sgf-score).
#
#   sh tests/shared-cases.sh BINDIR [SHARED]    (SHARED defaults to ../shared)
#
# The last line is "shared-cases: N passed, M failed"; exit status 1 on a
# failure, 2 when the cases are not there.
set -u
if [ $# -lt 1 ] || [ ! -x "$1/sgf-validate" ]; then
    echo "usage: sh tests/shared-cases.sh BINDIR [SHARED]" >&2
    exit 2
fi
bin=$1/sgf-validate
top=$(cd "$(dirname "$0")/.." && pwd)
shared=${2:-$top/../shared}
cases=$shared/cases/parse
if [ ! -f "$cases/EXPECTED.tsv" ]; then
    echo "shared-cases: no $cases/EXPECTED.tsv" >&2
    exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/shared-cases.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
LC_ALL=C
export LC_ALL
passed=0
failed=0
tab=$(printf '\t')

while IFS="$tab" read -r file want expect; do
    case $file in ''|file) continue ;; esac
    "$bin" "$cases/$file" > "$tmp/out" 2> "$tmp/err"
    got=$?
    ok=no
    case "|$want|" in *"|$got|"*) ok=yes ;; esac
    if grep -q -e 'AddressSanitizer' -e 'runtime error:' "$tmp/err"; then
        ok=no
    fi
    if [ $ok = yes ]; then
        passed=$((passed + 1))
        continue
    fi
    failed=$((failed + 1))
    echo "FAIL $file: exit status $got, expected $want ($expect)"
    cat "$tmp/out" "$tmp/err" | head -n 20 | sed 's/^/    /'
done < "$cases/EXPECTED.tsv"

# The rules diagnostics of one run as "code@move" words, or "ok".
rules_codes() {
    sed -n 's/.*"code":"\(illegal-[a-z]*\|off-board\|consecutive-moves\|move-after-end\|repetition\)".*"move":\([0-9]*\).*/\1@\2/p' "$1" |
        tr '\n' ' ' | sed 's/ $//'
}

rcases=$shared/cases/rules
while [ -f "$rcases/EXPECTED.tsv" ] && IFS="$tab" read -r file rules expect
do
    case $file in ''|file) continue ;; esac
    case $expect in result=*) continue ;; esac
    "$bin" --format=json "$rcases/$file" > "$tmp/out" 2> "$tmp/err"
    got=$(rules_codes "$tmp/out")
    [ -n "$got" ] || got=ok
    ok=no
    case "|$expect|" in *"|$got|"*) ok=yes ;; esac
    if grep -q -e 'AddressSanitizer' -e 'runtime error:' "$tmp/err"; then
        ok=no
    fi
    if [ $ok = yes ]; then
        passed=$((passed + 1))
        continue
    fi
    failed=$((failed + 1))
    echo "FAIL rules/$file ($rules): got '$got', expected '$expect'"
    cat "$tmp/out" "$tmp/err" | head -n 20 | sed 's/^/    /'
done < "$rcases/EXPECTED.tsv"

echo "shared-cases: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
