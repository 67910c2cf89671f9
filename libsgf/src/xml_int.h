/*
 * xml_int.h - what the files of the xml module share: the Go layer of
 * the export (xml_go.c), used by xml.c, and the input guard (xml_guard.c)
 * used by xml_read.c, and the games the reader gathers (xml_tree.c).
 * These files make up the xml module, the only code that links libxml2.
 * Not installed.
 */
#ifndef SGF_XML_INT_H
#define SGF_XML_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <sgf/tree.h>
#include "arena_int.h"
#include "tree_int.h"

/* --- the bytes of the export (xml_out.c) ------------------------------ */

/* A document being written: its bytes not yet handed on, the elements
 * open (names of static storage), and the layout. */
typedef struct sgf__xout {
    sgf__buf buf;       /* bytes written, to be taken by the caller */
    sgf__buf names;     /* the open elements' names (xout_name) */
    bool indent;        /* one element a line, one space a level */
    bool open_tag;      /* the last start tag is not closed yet */
    bool text;          /* the innermost element holds text */
    int err;            /* SGF_ENOMEM once memory ran out, then sticky */
    /* the caller's taking of buf, asked for once it holds
       SGF__XOUT_SPILL bytes and is full, so that a game of any size is
       written in the memory of a buffer, not of its whole text: 0, or
       an SGF_E* that becomes err (NULL: the buffer grows) */
    int (*spill)(void *arg);
    void *spill_arg;
} sgf__xout;

#define SGF__XOUT_SPILL ((size_t)1 << 20)

void sgf__xout_init(sgf__xout *o, bool indent);
void sgf__xout_release(sgf__xout *o);
/* Each returns o->err: 0, or SGF_ENOMEM (the bytes are then incomplete).
 * Names are element or attribute names as written ("go:move"); val and
 * text are UTF-8 (text of XML 1.0 characters: the caller checks). */
int sgf__xout_start_n(sgf__xout *o, const char *name, size_t len);
int sgf__xout_attr_n(sgf__xout *o, const char *name, size_t len,
                     const char *val);
int sgf__xout_attr_long_n(sgf__xout *o, const char *name, size_t len,
                          long v);
/* The names' lengths taken where they are written (a literal's at
 * compile time). */
#define sgf__xout_start(o, name) \
    sgf__xout_start_n((o), (name), strlen(name))
#define sgf__xout_attr(o, name, val) \
    sgf__xout_attr_n((o), (name), strlen(name), (val))
#define sgf__xout_attr_long(o, name, v) \
    sgf__xout_attr_long_n((o), (name), strlen(name), (v))
int sgf__xout_text(sgf__xout *o, const char *s, size_t n);
int sgf__xout_end(sgf__xout *o);
/* <name>text</name> */
int sgf__xout_element(sgf__xout *o, const char *name, const char *text);
/* Bytes as they are (the XML declaration). */
int sgf__xout_raw(sgf__xout *o, const char *s, size_t n);

typedef struct sgf__xgo sgf__xgo;

/* Where a walk stands, to come back to after a variation. */
typedef struct sgf__xgo_mark {
    size_t depth;       /* board undo depth */
    size_t log_len;     /* entries of the "reused" log */
    long number;        /* move number of the last move */
} sgf__xgo_mark;

/* State for game g: *x made, or the one of an earlier game (of a
 * writer) made ready for g, its memory kept; NULL in *x (and 0) when the
 * game is not Go or its board size is not playable (an earlier state is
 * then freed). 0 or SGF_ENOMEM (*x NULL). */
int sgf__xgo_begin(sgf__xgo **x, const sgf_game *g);
void sgf__xgo_free(sgf__xgo *x);
void sgf__xgo_save(const sgf__xgo *x, sgf__xgo_mark *m);
void sgf__xgo_restore(sgf__xgo *x, const sgf__xgo_mark *m);

/* Apply the node's setup and move to the board and write its Go-layer
 * elements (go:move, go:info). Returns 0 or SGF_ENOMEM. */
int sgf__xgo_node(sgf__xgo *x, sgf__xout *w, const sgf_node *n);

/* Decode n bytes of base64 (blanks ignored) and append them to out.
 * 0, SGF_ENOMEM, or SGF_ESYNTAX on bad input. (xml.c) */
int sgf__xml_unbase64(sgf__buf *out, const char *s, size_t n);

