/*
 * test_check.c - the property layer through sgf_parse_buffer: decoded
 * values, charsets, and every check with its code, severity (FF[4] and
 * FF[1]-FF[3] forms), position and, for moves, move number. The inputs
 * follow ../shared/cases (parse/EXPECTED.tsv, bugs/README.md) but are
 * written here, so that the tests need nothing outside the repository.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <sgf/parse.h>
#include <sgf/write.h>

/* --- helpers ------------------------------------------------------------- */

static sgf_collection *parse_n(const char *s, size_t n)
{
    sgf_collection *c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, s, n, NULL), SGF_OK);
    assert_non_null(c);
    return c;
}

static sgf_collection *parse(const char *s)
{
    return parse_n(s, strlen(s));
}

static size_t count_code(const sgf_collection *c, sgf_diag_code code)
{
    size_t k = 0;
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++)
        k += sgf_collection_diag(c, i)->code == code;
    return k;
}

/* The n-th (0-based) diagnostic with that code, or NULL. */
static const sgf_diag *nth_diag(const sgf_collection *c, sgf_diag_code code,
                                size_t n)
{
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++) {
        const sgf_diag *d = sgf_collection_diag(c, i);
        if (d->code == code && n-- == 0)
            return d;
    }
    return NULL;
}

static const sgf_diag *the_diag(const sgf_collection *c, sgf_diag_code code)
{
    assert_int_equal(count_code(c, code), 1);
    return nth_diag(c, code, 0);
}

static void assert_diag(const sgf_collection *c, sgf_diag_code code,
                        sgf_severity sev, unsigned line, unsigned col)
{
    const sgf_diag *d = the_diag(c, code);
    assert_int_equal(d->severity, sev);
    assert_int_equal(d->pos.line, line);
    assert_int_equal(d->pos.column, col);
}

static void assert_message_has(const sgf_diag *d, const char *part)
{
    if (strstr(d->message, part) == NULL)
        fail_msg("message '%s' lacks '%s'", d->message, part);
}

static void assert_no_diags(const sgf_collection *c)
{
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++)
        fail_msg("unexpected diagnostic: %s [%s]",
                 sgf_collection_diag(c, i)->message,
                 sgf_diag_code_name(sgf_collection_diag(c, i)->code));
}

static const sgf_node *nth_node(const sgf_collection *c, size_t game,
                                size_t n)
{
    const sgf_node *node = sgf_game_root(sgf_collection_game(c, game));
    while (n-- > 0)
        node = sgf_node_first_child(node);
    assert_non_null(node);
    return node;
}

/* Decoded text of a property of the n-th node of the main line. */
static void assert_text(const sgf_collection *c, size_t game, size_t node,
                        sgf_prop_id id, const char *expect)
{
    const sgf_prop *p = sgf_node_find_prop(nth_node(c, game, node), id);
    assert_non_null(p);
    sgf_str t = sgf_prop_text(p, 0);
    assert_int_equal(t.len, strlen(expect));
    assert_memory_equal(t.ptr, expect, t.len);
    assert_int_equal(t.ptr[t.len], '\0');
}

/* --- decoded values (parse/EXPECTED.tsv, bugs B01 B04 B05) --------------- */

static void test_check_escapes_decoded(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9]C[a\\]b\\\\c];B[cc])");
    assert_no_diags(c);
    assert_text(c, 0, 0, SGF_PROP_C, "a]b\\c");
    assert_text(c, 0, 1, SGF_PROP_B, "cc");
    sgf_collection_free(c);
    c = parse("(;FF[4]GM[1]CA[UTF-8]SZ[9]C[a\\]b]\n;B[cc]C[path C:\\\\dir"
              "\\\\]\n;W[gg]C[ends with backslash \\\\])");
    assert_no_diags(c);
    assert_text(c, 0, 0, SGF_PROP_C, "a]b");
    assert_text(c, 0, 1, SGF_PROP_C, "path C:\\dir\\");
    assert_text(c, 0, 2, SGF_PROP_C, "ends with backslash \\");
    sgf_collection_free(c);
}

static void test_check_line_breaks_decoded(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9]C[first\\\nsecond\nthird]"
                              ";B[cc])");
    assert_no_diags(c);
    assert_text(c, 0, 0, SGF_PROP_C, "firstsecond\nthird");
    sgf_collection_free(c);
    c = parse("(;GM[1]FF[4]SZ[9]\r\nC[one\r\ntwo]\r\n;B[cc]\r\n;W[gg])"
              "\r\n");
    assert_no_diags(c);
    assert_text(c, 0, 0, SGF_PROP_C, "one\ntwo");
    sgf_collection_free(c);
    c = parse("(;FF[4]GM[1]CA[UTF-8]SZ[9]C[first line\\\r\ncontinued\r\n"
              "second\tline]\r\nPB[Black\r\nPlayer];B[ee];W[cc])");
    assert_no_diags(c);
    assert_text(c, 0, 0, SGF_PROP_C, "first linecontinued\nsecond line");
    assert_text(c, 0, 0, SGF_PROP_PB, "Black Player");
    sgf_collection_free(c);
}

static void test_check_utf8_and_bom(void **state)
{
    (void)state;
    sgf_collection *c = parse("\xEF\xBB\xBF(;FF[4]GM[1]CA[UTF-8]SZ[19]"
                              "GN[\xE5\xAF\xB9\xE5\xB1\x80]PB[Black Player]"
                              "\n;B[pd];W[dp])");
    assert_int_equal(count_code(c, SGF_D_CHARSET_GUESSED), 0);
    assert_int_equal(sgf_collection_count_severity(c, SGF_SEV_ERROR), 0);
    assert_text(c, 0, 0, SGF_PROP_GN, "\xE5\xAF\xB9\xE5\xB1\x80");
    assert_text(c, 0, 0, SGF_PROP_PB, "Black Player");
    assert_string_equal(sgf_game_charset(sgf_collection_game(c, 0)),
                        "UTF-8");
    sgf_collection_free(c);
}

/* CA[UTF-8]: valid text is taken as it is; one value that is not UTF-8
 * sends the game through the full choice, which keeps its bytes. */
static void test_check_utf8_declared(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;FF[4]GM[1]CA[UTF-8]PB[caf\xC3\xA9];B[pd]"
                              "C[\xE2\x82\xAC 5])");
    assert_no_diags(c);
    assert_text(c, 0, 0, SGF_PROP_PB, "caf\xC3\xA9");
    assert_text(c, 0, 1, SGF_PROP_C, "\xE2\x82\xAC 5");
    assert_string_equal(sgf_game_charset(sgf_collection_game(c, 0)),
                        "UTF-8");
    sgf_collection_free(c);
    c = parse("(;FF[4]GM[1]CA[UTF-8]PB[caf\xC3\xA9];B[pd]C[\xFF\xFE])");
    const sgf_diag *d = the_diag(c, SGF_D_UNDECODABLE_TEXT);
    assert_int_equal(d->pos.column, 38);
    assert_text(c, 0, 0, SGF_PROP_PB, "caf\xC3\xA9");
    assert_text(c, 0, 1, SGF_PROP_C, "\xFF\xFE");
    assert_true(sgf_prop_is_undecodable(
        sgf_node_find_prop(nth_node(c, 0, 1), SGF_PROP_C), 0));
    sgf_collection_free(c);
}

static void test_check_gb2312_declared(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]CA[GB2312]SZ[19]PB[\xB9\xC5\xC1"
                              "\xA6]PW[\xC0\xEE\xCA\xC0\xCA\xAF];B[pd])");
    assert_no_diags(c);
    assert_text(c, 0, 0, SGF_PROP_PB, "\xE5\x8F\xA4\xE5\x8A\x9B");
    assert_text(c, 0, 0, SGF_PROP_PW,
                "\xE6\x9D\x8E\xE4\xB8\x96\xE7\x9F\xB3");
    sgf_collection_free(c);
}

/* B06: no CA, GBK bytes: detected, said, decoded. */
static void test_check_gbk_detected(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;FF[4]GM[1]SZ[19]PB[Black Player]"
                              "C[\xBA\xDA\xCF\xC8]\n;B[pd];W[dp])");
    const sgf_diag *d = the_diag(c, SGF_D_CHARSET_GUESSED);
    assert_int_equal(d->severity, SGF_SEV_WARNING);
    assert_message_has(d, "GB18030");
    assert_text(c, 0, 0, SGF_PROP_C, "\xE9\xBB\x91\xE5\x85\x88");
    sgf_collection_free(c);
}

