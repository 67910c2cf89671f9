/*
 * sgf-score - count finished Go games under their rules and compare the
 * count with the recorded result RE[]: area or territory, komi as
 * archives write it, handicap compensation, dead stones from the TB/TW
 * markup, an estimate, none, or the caller's list. Exit status 0, 1 when
 * some input has errors or (--check) a counted game disagrees, 2 on
 * trouble. See man/sgf-score.1.
 */
#include "cli.h"
#include "score-out.h"

enum {
    OPT_FILES_FROM = CLI_LONG_ONLY,
    OPT_RULES,
    OPT_KOMI,
    OPT_DEAD,
    OPT_FORMAT,
    OPT_CHECK,
    OPT_ENGINE,
    OPT_ENGINE_TIMEOUT,
    OPT_GAME,
    OPT_CHARSET,
    OPT_PATH,
    OPT_SUMMARY
};

static const cli_option options[] = {
    { "rules", OPT_RULES, "NAME", 0,
      "count under rule set NAME, whatever RU[] says" },
    { "komi", OPT_KOMI, "K", 0, "use komi K, whatever KM[] says" },
    { "dead", OPT_DEAD, "SOURCE", 0,
      "dead stones: markup, auto, gtp, none or points (dd,pq or D16,Q3)" },
    { "engine", OPT_ENGINE, "CMD", 0,
      "GTP engine for gtp, or for the stones auto cannot settle" },
    { "engine-timeout", OPT_ENGINE_TIMEOUT, "SECONDS", 0,
      "a game the engine does not answer in time: not counted (60)" },
    { "format", OPT_FORMAT, "FORMAT", 0,
      "text (default), json, tsv: one per game; html: one page" },
    { "game", OPT_GAME, "N", 0,
      "only game N (0-based) of each collection" },
    { "path", OPT_PATH, "I.J.K", 0,
      "count the end of variation I, then J... (default: main line)" },
    { "charset", OPT_CHARSET, "NAME", 0,
      "read text in charset NAME, whatever CA[] says" },
    { "verbose", 'v', NULL, 0,
      "show the count point by point and the board" },
    { "check", OPT_CHECK, NULL, 0,
      "exit 1 when a counted game disagrees with RE[]" },
    CLI_OPTIONS_INPUT(OPT_FILES_FROM),
    { "quiet", 'q', NULL, 0, "print only errors, and no summary" },
    CLI_OPTION_IGNORE,
    CLI_OPTION_SUMMARY(OPT_SUMMARY),
    CLI_OPTIONS_PROGRESS,
    CLI_OPTION_JOBS,
    CLI_OPTIONS_END
};

static const cli_tool tool = {
    "sgf-score", "[OPTION]... [FILE|DIR|-]...",
    "Count finished Go games and compare the count with RE[].",
    options,
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Rule sets for --rules: japanese korean chinese aga nz tromp-taylor\n"
    "ing egf. Without it each record's RU[] decides (Japanese when\n"
    "missing). Dead stones come from the TB/TW markup of the last node\n"
    "when there is some, else from the estimate (--dead=auto).\n"
    "\n"
    "Exit status: 0 when done, 1 when some input has errors (a markup\n"
    "that counts dead a chain alive unconditionally is one) or, with\n"
    "--check, when a counted game disagrees with its RE[], 2 on\n"
    "trouble.\n"
};

static int on_option(void *payload, int option, const char *arg)
{
    score_out_opts *o = payload;
    switch (option) {
    case OPT_RULES:
        if (cli_rules_option(&o->rules, arg) != 0)
            return -1;
        o->rules_given = true;
        return 0;
    case OPT_KOMI: return score_out_parse_komi(o, arg);
    case OPT_DEAD: return score_out_parse_dead(o, arg);
    case OPT_FORMAT: return score_out_parse_format(o, arg);
    case 'v': o->verbose = true; return 0;
    case OPT_CHECK: o->check = true; return 0;
    case OPT_ENGINE: o->engine_cmd = arg; return 0;
    case OPT_ENGINE_TIMEOUT: return score_out_parse_timeout(o, arg);
    case OPT_GAME:
        o->diag.one_game = true;
        return cli_parse_game(arg, &o->diag.game);
    case OPT_PATH:
        return cli_parse_path(arg, &o->path, &o->path_len);
    case OPT_CHARSET:
        o->charset = arg;
        return cli_check_charset(arg);
    case OPT_SUMMARY: o->summary = true; return 0;
    case 'r': o->in.recursive = true; return 0;
    case OPT_FILES_FROM: o->in.files_from = arg; return 0;
    case '0': o->in.null_names = true; return 0;
    case 'q': o->quiet = true; return 0;
    case 'h': o->help = true; return 0;
    case 'V': o->version = true; return 0;
    default: return -1;
    }
}

static int start(void *payload)
{
    const score_out_opts *o = payload;
    if (o->verbose && o->format != SCORE_FORMAT_TEXT) {
        /* the point-by-point count is text: it would be ignored */
        tool_error("-v cannot go with --format=%s (the count point by "
                   "point is text)", o->format == SCORE_FORMAT_JSON
                   ? "json" : o->format == SCORE_FORMAT_TSV ? "tsv"
                                                            : "html");
        fprintf(stderr, "Try 'sgf-score --help' for more information.\n");
        return TOOL_TROUBLE;
    }
    return score_out_start(payload);
}

/* sgf-score counts games, not files: its own summary line
 * (score_out_finish). */
static int one_file(void *payload, const char *path, cli_counts *n)
{
    return score_out_file(payload, path, n);
}

static int finish(void *payload, int status)
{
    return tool_worst(status, score_out_finish(payload));
}

/* -j: the HTML page is one document, written by one process. */
static bool serial(void *payload)
{
    const score_out_opts *o = payload;
    return o->format == SCORE_FORMAT_HTML;
}

/* -j with an engine: a game may take it seconds (a minute at worst):
 * one input a job, so that the workers end together. */
static bool slow(void *payload)
{
    const score_out_opts *o = payload;
    return o->engine_cmd != NULL;
}

/* A worker's engine (each worker starts its own) is stopped. */
static void worker_end(void *payload)
{
    score_out_end_engines(payload);
}

/* A large collection in parts (-j): its games are counted one by one.
 * Not with --game (the games of the whole input are counted), --path,
 * --dead=POINTS or an engine (a game they cannot count stops the
 * counting of its input). */
static bool parts(void *payload, const char *path)
{
    const score_out_opts *o = payload;
    (void)path;
    return o->format != SCORE_FORMAT_HTML && !o->diag.one_game
           && o->path_len == 0 && o->dead != SCORE_DEAD_POINTS
           && o->engine_cmd == NULL;
}

int main(int argc, char **argv)
{
    score_out_opts o;
    cli_run_hooks h = {
        .on_option = on_option, .payload = &o, .help = &o.help,
        .version = &o.version, .in = &o.in, .start = start,
        .file = one_file, .finish = finish, .quiet = &o.quiet,
        .own_summary_line = true, .format = &o.report,
        .summary = &o.summary, .summary_more = score_out_summary,
        .table_out = &o.table,
        .totals = (unsigned long *)&o.totals,
        .ntotals = sizeof o.totals / sizeof(unsigned long),
        .serial = serial, .slow = slow, .worker_end = worker_end,
        .parts = parts
    };

    score_out_opts_init(&o);
    return cli_run(&tool, argc, argv, &h);
}
