/*
 * score_bits.c - the count of a position without flood-filled labels:
 * one 64-bit word per row (boards are at most 52 wide), so that the
 * empty points each colour reaches, the dame between them and the
 * points that could be in seki or call for a connection are found with
 * a few word operations per row, and the chains are the board's own
 * rings. The points of teire (score.c teire_all: connections, and
 * dead stones to take off, due once the dame are filled) are found
 * chain by chain and round after round on a copy of the board with
 * the points found filled; dead stones are lifted on such a copy when
 * each is dead with its whole chain. The dame split and the seki
 * (their chains' stones found point by point; under territory counting
 * the points next to them are nobody's, and they call for no teire) are
 * made here too. What is left to the labelled count of score.c (which
 * gives the same answer on all of these: tests/unit/test_score_fast.c
 * checks it on many positions) is a chain partly dead, and a chain
 * whose point of teire the labelled count picks by the order of its
 * liberties.
 */
#include "score_int.h"
#include "board_int.h"

#include <string.h>

/* The bits set in v (inline: a build for any x86-64 has no popcount
 * instruction, and the library call costs more than this). */
static inline int pop64(uint64_t v)
{
    v -= v >> 1 & 0x5555555555555555ull;
    v = (v & 0x3333333333333333ull) + (v >> 2 & 0x3333333333333333ull);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)(v * 0x0101010101010101ull >> 56);
}

typedef struct bits {
    int w, h;
    uint64_t full;                      /* the w bits of a row */
    uint64_t black[SGF_MAX_SIZE], white[SGF_MAX_SIZE];
    uint64_t empty[SGF_MAX_SIZE];       /* dead stones lifted */
    uint64_t dead[SGF_MAX_SIZE];
    bool any_dead;
} bits;

/* The bits of the eight bytes at c (colours, little end first) whose
 * colour is 1 (SGF_BLACK) and 2 (SGF_WHITE): each byte's test left in
 * its low bit, then the eight low bits gathered into one byte by a
 * multiplication (no carry: each lands on a bit of its own). */
static void colors8(const uint8_t *c, uint64_t *bl, uint64_t *wh)
{
    const uint64_t ones = 0x0101010101010101ull;
    const uint64_t gather = 0x0102040810204080ull;
    uint64_t v;
    memcpy(&v, c, sizeof v);
    uint64_t lo = v & ones, hi = v >> 1 & ones;
    *bl = ((lo & ~hi) * gather) >> 56;
    *wh = ((hi & ~lo) * gather) >> 56;
}

/* Row y of board b into the three sets (dead: its row, or NULL). The
 * row's colours are read eight at a time: a row of at most 52 points
 * and the border cells after it are all in b->color, whose last row is
 * a border row of stride (53 or more) cells. */
static void load_row(bits *s, const sgf_board *b, int y, const uint8_t *dead)
{
    const uint8_t *c = b->color + (y + 1) * b->stride + 1;
    uint64_t bl = 0, wh = 0, de = 0;
    for (int x = 0; x < s->w; x += 8) {
        uint64_t b8, w8;
        colors8(c + x, &b8, &w8);
        bl |= b8 << x;
        wh |= w8 << x;
    }
    bl &= s->full;
    wh &= s->full;
    for (int x = 0; dead != NULL && x < s->w; x++) {
        uint64_t eight;                 /* eight points none of them */
        if (x + 8 <= s->w) {            /* dead: passed at once */
            memcpy(&eight, dead + x, sizeof eight);
            if (eight == 0) {
                x += 7;
                continue;
            }
        }
        de |= (uint64_t)(dead[x] != 0 && c[x] != SGF_EMPTY) << x;
    }
    s->black[y] = bl & ~de;
    s->white[y] = wh & ~de;
    s->dead[y] = de;
    s->empty[y] = s->full & ~(bl | wh) ;
    s->empty[y] |= de;
    s->any_dead |= de != 0;
}

static void load(bits *s, const sgf_board *b, const uint8_t *dead)
{
    s->w = b->width;
    s->h = b->height;
    s->full = s->w == 64 ? ~0ull : (1ull << s->w) - 1;
    s->any_dead = false;
    for (int y = 0; y < s->h; y++)
        load_row(s, b, y, dead != NULL ? dead + y * s->w : NULL);
}

/* The points next to a point of in (in included when self), within
 * mask. */
static void dilate(uint64_t *out, const uint64_t *in, const uint64_t *mask,
                   int h, uint64_t full)
{
    uint64_t above = 0, cur = in[0];   /* the rows around row y, carried */
    for (int y = 0; y < h - 1; y++) {  /* down (no test of the edges) */
        uint64_t below = in[y + 1];
        out[y] = (cur << 1 | cur >> 1 | above | below) & full & mask[y];
        above = cur;
        cur = below;
    }
    out[h - 1] = (cur << 1 | cur >> 1 | above) & full & mask[h - 1];
}

/* The bits of m in the runs (of consecutive bits of m) that hold a bit
 * of v (v a subset of m): towards the high bits by one addition (the
 * carry of a run's lowest bit of v clears the run above it; a higher
 * bit of v in the run is then set again by its own addition, so the
 * xor with m, or v, gives the run from its lowest bit of v up), and
 * towards the low bits by doubling shifts (1, 2, 4 ... 32: a row has at
 * most 52 points). */
static uint64_t row_fill(uint64_t v, uint64_t m)
{
    uint64_t up = (((m + v) ^ m) | v) & m;
    uint64_t g = v, p = m;
    g |= p & g >> 1;
    p &= p >> 1;
    g |= p & g >> 2;
    p &= p >> 2;
    g |= p & g >> 4;
    p &= p >> 4;
    g |= p & g >> 8;
    p &= p >> 8;
    g |= p & g >> 16;
    p &= p >> 16;
    g |= p & g >> 32;
    return up | g;
}

/* One sweep of flood() over the rows, down (dir 1) or up (-1), each
 * row taking what its neighbour before it in the sweep holds of its own
 * points (so a sweep carries the set as far as it goes): whether any
 * row grew. */
