# Every input is in the report: a directory given without -r and a
# --files-from list that cannot be opened have an input record each
# ("unreadable", with what was said), as the summary counts them
mkdir folder
printf '(;FF[4]GM[1]SZ[9]RU[Chinese];B[ee])\n' > ok.sgf
"$TOOL" --format=json --summary folder ok.sgf --files-from=nolist
echo "status $?"
