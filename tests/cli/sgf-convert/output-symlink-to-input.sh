# -o FILE that is a symbolic link to the input: refused before anything
# is opened for writing; the input keeps every byte.
cp "$CASES/game.sgf" in.sgf
ln -s in.sgf link.sgf
"$TOOL" --to=sgf -o link.sgf in.sgf
status=$?
cmp -s in.sgf "$CASES/game.sgf" && echo "in.sgf unchanged"
[ -L link.sgf ] && echo "link.sgf still a link"
exit $status
