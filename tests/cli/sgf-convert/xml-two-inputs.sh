# One XML or SVG document holds one input: two inputs and one output
# (standard output or -o FILE) are refused before anything is written,
# not converted in part (the first written, the second refused).
"$TOOL" --to=xml "$CASES/game.sgf" "$CASES/long.sgf" > out.xml
echo "stdout: status $?, $(wc -c < out.xml) bytes"
"$TOOL" --to=svg "$CASES/game.sgf" "$CASES/long.sgf" > out.svg
echo "svg: status $?, $(wc -c < out.svg) bytes"
"$TOOL" --to=xml -o one.xml "$CASES/game.sgf" "$CASES/long.sgf"
echo "-o FILE: status $?"
ls one.xml 2>/dev/null || echo "one.xml not written"
"$TOOL" --to=xml -q -o dir/ "$CASES/game.sgf" "$CASES/long.sgf"
echo "-o DIR/: status $?"
ls dir
"$TOOL" --to=xml -q "$CASES/game.sgf" | grep -c '<game '