/* Whether a plain <v> (characters, no <raw>) of a game whose charset
 * attribute is cs (NULL: none) is read as the bytes of its characters as
 * they stand: no charset, one the library does not know, or UTF-8. Else
 * the reader puts them into cs, and the writer gives a plain <v> only
 * to ASCII values. The one rule of both. */
bool sgf__xml_plain_as_bytes(const char *cs);

/* --- the games the reader gathered (xml_read.c, xml_tree.c) ----------- */

#define SGF__XNONE UINT32_MAX

/* A node, its children first..last (linked by next), its properties. */
typedef struct sgf__xnode {
    uint32_t parent, first, last, next;    /* children: first..last */
    uint32_t props, nprops;                /* first property, count */
    sgf_pos at;                            /* in the document: just after
                                              its start tag */
} sgf__xnode;

typedef struct sgf__xprop {
    size_t ident, ident_len;               /* in bytes */
    uint32_t vals, nvals;                  /* first value, count */
    sgf_pos at;                            /* as sgf__xnode's */
} sgf__xprop;

/* A place of the SGF written (t->out) and the place in the document of
 * what is written there: node, property or value (sgf__xtree.map, in
 * the order written, so by offset). */
typedef sgf__posmark sgf__xmark;

typedef struct sgf__xval {
    size_t off, len;                       /* in bytes */
    size_t out, out_len;                   /* as written, in out */
    sgf_pos at;                            /* as sgf__xnode's */
    bool guard;        /* text put in a two-byte charset: always written
                          guarded (its bytes are read as characters
                          first, as a writer that pairs them wrote them) */
    size_t shown, shown_len;   /* the <text> beside its <raw> (in bytes),
                                  or shown_len SGF__XSHOWN_NONE: none, or
                                  SGF__XSHOWN_ODD: one no writer writes
                                  (an element in it, bad base64) */
} sgf__xval;

#define SGF__XSHOWN_NONE SIZE_MAX
#define SGF__XSHOWN_ODD (SIZE_MAX - 1)

/* The games of a document being read: nodes, properties and values
 * (identifiers and raw bytes in bytes), the first node of each game and
 * its charset attribute (char *, or NULL), the SGF written of them (out)
 * and scratch. */
typedef struct sgf__xtree {
    sgf__buf nodes, props, vals;  /* sgf__xnode, sgf__xprop, sgf__xval */
    sgf__buf games;               /* size_t */
    sgf__buf gcs;                 /* char * */
    sgf__buf bytes, out, tok;
    sgf__buf map;                 /* sgf__xmark: out's places */
} sgf__xtree;

/* Write games [from, end) as SGF into t->out (replacing it): raw values
 * as they stand, or (guarded) each read with the two-byte kind of its
 * game's charset and written in the guarded form of write.c (a value
 * marked guard is written so in either case). Each value
 * written is recorded (sgf__xval.out, out_len) for the check. 0 or
 * SGF_ENOMEM. */
int sgf__xtree_put(sgf__xtree *t, size_t from, bool guarded);

/* Whether collection c, the parse of t->out, holds exactly games
 * [from, end): the same nodes in the same tree, the same properties
 * (identifiers as written; repetitions merged as the parser merges
 * them) and the same values, byte for byte as written. */
bool sgf__xtree_same(const sgf__xtree *t, const sgf_collection *c,
                     size_t from);

/* Each value of games [from, end) of c (the parse of t->out, which
 * sgf__xtree_same found to hold them) whose <text> is not the text its
 * <raw> decodes to: said (xml-text-ignored) at the value, since readers
 * take the <raw> and the <text> is lost (an edit of it, say). Values
 * that do not decode, and those of nodes whose repeated properties the
 * parser merged, are not compared. 0 or SGF_ENOMEM. */
int sgf__xtree_check_shown(const sgf__xtree *t, sgf_collection *c,
                           size_t from);

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
    unsigned long column;   /* the refusal's column (characters, from 1;
                               0: not known) */
    size_t line_at;         /* where the line being scanned starts */
    size_t seen;            /* bytes scanned */
    const char *why;        /* the refusal, once made */
} sgf__xguard;

void sgf__xguard_init(sgf__xguard *g);

/* Scan the next n bytes of the document. Returns NULL, or the reason it
 * is refused (static text; the same on every later call); g->line and
 * g->column are then the line and column (in characters, 0 when not
 * known) of the fault. */
const char *sgf__xguard_scan(sgf__xguard *g, const char *s, size_t n);

/* Initialise libxml2, once for the process (pthread_once): every entry
 * point that uses libxml2 calls it first. */
void sgf__xml_init(void);

#endif
