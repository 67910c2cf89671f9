/*
 * read.c - the entry points of sgf/parse.h: getting the input's bytes into
 * a new collection (from memory, a descriptor or a file; UTF-16 input
 * converted to UTF-8) before parse.c reads them.
 */
#include <errno.h>
#include <fcntl.h>
#include <iconv.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tree_int.h"

/* What a parse was asked: options, and the per-game callback of the
 * _each forms (NULL for the whole-collection forms). */
typedef struct request {
    const sgf_parse_options *opts;
    sgf_game_fn fn;
    void *payload;
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
    int rc = read_regular(c, fd, size);
    if (rc != 0) {
        int e = errno;
        sgf_collection_free(c);
        errno = e;
        return rc;
    }
    return parse_collection(out, c);
}

/* st: fd's status when known (one fstat per file), else NULL. */
static int parse_fd(sgf_collection **out, int fd, const struct stat *st,
                    const request *rq)
{
    struct stat own;
    if (fd < 0 || !request_ok(rq))
        return SGF_EINVAL;
    if (st == NULL && fstat(fd, &own) == 0)
        st = &own;
    if (st != NULL && S_ISREG(st->st_mode)) {
        if ((uint64_t)st->st_size > SGF_PARSE_MAX_INPUT) {
            errno = EFBIG;
            return SGF_EIO;
        }
        return parse_regular(out, fd, (size_t)st->st_size, rq);
    }
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

int sgf_parse_buffer(sgf_collection **out, const char *buf, size_t len,
                     const sgf_parse_options *opts)
{
    request rq = { opts, NULL, NULL };
    if (out == NULL)
        return SGF_EINVAL;
    *out = NULL;
    return parse_buffer(out, buf, len, &rq);
}

int sgf_parse_fd(sgf_collection **out, int fd, const sgf_parse_options *opts)
{
    request rq = { opts, NULL, NULL };
    if (out == NULL)
        return SGF_EINVAL;
    *out = NULL;
    return parse_fd(out, fd, NULL, &rq);
}

int sgf_parse_file(sgf_collection **out, const char *path,
                   const sgf_parse_options *opts)
{
    request rq = { opts, NULL, NULL };
    if (out == NULL)
        return SGF_EINVAL;
    *out = NULL;
    return parse_file(out, path, &rq);
}

int sgf_parse_buffer_each(const char *buf, size_t len,
                          const sgf_parse_options *opts, sgf_game_fn fn,
                          void *payload)
{
    request rq = { opts, fn, payload };
    return fn == NULL ? SGF_EINVAL : parse_buffer(NULL, buf, len, &rq);
}

int sgf_parse_fd_each(int fd, const sgf_parse_options *opts,
                      sgf_game_fn fn, void *payload)
{
    request rq = { opts, fn, payload };
    return fn == NULL ? SGF_EINVAL : parse_fd(NULL, fd, NULL, &rq);
}

int sgf_parse_file_each(const char *path, const sgf_parse_options *opts,
                        sgf_game_fn fn, void *payload)
{
    request rq = { opts, fn, payload };
    return fn == NULL ? SGF_EINVAL : parse_file(NULL, path, &rq);
}
