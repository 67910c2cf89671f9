#!/bin/sh
# make bench, the tools as a user runs them: whole processes on the
# corpus's files (many small inputs), on one collection of them, and on
# an archive pile (a collection of BENCH_PILE_GAMES games, the corpus
# concatenated, and a directory of BENCH_PILE_FILES files, its files
# copied), with games/s, moves/s, the speed-up of -j 2 over -j 1 (wall
# time) and the peak memory of each tool. Each line is the median of
# BENCH_TOOLS_REPEAT (3) rounds of -j 1 then -j 2; compare figures as
# ratios within one run (the machine is shared and noisy).
#
#   sh tests/bench/tools.sh SRC ALL
#
# SRC is the directory of records (the corpus), ALL the one collection
# (build/bench/all.sgf). Environment: BENCH_PILE_GAMES (150000; 0 leaves
# the pile out), BENCH_PILE_FILES (100000).
#
# Targets printed beside the figures: sgf-replay at least twice the
# published replay speed of sgfutils' sgfcheck (5.41 M moves/s, 32,846
# games/s, measured on the corpus's 7,259-file predecessor on this kind
# of machine), and with --format=json at least as fast; sgf-convert
# --to=xml at least 20,000 records/s; -o DIR at most 1.5x the cost of
# the same output on standard output; -j 2 at least 1.8x -j 1.
set -eu
. tests/bench/median.sh
SRC=$1
ALL=$2
B=build/bench/tools
PILE_GAMES=${BENCH_PILE_GAMES:-150000}
PILE_FILES=${BENCH_PILE_FILES:-100000}
mkdir -p "$B"
TIME=/usr/bin/time
if [ ! -x $TIME ]; then
    echo "bench tools: /usr/bin/time not found (Debian package time)" >&2
    exit 2
fi

# the many files: the corpus's list ROUNDS times over (BENCH_TOOLS_ROUNDS,
# default 10), so that a line takes long enough to be timed
ROUNDS=${BENCH_TOOLS_ROUNDS:-10}
REPEAT=${BENCH_TOOLS_REPEAT:-3}
find "$SRC" -type f \( -name '*.sgf' -o -name '*.SGF' \) | LC_ALL=C sort \
    > "$B/files1.txt"
: > "$B/files.txt"
i=0
while [ $i -lt "$ROUNDS" ]; do
    cat "$B/files1.txt" >> "$B/files.txt"
    i=$((i + 1))
done
nfiles=$(wc -l < "$B/files.txt")

# games and moves of an input set (the replay's own count)
games_of() {
    bin/sgf-replay --summary --format=json "$@" 2>/dev/null | tail -n 1 |
        sed -n 's/.*"games":\([0-9]*\).*/\1/p'
}
moves_of() {
    bin/sgf-replay --format=json "$@" 2>/dev/null | grep -c '"type":"move"' ||
        true
}

# one timed run: prints "wall user sys rss_kib"; output to $OUTFILE
# (default /dev/null), diagnostics dropped
OUTFILE=/dev/null
timed() {
    $TIME -o "$B/time.txt" -f '%e %U %S %M' "$@" > "$OUTFILE" 2>/dev/null ||
        true
    tail -n 1 "$B/time.txt"
}

# label, games, moves, then the command: one line of figures, with -j 1
# and -j 2, each run REPEAT times in turn (BENCH_TOOLS_REPEAT, default
# 3): the median of the rounds' CPU times and of their -j 2 speed-ups
# (each round's -j 1 wall time over its -j 2), the highest peak memory
line() {
    label=$1 games=$2 moves=$3
    shift 3
    : > "$B/runs.txt"
    r=0
    while [ $r -lt "$REPEAT" ]; do
        echo "$(timed "$@" -j 1) $(timed "$@" -j 2)" >> "$B/runs.txt"
        r=$((r + 1))
    done
    awk -v l="$label" -v g="$games" -v m="$moves" "$MEDIAN_AWK"'
    {
        n++
        cpu[n] = $2 + $3
        sp[n] = ($5 > 0 ? $1 / $5 : 0)
        if ($4 > r1) r1 = $4
        if ($8 > r2) r2 = $8
    }
    END {
        c = median(cpu, n); if (c <= 0) c = 1e-9
        s = median(sp, n)
        mv = (m > 0) ? sprintf("%.2f M", m / c / 1e6) : "-"
        printf "  %-34s %9.0f %11s %7.2f %7.2fx %7.1f %7.1f\n", l, g / c,
            mv, c, s, r1 / 1024, r2 / 1024
        printf "%s\t%.2f\t%.1f\n", l, s,
            (r1 > r2 ? r1 : r2) / 1024 >> "/dev/stderr" }' \
        "$B/runs.txt" 2>> "$B/lines.txt"
}

