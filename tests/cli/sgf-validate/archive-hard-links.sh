# A tar stores a hard-linked member's data once, under its first name,
# and each other name as a link to it: every name is an input of its own,
# read from its target (in one more reading of the archive), never
# skipped; a link whose target the archive does not hold is said so.
mkdir d
printf '(;GM[1]FF[4]SZ[9]RU[Chinese];B[ee];W[ee])' > d/b.sgf
ln d/b.sgf d/a.sgf
ln d/b.sgf d/c.sgf
tar cf links.tar d
"$TOOL" --format=json links.tar > report.json
echo "status $?"
grep '"type":"input"' report.json
"$TOOL" -j 2 links.tar
echo "-j 2: status $?"
# a link whose target was deleted from the archive
mkdir e && printf '(;GM[1]FF[4]SZ[9];B[ee])' > e/x.sgf && ln e/x.sgf e/y.sgf
tar cf lonely.tar e/y.sgf e/x.sgf
tar --delete -f lonely.tar e/y.sgf
"$TOOL" lonely.tar
echo "lonely: status $?"
# an archive that holds no .sgf member (only another archive): said so,
# trouble, not "0 files" with status 0
mkdir f && printf 'notes' > f/notes.txt && tar cf inner.tar f
tar cf outer.tar inner.tar
"$TOOL" outer.tar
echo "archive of archives: status $?"
# a link to a link (an archive appended to: g/c.sgf names g/b.sgf, itself
# a link to g/a.sgf, which holds the data): read from the end of the
# chain, at -j 1 and -j 2, not said to have no target
mkdir -p g x/g
printf '(;GM[1]FF[4]SZ[9]RU[Chinese];B[ee];W[ee])' > g/a.sgf
ln g/a.sgf g/b.sgf
tar cf chain.tar g/a.sgf g/b.sgf
printf '(;GM[1]FF[4]SZ[9];B[cc])' > x/g/b.sgf
ln x/g/b.sgf x/g/c.sgf
tar cf more.tar -C x g/b.sgf g/c.sgf
tar -A -f chain.tar more.tar
tar --delete --occurrence=2 -f chain.tar g/b.sgf
tar tvf chain.tar | awk '{ s = $6; for (i = 7; i <= NF; i++) s = s " " $i
    print s }'
"$TOOL" chain.tar
echo "chain: status $?"
"$TOOL" -j 2 chain.tar
echo "chain -j 2: status $?"
