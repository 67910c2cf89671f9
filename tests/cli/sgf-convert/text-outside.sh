# Text outside the game trees (a mail header, a note) is part of no game
# tree: a conversion would drop it, so it is refused unless --force.
# Before a game tree: that game and those after it are not converted;
# after the last: the games are converted, the status says 1. Stray
# parentheses hold nothing and are converted. An input with no game tree
# begins no XML document. Bytes that hold no text (a byte-order mark
# of files joined with cat, DOS's end-of-file byte, NUL padding) are
# junk, not refused; with --game the text is no game's.
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
printf '\357\273\277(;FF[4]GM[1]SZ[9];B[cc])\n' > bom.sgf
cat bom.sgf bom.sgf > joined.sgf
printf '(;FF[4]GM[1]SZ[9];B[cc])\n\032\000\000' > padded.sgf
for f in joined padded; do
    echo "== $f"
    "$TOOL" --to=sgf $f.sgf
    echo "status $?"
done
echo "== before, after: --game=0"
"$TOOL" --to=sgf --game=0 before.sgf
echo "status $?"
"$TOOL" --to=sgf --game=1 after.sgf
echo "status $?"
exit 0