static bool sweep(uint64_t *cur, const uint64_t *within, int h, int dir)
{
    uint64_t prev = 0;
    bool grew = false;
    for (int k = 0, y = dir > 0 ? 0 : h - 1; k < h; k++, y += dir) {
        uint64_t c = cur[y], v = c | (prev & within[y]);
        if (v != c) {
            v = row_fill(v, within[y]);
            cur[y] = v;
            grew = true;
        }
        prev = v;
    }
    return grew;
}

/* Grow cur (a subset of within) to every point of within connected to
 * it: each row's runs filled (row_fill), then sweeps down and up in
 * turn until one changes nothing. After a sweep each row holds what
 * the row before it in that direction reaches; so once a sweep after
 * the first changes nothing, both directions hold, and the set is
 * closed. */
static void flood(uint64_t *cur, const uint64_t *within, int h)
{
    for (int y = 0; y < h; y++)
        if (cur[y] != 0)
            cur[y] = row_fill(cur[y], within[y]);
    for (int n = 0; sweep(cur, within, h, n % 2 == 0 ? 1 : -1) || n == 0;
         n++)
        ;
}

static bool none_set(const uint64_t *a, int h)
{
    uint64_t any = 0;
    for (int y = 0; y < h; y++)
        any |= a[y];
    return any == 0;
}

/* Points with two or more empty neighbours (empty: the empty points;
 * no fill there is ever self-atari, so none is a point of seki). */
static void two_empty(uint64_t *out, const bits *s, const uint64_t *empty)
{
    for (int y = 0; y < s->h; y++) {
        uint64_t e = empty[y], n = y > 0 ? empty[y - 1] : 0;
        uint64_t so = y < s->h - 1 ? empty[y + 1] : 0;
        uint64_t l = e << 1 & s->full, r = e >> 1;
        out[y] = (n & so) | (n & l) | (n & r) | (so & l) | (so & r)
                 | (l & r);
    }
}

/* ---- the board's chains (no stone lifted: they are the position's) ---- */

/* What the chains' functions read of a board: its colours and chain
 * rings, those of the sgf_board itself or of a copy with stones added
 * (the points of teire filled, teire_all). */
typedef struct fboard {
    const uint8_t *color;
    const sgf__cell *head, *next;
    int nb[4];
    int stride;
    uint64_t inv;               /* 2^32 / stride, rounded up: a cell's row
                                   by a multiplication (row_of) */
} fboard;

static fboard view_of(const sgf_board *b)
{
    fboard v = { b->color, b->head, b->next, { b->nb[0], b->nb[1], b->nb[2],
                                               b->nb[3] }, b->stride,
                 (UINT64_C(1) << 32) / (uint64_t)b->stride + 1 };
    return v;
}

/* cell / stride: exact for every cell of a board (fewer than 2^12 cells,
 * a stride under 64: the rounding adds less than 1 / stride). */
static inline int row_of(const fboard *b, int cell)
{
    return (int)((uint64_t)cell * b->inv >> 32);
}

/* Add cell m to the distinct cells lib[0 .. n - 1]; returns n. */
static int add_cell(int *lib, int n, int m)
{
    for (int k = 0; k < n; k++)
        if (lib[k] == m)
            return n;
    lib[n] = m;
    return n + 1;
}

/* The distinct liberties of the chain through cell s other than cell
 * skip, added to lib[0 .. n - 1] until there are max + 1. */
static int chain_libs(const fboard *b, int s, int skip, int *lib, int n,
                      int max)
{
    int q = s;
    do {
        for (int d = 0; d < 4; d++) {
            int m = q + b->nb[d];
            if (b->color[m] == SGF_EMPTY && m != skip
                && (n = add_cell(lib, n, m)) > max)
                return n;
        }
        q = b->next[q];
    } while (q != s);
    return n;
}

static int empty_neighbours(const fboard *b, int p, int *out)
{
    int k = 0;
    for (int d = 0; d < 4; d++)
        if (b->color[p + b->nb[d]] == SGF_EMPTY)
            out[k++] = p + b->nb[d];
    return k;
}

/* Whether c filling the empty cell p captures. */
static bool captures(const fboard *b, int p, int c)
{
    int one[2];
    for (int d = 0; d < 4; d++) {
        int m = p + b->nb[d];
        if (b->color[m] == 3 - c && chain_libs(b, m, -1, one, 0, 1) == 1)
            return true;
    }
    return false;
}

/* The liberties, up to max + 1, of the chain c makes by filling p (no
 * capture looked at). */
static int libs_after(const fboard *b, int p, int c, int *lib, int max)
{
    int n = 0;
    for (int d = 0; d < 4; d++)
        if (b->color[p + b->nb[d]] == SGF_EMPTY)
            n = add_cell(lib, n, p + b->nb[d]);
    for (int d = 0; d < 4 && n <= max; d++) {
        int m = p + b->nb[d];
        if (b->color[m] == c)
            n = chain_libs(b, m, p, lib, n, max);
    }
    return n;
}

/* score.c sgf__spos_self_atari on the board. */
static bool self_atari(const fboard *b, int p, int c)
{
    int lib[3];
    return !captures(b, p, c) && libs_after(b, p, c, lib, 1) <= 1;
}

/* Whether every liberty of the chain through s is cell e0 or e1. */
static bool libs_within(const fboard *b, int s, int e0, int e1)
{
    int q = s;
    do {
        for (int d = 0; d < 4; d++) {
            int m = q + b->nb[d];
            if (b->color[m] == SGF_EMPTY && m != e0 && m != e1)
                return false;
        }
        q = b->next[q];
    } while (q != s);
    return true;
}

/* score.c fill_into_eye on the board: who filling p leaves his chain
 * the two points of one eye of his, which another chain of his has for
 * all its liberties. */
static bool fill_into_eye(const fboard *b, int p, int who)
{
    int lib[3], e[4];
    if (captures(b, p, who) || libs_after(b, p, who, lib, 2) != 2)
        return false;
    for (int k = 0; k < 2; k++) {       /* a region of exactly these two */
        int m = empty_neighbours(b, lib[k], e);
        if (m != 1 || e[0] != lib[1 - k])
            return false;
        for (int d = 0; d < 4; d++) {
            uint8_t c = b->color[lib[k] + b->nb[d]];
            if (c != SGF_EMPTY && c != SGF__BORDER && c != who)
                return false;
        }
    }
    for (int k = 0; k < 2; k++)
        for (int d = 0; d < 4; d++) {
            int m = lib[k] + b->nb[d], own = 0;
            if (b->color[m] != who)
                continue;
            for (int f = 0; f < 4; f++) {
                int q = p + b->nb[f];
                own |= b->color[q] == who && b->head[q] == b->head[m];
            }
            if (!own && libs_within(b, m, lib[0], lib[1]))
                return true;
        }
    return false;
}

