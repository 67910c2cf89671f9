/*
 * bench_parse.c - parse throughput of libsgf, in one process, one file
 * after another:
 *
 *   bench_parse [-T] [-r N] FILE|DIR...
 *                                     measure (-T: the tree pass alone)
 *   bench_parse -g DIR COUNT          generate COUNT synthetic ~1 KB game
 *                                     records into DIR (g00001.sgf ...)
 *
 *   read:   the floor: open, read, close each file;
 *   scan:   the floor: the same plus counting '[' and ']';
 *   parse:  sgf_parse_file_each with the default options (syntax,
 *           charset decoding, property checks): one game tree at a time,
 *           its memory reused for the next, as sgf-validate reads;
 *   syntax: the same with SGF_PARSE_SYNTAX_ONLY;
 *   validate: parse, then every move of every variation judged under the
 *           record's rules (what sgf-validate does by default); a line
 *           "moves" gives moves_s (the moves are counted in the warm-up
 *           round: the timed ones replay as sgf-validate does, with no
 *           callback per move);
 *   tree:   sgf_parse_file (the default options): the whole collection
 *           kept as one tree, then sgf_collection_free.
 *
 * Directories are walked for *.sgf. One warm-up round, then N rounds
 * (default 5) of the four passes in turn; the median of each is printed
 * (tests/bench/bench.h). Records are game trees. rss_kib is the peak so
 * far of the process.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <sgf/board.h>
#include <sgf/parse.h>
#include <sgf/replay.h>
#include "../filelist.h"
#include "bench.h"

/* Whole collections: sgf_parse_file, the tree kept until freed. */
static void tree_pass(const filelist *fl, bench_totals *t)
{
    t->files = t->bytes = t->records = 0;
    for (size_t i = 0; i < fl->n; i++) {
        sgf_collection *c = NULL;
        if (sgf_parse_file(&c, fl->names[i], NULL) != SGF_OK)
            continue;
        t->files++;
        t->bytes += sgf_collection_input(c).len;
        t->records += sgf_collection_game_count(c);
        sgf_collection_free(c);
    }
}

/* One game tree at a time, as sgf-validate reads: sgf_parse_file_each,
 * each game replayed when rp is given. */
typedef struct each_run {
    bench_totals *t;
    sgf_replay *rp;
    sgf_replay_options ro;
    size_t bytes;
} each_run;

static int on_game(void *payload, sgf_collection *c, sgf_game *g)
{
    each_run *r = payload;
    if (g == NULL) {
        r->bytes = sgf_collection_input(c).len;
        return 0;
    }
    r->t->records++;
    if (r->rp != NULL)
        sgf_replay_run(r->rp, c, g, &r->ro);
    return 0;
}

static int count_move(void *payload, const sgf_replay_move *m)
{
    (void)m;
    *(size_t *)payload += 1;
    return 0;
}

/* moves: NULL, or where to count the moves replayed (through on_move,
 * which sgf-validate does not set: only the untimed warm-up counts). */
static void pass(const filelist *fl, unsigned flags, sgf_replay *rp,
                 bench_totals *t, size_t *moves)
{
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    each_run r = { t, rp, SGF_REPLAY_OPTIONS_INIT, 0 };
    o.flags = flags;
    r.ro.all_variations = true;
    r.ro.on_move = moves != NULL ? count_move : NULL;
    r.ro.payload = moves;
    t->files = t->bytes = t->records = 0;
    for (size_t i = 0; i < fl->n; i++) {
        r.bytes = 0;
        if (sgf_parse_file_each(fl->names[i], &o, on_game, &r) != SGF_OK)
            continue;
        t->files++;
        t->bytes += r.bytes;
    }
}

/* One warm-up pass of each, then `repeat` rounds of: read floor, scan
 * floor, parse, syntax-only parse (interleaved, so that a busy machine
 * slows all four alike); the median of each is printed. */
/* tree_only: the tree pass alone (its own process, for its peak RSS);
 * else every pass but the tree one. */
static void measure(const filelist *fl, int repeat, bool tree_only)
{
    enum { READ, SCAN, PARSE, SYNTAX, VALIDATE, TREE, KINDS };
    static const char *names[KINDS] = { "read", "scan", "parse", "syntax",
                                        "validate", "tree" };
    sgf_replay *rp = NULL;
    size_t moves = 0, validate_moves = 0;
    if (sgf_replay_new(&rp) != 0)
        return;
    double times[KINDS][100];
    bench_totals t[KINDS];
    bench_reader r = { NULL, 0 };
    volatile size_t sink = 0;
    for (int k = -1; k < repeat; k++) {
        for (int m = 0; m < KINDS; m++) {
            if ((m == TREE) != tree_only)
                continue;
            double t0 = bench_now();
            moves = 0;
            if (m == READ || m == SCAN)
                sink += bench_floor_pass(&r, fl, m == SCAN, &t[m]);
            else if (m == TREE)
                tree_pass(fl, &t[m]);
            else
                pass(fl, m == SYNTAX ? SGF_PARSE_SYNTAX_ONLY : 0,
                     m == VALIDATE ? rp : NULL, &t[m],
                     m == VALIDATE && k < 0 ? &moves : NULL);
            if (k >= 0)
                times[m][k] = bench_now() - t0;
            if (m == VALIDATE && k < 0)
                validate_moves = moves;
        }
    }
    (void)sink;
    for (int m = 0; m < KINDS; m++)
        if ((m == TREE) == tree_only)
            bench_print(names[m], &t[m], bench_median(times[m], repeat));
    if (!tree_only)
        printf("moves moves=%zu moves_s=%.0f\n", validate_moves,
           (double)validate_moves / bench_median(times[VALIDATE], repeat));
    sgf_replay_free(rp);
    free(r.buf);
}

