/*
 * score_explain.c - why a count disagrees with RE[] (sgf/score.h): the
 * single changes that would make it agree (the other scoring, another
 * handicap compensation, another usual komi, one chain's status), then
 * pairs (komi and one chain, two chains), and results no count of the
 * board can give (a fraction komi cannot make, a margin larger than the
 * board).
 */
#include "score_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "rules_int.h"

/* ---- explaining a disagreement ------------------------------------------ */

/* The chains of the board, those in doubt first (then the smaller
 * first): a stone of each, its size, whether it is counted dead. */
typedef struct chain_ref {
    int at, size;
    bool dead, doubt;
} chain_ref;

/* What is known of a chain's flip: the margin counted with it flipped
 * (NAN when the count failed), the local estimate of how far the flip
 * moves the margin (flip_estimate). */
typedef struct flip_memo {
    double margin;
    int estimate;
    bool counted, estimated;
} flip_memo;

typedef struct explain_ctx {
    sgf__spos *p;
    sgf_score *s;
    const sgf_board *b;
    const uint8_t *dead;
    const uint8_t *doubt;       /* stones in doubt, or NULL */
    double komi;
    int handicap;
    const sgf_score_re *re;
    sgf_color tie;              /* who a margin of 0 is a win of
                                   (sgf_rules_tie_winner), or SGF_EMPTY */
    const uint8_t *marks;       /* markup count: TB/TW marks, or NULL */
    double margin;              /* the count's, under the game's komi */
    chain_ref *ch;              /* the chains (list_chains), listed when
                                   first asked for (chains()) */
    int nch;                    /* how many; -1: not listed yet */
    flip_memo *memo;            /* by chain: its flip's margin, estimate */
    bool record_only;           /* no chain's status looked into but for
                                   the komi KM[0] leaves out */
    bool has_base;              /* base: the count's map under the rules
                                   the chains' flips are counted by */
    uint8_t base[SGF__SN];
} explain_ctx;

/* Whether the count under r (and dead) agrees with RE[]. */
static bool agrees(explain_ctx *x, const sgf_rules *r, const uint8_t *dead,
                   double komi)
{
    if (sgf__score_count_with(x->s, x->p, x->b, r, dead, komi,
                              x->handicap) != 0)
        return false;
    if (x->marks != NULL)
        sgf__score_recount_markup(x->s, x->marks);
    return sgf_score_compare_rules(x->s, x->re, r) == SGF_SCORE_AGREE;
}

static bool margin_agrees(double m, const sgf_score_re *re, sgf_color tie);

static bool try_scoring(explain_ctx *x, const sgf_rules *r)
{
    sgf_rules o = *r;
    o.scoring = r->scoring == SGF_SCORING_AREA ? SGF_SCORING_TERRITORY
                                               : SGF_SCORING_AREA;
    o.seki_points_count = o.scoring == SGF_SCORING_AREA;
    o.remove_dead = true;
    return agrees(x, &o, x->dead, x->komi);
}

static bool try_handicap(explain_ctx *x, const sgf_rules *r, double *bonus)
{
    static const sgf_handicap_comp comps[3] = {
        SGF_HANDICAP_COMP_NONE, SGF_HANDICAP_COMP_N,
        SGF_HANDICAP_COMP_N_MINUS_1 };
    if (r->scoring != SGF_SCORING_AREA || x->handicap < 2)
        return false;
    double was = sgf_rules_handicap_bonus(r, x->handicap);
    for (int k = 0; k < 3; k++) {
        sgf_rules o = *r;
        if (comps[k] == r->handicap_comp)
            continue;
        o.handicap_comp = comps[k];
        /* the compensation only moves White's score: no recount */
        double m = x->margin + was - sgf_rules_handicap_bonus(&o,
                                                              x->handicap);
        if (margin_agrees(m, x->re, x->tie)) {
            *bonus = sgf_rules_handicap_bonus(&o, x->handicap);
            return true;
        }
    }
    return false;
}

