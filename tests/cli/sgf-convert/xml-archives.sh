# SGF XML packed: a file compressed on its own (x.xml.gz) is read as XML
# by its name, as x.xml is; with --from=xml the .xml members of an
# archive are read (not its .sgf ones), and -r takes x.xml.gz and
# archives as it takes x.sgf.gz; -j 2 gives the same. The XML reader
# reads a member's data, never the archive's own bytes.
mkdir -p x/sub
"$TOOL" --to=xml -q -o x/a.xml "$CASES/game.sgf"
cp "$CASES/game.sgf" x/b.sgf
gzip -c x/a.xml > x/sub/c.xml.gz
(cd x && tar cf ../both.tar a.xml b.sgf && zip -q ../both.zip a.xml b.sgf)
gzip -c both.tar > x/sub/d.tar.gz
"$TOOL" --to=sgf -q x/sub/c.xml.gz | grep -c '^(;'
echo "x.xml.gz: status $?"
"$TOOL" --from=xml --to=sgf both.tar both.zip | grep -c '^(;'
echo "--from=xml, two archives: status $?"
"$TOOL" --to=sgf both.tar both.zip | grep -c '^(;'
echo "sgf, two archives: status $?"
"$TOOL" --from=xml --to=sgf -r x | grep -c '^(;'
echo "-r --from=xml: status $?"
"$TOOL" --from=xml --to=sgf -j 2 -r x > j2.out
"$TOOL" --from=xml --to=sgf -j 1 -r x > j1.out
cmp j1.out j2.out && echo "-j 2: the same"
gzip -c x/b.sgf > b.sgf.gz
"$TOOL" --from=xml --to=sgf b.sgf.gz 2>&1
echo "--from=xml, an SGF file compressed: status $?"
"$TOOL" --to=sgf missing.tar.gz 2>&1
echo "a missing archive: status $?"
tar cf sgf-only.tar -C x b.sgf
"$TOOL" --from=xml --to=sgf sgf-only.tar
echo "--from=xml, no .xml member: status $?"
