# --to=json: two files whose names differ in a byte that is not UTF-8
# stay apart: "file" shows U+FFFD, "file_bytes" the name's bytes, as in
# every tool's JSON records.
cp "$CASES/game.sgf" "$(printf 'g\377.sgf')"
cp "$CASES/game.sgf" "$(printf 'g\376.sgf')"
"$TOOL" --to=json --game=0 "$(printf 'g\377.sgf')" "$(printf 'g\376.sgf')" |
    sed 's/,"game".*//'
