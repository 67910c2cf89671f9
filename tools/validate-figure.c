/*
 * tools/validate-figure.c - the diagrams of sgf-validate's HTML report:
 * for each illegal move, the position before it (a position figure of
 * sgf/figure.h, the whole board) with the move drawn over it, and a
 * caption with the rule set and the rule that forbids the move.
 */
#include "validate-int.h"
#include "html.h"

#include <stdlib.h>
#include <string.h>

/* Room for one more move to draw: within the input's and the page's
 * bounds. */
static bool room_for_move(const vhtml *v)
{
    size_t n = v->n_moves;
    return v->in_figures + n < VHTML_FIGURES_PER_INPUT
           && v->figures + n < VHTML_FIGURES_IN_ALL;
}

int vhtml_on_move(void *payload, const sgf_replay_move *m)
{
    vhtml *v = payload;
    sgf_verdict vd = m->result.verdict;
    if (vd == SGF_VERDICT_LEGAL || vd == SGF_VERDICT_OFF_BOARD
        || m->ko_marked)
        return 0;                   /* the replay reports nothing */
    v->game_illegal++;
    v->in_illegal++;
    if (!room_for_move(v))
        return 0;
    const sgf_prop *p = sgf_node_find_prop(m->node, m->color == SGF_BLACK
                                                    ? SGF_PROP_B
                                                    : SGF_PROP_W);
    v->moves[v->n_moves++] = (vhtml_move){
        m->node, m->move_number,
        vd == SGF_VERDICT_SUPERKO ? m->repeats_move : 0, m->color, m->point,
        vd, p != NULL ? sgf_prop_offset(p) : sgf_node_offset(m->node),
        { 0, 0, 0 }, 0
    };
    return 0;
}

static bool is_illegal_code(sgf_diag_code c)
{
    return c == SGF_D_ILLEGAL_OCCUPIED || c == SGF_D_ILLEGAL_SUICIDE
           || c == SGF_D_ILLEGAL_KO || c == SGF_D_ILLEGAL_SUPERKO;
}

/* The index of the move diagnostic d of game `game` is about, or -1. */
static long find_move(const vhtml_move *moves, size_t n, long game,
                      const sgf_diag *d)
{
    if (!is_illegal_code(d->code) || d->game != game)
        return -1;
    for (size_t k = 0; k < n; k++)
        if (moves[k].number == d->move_number
            && moves[k].offset == d->pos.offset)
            return (long)k;
    return -1;
}

const char *vhtml_figure_of(const vhtml *v, const sgf_diag *d)
{
    static char id[32];
    long k = find_move(v->moves, v->n_moves, v->game, d);
    if (k < 0 || v->moves[k].figure == 0)
        return NULL;
    snprintf(id, sizeof id, "f%lu", v->moves[k].figure);
    return id;
}

/* --- the line to a move ------------------------------------------------------ */

/* The variation path to node (sgf_figure_options.path: the child taken
 * at each branching point from the root), malloc'd, its length in *len;
 * NULL when out of memory. */
static unsigned *path_to(const sgf_node *node, size_t *len)
{
    size_t n = 0, cap = 16;
    unsigned *path = malloc(cap * sizeof *path);
    for (const sgf_node *c = node, *p; path != NULL
         && (p = sgf_node_parent(c)) != NULL; c = p) {
        if (sgf_node_child_count(p) < 2)
            continue;
        unsigned i = 0;
        for (const sgf_node *s = sgf_node_first_child(p); s != c;
             s = sgf_node_next_sibling(s))
            i++;
        if (n == cap) {
            unsigned *bigger = realloc(path, 2 * cap * sizeof *path);
            if (bigger == NULL) {
                free(path);
                return NULL;
            }
            path = bigger;
            cap *= 2;
        }
        path[n++] = i;
    }
    for (size_t i = 0; path != NULL && i < n / 2; i++) {
        unsigned t = path[i];
        path[i] = path[n - 1 - i];
        path[n - 1 - i] = t;
    }
    *len = n;
    return path;
}

/* --- captions ------------------------------------------------------------------ */

/* A rule set's name as people write it. */
static const char *rules_title(const char *name)
{
    static const char *const titles[][2] = {
        { "japanese", "Japanese" }, { "korean", "Korean" },
        { "chinese", "Chinese" }, { "aga", "AGA" },
        { "nz", "New Zealand" }, { "tromp-taylor", "Tromp-Taylor" },
        { "ing", "Ing" }, { "egf", "EGF" },
    };
    for (size_t i = 0; i < sizeof titles / sizeof titles[0]; i++)
        if (strcmp(titles[i][0], name) == 0)
            return titles[i][1];
    return name;
}

/* "N8 (ml)", or "ml" on boards wider than 25. */
static void put_point(FILE *fp, sgf_point pt, int width, int height)
{
    char sgf[3], vtx[4];
    sgf_point_format_sgf(sgf, pt);
    if (width <= 25 && sgf_point_format_vertex(vtx, pt, height) != NULL)
        fprintf(fp, "%s (%s)", vtx, sgf);
    else
        fputs(sgf, fp);
}

static void put_superko(FILE *fp, const sgf_rules *r, const vhtml_move *m)
{
    bool positional = r->ko == SGF_KO_POSITIONAL;
    fprintf(fp, "%s superko: no move may recreate an earlier whole-board "
            "position%s. This one recreates the position ", positional
            ? "positional" : "situational", positional ? ""
            : " with the same player to move");
    if (m->repeats == 0)
        fputs("before move 1 (after the setup).", fp);
    else
        fprintf(fp, "after move %u.", m->repeats);
}

