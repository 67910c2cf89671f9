/*
 * sgf/parse.h - reading SGF bytes into a collection.
 *
 * The parser follows the FF[4] grammar (spec section 2) and reads what real
 * FF[1]-FF[3] files contain. It never recurses (deep variation trees cannot
 * overflow the stack), keeps going after faults and reports each one once,
 * with its position, as a diagnostic. Unless told otherwise it then runs
 * the property layer over every game: charset detection and text decoding
 * (CA[], iconv), value decoding and the FF[4] placement and value checks.
 * Thread-safe: parses of different inputs may run at once. The iconv
 * converters a game opened wait in a small process-wide pool for the next
 * game of any thread (mutex-guarded; at most 16, until the process ends):
 * glibc would otherwise load and unload their modules game after game.
 *
 * Where a value ends in a two-byte charset. In Shift_JIS (CP932), GBK
 * (GB2312, GB18030) and Big5 the second byte of a two-byte character may
 * be ']' or '\'. Writers that follow the spec escape it, others do not,
 * and a record labelled with such a charset may hold bytes of another
 * (Latin-1 "Jos\xE9]" under CA[GB2312]). While a game's values are read
 * for such a charset (its CA[], read ahead of the root's other values,
 * the caller's charset, or a file-wide guess when no game declares one),
 * a ']' that follows a lead byte (lead ']', or lead '\' ']') ends the
 * value unless reading it so is the worse parse:
 *
 *   reading the ']' as the value's end is worse when SGF structure does
 *   not follow it (after white space: the end of the input, ';', '(',
 *   ')', '[', or a property identifier and its '['), while reading it as
 *   the second byte of the character the value goes on to a ']' that SGF
 *   structure follows.
 *
 * When both readings have a fault, the ']' ends the value and the fault
 * is reported where it is: no property vanishes into the value before
 * it without a diagnostic at its position. When the property layer then
 * reads the game's text in a charset whose bytes pair otherwise (a CA[]
 * the bytes do not fit, a detected charset), the game tree is read again
 * with its values ended as that charset says, and checked once more;
 * its diagnostics (and on_diag calls) are those of the second reading
 * only. If that charset does not decode the values as it ends them (it
 * was judged on the first reading's values), the game is read a third
 * time as ISO-8859-1, which decodes any bytes, and its diagnostics are
 * those of the third reading. Cost: at most three times the reading of
 * such a game.
 */
#ifndef SGF_PARSE_H
#define SGF_PARSE_H

#include <sgf/types.h>
#include <sgf/diag.h>
#include <sgf/tree.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    /* Syntax only: no property checks, no charset decoding (sgf_prop_text
     * then gives the raw bytes with escapes removed). */
    SGF_PARSE_SYNTAX_ONLY = 1u << 0
};

typedef struct sgf_parse_options {
    int version;                 /* SGF_PARSE_OPTIONS_VERSION */
    unsigned flags;              /* SGF_PARSE_* */
    /* Called for each diagnostic as it is found (may be NULL), except
     * those left out (max_diags below). In an input that holds bytes
     * >= 0x80 or NUL bytes, those of each game are passed once the game
     * has been read (it may be read twice: see the top of this file).
     * The diag and its message are valid during the call only... and
     * afterwards in the collection's list. */
    void (*on_diag)(void *payload, const sgf_diag *d);
    void *payload;
    /* Charset to assume for every game instead of CA[]/detection (iconv
     * name), or NULL. */
    const char *charset;
    /* At most this many diagnostics of each code are kept per input; the
     * others are counted (sgf_collection_diags_left_out), not listed, and
     * on_diag is not called for them. 0 = SGF_PARSE_MAX_DIAGS. (Options
     * version 2; a version 1 struct ends before this field.) */
    unsigned max_diags;
} sgf_parse_options;

/* The default cap of diagnostics of each code per input: real records
 * give at most a few hundred of one code (a file of 2,000 records in all
 * gave 222), a hostile one millions, which would be as many lines of
 * output and about 100 bytes of memory each. With some 70 codes the
 * list holds at most about 70,000 diagnostics. */
