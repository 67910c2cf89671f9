/*
 * tools/cli-archive.c - archives and compressed files as inputs (cli.h,
 * "archives"), read member by member through libarchive: zip, 7z, tar
 * (plain or compressed), and single files compressed with gzip, bzip2,
 * xz or zstd.
 */
#include "cli.h"

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static bool ends_with(const char *name, const char *suffix)
{
    size_t n = strlen(name), k = strlen(suffix);
    return n > k && strcasecmp(name + n - k, suffix) == 0;
}

static const char *const archives[] = {
    ".zip", ".7z", ".tar", ".tgz", ".tbz", ".tbz2", ".txz", ".tzst"
};
static const char *const compressions[] = { ".gz", ".bz2", ".xz", ".zst" };

/* The compression suffix name ends with, or NULL. */
static const char *compression_of(const char *name)
{
    for (size_t i = 0; i < sizeof compressions / sizeof *compressions; i++)
        if (ends_with(name, compressions[i]))
            return compressions[i];
    return NULL;
}

bool cli_is_archive_name(const char *name)
{
    for (size_t i = 0; i < sizeof archives / sizeof *archives; i++)
        if (ends_with(name, archives[i]))
            return true;
    return compression_of(name) != NULL;
}

/* A file compressed on its own (x.sgf.gz), not an archive (x.tar.gz). */
static bool single_file(const char *name)
{
    const char *c = compression_of(name);
    if (c == NULL)
        return false;
    size_t n = strlen(name) - strlen(c);
    return !(n > 4 && strncasecmp(name + n - 4, ".tar", 4) == 0);
}

bool cli_walk_takes_archive(const char *name)
{
    const char *c = compression_of(name);
    if (c == NULL)
        return cli_is_archive_name(name);
    /* x.sgf.gz and x.tar.gz, not any compressed file of a tree */
    size_t n = strlen(name) - strlen(c);
    return (n > 4 && strncasecmp(name + n - 4, ".sgf", 4) == 0)
        || (n > 4 && strncasecmp(name + n - 4, ".tar", 4) == 0);
}

/* Members up to this size are read into memory; a larger one goes to
 * an unlinked temporary file, which the library then maps and reads
 * game by game: memory stays that of one game whatever the member's
 * size. */
#define MEMBER_IN_MEMORY ((size_t)1 << 20)

/* An unlinked temporary file ($TMPDIR, else /tmp): its descriptor, or
 * -1 with *why set. */
static int temp_file(const char **why)
{
    const char *dir = getenv("TMPDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/sgf-member.XXXXXX",
             dir != NULL && *dir != '\0' ? dir : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0)
        *why = "cannot make a temporary file for it";
    else
        unlink(path);
    return fd;
}