/* B07: CA[gb2312] in lower case, FF[3], a 9-letter private property. */
static void test_check_multigo_file(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;CA[gb2312]FF[3]AP[MultiGo:4.4.4]SZ[19]"
                              "AB[pd][dp]AW[dd]C[\xB5\xDA" "1\xCC\xE2 "
                              "\xBA\xDA\xCF\xC8]MULTIGOGM[1]\n;B[pp];W[qq])");
    assert_int_equal(sgf_collection_count_severity(c, SGF_SEV_ERROR), 0);
    assert_text(c, 0, 0, SGF_PROP_C,
                "\xE7\xAC\xAC" "1\xE9\xA2\x98 \xE9\xBB\x91\xE5\x85\x88");
    const sgf_diag *d = the_diag(c, SGF_D_UNKNOWN_PROPERTY);
    assert_message_has(d, "MULTIGOGM");
    assert_int_equal(d->severity, SGF_SEV_WARNING);
    assert_non_null(sgf_node_find_prop_ident(nth_node(c, 0, 0),
                                             "MULTIGOGM"));
    sgf_collection_free(c);
}

/* Shift_JIS with a trail byte 0x5C ('\') and 0x5D (']'). */
static void test_check_shift_jis_trail_bytes(void **state)
{
    (void)state;
    /* 表 = 95 5C, ソ = 83 5C, 高 = 8D 82 */
    sgf_collection *c = parse("(;GM[1]FF[4]CA[Shift_JIS]SZ[9]C[\x95\x5C"
                              "\x83\x5C]PB[\x8D\x82];B[cc])");
    assert_int_equal(sgf_collection_count_severity(c, SGF_SEV_ERROR), 0);
    assert_text(c, 0, 0, SGF_PROP_C, "\xE8\xA1\xA8\xE3\x82\xBD");
    assert_text(c, 0, 0, SGF_PROP_PB, "\xE9\xAB\x98");
    assert_non_null(sgf_node_find_prop(nth_node(c, 0, 1), SGF_PROP_B));
    sgf_collection_free(c);
    /* a writer that escapes trail bytes: 転 = 93 5D as 93 5C 5D, and
     * 表 = 95 5C as 95 5C 5C */
    c = parse("(;GM[1]FF[4]CA[Shift_JIS]SZ[9]C[\x93\\]\x95\\\\];B[cc])");
    assert_int_equal(sgf_collection_count_severity(c, SGF_SEV_ERROR), 0);
    assert_text(c, 0, 0, SGF_PROP_C, "\xE8\xBB\xA2\xE8\xA1\xA8");
    assert_non_null(sgf_node_find_prop(nth_node(c, 0, 1), SGF_PROP_B));
    sgf_collection_free(c);
}

static void test_check_undecodable_kept(void **state)
{
    (void)state;
    /* PB is UTF-8; PW is cut inside its last character */
    sgf_collection *c = parse("(;FF[4]GM[1]CA[UTF-8]SZ[9]PB[\xE9\xAA\x8A"
                              "\xE9\xBE\x99]PW[\xE5\xB0\x8F\xE5\xBF\x83"
                              "\xE4\xBD];B[cc])");
    const sgf_diag *d = the_diag(c, SGF_D_UNDECODABLE_TEXT);
    assert_int_equal(d->severity, SGF_SEV_ERROR);
    assert_int_equal(d->pos.column, 39);
    assert_message_has(d, "'PW'");
    const sgf_prop *pw = sgf_node_find_prop(nth_node(c, 0, 0), SGF_PROP_PW);
    assert_true(sgf_prop_is_undecodable(pw, 0));
    assert_false(sgf_prop_is_undecodable(
        sgf_node_find_prop(nth_node(c, 0, 0), SGF_PROP_PB), 0));
    assert_text(c, 0, 0, SGF_PROP_PW,
                "\xE5\xB0\x8F\xE5\xBF\x83\xE4\xBD");
    assert_text(c, 0, 0, SGF_PROP_PB, "\xE9\xAA\x8A\xE9\xBE\x99");
    sgf_collection_free(c);
    /* bytes that some charset reads: the declared one is replaced */
    c = parse("(;FF[4]GM[1]CA[UTF-8]SZ[9]PB[ab\xE9" "cd];B[cc])");
    assert_int_equal(count_code(c, SGF_D_UNDECODABLE_TEXT), 0);
    assert_diag(c, SGF_D_CHARSET_MISMATCH, SGF_SEV_WARNING, 1, 13);
    assert_text(c, 0, 0, SGF_PROP_PB, "ab\xC3\xA9" "cd");
    sgf_collection_free(c);
}

/* --- identifiers --------------------------------------------------------- */

static void test_check_ff3_long_names(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GaMe[1]FileFormat[3]SiZe[9]AddBlack[cc]"
                              "[dd]Comment[old style];Black[ee];White[gg])");
    assert_int_equal(count_code(c, SGF_D_LOWERCASE_IDENT), 7);
    assert_int_equal(sgf_collection_count_severity(c, SGF_SEV_ERROR), 0);
    const sgf_diag *d = nth_diag(c, SGF_D_LOWERCASE_IDENT, 3);
    assert_int_equal(d->severity, SGF_SEV_WARNING);
    assert_message_has(d, "AddBlack");
    assert_message_has(d, "'AB'");
    assert_int_equal(d->pos.column, 30);
    assert_int_equal(sgf_game_ff(sgf_collection_game(c, 0)), 3);
    sgf_collection_free(c);
    /* B09: IGS CoPyright */
    c = parse("(;GaMe[1]FileFormat[3]SiZe[9]PlayerBlack[Black Player]"
              "CoPyright[Free to copy]\n;Black[ee];White[ce];Black[ge])");
    assert_int_equal(sgf_collection_count_severity(c, SGF_SEV_ERROR), 0);
    assert_text(c, 0, 0, SGF_PROP_PB, "Black Player");
    assert_text(c, 0, 0, SGF_PROP_CP, "Free to copy");
    sgf_collection_free(c);
    /* the same in an FF[4] file is an error */
    c = parse("(;GM[1]FF[4]SZ[9];Black[ee])");
    assert_diag(c, SGF_D_LOWERCASE_IDENT, SGF_SEV_ERROR, 1, 19);
    sgf_collection_free(c);
}

static void test_check_duplicate_property(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9];B[cc]C[first]C[second])");
    assert_diag(c, SGF_D_DUPLICATE_PROPERTY, SGF_SEV_ERROR, 1, 32);
    assert_int_equal(count_code(c, SGF_D_VALUE_COUNT), 0);
    sgf_collection_free(c);
    /* B08: AB four times, merged into 5 stones = HA[5] */
    c = parse("(;FF[4]GM[1]SZ[19]HA[5]AB[dd]AB[pp]AB[pd][dp]AB[jj]"
              "KM[0.5]\n;W[qf];B[qh])");
    const sgf_diag *d = the_diag(c, SGF_D_DUPLICATE_PROPERTY);
    assert_int_equal(d->severity, SGF_SEV_ERROR);
    assert_int_equal(d->pos.column, 30);
    assert_message_has(d, "'AB'");
    assert_int_equal(count_code(c, SGF_D_HANDICAP_COUNT), 0);
    assert_int_equal(sgf_prop_value_count(sgf_node_find_prop(
                         nth_node(c, 0, 0), SGF_PROP_AB)), 5);
    sgf_collection_free(c);
    /* a warning in an FF[3] file */
    c = parse("(;GM[1]FF[3]SZ[9];B[cc]C[a]C[b])");
    assert_diag(c, SGF_D_DUPLICATE_PROPERTY, SGF_SEV_WARNING, 1, 28);
    sgf_collection_free(c);
}

static void test_check_unknown_and_glued(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[19]XY[private];B[dd])");
    const sgf_diag *d = the_diag(c, SGF_D_UNKNOWN_PROPERTY);
    assert_int_equal(d->severity, SGF_SEV_WARNING);
    assert_int_equal(d->pos.column, 19);
    assert_null(strstr(d->message, "may be"));
    assert_text(c, 0, 0, SGF_PROP_SZ,
                "19");
    sgf_collection_free(c);
    /* a scraped page lost the values between AB, MA and C */
    c = parse("(;ABMAC[Dame are the empty points.]SZ;AWMAC[One liberty.]"
              " ;WC[White captures.])");
    assert_int_equal(count_code(c, SGF_D_UNKNOWN_PROPERTY), 3);
    assert_message_has(nth_diag(c, SGF_D_UNKNOWN_PROPERTY, 0), "AB+MA+C");
    assert_message_has(nth_diag(c, SGF_D_UNKNOWN_PROPERTY, 1), "AW+MA+C");
    assert_message_has(nth_diag(c, SGF_D_UNKNOWN_PROPERTY, 2), "W+C");
    const sgf_prop *p = sgf_node_find_prop_ident(nth_node(c, 0, 0), "ABMAC");
    assert_non_null(p);
    sgf_str t = sgf_prop_text(p, 0);
    assert_int_equal(t.len, strlen("Dame are the empty points."));
    sgf_collection_free(c);
}

