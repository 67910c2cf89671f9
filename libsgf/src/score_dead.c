/*
 * score_dead.c - which stones are dead at the end of a game: from a
 * caller's list of points, or estimated (Benson's unconditional life,
 * then random playouts, score_mc.c, and where they are split "rooms" and
 * eyes; last, small enclosed eye spaces read to the end; the method is
 * described in man/sgf-score.1). TB/TW markup is read in score_markup.c.
 *
 * Benson, "Life in the game of Go", Information Sciences 10 (1976): for
 * colour c, regions are the maximal connected sets of points not of
 * colour c; a region is vital to a chain of c when each of its empty
 * points is a liberty of the chain. Repeatedly drop chains with fewer
 * than two vital regions left, and regions that border a dropped chain;
 * the chains left cannot be captured even if c always passes.
 */
#include "score_int.h"

#include <stdlib.h>
#include <string.h>

#include <sgf/props.h>
#include "rules_int.h"

/* ---- a caller's list ---------------------------------------------------- */

/* One item "dd" or "D16" (len bytes) as a point of a w x h board. */
static bool item_point(const char *s, size_t len, int w, int h,
                       sgf_point *out)
{
    if (len == 2 && s[1] > '9') {
        sgf_str v = { s, 2 };
        return sgf_value_point(v, out) == 0 && out->x < w && out->y < h;
    }
    return sgf_point_parse_vertex(s, len, w, h, out) == 0;
}

int sgf_score_dead_points(uint8_t *dead, const sgf_board *b,
                          const char *list, size_t *bad)
{
    sgf_point pts[SGF__SN];
    int chains = 0, w, h;
    if (dead == NULL || b == NULL || list == NULL)
        return SGF_EINVAL;
    w = sgf_board_width(b);
    h = sgf_board_height(b);
    for (size_t i = 0; list[i] != '\0'; ) {
        size_t len = strcspn(list + i, ",");
        sgf_point pt;
        if (!item_point(list + i, len, w, h, &pt)
            || sgf_board_at(b, pt) == SGF_EMPTY) {
            if (bad != NULL)
                *bad = i;
            return SGF_ESYNTAX;
        }
        int m = sgf_board_chain_points(b, pt, pts, SGF__SN);
        for (int k = 0; k < m; k++)
            dead[pts[k].y * w + pts[k].x] = 1;
        chains++;
        i += len;
        if (list[i] == ',' && list[++i] == '\0') {
            if (bad != NULL)            /* "aa,": an empty item at the */
                *bad = i;               /* end, as ",aa" at the start */
            return SGF_ESYNTAX;
        }
    }
    return chains;
}

/* ---- Benson ----------------------------------------------------------- */

typedef struct benson {
    int16_t reg[SGF__SN];      /* region of each non-c point, -1 else */
    int16_t order[SGF__SN];    /* points of region r: order[ostart[r]
                                  .. ostart[r + 1] - 1] */
    int ostart[SGF__SN + 1];
    int nreg;
    int16_t vital[SGF__SN][4]; /* chains region r is vital to, -1 end */
    int bstart[SGF__SN + 1];   /* chains bordering r: border[bstart[r]..] */
    int16_t border[SGF__SN * 4];
    uint8_t healthy[SGF__SN];
    uint8_t alive[SGF__SN];    /* by chain id */
    int16_t stack[SGF__SN];
} benson;

/* Flood the non-c region through start with id r. */
static void benson_region(benson *bn, const sgf__spos *p, sgf_color c,
                          int start, int r)
{
    int sp = 0, nb[4], o = bn->ostart[r];
    bn->stack[sp++] = (int16_t)start;
    bn->reg[start] = (int16_t)r;
    while (sp > 0) {
        int i = bn->stack[--sp];
        bn->order[o++] = (int16_t)i;
        int m = sgf__spos_neighbors(p, i, nb);
        for (int d = 0; d < m; d++)
            if (p->col[nb[d]] != c && bn->reg[nb[d]] < 0) {
                bn->reg[nb[d]] = (int16_t)r;
                bn->stack[sp++] = (int16_t)nb[d];
            }
    }
    bn->ostart[r + 1] = o;
}

/* Whether every empty point of region r is next to chain x. */
static bool is_vital(const benson *bn, const sgf__spos *p, int r, int x)
{
    int nb[4], empties = 0;
    for (int o = bn->ostart[r]; o < bn->ostart[r + 1]; o++) {
        int i = bn->order[o];
        if (p->col[i] != SGF_EMPTY)
            continue;
        empties++;
        int m = sgf__spos_neighbors(p, i, nb), d = 0;
        while (d < m && !(p->col[nb[d]] != SGF_EMPTY && p->id[nb[d]] == x))
            d++;
        if (d == m)
            return false;
    }
    return empties > 0;
}

/* Chains of colour c next to point i, distinct, into out; count. */
static int chains_next_to(const sgf__spos *p, sgf_color c, int i,
                          int out[4])
{
    int nb[4], m = sgf__spos_neighbors(p, i, nb), k = 0;
    for (int d = 0; d < m; d++) {
        if (p->col[nb[d]] != c)
            continue;
        int x = p->id[nb[d]], e = 0;
        while (e < k && out[e] != x)
            e++;
        if (e == k)
            out[k++] = x;
    }
    return k;
}

