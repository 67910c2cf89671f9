/*
 * test_repair.c - sgf_repair_game (sgf/repair.h): each repair kind gives
 * its diagnostic and a written record with no error once read again;
 * moves are kept; repairing the repaired record changes nothing; bad
 * arguments are refused.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sgf/parse.h>
#include <sgf/repair.h>
#include <sgf/write.h>

static size_t count_code(const sgf_collection *c, sgf_diag_code code)
{
    size_t k = 0;
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++)
        if (sgf_collection_diag(c, i)->code == code)
            k++;
    return k;
}

/* Parse s, repair every game, write it into *out; the collection is
 * returned for its diagnostics. */
static sgf_collection *repair_str(const char *s, sgf_strbuf *out)
{
    sgf_collection *c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, s, strlen(s), NULL), SGF_OK);
    for (size_t i = 0; i < sgf_collection_game_count(c); i++)
        assert_true(sgf_repair_game(c, sgf_collection_game(c, i)) >= 0);
    sgf_strbuf_init(out);
    assert_int_equal(sgf_write_collection_str(out, c, NULL), SGF_OK);
    return c;
}

/* The repaired text read again: no error; repairing it again gives the
 * same bytes. */
static void check_clean(const sgf_strbuf *out)
{
    sgf_collection *c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, out->ptr, out->len, NULL),
                     SGF_OK);
    assert_int_equal(sgf_collection_count_severity(c, SGF_SEV_ERROR), 0);
    sgf_collection_free(c);
    sgf_strbuf again;
    c = repair_str(out->ptr, &again);
    assert_int_equal(again.len, out->len);
    assert_memory_equal(again.ptr, out->ptr, out->len);
    sgf_strbuf_release(&again);
    sgf_collection_free(c);
}

static void test_bracket(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[4]PB[Lee [3d]];B[aa])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_BRACKET), 1);
    assert_non_null(strstr(out.ptr, "PB[Lee [3d\\]]"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

static void test_merge_and_extra(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[4]KM[6.5]KM[7]C[a]C[b]"
                                   "AB[aa]AB[bb];B[cc])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_EXTRA_VALUE), 1);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_MERGE), 2);
    assert_non_null(strstr(out.ptr, "KM[6.5]"));
    assert_null(strstr(out.ptr, "[7]"));
    assert_non_null(strstr(out.ptr, "C[a\nb]"));
    assert_non_null(strstr(out.ptr, "AB[aa][bb]"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

static void test_split_keeps_moves(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[4];B[aa]W[bb]B[cc];AB[dd]W[ee])",
                                   &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_SPLIT), 2);
    /* B[cc] was merged into B[aa] on reading: still after W[bb] */
    assert_non_null(strstr(out.ptr, ";B[aa];W[bb];B[cc];AB[dd];W[ee]"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

static void test_game_info(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[4]DT[2004/05/06]KM[6.50]"
                                   "RE[Black wins by 3.5]BR[3 dan])",
                                   &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_GAME_INFO), 4);
    assert_non_null(strstr(out.ptr, "DT[2004-05-06]KM[6.5]RE[B+3.5]"
                                    "BR[3d]"));
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* two numbers: which is the margin is a guess, so it stays */
    c = repair_str("(;FF[4]RE[Black won 3 games, by 2.5])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_GAME_INFO), 0);
    assert_non_null(strstr(out.ptr, "RE[Black won 3 games, by 2.5]"));
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

static void test_lists_and_points(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[4]SZ[9]AB[ ][cc][zz][cc]AW[cc]"
                                   "AE[dd:dd];SQ[])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_LIST_VALUE), 4);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_POINT), 2);
    assert_non_null(strstr(out.ptr, "AW[cc]AE[dd]"));
    assert_null(strstr(out.ptr, "AB["));
    assert_null(strstr(out.ptr, "SQ"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

static void test_syntax_and_ff4(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[3]White[tt];b[aa]C[open", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_FF4), 1);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_SYNTAX), 1);
    assert_non_null(strstr(out.ptr, ";B[aa]C[open]"));
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    sgf_collection *a = NULL, *b = NULL;
    assert_int_equal(sgf_parse_buffer(&a, "(;B[aa])", 8, NULL), SGF_OK);
    assert_int_equal(sgf_parse_buffer(&b, "(;B[aa])", 8, NULL), SGF_OK);
    assert_int_equal(sgf_repair_game(NULL, sgf_collection_game(a, 0)),
                     SGF_EINVAL);
    assert_int_equal(sgf_repair_game(a, NULL), SGF_EINVAL);
    assert_int_equal(sgf_repair_game(a, sgf_collection_game(b, 0)),
                     SGF_EINVAL);
    assert_int_equal(sgf_repair_game(a, sgf_collection_game(a, 0)), 0);
    sgf_collection_free(a);
    sgf_collection_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bracket),
        cmocka_unit_test(test_merge_and_extra),
        cmocka_unit_test(test_split_keeps_moves),
        cmocka_unit_test(test_game_info),
        cmocka_unit_test(test_lists_and_points),
        cmocka_unit_test(test_syntax_and_ff4),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
