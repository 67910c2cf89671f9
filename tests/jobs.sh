#!/bin/sh
# -j N against one process: every tool, in several formats and with -o,
# over the given trees, must give byte for byte the same standard output,
# standard error and exit status with -j 2 (and -j 3) as with -j 1.
#
#   sh tests/jobs.sh BINDIR DIR...
# The last line is "jobs: N passed, M failed"; exit status 1 on a failure.
set -u
if [ $# -lt 2 ]; then
    echo "usage: sh tests/jobs.sh BINDIR DIR..." >&2
    exit 2
fi
bindir=$1
shift
tmp=$(mktemp -d "${TMPDIR:-/tmp}/jobs.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
LC_ALL=C
export LC_ALL
passed=0
failed=0

# run J OUT TOOL ARG...: the tool over the trees with -j J, its outputs
# in OUT.out, OUT.err, OUT.status
run() {
    j=$1 out=$2
    shift 2
    tool=$1
    shift
    "$bindir/$tool" -j "$j" "$@" > "$out.out" 2> "$out.err" </dev/null
    echo $? > "$out.status"
}

check() {
    what=$*
    run 1 "$tmp/one" "$@" -r $trees
    ok=1
    for j in 2 3; do
        run "$j" "$tmp/many" "$@" -r $trees
        for k in out err status; do
            cmp -s "$tmp/one.$k" "$tmp/many.$k" || ok=0
        done
    done
    if [ $ok = 1 ]; then
        passed=$((passed + 1))
    else
        echo "FAIL jobs: $what: -j 2 or -j 3 differs from -j 1"
        diff "$tmp/one.out" "$tmp/many.out" | head -n 5
        diff "$tmp/one.err" "$tmp/many.err" | head -n 5
        failed=$((failed + 1))
    fi
}
# check_one TOOL ARG...: standard output and error to one file (2>&1),
# and to one pipe: a run in batches interleaves them as one process does
check_one() {
    what=$*
    tool=$1
    shift
    "$bindir/$tool" -j 1 "$@" -r $trees > "$tmp/one.both" 2>&1 </dev/null
    ok=1
    for j in 2 3; do
        "$bindir/$tool" -j "$j" "$@" -r $trees > "$tmp/many.both" 2>&1 \
            </dev/null
        cmp -s "$tmp/one.both" "$tmp/many.both" || ok=0
        "$bindir/$tool" -j "$j" "$@" -r $trees 2>&1 </dev/null |
            cat > "$tmp/many.both"
        cmp -s "$tmp/one.both" "$tmp/many.both" || ok=0
    done
    if [ $ok = 1 ]; then
        passed=$((passed + 1))
    else
        echo "FAIL jobs: $what 2>&1: -j 2 or -j 3 differs from -j 1"
        diff "$tmp/one.both" "$tmp/many.both" | head -n 5
        failed=$((failed + 1))
    fi
}
trees="$*"
check_one sgf-validate
check_one sgf-replay
check_one sgf-score --format=tsv
check_one sgf-convert --to=sgf
check sgf-validate
check sgf-validate --format=json --summary
check sgf-replay
check sgf-replay --format=json
check sgf-score
check sgf-score --format=tsv --dead=none --summary
check sgf-convert --to=sgf
check sgf-convert --to=tsv
check sgf-convert --to=json
check sgf-convert --to=ascii
check sgf-convert --to=tsv -o "$tmp/table.tsv"
# one collection read in parts (-j cuts a large input; SGF_PART_BYTES
# makes these small ones large): the same bytes, status and counts as
# one process, for every tool and format, through a file and a pipe,
# with standard output and error apart and as one file:
#   all.sgf    the records here, again and again (variations, faults,
#              charsets, junk between games)
#   open.sgf   all of them, one with a value never closed (it swallows
#              the rest: the parts after it are read past the end)
#   cap.sgf    1500 games with the same warning and note: the cap of
#              diagnostics per code is the whole input's (1000), with
#              the line saying how many were left out
#   redo.sgf   Shift_JIS values whose second byte is '\' and a UTF-16
#              file inside: the quick scan's cuts are wrong and parts are
#              read again from where the one before ended
mkdir -p "$tmp/coll"
find $trees -type f \( -name '*.sgf' -o -name '*.SGF' \) | LC_ALL=C sort \
    > "$tmp/coll/list"
: > "$tmp/coll/clean"
while IFS= read -r f; do
    "$bindir/sgf-validate" --syntax-only -q "$f" 2>/dev/null |
        grep -q 'unclosed-' || echo "$f" >> "$tmp/coll/clean"
done < "$tmp/coll/list"
# (again and again up to 100 KB; parts of about a 40th of it)
: > "$tmp/coll/all.sgf"
while [ "$(wc -c < "$tmp/coll/all.sgf")" -lt 100000 ]; do
    while IFS= read -r f; do cat "$f"; echo; done < "$tmp/coll/clean" \
        >> "$tmp/coll/all.sgf"
done
part=$(($(wc -c < "$tmp/coll/all.sgf") / 40))
[ "$part" -ge 3000 ] || part=3000
while IFS= read -r f; do cat "$f"; echo; done < "$tmp/coll/list" \
    > "$tmp/coll/open.sgf"
cat "$tmp/coll/all.sgf" >> "$tmp/coll/open.sgf"
i=0
while [ $i -lt 1500 ]; do
    echo "(;GM[1]FF[4]SZ[9]KM[6,5]XZ[$i];B[ee];W[cc])"
    i=$((i + 1))
done > "$tmp/coll/cap.sgf"
i=0
while [ $i -lt 300 ]; do
    printf '(;GM[1]FF[4]CA[Shift_JIS]SZ[9]PB[\225\\])(;B[ee])\n'
    printf '(;GM[1]FF[4]SZ[9];B[ee];W[cc](;B[gg])(;B[gc]))\n'
    [ $((i % 50)) = 7 ] && printf '(\000;\000B\000[\000a\000a\000]\000)\000\n'
    i=$((i + 1))
done > "$tmp/coll/redo.sgf"
parts_check() {
    what=$*
    tool=$1
    shift
    ok=1
    for f in all open cap redo; do
        in=$tmp/coll/$f.sgf
        "$bindir/$tool" -j 1 "$@" "$in" > "$tmp/p1.out" 2> "$tmp/p1.err" \
            </dev/null
        echo $? > "$tmp/p1.status"
        "$bindir/$tool" -j 1 "$@" "$in" > "$tmp/p1.both" 2>&1 </dev/null
        for j in 2 3; do
            SGF_PART_BYTES=$part "$bindir/$tool" -j "$j" "$@" "$in" \
                > "$tmp/pj.out" 2> "$tmp/pj.err" </dev/null
            echo $? > "$tmp/pj.status"
            SGF_PART_BYTES=$part "$bindir/$tool" -j "$j" "$@" "$in" 2>&1 \
                </dev/null | cat > "$tmp/pj.both"
            for k in out err status both; do
                if ! cmp -s "$tmp/p1.$k" "$tmp/pj.$k"; then
                    [ $ok = 0 ] || echo "FAIL jobs: parts of $f.sgf:" \
                        "$what -j $j: standard $k differs"
                    [ $ok = 0 ] || diff "$tmp/p1.$k" "$tmp/pj.$k" |
                        head -n 5
                    ok=0
                fi
            done
        done
    done
    if [ $ok = 1 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
}
parts_check sgf-validate
parts_check sgf-validate --format=json --summary
parts_check sgf-replay
parts_check sgf-replay --format=json -q
parts_check sgf-score
parts_check sgf-score --format=json --dead=none --summary
# --ignore: what is ignored counts nowhere, past the cap either (cap.sgf:
# 1,500 of each of two warnings; one ignored)
parts_check sgf-validate --ignore=unknown-property --summary
parts_check sgf-validate --format=json --ignore=komi-format --summary
parts_check sgf-score --format=tsv
parts_check sgf-convert --force --to=sgf
parts_check sgf-convert --force --to=tsv
parts_check sgf-convert --force --to=json
# standard output to /dev/null (the workers write it there themselves):
# the same standard error and status, a collection in parts included
ok=1
for t in sgf-validate sgf-replay sgf-score; do
    for in in "-r $trees" "$tmp/coll/cap.sgf"; do
        "$bindir/$t" -j 1 $in > /dev/null 2> "$tmp/n1.err"
        echo $? > "$tmp/n1.status"
        SGF_PART_BYTES=$part "$bindir/$t" -j 2 $in > /dev/null \
            2> "$tmp/n2.err"
        echo $? > "$tmp/n2.status"
        cmp -s "$tmp/n1.err" "$tmp/n2.err" || ok=0
        cmp -s "$tmp/n1.status" "$tmp/n2.status" || ok=0
    done
done
if [ $ok = 1 ]; then
    passed=$((passed + 1))
else
    echo "FAIL jobs: standard output to /dev/null: -j 2 differs from -j 1"
    failed=$((failed + 1))
fi
# standard output closed (>&-): the same message and status (a closed
# stream is held so that no file the tool opens takes its number); the
# output and error as two openings of one file (>f 2>f): the same bytes;
# sgf-score with --path or --dead=POINTS, whose trouble in one game stops
# the counting of its input: the input is not cut, the same output
ok=1
for in in "-r $trees" "$tmp/coll/cap.sgf"; do
    for j in 1 2; do
        SGF_PART_BYTES=$part "$bindir/sgf-validate" -j $j $in >&- \
            2> "$tmp/c$j.err"
        echo $? >> "$tmp/c$j.err"
        SGF_PART_BYTES=$part "$bindir/sgf-replay" -j $j $in \
            > "$tmp/f$j.both" 2> "$tmp/f$j.both"
        for opt in --path=1 --dead=dd; do
            SGF_PART_BYTES=$part "$bindir/sgf-score" -j $j $opt \
                "$tmp/coll/redo.sgf" > "$tmp/s$j$opt.out" 2>&1
            echo $? >> "$tmp/s$j$opt.out"
        done
    done
    cmp -s "$tmp/c1.err" "$tmp/c2.err" || ok=0
    cmp -s "$tmp/f1.both" "$tmp/f2.both" || ok=0
    for opt in --path=1 --dead=dd; do
        cmp -s "$tmp/s1$opt.out" "$tmp/s2$opt.out" || ok=0
    done
done
if [ $ok = 1 ]; then
    passed=$((passed + 1))
else
    echo "FAIL jobs: >&-, >f 2>f, or sgf-score --path/--dead=POINTS:" \
         "-j 2 differs from -j 1"
    failed=$((failed + 1))
fi
# -o DIR: the same files
for j in 1 2; do
    "$bindir/sgf-convert" -j "$j" -q --to=sgf --keep-dirs -r $trees \
        -o "$tmp/dir$j/" > /dev/null 2>&1
done
if diff -r "$tmp/dir1" "$tmp/dir2" > /dev/null; then
    passed=$((passed + 1))
else
    echo "FAIL jobs: sgf-convert -o DIR --keep-dirs: the files differ"
    failed=$((failed + 1))
fi
# outputs larger than a worker goes on past (1 MiB) that are not yet
# due: a collection of 200 games among small inputs, before and after
# it, to standard output through a pipe and into a file
mkdir -p "$tmp/big"
first=$(ls samples/*.sgf | head -n 1)
i=0
while [ $i -lt 200 ]; do cat samples/pro-game-19x19.sgf; i=$((i + 1)); done \
    > "$tmp/big/m.sgf"
for k in a b c d e f g h i j k l n o p q r s t u v w x y z; do
    cp "$first" "$tmp/big/$k.sgf"
done
for j in 1 2 3; do
    "$bindir/sgf-replay" -j "$j" --format=json -r "$tmp/big" \
        2> "$tmp/big$j.err" | cat > "$tmp/big$j.pipe"
    "$bindir/sgf-replay" -j "$j" --format=json -r "$tmp/big" \
        > "$tmp/big$j.file" 2> /dev/null
done
if [ "$(wc -c < "$tmp/big1.pipe")" -gt 2000000 ] \
   && cmp -s "$tmp/big1.pipe" "$tmp/big2.pipe" \
   && cmp -s "$tmp/big1.pipe" "$tmp/big3.pipe" \
   && cmp -s "$tmp/big1.pipe" "$tmp/big2.file" \
   && cmp -s "$tmp/big1.pipe" "$tmp/big3.file" \
   && cmp -s "$tmp/big1.err" "$tmp/big2.err" \
   && cmp -s "$tmp/big1.err" "$tmp/big3.err"; then
    passed=$((passed + 1))
else
    echo "FAIL jobs: a large output not yet due differs with -j 2 or -j 3"
    failed=$((failed + 1))
fi
# a reader that stops (head): killed by SIGPIPE as one process is; a
# full disk: the same message, the reason said
for j in 1 2; do
    { "$bindir/sgf-replay" -j "$j" --format=json -r "$tmp/big" \
          2> /dev/null; echo $? > "$tmp/pipe$j.status"; } | head -c 1 \
        > /dev/null
    "$bindir/sgf-replay" -j "$j" --format=json -r "$tmp/big" \
        > /dev/full 2> "$tmp/full$j.err"
    echo $? > "$tmp/full$j.status"
done
if [ "$(cat "$tmp/pipe1.status")" = "$(cat "$tmp/pipe2.status")" ] \
   && [ "$(cat "$tmp/pipe1.status")" -gt 128 ] \
   && cmp -s "$tmp/full1.status" "$tmp/full2.status" \
   && [ "$(tail -n 1 "$tmp/full1.err")" = "$(tail -n 1 "$tmp/full2.err")" ]
then
    passed=$((passed + 1))
else
    echo "FAIL jobs: a closed pipe or a full disk ends -j 2 otherwise:" \
         "$(cat "$tmp/pipe1.status" "$tmp/pipe2.status")," \
         "$(tail -n 1 "$tmp/full2.err")"
    failed=$((failed + 1))
fi
# temporary files that cannot grow (a full disk where TMPDIR is: the
# workers' file size limit, its signal ignored, so that a write fails
# with EFBIG as it would with ENOSPC): the run says so and exits 2,
# instead of writing the jobs' output cut short with the status of a
# whole run. Both streams go through a pipe (no size limit there), so
# that only the workers' capture files are limited.
first=$(echo $trees | cut -d' ' -f1)
sh -c 'trap "" XFSZ; ulimit -f 2; "$1" -j 2 -r "$2" 2>&1 </dev/null
       echo "status $?"' sh "$bindir/sgf-replay" "$first" |
    cat > "$tmp/small.both"
if [ "$(tail -n 1 "$tmp/small.both")" = "status 2" ] \
   && grep -q 'cannot keep the output of a job in a temporary file' \
        "$tmp/small.both"
then
    passed=$((passed + 1))
else
    echo "FAIL jobs: capture files that cannot grow: not said, or not" \
         "status 2: $(tail -n 1 "$tmp/small.both")"
    failed=$((failed + 1))
fi
# and what it did write is the start of one process's output, with no
# gap: no job after the one cut short is written. A collection read in
# small parts (this project's samples: a clean game and one with
# warnings, then many of the latter) whose later parts' output cannot
# be kept.
if [ -f samples/pro-game-19x19.sgf ] &&
   [ -f samples/faulty/game-info-typos.sgf ]; then
    i=0
    while [ $i -lt 100 ]; do
        cat samples/pro-game-19x19.sgf samples/faulty/game-info-typos.sgf
        i=$((i + 1))
    done > "$tmp/cut.sgf"
    i=0
    while [ $i -lt 300 ]; do
        cat samples/faulty/game-info-typos.sgf
        i=$((i + 1))
    done >> "$tmp/cut.sgf"
    "$bindir/sgf-validate" -j 1 "$tmp/cut.sgf" > "$tmp/whole.out" \
        2>/dev/null </dev/null
    SGF_PART_BYTES=20000 sh -c 'trap "" XFSZ; ulimit -f 20
        "$1" -j 3 "$2" 2>/dev/null </dev/null; echo "status $?" >&2' \
        sh "$bindir/sgf-validate" "$tmp/cut.sgf" 2> "$tmp/cut.status" |
        cat > "$tmp/cut.out"
    size=$(wc -c < "$tmp/cut.out")
    if [ "$(cat "$tmp/cut.status")" = "status 2" ] && [ "$size" -gt 0 ] &&
       head -c "$size" "$tmp/whole.out" | cmp -s - "$tmp/cut.out"; then
        passed=$((passed + 1))
    else
        echo "FAIL jobs: a run cut short: not status 2, or its output is" \
             "not the start of one process's ($size bytes)"
        failed=$((failed + 1))
    fi
fi
# what the walk says (a directory named without -r, a name that cannot
# be opened) comes where one process says it, among the outputs of the
# inputs around it, not first: -j walks the names as it hands them out
mkdir "$tmp/adir"
find $trees -type f -name '*.sgf' | LC_ALL=C sort |
    awk -v d="$tmp/adir" 'NR % 5 == 0 { print d } NR % 7 == 0 {
        print d "/missing.sgf" } { print }' > "$tmp/names.txt"
echo "$tmp/adir" >> "$tmp/names.txt"
walk_ok=1
for tool in sgf-validate sgf-replay; do
    "$bindir/$tool" -j 1 --files-from="$tmp/names.txt" > "$tmp/one.both" \
        2>&1 </dev/null
    echo "status $?" >> "$tmp/one.both"
    "$bindir/$tool" -j 1 --files-from="$tmp/names.txt" > "$tmp/one.out" \
        2> "$tmp/one.err" </dev/null
    for j in 2 3; do
        "$bindir/$tool" -j "$j" --files-from="$tmp/names.txt" \
            > "$tmp/many.both" 2>&1 </dev/null
        echo "status $?" >> "$tmp/many.both"
        "$bindir/$tool" -j "$j" --files-from="$tmp/names.txt" \
            > "$tmp/many.out" 2> "$tmp/many.err" </dev/null
        for k in both out err; do
            cmp -s "$tmp/one.$k" "$tmp/many.$k" || walk_ok=0
        done
    done
done
if [ $walk_ok = 1 ] && grep -q 'is a directory' "$tmp/one.both"; then
    passed=$((passed + 1))
else
    echo "FAIL jobs: the walk's messages are not where -j 1 says them"
    diff "$tmp/one.both" "$tmp/many.both" | head -n 5
    failed=$((failed + 1))
fi
# archives: -j reads an archive's members here and hands them to the
# workers in batches (a member spilled to a file goes alone; one after a
# message starts a batch); the same bytes and status as one process, for
# an archive of many members (several batches), one with a member over
# 1 MiB among small ones, one cut short (broken after some members),
# hard links (read from their targets in a second reading) and a link
# whose target is gone, one with no .sgf member, one that is no archive,
# and all of them among plain files, named in a list
arc="$tmp/arc"
mkdir -p "$arc/t/a" "$arc/t/b" "$arc/t/c" "$arc/big"
find $trees -type f -name '*.sgf' | LC_ALL=C sort > "$arc/list"
n=0
while IFS= read -r f; do
    n=$((n + 1))
    for d in a b c; do cp "$f" "$arc/t/$d/$n.sgf"; done
done < "$arc/list"
(cd "$arc" && tar czf many.tar.gz t)
: > "$arc/big/huge.sgf"
while [ "$(wc -c < "$arc/big/huge.sgf")" -lt 1200000 ]; do
    cat "$tmp/coll/all.sgf" >> "$arc/big/huge.sgf"
done
cp "$arc/t/a/1.sgf" "$arc/big/0.sgf"
cp "$arc/t/b/2.sgf" "$arc/big/z.sgf"
(cd "$arc" && tar cjf big.tar.bz2 big/0.sgf big/huge.sgf big/z.sgf)
for k in 1 2 3 4 5; do cp "$arc/big/huge.sgf" "$arc/big/h$k.sgf"; done
(cd "$arc" && tar czf bigs.tar.gz big/h1.sgf big/0.sgf big/h2.sgf \
    big/h3.sgf big/h4.sgf big/z.sgf big/h5.sgf)
head -c $(($(wc -c < "$arc/many.tar.gz") / 2)) "$arc/many.tar.gz" \
    > "$arc/cut.tar.gz"
mkdir "$arc/d"
cp "$arc/t/a/1.sgf" "$arc/d/b.sgf"
ln "$arc/d/b.sgf" "$arc/d/a.sgf"
ln "$arc/d/b.sgf" "$arc/d/c.sgf"
cp "$arc/big/huge.sgf" "$arc/d/h.sgf"
ln "$arc/d/h.sgf" "$arc/d/i.sgf"
(cd "$arc" && tar cf links.tar d)
(cd "$arc" && tar cf lonely.tar d/b.sgf d/a.sgf && \
    tar --delete -f lonely.tar d/b.sgf)
mkdir "$arc/f" && printf 'notes' > "$arc/f/notes.txt"
(cd "$arc" && tar cf inner.tar f && tar cf outer.tar inner.tar)
printf 'not an archive' > "$arc/fake.tar.gz"
{
    sed -n 1p "$arc/list"
    for a in many.tar.gz big.tar.bz2 bigs.tar.gz cut.tar.gz links.tar \
             lonely.tar outer.tar fake.tar.gz; do
        echo "$arc/$a"
        sed -n 2p "$arc/list"
    done
} > "$arc/names"
arc_ok=1
# arc_same WHAT EXPECTED ACTUAL: 0 when the two files are the same, else
# a failure of the archives' test, said with the first differences
arc_same() {
    cmp -s "$2" "$3" && return 0
    arc_ok=0
    echo "FAIL jobs: $1"
    diff "$2" "$3" | head -n 5
    return 1
}
for args in "sgf-validate" "sgf-validate --format=json --summary" \
            "sgf-replay" "sgf-score --format=tsv --dead=none" \
            "sgf-convert --to=sgf"; do
    for input in "$arc/many.tar.gz" "--files-from=$arc/names"; do
        # shellcheck disable=SC2086
        "$bindir"/$args -j 1 "$input" > "$tmp/one.out" 2> "$tmp/one.err" \
            </dev/null
        echo "status $?" >> "$tmp/one.out"
        # shellcheck disable=SC2086
        "$bindir"/$args -j 1 "$input" > "$tmp/one.both" 2>&1 </dev/null
        for j in 2 3; do
            # shellcheck disable=SC2086
            "$bindir"/$args -j "$j" "$input" > "$tmp/many.out" \
                2> "$tmp/many.err" </dev/null
            echo "status $?" >> "$tmp/many.out"
            # shellcheck disable=SC2086
            "$bindir"/$args -j "$j" "$input" > "$tmp/many.both" 2>&1 \
                </dev/null
            for k in out err both; do
                arc_same "$args -j $j $input: $k differs" "$tmp/one.$k" \
                    "$tmp/many.$k"
            done
        done
    done
done
# sgf-convert -o DIR: the members' output files, and what is said of
# names that clash, as one process writes them
for j in 1 2; do
    rm -rf "$arc/od"
    "$bindir/sgf-convert" --to=sgf -j "$j" -o "$arc/od/" \
        --files-from="$arc/names" > "$tmp/od$j.both" 2>&1 </dev/null
    echo "status $?" >> "$tmp/od$j.both"
    (cd "$arc/od" && find . -type f | LC_ALL=C sort | xargs cat) \
        >> "$tmp/od$j.both"
done
arc_same "sgf-convert -o DIR -j 2 on archives differs from -j 1" \
    "$tmp/od1.both" "$tmp/od2.both"
# many links (8 hard, 56 symbolic) to one member over 1 MiB, read by four
# workers at once: each reads the whole member through an offset of its
# own (through one offset they moved each other's place: 'no game tree
# found' in one run in four); twenty rounds, each the same as -j 1
mkdir "$arc/m"
{
    printf '(;GM[1]FF[4]SZ[19]C['
    head -c 1250000 /dev/zero | tr '\0' z
    printf '];B[dd])'
} > "$arc/m/h.sgf"
k=0
while [ $k -lt 56 ]; do
    k=$((k + 1))
    ln -s h.sgf "$arc/m/s$k.sgf"
    [ $k -gt 8 ] || ln "$arc/m/h.sgf" "$arc/m/l$k.sgf"
done
(cd "$arc" && tar cf manylinks.tar m)
"$bindir/sgf-validate" -j 1 "$arc/manylinks.tar" > "$tmp/ml1" 2>&1
echo "status $?" >> "$tmp/ml1"
round=0
while [ $round -lt 20 ]; do
    round=$((round + 1))
    "$bindir/sgf-validate" -j 4 "$arc/manylinks.tar" > "$tmp/ml4" 2>&1
    echo "status $?" >> "$tmp/ml4"
    arc_same "links to one big member, -j 4 (round $round)" "$tmp/ml1" \
        "$tmp/ml4" || break
done
grep -q '65 files, 0 errors' "$tmp/ml1" || {
    arc_ok=0
    echo "FAIL jobs: links to one big member: not 65 files read clean"
}
# (each kind of archive was met: members, the big one, the broken end,
# the links, the lonely link, the one with none, the one unreadable)
"$bindir/sgf-validate" -j 2 --files-from="$arc/names" > "$tmp/one.out" \
    2> "$tmp/one.err" </dev/null
for want in 'many.tar.gz//t/c/' 'big.tar.bz2//big/huge.sgf' \
            "cannot read '$arc/cut.tar.gz'" 'links.tar//d/i.sgf' \
            'a link to a member the archive does not hold' \
            'holds no member' "cannot read '$arc/fake.tar.gz'"; do
    grep -qF "$want" "$tmp/one.out" "$tmp/one.err" || {
        arc_ok=0
        echo "FAIL jobs: archives: '$want' not met"
    }
done
if [ $arc_ok = 1 ]; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
fi
echo "jobs: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