static void benson_build(benson *bn, sgf__spos *p, sgf_color c)
{
    int ch[4];
    memset(bn->reg, 0xff, sizeof bn->reg);
    bn->nreg = 0;
    bn->ostart[0] = 0;
    for (int i = 0; i < p->n; i++)
        if (p->col[i] != c && bn->reg[i] < 0)
            benson_region(bn, p, c, i, bn->nreg++);
    int nb_total = 0;
    uint32_t *seen = p->mark;
    for (int r = 0; r < bn->nreg; r++) {
        uint32_t g = ++p->gen;
        bn->bstart[r] = nb_total;
        for (int o = bn->ostart[r]; o < bn->ostart[r + 1]; o++) {
            int i = bn->order[o];
            int k = chains_next_to(p, c, i, ch);
            for (int e = 0; e < k; e++)
                if (seen[p->head[ch[e]]] != g) {
                    seen[p->head[ch[e]]] = g;
                    bn->border[nb_total++] = (int16_t)ch[e];
                }
        }
        int v = 0;
        for (int e = bn->bstart[r]; e < nb_total && v < 4; e++)
            if (is_vital(bn, p, r, bn->border[e]))
                bn->vital[r][v++] = bn->border[e];
        if (v < 4)
            bn->vital[r][v] = -1;
        bn->healthy[r] = 1;
    }
    bn->bstart[bn->nreg] = nb_total;
}

static bool benson_step(benson *bn, const sgf__spos *p, sgf_color c)
{
    bool changed = false;
    uint8_t nvital[SGF__SN];
    memset(nvital, 0, (size_t)p->count);
    for (int r = 0; r < bn->nreg; r++)
        for (int v = 0; bn->healthy[r] && v < 4 && bn->vital[r][v] >= 0; v++)
            nvital[bn->vital[r][v]]++;
    for (int x = 0; x < p->count; x++)
        if (p->kcol[x] == c && bn->alive[x] && nvital[x] < 2) {
            bn->alive[x] = 0;
            changed = true;
        }
    for (int r = 0; r < bn->nreg; r++)
        for (int e = bn->bstart[r]; bn->healthy[r] && e < bn->bstart[r + 1];
             e++)
            if (!bn->alive[bn->border[e]]) {
                bn->healthy[r] = 0;
                changed = true;
            }
    return changed;
}

/* Run Benson for c on p (labels current); bn->alive by chain id. */
static void benson_run(benson *bn, sgf__spos *p, sgf_color c)
{
    benson_build(bn, p, c);
    for (int x = 0; x < p->count; x++)
        bn->alive[x] = (uint8_t)(p->kcol[x] == c);
    while (benson_step(bn, p, c))
        ;
}

int sgf_score_pass_alive(uint8_t *alive, const sgf_board *b, sgf_color c)
{
    if (alive == NULL || b == NULL || (c != SGF_BLACK && c != SGF_WHITE))
        return SGF_EINVAL;
    sgf__spos *p = sgf__scratch_take(sizeof *p);
    benson *bn = sgf__scratch_take(sizeof *bn);
    int stones = 0;
    if (p == NULL || bn == NULL) {
        sgf__scratch_give(p, sizeof *p);
        sgf__scratch_give(bn, sizeof *bn);
        return SGF_ENOMEM;
    }
    p->gen = 0;
    memset(p->mark, 0, sizeof p->mark);
    sgf__spos_load(p, b, NULL);
    benson_run(bn, p, c);
    for (int i = 0; i < p->n; i++) {
        alive[i] = (uint8_t)(p->col[i] == c && bn->alive[p->id[i]]);
        stones += alive[i];
    }
    sgf__scratch_give(p, sizeof *p);
    sgf__scratch_give(bn, sizeof *bn);
    return stones;
}

/* ---- the estimate ----------------------------------------------------- */

/* Two methods judge the chains Benson leaves open. Random playouts
 * (score_mc.c) first: a chain is dead when it cannot stop the enemy
 * from taking it off however play goes on, so a chain most playouts end
 * with the enemy owning its points is dead, one most end with its
 * owner's is alive. Where they are split (the balance over the chain's
 * points is under EST_SURE% of the playouts), the static method
 * decides: "rooms" and eyes, as sgf/score.h describes. Groups left
 * alive whose one eye space is small, enclosed and holds enemy stones
 * are then read to the end (read_groups()). EST_PLAYOUTS
 * playouts are enough for a chain in doubt to settle (on the tuning half
 * of the shared corpus's counted games 20, 24 and 32 give the same
 * verdicts; 24 keeps a finished 19x19 game under a millisecond with the
 * rest of the estimate); a budget of EST_BUDGET moves in all, which the
 * long playouts of open positions (unfinished games) use up with fewer,
 * bounds the time of the others. */
enum { EST_PLAYOUTS = 24, EST_BUDGET = 2000, EST_SURE = 30 };

/* Enclosed eye spaces read to the end (read_groups()): at most
 * LD_POINTS points, the chains around them at most LD_CHAINS; the
 * results kept by position (3^LD_POINTS colourings, side to play, ko
 * point or none, last move a pass or not); a reading gives up (the
 * group is left as the verdicts say) after LD_NODES_MAX positions. */
