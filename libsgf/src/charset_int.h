/*
 * charset_int.h - charsets of SGF text values (CA[], FF[4] spec "CA"):
 * name lookup with the usual aliases, UTF-8 validation, conversion to
 * UTF-8 with iconv, and the detection policy:
 *
 *   with CA: use it if every text value of the game decodes in it;
 *   without CA: UTF-8 if every text value is valid UTF-8 (warning, since the
 *   spec's default is ISO-8859-1); else the first of GB18030, Shift_JIS,
 *   Big5, EUC-KR (CP949) that decodes every text value (warning naming it);
 *   ISO-8859-1 last (it decodes anything). A CA that fails on the bytes
 *   goes through the same order (warning).
 *
 * Plausibility refines "decodes": GB18030 decodes almost any byte string,
 * and Shift_JIS, Big5, EUC-KR or Latin-1 text often decodes in it too.
 * So each candidate that decodes every text is scored on its reading:
 *   - against, heavy (4): C1 controls U+0080..U+009F, private use
 *     (U+E000..U+F8FF, planes 15-16), four-byte GB18030 sequences;
 *   - against (1): a character outside the charset's common repertoire
 *     (GB18030: outside GB2312, a byte < 0xA1; CP932: half-width katakana,
 *     NEC/IBM extensions; CP950: ETEN box drawing; CP949: UHC extension
 *     syllables, a byte < 0xA1), supplementary planes, and a two-byte
 *     character that sits in a Latin word: ASCII letters both before its
 *     lead byte and after it, or its trail byte a letter next to another
 *     ("Gr\xF6\xDFe" is "Größe", not GB "Gr鲞e"; "s\xA4h" not Big5 "s士");
 *   - for (1): a frequent character (a hand-made list of ~900 common
 *     Chinese, Japanese and Korean characters: function words, Go terms,
 *     surnames, common Hangul syllables; kana): a wrong reading of CJK
 *     bytes gives near-random characters, the right one many of these;
 *   - Latin-1 reading: against, a run of 3 or more bytes >= 0x80 (each
 *     byte), a run that touches no ASCII letter, a two-byte run that is
 *     not two letters; for, a run of letters with ASCII letters on both
 *     sides ("Müller").
 * Detection takes the best (for - against) per character, ties going to
 * the detection order (GB18030, CP932, CP950, CP949, Latin-1). A
 * reading is plausible when at most a quarter of its characters weigh
 * against it. Latin-1 means Windows-1252 when some text holds 0x80..0x9F
 * and Windows-1252 decodes them (C1 controls are never meant; WHATWG
 * does the same), else ISO-8859-1.
 *
 * A declared CA that decodes every text is kept, except: a single-byte
 * charset (ISO-8859-x, Windows-125x, ...) when every text is valid UTF-8
 * (UTF-8 software that writes CA[ISO-8859-1]: UTF-8 is used, mismatch);
 * a multibyte CJK charset whose reading is implausible when detection
 * finds a plausible one (MultiGo writes CA[gb2312] whatever the bytes).
 *
 * Declared names are read as a superset used by the writers that produce
 * them: GB2312/GBK/CP936 as GB18030, Shift_JIS/MS_KANJI as CP932 (which
 * also keeps 0x5C a backslash, like the ASCII values that are never
 * converted), Big5 as CP950, EUC-KR/KS_C_5601 as CP949.
 *
 * Only values with bytes >= 0x80 matter: pure ASCII is the same in every
 * supported ASCII-compatible charset, and is never converted.
 */
#ifndef SGF_CHARSET_INT_H
#define SGF_CHARSET_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <sgf/types.h>
#include "arena_int.h"

