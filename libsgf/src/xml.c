/*
 * xml.c - a collection as XML (generic layer) and back; see sgf/xml.h.
 * The Go layer is in xml_go.c. The only code, with xml_go.c, that links
 * libxml2 (DECISIONS.md "Conversion").
 *
 * Writing goes through xmlTextWriter, which escapes markup characters;
 * what it cannot protect against (invalid UTF-8, characters XML 1.0 does
 * not allow) never reaches it: such values are written in base64.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>
#include <sgf/xml.h>
#include "tree_int.h"
#include "xml_int.h"
#include "charset_int.h"

#define W_OK_(x) ((x) < 0 ? SGF_EIO : 0)
#define XC(s) ((const xmlChar *)(s))

/* --- characters -------------------------------------------------------- */

/* Length of the UTF-8 sequence at s (n bytes left) and its code point, or
 * 0 when it is not well-formed. */
static size_t utf8_char(const unsigned char *s, size_t n, unsigned long *cp)
{
    unsigned char c = s[0];
    size_t len = c < 0x80 ? 1 : c < 0xC2 ? 0 : c < 0xE0 ? 2 : c < 0xF0 ? 3
               : c < 0xF5 ? 4 : 0;
    if (len == 0 || len > n)
        return 0;
    unsigned long v = len == 1 ? c : c & (0x7F >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = (v << 6) | (s[i] & 0x3F);
    }
    static const unsigned long min[5] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (v < min[len] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return len;
}

/* Whether the bytes are UTF-8 made of XML 1.0 characters only. */
static bool xml_safe(sgf_str s)
{
    const unsigned char *p = (const unsigned char *)s.ptr;
    size_t i = 0;
    while (i < s.len) {
        unsigned long cp;
        size_t l = utf8_char(p + i, s.len - i, &cp);
        if (l == 0)
            return false;
        if (cp < 0x20 && cp != 0x9 && cp != 0xA && cp != 0xD)
            return false;
        if (cp == 0xFFFE || cp == 0xFFFF)
            return false;
        i += l;
    }
    return true;
}

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static char *base64(sgf_str s)
{
    char *out = malloc(4 * ((s.len + 2) / 3) + 1), *o = out;
    const unsigned char *p = (const unsigned char *)s.ptr;
    if (out == NULL)
        return NULL;
    for (size_t i = 0; i < s.len; i += 3) {
        unsigned long v = (unsigned long)p[i] << 16;
        if (i + 1 < s.len)
            v |= (unsigned long)p[i + 1] << 8;
        if (i + 2 < s.len)
            v |= p[i + 2];
        *o++ = b64[v >> 18];
        *o++ = b64[(v >> 12) & 63];
        *o++ = i + 1 < s.len ? b64[(v >> 6) & 63] : '=';
        *o++ = i + 2 < s.len ? b64[v & 63] : '=';
    }
    *o = '\0';
    return out;
}

static int b64_val(char c)
{
    const char *p = c ? strchr(b64, c) : NULL;
    return p ? (int)(p - b64) : -1;
}

/* Decode base64 (blanks ignored) and append; SGF_ESYNTAX on bad input. */
static int unbase64(sgf__buf *out, const char *s)
{
    unsigned long v = 0;
    int bits = 0, pad = 0;
    for (; *s; s++) {
        if (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r')
            continue;
        if (*s == '=') {
            pad++;
            continue;
        }
        int d = b64_val(*s);
        if (d < 0 || pad)
            return SGF_ESYNTAX;
        v = (v << 6) | (unsigned long)d;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            char c = (char)((v >> bits) & 0xFF);
            if (sgf__buf_add(out, &c, 1) != 0)
                return SGF_ENOMEM;
        }
    }
    return 0;
}

/* --- writing ----------------------------------------------------------- */

static int start(xmlTextWriterPtr w, const char *name)
{
    return W_OK_(xmlTextWriterStartElement(w, XC(name)));
}

static int end(xmlTextWriterPtr w)
{
    return W_OK_(xmlTextWriterEndElement(w));
}

/* <name [encoding="base64"] [undecodable="true"]>bytes</name> */
static int write_bytes(xmlTextWriterPtr w, const char *name, sgf_str s,
                       bool undecodable)
{
    int e = start(w, name);
    if (!e && undecodable)
        e = W_OK_(xmlTextWriterWriteAttribute(w, XC("undecodable"),
                                              XC("true")));
    if (!e && (undecodable || !xml_safe(s))) {
        char *enc = base64(s);
        if (enc == NULL)
            return SGF_ENOMEM;
        e = W_OK_(xmlTextWriterWriteAttribute(w, XC("encoding"),
                                              XC("base64")));
        if (!e)
            e = W_OK_(xmlTextWriterWriteString(w, XC(enc)));
        free(enc);
    } else if (!e && s.len > 0) {
        char *z = malloc(s.len + 1);
        if (z == NULL)
            return SGF_ENOMEM;
        memcpy(z, s.ptr, s.len);
        z[s.len] = '\0';
        e = W_OK_(xmlTextWriterWriteString(w, XC(z)));
        free(z);
    }
    return e ? e : end(w);
}

static bool same_str(sgf_str a, sgf_str b)
{
    return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len) == 0);
}

