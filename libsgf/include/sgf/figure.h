/*
 * sgf/figure.h - game figures: the numbering engine behind every diagram
 * output (ASCII in three styles, SVG).
 *
 * A figure is a picture of part of a game as books print it: the
 * position before a first move, with the moves from there to a last move
 * drawn as numbered stones. Conventions (sgf2dg's and the printed
 * kifu's):
 *
 *   - Each point shows its first occupant in the figure: the stone that
 *     stood there before the first numbered move (drawn unnumbered), or
 *     the first numbered move played there. Stones captured during the
 *     figure stay drawn, so every move can be read off it.
 *   - A move played on a point that already shows a stone is not drawn;
 *     it gets a note "12 at 5" (the point shows move 5) or "12 at D4"
 *     (the point shows an unnumbered stone; the point in board notation,
 *     or in SGF letters on boards wider than 25 columns). Passes get a
 *     note "12 pass".
 *   - Numbers are the game's: move n is numbered n, counting passes, and
 *     MN[] in a node sets the number of its move (later moves count on
 *     from it). Or, with first_number, the first move of the figure is
 *     numbered first_number and the others count on.
 *   - A position figure (no numbered moves) shows the position after a
 *     move as the board really is (captures removed) with that move
 *     marked as the last move.
 *   - Markup (TR SQ CR MA SL DD LB AR LN) is that of the node of the last
 *     move shown (the root when no move is shown), DD and VW inherited
 *     from the nearest ancestor that has them (FF[4] spec: DD and VW are
 *     inherited; an empty value resets).
 *   - The view: the whole board, or the bounding box of VW[] (inherited),
 *     or the caller's rectangle (options), which wins.
 *
 * Moves are identified by their ordinal on the line (1-based, passes
 * included), as sgf/replay.h counts them; "from" and "to" are ordinals
 * whatever MN[] says.
 *
 * Renderers:
 *   - ASCII "gtp": the position at the end of the figure drawn by
 *     sgf_diagram_write_board (GNU Go showboard, last move in
 *     parentheses); whole board always, no numbers, no markup.
 *   - ASCII "book": a caption line, the board with numbered stones,
 *     coordinates on all four sides (columns skip I, rows counted from the
 *     bottom, SGF letters above 25 columns), one-character labels (LB)
 *     on empty points, the last move in parentheses in a position
 *     figure; then the notes ("12 at 5, 14 at D4, 15 pass") and the
 *     captures ("Captures: 7 takes 2; 9 takes D4 E4", each captured stone
 *     named by its number, or its point when unnumbered). Cells are three
 *     columns wide, four when a number reaches 100.
 *   - ASCII "sensei": Sensei's Library wiki diagrams ($$ lines). At most
 *     ten numbered moves per diagram (1..9, 0 for the tenth; the header's
 *     "m<n>" gives the first number, "B"/"W" the colour of the first): a
 *     figure with more, a move on a point already shown, a pass or two
 *     moves by one colour in a row starts a new diagram, whose stones
 *     from before are unnumbered (so Sensei diagrams need no notes).
 *     Marks on empty points C S T M, on stones B/W (circle) #/@ (square)
 *     Y/Q (triangle) Z/P (cross); one-letter labels on empty points as
 *     a-z; SL, DD and marks on numbered stones have no form there and are
 *     left out; a position figure circles the last move. Arrows and lines
 *     follow the board as "$$ {AR C3 D4}" lines (as Sabaki writes them).
 *     Markup is drawn on the last diagram only. Board edges are drawn
 *     where the view reaches them.
 *   - Moves outside a cropped view are neither drawn nor noted.
 *   - SVG: see sgf_figure_write_svg.
 *
 * Ownership: a figure is a heap object owned by the caller; it keeps no
 * pointer into the collection after sgf_figure_build returns (label texts
 * are copied). One thread per figure.
 */
#ifndef SGF_FIGURE_H
#define SGF_FIGURE_H

#include <stdio.h>
#include <sgf/types.h>
#include <sgf/tree.h>
#include <sgf/rules.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sgf_figure sgf_figure;

