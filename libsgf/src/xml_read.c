/*
 * xml_read.c - SGF XML read back into game trees (sgf/xml.h), as a
 * stream: libxml2's SAX2 parser hands over the document's elements and
 * text as it reads them (no tree of the document is built, so the cost
 * grows with the document however deep its variations nest), each
 * <game> is gathered into a small tree of nodes, properties and raw
 * values, then written out as SGF and parsed. Only one game is held at a
 * time (all of them for sgf_xml_read_buffer, which returns one
 * collection).
 *
 * The raw values are written as they stand, and the game read back is
 * checked against what the document holds: the same nodes, properties
 * and raw values, in order. A value that would not read back as itself
 * (a ']' or '\\' that closes or escapes what it should not, bytes of a
 * two-byte charset read another way) fails the check, and the game is
 * then written with every value in the guarded form of write.c: escapes
 * that give the same boundaries whether a reader pairs two-byte
 * characters or not. So no document yields more or fewer nodes,
 * properties or values than it holds.
 */
#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <sgf/xml.h>
#include "tree_int.h"
#include "xml_int.h"
#include "charset_int.h"
#include "props_int.h"

#define NONE SGF__XNONE
#define XC(s) ((const xmlChar *)(s))

/* --- the game gathered (the tree: xml_int.h) ------------------------- */

typedef sgf__xnode xnode;
typedef sgf__xprop xprop;
typedef sgf__xval xval;

/* Frames of the element stack. */
enum { F_IGNORE, F_COLLECTION, F_GAME, F_VARIATION, F_NODE, F_PROP, F_V,
       F_RAW, F_TEXT };

typedef struct frame {
    int kind;
    uint32_t node;       /* F_NODE: its node; F_GAME, F_VARIATION: the
                            node it branches from (NONE for a game) */
    uint32_t last;       /* F_GAME, F_VARIATION: its last node so far */
    bool b64;            /* F_V, F_RAW: encoding="base64" */
    bool has_raw;        /* F_V: a <raw> was read */
    int target;          /* where text goes: 0 nowhere, 1 v, 2 raw,
                            3 text (the <text> beside a <raw>) */
    unsigned long line;  /* where its start tag is */
    unsigned long raw_line;      /* F_V: where its <raw> starts */
    sgf_pos at;          /* just after its start tag: line, column, byte */
    bool has_text;       /* F_V: a <text> was read (in shown) */
} frame;

typedef struct xr {
    xmlParserCtxtPtr ctxt;
    int e;                       /* the first fault of ours, or 0 */
    unsigned long line;          /* of the element or text being read */
    unsigned long col;           /* ... its column, or 0 when not known */
    sgf_pos at;                  /* just after the start tag being read */
    const xmlChar **attrs;       /* the start tag's: 5 per attribute */
    int nattrs;
    sgf__xguard guard;
    int fd;                      /* or -1: memory */
    const char *mem;
    size_t mem_len, mem_pos;
    int read_errno;              /* a failed read(2) */
    bool read_failed;
    bool eof;                    /* read(2) said the end */
    bool seen_text;              /* a byte other than a blank was read */
    bool oom;                    /* libxml2 ran out of memory */
    bool xml_fault, at_end;      /* libxml2 found a fault; with all the
                                    input read */
    bool probing;                /* ascii_compatible: its faults are not
                                    the document's */
    char *err;
    size_t errlen;
    /* the document */
    const sgf_parse_options *opts;
    sgf_game_fn fn;              /* NULL: one collection (whole) */
    void *payload;
    bool stopped;                /* fn asked to stop */
    size_t ngames;               /* <game> elements read */
    sgf_collection *first;       /* fn: the first game's collection */
    sgf_collection *whole;       /* !fn: the result */
    xmlChar *charset;            /* !fn: the games' charset, if shared */
    bool mixed;
    /* the games being gathered (one with fn) */
    sgf__buf stack;              /* frame */
    sgf__xtree t;                /* what the games hold */
    sgf__buf text, raw;          /* the value being read */
    sgf__buf shown;              /* its <text> (beside its <raw>) */
    sgf__buf shown64;            /* scratch: that <text> in base64 */
    bool shown_cut;              /* that <text> held an element, or bad
                                    base64: not the value's text */
} xr;

#define AT(b, type, i) (((type *)(void *)(b).ptr)[i])
#define COUNT(b, type) ((b).len / sizeof(type))

/* The reason, after the line and column of the fault ("3:7: ...", or
 * "3: ..." where the column is not known: col 0). */
static void say_at(xr *r, unsigned long line, unsigned long col,
                   const char *what)
{
    if (col > 0)
        snprintf(r->err, r->errlen, "%lu:%lu: %s", line, col, what);
    else
        snprintf(r->err, r->errlen, "%lu: %s", line, what);
}

/* The fault what at line and column col (0: not known). */
static int fail_at(xr *r, unsigned long line, unsigned long col,
                   const char *what)
{
    if (r->err != NULL && r->errlen > 0 && r->err[0] == '\0' && line > 0)
        say_at(r, line, col, what);
    else if (r->err != NULL && r->errlen > 0 && r->err[0] == '\0')
        snprintf(r->err, r->errlen, "%s", what);
    return SGF_ESYNTAX;
}

/* The fault what of the element being read (line_of(r): at its '<'). */
static int fail(xr *r, unsigned long line, const char *what)
{
    if (line == r->line)
        return fail_at(r, line, r->col, what);
    return fail_at(r, line, 0, what);
}

/* The line of the element being read (where its start tag is; for an
 * end tag, that of its start tag). */
static unsigned long line_of(const xr *r)
{
    return r->line;
}

/* Where the parser has got to. */
static unsigned long parser_line(const xr *r)
{
    int l = r->ctxt != NULL ? xmlSAX2GetLineNumber(r->ctxt) : 0;
    return l > 0 ? (unsigned long)l : 0;
}

/* Where the start tag being read begins: its '<' (line, column and
 * byte offset in the document). In a start element's call libxml2
 * stands on the tag's '>', the tag's bytes before it in its buffer. */
