/*
 * sgf/board.h - a Go position and the record of how it was reached.
 *
 * sgf_board is the position: stones on a board of any size from 1x1 to
 * 52x52 (rectangular too), chains kept up to date move by move (no flood
 * fill per move; each chain counts its pseudo-liberties, which is all
 * capture, suicide and ko need), prisoners, the simple-ko point and a
 * 64-bit Zobrist hash. Every change (move, pass, setup) can be undone
 * exactly, so a replayer walks every variation of a record without
 * replaying from the root. A move costs O(1) plus the size of the
 * smaller chain it merges or the chains it captures; its undo the same,
 * or at most the size of the chains it touched once a stone was taken
 * off a chain since (a setup, a move on an occupied point). Undo keeps
 * a few bytes per step (and per point a setup changed), never a copy of
 * a chain or of the board.
 *
 * sgf_history is the sequence: the set of positions that have occurred
 * (for superko and repetition), consecutive passes, the player to move and
 * the move count. Keeping the two apart follows KataGo's Board and
 * BoardHistory. A board operation given a history records into it, and
 * sgf_board_undo takes the entry back out, so pass the same history (or
 * NULL throughout) to every call on one board.
 *
 * Moves are executed as the SGF FF[4] spec says (properties "B"/"W"):
 * even an illegal move is carried out: the stone is put on the point
 * (replacing whatever was there), opponent chains left without liberties
 * are captured, then the mover's own chain if it has no liberties. The
 * verdict says whether the rules allowed it.
 *
 * Neither object knows SGF syntax. Both are plain heap objects owned by
 * the caller; one thread may use one board and history at a time,
 * different boards are independent. Nothing here prints or exits.
 */
#ifndef SGF_BOARD_H
#define SGF_BOARD_H

#include <sgf/types.h>
#include <sgf/rules.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sgf_board sgf_board;
typedef struct sgf_history sgf_history;

/* Legality of a move, in the order they are tested: the first that
 * applies is reported. Names as the replayer's diagnostic codes. */
typedef enum sgf_verdict {
    SGF_VERDICT_LEGAL = 0,
    SGF_VERDICT_OFF_BOARD,   /* "off-board": point outside the board */
    SGF_VERDICT_OCCUPIED,    /* "illegal-occupied": point has a stone */
    SGF_VERDICT_KO,          /* "illegal-ko": immediate recapture of the
                                single stone that just captured a single
                                stone (snapback, or a recapture of more
                                than one stone, is not ko) */
    SGF_VERDICT_SUICIDE,     /* "illegal-suicide": own chain left without
                                liberties, where the rules forbid it */
    SGF_VERDICT_SUPERKO      /* "illegal-superko": recreates an earlier
                                position (positional) or position with
                                the same player to move (situational) */
} sgf_verdict;

/* The diagnostic code name of a verdict ("legal", "off-board",
 * "illegal-occupied", "illegal-ko", "illegal-suicide",
 * "illegal-superko"); "?" for other values. Static storage. */
SGF_API const char *sgf_verdict_name(sgf_verdict v);

/* What a move did (sgf_board_play). */
typedef struct sgf_move_result {
    sgf_verdict verdict;
    /* The move is legal, but the position with the same player to move
     * has occurred before. Only possible when the ko rule is simple (a
     * superko rule makes it illegal): a triple ko, an eternal life, a
     * send-two-return-one cycle. Replayers report it as a note. */
    bool repetition;
    int captured;            /* opponent stones removed by the move */
    int suicided;            /* own stones removed (suicide) */
} sgf_move_result;

/* ---- board life cycle ------------------------------------------------ */

/* A new empty board, width columns by height rows (1..SGF_MAX_SIZE
 * each). The Zobrist keys are computed here from a fixed seed and depend
 * only on (x, y, colour), so hashes are the same on every run and
 * platform. Free it with sgf_board_free. Errors: SGF_EINVAL (out NULL,
 * size out of range; *out untouched), SGF_ENOMEM (*out = NULL). */
SGF_API int sgf_board_new(sgf_board **out, int width, int height);

/* Free the board; NULL is a no-op. */
SGF_API void sgf_board_free(sgf_board *b);

/* Empty the board and give it the size width x height: no stones, no
 * prisoners, no ko point, nothing to undo (memory is kept for reuse by
 * the next game). Errors: SGF_EINVAL (b NULL, a setup step open
 * on it, size out of range; the board is then unchanged). */
SGF_API int sgf_board_reset(sgf_board *b, int width, int height);

/* ---- queries (b must not be NULL) ------------------------------------ */

SGF_API int sgf_board_width(const sgf_board *b);
SGF_API int sgf_board_height(const sgf_board *b);

