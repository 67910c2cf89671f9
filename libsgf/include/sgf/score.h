/*
 * sgf/score.h - counting a finished Go game: area and territory, komi,
 * handicap compensation, dead stones, seki; result strings (RE[]) and the
 * comparison of a count with the recorded result.
 *
 * Sources: SGF FF[4] spec "properties.html" (RE, KM, HA, TB, TW); the
 * Japanese Rules of Go (1989), art. 8 (points in seki are not territory)
 * and art. 10 (dead stones become prisoners); the Chinese Rules of Weiqi
 * (2002) and the AGA Concise Rules (area counting, handicap
 * compensation); J. Tromp, The Rules of Go (count the board as it
 * stands); D. B. Benson, "Life in the game of Go" (1976), for
 * unconditional life. KM, HA and RE are read by sgf/gameinfo.h.
 *
 * Maps of dead stones are caller-owned byte arrays of width * height
 * entries, index y * width + x (SGF point order: row y from the top);
 * non-zero = the stone there is dead. Counting and the estimate use work
 * areas of some tens to a few hundred kilobytes, taken from a small
 * process-wide pool and given back before they return (mutex-guarded; at
 * most 16 blocks are kept, until the process ends), so that a batch does
 * not page in fresh memory for every game. No result depends on the
 * pool and nothing here prints: every function is reentrant and may run
 * in several threads at once.
 */
#ifndef SGF_SCORE_H
#define SGF_SCORE_H

#include <sgf/types.h>
#include <sgf/tree.h>
#include <sgf/board.h>
#include <sgf/gameinfo.h>
#include <sgf/rules.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a point of the counted board is. */
typedef enum sgf_score_point {
    SGF_SP_DAME = 0,          /* empty, counts for nobody */
    SGF_SP_BLACK,             /* live black stone */
    SGF_SP_WHITE,             /* live white stone */
    SGF_SP_BLACK_TERRITORY,   /* empty, surrounded by Black */
    SGF_SP_WHITE_TERRITORY,
    SGF_SP_BLACK_DEAD,        /* dead black stone: White's territory */
    SGF_SP_WHITE_DEAD,        /* dead white stone: Black's territory */
    SGF_SP_SEKI               /* empty, touches a chain in seki: nobody's
                                 under territory rules (under area rules
                                 such points are territory or dame) */
} sgf_score_point;

/* One colour's count. */
typedef struct sgf_score_side {
    int territory;   /* empty points it surrounds, dead stones' points
                        included (seki points excluded under territory) */
    int stones;      /* its live stones on the board */
    int prisoners;   /* stones it captured during play */
    int dead;        /* opponent stones it removes as dead at the end */
    double score;    /* area: stones + territory; territory: territory +
                        prisoners + dead; White's includes komi and the
                        handicap compensation */
} sgf_score_side;

/* A count. Its struct version comes first: set it with sgf_score_init
 * before a count is written into it. Fields of later versions are added
 * after map, and the library writes only the fields of the version the
 * caller gives, so a program built against this header keeps working
 * with a later library. The map is inline because no FF[4] board is
 * larger than 52x52 (SZ[] caps the size). */
typedef struct sgf_score {
    int version;             /* SGF_SCORE_VERSION */
    sgf_scoring scoring;
    double komi;
    double handicap_bonus;   /* points given to White for the handicap */
    sgf_score_side black, white;
    double margin;           /* black.score - white.score */
    int dame, seki;          /* points counted for nobody */
    int width, height;
    uint8_t map[SGF_MAX_SIZE * SGF_MAX_SIZE];  /* sgf_score_point per
                                                  point, y * width + x */
} sgf_score;

#define SGF_SCORE_VERSION 1

/* Clear *s and set its struct version to `version`, the
 * SGF_SCORE_VERSION the caller was built with. Returns 0; SGF_EINVAL
 * when s is NULL or the library does not know that version (*s
 * unchanged). Every function that writes or reads an sgf_score checks
 * the version first: one the library does not know is SGF_EINVAL, and
 * sgf_score_compare answers SGF_SCORE_NOT_COUNTED for it. */
SGF_API int sgf_score_init(sgf_score *s, unsigned version);

