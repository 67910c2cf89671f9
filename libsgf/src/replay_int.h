/*
 * replay_int.h - what the replayer offers the rest of the library beyond
 * sgf/replay.h: the setup values that change nothing, for the repair.
 */
#ifndef SGF_REPLAY_INT_H
#define SGF_REPLAY_INT_H

#include <sgf/replay.h>
#include "tree_int.h"

/* Replay every variation of game g of c quietly (nothing is added to c)
 * and call fn(ctx, v) for each value v of AB, AW or AE, one point
 * written as two letters, whose point already is what it sets (the
 * replay's setup-no-effect). fn returns 0 to go on, or a negative code,
 * which the walk stops with and returns. Returns 0, SGF_ENOMEM or fn's
 * code; SGF_EINVAL for NULL arguments. */
int sgf__replay_no_effect(sgf_collection *c, const sgf_game *g,
                          int (*fn)(void *ctx, const sgf__value *v),
                          void *ctx);

#endif
