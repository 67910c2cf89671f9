/*
 * tools/replay-out.c - sgf-replay's output: the board after a move or at
 * the end (text), per-move events (JSON Lines), GTP commands.
 */
#include "replay-out.h"
#include "json.h"

#include <stdlib.h>
#include <string.h>

typedef struct game_ctx {
    const replay_out_opts *o;
    const char *name;
    const sgf_game *g;
    const sgf_node *last_node;     /* GTP: last node whose setup is out */
    int width, height;
    bool headed;                   /* the game's header line is out */
    char *json_prefix;             /* '{"type":"move","file":...,"game":N'
                                      of this game's move records */
} game_ctx;

/* "FILE: game N, WxH, RULES rules": once per game, before its boards. */
static void print_header(game_ctx *x)
{
    const sgf_rules *r = sgf_replay_rules(x->o->replay);
    sgf_print_name(stdout, x->name);
    printf(": game %zu, %dx%d, %s rules%s\n", sgf_game_index(x->g),
           x->width, x->height, r->name,
           sgf_replay_rules_defaulted(x->o->replay) ? " (no RU[])" : "");
    x->headed = true;
}

void replay_out_opts_init(replay_out_opts *o)
{
    memset(o, 0, sizeof *o);
    sgf_rules init = SGF_RULES_INIT;
    o->rules = init;
    o->game = -1;
}

int replay_out_start(replay_out_opts *o)
{
    if (sgf_replay_new(&o->replay) != 0) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    return 0;
}

void replay_out_finish(replay_out_opts *o)
{
    sgf_replay_free(o->replay);
    o->replay = NULL;
}

/* "Q16", or SGF letters on boards wider than 25 columns. */
static const char *point_text(char *buf, sgf_point pt, int w, int h)
{
    if (w > 25 || sgf_point_format_vertex(buf, pt, h) == NULL)
        return sgf_point_format_sgf(buf, pt);
    return buf;
}

static char color_letter(sgf_color c)
{
    return c == SGF_BLACK ? 'B' : 'W';
}

/* --- text --------------------------------------------------------------- */

static void print_status(const game_ctx *x, const sgf_replay_move *m)
{
    const sgf_board *b = sgf_replay_board(x->o->replay);
    const sgf_history *h = sgf_replay_history(x->o->replay);
    char pt[4];
    if (m == NULL)
        printf("Move 0: start position\n");
    else if (m->pass)
        printf("Move %u: %c pass\n", m->move_number, color_letter(m->color));
    else
        printf("Move %u: %c %s%s%.0d%s%s%s\n", m->move_number,
               color_letter(m->color),
               point_text(pt, m->point, x->width, x->height),
               m->result.captured ? ", captures " : "", m->result.captured,
               m->result.verdict ? " (illegal: " : "",
               m->result.verdict ? sgf_verdict_name(m->result.verdict) : "",
               m->result.verdict ? ")" : "");
    printf("Prisoners: Black (X) %d, White (O) %d; %s to move\n",
           sgf_board_prisoners(b, SGF_BLACK),
           sgf_board_prisoners(b, SGF_WHITE),
           sgf_history_to_move(h) == SGF_BLACK ? "Black" : "White");
}

static void print_board(const game_ctx *x, const sgf_replay_move *m)
{
    sgf_diagram_options d = SGF_DIAGRAM_OPTIONS_INIT;
    if (m != NULL && !m->pass) {
        d.mark_last = true;
        d.last = m->point;
    }
    sgf_diagram_write_board(stdout, sgf_replay_board(x->o->replay), &d);
    print_status(x, m);
}

/* --- JSON ---------------------------------------------------------------- */

/* The start of every move record of the game, made once by the JSON
 * writer (the file name escaped there); the rest are fixed names,
 * numbers and SGF points, which need no escaping. */
static const char *move_prefix(game_ctx *x)
{
    if (x->json_prefix == NULL) {
        json_t *rec = tool_json_record("move", x->name);
        json_object_set_new(rec, "game",
                            json_integer((json_int_t)sgf_game_index(x->g)));
        x->json_prefix = tool_json_prefix(rec);
    }
    return x->json_prefix != NULL ? x->json_prefix : "{\"type\":\"move\"";
}

