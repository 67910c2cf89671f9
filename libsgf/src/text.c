/*
 * text.c - removing escapes from values and applying the whitespace rules
 * of Text and SimpleText (SGF FF[4] spec, sgf4.html section 3.2):
 *
 *   - '\' takes the next character verbatim; a '\' before a line break
 *     makes it a soft line break, which is removed;
 *   - Text: line breaks (CR, LF, CRLF, LFCR) become "\n", other whitespace
 *     (tab, VT, FF) a space;
 *   - SimpleText: every line break becomes a space as well.
 *
 * In a multibyte charset whose trail bytes can be '\' or ']' (Shift_JIS,
 * GBK, Big5; the "mb" kind), a lead byte takes the next byte with it, as
 * the lexer does, so that a trail byte 0x5C is not an escape.
 */
#include <string.h>
#include "tree_int.h"
#include "props_int.h"
#include "charset_int.h"

int sgf__mb_kind(const char *canonical)
{
    if (canonical == NULL || !sgf__charset_is_multibyte_unsafe(canonical))
        return SGF__MB_NONE;
    return sgf__charset_family(canonical) == SGF__CSF_SJIS ? SGF__MB_SJIS
                                                           : SGF__MB_DBCS;
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

/* Escapes only (Number, Point, ... and unknown properties). */
static size_t unescape_plain(char *dst, sgf_str raw, int mb)
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

static size_t unescape_text(char *dst, sgf_str raw, bool simple, int mb)
{
    const char *s = raw.ptr;
    size_t n = raw.len, k = 0, i = 0;
    while (i < n) {
        unsigned char ch = (unsigned char)s[i];
        if (i + 1 < n && sgf__mb_pair(mb, ch, (unsigned char)s[i + 1])) {
            i += two_byte(dst, &k, s, i, n);
        } else if (ch == '\\') {
            if (++i == n)
                break;
            if (is_break(s[i])) {            /* soft line break */
                i += break_len(s, i, n);
                continue;
            }
            dst[k++] = text_char(s[i++]);
        } else if (is_break((char)ch)) {      /* hard line break */
            dst[k++] = simple ? ' ' : '\n';
            i += break_len(s, i, n);
        } else {
            dst[k++] = text_char(s[i++]);
        }
    }
    return k;
}

size_t sgf__unescape_into(char *dst, sgf_str raw, sgf_value_type vt,
                          int mb)
{
    if (raw.len == 0)
        return 0;
    switch (sgf__text_rules(vt)) {
    case SGF_VT_TEXT:
        return unescape_text(dst, raw, false, mb);
    case SGF_VT_SIMPLETEXT:
        return unescape_text(dst, raw, true, mb);
    default:
        if (memchr(raw.ptr, '\\', raw.len) == NULL) {
            memcpy(dst, raw.ptr, raw.len);
            return raw.len;
        }
        return unescape_plain(dst, raw, mb);
    }
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
