/*
 * tools/score-out.c - sgf-score's work on one input: replay the main
 * line of each game, pick the dead stones (markup, estimate, none, the
 * caller's), count, compare with RE[] and explain a disagreement; print
 * text, JSON Lines or TSV, and with -v the count point by point.
 */
#include "score-out.h"
#include "score-html.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DIAGS = 6, NO_OFFSET = -1 };

/* A diagnostic about one game, printed after its line. */
typedef struct game_diag {
    sgf_diag_code code;
    long offset;                   /* in the input, NO_OFFSET when none */
    char message[192];
} game_diag;

typedef struct game_count {
    const char *name;
    const sgf_collection *c;
    const sgf_game *g;
    const sgf_node *last;          /* last node of the main line */
    const sgf_rules *rules;
    double komi;
    int komi_rc;                   /* SGF_KOMI_*, SGF_ESYNTAX, -100 given */
    int handicap;
    const char *dead_source;
    sgf_score s;
    sgf_score_re re;
    sgf_score_verdict verdict;
    sgf_score_reason why;
    char result[32], recorded[64], km_raw[32];
    int diffs;                     /* markup differences from own count */
    sgf_point first_diff;
    int ndiags;
    game_diag diags[MAX_DIAGS];
    uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
} game_count;

enum { KOMI_OPTION = -100 };

void score_out_opts_init(score_out_opts *o)
{
    memset(o, 0, sizeof *o);
    sgf_rules init = SGF_RULES_INIT;
    o->rules = init;
}

int score_out_parse_dead(score_out_opts *o, const char *arg)
{
    static const char *const names[] = { "markup", "auto", "none" };
    for (int k = 0; k < 3; k++)
        if (strcmp(arg, names[k]) == 0) {
            o->dead = (score_dead_mode)(SCORE_DEAD_MARKUP + k);
            return 0;
        }
    if (arg[0] == '\0') {
        tool_error("invalid --dead '': markup, auto, none or points");
        return -1;
    }
    o->dead = SCORE_DEAD_POINTS;
    o->dead_points = arg;
    return 0;
}

int score_out_parse_format(score_out_opts *o, const char *arg)
{
    static const char *const names[] = { "text", "json", "tsv", "html" };
    for (int k = 0; k < 4; k++)
        if (strcmp(arg, names[k]) == 0) {
            o->format = (score_format)k;
            return 0;
        }
    tool_error("unknown format '%s' (text, json, tsv or html)", arg);
    return -1;
}

int score_out_parse_komi(score_out_opts *o, const char *arg)
{
    char *end;
    double v = strtod(arg, &end);
    if (end == arg || *end != '\0' || !(fabs(v) < 1000)) {
        tool_error("invalid --komi '%s': a number such as 6.5", arg);
        return -1;
    }
    o->komi = v;
    o->komi_given = true;
    return 0;
}

int score_out_start(score_out_opts *o)
{
    if (sgf_replay_new(&o->replay) != 0) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    if (o->format == SCORE_FORMAT_TSV)
        printf("file\tgame\trules\tkomi\tdead_source\tblack\twhite\tresult"
               "\trecorded\tverdict\tcause\n");
    if (o->format == SCORE_FORMAT_HTML
        && (o->html = shtml_start(stdout)) == NULL)
        return TOOL_TROUBLE;
    return TOOL_OK;
}

int score_out_finish(score_out_opts *o)
{
    const score_totals *t = &o->totals;
    sgf_replay_free(o->replay);
    o->replay = NULL;
    if (o->html != NULL) {
        shtml_totals st = { t->games, t->counted, t->agreed, t->disagreed,
                            t->not_counted, t->files, t->unreadable };
        shtml_finish(o->html, &st);
        o->html = NULL;
    }
    if (!o->quiet) {
        fflush(stdout);
        fprintf(stderr, "sgf-score: %lu game%s: %lu counted, %lu agreed, "
                "%lu disagreed, %lu not counted", t->games,
                t->games == 1 ? "" : "s", t->counted, t->agreed,
                t->disagreed, t->not_counted);
        if (t->unreadable > 0)
            fprintf(stderr, "; %lu file%s could not be read", t->unreadable,
                    t->unreadable == 1 ? "" : "s");
        fprintf(stderr, "\n");
    }
    return o->check && t->disagreed > 0 ? TOOL_INVALID : TOOL_OK;
}

