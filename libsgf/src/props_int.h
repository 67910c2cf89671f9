/*
 * props_int.h - what the property layer's files (text.c, decode.c,
 * check.c, checkval.c, checkinfo.c) share. Not installed.
 */
#ifndef SGF_PROPS_INT_H
#define SGF_PROPS_INT_H

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <sgf/props.h>
#include "tree_int.h"
#include "charset_int.h"

/* SGF__MB_NONE, SGF__MB_SJIS, SGF__MB_DBCS: charset_int.h */

/* Do lead and trail form one two-byte character under kind? Leads:
 * CP932 (Shift_JIS) 0x81-0x9F, 0xE0-0xFC (0xA1-0xDF are one-byte
 * katakana); GBK/GB18030 and Big5 0x81-0xFE. Trails are 0x40 and up in
 * all of them, so a lead before a control byte, a digit or CR/LF stands
 * alone (it is then undecodable, and the line break stays a line
 * break). The lexer (parse.c), the unescaper (text.c) and the writer
 * (write.c) pair bytes with this one rule. */
static inline bool sgf__mb_pair(int kind, unsigned char lead,
                                unsigned char trail)
{
    if (trail < 0x40)
        return false;
    if (kind == SGF__MB_SJIS)
        return (lead >= 0x81 && lead <= 0x9F)
               || (lead >= 0xE0 && lead <= 0xFC);
    return kind == SGF__MB_DBCS && lead >= 0x81 && lead <= 0xFE;
}

/* The node's MN[] in *out when it is a move number
 * (0..SGF_MOVE_NUMBER_MAX); false when it has none or it is outside that
 * range (the checks report it). (props.c) */
bool sgf__node_mn(const sgf_node *n, long *out);

/* The number after move number n, at most SGF_MOVE_NUMBER_MAX. */
static inline long sgf__next_move_number(long n)
{
    return n < SGF_MOVE_NUMBER_MAX ? n + 1 : SGF_MOVE_NUMBER_MAX;
}

/* sgf__unescape (tree_int.h) into dst,
 * which has room for raw.len bytes (the result is never longer than the
 * raw value). mb is an SGF__MB_* kind. Returns the length written; no NUL
 * is added. */
size_t sgf__unescape_into(char *dst, sgf_str raw, sgf_value_type vt,
                          int mb);

/* The same; *high says whether the result holds a byte >= 0x80. */
size_t sgf__unescape_high(char *dst, sgf_str raw, sgf_value_type vt,
                          int mb, bool *high);

/* The same, when the first done bytes of raw are printable ASCII without
 * '\\' and already copied to dst (sgf__copy_printable): no rule changes
 * them, so the rest is read from there on. */
size_t sgf__unescape_rest(char *dst, sgf_str raw, sgf_value_type vt, int mb,
                          size_t done, bool *high);

/* Copy the bytes of s from 0x20 to 0x7F (printable ASCII and DEL) to dst
 * up to the first other one; returns how many. The text rules leave such
 * bytes as they are, but for '\\', which the caller knows is absent.
 * Sixteen or eight bytes at a time while they are all such bytes; never
 * reads or writes past n. */
static inline size_t sgf__copy_printable(char *dst, const char *s, size_t n)
{
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i space = _mm_set1_epi8(0x20);
    for (; n - i >= 16; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        /* signed: the bytes from 0x80 up are below 0x20 too */
        if (_mm_movemask_epi8(_mm_cmplt_epi8(x, space)) != 0)
            break;
        _mm_storeu_si128((__m128i *)(void *)(dst + i), x);
    }
#endif
    for (; n - i >= 8; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, sizeof w);
        /* a byte below 0x20 borrows into its top bit, a byte from 0x80
         * up has it */
        if (((w - UINT64_C(0x2020202020202020)) | w)
            & UINT64_C(0x8080808080808080))
            break;
        memcpy(dst + i, &w, sizeof w);
    }
    if (i < n && n - i < 8) {
        /* the last bytes as one or two words that may overlap what is
         * already copied (the same bytes again); a word that holds
         * another byte leaves them to the loop below */
        if (n >= 8) {
            uint64_t w;
            memcpy(&w, s + n - 8, sizeof w);
            if (!(((w - UINT64_C(0x2020202020202020)) | w)
                  & UINT64_C(0x8080808080808080))) {
                memcpy(dst + n - 8, &w, sizeof w);
                return n;
            }
        } else if (n - i >= 4) {
            uint32_t a, b;
            memcpy(&a, s + i, sizeof a);
            memcpy(&b, s + n - 4, sizeof b);
            if (!((((a - 0x20202020u) | a) | ((b - 0x20202020u) | b))
                  & 0x80808080u)) {
                memcpy(dst + i, &a, sizeof a);
                memcpy(dst + n - 4, &b, sizeof b);
                return n;
            }
        }
    }
    for (; i < n && (signed char)s[i] >= 0x20; i++)
        dst[i] = s[i];
    return i;
}