enum { LD_POINTS = 7, LD_CHAINS = 8, LD_NODES = LD_POINTS + LD_CHAINS,
       LD_STATES = 2187 * 2 * (LD_POINTS + 1) * 2,
       LD_NODES_MAX = 20000 };

typedef struct est {
    sgf__spos p;
    benson bn;
    uint8_t fixed[SGF__SN];     /* stone is pass-alive */
    uint8_t sure[SGF__SN];      /* stone's status settled: proven
                                   (Benson, reading), or the playouts'
                                   and the rooms' alike */
    int8_t major[SGF__SN];      /* the playouts' verdict of a stone: 1
                                   dead, 0 alive, -1 split or none */
    int16_t room[SGF__SN];      /* room id of a stone or empty point,
                                   for the colour being looked at */
    int16_t rstones[SGF__SN], rsize[SGF__SN], reyes[SGF__SN];
    uint8_t rlive[SGF__SN];
    uint8_t seen[SGF__SN];      /* by region id: counted as an eye */
    uint8_t col[SGF__SN];       /* the position, Benson's dead lifted */
    uint8_t orig[SGF__SN];      /* the position as it stands */
    uint8_t rdead[SGF__SN];     /* the rooms method's dead stones */
    int32_t own[SGF__SN];       /* playouts' ownership, +Black -White */
    uint8_t memo[LD_STATES];    /* read_groups()' results (ld_search) */
    int playouts;
} est;

/* Mark pass-alive stones in e->fixed, and the enemy stones inside the
 * regions vital to them as dead. */
static void benson_both(est *e, const sgf_board *b, uint8_t *dead)
{
    sgf__spos_load(&e->p, b, NULL);
    memset(e->fixed, 0, sizeof e->fixed);
    memset(e->sure, 0, sizeof e->sure);
    memset(e->major, 0xff, sizeof e->major);
    for (int c = SGF_BLACK; c <= SGF_WHITE; c++) {
        benson_run(&e->bn, &e->p, (sgf_color)c);
        for (int i = 0; i < e->p.n; i++) {
            int r = e->bn.reg[i];
            if (e->p.col[i] == c && e->bn.alive[e->p.id[i]])
                e->fixed[i] = e->sure[i] = 1;
            else if (e->p.col[i] != c && e->p.col[i] != SGF_EMPTY
                     && e->bn.healthy[r] && e->bn.vital[r][0] >= 0
                     && e->bn.alive[e->bn.vital[r][0]])
                dead[i] = e->sure[i] = 1;
        }
    }
}

/* Whether the one-point eye at i is false: its owner cannot keep the
 * chains around it together, because the enemy holds two of its
 * diagonal points (one on the edge or in the corner). */
static bool false_eye(const sgf__spos *p, int i)
{
    int x = i % p->w, y = i / p->w, enemy = 0, off = 0;
    sgf_color own = SGF_EMPTY;
    int nb[4], m = sgf__spos_neighbors(p, i, nb);
    if (m > 0)
        own = (sgf_color)p->col[nb[0]];
    for (int dy = -1; dy <= 1; dy += 2)
        for (int dx = -1; dx <= 1; dx += 2) {
            int xx = x + dx, yy = y + dy;
            if (xx < 0 || yy < 0 || xx >= p->w || yy >= p->h)
                off = 1;
            else if (p->col[yy * p->w + xx] == 3 - own)
                enemy++;
        }
    return enemy >= (off ? 1 : 2);
}

/* The width and height of the smallest rectangle holding region r. */
static void region_box(const sgf__spos *p, int r, int *bw, int *bh)
{
    int s = p->head[r], x0 = p->w, x1 = 0, y0 = p->h, y1 = 0;
    do {
        int x = p->px[s], y = p->py[s];
        x0 = x < x0 ? x : x0;
        x1 = x > x1 ? x : x1;
        y0 = y < y0 ? y : y0;
        y1 = y > y1 ? y : y1;
        s = p->next[s];
    } while (s != p->head[r]);
    *bw = x1 - x0 + 1;
    *bh = y1 - y0 + 1;
}

/* The vital point of region r when its shape is one the enemy kills by
 * playing there (nakade): the pyramid four, the bulky five, the crossed
 * five and the rabbity six, whose vital point is the one next to three
 * or four others of the shape; -1 for any other shape. The square four
 * has none (it is one eye however play goes). */
static int nakade_point(const sgf__spos *p, int r)
{
    int s = p->head[r], size = p->size[r], vital = -1, top = 0, nb[4];
    if (size < 4 || size > 6)
        return -1;
    do {
        int deg = 0;
        int m = sgf__spos_neighbors(p, s, nb);
        for (int d = 0; d < m; d++)
            deg += p->col[nb[d]] == SGF_EMPTY && p->id[nb[d]] == r;
        if (deg > top) {
            top = deg;
            vital = s;
        } else if (deg == top) {
            vital = -1;                 /* two of the highest: no shape */
        }
        s = p->next[s];
    } while (s != p->head[r]);
    int bw, bh;
    region_box(p, r, &bw, &bh);
    int box = bw * bh;
    bool shape = size == 4 ? top == 3                   /* pyramid */
                 : size == 5 ? (top == 3 && box == 6)   /* bulky */
                               || top == 4              /* crossed */
                 : top == 4 && box == 9;                /* rabbity */
    return shape ? vital : -1;
}