/* <v>bytes</v> when the decoded text is the raw text, else
 * <v><raw>bytes</raw><text>decoded</text></v>. */
static int write_value(xmlTextWriterPtr w, const sgf_prop *p, size_t i)
{
    sgf_str raw = sgf_prop_raw(p, i), text = sgf_prop_text(p, i);
    bool undec = sgf_prop_is_undecodable(p, i);
    if (!undec && same_str(raw, text))
        return write_bytes(w, "v", raw, false);
    int e = start(w, "v");
    if (!e)
        e = write_bytes(w, "raw", raw, false);
    if (!e)
        e = write_bytes(w, "text", text, undec);
    return e ? e : end(w);
}

static int write_prop(xmlTextWriterPtr w, const sgf_prop *p)
{
    const char *id = sgf_prop_ident(p);
    sgf_str raw = sgf_prop_ident_raw(p);
    int e = start(w, "prop");
    if (!e)
        e = W_OK_(xmlTextWriterWriteAttribute(w, XC("id"),
                                              XC(id)));
    if (!e && !same_str(raw, (sgf_str){ id, strlen(id) }) && xml_safe(raw)) {
        char *z = malloc(raw.len + 1);
        if (z == NULL)
            return SGF_ENOMEM;
        memcpy(z, raw.ptr, raw.len);
        z[raw.len] = '\0';
        e = W_OK_(xmlTextWriterWriteAttribute(w, XC("ident"),
                                              XC(z)));
        free(z);
    }
    size_t nv = sgf_prop_value_count(p);
    for (size_t i = 0; i < nv && !e; i++)
        e = write_value(w, p, i);
    return e ? e : end(w);
}

/* One sequence being written: the node open in it, the variations of that
 * node still to write, whether the sequence is a <variation>, and the Go
 * layer's state at the sequence's start. */
typedef struct wframe {
    const sgf_node *cur;
    const sgf_node *var;
    bool is_var, started;
    sgf__xgo_mark mark;
} wframe;

typedef struct wstack {
    wframe *a;
    size_t n, cap;
} wstack;

static int push(wstack *s, const sgf_node *n, bool is_var, sgf__xgo *x)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        wframe *a = realloc(s->a, cap * sizeof *a);
        if (a == NULL)
            return SGF_ENOMEM;
        s->a = a;
        s->cap = cap;
    }
    wframe *f = &s->a[s->n++];
    memset(f, 0, sizeof *f);
    f->cur = n;
    f->is_var = is_var;
    if (x != NULL)
        sgf__xgo_save(x, &f->mark);
    return 0;
}

static int open_node(xmlTextWriterPtr w, wframe *f, sgf__xgo *x)
{
    int e = start(w, "node");
    for (const sgf_prop *p = sgf_node_first_prop(f->cur); p && !e;
         p = sgf_prop_next(p))
        e = write_prop(w, p);
    if (!e && x != NULL)
        e = sgf__xgo_node(x, w, f->cur);
    const sgf_node *c = sgf_node_first_child(f->cur);
    f->var = c ? sgf_node_next_sibling(c) : NULL;
    f->started = true;
    return e;
}

