# The progress line: drawn on a terminal (here a pseudo-terminal made by
# script(1)) and erased before the summary; never with --no-progress, -q,
# or when standard error is not a terminal; --progress forces it.
# Where no pseudo-terminal can be made (a chroot without /dev/pts), the
# case is skipped, said so (exit 77, tests/run-cli.sh); CI has one and
# counts a skip as a failure.
if ! script -qec true /dev/null </dev/null >/dev/null 2>pty.err; then
    echo "no pseudo-terminal here: $(head -n 1 pty.err)" >&2
    exit 77
fi
printf '(;GM[1]FF[4]SZ[9]RU[Chinese];B[ee])' > a.sgf
cp a.sgf b.sgf
on_tty() {
    label=$1
    shift
    script -qec "\"$TOOL\" $*" /dev/null < /dev/null > tty.out 2>&1
    if grep -q "$(printf '\r')sgf-validate: [0-9]*/2 inputs" tty.out; then
        echo "$label: line drawn"
    else
        echo "$label: no line"
    fi
    # erased: the line is overwritten with spaces and the cursor sent back
    # to the start of the line before the summary
    if grep -q "$(printf '\r') *$(printf '\r')sgf-validate: 2 files" tty.out
    then
        echo "$label: erased before the summary"
    fi
}
on_tty "on a terminal" a.sgf b.sgf
on_tty "--no-progress" --no-progress a.sgf b.sgf
on_tty "-q" -q a.sgf b.sgf
"$TOOL" a.sgf b.sgf 2> plain.err
grep -c inputs plain.err | sed 's/^/not a terminal, lines with progress: /'
"$TOOL" --progress a.sgf b.sgf 2> forced.err
grep -c "sgf-validate: [0-9]*/2 inputs" forced.err |
    sed 's/^/--progress, lines with progress: /'
# -j: the parent draws the line, with the games its workers read
"$TOOL" --progress -j 2 a.sgf b.sgf 2> jobs.err
grep -c "sgf-validate: [0-9]*/2 inputs, [1-9][0-9]* games\{0,1\}" jobs.err |
    sed 's/^/--progress -j 2, lines with games counted: /'
