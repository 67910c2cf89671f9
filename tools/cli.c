/*
 * tools/cli.c - what every sgf-* tool shares at its core (see cli.h):
 * exit statuses, messages on standard error, checked closing of standard
 * output, and the option table turned into getopt_long's arguments and
 * into --help. The input walk is in cli-inputs.c, reading in cli-read.c,
 * diagnostics in cli-diag.c, a whole run in cli-run.c. Nothing here calls
 * setlocale: every number prints the same in every locale.
 */
/* syscall(2) for kcmp (cli_streams_one) */
#define _DEFAULT_SOURCE 1
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static const char *program_name = "sgf";
static int progress_option = -1;    /* --progress 1, --no-progress 0 */
static unsigned jobs_option = 1;    /* -j N */

unsigned cli_jobs_option(void)
{
    return jobs_option;
}

static const int end_signals[CLI_END_SIGNALS] = { SIGINT, SIGTERM, SIGHUP,
                                                   SIGQUIT };

void cli_end_signals_set(sigset_t *s)
{
    sigemptyset(s);
    for (int k = 0; k < CLI_END_SIGNALS; k++)
        sigaddset(s, end_signals[k]);
}

void cli_end_signals_catch(void (*handler)(int), struct sigaction *old,
                           bool *set)
{
    struct sigaction sa, was;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sa.sa_flags = SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    for (int k = 0; k < CLI_END_SIGNALS; k++) {
        bool on = sigaction(end_signals[k], NULL, &was) == 0
                  && was.sa_handler == SIG_DFL
                  && sigaction(end_signals[k], &sa, NULL) == 0;
        if (old != NULL)
            old[k] = was;
        if (set != NULL)
            set[k] = on;
    }
}

void cli_end_signals_restore(const struct sigaction *old, const bool *set)
{
    for (int k = 0; k < CLI_END_SIGNALS; k++)
        if (set[k])
            sigaction(end_signals[k], &old[k], NULL);
}

long cli_whole_number(const char *s, long max, const char **end)
{
    long v = 0;
    const char *p = s;
    if (*p < '0' || *p > '9')
        return -1;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > (max - (*p - '0')) / 10)
            return -1;                  /* over max (no overflow) */
        v = v * 10 + (*p - '0');
    }
    if (end != NULL)
        *end = p;
    else if (*p != '\0')
        return -1;
    return v;
}

/* -j's argument: a whole number from 0 (every core) to 1024. */
static int parse_jobs(const char *arg)
{
    long v = cli_whole_number(arg, 1024, NULL);
    if (v < 0) {
        tool_error("invalid -j '%s': a number of processes from 0 (one per "
                   "core) to 1024", arg);
        return -1;
    }
    if (v == 0) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        v = cores > 0 ? cores : 1;
    }
    jobs_option = (unsigned)v;
    return 0;
}

int cli_progress_option(void)
{
    return progress_option;
}
static int stdout_errno;   /* errno of the first failed flush of stdout */
static char last_error[512];        /* the last message of tool_error */
static unsigned long error_count;   /* how many tool_error printed */

void cli_note_error(const char *msg)
{
    snprintf(last_error, sizeof last_error, "%s", msg);
    error_count++;
}

const char *cli_last_error(unsigned long *count)
{
    if (count != NULL)
        *count = error_count;
    return last_error;
}

const char *cli_program_name(void)
{
    return program_name;
}

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
void cli_flush(FILE *fp)
{
    if (fflush(fp) != 0)
        cli_write_failed(fp, errno);
}

bool cli_streams_one(void)
{
    struct stat a, b;
    if (fstat(STDOUT_FILENO, &a) != 0 || fstat(STDERR_FILENO, &b) != 0
        || a.st_dev != b.st_dev || a.st_ino != b.st_ino)
        return false;
    if (!S_ISREG(a.st_mode))
        return true;
#if defined(__linux__) && defined(SYS_kcmp)
    pid_t self = getpid();        /* the same open file description? */
    long same = syscall(SYS_kcmp, (long)self, (long)self, 0L /* KCMP_FILE */,
                        (long)STDOUT_FILENO, (long)STDERR_FILENO);
    if (same >= 0)
        return same == 0;
#endif
    return (fcntl(STDOUT_FILENO, F_GETFL) & O_APPEND)  /* both at the end */
           && (fcntl(STDERR_FILENO, F_GETFL) & O_APPEND);
}

