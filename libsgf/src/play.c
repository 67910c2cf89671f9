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
 * their packed colours (sgf_board.around), and only stones are visited:
 * branches on the colours themselves are unpredictable and were the
 * largest cost per move.
 */
#include "board_int.h"

typedef sgf__cell cell;

static const sgf_rules default_rules = SGF_RULES_INIT;

/* Index of the lowest set bit of a 4-bit mask of directions. */
static const uint8_t low_bit[16] = { 0, 0, 1, 0, 2, 0, 1, 0,
                                     3, 0, 1, 0, 2, 0, 1, 0 };

/* The chains next to a point, each once, and its empty neighbours. */
struct scan {
    cell friends[4], enemies[4];
    int nf, ne, empties;
};

/* ---- putting stones on ----------------------------------------------- */

/* Merge chain g into chain f: relabel g, splice the rings. */
static void merge_chain(sgf_board *b, cell f, cell g)
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

/* Put a stone of colour c on the empty point p: neighbouring chains
 * lose their pseudo-liberties at p, friendly chains join the largest of
 * them. Records what undo needs in u; returns the directions of enemy
 * chains left without liberties (bits 0-3) and of friendly stones (bits
 * 4-7). A chain touching p twice is merged once: the second time it
 * already has the new head. */
unsigned sgf__board_place(sgf_board *b, cell p, uint8_t c,
                          struct sgf__undo *u)
{
    struct sgf__chain self = { 0, 1 };
    unsigned fsize = 0;
    cell f = SGF__NO_POINT;
    b->color[p] = c;
    b->hash ^= b->zobrist[p][c - 1];
    b->stones[c]++;
    u->old_head = b->head[p];
    u->old_next = b->next[p];
    /* Classify the neighbours by table, without branching on their
     * colours (which are unpredictable), then visit only the stones. */
    const cell n[4] = { (cell)(p - b->stride), (cell)(p - 1), (cell)(p + 1),
                        (cell)(p + b->stride) };
    unsigned pat = b->color[n[0]] | b->color[n[1]] << 2
                   | b->color[n[2]] << 4 | (unsigned)b->color[n[3]] << 6;
    unsigned friends = b->around[c][pat];
    unsigned stones = friends | b->around[SGF__OPP(c)][pat];
    self.plibs = (uint16_t)(b->around[0][pat] >> 4);
    unsigned dead = 0;
    for (unsigned m = stones; m; m &= m - 1) {
        int d = low_bit[m];
        cell h = b->head[n[d]];
        dead |= (unsigned)(--b->chain[h].plibs == 0) << d;
        if ((friends >> d & 1u) && b->chain[h].size > fsize) {
            f = h;
            fsize = b->chain[h].size;
        }
    }
    unsigned sides = (dead & ~friends) | friends << 4;
    if (f == SGF__NO_POINT) {
        b->head[p] = b->next[p] = u->base = p;
        b->chain[p] = self;
        return sides;
    }
    sgf__chain_add(&b->chain[f], &self);
    b->head[p] = u->base = f;
    b->next[p] = b->next[f];
    b->next[f] = p;
    int k = 0;
    for (unsigned m = friends; m; m &= m - 1) {
        cell g = b->head[n[low_bit[m]]];
        if (g != f) {
            merge_chain(b, f, g);
            u->merged[k++] = g;
        }
    }
    return sides;
}

/* Empty the chain with head h (a capture or a suicide); its ring and
 * heads stay for undo. Returns its size. */