static bool fill_loses(const fboard *b, int p, int c)
{
    return self_atari(b, p, c) || fill_into_eye(b, p, c);
}

/* score_pos.c unapproachable on the board: each liberty of the chain
 * through cell x other than pt is a point where the enemy's fill loses
 * his chain too (more than eight: nothing to lose a race by). */
static bool unapproachable(const fboard *b, int x, int pt)
{
    enum { MAXL = 8 };
    int lib[MAXL + 1];
    int n = chain_libs(b, x, pt, lib, 0, MAXL);
    if (n > MAXL)
        return true;
    for (int k = 0; k < n; k++)
        if (!fill_loses(b, lib[k], 3 - b->color[x]))
            return false;
    return true;
}

static bool has(const uint64_t *set, const fboard *b, int cell)
{
    int r = row_of(b, cell);
    return set[r - 1] >> (cell - r * b->stride - 1) & 1;
}

static void set_cell(uint64_t *set, const fboard *b, int cell)
{
    int r = row_of(b, cell);
    set[r - 1] |= 1ull << (cell - r * b->stride - 1);
}

/* The points of seki of the position b (score_pos.c sgf__spos_seki):
 * empty points next to both colours that neither can fill without
 * losing his chain, and whose chains around them the enemy can approach
 * from nowhere else (else it is a capturing race, no seki). empty: its
 * empty points; nb, nw: those next to each colour. With stones, every
 * stone of the chains next to a point of seki is set there (the chains
 * in seki; stones zeroed first), and all the points are found; without,
 * the first one ends the search. Returns how many were found. */
static int seki_points(const bits *s, const fboard *b, const uint64_t *empty,
                       const uint64_t *nb, const uint64_t *nw,
                       uint64_t *stones)
{
    uint64_t two[SGF_MAX_SIZE];
    uint8_t libs[SGF__CELLS];           /* a chain's liberties + 1, up to
                                           5, at its head (0: not yet) */
    int found = 0;
    memset(libs, 0, (size_t)((s->h + 2) * b->stride));
    if (stones != NULL)
        memset(stones, 0, (size_t)s->h * sizeof stones[0]);
    two_empty(two, s, empty);           /* these never lose a chain */
    for (int y = 0; y < s->h; y++)
        for (uint64_t t = nb[y] & nw[y] & ~two[y]; t != 0; t &= t - 1) {
            int p = (y + 1) * b->stride + 1 + __builtin_ctzll(t), d = 0;
            for (; d < 4; d++) {        /* a fill that captures, or joins */
                int m = p + b->nb[d];   /* a chain of 3 liberties more, */
                if (b->color[m] != SGF_BLACK    /* loses nothing */
                    && b->color[m] != SGF_WHITE)
                    continue;
                int h = b->head[m], one[5];
                if (libs[h] == 0)
                    libs[h] = (uint8_t)(chain_libs(b, h, -1, one, 0, 3) + 1);
                if (libs[h] == 2 || libs[h] == 5)
                    break;
            }
            if (d < 4)
                continue;
            d = 0;
            if (!fill_loses(b, p, SGF_BLACK) || !fill_loses(b, p, SGF_WHITE))
                continue;
            while (d < 4 && (b->color[p + b->nb[d]] == SGF_EMPTY
                             || b->color[p + b->nb[d]] == SGF__BORDER
                             || unapproachable(b, p + b->nb[d], p)))
                d++;
            if (d < 4)
                continue;
            found++;
            if (stones == NULL)
                return found;
            for (d = 0; d < 4; d++) {   /* its chains, each stone */
                int m = p + b->nb[d], q = m;
                if ((b->color[m] != SGF_BLACK && b->color[m] != SGF_WHITE)
                    || has(stones, b, m))
                    continue;
                do {
                    set_cell(stones, b, q);
                    q = b->next[q];
                } while (q != m);
            }
        }
    return found;
}

/* score.c can_fill on the board: c can fill the dame point d, not in
 * self-atari, or first the other point of a two-point dame region next
 * to his stones and no enemy's. */
static bool can_fill(const fboard *b, int d, int c)
{
    int e[4], f[4];
    if (!self_atari(b, d, c))
        return true;
    if (empty_neighbours(b, d, e) != 1 || empty_neighbours(b, e[0], f) != 1)
        return false;                   /* not a region of two points */
    unsigned touch = 0;
    for (int k = 0; k < 4; k++)
        touch |= 1u << b->color[e[0] + b->nb[k]];
    return (touch & 6) == (1u << c);
}

/* Whether the chain through cell y has a liberty not in lib[0 .. n-1]. */
static bool other_liberty(const fboard *b, int y, const int *lib, int n)
{
    int q = y;
    do {
        for (int d = 0; d < 4; d++) {
            int m = q + b->nb[d], k = 0;
            if (b->color[m] != SGF_EMPTY)
                continue;
            while (k < n && lib[k] != m)
                k++;
            if (k == n)
                return true;
        }
        q = b->next[q];
    } while (q != y);
    return false;
}

/* score.c no_gain: filling d, x's owner gains nothing. */
static bool no_gain(const fboard *b, int d, int x, const int *lib, int n)
{
    for (int k = 0; k < 4; k++) {
        int m = d + b->nb[k], e = 0;
        if (b->color[m] == b->color[x] && b->head[m] != b->head[x])
            return false;
        if (b->color[m] != SGF_EMPTY)
            continue;
        while (e < n && lib[e] != m)
            e++;
        if (e == n)
            return false;
    }
    return true;
}