/* --- generated corpus ---------------------------------------------------- */

static uint32_t next_random(uint32_t *state)
{
    *state = *state * 1103515245u + 12345u;
    return *state >> 8;
}

/* A random point where color may play on b (Japanese rules: not
 * occupied, no suicide, no ko), other than avoid; pass = none found. */
static sgf_point legal_point(const sgf_board *b, sgf_color color,
                             sgf_point avoid, uint32_t *rnd, bool *pass)
{
    for (int tries = 0; tries < 64; tries++) {
        uint32_t r = next_random(rnd);
        sgf_point pt = { (uint8_t)(r % 19), (uint8_t)(r / 19 % 19) };
        sgf_verdict v;
        if ((pt.x != avoid.x || pt.y != avoid.y)
            && sgf_board_check(&v, b, NULL, NULL, color, pt) == 0
            && v == SGF_VERDICT_LEGAL) {
            *pass = false;
            return pt;
        }
    }
    *pass = true;
    return (sgf_point){ 0, 0 };
}

static void write_move(FILE *fp, sgf_color color, sgf_point pt, bool pass)
{
    if (pass)
        fprintf(fp, ";%c[]", color == SGF_BLACK ? 'B' : 'W');
    else
        fprintf(fp, ";%c[%c%c]", color == SGF_BLACK ? 'B' : 'W',
                'a' + pt.x, 'a' + pt.y);
}

/* One synthetic record of about 1 KB: game info, ~150 random legal moves
 * (played on b, so that the replay measures moves, not error reports), a
 * few comments and two short variations. */
static void write_record(FILE *fp, unsigned k, uint32_t *rnd, sgf_board *b)
{
    fprintf(fp, "(;FF[4]GM[1]SZ[19]CA[UTF-8]AP[libsgf-bench:1]\n"
            "PB[Black %u]PW[White %u]BR[%ud]WR[%ud]KM[6.5]RU[Japanese]\n"
            "DT[2024-%02u-%02u]RE[%c+R]\n", k, k + 1, 1 + k % 9,
            1 + (k + 3) % 9, 1 + k % 12, 1 + k % 28, k % 2 ? 'W' : 'B');
    sgf_board_reset(b, 19, 19);
    unsigned moves = 140 + next_random(rnd) % 20;
    sgf_point none = { 19, 19 }, pt, alt;
    bool pass, alt_pass;
    sgf_color color = SGF_BLACK;
    for (unsigned m = 0; m < moves; m++) {
        pt = legal_point(b, color, none, rnd, &pass);
        write_move(fp, color, pt, pass);
        if (pass)
            sgf_board_pass(b, NULL, color);
        else
            sgf_board_play(NULL, b, NULL, NULL, color, pt);
        if (m % 50 == 49)
            fprintf(fp, "C[move %u: a comment]", m + 1);
        if (m % 12 == 11)
            fputc('\n', fp);
        color = color == SGF_BLACK ? SGF_WHITE : SGF_BLACK;
    }
    /* two variations from the last position */
    pt = legal_point(b, color, none, rnd, &pass);
    alt = legal_point(b, color, pt, rnd, &alt_pass);
    fputs("\n(", fp);
    write_move(fp, color, pt, pass);
    if (!pass)
        sgf_board_play(NULL, b, NULL, NULL, color, pt);
    sgf_color other = color == SGF_BLACK ? SGF_WHITE : SGF_BLACK;
    pt = legal_point(b, other, none, rnd, &pass);
    write_move(fp, other, pt, pass);
    fputs(")(", fp);
    write_move(fp, color, alt, alt_pass);
    fputs("))\n", fp);
}

static int generate(const char *dir, unsigned count)
{
    char path[4096];
    uint32_t rnd = 20241129u;
    sgf_board *b = NULL;
    if (sgf_board_new(&b, 19, 19) != 0)
        return 2;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        perror(dir);
        return 2;
    }
    for (unsigned k = 1; k <= count; k++) {
        snprintf(path, sizeof path, "%s/g%05u.sgf", dir, k);
        FILE *fp = fopen(path, "w");
        if (fp == NULL) {
            perror(path);
            sgf_board_free(b);
            return 2;
        }
        write_record(fp, k, &rnd, b);
        if (fclose(fp) != 0) {
            perror(path);
            sgf_board_free(b);
            return 2;
        }
    }
    sgf_board_free(b);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "-g") == 0)
        return generate(argv[2], (unsigned)strtoul(argv[3], NULL, 10));
    int first;
    bool tree_only = argc > 1 && strcmp(argv[1], "-T") == 0;
    if (tree_only) {
        argc--;
        argv++;
    }
    int repeat = bench_repeat(&first, argc, argv);
    filelist fl = { NULL, 0, 0, true };
    if (bench_files(&fl, first, argc, argv,
                    "usage: bench_parse [-T] [-r N] FILE|DIR...\n"
                    "       bench_parse -g DIR COUNT\n") != 0)
        return 2;
    measure(&fl, repeat, tree_only);
    filelist_free(&fl);
    return 0;
}
