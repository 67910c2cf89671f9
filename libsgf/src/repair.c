/*
 * repair.c - sgf_repair_game (sgf/repair.h): the tree changed where the
 * reading left a fault that writing alone would keep, each change named
 * by a repaired-* diagnostic at the position of the original.
 */
#include <sgf/repair.h>
#include <sgf/props.h>

#include <ctype.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "props_int.h"
#include "tree_int.h"
#include "replay_int.h"

typedef struct repair {
    sgf_collection *c;
    sgf_game *g;
    int count;               /* repairs made */
    int status;              /* SGF_ENOMEM once memory ran out */
    /* Points seen in the node's lists: stamp per point, from gen_base of
     * the node on (sgf_repair_game: no clearing between nodes). */
    uint32_t stamp[SGF_MAX_SIZE * SGF_MAX_SIZE];
    uint32_t gen;
    /* Points marked in the node (CR MA SL SQ TR), the same way */
    uint32_t mark_stamp[SGF_MAX_SIZE * SGF_MAX_SIZE];
    uint32_t mark_gen;
} repair;

#define SHOWN 60             /* bytes of a value quoted in a message */
#define QS(s) SGF__QVN(s, SHOWN)

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void note(repair *r, sgf_diag_code code, size_t offset,
                 const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (sgf__diag_add(r->c, (int)r->g->index, code, sgf__game_ff4(r->g),
                      offset, "%s", msg) == NULL)
        r->status = SGF_ENOMEM;
    r->count++;
}

static void *zalloc(repair *r, size_t n)
{
    void *m = sgf__arena_alloc(&r->c->arena, n);
    if (m == NULL)
        r->status = SGF_ENOMEM;
    else
        memset(m, 0, n);
    return m;
}

/* Set a value's decoded bytes (copied into the collection); the raw
 * bytes stay as read (the writer writes from the decoded ones). */
static bool set_value(repair *r, sgf__value *v, const char *s, size_t n)
{
    char *m = sgf__arena_alloc_bytes(&r->c->arena, n + 1);
    if (m == NULL) {
        r->status = SGF_ENOMEM;
        return false;
    }
    memcpy(m, s, n);
    m[n] = '\0';
    v->text.ptr = m;
    v->text.len = n;
    return true;
}

static const sgf_prop_info *info_of(const sgf_prop *p)
{
    return p->id == SGF_PROP_UNKNOWN ? NULL : sgf_prop_info_of(p->id);
}

/* --- a stray ']' after a value that holds an open '[' ---------------- */

static size_t open_brackets(sgf_str s)
{
    size_t open = 0;
    for (size_t i = 0; i < s.len; i++)
        if (s.ptr[i] == '[')
            open++;
        else if (s.ptr[i] == ']' && open > 0)
            open--;
    return open;
}

/* A text value and where its closing ']' ends (one past it). */
typedef struct closed_value {
    size_t end;
    sgf__value *v;
    sgf_prop *p;
    sgf_node *n;             /* p's node */
} closed_value;

static int by_end(const void *a, const void *b)
{
    const closed_value *x = a, *y = b;
    return (x->end > y->end) - (x->end < y->end);
}

/* The text values of the game that could take a ']', by where they end;
 * NULL (and *n 0) when there are none or memory ran out. */
static closed_value *text_values(repair *r, size_t *n)
{
    size_t count = 0, k = 0;
    *n = 0;
    for (int pass = 0; pass < 2; pass++) {
        closed_value *out = NULL;
        if (pass == 1) {
            if (count == 0)
                return NULL;
            out = malloc(count * sizeof *out);
            if (out == NULL) {
                r->status = SGF_ENOMEM;
                return NULL;
            }
        }
        for (sgf_node *nd = r->g->root; nd != NULL;
             nd = sgf__preorder_next(nd))
            for (sgf_prop *p = nd->props; p != NULL; p = p->next) {
                const sgf_prop_info *info = info_of(p);
                if (info == NULL || (info->value_type != SGF_VT_TEXT
                                     && info->value_type != SGF_VT_SIMPLETEXT))
                    continue;
                for (uint32_t i = 0; i < p->nvalues; i++) {
                    sgf__value *v = &p->values[i];
                    if (v->flags & SGF__V_UNDECODABLE)
                        continue;
                    if (pass == 0) {
                        count++;
                        continue;
                    }
                    out[k].end = (size_t)v->offset + 1 + v->raw.len + 1;
                    out[k].v = v;
                    out[k].p = p;
                    out[k].n = nd;
                    k++;
                }
            }
        if (pass == 1) {
            qsort(out, k, sizeof *out, by_end);
            *n = k;
            return out;
        }
    }
    return NULL;
}

/* What the writing did with each syntax fault, by sgf__syntax_slot. */
static const struct {
    sgf_diag_code code;
    const char *what;
} syntax_repairs[SGF__SYNTAX_SLOTS] = {
#define SGF__X(c, what) { SGF_D_##c, what },
    SGF__SYNTAX_FAULTS(SGF__X)
#undef SGF__X
};

static void syntax_note(repair *r, int slot, size_t offset)
{
    note(r, SGF_D_REPAIRED_SYNTAX, offset, "%s fault: %s",
         sgf_diag_code_name(syntax_repairs[slot].code),
         syntax_repairs[slot].what);
}

/* How many of the n items at base (size bytes each, sorted by the
 * offset they end at, a size_t at end_field in each) end at or before
 * at: the index of the first that ends after it. */
static size_t ending_by(const void *base, size_t n, size_t size,
                        size_t end_field, size_t at)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2, end;
        memcpy(&end, (const char *)base + mid * size + end_field,
               sizeof end);
        if (end <= at)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The text value that closed last before offset at: the one of cv
 * (sorted by end) with the largest end <= at, or NULL. */
static closed_value *closed_before(closed_value *cv, size_t ncv, size_t at)
{
    size_t lo = ending_by(cv, ncv, sizeof *cv, offsetof(closed_value, end),
                          at);
    return lo > 0 ? &cv[lo - 1] : NULL;
}

/* The value stray ']' are being taken into (fix_brackets): its text so
 * far, written back once (flush_taking) when the runs move past it, so a
 * value taking many runs is copied once. */
typedef struct taking {
    closed_value *hit;       /* NULL: none */
    sgf__buf text;
    size_t open;             /* its '[' still open */
    bool simple;             /* SimpleText: line breaks as spaces */
    bool changed;            /* text differs from the value's */
    sgf__conv cv;            /* the game's charset to UTF-8 */
} taking;

static void flush_taking(repair *r, taking *t)
{
    if (t->hit != NULL && t->changed && r->status == 0
        && !set_value(r, t->hit->v, t->text.len ? t->text.ptr : "",
                      t->text.len))
        r->status = SGF_ENOMEM;
    t->hit = NULL;
    t->changed = false;
    t->text.len = 0;
}

/* The bytes from..to of the input, between a value's ']' and a stray ']'
 * after it, which the reading dropped as junk ("C[x [y] z]" is read as
 * C[x [y], an identifier z without value, a stray ']'), appended to t's
 * text when they belong to the value: no bracket, backslash or tree
 * syntax (a '[' would have made a value, a ';' or '(' a node or tree of
 * their own), text of the game's charset (converted to UTF-8). Line
 * breaks as '\n' (Text) or spaces (SimpleText), tabs as spaces. Returns
 * whether they were taken. */
static bool take_junk(repair *r, taking *t, size_t from, size_t to,
                      bool pairs)
{
    const char *s = r->c->input;
    const char *cs = r->g->charset != NULL ? r->g->charset : "UTF-8";
    size_t start = t->text.len;
    bool high = false;
    int depth = 0;
    if (to > r->c->input_len || !sgf__charset_is_ascii_compatible(cs))
        return false;
    for (size_t i = from; i < to; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (pairs && ch == '[' && depth == 0)
            depth = 1;                  /* pairs: "[x]", none nested */
        else if (pairs && ch == ']' && depth == 1)
            depth = 0;
        else if (ch == '[' || ch == ']' || ch == '\\' || ch == '('
                 || ch == ')' || ch == ';' || ch == 0x7f
                 || (ch < 0x20 && ch != '\n' && ch != '\r'
                     && ch != '\t')) {
            t->text.len = start;
            return false;
        }
        high |= ch >= 0x80;
        if (ch == '\r' || ch == '\n') {
            if (ch == '\r' && i + 1 < to && s[i + 1] == '\n')
                i++;
            ch = t->simple ? ' ' : '\n';
        } else if (ch == '\t') {
            ch = ' ';
        }
        if (sgf__buf_add(&t->text, &ch, 1) != 0) {
            r->status = SGF_ENOMEM;
            return false;
        }
    }
    if (depth != 0) {
        t->text.len = start;
        return false;
    }
    if (!high)
        return true;
    size_t n = t->text.len - start;
    /* a charset taken by default (no CA, no text that said otherwise):
     * bytes that are UTF-8 are read as UTF-8, as a value would be */
    if (r->g->cs_verdict == SGF__CS_DEFAULT
        && sgf__utf8_valid(t->text.ptr + start, n))
        return true;
    if (strcmp(cs, "UTF-8") == 0) {
        if (sgf__utf8_valid(t->text.ptr + start, n))
            return true;
        t->text.len = start;
        return false;
    }
    sgf__buf u = SGF__BUF_INIT;
    int rc = sgf__conv_to_utf8(&t->cv, cs, t->text.ptr + start, n, &u);
    t->text.len = start;
    if (rc == SGF_ENOMEM)
        r->status = SGF_ENOMEM;
    bool ok = rc == 0 && sgf__buf_add(&t->text, u.ptr ? u.ptr : "",
                                      u.len) == 0;
    sgf__buf_release(&u);
    if (!ok)
        t->text.len = start;
    return ok;
}

