/*
 * score_pos.c - the flat position the counter and the dead-stone finders
 * work on (sgf__spos of score_int.h): a board copied into an array with
 * the dead stones lifted, its empty regions flood-filled and labelled,
 * self-atari, capturing races and seki between chains (Japanese 1989
 * art. 8: a chain is in seki when it shares a liberty with an enemy chain
 * that neither player can fill without self-atari). It calls no other
 * score module; score.c, score_dead.c and score_finish.c call it.
 */
#include "score_int.h"
#include "board_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- the flat position ------------------------------------------------ */

uint32_t sgf__spos_gen(sgf__spos *p)
{
    if (++p->gen == 0) {
        memset(p->mark, 0, sizeof p->mark);
        p->gen = 1;
    }
    return p->gen;
}

/* Flood the chain through start (a stone), linking its points into a
 * ring; returns its size and sets its liberties. The neighbours come
 * from nb4[] in the order of sgf__spos_neighbors (the rings' order is
 * the same), "off the board" being the point n, never a stone's colour
 * nor empty. */
static int flood_chain(sgf__spos *p, int start, int k)
{
    const uint8_t c = p->col[start], *col = p->col;
    int16_t (*nb)[4] = p->nb4;
    int16_t *id = p->id, *stack = p->stack;
    uint32_t lg = sgf__spos_gen(p), *mark = p->mark;
    int sp = 0, size = 0, prev = start, libs = 0;
    stack[sp++] = (int16_t)start;
    id[start] = (int16_t)k;
    while (sp > 0) {
        int i = stack[--sp];
        p->next[prev] = (int16_t)i;
        prev = i;
        size++;
        for (int d = 0; d < 4; d++) {
            int j = nb[i][d];
            if (col[j] == c) {
                if (id[j] < 0) {
                    id[j] = (int16_t)k;
                    stack[sp++] = (int16_t)j;
                }
            } else if (col[j] == SGF_EMPTY && mark[j] != lg) {
                mark[j] = lg;
                libs++;
            }
        }
    }
    p->next[prev] = (int16_t)start;
    p->head[k] = (int16_t)start;
    p->size[k] = (int16_t)size;
    p->libs[k] = (int16_t)libs;
    p->border[k] = 0;
    p->kcol[k] = c;
    return size;
}

/* The empty region through start, as flood_chain: its size and the
 * colours it touches (border bit c). */
static int flood_region(sgf__spos *p, int start, int k)
{
    static const uint8_t touch[4] = { 0, 1u << SGF_BLACK, 1u << SGF_WHITE,
                                      0 };
    const uint8_t *col = p->col;
    int16_t (*nb)[4] = p->nb4;
    int16_t *id = p->id, *stack = p->stack;
    int sp = 0, size = 0, prev = start;
    unsigned border = 0;
    stack[sp++] = (int16_t)start;
    id[start] = (int16_t)k;
    while (sp > 0) {
        int i = stack[--sp];
        p->next[prev] = (int16_t)i;
        prev = i;
        size++;
        for (int d = 0; d < 4; d++) {
            int j = nb[i][d];
            if (col[j] == SGF_EMPTY) {
                if (id[j] < 0) {
                    id[j] = (int16_t)k;
                    stack[sp++] = (int16_t)j;
                }
            } else {
                border |= touch[col[j]];
            }
        }
    }
    p->next[prev] = (int16_t)start;
    p->head[k] = (int16_t)start;
    p->size[k] = (int16_t)size;
    p->libs[k] = 0;
    p->border[k] = (uint8_t)border;
    p->kcol[k] = SGF_EMPTY;
    return size;
}

void sgf__spos_label(sgf__spos *p)
{
    for (int i = 0; i < p->n; i++)
        p->id[i] = -1;
    p->col[p->n] = SGF__BORDER;
    p->count = 0;
    for (int i = 0; i < p->n; i++)
        if (p->id[i] < 0) {
            if (p->col[i] == SGF_EMPTY)
                flood_region(p, i, p->count++);
            else
                flood_chain(p, i, p->count++);
        }
}

void sgf__score_colors(uint8_t *col, const sgf_board *b)
{
    int w = b->width, h = b->height;
    for (int y = 0; y < h; y++)       /* rows of the bordered array */
        memcpy(col + y * w, b->color + (y + 1) * b->stride + 1, (size_t)w);
}

