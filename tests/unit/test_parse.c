/*
 * test_parse.c - the lexer and parser: grammar, positions, recovery,
 * depth without recursion, the collection's memory.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include <sgf/parse.h>
#include "tree_int.h"          /* the one-move node's colour and point */
#include "props_int.h"         /* SGF__MB_*: how a game's values lexed */

static sgf_collection *parse_opts(const char *s, size_t n, unsigned flags)
{
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    o.flags = flags;
    sgf_collection *c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, s, n, &o), SGF_OK);
    assert_non_null(c);
    return c;
}

/* Syntax only: the parser's own diagnostics, nothing from the checks. */
static sgf_collection *parse(const char *s)
{
    return parse_opts(s, strlen(s), SGF_PARSE_SYNTAX_ONLY);
}

static const sgf_diag *find_diag(const sgf_collection *c, sgf_diag_code code)
{
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++)
        if (sgf_collection_diag(c, i)->code == code)
            return sgf_collection_diag(c, i);
    return NULL;
}

static size_t count_code(const sgf_collection *c, sgf_diag_code code)
{
    size_t k = 0;
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++)
        k += sgf_collection_diag(c, i)->code == code;
    return k;
}

static void assert_diag_at(const sgf_collection *c, sgf_diag_code code,
                           unsigned line, unsigned col)
{
    const sgf_diag *d = find_diag(c, code);
    assert_non_null(d);
    assert_int_equal(d->pos.line, line);
    assert_int_equal(d->pos.column, col);
}

/* Nodes along the main line (first children). */
static size_t main_line_length(const sgf_game *g)
{
    size_t k = 0;
    for (const sgf_node *n = sgf_game_root(g); n; n = sgf_node_first_child(n))
        k++;
    return k;
}

static size_t count_moves(const sgf_game *g)
{
    size_t k = 0;
    for (const sgf_node *n = sgf_game_root(g); n; n = sgf_node_first_child(n))
        k += sgf_node_find_prop(n, SGF_PROP_B) != NULL
             || sgf_node_find_prop(n, SGF_PROP_W) != NULL;
    return k;
}

static void assert_text(const sgf_prop *p, size_t i, const char *want)
{
    sgf_str t = sgf_prop_text(p, i);
    assert_int_equal(t.len, strlen(want));
    assert_memory_equal(t.ptr, want, t.len);
}

static void assert_raw(const sgf_prop *p, size_t i, const char *want)
{
    sgf_str t = sgf_prop_raw(p, i);
    assert_int_equal(t.len, strlen(want));
    assert_memory_equal(t.ptr, want, t.len);
}

static void test_parse_simple_game(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9];B[cc];W[gg])");
    assert_int_equal(sgf_collection_game_count(c), 1);
    assert_int_equal(sgf_collection_diag_count(c), 0);
    const sgf_game *g = sgf_collection_game(c, 0);
    assert_int_equal(main_line_length(g), 3);
    const sgf_node *root = sgf_game_root(g);
    assert_int_equal(sgf_node_prop_count(root), 3);
    assert_int_equal(sgf_node_offset(root), 1);
    const sgf_prop *sz = sgf_node_find_prop(root, SGF_PROP_SZ);
    assert_non_null(sz);
    assert_string_equal(sgf_prop_ident(sz), "SZ");
    assert_int_equal(sgf_prop_offset(sz), 12);
    assert_int_equal(sgf_prop_value_offset(sz, 0), 14);
    assert_raw(sz, 0, "9");
    sgf_collection_free(c);
}

static void test_parse_whitespace_everywhere(void **state)
{
    (void)state;
    sgf_collection *c = parse(" \n( \t;\r\n GM [1]\n\n AB[aa]\n [bb] [cc]"
                              " ; W [ee] \n)\n");
    assert_int_equal(sgf_collection_diag_count(c), 0);
    const sgf_node *root = sgf_game_root(sgf_collection_game(c, 0));
    const sgf_prop *ab = sgf_node_find_prop(root, SGF_PROP_AB);
    assert_int_equal(sgf_prop_value_count(ab), 3);
    assert_raw(ab, 2, "cc");
    assert_non_null(sgf_node_find_prop(sgf_node_first_child(root),
                                       SGF_PROP_W));
    sgf_collection_free(c);
}

static void test_parse_escapes_raw_and_text(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;C[a\\]b\\\\c];C2[x\\\\]B[cc])");
    const sgf_node *root = sgf_game_root(sgf_collection_game(c, 0));
    const sgf_prop *cp = sgf_node_find_prop(root, SGF_PROP_C);
    assert_raw(cp, 0, "a\\]b\\\\c");
    assert_text(cp, 0, "a]b\\c");
    const sgf_node *n2 = sgf_node_first_child(root);
    assert_non_null(sgf_node_find_prop(n2, SGF_PROP_B));
    sgf_collection_free(c);
}

static void test_parse_collection_and_variations(void **state)
{
    (void)state;
    sgf_collection *c = parse(
        "(;FF[4](;B[dd];W[pp])(;B[pd];W[dp](;B[pp])(;B[dd])))\r\n"
        "(;SZ[13];B[dd])");
    assert_int_equal(sgf_collection_game_count(c), 2);
    assert_int_equal(sgf_collection_diag_count(c), 0);
    const sgf_node *root = sgf_game_root(sgf_collection_game(c, 0));
    assert_int_equal(sgf_node_child_count(root), 2);
    const sgf_node *second = sgf_node_next_sibling(sgf_node_first_child(root));
    const sgf_node *wdp = sgf_node_first_child(second);
    assert_int_equal(sgf_node_child_count(wdp), 2);
    assert_ptr_equal(sgf_node_parent(wdp), second);
    assert_int_equal(sgf_game_index(sgf_collection_game(c, 1)), 1);
    sgf_collection_free(c);
}

static void test_parse_empty_nodes_kept(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;FF[4];B[cc];;W[gg];C[note];B[gc])");
    const sgf_game *g = sgf_collection_game(c, 0);
    assert_int_equal(main_line_length(g), 6);
    assert_int_equal(count_moves(g), 3);
    sgf_collection_free(c);
}

static void test_parse_missing_root_semicolon(void **state)
{
    (void)state;
    sgf_collection *c = parse("(GM[1]FF[4]SZ[9];B[cc];W[gg])");
    assert_int_equal(count_code(c, SGF_D_MISSING_SEMICOLON), 1);
    assert_diag_at(c, SGF_D_MISSING_SEMICOLON, 1, 2);
    const sgf_game *g = sgf_collection_game(c, 0);
    assert_non_null(sgf_node_find_prop(sgf_game_root(g), SGF_PROP_SZ));
    assert_int_equal(count_moves(g), 2);
    sgf_collection_free(c);
}

static void test_parse_unclosed_value_at_eof(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1]FF[4]SZ[9];B[cc]C[this never ends\n");
    assert_int_equal(sgf_collection_diag_count(c), 1);
    assert_diag_at(c, SGF_D_UNCLOSED_VALUE, 1, 25);
    assert_true(find_diag(c, SGF_D_UNCLOSED_VALUE)->critical);
    const sgf_game *g = sgf_collection_game(c, 0);
    const sgf_node *n = sgf_node_first_child(sgf_game_root(g));
    assert_non_null(sgf_node_find_prop(n, SGF_PROP_B));
    assert_raw(sgf_node_find_prop(n, SGF_PROP_C), 0, "this never ends\n");
    sgf_collection_free(c);
    /* an escape the file ends in is not part of the value; an escaped
     * backslash before the end is */
    c = parse("(;C[abc\\");
    assert_raw(sgf_node_find_prop(sgf_game_root(sgf_collection_game(c, 0)),
                                  SGF_PROP_C), 0, "abc");
    sgf_collection_free(c);
    c = parse("(;C[abc\\\\");
    assert_raw(sgf_node_find_prop(sgf_game_root(sgf_collection_game(c, 0)),
                                  SGF_PROP_C), 0, "abc\\\\");
    sgf_collection_free(c);
}

