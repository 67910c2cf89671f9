# SGF XML declared in Shift_JIS is refused: Shift_JIS reads the byte of
# the SGF escape '\' as the yen sign, so that the value "a\]b" (a]b)
# would read "a<yen>\]b". CP932, which reads it as '\', is read.
printf '<?xml version="1.0" encoding="Shift_JIS"?>\n<collection xmlns="urn:libsgf:sgf:1" version="1"><game index="0"><node><prop id="C"><v>a\\]b</v></prop></node></game></collection>\n' \
    > sj.xml
sed 's/Shift_JIS/CP932/' sj.xml > cp.xml
"$TOOL" --from=xml --to=sgf sj.xml
echo "Shift_JIS: status $?"
"$TOOL" --from=xml --to=sgf cp.xml
echo "CP932: status $?"
