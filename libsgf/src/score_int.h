/*
 * score_int.h - what score.c and score_dead.c share: a flat copy of a
 * position (dead stones lifted) with its chains and empty regions
 * labelled by flood fill. A position is read once per count, so plain
 * flood fills over at most 52 x 52 points are cheap enough and keep the
 * scorer independent of the board's incremental structures.
 */
#ifndef SGF_SCORE_INT_H
#define SGF_SCORE_INT_H

#include <sgf/score.h>
#include "arena_int.h"

#define SGF__SN (SGF_MAX_SIZE * SGF_MAX_SIZE)

typedef struct sgf__spos {
    int w, h, n;
    uint8_t col[SGF__SN + 1];    /* SGF_EMPTY / SGF_BLACK / SGF_WHITE;
                                    col[n] is SGF__BORDER: the point
                                    nb4[] gives for "off the board" */
    int16_t id[SGF__SN];         /* chain id of a stone, region id of an
                                    empty point */
    int16_t next[SGF__SN];       /* next point of the same chain/region
                                    (ring) */
    int16_t head[SGF__SN];       /* a point of chain/region k */
    int16_t size[SGF__SN];       /* points of chain/region k */
    int16_t libs[SGF__SN];       /* chains: distinct liberties */
    uint8_t border[SGF__SN];     /* regions: bit c = touches colour c */
    uint8_t kcol[SGF__SN];       /* colour of chain/region k */
    uint8_t px[SGF__SN], py[SGF__SN];   /* column and row of point i */
    int16_t nb4[SGF__SN][4];     /* neighbours of point i: up, left,
                                    right, down; n where there is none
                                    (the flood fills' table) */
    int count;                   /* chains and regions */
    int16_t stack[SGF__SN];
    uint32_t mark[SGF__SN];
    uint32_t gen;
} sgf__spos;

/* The colours of b's points, w * h bytes in SGF point order. */
void sgf__score_colors(uint8_t *col, const sgf_board *b);

/* s is NULL or not of the struct version this library writes. */
static inline bool sgf__score_unknown(const sgf_score *s)
{
    return s == NULL || s->version != SGF_SCORE_VERSION;
}

/* Clear the header and counts of *out (its version kept) and set the
 * scoring, komi, handicap compensation and size; the map is left. */
void sgf__score_start(sgf_score *out, const sgf_board *b,
                      const sgf_rules *r, double komi, int handicap);

/* Prisoners from b, then each side's score and the margin of s from its
 * counts, komi and handicap compensation. */
void sgf__score_total(sgf_score *s, const sgf_board *b);

/* Copy b into p, leaving out the stones dead[] marks (dead may be NULL),
 * and label chains and regions. */
void sgf__spos_load(sgf__spos *p, const sgf_board *b, const uint8_t *dead);

/* A new generation for p->mark (marks of earlier ones are stale). */
uint32_t sgf__spos_gen(sgf__spos *p);

/* Label chains (with liberty counts) and empty regions of p->col. */
void sgf__spos_label(sgf__spos *p);

/* The neighbours of point i, written to out; returns how many. Inline:
 * the flood fills call it for every point. */
static inline int sgf__spos_neighbors(const sgf__spos *p, int i,
                                      int out[4])
{
    int x = p->px[i], y = p->py[i], k = 0;
    if (y > 0)
        out[k++] = i - p->w;
    if (x > 0)
        out[k++] = i - 1;
    if (x < p->w - 1)
        out[k++] = i + 1;
    if (y < p->h - 1)
        out[k++] = i + p->w;
    return k;
}

/* Whether who playing at the empty point pt captures nothing and leaves
 * its chain with at most one liberty (self-atari). Labels must be
 * current. */
bool sgf__spos_self_atari(sgf__spos *p, int pt, sgf_color who);

/* Mark in seki[] (by chain id, p->count entries, cleared first) the
 * chains in seki: chains next to an empty point that touches both
 * colours where both players' filling would be self-atari, or would
 * leave the filler's chain only the two points of one of his eyes as
 * liberties, an eye that is all another chain of his has (a throw-in
 * ataris both), when every other liberty of those chains is such a
 * point for their enemy too (else the enemy fills it and wins a race).
 * Returns the number of such points. */
int sgf__spos_seki(sgf__spos *p, uint8_t *seki);

/* The first empty point (index) touching both colours that neither
 * player can fill without losing his chain, while one of the chains
 * next to it has a liberty its enemy fills safely: a capturing race,
 * not a seki (sgf__spos_seki leaves such points out). -1 when none. */
int sgf__spos_race(sgf__spos *p);

