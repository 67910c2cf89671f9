# -o FILE with standard output closed: nothing was meant for it, so the
# run is fine (exit 0) and FILE is written.
"$TOOL" --to=sgf -q -o out.sgf "$CASES/game.sgf" >&-
status=$?
[ -s out.sgf ] && echo "out.sgf written" >&2
exit $status