static void test_parse_missing_close_paren(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GM[1];B[cc];W[gg]\n\n");
    assert_int_equal(sgf_collection_diag_count(c), 1);
    assert_diag_at(c, SGF_D_UNCLOSED_TREE, 1, 20);
    assert_int_equal(count_moves(sgf_collection_game(c, 0)), 2);
    sgf_collection_free(c);
    c = parse("(;FF[4]GM[1]SZ[9];B[ee](;W[ce];B[cg])(;W[gc]");
    const sgf_diag *d = find_diag(c, SGF_D_UNCLOSED_TREE);
    assert_non_null(d);
    assert_non_null(strstr(d->message, "2 game trees"));
    const sgf_node *b = sgf_node_first_child(sgf_game_root(
        sgf_collection_game(c, 0)));
    assert_int_equal(sgf_node_child_count(b), 2);
    sgf_collection_free(c);
}

static void test_parse_junk_around_tree(void **state)
{
    (void)state;
    sgf_collection *c = parse("From: someone\nSubject: (my game)\n\n"
                              "(;GM[1];B[ee];W[ce])\n-- \nsig)))\n");
    assert_int_equal(sgf_collection_game_count(c), 1);
    assert_int_equal(count_code(c, SGF_D_TEXT_OUTSIDE), 2);
    assert_int_equal(count_code(c, SGF_D_JUNK_OUTSIDE), 0);
    const sgf_diag *d = find_diag(c, SGF_D_TEXT_OUTSIDE);
    assert_int_equal(d->severity, SGF_SEV_WARNING);
    assert_true(d->critical);           /* text dropped: a conversion */
    assert_int_equal(d->pos.line, 1);   /* would lose it */
    assert_non_null(strstr(d->message, "2 lines"));
    assert_int_equal(count_moves(sgf_collection_game(c, 0)), 2);
    sgf_collection_free(c);
    /* stray parentheses and semicolons hold nothing: not critical */
    c = parse("(;GM[1];B[ee]))\n(;GM[1];W[ce]) ;)\n");
    assert_int_equal(sgf_collection_game_count(c), 2);
    assert_int_equal(count_code(c, SGF_D_TEXT_OUTSIDE), 0);
    assert_int_equal(count_code(c, SGF_D_JUNK_OUTSIDE), 2);
    d = find_diag(c, SGF_D_JUNK_OUTSIDE);
    assert_false(d->critical);
    assert_non_null(strstr(d->message, "a stray ')' between"));
    sgf_collection_free(c);
}

static void test_parse_no_game_tree(void **state)
{
    (void)state;
    const char *inputs[] = { "", ";;)", "hello world", "()" };
    for (size_t i = 0; i < 4; i++) {
        sgf_collection *c = parse(inputs[i]);
        assert_int_equal(sgf_collection_game_count(c), 0);
        assert_non_null(find_diag(c, SGF_D_NO_GAME_TREE));
        assert_int_equal(find_diag(c, SGF_D_NO_GAME_TREE)->severity,
                         SGF_SEV_ERROR);
        assert_null(find_diag(c, SGF_D_JUNK_OUTSIDE));
        sgf_collection_free(c);
    }
}

/* Compressed data or an archive read as SGF: one error naming the
 * format, nothing read from its bytes (a "(;" among them is no game);
 * an SGF text that only starts like one of them is read. */
static void test_parse_packed_input(void **state)
{
    (void)state;
    static const struct { const char *s; size_t n; const char *say; } in[] = {
        { "\x1F\x8B\x08\0(;B[aa])", 13, "gzip data" },
        { "BZh91AY&SY(;B[aa])", 18, "bzip2 data" },
        { "\xFD" "7zXZ\0(;B[aa])", 14, "xz data" },
        { "\x28\xB5\x2F\xFD(;B[aa])", 12, "zstd data" },
        { "PK\x03\x04(;B[aa])", 12, "zip data" },
        { "7z\xBC\xAF\x27\x1C(;B[aa])", 14, "7z data" },
    };
    for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
        sgf_collection *c = parse_opts(in[i].s, in[i].n, 0);
        const sgf_diag *d = find_diag(c, SGF_D_NO_GAME_TREE);
        assert_int_equal(sgf_collection_game_count(c), 0);
        assert_non_null(d);
        assert_non_null(strstr(d->message, in[i].say));
        assert_int_equal(sgf_collection_diag_count(c), 1);
        sgf_collection_free(c);
    }
    /* "BZh" without the block magic, "PK" text: SGF after junk */
    const char *text[] = { "BZh9 (;B[aa])", "PK (;B[aa])" };
    for (size_t i = 0; i < 2; i++) {
        sgf_collection *c = parse(text[i]);
        assert_int_equal(sgf_collection_game_count(c), 1);
        assert_null(find_diag(c, SGF_D_NO_GAME_TREE));
        sgf_collection_free(c);
    }
}

static void test_parse_valueless_and_glued(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;ABMAC[Dame.]SZ;AWMAC[One.] ;WC[W.])");
    assert_int_equal(count_code(c, SGF_D_MISSING_VALUE), 1);
    assert_diag_at(c, SGF_D_MISSING_VALUE, 1, 15);
    const sgf_node *root = sgf_game_root(sgf_collection_game(c, 0));
    const sgf_prop *p = sgf_node_find_prop_ident(root, "ABMAC");
    assert_non_null(p);
    assert_int_equal(sgf_prop_id_of(p), SGF_PROP_UNKNOWN);
    assert_raw(p, 0, "Dame.");
    assert_null(sgf_node_find_prop(root, SGF_PROP_SZ));
    const sgf_node *last = sgf_node_first_child(sgf_node_first_child(root));
    assert_raw(sgf_node_find_prop_ident(last, "WC"), 0, "W.");
    sgf_collection_free(c);
}

static void test_parse_duplicate_merged(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;FF[4]AB[dd]AB[pp]AB[pd][dp]AB[jj])");
    const sgf_node *root = sgf_game_root(sgf_collection_game(c, 0));
    assert_int_equal(sgf_node_prop_count(root), 2);
    const sgf_prop *ab = sgf_node_find_prop(root, SGF_PROP_AB);
    assert_int_equal(sgf_prop_value_count(ab), 5);
    assert_raw(ab, 4, "jj");
    sgf_collection_free(c);
}

static void test_parse_lowercase_identifiers(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;GaMe[1]FileFormat[3]AddBlack[cc][dd]"
                              ";Black[ee];White[gg])");
    const sgf_node *root = sgf_game_root(sgf_collection_game(c, 0));
    const sgf_prop *ab = sgf_node_find_prop(root, SGF_PROP_AB);
    assert_non_null(ab);
    assert_string_equal(sgf_prop_ident(ab), "AB");
    sgf_str raw = sgf_prop_ident_raw(ab);
    assert_int_equal(raw.len, 8);
    assert_memory_equal(raw.ptr, "AddBlack", 8);
    assert_non_null(sgf_node_find_prop(root, SGF_PROP_GM));
    assert_non_null(sgf_node_find_prop(root, SGF_PROP_FF));
    assert_int_equal(count_moves(sgf_collection_game(c, 0)), 2);
    sgf_collection_free(c);
}

static void test_parse_stray_bracket(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;FF[4]PB[Black Player [3d]]PW[W];B[pd])");
    assert_int_equal(sgf_collection_diag_count(c), 1);
    assert_diag_at(c, SGF_D_STRAY_BRACKET, 1, 28);
    const sgf_node *root = sgf_game_root(sgf_collection_game(c, 0));
    assert_raw(sgf_node_find_prop(root, SGF_PROP_PB), 0,
               "Black Player [3d");
    assert_non_null(sgf_node_find_prop(root, SGF_PROP_PW));
    assert_int_equal(count_moves(sgf_collection_game(c, 0)), 1);
    sgf_collection_free(c);
}

static void test_parse_stray_value_and_chars(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;FF[4]\n;[x]GM[1] _-_ ;B[aa])");
    assert_diag_at(c, SGF_D_STRAY_VALUE, 2, 2);
    assert_diag_at(c, SGF_D_UNEXPECTED_CHAR, 2, 11);
    assert_int_equal(sgf_collection_diag_count(c), 2);
    assert_int_equal(count_moves(sgf_collection_game(c, 0)), 1);
    sgf_collection_free(c);
}

