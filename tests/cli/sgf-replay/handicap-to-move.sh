# After handicap stones (HA[] of 2 or more with AB in the root) and no
# PL[], White is to move: at move 0, in a record that ends there, and in
# the Sensei diagram's header ($$W); PL[B] says Black. "Black to move"
# was said whatever the handicap.
for g in 0 1 2; do
    "$TOOL" -q --game=$g -m 0 "$CASES/handicap-to-move.sgf" | tail -n 1
done
"$TOOL" -q --game=2 "$CASES/handicap-to-move.sgf" | tail -n 1
for g in 0 1; do
    "$BINDIR/sgf-convert" -q --to=ascii --style=sensei --game=$g -m 0 \
        "$CASES/handicap-to-move.sgf" | head -n 1
done
