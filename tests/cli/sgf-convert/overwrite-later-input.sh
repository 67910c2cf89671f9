# --overwrite -o DIR where the output of an earlier input (a.xml ->
# ./a.sgf) is a later input: refused before the first write, nothing
# written, a.sgf untouched.
cp "$CASES/game.sgf" a.sgf
"$TOOL" --to=xml -o a.xml a.sgf 2>/dev/null || echo "setup failed"
cp a.sgf a.sgf.orig
"$TOOL" --to=sgf --overwrite -o ./ a.xml a.sgf
status=$?
cmp -s a.sgf a.sgf.orig && echo "a.sgf unchanged"
ls -a
exit $status
