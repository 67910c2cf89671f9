/*
 * propset_int.h - the properties of the node the parser is reading,
 * found by identifier in O(1) (propset.c). Not installed.
 */
#ifndef SGF_PROPSET_INT_H
#define SGF_PROPSET_INT_H

#include "tree_int.h"

/* Nodes of at most this many properties are searched by walking them. */
enum { SGF__PROPSET_SMALL = 8 };

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

/* *out: the property of n with np's identifier (id, and canonical
 * letters for an unknown one), or NULL. 0 or SGF_ENOMEM. */
int sgf__propset_find(sgf__propset *s, const sgf_node *n,
                      const sgf_prop *np, sgf_prop **out);
/* np was just appended to n's list. 0 or SGF_ENOMEM. */
int sgf__propset_added(sgf__propset *s, const sgf_node *n, sgf_prop *np);
/* The memory of the nodes may be reused (a game released): index
 * nothing from before. */
void sgf__propset_forget(sgf__propset *s);
void sgf__propset_release(sgf__propset *s);

#endif
