/*
 * tools/convert-out.c - sgf-convert's inputs and outputs (see
 * convert-out.h): reading SGF or XML, the refusal of critical faults,
 * the writers per format, temporary files renamed into place.
 */
#include "convert-out.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sgf/xml.h>

static const char *const format_names[] = {
    "xml", "sgf", "tsv", "json", "ascii", "svg"
};
static const char *const format_ext[] = {
    ".xml", ".sgf", ".tsv", ".json", ".txt", ".svg"
};

void convert_opts_init(convert_opts *o)
{
    static const convert_diagram_opts dia = CONVERT_DIAGRAM_OPTS_INIT;
    static const sgf_write_options wo = SGF_WRITE_OPTIONS_INIT;
    memset(o, 0, sizeof *o);
    o->to = CONVERT_NONE;
    o->from = -1;
    o->game = -1;
    o->write = wo;
    o->dia = dia;
    o->diag.format = CLI_FORMAT_TEXT;
}

int convert_parse_format(const char *arg, convert_format *out)
{
    for (size_t i = 0; i < sizeof format_names / sizeof *format_names; i++)
        if (strcmp(arg, format_names[i]) == 0) {
            *out = (convert_format)i;
            return 0;
        }
    tool_error("unknown format '%s' (xml, sgf, tsv, json, ascii, svg)",
               arg);
    return -1;
}

/* --- files ------------------------------------------------------------- */

static bool is_dir(const char *path)
{
    struct stat st;
    size_t len = strlen(path);
    return (len > 0 && path[len - 1] == '/')
        || (stat(path, &st) == 0 && S_ISDIR(st.st_mode));
}

