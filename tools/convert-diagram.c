/*
 * tools/convert-diagram.c - sgf-convert's ASCII and SVG diagrams: the
 * options of convert-diagram.h mapped onto sgf/figure.h.
 */
#include <string.h>
#include "cli.h"
#include "convert-diagram.h"
#include <sgf/figure.h>

/* "aa:jj" (or one point "dd") into a rectangle on a w x h board; the
 * form itself was checked once (convert_diagram_check). A crop off this
 * board leaves the game unconverted. */
static int parse_crop(const char *name, const sgf_game *g, const char *s,
                      int w, int h, sgf_point *ul, sgf_point *lr)
{
    sgf_str v = { s, strlen(s) };
    if (sgf_value_rect(v, ul, lr) != 0 || lr->x >= w || lr->y >= h) {
        tool_error("%s: game %zu: crop '%s' is off the %dx%d board; not "
                   "converted", name, sgf_game_index(g), s, w, h);
        return TOOL_INVALID;
    }
    return TOOL_OK;
}

/* The figure options common to every figure of the game. */
static int base_options(sgf_figure_options *fo, const char *name,
                        const sgf_game *g, const convert_diagram_opts *o)
{
    int w, h;
    sgf_game_board_size(g, &w, &h);
    fo->path = o->path;
    fo->path_len = o->path_len;
    fo->first_number = o->number_from > 0 ? (unsigned)(o->number_from
        > 0x7FFFFFFFL ? 0x7FFFFFFFL : o->number_from) : 0;
    if (o->crop != NULL) {
        fo->crop = true;
        return parse_crop(name, g, o->crop, w, h, &fo->crop_ul,
                          &fo->crop_lr);
    }
    return TOOL_OK;
}

/* Say why a figure could not be built (rc an SGF_E* code, not 0). */
static int build_fault(int rc, const char *name, sgf_collection *c,
                       const sgf_game *g, const sgf_figure_options *fo)
{
    char why[160];
    if (rc == SGF_EINVAL) {
        cli_path_fault(why, sizeof why, c, g, fo->path, fo->path_len);
        tool_error("%s: game %zu: the variation path leaves the game tree: "
                   "%s", name, sgf_game_index(g), why);
    }
    else if (rc != 0)
        tool_error("%s: game %zu: %s", name, sgf_game_index(g),
                   sgf_strerror(rc));
    return TOOL_TROUBLE;
}

static int build_one(sgf_figure *f, const char *name, sgf_collection *c,
                     const sgf_game *g, const sgf_figure_options *fo)
{
    int rc = sgf_figure_build(f, c, g, fo);
    return rc == 0 ? TOOL_OK : build_fault(rc, name, c, g, fo);
}

static int write_one(FILE *out, const sgf_figure *f, int format,
                     sgf_figure_style style)
{
    int rc = format == 1 ? sgf_figure_write_svg(out, f)
                         : sgf_figure_write_ascii(out, f, style);
    if (rc != 0) {
        tool_error("cannot write the diagram: %s", sgf_strerror(rc));
        return TOOL_TROUBLE;
    }
    return TOOL_OK;
}

/* A series of figures being written. */
typedef struct {
    FILE *out;
    int format;
    sgf_figure_style style;
    bool headed;                /* gtp boards of --figures: each says */
    bool started;               /* which moves it shows */
    int status;
} series;

static int write_each(void *payload, const sgf_figure *f)
{
    series *s = payload;
    if (s->started)
        fputc('\n', s->out);
    s->started = true;
    if (s->headed) {
        unsigned lo, hi;                /* its board numbers none: */
        sgf_figure_range(f, &lo, &hi);  /* which moves it shows */
        if (sgf_figure_move_count(f) > 1 && lo != hi)
            fprintf(s->out, "Position after moves %u-%u\n", lo, hi);
        else
            fprintf(s->out, "Position after move %u\n", hi);
    }
    s->status = write_one(s->out, f, s->format, s->style);
    return s->status == TOOL_OK ? 0 : 1;
}

/* Figures of o->figures moves over fo->from..fo->to (to SGF_FIGURE_END:
 * the end), from one replay of the line. */
static int write_figures(FILE *out, const char *name, sgf_figure *f,
                         sgf_collection *c, const sgf_game *g,
                         const sgf_figure_options *fo,
                         const convert_diagram_opts *o,
                         sgf_figure_style style)
{
    series s = { out, o->format, style,
                 o->format == 0 && style == SGF_FIGURE_GTP && o->figures > 0,
                 false, TOOL_OK };
    unsigned size = o->figures > 0 ? (unsigned)o->figures : 0;
    int rc = sgf_figure_build_each(f, c, g, fo, size, write_each, &s);
    return rc < 0 ? build_fault(rc, name, c, g, fo) : s.status;
}

