/*
 * sgf/diagram.h - text pictures of a Go position.
 *
 * The board is drawn as GNU Go's "showboard" and GTP engines draw it:
 * columns A..T without I (A..Z without I up to 25 columns), rows numbered
 * from the bottom; '.' empty, '+' star point (hoshi), 'X' black, 'O'
 * white; the last move between parentheses, "(X)". Boards wider than 25
 * columns have no board notation: both axes are then labelled with SGF
 * letters (a..z, A..Z from the top-left).
 *
 * Star points: on the 4-4 points from 13 lines up, the 3-3 points below
 * (none below 7 lines); the middle of an odd side from 9 lines up; the
 * side star points on 19 lines and more (GNU Go's and most boards'
 * convention).
 */
#ifndef SGF_DIAGRAM_H
#define SGF_DIAGRAM_H

#include <stdio.h>
#include <sgf/types.h>
#include <sgf/board.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sgf_diagram_options {
    int version;             /* SGF_DIAGRAM_OPTIONS_VERSION */
    bool mark_last;          /* put the last move in parentheses */
    sgf_point last;          /* ... at this point */
} sgf_diagram_options;

#define SGF_DIAGRAM_OPTIONS_VERSION 1
#define SGF_DIAGRAM_OPTIONS_INIT { SGF_DIAGRAM_OPTIONS_VERSION, false, \
    { 0, 0 } }

/* Fill *o with the defaults of options version `version` (the same values
 * as SGF_DIAGRAM_OPTIONS_INIT), for callers that cannot use the macro (bindings,
 * other languages) or want the library's own defaults at run time.
 * version is the SGF_DIAGRAM_OPTIONS_VERSION the caller was built with.
 * Returns 0; SGF_EINVAL when o is NULL or the library does not know that
 * version (*o unchanged). */
SGF_API int sgf_diagram_options_init(sgf_diagram_options *o,
                                     unsigned version);

/* Whether pt is a star point of a width x height board (rules above). */
SGF_API bool sgf_diagram_is_star(int width, int height, sgf_point pt);

/* Write the board to fp, coordinates on all four sides, one line per row,
 * each ending in "\n" (o may be NULL). Returns 0, SGF_EINVAL (NULL
 * arguments, unknown options version) or SGF_EIO (write failed). */
SGF_API int sgf_diagram_write_board(FILE *fp, const sgf_board *b,
                                    const sgf_diagram_options *o);

/* Column label of x on a board of the given width ("A".."Z" without I,
 * or SGF letters on wider boards) into buf (2 bytes); "?" for a column
 * outside the board. Returns buf. */
SGF_API char *sgf_diagram_column_label(char buf[2], int x, int width);

/* Row label of row y (0 = top) on a board of the given width and height,
 * NUL-terminated into buf (4 bytes), no padding: the line number counted
 * from the bottom ("1".."25") on boards up to 25 lines wide, the SGF point
 * letter of y (sgf_letter_of_coord) on wider boards, as the column labels
 * switch; "?" for a row outside the board. Returns buf. */
SGF_API char *sgf_diagram_row_label(char buf[4], int y, int width,
                                    int height);

#ifdef __cplusplus
}
#endif
#endif