static void test_check_obsolete_and_ff(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9]KI[6];B[cc]L[aa][bb])");
    assert_int_equal(count_code(c, SGF_D_OBSOLETE_PROPERTY), 2);
    const sgf_diag *d = nth_diag(c, SGF_D_OBSOLETE_PROPERTY, 0);
    assert_int_equal(d->severity, SGF_SEV_WARNING);
    assert_message_has(d, "KM");
    assert_message_has(nth_diag(c, SGF_D_OBSOLETE_PROPERTY, 1), "LB");
    sgf_collection_free(c);
    /* Fox's TC[] in FF[4]: obsolete, and its value is not checked */
    c = parse("(;GM[1]FF[4]SZ[19]TC[]TT[30];B[pd])");
    assert_int_equal(count_code(c, SGF_D_OBSOLETE_PROPERTY), 1);
    assert_int_equal(count_code(c, SGF_D_BAD_VALUE), 0);
    sgf_collection_free(c);
    /* in their own format they are fine; FF[4] ones are not */
    c = parse("(;GM[1]FF[3]SZ[9]AP[x:1];B[cc]L[aa]SQ[bb])");
    assert_int_equal(count_code(c, SGF_D_OBSOLETE_PROPERTY), 0);
    assert_int_equal(count_code(c, SGF_D_NOT_IN_FF), 2);
    assert_message_has(nth_diag(c, SGF_D_NOT_IN_FF, 0), "'AP'");
    assert_message_has(nth_diag(c, SGF_D_NOT_IN_FF, 1), "'SQ'");
    sgf_collection_free(c);
}

/* --- placement ----------------------------------------------------------- */

static void test_check_root_outside_root(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9];B[cc];SZ[13]W[dd])");
    assert_diag(c, SGF_D_ROOT_NOT_IN_ROOT, SGF_SEV_ERROR, 1, 25);
    int w, h;
    sgf_game_board_size(sgf_collection_game(c, 0), &w, &h);
    assert_int_equal(w, 9);
    sgf_collection_free(c);
    c = parse("(;GM[1]FF[3]SZ[9];B[cc];SZ[13]W[dd])");
    assert_diag(c, SGF_D_ROOT_NOT_IN_ROOT, SGF_SEV_WARNING, 1, 25);
    sgf_collection_free(c);
}

static void test_check_game_info_twice(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9]PB[a];B[cc];W[dd]PW[b]"
                              "RE[B+R])");
    const sgf_diag *d = the_diag(c, SGF_D_GAME_INFO_TWICE);
    assert_int_equal(d->severity, SGF_SEV_ERROR);
    assert_int_equal(d->pos.column, 35);
    sgf_collection_free(c);
    /* one game-info node in each variation is fine */
    c = parse("(;GM[1]FF[4]SZ[9](;PB[a];B[cc])(;PB[b];B[dd](;PW[x])))");
    assert_int_equal(count_code(c, SGF_D_GAME_INFO_TWICE), 1);
    assert_int_equal(the_diag(c, SGF_D_GAME_INFO_TWICE)->pos.column, 47);
    sgf_collection_free(c);
    c = parse("(;GM[1]FF[4]SZ[9](;PB[a];B[cc])(;PB[b];B[dd]))");
    assert_int_equal(count_code(c, SGF_D_GAME_INFO_TWICE), 0);
    sgf_collection_free(c);
    /* an obsolete game-info property still makes a game-info node */
    c = parse("(;GM[1]FF[4]SZ[9]KI[6];B[cc]PW[b])");
    assert_int_equal(count_code(c, SGF_D_GAME_INFO_TWICE), 1);
    sgf_collection_free(c);
}

static void test_check_setup_and_move(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9];AB[aa]B[cc])");
    assert_diag(c, SGF_D_SETUP_AND_MOVE, SGF_SEV_ERROR, 1, 19);
    sgf_collection_free(c);
    c = parse("(;GM[1]FF[3]SZ[9];B[cc]AW[aa])");
    assert_diag(c, SGF_D_SETUP_AND_MOVE, SGF_SEV_WARNING, 1, 24);
    sgf_collection_free(c);
}

static void test_check_two_moves_and_root_move(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9];B[cc]W[dd];B[ee])");
    assert_diag(c, SGF_D_TWO_MOVES, SGF_SEV_ERROR, 1, 24);
    assert_int_equal(count_code(c, SGF_D_MOVE_IN_ROOT), 0);
    sgf_collection_free(c);
    c = parse("(;GM[1]FF[4]SZ[9]B[cc];W[dd])");
    assert_diag(c, SGF_D_MOVE_IN_ROOT, SGF_SEV_NOTE, 1, 18);
    sgf_collection_free(c);
}

static void test_check_annotations(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9];AB[aa]BM[1];B[cc]TE[1]"
                              "BM[2];W[dd]DO[]GB[1]GW[1]UC[1])");
    assert_diag(c, SGF_D_MOVE_ANNOTATION, SGF_SEV_WARNING, 1, 25);
    assert_int_equal(count_code(c, SGF_D_ANNOTATION_CONFLICT), 2);
    assert_int_equal(nth_diag(c, SGF_D_ANNOTATION_CONFLICT, 0)->pos.column,
                     41);
    assert_message_has(nth_diag(c, SGF_D_ANNOTATION_CONFLICT, 1), "'GW'");
    sgf_collection_free(c);
    /* B41: KO[7.5] in the root, meant as komi */
    c = parse("(;FF[4]GM[1]SZ[19]KO[7.5]RE[W+1.5]\n;B[pd];W[dd])");
    const sgf_diag *d = the_diag(c, SGF_D_MOVE_ANNOTATION);
    assert_int_equal(d->severity, SGF_SEV_WARNING);
    assert_int_equal(d->pos.column, 19);
    assert_message_has(d, "did you mean KM?");
    assert_int_equal(count_code(c, SGF_D_VALUE_FORMAT), 0);
    assert_int_equal(sgf_collection_count_severity(c, SGF_SEV_ERROR), 0);
    sgf_collection_free(c);
    /* KO with its move: fine; a value there is ignored */
    c = parse("(;GM[1]FF[4]SZ[9];B[cc]KO[];W[dd]KO[x])");
    assert_int_equal(count_code(c, SGF_D_MOVE_ANNOTATION), 0);
    assert_int_equal(count_code(c, SGF_D_VALUE_FORMAT), 1);
    sgf_collection_free(c);
}

/* --- values: moves and points -------------------------------------------- */

static void test_check_move_off_board(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9];B[cc];W[kk])");
    const sgf_diag *d = the_diag(c, SGF_D_OFF_BOARD);
    assert_int_equal(d->severity, SGF_SEV_ERROR);
    assert_int_equal(d->pos.line, 1);
    assert_int_equal(d->pos.column, 26);
    assert_int_equal(d->move_number, 2);
    assert_int_equal(d->color, SGF_WHITE);
    assert_true(d->has_point);
    assert_int_equal(d->point.x, 10);
    assert_int_equal(d->point.y, 10);
    assert_message_has(d, "move 2");
    sgf_collection_free(c);
}

/* B23: DD is column 30 on 19x19; "dundefined" is no point. */
static void test_check_bad_coordinates(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;FF[4]GM[1]SZ[19];B[pd];W[DD];B[dp];"
                              "W[dundefined])");
    const sgf_diag *d = the_diag(c, SGF_D_OFF_BOARD);
    assert_int_equal(d->move_number, 2);
    assert_int_equal(d->point.x, 29);
    d = the_diag(c, SGF_D_BAD_VALUE);
    assert_int_equal(d->severity, SGF_SEV_ERROR);
    assert_int_equal(d->move_number, 4);
    assert_int_equal(d->color, SGF_WHITE);
    assert_false(d->has_point);
    assert_message_has(d, "dundefined");
    sgf_collection_free(c);
}

/* Move numbers count B/W on the path from the root, passes included,
 * and start again in each variation. */
