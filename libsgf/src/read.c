/*
 * read.c - the entry points of sgf/parse.h: getting the input's bytes into
 * a new collection (from memory, a descriptor or a file; UTF-16 input
 * converted to UTF-8) before parse.c reads them.
 */
#if defined(__linux__)
#define _DEFAULT_SOURCE 1
#endif
#include <errno.h>
#include <fcntl.h>
#include <iconv.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tree_int.h"

/* Inputs read one game tree at a time from this size up are mapped
 * rather than copied, and handed back to the kernel game by game: a
 * collection of any size then takes the memory of one game. Smaller ones
 * are cheaper read. */
#define MAP_MIN ((size_t)1 << 20)

/* Inputs read from a pipe are kept in memory up to this size; beyond it
 * they go to a temporary file, mapped as a file is. */
#define SPOOL_MIN ((size_t)4 << 20)

/* What a parse was asked: options, and the per-game callback of the
 * _each forms (NULL for the whole-collection forms). */
typedef struct request {
    const sgf_parse_options *opts;
    sgf_game_fn fn;
    void *payload;
    const char *const *force_cs;     /* see sgf__parse_buffer_forced */
    size_t nforce_cs;
    /* sgf_parse_fd_part: a part of the input */
    bool part;
    const sgf_cut *part_cut;
    size_t part_stop;
    sgf_part_end *part_end;
} request;

static sgf_collection *collection_new(const request *rq)
{
    const sgf_parse_options *opts = rq->opts;
    sgf__arena a;
    sgf__arena_init(&a);
    sgf_collection *c = sgf__arena_alloc(&a, sizeof *c);
    if (c == NULL)
        return NULL;
    memset(c, 0, offsetof(sgf_collection, marks_inline));
    c->arena = a;
    if (sgf__linepos_init(c) != 0) {
        sgf__arena_free_all(&a);
        return NULL;
    }
    sgf_parse_options defaults = SGF_PARSE_OPTIONS_INIT;
    c->opts = defaults;
    if (opts != NULL && opts->version == 1)    /* before max_diags */
        memcpy(&c->opts, opts, offsetof(sgf_parse_options, max_diags));
    else if (opts != NULL)
        c->opts = *opts;
    c->opts.version = SGF_PARSE_OPTIONS_VERSION;
    c->max_diags = c->opts.max_diags != 0 ? c->opts.max_diags
                                          : SGF_PARSE_MAX_DIAGS;
    c->each = rq->fn;
    c->each_payload = rq->payload;
    c->force_cs = rq->force_cs;
    c->nforce_cs = rq->nforce_cs;
    c->part = rq->part;
    c->part_cut = rq->part_cut;
    c->part_stop = rq->part_stop;
    c->part_end = rq->part_end;
    return c;
}

/* The collection's copy of the input: len bytes plus a NUL. */
static char *input_alloc(sgf_collection *c, size_t len)
{
    if (len >= UINT32_MAX)         /* offsets are 32-bit */
        return NULL;
    char *buf = sgf__arena_alloc_bytes(&c->arena, len + 1);
    if (buf == NULL)
        return NULL;
    buf[len] = '\0';
    c->input = buf;
    c->input_len = len;
    return buf;
}

/* A UTF-16 file (it starts with a byte-order mark) is converted to UTF-8
 * as a whole before reading: every SGF token is ASCII, so nothing else
 * could read it. Offsets and columns then count UTF-8 bytes; lines are the
 * same. Returns 0, 1 when it does not convert, or SGF_ENOMEM. */
static int from_utf16(sgf_collection *c)
{
    const unsigned char *u = (const unsigned char *)c->input;
    const char *from = NULL;
    if (c->input_len >= 2 && u[0] == 0xFF && u[1] == 0xFE)
        from = "UTF-16LE";
    else if (c->input_len >= 2 && u[0] == 0xFE && u[1] == 0xFF)
        from = "UTF-16BE";
    if (from == NULL)
        return 0;
    iconv_t cd = iconv_open("UTF-8", from);
    if (cd == (iconv_t)-1)
        return 1;
    size_t cap = c->input_len / 2 * 3 + 4;
    char *out = sgf__arena_alloc_bytes(&c->arena, cap + 1);
    if (out == NULL) {
        iconv_close(cd);
        return SGF_ENOMEM;
    }
    char *in = (char *)(uintptr_t)c->input + 2, *o = out;
    size_t inleft = c->input_len - 2, outleft = cap;
    size_t r = iconv(cd, &in, &inleft, &o, &outleft);
    int why = errno;
    iconv_close(cd);
    bool cut = r == (size_t)-1 && why == EINVAL && inleft == 1;
    if (r == (size_t)-1 && !cut)
        return 1;                /* not UTF-16 after all: read the bytes */
    *o = '\0';
    c->input = out;
    c->input_len = (size_t)(o - out);
    c->opts.charset = "UTF-8";
    sgf__diag_add_nopos(c, -1, SGF_D_UTF16_INPUT, true,
                        "the file is %s: read as UTF-8 after conversion%s",
                        from, cut ? " (its odd last byte was dropped)"
                                  : "");
    return 0;
}