/* The usual komis, and the rule set's: k from 0 to NKOMI. */
enum { NKOMI = 9 };

static double usual_komi(const sgf_rules *r, int k)
{
    static const double usual[NKOMI] = { 0, 0.5, 5, 5.5, 6, 6.5, 7, 7.5,
                                         8 };
    return k < NKOMI ? usual[k] : r->komi;
}

static bool try_komi(explain_ctx *x, const sgf_rules *r, double *komi)
{
    for (int k = 0; k <= NKOMI; k++) {
        double v = usual_komi(r, k);
        /* komi only moves the margin: no recount */
        if (v != x->komi
            && margin_agrees(x->margin + x->komi - v, x->re, x->tie)) {
            *komi = v;
            return true;
        }
    }
    return false;
}

/* RE[]'s margin as Black's score minus White's (a draw is 0). */
static double recorded_margin(const sgf_score_re *re)
{
    if (re->kind == SGF_RE_DRAW)
        return 0;
    return re->winner == SGF_BLACK ? re->margin : -re->margin;
}

/* Whether no count of this board under r can give RE[]: each side's
 * points are whole numbers, so the margin's fraction is the komi's and
 * the handicap compensation's (PARITY); and no margin is larger than
 * the most the winner can score (MARGIN): under area counting the
 * board's points; under territory counting every point but his own
 * stones as territory, his prisoners, and every enemy stone on the
 * board dead and taken, less the loser's prisoners. SGF_CAUSE_NONE when
 * RE[] could be a count. */
static sgf_score_cause impossible(const explain_ctx *x, const sgf_rules *r)
{
    if (x->re->kind != SGF_RE_SCORE && x->re->kind != SGF_RE_DRAW)
        return SGF_CAUSE_NONE;
    double m = recorded_margin(x->re);
    double bonus = sgf_rules_handicap_bonus(r, x->handicap);
    double whole = m + x->komi + bonus;   /* black - white points */
    if (fabs(whole - round(whole)) > 1e-6)
        return SGF_CAUSE_PARITY;
    double most = (double)sgf_board_width(x->b) * sgf_board_height(x->b);
    sgf_color win = whole > 0 ? SGF_BLACK : SGF_WHITE, lose = 3 - win;
    if (r->scoring == SGF_SCORING_TERRITORY)
        most += -sgf_board_stone_count(x->b, win)
                + sgf_board_stone_count(x->b, lose)
                + sgf_board_prisoners(x->b, win)
                - sgf_board_prisoners(x->b, lose);
    return fabs(whole) > most ? SGF_CAUSE_MARGIN : SGF_CAUSE_NONE;
}

/* Whether RE[] names the other player as winner by the count's margin:
 * B+10.5 for a count of W+10.5 (the winner written wrong; a margin of a
 * draw turns nothing round). */
static bool winner_swapped(const explain_ctx *x)
{
    return x->re->kind == SGF_RE_SCORE && fabs(x->margin) > 1e-6
           && fabs(recorded_margin(x->re) + x->margin) < 1e-6;
}

static int cmp_chain(const void *a, const void *b)
{
    const chain_ref *p = a, *q = b;
    if (p->doubt != q->doubt)
        return p->doubt ? -1 : 1;
    if (p->size != q->size)
        return p->size - q->size;
    return p->at - q->at;
}

static int list_chains(const explain_ctx *x, chain_ref *out)
{
    int w = sgf_board_width(x->b), n = w * sgf_board_height(x->b), k = 0;
    uint8_t seen[SGF__SN];
    sgf_point pts[SGF__SN];
    memset(seen, 0, (size_t)n);
    for (int i = 0; i < n; i++) {
        sgf_point pt = { (uint8_t)(i % w), (uint8_t)(i / w) };
        if (seen[i] || sgf_board_at(x->b, pt) == SGF_EMPTY)
            continue;
        int m = sgf_board_chain_points(x->b, pt, pts, SGF__SN);
        bool doubt = false;
        for (int j = 0; j < m; j++) {
            int q = pts[j].y * w + pts[j].x;
            seen[q] = 1;
            doubt |= x->doubt != NULL && x->doubt[q];
        }
        out[k++] = (chain_ref){ i, m, x->dead != NULL && x->dead[i],
                                doubt };
    }
    qsort(out, (size_t)k, sizeof *out, cmp_chain);
    return k;
}

