/*
 * test_board.c - sgf_board and sgf_history: every verdict, captures, ko,
 * snapback, suicide and superko under each ko rule, setup, undo, odd
 * board sizes, and the incremental chains against a flood-fill reference
 * over many random games. Positions are written as diagrams (top row
 * first, X black, O white) and moves in GTP notation (columns A-T without
 * I, rows from the bottom).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <sgf/board.h>
#include "board_int.h"   /* the history set, fed colliding keys */

/* ---- helpers --------------------------------------------------------- */

struct game {
    sgf_board *b;
    sgf_history *h;
    sgf_rules r;
};


/* sgf_board_check's verdict, asserting the call itself succeeds. */
static sgf_verdict verdict_of(const sgf_board *b, const sgf_history *h,
                              const sgf_rules *r, sgf_color c, sgf_point pt)
{
    sgf_verdict v = (sgf_verdict)-1;
    assert_int_equal(sgf_board_check(&v, b, h, r, c, pt), SGF_OK);
    return v;
}

static sgf_point gtp(const struct game *g, const char *v)
{
    int col = v[0] - 'A' - (v[0] > 'I');
    int row = atoi(v + 1);
    sgf_point pt = { (uint8_t)col,
                     (uint8_t)(sgf_board_height(g->b) - row) };
    return pt;
}

/* A game on a width x height board set up from rows (may be NULL) with
 * the rules of preset, the start recorded with to_move to play. */
static void game_init(struct game *g, int width, int height,
                      const char *const *rows, const char *preset,
                      sgf_color to_move)
{
    assert_int_equal(sgf_board_new(&g->b, width, height), SGF_OK);
    assert_int_equal(sgf_history_new(&g->h), SGF_OK);
    assert_int_equal(sgf_rules_preset(&g->r, preset), SGF_OK);
    for (int y = 0; rows && y < height; y++)
        for (int x = 0; x < width; x++) {
            sgf_point pt = { (uint8_t)x, (uint8_t)y };
            char ch = rows[y][x];
            if (ch == 'X' || ch == 'O')
                assert_int_equal(sgf_board_setup(g->b, pt, ch == 'X'
                                                 ? SGF_BLACK : SGF_WHITE),
                                 SGF_OK);
        }
    assert_int_equal(sgf_board_record_position(g->b, g->h, to_move),
                     SGF_OK);
}

static void game_free(struct game *g)
{
    sgf_board_free(g->b);
    sgf_history_free(g->h);
}

/* Play "B D4" / "W pass"; returns the result. */
static sgf_move_result play(struct game *g, const char *move)
{
    sgf_move_result res;
    sgf_color c = move[0] == 'B' ? SGF_BLACK : SGF_WHITE;
    memset(&res, 0xff, sizeof res);
    if (strcmp(move + 2, "pass") == 0) {
        assert_int_equal(sgf_board_pass(g->b, g->h, c), SGF_OK);
        res.verdict = SGF_VERDICT_LEGAL;
        res.repetition = false;
        res.captured = res.suicided = 0;
        return res;
    }
    sgf_point pt = gtp(g, move + 2);
    sgf_verdict checked = verdict_of(g->b, g->h, &g->r, c, pt);
    assert_int_equal(sgf_board_play(&res, g->b, g->h, &g->r, c, pt),
                     SGF_OK);
    assert_int_equal(checked, res.verdict);
    return res;
}

/* Play the moves; all but the last must be legal; return the last. */
static sgf_move_result play_all(struct game *g, const char *const *moves)
{
    sgf_move_result res = { SGF_VERDICT_LEGAL, false, 0, 0 };
    for (size_t i = 0; moves[i]; i++) {
        res = play(g, moves[i]);
        if (moves[i + 1])
            assert_int_equal(res.verdict, SGF_VERDICT_LEGAL);
    }
    return res;
}

static sgf_color at(const struct game *g, const char *v)
{
    return sgf_board_at(g->b, gtp(g, v));
}

/* ---- flood-fill reference -------------------------------------------- */

/* Check every stone's chain size, liberties and membership against a
 * plain flood fill of the colours, and the hash against a board set up
 * from scratch. */
static void check_against_flood_fill(const sgf_board *b)
{
    int w = sgf_board_width(b), h = sgf_board_height(b);
    int n = w * h, stones[3] = { 0, 0, 0 };
    int *chain = malloc(sizeof *chain * (size_t)n);
    int *stack = malloc(sizeof *stack * (size_t)n);
    int *libmark = calloc((size_t)n, sizeof *libmark);
    sgf_point *pts = malloc(sizeof *pts * (size_t)n);
    sgf_board *fresh;
    assert_non_null(chain);
    assert_int_equal(sgf_board_new(&fresh, w, h), SGF_OK);
    for (int i = 0; i < n; i++)
        chain[i] = -1;
    for (int i = 0; i < n; i++) {
        sgf_point pt = { (uint8_t)(i % w), (uint8_t)(i / w) };
        sgf_color c = sgf_board_at(b, pt);
        stones[c]++;
        if (c == SGF_EMPTY) {
            assert_int_equal(sgf_board_chain_liberties(b, pt), 0);
            continue;
        }
        assert_int_equal(sgf_board_setup(fresh, pt, c), SGF_OK);
        if (chain[i] >= 0)
            continue;
        int top = 0, size = 0, libs = 0;
        stack[top++] = i;
        chain[i] = i;
        while (top > 0) {
            int s = stack[--top], sx = s % w, sy = s / w;
            int nb[4] = { sy > 0 ? s - w : -1, sx > 0 ? s - 1 : -1,
                          sx < w - 1 ? s + 1 : -1,
                          sy < h - 1 ? s + w : -1 };
            size++;
            for (int d = 0; d < 4; d++) {
                if (nb[d] < 0)
                    continue;
                sgf_point q = { (uint8_t)(nb[d] % w),
                                (uint8_t)(nb[d] / w) };
                sgf_color qc = sgf_board_at(b, q);
                if (qc == c && chain[nb[d]] < 0) {
                    chain[nb[d]] = i;
                    stack[top++] = nb[d];
                } else if (qc == SGF_EMPTY && libmark[nb[d]] != i + 1) {
                    libmark[nb[d]] = i + 1;
                    libs++;
                }
            }
        }
        assert_int_equal(sgf_board_chain_size(b, pt), size);
        assert_int_equal(sgf_board_chain_liberties(b, pt), libs);
        int got = sgf_board_chain_points(b, pt, pts, (size_t)n);
        assert_int_equal(got, size);
        for (int k = 0; k < got; k++)
            assert_int_equal(chain[pts[k].y * w + pts[k].x], i);
    }
    for (int i = 0; i < n; i++) {
        sgf_point pt = { (uint8_t)(i % w), (uint8_t)(i / w) };
        if (chain[i] >= 0) {
            assert_int_equal(sgf_board_chain_size(b, pt),
                             sgf_board_chain_size(b, (sgf_point){
                                 (uint8_t)(chain[i] % w),
                                 (uint8_t)(chain[i] / w) }));
        }
    }
    assert_int_equal(sgf_board_stone_count(b, SGF_BLACK), stones[1]);
    assert_int_equal(sgf_board_stone_count(b, SGF_WHITE), stones[2]);
    assert_true(sgf_board_hash(b) == sgf_board_hash(fresh));
    sgf_board_free(fresh);
    free(chain);
    free(stack);
    free(libmark);
    free(pts);
}

/* ---- life cycle and queries ------------------------------------------ */