# after a block of lines: the -j 2 speed-up of the tools that run in
# parallel (not --to=xml, one document: one process) against the target
# of 1.8x, and the peak memory against 16 MiB
targets_of_block() {
    awk -F'\t' '$1 !~ /xml/ { n++; if ($2 >= 1.8) met++
            if (low == "" || $2 < low) { low = $2; lowl = $1 } }
        { if ($3 > mem) { mem = $3; meml = $1 } }
        END { printf "  -j 2 at least 1.8x: %d of %d lines (lowest %.2fx, " \
                  "%s): %s; peak memory at most 16 MiB: %.1f MiB (%s): " \
                  "%s\n", met, n, low, lowl, met == n ? "met" : "MISSED",
                  mem, meml, mem <= 16 ? "met" : "MISSED" }' "$B/lines.txt"
    : > "$B/lines.txt"
}

header() {
    printf "%s\n  %-34s %9s %11s %7s %8s %7s %7s\n" "$1" "" "games/s" \
        "moves/s" "cpu s" "-j2" "MiB -j1" "MiB -j2"
}

set_of() {
    # $1 = kind: files (the list) or one file
    if [ "$1" = files ]; then
        echo "--files-from=$B/files.txt"
    else
        echo "$1"
    fi
}

tools_on() {
    # $1 = title, $2 = input argument(s), $3 games, $4 moves
    title=$1 in=$2 g=$3 m=$4
    : > "$B/lines.txt"
    header "$title"
    line "sgf-validate" "$g" "$m" bin/sgf-validate -q $in
    line "sgf-validate --syntax-only" "$g" 0 bin/sgf-validate -q \
        --syntax-only $in
    line "sgf-replay" "$g" "$m" bin/sgf-replay -q $in
    line "sgf-replay --format=json" "$g" "$m" bin/sgf-replay -q \
        --format=json $in
    line "sgf-score --dead=none" "$g" "$m" bin/sgf-score -q --dead=none $in
    [ "${5:-}" = pile ] ||
        line "sgf-score --dead=auto" "$g" "$m" bin/sgf-score -q --dead=auto $in
    line "sgf-convert --to=sgf" "$g" "$m" bin/sgf-convert -q --force \
        --to=sgf $in
    if [ "$in" != "--files-from=$B/files.txt" ] &&
       [ "$in" != "-r $B/pile" ] && [ "$in" != "$B/pile.tar.gz" ]; then
        line "sgf-convert --to=xml" "$g" "$m" bin/sgf-convert -q --force \
            --to=xml $in
    fi
    targets_of_block
}

g_files=$(games_of --files-from="$B/files.txt")
m_files=$(moves_of --files-from="$B/files.txt")
g_all=$(games_of "$ALL")
m_all=$(moves_of "$ALL")

echo "bench tools: whole processes, median of $REPEAT rounds; games/s and" \
     "moves/s per CPU second at -j 1; -j2 = wall-time speed-up of -j 2"
tools_on "many files: $nfiles files, $g_files games, $m_files moves" \
    "--files-from=$B/files.txt" "$g_files" "$m_files"
# the one collection, ROUNDS times over
: > "$B/one.sgf"
i=0
while [ $i -lt "$ROUNDS" ]; do
    cat "$ALL" >> "$B/one.sgf"
    i=$((i + 1))
done
ONE=$B/one.sgf
g_one=$((g_all * ROUNDS))
m_one=$((m_all * ROUNDS))
tools_on "one collection: $ALL $ROUNDS times, $g_one games" "$ONE" "$g_one" \
    "$m_one"

# -o DIR against standard output, the corpus's files once (each output
# file is new), both writing SGF; beside the floor of making the same
# files (cp --parents): what the file system costs, whatever writes them.
# All three run in SRC on the same names relative to it, so that cp's
# files land in out/ as the tool's do (a name that starts with ../ would
# take cp --parents out of out/, into files left by an earlier run that
# it then only overwrites). CPU seconds (user + system) to the
# millisecond, the median of three runs, each into a new out/.
ABS=$(pwd)
(cd "$SRC" && find . -type f \( -name '*.sgf' -o -name '*.SGF' \) |
    LC_ALL=C sort) > "$B/rel1.txt"
in_src() {
    for k in 1 2 3; do
        rm -rf "$B/out"
        mkdir -p "$B/out"
        (cd "$SRC" && "$ABS/build/bench/cputime" "$@") |
            sed -n 's/^cpu_s=\([0-9.]*\).*/\1/p'
    done | sort -n | sed -n 2p
}
t_std=$(in_src "$ABS/bin/sgf-convert" -q --force --to=sgf \
    --files-from="$ABS/$B/rel1.txt")
t_dir=$(in_src "$ABS/bin/sgf-convert" -q --force --to=sgf --keep-dirs \
    -o "$ABS/$B/out/" --files-from="$ABS/$B/rel1.txt")
