/*
 * sgf/replay.h - playing a game record out under Go rules.
 *
 * The replayer walks a game tree (the main line, a chosen variation, or
 * every variation), applies setup (AB, AW, AE, PL) and moves (B, W; a pass
 * as [] or, on boards up to 19x19, [tt]) to a board, and judges every move
 * under the record's rules (RU[], or the caller's): occupied point,
 * suicide, ko, superko. Faults become diagnostics in the collection, with
 * the move number (ordinal of the B/W property on the path from the root,
 * passes included, from 1), colour and point.
 *
 * Sources: SGF FF[4] spec "go.html" (executing a move: even an illegal
 * move is executed, so one bad move yields one message, not a cascade),
 * "properties.html" (KO[]: execute although illegal; setup properties);
 * the rule sets of sgf/rules.h.
 *
 * Setup and a move in one node (an FF[4] error the property layer reports)
 * are applied setup first, then the move. Moves off the board are
 * reported by the property layer and skipped here (still counted).
 * Thread-safety: one sgf_replay per thread; the collection gets new
 * diagnostics, so do not read it from another thread meanwhile, unless
 * quiet is set: a quiet run only reads it, and several may run on one
 * collection at once.
 */
#ifndef SGF_REPLAY_H
#define SGF_REPLAY_H

#include <sgf/types.h>
#include <sgf/tree.h>
#include <sgf/board.h>
#include <sgf/rules.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sgf_replay sgf_replay;

/* One executed move, as the on_move callback sees it. */
typedef struct sgf_replay_move {
    const sgf_node *node;       /* the node holding the B or W */
    unsigned move_number;       /* 1-based, passes included */
    sgf_color color;
    bool pass;
    sgf_point point;            /* meaningful unless pass */
    sgf_move_result result;     /* verdict, captures (sgf/board.h) */
    bool ko_marked;             /* KO[] in the node: illegal allowed */
    const sgf_board *board;     /* position after the move */
    const sgf_history *history;
    /* Set only for a move that recreates an earlier position
     * (result.verdict SGF_VERDICT_SUPERKO, or result.repetition; stale
     * otherwise): the number of the move after which that position
     * first occurred on the line walked, 0 for the position before the
     * first move (after the root's setup). Under positional superko the
     * earlier position may have had either player to move; under
     * situational superko and for a repetition, the same player as
     * now. The diagnostic's message names it too. */
    unsigned repeats_move;
} sgf_replay_move;

typedef struct sgf_replay_options {
    int version;                /* SGF_REPLAY_OPTIONS_VERSION */
    /* Rules to use instead of the record's RU[] (NULL: read RU[]; a
     * missing or unknown RU[] gives Japanese rules and a note). */
    const sgf_rules *rules;
    bool all_variations;        /* walk every variation */
    /* Variation to follow: at the first branching point take child
     * path[0] (0-based), at the next path[1], ...; then first children.
     * NULL/0 = the main line (NULL with a length is SGF_EINVAL).
     * Ignored with all_variations. */
    const unsigned *path;
    size_t path_len;
    bool stop;                  /* stop after move stop_after (0: before
                                   the first move, after the root's
                                   setup) */
    unsigned stop_after;
    bool quiet;                 /* add no diagnostics (a second walk over
                                   lines already checked) */
    /* Called after each move or pass; a non-zero return stops the walk
     * (sgf_replay_run then returns 0). May be NULL. */
    int (*on_move)(void *payload, const sgf_replay_move *m);
    void *payload;
} sgf_replay_options;

#define SGF_REPLAY_OPTIONS_VERSION 1
#define SGF_REPLAY_OPTIONS_INIT { SGF_REPLAY_OPTIONS_VERSION, NULL, false, \
    NULL, 0, false, 0, false, NULL, NULL }

/* Fill *o with the defaults of options version `version` (the same values
 * as SGF_REPLAY_OPTIONS_INIT), for callers that cannot use the macro (bindings,
 * other languages) or want the library's own defaults at run time.
 * version is the SGF_REPLAY_OPTIONS_VERSION the caller was built with.
 * Returns 0; SGF_EINVAL when o is NULL or the library does not know that
 * version (*o unchanged). */
SGF_API int sgf_replay_options_init(sgf_replay_options *o,
                                    unsigned version);

/* A replayer: a board and a history reused from game to game. Errors:
 * SGF_EINVAL (out NULL), SGF_ENOMEM (*out = NULL). Free with
 * sgf_replay_free (NULL is a no-op). */
SGF_API int sgf_replay_new(sgf_replay **out);
SGF_API void sgf_replay_free(sgf_replay *r);

/* Replay game g of collection c (opts NULL = the defaults above). Faults
 * are added to c's diagnostics (codes illegal-occupied, illegal-suicide,
 * illegal-ko, illegal-superko, consecutive-moves, move-after-end,
 * repetition, rules-defaulted, handicap-placement, handicap-turn,
 * setup-no-effect: an AB, AW or AE point that already is so). A game
 * whose GM is not 1 is not replayed (the property layer notes it).
 * Afterwards the board holds the position at the end of the line followed
 * (or after move stop_after); with all_variations, at the end of the last
 * variation walked. Returns 0, or SGF_EINVAL (NULL arguments, unknown
 * options version, a path that leaves the tree: nothing is replayed),
 * SGF_ENOMEM. */
SGF_API int sgf_replay_run(sgf_replay *r, sgf_collection *c,
                           const sgf_game *g, const sgf_replay_options *opts);

/* The board and history as the last run left them. Borrowed from r. */
SGF_API const sgf_board *sgf_replay_board(const sgf_replay *r);
SGF_API const sgf_history *sgf_replay_history(const sgf_replay *r);

/* The rules the last run used, and whether they were defaulted (no or
 * unknown RU[]). */
SGF_API const sgf_rules *sgf_replay_rules(const sgf_replay *r);
SGF_API bool sgf_replay_rules_defaulted(const sgf_replay *r);

/* Number of the last move played by the last run (0 = none), and that
 * move (false when none). */
SGF_API unsigned sgf_replay_move_number(const sgf_replay *r);
SGF_API bool sgf_replay_last_move(const sgf_replay *r, sgf_color *color,
                                  sgf_point *pt, bool *pass);

/* Number of diagnostics of each verdict the last run added. */
SGF_API unsigned sgf_replay_illegal_count(const sgf_replay *r);

/* The last node of the first line the last run walked: the end of the
 * main line (of the path, with o->path), or the node where the run
 * stopped (o->stop) before it; NULL when nothing was walked (GM[] other
 * than 1, an error). This is where a finished game's TB/TW markup is:
 * no second walk down the line is needed to find it. Valid as long as
 * the collection. */
SGF_API const sgf_node *sgf_replay_line_end(const sgf_replay *r);

/* The game-info node of the line the last run followed (o->path, else
 * the main line; the main line's with o->all_variations): the first
 * node on it holding a game-info property (RE, KM, HA, RU, ...), else
 * the root. The run read its RU and HA there; read RE and KM there too
 * (sgf_score_komi_at), so that a variation with game information of its
 * own (merged games, FF[4] "game-info") is counted as itself. NULL
 * before a run, after one that failed, or r NULL. Valid as long as the
 * collection. */
SGF_API const sgf_node *sgf_replay_info_node(const sgf_replay *r);

#ifdef __cplusplus
}
#endif
#endif
