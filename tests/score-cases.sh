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
. "$(dirname "$0")/extra-lib.sh"
extra_start score-cases sgf-score cases/rules/EXPECTED.tsv "$@"
cases=$shared/cases/rules

while IFS="$tab" read -r file rules expect; do
    case $expect in result=*) ;; *) continue ;; esac
    want=${expect#result=}
    "$bin" -q --format=tsv "$cases/$file" > "$tmp/out" 2> "$tmp/err"
    status=$?
    got=$(sed -n '2p' "$tmp/out" | cut -f8)
    if [ "$status" -eq 0 ] && [ "$got" = "$want" ] && clean_run; then
        extra_pass
    else
        extra_fail "rules/$file ($rules): got '$got' (exit $status)," \
                   "expected '$want'"
    fi
done < "$cases/EXPECTED.tsv"

extra_end
