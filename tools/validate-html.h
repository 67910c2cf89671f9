/*
 * tools/validate-html.h - sgf-validate --format=html: the page a
 * tournament director reads and sends. A summary (inputs by status,
 * diagnostics by code), a table of the inputs (file, players, date,
 * result, counts, status) that the page's script sorts and filters by
 * severity and code, and under each input its diagnostics and, for each
 * illegal move, a diagram of the position before it with the move
 * marked, the rule set and the rule that forbids it.
 *
 * Written as the inputs are read: memory stays that of one input, whose
 * part of the page is held until its table row is written (its size is
 * bounded by the caps below, which the page states). The hooks follow
 * sgf-validate's pipeline: start, each input (begin, each game, each
 * diagnostic, done), finish.
 */
#ifndef SGF_TOOLS_VALIDATE_HTML_H
#define SGF_TOOLS_VALIDATE_HTML_H

#include <stdio.h>
#include "cli.h"
#include <sgf/replay.h>

/* What one page shows at most; the counts are always whole. */
#define VHTML_DIAGS_PER_INPUT 100   /* listed, of each severity */
#define VHTML_DIAGS_IN_ALL 20000    /* listed in all */
#define VHTML_FIGURES_PER_INPUT 20  /* illegal moves drawn */
#define VHTML_FIGURES_IN_ALL 500
#define VHTML_TEXT_MAX 200          /* bytes of a record's value shown */

typedef struct vhtml vhtml;

/* A new report written on fp, its page begun. rules: --rules (NULL:
 * each record's RU[]). NULL after a message when out of memory. */
vhtml *vhtml_start(FILE *fp, const sgf_rules *rules);

/* The replay option that shows the report the moves (on_move). */
int vhtml_on_move(void *payload, const sgf_replay_move *m);

/* An input is about to be read (path: as given). */
void vhtml_input_begin(vhtml *v, const char *path);

/* Before game g is replayed (its moves are seen anew). */
void vhtml_game_begin(vhtml *v);

/* After game g of c was replayed by r (r NULL: not replayed, as with
 * --syntax-only): the game's information and the diagrams of its
 * illegal moves. g NULL: the end of the input. Returns a tool status
 * (TOOL_TROUBLE after a message when out of memory). */
int vhtml_game(vhtml *v, sgf_collection *c, const sgf_game *g,
               const sgf_replay *r);

/* cli_diag_opts.on_diag: one diagnostic to list. */
void vhtml_on_diag(void *payload, const char *name, const sgf_collection *c,
                   const sgf_diag *d);

/* cli_run_hooks.input_done: the input's row and its part of the page. */
void vhtml_input_done(void *payload, const cli_input_report *r);

/* The summary (n: the run's counts), the end of the page; frees v. */
void vhtml_finish(vhtml *v, const cli_counts *n);

#endif
