# A file name holding a newline cannot forge a diagnostic line: text
# output writes it with C escapes, in every tool and in tool messages.
name=$(printf 'evil\nx.sgf:1:1: error: forged')
printf '(;GM[1]FF[4]KM[x])' > "$name"
"$TOOL" --to=tsv "$name" | sed -n 2p | cut -f1
"$TOOL" --to=sgf -o "$name" "$name"
"$BINDIR/sgf-validate" "$name"
"$BINDIR/sgf-replay" -q "$name" | head -n 1
"$BINDIR/sgf-score" -q --dead=none "$name"
exit 0
