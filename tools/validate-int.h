/*
 * tools/validate-int.h - what the two parts of sgf-validate's HTML
 * report share (validate-html.c: the page, rows and summary;
 * validate-figure.c: the diagrams of illegal moves).
 */
#ifndef SGF_TOOLS_VALIDATE_INT_H
#define SGF_TOOLS_VALIDATE_INT_H

#include "validate-html.h"
#include <sgf/figure.h>

/* A value kept for an input's row (a copy: the game is released). */
typedef struct vhtml_text {
    char *text;
    size_t len;
} vhtml_text;

/* A part of the page held until the input's row is written. */
typedef struct vhtml_part {
    FILE *fp;                     /* open_memstream on buf, or NULL */
    char *buf;
    size_t len;
} vhtml_part;

enum { VHTML_INFO_COUNT = 4 };    /* PB PW DT RE */

/* An illegal move seen by the replay, to be drawn. */
typedef struct vhtml_move {
    const sgf_node *node;
    unsigned number, repeats;
    sgf_color color;
    sgf_point point;
    sgf_verdict verdict;
    size_t offset;                /* of its B or W property */
    sgf_pos pos;                  /* of its diagnostic (line 0: none) */
    unsigned long figure;         /* its figure's number, 0: not drawn */
} vhtml_move;

struct vhtml {
    FILE *out;
    sgf_figure *fig;
    const sgf_rules *rules;       /* --rules, or NULL */
    /* the run */
    unsigned long inputs;         /* rows written */
    unsigned long figures;        /* illegal moves drawn */
    unsigned long figures_left_out;
    unsigned long listed;         /* diagnostics listed */
    unsigned long inputs_by_code[CLI_MAX_CODES];
    /* the input */
    const char *path;             /* as given to vhtml_input_begin */
    vhtml_part rows, figs;        /* its diagnostics; its diagrams */
    vhtml_text info[VHTML_INFO_COUNT];
    bool have_info;
    unsigned in_figures, in_illegal;
    unsigned long in_listed[3], in_unlisted[3];    /* by severity */
    /* the game */
    long game;                    /* index of the game drawn */
    vhtml_move moves[VHTML_FIGURES_PER_INPUT];
    size_t n_moves;
    unsigned game_illegal;
};

/* The diagrams of the illegal moves the replay r showed (vhtml_on_move)
 * in game g of c, into v->figs. A tool status. */
int vhtml_draw_moves(vhtml *v, sgf_collection *c, const sgf_game *g,
                     const sgf_replay *r);

/* The id of the diagram of the move diagnostic d is about ("f12"), or
 * NULL. Static storage, until the next call. */
const char *vhtml_figure_of(const vhtml *v, const sgf_diag *d);

#endif
