/*
 * xml_tree.c - the games the XML reader gathered (xml_read.c), written as
 * SGF and checked against the parse of what was written: the game read
 * back must hold exactly the document's nodes, properties and raw
 * values. See xml_read.c for why, and sgf/xml.h.
 */
#include <string.h>
#include <sgf/xml.h>
#include "tree_int.h"
#include "xml_int.h"
#include "charset_int.h"
#include "props_int.h"

#define NONE SGF__XNONE
#define AT(b, type, i) (((type *)(void *)(b).ptr)[i])
#define COUNT(b, type) ((b).len / sizeof(type))

typedef sgf__xnode xnode;
typedef sgf__xprop xprop;
typedef sgf__xval xval;

/* --- the SGF written from it ------------------------------------------- */

static int put(sgf__xtree *t, const void *p, size_t n)
{
    return sgf__buf_add(&t->out, p, n);
}

/* A raw value in the guarded form (see write.c, add_escaped): read as
 * the lexer reads it with two-byte kind mb, into bytes each marked
 * escaped or not (a ']' or '\\' that stands bare is escaped: it is
 * kept as data), then written with the escapes it had, and a run of
 * bytes from 0x80 up that an escape or the closing ']' follows escaped
 * byte by byte. Escapes, soft line breaks included, keep their meaning;
 * every reader, pairing two-byte characters or not, finds the value's
 * end at its ']'. */
static int guard_raw(sgf__xtree *t, sgf_str s, int mb)
{
    const unsigned char *u = (const unsigned char *)s.ptr;
    t->tok.len = 0;
    for (size_t i = 0; i < s.len; ) {
        unsigned char b[4] = { u[i], 0, 0, 0 };
        size_t k = 2;
        if (mb && i + 1 < s.len && sgf__mb_pair(mb, u[i], u[i + 1])) {
            b[2] = u[i + 1];
            b[3] = u[i + 1] == '\\' || u[i + 1] == ']';
            k = 4;
            i += 2;
        } else if (u[i] == '\\' && i + 1 < s.len) {
            b[0] = u[i + 1];
            b[1] = 1;
            i += 2;
        } else {
            b[1] = u[i] == ']' || u[i] == '\\';
            i++;
        }
        if (sgf__buf_add(&t->tok, b, k) != 0)
            return SGF_ENOMEM;
    }
    const unsigned char *b = (const unsigned char *)t->tok.ptr;
    size_t n = t->tok.len / 2, run_end = 0;
    bool run_esc = false;
    int e = 0;
    for (size_t i = 0; i < n && !e; i++) {
        bool esc = b[2 * i + 1] != 0;
        if (!esc && b[2 * i] >= 0x80) {
            if (i >= run_end) {
                for (run_end = i; run_end < n && b[2 * run_end] >= 0x80
                     && !b[2 * run_end + 1]; run_end++)
                    ;
                run_esc = run_end == n || b[2 * run_end + 1];
            }
            esc = run_esc;
        }
        if (esc)
            e = put(t, "\\", 1);
        if (!e)
            e = put(t, b + 2 * i, 1);
    }
    return e;
}

/* guard: the kind to write every value guarded with, or -1 (those
 * marked guard only, with the game's kind mb). */
/* Where the SGF about to be written comes from in the document. */
static int mark(sgf__xtree *t, sgf_pos at)
{
    sgf__xmark m = { t->out.len, at };
    return at.line > 0 ? sgf__buf_add(&t->map, &m, sizeof m) : 0;
}

static int put_node(sgf__xtree *t, const xnode *n, int guard, int mb)
{
    int e = mark(t, n->at);
    if (!e)
        e = put(t, ";", 1);
    for (uint32_t k = 0; k < n->nprops && !e; k++) {
        const xprop *p = &AT(t->props, xprop, n->props + k);
        e = mark(t, p->at);
        if (!e)
            e = put(t, t->bytes.ptr + p->ident, p->ident_len);
        for (uint32_t j = 0; j < p->nvals && !e; j++) {
            xval *v = &AT(t->vals, xval, p->vals + j);
            sgf_str s = { t->bytes.ptr + v->off, v->len };
            e = mark(t, v->at);
            if (!e)
                e = put(t, "[", 1);
            v->out = t->out.len;
            if (!e && (guard >= 0 || v->guard))
                e = guard_raw(t, s, guard >= 0 ? guard : mb);
            else if (!e)
                e = put(t, s.ptr, s.len);
            v->out_len = t->out.len - v->out;
            if (!e)
                e = put(t, "]", 1);
        }
    }
    return e;
}

/* The first node of the sequence i is in (climb while it is the only
 * child). */
