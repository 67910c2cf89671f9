/*
 * fuzz_xml.c - libFuzzer entry point for the XML reader (sgf/xml.h). Each
 * input is read as an SGF XML document, whole (sgf_xml_read_buffer) and
 * game by game (sgf_xml_read_buffer_each), which must agree on success
 * and on the number of games and nodes. A collection read is then written
 * as XML and read again (the same tree, the same raw values, and written
 * again the same bytes), and written as SGF and parsed again (the same
 * tree: the round trip of sgf/write.h). A broken contract prints the
 * difference and aborts, so that libFuzzer keeps the input as a crash.
 *
 * Built with clang -fsanitize=fuzzer by `make fuzz-xml`, and with a plain
 * main() (standalone.c) by `make test-fuzz-replay`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sgf/parse.h>
#include <sgf/write.h>
#include <sgf/xml.h>
#include "../treecmp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void broken(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_xml: %s: %s\n", what, detail);
    abort();
}

static size_t count_nodes(const sgf_game *g)
{
    size_t k = 0;
    for (const sgf_node *n = sgf_game_root(g); n != NULL;
         n = treecmp_next_node(n))
        k++;
    return k;
}

typedef struct each_run {
    const sgf_collection *whole;
    size_t games;
} each_run;

static int each_game(void *payload, sgf_collection *c, sgf_game *g)
{
    each_run *r = payload;
    (void)c;
    if (g == NULL)
        return 0;
    const sgf_game *w = r->whole
        ? sgf_collection_game(r->whole, r->games) : NULL;
    if (r->whole != NULL
        && (w == NULL || count_nodes(w) != count_nodes(g)
            || sgf_game_index(g) != r->games))
        broken("game by game", "a game differs from the whole reading");
    r->games++;
    return 0;
}

/* Written as XML and read again: the same tree and raw values; written
 * again, the same bytes. */
static void xml_again(const sgf_collection *a)
{
    sgf_strbuf x = SGF_STRBUF_INIT, y = SGF_STRBUF_INIT;
    sgf_collection *b = NULL;
    char err[256];
    if (sgf_xml_write_str(&x, a, 0) != SGF_OK)
        broken("xml", "writing failed");
    int rc = sgf_xml_read_buffer(&b, x.ptr, x.len, NULL, err, sizeof err);
    if (rc != SGF_OK)
        broken("xml read back", err);
    treecmp t = { 0, "" };
    if (treecmp_collections(&t, a, b) != 0)
        broken("xml read back", t.msg);
    if (sgf_xml_write_str(&y, b, 0) != SGF_OK)
        broken("xml", "writing again failed");
    if (x.len != y.len || memcmp(x.ptr, y.ptr, x.len) != 0)
        broken("xml", "written again, other bytes");
    sgf_collection_free(b);
    sgf_strbuf_release(&x);
    sgf_strbuf_release(&y);
}

/* Whether a value of the collection decodes in no charset. The reader
 * forces the charset a document records; bytes that do not decode in
 * it stay undecodable, and the SGF written of them (CA[UTF-8]) reads
 * them in a fallback charset: the SGF round trip of such trees is not
 * the writer's promise (the same holds for SGF read with a forced
 * charset). */
static bool has_undecodable(const sgf_collection *c)
{
    for (size_t i = 0; i < sgf_collection_game_count(c); i++) {
        const sgf_node *n = sgf_game_root(sgf_collection_game(c, i));
        for (; n != NULL; n = treecmp_next_node(n))
            for (const sgf_prop *p = sgf_node_first_prop(n); p;
                 p = sgf_prop_next(p))
                for (size_t k = 0; k < sgf_prop_value_count(p); k++)
                    if (sgf_prop_is_undecodable(p, k))
                        return true;
    }
    return false;
}

/* Written as SGF and parsed again: the same tree. */
static void sgf_again(const sgf_collection *a)
{
    sgf_strbuf s = SGF_STRBUF_INIT;
    sgf_collection *b = NULL;
    if (sgf_write_collection_str(&s, a, NULL) != SGF_OK)
        broken("sgf", "writing failed");
    if (sgf_parse_buffer(&b, s.ptr ? s.ptr : "", s.len, NULL) != SGF_OK)
        broken("sgf", "parsing failed");
    treecmp t = { TREECMP_WRITTEN, "" };
    if (treecmp_collections(&t, a, b) != 0)
        broken("sgf read back", t.msg);
    sgf_collection_free(b);
    sgf_strbuf_release(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    sgf_collection *a = NULL;
    char err[256];
    int rc = sgf_xml_read_buffer(&a, s, size, NULL, err, sizeof err);
    each_run r = { a, 0 };
    int rc2 = sgf_xml_read_buffer_each(s, size, NULL, each_game, &r, err,
                                       sizeof err);
    if ((rc == SGF_OK) != (rc2 == SGF_OK))
        broken("game by game", "one reading failed, the other did not");
    if (rc == SGF_OK && r.games != sgf_collection_game_count(a))
        broken("game by game", "another number of games");
    if (rc == SGF_OK) {
        xml_again(a);
        if (!has_undecodable(a))
            sgf_again(a);
    }
    sgf_collection_free(a);
    return 0;
}