static sgf_pos where(const xr *r)
{
    sgf_pos at = { 0, 0, 0 };
    if (r->ctxt == NULL || r->ctxt->input == NULL)
        return at;
    xmlParserInputPtr in = r->ctxt->input;
    long off = xmlByteConsumed(r->ctxt), lines = 0;
    const xmlChar *lt = in->cur;
    while (in->base != NULL && lt > in->base && *lt != '<') {
        lines += *lt == '\n';        /* a tag over several lines */
        lt--;
    }
    long back = in->base != NULL && *lt == '<' ? (long)(in->cur - lt) : 0;
    long col = in->col - back;
    if (back > 0 && lines > 0) {        /* its column: from its line's */
        const xmlChar *ls = lt;         /* start, when the buffer holds */
        while (ls > in->base && ls[-1] != '\n')      /* it */
            ls--;
        col = ls > in->base || in->line - lines == 1 ? (long)(lt - ls) + 1
                                                     : 0;
    }
    if (off < back || in->line <= lines || col <= 0)
        back = lines = 0, col = in->col;    /* (its end, then) */
    at.offset = off >= 0 && off - back < (long)UINT32_MAX
                ? (uint32_t)(off - back) : 0;
    at.line = (uint32_t)(in->line - lines > 0 ? in->line - lines : 0);
    at.column = (uint32_t)(col > 0 ? col : 1);
    return at;
}

static int push_frame(xr *r, int kind)
{
    frame f = { kind, NONE, NONE, false, false, 0, r->line, 0, r->at, false };
    return sgf__buf_add(&r->stack, &f, sizeof f);
}

static frame *top(xr *r)
{
    size_t n = COUNT(r->stack, frame);
    return n > 0 ? &AT(r->stack, frame, n - 1) : NULL;
}

static uint32_t new_node(xr *r, uint32_t parent)
{
    xnode n = { parent, NONE, NONE, NONE, 0, 0, r->at };
    uint32_t i = (uint32_t)COUNT(r->t.nodes, xnode);
    if (i == NONE || sgf__buf_add(&r->t.nodes, &n, sizeof n) != 0)
        return NONE;
    return i;
}

/* A node of a sequence: the next node of the sequence is the first child
 * of the one before (the variations came before it in the document),
 * the first node of a variation the last child of the node it branches
 * from. */
static int begin_node(xr *r, frame *f)
{
    uint32_t parent = f->last != NONE ? f->last : f->node;
    uint32_t i = new_node(r, parent);
    if (i == NONE)
        return SGF_ENOMEM;
    xnode *nodes = (xnode *)(void *)r->t.nodes.ptr;
    if (parent == NONE) {
        size_t at = i;
        if (sgf__buf_add(&r->t.games, &at, sizeof at) != 0)
            return SGF_ENOMEM;
    } else if (f->last != NONE) {
        nodes[i].next = nodes[parent].first;
        nodes[parent].first = i;
        if (nodes[parent].last == NONE)
            nodes[parent].last = i;
    } else {
        if (nodes[parent].last != NONE)
            nodes[nodes[parent].last].next = i;
        else
            nodes[parent].first = i;
        nodes[parent].last = i;
    }
    f->last = i;
    int e = push_frame(r, F_NODE);
    if (!e)
        top(r)->node = i;
    return e;
}

static bool ident_ok(const xmlChar *s)
{
    if (s == NULL || *s == '\0')
        return false;
    for (; *s; s++)
        if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z')))
            return false;
    return true;
}

/* The start tag's attribute `name` (of no namespace), a copy to
 * xmlFree, or NULL. */
static xmlChar *attr(xr *r, const char *name)
{
    for (int i = 0; i < r->nattrs; i++) {
        const xmlChar *const *a = r->attrs + 5 * i;
        if (a[2] == NULL && strcmp((const char *)a[0], name) == 0)
            return xmlStrndup(a[3], (int)(a[4] - a[3]));
    }
    return NULL;
}

static bool attr_is(xr *r, const char *name, const char *val)
{
    xmlChar *a = attr(r, name);
    bool yes = a != NULL && strcmp((const char *)a, val) == 0;
    xmlFree(a);
    return yes;
}

/* Whether ident is read as id, as the parser reads an identifier: its
 * lowercase letters dropped ("AddBlack" is "AB"), or, when it has no
 * capital, upper-cased ("ab" is "AB"). */
static bool ident_is(const xmlChar *ident, const xmlChar *id)
{
    const xmlChar *i = id;
    bool capital = false;
    for (const xmlChar *s = ident; *s; s++)
        if (*s >= 'A' && *s <= 'Z') {
            capital = true;
            if (*s != *i++)
                return false;
        }
    if (capital)
        return *i == '\0';
    for (; *ident; ident++)             /* all lowercase */
        if ((*ident & ~0x20) != *id++)
            return false;
    return *id == '\0';
}

static bool capitals(const xmlChar *s)
{
    for (; s != NULL && *s; s++)
        if (*s < 'A' || *s > 'Z')
            return false;
    return s != NULL;
}

/* An element's encoding attribute: none, or base64. */
static bool encoding_ok(xr *r)
{
    xmlChar *a = attr(r, "encoding");
    bool ok = a == NULL || strcmp((const char *)a, "base64") == 0;
    xmlFree(a);
    return ok;
}

static int begin_prop(xr *r, const frame *f)
{
    xmlChar *id = attr(r, "id"), *ident = attr(r, "ident");
    if (!ident_ok(id) || !capitals(id)) {
        xmlFree(id);
        xmlFree(ident);
        return fail(r, line_of(r), "<prop> without a valid id (capital "
                    "letters)");
    }
    if (ident != NULL && (!ident_ok(ident) || !ident_is(ident, id))) {
        xmlFree(id);
        xmlFree(ident);
        /* the identifier read would not be the one the document names */
        return fail(r, line_of(r), "<prop> whose ident is not its id "
                    "(its lowercase letters dropped)");
    }
    if (ident != NULL) {                /* as written */
        xmlFree(id);
        id = ident;
    }
    xprop p = { r->t.bytes.len, strlen((const char *)id),
                (uint32_t)COUNT(r->t.vals, xval), 0, r->at };
    int e = sgf__buf_add(&r->t.bytes, id, p.ident_len);
    xmlFree(id);
    if (!e)
        e = sgf__buf_add(&r->t.props, &p, sizeof p);
    xnode *n = &AT(r->t.nodes, xnode, f->node);
    if (!e && n->nprops++ == 0)
        n->props = (uint32_t)(COUNT(r->t.props, xprop) - 1);
    return e ? e : push_frame(r, F_PROP);
}

