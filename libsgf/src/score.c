/*
 * score.c - counting a finished game: area or territory, komi, handicap
 * compensation, seki (sgf/score.h), and finding the single cause of a
 * disagreement with RE[].
 *
 * The position is copied into a flat array with the dead stones lifted
 * (score_pos.c); empty regions are then flood-filled and each goes to
 * the colour that alone borders it. Under territory rules (Japanese 1989
 * art. 8) the empty points next to a chain in seki are nobody's: a chain is in seki when it shares a liberty with an enemy
 * chain that neither player can fill without self-atari. Territory
 * counting also leaves out the points where a player must connect, or
 * take dead stones off, once the dame are filled (teire), and those the
 * connections so made call for in turn.
 */
#include "score_int.h"
#include "board_int.h"
#include "props_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <sgf/props.h>
#include "rules_int.h"

/* ---- counting ----------------------------------------------------------- */

static bool touches_seki(const sgf__spos *p, const uint8_t *seki, int i)
{
    int nb[4], m = sgf__spos_neighbors(p, i, nb);
    for (int d = 0; d < m; d++)
        if (p->col[nb[d]] != SGF_EMPTY && seki[p->id[nb[d]]])
            return true;
    return false;
}

/* The owner of empty point i: the colour alone bordering its region. */
static sgf_color owner(const sgf__spos *p, int i)
{
    uint8_t bd = p->border[p->id[i]];
    if (bd == (1u << SGF_BLACK))
        return SGF_BLACK;
    if (bd == (1u << SGF_WHITE))
        return SGF_WHITE;
    return SGF_EMPTY;
}

/* The liberties of chain x, up to max, into lib[]; returns how many
 * (more than max when it has more). */
static int liberties(sgf__spos *p, int x, int *lib, int max)
{
    int s = p->head[x], nb[4], k = 0;
    uint32_t g = sgf__spos_gen(p);
    do {
        int m = sgf__spos_neighbors(p, s, nb);
        for (int d = 0; d < m; d++)
            if (p->col[nb[d]] == SGF_EMPTY && p->mark[nb[d]] != g) {
                p->mark[nb[d]] = g;
                if (k++ < max)
                    lib[k - 1] = nb[d];
            }
        s = p->next[s];
    } while (s != p->head[x]);
    return k;
}

/* Whether c can fill the dame point d next to an enemy chain: not in
 * self-atari, or d is one of two points of a dame region whose other
 * point touches c but no enemy stone (c fills it first, joining d to
 * his stones, and the enemy cannot get there before him). */
static bool can_fill(sgf__spos *p, int d, sgf_color c)
{
    int nb[4], nb2[4];
    if (!sgf__spos_self_atari(p, d, c))
        return true;
    if (p->size[p->id[d]] != 2)
        return false;
    int m = sgf__spos_neighbors(p, d, nb), k = 0;
    while (k < m && p->col[nb[k]] != SGF_EMPTY)
        k++;
    if (k == m)
        return false;
    int m2 = sgf__spos_neighbors(p, nb[k], nb2);
    uint8_t touch = 0;
    for (int e = 0; e < m2; e++)
        touch |= (uint8_t)(1u << p->col[nb2[e]]);
    return (touch & 6) == (1u << c);
}

/* Whether the owner of chain x, filling its dame liberty d himself,
 * gains nothing: each neighbour of d is a stone of x or of the enemy,
 * or one of x's liberties lib[0 .. n - 1]. */
static bool no_gain(const sgf__spos *p, int d, int x, const int *lib,
                    int n)
{
    int nb[4], m = sgf__spos_neighbors(p, d, nb);
    for (int k = 0; k < m; k++) {
        int j = nb[k], e = 0;
        if (p->col[j] != SGF_EMPTY) {
            if (p->col[j] == p->kcol[x] && p->id[j] != x)
                return false;
            continue;
        }
        while (e < n && lib[e] != j)
            e++;
        if (e == n)
            return false;
    }
    return true;
}