static int remove_chain(sgf_board *b, cell h)
{
    uint8_t c = b->color[h], o = SGF__OPP(c);
    int n = 0;
    cell s = h;
    do {
        b->color[s] = SGF_EMPTY;
        b->hash ^= b->zobrist[s][c - 1];
        for (int d = 0; d < 4; d++) {
            cell m = (cell)(s + b->nb[d]);
            if (b->color[m] == o)
                b->chain[b->head[m]].plibs++;
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
    return "unknown";
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

/* Hash of the position after colour c plays on the empty point p. */
static uint64_t hash_after(const sgf_board *b, cell p, uint8_t c,
                           const struct scan *s)
{
    uint64_t k = b->hash ^ b->zobrist[p][c - 1];
    bool captures = false;
    for (int i = 0; i < s->ne; i++)
        if (sgf__board_count_liberties(b, s->enemies[i], 2) == 1) {
            k ^= chain_keys(b, s->enemies[i]);
            captures = true;
        }
    if (!captures && is_suicide(b, s)) {
        k ^= b->zobrist[p][c - 1];
        for (int i = 0; i < s->nf; i++)
            k ^= chain_keys(b, s->friends[i]);
    }
    return k;
}

/* counts: occurrences of the new position with Black, White to move. */
static bool superko(const sgf_rules *r, const uint32_t counts[2],
                    uint8_t to_move)
{
    if (r->ko == SGF_KO_POSITIONAL)
        return counts[0] + counts[1] > 0;
    if (r->ko == SGF_KO_SITUATIONAL)
        return counts[to_move - 1] > 0;
    return false;
}

sgf_verdict sgf_board_check(const sgf_board *b, const sgf_history *hist,
                            const sgf_rules *r, sgf_color color,
                            sgf_point pt)
{
    if (!b || !sgf__valid_color(color) || !sgf_board_contains(b, pt))
        return SGF_VERDICT_OFF_BOARD;
    if (!r)
        r = &default_rules;
    cell p = sgf__idx(b, pt);
    uint8_t c = (uint8_t)color;
    if (b->color[p] != SGF_EMPTY)
        return SGF_VERDICT_OCCUPIED;
    struct scan s;
    scan_neighbours(b, p, c, &s);
    sgf_verdict v = judge(b, r, p, c, &s);
    if (v != SGF_VERDICT_LEGAL || !hist || r->ko == SGF_KO_SIMPLE)
        return v;
    uint32_t n[2];
    sgf__history_counts(hist, hash_after(b, p, c, &s), n);
    return superko(r, n, SGF__OPP(c)) ? SGF_VERDICT_SUPERKO : v;
}

/* ---- moves and passes ------------------------------------------------ */

/* With an empty history, record the position before the first move. */
static void record_start(sgf_board *b, sgf_history *hist, uint8_t c,
                         struct sgf__undo *u)
{
    uint32_t n[2];
    if (hist && sgf__history_is_empty(hist))
        sgf__board_push_hist(hist, b->hash, c, SGF__HIST_RECORD, c, u, n);
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
        int d = low_bit[m];
        cell n = (cell)(p + b->nb[d]);
        if (b->color[n] != SGF__OPP(c))
            continue;
        last = n;
        res->captured += remove_chain(b, b->head[n]);
        u->cap_mask |= (uint8_t)(1u << d);
    }
    b->prisoners_of[c] += res->captured;
    const struct sgf__chain *own = &b->chain[b->head[p]];
    if (own->plibs == 0) {
        res->suicided = remove_chain(b, b->head[p]);
        b->prisoners_of[SGF__OPP(c)] += res->suicided;
        u->flags |= SGF__F_SUICIDE;
    } else if (res->captured == 1 && own->size == 1 && own->plibs == 1) {
        b->ko_point = last;
        b->ko_color = SGF__OPP(c);
    }
}

/* Record the position after the move and judge superko by it. */
static void judge_position(sgf_board *b, sgf_history *hist,
                           const sgf_rules *r, uint8_t c,
                           struct sgf__undo *u, sgf_move_result *res)
{
    uint32_t n[2];
    sgf__board_push_hist(hist, b->hash, SGF__OPP(c), SGF__HIST_MOVE, c, u,
                         n);
    if (res->verdict != SGF_VERDICT_LEGAL)
        return;
    if (superko(r, n, SGF__OPP(c)))
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
 * (occupied point, ko point, own chain removed, position repeated). */
static void play_at(sgf_board *b, sgf_history *hist, const sgf_rules *r,
                    cell p, uint8_t c, sgf_move_result *res)
{
    bool ko_here = p == b->ko_point && c == b->ko_color;
    struct sgf__undo *u = sgf__board_push_undo(b, SGF__OP_PLAY, p, c);
    record_start(b, hist, c, u);
    u->old_color = b->color[p];
    if (u->old_color != SGF_EMPTY)
        sgf__board_lift(b, p, u);
    unsigned sides = sgf__board_place(b, p, c, u);
    resolve_captures(b, p, c, sides, u, res);
    if (u->old_color != SGF_EMPTY)
        res->verdict = SGF_VERDICT_OCCUPIED;
    else if (ko_here)
        res->verdict = SGF_VERDICT_KO;
    else if (res->suicided > 0 && forbidden_suicide(r, sides))
        res->verdict = SGF_VERDICT_SUICIDE;
    else
        res->verdict = SGF_VERDICT_LEGAL;
    if (hist)
        judge_position(b, hist, r, c, u, res);
}

int sgf_board_play(sgf_move_result *out, sgf_board *b, sgf_history *hist,
                   const sgf_rules *r, sgf_color color, sgf_point pt)
{
    sgf_move_result res = { SGF_VERDICT_OFF_BOARD, false, 0, 0 };
    if (!b || !sgf__valid_color(color))
        return SGF_EINVAL;
    if (sgf_board_contains(b, pt)) {
        cell p = sgf__idx(b, pt);
        size_t links = sgf__board_lift_size(b, p);
        if (sgf__board_reserve(b, hist, links) != SGF_OK)
            return SGF_ENOMEM;
        sgf__board_check_gen(b);
        play_at(b, hist, r ? r : &default_rules, p, (uint8_t)color, &res);
    }
    if (out)
        *out = res;
    return SGF_OK;
}

int sgf_board_pass(sgf_board *b, sgf_history *hist, sgf_color color)
{
    uint32_t n[2];
    if (!b || !sgf__valid_color(color))
        return SGF_EINVAL;
    if (sgf__board_reserve(b, hist, 0) != SGF_OK)
        return SGF_ENOMEM;
    uint8_t c = (uint8_t)color;
    struct sgf__undo *u = sgf__board_push_undo(b, SGF__OP_PASS,
                                               SGF__NO_POINT, c);
    if (hist) {
        record_start(b, hist, c, u);
        sgf__board_push_hist(hist, b->hash, SGF__OPP(c), SGF__HIST_PASS, c,
                             u, n);
    }
    return SGF_OK;
}
