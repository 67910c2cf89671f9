/*
 * tools/validate-html.c - sgf-validate's HTML report
 * (validate-html.h): the page's frame, the table of inputs, the
 * diagnostics listed under each, the summary. The diagrams of illegal
 * moves are in validate-figure.c.
 */
#include "validate-html.h"
#include "validate-int.h"
#include "html.h"

#include <stdlib.h>
#include <string.h>

/* Status classes of the filter form: value, label. */
static const char *const classes[] = {
    "error", "with errors",
    "warning", "with warnings",
    "note", "with notes only",
    "clean", "clean",
    "unreadable", "unreadable or in trouble",
    NULL
};

static void table_head(FILE *fp)
{
    fputs("<section class=\"inputs\" id=\"inputs\">\n<h2>Inputs</h2>\n",
          fp);
    html_filter_form(fp, "input-table", "inputs", classes);
    fputs("<table class=\"inputs\" id=\"input-table\">\n<thead><tr>"
          "<th data-sort=\"text\">File</th><th data-sort=\"text\">Players"
          "</th><th data-sort=\"text\">Date</th><th data-sort=\"text\">"
          "Result</th><th class=\"n\" data-sort=\"num\">Games</th>"
          "<th class=\"n\" data-sort=\"num\">Errors</th><th class=\"n\" "
          "data-sort=\"num\">Warnings</th><th class=\"n\" "
          "data-sort=\"num\">Notes</th><th data-sort=\"text\">Status</th>"
          "</tr></thead>\n", fp);
}

vhtml *vhtml_start(FILE *fp, const sgf_rules *rules)
{
    vhtml *v = calloc(1, sizeof *v);
    if (v == NULL || sgf_figure_new(&v->fig) != 0) {
        free(v);
        tool_error("out of memory");
        return NULL;
    }
    v->out = fp;
    v->rules = rules;
    html_page_begin(fp, "SGF validation report", NULL);
    table_head(fp);
    return v;
}

/* --- one input ------------------------------------------------------------ */

static void close_part(vhtml_part *p)
{
    if (p->fp != NULL)
        fclose(p->fp);
    p->fp = NULL;
}

static void free_part(vhtml_part *p)
{
    close_part(p);
    free(p->buf);
    p->buf = NULL;
    p->len = 0;
}

static void open_part(vhtml_part *p)
{
    free_part(p);
    p->fp = open_memstream(&p->buf, &p->len);
}

static void free_info(vhtml *v)
{
    for (int i = 0; i < VHTML_INFO_COUNT; i++) {
        free(v->info[i].text);
        v->info[i] = (vhtml_text){ NULL, 0 };
    }
    v->have_info = false;
}

void vhtml_input_begin(vhtml *v, const char *path)
{
    open_part(&v->rows);
    open_part(&v->figs);
    free_info(v);
    v->in_figures = 0;
    v->in_illegal = 0;
    memset(v->in_listed, 0, sizeof v->in_listed);
    memset(v->in_unlisted, 0, sizeof v->in_unlisted);
    v->path = path;
    vhtml_game_begin(v);
}

/* A copy of a root value (the game is released before the input's row
 * is written). */
static vhtml_text copy_value(const sgf_node *root, sgf_prop_id id)
{
    const sgf_prop *p = sgf_node_find_prop(root, id);
    vhtml_text t = { NULL, 0 };
    if (p == NULL)
        return t;
    sgf_str s = sgf_prop_text(p, 0);
    t.text = malloc(s.len + 1);
    if (t.text == NULL)
        return t;
    if (s.len > 0)
        memcpy(t.text, s.ptr, s.len);
    t.text[s.len] = '\0';
    t.len = s.len;
    return t;
}