/* Whether chain y has a liberty other than lib[0 .. n - 1]. */
static bool other_liberty(const sgf__spos *p, int y, const int *lib, int n)
{
    int s = p->head[y], nb[4];
    do {
        int m = sgf__spos_neighbors(p, s, nb);
        for (int k = 0; k < m; k++) {
            int e = 0;
            if (p->col[nb[k]] != SGF_EMPTY)
                continue;
            while (e < n && lib[e] != nb[k])
                e++;
            if (e == n)
                return true;
        }
        s = p->next[s];
    } while (s != p->head[y]);
    return false;
}

/* Whether the owner of chain x, playing at its territory point t,
 * saves it: t's region has more points than t and one other, or t
 * joins x to another chain of his with a liberty that is not one of
 * x's lib[0 .. n - 1]. (Filling an eye of x alone, or joining chains
 * that all lose their liberties, would only take the last liberty: x
 * is then short of liberties, not in need of a connection.) */
static bool connects(const sgf__spos *p, int t, int x, const int *lib,
                     int n)
{
    int nb[4], m = sgf__spos_neighbors(p, t, nb);
    if (p->size[p->id[t]] >= 3)
        return true;
    for (int k = 0; k < m; k++)
        if (p->col[nb[k]] == p->kcol[x] && p->id[nb[k]] != x
            && other_liberty(p, p->id[nb[k]], lib, n))
            return true;
    return false;
}

/* Whether the enemy, once the dame liberties of chain x are filled and
 * its last two liberties are the points ti and tj of its owner's
 * territory, kills it by throwing in at ti: the stone there has two
 * liberties (it cannot be taken at once), and x, in atari, gains
 * nothing by extending at tj (one liberty at most, no other chain of
 * its owner with a liberty of its own joined). Its owner must then fill
 * ti himself once the enemy fills the dame (kisei27_g1: White's K2 and
 * N2, as the record's TB/TW count them). */
static bool throw_in(sgf__spos *p, int x, int ti, int tj)
{
    int nb[4], m = sgf__spos_neighbors(p, ti, nb), room = 0;
    int both[2] = { ti, tj }, ext = -1;
    for (int d = 0; d < m; d++)
        room += p->col[nb[d]] == SGF_EMPTY;
    if (room < 2)
        return false;
    m = sgf__spos_neighbors(p, tj, nb);
    for (int d = 0; d < m; d++) {
        int j = nb[d];
        if (j == ti)
            continue;
        if (p->col[j] == SGF_EMPTY) {
            if (ext >= 0 && ext != j)
                return false;           /* two liberties: saved */
            ext = j;
        } else if (p->col[j] == p->kcol[x] && p->id[j] != x
                   && other_liberty(p, p->id[j], both, 2)) {
            return false;
        }
    }
    return true;
}

/* The one liberty left to the dead stones through start (dead[] points
 * joined through each other), or -1 when they have none or several. */
static int dead_liberty(sgf__spos *p, const uint8_t *dead, int start)
{
    int16_t stack[SGF__SN];
    int sp = 0, nb[4], lib = -1, libs = 0;
    uint32_t g = sgf__spos_gen(p);
    stack[sp++] = (int16_t)start;
    p->mark[start] = g;
    while (sp > 0) {
        int i = stack[--sp];
        int m = sgf__spos_neighbors(p, i, nb);
        for (int d = 0; d < m; d++) {
            int j = nb[d];
            if (p->mark[j] == g || p->col[j] != SGF_EMPTY)
                continue;
            p->mark[j] = g;
            if (dead[j]) {
                stack[sp++] = (int16_t)j;
            } else {
                lib = j;
                libs++;
            }
        }
    }
    return libs == 1 ? lib : -1;
}

/* The point where the owner of chain x, next to dead enemy stones (some
 * of its liberties lib[0 .. n - 1] are their points), must take some of
 * them off once the enemy fills the dame: x's other liberties are dame
 * points the enemy can fill and at most one point of its owner's
 * territory, from which x does not connect out (connects()), so x would
 * be left in atari; a dead chain next to it with one liberty left, in
 * its owner's territory, is then taken there (the 27th Kisei, game 1:
 * White's K16 takes J16 and L16, on which a group of White's lives).
 * -1 when there is none. */