/* Random playouts from the position col[] (w * h colours, point order),
 * up to playouts of them, and no more once budget moves have been
 * played in all (but at least 8): own[i] gets, summed over the
 * playouts, +1 for each that ends with point i Black's (its stone, or an
 * empty point only Black borders), -1 for each that ends with it White's
 * (score_mc.c). Returns the number of playouts, or SGF_ENOMEM. */
int sgf__score_playouts(int32_t *own, const uint8_t *col, int w, int h,
                        int playouts, long budget);

/* What a labelled count must look into (sgf__score_fast's *needs). */
enum {
    SGF__NEED_SEKI = 1,         /* a point of seki may be on the board */
    SGF__NEED_TEIRE = 2,        /* a connection may be due */
    SGF__NEED_SPLIT = 4         /* open dame may give territory */
};

/* The count of b under r (dead: lifted stones, or NULL) from one word
 * per row (score_bits.c), seki, teire and dame filling included: 1 with
 * out's counts and map written (komi and totals left to the caller); 0
 * when the labelled count must do it (a chain partly dead, a point of
 * teire that depends on the order of a chain's liberties), *needs then
 * saying which of those it must look for (the others find nothing on
 * this board; all three with dead stones under territory counting). */
int sgf__score_fast(sgf_score *out, const sgf_board *b, const sgf_rules *r,
                    const uint8_t *dead, unsigned *needs);

/* The chain score_finish.c's find_atari names, from the board's own
 * chain rings (score_bits.c): the first chain, by its first point in
 * point order, with exactly one liberty once the dead stones (dead:
 * w * h bytes, or NULL) are lifted. Returns 1 with its first point and
 * its number of stones, 0 when no chain has one liberty, -1 when the
 * labelled position must tell (a chain partly dead, whose pieces are
 * chains of their own there; a board wider than 64). */
int sgf__fast_atari(const sgf_board *b, const uint8_t *dead, sgf_point *pt,
                    int *size);

/* The winner of a count with this margin (Black's score minus White's):
 * tie when it is 0 (SGF_EMPTY: a draw; sgf_rules_tie_winner). */
sgf_color sgf__score_winner(double margin, sgf_color tie);

/* sgf_score_dead_estimate, and in sure[] (w * h bytes) 1 for each
 * stone whose status is settled: pass-alive or dead by Benson, its eye
 * space read out to the end, or given the same owner by every playout
 * (score_dead.c). */
int sgf__score_estimate(uint8_t *dead, uint8_t *sure, const sgf_board *b);

/* Dame regions (touching both colours) of at most this many points are
 * boundaries left open, which territory counting closes by distance;
 * larger ones are open areas of a game that stopped early. */
#define SGF__DAME_ROOM 12

/* Territory counting's guess at dame left open (score.c): split[i] the
 * colour that gets point i once the boundary is closed, or 0. Labels of
 * p current. Returns whether any point is given. */
bool sgf__dame_split(sgf__spos *p, uint8_t *split);

/* The points of teire of p (score.c teire_all: where territory counting
 * leaves a point to be filled), with no seki and no dead stones looked
 * at, marked 1 in teire[] (p->n bytes); returns how many, and in *first
 * how many are found before any is filled. Labels of p current, and
 * kept. For the tests of the quick count. */
int sgf__score_teire(sgf__spos *p, uint8_t *teire, int *first);

/* sgf_score_count with a work area p (score.c); r not NULL. */
int sgf__score_count_with(sgf_score *out, sgf__spos *p, const sgf_board *b,
                          const sgf_rules *r, const uint8_t *dead,
                          double komi, int handicap);

/* sgf_score_count always from labels, never by sgf__score_fast (tests
 * compare the two). */
int sgf__score_count_labelled(sgf_score *out, const sgf_board *b,
                              const sgf_rules *r, const uint8_t *dead,
                              double komi, int handicap);

/* sgf_score_find_unfinished always from the labelled position, never
 * by sgf__fast_atari (tests compare the two). */
int sgf__score_find_unfinished_labelled(sgf_score_unfinished *out,
                                        const sgf_board *b,
                                        const sgf_rules *r,
                                        const uint8_t *dead);

/* marks[i] = 1 for the TB points of n, 2 for its TW points, else 0
 * (w * h bytes). Returns whether n has TB or TW. */
bool sgf__score_read_markup(uint8_t *marks, const sgf_node *n, int w,
                            int h);

/* Redo the territory and scores of s (counted with the markup's dead
 * stones) from the marks: the territory is what the markup marks. */
void sgf__score_recount_markup(sgf_score *s, const uint8_t *marks);

#endif