static void test_check_move_numbers_in_variations(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9];B[aa](;W[];B[kk])"
                              "(;W[zz];B[bb];W[jj]))");
    assert_int_equal(count_code(c, SGF_D_OFF_BOARD), 3);
    assert_int_equal(nth_diag(c, SGF_D_OFF_BOARD, 0)->move_number, 3);
    assert_int_equal(nth_diag(c, SGF_D_OFF_BOARD, 0)->color, SGF_BLACK);
    assert_int_equal(nth_diag(c, SGF_D_OFF_BOARD, 1)->move_number, 2);
    assert_int_equal(nth_diag(c, SGF_D_OFF_BOARD, 2)->move_number, 4);
    sgf_collection_free(c);
}

static void test_check_pass_forms(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[19];B[dd];W[];B[pp];W[tt]"
                              ";B[dp])");
    assert_no_diags(c);
    sgf_collection_free(c);
    /* B21: tt on 9x9 is a pass; blanks are a non-standard pass */
    c = parse("(;FF[4]GM[1]SZ[9];B[ee];W[tt];B[  ])");
    const sgf_diag *d = the_diag(c, SGF_D_PASS_FORM);
    assert_int_equal(d->severity, SGF_SEV_WARNING);
    assert_int_equal(d->move_number, 3);
    assert_true(d->pass);
    assert_int_equal(count_code(c, SGF_D_OFF_BOARD), 0);
    sgf_collection_free(c);
    /* [] in an FF[3] file; [tt] in a file without FF */
    c = parse("(;GM[1]FF[3]SZ[19];B[];W[tt])");
    assert_int_equal(the_diag(c, SGF_D_PASS_FORM)->move_number, 1);
    sgf_collection_free(c);
    c = parse("(;GM[1]SZ[19];B[dd];W[tt])");
    assert_int_equal(the_diag(c, SGF_D_PASS_FORM)->move_number, 2);
    sgf_collection_free(c);
    /* on 21x21 tt is a point, uu is off the board */
    c = parse("(;GM[1]FF[4]SZ[20];B[tt];W[uu];B[])");
    assert_int_equal(count_code(c, SGF_D_PASS_FORM), 0);
    assert_int_equal(the_diag(c, SGF_D_OFF_BOARD)->move_number, 2);
    sgf_collection_free(c);
}

static void test_check_compressed_lists(void **state)
{
    (void)state;
    /* HA[10] = 3x3 block + ee: the count proves the expansion */
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9]HA[10]AB[aa:cc][ee]"
                              "AW[gg:hh])");
    assert_no_diags(c);
    sgf_collection_free(c);
    /* B31 */
    c = parse("(;FF[4]GM[1]SZ[9]HA[7]AB[aa:cb][ee]AW[gg:ii]TR[ac:cc];"
              "B[dd])");
    assert_no_diags(c);
    sgf_collection_free(c);
    c = parse("(;GM[1]FF[4]SZ[9]AB[aa:aa])");
    assert_diag(c, SGF_D_ONE_POINT_RECT, SGF_SEV_ERROR, 1, 20);
    sgf_collection_free(c);
    c = parse("(;GM[1]FF[3]SZ[9]AB[aa:aa])");
    assert_int_equal(the_diag(c, SGF_D_ONE_POINT_RECT)->severity,
                     SGF_SEV_WARNING);
    assert_int_equal(count_code(c, SGF_D_NOT_IN_FF), 1);
    sgf_collection_free(c);
    /* corners swapped: readable, said */
    c = parse("(;GM[1]FF[4]SZ[9]HA[4]AB[bb:aa])");
    assert_message_has(the_diag(c, SGF_D_VALUE_FORMAT), "aa:bb");
    assert_int_equal(count_code(c, SGF_D_HANDICAP_COUNT), 0);
    sgf_collection_free(c);
    /* a rectangle overlapping a point of the same list */
    c = parse("(;GM[1]FF[4]SZ[9]AB[aa:cc][bc])");
    assert_diag(c, SGF_D_DUPLICATE_POINT, SGF_SEV_WARNING, 1, 27);
    sgf_collection_free(c);
    /* partly off the board */
    c = parse("(;GM[1]FF[4]SZ[9]HA[4]AE[hh:kk])");
    assert_int_equal(count_code(c, SGF_D_OFF_BOARD), 1);
    sgf_collection_free(c);
}

/* B55 */
static void test_check_setup_points(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;FF[4]GM[1]SZ[9]AB[cc][dd][cc]AW[dd][ee]"
                              "\n;B[gg];W[gc])");
    const sgf_diag *d = the_diag(c, SGF_D_DUPLICATE_POINT);
    assert_int_equal(d->severity, SGF_SEV_WARNING);
    assert_int_equal(d->pos.column, 28);
    assert_message_has(d, "'cc'");
    d = the_diag(c, SGF_D_SETUP_OVERLAP);
    assert_int_equal(d->severity, SGF_SEV_ERROR);
    assert_int_equal(d->pos.column, 34);
    assert_message_has(d, "'dd'");
    assert_message_has(d, "'AW'");
    sgf_collection_free(c);
    c = parse("(;FF[3]GM[1]SZ[9]AB[dd]AE[dd])");
    assert_int_equal(the_diag(c, SGF_D_SETUP_OVERLAP)->severity,
                     SGF_SEV_WARNING);
    sgf_collection_free(c);
    c = parse("(;FF[4]GM[1]SZ[9]AB[]AW[aa])");
    assert_int_equal(the_diag(c, SGF_D_BAD_VALUE)->pos.column, 20);
    sgf_collection_free(c);
}

static void test_check_markup(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9];B[dd]MA[dd]CR[dd]SQ[ee];"
                              "W[ee]LB[ff:x][ff:y]TR[ff])");
    assert_int_equal(count_code(c, SGF_D_MARKUP_OVERLAP), 1);
    assert_diag(c, SGF_D_MARKUP_OVERLAP, SGF_SEV_WARNING, 1, 32);
    /* LB twice on ff; LB and TR on one point are allowed */
    assert_diag(c, SGF_D_DUPLICATE_POINT, SGF_SEV_WARNING, 1, 56);
    sgf_collection_free(c);
    c = parse("(;GM[1]FF[4]SZ[9]TB[aa][bb]TW[aa])");
    assert_int_equal(count_code(c, SGF_D_MARKUP_OVERLAP), 1);
    sgf_collection_free(c);
    c = parse("(;GM[1]FF[4]SZ[9]TB[]TW[]DD[]VW[])");
    assert_no_diags(c);
    sgf_collection_free(c);
    c = parse("(;GM[1]FF[4]SZ[9]LB[dd][ee:x])");
    assert_diag(c, SGF_D_BAD_VALUE, SGF_SEV_ERROR, 1, 20);
    sgf_collection_free(c);
}

static void test_check_arrows_lines(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9]AR[aa:aa][bb:cc][bb:cc]"
                              "[cc:bb]LN[dd:ee][ee:dd])");
    assert_int_equal(count_code(c, SGF_D_DUPLICATE_PAIR), 3);
    assert_int_equal(nth_diag(c, SGF_D_DUPLICATE_PAIR, 0)->pos.column, 20);
    assert_message_has(nth_diag(c, SGF_D_DUPLICATE_PAIR, 0), "itself");
    assert_int_equal(nth_diag(c, SGF_D_DUPLICATE_PAIR, 1)->pos.column, 34);
    assert_int_equal(nth_diag(c, SGF_D_DUPLICATE_PAIR, 2)->pos.column, 57);
    sgf_collection_free(c);
    c = parse("(;GM[1]FF[4]SZ[9]AR[aa][aa:kk])");
    assert_int_equal(count_code(c, SGF_D_BAD_VALUE), 1);
    assert_int_equal(count_code(c, SGF_D_OFF_BOARD), 1);
    sgf_collection_free(c);
}

/* --- values: root, game info --------------------------------------------- */

