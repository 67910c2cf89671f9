/*
 * parse_scan.c - the parser's scans of the input that look beyond the
 * byte at hand (sgf/parse.h, parse_int.h): where a value ends in a
 * two-byte charset (and, for the look-ahead, in any), the root's CA[]
 * read ahead before the values before it are lexed, and the prescan of
 * the whole input for a file-wide two-byte guess. The single-byte scan
 * of the common value stays in parse.c, beside its one caller.
 */
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include "parse_int.h"
#include "props_int.h"
#include "charset_int.h"

#define WS4(c) [c] = SGF__C_WS
#define L26(a) [a] = SGF__C_LETTER, [a + 1] = SGF__C_LETTER, \
    [a + 2] = SGF__C_LETTER, [a + 3] = SGF__C_LETTER, \
    [a + 4] = SGF__C_LETTER, [a + 5] = SGF__C_LETTER, \
    [a + 6] = SGF__C_LETTER, [a + 7] = SGF__C_LETTER, \
    [a + 8] = SGF__C_LETTER, [a + 9] = SGF__C_LETTER, \
    [a + 10] = SGF__C_LETTER, [a + 11] = SGF__C_LETTER, \
    [a + 12] = SGF__C_LETTER, [a + 13] = SGF__C_LETTER, \
    [a + 14] = SGF__C_LETTER, [a + 15] = SGF__C_LETTER, \
    [a + 16] = SGF__C_LETTER, [a + 17] = SGF__C_LETTER, \
    [a + 18] = SGF__C_LETTER, [a + 19] = SGF__C_LETTER, \
    [a + 20] = SGF__C_LETTER, [a + 21] = SGF__C_LETTER, \
    [a + 22] = SGF__C_LETTER, [a + 23] = SGF__C_LETTER, \
    [a + 24] = SGF__C_LETTER, [a + 25] = SGF__C_LETTER
const uint8_t sgf__byte_class[256] = {
    WS4(' '), WS4('\t'), WS4('\n'), WS4('\v'), WS4('\f'), WS4('\r'),
    L26('A'), L26('a')
};
#undef WS4
#undef L26

const char *sgf__packed_format(const char *s, size_t n,
                               const char **suffix)
{
    static const struct {
        const char *name, *suffix, *magic;
        size_t len;
    } f[] = {
        { "gzip", ".sgf.gz", "\x1F\x8B", 2 },
        { "xz", ".sgf.xz", "\xFD" "7zXZ\0", 6 },
        { "zstd", ".sgf.zst", "\x28\xB5\x2F\xFD", 4 },
        { "zip", ".zip", "PK\x03\x04", 4 },
        { "7z", ".7z", "7z\xBC\xAF\x27\x1C", 6 },
        { "bzip2", ".sgf.bz2", "BZh", 3 },  /* and more: below */
    };
    for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
        if (n < f[k].len || memcmp(s, f[k].magic, f[k].len) != 0)
            continue;
        if (f[k].len == 3 && (n < 10 || s[3] < '1' || s[3] > '9'
                              || memcmp(s + 4, "1AY&SY", 6) != 0))
            continue;                   /* bzip2: block size, block magic */
        if (suffix != NULL)
            *suffix = f[k].suffix;
        return f[k].name;
    }
    return NULL;
}

/* Does SGF structure follow offset i: the end, ';', '(', ')', the '['
 * of another value, or a property identifier with its '['? */
bool sgf__structure_follows(const sgf__text *t, size_t i)
{
    i = sgf__skip_ws(t->s, t->n, i);
    if (i >= t->n || t->s[i] == ';' || t->s[i] == '(' || t->s[i] == ')'
        || t->s[i] == '[')              /* '[': the next value */
        return true;
    size_t j = i;
    while (j < t->n && sgf__is_letter((unsigned char)t->s[j]))
        j++;
    j = sgf__skip_ws(t->s, t->n, j);
    return j > i && j < t->n && t->s[j] == '[';
}