static void test_parse_nul_bytes(void **state)
{
    (void)state;
    static const char in[] = "(;FF[4]\0\0;N[a\0b];B[aa])";
    sgf_collection *c = parse_opts(in, sizeof in - 1, SGF_PARSE_SYNTAX_ONLY);
    assert_int_equal(count_code(c, SGF_D_NUL_BYTE), 2);
    const sgf_game *g = sgf_collection_game(c, 0);
    const sgf_node *n = sgf_node_first_child(sgf_game_root(g));
    assert_int_equal(sgf_prop_raw(sgf_node_find_prop(n, SGF_PROP_N), 0).len,
                     3);
    assert_int_equal(count_moves(g), 1);
    sgf_collection_free(c);
}

/* Under CA[UTF-16] NUL bytes belong to the text (no report) while the
 * value decodes as UTF-16; a value that does not, read as UTF-8 or kept
 * as bytes, has its NUL byte reported like any other (decode.c), as a
 * reader of the record written back under CA[UTF-8] will report it. */
static void test_parse_nul_bytes_wide_charset(void **state)
{
    (void)state;
    static const char good[] = "(;CA[UTF-16LE]C[h\0i\0])";
    static const char bad[] = "(;CA[UTF-16]C[\0])";
    sgf_collection *c = parse_opts(good, sizeof good - 1, 0);
    assert_int_equal(count_code(c, SGF_D_NUL_BYTE), 0);
    sgf_str t = sgf_prop_text(sgf_node_find_prop(
        sgf_game_root(sgf_collection_game(c, 0)), SGF_PROP_C), 0);
    assert_int_equal(t.len, 2);
    assert_memory_equal(t.ptr, "hi", 2);
    sgf_collection_free(c);
    c = parse_opts(bad, sizeof bad - 1, 0);
    assert_int_equal(count_code(c, SGF_D_NUL_BYTE), 1);
    assert_diag_at(c, SGF_D_NUL_BYTE, 1, 14);
    sgf_collection_free(c);
}

static void test_parse_line_endings(void **state)
{
    (void)state;
    /* LF, CR, CRLF, LFCR each end one line */
    sgf_collection *c = parse("(;FF[4]\nC[a]\rC[b]\r\nC[c]\n\r ]");
    assert_diag_at(c, SGF_D_STRAY_BRACKET, 5, 2);
    sgf_collection_free(c);
}

static void test_parse_bom_skipped(void **state)
{
    (void)state;
    sgf_collection *c = parse("\xEF\xBB\xBF(;CA[UTF-8]PB[Black Player])");
    assert_int_equal(sgf_collection_diag_count(c), 0);
    assert_int_equal(sgf_collection_game_count(c), 1);
    sgf_collection_free(c);
}

static void test_parse_utf16_converted(void **state)
{
    (void)state;
    static const char in[] = "\xFF\xFE(\0;\0B\0[\0a\0a\0]\0)\0";
    sgf_collection *c = parse_opts(in, sizeof in - 1, SGF_PARSE_SYNTAX_ONLY);
    assert_int_equal(sgf_collection_game_count(c), 1);
    assert_non_null(find_diag(c, SGF_D_UTF16_INPUT));
    assert_int_equal(count_moves(sgf_collection_game(c, 0)), 1);
    sgf_collection_free(c);
}

static char *repeat(const char *head, const char *unit, size_t n,
                    const char *tail, size_t *len);

/* An odd last byte: the rest is still read (the byte is dropped, said). */
static void test_parse_utf16_odd_length(void **state)
{
    (void)state;
    static const char in[] = "\xFF\xFE(\0;\0B\0[\0a\0a\0]\0)\0\x0A";
    sgf_collection *c = parse_opts(in, sizeof in - 1, SGF_PARSE_SYNTAX_ONLY);
    assert_int_equal(sgf_collection_game_count(c), 1);
    const sgf_diag *d = find_diag(c, SGF_D_UTF16_INPUT);
    assert_non_null(d);
    assert_non_null(strstr(d->message, "odd last byte"));
    assert_int_equal(count_moves(sgf_collection_game(c, 0)), 1);
    sgf_collection_free(c);
}

/* Runs of '(' that start no game tree are skipped in one step. */
static void test_parse_paren_run_is_linear(void **state)
{
    (void)state;
    size_t len;
    char *s = repeat("", "(", 200000, "", &len);
    sgf_collection *c = parse_opts(s, len, SGF_PARSE_SYNTAX_ONLY);
    assert_int_equal(sgf_collection_game_count(c), 0);
    assert_non_null(find_diag(c, SGF_D_NO_GAME_TREE));
    sgf_collection_free(c);
    free(s);
}

static void test_parse_missing_open_paren(void **state)
{
    (void)state;
    sgf_collection *c = parse(";FF[4]GM[1];B[aa];W[bb])");
    assert_int_equal(sgf_collection_game_count(c), 1);
    assert_diag_at(c, SGF_D_MISSING_OPEN, 1, 1);
    assert_int_equal(count_moves(sgf_collection_game(c, 0)), 2);
    sgf_collection_free(c);
}

static void test_parse_node_after_variations(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;FF[4](;C[v1]) ;C[v2])");
    assert_int_equal(count_code(c, SGF_D_UNEXPECTED_CHAR), 1);
    const sgf_node *root = sgf_game_root(sgf_collection_game(c, 0));
    assert_int_equal(sgf_node_child_count(root), 2);
    sgf_collection_free(c);
}

static void test_parse_empty_tree(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;FF[4]()(;B[aa]))");
    assert_int_equal(count_code(c, SGF_D_EMPTY_TREE), 1);
    assert_int_equal(sgf_node_child_count(
        sgf_game_root(sgf_collection_game(c, 0))), 1);
    sgf_collection_free(c);
}

/* Shift_JIS "PB[ソ]" (ソ = 83 5C): the 5C is no escape when CA says so. */
static void test_parse_multibyte_trail_byte(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;CA[Shift_JIS]PB[\x83\x5C]PW[x];B[aa])");
    assert_int_equal(sgf_collection_diag_count(c), 0);
    const sgf_node *root = sgf_game_root(sgf_collection_game(c, 0));
    assert_raw(sgf_node_find_prop(root, SGF_PROP_PB), 0, "\x83\x5C");
    assert_non_null(sgf_node_find_prop(root, SGF_PROP_PW));
    sgf_collection_free(c);
}

/* CA[] after the names (as many servers write the root): the names are
 * read two-byte-safe too, and a game with CA[] first reads the same. */
static void test_parse_multibyte_before_ca(void **state)
{
    (void)state;
    const char *in[] = {
        "(;PB[\x83\x5C]PW[\x83\x5C\x83\x5C]CA[Shift_JIS];B[aa])",
        "(;CA[Shift_JIS]PB[\x83\x5C]PW[\x83\x5C\x83\x5C];B[aa])",
        ";PB[\x83\x5C]PW[\x83\x5C\x83\x5C]CA[SJIS];B[aa])",
        /* the name is read as text: escapes removed, as written back */
        "(;PB[\x83\x5C]PW[\x83\x5C\x83\x5C]CA[S\\JIS];B[aa])" };
    for (size_t k = 0; k < 4; k++) {
        sgf_collection *c = parse(in[k]);
        assert_int_equal(count_code(c, SGF_D_UNCLOSED_VALUE), 0);
        const sgf_node *root = sgf_game_root(sgf_collection_game(c, 0));
        assert_raw(sgf_node_find_prop(root, SGF_PROP_PB), 0, "\x83\x5C");
        assert_raw(sgf_node_find_prop(root, SGF_PROP_PW), 0,
                   "\x83\x5C\x83\x5C");
        assert_non_null(sgf_node_find_prop(root, SGF_PROP_CA));
        assert_int_equal(count_moves(sgf_collection_game(c, 0)), 1);
        sgf_collection_free(c);
    }
}

/* A writer that escapes trail bytes: GBK 揮 (93 5D) written 93 5C 5D. */
static void test_parse_multibyte_escaped_trail(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;CA[GB18030]C[\x93\x5C\x5D]N[\x83\x5C]"
                              ";B[aa])");
    assert_int_equal(sgf_collection_diag_count(c), 0);
    const sgf_node *root = sgf_game_root(sgf_collection_game(c, 0));
    assert_raw(sgf_node_find_prop(root, SGF_PROP_C), 0, "\x93\x5C\x5D");
    assert_raw(sgf_node_find_prop(root, SGF_PROP_N), 0, "\x83\x5C");
    assert_int_equal(count_moves(sgf_collection_game(c, 0)), 1);
    sgf_collection_free(c);
}

