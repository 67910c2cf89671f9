#!/bin/sh
# Growth and limit tests of the tools on hostile shapes (make
# test-limits): what an input costs must grow with the input, never
# faster, and no faster than what it describes.
#
#   sh tests/limits.sh [BINDIR [TESTDIR]]   (bin and build/test)
#
# Costs are bytes (peak RSS of the tool's process, from getrusage:
# TESTDIR/rss) or steps (instructions, counted by valgrind's callgrind),
# never seconds. Inputs come from TESTDIR/gen (tests/growth/gen.c).
#   - growth: for an input 4x larger (N and 4N units of a shape), the
#     cost above that of an empty input grows at most 4.5x: a repeated
#     property (memory), distinct properties in one node, deep nesting,
#     many variations, many games, two-byte candidates in a value,
#     AR/LN pairs that share their first points (50,000 took 17 s),
#     a figure for every move of a long game (steps);
#   - point lists, in every tool that reads them (sgf-validate,
#     sgf-replay --all-variations, sgf-score, sgf-convert to xml, ascii,
#     svg and sgf): a setup that changes every point of a 52x52 board
#     costs at most 16 bytes and 2000 steps per changed point; one that
#     changes nothing at most 2 KiB per node (the node, and the output
#     sgf-convert keeps whole), and a stone taken off a chain of 2,704
#     and put back at most 1 KiB per node;
#   - the repair of stray ']' (sgf-convert --repair): steps grow
#     linearly with a run of them after a long value and with strays in
#     many values, and every one is kept, past the cap on diagnostics;
#   - diagnostics: at most 1000 of a code are printed per input, one line
#     says how many more were left out, the summary and exit status count
#     them all; what an extra fault costs in memory is at most 16 bytes.
# Each tool runs with a 2 GiB address-space limit, so a quadratic case
# fails instead of taking the machine. The last line is
# "limits: N passed, M failed"; exit status 1 on a failure.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
bindir=$(cd "${1:-$top/bin}" && pwd)
testdir=$(cd "${2:-$top/build/test}" && pwd)
gen=$testdir/gen
rss=$testdir/rss
tmp=$(mktemp -d "${TMPDIR:-/tmp}/limits.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
LC_ALL=C
export LC_ALL
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

if ! command -v valgrind >/dev/null 2>&1; then
    echo "limits: valgrind is not installed (sh scripts/deps.sh installs" \
         "it): the step counts cannot be taken" >&2
    exit 2
fi

# input SHAPE N: the file of N units of SHAPE (made once)
input() {
    f=$tmp/$1.$2.sgf
    [ -f "$f" ] || "$gen" "$1" "$2" > "$f"
    echo "$f"
}

# mem SHAPE N TOOL [ARG]...: peak RSS in KiB of the tool on the input;
# a status above 1 (trouble, out of memory, killed) gives "status-N",
# which fails the check it goes into
mem() {
    shape=$1 n=$2
    shift 2
    set -- $("$rss" -m 2048 -- "$bindir/$@" "$(input "$shape" "$n")")
    if [ "$2" -gt 1 ]; then
        echo "status-$2"
        return
    fi
    echo "$1"
}

# numbers ARG...: every argument is a count (no failed run among them)
numbers() {
    for a in "$@"; do
        case $a in
            ''|*[!0-9]*) return 1 ;;
        esac
    done
}

# steps SHAPE N TOOL [ARG]...: instructions the tool runs on the input
steps() {
    shape=$1 n=$2
    shift 2
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$bindir/$@" "$(input "$shape" "$n")" 2>&1 >/dev/null |
        sed -n 's/.*Collected : //p'
}

# grows NAME BASE SMALL LARGE: LARGE - BASE at most 4.5 x (SMALL - BASE)
grows() {
    if ! numbers "$2" "$3" "$4"; then
        fail "$1: a run failed ($2, $3, $4: exit status above 1)"
    elif awk -v b="$2" -v s="$3" -v l="$4" \
           'BEGIN { exit !(l - b <= 4.5 * (s - b > 1 ? s - b : 1)) }'; then
        pass
    else
        fail "$1: 4x the input costs $(awk -v b="$2" -v s="$3" -v l="$4" \
              'BEGIN { printf "%.1f", (l - b) / (s - b > 1 ? s - b : 1) }')x" \
             "($2, $3, $4)"
    fi
}

