/*
 * play.c - moves and passes: executing them, and the verdict of the
 * rules on them.
 *
 * A move is executed as the SGF FF[4] spec says, whatever its verdict:
 * the stone goes on the point (replacing a stone there), opponent chains
 * left without liberties are captured, then the mover's own chain if it
 * has none. The verdict comes from what the move did: a stone replaced
 * (occupied point), the ko point played, the own chain removed where the
 * rules forbid suicide, or a position the history has seen (superko; a
 * repetition note under simple ko). Checking without playing
 * (sgf_board_check) needs the atari status of the neighbouring chains,
 * which it counts by walking them.
 *
 * The neighbours of a new stone are classified by one table lookup on
 * their packed colours (sgf_board.near), and only stones are visited:
 * branches on the colours themselves are unpredictable and were the
 * largest cost per move.
 */
#include "board_int.h"
#include "rules_int.h"

typedef sgf__cell cell;

static const sgf_rules default_rules = SGF_RULES_INIT;

/* The chains next to a point, each once, and its empty neighbours. */
struct scan {
    cell friends[4], enemies[4];
    int nf, ne, empties;
};

/* ---- putting stones on ----------------------------------------------- */

/* Empty the chain with head h (a capture or a suicide); its ring and
 * heads stay for undo. Returns its size. The neighbours' chains get
 * their pseudo-liberties back without a branch per neighbour: the head
 * of any cell is a valid index, and a non-stone neighbour adds 0. */
static inline int remove_chain(sgf_board *b, cell h)
{
    uint8_t c = b->color[h], o = SGF__OPP(c);
    int n = 0;
    cell s = h;
    do {
        b->color[s] = SGF_EMPTY;
        b->hash ^= b->zobrist[s][c - 1];
        for (int d = 0; d < 4; d++) {
            cell m = (cell)(s + b->nb[d]);
            struct sgf__chain *ch = &b->chain[b->head[m]];
            ch->plibs = (uint16_t)(ch->plibs + (b->color[m] == o));
        }
        n++;
        s = b->next[s];
    } while (s != h);
    b->stones[c] -= n;
    return n;
}

/* ---- verdicts -------------------------------------------------------- */

const char *sgf_verdict_name(sgf_verdict v)
{
    switch (v) {
    case SGF_VERDICT_LEGAL: return "legal";
    case SGF_VERDICT_OFF_BOARD: return "off-board";
    case SGF_VERDICT_OCCUPIED: return "illegal-occupied";
    case SGF_VERDICT_KO: return "illegal-ko";
    case SGF_VERDICT_SUICIDE: return "illegal-suicide";
    case SGF_VERDICT_SUPERKO: return "illegal-superko";
    }
    return "?";
}

static void scan_neighbours(const sgf_board *b, cell p, uint8_t c,
                            struct scan *s)
{
    s->nf = s->ne = s->empties = 0;
    for (int d = 0; d < 4; d++) {
        cell n = (cell)(p + b->nb[d]);
        uint8_t nc = b->color[n];
        if (nc == SGF_EMPTY) {
            s->empties++;
        } else if (nc == c) {
            cell h = b->head[n];
            int i = 0;
            while (i < s->nf && s->friends[i] != h)
                i++;
            if (i == s->nf)
                s->friends[s->nf++] = h;
        } else if (nc != SGF__BORDER) {
            cell h = b->head[n];
            int i = 0;
            while (i < s->ne && s->enemies[i] != h)
                i++;
            if (i == s->ne)
                s->enemies[s->ne++] = h;
        }
    }
}

/* Whether a stone on the empty point s describes leaves its own chain
 * without liberties after its captures. A neighbouring chain in atari
 * has its one liberty on that point. */
static bool is_suicide(const sgf_board *b, const struct scan *s)
{
    if (s->empties > 0)
        return false;
    for (int i = 0; i < s->ne; i++)
        if (sgf__board_count_liberties(b, s->enemies[i], 2) == 1)
            return false;
    for (int i = 0; i < s->nf; i++)
        if (sgf__board_count_liberties(b, s->friends[i], 2) != 1)
            return false;
    return true;
}

/* Ko and suicide verdicts for colour c on the empty point p. */
static sgf_verdict judge(const sgf_board *b, const sgf_rules *r, cell p,
                         uint8_t c, const struct scan *s)
{
    if (p == b->ko_point && c == b->ko_color)
        return SGF_VERDICT_KO;
    if (is_suicide(b, s)) {
        if (r->suicide == SGF_SUICIDE_ILLEGAL)
            return SGF_VERDICT_SUICIDE;
        if (r->suicide == SGF_SUICIDE_SINGLE_STONE_ILLEGAL && s->nf == 0)
            return SGF_VERDICT_SUICIDE;
    }
    return SGF_VERDICT_LEGAL;
}