/* The chains of x (list_chains), listed the first time (most
 * disagreements are explained, or not, without them), with room for
 * their flipped margins; NULL when no memory is left (what was had is
 * kept for find_cause to free, or for the next call to complete). */
static const chain_ref *chains(explain_ctx *x, int *nch)
{
    if (x->nch < 0) {
        if (x->ch == NULL)
            x->ch = malloc(SGF__SN * sizeof *x->ch);
        if (x->memo == NULL)
            x->memo = calloc(SGF__SN, sizeof *x->memo);
        if (x->ch == NULL || x->memo == NULL)
            return NULL;
        x->nch = list_chains(x, x->ch);
    }
    *nch = x->nch;
    return x->ch;
}

/* Flip the status of chain c in flip (dead <-> alive). */
static void flip_chain(const explain_ctx *x, uint8_t *flip, const chain_ref *c)
{
    int w = sgf_board_width(x->b);
    sgf_point pts[SGF__SN];
    sgf_point pt = { (uint8_t)(c->at % w), (uint8_t)(c->at / w) };
    int m = sgf_board_chain_points(x->b, pt, pts, SGF__SN);
    for (int k = 0; k < m; k++)
        flip[pts[k].y * w + pts[k].x] = (uint8_t)!c->dead;
}

static void copy_dead(const explain_ctx *x, uint8_t *to, int n)
{
    if (x->dead != NULL)
        memcpy(to, x->dead, (size_t)n);
    else
        memset(to, 0, (size_t)n);
}

static void name_chain(const explain_ctx *x, const chain_ref *c,
                       sgf_point *pt, bool *was_dead)
{
    int w = sgf_board_width(x->b);
    *pt = (sgf_point){ (uint8_t)(c->at % w), (uint8_t)(c->at / w) };
    *was_dead = c->dead;
}

/* Whether flipping chain c could move the margin by need: a chain of s
 * stones taken off gives its s points and s prisoners (territory
 * counting) or its s stones and up to s points (area) to the enemy,
 * and brought back takes as much, so the margin moves by s at least
 * (less a point or two that a connection or a seki may shift). */
static bool could_move(const chain_ref *c, double need)
{
    return c->size <= fabs(need) + 2;
}

/* Whether a count with margin m (Black's score minus White's) agrees
 * with RE[] (as sgf_score_compare_rules; tie: who a margin of 0 is a win
 * of). */
static bool margin_agrees(double m, const sgf_score_re *re, sgf_color tie)
{
    sgf_color won = sgf__score_winner(m, tie);
    switch (re->kind) {
    case SGF_RE_SCORE:
        return re->margin > 1e-9 && won == re->winner
               && fabs(fabs(m) - re->margin) < 1e-6;
    case SGF_RE_DRAW: return won == SGF_EMPTY;
    case SGF_RE_WIN: return won == re->winner;
    default: return false;
    }
}

/* A point's part in the margin (Black's points less White's) under
 * scoring sc: a point of territory or a live stone (area) 1, a dead
 * stone's point 1 and under territory counting its prisoner 1 more;
 * owner: the colour whose territory it is, or SGF_EMPTY. */
static int part(sgf_scoring sc, sgf_color owner, sgf_color stone, bool dead)
{
    int sign = owner == SGF_BLACK ? 1 : owner == SGF_WHITE ? -1 : 0;
    if (stone == SGF_EMPTY)
        return sign;
    if (!dead)                          /* a live stone */
        return sc == SGF_SCORING_AREA ? (stone == SGF_BLACK ? 1 : -1) : 0;
    if (sc == SGF_SCORING_AREA)
        return sign;
    return sign + (stone == SGF_BLACK ? -1 : 1);     /* its prisoner */
}

