/*
 * board.c - the Go position: representation, life cycle, setup, undo of
 * every step, queries. Moves are in play.c, the history of positions in
 * history.c, the shared definitions in board_int.h.
 *
 * Layout: a bordered 1-D array (GNU Go's POS, KataGo's Loc) with stride
 * width + 1: one border column serves as the right end of a row and the
 * left end of the next, plus a border row above and below. Index 0 is
 * always border, so it doubles as "no point". A chain is a ring of
 * stones linked by next[]; every stone knows its chain's head, and the
 * head holds the chain's data (KataGo's chain_head / next_in_chain).
 *
 * Liberties are pseudo-liberties (libego; the CGBG study found them the
 * fastest scheme): a chain counts its (stone, empty neighbour) pairs. The
 * count is 0 exactly when the chain has no liberty, which is all a move
 * needs to capture and to detect suicide; for a single stone it is the
 * exact number of liberties, which is all the ko rule needs. Since the
 * count is a sum over stones, a move updates it in O(1) and a merge adds
 * two counts and relabels the smaller chain: no flood fill and no
 * neighbour-of-neighbour checks per move. Distinct liberties (for
 * queries, and for the atari tests of sgf_board_check) are counted by
 * walking the chain.
 *
 * Undo restores stones, heads and chain data exactly, and rings as sets
 * of stones. A capture only empties points and leaves next[] and head[]
 * of the captured stones alone, so undoing it walks the old ring; a
 * move records the chains it merged (in order, with their
 * pseudo-liberties then) and the previous head and next of its point;
 * merging swaps two next[] links, which swapping again undoes, as long
 * as the rings are in the order the move left them.
 * Taking a stone off (setup, a move on an occupied point) may split a
 * chain. Saving the old chain's links would cost memory per stone of the
 * chain, for every stone taken off (a setup clearing a large chain point
 * by point, or AE and AB of one point in turn, cost gigabytes), so
 * nothing is saved: the stone keeps its head, and undo joins the pieces
 * again under that head, in another ring order. The board's epoch then
 * goes up, and an older move is undone by flood fill (its chains are
 * rebuilt from their heads) rather than by swapping links: memory is a
 * few bytes per step, time at most the chains' size per step.
 * A setup of many points (one node's AB, AW and AE) changes the colours
 * first and rebuilds the chains next to the changed points once, and
 * records per changed point its colour and links before and per chain
 * it touched that chain's head: points that keep their colour cost
 * nothing, and a setup of a whole board costs O(points), not O(points^2).
 *
 * Zobrist keys: splitmix64 (Steele, Lea and Flood 2014) evaluated at the
 * index of (colour, y, x) from a fixed seed, computed into the board when
 * its size is set. A checked-in table would be 5,408 constants of noise
 * in the source; computing them costs microseconds per board size and
 * gives the same keys on every platform and run.
 */
#include <stdlib.h>
#include <string.h>

#include "board_int.h"

#define ZOBRIST_SEED 0x5347462d626f6172ULL   /* "SGF-boar" */

typedef sgf__cell cell;

/* ---- life cycle ------------------------------------------------------ */