static int write_all(int fd, const char *s, size_t n, const char **why)
{
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            *why = "cannot write its temporary file";
            return -1;
        }
        s += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Read the current member: into *buf (*len bytes; malloc'd) when it is
 * small, else into the temporary file *fd (*buf then NULL, *len its
 * size), at most 4 GiB. 0, or -1 with *why set. */
static int read_member(struct archive *a, char **buf, size_t *len, int *fd,
                       const char **why)
{
    unsigned long long total = 0;
    *fd = -1;
    *len = 0;
    if ((*buf = malloc(MEMBER_IN_MEMORY)) == NULL) {
        *why = "out of memory";
        return -1;
    }
    for (;;) {
        la_ssize_t got = archive_read_data(a, *buf + *len,
                                           MEMBER_IN_MEMORY - *len);
        if (got < 0) {
            *why = archive_error_string(a);
            if (*why == NULL)
                *why = "cannot decompress";
            return -1;
        }
        if (got == 0)
            break;
        *len += (size_t)got;
        total += (unsigned long long)got;
        if (total >= 0xFFFFFFFFull) {
            *why = "larger than the largest input read (4 GiB)";
            return -1;
        }
        if (*len < MEMBER_IN_MEMORY)
            continue;
        if ((*fd < 0 && (*fd = temp_file(why)) < 0)     /* full: spill */
            || write_all(*fd, *buf, *len, why) != 0)
            return -1;
        *len = 0;
    }
    if (*fd < 0)
        return 0;
    if (write_all(*fd, *buf, *len, why) != 0)
        return -1;
    free(*buf);
    *buf = NULL;
    *len = (size_t)total;
    if (lseek(*fd, 0, SEEK_SET) != 0) {
        *why = "cannot read its temporary file";
        return -1;
    }
    return 0;
}

/* "ARCHIVE//MEMBER", malloc'd. */
static char *member_name(const char *archive, const char *member)
{
    size_t n = strlen(archive) + strlen(member) + 3;
    char *s = malloc(n);
    if (s != NULL)
        snprintf(s, n, "%s//%s", archive, member);
    return s;
}

/* One member: read, then handed to fn under its name, or under each of
 * names[0 .. n - 1] (the hard links to it) when names is not NULL. */
static int one_member(struct archive *a, const char *path,
                      struct archive_entry *e, bool raw,
                      cli_member_fn fn, void *payload,
                      char *const *names, size_t n)
{
    const char *inner = archive_entry_pathname(e);
    char *own = names != NULL ? NULL
                : raw ? strdup(path) : member_name(path, inner ? inner : "");
    char *buf = NULL;
    size_t len;
    int fd = -1, st = TOOL_OK;
    const char *why = NULL;
    if (names == NULL && own == NULL) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    int rc = read_member(a, &buf, &len, &fd, &why);
    for (size_t k = 0; k < (names != NULL ? n : 1); k++) {
        if (k > 0 && fd >= 0 && lseek(fd, 0, SEEK_SET) != 0) {
            rc = -1;
            why = "cannot read its temporary file";
        }
        cli_member m = { names != NULL ? names[k] : own,
                         rc == 0 ? buf : NULL, len, rc == 0 ? fd : -1,
                         rc == 0 };
        st = tool_worst(st, fn(payload, &m, why));
    }
    free(buf);
    if (fd >= 0)
        close(fd);
    free(own);
    return st;
}

/* The hard links of an archive to members that end in .sgf: a tar
 * stores such a member's data once, under its first name, and each link
 * as a name and its target. */
typedef struct links {
    char **name;               /* ARCHIVE//LINK */
    char **target;             /* the target's path in the archive */
    size_t n, cap;
} links;

static int links_add(links *l, const char *path, const char *name,
                     const char *target)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 8;
        char **a = realloc(l->name, cap * sizeof *a);
        if (a != NULL)
            l->name = a;
        char **b = a != NULL ? realloc(l->target, cap * sizeof *b) : NULL;
        if (b == NULL)
            return -1;
        l->target = b;
        l->cap = cap;
    }
    l->name[l->n] = member_name(path, name);
    l->target[l->n] = strdup(target);
    if (l->name[l->n] == NULL || l->target[l->n] == NULL) {
        free(l->name[l->n]);
        free(l->target[l->n]);
        return -1;
    }
    l->n++;
    return 0;
}

static void links_free(links *l)
{
    for (size_t k = 0; k < l->n; k++) {
        free(l->name[k]);
        free(l->target[k]);
    }
    free(l->name);
    free(l->target);
}

static bool is_link(struct archive_entry *e, bool raw)
{
    const char *inner = archive_entry_pathname(e);
    return !raw && archive_entry_hardlink(e) != NULL && inner != NULL
           && ends_with(inner, ".sgf");
}

static bool wanted(struct archive_entry *e, bool raw)
{
    const char *inner = archive_entry_pathname(e);
    return raw || (archive_entry_filetype(e) == AE_IFREG && inner != NULL
                   && ends_with(inner, ".sgf"));
}

/* The archive path opened for reading, or NULL after a message. */
static struct archive *open_archive(const char *path)
{
    struct archive *a = archive_read_new();
    if (a == NULL) {
        tool_error("out of memory");
        return NULL;
    }
    archive_read_support_filter_all(a);
    /* a compressed single file (x.sgf.gz) is one raw member; offered the
     * other formats too, libarchive could take an SGF text for one of
     * its text formats (mtree) */
    if (single_file(path))
        archive_read_support_format_raw(a);
    else
        archive_read_support_format_all(a);
    if (archive_read_open_filename(a, path, 65536) != ARCHIVE_OK) {
        tool_error("cannot read '%s': %s", path, archive_error_string(a));
        archive_read_free(a);
        return NULL;
    }
    return a;
}

/* The archive read to its end: TOOL_OK, or TOOL_TROUBLE after a
 * message (rc: the last archive_read_next_header's). */
static int read_to_end(struct archive *a, const char *path, int rc)
{
    if (rc == ARCHIVE_EOF)
        return TOOL_OK;
    tool_error("cannot read '%s': %s", path,
               archive_error_string(a) ? archive_error_string(a)
                                       : "broken archive");
    return TOOL_TROUBLE;
}