/* The first game's information, for the input's row. */
static void take_info(vhtml *v, const sgf_game *g)
{
    static const sgf_prop_id ids[VHTML_INFO_COUNT] = {
        SGF_PROP_PB, SGF_PROP_PW, SGF_PROP_DT, SGF_PROP_RE
    };
    if (v->have_info)
        return;
    for (int i = 0; i < VHTML_INFO_COUNT; i++)
        v->info[i] = copy_value(sgf_game_info_node(g), ids[i]);
    v->have_info = true;
}

void vhtml_game_begin(vhtml *v)
{
    v->n_moves = 0;
    v->game_illegal = 0;
}

int vhtml_game(vhtml *v, sgf_collection *c, const sgf_game *g,
               const sgf_replay *r)
{
    if (g == NULL) {
        vhtml_game_begin(v);
        return TOOL_OK;
    }
    take_info(v, g);
    return r != NULL ? vhtml_draw_moves(v, c, g, r) : TOOL_OK;
}

/* --- diagnostics ------------------------------------------------------------ */

static bool list_more(const vhtml *v, sgf_severity sev)
{
    return v->rows.fp != NULL && v->listed < VHTML_DIAGS_IN_ALL
           && v->in_listed[sev] < VHTML_DIAGS_PER_INPUT;
}

void vhtml_on_diag(void *payload, const char *name, const sgf_collection *c,
                   const sgf_diag *d)
{
    vhtml *v = payload;
    sgf_severity sev = d->severity <= SGF_SEV_ERROR ? d->severity
                                                    : SGF_SEV_ERROR;
    const char *code = sgf_diag_code_name(d->code);
    (void)name;
    (void)c;
    if (!list_more(v, sev)) {
        v->in_unlisted[sev]++;
        return;
    }
    FILE *fp = v->rows.fp;
    v->in_listed[sev]++;
    v->listed++;
    /* a list item, not a table row: a browser reads a page of 20000 of
     * them in half the time */
    fprintf(fp, "<li class=\"%s\"><span class=\"pos\">",
            sgf_severity_name(sev));
    if (d->pos.line > 0)
        fprintf(fp, "%u:%u", (unsigned)d->pos.line, (unsigned)d->pos.column);
    else
        fputs("\xE2\x80\x93", fp);         /* no position: a dash */
    fputs("</span><span class=\"game\">", fp);
    if (d->game >= 0)
        fprintf(fp, "%d", (int)d->game);
    else
        fputs("\xE2\x80\x93", fp);         /* the whole input */
    fprintf(fp, "</span><span class=\"sev\">%s</span><code>%s</code> ",
            sgf_severity_name(sev), code != NULL ? code : "?");
    html_text_cut(fp, d->message ? d->message : "",
                  d->message ? strlen(d->message) : 0, 4 * VHTML_TEXT_MAX);
    const char *fig = vhtml_figure_of(v, d);
    if (fig != NULL)
        fprintf(fp, " <a href=\"#%s\">(diagram)</a>", fig);
    fputs("</li>\n", fp);
}

/* --- the input's row ---------------------------------------------------------- */

/* The class of an input for the filters. */
static const char *sev_class(const cli_input_report *r, unsigned long e,
                             unsigned long w, unsigned long nt)
{
    if (strcmp(r->status, "unreadable") == 0
        || strcmp(r->status, "trouble") == 0)
        return "unreadable";
    return e > 0 ? "error" : w > 0 ? "warning" : nt > 0 ? "note" : "clean";
}

/* The codes the input added, space separated; counts the inputs per
 * code. */
static void put_codes(FILE *fp, vhtml *v, const cli_input_report *r)
{
    bool first = true;
    for (size_t k = 0; k < CLI_MAX_CODES; k++) {
        const char *name = sgf_diag_code_name((sgf_diag_code)k);
        if (r->after->by_code[k] == r->before->by_code[k] || name == NULL)
            continue;
        v->inputs_by_code[k]++;
        fprintf(fp, "%s%s", first ? "" : " ", name);
        first = false;
    }
}

static void put_info(FILE *fp, const vhtml_text *t)
{
    if (t->text != NULL)
        html_text_cut(fp, t->text, t->len, VHTML_TEXT_MAX);
}

