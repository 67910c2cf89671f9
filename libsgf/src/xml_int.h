/*
 * xml_int.h - what the files of the xml module share: the Go layer of
 * the export (xml_go.c), used by xml.c, and the input guard (xml_guard.c)
 * used by xml_read.c. These files make up the xml module, the only code that links libxml2
 * (DECISIONS.md "Conversion"). Not installed.
 */
#ifndef SGF_XML_INT_H
#define SGF_XML_INT_H

#include <libxml/xmlwriter.h>
#include <sgf/tree.h>
#include "arena_int.h"

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

/* Decode n bytes of base64 (blanks ignored) and append them to out.
 * 0, SGF_ENOMEM, or SGF_ESYNTAX on bad input. (xml.c) */
int sgf__xml_unbase64(sgf__buf *out, const char *s, size_t n);

/* --- the input guard (xml_guard.c) ------------------------------------ */

/* The lexer's state between two reads of the document. */
typedef struct sgf__xguard {
    int state;
    int match;              /* progress through a delimiter */
    char quote;             /* the quote of the attribute value open */
    bool xmlns_ok;          /* the name so far may be "xmlns" */
    size_t name_len;        /* bytes of the name being read */
    unsigned attrs;         /* attributes of the start tag open */
    unsigned ns;            /* namespace declarations so far */
    unsigned long line;     /* 1 + line breaks seen */
    size_t seen;            /* bytes scanned */
    const char *why;        /* the refusal, once made */
} sgf__xguard;

void sgf__xguard_init(sgf__xguard *g);

/* Scan the next n bytes of the document. Returns NULL, or the reason it
 * is refused (static text; the same on every later call); g->line is
 * then the line of the fault. */
const char *sgf__xguard_scan(sgf__xguard *g, const char *s, size_t n);

#endif
