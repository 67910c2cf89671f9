# -r with --from=xml reads the *.xml files of a directory (and not its
# *.sgf files): a directory converted to XML comes back whole.
mkdir -p x/sub
"$TOOL" --to=xml -q -o x/a.xml "$CASES/game.sgf"
"$TOOL" --to=xml -q -o x/sub/b.xml "$CASES/game.sgf"
cp "$CASES/game.sgf" x/c.sgf
"$TOOL" --from=xml --to=sgf -r x | grep -c '^(;'
echo "status $?"
mkdir empty
"$TOOL" --from=xml --to=sgf -r empty
echo "empty: status $?"