static void put_players(FILE *fp, const vhtml *v)
{
    if (v->info[0].text == NULL && v->info[1].text == NULL)
        return;
    fputs("<span title=\"Black\">\xE2\x97\x8F</span> ", fp);
    put_info(fp, &v->info[0]);
    fputs(" \xE2\x80\x93 <span title=\"White\">\xE2\x97\x8B</span> ", fp);
    put_info(fp, &v->info[1]);
}

static void put_row(FILE *fp, vhtml *v, const cli_input_report *r)
{
    const cli_counts *a = r->after, *b = r->before;
    unsigned long e = a->errors - b->errors, w = a->warnings - b->warnings;
    unsigned long nt = a->notes - b->notes, games = a->games - b->games;
    fprintf(fp, "<tbody id=\"in%lu\" data-sev=\"%s\" data-codes=\"",
            v->inputs, sev_class(r, e, w, nt));
    put_codes(fp, v, r);
    fputs("\">\n<tr class=\"row\"><td class=\"file\">", fp);
    html_file_name(fp, r->name);
    fputs("</td><td>", fp);
    put_players(fp, v);
    fputs("</td><td>", fp);
    put_info(fp, &v->info[2]);
    fputs("</td><td>", fp);
    put_info(fp, &v->info[3]);
    fprintf(fp, "</td><td class=\"n\">%lu</td><td class=\"n\">%lu</td>"
            "<td class=\"n\">%lu</td><td class=\"n\">%lu</td><td><span "
            "class=\"st %s\">%s</span></td></tr>\n", games, e, w, nt,
            r->status, r->status);
}

/* "N more errors, M more warnings" that the caps left out. */
static void put_unlisted(FILE *fp, const vhtml *v)
{
    static const char *const what[3] = { "note", "warning", "error" };
    bool any = false;
    for (int s = SGF_SEV_ERROR; s >= SGF_SEV_NOTE; s--) {
        unsigned long k = v->in_unlisted[s];
        if (k == 0)
            continue;
        fprintf(fp, "%s%lu more %s%s", any ? ", " : "<p class=\"more\">",
                k, what[s], k == 1 ? "" : "s");
        any = true;
    }
    if (any)
        fputs(" not listed (the page's bounds: see the summary)</p>\n",
              fp);
}

static bool has_details(const vhtml *v, const cli_input_report *r)
{
    return r->message != NULL || v->rows.len > 0 || v->figs.len > 0
           || v->in_unlisted[0] + v->in_unlisted[1] + v->in_unlisted[2] > 0
           || v->in_illegal > v->in_figures;
}

/* The line that opens an input's diagnostics: "4 errors, 1 note; 2
 * illegal moves drawn". */
static void put_opener(FILE *fp, const vhtml *v, const cli_counts *a,
                       const cli_counts *b)
{
    static const char *const what[3] = { "error", "warning", "note" };
    unsigned long k[3] = { a->errors - b->errors, a->warnings - b->warnings,
                           a->notes - b->notes };
    bool any = false;
    fputs("<summary>", fp);
    for (int s = 0; s < 3; s++) {
        if (k[s] == 0)
            continue;
        fprintf(fp, "%s%lu %s%s", any ? ", " : "", k[s], what[s],
                k[s] == 1 ? "" : "s");
        any = true;
    }
    if (v->in_illegal > 0)
        fprintf(fp, "; %u of %u illegal move%s drawn", v->in_figures,
                v->in_illegal, v->in_illegal == 1 ? "" : "s");
    fputs("</summary>\n", fp);
}

/* Under the row: the tool's message, then the diagnostics and diagrams,
 * open when the input has errors (a reader scans the broken files; the
 * others open on a click). */