/* ---- text pieces ------------------------------------------------------ */

static const char *point_text(char *buf, sgf_point pt, int w, int h)
{
    if (w > 25 || sgf_point_format_vertex(buf, pt, h) == NULL)
        return sgf_point_format_sgf(buf, pt);
    return buf;
}

static char *number(char buf[32], double v)
{
    snprintf(buf, 32, "%.2f", v);
    size_t n = strlen(buf);
    while (buf[n - 1] == '0')
        buf[--n] = '\0';
    if (buf[n - 1] == '.')
        buf[--n] = '\0';
    if (strcmp(buf, "-0") == 0)
        strcpy(buf, "0");
    return buf;
}

/* The cause of a disagreement, short ("komi=6.5"), "" when none. */
static void cause_text(char *buf, size_t size, const game_count *x)
{
    char v[32], pt[4];
    const sgf_score_reason *y = &x->why;
    switch (y->cause) {
    case SGF_CAUSE_SCORING:
        snprintf(buf, size, "scoring=%s",
                 x->s.scoring == SGF_SCORING_AREA ? "territory" : "area");
        break;
    case SGF_CAUSE_HANDICAP:
        snprintf(buf, size, "handicap=%s", number(v, y->handicap_bonus));
        break;
    case SGF_CAUSE_KOMI:
        snprintf(buf, size, "komi=%s", number(v, y->komi));
        break;
    case SGF_CAUSE_GROUP:
        snprintf(buf, size, "%s=%s", y->was_dead ? "alive" : "dead",
                 point_text(pt, y->point, x->s.width, x->s.height));
        break;
    case SGF_CAUSE_UNKNOWN:
        snprintf(buf, size, "unknown");
        break;
    default:
        snprintf(buf, size, "%s", "");
    }
}

/* The same, as a sentence for the text format. */
static void cause_sentence(char *buf, size_t size, const game_count *x)
{
    char v[32], pt[4];
    const sgf_score_reason *y = &x->why;
    switch (y->cause) {
    case SGF_CAUSE_SCORING:
        snprintf(buf, size, " (%s counting would agree)",
                 x->s.scoring == SGF_SCORING_AREA ? "territory" : "area");
        break;
    case SGF_CAUSE_HANDICAP:
        snprintf(buf, size, " (handicap compensation %s would agree)",
                 number(v, y->handicap_bonus));
        break;
    case SGF_CAUSE_KOMI:
        snprintf(buf, size, " (komi %s would agree)", number(v, y->komi));
        break;
    case SGF_CAUSE_GROUP:
        snprintf(buf, size, " (the group at %s counted %s would agree)",
                 point_text(pt, y->point, x->s.width, x->s.height),
                 y->was_dead ? "alive" : "dead");
        break;
    case SGF_CAUSE_UNKNOWN:
        snprintf(buf, size, " (no single cause found)");
        break;
    default:
        buf[0] = '\0';
    }
}

static const char *komi_note(const game_count *x)
{
    switch (x->komi_rc) {
    case SGF_KOMI_DEFAULTED: return " (no KM, rule set's)";
    case SGF_KOMI_SCALED: return " (Fox KM)";
    case SGF_ESYNTAX: return " (KM unreadable, rule set's)";
    default: return "";
    }
}

static void json_side(const char *name, const sgf_score_side *sd)
{
    char v[32];
    printf(",\"%s\":{\"territory\":%d,\"stones\":%d,\"prisoners\":%d,"
           "\"dead\":%d,\"score\":%s}", name, sd->territory, sd->stones,
           sd->prisoners, sd->dead, number(v, sd->score));
}

static void print_json(const game_count *x)
{
    char v[32], cause[64];
    printf("{\"file\":");
    cli_json_string(stdout, x->name);
    printf(",\"game\":%zu,\"rules\":\"%s\",\"scoring\":\"%s\",\"komi\":%s",
           sgf_game_index(x->g), x->rules->name,
           x->s.scoring == SGF_SCORING_AREA ? "area" : "territory",
           number(v, x->komi));
    printf(",\"handicap_bonus\":%s,\"dead_source\":\"%s\"",
           number(v, x->s.handicap_bonus), x->dead_source);
    json_side("black", &x->s.black);
    json_side("white", &x->s.white);
    cause_text(cause, sizeof cause, x);
    printf(",\"result\":\"%s\",\"recorded\":", x->result);
    cli_json_string(stdout, x->recorded);
    printf(",\"verdict\":\"%s\",\"cause\":\"%s\",\"diagnostics\":[",
           sgf_score_verdict_name(x->verdict), cause);
    for (int k = 0; k < x->ndiags; k++)
        printf("%s\"%s\"", k > 0 ? "," : "",
               sgf_diag_code_name(x->diags[k].code));
    printf("]}\n");
}