/* B25: eight games, one collection. */
static void test_check_board_sizes(void **state)
{
    (void)state;
    static const char in[] =
        "(;FF[4]GM[1]SZ[53];B[aa])(;FF[4]GM[1]SZ[0];B[aa])"
        "(;FF[4]GM[1]SZ[19:];B[aa])(;FF[4]GM[1]SZ[:9];B[aa])"
        "(;FF[4]GM[1]SZ[abc];B[aa])(;FF[4]GM[1]SZ[19:19];B[aa])"
        "(;FF[4]GM[1]SZ[1];B[aa])(;FF[4]GM[1]SZ[52];B[aa])";
    sgf_collection *c = parse(in);
    assert_int_equal(sgf_collection_game_count(c), 8);
    assert_int_equal(count_code(c, SGF_D_BOARD_SIZE), 5);
    for (int i = 0; i < 5; i++) {
        const sgf_diag *d = nth_diag(c, SGF_D_BOARD_SIZE, (size_t)i);
        assert_int_equal(d->game, i);
        assert_int_equal(d->severity, SGF_SEV_ERROR);
        int w, h;
        sgf_game_board_size(sgf_collection_game(c, (size_t)i), &w, &h);
        assert_int_equal(w, 19);
        assert_int_equal(h, 19);
    }
    const sgf_diag *d = the_diag(c, SGF_D_VALUE_FORMAT);
    assert_int_equal(d->game, 5);
    assert_int_equal(d->severity, SGF_SEV_WARNING);
    assert_int_equal(count_code(c, SGF_D_OFF_BOARD), 0);
    int w, h;
    sgf_game_board_size(sgf_collection_game(c, 7), &w, &h);
    assert_int_equal(w, 52);
    sgf_collection_free(c);
    c = parse("(;FF[4]GM[1]SZ[19:13];B[as])");
    sgf_game_board_size(sgf_collection_game(c, 0), &w, &h);
    assert_int_equal(w, 19);
    assert_int_equal(h, 13);
    assert_int_equal(the_diag(c, SGF_D_OFF_BOARD)->point.y, 18);
    sgf_collection_free(c);
    c = parse("(;FF[3]GM[1]SZ[25];B[aa])");
    assert_int_equal(count_code(c, SGF_D_NOT_IN_FF), 1);
    sgf_collection_free(c);
}

/* A text value whose end reads as the start of a node: its ']' is
 * probably missing, and the move after it was read as text. A quoted
 * node with its ']' escaped, a '[' of plain text and a property of the
 * same node (no ';') are no such end. */
static void test_check_node_in_text(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9];B[aa]C[nice ;W[bb];B[cc])");
    assert_diag(c, SGF_D_NODE_IN_TEXT, SGF_SEV_WARNING, 1, 25);
    sgf_collection_free(c);
    c = parse("(;GM[1]FF[4]SZ[9]GC[x ;\n AB[ab:cd];B[cc]N[y;B[]"
              ";W[dd])");
    assert_int_equal(count_code(c, SGF_D_NODE_IN_TEXT), 2);
    sgf_collection_free(c);
    c = parse("(;GM[1]FF[4]SZ[9];B[aa]C[quote ;W[bb\\]];W[cc]C[a [b\\] c]"
              ";B[dd]C[x PB[y];W[ee]C[;w[ab])");
    assert_int_equal(count_code(c, SGF_D_NODE_IN_TEXT), 0);
    sgf_collection_free(c);
}

static void test_check_root_numbers(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;FF[5]GM[1]SZ[9]ST[7]PM[3];B[aa])");
    assert_int_equal(count_code(c, SGF_D_VALUE_RANGE), 3);
    assert_int_equal(nth_diag(c, SGF_D_VALUE_RANGE, 0)->pos.column, 5);
    assert_int_equal(nth_diag(c, SGF_D_VALUE_RANGE, 1)->pos.column, 20);
    assert_int_equal(sgf_game_ff(sgf_collection_game(c, 0)), 0);
    sgf_collection_free(c);
    c = parse("(;FF[4]GM[game of go]SZ[9]ST[2];B[aa])");
    assert_diag(c, SGF_D_BAD_VALUE, SGF_SEV_ERROR, 1, 10);
    assert_int_equal(sgf_game_gm(sgf_collection_game(c, 0)), 1);
    sgf_collection_free(c);
    c = parse("(;FF[4]GM[1]SZ[9]KM[6.5][7.5]MN[x];B[aa])");
    assert_diag(c, SGF_D_VALUE_COUNT, SGF_SEV_ERROR, 1, 25);
    assert_diag(c, SGF_D_BAD_VALUE, SGF_SEV_ERROR, 1, 32);
    sgf_collection_free(c);
}

static void test_check_not_go(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[2]FF[4]SZ[8];B[ab];W[cd]XX[1])");
    const sgf_diag *d = the_diag(c, SGF_D_NOT_GO);
    assert_int_equal(d->severity, SGF_SEV_NOTE);
    assert_int_equal(d->pos.column, 3);
    assert_int_equal(sgf_collection_diag_count(c), 1);
    assert_int_equal(sgf_game_gm(sgf_collection_game(c, 0)), 2);
    sgf_collection_free(c);
    /* identifiers are still checked */
    c = parse("(;GM[2]FF[4]SZ[8];B[ab]C[a]C[b])");
    assert_int_equal(count_code(c, SGF_D_DUPLICATE_PROPERTY), 1);
    sgf_collection_free(c);
}

/* B39: komi as written in the wild. */
static void test_check_komi(void **state)
{
    (void)state;
    static const struct {
        const char *km;
        bool warn;
        const char *read;
    } cases[] = {
        { "6,5", true, "6.5" }, { "", true, "unknown" },
        { "7.50", false, NULL }, { " 6.5 ", true, "6.5" },
        { "-3", false, NULL }, { "0.5", false, NULL },
        { "6.5pts", true, "6.5" }, { "5 1/2", true, "5.5" },
        { "750", true, "read as 7.5 (" }, { "-6,5", true, "read as -6.5" },
        { "0,125", true, "read as 0.125" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char in[128];
        snprintf(in, sizeof in, "(;FF[4]GM[1]SZ[9]KM[%s];B[ee];W[cc])",
                 cases[i].km);
        sgf_collection *c = parse(in);
        assert_int_equal(sgf_collection_count_severity(c, SGF_SEV_ERROR),
                         0);
        assert_int_equal(count_code(c, SGF_D_KOMI_FORMAT),
                         cases[i].warn ? 1 : 0);
        if (cases[i].warn) {
            const sgf_diag *d = the_diag(c, SGF_D_KOMI_FORMAT);
            assert_int_equal(d->severity, SGF_SEV_WARNING);
            assert_int_equal(d->pos.column, 20);
            assert_message_has(d, cases[i].read);
        }
        sgf_collection_free(c);
    }
    sgf_collection *c = parse("(;FF[4]GM[1]SZ[9]KM[abc])");
    assert_diag(c, SGF_D_BAD_VALUE, SGF_SEV_ERROR, 1, 20);
    sgf_collection_free(c);
    /* a whole number is written without decimals */
    c = parse("(;FF[4]GM[1]SZ[9]KM[6,0])");
    const char *m = the_diag(c, SGF_D_KOMI_FORMAT)->message;
    assert_string_equal(m + strlen(m) - 9, "read as 6");
    sgf_collection_free(c);
}

static void test_check_handicap(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[19]HA[3]AB[dp][pd];W[dd])");
    const sgf_diag *d = the_diag(c, SGF_D_HANDICAP_COUNT);
    assert_int_equal(d->severity, SGF_SEV_WARNING);
    assert_int_equal(d->pos.column, 19);
    assert_message_has(d, "2 AB");
    sgf_collection_free(c);
    /* B36 */
    c = parse("(;FF[4]GM[1]SZ[19]HA[4]KM[0.5]RU[Japanese]\n;W[pd];B[dp])");
    assert_message_has(the_diag(c, SGF_D_HANDICAP_COUNT), "no AB");
    sgf_collection_free(c);
    /* B37 */
    c = parse("(;FF[4]GM[1]SZ[19]HA[3]AB[dp][pd][pp][ja][ka][la]AW[ma]"
              "[na]PL[W]\n;W[qf];B[qh])");
    assert_message_has(the_diag(c, SGF_D_HANDICAP_COUNT), "6 AB");
    sgf_collection_free(c);
    /* B38: not a number; HA[1] */
    c = parse("(;FF[4]GM[1]CA[UTF-8]SZ[19]HA[\xE5\xAF\xB9\xE5\xAD\x90]"
              "KM[7.5];B[pd];W[dd])(;FF[4]GM[1]CA[UTF-8]SZ[19]HA[1]"
              "KM[0.5]AB[pd];W[dd];B[pp])");
    assert_int_equal(count_code(c, SGF_D_HANDICAP_VALUE), 2);
    assert_int_equal(nth_diag(c, SGF_D_HANDICAP_VALUE, 0)->game, 0);
    assert_int_equal(nth_diag(c, SGF_D_HANDICAP_VALUE, 1)->game, 1);
    assert_int_equal(nth_diag(c, SGF_D_HANDICAP_VALUE, 1)->severity,
                     SGF_SEV_WARNING);
    assert_int_equal(count_code(c, SGF_D_HANDICAP_COUNT), 0);
    assert_int_equal(sgf_collection_count_severity(c, SGF_SEV_ERROR), 0);
    sgf_collection_free(c);
    /* HA[0] means no handicap */
    c = parse("(;FF[4]GM[1]SZ[19]HA[0];B[pd])");
    assert_no_diags(c);
    sgf_collection_free(c);
}

