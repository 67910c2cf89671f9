/*
 * figure.c - the numbering engine behind every diagram (sgf/figure.h).
 *
 * Two replays of the line: the first stops before the first numbered
 * move and gives the starting position; the second runs the whole line
 * and records, for each numbered move, its number and what it changed
 * besides its own stone (captures, stones set up since the move before),
 * found by comparing the board with a shadow copy. The layout (which
 * stone each point shows, which moves become "N at M" notes) is then
 * worked out from those records alone, so every renderer shares it.
 * A series of figures (sgf_figure_build_each) shows windows of the same
 * records, each starting from the position the one before ended with:
 * two replays for the whole series, however many figures it has.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "figure_int.h"
#include "props_int.h"
#include <sgf/diagram.h>

/* --- life cycle ------------------------------------------------------- */

int sgf_figure_new(sgf_figure **out)
{
    if (out == NULL)
        return SGF_EINVAL;
    *out = calloc(1, sizeof **out);
    if (*out == NULL)
        return SGF_ENOMEM;
    if (sgf_replay_new(&(*out)->replay) != 0) {
        free(*out);
        *out = NULL;
        return SGF_ENOMEM;
    }
    return 0;
}

static void free_grids(sgf_figure *f)
{
    if (f->labels != NULL)
        for (size_t i = 0; i < (size_t)f->w * (size_t)f->h; i++)
            free(f->labels[i]);
    free(f->labels);
    free(f->base);
    free(f->end);
    free(f->disp);
    free(f->num);
    free(f->marks);
    f->labels = NULL;
    f->base = f->end = f->disp = NULL;
    f->num = NULL;
    f->marks = NULL;
}

static void clear(sgf_figure *f)
{
    free_grids(f);
    f->n_moves = f->n_rec = f->n_changes = f->n_lines = 0;
    f->memo_at = NULL;
    f->memo_vw = f->memo_dd = NULL;
    f->moves = f->rec;
    f->built = false;
    f->has_last = false;
    f->line_moves = 0;
    f->first = 1;
    f->last = 0;
}

void sgf_figure_free(sgf_figure *f)
{
    if (f == NULL)
        return;
    free_grids(f);
    free(f->rec);
    free(f->changes);
    free(f->lines);
    sgf_replay_free(f->replay);
    free(f);
}

static int alloc_grids(sgf_figure *f, int w, int h)
{
    size_t n = (size_t)w * (size_t)h;
    f->w = w;
    f->h = h;
    f->base = calloc(n, sizeof *f->base);
    f->end = calloc(n, sizeof *f->end);
    f->disp = calloc(n, sizeof *f->disp);
    f->num = calloc(n, sizeof *f->num);
    f->marks = calloc(n, sizeof *f->marks);
    f->labels = calloc(n, sizeof *f->labels);
    if (!f->base || !f->end || !f->disp || !f->num || !f->marks
        || !f->labels)
        return SGF_ENOMEM;
    return 0;
}

/* Grow *arr (elements of size sz) to hold one more. */
static int grow(void **arr, size_t *cap, size_t n, size_t sz)
{
    if (n < *cap)
        return 0;
    size_t ncap = *cap ? *cap * 2 : 64;
    void *p = realloc(*arr, ncap * sz);
    if (p == NULL)
        return SGF_ENOMEM;
    *arr = p;
    *cap = ncap;
    return 0;
}

/* --- recording the moves ---------------------------------------------- */

typedef struct recorder {
    sgf_figure *f;
    const sgf_figure_options *o;
    sgf_color *shadow;           /* the board as last seen */
    long number;                 /* game number of the last move */
    const sgf_node *node;        /* node of the last move not recorded */
    int rc;
    unsigned ordinal;            /* ordinal of the last move seen */
} recorder;

static int add_change(sgf_figure *f, sgf_point pt, sgf_color c)
{
    if (grow((void **)&f->changes, &f->cap_changes, f->n_changes,
             sizeof *f->changes) != 0)
        return SGF_ENOMEM;
    f->changes[f->n_changes++] = (sgf__fig_change){ pt, c };
    return 0;
}

/* Compare the board with the shadow: every difference but the move's own
 * stone is a change of this move. */