/* score.c connects: playing at t saves the chain x. */
static bool connects(const fboard *b, int t, int x, const int *lib, int n)
{
    int e[4], f[4];
    int m = empty_neighbours(b, t, e);
    if (m >= 2 || (m == 1 && empty_neighbours(b, e[0], f) >= 2))
        return true;                    /* a region of three or more */
    for (int k = 0; k < 4; k++) {
        int q = t + b->nb[k];
        if (b->color[q] == b->color[x] && b->head[q] != b->head[x]
            && other_liberty(b, q, lib, n))
            return true;
    }
    return false;
}

/* score.c throw_in: the enemy's stone at ti kills x. */
static bool throw_in(const fboard *b, int x, int ti, int tj)
{
    int e[4], both[2] = { ti, tj }, ext = -1;
    if (empty_neighbours(b, ti, e) < 2)
        return false;
    for (int d = 0; d < 4; d++) {
        int j = tj + b->nb[d];
        if (j == ti)
            continue;
        if (b->color[j] == SGF_EMPTY) {
            if (ext >= 0 && ext != j)
                return false;
            ext = j;
        } else if (b->color[j] == b->color[x] && b->head[j] != b->head[x]
                   && other_liberty(b, j, both, 2)) {
            return false;
        }
    }
    return true;
}

enum { TEIRE_NONE = -1, TEIRE_EITHER = -2 };

/* score.c dead_liberty on a copy with the dead stones lifted: the one
 * liberty of the dead stones through cell start (dead points joined
 * through each other), or -1 when they have none or several. */
static int dead_liberty(const fboard *b, const uint64_t *dead, int start)
{
    uint64_t seen[SGF_MAX_SIZE] = { 0 };
    int16_t stack[SGF_MAX_SIZE * SGF_MAX_SIZE];
    int sp = 0, lib = -1, libs = 0;
    stack[sp++] = (int16_t)start;
    set_cell(seen, b, start);
    while (sp > 0) {
        int i = stack[--sp];
        for (int d = 0; d < 4; d++) {
            int j = i + b->nb[d];       /* empty: a point of the board */
            if (b->color[j] != SGF_EMPTY || has(seen, b, j))
                continue;
            set_cell(seen, b, j);
            if (has(dead, b, j)) {
                stack[sp++] = (int16_t)j;
            } else {
                lib = j;
                libs++;
            }
        }
    }
    return libs == 1 ? lib : -1;
}

/* score.c capture_point on a copy with the dead stones lifted: where
 * the owner of the chain through cell x (lib[0 .. n - 1] its liberties,
 * some of them dead stones' points) must take dead stones off once the
 * enemy fills the dame, or TEIRE_NONE. When the dead stones next to it
 * have several such points, capture_point takes the first it meets on
 * the chain's ring: TEIRE_EITHER then, as chain_teire. */
static int capture_point(const fboard *b, int x, const uint64_t *dame,
                         const uint64_t *terr, const uint64_t *dead,
                         const int *lib, int n)
{
    int c = b->color[x], t = -1, found = TEIRE_NONE;
    for (int k = 0; k < n; k++) {
        if (has(dead, b, lib[k]))
            continue;
        if (has(terr, b, lib[k]) && t < 0)
            t = lib[k];
        else if (!has(dame, b, lib[k]) || !can_fill(b, lib[k], 3 - c))
            return TEIRE_NONE;
    }
    if (t >= 0 && connects(b, t, x, lib, n))
        return TEIRE_NONE;
    for (int k = 0; k < n; k++) {
        if (!has(dead, b, lib[k]))
            continue;
        int l = dead_liberty(b, dead, lib[k]);
        if (l < 0 || !has(terr, b, l))
            continue;
        if (found >= 0 && found != l)
            return TEIRE_EITHER;
        found = l;
    }
    return found;
}

/* The point where the chain through cell x calls for a connection
 * (score.c teire_points' test; a chain in seki is not asked), or
 * TEIRE_NONE. Where its owner has two points of territory for
 * liberties and the enemy's throw-in kills at either, teire_points
 * takes the one it met second on the chain's ring of points, an order
 * this board's rings do not keep: TEIRE_EITHER then (the labelled
 * count decides). With one such throw-in its point is the answer, in
 * any order. */
static int chain_teire(const fboard *b, int x, const uint64_t *dame,
                       const uint64_t *terr, const uint64_t *dead)
{
    enum { MAXL = 8 };
    int lib[MAXL + 1], t = -1, t2 = -1;
    int n = chain_libs(b, x, -1, lib, 0, MAXL), k = 0;
    if (n < 2 || n > MAXL)
        return TEIRE_NONE;
    for (k = 0; dead != NULL && k < n; k++)
        if (has(dead, b, lib[k]))       /* next to dead stones */
            return capture_point(b, x, dame, terr, dead, lib, n);
    for (k = 0; k < n; k++) {                /* where they are, first: cheap */
        bool own = has(terr, b, lib[k]);
        if (own && t < 0)
            t = lib[k];
        else if (own && t2 < 0 && n > 2)
            t2 = lib[k];
        else if (!has(dame, b, lib[k]))
            return TEIRE_NONE;
    }
    if (t < 0)
        return TEIRE_NONE;
    for (k = 0; k < n; k++)             /* then the dame, filled (the */
        if (lib[k] != t && lib[k] != t2 /* look at its neighbours first: */
            && ((n > 2 && !no_gain(b, lib[k], x, lib, n))   /* cheap */
                || !can_fill(b, lib[k], 3 - b->color[x])))
            return TEIRE_NONE;
    if (t2 >= 0) {
        bool at2 = throw_in(b, x, t2, t), at1 = throw_in(b, x, t, t2);
        return at2 && at1 ? TEIRE_EITHER : at2 ? t2 : at1 ? t : TEIRE_NONE;
    }
    return connects(b, t, x, lib, n) ? t : TEIRE_NONE;
}

/* The points of teire of the chains of one colour (stones: its stones;
 * terr: its territory), added to out; returns false when one is
 * TEIRE_EITHER. Only the chains with a liberty in the dame and one in
 * their territory are looked into (the others call for nothing). */
