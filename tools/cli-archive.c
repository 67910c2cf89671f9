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

/* Read the current member whole into *buf (malloc'd), at most
 * SGF_PARSE_MAX_INPUT bytes. 0, or -1 with *why set. */
static int read_member(struct archive *a, char **buf, size_t *len,
                       const char **why)
{
    size_t cap = 65536;
    *buf = NULL;
    *len = 0;
    for (;;) {
        if (*len == cap || *buf == NULL) {
            if (*buf != NULL)
                cap *= 2;
            char *p = cap <= SGF_PARSE_MAX_INPUT ? realloc(*buf, cap) : NULL;
            if (p == NULL) {
                *why = cap > SGF_PARSE_MAX_INPUT
                    ? "larger than the largest input read (1 GiB)"
                    : "out of memory";
                return -1;
            }
            *buf = p;
        }
        la_ssize_t got = archive_read_data(a, *buf + *len, cap - *len);
        if (got == 0)
            return 0;
        if (got < 0) {
            *why = archive_error_string(a);
            if (*why == NULL)
                *why = "cannot decompress";
            return -1;
        }
        *len += (size_t)got;
    }
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
    char *buf;
    size_t len;
    const char *why = NULL;
    if (name == NULL) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    int rc = read_member(a, &buf, &len, &why);
    int st = fn(payload, name, rc == 0 ? buf : NULL, len, why);
    free(buf);
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
    archive_read_support_format_all(a);
    archive_read_support_format_raw(a);   /* x.sgf.gz: one member */
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
