/*
 * checkval.c - the value checks of one property (SGF FF[4] spec sgf4.html
 * section 3, properties.html, go.html): each value against its type, Go
 * points and moves against the board, compressed point lists, points
 * shared between the properties of one node (AB/AW/AE, CR/MA/SL/SQ/TR,
 * TB/TW, LB), AR/LN pairs, and the game-info values with a mandatory
 * form (KM, HA, DT, RE).
 *
 * Points are kept in bitmaps of the 52x52 board (one per property of a
 * node), so duplicates and overlaps cost one bit test per point whatever
 * the size of the lists.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "props_int.h"
#include "coord_int.h"


/* --- helpers ------------------------------------------------------------- */

static bool is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'
        || ch == '\v' || ch == '\f';
}

int sgf__loose_number(sgf_str v, long *out)
{
    if (sgf_value_number(v, out) == 0)
        return 0;
    while (v.len > 0 && is_blank(v.ptr[0]))
        v.ptr++, v.len--;
    while (v.len > 0 && is_blank(v.ptr[v.len - 1]))
        v.len--;
    return sgf_value_number(v, out) == 0 ? 1 : -1;
}

static int ff_of(const sgf__check *ck)
{
    return ck->g->ff;
}

/* A diagnostic about a move: move number, colour, point or pass. */
static void move_diag(sgf__check *ck, sgf_diag_code code, size_t offset,
                      uint32_t number, sgf_color color, const sgf_point *pt,
                      const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

static void move_diag(sgf__check *ck, sgf_diag_code code, size_t offset,
                      uint32_t number, sgf_color color, const sgf_point *pt,
                      const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sgf_diag proto;
    memset(&proto, 0, sizeof proto);
    proto.code = code;
    proto.game = (int32_t)ck->g->index;
    proto.pos.offset = (uint32_t)offset;
    proto.move_number = number;
    proto.color = color;
    proto.has_point = pt != NULL;
    proto.pass = pt == NULL && code == SGF_D_PASS_FORM;
    if (pt != NULL)
        proto.point = *pt;
    sgf__diag_emit(ck->c, &proto, ck->ff4, true, "%s", msg);
}

/* --- point sets ---------------------------------------------------------- */

static sgf__slot slot_of(sgf_prop_id id)
{
    switch (id) {
    case SGF_PROP_AB: return SGF__S_AB;
    case SGF_PROP_AW: return SGF__S_AW;
    case SGF_PROP_AE: return SGF__S_AE;
    case SGF_PROP_CR: return SGF__S_CR;
    case SGF_PROP_MA: return SGF__S_MA;
    case SGF_PROP_SL: return SGF__S_SL;
    case SGF_PROP_SQ: return SGF__S_SQ;
    case SGF_PROP_TR: return SGF__S_TR;
    case SGF_PROP_TB: return SGF__S_TB;
    case SGF_PROP_TW: return SGF__S_TW;
    case SGF_PROP_LB: return SGF__S_LB;
    default: return SGF__S_OTHER;
    }
}

#define SLOT_BIT(s) (1u << (s))
#define SETUP_SLOTS (SLOT_BIT(SGF__S_AB) | SLOT_BIT(SGF__S_AW)             \
                     | SLOT_BIT(SGF__S_AE))
#define MARKUP_SLOTS (SLOT_BIT(SGF__S_CR) | SLOT_BIT(SGF__S_MA)            \
                      | SLOT_BIT(SGF__S_SL) | SLOT_BIT(SGF__S_SQ)          \
                      | SLOT_BIT(SGF__S_TR))
#define TERRITORY_SLOTS (SLOT_BIT(SGF__S_TB) | SLOT_BIT(SGF__S_TW))

static unsigned group_of(sgf__slot s)
{
    unsigned b = SLOT_BIT(s);
    if (b & SETUP_SLOTS)
        return SETUP_SLOTS;
    if (b & MARKUP_SLOTS)
        return MARKUP_SLOTS;
    if (b & TERRITORY_SLOTS)
        return TERRITORY_SLOTS;
    return b;
}

/* The slot's bitmap, cleared on first use in the node (the catch-all
 * slot on every use). */
static uint64_t *slot_bits(sgf__check *ck, sgf__slot s, sgf_prop *p)
{
    if (!(ck->used & SLOT_BIT(s)) || s == SGF__S_OTHER) {
        memset(ck->bits[s], 0, sizeof ck->bits[s]);
        ck->used |= SLOT_BIT(s);
    }
    ck->slot_prop[s] = p;
    return ck->bits[s];
}

unsigned sgf__check_ab_count(const sgf__check *ck)
{
    unsigned n = 0;
    if (!(ck->used & SLOT_BIT(SGF__S_AB)))
        return 0;
    for (int i = 0; i < SGF__BM_WORDS; i++)
        for (uint64_t w = ck->bits[SGF__S_AB][i]; w != 0; w &= w - 1)
            n++;
    return n;
}

