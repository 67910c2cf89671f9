# -o - is standard output, not a file named '-'.
"$TOOL" --to=sgf --game=0 -o - "$CASES/game.sgf" 2>/dev/null | head -n 1
[ -e ./- ] && echo "a file named '-' was made"
exit 0
