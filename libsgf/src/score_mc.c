/*
 * score_mc.c - who owns each point at the end of a game, estimated by
 * random playouts (Monte Carlo: B. Bruegmann, "Monte Carlo Go", 1993;
 * B. Bouzy and B. Helmstetter, "Monte-Carlo Go developments", 2003).
 *
 * The principle a player applies when counting: a chain is dead when
 * its owner cannot stop the enemy from taking it off, however play goes
 * on; its points then belong to the enemy. From the counted position,
 * both sides play on at random until both pass, each under the rules a
 * sensible player keeps in a finished game:
 *   - never fill one of his own eyes (a point whose neighbours are all
 *     his, and not a false eye: the enemy holds at most one diagonal
 *     point, none on the edge), so chains with two eyes live;
 *   - never put his own chain of two or more stones in atari (so seki,
 *     where the first to fill a shared liberty dies, stays as it is),
 *     except a sacrifice of two stones inside the enemy's eye space
 *     (see sacrifice());
 *   - capture a chain the last move left in atari, and save his own
 *     chain the last move put in atari by extending.
 * A point's owner at the end of a playout is the colour of its stone, or
 * of all the stones around an empty point. The board is a small private
 * one (pseudo-liberties with sums to find atari) so that a playout costs
 * a few microseconds; the random numbers are seeded from the position,
 * so the estimate is the same on every run.
 */
#include "score_int.h"

#include <stdlib.h>
#include <string.h>

#define MC_STRIDE (SGF_MAX_SIZE + 1)
#define MC_CELLS ((SGF_MAX_SIZE + 2) * MC_STRIDE + 1)
enum { MC_BORDER = 3 };

/* An empty region enclosed by one colour with at least this many
 * points is that colour's for good: the enemy cannot live inside (a
 * living group needs two eyes and room for them), and its owner has two
 * eyes there. Playouts do not play in it. */
enum { MC_SETTLED = 8 };

/* Playouts made whatever the budget of moves: two of each colour first,
 * and enough for a majority to mean something. */
enum { MC_MIN_PLAYOUTS = 4 };

/* The largest chain a player puts in atari on purpose to kill (see
 * sacrifice()): two stones, captured, leave the enemy a two-point eye,
 * which is one eye. Three or more stones lost more than they won on the
 * shared corpus (a three-point eye can still be one eye only if the
 * attacker gets the vital point, which random play often does not). */
enum { MC_SACRIFICE = 2 };

/* One cell of the bordered board; chain data are valid at the head. */
typedef struct mc_cell {
    int64_t lsum2;       /* sum of the squares of the pseudo-liberties */
    int32_t lsum;        /* sum of the pseudo-liberties (cell indexes) */
    int16_t head, next;  /* chain head, next stone of the ring */
    int16_t size, plib;  /* stones, pseudo-liberties (with repeats) */
    uint8_t col;
} mc_cell;

typedef struct mc_board {
    int stride, cells, ko;      /* ko: cell banned for the next move */
    int nempty;
    mc_cell c[MC_CELLS];
    int16_t empty[MC_CELLS], where[MC_CELLS];
} mc_board;

typedef struct mc {
    int w, h, nb[4], last;
    uint64_t rng;
    /* For the colours of four cells packed 2 bits each (pattern()): how
     * many of each colour, 4 bits each (empty, black, white, border) */
    uint16_t count[256];
    mc_board start, b;          /* the counted position, a playout's */
} mc;

/* The colours of the cells p + off[0..3], packed 2 bits each. */
static inline unsigned pattern(const mc_board *b, int p, const int *off)
{
    return (unsigned)b->c[p + off[0]].col
           | (unsigned)b->c[p + off[1]].col << 2
           | (unsigned)b->c[p + off[2]].col << 4
           | (unsigned)b->c[p + off[3]].col << 6;
}