static void test_board_new_rejects_bad_sizes(void **state)
{
    sgf_board *b = (sgf_board *)1;
    (void)state;
    assert_int_equal(sgf_board_new(&b, 0, 19), SGF_EINVAL);
    assert_int_equal(sgf_board_new(&b, 19, 53), SGF_EINVAL);
    assert_int_equal(sgf_board_new(NULL, 19, 19), SGF_EINVAL);
    assert_ptr_equal(b, (sgf_board *)1);
    assert_int_equal(sgf_board_new(&b, 19, 19), SGF_OK);
    assert_int_equal(sgf_board_reset(b, 53, 1), SGF_EINVAL);
    assert_int_equal(sgf_board_width(b), 19);
    sgf_board_free(b);
    sgf_board_free(NULL);
    sgf_history_free(NULL);
}

static void test_board_empty_board_queries(void **state)
{
    sgf_board *b;
    sgf_point pt = { 3, 3 }, off = { 19, 0 };
    (void)state;
    assert_int_equal(sgf_board_new(&b, 19, 19), SGF_OK);
    assert_int_equal(sgf_board_at(b, pt), SGF_EMPTY);
    assert_int_equal(sgf_board_at(b, off), SGF_EMPTY);
    assert_false(sgf_board_contains(b, off));
    assert_true(sgf_board_contains(b, pt));
    assert_int_equal(sgf_board_chain_liberties(b, pt), 0);
    assert_int_equal(sgf_board_chain_size(b, pt), 0);
    assert_true(sgf_board_hash(b) == 0);
    assert_false(sgf_board_ko(b, NULL, NULL));
    assert_int_equal(sgf_board_prisoners(b, SGF_BLACK), 0);
    assert_int_equal(sgf_board_undo_depth(b), 0);
    assert_int_equal(sgf_board_undo(b, NULL), SGF_EINVAL);
    sgf_board_free(b);
}

static void test_board_verdict_names(void **state)
{
    (void)state;
    assert_string_equal(sgf_verdict_name(SGF_VERDICT_LEGAL), "legal");
    assert_string_equal(sgf_verdict_name(SGF_VERDICT_OFF_BOARD),
                        "off-board");
    assert_string_equal(sgf_verdict_name(SGF_VERDICT_OCCUPIED),
                        "illegal-occupied");
    assert_string_equal(sgf_verdict_name(SGF_VERDICT_KO), "illegal-ko");
    assert_string_equal(sgf_verdict_name(SGF_VERDICT_SUICIDE),
                        "illegal-suicide");
    assert_string_equal(sgf_verdict_name(SGF_VERDICT_SUPERKO),
                        "illegal-superko");
    assert_string_equal(sgf_verdict_name((sgf_verdict)42), "?");
}

static void test_board_liberties_of_a_chain(void **state)
{
    struct game g;
    (void)state;
    game_init(&g, 19, 19, NULL, "japanese", SGF_BLACK);
    play(&g, "B D4");
    assert_int_equal(sgf_board_chain_liberties(g.b, gtp(&g, "D4")), 4);
    play(&g, "W D5");
    assert_int_equal(sgf_board_chain_liberties(g.b, gtp(&g, "D4")), 3);
    play(&g, "B E4");
    assert_int_equal(sgf_board_chain_liberties(g.b, gtp(&g, "D4")), 5);
    assert_int_equal(sgf_board_chain_size(g.b, gtp(&g, "E4")), 2);
    play(&g, "W A1");
    play(&g, "B A4");   /* edge: 3 liberties */
    assert_int_equal(sgf_board_chain_liberties(g.b, gtp(&g, "A4")), 3);
    play(&g, "W T19");
    assert_int_equal(sgf_board_chain_liberties(g.b, gtp(&g, "T19")), 2);
    check_against_flood_fill(g.b);
    game_free(&g);
}

/* ---- verdicts -------------------------------------------------------- */

static void test_board_capture_in_corner(void **state)
{
    struct game g;
    static const char *const moves[] = { "B A1", "W B1", "B D4", "W A2",
                                         NULL };
    (void)state;
    game_init(&g, 19, 19, NULL, "japanese", SGF_BLACK);
    sgf_move_result res = play_all(&g, moves);
    assert_int_equal(res.verdict, SGF_VERDICT_LEGAL);
    assert_int_equal(res.captured, 1);
    assert_int_equal(at(&g, "A1"), SGF_EMPTY);
    assert_int_equal(sgf_board_prisoners(g.b, SGF_WHITE), 1);
    assert_int_equal(sgf_board_prisoners(g.b, SGF_BLACK), 0);
    assert_int_equal(sgf_board_chain_liberties(g.b, gtp(&g, "A2")), 3);
    /* no ko: A2 is not a single stone with one liberty */
    assert_false(sgf_board_ko(g.b, NULL, NULL));
    check_against_flood_fill(g.b);
    game_free(&g);
}

static void test_board_occupied_point_replaces_the_stone(void **state)
{
    struct game g;
    static const char *const moves[] = { "B C3", "W D4", "B D4", NULL };
    (void)state;
    game_init(&g, 9, 9, NULL, "japanese", SGF_BLACK);
    sgf_move_result res = play_all(&g, moves);
    assert_int_equal(res.verdict, SGF_VERDICT_OCCUPIED);
    assert_int_equal(at(&g, "D4"), SGF_BLACK);   /* SGF: executed */
    assert_int_equal(sgf_board_stone_count(g.b, SGF_WHITE), 0);
    assert_int_equal(verdict_of(g.b, g.h, &g.r, SGF_WHITE,
                                     gtp(&g, "C3")),
                     SGF_VERDICT_OCCUPIED);
    check_against_flood_fill(g.b);
    assert_int_equal(sgf_board_undo(g.b, g.h), SGF_OK);
    assert_int_equal(at(&g, "D4"), SGF_WHITE);
    check_against_flood_fill(g.b);
    game_free(&g);
}

static void test_board_off_board_changes_nothing(void **state)
{
    struct game g;
    sgf_move_result res;
    sgf_point off = { 9, 2 };
    (void)state;
    game_init(&g, 9, 9, NULL, "japanese", SGF_BLACK);
    size_t depth = sgf_board_undo_depth(g.b);
    assert_int_equal(sgf_board_play(&res, g.b, g.h, &g.r, SGF_BLACK, off),
                     SGF_OK);
    assert_int_equal(res.verdict, SGF_VERDICT_OFF_BOARD);
    assert_int_equal(sgf_board_undo_depth(g.b), depth);
    assert_int_equal(verdict_of(g.b, g.h, &g.r, SGF_BLACK, off),
                     SGF_VERDICT_OFF_BOARD);
    assert_int_equal(sgf_board_play(&res, g.b, g.h, &g.r, SGF_EMPTY,
                                    gtp(&g, "C3")), SGF_EINVAL);
    assert_int_equal(sgf_board_setup(g.b, off, SGF_BLACK), SGF_EINVAL);
    assert_int_equal(sgf_history_move_count(g.h), 0);
    game_free(&g);
}

/* Ko: the capture, the ban on retaking at once, and its lifting. */
static const char *const ko_rows[] = {
    ".....",
    "..XO.",
    ".XO.O",
    "..XO.",
    ".....",
};

