/*
 * test_score_settle.c - what the estimate is sure of (settled, the
 * unsettled stones), positions that are not finished (a chain in
 * atari, a capturing race, an open border, open dame), the causes found
 * in pairs and the results no count can give, and the hard cases the
 * estimate must read right: a capturing race between big chains with a
 * shared liberty, eye spaces that touch an enemy stone, seki with one
 * eye each.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <sgf/sgf.h>

typedef struct game {
    sgf_collection *c;
    sgf_replay *r;
    const sgf_board *b;
    int w, h;
} game;

/* A position from rows of X, O and . separated by '/' (the top row
 * first), then two passes; rules as RU[]. */
static game from_rows(const char *rows, const char *rules)
{
    static char sgf[8192];
    game x;
    int n = 0, w = (int)strcspn(rows, "/"), h = 1;
    for (const char *q = rows; *q != '\0'; q++)
        h += *q == '/';
    n += snprintf(sgf + n, sizeof sgf - (size_t)n,
                  "(;GM[1]SZ[%d:%d]RU[%s]", w, h, rules);
    for (int c = 0; c < 2; c++) {
        int col = 0, row = 0;
        n += snprintf(sgf + n, sizeof sgf - (size_t)n, c ? "AW" : "AB");
        for (const char *q = rows; *q != '\0'; q++) {
            if (*q == '/') {
                row++;
                col = 0;
                continue;
            }
            if (*q == (c ? 'O' : 'X'))
                n += snprintf(sgf + n, sizeof sgf - (size_t)n, "[%c%c]",
                              'a' + col, 'a' + row);
            col++;
        }
    }
    snprintf(sgf + n, sizeof sgf - (size_t)n, ";B[];W[])");
    assert_int_equal(sgf_parse_buffer(&x.c, sgf, strlen(sgf), NULL), 0);
    assert_int_equal(sgf_replay_new(&x.r), 0);
    assert_int_equal(sgf_replay_run(x.r, x.c, sgf_collection_game(x.c, 0),
                                    NULL), 0);
    x.b = sgf_replay_board(x.r);
    x.w = w;
    x.h = h;
    return x;
}

static void unload(game *x)
{
    sgf_replay_free(x->r);
    sgf_collection_free(x->c);
}

/* The estimate's dead stones as rows ('x' dead, '.' else). */
static const char *dead_rows(const game *x, const uint8_t *dead)
{
    static char out[SGF_MAX_SIZE * (SGF_MAX_SIZE + 1)];
    int k = 0;
    for (int y = 0; y < x->h; y++) {
        for (int i = 0; i < x->w; i++)
            out[k++] = dead[y * x->w + i] ? 'x' : '.';
        out[k++] = y + 1 < x->h ? '/' : '\0';
    }
    return out;
}

static void test_estimate_race_with_shared_liberty(void **state)
{
    (void)state;
    /* The white ring (7 stones, liberties C4 and D4) and the black ring
     * inside White's wall (10 stones, liberties D4, F4, G4) share D4;
     * Black, with one liberty more, wins however play goes: the white
     * ring is dead, the black ring lives, and the estimate is sure. */
    game x = from_rows(".X.XOO.O./XXXXOOOOO/XOOOXXXXO/XO..X..XO/"
                       "XOOOXXXXO/XXXXOOOOO/.X.XO.O.O", "Japanese");
    uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE], open[SGF_MAX_SIZE * 52];
    sgf_score_estimate e;
    assert_int_equal(sgf_score_estimate_dead(&e, dead, open, x.b, NULL), 7);
    assert_string_equal(dead_rows(&x, dead),
                        "........./........./.xxx...../.x......./"
                        ".xxx...../........./.........");
    assert_true(e.settled);
    assert_int_equal(e.unsettled, 0);
    unload(&x);
}

static void test_estimate_eye_space_touching_enemy_stone(void **state)
{
    (void)state;
    static const char *const pos[2] = {
        /* a white stone in atari beside Black's eye space C9-D9 */
        ".X..OXXX./XXXXXXOOO/OOOOOOO.O/.O.O.O.O./OOOOOOOOO",
        /* one in the middle of the three-point eye space C9-E9 */
        ".X.O.XXX./XXXXXXOOO/OOOOOOO.O/.O.O.O.O./OOOOOOOOO" };
    static const char *const want[2] = {
        "....x..../........./........./........./.........",
        "...x...../........./........./........./........." };
    for (int k = 0; k < 2; k++) {
        game x = from_rows(pos[k], "Japanese");
        uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
        sgf_score_estimate e;
        assert_int_equal(sgf_score_estimate_dead(&e, dead, NULL, x.b, NULL),
                         1);
        assert_string_equal(dead_rows(&x, dead), want[k]);
        assert_true(e.settled);
        unload(&x);
    }
}