static int begin_game(xr *r)
{
    xmlChar *cs = attr(r, "charset");
    char *copy = cs ? strdup((const char *)cs) : NULL;
    xmlFree(cs);
    if (cs != NULL && copy == NULL)
        return SGF_ENOMEM;
    if (sgf__buf_add(&r->t.gcs, &copy, sizeof copy) != 0) {
        free(copy);
        return SGF_ENOMEM;
    }
    return push_frame(r, F_GAME);
}

static int begin_collection(xr *r, bool ours, const char *name)
{
    if (!ours || strcmp(name, "collection") != 0)
        return fail(r, line_of(r), "not an SGF collection (root element "
                    "<collection> in namespace " SGF_XML_NS ")");
    if (!attr_is(r, "version", "1"))
        return fail(r, line_of(r), "unknown version (1 expected)");
    return push_frame(r, F_COLLECTION);
}

/* A start tag: what it means depends on the element it is in. */
static int on_start(xr *r, const char *name, const char *ns)
{
    bool ours = ns != NULL && strcmp(ns, SGF_XML_NS) == 0;
    frame *f = top(r);
    int kind = f ? f->kind : -1;
    bool is = false;
    uint32_t node;
#define IS(s) (ours && strcmp(name, s) == 0)
    /* an element of the SGF namespace where the schema has none such is
       refused, not skipped: what it holds would be lost (elements of
       other namespaces hold no SGF, and are skipped) */
#define MISPLACED() fail(r, line_of(r), "an SGF element where the schema " \
                         "allows none (it is not read over)")
    if (kind == F_TEXT)                 /* (an element in <text>: it is */
        r->shown_cut = true;            /* not the value's text) */
    switch (kind) {
    case -1:
        return begin_collection(r, ours, name);
    case F_COLLECTION:
        return IS("game") ? begin_game(r)
               : ours ? MISPLACED() : push_frame(r, F_IGNORE);
    case F_GAME:
    case F_VARIATION:
        return IS("node") ? begin_node(r, f)
               : ours ? MISPLACED() : push_frame(r, F_IGNORE);
    case F_NODE:
        /* a node's properties are one run, before its variations: one
           after them would be taken as the last variation's */
        if (IS("prop") && AT(r->t.nodes, xnode, f->node).first != NONE)
            return fail(r, line_of(r), "<prop> after a <variation> of its "
                        "<node> (the properties come first)");
        if (IS("prop"))
            return begin_prop(r, f);
        if (ours && !IS("variation"))
            return MISPLACED();
        if (!IS("variation"))
            return push_frame(r, F_IGNORE);
        node = f->node;
        if (push_frame(r, F_VARIATION) != 0)
            return SGF_ENOMEM;
        top(r)->node = node;
        return 0;
    case F_PROP:
        if (ours && !IS("v"))
            return MISPLACED();
        if (!IS("v"))
            return push_frame(r, F_IGNORE);
        r->text.len = r->raw.len = 0;
        if (!encoding_ok(r))
            return fail(r, line_of(r), "an encoding other than base64");
        is = attr_is(r, "encoding", "base64");
        if (push_frame(r, F_V) != 0)
            return SGF_ENOMEM;
        top(r)->b64 = is;
        top(r)->target = 1;
        return 0;
    case F_V:
        if (IS("raw") && f->has_raw)
            return fail(r, line_of(r), "<v> with two <raw>");
        if (IS("raw") || IS("text")) {
            if (!encoding_ok(r))
                return fail(r, line_of(r), "an encoding other than base64");
        } else if (ours) {
            return MISPLACED();
        } else {        /* its text would join the value's, or be lost */
            return fail(r, line_of(r), "an element of another namespace "
                        "in <v>, which holds the value only");
        }
        if (IS("text") && !f->has_raw)  /* its text would be lost */
            return fail(r, line_of(r), "<text> in <v> without a <raw> "
                        "before it");
        if (IS("raw") && f->b64)        /* <raw>'s own would decide */
            return fail(r, line_of(r), "encoding=\"base64\" on a <v> "
                        "that holds a <raw> (the <raw> says its encoding)");
        if (IS("raw")) {
            is = attr_is(r, "encoding", "base64");
            f->has_raw = true;
            r->raw.len = 0;
            if (push_frame(r, F_RAW) != 0)
                return SGF_ENOMEM;
            top(r)->b64 = is;
            top(r)->target = 2;
            return 0;
        }
        /* <text>: readers take the <raw>; its characters are kept to
           say when they are not that value's (an edit not read back) */
        r->shown.len = 0;
        r->shown_cut = f->has_text;     /* a second <text>: no writer's */
        is = attr_is(r, "encoding", "base64");
        if (push_frame(r, F_TEXT) != 0)
            return SGF_ENOMEM;
        top(r)->target = 3;
        top(r)->b64 = is;
        return 0;
    case F_RAW:
        return fail(r, line_of(r), "an element in <raw>, which holds text "
                    "only");
    default:
        /* an element skipped (of another namespace, or of the Go layer)
           holds no SGF: one of ours in it would be lost with it, in a
           <node> too */
        return ours ? MISPLACED() : push_frame(r, F_IGNORE);
    }
#undef MISPLACED
#undef IS
}

