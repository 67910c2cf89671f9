# -r passes over no name it wants: a link to nothing named *.sgf cannot
# be read (as when named), a fifo named *.sgf is said and not read (it
# would block); each is an input that could not be read, exit status 2
mkdir t
printf '(;FF[4]GM[1]SZ[9]RU[Chinese];B[ee])\n' > t/ok.sgf
ln -s /nonexistent/x.sgf t/gone.sgf
mkfifo t/pipe.sgf
"$TOOL" --format=json -r t
echo "status $?"
