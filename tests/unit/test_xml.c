/*
 * test_xml.c - the XML module (sgf/xml.h): export, schema validation of
 * every document written (libsgf/schema/sgf.rng, RELAX NG through
 * libxml2), import, and exact round trips. Run from the top directory.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <sgf/parse.h>
#include <sgf/write.h>
#include <sgf/xml.h>
#include "../treecmp.h"

#define SCHEMA "libsgf/schema/sgf.rng"

static void quiet(void *ctx, const char *msg, ...)
{
    (void)ctx;
    (void)msg;
}

/* 0 when the document is valid against the shipped schema. */
static int validate(const char *xml, size_t len)
{
    xmlRelaxNGParserCtxtPtr pc = xmlRelaxNGNewParserCtxt(SCHEMA);
    xmlRelaxNGPtr schema = xmlRelaxNGParse(pc);
    xmlRelaxNGFreeParserCtxt(pc);
    assert_non_null(schema);
    xmlDocPtr doc = xmlReadMemory(xml, (int)len, NULL, NULL,
                                  XML_PARSE_HUGE | XML_PARSE_NOERROR);
    assert_non_null(doc);
    xmlRelaxNGValidCtxtPtr vc = xmlRelaxNGNewValidCtxt(schema);
    xmlRelaxNGSetValidErrors(vc, quiet, quiet, NULL);
    int rc = xmlRelaxNGValidateDoc(vc, doc);
    xmlRelaxNGFreeValidCtxt(vc);
    xmlFreeDoc(doc);
    xmlRelaxNGFree(schema);
    return rc;
}

static sgf_collection *parse_opts(const char *sgf, const char *charset)
{
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    sgf_collection *c = NULL;
    o.charset = charset;
    assert_int_equal(sgf_parse_buffer(&c, sgf, strlen(sgf), &o), 0);
    return c;
}

/* The XML of an SGF text, checked against the schema. */
static char *to_xml(const sgf_collection *c, unsigned flags)
{
    sgf_strbuf sb = SGF_STRBUF_INIT;
    assert_int_equal(sgf_xml_write_str(&sb, c, flags), 0);
    assert_non_null(sb.ptr);
    assert_int_equal(validate(sb.ptr, sb.len), 0);
    return sb.ptr;
}

/* SGF -> XML -> collection; the trees must be the same. */
static char *round_trip(const char *sgf, const char *charset)
{
    sgf_collection *a = parse_opts(sgf, charset), *b = NULL;
    char *xml = to_xml(a, 0);
    char err[200];
    assert_int_equal(sgf_xml_read_buffer(&b, xml, strlen(xml), NULL, err,
                                         sizeof err), 0);
    treecmp t = { 0, "" };
    if (treecmp_collections(&t, a, b) != 0)
        fail_msg("round trip: %s", t.msg);
    sgf_collection_free(a);
    sgf_collection_free(b);
    return xml;
}

static void expect(const char *xml, const char *part)
{
    if (strstr(xml, part) == NULL)
        fail_msg("'%s' not in:\n%s", part, xml);
}

static int count(const char *s, const char *part)
{
    int n = 0;
    for (const char *p = strstr(s, part); p; p = strstr(p + 1, part))
        n++;
    return n;
}

static void test_escapes_raw_and_text(void **state)
{
    (void)state;
    char *x = round_trip("(;FF[4]C[a\\]b\\\\c\\:d]LB[dd:x\\:y]N[p&q<r>])",
                         NULL);
    expect(x, "<raw>a\\]b\\\\c\\:d</raw>");
    expect(x, "<text>a]b\\c:d</text>");
    expect(x, "<raw>dd:x\\:y</raw>");
    expect(x, "<v>p&amp;q&lt;r&gt;</v>");
    /* points and numbers: the text is the raw text, no <raw> */
    expect(x, "<prop id=\"FF\">\n    <v>4</v>");
    free(x);
}