/* Whether two names are the same existing file. */
static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return strcmp(a, "-") != 0 && stat(a, &sa) == 0 && stat(b, &sb) == 0
        && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* A temporary file next to target ("DIR/.NAME.XXXXXX"). Returns the open
 * stream and sets *tmp (malloc'd), or NULL after a message. */
static FILE *open_tmp(const char *target, char **tmp)
{
    const char *slash = strrchr(target, '/');
    size_t dlen = slash ? (size_t)(slash - target) + 1 : 0;
    size_t len = strlen(target);
    *tmp = malloc(len + 10);
    if (*tmp == NULL) {
        tool_error("out of memory");
        return NULL;
    }
    snprintf(*tmp, len + 10, "%.*s.%s.XXXXXX", (int)dlen, target,
             target + dlen);
    int fd = mkstemp(*tmp);
    FILE *fp = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (fp == NULL) {
        tool_error("cannot create a file in '%.*s': %s", (int)(dlen ? dlen
                   : 1), dlen ? target : ".", strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(*tmp);
        }
        free(*tmp);
        *tmp = NULL;
    }
    return fp;
}

/* Close the temporary file and rename it to target (ok), or remove it.
 * Returns TOOL_OK or TOOL_TROUBLE after a message. */
static int close_tmp(FILE *fp, char *tmp, const char *target, bool ok)
{
    bool failed = ferror(fp) != 0;
    if (fclose(fp) != 0)
        failed = true;
    int status = TOOL_OK;
    if (ok && failed) {
        tool_error("cannot write '%s': %s", target,
                   errno ? strerror(errno) : "write error");
        status = TOOL_TROUBLE;
    } else if (ok) {
        struct stat old;               /* the mode of the file replaced, or
                                          what the umask gives a new one */
        mode_t um = umask(0);
        umask(um);
        chmod(tmp, stat(target, &old) == 0 ? old.st_mode & 07777
                                           : 0666 & ~um);
        if (rename(tmp, target) != 0) {
            tool_error("cannot rename '%s' to '%s': %s", tmp, target,
                       strerror(errno));
            status = TOOL_TROUBLE;
        }
    }
    if (!ok || status != TOOL_OK)
        unlink(tmp);
    free(tmp);
    return status;
}

int convert_start(convert_opts *o)
{
    o->out = stdout;
    if (o->output == NULL)
        return TOOL_OK;
    o->out_dir = is_dir(o->output);
    struct stat st;
    if (o->out_dir && stat(o->output, &st) != 0
        && mkdir(o->output, 0777) != 0) {     /* "-o out/": make out/ */
        tool_error("cannot create directory '%s': %s", o->output,
                   strerror(errno));
        return TOOL_TROUBLE;
    }
    if (o->out_dir)
        return TOOL_OK;
    if (lstat(o->output, &st) == 0
        && (!S_ISREG(st.st_mode) || st.st_nlink > 1)) {
        /* a device, a pipe, a symbolic or hard link (/dev/null, a fifo,
         * /dev/stdout): write to it; renaming a temporary file over it
         * would replace the device or break the link */
        o->out = fopen(o->output, "w");
        if (o->out == NULL) {
            tool_error("cannot open '%s': %s", o->output, strerror(errno));
            return TOOL_TROUBLE;
        }
        return TOOL_OK;
    }
    o->out = open_tmp(o->output, &o->tmp);
    return o->out ? TOOL_OK : TOOL_TROUBLE;
}

int convert_finish(convert_opts *o, bool ok)
{
    for (size_t i = 0; i < o->ntargets; i++)
        free(o->targets[i]);
    free(o->targets);
    o->targets = NULL;
    o->ntargets = o->targets_cap = 0;
    if (o->tmp == NULL && o->out != NULL && o->out != stdout) {
        bool failed = ferror(o->out) != 0;    /* a device opened as is */
        if (fclose(o->out) != 0 || failed) {
            tool_error("cannot write '%s': %s", o->output,
                       errno ? strerror(errno) : "write error");
            o->out = stdout;
            return TOOL_TROUBLE;
        }
        o->out = stdout;
        return TOOL_OK;
    }
    if (o->tmp == NULL)
        return TOOL_OK;
    int st = close_tmp(o->out, o->tmp, o->output, ok && o->written > 0);
    o->tmp = NULL;
    o->out = stdout;
    return st;
}

/* "DIR/NAME.EXT" for an input: its last component, extension replaced. */
static char *dir_target(const convert_opts *o, const char *path)
{
    const char *base = strcmp(path, "-") == 0 ? "stdin" : path;
    const char *slash = strrchr(base, '/');
    base = slash ? slash + 1 : base;
    const char *dot = strrchr(base, '.');
    size_t blen = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    size_t dlen = strlen(o->output);
    size_t size = dlen + blen + 8;
    char *t = malloc(size);
    if (t != NULL)
        snprintf(t, size, "%s%s%.*s%s", o->output,
                 dlen && o->output[dlen - 1] == '/' ? "" : "/", (int)blen,
                 base, format_ext[o->to]);
    return t;
}

/* --- reading ------------------------------------------------------------ */

static bool wants_xml(const convert_opts *o, const char *path)
{
    size_t len = strlen(path);
    if (o->from >= 0)
        return o->from == 1;
    return len > 4 && strcasecmp(path + len - 4, ".xml") == 0;
}

static bool has_critical(const sgf_collection *c)
{
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++)
        if (sgf_collection_diag(c, i)->critical)
            return true;
    return false;
}

/* --- writing ------------------------------------------------------------ */

static int lib_status(int rc, const char *what)
{
    if (rc == SGF_OK)
        return TOOL_OK;
    tool_error("cannot write %s: %s", what,
               rc == SGF_EIO ? strerror(errno) : sgf_strerror(rc));
    return TOOL_TROUBLE;
}

static int write_diagrams(FILE *out, sgf_collection *c, const char *name,
                          const convert_opts *o)
{
    size_t ng = sgf_collection_game_count(c);
    size_t first = o->game >= 0 ? (size_t)o->game : 0;
    size_t last = o->game >= 0 || o->to == CONVERT_SVG ? first + 1 : ng;
    int st = TOOL_OK;
    for (size_t i = first; i < last && i < ng && st == TOOL_OK; i++) {
        if (i > first)
            fputc('\n', out);
        st = convert_diagram(out, c, sgf_collection_game(c, i), &o->dia);
    }
    (void)name;
    return st;
}

static int write_sgf(FILE *out, const sgf_collection *c,
                     const convert_opts *o)
{
    if (o->game >= 0)
        return lib_status(sgf_write_game(out, sgf_collection_game(
                              c, (size_t)o->game), &o->write), "SGF");
    return lib_status(sgf_write_collection(out, c, &o->write), "SGF");
}

