/*
 * text.c - removing escapes from values and applying the whitespace rules
 * of Text and SimpleText (SGF FF[4] spec, sgf4.html section 3.2):
 *
 *   - '\' takes the next character verbatim; a '\' before a line break
 *     makes it a soft line break, which is removed (in the values of
 *     every known property: a number or point folded over two lines reads
 *     as one, as SGFC reads it; an unknown property keeps the break);
 *   - Text: line breaks (CR, LF, CRLF, LFCR) become "\n", other whitespace
 *     (tab, VT, FF) a space;
 *   - SimpleText: every line break becomes a space as well.
 *
 * In a multibyte charset whose trail bytes can be '\' or ']' (Shift_JIS,
 * GBK, Big5; the "mb" kind), a lead byte takes the next byte with it, as
 * the lexer does, so that a trail byte 0x5C is not an escape.
 */
#include <stdint.h>
#include <string.h>
#include "tree_int.h"
#include "props_int.h"
#include "charset_int.h"

int sgf__mb_kind(const char *canonical)
{
    return sgf__charset_pair_kind(canonical);
}

static bool is_break(char ch)
{
    return ch == '\n' || ch == '\r';
}

/* Length of the line break at s[i] (s[i] is CR or LF): 2 for CRLF and
 * LFCR, else 1. */
static size_t break_len(const char *s, size_t i, size_t n)
{
    return i + 1 < n && is_break(s[i + 1]) && s[i + 1] != s[i] ? 2 : 1;
}

/* A two-byte character at s[i] (a lead byte, i + 1 < n): its bytes go to
 * dst. A writer that follows the spec escapes a trail byte '\' or ']'
 * (lead, '\', ']'), others write it bare (lead, '\' ends the value);
 * the lexer took lead, '\', '\' and lead, '\', ']' inside a value as
 * an escaped trail. Returns the bytes of s used. */
static size_t two_byte(char *dst, size_t *k, const char *s, size_t i,
                       size_t n)
{
    dst[(*k)++] = s[i];
    if (s[i + 1] == '\\' && i + 2 < n
        && (s[i + 2] == '\\' || s[i + 2] == ']')) {
        dst[(*k)++] = s[i + 2];
        return 3;
    }
    dst[(*k)++] = s[i + 1];
    return 2;
}

/* Escapes only (Number, Point, ... and unknown properties). soft: a
 * soft line break is removed, as in Text, so that a value a writer
 * folded ("B[p\\" newline "d]") reads as it was written before (B[pd]);
 * an unknown property's decoded text keeps the line break, its type
 * being unknown (the writer then writes it back soft). */
static size_t unescape_plain(char *dst, sgf_str raw, int mb, bool soft)
{
    const char *s = raw.ptr;
    size_t n = raw.len, k = 0, i = 0;
    while (i < n) {
        unsigned char ch = (unsigned char)s[i];
        if (i + 1 < n && sgf__mb_pair(mb, ch, (unsigned char)s[i + 1])) {
            i += two_byte(dst, &k, s, i, n);
            continue;
        }
        if (ch == '\\') {
            if (++i == n)
                break;           /* a lone '\' at the end escapes nothing */
            if (soft && is_break(s[i])) {
                i += break_len(s, i, n);
                continue;
            }
        }
        dst[k++] = s[i++];
    }
    return k;
}

/* One character of Text/SimpleText after whitespace conversion. */
static char text_char(char ch)
{
    return ch == '\t' || ch == '\v' || ch == '\f' ? ' ' : ch;
}

#define ONES UINT64_C(0x0101010101010101)
#define HIGHS UINT64_C(0x8080808080808080)
#define X16(v) v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v

/* What a byte is to the text rules: 0 left as it is; 1 a control (line
 * breaks, tab, VT, FF, ...) or '\\'; 2 a possible lead byte, left as it
 * is unless the value was lexed with a two-byte kind. */
static const unsigned char byte_class[256] = {
    X16(1), X16(1), X16(0), X16(0), X16(0),
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,          /* 0x5C */
    X16(0), X16(0),
    X16(2), X16(2), X16(2), X16(2), X16(2), X16(2), X16(2), X16(2)
};