# per NAME SMALL LARGE UNITS LIMIT WHAT [SCALE]: SCALE x (LARGE - SMALL)
# / UNITS at most LIMIT (SCALE 1024 turns KiB into bytes)
per() {
    if ! numbers "$2" "$3"; then
        fail "$1: a run failed ($2, $3: exit status above 1)"
    elif awk -v s="$2" -v l="$3" -v u="$4" -v m="$5" -v k="${7:-1}" \
           'BEGIN { exit !(k * (l - s) / u <= m) }'; then
        pass
    else
        fail "$1: $(awk -v s="$2" -v l="$3" -v u="$4" -v k="${7:-1}" \
             'BEGIN { printf "%.0f", k * (l - s) / u }') $6 (at most $5)"
    fi
}

# --- growth of the parse ----------------------------------------------
b=$(mem dup 0 sgf-validate -q)
grows "C[x] repeated in one node, memory" "$b" \
    "$(mem dup 100000 sgf-validate -q)" "$(mem dup 400000 sgf-validate -q)"
b=$(mem dup 0 sgf-convert --to=sgf)
grows "C[x] repeated in one node, sgf-convert memory" "$b" \
    "$(mem dup 100000 sgf-convert --to=sgf)" \
    "$(mem dup 400000 sgf-convert --to=sgf)"
grows "distinct properties in one node, steps" \
    "$(steps distinct 0 sgf-validate -q)" \
    "$(steps distinct 5000 sgf-validate -q)" \
    "$(steps distinct 20000 sgf-validate -q)"
