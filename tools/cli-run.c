/*
 * tools/cli-run.c - a tool's whole run (cli_run): options, inputs, the
 * per-input work, the summary line.
 */
#include "cli.h"
#include "cli-jobs.h"
#include "json.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void print_count(unsigned long count, const char *what,
                        const char *sep)
{
    fprintf(stderr, "%s%lu %s%s", sep, count, what, count == 1 ? "" : "s");
}

/* Inputs read but stopped by trouble (no member in an archive, a --path
 * or --game that is not there, memory), besides those not read and
 * those whose output was not written: a summary that says nothing of
 * them reads as a clean run beside exit status 2. */
unsigned long cli_stopped_inputs(const cli_counts *n)
{
    unsigned long other = n->unreadable + n->not_written;
    return n->by_status[2] > other ? n->by_status[2] - other : 0;
}

void cli_print_summary(const cli_counts *n)
{
    cli_flush(stdout);
    cli_progress_end();
    fprintf(stderr, "%s: ", cli_program_name());
    print_count(n->files, "file", "");
    print_count(n->errors, "error", ", ");
    print_count(n->warnings, "warning", ", ");
    if (n->notes > 0)
        print_count(n->notes, "note", ", ");
    if (n->unreadable > 0) {
        print_count(n->unreadable, "file", "; ");
        fputs(" could not be read", stderr);
    }
    if (n->not_written > 0) {
        print_count(n->not_written, "output", "; ");
        fputs(" not written (said above)", stderr);
    }
    unsigned long stopped = cli_stopped_inputs(n);
    if (stopped > 0) {
        print_count(stopped, "input", "; ");
        fputs(" stopped by trouble (said above)", stderr);
    }
    fputc('\n', stderr);
}

void cli_json_string(FILE *fp, const char *s)
{
    json_t *j = tool_json_str(s);
    char *text = j != NULL ? json_dumps(j, JSON_ENCODE_ANY) : NULL;
    json_decref(j);
    fputs(text != NULL ? text : "null", fp);
    free(text);
}

void cli_tsv_field(FILE *fp, const char *s, size_t n)
{
    for (size_t i = 0, from = 0; i <= n; i++) {
        unsigned char c = i < n ? (unsigned char)s[i] : 0;
        if (i < n && c >= 0x20 && c != 0x7F && c != '\\')
            continue;
        fwrite(s + from, 1, i - from, fp);
        from = i + 1;
        if (i == n)
            break;
        if (c == '\t' || c == '\n' || c == '\r' || c == '\\' || c == 0)
            fprintf(fp, "\\%c", c == '\t' ? 't' : c == '\n' ? 'n'
                    : c == '\r' ? 'r' : c == 0 ? '0' : '\\');
        else
            fprintf(fp, "\\x%02X", c);
    }
}

/* --- records of a JSON report ----------------------------------------- */

static bool json_report(const cli_run_hooks *h)
{
    return h->format != NULL && *h->format == CLI_FORMAT_JSON;
}

static const char *const status_names[3] = { "ok", "invalid", "trouble" };

void cli_input_record(const cli_run_hooks *h, const char *name,
                      const cli_counts *before, const cli_counts *n,
                      int status, const char *msg)
{
    bool unreadable = n->unreadable > before->unreadable;
    const char *st = unreadable ? "unreadable"
                     : status_names[status < 0 ? 0 : status > 2 ? 2
                                                                : status];
    bool said = msg != NULL;
    cli_input_report r = { name, st, before, n, msg };
    if (!json_report(h)) {
        if (h->input_done != NULL)
            h->input_done(h->payload, &r);
        return;
    }
    json_t *rec = tool_json_record("input", name);
    json_object_set_new(rec, "status", json_string(st));
    json_object_set_new(rec, "games",
                        json_integer((json_int_t)(n->games - before->games)));
    json_object_set_new(rec, "errors", json_integer(
                            (json_int_t)(n->errors - before->errors)));
    json_object_set_new(rec, "warnings", json_integer(
                            (json_int_t)(n->warnings - before->warnings)));
    json_object_set_new(rec, "notes", json_integer(
                            (json_int_t)(n->notes - before->notes)));
    if (said)
        json_object_set_new(rec, "message", tool_json_str(msg));
    tool_json_emit(stdout, rec);
    if (h->input_done != NULL)
        h->input_done(h->payload, &r);
}

