/*
 * tools/gtp.c - GTP commands that rebuild a replayed position exactly
 * (tools/gtp.h). The builder keeps its own board: the position the
 * engine holds once the commands so far are played. Each step compares
 * it with the position wanted and writes the plays that take the one to
 * the other; where plays cannot (stones to remove, a move the engine
 * would refuse), the board is cleared and the position played afresh.
 */
#include "gtp.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GTP_N (SGF_MAX_SIZE * SGF_MAX_SIZE)

struct gtp_build {
    char *text;
    size_t len, cap, count;
    bool oom;
    int w;                          /* square board, w x w */
    sgf_board *eng;                 /* what the engine holds */
    const sgf_node *done;           /* setup applied down to here */
    const sgf_node **path;          /* nodes whose setup is applied next */
    size_t npath, cpath;
    const sgf_node *fail_node;
    sgf_point fail_stone;
    uint8_t want[GTP_N];            /* the position wanted, point order */
    int16_t queue[GTP_N];
    uint8_t seen[GTP_N];
};

static const sgf_rules no_suicide = SGF_RULES_INIT;

gtp_build *gtp_build_new(void)
{
    gtp_build *g = calloc(1, sizeof *g);
    if (g == NULL)
        return NULL;
    if (sgf_board_new(&g->eng, 19, 19) != 0) {
        free(g);
        return NULL;
    }
    return g;
}

void gtp_build_free(gtp_build *g)
{
    if (g == NULL)
        return;
    sgf_board_free(g->eng);
    free(g->text);
    free(g->path);
    free(g);
}

bool gtp_board_ok(int width, int height)
{
    return width == height && width >= 1 && width <= GTP_MAX_SIZE;
}

const char *gtp_vertex(char buf[4], sgf_point pt, int height)
{
    if (sgf_point_format_vertex(buf, pt, height) == NULL)
        snprintf(buf, 4, "??");
    return buf;
}

/* Append one command line. */
static void emit(gtp_build *g, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void emit(gtp_build *g, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        size_t room = g->cap - g->len;
        va_start(ap, fmt);
        int n = vsnprintf(g->text + g->len, room, fmt, ap);
        va_end(ap);
        if (n < 0) {
            g->oom = true;
            return;
        }
        if ((size_t)n + 1 < room) {
            g->len += (size_t)n;
            g->text[g->len++] = '\n';
            g->text[g->len] = '\0';
            g->count++;
            return;
        }
        size_t cap = g->cap < 256 ? 256 : g->cap * 2;
        char *t = realloc(g->text, cap);
        if (t == NULL) {
            g->oom = true;
            return;
        }
        g->text = t;
        g->cap = cap;
    }
}

const char *gtp_build_text(const gtp_build *g, size_t *len)
{
    if (len != NULL)
        *len = g->len;
    return g->text != NULL ? g->text : "";
}

size_t gtp_build_count(const gtp_build *g)
{
    return g->count;
}

const sgf_node *gtp_build_failure(const gtp_build *g, sgf_point *stone)
{
    if (stone != NULL)
        *stone = g->fail_stone;
    return g->fail_node;
}

static sgf_point point_of(const gtp_build *g, int i)
{
    return (sgf_point){ (uint8_t)(i % g->w), (uint8_t)(i / g->w) };
}

static char letter(sgf_color c)
{
    return c == SGF_BLACK ? 'B' : 'W';
}

/* Play c at point i on the engine's board and write the command. */
static void play(gtp_build *g, sgf_color c, int i)
{
    char v[4];
    emit(g, "play %c %s", letter(c), gtp_vertex(v, point_of(g, i), g->w));
    sgf_board_play(NULL, g->eng, NULL, &no_suicide, c, point_of(g, i));
}

/* The colours of board b into col (point order). */
static void colours(const gtp_build *g, const sgf_board *b, uint8_t *col)
{
    for (int i = 0; i < g->w * g->w; i++)
        col[i] = (uint8_t)sgf_board_at(b, point_of(g, i));
}

