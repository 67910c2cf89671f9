/*
 * tools/convert-out.c - sgf-convert's inputs and outputs (see
 * convert-out.h): reading SGF or XML, the refusal of critical faults,
 * the writers per format, temporary files renamed into place.
 */
/* realpath() with a NULL buffer (POSIX.1-2008, XSI) */
#define _XOPEN_SOURCE 700
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

const char *convert_format_name(convert_format f)
{
    return f >= 0 && (size_t)f < sizeof format_names / sizeof *format_names
        ? format_names[f] : "?";
}

/* --- files ------------------------------------------------------------- */

static bool is_dir(const char *path)
{
    struct stat st;
    size_t len = strlen(path);
    return (len > 0 && path[len - 1] == '/')
        || (stat(path, &st) == 0 && S_ISDIR(st.st_mode));
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

/* Where -o FILE is renamed to: FILE itself, or, when FILE is a symbolic
 * link to a regular file, the file it points to (so the link stays).
 * Returns the malloc'd path, or NULL after a message. */
static char *rename_target(const char *output)
{
    struct stat st;
    char *t;
    if (lstat(output, &st) == 0 && S_ISLNK(st.st_mode)
        && stat(output, &st) == 0 && S_ISREG(st.st_mode))
        t = realpath(output, NULL);
    else
        t = strdup(output);
    if (t == NULL)
        tool_error("cannot resolve '%s': %s", output, strerror(errno));
    return t;
}

/* -o FILE: refused when it is an input (by any name or link), else a
 * temporary file next to the file it names, or the file itself when it
 * is not a regular one (a device or a fifo: /dev/null, /dev/stdout). */
static int open_output_file(convert_opts *o, const cli_input_list *l)
{
    struct stat st;
    if (stat(o->output, &st) == 0) {
        long j = cli_input_list_find(l, &st);
        const char *in = j >= 0 ? cli_input_list_path(l, (size_t)j) : "";
        if (j >= 0 && strcmp(in, o->output) == 0)
            tool_error("'%s' is an input; nothing written (-o must name "
                       "another file)", o->output);
        else if (j >= 0)
            tool_error("'%s' is the input '%s' (the same file); nothing "
                       "written (-o must name another file)", o->output,
                       cli_display_name(in));
        if (j >= 0)
            return TOOL_TROUBLE;
        if (!S_ISREG(st.st_mode)) {
            o->out = fopen(o->output, "w");
            if (o->out == NULL) {
                tool_error("cannot open '%s': %s", o->output,
                           strerror(errno));
                return TOOL_TROUBLE;
            }
            return TOOL_OK;
        }
    }
    if ((o->final = rename_target(o->output)) == NULL)
        return TOOL_TROUBLE;
    o->out = open_tmp(o->final, &o->tmp);
    return o->out ? TOOL_OK : TOOL_TROUBLE;
}

static char *dir_target(const convert_opts *o, const char *path);

/* -o DIR: refused when the output of some input would replace an input
 * (the same or a later one), before anything is written. */
static int check_dir_targets(const convert_opts *o, const cli_input_list *l)
{
    for (size_t i = 0; i < cli_input_list_count(l); i++) {
        const char *path = cli_input_list_path(l, i);
        char *target = dir_target(o, path);
        struct stat st;
        long j;
        if (target == NULL) {
            tool_error("out of memory");
            return TOOL_TROUBLE;
        }
        j = stat(target, &st) == 0 ? cli_input_list_find(l, &st) : -1;
        if (j == (long)i)
            tool_error("'%s' would overwrite its input; nothing written",
                       target);
        else if (j >= 0)
            tool_error("'%s', the output for '%s', is the input '%s'; "
                       "nothing written", target, cli_display_name(path),
                       cli_input_list_path(l, (size_t)j));
        free(target);
        if (j >= 0)
            return TOOL_TROUBLE;
    }
    return TOOL_OK;
}

int convert_plan(convert_opts *o, const cli_input_list *l)
{
    o->out = stdout;
    if (o->output == NULL || l == NULL)
        return TOOL_OK;
    o->out_dir = is_dir(o->output);
    if (!o->out_dir)
        return open_output_file(o, l);
    if (check_dir_targets(o, l) != TOOL_OK)
        return TOOL_TROUBLE;
    struct stat st;
    if (stat(o->output, &st) != 0
        && mkdir(o->output, 0777) != 0) {     /* "-o out/": make out/ */
        tool_error("cannot create directory '%s': %s", o->output,
                   strerror(errno));
        return TOOL_TROUBLE;
    }
    return TOOL_OK;
}

int convert_finish(convert_opts *o, bool ok)
{
    keyset_release(&o->targets);
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
    int st = close_tmp(o->out, o->tmp, o->final, ok && o->written > 0);
    o->tmp = NULL;
    free(o->final);
    o->final = NULL;
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

static int read_all(const char *path, char **buf, size_t *len)
{
    FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    size_t cap = 65536;
    *len = 0;
    *buf = NULL;
    if (fp == NULL) {
        tool_error("cannot open '%s': %s", path, strerror(errno));
        return TOOL_TROUBLE;
    }
    for (;;) {
        char *p = realloc(*buf, cap + 1);
        if (p == NULL)
            break;
        *buf = p;
        *len += fread(p + *len, 1, cap - *len, fp);
        if (*len < cap)
            break;
        cap *= 2;
    }
    bool bad = *buf == NULL || ferror(fp);
    if (fp != stdin)
        fclose(fp);
    if (!bad)
        return TOOL_OK;
    tool_error("cannot read '%s': %s", cli_display_name(path),
               *buf ? strerror(errno) : "out of memory");
    free(*buf);
    *buf = NULL;
    return TOOL_TROUBLE;
}

static int read_xml(const convert_opts *o, const char *path,
                    const sgf_parse_options *po, sgf_collection **c)
{
    char *buf, err[256];
    size_t len;
    (void)o;
    if (read_all(path, &buf, &len) != TOOL_OK)
        return TOOL_TROUBLE;
    int rc = sgf_xml_read_buffer(c, buf, len, po, err, sizeof err);
    free(buf);
    if (rc == SGF_OK)
        return TOOL_OK;
    if (rc == SGF_ESYNTAX)
        tool_error("'%s' is not SGF XML: %s", cli_display_name(path), err);
    else
        tool_error("cannot read '%s': %s", cli_display_name(path),
                   sgf_strerror(rc));
    return TOOL_TROUBLE;
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
    case CONVERT_XML:
        return lib_status(sgf_xml_write(out, c, o->xml_flags), "XML");
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

/* One output file per input (-o DIR). */
static int write_to_dir(convert_opts *o, const char *path,
                        sgf_collection *c)
{
    char *target = dir_target(o, path), *tmp;
    size_t index = o->targets.count;
    int st = TOOL_TROUBLE, added = -1;
    struct stat st_target;
    if (target == NULL) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    bool earlier = keyset_find(&o->targets, target, strlen(target), NULL);
    if (!earlier && !o->overwrite && lstat(target, &st_target) == 0)
        tool_error("'%s' exists; not written (--overwrite replaces "
                   "existing files)", target);
    else if (earlier)
        tool_error("'%s' was already written for another input of the "
                   "same name; '%s' not written", target,
                   cli_display_name(path));
    else if ((added = keyset_add(&o->targets, target, strlen(target),
                                 &index)) < 0)
        tool_error("out of memory");
    else {
        FILE *fp = open_tmp(target, &tmp);
        if (fp != NULL) {
            st = write_format(o, fp, c, cli_display_name(path), true);
            st = tool_worst(st, close_tmp(fp, tmp, target, st == TOOL_OK));
        }
    }
    free(target);
    return st;
}

static int convert_collection(convert_opts *o, const char *path,
                              sgf_collection *c)
{
    if (cli_game_missing(path, &o->diag, sgf_collection_game_count(c))
        != TOOL_OK)
        return TOOL_TROUBLE;
    if (o->out_dir)
        return write_to_dir(o, path, c);
    int st = write_format(o, o->out, c, cli_display_name(path), false);
    if (o->out == stdout)
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
    int st = wants_xml(o, path) ? read_xml(o, path, &po, &c)
                                : cli_read_input(path, &po, &c);
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
