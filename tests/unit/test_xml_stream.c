/*
 * test_xml_stream.c - the XML module on hostile input and at scale: no
 * document yields more or fewer games, nodes, properties or values than
 * it holds; every value written as SGF reads the same way whether a
 * reader pairs two-byte characters or not; the game-by-game reader and
 * writer; the input guard; out of memory inside libxml2; one normal form
 * for SGF -> SGF and SGF -> XML -> SGF.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <libxml/xmlmemory.h>
#include <sgf/sgf.h>
#include <sgf/xml.h>
#include "../treecmp.h"

/* --- libxml2's allocator, failing at the N-th call when armed ---------- */

static long fail_at = -1;          /* calls left before a failure; -1 off */
static bool failed_once;

static bool fail_now(void)
{
    if (fail_at < 0)
        return false;
    if (fail_at-- > 0)
        return false;
    failed_once = true;
    return true;
}

static void *t_malloc(size_t n) { return fail_now() ? NULL : malloc(n); }
static void *t_realloc(void *p, size_t n)
{
    return fail_now() ? NULL : realloc(p, n);
}
static char *t_strdup(const char *s) { return fail_now() ? NULL : strdup(s); }

/* --- helpers ------------------------------------------------------------ */

static const char HEAD[] = "<?xml version=\"1.0\"?>\n<collection xmlns=\""
                           SGF_XML_NS "\" version=\"1\">";

static char *doc(const char *body)
{
    size_t n = strlen(HEAD) + strlen(body) + 16;
    char *s = malloc(n);
    assert_non_null(s);
    snprintf(s, n, "%s%s</collection>\n", HEAD, body);
    return s;
}

typedef struct shape {
    size_t games, nodes, props, values;
} shape;

static void add_shape(shape *s, const sgf_game *g)
{
    s->games++;
    for (const sgf_node *n = sgf_game_root(g); n != NULL;
         n = treecmp_next_node(n)) {
        s->nodes++;
        for (const sgf_prop *p = sgf_node_first_prop(n); p;
             p = sgf_prop_next(p)) {
            s->props++;
            s->values += sgf_prop_value_count(p);
        }
    }
}

static shape shape_of(const sgf_collection *c)
{
    shape s = { 0, 0, 0, 0 };
    for (size_t i = 0; i < sgf_collection_game_count(c); i++)
        add_shape(&s, sgf_collection_game(c, i));
    return s;
}

static int add_game_shape(void *payload, sgf_collection *c, sgf_game *g)
{
    (void)c;
    if (g != NULL)
        add_shape(payload, g);
    return 0;
}

static void assert_shape(shape a, shape b)
{
    assert_int_equal(a.games, b.games);
    assert_int_equal(a.nodes, b.nodes);
    assert_int_equal(a.props, b.props);
    assert_int_equal(a.values, b.values);
}

static sgf_collection *read_doc(const char *xml)
{
    sgf_collection *c = NULL;
    char err[256];
    int rc = sgf_xml_read_buffer(&c, xml, strlen(xml), NULL, err,
                                 sizeof err);
    if (rc != SGF_OK)
        fail_msg("not read (%d): %s", rc, err);
    return c;
}

/* --- no document yields more than it holds ----------------------------- */

static void test_no_document_yields_more(void **state)
{
    (void)state;
    /* base64 of "caf\xe9];B[aa];W[bb]C[" and of bytes a two-byte reading
     * pairs with the closing ']' */
    static const struct {
        const char *body;
        shape holds;
    } docs[] = {
        { "<game index=\"0\"><node><prop id=\"C\"><v><raw encoding=\"base64\">"
          "Y2Fm6V07QlthYV07V1tiYl1DWw==</raw></v></prop></node></game>",
          { 1, 1, 1, 1 } },
        { "<game index=\"0\"><node><prop id=\"C\"><v>x];B[aa];W[bb]C[y\\"
          "</v></prop><prop id=\"N\"><v>n</v></prop></node></game>",
          { 1, 1, 2, 2 } },
        { "<game index=\"0\" charset=\"Shift_JIS\"><node><prop id=\"CA\">"
          "<v>Shift_JIS</v></prop><prop id=\"PB\"><v><raw encoding=\"base64\">"
          "gw==</raw></v></prop><prop id=\"PW\"><v>w</v></prop></node>"
          "<node><prop id=\"B\"><v>aa</v></prop></node></game>",
          { 1, 2, 4, 4 } },
        { "<game index=\"0\" charset=\"GBK\"><node><prop id=\"CA\"><v>GBK</v>"
          "</prop><prop id=\"C\"><v><raw encoding=\"base64\">lV07QltiYl0o"
          "</raw></v><v>)</v></prop></node></game><game index=\"1\"><node/>"
          "</game>", { 2, 2, 2, 3 } },
        { "<game index=\"0\"><node><prop id=\"C\"><v>a\\</v></prop></node>"
          "<node><prop id=\"C\"><v>)(;B[aa]</v></prop></node></game>",
          { 1, 2, 2, 2 } },
        /* an ident read as its id (lowercase letters dropped, or all
           lowercase upper-cased); a foreign element skipped whole (one
           holding an SGF element is refused: it would be lost) */
        { "<game index=\"0\"><node><prop id=\"AB\" ident=\"AddBlack\">"
          "<v>aa</v></prop><prop id=\"AW\" ident=\"aw\"><v>bb</v></prop>"
          "<x:note xmlns:x=\"urn:x\"><x:node/>text</x:note></node></game>",
          { 1, 1, 2, 2 } },
    };
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        char *xml = doc(docs[i].body);
        sgf_collection *c = read_doc(xml);
        assert_shape(shape_of(c), docs[i].holds);
        shape each = { 0, 0, 0, 0 };
        assert_int_equal(sgf_xml_read_buffer_each(xml, strlen(xml), NULL,
                                                  add_game_shape, &each,
                                                  NULL, 0), SGF_OK);
        assert_shape(each, docs[i].holds);
        sgf_collection_free(c);
        free(xml);
    }
}