#define SGF_PARSE_MAX_DIAGS 1000u

/* The largest input read whole (1 GiB): a tree takes 25 to 40 bytes of
 * memory per input byte (the most for short nodes: ;B[] takes some 150
 * bytes). Read one game tree at a time (the _each forms
 * below) an input may be up to 4 GiB - 2 (offsets are 32-bit). Larger
 * inputs, and endless ones (/dev/zero), fail with SGF_EIO and errno
 * EFBIG. */
#define SGF_PARSE_MAX_INPUT ((size_t)1 << 30)

#define SGF_PARSE_OPTIONS_VERSION 2
#define SGF_PARSE_OPTIONS_INIT \
    { SGF_PARSE_OPTIONS_VERSION, 0, NULL, NULL, NULL, 0 }

/* Fill *o with the defaults of options version `version` (the same values
 * as SGF_PARSE_OPTIONS_INIT), for callers that cannot use the macro (bindings,
 * other languages) or want the library's own defaults at run time.
 * version is the SGF_PARSE_OPTIONS_VERSION the caller was built with; version 1 fills the fields of a version 1 struct only (it ends before
 * max_diags).
 * Returns 0; SGF_EINVAL when o is NULL or the library does not know that
 * version (*o unchanged). */
SGF_API int sgf_parse_options_init(sgf_parse_options *o, unsigned version);

/* Parse len bytes at buf (copied; buf may be freed afterwards). opts may be
 * NULL for the defaults. On success *out is a new collection (even for
 * input with faults: see its diagnostics), to be freed with
 * sgf_collection_free. Bytes that start with the signature of
 * compressed data or an archive (gzip, bzip2, xz, zstd, zip, 7z) are
 * not read as SGF: the collection has no game and one diagnostic,
 * SGF_D_NO_GAME_TREE, naming the format. Errors: SGF_ENOMEM (*out = NULL), SGF_EINVAL
 * (out NULL, buf NULL with len > 0 (NULL, 0 is the empty input), or an
 * options version other than 1 and 2). */
SGF_API int sgf_parse_buffer(sgf_collection **out, const char *buf,
                             size_t len, const sgf_parse_options *opts);

/* Read all of an open file descriptor (a file, a pipe, stdin) and parse it
 * as sgf_parse_buffer does: from its offset (a file another program read
 * some of) to its end, where its offset is left, as read(2) leaves it;
 * positions count from where the reading started. The descriptor is not
 * closed (the _each form reads and leaves it the same way). Errors as above,
 * plus SGF_EIO (errno set) when reading fails, with errno EFBIG when the
 * input is larger than SGF_PARSE_MAX_INPUT. */
SGF_API int sgf_parse_fd(sgf_collection **out, int fd,
                         const sgf_parse_options *opts);

/* Open, read and parse a file. Errors as sgf_parse_fd, plus SGF_EIO when
 * it cannot be opened (errno set: ENOENT, EACCES, EISDIR, ...). */
SGF_API int sgf_parse_file(sgf_collection **out, const char *path,
                           const sgf_parse_options *opts);