/* Eyes an empty region touching one colour only is worth: none for a
 * false eye, one up to three points and for the square four (the enemy
 * kills them by playing inside), one for a shape the enemy kills by its
 * vital point (nakade_point()) when a stone of his, dead, sits there
 * already, else two from four points (the enemy would have played
 * inside a killable shape before the game ended). orig: the colours of
 * the position before any stone was lifted. */
static int eye_value(const sgf__spos *p, int r, const uint8_t *orig)
{
    if (p->size[r] == 1)
        return false_eye(p, p->head[r]) ? 0 : 1;
    if (p->size[r] < 4)
        return 1;
    int v = nakade_point(p, r);
    sgf_color enemy = p->border[r] == (1u << SGF_BLACK) ? SGF_WHITE
                                                        : SGF_BLACK;
    if (v >= 0 && orig[v] == enemy)
        return 1;
    if (p->size[r] > 4)
        return 2;
    int bw, bh;
    region_box(p, r, &bw, &bh);
    return bw == 2 && bh == 2 ? 1 : 2;  /* the square four: one eye */
}

/* Flood the room of colour c through start (empty or c points). */
static void flood_room(est *e, sgf_color c, int start, int k)
{
    sgf__spos *p = &e->p;
    int sp = 0, nb[4];
    p->stack[sp++] = (int16_t)start;
    e->room[start] = (int16_t)k;
    e->rstones[k] = e->rsize[k] = e->reyes[k] = 0;
    e->rlive[k] = 0;
    while (sp > 0) {
        int i = p->stack[--sp];
        e->rsize[k]++;
        if (p->col[i] == c) {
            e->rstones[k]++;
            e->rlive[k] |= e->fixed[i];
        } else if (p->border[p->id[i]] == (1u << c) && !e->seen[p->id[i]]) {
            e->seen[p->id[i]] = 1;          /* an eye of this room */
            e->reyes[k] += eye_value(p, p->id[i], e->orig);
        }
        int m = sgf__spos_neighbors(p, i, nb);
        for (int d = 0; d < m; d++)
            if (p->col[nb[d]] != 3 - c && e->room[nb[d]] < 0) {
                e->room[nb[d]] = (int16_t)k;
                p->stack[sp++] = (int16_t)nb[d];
            }
    }
}

/* Whether the empty point i is next to a stone of colour c. */
static bool touches(const sgf__spos *p, int i, sgf_color c)
{
    int nb[4], m = sgf__spos_neighbors(p, i, nb);
    for (int d = 0; d < m; d++)
        if (p->col[nb[d]] == c)
            return true;
    return false;
}

/* Whether the chain x cannot be captured without the enemy filling a
 * liberty in self-atari, and one of its liberties next to an enemy stone
 * is self-atari for its owner too (seki: a liberty shared with the
 * enemy that neither side can fill; without one, the owner fills his
 * own liberties first and the enemy's throw-ins then kill). */
static bool chain_seki(est *e, int x)
{
    sgf__spos *p = &e->p;
    int s = p->head[x], nb[4], libs = 0;
    sgf_color own = (sgf_color)p->kcol[x], enemy = (sgf_color)(3 - own);
    bool mutual = false;
    do {
        int m = sgf__spos_neighbors(p, s, nb);
        for (int d = 0; d < m; d++)
            if (p->col[nb[d]] == SGF_EMPTY) {
                if (!sgf__spos_self_atari(p, nb[d], enemy))
                    return false;
                libs++;
                if (!mutual && touches(p, nb[d], enemy))
                    mutual = sgf__spos_self_atari(p, nb[d], own);
            }
        s = p->next[s];
    } while (s != p->head[x]);
    return libs >= 2 && mutual;
}

static bool room_seki(est *e, sgf_color c, int k)
{
    for (int x = 0; x < e->p.count; x++)
        if (e->p.kcol[x] == c && e->room[e->p.head[x]] == k
            && chain_seki(e, x))
            return true;
    return false;
}

/* The weakest room of colour c that does not live: fewest stones, then
 * smallest. Writes its id and stones; false when every room lives. */
static bool weakest_room(est *e, sgf_color c, int *best, int *stones)
{
    int nrooms = 0;
    bool any = false;
    memset(e->room, 0xff, sizeof e->room);
    memset(e->seen, 0, (size_t)e->p.count);
    for (int i = 0; i < e->p.n; i++)
        if (e->p.col[i] == c && e->room[i] < 0)
            flood_room(e, c, i, nrooms++);
    for (int k = 0; k < nrooms; k++) {
        if (e->rlive[k] || e->reyes[k] >= 2)
            continue;
        if (any && (e->rstones[k] > *stones
                    || (e->rstones[k] == *stones
                        && e->rsize[k] >= e->rsize[*best])))
            continue;
        if (room_seki(e, c, k))
            continue;
        any = true;
        *best = k;
        *stones = e->rstones[k];
    }
    return any;
}