static int diff_board(recorder *r, const sgf_board *b, sgf__fig_move *m)
{
    sgf_figure *f = r->f;
    m->ch_first = f->n_changes;
    if (!m->pub.pass)
        r->shadow[sgf__fig_index(f, m->pub.point)] = m->pub.color;
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            sgf_point pt = { (uint8_t)x, (uint8_t)y };
            size_t i = sgf__fig_index(f, pt);
            sgf_color now = sgf_board_at(b, pt);
            if (now == r->shadow[i])
                continue;
            if (add_change(f, pt, now) != 0)
                return SGF_ENOMEM;
            r->shadow[i] = now;
        }
    m->ch_count = f->n_changes - m->ch_first;
    return 0;
}

/* The number of the move in n: its MN[] when usable, else the one after
 * the last (both at most SGF_MOVE_NUMBER_MAX). */
static long node_mn(const sgf_node *n, long last)
{
    long v;
    return sgf__node_mn(n, &v) ? v : sgf__next_move_number(last);
}

static int record_move(recorder *r, const sgf_replay_move *rm)
{
    sgf_figure *f = r->f;
    if (grow((void **)&f->rec, &f->cap_rec, f->n_rec, sizeof *f->rec)
        != 0)
        return SGF_ENOMEM;
    sgf__fig_move *m = &f->rec[f->n_rec++];
    memset(m, 0, sizeof *m);
    m->pub.ordinal = rm->move_number;
    m->pub.color = rm->color;
    m->pub.pass = rm->pass;
    m->pub.point = rm->point;
    m->pub.captured = rm->result.captured + rm->result.suicided;
    m->node = rm->node;
    m->game_number = r->number;
    m->prisoners[0] = sgf_board_prisoners(rm->board, SGF_BLACK);
    m->prisoners[1] = sgf_board_prisoners(rm->board, SGF_WHITE);
    return diff_board(r, rm->board, m);
}

static int on_move(void *payload, const sgf_replay_move *rm)
{
    recorder *r = payload;
    sgf_figure *f = r->f;
    f->line_moves = rm->move_number;
    /* a move off the board is counted (its ordinal, and its number in
       the game: sgf-replay and the diagnostics count it) but not
       replayed: the numbers it took */
    for (unsigned k = r->ordinal + 1; k < rm->move_number; k++)
        r->number = sgf__next_move_number(r->number);
    r->ordinal = rm->move_number;
    r->number = node_mn(rm->node, r->number);
    if (rm->move_number > f->last)
        return 0;
    if (rm->move_number >= f->rec_first)
        return r->rc = record_move(r, rm);
    r->node = rm->node;
    f->has_last = !rm->pass;
    f->last_pt = rm->point;
    f->last_color = rm->color;
    return 0;
}

/* --- the two replays -------------------------------------------------- */

static void copy_board(const sgf_figure *f, sgf_color *g, const sgf_board *b)
{
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            sgf_point pt = { (uint8_t)x, (uint8_t)y };
            g[sgf__fig_index(f, pt)] = sgf_board_at(b, pt);
        }
}

static sgf_replay_options replay_opts(const sgf_figure_options *o)
{
    sgf_replay_options ro = SGF_REPLAY_OPTIONS_INIT;
    ro.rules = o->rules;
    ro.path = o->path;
    ro.path_len = o->path_len;
    ro.quiet = true;
    return ro;
}

/* The position before move f->rec_first, and its prisoners and last
 * move. */
static int replay_base(sgf_figure *f, sgf_collection *c, const sgf_game *g,
                       const sgf_figure_options *o)
{
    sgf_replay_options ro = replay_opts(o);
    ro.stop = true;
    ro.stop_after = f->rec_first - 1;
    int rc = sgf_replay_run(f->replay, c, g, &ro);
    if (rc != 0)
        return rc;
    const sgf_board *b = sgf_replay_board(f->replay);
    copy_board(f, f->base, b);
    f->prisoners[SGF_BLACK] = sgf_board_prisoners(b, SGF_BLACK);
    f->prisoners[SGF_WHITE] = sgf_board_prisoners(b, SGF_WHITE);
    bool pass = false;
    f->has_last = sgf_replay_last_move(f->replay, &f->last_color,
                                       &f->last_pt, &pass) && !pass;
    f->to_move = sgf_history_to_move(sgf_replay_history(f->replay));
    return 0;
}

/* Record the moves f->rec_first..f->last of the line (every move from
 * f->rec_first when f->last is SGF_FIGURE_END). *node: the node of the
 * last move before them (the root when none). */
