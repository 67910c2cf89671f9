/*
 * sgf/gameinfo.h - the game information properties of a Go game read as
 * values: komi (KM), handicap (HA), result (RE, read and written back)
 * and date (DT).
 *
 * Source: SGF FF[4] spec "properties.html", game info properties KM, HA,
 * RE and DT, and the forms real archives write (servers' scaled komi,
 * results in words). Nothing here allocates or prints; every function is
 * reentrant. The counter (sgf/score.h) and the XML Go layer (sgf/xml.h)
 * use these readers.
 */
#ifndef SGF_GAMEINFO_H
#define SGF_GAMEINFO_H

#include <sgf/types.h>
#include <sgf/tree.h>
#include <sgf/rules.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- komi and handicap ------------------------------------------------ */

/* Where the komi sgf_score_komi gives came from. */
typedef enum sgf_komi_kind {
    SGF_KOMI_GIVEN = 0,      /* KM[] in the standard form */
    SGF_KOMI_DEFAULTED = 1,  /* no KM[]: the rule set's komi */
    SGF_KOMI_LOOSE = 2,      /* non-standard but readable: "6,5" */
    SGF_KOMI_SCALED = 3      /* Fox x50 or x100 ("375", "750" = 7.5) */
} sgf_komi_kind;

/* The komi of game g: KM[] of its game-info node (sgf_game_info_node:
 * the root, or the first node of the main line holding game
 * information) as archives write it, or
 * r->komi when absent (r NULL = SGF_RULES_INIT). Fox server files write
 * 5.5, 6.5, 7 and 7.5 as 275, 325, 350, 375 (x50) or 550, 650, 700, 750
 * (x100). KM[0] is 0. Returns 0 with *out set and *kind (may be NULL)
 * saying where it came from; SGF_ESYNTAX, with *out = r->komi and *kind
 * unchanged, when KM[] is unreadable or another value of 100 or more;
 * SGF_EINVAL when out or g is NULL or r is of an unknown version. */
SGF_API int sgf_score_komi(double *out, sgf_komi_kind *kind,
                           const sgf_game *g, const sgf_rules *r);

/* The same, from the game-info node info of another line (a variation
 * replayed with a path: sgf_replay_info_node); SGF_EINVAL when info is
 * NULL. */
SGF_API int sgf_score_komi_at(double *out, sgf_komi_kind *kind,
                              const sgf_node *info, const sgf_rules *r);

/* HA[] of the game-info node of g; 0 when absent, unreadable, 1 or less,
 * or more stones than the board (SZ[] of the root) has points. The
 * number may have blanks around it ("HA[ 2]": 2, which sgf-validate
 * reports as value-format), as the property checks read it (FF[4]
 * section "Number" allows none; records write them). */
SGF_API int sgf_score_handicap(const sgf_game *g);

/* HA[] of the game-info node info, read as above (NULL: 0). */
SGF_API int sgf_score_handicap_at(const sgf_node *info);

/* ---- result ----------------------------------------------------------- */

typedef enum sgf_score_re_kind {
    SGF_RE_NONE = 0,     /* no RE[] */
    SGF_RE_SCORE,        /* B+3.5, W+2 */
    SGF_RE_WIN,          /* B+ (winner, no margin) */
    SGF_RE_RESIGN,       /* B+R, B+Resign */
    SGF_RE_TIME,         /* W+T, W+Time */
    SGF_RE_FORFEIT,      /* B+F, B+Forfeit */
    SGF_RE_DRAW,         /* 0, Draw, Jigo */
    SGF_RE_VOID,         /* Void: no result */
    SGF_RE_UNKNOWN,      /* ? */
    SGF_RE_OTHER         /* unreadable */
} sgf_score_re_kind;

typedef struct sgf_score_re {
    sgf_score_re_kind kind;
    sgf_color winner;        /* SGF_EMPTY for draw, void, unknown */
    double margin;           /* SCORE only, >= 0 */
    bool loose;              /* read from a form other than FF[4]'s */
} sgf_score_re;

/* Read an RE[] value as the property checks read it (sgf-validate's
 * result-format warning says "read as" or "kept as text"): B+3.5, W+0.5,
 * B+R, B+Resign, W+T, W+Time, B+F, B+Forfeit, B+ (no margin), 0, Draw,
 * Jigo, 0.0, Void, ?, also in lower case, with "Black+"/"White+", "Black
 * wins", blanks, a decimal comma, a margin with no digit before its
 * point or none after it (B+.5, B+5.), or a remark after the result
 * ("B+R (time)", "W+2.5 points"). Returns 0 with *out set (out->loose true
 * for a readable form other than FF[4]'s); SGF_ESYNTAX with kind OTHER
 * when unreadable; SGF_EINVAL when out is NULL or v has a NULL pointer
 * and a length. Empty v gives kind NONE and 0. */
SGF_API int sgf_score_re_parse(sgf_score_re *out, sgf_str v);

/* The FF[4] result string of a margin (Black's score minus White's):
 * "B+3.5", "W+0.5", "0" for a draw; any finite margin in full, with as
 * few decimals as give it back to within a billionth (the tolerance of
 * every comparison of margins: "W+0.001", not "W+0"). Returns
 * snprintf's length, or SGF_EINVAL (buf NULL with size > 0, margin not a
 * finite number). */
SGF_API int sgf_score_format_margin(char *buf, size_t size, double margin);

/* A parsed result written back in FF[4] form ("B+R", "W+T", "B+F",
 * "B+", "Void", "?", "0", "B+2.5"; "" for NONE and OTHER). Returns
 * snprintf's length, or SGF_EINVAL (buf NULL with size > 0, re NULL, a
 * SCORE margin negative or not finite). */
SGF_API int sgf_score_re_format(char *buf, size_t size,
                                       const sgf_score_re *re);

/* ---- date ------------------------------------------------------------- */

/* The first date of a DT[] value in ISO form, "YYYY", "YYYY-MM" or
 * "YYYY-MM-DD", written to iso (11 bytes). DT is "YYYY-MM-DD" lists
 * (FF[4] spec "DT"); only the leading date is read. Returns 0,
 * SGF_ESYNTAX (iso set to ""), or SGF_EINVAL (iso NULL, or v a NULL
 * pointer with a length). */
SGF_API int sgf_date_first(sgf_str v, char iso[11]);

#ifdef __cplusplus
}
#endif
#endif
