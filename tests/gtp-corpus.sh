#!/bin/sh
# Extra check, run by .ci/run when ../shared is there: the GTP commands
# of sgf-replay --gtp rebuild exactly the position sgf-replay shows, in a
# real engine. For every record under SHARED/corpus, the commands of
# each game (setup included) go to GNU Go (gnugo --mode gtp), each with
# a GTP id, and a showboard after each game; then
#   - GNU Go must accept every command (answer "="), except boardsize
#     on boards over 19x19, which GNU Go cannot hold (it answers
#     "unacceptable size"; the rest of that game is not looked at);
#   - each showboard must show the board sgf-replay shows at the end of
#     the game's main line;
#   - a game sgf-replay refuses must be refused with a message (not
#     Go, not square, wider than GTP's 25 lines, or a position with a
#     chain without liberties, which no plays reach) and exit status 1.
#
#   sh tests/gtp-corpus.sh BINDIR [SHARED [GNUGO]]
#
# GNUGO defaults to gnugo on the PATH, else /usr/games/gnugo (Debian).
# The last line is "gtp-corpus: N passed, M failed" (records), then the
# counts of games by what happened; exit status 1 on a failure, 2 when
# the corpus or GNU Go is not there.
set -u
. "$(dirname "$0")/extra-lib.sh"
extra_args='BINDIR [SHARED [GNUGO]]'
extra_start gtp-corpus sgf-replay corpus/SOURCES.md "$@"
gnugo=${3:-$(command -v gnugo || echo /usr/games/gnugo)}
if [ ! -x "$gnugo" ]; then
    echo "gtp-corpus: no GNU Go ($gnugo); install the gnugo package" >&2
    exit 2
fi
: > "$tmp/tally"

# One record: our boards, the commands with ids and showboards, GNU Go's
# answers, and the comparison (awk prints "ok ..." or "FAIL ...").
check_one() {
    f=$1
    "$bin" -q "$f" > "$tmp/ours" 2> /dev/null
    "$bin" -q --gtp "$f" > "$tmp/cmds" 2> "$tmp/err"
    status=$?
    awk '
    /^boardsize / && n > 0 { print ++id " showboard" }
    { print ++id " " $0; n++ }
    END { if (n > 0) print ++id " showboard"; print ++id " quit" }
    ' "$tmp/cmds" > "$tmp/in"
    timeout 600 "$gnugo" --mode gtp < "$tmp/in" > "$tmp/answers" 2>&1
    awk -v status="$status" -v f="$f" '
    function cells(line,   t, k, m, out) {    # " 9 . X(O)+ 9" -> ".XO."
        gsub(/[()]/, " ", line)
        m = split(line, t, " ")
        out = ""
        for (k = 2; k <= m && t[k] ~ /^[.XO+]$/; k++)
            out = out (t[k] == "+" ? "." : t[k])
        return out
    }
    FILENAME == ARGV[1] {                       # sgf-replay --gtp stderr
        if (match($0, /: game [0-9]+: /)) {
            g = substr($0, RSTART + 7, RLENGTH - 9) + 0
            refused[g] = 1
            nref++
            if ($0 !~ /not Go|square board|has no liberty/)
                bad = bad "; unexpected message: " $0
        }
        next
    }
    FILENAME == ARGV[2] {                       # the commands sent
        id = $1
        cmd[id] = substr($0, length(id) + 2)
        if (cmd[id] ~ /^boardsize /)
            game++
        gameof[id] = game
        if (cmd[id] ~ /^boardsize /)
            size[game] = $3 + 0
        if (cmd[id] == "showboard")
            shown[id] = game
        next
    }
    FILENAME == ARGV[3] {                       # our boards, every game
        if (match($0, /: game [0-9]+, [0-9]+x[0-9]+, /)) {
            cur = substr($0, RSTART + 7) + 0
            ngames = cur + 1
            next
        }
        if ($0 ~ /^ *[0-9]+ [ (]/)
            ours[cur] = ours[cur] cells($0) "/"
        next
    }
    /^[=?][0-9]+/ {                             # GNU Go: an answer
        aid = substr($0, 2) + 0
        inboard = aid in shown
        if (substr($0, 1, 1) == "?") {
            g = gameof[aid]
            if (cmd[aid] ~ /^boardsize / && size[g] > 19)
                big[g] = 1
            else if (!(g in big))
                bad = bad "; refused \"" cmd[aid] "\": " $0
        }
        next
    }
    /^$/ { inboard = 0; next }
    inboard && /^ *[0-9]+ / { theirs[shown[aid]] = theirs[shown[aid]] \
                                  cells($0) "/" }
    END {
        # the games sent, in order: ours minus the refused ones
        k = 0
        for (i = 0; i < ngames; i++) {
            if (i in refused)
                continue
            k++
            if (k in big) {
                nbig++
                continue
            }
            if (ours[i] != theirs[k])
                bad = bad "; game " i ": GNU Go shows another board"
            else
                nsame++
        }
        if (k != game)
            bad = bad "; " game " games sent for " k " expected"
        if (nref > 0 && status != 1)
            bad = bad "; refused a game but exit status " status
        if (bad != "")
            printf "FAIL %s%s\n", f, bad
        else
            printf "ok %d %d %d\n", nsame, nbig, nref
    }' "$tmp/err" "$tmp/in" "$tmp/ours" "$tmp/answers"
}

find "$shared/corpus" -type f \( -name '*.sgf' -o -name '*.SGF' \) |
    LC_ALL=C sort > "$tmp/files"
while IFS= read -r f; do
    check_one "$f" > "$tmp/one"
    if grep -q '^ok ' "$tmp/one"; then
        extra_pass
        cut -d' ' -f2- "$tmp/one" >> "$tmp/tally"
    else
        failed=$((failed + 1))
        cat "$tmp/one"
        if grep -q -e 'AddressSanitizer' -e 'runtime error:' "$tmp/err"
        then
            head -n 20 "$tmp/err" | sed 's/^/    /'
        fi
    fi
done < "$tmp/files"

awk '{ s += $1; b += $2; r += $3 }
END { printf "gtp-corpus: games: %d boards the same in GNU Go, %d over " \
      "19x19 (GNU Go cannot hold them), %d refused by sgf-replay\n", \
      s, b, r }' "$tmp/tally"
extra_end