static void print_tsv(const game_count *x)
{
    char k[32], b[32], w[32], cause[64];
    cause_text(cause, sizeof cause, x);
    sgf_print_name(stdout, x->name);
    printf("\t%zu\t%s\t%s\t%s\t%s\t%s\t%s\t", sgf_game_index(x->g),
           x->rules->name, number(k, x->komi), x->dead_source,
           number(b, x->s.black.score), number(w, x->s.white.score),
           x->result);
    for (const char *s = x->recorded; *s != '\0'; s++)
        putchar(*s == '\t' || *s == '\n' ? ' ' : *s);
    printf("\t%s\t%s\n", sgf_score_verdict_name(x->verdict), cause);
}

static void print_text(const game_count *x)
{
    char k[32], cause[128];
    cause_sentence(cause, sizeof cause, x);
    sgf_print_name(stdout, x->name);
    printf(": game %zu: %s, komi %s%s, dead stones: %s: %s, recorded %s:"
           " %s%s\n", sgf_game_index(x->g), x->rules->name,
           number(k, x->komi), komi_note(x), x->dead_source, x->result,
           x->recorded[0] != '\0' ? x->recorded : "(none)",
           sgf_score_verdict_name(x->verdict), cause);
}

/* ---- verbose: the count point by point -------------------------------- */

static void print_row(const char *what, double b, double w)
{
    char vb[32], vw[32];
    printf("  %-22s %8s %8s\n", what, number(vb, b), number(vw, w));
}

static void print_table(const game_count *x)
{
    const sgf_score_side *b = &x->s.black, *w = &x->s.white;
    bool area = x->s.scoring == SGF_SCORING_AREA;
    printf("  %-22s %8s %8s\n", area ? "area counting" : "territory "
           "counting", "Black", "White");
    print_row("territory", b->territory, w->territory);
    print_row(area ? "stones" : "stones (not counted)", b->stones,
              w->stones);
    print_row(area ? "prisoners (not counted)" : "prisoners", b->prisoners,
              w->prisoners);
    print_row(area ? "enemy dead (not counted)" : "enemy dead stones",
              b->dead, w->dead);
    print_row("komi", 0, x->komi);
    print_row("handicap compensation", 0, x->s.handicap_bonus);
    print_row("score", b->score, w->score);
    printf("  dame %d, seki points %d\n", x->s.dame, x->s.seki);
}

static void print_board(const game_count *x)
{
    static const char marks[] = ".XObwxos";
    int w = x->s.width, h = x->s.height;
    char lab[2];
    printf("   ");
    for (int c = 0; c < w; c++)
        printf(" %c", sgf_diagram_column_label(lab, c, w)[0]);
    printf("\n");
    for (int y = 0; y < h; y++) {
        printf("%3d", w > 25 ? y : h - y);
        for (int c = 0; c < w; c++)
            printf(" %c", marks[x->s.map[y * w + c] & 7]);
        printf("\n");
    }
    printf("  X O stones, x o dead stones, b w territory, s seki, . dame\n");
}

/* ---- counting one game ------------------------------------------------ */

static const sgf_node *last_node(const sgf_game *g)
{
    const sgf_node *n = sgf_game_root(g);
    while (sgf_node_first_child(n) != NULL)
        n = sgf_node_first_child(n);
    return n;
}

