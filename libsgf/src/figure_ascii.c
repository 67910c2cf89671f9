/*
 * figure_ascii.c - a figure as text: GNU Go's board ("gtp", drawn by
 * sgf/diagram.h), the book style with numbered stones and "N at M"
 * notes, and Sensei's Library wiki diagrams (sgf/figure.h).
 */
#include <stdlib.h>
#include <string.h>
#include "figure_int.h"
#include <sgf/diagram.h>

int sgf_figure_style_from_name(const char *name, sgf_figure_style *out)
{
    static const char *const names[] = { "gtp", "book", "sensei" };
    for (int i = 0; name != NULL && out != NULL && i < 3; i++)
        if (strcmp(name, names[i]) == 0) {
            *out = (sgf_figure_style)i;
            return 0;
        }
    return SGF_EINVAL;
}

/* --- gtp -------------------------------------------------------------- */

static int write_gtp(FILE *fp, const sgf_figure *f)
{
    sgf_board *b;
    int rc = sgf_board_new(&b, f->w, f->h);
    if (rc != 0)
        return rc;
    for (int y = 0; y < f->h && rc == 0; y++)
        for (int x = 0; x < f->w && rc == 0; x++) {
            sgf_point pt = { (uint8_t)x, (uint8_t)y };
            sgf_color c = f->end[sgf__fig_index(f, pt)];
            if (c != SGF_EMPTY)
                rc = sgf_board_setup(b, pt, c);
        }
    sgf_diagram_options o = SGF_DIAGRAM_OPTIONS_INIT;
    o.mark_last = f->has_last;
    o.last = f->last_pt;
    if (rc == 0)
        rc = sgf_diagram_write_board(fp, b, &o);
    sgf_board_free(b);
    return rc;
}

/* --- book ------------------------------------------------------------- */

/* Number shown for the first and last numbered moves; false if none. */
static bool number_range(const sgf_figure *f, long *lo, long *hi)
{
    if (f->n_moves == 0)
        return false;
    *lo = f->moves[0].pub.number;
    *hi = f->moves[f->n_moves - 1].pub.number;
    return true;
}

static void book_caption(FILE *fp, const sgf_figure *f)
{
    long lo, hi;
    if (number_range(f, &lo, &hi))
        fprintf(fp, lo == hi ? "Move %ld\n" : "Moves %ld-%ld\n", lo, hi);
    else if (f->last == 0)
        fputs("Start position\n", fp);
    else
        fprintf(fp, "Position after move %u\n", f->last);
}

static int book_width(const sgf_figure *f)
{
    long widest = 0;
    for (size_t i = 0; i < (size_t)f->w * (size_t)f->h; i++)
        if (labs(f->num[i]) > widest)
            widest = labs(f->num[i]);
    return widest >= 1000 ? 6 : widest >= 100 ? 4 : 3;
}

static void book_columns(FILE *fp, const sgf_figure *f, int cw)
{
    char lab[2];
    fputs("  ", fp);
    for (int x = f->ul.x; x <= f->lr.x; x++)
        fprintf(fp, "%*s", cw, sgf_diagram_column_label(lab, x, f->w));
    fputc('\n', fp);
}

/* Whether the label at k is drawn on a book board: one letter on an
 * empty point, not X or O (a stone's letter there); digits are the
 * moves' numbers, '+' and '.' the board's. The others are listed under
 * the board (labels_left). */
static bool book_label_drawn(const sgf_figure *f, size_t k)
{
    const char *lab = f->labels[k];
    return lab != NULL && f->disp[k] == SGF_EMPTY && lab[1] == '\0'
           && ((lab[0] >= 'a' && lab[0] <= 'z')
               || (lab[0] >= 'A' && lab[0] <= 'Z'))
           && lab[0] != 'X' && lab[0] != 'O';
}