/* Whether pt is on the board. */
SGF_API bool sgf_board_contains(const sgf_board *b, sgf_point pt);

/* Colour at pt: SGF_EMPTY, SGF_BLACK or SGF_WHITE; SGF_EMPTY off the
 * board. */
SGF_API sgf_color sgf_board_at(const sgf_board *b, sgf_point pt);

/* Liberties (distinct empty points next to it) of the chain through pt,
 * counted by walking the chain (O(chain size)), and the number of its
 * stones (O(1)); 0 when pt is empty or off the board. A chain can have 0
 * liberties only through setup (AB/AW). */
SGF_API int sgf_board_chain_liberties(const sgf_board *b, sgf_point pt);
SGF_API int sgf_board_chain_size(const sgf_board *b, sgf_point pt);

/* Write the points of the chain through pt to out (room for cap points),
 * in board order: row by row from the top, each row from the left.
 * Returns the chain size (which may exceed cap: then only the first cap
 * points are written), 0 when pt has no stone. */
SGF_API int sgf_board_chain_points(const sgf_board *b, sgf_point pt,
                                   sgf_point *out, size_t cap);

/* Prisoners held by holder: prisoners_of[SGF_BLACK] = white stones Black
 * has captured (including white stones removed by White's own suicide).
 * Setup never changes them. 0 for SGF_EMPTY. */
SGF_API int sgf_board_prisoners(const sgf_board *b, sgf_color holder);

/* Stones of colour c on the board (0 for SGF_EMPTY). */
SGF_API int sgf_board_stone_count(const sgf_board *b, sgf_color c);

/* Zobrist hash of the position (stones only; 0 for the empty board). */
SGF_API uint64_t sgf_board_hash(const sgf_board *b);

/* Whether a simple-ko ban is in force: after a move that captured one
 * stone with a single stone left with one liberty, the opponent may not
 * play at once on the captured point. If so, writes the point and the
 * colour that may not play there (either pointer may be NULL). Any move,
 * pass or setup lifts the ban. */
SGF_API bool sgf_board_ko(const sgf_board *b, sgf_point *pt_out,
                          sgf_color *banned_out);

/* ---- moves ----------------------------------------------------------- */

/* Writes to *out the verdict for color (SGF_BLACK or SGF_WHITE) playing
 * at pt under r (NULL = SGF_RULES_INIT), changing nothing: the same
 * verdict sgf_board_play would give (SGF_VERDICT_OFF_BOARD for a point
 * outside the board). hist may be NULL: superko is then not checked.
 * Returns 0, or SGF_EINVAL (out or b NULL, a setup open on b, color not
 * a player, r of an unknown version; *out unchanged), as sgf_board_play. It walks the neighbouring chains, so
 * a replayer should just play and read the verdict (cheaper); this is
 * for "is this move legal" questions. */
SGF_API int sgf_board_check(sgf_verdict *out, const sgf_board *b,
                            const sgf_history *hist, const sgf_rules *r,
                            sgf_color color, sgf_point pt);

/* Play color at pt under r (NULL = SGF_RULES_INIT) and write what
 * happened to *out (may be NULL). The move is executed whatever the
 * verdict (see the top of this file), except off the board, where
 * nothing changes and nothing is recorded for undo. With a history, the
 * position after the move is recorded (with the opponent to move) and
 * superko and repetition are judged against it; if the history is still
 * empty, the position before the move is recorded first, with color to
 * move. Errors (nothing changed): SGF_EINVAL (b NULL, color not BLACK or
 * WHITE), SGF_ENOMEM. */
SGF_API int sgf_board_play(sgf_move_result *out, sgf_board *b,
                           sgf_history *hist, const sgf_rules *r,
                           sgf_color color, sgf_point pt);

/* color passes: lifts the ko ban; with a history, counts the pass and
 * records the position with the opponent to move. Errors: SGF_EINVAL,
 * SGF_ENOMEM (nothing changed). */
SGF_API int sgf_board_pass(sgf_board *b, sgf_history *hist,
                           sgf_color color);

/* Setup (SGF AB/AW/AE): make pt hold color (SGF_EMPTY clears it). No
 * captures and no prisoners; chains without liberties may result (the
 * spec allows such positions). Lifts the ko ban. Undoable like a move,
 * one call = one step. Errors: SGF_EINVAL (off the board, bad colour),
 * SGF_ENOMEM (nothing changed). */
SGF_API int sgf_board_setup(sgf_board *b, sgf_point pt, sgf_color color);

