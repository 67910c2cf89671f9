/*
 * sgf-convert - convert game records: SGF to lossless XML and back,
 * normalized SGF, game-information tables (TSV, JSON) and diagrams
 * (ASCII, SVG). Diagnostics of the inputs go to stderr. Exit status 0 =
 * no input has errors, 1 = some has (or was refused for critical
 * faults), 2 = trouble. See man/sgf-convert.1.
 */
#include "cli.h"
#include "convert-out.h"

#include <stdlib.h>
#include <string.h>
#include <sgf/xml.h>

enum {
    OPT_TO = CLI_LONG_ONLY,
    OPT_FROM,
    OPT_FORCE,
    OPT_REPAIR,
    OPT_OVERWRITE,
    OPT_KEEP_DIRS,
    OPT_SPLIT,
    OPT_GAME,
    OPT_CHARSET,
    OPT_NO_GO,
    OPT_COMPACT,
    OPT_EXPAND,
    OPT_COMPRESS,
    OPT_PASS_TT,
    OPT_WIDTH,
    OPT_STYLE,
    OPT_MOVE,
    OPT_MOVES,
    OPT_FIGURES,
    OPT_PATH,
    OPT_CROP,
    OPT_FILES_FROM
};

static const cli_option options[] = {
    { "to", OPT_TO, "FORMAT", 0,
      "xml, sgf, tsv, json, ascii or svg (required)" },
    { "from", OPT_FROM, "sgf|xml", 0,
      "input format (default: xml for *.xml, else sgf)" },
    { "output", 'o', "FILE|DIR", 0,
      "write to FILE, or one file per input into DIR" },
    { "force", OPT_FORCE, NULL, 0,
      "convert records even when reading lost data" },
    { "repair", OPT_REPAIR, NULL, 0,
      "sgf: repair what the reading left faulty (implies --force)" },
    { "overwrite", OPT_OVERWRITE, NULL, 0,
      "with -o DIR, replace files that already exist there" },
    { "keep-dirs", OPT_KEEP_DIRS, NULL, 0,
      "with -o DIR, outputs mirror the inputs' folders" },
    { "split", OPT_SPLIT, NULL, 0,
      "with -o DIR, one file per game: NAME-N.EXT" },
    { "game", OPT_GAME, "N", 0, "only game N (0-based) of each collection" },
    { "charset", OPT_CHARSET, "NAME", 0,
      "read text in charset NAME, whatever CA[] says" },
    { "no-go", OPT_NO_GO, NULL, 0, "xml: leave out the Go layer" },
    { "compact", OPT_COMPACT, NULL, 0, "xml: no indentation" },
    { "expand-points", OPT_EXPAND, NULL, 0,
      "sgf: write point lists point by point" },
    { "compress-points", OPT_COMPRESS, NULL, 0,
      "sgf: write point lists as rectangles" },
    { "pass-tt", OPT_PASS_TT, NULL, 0,
      "sgf: write passes as [tt] on boards up to 19x19" },
    { "width", OPT_WIDTH, "N", 0, "sgf: line width (default 79)" },
    { "style", OPT_STYLE, "gtp|sensei|book", 0,
      "ascii: diagram style (default gtp)" },
    { "move", 'm', "N", 0, "ascii, svg: the position after move N" },
    { "moves", OPT_MOVES, "N-M", 0,
      "ascii, svg: number moves N to M (N-: to the end)" },
    { "figures", OPT_FIGURES, "K", 0, "ascii: a figure every K moves" },
    { "path", OPT_PATH, "I.J.K", 0,
      "ascii, svg: take variation I, then J..." },
    { "crop", OPT_CROP, "UL:LR", 0,
      "ascii, svg: show only this rectangle (SGF corners)" },
    CLI_OPTIONS_INPUT(OPT_FILES_FROM),
    { "quiet", 'q', NULL, 0, "print only errors, and no summary" },
    CLI_OPTION_IGNORE,
    CLI_OPTIONS_PROGRESS,
    CLI_OPTION_JOBS,
    CLI_OPTIONS_END
};

