/*
 * bench.h - what the benchmark programs share: a monotonic clock, the
 * median of repeated runs, peak memory, and one output line per
 * measurement that tests/bench/run.sh reads:
 *
 *   NAME files=N bytes=N records=N median_s=S files_s=F mb_s=M
 *        records_s=R rss_kib=K
 *
 * (on one line). MB are 10^6 bytes.
 */
#ifndef BENCH_H
#define BENCH_H

#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "../filelist.h"

typedef struct bench_totals {
    size_t files, bytes, records;
} bench_totals;

static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline int bench_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static inline double bench_median(double *t, int n)
{
    qsort(t, (size_t)n, sizeof *t, bench_cmp);
    return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

/* Peak resident set size of this process, KiB (Linux ru_maxrss unit). */
static inline long bench_rss_kib(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
}

static inline void bench_print(const char *name, const bench_totals *t,
                               double median)
{
    double s = median > 0 ? median : 1e-9;
    printf("%s files=%zu bytes=%zu records=%zu median_s=%.6f "
           "files_s=%.0f mb_s=%.2f records_s=%.0f rss_kib=%ld\n", name,
           t->files, t->bytes, t->records, median, (double)t->files / s,
           (double)t->bytes / s / 1e6, (double)t->records / s,
           bench_rss_kib());
    fflush(stdout);
}

/* --- the floors -------------------------------------------------------- */

typedef struct bench_reader {
    char *buf;
    size_t cap;
} bench_reader;

/* Open, read and close one file; its bytes in r->buf. -1 on error. */
static inline long bench_read(bench_reader *r, const char *path)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return -1;
    struct stat st;
    size_t want = fstat(fd, &st) == 0 ? (size_t)st.st_size + 1 : 65536;
    if (want > r->cap) {
        char *p = realloc(r->buf, want);
        if (p == NULL) {
            close(fd);
            return -1;
        }
        r->buf = p;
        r->cap = want;
    }
    size_t len = 0;
    ssize_t k;
    while (len < r->cap && (k = read(fd, r->buf + len, r->cap - len)) > 0)
        len += (size_t)k;
    close(fd);
    return (long)len;
}

static inline size_t bench_count_brackets(const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += (size_t)((s[i] == '[') | (s[i] == ']'));
    return k;
}

/* One pass of a floor over the files: read them (scan = false), or read
 * them and count their brackets. Returns the bracket count. */
static inline size_t bench_floor_pass(bench_reader *r, const filelist *fl,
                                      bool scan, bench_totals *t)
{
    size_t brackets = 0;
    t->files = t->bytes = t->records = 0;
    for (size_t i = 0; i < fl->n; i++) {
        long n = bench_read(r, fl->names[i]);
        if (n < 0)
            continue;
        t->files++;
        t->bytes += (size_t)n;
        if (scan)
            brackets += bench_count_brackets(r->buf, (size_t)n);
    }
    return brackets;
}

/* The files and directories argv[first..argc) into fl. 0, or 2 after a
 * message (one cannot be read, or none is given: usage is printed). */
static inline int bench_files(filelist *fl, int first, int argc,
                              char **argv, const char *usage)
{
    for (int i = first; i < argc; i++)
        if (filelist_add(fl, argv[i]) != 0) {
            perror(argv[i]);
            return 2;
        }
    if (fl->n == 0) {
        fputs(usage, stderr);
        return 2;
    }
    return 0;
}

/* -r N: the number of timed runs (after one untimed warm-up run). */
static inline int bench_repeat(int *argc_used, int argc, char **argv)
{
    int r = 5;
    *argc_used = 1;
    if (argc > 2 && argv[1][0] == '-' && argv[1][1] == 'r') {
        r = atoi(argv[2]);
        *argc_used = 3;
    }
    return r < 1 ? 1 : r > 99 ? 99 : r;
}

#endif
