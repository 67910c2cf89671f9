# -o FILE with an input that cannot be read: the table holds the rows of
# the inputs that were read, as standard output does, and the exit
# status says the trouble (the old file was kept as it was, silently)
printf '(;FF[4]GM[1]SZ[9]PB[Black];B[ee])\n' > ok.sgf
printf 'old table\n' > games.tsv
"$TOOL" --to=tsv -o games.tsv ok.sgf missing.sgf
echo "status $?"
cut -f 1-3 games.tsv
