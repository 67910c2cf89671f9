/*
 * bench_board.c - speed of the board alone: moves per second replaying
 * 19x19 games in memory with superko hashing on (a history, Chinese
 * rules: positional superko), then play + undo, then without a history.
 *
 *   bench_board [-g GAMES] [-r ROUNDS] [-v] [FILE.sgf ...]
 *
 * Without files it generates GAMES random games (random legal moves that
 * do not fill a player's own one-point eye, up to 400 moves or two
 * passes), which have many captures. With files it takes the main-line
 * B/W moves of each 19x19 record by a crude scan (no parser: up to the
 * first variation), for games as people play them. Prints one line per
 * measurement: name, moves, CPU seconds (process CPU time, so that a
 * busy machine does not count), M moves/s. With -v it first replays every
 * game checking, after each move, every chain's size and liberties
 * against a plain flood fill of the colours (public API only), and exits
 * 1 on the first difference.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sgf/board.h>

#define MAX_MOVES 1000

struct move {
    uint8_t color, pass;
    sgf_point pt;
};

struct game {
    struct move moves[MAX_MOVES];
    int n;
};

static uint64_t rng = 0x2545f4914f6cdd1dULL;

static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Whether pt is a one-point eye of c: every neighbour is c or off. */
static int own_eye(const sgf_board *b, sgf_point pt, sgf_color c)
{
    static const int dx[4] = { 0, -1, 1, 0 }, dy[4] = { -1, 0, 0, 1 };
    for (int d = 0; d < 4; d++) {
        sgf_point q = { (uint8_t)(pt.x + dx[d]), (uint8_t)(pt.y + dy[d]) };
        if (sgf_board_contains(b, q) && sgf_board_at(b, q) != c)
            return 0;
    }
    return 1;
}

static void random_game(struct game *g, sgf_board *b, sgf_history *h,
                        const sgf_rules *r)
{
    int passes = 0;
    sgf_board_reset(b, 19, 19);
    sgf_history_clear(h);
    sgf_board_record_position(b, h, SGF_BLACK);
    g->n = 0;
    while (g->n < 400 && passes < 2) {
        sgf_color c = g->n % 2 ? SGF_WHITE : SGF_BLACK;
        struct move *m = &g->moves[g->n++];
        m->color = (uint8_t)c;
        m->pass = 1;
        for (int tries = 0; tries < 50; tries++) {
            sgf_point pt = { (uint8_t)rnd(19), (uint8_t)rnd(19) };
            sgf_verdict v;
            if (sgf_board_check(&v, b, h, r, c, pt) == 0
                && v == SGF_VERDICT_LEGAL && !own_eye(b, pt, c)) {
                m->pass = 0;
                m->pt = pt;
                break;
            }
        }
        passes = m->pass ? passes + 1 : 0;
        if (m->pass)
            sgf_board_pass(b, h, c);
        else
            sgf_board_play(NULL, b, h, r, c, m->pt);
    }
}

/* Main-line moves of a 19x19 record, by a crude scan; 0 if none. */
static int read_game(struct game *g, const char *path)
{
    FILE *f = fopen(path, "rb");
    static char buf[1 << 20];
    size_t len;
    if (!f)
        return 0;
    len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = '\0';
    if (strstr(buf, "SZ[") && !strstr(buf, "SZ[19]"))
        return 0;
    g->n = 0;
    char *first = strchr(buf, '(');
    char *end = first ? strchr(first + 1, '(') : NULL;
    for (char *p = buf + 1; p < buf + len && (!end || p < end)
                            && g->n < MAX_MOVES; p++) {
        if ((*p != 'B' && *p != 'W') || p[1] != '['
            || (p[-1] >= 'A' && p[-1] <= 'Z'))
            continue;
        struct move *m = &g->moves[g->n++];
        m->color = *p == 'B' ? SGF_BLACK : SGF_WHITE;
        m->pass = p[2] == ']' || (p[2] == 't' && p[3] == 't')
                  || p[2] < 'a' || p[2] > 's' || p[3] < 'a' || p[3] > 's';
        m->pt.x = (uint8_t)(p[2] - 'a');
        m->pt.y = (uint8_t)(p[3] - 'a');
    }
    return g->n > 0;
}

/* Flood fill from pt over colour c; returns the chain size and counts
 * its distinct liberties into *libs. mark: one int per point. */
static int flood(const sgf_board *b, sgf_point pt, int *mark, int id,
                 int *libs)
{
    static const int dx[4] = { 0, -1, 1, 0 }, dy[4] = { -1, 0, 0, 1 };
    int w = sgf_board_width(b), size = 0, top = 0;
    static sgf_point stack[SGF_MAX_SIZE * SGF_MAX_SIZE];
    sgf_color c = sgf_board_at(b, pt);
    *libs = 0;
    stack[top++] = pt;
    mark[pt.y * w + pt.x] = id;
    while (top > 0) {
        sgf_point s = stack[--top];
        size++;
        for (int d = 0; d < 4; d++) {
            sgf_point q = { (uint8_t)(s.x + dx[d]), (uint8_t)(s.y + dy[d]) };
            if (!sgf_board_contains(b, q) || mark[q.y * w + q.x] == id)
                continue;
            sgf_color qc = sgf_board_at(b, q);
            if (qc == c) {
                mark[q.y * w + q.x] = id;
                stack[top++] = q;
            } else if (qc == SGF_EMPTY) {
                mark[q.y * w + q.x] = id;
                (*libs)++;
            }
        }
    }
    return size;
}

