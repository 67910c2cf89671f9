/*
 * tools/cli.c - the helpers every sgf-* tool shares (see cli.h): the
 * option table turned into getopt_long's arguments and into --help, the
 * walk over operands, directories and --files-from lists, reading one
 * input, printing diagnostics and the summary, and checked closing of
 * stdout. Nothing here calls setlocale: every number prints the same in
 * every locale.
 */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <iconv.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *program_name = "sgf";
static int stdout_errno;   /* errno of the first failed flush of stdout */

/* --- status and messages ---------------------------------------------- */

int tool_worst(int a, int b)
{
    return a > b ? a : b;
}

void tool_init(const char *name)
{
    program_name = name;
}

/* Flush fp; for stdout, remember why the first failure happened, so that
 * tool_close_stdout can say it even when later writes succeed. */
static void flush(FILE *fp)
{
    if (fflush(fp) != 0 && fp == stdout && stdout_errno == 0)
        stdout_errno = errno;
}

void tool_error(const char *fmt, ...)
{
    va_list ap;

    flush(stdout);   /* keep stdout and stderr in order on a terminal */
    fprintf(stderr, "%s: ", program_name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int tool_close_stdout(void)
{
    bool failed_before = ferror(stdout) != 0;
    int err = stdout_errno;

    errno = 0;
    if (fclose(stdout) != 0 && err == 0)
        err = errno;
    if (err != 0) {
        tool_error("cannot write to standard output: %s", strerror(err));
        return TOOL_TROUBLE;
    }
    if (failed_before) {
        tool_error("cannot write to standard output");
        return TOOL_TROUBLE;
    }
    return TOOL_OK;
}

/* --- options ----------------------------------------------------------- */

static size_t option_count(const cli_option *o)
{
    size_t n = 0;
    while (o[n].long_name != NULL)
        n++;
    return n;
}

static int has_arg_of(const cli_option *o)
{
    if (o->arg_name == NULL)
        return no_argument;
    return (o->flags & CLI_ARG_OPTIONAL) ? optional_argument
                                         : required_argument;
}

/* getopt_long's tables, built from ours. The short string starts with ':'
 * so that a missing argument is told apart from an unknown option. */
static int build_getopt(const cli_option *opts, struct option **longs_out,
                        char **shorts_out)
{
    size_t i, j = 0, n = option_count(opts);
    struct option *longs = calloc(n + 1, sizeof *longs);
    char *shorts = malloc(3 * n + 2);

    if (longs == NULL || shorts == NULL) {
        free(longs);
        free(shorts);
        return -1;
    }
    shorts[j++] = ':';
    for (i = 0; i < n; i++) {
        int has = has_arg_of(&opts[i]);
        longs[i].name = opts[i].long_name;
        longs[i].has_arg = has;
        longs[i].val = opts[i].short_name;
        if (opts[i].short_name >= CLI_LONG_ONLY)
            continue;
        shorts[j++] = (char)opts[i].short_name;
        if (has != no_argument)
            shorts[j++] = ':';
        if (has == optional_argument)
            shorts[j++] = ':';
    }
    shorts[j] = '\0';
    *longs_out = longs;
    *shorts_out = shorts;
    return 0;
}

static const cli_option *find_option(const cli_option *opts, int id)
{
    for (; opts->long_name != NULL; opts++)
        if (opts->short_name == id)
            return opts;
    return NULL;
}

/* "--s": unknown, or the start of several long options? */
static void report_unknown_long(const cli_option *opts, const char *word)
{
    size_t len = strcspn(word + 2, "=");
    const cli_option *o;
    int matches = 0;

    for (o = opts; o->long_name != NULL; o++)
        matches += strncmp(o->long_name, word + 2, len) == 0;
    tool_error("%s option '--%.*s'", matches > 1 ? "ambiguous" : "unknown",
               (int)len, word + 2);
}

/* Say what was wrong with the option getopt_long just refused. */
static void report_bad_option(const cli_option *opts, int c, char **argv)
{
    const char *word = argv[optind - 1];
    const cli_option *o = optopt != 0 ? find_option(opts, optopt) : NULL;
    bool is_long = strncmp(word, "--", 2) == 0;

    if (c == ':' && o != NULL && is_long)
        tool_error("option '--%s' needs an argument", o->long_name);
    else if (c == ':')
        tool_error("option '-%c' needs an argument", optopt);
    else if (o != NULL && is_long)
        tool_error("option '--%s' takes no argument", o->long_name);
    else if (optopt != 0 && optopt < CLI_LONG_ONLY)
        tool_error("unknown option '-%c'", optopt);
    else
        report_unknown_long(opts, word);
}

static void print_try_help(const cli_tool *t)
{
    fprintf(stderr, "Try '%s --help' for more information.\n", t->name);
}

int cli_parse_args(const cli_tool *t, int argc, char **argv,
                   cli_option_fn fn, void *payload, int *first_operand)
{
    struct option *longs;
    char *shorts;
    int c, status = 0;

    if (build_getopt(t->options, &longs, &shorts) != 0) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    opterr = 0;
    optind = 1;
    while (status == 0
           && (c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
        if (c == '?' || c == ':') {
            report_bad_option(t->options, c, argv);
            status = TOOL_TROUBLE;
        } else if (fn(payload, c, optarg) != 0) {
            status = TOOL_TROUBLE;
        }
    }
    free(longs);
    free(shorts);
    if (status != 0)
        print_try_help(t);
    *first_operand = optind;
    return status;
}

/* "  -r, --recursive" or "      --files-from=FILE": the left column. */
static int format_option_left(char *buf, size_t size, const cli_option *o)
{
    char shortpart[8] = "    ";
    const char *arg = o->arg_name;
    bool optional = (o->flags & CLI_ARG_OPTIONAL) != 0;

    if (o->short_name < CLI_LONG_ONLY)
        snprintf(shortpart, sizeof shortpart, "-%c, ", o->short_name);
    return snprintf(buf, size, "  %s--%s%s%s%s%s", shortpart, o->long_name,
                    arg != NULL && optional ? "[" : "",
                    arg != NULL ? "=" : "", arg != NULL ? arg : "",
                    arg != NULL && optional ? "]" : "");
}

void cli_print_help(const cli_tool *t, FILE *fp)
{
    enum { HELP_COLUMN = 28 };
    const cli_option *o;
    char left[128];

    fprintf(fp, "Usage: %s %s\n%s\n\nOptions:\n", t->name, t->synopsis,
            t->purpose);
    for (o = t->options; o->long_name != NULL; o++) {
        int width = format_option_left(left, sizeof left, o);
        if (width < HELP_COLUMN - 1)
            fprintf(fp, "%-*s%s\n", HELP_COLUMN, left, o->help);
        else
            fprintf(fp, "%s\n%*s%s\n", left, HELP_COLUMN, "", o->help);
    }
    if (t->footer != NULL)
        fprintf(fp, "\n%s", t->footer);
}

void cli_print_version(const cli_tool *t, FILE *fp)
{
    fprintf(fp, "%s (libsgf) %s\n", t->name, sgf_version());
}

int cli_parse_format(const char *arg, cli_format *out)
{
    if (strcmp(arg, "text") == 0) {
        *out = CLI_FORMAT_TEXT;
        return 0;
    }
    if (strcmp(arg, "json") == 0) {
        *out = CLI_FORMAT_JSON;
        return 0;
    }
    tool_error("unknown format '%s' (text or json)", arg);
    return -1;
}

/* --- inputs ------------------------------------------------------------ */

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
    int status;
    size_t skipped;           /* inputs not read: a directory without -r
                                 or that cannot be read, a --files-from
                                 list that cannot be opened */
};

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
    return in;
}

static void trouble(cli_inputs *in)
{
    in->status = TOOL_TROUBLE;
}

static bool has_sgf_suffix(const char *name)
{
    static const char suffix[] = ".sgf";
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

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
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
        names[count] = strdup(e->d_name);
        if (names[count++] == NULL)
            err = ENOMEM;
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
        in->skipped++;
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

/* The next *.sgf file of the directories being walked, or NULL when the
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
        name = f->names[f->next++];
        if (join_path(in, f->dir, name) != 0) {
            tool_error("out of memory");
            trouble(in);
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
         * named *.sgf in a tree would block or never end */
        if (has_sgf_suffix(name) && stat(in->path, &st) == 0
            && S_ISREG(st.st_mode))
            return in->path;
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
        in->skipped++;
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
    return in != NULL ? in->skipped : 0;
}

/* An operand or a listed name: directories are entered (with -r) or
 * refused; anything else is returned as it is, and a name that cannot be
 * opened is reported when it is read. NULL = nothing to return. */
static const char *take_name(cli_inputs *in, const char *name)
{
    struct stat st;

    if (stat(name, &st) != 0 || !S_ISDIR(st.st_mode))
        return name;
    if (!in->opts.recursive) {
        tool_error("'%s' is a directory (use -r to read its *.sgf files)",
                   name);
        trouble(in);
        in->skipped++;
        return NULL;
    }
    push_dir(in, name);
    return NULL;
}

const char *cli_inputs_next(cli_inputs *in)
{
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
    close_list(in);
    status = in->status;
    free(in->stack);
    free(in->line);
    free(in->path);
    free(in);
    return status;
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
    else if (rc == SGF_EIO && is_stdin)
        tool_error("cannot read standard input: %s", strerror(err));
    else if (rc == SGF_EIO)
        tool_error("cannot read '%s': %s", path, strerror(err));
    else
        tool_error("cannot parse '%s': %s", cli_display_name(path),
                   sgf_strerror(rc));
}

/* Open path ("-" = stdin). Returns the descriptor, or -1 after a
 * message. */
static int open_input(const char *path)
{
    int fd;

    if (strcmp(path, "-") == 0)
        return STDIN_FILENO;
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        tool_error("cannot open '%s': %s", path, strerror(errno));
    return fd;
}

/* Close what open_input opened and report a failed parse. */
static int close_input(const char *path, int fd, int rc, int err)
{
    if (fd != STDIN_FILENO)
        close(fd);
    if (rc == SGF_OK)
        return TOOL_OK;
    report_read_error(path, rc, err);
    return TOOL_TROUBLE;
}

int cli_read_input(const char *path, const sgf_parse_options *po,
                   sgf_collection **out)
{
    int fd, rc, err;

    *out = NULL;
    if ((fd = open_input(path)) < 0)
        return TOOL_TROUBLE;
    errno = 0;
    rc = sgf_parse_fd(out, fd, po);
    err = errno;
    if (rc != SGF_OK) {
        sgf_collection_free(*out);
        *out = NULL;
    }
    return close_input(path, fd, rc, err);
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
};

static void print_left_out(FILE *fp, const char *name,
                           const sgf_collection *c, const cli_diag_opts *o);

static int each_game(void *arg, sgf_collection *c, sgf_game *g)
{
    struct games_run *r = arg;

    r->status = tool_worst(r->status, r->fn(r->payload, c, g));
    fflush(stdout);
    r->status = tool_worst(r->status, cli_print_diag_batch(r->fp, r->name,
                                                           c, r->d, r->n));
    if (g == NULL)                     /* the end of the input */
        print_left_out(r->fp, r->name, c, r->d);
    return 0;
}

int cli_read_games(const char *path, const sgf_parse_options *po,
                   cli_game_fn fn, void *payload, FILE *fp,
                   const cli_diag_opts *d, cli_counts *n)
{
    struct games_run r = { fn, payload, fp, d, n, cli_display_name(path),
                           TOOL_OK };
    int fd, rc, err;

    if ((fd = open_input(path)) < 0) {
        n->unreadable++;
        return TOOL_TROUBLE;
    }
    errno = 0;
    rc = sgf_parse_fd_each(fd, po, each_game, &r);
    err = errno;
    rc = close_input(path, fd, rc, err);
    if (rc != TOOL_OK)
        n->unreadable++;
    else
        n->files++;
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

/* --- diagnostics ------------------------------------------------------- */

static void print_one(FILE *fp, const char *name, const sgf_collection *c,
                      const sgf_diag *d, cli_format format)
{
    int width = 0, height = 0;
    const sgf_game *g;

    if (format == CLI_FORMAT_TEXT) {
        sgf_diag_print_text(fp, name, d);
        return;
    }
    g = d->game >= 0 ? sgf_collection_game(c, (size_t)d->game) : NULL;
    if (g != NULL)
        sgf_game_board_size(g, &width, &height);
    sgf_diag_print_json(fp, name, d, width, height);
}

static bool counts_as_error(const cli_diag_opts *o, sgf_severity sev)
{
    return sev == SGF_SEV_ERROR || (o->strict && sev == SGF_SEV_WARNING);
}

/* Diagnostics in the order of their positions in the input, those
 * without a position first, ties in the order found: the library lists
 * them stage by stage (syntax, then properties). */
struct ordered {
    const sgf_diag *d;
    size_t index;
};

static int compare_diags(const void *a, const void *b)
{
    const struct ordered *x = a, *y = b;
    bool xpos = x->d->pos.line > 0, ypos = y->d->pos.line > 0;

    if (xpos != ypos)
        return xpos ? 1 : -1;
    if (xpos && x->d->pos.offset != y->d->pos.offset)
        return x->d->pos.offset < y->d->pos.offset ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* The collection's diagnostics sorted, or NULL when out of memory (then
 * they are printed in the order found). */
static struct ordered *sort_diags(const sgf_collection *c, size_t count)
{
    struct ordered *v = malloc((count ? count : 1) * sizeof *v);
    size_t i;

    if (v == NULL)
        return NULL;
    for (i = 0; i < count; i++) {
        v[i].d = sgf_collection_diag(c, i);
        v[i].index = i;
    }
    qsort(v, count, sizeof *v, compare_diags);
    return v;
}

/* One line for the diagnostics of the input that the library left out
 * of its list (at most SGF_PARSE_MAX_DIAGS of each code are kept): how
 * many, so that a reader knows the list is not all. With quiet, only
 * when some of them count as errors. */
static void print_left_out(FILE *fp, const char *name,
                           const sgf_collection *c, const cli_diag_opts *o)
{
    sgf_diag_counts lo;
    unsigned long all;

    sgf_collection_diags_left_out(c, NULL, &lo);
    all = (unsigned long)(lo.errors + lo.warnings + lo.notes);
    if (all == 0 || (o->quiet && lo.errors == 0
                     && !(o->strict && lo.warnings > 0)))
        return;
    if (o->format == CLI_FORMAT_JSON) {
        fputs("{\"file\":", fp);
        cli_json_string(fp, name);
        fprintf(fp, ",\"left_out\":%lu,\"errors\":%lu,\"warnings\":%lu,"
                "\"notes\":%lu}\n", all, (unsigned long)lo.errors,
                (unsigned long)lo.warnings, (unsigned long)lo.notes);
    } else {
        fprintf(fp, "%s: %lu more diagnostic%s left out (%lu error%s, %lu "
                "warning%s, %lu note%s): at most %u of each code are "
                "listed per input\n", name, all, all == 1 ? " was" : "s were",
                (unsigned long)lo.errors, lo.errors == 1 ? "" : "s",
                (unsigned long)lo.warnings, lo.warnings == 1 ? "" : "s",
                (unsigned long)lo.notes, lo.notes == 1 ? "" : "s",
                SGF_PARSE_MAX_DIAGS);
    }
    flush(fp);
}

int cli_print_diags(FILE *fp, const char *name, const sgf_collection *c,
                    const cli_diag_opts *o, cli_counts *n)
{
    int st;

    n->files++;
    st = cli_print_diag_batch(fp, name, c, o, n);
    print_left_out(fp, name, c, o);
    return st;
}

int cli_print_diag_batch(FILE *fp, const char *name,
                         const sgf_collection *c, const cli_diag_opts *o,
                         cli_counts *n)
{
    size_t i, count = sgf_collection_diag_count(c);
    struct ordered *sorted = sort_diags(c, count);
    bool printed = false, invalid = false;
    sgf_diag_counts lo;

    for (i = 0; i < count; i++) {
        const sgf_diag *d = sorted ? sorted[i].d : sgf_collection_diag(c, i);
        bool is_error = counts_as_error(o, d->severity);

        if (d->severity == SGF_SEV_ERROR)
            n->errors++;
        else if (d->severity == SGF_SEV_WARNING)
            n->warnings++;
        else
            n->notes++;
        invalid = invalid || is_error;
        if (o->quiet && !is_error)
            continue;
        print_one(fp, name, c, d, o->format);
        printed = true;
    }
    free(sorted);
    if (printed)
        flush(fp);
    /* those left out of the list count all the same (the line saying so
     * comes at the end of the input: print_left_out) */
    sgf_collection_diags_left_out(c, &lo, NULL);
    n->errors += lo.errors;
    n->warnings += lo.warnings;
    n->notes += lo.notes;
    invalid = invalid || lo.errors > 0 || (o->strict && lo.warnings > 0);
    return invalid ? TOOL_INVALID : TOOL_OK;
}

static void print_count(unsigned long count, const char *what,
                        const char *sep)
{
    fprintf(stderr, "%s%lu %s%s", sep, count, what, count == 1 ? "" : "s");
}

void cli_print_summary(const cli_counts *n)
{
    flush(stdout);
    fprintf(stderr, "%s: ", program_name);
    print_count(n->files, "file", "");
    print_count(n->errors, "error", ", ");
    print_count(n->warnings, "warning", ", ");
    if (n->notes > 0)
        print_count(n->notes, "note", ", ");
    if (n->unreadable > 0) {
        print_count(n->unreadable, "file", "; ");
        fputs(" could not be read", stderr);
    }
    fputc('\n', stderr);
}

void cli_json_string(FILE *fp, const char *s)
{
    putc('"', fp);
    for (; *s != '\0'; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(fp, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(fp, "\\u%04x", ch);
        else
            putc(ch, fp);
    }
    putc('"', fp);
}

int cli_run(const cli_tool *t, int argc, char **argv,
            const cli_run_hooks *h)
{
    cli_inputs *in;
    cli_counts n = { 0, 0, 0, 0, 0 };
    const char *path;
    int first, hv, status = TOOL_OK;

    tool_init(t->name);
    if (cli_parse_args(t, argc, argv, h->on_option, h->payload, &first)
        != 0)
        return TOOL_TROUBLE;
    hv = cli_help_or_version(t, *h->help, *h->version);
    if (hv >= 0)
        return hv;
    in = cli_inputs_open(argv + first, argc - first, h->in);
    if (in == NULL)
        return TOOL_TROUBLE;
    if (h->start != NULL && h->start(h->payload) != TOOL_OK) {
        cli_inputs_close(in);
        return TOOL_TROUBLE;
    }
    while ((path = cli_inputs_next(in)) != NULL)
        status = tool_worst(status, h->file(h->payload, path, &n));
    n.unreadable += cli_inputs_skipped(in);
    status = tool_worst(status, cli_inputs_close(in));
    if (h->finish != NULL)
        status = h->finish(h->payload, status);
    if (h->quiet != NULL && !*h->quiet)
        cli_print_summary(&n);
    return tool_worst(status, tool_close_stdout());
}

int cli_help_or_version(const cli_tool *t, bool help, bool version)
{
    if (!help && !version)
        return -1;
    if (help)
        cli_print_help(t, stdout);
    else
        cli_print_version(t, stdout);
    return tool_close_stdout();
}