/* Whether each '[' between from and to opens a value of a property of n
 * that lies there whole, of an identifier no reader knows ("C[see [1]
 * and [2]]" is read as C[see [1], a property AND[2], a stray ']') or
 * one written with lowercase letters ("C[[a] b [c] d]": b[c], read as
 * B[c] as old files write identifiers): the text of the value before
 * them, which the stray ']' closes. Properties a reader knows, written
 * in capitals as FF[4] has them, are not taken back. */
static bool read_from_text(const sgf_node *n, size_t from, size_t to)
{
    size_t any = 0;
    for (const sgf_prop *p = n->props; p != NULL; p = p->next) {
        if (p->offset < from || p->offset >= to)
            continue;
        const sgf__value *last = p->nvalues ? &p->values[p->nvalues - 1]
                                            : NULL;
        if ((info_of(p) != NULL && !(p->flags & SGF__P_LOWERCASE))
            || last == NULL
            || (size_t)last->offset + 1 + last->raw.len + 1 > to)
            return false;
        any++;
    }
    return any > 0;
}

/* The properties read_from_text found, taken back into hit's value:
 * dropped from their node, each named. */
static void drop_read_from_text(repair *r, closed_value *hit, size_t to)
{
    for (sgf_prop **link = &hit->n->props; *link != NULL;) {
        sgf_prop *p = *link;
        if (p->offset < hit->end || p->offset >= to) {
            link = &p->next;
            continue;
        }
        note(r, SGF_D_REPAIRED_BRACKET, p->offset, "'%s' with %u value%s "
             "was read from the text of '%s' (between the value's open '[' "
             "and the stray ']' that closes it): taken back into it",
             p->ident, (unsigned)p->nvalues, p->nvalues == 1 ? "" : "s",
             hit->p->ident);
        *link = p->next;
        hit->n->nprops--;
    }
}

/* A run of n stray ']' from offset at: as many as the text value closed
 * before it holds open '[' are taken into it, with what the reading
 * dropped between the value and the run (take_junk); the others are left
 * out. Each named. The value's end moves past what it took, for the next
 * run; [*absorbed_from, *absorbed_to) is then the stretch taken in (empty
 * when none), whose syntax faults are not named as left out. */
static void fix_brackets(repair *r, taking *t, closed_value *cv, size_t ncv,
                         size_t at, size_t n, size_t *absorbed_from,
                         size_t *absorbed_to)
{
    closed_value *hit = closed_before(cv, ncv, at);
    *absorbed_from = *absorbed_to = at;
    if (hit != NULL && hit != t->hit) {
        flush_taking(r, t);
        const sgf_prop_info *info = info_of(hit->p);
        t->hit = hit;
        t->simple = info != NULL && info->value_type == SGF_VT_SIMPLETEXT;
        t->open = open_brackets(hit->v->text);
        if (sgf__buf_add(&t->text, hit->v->text.ptr, hit->v->text.len) != 0)
            r->status = SGF_ENOMEM;
    }
    size_t taken = hit != NULL ? t->open : 0;
    if (taken > n)
        taken = n;
    bool between = hit != NULL && hit->end != at;
    if (taken > 0 && between) {
        size_t mark = t->text.len;
        if (sgf__buf_add(&t->text, "]", 1) != 0) {
            r->status = SGF_ENOMEM;
            return;
        }
        bool pairs = false;
        if (!take_junk(r, t, hit->end, at, false)
            && !(pairs = read_from_text(hit->n, hit->end, at)
                 && take_junk(r, t, hit->end, at, true))) {
            t->text.len = mark;
            taken = 0;
        }
        if (taken > 0 && pairs)
            drop_read_from_text(r, hit, at);
    }
    if (r->status != 0)
        return;
    if (taken > 0) {
        for (size_t i = between ? 1 : 0; i < taken; i++)
            if (sgf__buf_add(&t->text, "]", 1) != 0) {
                r->status = SGF_ENOMEM;
                return;
            }
        if (between) {
            *absorbed_from = hit->end;
            *absorbed_to = at;
            note(r, SGF_D_REPAIRED_BRACKET, hit->end - 1, "']' taken into "
                 "the value of '%s' (it holds an open '['), with the %zu "
                 "bytes after it up to the stray ']' at offset %zu, which "
                 "closes the value: written '\\]'", hit->p->ident,
                 at - hit->end, at);
        }
        for (size_t i = between ? 1 : 0; i < taken; i++)
            note(r, SGF_D_REPAIRED_BRACKET, at + i, "']' taken into the "
                 "value of '%s' (it holds an open '['): written '\\]'",
                 hit->p->ident);
        t->open -= taken;
        t->changed = true;
        hit->end = at + taken;
    }
    for (size_t i = taken; i < n; i++)
        syntax_note(r, SGF__SF_STRAY_BRACKET, at + i);
}

/* --- repeated properties, extra values ----------------------------------- */

/* Text properties whose value the readers take as a form (the rules, the
 * result, the date, a rank, the charset), first value first: joining
 * their values would change what they read (RU[Chinese]RU[Japanese] as
 * rules nobody knows), so they keep the first value as every reader
 * reads them. */
static bool read_as_form(sgf_prop_id id)
{
    return id == SGF_PROP_RU || id == SGF_PROP_RE || id == SGF_PROP_DT
           || id == SGF_PROP_BR || id == SGF_PROP_WR || id == SGF_PROP_CA;
}

/* The values of a text property that holds several (repeated in the
 * node, or C[a][b]) joined into its first, so no text is lost, a line
 * break (text) or a space (simple text) between them. A value whose bytes
 * decode in no charset is joined as the bytes it holds, which is what the
 * writer writes for it alone, and the joined value is marked undecodable:
 * its bytes are kept, not dropped by a second repair as an extra value. */
static void join_values(repair *r, sgf_prop *p, bool text)
{
    uint32_t undecodable = 0;
    for (uint32_t i = 0; i < p->nvalues; i++)
        undecodable |= p->values[i].flags & SGF__V_UNDECODABLE;
    sgf__buf b = { 0 };
    int rc = 0;
    for (uint32_t i = 0; i < p->nvalues && rc == 0; i++) {
        if (i > 0)
            rc = sgf__buf_add(&b, text ? "\n" : " ", 1);
        if (rc == 0)
            rc = sgf__buf_add(&b, p->values[i].text.ptr,
                              p->values[i].text.len);
    }
    if (rc == 0 && set_value(r, &p->values[0], b.len ? b.ptr : "", b.len)) {
        p->values[0].flags |= undecodable;
        if (p->flags & SGF__P_DUPLICATE)
            note(r, SGF_D_REPAIRED_MERGE, p->dup_offset, "'%s' repeated "
                 "in the node: its %u values joined into one", p->ident,
                 (unsigned)p->nvalues);
        else
            note(r, SGF_D_REPAIRED_MERGE, p->values[1].offset, "'%s' "
                 "takes one value: its %u values joined into one",
                 p->ident, (unsigned)p->nvalues);
        p->nvalues = 1;
    } else if (rc != 0) {
        r->status = SGF_ENOMEM;
    }
    sgf__buf_release(&b);
}

/* Whether value t is one a property of type vt takes, or empty: a value
 * that is not (TE[x], KM[seven]) is text someone wrote, which dropping
 * as an extra value would lose. */
static bool of_its_type(sgf_value_type vt, sgf_str t)
{
    long n, w, h;
    double d;
    int k;
    sgf_color c;
    if (t.len == 0)
        return true;
    switch (vt) {
    case SGF_VT_NONE: return false;
    case SGF_VT_NUMBER: return sgf__loose_number(t, &n) >= 0;
    case SGF_VT_REAL: return sgf_value_real_loose(t, &d, NULL) >= 0;
    case SGF_VT_DOUBLE: return sgf_value_double(t, &k) == 0;
    case SGF_VT_COLOR: return sgf_value_color(t, &c) == 0
                              || strchr("bBwW", t.ptr[0]) != NULL;
    case SGF_VT_SIZE: return sgf__read_size(t, &w, &h) != 0;
    default: return true;
    }
}