/* The same from a point of the count's map. */
static int part_of_map(sgf_scoring sc, uint8_t m)
{
    switch (m) {
    case SGF_SP_BLACK: return part(sc, SGF_EMPTY, SGF_BLACK, false);
    case SGF_SP_WHITE: return part(sc, SGF_EMPTY, SGF_WHITE, false);
    case SGF_SP_BLACK_TERRITORY: return 1;
    case SGF_SP_WHITE_TERRITORY: return -1;
    case SGF_SP_BLACK_DEAD: return part(sc, SGF_WHITE, SGF_BLACK, true);
    case SGF_SP_WHITE_DEAD: return part(sc, SGF_BLACK, SGF_WHITE, true);
    default: return 0;                  /* dame, seki */
    }
}

static bool live_in_map(uint8_t m)
{
    return m == SGF_SP_BLACK || m == SGF_SP_WHITE;
}

/* The points next to point q of a w x h board (-1 off the board). */
static void neighbours(int q, int w, int h, int nb[4])
{
    int qx = q % w, qy = q / w;
    nb[0] = qx > 0 ? q - 1 : -1;
    nb[1] = qx < w - 1 ? q + 1 : -1;
    nb[2] = qy > 0 ? q - w : -1;
    nb[3] = qy < h - 1 ? q + w : -1;
}

/* How far flipping chain c moves the margin, by the regions next to it
 * alone: the points the count's map does not hold for live stones that
 * connect to c (c's own among them) are counted again, each new region
 * the territory of the one colour whose live stones (c's, brought back,
 * among them) border it, or nobody's. Teire, seki and dame filling are
 * left out: an estimate, a few points off at most where they matter,
 * that tells the chains no flip of which can give RE[] (try_groups). */
static int flip_estimate(const explain_ctx *x, sgf_scoring sc,
                         const chain_ref *c)
{
    int w = sgf_board_width(x->b), h = sgf_board_height(x->b), n = w * h;
    uint8_t in[SGF__SN], reg[SGF__SN];
    int list[SGF__SN], nl = 0, est = 0;
    bool live_c = c->dead;              /* c's status after the flip */
    memset(in, 0, (size_t)n);
    sgf_point pts[SGF__SN];
    sgf_point at = { (uint8_t)(c->at % w), (uint8_t)(c->at / w) };
    int m = sgf_board_chain_points(x->b, at, pts, SGF__SN);
    for (int k = 0; k < m; k++) {       /* c, then what it reaches */
        int q = pts[k].y * w + pts[k].x;
        in[q] = 2;
        list[nl++] = q;
    }
    for (int k = 0; k < nl; k++) {
        int nb[4];
        neighbours(list[k], w, h, nb);
        for (int d = 0; d < 4; d++)
            if (nb[d] >= 0 && !in[nb[d]] && !live_in_map(x->base[nb[d]])) {
                in[nb[d]] = 1;
                list[nl++] = nb[d];
            }
    }
    sgf_color cc = sgf_board_at(x->b, at);
    memset(reg, 0, (size_t)n);
    for (int k = 0; k < nl; k++) {      /* each new region in turn */
        int q0 = list[k];
        est -= part_of_map(sc, x->base[q0]);
        if (in[q0] == 2 && live_c) {
            est += part(sc, SGF_EMPTY, cc, false);
            continue;
        }
        if (reg[q0])
            continue;
        int rl[SGF__SN], nr = 0;
        unsigned border = 0;
        reg[q0] = 1;
        rl[nr++] = q0;
        for (int j = 0; j < nr; j++) {
            int nb[4];
            neighbours(rl[j], w, h, nb);
            for (int d = 0; d < 4; d++) {
                int r = nb[d];
                if (r < 0 || reg[r])
                    continue;
                bool live = in[r] == 2 ? live_c : live_in_map(x->base[r]);
                if (live)
                    border |= 1u << sgf_board_at(x->b, (sgf_point){
                        (uint8_t)(r % w), (uint8_t)(r / w) });
                else if (in[r]) {
                    reg[r] = 1;
                    rl[nr++] = r;
                }
            }
        }
        sgf_color owner = border == 1u << SGF_BLACK ? SGF_BLACK
                        : border == 1u << SGF_WHITE ? SGF_WHITE : SGF_EMPTY;
        for (int j = 0; j < nr; j++) {
            sgf_point p = { (uint8_t)(rl[j] % w), (uint8_t)(rl[j] / w) };
            sgf_color st = sgf_board_at(x->b, p);
            est += part(sc, owner, st, st != SGF_EMPTY);
        }
    }
    return est;
}