/* The text of one point: number, stone, label, star or empty. */
static void book_cell(char *buf, size_t size, const sgf_figure *f,
                      sgf_point pt, bool position)
{
    size_t k = sgf__fig_index(f, pt);
    sgf_color c = f->disp[k];
    const char *lab = f->labels[k];
    bool last = position && f->has_last && f->last_pt.x == pt.x
                && f->last_pt.y == pt.y;
    if (c != SGF_EMPTY && f->num[k] != 0)
        snprintf(buf, size, "%ld", f->num[k]);
    else if (c != SGF_EMPTY)
        snprintf(buf, size, last ? "(%c)" : "%c",
                 c == SGF_BLACK ? 'X' : 'O');
    else if (book_label_drawn(f, k))
        snprintf(buf, size, "%c", lab[0]);
    else
        snprintf(buf, size, "%c",
                 sgf_diagram_is_star(f->w, f->h, pt) ? '+' : '.');
}

static void row_label(char *buf, size_t size, const sgf_figure *f, int y)
{
    char lab[4];
    snprintf(buf, size, "%s", sgf_diagram_row_label(lab, y, f->w, f->h));
}

static void book_board(FILE *fp, const sgf_figure *f)
{
    int cw = book_width(f);
    bool position = f->n_moves == 0;
    char cell[16], lab[8];
    book_columns(fp, f, cw);
    for (int y = f->ul.y; y <= f->lr.y; y++) {
        row_label(lab, sizeof lab, f, y);
        fprintf(fp, "%2s", lab);
        for (int x = f->ul.x; x <= f->lr.x; x++) {
            sgf_point pt = { (uint8_t)x, (uint8_t)y };
            book_cell(cell, sizeof cell, f, pt, position);
            fprintf(fp, "%*s", cw, cell);
        }
        fprintf(fp, " %s\n", lab);
    }
    book_columns(fp, f, cw);
}

/* Items joined by a separator into lines of at most max columns (an
 * item longer than that makes a longer line). */
typedef struct wrap {
    FILE *fp;
    int max;                     /* columns */
    int col;
    const char *sep;
    bool any;                    /* an item written on this line */
} wrap;

static void wrap_item(wrap *w, const char *item)
{
    int len = (int)strlen(item);
    if (w->any && w->col + 2 + len > w->max) {
        fputc(w->sep[0], w->fp);
        fputc('\n', w->fp);
        w->col = 0;
    } else if (w->any) {
        fputs(w->sep, w->fp);
        w->col += (int)strlen(w->sep);
    }
    fputs(item, w->fp);
    w->col += len;
    w->any = true;
}

static void wrap_end(wrap *w)
{
    if (w->col > 0)
        fputc('\n', w->fp);
    w->col = 0;
    w->any = false;
}

/* "Labels: C7 \"Q\", F4 \"long\"": the labels of the figure's window that
 * the board does not draw (drawn(f, k) false), so that none is lost. A
 * label is the text of LB[] (SimpleText: no line breaks). */
static void labels_left(FILE *fp, const sgf_figure *f, int max,
                        bool (*drawn)(const sgf_figure *, size_t))
{
    wrap w = { fp, max, 0, ", ", false };
    for (int y = f->ul.y; y <= f->lr.y; y++)
        for (int x = f->ul.x; x <= f->lr.x; x++) {
            sgf_point pt = { (uint8_t)x, (uint8_t)y };
            size_t k = sgf__fig_index(f, pt);
            if (f->labels[k] == NULL || drawn(f, k))
                continue;
            char name[8];
            size_t len = strlen(f->labels[k]) + 16;
            char *item = malloc(len);
            if (item == NULL)
                continue;               /* (memory: the item only) */
            snprintf(item, len, "%s \"%s\"",
                     sgf__figure_point_name(name, f, pt), f->labels[k]);
            if (w.col == 0) {
                fputs("Labels: ", fp);
                w.col = 8;
            }
            wrap_item(&w, item);
            free(item);
        }
    wrap_end(&w);
}

static void book_notes(FILE *fp, const sgf_figure *f, int max)
{
    wrap w = { fp, max, 0, ", ", false };
    char item[64], name[8];
    for (size_t i = 0; i < f->n_moves; i++) {
        const sgf_figure_move *m = &f->moves[i].pub;
        if (m->pass)
            snprintf(item, sizeof item, "%ld pass", m->number);
        else if (m->reused && m->at != 0)
            snprintf(item, sizeof item, "%ld at %ld", m->number, m->at);
        else if (m->reused)
            snprintf(item, sizeof item, "%ld at %s", m->number,
                     sgf__figure_point_name(name, f, m->point));
        else
            continue;
        wrap_item(&w, item);
    }
    wrap_end(&w);
}

