/*
 * sgf/rules.h - Go rule sets as data: presets, RU[] strings, handicap
 * tables.
 *
 * A rule set (sgf_rules) is a plain struct of parameters; every function
 * that depends on the rules reads these fields, never the preset name.
 * The presets below follow these sources:
 *
 *   japanese      Nihon Ki-in, Japanese Rules of Go (1989): art. 6 ko
 *                 (simple; a repeated whole-board position is no result
 *                 by agreement, art. 12, so not illegal here), art. 7
 *                 suicide forbidden, art. 8 points in seki are not
 *                 territory, art. 9-10 dead stones removed after two
 *                 passes. Komi 6.5 (Nihon Ki-in since 2002).
 *   korean        Korea Baduk Association rules: as japanese, komi 6.5.
 *   chinese       Chinese Weiqi Association, Rules of Weiqi (2002): area
 *                 counting, a move may not recreate an earlier whole-board
 *                 position (positional superko), suicide forbidden, komi
 *                 3 3/4 stones = 7.5 points, Black returns half the
 *                 handicap in stones = N points to White.
 *   aga           AGA Concise Rules of Go: situational superko (a player
 *                 may not recreate a position he created), suicide
 *                 forbidden, area counting (equivalent to territory with
 *                 pass stones), N-1 points for N handicap stones, komi
 *                 7.5, play ends after two passes in a row with White
 *                 passing last.
 *   nz            New Zealand Rules of Go (NZGA): situational superko,
 *                 suicide of any size allowed (single-stone suicide then
 *                 changes the situation only, so it is legal), area,
 *                 komi 7.
 *   tromp-taylor  J. Tromp, The Rules of Go ("Tromp-Taylor"): positional
 *                 superko, suicide allowed (single-stone suicide recreates
 *                 the position, so superko forbids it), area counting of
 *                 the board as it stands: no dead-stone removal. Komi 7.5
 *                 (the rules leave it to the players).
 *   ing           Ing Chang-ki, SST Laws of Go (GOE): positional superko
 *                 as an approximation of Ing's ko laws, multi-stone
 *                 suicide allowed, single-stone suicide forbidden, area
 *                 ("fill-in") counting, komi 8 with ties to Black = 7.5,
 *                 handicap stones placed freely.
 *   egf           EGF rules as the project's seed rules describe them:
 *                 situational superko, suicide forbidden, territory, three
 *                 passes in a row end the game, komi 7.
 *
 * Fixed handicap placement is checked only under japanese and korean
 * (whose rules fix the points); the other rule sets place handicap stones
 * freely. Everything here is reentrant and allocates nothing.
 */
#ifndef SGF_RULES_H
#define SGF_RULES_H

#include <sgf/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Which repetitions are illegal. SIMPLE: only the immediate recapture of
 * a single stone that has just captured a single stone (a longer cycle is
 * legal and reported as a repetition note). POSITIONAL: no move may
 * recreate an earlier board position. SITUATIONAL: no move may recreate an
 * earlier board position with the same player to move. */
typedef enum sgf_ko_rule {
    SGF_KO_SIMPLE = 0,
    SGF_KO_POSITIONAL = 1,
    SGF_KO_SITUATIONAL = 2
} sgf_ko_rule;

/* A move whose own chain is left without liberties (after its captures):
 * ILLEGAL always; SINGLE_STONE_ILLEGAL when the chain removed is the one
 * stone just played (multi-stone suicide legal); LEGAL always (a
 * single-stone suicide then leaves the board unchanged and the ko rule
 * decides: positional superko forbids it, situational does not). */
typedef enum sgf_suicide_rule {
    SGF_SUICIDE_ILLEGAL = 0,
    SGF_SUICIDE_SINGLE_STONE_ILLEGAL = 1,
    SGF_SUICIDE_LEGAL = 2
} sgf_suicide_rule;

/* AREA: stones on the board plus empty points surrounded by one colour.
 * TERRITORY: surrounded empty points plus prisoners. */
typedef enum sgf_scoring {
    SGF_SCORING_AREA = 0,
    SGF_SCORING_TERRITORY = 1
} sgf_scoring;

/* Points given to White in a game with N handicap stones under area
 * scoring (the HA[] value; 0 for N < 2). */