/* Count the position of b under r (NULL = SGF_RULES_INIT): r->scoring
 * says area or territory; r->seki_points_count whether empty points in
 * seki count; r->remove_dead false (Tromp-Taylor) ignores dead; handicap
 * is the HA[] value, compensated per r->handicap_comp under area
 * scoring (sgf_rules_handicap_bonus). dead: map as above, NULL = none.
 * Empty regions (dead stones' points included) bordered by one colour's
 * live stones are its territory; under territory rules the points next
 * to a chain in seki (Japanese Rules of Go 1989, art. 8) and those where
 * the owner must connect once the dame are filled (teire) are nobody's,
 * and a small open border is closed as dame filling would close it: the
 * rules in full are sgf-score(1), section COUNTING. *out then holds
 * both sides' counts and the map of points (SGF_SP_*). Errors:
 * SGF_EINVAL (out or b NULL, out or r of an unknown version; see
 * sgf_score_init), SGF_ENOMEM. */
SGF_API int sgf_score_count(sgf_score *out, const sgf_board *b,
                            const sgf_rules *r, const uint8_t *dead,
                            double komi, int handicap);

/* ---- dead stones ------------------------------------------------------ */

/* Dead stones from territory markup in node n (TB/TW, as KGS and CGoban
 * write in the last node): a white stone on a TB point or a black stone
 * on a TW point is dead. Clears dead (width * height bytes) first.
 * *found (may be NULL) says whether n has TB or TW (a NULL n has
 * neither). Returns 0, or SGF_EINVAL on NULL b or dead. */
SGF_API int sgf_score_dead_markup(uint8_t *dead, bool *found,
                                  const sgf_board *b, const sgf_node *n);

/* Count the position of b as the server counted it: the territory of
 * each colour is the points the markup of n marks for it (TB Black's, TW
 * White's; a dead stone's point is marked for its opponent; seki eyes and
 * dame are left unmarked), the dead stones those marked for the opponent
 * (sgf_score_dead_markup), the rest as sgf_score_count. The map marks
 * points the markup leaves out as dame. Errors: SGF_EINVAL (NULL out, b
 * or n), SGF_ENOMEM. */
SGF_API int sgf_score_count_markup(sgf_score *out, const sgf_board *b,
                                   const sgf_rules *r, const sgf_node *n,
                                   double komi, int handicap);

/* Points where count s and the markup of n disagree: a point marked TB
 * (TW) that s does not give to Black (White) as territory, or a point s
 * gives as territory that carries no markup of that colour. Writes the
 * first such point to *first (may be NULL). Returns the number, or
 * SGF_EINVAL when s or n is NULL, or s is of an unknown version or its
 * size is outside 1..52. */
SGF_API int sgf_score_markup_diff(const sgf_score *s, const sgf_node *n,
                                  sgf_point *first);

/* Dead stones named by the caller: list is comma-separated SGF points or
 * board vertices ("dd,pq" or "D16,Q3"; a vertex needs a board at most 25
 * wide); each names a stone whose whole chain is dead. Adds to dead
 * (does not clear it). Returns the number of chains marked, or
 * SGF_ESYNTAX when an item is not a point of the board, has no stone,
 * or is empty (two commas, a comma at either end) (*bad, may be NULL,
 * gets the item's offset in list); SGF_EINVAL on
 * NULL arguments. */
SGF_API int sgf_score_dead_points(uint8_t *dead, const sgf_board *b,
                                  const char *list, size_t *bad);

/* Unconditionally alive chains of colour c (Benson's algorithm: chains
 * that cannot be captured even if c always passes). Writes 1 to alive[]
 * for each of their stones, 0 elsewhere. Returns the number of such
 * stones, SGF_EINVAL or SGF_ENOMEM. */
SGF_API int sgf_score_pass_alive(uint8_t *alive, const sgf_board *b,
                                 sgf_color c);

/* Estimate which stones are dead into dead (width * height bytes, as
 * above; cleared first), by the method sgf-score(1) describes in its
 * section ESTIMATE: Benson's unconditional life, then random playouts
 * (at most 24; the random numbers are drawn from the position, so the
 * answer is the same on every run), where they are split the "rooms" and
 * their eyes, and last small enclosed eye spaces (at most 7 points) read
 * to the end. An estimate: groups whose fate needs deeper reading
 * (capturing races, ko, bent four, killable big eyes) and unfinished
 * games may be misjudged. Returns the number of dead stones, SGF_EINVAL
 * (dead or b NULL) or SGF_ENOMEM. */
