# Names given one after another, read as they come: each is opened once
# by the walk and handed to the reader. A directory without -r is said so
# and skipped, a missing file is named with the reason, a fifo waits for
# its writer (which opens it a second later: read whole, not taken as
# empty), a link to a file is read through it, and the order of the
# output is the order of the names; with --files-from the same. A fifo
# named as an archive is opened once, by the archive reader: its writer,
# there first and gone once it has written, is read whole, not waited
# for a second time; and an archive needs no descriptor but the archive
# reader's (with at most 4 open, 3 of them the standard streams).
printf '(;GM[1]FF[4]SZ[9];B[ee];W[ee])' > a.sgf
printf '(;GM[1]FF[4]SZ[9];B[cc];W[gg])' > b.sgf
mkdir d && cp a.sgf d/c.sgf
ln -s b.sgf link.sgf
ln -s d linkdir
mkfifo late.sgf || { echo "no mkfifo here" >&2; exit 77; }
late() {
    (sleep 1; printf '(;GM[1]FF[4]SZ[9];B[aa];W[aa])' > late.sgf) &
}
late
"$TOOL" a.sgf d missing.sgf late.sgf link.sgf linkdir b.sgf
echo "status $?"
wait
late
printf '%s\n' a.sgf d missing.sgf late.sgf link.sgf linkdir b.sgf > list
"$TOOL" --files-from=list
echo "listed: status $?"
wait
"$TOOL" -r d linkdir a.sgf
echo "-r: status $?"
gzip -c a.sgf > a.sgf.gz
mkfifo early.sgf.gz
(cat a.sgf.gz > early.sgf.gz) &
timeout 10 "$TOOL" b.sgf early.sgf.gz a.sgf
echo "archive fifo: status $?"
wait
(ulimit -n 4
 exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
 "$TOOL" -q a.sgf.gz)
echo "archive, 4 descriptors: status $?"
