/*
 * tools/cli-jobs.h - the run on several cores behind cli_run (-j N):
 * private to the cli-*.c files.
 */
#ifndef SGF_TOOLS_CLI_JOBS_H
#define SGF_TOOLS_CLI_JOBS_H

#include "cli.h"

/* The next input of the run and its size in bytes (0: not known), or
 * NULL at the end. */
typedef const char *(*cli_job_next)(void *it, unsigned long long *size);

/* What the tool does with one input (cli-run.c's one_input): its status,
 * its counts added to n. */
typedef int (*cli_job_one)(const cli_run_hooks *h, const char *path,
                           cli_counts *n);

/* Every input of next (total of them; 0: not known) through one, in nw
 * worker processes; outputs in input order; counts and the tool's totals
 * (h->totals) added up in n and h->totals. Returns the worst status. */
int cli_jobs_run(const cli_run_hooks *h, unsigned nw, cli_job_next next,
                 void *it, size_t total, cli_job_one one, cli_counts *n);

#endif