/* Without CA, a non-UTF-8 file with a lead byte before '\' is read
 * two-byte-safe (real Nihon Kiin files). */
static void test_parse_multibyte_without_ca(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;PB[\x90\x5C\xE1\xC1\x83\x5C]\r\n"
                              "BR[9p];B[aa])");
    assert_int_equal(sgf_collection_diag_count(c), 0);
    const sgf_node *root = sgf_game_root(sgf_collection_game(c, 0));
    assert_raw(sgf_node_find_prop(root, SGF_PROP_BR), 0, "9p");
    sgf_collection_free(c);
}

static char *repeat(const char *head, const char *unit, size_t n,
                    const char *tail, size_t *len)
{
    size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail);
    char *s = malloc(hl + ul * n + tl + 1);
    assert_non_null(s);
    memcpy(s, head, hl);
    for (size_t i = 0; i < n; i++)
        memcpy(s + hl + i * ul, unit, ul);
    memcpy(s + hl + n * ul, tail, tl + 1);
    *len = hl + ul * n + tl;
    return s;
}

/* --- where a value ends in a two-byte charset (sgf/parse.h) ---------- */

/* The whole property layer: decoding, the charset choice. */
static sgf_collection *parse_full(const char *s)
{
    return parse_opts(s, strlen(s), 0);
}

static const sgf_node *root_of(const sgf_collection *c)
{
    return sgf_game_root(sgf_collection_game(c, 0));
}

static void assert_prop_text(const sgf_node *n, sgf_prop_id id,
                             const char *want)
{
    const sgf_prop *p = sgf_node_find_prop(n, id);
    assert_non_null(p);
    assert_int_equal(sgf_prop_value_count(p), 1);
    assert_text(p, 0, want);
}

/* Latin-1 bytes under CA[GB2312]: the ']' after the lead byte 0xE9 ends
 * the value (SGF structure follows it), the text is read as Latin-1, and
 * PW is PW. The lexer used to take the ']' as the trail byte: PB was
 * "Jos\xE9]PW[Ana" and PW was gone, without a word. */
static void test_parse_multibyte_latin1_under_gb(void **state)
{
    (void)state;
    sgf_collection *c = parse_full("(;GM[1]FF[4]CA[GB2312]SZ[9]PB[Jos\xE9]"
                                   "PW[Ana]C[x]\n;B[ee];W[cc])");
    const sgf_node *root = root_of(c);
    assert_prop_text(root, SGF_PROP_PB, "Jos\xC3\xA9");
    assert_prop_text(root, SGF_PROP_PW, "Ana");
    assert_prop_text(root, SGF_PROP_C, "x");
    assert_int_equal(count_moves(sgf_collection_game(c, 0)), 2);
    assert_int_equal(count_code(c, SGF_D_CHARSET_MISMATCH), 1);
    assert_int_equal(count_code(c, SGF_D_STRAY_BRACKET), 0);
    assert_int_equal(count_code(c, SGF_D_UNEXPECTED_CHAR), 0);
    sgf_collection_free(c);
}

/* A trail byte ']' written bare (Shift_JIS ゾ = 83 5D): the first ']'
 * is followed by another, not by SGF structure, and read as the trail
 * the value ends at the second, which SGF structure follows: the
 * character. Text after it with parentheses (no '[') the same. GBK
 * (E9 5D) and Big5 (B3 5D) leads pair alike. */
static void test_parse_multibyte_bare_trail_bracket(void **state)
{
    (void)state;
    sgf_collection *c = parse_full("(;CA[Shift_JIS]PB[\x83]]PW[Ana])");
    assert_int_equal(count_code(c, SGF_D_CHARSET_MISMATCH), 0);
    assert_prop_text(root_of(c), SGF_PROP_PB, "\xE3\x82\xBE");
    assert_prop_text(root_of(c), SGF_PROP_PW, "Ana");
    sgf_collection_free(c);
    c = parse_full("(;CA[Shift_JIS]PB[\x83]x(5)]PW[Ana])");
    assert_prop_text(root_of(c), SGF_PROP_PB, "\xE3\x82\xBEx(5)");
    assert_prop_text(root_of(c), SGF_PROP_PW, "Ana");
    sgf_collection_free(c);
    static const char *const pairs[][2] = {
        { "(;CA[GBK]PB[\xE9]]PW[Ana])", "\xE9]" },
        { "(;CA[Big5]PB[\xB3]]PW[Ana])", "\xB3]" },
    };
    for (size_t k = 0; k < 2; k++) {
        c = parse(pairs[k][0]);
        assert_int_equal(sgf_collection_diag_count(c), 0);
        assert_raw(sgf_node_find_prop(root_of(c), SGF_PROP_PB), 0,
                   pairs[k][1]);
        assert_raw(sgf_node_find_prop(root_of(c), SGF_PROP_PW), 0, "Ana");
        sgf_collection_free(c);
    }
}

/* Lead, '\\', ']': an escaped trail ']' when SGF structure does not
 * follow the ']' (GBK 揮 = 93 5D, then "x"), the character lead 5C and
 * the value's end when it does (Shift_JIS ソ = 83 5C, from a writer that
 * does not escape). */
static void test_parse_multibyte_escaped_or_end(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;CA[GBK]C[\x93\\]x]PW[Ana])");
    assert_int_equal(sgf_collection_diag_count(c), 0);
    assert_raw(sgf_node_find_prop(root_of(c), SGF_PROP_C), 0,
               "\x93\\]x");
    assert_text(sgf_node_find_prop(root_of(c), SGF_PROP_C), 0,
                "\x93]x");
    assert_raw(sgf_node_find_prop(root_of(c), SGF_PROP_PW), 0, "Ana");
    sgf_collection_free(c);
    c = parse_full("(;CA[Shift_JIS]PB[\x83\\]PW[Ana])");
    assert_int_equal(count_code(c, SGF_D_CHARSET_MISMATCH), 0);
    assert_prop_text(root_of(c), SGF_PROP_PB, "\xE3\x82\xBD");
    assert_prop_text(root_of(c), SGF_PROP_PW, "Ana");
    sgf_collection_free(c);
}

/* Both readings faulty: the ']' after the lead byte ends the value and
 * the fault is where it is. Read as the trail, the value would have run
 * on to the ']' of B[aa] (which SGF structure follows) and the move
 * would have vanished into the comment: a '[' on the way forbids it. */
static void test_parse_multibyte_no_property_vanishes(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;CA[GB2312]C[a\x83]x;B[aa])");
    const sgf_diag *d = find_diag(c, SGF_D_MISSING_VALUE);
    assert_non_null(d);
    assert_int_equal(d->pos.column, 18);                  /* the 'x' */
    assert_raw(sgf_node_find_prop(root_of(c), SGF_PROP_C), 0, "a\x83");
    assert_int_equal(count_moves(sgf_collection_game(c, 0)), 1);
    sgf_collection_free(c);
    /* the file ends: nothing to go on to */
    c = parse("(;CA[Shift_JIS]C[\x83]x");
    assert_raw(sgf_node_find_prop(root_of(c), SGF_PROP_C), 0, "\x83");
    assert_int_equal(count_code(c, SGF_D_UNCLOSED_VALUE), 0);
    sgf_collection_free(c);
}

/* The charset falls back: the values are ended again as the charset
 * actually used says. Under GB the first ']' is a trail (another ']'
 * follows); the text is no GB ("Müller"), and read as Latin-1 the first
 * ']' ends the value: the second is a stray ']' (reported once: the
 * first reading's diagnostics are forgotten). */
static void test_parse_multibyte_boundaries_follow_charset(void **state)
{
    (void)state;
    sgf_collection *c = parse_full("(;CA[GB2312]C[M\xFCller caf\xE9]]"
                                   "PB[Ana])");
    assert_string_equal(sgf_game_charset(sgf_collection_game(c, 0)),
                        "ISO-8859-1");
    assert_prop_text(root_of(c), SGF_PROP_C, "M\xC3\xBCller caf\xC3\xA9");
    assert_prop_text(root_of(c), SGF_PROP_PB, "Ana");
    assert_int_equal(count_code(c, SGF_D_STRAY_BRACKET), 1);
    assert_int_equal(count_code(c, SGF_D_CHARSET_MISMATCH), 1);
    sgf_collection_free(c);
}