static const cli_tool tool = {
    "sgf-convert", "--to=FORMAT [OPTION]... [FILE|DIR|-]...",
    "Convert SGF game records to XML, normalized SGF, tables or diagrams.",
    options,
    "With no FILE, or when FILE is -, read standard input. Output goes\n"
    "to standard output unless -o is given; files are written under a\n"
    "temporary name and renamed when complete, and never over an input.\n"
    "Diagnostics go to standard error as\n"
    "  FILE:LINE:COLUMN: SEVERITY: MESSAGE [CODE]\n"
    "\n"
    "Exit status: 0 when no input has errors, 1 when some input has\n"
    "errors or was not converted, 2 on trouble.\n"
};

static int parse_long(const char *arg, const char *what, long max,
                      long *out)
{
    long v = cli_whole_number(arg, max, NULL);
    if (v < 0) {
        tool_error("invalid %s '%s': a whole number from 0 to %ld", what,
                   arg, max);
        return -1;
    }
    *out = v;
    return 0;
}

static int parse_moves(const char *arg, convert_diagram_opts *d)
{
    enum { MOST = 1000000000 };
    const char *end = arg;
    long a = cli_whole_number(arg, MOST, &end), b = -1;
    if (a >= 0 && *end == '-' && end[1] != '\0') {
        b = cli_whole_number(end + 1, MOST, &end);
        if (b < 0)
            b = -2;
    } else if (a >= 0 && *end == '-') {
        end++;
    }
    if (a < 1 || *end != '\0' || b == -2 || (b >= 0 && b < a)) {
        tool_error("invalid --moves '%s': N-M or N- with 1 <= N <= M",
                   arg);
        return -1;
    }
    d->from = a;
    d->to = b;
    return 0;
}

static int parse_path(const char *arg, convert_opts *o)
{
    int rc = cli_parse_path(arg, &o->path, &o->dia.path_len);
    o->dia.path = o->path;
    return rc;
}

static int on_format_option(convert_opts *o, int option, const char *arg)
{
    long v;
    switch (option) {
    case OPT_TO: return convert_parse_format(arg, &o->to);
    case OPT_FROM:
        if (strcmp(arg, "sgf") != 0 && strcmp(arg, "xml") != 0) {
            tool_error("unknown input format '%s' (sgf, xml)", arg);
            return -1;
        }
        o->from = strcmp(arg, "xml") == 0;
        o->in.xml = o->from == 1;       /* -r: the *.xml files */
        return 0;
    case OPT_NO_GO: o->xml_flags |= SGF_XML_NO_GO; return 0;
    case OPT_COMPACT: o->xml_flags |= SGF_XML_COMPACT; return 0;
    case OPT_EXPAND: o->write.flags |= SGF_WRITE_EXPAND_POINTS; return 0;
    case OPT_COMPRESS:
        o->write.flags |= SGF_WRITE_COMPRESS_POINTS;
        return 0;
    case OPT_PASS_TT: o->write.flags |= SGF_WRITE_PASS_TT; return 0;
    case OPT_WIDTH:
        if (parse_long(arg, "--width", 100000, &v) != 0)
            return -1;
        o->write.line_width = (int)v;
        return 0;
    default: return 1;
    }
}

static int on_diagram_option(convert_opts *o, int option, const char *arg)
{
    switch (option) {
    case OPT_STYLE: o->dia.style = arg; return 0;
    case OPT_MOVE: return parse_long(arg, "--move", 10000000, &o->dia.move);
    case OPT_MOVES: return parse_moves(arg, &o->dia);
    case OPT_FIGURES:
        o->dia.figures = cli_whole_number(arg, 10000000, NULL);
        if (o->dia.figures < 1) {
            tool_error("invalid --figures '%s': a whole number from 1 to "
                       "10000000", arg);
            return -1;
        }
        return 0;
    case OPT_PATH: return parse_path(arg, o);
    case OPT_CROP: o->dia.crop = arg; return 0;
    default: return 1;
    }
}

