/*
 * tools/cli-diag.c - printing a collection's diagnostics in the order of
 * their positions, as text or JSON records, and counting them.
 */
#include "cli.h"
#include "cli-jobs.h"
#include "json.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void print_one(FILE *fp, const char *name, const sgf_collection *c,
                      const sgf_diag *d, const cli_diag_opts *o)
{
    int width = 0, height = 0;
    const sgf_game *g;

    if (o->format == CLI_FORMAT_TEXT) {
        sgf_diag_print_text(fp, name, d);
        return;
    }
    if (o->format == CLI_FORMAT_HTML) {   /* the tool's page shows it */
        if (o->on_diag != NULL)
            o->on_diag(o->payload, name, c, d);
        return;
    }
    g = d->game >= 0 ? sgf_collection_game(c, (size_t)d->game) : NULL;
    if (g != NULL)
        sgf_game_board_size(g, &width, &height);
    tool_json_emit(fp, tool_json_diag(name, d, width, height));
}

/* --- --ignore ------------------------------------------------------------
 *
 * The codes the run ignores, for the whole process (the workers of -j are
 * its forks): their diagnostics are neither printed nor counted, and the
 * left-out counts the library keeps for them are taken back out, so that
 * every total, summary, status and left-out line is that of a run whose
 * records never had them. Only warnings and notes may be ignored. */
static uint64_t ignored[CLI_MAX_CODES / 64];
static bool any_ignored;
/* each ignored code's left-outs of the input (or part) being read, as
 * counted at its last batch: a batch's own are what came since */
static unsigned long ignored_seen[CLI_MAX_CODES];

bool cli_diag_ignored(unsigned code)
{
    return any_ignored && code < CLI_MAX_CODES
           && (ignored[code / 64] >> (code % 64) & 1);
}

int cli_parse_ignore(const char *arg)
{
    const char *p = arg;
    do {
        size_t n = strcspn(p, ",");
        char name[64];
        if (n == 0 || n >= sizeof name) {
            tool_error("--ignore=%s: a list of diagnostic codes, separated "
                       "by commas, is expected (man sgf-validate names "
                       "them)", arg);
            return -1;
        }
        memcpy(name, p, n);
        name[n] = '\0';
        sgf_diag_code c = sgf_diag_code_from_name(name);
        if (c == SGF_D_NONE || (unsigned)c >= CLI_MAX_CODES) {
            tool_error("--ignore: unknown diagnostic code '%s' (man "
                       "sgf-validate lists them)", name);
            return -1;
        }
        if (sgf_diag_code_severity(c, true) == SGF_SEV_ERROR
            || sgf_diag_code_severity(c, false) == SGF_SEV_ERROR) {
            tool_error("--ignore: '%s' is an error, which cannot be "
                       "ignored (only warnings and notes can)", name);
            return -1;
        }
        ignored[(unsigned)c / 64] |= UINT64_C(1) << ((unsigned)c % 64);
        any_ignored = true;
        p += n;
    } while (*p++ == ',');
    return 0;
}

/* The ignored codes' left-outs taken out of lo: those of the whole input
 * (or part) so far (input), else those since the previous batch. */
static void less_ignored(const sgf_collection *c, sgf_diag_counts *lo,
                         bool input)
{
    for (unsigned k = 0; any_ignored && k < CLI_MAX_CODES; k++) {
        if (!cli_diag_ignored(k))
            continue;
        unsigned long now = sgf_collection_code_left_out(c, (sgf_diag_code)k);
        unsigned long d = input || now < ignored_seen[k]  /* (another */
                          ? now : now - ignored_seen[k];     /* input) */
        if (!input)
            ignored_seen[k] = now;
        /* (an ignored code is a warning or a note in every file) */
        if (sgf_diag_code_severity((sgf_diag_code)k, true)
            == SGF_SEV_WARNING)
            lo->warnings -= d <= lo->warnings ? d : lo->warnings;
        else
            lo->notes -= d <= lo->notes ? d : lo->notes;
    }
}