static void count_table(mc *m)
{
    for (unsigned pat = 0; pat < 256; pat++) {
        unsigned c = 0;
        for (int k = 0; k < 4; k++)
            c += 1u << (4 * ((pat >> (2 * k)) & 3));
        m->count[pat] = (uint16_t)c;
    }
}

static uint32_t rnd(mc *m)
{
    m->rng ^= m->rng << 13;           /* xorshift64 */
    m->rng ^= m->rng >> 7;
    m->rng ^= m->rng << 17;
    return (uint32_t)(m->rng >> 32);
}

static int cell_of(const mc *m, int i)
{
    return (i / m->w + 1) * m->b.stride + i % m->w + 1;
}

static void lib_add(mc_board *b, int h, int p)
{
    b->c[h].plib++;
    b->c[h].lsum += p;
    b->c[h].lsum2 += (int64_t)p * p;
}

static void lib_del(mc_board *b, int h, int p)
{
    b->c[h].plib--;
    b->c[h].lsum -= p;
    b->c[h].lsum2 -= (int64_t)p * p;
}

/* Whether chain h has exactly one liberty: all its pseudo-liberties are
 * the same cell. */
static bool in_atari(const mc_board *b, int h)
{
    const mc_cell *c = &b->c[h];
    return c->plib > 0
           && (int64_t)c->plib * c->lsum2 == (int64_t)c->lsum * c->lsum;
}

static void empty_add(mc_board *b, int p)
{
    b->where[p] = (int16_t)b->nempty;
    b->empty[b->nempty++] = (int16_t)p;
}

static void empty_del(mc_board *b, int p)
{
    int k = b->where[p], last = b->empty[--b->nempty];
    b->empty[k] = (int16_t)last;
    b->where[last] = (int16_t)k;
    b->where[p] = -1;
}

/* Join chain b2 into chain a (heads): relabel the smaller one. */
static void merge(mc_board *b, int a, int b2)
{
    if (b->c[a].size < b->c[b2].size) {
        int t = a;
        a = b2;
        b2 = t;
    }
    int s = b2;
    do {
        b->c[s].head = (int16_t)a;
        s = b->c[s].next;
    } while (s != b2);
    int16_t t = b->c[a].next;
    b->c[a].next = b->c[b2].next;
    b->c[b2].next = t;
    b->c[a].size = (int16_t)(b->c[a].size + b->c[b2].size);
    b->c[a].plib = (int16_t)(b->c[a].plib + b->c[b2].plib);
    b->c[a].lsum += b->c[b2].lsum;
    b->c[a].lsum2 += b->c[b2].lsum2;
}

/* Take chain h off the board; returns its size. */
static int capture(mc *m, mc_board *b, int h)
{
    int s = h, n = b->c[h].size;
    do {
        b->c[s].col = SGF_EMPTY;
        empty_add(b, s);
        s = b->c[s].next;
    } while (s != h);
    do {                                /* neighbours gain liberties */
        for (int d = 0; d < 4; d++) {
            int q = s + m->nb[d];
            if (b->c[q].col == SGF_BLACK || b->c[q].col == SGF_WHITE)
                lib_add(b, b->c[q].head, s);
        }
        int next = b->c[s].next;
        b->c[s].next = (int16_t)s;
        s = next;
    } while (s != h);
    return n;
}

/* Put a stone of colour col on the empty cell p (legal), capturing. */
static void place(mc *m, mc_board *b, int p, uint8_t col)
{
    mc_cell *c = &b->c[p];
    int captured = 0, taken = 0;
    *c = (mc_cell){ 0, 0, (int16_t)p, (int16_t)p, 1, 0, col };
    empty_del(b, p);
    for (int d = 0; d < 4; d++) {
        int q = p + m->nb[d];
        if (b->c[q].col == SGF_EMPTY)
            lib_add(b, p, q);
        else if (b->c[q].col != MC_BORDER)
            lib_del(b, b->c[q].head, p);
    }
    for (int d = 0; d < 4; d++) {
        int q = p + m->nb[d];
        if (b->c[q].col == col && b->c[q].head != b->c[p].head)
            merge(b, b->c[p].head, b->c[q].head);
    }
    for (int d = 0; d < 4; d++) {
        int q = p + m->nb[d];
        if (b->c[q].col == 3 - col && b->c[b->c[q].head].plib == 0) {
            taken = q;
            captured += capture(m, b, b->c[q].head);
        }
    }
    int h = b->c[p].head;
    b->ko = captured == 1 && b->c[h].size == 1 && in_atari(b, h) ? taken
                                                                   : 0;
}

