/*
 * decode.c - the first half of the property layer: every value of a game
 * loses its escapes (text.c), then the values holding bytes >= 0x80 are
 * converted to UTF-8 from the game's charset, chosen by the charset
 * module from CA[] and the bytes (DECISIONS.md "Text and charsets").
 * Pure ASCII never goes through iconv: in every ASCII-compatible charset
 * it reads the same.
 *
 * Memory: the decoded strings live in the collection's arena; the lists
 * of values to convert are one scratch array per game, not per value.
 */
#include <string.h>
#include "props_int.h"
#include "charset_int.h"

typedef struct pending {
    sgf__value *v;
    const sgf_prop *p;
} pending;

typedef struct dec {
    sgf_collection *c;
    sgf_game *g;
    bool ff4;
    bool all;              /* convert ASCII values too (UTF-16) */
    int lexed;             /* SGF__MB_* kind the values were lexed with */
    sgf__buf list;         /* pending[]: values to convert */
    sgf__buf texts;        /* sgf_str[] of the same, for detection */
    sgf__buf out;          /* conversion scratch */
    sgf__conv cv;
} dec;

static sgf_value_type type_of(const sgf_prop *p)
{
    return sgf__info(p)->value_type;
}

static sgf_node *preorder_next(const sgf_node *n, const sgf_node *root)
{
    if (n->child != NULL)
        return n->child;
    while (n != root) {
        if (n->sibling != NULL)
            return n->sibling;
        n = n->parent;
    }
    return NULL;
}

static int push_pending(dec *d, sgf__value *v, const sgf_prop *p)
{
    pending pe = { v, p };
    if (sgf__buf_add(&d->list, &pe, sizeof pe) != 0
        || sgf__buf_add(&d->texts, &v->text, sizeof v->text) != 0)
        return SGF_ENOMEM;
    return 0;
}

/* Arena bytes, the bump inline (this runs once per value). */
static char *arena_bytes(sgf__arena *a, size_t n)
{
    if (a->cur != NULL && (size_t)(a->end - a->cur) >= n) {
        char *p = a->cur;
        a->cur += n;
        return p;
    }
    return sgf__arena_alloc_bytes(a, n);
}

/* Copy a value that needs escapes only; false when it has one, or a
 * byte >= 0x80 (the general path then runs). Most values (moves,
 * points, numbers) take this path. */
static bool copy_plain(char *dst, sgf_str raw)
{
    unsigned char acc = 0;
    for (size_t i = 0; i < raw.len; i++) {
        unsigned char ch = (unsigned char)raw.ptr[i];
        if (ch == '\\')
            return false;
        acc |= ch;
        dst[i] = (char)ch;
    }
    return acc < 0x80;
}

/* Unescape one value into the arena; queue it for conversion when it
 * holds non-ASCII bytes. */
static int unescape_value(dec *d, sgf__value *v, const sgf_prop *p,
                          sgf_value_type vt)
{
    char *dst = arena_bytes(&d->c->arena, v->raw.len + 1);
    if (dst == NULL)
        return SGF_ENOMEM;
    sgf_value_type rules = sgf__text_rules(vt);
    size_t n = v->raw.len;
    bool fast = !d->all && rules == SGF_VT_NONE && copy_plain(dst, v->raw);
    if (!fast)
        n = sgf__unescape_into(dst, v->raw, vt, d->lexed);
    dst[n] = '\0';
    v->text.ptr = dst;
    v->text.len = n;
    v->flags = (v->flags & ~(uint32_t)SGF__V_UNDECODABLE) | SGF__V_DECODED;
    /* Only text takes part in charset detection and conversion: values
     * of Text and SimpleText (halves), and of unknown properties, which
     * are mostly text. High bytes in a number or a point are a bad value,
     * and the CA value names the charset: neither may sway the choice
     * (the writer replaces both, so a round trip would choose anew). */
    bool text = rules != SGF_VT_NONE || vt == SGF_VT_UNKNOWN;
    if (!fast && text && p->id != SGF_PROP_CA
        && (d->all || !sgf__is_ascii(dst, n)))
        return push_pending(d, v, p);
    return 0;
}

static int unescape_game(dec *d)
{
    for (sgf_node *n = d->g->root; n != NULL;
         n = preorder_next(n, d->g->root))
        for (sgf_prop *p = n->props; p != NULL; p = p->next) {
            sgf_value_type vt = type_of(p);
            for (uint32_t i = 0; i < p->nvalues; i++)
                if (unescape_value(d, &p->values[i], p, vt) != 0)
                    return SGF_ENOMEM;
        }
    return 0;
}

static const sgf_prop *root_prop(const sgf_game *g, sgf_prop_id id)
{
    for (sgf_prop *p = g->root->props; p != NULL; p = p->next)
        if (p->id == id)
            return p;
    return NULL;
}

/* The value's text converted to UTF-8 in the arena, or marked
 * undecodable (bytes kept) with an error. */