static void put_details(FILE *fp, const vhtml *v, const cli_input_report *r)
{
    bool open = r->after->errors > r->before->errors || v->in_illegal > 0;
    fputs("<tr class=\"details\"><td colspan=\"9\">\n", fp);
    if (r->message != NULL) {
        fputs("<p class=\"sev error\">", fp);
        html_str(fp, r->message);
        fputs("</p>\n", fp);
    }
    if (v->rows.len == 0 && v->in_illegal == 0
        && v->in_unlisted[0] + v->in_unlisted[1] + v->in_unlisted[2] == 0) {
        fputs("</td></tr>\n", fp);
        return;
    }
    fprintf(fp, "<details%s>", open ? " open" : "");
    put_opener(fp, v, r->after, r->before);
    if (v->rows.len > 0) {
        fputs("<ul class=\"diags\">\n<li class=\"head\"><span "
              "class=\"pos\">line:col</span><span class=\"game\" "
              "title=\"0-based, as --game counts\">game</span><span "
              "class=\"sev\">severity</span><code>code</code> message"
              "</li>\n", fp);
        fwrite(v->rows.buf, 1, v->rows.len, fp);
        fputs("</ul>\n", fp);
    }
    put_unlisted(fp, v);
    if (v->figs.len > 0) {
        fputs("<div class=\"figures\">\n", fp);
        fwrite(v->figs.buf, 1, v->figs.len, fp);
        fputs("</div>\n", fp);
    }
    if (v->in_illegal > v->in_figures)
        fprintf(fp, "<p class=\"more\">%u illegal move%s not drawn (the "
                "page's bounds: see the summary)</p>\n",
                v->in_illegal - v->in_figures,
                v->in_illegal - v->in_figures == 1 ? "" : "s");
    fputs("</details>\n</td></tr>\n", fp);
}

void vhtml_input_done(void *payload, const cli_input_report *r)
{
    vhtml *v = payload;
    FILE *fp = v->out;
    /* an input cli_run could not hand to the tool (an archive member
     * that cannot be read) has no part of its own */
    if (v->path == NULL || strcmp(cli_display_name(v->path), r->name) != 0)
        vhtml_input_begin(v, NULL);
    close_part(&v->rows);
    close_part(&v->figs);
    v->inputs++;
    put_row(fp, v, r);
    if (has_details(v, r))
        put_details(fp, v, r);
    fputs("</tbody>\n", fp);
    free_part(&v->rows);
    free_part(&v->figs);
    free_info(v);
    v->path = NULL;
}

/* --- the summary ------------------------------------------------------------- */

typedef struct code_row {
    size_t code;
    unsigned long count;
} code_row;

static int by_count(const void *a, const void *b)
{
    const code_row *x = a, *y = b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return strcmp(sgf_diag_code_name((sgf_diag_code)x->code),
                  sgf_diag_code_name((sgf_diag_code)y->code));
}

static void put_code_table(FILE *fp, const vhtml *v, const cli_counts *n)
{
    code_row rows[CLI_MAX_CODES];
    size_t k = 0;
    for (size_t c = 0; c < CLI_MAX_CODES; c++)
        if (n->by_code[c] > 0 && sgf_diag_code_name((sgf_diag_code)c))
            rows[k++] = (code_row){ c, n->by_code[c] };
    if (k == 0)
        return;
    qsort(rows, k, sizeof rows[0], by_count);
    fputs("<h3>By code</h3>\n<table class=\"codes\">\n<thead><tr><th>"
          "Code</th><th class=\"n\">Count</th><th class=\"n\">Inputs</th>"
          "<th>Meaning</th></tr></thead>\n<tbody>\n", fp);
    for (size_t i = 0; i < k; i++) {
        sgf_diag_code c = (sgf_diag_code)rows[i].code;
        const char *name = sgf_diag_code_name(c);
        fprintf(fp, "<tr><td class=\"code\"><a href=\"#inputs\" "
                "data-code=\"%s\">%s</a></td><td class=\"n\">", name, name);
        html_count(fp, rows[i].count);
        fputs("</td><td class=\"n\">", fp);
        html_count(fp, v->inputs_by_code[c]);
        fputs("</td><td>", fp);
        html_str(fp, sgf_diag_code_meaning(c));
        fputs("</td></tr>\n", fp);
    }
    fputs("</tbody>\n</table>\n", fp);
}

