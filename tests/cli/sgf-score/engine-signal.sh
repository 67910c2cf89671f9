# The engine has a process group of its own (so that a timeout ends all
# its command started); a signal that ends sgf-score (timeout(1), ^C)
# ends the engine's group too: none is left running.
cp "$CASES/engine-chain.sgf" .
timeout 3 "$TOOL" --dead=gtp --engine-timeout=100 \
    --engine='echo $$ > engine.pid; exec sleep 777' engine-chain.sgf
echo "status $?"
pid=$(cat engine.pid)
running() {                             # (ended: gone, or a zombie whose
    [ -e "/proc/$pid" ] && ! grep -q '^State:.*Z' "/proc/$pid/status" \
        2>/dev/null                     # new parent has not reaped it)
}
n=0                                     # up to 10 s: a loaded machine
while running && [ $n -lt 100 ]; do     # may take more than one to end
    sleep 0.1                           # it, and it must end
    n=$((n + 1))
done
if running; then
    echo "the engine is still running"
    kill -9 "$pid" 2>/dev/null
else
    echo "the engine was ended"
fi
# an engine whose answers carry ids of no command: the game is not
# counted, and the message says the answers were passed by
"$TOOL" --dead=gtp --engine-timeout=2 \
    --engine='PATH=$PATH:/usr/games; gnugo --mode gtp | sed -u "s/^\([=?]\)[0-9]*/\199/"' \
    engine-chain.sgf 2>&1
echo "status $?"