/* Copy the bytes the text rules leave as they are from s[i] on to
 * dst[*k], eight at a time while a word holds no other (a byte below
 * 0x20, a '\\', a high byte when pairing); returns the offset of the
 * first other byte, or n. *acc collects the bits of the bytes copied.
 * The output is never ahead of the input, so the eight-byte stores stay
 * inside dst's raw.len bytes. */
static size_t copy_ordinary(char *dst, size_t *k, const char *s, size_t i,
                            size_t n, int mb, uint64_t *acc)
{
    uint64_t high = mb != SGF__MB_NONE ? HIGHS : 0, bits = 0;
    unsigned mask = mb != SGF__MB_NONE ? 3 : 1;
    while (n - i >= 8) {
        uint64_t w, bs;
        memcpy(&w, s + i, sizeof w);
        bs = w ^ (ONES * '\\');
        if ((((w - ONES * 0x20) & ~w) | ((bs - ONES) & ~bs) | (w & high))
            & HIGHS)
            break;
        memcpy(dst + *k, &w, sizeof w);
        bits |= w;
        *k += 8;
        i += 8;
    }
    for (; i < n && !(byte_class[(unsigned char)s[i]] & mask); i++) {
        bits |= (unsigned char)s[i];
        dst[(*k)++] = s[i];
    }
    *acc |= bits;
    return i;
}

/* Text and SimpleText from raw.ptr[start] on (the bytes before it are
 * in dst as they are). */
static size_t unescape_text(char *dst, sgf_str raw, bool simple, int mb,
                            size_t start, uint64_t *acc)
{
    const char *s = raw.ptr;
    size_t n = raw.len, k = start, i = start;
    while (i < n) {
        i = copy_ordinary(dst, &k, s, i, n, mb, acc);
        if (i == n)
            break;
        unsigned char ch = (unsigned char)s[i];
        if (i + 1 < n && sgf__mb_pair(mb, ch, (unsigned char)s[i + 1])) {
            i += two_byte(dst, &k, s, i, n);
            *acc |= 0x80;
        } else if (ch == '\\') {
            if (++i == n)
                break;
            if (is_break(s[i])) {            /* soft line break */
                i += break_len(s, i, n);
                continue;
            }
            *acc |= (unsigned char)s[i];
            dst[k++] = text_char(s[i++]);
        } else if (is_break((char)ch)) {      /* hard line break */
            dst[k++] = simple ? ' ' : '\n';
            i += break_len(s, i, n);
        } else {
            *acc |= ch;
            dst[k++] = text_char(s[i++]);
        }
    }
    return k;
}

size_t sgf__unescape_rest(char *dst, sgf_str raw, sgf_value_type vt, int mb,
                          size_t done, bool *high)
{
    uint64_t acc = 0;
    size_t n;
    if (raw.len == done) {
        *high = false;
        return done;
    }
    switch (sgf__text_rules(vt)) {
    case SGF_VT_TEXT:
        n = unescape_text(dst, raw, false, mb, done, &acc);
        break;
    case SGF_VT_SIMPLETEXT:
        n = unescape_text(dst, raw, true, mb, done, &acc);
        break;
    default:
        if (memchr(raw.ptr + done, '\\', raw.len - done) == NULL) {
            memcpy(dst + done, raw.ptr + done, raw.len - done);
            n = raw.len;
        } else {
            n = unescape_plain(dst, raw, mb, vt != SGF_VT_UNKNOWN);
        }
        *high = !sgf__is_ascii(dst + done, n - done);
        return n;
    }
    *high = (acc & HIGHS) != 0;
    return n;
}

size_t sgf__unescape_high(char *dst, sgf_str raw, sgf_value_type vt,
                          int mb, bool *high)
{
    return sgf__unescape_rest(dst, raw, vt, mb, 0, high);
}

size_t sgf__unescape_into(char *dst, sgf_str raw, sgf_value_type vt,
                          int mb)
{
    bool high;
    return sgf__unescape_high(dst, raw, vt, mb, &high);
}

int sgf__unescape(sgf__buf *out, sgf_str raw, sgf_value_type vt, int mb)
{
    if (sgf__buf_grow(out, raw.len) != 0)
        return SGF_ENOMEM;
    size_t k = sgf__unescape_into(out->ptr + out->len, raw, vt, mb);
    out->len += k;
    out->ptr[out->len] = '\0';
    return 0;
}