/* --- one game tree at a time ---------------------------------------------
 *
 * For large collections (an archive of many games in one file) and for
 * tools that handle each game on its own, the _each functions hand every
 * game tree to a callback as soon as it is read and checked, then release
 * its memory: memory stays that of one game, however many games the input
 * holds and however large it is. On Linux an input of 1 MiB or more (a
 * regular file, or a pipe's bytes spooled to an unlinked temporary file
 * in $TMPDIR, else /tmp, once they pass 4 MiB) is mapped rather than
 * copied, and the pages of the games already handed over are given back
 * to the kernel (they are read again from the file if touched: the first
 * game's values stay valid). The line and column of an offset in a game
 * already released may then be unknown (sgf_collection_pos gives line 0);
 * the diagnostics handed over with each game have theirs. A mapped file
 * that another program shortens while it is read raises SIGBUS (the
 * tools catch it: exit status 2).
 *
 * fn(payload, c, g) is called for each game tree in file order with g the
 * game (its index, sgf_game_index, counts every game tree of the input),
 * and once at the end with g NULL. At each call the collection's
 * diagnostics (sgf_collection_diag) are those found since the previous
 * call: syntax faults of the game and text before it, then its property
 * checks; at the NULL call, what followed the last game (junk after it,
 * "no game tree found"). Diagnostics added during the call (for instance
 * by sgf_replay_run) join the same list. When fn returns, the game, its
 * nodes, properties, values and the listed diagnostics are released;
 * sgf_collection_game(c, i) of a released game returns NULL. The first
 * game is kept to the end (later games are checked against it: FF, GM
 * and CA of a mixed collection). fn returns 0
 * to go on, anything else to stop reading (no further call is made, not
 * even the NULL one). The collection must not be freed by fn.
 *
 * Returns SGF_OK (also after fn stopped the reading), SGF_ENOMEM, or
 * SGF_EINVAL (fn NULL, buf NULL with len > 0, unknown options version);
 * the _fd and _file forms also fail as sgf_parse_fd and sgf_parse_file
 * do (SGF_EIO with errno). Nothing is called when reading fails before
 * parsing starts. */
typedef int (*sgf_game_fn)(void *payload, sgf_collection *c,
                           sgf_game *g);

SGF_API int sgf_parse_buffer_each(const char *buf, size_t len,
                                  const sgf_parse_options *opts,
                                  sgf_game_fn fn, void *payload);
SGF_API int sgf_parse_fd_each(int fd, const sgf_parse_options *opts,
                              sgf_game_fn fn, void *payload);
SGF_API int sgf_parse_file_each(const char *path,
                                const sgf_parse_options *opts,
                                sgf_game_fn fn, void *payload);

/* sgf_parse_fd_each for a descriptor the caller has just fstat()ed (a
 * tool that opened its input to tell a file from a folder): st is that
 * fstat's result for fd, whose st_mode and st_size are used instead of
 * a second fstat (one system call less per file). A regular file is
 * read as sgf_parse_fd_each reads it, st_size bytes (what it held at
 * that fstat: bytes written to it later are not read, as they are not
 * after sgf_parse_fd_each's own fstat). st NULL: sgf_parse_fd_each.
 * Errors as
 * sgf_parse_fd_each, with SGF_EIO (errno EFBIG) when st_size is larger
 * than SGF_PARSE_MAX_INPUT. */
struct stat;
SGF_API int sgf_parse_fd_each_stat(int fd, const struct stat *st,
                                   const sgf_parse_options *opts,
                                   sgf_game_fn fn, void *payload);

/* --- a large input read in parts ----------------------------------------
 *
 * A collection of many game trees can be read by several processes or
 * threads at once, each taking the game trees of one part, so that the
 * parts together give exactly what one reading gives (the games, their
 * indexes, the diagnostics with their lines and columns). A cut scan
 * finds quickly where the input may be cut: just after the ')' that
 * closes a game tree, each cut with what the reading of the part after
 * it needs of what lies before (the line there, the game trees before
 * it, what the whole input holds). sgf_parse_fd_part then reads one part.
 *
 * The scan reads the bytes as plain SGF: values, escapes, '(' and ')'.
 * On an input with faults, or whose two-byte characters have ']' or ''
 * for second byte, a cut may not be where the parser, which repairs and
 * knows charsets, ends a game tree. So each part says where it really
 * ended (sgf_part_end): a part is right when it starts where the part
 * before it ended, with as many game trees before it; a part that is not
 * is read again from there (by then the exact place is known).
 *
 * What differs from one reading: each part starts with the counts of its
 * own diagnostics at zero, so the cap of sgf_parse_options.max_diags
 * applies per part (a reader that wants the cap of the whole input
 * applies it to the parts' diagnostics in order); the first game tree
 * of the input is read again, quietly, by every part (later games are
 * checked against it), and a part starts with a position's line known
 * only from its cut on. */

