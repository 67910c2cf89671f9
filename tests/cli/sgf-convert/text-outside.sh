# Text outside the game trees (a mail header, a note) is part of no game
# tree: a conversion would drop it, so it is refused unless --force.
# Before a game tree: that game and those after it are not converted;
# after the last: the games are converted, the status says 1. Stray
# parentheses hold nothing and are converted. An input with no game tree
# begins no XML document.
printf 'From: a club\n\n(;FF[4]GM[1]SZ[9];B[ee];W[cc])\n' > before.sgf
printf '(;FF[4]GM[1]SZ[9];B[ee])\n(;FF[4]GM[1]SZ[9];W[cc])\nsee notes\n' > after.sgf
printf '(;FF[4]GM[1]SZ[9];B[ee]))\n' > stray.sgf
printf 'not SGF at all\n' > none.sgf
for f in before after stray; do
    echo "== $f"
    "$TOOL" --to=sgf $f.sgf
    echo "status $?"
done
echo "== after, --force"
"$TOOL" --to=sgf --force after.sgf
echo "status $?"
echo "== before, xml"
"$TOOL" --to=xml before.sgf
echo "status $?"
echo "== none, xml -o"
"$TOOL" --to=xml -o none.xml none.sgf
echo "status $?"
ls none.xml 2>/dev/null || echo "no none.xml"
"$TOOL" --to=xml --force -o none.xml none.sgf
echo "status $? (--force)"
grep -c '<collection' none.xml
exit 0
