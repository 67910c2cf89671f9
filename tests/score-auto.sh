#!/bin/sh
# Extra check, run by .ci/run and make bench when ../shared is there (the
# project's own tests never need it): the dead-stone estimate against the
# recorded results. For every game of SHARED/research/gnugo-baseline.tsv,
# sgf-score --dead=auto (markup ignored) counts the final position under
# the record's rules and komi; a game is counted when its RE[] is a
# number other than 0 (B+0/W+0 are Fox resignations).
#
# Out of sample. The counted games are split in two by a fixed rule:
# the CRC-32 of the record's path relative to corpus/ (as POSIX cksum
# prints it, e.g. "amateur/kgs-6d/KGS-2003-19-7582-/KGS2003/x.sgf"),
# even = the tuning half, odd = the held-out half. The estimate is
# developed on the tuning half only; the held-out half's figures are
# the ones that count, and its misses are not printed unless
# SCORE_AUTO_SHOW=held (or all) asks for them, so that no one tunes on
# them by accident.
#
# It prints each disagreement of the halves shown (file, our result,
# RE[], the cause sgf-score names, GNU Go's result), then for each half
# and each source (KGS, Fox, other servers, computer tournaments, small
# boards, pro and other) the exact agreement beside GNU Go's (gnugo
# --score aftermath) on the same games; the share of games sgf-score
# calls settled and their agreement, and how many of its settled
# disagreements GNU Go counts as it does (RE[] then is the suspect);
# the games it calls not finished;
# and the share of disagreements left without a cause (the settled ones
# no fault of the record explains, cause "settled", counted apart).
#
#   sh tests/score-auto.sh BINDIR [SHARED [MIN]]
#
# With SCORE_AUTO_ENGINE=CMD the games are counted with --engine=CMD
# and --dead=$SCORE_AUTO_DEAD (auto, or gtp for the engine alone); with
# SCORE_AUTO_TSV=FILE, FILE is the table of an earlier such run.
#
# SHARED defaults to ../shared; MIN is the lowest exact agreement on all
# counted games, in percent, that passes: by default 83, a guard against
# regressions. Exit status 1 below MIN or when a run fails or reports a
# sanitizer error, 2 when the baseline is not there.
set -u
. "$(dirname "$0")/extra-lib.sh"
extra_args='BINDIR [SHARED [MIN]]'
extra_start score-auto sgf-score research/gnugo-baseline.tsv "$@"
min=${3:-83}
show=${SCORE_AUTO_SHOW:-tuning}
base=$shared/research/gnugo-baseline.tsv

# the baseline names files as "shared/corpus/..." from shared's parent;
# each path's half (CRC-32 parity of the path under corpus/)
awk -F'\t' 'NR > 1 { sub(/^shared\/corpus\//, "", $2); print $2 }' \
    "$base" > "$tmp/rel"
while IFS= read -r f; do
    c=$(printf '%s' "$f" | cksum)
    printf '%s\t%d\n' "$f" $(( ${c%% *} % 2 ))
done < "$tmp/rel" > "$tmp/halves"
sed "s|^|$shared/corpus/|" "$tmp/rel" > "$tmp/files"
status=0
if [ -n "${SCORE_AUTO_TSV:-}" ]; then  # an earlier run's table
    cp "$SCORE_AUTO_TSV" "$tmp/out"
    : > "$tmp/err"
elif [ -n "${SCORE_AUTO_ENGINE:-}" ]; then
    "$bin" -q --dead="${SCORE_AUTO_DEAD:-auto}" \
        --engine="$SCORE_AUTO_ENGINE" --format=tsv \
        --files-from="$tmp/files" > "$tmp/out" 2> "$tmp/err" || status=$?
else
    "$bin" -q --dead=auto --format=tsv --files-from="$tmp/files" \
        > "$tmp/out" 2> "$tmp/err" || status=$?
fi
if [ "$status" -gt 1 ] || grep -q -e 'AddressSanitizer' \
        -e 'runtime error:' "$tmp/err"; then
    echo "score-auto: sgf-score failed (exit $status):"
    head -n 20 "$tmp/err" | sed 's/^/    /'
    exit 1
fi