static int on_text(xr *r, const xmlChar *s, int len)
{
    static const char *const structure[F_TEXT + 1] = {
        [F_COLLECTION] = "<collection>", [F_GAME] = "<game>",
        [F_VARIATION] = "<variation>", [F_NODE] = "<node>",
        [F_PROP] = "<prop> outside its <v>"
    };
    frame *f = top(r);
    if (f != NULL && structure[f->kind] != NULL)  /* blanks only there */
        for (int k = 0; k < len; k++)
            if (!strchr(" \t\r\n", s[k])) {
                /* the parser is at the text's end: its line, less the
                   line breaks after this byte */
                char what[96];
                unsigned long line = parser_line(r);
                for (int j = k; j < len; j++)
                    line -= s[j] == '\n' && line > 1;
                snprintf(what, sizeof what, "text in %s, where the schema "
                         "allows none (it would be lost)", structure[f->kind]);
                return fail_at(r, line, 0, what);
            }
    if (f == NULL || f->target == 0 || len <= 0)
        return 0;
    return sgf__buf_add(f->target == 1 ? &r->text
                        : f->target == 2 ? &r->raw : &r->shown, s,
                        (size_t)len);
}

/* The text in of n bytes (UTF-8: XML's characters) in the charset cs (a
 * canonical name) appended to out: 0; 1 when cs cannot hold some
 * character of it (out as it was); SGF_ENOMEM. */
static int text_in_charset(const char *cs, const char *in, size_t n,
                           sgf__buf *out)
{
    iconv_t cd = iconv_open(cs, "UTF-8");
    if (cd == (iconv_t)-1)
        return errno == ENOMEM ? SGF_ENOMEM : 1;
    size_t before = out->len, room = 4 * n + 16;
    int e = sgf__buf_grow(out, room);
    if (e == 0) {
        char *src = (char *)(uintptr_t)in, *dst = out->ptr + out->len;
        size_t left = n, free_ = room;
        if (iconv(cd, &src, &left, &dst, &free_) == (size_t)-1
            || iconv(cd, NULL, NULL, &dst, &free_) == (size_t)-1)
            e = 1;                      /* no such character there */
        else
            out->len += room - free_;
    }
    iconv_close(cd);
    if (e != 0)
        out->len = before;
    return e;
}

/* The value's bytes, from <raw> when there was one, else from <v>. A
 * value given as text only (characters, not bytes) under a game whose
 * charset attribute names another charset than UTF-8 takes that
 * charset's bytes, since the game's bytes are read in it (the writer
 * gives every decoded value that is not plain ASCII its bytes in <raw>):
 * a character it cannot hold is refused, not read as other characters.
 * CA[]'s value is never decoded (it names the charset): its <v> is its
 * bytes, as the writer writes them. */
static int end_value(xr *r, const frame *v)
{
    for (size_t k = 0; v->has_raw && k < r->text.len; k++)
        if (!strchr(" \t\r\n", r->text.ptr[k]))  /* beside <raw>: lost */
            return fail(r, line_of(r), "text in <v> beside its <raw>");
    const sgf__buf *src = v->has_raw ? &r->raw : &r->text;
    xval val = { r->t.bytes.len, 0, 0, 0, v->at, false, 0,
                 SGF__XSHOWN_NONE };
    int e = 0;
    if (v->b64) {
        e = sgf__xml_unbase64(&r->t.bytes, src->ptr ? src->ptr : "",
                              src->len);
        if (e == SGF_ESYNTAX)
            return v->has_raw ? fail_at(r, v->raw_line, 0,
                                        "bad base64 in <raw>")
                              : fail(r, line_of(r), "bad base64 in <v>");
    } else {
        const char *gcs = COUNT(r->t.gcs, char *) > 0
            ? AT(r->t.gcs, char *, COUNT(r->t.gcs, char *) - 1) : NULL;
        const xprop *cp = &AT(r->t.props, xprop, COUNT(r->t.props, xprop)
                                                 - 1);
        bool ca = cp->ident_len == 2        /* CA[] is never decoded: */
                  && memcmp(r->t.bytes.ptr + cp->ident, "CA", 2) == 0;
        if (v->has_raw || ca || sgf__xml_plain_as_bytes(gcs)    /* its */
            || sgf__is_ascii(src->ptr ? src->ptr : "", src->len)) /* bytes */
            e = sgf__buf_add(&r->t.bytes, src->ptr ? src->ptr : "",
                             src->len);
        else {          /* (plain_as_bytes: a charset known here) */
            const char *cs = sgf__charset_canonical(gcs, strlen(gcs));
            if (sgf__charset_family(cs) == SGF__CSF_WIDE)
                return fail(r, line_of(r), "a value's text in <v> under "
                            "a <game> in UTF-16 or UTF-32, whose values are "
                            "not read from text: their bytes go in <raw>");
            if ((e = text_in_charset(cs, src->ptr, src->len,
                                     &r->t.bytes)) == 1)
                return fail(r, line_of(r), "a value's text in <v> that "
                            "the <game>'s charset cannot hold (its bytes "
                            "go in <raw>)");
            val.guard = true;   /* its characters' bytes: a second byte */
        }                       /* '\\' or ']' is no escape, no end */
    }
    val.len = r->t.bytes.len - val.off;
    if (!e && v->has_raw && v->has_text && r->shown_cut)
        val.shown_len = SGF__XSHOWN_ODD;
    else if (!e && v->has_raw && v->has_text) { /* its <text>, after it */
        val.shown = r->t.bytes.len;
        val.shown_len = r->shown.len;
        e = sgf__buf_add(&r->t.bytes, r->shown.ptr ? r->shown.ptr : "",
                         r->shown.len);
    }
    if (!e)
        e = sgf__buf_add(&r->t.vals, &val, sizeof val);
    if (!e)
        AT(r->t.props, xprop, COUNT(r->t.props, xprop) - 1).nvals++;
    return e;
}

static int end_game(xr *r);