/* What marking a property's points found: the first repeated point and
 * the first point shared with another property of the group. */
typedef struct mark_state {
    sgf__slot slot;
    uint64_t *own;
    unsigned others;          /* slots of the group in use, not own */
    unsigned dups;
    sgf_point dup_pt;
    size_t dup_at;
    int clash_slot;           /* -1: none */
    sgf_point clash_pt;
    size_t clash_at;
} mark_state;

static void mark_point(sgf__check *ck, mark_state *ms, unsigned x,
                       unsigned y, size_t at)
{
    unsigned i = y * SGF_MAX_SIZE + x;
    uint64_t bit = UINT64_C(1) << (i & 63);
    sgf_point pt = { (uint8_t)x, (uint8_t)y };
    if (ms->own[i >> 6] & bit) {
        if (ms->dups++ == 0) {
            ms->dup_pt = pt;
            ms->dup_at = at;
        }
        return;
    }
    ms->own[i >> 6] |= bit;
    if (ms->others == 0 || ms->clash_slot >= 0)
        return;
    for (unsigned left = ms->others; left != 0; left &= left - 1) {
        int s = __builtin_ctz(left);      /* the slots in use, in order */
        if (ck->bits[s][i >> 6] & bit) {
            ms->clash_slot = s;
            ms->clash_pt = pt;
            ms->clash_at = at;
            return;
        }
    }
}

static void report_marks(sgf__check *ck, const sgf_prop *p,
                         const mark_state *ms)
{
    char a[3], b[3];
    if (ms->dups > 0 && ms->slot == SGF__S_LB)
        SGF__DIAG(ck, SGF_D_DUPLICATE_POINT, ms->dup_at,
                  "point '%s' labelled twice in 'LB'",
                  sgf_point_format_sgf(a, ms->dup_pt));
    else if (ms->dups > 0)
        SGF__DIAG(ck, SGF_D_DUPLICATE_POINT, ms->dup_at,
                  "point '%s' listed twice in '%s'%s",
                  sgf_point_format_sgf(a, ms->dup_pt), p->ident,
                  ms->dups > 1 ? " (and other points too)" : "");
    if (ms->clash_slot < 0)
        return;
    const char *other = ck->slot_prop[ms->clash_slot]->ident;
    sgf_point_format_sgf(b, ms->clash_pt);
    if (group_of(ms->slot) == SETUP_SLOTS)
        SGF__DIAG(ck, SGF_D_SETUP_OVERLAP, ms->clash_at,
                  "point '%s' in both '%s' and '%s' ('%s', applied "
                  "later, wins)", b, other, p->ident, p->ident);
    else
        SGF__DIAG(ck, SGF_D_MARKUP_OVERLAP, ms->clash_at,
                  "point '%s' marked by both '%s' and '%s'", b, other,
                  p->ident);
}


static bool off_board(const sgf__check *ck, sgf_point pt)
{
    return pt.x >= ck->g->width || pt.y >= ck->g->height;
}

/* One value of a point list as a rectangle; false when unusable (said). */
static bool list_rect(sgf__check *ck, const sgf_prop *p,
                      const sgf__value *v, sgf_point *ul, sgf_point *lr)
{
    sgf_str t = v->text;
    sgf_point first;
    if (sgf_value_rect(t, ul, lr) == 0) {
        if (t.len == 5 && sgf_value_point((sgf_str){ t.ptr, 2 }, &first) == 0
            && (first.x != ul->x || first.y != ul->y)) {
            char s1[3], s2[3];
            SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                      "rectangle '%.*s%s' of '%s' is not written upper-left:"
                      "lower-right (read as %s:%s)", SGF__QV(t), p->ident,
                      sgf_point_format_sgf(s1, *ul),
                      sgf_point_format_sgf(s2, *lr));
        }
        return true;
    }
    SGF__DIAG(ck, SGF_D_BAD_VALUE, v->offset,
              "'%s' value '%.*s%s' is not a point (ignored)", p->ident,
              SGF__QV(t));
    return false;
}

/* Checks of a compressed rectangle "ul:lr" (FF[4] spec 3.5.1). */
static void check_rect_form(sgf__check *ck, const sgf_prop *p,
                            const sgf__value *v, sgf_point ul, sgf_point lr)
{
    char s[3];
    int ff = ff_of(ck);
    if (ff >= 1 && ff <= 3 && !ck->cpl_reported) {
        ck->cpl_reported = true;
        SGF__DIAG(ck, SGF_D_NOT_IN_FF, v->offset,
                  "compressed point list '%.*s%s' in '%s': FF[4] only, not "
                  "FF[%d]", SGF__QV(v->text), p->ident, ff);
    }
    if (ul.x == lr.x && ul.y == lr.y)
        SGF__DIAG(ck, SGF_D_ONE_POINT_RECT, v->offset,
                  "'%s[%.*s%s]' is a 1x1 rectangle: read as the point '%s' "
                  "(write [%s])", p->ident, SGF__QV(v->text),
                  sgf_point_format_sgf(s, ul), s);
}

