/*
 * figure_int.h - the figure's inside, shared by the numbering engine
 * (figure.c) and its renderers (figure_ascii.c, figure_svg.c).
 */
#ifndef SGF_FIGURE_INT_H
#define SGF_FIGURE_INT_H

#include <sgf/figure.h>
#include <sgf/replay.h>

/* A change a move made besides its own stone: a capture (color EMPTY) or
 * a stone set up since the move before (AB/AW between moves). */
typedef struct sgf__fig_change {
    sgf_point pt;
    sgf_color color;
} sgf__fig_change;

typedef struct sgf__fig_move {
    sgf_figure_move pub;
    size_t ch_first, ch_count;   /* changes[ch_first..+ch_count) */
    const sgf_node *node;        /* the move's node */
    long game_number;            /* MN[] honoured */
    int prisoners[2];            /* after the move: Black's, White's */
} sgf__fig_move;

struct sgf_figure {
    int w, h;
    bool built;
    sgf_color *base;             /* w*h: before the first numbered move */
    sgf_color *end;              /* w*h: after the last */
    sgf_color *disp;             /* w*h: first occupant in the figure */
    long *num;                   /* w*h: its number (0 unnumbered) */
    unsigned *marks;             /* w*h: SGF_FIGURE_* bits */
    char **labels;               /* w*h: LB texts or NULL */
    sgf__fig_move *rec;          /* every move recorded, from rec_first */
    size_t n_rec, cap_rec;
    unsigned rec_first;
    sgf__fig_move *moves;        /* the figure's: a window of rec */
    size_t n_moves;
    sgf__fig_change *changes;
    size_t n_changes, cap_changes;
    sgf_figure_line *lines;
    size_t n_lines, cap_lines;
    sgf_point ul, lr;            /* view */
    unsigned line_moves, first, last;
    bool has_last;
    sgf_point last_pt;
    sgf_color last_color;
    sgf_color to_move;           /* at the base position, as the replay
                                    has it (White after handicap stones,
                                    PL[] where given) */
    int prisoners[3];
    sgf_replay *replay;
    /* The node of the figure (inherit_view), and the VW and DD it
     * inherits: the figures of a series are on one line, so the next
     * figure's lookup walks up only to it. */
    const sgf_node *memo_at;
    const sgf_prop *memo_vw, *memo_dd;
};

/* Index of pt in the w*h arrays. */
static inline size_t sgf__fig_index(const sgf_figure *f, sgf_point pt)
{
    return (size_t)pt.y * (size_t)f->w + pt.x;
}

/* Apply move m to grid g (w*h): its stone, then its changes. */
void sgf__figure_apply(const sgf_figure *f, sgf_color *g,
                       const sgf__fig_move *m);

/* Point label in board notation ("D4"), or SGF letters on boards wider
 * than 25 columns, into buf (8 bytes). Returns buf. */
char *sgf__figure_point_name(char buf[8], const sgf_figure *f,
                             sgf_point pt);

/* The book style's notes ("9 at 2, 12 pass") and captures ("Captures: 7
 * takes 2"), in lines of at most `columns` characters. Returns 0 or
 * SGF_ENOMEM. */
int sgf__figure_write_notes(FILE *fp, const sgf_figure *f, int columns);

#endif
