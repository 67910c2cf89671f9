# Values folded over two lines with soft line breaks ('\' before a line
# break: LF, CR, CRLF, LFCR), as some writers wrap long lines, read as
# one in every known property: a number, a list of points, moves and a
# composed value are kept, not dropped as bad values; to SGF and back
# from XML alike. An unknown property keeps its soft break (its type is
# unknown); a hard line break in a move is still a bad value.
printf '(;FF[4]GM[1]SZ[19]KM[6\\\n.5]AB[d\\\rd][pp]AR[a\\\r\na:cc]\n' \
    > folded.sgf
printf ';B[p\\\n\rd];W[dp]XX[a\\\nb];B[q\nd])\n' >> folded.sgf
"$TOOL" --to=sgf folded.sgf
echo "to sgf: status $?"
"$TOOL" --to=xml folded.sgf | "$TOOL" --from=xml --to=sgf -
echo "xml and back: status $?"