static void test_check_dates(void **state)
{
    (void)state;
    static const char *const good[] = {
        "2016-03-04", "1996", "1996-05", "1996-05,06", "1996-05-06,07,08",
        "1996,1997", "1996-12-27,28,1997-01-03,04", "2024-02-29",
        "1996-05-06,12-07"
    };
    static const struct {
        const char *dt;
        const char *says;
    } bad[] = {
        { "2024-13-45", "calendar" }, { "2024-02-30", "calendar" },
        { "2023-02-29", "calendar" }, { "1996-05-00", "calendar" },
        { "29/11/2026", "read as 2026-11-29" },
        { "2026.11.29", "read as 2026-11-29" },
        { "2017-01-04 22:33:00", "read as 2017-01-04" },
        { " 2026-11-29", "read as 2026-11-29" },
        { "11/29/2026", "read as 2026-11-29" },
        { "03/04/2026", "kept as text" }, { "sometime", "kept as text" },
        { "1996-05,06-07", "kept as text" },
        { "1996,05-06", "read as 1996-05-06" }, { "96-05-06", "kept as text" },
        { "", "kept as text" },
    };
    char in[128];
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        snprintf(in, sizeof in, "(;FF[4]GM[1]SZ[9]DT[%s])", good[i]);
        sgf_collection *c = parse(in);
        if (count_code(c, SGF_D_DATE_FORMAT) != 0)
            fail_msg("DT[%s]: %s", good[i],
                     the_diag(c, SGF_D_DATE_FORMAT)->message);
        sgf_collection_free(c);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(in, sizeof in, "(;FF[4]GM[1]SZ[9]DT[%s])", bad[i].dt);
        sgf_collection *c = parse(in);
        const sgf_diag *d = the_diag(c, SGF_D_DATE_FORMAT);
        assert_int_equal(d->severity, SGF_SEV_WARNING);
        assert_int_equal(d->pos.column, 20);
        assert_message_has(d, bad[i].says);
        sgf_collection_free(c);
    }
}

/* B52 and friends */
static void test_check_results(void **state)
{
    (void)state;
    static const char *const good[] = {
        "B+R", "W+Resign", "W+T", "B+Time", "B+F", "W+Forfeit", "Void",
        "0", "Draw", "B+", "?", "W+0.5", "B+55.50", "W+12"
    };
    static const struct {
        const char *re;
        const char *says;
    } bad[] = {
        { "W+Resign ", "read as W+Resign" }, { "b+r", "read as B+R" },
        { "Black wins", "read as B+" }, { "W+2.5 points", "read as W+2.5" },
        { "B", "read as B+" }, { "W+resign", "read as W+Resign" },
        { "\xE7\x99\xBD\xE8\x83\x9C" "43.5", "kept as text" },
        { "B+AW", "kept as text" }, { "", "kept as text" },
        { "Jigo?", "kept as text" }, { "Jigo", "read as 0" },
        { "White+6.5", "read as W+6.5" }, { "black+", "read as B+" },
        { "White+Resign", "read as W+Resign" },
        { "B+R (time)", "read as B+R" },
        { "W+6.5 (counted)", "read as W+6.5" }, { "(x)", "kept as text" },
        { "W+J", "kept as text" },
    };
    char in[128];
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        snprintf(in, sizeof in, "(;FF[4]GM[1]CA[UTF-8]SZ[9]RE[%s])",
                 good[i]);
        sgf_collection *c = parse(in);
        if (count_code(c, SGF_D_RESULT_FORMAT) != 0)
            fail_msg("RE[%s]: %s", good[i],
                     the_diag(c, SGF_D_RESULT_FORMAT)->message);
        sgf_collection_free(c);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(in, sizeof in, "(;FF[4]GM[1]CA[UTF-8]SZ[9]RE[%s])",
                 bad[i].re);
        sgf_collection *c = parse(in);
        const sgf_diag *d = the_diag(c, SGF_D_RESULT_FORMAT);
        assert_int_equal(d->severity, SGF_SEV_WARNING);
        assert_int_equal(d->pos.column, 29);
        assert_message_has(d, bad[i].says);
        sgf_collection_free(c);
    }
}

/* B53: a clean KGS-style root (unescaped [ in C, reals, times). */
/* The detection judges each charset on the bytes its own conversion will
 * see: a lead byte before '\\' keeps the backslash in GB18030 or Big5
 * (its trail byte), not in a one-byte reading. Fuzz finding
 * undecodable-value-redetected.sgf: CA names no charset, Q holds
 * "W\xA7\\\xEE"; GB18030 was chosen for "W\xA7\xEE" (escape removed),
 * then failed on "W\xA7\x5C\xEE" (the pair kept): the value was flagged
 * undecodable and, written back and read again alone, decoded. */
static void test_check_detection_sees_converted_bytes(void **state)
{
    (void)state;
    static const char in[] = "(;CA[\x81\x8BH\x01 c\0\0Big5]"
                             "Q[W\xA7\\\xEE])";
    sgf_collection *c = parse_n(in, sizeof in - 1);
    assert_int_equal(count_code(c, SGF_D_UNDECODABLE_TEXT), 0);
    const sgf_prop *q = sgf_node_first_prop(nth_node(c, 0, 0));
    q = sgf_prop_next(q);
    assert_false(sgf_prop_is_undecodable(q, 0));
    sgf_str t = sgf_prop_text(q, 0);
    const char *cs = sgf_game_charset(sgf_collection_game(c, 0));
    assert_string_not_equal(cs, "GB18030");
    /* the text is the reading of 3 bytes, not of 4 */
    assert_int_equal(t.ptr[0], 'W');
    assert_int_equal(t.ptr[t.len], '\0');
    /* written and read back: the same text, still decodable */
    sgf_strbuf w = SGF_STRBUF_INIT;
    assert_int_equal(sgf_write_collection_str(&w, c, NULL), SGF_OK);
    sgf_collection *b = parse_n(w.ptr, w.len);
    const sgf_prop *q2 = sgf_prop_next(sgf_node_first_prop(nth_node(b, 0, 0)));
    while (q2 != NULL && strcmp(sgf_prop_ident(q2), "Q") != 0)
        q2 = sgf_prop_next(q2);
    assert_non_null(q2);
    assert_false(sgf_prop_is_undecodable(q2, 0));
    sgf_str t2 = sgf_prop_text(q2, 0);
    assert_int_equal(t2.len, t.len);
    assert_memory_equal(t2.ptr, t.ptr, t.len);
    assert_int_equal(count_code(b, SGF_D_UNDECODABLE_TEXT), 0);
    sgf_collection_free(b);
    sgf_strbuf_release(&w);
    sgf_collection_free(c);
    /* GB2312 declared, a GBK character with trail 0x5C escaped the way
     * the spec says: GB18030 reads the pair, as the lexer did */
    c = parse("(;FF[4]GM[1]CA[GB2312]SZ[9]C[\xB0\xA1\x81\\\\];B[cc])");
    assert_int_equal(count_code(c, SGF_D_UNDECODABLE_TEXT), 0);
    assert_text(c, 0, 0, SGF_PROP_C, "\xE5\x95\x8A\xE4\xB9\x97");
    sgf_collection_free(c);
}

/* --- the nodes most records are made of ---------------------------------- */

/* A move, with time left and moves left, takes the checker's fast path:
 * texts NUL-terminated, nothing reported, the moves counted for the
 * nodes that follow. */
