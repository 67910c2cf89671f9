/*
 * treecmp.h - comparing two parsed collections the way the writer's round
 * trip contract (sgf/write.h) reads "same tree": same game
 * count, same node structure, and in each node the same properties
 * (identifier, number of values, decoded value text, undecodable flag),
 * whatever their order. Shared by tests/unit/test_write.c,
 * tests/roundtrip.c and tests/fuzz/fuzz_parse.c; public API only.
 *
 * Everything is iterative: trees 100,000 variations deep or 1,000,000
 * nodes long compare without recursion.
 */
#ifndef TREECMP_H
#define TREECMP_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sgf/parse.h>

enum {
    /* b is a's normalized form: the root's FF and CA are not compared,
     * and in Go games the passes "[]", "[ ]" and (on boards up to 19x19)
     * "[tt]" are equal. */
    TREECMP_WRITTEN = 1u << 0,
    /* point lists are compared as sets of points (after
     * SGF_WRITE_EXPAND_POINTS or SGF_WRITE_COMPRESS_POINTS) */
    TREECMP_POINT_SETS = 1u << 1
};

typedef struct treecmp {
    unsigned flags;
    char msg[512];            /* the first difference found */
} treecmp;

static inline int treecmp_fail(treecmp *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static inline int treecmp_fail(treecmp *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->msg, sizeof t->msg, fmt, ap);
    va_end(ap);
    return 1;
}

static inline int treecmp_letter(char ch)
{
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a';
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A' + 26;
    return -1;
}

static inline bool treecmp_is_pass(const sgf_game *g, const sgf_prop *p,
                                   sgf_str v)
{
    int w, h;
    sgf_prop_id id = sgf_prop_id_of(p);
    if (sgf_game_gm(g) != 1 || (id != SGF_PROP_B && id != SGF_PROP_W))
        return false;
    sgf_game_board_size(g, &w, &h);
    size_t blanks = 0;
    while (blanks < v.len && (v.ptr[blanks] == ' '
                              || (v.ptr[blanks] >= '\t'
                                  && v.ptr[blanks] <= '\r')))
        blanks++;
    return blanks == v.len
        || (v.len == 2 && memcmp(v.ptr, "tt", 2) == 0 && w <= 19
            && h <= 19);
}

/* Add the points of a point-list value to set[y][x]; false when the value
 * is not "xy" or "xy:zw". */
static inline bool treecmp_add_points(unsigned char set[52][52], sgf_str v)
{
    if (v.len != 2 && !(v.len == 5 && v.ptr[2] == ':'))
        return false;
    int x0 = treecmp_letter(v.ptr[0]), y0 = treecmp_letter(v.ptr[1]);
    int x1 = x0, y1 = y0;
    if (v.len == 5) {
        x1 = treecmp_letter(v.ptr[3]);
        y1 = treecmp_letter(v.ptr[4]);
    }
    if (x0 < 0 || y0 < 0 || x1 < x0 || y1 < y0)
        return false;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            set[y][x] = 1;
    return true;
}

static inline bool treecmp_is_point_list(const sgf_prop *p)
{
    const sgf_prop_info *info = sgf_prop_info_of(sgf_prop_id_of(p));
    return info != NULL && info->value_type == SGF_VT_POINT
        && (info->flags & SGF_PF_LIST);
}

/* Point lists as sets: the points, then the values that are no points,
 * in order. */
