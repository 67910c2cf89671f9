/*
 * sgf-validate - check SGF game records and report every fault found,
 * with its position, as a compiler does. The diagnostics are the product:
 * they go to stdout (text or JSON Lines); tool messages and the summary go
 * to stderr. Exit status 0 = no input has errors, 1 = some has, 2 =
 * trouble. See man/sgf-validate.1.
 */
#include "cli.h"
#include "validate-html.h"
#include <sgf/replay.h>

#include <string.h>

enum {
    OPT_FILES_FROM = CLI_LONG_ONLY,
    OPT_STRICT,
    OPT_FORMAT,
    OPT_SYNTAX_ONLY,
    OPT_CHARSET,
    OPT_MAIN_LINE,
    OPT_RULES,
    OPT_SUMMARY,
    OPT_GAME
};

static const cli_option options[] = {
    CLI_OPTIONS_INPUT(OPT_FILES_FROM),
    { "quiet", 'q', NULL, 0, "print only errors, and no summary" },
    CLI_OPTION_IGNORE,
    { "strict", OPT_STRICT, NULL, 0,
      "count warnings as errors for the exit status" },
    { "format", OPT_FORMAT, "FORMAT", 0,
      "text (default), json, or html: one report page" },
    { "syntax-only", OPT_SYNTAX_ONLY, NULL, 0,
      "check the syntax only: no property, text or move checks" },
    { "main-line", OPT_MAIN_LINE, NULL, 0,
      "check the moves of the main line only, not every variation" },
    { "rules", OPT_RULES, "NAME", 0,
      "judge moves under rule set NAME, whatever RU[] says" },
    { "charset", OPT_CHARSET, "NAME", 0,
      "decode text as charset NAME, whatever CA[] says" },
    { "game", OPT_GAME, "N", 0,
      "only game N (0-based) of each collection" },
    CLI_OPTION_SUMMARY(OPT_SUMMARY),
    CLI_OPTIONS_PROGRESS,
    CLI_OPTION_JOBS,
    CLI_OPTIONS_END
};

static const cli_tool tool = {
    "sgf-validate", "[OPTION]... [FILE|DIR|-]...",
    "Check SGF game records and report each fault with its position.",
    options,
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Each diagnostic is one line on standard output:\n"
    "  FILE:LINE:COLUMN: SEVERITY: MESSAGE [CODE]\n"
    "Lines and columns count from 1; columns count bytes. With\n"
    "--format=json each is a JSON object on one line. A summary line\n"
    "goes to standard error. --format=html writes one self-contained\n"
    "page instead: a summary, the inputs, and a diagram of each illegal\n"
    "move.\n"
    "\n"
    "Moves are checked under each record's RU[] rules (Japanese when\n"
    "missing); rule sets for --rules: japanese korean chinese aga nz\n"
    "tromp-taylor ing egf.\n"
    "\n"
    "Exit status: 0 when no input has errors, 1 when some input has\n"
    "errors, 2 on trouble (bad usage, an input that cannot be read, a\n"
    "write error). The codes and their meanings: man sgf-validate\n"
};

struct opts {
    cli_input_opts in;
    cli_diag_opts diag;
    sgf_parse_options parse;
    sgf_replay_options replay;
    sgf_rules rules;
    sgf_replay *replayer;
    bool summary;
    bool help, version;
    const char *path;             /* the input being read */
    size_t games;                 /* its game trees so far */
    vhtml *html;                  /* --format=html */
};

static int on_option(void *payload, int option, const char *arg)
{
    struct opts *o = payload;

    switch (option) {
    case 'r': o->in.recursive = true; break;
    case OPT_FILES_FROM: o->in.files_from = arg; break;
    case '0': o->in.null_names = true; break;
    case 'q': o->diag.quiet = true; break;
    case OPT_STRICT: o->diag.strict = true; break;
    case OPT_FORMAT:
        if (strcmp(arg, "html") == 0) {
            o->diag.format = CLI_FORMAT_HTML;
            return 0;
        }
        if (strcmp(arg, "text") != 0 && strcmp(arg, "json") != 0) {
            tool_error("unknown format '%s' (text, json or html)", arg);
            return -1;
        }
        return cli_parse_format(arg, &o->diag.format);
    case OPT_SYNTAX_ONLY: o->parse.flags |= SGF_PARSE_SYNTAX_ONLY; break;
    case OPT_CHARSET:
        o->parse.charset = arg;
        return cli_check_charset(arg);
    case OPT_MAIN_LINE: o->replay.all_variations = false; break;
    case OPT_RULES:
        if (cli_rules_option(&o->rules, arg) != 0)
            return -1;
        o->replay.rules = &o->rules;
        break;
    case OPT_SUMMARY: o->summary = true; break;
    case OPT_GAME:
        o->diag.one_game = true;
        return cli_parse_game(arg, &o->diag.game);
    case 'h': o->help = true; break;
    case 'V': o->version = true; break;
    default: return -1;
    }
    return 0;
}