static void test_board_ko_immediate_recapture(void **state)
{
    struct game g;
    sgf_color banned;
    sgf_point kp;
    (void)state;
    game_init(&g, 5, 5, ko_rows, "japanese", SGF_BLACK);
    sgf_move_result res = play(&g, "B D3");
    assert_int_equal(res.verdict, SGF_VERDICT_LEGAL);   /* C03 */
    assert_int_equal(res.captured, 1);
    assert_int_equal(sgf_board_prisoners(g.b, SGF_BLACK), 1);
    assert_true(sgf_board_ko(g.b, &kp, &banned));
    assert_int_equal(banned, SGF_WHITE);
    assert_int_equal(kp.x, gtp(&g, "C3").x);
    assert_int_equal(kp.y, gtp(&g, "C3").y);
    res = play(&g, "W C3");
    assert_int_equal(res.verdict, SGF_VERDICT_KO);
    /* executed anyway: D3 captured */
    assert_int_equal(res.captured, 1);
    assert_int_equal(at(&g, "D3"), SGF_EMPTY);
    assert_int_equal(sgf_board_prisoners(g.b, SGF_WHITE), 1);
    game_free(&g);
    /* the same recapture is ko (not superko) under superko rules too */
    game_init(&g, 5, 5, ko_rows, "chinese", SGF_BLACK);
    play(&g, "B D3");
    assert_int_equal(play(&g, "W C3").verdict, SGF_VERDICT_KO);
    game_free(&g);
}

static void test_board_ko_after_threat(void **state)
{
    struct game g;
    static const char *const moves[] = { "B D3", "W A5", "B A1", "W C3",
                                         NULL };
    (void)state;
    game_init(&g, 5, 5, ko_rows, "japanese", SGF_BLACK);
    sgf_move_result res = play_all(&g, moves);   /* C02 */
    assert_int_equal(res.verdict, SGF_VERDICT_LEGAL);
    assert_int_equal(res.captured, 1);
    /* and now Black may not retake at once */
    assert_int_equal(verdict_of(g.b, g.h, &g.r, SGF_BLACK,
                                     gtp(&g, "D3")), SGF_VERDICT_KO);
    /* a pass lifts the ban */
    play(&g, "B pass");
    play(&g, "W pass");
    assert_int_equal(play(&g, "B D3").verdict, SGF_VERDICT_LEGAL);
    game_free(&g);
}

/* Snapback: Black throws in at B5, White takes it with A5 (one stone, but
 * A5 joins a chain, so no ko), Black retakes five stones at B5. */
static void test_board_snapback_is_not_ko(void **state)
{
    struct game g;
    static const char *const rows[] = {
        "..OX.",
        "OOOX.",
        "XXXX.",
        ".....",
        ".....",
    };
    (void)state;
    game_init(&g, 5, 5, rows, "japanese", SGF_BLACK);
    sgf_move_result res = play(&g, "B B5");
    assert_int_equal(res.verdict, SGF_VERDICT_LEGAL);
    assert_int_equal(res.captured, 0);
    res = play(&g, "W A5");
    assert_int_equal(res.verdict, SGF_VERDICT_LEGAL);
    assert_int_equal(res.captured, 1);
    assert_false(sgf_board_ko(g.b, NULL, NULL));
    assert_int_equal(sgf_board_chain_liberties(g.b, gtp(&g, "A5")), 1);
    res = play(&g, "B B5");
    assert_int_equal(res.verdict, SGF_VERDICT_LEGAL);
    assert_int_equal(res.captured, 5);
    assert_int_equal(sgf_board_prisoners(g.b, SGF_BLACK), 5);
    assert_int_equal(sgf_board_prisoners(g.b, SGF_WHITE), 1);
    assert_false(sgf_board_ko(g.b, NULL, NULL));
    assert_int_equal(sgf_board_chain_liberties(g.b, gtp(&g, "B5")), 3);
    check_against_flood_fill(g.b);
    game_free(&g);
}

/* White A4 takes one stone but joins A3: the chain has one liberty
 * (touched once), and Black's retake at A5 takes two stones: not ko. */
static void test_board_recapture_of_two_is_not_ko(void **state)
{
    struct game g;
    static const char *const rows[] = {
        "XO...",
        ".X...",
        "OX...",
        "X....",
        ".....",
    };
    (void)state;
    game_init(&g, 5, 5, rows, "japanese", SGF_WHITE);
    sgf_move_result res = play(&g, "W A4");
    assert_int_equal(res.verdict, SGF_VERDICT_LEGAL);
    assert_int_equal(res.captured, 1);
    assert_int_equal(sgf_board_chain_liberties(g.b, gtp(&g, "A4")), 1);
    assert_false(sgf_board_ko(g.b, NULL, NULL));
    res = play(&g, "B A5");
    assert_int_equal(res.verdict, SGF_VERDICT_LEGAL);
    assert_int_equal(res.captured, 2);
    check_against_flood_fill(g.b);
    game_free(&g);
}

/* Single-stone suicide. */
static const char *const lone_rows[] = {
    "....X",
    ".....",
    ".....",
    "OO...",
    ".O...",
};

static void test_board_single_stone_suicide(void **state)
{
    static const struct {
        const char *preset;
        sgf_verdict want;
    } cases[] = {
        { "japanese", SGF_VERDICT_SUICIDE },
        { "chinese", SGF_VERDICT_SUICIDE },
        { "aga", SGF_VERDICT_SUICIDE },
        { "ing", SGF_VERDICT_SUICIDE },
        { "tromp-taylor", SGF_VERDICT_SUPERKO },  /* position unchanged */
        { "nz", SGF_VERDICT_LEGAL },   /* same board, other player */
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct game g;
        game_init(&g, 5, 5, lone_rows, cases[i].preset, SGF_BLACK);
        uint64_t before = sgf_board_hash(g.b);
        sgf_move_result res = play(&g, "B A1");
        assert_int_equal(res.verdict, cases[i].want);
        assert_int_equal(res.suicided, 1);
        assert_int_equal(res.captured, 0);
        assert_int_equal(at(&g, "A1"), SGF_EMPTY);
        assert_true(sgf_board_hash(g.b) == before);
        assert_int_equal(sgf_board_prisoners(g.b, SGF_WHITE), 1);
        assert_false(res.repetition);
        assert_int_equal(sgf_board_undo(g.b, g.h), SGF_OK);
        assert_int_equal(sgf_board_prisoners(g.b, SGF_WHITE), 0);
        check_against_flood_fill(g.b);
        game_free(&g);
    }
}

/* C05: multi-stone suicide, legal only where the rules allow it. */
static const char *const suicide_rows[] = {
    ".OXO.X",
    "OXXOOO",
    "XX....",
    "......",
    "......",
};

static void test_board_multi_stone_suicide(void **state)
{
    static const struct {
        const char *preset;
        sgf_verdict want;
    } cases[] = {
        { "japanese", SGF_VERDICT_SUICIDE },
        { "korean", SGF_VERDICT_SUICIDE },
        { "chinese", SGF_VERDICT_SUICIDE },
        { "aga", SGF_VERDICT_SUICIDE },
        { "egf", SGF_VERDICT_SUICIDE },
        { "tromp-taylor", SGF_VERDICT_LEGAL },
        { "nz", SGF_VERDICT_LEGAL },
        { "ing", SGF_VERDICT_LEGAL },
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct game g;
        game_init(&g, 6, 5, suicide_rows, cases[i].preset, SGF_BLACK);
        sgf_move_result res = play(&g, "B E5");
        assert_int_equal(res.verdict, cases[i].want);
        assert_int_equal(res.suicided, 2);
        assert_int_equal(at(&g, "E5"), SGF_EMPTY);
        assert_int_equal(at(&g, "F5"), SGF_EMPTY);
        assert_int_equal(sgf_board_prisoners(g.b, SGF_WHITE), 2);
        assert_int_equal(sgf_board_chain_liberties(g.b, gtp(&g, "F4")),
                         5);
        check_against_flood_fill(g.b);
        game_free(&g);
    }
}