static bool teire_round(const bits *s, const fboard *b,
                        const uint64_t *stones, const uint64_t *dame,
                        const uint64_t *terr, const uint64_t *dead,
                        uint64_t *out)
{
    uint64_t near[SGF_MAX_SIZE], owns[SGF_MAX_SIZE], todo[SGF_MAX_SIZE];
    uint64_t done[SGF_MAX_SIZE];
    dilate(near, dame, stones, s->h, s->full);
    dilate(owns, terr, stones, s->h, s->full);
    memset(todo, 0, (size_t)s->h * sizeof todo[0]);
    memset(done, 0, (size_t)s->h * sizeof done[0]);
    for (int y = 0; y < s->h; y++)      /* the chains with a liberty in */
        for (uint64_t t = owns[y]; t != 0; t &= t - 1)      /* territory */
            set_cell(todo, b, b->head[(y + 1) * b->stride + 1
                                      + __builtin_ctzll(t)]);
    if (dead != NULL) {                 /* and those next to dead stones */
        uint64_t at[SGF_MAX_SIZE];
        dilate(at, dead, stones, s->h, s->full);
        for (int y = 0; y < s->h; y++)
            for (uint64_t t = at[y]; t != 0; t &= t - 1) {
                int cell = (y + 1) * b->stride + 1 + __builtin_ctzll(t);
                if (has(done, b, b->head[cell]))
                    continue;
                set_cell(done, b, b->head[cell]);
                int pt = chain_teire(b, cell, dame, terr, dead);
                if (pt == TEIRE_EITHER)
                    return false;
                if (pt >= 0)
                    set_cell(out, b, pt);
            }
    }
    for (int y = 0; y < s->h; y++)      /* ... and one in the dame */
        for (uint64_t t = near[y]; t != 0; t &= t - 1) {
            int cell = (y + 1) * b->stride + 1 + __builtin_ctzll(t);
            int head = b->head[cell];
            if (!has(todo, b, head) || has(done, b, head))
                continue;
            set_cell(done, b, head);
            int pt = chain_teire(b, cell, dame, terr, dead);
            if (pt == TEIRE_EITHER)
                return false;
            if (pt >= 0)
                set_cell(out, b, pt);
        }
    return true;
}

/* A board's colours and chain rings, copied to fill points on. */
typedef struct fcopy {
    uint8_t color[SGF__CELLS];
    sgf__cell head[SGF__CELLS], next[SGF__CELLS];
} fcopy;

/* Colour c's stone on the empty cell t of the copy f, joined to the
 * chains of c next to it (their rings spliced into one). */
static void fill_cell(fcopy *f, const fboard *v, int t, uint8_t c)
{
    f->color[t] = c;
    f->head[t] = (sgf__cell)t;
    f->next[t] = (sgf__cell)t;
    for (int d = 0; d < 4; d++) {
        int m = t + v->nb[d];
        if (f->color[m] != c || f->head[m] == t)
            continue;
        int q = m;
        do {
            f->head[q] = (sgf__cell)t;
            q = f->next[q];
        } while (q != m);
        sgf__cell n = f->next[t];
        f->next[t] = f->next[m];
        f->next[m] = n;
    }
}

/* The copy of v's colours and rings into f (the rows of an h-row board
 * and its borders), and its view. */
static fboard copy_of(fcopy *f, const fboard *v, int h)
{
    size_t cells = (size_t)(h + 2) * (size_t)v->stride;
    memcpy(f->color, v->color, cells);
    memcpy(f->head, v->head, cells * sizeof f->head[0]);
    memcpy(f->next, v->next, cells * sizeof f->next[0]);
    fboard c = *v;                      /* its neighbours and stride */
    c.color = f->color;
    c.head = f->head;
    c.next = f->next;
    return c;
}

/* Without the stones of seki (NULL: none), into out. */
static void less_seki(uint64_t *out, const uint64_t *stones,
                      const uint64_t *seki, int h)
{
    for (int y = 0; y < h; y++)
        out[y] = seki != NULL ? stones[y] & ~seki[y] : stones[y];
}

/* score.c teire_all: the points of teire of both colours (tb, tw: their
 * territory; dead: the dead stones, lifted in v, or NULL; seki: the
 * stones of the chains in seki, which call for none, or NULL), then,
 * with those points filled by their owners on a copy, the points the
 * connections so made call for in turn, for as many rounds (4) as
 * teire_all, into teire[]; on a board with seki, the seki of each
 * round's copy are found again, as teire_all finds them. Returns how
 * many, or -1 when teire_round met TEIRE_EITHER (or no memory was left
 * for the copy). */
static int teire_all(const bits *s, const fboard *v,
                     const uint64_t *dame, const uint64_t *tb,
                     const uint64_t *tw, const uint64_t *dead,
                     const uint64_t *seki, uint64_t *teire)
{
    enum { ROUNDS = 4 };
    uint64_t black[SGF_MAX_SIZE], white[SGF_MAX_SIZE];
    uint64_t terr_b[SGF_MAX_SIZE], terr_w[SGF_MAX_SIZE];
    uint64_t more[SGF_MAX_SIZE], filled[SGF_MAX_SIZE];
    uint64_t lb[SGF_MAX_SIZE], lw[SGF_MAX_SIZE], seki2[SGF_MAX_SIZE];
    size_t rows = (size_t)s->h * sizeof teire[0];
    memset(teire, 0, rows);
    less_seki(lb, s->black, seki, s->h);
    less_seki(lw, s->white, seki, s->h);
    if (!teire_round(s, v, lb, dame, tb, dead, teire)
        || !teire_round(s, v, lw, dame, tw, dead, teire))
        return -1;
    if (none_set(teire, s->h))
        return 0;
    fcopy *f = sgf__scratch_take(sizeof *f);
    if (f == NULL)
        return -1;
    fboard c = copy_of(f, v, s->h);
    memcpy(black, s->black, rows);
    memcpy(white, s->white, rows);
    memcpy(terr_b, tb, rows);
    memcpy(terr_w, tw, rows);
    memset(filled, 0, rows);
    int rc = 0;
    bool added = true;
    for (int round = 0; round < ROUNDS && added; round++) {
        for (int y = 0; y < s->h; y++)  /* each point found, filled */
            for (uint64_t t = teire[y] & ~filled[y]; t != 0; t &= t - 1) {
                int x = __builtin_ctzll(t);
                bool own_b = terr_b[y] >> x & 1;
                fill_cell(f, &c, (y + 1) * c.stride + 1 + x,
                          own_b ? SGF_BLACK : SGF_WHITE);
                (own_b ? black : white)[y] |= 1ull << x;
                terr_b[y] &= ~(1ull << x);
                terr_w[y] &= ~(1ull << x);
                filled[y] |= 1ull << x;
            }
        const uint64_t *s2 = NULL;
        if (seki != NULL) {             /* the seki of the filled board */
            uint64_t empty[SGF_MAX_SIZE], nb[SGF_MAX_SIZE], nw[SGF_MAX_SIZE];
            for (int y = 0; y < s->h; y++)
                empty[y] = s->empty[y] & ~filled[y];
            dilate(nb, black, empty, s->h, s->full);
            dilate(nw, white, empty, s->h, s->full);
            if (seki_points(s, &c, empty, nb, nw, seki2) > 0)
                s2 = seki2;
        }
        less_seki(lb, black, s2, s->h);
        less_seki(lw, white, s2, s->h);
        memset(more, 0, rows);
        if (!teire_round(s, &c, lb, dame, terr_b, dead, more)
            || !teire_round(s, &c, lw, dame, terr_w, dead, more)) {
            rc = -1;
            break;
        }
        added = false;
        for (int y = 0; y < s->h; y++) {
            added |= (more[y] & ~teire[y]) != 0;
            teire[y] |= more[y];
        }
    }
    sgf__scratch_give(f, sizeof *f);
    if (rc < 0)
        return -1;
    int n = 0;
    for (int y = 0; y < s->h; y++)
        n += pop64(teire[y]);
    return n;
}