bool cli_stdout_discarded(void)
{
    struct stat st, null;
    int fl = fcntl(STDOUT_FILENO, F_GETFL);
    return fl >= 0 && (fl & O_ACCMODE) != O_RDONLY
           && fstat(STDOUT_FILENO, &st) == 0 && S_ISCHR(st.st_mode)
           && stat("/dev/null", &null) == 0 && st.st_rdev == null.st_rdev;
}

void cli_flush_before_stderr(void)
{
    static int shared = -1;             /* found once */
    struct stat out, err;
    if (shared < 0)                     /* one file, even opened twice */
        shared = (fstat(STDOUT_FILENO, &out) != 0
                  || fstat(STDERR_FILENO, &err) != 0
                  || (out.st_dev == err.st_dev && out.st_ino == err.st_ino))
                 && !cli_stdout_discarded();
    if (shared)
        cli_flush(stdout);
}

void cli_write_failed(FILE *fp, int err)
{
    if (fp == stdout && stdout_errno == 0)
        stdout_errno = err;
}

int cli_write_error(void)
{
    cli_flush(stdout);
    int err_flush = fflush(stderr) != 0 ? errno : 0;
    if (stdout_errno != 0)
        return stdout_errno;
    if (err_flush != 0)
        return err_flush;
    return ferror(stdout) || ferror(stderr) ? EIO : 0;
}

/* Messages held (cli_hold_errors): where they go, made when the first
 * comes. */
static bool holding;
static FILE *held;
static char *held_text;
static size_t held_len;

void cli_hold_errors(bool on)
{
    holding = on;
}

char *cli_held_errors(void)
{
    char *text;
    if (held == NULL)
        return NULL;
    if (fclose(held) != 0) {
        free(held_text);
        held_text = NULL;
    }
    text = held_text;
    held = NULL;
    held_text = NULL;
    held_len = 0;
    return text;
}

void cli_write_held(char *text)
{
    if (text == NULL)
        return;
    cli_flush(stdout);
    cli_progress_before(stderr);
    fputs(text, stderr);
    fflush(stderr);
    free(text);
}

void tool_error(const char *fmt, ...)
{
    char small[512], *msg = small;
    FILE *to = stderr;
    va_list ap;
    int len;

    if (holding && held == NULL)
        held = open_memstream(&held_text, &held_len);
    if (holding && held != NULL) {
        to = held;
    } else {
        cli_flush(stdout);  /* keep stdout and stderr in order on a terminal */
        cli_progress_before(stderr);
    }
    va_start(ap, fmt);
    len = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (len >= (int)sizeof small && (msg = malloc((size_t)len + 1)) != NULL) {
        va_start(ap, fmt);
        vsnprintf(msg, (size_t)len + 1, fmt, ap);
        va_end(ap);
    }
    if (msg == NULL || len < 0)
        msg = small;
    /* a message is one line: a name or value holding a newline or another
     * control character must not end it or forge the next one */
    fprintf(to, "%s: ", program_name);
    sgf_print_name(to, msg);
    fputc('\n', to);
    snprintf(last_error, sizeof last_error, "%s", msg);
    error_count++;
    if (msg != small)
        free(msg);
}

int tool_close_stdout(void)
{
    bool failed_before;
    int err;

    cli_flush(stdout);     /* whatever is pending: its failure is recorded */
    failed_before = ferror(stdout) != 0;
    err = stdout_errno;

    errno = 0;
    /* EBADF from the close alone, with nothing written: standard output
     * was closed (">&-") and the run never meant to use it (-o FILE) */
    if (fclose(stdout) != 0 && err == 0 && errno != EBADF)
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
        } else if (c == CLI_OPT_PROGRESS || c == CLI_OPT_NO_PROGRESS) {
            progress_option = c == CLI_OPT_PROGRESS;
        } else if (c == CLI_OPT_IGNORE) {
            if (cli_parse_ignore(optarg) != 0)
                status = TOOL_TROUBLE;
        } else if (c == 'j') {
            if (parse_jobs(optarg) != 0)
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

