# -o FILE with an input that cannot be read: the table holds the rows of
# the inputs that were read, as standard output does, and the exit
# status says the trouble (the old file was kept as it was, silently)
printf '(;FF[4]GM[1]SZ[9]PB[Black];B[ee])\n' > ok.sgf
printf 'old table\n' > games.tsv
"$TOOL" --to=tsv -o games.tsv ok.sgf missing.sgf
echo "status $?"
cut -f 1-3 games.tsv
# one XML document per output: an archive's second member is refused
# (exit status 2) and the file holds the first member's document; no
# input converted, no file
printf '(;FF[4]GM[1]SZ[9];B[dd])\n' > b.sgf
zip -q two.zip ok.sgf b.sgf
"$TOOL" --to=xml --no-go -o one.xml two.zip
echo "status $?"
grep -c '<game ' one.xml
grep -c '<v>ee</v>' one.xml
"$TOOL" --to=xml -o none.xml missing.sgf
echo "status $?"
test -e none.xml || echo "none.xml not written"
