/*
 * tree.c - read access to a parsed collection (sgf/tree.h): games, nodes,
 * properties and values. Every getter is O(1) except the ones that walk a
 * list (child count, property search).
 */
#include <stdlib.h>
#include <string.h>
#include "tree_int.h"

void sgf_collection_free(sgf_collection *c)
{
    if (c == NULL)
        return;
    free(c->diags);
    if (c->cached_free != NULL)
        c->cached_free(c->cached_replay);
    sgf__linepos_release(c);
    free(c->games);
    sgf__input_unmap(c);
    sgf__arena arena = c->arena;   /* c itself lives in its arena */
    sgf__arena_free_all(&arena);
}

size_t sgf_collection_game_count(const sgf_collection *c)
{
    return c->ngames;
}

const sgf_game *sgf_collection_game(const sgf_collection *c, size_t i)
{
    size_t k = sgf__game_slot(c, i);
    return k != SIZE_MAX ? c->games[k] : NULL;
}

size_t sgf_collection_diag_count(const sgf_collection *c)
{
    return c->ndiags;
}

const sgf_diag *sgf_collection_diag(const sgf_collection *c, size_t i)
{
    return i < c->ndiags ? &c->diags[i] : NULL;
}

void sgf_collection_diags_left_out(const sgf_collection *c,
                                   sgf_diag_counts *listed,
                                   sgf_diag_counts *input)
{
    static const sgf_diag_counts none = { 0, 0, 0, 0 };
    if (listed != NULL)
        *listed = c != NULL ? c->dstate.left_out : none;
    if (input != NULL)
        *input = c != NULL ? c->dstate.left_out_all : none;
}

unsigned long sgf_collection_code_left_out(const sgf_collection *c,
                                          sgf_diag_code code)
{
    if (c == NULL || (unsigned)code >= SGF__D_COUNT)
        return 0;
    uint32_t seen = c->dstate.seen[code];
    return seen > c->max_diags ? (unsigned long)(seen - c->max_diags) : 0;
}

size_t sgf_collection_count_severity(const sgf_collection *c,
                                     sgf_severity sev)
{
    size_t n = 0;
    for (size_t i = 0; i < c->ndiags; i++)
        n += c->diags[i].severity == sev;
    return n;
}

sgf_str sgf_collection_input(const sgf_collection *c)
{
    sgf_str s = { c->input, c->input_len };
    return s;
}

const sgf_node *sgf_game_root(const sgf_game *g) { return g->root; }
size_t sgf_game_index(const sgf_game *g) { return g->index; }
int sgf_game_ff(const sgf_game *g) { return g->ff; }
int sgf_game_gm(const sgf_game *g) { return g->gm; }

void sgf_game_board_size(const sgf_game *g, int *width, int *height)
{
    if (width != NULL)
        *width = g->width;
    if (height != NULL)
        *height = g->height;
}

const char *sgf_game_charset(const sgf_game *g)
{
    return g->charset != NULL ? g->charset : "ISO-8859-1";
}

const sgf_node *sgf_node_parent(const sgf_node *n) { return n->parent; }
const sgf_node *sgf_node_first_child(const sgf_node *n) { return n->child; }
const sgf_node *sgf_node_next_sibling(const sgf_node *n) { return n->sibling; }
size_t sgf_node_offset(const sgf_node *n) { return n->offset; }
const sgf_prop *sgf_node_first_prop(const sgf_node *n) { return n->props; }
size_t sgf_node_prop_count(const sgf_node *n) { return n->nprops; }

size_t sgf_node_child_count(const sgf_node *n)
{
    size_t k = 0;
    for (const sgf_node *c = n->child; c != NULL; c = c->sibling)
        k++;
    return k;
}

const sgf_prop *sgf_node_find_prop(const sgf_node *n, sgf_prop_id id)
{
    for (sgf_prop *p = n->props; p != NULL; p = p->next)
        if (p->id == id)
            return p;
    return NULL;
}

const sgf_prop *sgf_node_find_prop_ident(const sgf_node *n, const char *ident)
{
    for (sgf_prop *p = n->props; p != NULL; p = p->next)
        if (strcmp(p->ident, ident) == 0)
            return p;
    return NULL;
}

const sgf_prop *sgf_prop_next(const sgf_prop *p) { return p->next; }
sgf_prop_id sgf_prop_id_of(const sgf_prop *p) { return (sgf_prop_id)p->id; }
const char *sgf_prop_ident(const sgf_prop *p) { return p->ident; }
sgf_str sgf_prop_ident_raw(const sgf_prop *p) { return p->ident_raw; }
size_t sgf_prop_offset(const sgf_prop *p) { return p->offset; }
size_t sgf_prop_value_count(const sgf_prop *p) { return p->nvalues; }

sgf_str sgf_prop_raw(const sgf_prop *p, size_t i)
{
    sgf_str none = { "", 0 };
    return i < p->nvalues ? p->values[i].raw : none;
}

sgf_str sgf_prop_text(const sgf_prop *p, size_t i)
{
    sgf_str none = { "", 0 };
    return i < p->nvalues ? p->values[i].text : none;
}

bool sgf_prop_is_undecodable(const sgf_prop *p, size_t i)
{
    return i < p->nvalues
        && (p->values[i].flags & SGF__V_UNDECODABLE) != 0;
}

size_t sgf_prop_value_offset(const sgf_prop *p, size_t i)
{
    return i < p->nvalues ? p->values[i].offset : 0;
}
