/*
 * board_int.h - what board.c, play.c, history.c and the replayer share:
 * the board's representation (explained in board.c), its undo records,
 * the history's hash set (history.c), and the common move
 * (sgf__board_play_fast), inline so that the replayer's loop and
 * sgf_board_play make no call for it; rare cases go to play.c.
 */
#ifndef SGF_BOARD_INT_H
#define SGF_BOARD_INT_H

#include <string.h>

#include <sgf/board.h>

/* ---- the board ------------------------------------------------------- */

/* Cells of the largest bordered array: (52 + 2) rows of stride 53. */
#define SGF__CELLS ((SGF_MAX_SIZE + 2) * (SGF_MAX_SIZE + 1))
#define SGF__BORDER 3           /* colour of the cells around the board */
#define SGF__NO_POINT 0         /* index 0 is always border */
#define SGF__OPP(c) ((uint8_t)(3 - (c)))
#define SGF__GEN_LIMIT (UINT32_MAX - 256u)

typedef uint16_t sgf__cell;     /* index into the bordered array */

/* For the few functions of the move path that must be inlined whatever
 * the compiler's estimate (gcc and clang). */
#define SGF__HOT inline __attribute__((always_inline))

enum { SGF__OP_PLAY, SGF__OP_PASS, SGF__OP_SETUP, SGF__OP_RECORD,
       SGF__OP_SETUP_MANY };
enum { SGF__F_SUICIDE = 1, SGF__F_HIST_SHIFT = 1, SGF__F_HIST_MASK = 6 };

/* Data of a chain, at its head: a sum over its stones. */
struct sgf__chain {
    uint16_t plibs;             /* (stone, empty neighbour) pairs */
    uint16_t size;              /* stones */
};

/* One undoable step. */
struct sgf__undo {
    sgf__cell point;            /* played or set up point (0 for others) */
    sgf__cell old_ko;
    sgf__cell old_head, old_next;   /* of point before a stone went on */
    sgf__cell base;             /* chain the new stone joined (or itself) */
    sgf__cell merged[3];        /* chains merged into base, in order */
    uint16_t merged_plibs[3];   /* ... and their pseudo-liberties then */
    uint16_t near;              /* sgf_board.near of the placed stone
                                   (undo finds the same neighbours) */
    uint32_t epoch;             /* sgf_board.epoch when it was done */
    uint32_t changes;           /* SETUP_MANY: its first change record */
    uint16_t nchanges;          /* ... and their number */
    uint8_t kind;               /* SGF__OP_* */
    uint8_t color;              /* colour played, passing or set up */
    uint8_t old_color;          /* colour at point before (occupied, setup) */
    uint8_t old_ko_color;
    uint8_t cap_mask;           /* bit d: chain at point + nb[d] captured */
    uint8_t flags;              /* SGF__F_SUICIDE, history entries (0-2) */
};

/* What a setup of many points (sgf_board_setup_end) changed: a point
 * with its colour and links before, or the head of a chain it took
 * apart or joined to others (rebuilt from there on undo). */
enum { SGF__CH_POINT, SGF__CH_HEAD };
struct sgf__change {
    sgf__cell point, head, next;
    uint8_t color;
    uint8_t kind;               /* SGF__CH_* */
};