static int parse_collection(sgf_collection **out, sgf_collection *c)
{
    if (from_utf16(c) == SGF_ENOMEM)
        c->status = SGF_ENOMEM;
    int rc = sgf__parse_run(c);
    if (rc != 0 || c->each != NULL) {
        sgf_collection_free(c);
        c = NULL;
    }
    if (out != NULL)
        *out = c;
    return rc;
}

static bool request_ok(const request *rq)
{
    return rq->opts == NULL || rq->opts->version == 1
        || rq->opts->version == SGF_PARSE_OPTIONS_VERSION;
}

static int parse_buffer(sgf_collection **out, const char *buf, size_t len,
                        const request *rq)
{
    if ((buf == NULL && len > 0) || !request_ok(rq))
        return SGF_EINVAL;
    sgf_collection *c = collection_new(rq);
    if (c == NULL)
        return SGF_ENOMEM;
    char *copy = input_alloc(c, len);
    if (copy == NULL) {
        sgf_collection_free(c);
        return SGF_ENOMEM;
    }
    if (len > 0)
        memcpy(copy, buf, len);
    return parse_collection(out, c);
}

/* Read everything from fd into b. 0, SGF_ENOMEM or SGF_EIO (errno). */
static int read_all(int fd, sgf__buf *b, size_t hint)
{
    if (sgf__buf_grow(b, hint ? hint + 1 : 65536) != 0)
        return SGF_ENOMEM;
    for (;;) {
        if (b->cap - b->len < 4096 && sgf__buf_grow(b, b->cap) != 0)
            return SGF_ENOMEM;
        ssize_t r = read(fd, b->ptr + b->len, b->cap - b->len - 1);
        if (r == 0)
            return 0;
        if (r < 0) {
            if (errno == EINTR)
                continue;
            return SGF_EIO;
        }
        b->len += (size_t)r;
        if (b->len > SGF_PARSE_MAX_INPUT) {  /* /dev/zero, a runaway pipe */
            errno = EFBIG;
            return SGF_EIO;
        }
    }
}

/* Read from fd into b until the end or until b holds at least limit
 * bytes. 0 (the end reached when b->len < limit), SGF_ENOMEM, SGF_EIO. */
static int read_some(int fd, sgf__buf *b, size_t limit)
{
    if (sgf__buf_grow(b, 65536) != 0)
        return SGF_ENOMEM;
    while (b->len < limit) {
        if (b->cap - b->len < 4096 && sgf__buf_grow(b, b->cap) != 0)
            return SGF_ENOMEM;
        ssize_t r = read(fd, b->ptr + b->len, b->cap - b->len - 1);
        if (r == 0)
            return 0;
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return SGF_EIO;
        b->len += (size_t)r;
    }
    return 0;
}

static int write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return SGF_EIO;
        s += w;
        n -= (size_t)w;
    }
    return 0;
}

/* An unlinked temporary file holding what b holds and the rest of fd.
 * The descriptor, or -1 (errno set; EFBIG past the largest input). */