static uint32_t seq_start(const xnode *nodes, uint32_t i)
{
    while (nodes[i].parent != NONE && nodes[nodes[i].parent].first == i
           && nodes[i].next == NONE)
        i = nodes[i].parent;
    return i;
}

/* Write a game tree from its root: as write.c walks, with no recursion.
 * guard: -1 raw values as they stand, else the SGF__MB_* kind to read
 * them with before writing them guarded. */
static int put_game(sgf__xtree *t, uint32_t root, int guard, int mb)
{
    const xnode *nodes = (const xnode *)(const void *)t->nodes.ptr;
    int e = put(t, "(", 1);
    for (uint32_t i = root; i != NONE && !e; ) {
        e = put_node(t, &nodes[i], guard, mb);
        if (nodes[i].first != NONE) {
            i = nodes[i].first;
            if (!e && nodes[i].next != NONE)
                e = put(t, "(", 1);
            continue;
        }
        for (;;) {                         /* close what ends here */
            uint32_t s = seq_start(nodes, i);
            if (!e)
                e = put(t, ")", 1);
            if (nodes[s].parent == NONE) {
                i = NONE;
                break;
            }
            if (nodes[s].next != NONE) {
                if (!e)
                    e = put(t, "(", 1);
                i = nodes[s].next;
                break;
            }
            i = nodes[s].parent;
        }
    }
    return e ? e : put(t, "\n", 1);
}

/* --- the check: the game read back holds what the document holds ------- */

static bool same_bytes(sgf_str a, const char *b, size_t n)
{
    return a.len == n && (n == 0 || memcmp(a.ptr, b, n) == 0);
}

/* The values of document property q, as written, are the next ones of
 * p from *at on. */
static bool same_values(const sgf__xtree *t, const sgf_prop *p,
                        const xprop *q, size_t *at)
{
    if (*at + q->nvals > sgf_prop_value_count(p))
        return false;
    for (uint32_t j = 0; j < q->nvals; j++) {
        const xval *v = &AT(t->vals, xval, q->vals + j);
        if (!same_bytes(sgf_prop_raw(p, (*at)++), t->out.ptr + v->out,
                        v->out_len))
            return false;
    }
    return true;
}

/* The identifier as the parser keeps it: its capitals, or all of it in
 * capitals when it has none. */
static bool same_canonical(const char *canon, const char *s, size_t n)
{
    bool caps = false;
    for (size_t i = 0; i < n && !caps; i++)
        caps = s[i] >= 'A' && s[i] <= 'Z';
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (caps && (c < 'A' || c > 'Z'))
            continue;
        if (canon[k++] != (char)(c & ~0x20))
            return false;
    }
    return canon[k] == '\0';
}

/* A node whose document properties repeat one another: the parser
 * merged each repetition into the first (nothing lost). Checked for
 * nodes of a few properties; more is refused. */
static bool same_merged(const sgf__xtree *t, const sgf_node *n,
                        const xnode *x)
{
    enum { MAX_MERGED = 64 };
    if (x->nprops > MAX_MERGED)
        return false;
    size_t at[MAX_MERGED] = { 0 }, np = sgf_node_prop_count(n);
    const sgf_prop *p = sgf_node_first_prop(n);
    for (size_t k = 0; k < np; k++, p = sgf_prop_next(p)) {
        for (uint32_t i = 0; i < x->nprops; i++) {
            const xprop *q = &AT(t->props, xprop, x->props + i);
            if (same_canonical(sgf_prop_ident(p), t->bytes.ptr + q->ident,
                               q->ident_len)
                && !same_values(t, p, q, &at[k]))
                return false;
        }
        if (at[k] != sgf_prop_value_count(p))
            return false;
    }
    size_t total = 0;
    for (uint32_t i = 0; i < x->nprops; i++)
        total += AT(t->props, xprop, x->props + i).nvals;
    for (size_t k = 0; k < np; k++)
        total -= at[k];
    return total == 0 && np <= MAX_MERGED;
}

static bool same_node(const sgf__xtree *t, const sgf_node *n, const xnode *x)
{
    if (sgf_node_prop_count(n) != x->nprops)
        return same_merged(t, n, x);
    const sgf_prop *p = sgf_node_first_prop(n);
    for (uint32_t k = 0; k < x->nprops; k++, p = sgf_prop_next(p)) {
        const xprop *q = &AT(t->props, xprop, x->props + k);
        size_t at = 0;
        if (p == NULL || sgf_prop_value_count(p) != q->nvals
            || !same_bytes(sgf_prop_ident_raw(p), t->bytes.ptr + q->ident,
                           q->ident_len)
            || !same_values(t, p, q, &at))
            return false;
    }
    return true;
}