static int neighbours(const gtp_build *g, int i, int out[4])
{
    int x = i % g->w, y = i / g->w, k = 0;
    if (y > 0)
        out[k++] = i - g->w;
    if (x > 0)
        out[k++] = i - 1;
    if (x < g->w - 1)
        out[k++] = i + 1;
    if (y < g->w - 1)
        out[k++] = i + g->w;
    return k;
}

/* Whether point i (a stone of want) is next to an empty point of want. */
static bool next_to_empty(const gtp_build *g, int i)
{
    int nb[4], m = neighbours(g, i, nb);
    for (int d = 0; d < m; d++)
        if (g->want[nb[d]] == SGF_EMPTY)
            return true;
    return false;
}

/* Flood the chain of want through start (marking seen); with out, the
 * chain's points in breadth-first order from start into out. Returns
 * its size; *lib whether it has a liberty. */
static int chain_of(gtp_build *g, int start, int16_t *out, bool *lib)
{
    int head = 0, tail = 0, nb[4];
    int16_t *q = out != NULL ? out : g->queue;
    q[tail++] = (int16_t)start;
    g->seen[start] = 1;
    *lib = false;
    while (head < tail) {
        int i = q[head++];
        int m = neighbours(g, i, nb);
        for (int d = 0; d < m; d++) {
            int j = nb[d];
            if (g->want[j] == SGF_EMPTY)
                *lib = true;
            else if (g->want[j] == g->want[start] && !g->seen[j]) {
                g->seen[j] = 1;
                q[tail++] = (int16_t)j;
            }
        }
    }
    return tail;
}

/* Whether every chain of want has a liberty; else the failure's stone. */
static bool playable(gtp_build *g)
{
    int n = g->w * g->w;
    memset(g->seen, 0, (size_t)n);
    for (int i = 0; i < n; i++) {
        bool lib;
        if (g->want[i] == SGF_EMPTY || g->seen[i])
            continue;
        chain_of(g, i, NULL, &lib);
        if (!lib) {
            g->fail_stone = point_of(g, i);
            return false;
        }
    }
    return true;
}

/* clear_board, then want played from the empty board: each chain from
 * a stone next to one of its liberties outwards, so that every chain on
 * the board at any time holds that stone (its liberty stays empty): no
 * play captures or is suicide. */
static int rebuild(gtp_build *g, const sgf_node *at)
{
    int n = g->w * g->w;
    if (!playable(g)) {
        g->fail_node = at;
        return SGF_ESYNTAX;
    }
    emit(g, "clear_board");
    sgf_board_reset(g->eng, g->w, g->w);
    memset(g->seen, 0, (size_t)n);
    for (int i = 0; i < n; i++) {
        bool lib;
        if (g->want[i] == SGF_EMPTY || g->seen[i] || !next_to_empty(g, i))
            continue;
        int size = chain_of(g, i, g->queue, &lib);
        for (int k = 0; k < size; k++)
            play(g, (sgf_color)g->want[i], g->queue[k]);
    }
    return g->oom ? SGF_ENOMEM : 0;
}

/* Play the stones want adds to the engine's position, where each can be
 * played without capturing and without suicide, in rounds until all are
 * (false when a round places none: the rest need a rebuild). */
static bool add_stones(gtp_build *g)
{
    int n = g->w * g->w, left = 0;
    for (int i = 0; i < n; i++)
        left += g->want[i] != SGF_EMPTY
                && sgf_board_at(g->eng, point_of(g, i)) == SGF_EMPTY;
    while (left > 0) {
        int placed = 0;
        for (int i = 0; i < n; i++) {
            sgf_color c = (sgf_color)g->want[i];
            sgf_point pt = point_of(g, i);
            sgf_move_result r;
            sgf_verdict ok;
            if (c == SGF_EMPTY || sgf_board_at(g->eng, pt) != SGF_EMPTY
                || sgf_board_check(&ok, g->eng, NULL, &no_suicide, c, pt)
                   != 0
                || ok != SGF_VERDICT_LEGAL)
                continue;
            if (sgf_board_play(&r, g->eng, NULL, &no_suicide, c, pt) != 0)
                return false;
            if (r.captured > 0) {
                sgf_board_undo(g->eng, NULL);
                continue;
            }
            char v[4];
            emit(g, "play %c %s", letter(c), gtp_vertex(v, pt, g->w));
            placed++;
        }
        if (placed == 0)
            return false;
        left -= placed;
    }
    return true;
}