/* One round: kill the weakest room of either colour. False when none. */
static bool kill_weakest(est *e, const sgf_board *b, uint8_t *dead)
{
    int best[3] = { 0, -1, -1 }, stones[3] = { 0, 0, 0 };
    int16_t rooms_b[SGF__SN];
    sgf__spos_load(&e->p, b, dead);
    bool fb = weakest_room(e, SGF_BLACK, &best[1], &stones[1]);
    memcpy(rooms_b, e->room, sizeof rooms_b);
    bool fw = weakest_room(e, SGF_WHITE, &best[2], &stones[2]);
    if (!fb && !fw)
        return false;
    sgf_color c = !fw || (fb && stones[1] <= stones[2]) ? SGF_BLACK
                                                        : SGF_WHITE;
    const int16_t *room = c == SGF_BLACK ? rooms_b : e->room;
    for (int i = 0; i < e->p.n; i++)
        if (e->p.col[i] == c && room[i] == best[c])
            dead[i] = 1;
    return true;
}

/* What the playouts say of chain x (labels of e->p): 1 dead, 0 alive
 * (also when pass-alive), -1 split. */
static int playouts_say(const est *e, int x)
{
    const sgf__spos *p = &e->p;
    int s = p->head[x];
    long sum = 0, sure = (long)EST_SURE * p->size[x] * e->playouts / 100;
    do {
        if (e->fixed[s])
            return 0;
        sum += e->own[s];
        s = p->next[s];
    } while (s != p->head[x]);
    if (p->kcol[x] == SGF_WHITE)
        sum = -sum;                     /* > 0: the owner's */
    return sum >= sure || sum <= -sure ? sum < 0 : -1;
}

/* The verdicts: the playouts', and the rooms' where they are split (the
 * rooms are worked out only then). Labels of e->p: the position with
 * Benson's dead stones (in dead) lifted. */
static void judge(est *e, const sgf_board *b, uint8_t *dead)
{
    int8_t say[SGF__SN];
    bool split = false;
    for (int x = 0; x < e->p.count; x++) {
        say[x] = (int8_t)(e->p.kcol[x] == SGF_EMPTY ? 0 : playouts_say(e, x));
        split |= say[x] < 0;
        if (e->p.kcol[x] == SGF_EMPTY)
            continue;
        int s = e->p.head[x];
        do {
            e->major[s] = say[x];
            s = e->p.next[s];
        } while (s != e->p.head[x]);
    }
    if (split) {
        memcpy(e->rdead, dead, (size_t)e->p.n);
        for (int k = 0; k < e->p.n && kill_weakest(e, b, e->rdead); k++)
            ;
        sgf__spos_load(&e->p, b, dead);     /* the same labels again */
    }
    for (int x = 0; x < e->p.count; x++) {
        if (say[x] == 0 || (say[x] < 0 && !e->rdead[e->p.head[x]]))
            continue;
        int s = e->p.head[x];
        do {
            dead[s] = 1;
            s = e->p.next[s];
        } while (s != e->p.head[x]);
    }
}

/* ---- reading an enclosed eye space -------------------------------------- */

/* A group of colour own whose chains have all their liberties in one
 * small enclosed area (empty points and enemy stones, bounded by the
 * group and the edge) lives or dies there alone: reading every play in
 * the area tells which. The area's points are nodes 0 .. n - 1, the
 * group's chains nodes n .. n + k - 1 (they never move: capturing one
 * kills the group). */
typedef struct ld {
    int n, k, depth;
    long nodes;                 /* positions read so far */
    uint8_t own;
    uint8_t nadj[LD_NODES];
    uint8_t adj[LD_NODES][LD_POINTS];   /* neighbours: an area point has
                                           4 at most, a chain n */
    uint8_t *memo;
} ld;

/* Whether the group of node a (nodes of col[a]'s colour joined through
 * adjacency) has a liberty; its nodes into grp (count in *size). */
static bool ld_group(const ld *g, const uint8_t *col, int a, uint8_t *grp,
                     int *size)
{
    uint16_t seen = (uint16_t)(1u << a);
    int sp = 0, m = 0;
    bool lib = false;
    grp[m++] = (uint8_t)a;
    while (sp < m) {
        int v = grp[sp++];
        for (int d = 0; d < g->nadj[v]; d++) {
            int u = g->adj[v][d];
            if (col[u] == SGF_EMPTY)
                lib = true;
            else if (col[u] == col[a] && !(seen & (1u << u))) {
                seen |= (uint16_t)(1u << u);
                grp[m++] = (uint8_t)u;
            }
        }
    }
    *size = m;
    return lib;
}

/* Play c at area point p in col[]: -1 illegal (suicide), 1 when a chain
 * of the group is taken, else 0; *ko gets the point the other side may
 * not retake at once (n for none). */
static int ld_play(const ld *g, uint8_t *col, int p, uint8_t c, int *ko)
{
    uint8_t grp[LD_NODES];
    int size, taken = 0, last = -1;
    col[p] = c;
    for (int d = 0; d < g->nadj[p]; d++) {
        int u = g->adj[p][d];
        if (col[u] != 3 - c || ld_group(g, col, u, grp, &size))
            continue;
        for (int j = 0; j < size; j++) {
            if (grp[j] >= g->n)
                return 1;
            col[grp[j]] = SGF_EMPTY;
        }
        taken += size;
        last = grp[0];
    }
    if (!ld_group(g, col, p, grp, &size))
        return -1;
    *ko = g->n;
    if (taken == 1 && size == 1) {
        int libs = 0;
        for (int d = 0; d < g->nadj[p]; d++)
            libs += col[g->adj[p][d]] == SGF_EMPTY;
        if (libs == 1)
            *ko = last;
    }
    return 0;
}