static void keep_first(repair *r, sgf_prop *p)
{
    const sgf_prop_info *info = info_of(p);
    for (uint32_t i = 1; i < p->nvalues; i++)
        if (info != NULL && !of_its_type(info->value_type,
                                          p->values[i].text))
            return;                     /* text: kept, all of it */
    sgf_str kept = p->values[0].text, dropped = p->values[1].text;
    note(r, SGF_D_REPAIRED_EXTRA_VALUE, p->values[1].offset,
         "'%s' takes one value: [%.*s%s] kept, [%.*s%s]%s dropped",
         p->ident, QS(kept), QS(dropped),
         p->nvalues > 2 ? " and the ones after it" : "");
    p->nvalues = 1;
}

/* --- list values ----------------------------------------------------- */

static bool on_board(const sgf_game *g, sgf_point pt)
{
    return pt.x < g->width && pt.y < g->height;
}

/* How a list value is to be written: as it is, or as the rectangle (or
 * single point) ul..lr, and why. */
enum { AS_IS, AS_POINT, AS_CLIPPED, AS_ORDERED };

/* Can the value be read as an element of the list? *how says what to
 * write: a one-point rectangle "aa:aa" as the point "aa"; a rectangle
 * reaching past the board's edge as its part on the board (the readers
 * take its points on the board: they stay); one whose corners are not
 * upper-left first as the rectangle they span, as every reader reads
 * it. *ul and *lr are then that rectangle. */
static bool list_value_ok(const sgf_game *g, const sgf_prop_info *info,
                          const sgf__value *v, int *how, sgf_point *ul,
                          sgf_point *lr)
{
    sgf_point a, b, first;
    sgf_str l, rt;
    *how = AS_IS;
    switch (info->value_type) {
    case SGF_VT_POINT:
        if (g->gm != 1)
            return true;
        if (sgf_value_rect(v->text, &a, &b) != 0 || !on_board(g, a))
            return false;
        if (!on_board(g, b)) {
            *how = AS_CLIPPED;
            b.x = (uint8_t)(b.x < g->width ? b.x : g->width - 1);
            b.y = (uint8_t)(b.y < g->height ? b.y : g->height - 1);
        } else if (v->text.len > 2) {
            sgf_value_point((sgf_str){ v->text.ptr, 2 }, &first);
            if (a.x == b.x && a.y == b.y)
                *how = AS_POINT;
            else if (first.x != a.x || first.y != a.y)
                *how = AS_ORDERED;
        }
        *ul = a;
        *lr = b;
        return true;
    case SGF_VT_POINT_PAIR:
    case SGF_VT_LABEL:
        if (g->gm != 1)
            return true;
        if (sgf_value_split(v->raw, &l, &rt) != 0
            || sgf_value_point(l, &a) != 0 || !on_board(g, a))
            return false;
        return info->value_type == SGF_VT_LABEL
            || (sgf_value_point(rt, &b) == 0 && on_board(g, b));
    default:
        return true;
    }
}

/* Drop what cannot be read from a list; false when nothing is left and
 * the property is to be dropped. */
static bool fix_list(repair *r, sgf_prop *p, const sgf_prop_info *info)
{
    if ((info->flags & SGF_PF_ELIST) && p->nvalues == 1
        && p->values[0].text.len == 0)
        return true;                         /* VW[], TB[]: allowed */
    uint32_t k = 0;
    for (uint32_t i = 0; i < p->nvalues; i++) {
        int how;
        sgf_point ul, lr;
        sgf__value *v = &p->values[i];
        if (!list_value_ok(r->g, info, v, &how, &ul, &lr)) {
            if (v->text.len == 0)
                note(r, SGF_D_REPAIRED_LIST_VALUE, v->offset, "%s[] "
                     "dropped: an empty value in a list", p->ident);
            else
                note(r, SGF_D_REPAIRED_LIST_VALUE, v->offset, "%s[%.*s%s] "
                     "dropped: not a point of the %dx%d board", p->ident,
                     QS(v->text), r->g->width, r->g->height);
            continue;
        }
        if (how != AS_IS) {
            char t[6], c2[3];
            size_t n = 2;
            sgf_point_format_sgf(t, ul);
            if (ul.x != lr.x || ul.y != lr.y) {
                t[2] = ':';
                memcpy(t + 3, sgf_point_format_sgf(c2, lr), 2);
                n = 5;
            }
            if (how == AS_CLIPPED)
                note(r, SGF_D_REPAIRED_LIST_VALUE, v->offset, "%s[%.*s%s] "
                     "written as [%.*s]: its points off the %dx%d board "
                     "left out", p->ident, QS(v->text), (int)n, t,
                     r->g->width, r->g->height);
            else if (how == AS_ORDERED)
                note(r, SGF_D_REPAIRED_LIST_VALUE, v->offset, "%s[%.*s%s] "
                     "written as [%.*s]: the rectangle its corners span, "
                     "upper-left first", p->ident, QS(v->text), (int)n, t);
            else
                note(r, SGF_D_REPAIRED_LIST_VALUE, v->offset, "%s[%.*s%s] "
                     "written as the single point [%.*s]", p->ident,
                     QS(v->text), (int)n, t);
            set_value(r, v, t, n);
        }
        p->values[k++] = *v;
    }
    if (k == 0 && (info->flags & SGF_PF_ELIST)) {
        p->values[0].text.len = 0;           /* the empty list [] */
        p->values[0].raw.len = 0;
        k = 1;
    }
    p->nvalues = k;
    return k > 0;
}

/* --- game information ------------------------------------------------ */

static bool is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

/* The numbers of a value, digits and points only ("3.5" of "Black wins
 * by 3.5"): how many runs, the last one in buf. */
static int numbers(sgf_str v, char *buf, size_t cap)
{
    int runs = 0;
    size_t i = 0;
    while (i < v.len) {
        if (!isdigit((unsigned char)v.ptr[i])) {
            i++;
            continue;
        }
        size_t j = i;
        while (j < v.len && (isdigit((unsigned char)v.ptr[j])
                             || ((v.ptr[j] == '.' || v.ptr[j] == ',')
                                 && j + 1 < v.len
                                 && isdigit((unsigned char)v.ptr[j + 1]))))
            j++;
        runs++;
        /* ".5" (no digit before the point): 0.5, as the reading has it */
        bool bare = i > 0 && v.ptr[i - 1] == '.'
                    && (i < 2 || !isdigit((unsigned char)v.ptr[i - 2]));
        snprintf(buf, cap, "%s%.*s", bare ? "0." : "", (int)(j - i),
                 v.ptr + i);
        for (char *q = buf; *q; q++)
            if (*q == ',')
                *q = '.';
        i = j;
    }
    return runs;
}

/* Whether two runs of numbers() are one number ("0.0" and "0", "0.50"
 * and "0.5"). */
static bool same_number(const char *a, const char *b)
{
    double x, y;
    return strcmp(a, b) == 0
           || (sgf_value_real((sgf_str){ a, strlen(a) }, &x) == 0
               && sgf_value_real((sgf_str){ b, strlen(b) }, &y) == 0
               && x == y);
}

/* RE in its FF[4] form, or false when the reading is not sure. */
static bool result_form(sgf_str v, char out[48])
{
    char norm[32], num[32] = "", num2[32] = "";
    if (sgf__check_result(v, norm) != SGF__FORM_READABLE || norm[0] == '\0')
        return false;
    int runs = numbers(v, num, sizeof num);
    sgf_str n = { norm, strlen(norm) };
    int runs2 = numbers(n, num2, sizeof num2);
    if (runs == 0 || (runs == 1 && runs2 == 1 && same_number(num, num2))) {
        snprintf(out, 48, "%s", norm);
        return true;
    }
    /* "Black wins by 3.5": the one number is the margin */
    if (runs == 1 && runs2 == 0 && strlen(norm) == 2 && norm[1] == '+'
        && strlen(num) < 20) {
        out[0] = norm[0];
        out[1] = '+';
        memcpy(out + 2, num, strlen(num) + 1);
        return true;
    }
    return false;
}

