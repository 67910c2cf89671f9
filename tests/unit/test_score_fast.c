/*
 * test_score_fast.c - the quick count (score_bits.c, one word per row)
 * gives exactly what the labelled count gives, map included, on many
 * positions: random legal play on boards from 5x5 to 19x19 stopped
 * after few or many moves (open positions, contact fights, filled
 * boards), with no dead stones, with random chains taken for dead, under
 * territory and area rules; and the quick count does take most of them
 * (else the test would compare the labelled count with itself).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <sgf/sgf.h>
#include "score_int.h"

static uint64_t rng = 88172645463325252ull;

static unsigned next_rand(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng >> 33) % n;
}

/* Random legal moves (no suicide, no filling a one-point own eye most
 * of the time, so that positions look like games), moves of them, on a
 * board of w columns and h rows. */
static void random_board(sgf_board *b, int w, int h, int moves)
{
    sgf_rules r = SGF_RULES_INIT;
    assert_int_equal(sgf_board_reset(b, w, h), 0);
    sgf_color c = SGF_BLACK;
    for (int m = 0; m < moves; m++) {
        for (int tries = 0; tries < 50; tries++) {
            sgf_point pt = { (uint8_t)next_rand((unsigned)w),
                             (uint8_t)next_rand((unsigned)h) };
            sgf_verdict v;
            if (sgf_board_check(&v, b, NULL, &r, c, pt) != 0
                || v != SGF_VERDICT_LEGAL)
                continue;
            int own = 0, n = 0;
            for (int d = 0; d < 4; d++) {
                int x = pt.x + (d == 0) - (d == 1), y = pt.y + (d == 2)
                                                    - (d == 3);
                if (x < 0 || y < 0 || x >= w || y >= h)
                    continue;
                n++;
                own += sgf_board_at(b, (sgf_point){ (uint8_t)x,
                                                    (uint8_t)y }) == c;
            }
            if (own == n && next_rand(10) != 0)
                continue;               /* keep most eyes */
            sgf_board_play(NULL, b, NULL, &r, c, pt);
            break;
        }
        c = c == SGF_BLACK ? SGF_WHITE : SGF_BLACK;
    }
}

static void random_position(sgf_board *b, int size, int moves)
{
    random_board(b, size, size, moves);
}

/* Some chains marked dead, at random (none when share is 0). */
static void random_dead(uint8_t *dead, const sgf_board *b, int share)
{
    int w = sgf_board_width(b), n = w * sgf_board_height(b);
    sgf_point pts[SGF_MAX_SIZE * SGF_MAX_SIZE];
    memset(dead, 0, (size_t)n);
    for (int i = 0; i < n; i++) {
        sgf_point pt = { (uint8_t)(i % w), (uint8_t)(i / w) };
        if (share == 0 || sgf_board_at(b, pt) == SGF_EMPTY || dead[i]
            || next_rand(100) >= (unsigned)share)
            continue;
        int m = sgf_board_chain_points(b, pt, pts, SGF_MAX_SIZE
                                                       * SGF_MAX_SIZE);
        for (int k = 0; k < m; k++)
            dead[pts[k].y * w + pts[k].x] = 1;
    }
}

static void same_count(const sgf_score *a, const sgf_score *b)
{
    assert_int_equal(a->black.territory, b->black.territory);
    assert_int_equal(a->white.territory, b->white.territory);
    assert_int_equal(a->black.stones, b->black.stones);
    assert_int_equal(a->white.stones, b->white.stones);
    assert_int_equal(a->black.dead, b->black.dead);
    assert_int_equal(a->white.dead, b->white.dead);
    assert_int_equal(a->dame, b->dame);
    assert_int_equal(a->seki, b->seki);
    assert_true(a->margin == b->margin);
    assert_memory_equal(a->map, b->map, (size_t)(a->width * a->height));
}