/* An empty value in a point list: the one [] of an elist is fine. */
static void empty_in_list(sgf__check *ck, const sgf_prop *p,
                          const sgf_prop_info *info, const sgf__value *v)
{
    if (info->flags & SGF_PF_ELIST) {
        if (p->nvalues > 1)
            SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                      "'%s' mixes [] with points ([] ignored)", p->ident);
        return;
    }
    SGF__DIAG(ck, SGF_D_BAD_VALUE, v->offset,
              "empty value in '%s' (ignored): a list of points", p->ident);
}

static void check_point_list(sgf__check *ck, sgf_prop *p,
                             const sgf_prop_info *info)
{
    mark_state ms;
    memset(&ms, 0, sizeof ms);
    ms.slot = slot_of((sgf_prop_id)p->id);
    ms.others = group_of(ms.slot) & ~SLOT_BIT(ms.slot) & ck->used;
    ms.own = slot_bits(ck, ms.slot, p);
    ms.clash_slot = -1;
    const unsigned lim_x = ck->g->width < 26 ? (unsigned)ck->g->width : 26;
    const unsigned lim_y = ck->g->height < 26 ? (unsigned)ck->g->height
                                              : 26;
    for (uint32_t i = 0; i < p->nvalues; i++) {
        const sgf__value *v = &p->values[i];
        sgf_point ul, lr;
        if (v->text.len == 2 && sgf__coord_lower(v->text.ptr[0]) < lim_x
            && sgf__coord_lower(v->text.ptr[1]) < lim_y) {
            /* the common value: one point on the board */
            mark_point(ck, &ms, sgf__coord_lower(v->text.ptr[0]),
                       sgf__coord_lower(v->text.ptr[1]), v->offset);
            continue;
        }
        if (v->text.len == 0) {
            empty_in_list(ck, p, info, v);
            continue;
        }
        if (!list_rect(ck, p, v, &ul, &lr))
            continue;
        if (v->text.len == 5)
            check_rect_form(ck, p, v, ul, lr);
        if (off_board(ck, lr)) {
            SGF__DIAG(ck, SGF_D_OFF_BOARD, v->offset,
                      "'%s' value '%.*s%s' is off the %dx%d board", p->ident,
                      SGF__QV(v->text), ck->g->width, ck->g->height);
            if (off_board(ck, ul))
                continue;
            if (lr.x >= ck->g->width)
                lr.x = (uint8_t)(ck->g->width - 1);
            if (lr.y >= ck->g->height)
                lr.y = (uint8_t)(ck->g->height - 1);
        }
        for (unsigned y = ul.y; y <= lr.y; y++)
            for (unsigned x = ul.x; x <= lr.x; x++)
                mark_point(ck, &ms, x, y, v->offset);
    }
    report_marks(ck, p, &ms);
}

/* --- moves --------------------------------------------------------------- */

static bool all_blank(sgf_str t)
{
    for (size_t i = 0; i < t.len; i++)
        if (!is_blank(t.ptr[i]))
            return false;
    return true;
}

/* The common case first: two lowercase letters on the board. */
static bool plain_move(const sgf__check *ck, sgf_str t)
{
    if (t.len != 2)
        return false;
    unsigned x = sgf__coord_lower(t.ptr[0]), y = sgf__coord_lower(t.ptr[1]);
    return x < 19 && y < 19 && x < (unsigned)ck->g->width
        && y < (unsigned)ck->g->height;
}

void sgf__check_move(sgf__check *ck, const sgf_prop *p)
{
    const sgf__value *v = &p->values[0];
    sgf_str t = v->text;
    bool is_move = p->id == SGF_PROP_B || p->id == SGF_PROP_W;
    uint32_t num = is_move ? ck->move_number + ++ck->moves_seen : 0;
    if (plain_move(ck, t))
        return;
    sgf_color col = p->id == SGF_PROP_B ? SGF_BLACK
                  : p->id == SGF_PROP_W ? SGF_WHITE : SGF_EMPTY;
    int ff = ff_of(ck);
    sgf_point pt;
    bool pass;
    if (t.len == 0) {
        if (ff >= 1 && ff <= 3)
            move_diag(ck, SGF_D_PASS_FORM, v->offset, num, col, NULL,
                      "move %u: pass written '%s[]', the FF[4] form, in "
                      "an FF[%d] file (FF[3] writes [tt])", num, p->ident,
                      ff);
    } else if (all_blank(t)) {
        move_diag(ck, SGF_D_PASS_FORM, v->offset, num, col, NULL,
                  "move %u: blank value '%s[%.*s%s]' read as a pass", num,
                  p->ident, SGF__QV(t));
    } else if (sgf_value_move(t, ck->g->width, ck->g->height, &pt,
                              &pass) != 0) {
        move_diag(ck, SGF_D_BAD_VALUE, v->offset, num, col, NULL,
                  "move %u: '%s[%.*s%s]' is not a point (move ignored)", num,
                  p->ident, SGF__QV(t));
    } else if (pass && ff == 0) {
        move_diag(ck, SGF_D_PASS_FORM, v->offset, num, col, NULL,
                  "move %u: pass written '%s[tt]', the FF[3] form, in a "
                  "file without FF[] (FF[4] writes [])", num, p->ident);
    } else if (!pass && off_board(ck, pt)) {
        move_diag(ck, SGF_D_OFF_BOARD, v->offset, num, col, &pt,
                  "move %u: '%s[%.*s%s]' is off the %dx%d board", num,
                  p->ident, SGF__QV(t), ck->g->width, ck->g->height);
    }
}