# shapes found linear, kept so (steps: memory grows by doublings, which
# land where they will)
for shape in nest:5000 vars:5000 games:5000 mbcand:20000 pairs:5000; do
    s=${shape%:*} n=${shape#*:}
    grows "$s, steps" "$(steps "$s" 0 sgf-validate -q)" \
        "$(steps "$s" "$n" sgf-validate -q)" \
        "$(steps "$s" $((4 * n)) sgf-validate -q)"
done

# a figure for every move of a long game (sgf-convert --figures=1): the
# line is replayed for the whole series, not again for each figure (4x
# the moves cost 9x when it was)
grows "figures of every move, steps" \
    "$(steps passes 0 sgf-convert --to=ascii --style=book --figures=1)" \
    "$(steps passes 300 sgf-convert --to=ascii --style=book --figures=1)" \
    "$(steps passes 1200 sgf-convert --to=ascii --style=book --figures=1)"

# a large input read in parts by -j 2 (parts of 2,000 bytes here): the
# scan for cuts passes over a run of '(' that starts no game tree once,
# as the parser does (it looked again from each '(': 4x the run cost 16x)
# (the parent's steps: its log is the one of the lowest process number)
steps_parent() {
    shape=$1 n=$2
    shift 2
    rm -f "$tmp"/cg.*
    SGF_PART_BYTES=2000 valgrind --tool=callgrind \
        --callgrind-out-file=/dev/null --log-file="$tmp/cg.%p" \
        "$bindir/$@" "$(input "$shape" "$n")" > /dev/null 2>&1
    first=$(ls "$tmp"/cg.* | sed 's/.*cg\.//' | sort -n | head -n 1)
    sed -n 's/.*Collected : //p' "$tmp/cg.$first"
}
grows "a run of '(' in an input read in parts, steps" \
    "$(steps_parent parenrun 0 sgf-validate -q -j 2)" \
    "$(steps_parent parenrun 50000 sgf-validate -q -j 2)" \
    "$(steps_parent parenrun 200000 sgf-validate -q -j 2)"

# --- point lists, in every tool ----------------------------------------
changed=$((60 * 2704))          # abw 20 -> 80: 60 nodes of 2,704 points
for tool in "sgf-validate -q" "sgf-replay --all-variations -q" \
            "sgf-score -q" "sgf-convert --to=xml" "sgf-convert --to=ascii" \
            "sgf-convert --to=svg" "sgf-convert --to=sgf"; do
    name=$(echo "$tool" | sed 's/ -q$//')
    # shellcheck disable=SC2086
    per "$name: AB/AW of a whole 52x52 board, memory" \
        "$(mem abw 20 $tool)" "$(mem abw 80 $tool)" "$changed" 16 \
        "bytes per changed point" 1024
    # shellcheck disable=SC2086
    per "$name: AB/AW of a whole 52x52 board, steps" \
        "$(steps abw 4 $tool)" "$(steps abw 16 $tool)" "$((12 * 2704))" \
        2000 "steps per changed point"
    # shellcheck disable=SC2086
    # (sgf-convert keeps its output whole: some bytes of it per node)
    per "$name: AB[aa:ZZ] that changes nothing, memory" \
        "$(mem ab 100 $tool)" "$(mem ab 400 $tool)" 300 2048 \
        "bytes per node" 1024
done
for tool in "sgf-validate -q" "sgf-replay --all-variations -q"; do
    name=$(echo "$tool" | sed 's/ -q$//')
    # shellcheck disable=SC2086
    per "$name: a stone off a chain of 2,704 and back, memory" \
        "$(mem aeab 500 $tool)" "$(mem aeab 2000 $tool)" 1500 1024 \
        "bytes per node" 1024
done

# --- diagnostics --------------------------------------------------------
"$bindir/sgf-validate" "$(input stray 1500)" > "$tmp/out" 2> "$tmp/err"
st=$?
lines=$(grep -c '\[stray-bracket\]$' "$tmp/out")
if [ "$st" -eq 1 ] && [ "$lines" -eq 1000 ] &&
   tail -n 1 "$tmp/out" | grep -q ': 500 more diagnostics were left out'\
' (500 errors, 0 warnings, 0 notes): at most 1000 of each code are'\
' listed per input$' &&
   grep -q '^sgf-validate: 1 file, 1500 errors, 0 warnings' "$tmp/err"; then
    pass
else
    fail "1500 stray ']': status $st, $lines listed (want 1, 1000);" \
         "last: $(tail -n 1 "$tmp/out"); $(cat "$tmp/err")"
fi
"$bindir/sgf-validate" --format=json "$(input stray 1500)" > "$tmp/out" \
    2> /dev/null
if grep -q '^{"type":"left-out",.*"left_out":500,"errors":500,"warnings":0,"notes":0}$' \
       "$tmp/out" && tail -n 1 "$tmp/out" | grep -q '"errors":1500,'; then
    pass
else
    fail "1500 stray ']', JSON: last line $(tail -n 1 "$tmp/out")"
fi
# one game at a time: the cap is per input, the line comes once, at the
# end; 1200 games of a node with a repeated property: 1200 errors
printf '(;GM[1]FF[4]RU[Japanese]C[a]C[b])\n' > "$tmp/one.sgf"
i=0
while [ $i -lt 1200 ]; do cat "$tmp/one.sgf"; i=$((i + 1)); done \
    > "$tmp/games.sgf"
"$bindir/sgf-validate" "$tmp/games.sgf" > "$tmp/out" 2> "$tmp/err"
st=$?
if [ "$st" -eq 1 ] && [ "$(wc -l < "$tmp/out")" -eq 1001 ] &&
   [ "$(grep -c 'left out' "$tmp/out")" -eq 1 ] &&
   grep -q '^sgf-validate: 1 file, 1200 errors, 0 warnings' "$tmp/err"; then
    pass
else
    fail "1200 games with an error each: status $st," \
         "$(wc -l < "$tmp/out") lines; $(cat "$tmp/err")"
fi
"$bindir/sgf-replay" -q "$tmp/games.sgf" > /dev/null 2> "$tmp/err"
if [ "$(grep -c '\[duplicate-property\]$' "$tmp/err")" -eq 1000 ] &&
   grep -q '200 more diagnostics were left out (200 errors' "$tmp/err"; then
    pass
else
    fail "1200 errors, sgf-replay -q: $(tail -n 1 "$tmp/err")"
fi
# the summary counts every diagnostic of a code, those left out too, in
# every tool, in one process and with -j
for t in sgf-validate sgf-replay sgf-score; do
    for j in 1 2; do
        "$bindir/$t" -q -j $j --summary "$tmp/games.sgf" "$tmp/one.sgf" \
            > "$tmp/out" 2> "$tmp/err"
        if grep -q '^summary: duplicate-property 1201$' "$tmp/out"; then
            pass
        else
            fail "$t -j $j --summary, 1201 of a code in two inputs:" \
                 "$(grep duplicate "$tmp/out")"
        fi
    done
done
# the repair of stray ']': a run of them after a long value is taken in
# with one copy of the value; strays in many values are all found (none
# left to the cap on diagnostics), each found by a search, not a scan
for shape in openrun:2000 brackets:2000 openjunk:2000; do
    s=${shape%:*} n=${shape#*:}
    grows "$s, sgf-convert --repair, steps" \
        "$(steps "$s" 0 sgf-convert --to=sgf --repair -q)" \
        "$(steps "$s" "$n" sgf-convert --to=sgf --repair -q)" \
        "$(steps "$s" $((4 * n)) sgf-convert --to=sgf --repair -q)"
done
# (openjunk: each run after text the reading dropped, taken in with it)
for shape in openrun brackets openjunk; do
    "$bindir/sgf-convert" --to=sgf --repair -q "$(input "$shape" 8000)" \
        > "$tmp/out" 2> "$tmp/err"
    got=$(grep -o '\\]' "$tmp/out" | wc -l)
    if "$bindir/sgf-validate" -q "$tmp/out" > "$tmp/val" 2>&1 &&
       [ "$got" -eq 8000 ]; then
        pass
    else
        fail "$shape 8000, repaired: $got ']' taken in (want 8000);" \
             "$(head -n 2 "$tmp/val")"
    fi
done
per "stray ']', memory per fault" "$(mem stray 100000 sgf-validate -q)" \
    "$(mem stray 400000 sgf-validate -q)" 300000 16 "bytes per fault" 1024

# bounded memory over a large collection: every tool reads it one game
# tree at a time and hands back the input it is done with, so the peak is
# that of one game: at most 16 MiB, and an input four times larger costs
# at most 1.2 times the memory (2,500 and 10,000 archive games, 5 and
# 20 MB); the same through a pipe
for t in "sgf-validate -q" "sgf-replay -q" "sgf-score -q --dead=none" \
         "sgf-convert -q --to=sgf" "sgf-convert -q --to=xml" \
         "sgf-convert -q --to=tsv" "sgf-convert -q --to=ascii"; do
    small=$(mem archive 2500 $t)
    big=$(mem archive 10000 $t)
    if numbers "$small" "$big" && [ "$big" -le 16384 ] &&
       [ $((big * 10)) -le $((small * 12)) ]; then
        pass
    else
        fail "one game at a time, $t: $small KiB for 2,500 games," \
             "$big KiB for 10,000 (at most 16384 and 1.2x)"
    fi
done
# nor with the number of games: each game read gives its slot back (one
# pointer a game was kept, 32 MB for 4 million games); 1,000,000 and
# 4,000,000 empty games (3 and 12 MB) cost the same memory, within a
# byte a game
awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "(;)" }' > "$tmp/e1.sgf"
awk 'BEGIN { for (i = 0; i < 4000000; i++) printf "(;)" }' > "$tmp/e4.sgf"
for t in "sgf-validate -q" "sgf-replay -q" "sgf-convert -q --to=sgf"; do
    set -- $("$rss" -m 2048 -- "$bindir/"$t "$tmp/e1.sgf")
    small=$1
    set -- $("$rss" -m 2048 -- "$bindir/"$t "$tmp/e4.sgf")
    per "empty games, $t" "$small" "$1" 3000000 1 "bytes a game" 1024
done
set -- $("$rss" -m 2048 -- sh -c \
    "\"\$0\" -q - < \"\$1\"" "$bindir/sgf-validate" \
    "$(input archive 10000)")
if [ "$2" -le 1 ] && [ "$1" -le 16384 ]; then
    pass
else
    fail "one game at a time from a pipe: $1 KiB, status $2"
fi
gzip -c "$(input archive 10000)" > "$tmp/archive.sgf.gz"
set -- $("$rss" -m 2048 -- "$bindir/sgf-validate" -q "$tmp/archive.sgf.gz")
if [ "$2" -le 1 ] && [ "$1" -le 16384 ]; then
    pass
else
    fail "one game at a time from a compressed member: $1 KiB, status $2"
fi

# white space between game trees (a scraper's padding) is handed back
# as it is read: two small games 64 MiB apart cost the memory of one
# game, from a file, from a pipe and from a compressed member (spilled to
# a temporary file just written, whose page-cache folios are large)
{ printf '(;GM[1]SZ[9];B[ee])\n'
  head -c 67108864 /dev/zero | tr '\0' ' '
  printf '(;GM[1]SZ[9];B[cc])\n'; } > "$tmp/gap.sgf"
gzip -c "$tmp/gap.sgf" > "$tmp/gap.sgf.gz"
for how in file pipe member; do
    if [ "$how" = file ]; then
        set -- $("$rss" -m 2048 -- "$bindir/sgf-validate" -q "$tmp/gap.sgf")
    elif [ "$how" = member ]; then
        set -- $("$rss" -m 2048 -- "$bindir/sgf-validate" -q \
            "$tmp/gap.sgf.gz")
    else
        set -- $("$rss" -m 2048 -- sh -c "\"\$0\" -q - < \"\$1\"" \
            "$bindir/sgf-validate" "$tmp/gap.sgf")
    fi
    if [ "$2" -le 1 ] && [ "$1" -le 16384 ]; then
        pass
    else
        fail "64 MiB of blanks between two games, from a $how: $1 KiB," \
             "status $2 (at most 16384)"
    fi
done

echo "limits: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