/* Whether the group lives with side to play in col[] (ko: the point
 * side may not take, n for none; passed: the last move was a pass),
 * reading depth moves more: a group still standing then lives, and so
 * does one whose owner passes after the enemy passed. Either side may
 * play any legal move in the area, or pass. Results are kept in
 * g->memo: one that the group dies holds with more moves left, one that
 * it lives with fewer. Past LD_NODES_MAX positions the group lives. */
static bool ld_search(ld *g, const uint8_t *col, uint8_t side, int ko,
                      int passed, int depth)
{
    if (depth == 0 || ++g->nodes > LD_NODES_MAX)
        return true;
    int key = 0;
    for (int i = g->n - 1; i >= 0; i--)
        key = key * 3 + col[i];
    key = ((key * 2 + (side == g->own)) * (LD_POINTS + 1) + ko) * 2
          + passed;
    uint8_t m = g->memo[key];
    if (m != 0) {
        bool lives = (m & 1) != 0;
        int d = m >> 1;
        if (lives ? depth <= d : depth >= d)
            return lives;
    }
    bool enemy = side != g->own, lives = !enemy;
    if (!passed || enemy) {             /* the owner's pass after the
                                           enemy's ends the reading */
        lives = passed ? true : ld_search(g, col, (uint8_t)(3 - side), g->n,
                                          1, depth - 1);
        for (int p = 0; p < g->n && lives == enemy; p++) {
            uint8_t next[LD_NODES];
            int nko;
            if (col[p] != SGF_EMPTY || p == ko)
                continue;
            memcpy(next, col, sizeof next);
            int r = ld_play(g, next, p, side, &nko);
            if (r < 0)
                continue;
            if (r > 0) {
                lives = false;
                break;
            }
            lives = ld_search(g, next, (uint8_t)(3 - side), nko, 0,
                              depth - 1);
        }
    }
    if (g->nodes <= LD_NODES_MAX)
        g->memo[key] = (uint8_t)(depth << 1 | lives);
    return lives;
}

/* Read the enclosed eye space next to chain x of e->p (labels of the
 * position as it stands, no stone lifted): fills g and returns true
 * when x's group has all its liberties in one area of at most LD_POINTS
 * points, with LD_CHAINS chains at most, and the enemy chains outside
 * the area next to the group are pass-alive or have more liberties than
 * the area has points (the group cannot win a race against them). The
 * area's points go to pts[], the group's chains to chains[]. */
static bool ld_area(est *e, int x, ld *g, int *pts, int *chains)
{
    sgf__spos *p = &e->p;
    uint8_t own = p->kcol[x];
    int nb[4], sp = 0;
    uint32_t gen = sgf__spos_gen(p);
    g->n = g->k = 0;
    g->own = own;
    int s = p->head[x];
    do {                                /* the area: from x's liberties */
        int m = sgf__spos_neighbors(p, s, nb);
        for (int d = 0; d < m; d++)
            if (p->col[nb[d]] == SGF_EMPTY && p->mark[nb[d]] != gen) {
                if (g->n == LD_POINTS)
                    return false;
                p->mark[nb[d]] = gen;
                pts[g->n++] = nb[d];
            }
        s = p->next[s];
    } while (s != p->head[x]);
    while (sp < g->n) {
        int m = sgf__spos_neighbors(p, pts[sp++], nb);
        for (int d = 0; d < m; d++) {
            int j = nb[d];
            if (p->col[j] == own || p->mark[j] == gen)
                continue;
            if (g->n == LD_POINTS)
                return false;
            p->mark[j] = gen;
            pts[g->n++] = j;
        }
    }
    for (int a = 0; a < g->n; a++) {    /* the chains around it */
        int m = sgf__spos_neighbors(p, pts[a], nb);
        for (int d = 0; d < m; d++) {
            int y = p->id[nb[d]], c = 0;
            if (p->col[nb[d]] != own)
                continue;
            while (c < g->k && chains[c] != y)
                c++;
            if (c == g->k) {
                if (g->k == LD_CHAINS)
                    return false;
                chains[g->k++] = y;
            }
        }
    }
    for (int c = 0; c < g->k; c++) {   /* no liberty outside, no race */
        s = p->head[chains[c]];
        do {
            int m = sgf__spos_neighbors(p, s, nb);
            for (int d = 0; d < m; d++) {
                int j = nb[d];
                if (p->mark[j] == gen || p->col[j] == own)
                    continue;
                if (p->col[j] == SGF_EMPTY)
                    return false;
                int sure = own == SGF_BLACK ? -e->own[j] : e->own[j];
                if (!e->fixed[j] && p->libs[p->id[j]] <= g->n
                    && sure * 10 < e->playouts * 9)
                    return false;
            }
            s = p->next[s];
        } while (s != p->head[chains[c]]);
    }
    for (int a = 0; a < g->n + g->k; a++)
        g->nadj[a] = 0;
    for (int a = 0; a < g->n; a++) {
        int m = sgf__spos_neighbors(p, pts[a], nb);
        for (int d = 0; d < m; d++) {
            int j = nb[d], u = -1;
            if (p->mark[j] == gen) {
                for (u = 0; pts[u] != j; u++)
                    ;
            } else {
                for (u = 0; chains[u] != p->id[j]; u++)
                    ;
                u += g->n;
                bool dup = false;
                for (int t = 0; t < g->nadj[a]; t++)
                    dup |= g->adj[a][t] == u;
                if (dup)
                    continue;
                g->adj[u][g->nadj[u]++] = (uint8_t)a;
            }
            g->adj[a][g->nadj[a]++] = (uint8_t)u;
        }
    }
    return true;
}

