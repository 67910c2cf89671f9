# -o FILE that is a symbolic link to a file that is not an input: the
# file it points to is replaced (through a temporary file renamed onto
# it), and the link stays a link.
cp "$CASES/game.sgf" in.sgf
echo old > target.sgf
ln -s target.sgf link.sgf
"$TOOL" --to=sgf -o link.sgf in.sgf 2>/dev/null
status=$?
[ -L link.sgf ] && echo "link.sgf still a link"
head -c 7 target.sgf; echo
ls -a | grep -c '^\.target' | sed 's/^/temporary files left: /'
exit $status