/* A rank "3 dan", "12 Kyu", "1 pro", " 5d " as "3d", "12k", "1p". */
static bool rank_form(sgf_str v, char out[48])
{
    size_t i = 0, n = v.len;
    while (i < n && is_blank(v.ptr[i]))
        i++;
    while (n > i && is_blank(v.ptr[n - 1]))
        n--;
    size_t d = i;
    while (d < n && d - i < 3 && isdigit((unsigned char)v.ptr[d]))
        d++;
    if (d == i || (d < n && isdigit((unsigned char)v.ptr[d])))
        return false;
    size_t w = d;
    while (w < n && v.ptr[w] == ' ')
        w++;
    static const char *const words[][2] = {
        { "d", "d" }, { "dan", "d" }, { "k", "k" }, { "kyu", "k" },
        { "p", "p" }, { "pro", "p" }
    };
    for (size_t k = 0; k < sizeof words / sizeof *words; k++)
        if (n - w == strlen(words[k][0])
            && strncasecmp(v.ptr + w, words[k][0], n - w) == 0) {
            snprintf(out, 48, "%.*s%s", (int)(d - i), v.ptr + i,
                     words[k][1]);
            return true;
        }
    return false;
}

/* The FF[4] form of a game-info value, in out, or false. */
/* The numbers written in s (runs of digits), at most cap; -1 when more,
 * or a run too long to be a date's. */
static int number_runs(const char *s, size_t n, long *out, int cap)
{
    int k = 0;
    for (size_t i = 0; i < n;) {
        if (s[i] < '0' || s[i] > '9') {
            i++;
            continue;
        }
        long v = 0;
        size_t start = i;
        for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
            v = v * 10 + (s[i] - '0');
        if (i - start > 8 || k == cap)
            return -1;
        out[k++] = v;
    }
    return k;
}

/* Does the FF[4] date keep every number the value wrote? A time of day
 * ("2017.08.28 10:10") has no place in DT: such a value is kept. */
static bool date_keeps_numbers(sgf_str v, const char *norm)
{
    long a[16], b[16];
    int na = number_runs(v.ptr, v.len, a, 16);
    int nb = number_runs(norm, strlen(norm), b, 16);
    if (na < 0 || nb < 0)
        return false;
    for (int i = 0; i < na; i++) {
        int j = 0;
        while (j < nb && b[j] != a[i])
            j++;
        if (j == nb)
            return false;
        b[j] = b[--nb];                  /* each number used once */
    }
    return true;
}

/* Does the FF[4] result out keep every word of v? Each word must be one
 * the form stands for (the colours, "wins", "by", "points", "jigo"...),
 * and a word for how the game ended must have its letter in out:
 * "White won by forfeit" is not "W+", "B+R (time)" not "B+R". */
static bool result_keeps_words(sgf_str v, const char *out)
{
    static const char *const plain[] = {
        "b", "w", "black", "white", "wins", "win", "won", "by", "point",
        "points", "pts", "moku", "jigo", "draw", "half"
    };
    static const char *const ended[][2] = {
        { "r", "R" }, { "resign", "R" }, { "resigns", "R" },
        { "resigned", "R" }, { "resignation", "R" }, { "t", "T" },
        { "time", "T" }, { "f", "F" }, { "forfeit", "F" }
    };
    const char *how = strchr(out, '+');
    for (size_t i = 0; i < v.len;) {
        unsigned char ch = (unsigned char)v.ptr[i];
        if (ch >= 0x80)
            return false;                /* a word of another script */
        if (!isalpha(ch)) {
            i++;
            continue;
        }
        size_t j = i;
        while (j < v.len && isalpha((unsigned char)v.ptr[j]))
            j++;
        size_t n = j - i;
        bool known = false;
        for (size_t k = 0; !known && k < sizeof plain / sizeof *plain; k++)
            known = strlen(plain[k]) == n
                    && strncasecmp(v.ptr + i, plain[k], n) == 0;
        for (size_t k = 0; !known && k < sizeof ended / sizeof *ended; k++)
            if (strlen(ended[k][0]) == n
                && strncasecmp(v.ptr + i, ended[k][0], n) == 0) {
                if (how == NULL || how[1] != ended[k][1][0])
                    return false;
                known = true;
            }
        if (!known)
            return false;
        i = j;
    }
    return true;
}

/* Only digits, blanks and the signs of a number: KM "6,5", "5 1/2",
 * a date "2004/05/06", "19.11.2002"; no word ("5.5 or 6.5", "before
 * 2004-05-06", "2004/05/06 Tokyo" are kept as written). */
static bool only_number_signs(sgf_str v, const char *signs)
{
    for (size_t i = 0; i < v.len; i++)
        if (!isdigit((unsigned char)v.ptr[i]) && !is_blank(v.ptr[i])
            && strchr(signs, v.ptr[i]) == NULL)
            return false;
    return true;
}

static bool info_form(const sgf_prop *p, sgf_str v, char out[48])
{
    char norm[16];
    double km;
    long ha;
    switch (p->id) {
    case SGF_PROP_DT:
        if (sgf__check_date(v, norm) != SGF__FORM_READABLE || !norm[0]
            || !only_number_signs(v, "-./,") || !date_keeps_numbers(v, norm))
            return false;
        snprintf(out, 48, "%s", norm);
        return true;
    case SGF_PROP_KM:
        if (sgf_value_real_loose(v, &km, NULL) < 0 || km >= 100
            || km <= -100 || !only_number_signs(v, "+-.,/")
            || (numbers(v, norm, sizeof norm) > 1
                && memchr(v.ptr, '/', v.len) == NULL))
            return false;
        sgf__format_real(out, 48, km);
        return true;
    case SGF_PROP_HA:
        if (sgf__loose_number(v, &ha) != 1)
            return false;
        snprintf(out, 48, "%ld", ha);
        return true;
    case SGF_PROP_RE: return result_form(v, out)
                             && result_keeps_words(v, out);
    case SGF_PROP_BR:
    case SGF_PROP_WR: return rank_form(v, out);
    default: return false;
    }
}

/* SZ[19:19] as SZ[19]. */
static void fix_size(repair *r, sgf_prop *p)
{
    sgf__value *v = &p->values[0];
    const char *colon = memchr(v->text.ptr, ':', v->text.len);
    if (colon == NULL)
        return;
    size_t n = (size_t)(colon - v->text.ptr);
    if (n == 0 || n > 2 || v->text.len != 2 * n + 1
        || memcmp(v->text.ptr, colon + 1, n) != 0)
        return;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)v->text.ptr[i]))
            return;
    note(r, SGF_D_REPAIRED_GAME_INFO, v->offset, "SZ[%.*s%s] written "
         "SZ[%.*s]: a square board", QS(v->text), (int)n, v->text.ptr);
    set_value(r, v, v->text.ptr, n);
}

static void fix_info(repair *r, sgf_prop *p)
{
    char out[48];
    sgf__value *v = &p->values[0];
    if (v->flags & SGF__V_UNDECODABLE || !info_form(p, v->text, out)
        || (strlen(out) == v->text.len
            && memcmp(out, v->text.ptr, v->text.len) == 0))
        return;
    note(r, SGF_D_REPAIRED_GAME_INFO, v->offset, "%s[%.*s%s] written "
         "%s[%s]", p->ident, QS(v->text), p->ident, out);
    set_value(r, v, out, strlen(out));
}

/* --- nodes with two moves, or setup and a move ----------------------- */

static bool goes_with_move(unsigned id)
{
    return id == SGF_PROP_KO || id == SGF_PROP_MN || id == SGF_PROP_BM
        || id == SGF_PROP_TE || id == SGF_PROP_DO || id == SGF_PROP_IT
        || id == SGF_PROP_BL || id == SGF_PROP_WL || id == SGF_PROP_OB
        || id == SGF_PROP_OW;       /* time left: after the move */
}

static bool is_move(unsigned id)
{
    return id == SGF_PROP_B || id == SGF_PROP_W;
}

/* A copy of p (its values shared) for another node. */
static sgf_prop *prop_copy(repair *r, const sgf_prop *p)
{
    sgf_prop *m = zalloc(r, sizeof *m);
    if (m == NULL)
        return NULL;
    *m = *p;
    m->next = NULL;
    m->flags &= (uint16_t)~SGF__P_DUPLICATE;
    return m;
}

/* The new node k, holding the nprops properties from props on, put
 * between n and its children. */
static void put_between(sgf_node *n, sgf_node *k, sgf_prop *props,
                        uint32_t nprops)
{
    k->offset = props->offset;
    k->props = props;
    k->nprops = nprops;
    k->parent = n;
    k->child = n->child;
    for (sgf_node *ch = n->child; ch != NULL; ch = ch->sibling)
        ch->parent = k;
    n->child = k;
}

/* A setup node with move properties but no move (BL, WL, OB, OW, MN:
 * FF[4] keeps them out of setup nodes) gives them a node of their own
 * after it, in their order: the time left is then said after the setup,
 * where the replay reaches it. */
