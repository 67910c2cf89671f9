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
#include <locale.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
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

/* The one of the n suffixes (each ".x..." with no other '.', at most 5
 * bytes) that name ends with, after something, or NULL: its last '.'
 * on (this runs for every input, most of them *.sgf, which the first
 * letter turns away). */
static const char *suffix_in(const char *name, const char *const *list,
                             size_t n)
{
    const char *dot = strrchr(name, '.');
    if (dot == NULL || dot == name || dot[1] == '\0' || strlen(dot) > 5)
        return NULL;
    char first = (char)(dot[1] >= 'A' && dot[1] <= 'Z' ? dot[1] + 32
                                                         : dot[1]);
    for (size_t i = 0; i < n; i++)
        if (list[i][1] == first && strcasecmp(dot, list[i]) == 0)
            return list[i];
    return NULL;
}

/* The compression suffix name ends with, or NULL. */
static const char *compression_of(const char *name)
{
    return suffix_in(name, compressions,
                     sizeof compressions / sizeof *compressions);
}

bool cli_is_archive_name(const char *name)
{
    return suffix_in(name, archives, sizeof archives / sizeof *archives)
           != NULL || compression_of(name) != NULL;
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

bool cli_archive_has_members(const char *name)
{
    return cli_is_archive_name(name) && !single_file(name);
}

/* The ending of the members read: ".sgf", or ".xml" for a run that
 * reads SGF XML (cli_archive_members_named). */
static const char *member_suffix = ".sgf";

void cli_archive_members_named(const char *suffix)
{
    member_suffix = suffix;
}

const char *cli_archive_member_suffix(void)
{
    return member_suffix;
}

size_t cli_uncompressed_len(const char *name)
{
    const char *c = compression_of(name);
    return strlen(name) - (c != NULL ? strlen(c) : 0);
}

bool cli_walk_takes_archive(const char *name)
{
    const char *c = compression_of(name);
    if (c == NULL)
        return cli_is_archive_name(name);
    /* x.sgf.gz and x.tar.gz, not any compressed file of a tree */
    size_t n = strlen(name) - strlen(c);
    return (n > 4 && strncasecmp(name + n - 4, member_suffix, 4) == 0)
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

/* What libarchive says went wrong with a, in its words; it gives none
 * for some damage (a gzip file whose last bytes, its checksum and
 * length, are cut off, fails to open without a word). */
static const char *archive_reason(struct archive *a)
{
    const char *why = archive_error_string(a);
    return why != NULL ? why : "damaged or cut short (libarchive gives no "
                               "reason)";
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
            *why = archive_reason(a);
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

/* Names and their targets, in the archive's order: a tar stores a
 * hard-linked member's data once, under its first name, and each link
 * as a name and its target; a symbolic link names its target from its
 * own folder (link_of makes that a path in the archive). Two such
 * tables: the links to read (their names ARCHIVE//LINK, links), and
 * every link of the archive, whatever its name ends in (its path in the
 * archive, aliases): a link may name another link as its target (an
 * archive appended to, or made by another tool), whose own target holds
 * the data. */
typedef struct pairs {
    char **name;
    char **target;             /* the target's path in the archive */
    size_t n, cap;
    size_t *order;             /* aliases: by name (then by place), once
                                  sorted */
} pairs;
typedef pairs links, aliases;

/* name (malloc'd, given up here; NULL: out of memory) and a copy of
 * target added. 0, or -1 out of memory. */
static int pairs_add(pairs *p, char *name, const char *target)
{
    if (p->n == p->cap) {
        size_t cap = p->cap ? 2 * p->cap : 8;
        char **a = realloc(p->name, cap * sizeof *a);
        if (a != NULL)
            p->name = a;
        char **b = a != NULL ? realloc(p->target, cap * sizeof *b) : NULL;
        if (b == NULL) {
            free(name);
            return -1;
        }
        p->target = b;
        p->cap = cap;
    }
    p->name[p->n] = name;
    p->target[p->n] = strdup(target);
    if (p->name[p->n] == NULL || p->target[p->n] == NULL) {
        free(p->name[p->n]);
        free(p->target[p->n]);
        return -1;
    }
    p->n++;
    return 0;
}

static void pairs_free(pairs *p)
{
    for (size_t k = 0; k < p->n; k++) {
        free(p->name[k]);
        free(p->target[k]);
    }
    free(p->name);
    free(p->target);
    free(p->order);
}

/* What entry e links to (link_of). */
enum { LINK_NONE, LINK_IN, LINK_OUT };

/* The folders of path as far as its last '/', then the components of
 * rel, with "." and empty ones dropped and ".." taking back the
 * component before it: into out (room: strlen(path) + strlen(rel) + 1).
 * This is also the form a name is looked up in (path ""): "./d/a.sgf",
 * "d//a.sgf" and "d/x/../a.sgf" name the member "d/a.sgf", as tar
 * extracts them. false when a ".." has no component to take back (the
 * result would be outside the archive). */
static bool resolve_in(char *out, const char *path, const char *rel)
{
    size_t len = 0;
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash != NULL ? (size_t)(slash - path) + 1 : 0;
    for (int part = 0; part < 2; part++) {
        const char *s = part == 0 ? path : rel;
        const char *end = part == 0 ? path + dirlen : rel + strlen(rel);
        while (s < end) {
            const char *e = memchr(s, '/', (size_t)(end - s));
            size_t n = e != NULL ? (size_t)(e - s) : (size_t)(end - s);
            if (n == 2 && s[0] == '.' && s[1] == '.') {
                if (len == 0)
                    return false;
                while (len > 0 && out[len - 1] != '/')
                    len--;
                len -= len > 0;             /* and the '/' before it */
            } else if (n > 0 && !(n == 1 && s[0] == '.')) {
                if (len > 0)
                    out[len++] = '/';
                memcpy(out + len, s, n);
                len += n;
            }
            s += n + (e != NULL);
        }
    }
    out[len] = '\0';
    return true;
}

/* name in the form names are looked up in (resolve_in), malloc'd; a
 * name whose ".." climb out is kept as it is (it names no member). NULL
 * when out of memory. */
static char *lookup_form(const char *name)
{
    char *out = malloc(strlen(name) + 1);
    if (out != NULL && !resolve_in(out, "", name))
        strcpy(out, name);
    return out;
}

/* An entry's names in the bytes the archive holds them in where the
 * locale can give them (a tar's raw bytes), else as UTF-8: a zip that
 * flags its names UTF-8 and a 7z (UTF-16 names) give theirs as wide
 * characters, which the C locale the tools run in cannot make bytes of
 * (archive_entry_pathname answers NULL: such a member was passed over
 * without a word). */
static const char *entry_path(struct archive_entry *e)
{
    const char *s = archive_entry_pathname(e);
    return s != NULL ? s : archive_entry_pathname_utf8(e);
}

static const char *entry_hardlink(struct archive_entry *e)
{
    const char *s = archive_entry_hardlink(e);
    return s != NULL ? s : archive_entry_hardlink_utf8(e);
}

static const char *entry_symlink(struct archive_entry *e)
{
    const char *s = archive_entry_symlink(e);
    return s != NULL ? s : archive_entry_symlink_utf8(e);
}

/* Whether entry e is a link, and to what: a hard link's target as the
 * archive names it, a symbolic link's made a path in the archive from
 * the link's folder (*target malloc'd, LINK_IN), or LINK_OUT for a
 * symbolic link that leaves the archive (an absolute path, more ".."
 * than folders): such a link is never followed, whatever is there.
 * -1 out of memory. */
static int link_of(struct archive_entry *e, char **target)
{
    const char *inner = entry_path(e);
    const char *hard = entry_hardlink(e);
    const char *sym = archive_entry_filetype(e) == AE_IFLNK
                      ? entry_symlink(e) : NULL;
    *target = NULL;
    if (inner == NULL || (hard == NULL && sym == NULL))
        return LINK_NONE;
    if (hard != NULL)
        return (*target = lookup_form(hard)) != NULL ? LINK_IN : -1;
    if (sym[0] == '/')
        return LINK_OUT;
    if ((*target = malloc(strlen(inner) + strlen(sym) + 1)) == NULL)
        return -1;
    if (resolve_in(*target, inner, sym))
        return LINK_IN;
    free(*target);
    *target = NULL;
    return LINK_OUT;
}

static bool wanted(struct archive_entry *e, bool raw)
{
    const char *inner = entry_path(e);
    return raw || (archive_entry_filetype(e) == AE_IFREG && inner != NULL
                   && ends_with(inner, member_suffix));
}

/* The archive path opened for reading, or NULL after a message. */
static struct archive *open_archive(const char *path)
{
    static bool utf8_names;
    if (!utf8_names) {
        /* libarchive gives a name held as wide characters (a 7z's
           UTF-16, a zip's flagged UTF-8) in the bytes of the locale's
           character type: in the C locale the tools run in it can give
           none beyond ASCII. Only the character type is set: numbers
           print as in the C locale still. */
        utf8_names = true;
        (void)setlocale(LC_CTYPE, "C.UTF-8");
    }
    struct archive *a = archive_read_new();
    if (a == NULL) {
        tool_error("out of memory");
        return NULL;
    }
    archive_read_support_filter_all(a);
    /* a compressed single file (x.sgf.gz) is one raw member; offered the
     * other formats too, libarchive could take an SGF text for one of
     * its text formats (mtree) */
    if (single_file(path)) {
        archive_read_support_format_raw(a);
        /* what decompresses to no byte: an empty file, read as one */
        archive_read_support_format_empty(a);
    } else
        archive_read_support_format_all(a);
    if (archive_read_open_filename(a, path, 65536) != ARCHIVE_OK) {
        /* the system's reason when the file could not be opened or read
         * ("No such file or directory", as for any input), not the
         * library's "Failed to open 'PATH'"; libarchive gives EILSEQ for
         * a format it does not know and EINVAL for misuse, with its own
         * words for them */
        int e = archive_errno(a);
        bool sys = e > 0 && e != EILSEQ && e != EINVAL;
        tool_error("cannot read '%s': %s", path, sys ? strerror(e)
                   : archive_reason(a));
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
    tool_error("cannot read '%s': %s", path, archive_reason(a));
    return TOOL_TROUBLE;
}

/* Sorting a table of names by one of its columns (keys: the links'
 * targets, or the aliases' names), then by place in the archive:
 * order[] indexes the table. */
static char *const *sort_keys;

static int by_key(const void *x, const void *y)
{
    size_t i = *(const size_t *)x, j = *(const size_t *)y;
    int c = strcmp(sort_keys[i], sort_keys[j]);
    return c != 0 ? c : (i > j) - (i < j);
}

/* order[0 .. n - 1] = 0 .. n - 1, sorted by keys. */
static void sort_by(size_t *order, char *const *keys, size_t n)
{
    for (size_t k = 0; k < n; k++)
        order[k] = k;
    sort_keys = keys;
    qsort(order, n, sizeof *order, by_key);
}

/* The first of order[0 .. n - 1] (sorted by keys) whose key is name, or
 * where it would be (n past them all). */
static size_t first_of(char *const *keys, const size_t *order, size_t n,
                       const char *name)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(keys[order[mid]], name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* --- the members one after the other ------------------------------------ */

/* The archive's first reading (its members in order, the hard links
 * noted), then its second when it has hard links to members (each
 * link from its target's data: one more reading of the archive whatever
 * their number, so the cost stays that of reading it twice and of
 * sorting the links), once more when some link names another link (those
 * links read from the member at the end of their chain, each link of the
 * archive followed once), then the links whose target it does not hold. */
enum { PHASE_MEMBERS, PHASE_LINKS, PHASE_MISSING, PHASE_END };

struct cli_archive_it {
    char *path;
    struct archive *a;
    int phase;
    int st;                    /* the archive's own troubles */
    bool broken, no_memory;
    bool once;                 /* not a regular file (a fifo): it cannot
                                  be read again for its links */
    bool empty_handed;         /* x.sgf.gz of no byte: handed as empty */
    unsigned long members;     /* handed over, read or not */
    unsigned long long position;    /* of the first reading, in the file */
    links l;
    aliases al;                /* every hard link, for links to links */
    /* which member of its target's name each link reads, as tar and
     * unzip make it: a name may be held by more than one member (an
     * archive appended to). By the members' places (their ordinals
     * among the archive's entries, each reading counting them alike):
     * l_at, l_hard: each link's place and kind; the members with data,
     * by name (d_name, d_at, d_order: sorted by name, then place); l_src:
     * the place of the member each link reads (NO_MEMBER: none) */
    unsigned long entries;     /* entries read so far by this reading */
    unsigned long *l_at;
    bool *l_hard;
    unsigned long *l_src;
    size_t l_cap;
    char **d_name;
    unsigned long *d_at;
    size_t *d_order;
    size_t d_n, d_cap;
    size_t cursor;             /* next_link: into order, by l_src */
    bool retargeted;           /* the links to links followed (once) */
    /* the second reading */
    bool *done;
    char **names;              /* the links of the member being handed */
    size_t *order;
    size_t nnames, next_name, next_missing;
    /* the member handed over last (kept until the next call) */
    char *buf, *own;
    size_t len;
    int fd;
    bool ok;
    const char *why;
};

static void drop_member(cli_archive_it *it)
{
    free(it->buf);
    free(it->own);
    if (it->fd >= 0)
        close(it->fd);
    it->buf = it->own = NULL;
    it->fd = -1;
    it->len = 0;
}

cli_archive_it *cli_archive_open(const char *path)
{
    cli_archive_it *it = calloc(1, sizeof *it);
    if (it == NULL || (it->path = strdup(path)) == NULL) {
        free(it);
        tool_error("out of memory");
        return NULL;
    }
    struct stat st;
    it->fd = -1;
    it->phase = PHASE_MEMBERS;
    it->once = stat(path, &st) != 0 || !S_ISREG(st.st_mode);
    it->a = open_archive(path);
    if (it->a == NULL) {
        free(it->path);
        free(it);
        return NULL;
    }
    return it;
}

/* The current entry's data read into it (the member handed over next). */
static void take_data(cli_archive_it *it)
{
    drop_member(it);
    it->ok = read_member(it->a, &it->buf, &it->len, &it->fd, &it->why) == 0;
    if (!it->ok) {
        free(it->buf);
        it->buf = NULL;
        if (it->fd >= 0)
            close(it->fd);
        it->fd = -1;
        it->len = 0;
    }
}

static void hand(cli_archive_it *it, cli_member *m, const char **why,
                 const char *name)
{
    *m = (cli_member){ name, it->ok ? it->buf : NULL, it->len,
                       it->ok ? it->fd : -1, it->ok };
    *why = it->ok ? NULL : it->why;
    it->members++;
}

/* A member of the first reading handed over unread, for why (a static
 * text). */
static void hand_unread(cli_archive_it *it, cli_member *m, const char **why,
                        const char *inner, const char *reason)
{
    drop_member(it);
    it->own = member_name(it->path, inner);
    it->ok = false;
    it->why = reason;
    if (it->own == NULL) {
        tool_error("out of memory");
        it->st = TOOL_TROUBLE;
    }
    hand(it, m, why, it->own != NULL ? it->own : it->path);
}

#define NO_MEMBER ULONG_MAX

/* The last link added to it->l noted at the current place, hard or
 * symbolic. 0, or -1 out of memory. */
static int note_link(cli_archive_it *it, bool hard)
{
    if (it->l.n > it->l_cap) {
        size_t cap = it->l.cap;
        unsigned long *at = realloc(it->l_at, cap * sizeof *at);
        if (at != NULL)
            it->l_at = at;
        bool *h = at != NULL ? realloc(it->l_hard, cap * sizeof *h) : NULL;
        if (h != NULL)
            it->l_hard = h;
        unsigned long *src = h != NULL ? realloc(it->l_src,
                                                 cap * sizeof *src) : NULL;
        if (src == NULL)
            return -1;
        it->l_src = src;
        it->l_cap = cap;
    }
    it->l_at[it->l.n - 1] = it->entries - 1;
    it->l_hard[it->l.n - 1] = hard;
    return 0;
}

/* A member with data (name in lookup form, malloc'd, given up here; NULL
 * out of memory) noted at the current place. 0, or -1 out of memory. */
static int note_data(cli_archive_it *it, char *name)
{
    if (name == NULL)
        return -1;
    if (it->d_n == it->d_cap) {
        size_t cap = it->d_cap ? 2 * it->d_cap : 16;
        char **n = realloc(it->d_name, cap * sizeof *n);
        if (n != NULL)
            it->d_name = n;
        unsigned long *at = n != NULL ? realloc(it->d_at, cap * sizeof *at)
                                      : NULL;
        if (at == NULL) {
            free(name);
            return -1;
        }
        it->d_at = at;
        it->d_cap = cap;
    }
    it->d_name[it->d_n] = name;
    it->d_at[it->d_n++] = it->entries - 1;
    return 0;
}

/* Each link not yet read given the place of the member it reads: a hard
 * link the last member of its target's name before it (tar makes the
 * link to the file as it then is), a symbolic link the last of the
 * whole archive (the name as it ends up); NO_MEMBER when there is none.
 * Then it->order: the links by that place, then by their own. */
static const unsigned long *src_keys;
static int by_src(const void *x, const void *y)
{
    size_t i = *(const size_t *)x, j = *(const size_t *)y;
    if (src_keys[i] != src_keys[j])
        return src_keys[i] < src_keys[j] ? -1 : 1;
    return (i > j) - (i < j);
}
static void resolve_links(cli_archive_it *it)
{
    const links *l = &it->l;
    for (size_t k = 0; k < l->n; k++) {
        unsigned long best = NO_MEMBER;
        size_t at = first_of(it->d_name, it->d_order, it->d_n,
                             l->target[k]);
        for (; !it->done[k] && at < it->d_n
               && strcmp(it->d_name[it->d_order[at]], l->target[k]) == 0;
             at++) {
            unsigned long place = it->d_at[it->d_order[at]];
            if (!it->l_hard[k] || place < it->l_at[k])
                best = place;           /* (by place: the last wins) */
        }
        it->l_src[k] = best;
    }
    for (size_t k = 0; k < l->n; k++)
        it->order[k] = k;
    src_keys = it->l_src;
    qsort(it->order, l->n, sizeof *it->order, by_src);
    it->cursor = 0;
}

/* The first reading: the next member wanted, or false at its end. */
static bool next_first(cli_archive_it *it, cli_member *m, const char **why)
{
    struct archive_entry *e;
    int rc;
    if (it->empty_handed)
        return false;
    while ((rc = archive_read_next_header(it->a, &e)) == ARCHIVE_OK
           || rc == ARCHIVE_WARN) {
        it->entries++;
        bool raw = archive_format(it->a) == ARCHIVE_FORMAT_RAW;
        const char *inner = entry_path(e);
        bool named = !raw && inner != NULL && ends_with(inner, member_suffix);
        char *target = NULL;
        int kind = raw ? LINK_NONE : link_of(e, &target);
        bool data = !raw && inner != NULL && entry_hardlink(e) == NULL
                    && archive_entry_filetype(e) == AE_IFREG;
        if (kind < 0 || (kind == LINK_IN          /* every link, by name */
                         && pairs_add(&it->al, lookup_form(inner), target)
                            != 0)
            || (kind == LINK_IN && named
                && (pairs_add(&it->l, member_name(it->path, inner), target)
                    != 0 || note_link(it, entry_hardlink(e) != NULL) != 0))
            || (data && note_data(it, lookup_form(inner)) != 0)) {
            free(target);
            tool_error("out of memory");
            it->st = TOOL_TROUBLE;
            it->no_memory = true;
            return false;
        }
        free(target);
        if (!raw && inner == NULL && archive_entry_filetype(e) == AE_IFREG) {
            char name[64];              /* no name to read it under: */
            snprintf(name, sizeof name,  /* said, never passed over */
                     "<member %lu: its name unreadable>", it->members + 1);
            archive_read_data_skip(it->a);
            hand_unread(it, m, why, name, "its name is not valid in the "
                        "charset the archive gives for it");
            return true;
        }
        if (kind == LINK_IN && named) {   /* read from its target, later */
            archive_read_data_skip(it->a);
        } else if (kind == LINK_OUT && named) {
            archive_read_data_skip(it->a);
            hand_unread(it, m, why, inner, "a symbolic link out of the "
                        "archive (an absolute path, or '..' past its "
                        "top): not followed");
            return true;
        } else if (wanted(e, raw)) {
            drop_member(it);
            it->own = raw ? strdup(it->path)
                          : member_name(it->path, inner ? inner : "");
            if (it->own == NULL) {
                tool_error("out of memory");
                it->st = TOOL_TROUBLE;
                archive_read_data_skip(it->a);
                continue;
            }
            char *own = it->own;
            it->own = NULL;             /* (take_data drops the last) */
            take_data(it);
            it->own = own;
            hand(it, m, why, it->own);
            return true;
        } else if (named && kind == LINK_NONE
                   && archive_entry_filetype(e) != AE_IFDIR) {
            archive_read_data_skip(it->a);
            hand_unread(it, m, why, inner, "not a regular file (a fifo or "
                        "a device): it holds no record");
            return true;
        } else {
            archive_read_data_skip(it->a);
        }
    }
    if (read_to_end(it->a, it->path, rc) != TOOL_OK) {
        it->broken = true;
        it->st = TOOL_TROUBLE;
    } else if (it->members == 0 && single_file(it->path)) {
        drop_member(it);                /* x.sgf.gz of an empty file */
        it->empty_handed = true;
        it->buf = malloc(1);
        it->own = strdup(it->path);
        it->ok = it->buf != NULL;
        it->why = "out of memory";
        if (it->own == NULL) {
            tool_error("out of memory");
            it->st = TOOL_TROUBLE;
            return false;
        }
        hand(it, m, why, it->own);
        return true;
    }
    return false;
}

/* The second reading begun: the links sorted by target. */
static bool start_links(cli_archive_it *it)
{
    links *l = &it->l;
    it->a = open_archive(it->path);
    if (it->done == NULL)               /* (kept by a reading again) */
        it->done = calloc(l->n, sizeof *it->done);
    if (it->names == NULL)
        it->names = malloc(l->n * sizeof *it->names);
    if (it->order == NULL)
        it->order = malloc(l->n * sizeof *it->order);
    if (it->a == NULL || it->done == NULL || it->names == NULL
        || it->order == NULL) {
        if (it->a != NULL)
            tool_error("out of memory");
        it->broken = true;
        it->st = TOOL_TROUBLE;
        return false;
    }
    if (it->d_order == NULL && it->d_n > 0) {
        it->d_order = malloc(it->d_n * sizeof *it->d_order);
        if (it->d_order == NULL) {
            tool_error("out of memory");
            it->broken = true;
            it->st = TOOL_TROUBLE;
            return false;
        }
        sort_by(it->d_order, it->d_name, it->d_n);
    }
    resolve_links(it);
    it->entries = 0;
    it->nnames = it->next_name = 0;
    return true;
}

/* The first hard link named name (by place), or a->n when none is. */
static size_t alias_find(const aliases *a, const char *name)
{
    size_t at = first_of(a->name, a->order, a->n, name);
    return at < a->n && strcmp(a->name[a->order[at]], name) == 0
           ? a->order[at] : a->n;
}

/* The name at the end of the chain of links from hard link k, or NULL
 * when the chain comes back on itself. end[] and state[] keep what each
 * link's chain was found to end in (AL_DONE), so that each link is
 * followed once whatever the chains; stack: room for a->n links. */
enum { AL_NEW, AL_ON_PATH, AL_DONE };
static const char *alias_end(const aliases *a, size_t k, const char **end,
                             unsigned char *state, size_t *stack)
{
    size_t sp = 0;
    const char *last = NULL;
    for (size_t cur = k;;) {
        if (state[cur] == AL_DONE) {
            last = end[cur];
            break;
        }
        if (state[cur] == AL_ON_PATH) {     /* a loop */
            last = NULL;
            break;
        }
        state[cur] = AL_ON_PATH;
        stack[sp++] = cur;
        size_t next = alias_find(a, a->target[cur]);
        if (next == a->n) {                 /* a name that holds data */
            last = a->target[cur];
            break;
        }
        cur = next;
    }
    while (sp > 0) {
        size_t j = stack[--sp];
        state[j] = AL_DONE;
        end[j] = last;
    }
    return last;
}

/* The links the second reading found no data for, whose target is
 * itself a hard link: each given the target at the end of its chain of
 * links (a chain that comes back on itself is left: its link stays
 * without data). Returns whether any was, so that the archive is read
 * once more for them; -1 out of memory. */
static int retarget(cli_archive_it *it)
{
    aliases *a = &it->al;
    links *l = &it->l;
    int changed = 0;
    if (a->n == 0)
        return 0;
    const char **end = malloc(a->n * sizeof *end);
    unsigned char *state = calloc(a->n, 1);
    size_t *stack = malloc(a->n * sizeof *stack);
    a->order = malloc(a->n * sizeof *a->order);
    if (end == NULL || state == NULL || stack == NULL || a->order == NULL)
        changed = -1;
    if (changed == 0)
        sort_by(a->order, a->name, a->n);
    for (size_t k = 0; changed >= 0 && k < l->n; k++) {
        size_t first = it->done[k] ? a->n : alias_find(a, l->target[k]);
        const char *t = first < a->n ? alias_end(a, first, end, state,
                                                 stack) : NULL;
        char *copy = t != NULL ? strdup(t) : NULL;
        if (t != NULL && copy == NULL) {
            changed = -1;
            break;
        }
        if (copy != NULL) {
            free(l->target[k]);
            l->target[k] = copy;
            changed = 1;
        }
    }
    free(end);
    free(state);
    free(stack);
    return changed;
}

/* The second reading: the next link, each of a target's in turn from
 * its one reading, or false at its end. */
static bool next_link(cli_archive_it *it, cli_member *m, const char **why)
{
    const links *l = &it->l;
    struct archive_entry *e;
    int rc;
    if (it->next_name < it->nnames) {   /* the target's other links */
        if (it->fd >= 0 && lseek(it->fd, 0, SEEK_SET) != 0) {
            it->ok = false;
            it->why = "cannot read its temporary file";
        }
        hand(it, m, why, it->names[it->next_name++]);
        return true;
    }
    while ((rc = archive_read_next_header(it->a, &e)) == ARCHIVE_OK
           || rc == ARCHIVE_WARN) {
        unsigned long place = it->entries++;
        size_t n = 0;
        while (it->cursor < l->n && it->l_src[it->order[it->cursor]] < place)
            it->cursor++;
        for (; it->cursor < l->n
               && it->l_src[it->order[it->cursor]] == place; it->cursor++) {
            size_t k = it->order[it->cursor];   /* in the archive's order */
            if (!it->done[k]) {
                it->names[n++] = l->name[k];
                it->done[k] = true;
            }
        }
        if (n == 0) {
            archive_read_data_skip(it->a);
            continue;
        }
        take_data(it);
        it->nnames = n;
        it->next_name = 1;
        hand(it, m, why, it->names[0]);
        return true;
    }
    /* (a break the first reading met was said then) */
    if (!it->broken && read_to_end(it->a, it->path, rc) != TOOL_OK) {
        it->broken = true;
        it->st = TOOL_TROUBLE;
    }
    return false;
}

int cli_archive_next(cli_archive_it *it, cli_member *m, const char **why)
{
    for (;;)
        switch (it->phase) {
        case PHASE_MEMBERS:
            /* then the links, read again from the start: also after a
             * break (those whose member comes before it are read), not
             * from a fifo (said of each) */
            if (next_first(it, m, why))
                return 1;
            archive_read_free(it->a);
            it->a = NULL;
            it->phase = it->no_memory || it->l.n == 0 ? PHASE_END
                        : it->once ? PHASE_MISSING : PHASE_LINKS;
            if (it->phase == PHASE_LINKS && !start_links(it))
                it->phase = PHASE_MISSING;
            break;
        case PHASE_LINKS:
            if (next_link(it, m, why))
                return 1;
            it->phase = PHASE_MISSING;
            if (!it->retargeted) {          /* links to links: */
                it->retargeted = true;      /* one more reading for them */
                int rc = retarget(it);
                if (rc < 0) {
                    tool_error("out of memory");
                    it->st = TOOL_TROUBLE;
                    it->no_memory = true;
                } else if (rc > 0) {
                    drop_member(it);
                    archive_read_free(it->a);
                    it->a = NULL;
                    if (start_links(it))
                        it->phase = PHASE_LINKS;
                }
            }
            break;
        case PHASE_MISSING:             /* their target is not there */
            drop_member(it);
            while (it->next_missing < it->l.n && it->done != NULL
                   && it->done[it->next_missing])
                it->next_missing++;
            if (it->next_missing < it->l.n) {
                *m = (cli_member){ it->l.name[it->next_missing++], NULL, 0,
                                   -1, false };
                *why = it->once ? "a link, in an archive that is not a "
                                  "regular file (it cannot be read again "
                                  "for its links)"
                       : it->broken ? "a link whose member was not read "
                                      "(the archive is damaged or cut short)"
                       : "a link to a member the archive does not hold";
                it->members++;
                return 1;
            }
            it->phase = PHASE_END;
            break;
        default:
            drop_member(it);
            return 0;
        }
}

unsigned long cli_archive_members(const cli_archive_it *it)
{
    return it->members;
}

unsigned long long cli_archive_position(cli_archive_it *it)
{
    if (it->a != NULL && it->phase == PHASE_MEMBERS) {
        la_int64_t at = archive_filter_bytes(it->a, -1);
        if (at > 0 && (unsigned long long)at > it->position)
            it->position = (unsigned long long)at;
    }
    return it->position;
}

int cli_archive_close(cli_archive_it *it, bool *broken)
{
    if (it == NULL) {
        *broken = true;
        return TOOL_TROUBLE;
    }
    int st = it->st;
    *broken = it->broken;
    drop_member(it);
    if (it->a != NULL)
        archive_read_free(it->a);
    pairs_free(&it->l);
    pairs_free(&it->al);
    for (size_t k = 0; k < it->d_n; k++)
        free(it->d_name[k]);
    free(it->d_name);
    free(it->d_at);
    free(it->d_order);
    free(it->l_at);
    free(it->l_hard);
    free(it->l_src);
    free(it->done);
    free(it->names);
    free(it->order);
    free(it->path);
    free(it);
    return st;
}
