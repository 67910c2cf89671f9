#!/bin/sh
# The library's modules call one way: no two objects of libsgf reach each
# other through the symbols they define and use (nm), directly or round a
# longer circle.
#
#   sh tests/check-modules.sh build/lib          (every object there)
#   sh tests/check-modules.sh build/lib/*.o ...  (these objects)
#
# An object A uses B when nm lists a symbol undefined (U) in A that B
# defines. Every circle of such uses is printed as its objects, one line
# a circle, each line "cycle: a.o b.o ..." with the symbols of one step;
# the last line is "modules: N objects, M uses, K cycles". Exit status 1
# on a cycle, 2 on bad arguments.
set -u
if [ $# -eq 0 ]; then
    echo "usage: sh tests/check-modules.sh OBJECT-DIR | OBJECT..." >&2
    exit 2
fi
LC_ALL=C
export LC_ALL
if [ $# -eq 1 ] && [ -d "$1" ]; then
    dir=$1
    set -- "$dir"/*.o
fi
if [ ! -f "$1" ]; then
    echo "check-modules: no objects: $1" >&2
    exit 2
fi
for o in "$@"; do
    nm -A "$o" || exit 2
done | awk '
# nm -A lines: "file: [value] type name"
{
    f = $0; sub(/:.*/, "", f); n = split(f, parts, "/"); f = parts[n]
    type = $(NF - 1); sym = $NF
    objs[f] = 1
    if (type == "U") { uses[f, sym] = 1; usym[++nu] = f SUBSEP sym }
    else if (type ~ /^[TDBRVWG]$/) def[sym] = f
}
END {
    no = 0
    for (f in objs) { idx[f] = ++no; name[no] = f }
    nedge = 0
    for (k = 1; k <= nu; k++) {
        split(usym[k], a, SUBSEP)
        if (!(a[2] in def)) continue
        i = idx[a[1]]; j = idx[def[a[2]]]
        if (i == j) continue
        if (!((i, j) in reach)) { nedge++; why[i, j] = a[2] }
        reach[i, j] = 1
    }
    for (k = 1; k <= no; k++)
        for (i = 1; i <= no; i++) {
            if (!((i, k) in reach)) continue
            for (j = 1; j <= no; j++)
                if ((k, j) in reach) reach[i, j] = 1
        }
    cycles = 0
    for (i = 1; i <= no; i++) {
        if (done[i] || !((i, i) in reach)) continue
        line = ""
        for (j = 1; j <= no; j++)
            if (j == i || ((i, j) in reach && (j, i) in reach)) {
                done[j] = 1
                line = line " " name[j]
            }
        steps = ""
        for (j = 1; j <= no; j++) {
            if (!(j == i || ((i, j) in reach && (j, i) in reach))) continue
            for (m = 1; m <= no; m++)
                if ((j, m) in why && (m == i || ((i, m) in reach && (m, i) in reach)))
                    steps = steps " " name[j] "->" name[m] "(" why[j, m] ")"
        }
        print "cycle:" line ";" steps
        cycles++
    }
    printf "modules: %d objects, %d uses, %d cycles\n", no, nedge, cycles
    exit cycles > 0
}'