struct sgf_board {
    int width, height, stride;
    int nb[4];                  /* neighbour offsets: up, left, right, down */
    int zobrist_w, zobrist_h;
    uint64_t hash;
    sgf__cell ko_point;         /* SGF__NO_POINT when no ban */
    uint8_t ko_color;           /* colour that may not play there */
    int prisoners_of[3];
    int stones[3];
    uint32_t gen;               /* current mark generation */
    /* For the colours of the four neighbours packed 2 bits each, seen
     * by colour c (SGF_BLACK or SGF_WHITE): the directions of c's
     * stones (bits 0-3), of the other colour's (bits 4-7), and the
     * number of empty neighbours (bits 8-10); one load classifies them
     * all. */
    uint16_t near[3][256];
    struct sgf__undo *undo;
    size_t undo_len, undo_cap;
    struct sgf__change *changes;
    size_t changes_len, changes_cap;
    /* Rings in another order than when the older undo records were
     * made: bumped when an undo restores a chain's stones and head but
     * rebuilds its ring (board.c); an undo record of an older epoch
     * takes its stone off by flood fill, not by ring surgery. */
    uint32_t epoch;
    bool setup_open;            /* between sgf_board_setup_begin and _end */
    uint32_t setup_gen;         /* mark of the points that setup changed */
    size_t setup_from;          /* its first change record */
    bool setup_dirty;           /* a stone of it was taken off or
                                   recoloured: its chains are rebuilt at
                                   the end (until then, stones on empty
                                   points join their chains at once) */
    uint8_t color[SGF__CELLS];
    sgf__cell head[SGF__CELLS];
    sgf__cell next[SGF__CELLS];
    sgf__cell stack[SGF__CELLS];        /* scratch for flood fills */
    uint32_t mark[SGF__CELLS];
    struct sgf__chain chain[SGF__CELLS];    /* valid at chain heads */
    uint64_t zobrist[SGF__CELLS][2];
};

static inline sgf__cell sgf__idx(const sgf_board *b, sgf_point pt)
{
    return (sgf__cell)((pt.y + 1) * b->stride + pt.x + 1);
}

/* Index of the lowest set bit of a non-zero mask of directions (one
 * instruction, and no table to keep in a register). */
static inline int sgf__low_bit(unsigned m)
{
    return __builtin_ctz(m);
}

/* sgf_board_contains, inline. */
static inline bool sgf__contains(const sgf_board *b, sgf_point pt)
{
    return pt.x < b->width && pt.y < b->height;
}

static inline bool sgf__valid_color(sgf_color c)
{
    return c == SGF_BLACK || c == SGF_WHITE;
}

static inline void sgf__chain_add(struct sgf__chain *to,
                                  const struct sgf__chain *ch)
{
    to->plibs = (uint16_t)(to->plibs + ch->plibs);
    to->size = (uint16_t)(to->size + ch->size);
}

/* Called at the start of every operation, which uses at most a few
 * mark generations, so the marks never wrap in the middle of one. */
static inline void sgf__board_check_gen(sgf_board *b)
{
    if (b->gen >= SGF__GEN_LIMIT) {
        memset(b->mark, 0, sizeof b->mark);
        b->gen = 0;
    }
}

/* Slow path of sgf__board_reserve. 0 or SGF_ENOMEM. */
int sgf__board_reserve_slow(sgf_board *b, sgf_history *hist,
                            size_t changes);

/* Start a step: a new undo record holding the ko ban, which any step
 * lifts, with the given flags (SGF__F_*). Room must have been
 * reserved. */
static inline struct sgf__undo *sgf__board_push_undo_flags(sgf_board *b,
                                                           int kind,
                                                           sgf__cell p,
                                                           uint8_t c,
                                                           unsigned flags)
{
    struct sgf__undo *u = &b->undo[b->undo_len++];
    *u = (struct sgf__undo){ .point = p, .old_ko = b->ko_point,
                             .epoch = b->epoch,
                             .kind = (uint8_t)kind, .color = c,
                             .old_ko_color = b->ko_color,
                             .flags = (uint8_t)flags };
    b->ko_point = SGF__NO_POINT;
    b->ko_color = SGF_EMPTY;
    return u;
}

/* sgf__board_push_undo_flags without flags. */
static inline struct sgf__undo *sgf__board_push_undo(sgf_board *b,
                                                     int kind,
                                                     sgf__cell p,
                                                     uint8_t c)
{
    return sgf__board_push_undo_flags(b, kind, p, c, 0);
}

