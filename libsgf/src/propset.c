/*
 * propset.c - the properties of the node being read, found by identifier
 * in O(1) (parse.c): the parser merges a repeated property into the
 * first one, so each new property asks "is this one in the node
 * already?". A walk over the node's list answers that in O(properties),
 * which made a node of N distinct properties cost O(N^2); a node of a
 * few properties is still walked (cheaper than hashing), a larger one
 * gets this open-addressing table, built once when the node passes
 * SGF__PROPSET_SMALL properties and kept up as properties join it.
 * Slots carry a generation, so that moving to the next large node
 * clears the table in O(1) however large an earlier node made it.
 */
#include <stdlib.h>
#include <string.h>
#include "propset_int.h"

/* Known identifiers hash by their id; unknown ones (the only ones a
 * node can hold without bound) by their canonical letters (FNV-1a). */
static size_t prop_hash(const sgf_prop *q)
{
    if (q->id != SGF_PROP_UNKNOWN)
        return (size_t)q->id * 0x9E3779B1u;
    uint32_t h = 2166136261u;
    for (const char *s = q->ident; *s != '\0'; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static bool same_prop(const sgf_prop *q, const sgf_prop *np)
{
    return q->id == np->id
           && (np->id != SGF_PROP_UNKNOWN || strcmp(q->ident, np->ident) == 0);
}

/* The slot holding a property like np, or the free slot where it
 * goes. */
static struct sgf__propslot *slot_for(const sgf__propset *s,
                                      const sgf_prop *np)
{
    size_t mask = s->cap - 1;
    for (size_t i = prop_hash(np) & mask;; i = (i + 1) & mask) {
        struct sgf__propslot *sl = &s->slots[i];
        if (sl->gen != s->gen || same_prop(sl->p, np))
            return sl;
    }
}

static void insert(sgf__propset *s, sgf_prop *q)
{
    struct sgf__propslot *sl = slot_for(s, q);
    if (sl->gen != s->gen) {
        sl->p = q;
        sl->gen = s->gen;
        s->used++;
    }
}

/* Index the properties of n in a table of at least twice as many slots
 * (a new generation of the same table when it is large enough). */
static int index_node(sgf__propset *s, const sgf_node *n, size_t props)
{
    size_t cap = s->cap;
    if (cap < 2 * (props + 1)) {
        cap = cap ? cap : 64;
        while (cap < 2 * (props + 1))
            cap *= 2;
        struct sgf__propslot *t = calloc(cap, sizeof *t);
        if (t == NULL)
            return SGF_ENOMEM;
        free(s->slots);
        s->slots = t;
        s->cap = cap;
        s->gen = 0;
    }
    if (++s->gen == 0) {          /* wrapped: clear for real, once */
        memset(s->slots, 0, s->cap * sizeof *s->slots);
        s->gen = 1;
    }
    s->used = 0;
    s->node = n;
    for (sgf_prop *q = n->props; q != NULL; q = q->next)
        insert(s, q);
    return SGF_OK;
}

int sgf__propset_find_large(sgf__propset *s, const sgf_node *n,
                            const sgf_prop *np, sgf_prop **out)
{
    *out = NULL;
    if (s->node != n && index_node(s, n, n->nprops) != SGF_OK)
        return SGF_ENOMEM;
    struct sgf__propslot *sl = slot_for(s, np);
    if (sl->gen == s->gen)
        *out = sl->p;
    return SGF_OK;
}

int sgf__propset_index_added(sgf__propset *s, const sgf_node *n,
                             sgf_prop *np)
{
    if (2 * (s->used + 1) > s->cap)
        return index_node(s, n, n->nprops);   /* np is in n's list */
    insert(s, np);
    return SGF_OK;
}

void sgf__propset_forget(sgf__propset *s)
{
    s->node = NULL;
}

void sgf__propset_release(sgf__propset *s)
{
    if (s->slots == NULL)
        return;                 /* most parses: no large node */
    free(s->slots);
    memset(s, 0, sizeof *s);
}