typedef enum sgf_handicap_comp {
    SGF_HANDICAP_COMP_NONE = 0,
    SGF_HANDICAP_COMP_N = 1,
    SGF_HANDICAP_COMP_N_MINUS_1 = 2
} sgf_handicap_comp;

/* A rule set. Transparent: copy it, change fields, pass it by pointer.
 * Start from SGF_RULES_INIT or sgf_rules_preset() so that new fields of
 * later versions get their defaults. */
typedef struct sgf_rules {
    int version;               /* SGF_RULES_VERSION */
    const char *name;          /* preset name, "custom" for other values;
                                  static storage, never NULL */
    sgf_ko_rule ko;
    sgf_suicide_rule suicide;
    sgf_scoring scoring;
    bool remove_dead;          /* dead stones are taken off by agreement
                                  at the end (false: Tromp-Taylor, all
                                  stones on the board count) */
    bool seki_points_count;    /* empty points touching a chain in seki
                                  count for their owner (area rules);
                                  false: they are no one's (territory) */
    sgf_handicap_comp handicap_comp;
    double komi;               /* default komi when KM[] is absent */
    int end_passes;            /* consecutive passes that end the game */
    bool white_passes_last;    /* AGA: the ending passes must finish with
                                  one by White */
    bool fixed_handicap;       /* handicap stones must be on one of the
                                  fixed placements (sgf_handicap_*) */
} sgf_rules;

#define SGF_RULES_VERSION 1

/* The default rule set: japanese (what a record without RU[] gets). */
#define SGF_RULES_INIT { SGF_RULES_VERSION, "japanese", SGF_KO_SIMPLE, \
    SGF_SUICIDE_ILLEGAL, SGF_SCORING_TERRITORY, true, false, \
    SGF_HANDICAP_COMP_NONE, 6.5, 2, false, true }

/* Fill *r with the default rule set (the same values as SGF_RULES_INIT)
 * of struct version `version`, the SGF_RULES_VERSION the caller was built
 * with. Returns 0; SGF_EINVAL when r is NULL or the library does not know
 * that version (*r unchanged).
 *
 * Every function that reads an sgf_rules (here, in sgf/board.h,
 * sgf/replay.h, sgf/figure.h and sgf/score.h) checks its version first: a
 * version the library does not know is refused with SGF_EINVAL by the
 * functions that return an int error code; sgf_rules_game_over answers
 * false and sgf_rules_handicap_bonus 0 for it. */
SGF_API int sgf_rules_init(sgf_rules *r, unsigned version);

/* Number of presets; their names, in the order of the table above, for
 * --rules=NAME help and the man page. sgf_rules_preset_name returns NULL
 * when i >= sgf_rules_preset_count(). Static storage. */
SGF_API size_t sgf_rules_preset_count(void);
SGF_API const char *sgf_rules_preset_name(size_t i);

/* Fill *out with the preset called name: a preset name or one of its
 * aliases ("nz", "new-zealand", "tt", "goe", ...), compared
 * case-insensitively with '-', '_' and ' ' ignored. Errors: SGF_EINVAL
 * (out or name NULL, unknown name; *out is then unchanged). */
SGF_API int sgf_rules_preset(sgf_rules *out, const char *name);

/* Read an RU[] value (len bytes at ru, not NUL-terminated; ru may be NULL
 * when len is 0) as real records write it: preset names and aliases
 * ("Japanese", "jp", "Chinese", "cn", "AGA", "GOE", "Ing", "NZ",
 * "New Zealand", "Korean", "Tromp-Taylor", "tromp taylor", "TT", "EGF"),
 * longer texts that start with one ("Japanese (Nihon Ki-in)", "Chinese,
 * pair go", "AGA 2004"), names in Chinese, Japanese or Korean (UTF-8)
 * at the start of the value (中国, 中國, 日本, 韩国, 韓國,
 * 한국, 应氏, 應氏), and KataGo's compact strings
 * ("koPOSITIONALscoreAREAsui1", "koSIMPLEscoreTERRITORYtaxSEKIsui0",
 * keys ko, score, tax, sui, whb, fpok, komi, button; missing keys as
 * KataGo defaults them). A compact string that fits a preset gives that
 * preset (with the string's komi): sui1, KataGo's "multi-stone suicide
 * legal", fits tromp-taylor, nz and ing alike, and fpok1 means dead
 * stones are removed. Otherwise the name is "custom", ko SPIGHT reads
 * as simple, tax SEKI or ALL as seki points not counted, sui1 as
 * SGF_SUICIDE_SINGLE_STONE_ILLEGAL. Case does not matter. A value that
 * is missing or names no rule set gives *out = japanese. *matched (may
 * be NULL) is set true when the value named a rule set, false when
 * japanese was assumed (callers note it). Returns 0, or SGF_EINVAL when
 * out is NULL or ru is NULL with len > 0 (*matched is then unchanged). */