static void test_estimate_seki_one_eye_each(void **state)
{
    (void)state;
    /* Black's eye A6, White's eye E6, the shared liberty C4: no one
     * dies, and under territory rules the eyes are nobody's. */
    game x = from_rows(".XXO./XXXOO/XX.OO/XXOOO/XXOOO/XXXXX", "Japanese");
    uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
    sgf_score_estimate e;
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_estimate_dead(&e, dead, NULL, x.b, NULL), 0);
    assert_true(e.settled);
    assert_int_equal(sgf_score_count(&s, x.b, NULL, dead, 0, 0), 0);
    assert_int_equal(s.map[0], SGF_SP_SEKI);
    assert_int_equal(s.map[4], SGF_SP_SEKI);
    assert_int_equal(s.map[2 * 5 + 2], SGF_SP_DAME);
    unload(&x);
}

static void test_estimate_unsettled_stones(void **state)
{
    (void)state;
    /* an open 9x9 board: nothing is sure, and the stones in doubt are
     * listed */
    game x = from_rows("........./........./..X....../........./"
                       "....O..../........./........./........./.........",
                       "Japanese");
    uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE], open[SGF_MAX_SIZE * 52];
    sgf_score_estimate e;
    assert_int_equal(sgf_score_estimate_dead(&e, dead, open, x.b, NULL), 0);
    assert_false(e.settled);
    assert_int_equal(e.unsettled, 2);
    assert_int_equal(open[2 * 9 + 2], 1);
    assert_int_equal(open[4 * 9 + 4], 1);
    assert_int_equal(open[0], 0);
    assert_int_equal(e.first.x, 2);         /* C7, the first in doubt */
    assert_int_equal(e.first.y, 2);
    unload(&x);
}

static sgf_score_unfinished_kind unfinished(const char *rows,
                                            sgf_point *at)
{
    game x = from_rows(rows, "Japanese");
    sgf_score_unfinished u;
    int rc = sgf_score_find_unfinished(&u, x.b, NULL, NULL);
    assert_true(rc == 0 || rc == 1);
    assert_int_equal(rc, u.kind != SGF_UNFINISHED_NONE);
    *at = u.point;
    unload(&x);
    return u.kind;
}

static void test_unfinished_kinds(void **state)
{
    sgf_point at;
    (void)state;
    /* finished: a wall between the colours */
    assert_int_equal(unfinished("..XO./..XO./..XO./..XO./..XO.", &at),
                     SGF_UNFINISHED_NONE);
    /* the white stone at A5 has one liberty */
    assert_int_equal(unfinished("OX.O./..XO./..XO./..XO./..XO.", &at),
                     SGF_UNFINISHED_ATARI);
    assert_int_equal(at.x, 0);
    assert_int_equal(at.y, 0);
    /* D1 and E2 share E1 and D2; a fill at E1 is self-atari for both,
     * but D2 is free: whoever takes it first wins */
    assert_int_equal(unfinished("...../...../..O.X/....O/..OX.", &at),
                     SGF_UNFINISHED_RACE);
    assert_int_equal(at.x, 4);
    assert_int_equal(at.y, 4);
    /* a board barely begun: one region touches both colours */
    assert_int_equal(unfinished("........./........./..X....../"
                                "........./........./........./"
                                "......O../........./.........", &at),
                     SGF_UNFINISHED_BORDER);
    assert_int_equal(at.x, 0);
    assert_int_equal(at.y, 0);
    /* one colour only, but more points than its stones could close
     * off (k stones, k times the longer side): a lone stone, an empty
     * board; the game stopped before any border was played */
    assert_int_equal(unfinished("........./........./..X....../"
                                "........./........./........./"
                                "........./........./.........", &at),
                     SGF_UNFINISHED_BORDER);
    assert_int_equal(unfinished("...../...../...../...../.....", &at),
                     SGF_UNFINISHED_BORDER);
    /* a wall of 9 from edge to edge closes off 27 points: finished */
    assert_int_equal(unfinished("...XO..../...XO..../...XO..../"
                                "...XO..../...XO..../...XO..../"
                                "...XO..../...XO..../...XO....", &at),
                     SGF_UNFINISHED_NONE);
    /* a border left open on the edge: D2-D1 and the points beside */
    assert_int_equal(unfinished("..XO.../..XO.../..XO.../..X.O../"
                                "..X..O./..X...O/.X....O", &at),
                     SGF_UNFINISHED_DAME);
    assert_string_equal(sgf_score_unfinished_name(SGF_UNFINISHED_RACE),
                        "race");
}

/* The cause of the disagreement of rows (dead: the stones at the SGF
 * points listed, "" for none; doubt likewise) with re. */