SGF_API int sgf_score_dead_estimate(uint8_t *dead, const sgf_board *b);

/* The estimate with what it is sure of. A stone's status is settled when
 * it is proven (pass-alive by Benson's algorithm, or an enemy stone in a
 * region vital to pass-alive chains; or its group's small enclosed eye
 * space read out to the end) or when two of the estimate's methods give
 * it alike: the random playouts' majority and the rooms (a live stone's
 * room lives once the dead stones are off; a dead stone's, with the
 * enemy's dead stones off, does not).
 * A position is settled when every stone's status is and the position
 * is finished (sgf_score_find_unfinished, under r). */
typedef struct sgf_score_estimate {
    int dead;                /* dead stones, as sgf_score_dead_estimate */
    int unsettled;           /* stones whose status is not settled */
    bool settled;
    sgf_point first;         /* not settled: the first (in point order)
                                unsettled stone, else the point
                                sgf_score_find_unfinished names */
} sgf_score_estimate;

/* sgf_score_dead_estimate (dead as there), with what it is sure of into
 * *out and, when unsettled is not NULL, 1 for each stone whose status is
 * not settled, 0 elsewhere (width * height bytes). r: the rules the game
 * is counted under (NULL = SGF_RULES_INIT). Returns the number of dead
 * stones, SGF_EINVAL (out, dead or b NULL) or SGF_ENOMEM. */
SGF_API int sgf_score_estimate_dead(sgf_score_estimate *out, uint8_t *dead,
                                    uint8_t *unsettled, const sgf_board *b,
                                    const sgf_rules *r);

/* ---- finished or not --------------------------------------------------- */

/* Why a position is not finished, in the order tested. */
typedef enum sgf_score_unfinished_kind {
    SGF_UNFINISHED_NONE = 0,
    SGF_UNFINISHED_ATARI,    /* a chain counted alive has one liberty:
                                someone should capture or connect */
    SGF_UNFINISHED_RACE,     /* a capturing race left open: a liberty
                                both colours share that neither can fill
                                without losing his chain, as in a seki,
                                but one chain has a liberty its enemy can
                                fill safely */
    SGF_UNFINISHED_BORDER,   /* an open border: more than 12 connected
                                empty points that touch both colours,
                                or more than the k stones around them
                                could close off (k times the board's
                                longer side: a lone stone, an empty
                                board) */
    SGF_UNFINISHED_DAME,     /* territory counting: dame left open whose
                                filling gives territory (the count can
                                only guess how the boundary closes) */
    SGF_UNFINISHED_NO_PASSES /* the record: its line does not end with
                                two passes in a row (both players done;
                                sgf_history_passes), so the players may
                                have played on. A board cannot say
                                this: sgf_score_find_unfinished never
                                gives it; a caller that knows the record
                                does (sgf-score, when the estimate's
                                count disagrees with RE[] and nothing
                                else explains it) */
} sgf_score_unfinished_kind;

typedef struct sgf_score_unfinished {
    sgf_score_unfinished_kind kind;
    sgf_point point;         /* ATARI: a stone of the chain; RACE: the
                                shared liberty; BORDER and DAME: the
                                first point (in point order) of the
                                region; NO_PASSES: the last move's point
                                ({0, 0} when it is a pass, or none) */
    int points;              /* BORDER: the region's empty points; DAME:
                                the points the closing gives; ATARI: the
                                chain's stones; RACE: 1; NO_PASSES: the
                                number of the last move */
} sgf_score_unfinished;

/* Whether the position of b, dead stones dead (NULL = none) lifted, is
 * unfinished, counted under r (NULL = SGF_RULES_INIT): 1 with *out
 * saying why and where, 0 when finished (kind NONE). A game whose
 * recorded count disagrees with a board that is not finished is better
 * reported as such than as a count. Errors: SGF_EINVAL (out or b NULL),
 * SGF_ENOMEM. */
SGF_API int sgf_score_find_unfinished(sgf_score_unfinished *out,
                                    const sgf_board *b, const sgf_rules *r,
                                    const uint8_t *dead);

/* "none", "atari", "race", "open-border", "open-dame", "no-passes"; "?"
 * for another value. */
SGF_API const char *sgf_score_unfinished_name(sgf_score_unfinished_kind k);

/* ---- results ----------------------------------------------------------- */

