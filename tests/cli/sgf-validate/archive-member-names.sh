# Members named beyond ASCII are read under their names whatever the
# archive holds them in: a 7z (UTF-16 names) and a zip that flags its
# names UTF-8 (7z -tzip) were passed over without a word in the C locale
# the tools run in; a tar holds raw bytes, and so may a zip flagged UTF-8
# whose name is not (read under its bytes). A member whose name cannot
# be read at all is an unreadable input of its own, never passed over.
mkdir g
printf '(;GM[1]FF[4]SZ[9]RU[Chinese];B[ee];W[ee])' > "g/caf$(printf '\303\251').sgf"
printf '(;GM[1]FF[4]SZ[9]RU[Chinese];B[ee])' > "g/$(printf '\346\227\245\346\234\254').sgf"
(cd g && 7z a -bd ../names.7z ./*.sgf > /dev/null)
(cd g && 7z a -bd -tzip ../names.zip ./*.sgf > /dev/null)
printf '(;GM[1]FF[4]SZ[9]RU[Chinese];B[dd])' > "g/raw$(printf '\351').sgf"
tar cf names.tar g
# a zip flagged UTF-8 (bit 11 set on an Info-ZIP archive) whose member's
# name is raw bytes
(cd g && zip -q ../flagged.zip "raw$(printf '\351').sgf")
perl -0777 -pi -e 's/(PK\x03\x04..)(.)/$1.chr(ord($2)|8)/gse;
                   s/(PK\x01\x02....)(.)/$1.chr(ord($2)|8)/gse' flagged.zip
for a in names.7z names.zip names.tar flagged.zip; do
    "$TOOL" --format=json "$a" > out.json
    echo "$a: status $?"
    sed -n 's/.*"type":"input","file":"\([^"]*\)",\("file_bytes":\[[0-9,]*\],\)\{0,1\}"status":"\([a-z]*\)".*/\1 \2\3/p' \
        out.json | LC_ALL=C sort
done
