# -r over a tree that holds the output directory: the inputs are listed
# before anything is written, so outputs are never read back as inputs.
mkdir -p in/out
cp "$CASES/game.sgf" in/a.sgf
cp "$CASES/game.sgf" in/b.sgf
"$TOOL" --to=sgf -r in -o in/out/
status=$?
ls in/out
exit $status
