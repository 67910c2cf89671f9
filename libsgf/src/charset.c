/*
 * charset.c - CA[] names, UTF-8 validation and conversion to UTF-8 (the
 * per-game choice is in charset_guess.c; see charset_int.h).
 *
 * UTF-8, ISO-8859-1 and Windows-1252 are handled here without iconv (the
 * common cases, and iconv_open is costly); every other charset goes
 * through glibc iconv in strict mode: no //TRANSLIT, no //IGNORE, so an
 * invalid or truncated sequence fails the whole value instead of being
 * dropped.
 */
#include "charset_int.h"
#include <sgf/types.h>

#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <string.h>

/* --- charset table --------------------------------------------------- */

typedef struct cs_info {
    const char *name;       /* canonical = iconv name */
    size_t len;             /* strlen(name) */
    unsigned char family;   /* sgf__cs_family */
    bool unsafe;            /* trail bytes can be '\' or ']' */
} cs_info;

static const char CS_UTF8[] = "UTF-8";
static const char CS_LATIN1[] = "ISO-8859-1";
static const char CS_CP1252[] = "WINDOWS-1252";
static const char CS_GB[] = "GB18030";
static const char CS_SJIS[] = "CP932";
static const char CS_BIG5[] = "CP950";
static const char CS_UHC[] = "CP949";

static const cs_info charsets[] = {
    { CS_UTF8, sizeof CS_UTF8 - 1, SGF__CSF_UTF8, false },
    { CS_LATIN1, sizeof CS_LATIN1 - 1, SGF__CSF_LATIN, false },
    { CS_CP1252, sizeof CS_CP1252 - 1, SGF__CSF_CP1252, false },
    { CS_GB, sizeof CS_GB - 1, SGF__CSF_GB, true },
    { CS_SJIS, sizeof CS_SJIS - 1, SGF__CSF_SJIS, true },
    { CS_BIG5, sizeof CS_BIG5 - 1, SGF__CSF_BIG5, true },
    { CS_UHC, sizeof CS_UHC - 1, SGF__CSF_UHC, false },
    { "BIG5-HKSCS", sizeof "BIG5-HKSCS" - 1, SGF__CSF_MULTI, true },
    { "EUC-JP", sizeof "EUC-JP" - 1, SGF__CSF_MULTI, false },
    { "EUC-TW", sizeof "EUC-TW" - 1, SGF__CSF_MULTI, false },
    { "UTF-16LE", sizeof "UTF-16LE" - 1, SGF__CSF_WIDE, false },
    { "UTF-16BE", sizeof "UTF-16BE" - 1, SGF__CSF_WIDE, false },
    { "UTF-16", sizeof "UTF-16" - 1, SGF__CSF_WIDE, false },
    { "ANSI_X3.4-1968", sizeof "ANSI_X3.4-1968" - 1, SGF__CSF_SINGLE, false },
    { "ISO-8859-2", sizeof "ISO-8859-2" - 1, SGF__CSF_SINGLE, false },
    { "ISO-8859-3", sizeof "ISO-8859-3" - 1, SGF__CSF_SINGLE, false },
    { "ISO-8859-4", sizeof "ISO-8859-4" - 1, SGF__CSF_SINGLE, false },
    { "ISO-8859-5", sizeof "ISO-8859-5" - 1, SGF__CSF_SINGLE, false },
    { "ISO-8859-6", sizeof "ISO-8859-6" - 1, SGF__CSF_SINGLE, false },
    { "ISO-8859-7", sizeof "ISO-8859-7" - 1, SGF__CSF_SINGLE, false },
    { "ISO-8859-8", sizeof "ISO-8859-8" - 1, SGF__CSF_SINGLE, false },
    { "ISO-8859-9", sizeof "ISO-8859-9" - 1, SGF__CSF_SINGLE, false },
    { "ISO-8859-10", sizeof "ISO-8859-10" - 1, SGF__CSF_SINGLE, false },
    { "ISO-8859-11", sizeof "ISO-8859-11" - 1, SGF__CSF_SINGLE, false },
    { "ISO-8859-13", sizeof "ISO-8859-13" - 1, SGF__CSF_SINGLE, false },
    { "ISO-8859-14", sizeof "ISO-8859-14" - 1, SGF__CSF_SINGLE, false },
    { "ISO-8859-15", sizeof "ISO-8859-15" - 1, SGF__CSF_SINGLE, false },
    { "ISO-8859-16", sizeof "ISO-8859-16" - 1, SGF__CSF_SINGLE, false },
    { "WINDOWS-1250", sizeof "WINDOWS-1250" - 1, SGF__CSF_SINGLE, false },
    { "WINDOWS-1251", sizeof "WINDOWS-1251" - 1, SGF__CSF_SINGLE, false },
    { "WINDOWS-1253", sizeof "WINDOWS-1253" - 1, SGF__CSF_SINGLE, false },
    { "WINDOWS-1254", sizeof "WINDOWS-1254" - 1, SGF__CSF_SINGLE, false },
    { "WINDOWS-1255", sizeof "WINDOWS-1255" - 1, SGF__CSF_SINGLE, false },
    { "WINDOWS-1256", sizeof "WINDOWS-1256" - 1, SGF__CSF_SINGLE, false },
    { "WINDOWS-1257", sizeof "WINDOWS-1257" - 1, SGF__CSF_SINGLE, false },
    { "WINDOWS-1258", sizeof "WINDOWS-1258" - 1, SGF__CSF_SINGLE, false },
    { "WINDOWS-874", sizeof "WINDOWS-874" - 1, SGF__CSF_SINGLE, false },
    { "KOI8-R", sizeof "KOI8-R" - 1, SGF__CSF_SINGLE, false },
    { "KOI8-U", sizeof "KOI8-U" - 1, SGF__CSF_SINGLE, false },
    { "IBM866", sizeof "IBM866" - 1, SGF__CSF_SINGLE, false },
    { "MACINTOSH", sizeof "MACINTOSH" - 1, SGF__CSF_SINGLE, false },
    { "TIS-620", sizeof "TIS-620" - 1, SGF__CSF_SINGLE, false },
};