SGF_API int sgf_rules_from_ru(sgf_rules *out, const char *ru, size_t len,
                              bool *matched);

/* Whether the passes at the end of a record end the game: passes is the
 * number of consecutive passes, last_passer the colour of the last one.
 * Two (end_passes) in a row, EGF three; AGA two with White last (after
 * White, Black passing, White must pass once more). */
SGF_API bool sgf_rules_game_over(const sgf_rules *r, int passes,
                                 sgf_color last_passer);

/* Points added to White's area score for handicap N (the HA[] value):
 * 0, N or N-1 per r->handicap_comp; 0 when N < 2 or under territory
 * scoring. */
SGF_API double sgf_rules_handicap_bonus(const sgf_rules *r, int handicap);

/* Who wins a count whose margin is 0 under r: SGF_BLACK under Ing's
 * rules (komi 8 with ties to Black: with an integer komi a count can
 * tie, and the tie is Black's win, not a draw), SGF_EMPTY (a draw) under
 * the other presets and custom rules, and for r NULL or of an unknown
 * version. */
SGF_API sgf_color sgf_rules_tie_winner(const sgf_rules *r);

/* Write a one-line description of r to buf (at most size bytes with the
 * NUL), e.g. "ko=positional suicide=illegal scoring=area seki=counted
 * dead=removed handicap=N komi=7.5 passes=2". Returns the length the full
 * text needs, as snprintf does, or SGF_EINVAL (buf NULL with size > 0, or
 * r NULL). */
SGF_API int sgf_rules_format(char *buf, size_t size, const sgf_rules *r);

/* Fixed handicap tables. USUAL is GTP's fixed_handicap as GNU Go places
 * it (engine/handicap.c): on 19x19, 2 = D4 Q16, 3 adds D16, 4 adds Q4,
 * 5 = 4 + K10, 6 = 4 + D10 Q10, 7 = 6 + K10, 8 = 4 + D10 Q10 K4 K16,
 * 9 = 8 + K10. RUSSIAN is the older Russian federation order: 2 = D16 Q4,
 * then Q16, D4, K16, K4, D10, Q10, K10 in turn. Other square boards use
 * the same shapes as GNU Go does: stones on the 4-4 points from 12x12 up
 * and on the 3-3 points below; up to 9 stones on odd sizes from 9, up to
 * 4 on even sizes from 8 and on 7x7; none on smaller or rectangular
 * boards. */
typedef enum sgf_handicap_layout {
    SGF_HANDICAP_USUAL = 0,
    SGF_HANDICAP_RUSSIAN = 1
} sgf_handicap_layout;

/* Write the count points of the fixed placement of count stones on a
 * width x height board to out (room for count points) and set *n to
 * count; when the board has no fixed placement for count stones (count <
 * 2 included), *n is 0 and out is not written. Returns 0, or SGF_EINVAL
 * (out or n NULL, a layout not listed above; *n is then unchanged). */
SGF_API int sgf_handicap_fixed_points(sgf_point *out, int *n, int count,
                                      int width, int height,
                                      sgf_handicap_layout layout);

/* Whether the n points (in any order, no repeats) are exactly the fixed
 * placement of n stones in either table. If so and layout_out is not
 * NULL, *layout_out says which (USUAL when both agree, as for 4, 8 and 9
 * stones on 19x19). */
SGF_API bool sgf_handicap_is_fixed(const sgf_point *pts, size_t n,
                                   int width, int height,
                                   sgf_handicap_layout *layout_out);

#ifdef __cplusplus
}
#endif
#endif