/* C06, C07: suicide then refill, positional against situational. */
static void test_board_suicide_refill_superko(void **state)
{
    struct game g;
    static const char *const c06[] = { "B E5", "W pass", "B F5", NULL };
    static const char *const c07[] = { "B E5", "W pass", "B E5", "W A5",
                                       "B F5", "W B5", "B pass", "W A4",
                                       NULL };
    (void)state;
    game_init(&g, 6, 5, suicide_rows, "tromp-taylor", SGF_BLACK);
    assert_int_equal(play_all(&g, c06).verdict, SGF_VERDICT_SUPERKO);
    game_free(&g);
    game_init(&g, 6, 5, suicide_rows, "nz", SGF_BLACK);
    assert_int_equal(play_all(&g, c06).verdict, SGF_VERDICT_LEGAL);
    game_free(&g);
    game_init(&g, 6, 5, suicide_rows, "tromp-taylor", SGF_BLACK);
    assert_int_equal(play_all(&g, c07).verdict, SGF_VERDICT_SUPERKO);
    game_free(&g);
    game_init(&g, 6, 5, suicide_rows, "nz", SGF_BLACK);
    assert_int_equal(play_all(&g, c07).verdict, SGF_VERDICT_SUPERKO);
    game_free(&g);
}

/* C08, C09: sending two, returning one. */
static const char *const two_one_rows[] = {
    ".O.XXO",
    "OXXXO.",
    "O.X.OO",
    "XX.OO.",
    "OOOO.O",
};

static void test_board_send_two_return_one(void **state)
{
    static const char *const c08[] = { "B F4", "W pass", "B D3", "W C5",
                                       "B A5", "W B5", NULL };
    static const char *const c09[] = { "B F4", "W pass", "B D3", "W C5",
                                       "B A5", "W F5", "B pass", "W B5",
                                       "B pass", "W C5", "B A5", NULL };
    static const struct {
        const char *preset;
        sgf_verdict c08, c09;
    } cases[] = {
        { "japanese", SGF_VERDICT_LEGAL, SGF_VERDICT_LEGAL },
        { "chinese", SGF_VERDICT_SUPERKO, SGF_VERDICT_SUPERKO },
        { "tromp-taylor", SGF_VERDICT_SUPERKO, SGF_VERDICT_SUPERKO },
        { "nz", SGF_VERDICT_LEGAL, SGF_VERDICT_SUPERKO },
        { "aga", SGF_VERDICT_LEGAL, SGF_VERDICT_SUPERKO },
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct game g;
        game_init(&g, 6, 5, two_one_rows, cases[i].preset, SGF_BLACK);
        sgf_move_result res = play_all(&g, c08);
        assert_int_equal(res.verdict, cases[i].c08);
        assert_int_equal(res.captured, 1);   /* returns one */
        game_free(&g);
        game_init(&g, 6, 5, two_one_rows, cases[i].preset, SGF_BLACK);
        res = play_all(&g, c09);
        assert_int_equal(res.verdict, cases[i].c09);
        assert_int_equal(res.captured, 2);   /* takes two */
        game_free(&g);
    }
}

/* After B F4 takes a ko, W F5 retaking is ko under every rule (C24). */
static void test_board_ko_under_every_ko_rule(void **state)
{
    static const char *const presets[] = { "japanese", "chinese", "aga",
                                           "nz", "tromp-taylor" };
    (void)state;
    for (size_t i = 0; i < 5; i++) {
        struct game g;
        game_init(&g, 6, 5, two_one_rows, presets[i], SGF_BLACK);
        assert_int_equal(play(&g, "B F4").captured, 1);
        assert_int_equal(play(&g, "W F5").verdict, SGF_VERDICT_KO);
        game_free(&g);
    }
}

/* C11, C12: triple ko. */
static const char *const triple_rows[] = {
    "OOOOOOO",
    "OXO.O.O",
    "X.XOXOX",
    "XXXXXXX",
    "OOOOOOO",
    ".......",
};

static const char *const triple_moves[] = {
    "B D5", "W B4", "B F5", "W D4", "B B5", "W F4",
    "B D5", "W B4", "B F5", "W D4", "B B5", "W F4", NULL
};

static void test_board_triple_ko_japanese_repetition(void **state)
{
    struct game g;
    (void)state;
    game_init(&g, 7, 6, triple_rows, "japanese", SGF_BLACK);
    for (int i = 0; triple_moves[i]; i++) {
        sgf_move_result res = play(&g, triple_moves[i]);
        assert_int_equal(res.verdict, SGF_VERDICT_LEGAL);
        assert_int_equal(res.captured, 1);
        /* the 6th move recreates the start with Black to move */
        assert_int_equal(res.repetition, i >= 5);
    }
    assert_int_equal(sgf_history_occurrences(g.h, sgf_board_hash(g.b),
                                             SGF_BLACK), 3);
    game_free(&g);
}

static void test_board_triple_ko_superko(void **state)
{
    static const char *const presets[] = { "chinese", "aga", "nz",
                                           "tromp-taylor", "ing", "egf" };
    (void)state;
    for (size_t p = 0; p < 6; p++) {
        struct game g;
        game_init(&g, 7, 6, triple_rows, presets[p], SGF_BLACK);
        for (int i = 0; i < 5; i++)
            assert_int_equal(play(&g, triple_moves[i]).verdict,
                             SGF_VERDICT_LEGAL);
        sgf_move_result res = play(&g, triple_moves[5]);
        assert_int_equal(res.verdict, SGF_VERDICT_SUPERKO);
        assert_false(res.repetition);
        game_free(&g);
    }
}

/* C13: eternal life. */
static void test_board_eternal_life(void **state)
{
    static const char *const rows[] = {
        "........",
        "OOOOOO..",
        "XXXXXO..",
        "XOOOXXOO",
        ".O.X.OX.",
    };
    static const char *const moves[] = { "B C1", "W E1", "B D1", "W F1",
                                         "B C1", "W E1", "B D1", "W F1" };
    struct game g;
    (void)state;
    game_init(&g, 8, 5, rows, "japanese", SGF_BLACK);
    for (int i = 0; i < 8; i++) {
        sgf_move_result res = play(&g, moves[i]);
        assert_int_equal(res.verdict, SGF_VERDICT_LEGAL);
        assert_int_equal(res.repetition, i >= 3);
    }
    game_free(&g);
    game_init(&g, 8, 5, rows, "chinese", SGF_BLACK);
    for (int i = 0; i < 3; i++)
        assert_int_equal(play(&g, moves[i]).verdict, SGF_VERDICT_LEGAL);
    assert_int_equal(play(&g, moves[3]).verdict, SGF_VERDICT_SUPERKO);
    game_free(&g);
}

/* ---- board sizes ----------------------------------------------------- */

static void test_board_one_by_one(void **state)
{
    static const struct {
        const char *preset;
        sgf_verdict want;
    } cases[] = {
        { "japanese", SGF_VERDICT_SUICIDE },
        { "tromp-taylor", SGF_VERDICT_SUPERKO },
        { "nz", SGF_VERDICT_LEGAL },
    };
    sgf_point aa = { 0, 0 };
    (void)state;
    for (size_t i = 0; i < 3; i++) {
        struct game g;
        sgf_move_result res;
        game_init(&g, 1, 1, NULL, cases[i].preset, SGF_BLACK);
        assert_int_equal(sgf_board_play(&res, g.b, g.h, &g.r, SGF_BLACK,
                                        aa), SGF_OK);
        assert_int_equal(res.verdict, cases[i].want);
        assert_int_equal(res.suicided, 1);
        assert_int_equal(sgf_board_at(g.b, aa), SGF_EMPTY);
        assert_true(sgf_board_hash(g.b) == 0);
        game_free(&g);
    }
}