/* Distinct liberties of the chain with head h; counting stops at max. */
int sgf__board_count_liberties(const sgf_board *b, sgf__cell h, int max);

/* Take the stone off p (a setup, a move on an occupied point); the
 * chain may fall apart. p keeps its head: its undo (board.c) puts the
 * chain back together under that head. */
void sgf__board_lift(sgf_board *b, sgf__cell p);

/* ---- the history -----------------------------------------------------
 * Two positions can be equal only if they hold as many stones, and most
 * positions of a game hold a number of stones no earlier one held (a
 * move without a capture adds a stone). So each entry is first only
 * linked into the list of entries with its number of stones (a few
 * stores); the hash set (history.c) receives the entries of a list
 * when a position with that number of stones is recorded again, which
 * in most games is a small part of them. */

/* Most stones a board can hold. */
#define SGF__MAX_STONES (SGF_MAX_SIZE * SGF_MAX_SIZE)

struct sgf__hist_slot {
    uint64_t key;
    uint32_t count[2];      /* [0] Black to move, [1] White to move */
    uint32_t gen;           /* in use when equal to the history's gen */
    /* 1 + stack index of the oldest entry counted in count[i] (0 when
     * count[i] is 0): where the position first occurred, for the
     * replayer's superko message (sgf__history_first_moves) */
    uint32_t first[2];
};

/* What the history knows besides the positions: moves, consecutive
 * passes, the player to move and the last passer. */
struct sgf__hist_state {
    uint32_t moves;
    int passes;
    uint8_t to_move, last_passer;
};

/* The player to move that an entry's count is for is the one to move
 * after the push (side + 1, st.to_move until it is popped). */
struct sgf__hist_entry {
    uint64_t key;
    struct sgf__hist_state prev;    /* before the push */
    uint32_t link;          /* 1 + index of the entry before it in its
                               list (same stones), 0 for none */
    uint16_t stones;        /* stones of the position */
    uint8_t side;           /* count index: to_move - 1 */
    uint8_t indexed;        /* counted in the hash set */
    uint32_t moves;         /* st.moves after the push (fills what would
                               be padding: the entry stays 32 bytes) */
};

/* Clearing the table for a new game costs O(1): a slot is in use only
 * when it carries the current generation; deleted slots get 0 (the
 * lists' heads are cleared up to a bound, see below). In each list the
 * entries in the hash set come after (are older than) those not yet in
 * it. */
struct sgf_history {
    struct sgf__hist_slot *slots;   /* open addressing, linear probing */
    size_t mask;                    /* slots - 1 */
    struct sgf__hist_entry *stack;
    size_t len, cap;
    uint32_t gen;                   /* >= 1 */
    /* Two pushes fit without a reserve when len - 1 < quick (so not
     * when empty): len + 2 within the stack and within half the table
     * (the slots in use are at most len, as each holds an entry's
     * count). */
    size_t quick;
    struct sgf__hist_state st;
    /* By number of stones: 1 + index of the last entry with that many,
     * 0 for none (popping and clearing put back what was there). */
    uint32_t heads[SGF__MAX_STONES + 1];
    /* No position pushed since the last clear holds more stones: the
     * heads past it are all 0, so clearing sets only heads[0..bound].
     * SGF__MAX_STONES after a clear, unless the owner promises fewer
     * (sgf__history_bound): a bound costs no work per push. */
    uint32_t bound;
};

/* Promise, right after a clear, that no position pushed until the next
 * one holds more than stones (the board's points, for its owner). */
static inline void sgf__history_bound(sgf_history *h, unsigned stones)
{
    h->bound = stones;
}

/* What a history entry stands for. */
enum { SGF__HIST_RECORD, SGF__HIST_MOVE, SGF__HIST_PASS };

/* Slow path of sgf__history_reserve. 0 or SGF_ENOMEM. */
int sgf__history_make_room(sgf_history *h, size_t n);