#define NCHARSETS (sizeof charsets / sizeof charsets[0])

/* Aliases, spelled as normalize() leaves them: lower case, without '-',
 * '_', ' ', '.', ':' and '/'. Names of the form iso8859N, latinN,
 * windows125N, cp125N and win125N are handled by numbered(). */
typedef struct alias {
    const char *key;
    const char *name;
} alias;

static const alias aliases[] = {
    { "utf8", CS_UTF8 }, { "unicode11utf8", CS_UTF8 },
    { "csutf8", CS_UTF8 }, { "xutf8", CS_UTF8 },
    { "l1", CS_LATIN1 }, { "cp819", CS_LATIN1 }, { "ibm819", CS_LATIN1 },
    { "csisolatin1", CS_LATIN1 }, { "iso885911987", CS_LATIN1 },
    { "isoir100", CS_LATIN1 }, { "western", CS_LATIN1 },
    { "ansi", CS_CP1252 }, { "msansi", CS_CP1252 },
    { "gb2312", CS_GB }, { "gb231280", CS_GB }, { "gb", CS_GB },
    { "csgb2312", CS_GB }, { "euccn", CS_GB }, { "xeuccn", CS_GB },
    { "gbk", CS_GB }, { "cp936", CS_GB }, { "ms936", CS_GB },
    { "windows936", CS_GB }, { "gb18030", CS_GB }, { "chinese", CS_GB },
    { "isoir58", CS_GB }, { "xgbk", CS_GB }, { "gb180302000", CS_GB },
    { "gb180302005", CS_GB }, { "xmscp936", CS_GB },
    { "shiftjis", CS_SJIS }, { "sjis", CS_SJIS }, { "xsjis", CS_SJIS },
    { "mskanji", CS_SJIS }, { "csshiftjis", CS_SJIS },
    { "csmskanji", CS_SJIS }, { "cp932", CS_SJIS }, { "ms932", CS_SJIS },
    { "windows31j", CS_SJIS }, { "cswindows31j", CS_SJIS },
    { "windows932", CS_SJIS }, { "xmscp932", CS_SJIS },
    { "sjisopen", CS_SJIS }, { "sjiswin", CS_SJIS },
    { "xshiftjis", CS_SJIS },
    { "big5", CS_BIG5 }, { "big5eten", CS_BIG5 }, { "csbig5", CS_BIG5 },
    { "cnbig5", CS_BIG5 }, { "xxbig5", CS_BIG5 }, { "cp950", CS_BIG5 },
    { "ms950", CS_BIG5 }, { "windows950", CS_BIG5 }, { "xbig5", CS_BIG5 },
    { "big5hkscs", "BIG5-HKSCS" }, { "hkscs", "BIG5-HKSCS" },
    { "euckr", CS_UHC }, { "cseuckr", CS_UHC }, { "ksc5601", CS_UHC },
    { "ksc56011987", CS_UHC }, { "ksc56011989", CS_UHC },
    { "ksx1001", CS_UHC }, { "korean", CS_UHC }, { "isoir149", CS_UHC },
    { "cp949", CS_UHC }, { "uhc", CS_UHC }, { "ms949", CS_UHC },
    { "windows949", CS_UHC }, { "xwindows949", CS_UHC },
    { "mscp949", CS_UHC }, { "cskscs56011987", CS_UHC },
    { "eucjp", "EUC-JP" }, { "xeucjp", "EUC-JP" }, { "ujis", "EUC-JP" },
    { "cseucpkdfmtjapanese", "EUC-JP" }, { "euctw", "EUC-TW" },
    { "utf16le", "UTF-16LE" }, { "utf16be", "UTF-16BE" },
    { "utf16", "UTF-16" }, { "ucs2le", "UTF-16LE" },
    { "ascii", "ANSI_X3.4-1968" }, { "usascii", "ANSI_X3.4-1968" },
    { "ansix341968", "ANSI_X3.4-1968" }, { "us", "ANSI_X3.4-1968" },
    { "cyrillic", "ISO-8859-5" }, { "arabic", "ISO-8859-6" },
    { "greek", "ISO-8859-7" }, { "hebrew", "ISO-8859-8" },
    { "thai", "TIS-620" }, { "tis620", "TIS-620" },
    { "cp874", "WINDOWS-874" }, { "windows874", "WINDOWS-874" },
    { "koi8r", "KOI8-R" }, { "koi8u", "KOI8-U" }, { "cp866", "IBM866" },
    { "ibm866", "IBM866" }, { "macintosh", "MACINTOSH" },
    { "macroman", "MACINTOSH" }, { "mac", "MACINTOSH" },
};

