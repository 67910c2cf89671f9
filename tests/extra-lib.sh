# extra-lib.sh - what the extra checks over ../shared share (sourced by
# tests/shared-cases.sh, tests/score-cases.sh, tests/score-auto.sh):
# arguments, a scratch directory, the tally of passes and failures.
#
#   extra_start NAME TOOL EXPECTED "$@"
#       NAME: the check's name; TOOL: the program needed in BINDIR;
#       EXPECTED: the file under SHARED the check reads. Sets bin (the
#       tool), shared, tmp (removed at exit), tab, passed, failed; exits
#       2 on a usage error or when EXPECTED is missing. extra_args, when
#       set, is the usage line's argument part.
#   extra_pass; extra_fail MESSAGE   count one case, print a failure with
#                                    the output of the run ($tmp/out, err)
#   clean_run                        no sanitizer report in $tmp/err
#   extra_end                        the last line and the exit status

extra_start() {
    extra_name=$1
    extra_tool=$2
    extra_expected=$3
    shift 3
    if [ $# -lt 1 ] || [ ! -x "$1/$extra_tool" ]; then
        echo "usage: sh tests/$extra_name.sh" \
             "${extra_args:-BINDIR [SHARED]}" >&2
        exit 2
    fi
    bin=$1/$extra_tool
    top=$(cd "$(dirname "$0")/.." && pwd)
    shared=${2:-$top/../shared}
    if [ ! -f "$shared/$extra_expected" ]; then
        echo "$extra_name: no $shared/$extra_expected" >&2
        exit 2
    fi
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/$extra_name.XXXXXX") || exit 2
    trap 'rm -rf "$tmp"' EXIT INT TERM
    LC_ALL=C
    export LC_ALL
    passed=0
    failed=0
    tab=$(printf '\t')
}

clean_run() {
    ! grep -q -e 'AddressSanitizer' -e 'runtime error:' "$tmp/err"
}

extra_pass() {
    passed=$((passed + 1))
}

extra_fail() {
    failed=$((failed + 1))
    echo "FAIL $*"
    cat "$tmp/out" "$tmp/err" | head -n 20 | sed 's/^/    /'
}

extra_end() {
    echo "$extra_name: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
