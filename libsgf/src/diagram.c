/*
 * diagram.c - the ASCII board (sgf/diagram.h), as GNU Go's showboard
 * draws it, so that a position can be compared with an engine's by eye
 * or with diff.
 */
#include <string.h>
#include <sgf/diagram.h>
#include "board_int.h"
#include "coord_int.h"

static bool star_line(int size, int i, bool *is_mid)
{
    int d = size >= 13 ? 3 : 2;
    *is_mid = false;
    if (size < 7)
        return false;
    if (i == d || i == size - 1 - d)
        return true;
    if (size % 2 == 1 && size >= 9 && i == size / 2) {
        *is_mid = true;
        return true;
    }
    return false;
}

bool sgf_diagram_is_star(int width, int height, sgf_point pt)
{
    bool mid_x, mid_y;
    if (!star_line(width, pt.x, &mid_x) || !star_line(height, pt.y, &mid_y))
        return false;
    if (mid_x && mid_y)
        return true;                 /* tengen */
    if (mid_x || mid_y)              /* side star points: 19 lines up */
        return (mid_x ? height : width) >= 19 && (mid_x ? width : height)
               >= 19;
    return true;                     /* corner star points */
}

char *sgf_diagram_column_label(char buf[2], int x, int width)
{
    if (x < 0 || x >= width)
        buf[0] = '?';
    else if (width <= 25)
        buf[0] = sgf__vertex_letter(x);
    else
        buf[0] = sgf_letter_of_coord(x);
    buf[1] = '\0';
    return buf;
}

char *sgf_diagram_row_label(char buf[4], int y, int width, int height)
{
    int n = height - y;
    char *o = buf;
    if (y < 0 || y >= height || n > 99) {
        *o++ = '?';
    } else if (width > 25) {
        *o++ = sgf_letter_of_coord(y);
    } else {
        if (n >= 10)
            *o++ = (char)('0' + n / 10);
        *o++ = (char)('0' + n % 10);
    }
    *o = '\0';
    return buf;
}


/* The diagram is built in memory and written at once: a board of 52x52
 * is under 6 KiB, and one write per board instead of one per point is
 * most of the cost of printing positions at archive scale. */
typedef struct dbuf {
    char s[(2 * SGF_MAX_SIZE + 16) * (SGF_MAX_SIZE + 2)];
    size_t n;
} dbuf;

static void dput(dbuf *d, const char *s)
{
    size_t k = strlen(s);
    memcpy(d->s + d->n, s, k);
    d->n += k;
}

static void dcolumns(dbuf *d, int width)
{
    char *o = d->s + d->n;
    memcpy(o, "   ", 3);
    for (int x = 0; x < width; x++) {   /* sgf_diagram_column_label */
        o[3 + 2 * x] = ' ';
        o[4 + 2 * x] = width <= 25 ? sgf__vertex_letter(x)
                                   : sgf_letter_of_coord(x);
    }
    o[3 + 2 * width] = '\n';
    d->n += (size_t)(4 + 2 * width);
}

int sgf_diagram_write_board(FILE *fp, const sgf_board *b,
                            const sgf_diagram_options *o)
{
    sgf_diagram_options none = SGF_DIAGRAM_OPTIONS_INIT;
    if (o == NULL)
        o = &none;
    if (fp == NULL || b == NULL || o->version != SGF_DIAGRAM_OPTIONS_VERSION)
        return SGF_EINVAL;
    static const char stone[4] = { '.', 'X', 'O', '?' };
    int w = sgf_board_width(b), h = sgf_board_height(b);
    char lab[4];
    dbuf d;
    /* the empty points of each row, star points in place: one line of
       them (SGF_MAX_SIZE cells) drawn again for each row */
    char empty[SGF_MAX_SIZE];
    bool star_col[SGF_MAX_SIZE], mid;
    for (int x = 0; x < w; x++)
        star_col[x] = star_line(w, x, &mid);
    d.n = 0;
    dcolumns(&d, w);
    for (int y = 0; y < h; y++) {
        memset(empty, '.', (size_t)w);
        if (star_line(h, y, &mid))
            for (int x = 0; x < w; x++)
                if (star_col[x]
                    && sgf_diagram_is_star(w, h, (sgf_point){ (uint8_t)x,
                                                              (uint8_t)y }))
                    empty[x] = '+';
        sgf_diagram_row_label(lab, y, w, h);
        if (lab[1] == '\0')                  /* "%2s" */
            d.s[d.n++] = ' ';
        dput(&d, lab);
        d.s[d.n++] = ' ';
        const uint8_t *c = b->color + (y + 1) * b->stride + 1;
        char *row = d.s + d.n;          /* before each point a space, */
        for (int x = 0; x < w; x++) {   /* then the point */
            row[2 * x] = ' ';
            row[2 * x + 1] = c[x] == SGF_EMPTY ? empty[x] : stone[c[x]];
        }
        row[2 * w] = ' ';
        if (o->mark_last && o->last.y == y && o->last.x < w) {
            row[2 * o->last.x] = '(';   /* the last move between */
            row[2 * o->last.x + 2] = ')';
        }
        d.n += (size_t)(2 * w + 1);
        dput(&d, lab);
        d.s[d.n++] = '\n';
    }
    dcolumns(&d, w);
    if (fwrite(d.s, 1, d.n, fp) != d.n)
        return SGF_EIO;
    return ferror(fp) ? SGF_EIO : 0;
}