/* The charset detection chose reads the values otherwise than the
 * reading it was chosen on. No CA: the lexer pairs bytes as GBK does,
 * where "\xB1\\" is one character and the ']' after it ends the value;
 * GBK does not decode the value (0xB1 0x15), CP932 does, and was chosen.
 * But for CP932 0xB1 is a character alone, "\\]" an escaped ']', and
 * the value runs on to the end of the file, over bytes CP932 does not
 * decode (0xFB 0x01). The chosen charset must decode what it reads: the
 * game is read as ISO-8859-1, which decodes any bytes, and no value is
 * left undecodable (a record written back under CA[UTF-8] reads back the
 * same). */
static void test_parse_multibyte_choice_decodes_own_values(void **state)
{
    (void)state;
    sgf_collection *c = parse_full("(;C[\xB1\x15\xB1\xB1\xB1\\]\xFB\x01)");
    assert_string_equal(sgf_game_charset(sgf_collection_game(c, 0)),
                        "ISO-8859-1");
    assert_prop_text(root_of(c), SGF_PROP_C,
                     "\xC2\xB1\x15\xC2\xB1\xC2\xB1\xC2\xB1]\xC3\xBB\x01)");
    assert_int_equal(count_code(c, SGF_D_UNDECODABLE_TEXT), 0);
    assert_int_equal(count_code(c, SGF_D_CHARSET_GUESSED), 0);
    assert_int_equal(count_code(c, SGF_D_UNCLOSED_VALUE), 1);
    sgf_collection_free(c);
}

static int held_diags;

static void count_held(void *payload, const sgf_diag *d)
{
    (void)payload;
    (void)d;
    held_diags++;
}

/* A game read twice calls on_diag once per diagnostic of the reading
 * that counts, and each game mode hands it over read once. */
static void test_parse_multibyte_read_again_once(void **state)
{
    (void)state;
    static const char in[] = "(;CA[GB2312]C[M\xFCller caf\xE9]]PB[Ana])"
                             "(;CA[GB2312]PB[Jos\xE9]PW[Ana])";
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    o.on_diag = count_held;
    held_diags = 0;
    sgf_collection *c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, in, sizeof in - 1, &o), SGF_OK);
    assert_int_equal((size_t)held_diags, sgf_collection_diag_count(c));
    assert_int_equal(sgf_collection_game_count(c), 2);
    assert_int_equal(count_code(c, SGF_D_STRAY_BRACKET), 1);
    assert_int_equal(count_code(c, SGF_D_CHARSET_MISMATCH), 2);
    sgf_collection_free(c);
}

/* Many candidate ']' in one value, none followed by SGF structure: the
 * look-ahead is done once for all of them (a value of n candidates
 * costs O(n), not O(n^2): 200,000 here). */
static void test_parse_multibyte_many_candidates(void **state)
{
    (void)state;
    size_t len;
    char *s = repeat("(;CA[Shift_JIS]C[", "\x83]x", 200000, "]PB[a])", &len);
    sgf_collection *c = parse_opts(s, len, SGF_PARSE_SYNTAX_ONLY);
    assert_int_equal(sgf_collection_diag_count(c), 0);
    assert_int_equal(sgf_prop_raw(sgf_node_find_prop(root_of(c),
                                                     SGF_PROP_C), 0).len,
                     3 * 200000);
    sgf_collection_free(c);
    free(s);
}

static void test_parse_million_nodes(void **state)
{
    (void)state;
    size_t len;
    char *s = repeat("(;FF[4]", ";B[aa]", 1000000, ")", &len);
    sgf_collection *c = parse_opts(s, len, SGF_PARSE_SYNTAX_ONLY);
    assert_int_equal(sgf_collection_diag_count(c), 0);
    assert_int_equal(main_line_length(sgf_collection_game(c, 0)), 1000001);
    sgf_collection_free(c);
    free(s);
}

static void test_parse_deep_variations(void **state)
{
    (void)state;
    size_t len, len2;
    char *open = repeat("(;FF[4]", "(;B[aa]", 100000, "", &len);
    char *close = repeat("", ")", 100001, "", &len2);
    char *s = malloc(len + len2 + 1);
    assert_non_null(s);
    memcpy(s, open, len);
    memcpy(s + len, close, len2 + 1);
    sgf_collection *c = parse_opts(s, len + len2, 0);
    assert_int_equal(sgf_collection_count_severity(c, SGF_SEV_ERROR), 0);
    assert_int_equal(main_line_length(sgf_collection_game(c, 0)), 100001);
    sgf_collection_free(c);
    free(s);
    free(open);
    free(close);
}

static void test_parse_positions_api(void **state)
{
    (void)state;
    sgf_collection *c = parse("(;FF[4]\r\n;B[aa]\n;W[bb])");
    sgf_pos p = sgf_collection_pos(c, 10);
    assert_int_equal(p.line, 2);
    assert_int_equal(p.column, 2);
    p = sgf_collection_pos(c, 16);
    assert_int_equal(p.line, 3);
    assert_int_equal(p.column, 1);
    sgf_str in = sgf_collection_input(c);
    assert_int_equal(in.len, 23);
    sgf_collection_free(c);
}

static void test_parse_file_errors(void **state)
{
    (void)state;
    sgf_collection *c = (sgf_collection *)1;
    assert_int_equal(sgf_parse_file(&c, "/nonexistent/x.sgf", NULL),
                     SGF_EIO);
    assert_null(c);
    assert_int_equal(sgf_parse_file(&c, "/", NULL), SGF_EIO);
    assert_int_equal(sgf_parse_buffer(NULL, "", 0, NULL), SGF_EINVAL);
    sgf_parse_options bad = SGF_PARSE_OPTIONS_INIT;
    bad.version = 99;
    assert_int_equal(sgf_parse_buffer(&c, "", 0, &bad), SGF_EINVAL);
    sgf_collection_free(NULL);
}

static void count_cb(void *payload, const sgf_diag *d)
{
    (void)d;
    *(size_t *)payload += 1;
}

static void test_parse_on_diag_callback(void **state)
{
    (void)state;
    size_t n = 0;
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    o.flags = SGF_PARSE_SYNTAX_ONLY;
    o.on_diag = count_cb;
    o.payload = &n;
    sgf_collection *c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, "(;SZ;B[aa]", 10, &o), SGF_OK);
    assert_int_equal(n, 2);
    assert_int_equal(sgf_collection_diag_count(c), 2);
    sgf_collection_free(c);
}

/* line:column of every offset of random text of LF, CR and letters
 * (across the blocks and words the library counts in) against a plain
 * reading of the rule: CRLF and LFCR are one line break. */
static void naive_pos(const char *s, size_t off, unsigned *line,
                      unsigned *col)
{
    size_t start = 0, i = 0;
    *line = 1;
    while (i < off) {
        if (s[i] == '\n' || s[i] == '\r') {
            size_t next = i + 1;
            if (next < off + 1 && (s[next] == '\n' || s[next] == '\r')
                && s[next] != s[i])
                next++;                    /* the pair's second byte */
            if (next > off) {              /* off is that second byte */
                break;
            }
            (*line)++;
            start = next;
            i = next;
        } else {
            i++;
        }
    }
    *col = (unsigned)(off - start) + 1;
}

static void test_parse_positions_line_breaks(void **state)
{
    (void)state;
    static const char alphabet[] = "ab\n\r\n\r(;)";
    uint32_t r = 12345;
    for (int round = 0; round < 26; round++) {
        size_t n = 1500 + (size_t)round * 37;
        char *s = malloc(n + 1);
        assert_non_null(s);
        for (size_t i = 0; i < n; i++) {
            r = r * 1103515245u + 12345u;
            int k = (int)((r >> 16) % (round % 2 ? 9 : 4));
            s[i] = round % 4 == 3 && k < 2 ? 'x' : alphabet[k];
            if (round % 3 == 2 && s[i] == '\r')
                s[i] = 'y';                /* LF only: counted by blocks */
            if (round >= 20)               /* lines longer than a block */
                s[i] = (r >> 16) % 300 == 0 ? '\n'
                       : round == 25 && (r >> 16) % 300 == 1 ? '\r' : 'z';
        }
        s[n] = '\0';
        sgf_collection *c = parse_opts(s, n, SGF_PARSE_SYNTAX_ONLY);
        /* offsets in a scattered order: the library's table grows lazily */
        for (size_t k = 0; k <= n; k++) {
            size_t off = (k * 7919) % (n + 1);
            unsigned line, col;
            naive_pos(s, off, &line, &col);
            sgf_pos p = sgf_collection_pos(c, off);
            if (p.line != line || p.column != col)
                fail_msg("round %d offset %zu: %u:%u, want %u:%u", round,
                         off, p.line, p.column, line, col);
        }
        sgf_collection_free(c);
        free(s);
    }
}