void cli_diag_left_out(const sgf_collection *c, sgf_diag_counts *listed,
                       sgf_diag_counts *input)
{
    sgf_collection_diags_left_out(c, listed, input);
    if (listed != NULL)
        less_ignored(c, listed, false);
    if (input != NULL)
        less_ignored(c, input, true);
}

void cli_diag_input_end(void)
{
    memset(ignored_seen, 0, sizeof ignored_seen);
}

static bool counts_as_error(const cli_diag_opts *o, sgf_severity sev)
{
    return sev == SGF_SEV_ERROR || (o->strict && sev == SGF_SEV_WARNING);
}

/* Diagnostics in the order of their positions in the input, those
 * without a position first, ties in the order found: the library lists
 * them stage by stage (syntax, then properties). */
struct ordered {
    const sgf_diag *d;
    size_t index;
};

static int compare_diags(const void *a, const void *b)
{
    const struct ordered *x = a, *y = b;
    bool xpos = x->d->pos.line > 0, ypos = y->d->pos.line > 0;

    if (xpos != ypos)
        return xpos ? 1 : -1;
    if (xpos && x->d->pos.offset != y->d->pos.offset)
        return x->d->pos.offset < y->d->pos.offset ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* The collection's diagnostics sorted, or NULL when out of memory (then
 * they are printed in the order found). */
static struct ordered *sort_diags(const sgf_collection *c, size_t count)
{
    struct ordered *v = malloc((count ? count : 1) * sizeof *v);
    size_t i;

    if (v == NULL)
        return NULL;
    for (i = 0; i < count; i++) {
        v[i].d = sgf_collection_diag(c, i);
        v[i].index = i;
    }
    qsort(v, count, sizeof *v, compare_diags);
    return v;
}

void cli_print_left_out(FILE *fp, const char *name,
                        const sgf_collection *c, const cli_diag_opts *o,
                        cli_counts *n)
{
    sgf_diag_counts lo;

    cli_diag_left_out(c, NULL, &lo);
    cli_diag_input_end();
    /* the summary's count of each code past its cap (none when nothing
       of the input was left out: most inputs) */
    for (unsigned k = 0; lo.errors + lo.warnings + lo.notes > 0
                         && k < CLI_MAX_CODES; k++)
        if (!cli_diag_ignored(k))
            n->by_code[k] += sgf_collection_code_left_out(c,
                                                          (sgf_diag_code)k);

    cli_print_left_out_counts(fp, name, &lo, o->quiet, o->strict, o->format);
}

void cli_print_left_out_counts(FILE *fp, const char *name,
                               const sgf_diag_counts *c, bool quiet,
                               bool strict, cli_format format)
{
    sgf_diag_counts lo = *c;
    unsigned long all = (unsigned long)(lo.errors + lo.warnings + lo.notes);
    if (all == 0 || (quiet && lo.errors == 0 && !(strict && lo.warnings > 0)))
        return;
    cli_progress_before(fp);
    if (format == CLI_FORMAT_JSON) {
        json_t *rec = tool_json_record("left-out", name);
        json_object_set_new(rec, "left_out", json_integer((json_int_t)all));
        json_object_set_new(rec, "errors", json_integer(
                                (json_int_t)lo.errors));
        json_object_set_new(rec, "warnings", json_integer(
                                (json_int_t)lo.warnings));
        json_object_set_new(rec, "notes", json_integer(
                                (json_int_t)lo.notes));
        tool_json_emit(fp, rec);
    } else {
        sgf_print_name(fp, name);
        fprintf(fp, ": %lu more diagnostic%s left out (%lu error%s, %lu "
                "warning%s, %lu note%s): at most %u of each code are "
                "listed per input\n", all, all == 1 ? " was" : "s were",
                (unsigned long)lo.errors, lo.errors == 1 ? "" : "s",
                (unsigned long)lo.warnings, lo.warnings == 1 ? "" : "s",
                (unsigned long)lo.notes, lo.notes == 1 ? "" : "s",
                SGF_PARSE_MAX_DIAGS);
    }
    cli_flush(fp);
}