static unsigned long other_trouble(const cli_counts *n)
{
    return n->by_status[2] > n->unreadable ? n->by_status[2] - n->unreadable
                                           : 0;
}

static void put_totals(FILE *fp, const vhtml *v, const cli_counts *n)
{
    unsigned long illegal = v->figures + v->figures_left_out;
    fputs("<dl class=\"totals\">\n<dt>Inputs</dt><dd>", fp);
    html_count(fp, n->by_status[0] + n->by_status[1] + n->by_status[2]);
    fprintf(fp, ": %lu ok, %lu invalid, %lu unreadable, %lu trouble</dd>\n"
            "<dt>Games</dt><dd>", n->by_status[0], n->by_status[1],
            n->unreadable, other_trouble(n));
    html_count(fp, n->games);
    fputs("</dd>\n<dt>Diagnostics</dt><dd>", fp);
    html_count(fp, n->errors);
    fprintf(fp, " error%s, ", n->errors == 1 ? "" : "s");
    html_count(fp, n->warnings);
    fprintf(fp, " warning%s, ", n->warnings == 1 ? "" : "s");
    html_count(fp, n->notes);
    fprintf(fp, " note%s</dd>\n<dt>Illegal moves</dt><dd>", n->notes == 1
            ? "" : "s");
    html_count(fp, illegal);
    if (v->figures_left_out == 0 && illegal > 0) {
        fputs(", each drawn on the position before it", fp);
    } else if (illegal > 0) {
        fputs(", of which ", fp);
        html_count(fp, v->figures);
        fputs(" drawn on the position before each (the bounds below)", fp);
    }
    fputs("</dd>\n</dl>\n", fp);
}

static void put_bounds(FILE *fp, const vhtml *v, const cli_counts *n)
{
    fprintf(fp, "<p class=\"bound\">Bounds of this page: at most %d "
            "diagnostics of each severity are listed per input and %d in "
            "all, and at most %d illegal moves are drawn per input and %d "
            "in all; values of a record are shown up to %d bytes. Here ",
            VHTML_DIAGS_PER_INPUT, VHTML_DIAGS_IN_ALL,
            VHTML_FIGURES_PER_INPUT, VHTML_FIGURES_IN_ALL, VHTML_TEXT_MAX);
    html_count(fp, v->listed);
    fputs(" of ", fp);
    html_count(fp, n->errors + n->warnings + n->notes);
    fputs(" diagnostics are listed and ", fp);
    html_count(fp, v->figures);
    fputs(" of ", fp);
    html_count(fp, v->figures + v->figures_left_out);
    fputs(" illegal moves drawn; the counts are always complete. Every "
          "diagnostic: sgf-validate without --format=html.</p>\n", fp);
}

static void put_legend(FILE *fp)
{
    fputs("<p>Each diagram shows the position before the illegal move: "
          "the move is the translucent stone in a red ring, with its "
          "number; the small red ring marks the move before it. Moves "
          "marked KO[] in the record are allowed there and not "
          "reported.</p>\n", fp);
}

void vhtml_finish(vhtml *v, const cli_counts *n)
{
    FILE *fp = v->out;
    fputs("</table>\n</section>\n<section class=\"summary\" "
          "id=\"summary\">\n<h2>Summary</h2>\n", fp);
    put_totals(fp, v, n);
    put_legend(fp);
    put_code_table(fp, v, n);
    put_bounds(fp, v, n);
    fputs("</section>\n", fp);
    html_page_end(fp);
    free_part(&v->rows);
    free_part(&v->figs);
    free_info(v);
    sgf_figure_free(v->fig);
    free(v);
}
