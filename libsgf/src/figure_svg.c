/*
 * figure_svg.c - a figure as a standalone SVG document (sgf/figure.h).
 *
 * Everything is drawn in user units: 24 per point spacing, the view's
 * first point 36 units in from the top-left (room for the coordinates).
 * Layers, bottom to top: board, grid, star points, coordinates, stones,
 * dimming, numbers and marks, labels, lines and arrows, notes. Looks
 * come from the embedded stylesheet only (class selectors), so a page
 * can restyle every layer.
 */
#include <stdlib.h>
#include <string.h>
#include "figure_int.h"
#include <sgf/diagram.h>
#include <sgf/score.h>

#define SP 24                    /* point spacing */
#define MARGIN 36                /* view edge to the first point */
#define NOTE_LINE 16             /* height of a note line */

/* The rules of every figure, each selector after the scope S ("" in a
 * document; ".sgf-figure " on a page, sgf_figure_svg_style, so that
 * they style nothing else there); in two parts around the arrowhead
 * rule, which names the default id. */
#define STYLE_RULES(S) \
    S ".board{fill:#dcb35c}\n" \
    S ".grid{stroke:#000;stroke-width:1;fill:none}\n" \
    S ".star{fill:#000}\n" \
    S ".coord," S ".note{font-family:sans-serif;font-size:11px;fill:#000}\n" \
    S ".coord{text-anchor:middle}\n" \
    S ".stone.black{fill:#000;stroke:#000;stroke-width:1}\n" \
    S ".stone.white{fill:#fff;stroke:#000;stroke-width:1}\n" \
    S ".number," S ".label{font-family:sans-serif;font-size:12px;" \
    "text-anchor:middle}\n" \
    S ".number.small," S ".label.small{font-size:9px}\n" \
    S ".on-black{fill:#fff}\n" \
    S ".on-white," S ".on-empty{fill:#000}\n" \
    S ".number.last{fill:#d00000}\n" \
    S ".number.last.on-black{fill:#ff7070}\n" \
    S ".last{fill:none;stroke:#d00000;stroke-width:2}\n" \
    S ".label-bg{fill:#dcb35c}\n" \
    S ".mark{fill:none;stroke-width:1.5}\n" \
    S ".mark.on-black{stroke:#fff}\n" \
    S ".mark.on-white," S ".mark.on-empty{stroke:#000}\n" \
    S ".mark.on-number{stroke:#d00000}\n" \
    S ".mark.sl{fill:#2060ff;fill-opacity:0.5;stroke:none}\n" \
    S ".mark.dd{fill:#fff;fill-opacity:0.5;stroke:none}\n" \
    S ".line," S ".arrow{stroke:#202080;stroke-width:2;fill:none}\n"
#define ARROW_RULE ".arrow{marker-end:url(#sgf-arrowhead)}\n"
#define STYLE_RULES_END(S) S ".arrowhead{fill:#202080}\n"
/* The move drawn over the figure (options next_*). */
#define NEXT_RULES(S) \
    S ".next.black{fill:#000;fill-opacity:0.5;stroke:none}\n" \
    S ".next.white{fill:#fff;fill-opacity:0.6;stroke:none}\n" \
    S ".next-ring{fill:none;stroke:#e00000;stroke-width:3}\n" \
    S ".number.next{fill:#e00000;font-weight:bold;stroke:#fff;" \
    "stroke-width:2px;paint-order:stroke}\n"
/* The count drawn over the figure (options score_map). */
#define SCORE_RULES(S) \
    S ".dead-dim{fill:#dcb35c;fill-opacity:0.55;stroke:none}\n" \
    S ".terr.black{fill:#000}\n" \
    S ".terr.white{fill:#fff;stroke:#000;stroke-width:1}\n" \
    S ".seki{fill:none;stroke:#2060ff;stroke-width:2}\n"
#define PAGE_SCOPE ".sgf-figure "

const char *sgf_figure_svg_style(void)
{
    return STYLE_RULES(PAGE_SCOPE) STYLE_RULES_END(PAGE_SCOPE)
           NEXT_RULES(PAGE_SCOPE) SCORE_RULES(PAGE_SCOPE);
}