t_cp=$(in_src sh -c "tr '\\n' '\\0' < '$ABS/$B/rel1.txt' |
    xargs -0 cp --parents -t '$ABS/$B/out'")
rm -rf "$B/out"
mkdir -p "$B/out"
set -- $(timed bin/sgf-convert -q --force --to=xml --keep-dirs \
    -o "$B/out/" --files-from="$B/files1.txt")
t_xdir=$(awk -v u="$2" -v s="$3" 'BEGIN { print u + s }')
rm -rf "$B/out"
set -- $(timed bin/sgf-convert -q --force --to=xml "$ONE")
t_xall=$(awk -v u="$2" -v s="$3" 'BEGIN { print u + s }')
# the replay targets: CPU seconds to the millisecond (time(1) gives
# hundredths, 4% of a quarter of a second), the median of three runs
cpu3() {
    for k in 1 2 3; do
        build/bench/cputime "$@" | sed -n 's/^cpu_s=\([0-9.]*\).*/\1/p'
    done | sort -n | sed -n 2p
}
t_rep=$(cpu3 bin/sgf-replay -q --files-from="$B/files.txt")
t_repj=$(cpu3 bin/sgf-replay -q --format=json --files-from="$B/files.txt")
awk -v std="$t_std" -v dir="$t_dir" -v xdir="$t_xdir" -v xall="$t_xall" \
    -v cp="$t_cp" -v g1="$((g_files / ROUNDS))" \
    -v gf="$g_files" -v ga="$g_one" -v mf="$m_files" -v rep="$t_rep" \
    -v repj="$t_repj" 'BEGIN {
    if (std <= 0) std = 1e-9; if (xall <= 0) xall = 1e-9
    if (xdir <= 0) xdir = 1e-9; if (rep <= 0) rep = 1e-9
    if (repj <= 0) repj = 1e-9
    printf "targets:\n"
    r = mf / rep / 1e6
    printf "  sgf-replay, many files: %.2f M moves/s, %.0f games/s; " \
        "sgfcheck 5.41 M, 32,846 (target 2x: 10.82 M): %s\n", r, gf / rep,
        (r >= 10.82) ? "met" : "MISSED"
    r = mf / repj / 1e6
    printf "  sgf-replay --format=json, many files: %.2f M moves/s " \
        "(target >= 5.41 M): %s\n", r, (r >= 5.41) ? "met" : "MISSED"
    printf "  sgf-convert --to=xml: %.0f records/s on one collection, " \
        "%.0f to -o DIR/ one file per input (target >= 20,000): %s\n",
        ga / xall, gf / xdir, (ga / xall >= 20000) ? "met" : "MISSED"
    if (cp <= 0) cp = 1e-9
    printf "  sgf-convert --to=sgf -o DIR/ against standard output: " \
        "%.2fx CPU (target <= 1.5x): %s; the file system floor (cp " \
        "--parents of the same files) is %.2fx standard output, -o DIR " \
        "%.2fx that floor\n", dir / std,
        (dir / std <= 1.5) ? "met" : "MISSED", cp / std, dir / cp
}'

[ "$PILE_GAMES" -gt 0 ] || exit 0

# the archive pile: copies of the one collection up to PILE_GAMES games,
# and PILE_FILES files copied from the corpus (names made unique)
copies=$(( (PILE_GAMES + g_all - 1) / g_all ))
if [ ! -f "$B/pile.sgf" ] || [ "$(cat "$B/pile.n" 2>/dev/null)" != "$copies" ]
then
    : > "$B/pile.sgf"
    i=0
    while [ $i -lt $copies ]; do
        cat "$ALL" >> "$B/pile.sgf"
        i=$((i + 1))
    done
    echo "$copies" > "$B/pile.n"
fi
if [ "$(cat "$B/pile-files.n" 2>/dev/null)" != "$PILE_FILES" ]; then
    rm -rf "$B/pile"
    mkdir -p "$B/pile"
    awk -v n="$PILE_FILES" -v d="$B/pile" '
        { f[NR] = $0 }
        END {
            for (i = 0; i < n; i++) {
                if (i % 1000 == 0)
                    printf "mkdir -p %s/%03d\n", d, i / 1000
                printf "cp \"%s\" %s/%03d/%06d.sgf\n", f[i % NR + 1], d,
                    i / 1000, i
            }
        }' "$B/files.txt" | sh
    echo "$PILE_FILES" > "$B/pile-files.n"
fi
pg=$((copies * g_all))
pm=$((copies * m_all))
tools_on "archive pile: one collection of $pg games ($(du -m "$B/pile.sgf" |
    cut -f1) MB)" "$B/pile.sgf" "$pg" "$pm" pile
pfg=$(games_of -r "$B/pile")
tools_on "archive pile: a directory of $PILE_FILES files, $pfg games" \
    "-r $B/pile" "$pfg" 0 pile
# the same files in one .tar.gz: its members shared out by -j as the
# archive is decompressed (the decompression stays in one process)
if [ ! -f "$B/pile.tar.gz" ] ||
   [ "$(cat "$B/pile-tar.n" 2>/dev/null)" != "$PILE_FILES" ]; then
    tar -C "$B" -czf "$B/pile.tar.gz" pile
    echo "$PILE_FILES" > "$B/pile-tar.n"
fi
tools_on "archive pile: the same files in one .tar.gz ($(du -m \
    "$B/pile.tar.gz" | cut -f1) MB), $pfg games" "$B/pile.tar.gz" "$pfg" 0 \
    pile