static int capture_point(sgf__spos *p, int x, const uint8_t *dead,
                         const int *lib, int n)
{
    sgf_color c = (sgf_color)p->kcol[x];
    int t = -1;
    for (int k = 0; k < n; k++) {
        uint8_t bd = p->border[p->id[lib[k]]] & 6;
        if (dead[lib[k]])
            continue;
        if (bd == (1u << c) && t < 0)
            t = lib[k];
        else if (bd != 6 || !can_fill(p, lib[k], (sgf_color)(3 - c)))
            return -1;
    }
    if (t >= 0 && connects(p, t, x, lib, n))
        return -1;
    for (int k = 0; k < n; k++) {
        if (!dead[lib[k]])
            continue;
        int l = dead_liberty(p, dead, lib[k]);
        if (l >= 0 && (p->border[p->id[l]] & 6) == (1u << c))
            return l;
    }
    return -1;
}

/* Territory counting counts the position once the dame are filled and
 * the connections that filling makes necessary are played (teire): a
 * point where the owner must add a stone is not territory. A chain
 * whose liberties are dame points (their regions border both colours),
 * each of which the enemy can fill, and a single point of its owner's
 * territory is put in atari when the enemy fills the dame, and its
 * owner must then connect at the territory point if that saves it.
 * With several dame liberties, the owner must also gain nothing by
 * filling one himself (else he extends there in time); with one, his
 * filling it leaves the chain no better off than the enemy's filling
 * would. A chain next to dead stones must instead take them off when
 * it lives by that (capture_point()). Marks such points in teire[]
 * (chains in seki left out); returns how many. */
static int teire_points(sgf__spos *p, const uint8_t *seki,
                        const uint8_t *dead, uint8_t *teire)
{
    enum { MAXL = 8 };
    int found = 0, lib[MAXL];
    memset(teire, 0, (size_t)p->n);
    for (int x = 0; x < p->count; x++) {
        sgf_color c = (sgf_color)p->kcol[x];
        if (c == SGF_EMPTY || p->libs[x] < 2 || p->libs[x] > MAXL
            || (seki != NULL && seki[x]))
            continue;
        int n = liberties(p, x, lib, MAXL), t = -1, t2 = -1, k = 0;
        while (dead != NULL && k < n && !dead[lib[k]])
            k++;
        if (dead != NULL && k < n) {    /* next to dead stones */
            t = capture_point(p, x, dead, lib, n);
            if (t >= 0) {
                found += !teire[t];
                teire[t] = 1;
            }
            continue;
        }
        for (k = 0; k < n; k++) {       /* where they are, first: cheap */
            uint8_t bd = p->border[p->id[lib[k]]] & 6;
            if (bd == (1u << c) && t < 0)
                t = lib[k];
            else if (bd == (1u << c) && t2 < 0 && n > 2)
                t2 = lib[k];
            else if (bd != 6)
                break;
        }
        if (k < n || t < 0)
            continue;
        for (k = 0; k < n; k++)         /* then the dame, filled */
            if (lib[k] != t && lib[k] != t2
                && (!can_fill(p, lib[k], (sgf_color)(3 - c))
                    || (n > 2 && !no_gain(p, lib[k], x, lib, n))))
                break;
        if (k < n)
            continue;
        if (t2 >= 0) {                  /* two points of his territory */
            if (throw_in(p, x, t2, t))
                t = t2;
            else if (!throw_in(p, x, t, t2))
                continue;
        } else if (!connects(p, t, x, lib, n)) {
            continue;
        }
        found += !teire[t];
        teire[t] = 1;
    }
    return found;
}

/* teire_points() until no more are found: each round's points are
 * filled with their owner's stones (the connections made join chains
 * and take liberties, which may call for more: a chain joined to
 * another by one connection may then be short of liberties itself),
 * and the position is restored at the end (its labels kept meanwhile).
 * The rounds' seki are found again when the first had some. Returns the
 * points found. */
