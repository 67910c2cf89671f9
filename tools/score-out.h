/*
 * tools/score-out.h - what sgf-score does with one input: replay each
 * game's main line, count the final position, compare with RE[], print
 * one line (text), object (JSON) or row (TSV) per game. Tool code only.
 */
#ifndef SGF_TOOLS_SCORE_OUT_H
#define SGF_TOOLS_SCORE_OUT_H

#include "cli.h"
#include "engine.h"
#include "gtp.h"
#include <sgf/replay.h>
#include <sgf/score.h>

typedef enum score_dead_mode {
    SCORE_DEAD_DEFAULT = 0,    /* markup when the last node has some,
                                  else the estimate */
    SCORE_DEAD_MARKUP,
    SCORE_DEAD_AUTO,
    SCORE_DEAD_NONE,
    SCORE_DEAD_POINTS,
    SCORE_DEAD_GTP                 /* the engine's final_status_list */
} score_dead_mode;

typedef enum score_format {
    SCORE_FORMAT_TEXT = 0,
    SCORE_FORMAT_JSON,
    SCORE_FORMAT_TSV,
    SCORE_FORMAT_HTML          /* one page (score-html.h) */
} score_format;

typedef struct score_totals {
    unsigned long games, counted, agreed, disagreed, not_finished;
    unsigned long not_counted;
    unsigned long causes[16];      /* disagreements by cause (by value) */
    unsigned long settled, settled_agreed;  /* estimated games settled */
    unsigned long engine_asked, engine_failed;
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
    const char *engine_cmd;        /* --engine, or NULL */
    double engine_timeout;         /* --engine-timeout, seconds */
    engine_pool *engines;          /* with engine_cmd: set by start */
    gtp_build *gtp;                /* with engine_cmd: set by start */
    bool engine_broken;            /* died twice: trouble */
    const sgf_game *gtp_game;      /* the game being replayed */
    bool gtp_started;
    int gtp_rc;                    /* the builder's first failure */
    char gtp_why[96];
    bool verbose, check, quiet;
    bool summary;                  /* --summary */
    bool table;                    /* --format=tsv: stdout is rows */
    cli_format report;             /* JSON: records (json.h), else text */
    cli_diag_opts diag;            /* --game; the record's own faults */
    const char *charset;           /* --charset */
    unsigned *path;                /* --path (cli_parse_path), or NULL */
    size_t path_len;
    bool help, version;
    sgf_replay *replay;            /* set by score_out_start */
    struct shtml *html;            /* SCORE_FORMAT_HTML: the page */
    score_totals totals;
} score_out_opts;

void score_out_opts_init(score_out_opts *o);

/* Parse --dead, --format, --komi, --engine-timeout. 0, or -1 after a
 * message. */
int score_out_parse_dead(score_out_opts *o, const char *arg);
int score_out_parse_timeout(score_out_opts *o, const char *arg);
int score_out_parse_format(score_out_opts *o, const char *arg);
int score_out_parse_komi(score_out_opts *o, const char *arg);

/* Check the options together, allocate the replayer (and with an
 * engine its pool and the GTP builder), print the TSV header. 0 or
 * TOOL_TROUBLE. */
int score_out_start(score_out_opts *o);

/* Free the replayer; print the batch summary unless quiet. Returns
 * TOOL_INVALID with --check when a counted game disagreed, else
 * TOOL_OK. */
int score_out_finish(score_out_opts *o);

/* Stop the engines (a worker's, at its end). */
void score_out_end_engines(score_out_opts *o);

/* Read one input, count its games, print; its diagnostics counted in
 * n. Returns its exit status. */
int score_out_file(score_out_opts *o, const char *path, cli_counts *n);

/* --summary: the verdicts and causes of the run, as fields of the JSON
 * summary record rec, or as text lines when rec is NULL. */
struct json_t;
void score_out_summary(void *payload, struct json_t *rec, FILE *fp);

/* ---- the engine's part (score-engine.c) ------------------------------ */

/* The replay's on_move callback when an engine may be asked: the GTP
 * commands of the line (payload: the options). */
int score_engine_on_move(void *payload, const sgf_replay_move *m);

/* Before the replay of game g: its GTP commands start afresh. */
void score_engine_begin(score_out_opts *o, const sgf_game *g);

/* After the replay: ask the engine which stones of b (the position at
 * the line's end node) are dead: 0 with dead (width * height bytes)
 * set; 1 when the game gets no answer (why says so: a timeout, a
 * refusal, a board or position GTP cannot describe, an answer naming no
 * stone, an answer without end, an engine that died twice, said once
 * when it did: o->engine_broken, the run's exit status 2, and why is
 * then SCORE_ENGINE_BROKEN); -1 when out of memory, after a message. */
#define SCORE_ENGINE_BROKEN "the engine is not running (it stopped twice: " \
    "said above)"
int score_engine_dead(score_out_opts *o, const sgf_board *b,
                      const sgf_node *end, uint8_t *dead, char *why,
                      size_t size);

#endif
