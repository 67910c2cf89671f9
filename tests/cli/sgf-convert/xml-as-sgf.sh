# XML given where SGF is read: the message says the input is XML and what reads it; -r over a folder of *.xml without --from=xml says where they are read
printf '(;FF[4]GM[1]SZ[9];B[ee])' > g.sgf
"$TOOL" -q --to=xml g.sgf > g.xml
"$TOOL" --to=sgf - < g.xml
echo "status $?"
mkdir x && mv g.xml x/
"$TOOL" --to=sgf -r x
echo "status $?"
"$TOOL" --to=sgf --from=xml -r x
echo "status $?"