/* The labels of a position, kept while teire_all plays on a copy. */
typedef struct spos_labels {
    int count;
    int16_t id[SGF__SN], next[SGF__SN], head[SGF__SN], size[SGF__SN];
    int16_t libs[SGF__SN];
    uint8_t border[SGF__SN], kcol[SGF__SN];
} spos_labels;

static void labels_keep(spos_labels *l, const sgf__spos *p)
{
    size_t n = (size_t)p->n, c = (size_t)p->count;
    l->count = p->count;
    memcpy(l->id, p->id, n * sizeof l->id[0]);
    memcpy(l->next, p->next, n * sizeof l->next[0]);
    memcpy(l->head, p->head, c * sizeof l->head[0]);
    memcpy(l->size, p->size, c * sizeof l->size[0]);
    memcpy(l->libs, p->libs, c * sizeof l->libs[0]);
    memcpy(l->border, p->border, c);
    memcpy(l->kcol, p->kcol, c);
}

static void labels_back(sgf__spos *p, const spos_labels *l)
{
    size_t n = (size_t)p->n, c = (size_t)l->count;
    p->count = l->count;
    memcpy(p->id, l->id, n * sizeof l->id[0]);
    memcpy(p->next, l->next, n * sizeof l->next[0]);
    memcpy(p->head, l->head, c * sizeof l->head[0]);
    memcpy(p->size, l->size, c * sizeof l->size[0]);
    memcpy(p->libs, l->libs, c * sizeof l->libs[0]);
    memcpy(p->border, l->border, c);
    memcpy(p->kcol, l->kcol, c);
}

static int teire_all(sgf__spos *p, const uint8_t *seki, const uint8_t *dead,
                     uint8_t *teire)
{
    enum { ROUNDS = 4 };
    int found = teire_points(p, seki, dead, teire), nfill = 0;
    int16_t fill[SGF__SN];
    uint8_t more[SGF__SN], seki2[SGF__SN];
    if (found == 0)
        return 0;
    spos_labels *kept = sgf__scratch_take(sizeof *kept);
    if (kept != NULL)
        labels_keep(kept, p);
    for (int round = 0, added = found; round < ROUNDS && added > 0;
         round++) {
        for (int i = 0; i < p->n; i++)
            if (teire[i] && p->col[i] == SGF_EMPTY) {
                p->col[i] = (uint8_t)owner(p, i);
                fill[nfill++] = (int16_t)i;
            }
        sgf__spos_label(p);
        const uint8_t *s2 = seki != NULL && sgf__spos_seki(p, seki2) > 0
                            ? seki2 : NULL;
        added = 0;
        if (teire_points(p, s2, dead, more) > 0)
            for (int i = 0; i < p->n; i++)
                if (more[i] && !teire[i]) {
                    teire[i] = 1;
                    added++;
                }
        found += added;
    }
    for (int k = 0; k < nfill; k++)
        p->col[fill[k]] = SGF_EMPTY;
    if (kept != NULL)                   /* the labels before the fills */
        labels_back(p, kept);
    else
        sgf__spos_label(p);
    sgf__scratch_give(kept, sizeof *kept);
    return found;
}

int sgf__score_teire(sgf__spos *p, uint8_t *teire, int *first)
{
    *first = teire_points(p, NULL, NULL, teire);
    return teire_all(p, NULL, NULL, teire);
}

enum { DAME_MARGIN = 3, DAME_ROOM = SGF__DAME_ROOM };

/* Whether region r is dame left open: it touches both colours and has
 * at most DAME_ROOM points (a wider one is an open area of a game that
 * stopped early, no boundary to close). */
static bool open_dame(const sgf__spos *p, int r)
{
    return p->border[r] == 6 && p->size[r] <= DAME_ROOM;
}

