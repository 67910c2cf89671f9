/*
 * test_write.c - the SGF writer (sgf/write.h): the normal form's layout
 * and escapes, and the round trip contract: parsing the written text
 * gives the same tree, no new diagnostic, and writing that again gives the
 * same bytes.
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
#include <sgf/write.h>
#include "../treecmp.h"

static sgf_strbuf out;           /* the last written text */

static sgf_collection *parse_n(const char *s, size_t n, unsigned flags)
{
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    sgf_collection *c = NULL;
    o.flags = flags;
    assert_int_equal(sgf_parse_buffer(&c, s, n, &o), SGF_OK);
    assert_non_null(c);
    return c;
}

/* Parse in (n bytes) with parse flags pf, write with wo, check the round
 * trip (compare flags cf added to TREECMP_WRITTEN); the written text is
 * left in `out`. */
static const char *roundtrip_n(const char *in, size_t n, unsigned pf,
                               const sgf_write_options *wo, unsigned cf)
{
    sgf_collection *a = parse_n(in, n, pf);
    out.len = 0;
    assert_int_equal(sgf_write_collection_str(&out, a, wo), SGF_OK);
    assert_non_null(out.ptr);
    sgf_collection *b = parse_n(out.ptr, out.len, pf);
    treecmp t = { TREECMP_WRITTEN | cf, "" };
    if (treecmp_collections(&t, a, b) != 0)
        fail_msg("tree differs: %s\nwritten:\n%s", t.msg, out.ptr);
    if (treecmp_diags(&t, a, b) != 0)
        fail_msg("%s\nwritten:\n%s", t.msg, out.ptr);
    sgf_strbuf again = SGF_STRBUF_INIT;
    assert_int_equal(sgf_write_collection_str(&again, b, wo), SGF_OK);
    assert_int_equal(again.len, out.len);
    assert_memory_equal(again.ptr, out.ptr, out.len);
    sgf_strbuf_release(&again);
    sgf_collection_free(a);
    sgf_collection_free(b);
    return out.ptr;
}

static const char *rt(const char *in)
{
    return roundtrip_n(in, strlen(in), 0, NULL, 0);
}

static const char *rt_opts(const char *in, unsigned write_flags,
                           int width, unsigned cmp_flags)
{
    sgf_write_options wo = SGF_WRITE_OPTIONS_INIT;
    wo.flags = write_flags;
    wo.line_width = width;
    return roundtrip_n(in, strlen(in), 0, &wo, cmp_flags);
}

static int teardown(void **state)
{
    (void)state;
    sgf_strbuf_release(&out);
    return 0;
}

/* --- layout ------------------------------------------------------------ */

static void test_root_order_and_groups(void **state)
{
    (void)state;
    assert_string_equal(
        rt("(;GM[1]C[root]PB[Black]ST[2]FF[3]SZ[19]PW[White]AP[t:1]"
           "KM[6.5];B[pd];W[dp])"),
        "(;FF[4]CA[UTF-8]GM[1]SZ[19]AP[t:1]ST[2]\n"
        "PB[Black]PW[White]KM[6.5]\n"
        "C[root]\n"
        ";B[pd];W[dp])\n");
}

static void test_empty_root_and_empty_node(void **state)
{
    (void)state;
    assert_string_equal(rt("(;)"), "(;FF[4]CA[UTF-8])\n");
    assert_string_equal(rt("(;;B[aa])"), "(;FF[4]CA[UTF-8]\n;B[aa])\n");
    assert_string_equal(rt("(;GM[1];;B[aa];)"),
                        "(;FF[4]CA[UTF-8]GM[1]\n;;B[aa];)\n");
}

static void test_variations_at_root(void **state)
{
    (void)state;
    assert_string_equal(rt("(;GM[1](;B[aa];W[bb])(;B[cc]))"),
                        "(;FF[4]CA[UTF-8]GM[1]\n"
                        "(;B[aa];W[bb])\n"
                        "(;B[cc]))\n");
}

static void test_nested_variations(void **state)
{
    (void)state;
    assert_string_equal(
        rt("(;GM[1];B[aa](;W[bb](;B[cc])(;B[dd];W[ee]))(;W[ff]))"),
        "(;FF[4]CA[UTF-8]GM[1]\n"
        ";B[aa]\n"
        "(;W[bb]\n"
        "(;B[cc])\n"
        "(;B[dd];W[ee]))\n"
        "(;W[ff]))\n");
}

