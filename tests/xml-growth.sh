#!/bin/sh
# xml-growth.sh - the cost of reading and writing XML grows with the
# input, never faster: each shape is run at size N and 4N, and the larger
# may cost at most 4.5 times the smaller (plus nothing: the cost of an
# empty run is taken off first).
#
#   sh tests/xml-growth.sh BINDIR
#
# Steps are instructions counted by valgrind (callgrind), the same
# whatever else runs; memory is the peak resident set (GNU time's %M).
# Shapes read (sgf-convert --from=xml --to=sgf): one element with many
# attributes, many namespace declarations, deep nesting (nested
# variations, also with the Go layer's elements in each node: a tree of
# the document made that cost grow with the depth at every element), one
# long text, many games; memory of many games read, and
# of many games, and of one large game, written as XML (--to=xml: the
# output is never held).
# Prints "xml-growth: N passed, M failed"; exit status 1 when one failed.
set -u
bin=${1:-bin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

head='<?xml version="1.0"?><collection xmlns="urn:libsgf:sgf:1" version="1">'

gen() {   # gen SHAPE N FILE
    awk -v shape="$1" -v n="$2" -v head="$head" 'BEGIN {
        printf "%s", head
        if (shape == "attrs") {
            printf "<game index=\"0\""
            for (i = 0; i < n; i++) printf " a%d=\"x\"", i
            printf "><node/></game>"
        } else if (shape == "ns") {
            printf "<game index=\"0\"><node>"
            for (i = 0; i < n; i++) printf "<p%d:e xmlns:p%d=\"u%d\">", i, i, i
            for (i = n - 1; i >= 0; i--) printf "</p%d:e>", i
            printf "</node></game>"
        } else if (shape == "deep") {
            printf "<game index=\"0\">"
            for (i = 0; i < n; i++)
                printf "<node><prop id=\"C\"><v>x</v></prop><variation>"
            printf "<node/>"
            for (i = 0; i < n; i++) printf "</variation></node>"
            printf "</game>"
        } else if (shape == "deepgo") {
            # as sgf-convert writes them: the namespace of the Go layer declared
            # at the root, a go:move in every node
            printf "<game index=\"0\" xmlns:go=\"urn:libsgf:go:1\">"
            for (i = 0; i < n; i++) {
                printf "<node><prop id=\"B\"><v>aa</v></prop>"
                printf "<go:move number=\"%d\" color=\"B\"/><variation>", i + 1
            }
            printf "<node/>"
            for (i = 0; i < n; i++) printf "</variation></node>"
            printf "</game>"
        } else if (shape == "text") {
            printf "<game index=\"0\"><node><prop id=\"C\"><v>"
            for (i = 0; i < n; i++) printf "abcdefghij&amp;klmnopqrs\n"
            printf "</v></prop></node></game>"
        } else if (shape == "games") {
            for (i = 0; i < n; i++) {
                printf "<game index=\"%d\"><node><prop id=\"GM\"><v>1</v>", i
                printf "</prop><prop id=\"C\"><v>game %d</v></prop></node>", i
                for (k = 0; k < 60; k++)
                    printf "<node><prop id=\"%s\"><v>%c%c</v></prop></node>",
                        k % 2 ? "W" : "B", 97 + k % 19, 97 + (k * 7) % 19
                printf "</game>"
            }
        }
        printf "</collection>\n"
    }' > "$3"
}

gen_sgf() {   # gen_sgf N FILE: N games of 60 moves
    awk -v n="$1" 'BEGIN {
        for (i = 0; i < n; i++) {
            printf "(;GM[1]FF[4]SZ[19]C[game %d]", i
            for (k = 0; k < 60; k++)
                printf ";%s[%c%c]", k % 2 ? "W" : "B", 97 + k % 19,
                    97 + (k * 7) % 19
            printf ")\n"
        }
    }' > "$2"
}

steps() {   # steps FILE ARGS...: instructions of one run
    f=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$bin/sgf-convert" --force "$@" "$f" > /dev/null 2> "$tmp/vg.err"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$tmp/vg.err"
}

peak() {   # peak FILE ARGS...: peak resident set, KiB
    f=$1
    shift
    /usr/bin/time -f '%M' -o "$tmp/time.out" "$bin/sgf-convert" --force \
        "$@" "$f" > /dev/null 2>&1
    tail -n 1 "$tmp/time.out"
}

result() {   # result STATUS TEXT...: an "ok" line when STATUS is 0
    st=$1
    shift
    if [ "$st" -eq 0 ]; then
        echo "ok   $*"
        passed=$((passed + 1))
    else
        echo "FAIL $*"
        failed=$((failed + 1))
    fi
}