/* Under territory counting the dame are filled before the count, so a
 * dame region of several points (a game stopped before its boundaries were
 * closed) does not stay all dame: each player fills the boundary points
 * next to his own stones, and the points behind them are his. A point
 * of a region touching both colours is c's when it is DAME_MARGIN or
 * more steps (through empty points) nearer c's stones than the enemy's.
 * On an edge between a white and a black wall, White fills the point
 * next to the middle one, Black his, the middle one is whoever's, and
 * the points behind are territory: exactly those 3 steps nearer (the
 * record's own TB/TW of meijin27_g4 counts so). A margin of 2 would
 * take the boundary points too. Only regions of DAME_ROOM points or
 * fewer are split (on the shared corpus any bound from 8 to 80 points
 * counts the same games right). Writes c or 0 into split[] for the
 * points of such regions; returns whether any point was taken. */
bool sgf__dame_split(sgf__spos *p, uint8_t *split)
{
    static const int16_t far = INT16_MAX;
    int16_t dist[2][SGF__SN], *queue = p->stack, pts[SGF__SN];
    int nb[4], npts = 0;
    bool any = false;
    for (int r = 0; r < p->count; r++) {   /* the points of open dame */
        if (p->kcol[r] != SGF_EMPTY || !open_dame(p, r))
            continue;
        int i = p->head[r];
        do {
            pts[npts++] = (int16_t)i;
            i = p->next[i];
        } while (i != p->head[r]);
    }
    if (npts == 0)
        return false;
    memset(split, 0, (size_t)p->n);
    for (int c = 0; c < 2; c++) {       /* distances from Black, White */
        int head = 0, tail = 0;         /* (each region's own points) */
        for (int k = 0; k < npts; k++) {
            int i = pts[k];
            dist[c][i] = far;
            int m = sgf__spos_neighbors(p, i, nb), d = 0;
            while (d < m && p->col[nb[d]] != SGF_BLACK + c)
                d++;
            if (d < m) {
                dist[c][i] = 1;
                queue[tail++] = (int16_t)i;
            }
        }
        while (head < tail) {
            int i = queue[head++];
            int m = sgf__spos_neighbors(p, i, nb);
            for (int d = 0; d < m; d++)
                if (p->col[nb[d]] == SGF_EMPTY && dist[c][nb[d]] == far) {
                    dist[c][nb[d]] = (int16_t)(dist[c][i] + 1);
                    queue[tail++] = (int16_t)nb[d];
                }
        }
    }
    for (int k = 0; k < npts; k++) {
        int i = pts[k];
        if (dist[1][i] - dist[0][i] >= DAME_MARGIN)
            split[i] = SGF_BLACK;
        else if (dist[0][i] - dist[1][i] >= DAME_MARGIN)
            split[i] = SGF_WHITE;
        any |= split[i] != 0;
    }
    return any;
}

static void count_point(sgf_score *s, const sgf__spos *p,
                        const uint8_t *seki, const uint8_t *split,
                        sgf_color orig, int i)
{
    sgf_score_side *side[3] = { NULL, &s->black, &s->white };
    if (p->col[i] != SGF_EMPTY) {
        side[p->col[i]]->stones++;
        s->map[i] = (uint8_t)(p->col[i] == SGF_BLACK ? SGF_SP_BLACK
                                                     : SGF_SP_WHITE);
        return;
    }
    sgf_color o = owner(p, i);
    if (o == SGF_EMPTY && split != NULL)
        o = (sgf_color)split[i];    /* behind the dame */
    if (orig != SGF_EMPTY) {             /* a dead stone */
        side[3 - orig]->dead++;
        s->map[i] = (uint8_t)(orig == SGF_BLACK ? SGF_SP_BLACK_DEAD
                                                : SGF_SP_WHITE_DEAD);
    }
    if (o != SGF_EMPTY && seki != NULL && touches_seki(p, seki, i)) {
        s->seki++;
        if (orig == SGF_EMPTY)
            s->map[i] = SGF_SP_SEKI;
        return;
    }
    if (o == SGF_EMPTY) {
        if (orig == SGF_EMPTY) {
            s->dame++;
            s->map[i] = SGF_SP_DAME;
        }
        return;
    }
    side[o]->territory++;
    if (orig == SGF_EMPTY)
        s->map[i] = (uint8_t)(o == SGF_BLACK ? SGF_SP_BLACK_TERRITORY
                                             : SGF_SP_WHITE_TERRITORY);
}

