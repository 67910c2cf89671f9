/*
 * tools/cli-read.c - reading one input into a collection, whole or one
 * game tree at a time, with the messages a tool prints when it cannot;
 * the --charset and --rules arguments.
 */
#include "cli.h"
#include "cli-jobs.h"

#include <errno.h>
#include <fcntl.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const cli_member *member;       /* the member being read */
static cli_part *part;                 /* the part being read (-j) */

void cli_part_set(cli_part *p)
{
    part = p;
}

cli_part *cli_part_of(const char *path)
{
    return part != NULL && path == part->path ? part : NULL;
}

cli_part *cli_part_now(void)
{
    return part;
}

void cli_member_set(const cli_member *m)
{
    member = m;
}

const cli_member *cli_member_of(const char *name)
{
    return member != NULL && name == member->name ? member : NULL;
}

const char *cli_display_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

static void report_read_error(const char *path, int rc, int err)
{
    bool is_stdin = strcmp(path, "-") == 0;

    if (rc == SGF_ENOMEM)
        tool_error("out of memory reading '%s'", cli_display_name(path));
    else if (rc == SGF_EIO && is_stdin
             && (err == ENOENT || err == EACCES || err == ENOTDIR
                 || err == ENOSPC || err == EROFS || err == EDQUOT)) {
        /* no read of a pipe fails so: the spool file of a large input */
        const char *dir = getenv("TMPDIR");
        tool_error("cannot read standard input: its temporary file in "
                   "'%s' (a large input is spooled there): %s",
                   dir != NULL && *dir != '\0' ? dir : "/tmp",
                   strerror(err));
    } else if (rc == SGF_EIO && err == EFBIG) {
        /* a file past the offsets of an input (LIMITS), or a device or
           pipe without end (/dev/zero) */
        struct stat st;
        bool file = cli_member_of(path) != NULL
                    || ((is_stdin ? fstat(STDIN_FILENO, &st)
                                  : stat(path, &st)) == 0
                        && S_ISREG(st.st_mode));
        tool_error("cannot read %s%s%s: more than 4,294,967,294 bytes (4 "
                   "GiB less 2), the most one input may hold%s",
                   is_stdin ? "" : "'", is_stdin ? "standard input" : path,
                   is_stdin ? "" : "'",
                   file ? "" : " (a device or pipe without end?)");
    } else if (rc == SGF_EIO && is_stdin)
        tool_error("cannot read standard input: %s", strerror(err));
    else if (rc == SGF_EIO)
        tool_error("cannot read '%s': %s", path, strerror(err));
    else
        tool_error("cannot parse '%s': %s", cli_display_name(path),
                   sgf_strerror(rc));
}

/* The descriptor the walk opened for the input it gave last, and the
 * walk's fstat of it when there is one. */
static const char *given_path;
static int given_fd = -1;
static struct stat given_st;
static bool given_has_st;

void cli_read_give_fd(const char *path, int fd, const struct stat *st)
{
    cli_read_drop_fd();
    if (fd < 0)
        return;
    given_path = path;
    given_fd = fd;
    given_has_st = st != NULL;
    if (st != NULL)
        given_st = *st;
}

void cli_read_drop_fd(void)
{
    if (given_fd >= 0)
        close(given_fd);
    given_fd = -1;
    given_path = NULL;
}

int cli_open_input_stat(const char *path, const struct stat **st)
{
    int fd;

    *st = NULL;
    if (strcmp(path, "-") == 0)
        return STDIN_FILENO;
    if (given_fd >= 0 && strcmp(path, given_path) == 0) {
        fd = given_fd;
        given_fd = -1;
        given_path = NULL;
        *st = given_has_st ? &given_st : NULL;
        return fd;
    }
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        tool_error("cannot open '%s': %s", path, strerror(errno));
    return fd;
}

int cli_open_input(const char *path)
{
    const struct stat *st;
    return cli_open_input_stat(path, &st);
}

/* Close what cli_open_input opened and report a failed parse. */
static int close_input(const char *path, int fd, int rc, int err)
{
    if (fd != STDIN_FILENO)
        close(fd);
    if (rc == SGF_OK)
        return TOOL_OK;
    report_read_error(path, rc, err);
    return TOOL_TROUBLE;
}

/* One input being read game by game (cli_read_games). */
struct games_run {
    cli_game_fn fn;
    void *payload;
    FILE *fp;
    const cli_diag_opts *d;
    cli_counts *n;
    const char *name;
    int status;
    cli_part *part;          /* the part of the input read, or NULL */
};

