/*
 * bench_score.c - scoring speed on the 19x19 records of the files or
 * directories given (default ../shared/corpus): the records are parsed
 * once and kept in memory, then each round replays the main line of
 * every game and
 *   replay    does nothing more (the reference),
 *   none      counts every stone alive (--dead=none),
 *   list      counts with a list of dead stones given (--dead=POINTS):
 *             the estimate's, made once before the rounds,
 *   markup    counts with the TB/TW markup (sgf_score_count_markup, which
 *             finds the dead stones itself), on the records whose last
 *             node has some,
 *   auto      estimates the dead stones, and what it is sure of, and
 *             counts (markup ignored), as sgf-score --dead=auto.
 * Two sets: every record, and the finished games (RE[] a count). Prints
 * one line per measurement: name, games, CPU seconds (median of the
 * rounds), games/s, and the time beside a replay of the same records
 * (x_replay: 1.20 = 20% more than replaying them; the median of the
 * rounds' ratios, each round timing both in turn, so that a busy
 * machine slows both alike). The few records with markup are gone
 * through many times a round (as many games as the whole set).
 *
 *   bench_score [-r ROUNDS] [FILE|DIR ...]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sgf/sgf.h>
#include <sgf/score.h>
#include "../filelist.h"

enum { MODE_REPLAY, MODE_NONE, MODE_LIST, MODE_MARKUP, MODE_AUTO };
enum { MAX_ROUNDS = 64 };

static const char *const mode_name[] = { "replay", "none", "list", "markup",
                                         "auto" };

typedef struct record {
    sgf_collection *c;
    uint8_t *dead;              /* the estimate's, for MODE_LIST */
} record;

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void score_one(sgf_replay *rp, const record *rec, int mode,
                      double *sink)
{
    static uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
    static sgf_score s;
    sgf_score_init(&s, SGF_SCORE_VERSION);
    const sgf_game *g = sgf_collection_game(rec->c, 0);
    sgf_replay_options o = SGF_REPLAY_OPTIONS_INIT;
    o.quiet = true;
    sgf_replay_run(rp, rec->c, g, &o);
    if (mode == MODE_REPLAY)
        return;
    const sgf_board *b = sgf_replay_board(rp);
    const sgf_rules *r = sgf_replay_rules(rp);
    double komi;
    int ha = sgf_score_handicap(g);
    sgf_score_komi(&komi, NULL, g, r);
    if (mode == MODE_MARKUP)
        sgf_score_count_markup(&s, b, r, sgf_replay_line_end(rp), komi, ha);
    else if (mode == MODE_NONE)
        sgf_score_count(&s, b, r, NULL, komi, ha);
    else if (mode == MODE_LIST)
        sgf_score_count(&s, b, r, rec->dead, komi, ha);
    else {                      /* as sgf-score --dead=auto: with what
                                   it is sure of */
        sgf_score_estimate e;
        sgf_score_estimate_dead(&e, dead, NULL, b, r);
        sgf_score_count(&s, b, r, dead, komi, ha);
    }
    *sink += s.margin;
}

static double median(double *t, int rounds)
{
    for (int i = 1; i < rounds; i++)       /* insertion sort */
        for (int j = i; j > 0 && t[j] < t[j - 1]; j--) {
            double x = t[j];
            t[j] = t[j - 1];
            t[j - 1] = x;
        }
    return t[rounds / 2];
}

/* One pass over the n records, reps times: CPU seconds per pass. */
static double pass(sgf_replay *rp, record *rs, size_t n, int mode,
                   size_t reps, double *sink)
{
    double t0 = cpu_now();
    for (size_t r = 0; r < reps; r++)
        for (size_t i = 0; i < n; i++)
            score_one(rp, &rs[i], mode, sink);
    return (cpu_now() - t0) / (double)reps;
}

/* mode beside replay alone on the same records, the two in turn in each
 * round: prints the line. */