/* Room for n more pushes (so that a push cannot fail half-way): stack
 * space, and table load at most 1/2 (len counts the slots in use or
 * more). 0 or SGF_ENOMEM. */
static inline int sgf__history_reserve(sgf_history *h, size_t n)
{
    if (h->len + n <= h->cap && (h->len + n) * 2 <= h->mask + 1)
        return SGF_OK;
    return sgf__history_make_room(h, n);
}

/* Whether nothing has been recorded. */
static inline bool sgf__history_is_empty(const sgf_history *h)
{
    return h->len == 0;
}

static inline bool sgf__slot_free(const sgf_history *h,
                                  const struct sgf__hist_slot *s)
{
    return s->gen != h->gen;
}

/* The slot holding key, or the free slot where it would go. */
static inline size_t sgf__slot_find(const sgf_history *h, uint64_t key)
{
    size_t i = (size_t)(key ^ (key >> 32)) & h->mask;
    while (!sgf__slot_free(h, &h->slots[i]) && h->slots[i].key != key)
        i = (i + 1) & h->mask;
    return i;
}

/* Put the entries of the list starting at link (as in an entry) that
 * are not in the hash set into it (history.c). */
void sgf__history_index(sgf_history *h, uint32_t link);

/* Push an entry for key (stones, to_move) onto the stack and its list,
 * updating the state for kind (SGF__HIST_*, mover = colour of the move
 * or pass). Returns the entry, not yet marked as in the hash set. */
static inline struct sgf__hist_entry *sgf__history_stack(sgf_history *h,
                                                         uint64_t key,
                                                         unsigned stones,
                                                         sgf_color to_move,
                                                         int kind,
                                                         sgf_color mover)
{
    struct sgf__hist_entry *e = &h->stack[h->len++];
    uint32_t *head = &h->heads[stones];
    e->key = key;
    e->prev = h->st;
    e->link = *head;
    e->stones = (uint16_t)stones;
    e->side = (uint8_t)(to_move - 1);
    e->indexed = 0;
    *head = (uint32_t)h->len;
    h->st.to_move = (uint8_t)to_move;
    if (kind != SGF__HIST_RECORD)
        h->st.moves++;
    e->moves = h->st.moves;
    if (kind == SGF__HIST_PASS) {       /* a player's second pass in */
        if (h->st.passes > 0            /* a row starts the count again */
            && h->st.last_passer == (uint8_t)mover)
            h->st.passes = 1;
        else
            h->st.passes++;
        h->st.last_passer = (uint8_t)mover;
    } else if (kind == SGF__HIST_MOVE) {
        h->st.passes = 0;
    }
    return e;
}

/* Count entry e, the newest of its list, in the hash set, after the
 * older entries of the list; before[0] and before[1] receive the
 * occurrences of its key so far with Black and with White to move. */
static inline void sgf__history_count(sgf_history *h,
                                      struct sgf__hist_entry *e,
                                      uint32_t before[2])
{
    if (e->link != 0 && !h->stack[e->link - 1].indexed)
        sgf__history_index(h, e->link);
    struct sgf__hist_slot *s = &h->slots[sgf__slot_find(h, e->key)];
    if (sgf__slot_free(h, s))
        *s = (struct sgf__hist_slot){ e->key, { 0, 0 }, h->gen, { 0, 0 } };
    before[0] = s->count[0];
    before[1] = s->count[1];
    if (s->count[e->side]++ == 0)
        s->first[e->side] = (uint32_t)(e - h->stack) + 1;
    e->indexed = 1;
}

/* Record position key holding the given number of stones with to_move
 * (SGF_BLACK or SGF_WHITE) to play; kind SGF__HIST_*, mover = colour of
 * the move or pass. before[0] and before[1] receive the occurrences so
 * far with Black and with White to move. Room must have been reserved.
 * Inline: once per move. */
