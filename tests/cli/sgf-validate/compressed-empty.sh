# A compressed file that holds no byte (gzip, bzip2 or xz of an empty
# file, or a .sgf.gz of no byte at all) is an empty record, as an empty
# .sgf is: no game tree, exit status 1; libarchive called it an
# "Unrecognized archive format" (exit status 2). A .sgf.gz cut short is
# still a file that could not be read.
: > empty.sgf
gzip -c < empty.sgf > g.sgf.gz
bzip2 -c < empty.sgf > b.sgf.bz2
xz -c < empty.sgf > x.sgf.xz
: > none.sgf.gz
printf '(;GM[1]FF[4]SZ[9];B[ee])' | gzip -c | head -c 20 > cut.sgf.gz
for f in empty.sgf g.sgf.gz b.sgf.bz2 x.sgf.xz none.sgf.gz cut.sgf.gz; do
    "$TOOL" "$f"
    echo "$f: status $?"
done
"$TOOL" -j 2 g.sgf.gz b.sgf.bz2
echo "-j 2: status $?"
