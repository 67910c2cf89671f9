# Names of one folder after another, given or listed or walked, are each
# read as the name says whatever folder came before: the same file, the
# same message for a name that is missing, a folder, a folder named with
# a trailing '/', a name through '..', a folder that does not exist; and
# with only 4 descriptors (3 of them the standard streams) every name is
# still read, a compressed one too; the same with -j 2. A name is looked up when it is read: a
# folder re-pointed (a symbolic link moved to another release) while the
# tool waits on an earlier name of it gives the later name's file in the
# folder it now names, not in the one the earlier name was found in.
mkdir -p d/sub e
printf '(;GM[1]FF[4]SZ[9];B[ee];W[ee])' > d/a.sgf
printf '(;GM[1]FF[4]SZ[9];B[cc];W[gg]' > d/b.sgf
printf '(;GM[1]FF[4]SZ[9];B[aa])' > d/sub/c.sgf
printf '(;GM[1]FF[4]SZ[9];B[zz])' > e/x.sgf
printf '%s\n' d/a.sgf d/missing.sgf d/b.sgf d/sub d/sub/ d/../d/b.sgf \
    nosuch/x.sgf d/sub/c.sgf e/x.sgf ./d/a.sgf d/a.sgf > list
"$TOOL" --files-from=list
echo "listed: status $?"
"$TOOL" d/a.sgf d/missing.sgf d/sub/c.sgf d/b.sgf e/x.sgf d/a.sgf
echo "given: status $?"
"$TOOL" -r d e
echo "-r: status $?"
gzip -c d/a.sgf > d/z.sgf.gz
(ulimit -n 4
 exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
 "$TOOL" d/a.sgf d/b.sgf d/sub/c.sgf d/z.sgf.gz
 echo "4 descriptors: status $?"
 "$TOOL" -r d
 echo "4 descriptors, -r: status $?")
rm d/z.sgf.gz
"$TOOL" -j 2 --files-from=list
echo "listed, -j 2: status $?"
"$TOOL" -j 2 -r d e
echo "-r, -j 2: status $?"
mkdir v1 v2
ln -s v1 cur
mkfifo v1/first.sgf || { echo "no mkfifo here" >&2; exit 77; }
printf '(;GM[1]FF[4]C[v1 b])' > v1/b.sgf
printf '(;GM[1]FF[4]C[v2 b])' > v2/b.sgf
(sleep 1; ln -sfn v2 cur; printf '(;GM[1]FF[4]C[first])' > v1/first.sgf) &
"$BINDIR/sgf-convert" --to=sgf cur/first.sgf cur/b.sgf
echo "re-pointed: status $?"
wait