/* --- no document yields fewer, or other, than it holds ------------------ */

/* An SGF element where the schema has none, an ident that is not its id,
 * text beside <raw>, an encoding not known: refused (SGF_ESYNTAX, the
 * line of the element in err), never read over or read as another
 * property (what does read is in test_no_document_yields_more). */
static void test_no_document_yields_less(void **state)
{
    (void)state;
    static const struct {
        const char *body;
        const char *err;
    } bad[] = {
        { "<game index=\"0\"><node><prop id=\"C\" ident=\"B\"><v>dd</v>"
          "</prop></node></game>", "ident is not its id" },
        { "<game index=\"0\"><node><prop id=\"RE\" ident=\"W\"><v>B+5</v>"
          "</prop></node></game>", "ident is not its id" },
        { "<game index=\"0\"><node><prop id=\"b\"><v>aa</v></prop></node>"
          "</game>", "valid id" },
        { "<game index=\"0\"><node><prop id=\"FF\"><v>4</v></prop>\n<node>"
          "<prop id=\"B\"><v>aa</v></prop></node></node></game>",
          "3:1: an SGF element where the schema allows none" },
        { "<game index=\"0\"><node><prop id=\"C\"><prop id=\"B\"><v>aa</v>"
          "</prop><v>y</v></prop></node></game>", "schema allows none" },
        { "<game index=\"0\"><variation><node/></variation><node/></game>",
          "schema allows none" },
        { "<game index=\"0\"><node><foo/></node></game>",
          "schema allows none" },
        { "<game index=\"0\"><node><prop id=\"C\"><v><raw>a</raw><raw>b</raw>"
          "</v></prop></node></game>", "two <raw>" },
        { "<game index=\"0\"><node><prop id=\"C\"><v>pre<raw>a</raw>post</v>"
          "</prop></node></game>", "beside its <raw>" },
        { "<game index=\"0\"><node><prop id=\"C\"><v encoding=\"hex\">6161"
          "</v></prop></node></game>", "encoding other than base64" },
        { "<game index=\"0\"><node><prop id=\"C\"><v><raw>a<x:b xmlns:x="
          "\"urn:x\"/></raw></v></prop></node></game>", "text only" },
        /* a property after a variation would be taken as the last
           variation's: B[aa] forged into the node, C[mine] lost */
        { "<game index=\"0\"><node><prop id=\"B\"><v>cc</v></prop>"
          "<variation><node><prop id=\"B\"><v>aa</v></prop></node>"
          "</variation><prop id=\"C\"><v>mine</v></prop></node></game>",
          "after a <variation>" },
        /* SGF elements inside an element skipped would be lost with it */
        { "<game index=\"0\"><node/></game><x:w xmlns:x=\"urn:x\"><game "
          "index=\"1\"><node/></game></x:w>", "schema allows none" },
        { "<game index=\"0\"><x:w xmlns:x=\"urn:x\"><node/></x:w>"
          "</game>", "schema allows none" },
        /* in a node's extension element too (the move B[aa] was lost) */
        { "<game index=\"0\"><node><prop id=\"SZ\"><v>9</v></prop><q:foo "
          "xmlns:q=\"urn:q\"><node><prop id=\"B\"><v>aa</v></prop></node>"
          "</q:foo></node></game>", "schema allows none" },
        { "<game index=\"0\"><node><q:foo xmlns:q=\"urn:q\"><q:bar>"
          "<variation><node/></variation></q:bar></q:foo></node></game>",
          "schema allows none" },
        { "<game index=\"0\"><node><q:foo xmlns:q=\"urn:q\"><prop id=\"C\">"
          "<v>x</v></prop></q:foo></node></game>", "schema allows none" },
        /* text only (no <raw>) that the game's charset cannot hold: it
           was read as other characters (KOI8-R's for UTF-8 "é") */
        { "<game index=\"0\" charset=\"KOI8-R\"><node><prop id=\"C\">"
          "<v>caf\xC3\xA9</v></prop></node></game>", "cannot hold" },
        { "<game index=\"0\" charset=\"UTF-16\"><node><prop id=\"C\">"
          "<v>caf\xC3\xA9</v></prop></node></game>", "whose values are "
          "not read from text" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *xml = doc(bad[i].body), err[256] = "";
        sgf_collection *c = NULL;
        assert_int_equal(sgf_xml_read_buffer(&c, xml, strlen(xml), NULL, err,
                                             sizeof err), SGF_ESYNTAX);
        assert_null(c);
        if (strstr(err, bad[i].err) == NULL)
            fail_msg("case %zu: '%s' does not say '%s'", i, err, bad[i].err);
        free(xml);
    }
}

/* A C[] given as text only in a game of charset cs reads as want. */
static void text_only_reads_as(const char *cs, const char *text,
                               const char *want)
{
    char body[256];
    snprintf(body, sizeof body, "<game index=\"0\" charset=\"%s\">"
             "<node><prop id=\"C\"><v>%s</v></prop></node></game>", cs,
             text);
    char *xml = doc(body);
    sgf_collection *c = read_doc(xml);
    const sgf_node *root = sgf_game_root(sgf_collection_game(c, 0));
    sgf_str v = sgf_prop_text(sgf_node_find_prop(root, SGF_PROP_C), 0);
    if (v.len != strlen(want) || memcmp(v.ptr, want, v.len) != 0)
        fail_msg("%s '%s': read as '%.*s'", cs, text, (int)v.len, v.ptr);
    sgf_collection_free(c);
    free(xml);
}

/* Faults are found in the order of the document, and the first fault
 * of libxml2 ends the reading, even one that leaves the document
 * well-formed to it (an undeclared prefix: a namespace fault). */
/* A value given as text only (no <raw>) under a game whose charset is
 * not UTF-8 is those characters: written in the game's charset before
 * the game's bytes are read in it (it was read as UTF-8 bytes in that
 * charset: "é" came out as "Ã©"). */
static void test_text_only_values_in_the_game_charset(void **state)
{
    (void)state;
    static const struct {
        const char *cs, *text;
    } cases[] = {
        { "ISO-8859-1", "caf\xC3\xA9" },
        { "Shift_JIS", "\xE7\xA2\x81" },             /* 碁 */
        { "GB2312", "\xE5\x9B\xB4\xE6\xA3\x8B" },     /* 围棋 */
        { "windows-1252", "\xE2\x80\x9Cq\xE2\x80\x9D" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        text_only_reads_as(cases[i].cs, cases[i].text, cases[i].text);
}

/* Text only in a two-byte charset where a character's second byte is
 * '\\' (Shift_JIS ソ 83 5C, GBK 乗 81 5C, Big5 功 A5 5C) and a ']'
 * follows: the bytes are read as characters first, so the ']' is no
 * escaped second byte ("ソ]" came back as "ゾ", 83 5D); an escape
 * written in the text stays one (the value's bytes as written). */
static void test_text_only_second_byte_backslash(void **state)
{
    (void)state;
    static const struct {
        const char *cs, *text, *want;
    } cases[] = {
        { "Shift_JIS", "\xE3\x82\xBD]", "\xE3\x82\xBD]" },           /* ソ] */
        { "Shift_JIS", "\xE3\x82\xBD]b", "\xE3\x82\xBD]b" },
        { "Shift_JIS", "\xE8\xA1\xA8]]", "\xE8\xA1\xA8]]" },         /* 表]] */
        { "Shift_JIS", "\xE3\x82\xBD\\]", "\xE3\x82\xBD]" },
        { "GBK", "\xE4\xB9\x97]", "\xE4\xB9\x97]" },                 /* 乗] */
        { "Big5", "\xE5\x8A\x9F]", "\xE5\x8A\x9F]" },                /* 功] */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        text_only_reads_as(cases[i].cs, cases[i].text, cases[i].want);
}

static const sgf_diag *find_diag(const sgf_collection *c, sgf_diag_code k)
{
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++)
        if (sgf_collection_diag(c, i)->code == k)
            return sgf_collection_diag(c, i);
    return NULL;
}

/* Diagnostics of a document are placed in it: the line, column and byte
 * of the '<' of the element they are about (they gave the place in the
 * SGF rebuilt from it: line 1, a column nobody could find). */
static void test_diag_positions_in_the_document(void **state)
{
    (void)state;
    static const char xml[] =
        "<?xml version=\"1.0\"?>\n"
        "<collection version=\"1\" xmlns=\"" SGF_XML_NS "\">\n"
        "<game index=\"0\"><node><prop id=\"GM\"><v>1</v></prop>\n"
        "   <prop id=\"XX\"><v>q</v></prop> <prop id=\"KM\">\n"
        "     <v>abc</v></prop></node>\n"
        "<node><prop id=\"B\"><v>zz</v></prop></node></game>"
        "</collection>\n";
    static const struct {
        sgf_diag_code code;
        unsigned line, column;
        const char *at;             /* the element's start */
    } want[] = {
        { SGF_D_UNKNOWN_PROPERTY, 4, 4, "<prop id=\"XX\"" },
        { SGF_D_BAD_VALUE, 5, 6, "<v>abc" },
        { SGF_D_OFF_BOARD, 6, 20, "<v>zz" },
    };
    sgf_collection *c = read_doc(xml);
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        const sgf_diag *d = find_diag(c, want[k].code);
        assert_non_null(d);
        assert_int_equal(d->pos.line, want[k].line);
        assert_int_equal(d->pos.column, want[k].column);
        assert_int_equal(d->pos.offset, strstr(xml, want[k].at) - xml);
    }
    sgf_collection_free(c);
}

static void test_faults_in_document_order(void **state)
{
    (void)state;
    static const struct {
        const char *xml;
        const char *err;
    } bad[] = {
        /* cut inside a node, after the Go layer's prefix */
        { "<?xml version=\"1.0\"?>\n<collection xmlns=\"" SGF_XML_NS "\" "
          "xmlns:go=\"" SGF_XML_GO_NS "\" version=\"1\"><game index=\"0\">"
          "<node><prop id=\"B\"><v>aa</v></prop>\n<go:",
          "3: the document ends inside <node>" },
        /* a misplaced node (line 3), then a tag mismatch (line 4) */
        { "<?xml version=\"1.0\"?>\n<collection xmlns=\"" SGF_XML_NS "\" "
          "version=\"1\"><game index=\"0\"><node><prop id=\"FF\"><v>4</v>"
          "</prop>\n<node><prop id=\"B\"><v>aa</v></prop></node>\n</nod>"
          "</game></collection>",
          "3:1: an SGF element where the schema allows none" },
        /* an encoding whose bytes the guard cannot follow: '+ADw-' is
           '<' in UTF-7 */
        { "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n+ADw-collection "
          "version=+ACI-1+ACI- xmlns=+ACI-" SGF_XML_NS "+ACI-+AD4-+ADw-"
          "/collection+AD4-\n", "2: the document's encoding is not "
          "ASCII-compatible" },
        /* a prefix no element declares */
        { "<?xml version=\"1.0\"?>\n<collection xmlns=\"" SGF_XML_NS "\" "
          "version=\"1\"><game index=\"0\"><node><prop id=\"B\"><v>aa</v>"
          "</prop>\n<zz:move/></node></game></collection>", "3:9: " },
        /* bytes the declared encoding cannot decode, and an encoding
           libxml2 cannot switch to: refused while libxml2 switches the
           input (stopping it there crashed libxml2) */
        { "<?xml version=\"1.0\" encoding=\"windows-1252\"?><collection "
          "version=\"1\" xmlns=\"" SGF_XML_NS "\"><game index=\"0\"><node>"
          "<prop id=\"C\"><v>a\x81" "b</v></prop></node></game>"
          "</collection>", "1: input conversion failed" },
        { "<?xml version=\"1.0\" encoding=\"UTF-32\"?><collection/>",
          "1: input conversion failed" },
        /* SGF in the Go layer, whose elements hold none: it would be
           lost (readers skip the Go layer) */
        { "<?xml version=\"1.0\"?>\n<collection xmlns=\"" SGF_XML_NS "\" "
          "xmlns:go=\"" SGF_XML_GO_NS "\" version=\"1\"><game index=\"0\">"
          "<node><prop id=\"B\"><v>cc</v></prop><go:move number=\"1\" "
          "color=\"B\" point=\"cc\">\n<variation><node><prop id=\"W\">"
          "<v>dd</v></prop></node></variation></go:move></node></game>"
          "</collection>", "3:1: an SGF element where the schema allows "
          "none" },
        { "<?xml version=\"1.0\"?>\n<collection xmlns=\"" SGF_XML_NS "\" "
          "xmlns:go=\"" SGF_XML_GO_NS "\" version=\"1\"><game index=\"0\">"
          "<node><go:info><go:komi>6.5</go:komi>\n<prop id=\"PB\"><v>x</v>"
          "</prop></go:info></node></game></collection>",
          "3:1: an SGF element where the schema allows none" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[256] = "";
        sgf_collection *c = NULL;
        assert_int_equal(sgf_xml_read_buffer(&c, bad[i].xml,
                                             strlen(bad[i].xml), NULL, err,
                                             sizeof err), SGF_ESYNTAX);
        assert_null(c);
        if (strstr(err, bad[i].err) == NULL)
            fail_msg("case %zu: '%s' does not say '%s'", i, err, bad[i].err);
    }
}

/* A document in a declared encoding other than UTF-8, cut inside a
 * start tag whose name the guard refuses as too long: libxml2, which
 * converts the input in chunks, took the refused read for the end of a
 * well-formed document, so that it was read as one empty game (and as
 * none game by game), its value lost. It is refused, both ways. (The
 * layout is the fuzzer's, shrunk: the runs of 'x' and the bytes between
 * them, which set where the chunks end.) */
static int count_game(void *payload, sgf_collection *c, sgf_game *g)
{
    (void)c;
    if (g != NULL)
        ++*(size_t *)payload;
    return 0;
}

static void test_refused_read_in_a_converted_document(void **state)
{
    (void)state;
    static const char head[] =
        "<?xml version=\"1.\" encoding=\"CP932\"?>\n<collection xmlns=\""
        SGF_XML_NS "\" xmln=\"" SGF_XML_GO_NS "\" version=\"1\">\n<game "
        "index=\"0\"><node><prop id=\"C\"><v>";
    static const struct {
        size_t xs;
        const char *then;
    } runs[] = { { 632, "|" }, { 639, "t" }, { 1499, "|" }, { 639, "t" },
                 { 275, "." }, { 344, "q" }, { 2791, " <p" },
                 { 456, "variatoni" }, { 559, "" } };
    static char doc[8192];
    size_t n = strlen(head);
    memcpy(doc, head, n);
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        memset(doc + n, 'x', runs[i].xs);
        n += runs[i].xs;
        memcpy(doc + n, runs[i].then, strlen(runs[i].then));
        n += strlen(runs[i].then);
    }
    assert_int_equal(n, 8001);
    char err[256] = "";
    sgf_collection *c = NULL;
    assert_int_equal(sgf_xml_read_buffer(&c, doc, n, NULL, err, sizeof err),
                     SGF_ESYNTAX);
    assert_null(c);
    assert_non_null(strstr(err, "a name longer than"));
    size_t games = 0;
    err[0] = '\0';
    assert_int_equal(sgf_xml_read_buffer_each(doc, n, NULL, count_game,
                                              &games, err, sizeof err),
                     SGF_ESYNTAX);
    assert_int_equal(games, 0);
    assert_non_null(strstr(err, "a name longer than"));
}

/* --- every value written reads the same way ---------------------------- */

/* The written SGF parsed as a reader that pairs two-byte characters
 * (forced CP932, GBK) and as one that does not (ISO-8859-1): the same
 * nodes, properties, and value bytes between the brackets. */
static void same_reading(const sgf_strbuf *sgf)
{
    static const char *const charsets[] = { "ISO-8859-1", "CP932", "GBK" };
    sgf_collection *c[3];
    for (size_t k = 0; k < 3; k++) {
        sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
        o.flags = SGF_PARSE_SYNTAX_ONLY;
        o.charset = charsets[k];
        assert_int_equal(sgf_parse_buffer(&c[k], sgf->ptr, sgf->len, &o), 0);
    }
    for (size_t k = 1; k < 3; k++) {
        assert_shape(shape_of(c[0]), shape_of(c[k]));
        treecmp t = { 0, "" };
        if (treecmp_collections(&t, c[0], c[k]) != 0)
            fail_msg("read as %s: %s\n%s", charsets[k], t.msg, sgf->ptr);
    }
    for (size_t k = 0; k < 3; k++)
        sgf_collection_free(c[k]);
}

/* Write c as SGF: the same tree read back (with the charset c was read
 * with), and the same reading for every reader. */
static void written_reads_back(const sgf_collection *c, const char *cs)
{
    sgf_strbuf s = SGF_STRBUF_INIT;
    assert_int_equal(sgf_write_collection_str(&s, c, NULL), SGF_OK);
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    o.charset = cs;
    sgf_collection *b = NULL;
    assert_int_equal(sgf_parse_buffer(&b, s.ptr, s.len, &o), SGF_OK);
    treecmp t = { TREECMP_WRITTEN, "" };
    if (treecmp_collections(&t, c, b) != 0)
        fail_msg("read back: %s\n%s", t.msg, s.ptr);
    same_reading(&s);
    sgf_collection_free(b);
    sgf_strbuf_release(&s);
}

static void test_written_values_read_the_same_way(void **state)
{
    (void)state;
    /* parsed SGF: undecodable bytes (forced UTF-8), then syntax-only
     * two-byte text with '\\' and ']' trails, a lead last */
    static const char undecodable[] =
        "(;C[x\xe9\\]y\x95\\\\]N[\x83]PB[\x95\\\\\x95\\]z])";
    static const char sjis[] =
        "(;CA[Shift_JIS]C[\x95\\ \x83\\\\]N[ab\x95]PB[\x83\\]]PW[\x95\\])";
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    o.charset = "UTF-8";
    sgf_collection *c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, undecodable, strlen(undecodable),
                                      &o), SGF_OK);
    written_reads_back(c, "UTF-8");
    sgf_collection_free(c);
    o.charset = NULL;
    o.flags = SGF_PARSE_SYNTAX_ONLY;
    assert_int_equal(sgf_parse_buffer(&c, sjis, strlen(sjis), &o), SGF_OK);
    sgf_strbuf s = SGF_STRBUF_INIT;
    assert_int_equal(sgf_write_collection_str(&s, c, NULL), SGF_OK);
    same_reading(&s);
    sgf_strbuf_release(&s);
    sgf_collection_free(c);
    /* XML: raw bytes with high bytes before ']' and at the end, in a
     * game read as UTF-8 (so they stay undecodable, kept raw) */
    char *xml = doc("<game index=\"0\" charset=\"UTF-8\"><node>"
                    "<prop id=\"CA\"><v>UTF-8</v></prop><prop id=\"C\"><v>"
                    "<raw encoding=\"base64\">6V3pXA==</raw></v><v>"
                    "<raw encoding=\"base64\">YZU=</raw></v></prop>"
                    "</node></game>");
    c = read_doc(xml);
    written_reads_back(c, "UTF-8");
    sgf_collection_free(c);
    free(xml);
}

