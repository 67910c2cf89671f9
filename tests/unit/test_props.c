/*
 * test_props.c - the property table and every value decoder (sgf/props.h),
 * and the escape / line-break / whitespace rules of Text and SimpleText
 * (sgf__unescape, FF[4] spec section 3.2), multibyte mode included.
 */
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <cmocka.h>
#include <sgf/props.h>
#include <sgf/diagram.h>
#include <sgf/gameinfo.h>
#include "tree_int.h"
#include "props_int.h"

static sgf_str S(const char *s)
{
    sgf_str v = { s, strlen(s) };
    return v;
}

/* --- the table ----------------------------------------------------------- */

static void test_props_table_lookup_roundtrip(void **state)
{
    (void)state;
    for (int id = 1; id < (int)SGF__PROP_COUNT; id++) {
        const sgf_prop_info *info = sgf_prop_info_of((sgf_prop_id)id);
        assert_non_null(info);
        assert_int_equal(sgf_prop_id_from_name(info->ident,
                                               strlen(info->ident)), id);
    }
}

/* Every one- and two-letter name maps to the entry with that identifier
 * or to nothing: the lookup table and props.def agree. */
static void test_props_table_no_stray_names(void **state)
{
    (void)state;
    char name[3] = { 0 };
    int known = 0;
    for (int a = 'A'; a <= 'Z'; a++)
        for (int b = '@'; b <= 'Z'; b++) {
            name[0] = (char)a;
            name[1] = b == '@' ? '\0' : (char)b;
            size_t len = strlen(name);
            sgf_prop_id id = sgf_prop_id_from_name(name, len);
            if (id == SGF_PROP_UNKNOWN)
                continue;
            known++;
            assert_string_equal(sgf_prop_info_of(id)->ident, name);
        }
    assert_int_equal(known, (int)SGF__PROP_COUNT - 1);
}

static void test_props_table_entries(void **state)
{
    (void)state;
    const sgf_prop_info *ab = sgf_prop_info_of(SGF_PROP_AB);
    assert_int_equal(ab->kind, SGF_KIND_SETUP);
    assert_int_equal(ab->value_type, SGF_VT_POINT);
    assert_true(ab->flags & SGF_PF_LIST);
    assert_int_equal(ab->formats, 15);
    const sgf_prop_info *dd = sgf_prop_info_of(SGF_PROP_DD);
    assert_true(dd->flags & SGF_PF_INHERIT);
    assert_true(dd->flags & SGF_PF_ELIST);
    assert_int_equal(dd->formats, 8);
    assert_int_equal(sgf_prop_info_of(SGF_PROP_KM)->kind,
                     SGF_KIND_GAME_INFO);
    assert_int_equal(sgf_prop_info_of(SGF_PROP_KM)->value_type,
                     SGF_VT_REAL);
    assert_int_equal(sgf_prop_info_of(SGF_PROP_SZ)->kind, SGF_KIND_ROOT);
    assert_int_equal(sgf_prop_info_of(SGF_PROP_C)->value_type,
                     SGF_VT_TEXT);
    assert_int_equal(sgf_prop_info_of(SGF_PROP_B)->value_type,
                     SGF_VT_MOVE);
    assert_true(sgf_prop_info_of(SGF_PROP_CR)->flags & SGF_PF_MARKUP);
    assert_true(sgf_prop_info_of(SGF_PROP_TB)->flags & SGF_PF_GO);
    /* FF[1]-FF[3] only */
    static const char *const old[] = {
        "BS", "WS", "CH", "EL", "EX", "ID", "L", "M", "LT", "OM", "OP",
        "OV", "RG", "SC", "SE", "SI", "TC", "KI"
    };
    for (size_t i = 0; i < sizeof old / sizeof old[0]; i++) {
        sgf_prop_id id = sgf_prop_id_from_name(old[i], strlen(old[i]));
        assert_int_not_equal(id, SGF_PROP_UNKNOWN);
        const sgf_prop_info *info = sgf_prop_info_of(id);
        assert_true(info->flags & SGF_PF_OBSOLETE);
        assert_false(info->formats & 8);
    }
    assert_false(sgf_prop_info_of(SGF_PROP_AB)->flags & SGF_PF_OBSOLETE);
}

static void test_props_table_unknown(void **state)
{
    (void)state;
    assert_int_equal(sgf_prop_id_from_name("MULTIGOGM", 9),
                     SGF_PROP_UNKNOWN);
    assert_int_equal(sgf_prop_id_from_name("XY", 2), SGF_PROP_UNKNOWN);
    assert_int_equal(sgf_prop_id_from_name("ab", 2), SGF_PROP_UNKNOWN);
    assert_int_equal(sgf_prop_id_from_name("A1", 2), SGF_PROP_UNKNOWN);
    assert_int_equal(sgf_prop_id_from_name("", 0), SGF_PROP_UNKNOWN);
    assert_int_equal(sgf_prop_id_from_name(NULL, 2), SGF_PROP_UNKNOWN);
    /* length counts, not the NUL */
    assert_int_equal(sgf_prop_id_from_name("ABC", 2), SGF_PROP_AB);
    assert_int_equal(sgf_prop_id_from_name("ABC", 1), SGF_PROP_UNKNOWN);
    assert_null(sgf_prop_info_of(SGF_PROP_UNKNOWN));
    assert_null(sgf_prop_info_of((sgf_prop_id)SGF__PROP_COUNT));
    assert_null(sgf_prop_info_of((sgf_prop_id)-1));
}

/* --- Number, Real, Double, Color ----------------------------------------- */

