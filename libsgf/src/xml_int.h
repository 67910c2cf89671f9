/*
 * xml_int.h - the Go layer of the XML export (xml_go.c), used by xml.c.
 * Both files make up the xml module, the only code that links libxml2
 * (DECISIONS.md "Conversion"). Not installed.
 */
#ifndef SGF_XML_INT_H
#define SGF_XML_INT_H

#include <libxml/xmlwriter.h>
#include <sgf/tree.h>

typedef struct sgf__xgo sgf__xgo;

/* Where a walk stands, to come back to after a variation. */
typedef struct sgf__xgo_mark {
    size_t depth;       /* board undo depth */
    size_t log_len;     /* entries of the "reused" log */
    long number;        /* move number of the last move */
} sgf__xgo_mark;

/* State for one game: NULL in *out (and 0) when the game is not Go or its
 * board size is not playable. 0 or SGF_ENOMEM. */
int sgf__xgo_new(sgf__xgo **out, const sgf_game *g);
void sgf__xgo_free(sgf__xgo *x);
void sgf__xgo_save(const sgf__xgo *x, sgf__xgo_mark *m);
void sgf__xgo_restore(sgf__xgo *x, const sgf__xgo_mark *m);

/* Apply the node's setup and move to the board and write its Go-layer
 * elements (go:move, go:info). Returns 0, SGF_ENOMEM or SGF_EIO (the
 * writer failed). */
int sgf__xgo_node(sgf__xgo *x, xmlTextWriterPtr w, const sgf_node *n);

#endif