/* Add cell l to the distinct cells set[] (*n of them). */
static void set_add(int *set, int *n, int l)
{
    for (int k = 0; k < *n; k++)
        if (set[k] == l)
            return;
    set[(*n)++] = l;
}

/* Liberties, up to 2, of the chain a stone of col at p would make (no
 * capture), in constant time: the empty neighbours of p, and for each
 * own chain next to p its pseudo-liberties other than p, which are
 * either two distinct cells or more (enough) or all one cell. */
static int libs_after(mc *m, const mc_board *b, int p, uint8_t col)
{
    int set[8], n = 0, done[4], ndone = 0;
    for (int d = 0; d < 4; d++) {
        int q = p + m->nb[d];
        if (b->c[q].col == SGF_EMPTY)
            set_add(set, &n, q);
    }
    for (int d = 0; d < 4; d++) {
        int q = p + m->nb[d];
        if (b->c[q].col != col)
            continue;
        int h = b->c[q].head, k = 0, before = ndone;
        set_add(done, &ndone, h);
        if (ndone == before)
            continue;                   /* seen already */
        for (int e = 0; e < 4; e++)     /* adjacencies of h to p */
            k += b->c[p + m->nb[e]].col == col
                 && b->c[p + m->nb[e]].head == h;
        int64_t pl = b->c[h].plib - k;
        int64_t ls = b->c[h].lsum - (int64_t)k * p;
        int64_t l2 = b->c[h].lsum2 - (int64_t)k * p * p;
        if (pl <= 0)
            continue;
        if (pl * l2 != ls * ls)
            return 2;                   /* two distinct cells left */
        set_add(set, &n, (int)(ls / pl));
    }
    return n < 2 ? n : 2;
}

/* The one liberty left to the chain a stone of col at p would make,
 * when libs_after() counts one: an empty neighbour of p, or the one
 * cell the pseudo-liberties of an own chain next to p point at once p
 * is taken out of them. */
static int last_lib(mc *m, const mc_board *b, int p, uint8_t col)
{
    for (int d = 0; d < 4; d++)
        if (b->c[p + m->nb[d]].col == SGF_EMPTY)
            return p + m->nb[d];
    for (int d = 0; d < 4; d++) {
        int q = p + m->nb[d];
        if (b->c[q].col != col)
            continue;
        int h = b->c[q].head, k = 0;
        for (int e = 0; e < 4; e++)
            k += b->c[p + m->nb[e]].col == col
                 && b->c[p + m->nb[e]].head == h;
        int64_t pl = b->c[h].plib - k;
        if (pl > 0)
            return (int)((b->c[h].lsum - (int64_t)k * p) / pl);
    }
    return 0;
}

/* Whether a stone of col at p leaves an enemy chain next to p with the
 * single liberty l (the pseudo-liberties of the chain, p taken out,
 * all point at l). */
static bool enemy_atari_at(mc *m, const mc_board *b, int p, uint8_t col,
                           int l)
{
    for (int d = 0; d < 4; d++) {
        int q = p + m->nb[d];
        if (b->c[q].col != 3 - col)
            continue;
        int h = b->c[q].head, k = 0;
        for (int e = 0; e < 4; e++)
            k += b->c[p + m->nb[e]].col == 3 - col
                 && b->c[p + m->nb[e]].head == h;
        int64_t pl = b->c[h].plib - k;
        int64_t ls = b->c[h].lsum - (int64_t)k * p;
        int64_t l2 = b->c[h].lsum2 - (int64_t)k * p * p;
        if (pl > 0 && pl * l2 == ls * ls && ls == pl * l)
            return true;
    }
    return false;
}