static int on_end(xr *r)
{
    frame f = *top(r);
    r->stack.len -= sizeof f;
    r->line = f.line;
    r->col = f.at.line == f.line ? f.at.column : 0;
    switch (f.kind) {
    case F_GAME:
        if (f.last == NONE)
            return fail(r, line_of(r), "<game> without <node>");
        return end_game(r);
    case F_VARIATION:
        return f.last == NONE ? fail(r, line_of(r), "<variation> without "
                                     "<node>") : 0;
    case F_PROP:
        return AT(r->t.props, xprop, COUNT(r->t.props, xprop) - 1).nvals == 0
            ? fail(r, line_of(r), "<prop> without <v>") : 0;
    case F_V:
        return end_value(r, &f);
    case F_TEXT:
        if (f.b64 && !r->shown_cut) {   /* its bytes, to compare */
            r->shown64.len = 0;
            int e = sgf__xml_unbase64(&r->shown64, r->shown.ptr ? r->shown.ptr
                                                                : "",
                                      r->shown.len);
            if (e == SGF_ENOMEM)
                return e;
            r->shown_cut = e != 0;
            r->shown.len = 0;
            if (e == 0 && sgf__buf_add(&r->shown, r->shown64.ptr
                                       ? r->shown64.ptr : "",
                                       r->shown64.len) != 0)
                return SGF_ENOMEM;
        }
        top(r)->has_text = true;
        return 0;
    case F_RAW:
        /* the <raw>'s encoding decides: carried to its <v> */
        top(r)->b64 = f.b64;
        top(r)->raw_line = f.line;
        return 0;
    default:
        return 0;
    }
}

/* --- parsing what was written ------------------------------------------ */

/* Parse r->t.out, games [from, end) of the document. The raw bytes are
 * those the original parse decoded (an input in UTF-16 was already
 * transcoded to UTF-8, a charset may have been forced): when reading
 * them again puts a game in another charset than the document records,
 * they are read again with the recorded one forced. cs is the charset of
 * all the games (then all are forced), or NULL: each game's own
 * (r->t.gcs), forced only for the games that differ, as the game-by-game
 * reader does. */
static int parse_out(xr *r, sgf_collection **out, const char *cs,
                     size_t from)
{
    const sgf_parse_options *opts = r->opts;
    const char *s = r->t.out.ptr ? r->t.out.ptr : "";
    if (r->t.out.len > SGF_PARSE_MAX_INPUT) {
        errno = EFBIG;
        return SGF_EIO;
    }
    int e = sgf_parse_buffer(out, s, r->t.out.len, opts);
    if (e || (opts != NULL && opts->charset != NULL))
        return e;
    size_t n = sgf_collection_game_count(*out), k = 0;
    const char **force = calloc(n ? n : 1, sizeof *force);
    if (force == NULL)
        return SGF_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        const char *want = cs;
        if (want == NULL && from + i < COUNT(r->t.gcs, char *))
            want = AT(r->t.gcs, char *, from + i);
        const char *got = sgf_game_charset(sgf_collection_game(*out, i));
        const char *canon = want ? sgf__charset_canonical(want, strlen(want))
                                 : NULL;
        force[i] = want;
        if (want != NULL && strcasecmp(got, canon ? canon : want) != 0)
            k++;
        else if (cs == NULL)
            force[i] = NULL;         /* read as it is: not forced */
    }
    if (k > 0) {
        sgf_collection_free(*out);
        *out = NULL;
        e = sgf__parse_buffer_forced(out, s, r->t.out.len, opts,
                                     (const char *const *)force, n);
    }
    free(force);
    return e;
}

/* The document's places of what c was read from attached to it (in
 * its arena): from then on its positions (sgf_collection_pos), those of
 * the diagnostics found so far too, are the document's, not those of
 * the SGF rebuilt from it. 0 or SGF_ENOMEM. */
static int attach_places(xr *r, sgf_collection *c)
{
    size_t n = COUNT(r->t.map, sgf__xmark);
    if (n == 0)
        return 0;
    sgf__posmark *m = sgf__arena_alloc(&c->arena, n * sizeof *m);
    if (m == NULL)
        return SGF_ENOMEM;
    memcpy(m, r->t.map.ptr, n * sizeof *m);
    c->posmap = m;
    c->nposmap = n;
    for (size_t i = 0; i < c->ndiags; i++)
        if (c->diags[i].pos.line > 0)
            c->diags[i].pos = sgf_collection_pos(c, c->diags[i].pos.offset);
    return 0;
}

/* Games [from, end) as a collection that holds exactly them: cs is the
 * charset all were read in, or NULL when they differ. */
static int rebuild(xr *r, sgf_collection **out, size_t from, const char *cs)
{
    int e = sgf__xtree_put(&r->t, from, false);
    if (!e)
        e = parse_out(r, out, cs, from);
    if (!e && sgf__xtree_same(&r->t, *out, from)) {
        e = sgf__xtree_check_shown(&r->t, *out, from);
        return e ? e : attach_places(r, *out);
    }
    if (e)
        return e;
    sgf_collection_free(*out);
    *out = NULL;
    e = sgf__xtree_put(&r->t, from, true);
    if (!e)
        e = parse_out(r, out, cs, from);
    if (!e && !sgf__xtree_same(&r->t, *out, from)) {
        sgf_collection_free(*out);
        *out = NULL;
        e = fail(r, r->ctxt ? line_of(r) : 0, "a game does not read back "
                 "as the document holds it");
    }
    if (!e)
        e = sgf__xtree_check_shown(&r->t, *out, from);
    return e ? e : attach_places(r, *out);
}

/* FF, GM or the charset differ from the first game (what the parser says
 * of a collection read whole). */
static void check_mixed(xr *r, sgf_collection *c, sgf_game *g)
{
    const sgf_game *f = sgf_collection_game(r->first, 0);
    bool ca = sgf_node_find_prop(f->root, SGF_PROP_CA) != NULL
              && sgf_node_find_prop(g->root, SGF_PROP_CA) != NULL;
    const char *what = f->ff != g->ff ? "FF" : f->gm != g->gm ? "GM"
                     : ca && strcmp(f->charset, g->charset) != 0 ? "CA"
                     : NULL;
    if (what != NULL)
        sgf__diag_add(c, (int)g->index, SGF_D_MIXED_COLLECTION,
                      sgf__game_ff4(g), g->offset,
                      "game %u differs from game 0 in %s",
                      (unsigned)g->index, what);
}