/* Setup of many points as one step: what one node's AB, AW and AE do
 * together (FF[4] spec, setup properties; where they name the same
 * point, the one applied later wins). sgf_board_setup_begin starts the
 * step; each sgf_board_setup_add makes pt hold color (SGF_EMPTY clears
 * it; a later add of the same point wins); sgf_board_setup_end finishes
 * it. No captures, no prisoners, the ko ban lifted (when a point
 * changed). Between begin and end only sgf_board_setup_add may be
 * called on b (every other call that changes or undoes fails with
 * SGF_EINVAL, and queries answer from an unfinished board).
 * Costs: an add that does not change its point's colour costs nothing;
 * the step costs time O(points changed + stones of the chains next to
 * them) and memory a few bytes per changed point and per chain it
 * touches, kept until undone. A step in which no point changed leaves
 * no undo record (sgf_board_undo_depth is unchanged); any other is one
 * step for sgf_board_undo.
 * Errors: SGF_EINVAL (b NULL; begin while a step is open, add or end
 * with none open; add: pt off the board, a bad colour), SGF_ENOMEM
 * (begin: no step started; add: that point unchanged, the step still
 * open). end always succeeds on an open step. */
SGF_API int sgf_board_setup_begin(sgf_board *b);
SGF_API int sgf_board_setup_add(sgf_board *b, sgf_point pt,
                                sgf_color color);
SGF_API int sgf_board_setup_end(sgf_board *b);

/* Record the current position in hist as having occurred with to_move
 * (SGF_BLACK or SGF_WHITE) to play: call it at the start of a game after
 * the root's setup, after a setup node, and after PL[]. Undoable, one
 * step. Errors: SGF_EINVAL (b or hist NULL, bad colour), SGF_ENOMEM. */
SGF_API int sgf_board_record_position(sgf_board *b, sgf_history *hist,
                                      sgf_color to_move);

/* ---- undo ------------------------------------------------------------ */

/* Number of steps that can be undone (each play, pass, setup and
 * record_position is one). */
SGF_API size_t sgf_board_undo_depth(const sgf_board *b);

/* Undo the last step: stones, chains, liberties, prisoners, hash, ko
 * point and (given the same hist as when it was done) the history return
 * to what they were. Errors: SGF_EINVAL (nothing to undo). */
SGF_API int sgf_board_undo(sgf_board *b, sgf_history *hist);

/* Undo steps until sgf_board_undo_depth(b) == depth (a depth saved
 * earlier). Errors: SGF_EINVAL (depth greater than the current depth). */
SGF_API int sgf_board_undo_to(sgf_board *b, sgf_history *hist,
                              size_t depth);

/* ---- history --------------------------------------------------------- */

/* A new empty history (Black to move, no passes, no moves). Positions
 * are kept in an open-addressing hash set of 64-bit Zobrist keys with a
 * count per player to move; a false superko from two positions sharing a
 * key has a chance of about n*n/2^65 in a game of n moves. Errors:
 * SGF_EINVAL (out NULL), SGF_ENOMEM (*out = NULL). */
SGF_API int sgf_history_new(sgf_history **out);

/* Free; NULL is a no-op. */
SGF_API void sgf_history_free(sgf_history *h);

/* Forget everything (memory is kept), as for a new game. Clear the board
 * with it (sgf_board_reset): undo records of the board refer to it. */
SGF_API void sgf_history_clear(sgf_history *h);

/* Moves (B/W, passes included) recorded since the history was cleared. */
SGF_API unsigned sgf_history_move_count(const sgf_history *h);

/* Consecutive passes at the end, each by the other player than the pass
 * before it (what ends a game: one player passing twice in a row, as a
 * record may write, counts 1, not 2), and the colour of the last pass
 * (SGF_EMPTY if none). */
SGF_API int sgf_history_passes(const sgf_history *h);
SGF_API sgf_color sgf_history_last_passer(const sgf_history *h);

/* The player to move: the opponent of the last move or pass, or the
 * to_move of the last sgf_board_record_position; SGF_BLACK at first. */
SGF_API sgf_color sgf_history_to_move(const sgf_history *h);

/* Whether the passes so far end the game under r (sgf_rules_game_over;
 * r NULL = SGF_RULES_INIT). */
SGF_API bool sgf_history_game_over(const sgf_history *h,
                                   const sgf_rules *r);

/* How many times the position with hash key occurred with to_move to
 * play (SGF_EMPTY: with either player). O(moves recorded) at most:
 * positions enter the hash set only when one with as many stones is
 * recorded again, and this walks the others. */
SGF_API unsigned sgf_history_occurrences(const sgf_history *h, uint64_t key,
                                         sgf_color to_move);

#ifdef __cplusplus
}
#endif
#endif