static void test_single_variation_collapses(void **state)
{
    (void)state;
    assert_string_equal(rt("(;GM[1](;B[aa](;W[bb])))"),
                        "(;FF[4]CA[UTF-8]GM[1]\n;B[aa];W[bb])\n");
}

static void test_collection(void **state)
{
    (void)state;
    assert_string_equal(rt("(;GM[1]) junk (;GM[1]C[x])"),
                        "(;FF[4]CA[UTF-8]GM[1])\n"
                        "(;FF[4]CA[UTF-8]GM[1]\nC[x])\n");
}

/* Every line of s is at most width bytes, except lines holding a single
 * value longer than that. Returns the number of lines. */
static size_t check_width(const char *s, size_t width)
{
    size_t lines = 0;
    while (*s != '\0') {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        if (len > width)
            fail_msg("line of %zu bytes: %.*s", len, (int)len, s);
        lines++;
        s += len + (e != NULL);
    }
    return lines;
}

static void test_line_width_between_nodes(void **state)
{
    (void)state;
    char in[2048] = "(;GM[1]";
    for (int i = 0; i < 100; i++)
        strcat(in, i % 2 ? ";W[bb]" : ";B[aa]");
    strcat(in, ")");
    const char *s = rt(in);
    /* 13 six-byte nodes fill 78 of 79 columns */
    assert_int_equal(check_width(s, 79), 1 + (100 + 12) / 13);
    assert_true(strncmp(strchr(s, '\n') + 1, ";B[aa];W[bb]", 12) == 0);
    s = rt_opts(in, 0, 20, 0);
    /* the root's 21 bytes take two lines */
    assert_true(strncmp(s, "(;FF[4]CA[UTF-8]\nGM[1]\n", 23) == 0);
    assert_int_equal(check_width(s, 20), 2 + (100 + 2) / 3);
    assert_true(strstr(s, "\n;B[aa];W[bb];B[aa]\n") != NULL);
}

static void test_line_width_inside_node(void **state)
{
    (void)state;
    char in[4096] = "(;GM[1]AB";
    for (int i = 0; i < 19; i++)
        for (int j = 0; j < 5; j++)
            sprintf(in + strlen(in), "[%c%c]", 'a' + i, 'a' + j);
    strcat(in, "AW[ss]C[hello])");
    const char *s = rt_opts(in, 0, 40, 0);
    /* 95 values of 4 bytes: 10 per line after "AB" */
    assert_true(check_width(s, 40) >= 10);
    assert_non_null(strstr(s, "\nAB[aa][ab]"));
    assert_non_null(strstr(s, "[se]AW[ss]C[hello])"));
}

static void test_long_value_keeps_its_line(void **state)
{
    (void)state;
    char in[512] = "(;GM[1];B[aa]C[";
    memset(in + strlen(in), 'x', 200);
    strcat(in, "];W[bb])");
    const char *s = rt(in);
    /* the node is broken before the value that does not fit */
    const char *c = strstr(s, "\n;B[aa]\nC[xxx");
    assert_non_null(c);
    assert_non_null(strstr(c, "xx]\n;W[bb])\n"));
}

/* --- values ------------------------------------------------------------ */

static void test_escapes(void **state)
{
    (void)state;
    assert_string_equal(rt("(;C[a\\]b\\\\c:d\\e]N[x\\:y])"),
                        "(;FF[4]CA[UTF-8]\nC[a\\]b\\\\c:de]N[x:y])\n");
}

static void test_soft_and_hard_line_breaks(void **state)
{
    (void)state;
    assert_string_equal(rt("(;C[one\\\ntwo\r\nthree\tfour\rfive]"
                           "N[a\nb]GN[x\\\r\ny])"),
                        "(;FF[4]CA[UTF-8]\nGN[xy]\n"
                        "C[onetwo\nthree four\nfive]N[a b])\n");
}

static void test_folded_values(void **state)
{
    (void)state;
    /* a number, points and a move folded over two lines with soft line
       breaks (CR, LF, CRLF) are read and written as one: the moves and
       stones are kept, not dropped as bad points */
    assert_string_equal(rt("(;KM[6\\\n.5]AB[d\\\rd][pp];B[p\\\r\nd])"),
                        "(;FF[4]CA[UTF-8]\nKM[6.5]\nAB[dd][pp]\n;B[pd])\n");
}

