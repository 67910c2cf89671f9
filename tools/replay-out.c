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
    cli_counts *n;                 /* the run's: a refusal is an error */
    bool gtp_started;              /* GTP: the game's first commands */
    int gtp_rc;                    /* GTP: the builder's first failure */
    int width, height;
    bool headed;                   /* the game's header line is out */
    size_t json_prefix_len;
    char *json_prefix;             /* '{"type":"move","file":...,"game":N'
                                      of this game's move records */
} game_ctx;

/* Pieces of a line put in place (text lines and JSON move records,
 * written at once: at archive scale printf's formatting cost more than
 * the replay). */
#define PUT_LIT(p, lit) (memcpy((p), (lit), sizeof (lit) - 1), \
                         (p) += sizeof (lit) - 1)

static char *put_str(char *p, const char *s)
{
    size_t k = strlen(s);
    memcpy(p, s, k);
    return p + k;
}

static char *put_int(char *p, long v)
{
    char buf[24], *q = buf + sizeof buf;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do
        *--q = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    if (v < 0)
        *--q = '-';
    size_t k = (size_t)(buf + sizeof buf - q);
    memcpy(p, q, k);
    return p + k;
}

/* "FILE: game N, WxH, RULES rules", with " (no RU[])" or " (unknown
 * RU[])" when the rules were assumed (the game-info node the run read
 * holds no RU[], or one that names no rule set): once per game, before
 * its boards. */
static void print_header(game_ctx *x)
{
    const sgf_rules *r = sgf_replay_rules(x->o->replay);
    char line[128], *p = line;
    sgf_print_name(stdout, x->name);
    PUT_LIT(p, ": game ");
    p = put_int(p, (long)sgf_game_index(x->g));
    PUT_LIT(p, ", ");
    p = put_int(p, x->width);
    *p++ = 'x';
    p = put_int(p, x->height);
    PUT_LIT(p, ", ");
    fwrite(line, 1, (size_t)(p - line), stdout);
    fputs(r->name, stdout);
    p = line;
    PUT_LIT(p, " rules");
    const sgf_node *info = sgf_replay_info_node(x->o->replay);
    if (sgf_replay_rules_defaulted(x->o->replay)) {
        if (info != NULL && sgf_node_find_prop(info, SGF_PROP_RU) != NULL)
            PUT_LIT(p, " (unknown RU[])");
        else
            PUT_LIT(p, " (no RU[])");
    }
    *p++ = '\n';
    fwrite(line, 1, (size_t)(p - line), stdout);
    x->headed = true;
}

void replay_out_opts_init(replay_out_opts *o)
{
    memset(o, 0, sizeof *o);
    (void)sgf_rules_init(&o->rules, SGF_RULES_VERSION);
    o->game = -1;
}

int replay_out_start(replay_out_opts *o)
{
    if (o->gtp && (o->gtp_build = gtp_build_new()) == NULL) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
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
    gtp_build_free(o->gtp_build);
    o->gtp_build = NULL;
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
    char line[256], *p = line, pt[4];
    if (m == NULL) {
        PUT_LIT(p, "Move 0: start position\n");
    } else {
        PUT_LIT(p, "Move ");
        p = put_int(p, (long)m->move_number);
        *p++ = ':';
        *p++ = ' ';
        *p++ = color_letter(m->color);
        *p++ = ' ';
        if (m->pass) {
            PUT_LIT(p, "pass");
        } else {
            p = put_str(p, point_text(pt, m->point, x->width, x->height));
            if (m->result.captured) {
                PUT_LIT(p, ", captures ");
                p = put_int(p, m->result.captured);
            }
            if (m->result.verdict) {
                PUT_LIT(p, " (illegal: ");
                p = put_str(p, sgf_verdict_name(m->result.verdict));
                *p++ = ')';
            }
        }
        *p++ = '\n';
    }
    PUT_LIT(p, "Prisoners: Black (X) ");
    p = put_int(p, sgf_board_prisoners(b, SGF_BLACK));
    PUT_LIT(p, ", White (O) ");
    p = put_int(p, sgf_board_prisoners(b, SGF_WHITE));
    if (sgf_history_to_move(h) == SGF_BLACK)
        PUT_LIT(p, "; Black to move\n");
    else
        PUT_LIT(p, "; White to move\n");
    fwrite(line, 1, (size_t)(p - line), stdout);
}

