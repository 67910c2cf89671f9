#!/bin/sh
# Extra check, run by .ci/run when ../shared is there (the project's own
# tests never need it): for every score case of SHARED/cases/rules/
# (the "result=R" lines of its EXPECTED.tsv), sgf-score with its
# defaults computes exactly R, and no run crashes or prints a sanitizer
# report.
#
#   sh tests/score-cases.sh BINDIR [SHARED]    (SHARED defaults to ../shared)
#
# The last line is "score-cases: N passed, M failed"; exit status 1 on a
# failure, 2 when the cases are not there.
set -u
if [ $# -lt 1 ] || [ ! -x "$1/sgf-score" ]; then
    echo "usage: sh tests/score-cases.sh BINDIR [SHARED]" >&2
    exit 2
fi
bin=$1/sgf-score
top=$(cd "$(dirname "$0")/.." && pwd)
shared=${2:-$top/../shared}
cases=$shared/cases/rules
if [ ! -f "$cases/EXPECTED.tsv" ]; then
    echo "score-cases: no $cases/EXPECTED.tsv" >&2
    exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/score-cases.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
LC_ALL=C
export LC_ALL
passed=0
failed=0
tab=$(printf '\t')

while IFS="$tab" read -r file rules expect; do
    case $expect in result=*) ;; *) continue ;; esac
    want=${expect#result=}
    "$bin" -q --format=tsv "$cases/$file" > "$tmp/out" 2> "$tmp/err"
    status=$?
    got=$(sed -n '2p' "$tmp/out" | cut -f8)
    if [ "$status" -eq 0 ] && [ "$got" = "$want" ] &&
       ! grep -q -e 'AddressSanitizer' -e 'runtime error:' "$tmp/err"; then
        passed=$((passed + 1))
        continue
    fi
    failed=$((failed + 1))
    echo "FAIL rules/$file ($rules): got '$got' (exit $status)," \
         "expected '$want'"
    cat "$tmp/out" "$tmp/err" | head -n 20 | sed 's/^/    /'
done < "$cases/EXPECTED.tsv"

echo "score-cases: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
