# -j 2 with an engine: one input a job, the two inputs to the two
# workers at once (each starts its engine); a SIGTERM sent to sgf-score
# alone (kill by pid, as a batch system does) ends the workers and
# their engines with it, and so does a SIGKILL (the workers ask for it,
# on Linux): none is left running.
cp "$CASES/engine-chain.sgf" a.sgf
cp "$CASES/engine-chain.sgf" b.sgf
for sig in TERM KILL; do
    rm -f engine.pid
    "$TOOL" -j 2 --dead=gtp --engine-timeout=100 \
        --engine='echo $$ $PPID >> engine.pid; exec sleep 777' \
        a.sgf b.sgf > /dev/null 2>&1 &
    tool=$!
    i=0
    while [ $i -lt 100 ] && [ "$(cat engine.pid 2>/dev/null | wc -l)" -lt 2 ]
    do
        sleep 0.1
        i=$((i + 1))
    done
    echo "engines started at once: $(cat engine.pid 2>/dev/null | wc -l)," \
         "by $(awk '{ print $2 }' engine.pid 2>/dev/null | sort -u |
               wc -l) workers"
    kill -$sig $tool
    wait $tool 2>/dev/null
    echo "SIG$sig: status $?"
    alive() {                                   # engines and workers
        n=0                                     # (a zombie is ended)
        for p in $(cat engine.pid 2>/dev/null); do
            if [ -e "/proc/$p" ] &&
               ! grep -q '^State:.*Z' "/proc/$p/status" 2>/dev/null; then
                n=$((n + 1))
                [ "${1:-}" = kill ] && kill -9 "$p" 2>/dev/null
            fi
        done
        echo $n
    }
    i=0                                 # up to 10 s: a loaded machine
    while [ "$(alive)" -gt 0 ] && [ $i -lt 100 ]; do    # may take more
        sleep 0.1                       # than one to end them all
        i=$((i + 1))
    done
    left=$(alive kill)
    echo "SIG$sig: $left processes left running"
done