static inline void sgf__history_push(sgf_history *h, uint64_t key,
                                     unsigned stones, sgf_color to_move,
                                     int kind, sgf_color mover,
                                     uint32_t before[2])
{
    struct sgf__hist_entry *e = sgf__history_stack(h, key, stones, to_move,
                                                   kind, mover);
    if (e->link == 0) {
        before[0] = before[1] = 0;     /* first with as many stones */
        return;
    }
    sgf__history_count(h, e, before);
}

/* Delete slot i, which has fallen to no occurrences. */
void sgf__history_slot_delete(sgf_history *h, size_t i);

/* Take back the last push; no-op when empty. */
static inline void sgf__history_pop(sgf_history *h)
{
    if (h->len == 0)
        return;
    const struct sgf__hist_entry *e = &h->stack[--h->len];
    if (e->indexed) {
        size_t i = sgf__slot_find(h, e->key);
        struct sgf__hist_slot *s = &h->slots[i];
        if (!sgf__slot_free(h, s) && s->count[e->side] > 0) {
            if (--s->count[e->side] == 0)
                s->first[e->side] = 0;
            if (s->count[0] == 0 && s->count[1] == 0)
                sgf__history_slot_delete(h, i);
        }
    }
    h->heads[e->stones] = e->link;
    h->st = e->prev;
}

/* Where the position of the newest entry (counted in the hash set, as
 * after a move judged by superko or repetition) first occurred before
 * it: with the same player to move, or with either when either is true.
 * Writes the moves recorded by then (its entry's moves) and returns
 * true; false when it had not occurred (history.c). */
bool sgf__history_first_moves(const sgf_history *h, bool either,
                              uint32_t *moves);

/* Occurrences of key, a position holding the given number of stones,
 * with Black ([0]) and White ([1]) to move. */
void sgf__history_counts(const sgf_history *h, uint64_t key,
                         unsigned stones, uint32_t counts[2]);


/* ---- both ------------------------------------------------------------ */

/* Room for one undo record, the given number of change records and,
 * with a history, two entries: after this nothing can fail.
 * 0 or SGF_ENOMEM. */
static inline int sgf__board_reserve(sgf_board *b, sgf_history *hist,
                                     size_t changes)
{
    if (b->undo_len < b->undo_cap && changes == 0
        && (!hist || sgf__history_reserve(hist, 2) == SGF_OK))
        return SGF_OK;
    return sgf__board_reserve_slow(b, hist, changes);
}

/* Stones on the board. */
static inline unsigned sgf__board_stones(const sgf_board *b)
{
    return (unsigned)(b->stones[SGF_BLACK] + b->stones[SGF_WHITE]);
}

/* Record the board's position in the history for step u. */
static inline void sgf__board_push_hist(const sgf_board *b,
                                        sgf_history *hist, uint8_t to_move,
                                        int kind, uint8_t mover,
                                        struct sgf__undo *u,
                                        uint32_t counts[2])
{
    sgf__history_push(hist, b->hash, sgf__board_stones(b),
                      (sgf_color)to_move, kind, (sgf_color)mover, counts);
    u->flags = (uint8_t)(u->flags + (1 << SGF__F_HIST_SHIFT));
}

/* ---- the common move --------------------------------------------------
 * Inline, so that the replayer's loop makes no call for it: putting the
 * stone on, recording the position, the common verdict. The rest is in
 * play.c. */

/* Join the new stone p to its friendly neighbours (directions in
 * friends; more than one) (play.c). */
void sgf__board_join(sgf_board *b, sgf__cell p, unsigned friends,
                     struct sgf__chain self, struct sgf__undo *u);

/* Save in u the links of the empty point p, before a stone goes on
 * (the ring of a chain captured there may need them on undo). */
static inline void sgf__save_links(const sgf_board *b, sgf__cell p,
                                   struct sgf__undo *u)
{
    u->old_head = b->head[p];
    u->old_next = b->next[p];
}