static void test_soft_breaks_and_crlf(void **state)
{
    (void)state;
    char *x = round_trip("(;C[one\\\r\ntwo\r\nthree])", NULL);
    expect(x, "<raw>one\\&#13;\ntwo&#13;\nthree</raw>");
    expect(x, "<text>onetwo\nthree</text>");
    free(x);
}

static void test_control_characters_base64(void **state)
{
    (void)state;
    /* 0x01 and 0x1E cannot stand in XML 1.0: base64 of "a\x01b\x1e" */
    char *x = round_trip("(;C[a\x01" "b\x1e])", NULL);
    expect(x, "<v encoding=\"base64\">YQFiHg==</v>");
    assert_null(strchr(x, '\x01'));
    free(x);
}

static void test_undecodable_bytes_marked(void **state)
{
    (void)state;
    sgf_collection *c = parse_opts("(;C[ab\xff\xfe])", "UTF-8");
    const sgf_prop *p = sgf_node_first_prop(
        sgf_game_root(sgf_collection_game(c, 0)));
    assert_true(sgf_prop_is_undecodable(p, 0));
    sgf_collection_free(c);
    char *x = round_trip("(;C[ab\xff\xfe])", "UTF-8");
    expect(x, "<raw encoding=\"base64\">YWL//g==</raw>");
    expect(x, "<text undecodable=\"true\" encoding=\"base64\">YWL//g==");
    free(x);
}

static void test_charsets_kept(void **state)
{
    (void)state;
    /* GB2312 bytes of a two-character name */
    char *x = round_trip("(;CA[gb2312]PB[\xb3\xa3\xba\xc6])", NULL);
    expect(x, "charset=\"GB18030\"");
    expect(x, "<raw encoding=\"base64\">s6O6xg==</raw>");
    expect(x, "<text>\xe5\xb8\xb8\xe6\xb5\xa9</text>");
    free(x);
}

static void test_private_and_lowercase(void **state)
{
    (void)state;
    char *x = round_trip("(;FF[3]AddBlack[aa]SBKV[55.1]XYZ[a][b])", NULL);
    expect(x, "<prop id=\"AB\" ident=\"AddBlack\">");
    expect(x, "<prop id=\"SBKV\">");
    expect(x, "<v>a</v>\n    <v>b</v>");
    free(x);
}


static void test_variations(void **state)
{
    (void)state;
    char *x = round_trip("(;GM[1];B[aa](;W[bb];B[cc])(;W[cc])"
                         "(;W[dd](;B[ee])(;B[ff])))(;C[second])", NULL);
    assert_int_equal(count(x, "<variation>"), 3);
    assert_int_equal(count(x, "<game "), 2);
    /* W[bb] continues the main line after B[aa]'s node, whose element
     * holds the variations W[cc] and W[dd] */
    const char *bb = strstr(x, "<v>bb</v>"), *cc = strstr(x, "<v>cc");
    assert_non_null(bb);
    assert_non_null(cc);
    assert_true(strstr(x, "<variation>") < cc);
    assert_true(cc < bb);
    expect(x, "</node>\n  <node>\n   <prop id=\"W\">\n    <v>bb</v>");
    free(x);
}

static void test_long_main_line_not_nested(void **state)
{
    (void)state;
    size_t n = 100000;
    char *sgf = malloc(8 * n + 32), *p = sgf;
    p += sprintf(p, "(;GM[1]SZ[19]");
    for (size_t i = 0; i < n; i++)
        p += sprintf(p, ";%c[]", i % 2 ? 'W' : 'B');
    strcpy(p, ")");
    char *x = round_trip(sgf, NULL);
    /* libxml2 refuses documents deeper than 256 without XML_PARSE_HUGE:
     * this one parses, so the main line does not nest */
    xmlDocPtr doc = xmlReadMemory(x, (int)strlen(x), NULL, NULL,
                                  XML_PARSE_NOERROR);
    assert_non_null(doc);
    xmlFreeDoc(doc);
    expect(x, "<go:move number=\"100000\" color=\"W\" pass=\"true\"/>");
    free(x);
    free(sgf);
}