/* --- AR, LN, LB ---------------------------------------------------------- */

/* A composed point:point value; false when it is not one. */
static bool read_pair(sgf_str t, sgf_point *a, sgf_point *b)
{
    sgf_str l = { t.ptr, 2 }, r = { t.ptr + 3, 2 };
    return t.len == 5 && t.ptr[2] == ':' && sgf_value_point(l, a) == 0
        && sgf_value_point(r, b) == 0;
}

/* The pair as compared: LN has no direction. */
static void pair_key(sgf_prop_id id, sgf_point *a, sgf_point *b)
{
    if (id == SGF_PROP_LN && (b->y < a->y || (b->y == a->y && b->x < a->x))) {
        sgf_point t = *a;
        *a = *b;
        *b = t;
    }
}

/* Is the pair of value i already among values 0..i-1? starts has a bit
 * for the first point of every earlier pair, so most pairs skip the
 * scan. */
static bool pair_seen(const sgf_prop *p, uint32_t i, sgf_point a,
                      sgf_point b, uint64_t *starts)
{
    unsigned k = (unsigned)a.y * SGF_MAX_SIZE + a.x;
    uint64_t bit = UINT64_C(1) << (k & 63);
    if (!(starts[k >> 6] & bit)) {
        starts[k >> 6] |= bit;
        return false;
    }
    for (uint32_t j = 0; j < i; j++) {
        sgf_point c, d;
        if (!read_pair(p->values[j].text, &c, &d))
            continue;
        pair_key((sgf_prop_id)p->id, &c, &d);
        if (c.x == a.x && c.y == a.y && d.x == b.x && d.y == b.y)
            return true;
    }
    return false;
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* For a property of many pairs: the index of the first value whose pair
 * an earlier value has (UINT32_MAX: none), found by sorting the pairs
 * with their indexes, n log n (pair_seen's scan is quadratic when many
 * pairs share a first point: 50,000 pairs took 17 s); -1 when out of
 * memory (then pair_seen). */
static int64_t first_repeat(const sgf_prop *p)
{
    uint64_t *e = malloc((size_t)p->nvalues * sizeof *e);
    if (e == NULL)
        return -1;
    size_t m = 0;
    for (uint32_t i = 0; i < p->nvalues; i++) {
        sgf_point a, b;
        if (!read_pair(p->values[i].text, &a, &b)
            || (a.x == b.x && a.y == b.y))
            continue;
        pair_key((sgf_prop_id)p->id, &a, &b);
        uint64_t key = ((uint64_t)a.y * SGF_MAX_SIZE + a.x) << 12
                       | ((uint64_t)b.y * SGF_MAX_SIZE + b.x);
        e[m++] = key << 32 | i;
    }
    qsort(e, m, sizeof *e, cmp_u64);
    uint32_t first = UINT32_MAX;
    for (size_t k = 1; k < m; k++)      /* a key's later indexes */
        if (e[k] >> 32 == e[k - 1] >> 32 && (uint32_t)e[k] < first)
            first = (uint32_t)e[k];
    free(e);
    return first;
}

static void check_pairs(sgf__check *ck, sgf_prop *p)
{
    uint64_t *starts = slot_bits(ck, SGF__S_OTHER, p);
    bool dup_said = false;
    int64_t repeat = p->nvalues > 64 ? first_repeat(p) : -1;
    for (uint32_t i = 0; i < p->nvalues; i++) {
        const sgf__value *v = &p->values[i];
        sgf_point a, b;
        if (!read_pair(v->text, &a, &b)) {
            SGF__DIAG(ck, SGF_D_BAD_VALUE, v->offset,
                      "'%s' value '%.*s%s' is not point:point (ignored)",
                      p->ident, SGF__QV(v->text));
            continue;
        }
        if (off_board(ck, a) || off_board(ck, b))
            SGF__DIAG(ck, SGF_D_OFF_BOARD, v->offset,
                      "'%s' value '%.*s%s' is off the %dx%d board", p->ident,
                      SGF__QV(v->text), ck->g->width, ck->g->height);
        if (a.x == b.x && a.y == b.y) {
            SGF__DIAG(ck, SGF_D_DUPLICATE_PAIR, v->offset,
                      "'%s[%.*s%s]' goes from a point to itself", p->ident,
                      SGF__QV(v->text));
            continue;
        }
        pair_key((sgf_prop_id)p->id, &a, &b);
        if (!dup_said && (repeat >= 0 ? (int64_t)i == repeat
                                      : pair_seen(p, i, a, b, starts))) {
            dup_said = true;
            SGF__DIAG(ck, SGF_D_DUPLICATE_PAIR, v->offset,
                      "'%s' pair '%.*s%s' listed twice", p->ident,
                      SGF__QV(v->text));
        }
    }
}

static void check_labels(sgf__check *ck, sgf_prop *p)
{
    mark_state ms;
    memset(&ms, 0, sizeof ms);
    ms.slot = SGF__S_LB;
    ms.own = slot_bits(ck, SGF__S_LB, p);
    ms.clash_slot = -1;
    for (uint32_t i = 0; i < p->nvalues; i++) {
        const sgf__value *v = &p->values[i];
        sgf_str t = v->text, l, r;
        sgf_point pt;
        /* split as written: an escaped ':' is no separator */
        if (sgf_value_split(v->raw, &l, &r) != 0
            || sgf_value_point(l, &pt) != 0) {
            SGF__DIAG(ck, SGF_D_BAD_VALUE, v->offset,
                      "'LB' value '%.*s%s' is not point:label (ignored)",
                      SGF__QV(v->raw));
            continue;
        }
        if (off_board(ck, pt)) {
            SGF__DIAG(ck, SGF_D_OFF_BOARD, v->offset,
                      "label '%.*s%s' is off the %dx%d board", SGF__QV(t),
                      ck->g->width, ck->g->height);
            continue;
        }
        mark_point(ck, &ms, pt.x, pt.y, v->offset);
    }
    report_marks(ck, p, &ms);
}

/* --- numbers and the simple types ---------------------------------------- */

static void range_of(sgf_prop_id id, long *lo, long *hi)
{
    *lo = LONG_MIN;
    *hi = LONG_MAX;
    if (id == SGF_PROP_ST)
        *lo = 0, *hi = 3;
    else if (id == SGF_PROP_PM)
        *lo = 0, *hi = 2;
    else if (id == SGF_PROP_MN)
        *lo = 0, *hi = SGF_MOVE_NUMBER_MAX;
    else if (id == SGF_PROP_OB || id == SGF_PROP_OW)
        *lo = 0;
}

static void check_handicap(sgf__check *ck, const sgf_prop *p,
                           const sgf__value *v)
{
    long ha;
    long points = (long)ck->g->width * ck->g->height;
    ck->handicap = 0;
    int r = sgf__loose_number(v->text, &ha);
    if (r < 0)
        SGF__DIAG(ck, SGF_D_HANDICAP_VALUE, v->offset,
                  "HA[%.*s%s] is not a number: no handicap assumed",
                  SGF__QV(v->text));
    else if (ha == 1 || ha < 0)
        SGF__DIAG(ck, SGF_D_HANDICAP_VALUE, p->offset,
                  "HA[%ld]: a handicap is 2 stones or more (HA[0] or no HA "
                  "for none); no handicap assumed", ha);
    else if (ha > points)
        SGF__DIAG(ck, SGF_D_HANDICAP_VALUE, p->offset,
                  "HA[%ld]: more stones than the %dx%d board has points; "
                  "no handicap assumed", ha, ck->g->width, ck->g->height);
    else if (r > 0)
        SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                  "'HA' value '%.*s%s' read as %ld", SGF__QV(v->text), ha);
    if (r >= 0)
        ck->handicap = sgf__handicap_stones(ha, points);
}