static void measure(const char *set, sgf_replay *rp, record *rs, size_t n,
                    int mode, int rounds, size_t reps, double *sink)
{
    double tr[MAX_ROUNDS], tm[MAX_ROUNDS], ratio[MAX_ROUNDS];
    if (n == 0) {
        printf("score-%s set=%s games=0 (none to measure)\n",
               mode_name[mode], set);
        return;
    }
    for (int k = 0; k < rounds; k++) {
        tr[k] = pass(rp, rs, n, MODE_REPLAY, reps, sink);
        tm[k] = pass(rp, rs, n, mode, reps, sink);
        ratio[k] = tr[k] > 0 ? tm[k] / tr[k] : 0;
    }
    double t = median(tm, rounds);
    printf("score-%s set=%s games=%zu cpu_s=%.4f games_s=%.0f "
           "x_replay=%.2f\n", mode_name[mode], set, n, t,
           n / (t > 0 ? t : 1e-9), median(ratio, rounds));
}

static bool is_count(const sgf_game *g)
{
    const sgf_prop *re = sgf_node_find_prop(sgf_game_root(g), SGF_PROP_RE);
    sgf_score_re r;
    return re != NULL && sgf_score_re_parse(&r, sgf_prop_text(re, 0)) >= 0
           && r.kind == SGF_RE_SCORE && r.margin > 0;
}

/* Parse the 19x19 records with at least one game into rs; their
 * estimates for MODE_LIST. */
static size_t load(const filelist *fl, record *rs, sgf_replay *rp)
{
    size_t n = 0;
    for (size_t i = 0; i < fl->n; i++) {
        sgf_collection *c;
        int w, h;
        if (sgf_parse_file(&c, fl->names[i], NULL) != 0)
            continue;
        if (sgf_collection_game_count(c) > 0) {
            sgf_game_board_size(sgf_collection_game(c, 0), &w, &h);
            if (w == 19 && h == 19 && (rs[n].dead = malloc(361)) != NULL) {
                rs[n].c = c;
                sgf_replay_run(rp, c, sgf_collection_game(c, 0), NULL);
                sgf_score_dead_estimate(rs[n].dead, sgf_replay_board(rp));
                n++;
                continue;
            }
        }
        sgf_collection_free(c);
    }
    return n;
}

int main(int argc, char **argv)
{
    filelist fl = { NULL, 0, 0, true };
    int rounds = 5, first = 1;
    if (argc > 2 && strcmp(argv[1], "-r") == 0) {
        rounds = atoi(argv[2]);
        rounds = rounds < 1 ? 1 : rounds > MAX_ROUNDS ? MAX_ROUNDS : rounds;
        first = 3;
    }
    for (int i = first; i < argc; i++)
        filelist_add(&fl, argv[i]);
    if (first == argc)
        filelist_add(&fl, "../shared/corpus");
    record *all = calloc(fl.n + 1, sizeof *all);
    record *games = calloc(fl.n + 1, sizeof *games);
    record *mk = calloc(fl.n + 1, sizeof *mk);
    sgf_replay *rp;
    if (all == NULL || games == NULL || mk == NULL
        || sgf_replay_new(&rp) != 0)
        return 2;
    size_t n = load(&fl, all, rp), ngames = 0, markup = 0;
    double sink = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
        const sgf_game *g = sgf_collection_game(all[i].c, 0);
        sgf_replay_run(rp, all[i].c, g, NULL);
        bool found = false;
        if (sgf_score_dead_markup(dead, &found, sgf_replay_board(rp),
                                  sgf_replay_line_end(rp)) == 0 && found)
            mk[markup++] = all[i];
        if (is_count(g))
            games[ngames++] = all[i];
    }
    size_t reps = markup > 0 && n > markup ? n / markup : 1;
    for (int m = MODE_NONE; m <= MODE_LIST; m++) {
        measure("records", rp, all, n, m, rounds, 1, &sink);
        measure("games", rp, games, ngames, m, rounds, 1, &sink);
    }
    measure("markup", rp, mk, markup, MODE_MARKUP, rounds, reps, &sink);
    measure("records", rp, all, n, MODE_AUTO, rounds, 1, &sink);
    measure("games", rp, games, ngames, MODE_AUTO, rounds, 1, &sink);
    for (size_t i = 0; i < n; i++) {
        sgf_collection_free(all[i].c);
        free(all[i].dead);
    }
    free(all);
    free(games);
    free(mk);
    filelist_free(&fl);
    sgf_replay_free(rp);
    return sink == 12345.678 ? 1 : 0;
}
