/*
 * test_diag.c - the diagnostic printers and tables (sgf/diag.h): file
 * names written so that they cannot end a line or forge another one, the
 * text and JSON forms of one diagnostic, and the code and severity names.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sgf/diag.h>
#include <sgf/parse.h>
#include <sgf/tree.h>

/* What fn wrote, in a malloc'd string. */
static char *captured;

static FILE *start_capture(size_t *len)
{
    FILE *fp = open_memstream(&captured, len);
    assert_non_null(fp);
    return fp;
}

static const char *end_capture(FILE *fp)
{
    assert_int_equal(fclose(fp), 0);
    return captured;
}

static const char *name_as_printed(const char *name)
{
    size_t len;
    FILE *fp = start_capture(&len);
    assert_int_equal(sgf_print_name(fp, name), 0);
    return end_capture(fp);
}

static void test_plain_names_as_they_are(void **state)
{
    (void)state;
    assert_string_equal(name_as_printed("games/a b.sgf"), "games/a b.sgf");
    free(captured);
    /* a backslash alone needs no escape, nor do UTF-8 bytes */
    assert_string_equal(name_as_printed("C:\\x\xc3\xa9.sgf"),
                        "C:\\x\xc3\xa9.sgf");
    free(captured);
    assert_string_equal(name_as_printed(NULL), "<input>");
    free(captured);
}

static void test_control_characters_escaped(void **state)
{
    (void)state;
    assert_string_equal(name_as_printed("evil\nx.sgf:1:1: error: forged"),
                        "evil\\nx.sgf:1:1: error: forged");
    free(captured);
    /* in a name that is escaped, backslashes are doubled: unambiguous */
    assert_string_equal(name_as_printed("a\\n\tb\r\x01\x7f"),
                        "a\\\\n\\tb\\r\\x01\\x7F");
    free(captured);
}

static sgf_diag sample(void)
{
    sgf_diag d;
    assert_int_equal(sgf_diag_init(&d, SGF_DIAG_VERSION), 0);
    d.severity = SGF_SEV_ERROR;
    d.code = sgf_diag_code_from_name("duplicate-property");
    d.pos.offset = 9;
    d.pos.line = 2;
    d.pos.column = 4;
    d.game = 0;
    d.message = "property 'C' repeated in one node (values merged)";
    return d;
}

static void test_text_line_has_one_line(void **state)
{
    (void)state;
    sgf_diag d = sample();
    size_t len;
    FILE *fp = start_capture(&len);
    assert_int_equal(sgf_diag_print_text(fp, "a\nb.sgf", &d), 0);
    assert_string_equal(end_capture(fp),
                        "a\\nb.sgf:2:4: error: property 'C' repeated in one "
                        "node (values merged) [duplicate-property]\n");
    free(captured);
    d.pos.line = 0;
    fp = start_capture(&len);
    assert_int_equal(sgf_diag_print_text(fp, NULL, &d), 0);
    assert_string_equal(end_capture(fp),
                        "<input>: error: property 'C' repeated in one node "
                        "(values merged) [duplicate-property]\n");
    free(captured);
}

static void test_names_and_meanings(void **state)
{
    (void)state;
    assert_string_equal(sgf_severity_name(SGF_SEV_NOTE), "note");
    assert_string_equal(sgf_severity_name(SGF_SEV_WARNING), "warning");
    assert_string_equal(sgf_severity_name(SGF_SEV_ERROR), "error");
    sgf_diag_code c = sgf_diag_code_from_name("illegal-ko");
    assert_int_not_equal(c, SGF_D_NONE);
    assert_string_equal(sgf_diag_code_name(c), "illegal-ko");
    assert_non_null(sgf_diag_code_meaning(c));
    assert_true(strlen(sgf_diag_code_meaning(c)) > 10);
    assert_int_equal(sgf_diag_code_from_name("no-such-code"), SGF_D_NONE);
    assert_null(sgf_diag_code_name((sgf_diag_code)100000));
}

/* The codes are the values below sgf_diag_code_count() that have a name;
 * each name leads back to its value; a few values pinned (the whole list
 * is tests/abi-values.txt); the retired code keeps its name. */
static void test_code_values_stable(void **state)
{
    (void)state;
    unsigned n = sgf_diag_code_count(), named = 0;
    assert_true(n > 60);
    assert_null(sgf_diag_code_name((sgf_diag_code)n));
    for (unsigned i = 1; i < n; i++) {
        const char *name = sgf_diag_code_name((sgf_diag_code)i);
        if (name == NULL)
            continue;
        named++;
        assert_int_equal(sgf_diag_code_from_name(name), i);
    }
    assert_true(named > 60);
    assert_int_equal(SGF_D_NO_GAME_TREE, 1);
    assert_int_equal(SGF_D_NUL_BYTE, 12);
    assert_int_equal(SGF_D_KOMI_DEFAULTED, 60);
    assert_string_equal(sgf_diag_code_name(SGF_D_KOMI_DEFAULTED),
                        "komi-defaulted");
    assert_int_equal(strncmp(sgf_diag_code_meaning(SGF_D_KOMI_DEFAULTED),
                             "retired", 7), 0);
    assert_int_equal(sgf_diag_code_from_name(NULL), SGF_D_NONE);
}