static void json_move(game_ctx *x, const sgf_replay_move *m)
{
    const sgf_board *b = m->board;
    char sgf[3], vtx[4];
    printf("%s,\"move\":%u,\"color\":\"%c\"", move_prefix(x),
           m->move_number, color_letter(m->color));
    if (m->pass)
        printf(",\"point\":\"\",\"vertex\":\"pass\"");
    else {
        printf(",\"point\":\"%s\"", sgf_point_format_sgf(sgf, m->point));
        if (x->width <= 25
            && sgf_point_format_vertex(vtx, m->point, x->height) != NULL)
            printf(",\"vertex\":\"%s\"", vtx);
    }
    printf(",\"verdict\":\"%s\",\"captures\":%d,\"ko_marked\":%s"
           ",\"prisoners\":{\"B\":%d,\"W\":%d}}\n",
           sgf_verdict_name(m->result.verdict), m->result.captured,
           m->ko_marked ? "true" : "false",
           sgf_board_prisoners(b, SGF_BLACK),
           sgf_board_prisoners(b, SGF_WHITE));
}

/* --- GTP ----------------------------------------------------------------- */

static void gtp_setup_node(game_ctx *x, const sgf_node *n)
{
    static const sgf_prop_id ids[3] = { SGF_PROP_AB, SGF_PROP_AW,
                                        SGF_PROP_AE };
    char pt[4];
    for (int i = 0; i < 3; i++) {
        const sgf_prop *p = sgf_node_find_prop(n, ids[i]);
        for (size_t k = 0; p != NULL && k < sgf_prop_value_count(p); k++) {
            sgf_point ul, lr;
            if (sgf_value_rect(sgf_prop_text(p, k), &ul, &lr) != 0)
                continue;
            for (int yy = ul.y; yy <= lr.y; yy++)
                for (int xx = ul.x; xx <= lr.x; xx++) {
                    sgf_point q = { (uint8_t)xx, (uint8_t)yy };
                    if (i == 2)
                        tool_error("%s: GTP cannot clear %s (AE): "
                                   "position may differ", x->name,
                                   point_text(pt, q, x->width, x->height));
                    else
                        printf("play %c %s\n", i == 0 ? 'B' : 'W',
                               point_text(pt, q, x->width, x->height));
                }
        }
    }
}

/* Setup in the nodes from the last one written down to n (exclusive of
 * the last). Walks up from n, then writes top-down. */
static void gtp_setup_until(game_ctx *x, const sgf_node *n)
{
    const sgf_node *chain[64];
    size_t k = 0;
    for (const sgf_node *p = n; p != NULL && p != x->last_node;
         p = sgf_node_parent(p))
        if (k < 64)
            chain[k++] = p;
    while (k > 0)
        gtp_setup_node(x, chain[--k]);
    x->last_node = n;
}

static void gtp_start(game_ctx *x)
{
    const sgf_node *root = sgf_game_root(x->g);
    const sgf_prop *km = sgf_node_find_prop(root, SGF_PROP_KM);
    const sgf_prop *ab = sgf_node_find_prop(root, SGF_PROP_AB);
    double komi;                    /* KM as archives write it (Fox's
                                       KM[375] too), else the rules' */
    (void)km;
    sgf_score_komi(&komi, x->g, sgf_replay_rules(x->o->replay));
    printf("boardsize %d\nclear_board\nkomi %g\n", x->width, komi);
    if (ab != NULL && sgf_node_find_prop(root, SGF_PROP_AW) == NULL
        && sgf_node_find_prop(root, SGF_PROP_AE) == NULL
        && sgf_node_find_prop(root, SGF_PROP_HA) != NULL) {
        char pt[4];
        printf("set_free_handicap");
        for (size_t k = 0; k < sgf_prop_value_count(ab); k++) {
            sgf_point ul, lr;
            if (sgf_value_rect(sgf_prop_text(ab, k), &ul, &lr) == 0)
                for (int yy = ul.y; yy <= lr.y; yy++)
                    for (int xx = ul.x; xx <= lr.x; xx++)
                        printf(" %s", point_text(pt, (sgf_point){
                            (uint8_t)xx, (uint8_t)yy }, x->width,
                            x->height));
        }
        printf("\n");
        x->last_node = root;
    } else {
        x->last_node = NULL;
    }
}

static void gtp_move(game_ctx *x, const sgf_replay_move *m)
{
    char pt[4];
    gtp_setup_until(x, m->node);
    printf("play %c %s\n", color_letter(m->color),
           m->pass ? "pass" : point_text(pt, m->point, x->width, x->height));
}

/* --- driving ------------------------------------------------------------- */

