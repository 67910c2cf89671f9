/*
 * tools/convert-diagram.h - sgf-convert's diagram outputs (--to=ascii,
 * --to=svg): the command-line choices turned into figures of
 * sgf/figure.h and written out.
 *
 * Which moves a diagram shows (book convention):
 *   - nothing given: the whole line as one figure, every move numbered
 *     ("gtp", which shows no numbers, draws the final position);
 *   - --move=N: the position after move N as it stood (captured stones
 *     removed), no numbers, move N marked as the last move; N = 0 is the
 *     start position (after the root's setup);
 *   - --moves=N-M: the position before move N, moves N..M numbered ("N-"
 *     runs to the end);
 *   - --figures=K: the moves (all, or those of --moves) cut into figures
 *     of K moves each, one after the other (a blank line between them);
 *     each figure starts from the position its predecessor ended with;
 *   - --path=I.J.K: the variation (sgf/replay.h), numbering on from the
 *     root;
 *   - --crop=UL:LR: the rectangle between two SGF corners ("aa:jj"),
 *     instead of VW[].
 * Move numbers are ordinals on the line (passes count), as shown.
 */
#ifndef SGF_TOOLS_CONVERT_DIAGRAM_H
#define SGF_TOOLS_CONVERT_DIAGRAM_H

#include <stdio.h>
#include <sgf/sgf.h>

typedef struct convert_diagram_opts {
    int format;             /* 0 ascii, 1 svg */
    const char *style;      /* ascii: "gtp" (default), "book", "sensei" */
    long move;              /* --move=N; -1 = not given */
    long from, to;          /* --moves=N-M; -1 = not given (to -1: end) */
    long figures;           /* --figures=K; 0 = not given */
    const unsigned *path;   /* --path; NULL/0 = main line */
    size_t path_len;
    const char *crop;       /* --crop=UL:LR; NULL = not given */
    long number_from;       /* the first numbered move shows this number
                               (each figure restarts); 0 = the game's
                               numbers (MN[] honoured) */
} convert_diagram_opts;

#define CONVERT_DIAGRAM_OPTS_INIT { 0, NULL, -1, -1, -1, 0, NULL, 0, NULL, \
    0 }

/* Check the options once, before any input is read: the style, --move
 * with --moves or --figures, the form of --crop, --crop with the gtp
 * style. Returns TOOL_OK, or TOOL_TROUBLE after a message. */
int convert_diagram_check(const convert_diagram_opts *o);

/* Write the diagram(s) of game g of c (read from the input called name,
 * as messages name it) to out. Returns 0 (TOOL_OK),
 * TOOL_INVALID after a message when the game is not converted (not a
 * game of Go, a crop off its board), or TOOL_TROUBLE after a message: a
 * path that leaves the tree, out of memory, a write error. */
int convert_diagram(FILE *out, const char *name, sgf_collection *c,
                    const sgf_game *g, const convert_diagram_opts *o);

#endif
