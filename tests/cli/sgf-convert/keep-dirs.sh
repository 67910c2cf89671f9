# --keep-dirs: the outputs mirror the inputs' folders under DIR, so two
# inputs of the same name in different folders both get converted;
# without it the second is refused. '..' cannot lead outside DIR, and an
# archive member's path is kept under the archive's name.
mkdir -p in/a in/b
cp "$CASES/game.sgf" in/a/x.sgf
cp "$CASES/game.sgf" in/b/x.sgf
"$TOOL" --to=sgf -q -r in -o flat/
echo "flat: status $?"
find flat -type f | sort
"$TOOL" --to=sgf -q -r in -o tree/ --keep-dirs
echo "tree: status $?"
find tree -type f | sort
mkdir -p deep/er
(cd deep/er && "$TOOL" --to=tsv -q --keep-dirs -o ../../up/ ../../in/a/x.sgf)
echo "up: status $?"
find up -type f | sort
(cd in && zip -q -r ../games.zip .)
"$TOOL" --to=xml -q --keep-dirs -o members/ games.zip
echo "members: status $?"
find members -type f | sort
"$TOOL" --to=sgf --keep-dirs in/a/x.sgf
echo "without -o: status $?"
# a member named '../x.sgf' (tar -P keeps the name as written) stays in
# DIR/ARCHIVE/: it does not replace DIR/x.sgf, even with --overwrite
(cd in/a && tar -cPf ../../evil.tar ../b/x.sgf)
"$TOOL" --to=sgf -q -o evil/ in/a/x.sgf
"$TOOL" --to=sgf -q --keep-dirs --overwrite -o evil/ evil.tar
echo "evil: status $?"
find evil -type f | sort