static int write_format(convert_opts *o, FILE *out, sgf_collection *c,
                        const char *name, bool own_file)
{
    switch (o->to) {
    case CONVERT_SGF:
        return write_sgf(out, c, o);
    case CONVERT_TSV:
        if ((own_file || !o->header_done) && convert_tsv_header(out) != 0)
            return TOOL_TROUBLE;
        o->header_done = o->header_done || !own_file;
        return convert_table(out, name, c, o->game, false);
    case CONVERT_JSON:
        return convert_table(out, name, c, o->game, true);
    default:
        return write_diagrams(out, c, name, o);
    }
}

/* Whether target was written before in this run; if not, remember it
 * (target is taken over). */
static bool seen_target(convert_opts *o, char *target)
{
    for (size_t i = 0; i < o->ntargets; i++)
        if (strcmp(o->targets[i], target) == 0)
            return true;
    if (o->ntargets == o->targets_cap) {
        size_t cap = o->targets_cap ? 2 * o->targets_cap : 64;
        char **a = realloc(o->targets, cap * sizeof *a);
        if (a == NULL)
            return false;
        o->targets = a;
        o->targets_cap = cap;
    }
    o->targets[o->ntargets++] = target;
    return false;
}

/* Whether target was written earlier in this run. */
static bool seen_in_run(const convert_opts *o, const char *target)
{
    for (size_t i = 0; i < o->ntargets; i++)
        if (strcmp(o->targets[i], target) == 0)
            return true;
    return false;
}

/* The file of one input under -o DIR: *target is its name, *fp the
 * temporary file it is written to (renamed by close_tmp), or NULL after
 * a message. */
static FILE *open_dir_target(convert_opts *o, const char *path,
                             char **target, char **tmp)
{
    *target = dir_target(o, path);
    *tmp = NULL;
    if (*target == NULL) {
        tool_error("out of memory");
        return NULL;
    }
    FILE *fp = NULL;
    bool kept = false;
    struct stat st_target;
    if (same_file(path, *target))
        tool_error("'%s' would overwrite its input; not written", *target);
    else if (!o->overwrite && lstat(*target, &st_target) == 0
             && !seen_in_run(o, *target))
        tool_error("'%s' exists (it may be an input still to come); not "
                   "written (--overwrite replaces existing files)", *target);
    else if ((kept = !seen_target(o, *target)) == false)
        tool_error("'%s' was already written for another input of the "
                   "same name; '%s' not written", *target,
                   cli_display_name(path));
    else
        fp = open_tmp(*target, tmp);
    if (!kept || o->ntargets == 0 || o->targets[o->ntargets - 1] != *target)
        free(*target);
    *target = NULL;                   /* freed, or kept in o->targets */
    if (kept && fp != NULL)
        *target = o->targets[o->ntargets - 1];
    return fp;
}

/* One output file per input (-o DIR). */
static int write_to_dir(convert_opts *o, const char *path,
                        sgf_collection *c)
{
    char *target, *tmp;
    FILE *fp = open_dir_target(o, path, &target, &tmp);
    if (fp == NULL)
        return TOOL_TROUBLE;
    int st = write_format(o, fp, c, cli_display_name(path), true);
    return tool_worst(st, close_tmp(fp, tmp, target, st == TOOL_OK));
}

static int convert_collection(convert_opts *o, const char *path,
                              sgf_collection *c)
{
    if (o->game >= 0 && (size_t)o->game >= sgf_collection_game_count(c)) {
        tool_error("'%s' has no game %ld", cli_display_name(path), o->game);
        return TOOL_TROUBLE;
    }
    if (o->out_dir)
        return write_to_dir(o, path, c);
    if (o->output != NULL && same_file(path, o->output)) {
        tool_error("'%s' would overwrite its input; not written",
                   o->output);
        return TOOL_TROUBLE;
    }
    int st = write_format(o, o->out, c, cli_display_name(path), false);
    if (o->out == stdout)
        fflush(stdout);
    return st;
}

/* --- game by game ------------------------------------------------------
 *
 * XML input (read with sgf_xml_read_fd_each) and XML output (written
 * with sgf_xml_writer_*) go one game tree at a time: memory is that of
 * one game, whatever the size of the input or of the output. */