static void check_number(sgf__check *ck, const sgf_prop *p)
{
    const sgf__value *v = &p->values[0];
    long n, lo, hi;
    if (p->id == SGF_PROP_HA) {
        check_handicap(ck, p, v);
        return;
    }
    int r = sgf__loose_number(v->text, &n);
    if (r < 0) {
        SGF__DIAG(ck, SGF_D_BAD_VALUE, v->offset,
                  "'%s' value '%.*s%s' is not a number (ignored)", p->ident,
                  SGF__QV(v->text));
        return;
    }
    if (r > 0)
        SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                  "'%s' value '%.*s%s' read as %ld", p->ident, SGF__QV(v->text), n);
    range_of((sgf_prop_id)p->id, &lo, &hi);
    if (n < lo || n > hi)
        SGF__DIAG(ck, SGF_D_VALUE_RANGE, v->offset,
                  "%s[%ld] is outside %ld..%ld (ignored)", p->ident, n, lo,
                  hi);
}

static void check_komi(sgf__check *ck, const sgf__value *v)
{
    double km;
    char buf[32];
    if (v->text.len == 0) {
        SGF__DIAG(ck, SGF_D_KOMI_FORMAT, v->offset,
                  "KM[] is empty: komi unknown");
        return;
    }
    bool loose = false;
    int r = sgf_value_real_loose(v->text, &km, &loose);
    double fox;
    if (r >= 0 && (km >= 100 || km <= -100)) {
        if (sgf__komi_scaled(km, &fox)) {
            sgf__format_real(buf, sizeof buf, fox);
            SGF__DIAG(ck, SGF_D_KOMI_FORMAT, v->offset,
                      "KM[%.*s%s] read as %s (the Fox server writes komi "
                      "times 50 or 100)", SGF__QV(v->text), buf);
        } else {                /* a Real, but no komi: an error, as */
            SGF__DIAG(ck, SGF_D_BAD_VALUE, v->offset,   /* no number is */
                      "KM[%.*s%s] is not a komi (100 points or more either "
                      "way, and no Fox form): komi unknown",
                      SGF__QV(v->text));
        }
    } else if (r == 0 && loose) {
        sgf__format_real(buf, sizeof buf, km);
        SGF__DIAG(ck, SGF_D_KOMI_FORMAT, v->offset,
                  "KM[%.*s%s] is not an FF[4] real number: read as %s",
                  SGF__QV(v->text), buf);
    } else if (r < 0) {
        SGF__DIAG(ck, SGF_D_BAD_VALUE, v->offset,
                  "KM[%.*s%s] is not a number: komi unknown", SGF__QV(v->text));
    }
}