/* Each game tree as soon as it is read (and, with g NULL, the end of the
 * input): replay it; cli_read_games prints its diagnostics. */
static int on_game(void *payload, sgf_collection *c, sgf_game *g)
{
    struct opts *o = payload;

    bool replay = !(o->parse.flags & SGF_PARSE_SYNTAX_ONLY);
    if (g == NULL) {
        if (o->html != NULL)
            vhtml_game(o->html, c, NULL, NULL);
        return cli_game_missing(o->path, &o->diag, o->games);
    }
    o->games++;
    if (o->diag.one_game && (long)sgf_game_index(g) != o->diag.game)
        return TOOL_OK;
    if (o->html != NULL)
        vhtml_game_begin(o->html);
    if (replay && sgf_replay_run(o->replayer, c, g, &o->replay) != 0) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    if (o->html != NULL)
        return vhtml_game(o->html, c, g, replay ? o->replayer : NULL);
    return TOOL_OK;
}

/* Read, check and report one input. Returns its exit status. */
static int check_one(void *payload, const char *path, cli_counts *n)
{
    struct opts *o = payload;

    o->path = path;
    o->games = 0;
    if (o->html != NULL)
        vhtml_input_begin(o->html, path);
    return cli_read_games(path, &o->parse, on_game, o, stdout, &o->diag, n);
}

/* --format=html: the page begins; the report sees every move and
 * every diagnostic, and has the summary (no --summary lines). */
static int start_html(struct opts *o)
{
    o->html = vhtml_start(stdout, o->replay.rules);
    if (o->html == NULL)
        return TOOL_TROUBLE;
    o->replay.on_move = vhtml_on_move;
    o->replay.payload = o->html;
    o->diag.on_diag = vhtml_on_diag;
    o->diag.payload = o->html;
    o->summary = false;
    return TOOL_OK;
}

static void input_done(void *payload, const cli_input_report *r)
{
    struct opts *o = payload;
    if (o->html != NULL)
        vhtml_input_done(o->html, r);
}

static int start(void *payload)
{
    struct opts *o = payload;

    if ((o->parse.flags & SGF_PARSE_SYNTAX_ONLY)
        && (o->replay.rules != NULL || !o->replay.all_variations)) {
        /* no move is judged: the option would be ignored */
        tool_error("--syntax-only cannot go with --%s (no move is judged)",
                   o->replay.rules != NULL ? "rules" : "main-line");
        fprintf(stderr, "Try 'sgf-validate --help' for more "
                "information.\n");
        return TOOL_TROUBLE;
    }
    if (sgf_replay_new(&o->replayer) != 0) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    if (o->diag.format == CLI_FORMAT_HTML)
        return start_html(o);
    return TOOL_OK;
}

static int finish(void *payload, int status)
{
    struct opts *o = payload;

    sgf_replay_free(o->replayer);
    if (o->html != NULL)
        vhtml_finish(o->html, cli_run_counts());
    return status;
}

/* -j: the HTML page is one document, written by one process. */
static bool serial(void *payload)
{
    const struct opts *o = payload;
    return o->diag.format == CLI_FORMAT_HTML;
}

/* A large collection in parts (-j): its games are checked one by one;
 * --game counts the games of the whole input. */
static bool parts(void *payload, const char *path)
{
    const struct opts *o = payload;
    (void)path;
    return o->diag.format != CLI_FORMAT_HTML && !o->diag.one_game;
}

int main(int argc, char **argv)
{
    struct opts o = { .diag = { .format = CLI_FORMAT_TEXT } };
    (void)sgf_parse_options_init(&o.parse, SGF_PARSE_OPTIONS_VERSION);
    (void)sgf_replay_options_init(&o.replay, SGF_REPLAY_OPTIONS_VERSION);
    (void)sgf_rules_init(&o.rules, SGF_RULES_VERSION);
    cli_run_hooks h = {
        .on_option = on_option, .payload = &o, .help = &o.help,
        .version = &o.version, .in = &o.in, .start = start,
        .file = check_one, .finish = finish, .quiet = &o.diag.quiet,
        .format = &o.diag.format, .summary = &o.summary,
        .input_done = input_done, .serial = serial, .parts = parts
    };

    o.replay.all_variations = true;
    return cli_run(&tool, argc, argv, &h);
}