/* A value that is not text (not decoded) whose bytes are UTF-8 in a game
 * of a two-byte charset: its <v> was its characters, which the reader
 * put into the game's charset, other bytes (a '\\' lost after GB2312's
 * 中, a Shift_JIS game's XML refused). Its bytes go in <raw> now: the
 * document reads back as the same tree. */
static void test_non_text_bytes_in_a_two_byte_game(void **state)
{
    (void)state;
    static const char *const sgf[] = {
        "(;FF[4]GM[1]CA[GB2312]SZ[9];KM[\xe4\xb8\xad\\\xe4\xb8\xad])",
        "(;FF[4]GM[1]CA[Shift_JIS]SZ[9];KM[\xc3\x82]B[\xc3\x82])",
        "(;FF[4]GM[1]CA[Big5]SZ[9];TR[\xe4\xb8\xad]L[\xe4\xb8\xad])",
    };
    for (size_t k = 0; k < sizeof sgf / sizeof sgf[0]; k++) {
        sgf_collection *a = NULL, *b = NULL;
        assert_int_equal(sgf_parse_buffer(&a, sgf[k], strlen(sgf[k]), NULL),
                         SGF_OK);
        sgf_strbuf x = SGF_STRBUF_INIT;
        assert_int_equal(sgf_xml_write_str(&x, a, 0), SGF_OK);
        char err[256];
        assert_int_equal(sgf_xml_read_buffer(&b, x.ptr, x.len, NULL, err,
                                             sizeof err), SGF_OK);
        treecmp t = { 0, "" };
        if (treecmp_collections(&t, a, b) != 0)
            fail_msg("%s: %s\n%s", sgf[k], t.msg, x.ptr);
        sgf_strbuf_release(&x);
        sgf_collection_free(a);
        sgf_collection_free(b);
    }
}