/* The rule that forbids the move, under rules r. */
static void put_rule(FILE *fp, const sgf_rules *r, const vhtml_move *m,
                     int width, int height)
{
    switch (m->verdict) {
    case SGF_VERDICT_OCCUPIED:
        fputs("a move must be on an empty point: this one holds a stone "
              "(the record replaces it, as the SGF specification "
              "executes an illegal move).", fp);
        break;
    case SGF_VERDICT_SUICIDE:
        fputs(r->suicide == SGF_SUICIDE_SINGLE_STONE_ILLEGAL
              ? "the suicide of a single stone is forbidden." 
              : "suicide is forbidden: the move leaves its own chain "
                "without liberties.", fp);
        break;
    case SGF_VERDICT_KO:
        fputs("ko: a stone that has just captured a single stone may "
              "not be taken back at once. The point retaken is ", fp);
        put_point(fp, m->point, width, height);
        fputs("; the small ring marks the stone that took the ko. A "
              "move elsewhere must come first.", fp);
        break;
    default:
        put_superko(fp, r, m);
        break;
    }
}

static void put_caption(FILE *fp, const vhtml_move *m, const sgf_replay *r,
                        long game, int width, int height)
{
    const sgf_rules *rules = sgf_replay_rules(r);
    fprintf(fp, "<figcaption><b>Move %u</b>: %s at ", m->number,
            m->color == SGF_BLACK ? "Black" : "White");
    put_point(fp, m->point, width, height);
    fprintf(fp, " &middot; game %ld", game);
    if (m->pos.line > 0)
        fprintf(fp, " &middot; line %u, column %u", (unsigned)m->pos.line,
                (unsigned)m->pos.column);
    fprintf(fp, "\n<span class=\"rule\"><code>%s</code> ",
            sgf_verdict_name(m->verdict));
    html_str(fp, rules_title(rules->name));
    fputs(" rules", fp);
    if (sgf_replay_rules_defaulted(r))
        fputs(" (assumed: RU[] missing or unknown)", fp);
    fputs(": ", fp);
    put_rule(fp, rules, m, width, height);
    fputs("</span></figcaption>\n", fp);
}

/* --- diagrams ------------------------------------------------------------------- */

/* The figure of the position before move m, whole board. */
static int build_before(vhtml *v, sgf_collection *c, const sgf_game *g,
                        const vhtml_move *m, int width, int height)
{
    size_t len = 0;
    unsigned *path = path_to(m->node, &len);
    if (path == NULL)
        return SGF_ENOMEM;
    sgf_figure_options fo;
    (void)sgf_figure_options_init(&fo, SGF_FIGURE_OPTIONS_VERSION);
    fo.path = path;
    fo.path_len = len;
    fo.from = m->number;
    fo.to = m->number - 1;
    fo.crop = true;
    fo.crop_ul = (sgf_point){ 0, 0 };
    fo.crop_lr = (sgf_point){ (uint8_t)(width - 1), (uint8_t)(height - 1) };
    fo.rules = v->rules;
    int rc = sgf_figure_build(v->fig, c, g, &fo);
    free(path);
    return rc;
}

static int draw_one(vhtml *v, sgf_collection *c, const sgf_game *g,
                    const sgf_replay *r, vhtml_move *m)
{
    int width, height;
    sgf_game_board_size(g, &width, &height);
    int rc = build_before(v, c, g, m, width, height);
    if (rc != 0)
        return rc;
    unsigned long no = v->figures + 1;
    char prefix[32];
    snprintf(prefix, sizeof prefix, "f%lu-", no);
    sgf_figure_svg_options so;
    (void)sgf_figure_svg_options_init(&so, SGF_FIGURE_SVG_OPTIONS_VERSION);
    so.fragment = true;
    so.id_prefix = prefix;
    so.next_color = m->color;
    so.next_point = m->point;
    so.next_number = m->number;
    FILE *fp = v->figs.fp;
    fprintf(fp, "<figure class=\"move\" id=\"f%lu\">\n", no);
    rc = sgf_figure_write_svg_with(fp, v->fig, &so);
    if (rc == 0)
        put_caption(fp, m, r, (long)sgf_game_index(g), width, height);
    fputs("</figure>\n", fp);
    if (rc != 0)
        return rc;
    m->figure = no;
    v->figures++;
    v->in_figures++;
    return 0;
}

/* Each move's diagnostic: its position for the caption. */
static void find_positions(vhtml *v, const sgf_collection *c)
{
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++) {
        const sgf_diag *d = sgf_collection_diag(c, i);
        long k = find_move(v->moves, v->n_moves, v->game, d);
        if (k >= 0)
            v->moves[k].pos = d->pos;
    }
}

int vhtml_draw_moves(vhtml *v, sgf_collection *c, const sgf_game *g,
                     const sgf_replay *r)
{
    unsigned drawn = 0;
    v->game = (long)sgf_game_index(g);
    find_positions(v, c);
    for (size_t k = 0; k < v->n_moves && v->figs.fp != NULL; k++) {
        int rc = draw_one(v, c, g, r, &v->moves[k]);
        if (rc == SGF_ENOMEM) {
            tool_error("out of memory");
            return TOOL_TROUBLE;
        }
        drawn += rc == 0;
    }
    v->figures_left_out += v->game_illegal - drawn;
    return TOOL_OK;
}
