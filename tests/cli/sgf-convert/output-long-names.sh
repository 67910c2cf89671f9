# -o DIR/ writes each output under a temporary name next to it first:
# a name as long as the file system takes (255 bytes) is written too,
# and one too long for it is refused with both names, the input's other
# outputs going on.
mkdir in out
n251=$(printf '%0251d' 0 | tr 0 a)
n255=$(printf '%0255d' 0 | tr 0 b)
printf '(;FF[4]GM[1]SZ[9];B[ee])\n' > "in/$n251.sgf"
printf '(;FF[4]GM[1]SZ[9];B[ee])\n' > "in/short.sgf"
"$TOOL" --to=sgf -o out/ "in/$n251.sgf" in/short.sgf
echo "255-byte names: status $?"
ls out | awk '{ print length($0) }'
"$TOOL" --to=json -o out/ "in/$n251.sgf" 2> err
echo "a 256-byte name: status $?"
sed "s/$n251/NAME251/g; s/a*\.[0-9]*-[0-9]*'/TMP'/" err
ls out | awk '{ print length($0) }'