static void test_deep_variations(void **state)
{
    (void)state;
    size_t n = 2000;
    char *sgf = malloc(20 * n + 32), *p = sgf;
    p += sprintf(p, "(;GM[1]");
    for (size_t i = 0; i < n; i++)
        p += sprintf(p, "(;B[aa]");
    for (size_t i = 0; i < n; i++)
        p += sprintf(p, ")(;W[bb]))");
    p += sprintf(p, ")");
    free(round_trip(sgf, NULL));
    free(sgf);
}

static void test_go_layer(void **state)
{
    (void)state;
    char *x = round_trip("(;GM[1]SZ[5]KM[6.5]RE[W+R]DT[2026-11-29,30]"
                         ";B[ba];W[aa];B[ab];W[bb];B[aa];MN[50]W[]"
                         "(;B[zz])(;B[cc]))", NULL);
    expect(x, "<go:komi>6.5</go:komi>");
    expect(x, "<go:result kind=\"win\" winner=\"W\" reason=\"resign\"/>");
    expect(x, "<go:date>2026-11-29</go:date>");

    expect(x, "<go:move number=\"1\" color=\"B\" point=\"ba\" "
              "vertex=\"B5\"/>");
    expect(x, "<go:move number=\"3\" color=\"B\" point=\"ab\" "
              "vertex=\"A4\" captures=\"aa\"/>");
    expect(x, "<go:move number=\"5\" color=\"B\" point=\"aa\" "
              "vertex=\"A5\" reused=\"2\"/>");
    expect(x, "<go:move number=\"50\" color=\"W\" pass=\"true\"/>");
    expect(x, "<go:move number=\"51\" color=\"B\" point=\"zz\" "
              "verdict=\"off-board\"/>");
    /* the variation starts again from move 50's position */
    expect(x, "<go:move number=\"51\" color=\"B\" point=\"cc\" "
              "vertex=\"C3\"/>");
    free(x);
}

static void test_go_results(void **state)
{
    (void)state;
    char *x = round_trip("(;GM[1]RE[B+3.5])(;RE[0])(;RE[W+T])(;RE[huh])",
                         NULL);
    expect(x, "<go:result kind=\"win\" winner=\"B\" margin=\"3.5\"/>");
    expect(x, "<go:result kind=\"draw\"/>");
    expect(x, "<go:result kind=\"win\" winner=\"W\" reason=\"time\"/>");
    assert_int_equal(count(x, "<go:result"), 3);
    free(x);
}

static void test_go_layer_left_out(void **state)
{
    (void)state;
    sgf_collection *c = parse_opts("(;GM[1]KM[6.5];B[aa])", NULL);
    char *x = to_xml(c, SGF_XML_NO_GO | SGF_XML_COMPACT);
    assert_null(strstr(x, "go:"));
    assert_int_equal(count(x, "\n"), 2);   /* declaration, end */
    free(x);
    sgf_collection_free(c);
}

static void test_not_go_no_go_layer(void **state)
{
    (void)state;
    char *x = round_trip("(;GM[2];B[aa])", NULL);
    assert_null(strstr(x, "<go:move"));
    free(x);
}

static const char HEAD[] = "<?xml version=\"1.0\"?><collection xmlns=\""
                           SGF_XML_NS "\" version=\"1\">";

static int read_xml(const char *body, sgf_collection **c, char *err)
{
    char doc[1024];
    snprintf(doc, sizeof doc, "%s%s</collection>", HEAD, body);
    return sgf_xml_read_buffer(c, doc, strlen(doc), NULL, err, 200);
}

