/*
 * tools/cli-inputs.c - the walk over a run's inputs (cli.h, "inputs"):
 * operands, directories with -r (sorted, depth first, links to
 * directories skipped), --files-from lists.
 */
/* d_type and DT_* of readdir (BSD, glibc): the walk then needs no stat
 * for most entries; without them every entry is stat'ed */
#define _DEFAULT_SOURCE 1
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A directory being walked: its sorted entry names and where we are. */
struct frame {
    char *dir;
    char **names;
    size_t count, next;
};

struct cli_inputs {
    char **operands;
    size_t count, next_operand;
    cli_input_opts opts;
    FILE *list;               /* open --files-from, or NULL */
    bool list_started;
    char *line;               /* getdelim buffer */
    size_t line_cap;
    struct frame *stack;
    size_t depth, stack_cap;
    char *path;               /* the path returned last */
    size_t path_cap;
    bool default_stdin;       /* no operands, no list: read stdin */
    struct stat last_st;      /* the stat of the name returned last, */
    bool has_last_st;         /* when the walk made one */
    long long last_size;      /* of the name returned last, when a stat
                                 of it was made on the way; else -1 */
    bool keep_open;           /* names given or listed are opened, not
                                 stat'ed (cli_inputs_keep_open) */
    int last_fd;              /* the name returned last opened, or -1 */
    int status;
    size_t skipped;           /* inputs not read: a directory without -r
                                 or that cannot be read, a --files-from
                                 list that cannot be opened */
    char **skip_name;         /* each one's name and what was said of it
                                 (NULL when memory ran out: counted
                                 still), for its input record */
    char **skip_said;
    size_t skipped_unnamed;   /* skipped, but no memory to name them */
};

/* One more input not read, name, after the message that says why. */
static void skip(cli_inputs *in, const char *name)
{
    size_t k = in->skipped++;
    char **n = realloc(in->skip_name, in->skipped * sizeof *n);
    if (n != NULL)
        in->skip_name = n;
    char **m = realloc(in->skip_said, in->skipped * sizeof *m);
    if (m != NULL)
        in->skip_said = m;
    if (n == NULL || m == NULL) {
        in->skipped--;                  /* (counted, not named) */
        in->skipped_unnamed++;
        return;
    }
    unsigned long count;
    const char *said = cli_last_error(&count);
    in->skip_name[k] = strdup(name);
    in->skip_said[k] = said != NULL ? strdup(said) : NULL;
}

static const char *const stdin_name = "-";

cli_inputs *cli_inputs_open(char **operands, int count,
                            const cli_input_opts *o)
{
    cli_inputs *in;
    int i;

    for (i = 0; o->files_from != NULL && i < count; i++)
        if (strcmp(o->files_from, "-") == 0
            && strcmp(operands[i], "-") == 0) {
            tool_error("'-' given both as an input and as --files-from");
            fprintf(stderr, "Try '%s --help' for more information.\n",
                    cli_program_name());   /* a usage error, as the others */
            return NULL;
        }
    in = calloc(1, sizeof *in);
    if (in == NULL) {
        tool_error("out of memory");
        return NULL;
    }
    in->operands = operands;
    in->count = (size_t)count;
    in->opts = *o;
    in->default_stdin = count == 0 && o->files_from == NULL;
    in->last_fd = -1;
    return in;
}

static void trouble(cli_inputs *in)
{
    in->status = TOOL_TROUBLE;
}

static bool has_suffix(const char *name, const char *suffix)
{
    size_t i, len = strlen(name);

    if (len < 4)
        return false;
    for (i = 0; i < 4; i++) {
        char ch = name[len - 4 + i];
        if (ch >= 'A' && ch <= 'Z')
            ch = (char)(ch - 'A' + 'a');
        if (ch != suffix[i])
            return false;
    }
    return true;
}

/* By name, after the type byte. */
static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a + 1, *(char *const *)b + 1);
}

