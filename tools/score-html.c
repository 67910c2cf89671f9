/*
 * tools/score-html.c - sgf-score's HTML report (score-html.h).
 */
#include "score-html.h"
#include "html.h"
#include <sgf/figure.h>

#include <stdlib.h>
#include <string.h>

#define TEXT_MAX 200                 /* bytes of a record's value shown */

struct shtml {
    FILE *out;
    sgf_figure *fig;
    unsigned long rows, quiet_rows, quiet_left_out;
    unsigned long figures, figures_left_out;
    unsigned long by_code[CLI_MAX_CODES];
};

static const char *const classes[] = {
    "disagree", "disagreeing",
    "agree", "agreeing",
    "not-finished", "not finished",
    "not-counted", "not counted",
    "unreadable", "unreadable",
    "settled", "settled estimates",
    NULL
};

/* The verdicts' colours, and the mark of an estimate that is settled. */
static const char score_css[] =
    ".st.agree{color:#17701d}.st.disagree{color:#b00020}\n"
    ".st.not-finished{color:#a05a00}.st.not-counted{color:#555}\n"
    ".flag.settled{font-size:.85em;color:#17701d;border:1px solid "
    "#17701d;border-radius:3px;padding:0 .25em;margin-left:.3em}\n";

shtml *shtml_start(FILE *fp)
{
    shtml *h = calloc(1, sizeof *h);
    if (h == NULL || sgf_figure_new(&h->fig) != 0) {
        free(h);
        tool_error("out of memory");
        return NULL;
    }
    h->out = fp;
    html_page_begin(fp, "SGF scoring report", score_css);
    fputs("<section class=\"inputs\" id=\"games\">\n<h2>Games</h2>\n", fp);
    html_filter_form(fp, "game-table", "games", classes);
    fputs("<table class=\"inputs\" id=\"game-table\">\n<thead><tr>"
          "<th data-sort=\"text\">File</th><th class=\"n\" "
          "data-sort=\"num\">Game</th><th data-sort=\"text\">Players</th>"
          "<th data-sort=\"text\">Rules</th><th class=\"n\" "
          "data-sort=\"num\">Komi</th><th data-sort=\"text\">Dead</th>"
          "<th data-sort=\"text\">Count</th><th data-sort=\"text\">"
          "Recorded</th><th data-sort=\"text\">Verdict</th>"
          "<th data-sort=\"text\">Cause</th></tr></thead>\n", fp);
    return h;
}

/* --- the row ------------------------------------------------------------- */

static void put_value(FILE *fp, const sgf_game *g, sgf_prop_id id)
{
    const sgf_prop *p = sgf_node_find_prop(sgf_game_info_node(g), id);
    if (p != NULL) {
        sgf_str v = sgf_prop_text(p, 0);
        html_text_cut(fp, v.ptr, v.len, TEXT_MAX);
    }
}

static const char *verdict_class(sgf_score_verdict v)
{
    return v == SGF_SCORE_AGREE ? "agree"
           : v == SGF_SCORE_DISAGREE ? "disagree"
           : v == SGF_SCORE_NOT_FINISHED ? "not-finished" : "not-counted";
}

static void put_number(FILE *fp, double v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%.2f", v);
    size_t n = strlen(buf);
    while (n > 1 && buf[n - 1] == '0')
        buf[--n] = '\0';
    if (buf[n - 1] == '.')
        buf[--n] = '\0';
    fputs(strcmp(buf, "-0") == 0 ? "0" : buf, fp);
}

