/*
 * xml.c - a collection as XML (generic layer) and back; see sgf/xml.h.
 * The Go layer is in xml_go.c. The only code, with xml_go.c, that links
 * libxml2.
 *
 * Writing goes through xml_out.c, which escapes markup characters; what
 * escaping cannot protect against (invalid UTF-8, characters XML 1.0
 * does not allow) never reaches it: such values are written in base64.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <libxml/parser.h>
#include <sgf/types.h>
#include <sgf/xml.h>
#include "tree_int.h"
#include "xml_int.h"
#include "charset_int.h"


/* --- characters -------------------------------------------------------- */

/* Whether the bytes are UTF-8 made of XML 1.0 characters only. */
static bool xml_safe(sgf_str s)
{
    const unsigned char *p = (const unsigned char *)s.ptr;
    size_t i = 0;
    while (i < s.len) {
        uint32_t cp;
        size_t l = sgf_utf8_char((const char *)p + i, s.len - i, &cp);
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
    size_t digits = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r')
            continue;                   /* a value wrapped over lines */
        if (c == '=') {
            pad++;
            continue;
        }
        int d = b64_val(c);
        if (d < 0 || pad)
            return SGF_ESYNTAX;
        digits++;
        v = (v << 6) | (unsigned long)d;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            char ch = (char)((v >> bits) & 0xFF);
            if (sgf__buf_add(out, &ch, 1) != 0)
                return SGF_ENOMEM;
        }
    }
    /* whole groups of four, padded (RFC 4648 section 4): two digits and
       "==" hold one byte, three and "=" two; the bits left over are
       zero (section 3.5), as the writer leaves them. A value cut short
       or padded wrong is refused, not read as fewer bytes. */
    if ((digits + (size_t)pad) % 4 != 0 || pad > 2
        || (pad > 0 && (size_t)pad != 4 - digits % 4)
        || (v & ((1ul << bits) - 1)) != 0)
        return SGF_ESYNTAX;
    return 0;
}

/* --- writing ----------------------------------------------------------- */

/* <name [undecodable="true"] [encoding="base64"]>bytes</name> */
static int write_bytes(sgf__xout *w, const char *name, sgf_str s,
                       bool undecodable)
{
    int e = sgf__xout_start(w, name);
    if (!e && undecodable)
        e = sgf__xout_attr(w, "undecodable", "true");
    if (!e && (undecodable || !xml_safe(s))) {
        char *enc = base64(s);
        if (enc == NULL)
            return SGF_ENOMEM;
        e = sgf__xout_attr(w, "encoding", "base64");
        if (!e && enc[0] != '\0')
            e = sgf__xout_text(w, enc, strlen(enc));
        free(enc);
    } else if (!e && s.len > 0) {
        e = sgf__xout_text(w, s.ptr, s.len);
    }
    return e ? e : sgf__xout_end(w);
}

static bool same_str(sgf_str a, sgf_str b)
{
    return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len) == 0);
}

bool sgf__xml_plain_as_bytes(const char *cs)
{
    const char *canon = cs != NULL ? sgf__charset_canonical(cs, strlen(cs))
                                   : NULL;
    return canon == NULL || sgf__charset_family(canon) == SGF__CSF_UTF8;
}

/* <v>bytes</v> when the decoded text is the raw text and a reader takes
 * the characters of a plain <v> for its bytes: any_bytes (the game's
 * charset is UTF-8, or none is named), or the value is ASCII (a reader
 * puts the characters of a plain <v> into the game's charset, which may
 * give other bytes: a value that is not text, not decoded, such as a KM
 * in UTF-8 under CA[GB2312]); else
 * <v><raw>bytes</raw><text>decoded</text></v>. */
static int write_value(sgf__xout *w, const sgf_prop *p, size_t i,
                       bool any_bytes)
{
    sgf_str raw = sgf_prop_raw(p, i), text = sgf_prop_text(p, i);
    bool undec = sgf_prop_is_undecodable(p, i);
    if (!undec && same_str(raw, text)
        && (any_bytes || sgf__is_ascii(raw.ptr, raw.len)))
        return write_bytes(w, "v", raw, false);
    int e = sgf__xout_start(w, "v");
    if (!e)
        e = write_bytes(w, "raw", raw, false);
    if (!e)
        e = write_bytes(w, "text", text, undec);
    return e ? e : sgf__xout_end(w);
}