/* Nodes read as one move carry the move for the replay; other nodes
 * (two values, a pass, other properties first) carry none. */
static void test_parse_one_move_nodes(void **state)
{
    (void)state;
    /* after the move, properties the replay ignores keep it one move;
     * one it acts on (a second move, KO, setup, PL, the move repeated)
     * does not */
    sgf_collection *c = parse("(;SZ[52];B[pd]\n;W[Az] ;B[];W[aa][bb]"
                              ";C[x]B[cc];B[dd]C[after]BL[10]LB[aa:1]"
                              ";W[ee]B[ff];B[gg]KO[];W[hh]AB[ii]"
                              ";B[jj]PL[W];W[kk]W[ll];B[mm]AE[mm])");
    const sgf_node *n = sgf_node_first_child(sgf_game_root(
        sgf_collection_game(c, 0)));
    static const struct { uint8_t color, x, y; uint32_t nprops; } want[] = {
        { SGF_BLACK, 15, 3, 1 }, { SGF_WHITE, 26, 25, 1 }, { 0, 0, 0, 1 },
        { 0, 0, 0, 1 }, { 0, 0, 0, 2 }, { SGF_BLACK, 3, 3, 4 },
        { 0, 0, 0, 2 }, { 0, 0, 0, 2 }, { 0, 0, 0, 2 }, { 0, 0, 0, 2 },
        { 0, 0, 0, 1 }, { 0, 0, 0, 2 } };
    for (size_t k = 0; k < 12; k++, n = sgf_node_first_child(n)) {
        assert_non_null(n);
        assert_int_equal(n->move_color, want[k].color);
        assert_int_equal(n->nprops, want[k].nprops);
        if (want[k].color != 0) {
            assert_int_equal(n->move_point.x, want[k].x);
            assert_int_equal(n->move_point.y, want[k].y);
        }
    }
    sgf_collection_free(c);
}

/* The root's CA[] read ahead (inputs with a byte >= 0x80 or a NUL): it
 * is found behind values full of escapes, and a second '(' before the
 * root means the parser's empty root, so a CA after it is not the
 * root's, whatever other bytes the input holds. */
static void test_parse_root_charset_ahead(void **state)
{
    (void)state;
    static const char esc[] = "(;C[a\\]b\\\\\\\\\\]]CA[Shift_JIS]GN[x])\xe9";
    sgf_collection *c = parse_opts(esc, sizeof esc - 1, 0);
    const sgf_game *g = sgf_collection_game(c, 0);
    assert_non_null(g);
    assert_int_equal(g->mb_lex, SGF__MB_SJIS);
    sgf_collection_free(c);
    static const char *const twice[] = { "((;CA[Shift_JIS]GN[x]))",
                                         "((;CA[Shift_JIS]GN[x]))\xe9",
                                         "( (;CA[GB2312]GN[x]))\x01\x00" };
    static const size_t len[] = { 23, 24, 23 };
    for (size_t k = 0; k < 3; k++) {
        c = parse_opts(twice[k], len[k], SGF_PARSE_SYNTAX_ONLY);
        g = sgf_collection_game(c, 0);
        assert_non_null(g);
        assert_int_equal(g->mb_lex, SGF__MB_NONE);
        assert_non_null(find_diag(c, SGF_D_MISSING_SEMICOLON));
        sgf_collection_free(c);
    }
}

/* Values of properties that are not text, holding characters of the
 * record's charset (TM[1 hour] and KO[a komi] in Japanese, a name in TE),
 * are converted to UTF-8 as the text is, in the root and below it: the
 * record reads, and is written, in one charset. */
static void test_parse_plain_values_converted(void **state)
{
    (void)state;
    /* 1時間, 黒, 30秒 in Shift_JIS */
    static const char in[] = "(;FF[4]CA[Shift_JIS]TM[1\x8e\x9e\x8a\xd4]"
                             "PB[\x8d\x95];B[aa]TE[\x8d\x95]LT[30\x95"
                             "\x62];W[bb]BL[\x8d\x95\xff])";
    sgf_collection *c = parse_opts(in, sizeof in - 1, 0);
    const sgf_game *g = sgf_collection_game(c, 0);
    const sgf_node *root = sgf_game_root(g);
    const sgf_node *b = sgf_node_first_child(root);
    const sgf_node *w = sgf_node_first_child(b);
    sgf_str tm = sgf_prop_text(sgf_node_find_prop(root, SGF_PROP_TM), 0);
    sgf_str te = sgf_prop_text(sgf_node_find_prop(b, SGF_PROP_TE), 0);
    sgf_str lt = sgf_prop_text(sgf_node_find_prop(b, SGF_PROP_LT), 0);
    sgf_str bl = sgf_prop_text(sgf_node_find_prop(w, SGF_PROP_BL), 0);
    assert_int_equal(tm.len, 7);
    assert_memory_equal(tm.ptr, "1\xe6\x99\x82\xe9\x96\x93", 7);
    assert_int_equal(te.len, 3);
    assert_memory_equal(te.ptr, "\xe9\xbb\x92", 3);
    assert_int_equal(lt.len, 5);
    assert_memory_equal(lt.ptr, "30\xe7\xa7\x92", 5);
    /* bytes that do not decode stay as they are */
    assert_int_equal(bl.len, 3);
    assert_memory_equal(bl.ptr, "\x8d\x95\xff", 3);
    sgf_collection_free(c);
}

/* Messages quote input bytes: control bytes and bytes that are not UTF-8
 * come out as \xNN, wherever they fall (after 16 printable bytes too:
 * the check goes 16 bytes at a time). */
static void test_parse_message_bytes_escaped(void **state)
{
    (void)state;
    /* CA[UTF-8]: without it the bytes are ISO-8859-1, the FF[4]
     * default, and 0xFF is the letter it stands for there */
    static const char in[] = "(;CA[UTF-8]LT[30\x01" "b];"
                             "LT[0123456789abcdef\x7F\xFF])";
    sgf_collection *c = parse_opts(in, sizeof in - 1, 0);
    const sgf_diag *d = find_diag(c, SGF_D_VALUE_FORMAT);
    assert_non_null(d);
    assert_string_equal(d->message, "'LT' takes no value: '30\\x01b' "
                        "ignored");
    bool long_one = false;
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++)
        long_one |= strstr(sgf_collection_diag(c, i)->message,
                           "0123456789abcdef\\x7F\\xFF") != NULL;
    assert_true(long_one);
    sgf_collection_free(c);
}

/* --- one game tree at a time (sgf_parse_*_each) ------------------------ */

typedef struct seen {
    int calls;
    int stop_at;                 /* return nonzero at this call, or -1 */
    long index[8];               /* game index per call, -1 for the end */
    size_t ndiags[8];
    sgf_diag_code first[8];      /* first diagnostic's code per call */
    size_t nodes[8];             /* main line length per call */
    bool earlier_released;       /* game 1 gone by the time of game 2 */
    bool first_kept;             /* game 0 still there at the end */
} seen;

static int record_game(void *payload, sgf_collection *c, sgf_game *g)
{
    seen *s = payload;
    int k = s->calls++;
    s->index[k] = g ? (long)sgf_game_index(g) : -1;
    s->ndiags[k] = sgf_collection_diag_count(c);
    s->first[k] = s->ndiags[k] ? sgf_collection_diag(c, 0)->code
                               : (sgf_diag_code)-1;
    s->nodes[k] = g ? main_line_length(g) : 0;
    if (g != NULL && sgf_game_index(g) == 2)
        s->earlier_released = sgf_collection_game(c, 1) == NULL;
    if (g == NULL)
        s->first_kept = sgf_collection_game(c, 0) != NULL;
    return k == s->stop_at;
}

