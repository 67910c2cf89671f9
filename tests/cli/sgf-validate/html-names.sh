# Names and values that could forge markup are escaped; a name that is
# not UTF-8 or holds a line break is shown with C escapes; a control
# character in a value becomes U+FFFD; an input that cannot be read has
# a row with the tool's message. The rows of the table only.
printf '(;GM[1]FF[4]CA[UTF-8]SZ[9]PB[</td><script>alert(1)</script>]' > 'a<b>&"x.sgf'
printf 'PW[a&b \001 z]RE[W+R];B[ee])' >> 'a<b>&"x.sgf'
printf '(;GM[1]FF[4]SZ[9]RU[Chinese]KM[x]PB[caf\351])' > "caf$(printf '\351').sgf"
printf '(;GM[1]FF[4]SZ[9];B[ee])' > "$(printf 'line\nbreak').sgf"
status=0
"$TOOL" --format=html a*.sgf caf*.sgf line*.sgf missing.sgf > page.html ||
    status=$?
sed -n '/^<tbody id="in1"/,/^<\/section>/p' page.html
exit $status