static void free_names(char **names, size_t count)
{
    size_t i;
    for (i = 0; i < count; i++)
        free(names[i]);
    free(names);
}

/* The entries of dir, hidden ones left out, sorted. 0 or -1 (errno set;
 * ENOMEM for allocation). */
static int read_names(const char *dir, char ***out, size_t *count_out)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t count = 0, cap = 0;
    int err = 0;

    if (d == NULL)
        return -1;
    while (err == 0 && (errno = 0, e = readdir(d)) != NULL) {
        char **grown;
        if (e->d_name[0] == '.')
            continue;
        if (count == cap) {
            cap = cap ? 2 * cap : 64;
            grown = realloc(names, cap * sizeof *names);
            if (grown == NULL) {
                err = ENOMEM;
                break;
            }
            names = grown;
        }
        /* the entry's type first (one byte), when readdir tells it: a
         * walk over 100,000 files then stats none of the regular ones */
        size_t len = strlen(e->d_name);
        names[count] = malloc(len + 2);
        if (names[count] == NULL) {
            err = ENOMEM;
            break;
        }
#if defined(DT_DIR) && defined(DT_REG)
        names[count][0] = e->d_type == DT_DIR ? 'd'
                        : e->d_type == DT_REG ? 'r' : '?';
#else
        names[count][0] = '?';
#endif
        memcpy(names[count++] + 1, e->d_name, len + 1);
    }
    if (err == 0 && errno != 0)
        err = errno;
    closedir(d);
    if (err != 0) {
        free_names(names, count);
        errno = err;
        return -1;
    }
    if (count > 0)
        qsort(names, count, sizeof *names, compare_names);
    *out = names;
    *count_out = count;
    return 0;
}

static void push_dir(cli_inputs *in, const char *dir)
{
    struct frame f = { NULL, NULL, 0, 0 };

    if (in->depth == in->stack_cap) {
        size_t cap = in->stack_cap ? 2 * in->stack_cap : 8;
        struct frame *grown = realloc(in->stack, cap * sizeof *grown);
        if (grown == NULL) {
            tool_error("out of memory");
            trouble(in);
            return;
        }
        in->stack = grown;
        in->stack_cap = cap;
    }
    if (read_names(dir, &f.names, &f.count) != 0) {
        tool_error("cannot read directory '%s': %s", dir, strerror(errno));
        trouble(in);
        skip(in, dir);
        return;
    }
    f.dir = strdup(dir);
    if (f.dir == NULL) {
        free_names(f.names, f.count);
        tool_error("out of memory");
        trouble(in);
        return;
    }
    in->stack[in->depth++] = f;
}

static void pop_dir(cli_inputs *in)
{
    struct frame *f = &in->stack[--in->depth];
    free_names(f->names, f->count);
    free(f->dir);
}

/* in->path = dir "/" name, without doubling a trailing '/'. */
static int join_path(cli_inputs *in, const char *dir, const char *name)
{
    size_t dlen = strlen(dir), nlen = strlen(name);
    bool slash = dlen > 0 && dir[dlen - 1] == '/';
    size_t need = dlen + !slash + nlen + 1;

    if (need > in->path_cap) {
        char *grown = realloc(in->path, need);
        if (grown == NULL)
            return -1;
        in->path = grown;
        in->path_cap = need;
    }
    memcpy(in->path, dir, dlen);
    if (!slash)
        in->path[dlen++] = '/';
    memcpy(in->path + dlen, name, nlen + 1);
    return 0;
}

static int open_name(const char *name, struct stat *st);

/* st, the stat of the name the walk returns, kept for the reader. */
static void keep_stat(cli_inputs *in, const struct stat *st)
{
    in->last_size = S_ISREG(st->st_mode) ? (long long)st->st_size : 0;
    in->last_st = *st;
    in->has_last_st = true;
}

