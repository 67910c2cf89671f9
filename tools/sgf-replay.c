/*
 * sgf-replay - play game records out under Go rules and show the
 * position: at the end, after move N, or after every move; or the GTP
 * commands that rebuild it in an engine; or per-move events as JSON.
 * Illegal moves and other faults go to stderr as diagnostics. Exit status
 * 0 = no input has errors, 1 = some has (an illegal move, a broken file),
 * 2 = trouble. See man/sgf-replay.1.
 */
#include "cli.h"
#include "replay-out.h"

#include <stdlib.h>
#include <string.h>

enum {
    OPT_FILES_FROM = CLI_LONG_ONLY,
    OPT_EACH,
    OPT_PATH,
    OPT_ALL,
    OPT_GAME,
    OPT_RULES,
    OPT_GTP,
    OPT_FORMAT,
    OPT_SUMMARY,
    OPT_CHARSET
};

static const cli_option options[] = {
    { "move", 'm', "N", 0, "show the position after move N" },
    { "each", OPT_EACH, NULL, 0, "show the position after every move" },
    { "path", OPT_PATH, "I.J.K", 0,
      "follow variation I at the first branching point, J at the next..." },
    { "all-variations", OPT_ALL, NULL, 0,
      "also check every variation, not only the line shown" },
    { "game", OPT_GAME, "N", 0,
      "only game N (0-based) of each collection" },
    { "charset", OPT_CHARSET, "NAME", 0,
      "read text in charset NAME, whatever CA[] says" },
    { "rules", OPT_RULES, "NAME", 0,
      "judge moves under rule set NAME, whatever RU[] says" },
    { "gtp", OPT_GTP, NULL, 0,
      "print GTP commands that rebuild the position" },
    { "format", OPT_FORMAT, "text|json", 0,
      "board pictures (default) or JSON events, one per move" },
    CLI_OPTIONS_INPUT(OPT_FILES_FROM),
    { "quiet", 'q', NULL, 0, "print only errors, and no summary" },
    CLI_OPTION_IGNORE,
    CLI_OPTION_SUMMARY(OPT_SUMMARY),
    CLI_OPTIONS_PROGRESS,
    CLI_OPTION_JOBS,
    CLI_OPTIONS_END
};

static const cli_tool tool = {
    "sgf-replay", "[OPTION]... [FILE|DIR|-]...",
    "Play SGF game records out under Go rules and show the position.",
    options,
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Rule sets for --rules: japanese korean chinese aga nz tromp-taylor\n"
    "ing egf. Without it each record's RU[] decides (Japanese when\n"
    "missing). Diagnostics go to standard error as\n"
    "  FILE:LINE:COLUMN: SEVERITY: MESSAGE [CODE]\n"
    "\n"
    "Exit status: 0 when no input has errors, 1 when some input has\n"
    "errors (an illegal move included), 2 on trouble.\n"
};

static int parse_number(const char *arg, const char *what, long *out)
{
    long v = cli_whole_number(arg, 10000000, NULL);
    if (v < 0) {
        tool_error("invalid %s '%s': a whole number from 0", what, arg);
        return -1;
    }
    *out = v;
    return 0;
}

static int on_option(void *payload, int option, const char *arg)
{
    replay_out_opts *o = payload;
    long v;
    switch (option) {
    case 'm':
        if (parse_number(arg, "--move", &v) != 0)
            return -1;
        o->stop_after = (unsigned)v;
        o->stop_given = true;
        return 0;
    case OPT_EACH: o->each = true; return 0;
    case OPT_PATH:
        return cli_parse_path(arg, &o->path, &o->path_len);
    case OPT_ALL: o->all_variations = true; return 0;
    case OPT_GAME:
        if (cli_parse_game(arg, &o->game) != 0)
            return -1;
        o->diag.one_game = true;
        o->diag.game = o->game;
        return 0;
    case OPT_CHARSET:
        o->charset = arg;
        return cli_check_charset(arg);
    case OPT_RULES:
        if (cli_rules_option(&o->rules, arg) != 0)
            return -1;
        o->rules_given = true;
        return 0;
    case OPT_GTP: o->gtp = true; return 0;
    case OPT_FORMAT: return cli_parse_format(arg, &o->format);
    case 'r': o->in.recursive = true; return 0;
    case OPT_FILES_FROM: o->in.files_from = arg; return 0;
    case '0': o->in.null_names = true; return 0;
    case 'q': o->diag.quiet = true; return 0;
    case OPT_SUMMARY: o->summary = true; return 0;
    case 'h': o->help = true; return 0;
    case 'V': o->version = true; return 0;
    default: return -1;
    }
}

/* Combinations one of the options would be ignored in: refused once,
 * before anything is read. */
static int check_options(const replay_out_opts *o)
{
    const char *clash = NULL;
    if (o->gtp && o->format == CLI_FORMAT_JSON)
        clash = "--gtp cannot go with --format=json (GTP is its own "
                "format)";
    else if (o->gtp && o->each)
        clash = "--gtp cannot go with --each (GTP rebuilds one position)";
    else if (o->each && o->format == CLI_FORMAT_JSON)
        clash = "--each cannot go with --format=json (JSON has every "
                "move already)";
    if (clash == NULL)
        return TOOL_OK;
    tool_error("%s", clash);
    fprintf(stderr, "Try 'sgf-replay --help' for more information.\n");
    return TOOL_TROUBLE;
}

static int start(void *payload)
{
    if (check_options(payload) != TOOL_OK)
        return TOOL_TROUBLE;
    return replay_out_start(payload);
}

static int one_file(void *payload, const char *path, cli_counts *n)
{
    return replay_out_file(payload, path, n);
}

static int finish(void *payload, int status)
{
    replay_out_finish(payload);
    return status;
}

/* A large collection in parts (-j): its games are replayed one by one.
 * Not with --game (the games of the whole input are counted), --path or
 * --gtp (a game they cannot replay stops the input's replays). */
static bool parts(void *payload, const char *path)
{
    const replay_out_opts *o = payload;
    (void)path;
    return o->game < 0 && o->path_len == 0 && !o->gtp;
}

int main(int argc, char **argv)
{
    replay_out_opts o;
    cli_run_hooks h = {
        .on_option = on_option, .payload = &o, .help = &o.help,
        .version = &o.version, .in = &o.in, .start = start,
        .file = one_file, .finish = finish, .quiet = &o.diag.quiet,
        .format = &o.format, .summary = &o.summary, .parts = parts
    };

    replay_out_opts_init(&o);
    return cli_run(&tool, argc, argv, &h);
}
