# --ignore past the cap of 1,000 listed diagnostics of a code per input:
# 1,500 games of two warnings each; with one of the codes ignored, the
# line that says how many were left out, the summary and the totals
# count the other alone
i=0
while [ $i -lt 1500 ]; do
    echo "(;GM[1]FF[4]SZ[9]RU[Japanese]KM[6,5]XZ[$i];B[ee])"
    i=$((i + 1))
done > cap.sgf
"$TOOL" --summary cap.sgf | grep -v '^cap.sgf:[0-9]'
"$TOOL" --summary --ignore=unknown-property cap.sgf | grep -v '^cap.sgf:[0-9]'
"$TOOL" --summary --ignore=unknown-property,komi-format cap.sgf
echo "status $?"
