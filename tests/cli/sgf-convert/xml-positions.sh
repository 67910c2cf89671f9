# Diagnostics of XML input are placed at the '<' of the element they are
# about, in the document: a <v> on a line of its own, a start tag over
# several lines, CRLF line ends (they gave places in the SGF rebuilt from
# the document: line 1).
printf '(;FF[4]GM[1]SZ[9]KM[6.5];B[ee])' > g.sgf
"$TOOL" -q --to=xml g.sgf > g.xml
sed 's|<v>6.5</v>|<v>abc</v>|' g.xml > one.xml
sed 's|<v>6.5</v>|<v\
\
   >abc</v\
>|' g.xml > multi.xml
sed 's/$/\r/' multi.xml > crlf.xml
for f in one.xml multi.xml crlf.xml; do
    "$TOOL" --from=xml --to=sgf "$f" > /dev/null
done
grep -n 'abc' one.xml
grep -n '<v$' multi.xml