static void test_composed_values(void **state)
{
    (void)state;
    assert_string_equal(
        rt("(;AP[my\\:app:1.0]SZ[19]LB[dd:a:b][ee:x\\:y]"
           "FG[257:fig\\:1]AR[aa:bb];B[cc])"),
        "(;FF[4]CA[UTF-8]SZ[19]AP[my\\:app:1.0]\n"
        "LB[dd:a\\:b][ee:x\\:y]FG[257:fig\\:1]AR[aa:bb]\n;B[cc])\n");
}

static void test_unknown_property_keeps_escapes(void **state)
{
    (void)state;
    assert_string_equal(rt("(;XY[a\\:b:c\\]\\\\]ZZ[\\q])"),
                        "(;FF[4]CA[UTF-8]\nXY[a\\:b:c\\]\\\\]ZZ[q])\n");
    /* a soft line break of an unknown property stays soft (its type is
       unknown: as Text, "one\\<LF>two" reads "onetwo"); a hard one
       stays hard; PB (SimpleText) drops the soft one */
    assert_string_equal(rt("(;XX[one\\\ntwo]YY[a\\\r\nb\nc]PB[p\\\nq])"),
                        "(;FF[4]CA[UTF-8]\nPB[pq]\nXX[one\\\ntwo]"
                        "YY[a\\\r\nb\nc])\n");
}

static void test_passes(void **state)
{
    (void)state;
    assert_string_equal(rt("(;FF[3]SZ[19];B[tt];W[])"),
                        "(;FF[4]CA[UTF-8]SZ[19]\n;B[];W[])\n");
    assert_string_equal(rt("(;SZ[25];B[tt];W[])"),
                        "(;FF[4]CA[UTF-8]SZ[25]\n;B[tt];W[])\n");
    assert_string_equal(rt_opts("(;SZ[13];B[tt];W[tt])", SGF_WRITE_PASS_TT,
                                0, 0),
                        "(;FF[4]CA[UTF-8]SZ[13]\n;B[tt];W[tt])\n");
    assert_string_equal(rt_opts("(;SZ[21];B[])", SGF_WRITE_PASS_TT, 0, 0),
                        "(;FF[4]CA[UTF-8]SZ[21]\n;B[])\n");
    /* not Go: "tt" is whatever the game says */
    assert_string_equal(rt("(;GM[2];B[tt])"),
                        "(;FF[4]CA[UTF-8]GM[2]\n;B[tt])\n");
}

static void test_blank_pass(void **state)
{
    (void)state;
    assert_string_equal(rt("(;SZ[19];B[ ];W[\t])"),
                        "(;FF[4]CA[UTF-8]SZ[19]\n;B[];W[])\n");
}

/* FF[1]-FF[3] properties would draw warnings in an FF[4] file: the games
 * of such a collection that were not FF[4] are written without FF. */
static void test_obsolete_properties_drop_ff(void **state)
{
    (void)state;
    assert_string_equal(rt("(;FF[3]GM[1]SZ[19]L[aa][bb];B[tt];W[])"),
                        "(;CA[UTF-8]GM[1]SZ[19]\nL[aa][bb]\n;B[];W[])\n");
    assert_string_equal(rt("(;FF[3]CA[latin1]L[aa]C[\xe9])"),
                        "(;CA[UTF-8]\nL[aa]C[\xc3\xa9])\n");
    assert_string_equal(rt("(;FF[3]L[aa]C[caf\xe9 \\]])"),
                        "(;CA[UTF-8]\nL[aa]C[caf\xc3\xa9 \\]])\n");
    assert_string_equal(rt("(;GM[1]LT[]C[x];B[tt])"),
                        "(;CA[UTF-8]GM[1]\nLT[]C[x]\n;B[])\n");
    assert_string_equal(rt("(;FF[3]L[aa])(;FF[4]C[x])(;C[y])"),
                        "(;CA[UTF-8]\nL[aa])\n"
                        "(;FF[4]CA[UTF-8]\nC[x])\n"
                        "(;CA[UTF-8]\nC[y])\n");
}

static void test_lowercase_identifiers(void **state)
{
    (void)state;
    assert_string_equal(rt("(;FF[3]GaMe[1]AddBlack[aa][bb]Comment[x])"),
                        "(;FF[4]CA[UTF-8]GM[1]\nAB[aa][bb]C[x])\n");
}

