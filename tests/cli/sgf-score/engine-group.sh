# The engine runs in a process group of its own, ended whole: a command
# whose shell runs a program that ignores SIGTERM and never answers no
# longer keeps sgf-score waiting once the timeout kills the shell (it
# waited for ever, the program holding standard error). An engine that
# ends its answers with more than one blank line is read as it is
# (GNU Go through a filter that doubles them; it was "refused").
cp "$CASES/markup.sgf" "$CASES/engine-chain.sgf" .
timeout 60 "$TOOL" --dead=gtp --engine-timeout=1 \
    --engine='true; sh -c "trap \"\" TERM; while :; do sleep 1; done"' \
    markup.sgf 2>&1
echo "status $?"
"$TOOL" --dead=gtp \
    --engine='PATH=$PATH:/usr/games; gnugo --mode gtp | sed -u "s/^$/\n/"' \
    engine-chain.sgf 2>&1
echo "status $?"
