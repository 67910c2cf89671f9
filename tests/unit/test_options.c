/*
 * test_options.c - the sgf_*_options_init functions and sgf_rules_init
 * give what the SGF_*_INIT macros give, refuse NULL and unknown versions
 * without touching the struct; an sgf_rules of an unknown version is
 * refused by the functions that read one.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <sgf/diagram.h>
#include <sgf/figure.h>
#include <sgf/parse.h>
#include <sgf/replay.h>
#include <sgf/rules.h>
#include <sgf/score.h>
#include <sgf/board.h>
#include <sgf/write.h>

/* Fill with 0xAB, init, compare field by field with the macro; NULL and a
 * version past the current one are refused and leave the bytes alone. */
#define CHECK_INIT(type, fn, macro, current)                             \
    do {                                                                 \
        type want = macro, got, before;                                  \
        memset(&got, 0xAB, sizeof got);                                  \
        before = got;                                                    \
        assert_int_equal(fn(NULL, current), SGF_EINVAL);                 \
        assert_int_equal(fn(&got, (current) + 1), SGF_EINVAL);           \
        assert_int_equal(fn(&got, 0), SGF_EINVAL);                       \
        assert_memory_equal(&got, &before, sizeof got);                  \
        assert_int_equal(fn(&got, current), 0);                          \
        assert_int_equal(got.version, (int)(current));                   \
        check_##type(&got, &want);                                       \
    } while (0)

static void check_sgf_parse_options(const sgf_parse_options *a,
                                    const sgf_parse_options *b)
{
    assert_int_equal(a->flags, b->flags);
    assert_null(a->on_diag);
    assert_null(a->payload);
    assert_null(a->charset);
    assert_int_equal(a->max_diags, b->max_diags);
}

static void check_sgf_replay_options(const sgf_replay_options *a,
                                     const sgf_replay_options *b)
{
    assert_null(a->rules);
    assert_int_equal(a->all_variations, b->all_variations);
    assert_null(a->path);
    assert_int_equal(a->path_len, 0);
    assert_int_equal(a->stop, b->stop);
    assert_int_equal(a->stop_after, b->stop_after);
    assert_int_equal(a->quiet, b->quiet);
    assert_null(a->on_move);
    assert_null(a->payload);
}

static void check_sgf_write_options(const sgf_write_options *a,
                                    const sgf_write_options *b)
{
    assert_int_equal(a->flags, b->flags);
    assert_int_equal(a->line_width, b->line_width);
}

static void check_sgf_diagram_options(const sgf_diagram_options *a,
                                      const sgf_diagram_options *b)
{
    assert_int_equal(a->mark_last, b->mark_last);
    assert_int_equal(a->last.x, b->last.x);
    assert_int_equal(a->last.y, b->last.y);
}

static void check_sgf_figure_options(const sgf_figure_options *a,
                                     const sgf_figure_options *b)
{
    assert_null(a->path);
    assert_int_equal(a->path_len, 0);
    assert_int_equal(a->from, 1);
    assert_int_equal(a->to, SGF_FIGURE_END);
    assert_int_equal(a->first_number, b->first_number);
    assert_int_equal(a->crop, b->crop);
    assert_null(a->rules);
}

static void check_sgf_figure_svg_options(const sgf_figure_svg_options *a,
                                         const sgf_figure_svg_options *b)
{
    assert_int_equal(a->fragment, b->fragment);
    assert_null(a->id_prefix);
    assert_int_equal(a->next_color, SGF_EMPTY);
    assert_int_equal(a->next_number, 0);
    assert_null(a->score_map);
}

static void check_sgf_rules(const sgf_rules *a, const sgf_rules *b)
{
    assert_string_equal(a->name, "japanese");
    assert_int_equal(a->ko, b->ko);
    assert_int_equal(a->suicide, b->suicide);
    assert_int_equal(a->scoring, b->scoring);
    assert_int_equal(a->remove_dead, b->remove_dead);
    assert_int_equal(a->seki_points_count, b->seki_points_count);
    assert_int_equal(a->handicap_comp, b->handicap_comp);
    assert_true(a->komi == 6.5);
    assert_int_equal(a->end_passes, 2);
    assert_int_equal(a->white_passes_last, b->white_passes_last);
    assert_int_equal(a->fixed_handicap, b->fixed_handicap);
}

