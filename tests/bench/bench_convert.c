/*
 * bench_convert.c - conversion speed of the XML module, in one process:
 *
 *   bench_convert [-r N] FILE|DIR...
 *
 *   to_xml:   sgf_xml_write_str on each parsed collection (Go layer
 *             included);
 *   from_xml: sgf_xml_read_buffer on that XML (libxml2 parse, SGF
 *             rebuilt and parsed with the property checks);
 *   to_sgf:   sgf_write_collection_str, for comparison.
 *
 * Parsing the SGF input is not timed. Directories are walked for *.sgf.
 * One warm-up round, then N rounds (default 5); the median of each is
 * printed as tests/bench/bench.h lines (bytes = bytes produced or read,
 * records = game trees), then a one-line summary in records/s.
 */
#include <string.h>
#include <sgf/parse.h>
#include <sgf/write.h>
#include <sgf/xml.h>
#include "../filelist.h"
#include "bench.h"

enum { TO_XML, FROM_XML, TO_SGF, KINDS };

static void one_file(const char *path, double secs[KINDS],
                     bench_totals t[KINDS], sgf_strbuf *x, sgf_strbuf *s)
{
    sgf_collection *c = NULL, *b = NULL;
    if (sgf_parse_file(&c, path, NULL) != SGF_OK)
        return;
    size_t games = sgf_collection_game_count(c);
    x->len = s->len = 0;
    double t0 = bench_now();
    int rc = sgf_xml_write_str(x, c, 0);
    double t1 = bench_now();
    if (rc == 0)
        rc = sgf_xml_read_buffer(&b, x->ptr, x->len, NULL, NULL, 0);
    double t2 = bench_now();
    if (rc == 0)
        rc = sgf_write_collection_str(s, c, NULL);
    double t3 = bench_now();
    sgf_collection_free(b);
    sgf_collection_free(c);
    if (rc != 0)
        return;
    secs[TO_XML] += t1 - t0;
    secs[FROM_XML] += t2 - t1;
    secs[TO_SGF] += t3 - t2;
    for (int k = 0; k < KINDS; k++) {
        t[k].files++;
        t[k].records += games;
        t[k].bytes += k == TO_SGF ? s->len : x->len;
    }
}

int main(int argc, char **argv)
{
    static const char *names[KINDS] = { "to_xml", "from_xml", "to_sgf" };
    int repeat = 5, first = 1;
    if (argc > 2 && strcmp(argv[1], "-r") == 0) {
        repeat = atoi(argv[2]);
        first = 3;
    }
    if (first >= argc || repeat < 1 || repeat > 100) {
        fprintf(stderr, "usage: bench_convert [-r N] FILE|DIR...\n");
        return 2;
    }
    filelist fl = { NULL, 0, 0, true };
    for (int i = first; i < argc; i++)
        if (filelist_add(&fl, argv[i]) != 0)
            return 2;
    double times[KINDS][100];
    bench_totals t[KINDS];
    sgf_strbuf x = SGF_STRBUF_INIT, s = SGF_STRBUF_INIT;
    for (int r = -1; r < repeat; r++) {
        double secs[KINDS] = { 0, 0, 0 };
        memset(t, 0, sizeof t);
        for (size_t i = 0; i < fl.n; i++)
            one_file(fl.names[i], secs, t, &x, &s);
        for (int k = 0; r >= 0 && k < KINDS; k++)
            times[k][r] = secs[k];
    }
    double med[KINDS];
    for (int k = 0; k < KINDS; k++) {
        med[k] = bench_median(times[k], repeat);
        bench_print(names[k], &t[k], med[k]);
    }
    printf("conversion: %zu records; to XML %.0f records/s, back from XML "
           "%.0f records/s (normalized SGF: %.0f records/s)\n",
           t[0].records, (double)t[0].records / (med[0] > 0 ? med[0] : 1e-9),
           (double)t[1].records / (med[1] > 0 ? med[1] : 1e-9),
           (double)t[2].records / (med[2] > 0 ? med[2] : 1e-9));
    sgf_strbuf_release(&x);
    sgf_strbuf_release(&s);
    filelist_free(&fl);
    return 0;
}