void sgf__spos_load(sgf__spos *p, const sgf_board *b, const uint8_t *dead)
{
    p->w = sgf_board_width(b);
    p->h = sgf_board_height(b);
    p->n = p->w * p->h;
    p->gen = 0;                 /* marks of the points in use: stale */
    memset(p->mark, 0, (size_t)p->n * sizeof p->mark[0]);
    sgf__score_colors(p->col, b);
    for (int y = 0, i = 0; y < p->h; y++)
        for (int x = 0; x < p->w; x++, i++) {
            if (dead != NULL && dead[i])
                p->col[i] = SGF_EMPTY;
            p->px[i] = (uint8_t)x;
            p->py[i] = (uint8_t)y;
            p->nb4[i][0] = (int16_t)(y > 0 ? i - p->w : p->n);
            p->nb4[i][1] = (int16_t)(x > 0 ? i - 1 : p->n);
            p->nb4[i][2] = (int16_t)(x < p->w - 1 ? i + 1 : p->n);
            p->nb4[i][3] = (int16_t)(y < p->h - 1 ? i + p->w : p->n);
        }
    sgf__spos_label(p);
}

bool sgf__spos_self_atari(sgf__spos *p, int pt, sgf_color who)
{
    int nb[4], m = sgf__spos_neighbors(p, pt, nb), libs = 0, empty = 0;
    for (int d = 0; d < m; d++) {    /* quick answers without walking */
        int j = nb[d];
        if (p->col[j] == SGF_EMPTY)
            empty++;
        else if (p->col[j] == who && p->libs[p->id[j]] > 2)
            return false;            /* joins a chain that keeps two */
    }
    if (empty > 1)
        return false;
    uint32_t lg = sgf__spos_gen(p);
    p->mark[pt] = lg;
    for (int d = 0; d < m; d++) {
        int j = nb[d];
        if (p->col[j] == SGF_EMPTY && p->mark[j] != lg) {
            p->mark[j] = lg;
            libs++;
        } else if (p->col[j] != SGF_EMPTY && p->col[j] != who
                   && p->libs[p->id[j]] == 1) {
            return false;            /* the fill captures */
        }
    }
    for (int d = 0; d < m; d++) {
        int j = nb[d];
        if (p->col[j] != who)
            continue;
        int s = j;
        do {                         /* liberties of the chain joined */
            int nb2[4], m2 = sgf__spos_neighbors(p, s, nb2);
            for (int e = 0; e < m2; e++)
                if (p->col[nb2[e]] == SGF_EMPTY && p->mark[nb2[e]] != lg) {
                    p->mark[nb2[e]] = lg;
                    libs++;
                }
            s = p->next[s];
        } while (s != j);
    }
    return libs <= 1;
}

/* Whether chain x's liberties are all points of region r. */
static bool libs_in_region(sgf__spos *p, int x, int r)
{
    int s = p->head[x], nb[4];
    do {
        int m = sgf__spos_neighbors(p, s, nb);
        for (int d = 0; d < m; d++)
            if (p->col[nb[d]] == SGF_EMPTY && p->id[nb[d]] != r)
                return false;
        s = p->next[s];
    } while (s != p->head[x]);
    return true;
}

/* Whether who, filling the empty point pt (no capture), leaves his
 * chain with only the two points of one of his own eyes as liberties,
 * an eye that is also all the liberties of another chain of his: the
 * enemy throws in there, putting both chains in atari, and takes one
 * (a shared liberty filled so loses as surely as a self-atari; 2017-
 * 02-13-1 of the shared corpus ends in such a seki). */
