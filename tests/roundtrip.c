/*
 * roundtrip.c - the writer's round trip over real files:
 *
 *   roundtrip [-a|-s] [-n N] [-w] FILE|DIR...
 *
 * For every file (directories are walked for *.sgf, any case): parse it,
 * write it as normalized SGF, parse that, and require the same tree
 * (tests/treecmp.h), no diagnostic code more often than in the first
 * parse, and the same bytes when the second tree is written again.
 * -s parses with SGF_PARSE_SYNTAX_ONLY, -a in both modes. The first N
 * failures (default 20) are shown with their first difference; -w also
 * prints their written text. Prints "roundtrip: N passed, N failed";
 * exit status 0 when none failed, 1 otherwise, 2 on usage or I/O trouble.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sgf/parse.h>
#include <sgf/write.h>
#include "treecmp.h"
#include "filelist.h"

typedef struct run {
    size_t passed, failed, shown, max_show;
    bool show_written;
    int status;
} run;

static void report(run *r, const char *path, unsigned flags,
                   const char *what, const sgf_strbuf *written)
{
    r->failed++;
    if (r->shown++ >= r->max_show)
        return;
    printf("FAIL %s%s: %s\n", path,
           flags & SGF_PARSE_SYNTAX_ONLY ? " (syntax only)" : "", what);
    if (r->show_written && written->ptr != NULL)
        printf("--- written:\n%s--- end\n", written->ptr);
}

/* Write c into s (cleared first); 0 or an error text. */
static const char *write_str(sgf_strbuf *s, const sgf_collection *c)
{
    s->len = 0;
    int rc = sgf_write_collection_str(s, c, NULL);
    return rc == 0 ? NULL : sgf_strerror(rc);
}

/* Everything after the first parse; NULL when the round trip holds,
 * else what went wrong (in t->msg or static). */
static const char *check(treecmp *t, const sgf_collection *a,
                         unsigned flags, sgf_strbuf *w1, sgf_strbuf *w2)
{
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    sgf_collection *b = NULL;
    const char *err = write_str(w1, a);
    o.flags = flags;
    if (err != NULL)
        return err;
    if (sgf_parse_buffer(&b, w1->ptr ? w1->ptr : "", w1->len, &o) != 0)
        return "reparse failed";
    t->flags = TREECMP_WRITTEN;
    if (treecmp_collections(t, a, b) != 0 || treecmp_diags(t, a, b) != 0)
        err = t->msg;
    else if ((err = write_str(w2, b)) == NULL
             && (w1->len != w2->len
                 || (w1->len > 0
                     && memcmp(w1->ptr, w2->ptr, w1->len) != 0)))
        err = "writing the reparsed tree gives other bytes";
    sgf_collection_free(b);
    return err;
}

static void one_file(run *r, const char *path, unsigned flags,
                     sgf_strbuf *w1, sgf_strbuf *w2)
{
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    sgf_collection *a = NULL;
    treecmp t;
    o.flags = flags;
    int rc = sgf_parse_file(&a, path, &o);
    if (rc != 0) {
        fprintf(stderr, "roundtrip: %s: %s\n", path,
                rc == SGF_EIO ? strerror(errno) : sgf_strerror(rc));
        r->status = 2;
        return;
    }
    w1->len = 0;
    const char *err = check(&t, a, flags, w1, w2);
    if (err == NULL)
        r->passed++;
    else
        report(r, path, flags, err, w1);
    sgf_collection_free(a);
}

static int usage(void)
{
    fprintf(stderr, "usage: roundtrip [-a|-s] [-n N] [-w] FILE|DIR...\n");
    return 2;
}

int main(int argc, char **argv)
{
    run r = { 0, 0, 0, 20, false, 0 };
    unsigned modes = 1;            /* bit 0: default, bit 1: syntax only */
    int opt;
    while ((opt = getopt(argc, argv, "asn:w")) != -1) {
        if (opt == 'a')
            modes = 3;
        else if (opt == 's')
            modes = 2;
        else if (opt == 'n')
            r.max_show = (size_t)strtoul(optarg, NULL, 10);
        else if (opt == 'w')
            r.show_written = true;
        else
            return usage();
    }
    if (optind >= argc)
        return usage();
    filelist fl = { NULL, 0, 0, true };
    for (int i = optind; i < argc; i++) {
        if (filelist_add(&fl, argv[i]) != 0) {
            fprintf(stderr, "roundtrip: %s: %s\n", argv[i],
                    strerror(errno));
            r.status = 2;
        }
    }
    sgf_strbuf w1 = SGF_STRBUF_INIT, w2 = SGF_STRBUF_INIT;
    for (size_t i = 0; i < fl.n; i++) {
        if (modes & 1)
            one_file(&r, fl.names[i], 0, &w1, &w2);
        if (modes & 2)
            one_file(&r, fl.names[i], SGF_PARSE_SYNTAX_ONLY, &w1, &w2);
    }
    printf("roundtrip: %zu passed, %zu failed\n", r.passed, r.failed);
    sgf_strbuf_release(&w1);
    sgf_strbuf_release(&w2);
    filelist_free(&fl);
    if (r.status != 0)
        return r.status;
    return r.failed != 0;
}
