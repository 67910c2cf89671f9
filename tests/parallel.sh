#!/bin/sh
# GNU parallel as the README shows it: the inputs of DIR split into
# batches run two at a time (parallel -j2 -X -k), the outputs merged in
# input order, must equal one run over the same list, record for record:
# the diagnostics and input records of sgf-validate --format=json, and the
# boards of sgf-replay.
#
#   sh tests/parallel.sh BINDIR DIR...
# The last line is "parallel: N passed, M failed"; exit status 1 on a
# failure.
set -u
if [ $# -lt 2 ]; then
    echo "usage: sh tests/parallel.sh BINDIR DIR..." >&2
    exit 2
fi
bindir=$1
shift
if ! command -v parallel >/dev/null 2>&1; then
    echo "FAIL parallel: GNU parallel not found (Debian package parallel)"
    exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/parallel.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
LC_ALL=C
export LC_ALL
find "$@" -type f -iname '*.sgf' | sort > "$tmp/list"
count=$(wc -l < "$tmp/list")
passed=0
failed=0
check() {
    what=$1
    shift
    "$bindir/$@" --files-from="$tmp/list" > "$tmp/one" 2> /dev/null
    # batches of at most 50 names so that even a small tree is split
    parallel -j2 -X -k -n 50 --will-cite "$bindir/$* {}" \
        < "$tmp/list" > "$tmp/many" 2> /dev/null
    if cmp -s "$tmp/one" "$tmp/many"; then
        passed=$((passed + 1))
    else
        echo "FAIL parallel: $what: the merged output differs"
        diff "$tmp/one" "$tmp/many" | head -n 10
        failed=$((failed + 1))
    fi
}
check "sgf-validate --format=json ($count files)" sgf-validate --format=json
check "sgf-replay ($count files)" sgf-replay
# the README's form for many hosts, with this machine as the only one
# (':' in the login file)
printf ':\n:\n' > "$tmp/hosts"
"$bindir/sgf-validate" --format=json --files-from="$tmp/list" \
    > "$tmp/one" 2> /dev/null
parallel --sshloginfile "$tmp/hosts" -X -k -n 50 --will-cite \
    "$bindir/sgf-validate --format=json {}" < "$tmp/list" \
    > "$tmp/many" 2> /dev/null
if cmp -s "$tmp/one" "$tmp/many"; then
    passed=$((passed + 1))
else
    echo "FAIL parallel: --sshloginfile: the merged output differs"
    failed=$((failed + 1))
fi
echo "parallel: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
