# TMPDIR that cannot hold a file: -j 2 says so and reads the inputs in
# one process (the same report as -j 1, not "no input found"); a large
# standard input says its spool file is what failed.
mkdir d
cp "$CASES/clean.sgf" "$CASES/faulty.sgf" d/
TMPDIR=/nonexistent/dir "$TOOL" -j 2 -r d > j2.out 2> j2.err
echo "-j 2: status $?"
"$TOOL" -r d > j1.out 2> j1.err
echo "-j 1: status $?"
cmp j1.out j2.out && echo "same output"
grep -v -e 'temporary file' -e 'no worker' j2.err | cmp - j1.err &&
    echo "same diagnostics"
grep -c -e 'temporary file' -e 'no worker' j2.err
{ cat "$CASES/clean.sgf"; head -c 5000000 /dev/zero | tr '\0' ' '; } |
    TMPDIR=/nonexistent/dir "$TOOL" -q -
echo "stdin: status $?"