/* A regular file of a folder walked, opened for the reader when it takes
 * each name as it comes (cli_inputs_keep_open), as take_name opens a name
 * given: left to the reader when it cannot be opened, or is a folder by
 * now. */
static void open_found(cli_inputs *in, const char *path)
{
    struct stat st;
    if (!in->keep_open || cli_is_archive_name(path))
        return;
    int fd = open_name(path, &st);
    if (fd >= 0 && S_ISDIR(st.st_mode))
        close(fd);
    else if (fd >= 0) {
        in->last_fd = fd;
        keep_stat(in, &st);
    }
}

/* The next *.sgf file (the members' ending: cli_archive_member_suffix) or
 * archive of the directories being walked, or NULL when the
 * walk is over. Subdirectories are entered where they sort. */
static const char *next_in_dirs(cli_inputs *in)
{
    while (in->depth > 0) {
        struct frame *f = &in->stack[in->depth - 1];
        const char *name;
        struct stat st;

        if (f->next == f->count) {
            pop_dir(in);
            continue;
        }
        char type = f->names[f->next][0];
        name = f->names[f->next++] + 1;
        bool wanted = has_suffix(name, cli_archive_member_suffix())
                      || cli_walk_takes_archive(name);
        if (type == 'r' && !wanted)
            continue;
        if (join_path(in, f->dir, name) != 0) {
            tool_error("out of memory");
            trouble(in);
            continue;
        }
        if (type == 'r') {           /* a regular file: no stat needed */
            open_found(in, in->path);
            return in->path;
        }
        if (type == 'd') {
            push_dir(in, in->path);
            continue;
        }
        if (lstat(in->path, &st) == 0 && S_ISDIR(st.st_mode)) {
            push_dir(in, in->path);
            continue;
        }
        if (lstat(in->path, &st) == 0 && S_ISLNK(st.st_mode)
            && stat(in->path, &st) == 0 && S_ISDIR(st.st_mode))
            continue;
        /* only regular files (a link to one too): a fifo or a device
         * named *.sgf in a tree would block or never end, so it is said
         * and not read; a link to nothing is read, to be said as a name
         * given is ("cannot open"): no name wanted is passed over */
        if (!wanted)
            continue;
        if (stat(in->path, &st) != 0 || S_ISREG(st.st_mode))
            return in->path;
        tool_error("'%s' is not a regular file (a fifo or a device): "
                   "not read", in->path);
        trouble(in);
        skip(in, in->path);
    }
    return NULL;
}

static bool open_list(cli_inputs *in)
{
    const char *name = in->opts.files_from;

    in->list_started = true;
    if (strcmp(name, "-") == 0) {
        in->list = stdin;
        return true;
    }
    in->list = fopen(name, "r");
    if (in->list == NULL) {
        tool_error("cannot open the list of names '%s': %s", name,
                   strerror(errno));
        trouble(in);
        skip(in, name);
        return false;
    }
    return true;
}

static void close_list(cli_inputs *in)
{
    if (in->list != NULL && in->list != stdin)
        fclose(in->list);
    in->list = NULL;
}

/* The next non-empty name of the --files-from list, or NULL. */
static const char *next_listed(cli_inputs *in)
{
    int delim = in->opts.null_names ? '\0' : '\n';

    if (!in->list_started && !open_list(in))
        return NULL;
    while (in->list != NULL) {
        ssize_t len;
        errno = 0;
        len = getdelim(&in->line, &in->line_cap, delim, in->list);
        if (len < 0) {
            if (ferror(in->list)) {
                tool_error("cannot read '%s': %s", in->opts.files_from,
                           strerror(errno));
                trouble(in);
            }
            close_list(in);
            break;
        }
        if (len > 0 && in->line[len - 1] == (char)delim)
            in->line[--len] = '\0';
        if (len > 0)
            return strcmp(in->line, "-") == 0 ? "./-" : in->line;
    }
    return NULL;
}