static void print_board(const game_ctx *x, const sgf_replay_move *m)
{
    sgf_diagram_options d;
    (void)sgf_diagram_options_init(&d, SGF_DIAGRAM_OPTIONS_VERSION);
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
        x->json_prefix_len = x->json_prefix ? strlen(x->json_prefix) : 0;
    }
    return x->json_prefix != NULL ? x->json_prefix : "{\"type\":\"move\"";
}

/* Each point's SGF letters and vertex ("Q16"), made by the library's
 * formatters the first time a move record needs them for the board's
 * height and kept: a record then puts them by length, with no call and
 * no strlen per move (on the corpus these were a tenth of the JSON's
 * cost). */
typedef struct point_words {
    char sgf[2];
    char vertex[3];
    uint8_t vlen;                  /* 0: not made yet; NO_VERTEX: none */
} point_words;

enum { NO_VERTEX = 255 };

static point_words words[SGF_MAX_SIZE][SGF_MAX_SIZE];
static int words_height;           /* the height they were made for */

/* pt's words on a board of x->height rows; pt within SGF_MAX_SIZE. */
static const point_words *words_of(const game_ctx *x, sgf_point pt)
{
    if (x->height != words_height) {
        memset(words, 0, sizeof words);
        words_height = x->height;
    }
    point_words *w = &words[pt.y][pt.x];
    if (w->vlen == 0) {
        char s[3], v[4];
        memcpy(w->sgf, sgf_point_format_sgf(s, pt), 2);
        if (sgf_point_format_vertex(v, pt, x->height) != NULL) {
            w->vlen = (uint8_t)strlen(v);
            memcpy(w->vertex, v, w->vlen);
        } else {
            w->vlen = NO_VERTEX;
        }
    }
    return w;
}

/* A move record built in place and written at once (one write per move
 * instead of five printf calls; at archive scale the formatting cost
 * more than the replay). The record's start (the escaped file name) is
 * at most half the buffer, or written before it; the rest is fixed
 * names, numbers, points and a verdict's name, well under the other
 * half, so nothing is checked against the end as it is put. */
enum { MOVE_REC = 4096 };

static void json_move(game_ctx *x, const sgf_replay_move *m)
{
    const sgf_board *b = m->board;
    char rec[MOVE_REC], *p = rec, vtx[4];
    const char *prefix = move_prefix(x);
    size_t plen = x->json_prefix != NULL ? x->json_prefix_len
                                          : strlen(prefix);
    if (plen <= MOVE_REC / 2) {         /* one write for the record */
        memcpy(p, prefix, plen);
        p += plen;
    } else {                            /* a long name: as it is */
        fwrite(prefix, 1, plen, stdout);
    }
    PUT_LIT(p, ",\"move\":");
    p = put_int(p, (long)m->move_number);
    PUT_LIT(p, ",\"color\":\"");
    *p++ = color_letter(m->color);
    *p++ = '"';
    if (m->pass) {
        PUT_LIT(p, ",\"point\":\"\",\"vertex\":\"pass\"");
    } else if (m->point.x < SGF_MAX_SIZE && m->point.y < SGF_MAX_SIZE) {
        const point_words *w = words_of(x, m->point);
        PUT_LIT(p, ",\"point\":\"");
        *p++ = w->sgf[0];
        *p++ = w->sgf[1];
        *p++ = '"';
        if (x->width <= 25 && w->vlen != NO_VERTEX) {
            PUT_LIT(p, ",\"vertex\":\"");
            memcpy(p, w->vertex, w->vlen);
            p += w->vlen;
            *p++ = '"';
        }
    } else {                            /* (no point is made so) */
        PUT_LIT(p, ",\"point\":\"");
        p = put_str(p, sgf_point_format_sgf((char[3]){ 0 }, m->point));
        *p++ = '"';
        if (x->width <= 25
            && sgf_point_format_vertex(vtx, m->point, x->height) != NULL) {
            PUT_LIT(p, ",\"vertex\":\"");
            p = put_str(p, vtx);
            *p++ = '"';
        }
    }
    if (m->result.verdict == SGF_VERDICT_LEGAL) {
        PUT_LIT(p, ",\"verdict\":\"legal");
    } else {
        PUT_LIT(p, ",\"verdict\":\"");
        p = put_str(p, sgf_verdict_name(m->result.verdict));
    }
    PUT_LIT(p, "\",\"captures\":");
    p = put_int(p, m->result.captured);
    if (m->ko_marked)
        PUT_LIT(p, ",\"ko_marked\":true");
    else
        PUT_LIT(p, ",\"ko_marked\":false");
    PUT_LIT(p, ",\"prisoners\":{\"B\":");
    p = put_int(p, sgf_board_prisoners(b, SGF_BLACK));
    PUT_LIT(p, ",\"W\":");
    p = put_int(p, sgf_board_prisoners(b, SGF_WHITE));
    PUT_LIT(p, "}}\n");
    fwrite(rec, 1, (size_t)(p - rec), stdout);
}

