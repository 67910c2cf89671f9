# A symbolic link of an archive whose name ends in .sgf is an input under
# its own name, read from the member it names (from the link's folder, a
# link to a link followed to its end, through names of any ending); one
# that leaves the archive (an absolute path, '..' past its top) is never
# followed, and one to a member the archive does not hold, or a loop,
# cannot be read; a fifo named *.sgf holds no record and is said so. None
# is passed over in silence: not when the archive breaks off after the
# links (those whose member comes before the break are read), not when
# the archive is a fifo (it cannot be read again for its links). A name
# and a target match however each is written ("./l.sgf" and "ok.sgf").
# The archives are made with tar and zip.
mkdir -p r/sub
printf '(;GM[1]FF[4]SZ[9]RU[Chinese];B[ee];W[ee])' > r/ok.sgf
ln -s ok.sgf r/sym.sgf
ln -s ../ok.sgf r/sub/up.sgf
ln -s sym.sgf r/symsym.sgf
ln -s ok.sgf r/plain-link
ln -s plain-link r/via.sgf
ln -s /etc/passwd r/abs.sgf
ln -s ../../x.sgf r/out.sgf
ln -s nothere.sgf r/dangling.sgf
ln -s loop2.sgf r/loop1.sgf
ln -s loop1.sgf r/loop2.sgf
mkfifo r/fifo.sgf
# names as tar -C r . writes them ("./sym.sgf"), and without "./"
tar cf dot.tar -C r .
(cd r && tar cf ../plain.tar ok.sgf sym.sgf sub symsym.sgf plain-link \
    via.sgf abs.sgf out.sgf dangling.sgf loop1.sgf loop2.sgf fifo.sgf)
rm r/fifo.sgf
(cd r && zip -qry ../links.zip ok.sgf sym.sgf sub symsym.sgf plain-link \
    via.sgf abs.sgf out.sgf dangling.sgf loop1.sgf loop2.sgf)
# (the lines sorted: the order of a tar made from a folder is the file
# system's)
for a in dot.tar plain.tar links.zip; do
    "$TOOL" --format=json "$a" > json.out 2> json.err
    echo "$a: status $?"
    sed 's/,"errors".*//' json.out | LC_ALL=C sort
    LC_ALL=C sort json.err
    "$TOOL" -q -j 2 "$a" > j2.out 2>&1
    echo "$a -j 2: status $?"
    LC_ALL=C sort j2.out
done
# "./l.sgf" -> "ok.sgf" beside "ok.sgf" (tar keeps the names as given)
printf '(;GM[1]FF[4]SZ[9]RU[Chinese];B[ee])' > ok.sgf
mkdir sub2
ln -s ../ok.sgf sub2/l2.sgf
ln -s ok.sgf l.sgf
tar cf mixed.tar ok.sgf ./l.sgf ./sub2/l2.sgf
"$TOOL" mixed.tar
echo "mixed.tar: status $?"
# links, then a member cut off: the links read from ok.sgf, before it
head -c 30000 /dev/zero | tr '\0' x > after.sgf
ln ok.sgf hard.sgf
tar cf full.tar ok.sgf l.sgf hard.sgf after.sgf
head -c $((512 * 4 + 100)) full.tar > cut.tar
"$TOOL" cut.tar
echo "cut.tar: status $?"
"$TOOL" -j 2 cut.tar
echo "cut.tar -j 2: status $?"
# the archive read from a fifo: its links cannot be read again
mkfifo fifo.tar
cat plain.tar > fifo.tar &
"$TOOL" -q fifo.tar 2>&1 | LC_ALL=C sort
wait
