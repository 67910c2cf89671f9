/*
 * scan_floor.c - the two floors the parser is measured against, on the
 * same files, in a process of their own:
 *
 *   scan_floor [-r N] FILE|DIR...
 *
 *   read: open, read all bytes, close, file after file;
 *   scan: the same plus a trivial byte scan counting '[' and ']'.
 *
 * Directories are walked for *.sgf. One warm-up pass, then N rounds
 * (default 5) of one read pass and one scan pass each; the median of each
 * is printed (tests/bench/bench.h). bench_parse measures the same floors
 * interleaved with its parse passes; this program is the cross-check
 * without the library linked in.
 */
#include "../filelist.h"
#include "bench.h"

int main(int argc, char **argv)
{
    int first;
    int repeat = bench_repeat(&first, argc, argv);
    filelist fl = { NULL, 0, 0, true };
    if (bench_files(&fl, first, argc, argv,
                    "usage: scan_floor [-r N] FILE|DIR...\n") != 0)
        return 2;
    bench_reader r = { NULL, 0 };
    bench_totals tr, ts;
    double t_read[100], t_scan[100];
    volatile size_t sink = bench_floor_pass(&r, &fl, true, &ts);
    for (int k = 0; k < repeat; k++) {
        double t0 = bench_now();
        sink += bench_floor_pass(&r, &fl, false, &tr);
        double t1 = bench_now();
        sink += bench_floor_pass(&r, &fl, true, &ts);
        t_read[k] = t1 - t0;
        t_scan[k] = bench_now() - t1;
    }
    (void)sink;
    bench_print("read", &tr, bench_median(t_read, repeat));
    bench_print("scan", &ts, bench_median(t_scan, repeat));
    free(r.buf);
    filelist_free(&fl);
    return 0;
}