/* A value's text cannot close the value early and inject SGF. */
static void test_import_value_cannot_inject(void **state)
{
    (void)state;
    sgf_collection *c = NULL;
    char err[200];
    assert_int_equal(read_xml(
        "<game index=\"0\"><node><prop id=\"C\"><v>])(;B[aa]C[evil</v>"
        "</prop></node></game>", &c, err), 0);
    assert_int_equal(sgf_collection_game_count(c), 1);
    const sgf_node *root = sgf_game_root(sgf_collection_game(c, 0));
    assert_null(sgf_node_first_child(root));
    sgf_str v = sgf_prop_text(sgf_node_find_prop(root, SGF_PROP_C), 0);
    assert_int_equal(v.len, 15);
    assert_memory_equal(v.ptr, "])(;B[aa]C[evil", 15);
    sgf_collection_free(c);
    /* a lone '\\' at the end escapes nothing and stays a backslash */
    assert_int_equal(read_xml("<game index=\"0\"><node><prop id=\"C\">"
                              "<v>abc\\</v></prop></node></game>", &c,
                              err), 0);
    root = sgf_game_root(sgf_collection_game(c, 0));
    v = sgf_prop_text(sgf_node_find_prop(root, SGF_PROP_C), 0);
    assert_int_equal(v.len, 4);
    sgf_collection_free(c);
}

static size_t count_diag(const sgf_collection *c, sgf_diag_code code)
{
    size_t n = 0;
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++)
        n += sgf_collection_diag(c, i)->code == code;
    return n;
}

/* A <text> beside a <raw> is not read: one that is not what the <raw>
 * reads as (an edit) is said, critical, at its value; one that is, is
 * not. */
static void test_import_text_beside_raw(void **state)
{
    (void)state;
    sgf_collection *c = NULL;
    char err[200];
    assert_int_equal(read_xml("<game index=\"0\"><node><prop id=\"C\">"
                              "<v><raw>a \\] b</raw><text>a ] b</text></v>"
                              "</prop></node></game>", &c, err), 0);
    assert_int_equal(count_diag(c, SGF_D_XML_TEXT_IGNORED), 0);
    sgf_collection_free(c);
    assert_int_equal(read_xml("<game index=\"0\"><node><prop id=\"C\">"
                              "<v><raw>a \\] b</raw><text>edited</text></v>"
                              "</prop></node></game>", &c, err), 0);
    assert_int_equal(count_diag(c, SGF_D_XML_TEXT_IGNORED), 1);
    const sgf_diag *d = NULL;
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++)
        if (sgf_collection_diag(c, i)->code == SGF_D_XML_TEXT_IGNORED)
            d = sgf_collection_diag(c, i);
    assert_true(d->critical);
    sgf_str v = sgf_prop_text(sgf_node_find_prop(sgf_game_root(
        sgf_collection_game(c, 0)), SGF_PROP_C), 0);
    assert_int_equal(v.len, 5);             /* the <raw>'s: "a ] b" */
    sgf_collection_free(c);
}

/* No DTD: entities could only blow a document up (billion laughs). */
static void test_import_refuses_doctype(void **state)
{
    (void)state;
    sgf_collection *c = NULL;
    char err[200] = "";
    static const char doc[] =
        "<?xml version=\"1.0\"?><!DOCTYPE c [<!ENTITY a \"aaaaaaaaaa\">"
        "<!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>"
        "<collection xmlns=\"" SGF_XML_NS "\" version=\"1\"><game "
        "index=\"0\"><node><prop id=\"C\"><v>&b;</v></prop></node></game>"
        "</collection>";
    assert_int_equal(sgf_xml_read_buffer(&c, doc, strlen(doc), NULL, err,
                                         sizeof err), SGF_ESYNTAX);
    assert_null(c);
    assert_non_null(strstr(err, "DOCTYPE"));
}