/* --- one normal form --------------------------------------------------- */

static void sgf_of(const sgf_collection *c, sgf_strbuf *out)
{
    out->len = 0;
    assert_int_equal(sgf_write_collection_str(out, c, NULL), SGF_OK);
}

static void test_duplicates_one_normal_form(void **state)
{
    (void)state;
    static const char *const cases[] = {
        "(;FF[4]AP[a:1]C[x]AP[b:2];B[aa]C[c]B[bb])",
        "(;FF[4]AP[a:1][b:2];N[n]N[m][o])",
        "(;FF[3]ab[aa]AB[bb]AddBlack[cc])",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sgf_collection *a = NULL, *b = NULL;
        assert_int_equal(sgf_parse_buffer(&a, cases[i], strlen(cases[i]),
                                          NULL), SGF_OK);
        sgf_strbuf x = SGF_STRBUF_INIT, s1 = SGF_STRBUF_INIT,
                   s2 = SGF_STRBUF_INIT;
        assert_int_equal(sgf_xml_write_str(&x, a, 0), SGF_OK);
        assert_int_equal(sgf_xml_read_buffer(&b, x.ptr, x.len, NULL, NULL,
                                             0), SGF_OK);
        sgf_of(a, &s1);
        sgf_of(b, &s2);
        assert_string_equal(s1.ptr, s2.ptr);
        sgf_strbuf_release(&x);
        sgf_strbuf_release(&s1);
        sgf_strbuf_release(&s2);
        sgf_collection_free(a);
        sgf_collection_free(b);
    }
}