static void forget_game(xr *r)
{
    r->t.nodes.len = r->t.props.len = r->t.vals.len = r->t.bytes.len = 0;
    r->t.games.len = 0;
    free(AT(r->t.gcs, char *, 0));
    r->t.gcs.len = 0;
}

/* Put the game at index `index` of its collection, the games before it
 * not held: as in a collection read game by game, the game is
 * sgf_collection_game(c, index) (that of the others is NULL). Its slot
 * is 1, the indexes 1..index-1 having none (games_skip). */
static int place_game(sgf_collection *c, sgf_game *g, size_t index)
{
    if (index == 0)
        return 0;
    if (index >= UINT32_MAX)
        return SGF_ENOMEM;
    sgf_game **a = realloc(c->games, 2 * sizeof *a);
    if (a == NULL)
        return SGF_ENOMEM;
    a[0] = NULL;
    a[1] = g;
    c->games = a;
    c->games_cap = 2;
    c->games_skip = index - 1;
    c->ngames = index + 1;
    g->index = (uint32_t)index;
    return 0;
}

/* One game to the caller, in a collection of its own: its index that of
 * the document, its diagnostics said to be of that game. */
static int hand_game(xr *r)
{
    sgf_collection *c = NULL;
    int e = rebuild(r, &c, 0, AT(r->t.gcs, char *, 0));
    forget_game(r);
    if (e)
        return e;
    sgf_game *g = c->games[0];
    e = place_game(c, g, r->ngames - 1);
    if (e) {
        sgf_collection_free(c);
        return e;
    }
    for (size_t i = 0; i < c->ndiags; i++)
        if (c->diags[i].game == 0)
            c->diags[i].game = (int)g->index;
    if (r->first != NULL)
        check_mixed(r, c, g);
    r->stopped = r->fn(r->payload, c, g) != 0;
    if (r->first == NULL) {
        r->first = c;
        c->ndiags = 0;
    } else {
        sgf_collection_free(c);
    }
    return 0;
}

static int end_game(xr *r)
{
    r->ngames++;
    return r->fn != NULL ? hand_game(r) : 0;
}

/* --- libxml2 ----------------------------------------------------------- */

static int source_read(void *ctx, char *buf, int len)
{
    xr *r = ctx;
    ssize_t n;
    if (r->fd >= 0) {
        do
            n = read(r->fd, buf, (size_t)len);
        while (n < 0 && errno == EINTR);
    } else {
        n = (ssize_t)(r->mem_len - r->mem_pos);
        n = n < len ? n : len;
        memcpy(buf, r->mem + r->mem_pos, (size_t)n);
        r->mem_pos += (size_t)n;
    }
    if (n < 0) {
        r->read_errno = errno;
        r->read_failed = true;
        return -1;
    }
    r->eof = n == 0;
    for (ssize_t i = 0; i < n && !r->seen_text; i++)
        r->seen_text = buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\n'
                       && buf[i] != '\r';
    if (sgf__xguard_scan(&r->guard, buf, (size_t)n) != NULL)
        return -1;
    return (int)n;
}

static void on_error(void *ctx, xmlErrorPtr x)
{
    xr *r = ctx;
    if (x == NULL || r->probing)
        return;
    if (x->code == XML_ERR_NO_MEMORY)
        r->oom = true;
    if (x->level < XML_ERR_ERROR || r->xml_fault)
        return;
    /* the first fault, where the parser is: at the end of the input (a
       document cut short), or before it */
    xmlParserInputPtr in = r->ctxt != NULL ? r->ctxt->input : NULL;
    r->xml_fault = true;
    r->at_end = r->eof && in != NULL && in->cur >= in->end;
    if (r->err != NULL && r->errlen > 0 && r->err[0] == '\0') {
        unsigned long line = x->line > 0 ? (unsigned long)x->line
                             : parser_line(r);        /* (I18N: none) */
        say_at(r, line > 0 ? line : 1,
               x->line > 0 && x->int2 > 0 ? (unsigned long)x->int2 : 0,
               x->message ? x->message : "not well-formed");
        r->err[strcspn(r->err, "\n")] = '\0';
    }
    /* an encoding fault comes while libxml2 switches the input to the
     * declared encoding, which goes on with the input after the call
     * and crashes if the parser was stopped from here: the next handler
     * of ours stops it (halted), and none acts on what comes after */
    if (r->ctxt != NULL && x->domain != XML_FROM_I18N)
        xmlStopParser(r->ctxt);
}

/* Whether the handlers must do nothing more: a fault of ours, fn's
 * stop, or a fault of libxml2's, whose stop is left to the handler
 * (on_error): made here, where libxml2 allows it. */
static bool halted(xr *r)
{
    if (r->xml_fault && r->e == 0 && !r->stopped)
        xmlStopParser(r->ctxt);
    return r->e != 0 || r->stopped || r->xml_fault;
}

/* What stopped the reading: the guard, read(2), memory, or the XML. */
static int read_fault(xr *r)
{
    if (r->guard.why != NULL) {
        if (r->err != NULL && r->errlen > 0)
            say_at(r, r->guard.line, r->guard.column, r->guard.why);
        return SGF_ESYNTAX;
    }
    if (r->read_failed) {
        errno = r->read_errno;
        return SGF_EIO;
    }
    if (r->oom)
        return SGF_ENOMEM;
    if (r->eof && !r->seen_text && r->err != NULL && r->errlen > 0) {
        snprintf(r->err, r->errlen, "the input is empty: no XML document");
        return SGF_ESYNTAX;
    }
    if (r->eof && (!r->xml_fault || r->at_end) && r->stack.len > 0
        && r->err != NULL && r->errlen > 0) {
        static const char *const names[F_RAW + 1] = {
            [F_COLLECTION] = "collection", [F_GAME] = "game",
            [F_VARIATION] = "variation", [F_NODE] = "node",
            [F_PROP] = "prop", [F_V] = "v", [F_RAW] = "raw"
        };
        const char *name = names[top(r)->kind];
        snprintf(r->err, r->errlen, "%lu: the document ends inside "
                 "%s%s%s", r->guard.line, name ? "<" : "",
                 name ? name : "an element", name ? ">" : "");
        return SGF_ESYNTAX;
    }
    if (r->err != NULL && r->errlen > 0 && r->err[0] == '\0')
        snprintf(r->err, r->errlen, "%lu: not well-formed",
                 line_of(r));
    return SGF_ESYNTAX;
}