static int spool(int fd, sgf__buf *b, size_t *size)
{
    const char *dir = getenv("TMPDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/sgf-spool.XXXXXX",
             dir != NULL && *dir != '\0' ? dir : "/tmp");
    int t = mkstemp(path);
    if (t < 0)
        return -1;
    unlink(path);
    *size = 0;
    for (;;) {
        if (b->len > 0 && write_all(t, b->ptr, b->len) != 0)
            break;
        *size += b->len;
        if (*size > UINT32_MAX - 1) {
            errno = EFBIG;
            break;
        }
        b->len = 0;
        ssize_t r = read(fd, b->ptr, b->cap - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            break;
        if (r == 0)
            return t;
        b->len = (size_t)r;
    }
    int e = errno;
    close(t);
    errno = e;
    return -1;
}

static int read_regular(sgf_collection *c, int fd, size_t size);

static int parse_spooled(int fd, sgf__buf *b, const request *rq)
{
    size_t size;
    int t = spool(fd, b, &size);
    sgf__buf_release(b);               /* the file holds it all now */
    if (t < 0)
        return SGF_EIO;
    sgf_collection *c = collection_new(rq);
    int rc = SGF_ENOMEM;
    if (c != NULL && sgf__input_map(c, t, size) == 0) {
        rc = parse_collection(NULL, c);
    } else if (c != NULL && size <= SGF_PARSE_MAX_INPUT
               && lseek(t, 0, SEEK_SET) == 0
               && (rc = read_regular(c, t, size)) == 0) {
        rc = parse_collection(NULL, c);      /* no mapping: read it */
    } else if (c != NULL) {
        if (size > SGF_PARSE_MAX_INPUT)
            errno = EFBIG;
        sgf_collection_free(c);
        rc = rc == SGF_ENOMEM ? SGF_EIO : rc;
    }
    int e = errno;
    close(t);                    /* the mapping keeps the file's pages */
    errno = e;
    return rc;
}

/* A regular file is read straight into the collection's copy. */
static int read_regular(sgf_collection *c, int fd, size_t size)
{
    char *buf = input_alloc(c, size);
    if (buf == NULL)
        return SGF_ENOMEM;
    size_t got = 0;
    while (got < size) {
        ssize_t r = read(fd, buf + got, size - got);
        if (r == 0)
            break;                  /* the file shrank */
        if (r < 0) {
            if (errno == EINTR)
                continue;
            return SGF_EIO;
        }
        got += (size_t)r;
    }
    buf[got] = '\0';
    c->input_len = got;
    return 0;
}

static int parse_regular(sgf_collection **out, int fd, size_t size,
                         const request *rq)
{
    sgf_collection *c = collection_new(rq);
    if (c == NULL)
        return SGF_ENOMEM;
    if (rq->fn != NULL && size >= MAP_MIN
        && sgf__input_map(c, fd, size) == 0) {
        (void)lseek(fd, (off_t)size, SEEK_SET);  /* read, as by read() */
        return parse_collection(out, c);
    }
    int rc = read_regular(c, fd, size);
    if (rc != 0) {
        int e = errno;
        sgf_collection_free(c);
        errno = e;
        return rc;
    }
    return parse_collection(out, c);
}

/* The largest input: one read whole is held whole, as a tree of about
 * 20 bytes per input byte; one read game by game is mapped, and only
 * the 32-bit offsets bound it. */
static uint64_t max_input(const request *rq)
{
    return rq->fn != NULL ? (uint64_t)UINT32_MAX - 1
                          : (uint64_t)SGF_PARSE_MAX_INPUT;
}

/* A pipe (standard input) read game by game: kept in memory when it is
 * small, else spooled to an unlinked temporary file ($TMPDIR, else /tmp)
 * that is then mapped as a file is, so memory stays that of one game. */
static int parse_stream(int fd, const request *rq)
{
    sgf__buf b = SGF__BUF_INIT;
    int rc = read_some(fd, &b, SPOOL_MIN);
    if (rc == 0 && b.len < SPOOL_MIN)        /* all of it, and small */
        rc = parse_buffer(NULL, b.ptr, b.len, rq);
    else if (rc == 0)
        rc = parse_spooled(fd, &b, rq);
    int e = errno;
    sgf__buf_release(&b);
    errno = e;
    return rc;
}
static int parse_fd(sgf_collection **out, int fd, const struct stat *st,
                    const request *rq)
{
    struct stat own;
    if (fd < 0 || !request_ok(rq))
        return SGF_EINVAL;
    if (st == NULL && fstat(fd, &own) == 0)
        st = &own;
    /* a regular file read from where its offset is (standard input
     * after another program read some of it): from there on, as from a
     * pipe; from its start (the usual case), mapped or read whole. Only
     * a mapping needs the offset asked for: read() starts from it by
     * itself, so a file read whole gives what follows it, and no call
     * per file asks (most files are small) */
    bool regular = st != NULL && S_ISREG(st->st_mode);
    bool mapped = regular && rq->fn != NULL
                  && (uint64_t)st->st_size >= MAP_MIN;
    off_t at = mapped ? lseek(fd, 0, SEEK_CUR) : 0;
    if (regular && at <= 0) {
        if ((uint64_t)st->st_size > max_input(rq)) {
            errno = EFBIG;
            return SGF_EIO;
        }
        return parse_regular(out, fd, (size_t)st->st_size, rq);
    }
    if (rq->fn != NULL)
        return parse_stream(fd, rq);
    sgf__buf b = SGF__BUF_INIT;
    int rc = read_all(fd, &b, 0);
    if (rc == 0)
        rc = parse_buffer(out, b.ptr, b.len, rq);
    int e = errno;
    sgf__buf_release(&b);
    errno = e;
    return rc;
}

static int parse_file(sgf_collection **out, const char *path,
                      const request *rq)
{
    if (path == NULL)
        return SGF_EINVAL;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return SGF_EIO;
    struct stat st;
    int rc;
    if (fstat(fd, &st) != 0) {
        rc = parse_fd(out, fd, NULL, rq);
    } else if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        rc = SGF_EIO;
    } else {
        rc = parse_fd(out, fd, &st, rq);
    }
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}