static uint64_t chain_keys(const sgf_board *b, cell h)
{
    uint8_t c = b->color[h];
    uint64_t k = 0;
    cell s = h;
    do {
        k ^= b->zobrist[s][c - 1];
        s = b->next[s];
    } while (s != h);
    return k;
}

/* Hash of the position after colour c plays on the empty point p, and
 * the stones it holds (*stones). */
static uint64_t hash_after(const sgf_board *b, cell p, uint8_t c,
                           const struct scan *s, unsigned *stones)
{
    uint64_t k = b->hash ^ b->zobrist[p][c - 1];
    unsigned n = sgf__board_stones(b) + 1;
    bool captures = false;
    for (int i = 0; i < s->ne; i++)
        if (sgf__board_count_liberties(b, s->enemies[i], 2) == 1) {
            k ^= chain_keys(b, s->enemies[i]);
            n -= b->chain[s->enemies[i]].size;
            captures = true;
        }
    if (!captures && is_suicide(b, s)) {
        k ^= b->zobrist[p][c - 1];
        n--;
        for (int i = 0; i < s->nf; i++) {
            k ^= chain_keys(b, s->friends[i]);
            n -= b->chain[s->friends[i]].size;
        }
    }
    *stones = n;
    return k;
}

static sgf_verdict check_move(const sgf_board *b, const sgf_history *hist,
                              const sgf_rules *r, uint8_t c, sgf_point pt)
{
    if (!sgf__contains(b, pt))
        return SGF_VERDICT_OFF_BOARD;
    cell p = sgf__idx(b, pt);
    if (b->color[p] != SGF_EMPTY)
        return SGF_VERDICT_OCCUPIED;
    struct scan s;
    scan_neighbours(b, p, c, &s);
    sgf_verdict v = judge(b, r, p, c, &s);
    if (v != SGF_VERDICT_LEGAL || !hist || r->ko == SGF_KO_SIMPLE)
        return v;
    uint32_t n[2];
    unsigned stones;
    uint64_t key = hash_after(b, p, c, &s, &stones);
    sgf__history_counts(hist, key, stones, n);
    return sgf__superko(r, n, SGF__OPP(c)) ? SGF_VERDICT_SUPERKO : v;
}

int sgf_board_check(sgf_verdict *out, const sgf_board *b,
                    const sgf_history *hist, const sgf_rules *r,
                    sgf_color color, sgf_point pt)
{
    if (!out || !b || b->setup_open || !sgf__valid_color(color)
        || sgf__rules_unknown(r))
        return SGF_EINVAL;
    *out = check_move(b, hist, r ? r : &default_rules, (uint8_t)color, pt);
    return 0;
}

/* ---- moves and passes ------------------------------------------------ */

/* With an empty history, record the position before the first move. */
static void record_start(sgf_board *b, sgf_history *hist, uint8_t c,
                         struct sgf__undo *u)
{
    uint32_t n[2];
    if (hist && sgf__history_is_empty(hist))
        sgf__board_push_hist(b, hist, c, SGF__HIST_RECORD, c, u, n);
}

/* Remove the enemy chains next to p left without liberties (directions
 * in sides), then the mover's own chain if it has none; set the ko
 * point. A chain touching p twice is gone the second time. */
static void resolve_captures(sgf_board *b, cell p, uint8_t c,
                             unsigned sides, struct sgf__undo *u,
                             sgf_move_result *res)
{
    cell last = SGF__NO_POINT;
    for (unsigned m = sides & 15u; m; m &= m - 1) {
        int d = sgf__low_bit(m);
        cell n = (cell)(p + b->nb[d]);
        if (b->color[n] != SGF__OPP(c))
            continue;
        last = n;
        res->captured += remove_chain(b, b->head[n]);
        u->cap_mask |= (uint8_t)(1u << d);
    }
    b->prisoners_of[c] += res->captured;
    const struct sgf__chain *own = &b->chain[u->base];
    if (own->plibs == 0) {
        res->suicided = remove_chain(b, u->base);
        b->prisoners_of[SGF__OPP(c)] += res->suicided;
        u->flags |= SGF__F_SUICIDE;
    } else if (res->captured == 1 && own->size == 1 && own->plibs == 1) {
        b->ko_point = last;
        b->ko_color = SGF__OPP(c);
    }
}