/* --- GTP ----------------------------------------------------------------- */

/* boardsize, clear_board, komi (KM as archives write it, Fox's KM[375]
 * too, else the rule set's), the handicap: once the run has read the
 * game's rules, before its first move. */
static int gtp_start(game_ctx *x)
{
    double komi;
    x->gtp_started = true;
    sgf_score_komi_at(&komi, NULL, sgf_replay_info_node(x->o->replay),
                      sgf_replay_rules(x->o->replay));
    return gtp_build_start(x->o->gtp_build, x->g, x->width, komi);
}

/* "FILE:LINE:COL: game N: GTP cannot rebuild ...": the position of
 * node n has a chain without liberties (setup made it), which no
 * sequence of plays reaches. */
static void gtp_refuse(const game_ctx *x, const sgf_collection *c)
{
    sgf_point stone;
    const sgf_node *n = gtp_build_failure(x->o->gtp_build, &stone);
    sgf_pos at = sgf_collection_pos(c, n != NULL ? sgf_node_offset(n) : 0);
    char v[4];
    tool_error("%s:%lu:%lu: game %zu: GTP cannot rebuild the position of "
               "this node: the %s chain at %s has no liberty", x->name,
               (unsigned long)at.line, (unsigned long)at.column,
               sgf_game_index(x->g),
               sgf_board_at(sgf_replay_board(x->o->replay), stone)
                   == SGF_WHITE ? "white" : "black",
               gtp_vertex(v, stone, x->height));
    x->n->errors++;
}

/* The GTP commands of the line replayed (on_move has fed the builder):
 * the setup after the last move, then all of them, or a refusal. */
static int gtp_finish(game_ctx *x, const sgf_collection *c)
{
    int rc = x->gtp_rc;
    if (!x->gtp_started)
        rc = gtp_start(x);
    if (rc == 0)
        rc = gtp_build_end(x->o->gtp_build,
                           sgf_replay_line_end(x->o->replay),
                           sgf_replay_board(x->o->replay));
    if (rc == SGF_ESYNTAX) {
        gtp_refuse(x, c);
        return TOOL_INVALID;
    }
    if (rc != 0) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    size_t len;
    const char *text = gtp_build_text(x->o->gtp_build, &len);
    fwrite(text, 1, len, stdout);
    return TOOL_OK;
}

/* --- driving ------------------------------------------------------------- */