awk -F'\t' -v s="$shared/corpus/" -v min="$min" -v show="$show" '
function value(re,   m) {       # "B+2.50" -> 2.5, "W+1" -> -1, else "x"
    if (re !~ /^[BW]\+[0-9]+(\.[0-9]*)?$/)
        return "x"
    m = substr(re, 3) + 0
    return substr(re, 1, 1) == "B" ? m : -m
}
function source(f) {            # the archive a record comes from
    if (f ~ /^small-boards\//)
        return "small boards"
    if (f ~ /kgs-|pachi-t-regress/)
        return "KGS"
    if (f ~ /Tencent|UEC Cup|World AI Go Open/)
        return "computer tournaments"
    if (f ~ /^computer\/yenw-ai\//)
        return "Fox"
    if (f ~ /yenw-master/)
        return "other servers"
    return "pro and other"
}
function pct(a, b) {
    return b > 0 ? sprintf("%5.1f%%", 100 * a / b) : "    -"
}
BEGIN {
    nsrc = split("KGS,Fox,other servers,computer tournaments," \
                 "small boards,pro and other", order, ",")
}
FILENAME == ARGV[1] { half[$1] = $2; next }
FILENAME == ARGV[2] {
    if (FNR == 1)
        next
    f = $2
    sub(/^shared\/corpus\//, "", f)
    gnugo[f] = $7
    rec[f] = $6
    next
}
FNR == 1 {
    for (k = 1; k <= NF; k++)
        col[$k] = k
    next
}
{
    f = index($1, s) == 1 ? substr($1, length(s) + 1) : $1
    r = value(rec[f])
    if (r == "x" || r == 0)
        next                    # not a count (B+0 is a resignation)
    h = half[f] == 0 ? "tuning" : "held-out"
    src = source(f)
    g = value(gnugo[f])
    ge = g != "x" && g == r
    verdict = $col["verdict"]
    cause = $col["cause"]
    settled = ("settled" in col) && $col["settled"] == "yes"
    for (k = 0; k < 3; k++) {
        key = k == 0 ? h : k == 1 ? h SUBSEP src : "all"
        n[key]++
        gx[key] += ge
        ag[key] += verdict == "agree"
        if (k == 1)
            continue
        st[key] += settled
        sta[key] += settled && verdict == "agree"
        # a settled miss where the count of GNU Go is ours: an
        # independent scorer finds the same, so RE[] is the suspect
        stg[key] += settled && verdict != "agree" && g != "x" \
                    && value($col["result"]) == g
        own = cause ~ /^(scoring|handicap|impossible)=/ \
              || cause ~ /^komi=[0-9.]*$/      # a fault of the record
        strec[key] += settled && own
        rec[key] += own
        nf[key] += verdict == "not-finished"
        dis[key] += verdict != "agree"
        unex[key] += verdict != "agree" && (cause == "" || cause == "unknown")
        sus[key] += verdict != "agree" && cause == "settled"
    }
    if (verdict == "agree" || (show != "all" && show != h))
        next
    printf "disagree (%s) %s: %s %s, komi %s: %s, RE %s, %s, cause %s, " \
        "GNU Go %s\n", h, f, $col["rules"], $col["dead_source"],
        $col["komi"], $col["result"], $col["recorded"], verdict,
        (cause == "" ? "-" : cause), gnugo[f]
}
function line(label, key) {
    printf "  %-24s %4d games  agree %4d %s  GNU Go %4d %s\n", label,
        n[key], ag[key], pct(ag[key], n[key]), gx[key], pct(gx[key], n[key])
}
END {
    if (n["all"] == 0) {
        print "score-auto: no counted game"
        exit 1
    }
    for (hh = 0; hh < 2; hh++) {
        h = hh == 0 ? "held-out" : "tuning"
        printf "score-auto: %s half (%s)\n", h,
            hh == 0 ? "odd CRC-32 of the path: the figure that counts" \
                    : "even CRC-32: developed on"
        line("all sources", h)
        for (k = 1; k <= nsrc; k++)
            if ((h, order[k]) in n)
                line(order[k], h SUBSEP order[k])
        printf "  settled %d of %d (%s), agree %d of them (%s); " \
            "without the %d whose RE[] contradicts their own KM, RU or " \
            "HA: %s\n", st[h], n[h], pct(st[h], n[h]), sta[h],
            pct(sta[h], st[h]), strec[h],
            pct(sta[h], st[h] - strec[h])
        printf "  settled disagreements %d, of which GNU Go counts the " \
            "same result as sgf-score in %d\n", st[h] - sta[h], stg[h]
        printf "  without the %d games whose RE[] contradicts their own " \
            "KM, RU or HA: agree %d of %d (%s)\n", rec[h], ag[h],
            n[h] - rec[h], pct(ag[h], n[h] - rec[h])
        printf "  not finished %d; disagreements %d, unexplained %d (%s); " \
            "settled with no fault of the record (RE[] the suspect) %d\n",
            nf[h], dis[h], unex[h], pct(unex[h], dis[h]), sus[h]
    }
    pa = 100 * ag["all"] / n["all"]
    printf "score-auto: %d counted games: --dead=auto %d exact (%.1f%%),", \
        n["all"], ag["all"], pa
    printf " GNU Go aftermath %d exact (%.1f%%)\n", gx["all"],
        100 * gx["all"] / n["all"]
    if (pa < min) {
        printf "score-auto: below %s%%\n", min
        exit 1
    }
}' "$tmp/halves" "$base" "$tmp/out"