/* The margin with chain k of ch flipped, under the game's komi, counted
 * once (x->memo by chain; NAN when the count fails). */
static double flipped_margin(explain_ctx *x, const sgf_rules *r,
                             const chain_ref *ch, int k)
{
    flip_memo *f = &x->memo[k];
    if (f->counted)
        return f->margin;
    int n = sgf_board_width(x->b) * sgf_board_height(x->b);
    uint8_t flip[SGF__SN];
    copy_dead(x, flip, n);
    flip_chain(x, flip, &ch[k]);
    f->counted = true;
    f->margin = NAN;
    /* with markup too, the board's count: the marks say the territory
       of their dead stones, not of these */
    if (sgf__score_count_with(x->s, x->p, x->b, r, flip, x->komi,
                              x->handicap) != 0)
        return NAN;
    return f->margin = x->s->margin;
}

/* How far a count may be from flip_estimate: the teire, seki and dame
 * filling it leaves out moved no flip of the chains of 2,200 real
 * records, finished or not, by more than 8 points. */
enum { ESTIMATE_SLACK = 10 };

/* Whether the count of chain k's flip cannot move the margin by need:
 * its estimate (made once) is more than ESTIMATE_SLACK away. Only a
 * result with a margin (or a draw) gives a need; without the count's
 * map (has_base) every chain is counted. */
static bool far_off(explain_ctx *x, const sgf_rules *r, const chain_ref *ch,
                    int k, double need)
{
    flip_memo *f = &x->memo[k];
    if (!x->has_base || f->counted
        || (x->re->kind != SGF_RE_SCORE && x->re->kind != SGF_RE_DRAW))
        return false;
    if (!f->estimated) {
        f->estimate = flip_estimate(x, r->scoring, &ch[k]);
        f->estimated = true;
    }
    return fabs(f->estimate - need) > ESTIMATE_SLACK;
}

/* One chain's status flipped (those in doubt first), under the game's
 * komi or, with komis, under each other usual komi in turn (komi only
 * moves the margin: each chain is counted once for all). */
static bool try_groups(explain_ctx *x, const sgf_rules *r, bool komis,
                       sgf_score_reason *out)
{
    int nch;
    const chain_ref *ch = chains(x, &nch);
    if (ch == NULL)
        return false;
    for (int k = komis ? 0 : NKOMI + 1; k <= NKOMI + 1; k++) {
        double v = k <= NKOMI ? usual_komi(r, k) : x->komi;
        if (komis && v == x->komi)
            continue;
        double need = recorded_margin(x->re) - (x->margin + x->komi - v);
        for (int c = 0; c < nch; c++) {
            if (!could_move(&ch[c], need))
                continue;
            if (far_off(x, r, ch, c, need))
                continue;
            double m = flipped_margin(x, r, ch, c);
            if (!isnan(m) && margin_agrees(m + x->komi - v, x->re, x->tie)) {
                name_chain(x, &ch[c], &out->point, &out->was_dead);
                out->komi = v;
                return true;
            }
        }
    }
    return false;
}

/* Two chains' status flipped, both in doubt: among the first PAIRS of
 * them. */