static int on_option(void *payload, int option, const char *arg)
{
    convert_opts *o = payload;
    if (option == 'm')               /* -m, --move: as in sgf-replay */
        option = OPT_MOVE;
    if (option >= CLI_LONG_ONLY && option - CLI_LONG_ONLY < 64)
        o->given |= 1ull << (option - CLI_LONG_ONLY);
    int rc = on_format_option(o, option, arg);
    if (rc <= 0)
        return rc;
    rc = on_diagram_option(o, option, arg);
    if (rc <= 0)
        return rc;
    switch (option) {
    case 'o': o->output = strcmp(arg, "-") == 0 ? NULL : arg; return 0;
    case OPT_FORCE: o->force = true; return 0;
    case OPT_REPAIR: o->repair = o->force = true; return 0;
    case OPT_OVERWRITE: o->overwrite = true; return 0;
    case OPT_KEEP_DIRS: o->keep_dirs = true; return 0;
    case OPT_SPLIT: o->split = true; return 0;
    case OPT_GAME:
        o->diag.one_game = true;
        if (cli_parse_game(arg, &o->game) != 0)
            return -1;
        o->diag.game = o->game;
        return 0;
    case OPT_CHARSET:
        o->charset = arg;
        return cli_check_charset(arg);
    case 'r': o->in.recursive = true; return 0;
    case OPT_FILES_FROM: o->in.files_from = arg; return 0;
    case '0': o->in.null_names = true; return 0;
    case 'q': o->diag.quiet = true; return 0;
    case 'h': o->help = true; return 0;
    case 'V': o->version = true; return 0;
    default: return -1;
    }
}

/* Options that only some output formats read: given with another, they
 * would be ignored, so they are refused. */
#define FMT(f) (1u << (f))
static const struct {
    int option;
    unsigned formats;
    const char *which;
} only_for[] = {
    { OPT_NO_GO, FMT(CONVERT_XML), "--to=xml" },
    { OPT_COMPACT, FMT(CONVERT_XML), "--to=xml" },
    { OPT_EXPAND, FMT(CONVERT_SGF), "--to=sgf" },
    { OPT_COMPRESS, FMT(CONVERT_SGF), "--to=sgf" },
    { OPT_PASS_TT, FMT(CONVERT_SGF), "--to=sgf" },
    { OPT_WIDTH, FMT(CONVERT_SGF), "--to=sgf" },
    { OPT_REPAIR, FMT(CONVERT_SGF), "--to=sgf" },
    { OPT_STYLE, FMT(CONVERT_ASCII), "--to=ascii" },
    { OPT_FIGURES, FMT(CONVERT_ASCII), "--to=ascii" },
    { OPT_MOVE, FMT(CONVERT_ASCII) | FMT(CONVERT_SVG), "--to=ascii or svg" },
    { OPT_MOVES, FMT(CONVERT_ASCII) | FMT(CONVERT_SVG),
      "--to=ascii or svg" },
    { OPT_PATH, FMT(CONVERT_ASCII) | FMT(CONVERT_SVG), "--to=ascii or svg" },
    { OPT_CROP, FMT(CONVERT_ASCII) | FMT(CONVERT_SVG), "--to=ascii or svg" },
};

static bool given(const convert_opts *o, int option)
{
    return (o->given >> (option - CLI_LONG_ONLY)) & 1u;
}

static const char *long_name(int option)
{
    if (option == OPT_MOVE)
        option = 'm';
    for (const cli_option *p = options; p->long_name != NULL; p++)
        if (p->short_name == option)
            return p->long_name;
    return "?";
}