/* --- game by game ------------------------------------------------------ */

typedef struct each_log {
    const sgf_collection *whole;
    size_t calls, stop_after;
    bool ended;
} each_log;

static int log_game(void *payload, sgf_collection *c, sgf_game *g)
{
    each_log *l = payload;
    assert_false(l->ended);
    if (g == NULL) {
        l->ended = true;
        return 0;
    }
    assert_int_equal(sgf_game_index(g), l->calls);
    assert_ptr_equal(sgf_collection_game(c, l->calls), g);
    /* the game alone, at its index: the others are not held */
    assert_int_equal(sgf_collection_game_count(c), l->calls + 1);
    if (l->calls > 0) {
        assert_null(sgf_collection_game(c, 0));
        assert_null(sgf_collection_game(c, l->calls - 1));
    }
    assert_null(sgf_collection_game(c, l->calls + 1));
    treecmp t = { 0, "" };
    const sgf_game *w = sgf_collection_game(l->whole, l->calls);
    assert_non_null(w);
    if (treecmp_game(&t, w, g) != 0)
        fail_msg("game %zu: %s", l->calls, t.msg);
    l->calls++;
    return l->stop_after && l->calls == l->stop_after;
}

static void test_each_hands_every_game(void **state)
{
    (void)state;
    static const char sgf[] = "(;GM[1]C[a];B[aa])(;GM[1]FF[3]C[b];W[bb]"
                              "(;B[cc])(;B[dd]))(;GM[1]C[c])";
    sgf_collection *a = NULL, *whole = NULL;
    assert_int_equal(sgf_parse_buffer(&a, sgf, strlen(sgf), NULL), SGF_OK);
    sgf_strbuf x = SGF_STRBUF_INIT;
    assert_int_equal(sgf_xml_write_str(&x, a, 0), SGF_OK);
    assert_int_equal(sgf_xml_read_buffer(&whole, x.ptr, x.len, NULL, NULL,
                                         0), SGF_OK);
    each_log l = { whole, 0, 0, false };
    assert_int_equal(sgf_xml_read_buffer_each(x.ptr, x.len, NULL, log_game,
                                              &l, NULL, 0), SGF_OK);
    assert_int_equal(l.calls, 3);
    assert_true(l.ended);
    each_log s = { whole, 0, 2, false };
    assert_int_equal(sgf_xml_read_buffer_each(x.ptr, x.len, NULL, log_game,
                                              &s, NULL, 0), SGF_OK);
    assert_int_equal(s.calls, 2);
    assert_false(s.ended);
    /* from a descriptor: a pipe */
    FILE *tmp = tmpfile();
    assert_non_null(tmp);
    assert_int_equal(fwrite(x.ptr, 1, x.len, tmp), x.len);
    rewind(tmp);
    each_log f = { whole, 0, 0, false };
    assert_int_equal(sgf_xml_read_fd_each(fileno(tmp), NULL, log_game, &f,
                                          NULL, 0), SGF_OK);
    assert_int_equal(f.calls, 3);
    fclose(tmp);
    sgf_strbuf_release(&x);
    sgf_collection_free(a);
    sgf_collection_free(whole);
}