/* One step of the walk: open a node, start a variation, or close. */
static int walk_step(xmlTextWriterPtr w, wstack *s, sgf__xgo *x)
{
    wframe *f = &s->a[s->n - 1];
    if (!f->started)
        return open_node(w, f, x);
    if (f->var != NULL) {
        const sgf_node *v = f->var;
        f->var = sgf_node_next_sibling(v);
        int e = start(w, "variation");
        return e ? e : push(s, v, true, x);
    }
    int e = end(w);
    const sgf_node *next = sgf_node_first_child(f->cur);
    if (!e && next != NULL) {
        f->cur = next;
        f->started = false;
        return 0;
    }
    if (x != NULL)
        sgf__xgo_restore(x, &f->mark);
    bool is_var = f->is_var;
    s->n--;
    return !e && is_var ? end(w) : e;
}

static int write_game(xmlTextWriterPtr w, const sgf_game *g, unsigned flags)
{
    sgf__xgo *x = NULL;
    wstack s = { NULL, 0, 0 };
    int e = (flags & SGF_XML_NO_GO) ? 0 : sgf__xgo_new(&x, g);
    if (!e)
        e = start(w, "game");
    if (!e)
        e = W_OK_(xmlTextWriterWriteFormatAttribute(
            w, XC("index"), "%zu", sgf_game_index(g)));
    const char *cs = sgf_game_charset(g);
    if (!e && cs != NULL)
        e = W_OK_(xmlTextWriterWriteAttribute(w, XC("charset"), XC(cs)));
    if (!e)
        e = push(&s, sgf_game_root(g), false, x);
    while (!e && s.n > 0)
        e = walk_step(w, &s, x);
    free(s.a);
    sgf__xgo_free(x);
    return e ? e : end(w);
}

static int write_doc(xmlTextWriterPtr w, const sgf_collection *c,
                     unsigned flags)
{
    int e = W_OK_(xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL));
    if (!e && !(flags & SGF_XML_COMPACT))
        e = W_OK_(xmlTextWriterSetIndent(w, 1)
                  | xmlTextWriterSetIndentString(w, XC(" ")));
    if (!e)
        e = W_OK_(xmlTextWriterStartElementNS(w, NULL, XC("collection"),
                                              XC(SGF_XML_NS)));
    if (!e && !(flags & SGF_XML_NO_GO))
        e = W_OK_(xmlTextWriterWriteAttribute(w, XC("xmlns:go"),
                                              XC(SGF_XML_GO_NS)));
    if (!e)
        e = W_OK_(xmlTextWriterWriteAttribute(w, XC("version"),
                                              XC("1")));
    size_t ng = sgf_collection_game_count(c);
    for (size_t i = 0; i < ng && !e; i++)
        e = write_game(w, sgf_collection_game(c, i), flags);
    if (!e)
        e = W_OK_(xmlTextWriterEndDocument(w));
    return e;
}

/* libxml2 must be initialised once before threads use it: its lazy
 * initialisation races when four threads are the first at once. */
static pthread_once_t xml_once = PTHREAD_ONCE_INIT;

static void xml_init(void)
{
    pthread_once(&xml_once, xmlInitParser);
}

int sgf_xml_write_str(sgf_strbuf *out, const sgf_collection *c,
                      unsigned flags)
{
    if (out == NULL || c == NULL)
        return SGF_EINVAL;
    xml_init();
    xmlBufferPtr buf = xmlBufferCreate();
    xmlTextWriterPtr w = buf ? xmlNewTextWriterMemory(buf, 0) : NULL;
    if (w == NULL) {
        xmlBufferFree(buf);
        return SGF_ENOMEM;
    }
    int e = write_doc(w, c, flags);
    xmlFreeTextWriter(w);
    if (e == SGF_EIO)
        e = SGF_ENOMEM;   /* a memory writer fails only for memory */
    size_t n = (size_t)xmlBufferLength(buf);
    if (!e) {
        sgf__buf b = { out->ptr, out->len, out->cap };
        e = sgf__buf_grow(&b, n + 1);
        if (!e) {
            memcpy(b.ptr + b.len, xmlBufferContent(buf), n);
            b.len += n;
            b.ptr[b.len] = '\0';
        }
        out->ptr = b.ptr;
        out->len = b.len;
        out->cap = b.cap;
    }
    xmlBufferFree(buf);
    return e;
}

