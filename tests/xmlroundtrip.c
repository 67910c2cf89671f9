/*
 * xmlroundtrip.c - the XML module's round trip over real files:
 *
 *   xmlroundtrip [-n N] [-x SCHEMA] FILE|DIR...
 *
 * For every file (directories are walked for *.sgf, any case): parse it,
 * write it as XML (sgf_xml_write_str), validate the XML against the RELAX
 * NG schema (-x, default libsgf/schema/sgf.rng), read it back
 * (sgf_xml_read_buffer), and require the same tree: tests/treecmp.h
 * without any allowance (FF, CA and passes compared as they are), plus
 * the same identifiers as written and the same raw value bytes in every
 * node; and the one normal form: the SGF written of the tree read back
 * from XML is byte for byte the SGF written of the tree parsed
 * (SGF -> SGF and SGF -> XML -> SGF agree). The first N failures
 * (default 20) are shown. Prints
 * "xmlroundtrip: N passed, M failed"; exit status 0 when none failed, 1
 * otherwise, 2 on usage or I/O trouble.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libxml/relaxng.h>
#include <sgf/parse.h>
#include <sgf/write.h>
#include <sgf/xml.h>
#include "treecmp.h"
#include "filelist.h"

typedef struct run {
    size_t passed, failed, shown, max_show;
    int status;
    xmlRelaxNGPtr schema;
} run;

static void no_print(void *ctx, const char *msg, ...)
{
    (void)ctx;
    (void)msg;
}

static xmlRelaxNGPtr load_schema(const char *path)
{
    xmlRelaxNGParserCtxtPtr pc = xmlRelaxNGNewParserCtxt(path);
    xmlRelaxNGPtr s = pc ? xmlRelaxNGParse(pc) : NULL;
    xmlRelaxNGFreeParserCtxt(pc);
    return s;
}

/* NULL when the document is valid, else a reason. */
static const char *validate(const run *r, const sgf_strbuf *x)
{
    xmlDocPtr doc = xmlReadMemory(x->ptr, (int)x->len, NULL, NULL,
                                  XML_PARSE_HUGE | XML_PARSE_NONET
                                  | XML_PARSE_NOERROR);
    if (doc == NULL)
        return "XML not well-formed";
    xmlRelaxNGValidCtxtPtr vc = xmlRelaxNGNewValidCtxt(r->schema);
    xmlRelaxNGSetValidErrors(vc, no_print, no_print, NULL);
    int rc = vc ? xmlRelaxNGValidateDoc(vc, doc) : -1;
    xmlRelaxNGFreeValidCtxt(vc);
    xmlFreeDoc(doc);
    return rc == 0 ? NULL : "XML does not validate against the schema";
}

static bool same(sgf_str a, sgf_str b)
{
    return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len) == 0);
}

static const char *raw_props(const sgf_node *a, const sgf_node *b)
{
    const sgf_prop *p = sgf_node_first_prop(a), *q = sgf_node_first_prop(b);
    for (; p && q; p = sgf_prop_next(p), q = sgf_prop_next(q)) {
        if (!same(sgf_prop_ident_raw(p), sgf_prop_ident_raw(q)))
            return "identifier as written differs";
        size_t n = sgf_prop_value_count(p);
        if (n != sgf_prop_value_count(q))
            return "value count differs";
        for (size_t i = 0; i < n; i++)
            if (!same(sgf_prop_raw(p, i), sgf_prop_raw(q, i)))
                return "raw value differs";
    }
    return p || q ? "property count differs" : NULL;
}

/* Preorder walk of both trees at once (same shape: treecmp passed). */
static const char *raw_game(const sgf_node *a, const sgf_node *b)
{
    while (a != NULL && b != NULL) {
        const char *err = raw_props(a, b);
        if (err != NULL)
            return err;
        if (sgf_node_first_child(a) != NULL) {
            a = sgf_node_first_child(a);
            b = sgf_node_first_child(b);
            continue;
        }
        while (a != NULL && sgf_node_next_sibling(a) == NULL) {
            a = sgf_node_parent(a);
            b = sgf_node_parent(b);
        }
        if (a != NULL) {
            a = sgf_node_next_sibling(a);
            b = sgf_node_next_sibling(b);
        }
    }
    return a || b ? "tree shape differs" : NULL;
}

