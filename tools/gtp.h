/*
 * tools/gtp.h - the GTP commands that rebuild a replayed position in a
 * Go engine (GTP 2: boardsize, clear_board, komi, set_free_handicap,
 * play), written by sgf-replay --gtp and sent by sgf-score --engine: one
 * copy for both. Tool code only.
 *
 * GTP has no command that removes a stone or puts one down without
 * playing it, so setup (AB, AW, AE) becomes moves: stones added to empty
 * points are played one by one, in an order where no play captures or
 * is suicide; a setup that removes or recolours stones, and a move the
 * engine would refuse (an illegal move the record plays anyway, a
 * suicide the rules allow), are followed by clear_board and the whole
 * position played again from the empty board, each chain grown from a
 * stone next to one of its liberties. After every move the engine's
 * position is checked against the replayer's. A position with a chain
 * that has no liberty (setup may make one) cannot be played at all:
 * the builder then fails and names the node.
 */
#ifndef SGF_TOOLS_GTP_H
#define SGF_TOOLS_GTP_H

#include <stdbool.h>
#include <stddef.h>
#include <sgf/sgf.h>

/* The largest board GTP 2 can name (vertex letters A..Z without I). */
enum { GTP_MAX_SIZE = 25 };

typedef struct gtp_build gtp_build;

/* A builder, reused from game to game. NULL when out of memory. */
gtp_build *gtp_build_new(void);
void gtp_build_free(gtp_build *g);

/* Start game g: width x height must be square and at most GTP_MAX_SIZE
 * (callers check: gtp_board_ok). Writes boardsize, clear_board and komi
 * and, when the root places only black stones (two or more, distinct)
 * and has HA[], set_free_handicap for them. Returns 0 or SGF_ENOMEM. */
int gtp_build_start(gtp_build *g, const sgf_game *game, int width,
                    double komi);

/* Whether GTP can hold a width x height board. */
bool gtp_board_ok(int width, int height);

/* A move of the replay (its on_move callback): the setup of the nodes
 * since the last call, then the move. Returns 0, SGF_ENOMEM, or
 * SGF_ESYNTAX when the position cannot be played (gtp_build_failure). */
int gtp_build_move(gtp_build *g, const sgf_replay_move *m);

/* After the replay: the setup of the nodes after the last move down to
 * end (the line's last node), then a check that the engine's position is
 * final (the replayer's board); rebuilt when it is not. Returns as
 * gtp_build_move. */
int gtp_build_end(gtp_build *g, const sgf_node *end,
                  const sgf_board *final);

/* The commands written since gtp_build_start, one a line, and their
 * number. */
const char *gtp_build_text(const gtp_build *g, size_t *len);
size_t gtp_build_count(const gtp_build *g);

/* After SGF_ESYNTAX: the node whose position cannot be played and a
 * stone of the chain without liberties. */
const sgf_node *gtp_build_failure(const gtp_build *g, sgf_point *stone);

/* "D4" (GTP vertex) of pt on a board of the given height, into buf. */
const char *gtp_vertex(char buf[4], sgf_point pt, int height);

#endif