static void test_props_number(void **state)
{
    (void)state;
    long n = 77;
    assert_int_equal(sgf_value_number(S("19"), &n), 0);
    assert_int_equal(n, 19);
    assert_int_equal(sgf_value_number(S("+3"), &n), 0);
    assert_int_equal(n, 3);
    assert_int_equal(sgf_value_number(S("-12"), &n), 0);
    assert_int_equal(n, -12);
    assert_int_equal(sgf_value_number(S("007"), &n), 0);
    assert_int_equal(n, 7);
    /* nine digits and fewer are read at once, longer ones with limits */
    assert_int_equal(sgf_value_number(S("123456789"), &n), 0);
    assert_int_equal(n, 123456789);
    assert_int_equal(sgf_value_number(S("1234567890"), &n), 0);
    assert_true(n == 1234567890L);
    assert_int_equal(sgf_value_number(S("0"), &n), 0);
    assert_int_equal(n, 0);
    n = 77;
    assert_int_equal(sgf_value_number(S("12345678x"), &n), SGF_ESYNTAX);
    assert_int_equal(sgf_value_number(S("1:"), &n), SGF_ESYNTAX);
    assert_int_equal(sgf_value_number(S("9/"), &n), SGF_ESYNTAX);
    static const char *const bad[] = {
        "", "+", "-", "1.5", " 1", "1 ", "x", "1e3", "0x10",
        "99999999999999999999999"
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(sgf_value_number(S(bad[i]), &n), SGF_ESYNTAX);
    assert_int_equal(n, 77);                 /* unchanged on error */
    char buf[32];
    snprintf(buf, sizeof buf, "%ld", LONG_MAX);
    assert_int_equal(sgf_value_number(S(buf), &n), 0);
    assert_true(n == LONG_MAX);
    snprintf(buf, sizeof buf, "%ld", LONG_MIN);
    assert_int_equal(sgf_value_number(S(buf), &n), 0);
    assert_true(n == LONG_MIN);
}

static void test_props_real(void **state)
{
    (void)state;
    double d = -1;
    assert_int_equal(sgf_value_real(S("6.5"), &d), 0);
    assert_true(d == 6.5);
    assert_int_equal(sgf_value_real(S("-3"), &d), 0);
    assert_true(d == -3.0);
    assert_int_equal(sgf_value_real(S("-0.0"), &d), 0);
    assert_true(d == 0 && !signbit(d));     /* no "-0" written from it */
    assert_int_equal(sgf_value_real(S("+0.50"), &d), 0);
    assert_true(d == 0.5);
    assert_int_equal(sgf_value_real(S("595.123"), &d), 0);
    assert_true(d == 595.123);
    assert_int_equal(sgf_value_real(S("0.1"), &d), 0);
    assert_true(d == 0.1);
    assert_int_equal(sgf_value_real(S("12345678901234567890123"), &d), 0);
    assert_true(d > 1.2345678901e22 && d < 1.2345678902e22);
    d = 9;
    static const char *const bad[] = {
        "", ".5", "5.", "6,5", "1e3", " 6.5", "6.5 ", "6.5pts", "-", "+.",
        "1.2.3"
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(sgf_value_real(S(bad[i]), &d), SGF_ESYNTAX);
    /* past the largest double: no infinity */
    char huge[420];
    memset(huge, '9', 400);
    huge[400] = '\0';
    assert_int_equal(sgf_value_real(S(huge), &d), SGF_ESYNTAX);
    assert_true(d == 9);
}

/* The decoders refuse what they cannot use: a NULL out-pointer, a NULL
 * value with a length; a NULL value of length 0 is "". */
static void test_props_decoders_bad_args(void **state)
{
    (void)state;
    sgf_str five = S("5"), nul = { NULL, 3 }, empty = { NULL, 0 };
    sgf_str pt = S("aa"), rect = S("aa:bb");
    long n;
    double d;
    int i;
    sgf_color c;
    sgf_point p, q;
    bool pass;
    sgf_str l, r;
    char iso[11];
    assert_int_equal(sgf_value_number(five, NULL), SGF_EINVAL);
    assert_int_equal(sgf_value_number(nul, &n), SGF_EINVAL);
    assert_int_equal(sgf_value_number(empty, &n), SGF_ESYNTAX);
    assert_int_equal(sgf_value_real(five, NULL), SGF_EINVAL);
    assert_int_equal(sgf_value_real(nul, &d), SGF_EINVAL);
    assert_int_equal(sgf_value_real_loose(nul, &d, NULL), SGF_EINVAL);
    assert_int_equal(sgf_value_double(S("1"), NULL), SGF_EINVAL);
    assert_int_equal(sgf_value_double(nul, &i), SGF_EINVAL);
    assert_int_equal(sgf_value_color(S("B"), NULL), SGF_EINVAL);
    assert_int_equal(sgf_value_color(nul, &c), SGF_EINVAL);
    assert_int_equal(sgf_value_point(pt, NULL), SGF_EINVAL);
    assert_int_equal(sgf_value_point(nul, &p), SGF_EINVAL);
    assert_int_equal(sgf_value_move(pt, 19, 19, NULL, &pass), SGF_EINVAL);
    assert_int_equal(sgf_value_move(pt, 19, 19, &p, NULL), SGF_EINVAL);
    assert_int_equal(sgf_value_split(S("a:b"), NULL, &r), SGF_EINVAL);
    assert_int_equal(sgf_value_split(S("a:b"), &l, NULL), SGF_EINVAL);
    assert_int_equal(sgf_value_rect(rect, NULL, &q), SGF_EINVAL);
    assert_int_equal(sgf_value_rect(rect, &p, NULL), SGF_EINVAL);
    assert_int_equal(sgf_date_first(S("2024-01-02"), NULL), SGF_EINVAL);
    assert_int_equal(sgf_date_first(nul, iso), SGF_EINVAL);
    assert_int_equal(sgf_value_number(five, &n), 0);
    assert_int_equal(n, 5);
}

static void test_props_real_loose(void **state)
{
    (void)state;
    double d = 0;
    bool loose = true;
    assert_int_equal(sgf_value_real_loose(S("7.50"), &d, &loose), 0);
    assert_false(loose);
    assert_true(d == 7.5);
    loose = false;
    assert_int_equal(sgf_value_real_loose(S("6,5"), &d, &loose), 0);
    assert_true(loose);
    assert_true(d == 6.5);
    loose = false;
    assert_int_equal(sgf_value_real_loose(S(" 6.5 "), &d, &loose), 0);
    assert_true(loose);
    assert_true(d == 6.5);
    loose = false;
    assert_int_equal(sgf_value_real_loose(S("6.5pts"), &d, &loose), 0);
    assert_true(loose);
    assert_true(d == 6.5);
    loose = false;
    assert_int_equal(sgf_value_real_loose(S("6.5 points"), &d, &loose), 0);
    assert_true(loose);
    assert_true(d == 6.5);
    loose = false;
    assert_int_equal(sgf_value_real_loose(S("5 1/2"), &d, &loose), 0);
    assert_true(loose);
    assert_true(d == 5.5);
    loose = false;
    assert_int_equal(sgf_value_real_loose(S("-3 1/2"), &d, &loose), 0);
    assert_true(loose);
    assert_true(d == -3.5);
    loose = false;
    assert_int_equal(sgf_value_real_loose(S("7\xC2\xBD"), &d, &loose), 0);
    assert_true(loose);
    assert_true(d == 7.5);
    loose = false;
    assert_int_equal(sgf_value_real_loose(S("3.5\xE7\x9B\xAE"), &d, &loose), 0);
    assert_true(loose);
    assert_true(d == 3.5);
    static const struct { const char *v; double d; } point[] = {
        { "5.", 5 }, { ".5", 0.5 }, { "-.5", -0.5 }, { "+.5", 0.5 },
        { " 7. ", 7 }, { "6. pts", 6 }
    };
    for (size_t i = 0; i < sizeof point / sizeof point[0]; i++) {
        loose = false;
        assert_int_equal(sgf_value_real_loose(S(point[i].v), &d, &loose), 0);
        assert_true(loose);
        assert_true(d == point[i].d);
    }
    d = 42;
    static const char *const bad[] = {
        "", "   ", "abc", "6.5.5", "6-5", "6.5%", ",5", "half", ".", "-.",
        "5..", "5.x", ".5.5", "5,", "5. 1/2",
        /* an exponent or hex is no word after a number; no half after
         * a fraction, nor two */
        "1e308", "1e2", "1e-5", "1E+3", "0x1p3", "0X10", "6.5 1/2",
        "6.5 \xC2\xBD", "5 \xC2\xBD\xC2\xBD", "5\xC2\xBDpts"
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(sgf_value_real_loose(S(bad[i]), &d, NULL),
                         SGF_ESYNTAX);
    assert_true(d == 42);
    assert_int_equal(sgf_value_real_loose(S("6.5"), NULL, &loose), SGF_EINVAL);
    assert_int_equal(sgf_value_real_loose(S("6.5"), &d, NULL), 0);
    assert_true(d == 6.5);
}

static void test_props_double_color(void **state)
{
    (void)state;
    int dbl = 0;
    assert_int_equal(sgf_value_double(S("1"), &dbl), 0);
    assert_int_equal(dbl, 1);
    assert_int_equal(sgf_value_double(S("2"), &dbl), 0);
    assert_int_equal(dbl, 2);
    assert_int_equal(sgf_value_double(S("3"), &dbl), SGF_ESYNTAX);
    assert_int_equal(sgf_value_double(S(""), &dbl), SGF_ESYNTAX);
    assert_int_equal(sgf_value_double(S("12"), &dbl), SGF_ESYNTAX);
    assert_int_equal(dbl, 2);
    sgf_color col = SGF_EMPTY;
    assert_int_equal(sgf_value_color(S("B"), &col), 0);
    assert_int_equal(col, SGF_BLACK);
    assert_int_equal(sgf_value_color(S("W"), &col), 0);
    assert_int_equal(col, SGF_WHITE);
    assert_int_equal(sgf_value_color(S("b"), &col), SGF_ESYNTAX);
    assert_int_equal(sgf_value_color(S("BW"), &col), SGF_ESYNTAX);
    assert_int_equal(sgf_value_color(S(""), &col), SGF_ESYNTAX);
    assert_int_equal(col, SGF_WHITE);
}

/* --- points, moves, composed values -------------------------------------- */

static void test_props_point(void **state)
{
    (void)state;
    sgf_point pt = { 99, 99 };
    assert_int_equal(sgf_value_point(S("aa"), &pt), 0);
    assert_int_equal(pt.x, 0);
    assert_int_equal(pt.y, 0);
    assert_int_equal(sgf_value_point(S("pd"), &pt), 0);
    assert_int_equal(pt.x, 15);
    assert_int_equal(pt.y, 3);
    assert_int_equal(sgf_value_point(S("zA"), &pt), 0);
    assert_int_equal(pt.x, 25);
    assert_int_equal(pt.y, 26);
    assert_int_equal(sgf_value_point(S("ZZ"), &pt), 0);
    assert_int_equal(pt.x, 51);
    assert_int_equal(pt.y, 51);
    assert_int_equal(sgf_value_point(S("DD"), &pt), 0);
    assert_int_equal(pt.x, 29);
    pt.x = pt.y = 7;
    static const char *const bad[] = {
        "", "a", "abc", "a1", "1a", "a ", "dundefined", "[]"
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(sgf_value_point(S(bad[i]), &pt), SGF_ESYNTAX);
    assert_int_equal(pt.x, 7);
}

static void test_props_move(void **state)
{
    (void)state;
    sgf_point pt = { 0, 0 };
    bool pass = false;
    assert_int_equal(sgf_value_move(S(""), 19, 19, &pt, &pass), 0);
    assert_true(pass);
    /* [tt] is a pass up to 19x19 only (go.html) */
    assert_int_equal(sgf_value_move(S("tt"), 19, 19, &pt, &pass), 0);
    assert_true(pass);
    assert_int_equal(sgf_value_move(S("tt"), 9, 9, &pt, &pass), 0);
    assert_true(pass);
    assert_int_equal(sgf_value_move(S("tt"), 19, 13, &pt, &pass), 0);
    assert_true(pass);
    assert_int_equal(sgf_value_move(S("tt"), 21, 21, &pt, &pass), 0);
    assert_false(pass);
    assert_int_equal(pt.x, 19);
    assert_int_equal(pt.y, 19);
    assert_int_equal(sgf_value_move(S("tt"), 20, 19, &pt, &pass), 0);
    assert_false(pass);
    assert_int_equal(sgf_value_move(S("pd"), 19, 19, &pt, &pass), 0);
    assert_false(pass);
    assert_int_equal(pt.x, 15);
    assert_int_equal(pt.y, 3);
    /* off the board is still a point: the checker says so */
    assert_int_equal(sgf_value_move(S("kk"), 9, 9, &pt, &pass), 0);
    assert_int_equal(pt.x, 10);
    assert_int_equal(sgf_value_move(S("  "), 19, 19, &pt, &pass),
                     SGF_ESYNTAX);
    assert_int_equal(sgf_value_move(S("dundefined"), 19, 19, &pt, &pass),
                     SGF_ESYNTAX);
}

static void test_props_split(void **state)
{
    (void)state;
    sgf_str l, r;
    assert_int_equal(sgf_value_split(S("dd:A"), &l, &r), 0);
    assert_int_equal(l.len, 2);
    assert_memory_equal(l.ptr, "dd", 2);
    assert_int_equal(r.len, 1);
    assert_memory_equal(r.ptr, "A", 1);
    /* first ':' not escaped */
    assert_int_equal(sgf_value_split(S("a\\:b:c:d"), &l, &r), 0);
    assert_int_equal(l.len, 4);
    assert_memory_equal(r.ptr, "c:d", 3);
    /* an escaped backslash does not escape the ':' */
    assert_int_equal(sgf_value_split(S("a\\\\:b"), &l, &r), 0);
    assert_int_equal(l.len, 3);
    assert_int_equal(r.len, 1);
    assert_int_equal(sgf_value_split(S("MultiGo:4.4.4"), &l, &r), 0);
    assert_int_equal(l.len, 7);
    assert_int_equal(r.len, 5);
    assert_int_equal(sgf_value_split(S("19:"), &l, &r), 0);
    assert_int_equal(r.len, 0);
    assert_int_equal(sgf_value_split(S("YuanYu"), &l, &r), SGF_ESYNTAX);
    assert_int_equal(sgf_value_split(S("a\\:b"), &l, &r), SGF_ESYNTAX);
    assert_int_equal(sgf_value_split(S(""), &l, &r), SGF_ESYNTAX);
}

static void test_props_rect(void **state)
{
    (void)state;
    sgf_point ul, lr;
    assert_int_equal(sgf_value_rect(S("aa:cb"), &ul, &lr), 0);
    assert_int_equal(ul.x, 0);
    assert_int_equal(ul.y, 0);
    assert_int_equal(lr.x, 2);
    assert_int_equal(lr.y, 1);
    assert_int_equal(sgf_value_rect(S("ee"), &ul, &lr), 0);
    assert_int_equal(ul.x, 4);
    assert_int_equal(lr.x, 4);
    assert_int_equal(lr.y, 4);
    assert_int_equal(sgf_value_rect(S("aa:aa"), &ul, &lr), 0);
    assert_int_equal(lr.x, 0);
    /* corners in another order: the rectangle they span */
    assert_int_equal(sgf_value_rect(S("cc:aa"), &ul, &lr), 0);
    assert_true(ul.x == 0 && ul.y == 0 && lr.x == 2 && lr.y == 2);
    assert_int_equal(sgf_value_rect(S("ca:ad"), &ul, &lr), 0);
    assert_true(ul.x == 0 && ul.y == 0 && lr.x == 2 && lr.y == 3);
    assert_int_equal(sgf_value_rect(S("ac:ca"), &ul, &lr), 0);
    assert_true(ul.x == 0 && ul.y == 0 && lr.x == 2 && lr.y == 2);
    assert_int_equal(sgf_value_rect(S("aa:cc"), NULL, &lr), SGF_EINVAL);
    ul.x = 33;
    assert_int_equal(sgf_value_rect(S("cc:?a"), &ul, &lr), SGF_ESYNTAX);
    assert_int_equal(sgf_value_rect(S("aa:c"), &ul, &lr), SGF_ESYNTAX);
    assert_int_equal(sgf_value_rect(S("aa-cc"), &ul, &lr), SGF_ESYNTAX);
    assert_int_equal(sgf_value_rect(S(""), &ul, &lr), SGF_ESYNTAX);
    assert_int_equal(ul.x, 33);
}

static void test_props_format_points(void **state)
{
    (void)state;
    char s[3], v[4];
    sgf_point pd = { 15, 3 }, big = { 51, 26 }, aa = { 0, 0 };
    assert_string_equal(sgf_point_format_sgf(s, pd), "pd");
    assert_string_equal(sgf_point_format_sgf(s, big), "ZA");
    assert_string_equal(sgf_point_format_vertex(v, pd, 19), "Q16");
    assert_string_equal(sgf_point_format_vertex(v, aa, 19), "A19");
    assert_string_equal(sgf_point_format_vertex(v, aa, 9), "A9");
    sgf_point j = { 8, 18 };          /* column 9 is J: no I */
    assert_string_equal(sgf_point_format_vertex(v, j, 19), "J1");
    sgf_point z = { 24, 0 };
    assert_string_equal(sgf_point_format_vertex(v, z, 25), "Z25");
    sgf_point wide = { 25, 0 };
    assert_null(sgf_point_format_vertex(v, wide, 26));
    sgf_point low = { 0, 9 };
    assert_null(sgf_point_format_vertex(v, low, 9));
}

/* The letter codec both ways, and board notation read back. */
static void test_props_coords_and_vertices(void **state)
{
    (void)state;
    sgf_point pt = { 99, 99 };
    assert_int_equal(sgf_coord_of_letter('a'), 0);
    assert_int_equal(sgf_coord_of_letter('z'), 25);
    assert_int_equal(sgf_coord_of_letter('A'), 26);
    assert_int_equal(sgf_coord_of_letter('Z'), 51);
    assert_int_equal(sgf_coord_of_letter('['), -1);
    assert_int_equal(sgf_coord_of_letter('`'), -1);
    assert_int_equal(sgf_coord_of_letter(0xE9), -1);
    assert_int_equal(sgf_coord_of_letter(-1), -1);
    for (int c = 0; c < SGF_MAX_SIZE; c++)
        assert_int_equal(sgf_coord_of_letter(sgf_letter_of_coord(c)), c);
    assert_int_equal(sgf_letter_of_coord(52), '?');
    assert_int_equal(sgf_letter_of_coord(-1), '?');
    assert_int_equal(sgf_point_parse_vertex("Q16", 3, 19, 19, &pt), 0);
    assert_int_equal(pt.x, 15);
    assert_int_equal(pt.y, 3);
    assert_int_equal(sgf_point_parse_vertex("j1", 2, 19, 19, &pt), 0);
    assert_int_equal(pt.x, 8);                  /* no I: J is column 9 */
    assert_int_equal(pt.y, 18);
    assert_int_equal(sgf_point_parse_vertex("Z25", 3, 25, 25, &pt), 0);
    assert_int_equal(pt.x, 24);
    pt.x = 77;
    assert_int_equal(sgf_point_parse_vertex("I5", 2, 19, 19, &pt),
                     SGF_ESYNTAX);
    assert_int_equal(sgf_point_parse_vertex("T20", 3, 19, 19, &pt),
                     SGF_ESYNTAX);
    assert_int_equal(sgf_point_parse_vertex("A0", 2, 19, 19, &pt),
                     SGF_ESYNTAX);
    assert_int_equal(sgf_point_parse_vertex("K10", 3, 9, 9, &pt),
                     SGF_ESYNTAX);
    assert_int_equal(sgf_point_parse_vertex("D1x", 3, 19, 19, &pt),
                     SGF_ESYNTAX);
    assert_int_equal(sgf_point_parse_vertex("A1", 2, 26, 26, &pt),
                     SGF_ESYNTAX);
    assert_int_equal(sgf_point_parse_vertex("[1", 2, 19, 19, &pt),
                     SGF_ESYNTAX);
    assert_int_equal(sgf_point_parse_vertex("@1", 2, 19, 19, &pt),
                     SGF_ESYNTAX);
    assert_int_equal(sgf_point_parse_vertex("i5", 2, 19, 19, &pt),
                     SGF_ESYNTAX);
    /* labels of points outside the board are "?" */
    char lb[4];
    assert_string_equal(sgf_diagram_row_label(lb, -1, 19, 19), "?");
    assert_string_equal(sgf_diagram_row_label(lb, 19, 19, 19), "?");
    assert_string_equal(sgf_diagram_row_label(lb, 0, 19, 19), "19");
    assert_string_equal(sgf_diagram_row_label(lb, 18, 19, 19), "1");
    assert_string_equal(sgf_diagram_row_label(lb, 51, 26, 26), "?");
    assert_string_equal(sgf_diagram_row_label(lb, 25, 26, 26), "z");
    assert_string_equal(sgf_diagram_row_label(lb, 26, 30, 30), "A");
    assert_string_equal(sgf_diagram_column_label(lb, 19, 19), "?");
    assert_string_equal(sgf_diagram_column_label(lb, -1, 30), "?");
    assert_string_equal(sgf_diagram_column_label(lb, 30, 30), "?");
    assert_string_equal(sgf_diagram_column_label(lb, 27, 30), "B");
    /* one column codec: the diagrams' labels, the vertex writer and its
     * reader agree on every column of a 25-line board, in both cases */
    for (int x = 0; x < 25; x++) {
        char lab[2], vx[4], low[4];
        sgf_point q;
        sgf_point p = { (uint8_t)x, 0 };
        sgf_diagram_column_label(lab, x, 25);
        assert_non_null(sgf_point_format_vertex(vx, p, 25));
        assert_int_equal(lab[0], vx[0]);
        assert_true(lab[0] != 'I');
        assert_int_equal(sgf_point_parse_vertex(vx, strlen(vx), 25, 25,
                                                &q), 0);
        assert_int_equal(q.x, x);
        snprintf(low, sizeof low, "%c%s", vx[0] + ('a' - 'A'), vx + 1);
        assert_int_equal(sgf_point_parse_vertex(low, strlen(low), 25, 25,
                                                &q), 0);
        assert_int_equal(q.x, x);
    }
    assert_int_equal(pt.x, 77);
    assert_int_equal(sgf_point_parse_vertex(NULL, 2, 19, 19, &pt),
                     SGF_EINVAL);
    char v[4];
    for (int y = 0; y < 19; y++)
        for (int x = 0; x < 19; x++) {
            sgf_point p = { (uint8_t)x, (uint8_t)y }, q;
            sgf_point_format_vertex(v, p, 19);
            assert_int_equal(sgf_point_parse_vertex(v, strlen(v), 19, 19,
                                                    &q), 0);
            assert_true(q.x == p.x && q.y == p.y);
        }
}

/* --- unescape ------------------------------------------------------------ */

static char *unesc(const char *raw, size_t n, sgf_value_type vt, bool mb,
                   size_t *len)
{
    static char out[256];
    sgf__buf b = SGF__BUF_INIT;
    sgf_str r = { raw, n };
    assert_int_equal(sgf__unescape(&b, r, vt, mb), 0);
    assert_true(b.len < sizeof out);
    memcpy(out, b.ptr, b.len + 1);
    assert_int_equal(b.ptr[b.len], '\0');
    *len = b.len;
    sgf__buf_release(&b);
    return out;
}

#define UNESC(raw, vt, mb, expect)                                        \
    do {                                                                  \
        size_t len_;                                                      \
        char *got_ = unesc(raw, sizeof(raw) - 1, vt, mb, &len_);          \
        assert_int_equal(len_, sizeof(expect) - 1);                       \
        assert_memory_equal(got_, expect, sizeof(expect) - 1);            \
    } while (0)

static void test_props_unescape_escapes(void **state)
{
    (void)state;
    UNESC("a\\]b\\\\c", SGF_VT_TEXT, false, "a]b\\c");
    UNESC("path C:\\\\dir\\\\", SGF_VT_TEXT, false, "path C:\\dir\\");
    UNESC("ends with backslash \\\\", SGF_VT_TEXT, false,
          "ends with backslash \\");
    UNESC("\\a\\:b", SGF_VT_SIMPLETEXT, false, "a:b");
    UNESC("dd:a\\:b", SGF_VT_LABEL, false, "dd:a:b");
    UNESC("p\\d", SGF_VT_POINT, false, "pd");
    UNESC("abc\\", SGF_VT_TEXT, false, "abc");       /* lone '\' at end */
    UNESC("", SGF_VT_TEXT, false, "");
    /* unknown properties: escapes only, whitespace kept */
    UNESC("a\tb\\]\nc", SGF_VT_UNKNOWN, false, "a\tb]\nc");
}

static void test_props_unescape_line_breaks(void **state)
{
    (void)state;
    /* hard breaks: CR, LF, CRLF, LFCR are one "\n" each in Text */
    UNESC("one\ntwo", SGF_VT_TEXT, false, "one\ntwo");
    UNESC("one\r\ntwo", SGF_VT_TEXT, false, "one\ntwo");
    UNESC("one\n\rtwo", SGF_VT_TEXT, false, "one\ntwo");
    UNESC("one\rtwo", SGF_VT_TEXT, false, "one\ntwo");
    UNESC("a\n\nb", SGF_VT_TEXT, false, "a\n\nb");
    UNESC("a\r\n\r\nb", SGF_VT_TEXT, false, "a\n\nb");
    /* soft breaks are removed in Text and SimpleText */
    UNESC("first\\\nsecond\nthird", SGF_VT_TEXT, false,
          "firstsecond\nthird");
    UNESC("first line\\\r\ncontinued\r\nsecond\tline", SGF_VT_TEXT, false,
          "first linecontinued\nsecond line");
    UNESC("a\\\n\rb", SGF_VT_TEXT, false, "ab");
    UNESC("a\\\rb", SGF_VT_SIMPLETEXT, false, "ab");
    /* SimpleText: hard breaks become spaces */
    UNESC("Black\r\nPlayer", SGF_VT_SIMPLETEXT, false, "Black Player");
    UNESC("a\nb\\\nc", SGF_VT_SIMPLETEXT, false, "a bc");
    /* other whitespace becomes a space, escaped or not */
    UNESC("a\tb\vc\fd", SGF_VT_TEXT, false, "a b c d");
    UNESC("a\\\tb", SGF_VT_TEXT, false, "a b");
    /* in the other types of known properties a soft break is removed
     * too (a value folded over two lines reads as one), a hard one kept
     * (the value is then bad); an unknown property, whose type is
     * unknown, keeps the line break of a soft one */
    UNESC("6\\\n.5", SGF_VT_REAL, false, "6.5");
    UNESC("p\\\r\nd", SGF_VT_MOVE, false, "pd");
    UNESC("d\\\n\rd", SGF_VT_POINT, false, "dd");
    UNESC("a\\\ra:cc", SGF_VT_POINT_PAIR, false, "aa:cc");
    UNESC("a\nb", SGF_VT_NUMBER, false, "a\nb");
    UNESC("a\\\nb", SGF_VT_UNKNOWN, false, "a\nb");
}

static void test_props_unescape_multibyte(void **state)
{
    (void)state;
    /* Shift_JIS "表" is 0x95 0x5C: the trail byte is not an escape */
    UNESC("\x95\x5C" "a", SGF_VT_TEXT, true, "\x95\x5C" "a");
    UNESC("\x95\x5C\\]", SGF_VT_TEXT, true, "\x95\x5C]");
    /* without mb the 0x5C escapes the next byte */
    UNESC("\x95\x5C" "a", SGF_VT_TEXT, false, "\x95" "a");
    /* GBK trail byte 0x5D is kept with its lead */
    UNESC("\x81\x5D\x81\x40", SGF_VT_SIMPLETEXT, true, "\x81\x5D\x81\x40");
    /* a lead byte at the end stands alone */
    UNESC("ab\x95", SGF_VT_TEXT, true, "ab\x95");
    /* a lead before a byte below 0x40 stands alone: the line break stays
     * a line break */
    UNESC("\x95\x0A" "x", SGF_VT_TEXT, true, "\x95\x0A" "x");
    /* escapes of ASCII still work in mb mode */
    UNESC("a\\]b\\\\", SGF_VT_TEXT, true, "a]b\\");
    /* an escape covers one byte: an escaped lead stands alone (as the
     * lexer reads it), and the 0x5C after it escapes the 'z' */
    UNESC("\\\x95\x5C" "z", SGF_VT_TEXT, true, "\x95" "z");
    /* non-text values in mb mode */
    UNESC("\x95\x5C\\x", SGF_VT_UNKNOWN, true, "\x95\x5Cx");
    UNESC("\\\x95\x5C", SGF_VT_UNKNOWN, true, "\x95");
}

/* Writers that follow the spec escape a trail byte '\' or ']'; the
 * lexer keeps lead, '\', ']' inside the value, and so does unescape. */
static void test_props_unescape_escaped_trail(void **state)
{
    (void)state;
    /* 転 = 93 5D written 93 5C 5D; a 5C trail written 93 5C 5C */
    UNESC("\x93\\]x", SGF_VT_TEXT, true, "\x93]x");
    UNESC("\x93\\\\x", SGF_VT_TEXT, true, "\x93\\x");
    UNESC("\x93\\]", SGF_VT_NUMBER, true, "\x93]");
    /* a bare 5C trail at the end of the value (the writer did not
     * escape it and the ']' after it closed the value) */
    UNESC("ab\x83\\", SGF_VT_SIMPLETEXT, true, "ab\x83\\");
}

/* Shift_JIS leads exclude 0xA1-0xDF (one-byte katakana): there a '\'
 * after such a byte is an escape; in GBK/Big5 it is a trail byte. */
static void test_props_unescape_sjis_kind(void **state)
{
    (void)state;
    char out[16];
    sgf_str raw = { "\xB1\\n", 3 };
    size_t n = sgf__unescape_into(out, raw, SGF_VT_TEXT, SGF__MB_SJIS);
    assert_int_equal(n, 2);
    assert_memory_equal(out, "\xB1n", 2);
    n = sgf__unescape_into(out, raw, SGF_VT_TEXT, SGF__MB_DBCS);
    assert_int_equal(n, 3);
    assert_memory_equal(out, "\xB1\\n", 3);
    n = sgf__unescape_into(out, raw, SGF_VT_TEXT, SGF__MB_NONE);
    assert_int_equal(n, 2);
    sgf_str lead = { "\x81\\", 2 };
    n = sgf__unescape_into(out, lead, SGF_VT_TEXT, SGF__MB_SJIS);
    assert_int_equal(n, 2);
    assert_memory_equal(out, "\x81\\", 2);
    assert_int_equal(sgf__mb_kind("CP932"), SGF__MB_SJIS);
    assert_int_equal(sgf__mb_kind("GB18030"), SGF__MB_DBCS);
    assert_int_equal(sgf__mb_kind("CP950"), SGF__MB_DBCS);
    assert_int_equal(sgf__mb_kind("UTF-8"), SGF__MB_NONE);
    assert_int_equal(sgf__mb_kind(NULL), SGF__MB_NONE);
}

static void test_props_unescape_appends(void **state)
{
    (void)state;
    sgf__buf b = SGF__BUF_INIT;
    sgf_str one = { "a\\]", 3 }, two = { "b\r\nc", 4 };
    assert_int_equal(sgf__unescape(&b, one, SGF_VT_TEXT, false), 0);
    assert_int_equal(sgf__unescape(&b, two, SGF_VT_TEXT, false), 0);
    assert_int_equal(b.len, 5);
    assert_string_equal(b.ptr, "a]b\nc");
    sgf__buf_release(&b);
}

/* The unescaper against a plain reading of the rules, byte by byte, on
 * values drawn from the bytes that matter (escapes, every kind of line
 * break and blank, two-byte leads and trails, '\\' as a trail) at every
 * length up to 40, for every value type class and two-byte kind; the
 * eight-byte fast path must give the same bytes, and *high must say
 * whether they hold one >= 0x80. rules: 0 another type of a known
 * property, 1 Text, 2 SimpleText, 3 an unknown property. */
static size_t ref_unescape(char *dst, const char *s, size_t n, int rules,
                           int mb)
{
    size_t i = 0, k = 0;
    while (i < n) {
        unsigned char ch = (unsigned char)s[i];
        if (i + 1 < n && sgf__mb_pair(mb, ch, (unsigned char)s[i + 1])) {
            dst[k++] = s[i];
            if (s[i + 1] == '\\' && i + 2 < n
                && (s[i + 2] == '\\' || s[i + 2] == ']')) {
                dst[k++] = s[i + 2];
                i += 3;
            } else {
                dst[k++] = s[i + 1];
                i += 2;
            }
            continue;
        }
        bool escaped = false;
        if (ch == '\\') {
            if (++i == n)
                break;
            ch = (unsigned char)s[i];
            escaped = true;
        }
        bool brk = ch == '\r' || ch == '\n';
        bool pair = i + 1 < n && (s[i + 1] == '\r' || s[i + 1] == '\n')
                    && s[i + 1] != s[i];
        size_t blen = brk && pair ? 2 : 1;
        bool text = rules == 1 || rules == 2;
        if (brk && escaped && rules != 3) {
            i += blen;                  /* a soft break, removed */
            continue;
        }
        if (text && brk) {
            dst[k++] = rules == 1 ? '\n' : ' ';
            i += blen;
            continue;
        }
        if (text && (ch == '\t' || ch == '\v' || ch == '\f'))
            ch = ' ';
        dst[k++] = (char)ch;
        i++;
    }
    return k;
}

static void test_props_unescape_matches_reference(void **state)
{
    (void)state;
    static const char bytes[] = "ab \\]:\t\v\f\r\n\x81\xA7\xE0\xFE\x40\x7F";
    static const sgf_value_type types[4] = { SGF_VT_NUMBER, SGF_VT_TEXT,
                                             SGF_VT_SIMPLETEXT,
                                             SGF_VT_UNKNOWN };
    uint32_t seed = 12345;
    char raw[48], got[48], want[48];
    for (int round = 0; round < 4000; round++) {
        size_t n = (size_t)round % 41;
        for (size_t i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            raw[i] = bytes[(seed >> 16) % (sizeof bytes - 1)];
        }
        sgf_str r = { raw, n };
        for (int t = 0; t < 4; t++)
            for (int mb = 0; mb < 3; mb++) {
                bool high = !n;
                size_t k = sgf__unescape_high(got, r, types[t], mb, &high);
                size_t w = ref_unescape(want, raw, n, t, mb);
                assert_int_equal(k, w);
                assert_memory_equal(got, want, k);
                bool any = false;
                for (size_t i = 0; i < k; i++)
                    any = any || (unsigned char)want[i] >= 0x80;
                assert_int_equal(high, any);
                assert_int_equal(sgf__unescape_into(got, r, types[t], mb),
                                 w);
            }
    }
}

/* The two-letter points every move and point value points to. */
static void test_props_point_texts(void **state)
{
    (void)state;
    static const char letters[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (unsigned x = 0; x < SGF_MAX_SIZE; x++)
        for (unsigned y = 0; y < SGF_MAX_SIZE; y++) {
            const char *t = sgf__point_text(x, y);
            assert_int_equal(t[0], letters[x]);
            assert_int_equal(t[1], letters[y]);
            assert_int_equal(t[2], '\0');
        }
}

/* The digit strings numbers point to instead of a copy: each is its
 * digits, NUL-terminated; anything else gets NULL. */
static void test_props_digits_text(void **state)
{
    (void)state;
    char buf[8];
    for (int len = 1; len <= 3; len++) {
        int top = len == 1 ? 10 : len == 2 ? 100 : 1000;
        for (int v = 0; v < top; v++) {
            snprintf(buf, sizeof buf, "%0*d", len, v);
            sgf_str r = { buf, (size_t)len };
            const char *t = sgf__digits_text(r);
            assert_non_null(t);
            assert_string_equal(t, buf);
        }
    }
    assert_null(sgf__digits_text(S("")));
    assert_null(sgf__digits_text(S("1234")));
    assert_null(sgf__digits_text(S("6.5")));
    assert_null(sgf__digits_text(S("-1")));
    assert_null(sgf__digits_text(S("1:")));
    assert_null(sgf__digits_text(S("/")));
    assert_null(sgf__digits_text(S(":9")));
}

/* sgf__copy_printable against a byte loop: every length up to 40, with
 * one stopping byte (a control byte, a high byte) at every place, never
 * writing past what it reports as copied plus nothing beyond n. */
static void test_props_copy_printable(void **state)
{
    (void)state;
    static const unsigned char stops[] = { 0x00, 0x0A, 0x1F, 0x80, 0xE3,
                                           0xFF };
    char src[48], dst[48];
    for (size_t n = 0; n <= 40; n++) {
        for (size_t bad = 0; bad <= n; bad++) {
            for (size_t k = 0; k < sizeof stops; k++) {
                for (size_t i = 0; i < n; i++)
                    src[i] = (char)(0x20 + (i * 7) % 0x60);   /* to DEL */
                if (bad < n)
                    src[bad] = (char)stops[k];
                memset(dst, '#', sizeof dst);
                size_t got = sgf__copy_printable(dst, src, n);
                assert_int_equal(got, bad);
                assert_memory_equal(dst, src, got);
                for (size_t i = n; i < sizeof dst; i++)
                    assert_int_equal(dst[i], '#');
                if (bad == n)
                    break;    /* no stopping byte: one run is enough */
            }
        }
    }
}

/* SZ as sgf__read_size reads it: one or two digits (a leading zero
 * too) in the plain form, blanks in the other, and what is no size. */
static void test_props_read_size(void **state)
{
    (void)state;
    long w = -1, h = -1;
    assert_int_equal(sgf__read_size(S("19"), &w, &h), 1);
    assert_int_equal(w, 19);
    assert_int_equal(h, 19);
    assert_int_equal(sgf__read_size(S("7"), &w, &h), 1);
    assert_int_equal(w, 7);
    assert_int_equal(h, 7);
    assert_int_equal(sgf__read_size(S("09"), &w, &h), 1);
    assert_int_equal(w, 9);
    assert_int_equal(sgf__read_size(S("0"), &w, &h), 1);
    assert_int_equal(w, 0);
    assert_int_equal(sgf__read_size(S("52"), &w, &h), 1);
    assert_int_equal(h, 52);
    assert_int_equal(sgf__read_size(S("9 "), &w, &h), 2);
    assert_int_equal(w, 9);
    assert_int_equal(sgf__read_size(S("19:13"), &w, &h), 1);
    assert_int_equal(w, 19);
    assert_int_equal(h, 13);
    assert_int_equal(sgf__read_size(S("1a"), &w, &h), 0);
    assert_int_equal(sgf__read_size(S(""), &w, &h), 0);
}

/* Which properties are text for charset detection and conversion. */
static void test_props_text_properties(void **state)
{
    (void)state;
    static const sgf_prop_id text[] = { SGF_PROP_C, SGF_PROP_PB,
        SGF_PROP_GN, SGF_PROP_LB, SGF_PROP_AP, SGF_PROP_FG, SGF_PROP_CA,
        SGF_PROP_UNKNOWN };
    static const sgf_prop_id other[] = { SGF_PROP_B, SGF_PROP_W,
        SGF_PROP_AB, SGF_PROP_SZ, SGF_PROP_KM, SGF_PROP_HA, SGF_PROP_BL,
        SGF_PROP_OB, SGF_PROP_AR, SGF_PROP_DM, SGF_PROP_KO, SGF_PROP_PL };
    sgf_prop p;
    memset(&p, 0, sizeof p);
    for (size_t i = 0; i < sizeof text / sizeof text[0]; i++) {
        p.id = (uint16_t)text[i];
        assert_true(sgf__prop_is_text(&p));
    }
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
        p.id = (uint16_t)other[i];
        assert_false(sgf__prop_is_text(&p));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_props_table_lookup_roundtrip),
        cmocka_unit_test(test_props_unescape_matches_reference),
        cmocka_unit_test(test_props_point_texts),
        cmocka_unit_test(test_props_coords_and_vertices),
        cmocka_unit_test(test_props_digits_text),
        cmocka_unit_test(test_props_copy_printable),
        cmocka_unit_test(test_props_read_size),
        cmocka_unit_test(test_props_text_properties),
        cmocka_unit_test(test_props_table_no_stray_names),
        cmocka_unit_test(test_props_table_entries),
        cmocka_unit_test(test_props_table_unknown),
        cmocka_unit_test(test_props_number),
        cmocka_unit_test(test_props_real),
        cmocka_unit_test(test_props_real_loose),
        cmocka_unit_test(test_props_decoders_bad_args),
        cmocka_unit_test(test_props_double_color),
        cmocka_unit_test(test_props_point),
        cmocka_unit_test(test_props_move),
        cmocka_unit_test(test_props_split),
        cmocka_unit_test(test_props_rect),
        cmocka_unit_test(test_props_format_points),
        cmocka_unit_test(test_props_unescape_escapes),
        cmocka_unit_test(test_props_unescape_line_breaks),
        cmocka_unit_test(test_props_unescape_multibyte),
        cmocka_unit_test(test_props_unescape_escaped_trail),
        cmocka_unit_test(test_props_unescape_sjis_kind),
        cmocka_unit_test(test_props_unescape_appends),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