typedef struct sgf_figure_options {
    int version;                 /* SGF_FIGURE_OPTIONS_VERSION */
    /* The line: as sgf_replay_options (NULL/0 = main line). */
    const unsigned *path;
    size_t path_len;
    /* Numbered moves from..to (ordinals; from 0 = 1; to
     * SGF_FIGURE_END, or any number past the last move, = the end of
     * the line). from > to gives a position figure after move to (to 0:
     * the start position, after the root's setup). */
    unsigned from, to;
    /* 0: game numbers (MN[] honoured); k > 0: move `from` is k. */
    unsigned first_number;
    /* Caller's view rectangle (corners included, SGF points); used when
     * crop is true, instead of VW[]. */
    bool crop;
    sgf_point crop_ul, crop_lr;
    /* Rules to replay under (NULL: the record's RU[]). */
    const sgf_rules *rules;
} sgf_figure_options;

#define SGF_FIGURE_OPTIONS_VERSION 1
#define SGF_FIGURE_END 0xFFFFFFFFu
#define SGF_FIGURE_OPTIONS_INIT { SGF_FIGURE_OPTIONS_VERSION, NULL, 0, 1, \
    SGF_FIGURE_END, 0, false, { 0, 0 }, { 0, 0 }, NULL }

/* Fill *o with the defaults of options version `version` (the same values
 * as SGF_FIGURE_OPTIONS_INIT), for callers that cannot use the macro (bindings,
 * other languages) or want the library's own defaults at run time.
 * version is the SGF_FIGURE_OPTIONS_VERSION the caller was built with.
 * Returns 0; SGF_EINVAL when o is NULL or the library does not know that
 * version (*o unchanged). */
SGF_API int sgf_figure_options_init(sgf_figure_options *o,
                                    unsigned version);

/* Markup bits of a point (sgf_figure_point.marks). */
enum {
    SGF_FIGURE_TR = 1u << 0,     /* triangle */
    SGF_FIGURE_SQ = 1u << 1,     /* square */
    SGF_FIGURE_CR = 1u << 2,     /* circle */
    SGF_FIGURE_MA = 1u << 3,     /* cross */
    SGF_FIGURE_SL = 1u << 4,     /* selected */
    SGF_FIGURE_DD = 1u << 5      /* dimmed */
};

/* What a figure shows at a point. */
typedef struct sgf_figure_point {
    sgf_color color;             /* stone drawn, or SGF_EMPTY */
    long number;                 /* its move number, 0 = unnumbered */
    bool captured;               /* no longer on the board at the end */
    bool star;                   /* empty star point */
    unsigned marks;              /* SGF_FIGURE_* bits */
    const char *label;           /* LB text (UTF-8), or NULL */
} sgf_figure_point;

/* One move of the figure (numbered moves, in order). */
typedef struct sgf_figure_move {
    unsigned ordinal;            /* on the line, from 1 */
    long number;                 /* number shown */
    sgf_color color;
    bool pass;
    sgf_point point;             /* unless pass */
    /* Played on a point that already shows a stone (reused): the number
     * shown there (at > 0), or at 0 for an unnumbered stone. */
    bool reused;
    long at;
    int captured;                /* stones this move removed */
} sgf_figure_move;

/* An AR or LN property value. */
typedef struct sgf_figure_line {
    sgf_point from, to;
    bool arrow;                  /* AR (true) or LN */
} sgf_figure_line;

/* A new empty figure. Errors: SGF_EINVAL (out NULL), SGF_ENOMEM (*out =
 * NULL). Free with sgf_figure_free (NULL is a no-op). */
SGF_API int sgf_figure_new(sgf_figure **out);
SGF_API void sgf_figure_free(sgf_figure *f);

/* Build the figure of game g of collection c (o NULL = defaults: the
 * whole main line numbered). The replay adds no diagnostics (quiet).
 * Returns 0, SGF_EINVAL (NULL arguments, unknown options version, a path
 * that leaves the tree, a crop rectangle off the board or upside down,
 * a game that is not Go), SGF_ENOMEM. On error the figure is empty. */
SGF_API int sgf_figure_build(sgf_figure *f, sgf_collection *c,
                             const sgf_game *g,
                             const sgf_figure_options *o);

/* Called by sgf_figure_build_each with each figure of a series, built:
 * read it with the functions below or write it (sgf_figure_write_ascii,
 * sgf_figure_write_svg) before returning. Return 0 to go on; anything
 * else stops the series and is returned by sgf_figure_build_each (use
 * positive values, which no SGF_E* code is). */
typedef int (*sgf_figure_each_fn)(void *payload, const sgf_figure *f);

