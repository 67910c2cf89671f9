#!/bin/sh
# The HTML reports are valid pages that a browser shows as meant.
#
#   sh tests/html/check.sh BINDIR [CORPUS]
#
# 1. Debian's tidy finds nothing to say (no error, no warning) about each
#    whole page among the golden tests (tests/cli/*/html-*.out) nor about
#    a page made over the golden tests' records and samples/.
# 2. Headless Chromium (--dump-dom) shows that page with one <tbody> per
#    input (as many as the JSON report's "input" records), one diagram per
#    illegal move of the text report, the filter form shown by the script
#    ("N of N inputs shown"); the address #code=illegal-ko shows only the
#    inputs with that code, and #sort=errors puts the input with the most
#    errors first.
#    sgf-score's page over its golden tests' records: one board per
#    disagreement (as many as the TSV report's), one row per game.
# 3. A screenshot, build/html/report.png, to look at; it must be a PNG of
#    the window's size.
# With CORPUS (CI): 1 and 2 over CORPUS, and over 10,000 copies of its
# records (links): the page's size and sgf-validate's peak memory are
# printed, and must stay within the page's stated bounds (diagrams,
# diagnostics listed) and within 1.5 times those of the corpus's run.
# A missing tidy or chromium is a failure (scripts/deps.sh installs
# them). The last line is "html: N passed, M failed"; exit status 1 on a
# failure.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
bindir=$(cd "${1:?usage: sh tests/html/check.sh BINDIR [CORPUS]}" && pwd)
corpus=${2:-}
tool=$bindir/sgf-validate
out=$top/build/html
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-html.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$out"
LC_ALL=C
export LC_ALL
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

for prog in tidy chromium; do
    command -v $prog >/dev/null 2>&1 ||
        fail "$prog is not installed (sh scripts/deps.sh installs it)"
done

# tidy_ok PAGE: tidy has nothing to say
tidy_ok() {
    if tidy -q -e "$1" > "$tmp/tidy" 2>&1; then
        pass
    else
        fail "tidy on $2:"
        head -n 20 "$tmp/tidy" | sed 's/^/    /'
    fi
}

# dom PAGE[#FRAGMENT] OUT: the page as Chromium renders it (a fresh
# profile each time; without the background-networking flags it waits
# for the network, which a closed machine does not have)
dom() {
    rm -rf "$tmp/profile"
    timeout 120 chromium --headless --no-sandbox --disable-gpu \
        --disable-quic --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync \
        --user-data-dir="$tmp/profile" --virtual-time-budget=20000 \
        --dump-dom "file://$1" > "$2" 2> "$tmp/chromium.err"
}

screenshot() {
    rm -rf "$tmp/profile"
    timeout 120 chromium --headless --no-sandbox --disable-gpu \
        --disable-quic --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync \
        --user-data-dir="$tmp/profile" --window-size=1200,1600 \
        --screenshot="$2" "file://$1" > /dev/null 2>&1
}

# count PATTERN FILE: lines... occurrences of a fixed string
count() {
    grep -o -F -e "$1" "$2" | wc -l | tr -d ' '
}

# expect WHAT GOT WANT
expect() {
    if [ "$2" = "$3" ]; then pass; else fail "$1: $2, expected $3"; fi
}

# check_page NAME PAGE INPUTS...: the page against the text and JSON
# reports of the same inputs ($tmp/NAME.*)
check_page() {
    name=$1 page=$2
    shift 2
    tidy_ok "$page" "$name"
    "$tool" -q "$@" > "$tmp/$name.txt" 2> /dev/null
    "$tool" --format=json "$@" > "$tmp/$name.json" 2> /dev/null
    illegal=$(grep -c -E ': error: illegal move [0-9]+: .* \[illegal-' \
              "$tmp/$name.txt")
    inputs=$(count '{"type":"input"' "$tmp/$name.json")
    if ! dom "$page" "$tmp/$name.dom"; then
        fail "$name: chromium --dump-dom failed:"
        head -n 5 "$tmp/chromium.err" | sed 's/^/    /'
        return
    fi
    expect "$name: diagrams" "$(count '<figure class="move"' \
                               "$tmp/$name.dom")" "$illegal"
    expect "$name: rows" "$(count '<tbody id="in' "$tmp/$name.dom")" \
           "$inputs"
    expect "$name: the script's count" \
           "$(count "class=\"shown\">$inputs of $inputs inputs shown" \
              "$tmp/$name.dom")" 1
    expect "$name: the filter form shown" \
           "$(count '<form class="filters" data-table="input-table" data-noun="inputs">' \
              "$tmp/$name.dom")" 1
}

# 1. the goldens that are whole pages
for g in "$top"/tests/cli/*/html-*.out; do
    [ -f "$g" ] || continue
    head -n 1 "$g" | grep -q '^<!DOCTYPE html>' || continue
    tidy_ok "$g" "${g#"$top"/}"
done

# 2. a page over the golden tests' records and the samples
cases=$top/tests/cli/sgf-validate
page=$out/report.html
set -- "$cases"/*.sgf "$top"/samples/*.sgf "$top"/samples/faulty/*.sgf
"$tool" --format=html "$@" > "$page" 2> /dev/null
check_page samples "$page" "$@"
# the filter by code, and sorting, asked for by the address
ko_inputs=$(grep -F '[illegal-ko]' "$tmp/samples.txt" |
            sed 's/:[0-9]*:[0-9]*: .*//' | sort -u | wc -l | tr -d ' ')