/* Arena bytes, the bump inline (this runs once per value). */
static inline char *sgf__arena_bytes(sgf__arena *a, size_t n)
{
    if (a->cur != NULL && (size_t)(a->end - a->cur) >= n) {
        char *p = a->cur;
        a->cur += n;
        return p;
    }
    return sgf__arena_alloc_bytes(a, n);
}

/* Give back the bytes after the first keep of the n that
 * sgf__arena_bytes just returned at p (when nothing came after them). */
static inline void sgf__arena_trim(sgf__arena *a, char *p, size_t n,
                                   size_t keep)
{
    if (p + n == a->cur)
        a->cur = p + keep;
}

/* Fox's KM[375]-style komi: true and *out = 7.5 etc. (props.c). */
bool sgf__komi_scaled(double v, double *out);

/* The SGF__MB_* kind of a canonical charset name (NULL: none). */
int sgf__mb_kind(const char *canonical);

/* The value type whose text rules apply when decoding a value of type vt:
 * SGF_VT_TEXT, SGF_VT_SIMPLETEXT (also for the composed types with a text
 * half: LB, AP, FG) or SGF_VT_NONE (escapes removed only). */
static inline sgf_value_type sgf__text_rules(sgf_value_type vt)
{
    switch (vt) {
    case SGF_VT_TEXT:
        return SGF_VT_TEXT;
    case SGF_VT_SIMPLETEXT:
    case SGF_VT_LABEL:
    case SGF_VT_APP:
    case SGF_VT_FIGURE:
        return SGF_VT_SIMPLETEXT;
    default:
        return SGF_VT_NONE;
    }
}

/* The property table (props.c); entry 0 describes unknown properties
 * (value type SGF_VT_UNKNOWN). */
extern const sgf_prop_info sgf__prop_table[SGF__PROP_COUNT];

/* Whether node n holds a game-info property (a lone move does not):
 * what makes it the game-info node of its line. */
bool sgf__holds_game_info(const sgf_node *n);

/* Table entry of a parsed property, unknown ones included (entry 0). */
static inline const sgf_prop_info *sgf__info(const sgf_prop *p)
{
    return &sgf__prop_table[p->id < SGF__PROP_COUNT ? p->id : 0];
}

/* --- the checker's state ------------------------------------------------ */

/* Point sets of one node, one bit per point of a 52x52 board. Slots for
 * the properties whose points are compared with each other's, plus one
 * for any other point list (duplicates within the property only). */
enum {
    SGF__BM_WORDS = (SGF_MAX_SIZE * SGF_MAX_SIZE + 63) / 64
};
typedef enum sgf__slot {
    SGF__S_AB, SGF__S_AW, SGF__S_AE,                 /* setup group */
    SGF__S_CR, SGF__S_MA, SGF__S_SL, SGF__S_SQ, SGF__S_TR, /* markup */
    SGF__S_TB, SGF__S_TW,                           /* territory */
    SGF__S_LB, SGF__S_OTHER,
    SGF__S_COUNT
} sgf__slot;

typedef struct sgf__check {
    sgf_collection *c;
    sgf_game *g;
    bool ff4;                 /* severities in the FF[4] form */
    bool go;                  /* GM[1]: Go checks */
    bool decoded;             /* every value decoded by decode.c */
    sgf__conv *cv;            /* for sgf__convert_plain; NULL: nothing
                                 to convert (UTF-8, UTF-16) */
    unsigned lim_x, lim_y;    /* a move's letters below these (less than
                                 'a' + 26) take the fast path */
    unsigned ff_bit;          /* FF[1]-FF[3]: the bit of sgf_prop_info
                                 formats a property needs; else 0 */
    uintptr_t in_at;          /* a value at p has 8 bytes to read when */
    size_t in_last8;          /* p - in_at <= in_last8 (check.c) */
    uint32_t move_number;     /* B/W properties on the path, this node in */
    sgf_node *info_node;      /* the game-info node on the path, or NULL */
    /* the node being checked */
    sgf_node *node;
    unsigned moves_seen;      /* B/W properties of the node checked so far */
    long handicap;            /* HA of the node read (>= 2), or 0 */
    bool cpl_reported;        /* compressed list in FF[1]-FF[3] said once */
    unsigned used;            /* slots cleared for this node */
    uint64_t bits[SGF__S_COUNT][SGF__BM_WORDS];
    sgf_prop *slot_prop[SGF__S_COUNT];
} sgf__check;

/* Add a diagnostic of the game being checked at a byte offset. */
#define SGF__DIAG(ck, code, off, ...)                                      \
    sgf__diag_add((ck)->c, (int)(ck)->g->index, (code), (ck)->ff4,        \
                  (size_t)(off), __VA_ARGS__)