/* The "input" record of one input: what it added to the counts, and the
 * tool's message when it said one and the input is in trouble. */
static void input_record(const cli_run_hooks *h, const char *name,
                         const cli_counts *before, const cli_counts *n,
                         int status, unsigned long errors_before)
{
    unsigned long count;
    const char *msg = cli_last_error(&count);
    bool said = count > errors_before && status >= TOOL_TROUBLE;
    cli_input_record(h, name, before, n, status, said ? msg : NULL);
}

/* One input through the tool, counted by status; its record. */
static int one_file(const cli_run_hooks *h, const char *path,
                    cli_counts *n)
{
    cli_counts before = *n;
    unsigned long errors_before;
    cli_last_error(&errors_before);
    int st = h->file(h->payload, path, n);
    if (cli_part_of(path) != NULL)
        return st;          /* one part: the parent counts the input */
    n->by_status[st < 0 ? 0 : st > 2 ? 2 : st]++;
    input_record(h, cli_display_name(path), &before, n, st, errors_before);
    return st;
}

/* A member that could not be read: unreadable, with its record. */
static int unreadable(const cli_run_hooks *h, const char *name,
                      const char *why, cli_counts *n)
{
    cli_counts before = *n;
    unsigned long errors_before;
    cli_last_error(&errors_before);
    tool_error("cannot read '%s': %s", name, why);
    n->unreadable++;
    n->by_status[2]++;
    input_record(h, name, &before, n, TOOL_TROUBLE, errors_before);
    return TOOL_TROUBLE;
}

/* A member as an input of its own (cli-jobs.h cli_job_member). */
int cli_run_member(const cli_run_hooks *h, const cli_member *mb,
                   const char *why, cli_counts *n)
{
    if (!mb->ok)
        return unreadable(h, mb->name, why, n);
    cli_member_set(mb);
    int st = one_file(h, mb->name, n);
    cli_member_set(NULL);
    return st;
}

/* What an archive's end says (cli-jobs.h cli_job_archive_end): when it
 * could not be read to its end, its record; when it held no member, so,
 * with its record. */
int cli_run_archive_end(const cli_run_hooks *h, const char *path,
                        bool broken, unsigned long members, cli_counts *n)
{
    cli_counts before = *n;
    if (broken) {
        n->unreadable++;
        n->by_status[2]++;
        input_record(h, path, &before, n, TOOL_TROUBLE, 0);
        return TOOL_TROUBLE;
    }
    if (members > 0)
        return TOOL_OK;
    unsigned long errors_before;
    cli_last_error(&errors_before);
    tool_error("'%s' holds no member whose name ends in %s "
               "(archives inside archives are not opened): nothing "
               "read", cli_display_name(path), cli_archive_member_suffix());
    n->by_status[2]++;
    input_record(h, path, &before, n, TOOL_TROUBLE, errors_before);
    return TOOL_TROUBLE;
}

/* An input: a file, or an archive's members one by one. */
/* The input being read, named when it shrinks under the reading
 * (on_bus). */
static const char *volatile bus_name;

void cli_reading(const char *name)
{
    bus_name = name;
}

/* Where that is said: standard error, or in a worker of -j the run's
 * own (the worker's goes to a capture file that is not written then). */
static volatile int bus_fd = STDERR_FILENO;

void cli_reading_said_to(int fd)
{
    bus_fd = fd;
}

static int one_input(const cli_run_hooks *h, const char *path,
                     cli_counts *n)
{
    bus_name = cli_display_name(path);
    if (strcmp(path, "-") == 0 || !cli_is_archive_name(path))
        return one_file(h, path, n);
    cli_archive_it *it = cli_archive_open(path);
    cli_member mb;
    const char *why;
    bool broken;
    unsigned long members = 0;
    int st = TOOL_OK;
    while (it != NULL && cli_archive_next(it, &mb, &why) > 0) {
        members++;
        st = tool_worst(st, cli_run_member(h, &mb, why, n));
        cli_progress_at(cli_archive_position(it));  /* in the archive */
    }
    st = tool_worst(st, cli_archive_close(it, &broken));
    return tool_worst(st, cli_run_archive_end(h, path, broken, members, n));
}