static int on_move(void *payload, const sgf_replay_move *m)
{
    game_ctx *x = payload;
    if (x->o->gtp)
        gtp_move(x, m);
    else if (x->o->format == CLI_FORMAT_JSON)
        json_move(x, m);
    else if (x->o->each) {
        if (!x->headed)
            print_header(x);
        print_board(x, m);
    }
    return 0;
}

/* After the line: the final picture (text, not --each). */
static void show_end(game_ctx *x)
{
    sgf_replay_move m;
    memset(&m, 0, sizeof m);
    bool has = sgf_replay_last_move(x->o->replay, &m.color, &m.point,
                                    &m.pass);
    if (x->o->gtp || x->o->format == CLI_FORMAT_JSON)
        return;
    if (x->o->each) {             /* the boards are out: a game without
                                     moves still gets its header */
        if (!x->headed)
            print_header(x);
        return;
    }
    m.move_number = sgf_replay_move_number(x->o->replay);
    print_header(x);
    print_board(x, has ? &m : NULL);
}

static int replay_game(const replay_out_opts *o, const char *name,
                       sgf_collection *c, const sgf_game *g)
{
    game_ctx x = { .o = o, .name = name, .g = g };
    sgf_game_board_size(g, &x.width, &x.height);
    if (o->gtp && (x.width != x.height || x.width > 25)) {
        tool_error("%s: game %zu: GTP needs a square board of at most 25 "
                   "lines, not %dx%d", name, sgf_game_index(g), x.width,
                   x.height);
        return TOOL_TROUBLE;
    }
    sgf_replay_options ro = SGF_REPLAY_OPTIONS_INIT;
    ro.rules = o->rules_given ? &o->rules : NULL;
    ro.path = o->path;
    ro.path_len = o->path_len;
    ro.stop = o->stop_given;
    ro.stop_after = o->stop_after;
    ro.payload = &x;
    if (o->all_variations) {      /* check every line first, quietly */
        ro.all_variations = true;
        if (sgf_replay_run(o->replay, c, g, &ro) != 0)
            return TOOL_TROUBLE;
        ro.all_variations = false;
        ro.quiet = true;
    }
    ro.on_move = on_move;
    if (o->gtp)
        gtp_start(&x);
    int rc = sgf_replay_run(o->replay, c, g, &ro);
    free(x.json_prefix);
    x.json_prefix = NULL;
    if (rc == SGF_EINVAL) {
        tool_error("%s: game %zu: --path leaves the game tree", name,
                   sgf_game_index(g));
        return TOOL_TROUBLE;
    }
    if (rc != 0) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    unsigned played = sgf_replay_move_number(o->replay);
    if (o->stop_given && played < o->stop_after)
        /* about the request, not the record: not one of its
         * diagnostics, so not in the summary's counts */
        tool_error("%s: game %zu has no move %u (its line has %u moves): "
                   "the position at the end of the line is shown", name,
                   sgf_game_index(g), o->stop_after, played);
    show_end(&x);
    return TOOL_OK;
}

/* One input being replayed, one game tree at a time (cli_read_games). */
typedef struct replay_run {
    replay_out_opts *o;
    const char *path;
    const char *name;
    size_t games;
    int status;
} replay_run;

/* Each game tree as soon as it is read (and, with g NULL, the end of the
 * input): replay it (all, or the one --game asks for). After trouble
 * (out of memory, a board GTP cannot hold) no game is replayed, but the
 * reading goes on: the record's faults are all reported. */
static int replay_each(void *payload, sgf_collection *c, sgf_game *g)
{
    replay_run *r = payload;
    replay_out_opts *o = r->o;
    if (g != NULL) {
        size_t i = r->games++;
        if ((o->game < 0 || (size_t)o->game == i)
            && r->status != TOOL_TROUBLE)
            r->status = tool_worst(r->status, replay_game(o, r->name, c, g));
    } else {
        r->status = tool_worst(r->status,
                               cli_game_missing(r->path, &o->diag, r->games));
    }
    return r->status;
}

int replay_out_file(replay_out_opts *o, const char *path, cli_counts *n)
{
    replay_run r = { o, path, cli_display_name(path), 0, TOOL_OK };
    /* a JSON report has its diagnostics in the same stream, as records */
    cli_diag_opts d = o->diag;
    d.format = o->format;
    sgf_parse_options po = SGF_PARSE_OPTIONS_INIT;
    po.charset = o->charset;
    return cli_read_games(path, &po, replay_each, &r,
                          o->format == CLI_FORMAT_JSON ? stdout : stderr, &d,
                          n);
}