/* The FF[4] form of a Real, [+-]digits[.digits], which is all that
 * sgf_value_real accepts: most BL/WL values, checked without reading
 * them. */
static bool strict_real(sgf_str t)
{
    size_t i = 0, start;
    if (i < t.len && (t.ptr[i] == '+' || t.ptr[i] == '-'))
        i++;
    for (start = i; i < t.len && t.ptr[i] >= '0' && t.ptr[i] <= '9'; i++)
        continue;
    if (i == start)
        return false;
    if (i < t.len && t.ptr[i] == '.') {
        for (start = ++i; i < t.len && t.ptr[i] >= '0' && t.ptr[i] <= '9';
             i++)
            continue;
        if (i == start)
            return false;
    }
    return i == t.len;
}

/* The units a time is written in instead of seconds ("9 hours",
 * "1時間30分"), each with its seconds; longer names first. */
static const struct time_unit {
    const char *name;
    unsigned seconds;
} time_units[] = {
    { "hours", 3600 }, { "hour", 3600 }, { "hrs", 3600 }, { "hr", 3600 },
    { "h", 3600 }, { "\xE6\x99\x82\xE9\x96\x93", 3600 },    /* 時間 */
    { "\xE5\xB0\x8F\xE6\x97\xB6", 3600 },                  /* 小时 */
    { "\xE5\xB0\x8F\xE6\x99\x82", 3600 },                  /* 小時 */
    { "minutes", 60 }, { "minute", 60 }, { "mins", 60 }, { "min", 60 },
    { "m", 60 }, { "\xE5\x88\x86\xE9\x92\x9F", 60 },          /* 分钟 */
    { "\xE5\x88\x86\xE9\x90\x98", 60 },                      /* 分鐘 */
    { "\xE5\x88\x86", 60 },                                    /* 分 */
    { "seconds", 1 }, { "second", 1 }, { "secs", 1 }, { "sec", 1 },
    { "s", 1 }, { "\xE7\xA7\x92", 1 },                          /* 秒 */
};

/* A time written as numbers with units ("9 hours", "1h 30m",
 * "1時間30分"): its seconds into *out, true; false when the value is
 * not all of that form. */
static bool time_with_units(sgf_str t, double *out)
{
    size_t i = 0, pairs = 0;
    double total = 0;
    while (i < t.len) {
        while (i < t.len && (t.ptr[i] == ' ' || t.ptr[i] == '\t'
                             || (pairs > 0 && (t.ptr[i] == ','
                                               || t.ptr[i] == '+'))))
            i++;
        if (i == t.len)
            break;
        size_t start = i;
        while (i < t.len && ((t.ptr[i] >= '0' && t.ptr[i] <= '9')
                             || t.ptr[i] == '.'))
            i++;
        double n;
        if (i == start || i - start > 15
            || sgf_value_real((sgf_str){ t.ptr + start, i - start }, &n))
            return false;
        while (i < t.len && t.ptr[i] == ' ')
            i++;
        size_t k = 0, nu = sizeof time_units / sizeof time_units[0];
        for (; k < nu; k++) {
            size_t len = strlen(time_units[k].name);
            if (len <= t.len - i
                && strncasecmp(t.ptr + i, time_units[k].name, len) == 0
                && (i + len == t.len || !((t.ptr[i + len] | 0x20) >= 'a'
                                          && (t.ptr[i + len] | 0x20) <= 'z'))) {
                i += len;
                break;
            }
        }
        if (k == nu)
            return false;
        total += n * time_units[k].seconds;
        pairs++;
    }
    *out = total;
    return pairs > 0;
}

/* Whether a value holds a word (letters, or bytes beyond ASCII): for a
 * time, one that time_with_units could not read ("2 hours + 30s",
 * "5 apples"), where reading the number alone would be a guess. */