static int replay_line(sgf_figure *f, sgf_collection *c, const sgf_game *g,
                       const sgf_figure_options *o, const sgf_node **node)
{
    recorder r = { f, o, NULL, 0, sgf_game_root(g), 0, 0 };
    r.shadow = malloc((size_t)f->w * (size_t)f->h * sizeof *r.shadow);
    if (r.shadow == NULL)
        return SGF_ENOMEM;
    memcpy(r.shadow, f->base, (size_t)f->w * (size_t)f->h
           * sizeof *r.shadow);
    sgf_replay_options ro = replay_opts(o);
    ro.on_move = on_move;
    ro.payload = &r;
    int rc = sgf_replay_run(f->replay, c, g, &ro);
    free(r.shadow);
    *node = r.node;
    return rc != 0 ? rc : r.rc;
}

/* --- layout ----------------------------------------------------------- */

void sgf__figure_apply(const sgf_figure *f, sgf_color *g,
                       const sgf__fig_move *m)
{
    if (!m->pub.pass)
        g[sgf__fig_index(f, m->pub.point)] = m->pub.color;
    for (size_t k = 0; k < m->ch_count; k++) {
        const sgf__fig_change *ch = &f->changes[m->ch_first + k];
        g[sgf__fig_index(f, ch->pt)] = ch->color;
    }
}

/* Each point's first occupant; later moves there become notes. Stones
 * set up during the figure show where nothing is shown yet. */
static void layout(sgf_figure *f)
{
    size_t n = (size_t)f->w * (size_t)f->h;
    memcpy(f->disp, f->base, n * sizeof *f->disp);
    for (size_t i = 0; i < f->n_moves; i++) {
        sgf__fig_move *m = &f->moves[i];
        if (!m->pub.pass) {
            size_t k = sgf__fig_index(f, m->pub.point);
            if (f->disp[k] != SGF_EMPTY) {
                m->pub.reused = true;
                m->pub.at = f->num[k];
            } else {
                f->disp[k] = m->pub.color;
                f->num[k] = m->pub.number;
            }
        }
        for (size_t c = 0; c < m->ch_count; c++) {
            const sgf__fig_change *ch = &f->changes[m->ch_first + c];
            size_t k = sgf__fig_index(f, ch->pt);
            if (ch->color != SGF_EMPTY && f->disp[k] == SGF_EMPTY)
                f->disp[k] = ch->color;
        }
    }
}

/* --- markup ----------------------------------------------------------- */

/* The VW and DD node n inherits (its own, or its nearest ancestor's)
 * into f->memo_vw and f->memo_dd: the walk up stops at the node of the
 * last call, whose answers stand for everything above it. */
static void inherit_view(sgf_figure *f, const sgf_node *n)
{
    const sgf_prop *vw = NULL, *dd = NULL;
    const sgf_node *start = n;
    for (; n != NULL && (vw == NULL || dd == NULL);
         n = sgf_node_parent(n)) {
        if (n == f->memo_at) {
            vw = vw != NULL ? vw : f->memo_vw;
            dd = dd != NULL ? dd : f->memo_dd;
            break;
        }
        if (vw == NULL)
            vw = sgf_node_find_prop(n, SGF_PROP_VW);
        if (dd == NULL)
            dd = sgf_node_find_prop(n, SGF_PROP_DD);
    }
    f->memo_at = start;
    f->memo_vw = vw;
    f->memo_dd = dd;
}

static bool on_board(const sgf_figure *f, sgf_point pt)
{
    return pt.x < f->w && pt.y < f->h;
}

static void mark_points(sgf_figure *f, const sgf_prop *p, unsigned bit)
{
    for (size_t i = 0; p != NULL && i < sgf_prop_value_count(p); i++) {
        sgf_point ul, lr;
        if (sgf_value_rect(sgf_prop_text(p, i), &ul, &lr) != 0)
            continue;
        for (int y = ul.y; y <= lr.y; y++)
            for (int x = ul.x; x <= lr.x; x++) {
                sgf_point pt = { (uint8_t)x, (uint8_t)y };
                if (on_board(f, pt))
                    f->marks[sgf__fig_index(f, pt)] |= bit;
            }
    }
}