/* --- the public forms ---------------------------------------------------- */

int sgf__parse_buffer_forced(sgf_collection **out, const char *buf,
                             size_t len, const sgf_parse_options *opts,
                             const char *const *cs, size_t ncs)
{
    request rq = { opts, NULL, NULL, cs, ncs, false, NULL, 0, NULL };
    if (out == NULL)
        return SGF_EINVAL;
    *out = NULL;
    return parse_buffer(out, buf, len, &rq);
}

int sgf_parse_buffer(sgf_collection **out, const char *buf, size_t len,
                     const sgf_parse_options *opts)
{
    request rq = { opts, NULL, NULL, NULL, 0, false, NULL, 0, NULL };
    if (out == NULL)
        return SGF_EINVAL;
    *out = NULL;
    return parse_buffer(out, buf, len, &rq);
}

int sgf_parse_fd(sgf_collection **out, int fd, const sgf_parse_options *opts)
{
    request rq = { opts, NULL, NULL, NULL, 0, false, NULL, 0, NULL };
    if (out == NULL)
        return SGF_EINVAL;
    *out = NULL;
    return parse_fd(out, fd, NULL, &rq);
}

int sgf_parse_file(sgf_collection **out, const char *path,
                   const sgf_parse_options *opts)
{
    request rq = { opts, NULL, NULL, NULL, 0, false, NULL, 0, NULL };
    if (out == NULL)
        return SGF_EINVAL;
    *out = NULL;
    return parse_file(out, path, &rq);
}

int sgf_parse_buffer_each(const char *buf, size_t len,
                          const sgf_parse_options *opts, sgf_game_fn fn,
                          void *payload)
{
    request rq = { opts, fn, payload, NULL, 0, false, NULL, 0, NULL };
    return fn == NULL ? SGF_EINVAL : parse_buffer(NULL, buf, len, &rq);
}

int sgf_parse_fd_each(int fd, const sgf_parse_options *opts,
                      sgf_game_fn fn, void *payload)
{
    return sgf_parse_fd_each_stat(fd, NULL, opts, fn, payload);
}

int sgf_parse_fd_each_stat(int fd, const struct stat *st,
                           const sgf_parse_options *opts, sgf_game_fn fn,
                           void *payload)
{
    request rq = { opts, fn, payload, NULL, 0, false, NULL, 0, NULL };
    return fn == NULL ? SGF_EINVAL : parse_fd(NULL, fd, st, &rq);
}

int sgf_parse_file_each(const char *path, const sgf_parse_options *opts,
                        sgf_game_fn fn, void *payload)
{
    request rq = { opts, fn, payload, NULL, 0, false, NULL, 0, NULL };
    return fn == NULL ? SGF_EINVAL : parse_file(NULL, path, &rq);
}

int sgf_parse_fd_part(int fd, const sgf_parse_options *opts,
                      const sgf_cut *from, size_t stop, sgf_game_fn fn,
                      void *payload, sgf_part_end *end)
{
    request rq = { opts, fn, payload, NULL, 0, true, from, stop, end };
    struct stat st;
    if (end != NULL)
        memset(end, 0, sizeof *end);
    if (fn == NULL || fd < 0)
        return SGF_EINVAL;
    if (fstat(fd, &st) != 0)
        return SGF_EIO;
    if (!S_ISREG(st.st_mode))
        return SGF_EINVAL;
    if (lseek(fd, 0, SEEK_SET) != 0)        /* offsets are the file's */
        return SGF_EIO;
    return parse_fd(NULL, fd, &st, &rq);
}
