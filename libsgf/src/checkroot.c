/*
 * checkroot.c - what the property layer reads from the root of a game
 * before it checks anything: FF (which sets the severities), GM (Go or
 * not), SZ (the board), and whether the game differs from the first of
 * its collection; each with its checks (FF[4] spec, properties.html
 * "FF", "GM", "SZ"; see check.c for the SGFC messages they cover).
 */
#include <string.h>
#include <limits.h>
#include "props_int.h"


const sgf_prop *sgf__root_prop(const sgf_game *g, sgf_prop_id id)
{
    for (sgf_prop *p = g->root->props; p != NULL; p = p->next)
        if (p->id == id)
            return p;
    return NULL;
}

/* --- the root: FF, GM, SZ ------------------------------------------------ */

/* FF before anything else: the severities depend on it. Raw bytes (FF is
 * ASCII digits); problems are reported later, by check_ff. An FF[] given
 * that names no format (FF[5], FF[x]) is checked as FF[4], severities
 * too: only a file without FF[] takes the older forms more gently. */
void sgf__read_ff(sgf_game *g)
{
    const sgf_prop *p = sgf__root_prop(g, SGF_PROP_FF);
    long ff;
    g->ff = g->ff_checked = 0;
    if (p == NULL)
        return;
    g->ff_checked = 4;
    if (sgf__loose_number(p->values[0].raw, &ff) >= 0 && ff >= 1 && ff <= 4)
        g->ff = g->ff_checked = (int)ff;
}

static void check_ff(sgf__check *ck)
{
    const sgf_prop *p = sgf__root_prop(ck->g, SGF_PROP_FF);
    long ff;
    if (p == NULL)
        return;
    const sgf__value *v = &p->values[0];
    int r = sgf__loose_number(v->text, &ff);
    if (r < 0)
        SGF__DIAG(ck, SGF_D_BAD_VALUE, v->offset,
                  "FF[%.*s%s] is not a file format number (checked as FF[4])",
                  SGF__QV(v->text));
    else if (ff < 1 || ff > 4)
        SGF__DIAG(ck, SGF_D_VALUE_RANGE, v->offset,
                  "FF[%ld]: unknown file format, 1..4 exist (checked as "
                  "FF[4])", ff);
    else if (r > 0)
        SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                  "FF[%.*s%s] read as FF[%ld]", SGF__QV(v->text), ff);
}

static void check_gm(sgf__check *ck)
{
    const sgf_prop *p = sgf__root_prop(ck->g, SGF_PROP_GM);
    long gm;
    if (p == NULL)
        return;
    const sgf__value *v = &p->values[0];
    int r = sgf__loose_number(v->text, &gm);
    if (r < 0) {
        SGF__DIAG(ck, SGF_D_BAD_VALUE, v->offset,
                  "GM[%.*s%s] is not a game number: Go (GM[1]) assumed",
                  SGF__QV(v->text));
    } else if (gm < 1) {
        SGF__DIAG(ck, SGF_D_VALUE_RANGE, v->offset,
                  "GM[%ld] is not a game number: Go (GM[1]) assumed", gm);
    } else {
        if (r > 0)
            SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                      "GM[%.*s%s] read as GM[%ld]", SGF__QV(v->text), gm);
        ck->g->gm = gm > INT_MAX ? INT_MAX : (int)gm;  /* not Go either */
        if (gm != 1)
            SGF__DIAG(ck, SGF_D_NOT_GO, p->offset,
                      "GM[%ld]: not Go, so its points, moves and board "
                      "are not judged (the general properties are)", gm);
    }
}

/* SZ[n] or SZ[cols:rows]; 0 when unreadable, 1 when read, 2 when read
 * from a non-standard form (blanks). */
int sgf__read_size(sgf_str t, long *w, long *h)
{
    sgf_str l, r;
    int rl, rr;
    if (t.len - 1 < 2 && (unsigned)(t.ptr[0] - '0') < 10
        && (t.len == 1 || (unsigned)(t.ptr[1] - '0') < 10)) {
        /* the common value, SZ[19]: what the reading below gives */
        *w = *h = t.len == 1 ? t.ptr[0] - '0'
                             : (t.ptr[0] - '0') * 10 + t.ptr[1] - '0';
        return 1;
    }
    if (sgf_value_split(t, &l, &r) != 0) {
        rl = sgf__loose_number(t, w);
        *h = *w;
        return rl < 0 ? 0 : rl > 0 ? 2 : 1;
    }
    rl = sgf__loose_number(l, w);
    rr = sgf__loose_number(r, h);
    if (rl < 0 || rr < 0)
        return 0;
    return rl > 0 || rr > 0 ? 2 : 1;
}

static void size_notes(sgf__check *ck, const sgf__value *v, long w, long h,
                       int how)
{
    int ff = ck->g->ff_checked;
    bool composed = memchr(v->text.ptr, ':', v->text.len) != NULL;
    if (how == 2)
        SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                  "SZ[%.*s%s] read as %ldx%ld", SGF__QV(v->text), w, h);
    if (composed && w == h)
        SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                  "SZ[%.*s%s]: a square board is written SZ[%ld]",
                  SGF__QV(v->text), w);
    if (ff >= 1 && ff <= 3 && (w != h || w > 19))
        SGF__DIAG(ck, SGF_D_NOT_IN_FF, v->offset,
                  "SZ[%.*s%s]: boards larger than 19x19 or not square are "
                  "FF[4] only, not FF[%d]", SGF__QV(v->text), ff);
}

static void check_sz(sgf__check *ck)
{
    const sgf_prop *p = sgf__root_prop(ck->g, SGF_PROP_SZ);
    long w, h;
    if (p == NULL)
        return;
    const sgf__value *v = &p->values[0];
    int how = sgf__read_size(v->text, &w, &h);
    if (how == 0 || w < 1 || h < 1 || w > SGF_MAX_SIZE
        || h > SGF_MAX_SIZE) {
        if (ck->go)
            SGF__DIAG(ck, SGF_D_BOARD_SIZE, v->offset,
                      how == 0 ? "SZ[%.*s%s] is not a board size: 19x19 used"
                               : "SZ[%.*s%s] is outside 1..52: 19x19 used",
                      SGF__QV(v->text));
        return;
    }
    ck->g->width = (int)w;
    ck->g->height = (int)h;
    if (ck->go)
        size_notes(ck, v, w, h, how);
}

/* FF, GM or the charset differ from the first game of the collection. */
static void check_mixed(sgf__check *ck)
{
    const sgf_game *g = ck->g, *first;
    if (g->index == 0 || ck->c->ngames == 0)
        return;
    first = ck->c->games[0];
    const char *what = first->ff != g->ff ? "FF"
                     : first->gm != g->gm ? "GM"
                     : (first->charset && g->charset
                        && strcmp(first->charset, g->charset) != 0
                        && sgf__root_prop(first, SGF_PROP_CA) != NULL
                        && sgf__root_prop(g, SGF_PROP_CA) != NULL) ? "CA"
                     : NULL;
    if (what != NULL)
        SGF__DIAG(ck, SGF_D_MIXED_COLLECTION, g->offset,
                  "game %u differs from game 0 in %s", (unsigned)g->index,
                  what);
}

void sgf__check_root(sgf__check *ck)
{
    check_ff(ck);
    check_gm(ck);
    ck->go = ck->g->gm == 1;
    check_sz(ck);
}

void sgf__check_mixed(sgf__check *ck)
{
    check_mixed(ck);
}