typedef struct svg {
    FILE *fp;
    const sgf_figure *f;
    int width, height;           /* of the whole picture */
    const sgf_figure_svg_options *o;
    const char *ids;             /* id prefix */
    bool own_ids;                /* not the default: markers by attribute */
} svg;

static int px(const svg *s, int x)
{
    return MARGIN + (x - s->f->ul.x) * SP;
}

static int py(const svg *s, int y)
{
    return MARGIN + (y - s->f->ul.y) * SP;
}

static const char *on_class(sgf_color c)
{
    return c == SGF_BLACK ? "on-black" : c == SGF_WHITE ? "on-white"
                                                        : "on-empty";
}

/* Text as XML character data: markup characters escaped; what is no
 * XML character (control characters but tab, U+FFFE, U+FFFF) and bytes
 * that are not UTF-8 (surrogates and overlong forms included) replaced
 * by '?', so that the document stays well-formed. */
static void put_text(FILE *fp, const char *t)
{
    size_t len = strlen(t), i = 0;
    while (i < len) {
        uint32_t cp = 0;
        size_t n = sgf_utf8_char(t + i, len - i, &cp);
        if (n == 0 || (cp < 0x20 && cp != '\t') || cp == 0xFFFE
            || cp == 0xFFFF) {
            fputc('?', fp);
            i += n > 0 ? n : 1;
        } else if (cp == '<') {
            fputs("&lt;", fp);
            i++;
        } else if (cp == '>') {
            fputs("&gt;", fp);
            i++;
        } else if (cp == '&') {
            fputs("&amp;", fp);
            i++;
        } else if (cp == '"') {
            fputs("&quot;", fp);
            i++;
        } else {
            fwrite(t + i, 1, n, fp);
            i += n;
        }
    }
}

/* --- board ------------------------------------------------------------ */

static void draw_grid(const svg *s)
{
    const sgf_figure *f = s->f;
    int x0 = px(s, f->ul.x) - (f->ul.x > 0 ? SP / 2 : 0);
    int x1 = px(s, f->lr.x) + (f->lr.x < f->w - 1 ? SP / 2 : 0);
    int y0 = py(s, f->ul.y) - (f->ul.y > 0 ? SP / 2 : 0);
    int y1 = py(s, f->lr.y) + (f->lr.y < f->h - 1 ? SP / 2 : 0);
    fputs("<g class=\"grid\">\n", s->fp);
    for (int y = f->ul.y; y <= f->lr.y; y++)
        fprintf(s->fp, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
                x0, py(s, y), x1, py(s, y));
    for (int x = f->ul.x; x <= f->lr.x; x++)
        fprintf(s->fp, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
                px(s, x), y0, px(s, x), y1);
    fputs("</g>\n<g class=\"stars\">\n", s->fp);
    for (int y = f->ul.y; y <= f->lr.y; y++)
        for (int x = f->ul.x; x <= f->lr.x; x++) {
            sgf_point pt = { (uint8_t)x, (uint8_t)y };
            if (sgf_diagram_is_star(f->w, f->h, pt))
                fprintf(s->fp, "<circle class=\"star\" cx=\"%d\" cy=\"%d\""
                        " r=\"3\"/>\n", px(s, x), py(s, y));
        }
    fputs("</g>\n", s->fp);
}

static void coord_text(const svg *s, int x, int y, const char *t)
{
    fprintf(s->fp, "<text class=\"coord\" x=\"%d\" y=\"%d\">%s</text>\n",
            x, y + 4, t);
}

static void draw_coords(const svg *s)
{
    const sgf_figure *f = s->f;
    char lab[8];
    int top = py(s, f->ul.y) - 24, bottom = py(s, f->lr.y) + 24;
    int left = px(s, f->ul.x) - 24, right = px(s, f->lr.x) + 24;
    fputs("<g class=\"coords\">\n", s->fp);
    for (int x = f->ul.x; x <= f->lr.x; x++) {
        sgf_diagram_column_label(lab, x, f->w);
        coord_text(s, px(s, x), top, lab);
        coord_text(s, px(s, x), bottom, lab);
    }
    for (int y = f->ul.y; y <= f->lr.y; y++) {
        sgf_diagram_row_label(lab, y, f->w, f->h);
        coord_text(s, left, py(s, y), lab);
        coord_text(s, right, py(s, y), lab);
    }
    fputs("</g>\n", s->fp);
}