/* A part's diagnostics that its own cap left out, by code and severity
 * (the counts of the part's reading so far), and at the input's end the
 * place of the line that says how many of the input's were left out,
 * which the parent writes (cli-jobs.c: it knows the whole input's). */
static void part_left_out(struct games_run *r, sgf_collection *c, bool end)
{
    cli_part_report *rep = &r->part->rep;
    sgf_diag_counts all;
    cli_diag_left_out(c, NULL, &all);
    if (all.errors + all.warnings + all.notes > 0) {
        rep->left = all;
        for (unsigned k = 0; k < CLI_MAX_CODES; k++)
            rep->left_code[k] = (uint32_t)sgf_collection_code_left_out(
                c, (sgf_diag_code)k);
    }
    if (!end)
        return;
    cli_diag_input_end();
    fflush(r->fp);
    off_t at = lseek(fileno(r->fp), 0, SEEK_CUR);
    rep->marker = 1;
    rep->marker_stream = r->fp == stdout ? 0 : 1;
    rep->marker_at = at > 0 ? (uint64_t)at : 0;
    rep->quiet = r->d->quiet;
    rep->strict = r->d->strict;
    rep->format = (uint8_t)r->d->format;
}

static int each_game(void *arg, sgf_collection *c, sgf_game *g)
{
    struct games_run *r = arg;

    if (g != NULL) {              /* (a member's offsets are not the */
        r->n->games++;            /* archive's: its reader says those) */
        cli_progress_game(member != NULL ? CLI_PROGRESS_NO_OFFSET
                                         : sgf_node_offset(sgf_game_root(g)));
    }
    cli_progress_before(stdout);
    r->status = tool_worst(r->status, r->fn(r->payload, c, g));
    cli_flush_before_stderr();
    r->status = tool_worst(r->status, cli_print_diag_batch(r->fp, r->name,
                                                           c, r->d, r->n));
    if (r->part != NULL)
        part_left_out(r, c, g == NULL);
    else if (g == NULL)                /* the end of the input */
        cli_print_left_out(r->fp, r->name, c, r->d, r->n);
    return 0;
}

/* Whether fd is the file a part was cut from, as it was then. */
static bool same_file(const cli_part *p, int fd)
{
    struct stat st;
    return fstat(fd, &st) == 0 && (uint64_t)st.st_dev == p->dev
           && (uint64_t)st.st_ino == p->ino
           && (uint64_t)st.st_size == p->size
           && (int64_t)st.st_mtim.tv_sec == p->mtime_sec
           && (int64_t)st.st_mtim.tv_nsec == p->mtime_nsec;
}

int cli_read_games(const char *path, const sgf_parse_options *po,
                   cli_game_fn fn, void *payload, FILE *fp,
                   const cli_diag_opts *d, cli_counts *n)
{
    struct games_run r = { fn, payload, fp, d, n, cli_display_name(path),
                           TOOL_OK, cli_part_of(path) };
    int fd, rc, err;
    const cli_member *m = cli_member_of(path);
    const struct stat *st = NULL;       /* the walk's, of fd */

    if (m != NULL && m->fd < 0) {
        rc = sgf_parse_buffer_each(m->data, m->len, po, each_game, &r);
        if (rc != SGF_OK)
            report_read_error(path, rc, 0);
        rc = rc == SGF_OK ? TOOL_OK : TOOL_TROUBLE;
    } else if (m == NULL && (fd = cli_open_input_stat(path, &st)) < 0) {
        n->unreadable++;
        return TOOL_TROUBLE;
    } else if (m != NULL) {          /* its file: the archive reader's */
        errno = 0;
        rc = sgf_parse_fd_each(m->fd, po, each_game, &r);
        if (rc != SGF_OK)
            report_read_error(path, rc, errno);
        rc = rc == SGF_OK ? TOOL_OK : TOOL_TROUBLE;
    } else if (r.part != NULL && !same_file(r.part, fd)) {
        close(fd);                   /* renamed over, or written since */
        tool_error("'%s' changed while it was read", path);
        n->unreadable++;
        return TOOL_TROUBLE;
    } else if (r.part != NULL) {      /* one part of it (-j) */
        errno = 0;
        rc = sgf_parse_fd_part(fd, po, r.part->from, r.part->stop,
                               each_game, &r, &r.part->rep.end);
        err = errno;
        rc = close_input(path, fd, rc, err);
        r.part->rep.read = rc == TOOL_OK;
        for (unsigned k = 0; k < CLI_MAX_CODES; k++)
            if (!cli_diag_ignored(k))
                n->by_code[k] += r.part->rep.left_code[k];
    } else {
        errno = 0;
        rc = sgf_parse_fd_each_stat(fd, st, po, each_game, &r);
        err = errno;
        rc = close_input(path, fd, rc, err);
    }
    if (rc != TOOL_OK)
        n->unreadable++;
    else if (r.part == NULL || r.part->rep.end.at_end)
        n->files++;                /* once: by the input's last part */
    return tool_worst(rc, r.status);
}

