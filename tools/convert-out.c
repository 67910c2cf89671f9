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
#include <sgf/repair.h>
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
    memset(o, 0, sizeof *o);
    (void)sgf_write_options_init(&o->write, SGF_WRITE_OPTIONS_VERSION);
    o->to = CONVERT_NONE;
    o->from = -1;
    o->game = -1;
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

/* A temporary file next to target ("DIR/.NAME.PID-N", N counting the
 * process's temporary files; a name taken is passed over; NAME cut to
 * its first TMP_NAME_KEEP bytes, so that a target's name as long as a
 * file system takes, 255 bytes, still leaves room), made new
 * with the mode a new file gets (0666 less the umask) in one call.
 * Returns the open stream and sets *tmp (malloc'd), or NULL after a
 * message. */
enum { TMP_NAME_KEEP = 200 };

static FILE *open_tmp(const char *target, char **tmp)
{
    static unsigned long count;
    static long pid = -1;
    const char *slash = strrchr(target, '/');
    size_t dlen = slash ? (size_t)(slash - target) + 1 : 0;
    size_t len = strlen(target) + 48;
    FILE *fp = NULL;
    *tmp = malloc(len);
    if (*tmp == NULL) {
        tool_error("out of memory");
        return NULL;
    }
    if (pid < 0)
        pid = (long)getpid();
    for (int tries = 0; fp == NULL && tries < 1000; tries++) {
        snprintf(*tmp, len, "%.*s.%.*s.%ld-%lu", (int)dlen, target,
                 TMP_NAME_KEEP, target + dlen, pid, count++);
        fp = fopen(*tmp, "wx");
        if (fp == NULL && errno != EEXIST)
            break;
    }
    if (fp == NULL) {
        tool_error("cannot create a file in '%.*s' to write '%s': %s",
                   (int)(dlen ? dlen : 1), dlen ? target : ".", target,
                   strerror(errno));
        free(*tmp);
        *tmp = NULL;
    }
    return fp;
}

/* Close the temporary file and rename it to target (ok), or remove it;
 * fresh: target was not there when the file was made (it keeps the mode
 * it was made with), else it takes the mode of the file it replaces.
 * Returns TOOL_OK or TOOL_TROUBLE after a message. */
static int close_tmp(FILE *fp, char *tmp, const char *target, bool ok,
                     bool fresh)
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
        struct stat old;               /* the mode of the file replaced */
        if (!fresh && stat(target, &old) == 0)
            chmod(tmp, old.st_mode & 07777);
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

static char *dir_target(const convert_opts *o, const char *path, long game);

/* -o DIR: refused when the output of some input would replace an input
 * (the same or a later one), before anything is written. */