static void test_writer_game_by_game(void **state)
{
    (void)state;
    static const char sgf[] = "(;GM[1]C[a];B[aa])(;GM[1]C[b];W[bb])";
    sgf_collection *a = NULL;
    assert_int_equal(sgf_parse_buffer(&a, sgf, strlen(sgf), NULL), SGF_OK);
    sgf_strbuf whole = SGF_STRBUF_INIT;
    assert_int_equal(sgf_xml_write_str(&whole, a, 0), SGF_OK);
    FILE *fp = tmpfile();
    sgf_xml_writer *w = NULL;
    assert_int_equal(sgf_xml_writer_open(&w, fp, 0), SGF_OK);
    for (size_t i = 0; i < 2; i++)
        assert_int_equal(sgf_xml_writer_game(w, sgf_collection_game(a, i)),
                         SGF_OK);
    assert_int_equal(sgf_xml_writer_close(w), SGF_OK);
    long n = ftell(fp);
    assert_int_equal((size_t)n, whole.len);
    rewind(fp);
    char *buf = malloc((size_t)n);
    assert_int_equal(fread(buf, 1, (size_t)n, fp), (size_t)n);
    assert_memory_equal(buf, whole.ptr, whole.len);
    free(buf);
    fclose(fp);
    /* a full device: SGF_EIO with errno, not "out of memory" */
    FILE *full = fopen("/dev/full", "w");
    if (full != NULL) {
        setvbuf(full, NULL, _IONBF, 0);
        errno = 0;
        assert_int_equal(sgf_xml_write(full, a, 0), SGF_EIO);
        assert_int_equal(errno, ENOSPC);
        fclose(full);
    }
    sgf_strbuf_release(&whole);
    sgf_collection_free(a);
}