int convert_diagram_check(const convert_diagram_opts *o)
{
    sgf_figure_style style;
    sgf_point ul, lr;
    const char *name = o->style != NULL ? o->style : "gtp";
    if (o->format == 0 && sgf_figure_style_from_name(name, &style) != 0) {
        tool_error("unknown diagram style '%s' (gtp, book, sensei)", name);
        return TOOL_TROUBLE;
    }
    if (o->move >= 0 && (o->from >= 0 || o->to >= 0 || o->figures > 0)) {
        tool_error("--move cannot go with --moves or --figures");
        return TOOL_TROUBLE;
    }
    sgf_point first;
    if (o->crop != NULL
        && (sgf_value_rect((sgf_str){ o->crop, strlen(o->crop) }, &ul,
                           &lr) != 0
            || (sgf_value_point((sgf_str){ o->crop, 2 }, &first) == 0
                && (first.x != ul.x || first.y != ul.y)))) {
        tool_error("invalid --crop '%s': two SGF corners, upper left first "
                   "(e.g. 'aa:jj')", o->crop);
        return TOOL_TROUBLE;
    }
    if (o->format == 0 && o->crop != NULL && strcmp(name, "gtp") == 0) {
        tool_error("--crop needs --style=book or sensei, or --to=svg (the "
                   "gtp style draws the whole board, as engines do)");
        return TOOL_TROUBLE;
    }
    if (o->format == 0 && (o->from >= 0 || o->to >= 0) && o->figures == 0
        && strcmp(name, "gtp") == 0) {
        tool_error("--moves numbers moves: it needs --style=book or "
                   "sensei, or --to=svg (the gtp style draws a position "
                   "without numbers, as engines do: -m N for the position "
                   "after move N)");
        return TOOL_TROUBLE;
    }
    return TOOL_OK;
}

/* What depends on the game: a game of Go, the crop on its board. */
static int check_game(const convert_diagram_opts *o, const char *name,
                      const sgf_game *g, sgf_figure_style *style)
{
    if (o->format == 0)
        sgf_figure_style_from_name(o->style != NULL ? o->style : "gtp",
                                   style);
    if (sgf_game_gm(g) != 1) {
        tool_error("%s: game %zu is not a game of Go (GM[%d]); not "
                   "converted", name, sgf_game_index(g), sgf_game_gm(g));
        return TOOL_INVALID;
    }
    return TOOL_OK;
}

static unsigned clamp(long v)
{
    return v < 0 ? 0 : v > 0x7FFFFFFFL ? 0x7FFFFFFFu : (unsigned)v;
}

int convert_diagram(FILE *out, const char *name, sgf_collection *c,
                    const sgf_game *g, const convert_diagram_opts *o)
{
    sgf_figure_style style = SGF_FIGURE_GTP;
    sgf_figure_options fo;
    (void)sgf_figure_options_init(&fo, SGF_FIGURE_OPTIONS_VERSION);
    int status = check_game(o, name, g, &style);
    if (status == TOOL_OK)
        status = base_options(&fo, name, g, o);
    if (status != TOOL_OK)
        return status;
    if (o->move >= 0) {                    /* a position figure */
        fo.to = clamp(o->move);
        fo.from = fo.to + 1;
    } else {
        fo.from = o->from > 0 ? clamp(o->from) : 1;
        fo.to = o->to >= 0 ? clamp(o->to) : SGF_FIGURE_END;
    }
    sgf_figure *f;
    if (sgf_figure_new(&f) != 0) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    status = o->move >= 0
        ? build_one(f, name, c, g, &fo)
        : write_figures(out, name, f, c, g, &fo, o, style);
    if (o->move >= 0 && status == TOOL_OK
        && sgf_figure_line_moves(f) < fo.to)
        /* about the request, not the record, as sgf-replay says it */
        tool_error("%s: game %zu has no move %u (its line has %u move%s): "
                   "the position at the end of the line is shown", name,
                   sgf_game_index(g), fo.to, sgf_figure_line_moves(f),
                   sgf_figure_line_moves(f) == 1 ? "" : "s");
    if (o->move < 0 && status == TOOL_OK && fo.to != SGF_FIGURE_END
        && sgf_figure_line_moves(f) < fo.to) {
        unsigned last = sgf_figure_line_moves(f);
        if (fo.from > last)             /* none of them: say so */
            tool_error("%s: game %zu has no move %u (its line has %u "
                       "move%s): no move is numbered, the position at the "
                       "end of the line is shown", name, sgf_game_index(g),
                       fo.from, last, last == 1 ? "" : "s");
        else
            tool_error("%s: game %zu has no move %u (its line has %u "
                       "move%s): moves %u to %u are numbered", name,
                       sgf_game_index(g), fo.to, last, last == 1 ? "" : "s",
                       fo.from, last);
    }
    if (o->move >= 0 && status == TOOL_OK)
        status = write_one(out, f, o->format, style);
    sgf_figure_free(f);
    return status;
}