static void split_move_kind(repair *r, sgf_node *n)
{
    sgf_prop *keep = NULL, **kt = &keep, *moved = NULL, **mt = &moved;
    uint32_t nk = 0, nm = 0;
    for (sgf_prop *p = n->props, *next; p != NULL; p = next) {
        next = p->next;
        p->next = NULL;
        if (p->id == SGF_PROP_BL || p->id == SGF_PROP_WL
            || p->id == SGF_PROP_OB || p->id == SGF_PROP_OW
            || p->id == SGF_PROP_MN) {  /* (KO without a move goes as */
            *mt = p;                    /* any KO without one) */
            mt = &p->next;
            nm++;
        } else {
            *kt = p;
            kt = &p->next;
            nk++;
        }
    }
    n->props = keep;
    n->nprops = nk;
    if (moved == NULL)
        return;
    sgf_node *k = zalloc(r, sizeof *k);
    if (k == NULL) {                    /* (r->status says so) */
        *kt = moved;
        n->nprops = nk + nm;
        return;
    }
    put_between(n, k, moved, nm);
    note(r, SGF_D_REPAIRED_SPLIT, moved->offset, "setup and move "
         "properties in one node, no move: %u propert%s ('%s'%s) put in a "
         "node of %s own after it", nm, nm == 1 ? "y" : "ies",
         moved->ident, nm > 1 ? ", ..." : "", nm == 1 ? "its" : "their");
}

/* The PL of node n when it stands beside one move and names the other
 * colour, the player to move after it (as some editors write the turn
 * after each move: ";W[mo]PL[B]"): read before the move it would say
 * that the move is against it, which it never meant. NULL otherwise (a
 * PL naming the mover says the turn before the move, as a setup's). */
static sgf_prop *pl_after_move(const sgf_node *n, sgf_color *named)
{
    sgf_prop *pl = NULL;
    sgf_color mover = SGF_EMPTY;
    int moves = 0;
    for (sgf_prop *p = n->props; p != NULL; p = p->next) {
        if (p->id == SGF_PROP_B || p->id == SGF_PROP_W) {
            moves++;
            mover = p->id == SGF_PROP_B ? SGF_BLACK : SGF_WHITE;
        } else if (p->id == SGF_PROP_PL && pl == NULL) {
            pl = p;
        }
    }
    if (pl == NULL || moves != 1 || pl->nvalues != 1
        || sgf_value_color(pl->values[0].text, named) != 0
        || *named == mover)
        return NULL;
    return pl;
}

/* PL (of n, pl_after_move) taken out of n into a node of its own
 * between n and its children: the turn it names is then said after the
 * move, where the replay reads it for the next move. Where n keeps other
 * setup, split_node then puts the move in a node after n: the PL goes
 * after that node in turn (its children are n's). */
static void put_pl_after(repair *r, sgf_node *n, sgf_prop *pl,
                         sgf_color named)
{
    sgf_node *k = zalloc(r, sizeof *k);
    if (k == NULL)                      /* (r->status says so) */
        return;
    sgf_prop **link = &n->props;
    while (*link != pl)
        link = &(*link)->next;
    *link = pl->next;
    n->nprops--;
    pl->next = NULL;
    put_between(n, k, pl, 1);
    note(r, SGF_D_REPAIRED_SPLIT, pl->offset, "PL[%s] beside %s's move "
         "names the player after it: put in a node of its own after the "
         "move", named == SGF_BLACK ? "B" : "W",
         named == SGF_BLACK ? "White" : "Black");
}

/* A node with B and W, or with setup and a move, is split so that the
 * replay plays what it played in the node, in the same order: setup,
 * then B, then W (whatever the file order), each with the node's PL and
 * KO. The first node keeps every other property (and, without setup,
 * B); each further move property gets a node of its own after it, whole
 * (a move property with several values keeps them: the replay plays the
 * first, and which of the others were meant as moves would be a guess).
 * MN and the move annotations go with the first move, KO with every
 * move, and the PL of a setup carries to the move that follows (the
 * replay reads it so). */
static void split_node(repair *r, sgf_node *n)
{
    sgf_prop *b = NULL, *w = NULL, *ko = NULL;
    bool setup = false;
    sgf_color named = SGF_EMPTY;
    sgf_prop *after = pl_after_move(n, &named);
    if (after != NULL)
        put_pl_after(r, n, after, named);
    for (sgf_prop *p = n->props; p != NULL; p = p->next) {
        if (p->id == SGF_PROP_B && b == NULL)
            b = p;
        else if (p->id == SGF_PROP_W && w == NULL)
            w = p;
        else if (p->id == SGF_PROP_KO && ko == NULL)
            ko = p;
        else if (p->id != SGF_PROP_UNKNOWN
                 && sgf_prop_info_of(p->id)->kind == SGF_KIND_SETUP)
            setup = true;
    }
    sgf_prop *order[2];
    size_t moves = 0;
    if (b != NULL)
        order[moves++] = b;
    if (w != NULL)
        order[moves++] = w;
    if (moves == 0 && setup)
        split_move_kind(r, n);
    if (moves == 0 || (moves == 1 && !setup))
        return;
    /* the node keeps what is neither a move nor goes with one (with
     * setup), or everything but the moves after the first (without) */
    sgf_prop *keep = NULL, **kt = &keep, *with = NULL, **wt = &with;
    for (sgf_prop *p = n->props, *next; p != NULL; p = next) {
        next = p->next;
        p->next = NULL;
        if (is_move(p->id) && (p == b || p == w))
            continue;
        if (setup && goes_with_move(p->id)) {
            *wt = p;
            wt = &p->next;
        } else {
            *kt = p;
            kt = &p->next;
        }
    }
    sgf_node *first = NULL, *last = n;
    size_t made = 0;
    for (size_t j = 0; j < moves && r->status == 0; j++) {
        sgf_prop *mp = order[j];
        if (j == 0 && !setup) {
            mp->next = keep;             /* the first move where it stood */
            keep = mp;
            continue;
        }
        sgf_node *k = zalloc(r, sizeof *k);
        if (k == NULL)
            break;
        k->offset = mp->offset;
        k->props = mp;
        k->nprops = 1;
        if (first == NULL && with != NULL) {    /* after its move */
            mp->next = with;
            for (sgf_prop *t = with; t != NULL; t = t->next)
                k->nprops++;
        } else if (ko != NULL) {         /* KO: about every move here */
            sgf_prop *c = prop_copy(r, ko);
            if (c == NULL)
                break;
            mp->next = c;
            k->nprops++;
        }
        k->parent = last;
        if (first == NULL)
            first = k;
        if (last != n)
            last->child = k;
        last = k;
        made++;
    }
    uint32_t np = 0;
    for (sgf_prop *p = keep; p != NULL; p = p->next)
        np++;
    n->props = keep;
    n->nprops = np;
    n->move_color = 0;
    if (first == NULL)
        return;
    /* the new nodes between n and its children */
    last->child = n->child;
    for (sgf_node *ch = n->child; ch != NULL; ch = ch->sibling)
        ch->parent = last;
    n->child = first;
    note(r, SGF_D_REPAIRED_SPLIT, first->offset, "%s: %zu move%s put in "
         "node%s of %s own after it, B before W, as the replay plays them",
         setup ? "setup and a move in one node" : "two moves in one node",
         made, made == 1 ? "" : "s", made == 1 ? "" : "s",
         made == 1 ? "its" : "their");
}

/* NUL bytes of a text value (or one of an unknown property, kept as
 * text) written as spaces, named once per value. A value of another
 * type keeps them: it cannot be read with or without them, and a space
 * could make it readable as something it never said ("SZ[\0 13]"). */
static void blank_nuls(repair *r, const sgf_prop *p, sgf__value *v)
{
    if (v->text.len == 0 || memchr(v->text.ptr, 0, v->text.len) == NULL)
        return;
    note(r, SGF_D_REPAIRED_SYNTAX, v->offset, "nul-byte fault: NUL bytes "
         "in the text of '%s' written as spaces", p->ident);
    char *m = sgf__arena_alloc_bytes(&r->c->arena, v->text.len + 1);
    if (m == NULL) {
        r->status = SGF_ENOMEM;
        return;
    }
    for (size_t k = 0; k < v->text.len; k++)
        m[k] = v->text.ptr[k] == '\0' ? ' ' : v->text.ptr[k];
    m[v->text.len] = '\0';
    v->text.ptr = m;
}

/* --- points twice: in one list, in AB, AW, AE of one node ------------ */

static bool is_point_list(const sgf_prop_info *info)
{
    return info != NULL && info->value_type == SGF_VT_POINT
        && (info->flags & SGF_PF_LIST);
}

static bool is_setup_list(unsigned id)
{
    return id == SGF_PROP_AB || id == SGF_PROP_AW || id == SGF_PROP_AE;
}

