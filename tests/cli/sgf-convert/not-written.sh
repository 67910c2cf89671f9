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
# --keep-dirs: a folder the output of one member needs where the output
# of another member is a file (members x.sgf and x.sgf/y.sgf): the
# message names the member whose output is not written
mkdir -p t/d
cp "$CASES/game.sgf" t/x.sgf
cp "$CASES/game.sgf" t/d/y.sgf
(cd t && tar cf ../c.tar x.sgf --transform 's,^d,x.sgf,' d/y.sgf)
"$TOOL" --to=sgf --keep-dirs -o o2/ c.tar
echo "folder over a file: status $?"
