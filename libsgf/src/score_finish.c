/*
 * score_finish.c - whether a position is finished (sgf/score.h): no
 * chain counted alive left in atari, no capturing race left open, no
 * open border between the colours, and under territory counting no
 * dame whose filling gives territory; and the estimate with what it is
 * sure of.
 */
#include "score_int.h"

#include <string.h>
#include "rules_int.h"

/* The first chain of p (not empty) with one liberty. */
static bool find_atari(const sgf__spos *p, sgf_score_unfinished *out)
{
    for (int x = 0; x < p->count; x++)
        if (p->kcol[x] != SGF_EMPTY && p->libs[x] == 1) {
            int s = p->head[x];
            out->kind = SGF_UNFINISHED_ATARI;
            out->point = (sgf_point){ p->px[s], p->py[s] };
            out->points = p->size[x];
            return true;
        }
    return false;
}

/* A capturing race nobody played out (sgf__spos_race). */
static bool find_race(sgf__spos *p, sgf_score_unfinished *out)
{
    int i = sgf__spos_race(p);
    if (i < 0)
        return false;
    out->kind = SGF_UNFINISHED_RACE;
    out->point = (sgf_point){ p->px[i], p->py[i] };
    out->points = 1;
    return true;
}

/* The first (in point order) point of region r. */
static int first_point(const sgf__spos *p, int r)
{
    int s = p->head[r], best = s;
    do {
        best = s < best ? s : best;
        s = p->next[s];
    } while (s != p->head[r]);
    return best;
}

/* The stones next to region r, each counted once. */
static int border_stones(sgf__spos *p, int r)
{
    uint32_t lg = sgf__spos_gen(p);
    int s = p->head[r], k = 0, nb[4];
    do {
        int m = sgf__spos_neighbors(p, s, nb);
        for (int d = 0; d < m; d++)
            if (p->col[nb[d]] != SGF_EMPTY && p->mark[nb[d]] != lg) {
                p->mark[nb[d]] = lg;
                k++;
            }
        s = p->next[s];
    } while (s != p->head[r]);
    return k;
}

/* Region r of one colour holds more points than its k bordering stones
 * could close off: a wall of k stones, from edge to edge of the board,
 * cuts off at most k rows or columns of the longer side (a lone stone on
 * an empty board, the game stopped in the opening, is no territory). */
static bool open_area(sgf__spos *p, int r)
{
    int side = p->w > p->h ? p->w : p->h;
    return p->size[r] > border_stones(p, r) * side;
}

/* The first empty region with more than SGF__DAME_ROOM points that
 * touches both colours or is open (open_area), first by its first
 * point. */
static bool find_border(sgf__spos *p, sgf_score_unfinished *out)
{
    int best = -1, size = 0;
    for (int r = 0; r < p->count; r++) {
        if (p->kcol[r] != SGF_EMPTY || p->size[r] <= SGF__DAME_ROOM
            || (p->border[r] != 6 && !open_area(p, r)))
            continue;
        int f = first_point(p, r);
        if (best < 0 || f < best) {
            best = f;
            size = p->size[r];
        }
    }
    if (best < 0)
        return false;
    out->kind = SGF_UNFINISHED_BORDER;
    out->point = (sgf_point){ p->px[best], p->py[best] };
    out->points = size;
    return true;
}

/* Dame that territory counting closes by distance (sgf__dame_split). */
static bool find_dame(sgf__spos *p, sgf_score_unfinished *out)
{
    uint8_t split[SGF__SN];
    if (!sgf__dame_split(p, split))
        return false;
    out->kind = SGF_UNFINISHED_DAME;
    out->points = 0;
    for (int i = p->n - 1; i >= 0; i--)
        if (split[i]) {
            out->point = (sgf_point){ p->px[i], p->py[i] };
            out->points++;
        }
    return true;
}

/* sgf_score_find_unfinished; quick: the chain in atari, the usual
 * answer (dead stones left on the board), found from the board's own
 * chains (sgf__fast_atari) before the position is labelled. */
static int find_unfinished(sgf_score_unfinished *out, const sgf_board *b,
                           const sgf_rules *r, const uint8_t *dead,
                           bool quick)
{
    static const sgf_rules init = SGF_RULES_INIT;
    if (out == NULL || b == NULL || sgf__rules_unknown(r))
        return SGF_EINVAL;
    if (r == NULL)
        r = &init;
    memset(out, 0, sizeof *out);
    const uint8_t *lift = r->remove_dead ? dead : NULL;
    int atari = quick ? sgf__fast_atari(b, lift, &out->point, &out->points)
                      : -1;
    if (atari == 1) {
        out->kind = SGF_UNFINISHED_ATARI;
        return 1;
    }
    sgf__spos *p = sgf__scratch_take(sizeof *p);
    if (p == NULL)
        return SGF_ENOMEM;
    sgf__spos_load(p, b, lift);
    bool found = (atari < 0 && find_atari(p, out)) || find_race(p, out)
                 || find_border(p, out)
                 || (r->scoring == SGF_SCORING_TERRITORY
                     && find_dame(p, out));
    sgf__scratch_give(p, sizeof *p);
    return found;
}

int sgf_score_find_unfinished(sgf_score_unfinished *out, const sgf_board *b,
                              const sgf_rules *r, const uint8_t *dead)
{
    return find_unfinished(out, b, r, dead, true);
}

int sgf__score_find_unfinished_labelled(sgf_score_unfinished *out,
                                        const sgf_board *b,
                                        const sgf_rules *r,
                                        const uint8_t *dead)
{
    return find_unfinished(out, b, r, dead, false);
}

const char *sgf_score_unfinished_name(sgf_score_unfinished_kind k)
{
    switch (k) {
    case SGF_UNFINISHED_ATARI: return "atari";
    case SGF_UNFINISHED_RACE: return "race";
    case SGF_UNFINISHED_BORDER: return "open-border";
    case SGF_UNFINISHED_DAME: return "open-dame";
    case SGF_UNFINISHED_NO_PASSES: return "no-passes";
    case SGF_UNFINISHED_NONE: return "none";
    default: return "?";
    }
}

int sgf_score_estimate_dead(sgf_score_estimate *out, uint8_t *dead,
                            uint8_t *unsettled, const sgf_board *b,
                            const sgf_rules *r)
{
    uint8_t sure[SGF__SN];
    sgf_score_unfinished u;
    if (out == NULL || dead == NULL || b == NULL || sgf__rules_unknown(r))
        return SGF_EINVAL;
    memset(out, 0, sizeof *out);
    int w = sgf_board_width(b), n = w * sgf_board_height(b);
    int rc = sgf__score_estimate(dead, sure, b);
    if (rc < 0)
        return rc;
    out->dead = rc;
    for (int i = n - 1; i >= 0; i--) {
        sgf_point pt = { (uint8_t)(i % w), (uint8_t)(i / w) };
        bool open = sgf_board_at(b, pt) != SGF_EMPTY && !sure[i];
        if (unsettled != NULL)
            unsettled[i] = open;
        if (open) {
            out->unsettled++;
            out->first = pt;
        }
    }
    int fin = sgf_score_find_unfinished(&u, b, r, dead);
    if (fin < 0)
        return fin;
    out->settled = out->unsettled == 0 && fin == 0;
    if (out->unsettled == 0 && fin == 1)
        out->first = u.point;
    return rc;
}
