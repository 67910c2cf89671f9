/*
 * tools/cli-progress.c - the progress line of long runs (cli.h,
 * "progress"): on standard error, one line redrawn in place at most five
 * times a second, erased before anything else is written and at the end.
 */
#include "cli.h"

#include <string.h>
#include <time.h>
#include <unistd.h>

static struct {
    bool on, shown;
    size_t inputs_total;        /* 0: not known */
    unsigned long long bytes_total, bytes_done, input_offset;
    size_t inputs_done;
    unsigned long games;
    double start, last;
    int width;                  /* of the line drawn, to erase it */
} pg;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void cli_progress_start(bool on, size_t inputs_total,
                        unsigned long long bytes_total)
{
    memset(&pg, 0, sizeof pg);
    pg.on = on;
    pg.inputs_total = inputs_total;
    pg.bytes_total = bytes_total;
    pg.start = now();
}

void cli_progress_clear(void)
{
    if (!pg.shown)
        return;
    fprintf(stderr, "\r%*s\r", pg.width, "");
    fflush(stderr);
    pg.shown = false;
}

/* "1:02:03" or "2:03". */
static void eta_text(char *buf, size_t size, double seconds)
{
    unsigned long s = seconds < 0 ? 0 : (unsigned long)(seconds + 0.5);
    if (s >= 3600)
        snprintf(buf, size, "%lu:%02lu:%02lu", s / 3600, s / 60 % 60,
                 s % 60);
    else
        snprintf(buf, size, "%lu:%02lu", s / 60, s % 60);
}

static void draw(double t)
{
    char line[160], eta[32];
    double elapsed = t - pg.start;
    unsigned long long done = pg.bytes_done + pg.input_offset;
    const char *games = pg.games == 1 ? "game" : "games";
    char total[32] = "";
    int n;
    if (pg.inputs_total > 0)
        snprintf(total, sizeof total, "/%zu", pg.inputs_total);
    n = snprintf(line, sizeof line, "%s: %zu%s input%s, %lu %s",
                 cli_program_name(), pg.inputs_done, total,
                 pg.inputs_done == 1 && pg.inputs_total <= 1 ? "" : "s",
                 pg.games, games);
    if (elapsed >= 1 && n > 0 && (size_t)n < sizeof line)
        n += snprintf(line + n, sizeof line - (size_t)n, ", %.0f games/s",
                      (double)pg.games / elapsed);  /* (not from the */
                                                    /* first instants) */
    if (pg.bytes_total > 0 && done > 0 && done <= pg.bytes_total
        && elapsed >= 1 && n > 0 && (size_t)n < sizeof line) {
        double f = (double)done / (double)pg.bytes_total;
        eta_text(eta, sizeof eta, elapsed * (1 - f) / f);
        n += snprintf(line + n, sizeof line - (size_t)n, ", %.0f%%, ETA %s",
                      100 * f, eta);
    }
    cli_flush(stdout);            /* what is meant to come before it */
    int old = pg.shown ? pg.width : 0;
    pg.width = n < (int)sizeof line ? n : (int)sizeof line - 1;
    fprintf(stderr, "\r%s%*s", line, old > pg.width ? old - pg.width : 0,
            "");
    if (old > pg.width)
        pg.width = old;
    fflush(stderr);
    pg.shown = true;
    pg.last = t;
}

/* Redraw when the last drawing is old enough (the first at once). */
static void tick(void)
{
    if (!pg.on)
        return;
    double t = now();
    if (pg.last == 0 || t - pg.last >= 0.2)
        draw(t);
}

void cli_progress_before(FILE *fp)
{
    static int stdout_tty = -1;
    if (!pg.shown)
        return;
    if (stdout_tty < 0)
        stdout_tty = isatty(STDOUT_FILENO);
    if (fp == stderr || (fp == stdout && stdout_tty))
        cli_progress_clear();
}

void cli_progress_game(unsigned long long offset)
{
    pg.games++;
    if (offset != CLI_PROGRESS_NO_OFFSET)
        pg.input_offset = offset;
    tick();
}

void cli_progress_games(unsigned long n)
{
    pg.games += n;
}

void cli_progress_at(unsigned long long offset)
{
    pg.input_offset = offset;
    tick();
}

void cli_progress_input(unsigned long long size)
{
    pg.inputs_done++;
    pg.bytes_done += size;
    pg.input_offset = 0;
    tick();
}

void cli_progress_end(void)
{
    cli_progress_clear();
    pg.on = false;
}