static void test_parse_each_game_in_turn(void **state)
{
    (void)state;
    const char *in = "(;FF[4]GM[1];B[aa];W[bb])\n"
                     "(;FF[4]GM[1]SZ[9];B[cc]C[x\\]y]B[dd])\n"
                     "junk (;FF[3]GM[1];B[ee];W[ff];B[gg]) trailing words";
    seen s = { .stop_at = -1 };
    assert_int_equal(sgf_parse_buffer_each(in, strlen(in), NULL,
                                           record_game, &s), SGF_OK);
    assert_int_equal(s.calls, 4);
    long want[] = { 0, 1, 2, -1 };
    size_t nodes[] = { 3, 2, 4, 0 };
    for (int k = 0; k < 4; k++) {
        assert_int_equal(s.index[k], want[k]);
        assert_int_equal(s.nodes[k], nodes[k]);
    }
    assert_int_equal(s.ndiags[0], 0);         /* a clean game */
    assert_int_equal(s.first[1], SGF_D_DUPLICATE_PROPERTY);
    assert_true(s.ndiags[2] >= 2);            /* junk before it, FF mix */
    assert_int_equal(s.first[2], SGF_D_TEXT_OUTSIDE);
    assert_int_equal(s.ndiags[3], 1);         /* text after the last */
    assert_int_equal(s.first[3], SGF_D_TEXT_OUTSIDE);
    assert_true(s.earlier_released);
    assert_true(s.first_kept);
}

static void test_parse_each_stop_and_errors(void **state)
{
    (void)state;
    const char *in = "(;B[aa])(;B[bb])(;B[cc])";
    seen s = { .stop_at = 1 };
    assert_int_equal(sgf_parse_buffer_each(in, strlen(in), NULL,
                                           record_game, &s), SGF_OK);
    assert_int_equal(s.calls, 2);             /* no call after the stop */
    assert_int_equal(sgf_parse_buffer_each(in, strlen(in), NULL, NULL,
                                           NULL), SGF_EINVAL);
    assert_int_equal(sgf_parse_buffer_each(NULL, 3, NULL, record_game,
                                           &s), SGF_EINVAL);
    assert_int_equal(sgf_parse_file_each("/nonexistent/x.sgf", NULL,
                                         record_game, &s), SGF_EIO);
    seen none = { .stop_at = -1 };            /* no game: one end call */
    assert_int_equal(sgf_parse_buffer_each("hello", 5, NULL, record_game,
                                           &none), SGF_OK);
    assert_int_equal(none.calls, 1);
    assert_int_equal(none.first[0], SGF_D_NO_GAME_TREE);
}

/* Many games one after another run in the memory of one: the same
 * records are read, each seen whole, whatever their number. */
static int add_nodes(void *payload, sgf_collection *c, sgf_game *g)
{
    (void)c;
    if (g != NULL)
        *(size_t *)payload += main_line_length(g);
    return 0;
}

static void test_parse_each_many_games(void **state)
{
    (void)state;
    const char *game = "(;GM[1]C[a comment long enough to need room]"
                       ";B[aa];W[bb];B[cc];W[dd])\n";
    size_t n = strlen(game), count = 3000;
    char *in = malloc(n * count);
    assert_non_null(in);
    for (size_t i = 0; i < count; i++)
        memcpy(in + i * n, game, n);
    size_t nodes = 0;
    assert_int_equal(sgf_parse_buffer_each(in, n * count, NULL,
                                           add_nodes, &nodes), SGF_OK);
    assert_int_equal(nodes, 5 * count);
    free(in);
}

/* --- the cap on diagnostics -------------------------------------------- */

static int called_diags;

static void count_called(void *payload, const sgf_diag *d)
{
    (void)payload;
    called_diags += d->code == SGF_D_STRAY_BRACKET;
}

/* 2,500 stray ']': the first max_diags of the code are listed (and go to
 * on_diag), the rest only counted; other codes have caps of their own. */
static void test_parse_diag_cap(void **state)
{
    (void)state;
    size_t len;
    char *s = repeat("(;GM[1]", "]", 2500, ";B[aa]XY)", &len);
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    o.flags = SGF_PARSE_SYNTAX_ONLY;
    o.max_diags = 100;
    o.on_diag = count_called;
    called_diags = 0;
    sgf_collection *c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, s, len, &o), SGF_OK);
    assert_int_equal(count_code(c, SGF_D_STRAY_BRACKET), 100);
    assert_int_equal(count_code(c, SGF_D_MISSING_VALUE), 1);
    assert_int_equal(called_diags, 100);
    sgf_diag_counts listed, input;
    sgf_collection_diags_left_out(c, &listed, &input);
    assert_int_equal(listed.errors, 2400);
    assert_int_equal(listed.warnings + listed.notes, 0);
    assert_int_equal(input.errors, 2400);
    assert_int_equal(sgf_collection_count_severity(c, SGF_SEV_ERROR),
                     100 + 1);
    /* a diagnostic added after the parse is capped the same */
    sgf_diag d = { .version = SGF_DIAG_VERSION, .code = SGF_D_STRAY_BRACKET,
                   .severity = SGF_SEV_ERROR, .game = 0 };
    assert_int_equal(sgf_collection_add_diag(c, &d, false, "more"), 0);
    sgf_collection_diags_left_out(c, &listed, NULL);
    assert_int_equal(listed.errors, 2401);
    /* by code: those past the cap of each */
    assert_int_equal(sgf_collection_code_left_out(c, SGF_D_STRAY_BRACKET),
                     2401);
    assert_int_equal(sgf_collection_code_left_out(c, SGF_D_MISSING_VALUE),
                     0);
    assert_int_equal(sgf_collection_code_left_out(c, (sgf_diag_code)99999),
                     0);
    assert_int_equal(sgf_collection_code_left_out(NULL, SGF_D_STRAY_BRACKET),
                     0);
    sgf_collection_free(c);
    /* the default cap: 1000 of each code */
    c = parse_opts(s, len, SGF_PARSE_SYNTAX_ONLY);
    assert_int_equal(count_code(c, SGF_D_STRAY_BRACKET),
                     SGF_PARSE_MAX_DIAGS);
    sgf_collection_diags_left_out(c, &listed, NULL);
    assert_int_equal(listed.errors, 2500 - SGF_PARSE_MAX_DIAGS);
    sgf_collection_free(c);
    free(s);
}

struct cap_run {
    size_t listed, left_out, games;
};

static int cap_game(void *payload, sgf_collection *c, sgf_game *g)
{
    struct cap_run *r = payload;
    sgf_diag_counts lo;
    sgf_collection_diags_left_out(c, &lo, NULL);
    r->listed += count_code(c, SGF_D_STRAY_BRACKET);
    r->left_out += lo.errors;
    r->games += g != NULL;
    return 0;
}

/* One game at a time: the cap is per input, the counts per list. */
static void test_parse_diag_cap_each(void **state)
{
    (void)state;
    size_t len;
    char *s = repeat("", "(;GM[1]]]];B[aa])", 300, "", &len);
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    o.flags = SGF_PARSE_SYNTAX_ONLY;
    o.max_diags = 50;
    struct cap_run r = { 0, 0, 0 };
    assert_int_equal(sgf_parse_buffer_each(s, len, &o, cap_game, &r),
                     SGF_OK);
    assert_int_equal(r.games, 300);
    assert_int_equal(r.listed, 50);
    assert_int_equal(r.left_out, 900 - 50);
    free(s);
}

/* An options struct of version 1 (before max_diags) is still read. */
static void test_parse_options_version_1(void **state)
{
    (void)state;
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    o.version = 1;
    o.flags = SGF_PARSE_SYNTAX_ONLY;
    o.max_diags = 3;       /* not part of a version 1 struct: ignored */
    size_t len;
    char *s = repeat("(;GM[1]", "]", 20, ")", &len);
    sgf_collection *c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, s, len, &o), SGF_OK);
    assert_int_equal(count_code(c, SGF_D_STRAY_BRACKET), 20);
    sgf_collection_free(c);
    o.version = 3;
    assert_int_equal(sgf_parse_buffer(&c, s, len, &o), SGF_EINVAL);
    free(s);
}

/* A regular file read from its descriptor starts where its offset is
 * (standard input after another program read some of it), small or
 * large (a large one is mapped), and is left read to its end, so that
 * a second reading of it finds nothing. */