/* The iconv name for a CA[] value (len bytes, need not be NUL-terminated),
 * matched case-insensitively, ignoring '-', '_', '.', ':', '/' and white
 * space, with the usual aliases ("utf8", "UTF-8", "gb2312", "GB_2312-80",
 * "GBK", "cp936", "MS_KANJI", "SJIS", "x-sjis", "windows-31j",
 * "ISO8859_1", "latin1", "Big5", "EUC_KR", "KS_C_5601-1987", "cp949",
 * "windows-1252", "cp1251", "latin2", "KOI8-R", "UTF-16LE", ...).
 * Canonical names: "UTF-8", "ISO-8859-1".."ISO-8859-16", "WINDOWS-1250"..
 * "WINDOWS-1258", "GB18030", "CP932", "CP950", "BIG5-HKSCS", "CP949",
 * "EUC-JP", "EUC-TW", "UTF-16LE", "UTF-16BE", "UTF-16", "KOI8-R", ...
 * Static storage (compare with strcmp); NULL when the name is unknown. */
const char *sgf__charset_canonical(const char *name, size_t len);

/* True for charsets whose second byte of a two-byte character can be '\'
 * (0x5C) or ']' (0x5D): CP932 (Shift_JIS), GB18030 (GBK), CP950 (Big5),
 * BIG5-HKSCS. The lexer then skips the byte after a lead byte inside
 * values: 0x81..0xFE, except in CP932 where 0xA1..0xDF are one-byte
 * half-width katakana (leads: 0x81..0x9F, 0xE0..0xFC). CP949 (UHC) is
 * safe: its trail bytes are 0x41..0x5A, 0x61..0x7A, 0x81..0xFE. */
bool sgf__charset_is_multibyte_unsafe(const char *canonical);

/* False for charsets in which ASCII bytes do not stand for themselves
 * (UTF-16): their values must be converted even when every byte is
 * < 0x80. True for NULL and unknown names. */
bool sgf__charset_is_ascii_compatible(const char *canonical);

/* The family of a canonical name (what detection and scoring need);
 * SGF__CSF_UNKNOWN for NULL and names sgf__charset_canonical never
 * returns. */
typedef enum sgf__cs_family {
    SGF__CSF_UNKNOWN = 0,
    SGF__CSF_UTF8,
    SGF__CSF_LATIN,       /* ISO-8859-1 */
    SGF__CSF_CP1252,      /* WINDOWS-1252 */
    SGF__CSF_SINGLE,      /* other single-byte charsets */
    SGF__CSF_GB,          /* GB18030 */
    SGF__CSF_SJIS,        /* CP932 */
    SGF__CSF_BIG5,        /* CP950 */
    SGF__CSF_UHC,         /* CP949 */
    SGF__CSF_MULTI,       /* other ASCII-compatible multibyte charsets */
    SGF__CSF_WIDE         /* UTF-16: not ASCII-compatible */
} sgf__cs_family;

sgf__cs_family sgf__charset_family(const char *canonical);

/* Kinds of two-byte charsets whose trail byte can be '\' or ']', as the
 * lexer scans them: none; CP932 (Shift_JIS) leads; GBK/GB18030/Big5
 * leads (0x81-0xFE). */
enum { SGF__MB_NONE = 0, SGF__MB_SJIS = 1, SGF__MB_DBCS = 2 };

/* How the lexer and the unescaper pair the bytes of values in a charset,
 * the one place that tells: SGF__MB_NONE no pairing; SGF__MB_SJIS CP932
 * lead bytes (0x81-0x9F, 0xE0-0xFC; 0xA1-0xDF are one-byte katakana)
 * take the next byte; SGF__MB_DBCS GBK, GB18030, CP950, BIG5-HKSCS lead
 * bytes (0x81-0xFE) take the next byte. SGF__MB_NONE for NULL and
 * unknown names. */
int sgf__charset_pair_kind(const char *canonical);

/* The static canonical string (the one sgf__charset_canonical returns)
 * for a canonical name held elsewhere; NULL when name is not one. */
const char *sgf__charset_static(const char *name);

/* Valid UTF-8 (RFC 3629: no overlongs, no surrogates, <= U+10FFFF)? */
bool sgf__utf8_valid(const char *s, size_t n);

