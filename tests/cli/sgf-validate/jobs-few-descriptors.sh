# -j 2 under every descriptor limit from 6 to 16: a worker that cannot
# start, or would have too few descriptors left to read its inputs,
# gives back what it opened, and the inputs are read by the workers that
# started or by this process alone: every one of them, with the exit
# status of one process (they were lost to "Too many open files", exit
# status 2). Each limit prints one line: how many of the three inputs
# were read (each has one illegal move) and the exit status; then the
# same with an archive of two of them.
mkdir d tmp
printf '(;GM[1]FF[4]SZ[9];B[ee];W[ee])' > d/a.sgf
printf '(;GM[1]FF[4]SZ[9];B[cc];W[gg];B[ee];W[ee])' > d/b.sgf
n=6
while [ $n -le 16 ]; do
    (ulimit -n $n
     exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
     TMPDIR=tmp exec "$TOOL" -q -j 2 d/a.sgf d/b.sgf d/a.sgf) > out 2>&1
    st=$?
    echo "$n descriptors: $(grep -c 'illegal-occupied' out) of 3 read," \
        "$(grep -c 'cannot open' out) lost, status $st"
    n=$((n + 1))
done
# the same with an archive, which this process reads (its members are
# shared out): its descriptors come from the same spare ones
tar cf d/t.tar -C d a.sgf b.sgf
n=6
while [ $n -le 16 ]; do
    (ulimit -n $n
     exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
     TMPDIR=tmp exec "$TOOL" -q -j 2 d/t.tar d/a.sgf) > out 2>&1
    st=$?
    echo "$n descriptors, an archive: $(grep -c 'illegal-occupied' out)" \
        "of 3 read, $(grep -c 'cannot open\|cannot read' out) lost, status $st"
    n=$((n + 1))
done
