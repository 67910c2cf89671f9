# Standard output is written a buffer at a time, except where the two
# streams end in one place, where each game's diagnostics must come
# right after its board: one file (> f 2>&1) or one pipe (2>&1 |). Both
# give the same lines in the same order, at -j 1 and -j 2; to two files,
# each file holds what it did.
cp "$CASES/collection-per-game.sgf" c.sgf
c=c.sgf
"$TOOL" "$c" "$c" > one 2>&1
echo "one file: status $?"
cat one
"$TOOL" "$c" "$c" 2>&1 | cat > piped
cmp one piped && echo "one pipe: the same"
"$TOOL" -j 2 "$c" "$c" > one2 2>&1
cmp one one2 && echo "one file, -j 2: the same"
"$TOOL" "$c" "$c" > out 2> err
grep -c 'game' out
grep -c 'warning\|error\|note' err