/* Record the position after the move and judge superko by it. */
static SGF__HOT void judge_position(sgf_board *b, sgf_history *hist,
                                    const sgf_rules *r, uint8_t c,
                                    struct sgf__undo *u,
                                    sgf_move_result *res)
{
    uint32_t n[2];
    sgf__board_push_hist(b, hist, SGF__OPP(c), SGF__HIST_MOVE, c, u,
                         n);
    if (res->verdict != SGF_VERDICT_LEGAL)
        return;
    if (sgf__superko(r, n, SGF__OPP(c)))
        res->verdict = SGF_VERDICT_SUPERKO;
    else if (n[SGF__OPP(c) - 1] > 0)
        res->repetition = true;
}

/* Whether the rules forbid the suicide the move made; a lone stone has
 * no friendly neighbours (sides bits 4-7). */
static bool forbidden_suicide(const sgf_rules *r, unsigned sides)
{
    if (r->suicide == SGF_SUICIDE_ILLEGAL)
        return true;
    return r->suicide == SGF_SUICIDE_SINGLE_STONE_ILLEGAL
           && (sides & 0xf0u) == 0;
}

/* The move is executed first; the verdict follows from what it did
 * (occupied point, ko point, own chain removed, position repeated).
 * Room must have been reserved. Inline: the replayer's inner loop. */
static SGF__HOT void play_at(sgf_board *b, sgf_history *hist,
                             const sgf_rules *r, cell p, uint8_t c,
                             sgf_move_result *res)
{
    bool ko_here = p == b->ko_point && c == b->ko_color;
    struct sgf__undo *u = sgf__board_push_undo(b, SGF__OP_PLAY, p, c);
    record_start(b, hist, c, u);
    u->old_color = b->color[p];
    if (u->old_color != SGF_EMPTY) {
        sgf__board_check_gen(b);
        sgf__board_lift(b, p);
    }
    sgf__save_links(b, p, u);
    unsigned sides = sgf__place(b, p, c, u);
    *res = (sgf_move_result){ SGF_VERDICT_LEGAL, false, 0, 0 };
    if ((sides & 15u) != 0 || b->chain[u->base].plibs == 0)
        resolve_captures(b, p, c, sides, u, res);
    if (u->old_color != SGF_EMPTY)
        res->verdict = SGF_VERDICT_OCCUPIED;
    else if (ko_here)
        res->verdict = SGF_VERDICT_KO;
    else if (res->suicided > 0 && forbidden_suicide(r, sides))
        res->verdict = SGF_VERDICT_SUICIDE;
    if (hist)
        judge_position(b, hist, r, c, u, res);
}

/* Any move: room first, then play_at. */
int sgf__board_play_general(sgf_move_result *res, sgf_board *b,
                            sgf_history *hist, const sgf_rules *r, cell p,
                            uint8_t c)
{
    if (sgf__board_reserve(b, hist, 0) != SGF_OK)
        return SGF_ENOMEM;
    play_at(b, hist, r, p, c, res);
    return SGF_OK;
}

/* The fast path's captures or suicide, and the suicide verdict. */
void sgf__board_resolve(sgf_board *b, const sgf_rules *r, cell p,
                        uint8_t c, unsigned sides, struct sgf__undo *u,
                        sgf_move_result *res)
{
    resolve_captures(b, p, c, sides, u, res);
    if (res->suicided > 0 && forbidden_suicide(r, sides))
        res->verdict = SGF_VERDICT_SUICIDE;
}

int sgf_board_play(sgf_move_result *out, sgf_board *b, sgf_history *hist,
                   const sgf_rules *r, sgf_color color, sgf_point pt)
{
    sgf_move_result res;
    if (!b || b->setup_open || !sgf__valid_color(color)
        || sgf__rules_unknown(r))
        return SGF_EINVAL;
    if (!sgf__contains(b, pt)) {
        if (out)
            *out = (sgf_move_result){ SGF_VERDICT_OFF_BOARD, false, 0, 0 };
        return SGF_OK;
    }
    int rc = sgf__board_play_fast(out ? out : &res, b, hist,
                                  r ? r : &default_rules, sgf__idx(b, pt),
                                  (uint8_t)color);
    return rc < 0 ? rc : SGF_OK;
}

int sgf_board_pass(sgf_board *b, sgf_history *hist, sgf_color color)
{
    uint32_t n[2];
    if (!b || b->setup_open || !sgf__valid_color(color))
        return SGF_EINVAL;
    if (sgf__board_reserve(b, hist, 0) != SGF_OK)
        return SGF_ENOMEM;
    uint8_t c = (uint8_t)color;
    struct sgf__undo *u = sgf__board_push_undo(b, SGF__OP_PASS,
                                               SGF__NO_POINT, c);
    if (hist) {
        record_start(b, hist, c, u);
        sgf__board_push_hist(b, hist, SGF__OPP(c), SGF__HIST_PASS, c,
                             u, n);
    }
    return SGF_OK;
}