static const cs_info *info_of(const char *canonical)
{
    if (canonical == NULL)
        return NULL;
    for (size_t i = 0; i < NCHARSETS; i++)
        if (canonical == charsets[i].name
            || strcmp(canonical, charsets[i].name) == 0)
            return &charsets[i];
    return NULL;
}

static const char *by_name(const char *name)
{
    const cs_info *ci = info_of(name);
    return ci != NULL ? ci->name : NULL;
}

static bool is_separator(unsigned char c)
{
    switch (c) {
    case '-': case '_': case ' ': case '.': case ':': case '/': case '\t':
    case '\r': case '\n':
        return true;
    default:
        return false;
    }
}

/* Lower case without separators into out (size cap); false when the name
 * is empty or too long to be a charset name. */
static bool normalize(const char *s, size_t n, char *out, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (is_separator(c))
            continue;
        if (k + 1 >= cap)
            return false;
        out[k++] = (char)(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
    }
    out[k] = '\0';
    return k > 0;
}

/* The number after prefix p in key, or -1. */
static int number_after(const char *key, const char *p)
{
    size_t lp = strlen(p);
    if (strncmp(key, p, lp) != 0 || key[lp] == '\0' || strlen(key) > lp + 4)
        return -1;
    int v = 0;
    for (const char *q = key + lp; *q != '\0'; q++) {
        if (*q < '0' || *q > '9')
            return -1;
        v = v * 10 + (*q - '0');
    }
    return v;
}