static void test_board_rectangular(void **state)
{
    struct game g;
    sgf_point corner = { 18, 12 }, off = { 13, 13 };
    sgf_move_result res;
    (void)state;
    game_init(&g, 19, 13, NULL, "japanese", SGF_BLACK);
    assert_int_equal(sgf_board_width(g.b), 19);
    assert_int_equal(sgf_board_height(g.b), 13);
    assert_int_equal(sgf_board_play(&res, g.b, g.h, &g.r, SGF_BLACK,
                                    corner), SGF_OK);
    assert_int_equal(res.verdict, SGF_VERDICT_LEGAL);
    assert_int_equal(sgf_board_chain_liberties(g.b, corner), 2);
    assert_int_equal(verdict_of(g.b, g.h, &g.r, SGF_WHITE, off),
                     SGF_VERDICT_OFF_BOARD);
    /* a one-row board */
    assert_int_equal(sgf_board_reset(g.b, 5, 1), SGF_OK);
    sgf_history_clear(g.h);
    for (int x = 0; x < 4; x++) {
        sgf_point pt = { (uint8_t)x, 0 };
        assert_int_equal(sgf_board_play(&res, g.b, g.h, &g.r, SGF_BLACK,
                                        pt), SGF_OK);
    }
    sgf_point last = { 4, 0 };
    assert_int_equal(sgf_board_chain_liberties(g.b, last), 0);
    assert_int_equal(sgf_board_chain_liberties(g.b, (sgf_point){ 0, 0 }),
                     1);
    assert_int_equal(verdict_of(g.b, g.h, &g.r, SGF_BLACK, last),
                     SGF_VERDICT_SUICIDE);
    assert_int_equal(sgf_board_play(&res, g.b, g.h, &g.r, SGF_WHITE,
                                    last), SGF_OK);
    assert_int_equal(res.captured, 4);
    check_against_flood_fill(g.b);
    game_free(&g);
}

static void test_board_52x52_corners(void **state)
{
    struct game g;
    sgf_move_result res;
    (void)state;
    game_init(&g, 52, 52, NULL, "chinese", SGF_BLACK);
    const sgf_point corners[4] = { { 0, 0 }, { 51, 0 }, { 0, 51 },
                                   { 51, 51 } };
    for (int i = 0; i < 4; i++) {
        assert_int_equal(sgf_board_play(&res, g.b, g.h, &g.r, SGF_BLACK,
                                        corners[i]), SGF_OK);
        assert_int_equal(res.verdict, SGF_VERDICT_LEGAL);
        assert_int_equal(sgf_board_chain_liberties(g.b, corners[i]), 2);
    }
    /* White captures the corner at (51, 51) */
    sgf_point w1 = { 50, 51 }, w2 = { 51, 50 };
    assert_int_equal(sgf_board_play(&res, g.b, g.h, &g.r, SGF_WHITE, w1),
                     SGF_OK);
    assert_int_equal(sgf_board_play(&res, g.b, g.h, &g.r, SGF_WHITE, w2),
                     SGF_OK);
    assert_int_equal(res.captured, 1);
    assert_int_equal(sgf_board_at(g.b, corners[3]), SGF_EMPTY);
    assert_int_equal(sgf_board_stone_count(g.b, SGF_BLACK), 3);
    check_against_flood_fill(g.b);
    game_free(&g);
}

/* ---- setup, passes, history ------------------------------------------ */

static void test_board_setup_and_undo(void **state)
{
    sgf_board *b;
    sgf_point a1 = { 0, 8 }, a2 = { 0, 7 }, b1 = { 1, 8 }, c3 = { 2, 6 };
    (void)state;
    assert_int_equal(sgf_board_new(&b, 9, 9), SGF_OK);
    /* a black stone without liberties: setup does not capture */
    assert_int_equal(sgf_board_setup(b, a2, SGF_WHITE), SGF_OK);
    assert_int_equal(sgf_board_setup(b, b1, SGF_WHITE), SGF_OK);
    assert_int_equal(sgf_board_setup(b, a1, SGF_BLACK), SGF_OK);
    assert_int_equal(sgf_board_at(b, a1), SGF_BLACK);
    assert_int_equal(sgf_board_chain_liberties(b, a1), 0);
    assert_int_equal(sgf_board_chain_liberties(b, a2), 2);
    assert_int_equal(sgf_board_prisoners(b, SGF_WHITE), 0);
    check_against_flood_fill(b);
    /* change colour, clear, no-op */
    assert_int_equal(sgf_board_setup(b, a2, SGF_BLACK), SGF_OK);
    assert_int_equal(sgf_board_chain_size(b, a1), 2);
    assert_int_equal(sgf_board_chain_liberties(b, a1), 2);
    check_against_flood_fill(b);
    assert_int_equal(sgf_board_setup(b, c3, SGF_EMPTY), SGF_OK);
    assert_int_equal(sgf_board_setup(b, a2, SGF_EMPTY), SGF_OK);
    assert_int_equal(sgf_board_at(b, a2), SGF_EMPTY);
    assert_int_equal(sgf_board_chain_liberties(b, a1), 1);
    check_against_flood_fill(b);
    assert_int_equal(sgf_board_setup(b, a1, (sgf_color)7), SGF_EINVAL);
    assert_int_equal(sgf_board_undo_depth(b), 6);
    assert_int_equal(sgf_board_undo_to(b, NULL, 7), SGF_EINVAL);
    assert_int_equal(sgf_board_undo_to(b, NULL, 3), SGF_OK);
    assert_int_equal(sgf_board_at(b, a2), SGF_WHITE);
    assert_int_equal(sgf_board_chain_liberties(b, a1), 0);
    check_against_flood_fill(b);
    assert_int_equal(sgf_board_undo_to(b, NULL, 0), SGF_OK);
    assert_true(sgf_board_hash(b) == 0);
    assert_int_equal(sgf_board_stone_count(b, SGF_WHITE), 0);
    sgf_board_free(b);
}