/* Put a stone of colour c on the empty point p: neighbouring chains
 * lose their pseudo-liberties at p, friendly chains join the largest of
 * them. Records what undo needs in u (whose merged[] must be clear),
 * except p's old links (sgf__save_links, before); returns the
 * directions of enemy chains left without liberties (bits 0-3) and of
 * friendly stones (bits 4-7). */
static SGF__HOT unsigned sgf__place(sgf_board *b, sgf__cell p, uint8_t c,
                                    struct sgf__undo *u)
{
    /* Classify the neighbours by table, without branching on their
     * colours (which are unpredictable), then visit only the stones. */
    const size_t s = (size_t)b->stride, q = p;
    unsigned pat = b->color[q - s] | b->color[q - 1] << 2
                   | b->color[q + 1] << 4 | (unsigned)b->color[q + s] << 6;
    unsigned near = b->near[c][pat];
    unsigned friends = near & 15u;
    unsigned dead = 0;
    struct sgf__chain self = { (uint16_t)(near >> 8), 1 };
    u->near = (uint16_t)near;
    b->color[p] = c;
    b->hash ^= b->zobrist[p][c - 1];
    b->stones[c]++;
    /* the friendly chains first, then the enemy ones (no chain is
     * both): fewer values live across each part */
    if (friends == 0) {
        b->head[p] = b->next[p] = u->base = p;
        b->chain[p] = self;
    } else if ((friends & (friends - 1)) == 0) {
        /* one friendly neighbour: join its chain (which loses the
         * pseudo-liberty at p) */
        sgf__cell h = b->head[p + b->nb[sgf__low_bit(friends)]];
        struct sgf__chain *ch = &b->chain[h];
        ch->plibs = (uint16_t)(ch->plibs - 1 + self.plibs);
        ch->size++;
        b->head[p] = u->base = h;
        b->next[p] = b->next[h];
        b->next[h] = p;
    } else {
        sgf__board_join(b, p, friends, self, u);
    }
    for (unsigned m = near >> 4 & 15u; m; m &= m - 1) {
        int d = sgf__low_bit(m);
        sgf__cell h = b->head[p + b->nb[d]];
        dead |= (unsigned)(--b->chain[h].plibs == 0) << d;
    }
    return dead | friends << 4;
}

/* sgf_board_setup_add for the point with index p of the board (the
 * replayer's AB, AW and AE). 0 or SGF_ENOMEM (nothing changed). */
int sgf__board_setup_add(sgf_board *b, sgf__cell p, uint8_t c);

/* Whether a position that occurred counts[0] times with Black and
 * counts[1] times with White to move, now with to_move to play, breaks
 * the superko rule of r. */
static inline bool sgf__superko(const sgf_rules *r, const uint32_t counts[2],
                                uint8_t to_move)
{
    if (r->ko == SGF_KO_POSITIONAL)
        return counts[0] + counts[1] > 0;
    if (r->ko == SGF_KO_SITUATIONAL)
        return counts[to_move - 1] > 0;
    return false;
}

/* For sgf__history_push_move: count the move's entry e, which has
 * company in its list, and judge superko and repetition by it
 * (history.c). Returns whether the position was seen before. */
bool sgf__history_judge(sgf_history *h, struct sgf__hist_entry *e,
                        const sgf_rules *r, sgf_move_result *res);

/* Record the position key, holding the given number of stones, after
 * colour c's move in h (room reserved; an undo record, if any, counts
 * the entry already), and judge superko and repetition by it; the
 * common case (no earlier position with as many stones) first. Returns
 * whether the position was seen before. Without keep the entry will
 * never be popped (sgf__board_play_mode), so the state before it is
 * not saved. */