/* Whether col's stone at p, which joins a lone stone of col and leaves the
 * two in atari (libs_after() is 1), is a sacrifice that kills: the two
 * stones sit in the enemy's eye space, and taking them leaves the enemy a
 * two-point eye, one eye only. Without it, once the outside liberties are
 * filled, a lone stone left in the enemy's eye space (the game ended before
 * the enemy took it) reads as seki: the enemy filling next to it and the
 * attacker adding a stone are both self-atari, so the dead group lives in
 * every playout (a bent three in the corner with a stone inside, where one
 * more stone kills). It kills when the stones touch one enemy chain only
 * (taking them joins nothing), or when the move also leaves an enemy chain
 * in atari on the same point (whoever plays there first captures; the
 * enemy, taking the two stones, gets the two-point eye). Touching two enemy
 * chains otherwise, the sacrifice would join them for the enemy: an
 * attacker's mistake, not a kill. */
static bool sacrifice(mc *m, const mc_board *b, int p, uint8_t col)
{
    int foe = 0, size = 1, one = 0;
    for (int d = 0; d < 4; d++) {
        int q = p + m->nb[d];
        if (b->c[q].col != col || b->c[q].head == one)
            continue;
        if (one != 0 || b->c[b->c[q].head].size + size > MC_SACRIFICE)
            return false;
        one = b->c[q].head;
        size += b->c[one].size;
    }
    if (one == 0)
        return false;
    if (enemy_atari_at(m, b, p, col, last_lib(m, b, p, col)))
        return true;
    int stones[MC_SACRIFICE], n = 0, s = one;
    stones[n++] = p;
    do {                                /* p and the stones of one */
        stones[n++] = s;
        s = b->c[s].next;
    } while (s != one && n < MC_SACRIFICE);
    for (int k = 0; k < n; k++)
        for (int d = 0; d < 4; d++) {   /* the enemy chains touched */
            int t = stones[k] + m->nb[d];
            if (b->c[t].col != 3 - col)
                continue;
            if (foe != 0 && foe != b->c[t].head)
                return false;
            foe = b->c[t].head;
        }
    return true;
}

/* Whether col may play at p in a playout: legal (not ko, not suicide)
 * and no self-atari of two stones or more, but for sacrifice(). */
static bool playable(mc *m, const mc_board *b, int p, uint8_t col)
{
    int empties = 0, own = 0;
    if (p == b->ko)
        return false;
    for (int d = 0; d < 4; d++) {
        int q = p + m->nb[d];
        uint8_t k = b->c[q].col;
        if (k == SGF_EMPTY)
            empties++;
        else if (k == 3 - col && in_atari(b, b->c[q].head))
            return true;                /* captures */
        else if (k == col)
            own++;
    }
    if (empties >= 2 || own == 0)       /* a lone stone: a throw-in */
        return empties > 0;             /* is fine, suicide is not */
    int l = libs_after(m, b, p, col);
    return l >= 2 || (l == 1 && sacrifice(m, b, p, col));
}

/* Whether col would only fill his own ground at p, given the counts of
 * p's neighbours: an eye (every neighbour is col's, and the enemy holds
 * fewer than two diagonal points, none when p is on the edge), or an
 * empty point next to col's stones with no enemy stone among its eight
 * neighbours. A player who counts does not fill his own territory: it
 * would only take away eye space. */
static bool own_ground(const mc *m, const mc_board *b, int p, uint8_t col,
                       int own, int border)
{
    const int s = b->stride, diag[4] = { -s - 1, -s + 1, s - 1, s + 1 };
    unsigned c = m->count[pattern(b, p, diag)];
    int enemy = (int)(c >> (4 * (3 - col)) & 15);
    bool off = (c >> 12) != 0;
    if (own + border == 4)
        return enemy < (off ? 1 : 2);
    return enemy == 0;
}

