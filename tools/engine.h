/*
 * tools/engine.h - a Go engine spoken to in GTP 2 (Go Text Protocol),
 * for sgf-score --engine: one process started once and reused from game
 * to game, each command answered within a deadline, an engine that dies
 * started again; and a pool of engines for several workers. Tool code
 * only.
 *
 * The engine's command line runs under /bin/sh -c, so it may hold
 * arguments and redirections ("gnugo --mode gtp 2>/dev/null"); its
 * standard error is the tool's.
 */
#ifndef SGF_TOOLS_ENGINE_H
#define SGF_TOOLS_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct engine engine;

/* The longest answer read, in bytes: a dead-stone list of the largest
 * board (52x52) is some 15 KB; an engine that writes without end is
 * stopped there rather than held in memory. */
#define ENGINE_ANSWER_MAX (1u << 20)

typedef enum engine_status {
    ENGINE_OK = 0,
    ENGINE_REFUSED,     /* a command answered with '?': the process is
                           ended (it would answer the commands after it
                           into the next session), the next session
                           starts another */
    ENGINE_TIMEOUT,     /* no answer within the deadline: the process is
                           killed, the next session starts another */
    ENGINE_DIED,        /* the process ended (or could not start) */
    ENGINE_FLOOD,       /* an answer longer than ENGINE_ANSWER_MAX: the
                           process is killed, the next session starts
                           another (engine_failed_command: the command
                           whose answer it is) */
    ENGINE_NOMEM
} engine_status;

/* An engine for command line cmd (not copied) answering each session
 * within timeout seconds; not started until its first session. NULL
 * when out of memory. */
engine *engine_new(const char *cmd, double timeout);

/* Ask the engine to quit, wait for it a little, then kill it. NULL is a
 * no-op. */
void engine_free(engine *e);

/* Send the commands in cmds (len bytes, one a line) and read their
 * answers, all within the timeout. Starts the process when it is not
 * running. Stops at the first command answered with '?'. On ENGINE_OK,
 * engine_answer() is the last command's answer (without "= "). */
engine_status engine_session(engine *e, const char *cmds, size_t len);

/* After engine_session: the last answer read (ENGINE_OK: the last
 * command's; ENGINE_REFUSED: the refusal, "? ..."), and the command it
 * answers. Valid until the next session. */
const char *engine_answer(const engine *e);
const char *engine_failed_command(const engine *e);
/* After engine_session: how many answers it passed by, their ids those
 * of no command it was waiting for. */
unsigned long engine_stray(const engine *e);

/* How many times the process was started. */
unsigned engine_starts(const engine *e);

/* ---- a pool: one engine per worker ----------------------------------- */

typedef struct engine_pool engine_pool;

/* n engines (1 or more) of command cmd, started when first used. NULL
 * when out of memory. */
engine_pool *engine_pool_new(const char *cmd, double timeout, int n);
void engine_pool_free(engine_pool *p);

/* An engine no other worker holds (waits for one), and giving it back.
 * Thread-safe. */
engine *engine_pool_take(engine_pool *p);
void engine_pool_give(engine_pool *p, engine *e);

#endif