static int on_move(void *payload, const sgf_replay_move *m)
{
    game_ctx *x = payload;
    if (x->o->gtp) {
        x->gtp_rc = x->gtp_started ? 0 : gtp_start(x);
        if (x->gtp_rc == 0)
            x->gtp_rc = gtp_build_move(x->o->gtp_build, m);
        return x->gtp_rc;               /* stop at the first failure */
    }
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

/* Where the root's property id is in the input (the root's place when
 * it has none). */
static sgf_pos root_place(const sgf_collection *c, const sgf_game *g,
                          sgf_prop_id id)
{
    const sgf_node *root = sgf_game_root(g);
    const sgf_prop *p = sgf_node_find_prop(root, id);
    return sgf_collection_pos(c, p != NULL ? sgf_prop_offset(p)
                                           : sgf_node_offset(root));
}

static int replay_game(const replay_out_opts *o, const char *name,
                       sgf_collection *c, const sgf_game *g, cli_counts *n)
{
    game_ctx x = { .o = o, .name = name, .g = g, .n = n };
    sgf_game_board_size(g, &x.width, &x.height);
    if (o->gtp && sgf_game_gm(g) != 1) {
        sgf_pos at = root_place(c, g, SGF_PROP_GM);
        tool_error("%s:%lu:%lu: game %zu: GM[%d] is not Go: no GTP commands",
                   name, (unsigned long)at.line, (unsigned long)at.column,
                   sgf_game_index(g), sgf_game_gm(g));
        n->errors++;
        return TOOL_INVALID;
    }
    if (o->gtp && !gtp_board_ok(x.width, x.height)) {
        sgf_pos at = root_place(c, g, SGF_PROP_SZ);
        tool_error("%s:%lu:%lu: game %zu: GTP needs a square board of at "
                   "most %d lines, not %dx%d", name, (unsigned long)at.line,
                   (unsigned long)at.column, sgf_game_index(g),
                   GTP_MAX_SIZE, x.width, x.height);
        n->errors++;
        return TOOL_INVALID;
    }
    if (sgf_game_gm(g) != 1 && o->format != CLI_FORMAT_JSON) {
        /* no Go board to show (an empty one, "japanese rules", said
           what the record is not) */
        sgf_print_name(stdout, name);
        printf(": game %zu: GM[%d] is not Go: no board\n",
               sgf_game_index(g), sgf_game_gm(g));
        return TOOL_OK;
    }
    sgf_replay_options ro;
    (void)sgf_replay_options_init(&ro, SGF_REPLAY_OPTIONS_VERSION);
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
    /* each move written out, or fed to the GTP builder; the final
       picture alone needs no call per move */
    ro.on_move = o->gtp || o->format == CLI_FORMAT_JSON || o->each
                 ? on_move : NULL;
    int rc = sgf_replay_run(o->replay, c, g, &ro);
    free(x.json_prefix);
    x.json_prefix = NULL;
    if (rc == SGF_EINVAL) {
        char why[160];
        cli_path_fault(why, sizeof why, c, g, o->path, o->path_len);
        tool_error("%s: game %zu: --path leaves the game tree: %s", name,
                   sgf_game_index(g), why);
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
        tool_error("%s: game %zu has no move %u (its line has %u move%s): "
                   "the position at the end of the line is shown", name,
                   sgf_game_index(g), o->stop_after, played,
                   played == 1 ? "" : "s");
    if (o->gtp)
        return gtp_finish(&x, c);
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
    cli_counts *n;
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
            r->status = tool_worst(r->status,
                                   replay_game(o, r->name, c, g, r->n));
    } else {
        r->status = tool_worst(r->status,
                               cli_game_missing(r->path, &o->diag, r->games));
    }
    return r->status;
}

int replay_out_file(replay_out_opts *o, const char *path, cli_counts *n)
{
    replay_run r = { o, path, cli_display_name(path), 0, TOOL_OK, n };
    /* a JSON report has its diagnostics in the same stream, as records */
    cli_diag_opts d = o->diag;
    d.format = o->format;
    sgf_parse_options po;
    (void)sgf_parse_options_init(&po, SGF_PARSE_OPTIONS_VERSION);
    po.charset = o->charset;
    return cli_read_games(path, &po, replay_each, &r,
                          o->format == CLI_FORMAT_JSON ? stdout : stderr, &d,
                          n);
}