/* Whether col may play at p as a random move: playable, and not on his
 * own ground (the tests of both, sharing one look at the neighbours). */
static bool candidate(mc *m, const mc_board *b, int p, uint8_t col)
{
    if (p == b->ko)
        return false;
    unsigned c = m->count[pattern(b, p, m->nb)];
    int n[4] = { (int)(c & 15), (int)(c >> 4 & 15), (int)(c >> 8 & 15),
                 (int)(c >> 12) };          /* neighbours by colour */
    uint8_t foe = (uint8_t)(3 - col);
    if (n[foe] == 0 && n[col] > 0 && own_ground(m, b, p, col, n[col],
                                                  n[MC_BORDER]))
        return false;
    if (n[SGF_EMPTY] >= 2)
        return true;
    for (int d = 0; d < 4 && n[foe] > 0; d++) {
        int q = p + m->nb[d];
        if (b->c[q].col == foe && in_atari(b, b->c[q].head))
            return true;                /* captures */
    }
    if (n[col] == 0)                    /* a lone stone: a throw-in */
        return n[SGF_EMPTY] > 0;        /* is fine, suicide is not */
    int l = libs_after(m, b, p, col);
    return l >= 2 || (l == 1 && sacrifice(m, b, p, col));
}

/* The answer to the last move: capture a chain it left in atari, or
 * save one of col's it put in atari. 0 when none. */
static int answer(mc *m, const mc_board *b, uint8_t col)
{
    int l = m->last;
    if (l <= 0 || b->c[l].col != 3 - col)
        return 0;
    for (int d = -1; d < 4; d++) {
        int q = d < 0 ? l : l + m->nb[d];
        uint8_t k = b->c[q].col;
        if (k != SGF_BLACK && k != SGF_WHITE)
            continue;
        int h = b->c[q].head;
        if (!in_atari(b, h))
            continue;
        int lib = (int)(b->c[h].lsum / b->c[h].plib);
        if (b->where[lib] >= 0 && playable(m, b, lib, col)
            && (k != col || libs_after(m, b, lib, col) >= 2))
            return lib;
    }
    return 0;
}

/* col's move in a playout; 0 = pass. */
static int choose(mc *m, const mc_board *b, uint8_t col)
{
    int p = answer(m, b, col), n = b->nempty;
    if (p > 0 || n == 0)
        return p;
    int k0 = (int)(rnd(m) % (uint32_t)n);
    for (int k = k0; k < n; k++)        /* from a random empty point */
        if (candidate(m, b, b->empty[k], col))
            return b->empty[k];
    for (int k = 0; k < k0; k++)        /* round to it */
        if (candidate(m, b, b->empty[k], col))
            return b->empty[k];
    return 0;
}

/* One playout from the start position; adds its ownership to own[]
 * (+1 Black, -1 White, by point index). Returns the moves played. */
static int playout(mc *m, uint8_t first, int32_t *own)
{
    mc_board *b = &m->b;
    int passes = 0, n = m->w * m->h;
    size_t used = (size_t)m->start.cells;
    memcpy(b->c, m->start.c, used * sizeof b->c[0]);
    memcpy(b->empty, m->start.empty, used * sizeof b->empty[0]);
    memcpy(b->where, m->start.where, used * sizeof b->where[0]);
    b->nempty = m->start.nempty;
    b->ko = 0;
    m->last = 0;
    uint8_t col = first;
    int moves = 0;
    for (; passes < 2 && moves < 3 * n; moves++) {
        int p = choose(m, b, col);
        passes = p > 0 ? 0 : passes + 1;
        if (p > 0)
            place(m, b, p, col);
        m->last = p;
        col = (uint8_t)(3 - col);
    }
    for (int i = 0; i < n; i++) {
        int p = cell_of(m, i);
        uint8_t k = b->c[p].col, around = 0;
        if (k == SGF_EMPTY) {
            for (int d = 0; d < 4; d++)
                around |= (uint8_t)(1u << b->c[p + m->nb[d]].col);
            around &= 6;
            k = around == 2 ? SGF_BLACK : around == 4 ? SGF_WHITE : 0;
        }
        own[i] += k == SGF_BLACK ? 1 : k == SGF_WHITE ? -1 : 0;
    }
    return moves;
}

