/*
 * score_markup.c - reading the TB/TW territory markup a record ends with
 * (SGF FF[4] spec, Go page: TB, TW are point lists, compressed
 * rectangles "aa:cc" allowed): the dead stones it implies, a count from
 * it, its differences from a count, and a count redone with it. It calls
 * the counter (score.c) and the flat position (score_pos.c) only.
 */
#include "score_int.h"
#include "tree_int.h"           /* a property's values, read in place */
#include "rules_int.h"
#include "coord_int.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <sgf/props.h>

/* ---- markup ------------------------------------------------------------- */

/* Call fn(ctx, i, v) for each point i of value t on a w x h board: a
 * single point in lower case read inline (boards up to 26 wide), others
 * and compressed rectangles "aa:cc" by sgf_value_rect. */
static void each_point_of(sgf_str t, int w, int h, uint8_t v,
                          void (*fn)(void *, int, uint8_t), void *ctx)
{
    sgf_point ul, lr;
    if (t.len == 2) {                   /* the common case: one point */
        unsigned x = sgf__coord_lower(t.ptr[0]);
        unsigned y = sgf__coord_lower(t.ptr[1]);
        if (x < 26 && y < 26) {
            if (x < (unsigned)w && y < (unsigned)h)
                fn(ctx, (int)(y * (unsigned)w + x), v);
            return;
        }
    }
    if (sgf_value_rect(t, &ul, &lr) != 0)
        return;
    for (int y = ul.y; y <= lr.y && y < h; y++)
        for (int x = ul.x; x <= lr.x && x < w; x++)
            fn(ctx, y * w + x, v);
}

/* each_point_of for every value of the point-list property p, in the
 * order written. */
static void each_point(const sgf_prop *p, int w, int h, uint8_t v,
                       void (*fn)(void *, int, uint8_t), void *ctx)
{
    uint32_t n = p != NULL ? p->nvalues : 0;
    for (uint32_t k = 0; k < n; k++)
        each_point_of(p->values[k].text, w, h, v, fn, ctx);
}

static void set_mark(void *ctx, int i, uint8_t v)
{
    ((uint8_t *)ctx)[i] = v;
}

bool sgf__score_read_markup(uint8_t *marks, const sgf_node *n, int w, int h)
{
    const sgf_prop *tb = sgf_node_find_prop(n, SGF_PROP_TB);
    const sgf_prop *tw = sgf_node_find_prop(n, SGF_PROP_TW);
    memset(marks, 0, (size_t)w * (size_t)h);
    each_point(tb, w, h, 1, set_mark, marks);
    each_point(tw, w, h, 2, set_mark, marks);
    return tb != NULL || tw != NULL;
}

int sgf_score_dead_markup(uint8_t *dead, bool *found, const sgf_board *b,
                          const sgf_node *n)
{
    uint8_t col[SGF__SN];
    if (dead == NULL || b == NULL)
        return SGF_EINVAL;
    int w = sgf_board_width(b), h = sgf_board_height(b);
    bool any = false;
    if (n == NULL)
        memset(dead, 0, (size_t)w * (size_t)h);
    else
        any = sgf__score_read_markup(dead, n, w, h);
    if (found != NULL)
        *found = any;
    if (!any)
        return 0;
    sgf__score_colors(col, b);
    for (int i = 0; i < w * h; i++)     /* a stone on the enemy's mark: */
        dead[i] = (uint8_t)((col[i] ^ dead[i]) == 3);  /* B on TW, W on TB */
    return 0;
}

int sgf_score_markup_diff(const sgf_score *s, const sgf_node *n,
                          sgf_point *first)
{
    uint8_t marks[SGF__SN];
    int diffs = 0;
    if (sgf__score_unknown(s) || n == NULL || s->width < 1
        || s->width > SGF_MAX_SIZE || s->height < 1
        || s->height > SGF_MAX_SIZE)
        return SGF_EINVAL;          /* not a count the library made */
    sgf__score_read_markup(marks, n, s->width, s->height);
    for (int i = 0; i < s->width * s->height; i++) {
        uint8_t m = s->map[i];
        bool bt = m == SGF_SP_BLACK_TERRITORY || m == SGF_SP_WHITE_DEAD;
        bool wt = m == SGF_SP_WHITE_TERRITORY || m == SGF_SP_BLACK_DEAD;
        if (bt == (marks[i] == 1) && wt == (marks[i] == 2))
            continue;
        if (diffs++ == 0 && first != NULL)
            *first = (sgf_point){ (uint8_t)(i % s->width),
                                  (uint8_t)(i / s->width) };
    }
    return diffs;
}

void sgf__score_recount_markup(sgf_score *s, const uint8_t *marks)
{
    sgf_score_side *side[3] = { NULL, &s->black, &s->white };
    s->black.territory = s->white.territory = 0;
    s->dame = s->seki = 0;
    for (int i = 0; i < s->width * s->height; i++) {
        uint8_t m = s->map[i];
        if (m == SGF_SP_BLACK || m == SGF_SP_WHITE)
            continue;
        if (marks[i] != 0)
            side[marks[i]]->territory++;
        bool dead = m == SGF_SP_BLACK_DEAD || m == SGF_SP_WHITE_DEAD;
        if (!dead)
            s->map[i] = (uint8_t)(marks[i] == 1 ? SGF_SP_BLACK_TERRITORY
                                  : marks[i] == 2 ? SGF_SP_WHITE_TERRITORY
                                  : SGF_SP_DAME);
        s->dame += !dead && marks[i] == 0;
    }
    for (int k = 1; k <= 2; k++)
        side[k]->score = s->scoring == SGF_SCORING_AREA
            ? side[k]->stones + side[k]->territory
            : side[k]->territory + side[k]->prisoners + side[k]->dead;
    s->white.score += s->komi + s->handicap_bonus;
    s->margin = s->black.score - s->white.score;
}