static bool has_word(sgf_str t)
{
    for (size_t i = 0; i < t.len; i++) {
        unsigned char ch = (unsigned char)t.ptr[i];
        if (((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z') || ch >= 0x80)
            return true;
    }
    return false;
}

static void check_real(sgf__check *ck, const sgf_prop *p)
{
    const sgf__value *v = &p->values[0];
    double d;
    char buf[32];
    if (p->id == SGF_PROP_KM) {
        check_komi(ck, v);
        return;
    }
    if (strict_real(v->text))
        return;
    bool time = p->id == SGF_PROP_TM || p->id == SGF_PROP_BL
                || p->id == SGF_PROP_WL;
    if (time && time_with_units(v->text, &d)) {
        sgf__format_real(buf, sizeof buf, d);
        SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                  "'%s' value '%.*s%s' is not in seconds: read as %s "
                  "seconds", p->ident, SGF__QV(v->text), buf);
        return;
    }
    if (time && has_word(v->text)) {   /* "2 hours + 30s": */
        SGF__DIAG(ck, SGF_D_BAD_VALUE, v->offset,   /* no guess at it */
                  "'%s' value '%.*s%s' is not a time in seconds (ignored)",
                  p->ident, SGF__QV(v->text));
        return;
    }
    bool loose = false;
    int r = sgf_value_real_loose(v->text, &d, &loose);
    if (r < 0) {
        SGF__DIAG(ck, SGF_D_BAD_VALUE, v->offset,
                  "'%s' value '%.*s%s' is not a number (ignored)", p->ident,
                  SGF__QV(v->text));
    } else if (loose) {
        sgf__format_real(buf, sizeof buf, d);
        SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                  "'%s' value '%.*s%s' read as %s", p->ident, SGF__QV(v->text),
                  buf);
    }
}

static void check_double(sgf__check *ck, const sgf_prop *p)
{
    const sgf__value *v = &p->values[0];
    int d;
    if (sgf_value_double(v->text, &d) == 0)
        return;
    if (v->text.len == 0)
        SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                  "'%s[]' without its value 1 or 2: read as 1", p->ident);
    else
        SGF__DIAG(ck, SGF_D_BAD_VALUE, v->offset,
                  "'%s' value '%.*s%s' is not 1 or 2 (ignored)", p->ident,
                  SGF__QV(v->text));
}

static void check_color(sgf__check *ck, const sgf_prop *p)
{
    const sgf__value *v = &p->values[0];
    sgf_color col;
    sgf_str t = v->text;
    if (sgf_value_color(t, &col) == 0)
        return;
    char c0 = t.len > 0 ? t.ptr[0] : 0;
    if (c0 == 'b' || c0 == 'w' || c0 == 'B' || c0 == 'W')
        SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                  "'%s' value '%.*s%s' read as %c", p->ident, SGF__QV(t),
                  c0 == 'b' || c0 == 'B' ? 'B' : 'W');
    else
        SGF__DIAG(ck, SGF_D_BAD_VALUE, v->offset,
                  "'%s' value '%.*s%s' is not B or W (ignored)", p->ident,
                  SGF__QV(t));
}

static void check_none(sgf__check *ck, const sgf_prop *p)
{
    for (uint32_t i = 0; i < p->nvalues; i++)
        if (p->values[i].text.len > 0) {
            SGF__DIAG(ck, SGF_D_VALUE_FORMAT, p->values[i].offset,
                      "'%s' takes no value: '%.*s%s' ignored", p->ident,
                      SGF__QV(p->values[i].text));
            return;
        }
}

/* --- game info and composed text ----------------------------------------- */

static void check_date(sgf__check *ck, const sgf__value *v)
{
    char norm[16];
    sgf__form f = sgf__check_date(v->text, norm);
    if (f == SGF__FORM_INVALID)
        SGF__DIAG(ck, SGF_D_DATE_FORMAT, v->offset,
                  "DT[%.*s%s] is not a real calendar date", SGF__QV(v->text));
    else if (f == SGF__FORM_READABLE && norm[0] != '\0')
        SGF__DIAG(ck, SGF_D_DATE_FORMAT, v->offset,
                  "DT[%.*s%s] is not in the FF[4] form YYYY-MM-DD: read as %s",
                  SGF__QV(v->text), norm);
    else if (f != SGF__FORM_OK)
        SGF__DIAG(ck, SGF_D_DATE_FORMAT, v->offset,
                  "DT[%.*s%s] is not in the FF[4] form YYYY-MM-DD (kept as "
                  "text)", SGF__QV(v->text));
}

/* A text value whose end reads as the start of a node: ';', blanks, a
 * property identifier (one or two capitals) and '[', then no '[', ']'
 * or '\\' up to the end (';W[cd'). Its own ']' is then most likely
 * missing: the value ran on to the ']' of that property, and the moves
 * and properties between were read as its text. A text that quotes SGF
 * escapes the ']' of each value it quotes, which ends the match. */