static void test_merged_duplicates(void **state)
{
    (void)state;
    assert_string_equal(rt("(;GM[1];AB[aa]AW[bb]AB[cc])"),
                        "(;FF[4]CA[UTF-8]GM[1]\n;AB[aa][cc]AW[bb])\n");
}

/* A one-value property repeated in a node is written repeated: read back,
 * it merges the same way (C[a][b] would be a value-count error). */
static void test_repeated_single_value_property(void **state)
{
    (void)state;
    assert_string_equal(rt("(;GM[1];C[a]B[aa]C[b]C[c])"),
                        "(;FF[4]CA[UTF-8]GM[1]\n;C[a][b][c]B[aa])\n");
}

static void test_lists_unchanged(void **state)
{
    (void)state;
    assert_string_equal(rt("(;GM[1];AB[aa:bb][cc]TR[dd][aa:ab])"),
                        "(;FF[4]CA[UTF-8]GM[1]\n;AB[aa:bb][cc]"
                        "TR[dd][aa:ab])\n");
}

static void test_expand_points(void **state)
{
    (void)state;
    assert_string_equal(
        rt_opts("(;GM[1];AB[aa:cb][dd]VW[])", SGF_WRITE_EXPAND_POINTS, 0,
                TREECMP_POINT_SETS),
        "(;FF[4]CA[UTF-8]GM[1]\n;AB[aa][ba][ca][ab][bb][cb][dd]VW[])\n");
}

static void test_compress_points(void **state)
{
    (void)state;
    assert_string_equal(
        rt_opts("(;GM[1];AB[aa][ba][ab][bb][dd][bb]AW[ee:ff][ef][eg]"
                "[fg])", SGF_WRITE_COMPRESS_POINTS, 0, TREECMP_POINT_SETS),
        "(;FF[4]CA[UTF-8]GM[1]\n;AB[aa:bb][dd]AW[ee:fg])\n");
}

static void test_charset_decoded(void **state)
{
    (void)state;
    /* GB2312 "ni hao" and Latin-1 "cafe" with an acute e */
    assert_string_equal(rt("(;CA[GB2312]PB[\xc4\xe3\xba\xc3])"),
                        "(;FF[4]CA[UTF-8]\nPB[\xe4\xbd\xa0\xe5\xa5\xbd])\n");
    assert_string_equal(rt("(;CA[ISO-8859-1]C[caf\xe9])"),
                        "(;FF[4]CA[UTF-8]\nC[caf\xc3\xa9])\n");
}

static void test_shift_jis_trail_bytes(void **state)
{
    (void)state;
    /* U+8868 is 0x95 0x5C in Shift_JIS: its trail byte is a '\' */
    assert_string_equal(rt("(;CA[Shift_JIS]C[\x95\x5c]N[a\x95\x5c])"),
                        "(;FF[4]CA[UTF-8]\n"
                        "C[\xe8\xa1\xa8]N[a\xe8\xa1\xa8])\n");
}

/* Bytes that decode in no charset are written back as they are, in the
 * guarded form: a high byte that an escape follows is escaped too, so
 * that a reader that pairs two-byte characters finds the same end. */
static void test_undecodable_bytes_kept(void **state)
{
    (void)state;
    const char *in = "(;CA[UTF-8]PB[\xe4\xbd\xa0]C[a\xff\\]b])";
    sgf_collection *c = parse_n(in, strlen(in), 0);
    const sgf_prop *p = sgf_node_find_prop(
        sgf_game_root(sgf_collection_game(c, 0)), SGF_PROP_C);
    assert_non_null(p);
    assert_true(sgf_prop_is_undecodable(p, 0));
    sgf_collection_free(c);
    assert_string_equal(rt(in), "(;FF[4]CA[UTF-8]\nPB[\xe4\xbd\xa0]\n"
                        "C[a\\\xff\\]b])\n");
}

static void test_syntax_only_keeps_charset(void **state)
{
    (void)state;
    const char *in = "(;CA[latin1]C[caf\xe9\\]]B[tt])";
    assert_string_equal(
        roundtrip_n(in, strlen(in), SGF_PARSE_SYNTAX_ONLY, NULL, 0),
        "(;FF[4]CA[latin1]\nC[caf\\\xe9\\]]B[tt])\n");
}