/* --- stones, numbers, marks ------------------------------------------- */

static bool is_last(const sgf_figure *f, sgf_point pt)
{
    return f->has_last && f->last_pt.x == pt.x && f->last_pt.y == pt.y;
}

static void draw_stones(const svg *s)
{
    const sgf_figure *f = s->f;
    fputs("<g class=\"stones\">\n", s->fp);
    for (int y = f->ul.y; y <= f->lr.y; y++)
        for (int x = f->ul.x; x <= f->lr.x; x++) {
            sgf_point pt = { (uint8_t)x, (uint8_t)y };
            sgf_figure_point p = sgf_figure_at(f, pt);
            if (p.color == SGF_EMPTY)
                continue;
            fprintf(s->fp, "<circle class=\"stone %s%s\" cx=\"%d\" "
                    "cy=\"%d\" r=\"11.5\"/>\n",
                    p.color == SGF_BLACK ? "black" : "white",
                    p.captured ? " captured" : "", px(s, x), py(s, y));
        }
    fputs("</g>\n", s->fp);
}

static void draw_number(const svg *s, sgf_point pt,
                        const sgf_figure_point *p)
{
    const sgf_figure *f = s->f;
    bool last = is_last(f, pt) && f->n_moves > 0
                && f->moves[f->n_moves - 1].pub.number == p->number;
    fprintf(s->fp, "<text class=\"number %s%s%s\" x=\"%d\" y=\"%d\">%ld"
            "</text>\n", on_class(p->color), labs(p->number) >= 100
            ? " small" : "", last ? " last" : "", px(s, pt.x),
            py(s, pt.y) + (labs(p->number) >= 100 ? 3 : 4), p->number);
}

/* One mark kind at a point, centred on (cx, cy). */
static void draw_mark(const svg *s, unsigned bit, int cx, int cy,
                      const char *cls)
{
    FILE *fp = s->fp;
    switch (bit) {
    case SGF_FIGURE_TR:
        fprintf(fp, "<polygon class=\"mark tr %s\" points=\"%d,%d %d,%d "
                "%d,%d\"/>\n", cls, cx, cy - 7, cx - 6, cy + 4, cx + 6,
                cy + 4);
        break;
    case SGF_FIGURE_SQ:
        fprintf(fp, "<rect class=\"mark sq %s\" x=\"%d\" y=\"%d\" "
                "width=\"11\" height=\"11\"/>\n", cls, cx - 5, cy - 5);
        break;
    case SGF_FIGURE_CR:
        fprintf(fp, "<circle class=\"mark cr %s\" cx=\"%d\" cy=\"%d\" "
                "r=\"6\"/>\n", cls, cx, cy);
        break;
    case SGF_FIGURE_MA:
        fprintf(fp, "<path class=\"mark ma %s\" d=\"M%d %dL%d %dM%d %dL%d "
                "%d\"/>\n", cls, cx - 5, cy - 5, cx + 5, cy + 5, cx - 5,
                cy + 5, cx + 5, cy - 5);
        break;
    case SGF_FIGURE_SL:
        fprintf(fp, "<rect class=\"mark sl %s\" x=\"%d\" y=\"%d\" "
                "width=\"%d\" height=\"%d\"/>\n", cls, cx - SP / 2,
                cy - SP / 2, SP, SP);
        break;
    default:                     /* SGF_FIGURE_DD */
        fprintf(fp, "<rect class=\"mark dd %s\" x=\"%d\" y=\"%d\" "
                "width=\"%d\" height=\"%d\"/>\n", cls, cx - SP / 2,
                cy - SP / 2, SP, SP);
        break;
    }
}