static void put_row(shtml *h, const shtml_game *g)
{
    FILE *fp = h->out;
    fprintf(fp, "<tbody id=\"g%lu\" data-sev=\"%s\"%s data-codes=\"",
            h->rows, verdict_class(g->verdict),
            g->settled > 0 ? " data-flags=\"settled\"" : "");
    for (size_t k = 0; k < g->nnotes; k++) {
        const char *code = sgf_diag_code_name(g->notes[k].code);
        fprintf(fp, "%s%s", k > 0 ? " " : "", code != NULL ? code : "?");
        if ((size_t)g->notes[k].code < CLI_MAX_CODES)
            h->by_code[g->notes[k].code]++;
    }
    fputs("\">\n<tr class=\"row\"><td class=\"file\">", fp);
    html_file_name(fp, g->name);
    fprintf(fp, "</td><td class=\"n\">%zu</td><td>", sgf_game_index(g->g));
    const sgf_node *info = sgf_game_info_node(g->g);
    if (sgf_node_find_prop(info, SGF_PROP_PB) != NULL
        || sgf_node_find_prop(info, SGF_PROP_PW) != NULL) {
        fputs("<span title=\"Black\">\xE2\x97\x8F</span> ", fp);
        put_value(fp, g->g, SGF_PROP_PB);
        fputs(" \xE2\x80\x93 <span title=\"White\">\xE2\x97\x8B</span> ",
              fp);
        put_value(fp, g->g, SGF_PROP_PW);
    }
    fputs("</td><td>", fp);
    html_str(fp, g->rules);
    fputs("</td><td class=\"n\">", fp);
    put_number(fp, g->komi);
    fputs("</td><td>", fp);
    html_str(fp, g->dead_source);
    fputs("</td><td>", fp);
    html_str(fp, g->result);
    fputs("</td><td>", fp);
    html_text_cut(fp, g->recorded, strlen(g->recorded), TEXT_MAX);
    fprintf(fp, "</td><td><span class=\"st %s\">%s</span>%s</td><td>",
            verdict_class(g->verdict), sgf_score_verdict_name(g->verdict),
            g->settled > 0 ? "<span class=\"flag settled\" title=\"the "
            "count is sure: every stone's status, a finished position, "
            "and a record ended by passes\">settled</span>" : "");
    html_str(fp, g->cause);
    fputs("</td></tr>\n", fp);
}

/* --- the details ------------------------------------------------------------- */

static void side_row(FILE *fp, const char *what, double b, double w)
{
    fprintf(fp, "<tr><th>%s</th><td class=\"n\">", what);
    put_number(fp, b);
    fputs("</td><td class=\"n\">", fp);
    put_number(fp, w);
    fputs("</td></tr>\n", fp);
}

/* The count side by side, as sgf-score -v prints it. */
static void put_count(FILE *fp, const shtml_game *g)
{
    const sgf_score *s = g->score;
    const sgf_score_side *b = &s->black, *w = &s->white;
    bool area = s->scoring == SGF_SCORING_AREA;
    fprintf(fp, "<table class=\"count\">\n<thead><tr><th>%s counting</th>"
            "<th class=\"n\">Black</th><th class=\"n\">White</th></tr>"
            "</thead>\n<tbody>\n", area ? "area" : "territory");
    side_row(fp, "territory", b->territory, w->territory);
    side_row(fp, area ? "stones" : "stones (not counted)", b->stones,
             w->stones);
    side_row(fp, area ? "prisoners (not counted)" : "prisoners",
             b->prisoners, w->prisoners);
    side_row(fp, area ? "enemy dead (not counted)" : "enemy dead stones",
             b->dead, w->dead);
    side_row(fp, "komi", 0, s->komi);
    side_row(fp, "handicap compensation", 0, s->handicap_bonus);
    side_row(fp, "score", b->score, w->score);
    fprintf(fp, "</tbody>\n</table>\n<p>dame %d, seki points %d</p>\n",
            s->dame, s->seki);
}

static void put_notes(FILE *fp, const shtml_game *g)
{
    if (g->nnotes == 0)
        return;
    fputs("<ul class=\"diags\">\n", fp);
    for (size_t k = 0; k < g->nnotes; k++) {
        const shtml_note *n = &g->notes[k];
        sgf_severity sev = sgf_diag_code_severity(n->code, true);
        const char *code = sgf_diag_code_name(n->code);
        fprintf(fp, "<li class=\"%s\"><span class=\"pos\">",
                sgf_severity_name(sev));
        if (n->pos.line > 0)
            fprintf(fp, "%u:%u", (unsigned)n->pos.line,
                    (unsigned)n->pos.column);
        else
            fputs("\xE2\x80\x93", fp);
        fprintf(fp, "</span><span class=\"sev\">%s</span><code>%s</code> ",
                sgf_severity_name(sev), code != NULL ? code : "?");
        html_str(fp, n->message);
        fputs("</li>\n", fp);
    }
    fputs("</ul>\n", fp);
}