static void test_fast_count_is_the_labelled_count(void **state)
{
    static const int sizes[] = { 5, 7, 9, 13, 19 };
    static const char *const rules[] = { "japanese", "chinese",
                                         "tromp-taylor" };
    static sgf_score fast, slow, quick;
    assert_int_equal(sgf_score_init(&fast, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_init(&slow, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_init(&quick, SGF_SCORE_VERSION), 0);
    uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
    sgf_board *b;
    int compared = 0, quicks = 0;
    (void)state;
    assert_int_equal(sgf_board_new(&b, 19, 19), 0);
    for (int round = 0; round < 400; round++) {
        int size = sizes[round % 5];
        int moves = (int)next_rand((unsigned)(size * size * 2)) + 1;
        random_position(b, size, moves);
        for (int k = 0; k < 6; k++) {
            sgf_rules r;
            assert_int_equal(sgf_rules_preset(&r, rules[k % 3]), 0);
            random_dead(dead, b, k < 3 ? 0 : 10);
            const uint8_t *d = k < 3 ? NULL : dead;
            assert_int_equal(sgf_score_count(&fast, b, &r, d, 6.5, 2), 0);
            assert_int_equal(sgf__score_count_labelled(&slow, b, &r, d,
                                                       6.5, 2), 0);
            same_count(&fast, &slow);
            unsigned needs;
            memset(&quick, 0, offsetof(sgf_score, map));
            quicks += sgf__score_fast(&quick, b, &r, r.remove_dead ? d
                                                                  : NULL,
                                      &needs);
            compared++;
        }
    }
    sgf_board_free(b);
    assert_int_equal(compared, 2400);
    assert_true(quicks >= compared * 9 / 10);   /* the quick count */
}

/* Positions where dame filling gives territory (score.c's dame split:
 * a small dame region with points three steps or more nearer one
 * colour): the quick count makes the split itself, and makes it as the
 * labelled count does. */
static void test_fast_count_splits_the_dame(void **state)
{
    static const int sizes[] = { 7, 9, 13, 19 };
    static sgf_score fast, slow;
    assert_int_equal(sgf_score_init(&fast, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_init(&slow, SGF_SCORE_VERSION), 0);
    static sgf__spos p;
    uint8_t split[SGF_MAX_SIZE * SGF_MAX_SIZE];
    sgf_board *b;
    sgf_rules r;
    int splits = 0, quicks = 0;
    (void)state;
    assert_int_equal(sgf_rules_preset(&r, "japanese"), 0);
    assert_int_equal(sgf_board_new(&b, 19, 19), 0);
    for (int round = 0; round < 4000 && splits < 200; round++) {
        int size = sizes[round % 4];
        int moves = (int)next_rand((unsigned)(size * size)) + size;
        random_position(b, size, moves);
        sgf__spos_load(&p, b, NULL);
        if (!sgf__dame_split(&p, split))
            continue;
        splits++;
        unsigned needs;
        assert_int_equal(sgf_score_count(&fast, b, &r, NULL, 6.5, 0), 0);
        assert_int_equal(sgf__score_count_labelled(&slow, b, &r, NULL,
                                                   6.5, 0), 0);
        same_count(&fast, &slow);
        assert_int_equal(sgf_score_init(&fast, SGF_SCORE_VERSION), 0);
        if (!sgf__score_fast(&fast, b, &r, NULL, &needs))
            continue;
        quicks++;                       /* the quick count's own sets */
        assert_int_equal(needs, 0);
        assert_int_equal(fast.black.territory, slow.black.territory);
        assert_int_equal(fast.white.territory, slow.white.territory);
        assert_int_equal(fast.dame, slow.dame);
        assert_memory_equal(fast.map, slow.map, (size_t)(size * size));
    }
    sgf_board_free(b);
    assert_true(splits >= 100);         /* such positions were made */
    assert_true(quicks >= splits / 4);  /* and the quick count took some */
}

/* One stone of a chain of several, alive, marked dead as well (the
 * chain is then partly dead); returns whether there was one. */
static bool part_dead(uint8_t *dead, const sgf_board *b)
{
    int w = sgf_board_width(b), n = w * sgf_board_height(b);
    sgf_point pts[SGF_MAX_SIZE * SGF_MAX_SIZE];
    for (int tries = 0; tries < 20; tries++) {
        int i = (int)next_rand((unsigned)n);
        sgf_point pt = { (uint8_t)(i % w), (uint8_t)(i / w) };
        if (dead[i] || sgf_board_at(b, pt) == SGF_EMPTY
            || sgf_board_chain_points(b, pt, pts, n) < 2)
            continue;
        dead[i] = 1;
        return true;
    }
    return false;
}

/* Filled boards with the estimate's dead stones under territory rules,
 * a chain more or less taken for dead, and a stone of a live chain
 * taken for dead alone: the quick count, on a copy of the board with
 * the dead stones lifted, counts those whose dead stones are whole
 * chains as the labelled count does (connections and captures called
 * for included); the others it leaves to the labelled count. */
static void test_fast_count_with_dead_stones(void **state)
{
    static const int sizes[] = { 7, 9, 13, 19 };
    static sgf_score fast, slow;
    assert_int_equal(sgf_score_init(&fast, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_init(&slow, SGF_SCORE_VERSION), 0);
    uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
    uint8_t unsettled[SGF_MAX_SIZE * SGF_MAX_SIZE];
    sgf_score_estimate est;
    sgf_board *b;
    sgf_rules r;
    int withdead = 0, quicks = 0, parts = 0;
    (void)state;
    assert_int_equal(sgf_rules_preset(&r, "japanese"), 0);
    assert_int_equal(sgf_board_new(&b, 19, 19), 0);
    for (int round = 0; round < 600; round++) {
        int size = sizes[round % 4];
        random_position(b, size, size * size * 2);
        assert_true(sgf_score_estimate_dead(&est, dead, unsettled, b, &r)
                    >= 0);
        for (int k = 0; k < 3; k++) {   /* the estimate's, a chain more */
            if (k == 1)                 /* or less taken for dead, and */
                random_dead(unsettled, b, 3);   /* a stone of a chain */
            for (int i = 0; k == 1 && i < size * size; i++)
                dead[i] ^= unsettled[i];
            bool part = k == 2 && part_dead(dead, b);
            if (k == 2 && !part)
                continue;
            parts += part;
            bool any = false;
            for (int i = 0; i < size * size; i++)
                any |= dead[i] != 0;
            if (!any)
                continue;
            withdead++;
            assert_int_equal(sgf_score_count(&fast, b, &r, dead, 6.5, 0),
                             0);
            assert_int_equal(sgf__score_count_labelled(&slow, b, &r, dead,
                                                       6.5, 0), 0);
            same_count(&fast, &slow);
            unsigned needs;
            assert_int_equal(sgf_score_init(&fast, SGF_SCORE_VERSION), 0);
            int quick = sgf__score_fast(&fast, b, &r, dead, &needs);
            if (part)                   /* pieces of a chain: labelled */
                assert_int_equal(quick, 0);
            if (!quick)
                continue;
            quicks++;
            assert_int_equal(fast.black.territory, slow.black.territory);
            assert_int_equal(fast.white.territory, slow.white.territory);
            assert_int_equal(fast.black.dead, slow.black.dead);
            assert_int_equal(fast.white.dead, slow.white.dead);
            assert_memory_equal(fast.map, slow.map, (size_t)(size * size));
        }
    }
    sgf_board_free(b);
    assert_true(withdead >= 300);
    assert_true(parts >= 100);
    assert_true(quicks >= (withdead - parts) * 9 / 10);     /* whole */
}

/* Positions with seki, and with capturing races that are none, under
 * territory counting: the quick count finds the seki itself (a race is
 * no seki) and counts them as the labelled count does, the points next
 * to a chain in seki nobody's, with and without dead stones. */
static void test_fast_count_tells_seki_from_a_race(void **state)
{
    static const int sizes[] = { 5, 7, 9, 13, 19 };
    static sgf__spos p;
    static sgf_score fast, slow, quick;
    uint8_t seki[SGF_MAX_SIZE * SGF_MAX_SIZE];
    uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
    sgf_board *b;
    sgf_rules r;
    int races = 0, sekis = 0, quick_sekis = 0, counted = 0, seki_points = 0;
    (void)state;
    assert_int_equal(sgf_rules_preset(&r, "japanese"), 0);
    assert_int_equal(sgf_score_init(&fast, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_init(&slow, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_init(&quick, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_board_new(&b, 19, 19), 0);
    for (int round = 0; round < 8000; round++) {
        int size = sizes[round % 5];
        random_position(b, size, (int)next_rand((unsigned)(size * size
                                                           * 2)) + 1);
        sgf__spos_load(&p, b, NULL);
        bool is_seki = sgf__spos_seki(&p, seki) > 0;
        bool race = !is_seki && sgf__spos_race(&p) >= 0;
        races += race;
        sekis += is_seki;
        if (!is_seki && !race)
            continue;
        for (int k = 0; k < 2; k++) {
            random_dead(dead, b, 10);
            const uint8_t *d = k == 0 ? NULL : dead;
            assert_int_equal(sgf_score_count(&fast, b, &r, d, 6.5, 0), 0);
            assert_int_equal(sgf__score_count_labelled(&slow, b, &r, d,
                                                       6.5, 0), 0);
            same_count(&fast, &slow);
            counted++;
            unsigned needs;
            memset(&quick, 0, offsetof(sgf_score, map));
            if (k == 0 && is_seki
                && sgf__score_fast(&quick, b, &r, NULL, &needs)) {
                quick_sekis++;          /* the quick count's own */
                assert_int_equal(quick.seki, slow.seki);
                assert_int_equal(quick.black.territory,
                                 slow.black.territory);
                assert_int_equal(quick.white.territory,
                                 slow.white.territory);
                seki_points += slow.seki > 0;
            }
        }
    }
    sgf_board_free(b);
    assert_true(races >= 100);          /* races alone were made */
    assert_true(sekis >= 20);           /* and seki */
    assert_true(counted >= 2 * (races + sekis));
    assert_true(quick_sekis >= sekis * 9 / 10); /* counted quickly */
    assert_true(seki_points >= 10);     /* points nobody's for seki */
}

/* Positions where territory counting leaves points to be filled
 * (teire: a chain that must connect once the dame are filled, and the
 * connections that call for in turn): the quick count finds them
 * itself, round after round on a copy of the board, and counts them as
 * the labelled count does. It leaves to the labelled count only those
 * where two points would do and the labelled count's choice depends on
 * the order it meets them (and seki). */
static void test_fast_count_fills_the_teire(void **state)
{
    static const int sizes[] = { 7, 9, 13, 19 };
    static sgf__spos p;
    static sgf_score fast, slow;
    uint8_t teire[SGF_MAX_SIZE * SGF_MAX_SIZE];
    uint8_t seki[SGF_MAX_SIZE * SGF_MAX_SIZE];
    sgf_board *b;
    sgf_rules r;
    int with = 0, quicks = 0, rounds = 0;
    (void)state;
    assert_int_equal(sgf_rules_preset(&r, "japanese"), 0);
    assert_int_equal(sgf_score_init(&slow, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_board_new(&b, 19, 19), 0);
    for (int round = 0; round < 3000 && with < 400; round++) {
        int size = sizes[round % 4];
        random_position(b, size, (int)next_rand((unsigned)(size * size))
                                 + size * size / 2);
        sgf__spos_load(&p, b, NULL);
        if (sgf__spos_seki(&p, seki) > 0)
            continue;
        int first, n = sgf__score_teire(&p, teire, &first);
        if (n == 0)
            continue;
        with++;
        assert_int_equal(sgf__score_count_labelled(&slow, b, &r, NULL,
                                                   6.5, 0), 0);
        unsigned needs;
        assert_int_equal(sgf_score_init(&fast, SGF_SCORE_VERSION), 0);
        sgf__score_start(&fast, b, &r, 6.5, 0);
        if (!sgf__score_fast(&fast, b, &r, NULL, &needs))
            continue;
        quicks++;
        sgf__score_total(&fast, b);
        same_count(&fast, &slow);
        int dame = 0;                       /* each teire point is dame */
        for (int i = 0; i < p.n; i++)
            dame += teire[i] && fast.map[i] == SGF_SP_DAME;
        assert_int_equal(dame, n);
        rounds += n > first;
    }
    sgf_board_free(b);
    assert_true(with >= 200);               /* such positions were made */
    assert_true(quicks >= with * 9 / 10);   /* the quick count took them */
    assert_true(rounds >= 15);              /* filled, then found more */
}

/* Boards of any shape the format allows (1x1 to 52x52, not square
 * too), under every preset's rules, with no dead stones, whole chains
 * dead, single stones dead and the estimate's: the count is the
 * labelled count, map and all. */
static void test_fast_count_any_shape(void **state)
{
    static const char *const rules[] = { "japanese", "korean", "chinese",
                                         "aga", "ing", "nz",
                                         "tromp-taylor", "egf" };
    static sgf_score fast, slow;
    uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
    uint8_t unsettled[SGF_MAX_SIZE * SGF_MAX_SIZE];
    sgf_score_estimate est;
    sgf_board *b;
    int big = 0, flat = 0;
    (void)state;
    assert_int_equal(sgf_score_init(&fast, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_init(&slow, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_board_new(&b, SGF_MAX_SIZE, SGF_MAX_SIZE), 0);
    for (int round = 0; round < 800; round++) {
        int w = 1 + (int)next_rand(round % 5 == 0 ? SGF_MAX_SIZE : 19);
        int h = round % 3 == 0 ? 1 + (int)next_rand(round % 5 == 0
                                                     ? SGF_MAX_SIZE : 19)
                               : w;
        random_board(b, w, h, (int)next_rand((unsigned)(w * h * 2)) + 1);
        big += w > 19 || h > 19;
        flat += w != h;
        sgf_rules r;
        assert_int_equal(sgf_rules_preset(&r, rules[round % 8]), 0);
        int mode = (int)next_rand(4);
        memset(dead, 0, sizeof dead);
        if (mode == 1)
            random_dead(dead, b, 8);
        for (int k = 0; mode == 2 && k < 3; k++)
            (void)part_dead(dead, b);
        if (mode == 3)
            assert_true(sgf_score_estimate_dead(&est, dead, unsettled, b,
                                                &r) >= 0);
        const uint8_t *d = mode == 0 ? NULL : dead;
        assert_int_equal(sgf_score_count(&fast, b, &r, d, 6.5, 3), 0);
        assert_int_equal(sgf__score_count_labelled(&slow, b, &r, d, 6.5, 3),
                         0);
        same_count(&fast, &slow);
    }
    sgf_board_free(b);
    assert_true(big >= 50);
    assert_true(flat >= 100);
}

/* Whether a position is finished (sgf_score_find_unfinished) is what
 * the labelled position says, kind, point and size: its chain in atari
 * is found from the board's chains first (the first by its first point,
 * dead stones lifted), on boards of any shape, with no dead stones,
 * whole chains dead, single stones dead (left to the labelled position)
 * and the estimate's. */
static void test_unfinished_is_the_labelled_one(void **state)
{
    static const char *const rules[] = { "japanese", "chinese",
                                         "tromp-taylor", "aga" };
    uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
    uint8_t unsettled[SGF_MAX_SIZE * SGF_MAX_SIZE];
    sgf_score_estimate est;
    sgf_board *b;
    int kinds[SGF_UNFINISHED_NO_PASSES + 1] = { 0 }, none = 0;
    (void)state;
    assert_int_equal(sgf_board_new(&b, SGF_MAX_SIZE, SGF_MAX_SIZE), 0);
    for (int round = 0; round < 3000; round++) {
        int w = 1 + (int)next_rand(round % 7 == 0 ? SGF_MAX_SIZE : 19);
        int h = round % 3 == 0 ? 1 + (int)next_rand(19) : w;
        random_board(b, w, h, (int)next_rand((unsigned)(w * h * 2)) + 1);
        sgf_rules r;
        assert_int_equal(sgf_rules_preset(&r, rules[round % 4]), 0);
        int mode = (int)next_rand(4);
        memset(dead, 0, sizeof dead);
        if (mode == 1)
            random_dead(dead, b, 8);
        for (int k = 0; mode == 2 && k < 3; k++)
            (void)part_dead(dead, b);
        if (mode == 3)
            assert_true(sgf_score_estimate_dead(&est, dead, unsettled, b,
                                                &r) >= 0);
        const uint8_t *d = mode == 0 ? NULL : dead;
        sgf_score_unfinished quick, slow;
        int fq = sgf_score_find_unfinished(&quick, b, &r, d);
        int fs = sgf__score_find_unfinished_labelled(&slow, b, &r, d);
        assert_int_equal(fq, fs);
        assert_int_equal(quick.kind, slow.kind);
        assert_int_equal(quick.point.x, slow.point.x);
        assert_int_equal(quick.point.y, slow.point.y);
        assert_int_equal(quick.points, slow.points);
        if (fq == 1)
            kinds[slow.kind]++;
        else
            none++;
    }
    sgf_board_free(b);
    assert_true(kinds[SGF_UNFINISHED_ATARI] >= 500);    /* each answer */
    assert_true(kinds[SGF_UNFINISHED_BORDER] >= 100);   /* seen often */
    assert_true(none >= 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fast_count_is_the_labelled_count),
        cmocka_unit_test(test_fast_count_splits_the_dame),
        cmocka_unit_test(test_fast_count_with_dead_stones),
        cmocka_unit_test(test_fast_count_tells_seki_from_a_race),
        cmocka_unit_test(test_fast_count_fills_the_teire),
        cmocka_unit_test(test_fast_count_any_shape),
        cmocka_unit_test(test_unfinished_is_the_labelled_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