typedef struct first_comment {
    int games;
    char comment[16];
} first_comment;

static int note_first(void *payload, sgf_collection *c, sgf_game *g)
{
    (void)c;
    first_comment *f = payload;
    const sgf_prop *p = g != NULL
        ? sgf_node_find_prop(sgf_game_root(g), SGF_PROP_C) : NULL;
    if (g != NULL && f->games++ == 0 && p != NULL
        && sgf_prop_value_count(p) > 0) {
        sgf_str t = sgf_prop_raw(p, 0);
        size_t n = t.len < 15 ? t.len : 15;
        memcpy(f->comment, t.ptr, n);
        f->comment[n] = '\0';
    }
    return 0;
}

static void test_parse_fd_from_offset(void **state)
{
    (void)state;
    for (int big = 0; big <= 1; big++) {
        FILE *fp = tmpfile();
        assert_non_null(fp);
        const char *first = "(;GM[1]C[first ", *second = "(;GM[1]C[second])";
        size_t pad = big ? (size_t)2 << 20 : 100;
        fputs(first, fp);
        for (size_t i = 0; i < pad; i++)
            fputc('x', fp);
        fputs("])\n", fp);
        long at = ftell(fp);
        fputs(second, fp);
        fflush(fp);
        int fd = fileno(fp);
        assert_int_equal(lseek(fd, at, SEEK_SET), at);
        first_comment f = { 0, "" };
        assert_int_equal(sgf_parse_fd_each(fd, NULL, note_first, &f), 0);
        assert_int_equal(f.games, 1);
        assert_string_equal(f.comment, "second");
        first_comment again = { 0, "" };     /* read to its end */
        (void)sgf_parse_fd_each(fd, NULL, note_first, &again);
        assert_int_equal(again.games, 0);
        fclose(fp);
    }
}

/* sgf_parse_fd_each_stat reads what the caller's fstat saw: the same
 * games as sgf_parse_fd_each from the same stat, no byte written after
 * it (its st_size bounds the reading), a pipe as a pipe, and a size
 * past what a game-by-game reading holds refused (EFBIG) before any
 * byte is read. */
static void test_parse_fd_each_stat(void **state)
{
    (void)state;
    for (int big = 0; big <= 1; big++) {
        FILE *fp = tmpfile();
        assert_non_null(fp);
        fputs("(;GM[1]C[first ", fp);
        for (size_t i = 0; i < (big ? (size_t)2 << 20 : 100); i++)
            fputc('x', fp);
        fputs("])\n", fp);
        fflush(fp);
        int fd = fileno(fp);
        struct stat st;
        assert_int_equal(fstat(fd, &st), 0);
        fputs("(;GM[1]C[second])", fp);      /* written after the stat */
        fflush(fp);
        assert_int_equal(lseek(fd, 0, SEEK_SET), 0);
        first_comment f = { 0, "" };
        assert_int_equal(sgf_parse_fd_each_stat(fd, &st, NULL, note_first,
                                                &f), SGF_OK);
        assert_int_equal(f.games, 1);
        assert_string_equal(f.comment, "first xxxxxxxxx");
        assert_int_equal(lseek(fd, 0, SEEK_SET), 0);
        first_comment all = { 0, "" };       /* NULL: its own fstat */
        assert_int_equal(sgf_parse_fd_each_stat(fd, NULL, NULL, note_first,
                                                &all), SGF_OK);
        assert_int_equal(all.games, 2);
        struct stat huge = st;
        huge.st_size = (off_t)UINT32_MAX;
        first_comment none = { 0, "" };
        assert_int_equal(lseek(fd, 0, SEEK_SET), 0);
        errno = 0;
        assert_int_equal(sgf_parse_fd_each_stat(fd, &huge, NULL, note_first,
                                                &none), SGF_EIO);
        assert_int_equal(errno, EFBIG);
        assert_int_equal(none.games, 0);
        assert_int_equal(sgf_parse_fd_each_stat(fd, &st, NULL, NULL, NULL),
                         SGF_EINVAL);
        fclose(fp);
    }
    int p[2];
    assert_int_equal(pipe(p), 0);
    const char *two = "(;GM[1]C[one])(;GM[1]C[two])";
    assert_int_equal(write(p[1], two, strlen(two)), (ssize_t)strlen(two));
    close(p[1]);
    struct stat st;
    assert_int_equal(fstat(p[0], &st), 0);
    first_comment f = { 0, "" };
    assert_int_equal(sgf_parse_fd_each_stat(p[0], &st, NULL, note_first, &f),
                     SGF_OK);
    assert_int_equal(f.games, 2);
    assert_string_equal(f.comment, "one");
    close(p[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_simple_game),
        cmocka_unit_test(test_parse_packed_input),
        cmocka_unit_test(test_parse_fd_from_offset),
        cmocka_unit_test(test_parse_fd_each_stat),
        cmocka_unit_test(test_parse_whitespace_everywhere),
        cmocka_unit_test(test_parse_escapes_raw_and_text),
        cmocka_unit_test(test_parse_collection_and_variations),
        cmocka_unit_test(test_parse_empty_nodes_kept),
        cmocka_unit_test(test_parse_missing_root_semicolon),
        cmocka_unit_test(test_parse_unclosed_value_at_eof),
        cmocka_unit_test(test_parse_missing_close_paren),
        cmocka_unit_test(test_parse_junk_around_tree),
        cmocka_unit_test(test_parse_no_game_tree),
        cmocka_unit_test(test_parse_valueless_and_glued),
        cmocka_unit_test(test_parse_duplicate_merged),
        cmocka_unit_test(test_parse_lowercase_identifiers),
        cmocka_unit_test(test_parse_stray_bracket),
        cmocka_unit_test(test_parse_stray_value_and_chars),
        cmocka_unit_test(test_parse_nul_bytes),
        cmocka_unit_test(test_parse_nul_bytes_wide_charset),
        cmocka_unit_test(test_parse_line_endings),
        cmocka_unit_test(test_parse_bom_skipped),
        cmocka_unit_test(test_parse_utf16_converted),
        cmocka_unit_test(test_parse_missing_open_paren),
        cmocka_unit_test(test_parse_utf16_odd_length),
        cmocka_unit_test(test_parse_paren_run_is_linear),
        cmocka_unit_test(test_parse_node_after_variations),
        cmocka_unit_test(test_parse_empty_tree),
        cmocka_unit_test(test_parse_multibyte_trail_byte),
        cmocka_unit_test(test_parse_multibyte_without_ca),
        cmocka_unit_test(test_parse_multibyte_escaped_trail),
        cmocka_unit_test(test_parse_multibyte_before_ca),
        cmocka_unit_test(test_parse_multibyte_latin1_under_gb),
        cmocka_unit_test(test_parse_multibyte_bare_trail_bracket),
        cmocka_unit_test(test_parse_multibyte_escaped_or_end),
        cmocka_unit_test(test_parse_multibyte_no_property_vanishes),
        cmocka_unit_test(test_parse_multibyte_boundaries_follow_charset),
        cmocka_unit_test(test_parse_multibyte_choice_decodes_own_values),
        cmocka_unit_test(test_parse_multibyte_read_again_once),
        cmocka_unit_test(test_parse_multibyte_many_candidates),
        cmocka_unit_test(test_parse_million_nodes),
        cmocka_unit_test(test_parse_deep_variations),
        cmocka_unit_test(test_parse_positions_api),
        cmocka_unit_test(test_parse_file_errors),
        cmocka_unit_test(test_parse_on_diag_callback),
        cmocka_unit_test(test_parse_positions_line_breaks),
        cmocka_unit_test(test_parse_one_move_nodes),
        cmocka_unit_test(test_parse_root_charset_ahead),
        cmocka_unit_test(test_parse_plain_values_converted),
        cmocka_unit_test(test_parse_message_bytes_escaped),
        cmocka_unit_test(test_parse_each_game_in_turn),
        cmocka_unit_test(test_parse_each_stop_and_errors),
        cmocka_unit_test(test_parse_each_many_games),
        cmocka_unit_test(test_parse_diag_cap),
        cmocka_unit_test(test_parse_diag_cap_each),
        cmocka_unit_test(test_parse_options_version_1),
    };
    return cmocka_run_group_tests_name("parse", tests, NULL, NULL);
}