/* One list, walked after the setup lists that follow it in the node
 * (their points stamped above base): a point twice in the list keeps its
 * first; a single point of a setup list that a later setup list sets
 * again is dropped (the later one wins, as the replay plays it). */
static void fix_points_of(repair *r, sgf_prop *p, uint32_t base)
{
    uint32_t own = ++r->gen, k = 0;
    bool setup = is_setup_list(p->id);
    for (uint32_t i = 0; i < p->nvalues; i++) {
        sgf__value *v = &p->values[i];
        sgf_point a, b;
        if (sgf_value_rect(v->text, &a, &b) != 0 || !on_board(r->g, b)) {
            p->values[k++] = *v;
            continue;
        }
        if (a.x == b.x && a.y == b.y) {
            uint32_t *s = &r->stamp[a.y * SGF_MAX_SIZE + a.x];
            if (*s == own) {
                note(r, SGF_D_REPAIRED_POINT, v->offset, "%s[%.*s%s] "
                     "dropped: listed before in '%s'", p->ident,
                     QS(v->text), p->ident);
                continue;
            }
            if (setup && *s > base) {
                note(r, SGF_D_REPAIRED_POINT, v->offset, "%s[%.*s%s] "
                     "dropped: a later AB, AW or AE of the node sets the "
                     "point", p->ident, QS(v->text));
                continue;
            }
            *s = own;
        } else {
            for (int y = a.y; y <= b.y; y++)
                for (int x = a.x; x <= b.x; x++)
                    r->stamp[y * SGF_MAX_SIZE + x] = own;
        }
        p->values[k++] = *v;
    }
    p->nvalues = k;
}

static void fix_points(repair *r, sgf_node *n)
{
    if (r->g->gm != 1)
        return;
    if (r->gen > UINT32_MAX - 4 * (uint32_t)n->nprops - 8) {
        memset(r->stamp, 0, sizeof r->stamp);
        r->gen = 0;
    }
    uint32_t base = ++r->gen;
    /* the setup lists last to first (at most three: repetitions were
     * merged on reading), then the other point lists */
    size_t nsetup = 0;
    for (sgf_prop *p = n->props; p != NULL; p = p->next)
        if (is_setup_list(p->id))
            nsetup++;
    for (size_t want = nsetup; want > 0; want--) {
        size_t seen = 0;
        for (sgf_prop *p = n->props; p != NULL; p = p->next)
            if (is_setup_list(p->id) && ++seen == want) {
                fix_points_of(r, p, base);
                break;
            }
    }
    for (sgf_prop *p = n->props; p != NULL; p = p->next)
        if (!is_setup_list(p->id) && is_point_list(info_of(p)))
            fix_points_of(r, p, ++r->gen);
    /* a list left empty goes */
    for (sgf_prop **link = &n->props; *link != NULL;) {
        if ((*link)->nvalues == 0) {
            *link = (*link)->next;
            n->nprops--;
        } else {
            link = &(*link)->next;
        }
    }
}

/* --- one node, the game ---------------------------------------------- */

static bool is_info_form(unsigned id)
{
    return id == SGF_PROP_DT || id == SGF_PROP_KM || id == SGF_PROP_RE
        || id == SGF_PROP_HA || id == SGF_PROP_BR || id == SGF_PROP_WR;
}

typedef struct ff4_count {
    size_t idents, passes;
    size_t first;            /* offset of the first, or SIZE_MAX */
} ff4_count;

static void count_ff4(const sgf_game *g, const sgf_prop *p, ff4_count *f)
{
    size_t at = SIZE_MAX;
    if (p->flags & SGF__P_LOWERCASE) {
        f->idents++;
        at = p->offset;
    }
    if (is_move(p->id) && g->gm == 1 && g->width <= 19 && g->height <= 19)
        for (uint32_t i = 0; i < p->nvalues; i++)
            if (p->values[i].text.len == 2
                && memcmp(p->values[i].text.ptr, "tt", 2) == 0) {
                f->passes++;
                if (at == SIZE_MAX)
                    at = p->values[i].offset;
            }
    if (at < f->first)
        f->first = at;
}

static void fix_node(repair *r, sgf_node *n, ff4_count *f)
{
    sgf_prop **link = &n->props;
    while (*link != NULL) {
        sgf_prop *p = *link;
        const sgf_prop_info *info = info_of(p);
        count_ff4(r->g, p, f);
        bool text = info == NULL || info->value_type == SGF_VT_TEXT
                    || info->value_type == SGF_VT_SIMPLETEXT;
        for (uint32_t i = 0; i < p->nvalues && text; i++)
            blank_nuls(r, p, &p->values[i]);
        if (info != NULL && is_move(p->id)
            && (p->flags & SGF__P_DUPLICATE)) {
            note(r, SGF_D_REPAIRED_MERGE, p->dup_offset, "'%s' repeated "
                 "in the node: written once with its %u values (the replay "
                 "plays the first; the others stay, as moves are the "
                 "record)", p->ident, (unsigned)p->nvalues);
            /* said once: a move put in a node of its own (setup and a
             * move in one node) is met again in that node */
            p->flags &= (uint16_t)~SGF__P_DUPLICATE;
        }
        if (info == NULL || is_move(p->id)
            || ((info->flags & SGF_PF_GO) && r->g->gm != 1)) {
            link = &p->next;
            continue;
        }
        bool list = info->flags & SGF_PF_LIST;
        if (list && (p->flags & SGF__P_DUPLICATE))
            note(r, SGF_D_REPAIRED_MERGE, p->dup_offset, "'%s' repeated "
                 "in the node: written once with its %u values",
                 p->ident, (unsigned)p->nvalues);
        else if (!list && p->nvalues > 1 && text && !read_as_form(p->id))
            join_values(r, p, info->value_type == SGF_VT_TEXT);
        else if (!list && p->nvalues > 1)
            keep_first(r, p);
        if (list && !fix_list(r, p, info)) {
            *link = p->next;                 /* nothing left of it */
            n->nprops--;
            continue;
        }
        if (is_info_form(p->id))
            fix_info(r, p);
        else if (p->id == SGF_PROP_SZ)
            fix_size(r, p);
        link = &p->next;
    }
    fix_points(r, n);
    split_node(r, n);
}

/* --- placement: root and game-info properties ------------------------ */

/* The game-info node of the path being walked, and its game-info
 * properties by id (found once, kept as properties move into it). */
typedef struct info_path {
    sgf_node *node;          /* NULL: none on the path yet */
    bool main_line;          /* no branch yet between node and the
                                node walked */
    sgf_prop *has[SGF__PROP_COUNT];
} info_path;

static bool is_kind(const sgf_prop *p, sgf_prop_kind kind)
{
    const sgf_prop_info *info = info_of(p);
    return info != NULL && info->kind == kind;
}

static bool same_values(const sgf_prop *a, const sgf_prop *b)
{
    if (a->nvalues != b->nvalues)
        return false;
    for (uint32_t i = 0; i < a->nvalues; i++)
        if (a->values[i].text.len != b->values[i].text.len
            || memcmp(a->values[i].text.ptr, b->values[i].text.ptr,
                      a->values[i].text.len) != 0)
            return false;
    return true;
}

/* p's identifier and values as a message quotes them: SZ[9], AP[x][y],
 * each value shortened. */
static const char *prop_quoted(const sgf_prop *p, char *buf, size_t cap)
{
    size_t n = (size_t)snprintf(buf, cap, "%s", p->ident);
    for (uint32_t i = 0; i < p->nvalues && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "[%.*s%s]",
                              QS(p->values[i].text));
    return buf;
}

/* A root property outside the root: no reader takes it there (the
 * reading said "ignored"), so it is dropped, named with its values. */
static void drop_root_property(repair *r, sgf_prop *p)
{
    char q[200], w[200];
    const sgf_prop *root = sgf_node_find_prop(r->g->root,
                                              (sgf_prop_id)p->id);
    if (root != NULL)
        note(r, SGF_D_REPAIRED_ROOT_PROPERTY, p->offset, "%s outside the "
             "root node dropped (no reader takes it there; the root has "
             "%s)", prop_quoted(p, q, sizeof q),
             prop_quoted(root, w, sizeof w));
    else
        note(r, SGF_D_REPAIRED_ROOT_PROPERTY, p->offset, "%s outside the "
             "root node dropped (no reader takes it there; the root has "
             "no '%s': its default holds)", prop_quoted(p, q, sizeof q),
             p->ident);
}

/* A game-info property of node n below the game-info node of its path:
 * dropped when that node says the same, moved up into it when it lacks
 * the property and no branch stands between them (so the move changes
 * the game information of no other line) and it is not RU, HA or KM
 * (which the replay and the count read); kept (and still reported)
 * otherwise. True when p left n. */