/* Split "left:right" (escapes already removed) at the first ':'. */
static bool split_text(sgf_str v, sgf_str *left, sgf_str *right)
{
    const char *colon = v.len ? memchr(v.ptr, ':', v.len) : NULL;
    if (colon == NULL)
        return false;
    *left = (sgf_str){ v.ptr, (size_t)(colon - v.ptr) };
    *right = (sgf_str){ colon + 1, v.len - (size_t)(colon - v.ptr) - 1 };
    return true;
}

static int add_labels(sgf_figure *f, const sgf_prop *p)
{
    for (size_t i = 0; p != NULL && i < sgf_prop_value_count(p); i++) {
        sgf_str l, r;
        sgf_point pt;
        sgf_str rl, rr;                 /* the point as written: an */
        if (sgf_value_split(sgf_prop_raw(p, i), &rl, &rr) != 0  /* escaped */
            || sgf_value_point(rl, &pt) != 0          /* ':' splits none */
            || !split_text(sgf_prop_text(p, i), &l, &r) || !on_board(f, pt))
            continue;
        size_t k = sgf__fig_index(f, pt);
        free(f->labels[k]);
        f->labels[k] = malloc(r.len + 1);
        if (f->labels[k] == NULL)
            return SGF_ENOMEM;
        memcpy(f->labels[k], r.ptr, r.len);
        f->labels[k][r.len] = '\0';
    }
    return 0;
}

static int add_lines(sgf_figure *f, const sgf_prop *p, bool arrow)
{
    for (size_t i = 0; p != NULL && i < sgf_prop_value_count(p); i++) {
        sgf_str l, r;
        sgf_figure_line ln = { { 0, 0 }, { 0, 0 }, arrow };
        if (!split_text(sgf_prop_text(p, i), &l, &r)
            || sgf_value_point(l, &ln.from) != 0
            || sgf_value_point(r, &ln.to) != 0
            || !on_board(f, ln.from) || !on_board(f, ln.to))
            continue;
        if (grow((void **)&f->lines, &f->cap_lines, f->n_lines,
                 sizeof *f->lines) != 0)
            return SGF_ENOMEM;
        f->lines[f->n_lines++] = ln;
    }
    return 0;
}