/* Two-byte charsets read without decoding: the text as the lexer read
 * it, in the guarded form (a run of high bytes before an escape or the
 * closing ']' escaped byte by byte), which reads the same whether the
 * reader pairs two-byte characters or not. */
static void test_syntax_only_two_byte_trails(void **state)
{
    (void)state;
    const char *in = "(;CA[GBK]C[\x95\\\\\x95]x\x95\\\\\\]]N[ab\\\x95])";
    assert_string_equal(
        roundtrip_n(in, strlen(in), SGF_PARSE_SYNTAX_ONLY, NULL, 0),
        "(;FF[4]CA[GBK]\nC[\\\x95\\\\\\\x95\\]x\\\x95\\\\\\]]"
        "N[ab\\\x95])\n");
}

/* Without CA, the parser may guess a two-byte charset from the bytes
 * (a lead byte before a '\\'); syntax-only output names the guess and
 * writes the two-byte text guarded, so it reads back the same. */
static void test_syntax_only_guessed_two_byte(void **state)
{
    (void)state;
    const char *in = "(;PB[a]C[\x95\\]x])";
    assert_string_equal(
        roundtrip_n(in, strlen(in), SGF_PARSE_SYNTAX_ONLY, NULL, 0),
        "(;FF[4]CA[Shift_JIS]\nPB[a]\nC[\\\x95\\]x])\n");
}

/* Syntax-only, no CA: the charset the reading implied is named, so that
 * escapes written after high bytes ("\x97\:") cannot make the parser
 * guess a two-byte charset when reading the output. ASCII needs no CA. */
