/*
 * tools/score-out.h - what sgf-score does with one input: replay each
 * game's main line, count the final position, compare with RE[], print
 * one line (text), object (JSON) or row (TSV) per game. Tool code only.
 */
#ifndef SGF_TOOLS_SCORE_OUT_H
#define SGF_TOOLS_SCORE_OUT_H

#include "cli.h"
#include <sgf/replay.h>
#include <sgf/score.h>

typedef enum score_dead_mode {
    SCORE_DEAD_DEFAULT = 0,    /* markup when the last node has some,
                                  else the estimate */
    SCORE_DEAD_MARKUP,
    SCORE_DEAD_AUTO,
    SCORE_DEAD_NONE,
    SCORE_DEAD_POINTS
} score_dead_mode;

typedef enum score_format {
    SCORE_FORMAT_TEXT = 0,
    SCORE_FORMAT_JSON,
    SCORE_FORMAT_TSV,
    SCORE_FORMAT_HTML          /* one page (score-html.h) */
} score_format;

typedef struct score_totals {
    unsigned long games, counted, agreed, disagreed, not_counted;
    unsigned long files, unreadable;
} score_totals;

typedef struct score_out_opts {
    cli_input_opts in;
    score_format format;
    sgf_rules rules;
    bool rules_given;
    double komi;
    bool komi_given;
    score_dead_mode dead;
    const char *dead_points;       /* SCORE_DEAD_POINTS */
    bool verbose, check, quiet;
    bool help, version;
    sgf_replay *replay;            /* set by score_out_start */
    struct shtml *html;            /* SCORE_FORMAT_HTML: the page */
    score_totals totals;
} score_out_opts;

void score_out_opts_init(score_out_opts *o);

/* Parse --dead, --format, --komi. 0, or -1 after a message. */
int score_out_parse_dead(score_out_opts *o, const char *arg);
int score_out_parse_format(score_out_opts *o, const char *arg);
int score_out_parse_komi(score_out_opts *o, const char *arg);

/* Allocate the replayer, print the TSV header. 0 or TOOL_TROUBLE. */
int score_out_start(score_out_opts *o);

/* Free the replayer; print the batch summary unless quiet. Returns
 * TOOL_INVALID with --check when a counted game disagreed, else
 * TOOL_OK. */
int score_out_finish(score_out_opts *o);

/* Read one input, count its games, print. Returns its exit status. */
int score_out_file(score_out_opts *o, const char *path);

#endif