static void draw_label(const svg *s, sgf_point pt,
                       const sgf_figure_point *p)
{
    int cx = px(s, pt.x), cy = py(s, pt.y);
    size_t len = strlen(p->label);
    bool small = len > 2;
    int half = small ? (int)(len > 12 ? 12 : len) * 3 + 2 : 8;
    if (p->color == SGF_EMPTY)
        fprintf(s->fp, "<rect class=\"label-bg\" x=\"%d\" y=\"%d\" "
                "width=\"%d\" height=\"16\"/>\n", cx - half, cy - 8,
                2 * half);
    fprintf(s->fp, "<text class=\"label %s%s\" x=\"%d\" y=\"%d\">",
            on_class(p->color), small ? " small" : "", cx,
            cy + (small ? 3 : 4));
    put_text(s->fp, p->label);
    fputs("</text>\n", s->fp);
}

/* Numbers, marks, labels and the last-move ring at one point. A mark on
 * a numbered stone is drawn in the "on-number" colour over the number;
 * a label on a numbered stone replaces the number. */
static void draw_point_top(const svg *s, sgf_point pt)
{
    sgf_figure_point p = sgf_figure_at(s->f, pt);
    int cx = px(s, pt.x), cy = py(s, pt.y);
    if (p.number != 0 && p.label == NULL)
        draw_number(s, pt, &p);
    if (s->f->n_moves == 0 && is_last(s->f, pt) && p.color != SGF_EMPTY)
        fprintf(s->fp, "<circle class=\"last\" cx=\"%d\" cy=\"%d\" "
                "r=\"5\"/>\n", cx, cy);
    char cls[32];
    snprintf(cls, sizeof cls, "%s", p.number != 0 && p.label == NULL
             ? "on-number" : on_class(p.color));
    for (unsigned bit = SGF_FIGURE_TR; bit <= SGF_FIGURE_MA; bit <<= 1)
        if (p.marks & bit)
            draw_mark(s, bit, cx, cy, cls);
    if (p.label != NULL)
        draw_label(s, pt, &p);
}

/* Selection and dimming: over the stones, under numbers and marks. */
static void draw_shading(const svg *s)
{
    const sgf_figure *f = s->f;
    fputs("<g class=\"shading\">\n", s->fp);
    for (int y = f->ul.y; y <= f->lr.y; y++)
        for (int x = f->ul.x; x <= f->lr.x; x++) {
            sgf_point pt = { (uint8_t)x, (uint8_t)y };
            unsigned m = f->marks[sgf__fig_index(f, pt)];
            if (m & SGF_FIGURE_DD)
                draw_mark(s, SGF_FIGURE_DD, px(s, x), py(s, y), "on-empty");
            if (m & SGF_FIGURE_SL)
                draw_mark(s, SGF_FIGURE_SL, px(s, x), py(s, y), "on-empty");
        }
    fputs("</g>\n", s->fp);
}

static void draw_tops(const svg *s)
{
    const sgf_figure *f = s->f;
    fputs("<g class=\"markup\">\n", s->fp);
    for (int y = f->ul.y; y <= f->lr.y; y++)
        for (int x = f->ul.x; x <= f->lr.x; x++)
            draw_point_top(s, (sgf_point){ (uint8_t)x, (uint8_t)y });
    fputs("</g>\n", s->fp);
}

/* AR and LN, clipped to the view (they may leave it). */
static void draw_lines(const svg *s)
{
    const sgf_figure *f = s->f;
    int x0 = px(s, f->ul.x) - SP / 2, y0 = py(s, f->ul.y) - SP / 2;
    fprintf(s->fp, "<clipPath id=\"%sview\"><rect x=\"%d\" y=\"%d\" "
            "width=\"%d\" height=\"%d\"/></clipPath>\n", s->ids, x0, y0,
            (f->lr.x - f->ul.x + 1) * SP, (f->lr.y - f->ul.y + 1) * SP);
    fprintf(s->fp, "<g class=\"lines\" clip-path=\"url(#%sview)\">\n",
            s->ids);
    for (size_t i = 0; i < s->f->n_lines; i++) {
        const sgf_figure_line *l = &s->f->lines[i];
        fprintf(s->fp, "<line class=\"%s\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
                "y2=\"%d\"", l->arrow ? "arrow" : "line",
                px(s, l->from.x), py(s, l->from.y), px(s, l->to.x),
                py(s, l->to.y));
        if (l->arrow && s->own_ids)
            fprintf(s->fp, " marker-end=\"url(#%sarrowhead)\"", s->ids);
        fputs("/>\n", s->fp);
    }
    fputs("</g>\n", s->fp);
}