/* A place where an input may be cut: offset, just after the ')' that
 * closes a game tree, and games, the game trees that the scan counted
 * before it. state is for sgf_parse_fd_part only (the line state at the
 * cut and facts of the whole input); a cut is plain data, which may be
 * copied to another process reading the same file. */
typedef struct sgf_cut {
    size_t offset;
    size_t games;
    uint32_t state[8];
} sgf_cut;

typedef struct sgf_cut_scan sgf_cut_scan;

/* Called by a scan with each stretch [from, to) of its input that it has
 * read and will not read again (the same stretch may come more than
 * once): a caller who mapped the input may hand those pages back, so
 * that a scan of any size takes the memory of a few megabytes. */
typedef void (*sgf_cut_drop_fn)(void *payload, size_t from, size_t to);

/* Start a scan of len bytes at buf (the whole input: a mapped file, say;
 * not copied, read as the scan goes, and read whole once here for what
 * the input holds as a whole, as the parser's first look does); drop
 * (may be NULL) is told what it is done with. On success *out is the
 * scan, freed with sgf_cut_scan_free. An input that starts with a UTF-16
 * byte-order mark (converted as a whole when read), or with the
 * signature of compressed data or an archive (gzip, bzip2, xz, zstd,
 * zip, 7z: not read as SGF, see sgf_parse_buffer), has no cut. Errors:
 * SGF_EINVAL (out NULL, buf NULL with len > 0, len of 4 GiB - 1 or more:
 * offsets are 32-bit), SGF_ENOMEM. */
SGF_API int sgf_cut_scan_new(sgf_cut_scan **out, const char *buf,
                             size_t len, sgf_cut_drop_fn drop,
                             void *payload);

/* The next cut at or after offset `after` (cuts come in increasing
 * order; the input's end is never one) into *cut. Returns 1, 0 when the
 * scan reached the input's end, SGF_EINVAL when s or cut is NULL. Time:
 * linear in the bytes scanned. */
SGF_API int sgf_cut_scan_next(sgf_cut_scan *s, size_t after, sgf_cut *cut);

SGF_API void sgf_cut_scan_free(sgf_cut_scan *s);

/* Where a part's reading ended (sgf_parse_fd_part). */
typedef struct sgf_part_end {
    size_t offset;     /* just after its last game tree (or its start when
                          it read none): where the next part must start */
    size_t games;      /* game trees of the input before that offset */
    bool at_end;       /* it read to the input's end: it was the last
                          part, and fn was called with g NULL */
    bool bad_start;    /* the input's first game tree runs past the
                          part's start: the cut is not between game trees
                          (nothing was read) */
    sgf_cut next;      /* unless at_end or bad_start: the cut at offset,
                          from which the next part is read when it did not
                          start there */
} sgf_part_end;

/* Read the game trees of one part of the input fd (a regular file, read
 * from its start whatever the descriptor's offset, and mapped from 1 MiB
 * up as sgf_parse_fd_each maps it), as
 * sgf_parse_fd_each reads them: from the start of the input when `from`
 * is NULL, else from the cut *from (made by sgf_cut_scan_next on the
 * same bytes), up to a game tree that starts at or after offset `stop`,
 * which is left to the next part (SIZE_MAX: to the input's end). fn is
 * called for each game tree read, with its index in the whole input,
 * and with g NULL only when the input's end is reached (end->at_end).
 * Text between game trees is reported with the game tree after it (in
 * the next part when that one starts at or after stop). *end (may be
 * NULL) gets where the reading ended. The cut's offset is taken as the
 * end of a game tree: a part is the same as in a whole reading exactly
 * when the part before it ended there (end->offset, end->games), which
 * the caller checks.
 * Returns what sgf_parse_fd_each returns, and SGF_EINVAL when fd is not
 * a regular file or *from was not made for an input of its size. */
SGF_API int sgf_parse_fd_part(int fd, const sgf_parse_options *opts,
                              const sgf_cut *from, size_t stop,
                              sgf_game_fn fn, void *payload,
                              sgf_part_end *end);

#ifdef __cplusplus
}
#endif
#endif
