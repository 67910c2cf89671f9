# Archives and compressed files are read member by member, each member an
# input named ARCHIVE//MEMBER; a compressed single file keeps its name;
# -r finds them as it finds *.sgf; a member that cannot be decompressed
# is an error of its own and the others go on; a broken archive is
# unreadable. The archives are made here with the system's own tools.
mkdir -p games/sub
printf '(;GM[1]FF[4]SZ[9]RU[Chinese];B[ee];W[ee])' > games/occupied.sgf
printf '(;GM[1]FF[4]SZ[9]RU[Chinese];B[ee])' > games/sub/clean.sgf
printf 'not a record' > games/sub/notes.txt
tar cf games.tar games
tar czf games.tar.gz games
tar cjf games.tar.bz2 games
tar cJf games.tar.xz games
tar --zstd -cf games.tar.zst games
(cd games && zip -qr ../games.zip .)
7z a -bd games.7z games > /dev/null
gzip -k games/occupied.sgf
for a in games.tar games.tar.gz games.tar.bz2 games.tar.xz games.tar.zst \
         games.zip games.7z games/occupied.sgf.gz; do
    "$TOOL" -q "$a"
    echo "$a: status $?"
done
# the same archives in a tree
mkdir tree && mv games.tar.gz games.zip games/occupied.sgf.gz tree/
"$TOOL" -r tree
echo "tree: status $?"
# a zip whose member b.sgf is damaged: the other member is read
cp games/sub/clean.sgf a.sgf
printf '(;GM[1]FF[4]SZ[9]RU[Chinese]C[%s])' \
    "$(head -c 3000 /dev/zero | tr '\0' 'x')" > b.sgf
zip -q -0 two.zip a.sgf b.sgf
# stored, not deflated: the text of b.sgf is in the zip as it is; change
# two of its bytes, so that its checksum fails
offset=$(grep -abo 'xxxxxxxxxx' two.zip | head -n 1 | cut -d: -f1)
printf 'yy' | dd of=two.zip bs=1 seek=$((offset + 100)) conv=notrunc \
    2> /dev/null
"$TOOL" --format=json two.zip
echo "two.zip: status $?"
# a truncated compressed tar
head -c 100 tree/games.tar.gz > cut.tar.gz
"$TOOL" cut.tar.gz
echo "cut.tar.gz: status $?"
# a compressed file whose last bytes (gzip's checksum and length) are cut
# off: libarchive gives no reason, and the message says what it can
gzip -c games/sub/clean.sgf > whole.sgf.gz
head -c $(($(wc -c < whole.sgf.gz) - 4)) whole.sgf.gz > tail-cut.sgf.gz
"$TOOL" tail-cut.sgf.gz
echo "tail-cut.sgf.gz: status $?"
"$TOOL" -j 2 tail-cut.sgf.gz whole.sgf.gz
echo "tail-cut.sgf.gz whole.sgf.gz, -j 2: status $?"
# -r that finds nothing
mkdir empty
"$TOOL" -r empty
echo "empty: status $?"