/* Flood the empty region through p (cells marked -2 on the way) and
 * put its cells in the list of candidate moves unless it is settled. */
static void add_region(mc *m, mc_board *b, int p)
{
    int16_t *stack = m->b.empty;        /* scratch: not in use yet */
    int sp = 0, size = 0, first = b->nempty;
    unsigned border = 0;
    stack[sp++] = (int16_t)p;
    b->where[p] = -2;
    while (sp > 0) {
        int q = stack[--sp];
        size++;
        empty_add(b, q);
        for (int d = 0; d < 4; d++) {
            int r = q + m->nb[d];
            border |= 1u << b->c[r].col;
            if (b->c[r].col == SGF_EMPTY && b->where[r] == -1) {
                b->where[r] = -2;
                stack[sp++] = (int16_t)r;
            }
        }
    }
    border &= 6;
    if (size >= MC_SETTLED && (border == 2 || border == 4))
        while (b->nempty > first)       /* settled: no candidates */
            b->where[b->empty[--b->nempty]] = -3;
}

/* Set up the start position from colours col[] (point order). */
static void load(mc *m, const uint8_t *col)
{
    mc_board *b = &m->start;
    b->stride = m->b.stride = m->w + 1;
    b->cells = m->b.cells = (m->h + 2) * b->stride + 1;
    b->nempty = 0;
    b->ko = 0;
    m->nb[0] = -b->stride;
    m->nb[1] = -1;
    m->nb[2] = 1;
    m->nb[3] = b->stride;
    for (int p = 0; p < b->cells; p++)
        b->c[p] = (mc_cell){ 0, 0, (int16_t)p, (int16_t)p, 1, 0,
                             MC_BORDER };
    for (int i = 0; i < m->w * m->h; i++) {
        int p = cell_of(m, i);
        b->c[p].col = col[i];
        b->where[p] = -1;
    }
    for (int i = 0; i < m->w * m->h; i++) {
        int p = cell_of(m, i);
        if (b->c[p].col == SGF_EMPTY && b->where[p] == -1)
            add_region(m, b, p);
    }
    for (int i = 0; i < m->w * m->h; i++) {
        int p = cell_of(m, i);
        if (b->c[p].col == SGF_EMPTY)
            continue;
        for (int d = 0; d < 4; d++) {
            int q = p + m->nb[d];
            if (b->c[q].col == SGF_EMPTY)
                lib_add(b, b->c[p].head, q);
            else if (b->c[q].col == b->c[p].col
                     && b->c[q].head != b->c[p].head)
                merge(b, b->c[p].head, b->c[q].head);
        }
    }
}

int sgf__score_playouts(int32_t *own, const uint8_t *col, int w, int h,
                        int playouts, long budget)
{
    mc *m = sgf__scratch_take(sizeof *m);
    if (m == NULL)
        return SGF_ENOMEM;
    m->w = w;
    m->h = h;
    m->rng = 0x9e3779b97f4a7c15u;       /* seeded from the position */
    for (int i = 0; i < w * h; i++)
        m->rng = (m->rng ^ (uint64_t)(col[i] + 1) * (uint64_t)(i + 1))
                 * 0x100000001b3u;
    m->rng |= 1;
    count_table(m);
    load(m, col);
    memset(own, 0, (size_t)(w * h) * sizeof *own);
    long moves = 0;
    int k = 0;
    while (k < playouts && (k < MC_MIN_PLAYOUTS || moves < budget)) {
        moves += playout(m, (uint8_t)(k % 2 == 0 ? SGF_BLACK : SGF_WHITE),
                         own);
        k++;
    }
    sgf__scratch_give(m, sizeof *m);
    return k;
}