/* Every stone's chain against the flood fill; 0 if all agree. */
static int check_chains(const sgf_board *b)
{
    static int mark[SGF_MAX_SIZE * SGF_MAX_SIZE];
    static int id;
    int w = sgf_board_width(b), h = sgf_board_height(b);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            sgf_point pt = { (uint8_t)x, (uint8_t)y };
            int libs;
            if (sgf_board_at(b, pt) == SGF_EMPTY)
                continue;
            int size = flood(b, pt, mark, ++id, &libs);
            if (size != sgf_board_chain_size(b, pt)
                || libs != sgf_board_chain_liberties(b, pt))
                return 1;
        }
    return 0;
}

static int verify(const struct game *games, int ngames, sgf_board *b,
                  sgf_history *h, const sgf_rules *r)
{
    long moves = 0;
    for (int i = 0; i < ngames; i++) {
        sgf_board_reset(b, 19, 19);
        sgf_history_clear(h);
        for (int k = 0; k < games[i].n; k++) {
            const struct move *m = &games[i].moves[k];
            if (m->pass)
                sgf_board_pass(b, h, (sgf_color)m->color);
            else
                sgf_board_play(NULL, b, h, r, (sgf_color)m->color, m->pt);
            moves++;
            if (check_chains(b)) {
                printf("verify: game %d move %d differs\n", i, k + 1);
                return 1;
            }
        }
    }
    printf("verify: %d games, %ld moves, chains agree with flood fill\n",
           ngames, moves);
    return 0;
}

static long replay(const struct game *g, sgf_board *b, sgf_history *h,
                   const sgf_rules *r, int undo)
{
    sgf_move_result res;
    sgf_board_reset(b, 19, 19);
    if (h) {
        sgf_history_clear(h);
        sgf_board_record_position(b, h, SGF_BLACK);
    }
    for (int i = 0; i < g->n; i++) {
        const struct move *m = &g->moves[i];
        if (m->pass)
            sgf_board_pass(b, h, (sgf_color)m->color);
        else
            sgf_board_play(&res, b, h, r, (sgf_color)m->color, m->pt);
    }
    if (undo)
        sgf_board_undo_to(b, h, 0);
    return g->n;
}

static void measure(const char *name, const struct game *games, int ngames,
                    int rounds, sgf_board *b, sgf_history *h,
                    const sgf_rules *r, int undo)
{
    long moves = 0;
    for (int i = 0; i < ngames; i++)    /* warm up: caches, allocations */
        replay(&games[i], b, h, r, undo);
    double t0 = now();
    for (int k = 0; k < rounds; k++)
        for (int i = 0; i < ngames; i++)
            moves += replay(&games[i], b, h, r, undo);
    double t = now() - t0;
    printf("%-28s %10ld moves %7.3f s %7.2f M moves/s\n", name, moves, t,
           moves / t / 1e6);
}

int main(int argc, char **argv)
{
    int ngames = 2000, rounds = 10, argi = 1, nread = 0, check = 0;
    sgf_board *b;
    sgf_history *h;
    sgf_rules r;
    while (argi < argc && argv[argi][0] == '-') {
        if (strcmp(argv[argi], "-v") == 0) {
            check = 1;
            argi++;
            continue;
        }
        if (argi + 1 >= argc)
            break;
        if (strcmp(argv[argi], "-g") == 0)
            ngames = atoi(argv[argi + 1]);
        else if (strcmp(argv[argi], "-r") == 0)
            rounds = atoi(argv[argi + 1]);
        argi += 2;
    }
    if (argi < argc)
        ngames = argc - argi;
    struct game *games = malloc(sizeof *games * (size_t)ngames);
    if (!games || sgf_board_new(&b, 19, 19) || sgf_history_new(&h)
        || sgf_rules_preset(&r, "chinese"))
        return 2;
    for (int i = 0; i < ngames; i++) {
        if (argi < argc)
            nread += read_game(&games[nread], argv[argi + i]);
        else
            random_game(&games[nread++], b, h, &r);
    }
    printf("%d games (%s), %d rounds\n", nread,
           argi < argc ? "records" : "random", rounds);
    if (check && verify(games, nread, b, h, &r))
        return 1;
    measure("play, superko history", games, nread, rounds, b, h, &r, 0);
    measure("play + undo, history", games, nread, rounds, b, h, &r, 1);
    measure("play, no history", games, nread, rounds, b, NULL, &r, 0);
    sgf_board_free(b);
    sgf_history_free(h);
    free(games);
    return 0;
}