/* The counted board: the position after the last move of the main line,
 * the count over it. 0, or an error of the figure module. */
static int put_board(shtml *h, const shtml_game *g)
{
    int width, height;
    sgf_game_board_size(g->g, &width, &height);
    sgf_figure_options fo;
    (void)sgf_figure_options_init(&fo, SGF_FIGURE_OPTIONS_VERSION);
    fo.from = g->last_move + 1;
    fo.to = g->last_move;
    fo.crop = true;
    fo.crop_lr = (sgf_point){ (uint8_t)(width - 1), (uint8_t)(height - 1) };
    int rc = sgf_figure_build(h->fig, g->c, g->g, &fo);
    if (rc != 0)
        return rc;
    char prefix[32];
    snprintf(prefix, sizeof prefix, "b%lu-", h->figures + 1);
    sgf_figure_svg_options so;
    (void)sgf_figure_svg_options_init(&so, SGF_FIGURE_SVG_OPTIONS_VERSION);
    so.fragment = true;
    so.id_prefix = prefix;
    so.score_map = g->score->map;
    fprintf(h->out, "<figure class=\"move\" id=\"b%lu\">\n",
            h->figures + 1);
    rc = sgf_figure_write_svg_with(h->out, h->fig, &so);
    if (g->last_move > 0)
        fprintf(h->out, "<figcaption>The position after move %u, as "
                "counted.</figcaption>\n", g->last_move);
    else
        fputs("<figcaption>The position of the setup, as counted."
              "</figcaption>\n", h->out);
    fputs("</figure>\n", h->out);
    if (rc == 0)
        h->figures++;
    return rc;
}

static void put_summary_line(FILE *fp, const shtml_game *g)
{
    fputs("<summary>the count ", fp);
    html_str(fp, g->result);
    fputs(", recorded ", fp);
    html_text_cut(fp, g->recorded, strlen(g->recorded), TEXT_MAX);
    html_str(fp, g->why);          /* " (komi 6.5 would agree)" */
    fputs("</summary>\n", fp);
}

static int put_details(shtml *h, const shtml_game *g)
{
    FILE *fp = h->out;
    bool disagree = g->verdict == SGF_SCORE_DISAGREE;
    int rc = 0;
    if (!disagree && g->nnotes == 0)
        return 0;
    fprintf(fp, "<tr class=\"details\"><td colspan=\"10\">\n<details%s>",
            disagree ? " open" : "");
    put_summary_line(fp, g);
    if (disagree && h->figures < SHTML_FIGURES_IN_ALL) {
        fputs("<div class=\"figures\">\n", fp);
        rc = put_board(h, g);
        fputs("<div>\n", fp);
        put_count(fp, g);
        fputs("</div>\n</div>\n", fp);
    } else if (disagree) {
        h->figures_left_out++;
        fputs("<p class=\"more\">board not drawn (the page's bounds: see "
              "the summary)</p>\n", fp);
    }
    put_notes(fp, g);
    fputs("</details>\n</td></tr>\n", fp);
    return rc;
}

int shtml_game_add(shtml *h, const shtml_game *g)
{
    if (g->verdict != SGF_SCORE_DISAGREE) {
        if (h->quiet_rows >= SHTML_QUIET_ROWS) {
            h->quiet_left_out++;
            return TOOL_OK;
        }
        h->quiet_rows++;
    }
    h->rows++;
    put_row(h, g);
    int rc = put_details(h, g);
    fputs("</tbody>\n", h->out);
    if (rc == SGF_ENOMEM) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    return TOOL_OK;
}

void shtml_not_go(shtml *h, const char *name, const sgf_game *g,
                  const char *recorded)
{
    FILE *fp = h->out;
    if (h->quiet_rows >= SHTML_QUIET_ROWS) {
        h->quiet_left_out++;
        return;
    }
    h->quiet_rows++;
    h->rows++;
    fprintf(fp, "<tbody id=\"g%lu\" data-sev=\"not-counted\" "
            "data-codes=\"\">\n<tr class=\"row\"><td class=\"file\">",
            h->rows);
    html_file_name(fp, name);
    fprintf(fp, "</td><td class=\"n\">%zu</td><td></td><td></td>"
            "<td class=\"n\"></td><td></td><td></td><td>",
            sgf_game_index(g));
    html_text_cut(fp, recorded, strlen(recorded), TEXT_MAX);
    fprintf(fp, "</td><td><span class=\"st not-counted\">not-counted</span>"
            "</td><td>not-go=GM[%d]</td></tr>\n</tbody>\n", sgf_game_gm(g));
}