static int load_markup(sgf_figure *f, const sgf_node *n)
{
    static const struct { sgf_prop_id id; unsigned bit; } kinds[] = {
        { SGF_PROP_TR, SGF_FIGURE_TR }, { SGF_PROP_SQ, SGF_FIGURE_SQ },
        { SGF_PROP_CR, SGF_FIGURE_CR }, { SGF_PROP_MA, SGF_FIGURE_MA },
        { SGF_PROP_SL, SGF_FIGURE_SL }
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        mark_points(f, sgf_node_find_prop(n, kinds[i].id), kinds[i].bit);
    mark_points(f, f->memo_dd, SGF_FIGURE_DD);
    int rc = add_labels(f, sgf_node_find_prop(n, SGF_PROP_LB));
    if (rc == 0)
        rc = add_lines(f, sgf_node_find_prop(n, SGF_PROP_AR), true);
    if (rc == 0)
        rc = add_lines(f, sgf_node_find_prop(n, SGF_PROP_LN), false);
    return rc;
}

/* --- view ------------------------------------------------------------- */

/* Bounding box of the inherited VW[]'s rectangles (inherit_view);
 * false when absent or empty. */
static bool vw_box(const sgf_figure *f, sgf_point *ul, sgf_point *lr)
{
    const sgf_prop *p = f->memo_vw;
    bool any = false;
    for (size_t i = 0; p != NULL && i < sgf_prop_value_count(p); i++) {
        sgf_point a, b;
        if (sgf_value_rect(sgf_prop_text(p, i), &a, &b) != 0
            || !on_board(f, a) || !on_board(f, b))
            continue;
        if (!any || a.x < ul->x) ul->x = a.x;
        if (!any || a.y < ul->y) ul->y = a.y;
        if (!any || b.x > lr->x) lr->x = b.x;
        if (!any || b.y > lr->y) lr->y = b.y;
        any = true;
    }
    return any;
}

static int set_view(sgf_figure *f, const sgf_figure_options *o)
{
    f->ul = (sgf_point){ 0, 0 };
    f->lr = (sgf_point){ (uint8_t)(f->w - 1), (uint8_t)(f->h - 1) };
    if (!o->crop) {
        sgf_point ul, lr;
        if (vw_box(f, &ul, &lr)) {
            f->ul = ul;
            f->lr = lr;
        }
        return 0;
    }
    if (!on_board(f, o->crop_ul) || !on_board(f, o->crop_lr)
        || o->crop_ul.x > o->crop_lr.x || o->crop_ul.y > o->crop_lr.y)
        return SGF_EINVAL;
    f->ul = o->crop_ul;
    f->lr = o->crop_lr;
    return 0;
}

/* --- build ------------------------------------------------------------ */

/* Clear what the last window's layout and markup left. */
static void reset_window(sgf_figure *f)
{
    size_t n = (size_t)f->w * (size_t)f->h;
    for (size_t i = 0; i < n; i++) {
        free(f->labels[i]);
        f->labels[i] = NULL;
    }
    memset(f->num, 0, n * sizeof *f->num);
    memset(f->marks, 0, n * sizeof *f->marks);
    f->n_lines = 0;
}

/* Show the moves first..last (last past the line: its end), the records
 * from f->rec[*next] on, from the position in f->base: their numbers,
 * the end position, prisoners, last move, layout, view and markup.
 * *next: then the first record after them. *node: the node of the last
 * move before them (the root when none), then of the last move shown.
 * Moves off the board are numbered but have no record. */
static int show_window(sgf_figure *f, const sgf_figure_options *o,
                       unsigned first, unsigned last, size_t *next,
                       const sgf_node **node)
{
    f->first = first;
    f->last = last < f->line_moves ? last : f->line_moves;
    f->moves = f->rec + *next;
    f->n_moves = 0;
    while (*next + f->n_moves < f->n_rec
           && f->moves[f->n_moves].pub.ordinal <= f->last)
        f->n_moves++;
    *next += f->n_moves;
    reset_window(f);
    memcpy(f->end, f->base, (size_t)f->w * (size_t)f->h * sizeof *f->end);
    for (size_t i = 0; i < f->n_moves; i++) {
        sgf__fig_move *m = &f->moves[i];
        long from = (long)o->first_number
                    + ((long)m->pub.ordinal - (long)first);
        m->pub.number = o->first_number == 0 ? m->game_number
                        : from < SGF_MOVE_NUMBER_MAX ? from
                        : SGF_MOVE_NUMBER_MAX;
        sgf__figure_apply(f, f->end, m);
    }
    if (f->n_moves > 0) {
        const sgf__fig_move *m = &f->moves[f->n_moves - 1];
        *node = m->node;
        f->has_last = !m->pub.pass;
        f->last_pt = m->pub.point;
        f->last_color = m->pub.color;
        f->prisoners[SGF_BLACK] = m->prisoners[0];
        f->prisoners[SGF_WHITE] = m->prisoners[1];
    }
    layout(f);
    inherit_view(f, *node);
    int rc = set_view(f, o);
    return rc != 0 ? rc : load_markup(f, *node);
}

/* The figures of o->from..o->to, `size` moves each (0: one figure), each
 * handed to each() when not NULL; *stop: the nonzero value each()
 * stopped the series with. */
static int build(sgf_figure *f, sgf_collection *c, const sgf_game *g,
                 const sgf_figure_options *o, unsigned size,
                 sgf_figure_each_fn each, void *payload, int *stop)
{
    int w, h;
    sgf_game_board_size(g, &w, &h);
    if (sgf_game_gm(g) != 1)
        return SGF_EINVAL;
    int rc = alloc_grids(f, w, h);
    if (rc != 0)
        return rc;
    unsigned first = o->from > 0 ? o->from : 1, to = o->to;
    if (to < first) {                    /* a position figure */
        first = to + 1;
        size = 0;
    }
    f->rec_first = first;
    f->last = to;
    rc = replay_base(f, c, g, o);
    if (rc != 0)
        return rc;
    const sgf_node *node = NULL;
    rc = replay_line(f, c, g, o, &node);
    if (rc != 0)
        return rc;
    size_t next = 0;
    for (;;) {
        unsigned last = size > 0 && to - first >= size ? first + size - 1
                                                       : to;
        rc = show_window(f, o, first, last, &next, &node);
        if (rc != 0)
            return rc;
        f->built = true;
        if (each != NULL && (*stop = each(payload, f)) != 0)
            return 0;
        if (size == 0 || f->last >= f->line_moves || last >= to)
            return 0;
        memcpy(f->base, f->end,
               (size_t)f->w * (size_t)f->h * sizeof *f->base);
        if (f->n_moves > 0)             /* the next figure's base */
            f->to_move = f->moves[f->n_moves - 1].pub.color == SGF_BLACK
                         ? SGF_WHITE : SGF_BLACK;
        first = last + 1;
    }
}

static int build_checked(sgf_figure *f, sgf_collection *c,
                         const sgf_game *g, const sgf_figure_options *o,
                         unsigned size, sgf_figure_each_fn each,
                         void *payload)
{
    sgf_figure_options defaults = SGF_FIGURE_OPTIONS_INIT;
    if (o == NULL)
        o = &defaults;
    if (f == NULL || c == NULL || g == NULL
        || o->version != SGF_FIGURE_OPTIONS_VERSION)
        return SGF_EINVAL;
    clear(f);
    int stop = 0;
    int rc = build(f, c, g, o, size, each, payload, &stop);
    if (rc != 0) {
        clear(f);
        return rc;
    }
    f->built = true;
    return stop;
}

int sgf_figure_build(sgf_figure *f, sgf_collection *c, const sgf_game *g,
                     const sgf_figure_options *o)
{
    return build_checked(f, c, g, o, 0, NULL, NULL);
}

int sgf_figure_build_each(sgf_figure *f, sgf_collection *c,
                          const sgf_game *g, const sgf_figure_options *o,
                          unsigned moves, sgf_figure_each_fn each,
                          void *payload)
{
    if (each == NULL)
        return SGF_EINVAL;
    return build_checked(f, c, g, o, moves, each, payload);
}

/* --- queries ---------------------------------------------------------- */

void sgf_figure_size(const sgf_figure *f, int *width, int *height)
{
    *width = f->built ? f->w : 0;
    *height = f->built ? f->h : 0;
}

void sgf_figure_view(const sgf_figure *f, sgf_point *ul, sgf_point *lr)
{
    *ul = f->ul;
    *lr = f->lr;
}

unsigned sgf_figure_line_moves(const sgf_figure *f)
{
    return f->line_moves;
}

void sgf_figure_range(const sgf_figure *f, unsigned *first, unsigned *last)
{
    *first = f->first;
    *last = f->last;
}

sgf_figure_point sgf_figure_at(const sgf_figure *f, sgf_point pt)
{
    sgf_figure_point p;
    memset(&p, 0, sizeof p);
    if (!f->built || !on_board(f, pt))
        return p;
    size_t k = sgf__fig_index(f, pt);
    p.color = f->disp[k];
    p.number = f->num[k];
    p.captured = p.color != SGF_EMPTY && f->end[k] != p.color;
    p.star = p.color == SGF_EMPTY && sgf_diagram_is_star(f->w, f->h, pt);
    p.marks = f->marks[k];
    p.label = f->labels[k];
    return p;
}

size_t sgf_figure_move_count(const sgf_figure *f)
{
    return f->n_moves;
}

const sgf_figure_move *sgf_figure_move_at(const sgf_figure *f, size_t i)
{
    return i < f->n_moves ? &f->moves[i].pub : NULL;
}

size_t sgf_figure_line_count(const sgf_figure *f)
{
    return f->n_lines;
}

const sgf_figure_line *sgf_figure_line_at(const sgf_figure *f, size_t i)
{
    return i < f->n_lines ? &f->lines[i] : NULL;
}

bool sgf_figure_last_move(const sgf_figure *f, sgf_point *pt,
                          sgf_color *color)
{
    if (!f->built || !f->has_last)
        return false;
    if (pt != NULL)
        *pt = f->last_pt;
    if (color != NULL)
        *color = f->last_color;
    return true;
}

int sgf_figure_prisoners(const sgf_figure *f, sgf_color holder)
{
    return holder == SGF_BLACK || holder == SGF_WHITE
        ? f->prisoners[holder] : 0;
}

char *sgf__figure_point_name(char buf[8], const sgf_figure *f,
                             sgf_point pt)
{
    char col[2];
    if (f->w <= 25)
        snprintf(buf, 8, "%s%d", sgf_diagram_column_label(col, pt.x, f->w),
                 f->h - pt.y);
    else
        sgf_point_format_sgf(buf, pt);
    return buf;
}