if dom "$page#code=illegal-ko" "$tmp/ko.dom"; then
    shown=$(grep -o '<tbody id="in[0-9]*" [^>]*>' "$tmp/ko.dom" |
            grep -v -c 'hidden')
    expect "filter #code=illegal-ko: inputs shown" "$shown" "$ko_inputs"
    expect "filter #code=illegal-ko: the count" \
           "$(count "class=\"shown\">$ko_inputs of" "$tmp/ko.dom")" 1
else
    fail "chromium --dump-dom with #code= failed"
fi
most=$(sed -n 's/.*{"type":"input","file":"\([^"]*\)","status":"[a-z]*","games":[0-9]*,"errors":\([0-9]*\),.*/\2 \1/p' \
       "$tmp/samples.json" | sort -s -k1,1nr | head -n 1 | cut -d' ' -f2-)
if dom "$page#sort=errors" "$tmp/sort.dom"; then
    first=$(grep -o '<td class="file">[^<]*' "$tmp/sort.dom" | head -n 1)
    expect "sort #sort=errors: first input" "${first#*>}" "$most"
else
    fail "chromium --dump-dom with #sort= failed"
fi

# sgf-score's page: one board per disagreement, one row per game and
# per input that cannot be read
score=$bindir/sgf-score
spage=$out/score.html
scases=$top/tests/cli/sgf-score
"$score" --format=html "$scases"/*.sgf "$scases/missing.sgf" > "$spage" \
    2> /dev/null
tidy_ok "$spage" "sgf-score's page"
"$score" --format=tsv "$scases"/*.sgf > "$tmp/score.tsv" 2> /dev/null
disagree=$(awk -F '\t' '$10 == "disagree"' "$tmp/score.tsv" | wc -l |
           tr -d ' ')
games=$(($(wc -l < "$tmp/score.tsv") - 1 + 1))   # the header out, missing in
if dom "$spage" "$tmp/score.dom"; then
    expect "sgf-score: boards" "$(count '<figure class="move"' \
                                 "$tmp/score.dom")" "$disagree"
    expect "sgf-score: rows" "$(count '<tbody id="g' "$tmp/score.dom")" \
           "$games"
    expect "sgf-score: the script's count" \
           "$(count "class=\"shown\">$games of $games games shown" \
              "$tmp/score.dom")" 1
else
    fail "chromium --dump-dom on sgf-score's page failed"
fi
[ "$disagree" -gt 0 ] && pass || fail "sgf-score: no disagreement to draw"

# 3. a screenshot to look at
if screenshot "$page" "$out/report.png" &&
   [ "$(od -A n -t x1 -N 8 "$out/report.png" | tr -d ' ')" = \
     89504e470d0a1a0a ] &&
   [ "$(od -A n -t u1 -j 16 -N 8 "$out/report.png" |
        awk '{ print $3 * 256 + $4, $7 * 256 + $8 }')" = "1200 1600" ]; then
    pass
else
    fail "screenshot: no PNG of 1200x1600 at $out/report.png"
fi

# With CORPUS: the corpus, and 10,000 copies of its records
peak() {
    /usr/bin/time -f '%M' -o "$tmp/peak" "$@" > /dev/null 2>&1
    tail -n 1 "$tmp/peak"
}
if [ -n "$corpus" ]; then
    page=$out/corpus.html
    "$tool" --format=html -r "$corpus" > "$page" 2> /dev/null
    check_page corpus "$page" -r "$corpus"
    kb=$(peak "$tool" --format=html -r "$corpus")
    find "$corpus" -type f -iname '*.sgf' | sort > "$tmp/list"
    mkdir "$tmp/many"
    n=$(wc -l < "$tmp/list")
    i=0
    while [ $i -lt 10000 ]; do
        while [ $i -lt 10000 ] && read -r f; do
            ln "$f" "$tmp/many/$i.sgf" 2>/dev/null ||
                cp "$f" "$tmp/many/$i.sgf"
            i=$((i + 1))
        done < "$tmp/list"
    done
    big=$out/many.html
    "$tool" --format=html -r "$tmp/many" > "$big" 2> /dev/null
    kb2=$(peak "$tool" --format=html -r "$tmp/many")
    size=$(wc -c < "$page" | tr -d ' ')
    size2=$(wc -c < "$big" | tr -d ' ')
    echo "corpus: $n inputs, page $size bytes, peak $kb KiB;" \
         "10000 inputs: page $size2 bytes, peak $kb2 KiB"
    tidy_ok "$big" "10000 inputs"
    expect "10000 inputs: rows" "$(count '<tbody id="in' "$big")" 10000
    figs=$(count '<figure class="move"' "$big")
    [ "$figs" -le 500 ] && pass ||
        fail "10000 inputs: $figs diagrams, above the bound of 500"
    [ $((kb2 * 2)) -le $((kb * 3)) ] && pass ||
        fail "10000 inputs: peak memory $kb2 KiB, over 1.5 times $kb KiB"
    if dom "$big" "$tmp/many.dom"; then
        expect "10000 inputs: rendered rows" \
               "$(count '<tbody id="in' "$tmp/many.dom")" 10000
    else
        fail "chromium --dump-dom on 10000 inputs failed"
    fi
fi

echo "html: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
