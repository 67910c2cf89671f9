#!/bin/sh
# The numbers of the diagnostic codes (SGF_D_*) and property ids
# (SGF_PROP_*) are part of libsgf's ABI: a program built against one
# release and run with the next must read the same code as the same fault.
#
#   sh tests/check-abi-values.sh        check against tests/abi-values.txt
#   sh tests/check-abi-values.sh -u     append the names not yet recorded
#
# The values are read from the public headers by the C compiler (the enum
# constants, not the .def text), then checked:
# - every name in tests/abi-values.txt still exists, with the same value
#   (a retired code keeps its line in the .def file);
# - no two names of one enum share a value;
# - a name not yet recorded has a value above every recorded one of its
#   enum (codes are appended, never slotted into a freed number).
# The last line is "abi-values: N passed, M failed"; exit status 1 on a
# failure.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
rec="$top/tests/abi-values.txt"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/abi-values.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
LC_ALL=C
export LC_ALL
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

cat > "$tmp/values.c" <<'EOC'
#include <stdio.h>
#include <sgf/diag.h>
#include <sgf/props.h>
int main(void)
{
#define SGF_DIAG(id, value, name, sev4, sev3, crit, meaning) \
    printf("SGF_D_%s=%d\n", #id, (int)SGF_D_##id);
#include <sgf/diagcodes.def>
#undef SGF_DIAG
#define SGF_PROP(id, value, kind, vt, ff, flags, desc) \
    printf("SGF_PROP_%s=%d\n", #id, (int)SGF_PROP_##id);
#include <sgf/props.def>
#undef SGF_PROP
    return 0;
}
EOC
if ! ${CC:-cc} -std=c11 -I"$top/libsgf/include" -o "$tmp/values" \
        "$tmp/values.c" 2> "$tmp/cc.err" ||
   ! "$tmp/values" > "$tmp/now"; then
    fail "cannot build the list of values:"
    sed 's/^/    /' "$tmp/cc.err"
    echo "abi-values: $passed passed, $failed failed"
    exit 1
fi

if [ "${1:-}" = "-u" ]; then
    touch "$rec"
    awk -F= 'FNR == NR { seen[$1] = 1; next } !($1 in seen)' \
        "$rec" "$tmp/now" > "$tmp/new"
    cat "$tmp/new" >> "$rec"
    echo "abi-values: $(wc -l < "$tmp/new") names appended to $rec"
    exit 0
fi

# enum of a name: D or PROP
awk -F= '
function enum_of(n) { return n ~ /^SGF_D_/ ? "D" : "PROP" }
FNR == NR {
    if ($0 ~ /^#/ || $0 == "") next
    want[$1] = $2; e = enum_of($1)
    if (!(e in max) || $2 + 0 > max[e]) max[e] = $2 + 0
    next
}
{
    have[$1] = $2; e = enum_of($1)
    if ((e, $2) in owner)
        print "value " $2 " given to both " owner[e, $2] " and " $1
    owner[e, $2] = $1
    if (!($1 in want) && $2 + 0 <= max[e])
        print $1 "=" $2 " is new but not above the highest recorded value " \
              max[e] " (append new codes, never reuse a value)"
}
END {
    for (n in want) {
        if (!(n in have))
            print n " was removed (mark a code retired instead)"
        else if (have[n] != want[n])
            print n " changed from " want[n] " to " have[n]
    }
}' "$rec" "$tmp/now" | sort > "$tmp/bad"
if [ -s "$tmp/bad" ]; then
    fail "ABI values differ from tests/abi-values.txt:"
    sed 's/^/    /' "$tmp/bad"
else
    pass
fi
echo "abi-values: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
