/*
 * propset_int.h - the properties of the node the parser is reading,
 * found by identifier in O(1) (propset.c). Not installed.
 */
#ifndef SGF_PROPSET_INT_H
#define SGF_PROPSET_INT_H

#include <string.h>
#include "tree_int.h"

/* Nodes of at most this many properties are searched by walking them
 * (most nodes, game-information roots included). */
enum { SGF__PROPSET_SMALL = 32 };

struct sgf__propslot {
    sgf_prop *p;
    uint32_t gen;            /* in use when equal to the set's gen */
};

typedef struct sgf__propset {
    struct sgf__propslot *slots;  /* cap slots (a power of two), or NULL */
    size_t cap, used;
    uint32_t gen;
    const sgf_node *node;         /* the node indexed, or NULL */
} sgf__propset;

#define SGF__PROPSET_INIT { NULL, 0, 0, 0, NULL }

/* sgf__propset_find for a node of more than SGF__PROPSET_SMALL
 * properties. */
int sgf__propset_find_large(sgf__propset *s, const sgf_node *n,
                            const sgf_prop *np, sgf_prop **out);

/* *out: the property of n with np's identifier (id, and canonical
 * letters for an unknown one), or NULL. 0 or SGF_ENOMEM. Inline: the
 * parser asks for every property. */
static inline int sgf__propset_find(sgf__propset *s, const sgf_node *n,
                                    const sgf_prop *np, sgf_prop **out)
{
    if (n->nprops > SGF__PROPSET_SMALL)
        return sgf__propset_find_large(s, n, np, out);
    *out = NULL;
    for (sgf_prop *q = n->props; q != NULL; q = q->next)
        if (q->id == np->id && (np->id != SGF_PROP_UNKNOWN
                                || strcmp(q->ident, np->ident) == 0)) {
            *out = q;
            break;
        }
    return SGF_OK;
}
/* np was just appended to n's list. 0 or SGF_ENOMEM. */
int sgf__propset_index_added(sgf__propset *s, const sgf_node *n,
                             sgf_prop *np);
static inline int sgf__propset_added(sgf__propset *s, const sgf_node *n,
                                     sgf_prop *np)
{
    /* a node not indexed is indexed when it is next asked */
    return s->node == n ? sgf__propset_index_added(s, n, np) : SGF_OK;
}
/* The memory of the nodes may be reused (a game released): index
 * nothing from before. */
void sgf__propset_forget(sgf__propset *s);
void sgf__propset_release(sgf__propset *s);

#endif
