/*
 * charset_int.h - charsets of SGF text values (CA[], FF[4] spec "CA"):
 * name lookup with the usual aliases, UTF-8 validation, conversion to
 * UTF-8 with iconv, and the detection policy of DECISIONS.md:
 *
 *   with CA: use it if every text value of the game decodes in it;
 *   without CA: UTF-8 if every text value is valid UTF-8 (warning, since the
 *   spec's default is ISO-8859-1); else the first of GB18030, Shift_JIS,
 *   Big5, EUC-KR (CP949) that decodes every text value (warning naming it);
 *   ISO-8859-1 last (it decodes anything). A CA that fails on the bytes
 *   goes through the same order (warning).
 *
 * Only values with bytes >= 0x80 matter: pure ASCII is the same in every
 * supported charset, and is never converted.
 */
#ifndef SGF_CHARSET_INT_H
#define SGF_CHARSET_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <sgf/types.h>
#include "arena_int.h"

/* The iconv name for a CA[] value, matched case-insensitively with the
 * usual aliases ("utf8", "UTF-8", "gb2312", "GBK", "cp936", "MS_KANJI",
 * "SJIS", "ISO8859_1", "latin1", "Big5", "EUC-KR", "cp949", "KS_C_5601",
 * "windows-1252", ...), surrounding spaces ignored. Static storage; NULL
 * when the name is unknown. */
const char *sgf__charset_canonical(const char *name, size_t len);

/* True for charsets whose second byte of a two-byte character can be '\'
 * (0x5C) or ']' (0x5D): Shift_JIS, GBK/GB18030/CP936, Big5, CP949/UHC. The
 * lexer then skips the byte after any byte >= 0x81 inside values. */
bool sgf__charset_is_multibyte_unsafe(const char *canonical);

/* Valid UTF-8 (RFC 3629: no overlongs, no surrogates, <= U+10FFFF)? */
bool sgf__utf8_valid(const char *s, size_t n);

/* Every byte < 0x80? */
bool sgf__is_ascii(const char *s, size_t n);

/* A cache of iconv descriptors, one per source charset, reused across
 * values and games (iconv_open is costly). Caller-owned. */
typedef struct sgf__conv {
    const char *from[8];   /* canonical names (static storage) */
    void *cd[8];           /* iconv_t */
    int n;
} sgf__conv;

void sgf__conv_init(sgf__conv *cv);
void sgf__conv_release(sgf__conv *cv);

/* Convert n bytes from charset `from` (canonical) to UTF-8, appending to
 * out. Returns 0 when every byte converted; 1 when some byte sequence is
 * not valid in `from` (out's length is restored to what it was); -1 when
 * iconv does not know `from`; SGF_ENOMEM. */
int sgf__conv_to_utf8(sgf__conv *cv, const char *from, const char *in,
                      size_t n, sgf__buf *out);

typedef enum sgf__charset_verdict {
    SGF__CS_DECLARED = 0,   /* CA given and it fits (or nothing non-ASCII) */
    SGF__CS_DEFAULT,        /* no CA, nothing non-ASCII, or ISO-8859-1 fits
                               where ... (no warning) */
    SGF__CS_GUESSED,        /* no CA; detected charset (warn) */
    SGF__CS_MISMATCH,       /* CA given but the bytes do not fit it;
                               another charset fits (warn) */
    SGF__CS_UNKNOWN_NAME,   /* CA names an unknown charset; detection used
                               (warn) */
    SGF__CS_NONE_FITS       /* no candidate decodes everything; ISO-8859-1
                               used, or the declared one where it decodes
                               most (error per undecodable value) */
} sgf__charset_verdict;

/* Choose the charset for one game. declared = the CA[] value (raw, may be
 * NULL/0 length); texts = the game's text values (escapes removed) that
 * hold bytes >= 0x80. *chosen gets a canonical name (static storage).
 * Returns the verdict, or SGF_ENOMEM. */
int sgf__charset_choose(sgf__conv *cv, const char *declared,
                        size_t declared_len, const sgf_str *texts,
                        size_t ntexts, const char **chosen);

#endif