/* A series of figures of game g's line: the moves o->from..o->to cut
 * into figures of `moves` numbered moves each (the last may have fewer;
 * 0: one figure of them all), each built as sgf_figure_build builds the
 * figure of its own from..to, its first_number counting from its own
 * first move, and handed to each(payload, f) in order. The series stops
 * after the figure that reaches o->to or the end of the line; a position
 * figure (from > to) is a series of one. The line is replayed twice for
 * the whole series, so its cost grows with the line, not with the
 * number of figures times the line. Returns 0, the errors of
 * sgf_figure_build (SGF_EINVAL also when each is NULL), or the first
 * nonzero value each returned. After 0, f holds the series' last figure;
 * after each's value, the figure it was handed; after an error, nothing
 * (empty). */
SGF_API int sgf_figure_build_each(sgf_figure *f, sgf_collection *c,
                                  const sgf_game *g,
                                  const sgf_figure_options *o,
                                  unsigned moves, sgf_figure_each_fn each,
                                  void *payload);

/* Board size; the view (corners included). */
SGF_API void sgf_figure_size(const sgf_figure *f, int *width, int *height);
SGF_API void sgf_figure_view(const sgf_figure *f, sgf_point *ul,
                             sgf_point *lr);

/* Moves on the line (whole line, not only the figure's), and the
 * ordinals of the first and last numbered moves (first > last: none). */
SGF_API unsigned sgf_figure_line_moves(const sgf_figure *f);
SGF_API void sgf_figure_range(const sgf_figure *f, unsigned *first,
                              unsigned *last);

/* What the figure shows at pt (a zeroed point off the board). Label
 * strings are owned by the figure. */
SGF_API sgf_figure_point sgf_figure_at(const sgf_figure *f, sgf_point pt);

/* Numbered moves, the i-th (NULL out of range). Owned by the figure. */
SGF_API size_t sgf_figure_move_count(const sgf_figure *f);
SGF_API const sgf_figure_move *sgf_figure_move_at(const sgf_figure *f,
                                                  size_t i);

/* AR and LN lines of the figure's node. */
SGF_API size_t sgf_figure_line_count(const sgf_figure *f);
SGF_API const sgf_figure_line *sgf_figure_line_at(const sgf_figure *f,
                                                  size_t i);

/* The last move shown (the last numbered move, or in a position figure
 * the move it is after): false when none or a pass. */
SGF_API bool sgf_figure_last_move(const sgf_figure *f, sgf_point *pt,
                                  sgf_color *color);

/* Prisoners held by holder at the end of the figure (sgf/board.h). */
SGF_API int sgf_figure_prisoners(const sgf_figure *f, sgf_color holder);

/* ASCII styles (file comment). */
typedef enum sgf_figure_style {
    SGF_FIGURE_GTP = 0,
    SGF_FIGURE_BOOK,
    SGF_FIGURE_SENSEI
} sgf_figure_style;

/* Style by name ("gtp", "book", "sensei"): 0 and *out set, or
 * SGF_EINVAL. */
SGF_API int sgf_figure_style_from_name(const char *name,
                                       sgf_figure_style *out);

/* Write the figure to fp as text in a style. Every line ends in "\n".
 * Returns 0, SGF_EINVAL (NULL arguments, bad style, empty figure),
 * SGF_ENOMEM, SGF_EIO (write failed). */
SGF_API int sgf_figure_write_ascii(FILE *fp, const sgf_figure *f,
                                   sgf_figure_style style);

/* Write the figure's view as a standalone SVG 1.1 document (UTF-8, the
 * svg namespace). Units: 24 per point spacing, 36 from the picture's
 * edge to the view's outer points (the coordinates sit in that margin,
 * on all four sides); width, height and viewBox in those units; the
 * notes of the book style ("9 at 2", "Captures: ...") as text lines
 * under the board. Sides of a cropped view that are not board edges end
 * in half a spacing of grid line; AR and LN are clipped to the view.
 * Marks drawn on a numbered stone use the "on-number" colour over the
 * number; an LB label on a stone replaces its number. CSS classes, each
 * on a group or element, styled by the embedded <style>; a page
 * restyles them with its own rules (of higher specificity, or later
 * when the SVG is inlined):
 *   svg.sgf-figure            the root
 *   .board                    background rectangle
 *   .grid                     board lines   .star  star points
 *   .coord                    coordinate texts
 *   .stone.black .stone.white stones; .captured also: no longer on the
 *                             board at the end of the figure
 *   .number.on-black / .on-white   move numbers on stones
 *   .last                     last-move marker: in a position figure a
 *                             ring on the stone, else the last move's
 *                             number (.number.last)
 *   .mark.tr .sq .cr .ma .sl .dd  markup (with .on-black / .on-white /
 *                             .on-empty / .on-number)
 *   .label-bg                 the board-coloured patch under a label on
 *                             an empty point
 *   .label                    LB texts (with .on-*)
 *   .arrow .line              AR and LN
 *   .note                     the "N at M" notes under the board
 * Returns 0, SGF_EINVAL (NULL arguments, empty figure), SGF_ENOMEM,
 * SGF_EIO (write failed). */