static int check_dir_targets(const convert_opts *o, const cli_input_list *l)
{
    for (size_t i = 0; !o->split && i < cli_input_list_count(l); i++) {
        const char *path = cli_input_list_path(l, i);
        char *target = dir_target(o, path, -1);
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
    o->inputs = l;
    if (l == NULL)
        return TOOL_OK;
    o->out_dir = o->output != NULL && is_dir(o->output);
    size_t count = cli_input_list_count(l);
    if (!o->out_dir && (o->to == CONVERT_XML || o->to == CONVERT_SVG)
        && count > 1) {                 /* refused before any is written */
        tool_error("%zu inputs and one output: one output holds one %s "
                   "document (give -o DIR/ for one file per input); "
                   "nothing written", count,
                   o->to == CONVERT_XML ? "XML" : "SVG");
        return TOOL_TROUBLE;
    }
    if (o->output == NULL)
        return TOOL_OK;
    if (!o->out_dir && (o->split || o->keep_dirs || o->overwrite)) {
        tool_error("--%s needs -o DIR (a directory, or a name ending in "
                   "'/')", o->split ? "split" : o->keep_dirs ? "keep-dirs"
                                                : "overwrite");
        return TOOL_TROUBLE;
    }
    if (!o->out_dir)
        return open_output_file(o, l);
    for (size_t i = 0; i < count && !o->dir_archive; i++)
        o->dir_archive = cli_archive_has_members(cli_input_list_path(l, i));
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
    int st = close_tmp(o->out, o->tmp, o->final, ok && o->written > 0,
                       false);
    o->tmp = NULL;
    free(o->final);
    o->final = NULL;
    o->out = stdout;
    return st;
}

/* The path an output is named after, relative to DIR: with --keep-dirs
 * the input's whole path made relative (empty, "." and leading ".."
 * components dropped, "x/.." taken back, so nothing lands outside DIR;
 * the "//" of an archive member is one separator, below which the
 * member's own ".." take back nothing: its output stays in DIR/ARCHIVE/
 * whatever a stranger named it), else its last component; "stdin" for
 * standard input. Appended to buf (size >= strlen(path) + 8). */
static void source_part(const convert_opts *o, const char *path, char *buf)
{
    const char *src = strcmp(path, "-") == 0 ? "stdin" : path;
    size_t len = 0, floor = 0;
    if (!o->keep_dirs) {
        const char *slash = strrchr(src, '/');
        strcpy(buf, slash ? slash + 1 : src);
        return;
    }
    for (const char *s = src; *s != '\0';) {
        size_t n = strcspn(s, "/");
        if (n == 0 && s != src)
            floor = len;                /* "//": an archive's members */
        if (n == 2 && s[0] == '.' && s[1] == '.') {
            while (len > floor && buf[len - 1] != '/')  /* drop the last */
                len--;
            if (len > floor)
                len--;
        } else if (n > 0 && !(n == 1 && s[0] == '.')) {
            if (len > 0)
                buf[len++] = '/';
            memcpy(buf + len, s, n);
            len += n;
        }
        s += n + (s[n] == '/');
    }
    buf[len] = '\0';
}

/* "DIR/NAME.EXT" for an input (game: its index with --split, else -1):
 * NAME is source_part's, its extension (and a compression suffix after
 * it, as in x.sgf.gz) replaced by the format's, "-N" before it with
 * --split. malloc'd, or NULL when out of memory. */
static char *dir_target(const convert_opts *o, const char *path, long game)
{
    size_t plen = strlen(path), dlen = strlen(o->output);
    char *part = malloc(plen + 8), *t = malloc(dlen + plen + 40);
    if (part == NULL || t == NULL) {
        free(part);
        free(t);
        return NULL;
    }
    source_part(o, path, part);
    if (part[0] == '\0')
        strcpy(part, "stdin");
    char *base = strrchr(part, '/');
    base = base ? base + 1 : part;
    char *dot = strrchr(base, '.');
    if (dot != NULL && dot != base && cli_is_archive_name(base)) {
        *dot = '\0';                         /* x.sgf.gz: the .gz */
        dot = strrchr(base, '.');
    }
    if (dot != NULL && dot != base)
        *dot = '\0';
    char num[24] = "";
    if (game >= 0)
        snprintf(num, sizeof num, "-%ld", game);
    snprintf(t, dlen + plen + 40, "%s%s%s%s%s", o->output,
             dlen && o->output[dlen - 1] == '/' ? "" : "/", part, num,
             format_ext[o->to]);
    free(part);
    return t;
}

/* --- reading ------------------------------------------------------------ */

static bool wants_xml(const convert_opts *o, const char *path)
{
    size_t len = cli_uncompressed_len(path);      /* x.xml.gz too */
    if (o->from >= 0)
        return o->from == 1;
    return len > 4 && strncasecmp(path + len - 4, ".xml", 4) == 0;
}

/* Whether the reading dropped or changed data of what is converted: with
 * --game (one game picked), text outside the game trees is no game's,
 * and not counted. The critical ones past the cap of their code, left
 * out of the list, count too (a thousand stray control bytes before a
 * note typed into a node). */
static bool has_critical(const sgf_collection *c, const convert_opts *o)
{
    sgf_diag_counts lo;
    sgf_collection_diags_left_out(c, &lo, NULL);
    if (lo.critical > 0)
        return true;
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++) {
        const sgf_diag *d = sgf_collection_diag(c, i);
        if (d->critical && (o->game < 0 || d->code != SGF_D_TEXT_OUTSIDE))
            return true;
    }
    return false;
}

/* --- writing ------------------------------------------------------------ */

/* The status of a write of the input name's what (a full disk: "cannot
 * write the SGF of 'x.sgf': No space left on device"). */
static int lib_status(int rc, const char *what, const char *name)
{
    if (rc == SGF_OK)
        return TOOL_OK;
    tool_error("cannot write the %s of '%s': %s", what, name,
               rc == SGF_EIO ? strerror(errno) : sgf_strerror(rc));
    return TOOL_TROUBLE;
}

/* --keep-dirs: the folders of target below DIR (the first skip bytes),
 * made as needed for the output of the input path. 0, or -1 after a
 * message, which names the input (a folder that cannot be made may come
 * from another input's file of the same name). */
