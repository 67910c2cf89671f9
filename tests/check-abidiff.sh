#!/bin/sh
# The shared library's ABI against the recorded one, libsgf/abi/libsgf.abi
# (libabigail's XML description, made by abidw from the library built
# with -g and the public headers libsgf/include/sgf/).
#
#   sh tests/check-abidiff.sh lib/libsgf.so.VERSION      compare
#   sh tests/check-abidiff.sh -u lib/libsgf.so.VERSION   record (make
#                                                        abi-update)
#
# An incompatible change (a function or type removed or changed, a struct
# grown or reordered, an enum value changed) fails; compatible ones (new
# functions, new enum values) pass with a note to record them. The report
# of abidiff is printed either way. Recording (-u) an incompatible change
# is refused while the library keeps the recorded soname: such a change
# is recorded once, with SOVERSION raised for it. The last line is "abidiff: N passed,
# M failed"; exit status 1 on a failure, 2 when abidiff is missing.
set -u
update=false
if [ "${1:-}" = "-u" ]; then
    update=true
    shift
fi
if [ $# -ne 1 ] || [ ! -f "$1" ]; then
    echo "usage: sh tests/check-abidiff.sh [-u] lib/libsgf.so.VERSION" >&2
    exit 2
fi
lib=$1
top=$(cd "$(dirname "$0")/.." && pwd)
rec="$top/libsgf/abi/libsgf.abi"
hdr="$top/libsgf/include/sgf"
for t in abidw abidiff; do
    if ! command -v "$t" >/dev/null 2>&1; then
        echo "check-abidiff: $t not found (Debian package abigail-tools)" >&2
        exit 2
    fi
done
soname_of_lib() {
    readelf -d "$1" 2>/dev/null |
        sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p'
}
soname_of_rec() {
    sed -n "1s/.*soname='\([^']*\)'.*/\1/p" "$1"
}
if $update && [ -f "$rec" ] &&
   [ "$(soname_of_lib "$lib")" = "$(soname_of_rec "$rec")" ]; then
    st=0
    abidiff --headers-dir2 "$hdr" --no-added-syms "$rec" "$lib" \
        > /dev/null 2>&1 || st=$?
    if [ $((st & 12)) -ne 0 ]; then
        echo "check-abidiff: $lib changes the recorded ABI incompatibly" \
             "and keeps its soname $(soname_of_rec "$rec"): raise" \
             "SOVERSION in the Makefile first" >&2
        exit 1
    fi
fi
if $update; then
    mkdir -p "$(dirname "$rec")"
    abidw --headers-dir "$hdr" --no-corpus-path --no-comp-dir-path \
        --out-file "$rec" "$lib" || exit 1
    echo "abidiff: recorded the ABI of $lib in $rec"
    exit 0
fi
if [ ! -f "$rec" ]; then
    echo "FAIL $rec is missing (make abi-update)"
    echo "abidiff: 0 passed, 1 failed"
    exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-abidiff.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
status=0
abidiff --headers-dir2 "$hdr" --no-added-syms "$rec" "$lib" \
    > "$tmp/report" 2>&1 || status=$?
abidiff --headers-dir2 "$hdr" "$rec" "$lib" > "$tmp/all" 2>&1 || true
# abidiff's status bits: 1 error, 2 usage, 4 ABI change, 8 incompatible.
if [ $((status & 3)) -ne 0 ]; then
    sed 's/^/    /' "$tmp/report"
    echo "FAIL abidiff could not compare (status $status)"
    echo "abidiff: 0 passed, 1 failed"
    exit 1
fi
if [ $((status & 12)) -ne 0 ]; then
    sed 's/^/    /' "$tmp/report"
    echo "FAIL $lib changes the recorded ABI (libsgf/abi/libsgf.abi):" \
         "an incompatible change needs a new SOVERSION in the Makefile," \
         "then make abi-update"
    echo "abidiff: 0 passed, 1 failed"
    exit 1
fi
if grep -q 'Added\|added' "$tmp/all" &&
   ! grep -q '0 Added' "$tmp/all"; then
    echo "note: $lib adds to the recorded ABI; record it with" \
         "make abi-update"
fi
echo "abidiff: 1 passed, 0 failed"