int cli_print_diags(FILE *fp, const char *name, const sgf_collection *c,
                    const cli_diag_opts *o, cli_counts *n)
{
    int st;

    n->files++;
    n->games += sgf_collection_game_count(c);
    st = cli_print_diag_batch(fp, name, c, o, n);
    cli_print_left_out(fp, name, c, o, n);
    return st;
}

/* A part being read (-j, cli-jobs.h): an entry for each diagnostic of
 * the batch, in the order listed, with its rank among those of its code
 * the part listed; base: the part's entries before the batch, or -1
 * when out of memory (the part then fails: cli-jobs.c reads its input
 * whole). */
static long part_entries(cli_part *p, const sgf_collection *c, size_t count)
{
    cli_part_report *rep = &p->rep;
    size_t base = rep->nentries;
    if (p->failed)
        return -1;
    if (base + count > p->cap) {
        size_t cap = p->cap ? p->cap : 64;
        while (cap < base + count)
            cap *= 2;
        cli_part_entry *e = realloc(p->entries, cap * sizeof *e);
        if (e == NULL) {
            p->failed = true;
            return -1;
        }
        p->entries = e;
        p->cap = cap;
    }
    for (size_t i = 0; i < count; i++) {
        const sgf_diag *d = sgf_collection_diag(c, i);
        unsigned code = (unsigned)d->code < CLI_MAX_CODES ? d->code : 0;
        cli_part_entry *e = &p->entries[base + i];
        memset(e, 0, sizeof *e);
        e->code = code;
        e->rank = rep->listed[code]++;
        e->severity = (uint8_t)d->severity;
    }
    rep->nentries = (uint32_t)(base + count);
    return (long)base;
}

/* Where fp is now in its file (flushed). */
static uint64_t place(FILE *fp)
{
    fflush(fp);
    off_t at = lseek(fileno(fp), 0, SEEK_CUR);
    return at > 0 ? (uint64_t)at : 0;
}

int cli_print_diag_batch(FILE *fp, const char *name,
                         const sgf_collection *c, const cli_diag_opts *o,
                         cli_counts *n)
{
    size_t i, count = sgf_collection_diag_count(c);
    struct ordered *sorted = sort_diags(c, count);
    bool printed = false, invalid = false;
    sgf_diag_counts lo;
    cli_part *part = cli_part_now();
    long base = part != NULL ? part_entries(part, c, count) : -1;

    for (i = 0; i < count; i++) {
        const sgf_diag *d = sorted ? sorted[i].d : sgf_collection_diag(c, i);
        bool is_error = counts_as_error(o, d->severity);

        if (o->one_game && d->game >= 0 && d->game != o->game)
            continue;                 /* not the game asked for */
        if (cli_diag_ignored(d->code))
            continue;                 /* --ignore */
        if ((size_t)d->code < CLI_MAX_CODES)
            n->by_code[d->code]++;
        if (d->severity == SGF_SEV_ERROR)
            n->errors++;
        else if (d->severity == SGF_SEV_WARNING)
            n->warnings++;
        else
            n->notes++;
        invalid = invalid || is_error;
        if (o->quiet && !is_error)
            continue;
        if (!printed)
            cli_progress_before(fp);
        if (base >= 0) {                 /* where it is, for the parent */
            cli_part_entry *e = &part->entries[(size_t)base + (sorted
                                               ? sorted[i].index : i)];
            e->at = place(fp);
            print_one(fp, name, c, d, o);
            e->len = place(fp) - e->at;
            e->printed = 1;
            e->stream = fp == stdout ? 0 : 1;
        } else {
            print_one(fp, name, c, d, o);
        }
        printed = true;
    }
    free(sorted);
    if (printed)
        cli_flush(fp);
    /* those left out of the list count all the same (the line saying so
     * comes at the end of the input: cli_print_left_out) */
    cli_diag_left_out(c, &lo, NULL);
    n->errors += lo.errors;
    n->warnings += lo.warnings;
    n->notes += lo.notes;
    invalid = invalid || lo.errors > 0 || (o->strict && lo.warnings > 0);
    return invalid ? TOOL_INVALID : TOOL_OK;
}