/* iso8859N, latinN, windows125N / cp125N / win125N / xcp125N. */
static const char *numbered(const char *key)
{
    static const char *const iso[] = {
        NULL, CS_LATIN1, "ISO-8859-2", "ISO-8859-3", "ISO-8859-4",
        "ISO-8859-5", "ISO-8859-6", "ISO-8859-7", "ISO-8859-8",
        "ISO-8859-9", "ISO-8859-10", "ISO-8859-11", NULL, "ISO-8859-13",
        "ISO-8859-14", "ISO-8859-15", "ISO-8859-16"
    };
    /* latin1..latin10 are ISO-8859-1,2,3,4,9,10,13,14,15,16 */
    static const unsigned char latin[] = { 0, 1, 2, 3, 4, 9, 10, 13, 14,
                                           15, 16 };
    static const char *const win[] = {
        "WINDOWS-1250", "WINDOWS-1251", CS_CP1252, "WINDOWS-1253",
        "WINDOWS-1254", "WINDOWS-1255", "WINDOWS-1256", "WINDOWS-1257",
        "WINDOWS-1258"
    };
    static const char *const winpre[] = { "windows", "cp", "win", "xcp",
                                          "mswin", "ibm" };
    int v = number_after(key, "iso8859");
    if (v > 0 && v <= 16)
        return iso[v];
    v = number_after(key, "latin");
    if (v > 0 && v <= 10)
        return iso[latin[v]];
    for (size_t i = 0; i < sizeof winpre / sizeof winpre[0]; i++) {
        v = number_after(key, winpre[i]);
        if (v >= 1250 && v <= 1258)
            return win[v - 1250];
    }
    return NULL;
}

const char *sgf__charset_canonical(const char *name, size_t len)
{
    char key[40];
    if (name == NULL)
        return NULL;
    for (size_t i = 0; i < NCHARSETS; i++)   /* "UTF-8", as most write it */
        if (charsets[i].len == len && memcmp(charsets[i].name, name, len) == 0)
            return charsets[i].name;
    if (!normalize(name, len, key, sizeof key))
        return NULL;
    size_t k = strlen(key);   /* a NUL in the name ends the key here */
    const char *r = k > 0 && key[k - 1] >= '0' && key[k - 1] <= '9'
                    ? numbered(key) : NULL;
    if (r != NULL)
        return by_name(r);
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (aliases[i].key[0] == key[0] && strcmp(key, aliases[i].key) == 0)
            return by_name(aliases[i].name);
    return NULL;
}

const char *sgf__charset_static(const char *name)
{
    return by_name(name);
}

int sgf__charset_pair_kind(const char *canonical)
{
    const cs_info *ci = info_of(canonical);
    if (ci == NULL || !ci->unsafe)
        return SGF__MB_NONE;
    return ci->family == SGF__CSF_SJIS ? SGF__MB_SJIS : SGF__MB_DBCS;
}

bool sgf__charset_is_multibyte_unsafe(const char *canonical)
{
    const cs_info *ci = info_of(canonical);
    return ci != NULL && ci->unsafe;
}

bool sgf__charset_is_ascii_compatible(const char *canonical)
{
    const cs_info *ci = info_of(canonical);
    return ci == NULL || ci->family != SGF__CSF_WIDE;
}

sgf__cs_family sgf__charset_family(const char *canonical)
{
    const cs_info *ci = info_of(canonical);
    return ci != NULL ? (sgf__cs_family)ci->family : SGF__CSF_UNKNOWN;
}

/* --- UTF-8 and ASCII ------------------------------------------------- */

#define HIGH8 UINT64_C(0x8080808080808080)