static SGF__HOT bool sgf__history_push_move(sgf_history *h, uint64_t key,
                                            unsigned stones, uint8_t c,
                                            const sgf_rules *r,
                                            sgf_move_result *res, bool keep)
{
    uint8_t o = SGF__OPP(c);
    struct sgf__hist_entry *e = &h->stack[h->len++];
    uint32_t *head = &h->heads[stones], link = *head;
    e->key = key;
    if (keep)
        e->prev = h->st;
    e->link = link;
    e->stones = (uint16_t)stones;
    e->side = (uint8_t)(o - 1);
    e->indexed = 0;
    *head = (uint32_t)h->len;
    h->st.to_move = o;
    e->moves = ++h->st.moves;
    h->st.passes = 0;
    if (link == 0)
        return false;
    return sgf__history_judge(h, e, r, res);
}

/* Any move (play.c): room first, then the general path. */
int sgf__board_play_general(sgf_move_result *res, sgf_board *b,
                            sgf_history *hist, const sgf_rules *r,
                            sgf__cell p, uint8_t c);

/* Captures or suicide of the move just placed, and the suicide verdict
 * (play.c). */
void sgf__board_resolve(sgf_board *b, const sgf_rules *r, sgf__cell p,
                        uint8_t c, unsigned sides, struct sgf__undo *u,
                        sgf_move_result *res);

/* sgf_board_play for colour c (SGF_BLACK or SGF_WHITE) on the point
 * with index p of the board, r not NULL; writes *res. Returns
 * SGF_ENOMEM (nothing changed), 0 when *res says a legal move with
 * nothing to note, 1 when *res may say more (a capture, a verdict, a
 * repetition). The common move (on an empty point that is not the ko
 * point, with no history or one that has its first position, and room
 * everywhere) is played here, any other by sgf__board_play_general.
 *
 * Without keep, the common move leaves no undo record (its history
 * entry stays on the stack, below every later undo depth, without the
 * state before it): for a caller that will never undo it, such as the
 * replayer on a line with no variation left to walk. Undo must then
 * never reach back past it; undo depths taken after it stay valid. */
static SGF__HOT int sgf__board_play_mode(sgf_move_result *res,
                                         sgf_board *b, sgf_history *hist,
                                         const sgf_rules *r, sgf__cell p,
                                         uint8_t c, bool keep)
{
    if (b->color[p] != SGF_EMPTY || p == b->ko_point
        || (keep && b->undo_len >= b->undo_cap)
        || (hist != NULL && hist->len - 1 >= hist->quick)) {
        int rc = sgf__board_play_general(res, b, hist, r, p, c);
        return rc != SGF_OK ? rc : 1;
    }
    struct sgf__undo scratch, *u = &scratch;
    if (keep) {
        u = sgf__board_push_undo_flags(b, SGF__OP_PLAY, p, c,
                                       hist != NULL ? 1u << SGF__F_HIST_SHIFT
                                                    : 0);
        sgf__save_links(b, p, u);
    } else {
        scratch.cap_mask = 0;
        scratch.flags = 0;
        b->ko_point = SGF__NO_POINT;
        b->ko_color = SGF_EMPTY;
    }
    unsigned sides = sgf__place(b, p, c, u);
    int more = 0;
    *res = (sgf_move_result){ SGF_VERDICT_LEGAL, false, 0, 0 };
    if ((sides & 15u) != 0 || b->chain[u->base].plibs == 0) {
        sgf__board_resolve(b, r, p, c, sides, u, res);
        more = 1;
    }
    if (hist != NULL
        && sgf__history_push_move(hist, b->hash, sgf__board_stones(b), c, r,
                                  res, keep))
        more = 1;
    return more;
}

/* sgf__board_play_mode keeping the undo record and history entry. */
static SGF__HOT int sgf__board_play_fast(sgf_move_result *res,
                                         sgf_board *b, sgf_history *hist,
                                         const sgf_rules *r, sgf__cell p,
                                         uint8_t c)
{
    return sgf__board_play_mode(res, b, hist, r, p, c, true);
}

#endif