static void test_init_functions(void **state)
{
    (void)state;
    CHECK_INIT(sgf_parse_options, sgf_parse_options_init,
               SGF_PARSE_OPTIONS_INIT, SGF_PARSE_OPTIONS_VERSION);
    CHECK_INIT(sgf_replay_options, sgf_replay_options_init,
               SGF_REPLAY_OPTIONS_INIT, SGF_REPLAY_OPTIONS_VERSION);
    CHECK_INIT(sgf_write_options, sgf_write_options_init,
               SGF_WRITE_OPTIONS_INIT, SGF_WRITE_OPTIONS_VERSION);
    CHECK_INIT(sgf_diagram_options, sgf_diagram_options_init,
               SGF_DIAGRAM_OPTIONS_INIT, SGF_DIAGRAM_OPTIONS_VERSION);
    CHECK_INIT(sgf_figure_options, sgf_figure_options_init,
               SGF_FIGURE_OPTIONS_INIT, SGF_FIGURE_OPTIONS_VERSION);
    CHECK_INIT(sgf_figure_svg_options, sgf_figure_svg_options_init,
               SGF_FIGURE_SVG_OPTIONS_INIT, SGF_FIGURE_SVG_OPTIONS_VERSION);
    CHECK_INIT(sgf_rules, sgf_rules_init, SGF_RULES_INIT,
               SGF_RULES_VERSION);
}

/* Version 1 of the parse options ends before max_diags: the init of
 * version 1 leaves that field alone. */
static void test_parse_options_version_1(void **state)
{
    (void)state;
    sgf_parse_options o;
    memset(&o, 0xAB, sizeof o);
    unsigned before = o.max_diags;
    assert_int_equal(sgf_parse_options_init(&o, 1), 0);
    assert_int_equal(o.version, 1);
    assert_int_equal(o.flags, 0);
    assert_null(o.charset);
    assert_int_equal(o.max_diags, before);
}

/* A rule set of another version is refused wherever it is read. */
static void test_rules_version_read(void **state)
{
    (void)state;
    sgf_rules r;
    assert_int_equal(sgf_rules_init(&r, SGF_RULES_VERSION), 0);
    sgf_rules bad = r;
    bad.version = SGF_RULES_VERSION + 1;
    char buf[200];
    assert_true(sgf_rules_format(buf, sizeof buf, &r) > 0);
    assert_int_equal(sgf_rules_format(buf, sizeof buf, &bad), SGF_EINVAL);
    assert_true(sgf_rules_game_over(&r, 2, SGF_WHITE));
    assert_false(sgf_rules_game_over(&bad, 2, SGF_WHITE));
    r.scoring = SGF_SCORING_AREA;
    r.handicap_comp = SGF_HANDICAP_COMP_N;
    bad = r;
    bad.version = 0;
    assert_true(sgf_rules_handicap_bonus(&r, 3) == 3);
    assert_true(sgf_rules_handicap_bonus(&bad, 3) == 0);

    sgf_board *b = NULL;
    assert_int_equal(sgf_board_new(&b, 9, 9), 0);
    sgf_point pt = { 2, 2 };
    sgf_move_result res;
    assert_int_equal(sgf_board_play(&res, b, NULL, &bad, SGF_BLACK, pt),
                     SGF_EINVAL);
    assert_int_equal(sgf_board_play(&res, b, NULL, &r, SGF_BLACK, pt), 0);
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_count(&s, b, &bad, NULL, 6.5, 0),
                     SGF_EINVAL);
    assert_int_equal(sgf_score_count(&s, b, &r, NULL, 6.5, 0), 0);
    sgf_board_free(b);

    static const char in[] = "(;GM[1]SZ[9];B[cc];W[dd])";
    sgf_collection *c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, in, sizeof in - 1, NULL), 0);
    sgf_replay *rp = NULL;
    assert_int_equal(sgf_replay_new(&rp), 0);
    sgf_replay_options ro;
    assert_int_equal(sgf_replay_options_init(&ro, SGF_REPLAY_OPTIONS_VERSION),
                     0);
    ro.rules = &bad;
    assert_int_equal(sgf_replay_run(rp, c, sgf_collection_game(c, 0), &ro),
                     SGF_EINVAL);
    ro.rules = &r;
    assert_int_equal(sgf_replay_run(rp, c, sgf_collection_game(c, 0), &ro),
                     0);
    double komi = 0;
    assert_int_equal(sgf_score_komi(&komi, NULL, sgf_collection_game(c, 0),
                                    &bad),
                     SGF_EINVAL);
    sgf_replay_free(rp);
    sgf_collection_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_functions),
        cmocka_unit_test(test_parse_options_version_1),
        cmocka_unit_test(test_rules_version_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
