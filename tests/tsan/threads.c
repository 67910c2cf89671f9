/*
 * threads.c - one collection read from four threads at once, built with
 * ThreadSanitizer (make test-tsan): what libsgf(3) and sgf/tree.h
 * promise. Each thread, on the same collection: positions of offsets
 * all over the input (the line table is built as they are asked for),
 * a replay of every game and a count of its final position (its own
 * replayer, quiet: a collection that gets diagnostics is being
 * changed), the collection as XML (the XML module's first use in the
 * process happens in all four at once), and that XML read back into a
 * collection of its own, compared with the original.
 *
 *   build/tsan/test/threads FILE...
 *
 * Each file is parsed once and handed to the four threads; a report of
 * ThreadSanitizer makes the run fail (exitcode=66, halt_on_error), a
 * wrong answer of a thread too (exit 1). The last line is
 * "tsan: N files, 4 threads each, ok".
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sgf/sgf.h>

enum { THREADS = 4 };

typedef struct job {
    const sgf_collection *c;
    unsigned seed;
    pthread_barrier_t *start;
    int failed;
    const char *why;
} job;

/* Positions from one end of the input to the other, in an order of the
 * thread's own: each must agree with a count of the line breaks. */
static int check_positions(const sgf_collection *c, unsigned seed)
{
    sgf_str in = sgf_collection_input(c);
    size_t step = in.len / 97 + 1;
    for (size_t k = 0; k < 97; k++) {
        size_t off = ((k * 31 + seed * 17) % 97) * step;
        if (off > in.len)
            off = in.len;
        sgf_pos p = sgf_collection_pos(c, off);
        uint32_t line = 1;
        for (size_t i = 0; i < off; i++) {
            char ch = in.ptr[i];
            if (ch != '\n' && ch != '\r')
                continue;
            /* CRLF and LFCR are one break, ending at their first byte */
            bool pair = i + 1 < in.len && in.ptr[i + 1] != ch
                        && (in.ptr[i + 1] == '\n' || in.ptr[i + 1] == '\r');
            if (pair && i + 1 == off)
                break;
            line++;
            i += pair;
        }
        if (p.line != line)
            return -1;
    }
    return 0;
}

/* Every game replayed (quiet) and its last position counted. */
static int replay_and_score(const sgf_collection *c)
{
    sgf_replay *r;
    if (sgf_replay_new(&r) != 0)
        return -1;
    sgf_replay_options o = SGF_REPLAY_OPTIONS_INIT;
    o.quiet = true;
    o.all_variations = true;
    int rc = 0;
    for (size_t i = 0; i < sgf_collection_game_count(c) && rc == 0; i++) {
        const sgf_game *g = sgf_collection_game(c, i);
        /* quiet: the collection is only read (the cast is the API's:
         * sgf_replay_run adds diagnostics unless quiet) */
        rc = sgf_replay_run(r, (sgf_collection *)(uintptr_t)c, g, &o);
        if (rc != 0 || sgf_game_gm(g) != 1)
            continue;
        sgf_score s;
        sgf_score_init(&s, SGF_SCORE_VERSION);
        const sgf_board *b = sgf_replay_board(r);
        size_t n = (size_t)sgf_board_width(b) * (size_t)sgf_board_height(b);
        uint8_t *dead = calloc(n, 1);
        if (dead == NULL)
            rc = -1;
        else if (sgf_score_dead_estimate(dead, b) < 0
                 || sgf_score_count(&s, b, sgf_replay_rules(r), dead, 6.5,
                                    0) != 0)
            rc = -1;
        free(dead);
    }
    sgf_replay_free(r);
    return rc;
}

/* The collection as XML, and back: as many games, each root with as
 * many properties. */
static int xml_both_ways(const sgf_collection *c)
{
    sgf_strbuf doc;
    sgf_strbuf_init(&doc);
    int rc = sgf_xml_write_str(&doc, c, 0);
    sgf_collection *back = NULL;
    char err[256];
    if (rc == 0)
        rc = sgf_xml_read_buffer(&back, doc.ptr, doc.len, NULL, err,
                                 sizeof err);
    if (rc == 0 && sgf_collection_game_count(back)
                       != sgf_collection_game_count(c))
        rc = -1;
    for (size_t i = 0; rc == 0 && i < sgf_collection_game_count(c); i++)
        if (sgf_node_prop_count(sgf_game_root(sgf_collection_game(back, i)))
            != sgf_node_prop_count(sgf_game_root(sgf_collection_game(c,
                                                                     i))))
            rc = -1;
    sgf_collection_free(back);
    sgf_strbuf_release(&doc);
    return rc;
}

static void *run(void *arg)
{
    job *j = arg;
    pthread_barrier_wait(j->start);
    if (check_positions(j->c, j->seed) != 0)
        j->why = "positions";
    else if (replay_and_score(j->c) != 0)
        j->why = "replay or score";
    /* all four start the XML at once: the module's first use in the
     * process is then four first uses */
    pthread_barrier_wait(j->start);
    if (j->why == NULL && xml_both_ways(j->c) != 0)
        j->why = "XML";
    j->failed = j->why != NULL;
    return NULL;
}

static int one_file(const char *path)
{
    sgf_collection *c;
    if (sgf_parse_file(&c, path, NULL) != 0) {
        fprintf(stderr, "tsan: cannot read %s\n", path);
        return 1;
    }
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, THREADS);
    job jobs[THREADS];
    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; i++) {
        jobs[i] = (job){ c, (unsigned)i, &start, 0, NULL };
        pthread_create(&t[i], NULL, run, &jobs[i]);
    }
    int bad = 0;
    for (int i = 0; i < THREADS; i++) {
        pthread_join(t[i], NULL);
        if (jobs[i].failed) {
            fprintf(stderr, "tsan: %s: thread %d: %s wrong\n", path, i,
                    jobs[i].why);
            bad = 1;
        }
    }
    pthread_barrier_destroy(&start);
    sgf_collection_free(c);
    return bad;
}

int main(int argc, char **argv)
{
    int bad = 0;
    for (int i = 1; i < argc; i++)
        bad |= one_file(argv[i]);
    if (bad)
        return 1;
    printf("tsan: %d files, %d threads each, ok\n", argc - 1, THREADS);
    return 0;
}
