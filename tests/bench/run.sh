#!/bin/sh
# make bench: libsgf's parse throughput beside two floors measured in the
# same run on the same files (reading the bytes; a byte scan counting '['
# and ']'), on ../shared/corpus when present, else on a generated corpus.
# Then the same on one large collection, the corpus concatenated.
#
# Each program is one process on one core (taskset when available) and
# reads the files one at a time; each figure is the median of
# BENCH_REPEAT (5) timed runs after a warm-up run.
#
# Targets: parse + property checks >= 50% of the scan floor's
# files/s on many small files; >= 300 MB/s on the one large collection;
# peak RSS <= 16 MiB however many files a run reads. "parse" reads one
# game tree at a time (sgf_parse_file_each), as sgf-validate does; the
# "whole tree" line keeps each collection whole (sgf_parse_file), in a
# process of its own so that its memory is its own.
#
# Environment: BENCH_CORPUS (directory), BENCH_REPEAT, BENCH_GEN_COUNT.
set -eu
. tests/bench/median.sh

B=build/bench
CORPUS=${BENCH_CORPUS:-../shared/corpus}
REPEAT=${BENCH_REPEAT:-5}
GEN_COUNT=${BENCH_GEN_COUNT:-3000}
PIN=""
if command -v taskset >/dev/null 2>&1; then
    PIN="taskset -c 0"
fi

if [ -d "$CORPUS" ]; then
    SRC=$CORPUS
else
    SRC=$B/gen
    if [ ! -f "$SRC/g00001.sgf" ]; then
        echo "bench: $CORPUS not found; generating $GEN_COUNT records" \
             "into $SRC"
        $B/bench_parse -g "$SRC" "$GEN_COUNT"
    fi
fi

# One large collection: the files of the corpus concatenated in the
# order the programs walk them (sorted paths), except the few whose game
# tree or value never closes (edge cases of the corpus): the file after
# such a one would be read as part of its last game (a comment that runs
# on, or variations), which makes one giant game, not a collection.
bin/sgf-validate --syntax-only -r "$SRC" 2>/dev/null |
    sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: .*\[unclosed-\(tree\|value\)\]$/\1/p' |
    LC_ALL=C sort -u > "$B/unclosed.txt"
find "$SRC" -type f -iname '*.sgf' -print | LC_ALL=C sort |
    awk 'FILENAME != "-" { skip[$0] = 1; next } !($0 in skip)' \
        "$B/unclosed.txt" - | tr '\n' '\0' | xargs -0 cat > "$B/all.sgf"
# (FILENAME, not NR == FNR: the list may be empty, as for a generated
# corpus, and then every name would be taken for one to skip)

OUT=$B/results.txt
: > "$OUT"
run() {
    # $1 = label, rest = command; prefixes each output line with the label
    label=$1
    shift
    $PIN "$@" | sed "s/^/$label /" >> "$OUT"
}
run many $B/bench_parse -r "$REPEAT" "$SRC"
run many-own $B/scan_floor -r "$REPEAT" "$SRC"
run many-tree $B/bench_parse -T -r "$REPEAT" "$SRC"
run one $B/bench_parse -r "$REPEAT" "$B/all.sgf"
run one-own $B/scan_floor -r "$REPEAT" "$B/all.sgf"
run one-tree $B/bench_parse -T -r "$REPEAT" "$B/all.sgf"

awk -v src="$SRC" -v repeat="$REPEAT" '
function field(line, key,   n, i, kv) {
    n = split(line, kv, " ")
    for (i = 1; i <= n; i++)
        if (index(kv[i], key "=") == 1)
            return substr(kv[i], length(key) + 2) + 0
    return 0
}
{ r[$1 " " $2] = $0 }
function row(set, name, label,   l) {
    l = r[set " " name]
    printf "  %-30s %9.0f %8.1f %10s\n", label, field(l, "files_s"),
        field(l, "mb_s"),
        name ~ /parse|syntax|tree/ ? sprintf("%.0f", field(l, "records_s")) : "-"
}
function block(set, title,   l) {
    l = r[set " parse"]
    printf "%s: %d files, %.2f MB, %d records\n", title, field(l, "files"),
        field(l, "bytes") / 1e6, field(l, "records")
    printf "  %-30s %9s %8s %10s\n", "", "files/s", "MB/s", "records/s"
    row(set, "read", "read floor (open/read/close)")
    row(set, "scan", "scan floor (read, count [ ])")
    row(set, "parse", "parse + property checks")
    row(set, "syntax", "parse, syntax only")
    row(set, "validate", "parse + checks + every move")
    row(set "-tree", "tree", "parse + checks, whole tree")
    row(set "-own", "read", "read floor, own process")
    row(set "-own", "scan", "scan floor, own process")
    printf "  peak RSS: %.1f MiB; whole tree %.1f MiB; floors alone: " \
        "%.1f MiB\n", field(l, "rss_kib") / 1024,
        field(r[set "-tree tree"], "rss_kib") / 1024,
        field(r[set "-own scan"], "rss_kib") / 1024
}
END {
    printf "make bench: %s; median of %s rounds, one process per line " \
        "group, one core\n", src, repeat
    block("many", "many files")
    block("one", "one collection (build/bench/all.sgf)")
    pct = 100 * field(r["many parse"], "files_s") \
        / field(r["many scan"], "files_s")
    mbs = field(r["one parse"], "mb_s")
    rss = field(r["many parse"], "rss_kib") / 1024
    printf "targets:\n"
    printf "  parse + checks, many files: %.1f%% of the scan floor files/s " \
        "(target >= 50%%): %s\n", pct, (pct >= 50 ? "met" : "MISSED")
    printf "  parse + checks, one collection: %.1f MB/s (target >= 300): " \
        "%s\n", mbs, (mbs >= 300 ? "met" : "MISSED")
    printf "  peak RSS, many files: %.1f MiB (target <= 16): %s\n", rss,
        (rss <= 16 ? "met" : "MISSED")
    vpct = 100 * field(r["many validate"], "files_s") \
        / field(r["many scan"], "files_s")
    printf "  parse + checks + every move judged, many files: %.1f%% of " \
        "the scan floor files/s (target >= 40%%): %s; %.0f moves/s\n",
        vpct, (vpct >= 40 ? "met" : "MISSED"), field(r["many moves"],
        "moves_s")
}' "$OUT"

