/*
 * diagram.c - the ASCII board (sgf/diagram.h), as GNU Go's showboard
 * draws it, so that a position can be compared with an engine's by eye
 * or with diff.
 */
#include <string.h>
#include <sgf/diagram.h>
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

/* Row label: numbers from the bottom, or SGF letters on wide boards. */
static void row_label(char *buf, size_t size, int y, int width, int height,
                      bool left)
{
    char lab[4];
    sgf_diagram_row_label(lab, y, width, height);
    snprintf(buf, size, left ? "%2s" : "%s", lab);
}

static char cell(const sgf_board *b, int x, int y)
{
    sgf_point pt = { (uint8_t)x, (uint8_t)y };
    switch (sgf_board_at(b, pt)) {
    case SGF_BLACK: return 'X';
    case SGF_WHITE: return 'O';
    default:
        return sgf_diagram_is_star(sgf_board_width(b), sgf_board_height(b),
                                   pt) ? '+' : '.';
    }
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
    char lab[2];
    dput(d, "   ");
    for (int x = 0; x < width; x++) {
        d->s[d->n++] = ' ';
        dput(d, sgf_diagram_column_label(lab, x, width));
    }
    d->s[d->n++] = '\n';
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
    char lab[16];
    dbuf d;
    d.n = 0;
    dcolumns(&d, w);
    for (int y = 0; y < h; y++) {
        row_label(lab, sizeof lab, y, w, h, true);
        dput(&d, lab);
        d.s[d.n++] = ' ';
        for (int x = 0; x < w; x++) {
            bool last = o->mark_last && o->last.x == x && o->last.y == y;
            bool after_last = o->mark_last && o->last.x == x - 1
                              && o->last.y == y;
            d.s[d.n++] = last ? '(' : after_last ? ')' : ' ';
            d.s[d.n++] = cell(b, x, y);
        }
        bool end_last = o->mark_last && o->last.x == w - 1
                        && o->last.y == y;
        row_label(lab, sizeof lab, y, w, h, false);
        d.s[d.n++] = end_last ? ')' : ' ';
        dput(&d, lab);
        d.s[d.n++] = '\n';
    }
    dcolumns(&d, w);
    if (fwrite(d.s, 1, d.n, fp) != d.n)
        return SGF_EIO;
    return ferror(fp) ? SGF_EIO : 0;
}
