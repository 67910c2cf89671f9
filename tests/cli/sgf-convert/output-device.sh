# Devices are written to as they are, and are no input's data: the
# input read from /dev/null does not stop -o /dev/null.
"$TOOL" --to=sgf -q -o /dev/null - < /dev/null
echo "status $?"
"$TOOL" --to=sgf -q -o /dev/null "$CASES/game.sgf"
echo "status $?"