/* --- where a value ends in a two-byte charset ---
 *
 * In Shift_JIS (CP932), GBK/GB18030 and Big5 the second byte of a
 * two-byte character may be ']' (0x5D) or '\\' (0x5C). Writers that
 * follow the spec escape such a trail byte (GBK 揮 = 93 5D written
 * 93 5C 5D); others do not (Shift_JIS ゾ = 83 5D written as is, a ']'
 * after it ending the value). And a record labelled with such a charset
 * may hold bytes of another (Latin-1 "Jos\xE9]" under CA[GB2312]),
 * where the ']' after a lead byte ends the value. So a ']' that a lead
 * byte would take as its trail (lead ']', or lead '\\' ']' read as an
 * escaped trail) ends the value unless reading it so is the worse parse
 * (sgf/parse.h says the same):
 *
 *   reading the ']' as the value's end is worse when SGF structure does
 *   not follow it (after white space: the end of the input, ';', '(',
 *   ')', '[', or a property identifier and its '['), while reading it as
 *   the trail byte the value goes on to a ']' that SGF structure
 *   follows, with no '[' before that ']' other than as the second byte
 *   of a character (every property has a '[': none can vanish into the
 *   value).
 *
 * When both readings are faulty, the ']' ends the value: the fault is
 * then reported where it is. The look-ahead of the second reading stops
 * at the first ']' that is not a trail byte, or at a '[' that is none;
 * its verdict holds for every candidate ']' before that byte (the
 * reading goes through them the same way), so a value with many
 * candidates is still read in one pass. */

typedef struct lookahead {
    size_t end;      /* where the look-ahead stopped (0: none yet) */
    bool good;       /* at a ']' that SGF structure follows */
} lookahead;

static size_t scan_value_from(const sgf__text *t, size_t i, uint8_t mb,
                              lookahead *la);

/* Is the ']' at offset at, which a lead byte could take as its trail,
 * the end of the value? */
static bool candidate_ends(const sgf__text *t, size_t at, uint8_t mb,
                           lookahead *la)
{
    if (sgf__structure_follows(t, at + 1))
        return true;
    if (la == NULL)
        return false;                 /* in the look-ahead: a trail */
    if (la->end <= at) {
        la->end = scan_value_from(t, at + 1, mb, NULL);
        la->good = la->end < t->n && t->s[la->end] == ']'
                   && sgf__structure_follows(t, la->end + 1);
    }
    return !la->good;
}

/* Scan value bytes from offset i; returns the offset of the ']' that
 * ends the value, or t->n when the file ends first. A '\\' escapes the
 * next byte; in two-byte mode a lead byte takes the next byte with it,
 * lead '\\' '\\' is a lead and an escaped '\\' trail, and a trail
 * ']' is decided as above. la NULL: the look-ahead, in which every such
 * ']' is a trail and a '[' that is no trail stops the scan (at it). */
static size_t scan_value_from(const sgf__text *t, size_t i, uint8_t mb,
                              lookahead *la)
{
    const char *s = t->s;
    size_t n = t->n;
    while (i < n) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == ']' || (ch == '[' && la == NULL))
            return i;
        if (i + 1 < n && sgf__mb_pair(mb, ch, (unsigned char)s[i + 1])) {
            size_t at = i + 1;                 /* where a ']' may be */
            if (s[at] == '\\' && at + 1 < n
                && (s[at + 1] == '\\' || s[at + 1] == ']'))
                at++;                          /* an escaped trail */
            if (s[at] == ']' && candidate_ends(t, at, mb, la))
                return at;
            i = at + 1;
        } else {
            i += ch == '\\' ? 2 : 1;
        }
    }
    return n;
}

/* Scan a value from its '[' at offset i, lexing as mb says; returns the
 * offset of its ']' or t->n when the file ends first. */
size_t sgf__scan_value_as(const sgf__text *t, size_t i, uint8_t mb)
{
    const char *s = t->s;
    size_t n = t->n;
    i++;
    if (!mb) {
        /* the ']' is searched for again only when an escape took it:
         * searching from each escape to a far ']' would make a long
         * value of escapes quadratic */
        const char *e = memchr(s + i, ']', n - i);
        for (;;) {
            if (e == NULL)
                return n;
            const char *b = memchr(s + i, '\\', (size_t)(e - (s + i)));
            if (b == NULL)
                return (size_t)(e - s);
            i = (size_t)(b - s) + 2;
            if (i >= n)
                return n;
            if (s + i > e)
                e = memchr(s + i, ']', n - i);
        }
    }
    lookahead la = { 0, false };
    return scan_value_from(t, i, mb, &la);
}

/* The charset a CA value names, read from its text (escapes removed,
 * as the writer writes the value back), or NULL. */