int sgf_xml_write(FILE *fp, const sgf_collection *c, unsigned flags)
{
    if (fp == NULL || c == NULL)
        return SGF_EINVAL;
    sgf_strbuf sb = SGF_STRBUF_INIT;
    int e = sgf_xml_write_str(&sb, c, flags);
    if (!e && sb.len > 0 && fwrite(sb.ptr, 1, sb.len, fp) != sb.len)
        e = SGF_EIO;
    sgf_strbuf_release(&sb);
    return e;
}

/* --- reading ----------------------------------------------------------- */

typedef struct reader {
    sgf__buf out;          /* the SGF being rebuilt */
    char *err;
    size_t errlen;
    xmlChar *charset;      /* the games' charset, when they share one */
    bool mixed;            /* games with different charsets */
} reader;

static int rfail(reader *r, const xmlNode *n, const char *what)
{
    if (r->err != NULL && r->errlen > 0)
        snprintf(r->err, r->errlen, "line %ld: %s",
                 n ? (long)xmlGetLineNo(n) : 0L, what);
    return SGF_ESYNTAX;
}

static bool is_ours(const xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && n->ns != NULL
        && strcmp((const char *)n->ns->href, SGF_XML_NS) == 0
        && (name == NULL || strcmp((const char *)n->name, name) == 0);
}

/* The next element of ours named name among n and its following
 * siblings, or NULL. */
static const xmlNode *next_el(const xmlNode *n, const char *name)
{
    for (; n != NULL; n = n->next)
        if (is_ours(n, name))
            return n;
    return NULL;
}

static int add(reader *r, const char *s, size_t n)
{
    return sgf__buf_add(&r->out, s, n);
}

static bool attr_is(const xmlNode *n, const char *name, const char *val)
{
    xmlChar *a = xmlGetProp(n, XC(name));
    bool yes = a != NULL && strcmp((const char *)a, val) == 0;
    xmlFree(a);
    return yes;
}

/* Append a value's raw text as it must stand between '[' and ']': a
 * document may hold any text there (it need not come from our writer), so
 * an unescaped ']' gets its '\\' and a '\\' left alone at the end is
 * doubled; otherwise a value could close early and the rest be read as
 * SGF (properties, moves, game trees) that the document never held. */
static int add_raw_safe(reader *r, const char *s, size_t n)
{
    size_t from = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n) {
            i++;                          /* an escape and what it escapes */
            continue;
        }
        if (s[i] != ']' && s[i] != '\\')
            continue;
        int e = add(r, s + from, i - from);
        if (e == 0)
            e = add(r, "\\", 1);
        if (e != 0)
            return e;
        from = i;
    }
    return add(r, s + from, n - from);
}