/* Bring the engine's position to want: nothing when they are the same,
 * plays when want only adds stones, else a rebuild. */
static int sync(gtp_build *g, const sgf_node *at)
{
    int n = g->w * g->w;
    bool same = true, adds_only = true;
    for (int i = 0; i < n; i++) {
        uint8_t e = (uint8_t)sgf_board_at(g->eng, point_of(g, i));
        if (e == g->want[i])
            continue;
        same = false;
        adds_only &= e == SGF_EMPTY;
    }
    if (same)
        return 0;
    if (adds_only && playable(g)) {
        size_t mark = g->len, count = g->count;
        size_t depth = sgf_board_undo_depth(g->eng);
        if (add_stones(g))
            return g->oom ? SGF_ENOMEM : 0;
        g->len = mark;                  /* stuck: take the plays back */
        g->count = count;
        if (g->text != NULL)
            g->text[mark] = '\0';
        sgf_board_undo_to(g->eng, NULL, depth);
    }
    return rebuild(g, at);
}

/* Apply the setup of node n to want, in file order (the later of two
 * overlapping properties wins, as the replayer does). */
static bool setup_node(gtp_build *g, const sgf_node *n)
{
    bool any = false;
    for (const sgf_prop *p = sgf_node_first_prop(n); p != NULL;
         p = sgf_prop_next(p)) {
        sgf_prop_id id = sgf_prop_id_of(p);
        uint8_t c = id == SGF_PROP_AB ? SGF_BLACK
                    : id == SGF_PROP_AW ? SGF_WHITE : SGF_EMPTY;
        if (id != SGF_PROP_AB && id != SGF_PROP_AW && id != SGF_PROP_AE)
            continue;
        any = true;
        for (size_t k = 0; k < sgf_prop_value_count(p); k++) {
            sgf_point ul, lr;
            if (sgf_value_rect(sgf_prop_text(p, k), &ul, &lr) != 0)
                continue;
            for (int y = ul.y; y <= lr.y && y < g->w; y++)
                for (int x = ul.x; x <= lr.x && x < g->w; x++)
                    g->want[y * g->w + x] = c;
        }
    }
    return any;
}

/* The setup of the nodes after g->done down to n (n included), applied
 * top-down; the engine's position is then brought to it. */
static int setup_until(gtp_build *g, const sgf_node *n)
{
    g->npath = 0;
    for (const sgf_node *p = n; p != NULL && p != g->done;
         p = sgf_node_parent(p)) {
        if (g->npath == g->cpath) {
            size_t cap = g->cpath < 16 ? 16 : g->cpath * 2;
            const sgf_node **t = realloc(g->path, cap * sizeof *t);
            if (t == NULL)
                return SGF_ENOMEM;
            g->path = t;
            g->cpath = cap;
        }
        g->path[g->npath++] = p;
    }
    g->done = n;
    bool any = false;
    for (size_t k = 0; k < g->npath && !any; k++)
        any = sgf_node_find_prop(g->path[k], SGF_PROP_AB) != NULL
              || sgf_node_find_prop(g->path[k], SGF_PROP_AW) != NULL
              || sgf_node_find_prop(g->path[k], SGF_PROP_AE) != NULL;
    if (!any)
        return 0;                       /* the common case: a move */
    colours(g, g->eng, g->want);
    for (size_t k = g->npath; k > 0; k--)
        setup_node(g, g->path[k - 1]);
    return sync(g, n);
}