verdict() {   # verdict NAME SMALL LARGE BASE LIMIT(x10)
    if [ -z "$2" ] || [ -z "$3" ]; then
        echo "FAIL $1: no measure"
        failed=$((failed + 1))
        return
    fi
    ratio=$(awk -v a="$2" -v b="$3" -v z="$4" 'BEGIN {
        d = a - z; if (d < 1) d = 1; printf "%.2f", (b - z) / d }')
    ok=$(awk -v r="$ratio" -v l="$5" 'BEGIN { print (r * 10 <= l) }')
    if [ "$ok" = 1 ]; then
        echo "ok   $1: 4x the input costs ${ratio}x ($2 -> $3, base $4)"
        passed=$((passed + 1))
    else
        echo "FAIL $1: 4x the input costs ${ratio}x ($2 -> $3, base $4)"
        failed=$((failed + 1))
    fi
}

if ! command -v valgrind > /dev/null 2>&1 || [ ! -x /usr/bin/time ]; then
    echo "xml-growth: valgrind and GNU time are needed (scripts/deps.sh)"
    exit 2
fi

gen games 0 "$tmp/empty.xml"
base=$(steps "$tmp/empty.xml" --from=xml --to=sgf)
for spec in "attrs 4000" "ns 2000" "deep 2000" "deepgo 5000" "text 20000" \
            "games 100"; do
    set -- $spec
    gen "$1" "$2" "$tmp/s.xml"
    gen "$1" $(($2 * 4)) "$tmp/l.xml"
    a=$(steps "$tmp/s.xml" --from=xml --to=sgf)
    b=$(steps "$tmp/l.xml" --from=xml --to=sgf)
    verdict "steps, $1 ($2 and $(($2 * 4)))" "$a" "$b" "$base" 45
done

# Memory of many games read from XML: that of one game, not of the
# document (the larger document may not cost more than 1.5 times).
gen games 1000 "$tmp/s.xml"
gen games 4000 "$tmp/l.xml"
verdict "memory, XML read (1000 and 4000 games)" \
    "$(peak "$tmp/s.xml" --from=xml --to=sgf)" \
    "$(peak "$tmp/l.xml" --from=xml --to=sgf)" 0 15

# Memory of many games written as XML: the SGF reader keeps its input,
# the output is never held: the larger run may grow by at most twice the
# growth of the input, while the XML written grows about 15 times more.
gen_sgf 2000 "$tmp/s.sgf"
gen_sgf 8000 "$tmp/l.sgf"
ms=$(peak "$tmp/s.sgf" --to=xml)
ml=$(peak "$tmp/l.sgf" --to=xml)
grow=$(( ($(wc -c < "$tmp/l.sgf") - $(wc -c < "$tmp/s.sgf")) / 1024 ))
[ -n "$ms" ] && [ -n "$ml" ] && [ $((ml - ms)) -le $((2 * grow + 1024)) ]
result $? "memory, XML written: ${ms:-?} -> ${ml:-?} KiB for +$grow KiB" \
    "of input"

# One game whose XML is 70 times its SGF (40,000 nested variations of a
# move each, 2.5 MB of SGF, 47 MB of XML), written as XML: the game's
# XML is written a buffer at a time, never held whole, so the run takes
# at most 1.6 times (plus 4 MiB) the memory of writing it as SGF; it
# took the XML's size more.
awk 'BEGIN { printf "(;GM[1]FF[4]SZ[19]"
    for (i = 0; i < 40000; i++) printf "(;B[aa](;W[bb])"
    for (i = 0; i < 40000; i++) printf ")"
    printf ")\n" }' > "$tmp/one.sgf"
mx=$(peak "$tmp/one.sgf" --to=xml)
mg=$(peak "$tmp/one.sgf" --to=sgf)
[ -n "$mx" ] && [ -n "$mg" ] && [ "$mx" -le $((mg * 16 / 10 + 4096)) ]
result $? "memory, one large game written as XML: ${mx:-?} KiB (as SGF" \
    "${mg:-?})"

# Variations nested in variations, written as XML: the output (and the
# memory that holds a game's XML) grows with the input; its indentation,
# one space a level, stops growing past a depth
gen_comb() {   # gen_comb N FILE: N levels, each a side line and the rest
    awk -v n="$1" 'BEGIN {
        printf "(;GM[1]FF[4]SZ[19]"
        for (i = 0; i < n; i++) printf "(;C[v])(;C[m]"
        for (i = 0; i < n; i++) printf ")"
        printf ")\n"
    }' > "$2"
}
gen_comb 1000 "$tmp/s.sgf"
gen_comb 4000 "$tmp/l.sgf"
"$bin/sgf-convert" --to=xml "$tmp/s.sgf" > "$tmp/s.xml" 2>/dev/null
"$bin/sgf-convert" --to=xml "$tmp/l.sgf" > "$tmp/l.xml" 2>/dev/null
verdict "bytes, XML of nested variations (1000 and 4000 levels)" \
    "$(wc -c < "$tmp/s.xml")" "$(wc -c < "$tmp/l.xml")" 0 45

echo "xml-growth: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