static uint64_t load8(const unsigned char *p)
{
    uint64_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

/* Offset of the first byte >= 0x80 at or after i, or n. */
static size_t skip_ascii(const unsigned char *s, size_t i, size_t n)
{
    while (i + 16 <= n && ((load8(s + i) | load8(s + i + 8)) & HIGH8) == 0)
        i += 16;
    while (i < n && s[i] < 0x80)
        i++;
    return i;
}

bool sgf__is_ascii(const char *s, size_t n)
{
    return skip_ascii((const unsigned char *)s, 0, n) == n;
}

bool sgf__utf8_valid(const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0;
    for (;;) {
        i = skip_ascii(s, i, n);
        if (i == n)
            return true;
        size_t len = sgf_utf8_char((const char *)s + i, n - i, NULL);
        if (len == 0)
            return false;
        i += len;
    }
}

/* --- native conversions ---------------------------------------------- */

/* Windows-1252 0x80..0x9F; 0 = unassigned. */
static const uint16_t cp1252_c1[32] = {
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178
};

static size_t put_utf8(char *o, unsigned cp)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | (cp >> 6));
        o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    o[0] = (char)(0xE0 | (cp >> 12));
    o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    o[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
}

/* ISO-8859-1 (cp1252 false) or Windows-1252: at most 3 bytes a byte. */
static int latin_to_utf8(bool cp1252, const char *in, size_t n,
                         sgf__buf *out)
{
    if (n > (SIZE_MAX - 1) / 3 || sgf__buf_grow(out, 3 * n + 1) != 0)
        return SGF_ENOMEM;
    char *o = out->ptr + out->len;
    for (size_t i = 0; i < n; i++) {
        unsigned c = (unsigned char)in[i];
        if (cp1252 && c >= 0x80 && c < 0xA0) {
            c = cp1252_c1[c - 0x80];
            if (c == 0)
                return 1;
        }
        o += put_utf8(o, c);
    }
    out->len = (size_t)(o - out->ptr);
    out->ptr[out->len] = '\0';
    return 0;
}

/* --- iconv ------------------------------------------------------------ */

/* A process-wide pool of open descriptors, shared by every sgf__conv.
 * glibc loads a converter module (GB18030.so, CP932.so, ...) on the first
 * iconv_open of its charset and unloads it soon after the last
 * iconv_close: a reader that opened and closed its converters per game
 * mapped and unmapped the same shared objects again and again (a tenth of
 * the time of a parse of the corpus concatenated). A released descriptor
 * goes back to the pool instead, reset, for the next game of this or any
 * other thread; the pool's lock is taken only when a game first needs a
 * charset iconv converts. The pooled descriptors stay open until the
 * process ends (at most SGF__POOL_MAX of them, arena_int.h); the key is
 * the canonical name's address. */
static sgf__pool pool = SGF__POOL_INIT;

/* Give cd back to the pool, reset, or close it when the pool is full. */
static void pool_give(const char *from, iconv_t cd)
{
    iconv(cd, NULL, NULL, NULL, NULL);      /* the initial shift state */
    if (!sgf__pool_give(&pool, (uintptr_t)from, (void *)cd))
        iconv_close(cd);
}

/* Only the first n slots are ever read: a game's set-up clears no more
 * than the count. */
void sgf__conv_init(sgf__conv *cv)
{
    cv->n = 0;
}

void sgf__conv_release(sgf__conv *cv)
{
    for (int i = 0; i < cv->n; i++)
        pool_give(cv->from[i], (iconv_t)cv->cd[i]);
    cv->n = 0;
}

/* The cached descriptor for `from` (a name from charsets[]): this cache's,
 * else one from the pool, else opened; NULL with *err set (-1: iconv does
 * not know it, SGF_ENOMEM). When all slots are in use, the last one goes
 * back to the pool. */
static iconv_t descriptor(sgf__conv *cv, const char *from, int *err)
{
    enum { NSLOTS = (int)(sizeof cv->cd / sizeof cv->cd[0]) };
    for (int i = 0; i < cv->n; i++)
        if (strcmp(cv->from[i], from) == 0)
            return (iconv_t)cv->cd[i];
    void *pooled = sgf__pool_take(&pool, (uintptr_t)from);
    iconv_t cd = pooled != NULL ? (iconv_t)pooled
                                : iconv_open("UTF-8", from);
    if (cd == (iconv_t)-1) {
        *err = errno == ENOMEM ? SGF_ENOMEM : -1;
        return NULL;
    }
    if (cv->n == NSLOTS) {
        cv->n--;
        pool_give(cv->from[cv->n], (iconv_t)cv->cd[cv->n]);
    }
    cv->from[cv->n] = from;
    cv->cd[cv->n++] = cd;
    return cd;
}