/* Append the name of the stone that stood at k (its number, or its
 * point when unnumbered) to item. */
static void stone_name(char *item, size_t size, const sgf_figure *f,
                       const long *cur, sgf_point pt)
{
    char name[24];
    long num = cur[sgf__fig_index(f, pt)];
    if (num != 0)
        snprintf(name, sizeof name, " %ld", num);
    else {
        name[0] = ' ';
        sgf__figure_point_name(name + 1, f, pt);
    }
    size_t len = strlen(item);
    snprintf(item + len, size - len, "%s", name);
}

/* "7 takes 2 D4": the stones a move captured, named by the number of the
 * stone that stood there (or its point when unnumbered). */
static void capture_item(char *item, size_t size, const sgf_figure *f,
                         long *cur, const sgf__fig_move *m)
{
    snprintf(item, size, "%ld takes", m->pub.number);
    for (size_t c = 0; c < m->ch_count; c++) {
        const sgf__fig_change *ch = &f->changes[m->ch_first + c];
        if (ch->color == SGF_EMPTY)
            stone_name(item, size, f, cur, ch->pt);
        cur[sgf__fig_index(f, ch->pt)] = 0;
    }
}

static int book_captures(FILE *fp, const sgf_figure *f, int max)
{
    size_t n = (size_t)f->w * (size_t)f->h, size = 8 * n + 32;
    long *cur = calloc(n, sizeof *cur);
    char *item = malloc(size);
    if (cur == NULL || item == NULL) {
        free(cur);
        free(item);
        return SGF_ENOMEM;
    }
    wrap w = { fp, max, 0, "; ", false };
    for (size_t i = 0; i < f->n_moves; i++) {
        const sgf__fig_move *m = &f->moves[i];
        if (!m->pub.pass)
            cur[sgf__fig_index(f, m->pub.point)] = m->pub.number;
        if (m->pub.captured == 0) {
            for (size_t c = 0; c < m->ch_count; c++)
                cur[sgf__fig_index(f, f->changes[m->ch_first + c].pt)] = 0;
            continue;
        }
        capture_item(item, size, f, cur, m);
        if (w.col == 0) {
            fputs("Captures: ", fp);
            w.col = 10;
        }
        wrap_item(&w, item);
    }
    wrap_end(&w);
    free(cur);
    free(item);
    return 0;
}

int sgf__figure_write_notes(FILE *fp, const sgf_figure *f, int columns)
{
    book_notes(fp, f, columns);
    return book_captures(fp, f, columns);
}

static int write_book(FILE *fp, const sgf_figure *f)
{
    book_caption(fp, f);
    book_board(fp, f);
    labels_left(fp, f, 78, book_label_drawn);
    return sgf__figure_write_notes(fp, f, 78);
}

/* --- sensei ----------------------------------------------------------- */

typedef struct sensei {
    FILE *fp;
    const sgf_figure *f;
    sgf_color *grid;             /* position before the chunk */
    sgf_color *disp;             /* the chunk's picture */
    int *digit;                  /* 1..10 for the chunk's moves */
} sensei;

static char sensei_stone(sgf_color c, unsigned marks)
{
    static const struct { unsigned bit; char b, w; } m[] = {
        { SGF_FIGURE_CR, 'B', 'W' }, { SGF_FIGURE_SQ, '#', '@' },
        { SGF_FIGURE_TR, 'Y', 'Q' }, { SGF_FIGURE_MA, 'Z', 'P' }
    };
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
        if (marks & m[i].bit)
            return c == SGF_BLACK ? m[i].b : m[i].w;
    return c == SGF_BLACK ? 'X' : 'O';
}

/* Whether the label at k is drawn on a Sensei's Library board: one
 * letter (written in lower case, the wiki's labels) on an empty point
 * with no mark, and no move of the diagram's there. */
static bool sensei_label_drawn(const sgf_figure *f, size_t k)
{
    const char *lab = f->labels[k];
    return lab != NULL && f->disp[k] == SGF_EMPTY && f->marks[k] == 0
           && lab[1] == '\0' && ((lab[0] >= 'a' && lab[0] <= 'z')
                                 || (lab[0] >= 'A' && lab[0] <= 'Z'));
}