/* Groups the verdicts leave alive whose one eye space is small and
 * enclosed are read to the end, the enemy playing first (a group is
 * dead when its owner cannot stop the enemy from taking it off): those
 * that die are marked dead, and the enemy stones in their eye space
 * alive. Playouts miss these: their enemy does not put three stones or
 * more in atari to leave a killing shape (a group whose liberties are
 * all inside the eye space, with enemy stones there). Labels of e->p
 * are those of the position as it stands. */
static void read_groups(est *e, uint8_t *dead)
{
    sgf__spos *p = &e->p;
    int pts[LD_POINTS], chains[LD_CHAINS];
    uint8_t col[LD_NODES], done[SGF__SN];
    ld g;
    memset(done, 0, (size_t)p->count);
    for (int x = 0; x < p->count; x++) {
        int h = p->head[x];
        if (p->kcol[x] == SGF_EMPTY || done[x] || e->fixed[h] || dead[h]
            || p->libs[x] > LD_POINTS || !ld_area(e, x, &g, pts, chains))
            continue;
        int enemies = 0, fixed = 0;
        for (int c = 0; c < g.k; c++) {
            done[chains[c]] = 1;
            fixed += e->fixed[p->head[chains[c]]];
        }
        for (int a = 0; a < g.n; a++) {
            col[a] = p->col[pts[a]];
            enemies += col[a] == 3 - g.own;
        }
        if (enemies == 0 || fixed > 0)
            continue;       /* the rooms judge eye spaces without enemy */
        for (int c = 0; c < g.k; c++)
            col[g.n + c] = g.own;
        memset(e->memo, 0, sizeof e->memo);
        g.memo = e->memo;
        g.nodes = 0;
        g.depth = 4 * g.n + 10;     /* passes included */
        bool lives = ld_search(&g, col, (uint8_t)(3 - g.own), g.n, 0,
                               g.depth);
        if (g.nodes > LD_NODES_MAX)
            continue;                   /* not read to the end */
        for (int c = 0; c < g.k; c++) {
            int s = p->head[chains[c]];
            do {
                if (!lives)
                    dead[s] = 1;
                e->sure[s] = 1;         /* read out: proven */
                s = p->next[s];
            } while (s != p->head[chains[c]]);
        }
        for (int a = 0; a < g.n && !lives; a++) {
            dead[pts[a]] = 0;           /* the enemy stones live */
            e->sure[pts[a]] = p->col[pts[a]] != SGF_EMPTY;
        }
    }
}

/* A stone is dead when a living enemy would take it off. Areas are the
 * points connected through empty points and dead stones, bounded by live
 * stones: the dead stones of an area no live enemy stone borders can be
 * taken by no one, and live (a stone thrown into an eye space whose
 * owner was found dead; two chains in mutual atari on a tiny board, of
 * which the rooms' verdicts had killed one and then, once it was
 * lifted, the other). Where an area borders live stones of neither
 * colour, only the colour with more dead stones there lives (Black on a
 * tie). Repeated until nothing changes: each round revives stones, so
 * it ends. Scratch: e->room (area of a point), e->rstones (stack),
 * e->rsize (the area's points). */
static void settle_dead(est *e, uint8_t *dead)
{
    const sgf__spos *p = &e->p;
    const uint8_t *col = e->orig;
    int n = p->n, nb[4];
    int16_t *area = e->room, *stack = e->rstones, *pts = e->rsize;
    for (bool changed = true; changed;) {
        changed = false;
        memset(area, 0xff, (size_t)n * sizeof *area);
        for (int i = 0; i < n; i++) {
            if (area[i] >= 0 || (col[i] != SGF_EMPTY && !dead[i]))
                continue;
            int sp = 0, m = 0, ndead[3] = { 0, 0, 0 };
            bool live[3] = { false, false, false };
            area[i] = (int16_t)i;
            stack[sp++] = (int16_t)i;
            while (sp > 0) {
                int v = stack[--sp];
                pts[m++] = (int16_t)v;
                ndead[col[v]] += dead[v] != 0;
                int k = sgf__spos_neighbors(p, v, nb);
                for (int d = 0; d < k; d++) {
                    int u = nb[d];
                    if (col[u] != SGF_EMPTY && !dead[u])
                        live[col[u]] = true;
                    else if (area[u] < 0) {
                        area[u] = (int16_t)i;
                        stack[sp++] = (int16_t)u;
                    }
                }
            }
            bool up[3] = { false,
                           ndead[SGF_BLACK] > 0 && !live[SGF_WHITE],
                           ndead[SGF_WHITE] > 0 && !live[SGF_BLACK] };
            if (up[SGF_BLACK] && up[SGF_WHITE])
                up[ndead[SGF_BLACK] >= ndead[SGF_WHITE] ? SGF_WHITE
                                                        : SGF_BLACK] = false;
            for (int j = 0; j < m; j++)
                if (dead[pts[j]] && up[col[pts[j]]]) {
                    dead[pts[j]] = 0;
                    e->sure[pts[j]] = 0;    /* a second thought */
                    changed = true;
                }
        }
    }
}