static bool place_info(repair *r, info_path *ip, sgf_prop *p)
{
    char q[200];
    sgf_pos at = sgf_collection_pos(r->c, ip->node->offset);
    sgf_prop *there = ip->has[p->id];
    if (there != NULL && same_values(there, p)) {
        note(r, SGF_D_REPAIRED_INFO_NODE, p->offset, "%s below the "
             "game-info node of line %u dropped: that node says the same",
             prop_quoted(p, q, sizeof q), (unsigned)at.line);
        return true;
    }
    if (there != NULL || !ip->main_line || p->id == SGF_PROP_RU
        || p->id == SGF_PROP_HA || p->id == SGF_PROP_KM)
        return false;            /* the replay and the count read these
                                    where they are: moved, they would
                                    change the rules or the board */
    note(r, SGF_D_REPAIRED_INFO_NODE, p->offset, "%s moved up into the "
         "game-info node of line %u (one game-info node per path)",
         prop_quoted(p, q, sizeof q), (unsigned)at.line);
    sgf_prop **end = &ip->node->props;
    while (*end != NULL)
        end = &(*end)->next;
    *end = p;
    p->next = NULL;
    ip->node->nprops++;
    ip->has[p->id] = p;
    return true;
}

/* Root properties outside the root, and game-info properties below the
 * game-info node of the path (Go games: where the reading reports
 * them). */
static void place_props(repair *r, sgf_node *n, info_path *ip)
{
    bool info_here = false;
    if (n != r->g->root)
        for (sgf_prop **link = &n->props; *link != NULL;) {
            sgf_prop *p = *link;
            if (is_kind(p, SGF_KIND_ROOT)) {
                drop_root_property(r, p);
                *link = p->next;
                n->nprops--;
                continue;
            }
            link = &p->next;
        }
    for (sgf_prop *p = n->props; p != NULL && !info_here; p = p->next)
        info_here = is_kind(p, SGF_KIND_GAME_INFO);
    if (!info_here || r->g->gm != 1)
        return;
    if (ip->node == NULL) {
        ip->node = n;
        ip->main_line = true;
        memset(ip->has, 0, sizeof ip->has);
        for (sgf_prop *p = n->props; p != NULL; p = p->next)
            if (is_kind(p, SGF_KIND_GAME_INFO) && ip->has[p->id] == NULL)
                ip->has[p->id] = p;
        return;
    }
    for (sgf_prop **link = &n->props; *link != NULL;) {
        sgf_prop *p = *link;
        sgf_prop *next = p->next;
        if (is_kind(p, SGF_KIND_GAME_INFO) && place_info(r, ip, p)) {
            *link = next;               /* dropped, or moved up */
            n->nprops--;
            continue;
        }
        link = &p->next;
    }
}

/* --- annotations and markup ------------------------------------------ */

static bool is_move_annotation(unsigned id)
{
    return id == SGF_PROP_BM || id == SGF_PROP_TE || id == SGF_PROP_DO
        || id == SGF_PROP_IT;
}

static bool is_node_annotation(unsigned id)
{
    return id == SGF_PROP_DM || id == SGF_PROP_GB || id == SGF_PROP_GW
        || id == SGF_PROP_UC;
}

static bool is_markup(unsigned id)
{
    return id == SGF_PROP_CR || id == SGF_PROP_MA || id == SGF_PROP_SL
        || id == SGF_PROP_SQ || id == SGF_PROP_TR;
}

/* Whether p holds nothing but values its type takes (of_its_type): empty
 * ones, or 1 and 2 for a double. An annotation with another value (TE[Honinbo
 * Final], DO[see the game record]) holds text someone wrote there, which
 * dropping it would lose: it is kept. */
static bool only_own_values(const sgf_prop *p)
{
    const sgf_prop_info *info = info_of(p);
    for (uint32_t i = 0; i < p->nvalues; i++)
        if (info == NULL || !of_its_type(info->value_type,
                                         p->values[i].text))
            return false;
    return true;
}

/* Annotations no reader takes, dropped and named: a move annotation (BM
 * TE DO IT, and KO without a value) in a node without a move, and the
 * second of two that exclude each other (BM TE DO IT; DM GB GW UC), the
 * first in file order kept. KO with a value there (a komi, perhaps) is
 * kept: what it meant would be a guess; so is an annotation holding text
 * (only_own_values). */
static void fix_annotations(repair *r, sgf_node *n)
{
    char q[200], w[200];
    bool move = false;
    const sgf_prop *first_move = NULL, *first_node = NULL;
    for (const sgf_prop *p = n->props; p != NULL && !move; p = p->next)
        move = is_move(p->id);
    for (sgf_prop **link = &n->props; *link != NULL;) {
        sgf_prop *p = *link;
        bool bare_ko = p->id == SGF_PROP_KO
                       && (p->nvalues == 0 || p->values[0].text.len == 0);
        const sgf_prop *first = NULL;
        bool annotation = is_move_annotation(p->id)
                          || is_node_annotation(p->id);
        if (annotation && !only_own_values(p)) {
            if (is_move_annotation(p->id) && first_move == NULL)
                first_move = p;             /* text: kept, and read */
            else if (is_node_annotation(p->id) && first_node == NULL)
                first_node = p;
            link = &p->next;
            continue;
        }
        if (!move && (is_move_annotation(p->id) || bare_ko)) {
            note(r, SGF_D_REPAIRED_ANNOTATION, p->offset, "%s dropped: a "
                 "move annotation in a node without a move, which no "
                 "reader takes", prop_quoted(p, q, sizeof q));
        } else if (is_move_annotation(p->id) && first_move != NULL) {
            first = first_move;
        } else if (is_node_annotation(p->id) && first_node != NULL) {
            first = first_node;
        } else {
            if (is_move_annotation(p->id))
                first_move = p;
            else if (is_node_annotation(p->id))
                first_node = p;
            link = &p->next;
            continue;
        }
        if (first != NULL)
            note(r, SGF_D_REPAIRED_ANNOTATION, p->offset, "%s dropped: %s "
                 "before it in the node excludes it",
                 prop_quoted(p, q, sizeof q), prop_quoted(first, w,
                                                          sizeof w));
        *link = p->next;
        n->nprops--;
    }
}

/* A point marked by two of CR MA SL SQ TR of a node keeps the first
 * mark in file order (by the values' offsets: a property repeated in the
 * node was merged into its first); a single point of another property
 * that marks it later is dropped and named (a point inside a rectangle
 * stays). */
static void fix_markup(repair *r, sgf_node *n)
{
    int w = r->g->width, h = r->g->height;
    uint32_t first[SGF_MAX_SIZE * SGF_MAX_SIZE];    /* offset of the first */
    const char *by[SGF_MAX_SIZE * SGF_MAX_SIZE];    /* mark, and its prop */
    if (r->g->gm != 1)
        return;
    if (++r->mark_gen == 0) {
        memset(r->mark_stamp, 0, sizeof r->mark_stamp);
        r->mark_gen = 1;
    }
    for (const sgf_prop *p = n->props; p != NULL; p = p->next) {
        if (!is_markup(p->id))
            continue;
        for (uint32_t k = 0; k < p->nvalues; k++) {
            sgf_point ul, lr;
            const sgf__value *v = &p->values[k];
            if (sgf_value_rect(v->text, &ul, &lr) != 0)
                continue;
            for (int y = ul.y; y <= lr.y && y < h; y++)
                for (int x = ul.x; x <= lr.x && x < w; x++) {
                    int i = y * w + x;
                    if (r->mark_stamp[i] != r->mark_gen
                        || v->offset < first[i]) {
                        r->mark_stamp[i] = r->mark_gen;
                        first[i] = v->offset;
                        by[i] = p->ident;
                    }
                }
        }
    }
    for (sgf_prop **link = &n->props; *link != NULL;) {
        sgf_prop *p = *link;
        if (!is_markup(p->id)) {
            link = &p->next;
            continue;
        }
        uint32_t kept = 0;
        for (uint32_t k = 0; k < p->nvalues; k++) {
            sgf__value *v = &p->values[k];
            sgf_point pt;
            int i = -1;
            if (v->text.len == 2 && sgf_value_point(v->text, &pt) == 0
                && pt.x < w && pt.y < h)
                i = pt.y * w + pt.x;
            if (i < 0 || first[i] == v->offset || by[i] == p->ident) {
                p->values[kept++] = *v;
                continue;
            }
            note(r, SGF_D_REPAIRED_MARKUP, v->offset, "%s[%.*s%s] dropped: "
                 "'%s' marks the point before it in the node", p->ident,
                 QS(v->text), by[i]);
        }
        p->nvalues = kept;
        if (kept == 0) {
            *link = p->next;
            n->nprops--;
        } else {
            link = &p->next;
        }
    }
}

