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

/* One member: read, then handed to fn under its name. */
static int one_member(struct archive *a, const char *path,
                      struct archive_entry *e, bool raw,
                      cli_member_fn fn, void *payload)
{
    const char *inner = archive_entry_pathname(e);
    char *name = raw ? strdup(path) : member_name(path, inner ? inner : "");
    char *buf = NULL;
    size_t len;
    int fd = -1;
    const char *why = NULL;
    if (name == NULL) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    int rc = read_member(a, &buf, &len, &fd, &why);
    cli_member m = { name, rc == 0 ? buf : NULL, len, rc == 0 ? fd : -1,
                     rc == 0 };
    int st = fn(payload, &m, why);
    free(buf);
    if (fd >= 0)
        close(fd);
    free(name);
    return st;
}

static bool wanted(struct archive_entry *e, bool raw)
{
    const char *inner = archive_entry_pathname(e);
    return raw || (archive_entry_filetype(e) == AE_IFREG && inner != NULL
                   && ends_with(inner, ".sgf"));
}

int cli_archive_each(const char *path, cli_member_fn fn, void *payload,
                     bool *broken)
{
    struct archive *a = archive_read_new();
    struct archive_entry *e;
    int st = TOOL_OK, rc;
    *broken = false;
    if (a == NULL) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
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
        *broken = true;
        return TOOL_TROUBLE;
    }
    while ((rc = archive_read_next_header(a, &e)) == ARCHIVE_OK
           || rc == ARCHIVE_WARN) {
        bool raw = archive_format(a) == ARCHIVE_FORMAT_RAW;
        if (wanted(e, raw))
            st = tool_worst(st, one_member(a, path, e, raw, fn, payload));
        else
            archive_read_data_skip(a);
    }
    if (rc != ARCHIVE_EOF) {
        tool_error("cannot read '%s': %s", path,
                   archive_error_string(a) ? archive_error_string(a)
                                           : "broken archive");
        *broken = true;
        st = TOOL_TROUBLE;
    }
    archive_read_free(a);
    return st;
}