/* The rooms of colour c in the position e->p as loaded. */
static void rooms_of(est *e, sgf_color c)
{
    int nrooms = 0;
    memset(e->room, 0xff, sizeof e->room);
    memset(e->seen, 0, (size_t)e->p.count);
    for (int i = 0; i < e->p.n; i++)
        if (e->p.col[i] == c && e->room[i] < 0)
            flood_room(e, c, i, nrooms++);
}

/* Whether some stone of colour c is not settled yet and has the
 * playouts' verdict want (0 alive, 1 dead) and the estimate's dead. */
static bool any_to_check(const est *e, const uint8_t *dead, int c, int want)
{
    for (int i = 0; i < e->p.n; i++)
        if (e->orig[i] == c && !e->sure[i] && e->major[i] == want
            && (dead[i] != 0) == (want == 1))
            return true;
    return false;
}

/* Whether room k of colour c lives: pass-alive, two eyes, or seki. */
static bool room_lives(est *e, sgf_color c, int k)
{
    return e->rlive[k] || e->reyes[k] >= 2 || room_seki(e, c, k);
}

/* The stones whose verdict two methods give alike are settled: the
 * playouts' majority, and the rooms (an alive stone's room lives once
 * the dead stones are off, a dead stone's does not with the enemy's
 * dead stones off). */
static void mark_agreed(est *e, const sgf_board *b, const uint8_t *dead)
{
    uint8_t *lifted = e->rdead;
    int n = e->p.n;
    sgf__spos_load(&e->p, b, dead);     /* alive: the dead stones off */
    for (int c = SGF_BLACK; c <= SGF_WHITE; c++) {
        if (!any_to_check(e, dead, c, 0))
            continue;
        rooms_of(e, (sgf_color)c);
        for (int i = 0; i < n; i++)
            if (e->orig[i] == c && !dead[i] && !e->sure[i]
                && e->major[i] == 0)
                e->sure[i] = room_lives(e, (sgf_color)c, e->room[i]);
    }
    for (int c = SGF_BLACK; c <= SGF_WHITE; c++) {
        if (!any_to_check(e, dead, c, 1))
            continue;
        for (int i = 0; i < n; i++)     /* dead: the enemy's dead off */
            lifted[i] = (uint8_t)(dead[i] && e->orig[i] == 3 - c);
        sgf__spos_load(&e->p, b, lifted);
        rooms_of(e, (sgf_color)c);
        for (int i = 0; i < n; i++)
            if (e->orig[i] == c && dead[i] && !e->sure[i]
                && e->major[i] == 1)
                e->sure[i] = !room_lives(e, (sgf_color)c, e->room[i]);
    }
}

/* The estimate: dead stones into dead; with sure, 1 for each stone
 * whose status is settled. Returns the dead stones or SGF_ENOMEM. */
static int estimate(uint8_t *dead, uint8_t *sure, const sgf_board *b)
{
    est *e = sgf__scratch_take(sizeof *e);  /* every part is set before
                                               use */
    if (e == NULL)
        return SGF_ENOMEM;
    e->p.gen = 0;
    memset(e->p.mark, 0, sizeof e->p.mark);
    int w = sgf_board_width(b), h = sgf_board_height(b), n = w * h;
    int count = 0;
    memset(dead, 0, (size_t)n);
    benson_both(e, b, dead);
    memcpy(e->orig, e->p.col, (size_t)n);
    for (int i = 0; i < n; i++)
        e->col[i] = dead[i] ? (uint8_t)SGF_EMPTY : e->p.col[i];
    e->playouts = sgf__score_playouts(e->own, e->col, w, h, EST_PLAYOUTS,
                                      EST_BUDGET);
    if (e->playouts < 0) {
        sgf__scratch_give(e, sizeof *e);
        return SGF_ENOMEM;
    }
    sgf__spos_load(&e->p, b, dead);
    judge(e, b, dead);
    sgf__spos_load(&e->p, b, NULL);
    read_groups(e, dead);
    settle_dead(e, dead);
    for (int i = 0; i < n; i++)
        count += dead[i] != 0;
    if (sure != NULL)
        mark_agreed(e, b, dead);
    if (sure != NULL)
        for (int i = 0; i < n; i++)
            sure[i] = (uint8_t)(e->orig[i] != SGF_EMPTY && e->sure[i]);
    sgf__scratch_give(e, sizeof *e);
    return count;
}

int sgf_score_dead_estimate(uint8_t *dead, const sgf_board *b)
{
    if (dead == NULL || b == NULL)
        return SGF_EINVAL;
    return estimate(dead, NULL, b);
}

int sgf__score_estimate(uint8_t *dead, uint8_t *sure, const sgf_board *b)
{
    return estimate(dead, sure, b);
}