/* any_bytes: as write_value. */
static int write_prop(sgf__xout *w, const sgf_prop *p, bool any_bytes)
{
    const char *id = sgf_prop_ident(p);
    sgf_str raw = sgf_prop_ident_raw(p);
    int e = sgf__xout_start(w, "prop");
    if (!e)
        e = sgf__xout_attr(w, "id", id);
    if (!e && !same_str(raw, (sgf_str){ id, strlen(id) }) && xml_safe(raw)
        && memchr(raw.ptr, '\0', raw.len) == NULL) {
        char *z = malloc(raw.len + 1);
        if (z == NULL)
            return SGF_ENOMEM;
        memcpy(z, raw.ptr, raw.len);
        z[raw.len] = '\0';
        e = sgf__xout_attr(w, "ident", z);
        free(z);
    }
    size_t nv = sgf_prop_value_count(p);
    for (size_t i = 0; i < nv && !e; i++)
        e = write_value(w, p, i, any_bytes || strcmp(id, "CA") == 0);
    return e ? e : sgf__xout_end(w);
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
    bool any_bytes;      /* a plain <v> may hold any bytes (write_value) */
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

static int open_node(sgf__xout *w, wframe *f, sgf__xgo *x, bool any_bytes)
{
    int e = sgf__xout_start(w, "node");
    for (const sgf_prop *p = sgf_node_first_prop(f->cur); p && !e;
         p = sgf_prop_next(p))
        e = write_prop(w, p, any_bytes);
    if (!e && x != NULL)
        e = sgf__xgo_node(x, w, f->cur);
    const sgf_node *c = sgf_node_first_child(f->cur);
    f->var = c ? sgf_node_next_sibling(c) : NULL;
    f->started = true;
    return e;
}

/* One step of the walk: open a node, start a variation, or close. */
static int walk_step(sgf__xout *w, wstack *s, sgf__xgo *x)
{
    wframe *f = &s->a[s->n - 1];
    if (!f->started)
        return open_node(w, f, x, s->any_bytes);
    if (f->var != NULL) {
        const sgf_node *v = f->var;
        f->var = sgf_node_next_sibling(v);
        int e = sgf__xout_start(w, "variation");
        return e ? e : push(s, v, true, x);
    }
    int e = sgf__xout_end(w);
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
    return !e && is_var ? sgf__xout_end(w) : e;
}

/* Game g; *go: the Go layer's state, kept from game to game. */
static int write_game(sgf__xout *w, const sgf_game *g, unsigned flags,
                      sgf__xgo **go)
{
    sgf__xgo *x = NULL;
    wstack s = { NULL, 0, 0, false };
    int e = 0;
    if (!(flags & SGF_XML_NO_GO)) {
        e = sgf__xgo_begin(go, g);
        x = *go;
    }
    if (!e)
        e = sgf__xout_start(w, "game");
    if (!e)
        e = sgf__xout_attr_long(w, "index", (long)sgf_game_index(g));
    const char *cs = sgf_game_charset(g);
    if (!e && cs != NULL)
        e = sgf__xout_attr(w, "charset", cs);
    s.any_bytes = sgf__xml_plain_as_bytes(cs);
    if (!e)
        e = push(&s, sgf_game_root(g), false, x);
    while (!e && s.n > 0)
        e = walk_step(w, &s, x);
    free(s.a);
    return e ? e : sgf__xout_end(w);
}

/* --- the document, one game at a time ------------------------------- */

struct sgf_xml_writer {
    sgf__xout out;
    FILE *fp;                 /* the output, or */
    sgf_strbuf *sb;           /* ... the buffer appended to */
    unsigned flags;
    int err;                  /* the first failure: SGF_E* */
    int sink_errno;           /* errno of a failed write (SGF_EIO) */
    sgf__xgo *go;             /* the Go layer's state, game to game */
};

/* Hand what was written to the file or the string. */
static int flush(sgf_xml_writer *x)
{
    sgf__buf *b = &x->out.buf;
    int e = x->out.err;
    if (!e && x->fp != NULL && b->len > 0
        && fwrite(b->ptr, 1, b->len, x->fp) != b->len) {
        x->sink_errno = errno;
        e = SGF_EIO;
    }
    if (!e && x->fp == NULL && b->len > 0) {
        sgf__buf s = { x->sb->ptr, x->sb->len, x->sb->cap };
        e = sgf__buf_grow(&s, b->len + 1);
        if (!e) {
            memcpy(s.ptr + s.len, b->ptr, b->len);
            s.len += b->len;
            s.ptr[s.len] = '\0';
        }
        x->sb->ptr = s.ptr;
        x->sb->len = s.len;
        x->sb->cap = s.cap;
    }
    b->len = 0;
    if (e && x->err == 0)
        x->err = e;
    if (x->err == SGF_EIO)
        errno = x->sink_errno;
    return x->err;
}

/* The XML declaration and <collection>, whose start tag stays open until
 * the first game (an empty collection is <collection .../>). */
static int write_head(sgf__xout *w, unsigned flags)
{
    static const char decl[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    int e = sgf__xout_raw(w, decl, sizeof decl - 1);
    if (!e)
        e = sgf__xout_start(w, "collection");
    if (!e && !(flags & SGF_XML_NO_GO))
        e = sgf__xout_attr(w, "xmlns:go", SGF_XML_GO_NS);
    if (!e)
        e = sgf__xout_attr(w, "version", "1");
    if (!e)
        e = sgf__xout_attr(w, "xmlns", SGF_XML_NS);
    return e;
}

/* libxml2 must be initialised once before threads use it: its lazy
 * initialisation races when four threads are the first at once. */
static pthread_once_t xml_once = PTHREAD_ONCE_INIT;

void sgf__xml_init(void)
{
    pthread_once(&xml_once, xmlInitParser);
}

/* xout's spill: the bytes so far of a game written out. */
static int spill(void *arg)
{
    return flush(arg);
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
    sgf__xout_init(&x->out, !(flags & SGF_XML_COMPACT));
    x->out.spill = spill;
    x->out.spill_arg = x;
    write_head(&x->out, flags);
    int e = flush(x);
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
    int e = write_game(&x->out, g, x->flags, &x->go);
    if (e != 0 && x->err == 0)
        x->err = e;
    return flush(x);
}

int sgf_xml_writer_close(sgf_xml_writer *x)
{
    if (x == NULL)
        return SGF_EINVAL;
    int e = x->err;
    if (!e) {
        sgf__xout_end(&x->out);          /* </collection> */
        if (!x->out.indent)
            sgf__xout_raw(&x->out, "\n", 1);
        e = flush(x);
    }
    int saved = errno;
    sgf__xout_release(&x->out);
    sgf__xgo_free(x->go);
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