static char sensei_empty(const sgf_figure *f, sgf_point pt, unsigned marks,
                         const char *lab)
{
    if (marks & SGF_FIGURE_CR) return 'C';
    if (marks & SGF_FIGURE_SQ) return 'S';
    if (marks & SGF_FIGURE_TR) return 'T';
    if (marks & SGF_FIGURE_MA) return 'M';
    if (lab != NULL && lab[0] >= 'a' && lab[0] <= 'z' && lab[1] == '\0')
        return lab[0];
    if (lab != NULL && lab[0] >= 'A' && lab[0] <= 'Z' && lab[1] == '\0')
        return (char)(lab[0] - 'A' + 'a');
    return sgf_diagram_is_star(f->w, f->h, pt) ? ',' : '.';
}

static char sensei_cell(const sensei *s, sgf_point pt, bool markup)
{
    const sgf_figure *f = s->f;
    size_t k = sgf__fig_index(f, pt);
    unsigned marks = markup ? f->marks[k] : 0;
    if (f->n_moves == 0 && f->has_last && f->last_pt.x == pt.x
        && f->last_pt.y == pt.y && marks == 0)
        marks = SGF_FIGURE_CR;           /* the last move, circled */
    if (s->digit[k] > 0)
        return (char)('0' + s->digit[k] % 10);
    if (s->disp[k] != SGF_EMPTY)
        return sensei_stone(s->disp[k], marks);
    return sensei_empty(f, pt, marks, markup ? f->labels[k] : NULL);
}

static void sensei_border(const sensei *s, bool left, bool right)
{
    int n = s->f->lr.x - s->f->ul.x + 1;
    fputs("$$ ", s->fp);
    if (left)
        fputc('+', s->fp);
    for (int i = 0; i < 2 * n + (right ? 1 : 0); i++)
        fputc('-', s->fp);
    fputs(right ? "+\n" : "\n", s->fp);
}

static void sensei_header(const sensei *s, size_t i0, size_t i1)
{
    const sgf_figure *f = s->f;
    if (i0 == i1) {
        sgf_color c = f->to_move == SGF_WHITE ? SGF_WHITE : SGF_BLACK;
        if (f->n_moves > 0)             /* after the figure's passes */
            c = f->moves[f->n_moves - 1].pub.color == SGF_BLACK
                ? SGF_WHITE : SGF_BLACK;
        fprintf(s->fp, "$$%c", c == SGF_BLACK ? 'B' : 'W');
        if (f->last == 0)
            fputs(" Start position\n", s->fp);
        else
            fprintf(s->fp, " Position after move %u\n", f->last);
        return;
    }
    const sgf_figure_move *a = &f->moves[i0].pub, *b = &f->moves[i1 - 1].pub;
    fprintf(s->fp, "$$%c", a->color == SGF_BLACK ? 'B' : 'W');
    if (a->number != 1)
        fprintf(s->fp, "m%ld", a->number);
    if (a->number == b->number)
        fprintf(s->fp, " Move %ld\n", a->number);
    else
        fprintf(s->fp, " Moves %ld-%ld\n", a->number, b->number);
}

static void sensei_lines(const sensei *s)
{
    char p1[8], p2[8];
    for (size_t i = 0; i < s->f->n_lines; i++) {
        const sgf_figure_line *l = &s->f->lines[i];
        fprintf(s->fp, "$$ {%s %s %s}\n", l->arrow ? "AR" : "LN",
                sgf__figure_point_name(p1, s->f, l->from),
                sgf__figure_point_name(p2, s->f, l->to));
    }
}