static void test_board_passes_end_the_game(void **state)
{
    struct game g;
    (void)state;
    game_init(&g, 9, 9, NULL, "japanese", SGF_BLACK);
    play(&g, "B E5");
    play(&g, "W pass");
    assert_int_equal(sgf_history_passes(g.h), 1);
    assert_false(sgf_history_game_over(g.h, &g.r));
    play(&g, "B pass");
    assert_int_equal(sgf_history_passes(g.h), 2);
    assert_int_equal(sgf_history_last_passer(g.h), SGF_BLACK);
    assert_true(sgf_history_game_over(g.h, &g.r));
    assert_int_equal(sgf_history_move_count(g.h), 3);
    assert_int_equal(sgf_history_to_move(g.h), SGF_WHITE);
    /* EGF needs three */
    assert_int_equal(sgf_rules_preset(&g.r, "egf"), SGF_OK);
    assert_false(sgf_history_game_over(g.h, &g.r));
    /* AGA: White must pass last */
    assert_int_equal(sgf_rules_preset(&g.r, "aga"), SGF_OK);
    assert_false(sgf_history_game_over(g.h, &g.r));
    play(&g, "W pass");
    assert_true(sgf_history_game_over(g.h, &g.r));
    /* a move resets the count; undo restores it */
    play(&g, "B C3");
    assert_int_equal(sgf_history_passes(g.h), 0);
    assert_int_equal(sgf_board_undo(g.b, g.h), SGF_OK);
    assert_int_equal(sgf_history_passes(g.h), 3);
    assert_int_equal(sgf_history_last_passer(g.h), SGF_WHITE);
    assert_int_equal(sgf_board_undo_to(g.b, g.h, 0), SGF_OK);
    assert_int_equal(sgf_history_move_count(g.h), 0);
    assert_int_equal(sgf_history_passes(g.h), 0);
    assert_int_equal(sgf_history_occurrences(g.h, 0, SGF_EMPTY), 0);
    /* one player passing twice: not two passes in a row */
    assert_int_equal(sgf_rules_preset(&g.r, "japanese"), SGF_OK);
    play(&g, "B E5");
    play(&g, "W pass");
    play(&g, "W pass");
    assert_int_equal(sgf_history_passes(g.h), 1);
    assert_false(sgf_history_game_over(g.h, &g.r));
    play(&g, "B pass");
    assert_int_equal(sgf_history_passes(g.h), 2);
    assert_true(sgf_history_game_over(g.h, &g.r));
    game_free(&g);
}

static void test_board_history_starts_itself(void **state)
{
    sgf_board *b;
    sgf_history *h;
    sgf_move_result res;
    sgf_point pt = { 0, 0 };
    sgf_rules tt;
    (void)state;
    assert_int_equal(sgf_rules_preset(&tt, "tromp-taylor"), SGF_OK);
    assert_int_equal(sgf_board_new(&b, 1, 1), SGF_OK);
    assert_int_equal(sgf_history_new(&h), SGF_OK);
    /* no record_position: the empty start is recorded by the move */
    assert_int_equal(sgf_board_play(&res, b, h, &tt, SGF_WHITE, pt),
                     SGF_OK);
    assert_int_equal(res.verdict, SGF_VERDICT_SUPERKO);
    assert_int_equal(sgf_history_occurrences(h, 0, SGF_WHITE), 1);
    assert_int_equal(sgf_history_occurrences(h, 0, SGF_BLACK), 1);
    assert_int_equal(sgf_board_undo(b, h), SGF_OK);
    assert_int_equal(sgf_history_occurrences(h, 0, SGF_EMPTY), 0);
    /* without a history nothing is judged by superko */
    assert_int_equal(sgf_board_play(&res, b, NULL, &tt, SGF_WHITE, pt),
                     SGF_OK);
    assert_int_equal(res.verdict, SGF_VERDICT_LEGAL);
    assert_int_equal(verdict_of(b, NULL, NULL, SGF_WHITE, pt),
                     SGF_VERDICT_SUICIDE);
    /* bad arguments are errors, not verdicts; *out is left alone */
    sgf_verdict v = SGF_VERDICT_LEGAL;
    sgf_rules later = SGF_RULES_INIT;
    later.version = 99;
    assert_int_equal(sgf_board_check(NULL, b, NULL, NULL, SGF_WHITE, pt),
                     SGF_EINVAL);
    assert_int_equal(sgf_board_check(&v, NULL, NULL, NULL, SGF_WHITE, pt),
                     SGF_EINVAL);
    assert_int_equal(sgf_board_check(&v, b, NULL, NULL, SGF_EMPTY, pt),
                     SGF_EINVAL);
    assert_int_equal(sgf_board_check(&v, b, NULL, &later, SGF_WHITE, pt),
                     SGF_EINVAL);
    assert_int_equal(sgf_board_setup_begin(b), SGF_OK);
    assert_int_equal(sgf_board_check(&v, b, NULL, NULL, SGF_WHITE, pt),
                     SGF_EINVAL);
    assert_int_equal(sgf_board_reset(b, 9, 9), SGF_EINVAL);  /* open */
    assert_int_equal(sgf_board_setup_end(b), SGF_OK);
    assert_int_equal(v, SGF_VERDICT_LEGAL);
    sgf_history_free(h);
    sgf_board_free(b);
}

/* ---- random games ---------------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static unsigned rnd(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

/* Everything undo must restore. */
struct snapshot {
    uint8_t color[SGF_MAX_SIZE * SGF_MAX_SIZE];
    uint16_t libs[SGF_MAX_SIZE * SGF_MAX_SIZE];
    uint64_t hash;
    int prisoners[2], passes;
    unsigned moves, occ[2];
    sgf_color to_move;
    bool ko;
    sgf_point ko_point;
};

static void take_snapshot(const struct game *g, struct snapshot *s)
{
    int w = sgf_board_width(g->b), h = sgf_board_height(g->b);
    memset(s, 0, sizeof *s);
    for (int i = 0; i < w * h; i++) {
        sgf_point pt = { (uint8_t)(i % w), (uint8_t)(i / w) };
        s->color[i] = (uint8_t)sgf_board_at(g->b, pt);
        s->libs[i] = (uint16_t)sgf_board_chain_liberties(g->b, pt);
    }
    s->hash = sgf_board_hash(g->b);
    s->prisoners[0] = sgf_board_prisoners(g->b, SGF_BLACK);
    s->prisoners[1] = sgf_board_prisoners(g->b, SGF_WHITE);
    s->passes = sgf_history_passes(g->h);
    s->moves = sgf_history_move_count(g->h);
    s->occ[0] = sgf_history_occurrences(g->h, s->hash, SGF_BLACK);
    s->occ[1] = sgf_history_occurrences(g->h, s->hash, SGF_WHITE);
    s->to_move = sgf_history_to_move(g->h);
    s->ko = sgf_board_ko(g->b, &s->ko_point, NULL);
}

static void random_move(struct game *g)
{
    int w = sgf_board_width(g->b), h = sgf_board_height(g->b);
    sgf_color c = sgf_history_to_move(g->h);
    sgf_point pt = { (uint8_t)rnd((unsigned)w), (uint8_t)rnd((unsigned)h) };
    sgf_move_result res;
    if (rnd(20) == 0)
        c = c == SGF_BLACK ? SGF_WHITE : SGF_BLACK;
    sgf_verdict v = verdict_of(g->b, g->h, &g->r, c, pt);
    for (int tries = 0; v != SGF_VERDICT_LEGAL && tries < 20; tries++) {
        pt.x = (uint8_t)rnd((unsigned)w);
        pt.y = (uint8_t)rnd((unsigned)h);
        v = verdict_of(g->b, g->h, &g->r, c, pt);
    }
    assert_int_equal(sgf_board_play(&res, g->b, g->h, &g->r, c, pt),
                     SGF_OK);
    assert_int_equal(res.verdict, v);
}

/* A setup of many points in one step: random points, and now and then a
 * rectangle, each of a random colour (points named twice: the later
 * wins). */
static void random_setup_step(struct game *g)
{
    int w = sgf_board_width(g->b), h = sgf_board_height(g->b);
    unsigned n = 1 + rnd((unsigned)(w * h < 40 ? w * h : 40));
    assert_int_equal(sgf_board_setup_begin(g->b), SGF_OK);
    for (unsigned k = 0; k < n; k++) {
        sgf_point pt = { (uint8_t)rnd((unsigned)w),
                         (uint8_t)rnd((unsigned)h) };
        sgf_color c = (sgf_color)rnd(3);
        if (rnd(8) == 0) {
            for (int y = pt.y; y < h && y < pt.y + 6; y++)
                for (int x = pt.x; x < w && x < pt.x + 6; x++)
                    assert_int_equal(sgf_board_setup_add(g->b,
                                         (sgf_point){ (uint8_t)x,
                                                      (uint8_t)y }, c),
                                     SGF_OK);
        } else {
            assert_int_equal(sgf_board_setup_add(g->b, pt, c), SGF_OK);
        }
    }
    assert_int_equal(sgf_board_setup_end(g->b), SGF_OK);
}