int cli_check_charset(const char *name)
{
    iconv_t cd = iconv_open("UTF-8", name);

    if (cd == (iconv_t)-1) {
        tool_error("unknown charset '%s'", name);
        return -1;
    }
    iconv_close(cd);
    return 0;
}

int cli_rules_option(sgf_rules *out, const char *name)
{
    if (sgf_rules_preset(out, name) == 0)
        return 0;
    tool_error("unknown rule set '%s'; the rule sets are:", name);
    for (size_t i = 0; i < sgf_rules_preset_count(); i++)
        fprintf(stderr, "%s%s", i == 0 ? "  " : " ",
                sgf_rules_preset_name(i));
    fputc('\n', stderr);
    return -1;
}


int cli_parse_game(const char *arg, long *out)
{
    long v = cli_whole_number(arg, 1000000000L, NULL);
    if (v < 0) {
        tool_error("invalid --game '%s': a whole number from 0", arg);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_game_missing(const char *path, const cli_diag_opts *d,
                     size_t games)
{
    if (!d->one_game || (size_t)d->game < games)
        return TOOL_OK;
    tool_error("%s: no game %ld (the file holds %zu)",
               cli_display_name(path), d->game, games);
    return TOOL_TROUBLE;
}

/* The last --path's numbers (reachable to the end: options live as long
 * as the run). */
static unsigned *parsed_path;

int cli_parse_path(const char *arg, unsigned **path, size_t *len)
{
    const char *s = arg, *end = arg;
    size_t most = 1;
    for (const char *p = arg; *p != '\0'; p++)
        most += *p == '.';
    unsigned *to = malloc(most * sizeof *to);
    if (to == NULL) {
        tool_error("out of memory");
        return -1;
    }
    size_t n = 0;
    while (*s != '\0') {
        long v = cli_whole_number(s, 100000, &end);
        if (v < 0 || (*end != '.' && *end != '\0')
            || (*end == '.' && end[1] == '\0')) {
            tool_error("invalid --path '%s': numbers from 0 to 100000 "
                       "separated by '.'", arg);
            free(to);
            return -1;
        }
        to[n++] = (unsigned)v;
        s = *end == '.' ? end + 1 : end;
    }
    free(parsed_path);
    parsed_path = to;
    *path = to;
    *len = n;
    return 0;
}

void cli_path_fault(char *buf, size_t size, const sgf_collection *c,
                    const sgf_game *g, const unsigned *path, size_t len)
{
    const sgf_node *n = sgf_game_root(g);
    size_t used = 0;
    snprintf(buf, size, "it leaves the game tree");
    while (n != NULL && used < len) {
        size_t kids = sgf_node_child_count(n);
        if (kids < 2) {
            n = sgf_node_first_child(n);
            continue;
        }
        unsigned want = path[used++];
        if (want >= kids) {
            sgf_pos at = sgf_collection_pos(c, sgf_node_offset(n));
            snprintf(buf, size, "step %zu asks for variation %u of a "
                     "branching point with %zu (0 to %zu; line %lu)", used,
                     want, kids, kids - 1, (unsigned long)at.line);
            return;
        }
        n = sgf_node_first_child(n);
        for (unsigned i = 0; i < want; i++)
            n = sgf_node_next_sibling(n);
    }
    for (size_t had = used; used < len; used++)
        if (path[used] != 0) {
            if (had == 0)
                snprintf(buf, size, "step %zu asks for variation %u, and "
                         "the game tree has no branching point (one line, "
                         "variation 0)", used + 1, path[used]);
            else
                snprintf(buf, size, "step %zu asks for variation %u past "
                         "the last branching point of the line (the "
                         "line has %zu)", used + 1, path[used], had);
            return;
        }
}