static void test_check_plain_move_nodes(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;FF[4]GM[1]SZ[19];B[pd]BL[1799.5]OB[25]"
                              ";W[dp]WL[1800]OW[3];B[qp];W[dd]WL[12.25]"
                              ";B[zz]BL[5])");
    assert_text(c, 0, 1, SGF_PROP_B, "pd");
    assert_text(c, 0, 1, SGF_PROP_BL, "1799.5");
    assert_text(c, 0, 1, SGF_PROP_OB, "25");
    assert_text(c, 0, 2, SGF_PROP_OW, "3");
    assert_text(c, 0, 3, SGF_PROP_B, "qp");
    assert_text(c, 0, 4, SGF_PROP_WL, "12.25");
    /* the off-board move after them has its number */
    const sgf_diag *d = the_diag(c, SGF_D_OFF_BOARD);
    assert_int_equal(d->move_number, 5);
    assert_int_equal(d->color, SGF_BLACK);
    assert_int_equal(sgf_collection_diag_count(c), 1);
    sgf_collection_free(c);
    /* what the fast path must leave to the checks */
    c = parse("(;FF[4]GM[1]SZ[9];B[ee]BL[1,5];W[ff]OW[-1];B[gg]BL[]"
              ";W[hh][ii];b[cc];B[dd]W[ee])");
    assert_int_equal(count_code(c, SGF_D_VALUE_FORMAT), 1);   /* BL[1,5] */
    assert_int_equal(count_code(c, SGF_D_VALUE_RANGE), 1);    /* OW[-1] */
    assert_int_equal(count_code(c, SGF_D_BAD_VALUE), 1);      /* BL[] */
    assert_int_equal(count_code(c, SGF_D_VALUE_COUNT), 1);    /* [hh][ii] */
    assert_int_equal(count_code(c, SGF_D_LOWERCASE_IDENT), 1);
    assert_int_equal(count_code(c, SGF_D_TWO_MOVES), 1);
    sgf_collection_free(c);
    /* [tt] with time left, in a file without FF: a pass, said */
    c = parse("(;GM[1]SZ[9];B[ee];W[tt]WL[3])");
    assert_int_equal(the_diag(c, SGF_D_PASS_FORM)->move_number, 2);
    sgf_collection_free(c);
    /* OB is FF[3]-FF[4]: in an FF[2] file it is reported, not skipped */
    c = parse("(;FF[2]GM[1]SZ[19];B[pd]OB[5];W[dd])");
    assert_int_equal(count_code(c, SGF_D_NOT_IN_FF), 1);
    sgf_collection_free(c);
    /* not Go: no move checks at all (a point is the game's own), the
       general properties checked (a time left that is no number), texts
       still decoded */
    c = parse("(;FF[4]GM[2]SZ[9];B[zz];W[ab]WL[x])");
    assert_int_equal(count_code(c, SGF_D_OFF_BOARD), 0);
    assert_int_equal(count_code(c, SGF_D_BAD_VALUE), 1);
    assert_text(c, 0, 1, SGF_PROP_B, "zz");
    assert_text(c, 0, 2, SGF_PROP_WL, "x");
    sgf_collection_free(c);
}

/* The time values the fast path reads without the checks (eight bytes at
 * a time when the input goes on for eight more, byte by byte otherwise):
 * the forms it takes are silent, every other one is checked. */
static void test_check_plain_time_values(void **state)
{
    (void)state;
    static const struct {
        const char *prop, *value;
        sgf_diag_code code;          /* SGF_D_NONE: silent */
    } cases[] = {
        { "BL", "5", SGF_D_NONE }, { "BL", "1799.5", SGF_D_NONE },
        { "BL", "+1.5", SGF_D_NONE }, { "WL", "-2", SGF_D_NONE },
        { "WL", "1234567", SGF_D_NONE }, { "WL", "12345678", SGF_D_NONE },
        { "BL", "123456.78", SGF_D_NONE }, { "BL", "0.125", SGF_D_NONE },
        { "BL", "1.", SGF_D_VALUE_FORMAT },         /* read loosely */
        { "BL", ".5", SGF_D_VALUE_FORMAT },
        { "BL", "1.2.3", SGF_D_BAD_VALUE }, { "BL", "+", SGF_D_BAD_VALUE },
        /* a time with a word that is no unit is not guessed at */
        { "WL", "1a", SGF_D_BAD_VALUE }, { "WL", "", SGF_D_BAD_VALUE },
        { "WL", "1m", SGF_D_VALUE_FORMAT },     /* a unit: 60 seconds */
        { "OB", "0", SGF_D_NONE }, { "OB", "25", SGF_D_NONE },
        { "OW", "1234567", SGF_D_NONE },
        { "OW", "123456789012345678", SGF_D_NONE },
        { "OB", "+3", SGF_D_NONE },   /* a Number, read by the checks */
        { "OB", "-1", SGF_D_VALUE_RANGE },
        { "OB", "2.5", SGF_D_BAD_VALUE }, { "OW", "1x", SGF_D_BAD_VALUE },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (int tail = 0; tail < 2; tail++) {
            char in[128];
            /* with and without eight more bytes after the value */
            int n = snprintf(in, sizeof in, "(;FF[4]GM[1]SZ[9];B[ee]%s[%s]"
                             "%s", cases[i].prop, cases[i].value,
                             tail ? ";W[cc]C[more bytes])" : ")");
            sgf_collection *c = parse_n(in, (size_t)n);
            if (cases[i].code == SGF_D_NONE) {
                assert_no_diags(c);
                sgf_prop_id id = sgf_prop_id_from_name(cases[i].prop, 2);
                assert_text(c, 0, 1, id, cases[i].value);
            } else {
                assert_int_equal(count_code(c, cases[i].code), 1);
            }
            sgf_collection_free(c);
        }
    }
    /* the value is the last bytes of the input */
    static const char end[] = "(;FF[4]GM[1]SZ[9];B[ee]BL[12.5";
    sgf_collection *c = parse_n(end, sizeof end - 1);
    assert_text(c, 0, 1, SGF_PROP_BL, "12.5");
    sgf_collection_free(c);
}

/* A move with a comment or a name: no check to run, but the texts are
 * decoded and take part in the charset choice as those of any node. */
static void test_check_plain_nodes_with_notes(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;FF[4]GM[1]SZ[19];B[pd]C[good\\]move\r\n"
                              "here];W[dd]BL[30]N[joseki\tstart];C[only];"
                              "B[zz]C[off])");
    assert_text(c, 0, 1, SGF_PROP_C, "good]move\nhere");
    assert_text(c, 0, 2, SGF_PROP_N, "joseki start");
    assert_text(c, 0, 2, SGF_PROP_BL, "30");
    assert_text(c, 0, 3, SGF_PROP_C, "only");
    assert_int_equal(the_diag(c, SGF_D_OFF_BOARD)->move_number, 3);
    assert_int_equal(sgf_collection_diag_count(c), 1);
    sgf_collection_free(c);
    /* GBK bytes only in a move's comment: detected there */
    c = parse("(;FF[4]GM[1]SZ[19];B[pd];W[dd]C[\xBA\xDA\xCF\xC8])");
    assert_message_has(the_diag(c, SGF_D_CHARSET_GUESSED), "GB18030");
    assert_text(c, 0, 2, SGF_PROP_C, "\xE9\xBB\x91\xE5\x85\x88");
    sgf_collection_free(c);
    /* a comment twice, or with a setup property: the checks see it */
    c = parse("(;FF[4]GM[1]SZ[19];B[pd]C[a]C[b];W[dd]AB[aa]C[c])");
    assert_int_equal(count_code(c, SGF_D_DUPLICATE_PROPERTY), 1);
    assert_int_equal(count_code(c, SGF_D_SETUP_AND_MOVE), 1);
    assert_text(c, 0, 2, SGF_PROP_C, "c");
    sgf_collection_free(c);
}

/* Texts of every length the copy takes in one, eight or sixteen bytes,
 * with a byte the rules change at each place. */
static void test_check_text_copy_lengths(void **state)
{
    (void)state;
    for (size_t len = 1; len <= 40; len++) {
        for (size_t at = 0; at <= len; at++) {
            char val[48], expect[48], in[128];
            for (size_t i = 0; i < len; i++)
                val[i] = expect[i] = (char)('a' + i % 26);
            if (at < len) {
                val[at] = '\t';     /* a space in SimpleText */
                expect[at] = ' ';
            }
            val[len] = expect[len] = '\0';
            snprintf(in, sizeof in, "(;FF[4]GM[1]PB[%s])", val);
            sgf_collection *c = parse(in);
            assert_text(c, 0, 0, SGF_PROP_PB, expect);
            sgf_collection_free(c);
        }
    }
    /* a byte from 0x80 up after sixteen plain ones: converted */
    sgf_collection *c = parse("(;FF[4]GM[1]CA[ISO-8859-1]"
                              "PB[abcdefghijklmnopq\xE9])");
    assert_text(c, 0, 0, SGF_PROP_PB, "abcdefghijklmnopq\xC3\xA9");
    sgf_collection_free(c);
}

/* Plain nodes in variations: each variation starts from the state of its
 * parent (move number, game-info node of the path). */
static void test_check_plain_nodes_in_variations(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;FF[4]GM[1]SZ[9];B[aa]BL[10];W[bb]"
                              "(;B[cc];W[zz](;B[dd];W[zz])(;PB[x];B[zz]))"
                              "(;B[ee]BL[3];W[ff];B[zz])"
                              "(;PW[y];B[gg];W[hh](;PB[z])(;B[zz])))");
    assert_int_equal(count_code(c, SGF_D_OFF_BOARD), 5);
    static const uint32_t number[5] = { 4, 6, 5, 5, 5 };
    for (size_t i = 0; i < 5; i++)
        assert_int_equal(nth_diag(c, SGF_D_OFF_BOARD, i)->move_number,
                         number[i]);
    /* PB below PW on one path: one game-info node per path */
    assert_int_equal(count_code(c, SGF_D_GAME_INFO_TWICE), 1);
    sgf_collection_free(c);
}