static sgf_score_reason cause(const char *rows, const char *rules,
                              double komi, const char *dead,
                              const char *doubt, const char *re)
{
    game x = from_rows(rows, rules);
    uint8_t d[SGF_MAX_SIZE * SGF_MAX_SIZE], q[SGF_MAX_SIZE * 52];
    sgf_score_re r;
    sgf_score_reason y;
    sgf_rules ru;
    memset(d, 0, sizeof d);
    memset(q, 0, sizeof q);
    if (dead[0] != '\0')
        assert_true(sgf_score_dead_points(d, x.b, dead, NULL) > 0);
    if (doubt[0] != '\0')
        assert_true(sgf_score_dead_points(q, x.b, doubt, NULL) > 0);
    assert_int_equal(sgf_rules_preset(&ru, rules), 0);
    assert_true(sgf_score_re_parse(&r, (sgf_str){ re, strlen(re) }) >= 0);
    assert_int_equal(sgf_score_explain_doubt(&y, x.b, &ru, d, komi, 0, &r,
                                             NULL, doubt[0] ? q : NULL), 0);
    unload(&x);
    return y;
}

/* Black's wall in column C (and B5), White's in D, a white stone at A3
 * in Black's area. With A3 dead and komi 0: B+5 (territory 9 + 1 dead
 * stone against White's 5); with komi 0.5, A3 alive and White's wall
 * dead: B+14.5. */
#define FIVE ".XXO./..XO./O.XO./..XO./..XO."

static void test_explain_pairs_and_impossible(void **state)
{
    (void)state;
    /* W+11.5 is no count with komi 0 (a whole margin): komi 6.5 with A3
     * alive gives it */
    sgf_score_reason y = cause(FIVE, "japanese", 0, "ac", "", "W+11.5");
    assert_int_equal(y.cause, SGF_CAUSE_KOMI_GROUP);
    assert_true(y.komi == 6.5);
    assert_int_equal(y.point.x, 0);
    assert_int_equal(y.point.y, 2);
    assert_true(y.was_dead);
    /* two chains in doubt: A3 alive and White's wall dead */
    y = cause(FIVE, "japanese", 0.5, "ac", "ac,da", "B+14.5");
    assert_int_equal(y.cause, SGF_CAUSE_GROUPS);
    assert_int_equal(y.point.x, 0);
    assert_int_equal(y.point.y, 2);
    assert_true(y.was_dead);
    assert_int_equal(y.point2.x, 3);
    assert_false(y.was_dead2);
    /* ... but no pair is looked for among chains in no doubt */
    y = cause(FIVE, "japanese", 0.5, "ac", "", "B+14.5");
    assert_int_equal(y.cause, SGF_CAUSE_UNKNOWN);
    /* a margin in halves with a whole komi: no count gives it */
    y = cause(FIVE, "japanese", 6, "ac", "", "B+2.5");
    assert_int_equal(y.cause, SGF_CAUSE_PARITY);
    /* more points than the board holds */
    y = cause(FIVE, "chinese", 7.5, "ac", "", "W+60.5");
    assert_int_equal(y.cause, SGF_CAUSE_MARGIN);
    assert_string_equal(sgf_score_cause_name(SGF_CAUSE_GROUPS), "groups");
    assert_string_equal(sgf_score_cause_name(SGF_CAUSE_KOMI_GROUP),
                        "komi+group");
    assert_string_equal(sgf_score_cause_name(SGF_CAUSE_PARITY), "parity");
    assert_string_equal(sgf_score_verdict_name(SGF_SCORE_NOT_FINISHED),
                        "not-finished");
}

static void test_settled_bad_arguments(void **state)
{
    uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
    sgf_score_estimate e;
    sgf_score_unfinished u;
    (void)state;
    assert_int_equal(sgf_score_estimate_dead(NULL, dead, NULL, NULL, NULL),
                     SGF_EINVAL);
    assert_int_equal(sgf_score_estimate_dead(&e, NULL, NULL, NULL, NULL),
                     SGF_EINVAL);
    assert_int_equal(sgf_score_find_unfinished(&u, NULL, NULL, NULL),
                     SGF_EINVAL);
    assert_int_equal(sgf_score_find_unfinished(NULL, NULL, NULL, NULL),
                     SGF_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_estimate_race_with_shared_liberty),
        cmocka_unit_test(test_estimate_eye_space_touching_enemy_stone),
        cmocka_unit_test(test_estimate_seki_one_eye_each),
        cmocka_unit_test(test_estimate_unsettled_stones),
        cmocka_unit_test(test_unfinished_kinds),
        cmocka_unit_test(test_explain_pairs_and_impossible),
        cmocka_unit_test(test_settled_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