static void sensei_diagram(const sensei *s, size_t i0, size_t i1, bool last)
{
    const sgf_figure *f = s->f;
    bool left = f->ul.x == 0, right = f->lr.x == f->w - 1;
    sensei_header(s, i0, i1);
    if (f->ul.y == 0)
        sensei_border(s, left, right);
    for (int y = f->ul.y; y <= f->lr.y; y++) {
        fputs(left ? "$$ |" : "$$ ", s->fp);
        for (int x = f->ul.x; x <= f->lr.x; x++) {
            sgf_point pt = { (uint8_t)x, (uint8_t)y };
            fprintf(s->fp, " %c", sensei_cell(s, pt, last));
        }
        fputs(right ? " |\n" : "\n", s->fp);
    }
    if (f->lr.y == f->h - 1)
        sensei_border(s, left, right);
    if (last) {
        sensei_lines(s);
        labels_left(s->fp, f, 78, sensei_label_drawn);
    }
}

/* Whether move i can join the chunk that started at i0: ten at most,
 * colours alternating, no pass, on a point the chunk shows empty. */
static bool sensei_fits(const sensei *s, size_t i0, size_t i)
{
    const sgf_figure_move *m = &s->f->moves[i].pub;
    if (i == i0)
        return !m->pass;
    const sgf_figure_move *prev = &s->f->moves[i - 1].pub;
    return i - i0 < 10 && !m->pass && m->color != prev->color
           && s->disp[sgf__fig_index(s->f, m->point)] == SGF_EMPTY;
}

/* Lay out the chunk from i0 in disp/digit; returns its end. */
static size_t sensei_chunk(sensei *s, size_t i0)
{
    size_t n = (size_t)s->f->w * (size_t)s->f->h, i = i0;
    memcpy(s->disp, s->grid, n * sizeof *s->disp);
    memset(s->digit, 0, n * sizeof *s->digit);
    for (; i < s->f->n_moves && sensei_fits(s, i0, i); i++) {
        const sgf__fig_move *m = &s->f->moves[i];
        size_t k = sgf__fig_index(s->f, m->pub.point);
        s->disp[k] = m->pub.color;
        s->digit[k] = (int)(i - i0 + 1);
        for (size_t c = 0; c < m->ch_count; c++) {
            const sgf__fig_change *ch = &s->f->changes[m->ch_first + c];
            size_t j = sgf__fig_index(s->f, ch->pt);
            if (ch->color != SGF_EMPTY && s->disp[j] == SGF_EMPTY)
                s->disp[j] = ch->color;
        }
    }
    return i;
}

static void sensei_run(sensei *s)
{
    const sgf_figure *f = s->f;
    size_t i0 = 0;
    bool first = true;
    while (i0 < f->n_moves && f->moves[i0].pub.pass)
        sgf__figure_apply(f, s->grid, &f->moves[i0++]);
    do {
        size_t i1 = sensei_chunk(s, i0);
        size_t next = i1;
        while (next < f->n_moves && f->moves[next].pub.pass)
            next++;
        if (!first)
            fputc('\n', s->fp);
        first = false;
        sensei_diagram(s, i0, i1, next >= f->n_moves);
        for (size_t i = i0; i < next; i++)
            sgf__figure_apply(f, s->grid, &f->moves[i]);
        i0 = next;
    } while (i0 < f->n_moves);
}

static int write_sensei(FILE *fp, const sgf_figure *f)
{
    size_t n = (size_t)f->w * (size_t)f->h;
    sensei s = { fp, f, malloc(n * sizeof *s.grid),
                 malloc(n * sizeof *s.disp), malloc(n * sizeof *s.digit) };
    int rc = SGF_ENOMEM;
    if (s.grid != NULL && s.disp != NULL && s.digit != NULL) {
        memcpy(s.grid, f->base, n * sizeof *s.grid);
        sensei_run(&s);
        rc = 0;
    }
    free(s.grid);
    free(s.disp);
    free(s.digit);
    return rc;
}

int sgf_figure_write_ascii(FILE *fp, const sgf_figure *f,
                           sgf_figure_style style)
{
    if (fp == NULL || f == NULL || !f->built)
        return SGF_EINVAL;
    int rc;
    switch (style) {
    case SGF_FIGURE_GTP: rc = write_gtp(fp, f); break;
    case SGF_FIGURE_BOOK: rc = write_book(fp, f); break;
    case SGF_FIGURE_SENSEI: rc = write_sensei(fp, f); break;
    default: return SGF_EINVAL;
    }
    if (rc == 0 && ferror(fp))
        rc = SGF_EIO;
    return rc;
}