typedef struct stream {
    convert_opts *o;
    const char *name;        /* the input, as messages call it */
    cli_counts *n;
    FILE *out;               /* where this input goes */
    bool own_file;           /* -o DIR: a file of its own */
    sgf_xml_writer *xw;      /* --to=xml: the document, once started */
    bool refused;            /* a game with critical faults: the rest of
                                the input is not converted */
    bool tell;               /* ... to be said after its diagnostics */
    size_t refused_at;       /* the game refused */
    bool found;              /* the game --game asks for was met */
    unsigned long games;     /* games written */
    int status;              /* of the writes and refusals */
} stream;

static int xml_status(int rc)
{
    return lib_status(rc, "XML");
}

static int stream_put(stream *s, sgf_collection *c, sgf_game *g)
{
    convert_opts *o = s->o;
    switch (o->to) {
    case CONVERT_XML:
        if (s->xw == NULL) {
            int rc = sgf_xml_writer_open(&s->xw, s->out, o->xml_flags);
            if (rc != SGF_OK)
                return xml_status(rc);
        }
        return xml_status(sgf_xml_writer_game(s->xw, g));
    case CONVERT_SGF:
        return lib_status(sgf_write_game(s->out, g, &o->write), "SGF");
    case CONVERT_TSV:
        if (s->games == 0 && (s->own_file || !o->header_done)
            && convert_tsv_header(s->out) != 0)
            return TOOL_TROUBLE;
        o->header_done = o->header_done || !s->own_file;
        return convert_table(s->out, s->name, c,
                             (long)sgf_game_index(g), false);
    case CONVERT_JSON:
        return convert_table(s->out, s->name, c, (long)sgf_game_index(g),
                             true);
    default:
        if (o->to == CONVERT_SVG && s->games > 0)
            return TOOL_OK;            /* one SVG document: one game */
        if (s->games > 0)
            fputc('\n', s->out);
        return convert_diagram(s->out, c, g, &o->dia);
    }
}

/* The refusal, once the refused game's diagnostics are out. */
static void tell_refusal(stream *s)
{
    if (!s->tell)
        return;
    s->tell = false;
    if (s->games == 0)
        tool_error("'%s' not converted: data was dropped or changed on "
                   "reading (--force converts it anyway)", s->name);
    else
        tool_error("'%s' not converted from game %zu on: data was "
                   "dropped or changed on reading (--force converts it "
                   "anyway)", s->name, s->refused_at);
}

/* One game as it is read: refused when the reading dropped or changed
 * data (unless --force), and then nothing more of the input is
 * written; else written. */
static int stream_game(void *payload, sgf_collection *c, sgf_game *g)
{
    stream *s = payload;
    convert_opts *o = s->o;
    tell_refusal(s);
    if (g == NULL || s->refused || s->status >= TOOL_TROUBLE
        || (o->game >= 0 && (long)sgf_game_index(g) != o->game))
        return TOOL_OK;
    s->found = true;
    if (has_critical(c) && !o->force) {
        s->refused = s->tell = true;
        s->refused_at = sgf_game_index(g);
        return TOOL_INVALID;
    }
    int st = stream_put(s, c, g);
    s->games++;
    s->status = tool_worst(s->status, st);
    return st;
}

/* sgf_xml_read_fd_each's callback: the game, then its diagnostics, as
 * cli_read_games does for SGF. */
static int stream_xml_game(void *payload, sgf_collection *c, sgf_game *g)
{
    stream *s = payload;
    int st = stream_game(s, c, g);
    fflush(stdout);
    st = tool_worst(st, cli_print_diag_batch(stderr, s->name, c,
                                             &s->o->diag, s->n));
    tell_refusal(s);
    s->status = tool_worst(s->status, st);
    return 0;
}