/* How many bytes of a value to quote in a message: at most max, cut at a
 * UTF-8 character boundary. */
int sgf__quote_len(sgf_str v, size_t max);
/* "..." when sgf__quote_len cuts v, else "": a cut quote is marked as
 * one, never shown as if it were the whole value. */
const char *sgf__quote_more(sgf_str v, size_t max);
#define SGF__QUOTE_MAX 40
/* A value (sgf_str) quoted in a message, for "%.*s%s": its first max
 * bytes (SGF__QV: SGF__QUOTE_MAX), then "..." when there is more. */
#define SGF__QVN(t, max) sgf__quote_len((t), (max)), (t).ptr, \
    sgf__quote_more((t), (max))
#define SGF__QV(t) SGF__QVN(t, SGF__QUOTE_MAX)
/* The same of a C string (an identifier). */
#define SGF__QI(s) SGF__QV(((sgf_str){ (s), strlen(s) }))

/* A real number in at most 3 decimals, trailing zeros dropped, without
 * the locale ("6.5", "-3", "0.125"). */
void sgf__format_real(char *buf, size_t cap, double d);

/* decode.c: the text values of a game, unescaped node by node as the
 * checker walks the tree (sgf__dec_node), then the charset chosen (CA[],
 * detection), the text converted to UTF-8 and charset trouble reported
 * (sgf__dec_finish). sgf__dec_begin decodes every value of the root
 * that is not text (FF, GM, SZ are read before the walk). In a charset
 * that is not ASCII-compatible (UTF-16), sgf__dec_finish decodes and
 * converts every value; maybe_wide says, once the root went through
 * sgf__dec_node, when that can happen. Each returns 0 or SGF_ENOMEM
 * (c->status set); release in all cases. */
typedef struct sgf__dec {
    sgf_collection *c;
    sgf_game *g;
    bool ff4;
    bool maybe_wide;       /* the charset may not be ASCII-compatible */
    bool nul;              /* a text value holds a NUL byte (UTF-16's
                              text of Latin letters, digits, spaces) */
    bool all;              /* convert ASCII values too (UTF-16) */
    bool kinds;            /* some text reads differently per pair kind */
    bool sniff;            /* no charset named: the bytes of values that
                              are not text count for the choice too */
    int lexed;             /* SGF__MB_* kind the values were lexed with */
    bool ca_read;          /* ca_cs is set (the root decoded) */
    const sgf_prop *ca;    /* the root's CA, or NULL */
    const char *ca_cs;     /* its canonical name, or NULL */
    sgf__buf list;         /* pending[]: values to convert */
    sgf__buf plain;        /* pending[]: values that are not text, with
                              bytes beyond ASCII (sniff): they decide
                              only when no text value holds such bytes */
    sgf__buf texts;        /* sgf_str[] of the same, for detection */
    sgf__buf alt[3];       /* the same texts read with each pair kind */
    sgf__buf out;          /* conversion scratch */
    sgf__conv cv;
} sgf__dec;

int sgf__dec_begin(sgf__dec *d, sgf_collection *c, sgf_game *g, bool ff4,
                   const sgf_prop *ca);
int sgf__dec_node(sgf__dec *d, sgf_node *n);
int sgf__dec_finish(sgf__dec *d);
void sgf__dec_release(sgf__dec *d);

/* Does the property's value take part in charset detection and
 * conversion (Text, SimpleText and their composed types, unknown
 * properties)? */
bool sgf__prop_is_text(const sgf_prop *p);

/* The text of the values of a property that is not text: escapes
 * removed (mb: the kind the values were lexed with), NUL-terminated;
 * a two-letter point is not copied (sgf__point_text). 0 or SGF_ENOMEM. */
int sgf__decode_plain(sgf_collection *c, sgf_prop *p, int mb);

/* The values of p, a property that is not text, decoded by
 * sgf__decode_plain: those holding bytes >= 0x80 (TM[1<hours in
 * Japanese>], a name written in TE, KO[<a komi in words>]) converted from
 * cs, the game's chosen charset, to UTF-8 when they decode in it, as text
 * values are, so that the record reads in one charset; a value that does
 * not decode stays as its bytes. Nothing for UTF-8 or a charset that is
 * not ASCII-compatible (decoded whole). 0 or SGF_ENOMEM. */
int sgf__convert_plain(sgf_collection *c, sgf_prop *p, const char *cs,
                       sgf__conv *cv);

/* Whether sgf__convert_plain converts anything under charset cs: an
 * ASCII-compatible charset other than UTF-8. */
bool sgf__plain_converts(const char *cs);

/* "aa", "ab", ... "ZZ": the two-letter points with their NUL, x major. */
extern const char sgf__point_texts[SGF_MAX_SIZE * SGF_MAX_SIZE][3];