const char *sgf__ca_charset(const char *raw, size_t len)
{
    char buf[64];
    size_t k = 0;
    for (size_t i = 0; i < len && k < sizeof buf; i++) {
        if (raw[i] == '\\' && i + 1 < len)
            i++;
        buf[k++] = raw[i];
    }
    return k < sizeof buf ? sgf__charset_canonical(buf, k)
                          : sgf__charset_canonical(raw, len);
}

/* The CA[] of the root node starting at i, its values scanned as mb
 * says, or NULL; *end: where the scan stopped. */
static const char *root_charset_as(const sgf__text *t, size_t i, uint8_t mb,
                                   size_t *end)
{
    const char *s = t->s;
    size_t n = t->n, open = i;
    bool in_root = false;
    for (; i < n; *end = i) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == ';' || ch == '(' || ch == ')') {
            /* a second '(' before the root: the parser makes an empty
             * root there, and the node read next is its child */
            if (in_root || ch == ')' || (ch == '(' && i != open))
                return NULL;             /* the root ended without CA */
            in_root = ch == ';';
            i++;
        } else if (sgf__is_letter(ch)) {
            size_t start = i;
            while (i < n && sgf__is_letter((unsigned char)s[i]))
                i++;
            bool ca = i - start == 2 && s[start] == 'C'
                      && s[start + 1] == 'A';
            i = sgf__skip_ws(t->s, t->n, i);
            if (ca && i < n && s[i] == '[') {
                size_t close = sgf__scan_value_as(t, i, mb);
                *end = i;                /* the value's '[' */
                return sgf__ca_charset(s + i + 1, close - i - 1);
            }
            in_root = true;              /* ';' missing before it */
        } else if (ch == '[') {
            i = sgf__scan_value_as(t, i, mb) + 1;
        } else {
            i++;
        }
    }
    *end = n;
    return NULL;
}

bool sgf__has_high_byte(const char *s, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if ((unsigned char)s[i] >= 0x81)
            return true;
    return false;
}

/* The charset a game's root node declares, read ahead before the root is
 * lexed, or NULL. The values before CA[] (PB, PW in many files) are then
 * scanned two-byte-safe like those after it, and what a writer that puts
 * CA[] first writes reads back the same. Plain scanning (escapes only)
 * first; when it finds no CA[], scanning that pairs every lead byte with
 * its trail (a name whose last byte is 5C hides the rest of the root from
 * plain scanning), kept only when it finds a two-byte charset.
 * i: the game's '(' (or its first ';' when '(' is missing); *ca_at: the
 * offset of the CA value's '[', SIZE_MAX when none. */
const char *sgf__root_charset_ahead(const sgf__text *t, size_t i,
                                      size_t *ca_at)
{
    size_t end = i;
    const char *cs = root_charset_as(t, i, SGF__MB_NONE, &end);
    if (cs == NULL && sgf__has_high_byte(t->s, i, end < t->n ? end : t->n)) {
        cs = root_charset_as(t, i, SGF__MB_DBCS, &end);
        cs = cs != NULL && sgf__charset_pair_kind(cs) != SGF__MB_NONE ? cs : NULL;
    }
    *ca_at = cs != NULL ? end : SIZE_MAX;
    return cs;
}

/* Does lexing the game's bytes [from, to) as pair kind a or b put a
 * value's end in different places? Only where a byte that may lead a
 * two-byte character comes before a '\\' or a ']'. */
bool sgf__kinds_may_differ(const sgf__text *t, size_t from, size_t to,
                             int a, int b)
{
    if (a == b)
        return false;
    for (size_t i = from; i + 1 < to; i++)
        if ((unsigned char)t->s[i] >= 0x81
            && (t->s[i + 1] == '\\' || t->s[i + 1] == ']'))
            return true;
    return false;
}

/* Files without CA written in Shift_JIS, GBK or Big5 hold two-byte
 * characters whose second byte is '\', and writers do not escape it
 * (PB[..\x83\x5C] ends the value in the writer's mind). When the input
 * is not UTF-8, declares no CA at all and has such a pair, values are
 * scanned two-byte-safe. A Latin-1 text would need an accented letter
 * right before a backslash to be misread, which real files do not show;
 * a ']' after a high byte ("Jose\xE9]") is not taken as evidence. */