/* --- the SAX2 handlers: each stops the parser at a fault of ours --- */

static void stop_on(xr *r, int e)
{
    if (e != 0 && r->e == 0)
        r->e = e;
    if (r->e != 0 || r->stopped)
        xmlStopParser(r->ctxt);
}

static void sax_start(void *ctx, const xmlChar *name, const xmlChar *prefix,
                      const xmlChar *uri, int nb_namespaces,
                      const xmlChar **namespaces, int nb_attributes,
                      int nb_defaulted, const xmlChar **attributes)
{
    xr *r = ctx;
    (void)prefix;
    (void)nb_namespaces;
    (void)namespaces;
    (void)nb_defaulted;
    if (halted(r))
        return;
    r->line = parser_line(r);
    r->at = where(r);
    r->col = r->at.line == r->line ? r->at.column : 0;
    r->attrs = attributes;
    r->nattrs = nb_attributes;
    int e = on_start(r, (const char *)name, (const char *)uri);
    r->attrs = NULL;
    r->nattrs = 0;
    stop_on(r, e);
}

static void sax_end(void *ctx, const xmlChar *name, const xmlChar *prefix,
                    const xmlChar *uri)
{
    xr *r = ctx;
    (void)name;
    (void)prefix;
    (void)uri;
    if (!halted(r))
        stop_on(r, on_end(r));
}

static void sax_text(void *ctx, const xmlChar *s, int len)
{
    xr *r = ctx;
    if (!halted(r))
        stop_on(r, on_text(r, s, len));
}

/* Whether the encoding handler named `name` reads the bytes the guard
 * (xml_guard.c) looks at as themselves: it follows the raw bytes, so a
 * document in an encoding where they mean other characters (UTF-7's
 * "+ADw-" is '<') would pass it unseen. The SGF escape '\\' is one of
 * them: Shift_JIS reads its byte as the yen sign, which made the value
 * "a\\]b" (a]b) "a<yen>\\]b". */
static bool ascii_compatible(const char *name)
{
    static const char probe[] = "<a b='c' d=\"e\">=!?-:/+ADw-&#;[]\\</a>\n";
    xmlCharEncodingHandlerPtr h = xmlFindCharEncodingHandler(name);
    if (h == NULL)
        return false;
    xmlBufferPtr in = xmlBufferCreate(), out = xmlBufferCreate();
    bool same = false;
    if (in != NULL && out != NULL
        && xmlBufferAdd(in, XC(probe), (int)sizeof probe - 1) == 0
        && xmlCharEncInFunc(h, out, in) == (int)sizeof probe - 1)
        same = xmlBufferLength(out) == (int)sizeof probe - 1
               && memcmp(xmlBufferContent(out), probe, sizeof probe - 1)
                  == 0;
    xmlBufferFree(in);
    xmlBufferFree(out);
    xmlCharEncCloseFunc(h);
    return same;
}

/* After the XML declaration: the encoding it named must be one the
 * guard can follow. */
static void sax_document(void *ctx)
{
    xr *r = ctx;
    if (halted(r))
        return;
    xmlParserInputPtr in = r->ctxt->input;
    const xmlCharEncodingHandler *enc =
        in != NULL && in->buf != NULL ? in->buf->encoder : NULL;
    r->probing = true;
    bool ok = enc == NULL || enc->name == NULL || ascii_compatible(enc->name);
    r->probing = false;
    if (ok)
        return;
    r->line = parser_line(r);
    r->col = 0;
    stop_on(r, fail(r, line_of(r), "the document's encoding is not "
                    "ASCII-compatible (its markup bytes mean other "
                    "characters): such documents are not read"));
}

static void sax_doctype(void *ctx, const xmlChar *name,
                        const xmlChar *external_id, const xmlChar *system_id)
{
    xr *r = ctx;
    (void)name;
    (void)external_id;
    (void)system_id;
    if (halted(r))
        return;
    r->line = parser_line(r);
    r->col = 0;
    stop_on(r, fail(r, line_of(r), "a DOCTYPE (DTD, entities) is not "
                    "allowed in an SGF XML document"));
}

/* libxml2 reports some faults outside the parser's handler: through its
 * generic error function (encoding errors of a chunk), or, for faults of
 * its tree module (out of memory making a namespace), through the
 * thread's structured handler. While reading, the first is silenced (a
 * library prints nothing) and the second is ours, so that out of memory
 * anywhere in libxml2 is known as such (both settings are per thread). */
static void silent(void *ctx, const char *msg, ...)
{
    (void)ctx;
    (void)msg;
}

static int read_all(xr *r);

static int run(xr *r)
{
    sgf__xml_init();
    xmlGenericErrorFunc saved = xmlGenericError;
    void *saved_ctx = xmlGenericErrorContext;
    xmlStructuredErrorFunc saved_s = xmlStructuredError;
    void *saved_sctx = xmlStructuredErrorContext;
    xmlSetGenericErrorFunc(NULL, silent);
    xmlSetStructuredErrorFunc(r, on_error);
    int e = read_all(r);
    xmlSetStructuredErrorFunc(saved_sctx, saved_s);
    xmlSetGenericErrorFunc(saved_ctx, saved);
    return e;
}

/* A parser of the input through source_read, with handlers sax; NULL
 * when out of memory. (xmlCreateIOParserCtxt does the same but loses its
 * input buffer when memory runs out half way.) */