/* Every combination of options, checked once before anything is read. */
static int check_options(convert_opts *o)
{
    if (o->to == CONVERT_NONE) {
        tool_error("missing --to=FORMAT (xml, sgf, tsv, json, ascii, svg)");
        return TOOL_TROUBLE;
    }
    for (size_t i = 0; i < sizeof only_for / sizeof *only_for; i++)
        if (given(o, only_for[i].option)
            && !(only_for[i].formats & FMT(o->to))) {
            tool_error("--%s goes with %s only, not --to=%s",
                       long_name(only_for[i].option), only_for[i].which,
                       convert_format_name(o->to));
            return TOOL_TROUBLE;
        }
    if (given(o, OPT_EXPAND) && given(o, OPT_COMPRESS)) {
        tool_error("--expand-points cannot go with --compress-points");
        return TOOL_TROUBLE;
    }
    if (given(o, OPT_CHARSET) && o->from == 1) {
        tool_error("--charset reads SGF; XML input is always UTF-8");
        return TOOL_TROUBLE;
    }
    if (o->output != NULL && o->output[0] == '\0') {
        tool_error("-o needs a file or directory name, not ''");
        return TOOL_TROUBLE;
    }
    if ((o->overwrite || o->keep_dirs || o->split) && o->output == NULL) {
        tool_error("--%s goes with -o DIR only", o->overwrite ? "overwrite"
                   : o->keep_dirs ? "keep-dirs" : "split");
        return TOOL_TROUBLE;
    }
    o->dia.format = o->to == CONVERT_SVG;
    /* -o, and one XML or SVG document: the inputs are known before
       anything is written (convert_plan) */
    o->list_first = o->output != NULL || o->to == CONVERT_XML
                    || o->to == CONVERT_SVG;
    if (o->to == CONVERT_ASCII || o->to == CONVERT_SVG)
        return convert_diagram_check(&o->dia);
    return TOOL_OK;
}

/* The options checked, before any input is listed or read. */
static int start(void *payload)
{
    if (check_options(payload) != TOOL_OK) {
        fprintf(stderr, "Try 'sgf-convert --help' for more information.\n");
        return TOOL_TROUBLE;
    }
    return TOOL_OK;
}

/* With every input known: the output checked against them, and opened. */
static int plan(void *payload, const cli_input_list *l)
{
    return convert_plan(payload, l);
}

static int one_file(void *payload, const char *path, cli_counts *n)
{
    return convert_file(payload, path, n);
}

/* -j: one XML or SVG document for the whole run stays in one process;
 * so does -o DIR with an archive among the inputs (its members' output
 * names, checked against each other and the others', are known only as
 * it is read). */
static bool serial(void *payload)
{
    const convert_opts *o = payload;
    return (!o->out_dir && (o->to == CONVERT_XML || o->to == CONVERT_SVG))
           || o->dir_archive;
}

/* In a worker the product goes to its standard output, which the parent
 * writes where -o says; the TSV header is the parent's. */
static void worker_start(void *payload)
{
    convert_opts *o = payload;
    if (!o->out_dir) {
        o->out = stdout;
        o->header_done = true;
    }
}

static FILE *product(void *payload)
{
    convert_opts *o = payload;
    return o->out;
}

static void before_product(void *payload)
{
    convert_opts *o = payload;
    if (o->to == CONVERT_TSV && !o->out_dir && !o->header_done) {
        convert_tsv_header(o->out);
        o->header_done = true;
    }
}

/* The output of -o FILE goes in place with what was read, trouble or
 * not, as standard output gets it: an input that could not be read is
 * said and counted, and the rows of the others are not thrown away (an
 * old file was left as it was, without a word). */
static int finish(void *payload, int status)
{
    (void)status;
    return tool_worst(status, convert_finish(payload, true));
}

static bool parts(void *payload, const char *path)
{
    return convert_parts(payload, path);
}

int main(int argc, char **argv)
{
    convert_opts o;
    cli_run_hooks h = {
        .on_option = on_option, .payload = &o, .help = &o.help,
        .version = &o.version, .in = &o.in, .start = start,
        .file = one_file, .finish = finish, .quiet = &o.diag.quiet,
        .list_first = &o.list_first, .plan = plan,
        .totals = &o.written, .ntotals = 1, .serial = serial,
        .worker_start = worker_start, .product = product,
        .before_product = before_product, .parts = parts
    };

    convert_opts_init(&o);
    return cli_run(&tool, argc, argv, &h);
}