/* --- --summary ----------------------------------------------------------- */

typedef struct code_count {
    const char *name;
    unsigned long count;
} code_count;

static int by_count(const void *a, const void *b)
{
    const code_count *x = a, *y = b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* The codes met, most frequent first; *len of them. */
static code_count *codes_met(const cli_counts *n, size_t *len)
{
    code_count *v = malloc(CLI_MAX_CODES * sizeof *v);
    size_t k = 0;
    for (size_t c = 0; v != NULL && c < CLI_MAX_CODES; c++) {
        const char *name = sgf_diag_code_name((sgf_diag_code)c);
        if (n->by_code[c] > 0 && name != NULL)
            v[k++] = (code_count){ name, n->by_code[c] };
    }
    if (v != NULL)
        qsort(v, k, sizeof *v, by_count);
    *len = k;
    return v;
}

/* Inputs in all, and those in trouble that could still be read. */
static unsigned long inputs_of(const cli_counts *n)
{
    return n->by_status[0] + n->by_status[1] + n->by_status[2];
}

static unsigned long other_trouble(const cli_counts *n)
{
    return n->by_status[2] > n->unreadable ? n->by_status[2] - n->unreadable
                                           : 0;
}

static void summary_json(const cli_run_hooks *h, const cli_counts *n,
                         const code_count *v, size_t len)
{
    json_t *rec = tool_json_record("summary", NULL), *st = json_object();
    json_t *codes = json_object();
    json_object_set_new(rec, "inputs", json_integer((json_int_t)
                                                    inputs_of(n)));
    json_object_set_new(st, "ok", json_integer((json_int_t)n->by_status[0]));
    json_object_set_new(st, "invalid",
                        json_integer((json_int_t)n->by_status[1]));
    json_object_set_new(st, "unreadable",
                        json_integer((json_int_t)n->unreadable));
    json_object_set_new(st, "trouble",
                        json_integer((json_int_t)other_trouble(n)));
    json_object_set_new(rec, "status", st);
    json_object_set_new(rec, "games", json_integer((json_int_t)n->games));
    json_object_set_new(rec, "errors", json_integer((json_int_t)n->errors));
    json_object_set_new(rec, "warnings",
                        json_integer((json_int_t)n->warnings));
    json_object_set_new(rec, "notes", json_integer((json_int_t)n->notes));
    for (size_t i = 0; i < len; i++)
        json_object_set_new(codes, v[i].name,
                            json_integer((json_int_t)v[i].count));
    json_object_set_new(rec, "codes", codes);
    if (h->summary_more != NULL)
        h->summary_more(h->payload, rec, NULL);
    tool_json_emit(stdout, rec);
}

/* The same as text: a line of inputs by status, then one line per code,
 * most frequent first, on standard output (standard error when that is
 * a table: h->table_out):
 *   summary: 8 inputs: 6 ok, 2 invalid, 0 unreadable, 0 trouble; 9 games
 *   summary: duplicate-property 1 */
static void summary_text(const cli_run_hooks *h, const cli_counts *n,
                         const code_count *v, size_t len)
{
    FILE *fp = h->table_out != NULL && *h->table_out ? stderr : stdout;
    if (fp == stderr)
        cli_flush(stdout);
    fprintf(fp, "summary: %lu input%s: %lu ok, %lu invalid, %lu unreadable, "
            "%lu trouble; %lu game%s\n", inputs_of(n),
            inputs_of(n) == 1 ? "" : "s", n->by_status[0], n->by_status[1],
            n->unreadable, other_trouble(n), n->games,
            n->games == 1 ? "" : "s");
    if (h->summary_more != NULL)
        h->summary_more(h->payload, NULL, fp);
    for (size_t i = 0; i < len; i++)
        fprintf(fp, "summary: %s %lu\n", v[i].name, v[i].count);
}

static void print_run_summary(const cli_run_hooks *h, const cli_counts *n)
{
    size_t len = 0;
    code_count *v = codes_met(n, &len);
    if (json_report(h))
        summary_json(h, n, v, len);
    else
        summary_text(h, n, v, len);
    free(v);
}

/* --- the run ------------------------------------------------------------ */

/* The inputs of the run: from the list made first, else from the walk,
 * the names looked at ahead (to tell a run of one input from a run of
 * many under -j) given first. */
typedef struct walk {
    cli_input_list *list;
    cli_inputs *in;
    size_t i;
    bool sizes;               /* walked files stat'ed for their size */
    bool hold;                /* what the walk says is held (-j) */
    bool ended;               /* the walk looked ahead to its end */
    size_t nahead, taken;
    char *ahead[2];
    unsigned long long ahead_size[2];
    char *ahead_said[2];      /* held before each name looked ahead */
    char *end_said;           /* held at the end of the walk */
} walk;

/* The size of the walk's last name: the one its stat gave, else (a file
 * of a directory walked, which the walk does not stat) looked up when
 * w->sizes (the tool reads a large input in parts, so -j must know
 * which are large), else 0. */
static unsigned long long walked_size(const walk *w, const char *path)
{
    long long seen = cli_inputs_last_size(w->in);
    struct stat st;
    if (seen >= 0)
        return (unsigned long long)seen;
    if (!w->sizes || strcmp(path, "-") == 0 || stat(path, &st) != 0
        || !S_ISREG(st.st_mode))
        return 0;
    return (unsigned long long)st.st_size;
}

/* The walk's next name (NULL at its end), with what it said before
 * it held in *said when w->hold. */
static const char *walk_next(walk *w, unsigned long long *size,
                             char **said)
{
    cli_hold_errors(w->hold);
    const char *path = cli_inputs_next(w->in);
    cli_hold_errors(false);
    *said = cli_held_errors();
    if (path != NULL)
        *size = walked_size(w, path);
    return path;
}

static const char *next_input(void *it, unsigned long long *size,
                              char **said)
{
    walk *w = it;
    *size = 0;
    *said = NULL;
    if (w->taken < w->nahead) {
        *size = w->ahead_size[w->taken];
        *said = w->ahead_said[w->taken];
        w->ahead_said[w->taken] = NULL;
        return w->ahead[w->taken++];
    }
    if (w->ended) {
        *said = w->end_said;
        w->end_said = NULL;
        return NULL;
    }
    if (w->list == NULL)
        return walk_next(w, size, said);
    if (w->i == cli_input_list_count(w->list))
        return NULL;
    *size = cli_input_list_size(w->list, w->i);
    return cli_input_list_path(w->list, w->i++);
}

static void free_ahead(walk *w)
{
    for (size_t k = 0; k < w->nahead; k++) {
        free(w->ahead[k]);
        cli_write_held(w->ahead_said[k]);      /* (none: all handed on) */
    }
    cli_write_held(w->end_said);
    w->end_said = NULL;
    w->nahead = w->taken = 0;
}

/* Up to two names of the walk looked at (and copied) ahead: -j hands
 * out the rest of the walk as it goes, without a list made first
 * (whose stat of every name would keep the workers waiting), once it
 * knows the run has more than one input. 0, or -1 out of memory. */
static int look_ahead(walk *w)
{
    while (w->nahead < 2) {
        unsigned long long size = 0;
        char *said;
        const char *path = walk_next(w, &size, &said);
        if (path == NULL) {
            w->ended = true;
            w->end_said = said;
            break;
        }
        w->ahead_size[w->nahead] = size;
        w->ahead_said[w->nahead] = said;
        if ((w->ahead[w->nahead] = strdup(path)) == NULL) {
            cli_write_held(said);
            w->ahead_said[w->nahead] = NULL;
            return -1;
        }
        w->nahead++;
    }
    return 0;
}

/* A large input is mapped (the library reads it game by game in the
 * memory of one game); if another program shortens the file meanwhile,
 * reading a page past its new end raises SIGBUS. That is said, and the
 * run stops with status 2, instead of dying without a word. */
static char bus_message[160];
static size_t bus_len;

/* "PROGRAM: 'NAME' was shortened while it was read; stopped", made in
 * the handler with no call but write (control bytes of the name shown
 * as '?', so that they cannot forge a line). */
static void on_bus(int sig)
{
    static char line[4096 + 200];
    static const char tail[] = "' was shortened while it was read; "
                               "stopped\n";
    const char *name = bus_name;
    size_t k = 0;
    (void)sig;
    for (size_t i = 0; i < bus_len; i++)
        line[k++] = bus_message[i];
    if (name == NULL)
        name = "(an input)";
    for (size_t i = 0; name[i] != '\0' && i < 4096; i++) {
        unsigned char ch = (unsigned char)name[i];
        line[k++] = ch < 0x20 || ch == 0x7f ? '?' : (char)ch;
    }
    for (size_t i = 0; i + 1 < sizeof tail; i++)
        line[k++] = tail[i];
    if (write(bus_fd, line, k) < 0)
        _exit(TOOL_TROUBLE);
    _exit(TOOL_TROUBLE);
}

static void catch_bus(void)
{
    struct sigaction sa;
    int n = snprintf(bus_message, sizeof bus_message, "%s: '",
                     cli_program_name());
    bus_len = n > 0 && (size_t)n < sizeof bus_message ? (size_t)n : 0;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_bus;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, NULL);
}