/* One random operation: mostly moves (legal ones, and now and then an
 * illegal one, which is executed), passes, setup, undo. */
static void random_step(struct game *g, struct snapshot *snaps)
{
    unsigned r = rnd(100);
    int w = sgf_board_width(g->b), h = sgf_board_height(g->b);
    sgf_point pt = { (uint8_t)rnd((unsigned)w), (uint8_t)rnd((unsigned)h) };
    size_t depth = sgf_board_undo_depth(g->b);
    if (r < 75) {
        random_move(g);
    } else if (r < 80) {
        assert_int_equal(sgf_board_pass(g->b, g->h,
                                         sgf_history_to_move(g->h)), SGF_OK);
    } else if (r < 85) {
        assert_int_equal(sgf_board_setup(g->b, pt, (sgf_color)rnd(3)),
                         SGF_OK);
    } else if (r < 88) {
        random_setup_step(g);
    } else if (r < 90) {
        assert_int_equal(sgf_board_record_position(g->b, g->h,
                                                   (sgf_color)(1 + rnd(2))),
                         SGF_OK);
    } else if (depth > 1) {
        /* never below 1: the recorded start */
        size_t to = depth - 1 - rnd((unsigned)(depth < 7 ? depth - 1 : 6));
        assert_int_equal(sgf_board_undo_to(g->b, g->h, to), SGF_OK);
        struct snapshot now;
        take_snapshot(g, &now);
        assert_memory_equal(&now, &snaps[to], sizeof now);
        return;
    }
    if (sgf_board_undo_depth(g->b) != depth)
        take_snapshot(g, &snaps[sgf_board_undo_depth(g->b)]);
}

static void random_game(int w, int h, int steps, bool flood)
{
    struct game g;
    const char *preset = sgf_rules_preset_name(rnd(8));
    struct snapshot *snaps = calloc((size_t)steps + 2, sizeof *snaps);
    assert_non_null(snaps);
    game_init(&g, w, h, NULL, preset, SGF_BLACK);
    take_snapshot(&g, &snaps[sgf_board_undo_depth(g.b)]);
    for (int i = 0; i < steps; i++) {
        random_step(&g, snaps);
        if (flood)
            check_against_flood_fill(g.b);
    }
    check_against_flood_fill(g.b);
    assert_int_equal(sgf_board_undo_to(g.b, g.h, 1), SGF_OK);
    struct snapshot now;
    take_snapshot(&g, &now);
    assert_memory_equal(&now, &snaps[1], sizeof now);
    assert_int_equal(sgf_board_undo_to(g.b, g.h, 0), SGF_OK);
    assert_int_equal(sgf_history_move_count(g.h), 0);
    assert_int_equal(sgf_history_occurrences(g.h, 0, SGF_EMPTY), 0);
    assert_true(sgf_board_hash(g.b) == 0);
    free(snaps);
    game_free(&g);
}

/* Random keys pushed and popped across growths of the table: a rehash
 * reorders clusters, so that later deletions fall inside them. Every
 * count must stay right. */
static void test_board_history_set_with_colliding_keys(void **state)
{
    enum { N = 1500 };
    static uint64_t keys[N];
    static uint8_t sides[N];
    sgf_history *h;
    uint32_t before[2];
    (void)state;
    assert_int_equal(sgf_history_new(&h), SGF_OK);
    for (int round = 0; round < 3; round++) {
        size_t len = 0;
        for (int i = 0; i < N; i++) {
            if (len > 0 && rnd(3) == 0) {
                sgf__history_pop(h);
                len--;
            }
            /* random keys from a pool (so that some repeat) */
            uint64_t k = rnd(round == 0 ? 300 : 3000) + 1;
            keys[len] = k * 0x9e3779b97f4a7c15ULL;
            sides[len] = (uint8_t)(1 + rnd(2));
            assert_int_equal(sgf__history_reserve(h, 1), SGF_OK);
            /* a key holds one number of stones; in round 1 they differ,
             * so that lists stay out of the hash set for a while */
            sgf__history_push(h, keys[len], round == 1 ? (unsigned)(k % 7)
                                                       : 0,
                              (sgf_color)sides[len], SGF__HIST_MOVE,
                              SGF_BLACK, before);
            len++;
            if (i % 50 != 0)
                continue;
            for (size_t j = 0; j < len; j++) {
                unsigned want[3] = { 0, 0, 0 };
                for (size_t m = 0; m < len; m++)
                    if (keys[m] == keys[j])
                        want[sides[m]]++;
                assert_int_equal(sgf_history_occurrences(h, keys[j],
                                                         SGF_BLACK),
                                 want[1]);
                assert_int_equal(sgf_history_occurrences(h, keys[j],
                                                         SGF_WHITE),
                                 want[2]);
            }
        }
        assert_int_equal(sgf_history_move_count(h), len);
        while (len > 0) {
            sgf__history_pop(h);
            len--;
            if (len > 0)
                assert_true(sgf_history_occurrences(h, keys[len - 1],
                                                    SGF_EMPTY) > 0);
        }
        for (int i = 0; i < N; i++)
            assert_int_equal(sgf_history_occurrences(h, keys[i], SGF_EMPTY),
                             0);
        assert_true(sgf__history_is_empty(h));
    }
    /* keys folding to the last slot of both the 1024- and the 2048-slot
     * table: their cluster wraps to slot 0, and the rehash puts the later
     * ones first; then fillers make the table grow */
    uint64_t special[6];
    sgf_history_free(h);
    assert_int_equal(sgf_history_new(&h), SGF_OK);
    for (int i = 0; i < 6; i++) {
        special[i] = 2047u + ((uint64_t)i << 11);
        assert_int_equal(sgf__history_reserve(h, 1), SGF_OK);
        sgf__history_push(h, special[i], 0, SGF_BLACK, SGF__HIST_MOVE,
                          SGF_BLACK, before);
    }
    for (int i = 0; i < 700; i++) {
        assert_int_equal(sgf__history_reserve(h, 1), SGF_OK);
        sgf__history_push(h, (uint64_t)(i + 1) * 0x9e3779b97f4a7c15ULL
                             | 1u << 20, 0, SGF_WHITE, SGF__HIST_MOVE,
                          SGF_WHITE, before);
    }
    for (int i = 0; i < 700; i++)
        sgf__history_pop(h);
    for (int i = 5; i >= 0; i--) {
        for (int j = 0; j <= i; j++)
            assert_int_equal(sgf_history_occurrences(h, special[j],
                                                     SGF_BLACK), 1);
        sgf__history_pop(h);
    }
    sgf_history_free(h);
}

/* Entries go into the hash set only when a position with as many stones
 * is recorded again; until then queries walk them. Counts must not
 * depend on which entries are in the set, across pops and a clear. */
