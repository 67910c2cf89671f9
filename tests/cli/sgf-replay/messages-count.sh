# Counts in messages agree with their number ("1 move"); --path on a
# game tree with no branching point says so
printf '(;GM[1]FF[4]SZ[9];B[ee])' > one.sgf
"$TOOL" -q -m 5 one.sgf > /dev/null
"$TOOL" -q --path=1 one.sgf > /dev/null
"$BINDIR/sgf-convert" -q --to=ascii -m 3 one.sgf > /dev/null
"$BINDIR/sgf-convert" -q --to=ascii --style=book --moves=2-3 one.sgf \
    > /dev/null