/* A progress line: asked for, or standard error is a terminal and
 * neither -q nor --no-progress was given. */
static bool progress_wanted(const cli_run_hooks *h)
{
    int opt = cli_progress_option();
    if (opt >= 0)
        return opt == 1;
    return !(h->quiet != NULL && *h->quiet) && isatty(STDERR_FILENO);
}

static cli_counts n;                  /* 4 KiB: not on the stack */

const cli_counts *cli_run_counts(void)
{
    return &n;
}

/* Whether the libsgf the tool runs with knows every options version the
 * tool was built with (a shared library older than the headers does
 * not). The tools fill their options with the sgf_*_options_init
 * functions and ignore their return value once this has passed. */
static bool library_fits(void)
{
    sgf_parse_options po;
    sgf_replay_options ro;
    sgf_write_options wo;
    sgf_diagram_options dd;
    sgf_figure_options fo;
    sgf_figure_svg_options so;
    sgf_rules r;
    return sgf_parse_options_init(&po, SGF_PARSE_OPTIONS_VERSION) == 0
        && sgf_replay_options_init(&ro, SGF_REPLAY_OPTIONS_VERSION) == 0
        && sgf_write_options_init(&wo, SGF_WRITE_OPTIONS_VERSION) == 0
        && sgf_diagram_options_init(&dd, SGF_DIAGRAM_OPTIONS_VERSION) == 0
        && sgf_figure_options_init(&fo, SGF_FIGURE_OPTIONS_VERSION) == 0
        && sgf_figure_svg_options_init(&so,
                                       SGF_FIGURE_SVG_OPTIONS_VERSION) == 0
        && sgf_rules_init(&r, SGF_RULES_VERSION) == 0;
}