static bool try_two_groups(explain_ctx *x, const sgf_rules *r,
                           sgf_score_reason *out)
{
    enum { PAIRS = 40 };
    int n = sgf_board_width(x->b) * sgf_board_height(x->b), nch;
    uint8_t flip[SGF__SN];
    const chain_ref *ch = chains(x, &nch);
    if (ch == NULL)
        return false;
    int k = 0;
    while (k < nch && k < PAIRS && ch[k].doubt)
        k++;
    nch = k;
    double need = recorded_margin(x->re) - x->margin;
    for (int a = 0; a < nch; a++)
        for (int c = a + 1; c < nch; c++) {
            if (ch[a].size + ch[c].size > fabs(need) + 4)
                continue;               /* as could_move(), for two */
            copy_dead(x, flip, n);
            flip_chain(x, flip, &ch[a]);
            flip_chain(x, flip, &ch[c]);
            if (agrees(x, r, flip, x->komi)) {
                name_chain(x, &ch[a], &out->point, &out->was_dead);
                name_chain(x, &ch[c], &out->point2, &out->was_dead2);
                return true;
            }
        }
    return false;
}

/* The causes in turn, single changes first (the count of x under r
 * disagrees); rr: r with dead stones removed, for the chains' flips. */
static sgf_score_cause find_cause(explain_ctx *x, const sgf_rules *r,
                                  const sgf_rules *rr, sgf_score_reason *out)
{
    sgf_score_cause c;                  /* (x->nch -1: chains not listed) */
    if (try_scoring(x, r))
        c = SGF_CAUSE_SCORING;
    else if (try_handicap(x, r, &out->handicap_bonus))
        c = SGF_CAUSE_HANDICAP;
    else if (try_komi(x, r, &out->komi))
        c = SGF_CAUSE_KOMI;
    else if ((c = impossible(x, r)) != SGF_CAUSE_NONE) {
        if (c == SGF_CAUSE_PARITY && x->komi == 0      /* KM[0]: */
            && try_groups(x, rr, true, out))           /* see below */
            c = SGF_CAUSE_KOMI_GROUP;
    }
    else if (x->record_only)            /* chains: not asked for */
        c = winner_swapped(x) ? SGF_CAUSE_WINNER : SGF_CAUSE_UNKNOWN;
    else if (try_groups(x, rr, false, out))
        c = SGF_CAUSE_GROUP;
    else if (x->komi == 0 && try_groups(x, rr, true, out))
        c = SGF_CAUSE_KOMI_GROUP;       /* KM[0]: a komi not written */
    else if (x->doubt != NULL && try_two_groups(x, rr, out))
        c = SGF_CAUSE_GROUPS;
    else if (winner_swapped(x))         /* last: a chain miscounted can */
        c = SGF_CAUSE_WINNER;           /* turn a margin round too */
    else
        c = SGF_CAUSE_UNKNOWN;
    free(x->ch);
    free(x->memo);
    return c;
}

/* The explanation; given: the count of b under r, dead, komi and
 * handicap made by the caller (used without markup only), or NULL. */
