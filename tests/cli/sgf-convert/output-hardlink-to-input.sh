# -o FILE that is a hard link to the input (another name of the same
# file): refused before anything is opened for writing.
cp "$CASES/game.sgf" in.sgf
ln in.sgf hard.sgf
"$TOOL" --to=sgf -o hard.sgf in.sgf
status=$?
cmp -s in.sgf "$CASES/game.sgf" && echo "in.sgf unchanged"
exit $status