static void test_import_ignores_go_and_foreign(void **state)
{
    (void)state;
    sgf_collection *c = NULL;
    char err[200];
    assert_int_equal(read_xml(
        "<game index=\"0\"><node><prop id=\"GM\"><v><raw>1</raw></v></prop>"
        "<x:note xmlns:x=\"urn:x\">hi</x:note></node><node>"
        "<prop id=\"B\"><v><raw>dd</raw><text>ignored</text></v></prop>"
        "<go:move xmlns:go=\"" SGF_XML_GO_NS "\" number=\"1\" color=\"B\""
        " point=\"dd\"/></node></game>", &c, err), 0);
    const sgf_node *n = sgf_node_first_child(
        sgf_game_root(sgf_collection_game(c, 0)));
    sgf_str v = sgf_prop_text(sgf_node_first_prop(n), 0);
    assert_int_equal(v.len, 2);
    assert_memory_equal(v.ptr, "dd", 2);
    sgf_collection_free(c);
}

static void test_import_errors(void **state)
{
    (void)state;
    sgf_collection *c = NULL;
    char err[200];
    assert_int_equal(sgf_xml_read_buffer(&c, "<a>", 3, NULL, err, 200),
                     SGF_ESYNTAX);
    assert_null(c);
    assert_int_equal(strncmp(err, "1:", 2), 0);   /* LINE:COLUMN: why */
    assert_int_equal(sgf_xml_read_buffer(&c, "<a/>", 4, NULL, err, 200),
                     SGF_ESYNTAX);
    assert_non_null(strstr(err, "not an SGF collection"));
    assert_int_equal(read_xml("<game index=\"0\"><node><prop id=\"C\"/>"
                              "</node></game>", &c, err), SGF_ESYNTAX);
    assert_non_null(strstr(err, "without <v>"));
    assert_int_equal(read_xml("<game index=\"0\"><node><prop id=\"C\"><v>"
                              "<raw encoding=\"base64\">!!</raw></v></prop>"
                              "</node></game>", &c, err), SGF_ESYNTAX);
    assert_non_null(strstr(err, "base64"));
    assert_int_equal(read_xml("<game index=\"0\"><node><prop id=\"C1\"><v>"
                              "<raw/></v></prop></node></game>", &c, err),
                     SGF_ESYNTAX);
    assert_int_equal(sgf_xml_read_buffer(NULL, "", 0, NULL, NULL, 0),
                     SGF_EINVAL);
    /* text where the schema allows none would be lost: refused, at the
       line of its first byte that is not a blank */
    static const char *const lost[][2] = {
        { "<game index=\"0\"><node>\n\n lost<prop id=\"C\"><v>a</v>"
          "</prop></node></game>", "3: text in <node>" },
        { "<game index=\"0\">lost<node/></game>", "text in <game>" },
        { "<game index=\"0\"><node><prop id=\"C\">lost<v>a</v></prop>"
          "</node></game>", "text in <prop> outside its <v>" },
        { "<game index=\"0\"><node><variation>lost<node/></variation>"
          "</node></game>", "text in <variation>" },
        { "lost<game index=\"0\"><node/></game>", "text in <collection>" },
    };
    for (size_t k = 0; k < sizeof lost / sizeof lost[0]; k++) {
        err[0] = '\0';
        assert_int_equal(read_xml(lost[k][0], &c, err), SGF_ESYNTAX);
        assert_null(c);
        assert_non_null(strstr(err, lost[k][1]));
    }
    /* an element of another namespace in <v>: its text would join the
       value (B[cXc]) or be lost (B[cc]) */
    assert_int_equal(read_xml("<game index=\"0\"><node><prop id=\"B\"><v>c"
                              "<x:b xmlns:x=\"urn:x\">X</x:b>c</v></prop>"
                              "</node></game>", &c, err), SGF_ESYNTAX);
    assert_null(c);
    assert_non_null(strstr(err, "another namespace in <v>"));
    /* a <text> with no <raw> before it would be lost; an encoding on a
       <v> that holds a <raw> would not be the one used; a bad <raw> is
       named at its own line */
    assert_int_equal(read_xml("<game index=\"0\"><node><prop id=\"C\"><v>ab"
                              "<text>hello</text>cd</v></prop></node></game>",
                              &c, err), SGF_ESYNTAX);
    assert_non_null(strstr(err, "<text> in <v> without a <raw>"));
    assert_int_equal(read_xml("<game index=\"0\"><node><prop id=\"C\">"
                              "<v encoding=\"base64\"><raw>YWJj</raw></v>"
                              "</prop></node></game>", &c, err), SGF_ESYNTAX);
    assert_non_null(strstr(err, "on a <v> that holds a <raw>"));
    assert_int_equal(read_xml("<game index=\"0\"><node><prop id=\"C\"><v>\n"
                              "<raw encoding=\"base64\">YQ</raw></v></prop>"
                              "</node></game>", &c, err), SGF_ESYNTAX);
    assert_non_null(strstr(err, "2: bad base64 in <raw>"));
    /* blanks there are layout */
    assert_int_equal(read_xml("<game index=\"0\">\n <node>\n  <prop id="
                              "\"C\">\n   <v>a</v>\n  </prop>\n </node>\n"
                              "</game>", &c, err), 0);
    sgf_collection_free(c);
}