void sgf__score_total(sgf_score *s, const sgf_board *b)
{
    sgf_score_side *sd[2] = { &s->black, &s->white };
    s->black.prisoners = sgf_board_prisoners(b, SGF_BLACK);
    s->white.prisoners = sgf_board_prisoners(b, SGF_WHITE);
    for (int k = 0; k < 2; k++) {
        if (s->scoring == SGF_SCORING_AREA)
            sd[k]->score = sd[k]->stones + sd[k]->territory;
        else
            sd[k]->score = sd[k]->territory + sd[k]->prisoners
                           + sd[k]->dead;
    }
    s->white.score += s->komi + s->handicap_bonus;
    s->margin = s->black.score - s->white.score;
}

void sgf__score_start(sgf_score *out, const sgf_board *b,
                      const sgf_rules *r, double komi, int handicap)
{
    int version = out->version;
    memset(out, 0, offsetof(sgf_score, map));
    out->version = version;
    out->scoring = r->scoring;
    out->komi = komi;
    out->handicap_bonus = sgf_rules_handicap_bonus(r, handicap);
    out->width = sgf_board_width(b);
    out->height = sgf_board_height(b);
}

/* The count from labels of chains and regions: every case (the others
 * are only quicker, score_bits.c). */
static int count_labelled(sgf_score *out, sgf__spos *p, const sgf_board *b,
                          const sgf_rules *r, const uint8_t *dead,
                          unsigned needs)
{
    uint8_t *seki = NULL;
    bool use_dead = dead != NULL && r->remove_dead;
    sgf__spos_load(p, b, use_dead ? dead : NULL);
    if (r->scoring == SGF_SCORING_TERRITORY && !r->seki_points_count
        && (needs & SGF__NEED_SEKI)) {
        seki = malloc((size_t)p->count + 1);
        if (seki == NULL)
            return SGF_ENOMEM;
        if (sgf__spos_seki(p, seki) == 0) {
            free(seki);
            seki = NULL;
        }
    }
    uint8_t teire[SGF__SN], split[SGF__SN];
    const uint8_t *splitp = r->scoring == SGF_SCORING_TERRITORY
                            && (needs & SGF__NEED_SPLIT)
                            && sgf__dame_split(p, split) ? split : NULL;
    int nteire = r->scoring == SGF_SCORING_TERRITORY
                 && (needs & SGF__NEED_TEIRE)
        ? teire_all(p, seki, use_dead ? dead : NULL, teire) : 0;
    for (int i = 0; i < p->n; i++) {
        sgf_color orig = SGF_EMPTY;
        if (use_dead && dead[i])
            orig = sgf_board_at(b, (sgf_point){ (uint8_t)(i % p->w),
                                                (uint8_t)(i / p->w) });
        if (nteire > 0 && teire[i]) {   /* to be filled: nobody's */
            out->dame++;
            out->map[i] = SGF_SP_DAME;
            continue;
        }
        count_point(out, p, seki, splitp, orig, i);
    }
    free(seki);
    sgf__score_total(out, b);
    return 0;
}

int sgf__score_count_with(sgf_score *out, sgf__spos *p, const sgf_board *b,
                          const sgf_rules *r, const uint8_t *dead,
                          double komi, int handicap)
{
    unsigned needs;
    sgf__score_start(out, b, r, komi, handicap);
    if (sgf__score_fast(out, b, r, r->remove_dead ? dead : NULL, &needs)) {
        sgf__score_total(out, b);
        return 0;
    }
    return count_labelled(out, p, b, r, dead, needs);
}

int sgf__score_count_labelled(sgf_score *out, const sgf_board *b,
                              const sgf_rules *r, const uint8_t *dead,
                              double komi, int handicap)
{
    sgf__spos *p = sgf__scratch_take(sizeof *p);
    if (p == NULL)
        return SGF_ENOMEM;
    sgf__score_start(out, b, r, komi, handicap);
    int rc = count_labelled(out, p, b, r, dead, SGF__NEED_SEKI
                            | SGF__NEED_TEIRE | SGF__NEED_SPLIT);
    sgf__scratch_give(p, sizeof *p);
    return rc;
}

