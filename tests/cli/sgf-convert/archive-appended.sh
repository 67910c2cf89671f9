# An archive appended to (tar rf) holds two members of one name; a link
# to that name reads the member tar -x gives it: a hard link the last of
# that name before the link, a symbolic link the last of the archive.
# The names and the PB[] of each input, with -j 1 and -j 2, and what
# tar itself extracts.
printf '(;FF[4]GM[1]SZ[9]PB[v1];B[ee])' > ok.sgf
ln -s ok.sgf sym.sgf
ln ok.sgf early.sgf
tar cf a.tar ok.sgf sym.sgf early.sgf
rm ok.sgf early.sgf
printf '(;FF[4]GM[1]SZ[9]PB[v2];B[cc])' > ok.sgf
ln ok.sgf late.sgf
tar rf a.tar ok.sgf late.sgf
for j in 1 2; do
    "$TOOL" -j $j --to=tsv a.tar | cut -f 1,3
    echo "-j $j: status $?"
done
mkdir x && tar xf a.tar -C x
for f in sym early late; do
    printf '%s: ' $f; grep -o 'PB\[v.\]' x/$f.sgf
done
