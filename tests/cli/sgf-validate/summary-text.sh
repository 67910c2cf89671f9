# --summary as text: inputs by status, then the codes, most frequent
# first, on standard output after the diagnostics.
printf '(;GM[1]FF[4]SZ[9]C[a]C[b];B[zz])' > a.sgf
printf '(;GM[1]FF[4]SZ[9]C[a]C[b])' > b.sgf
"$TOOL" -q --summary a.sgf b.sgf nope.sgf