/* --- notes and the document ------------------------------------------- */

static void draw_notes(const svg *s, const char *notes, int top)
{
    fputs("<g class=\"notes\">\n", s->fp);
    for (const char *p = notes; *p != '\0'; top += NOTE_LINE) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        fprintf(s->fp, "<text class=\"note\" x=\"%d\" y=\"%d\">%.*s"
                "</text>\n", 12, top, (int)len, p);
        p += len + (nl != NULL);
    }
    fputs("</g>\n", s->fp);
}

/* The embedded style sheet of a document (none in a fragment). */
static void write_style(const svg *s)
{
    if (s->o->fragment)
        return;
    fprintf(s->fp, "<style type=\"text/css\">\n%s%s%s%s%s</style>\n",
            STYLE_RULES(""), s->own_ids ? "" : ARROW_RULE,
            STYLE_RULES_END(""), s->o->next_color != SGF_EMPTY
            ? NEXT_RULES("") : "", s->o->score_map != NULL
            ? SCORE_RULES("") : "");
}

static void write_head(const svg *s)
{
    if (!s->o->fragment)
        fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", s->fp);
    fprintf(s->fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
            "version=\"1.1\" class=\"sgf-figure\" width=\"%d\" "
            "height=\"%d\" viewBox=\"0 0 %d %d\">\n", s->width, s->height,
            s->width, s->height);
    write_style(s);
    fprintf(s->fp, "<defs><marker id=\"%sarrowhead\" viewBox=\"0 0 10 10\" "
            "refX=\"9\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" "
            "orient=\"auto\"><path class=\"arrowhead\" "
            "d=\"M0 0L10 5L0 10z\"/></marker></defs>\n", s->ids);
    fprintf(s->fp, "<rect class=\"board\" x=\"0\" y=\"0\" width=\"%d\" "
            "height=\"%d\"/>\n", s->width, s->height);
}

/* The notes as text (a NUL-terminated string to free), or NULL. */
static char *notes_text(const sgf_figure *f, int width, int *lines)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (mem == NULL)
        return NULL;
    int columns = (width - 24) / 6;
    int rc = sgf__figure_write_notes(mem, f, columns < 24 ? 24 : columns);
    if (fclose(mem) != 0 || rc != 0) {
        free(buf);
        return NULL;
    }
    *lines = 0;
    for (size_t i = 0; i < len; i++)
        *lines += buf[i] == '\n';
    return buf;
}

/* The move to come over the figure: a translucent stone in a ring (only
 * the ring over a stone the figure shows there), and its number. */
static void draw_next(const svg *s)
{
    const sgf_figure_svg_options *o = s->o;
    const sgf_figure *f = s->f;
    sgf_point pt = o->next_point;
    if (o->next_color == SGF_EMPTY || pt.x < f->ul.x || pt.x > f->lr.x
        || pt.y < f->ul.y || pt.y > f->lr.y)
        return;
    int cx = px(s, pt.x), cy = py(s, pt.y);
    const char *color = o->next_color == SGF_BLACK ? "black" : "white";
    fputs("<g class=\"next-move\">\n", s->fp);
    if (sgf_figure_at(f, pt).color == SGF_EMPTY)   /* else: that stone */
        fprintf(s->fp, "<circle class=\"next %s\" cx=\"%d\" cy=\"%d\" "
                "r=\"11.5\"/>\n", color, cx, cy);
    fprintf(s->fp, "<circle class=\"next-ring\" cx=\"%d\" cy=\"%d\" "
            "r=\"11.5\"/>\n", cx, cy);
    if (o->next_number > 0)
        fprintf(s->fp, "<text class=\"number next%s\" x=\"%d\" y=\"%d\">"
                "%ld</text>\n", o->next_number >= 100 ? " small" : "", cx,
                cy + (o->next_number >= 100 ? 3 : 4), o->next_number);
    fputs("</g>\n", s->fp);
}

