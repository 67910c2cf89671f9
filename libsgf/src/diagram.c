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
 * most of the cost of printing positions at archive scale. A row is
 * drawn four points at a time, and may draw up to three points past its
 * end before the end is written over: hence the room after the text. */
typedef struct dbuf {
    char s[(2 * SGF_MAX_SIZE + 16) * (SGF_MAX_SIZE + 2) + 8];
    size_t n;
} dbuf;

/* The text of a point of colour c (0 empty, 1 black, 2 white, 3 the
 * border) before the star points are put in, and the eight bytes
 * " a b c d" of four points whose colours are the four 2-bit fields of
 * the index, the first point in the lowest bits. */
#define PT(c) ((c) == 0 ? '.' : (c) == 1 ? 'X' : (c) == 2 ? 'O' : '?')
#define Q1(i) { ' ', PT((i) & 3), ' ', PT((i) >> 2 & 3), ' ', \
                PT((i) >> 4 & 3), ' ', PT((i) >> 6 & 3) }
#define Q4(i) Q1(i), Q1((i) + 1), Q1((i) + 2), Q1((i) + 3)
#define Q16(i) Q4(i), Q4((i) + 4), Q4((i) + 8), Q4((i) + 12)
#define Q64(i) Q16(i), Q16((i) + 16), Q16((i) + 32), Q16((i) + 48)
static const char quad[256][8] = { Q64(0), Q64(64), Q64(128), Q64(192) };

/* The row label (sgf_diagram_row_label's, made here on boards up to 25
 * columns wide) as "%2s" puts it, then a space: 3 bytes, the label
 * being at most 2 characters. Returns the label's length. */
static size_t dlabel(dbuf *d, char lab[4], int y, int w, int h)
{
    int n = h - y;                  /* 1..52 */
    if (w > 25) {
        sgf_diagram_row_label(lab, y, w, h);
    } else if (n >= 10) {
        lab[0] = (char)('0' + n / 10);
        lab[1] = (char)('0' + n % 10);
    } else {
        lab[0] = (char)('0' + n);
        lab[1] = '\0';
    }
    size_t k = lab[1] == '\0' ? 1 : 2;
    d->s[d->n] = k == 1 ? ' ' : lab[0];
    d->s[d->n + 1] = lab[k - 1];
    d->s[d->n + 2] = ' ';
    d->n += 3;
    return k;
}

/* The line of column labels (sgf_diagram_column_label): up to 25
 * columns a prefix of the one for 25. */
static void dcolumns(dbuf *d, int width)
{
    static const char upto25[] = "    A B C D E F G H J K L M N O P Q R S T"
                                 " U V W X Y Z";
    char *o = d->s + d->n;
    if (width <= 25) {
        memcpy(o, upto25, (size_t)(3 + 2 * width));
    } else {
        memcpy(o, "   ", 3);
        for (int x = 0; x < width; x++) {
            o[3 + 2 * x] = ' ';
            o[4 + 2 * x] = sgf_letter_of_coord(x);
        }
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
    int w = sgf_board_width(b), h = sgf_board_height(b);
    char lab[4];
    dbuf d;
    /* the columns of the star points (at most three), found once */
    int star_x[SGF_MAX_SIZE], nstar = 0;
    bool mid;
    for (int x = 0; x < w; x++)
        if (star_line(w, x, &mid))
            star_x[nstar++] = x;
    d.n = 0;
    dcolumns(&d, w);
    for (int y = 0; y < h; y++) {
        size_t k = dlabel(&d, lab, y, w, h);
        const uint8_t *c = b->color + (y + 1) * b->stride + 1;
        char *row = d.s + d.n;          /* before each point a space, */
        for (int x = 0; x < w; x += 4)  /* then the point */
            memcpy(row + 2 * x, quad[(c[x] & 3) | (c[x + 1] & 3) << 2
                                     | (c[x + 2] & 3) << 4
                                     | (c[x + 3] & 3) << 6], 8);
        row[2 * w] = ' ';
        if (star_line(h, y, &mid))      /* empty star points: '+' */
            for (int i = 0; i < nstar; i++) {
                int x = star_x[i];
                if (c[x] == SGF_EMPTY
                    && sgf_diagram_is_star(w, h, (sgf_point){ (uint8_t)x,
                                                              (uint8_t)y }))
                    row[2 * x + 1] = '+';
            }
        if (o->mark_last && o->last.y == y && o->last.x < w) {
            row[2 * o->last.x] = '(';   /* the last move between */
            row[2 * o->last.x + 2] = ')';
        }
        d.n += (size_t)(2 * w + 1);
        memcpy(d.s + d.n, lab, k);
        d.n += k;
        d.s[d.n++] = '\n';
    }
    dcolumns(&d, w);
    if (fwrite(d.s, 1, d.n, fp) != d.n)
        return SGF_EIO;
    return ferror(fp) ? SGF_EIO : 0;
}
