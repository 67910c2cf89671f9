/*
 * parse_int.h - what the parser's two files share: parse.c (the grammar,
 * nodes, properties and games) and parse_scan.c (where a value ends, in
 * a two-byte charset too; the charset of a root read ahead; the prescan
 * of the input). Not installed.
 */
#ifndef SGF_PARSE_INT_H
#define SGF_PARSE_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The input being read. */
typedef struct sgf__text {
    const char *s;
    size_t n;
} sgf__text;

/* Byte classes: one table lookup per byte in the hot loops. */
enum { SGF__C_WS = 1, SGF__C_LETTER = 2 };
extern const uint8_t sgf__byte_class[256];

static inline bool sgf__is_ws(unsigned char ch)
{
    return sgf__byte_class[ch] & SGF__C_WS;
}

static inline bool sgf__is_letter(unsigned char ch)
{
    return sgf__byte_class[ch] & SGF__C_LETTER;
}

static inline size_t sgf__skip_ws(const char *s, size_t n, size_t i)
{
    while (i < n && sgf__is_ws((unsigned char)s[i]))
        i++;
    return i;
}


/* Does SGF structure follow offset i: the end, ';', '(', ')', the '['
 * of another value, or a property identifier with its '['? */
bool sgf__structure_follows(const sgf__text *t, size_t i);

/* The offset of the ']' that closes the value whose '[' is at i, its
 * bytes lexed as mb (SGF__MB_*) says (where a ']' after a lead byte ends
 * the value: parse_scan.c, sgf/parse.h); t->n when the input ends
 * first. */
size_t sgf__scan_value_as(const sgf__text *t, size_t i, uint8_t mb);

/* The charset a CA value names (its raw bytes, escapes removed as the
 * writer writes it back), or NULL. */
const char *sgf__ca_charset(const char *raw, size_t len);

/* The compression or archive format whose signature s[0..n) starts
 * with ("gzip", "bzip2", "xz", "zstd", "zip", "7z"), or NULL; *suffix
 * (when suffix is not NULL): the end of a name the tools read as that
 * format (".sgf.gz", ".zip"). No SGF text starts so: all but bzip2's
 * are bytes no text holds, and bzip2's ten ("BZh", a block size, then
 * the block magic "1AY&SY") are a word no record begins with. */
const char *sgf__packed_format(const char *s, size_t n,
                               const char **suffix);

/* Is a byte of s[from..to) 0x81 or more? */
bool sgf__has_high_byte(const char *s, size_t from, size_t to);

/* The charset the root of the game tree starting at i (its '(', or its
 * first ';') declares, read ahead, or NULL; *ca_at: the offset of the CA
 * value's '[', SIZE_MAX when none. */
const char *sgf__root_charset_ahead(const sgf__text *t, size_t i,
                                    size_t *ca_at);

/* Does lexing t's bytes [from, to) as pair kind a or b put a value's end
 * in different places? */
bool sgf__kinds_may_differ(const sgf__text *t, size_t from, size_t to,
                           int a, int b);

/* The pair kind for games without CA (the whole input looked at once),
 * *ascii: no byte >= 0x80; *nul: a NUL byte before the first that is. */
/* Whoever reads the prescan may hand back the pages of what it has
 * scanned (a mapped input): fn(payload, from, to) after each window. */
typedef struct sgf__prescan_drop {
    void (*fn)(void *payload, size_t from, size_t to);
    void *payload;
} sgf__prescan_drop;
uint8_t sgf__prescan_multibyte(const sgf__text *t, bool *ascii, bool *nul,
                               const sgf__prescan_drop *d);

/* What a cut (sgf/parse.h) of an input of len bytes carries for the
 * reading of the part after it (parse_cut.c): the line state at the
 * start of its block (block), and the prescan's facts of the whole
 * input (mb: the pair kind for games without CA; plain: ASCII, no NUL).
 * SGF_OK, or SGF_EINVAL when cut was not made for such an input. The
 * sgf__linemark type is tree_int.h's. */
struct sgf__linemark;
struct sgf_cut;
int sgf__cut_state(const struct sgf_cut *cut, size_t len,
                   struct sgf__linemark *m, size_t *block, uint8_t *mb,
                   bool *plain);
/* A cut at offset (a game tree's end, games before it) from the line
 * state m at the start of its block and the facts, for an input of len
 * bytes (parse_cut.c). */
void sgf__cut_pack(struct sgf_cut *cut, size_t offset, size_t games,
                   const struct sgf__linemark *m, uint8_t mb, bool plain,
                   size_t len);

#endif