/* The links sorted by target (then by their place in the archive):
 * order[] indexes l. */
static const links *sort_of;

static int by_target(const void *x, const void *y)
{
    size_t i = *(const size_t *)x, j = *(const size_t *)y;
    int c = strcmp(sort_of->target[i], sort_of->target[j]);
    return c != 0 ? c : (i > j) - (i < j);
}

/* The first of order[0 .. n - 1] whose target is name, or n. */
static size_t first_of(const links *l, const size_t *order, size_t n,
                       const char *name)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(l->target[order[mid]], name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The hard links l, each from its target's data: one more reading of
 * the archive, whatever their number (so the cost stays that of reading
 * it twice, and of sorting the links). A link whose target is no member
 * read is said so. */
static int read_links(const char *path, const links *l, cli_member_fn fn,
                      void *payload, bool *broken)
{
    struct archive *a = open_archive(path);
    struct archive_entry *e;
    int st = TOOL_OK, rc;
    bool *done = calloc(l->n, sizeof *done);
    char **names = malloc(l->n * sizeof *names);
    size_t *order = malloc(l->n * sizeof *order);
    if (a == NULL || done == NULL || names == NULL || order == NULL) {
        if (a != NULL)
            tool_error("out of memory");
        *broken = true;
        st = TOOL_TROUBLE;
        goto out;
    }
    for (size_t k = 0; k < l->n; k++)
        order[k] = k;
    sort_of = l;
    qsort(order, l->n, sizeof *order, by_target);
    while ((rc = archive_read_next_header(a, &e)) == ARCHIVE_OK
           || rc == ARCHIVE_WARN) {
        const char *inner = archive_entry_pathname(e);
        size_t n = 0;
        bool data = inner != NULL && archive_entry_hardlink(e) == NULL
                    && archive_entry_filetype(e) == AE_IFREG;
        for (size_t k = data ? first_of(l, order, l->n, inner) : l->n;
             k < l->n && strcmp(l->target[order[k]], inner) == 0; k++)
            if (!done[order[k]]) {      /* in the archive's order */
                names[n++] = l->name[order[k]];
                done[order[k]] = true;
            }
        if (n > 0)
            st = tool_worst(st, one_member(a, path, e, false, fn, payload,
                                           names, n));
        else
            archive_read_data_skip(a);
    }
    if (read_to_end(a, path, rc) != TOOL_OK) {
        *broken = true;
        st = TOOL_TROUBLE;
    }
    for (size_t k = 0; k < l->n && !*broken; k++)
        if (!done[k]) {
            cli_member m = { l->name[k], NULL, 0, -1, false };
            st = tool_worst(st, fn(payload, &m, "a hard link to a member "
                                   "the archive does not hold"));
        }
out:
    if (a != NULL)
        archive_read_free(a);
    free(done);
    free(names);
    free(order);
    return st;
}

int cli_archive_each(const char *path, cli_member_fn fn, void *payload,
                     bool *broken)
{
    struct archive *a = open_archive(path);
    struct archive_entry *e;
    int st = TOOL_OK, rc;
    links l = { NULL, NULL, 0, 0 };
    bool no_memory = false;
    *broken = a == NULL;
    if (a == NULL)
        return TOOL_TROUBLE;
    while ((rc = archive_read_next_header(a, &e)) == ARCHIVE_OK
           || rc == ARCHIVE_WARN) {
        bool raw = archive_format(a) == ARCHIVE_FORMAT_RAW;
        if (is_link(e, raw)) {          /* read from its target, below */
            if (links_add(&l, path, archive_entry_pathname(e),
                          archive_entry_hardlink(e)) != 0) {
                tool_error("out of memory");
                st = TOOL_TROUBLE;
                no_memory = true;
                break;
            }
            archive_read_data_skip(a);
        } else if (wanted(e, raw)) {
            st = tool_worst(st, one_member(a, path, e, raw, fn, payload,
                                           NULL, 0));
        } else {
            archive_read_data_skip(a);
        }
    }
    if (!no_memory && read_to_end(a, path, rc) != TOOL_OK) {
        *broken = true;
        st = TOOL_TROUBLE;
    }
    archive_read_free(a);
    if (!*broken && !no_memory && l.n > 0)
        st = tool_worst(st, read_links(path, &l, fn, payload, broken));
    links_free(&l);
    return st;
}