/* Whether every chain with a dead stone is dead as a whole (then the
 * position with them lifted has the board's other chains, rings and
 * all; a chain partly dead leaves pieces that are chains of their own,
 * for the labelled count). */
static bool dead_whole(const bits *s, const fboard *b)
{
    uint64_t done[SGF_MAX_SIZE];
    memset(done, 0, (size_t)s->h * sizeof done[0]);
    for (int y = 0; y < s->h; y++)
        for (uint64_t t = s->dead[y]; t != 0; t &= t - 1) {
            int cell = (y + 1) * b->stride + 1 + __builtin_ctzll(t);
            if (has(done, b, b->head[cell]))
                continue;
            set_cell(done, b, b->head[cell]);
            int q = cell;
            do {
                if (!has(s->dead, b, q))
                    return false;
                q = b->next[q];
            } while (q != cell);
        }
    return true;
}

/* The region of dame holding the point of row y at bit one, into reg,
 * grown a step at a time (dilate, over the rows the region spans and
 * one more each side: reg is empty beyond them) and given up once it
 * has more than room points. Returns its size (more than room: a
 * larger region, only part of it in reg). */
static int region_upto(const bits *s, const uint64_t *dame, int y,
                       uint64_t one, uint64_t *reg, int room)
{
    uint64_t step[SGF_MAX_SIZE];
    int size = 1, lo = y, hi = y;
    memset(reg, 0, (size_t)s->h * sizeof reg[0]);
    reg[y] = one;
    while (size <= room) {
        int a = lo > 0 ? lo - 1 : 0, z = hi < s->h - 1 ? hi + 1 : hi, n = 0;
        dilate(step + a, reg + a, dame + a, z - a + 1, s->full);
        for (int k = a; k <= z; k++) {
            reg[k] |= step[k];
            n += pop64(reg[k]);
            if (reg[k] != 0) {
                lo = k < lo ? k : lo;
                hi = k > hi ? k : hi;
            }
        }
        if (n == size)
            break;                      /* the whole region */
        size = n;
    }
    return size;
}

/* Where dame filling could give territory (score.c dame_split): the
 * dame regions of at most SGF__DAME_ROOM points that hold a point four
 * steps or more, through dame, from one colour's stones (a point the
 * split gives a colour is three steps nearer its stones than the
 * enemy's, so at least four from the enemy's), into small. Returns
 * whether there is any. */
static bool split_regions(const bits *s, const uint64_t *dame,
                          uint64_t *small)
{
    uint64_t far[SGF_MAX_SIZE];
    bool any = false;
    memset(far, 0, (size_t)s->h * sizeof far[0]);
    memset(small, 0, (size_t)s->h * sizeof small[0]);
    for (int c = 0; c < 2; c++) {
        uint64_t near[SGF_MAX_SIZE], step[SGF_MAX_SIZE];
        dilate(near, c == 0 ? s->black : s->white, dame, s->h, s->full);
        for (int k = 1; k < 3; k++) {
            dilate(step, near, dame, s->h, s->full);
            for (int y = 0; y < s->h; y++)
                near[y] |= step[y];
        }
        for (int y = 0; y < s->h; y++)
            far[y] |= dame[y] & ~near[y];
    }
    for (int y = 0; y < s->h; y++)
        while (far[y] != 0) {           /* each far point's region */
            uint64_t reg[SGF_MAX_SIZE];
            if (region_upto(s, dame, y, far[y] & -far[y], reg,
                            SGF__DAME_ROOM) > SGF__DAME_ROOM)
                flood(reg, dame, s->h); /* all of it, to leave it */
            else {
                for (int k = 0; k < s->h; k++)
                    small[k] |= reg[k];
                any = true;
            }
            for (int k = 0; k < s->h; k++)
                far[k] &= ~reg[k];
        }
    return any;
}

/* Whether, dead stones lifted and no dame left (no region touches both
 * colours, so no seki, no connection due for want of a dame liberty,
 * no split), no live chain must take dead stones off either (score.c
 * capture_point): each chain next to a dead stone is alive as a whole
 * and keeps two liberties of its own (empty points of the board), both
 * then its territory, which leaves it no point to take them at. */
static bool dead_apart(const bits *s, const fboard *b)
{
    uint64_t done[SGF_MAX_SIZE];
    int lib[3];
    memset(done, 0, (size_t)s->h * sizeof done[0]);
    for (int y = 0; y < s->h; y++)
        for (uint64_t t = s->dead[y]; t != 0; t &= t - 1) {
            int cell = (y + 1) * b->stride + 1 + __builtin_ctzll(t);
            for (int d = 0; d < 4; d++) {
                int m = cell + b->nb[d];
                if ((b->color[m] != SGF_BLACK && b->color[m] != SGF_WHITE)
                    || has(s->dead, b, m))
                    continue;           /* off the board, empty, dead */
                int head = b->head[m];
                if (has(done, b, head))
                    continue;
                set_cell(done, b, head);
                int q = m;
                do {                    /* alive as a whole */
                    if (has(s->dead, b, q))
                        return false;
                    q = b->next[q];
                } while (q != m);
                if (chain_libs(b, m, -1, lib, 0, 1) < 2)
                    return false;
            }
        }
    return true;
}

