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
. "$(dirname "$0")/extra-lib.sh"
extra_start shared-cases sgf-validate cases/parse/EXPECTED.tsv "$@"
cases=$shared/cases/parse

# Does the word $1 stand among the '|'-separated alternatives $2?
one_of() {
    case "|$2|" in *"|$1|"*) return 0 ;; esac
    return 1
}

while IFS="$tab" read -r file want expect; do
    case $file in ''|file) continue ;; esac
    "$bin" "$cases/$file" > "$tmp/out" 2> "$tmp/err"
    got=$?
    if one_of "$got" "$want" && clean_run; then
        extra_pass
    else
        extra_fail "$file: exit status $got, expected $want ($expect)"
    fi
done < "$cases/EXPECTED.tsv"

# The rules diagnostics of one run as "code@move" words, or "ok".
rules_codes() {
    codes='illegal-[a-z]*\|off-board\|consecutive-moves\|move-after-end'
    codes="$codes\\|repetition"
    sed -n "s/.*\"code\":\"\\($codes\\)\".*\"move\":\\([0-9]*\\).*/\\1@\\2/p" "$1" |
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
    if one_of "$got" "$expect" && clean_run; then
        extra_pass
    else
        extra_fail "rules/$file ($rules): got '$got', expected '$expect'"
    fi
done < "$rcases/EXPECTED.tsv"

extra_end