static inline int treecmp_point_sets(treecmp *t, const sgf_prop *pa,
                                     const sgf_prop *pb)
{
    unsigned char sa[52][52], sb[52][52];
    memset(sa, 0, sizeof sa);
    memset(sb, 0, sizeof sb);
    size_t ia = 0, ib = 0, na = sgf_prop_value_count(pa),
           nb = sgf_prop_value_count(pb);
    for (;;) {
        while (ia < na && treecmp_add_points(sa, sgf_prop_text(pa, ia)))
            ia++;
        while (ib < nb && treecmp_add_points(sb, sgf_prop_text(pb, ib)))
            ib++;
        if (ia >= na || ib >= nb)
            break;
        sgf_str va = sgf_prop_text(pa, ia++), vb = sgf_prop_text(pb, ib++);
        if (va.len != vb.len || memcmp(va.ptr, vb.ptr, va.len) != 0)
            return treecmp_fail(t, "'%s': other non-point values",
                                sgf_prop_ident(pa));
    }
    if (ia < na || ib < nb)
        return treecmp_fail(t, "'%s': other number of non-point values",
                            sgf_prop_ident(pa));
    if (memcmp(sa, sb, sizeof sa) != 0)
        return treecmp_fail(t, "'%s': other set of points",
                            sgf_prop_ident(pa));
    return 0;
}

static inline int treecmp_values(treecmp *t, const sgf_game *ga,
                                 const sgf_prop *pa, const sgf_game *gb,
                                 const sgf_prop *pb)
{
    const char *id = sgf_prop_ident(pa);
    if ((t->flags & TREECMP_POINT_SETS) && treecmp_is_point_list(pa))
        return treecmp_point_sets(t, pa, pb);
    size_t n = sgf_prop_value_count(pa);
    if (n != sgf_prop_value_count(pb))
        return treecmp_fail(t, "'%s': %zu values, then %zu", id, n,
                            sgf_prop_value_count(pb));
    for (size_t i = 0; i < n; i++) {
        sgf_str va = sgf_prop_text(pa, i), vb = sgf_prop_text(pb, i);
        if (sgf_prop_is_undecodable(pa, i) != sgf_prop_is_undecodable(pb, i))
            return treecmp_fail(t, "'%s' value %zu: undecodable flag "
                                "differs", id, i);
        if (va.len == vb.len && memcmp(va.ptr, vb.ptr, va.len) == 0)
            continue;
        if ((t->flags & TREECMP_WRITTEN) && treecmp_is_pass(ga, pa, va)
            && treecmp_is_pass(gb, pb, vb))
            continue;
        return treecmp_fail(t, "'%s' value %zu: \"%.*s\", then \"%.*s\"",
                            id, i, (int)(va.len > 60 ? 60 : va.len), va.ptr,
                            (int)(vb.len > 60 ? 60 : vb.len), vb.ptr);
    }
    return 0;
}

static inline bool treecmp_skip(const treecmp *t, const sgf_node *n,
                                const sgf_prop *p)
{
    sgf_prop_id id = sgf_prop_id_of(p);
    return (t->flags & TREECMP_WRITTEN) && sgf_node_parent(n) == NULL
        && (id == SGF_PROP_FF || id == SGF_PROP_CA);
}

static inline size_t treecmp_count(const treecmp *t, const sgf_node *n)
{
    size_t k = 0;
    for (const sgf_prop *p = sgf_node_first_prop(n); p; p = sgf_prop_next(p))
        k += !treecmp_skip(t, n, p);
    return k;
}

static inline int treecmp_node(treecmp *t, const sgf_game *ga,
                               const sgf_node *a, const sgf_game *gb,
                               const sgf_node *b)
{
    size_t ka = treecmp_count(t, a), kb = treecmp_count(t, b);
    if (ka != kb)
        return treecmp_fail(t, "%zu properties, then %zu", ka, kb);
    for (const sgf_prop *p = sgf_node_first_prop(a); p; p = sgf_prop_next(p)) {
        if (treecmp_skip(t, a, p))
            continue;
        const sgf_prop *q = sgf_node_find_prop_ident(b, sgf_prop_ident(p));
        if (q == NULL)
            return treecmp_fail(t, "property '%s' lost", sgf_prop_ident(p));
        if (treecmp_values(t, ga, p, gb, q) != 0)
            return 1;
    }
    return 0;
}