/* The dame split as score.c's sgf__dame_split makes it, from the sets:
 * in each dame region of small (split_regions), a point is c's when it
 * is DAME_MARGIN (3) or more steps, through the region, nearer c's
 * stones than the enemy's. The points so taken leave the other colour's
 * reach (rw or rb), which makes them territory of one colour in
 * write_count. */
static void split_apply(const bits *s, const uint64_t *small, uint64_t *rb,
                        uint64_t *rw)
{
    enum { MARGIN = 3, LEVELS = SGF__DAME_ROOM + MARGIN };
    uint64_t reach[2][LEVELS + 1][SGF_MAX_SIZE], step[SGF_MAX_SIZE];
    int lo = 0, hi = s->h - 1;
    while (lo < hi && small[lo] == 0)   /* the rows the regions span */
        lo++;
    while (hi > lo && small[hi] == 0)
        hi--;
    /* rows a .. z: those and one more each side, where small is empty:
       a dilate over them alone is right from lo to hi, and 0 beyond */
    int a = lo > 0 ? lo - 1 : 0, z = hi < s->h - 1 ? hi + 1 : hi;
    int n = z - a + 1;
    size_t rows = (size_t)n * sizeof small[0];
    for (int c = 0; c < 2; c++) {       /* reach[c][d]: d steps or fewer */
        memset(reach[c][0] + a, 0, rows);
        dilate(reach[c][1] + a, (c == 0 ? s->black : s->white) + a,
               small + a, n, s->full);
        int d = 2;
        for (; d <= LEVELS; d++) {
            uint64_t grew = 0;
            dilate(step + a, reach[c][d - 1] + a, small + a, n, s->full);
            for (int y = a; y <= z; y++) {
                reach[c][d][y] = reach[c][d - 1][y] | step[y];
                grew |= reach[c][d][y] ^ reach[c][d - 1][y];
            }
            if (grew == 0)
                break;
        }
        for (d++; d <= LEVELS; d++)     /* grown whole: the same beyond */
            memcpy(reach[c][d] + a, reach[c][d - 1] + a, rows);
    }
    for (int y = lo; y <= hi; y++) {
        uint64_t sb = 0, sw = 0;
        for (int d = 1; d + MARGIN - 1 <= LEVELS; d++) {
            sb |= reach[0][d][y] & ~reach[1][d + MARGIN - 1][y];
            sw |= reach[1][d][y] & ~reach[0][d + MARGIN - 1][y];
        }
        rw[y] &= ~(sb & small[y]);
        rb[y] &= ~(sw & small[y]);
    }
}

/* The map and the counts from the sets: stones, dead stones (with
 * their territory), territory and dame; and seki (the stones of the
 * chains in seki, or NULL): a point a colour alone reaches next to such
 * a stone is nobody's territory (score.c count_point). */
static void write_count(sgf_score *out, const bits *s, const sgf_board *b,
                        const uint64_t *rb, const uint64_t *rw,
                        const uint64_t *seki)
{
    uint64_t near[SGF_MAX_SIZE];
    int w = s->w;
    if (seki != NULL)
        dilate(near, seki, s->empty, s->h, s->full);
    for (int y = 0; y < s->h; y++) {
        uint8_t *m = out->map + y * w;
        const uint8_t *c = b->color + (y + 1) * b->stride + 1;
        uint64_t tb = rb[y] & ~rw[y], tw = rw[y] & ~rb[y];
        uint64_t de = s->dead[y], dame = s->empty[y] & ~(tb | tw) & ~de;
        uint64_t sk = seki != NULL ? near[y] & (tb | tw) : 0;
        tb &= ~sk;
        tw &= ~sk;
        memcpy(m, c, (size_t)w);        /* stones: SGF_SP_BLACK/WHITE */
        out->black.territory += pop64(tb);
        out->white.territory += pop64(tw);
        out->dame += pop64(dame);
        out->seki += pop64(sk);
        for (uint64_t t = tb & ~de; t != 0; t &= t - 1)
            m[__builtin_ctzll(t)] = SGF_SP_BLACK_TERRITORY;
        for (uint64_t t = tw & ~de; t != 0; t &= t - 1)
            m[__builtin_ctzll(t)] = SGF_SP_WHITE_TERRITORY;
        for (uint64_t t = sk & ~de; t != 0; t &= t - 1)
            m[__builtin_ctzll(t)] = SGF_SP_SEKI;
        for (uint64_t t = de; t != 0; t &= t - 1) {
            int x = __builtin_ctzll(t);
            bool black = c[x] == SGF_BLACK;
            m[x] = black ? SGF_SP_BLACK_DEAD : SGF_SP_WHITE_DEAD;
            (black ? &out->white : &out->black)->dead++;
        }
    }
    out->black.stones = sgf_board_stone_count(b, SGF_BLACK);
    out->white.stones = sgf_board_stone_count(b, SGF_WHITE);
    out->black.stones -= out->white.dead;
    out->white.stones -= out->black.dead;
}

/* The count from the sets of s and the position pos (b itself, or a
 * copy with the dead stones lifted), rb, rw: the empty points next to
 * each colour's stones, and the regions they reach (flooded: fb, fw,
 * or NULL when not yet). As sgf__score_fast. */
