/*
 * xml_go.c - the Go layer of the XML export: what the replayer knows about
 * each node (move number, colour, points, captures, reused points) and
 * the typed game information (komi, result, date). See sgf/xml.h.
 *
 * The walk in xml.c visits the tree in document order (a node, its
 * variations, then the rest of the main line); this file keeps one board
 * with undo and restores it at the end of every variation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sgf/board.h>
#include <sgf/score.h>
#include <sgf/xml.h>
#include "xml_int.h"
#include "props_int.h"

#define NPOINTS (SGF_MAX_SIZE * SGF_MAX_SIZE)

typedef struct reuse_entry {
    unsigned idx;       /* y * SGF_MAX_SIZE + x */
    long old;           /* the number it held before */
} reuse_entry;

struct sgf__xgo {
    const sgf_game *game;
    sgf_board *board;
    int width, height;
    long number;                /* move number of the last move */
    long last[NPOINTS];         /* last move number on each point, 0 */
    reuse_entry *log;
    size_t log_len, log_cap;
    sgf_point cap[NPOINTS];     /* scratch: captured points */
};

int sgf__xgo_begin(sgf__xgo **out, const sgf_game *g)
{
    int w, h;
    sgf_game_board_size(g, &w, &h);
    if (sgf_game_gm(g) != 1 || w < 1 || h < 1 || w > SGF_MAX_SIZE
        || h > SGF_MAX_SIZE) {
        sgf__xgo_free(*out);
        *out = NULL;
        return 0;
    }
    sgf__xgo *x = *out;
    if (x != NULL) {                /* an earlier game's: emptied */
        while (x->log_len > 0) {    /* its moves' numbers taken back */
            const reuse_entry *e = &x->log[--x->log_len];
            x->last[e->idx] = e->old;
        }
        if (sgf_board_reset(x->board, w, h) == 0) {
            x->game = g;
            x->width = w;
            x->height = h;
            x->number = 0;
            return 0;
        }
        sgf__xgo_free(x);
        *out = NULL;
    }
    x = calloc(1, sizeof *x);
    if (x == NULL)
        return SGF_ENOMEM;
    if (sgf_board_new(&x->board, w, h) != 0) {
        free(x);
        return SGF_ENOMEM;
    }
    x->game = g;
    x->width = w;
    x->height = h;
    *out = x;
    return 0;
}

void sgf__xgo_free(sgf__xgo *x)
{
    if (x == NULL)
        return;
    sgf_board_free(x->board);
    free(x->log);
    free(x);
}

void sgf__xgo_save(const sgf__xgo *x, sgf__xgo_mark *m)
{
    m->depth = sgf_board_undo_depth(x->board);
    m->log_len = x->log_len;
    m->number = x->number;
}

void sgf__xgo_restore(sgf__xgo *x, const sgf__xgo_mark *m)
{
    sgf_board_undo_to(x->board, NULL, m->depth);
    while (x->log_len > m->log_len) {
        const reuse_entry *e = &x->log[--x->log_len];
        x->last[e->idx] = e->old;
    }
    x->number = m->number;
}

static int set_last(sgf__xgo *x, sgf_point pt, long number)
{
    if (x->log_len == x->log_cap) {
        size_t cap = x->log_cap ? 2 * x->log_cap : 256;
        reuse_entry *a = realloc(x->log, cap * sizeof *a);
        if (a == NULL)
            return SGF_ENOMEM;
        x->log = a;
        x->log_cap = cap;
    }
    unsigned idx = (unsigned)pt.y * SGF_MAX_SIZE + pt.x;
    x->log[x->log_len].idx = idx;
    x->log[x->log_len++].old = x->last[idx];
    x->last[idx] = number;
    return 0;
}

/* --- typed game information ------------------------------------------ */

