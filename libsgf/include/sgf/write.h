/*
 * sgf/write.h - writing a collection back as normalized FF[4] SGF.
 *
 * The normal form follows SGFC's (A. Hollosi's SGF syntax checker and
 * converter), the reference for "clean" SGF, with these rules:
 *
 *   - Game trees one after another, each starting on a new line with
 *     "(;" and ending with ")" and a line break.
 *   - The root node first holds, in this order, FF CA GM SZ AP ST (those
 *     present; FF[4] and CA[UTF-8] always; CA before any other value, as
 *     SGFC writes it, since it tells how to read them), then on a new
 *     line the
 *     game-info properties, then on a new line the other properties, both
 *     in file order. Other nodes keep their properties in file order.
 *   - One exception to FF[4]: when a Go game of the collection holds a
 *     property of FF[1]-FF[3] only (L, M, LT, ...: SGF_PF_OBSOLETE),
 *     which FF[4] does not define and flags, the games that were not
 *     FF[4] are written without FF: read like a file without FF (as FF[4]
 *     with the FF[3] forms allowed), they keep the meaning they had.
 *   - Identifiers in capitals ("AddBlack" and "aB" are written "AB"). A
 *     property repeated in a node was merged on reading (an error, no
 *     value lost); it is written once with all its values, as any
 *     property: the output depends only on what the tree holds, so a
 *     tree read from SGF and the same tree read from XML are written
 *     byte for byte the same. (Read back, a property that takes one
 *     value and holds several is the same error, said as value-count.)
 *   - Values are written from their decoded form (sgf_prop_text): text
 *     in UTF-8, line breaks of Text values as plain line breaks, no soft
 *     line breaks. Escapes only where needed: ']' and '\' always, and ':'
 *     in composed values (LB, AP, SZ, AR, LN, FG, compressed point lists)
 *     everywhere except at the separator. In values of unknown
 *     properties a ':' keeps the escape it had in the file, and so does a
 *     line break (a soft line break, '\' and a newline, stays soft):
 *     their type, and so the meaning of ':' and of a soft line break, is
 *     unknown. Values whose bytes decode
 *     in no charset (sgf_prop_is_undecodable) are written back byte for
 *     byte, never dropped.
 *   - Guarded values: a value whose bytes are not UTF-8 (undecodable
 *     bytes, undecoded text of a syntax-only reading) or that is written
 *     in a two-byte charset (Shift_JIS, GBK, Big5: a byte from 0x81 up
 *     takes the next one with it, and trail bytes may be '\' 0x5C or
 *     ']' 0x5D) is escaped so that every reader finds the same value
 *     boundaries and the same bytes, whether it reads escapes byte by
 *     byte or pairs two-byte characters: besides the escapes above, each
 *     byte of a run of bytes from 0x80 up that an escape or the closing
 *     ']' follows gets a '\' (the Shift_JIS character 0x95 0x5C at the
 *     end of a value is written as four bytes: \ 0x95 \ \). No
 *     unescaped high byte is then followed by '\' or ']'. Every value,
 *     whatever its origin (SGF, XML, a program), is written this way.
 *   - Passes in Go games as "[]" ("[tt]" on boards up to 19x19 and
 *     blank values become "[]"; SGF_WRITE_PASS_TT writes "[tt]").
 *   - Point lists as they were (compressed ranges stay, single points
 *     stay), unless SGF_WRITE_EXPAND_POINTS or SGF_WRITE_COMPRESS_POINTS.
 *   - Lines are filled up to a width (79 bytes by default) and broken
 *     between nodes when a node does not fit on the current line, inside a
 *     node between properties or values when the node is longer than the
 *     width. A value longer than the width makes a longer line. Each
 *     variation "(" starts a new line.
 *
 * Round trip: parsing the output gives the
 * same tree as the one written (same nodes, identifiers and decoded
 * values; root FF and CA excepted, and passes, which may change form) and
 * no diagnostic code more often than the first parse gave it. Writing
 * the tree read back gives the same bytes again.
 *
 * A collection read with SGF_PARSE_SYNTAX_ONLY holds undecoded text: its
 * values are written as read (escapes normalized, guarded when not
 * UTF-8 or two-byte) and the root CA is kept,
 * not replaced by UTF-8. A game without CA but with non-ASCII text gets
 * the CA its reading implied, so that it reads back the same way (without
 * a CA the parser guesses from the bytes, and the escapes written can
 * change the guess): CA[Shift_JIS] or CA[GBK] when the parser took the
 * bytes for a two-byte charset, CA[UTF-8] when they are valid UTF-8, else
 * CA[ISO-8859-1], the spec's default.
 *
 * The writer never recurses: a tree with 100,000 nested variations costs
 * no stack. It does not change the collection; several threads may write
 * the same collection at once.
 */