/* The NUL-terminated text of the point (x, y), x and y < 52. */
static inline const char *sgf__point_text(unsigned x, unsigned y)
{
    return sgf__point_texts[x * SGF_MAX_SIZE + y];
}

/* "0".."9", "00".."99", "000".."999" with their NUL (decode.c). */
extern const char sgf__digits1[10][2];
extern const char sgf__digits2[100][3];
extern const char sgf__digits3[1000][4];

/* The NUL-terminated text of r when it is one to three digits, which
 * no escape or charset changes, from those tables; else NULL. */
static inline const char *sgf__digits_text(sgf_str r)
{
    const unsigned char *s = (const unsigned char *)r.ptr;
    unsigned a, b, c;
    switch (r.len) {
    case 1:
        a = s[0] - (unsigned)'0';
        return a < 10 ? sgf__digits1[a] : NULL;
    case 2:
        a = s[0] - (unsigned)'0';
        b = s[1] - (unsigned)'0';
        return a < 10 && b < 10 ? sgf__digits2[a * 10 + b] : NULL;
    case 3:
        a = s[0] - (unsigned)'0';
        b = s[1] - (unsigned)'0';
        c = s[2] - (unsigned)'0';
        return a < 10 && b < 10 && c < 10 ? sgf__digits3[a * 100 + b * 10 + c]
                                          : NULL;
    default:
        return NULL;
    }
}

/* checkval.c: the value checks of one property of ck->node. */
void sgf__check_values(sgf__check *ck, sgf_prop *p,
                       const sgf_prop_info *info);

/* More values than a single-valued property takes (not for a property
 * repeated in its node: that is said once, as a duplicate). */
void sgf__check_value_count(sgf__check *ck, const sgf_prop *p,
                            const sgf_prop_info *info);

/* A text value (Text, SimpleText) whose end reads as the start of a
 * node (';W[cd'): a warning that its ']' may be missing. */
void sgf__check_node_in_text(sgf__check *ck, const sgf_prop *p);

/* The value check of a move property (B, W; EX), counting B and W in
 * ck->moves_seen. */
void sgf__check_move(sgf__check *ck, const sgf_prop *p);

/* Number of distinct on-board points the node's AB added (after
 * sgf__check_values ran on it). */
unsigned sgf__check_ab_count(const sgf__check *ck);

/* checkroot.c: the root's first property with that id, or NULL. */
const sgf_prop *sgf__root_prop(const sgf_game *g, sgf_prop_id id);

/* g->ff from FF[] (raw bytes, 0 when absent or unreadable): severities
 * depend on it before anything is decoded. */
void sgf__read_ff(sgf_game *g);

/* SZ[n] or SZ[cols:rows]: 0 when unreadable, 1 when read, 2 when read
 * from a non-standard form (blanks). */
int sgf__read_size(sgf_str t, long *w, long *h);

/* The checks of FF, GM, SZ, reading GM (ck->go, g->gm) and SZ (g->width,
 * g->height): once their values are decoded (sgf__dec_begin), before the
 * walk, which takes the board from them. */
void sgf__check_root(sgf__check *ck);

/* The check of a game that differs from the first of the collection in
 * FF, GM or the charset: once the charset is chosen. */
void sgf__check_mixed(sgf__check *ck);

/* A Number as strict (0) or with blanks around it (1); -1 otherwise. */
int sgf__loose_number(sgf_str v, long *out);

/* HA[]'s n stones as the handicap of a board of the given points: n
 * from 2 to points, else 0, no handicap (HA[0], HA[1], a negative
 * count, more stones than the board has points), as the checks, the
 * replay and the count all take it. */
static inline long sgf__handicap_stones(long n, long points)
{
    return n >= 2 && n <= points ? n : 0;
}

/* checkinfo.c: formats of game-info values. */
typedef enum sgf__form {
    SGF__FORM_OK = 0,         /* standard FF[4] form */
    SGF__FORM_READABLE,       /* non-standard; *norm says how it was read */
    SGF__FORM_INVALID,        /* standard form but impossible (DT) */
    SGF__FORM_UNREADABLE
} sgf__form;

/* DT (FF[4] properties.html "DT"): YYYY-MM-DD, partial dates, comma
 * lists with the MM-DD / DD / MM shortcuts; calendar checked. norm gets
 * the FF[4] reading of a readable non-standard date ("2026-11-29"). */
sgf__form sgf__check_date(sgf_str v, char norm[16]);

/* RE: 0, Draw, Void, ?, B+ / W+ with nothing, a Real, R, Resign, T,
 * Time, F, Forfeit. norm gets the FF[4] reading of a readable one. */
sgf__form sgf__check_result(sgf_str v, char norm[32]);

#endif