static int choose_dead(const score_out_opts *o, game_count *x,
                       const sgf_board *b)
{
    size_t bad = 0;
    int n = sgf_board_width(b) * sgf_board_height(b);
    memset(x->dead, 0, (size_t)n);
    score_dead_mode m = o->dead;
    if (!sgf_replay_rules(o->replay)->remove_dead) {
        x->dead_source = "none";      /* Tromp-Taylor: every stone counts */
        return 0;
    }
    if (m == SCORE_DEAD_DEFAULT)
        m = sgf_score_dead_markup(x->dead, b, x->last) == 1
            ? SCORE_DEAD_MARKUP : SCORE_DEAD_AUTO;
    x->dead_source = m == SCORE_DEAD_MARKUP ? "markup"
                     : m == SCORE_DEAD_AUTO ? "auto"
                     : m == SCORE_DEAD_NONE ? "none" : "points";
    if (m == SCORE_DEAD_MARKUP) {
        int rc = sgf_score_dead_markup(x->dead, b, x->last);
        if (rc == 0)
            x->dead_source = "none";    /* asked for, but there is none */
        return rc < 0;
    }
    if (m == SCORE_DEAD_AUTO)
        return sgf_score_dead_estimate(x->dead, b) < 0;
    if (m == SCORE_DEAD_POINTS
        && sgf_score_dead_points(x->dead, b, o->dead_points, &bad) < 0) {
        const char *item = o->dead_points + bad;
        int len = (int)strcspn(item, ",");
        tool_error("%s: game %zu: --dead: '%.*s' names no stone on the "
                   "%dx%d board", x->name, sgf_game_index(x->g), len, item,
                   sgf_board_width(b), sgf_board_height(b));
        return -1;
    }
    return 0;
}

static void read_game_info(const score_out_opts *o, game_count *x)
{
    const sgf_prop *re = sgf_node_find_prop(sgf_game_root(x->g),
                                            SGF_PROP_RE);
    x->rules = o->rules_given ? &o->rules : sgf_replay_rules(o->replay);
    x->komi = o->komi;
    x->komi_rc = KOMI_OPTION;
    if (!o->komi_given)
        x->komi_rc = sgf_score_komi(&x->komi, x->g, x->rules);
    x->handicap = sgf_score_handicap(x->g);
    const sgf_prop *km = sgf_node_find_prop(sgf_game_root(x->g),
                                            SGF_PROP_KM);
    sgf_str k = km != NULL ? sgf_prop_text(km, 0) : (sgf_str){ "", 0 };
    snprintf(x->km_raw, sizeof x->km_raw, "%.*s", (int)k.len, k.ptr);
    sgf_str v = { "", 0 };
    if (re != NULL)
        v = sgf_prop_text(re, 0);
    sgf_score_re_parse(&x->re, v);
    snprintf(x->recorded, sizeof x->recorded, "%.*s", (int)v.len, v.ptr);
}

/* Count our own way (dead stones from the markup) for the differences,
 * then count as the server did, which gives the result. */
static int markup_diff(game_count *x, const sgf_board *b)
{
    int d = sgf_score_markup_diff(&x->s, x->last, &x->first_diff);
    if (sgf_score_count_markup(&x->s, b, x->rules, x->last, x->komi,
                               x->handicap) != 0)
        return -1;
    return d;
}

/* ---- diagnostics -------------------------------------------------- */