#ifndef SGF_WRITE_H
#define SGF_WRITE_H

#include <stdio.h>
#include <sgf/types.h>
#include <sgf/tree.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A growable string owned by the caller (usually on the stack). After
 * sgf_strbuf_init, ptr is NULL and len 0; once something was appended,
 * ptr holds len bytes followed by a NUL (the bytes themselves may hold
 * NULs: SGF values can). The caller may set len to 0 to reuse the
 * memory. sgf_strbuf_release frees it and leaves the buffer as after
 * init. */
typedef struct sgf_strbuf {
    char *ptr;
    size_t len;
    size_t cap;
} sgf_strbuf;

#define SGF_STRBUF_INIT { NULL, 0, 0 }

SGF_API void sgf_strbuf_init(sgf_strbuf *sb);
SGF_API void sgf_strbuf_release(sgf_strbuf *sb);

enum {
    /* Passes as "[tt]" on boards up to 19x19 (the FF[3] form); larger
     * boards keep "[]". */
    SGF_WRITE_PASS_TT = 1u << 0,
    /* Point lists (AB AW AE CR MA SL SQ TR DD VW TB TW and the FF[3]
     * ones) with every compressed range "[aa:bb]" written as its single
     * points, in the order of the ranges. */
    SGF_WRITE_EXPAND_POINTS = 1u << 1,
    /* Point lists written as few values as the greedy row-first cover
     * gives: "[aa:cc]" for a rectangle, "[aa]" for a point; duplicates
     * dropped. Values that are not points are kept after them. Wins over
     * SGF_WRITE_EXPAND_POINTS; ignored in FF[1]-FF[3] games (no ranges
     * there). */
    SGF_WRITE_COMPRESS_POINTS = 1u << 2
};

#define SGF_WRITE_OPTIONS_VERSION 1
#define SGF_WRITE_DEFAULT_WIDTH 79

typedef struct sgf_write_options {
    int version;        /* SGF_WRITE_OPTIONS_VERSION */
    unsigned flags;     /* SGF_WRITE_* */
    int line_width;     /* bytes per line; 0 = SGF_WRITE_DEFAULT_WIDTH */
} sgf_write_options;

#define SGF_WRITE_OPTIONS_INIT { SGF_WRITE_OPTIONS_VERSION, 0, 0 }

/* Fill *o with the defaults of options version `version` (the same values
 * as SGF_WRITE_OPTIONS_INIT), for callers that cannot use the macro (bindings,
 * other languages) or want the library's own defaults at run time.
 * version is the SGF_WRITE_OPTIONS_VERSION the caller was built with.
 * Returns 0; SGF_EINVAL when o is NULL or the library does not know that
 * version (*o unchanged). */
SGF_API int sgf_write_options_init(sgf_write_options *o, unsigned version);

/* Write every game tree of a collection to fp, in order. opts may be NULL
 * for the defaults. Returns 0; SGF_EIO when writing to fp failed (errno
 * as fwrite left it; part of the output may have been written);
 * SGF_ENOMEM; SGF_EINVAL when fp or c is NULL, the options version is
 * unknown or line_width is negative. fp is not closed nor flushed. */
SGF_API int sgf_write_collection(FILE *fp, const sgf_collection *c,
                                 const sgf_write_options *opts);

/* Write one game tree to fp. Same returns as sgf_write_collection. */
SGF_API int sgf_write_game(FILE *fp, const sgf_game *g,
                           const sgf_write_options *opts);

/* Append the collection, or one game tree, to a caller-owned buffer.
 * Returns 0, SGF_ENOMEM (out keeps what was appended before the failure)
 * or SGF_EINVAL (a NULL argument, bad options). */
SGF_API int sgf_write_collection_str(sgf_strbuf *out,
                                     const sgf_collection *c,
                                     const sgf_write_options *opts);
SGF_API int sgf_write_game_str(sgf_strbuf *out, const sgf_game *g,
                               const sgf_write_options *opts);

#ifdef __cplusplus
}
#endif
#endif