static int make_parents(char *target, size_t skip, const char *path)
{
    /* the folder of the last target, known to be there: inputs come
     * folder by folder, so most targets need no look at the disk */
    static char *known;
    const char *slash = strrchr(target + skip, '/');
    size_t dlen = slash ? (size_t)(slash - target) : 0;
    if (dlen == 0)
        return 0;
    if (known != NULL && strlen(known) == dlen
        && memcmp(known, target, dlen) == 0)
        return 0;
    for (char *p = target + skip; (p = strchr(p, '/')) != NULL; p++) {
        *p = '\0';
        struct stat st;
        int rc = stat(target, &st) == 0 ? (S_ISDIR(st.st_mode) ? 0 : -1)
                                        : mkdir(target, 0777);
        if (rc != 0 && errno == EEXIST)
            rc = 0;
        if (rc != 0)
            tool_error("cannot create directory '%s' for the output of "
                       "'%s': %s", target, cli_display_name(path),
                       errno ? strerror(errno) : "a file of that name is "
                       "there");
        *p = '/';
        if (rc != 0)
            return -1;
        errno = 0;
    }
    free(known);
    known = malloc(dlen + 1);
    if (known != NULL) {
        memcpy(known, target, dlen);
        known[dlen] = '\0';
    }
    return 0;
}

/* What tells an input's folder from another's (a hash of the path up to
 * its last '/'), kept with each output name written: --keep-dirs is
 * offered for two inputs of one output name only when their folders
 * differ (in one folder it would not keep them apart). */
static size_t folder_key(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t h = 14695981039346656037u & SIZE_MAX;
    for (const char *p = path; slash != NULL && p < slash; p++)
        h = (h ^ (unsigned char)*p) * (1099511628211u & SIZE_MAX);
    return h;
}

/* The file of one input under -o DIR: *target is its name (malloc'd,
 * for the caller to free), *fp the temporary file it is written to
 * (renamed by close_tmp), or NULL after a message. Inputs that are the
 * same file as an output were refused before anything was written
 * (convert_plan). */
static FILE *open_dir_target(convert_opts *o, const char *path, long game,
                             char **target, char **tmp, bool *fresh)
{
    struct stat st_target;
    size_t index = folder_key(path), earlier_key = 0;
    *target = dir_target(o, path, game);
    *tmp = NULL;
    if (*target == NULL) {
        tool_error("out of memory");
        return NULL;
    }
    size_t len = strlen(*target);
    bool earlier = keyset_find(&o->targets, *target, len, &earlier_key);
    bool exists = lstat(*target, &st_target) == 0;
    *fresh = !exists;
    if (exists && o->inputs != NULL && stat(*target, &st_target) == 0
        && cli_input_list_find(o->inputs, &st_target) >= 0)
        tool_error("'%s' is an input; not written", *target);
    else if (!earlier && !o->overwrite && exists)
        tool_error("'%s' exists; not written (--overwrite replaces "
                   "existing files)", *target);
    else if (earlier)
        tool_error("'%s' was already written for another input of the "
                   "same name; '%s' not written%s", *target,
                   cli_display_name(path),
                   o->keep_dirs || earlier_key == index ? ""
                   : " (--keep-dirs keeps the inputs' folders apart)");
    else if (keyset_add(&o->targets, *target, len, &index) < 0)
        tool_error("out of memory");
    else if (!o->keep_dirs
             || make_parents(*target, strlen(o->output) + 1, path) == 0)
        return open_tmp(*target, tmp);
    free(*target);
    *target = NULL;
    return NULL;
}


/* --- game by game ------------------------------------------------------
 *
 * XML input (read with sgf_xml_read_fd_each) and XML output (written
 * with sgf_xml_writer_*) go one game tree at a time: memory is that of
 * one game, whatever the size of the input or of the output. */

typedef struct stream {
    convert_opts *o;
    const char *path;        /* the input */
    const char *name;        /* the input, as messages call it */
    cli_counts *n;
    FILE *out;               /* where this input goes */
    bool own_file;           /* -o DIR: a file of its own */
    sgf_xml_writer *xw;      /* --to=xml: the document, once started */
    bool refused;            /* a game with critical faults: the rest of
                                the input is not converted */
    bool tell;               /* ... to be said after its diagnostics */
    size_t refused_at;       /* the game refused */
    bool after_last;         /* ... none: the text after the last game
                                tree, which no output holds */
    bool found;              /* the game --game asks for was met */
    unsigned long games;     /* games written */
    int status;              /* of the writes and refusals */
    bool stop;               /* trouble: nothing more of the input is
                                written (not for an output of --split
                                refused or failed: each game is a file
                                of its own, and the others go on) */
    size_t games_seen;       /* game trees read */
    unsigned long in_file;   /* games written to the output open now */
    bool write_said;         /* a failed write of the XML was said */
} stream;