static uint64_t splitmix64(uint64_t n)
{
    uint64_t z = ZOBRIST_SEED + (n + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static sgf_point point_of(const sgf_board *b, cell p)
{
    sgf_point pt = { (uint8_t)(p % b->stride - 1),
                     (uint8_t)(p / b->stride - 1) };
    return pt;
}

static void compute_zobrist(sgf_board *b)
{
    for (int y = 0; y < b->height; y++)
        for (int x = 0; x < b->width; x++) {
            sgf_point pt = { (uint8_t)x, (uint8_t)y };
            uint64_t n = (uint64_t)(y * SGF_MAX_SIZE + x);
            cell p = sgf__idx(b, pt);
            b->zobrist[p][0] = splitmix64(n);
            b->zobrist[p][1] = splitmix64(n + SGF_MAX_SIZE * SGF_MAX_SIZE);
        }
    b->zobrist_w = b->width;
    b->zobrist_h = b->height;
}

static int grow(void **p, size_t *cap, size_t len, size_t need,
                size_t elem)
{
    if (len + need <= *cap)
        return SGF_OK;
    size_t n = *cap ? *cap * 2 : 512;
    while (n < len + need)
        n *= 2;
    void *q = realloc(*p, n * elem);
    if (!q)
        return SGF_ENOMEM;
    *p = q;
    *cap = n;
    return SGF_OK;
}

/* Room for one undo record, the given number of change records and,
 * with a history, two entries: after this nothing can fail. */
int sgf__board_reserve_slow(sgf_board *b, sgf_history *hist,
                            size_t changes)
{
    if (grow((void **)&b->undo, &b->undo_cap, b->undo_len, 1,
             sizeof *b->undo) != SGF_OK
        || grow((void **)&b->changes, &b->changes_cap, b->changes_len,
                changes, sizeof *b->changes) != SGF_OK)
        return SGF_ENOMEM;
    return hist ? sgf__history_reserve(hist, 2) : SGF_OK;
}

static bool size_ok(int width, int height)
{
    return width >= 1 && width <= SGF_MAX_SIZE && height >= 1
           && height <= SGF_MAX_SIZE;
}

int sgf_board_reset(sgf_board *b, int width, int height)
{
    if (!b || b->setup_open || !size_ok(width, height))
        return SGF_EINVAL;
    b->width = width;
    b->height = height;
    b->stride = width + 1;
    b->nb[0] = -b->stride;
    b->nb[1] = -1;
    b->nb[2] = 1;
    b->nb[3] = b->stride;
    /* border row, then the rows (each after its border cell), border
     * row */
    size_t s = (size_t)b->stride, end = (size_t)(height + 1) * s;
    memset(b->color, SGF__BORDER, s + 1);
    memset(&b->color[s + 1], SGF_EMPTY, end - s - 1);
    for (size_t row = 2 * s; row < end; row += s)
        b->color[row] = SGF__BORDER;
    memset(&b->color[end], SGF__BORDER, s);
    /* the keys of a width serve every height up to the rows computed */
    if (b->zobrist_w != width || b->zobrist_h < height)
        compute_zobrist(b);
    b->hash = 0;
    b->ko_point = SGF__NO_POINT;
    b->ko_color = SGF_EMPTY;
    memset(b->prisoners_of, 0, sizeof b->prisoners_of);
    memset(b->stones, 0, sizeof b->stones);
    b->undo_len = 0;
    b->changes_len = 0;
    b->epoch = 0;
    b->setup_open = false;
    return SGF_OK;
}

static void fill_near(sgf_board *b)
{
    for (unsigned pat = 0; pat < 256; pat++) {
        unsigned stones[3] = { 0, 0, 0 }, n = 0;
        for (unsigned d = 0; d < 4; d++) {
            unsigned c = pat >> (2 * d) & 3u;
            if (c == SGF_EMPTY)
                n++;
            else if (c != SGF__BORDER)
                stones[c] |= 1u << d;
        }
        for (unsigned c = SGF_BLACK; c <= SGF_WHITE; c++)
            b->near[c][pat] = (uint16_t)(stones[c] | stones[3 - c] << 4
                                         | n << 8);
    }
}

int sgf_board_new(sgf_board **out, int width, int height)
{
    if (!out || !size_ok(width, height))
        return SGF_EINVAL;
    *out = calloc(1, sizeof **out);
    if (!*out)
        return SGF_ENOMEM;
    fill_near(*out);
    return sgf_board_reset(*out, width, height);
}

void sgf_board_free(sgf_board *b)
{
    if (!b)
        return;
    free(b->undo);
    free(b->changes);
    free(b);
}

/* ---- chain data ------------------------------------------------------ */

static void chain_sub(struct sgf__chain *to, const struct sgf__chain *ch)
{
    to->plibs = (uint16_t)(to->plibs - ch->plibs);
    to->size = (uint16_t)(to->size - ch->size);
}

/* Data of the single stone at p, as if alone. */
static struct sgf__chain stone_data(const sgf_board *b, cell p)
{
    struct sgf__chain ch = { 0, 1 };
    for (int d = 0; d < 4; d++)
        ch.plibs = (uint16_t)(ch.plibs
                              + (b->color[p + b->nb[d]] == SGF_EMPTY));
    return ch;
}

/* Recompute the data of the ring through start, making start's head
 * every stone's head. */
static void relabel_ring(sgf_board *b, cell start, cell h)
{
    struct sgf__chain ch = { 0, 0 };
    cell s = start;
    do {
        struct sgf__chain one = stone_data(b, s);
        sgf__chain_add(&ch, &one);
        b->head[s] = h;
        s = b->next[s];
    } while (s != start);
    b->chain[h] = ch;
}

/* Distinct liberties of the chain with head h, counting stops at max. */
int sgf__board_count_liberties(const sgf_board *b, cell h, int max)
{
    uint64_t seen[(SGF__CELLS + 63) / 64] = { 0 };
    int n = 0;
    cell s = h;
    do {
        for (int d = 0; d < 4; d++) {
            cell l = (cell)(s + b->nb[d]);
            uint64_t bit = 1ULL << (l % 64);
            if (b->color[l] == SGF_EMPTY && !(seen[l / 64] & bit)) {
                seen[l / 64] |= bit;
                if (++n == max)
                    return n;
            }
        }
        s = b->next[s];
    } while (s != h);
    return n;
}

/* ---- joining chains (a stone put on next to friendly chains) --------- */

/* Merge chain g into chain f: relabel g, splice the rings. */
static inline void merge_chain(sgf_board *b, cell f, cell g)
{
    cell s = g;
    do {
        b->head[s] = f;
        s = b->next[s];
    } while (s != g);
    cell t = b->next[f];
    b->next[f] = b->next[g];
    b->next[g] = t;
    sgf__chain_add(&b->chain[f], &b->chain[g]);
}

/* sgf__board_join for three or four friendly neighbours: they lose
 * their pseudo-liberties at p, and every friendly chain merges into the
 * largest, in the order first met (recorded in u for undo). Apart, so
 * that the common join needs no registers saved. */
static __attribute__((noinline)) void join_many(sgf_board *b, cell p,
                                                unsigned friends,
                                                struct sgf__chain self,
                                                struct sgf__undo *u)
{
    cell hs[4];
    int n = 0;
    unsigned fsize = 0;
    cell f = SGF__NO_POINT;
    for (unsigned m = friends; m; m &= m - 1) {
        cell h = b->head[p + b->nb[sgf__low_bit(m)]];
        b->chain[h].plibs--;
        /* at most three chains met before: compare with each */
        bool seen = (n > 0 && hs[0] == h) | (n > 1 && hs[1] == h)
                    | (n > 2 && hs[2] == h);
        if (seen)
            continue;
        hs[n++] = h;
        if (b->chain[h].size > fsize) {
            f = h;
            fsize = b->chain[h].size;
        }
    }
    sgf__chain_add(&b->chain[f], &self);
    b->head[p] = u->base = f;
    b->next[p] = b->next[f];
    b->next[f] = p;
    int k = 0;
    for (int i = 0; i < n; i++) {
        cell g = hs[i];
        if (g != f) {
            u->merged_plibs[k] = b->chain[g].plibs;
            u->merged[k++] = g;
            merge_chain(b, f, g);
        }
    }
}

/* The new stone p joins its friendly neighbours (directions in
 * friends, more than one), as join_many says. Two of them, the common
 * case, here: the same result (the first met wins a tie) without the
 * bookkeeping. */
void sgf__board_join(sgf_board *b, cell p, unsigned friends,
                     struct sgf__chain self, struct sgf__undo *u)
{
    unsigned rest = friends & (friends - 1);
    if ((rest & (rest - 1)) != 0) {
        join_many(b, p, friends, self, u);
        return;
    }
    cell h1 = b->head[p + b->nb[sgf__low_bit(friends)]];
    cell h2 = b->head[p + b->nb[sgf__low_bit(rest)]];
    bool second = b->chain[h2].size > b->chain[h1].size;
    cell f = second ? h2 : h1, g = second ? h1 : h2;
    b->chain[h1].plibs--;
    b->chain[h2].plibs--;
    sgf__chain_add(&b->chain[f], &self);
    b->head[p] = u->base = f;
    b->next[p] = b->next[f];
    b->next[f] = p;
    if (g != f) {
        u->merged_plibs[0] = b->chain[g].plibs;
        u->merged[0] = g;
        merge_chain(b, f, g);
    }
}

/* ---- taking stones off and putting them back ------------------------- */

/* Make g the head of the ring through g again, with the pseudo-liberties
 * it had; returns its data. */
static struct sgf__chain split_off(sgf_board *b, cell g, uint16_t plibs)
{
    struct sgf__chain ch = { plibs, 0 };
    cell s = g;
    do {
        b->head[s] = g;
        ch.size++;
        s = b->next[s];
    } while (s != g);
    b->chain[g] = ch;
    return ch;
}

static void rebuild_chain(sgf_board *b, cell start, uint8_t c,
                          uint32_t gen);

/* unplace when the rings may be in another order than the move left
 * them (an undo since rebuilt some; see the top): the chains the stone
 * joined are rebuilt from their heads, which undo kept. */
static void unplace_rebuild(sgf_board *b, cell p, const struct sgf__undo *u)
{
    uint8_t c = b->color[p];
    b->color[p] = SGF_EMPTY;
    b->hash ^= b->zobrist[p][c - 1];
    b->stones[c]--;
    for (unsigned m = u->near >> 4 & 15u; m; m &= m - 1)
        b->chain[b->head[p + b->nb[sgf__low_bit(m)]]].plibs++;
    sgf__board_check_gen(b);
    uint32_t gen = ++b->gen;
    if (u->base != p)
        rebuild_chain(b, u->base, c, gen);
    for (int k = 0; k < 3; k++)
        if (u->merged[k] != SGF__NO_POINT)
            rebuild_chain(b, u->merged[k], c, gen);
    b->head[p] = u->old_head;
    b->next[p] = u->old_next;
}

/* Undo sgf__place: split the merged chains off again (in reverse
 * order), take p out of its chain and off the board; the neighbouring
 * chains get their pseudo-liberties at p back. */
static SGF__HOT void unplace(sgf_board *b, cell p,
                             const struct sgf__undo *u)
{
    if (__builtin_expect(u->epoch != b->epoch || b->epoch == UINT32_MAX,
                         0)) {
        unplace_rebuild(b, p, u);
        return;
    }
    cell f = u->base;
    uint8_t c = b->color[p];
    /* the neighbours are as when the stone went on (later steps are
     * undone, this one's captures restored): the classification then */
    unsigned near = u->near;
    /* merged[] is filled from 0: most moves merged nothing */
    for (int k = u->merged[0] == SGF__NO_POINT ? -1 : 2; k >= 0; k--) {
        cell g = u->merged[k];
        if (g == SGF__NO_POINT)
            continue;
        cell t = b->next[f];
        b->next[f] = b->next[g];
        b->next[g] = t;
        struct sgf__chain ch = split_off(b, g, u->merged_plibs[k]);
        chain_sub(&b->chain[f], &ch);
    }
    if (f != p) {
        struct sgf__chain self = { (uint16_t)(near >> 8), 1 };
        chain_sub(&b->chain[f], &self);
        b->next[f] = b->next[p];
    }
    b->color[p] = SGF_EMPTY;
    b->hash ^= b->zobrist[p][c - 1];
    b->stones[c]--;
    unsigned stones = (near | near >> 4) & 15u;
    for (unsigned m = stones; m; m &= m - 1)
        b->chain[b->head[p + b->nb[sgf__low_bit(m)]]].plibs++;
    b->head[p] = u->old_head;
    b->next[p] = u->old_next;
}

/* Undo remove_chain: put stones of colour c back on the ring through
 * start. Returns their number. Branch-free like remove_chain. */
static int restore_chain(sgf_board *b, cell start, uint8_t c)
{
    uint8_t o = SGF__OPP(c);
    int n = 0;
    cell s = start;
    do {
        b->color[s] = c;
        b->hash ^= b->zobrist[s][c - 1];
        for (int d = 0; d < 4; d++) {
            cell m = (cell)(s + b->nb[d]);
            struct sgf__chain *ch = &b->chain[b->head[m]];
            ch->plibs = (uint16_t)(ch->plibs - (b->color[m] == o));
        }
        n++;
        s = b->next[s];
    } while (s != start);
    struct sgf__chain none = { 0, (uint16_t)n };
    b->chain[b->head[start]] = none;
    b->stones[c] += n;
    return n;
}

/* Rebuild by flood fill the chain of colour c through start; stones are
 * marked with gen. */
static void rebuild_chain(sgf_board *b, cell start, uint8_t c,
                          uint32_t gen)
{
    int top = 0;
    b->stack[top++] = start;
    b->mark[start] = gen;
    b->next[start] = start;
    while (top > 0) {
        cell s = b->stack[--top];
        if (s != start) {
            b->next[s] = b->next[start];
            b->next[start] = s;
        }
        for (int d = 0; d < 4; d++) {
            cell m = (cell)(s + b->nb[d]);
            if (b->color[m] == c && b->mark[m] != gen) {
                b->mark[m] = gen;
                b->stack[top++] = m;
            }
        }
    }
    relabel_ring(b, start, start);
}

/* Take the stone off p (setup, a move on an occupied point); the chain
 * may fall apart, and each piece is rebuilt. p keeps its head and next
 * (unlift reads the head; a later stone on p saves both). */
void sgf__board_lift(sgf_board *b, cell p)
{
    uint8_t c = b->color[p];
    b->color[p] = SGF_EMPTY;
    b->hash ^= b->zobrist[p][c - 1];
    b->stones[c]--;
    uint32_t gen = ++b->gen;
    for (int d = 0; d < 4; d++) {
        cell m = (cell)(p + b->nb[d]);
        if (b->color[m] == SGF__OPP(c))
            b->chain[b->head[m]].plibs++;
        else if (b->color[m] == c && b->mark[m] != gen)
            rebuild_chain(b, m, c, gen);
    }
}

/* The rings are no longer in the order older undo records left them. */
static void bump_epoch(sgf_board *b)
{
    if (b->epoch != UINT32_MAX)
        b->epoch++;
}

/* Undo sgf__board_lift: colour c back on p (empty, holding the head it
 * had), the pieces of its chain joined in one ring under that head. */
static void unlift(sgf_board *b, cell p, uint8_t c)
{
    cell h = b->head[p];
    b->color[p] = c;
    b->hash ^= b->zobrist[p][c - 1];
    b->stones[c]++;
    b->next[p] = p;
    sgf__board_check_gen(b);
    uint32_t gen = ++b->gen;
    for (int d = 0; d < 4; d++) {
        cell m = (cell)(p + b->nb[d]);
        if (b->color[m] == SGF__OPP(c)) {
            b->chain[b->head[m]].plibs--;
        } else if (b->color[m] == c && b->mark[b->head[m]] != gen) {
            cell g = b->head[m], t = b->next[p];
            b->mark[g] = gen;
            b->next[p] = b->next[g];
            b->next[g] = t;
        }
    }
    relabel_ring(b, p, h);
    bump_epoch(b);
}

/* ---- setup ----------------------------------------------------------- */

int sgf_board_setup(sgf_board *b, sgf_point pt, sgf_color color)
{
    if (!b || b->setup_open || !sgf__contains(b, pt)
        || (color != SGF_EMPTY && !sgf__valid_color(color)))
        return SGF_EINVAL;
    if (sgf__board_reserve(b, NULL, 0) != SGF_OK)
        return SGF_ENOMEM;
    sgf__board_check_gen(b);
    cell p = sgf__idx(b, pt);
    uint8_t c = (uint8_t)color;
    struct sgf__undo *u = sgf__board_push_undo(b, SGF__OP_SETUP, p, c);
    u->old_color = b->color[p];
    if (u->old_color == c)
        return SGF_OK;
    if (u->old_color != SGF_EMPTY)
        sgf__board_lift(b, p);
    if (c != SGF_EMPTY) {
        sgf__save_links(b, p, u);
        sgf__place(b, p, c, u);
    }
    return SGF_OK;
}

/* --- a setup of many points ---
 * Stones put on empty points join their chains at once, as long as no
 * stone of the step was taken off or recoloured; from then on the
 * colours change alone and end rebuilds the chains next to the changed
 * points (the step's undo rebuilds the chains it touched either way).
 * Change records: one per changed point (its colour and links before),
 * one per chain next to it or through it (its head; duplicates are
 * dropped at the end). */

int sgf_board_setup_begin(sgf_board *b)
{
    if (!b || b->setup_open)
        return SGF_EINVAL;
    if (sgf__board_reserve(b, NULL, 0) != SGF_OK)   /* end's record */
        return SGF_ENOMEM;
    sgf__board_check_gen(b);
    b->setup_gen = ++b->gen;
    b->setup_open = true;
    b->setup_dirty = false;
    b->setup_from = b->changes_len;
    return SGF_OK;
}

static void recolor(sgf_board *b, cell p, uint8_t c)
{
    uint8_t old = b->color[p];
    if (old != SGF_EMPTY) {
        b->hash ^= b->zobrist[p][old - 1];
        b->stones[old]--;
    }
    if (c != SGF_EMPTY) {
        b->hash ^= b->zobrist[p][c - 1];
        b->stones[c]++;
    }
    b->color[p] = c;
}

static void add_change(sgf_board *b, cell p, int kind)
{
    b->changes[b->changes_len++] = (struct sgf__change){
        p, b->head[p], b->next[p], b->color[p], (uint8_t)kind };
}

static bool is_stone(uint8_t c)
{
    return c == SGF_BLACK || c == SGF_WHITE;
}

int sgf__board_setup_add(sgf_board *b, cell p, uint8_t c)
{
    if (b->color[p] == c)
        return SGF_OK;                     /* nothing changes: no cost */
    if (b->mark[p] != b->setup_gen) {      /* first change of p */
        if (b->changes_len + 6 > b->changes_cap
            && grow((void **)&b->changes, &b->changes_cap, b->changes_len,
                    6, sizeof *b->changes) != SGF_OK)
            return SGF_ENOMEM;
        add_change(b, p, SGF__CH_POINT);
        if (is_stone(b->color[p]))
            add_change(b, b->head[p], SGF__CH_HEAD);
        for (int d = 0; d < 4; d++) {
            cell m = (cell)(p + b->nb[d]);
            /* a changed neighbour's chain is recorded with it, and so
             * is a chain whose head is a point of the step (a stone put
             * on it heads chains it joined, recorded then) */
            if (b->mark[m] != b->setup_gen && is_stone(b->color[m])
                && b->mark[b->head[m]] != b->setup_gen)
                add_change(b, b->head[m], SGF__CH_HEAD);
        }
        b->mark[p] = b->setup_gen;
    }
    if (!b->setup_dirty && b->color[p] == SGF_EMPTY) {
        /* the common setup, stones on empty points: each joins its
         * neighbours now, as a move's stone does (no captures) */
        struct sgf__undo scratch = { 0 };
        sgf__place(b, p, c, &scratch);
        return SGF_OK;
    }
    b->setup_dirty = true;
    recolor(b, p, c);
    return SGF_OK;
}

int sgf_board_setup_add(sgf_board *b, sgf_point pt, sgf_color color)
{
    if (!b || !b->setup_open || !sgf__contains(b, pt)
        || (color != SGF_EMPTY && !sgf__valid_color(color)))
        return SGF_EINVAL;
    return sgf__board_setup_add(b, sgf__idx(b, pt), (uint8_t)color);
}

/* Keep the records of points whose colour changed in the end and of
 * each chain's head once. A point changed back is empty again with the
 * links it had (a stone put on it and taken off again rewrote them), or
 * a stone again, rebuilt with its chain. */
static void compact_changes(sgf_board *b, size_t from)
{
    uint32_t gen = ++b->gen;
    size_t k = from;
    for (size_t i = from; i < b->changes_len; i++) {
        struct sgf__change ch = b->changes[i];
        if (ch.kind == SGF__CH_POINT && b->color[ch.point] == ch.color) {
            if (ch.color == SGF_EMPTY) {
                b->head[ch.point] = ch.head;
                b->next[ch.point] = ch.next;
            }
            continue;
        }
        if (ch.kind == SGF__CH_HEAD) {
            if (b->mark[ch.point] == gen)
                continue;
            b->mark[ch.point] = gen;
        }
        b->changes[k++] = ch;
    }
    b->changes_len = k;
}

/* Points of the records from `from` on whose colour is not what it
 * was. */
static size_t net_changes(const sgf_board *b, size_t from)
{
    size_t n = 0;
    for (size_t i = from; i < b->changes_len; i++)
        n += b->changes[i].kind == SGF__CH_POINT
             && b->color[b->changes[i].point] != b->changes[i].color;
    return n;
}

/* Rebuild the chains through the changed points and next to them. */
static void rebuild_around(sgf_board *b, size_t from)
{
    uint32_t gen = ++b->gen;
    for (size_t i = from; i < b->changes_len; i++) {
        const struct sgf__change *ch = &b->changes[i];
        if (ch->kind != SGF__CH_POINT)
            continue;
        for (int d = -1; d < 4; d++) {
            cell m = (cell)(ch->point + (d < 0 ? 0 : b->nb[d]));
            if (is_stone(b->color[m]) && b->mark[m] != gen)
                rebuild_chain(b, m, b->color[m], gen);
        }
    }
}

static void restore_changes(sgf_board *b, size_t from, size_t n);

int sgf_board_setup_end(sgf_board *b)
{
    if (!b || !b->setup_open)
        return SGF_EINVAL;
    b->setup_open = false;
    size_t from = b->setup_from;
    if (b->setup_dirty && net_changes(b, from) == 0) {
        /* no step: what changed went back (its chains, rebuilt or not,
         * back under their heads) */
        restore_changes(b, from, b->changes_len - from);
        b->changes_len = from;
        return SGF_OK;
    }
    if (b->changes_len == from)
        return SGF_OK;                     /* no step: nothing changed */
    if (b->setup_dirty) {
        /* (without a stone taken off, every point changed for good,
         * and the chains are built) */
        rebuild_around(b, from);
        compact_changes(b, from);
    }
    struct sgf__undo *u = sgf__board_push_undo(b, SGF__OP_SETUP_MANY,
                                               SGF__NO_POINT, SGF_EMPTY);
    u->changes = (uint32_t)from;
    u->nchanges = (uint16_t)(b->changes_len - from);
    return SGF_OK;
}

/* The n change records from `from` undone: the colours back, the links
 * of the points that were empty, the chains rebuilt from their old
 * heads (in another ring order: the epoch goes up). */
static void restore_changes(sgf_board *b, size_t from, size_t n)
{
    const struct sgf__change *ch = &b->changes[from];
    bool heads = false;
    for (size_t i = 0; i < n; i++) {
        if (ch[i].kind != SGF__CH_POINT)
            continue;
        recolor(b, ch[i].point, ch[i].color);
        if (ch[i].color == SGF_EMPTY) {
            b->head[ch[i].point] = ch[i].head;
            b->next[ch[i].point] = ch[i].next;
        }
    }
    sgf__board_check_gen(b);
    uint32_t gen = ++b->gen;
    for (size_t i = 0; i < n; i++)
        if (ch[i].kind == SGF__CH_HEAD && b->mark[ch[i].point] != gen
            && is_stone(b->color[ch[i].point])) {
            rebuild_chain(b, ch[i].point, b->color[ch[i].point], gen);
            heads = true;
        }
    if (heads)
        bump_epoch(b);
}

/* Undo sgf_board_setup_end. */
static void undo_setup_many(sgf_board *b, const struct sgf__undo *u)
{
    restore_changes(b, u->changes, u->nchanges);
    b->changes_len = u->changes;
}

int sgf_board_record_position(sgf_board *b, sgf_history *hist,
                              sgf_color to_move)
{
    uint32_t n[2];
    if (!b || b->setup_open || !hist || !sgf__valid_color(to_move))
        return SGF_EINVAL;
    if (sgf__board_reserve(b, hist, 0) != SGF_OK)
        return SGF_ENOMEM;
    struct sgf__undo *u = sgf__board_push_undo(b, SGF__OP_RECORD,
                                               SGF__NO_POINT, SGF_EMPTY);
    b->ko_point = u->old_ko;        /* recording changes no position */
    b->ko_color = u->old_ko_color;
    sgf__board_push_hist(b, hist, (uint8_t)to_move, SGF__HIST_RECORD,
                         SGF_EMPTY, u, n);
    return SGF_OK;
}

/* ---- undo ------------------------------------------------------------ */

static SGF__HOT void undo_play(sgf_board *b, const struct sgf__undo *u)
{
    cell p = u->point;
    uint8_t c = u->color;
    if (u->flags & SGF__F_SUICIDE)
        b->prisoners_of[SGF__OPP(c)] -= restore_chain(b, p, c);
    for (unsigned m = u->cap_mask; m; m &= m - 1)
        b->prisoners_of[c] -= restore_chain(b,
                                            (cell)(p + b->nb[sgf__low_bit(m)]),
                                            SGF__OPP(c));
    unplace(b, p, u);
    if (u->old_color != SGF_EMPTY)
        unlift(b, p, u->old_color);
}

static void undo_setup(sgf_board *b, const struct sgf__undo *u)
{
    if (u->old_color == u->color)
        return;
    if (u->color != SGF_EMPTY)
        unplace(b, u->point, u);
    if (u->old_color != SGF_EMPTY)
        unlift(b, u->point, u->old_color);
}

/* Undo the last step; there is one. Inline: walking every variation
 * undoes as many steps as it plays. */
static SGF__HOT void undo_step(sgf_board *b, sgf_history *hist)
{
    const struct sgf__undo *u = &b->undo[--b->undo_len];
    if (u->kind == SGF__OP_PLAY)
        undo_play(b, u);
    else if (u->kind == SGF__OP_SETUP)
        undo_setup(b, u);
    else if (u->kind == SGF__OP_SETUP_MANY)
        undo_setup_many(b, u);
    b->ko_point = u->old_ko;
    b->ko_color = u->old_ko_color;
    int n = (u->flags & SGF__F_HIST_MASK) >> SGF__F_HIST_SHIFT;
    for (; hist && n > 0; n--)
        sgf__history_pop(hist);
}

int sgf_board_undo(sgf_board *b, sgf_history *hist)
{
    if (!b || b->setup_open || b->undo_len == 0)
        return SGF_EINVAL;
    undo_step(b, hist);
    return SGF_OK;
}

size_t sgf_board_undo_depth(const sgf_board *b)
{
    return b ? b->undo_len : 0;
}

int sgf_board_undo_to(sgf_board *b, sgf_history *hist, size_t depth)
{
    if (!b || b->setup_open || depth > b->undo_len)
        return SGF_EINVAL;
    while (b->undo_len > depth)
        undo_step(b, hist);
    return SGF_OK;
}

/* ---- queries --------------------------------------------------------- */

int sgf_board_width(const sgf_board *b)
{
    return b->width;
}

int sgf_board_height(const sgf_board *b)
{
    return b->height;
}

bool sgf_board_contains(const sgf_board *b, sgf_point pt)
{
    return pt.x < b->width && pt.y < b->height;
}

sgf_color sgf_board_at(const sgf_board *b, sgf_point pt)
{
    if (!sgf__contains(b, pt))
        return SGF_EMPTY;
    return (sgf_color)b->color[sgf__idx(b, pt)];
}

/* Head of the chain at pt, or SGF__NO_POINT. */
static cell chain_at(const sgf_board *b, sgf_point pt)
{
    if (sgf_board_at(b, pt) == SGF_EMPTY)
        return SGF__NO_POINT;
    return b->head[sgf__idx(b, pt)];
}

int sgf_board_chain_liberties(const sgf_board *b, sgf_point pt)
{
    cell h = chain_at(b, pt);
    if (h == SGF__NO_POINT)
        return 0;
    return sgf__board_count_liberties(b, h, SGF__CELLS);
}

int sgf_board_chain_size(const sgf_board *b, sgf_point pt)
{
    cell h = chain_at(b, pt);
    return h == SGF__NO_POINT ? 0 : b->chain[h].size;
}

/* In board order, whatever the ring's order (which depends on how the
 * chain was made and undone): the chain's cells marked in a bitmap,
 * then read off in index order. */
int sgf_board_chain_points(const sgf_board *b, sgf_point pt,
                           sgf_point *out, size_t cap)
{
    cell h = chain_at(b, pt);
    if (h == SGF__NO_POINT)
        return 0;
    uint64_t in[(SGF__CELLS + 63) / 64] = { 0 };
    size_t n = 0, lo = SGF__CELLS, hi = 0;
    cell s = h;
    do {
        in[s / 64] |= 1ULL << (s % 64);
        lo = s < lo ? s : lo;
        hi = s > hi ? s : hi;
        n++;
        s = b->next[s];
    } while (s != h);
    size_t k = 0;
    for (size_t w = lo / 64; out != NULL && w <= hi / 64 && k < cap; w++)
        for (uint64_t m = in[w]; m != 0 && k < cap; m &= m - 1)
            out[k++] = point_of(b, (cell)(w * 64
                                          + (size_t)__builtin_ctzll(m)));
    return (int)n;
}

int sgf_board_prisoners(const sgf_board *b, sgf_color holder)
{
    return sgf__valid_color(holder) ? b->prisoners_of[holder] : 0;
}

int sgf_board_stone_count(const sgf_board *b, sgf_color c)
{
    return sgf__valid_color(c) ? b->stones[c] : 0;
}

uint64_t sgf_board_hash(const sgf_board *b)
{
    return b->hash;
}

bool sgf_board_ko(const sgf_board *b, sgf_point *pt_out,
                  sgf_color *banned_out)
{
    if (b->ko_point == SGF__NO_POINT)
        return false;
    if (pt_out)
        *pt_out = point_of(b, b->ko_point);
    if (banned_out)
        *banned_out = (sgf_color)b->ko_color;
    return true;
}