/* The root's black stones as set_free_handicap, when they are all its
 * setup, two or more, distinct, with HA[] (in the game-info node): the
 * engine then knows them for handicap stones. */
static void handicap(gtp_build *g, const sgf_game *game)
{
    const sgf_node *root = sgf_game_root(game);
    char line[16 + GTP_MAX_SIZE * GTP_MAX_SIZE * 4];
    int n = g->w * g->w, stones = 0;
    size_t len = 0;
    if (sgf_node_find_prop(sgf_game_info_node(game), SGF_PROP_HA) == NULL
        || sgf_node_find_prop(root, SGF_PROP_AW) != NULL
        || sgf_node_find_prop(root, SGF_PROP_AE) != NULL
        || !setup_node(g, root) || !playable(g))
        return;
    len = (size_t)snprintf(line, sizeof line, "set_free_handicap");
    memset(g->seen, 0, (size_t)n);
    const sgf_prop *ab = sgf_node_find_prop(root, SGF_PROP_AB);
    for (size_t k = 0; k < sgf_prop_value_count(ab); k++) {
        sgf_point ul, lr;               /* in the order written */
        if (sgf_value_rect(sgf_prop_text(ab, k), &ul, &lr) != 0)
            continue;
        for (int y = ul.y; y <= lr.y && y < g->w; y++)
            for (int x = ul.x; x <= lr.x && x < g->w; x++) {
                char v[4];
                int i = y * g->w + x;
                if (g->want[i] != SGF_BLACK || g->seen[i])
                    continue;
                g->seen[i] = 1;
                stones++;
                len += (size_t)snprintf(line + len, sizeof line - len,
                                        " %s", gtp_vertex(v, point_of(g, i),
                                                          g->w));
            }
    }
    if (stones < 2)
        return;
    emit(g, "%s", line);
    for (int i = 0; i < n; i++)
        if (g->want[i] == SGF_BLACK)
            sgf_board_setup(g->eng, point_of(g, i), SGF_BLACK);
    g->done = root;
}

int gtp_build_start(gtp_build *g, const sgf_game *game, int width,
                    double komi)
{
    g->len = g->count = 0;
    g->oom = false;
    g->done = NULL;
    g->fail_node = NULL;
    g->w = width;
    if (g->text != NULL)
        g->text[0] = '\0';
    if (sgf_board_reset(g->eng, width, width) != 0)
        return SGF_EINVAL;
    emit(g, "boardsize %d", width);
    emit(g, "clear_board");
    emit(g, "komi %g", komi);
    memset(g->want, 0, sizeof g->want);
    handicap(g, game);
    return g->oom ? SGF_ENOMEM : 0;
}

int gtp_build_move(gtp_build *g, const sgf_replay_move *m)
{
    int rc = setup_until(g, m->node);
    if (rc != 0)
        return rc;
    if (m->result.verdict == SGF_VERDICT_OFF_BOARD)
        return 0;                       /* not played by the replayer */
    if (m->pass) {
        emit(g, "play %c pass", letter(m->color));
        sgf_board_pass(g->eng, NULL, m->color);
    } else if (m->result.verdict == SGF_VERDICT_LEGAL
               && m->result.suicided == 0) {
        play(g, m->color, m->point.y * g->w + m->point.x);
    }
    if (sgf_board_hash(g->eng) != sgf_board_hash(m->board)) {
        colours(g, m->board, g->want);  /* an illegal move, a suicide */
        rc = rebuild(g, m->node);
    }
    return rc != 0 ? rc : g->oom ? SGF_ENOMEM : 0;
}

int gtp_build_end(gtp_build *g, const sgf_node *end, const sgf_board *final)
{
    int rc = end != NULL ? setup_until(g, end) : 0;
    if (rc != 0)
        return rc;
    colours(g, final, g->want);
    return sync(g, end);
}