static int read_raw(reader *r, const xmlNode *raw)
{
    xmlChar *s = xmlNodeGetContent(raw);
    if (s == NULL)
        return SGF_ENOMEM;
    int e;
    if (attr_is(raw, "encoding", "base64")) {
        sgf__buf b = SGF__BUF_INIT;
        e = unbase64(&b, (const char *)s);
        if (e == SGF_ESYNTAX)
            e = rfail(r, raw, "bad base64 in <raw>");
        else if (e == 0 && sgf__utf8_valid(b.ptr ? b.ptr : "", b.len))
            e = add_raw_safe(r, b.ptr ? b.ptr : "", b.len);
        else if (e == 0)       /* bytes of a two-byte charset, as lexed:
                                  their trail bytes may be '\\' or ']' */
            e = add(r, b.ptr ? b.ptr : "", b.len);
        sgf__buf_release(&b);
    } else {
        e = add_raw_safe(r, (const char *)s, strlen((const char *)s));
    }
    xmlFree(s);
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

static int read_prop(reader *r, const xmlNode *p)
{
    xmlChar *id = xmlGetProp(p, XC("ident"));
    if (id == NULL)
        id = xmlGetProp(p, XC("id"));
    int e = ident_ok(id) ? add(r, (const char *)id, strlen((char *)id))
                         : rfail(r, p, "<prop> without a valid id");
    xmlFree(id);
    size_t nv = 0;
    for (const xmlNode *v = next_el(p->children, "v"); v && !e;
         v = next_el(v->next, "v"), nv++) {
        const xmlNode *raw = next_el(v->children, "raw");
        if (raw == NULL && next_el(v->children, NULL) != NULL)
            return rfail(r, v, "<v> with elements but without <raw>");
        if (raw == NULL)
            raw = v;
        e = add(r, "[", 1);
        if (!e)
            e = read_raw(r, raw);
        if (!e)
            e = add(r, "]", 1);
    }
    if (!e && nv == 0)
        e = rfail(r, p, "<prop> without <v>");
    return e;
}

static int read_node(reader *r, const xmlNode *n)
{
    int e = add(r, ";", 1);
    for (const xmlNode *p = next_el(n->children, "prop"); p && !e;
         p = next_el(p->next, "prop"))
        e = read_prop(r, p);
    return e;
}

/* One sequence being rebuilt: the next <node> of it, the variations of
 * the last node still to write, and whether a ')' closes it. */
typedef struct rframe {
    const xmlNode *node;
    const xmlNode *var;
} rframe;

typedef struct rstack {
    rframe *a;
    size_t n, cap;
} rstack;

static int rpush(reader *r, rstack *s, const xmlNode *first)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        rframe *a = realloc(s->a, cap * sizeof *a);
        if (a == NULL)
            return SGF_ENOMEM;
        s->a = a;
        s->cap = cap;
    }
    s->a[s->n].node = first;
    s->a[s->n++].var = NULL;
    return add(r, "(", 1);
}

/* A node and what follows it: with variations, the rest of the sequence
 * becomes the first of the node's child trees. */
static int rstep(reader *r, rstack *s)
{
    rframe *f = &s->a[s->n - 1];
    if (f->var != NULL) {
        const xmlNode *v = f->var;
        f->var = next_el(v->next, "variation");
        const xmlNode *first = next_el(v->children, "node");
        if (first == NULL)
            return rfail(r, v, "<variation> without <node>");
        return rpush(r, s, first);
    }
    if (f->node == NULL) {
        s->n--;
        return add(r, ")\n", 2);
    }
    const xmlNode *n = f->node;
    int e = read_node(r, n);
    f->node = next_el(n->next, "node");
    f->var = next_el(n->children, "variation");
    if (!e && f->var != NULL && f->node != NULL) {
        const xmlNode *rest = f->node;
        f->node = NULL;
        e = rpush(r, s, rest);
    } else if (f->var != NULL) {
        f->node = NULL;
    }
    return e;
}

/* Remember the charset the game's text was decoded from. */
static void note_charset(reader *r, const xmlNode *g)
{
    xmlChar *cs = xmlGetProp(g, XC("charset"));
    if (cs == NULL)
        return;
    if (r->charset == NULL && !r->mixed)
        r->charset = cs;
    else if (r->charset == NULL
             || strcmp((const char *)cs, (const char *)r->charset) != 0)
        r->mixed = true;
    if (cs != r->charset)
        xmlFree(cs);
}

static int read_game(reader *r, const xmlNode *g)
{
    note_charset(r, g);
    const xmlNode *first = next_el(g->children, "node");
    if (first == NULL)
        return rfail(r, g, "<game> without <node>");
    rstack s = { NULL, 0, 0 };
    int e = rpush(r, &s, first);
    while (!e && s.n > 0)
        e = rstep(r, &s);
    free(s.a);
    return e;
}

