# Compressed data given as SGF (a pipe, or a name without the format's
# ending): said in one error, "these bytes are gzip data", instead of a
# flood of syntax errors or games read from junk; the same with -j 2
# over parts.
gzip -c "$CASES/clean.sgf" | "$TOOL" -
echo "stdin: status $?"
gzip -c "$CASES/clean.sgf" > gz.sgf
bzip2 -c "$CASES/clean.sgf" > bz.sgf
xz -c "$CASES/clean.sgf" > xz.sgf
"$TOOL" gz.sgf bz.sgf xz.sgf
echo "files: status $?"
SGF_PART_BYTES=64 "$TOOL" -j 2 gz.sgf
echo "-j 2: status $?"
cp gz.sgf clean.sgf.gz
"$TOOL" -q clean.sgf.gz
echo "named .sgf.gz: status $?"
