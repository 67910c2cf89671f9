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
        sed -e 's/^.*: \(game [0-9]*, \)/\1/' -e '/^Move [0-9]*:/d' > "$tmp/b0"
    "$bin/sgf-replay" -q "$tmp/r1.sgf" 2>/dev/null |
        sed -e 's/^.*: \(game [0-9]*, \)/\1/' -e '/^Move [0-9]*:/d' > "$tmp/b1"
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