static bool declares_ca(const char *s, size_t n)
{
    for (const char *e = s + n; (s = memchr(s, 'C', (size_t)(e - s)));
         s++)
        if (e - s >= 3 && s[1] == 'A' && s[2] == '[')
            return true;
    return false;
}

/* Offset of the first byte >= 0x80 of s[0..n) (n if none); *nul: a NUL
 * byte before it. 16 bytes at a time with SSE2, else 8. */
static size_t first_high_byte(const char *s, size_t n, bool *nul)
{
    size_t i = 0;
    bool z = false;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        if (_mm_movemask_epi8(v) != 0)
            break;
        z |= _mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)) != 0;
    }
#else
    uint64_t w;
    while (i + 8 <= n && (memcpy(&w, s + i, 8), (w & 0x8080808080808080u)
                                                == 0)) {
        z |= ((w - 0x0101010101010101u) & ~w & 0x8080808080808080u) != 0;
        i += 8;
    }
#endif
    while (i < n && (unsigned char)s[i] < 0x80)
        z |= s[i++] == '\0';
    *nul = z;
    return i;
}

/* The prescan goes over the input in windows of this many bytes; after
 * each one the caller may hand the window's pages back (drop): a mapped
 * input of any size then takes no more memory than a window. */
#define PRESCAN_WINDOW ((size_t)1 << 20)

static void dropped(const sgf__prescan_drop *d, size_t from, size_t to)
{
    if (d != NULL && d->fn != NULL && to > from)
        d->fn(d->payload, from, to);
}

/* Where a window ending near `to` may end without cutting a UTF-8
 * sequence: back over continuation bytes (at most 3). */
static size_t utf8_cut(const char *s, size_t from, size_t to, size_t n)
{
    if (to >= n)
        return n;
    size_t k = to;
    while (k > from && to - k < 3 && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--;
    return k > from ? k : to;
}

static bool valid_utf8_windows(const char *s, size_t n,
                               const sgf__prescan_drop *d)
{
    for (size_t a = 0; a < n;) {
        size_t b = utf8_cut(s, a, a + PRESCAN_WINDOW, n);
        bool ok = sgf__utf8_valid(s + a, b - a);
        dropped(d, a, b);
        if (!ok)
            return false;
        a = b;
    }
    return true;
}

static bool declares_ca_windows(const char *s, size_t n,
                                const sgf__prescan_drop *d)
{
    for (size_t a = 0; a < n; a += PRESCAN_WINDOW) {
        size_t b = a + PRESCAN_WINDOW + 2 < n ? a + PRESCAN_WINDOW + 2 : n;
        bool yes = declares_ca(s + a, b - a);     /* 2 more: "CA[" across */
        dropped(d, a, b);
        if (yes)
            return true;
    }
    return false;
}

/* *ascii: no byte of the input is >= 0x80; *nul: a NUL byte comes
 * before the first that is. */
uint8_t sgf__prescan_multibyte(const sgf__text *t, bool *ascii, bool *nul,
                               const sgf__prescan_drop *d)
{
    const char *s = t->s;
    size_t n = t->n, i = 0;
    bool z = false;
    *nul = false;
    for (size_t a = 0; a < n && i == a; a += PRESCAN_WINDOW) {
        size_t b = a + PRESCAN_WINDOW < n ? a + PRESCAN_WINDOW : n;
        i = a + first_high_byte(s + a, b - a, &z);
        *nul = *nul || z;
        dropped(d, a, b);
    }
    *ascii = i == n;
    if (i == n || valid_utf8_windows(s, n, d) || declares_ca_windows(s, n, d))
        return SGF__MB_NONE;
    uint8_t kind = SGF__MB_NONE;
    for (size_t mark = i; i + 1 < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (i - mark >= PRESCAN_WINDOW) {
            dropped(d, mark, i);
            mark = i;
        }
        if (ch < 0x81 || ch == 0xFF)
            continue;
        if (s[i + 1] == '\\')     /* a lead in 0xA1-0xDF is not CP932 */
            kind = (ch >= 0xA1 && ch <= 0xDF) ? SGF__MB_DBCS
                 : kind == SGF__MB_NONE ? SGF__MB_SJIS : kind;
        if ((unsigned char)s[i + 1] >= 0x40)
            i++;               /* skip the trail byte of the pair */
    }
    dropped(d, 0, n);
    return kind;
}