typedef enum sgf_score_verdict {
    SGF_SCORE_NOT_COUNTED = 0,  /* RE[] is not a count (resignation,
                                     time, forfeit, void, unknown, none,
                                     unreadable, or B+0/W+0, which Fox
                                     files write for resignations) */
    SGF_SCORE_AGREE,
    SGF_SCORE_DISAGREE,
    SGF_SCORE_NOT_FINISHED      /* never from sgf_score_compare: a caller's
                                   verdict for a count that disagrees on
                                   a position sgf_score_find_unfinished
                                   finds unfinished */
} sgf_score_verdict;

/* Compare a count with RE[]: a score or draw agrees when the margin is
 * equal; "B+" alone agrees when the winner is. Name: "agree",
 * "disagree", "not-counted", "not-finished"; "?" for another value. */
SGF_API sgf_score_verdict sgf_score_compare(const sgf_score *s,
                                            const sgf_score_re *re);

/* sgf_score_compare under the rules r the count was made by: a margin
 * of 0 is a win of sgf_rules_tie_winner(r) when it names one (Ing's
 * rules: komi 8 with ties to Black), so it agrees with "B+" and not with
 * a draw; else as sgf_score_compare. r NULL: as sgf_score_compare. */
SGF_API sgf_score_verdict sgf_score_compare_rules(const sgf_score *s,
                                                  const sgf_score_re *re,
                                                  const sgf_rules *r);
SGF_API const char *sgf_score_verdict_name(sgf_score_verdict v);

/* What would make a disagreeing count agree, or why none can. */
typedef enum sgf_score_cause {
    SGF_CAUSE_NONE = 0,      /* no disagreement */
    SGF_CAUSE_SCORING,       /* the other scoring (area / territory) */
    SGF_CAUSE_HANDICAP,      /* another handicap compensation */
    SGF_CAUSE_KOMI,          /* another usual komi (value in komi) */
    SGF_CAUSE_GROUP,         /* one chain counted dead should be alive,
                                or alive should be dead (point) */
    SGF_CAUSE_UNKNOWN,       /* none of these */
    SGF_CAUSE_KOMI_GROUP,    /* another usual komi (komi) and one chain's
                                status (point, was_dead) together */
    SGF_CAUSE_GROUPS,        /* two chains' status (point, was_dead;
                                point2, was_dead2) */
    SGF_CAUSE_PARITY,        /* RE[] is no count of this board: every
                                side's points are whole, so a margin's
                                fraction is the komi's (with the handicap
                                compensation), and RE[]'s is another */
    SGF_CAUSE_MARGIN,        /* RE[] is no count of this board: its
                                margin is larger than the board's points
                                (and the prisoners) */
    SGF_CAUSE_SETTLED,       /* RE[] is not the count of this position,
                                whose count is settled: the dead stones
                                sure (proven, or given alike by two
                                methods), the board finished and the
                                game ended by two passes. No function here
                                gives it (they do not know the proof):
                                a caller that does sets it where they
                                find no cause of the record (scoring,
                                handicap, komi, impossible), as
                                sgf-score does with its estimate (it
                                looks for those alone there, with
                                sgf_score_explain_record) */
    SGF_CAUSE_WINNER,        /* RE[] names the other player as winner,
                                by the count's own margin (B+10.5 for a
                                count of W+10.5): the winner written
                                wrong. Looked for last, after the chains'
                                changes (a chain miscounted can turn a
                                margin round too); with the record's
                                causes alone, after PARITY and MARGIN */
    SGF_CAUSE_MARKUP         /* the record's dead-stone markup (TB/TW) is
                                the suspect: counted with another
                                method's dead stones (sgf-score: its
                                estimate's), the count agrees with RE[]
                                under the record's own komi, scoring and
                                handicap (point: the first point, in
                                row order, where the two differ;
                                was_dead: the markup counts it dead).
                                No function here gives it: a caller
                                that counts the markup's dead stones and
                                has another method's sets it, before
                                the other causes (which change the
                                record's settings) */
} sgf_score_cause;

typedef struct sgf_score_reason {
    sgf_score_cause cause;
    double komi;             /* KOMI, KOMI_GROUP: the komi that agrees */
    double handicap_bonus;   /* HANDICAP: the compensation that agrees */
    sgf_point point;         /* GROUP, KOMI_GROUP, GROUPS: a stone of the
                                chain */
    bool was_dead;           /* ... the chain was counted dead */
    sgf_point point2;        /* GROUPS: a stone of the second chain */
    bool was_dead2;
} sgf_score_reason;