/* Every byte < 0x80? */
bool sgf__is_ascii(const char *s, size_t n);

/* A game's iconv descriptors, one per source charset, reused across its
 * values. iconv_open is costly (detection without CA opens the GB18030,
 * CP932, CP950 and CP949 converters: about 300 us in all when glibc loads
 * their modules afresh), so a release gives the descriptors back to a
 * process-wide pool (charset.c) that the next game, of any file and any
 * thread, takes them from. Caller-owned; 8 slots, the last given back
 * when full. */
typedef struct sgf__conv {
    const char *from[8];   /* canonical names (static storage) */
    void *cd[8];           /* iconv_t */
    int n;
} sgf__conv;

void sgf__conv_init(sgf__conv *cv);
void sgf__conv_release(sgf__conv *cv);

/* Convert n bytes from charset `from` (a name sgf__charset_canonical
 * returns) to UTF-8, appending to out (NUL-terminated after its len).
 * Returns 0 when every byte converted; 1 when some byte sequence is not
 * valid in `from` or is cut short at the end (out's length is restored to
 * what it was: nothing is dropped or replaced); -1 when `from` is not a
 * canonical name or iconv does not know it; SGF_ENOMEM. For UTF-16, bytes
 * that are all printable ASCII with no NUL also give 1: they are ASCII
 * text under a charset that does not fit it (as UTF-16 they would read
 * as CJK characters). UTF-8 (validated),
 * ISO-8859-1, Windows-1252 and pure ASCII in an ASCII-compatible charset
 * never touch iconv. */
int sgf__conv_to_utf8(sgf__conv *cv, const char *from, const char *in,
                      size_t n, sgf__buf *out);

typedef enum sgf__charset_verdict {
    SGF__CS_DECLARED = 0,   /* CA given and it fits (or nothing non-ASCII) */
    SGF__CS_DEFAULT,        /* no CA, and nothing non-ASCII or the texts
                               read best as ISO-8859-1 (no warning) */
    SGF__CS_GUESSED,        /* no CA; detected charset (warn) */
    SGF__CS_MISMATCH,       /* CA given but the bytes do not fit it;
                               another charset fits (warn) */
    SGF__CS_UNKNOWN_NAME,   /* CA names an unknown charset; detection used
                               (warn) */
    SGF__CS_NONE_FITS       /* no plausible reading decodes every text:
                               *chosen is the declared charset (when it
                               decodes some text) or UTF-8 (no CA, at
                               least half the texts valid UTF-8); the
                               values that do not decode are errors */
} sgf__charset_verdict;

/* Choose the charset for one game. declared = the CA[] value (raw, may be
 * NULL/0 length/blank = no CA); texts = the game's text values (escapes
 * removed) that hold bytes >= 0x80. *chosen gets a canonical name (static
 * storage); without texts it is the declared one, or ISO-8859-1; a
 * declared ISO-8859-1 may give WINDOWS-1252 (see above). Every text
 * decodes in *chosen except with NONE_FITS, and with UNKNOWN_NAME when
 * it chose UTF-8 for most texts: each value that does not decode is then
 * an error (its bytes kept). Returns the verdict, or SGF_ENOMEM. */
int sgf__charset_choose(sgf__conv *cv, const char *declared,
                        size_t declared_len, const sgf_str *texts,
                        size_t ntexts, const char **chosen);

/* The same, for texts whose bytes depend on the charset: a value with an
 * escape after a byte >= 0x80 loses other backslashes when its lead bytes
 * pair with the next byte (sgf__charset_pair_kind) than when they do not.
 * texts[k] holds the game's texts as read with pair kind k (same count,
 * same order); each candidate charset is judged on the texts of its own
 * kind, which are the bytes its conversion will get, so that a chosen
 * charset decodes every text it was chosen for. */
int sgf__charset_choose_kinds(sgf__conv *cv, const char *declared,
                              size_t declared_len,
                              const sgf_str *const texts[3], size_t ntexts,
                              const char **chosen);

#endif