/* One point of the count: a dead stone dimmed, a square of the owner's
 * colour on territory (dead stones' points included), a ring on a seki
 * point; dame and live stones: nothing. */
static void draw_count_point(const svg *s, sgf_point pt, uint8_t v)
{
    int cx = px(s, pt.x), cy = py(s, pt.y);
    bool dead = v == SGF_SP_BLACK_DEAD || v == SGF_SP_WHITE_DEAD;
    bool black = v == SGF_SP_BLACK_TERRITORY || v == SGF_SP_WHITE_DEAD;
    if (dead)
        fprintf(s->fp, "<circle class=\"dead-dim\" cx=\"%d\" cy=\"%d\" "
                "r=\"12\"/>\n", cx, cy);
    if (dead || v == SGF_SP_BLACK_TERRITORY || v == SGF_SP_WHITE_TERRITORY)
        fprintf(s->fp, "<rect class=\"terr %s\" x=\"%d\" y=\"%d\" "
                "width=\"9\" height=\"9\"/>\n", black ? "black" : "white",
                cx - 4, cy - 4);
    else if (v == SGF_SP_SEKI)
        fprintf(s->fp, "<circle class=\"seki\" cx=\"%d\" cy=\"%d\" "
                "r=\"5\"/>\n", cx, cy);
}

static void draw_count(const svg *s)
{
    const sgf_figure *f = s->f;
    const uint8_t *map = s->o->score_map;
    if (map == NULL)
        return;
    fputs("<g class=\"count\">\n", s->fp);
    for (int y = f->ul.y; y <= f->lr.y; y++)
        for (int x = f->ul.x; x <= f->lr.x; x++)
            draw_count_point(s, (sgf_point){ (uint8_t)x, (uint8_t)y },
                             map[(size_t)y * (size_t)f->w + (size_t)x]);
    fputs("</g>\n", s->fp);
}

/* Letters, digits, '-' and '_': safe in an id and in url(#...). */
static bool valid_prefix(const char *p)
{
    for (; *p != '\0'; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')
              || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
            return false;
    return true;
}

int sgf_figure_write_svg(FILE *fp, const sgf_figure *f)
{
    sgf_figure_svg_options o = SGF_FIGURE_SVG_OPTIONS_INIT;
    return sgf_figure_write_svg_with(fp, f, &o);
}

int sgf_figure_write_svg_with(FILE *fp, const sgf_figure *f,
                              const sgf_figure_svg_options *o)
{
    if (fp == NULL || f == NULL || !f->built || o == NULL
        || o->version != SGF_FIGURE_SVG_OPTIONS_VERSION
        || (o->id_prefix != NULL && !valid_prefix(o->id_prefix))
        || (o->next_color != SGF_EMPTY && o->next_color != SGF_BLACK
            && o->next_color != SGF_WHITE))
        return SGF_EINVAL;
    const char *ids = o->id_prefix != NULL ? o->id_prefix : "sgf-";
    svg s = { fp, f, 2 * MARGIN + (f->lr.x - f->ul.x) * SP,
              2 * MARGIN + (f->lr.y - f->ul.y) * SP, o, ids,
              o->fragment || strcmp(ids, "sgf-") != 0 };
    int lines = 0;
    char *notes = notes_text(f, s.width, &lines);
    if (notes == NULL)
        return SGF_ENOMEM;
    int grid_bottom = s.height;
    s.height += lines * NOTE_LINE + (lines > 0 ? 4 : 0);
    write_head(&s);
    draw_grid(&s);
    draw_coords(&s);
    draw_stones(&s);
    draw_shading(&s);
    draw_count(&s);
    draw_tops(&s);
    draw_lines(&s);
    draw_next(&s);
    if (lines > 0)
        draw_notes(&s, notes, grid_bottom + 8);
    fputs("</svg>\n", fp);
    free(notes);
    return ferror(fp) ? SGF_EIO : 0;
}
