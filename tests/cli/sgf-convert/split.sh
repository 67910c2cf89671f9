# --split: one output per game of a collection, NAME-N.EXT with N the
# game's index (0-based, as --game counts); an output that would be an
# input is refused and the other games go on.
"$TOOL" --to=sgf -q --split -o out/ "$CASES/game.sgf"
echo "status $?"
ls out
head -c 40 out/game-1.sgf; echo
"$TOOL" --to=xml -q --split -o xml/ "$CASES/game.sgf"
echo "xml: status $?"
ls xml
grep -c '<game' xml/game-0.xml
# game-1.sgf here is an input: not replaced
cp "$CASES/game.sgf" game.sgf
cp "$CASES/game.sgf" game-1.sgf
"$TOOL" --to=sgf -q --split -o ./ game.sgf game-1.sgf
echo "inputs: status $?"
cmp -s game-1.sgf "$CASES/game.sgf" && echo "game-1.sgf unchanged"
"$TOOL" --to=sgf --split -o one.sgf game.sgf
echo "-o FILE: status $?"
# an output refused (it exists) is that game's alone: the games after it
# are written (they were all left out, without a word)
mkdir again
printf '(;FF[4]GM[1]SZ[9]PB[g%d];B[aa])' 0 1 2 3 > four.sgf
echo old > again/four-1.sgf
"$TOOL" --to=sgf --split -o again/ four.sgf
echo "exists: status $?"
ls again
cat again/four-1.sgf
for f in tsv xml; do
    rm -f again/*.$f
    echo old > again/four-2.$f
    "$TOOL" --to=$f -q --split -o again/ four.sgf
    echo "$f: status $? $(ls again/*.$f | wc -l) files"
done
