# An output that exists is not replaced without --overwrite; the summary
# counts the outputs not written beside the files converted.
mkdir -p in
cp "$CASES/game.sgf" in/a.sgf
cp "$CASES/game.sgf" in/b.sgf
"$TOOL" --to=sgf -q -r in -o out/
echo "first: status $?"
cp "$CASES/game.sgf" in/c.sgf
"$TOOL" --to=sgf -r in -o out/ 2> err
echo "again: status $?"
grep '^sgf-convert: ' err
ls out