static int convert_value(dec *d, const pending *pe, const char *cs)
{
    sgf__value *v = pe->v;
    int mb = sgf__mb_kind(cs);
    if (mb != d->lexed) {
        /* unescaped for another charset than the one chosen (no CA and
         * GBK bytes; CA[Shift_JIS] and UTF-8 bytes): redo the escapes and
         * the whitespace rules, so that a trail byte 0x5C stays part of
         * its character, a UTF-8 byte does not swallow a '\', and a byte
         * that paired with a CR no longer hides the line break */
        char *dst = (char *)(uintptr_t)v->text.ptr;
        v->text.len = sgf__unescape_into(dst, v->raw, type_of(pe->p), mb);
        dst[v->text.len] = '\0';
    }
    if (strcmp(cs, "UTF-8") == 0 && sgf__utf8_valid(v->text.ptr,
                                                    v->text.len))
        return 0;
    d->out.len = 0;
    int r = sgf__conv_to_utf8(&d->cv, cs, v->text.ptr, v->text.len,
                              &d->out);
    if (r == SGF_ENOMEM)
        return r;
    if (r == 0) {
        char *s = sgf__arena_strndup(&d->c->arena, d->out.ptr ? d->out.ptr
                                                              : "",
                                     d->out.len);
        if (s == NULL)
            return SGF_ENOMEM;
        v->text.ptr = s;
        v->text.len = d->out.len;
        return 0;
    }
    if (sgf__utf8_valid(v->text.ptr, v->text.len)) {
        /* a value written by other software than the rest (mixed files):
         * it is UTF-8, so it decodes in a charset after all */
        SGF__DIAG(d, SGF_D_CHARSET_MISMATCH, v->offset,
                  "value of '%s' does not decode as %s but is UTF-8: read "
                  "as UTF-8", pe->p->ident, cs);
        return 0;
    }
    v->flags = (v->flags & ~(uint32_t)SGF__V_DECODED) | SGF__V_UNDECODABLE;
    SGF__DIAG(d, SGF_D_UNDECODABLE_TEXT, v->offset,
              "value of '%s' does not decode as %s (bytes kept as they "
              "are)", pe->p->ident, cs);
    return 0;
}

/* The charset verdict as a warning, at CA[] or at the first non-ASCII
 * value. */
static void report_verdict(dec *d, int verdict, const sgf_prop *ca,
                           const char *cs)
{
    const pending *first = (const pending *)(void *)d->list.ptr;
    sgf_str name = ca ? ca->values[0].text : (sgf_str){ "", 0 };
    int qn = sgf__quote_len(name, SGF__QUOTE_MAX);
    if (verdict == SGF__CS_GUESSED && first != NULL)
        SGF__DIAG(d, SGF_D_CHARSET_GUESSED, first->v->offset,
                  "no CA[]: text read as %s (detected from the bytes)", cs);
    else if (verdict == SGF__CS_MISMATCH && ca != NULL)
        SGF__DIAG(d, SGF_D_CHARSET_MISMATCH, ca->offset,
                  "the text does not fit CA[%.*s]: read as %s", qn,
                  name.ptr, cs);
    else if (verdict == SGF__CS_UNKNOWN_NAME && ca != NULL)
        SGF__DIAG(d, SGF_D_CHARSET_UNKNOWN, ca->offset,
                  "unknown charset CA[%.*s]: text read as %s", qn,
                  name.ptr, cs);
}

/* Pick the charset: the caller's override, else CA[] and detection. */
static int choose(dec *d, const sgf_prop *ca, const char **cs)
{
    const char *force = d->c->opts.charset;
    if (force != NULL) {
        *cs = sgf__charset_canonical(force, strlen(force));
        if (*cs != NULL)
            return SGF__CS_DECLARED;
        sgf__diag_add_nopos(d->c, (int)d->g->index, SGF_D_CHARSET_UNKNOWN,
                            d->ff4, "unknown charset '%s' given: CA[] and "
                            "detection used", force);
    }
    const char *name = ca ? ca->values[0].text.ptr : NULL;
    size_t len = ca ? ca->values[0].text.len : 0;
    size_t ntexts = d->texts.len / sizeof(sgf_str);
    if (ntexts == 0 && name == NULL) {
        *cs = "ISO-8859-1";
        return SGF__CS_DEFAULT;
    }
    return sgf__charset_choose(&d->cv, name, len,
                               (const sgf_str *)(void *)d->texts.ptr,
                               ntexts, cs);
}

static int convert_all(dec *d, const char *cs)
{
    size_t n = d->list.len / sizeof(pending);
    const pending *pe = (const pending *)(void *)d->list.ptr;
    for (size_t i = 0; i < n; i++)
        if (convert_value(d, &pe[i], cs) != 0)
            return SGF_ENOMEM;
    return 0;
}

static int decode_game(dec *d)
{
    const char *cs = NULL;
    if (unescape_game(d) != 0)
        return SGF_ENOMEM;
    const sgf_prop *ca = root_prop(d->g, SGF_PROP_CA);
    int verdict = choose(d, ca, &cs);
    if (verdict < 0)
        return verdict;
    d->g->charset = cs;
    if (!sgf__charset_is_ascii_compatible(cs)) {
        /* UTF-16 and the like: ASCII bytes too need converting */
        d->all = true;
        d->list.len = d->texts.len = 0;
        if (unescape_game(d) != 0)
            return SGF_ENOMEM;
    }
    report_verdict(d, verdict, ca, cs);
    return convert_all(d, cs);
}

int sgf__props_decode(sgf_collection *c, sgf_game *g, bool ff4)
{
    dec d;
    memset(&d, 0, sizeof d);
    d.c = c;
    d.g = g;
    d.ff4 = ff4;
    d.lexed = g->mb_lex;   /* the kind the lexer scanned values with */
    sgf__conv_init(&d.cv);
    int r = decode_game(&d);
    sgf__conv_release(&d.cv);
    sgf__buf_release(&d.list);
    sgf__buf_release(&d.texts);
    sgf__buf_release(&d.out);
    return r;
}