size_t cli_inputs_skipped(const cli_inputs *in)
{
    return in != NULL ? in->skipped + in->skipped_unnamed : 0;
}

const char *cli_inputs_skipped_name(const cli_inputs *in, size_t i,
                                    const char **said)
{
    *said = NULL;
    if (in == NULL || i >= in->skipped)
        return NULL;
    *said = in->skip_said[i];
    return in->skip_name[i];
}

/* name opened for reading as the reader opens it, and its stat: one
 * walk of the path instead of two (a stat, then the reader's open). The
 * reader takes each name as it comes (cli_inputs_keep_open), so a fifo
 * that waits here for its writer waits where the reader would have.
 * -1 when it cannot be opened: the caller stats it as without this. */
static int open_name(const char *name, struct stat *st)
{
    int fd = open(name, O_RDONLY | O_CLOEXEC);
    if (fd >= 0 && fstat(fd, st) != 0) {
        close(fd);
        fd = -1;
    }
    return fd;
}

/* An operand or a listed name: directories are entered (with -r) or
 * refused; anything else is returned as it is, and a name that cannot be
 * opened is reported when it is read. NULL = nothing to return. */
static const char *take_name(cli_inputs *in, const char *name)
{
    struct stat st;
    /* (not an archive: libarchive opens it by name, and a descriptor
       held here would keep a fifo's first writer for it to wait past) */
    int fd = in->keep_open && !cli_is_archive_name(name)
             ? open_name(name, &st) : -1;

    if (fd < 0 && stat(name, &st) != 0)
        return name;
    if (fd >= 0 && !S_ISDIR(st.st_mode))
        in->last_fd = fd;
    else if (fd >= 0)
        close(fd);
    if (!S_ISDIR(st.st_mode)) {
        keep_stat(in, &st);
        return name;
    }
    if (!in->opts.recursive) {
        tool_error("'%s' is a directory (use -r to read its *.sgf files)",
                   name);
        trouble(in);
        skip(in, name);
        return NULL;
    }
    push_dir(in, name);
    return NULL;
}

long long cli_inputs_last_size(const cli_inputs *in)
{
    return in->last_size;
}

const struct stat *cli_inputs_last_stat(const cli_inputs *in)
{
    return in->has_last_st ? &in->last_st : NULL;
}

void cli_inputs_keep_open(cli_inputs *in, bool on)
{
    in->keep_open = on;
}

int cli_inputs_take_fd(cli_inputs *in)
{
    int fd = in->last_fd;
    in->last_fd = -1;
    return fd;
}

static void drop_fd(cli_inputs *in)
{
    if (in->last_fd >= 0)
        close(in->last_fd);
    in->last_fd = -1;
}

const char *cli_inputs_next(cli_inputs *in)
{
    drop_fd(in);
    in->last_size = -1;
    in->has_last_st = false;
    for (;;) {
        const char *name = next_in_dirs(in);
        if (name != NULL)
            return name;
        if (in->default_stdin) {
            in->default_stdin = false;
            return stdin_name;
        }
        if (in->next_operand < in->count) {
            name = in->operands[in->next_operand++];
            if (strcmp(name, "-") == 0)
                return stdin_name;
        } else if (in->opts.files_from != NULL) {
            name = next_listed(in);
            if (name == NULL)
                return NULL;
        } else {
            return NULL;
        }
        name = take_name(in, name);
        if (name != NULL)
            return name;
    }
}

int cli_inputs_close(cli_inputs *in)
{
    int status;

    if (in == NULL)
        return TOOL_OK;
    while (in->depth > 0)
        pop_dir(in);
    drop_fd(in);
    close_list(in);
    status = in->status;
    for (size_t i = 0; i < in->skipped; i++) {
        free(in->skip_name[i]);
        free(in->skip_said[i]);
    }
    free(in->skip_name);
    free(in->skip_said);
    free(in->stack);
    free(in->line);
    free(in->path);
    free(in);
    return status;
}