static int read_xml_games(stream *s, const char *path,
                          const sgf_parse_options *po)
{
    char err[256];
    int fd = strcmp(path, "-") == 0 ? 0 : open(path, O_RDONLY);
    if (fd < 0) {
        tool_error("cannot open '%s': %s", path, strerror(errno));
        s->n->unreadable++;
        return TOOL_TROUBLE;
    }
    int rc = sgf_xml_read_fd_each(fd, po, stream_xml_game, s, err,
                                  sizeof err);
    int saved = errno;
    if (fd != 0)
        close(fd);
    if (rc == SGF_OK) {
        s->n->files++;
        return s->status;
    }
    s->n->unreadable++;
    if (rc == SGF_ESYNTAX)
        tool_error("'%s' is not SGF XML: %s", s->name, err);
    else
        tool_error("cannot read '%s': %s", s->name, rc == SGF_EIO
                   ? strerror(saved) : sgf_strerror(rc));
    return TOOL_TROUBLE;
}

/* The end of the input's output: the XML document closed (an input
 * without games, or a document that was started); --game checked. */
static int stream_end(stream *s, int st)
{
    convert_opts *o = s->o;
    tell_refusal(s);
    if (s->xw == NULL && o->to == CONVERT_XML && !s->refused
        && st < TOOL_TROUBLE && o->game < 0)
        st = tool_worst(st, xml_status(sgf_xml_writer_open(
                            &s->xw, s->out, o->xml_flags)));
    if (s->xw != NULL)
        st = tool_worst(st, xml_status(sgf_xml_writer_close(s->xw)));
    s->xw = NULL;
    if (o->game >= 0 && !s->found && st < TOOL_TROUBLE) {
        tool_error("'%s' has no game %ld", s->name, o->game);
        st = TOOL_TROUBLE;
    }
    return st;
}

static int convert_stream(convert_opts *o, const char *path, cli_counts *n,
                          const sgf_parse_options *po)
{
    stream s = { o, cli_display_name(path), n, o->out, o->out_dir, NULL,
                 false, false, 0, false, 0, TOOL_OK };
    char *target = NULL, *tmp = NULL;
    if (o->out_dir && (s.out = open_dir_target(o, path, &target, &tmp))
                      == NULL)
        return TOOL_TROUBLE;
    if (!o->out_dir && o->output != NULL && same_file(path, o->output)) {
        tool_error("'%s' would overwrite its input; not written",
                   o->output);
        return TOOL_TROUBLE;
    }
    int st = wants_xml(o, path)
        ? read_xml_games(&s, path, po)
        : cli_read_games(path, po, stream_game, &s, stderr, &o->diag, n);
    st = stream_end(&s, tool_worst(st, s.status));
    bool wrote = s.games > 0 || (o->to == CONVERT_XML && !s.refused
                                 && st < TOOL_TROUBLE);
    if (wrote && st < TOOL_TROUBLE)
        o->written++;
    if (tmp != NULL)
        st = tool_worst(st, close_tmp(s.out, tmp, target,
                                      wrote && st < TOOL_TROUBLE));
    else if (s.out == stdout)
        fflush(stdout);
    return st;
}

int convert_file(convert_opts *o, const char *path, cli_counts *n)
{
    if (!o->out_dir && o->written > 0
        && (o->to == CONVERT_XML || o->to == CONVERT_SVG)) {
        tool_error("'%s' not converted: one output holds one %s document "
                   "(give -o DIR/ for several inputs)",
                   cli_display_name(path), o->to == CONVERT_XML ? "XML"
                                                                : "SVG");
        return TOOL_TROUBLE;
    }
    sgf_parse_options po = SGF_PARSE_OPTIONS_INIT;
    sgf_collection *c = NULL;
    po.charset = o->charset;
    if (wants_xml(o, path) || o->to == CONVERT_XML)
        return convert_stream(o, path, n, &po);
    int st = cli_read_input(path, &po, &c);
    if (st != TOOL_OK) {
        n->unreadable++;
        return st;
    }
    st = cli_print_diags(stderr, cli_display_name(path), c, &o->diag, n);
    if (has_critical(c) && !o->force) {
        tool_error("'%s' not converted: data was dropped or changed on "
                   "reading (--force converts it anyway)",
                   cli_display_name(path));
        sgf_collection_free(c);
        return TOOL_INVALID;
    }
    int wst = convert_collection(o, path, c);
    if (wst == TOOL_OK)
        o->written++;
    sgf_collection_free(c);
    return tool_worst(st, wst);
}