/* Mark point i of the count s for colour v (1 Black, 2 White), as the
 * territory markup does: an empty point becomes v's territory, an enemy
 * stone v's dead stone (and v's territory), v's own stone stays. A point
 * marked again takes the last mark (TW after TB): its earlier mark is
 * undone. The map starts as the colours of the points (SGF_SP_BLACK and
 * SGF_SP_WHITE are the colours, SGF_SP_DAME empty); map values: v's
 * territory 2 + v, v's stone dead 4 + v. */
static inline void apply_mark(sgf_score *s, int i, uint8_t v)
{
    sgf_score_side *own = v == SGF_BLACK ? &s->black : &s->white;
    sgf_score_side *foe = v == SGF_BLACK ? &s->white : &s->black;
    uint8_t m = s->map[i];
    if (m == SGF_SP_DAME) {             /* the common case */
        own->territory++;
        s->dame--;
        s->map[i] = (uint8_t)(v == SGF_BLACK ? SGF_SP_BLACK_TERRITORY
                                             : SGF_SP_WHITE_TERRITORY);
        return;
    }
    if (m == v || m == 2 + v || m == 7 - v)
        return;                         /* the same mark again */
    if (m == 5 - v) {                   /* the other's territory */
        foe->territory--;
        own->territory++;
        s->map[i] = (uint8_t)(2 + v);
    } else if (m == 4 + v) {            /* own stone, marked dead */
        own->stones++;
        foe->dead--;
        foe->territory--;
        s->map[i] = v;
    } else {                            /* an enemy stone: dead */
        foe->stones--;
        own->dead++;
        own->territory++;
        s->map[i] = (uint8_t)(m + 4);
    }
}

/* apply_mark as each_point_of calls it (ctx: the count). */
static void mark_point(void *ctx, int i, uint8_t v)
{
    apply_mark(ctx, i, v);
}

/* apply_mark for each point of the point-list property p (each_point
 * with the mark applied in place: this is the whole work of a count
 * with markup). The loop takes the common value, one point in lower
 * case on the board, and the common case, an empty point becoming v's
 * territory, counted in a local (the map's byte stores would make the
 * compiler store and reload the counts at every point; they only ever
 * move by steps, so adding them up at the end gives the same). */
static void apply_marks(sgf_score *s, const sgf_prop *p, uint8_t v)
{
    if (p == NULL)
        return;
    unsigned w = (unsigned)s->width, h = (unsigned)s->height;
    unsigned wl = w < 26 ? w : 26, hl = h < 26 ? h : 26;
    uint8_t *map = s->map;
    const uint8_t terr = v == SGF_BLACK ? SGF_SP_BLACK_TERRITORY
                                        : SGF_SP_WHITE_TERRITORY;
    int fresh = 0;                      /* empty points made territory */
    for (const sgf__value *val = p->values, *end = val + p->nvalues;
         val < end; val++) {
        const char *q = val->text.ptr;
        unsigned x, y;
        if (val->text.len != 2                  /* else each_point_of: */
            || (x = sgf__coord_lower(q[0])) >= wl   /* capitals, */
            || (y = sgf__coord_lower(q[1])) >= hl) {/* "aa:cc", off */
            each_point_of(val->text, (int)w, (int)h, v, /* the board */
                          mark_point, s);
            continue;
        }
        unsigned i = y * w + x;
        if (map[i] == SGF_SP_DAME) {
            map[i] = terr;
            fresh++;
        } else {
            apply_mark(s, (int)i, v);
        }
    }
    (v == SGF_BLACK ? &s->black : &s->white)->territory += fresh;
    s->dame -= fresh;
}

/* The markup says all (the territory as the server counted it, and
 * which stones are dead), so no region is flooded and no seki looked
 * for: the count starts from the board's colours and stone counts, and
 * only the marked points change it. */
int sgf_score_count_markup(sgf_score *out, const sgf_board *b,
                           const sgf_rules *r, const sgf_node *n,
                           double komi, int handicap)
{
    static const sgf_rules init = SGF_RULES_INIT;
    if (sgf__score_unknown(out) || b == NULL || n == NULL
        || sgf__rules_unknown(r))
        return SGF_EINVAL;
    int w = sgf_board_width(b), h = sgf_board_height(b);
    sgf__score_start(out, b, r != NULL ? r : &init, komi, handicap);
    out->black.stones = sgf_board_stone_count(b, SGF_BLACK);
    out->white.stones = sgf_board_stone_count(b, SGF_WHITE);
    out->dame = w * h - out->black.stones - out->white.stones;
    sgf__score_colors(out->map, b);
    apply_marks(out, sgf_node_find_prop(n, SGF_PROP_TB), 1);
    apply_marks(out, sgf_node_find_prop(n, SGF_PROP_TW), 2);
    sgf__score_total(out, b);
    return 0;
}