static int read_doc(reader *r, const xmlDoc *doc)
{
    const xmlNode *root = xmlDocGetRootElement(doc);
    if (root == NULL || !is_ours(root, "collection"))
        return rfail(r, root, "not an SGF collection (root element "
                     "<collection> in namespace " SGF_XML_NS ")");
    if (!attr_is(root, "version", "1"))
        return rfail(r, root, "unknown version (1 expected)");
    int e = 0;
    for (const xmlNode *g = next_el(root->children, "game"); g && !e;
         g = next_el(g->next, "game"))
        e = read_game(r, g);
    return e;
}

static int parse_xml(reader *r, xmlDocPtr *doc, const char *buf, size_t len)
{
    xmlParserCtxtPtr ctx = xmlNewParserCtxt();
    if (ctx == NULL || len > INT32_MAX) {
        xmlFreeParserCtxt(ctx);
        return ctx ? rfail(r, NULL, "document too large") : SGF_ENOMEM;
    }
    *doc = xmlCtxtReadMemory(ctx, buf, (int)len, NULL, NULL,
                             XML_PARSE_NONET
                             | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    int e = 0;
    if (*doc != NULL && ctx->wellFormed
        && ((*doc)->intSubset != NULL || (*doc)->extSubset != NULL)) {
        /* the vocabulary needs no DTD; entities could only blow the
         * document up (billion laughs, gigabytes of repetition) */
        if (r->err != NULL && r->errlen > 0)
            snprintf(r->err, r->errlen, "a DOCTYPE (DTD, entities) is not "
                     "allowed in an SGF XML document");
        xmlFreeDoc(*doc);
        *doc = NULL;
        xmlFreeParserCtxt(ctx);
        return SGF_ESYNTAX;
    }
    if (*doc == NULL || !ctx->wellFormed) {
        const xmlError *x = xmlCtxtGetLastError(ctx);
        if (r->err != NULL && r->errlen > 0)
            snprintf(r->err, r->errlen, "line %d: %s", x ? x->line : 0,
                     x && x->message ? x->message : "not well-formed\n");
        if (r->err != NULL && r->errlen > 0)
            r->err[strcspn(r->err, "\n")] = '\0';
        e = SGF_ESYNTAX;
    }
    xmlFreeParserCtxt(ctx);
    return e;
}

static bool charset_differs(const reader *r, const sgf_collection *c)
{
    for (size_t i = 0; i < sgf_collection_game_count(c); i++)
        if (strcasecmp(sgf_game_charset(sgf_collection_game(c, i)),
                       (const char *)r->charset) != 0)
            return true;
    return false;
}

/* Parse the rebuilt SGF. The raw bytes are those the original parse
 * decoded (an input in UTF-16 was already transcoded to UTF-8, a charset
 * may have been forced): when reading them again would pick another
 * charset than the document records, the recorded one is forced. */
static int reparse(reader *r, sgf_collection **out,
                   const sgf_parse_options *opts)
{
    const char *s = r->out.ptr ? r->out.ptr : "";
    int e = sgf_parse_buffer(out, s, r->out.len, opts);
    if (e || r->mixed || r->charset == NULL
        || (opts != NULL && opts->charset != NULL)
        || !charset_differs(r, *out))
        return e;
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    if (opts != NULL)
        o = *opts;
    o.charset = (const char *)r->charset;
    sgf_collection_free(*out);
    *out = NULL;
    return sgf_parse_buffer(out, s, r->out.len, &o);
}

int sgf_xml_read_buffer(sgf_collection **out, const char *buf, size_t len,
                        const sgf_parse_options *opts, char *err,
                        size_t errlen)
{
    if (out == NULL || buf == NULL)
        return SGF_EINVAL;
    *out = NULL;
    if (err != NULL && errlen > 0)
        err[0] = '\0';
    xml_init();
    reader r = { SGF__BUF_INIT, err, errlen, NULL, false };
    xmlDocPtr doc = NULL;
    int e = parse_xml(&r, &doc, buf, len);
    if (!e)
        e = read_doc(&r, doc);
    xmlFreeDoc(doc);
    if (!e)
        e = reparse(&r, out, opts);
    sgf__buf_release(&r.out);
    xmlFree(r.charset);
    return e;
}