/* One writer's games, of several sizes and one not Go, each the same as
 * the game written alone (the Go layer's state is kept from game to game:
 * the move numbers and captures of one never leak into the next). */
static void test_writer_games_each_their_own(void **state)
{
    (void)state;
    static const char sgf[] =
        "(;GM[1]SZ[19];B[aa];W[ba];B[ab];W[bb];B[ca];W[cb](;B[ac])(;B[dd]))"
        "(;GM[1]SZ[9];B[aa];W[ba];B[ee])"
        "(;GM[2]SZ[8];B[aa])"
        "(;GM[1]SZ[19];W[aa];B[bb];W[cc])"
        "(;GM[1]SZ[9]AB[aa];W[ba];B[ab])";
    sgf_collection *c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, sgf, strlen(sgf), NULL), SGF_OK);
    size_t n = sgf_collection_game_count(c);
    assert_int_equal(n, 5);
    sgf_strbuf all = SGF_STRBUF_INIT;
    assert_int_equal(sgf_xml_write_str(&all, c, 0), SGF_OK);
    for (size_t i = 0; i < n; i++) {     /* each game's element in it */
        FILE *fp = tmpfile();
        sgf_xml_writer *w = NULL;
        assert_int_equal(sgf_xml_writer_open(&w, fp, 0), SGF_OK);
        long head = ftell(fp);
        assert_int_equal(sgf_xml_writer_game(w, sgf_collection_game(c, i)),
                         SGF_OK);
        fflush(fp);
        long end = ftell(fp);
        assert_int_equal(sgf_xml_writer_close(w), SGF_OK);
        char *one = calloc((size_t)(end - head) + 1, 1);
        assert_non_null(one);
        fseek(fp, head, SEEK_SET);
        assert_int_equal(fread(one, 1, (size_t)(end - head), fp),
                         (size_t)(end - head));
        assert_true(end > head);
        char *at = strstr(all.ptr, one);
        assert_non_null(at);
        free(one);
        fclose(fp);
    }
    sgf_strbuf_release(&all);
    sgf_collection_free(c);
}

/* --- the input guard --------------------------------------------------- */

static int read_err(const char *body, char *err, size_t errlen)
{
    char *xml = doc(body);
    sgf_collection *c = NULL;
    int rc = sgf_xml_read_buffer(&c, xml, strlen(xml), NULL, err, errlen);
    sgf_collection_free(c);
    free(xml);
    return rc;
}

static char *attrs(const char *name, int n)
{
    size_t cap = (size_t)n * 16 + 64, len = 0;
    char *s = malloc(cap);
    assert_non_null(s);
    len += (size_t)snprintf(s, cap, "<game index=\"0\"");
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(s + len, cap - len, " %s%d=\"x\"", name, i);
    snprintf(s + len, cap - len, "><node/></game>");
    return s;
}