static void test_board_history_lists_by_stones(void **state)
{
    enum { A = 11, B = 12, C = 13, D = 14 };
    sgf_history *h;
    uint32_t before[2], n[2];
    (void)state;
    assert_int_equal(sgf_history_new(&h), SGF_OK);
    assert_int_equal(sgf__history_reserve(h, 8), SGF_OK);
    sgf__history_push(h, A, 5, SGF_BLACK, SGF__HIST_MOVE, SGF_WHITE, before);
    assert_int_equal(before[0] + before[1], 0);
    sgf__history_push(h, B, 6, SGF_WHITE, SGF__HIST_MOVE, SGF_BLACK, before);
    sgf__history_push(h, C, 7, SGF_BLACK, SGF__HIST_MOVE, SGF_WHITE, before);
    /* A is in no hash set yet: found by the walks */
    assert_int_equal(sgf_history_occurrences(h, A, SGF_BLACK), 1);
    assert_int_equal(sgf_history_occurrences(h, A, SGF_WHITE), 0);
    sgf__history_counts(h, A, 5, n);
    assert_int_equal(n[0], 1);
    assert_int_equal(n[1], 0);
    sgf__history_counts(h, A, 6, n);     /* another list: not seen */
    assert_int_equal(n[0] + n[1], 0);
    /* A again with 5 stones: its list goes into the set */
    sgf__history_push(h, A, 5, SGF_WHITE, SGF__HIST_MOVE, SGF_BLACK, before);
    assert_int_equal(before[0], 1);
    assert_int_equal(before[1], 0);
    sgf__history_push(h, D, 5, SGF_BLACK, SGF__HIST_MOVE, SGF_WHITE, before);
    assert_int_equal(before[0] + before[1], 0);
    assert_int_equal(sgf_history_occurrences(h, A, SGF_EMPTY), 2);
    sgf__history_pop(h);
    sgf__history_pop(h);
    assert_int_equal(sgf_history_occurrences(h, A, SGF_BLACK), 1);
    assert_int_equal(sgf_history_occurrences(h, A, SGF_WHITE), 0);
    assert_int_equal(sgf_history_occurrences(h, D, SGF_EMPTY), 0);
    sgf__history_counts(h, A, 5, n);
    assert_int_equal(n[0], 1);
    assert_int_equal(n[1], 0);
    /* the list of 5 stones is back to A alone */
    sgf__history_push(h, A, 5, SGF_BLACK, SGF__HIST_MOVE, SGF_WHITE, before);
    assert_int_equal(before[0], 1);
    assert_int_equal(before[1], 0);
    /* B, alone in its list, is counted once it has company */
    sgf__history_push(h, B, 6, SGF_WHITE, SGF__HIST_MOVE, SGF_BLACK, before);
    assert_int_equal(before[0], 0);
    assert_int_equal(before[1], 1);
    /* a new game sees none of it, in no list */
    sgf_history_clear(h);
    assert_int_equal(sgf__history_reserve(h, 2), SGF_OK);
    sgf__history_push(h, C, 5, SGF_BLACK, SGF__HIST_MOVE, SGF_WHITE, before);
    assert_int_equal(before[0] + before[1], 0);
    sgf__history_push(h, A, 5, SGF_BLACK, SGF__HIST_MOVE, SGF_WHITE, before);
    assert_int_equal(before[0] + before[1], 0);
    assert_int_equal(sgf_history_occurrences(h, A, SGF_EMPTY), 1);
    assert_int_equal(sgf_history_occurrences(h, B, SGF_EMPTY), 0);
    sgf_history_free(h);
}

/* A game long enough to grow the table, then clear: the next game starts
 * in a smaller table (the same memory) and sees none of the old keys;
 * clearing works however often (generations). */
static void test_board_history_clear_after_growth(void **state)
{
    sgf_history *h;
    uint32_t before[2];
    (void)state;
    assert_int_equal(sgf_history_new(&h), SGF_OK);
    for (int round = 0; round < 4; round++) {
        int n = round == 1 ? 3000 : 200;
        uint64_t mul = 0x9e3779b97f4a7c15ULL * (uint64_t)(round + 1);
        for (int i = 0; i < n; i++) {
            assert_int_equal(sgf__history_reserve(h, 1), SGF_OK);
            sgf__history_push(h, (uint64_t)(i + 1) * mul, 0, SGF_BLACK,
                              SGF__HIST_MOVE, SGF_WHITE, before);
            assert_int_equal(before[0] + before[1], 0);
        }
        assert_int_equal(sgf_history_move_count(h), n);
        for (int i = 0; i < n; i += 7)
            assert_int_equal(sgf_history_occurrences(h, (uint64_t)(i + 1)
                                                     * mul, SGF_BLACK), 1);
        sgf_history_clear(h);
        assert_true(sgf__history_is_empty(h));
        assert_int_equal(sgf_history_move_count(h), 0);
        for (int i = 0; i < n; i++)
            assert_int_equal(sgf_history_occurrences(h, (uint64_t)(i + 1)
                                                     * mul, SGF_EMPTY), 0);
    }
    sgf_history_free(h);
}

static void test_board_chains_match_flood_fill_in_random_games(void **state)
{
    static const int sizes[][2] = {
        { 1, 1 }, { 2, 2 }, { 3, 5 }, { 5, 5 }, { 7, 7 }, { 9, 9 },
        { 13, 13 }, { 19, 19 }, { 19, 13 }, { 4, 25 }, { 2, 52 },
    };
    (void)state;
    for (int round = 0; round < 20; round++)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            int w = sizes[i][0], h = sizes[i][1];
            int steps = 3 * w * h < 400 ? 3 * w * h : 400;
            random_game(w, h, steps, true);
        }
    random_game(52, 52, 3000, false);
}

/* Long games on a small board: the history table grows, positions
 * repeat, and everything still undoes exactly. */
static void test_board_undo_restores_everything(void **state)
{
    (void)state;
    for (int round = 0; round < 10; round++)
        random_game(9, 9, 2500, false);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_new_rejects_bad_sizes),
        cmocka_unit_test(test_board_empty_board_queries),
        cmocka_unit_test(test_board_verdict_names),
        cmocka_unit_test(test_board_liberties_of_a_chain),
        cmocka_unit_test(test_board_capture_in_corner),
        cmocka_unit_test(test_board_occupied_point_replaces_the_stone),
        cmocka_unit_test(test_board_off_board_changes_nothing),
        cmocka_unit_test(test_board_ko_immediate_recapture),
        cmocka_unit_test(test_board_ko_after_threat),
        cmocka_unit_test(test_board_snapback_is_not_ko),
        cmocka_unit_test(test_board_recapture_of_two_is_not_ko),
        cmocka_unit_test(test_board_single_stone_suicide),
        cmocka_unit_test(test_board_multi_stone_suicide),
        cmocka_unit_test(test_board_suicide_refill_superko),
        cmocka_unit_test(test_board_send_two_return_one),
        cmocka_unit_test(test_board_ko_under_every_ko_rule),
        cmocka_unit_test(test_board_triple_ko_japanese_repetition),
        cmocka_unit_test(test_board_triple_ko_superko),
        cmocka_unit_test(test_board_eternal_life),
        cmocka_unit_test(test_board_one_by_one),
        cmocka_unit_test(test_board_rectangular),
        cmocka_unit_test(test_board_52x52_corners),
        cmocka_unit_test(test_board_setup_and_undo),
        cmocka_unit_test(test_board_passes_end_the_game),
        cmocka_unit_test(test_board_history_starts_itself),
        cmocka_unit_test(test_board_history_set_with_colliding_keys),
        cmocka_unit_test(test_board_history_lists_by_stones),
        cmocka_unit_test(test_board_history_clear_after_growth),
        cmocka_unit_test(test_board_chains_match_flood_fill_in_random_games),
        cmocka_unit_test(test_board_undo_restores_everything),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
