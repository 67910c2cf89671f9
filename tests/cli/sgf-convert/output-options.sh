# Usage errors of -o: --overwrite (as --keep-dirs and --split) goes with
# -o DIR only (-o FILE replaces its file anyway), and an empty name is
# no output; nothing is written either way
printf '(;FF[4]GM[1]SZ[9];B[aa])' > in.sgf
"$TOOL" --to=sgf --overwrite -o out.sgf in.sgf
echo "--overwrite -o FILE: status $?"
"$TOOL" --to=sgf -o '' in.sgf
echo "-o '': status $?"
ls
# two inputs of one output name: --keep-dirs is offered only when their
# folders differ (in one folder it would not keep them apart)
mkdir n m
cp in.sgf n/a; cp in.sgf n/a.sgf; cp in.sgf m/a.sgf
"$TOOL" --to=sgf -o same/ n/a n/a.sgf
echo "one folder: status $?"
"$TOOL" --to=sgf -o apart/ n/a m/a.sgf
echo "two folders: status $?"