if [ -x $B/bench_board ]; then
    $PIN $B/bench_board || true
fi

# replay (parse + every move judged, superko hashing on), scoring and
# conversion speed on the same records
if [ -x $B/bench_score ]; then
    $PIN $B/bench_score -r "$REPEAT" "$SRC" || true
fi
# whole tools on the same files, in one run: sgf-score counting without
# an estimate (none; the markup where there is some, else none) beside
# sgf-replay (the target is 1.2x at most), and with the estimate; a
# list of dead stones differs from file to file, so bench_score above
# measures it. Each of REPEAT rounds times every command in turn, so
# that a busy machine slows them alike; each ratio is the median of the
# rounds' ratios, each time the median of the rounds' times.
tool_cpu() {
    $PIN $B/cputime "$@" | sed -n 's/^cpu_s=\([0-9.]*\).*/\1/p'
}
if [ -x $B/cputime ]; then
    find "$SRC" -type f \( -name '*.sgf' -o -name '*.SGF' \) |
        LC_ALL=C sort > "$B/tool-files.txt"
    list=$B/tool-files.txt
    : > "$B/tool-times.txt"
    round=0
    while [ "$round" -lt "$REPEAT" ]; do
        t_rep=$(tool_cpu bin/sgf-replay -q --files-from="$list")
        t_none=$(tool_cpu bin/sgf-score -q --dead=none --files-from="$list")
        t_mark=$(tool_cpu bin/sgf-score -q --dead=markup \
                 --files-from="$list")
        t_auto=$(tool_cpu bin/sgf-score -q --dead=auto --files-from="$list")
        echo "$t_rep $t_none $t_mark $t_auto" >> "$B/tool-times.txt"
        round=$((round + 1))
    done
    awk -v f="$(wc -l < "$list")" -v rounds="$REPEAT" "$MEDIAN_AWK"'
    {
        n++
        for (k = 1; k <= 4; k++) {
            t[k, n] = $k
            q[k, n] = $1 > 0 ? $k / $1 : 0
        }
    }
    END {
        for (k = 1; k <= 4; k++) {
            for (i = 1; i <= n; i++) {
                a[i] = t[k, i]
                b[i] = q[k, i]
            }
            tm[k] = median(a, n)
            rt[k] = median(b, n)
        }
        printf "whole tools, %d files, CPU seconds (median of %d rounds): " \
            "sgf-replay %.3f; sgf-score --dead=none %.3f (%.2fx), " \
            "--dead=markup %.3f (%.2fx), --dead=auto %.3f (%.2fx)\n", f,
            rounds, tm[1], tm[2], rt[2], tm[3], rt[3], tm[4], rt[4]
        printf "  sgf-score --dead=none beside sgf-replay: %.2fx " \
            "(target <= 1.2): %s\n", rt[2], rt[2] <= 1.2 ? "met" : "MISSED"
    }' "$B/tool-times.txt"
fi

# the estimate against the recorded results, both halves of the shared
# corpus's counted games, by source, beside GNU Go
if [ -f ../shared/research/gnugo-baseline.tsv ]; then
    sh tests/score-auto.sh bin ../shared 0 | grep -v '^disagree' || true
fi

# BENCH_ENGINE=N: GNU Go alone against the estimate asking it only about
# what it cannot settle, on the first N counted games (minutes each)
if [ -n "${BENCH_ENGINE:-}" ] && [ -f ../shared/research/gnugo-baseline.tsv ]
then
    gnugo=$(command -v gnugo || echo /usr/games/gnugo)
    awk -F'\t' 'NR > 1 && $6 !~ /^[BW]\+0(\.0*)?$/ {
        sub(/^shared\//, "../shared/", $2); print $2 }' \
        ../shared/research/gnugo-baseline.tsv | head -n "$BENCH_ENGINE" \
        > "$B/engine-files.txt"
    t_gtp=$(tool_cpu bin/sgf-score -q --dead=gtp --engine="$gnugo --mode gtp" \
        --files-from="$B/engine-files.txt")
    t_hyb=$(tool_cpu bin/sgf-score -q --dead=auto \
        --engine="$gnugo --mode gtp" --files-from="$B/engine-files.txt")
    awk -v g="$t_gtp" -v h="$t_hyb" -v n="$BENCH_ENGINE" 'BEGIN {
        printf "engine, %d counted games, CPU seconds with the engine: " \
            "--dead=gtp %.1f, --dead=auto --engine %.1f (%.1fx faster)\n",
            n, g, h, g / (h > 0 ? h : 1e-9) }'
fi

if [ -x $B/bench_convert ]; then
    $PIN $B/bench_convert -r "$REPEAT" "$SRC" | tail -n 1 || true
fi

# the tools as a user runs them, the -j speed-up, the archive pile
sh tests/bench/tools.sh "$SRC" "$B/all.sgf"