static int explain_run(sgf_score_reason *out, const sgf_board *b,
                       const sgf_rules *r, const uint8_t *dead, double komi,
                       int handicap, const sgf_score_re *re,
                       const sgf_node *markup, const uint8_t *doubt,
                       bool record_only, const sgf_score *given)
{
    static const sgf_rules init = SGF_RULES_INIT;
    uint8_t marks[SGF__SN], mdead[SGF__SN];
    if (out == NULL || b == NULL || re == NULL || sgf__rules_unknown(r)
        || (given != NULL && (sgf__score_unknown(given)
                              || given->width != sgf_board_width(b)
                              || given->height != sgf_board_height(b))))
        return SGF_EINVAL;
    if (r == NULL)
        r = &init;
    memset(out, 0, sizeof *out);
    explain_ctx x = { .p = sgf__scratch_take(sizeof(sgf__spos)),
                      .s = malloc(sizeof(sgf_score)), .b = b, .dead = dead,
                      .doubt = doubt, .komi = komi, .handicap = handicap,
                      .re = re, .tie = sgf_rules_tie_winner(r),
                      .nch = -1, .record_only = record_only };
    if (x.p == NULL || x.s == NULL) {
        sgf__scratch_give(x.p, sizeof(sgf__spos));
        free(x.s);
        return SGF_ENOMEM;
    }
    sgf_score_init(x.s, SGF_SCORE_VERSION);
    if (markup != NULL) {
        sgf__score_read_markup(marks, markup, sgf_board_width(b),
                               sgf_board_height(b));
        sgf_score_dead_markup(mdead, NULL, b, markup);
        x.marks = marks;
        x.dead = mdead;
        dead = mdead;
    }
    x.p->gen = 0;
    memset(x.p->mark, 0, sizeof x.p->mark);
    sgf_rules rr = *r;
    rr.remove_dead = true;
    if (markup != NULL)
        r = &rr;
    bool agree;
    if (given != NULL && markup == NULL) {      /* counted already */
        *x.s = *given;
        agree = sgf_score_compare_rules(x.s, re, r) == SGF_SCORE_AGREE;
    } else
        agree = agrees(&x, r, dead, komi);
    x.margin = x.s->margin;
    /* the flips are counted under rr: the map holds for them when r
       lifts the dead stones too (and no markup recounts the flips) */
    x.has_base = markup == NULL && (r->remove_dead || dead == NULL);
    if (x.has_base)
        memcpy(x.base, x.s->map, (size_t)sgf_board_width(b)
                                 * (size_t)sgf_board_height(b));
    if (agree || sgf_score_compare_rules(x.s, re, r)
                 == SGF_SCORE_NOT_COUNTED)
        out->cause = SGF_CAUSE_NONE;
    else
        out->cause = find_cause(&x, r, &rr, out);
    sgf__scratch_give(x.p, sizeof(sgf__spos));
    free(x.s);
    return 0;
}

int sgf_score_explain_doubt(sgf_score_reason *out, const sgf_board *b,
                            const sgf_rules *r, const uint8_t *dead,
                            double komi, int handicap,
                            const sgf_score_re *re, const sgf_node *markup,
                            const uint8_t *doubt)
{
    return explain_run(out, b, r, dead, komi, handicap, re, markup, doubt,
                       false, NULL);
}

int sgf_score_explain_record(sgf_score_reason *out, const sgf_board *b,
                             const sgf_rules *r, const uint8_t *dead,
                             double komi, int handicap,
                             const sgf_score_re *re,
                             const sgf_node *markup)
{
    return explain_run(out, b, r, dead, komi, handicap, re, markup, NULL,
                       true, NULL);
}

int sgf_score_explain_counted(sgf_score_reason *out, const sgf_score *count,
                              const sgf_board *b, const sgf_rules *r,
                              const uint8_t *dead, double komi, int handicap,
                              const sgf_score_re *re, const sgf_node *markup,
                              const uint8_t *doubt, bool record_only)
{
    if (count == NULL)
        return SGF_EINVAL;
    return explain_run(out, b, r, dead, komi, handicap, re, markup,
                       record_only ? NULL : doubt, record_only, count);
}

int sgf_score_explain(sgf_score_reason *out, const sgf_board *b,
                      const sgf_rules *r, const uint8_t *dead, double komi,
                      int handicap, const sgf_score_re *re,
                      const sgf_node *markup)
{
    return sgf_score_explain_doubt(out, b, r, dead, komi, handicap, re,
                                   markup, NULL);
}

const char *sgf_score_cause_name(sgf_score_cause c)
{
    static const char *const names[] = { "none", "scoring", "handicap",
                                         "komi", "group", "unknown",
                                         "komi+group", "groups", "parity",
                                         "margin", "settled", "winner",
                                         "markup" };
    if ((unsigned)c >= sizeof names / sizeof names[0])
        return "?";
    return names[c];
}