static int digits(const char *s, size_t n, size_t at, size_t count)
{
    int v = 0;
    if (at + count > n)
        return -1;
    for (size_t i = at; i < at + count; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

int sgf_date_first(sgf_str v, char iso[11])
{
    const char *s = v.ptr;
    size_t n = v.len;
    if (iso == NULL || (s == NULL && n > 0))
        return SGF_EINVAL;
    iso[0] = '\0';
    int y = s ? digits(s, n, 0, 4) : -1;
    if (y < 0 || (n > 4 && s[4] != '-' && s[4] != ','))
        return SGF_ESYNTAX;
    int m = (n > 4 && s[4] == '-') ? digits(s, n, 5, 2) : 0;
    if (m < 0 || m > 12 || (m > 0 && n > 7 && s[7] != '-' && s[7] != ','))
        return SGF_ESYNTAX;
    int d = (m > 0 && n > 7 && s[7] == '-') ? digits(s, n, 8, 2) : 0;
    if (d < 0 || d > 31 || (d > 0 && n > 10 && s[10] != ','))
        return SGF_ESYNTAX;
    if (m == 0 && n > 4 && s[4] == '-')
        return SGF_ESYNTAX;
    if (d == 0 && m > 0 && n > 7 && s[7] == '-')
        return SGF_ESYNTAX;
    unsigned uy = (unsigned)y % 10000u, um = (unsigned)m % 100u,
             ud = (unsigned)d % 100u;
    if (m == 0)
        snprintf(iso, 11, "%04u", uy);
    else if (d == 0)
        snprintf(iso, 11, "%04u-%02u", uy, um);
    else
        snprintf(iso, 11, "%04u-%02u-%02u", uy, um, ud);
    return 0;
}

/* --- writing ----------------------------------------------------------- */

#define attr sgf__xout_attr
#define attr_long sgf__xout_attr_long

/* kind, winner (or NULL), reason (or NULL) of each RE[] kind */
static const char *const re_kind[][3] = {
    [SGF_RE_SCORE] = { "win", "", NULL },
    [SGF_RE_WIN] = { "win", "", NULL },
    [SGF_RE_RESIGN] = { "win", "", "resign" },
    [SGF_RE_TIME] = { "win", "", "time" },
    [SGF_RE_FORFEIT] = { "win", "", "forfeit" },
    [SGF_RE_DRAW] = { "draw", NULL, NULL },
    [SGF_RE_VOID] = { "void", NULL, NULL },
    [SGF_RE_UNKNOWN] = { "unknown", NULL, NULL },
};

static int write_result(sgf__xout *w, sgf_str v)
{
    sgf_score_re r;
    char buf[32];
    if (sgf_score_re_parse(&r, v) < 0 || r.kind <= SGF_RE_NONE
        || r.kind >= SGF_RE_OTHER)
        return 0;
    const char *const *k = re_kind[r.kind];
    int e = sgf__xout_start(w, "go:result");
    if (!e)
        e = attr(w, "kind", k[0]);
    if (!e && k[1] != NULL)
        e = attr(w, "winner", r.winner == SGF_BLACK ? "B" : "W");
    if (!e && r.kind == SGF_RE_SCORE) {
        snprintf(buf, sizeof buf, "%g", r.margin);
        e = attr(w, "margin", buf);
    }
    if (!e && k[2] != NULL)
        e = attr(w, "reason", k[2]);
    return e ? e : sgf__xout_end(w);
}

static int write_info_item(sgf__xout *w, const sgf_prop *p)
{
    sgf_str v = sgf_prop_text(p, 0);
    char buf[32];
    double km;
    switch (sgf_prop_id_of(p)) {
    case SGF_PROP_KM:
        if (sgf_value_real_loose(v, &km, NULL) < 0
            || ((km >= 100 || km <= -100) && !sgf__komi_scaled(km, &km)))
            return 0;
        snprintf(buf, sizeof buf, "%g", km);
        return sgf__xout_element(w, "go:komi", buf);
    case SGF_PROP_RE:
        return write_result(w, v);
    case SGF_PROP_DT:
        if (sgf_date_first(v, buf) != 0)
            return 0;
        return sgf__xout_element(w, "go:date", buf);
    default:
        return 0;
    }
}

static bool has_info(const sgf_node *n)
{
    return sgf_node_find_prop(n, SGF_PROP_KM) != NULL
        || sgf_node_find_prop(n, SGF_PROP_RE) != NULL
        || sgf_node_find_prop(n, SGF_PROP_DT) != NULL;
}

static int write_info(sgf__xout *w, const sgf_node *n)
{
    if (!has_info(n))
        return 0;
    int e = sgf__xout_start(w, "go:info");
    for (const sgf_prop *p = sgf_node_first_prop(n); p && !e;
         p = sgf_prop_next(p))
        e = write_info_item(w, p);
    return e ? e : sgf__xout_end(w);
}

/* --- board ------------------------------------------------------------- */

static void apply_setup(sgf__xgo *x, const sgf_prop *p, sgf_color c)
{
    size_t nv = sgf_prop_value_count(p);
    for (size_t i = 0; i < nv; i++) {
        sgf_point ul, lr;
        if (sgf_value_rect(sgf_prop_text(p, i), &ul, &lr) != 0)
            continue;
        for (int y = ul.y; y <= lr.y; y++)
            for (int xx = ul.x; xx <= lr.x; xx++) {
                sgf_point pt = { (uint8_t)xx, (uint8_t)y };
                if (sgf_board_contains(x->board, pt))
                    sgf_board_setup_add(x->board, pt, c);
            }
    }
}

static bool in_list(const sgf_point *a, size_t n, sgf_point pt)
{
    for (size_t i = 0; i < n; i++)
        if (a[i].x == pt.x && a[i].y == pt.y)
            return true;
    return false;
}

/* The points of opponent chains in atari next to pt (the stones the move
 * can capture). */
static size_t atari_neighbours(sgf__xgo *x, sgf_point pt, sgf_color c)
{
    static const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
    size_t n = 0;
    for (int k = 0; k < 4; k++) {
        int nx = pt.x + dx[k], ny = pt.y + dy[k];
        if (nx < 0 || ny < 0)
            continue;
        sgf_point q = { (uint8_t)nx, (uint8_t)ny };
        if (sgf_board_at(x->board, q) != (c == SGF_BLACK ? SGF_WHITE
                                          : SGF_BLACK)
            || in_list(x->cap, n, q)
            || sgf_board_chain_liberties(x->board, q) != 1)
            continue;
        int got = sgf_board_chain_points(x->board, q, x->cap + n,
                                         NPOINTS - n);
        n += (size_t)got;
    }
    return n;
}

static int write_captures(sgf__xgo *x, sgf__xout *w, size_t n)
{
    char *s = malloc(3 * n + 1);
    size_t len = 0;
    if (s == NULL)
        return SGF_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        if (sgf_board_at(x->board, x->cap[i]) != SGF_EMPTY)
            continue;
        char pt[3];
        sgf_point_format_sgf(pt, x->cap[i]);
        len += (size_t)sprintf(s + len, "%s%s", len ? " " : "", pt);
    }
    s[len] = '\0';
    int e = len ? attr(w, "captures", s) : 0;
    free(s);
    return e;
}

static int write_point(sgf__xgo *x, sgf__xout *w, sgf_point pt)
{
    char buf[4];
    int e = attr(w, "point", sgf_point_format_sgf(buf, pt));
    if (!e && sgf_board_contains(x->board, pt)
        && sgf_point_format_vertex(buf, pt, x->height) != NULL)
        e = attr(w, "vertex", buf);
    return e;
}

static int play_move(sgf__xgo *x, sgf__xout *w, sgf_color c,
                     sgf_point pt)
{
    sgf_move_result r;
    size_t ncap = 0;
    if (sgf_board_play(&r, x->board, NULL, NULL, c, pt) != 0)
        return SGF_ENOMEM;
    /* Few moves capture: the chains they took are read on the board
     * before the move, taken back for that and played again. */
    if (r.captured > 0 && sgf_board_contains(x->board, pt)) {
        if (sgf_board_undo(x->board, NULL) != 0)
            return SGF_ENOMEM;
        ncap = atari_neighbours(x, pt, c);
        if (sgf_board_play(&r, x->board, NULL, NULL, c, pt) != 0)
            return SGF_ENOMEM;
    }
    int e = write_point(x, w, pt);
    if (!e && r.verdict != SGF_VERDICT_LEGAL)
        e = attr(w, "verdict", sgf_verdict_name(r.verdict));
    if (!e && ncap)
        e = write_captures(x, w, ncap);
    if (e || !sgf_board_contains(x->board, pt))
        return e;
    long before = x->last[(unsigned)pt.y * SGF_MAX_SIZE + pt.x];
    if (before > 0)
        e = attr_long(w, "reused", before);
    return e ? e : set_last(x, pt, x->number);
}

static int write_move(sgf__xgo *x, sgf__xout *w, const sgf_node *n,
                      const sgf_prop *mv)
{
    sgf_color c = sgf_prop_id_of(mv) == SGF_PROP_B ? SGF_BLACK : SGF_WHITE;
    sgf_point pt;
    bool pass;
    long mn;
    x->number = sgf__node_mn(n, &mn) ? mn
                : sgf__next_move_number(x->number);
    if (sgf_value_move(sgf_prop_text(mv, 0), x->width, x->height, &pt,
                       &pass) != 0)
        return 0;
    int e = sgf__xout_start(w, "go:move");
    if (!e)
        e = attr_long(w, "number", x->number);
    if (!e)
        e = attr(w, "color", c == SGF_BLACK ? "B" : "W");
    if (!e && pass) {
        e = attr(w, "pass", "true");
        if (!e && sgf_board_pass(x->board, NULL, c) != 0)
            e = SGF_ENOMEM;
    } else if (!e) {
        e = play_move(x, w, c, pt);
    }
    return e ? e : sgf__xout_end(w);
}

int sgf__xgo_node(sgf__xgo *x, sgf__xout *w, const sgf_node *n)
{
    const sgf_prop *mv = NULL;
    /* the node's setup as one step: O(points changed), not a step (and
     * a rebuilt chain) per point */
    bool setup = sgf_board_setup_begin(x->board) == 0;
    for (const sgf_prop *p = sgf_node_first_prop(n); p;
         p = sgf_prop_next(p)) {
        sgf_prop_id id = sgf_prop_id_of(p);
        if (id == SGF_PROP_AB)
            apply_setup(x, p, SGF_BLACK);
        else if (id == SGF_PROP_AW)
            apply_setup(x, p, SGF_WHITE);
        else if (id == SGF_PROP_AE)
            apply_setup(x, p, SGF_EMPTY);
        else if ((id == SGF_PROP_B || id == SGF_PROP_W) && mv == NULL)
            mv = p;
    }
    if (setup)
        sgf_board_setup_end(x->board);
    int e = mv ? write_move(x, w, n, mv) : 0;
    return e ? e : write_info(w, n);
}