/* A diagnostic added after parsing: its position from the offset, its
 * message formatted and copied, the counts updated. */
static void test_collection_add_diag(void **state)
{
    (void)state;
    static const char in[] = "(;GM[1]\n;B[aa]\n;W[bb])";
    sgf_collection *c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, in, sizeof in - 1, NULL), 0);
    size_t before = sgf_collection_diag_count(c);
    size_t errors = sgf_collection_count_severity(c, SGF_SEV_ERROR);
    sgf_diag d = sample();
    char move[] = "B[aa]";
    d.pos.line = 0;
    d.pos.column = 0;
    d.pos.offset = 9;                  /* the 'B' of line 2 */
    d.message = "ignored";
    assert_int_equal(sgf_collection_add_diag(c, &d, true,
                                             "move %d: '%s' is wrong", 1,
                                             move), 0);
    move[0] = 'W';                     /* the message was copied */
    assert_int_equal(sgf_collection_diag_count(c), before + 1);
    assert_int_equal(sgf_collection_count_severity(c, SGF_SEV_ERROR),
                     errors + 1);
    const sgf_diag *got = sgf_collection_diag(c, before);
    assert_non_null(got);
    assert_int_equal(got->pos.line, 2);
    assert_int_equal(got->pos.column, 2);
    assert_string_equal(got->message, "move 1: 'B[aa]' is wrong");
    assert_int_equal(sgf_collection_add_diag(NULL, &d, true, "x"),
                     SGF_EINVAL);
    assert_int_equal(sgf_collection_add_diag(c, NULL, true, "x"),
                     SGF_EINVAL);
    assert_int_equal(got->version, SGF_DIAG_VERSION);
    /* a diagnostic of a struct version the library does not know is
     * neither added nor printed */
    d.version = SGF_DIAG_VERSION + 1;
    assert_int_equal(sgf_collection_add_diag(c, &d, true, "x"), SGF_EINVAL);
    assert_int_equal(sgf_collection_diag_count(c), before + 1);
    size_t len;
    FILE *fp = start_capture(&len);
    assert_int_equal(sgf_diag_print_text(fp, "a.sgf", &d), SGF_EINVAL);
    assert_int_equal(sgf_diag_print_text(fp, "a.sgf", NULL), SGF_EINVAL);
    assert_int_equal(sgf_print_name(NULL, "a.sgf"), SGF_EINVAL);
    /* nor one of a code or severity the library does not know */
    d.version = SGF_DIAG_VERSION;
    d.code = (sgf_diag_code)123456;
    assert_int_equal(sgf_collection_add_diag(c, &d, true, "x"), SGF_EINVAL);
    d.code = sgf_diag_code_from_name("duplicate-property");
    d.severity = (sgf_severity)77;
    assert_int_equal(sgf_collection_add_diag(c, &d, true, "x"), SGF_EINVAL);
    assert_int_equal(sgf_collection_diag_count(c), before + 1);
    assert_string_equal(sgf_severity_name((sgf_severity)77), "?");
    assert_string_equal(sgf_severity_name(SGF_SEV_ERROR), "error");
    assert_string_equal(end_capture(fp), "");
    free(captured);
    sgf_collection_free(c);
}

static void test_diag_init(void **state)
{
    (void)state;
    sgf_diag d;
    memset(&d, 0x5A, sizeof d);
    assert_int_equal(sgf_diag_init(&d, SGF_DIAG_VERSION + 1), SGF_EINVAL);
    assert_int_equal(sgf_diag_init(NULL, SGF_DIAG_VERSION), SGF_EINVAL);
    assert_int_equal(d.code, 0x5A5A5A5A);          /* left as it was */
    assert_int_equal(sgf_diag_init(&d, SGF_DIAG_VERSION), 0);
    assert_int_equal(d.version, SGF_DIAG_VERSION);
    assert_int_equal(d.code, SGF_D_NONE);
    assert_int_equal(d.game, -1);
    assert_int_equal(d.pos.line, 0);
    assert_false(d.has_point);
    assert_string_equal(d.message, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_names_as_they_are),
        cmocka_unit_test(test_code_values_stable),
        cmocka_unit_test(test_control_characters_escaped),
        cmocka_unit_test(test_text_line_has_one_line),
        cmocka_unit_test(test_names_and_meanings),
        cmocka_unit_test(test_collection_add_diag),
        cmocka_unit_test(test_diag_init),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
