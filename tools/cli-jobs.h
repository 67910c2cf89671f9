/*
 * tools/cli-jobs.h - the run on several cores behind cli_run (-j N):
 * private to the cli-*.c files.
 */
#ifndef SGF_TOOLS_CLI_JOBS_H
#define SGF_TOOLS_CLI_JOBS_H

#include "cli.h"

#include <stdint.h>

/* The next input of the run and its size in bytes (0: not known), or
 * NULL at the end; *said: what the walk said before it (or at the end),
 * held to be written in its place (malloc'd text, or NULL). */
typedef const char *(*cli_job_next)(void *it, unsigned long long *size,
                                    char **said);

/* What the tool does with one input (cli-run.c's one_input): its status,
 * its counts added to n. */
typedef int (*cli_job_one)(const cli_run_hooks *h, const char *path,
                           cli_counts *n);

/* Every input of next (total of them; 0: not known) through one, in nw
 * worker processes; outputs in input order; counts and the tool's totals
 * (h->totals) added up in n and h->totals. Returns the worst status, or
 * CLI_JOBS_NO_WORKER (after a message) when not one worker could start
 * (no temporary file for its output, say): then no input was taken
 * from next, and the caller reads them itself. */
#define CLI_JOBS_NO_WORKER (-1)
int cli_jobs_run(const cli_run_hooks *h, unsigned nw, cli_job_next next,
                 void *it, size_t total, cli_job_one one, cli_counts *n);

/* cli-run.c's own for the workers of an archive read member by member:
 * one member as an input of its own (its record; why: why it could not
 * be read when !m->ok), and what the archive's end says (when broken, or
 * when it held no member, members 0: its record). Each returns its
 * status. */
int cli_run_member(const cli_run_hooks *h, const cli_member *m,
                   const char *why, cli_counts *n);
int cli_run_archive_end(const cli_run_hooks *h, const char *path,
                        bool broken, unsigned long members, cli_counts *n);

/* The input now read (its name as shown; it must stay valid until the
 * next call), named if it shrinks under the reading (SIGBUS: the run
 * stops, status 2). */
void cli_reading(const char *name);
/* ... said on descriptor fd (standard error until called). */
void cli_reading_said_to(int fd);

/* Whether cli_jobs_run would read the input path of size bytes in parts
 * (so that one input is worth the workers). */
bool cli_jobs_splits(const cli_run_hooks *h, const char *path,
                     unsigned long long size);

/* --- a large input read in parts (-j on one collection) ------------------
 *
 * The parent cuts a large regular file into parts (sgf_cut_scan) and
 * hands each to a worker as a job of its own; the worker's reading of
 * the part (cli_read_games) says where it really ended, and records
 * each diagnostic the library listed: its code, its rank among those of
 * its code the part listed, its severity, and where it was printed (so
 * that the parent applies the cap of diagnostics per code of the whole
 * input, SGF_PARSE_MAX_DIAGS, dropping those past it), and where the
 * line for those left out goes at the input's end. */

/* One diagnostic of a part, in the order the library listed it. */
typedef struct cli_part_entry {
    uint64_t at, len;          /* printed: its bytes in the capture */
    uint32_t code, rank;       /* rank: of its code, listed before it */
    uint8_t severity;          /* sgf_severity */
    uint8_t printed;
    uint8_t stream;            /* 0: standard output, 1: error */
    uint8_t pad[5];
} cli_part_entry;

/* What a worker's reading of a part gives the parent. */
typedef struct cli_part_report {
    sgf_part_end end;
    uint8_t read;              /* read to where end says (else trouble) */
    uint8_t marker;            /* the input's end was read: its left-out
                                  line goes at marker_at of stream
                                  marker_stream */
    uint8_t marker_stream;
    uint8_t quiet, strict, format;   /* how that line is written */
    uint8_t pad[2];
    uint64_t marker_at;
    sgf_diag_counts left;      /* left out by the part's own cap */
    uint32_t nentries;
    uint32_t msg_len;          /* the last message said, when trouble */
    uint32_t listed[CLI_MAX_CODES];     /* by code: listed by the part */
    uint32_t left_code[CLI_MAX_CODES];  /* by code: left out by it */
} cli_part_report;

/* The part being read in this worker: the input path (that pointer),
 * from the cut *from (NULL: the start) to a game tree starting at stop.
 * cli_read_games reads it so, and cli_print_diag_batch records its
 * diagnostics, while it is set. */
typedef struct cli_part {
    const char *path;
    const sgf_cut *from;
    size_t stop;
    /* the file the parent cut: a part of another (the path renamed over,
     * the file written since) is not read */
    uint64_t dev, ino, size;
    int64_t mtime_sec, mtime_nsec;
    cli_part_report rep;
    cli_part_entry *entries;
    size_t cap;
    bool failed;               /* out of memory for the entries */
} cli_part;

void cli_part_set(cli_part *p);

/* The "input" record of an input with --format=json (what it added to
 * the counts: after less before, its status, the tool's message or
 * NULL), and the tool's input_done (cli-run.c). */
void cli_input_record(const cli_run_hooks *h, const char *name,
                      const cli_counts *before, const cli_counts *after,
                      int status, const char *message);

/* The line, or JSON record, saying how many diagnostics of the input
 * name were left out (lo, by severity), as cli_print_left_out writes it
 * (cli-diag.c). */
void cli_print_left_out_counts(FILE *fp, const char *name,
                               const sgf_diag_counts *lo, bool quiet,
                               bool strict, cli_format format);
/* The part of path being read (that pointer), or NULL. */
cli_part *cli_part_of(const char *path);
/* The part being read, whatever the input, or NULL. */
cli_part *cli_part_now(void);

#endif
