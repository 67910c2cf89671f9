/*
 * decode.c - the values of a game lose their escapes (text.c); the text
 * values holding bytes >= 0x80 are then converted to UTF-8 from the
 * game's charset, chosen by the charset module from CA[] and the bytes
 * (charset_int.h). Pure ASCII never goes through
 * iconv: in every ASCII-compatible charset it reads the same.
 *
 * The checker's walk (check.c) hands each node's text values here
 * (sgf__dec_node) and decodes the other values itself as it checks them
 * (sgf__decode_plain), points and short numbers without a copy; the charset
 * is chosen and the text converted once the walk has seen them all
 * (sgf__dec_finish), before any value is checked. Declared UTF-8 that
 * the text bears out, the commonest case, takes one look at each text.
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

typedef sgf__dec dec;

static sgf_value_type type_of(const sgf_prop *p)
{
    return sgf__info(p)->value_type;
}

/* Values that take part in charset detection and conversion: Text and
 * SimpleText (halves; the types sgf__text_rules gives text rules), and
 * unknown properties, which are mostly text. High bytes in a number or a
 * point are a bad value, never text. */
#define TEXTY(vt)                                                          \
    ((vt) == SGF_VT_TEXT || (vt) == SGF_VT_SIMPLETEXT                      \
     || (vt) == SGF_VT_LABEL || (vt) == SGF_VT_APP                         \
     || (vt) == SGF_VT_FIGURE || (vt) == SGF_VT_UNKNOWN)