/* A <raw> value of base64 b read back: 0 and its bytes in *out (len),
 * or the error. */
static int raw_of(const char *b, char *out, size_t *len)
{
    char doc[512], err[200];
    sgf_collection *c = NULL;
    snprintf(doc, sizeof doc, "<game index=\"0\"><node><prop id=\"C\"><v>"
             "<raw encoding=\"base64\">%s</raw></v></prop></node></game>",
             b);
    int rc = read_xml(doc, &c, err);
    if (rc != 0)
        return rc;
    sgf_str v = sgf_prop_raw(sgf_node_first_prop(
        sgf_game_root(sgf_collection_game(c, 0))), 0);
    memcpy(out, v.ptr, v.len);
    *len = v.len;
    sgf_collection_free(c);
    return 0;
}

/* Base64 is read whole or refused: a value cut short, padded wrong or
 * with bits left over set is no value the writer made, and reading it
 * as fewer bytes would lose them silently. */
static void test_import_base64_strict(void **state)
{
    (void)state;
    char b[16];
    size_t n = 0;
    static const char *const bad[] = { "Y", "Y===", "YQ", "YQ=", "YQ===",
                                       "YR==", "YWJ=", "YWL//mN",
                                       "YWL//mNk=", "YW=L", "YQ==YQ==" };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        assert_int_equal(raw_of(bad[k], b, &n), SGF_ESYNTAX);
    assert_int_equal(raw_of("YQ==", b, &n), 0);
    assert_int_equal(n, 1);
    assert_memory_equal(b, "a", 1);
    assert_int_equal(raw_of("YWI=", b, &n), 0);
    assert_int_equal(n, 2);
    assert_int_equal(raw_of("YWL/\n /mNk", b, &n), 0);     /* wrapped */
    assert_int_equal(n, 6);
    assert_memory_equal(b, "ab\xff\xfe" "cd", 6);
    assert_int_equal(raw_of("", b, &n), 0);
    assert_int_equal(n, 0);
}

static void test_schema_rejects(void **state)
{
    (void)state;
    char doc[512];
    snprintf(doc, sizeof doc, "%s<game index=\"0\"><node><prop id=\"ab\">"
             "<v><raw>aa</raw></v></prop></node></game></collection>", HEAD);
    assert_int_not_equal(validate(doc, strlen(doc)), 0);
    snprintf(doc, sizeof doc, "%s<game index=\"0\"><node><prop id=\"AB\">"
             "</prop></node></game></collection>", HEAD);
    assert_int_not_equal(validate(doc, strlen(doc)), 0);
    snprintf(doc, sizeof doc, "<collection xmlns=\"" SGF_XML_NS "\" "
             "version=\"2\"/>");
    assert_int_not_equal(validate(doc, strlen(doc)), 0);
    snprintf(doc, sizeof doc, "%s</collection>", HEAD);
    assert_int_equal(validate(doc, strlen(doc)), 0);
    /* a node's extension element holds anything but SGF, which readers
       would lose with it */
    snprintf(doc, sizeof doc, "%s<game index=\"0\"><node><q:foo xmlns:q="
             "\"urn:q\"><q:n a=\"1\">x</q:n></q:foo></node></game>"
             "</collection>", HEAD);
    assert_int_equal(validate(doc, strlen(doc)), 0);
    snprintf(doc, sizeof doc, "%s<game index=\"0\"><node><q:foo xmlns:q="
             "\"urn:q\"><node><prop id=\"B\"><v>aa</v></prop></node>"
             "</q:foo></node></game></collection>", HEAD);
    assert_int_not_equal(validate(doc, strlen(doc)), 0);
}

