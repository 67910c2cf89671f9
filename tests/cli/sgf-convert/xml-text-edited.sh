# An edit of the <text> beside a value's <raw> is not read back (the
# <raw> is): said at the value (xml-text-ignored, critical), and the
# record is not converted unless --force. An unedited document reads
# back clean.
"$TOOL" --to=xml "$CASES/../../../samples/names-gb2312.sgf" > doc.xml
"$TOOL" --from=xml --to=sgf doc.xml > /dev/null
echo "status $?"
sed 's|<text>示例杯</text>|<text>新杯</text>|' doc.xml > edited.xml
"$TOOL" --from=xml --to=sgf edited.xml
echo "status $?"
"$TOOL" --force --from=xml --to=sgf edited.xml 2>/dev/null | grep -c '示例杯'
