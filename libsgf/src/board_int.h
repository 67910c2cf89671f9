/*
 * board_int.h - what board.c, play.c and history.c share: the board's
 * representation (explained in board.c), its undo records, and the
 * history's hash set (history.c). Small helpers used once per move are
 * inline here so that the move path stays within one call.
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

enum { SGF__OP_PLAY, SGF__OP_PASS, SGF__OP_SETUP, SGF__OP_RECORD };
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
    uint32_t saved;             /* links saved by lifting a stone: start */
    uint16_t nsaved;            /* ... and number */
    uint8_t kind;               /* SGF__OP_* */
    uint8_t color;              /* colour played, passing or set up */
    uint8_t old_color;          /* colour at point before (occupied, setup) */
    uint8_t old_ko_color;
    uint8_t cap_mask;           /* bit d: chain at point + nb[d] captured */
    uint8_t flags;              /* SGF__F_SUICIDE, history entries (0-2) */
};

/* A stone's links, saved before its chain is split. */
struct sgf__link {
    sgf__cell point, head, next;
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
    /* For the colours of the four neighbours packed 2 bits each: the
     * directions of black and of white stones (bits 0-3 of [SGF_BLACK],
     * [SGF_WHITE]), the empty ones (bits 0-3 of [0]) and their number
     * (bits 4-6 of [0]). */
    uint8_t around[3][256];
    struct sgf__undo *undo;
    size_t undo_len, undo_cap;
    struct sgf__link *saved;
    size_t saved_len, saved_cap;
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
                            size_t links);

/* Start a step: a new undo record holding the ko ban, which any step
 * lifts. Room must have been reserved. */
static inline struct sgf__undo *sgf__board_push_undo(sgf_board *b,
                                                     int kind,
                                                     sgf__cell p,
                                                     uint8_t c)
{
    struct sgf__undo *u = &b->undo[b->undo_len++];
    *u = (struct sgf__undo){ .point = p, .old_ko = b->ko_point,
                             .kind = (uint8_t)kind, .color = c,
                             .old_ko_color = b->ko_color };
    b->ko_point = SGF__NO_POINT;
    b->ko_color = SGF_EMPTY;
    return u;
}

/* Distinct liberties of the chain with head h; counting stops at max. */
int sgf__board_count_liberties(const sgf_board *b, sgf__cell h, int max);

/* Put a stone of colour c on the empty point p (play.c); see there. */
unsigned sgf__board_place(sgf_board *b, sgf__cell p, uint8_t c,
                          struct sgf__undo *u);

/* Stones sgf__board_lift at p would save (0 when p is empty). */
static inline size_t sgf__board_lift_size(const sgf_board *b, sgf__cell p)
{
    return b->color[p] == SGF_EMPTY ? 0 : b->chain[b->head[p]].size;
}

/* Take the stone off p, saving its chain's links in u (board.c). */
void sgf__board_lift(sgf_board *b, sgf__cell p, struct sgf__undo *u);

/* ---- the history ----------------------------------------------------- */

struct sgf__hist_slot {
    uint64_t key;
    uint32_t count[2];      /* [0] Black to move, [1] White to move;
                               both 0 = free slot */
};

struct sgf__hist_entry {
    uint64_t key;
    uint32_t prev_moves;
    int prev_passes;
    uint8_t to_move, prev_to_move, prev_last_passer;
};

struct sgf_history {
    struct sgf__hist_slot *slots;   /* open addressing, linear probing */
    size_t mask, used;              /* slots - 1; slots in use */
    struct sgf__hist_entry *stack;
    size_t len, cap;
    uint32_t moves;
    int passes;
    uint8_t to_move, last_passer;
};

/* What a history entry stands for. */
enum { SGF__HIST_RECORD, SGF__HIST_MOVE, SGF__HIST_PASS };

/* Slow path of sgf__history_reserve. 0 or SGF_ENOMEM. */
int sgf__history_make_room(sgf_history *h, size_t n);

/* Room for n more pushes (so that a push cannot fail half-way): stack
 * space, and table load at most 1/2. 0 or SGF_ENOMEM. */
static inline int sgf__history_reserve(sgf_history *h, size_t n)
{
    if (h->len + n <= h->cap && (h->used + n) * 2 <= h->mask + 1)
        return SGF_OK;
    return sgf__history_make_room(h, n);
}

/* Whether nothing has been recorded. */
static inline bool sgf__history_is_empty(const sgf_history *h)
{
    return h->len == 0;
}

static inline bool sgf__slot_free(const struct sgf__hist_slot *s)
{
    return s->count[0] == 0 && s->count[1] == 0;
}

/* The slot holding key, or the free slot where it would go. */
static inline size_t sgf__slot_find(const sgf_history *h, uint64_t key)
{
    size_t i = (size_t)(key ^ (key >> 32)) & h->mask;
    while (!sgf__slot_free(&h->slots[i]) && h->slots[i].key != key)
        i = (i + 1) & h->mask;
    return i;
}

/* Record position key with to_move (SGF_BLACK or SGF_WHITE) to play;
 * kind SGF__HIST_*, mover = colour of the move or pass. before[0] and
 * before[1] receive the occurrences so far with Black and with White to
 * move. Room must have been reserved. Inline: once per move. */
static inline void sgf__history_push(sgf_history *h, uint64_t key,
                                     sgf_color to_move, int kind,
                                     sgf_color mover, uint32_t before[2])
{
    struct sgf__hist_entry *e = &h->stack[h->len++];
    struct sgf__hist_slot *s = &h->slots[sgf__slot_find(h, key)];
    if (sgf__slot_free(s)) {
        s->key = key;
        h->used++;
    }
    before[0] = s->count[0];
    before[1] = s->count[1];
    s->count[to_move - 1]++;
    e->key = key;
    e->to_move = (uint8_t)to_move;
    e->prev_moves = h->moves;
    e->prev_passes = h->passes;
    e->prev_to_move = h->to_move;
    e->prev_last_passer = h->last_passer;
    h->to_move = (uint8_t)to_move;
    if (kind != SGF__HIST_RECORD)
        h->moves++;
    if (kind == SGF__HIST_PASS) {
        h->passes++;
        h->last_passer = (uint8_t)mover;
    } else if (kind == SGF__HIST_MOVE) {
        h->passes = 0;
    }
}

/* Take back the last push; no-op when empty. */
void sgf__history_pop(sgf_history *h);

/* Occurrences of key with Black ([0]) and White ([1]) to move. */
void sgf__history_counts(const sgf_history *h, uint64_t key,
                         uint32_t counts[2]);


/* ---- both ------------------------------------------------------------ */

/* Room for one undo record, links saved for a chain of the given size
 * and, with a history, two entries: after this nothing can fail.
 * 0 or SGF_ENOMEM. */
static inline int sgf__board_reserve(sgf_board *b, sgf_history *hist,
                                     size_t links)
{
    if (b->undo_len < b->undo_cap && links == 0
        && (!hist || sgf__history_reserve(hist, 2) == SGF_OK))
        return SGF_OK;
    return sgf__board_reserve_slow(b, hist, links);
}

/* Record a position in the history for step u. */
static inline void sgf__board_push_hist(sgf_history *hist, uint64_t key,
                                        uint8_t to_move, int kind,
                                        uint8_t mover, struct sgf__undo *u,
                                        uint32_t counts[2])
{
    sgf__history_push(hist, key, (sgf_color)to_move, kind,
                      (sgf_color)mover, counts);
    u->flags = (uint8_t)(u->flags + (1 << SGF__F_HIST_SHIFT));
}

#endif
