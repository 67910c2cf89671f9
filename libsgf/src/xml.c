/*
 * xml.c - a collection as XML (generic layer) and back; see sgf/xml.h.
 * The Go layer is in xml_go.c. The only code, with xml_go.c, that links
 * libxml2 (DECISIONS.md "Conversion").
 *
 * Writing goes through xmlTextWriter, which escapes markup characters;
 * what it cannot protect against (invalid UTF-8, characters XML 1.0 does
 * not allow) never reaches it: such values are written in base64.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <libxml/parser.h>
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

int sgf__xml_unbase64(sgf__buf *out, const char *s, size_t n)
{
    unsigned long v = 0;
    int bits = 0, pad = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r')
            continue;
        if (c == '=') {
            pad++;
            continue;
        }
        int d = b64_val(c);
        if (d < 0 || pad)
            return SGF_ESYNTAX;
        v = (v << 6) | (unsigned long)d;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            char ch = (char)((v >> bits) & 0xFF);
            if (sgf__buf_add(out, &ch, 1) != 0)
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

/* --- the document, one game at a time ------------------------------- */

/* libxml2's writer reports its faults (out of memory, a failed flush)
 * through its generic error function as well as in its return value: a
 * library prints nothing, so that function is silenced during each call
 * (the setting is per thread). */
static void silent(void *ctx, const char *msg, ...)
{
    (void)ctx;
    (void)msg;
}

typedef struct quiet {
    xmlGenericErrorFunc fn;
    void *ctx;
} quiet;

static quiet hush(void)
{
    quiet q = { xmlGenericError, xmlGenericErrorContext };
    xmlSetGenericErrorFunc(NULL, silent);
    return q;
}

static void unhush(quiet q)
{
    xmlSetGenericErrorFunc(q.ctx, q.fn);
}

struct sgf_xml_writer {
    xmlTextWriterPtr w;
    FILE *fp;                 /* the output, or */
    sgf_strbuf *sb;           /* ... the buffer appended to */
    unsigned flags;
    int err;                  /* the first failure: SGF_E* */
    bool sink_failed;         /* it was the output's: err says which */
    int sink_errno;
};

/* libxml2's output callback: what the writer has buffered goes to the
 * file or the string. */
static int sink_write(void *ctx, const char *buf, int len)
{
    sgf_xml_writer *x = ctx;
    size_t n = (size_t)len;
    if (x->fp != NULL && n > 0 && fwrite(buf, 1, n, x->fp) != n) {
        x->sink_errno = errno;
        x->sink_failed = true;
        x->err = SGF_EIO;
        return -1;
    }
    if (x->fp == NULL && n > 0) {
        sgf__buf b = { x->sb->ptr, x->sb->len, x->sb->cap };
        int e = sgf__buf_grow(&b, n + 1);
        if (!e) {
            memcpy(b.ptr + b.len, buf, n);
            b.len += n;
            b.ptr[b.len] = '\0';
        }
        x->sb->ptr = b.ptr;
        x->sb->len = b.len;
        x->sb->cap = b.cap;
        if (e) {
            x->sink_failed = true;
            x->err = SGF_ENOMEM;
            return -1;
        }
    }
    return len;
}

/* A failure of a write: the output's own (SGF_EIO with errno, or memory
 * for a string), else libxml2's, which fails only for memory. */
static int writer_fault(sgf_xml_writer *x, int e)
{
    if (e == 0)
        return 0;
    if (x->err == 0)
        x->err = x->sink_failed ? SGF_EIO : SGF_ENOMEM;
    if (x->sink_failed && x->err == SGF_EIO)
        errno = x->sink_errno;
    return x->err;
}

static int write_head(xmlTextWriterPtr w, unsigned flags)
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
    return e;
}

/* libxml2 must be initialised once before threads use it: its lazy
 * initialisation races when four threads are the first at once. */
static pthread_once_t xml_once = PTHREAD_ONCE_INIT;

void sgf__xml_init(void)
{
    pthread_once(&xml_once, xmlInitParser);
}

static int writer_open(sgf_xml_writer **out, FILE *fp, sgf_strbuf *sb,
                       unsigned flags)
{
    sgf_xml_writer *x = calloc(1, sizeof *x);
    *out = NULL;
    if (x == NULL)
        return SGF_ENOMEM;
    x->fp = fp;
    x->sb = sb;
    x->flags = flags;
    sgf__xml_init();
    quiet q = hush();
    xmlOutputBufferPtr ob = xmlOutputBufferCreateIO(sink_write, NULL, x,
                                                    NULL);
    x->w = ob ? xmlNewTextWriter(ob) : NULL;
    if (x->w == NULL) {
        xmlOutputBufferClose(ob);
        free(x);
        unhush(q);
        return SGF_ENOMEM;
    }
    int e = writer_fault(x, write_head(x->w, flags));
    unhush(q);
    if (e != 0) {
        sgf_xml_writer_close(x);
        return e;
    }
    *out = x;
    return 0;
}

int sgf_xml_writer_open(sgf_xml_writer **out, FILE *fp, unsigned flags)
{
    if (out == NULL || fp == NULL)
        return out ? (*out = NULL, SGF_EINVAL) : SGF_EINVAL;
    return writer_open(out, fp, NULL, flags);
}

int sgf_xml_writer_game(sgf_xml_writer *x, const sgf_game *g)
{
    if (x == NULL || g == NULL)
        return SGF_EINVAL;
    if (x->err != 0)
        return x->err;
    quiet q = hush();
    int e = write_game(x->w, g, x->flags);
    if (!e)
        e = W_OK_(xmlTextWriterFlush(x->w));
    unhush(q);
    return writer_fault(x, e);
}

int sgf_xml_writer_close(sgf_xml_writer *x)
{
    if (x == NULL)
        return SGF_EINVAL;
    int e = x->err;
    quiet q = hush();
    if (!e)
        e = writer_fault(x, W_OK_(xmlTextWriterEndDocument(x->w)));
    if (!e)
        e = writer_fault(x, W_OK_(xmlTextWriterFlush(x->w)));
    int saved = errno;
    xmlFreeTextWriter(x->w);
    unhush(q);
    free(x);
    errno = saved;
    return e;
}

static int write_all(FILE *fp, sgf_strbuf *sb, const sgf_collection *c,
                     unsigned flags)
{
    sgf_xml_writer *x;
    int e = writer_open(&x, fp, sb, flags);
    size_t ng = sgf_collection_game_count(c);
    for (size_t i = 0; i < ng && !e; i++)
        e = sgf_xml_writer_game(x, sgf_collection_game(c, i));
    int e2 = x ? sgf_xml_writer_close(x) : 0;
    return e ? e : e2;
}

int sgf_xml_write_str(sgf_strbuf *out, const sgf_collection *c,
                      unsigned flags)
{
    if (out == NULL || c == NULL)
        return SGF_EINVAL;
    return write_all(NULL, out, c, flags);
}

int sgf_xml_write(FILE *fp, const sgf_collection *c, unsigned flags)
{
    if (fp == NULL || c == NULL)
        return SGF_EINVAL;
    return write_all(fp, NULL, c, flags);
}