/* Keep a diagnostic of code at byte offset (NO_OFFSET: none). */
static void add_diag(game_count *x, sgf_diag_code code, long offset,
                     const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void add_diag(game_count *x, sgf_diag_code code, long offset,
                     const char *fmt, ...)
{
    if (x->ndiags == MAX_DIAGS)
        return;
    game_diag *d = &x->diags[x->ndiags++];
    va_list ap;
    d->code = code;
    d->offset = offset;
    va_start(ap, fmt);
    vsnprintf(d->message, sizeof d->message, fmt, ap);
    va_end(ap);
}

/* Offset of the first value of property id in node n, or NO_OFFSET. */
static long value_offset(const sgf_node *n, sgf_prop_id id)
{
    const sgf_prop *p = sgf_node_find_prop(n, id);
    return p != NULL ? (long)sgf_prop_value_offset(p, 0) : NO_OFFSET;
}

static void komi_diags(game_count *x)
{
    long at = value_offset(sgf_game_root(x->g), SGF_PROP_KM);
    char k[32];
    if (x->komi_rc == SGF_KOMI_SCALED)
        add_diag(x, SGF_D_KOMI_FORMAT, at, "KM[%s] read as Fox writes "
                 "it: komi %s", x->km_raw, number(k, x->komi));
    else if (x->komi_rc == SGF_ESYNTAX)
        add_diag(x, SGF_D_KOMI_DEFAULTED, at, "KM[%s] unreadable: the "
                 "rule set's komi %s is used", x->km_raw,
                 number(k, x->komi));
}

static void disagree_diag(game_count *x)
{
    static const sgf_diag_code codes[] = {
        SGF_D_NONE, SGF_D_DISAGREE_SCORING, SGF_D_DISAGREE_HANDICAP,
        SGF_D_DISAGREE_KOMI, SGF_D_DISAGREE_GROUP, SGF_D_DISAGREE_UNKNOWN
    };
    char why[128];
    if (x->verdict != SGF_SCORE_DISAGREE
        || (unsigned)x->why.cause >= sizeof codes / sizeof codes[0])
        return;
    cause_sentence(why, sizeof why, x);
    add_diag(x, x->why.cause == SGF_CAUSE_NONE ? SGF_D_DISAGREE_UNKNOWN
                                                : codes[x->why.cause],
             value_offset(sgf_game_root(x->g), SGF_PROP_RE),
             "the count %s (dead stones: %s) disagrees with RE[%s]%s",
             x->result, x->dead_source, x->recorded,
             why[0] != '\0' ? why : " (no single cause found)");
}

/* The diagnostics of a counted game, in the order of the checks. */
static void game_diags(const score_out_opts *o, game_count *x)
{
    char p[4];
    x->ndiags = 0;
    komi_diags(x);
    const sgf_history *h = sgf_replay_history(o->replay);
    if (strcmp(x->dead_source, "auto") == 0
        && !sgf_history_game_over(h, sgf_replay_rules(o->replay)))
        add_diag(x, SGF_D_GAME_UNFINISHED, (long)sgf_node_offset(x->last),
                 "the game did not end by passes: the position is counted "
                 "as it stands, and the estimate of dead stones is "
                 "unreliable");
    if (x->diffs > 0) {
        long at = value_offset(x->last, SGF_PROP_TB);
        add_diag(x, SGF_D_MARKUP_DIFFERS,
                 at != NO_OFFSET ? at : value_offset(x->last, SGF_PROP_TW),
                 "the TB/TW markup differs from the count on %d point%s, "
                 "first %s", x->diffs, x->diffs == 1 ? "" : "s",
                 point_text(p, x->first_diff, x->s.width, x->s.height));
    }
    disagree_diag(x);
}

/* Print the game's diagnostics on standard error: text lines
 * (FILE:LINE:COL: warning: MESSAGE [code]) or, with --format=json, JSON
 * Lines. */
static void print_diags(const score_out_opts *o, const game_count *x)
{
    if (o->quiet || x->ndiags == 0)
        return;
    fflush(stdout);
    for (int k = 0; k < x->ndiags; k++) {
        const game_diag *gd = &x->diags[k];
        sgf_diag d;
        memset(&d, 0, sizeof d);
        d.code = gd->code;
        d.severity = sgf_diag_code_severity(gd->code, true);
        d.game = (int32_t)sgf_game_index(x->g);
        d.message = gd->message;
        if (gd->offset != NO_OFFSET)
            d.pos = sgf_collection_pos(x->c, (size_t)gd->offset);
        if (o->format == SCORE_FORMAT_JSON)
            sgf_diag_print_json(stderr, x->name, &d, x->s.width,
                                x->s.height);
        else
            sgf_diag_print_text(stderr, x->name, &d);
    }
}

/* --format=html: the game as the page takes it (score-html.h). */
static int html_game(const score_out_opts *o, const game_count *x,
                     sgf_collection *c)
{
    char cause[64], why[128];
    shtml_note notes[MAX_DIAGS];
    cause_text(cause, sizeof cause, x);
    cause_sentence(why, sizeof why, x);
    for (int k = 0; k < x->ndiags; k++) {
        const game_diag *d = &x->diags[k];
        notes[k] = (shtml_note){ d->code, { 0, 0, 0 }, d->message };
        if (d->offset != NO_OFFSET)
            notes[k].pos = sgf_collection_pos(c, (size_t)d->offset);
    }
    shtml_game g = { x->name, c, x->g, sgf_replay_move_number(o->replay),
                     x->rules->name, x->komi, komi_note(x), x->dead_source,
                     &x->s, x->result, x->recorded, x->verdict, cause, why,
                     notes, (size_t)x->ndiags };
    return shtml_game_add(o->html, &g);
}

static void tally(score_out_opts *o, const game_count *x)
{
    score_totals *t = &o->totals;
    t->games++;
    if (x->verdict == SGF_SCORE_NOT_COUNTED) {
        t->not_counted++;
        return;
    }
    t->counted++;
    if (x->verdict == SGF_SCORE_AGREE)
        t->agreed++;
    else
        t->disagreed++;
}

static void show(const score_out_opts *o, const game_count *x)
{
    if (o->format == SCORE_FORMAT_HTML)
        return;                     /* html_game */
    if (o->format == SCORE_FORMAT_JSON)
        print_json(x);
    else if (o->format == SCORE_FORMAT_TSV)
        print_tsv(x);
    else
        print_text(x);
    if (o->verbose && o->format == SCORE_FORMAT_TEXT) {
        print_table(x);
        print_board(x);
    }
}

static int score_game(score_out_opts *o, game_count *x,
                      sgf_collection *c)
{
    sgf_replay_options ro = SGF_REPLAY_OPTIONS_INIT;
    ro.rules = o->rules_given ? &o->rules : NULL;
    ro.quiet = false;           /* its illegal moves are errors of the
                                   record, printed with the others */
    if (sgf_replay_run(o->replay, c, x->g, &ro) != 0) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    const sgf_board *b = sgf_replay_board(o->replay);
    x->last = sgf_replay_line_end(o->replay);   /* the main line's end */
    if (x->last == NULL)
        x->last = last_node(x->g);              /* not walked: not Go */
    read_game_info(o, x);
    if (choose_dead(o, x, b) != 0)
        return TOOL_TROUBLE;
    bool markup = strcmp(x->dead_source, "markup") == 0;
    x->diffs = 0;
    if (sgf_score_count(&x->s, b, x->rules, x->dead, x->komi, x->handicap)
        != 0 || (markup && (x->diffs = markup_diff(x, b)) < 0)) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    sgf_score_format_margin(x->result, sizeof x->result, x->s.margin);
    x->verdict = sgf_score_compare(&x->s, &x->re);
    memset(&x->why, 0, sizeof x->why);
    if (x->verdict == SGF_SCORE_DISAGREE)
        sgf_score_explain(&x->why, b, x->rules, x->dead, x->komi,
                          x->handicap, &x->re, markup ? x->last : NULL);
    game_diags(o, x);
    show(o, x);
    if (o->html != NULL && html_game(o, x, c) != TOOL_OK)
        return TOOL_TROUBLE;
    print_diags(o, x);
    tally(o, x);
    return TOOL_OK;
}

/* One input being scored, one game tree at a time (cli_read_games). */
typedef struct score_run {
    score_out_opts *o;
    const char *name;
    game_count *x;
    int status;
} score_run;

/* Each game tree as soon as it is read: count it. cli_read_games then
 * prints the faults of the record itself found while reading it (as
 * sgf-validate reports them): errors only, on stderr; they make the exit
 * status 1. After trouble (out of memory) no game is counted, but the
 * reading goes on: the record's faults are all reported. */
static int score_each(void *payload, sgf_collection *c, sgf_game *g)
{
    score_run *r = payload;
    if (g != NULL && r->status != TOOL_TROUBLE) {
        game_count *x = r->x;
        memset(x, 0, offsetof(game_count, s));
        x->name = r->name;
        x->c = c;
        x->g = g;
        r->status = tool_worst(r->status, score_game(r->o, x, c));
    }
    return r->status;
}

int score_out_file(score_out_opts *o, const char *path)
{
    score_run r = { o, cli_display_name(path), malloc(sizeof(game_count)),
                    TOOL_OK };
    cli_diag_opts d = {
        .format = o->format == SCORE_FORMAT_JSON ? CLI_FORMAT_JSON
                                                 : CLI_FORMAT_TEXT,
        .quiet = true
    };
    cli_counts n = { .files = 0 };      /* the game counts are o's */
    if (r.x == NULL) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    unsigned long unreadable = n.unreadable, said;
    cli_last_error(&said);
    int status = cli_read_games(path, NULL, score_each, &r, stderr, &d, &n);
    free(r.x);
    if (o->html != NULL && n.unreadable > unreadable) {
        unsigned long now;
        const char *msg = cli_last_error(&now);
        shtml_unreadable(o->html, r.name, now > said ? msg : NULL);
    }
    o->totals.files += n.files;
    o->totals.unreadable += n.unreadable;
    return status;
}