/* A standard stream closed by the caller (">&-") is held by /dev/null
 * opened the other way (a write to it still fails, EBADF, as to a closed
 * descriptor), so that no file the tool opens takes its number: the
 * tool's output would go into an input, an output or a worker's capture
 * file. */
static void hold_closed_streams(void)
{
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
            int got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
            if (got >= 0 && got != fd) {     /* (never: the lowest) */
                dup2(got, fd);
                close(got);
            }
        }
}

int cli_run(const cli_tool *t, int argc, char **argv,
            const cli_run_hooks *h)
{
    cli_inputs *in;
    cli_input_list *list = NULL;
    const char *path;
    unsigned long long size;
    int first, hv, status = TOOL_OK;

    memset(&n, 0, sizeof n);
    hold_closed_streams();
    tool_init(t->name);
    catch_bus();
    if (!library_fits()) {
        tool_error("libsgf %s is older than the one this program was built "
                   "for", sgf_version());
        return TOOL_TROUBLE;
    }
    if (cli_parse_args(t, argc, argv, h->on_option, h->payload, &first)
        != 0)
        return TOOL_TROUBLE;
    hv = cli_help_or_version(t, *h->help, *h->version);
    if (hv >= 0)
        return hv;
    /* the files -r takes, and an archive's members: *.sgf, or *.xml */
    cli_archive_members_named(h->in->xml ? ".xml" : ".sgf");
    in = cli_inputs_open(argv + first, argc - first, h->in);
    if (in == NULL)
        return TOOL_TROUBLE;
    if (h->start != NULL && h->start(h->payload) != TOOL_OK) {
        cli_inputs_close(in);
        return TOOL_TROUBLE;
    }
    bool progress = progress_wanted(h);
    /* listed first for -o and for a progress line that knows the end;
     * -j looks at two names ahead (one input is read here, not in a
     * worker) and hands out the rest as the walk goes */
    bool known = (h->list_first != NULL && *h->list_first) || progress;
    unsigned nj = cli_jobs_option();
    walk w = { NULL, in, 0, h->parts != NULL && nj > 1, nj > 1, false, 0, 0,
               { NULL, NULL }, { 0, 0 }, { NULL, NULL }, NULL };
    /* one name at a time, read here as it comes: opened by the walk */
    cli_inputs_keep_open(in, !known && nj <= 1);
    if (known && (list = cli_input_list_new(in, known)) == NULL)
        status = TOOL_TROUBLE;
    if (!known && nj > 1 && look_ahead(&w) != 0) {
        tool_error("out of memory");
        status = TOOL_TROUBLE;
    }
    if (list != NULL)
        cli_progress_start(progress, cli_input_list_count(list),
                           cli_input_list_bytes(list));
    else
        cli_progress_start(progress, 0, 0);
    if (status == TOOL_OK && h->plan != NULL)
        status = h->plan(h->payload, list);
    if (status != TOOL_OK) {         /* nothing read, nothing written */
        cli_input_list_free(list);
        free_ahead(&w);
        cli_inputs_close(in);
        if (h->finish != NULL)
            h->finish(h->payload, status);
        return tool_worst(status, tool_close_stdout());
    }
    w.list = list;
    /* one input is read here, unless it is a collection large enough to
     * be read in parts: a worker would only add a copy of its output */
    size_t count = list != NULL ? cli_input_list_count(list) : w.nahead;
    const char *lone = list != NULL && count > 0
                       ? cli_input_list_path(list, 0) : w.ahead[0];
    unsigned long long lone_size = list != NULL && count > 0
                                   ? cli_input_list_size(list, 0)
                                   : w.ahead_size[0];
    bool here = !(nj > 1
                  && (count > 1
                      || (count == 1 && (cli_jobs_splits(h, lone, lone_size)
                                         || cli_archive_has_members(lone))))
                  && !(h->serial != NULL && h->serial(h->payload)));
    if (!here) {
        int st = cli_jobs_run(h, nj, next_input, &w, list != NULL ? count : 0,
                              one_input, &n);
        here = st == CLI_JOBS_NO_WORKER;    /* nothing read yet */
        if (!here)
            status = tool_worst(status, st);
    }
    if (here)
        for (;;) {
            char *said;
            path = next_input(&w, &size, &said);
            cli_write_held(said);
            if (path == NULL)
                break;
            int fd = cli_inputs_take_fd(in);
            cli_read_give_fd(path, fd, fd >= 0 ? cli_inputs_last_stat(in)
                                               : NULL);
            status = tool_worst(status, one_input(h, path, &n));
            cli_read_drop_fd();
            cli_progress_input(size);
        }
    cli_input_list_free(list);
    free_ahead(&w);
    cli_progress_end();
    if (h->in->recursive && inputs_of(&n) == 0
        && cli_inputs_skipped(in) == 0) {
        tool_error(h->in->xml
                   ? "no input found (-r --from=xml reads the *.xml files "
                     "and the archives of directories)"
                   : strcmp(cli_program_name(), "sgf-convert") == 0
                   ? "no input found (-r reads the *.sgf files and the "
                     "archives of directories; with --from=xml, the *.xml "
                     "files)"
                   : "no input found (-r reads the *.sgf files and the "
                     "archives of directories)");
        status = TOOL_TROUBLE;
    }
    for (size_t i = 0; i < cli_inputs_skipped(in); i++) {
        cli_counts before = n;          /* each with its record: every */
        const char *said;               /* input is in the report */
        const char *name = cli_inputs_skipped_name(in, i, &said);
        n.unreadable++;
        n.by_status[2]++;
        if (name != NULL)
            cli_input_record(h, name, &before, &n, TOOL_TROUBLE, said);
    }
    status = tool_worst(status, cli_inputs_close(in));
    if (h->finish != NULL)
        status = h->finish(h->payload, status);
    if (h->summary != NULL && *h->summary)
        print_run_summary(h, &n);
    if (h->quiet != NULL && !*h->quiet && !h->own_summary_line)
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