/* One iconv call (flush when *ip is NULL), growing out on E2BIG.
 * 0, 1 (invalid or truncated input), SGF_ENOMEM. */
static int iconv_step(iconv_t cd, char **ip, size_t *il, sgf__buf *out)
{
    for (;;) {
        size_t room = out->cap - out->len - 1;
        char *op = out->ptr + out->len;
        size_t r = iconv(cd, ip, il, &op, &room);
        out->len = (size_t)(op - out->ptr);
        if (r != (size_t)-1)
            return 0;
        if (errno != E2BIG)
            return 1;
        if (sgf__buf_grow(out, out->cap) != 0)
            return SGF_ENOMEM;
    }
}

static int iconv_to_utf8(iconv_t cd, const char *in, size_t n,
                         sgf__buf *out)
{
    size_t before = out->len;
    if (n > (SIZE_MAX - 16) / 3 || sgf__buf_grow(out, 3 * n + 16) != 0)
        return SGF_ENOMEM;
    iconv(cd, NULL, NULL, NULL, NULL);
    char *ip = (char *)(uintptr_t)in;
    size_t il = n;
    int r = iconv_step(cd, &ip, &il, out);
    if (r == 0)
        r = iconv_step(cd, NULL, NULL, out);
    if (r != 0)
        out->len = before;
    out->ptr[out->len] = '\0';
    return r;
}

/* Whether n bytes are printable ASCII (tabs and line breaks too), with
 * no NUL: text that a file declaring UTF-16 wrote in ASCII after all. */
static bool ascii_text(const char *in, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)in[i];
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c > 0x7E)
            return false;
    }
    return true;
}

int sgf__conv_to_utf8(sgf__conv *cv, const char *from, const char *in,
                      size_t n, sgf__buf *out)
{
    const cs_info *ci = info_of(from);
    if (ci == NULL)
        return -1;
    unsigned fam = ci->family;
    /* UTF-16 with no NUL byte, all printable ASCII: "Park" would read as
       two CJK characters. Such a value is ASCII text under a CA[] that
       does not fit it (UTF-16 text of Latin letters has NUL bytes, and
       that of other scripts bytes outside printable ASCII). A game whose
       texts are all UTF-8 with no NUL is read as UTF-8 as a whole
       (decode.c wide_is_utf8); a value that is UTF-8 only by chance in a
       game of real UTF-16 text stays UTF-16 */
    if (fam == SGF__CSF_WIDE && n > 0 && ascii_text(in, n))
        return 1;
    if (fam == SGF__CSF_UTF8
        || (fam != SGF__CSF_WIDE && sgf__is_ascii(in, n))) {
        if (fam == SGF__CSF_UTF8 && !sgf__utf8_valid(in, n))
            return 1;
        return sgf__buf_add(out, in, n);
    }
    if (fam == SGF__CSF_LATIN || fam == SGF__CSF_CP1252) {
        size_t before = out->len;
        int r = latin_to_utf8(fam == SGF__CSF_CP1252, in, n, out);
        if (r == 1)
            out->len = before;
        return r;
    }
    if (strcmp(ci->name, "UTF-16") == 0) {
        /* glibc's UTF-16 takes its byte order from a byte-order mark and
         * keeps it for the descriptor's life (a reset does not clear
         * it): each value gets a descriptor of its own, so that a value
         * reads the same whatever came before it */
        iconv_t cd = iconv_open("UTF-8", ci->name);
        if (cd == (iconv_t)-1)
            return errno == ENOMEM ? SGF_ENOMEM : -1;
        int r = iconv_to_utf8(cd, in, n, out);
        iconv_close(cd);
        return r;
    }
    int err = 0;
    iconv_t cd = descriptor(cv, ci->name, &err);
    if (cd == NULL)
        return err;
    return iconv_to_utf8(cd, in, n, out);
}