/* --- setup that changes nothing --------------------------------------- */

/* The offsets of the setup values the replay found changing nothing. */
typedef struct offsets {
    uint32_t *at;
    size_t n, cap;
} offsets;

static int add_offset(void *ctx, const sgf__value *v)
{
    offsets *o = ctx;
    if (o->n == o->cap) {
        size_t cap = o->cap ? o->cap * 2 : 64;
        uint32_t *at = realloc(o->at, cap * sizeof *at);
        if (at == NULL)
            return SGF_ENOMEM;
        o->at = at;
        o->cap = cap;
    }
    o->at[o->n++] = v->offset;
    return 0;
}

static int by_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static bool listed(const offsets *o, uint32_t at)
{
    return o->n > 0 && bsearch(&at, o->at, o->n, sizeof at, by_u32);
}

/* Points of AB, AW, AE of n that change nothing are dropped, where the
 * node keeps a setup point that does: a setup step that changes nothing
 * at all stays (the replay still takes it as a setup step, which records
 * the position and guesses the side to move; it is still reported). */
static void drop_no_effect(repair *r, sgf_node *n, const offsets *o)
{
    size_t keep = 0, drop = 0;
    for (const sgf_prop *p = n->props; p != NULL; p = p->next)
        if (is_setup_list(p->id))
            for (uint32_t k = 0; k < p->nvalues; k++)
                listed(o, p->values[k].offset) ? drop++ : keep++;
    if (drop == 0 || keep == 0)
        return;
    for (sgf_prop **link = &n->props; *link != NULL;) {
        sgf_prop *p = *link;
        if (!is_setup_list(p->id)) {
            link = &p->next;
            continue;
        }
        uint32_t kept = 0;
        for (uint32_t k = 0; k < p->nvalues; k++) {
            sgf__value *v = &p->values[k];
            if (!listed(o, v->offset))
                p->values[kept++] = *v;
            else
                note(r, SGF_D_REPAIRED_SETUP, v->offset, "%s[%.*s%s] "
                     "dropped: the point already is so (no effect)",
                     p->ident, QS(v->text));
        }
        p->nvalues = kept;
        if (kept == 0) {
            *link = p->next;
            n->nprops--;
        } else {
            link = &p->next;
        }
    }
}

/* A stretch of the input taken into a value by fix_brackets. */
typedef struct absorbed {
    size_t from, to;
} absorbed;

static bool in_absorbed(const absorbed *a, size_t na, size_t offset)
{
    size_t lo = ending_by(a, na, sizeof *a, offsetof(absorbed, to),
                          offset);      /* a[] in file order */
    return lo < na && a[lo].from <= offset;
}

/* Record a stretch [from, to) taken into a value (none when empty). */
static void add_absorbed(repair *r, absorbed **a, size_t *na, size_t *cap,
                         size_t from, size_t to)
{
    if (from == to || r->status != 0)
        return;
    if (*na == *cap) {
        size_t c2 = *cap ? 2 * *cap : 8;
        absorbed *m = realloc(*a, c2 * sizeof *m);
        if (m == NULL) {
            r->status = SGF_ENOMEM;
            return;
        }
        *a = m;
        *cap = c2;
    }
    (*a)[(*na)++] = (absorbed){ from, to };
}

/* The stray ']' of the game, from its own record of its syntax faults,
 * in runs of adjacent ones (fix_brackets); the stretches taken into
 * values go to the result (file order, *nout of them; NULL when none). */
static absorbed *stray_runs(repair *r, size_t *nout)
{
    size_t ncv = 0, na = 0, cap = 0, at = 0, n = 0, from, to;
    absorbed *a = NULL;
    closed_value *cv = NULL;
    taking t = { NULL, SGF__BUF_INIT, 0, false, false,
                 { { 0 }, { 0 }, 0 } };
    bool any = false;
    *nout = 0;
    sgf__conv_init(&t.cv);
    for (const sgf__fault_chunk *k = r->g->faults; k != NULL; k = k->next)
        for (uint32_t i = 0; i < k->n && r->status == 0; i++) {
            if (k->slot[i] != SGF__SF_STRAY_BRACKET)
                continue;
            if (n > 0 && k->at[i] == at + n) {
                n++;                    /* the run goes on */
                continue;
            }
            if (!any) {
                cv = text_values(r, &ncv);
                any = true;
            }
            if (n > 0) {
                fix_brackets(r, &t, cv, ncv, at, n, &from, &to);
                add_absorbed(r, &a, &na, &cap, from, to);
            }
            at = k->at[i];
            n = 1;
        }
    if (n > 0 && r->status == 0) {
        fix_brackets(r, &t, cv, ncv, at, n, &from, &to);
        add_absorbed(r, &a, &na, &cap, from, to);
    }
    flush_taking(r, &t);
    sgf__buf_release(&t.text);
    sgf__conv_release(&t.cv);
    free(cv);
    *nout = na;
    return a;
}

/* Faults of the reading the writer repairs: each named at its place,
 * from the game's own record of them (not the diagnostics, whose number
 * per code is capped), stray ']' first: a fault in what a value took back
 * (an identifier without value in "C[x [y] z]") is no longer one. */
static void syntax_notes(repair *r)
{
    size_t na = 0;
    absorbed *a = stray_runs(r, &na);
    for (const sgf__fault_chunk *k = r->g->faults; k != NULL
         && r->status == 0; k = k->next)
        for (uint32_t i = 0; i < k->n && r->status == 0; i++)
            if (k->slot[i] != SGF__SF_STRAY_BRACKET
                && !in_absorbed(a, na, k->at[i]))
                syntax_note(r, k->slot[i], k->at[i]);
    free(a);
}

static int repair_game(repair *r)
{
    sgf_collection *c = r->c;
    sgf_game *g = r->g;
    syntax_notes(r);
    ff4_count f = { 0, 0, SIZE_MAX };
    info_path *ip = calloc(1, sizeof *ip);
    if (ip == NULL)
        return SGF_ENOMEM;
    for (sgf_node *n = g->root; n != NULL && r->status == 0;) {
        fix_node(r, n, &f);
        fix_annotations(r, n);
        fix_markup(r, n);
        place_props(r, n, ip);
        if (n->child != NULL) {         /* pre-order; a node left ends */
            if (n->child->sibling != NULL)  /* its part of the path */
                ip->main_line = false;  /* below a branch */
            n = n->child;
            continue;
        }
        while (n != NULL && n->sibling == NULL) {
            if (n == ip->node)
                ip->node = NULL;
            n = n->parent;
        }
        if (n == ip->node)
            ip->node = NULL;
        if (n != NULL) {
            n = n->sibling;
            ip->main_line = false;      /* below node: off its line */
        }
    }
    free(ip);
    /* setup read on the tree as repaired so far (a rectangle of one
     * point is a point now): what changes nothing */
    offsets none = { NULL, 0, 0 };
    if (r->status == 0 && g->gm == 1) {
        int rc = sgf__replay_no_effect(c, g, add_offset, &none);
        if (rc != 0)
            r->status = rc;
        else if (none.n > 1)
            qsort(none.at, none.n, sizeof *none.at, by_u32);
    }
    for (sgf_node *n = g->root; n != NULL && none.n > 0 && r->status == 0;
         n = sgf__preorder_next(n))
        drop_no_effect(r, n, &none);
    free(none.at);
    if (r->status == 0 && (f.idents > 0 || f.passes > 0))
        note(r, SGF_D_REPAIRED_FF4, f.first, "FF[1]-FF[3] forms written "
             "as FF[4]: %zu identifier%s in capitals, %zu pass%s [tt] "
             "as []", f.idents, f.idents == 1 ? "" : "s", f.passes,
             f.passes == 1 ? "" : "es");
    return r->status != 0 ? r->status : r->count;
}

int sgf_repair_game(sgf_collection *c, const sgf_game *game)
{
    if (c == NULL || game == NULL || game->coll != c || game->root == NULL
        || (c->opts.flags & SGF_PARSE_SYNTAX_ONLY))
        return SGF_EINVAL;          /* values not decoded: nothing to read */
    sgf_game *g = NULL;                 /* c's own pointer, to change */
    size_t k = sgf__game_slot(c, game->index);
    if (k != SIZE_MAX && c->games[k] == game)
        g = c->games[k];
    for (size_t i = 0; g == NULL && i < c->ngames - c->games_skip; i++)
        if (c->games[i] == game)
            g = c->games[i];
    if (g == NULL)
        return SGF_EINVAL;
    repair *r = calloc(1, sizeof *r);   /* the point stamps: 11 KiB */
    if (r == NULL)
        return SGF_ENOMEM;
    r->c = c;
    r->g = g;
    int rc = repair_game(r);
    free(r);
    return rc;
}
