# --gtp with --path: the komi of the variation's own game-info node
# (merged games keep each game's where its line leaves the others)
"$TOOL" --gtp --path=1 "$CASES/../sgf-score/info-per-variation.sgf" |
    grep '^komi'
"$TOOL" --gtp "$CASES/../sgf-score/info-per-variation.sgf" | grep '^komi'