/* Every move and point has its own NUL-terminated text, uppercase
 * letters included (boards up to 52x52). */
static void test_check_point_texts(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;FF[4]GM[1]SZ[52];B[aZ];W[Za];B[ZZ]"
                              ";W[zA];AB[Aa][bB])");
    assert_no_diags(c);
    assert_text(c, 0, 1, SGF_PROP_B, "aZ");
    assert_text(c, 0, 2, SGF_PROP_W, "Za");
    assert_text(c, 0, 3, SGF_PROP_B, "ZZ");
    assert_text(c, 0, 4, SGF_PROP_W, "zA");
    const sgf_prop *ab = sgf_node_find_prop(nth_node(c, 0, 5), SGF_PROP_AB);
    sgf_str t = sgf_prop_text(ab, 1);
    assert_int_equal(t.len, 2);
    assert_string_equal(t.ptr, "bB");
    sgf_collection_free(c);
}

static void test_check_kgs_root_clean(void **state)
{
    (void)state;
    sgf_collection *c = parse(
        "(;GM[1]FF[4]CA[UTF-8]AP[CGoban:3]ST[2]\nRU[Japanese]SZ[19]"
        "KM[0.50]TM[600]OT[5x20 byo-yomi]\nPW[White Player]PB[Black Player]"
        "WR[5k]BR[6k]DT[2021-01-04]C[Black Player [6k\\]: hello\nWhite "
        "Player [5k\\]: hi\n]RE[B+55.50]\n;B[pd]BL[595.123]\n;W[dd]"
        "WL[589.5]\n;B[pp]BL[30]OB[5]\n;W[dp]WL[12.25]OW[3])");
    assert_no_diags(c);
    assert_text(c, 0, 0, SGF_PROP_C,
                "Black Player [6k]: hello\nWhite Player [5k]: hi\n");
    assert_text(c, 0, 0, SGF_PROP_RE, "B+55.50");
    sgf_collection_free(c);
}

static void test_check_other_values(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9]AP[YuanYu]PL[w];B[aa]V[x]"
                              "GB[3]DM[];W[bb]FG[x:y])");
    assert_int_equal(count_code(c, SGF_D_VALUE_FORMAT), 3);
    assert_int_equal(nth_diag(c, SGF_D_VALUE_FORMAT, 0)->pos.column, 20);
    assert_int_equal(nth_diag(c, SGF_D_VALUE_FORMAT, 1)->pos.column, 30);
    assert_int_equal(nth_diag(c, SGF_D_VALUE_FORMAT, 2)->pos.column, 50);
    assert_int_equal(count_code(c, SGF_D_BAD_VALUE), 3);
    assert_int_equal(nth_diag(c, SGF_D_BAD_VALUE, 0)->pos.column, 40);
    assert_int_equal(nth_diag(c, SGF_D_BAD_VALUE, 1)->pos.column, 45);
    assert_int_equal(nth_diag(c, SGF_D_BAD_VALUE, 2)->pos.column, 60);
    sgf_collection_free(c);
}

/* --- whole collection, order, depth -------------------------------------- */

static void test_check_mixed_collection(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9];B[cc])(;GM[1]FF[3]SZ[13]"
                              ";B[dd])(;GM[1]FF[4]SZ[9])");
    const sgf_diag *d = the_diag(c, SGF_D_MIXED_COLLECTION);
    assert_int_equal(d->game, 1);
    assert_int_equal(d->severity, SGF_SEV_NOTE);
    int w, h;
    sgf_game_board_size(sgf_collection_game(c, 1), &w, &h);
    assert_int_equal(w, 13);
    sgf_collection_free(c);
}

static void test_check_diags_in_position_order(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9]HA[3]AB[aa]KM[6,5]DT[x]"
                              ";B[kk]C[a]C[b])");
    size_t n = sgf_collection_diag_count(c);
    assert_true(n >= 5);
    for (size_t i = 1; i < n; i++)
        assert_true(sgf_collection_diag(c, i - 1)->pos.offset
                    <= sgf_collection_diag(c, i)->pos.offset);
    sgf_collection_free(c);
}

/* 100,000 nested variations and a 200,000-move line: the walk does not
 * recurse, and move numbers stay right at the bottom. */
static void test_check_deep_trees(void **state)
{
    (void)state;
    enum { DEPTH = 100000 };
    size_t cap = 32 + (size_t)DEPTH * 9;
    char *s = malloc(cap);
    assert_non_null(s);
    size_t k = (size_t)snprintf(s, cap, "(;GM[1]FF[4]SZ[9]PB[x]");
    for (int i = 0; i < DEPTH; i++) {
        memcpy(s + k, i % 2 ? "(;W[aa]" : "(;B[aa]", 7);
        k += 7;
    }
    memcpy(s + k - 3, "zz]", 3);            /* last move off the board */
    memset(s + k, ')', DEPTH + 1);
    k += DEPTH + 1;
    sgf_collection *c = parse_n(s, k);
    const sgf_diag *d = the_diag(c, SGF_D_OFF_BOARD);
    assert_int_equal(d->move_number, DEPTH);
    assert_int_equal(count_code(c, SGF_D_GAME_INFO_TWICE), 0);
    sgf_collection_free(c);
    free(s);

    enum { MOVES = 200000 };
    cap = 64 + (size_t)MOVES * 6;
    s = malloc(cap);
    assert_non_null(s);
    k = (size_t)snprintf(s, cap, "(;GM[1]FF[4]SZ[19]");
    for (int i = 0; i < MOVES; i++) {
        memcpy(s + k, i % 2 ? ";W[]" : ";B[]", 4);
        k += 4;
    }
    memcpy(s + k, ";PW[late])", 10);
    k += 10;
    c = parse_n(s, k);
    assert_int_equal(sgf_collection_diag_count(c), 0);
    sgf_collection_free(c);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_escapes_decoded),
        cmocka_unit_test(test_check_line_breaks_decoded),
        cmocka_unit_test(test_check_utf8_and_bom),
        cmocka_unit_test(test_check_utf8_declared),
        cmocka_unit_test(test_check_gb2312_declared),
        cmocka_unit_test(test_check_gbk_detected),
        cmocka_unit_test(test_check_multigo_file),
        cmocka_unit_test(test_check_shift_jis_trail_bytes),
        cmocka_unit_test(test_check_undecodable_kept),
        cmocka_unit_test(test_check_detection_sees_converted_bytes),
        cmocka_unit_test(test_check_plain_move_nodes),
        cmocka_unit_test(test_check_plain_time_values),
        cmocka_unit_test(test_check_plain_nodes_with_notes),
        cmocka_unit_test(test_check_text_copy_lengths),
        cmocka_unit_test(test_check_plain_nodes_in_variations),
        cmocka_unit_test(test_check_point_texts),
        cmocka_unit_test(test_check_ff3_long_names),
        cmocka_unit_test(test_check_duplicate_property),
        cmocka_unit_test(test_check_unknown_and_glued),
        cmocka_unit_test(test_check_obsolete_and_ff),
        cmocka_unit_test(test_check_root_outside_root),
        cmocka_unit_test(test_check_game_info_twice),
        cmocka_unit_test(test_check_setup_and_move),
        cmocka_unit_test(test_check_two_moves_and_root_move),
        cmocka_unit_test(test_check_annotations),
        cmocka_unit_test(test_check_move_off_board),
        cmocka_unit_test(test_check_bad_coordinates),
        cmocka_unit_test(test_check_move_numbers_in_variations),
        cmocka_unit_test(test_check_pass_forms),
        cmocka_unit_test(test_check_compressed_lists),
        cmocka_unit_test(test_check_setup_points),
        cmocka_unit_test(test_check_markup),
        cmocka_unit_test(test_check_arrows_lines),
        cmocka_unit_test(test_check_board_sizes),
        cmocka_unit_test(test_check_root_numbers),
        cmocka_unit_test(test_check_not_go),
        cmocka_unit_test(test_check_komi),
        cmocka_unit_test(test_check_handicap),
        cmocka_unit_test(test_check_dates),
        cmocka_unit_test(test_check_results),
        cmocka_unit_test(test_check_kgs_root_clean),
        cmocka_unit_test(test_check_other_values),
        cmocka_unit_test(test_check_mixed_collection),
        cmocka_unit_test(test_check_diags_in_position_order),
        cmocka_unit_test(test_check_deep_trees),
        cmocka_unit_test(test_check_node_in_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
