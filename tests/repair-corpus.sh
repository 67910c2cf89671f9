#!/bin/sh
# sgf-convert --to=sgf --repair on every record of a corpus that
# sgf-validate finds errors in:
#   - the repaired record has no syntax or property error (codes of the
#     parse, props and charset sections of diagcodes.def; the replay's
#     illegal moves stay, as they must);
#   - its main line ends on the same board (sgf-replay, every game; the
#     move count may grow where a node with two moves was split);
#   - the content of every text value of the original (C, GC, PB, PW,
#     ...; not the game-info values a repair rewrites: DT KM RE HA BR
#     WR) appears in the repaired record (NUL bytes as spaces);
#   - repairing it again changes nothing, byte for byte.
#
#   sh tests/repair-corpus.sh [CORPUS_DIR]   (default ../shared/corpus)
#
# Faults kept on purpose (a repair would guess: a value that cannot be
# read as its type, outside a list) are counted apart, by code, and do
# not fail. Last line: "repair-corpus: N records with errors, M
# repaired clean, K failed"; exit status 1 on a failure.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:-$top/../shared/corpus}
if [ ! -d "$corpus" ]; then
    echo "repair-corpus: skipped: no corpus at $corpus"
    exit 0
fi
bin=${BIN:-$top/bin}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/repair-corpus.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
LC_ALL=C
export LC_ALL

# The codes that count as syntax or property errors.
sed -n '/--- parse/,/--- replay/p' "$top/libsgf/include/sgf/diagcodes.def" |
    sed -n 's/^SGF_DIAG([A-Z0-9_]*, "\([a-z0-9-]*\)".*/\1/p' > "$tmp/codes"
# Kept on purpose: a single value that cannot be read (bad-value outside
# lists and moves), a game-info value below the game-info node that
# differs from it or stands below a branch; a move that is not a point is a move, never deleted; no game
# tree (nothing to write); bytes that decode in no charset (kept).
printf '%s\n' bad-value game-info-twice \
    board-size value-range no-game-tree \
    undecodable-text > "$tmp/kept"

texts() {   # the text values of an SGF file, one per line, escaped \n
    "$bin/sgf-convert" --to=xml --force --no-go "$1" 2>/dev/null |
    python3 -c '
import base64, sys, xml.etree.ElementTree as ET
ns = "{urn:libsgf:sgf:1}"
skip = {"DT", "KM", "RE", "HA", "BR", "WR"}
text = {"C", "GC", "PB", "PW", "N", "GN", "EV", "RO", "PC", "AN", "CP",
        "SO", "US", "ON", "BT", "WT", "OT", "RU"}
try:
    root = ET.parse(sys.stdin).getroot()
except ET.ParseError:
    sys.exit(0)
for p in root.iter(ns + "prop"):
    if p.get("id") in text and p.get("id") not in skip:
        for v in p.iter(ns + "v"):
            s = v.text or ""
            if v.get("encoding") == "base64":   # NUL bytes: as spaces
                s = base64.b64decode(s).replace(b"\0", b" ").decode(
                    "utf-8", "replace")
            for line in s.split("\n"):
                if line.strip():
                    print(line.strip())
'
}

have_py=1
command -v python3 >/dev/null 2>&1 || have_py=0
[ $have_py = 1 ] || echo "repair-corpus: no python3: text check skipped"

find "$corpus" -type f \( -name '*.sgf' -o -name '*.SGF' \) | sort > "$tmp/list"
records=0 clean=0 failed=0
: > "$tmp/fails"
: > "$tmp/keptfaults"
while IFS= read -r f; do
    "$bin/sgf-validate" -q "$f" > "$tmp/v0" 2>/dev/null
    grep -q ': error: ' "$tmp/v0" || continue
    records=$((records + 1))
    st=0
    "$bin/sgf-convert" --to=sgf --repair "$f" > "$tmp/r1.sgf" \
        2> "$tmp/e1" || st=$?
    "$bin/sgf-convert" --to=sgf --repair "$tmp/r1.sgf" > "$tmp/r2.sgf" \
        2>/dev/null
    "$bin/sgf-validate" -q "$tmp/r1.sgf" > "$tmp/v1" 2>/dev/null
    sed -n 's/.*: error: .*\[\([a-z0-9-]*\)\]$/\1/p' "$tmp/v1" |
        grep -xF -f "$tmp/codes" > "$tmp/left"
    grep -xF -f "$tmp/kept" "$tmp/left" >> "$tmp/keptfaults"
    bad=""
    if [ $st -gt 1 ] || grep -q -e 'Sanitizer' -e 'runtime error:' \
            "$tmp/e1"; then
        bad="$bad convert-status-$st"
    fi
    if grep -qvxF -f "$tmp/kept" "$tmp/left"; then
        bad="$bad error:$(grep -vxF -f "$tmp/kept" "$tmp/left" | sort -u |
                          tr '\n' ',')"
    fi
    "$bin/sgf-replay" -q "$f" 2>/dev/null |
        sed -e 's/^.*: \(game [0-9]*[,:] \)/\1/' -e '/^Move [0-9]*:/d' > "$tmp/b0"
    "$bin/sgf-replay" -q "$tmp/r1.sgf" 2>/dev/null |
        sed -e 's/^.*: \(game [0-9]*[,:] \)/\1/' -e '/^Move [0-9]*:/d' > "$tmp/b1"
    cmp -s "$tmp/b0" "$tmp/b1" || bad="$bad final-board"
    cmp -s "$tmp/r1.sgf" "$tmp/r2.sgf" || bad="$bad not-idempotent"
    if [ $have_py = 1 ]; then
        texts "$f" | sort -u > "$tmp/t0"
        texts "$tmp/r1.sgf" > "$tmp/t1"
        while IFS= read -r t; do
            grep -qF -- "$t" "$tmp/t1" || { bad="$bad text-lost"; break; }
        done < "$tmp/t0"
    fi
    if [ -n "$bad" ]; then
        failed=$((failed + 1))
        echo "FAIL $f:$bad"
        echo "$bad" | tr ' ' '\n' | sed '/^$/d' >> "$tmp/fails"
    else
        clean=$((clean + 1))
    fi