/* Walk both trees in step (pre-order through the links). */
static inline int treecmp_game(treecmp *t, const sgf_game *ga,
                               const sgf_game *gb)
{
    const sgf_node *a = sgf_game_root(ga), *b = sgf_game_root(gb);
    char sub[sizeof t->msg];
    for (size_t k = 0; a != NULL; k++) {
        if (treecmp_node(t, ga, a, gb, b) != 0) {
            memcpy(sub, t->msg, sizeof sub);
            return treecmp_fail(t, "game %zu, node %zu (offsets %zu, %zu): "
                                "%.400s", sgf_game_index(ga), k,
                                sgf_node_offset(a), sgf_node_offset(b),
                                sub);
        }
        const sgf_node *ca = sgf_node_first_child(a);
        const sgf_node *cb = sgf_node_first_child(b);
        if ((ca == NULL) != (cb == NULL))
            return treecmp_fail(t, "game %zu, node %zu (offsets %zu, %zu): "
                                "children differ", sgf_game_index(ga), k,
                                sgf_node_offset(a), sgf_node_offset(b));
        if (ca != NULL) {
            a = ca;
            b = cb;
            continue;
        }
        while (a != NULL && sgf_node_next_sibling(a) == NULL) {
            if (sgf_node_next_sibling(b) != NULL)
                break;
            a = sgf_node_parent(a);
            b = sgf_node_parent(b);
        }
        if (a == NULL)
            break;
        if ((sgf_node_next_sibling(a) == NULL)
            != (sgf_node_next_sibling(b) == NULL))
            return treecmp_fail(t, "game %zu, after node %zu: number of "
                                "variations differs", sgf_game_index(ga),
                                k);
        a = sgf_node_next_sibling(a);
        b = sgf_node_next_sibling(b);
    }
    return 0;
}

/* 0 when a and b hold the same trees; else 1 with t->msg set. */
static inline int treecmp_collections(treecmp *t, const sgf_collection *a,
                                      const sgf_collection *b)
{
    size_t n = sgf_collection_game_count(a);
    t->msg[0] = '\0';
    if (n != sgf_collection_game_count(b))
        return treecmp_fail(t, "%zu game trees, then %zu", n,
                            sgf_collection_game_count(b));
    for (size_t i = 0; i < n; i++)
        if (treecmp_game(t, sgf_collection_game(a, i),
                         sgf_collection_game(b, i)) != 0)
            return 1;
    return 0;
}

/* The node after n in pre-order (children first, then siblings), or NULL
 * after the last node of its game. */
static inline const sgf_node *treecmp_next_node(const sgf_node *n)
{
    if (sgf_node_first_child(n) != NULL)
        return sgf_node_first_child(n);
    while (n != NULL && sgf_node_next_sibling(n) == NULL)
        n = sgf_node_parent(n);
    return n != NULL ? sgf_node_next_sibling(n) : NULL;
}

/* 0 when every diagnostic code occurs in b at most as often as in a ("no
 * new diagnostics"); else 1 with t->msg naming the first new one. One
 * fault has two names: a property repeated in a node is merged into one
 * with several values (duplicate-property), and the writer writes that
 * property once with all of them, which reads as a property holding
 * more values than it takes (value-count). */
static inline int treecmp_diags(treecmp *t, const sgf_collection *a,
                                const sgf_collection *b)
{
    int count[1024];
    if (sgf_diag_code_count() > 1024)
        return treecmp_fail(t, "more than 1024 diagnostic codes");
    memset(count, 0, sizeof count);
    for (size_t i = 0; i < sgf_collection_diag_count(a); i++)
        count[sgf_collection_diag(a, i)->code]++;
    for (size_t i = 0; i < sgf_collection_diag_count(b); i++) {
        const sgf_diag *d = sgf_collection_diag(b, i);
        if (d->code == SGF_D_VALUE_COUNT && count[d->code] == 0
            && count[SGF_D_DUPLICATE_PROPERTY] > 0) {
            count[SGF_D_DUPLICATE_PROPERTY]--;
            continue;
        }
        if (--count[d->code] < 0)
            return treecmp_fail(t, "new diagnostic at %u:%u: %s [%s]",
                                d->pos.line, d->pos.column, d->message,
                                sgf_diag_code_name(d->code));
    }
    return 0;
}

#endif
