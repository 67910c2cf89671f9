# --path through 300 branching points, one per move (the old limit was
# 256 numbers): each of 300 moves has a sibling; the path takes the
# first child 299 times, then the sibling of the 300th move, and the
# board shows 299 moves.
i=0 s='(;GM[1]FF[4]SZ[19]RU[Japanese]' tail='' path=''
for a in a b c d e f g h i j k l m n o p; do
    for b in a b c d e f g h i j k l m n o p q r s; do
        [ $i -lt 300 ] || break 2
        if [ $((i % 2)) -eq 0 ]; then c=B; else c=W; fi
        s="$s(;$c[$a$b]"
        tail=")(;C[side $i])$tail"
        if [ $i -lt 299 ]; then path="${path}0."; else path="${path}1"; fi
        i=$((i + 1))
    done
done
printf '%s%s)\n' "$s" "$tail" > deep.sgf
"$TOOL" -q --path="$path" deep.sgf | grep "^Move"
echo "status $?"
"$BINDIR/sgf-score" -q --dead=none --format=tsv --path="$path" deep.sgf |
    cut -f 1-5,8
