# TSV fields are escaped the same way in every tool, whatever the name:
# a name with a backslash and one with a line feed at the same place
# stay two names (sgf-score wrote both as a\nb.sgf), as in sgf-convert
printf '(;FF[4]GM[1]SZ[9]KM[0]RE[B+R];B[ee])\n' > 'a\nb.sgf'
cp 'a\nb.sgf' "$(printf 'a\nb.sgf')"
"$TOOL" -q --format=tsv --dead=none 'a\nb.sgf' "$(printf 'a\nb.sgf')" |
    cut -f 1,2
"$BINDIR/sgf-convert" -q --to=tsv 'a\nb.sgf' "$(printf 'a\nb.sgf')" |
    cut -f 1,2