static int count_from(sgf_score *out, const bits *s, const sgf_board *b,
                      const fboard *pos, const sgf_rules *r, uint64_t *rb,
                      uint64_t *rw, const uint64_t *fb, const uint64_t *fw,
                      unsigned *needs)
{
    uint64_t dame[SGF_MAX_SIZE], teire[SGF_MAX_SIZE], small[SGF_MAX_SIZE];
    uint64_t seki[SGF_MAX_SIZE];
    bool territory = r->scoring == SGF_SCORING_TERRITORY;
    bool any_seki = territory && !r->seki_points_count
                    && seki_points(s, pos, s->empty, rb, rw, seki) > 0;
    if (!any_seki)                      /* (a point of seki is dame: the */
        *needs &= ~(unsigned)SGF__NEED_SEKI;    /* teire are looked into) */
    if (fb != NULL) {
        memcpy(rb, fb, (size_t)s->h * sizeof rb[0]);
        memcpy(rw, fw, (size_t)s->h * sizeof rw[0]);
    } else {
        flood(rb, s->empty, s->h);
        flood(rw, s->empty, s->h);
    }
    for (int y = 0; y < s->h; y++)
        dame[y] = rb[y] & rw[y];
    memset(teire, 0, (size_t)s->h * sizeof teire[0]);
    if (!territory || (none_set(dame, s->h) && !s->any_dead))
        *needs &= ~(unsigned)(SGF__NEED_TEIRE | SGF__NEED_SPLIT);
    else {
        uint64_t tb[SGF_MAX_SIZE], tw[SGF_MAX_SIZE];
        for (int y = 0; y < s->h; y++) {
            tb[y] = rb[y] & ~rw[y];
            tw[y] = rw[y] & ~rb[y];
        }
        if (teire_all(s, pos, dame, tb, tw, s->any_dead ? s->dead : NULL,
                      any_seki ? seki : NULL, teire) < 0)
            return 0;                   /* score.c, split, seki and all */
        *needs &= ~(unsigned)(SGF__NEED_TEIRE | SGF__NEED_SEKI);
        if (!split_regions(s, dame, small))
            *needs &= ~(unsigned)SGF__NEED_SPLIT;
    }
    if ((*needs & ~(unsigned)SGF__NEED_SPLIT) != 0)
        return 0;
    if (*needs != 0) {                  /* the split, here */
        split_apply(s, small, rb, rw);
        *needs = 0;
    }
    for (int y = 0; y < s->h; y++) {    /* teire: to be filled, nobody's */
        rb[y] &= ~teire[y];
        rw[y] &= ~teire[y];
    }
    write_count(out, s, b, rb, rw, any_seki ? seki : NULL);
    return 1;
}

int sgf__score_fast(sgf_score *out, const sgf_board *b, const sgf_rules *r,
                    const uint8_t *dead, unsigned *needs)
{
    bits s;
    uint64_t rb[SGF_MAX_SIZE], rw[SGF_MAX_SIZE];
    *needs = SGF__NEED_SEKI | SGF__NEED_TEIRE | SGF__NEED_SPLIT;
    if (b->width > 64)
        return 0;
    const fboard v = view_of(b);
    load(&s, b, dead);
    dilate(rb, s.black, s.empty, s.h, s.full);
    dilate(rw, s.white, s.empty, s.h, s.full);
    if (r->scoring != SGF_SCORING_TERRITORY || !s.any_dead)
        return count_from(out, &s, b, &v, r, rb, rw, NULL, NULL, needs);
    /* dead stones under territory counting: when no dame is left and
       none can call for a connection (dead_apart), the count is the
       sets'; else on a copy of the board with them lifted, when each
       is dead with its whole chain */
    uint64_t fb[SGF_MAX_SIZE], fw[SGF_MAX_SIZE], dame[SGF_MAX_SIZE];
    size_t rows = (size_t)s.h * sizeof rb[0];
    memcpy(fb, rb, rows);
    memcpy(fw, rw, rows);
    flood(fb, s.empty, s.h);
    flood(fw, s.empty, s.h);
    for (int y = 0; y < s.h; y++)
        dame[y] = fb[y] & fw[y];
    if (none_set(dame, s.h) && dead_apart(&s, &v)) {
        *needs = 0;
        write_count(out, &s, b, fb, fw, NULL);
        return 1;
    }
    if (!dead_whole(&s, &v))
        return 0;
    fcopy *lifted = sgf__scratch_take(sizeof *lifted);
    if (lifted == NULL)
        return 0;
    fboard pos = copy_of(lifted, &v, s.h);
    for (int y = 0; y < s.h; y++)
        for (uint64_t t = s.dead[y]; t != 0; t &= t - 1)
            lifted->color[(y + 1) * b->stride + 1 + __builtin_ctzll(t)]
                = SGF_EMPTY;
    int rc = count_from(out, &s, b, &pos, r, rb, rw, fb, fw, needs);
    sgf__scratch_give(lifted, sizeof *lifted);
    return rc;
}

int sgf__fast_atari(const sgf_board *b, const uint8_t *dead, sgf_point *pt,
                    int *size)
{
    bits s;
    uint8_t lifted[SGF__CELLS];
    if (b->width > 64)
        return -1;
    fboard v = view_of(b);
    load(&s, b, dead);
    if (s.any_dead) {                   /* on a copy of the colours with */
        if (!dead_whole(&s, &v))        /* them lifted: the other chains */
            return -1;                  /* keep their rings */
        memcpy(lifted, b->color, (size_t)(s.h + 2) * (size_t)b->stride);
        for (int y = 0; y < s.h; y++)
            for (uint64_t t = s.dead[y]; t != 0; t &= t - 1)
                lifted[(y + 1) * b->stride + 1 + __builtin_ctzll(t)]
                    = SGF_EMPTY;
        v.color = lifted;
    }
    uint64_t seen[SGF_MAX_SIZE];        /* the chains looked at, by head */
    memset(seen, 0, (size_t)s.h * sizeof seen[0]);
    for (int y = 0; y < s.h; y++)       /* point order: a chain is met */
        for (uint64_t t = s.black[y] | s.white[y]; t != 0; t &= t - 1) {
            int x = __builtin_ctzll(t);         /* first at its first */
            int cell = (y + 1) * b->stride + 1 + x;         /* point */
            int lib[2];
            if (has(seen, &v, v.head[cell]))
                continue;
            set_cell(seen, &v, v.head[cell]);
            if (chain_libs(&v, cell, -1, lib, 0, 1) != 1)
                continue;
            int n = 0, q = cell;
            do {
                n++;
                q = v.next[q];
            } while (q != cell);
            *pt = (sgf_point){ (uint8_t)x, (uint8_t)y };
            *size = n;
            return 1;
        }
    return 0;
}