void sgf__check_node_in_text(sgf__check *ck, const sgf_prop *p)
{
    for (unsigned k = 0; k < p->nvalues; k++) {
        const sgf__value *v = &p->values[k];
        const char *s = v->raw.ptr;
        size_t i = v->raw.len;
        if (memchr(s, '[', i) == NULL)
            continue;                   /* most texts: a fast look */
        while (i > 0 && s[i - 1] != '[' && s[i - 1] != ']'
               && s[i - 1] != '\\')
            i--;
        if (i < 3 || s[i - 1] != '[')
            continue;
        size_t id = i - 1;
        while (id > 0 && i - 1 - id < 2 && s[id - 1] >= 'A'
               && s[id - 1] <= 'Z')
            id--;
        size_t j = id;
        while (j > 0 && (s[j - 1] == ' ' || s[j - 1] == '\t'
                         || s[j - 1] == '\n' || s[j - 1] == '\r'))
            j--;
        if (id == i - 1 || j == 0 || s[j - 1] != ';')
            continue;
        sgf_str tail = { s + j - 1, v->raw.len - (j - 1) };
        SGF__DIAG(ck, SGF_D_NODE_IN_TEXT, v->offset,
                  "value of '%s' ends in '%.*s%s', the start of a node: "
                  "its ']' may be missing (what came up to the next ']' "
                  "was read as its text)", p->ident, SGF__QV(tail));
    }
}

static void check_result(sgf__check *ck, const sgf__value *v)
{
    char norm[32];
    sgf__form f = sgf__check_result(v->text, norm);
    if (f == SGF__FORM_READABLE)
        SGF__DIAG(ck, SGF_D_RESULT_FORMAT, v->offset,
                  "RE[%.*s%s] is not in the FF[4] form: read as %s",
                  SGF__QV(v->text), norm);
    else if (f != SGF__FORM_OK)
        SGF__DIAG(ck, SGF_D_RESULT_FORMAT, v->offset,
                  "RE[%.*s%s] is not in the FF[4] form (B+3.5, W+R, 0, Void, "
                  "?): kept as text", SGF__QV(v->text));
}

static void check_app(sgf__check *ck, const sgf_prop *p)
{
    const sgf__value *v = &p->values[0];
    sgf_str l, r;
    if (sgf_value_split(v->raw, &l, &r) != 0)
        SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                  "AP[%.*s%s] is not name:version", SGF__QV(v->text));
}

static void check_figure(sgf__check *ck, const sgf_prop *p)
{
    const sgf__value *v = &p->values[0];
    sgf_str l, r;
    long flags;
    if (v->raw.len == 0)
        return;
    if (sgf_value_split(v->raw, &l, &r) != 0)
        SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                  "FG[%.*s%s] is not flags:name", SGF__QV(v->text));
    else if (sgf_value_number(l, &flags) != 0)
        SGF__DIAG(ck, SGF_D_BAD_VALUE, v->offset,
                  "FG[%.*s%s]: the flags before ':' are not a number",
                  SGF__QV(v->text));
}

void sgf__check_value_count(sgf__check *ck, const sgf_prop *p,
                            const sgf_prop_info *info)
{
    if ((info->flags & SGF_PF_LIST) || p->nvalues < 2
        || (p->flags & SGF__P_DUPLICATE))
        return;
    SGF__DIAG(ck, SGF_D_VALUE_COUNT, p->values[1].offset,
              "'%s' takes one value, not %u (the first is used)", p->ident,
              (unsigned)p->nvalues);
}

void sgf__check_values(sgf__check *ck, sgf_prop *p,
                       const sgf_prop_info *info)
{
    sgf__check_value_count(ck, p, info);
    switch (info->value_type) {
    case SGF_VT_NONE: check_none(ck, p); break;
    case SGF_VT_NUMBER: check_number(ck, p); break;
    case SGF_VT_REAL: check_real(ck, p); break;
    case SGF_VT_DOUBLE: check_double(ck, p); break;
    case SGF_VT_COLOR: check_color(ck, p); break;
    case SGF_VT_POINT: check_point_list(ck, p, info); break;
    case SGF_VT_MOVE: sgf__check_move(ck, p); break;
    case SGF_VT_POINT_PAIR: check_pairs(ck, p); break;
    case SGF_VT_LABEL: check_labels(ck, p); break;
    case SGF_VT_APP: check_app(ck, p); break;
    case SGF_VT_FIGURE: check_figure(ck, p); break;
    case SGF_VT_TEXT:
        sgf__check_node_in_text(ck, p);
        break;
    case SGF_VT_SIMPLETEXT:
        sgf__check_node_in_text(ck, p);
        if (p->id == SGF_PROP_DT)
            check_date(ck, &p->values[0]);
        else if (p->id == SGF_PROP_RE)
            check_result(ck, &p->values[0]);
        break;
    default:
        break;
    }
}