static bool fill_into_eye(sgf__spos *p, int pt, sgf_color who)
{
    int nb[4], m = sgf__spos_neighbors(p, pt, nb), lib[3], n = 0;
    int own[4], nown = 0;
    uint32_t lg = sgf__spos_gen(p);
    p->mark[pt] = lg;
    for (int d = 0; d < m; d++) {
        int j = nb[d];
        if (p->col[j] == SGF_EMPTY) {
            if (p->mark[j] != lg) {
                p->mark[j] = lg;
                if (n < 3)
                    lib[n] = j;
                n++;
            }
            continue;
        }
        if (p->col[j] != who) {
            if (p->libs[p->id[j]] == 1)
                return false;           /* the fill captures */
            continue;
        }
        int e = 0;
        while (e < nown && own[e] != p->id[j])
            e++;
        if (e < nown)
            continue;
        own[nown++] = p->id[j];
        int s = j;
        do {
            int nb2[4], m2 = sgf__spos_neighbors(p, s, nb2);
            for (int k = 0; k < m2; k++) {
                int q = nb2[k];
                if (p->col[q] == SGF_EMPTY && p->mark[q] != lg) {
                    p->mark[q] = lg;
                    if (n < 3)
                        lib[n] = q;
                    n++;
                }
            }
            s = p->next[s];
        } while (s != j && n <= 2);
        if (n > 2)
            return false;
    }
    if (n != 2 || p->id[lib[0]] != p->id[lib[1]])
        return false;
    int r = p->id[lib[0]];
    if (p->size[r] != 2 || p->border[r] != (1u << who))
        return false;
    for (int k = 0; k < 2; k++) {       /* another chain around the eye */
        int m2 = sgf__spos_neighbors(p, lib[k], nb);
        for (int d = 0; d < m2; d++) {
            int x = p->id[nb[d]], e = 0;
            if (p->col[nb[d]] != who)
                continue;
            while (e < nown && own[e] != x)
                e++;
            if (e == nown && libs_in_region(p, x, r))
                return true;
        }
    }
    return false;
}

/* Whether who loses his chain by filling the shared liberty pt. */
static bool fill_loses(sgf__spos *p, int pt, sgf_color who)
{
    return sgf__spos_self_atari(p, pt, who) || fill_into_eye(p, pt, who);
}

/* Whether the enemy cannot approach chain x: each liberty of x other
 * than pt is a point where the enemy's fill loses his chain too (in a
 * seki neither side can take a liberty of the other; a chain whose
 * outside liberty the enemy fills safely is in a capturing race, which
 * it loses). */
static bool unapproachable(sgf__spos *p, int x, int pt)
{
    int lib[8], n = 0, s = p->head[x], nb[4];
    sgf_color enemy = (sgf_color)(3 - p->kcol[x]);
    uint32_t g = sgf__spos_gen(p);
    do {                                /* the liberties first: fill_loses
                                           uses the marks */
        int m = sgf__spos_neighbors(p, s, nb);
        for (int d = 0; d < m; d++)
            if (p->col[nb[d]] == SGF_EMPTY && nb[d] != pt
                && p->mark[nb[d]] != g) {
                p->mark[nb[d]] = g;
                if (n == 8)
                    return true;        /* many: no race to lose */
                lib[n++] = nb[d];
            }
        s = p->next[s];
    } while (s != p->head[x]);
    for (int k = 0; k < n; k++)
        if (!fill_loses(p, lib[k], enemy))
            return false;
    return true;
}

/* Whether the empty point i touches both colours and neither player can
 * fill it without losing his chain (a seki's shared liberty, or a
 * race's). */
static bool neither_fills(sgf__spos *p, int i, int *nb, int *m)
{
    uint8_t touch = 0;
    *m = sgf__spos_neighbors(p, i, nb);
    for (int d = 0; d < *m; d++)
        touch |= (uint8_t)(1u << p->col[nb[d]]);
    return (touch & 6) == 6 && fill_loses(p, i, SGF_BLACK)
           && fill_loses(p, i, SGF_WHITE);
}

/* Whether every chain next to the point i can be approached by no one. */
static bool all_unapproachable(sgf__spos *p, int i, const int *nb, int m)
{
    for (int k = 0; k < m; k++)
        if (p->col[nb[k]] != SGF_EMPTY
            && !unapproachable(p, p->id[nb[k]], i))
            return false;
    return true;
}

int sgf__spos_race(sgf__spos *p)
{
    int nb[4], m;
    for (int i = 0; i < p->n; i++)
        if (p->col[i] == SGF_EMPTY && neither_fills(p, i, nb, &m)
            && !all_unapproachable(p, i, nb, m))
            return i;
    return -1;
}

int sgf__spos_seki(sgf__spos *p, uint8_t *seki)
{
    int found = 0, nb[4], m;
    memset(seki, 0, (size_t)p->count);
    for (int i = 0; i < p->n; i++) {
        if (p->col[i] != SGF_EMPTY || !neither_fills(p, i, nb, &m)
            || !all_unapproachable(p, i, nb, m))
            continue;                   /* no seki; a race at most */
        found++;
        for (int d = 0; d < m; d++)
            if (p->col[nb[d]] != SGF_EMPTY)
                seki[p->id[nb[d]]] = 1;
    }
    return found;
}