static void test_date_first(void **state)
{
    (void)state;
    char iso[11];
    assert_int_equal(sgf_date_first((sgf_str){ "2026-11-29,30", 13 }, iso),
                     0);
    assert_string_equal(iso, "2026-11-29");
    assert_int_equal(sgf_date_first((sgf_str){ "1846-07", 7 }, iso), 0);
    assert_string_equal(iso, "1846-07");
    assert_int_equal(sgf_date_first((sgf_str){ "1846", 4 }, iso), 0);
    assert_string_equal(iso, "1846");
    assert_int_equal(sgf_date_first((sgf_str){ "29/11/2026", 10 }, iso),
                     SGF_ESYNTAX);
    assert_string_equal(iso, "");
    assert_int_equal(sgf_date_first((sgf_str){ "2026-13-01", 10 }, iso),
                     SGF_ESYNTAX);
}

/* The XML of the golden tests of sgf-convert validates too. */
static void test_cli_goldens_validate(void **state)
{
    (void)state;
    static const char *const files[] = {
        "tests/cli/sgf-convert/xml.out",
        "tests/cli/sgf-convert/xml-compact.out",
        "tests/cli/sgf-convert/hand.xml"
    };
    for (size_t i = 0; i < 3; i++) {
        FILE *fp = fopen(files[i], "rb");
        if (fp == NULL)
            fail_msg("cannot open %s", files[i]);
        char *buf = malloc(1 << 20);
        assert_non_null(buf);
        size_t n = fread(buf, 1, (1 << 20) - 1, fp);
        fclose(fp);
        assert_true(n > 100);
        if (validate(buf, n) != 0)
            fail_msg("%s does not validate", files[i]);
        free(buf);
    }
}

static void test_write_file(void **state)
{
    (void)state;
    sgf_collection *c = parse_opts("(;C[x])", NULL);
    FILE *fp = tmpfile();
    assert_non_null(fp);
    assert_int_equal(sgf_xml_write(fp, c, 0), 0);
    assert_true(ftell(fp) > 100);
    fclose(fp);
    assert_int_equal(sgf_xml_write(NULL, c, 0), SGF_EINVAL);
    sgf_collection_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escapes_raw_and_text),
        cmocka_unit_test(test_soft_breaks_and_crlf),
        cmocka_unit_test(test_control_characters_base64),
        cmocka_unit_test(test_import_base64_strict),
        cmocka_unit_test(test_undecodable_bytes_marked),
        cmocka_unit_test(test_charsets_kept),
        cmocka_unit_test(test_private_and_lowercase),
        cmocka_unit_test(test_variations),
        cmocka_unit_test(test_long_main_line_not_nested),
        cmocka_unit_test(test_deep_variations),
        cmocka_unit_test(test_go_layer),
        cmocka_unit_test(test_go_results),
        cmocka_unit_test(test_go_layer_left_out),
        cmocka_unit_test(test_not_go_no_go_layer),
        cmocka_unit_test(test_import_ignores_go_and_foreign),
        cmocka_unit_test(test_import_errors),
        cmocka_unit_test(test_schema_rejects),
        cmocka_unit_test(test_date_first),
        cmocka_unit_test(test_cli_goldens_validate),
        cmocka_unit_test(test_write_file),
        cmocka_unit_test(test_import_value_cannot_inject),
        cmocka_unit_test(test_import_text_beside_raw),
        cmocka_unit_test(test_import_refuses_doctype),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