static void test_guard_limits(void **state)
{
    (void)state;
    char err[256];
    char *ok = attrs("a", SGF_XML_MAX_ATTRS - 2);
    assert_int_equal(read_err(ok, err, sizeof err), SGF_OK);
    free(ok);
    char *many = attrs("a", SGF_XML_MAX_ATTRS + 1);
    assert_int_equal(read_err(many, err, sizeof err), SGF_ESYNTAX);
    assert_non_null(strstr(err, "attributes"));
    assert_int_equal(strncmp(err, "2:", 2), 0);
    free(many);
    char *ns = attrs("xmlns:p", 40);
    char *ns2 = malloc(strlen(ns) * 2 + 8);
    snprintf(ns2, strlen(ns) * 2 + 8, "%s%s", ns, ns);
    assert_int_equal(read_err(ns2, err, sizeof err), SGF_ESYNTAX);
    assert_non_null(strstr(err, "namespace"));
    free(ns);
    free(ns2);
    char name[SGF_XML_MAX_NAME + 64];
    memset(name, 'a', sizeof name);
    memcpy(name, "<game index=\"0\" ", 16);
    snprintf(name + SGF_XML_MAX_NAME + 20, 40, "=\"x\"><node/></game>");
    assert_int_equal(read_err(name, err, sizeof err), SGF_ESYNTAX);
    assert_non_null(strstr(err, "name"));
    /* comments, CDATA and processing instructions count for nothing */
    assert_int_equal(read_err("<!-- <a b=\"c\" d=e> --><?p x=\"<\"?>"
                              "<game index=\"0\"><node><prop id=\"C\"><v>"
                              "<![CDATA[<x a=\"1\" b=2>]]></v></prop></node>"
                              "</game>", err, sizeof err), SGF_OK);
    static const char utf16[] = "\xff\xfe<\0?\0x\0m\0l\0";
    sgf_collection *c = NULL;
    assert_int_equal(sgf_xml_read_buffer(&c, utf16, sizeof utf16 - 1, NULL,
                                         err, sizeof err), SGF_ESYNTAX);
    assert_non_null(strstr(err, "UTF-16"));
    static const char dtd[] = "<?xml version=\"1.0\"?><!DOCTYPE c [<!ENTITY"
                              " a \"b\">]><c/>";
    assert_int_equal(sgf_xml_read_buffer(&c, dtd, sizeof dtd - 1, NULL,
                                         err, sizeof err), SGF_ESYNTAX);
    assert_non_null(strstr(err, "DOCTYPE"));
}

/* --- out of memory ----------------------------------------------------- */

/* libxml2's allocations fail one after the other, at the first call, the
 * second, ...: every reading ends in success or SGF_ENOMEM, never in "not
 * well-formed". (The writer is left out: libxml2 2.9's xmlTextWriter
 * leaks what it had allocated when an allocation fails, which the leak
 * checker would report.) */
static void test_out_of_memory_in_libxml2(void **state)
{
    (void)state;
    static const char sgf[] = "(;GM[1]C[a \\] b];B[aa](;W[bb])(;W[cc]))";
    sgf_collection *a = NULL;
    assert_int_equal(sgf_parse_buffer(&a, sgf, strlen(sgf), NULL), SGF_OK);
    sgf_strbuf x = SGF_STRBUF_INIT;
    assert_int_equal(sgf_xml_write_str(&x, a, 0), SGF_OK);
    size_t enomem = 0;
    for (long n = 0; n < 400; n++) {
        sgf_collection *b = NULL;
        char err[256];
        failed_once = false;
        fail_at = n;
        int rc = sgf_xml_read_buffer(&b, x.ptr, x.len, NULL, err,
                                     sizeof err);
        fail_at = -1;
        if (rc != SGF_OK && rc != SGF_ENOMEM)
            fail_msg("failure at call %ld: %d (%s)", n, rc, err);
        assert_true(rc == SGF_OK || failed_once);
        enomem += rc == SGF_ENOMEM;
        sgf_collection_free(b);
    }
    assert_true(enomem > 10);
    sgf_strbuf_release(&x);
    sgf_collection_free(a);
}

int main(void)
{
    /* before libxml2 allocates anything */
    xmlMemSetup(free, t_malloc, t_realloc, t_strdup);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_document_yields_more),
        cmocka_unit_test(test_no_document_yields_less),
        cmocka_unit_test(test_text_only_values_in_the_game_charset),
        cmocka_unit_test(test_text_only_second_byte_backslash),
        cmocka_unit_test(test_non_text_bytes_in_a_two_byte_game),
        cmocka_unit_test(test_diag_positions_in_the_document),
        cmocka_unit_test(test_faults_in_document_order),
        cmocka_unit_test(test_refused_read_in_a_converted_document),
        cmocka_unit_test(test_written_values_read_the_same_way),
        cmocka_unit_test(test_duplicates_one_normal_form),
        cmocka_unit_test(test_each_hands_every_game),
        cmocka_unit_test(test_writer_game_by_game),
        cmocka_unit_test(test_writer_games_each_their_own),
        cmocka_unit_test(test_guard_limits),
        cmocka_unit_test(test_out_of_memory_in_libxml2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