static const sgf_node *next_pre(const sgf_node *n)
{
    if (sgf_node_first_child(n) != NULL)
        return sgf_node_first_child(n);
    while (n != NULL && sgf_node_next_sibling(n) == NULL)
        n = sgf_node_parent(n);
    return n ? sgf_node_next_sibling(n) : NULL;
}

static uint32_t next_pre_x(const xnode *x, uint32_t i)
{
    if (x[i].first != NONE)
        return x[i].first;
    while (i != NONE && x[i].next == NONE)
        i = x[i].parent;
    return i != NONE ? x[i].next : NONE;
}

/* Whether game g of the parse is the gathered game starting at root. */
static bool same_game(const sgf__xtree *t, const sgf_game *g,
                      uint32_t root)
{
    const xnode *x = (const xnode *)(const void *)t->nodes.ptr;
    const sgf_node *n = g ? sgf_game_root(g) : NULL;
    uint32_t i = root;
    for (; n != NULL && i != NONE; n = next_pre(n), i = next_pre_x(x, i))
        if (!same_node(t, n, &x[i]))
            return false;
    return n == NULL && i == NONE;
}

bool sgf__xtree_same(const sgf__xtree *t, const sgf_collection *c,
                     size_t from)
{
    size_t ng = COUNT(t->games, size_t) - from;
    if (sgf_collection_game_count(c) != ng)
        return false;
    for (size_t i = 0; i < ng; i++)
        if (!same_game(t, sgf_collection_game(c, i),
                       (uint32_t)AT(t->games, size_t, from + i)))
            return false;
    return true;
}

/* The values of node n (its properties one for one with those of x)
 * whose <text> differs from their decoded text: said. */
static int check_node_shown(const sgf__xtree *t, sgf_collection *c,
                            const sgf_game *g, const sgf_node *n,
                            const xnode *x)
{
    if (sgf_node_prop_count(n) != x->nprops)
        return 0;                       /* merged: not compared */
    const sgf_prop *p = sgf_node_first_prop(n);
    for (uint32_t k = 0; k < x->nprops && p != NULL;
         k++, p = sgf_prop_next(p)) {
        const xprop *q = &AT(t->props, xprop, x->props + k);
        for (uint32_t j = 0; j < q->nvals && j < p->nvalues; j++) {
            const xval *v = &AT(t->vals, xval, q->vals + j);
            const sgf__value *pv = &p->values[j];
            if (v->shown_len == SGF__XSHOWN_NONE
                || (pv->flags & SGF__V_UNDECODABLE)
                || (pv->text.len == v->shown_len
                    && memcmp(pv->text.ptr, t->bytes.ptr + v->shown,
                              v->shown_len) == 0))
                continue;
            if (sgf__diag_add(c, (int)g->index, SGF_D_XML_TEXT_IGNORED,
                              sgf__game_ff4(g), pv->offset, "the <text> of "
                              "this value of '%s' is not what its <raw> "
                              "reads as: the <raw> is read, the <text> "
                              "dropped (to change the value, put the new "
                              "text in place of both)",
                              sgf_prop_ident(p)) == NULL)
                return SGF_ENOMEM;
        }
    }
    return 0;
}

int sgf__xtree_check_shown(const sgf__xtree *t, sgf_collection *c,
                           size_t from)
{
    const xnode *x = (const xnode *)(const void *)t->nodes.ptr;
    size_t ng = COUNT(t->games, size_t) - from;
    for (size_t i = 0; i < ng && i < sgf_collection_game_count(c); i++) {
        const sgf_game *g = sgf_collection_game(c, i);
        const sgf_node *n = g ? sgf_game_root(g) : NULL;
        uint32_t k = (uint32_t)AT(t->games, size_t, from + i);
        for (; n != NULL && k != NONE; n = next_pre(n), k = next_pre_x(x, k)) {
            int e = check_node_shown(t, c, g, n, &x[k]);
            if (e != 0)
                return e;
        }
    }
    return 0;
}

/* --- writing what was gathered ----------------------------------------- */

/* The two-byte kind to read a game's raw values with when they are
 * written guarded: that of the charset they were decoded from. */
static int game_kind(const char *cs)
{
    return cs ? sgf__charset_pair_kind(sgf__charset_canonical(cs,
                                                             strlen(cs)))
              : SGF__MB_NONE;
}

/* Games [from, end) written (guarded or not) into t->out. */
int sgf__xtree_put(sgf__xtree *t, size_t from, bool guarded)
{
    int e = 0;
    t->out.len = t->map.len = 0;
    for (size_t i = from; i < COUNT(t->games, size_t) && !e; i++) {
        int mb = game_kind(AT(t->gcs, char *, i));
        e = put_game(t, (uint32_t)AT(t->games, size_t, i),
                     guarded ? mb : -1, mb);
    }
    return e;
}

