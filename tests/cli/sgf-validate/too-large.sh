# An input past the 4 GiB an input may hold (a sparse file: no disk
# used) cannot be read: said so (not "File too large"), exit status 2,
# the other inputs read
truncate -s 5G big.sgf || exit 77
printf '(;FF[4]GM[1]SZ[9];B[ee])\n' > ok.sgf
"$TOOL" -q big.sgf ok.sgf
echo "status $?"
"$TOOL" -q - < big.sgf
echo "status $? (standard input, a file: no guess of a device)"