/* NULL when both collections are written as the same SGF bytes. */
static const char *same_sgf(const sgf_collection *a, const sgf_collection *b)
{
    sgf_strbuf sa = SGF_STRBUF_INIT, sb = SGF_STRBUF_INIT;
    const char *why = NULL;
    if (sgf_write_collection_str(&sa, a, NULL) != 0
        || sgf_write_collection_str(&sb, b, NULL) != 0)
        why = "writing SGF failed";
    else if (sa.len != sb.len
             || (sa.len > 0 && memcmp(sa.ptr, sb.ptr, sa.len) != 0))
        why = "SGF -> XML -> SGF differs from SGF -> SGF";
    sgf_strbuf_release(&sa);
    sgf_strbuf_release(&sb);
    return why;
}

static const char *check(run *r, treecmp *t, const sgf_collection *a,
                         sgf_strbuf *x)
{
    char err[256];
    sgf_collection *b = NULL;
    x->len = 0;
    int rc = sgf_xml_write_str(x, a, 0);
    if (rc != 0)
        return sgf_strerror(rc);
    const char *why = validate(r, x);
    if (why != NULL)
        return why;
    rc = sgf_xml_read_buffer(&b, x->ptr, x->len, NULL, err, sizeof err);
    if (rc != 0) {
        snprintf(t->msg, sizeof t->msg, "reading back: %s: %s",
                 sgf_strerror(rc), err);
        return t->msg;
    }
    t->flags = 0;
    if (treecmp_collections(t, a, b) != 0)
        why = t->msg;
    for (size_t i = 0; why == NULL && i < sgf_collection_game_count(a);
         i++)
        why = raw_game(sgf_game_root(sgf_collection_game(a, i)),
                       sgf_game_root(sgf_collection_game(b, i)));
    if (why == NULL)
        why = same_sgf(a, b);
    sgf_collection_free(b);
    return why;
}

static void one_file(run *r, const char *path, sgf_strbuf *x)
{
    sgf_collection *a = NULL;
    treecmp t;
    int rc = sgf_parse_file(&a, path, NULL);
    if (rc != 0) {
        fprintf(stderr, "xmlroundtrip: %s: %s\n", path,
                rc == SGF_EIO ? strerror(errno) : sgf_strerror(rc));
        r->status = 2;
        return;
    }
    const char *err = check(r, &t, a, x);
    if (err == NULL) {
        r->passed++;
    } else {
        r->failed++;
        if (r->shown++ < r->max_show)
            printf("FAIL %s: %s\n", path, err);
    }
    sgf_collection_free(a);
}

int main(int argc, char **argv)
{
    run r = { 0, 0, 0, 20, 0, NULL };
    const char *schema = "libsgf/schema/sgf.rng";
    int opt;
    while ((opt = getopt(argc, argv, "n:x:")) != -1) {
        if (opt == 'n')
            r.max_show = (size_t)strtoul(optarg, NULL, 10);
        else if (opt == 'x')
            schema = optarg;
        else
            optind = argc + 1;
    }
    if (optind >= argc) {
        fprintf(stderr, "usage: xmlroundtrip [-n N] [-x SCHEMA] "
                "FILE|DIR...\n");
        return 2;
    }
    r.schema = load_schema(schema);
    if (r.schema == NULL) {
        fprintf(stderr, "xmlroundtrip: cannot load schema '%s'\n", schema);
        return 2;
    }
    filelist fl = { NULL, 0, 0, true };
    for (int i = optind; i < argc; i++)
        if (filelist_add(&fl, argv[i]) != 0)
            r.status = 2;
    sgf_strbuf x = SGF_STRBUF_INIT;
    for (size_t i = 0; i < fl.n; i++)
        one_file(&r, fl.names[i], &x);
    sgf_strbuf_release(&x);
    filelist_free(&fl);
    xmlRelaxNGFree(r.schema);
    printf("xmlroundtrip: %zu passed, %zu failed\n", r.passed, r.failed);
    return r.status ? r.status : r.failed ? 1 : 0;
}