void shtml_unreadable(shtml *h, const char *name, const char *message)
{
    FILE *fp = h->out;
    h->rows++;
    fprintf(fp, "<tbody id=\"g%lu\" data-sev=\"unreadable\" "
            "data-codes=\"\">\n<tr class=\"row\"><td class=\"file\">",
            h->rows);
    html_file_name(fp, name);
    fputs("</td><td class=\"n\"></td><td></td><td></td><td class=\"n\">"
          "</td><td></td><td></td><td></td><td><span class=\"st "
          "unreadable\">unreadable</span></td><td></td></tr>\n", fp);
    if (message != NULL) {
        fputs("<tr class=\"details\"><td colspan=\"10\">\n<p class=\"sev "
              "error\">", fp);
        html_str(fp, message);
        fputs("</p>\n</td></tr>\n", fp);
    }
    fputs("</tbody>\n", fp);
}

/* --- the summary ------------------------------------------------------------- */

static void put_totals(FILE *fp, const shtml *h, const shtml_totals *t)
{
    fputs("<dl class=\"totals\">\n<dt>Games</dt><dd>", fp);
    html_count(fp, t->games);
    fputs(": ", fp);
    html_count(fp, t->counted);
    fputs(" counted (", fp);
    html_count(fp, t->agreed);
    fputs(" agree, ", fp);
    html_count(fp, t->disagreed);
    fputs(" disagree, ", fp);
    html_count(fp, t->not_finished);
    fputs(" not finished), ", fp);
    html_count(fp, t->not_counted);
    fputs(" not counted (RE[] is no count)</dd>\n<dt>Inputs</dt><dd>", fp);
    html_count(fp, t->files + t->unreadable);
    fputs(", ", fp);
    html_count(fp, t->unreadable);
    fputs(" could not be read</dd>\n<dt>Causes</dt><dd>", fp);
    bool any = false;
    for (size_t c = 0; c < CLI_MAX_CODES; c++) {
        const char *name = sgf_diag_code_name((sgf_diag_code)c);
        if (h->by_code[c] == 0 || name == NULL
            || strncmp(name, "disagree-", 9) != 0)
            continue;
        fprintf(fp, "%s<a href=\"#games\" data-code=\"%s\">%s</a> ",
                any ? ", " : "", name, name);
        html_count(fp, h->by_code[c]);
        any = true;
    }
    fputs(any ? "</dd>\n</dl>\n" : "none</dd>\n</dl>\n", fp);
}

void shtml_finish(shtml *h, const shtml_totals *t)
{
    FILE *fp = h->out;
    fputs("</table>\n</section>\n<section class=\"summary\" "
          "id=\"summary\">\n<h2>Summary</h2>\n", fp);
    put_totals(fp, h, t);
    fputs("<p>Under each disagreement: the board as counted (black and "
          "white squares mark each side's territory, the points of dead "
          "stones included, which are dimmed; blue rings mark the points "
          "of seki, which territory counting gives to nobody), the count "
          "of each side, and the single change that would make the "
          "count agree with RE[].</p>\n", fp);
    fprintf(fp, "<p class=\"bound\">Bounds of this page: at most %d "
            "boards are drawn and at most %d games that agree or are not "
            "counted are listed (every disagreement is). Here ",
            SHTML_FIGURES_IN_ALL, SHTML_QUIET_ROWS);
    html_count(fp, h->figures);
    fputs(" of ", fp);
    html_count(fp, h->figures + h->figures_left_out);
    fputs(" boards are drawn and ", fp);
    html_count(fp, h->quiet_left_out);
    fputs(" games left out of the table; the counts above are complete."
          "</p>\n</section>\n", fp);
    html_page_end(fp);
    sgf_figure_free(h->fig);
    free(h);
}