static void test_syntax_only_implied_charset(void **state)
{
    (void)state;
    static const char *cases[][2] = {
        { "(;C[a\x97 b:c]LB[aa:\x97:b])",
          "(;FF[4]CA[ISO-8859-1]\nC[a\x97 b:c]LB[aa:\\\x97\\:b])\n" },
        { "(;C[caf\xc3\xa9\\]])",
          "(;FF[4]CA[UTF-8]\nC[caf\xc3\xa9\\]])\n" },
        { "(;C[x\\]])", "(;FF[4]\nC[x\\]])\n" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        assert_string_equal(roundtrip_n(cases[i][0], strlen(cases[i][0]),
                                        SGF_PARSE_SYNTAX_ONLY, NULL, 0),
                            cases[i][1]);
}

static void test_nul_bytes_survive(void **state)
{
    (void)state;
    static const char in[] = "(;C[a\0b])";
    roundtrip_n(in, sizeof in - 1, 0, NULL, 0);
    assert_int_equal(out.len, sizeof "(;FF[4]CA[UTF-8]\nC[a\0b])\n" - 1);
    assert_memory_equal(out.ptr, "(;FF[4]CA[UTF-8]\nC[a\0b])\n", out.len);
}

static void test_recovered_input(void **state)
{
    (void)state;
    rt("junk (;GM[1]SZ[9]B[aa];W[bb]C[unclosed");
    assert_string_equal(out.ptr, "(;FF[4]CA[UTF-8]GM[1]SZ[9]\n"
                        "B[aa]\n;W[bb]C[unclosed])\n");
}

/* --- deep and long trees ----------------------------------------------- */

static sgf_strbuf input;

static void input_add(const char *s)
{
    size_t n = strlen(s);
    if (input.len + n + 1 > input.cap) {
        input.cap = 2 * (input.len + n + 1);
        input.ptr = realloc(input.ptr, input.cap);
        assert_non_null(input.ptr);
    }
    memcpy(input.ptr + input.len, s, n + 1);
    input.len += n;
}

static void test_nested_100000_variations(void **state)
{
    (void)state;
    input.len = 0;
    input_add("(;GM[1]");
    for (int i = 0; i < 100000; i++)
        input_add("(;B[aa](;W[bb])");
    for (int i = 0; i <= 100000; i++)
        input_add(")");
    roundtrip_n(input.ptr, input.len, 0, NULL, 0);
    assert_non_null(strstr(out.ptr, "\n;B[aa]\n(;W[bb])\n(;B[aa]\n"));
    assert_int_equal(out.ptr[out.len - 2], ')');
    sgf_strbuf_release(&input);
}

static void test_sequence_of_1000000_nodes(void **state)
{
    (void)state;
    input.len = 0;
    input_add("(;GM[1]SZ[19]");
    for (int i = 0; i < 500000; i++)
        input_add(";B[aa];W[tt]");
    input_add(")");
    roundtrip_n(input.ptr, input.len, 0, NULL, 0);
    assert_non_null(strstr(out.ptr, "\n;B[aa];W[];B[aa];W[];"));
    sgf_strbuf_release(&input);
}

/* --- API --------------------------------------------------------------- */

static void test_file_output_matches_string(void **state)
{
    (void)state;
    const char *in = "(;GM[1]PB[x];B[aa](;W[bb])(;W[cc]))(;C[y])";
    sgf_collection *c = parse_n(in, strlen(in), 0);
    char *mem = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&mem, &len);
    assert_non_null(fp);
    assert_int_equal(sgf_write_collection(fp, c, NULL), SGF_OK);
    assert_int_equal(fclose(fp), 0);
    sgf_strbuf s = SGF_STRBUF_INIT;
    assert_int_equal(sgf_write_collection_str(&s, c, NULL), SGF_OK);
    assert_int_equal(len, s.len);
    assert_memory_equal(mem, s.ptr, len);
    free(mem);
    /* one game, to a file and to a string */
    s.len = 0;
    assert_int_equal(sgf_write_game_str(&s, sgf_collection_game(c, 1),
                                        NULL), SGF_OK);
    assert_string_equal(s.ptr, "(;FF[4]CA[UTF-8]\nC[y])\n");
    fp = open_memstream(&mem, &len);
    assert_int_equal(sgf_write_game(fp, sgf_collection_game(c, 0), NULL),
                     SGF_OK);
    assert_int_equal(fclose(fp), 0);
    assert_string_equal(mem, "(;FF[4]CA[UTF-8]GM[1]\nPB[x]\n;B[aa]\n"
                        "(;W[bb])\n(;W[cc]))\n");
    free(mem);
    sgf_strbuf_release(&s);
    assert_null(s.ptr);
    sgf_collection_free(c);
}

static void test_write_error(void **state)
{
    (void)state;
    sgf_collection *c = parse_n("(;C[x])", 7, 0);
    FILE *fp = fopen("/dev/full", "w");
    if (fp == NULL)
        skip();
    setvbuf(fp, NULL, _IONBF, 0);
    assert_int_equal(sgf_write_collection(fp, c, NULL), SGF_EIO);
    fclose(fp);
    sgf_collection_free(c);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    sgf_collection *c = parse_n("(;C[x])", 7, 0);
    sgf_strbuf s = SGF_STRBUF_INIT;
    sgf_write_options bad = SGF_WRITE_OPTIONS_INIT;
    bad.version = 99;
    assert_int_equal(sgf_write_collection_str(&s, c, &bad), SGF_EINVAL);
    bad.version = SGF_WRITE_OPTIONS_VERSION;
    bad.line_width = -1;
    assert_int_equal(sgf_write_collection_str(&s, c, &bad), SGF_EINVAL);
    assert_int_equal(sgf_write_collection_str(NULL, c, NULL), SGF_EINVAL);
    assert_int_equal(sgf_write_collection_str(&s, NULL, NULL), SGF_EINVAL);
    assert_int_equal(sgf_write_collection(NULL, c, NULL), SGF_EINVAL);
    assert_int_equal(sgf_write_game(stdout, NULL, NULL), SGF_EINVAL);
    assert_int_equal(sgf_write_game_str(&s, NULL, NULL), SGF_EINVAL);
    assert_int_equal(s.len, 0);
    sgf_strbuf_release(&s);
    sgf_collection_free(c);
}

static void test_strbuf_appends(void **state)
{
    (void)state;
    sgf_collection *c = parse_n("(;C[x])", 7, 0);
    sgf_strbuf s;
    sgf_strbuf_init(&s);
    assert_null(s.ptr);
    assert_int_equal(sgf_write_collection_str(&s, c, NULL), SGF_OK);
    assert_int_equal(sgf_write_collection_str(&s, c, NULL), SGF_OK);
    assert_string_equal(s.ptr, "(;FF[4]CA[UTF-8]\nC[x])\n"
                        "(;FF[4]CA[UTF-8]\nC[x])\n");
    sgf_strbuf_release(&s);
    assert_null(s.ptr);
    assert_int_equal(s.len, 0);
    sgf_collection_free(c);
}

/* The comparison helper itself must see differences. */
static void test_treecmp_sees_differences(void **state)
{
    (void)state;
    static const char *pairs[][2] = {
        { "(;B[aa])", "(;B[ab])" },
        { "(;B[aa];W[bb])", "(;B[aa])" },
        { "(;B[aa](;W[bb])(;W[cc]))", "(;B[aa];W[bb];W[cc])" },
        { "(;B[aa]C[x])", "(;B[aa])" },
        { "(;AB[aa][bb])", "(;AB[aa])" },
        { "(;C[x])", "(;C[x])(;C[x])" },
        { "(;FF[3]SZ[19];B[tt])", "(;FF[4]SZ[19];B[ss])" },
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        sgf_collection *a = parse_n(pairs[i][0], strlen(pairs[i][0]), 0);
        sgf_collection *b = parse_n(pairs[i][1], strlen(pairs[i][1]), 0);
        treecmp t = { TREECMP_WRITTEN, "" };
        assert_int_equal(treecmp_collections(&t, a, b), 1);
        assert_true(t.msg[0] != '\0');
        sgf_collection_free(a);
        sgf_collection_free(b);
    }
    sgf_collection *a = parse_n("(;SZ[19];B[tt])", 15, 0);
    sgf_collection *b = parse_n("(;SZ[19];B[])", 13, 0);
    treecmp t = { TREECMP_WRITTEN, "" };
    assert_int_equal(treecmp_collections(&t, a, b), 0);
    t.flags = 0;
    assert_int_equal(treecmp_collections(&t, a, b), 1);
    assert_int_equal(treecmp_diags(&t, a, b), 0);
    sgf_collection_free(a);
    sgf_collection_free(b);
    a = parse_n("(;C[x])", 7, 0);
    b = parse_n("(;C[x]", 6, 0);
    assert_int_equal(treecmp_diags(&t, a, b), 1);
    assert_non_null(strstr(t.msg, "unclosed-tree"));
    assert_int_equal(treecmp_diags(&t, b, a), 0);
    sgf_collection_free(a);
    sgf_collection_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_root_order_and_groups),
        cmocka_unit_test(test_empty_root_and_empty_node),
        cmocka_unit_test(test_variations_at_root),
        cmocka_unit_test(test_nested_variations),
        cmocka_unit_test(test_single_variation_collapses),
        cmocka_unit_test(test_collection),
        cmocka_unit_test(test_line_width_between_nodes),
        cmocka_unit_test(test_line_width_inside_node),
        cmocka_unit_test(test_long_value_keeps_its_line),
        cmocka_unit_test(test_escapes),
        cmocka_unit_test(test_soft_and_hard_line_breaks),
        cmocka_unit_test(test_folded_values),
        cmocka_unit_test(test_composed_values),
        cmocka_unit_test(test_unknown_property_keeps_escapes),
        cmocka_unit_test(test_passes),
        cmocka_unit_test(test_blank_pass),
        cmocka_unit_test(test_obsolete_properties_drop_ff),
        cmocka_unit_test(test_lowercase_identifiers),
        cmocka_unit_test(test_merged_duplicates),
        cmocka_unit_test(test_repeated_single_value_property),
        cmocka_unit_test(test_lists_unchanged),
        cmocka_unit_test(test_expand_points),
        cmocka_unit_test(test_compress_points),
        cmocka_unit_test(test_charset_decoded),
        cmocka_unit_test(test_shift_jis_trail_bytes),
        cmocka_unit_test(test_undecodable_bytes_kept),
        cmocka_unit_test(test_syntax_only_keeps_charset),
        cmocka_unit_test(test_syntax_only_two_byte_trails),
        cmocka_unit_test(test_syntax_only_guessed_two_byte),
        cmocka_unit_test(test_syntax_only_implied_charset),
        cmocka_unit_test(test_nul_bytes_survive),
        cmocka_unit_test(test_recovered_input),
        cmocka_unit_test(test_nested_100000_variations),
        cmocka_unit_test(test_sequence_of_1000000_nodes),
        cmocka_unit_test(test_file_output_matches_string),
        cmocka_unit_test(test_write_error),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_strbuf_appends),
        cmocka_unit_test(test_treecmp_sees_differences),
    };
    return cmocka_run_group_tests(tests, NULL, teardown);
}