/* Find the cause of a disagreement of the count of b (arguments as for
 * sgf_score_count; with markup not NULL, the count of
 * sgf_score_count_markup with that node, dead then ignored) with re,
 * trying in turn: the other scoring, the other handicap compensations
 * (none, N, N-1), the usual komis (0, 0.5, 5, 5.5, 6, 6.5, 7, 7.5, 8
 * and the rule set's); then whether RE[] can be a count of this board
 * at all (PARITY, MARGIN); then each chain's status flipped: alone (those in doubt first, then
 * the smaller); with each other usual komi when komi is 0 (what
 * archives write for a komi they did not record); and two chains
 * together, both in doubt (among the first 40 such). A chain is in
 * doubt when a stone of it is non-zero in doubt (width * height bytes,
 * may be NULL: none is): sgf_score_estimate_dead's unsettled stones.
 * A chain alone is counted flipped only when the regions next to it
 * alone (teire, seki and dame filling left out) put the change within
 * 10 points of what RE[] needs; on 2,200 real records those left-out
 * rules moved no chain's change by more than 8.
 * Pairs are not looked for wider: almost any margin is two flips of
 * some chains away, and such a cause would mislead. Returns 0, or
 * SGF_EINVAL. */
SGF_API int sgf_score_explain_doubt(sgf_score_reason *out,
                                    const sgf_board *b, const sgf_rules *r,
                                    const uint8_t *dead, double komi,
                                    int handicap, const sgf_score_re *re,
                                    const sgf_node *markup,
                                    const uint8_t *doubt);

/* sgf_score_explain_doubt's causes of the record itself only: the other
 * scoring, handicap compensation or usual komi, a result no count of
 * the board can give (SGF_CAUSE_PARITY, SGF_CAUSE_MARGIN), and under
 * KM[0] such a fraction that another komi with one chain's status
 * flipped explains (SGF_CAUSE_KOMI_GROUP); any other disagreement is
 * SGF_CAUSE_UNKNOWN, without counting the board with chains flipped:
 * for a position that is not finished (sgf_score_find_unfinished),
 * where a chain's status would be no finding. Same arguments, results
 * and errors as sgf_score_explain_doubt (no stone in doubt). */
SGF_API int sgf_score_explain_record(sgf_score_reason *out,
                                     const sgf_board *b,
                                     const sgf_rules *r,
                                     const uint8_t *dead, double komi,
                                     int handicap, const sgf_score_re *re,
                                     const sgf_node *markup);

/* sgf_score_explain_doubt (record_only false) or
 * sgf_score_explain_record (record_only true: doubt is then not used)
 * of a board the caller has counted already: count is what
 * sgf_score_count gave for the same b, r, dead, komi and handicap, and
 * with markup NULL the board is not counted again for the comparison
 * with re (the caller owns count; it is read, not kept). With markup not
 * NULL count is not used (the markup's own count is made, as
 * sgf_score_explain_doubt makes it). A count of other arguments gives
 * the explanation of that count. Returns 0; SGF_EINVAL when out, count,
 * b or re is NULL, r is of an unknown version, or count is of an
 * unknown version or another board size; SGF_ENOMEM when no memory was
 * left to count in. */
SGF_API int sgf_score_explain_counted(sgf_score_reason *out,
                                      const sgf_score *count,
                                      const sgf_board *b,
                                      const sgf_rules *r,
                                      const uint8_t *dead, double komi,
                                      int handicap, const sgf_score_re *re,
                                      const sgf_node *markup,
                                      const uint8_t *doubt,
                                      bool record_only);

/* sgf_score_explain_doubt with no stone in doubt. */
SGF_API int sgf_score_explain(sgf_score_reason *out, const sgf_board *b,
                              const sgf_rules *r, const uint8_t *dead,
                              double komi, int handicap,
                              const sgf_score_re *re,
                              const sgf_node *markup);

/* "none", "scoring", "handicap", "komi", "group", "unknown",
 * "komi+group", "groups", "parity", "margin", "settled"; "?" for another
 * value. */
SGF_API const char *sgf_score_cause_name(sgf_score_cause c);

#ifdef __cplusplus
}
#endif
#endif
