# A JSON report names every input, clean, faulty or unreadable, in the
# same stream as the diagnostics; a name that is not UTF-8 is kept whole
# in file_bytes; --summary is the last record.
printf '(;GM[1]FF[4]SZ[9]RU[Chinese];B[ee])' > clean.sgf
printf '(;GM[1]FF[4]SZ[9]RU[Chinese]KM[x])' > "caf$(printf '\351').sgf"
"$TOOL" --format=json --summary clean.sgf caf*.sgf missing.sgf
