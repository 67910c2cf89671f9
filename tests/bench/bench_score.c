/*
 * bench_score.c - scoring speed in games per second on the 19x19 records
 * of the files or directories given (default ../shared/corpus): the
 * records are parsed once and kept in memory, then each round replays
 * the main line of every game and
 *   replay    does nothing more (the reference),
 *   markup    counts with the TB/TW markup (sgf_score_count_markup, which
 *             finds the dead stones itself), on the records whose last
 *             node has some (compared with replaying those alone),
 *   auto      estimates the dead stones and counts (markup ignored).
 * Prints one line per measurement: name, games, CPU seconds (median of
 * the rounds), games/s, and for markup the share of the replay speed
 * (the median of the rounds' ratios, each round timing both in turn).
 * The few records with markup are gone through many times a round (as
 * many games as the whole set), so that their time is measurable.
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

enum { MODE_REPLAY, MODE_MARKUP, MODE_AUTO, MODE_NONE };

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static const sgf_node *last_node(const sgf_game *g)
{
    const sgf_node *n = sgf_game_root(g);
    while (sgf_node_first_child(n) != NULL)
        n = sgf_node_first_child(n);
    return n;
}

static void score_one(sgf_replay *rp, sgf_collection *c, const sgf_game *g,
                      int mode, double *sink)
{
    static uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
    static sgf_score s;
    sgf_replay_options o = SGF_REPLAY_OPTIONS_INIT;
    o.quiet = true;
    sgf_replay_run(rp, c, g, &o);
    if (mode == MODE_REPLAY)
        return;
    const sgf_board *b = sgf_replay_board(rp);
    const sgf_rules *r = sgf_replay_rules(rp);
    double komi;
    sgf_score_komi(&komi, g, r);
    if (mode == MODE_MARKUP) {     /* the records have markup: at the end
                                      of the line replayed; the count
                                      finds the dead stones itself */
        const sgf_node *n = sgf_replay_line_end(rp);
        sgf_score_count_markup(&s, b, r, n, komi, sgf_score_handicap(g));
    } else if (mode == MODE_NONE) {
        sgf_score_count(&s, b, r, NULL, komi, sgf_score_handicap(g));
    } else {
        sgf_score_dead_estimate(dead, b);
        sgf_score_count(&s, b, r, dead, komi, sgf_score_handicap(g));
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
static double pass(sgf_replay *rp, sgf_collection **cs, size_t n, int mode,
                   size_t reps, double *sink)
{
    double t0 = cpu_now();
    for (size_t r = 0; r < reps; r++)
        for (size_t i = 0; i < n; i++)
            score_one(rp, cs[i], sgf_collection_game(cs[i], 0), mode,
                      sink);
    return (cpu_now() - t0) / (double)reps;
}

/* Markup against replay alone on the same records, the two in turn in
 * each round (a busy machine slows both alike): the median of the
 * rounds' times of each, and of their ratios (replay / markup). */
static double markup_ratio(sgf_replay *rp, sgf_collection **cs, size_t n,
                           int rounds, size_t reps, double *sink,
                           double *t_replay, double *t_markup)
{
    double tr[64], tm[64], ratio[64];
    for (int k = 0; k < rounds; k++) {
        tr[k] = pass(rp, cs, n, MODE_REPLAY, reps, sink);
        tm[k] = pass(rp, cs, n, MODE_MARKUP, reps, sink);
        ratio[k] = tm[k] > 0 ? tr[k] / tm[k] : 0;
    }
    *t_replay = median(tr, rounds);
    *t_markup = median(tm, rounds);
    return median(ratio, rounds);
}

/* Median CPU seconds of one pass over the n records, each round making
 * reps passes. */
static double run(sgf_replay *rp, sgf_collection **cs, size_t n, int mode,
                  int rounds, size_t reps, double *sink)
{
    double t[64];
    for (int k = 0; k < rounds; k++)
        t[k] = pass(rp, cs, n, mode, reps, sink);
    return median(t, rounds);
}

/* Parse the 19x19 records with at least one game into cs. */
static size_t load(const filelist *fl, sgf_collection **cs)
{
    size_t n = 0;
    for (size_t i = 0; i < fl->n; i++) {
        sgf_collection *c;
        int w, h;
        if (sgf_parse_file(&c, fl->names[i], NULL) != 0)
            continue;
        if (sgf_collection_game_count(c) > 0) {
            sgf_game_board_size(sgf_collection_game(c, 0), &w, &h);
            if (w == 19 && h == 19) {
                cs[n++] = c;
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
        rounds = rounds < 1 ? 1 : rounds > 64 ? 64 : rounds;
        first = 3;
    }
    for (int i = first; i < argc; i++)
        filelist_add(&fl, argv[i]);
    if (first == argc)
        filelist_add(&fl, "../shared/corpus");
    sgf_collection **cs = calloc(fl.n + 1, sizeof *cs);
    sgf_replay *rp;
    if (cs == NULL || sgf_replay_new(&rp) != 0)
        return 2;
    size_t n = load(&fl, cs), markup = 0;
    sgf_collection **mk = calloc(n + 1, sizeof *mk);
    double sink = 0;
    if (mk == NULL)
        return 2;
    for (size_t i = 0; i < n; i++) {      /* the records with markup */
        uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
        const sgf_game *g = sgf_collection_game(cs[i], 0);
        sgf_replay_run(rp, cs[i], g, NULL);
        if (sgf_score_dead_markup(dead, sgf_replay_board(rp),
                                  last_node(g)) == 1)
            mk[markup++] = cs[i];
    }
    size_t reps = markup > 0 && n > markup ? n / markup : 1;
    double tr = run(rp, cs, n, MODE_REPLAY, rounds, 1, &sink);
    double tmr = 0, tm = 0;
    double share = markup > 0 ? markup_ratio(rp, mk, markup, rounds, reps,
                                             &sink, &tmr, &tm)
                              : 0;
    double ta = run(rp, cs, n, MODE_AUTO, rounds, 1, &sink);
    double tn = run(rp, cs, n, MODE_NONE, rounds, 1, &sink);
    printf("score-none games=%zu cpu_s=%.4f games_s=%.0f of_replay=%.1f%%\n",
           n, tn, n / (tn > 0 ? tn : 1e-9), 100 * tr / tn);
    printf("score-replay games=%zu cpu_s=%.4f games_s=%.0f\n", n, tr,
           n / (tr > 0 ? tr : 1e-9));
    if (markup > 0)
        printf("score-markup games=%zu cpu_s=%.4f games_s=%.0f "
               "replay_only_s=%.4f of_replay=%.1f%%\n", markup, tm,
               markup / (tm > 0 ? tm : 1e-9), tmr, 100 * share);
    else
        printf("score-markup games=0 (no record has TB/TW markup: not "
               "measured)\n");
    printf("score-auto games=%zu cpu_s=%.4f games_s=%.0f\n", n, ta,
           n / (ta > 0 ? ta : 1e-9));
    for (size_t i = 0; i < n; i++)
        sgf_collection_free(cs[i]);
    free(cs);
    free(mk);
    filelist_free(&fl);
    sgf_replay_free(rp);
    return sink == 12345.678 ? 1 : 0;
}