done < "$tmp/list"
# Game information the repair rewrites (DT, KM, RE, HA, BR, WR) keeps its
# meaning: on every record whose reading finds one in a non-standard form,
# each game's values read the same before and after (every number of the
# date, a time of day included,
# the komi's and handicap's value, the result's winner, margin and reason,
# a rank's number and kind); the other game information is unchanged.
info_same() {   # ORIGINAL.json REPAIRED.json: silent when the same
    python3 - "$1" "$2" <<'PY'
import json, re, sys
def games(path):
    out = {}
    for line in open(path, encoding="utf-8", errors="replace"):
        try:
            r = json.loads(line)
        except ValueError:
            continue
        if "game" in r and "moves" in r:
            out[r["game"]] = r
    return out
def komi(v):
    if v is None:
        return None
    t = v.strip().replace(",", ".")
    half = 0.5 if re.search(r"(\s1/2|\u00bd)$", t) else 0
    t = re.sub(r"(\s*1/2|\u00bd)$", "", t)
    m = re.match(r"^[+-]?\d+(\.\d+)?", t)
    if not m:
        return v
    x = float(m.group(0))
    return x - half if t.startswith("-") else x + half
def digits(v):
    return None if v is None else [int(d) for d in re.findall(r"\d+", v)]
def kept_numbers(x, y):   # every number of x written in y (a date's order
    if x is None or y is None:                       # may change)
        return x == y
    left = digits(y)
    for d in digits(x):
        if d not in left:
            return False
        left.remove(d)
    return True
def rank(v):
    if v is None:
        return None
    t = re.sub(r"\s+", "", v.lower())
    for w, k in (("dan", "d"), ("kyu", "k"), ("pro", "p")):
        t = t.replace(w, k)
    return t
a, b = games(sys.argv[1]), games(sys.argv[2])
bad = []
for g, x in a.items():
    y = b.get(g)
    if y is None:
        bad.append("game %s lost" % g)
        continue
    for k in ("winner", "margin", "reason", "PB", "PW", "EV", "RO", "PC",
              "RU", "SZ", "moves"):
        if x.get(k) != y.get(k):
            bad.append("game %s %s: %r -> %r" % (g, k, x.get(k), y.get(k)))
    for k, f in (("KM", komi), ("HA", digits), ("BR", rank), ("WR", rank)):
        if f(x.get(k)) != f(y.get(k)):
            bad.append("game %s %s: %r -> %r" % (g, k, x.get(k), y.get(k)))
    if not kept_numbers(x.get("DT"), y.get("DT")):
        bad.append("game %s DT: %r -> %r" % (g, x.get("DT"), y.get("DT")))
for line in bad[:5]:
    print(line)
PY
}
info_records=0 info_failed=0
if [ $have_py = 1 ]; then
    while IFS= read -r f; do
        "$bin/sgf-validate" "$f" 2>&1 |
            grep -q -e '\[date-format\]' -e '\[komi-format\]' \
                    -e '\[result-format\]' -e '\[value-format\]' \
            || continue
        info_records=$((info_records + 1))
        "$bin/sgf-convert" --to=sgf --repair "$f" > "$tmp/i1.sgf" \
            2>/dev/null
        "$bin/sgf-convert" --to=json "$f" > "$tmp/i0.json" 2>/dev/null
        "$bin/sgf-convert" --to=json "$tmp/i1.sgf" > "$tmp/i1.json" \
            2>/dev/null
        info_same "$tmp/i0.json" "$tmp/i1.json" > "$tmp/idiff"
        if [ -s "$tmp/idiff" ]; then
            info_failed=$((info_failed + 1))
            echo "FAIL $f: game information changed:"
            sed 's/^/    /' "$tmp/idiff"
        fi
    done < "$tmp/list"
    echo "repair-corpus: $info_records records with game information in" \
         "other forms, $info_failed changed in meaning"
    [ $info_failed -eq 0 ] || failed=$((failed + info_failed))
fi
if [ -s "$tmp/keptfaults" ]; then
    echo "repair-corpus: faults kept (ambiguous), by code:"
    sort "$tmp/keptfaults" | uniq -c | sed 's/^/  /'
fi
if [ -s "$tmp/fails" ]; then
    echo "repair-corpus: failures by kind:"
    sort "$tmp/fails" | uniq -c | sed 's/^/  /'
fi
echo "repair-corpus: $records records with errors, $clean repaired clean," \
     "$failed failed"
[ $failed -eq 0 ]
