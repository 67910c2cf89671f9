# The page's bounds: one input with 50 illegal moves and 150 warnings
# shows 20 diagrams and 100 warnings, and says what it left out; 26 such
# inputs reach the page's 500 diagrams. The counts stay whole.
{
    printf '(;GM[1]FF[4]SZ[9]RU[Japanese];B[aa]'
    i=0
    while [ $i -lt 25 ]; do printf ';W[aa];B[aa]'; i=$((i + 1)); done
    i=0
    while [ $i -lt 150 ]; do printf ';XX[%d]' $i; i=$((i + 1)); done
    printf ')\n'
} > big.sgf
"$TOOL" --format=html big.sgf > one.html
echo "one input: exit status $?, $(grep -c '<figure class="move"' one.html) diagrams"
grep -e 'class="more"' -e 'class="bound"' -e '<dt>Illegal moves' one.html
i=0
while [ $i -lt 26 ]; do cp big.sgf "big$i.sgf"; i=$((i + 1)); done
"$TOOL" --format=html big?.sgf big??.sgf > many.html
echo "26 inputs: exit status $?, $(grep -c '<figure class="move"' many.html) diagrams"
grep -e 'class="bound"' -e '<dt>Illegal moves' many.html
grep -c 'illegal moves not drawn' many.html
