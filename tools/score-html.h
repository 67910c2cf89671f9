/*
 * tools/score-html.h - sgf-score --format=html: one page (html.h) with a
 * summary (games counted, agreeing, disagreeing, not counted, the causes
 * found), a table of the games (file, game, players, rules, komi, dead
 * stones' source, the count, RE[], the verdict, the cause) that the
 * page's script sorts and filters, and under each disagreement the
 * counted board (territory, dead stones and seki marked), the two
 * results, the count side by side and the cause.
 *
 * Written game by game as sgf-score counts them; the page states its
 * bounds. The score code hands over one game at a time (shtml_game),
 * whatever its own structures are: this file knows only the library's
 * types.
 */
#ifndef SGF_TOOLS_SCORE_HTML_H
#define SGF_TOOLS_SCORE_HTML_H

#include <stdio.h>
#include "cli.h"
#include <sgf/score.h>

#define SHTML_FIGURES_IN_ALL 500     /* disagreements drawn */
#define SHTML_QUIET_ROWS 10000       /* rows of games that agree or are
                                        not counted; disagreements are
                                        always listed */

typedef struct shtml shtml;

/* A diagnostic of the count of one game. */
typedef struct shtml_note {
    sgf_diag_code code;
    sgf_pos pos;                 /* line 0: none */
    const char *message;
} shtml_note;

/* What the page shows of one counted game; everything is borrowed for
 * the call only. */
typedef struct shtml_game {
    const char *name;            /* the input's display name */
    sgf_collection *c;           /* the game's collection, for the board */
    const sgf_game *g;
    unsigned last_move;          /* the position counted: after this move
                                    of the main line (0: the setup) */
    const char *rules;           /* rule set name */
    double komi;
    const char *komi_note;       /* "" or how KM[] was read */
    const char *dead_source;     /* markup, auto, none, points */
    const sgf_score *score;      /* the count: sides, map */
    const char *result;          /* the count, "B+3.5" */
    const char *recorded;        /* RE[] as written */
    sgf_score_verdict verdict;
    const char *cause;           /* the cause, short ("komi=6.5"), or "" */
    const char *why;             /* the same as a phrase, or "" */
    const shtml_note *notes;
    size_t nnotes;
    int settled;                 /* the estimate of dead stones: 1 settled
                                    (every stone's status sure), 0 not,
                                    -1 no estimate made */
} shtml_game;

/* Totals for the summary. */
typedef struct shtml_totals {
    unsigned long games, counted, agreed, disagreed, not_counted;
    unsigned long files, unreadable;
    unsigned long not_finished;  /* counted, on a board not finished */
} shtml_totals;

/* A new page on fp, begun. NULL after a message (out of memory). */
shtml *shtml_start(FILE *fp);

/* One game's row, and its board when it disagrees. Returns TOOL_OK, or
 * TOOL_TROUBLE after a message (out of memory). */
int shtml_game_add(shtml *h, const shtml_game *g);

/* An input that could not be read (message: the tool's, or NULL). */
void shtml_unreadable(shtml *h, const char *name, const char *message);

/* A row for game g of name that is not Go (GM[] other than 1): no board
 * to count, RE[] as recorded, "not-counted", cause "not-go=GM[n]". */
void shtml_not_go(shtml *h, const char *name, const sgf_game *g,
                  const char *recorded);

/* The summary and the page's end; frees h. */
void shtml_finish(shtml *h, const shtml_totals *t);

#endif