/* A failed write of the document is said once (its end fails too). */
static int xml_status(stream *s, int rc)
{
    if (rc != SGF_OK && s->write_said)
        return TOOL_TROUBLE;
    s->write_said = rc != SGF_OK;
    return lib_status(rc, "XML", s->name);
}

static int stream_put(stream *s, sgf_collection *c, sgf_game *g)
{
    convert_opts *o = s->o;
    switch (o->to) {
    case CONVERT_XML:
        if (s->xw == NULL) {
            int rc = sgf_xml_writer_open(&s->xw, s->out, o->xml_flags);
            if (rc != SGF_OK)
                return xml_status(s, rc);
        }
        return xml_status(s, sgf_xml_writer_game(s->xw, g));
    case CONVERT_SGF:
        return lib_status(sgf_write_game(s->out, g, &o->write), "SGF",
                          s->name);
    case CONVERT_TSV:
        if (s->in_file == 0 && !s->own_file)
            cli_product_begins(s->out);
        if (s->in_file == 0 && (s->own_file || !o->header_done)
            && convert_tsv_header(s->out) != 0)
            return TOOL_TROUBLE;
        o->header_done = o->header_done || !s->own_file;
        return convert_table(s->out, s->name, c,
                             (long)sgf_game_index(g), false);
    case CONVERT_JSON:
        return convert_table(s->out, s->name, c, (long)sgf_game_index(g),
                             true);
    default:
        if (o->to == CONVERT_SVG && s->in_file > 0) {
            if (s->in_file == 1) {     /* one SVG document: one game */
                cli_flush(s->out);
                tool_error("%s: more than one game: game 0 is drawn, "
                           "the others are not (--game=N draws game N; "
                           "-o DIR/ --split, each)", s->name);
            }
            return TOOL_OK;
        }
        if (s->in_file > 0)
            fputc('\n', s->out);
        return convert_diagram(s->out, s->name, c, g, &o->dia);
    }
}

/* --split: the game in a file of its own, DIR/NAME-N.EXT. */
static int put_split(stream *s, sgf_collection *c, sgf_game *g)
{
    char *target, *tmp;
    bool fresh;
    FILE *fp = open_dir_target(s->o, s->path, (long)sgf_game_index(g),
                               &target, &tmp, &fresh);
    if (fp == NULL) {
        s->n->not_written++;
        return TOOL_TROUBLE;
    }
    s->out = fp;
    s->in_file = 0;
    int st = stream_put(s, c, g);
    if (s->xw != NULL)
        st = tool_worst(st, xml_status(s, sgf_xml_writer_close(s->xw)));
    s->xw = NULL;
    st = tool_worst(st, close_tmp(fp, tmp, target, st < TOOL_TROUBLE,
                                  fresh));
    free(target);
    s->out = NULL;
    return st;
}

/* The refusal, once the refused game's diagnostics are out. */
static void tell_refusal(stream *s)
{
    if (!s->tell)
        return;
    s->tell = false;
    if (s->after_last)
        tool_error("'%s': its games were converted, but not the text "
                   "after its last game tree, which is part of none "
                   "(--force accepts that)", s->name);
    else if (s->games == 0)
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
    if (g != NULL)
        s->games_seen++;
    if (g == NULL && !o->force && !s->refused && !s->stop && o->game < 0
        && has_critical(c, o)) {
        /* after the last game tree: data dropped there (text after it),
         * or no game tree at all (no document is begun for it) */
        s->refused = true;
        s->tell = s->after_last = s->games_seen > 0;
        return TOOL_INVALID;
    }
    if (g == NULL || s->refused || s->stop
        || (o->game >= 0 && (long)sgf_game_index(g) != o->game))
        return TOOL_OK;
    s->found = true;
    if (has_critical(c, o) && !o->force) {
        s->refused = s->tell = true;
        s->refused_at = sgf_game_index(g);
        return TOOL_INVALID;
    }
    if (o->repair && sgf_repair_game(c, g) == SGF_ENOMEM) {
        tool_error("out of memory");
        s->stop = true;
        return TOOL_TROUBLE;
    }
    int st = o->split ? put_split(s, c, g) : stream_put(s, c, g);
    s->games++;
    s->in_file++;
    s->status = tool_worst(s->status, st);
    s->stop = s->stop || (st >= TOOL_TROUBLE && !o->split);
    return st;
}