SGF_API int sgf_figure_write_svg(FILE *fp, const sgf_figure *f);

/* How sgf_figure_write_svg_with writes; SGF_FIGURE_SVG_OPTIONS_INIT gives
 * what sgf_figure_write_svg writes. */
typedef struct sgf_figure_svg_options {
    int version;                 /* SGF_FIGURE_SVG_OPTIONS_VERSION */
    /* An <svg> element to put in an HTML page, not a document: no XML
     * declaration and no <style> (the page carries the rules of
     * sgf_figure_svg_style once for all its figures); the arrowheads
     * are then set by attribute. */
    bool fragment;
    /* Put before the ids the picture defines ("arrowhead", the marker,
     * and "view", the clip path of AR and LN), so that figures on one
     * page keep ids of their own; NULL gives "sgf-". Letters, digits,
     * '-' and '_' only. */
    const char *id_prefix;
    /* A move drawn over the figure, as a report shows a move on the
     * position before it (an illegal move, say): a translucent stone of
     * next_color at next_point in a red ring (only the ring when the
     * figure shows a stone there), numbered next_number when it is > 0;
     * classes .next.black /
     * .next.white, .next-ring and .number.next, in group .next-move.
     * SGF_EMPTY: none. Not drawn when the point is outside the view. */
    sgf_color next_color;
    sgf_point next_point;
    long next_number;
    /* A count drawn over the figure: width * height sgf_score_point
     * values (sgf/score.h, the map of an sgf_score of this position,
     * index y * width + x), or NULL. Territory gets a small square of
     * its owner's colour (.terr.black, .terr.white), a dead stone is
     * dimmed (.dead-dim) under its point's square, a seki point gets a
     * blue ring (.seki); dame and live stones nothing; group .count,
     * under numbers and marks. */
    const uint8_t *score_map;
} sgf_figure_svg_options;

#define SGF_FIGURE_SVG_OPTIONS_VERSION 1
#define SGF_FIGURE_SVG_OPTIONS_INIT { SGF_FIGURE_SVG_OPTIONS_VERSION, \
    false, NULL, SGF_EMPTY, { 0, 0 }, 0, NULL }

/* Fill *o with the defaults of options version `version` (the same values
 * as SGF_FIGURE_SVG_OPTIONS_INIT), for callers that cannot use the macro (bindings,
 * other languages) or want the library's own defaults at run time.
 * version is the SGF_FIGURE_SVG_OPTIONS_VERSION the caller was built with.
 * Returns 0; SGF_EINVAL when o is NULL or the library does not know that
 * version (*o unchanged). */
SGF_API int sgf_figure_svg_options_init(sgf_figure_svg_options *o,
                                        unsigned version);

/* sgf_figure_write_svg with options (o not NULL). Errors as
 * sgf_figure_write_svg, and SGF_EINVAL for an unknown options version,
 * an id_prefix with other characters, or a next_color that is not
 * SGF_EMPTY, SGF_BLACK or SGF_WHITE (nothing written then). */
SGF_API int sgf_figure_write_svg_with(FILE *fp, const sgf_figure *f,
                                      const sgf_figure_svg_options *o);

/* The CSS rules the figures' classes need (those of the embedded
 * style sheet, without the arrowhead rule, with the rules of the next
 * move and of the count), each selector within ".sgf-figure " so that they style nothing
 * else on the page: what a page that inlines fragments puts in its
 * <style>, once. Static storage, NUL-terminated, one rule a line. */
SGF_API const char *sgf_figure_svg_style(void);

#ifdef __cplusplus
}
#endif
#endif