static xmlParserCtxtPtr new_context(xr *r, const xmlSAXHandler *sax)
{
    xmlParserInputBufferPtr buf = xmlParserInputBufferCreateIO(
        source_read, NULL, r, XML_CHAR_ENCODING_NONE);
    if (buf == NULL)
        return NULL;
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (ctxt == NULL) {
        xmlFreeParserInputBuffer(buf);
        return NULL;
    }
    memcpy(ctxt->sax, sax, sizeof *sax);
    ctxt->userData = r;
    xmlParserInputPtr in = xmlNewIOInputStream(ctxt, buf,
                                               XML_CHAR_ENCODING_NONE);
    if (in == NULL)
        xmlFreeParserInputBuffer(buf);
    if (in == NULL || inputPush(ctxt, in) < 0) {    /* frees in */
        xmlFreeParserCtxt(ctxt);
        return NULL;
    }
    return ctxt;
}

static int read_all(xr *r)
{
    /* NOENT: attribute values come decoded ("&" stays "&#38;" without
       it); no entity can be declared, a DOCTYPE being refused */
    enum { OPTIONS = XML_PARSE_NONET | XML_PARSE_HUGE | XML_PARSE_NOWARNING
                     | XML_PARSE_BIG_LINES | XML_PARSE_NOENT };
    xmlSAXHandler sax;
    memset(&sax, 0, sizeof sax);
    sax.initialized = XML_SAX2_MAGIC;
    sax.startElementNs = sax_start;
    sax.endElementNs = sax_end;
    sax.characters = sax_text;
    sax.ignorableWhitespace = sax_text;
    sax.cdataBlock = sax_text;
    sax.internalSubset = sax_doctype;
    sax.startDocument = sax_document;
    sax.serror = on_error;
    sgf__xguard_init(&r->guard);
    r->ctxt = new_context(r, &sax);
    if (r->ctxt == NULL)
        return SGF_ENOMEM;
    xmlCtxtUseOptions(r->ctxt, OPTIONS);
    int rc = xmlParseDocument(r->ctxt);
    int e = r->e;
    /* a fault of libxml2's stops the parser, even one that leaves the
       document well-formed to it (a namespace fault); so does a read
       refused by the guard, or failed, which libxml2 may take for the
       end of a well-formed document when it converts the input from a
       declared encoding (a CP932 document cut at a name too long read
       as one empty game); elements still open mean the same */
    if (!e && !r->stopped
        && (rc != 0 || !r->ctxt->wellFormed || r->xml_fault
            || r->guard.why != NULL || r->read_failed || r->oom
            || r->stack.len > 0))
        e = read_fault(r);
    /* a fault of ours may come from one of libxml2's (a value cut short
     * by a refused read) */
    if (e == SGF_ESYNTAX && (r->oom || r->guard.why || r->read_failed))
        e = read_fault(r);
    if (r->ctxt->myDoc != NULL)
        xmlFreeDoc(r->ctxt->myDoc);
    xmlFreeParserCtxt(r->ctxt);
    r->ctxt = NULL;
    return e;
}

static void xr_release(xr *r)
{
    for (size_t i = 0; i < COUNT(r->t.gcs, char *); i++)
        free(AT(r->t.gcs, char *, i));
    sgf__buf *b[] = { &r->stack, &r->t.nodes, &r->t.props, &r->t.vals,
                      &r->t.games, &r->t.gcs, &r->t.bytes, &r->text, &r->raw,
                      &r->shown, &r->shown64, &r->t.out, &r->t.tok,
                      &r->t.map };
    for (size_t i = 0; i < sizeof b / sizeof *b; i++)
        sgf__buf_release(b[i]);
}

static void xr_init(xr *r, int fd, const char *buf, size_t len,
                    const sgf_parse_options *opts, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->fd = fd;
    r->mem = buf;
    r->mem_len = len;
    r->opts = opts;
    r->err = err;
    r->errlen = errlen;
    if (err != NULL && errlen > 0)
        err[0] = '\0';
}

/* The charset every game records, or NULL when they differ. */
static const char *shared_charset(const xr *r)
{
    const char *cs = NULL;
    for (size_t i = 0; i < COUNT(r->t.gcs, char *); i++) {
        const char *g = AT(r->t.gcs, char *, i);
        if (g == NULL)
            continue;
        if (cs != NULL && strcmp(cs, g) != 0)
            return NULL;
        cs = g;
    }
    return cs;
}

int sgf_xml_read_buffer(sgf_collection **out, const char *buf, size_t len,
                        const sgf_parse_options *opts, char *err,
                        size_t errlen)
{
    if (out == NULL || buf == NULL)
        return SGF_EINVAL;
    *out = NULL;
    xr r;
    xr_init(&r, -1, buf, len, opts, err, errlen);
    int e = run(&r);
    if (!e)
        e = rebuild(&r, out, 0, shared_charset(&r));
    xr_release(&r);
    return e;
}

static int read_each(xr *r, sgf_game_fn fn, void *payload)
{
    r->fn = fn;
    r->payload = payload;
    int e = run(r);
    if (!e && !r->stopped && r->first == NULL) {
        r->t.out.len = 0;                    /* no game: the parser's word */
        e = parse_out(r, &r->first, NULL, 0);
    }
    if (!e && !r->stopped)
        r->fn(r->payload, r->first, NULL);
    sgf_collection_free(r->first);
    xr_release(r);
    return e;
}

int sgf_xml_read_buffer_each(const char *buf, size_t len,
                             const sgf_parse_options *opts, sgf_game_fn fn,
                             void *payload, char *err, size_t errlen)
{
    if (fn == NULL || (buf == NULL && len > 0))
        return SGF_EINVAL;
    xr r;
    xr_init(&r, -1, buf ? buf : "", len, opts, err, errlen);
    return read_each(&r, fn, payload);
}

int sgf_xml_read_fd_each(int fd, const sgf_parse_options *opts,
                         sgf_game_fn fn, void *payload, char *err,
                         size_t errlen)
{
    if (fn == NULL || fd < 0)
        return SGF_EINVAL;
    xr r;
    xr_init(&r, fd, NULL, 0, opts, err, errlen);
    return read_each(&r, fn, payload);
}