/* sgf_xml_read_fd_each's callback: the game, then its diagnostics, as
 * cli_read_games does for SGF. */
static int stream_xml_game(void *payload, sgf_collection *c, sgf_game *g)
{
    stream *s = payload;
    int st = stream_game(s, c, g);
    cli_flush_before_stderr();
    st = tool_worst(st, cli_print_diag_batch(stderr, s->name, c,
                                             &s->o->diag, s->n));
    tell_refusal(s);
    s->status = tool_worst(s->status, st);
    return 0;
}

/* Why input name is not read as SGF XML: at the line and column the reader
 * gives (err "LINE:COLUMN: reason" or "LINE: reason"), as diagnostics
 * are written (NAME:LINE:COLUMN: error: ...), else as a message. */
static void xml_fault(const char *name, const char *err)
{
    size_t k = strspn(err, "0123456789:");
    if (k < 2 || err[k - 1] != ':' || err[k] != ' ' || err[0] == ':') {
        tool_error("'%s' is not SGF XML: %s", name, err);
        return;
    }
    cli_flush_before_stderr();
    sgf_print_name(stderr, name);
    fprintf(stderr, ":%.*s error: not SGF XML: %s\n", (int)k, err,
            err + k + 1);
}

static int read_xml_games(stream *s, const char *path,
                          const sgf_parse_options *po)
{
    char err[256];
    const cli_member *m = cli_member_of(path);  /* of an archive: its data */
    int fd = m != NULL ? m->fd : cli_open_input(path), rc;
    if (m == NULL && fd < 0) {
        s->n->unreadable++;
        return TOOL_TROUBLE;
    }
    errno = 0;
    if (m != NULL && fd < 0)
        rc = sgf_xml_read_buffer_each(m->data, m->len, po, stream_xml_game,
                                      s, err, sizeof err);
    else
        rc = sgf_xml_read_fd_each(fd, po, stream_xml_game, s, err,
                                  sizeof err);
    int saved = errno;
    if (m == NULL && fd != 0)
        close(fd);
    if (rc == SGF_OK) {
        s->n->files++;
        return s->status;
    }
    s->n->unreadable++;
    if (rc == SGF_ESYNTAX)
        xml_fault(s->name, err);
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
    if (s->xw == NULL && o->to == CONVERT_XML && !s->refused && !o->split
        && st < TOOL_TROUBLE && o->game < 0)
        st = tool_worst(st, xml_status(s, sgf_xml_writer_open(
                            &s->xw, s->out, o->xml_flags)));
    if (s->xw != NULL)
        st = tool_worst(st, xml_status(s, sgf_xml_writer_close(s->xw)));
    s->xw = NULL;
    if (o->game >= 0 && !s->found && st < TOOL_TROUBLE)
        st = cli_game_missing(s->path, &o->diag, s->games_seen);
    return st;
}

static int convert_stream(convert_opts *o, const char *path, cli_counts *n,
                          const sgf_parse_options *po)
{
    stream s = { .o = o, .path = path, .name = cli_display_name(path),
                 .n = n, .out = o->out, .own_file = o->out_dir,
                 .status = TOOL_OK };
    char *target = NULL, *tmp = NULL;
    bool fresh = false;
    if (o->out_dir && !o->split
        && (s.out = open_dir_target(o, path, -1, &target, &tmp, &fresh))
           == NULL) {
        n->not_written++;
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
                                      wrote && st < TOOL_TROUBLE, fresh));
    else if (s.out == stdout)
        cli_flush_before_stderr();
    free(target);
    return st;
}

bool convert_parts(const convert_opts *o, const char *path)
{
    return !o->out_dir && !o->split && o->game < 0 && o->force
           && (o->to == CONVERT_SGF || o->to == CONVERT_TSV
               || o->to == CONVERT_JSON)
           && !wants_xml(o, path);
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
    sgf_parse_options po;
    (void)sgf_parse_options_init(&po, SGF_PARSE_OPTIONS_VERSION);
    po.charset = o->charset;
    return convert_stream(o, path, n, &po);
}