static const bool texty[SGF__PROP_COUNT] = {
    [SGF_PROP_UNKNOWN] = true,
#define SGF_PROP(id, value, kind, vt, ff, flags, desc) \
    [SGF_PROP_##id] = TEXTY(SGF_VT_##vt),
#include <sgf/props.def>
#undef SGF_PROP
};
#undef TEXTY

bool sgf__prop_is_text(const sgf_prop *p)
{
    return texty[p->id < SGF__PROP_COUNT ? p->id : 0];
}

static int push_pending(dec *d, sgf__value *v, const sgf_prop *p)
{
    pending pe = { v, p };
    if (sgf__buf_add(&d->list, &pe, sizeof pe) != 0
        || sgf__buf_add(&d->texts, &v->text, sizeof v->text) != 0)
        return SGF_ENOMEM;
    if (v->flags & SGF__V_BACKSLASH)     /* the parser saw one */
        d->kinds = true;
    return 0;
}

/* Every two-letter point "aa".."ZZ" with its NUL, x major: the text of
 * most values (moves, points), so that they need no copy. */
#define PT(a, b) #a #b,
#define ROW(f_) \
    PT(f_, a) PT(f_, b) PT(f_, c) PT(f_, d) PT(f_, e) PT(f_, f) PT(f_, g) \
    PT(f_, h) PT(f_, i) PT(f_, j) PT(f_, k) PT(f_, l) PT(f_, m) PT(f_, n) \
    PT(f_, o) PT(f_, p) PT(f_, q) PT(f_, r) PT(f_, s) PT(f_, t) PT(f_, u) \
    PT(f_, v) PT(f_, w) PT(f_, x) PT(f_, y) PT(f_, z) PT(f_, A) PT(f_, B) \
    PT(f_, C) PT(f_, D) PT(f_, E) PT(f_, F) PT(f_, G) PT(f_, H) PT(f_, I) \
    PT(f_, J) PT(f_, K) PT(f_, L) PT(f_, M) PT(f_, N) PT(f_, O) PT(f_, P) \
    PT(f_, Q) PT(f_, R) PT(f_, S) PT(f_, T) PT(f_, U) PT(f_, V) PT(f_, W) \
    PT(f_, X) PT(f_, Y) PT(f_, Z)
const char sgf__point_texts[SGF_MAX_SIZE * SGF_MAX_SIZE][3] = {
    ROW(a) ROW(b) ROW(c) ROW(d) ROW(e) ROW(f) ROW(g) ROW(h) ROW(i)
    ROW(j) ROW(k) ROW(l) ROW(m) ROW(n) ROW(o) ROW(p) ROW(q) ROW(r)
    ROW(s) ROW(t) ROW(u) ROW(v) ROW(w) ROW(x) ROW(y) ROW(z) ROW(A)
    ROW(B) ROW(C) ROW(D) ROW(E) ROW(F) ROW(G) ROW(H) ROW(I) ROW(J)
    ROW(K) ROW(L) ROW(M) ROW(N) ROW(O) ROW(P) ROW(Q) ROW(R) ROW(S)
    ROW(T) ROW(U) ROW(V) ROW(W) ROW(X) ROW(Y) ROW(Z)
};
#undef ROW
#undef PT

/* Every string of one to three digits with its NUL (sgf__digits_text):
 * the text of most numbers (FF, GM, SZ, HA, ST, and the time left and
 * moves left of timed records), so that they need no copy either. */
const char sgf__digits1[10][2] = { "0", "1", "2", "3", "4",
                                   "5", "6", "7", "8", "9" };
#define D2(a, b) #a #b,
#define D3(a, b, c) #a #b #c,
#define TENS2(a)                                                           \
    D2(a, 0) D2(a, 1) D2(a, 2) D2(a, 3) D2(a, 4) D2(a, 5) D2(a, 6)        \
    D2(a, 7) D2(a, 8) D2(a, 9)
#define TENS3(a, b)                                                        \
    D3(a, b, 0) D3(a, b, 1) D3(a, b, 2) D3(a, b, 3) D3(a, b, 4)           \
    D3(a, b, 5) D3(a, b, 6) D3(a, b, 7) D3(a, b, 8) D3(a, b, 9)
#define HUNDREDS3(a)                                                       \
    TENS3(a, 0) TENS3(a, 1) TENS3(a, 2) TENS3(a, 3) TENS3(a, 4)           \
    TENS3(a, 5) TENS3(a, 6) TENS3(a, 7) TENS3(a, 8) TENS3(a, 9)
const char sgf__digits2[100][3] = {
    TENS2(0) TENS2(1) TENS2(2) TENS2(3) TENS2(4)
    TENS2(5) TENS2(6) TENS2(7) TENS2(8) TENS2(9)
};
const char sgf__digits3[1000][4] = {
    HUNDREDS3(0) HUNDREDS3(1) HUNDREDS3(2) HUNDREDS3(3) HUNDREDS3(4)
    HUNDREDS3(5) HUNDREDS3(6) HUNDREDS3(7) HUNDREDS3(8) HUNDREDS3(9)
};
#undef HUNDREDS3
#undef TENS3
#undef TENS2
#undef D3
#undef D2


/* Does raw (ASCII) hold "\\:" before its first ':' that is not escaped,
 * in a value of a type composed with ':' that is read from its text (a
 * point list's rectangle, AR/LN, SZ)? The text would show it as the
 * separator.
 * Escaped, the ':' is a character of the value, not the separator (FF[4],
 * Compose): the text keeps the escape (escapes_kept), so that no reading
 * takes it for one and the value is a bad value everywhere alike. */
static bool escaped_separator(const sgf_prop *p, sgf_str raw)
{
    const sgf_prop_info *info = p->id == SGF_PROP_UNKNOWN
        ? NULL : sgf_prop_info_of(p->id);
    if (info == NULL || (info->value_type != SGF_VT_POINT
                         && info->value_type != SGF_VT_POINT_PAIR
                         && info->value_type != SGF_VT_SIZE)
        || !sgf__is_ascii(raw.ptr, raw.len))   /* (no two-byte pairs) */
        return false;
    for (size_t i = 0; i + 1 < raw.len; i++) {
        if (raw.ptr[i] == ':')
            return false;       /* the separator first: a reading of the
                                   text splits there too */
        if (raw.ptr[i] == '\\') {
            if (raw.ptr[i + 1] == ':')
                return true;
            i++;
        }
    }
    return false;
}

/* The text of such a value: raw with the escapes a writer needs kept
 * ('\\' before ':', '\\' and ']'), the others and soft line breaks
 * taken out, as a writer would write it. Returns its length. */
static size_t escapes_kept(char *dst, sgf_str raw)
{
    size_t n = 0;
    for (size_t i = 0; i < raw.len; i++) {
        char ch = raw.ptr[i];
        if (ch != '\\' || i + 1 == raw.len) {
            dst[n++] = ch;
            continue;
        }
        ch = raw.ptr[++i];
        if (ch == ':' || ch == '\\' || ch == ']') {
            dst[n++] = '\\';
            dst[n++] = ch;
        } else if (ch == '\n' || ch == '\r') {    /* a soft line break */
            if (i + 1 < raw.len && raw.ptr[i + 1] == (ch == '\n' ? '\r'
                                                              : '\n'))
                i++;
        } else {
            dst[n++] = ch;
        }
    }
    return n;
}

int sgf__decode_plain(sgf_collection *c, sgf_prop *p, int mb)
{
    for (uint32_t i = 0; i < p->nvalues; i++) {
        sgf__value *v = &p->values[i];
        sgf_str raw = v->raw;
        if (raw.len == 2) {
            /* not a letter: -1, as unsigned above SGF_MAX_SIZE */
            unsigned x = (unsigned)sgf_coord_of_letter((unsigned char)raw.ptr[0]);
            unsigned y = (unsigned)sgf_coord_of_letter((unsigned char)raw.ptr[1]);
            if (x < SGF_MAX_SIZE && y < SGF_MAX_SIZE) {
                v->text.ptr = sgf__point_text(x, y);
                v->text.len = 2;
                continue;
            }
        }
        const char *digits = sgf__digits_text(raw);
        if (digits != NULL) {
            v->text.ptr = digits;
            v->text.len = raw.len;
            continue;
        }
        char *dst = sgf__arena_bytes(&c->arena, raw.len + 1);
        if (dst == NULL)
            return SGF_ENOMEM;
        size_t n = 0;
        while (n < raw.len && raw.ptr[n] != '\\') {   /* short: no calls */
            dst[n] = raw.ptr[n];
            n++;
        }
        if (n < raw.len && escaped_separator(p, raw)) {
            n = escapes_kept(dst, raw);
            v->flags |= SGF__V_AS_WRITTEN;
        } else if (n < raw.len)
            n = sgf__unescape_into(dst, raw, SGF_VT_NONE, mb);
        dst[n] = '\0';
        v->text.ptr = dst;
        v->text.len = n;
    }
    return 0;
}

bool sgf__plain_converts(const char *cs)
{
    return cs != NULL && strcmp(cs, "UTF-8") != 0
           && sgf__charset_is_ascii_compatible(cs);
}

int sgf__convert_plain(sgf_collection *c, sgf_prop *p, const char *cs,
                       sgf__conv *cv)
{
    if (!sgf__plain_converts(cs))
        return 0;
    sgf__buf out = SGF__BUF_INIT;
    int rc = 0;
    for (uint32_t i = 0; i < p->nvalues && rc == 0; i++) {
        sgf__value *v = &p->values[i];
        if (sgf__is_ascii(v->text.ptr, v->text.len))
            continue;
        out.len = 0;
        int r = sgf__conv_to_utf8(cv, cs, v->text.ptr, v->text.len, &out);
        if (r == SGF_ENOMEM) {
            rc = SGF_ENOMEM;
        } else if (r == 0) {
            char *t = sgf__arena_strndup(&c->arena, out.ptr ? out.ptr : "",
                                         out.len);
            if (t == NULL) {
                rc = SGF_ENOMEM;
            } else {
                v->text.ptr = t;
                v->text.len = out.len;
            }
        }
    }
    sgf__buf_release(&out);
    return rc;
}

/* Unescape one text value into the arena; queue it for conversion when
 * it holds non-ASCII bytes (every one, with d->all). The CA value names
 * the charset: it may not sway the choice (the writer replaces it, so a
 * round trip would choose anew). */
static int unescape_value(dec *d, sgf__value *v, const sgf_prop *p,
                          sgf_value_type vt)
{
    char *dst = sgf__arena_bytes(&d->c->arena, v->raw.len + 1);
    if (dst == NULL)
        return SGF_ENOMEM;
    bool high = false;
    size_t n = 0;
    if (!(v->flags & SGF__V_BACKSLASH))     /* names, dates: all copied */
        n = sgf__copy_printable(dst, v->raw.ptr, v->raw.len);
    if (n < v->raw.len) {
        d->nul = d->nul || memchr(v->raw.ptr + n, '\0', v->raw.len - n);
        n = sgf__unescape_rest(dst, v->raw, vt, d->lexed, n, &high);
    }
    dst[n] = '\0';
    v->text.ptr = dst;
    v->text.len = n;
    v->flags &= ~(uint32_t)SGF__V_UNDECODABLE;
    if (p->id != SGF_PROP_CA && (d->all || high))
        return push_pending(d, v, p);
    return 0;
}

/* In a game that names no charset, a value of another type than text
 * that holds bytes beyond ASCII (WL[1時間], a name where a number
 * belongs) is noted, and queued with the text when no text holds such
 * bytes (the text decides when it can: PB[José] in Latin-1 beside
 * KM[6½] in UTF-8 stays Latin-1):
 * the charset is chosen on its bytes too, so that they are not read in
 * one that cannot hold them (ISO-8859-1 by default) and written back as
 * other characters. Decoded here for that (the checks decode it again
 * as they decode every such value). */
static int queue_plain(dec *d, sgf_prop *p)
{
    bool decoded = false;
    for (uint32_t i = 0; i < p->nvalues; i++) {
        sgf__value *v = &p->values[i];
        if (v->raw.len <= 2 || sgf__is_ascii(v->raw.ptr, v->raw.len))
            continue;                   /* (points, moves: ASCII) */
        if (!decoded && sgf__decode_plain(d->c, p, d->lexed) != 0)
            return SGF_ENOMEM;
        decoded = true;
        pending pe = { v, p };
        if (sgf__buf_add(&d->plain, &pe, sizeof pe) != 0)
            return SGF_ENOMEM;
    }
    return 0;
}

/* The text values of a node (with d->all every value): unescaped,
 * queued when not ASCII. */
static int unescape_node(dec *d, sgf_node *n)
{
    for (sgf_prop *p = n->props; p != NULL; p = p->next) {
        if (!sgf__prop_is_text(p)) {
            if (d->all && sgf__decode_plain(d->c, p, d->lexed) != 0)
                return SGF_ENOMEM;
            if (d->sniff && !d->all && (p->nvalues > 1
                                        || p->values[0].raw.len > 2)
                && queue_plain(d, p) != 0)
                return SGF_ENOMEM;
            continue;
        }
        sgf_value_type vt = type_of(p);
        for (uint32_t i = 0; i < p->nvalues; i++)
            if (unescape_value(d, &p->values[i], p, vt) != 0)
                return SGF_ENOMEM;
    }
    return 0;
}

static bool maybe_wide(dec *d);
static void read_ca(dec *d);

int sgf__dec_node(sgf__dec *d, sgf_node *n)
{
    if (unescape_node(d, n) != 0) {
        d->c->status = SGF_ENOMEM;
        return SGF_ENOMEM;
    }
    if (n == d->g->root)
        d->maybe_wide = maybe_wide(d);
    return 0;
}

/* Every value of the game again, for a charset that is not
 * ASCII-compatible (d->all), in pre-order (the stack holds the next
 * sibling of each variation entered). */
static int unescape_game(dec *d)
{
    sgf__buf stack = SGF__BUF_INIT;
    sgf_node *n = d->g->root;
    int r = 0;
    for (;;) {
        if ((r = unescape_node(d, n)) != 0)
            break;
        sgf_node *next = n->child;
        if (next == NULL) {
            if (stack.len == 0)
                break;
            stack.len -= sizeof next;
            memcpy(&next, stack.ptr + stack.len, sizeof next);
        }
        if (next->sibling != NULL
            && (r = sgf__buf_add(&stack, &next->sibling, sizeof next)) != 0)
            break;
        n = next;
    }
    sgf__buf_release(&stack);
    return r;
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
    /* The parser leaves NUL bytes unreported under a wide charset
     * (UTF-16: they belong to its text). A value that is no text of that
     * charset is read, or kept, as bytes of an ASCII-compatible one, in
     * which a NUL byte is what it is anywhere else: the error the parser
     * gives, and the one a reader of the written record will meet. */
    if (!sgf__charset_is_ascii_compatible(cs)
        && memchr(v->raw.ptr, '\0', v->raw.len) != NULL)
        SGF__DIAG(d, SGF_D_NUL_BYTE, v->offset,
                  "NUL byte in the value of '%s'", pe->p->ident);
    if (sgf__utf8_valid(v->text.ptr, v->text.len)) {
        /* a value written by other software than the rest (mixed files):
         * it is UTF-8, so it decodes in a charset after all */
        SGF__DIAG(d, SGF_D_CHARSET_MISMATCH, v->offset,
                  "value of '%s' does not decode as %s but is UTF-8: read "
                  "as UTF-8", pe->p->ident, cs);
        return 0;
    }
    v->flags |= SGF__V_UNDECODABLE;
    SGF__DIAG(d, SGF_D_UNDECODABLE_TEXT, v->offset,
              "value of '%s' does not decode as %s (bytes kept as they "
              "are)", pe->p->ident, cs);
    return 0;
}

/* Whether the declared charset (CA's value, name) decodes every text of
 * the game: the reading chose another all the same because the bytes read
 * as that one's text (valid UTF-8 under CA[ISO-8859-1]), not because
 * they do not fit. */
static bool declared_decodes(dec *d, sgf_str name)
{
    const char *dcs = sgf__charset_canonical(name.ptr, name.len);
    size_t n = d->texts.len / sizeof(sgf_str);
    const sgf_str *t = (const sgf_str *)(void *)d->texts.ptr;
    if (dcs == NULL || n == 0 || !sgf__charset_is_ascii_compatible(dcs))
        return false;
    for (size_t i = 0; i < n; i++) {
        d->out.len = 0;
        if (sgf__conv_to_utf8(&d->cv, dcs, t[i].ptr, t[i].len, &d->out)
            != 0)
            return false;
    }
    return true;
}

/* The charset verdict as a warning, at CA[] or at the first non-ASCII
 * value. */
static void report_verdict(dec *d, int verdict, const sgf_prop *ca,
                           const char *cs)
{
    const pending *first = (const pending *)(void *)d->list.ptr;
    sgf_str name = ca ? ca->values[0].text : (sgf_str){ "", 0 };
    if (verdict == SGF__CS_GUESSED && first != NULL)
        SGF__DIAG(d, SGF_D_CHARSET_GUESSED, first->v->offset,
                  "no CA[]: text read as %s (detected from the bytes)", cs);
    else if (verdict == SGF__CS_MISMATCH && ca != NULL
             && declared_decodes(d, name))
        SGF__DIAG(d, SGF_D_CHARSET_MISMATCH, ca->offset,
                  "the text reads as %s, not as the CA[%.*s%s] it declares: "
                  "read as %s (--charset=%s reads it as declared)", cs,
                  SGF__QV(name), cs,
                  sgf__charset_canonical(name.ptr, name.len));
    else if (verdict == SGF__CS_MISMATCH && ca != NULL)
        SGF__DIAG(d, SGF_D_CHARSET_MISMATCH, ca->offset,
                  "the text does not fit CA[%.*s%s]: read as %s",
                  SGF__QV(name), cs);
    else if (verdict == SGF__CS_UNKNOWN_NAME && ca != NULL)
        SGF__DIAG(d, SGF_D_CHARSET_UNKNOWN, ca->offset,
                  "unknown charset CA[%.*s%s]: text read as %s",
                  SGF__QV(name), cs);
}

/* The texts to detect the charset on, as each pair kind reads them
 * (sgf__charset_choose_kinds): those the lexer's kind gave, and for the
 * other kinds the same, except the values with an escape, read again. */
static int texts_by_kind(dec *d, const sgf_str *tk[3])
{
    size_t n = d->texts.len / sizeof(sgf_str);
    const pending *pe = (const pending *)(void *)d->list.ptr;
    const sgf_str *texts = (const sgf_str *)(void *)d->texts.ptr;
    for (int k = 0; k < 3; k++) {
        tk[k] = texts;
        if (!d->kinds || k == d->lexed)
            continue;
        d->alt[k].len = 0;
        if (sgf__buf_add(&d->alt[k], texts, n * sizeof *texts) != 0)
            return SGF_ENOMEM;
        sgf_str *alt = (sgf_str *)(void *)d->alt[k].ptr;
        for (size_t i = 0; i < n; i++) {
            sgf_str raw = pe[i].v->raw;
            if (!(pe[i].v->flags & SGF__V_BACKSLASH))
                continue;
            char *dst = sgf__arena_bytes(&d->c->arena, raw.len + 1);
            if (dst == NULL)
                return SGF_ENOMEM;
            alt[i].len = sgf__unescape_into(dst, raw, type_of(pe[i].p), k);
            dst[alt[i].len] = '\0';
            alt[i].ptr = dst;
        }
        tk[k] = alt;
    }
    return 0;
}

/* cs decodes every text as the lexer read it (all of them when the
 * game was lexed for cs's pairing), 1; or not, 0; or SGF_ENOMEM. */
static int decodes_all(dec *d, const char *cs)
{
    size_t n = d->texts.len / sizeof(sgf_str);
    const sgf_str *t = (const sgf_str *)(void *)d->texts.ptr;
    sgf__buf scratch = SGF__BUF_INIT;
    int r = 1;
    for (size_t i = 0; i < n && r == 1; i++) {
        scratch.len = 0;
        int k = sgf__conv_to_utf8(&d->cv, cs, t[i].ptr, t[i].len, &scratch);
        r = k == SGF_ENOMEM ? SGF_ENOMEM : k == 0;
    }
    sgf__buf_release(&scratch);
    return r;
}

/* On a second reading (parse.c, relex), lexed for the charset the first
 * reading chose: that charset and its verdict, when it decodes every
 * text of this reading. The first reading judged the charsets on its
 * own value boundaries; where a '\\' or ']' is a trail byte for one
 * charset and not for the other, the chosen one reads other values, and
 * may not decode them (in "\xB1\\]" GBK reads one character and the
 * value's end, CP932 a character and an escaped ']', so the value runs
 * on over other bytes). The choice then falls back to
 * ISO-8859-1, the last charset of the detection order, which decodes any
 * bytes; parse.c reads the game once more for it. */
static int choose_relexed(dec *d, const char **cs)
{
    int verdict = d->g->relex_verdict;
    *cs = d->g->relex_cs;
    if (verdict == SGF__CS_NONE_FITS || verdict == SGF__CS_DECLARED
        || strcmp(*cs, "ISO-8859-1") == 0)
        return verdict;
    int r = decodes_all(d, *cs);
    if (r != 0)
        return r == 1 ? verdict : r;
    *cs = sgf__charset_static("ISO-8859-1");
    return verdict == SGF__CS_GUESSED ? SGF__CS_DEFAULT : verdict;
}

/* Whether the game's text, declared UTF-16 (or UTF-32), is UTF-8 after
 * all: no text value holds a NUL byte, and every one with bytes beyond
 * ASCII is valid UTF-8. UTF-16 of Latin letters, digits and spaces has
 * NUL bytes, and UTF-16 of other scripts alone is UTF-8 only by chance,
 * text by text; UTF-8 text under that label ("caf\xc3\xa9 \xe6\x97\xa5")
 * would read as CJK characters. The game decides, not each text: in a
 * game of real UTF-16 text (NUL bytes), a short one that happens to be
 * UTF-8 (\xd1\x9e, a CJK character in UTF-16LE) stays UTF-16. */
static bool wide_is_utf8(dec *d, size_t ntexts)
{
    const sgf_str *t = (const sgf_str *)(void *)d->texts.ptr;
    read_ca(d);
    if (d->nul || ntexts == 0 || d->ca_cs == NULL
        || sgf__charset_family(d->ca_cs) != SGF__CSF_WIDE)
        return false;
    for (size_t i = 0; i < ntexts; i++)
        if (!sgf__utf8_valid(t[i].ptr, t[i].len))
            return false;
    return true;
}

/* Pick the charset: the caller's override, else CA[] and detection; on
 * a second reading (parse.c, relex) what the first one chose
 * (choose_relexed). */
static int choose(dec *d, const sgf_prop *ca, const char **cs)
{
    const char *force = sgf__forced_charset(d->c, d->g->index);
    if (d->g->relex_cs != NULL)
        return choose_relexed(d, cs);
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
    if (wide_is_utf8(d, ntexts)) {
        *cs = "UTF-8";
        return SGF__CS_MISMATCH;
    }
    if (ntexts == 0 && name == NULL) {
        *cs = "ISO-8859-1";
        return SGF__CS_DEFAULT;
    }
    const sgf_str *tk[3];
    if (texts_by_kind(d, tk) != 0)
        return SGF_ENOMEM;
    return sgf__charset_choose_kinds(&d->cv, name, len, tk, ntexts, cs);
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

/* The commonest charset case: CA[UTF-8] (no caller's charset), and every
 * text that is not ASCII valid UTF-8, as the lexer read it. The choice
 * is then the declared one with nothing to say
 * (sgf__charset_choose_kinds checks the same first), and no value needs
 * converting (convert_value would find each valid): true, with *cs set.
 * Each text is looked at once instead of twice. */
static bool utf8_as_declared(const dec *d, const sgf_prop *ca,
                             const char **cs)
{
    if (sgf__forced_charset(d->c, d->g->index) != NULL || ca == NULL
        || d->lexed != SGF__MB_NONE)
        return false;
    const char *dcs = d->ca_cs;
    if (dcs == NULL || strcmp(dcs, "UTF-8") != 0)
        return false;
    size_t n = d->texts.len / sizeof(sgf_str);
    const sgf_str *t = (const sgf_str *)(void *)d->texts.ptr;
    for (size_t i = 0; i < n; i++)
        if (!sgf__utf8_valid(t[i].ptr, t[i].len))
            return false;
    *cs = sgf__charset_static(dcs);
    return true;
}

int sgf__dec_finish(sgf__dec *d)
{
    const char *cs = NULL;
    const pending *pl = (const pending *)(void *)d->plain.ptr;
    for (size_t i = 0; d->list.len == 0 && i < d->plain.len / sizeof *pl;
         i++)                           /* no text beyond ASCII: the */
        if (push_pending(d, pl[i].v, pl[i].p) != 0)   /* other values */
            return SGF_ENOMEM;                        /* decide */
    read_ca(d);
    const sgf_prop *ca = d->ca;
    if (d->g->relex_cs == NULL && utf8_as_declared(d, ca, &cs)) {
        d->g->charset = cs;
        d->g->cs_verdict = SGF__CS_DECLARED;
        return 0;
    }
    int verdict = choose(d, ca, &cs);
    if (verdict < 0)
        return verdict;
    d->g->charset = cs;
    d->g->cs_verdict = (int8_t)verdict;
    if (!sgf__charset_is_ascii_compatible(cs)) {
        /* UTF-16 and the like: ASCII bytes too need converting */
        d->all = true;
        d->list.len = d->texts.len = 0;
        if (unescape_game(d) != 0)
            return SGF_ENOMEM;
    }
    report_verdict(d, verdict, ca, cs);
    int rc = convert_all(d, cs);
    for (sgf_prop *p = d->g->root->props; p != NULL && rc == 0; p = p->next)
        if (!sgf__prop_is_text(p)       /* from the bytes (one queued with */
            && (rc = sgf__decode_plain(d->c, p, d->lexed)) == 0)  /* the */
            rc = sgf__convert_plain(d->c, p, cs, &d->cv);   /* text was */
                                                            /* converted) */
    return rc;
}

/* The canonical name of the root's CA, read once per game: the root's
 * text is decoded before maybe_wide and sgf__dec_finish ask. */
static void read_ca(dec *d)
{
    if (d->ca_read)
        return;
    d->ca_cs = d->ca == NULL ? NULL
               : sgf__charset_canonical(d->ca->values[0].text.ptr,
                                        d->ca->values[0].text.len);
    d->ca_read = true;
}

/* May the game's charset be one that is not ASCII-compatible? Only the
 * caller's or the declared one can be (detection never picks one). */
static bool maybe_wide(dec *d)
{
    const char *force = sgf__forced_charset(d->c, d->g->index), *cs = NULL;
    read_ca(d);
    if (force != NULL)
        cs = sgf__charset_canonical(force, strlen(force));
    if (cs == NULL)
        cs = d->ca_cs;
    return cs != NULL && !sgf__charset_is_ascii_compatible(cs);
}

int sgf__dec_begin(sgf__dec *d, sgf_collection *c, sgf_game *g, bool ff4,
                   const sgf_prop *ca)
{
    static const sgf__buf none = SGF__BUF_INIT;
    d->c = c;
    d->g = g;
    d->ff4 = ff4;
    d->maybe_wide = d->all = d->kinds = d->ca_read = d->nul = false;
    d->ca = ca;
    d->ca_cs = NULL;
    d->sniff = ca == NULL && sgf__forced_charset(c, g->index) == NULL;
    d->lexed = g->mb_lex;   /* the kind the lexer scanned values with */
    d->list = d->texts = d->out = d->plain = none;
    for (int k = 0; k < 3; k++)
        d->alt[k] = none;
    sgf__conv_init(&d->cv);
    for (sgf_prop *p = g->root->props; p != NULL; p = p->next)
        if (!sgf__prop_is_text(p)
            && sgf__decode_plain(c, p, d->lexed) != 0) {
            c->status = SGF_ENOMEM;
            return SGF_ENOMEM;
        }
    return 0;
}

/* Most games hold no text to convert: nothing was allocated. */
static void release_buf(sgf__buf *b)
{
    if (b->ptr != NULL)
        sgf__buf_release(b);
}

void sgf__dec_release(sgf__dec *d)
{
    if (d->cv.n > 0)
        sgf__conv_release(&d->cv);
    release_buf(&d->list);
    release_buf(&d->plain);
    release_buf(&d->texts);
    for (int k = 0; k < 3; k++)
        release_buf(&d->alt[k]);
    release_buf(&d->out);
}