int sgf_score_init(sgf_score *s, unsigned version)
{
    if (s == NULL || version != SGF_SCORE_VERSION)
        return SGF_EINVAL;
    memset(s, 0, sizeof *s);
    s->version = SGF_SCORE_VERSION;
    return 0;
}

int sgf_score_count(sgf_score *out, const sgf_board *b, const sgf_rules *r,
                    const uint8_t *dead, double komi, int handicap)
{
    static const sgf_rules init = SGF_RULES_INIT;
    if (sgf__score_unknown(out) || b == NULL || sgf__rules_unknown(r))
        return SGF_EINVAL;
    sgf__spos *p = sgf__scratch_take(sizeof *p);
    if (p == NULL)
        return SGF_ENOMEM;
    int rc = sgf__score_count_with(out, p, b, r != NULL ? r : &init, dead,
                                   komi, handicap);
    sgf__scratch_give(p, sizeof *p);
    return rc;
}

/* ---- komi and handicap -------------------------------------------------- */

static bool fox_komi(double v, double *out)
{
    return sgf__komi_scaled(v, out);
}

static int komi_is(sgf_komi_kind *kind, sgf_komi_kind k)
{
    if (kind != NULL)
        *kind = k;
    return 0;
}

int sgf_score_komi(double *out, sgf_komi_kind *kind, const sgf_game *g,
                   const sgf_rules *r)
{
    if (g == NULL)
        return SGF_EINVAL;
    return sgf_score_komi_at(out, kind, sgf_game_info_node(g), r);
}

int sgf_score_komi_at(double *out, sgf_komi_kind *kind,
                      const sgf_node *info, const sgf_rules *r)
{
    static const sgf_rules init = SGF_RULES_INIT;
    if (out == NULL || info == NULL || sgf__rules_unknown(r))
        return SGF_EINVAL;
    if (r == NULL)
        r = &init;
    *out = r->komi;
    const sgf_prop *km = sgf_node_find_prop(info, SGF_PROP_KM);
    if (km == NULL)
        return komi_is(kind, SGF_KOMI_DEFAULTED);
    double v;
    bool loose;
    if (sgf_value_real_loose(sgf_prop_text(km, 0), &v, &loose) != 0)
        return SGF_ESYNTAX;
    if (fabs(v) >= 100) {
        if (!fox_komi(v, out))
            return SGF_ESYNTAX;
        return komi_is(kind, SGF_KOMI_SCALED);
    }
    *out = v;
    return komi_is(kind, loose ? SGF_KOMI_LOOSE : SGF_KOMI_GIVEN);
}

int sgf_score_handicap(const sgf_game *g)
{
    return g != NULL ? sgf_score_handicap_at(sgf_game_info_node(g)) : 0;
}

/* The points of the board of the game tree whose node n is (SZ[] of
 * its root, read as the checks read it; 19x19 without it). */
static long board_points(const sgf_node *n)
{
    while (sgf_node_parent(n) != NULL)
        n = sgf_node_parent(n);
    const sgf_prop *sz = sgf_node_find_prop(n, SGF_PROP_SZ);
    long w = 19, h = 19;
    if (sz != NULL && sgf__read_size(sgf_prop_text(sz, 0), &w, &h) == 0)
        w = h = 19;
    if (w < 1 || w > SGF_MAX_SIZE || h < 1 || h > SGF_MAX_SIZE)
        w = h = 19;                     /* as the board the replay sets */
    return w * h;
}

int sgf_score_handicap_at(const sgf_node *info)
{
    long v;
    const sgf_prop *ha = info != NULL ? sgf_node_find_prop(info, SGF_PROP_HA)
                                      : NULL;
    /* read as the checks read it (blanks around the number allowed, with
       a warning there); 1, a negative number, or more stones than the
       board has points is no handicap */
    if (ha == NULL || sgf__loose_number(sgf_prop_text(ha, 0), &v) < 0)
        return 0;
    return (int)sgf__handicap_stones(v, board_points(info));
}
