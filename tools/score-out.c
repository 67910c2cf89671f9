/*
 * tools/score-out.c - sgf-score's work on one input: replay the main
 * line of each game, pick the dead stones (markup, estimate, an engine,
 * none, the caller's), count, compare with RE[], tell a board that is
 * not finished and explain a disagreement; print text, JSON Lines or
 * TSV, and with -v the count point by point.
 */
#include "score-out.h"
#include "score-html.h"
#include "json.h"

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
    const sgf_node *info;          /* the line's game-info node */
    const sgf_rules *rules;
    double komi;
    int komi_rc;                   /* SGF_KOMI_*, SGF_ESYNTAX, -100 given */
    int handicap;
    const char *dead_source;
    bool estimated;                /* the estimate was made: est, below */
    bool ended;                    /* the line ends the game (passes) */
    sgf_score_estimate est;
    sgf_score_unfinished unf;      /* kind NONE when finished */
    bool gtp_ok;                   /* engine: the commands are being built */
    char engine_why[192];          /* engine: why it gave no answer */
    bool no_markup;                /* --dead=markup, but none: counted
                                      with no dead stones (warned) */
    bool dead_unused;              /* --dead given, but the rules remove
                                      no dead stones (warned) */
    sgf_score s;
    sgf_score_re re;
    sgf_score_verdict verdict;
    sgf_score_reason why;
    char result[32], recorded[64], km_raw[32];  /* cut, for messages */
    sgf_str re_text;               /* RE[] whole, for the records */
    int diffs;                     /* markup differences from own count */
    sgf_point first_diff;
    int alive_dead;                /* markup: stones counted dead of the
                                      pass-alive chains, the first, and
                                      whether it is White's (TB marks
                                      it, else TW) */
    sgf_point first_alive_dead;
    bool alive_dead_white;
    int part_dead;                 /* markup: chains counted dead in part
                                      only; the first: a point of it, its
                                      dead stones, its stones, whether it
                                      is White's */
    sgf_point first_part_dead;
    int part_dead_stones, part_stones;
    bool part_dead_white;
    int ndiags;
    game_diag diags[MAX_DIAGS];
    uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
    uint8_t unsettled[SGF_MAX_SIZE * SGF_MAX_SIZE];
    uint8_t engine_dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
} game_count;

enum { KOMI_OPTION = -100 };

void score_out_opts_init(score_out_opts *o)
{
    memset(o, 0, sizeof *o);
    (void)sgf_rules_init(&o->rules, SGF_RULES_VERSION);
    o->engine_timeout = 60;
}

int score_out_parse_dead(score_out_opts *o, const char *arg)
{
    static const char *const names[] = { "markup", "auto", "none" };
    for (int k = 0; k < 3; k++)
        if (strcmp(arg, names[k]) == 0) {
            o->dead = (score_dead_mode)(SCORE_DEAD_MARKUP + k);
            return 0;
        }
    if (strcmp(arg, "gtp") == 0) {
        o->dead = SCORE_DEAD_GTP;
        return 0;
    }
    if (arg[0] == '\0') {
        tool_error("invalid --dead '': markup, auto, gtp, none or points");
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
            o->report = o->format == SCORE_FORMAT_JSON ? CLI_FORMAT_JSON
                                                       : CLI_FORMAT_TEXT;
            o->table = o->format == SCORE_FORMAT_TSV;
            return 0;
        }
    tool_error("unknown format '%s' (text, json, tsv or html)", arg);
    return -1;
}

int score_out_parse_komi(score_out_opts *o, const char *arg)
{
    double v;                      /* an FF[4] real, as KM[] is written */
    if (sgf_value_real((sgf_str){ arg, strlen(arg) }, &v) != 0
        || !(fabs(v) < 1000)) {
        tool_error("invalid --komi '%s': a number such as 6.5", arg);
        return -1;
    }
    o->komi = v;
    o->komi_given = true;
    return 0;
}

int score_out_parse_timeout(score_out_opts *o, const char *arg)
{
    char *end;                          /* digits and a point alone: */
    double v = strtod(arg, &end);       /* no space, sign, hex, "inf" */
    if (arg[strspn(arg, "0123456789.")] != '\0' || end == arg
        || *end != '\0' || !(v > 0 && v <= 86400)) {
        tool_error("invalid --engine-timeout '%s': seconds, more than 0 "
                   "and at most 86400", arg);
        return -1;
    }
    o->engine_timeout = v;
    return 0;
}

/* --dead=gtp needs --engine; --engine serves gtp and auto only. */
static int check_engine_options(const score_out_opts *o)
{
    if (o->dead == SCORE_DEAD_GTP && o->engine_cmd == NULL) {
        tool_error("--dead=gtp needs --engine=CMD (a GTP engine, such as "
                   "'gnugo --mode gtp')");
        return TOOL_TROUBLE;
    }
    if (o->engine_cmd != NULL && o->dead != SCORE_DEAD_GTP
        && o->dead != SCORE_DEAD_AUTO && o->dead != SCORE_DEAD_DEFAULT) {
        tool_error("--engine is used with --dead=gtp or --dead=auto (the "
                   "default where a game has no markup) only");
        return TOOL_TROUBLE;
    }
    if (o->engine_cmd != NULL && o->engine_cmd[0] == '\0') {
        tool_error("invalid --engine '': a command such as 'gnugo --mode "
                   "gtp'");
        return TOOL_TROUBLE;
    }
    return TOOL_OK;
}

int score_out_start(score_out_opts *o)
{
    o->diag.quiet = o->quiet;
    o->diag.format = o->report;
    if (check_engine_options(o) != TOOL_OK)
        return TOOL_TROUBLE;
    if (o->engine_cmd != NULL
        && ((o->engines = engine_pool_new(o->engine_cmd, o->engine_timeout,
                                          1)) == NULL
            || (o->gtp = gtp_build_new()) == NULL)) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    if (sgf_replay_new(&o->replay) != 0) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    if (o->format == SCORE_FORMAT_TSV)
        printf("file\tgame\trules\tkomi\tdead_source\tblack\twhite\tresult"
               "\trecorded\tverdict\tcause\tsettled\n");
    if (o->format == SCORE_FORMAT_HTML
        && (o->html = shtml_start(stdout)) == NULL)
        return TOOL_TROUBLE;
    return TOOL_OK;
}

void score_out_end_engines(score_out_opts *o)
{
    engine_pool_free(o->engines);
    o->engines = NULL;
}

int score_out_finish(score_out_opts *o)
{
    const score_totals *t = &o->totals;
    sgf_replay_free(o->replay);
    o->replay = NULL;
    if (o->html != NULL) {
        shtml_totals st = { t->games, t->counted, t->agreed, t->disagreed,
                            t->not_counted, t->files, t->unreadable,
                            t->not_finished };
        shtml_finish(o->html, &st);
        o->html = NULL;
    }
    engine_pool_free(o->engines);
    o->engines = NULL;
    gtp_build_free(o->gtp);
    o->gtp = NULL;
    if (!o->quiet) {
        cli_flush(stdout);
        fprintf(stderr, "sgf-score: %lu game%s: %lu counted, %lu agreed, "
                "%lu disagreed, %lu not finished, %lu not counted",
                t->games, t->games == 1 ? "" : "s", t->counted, t->agreed,
                t->disagreed, t->not_finished, t->not_counted);
        if (t->settled > 0)
            fprintf(stderr, "; settled %lu, of which %lu agreed",
                    t->settled, t->settled_agreed);
        if (t->engine_asked > 0)
            fprintf(stderr, "; the engine asked %lu time%s, %lu without "
                    "an answer", t->engine_asked,
                    t->engine_asked == 1 ? "" : "s", t->engine_failed);
        /* the run's counts: an archive or directory that could not be
           read is not one of this tool's files */
        const cli_counts *rc = cli_run_counts();
        unsigned long unreadable = rc->unreadable > t->unreadable
                                   ? rc->unreadable : t->unreadable;
        if (unreadable > 0)
            fprintf(stderr, "; %lu file%s could not be read", unreadable,
                    unreadable == 1 ? "" : "s");
        unsigned long stopped = cli_stopped_inputs(rc);
        if (stopped > 0)        /* (an engine's trouble stops no input) */
            fprintf(stderr, "; %lu input%s with trouble (said above)",
                    stopped, stopped == 1 ? "" : "s");
        fprintf(stderr, "\n");
    }
    if (o->engine_broken)
        return TOOL_TROUBLE;
    return o->check && t->disagreed + t->not_finished > 0 ? TOOL_INVALID
                                                          : TOOL_OK;
}

/* ---- text pieces ------------------------------------------------------ */

static const char *point_text(char *buf, sgf_point pt, int w, int h)
{
    if (w > 25 || sgf_point_format_vertex(buf, pt, h) == NULL)
        return sgf_point_format_sgf(buf, pt);
    return buf;
}

/* v without trailing zeros, with as few decimals as give v back to
 * within a billionth, as the library writes margins (a komi of 0.001 is
 * not shown as 0). */
static char *number(char buf[32], double v)
{
    double h = fabs(v) * 2;
    if (h < 1e15 && h == floor(h)) {    /* whole or a half: exact */
        long long t = (long long)floor(fabs(v));
        snprintf(buf, 32, "%s%lld%s", v < 0 && h > 0 ? "-" : "", t,
                 h == 2 * (double)t ? "" : ".5");
        return buf;
    }
    for (int d = 2; d <= 9; d++) {
        if (snprintf(buf, 32, "%.*f", d, v) >= 32) {
            snprintf(buf, 32, "%g", v);     /* (no komi is that large) */
            return buf;
        }
        if (fabs(strtod(buf, NULL) - v) < 1e-9)
            break;
    }
    size_t n = strlen(buf);
    while (buf[n - 1] == '0')
        buf[--n] = '\0';
    if (buf[n - 1] == '.')
        buf[--n] = '\0';
    if (strcmp(buf, "-0") == 0)
        strcpy(buf, "0");
    return buf;
}

/* "dead=D4" or "alive=D4": a chain whose status would agree. */
static void group_text(char *buf, size_t size, const game_count *x,
                       sgf_point pt, bool was_dead)
{
    char v[4];
    snprintf(buf, size, "%s=%s", was_dead ? "alive" : "dead",
             point_text(v, pt, x->s.width, x->s.height));
}

/* Why the board is not finished, short ("open-border=D4"). */
static void unfinished_text(char *buf, size_t size, const game_count *x)
{
    char v[4];
    if (x->unf.kind == SGF_UNFINISHED_NO_PASSES)  /* where: the move */
        snprintf(buf, size, "%s=%d", sgf_score_unfinished_name(x->unf.kind),
                 x->unf.points);
    else
        snprintf(buf, size, "%s=%s", sgf_score_unfinished_name(x->unf.kind),
                 point_text(v, x->unf.point, x->s.width, x->s.height));
}

/* The cause of a disagreement, short ("komi=6.5"), "" when none. */
static void cause_text(char *buf, size_t size, const game_count *x)
{
    char v[32], g1[16], g2[16];
    const sgf_score_reason *y = &x->why;
    group_text(g1, sizeof g1, x, y->point, y->was_dead);
    group_text(g2, sizeof g2, x, y->point2, y->was_dead2);
    if (x->verdict == SGF_SCORE_NOT_FINISHED) {
        unfinished_text(buf, size, x);
        return;
    }
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
        snprintf(buf, size, "%s", g1);
        break;
    case SGF_CAUSE_KOMI_GROUP:
        snprintf(buf, size, "komi=%s+%s", number(v, y->komi), g1);
        break;
    case SGF_CAUSE_GROUPS:
        snprintf(buf, size, "%s+%s", g1, g2);
        break;
    case SGF_CAUSE_PARITY:
    case SGF_CAUSE_MARGIN:
        snprintf(buf, size, "impossible=%s", sgf_score_cause_name(y->cause));
        break;
    case SGF_CAUSE_SETTLED:
        snprintf(buf, size, "settled");
        break;
    case SGF_CAUSE_WINNER:
        snprintf(buf, size, "winner");
        break;
    case SGF_CAUSE_MARKUP:
        snprintf(buf, size, "markup=%s",
                 point_text(v, y->point, x->s.width, x->s.height));
        break;
    case SGF_CAUSE_UNKNOWN:
        snprintf(buf, size, "unknown");
        break;
    default:
        snprintf(buf, size, "%s", "");
    }
}

/* "the group at D4 counted dead" */
static void group_words(char *buf, size_t size, const game_count *x,
                        sgf_point pt, bool was_dead)
{
    char v[4];
    snprintf(buf, size, "the group at %s counted %s",
             point_text(v, pt, x->s.width, x->s.height),
             was_dead ? "alive" : "dead");
}

static void unfinished_sentence(char *buf, size_t size, const game_count *x)
{
    char v[4];
    const char *at = point_text(v, x->unf.point, x->s.width, x->s.height);
    switch (x->unf.kind) {
    case SGF_UNFINISHED_ATARI:
        snprintf(buf, size, " (not finished: the chain at %s is in atari)",
                 at);
        break;
    case SGF_UNFINISHED_RACE:
        snprintf(buf, size, " (not finished: a capturing race left open at "
                 "%s)", at);
        break;
    case SGF_UNFINISHED_BORDER:
        snprintf(buf, size, " (not finished: an open border of %d empty "
                 "points at %s)", x->unf.points, at);
        break;
    case SGF_UNFINISHED_NO_PASSES:
        snprintf(buf, size, " (not finished: the record ends at move %d, "
                 "not with two passes)", x->unf.points);
        break;
    default:
        snprintf(buf, size, " (not finished: dame left open at %s, whose "
                 "filling gives %d point%s)", at, x->unf.points,
                 x->unf.points == 1 ? "" : "s");
    }
}

/* "RE[] W+3 is no count of this board: with komi 6.5 every margin ends
 * in .5": each side's points are whole numbers, so a White win ends in
 * the fraction of the komi (and compensation) K, a Black win in its
 * complement (komi 0.25: B+3.75, W+0.25). */
static void impossible_sentence(char *buf, size_t size, const game_count *x)
{
    char k[32], fw[32], fb[32];
    double kk = x->komi + x->s.handicap_bonus;
    double frac = kk - floor(kk);           /* White's, in [0, 1) */
    number(k, x->komi);
    number(fw, frac);                       /* "0.25" */
    number(fb, 1 - frac);                   /* "0.75" */
    if (x->why.cause == SGF_CAUSE_MARGIN)
        snprintf(buf, size, " (RE[] is no count of this board: the margin "
                 "is larger than the winner can score on the %dx%d board)",
                 x->s.width, x->s.height);
    else if (frac < 1e-9 || frac > 1 - 1e-9)
        snprintf(buf, size, " (RE[] is no count of this board: with komi "
                 "%s every margin is a whole number)", k);
    else if (fabs(frac - 0.5) < 1e-9)
        snprintf(buf, size, " (RE[] is no count of this board: with komi "
                 "%s every margin ends in %s)", k, fw + 1);
    else
        snprintf(buf, size, " (RE[] is no count of this board: with komi "
                 "%.16s a Black win ends in %.12s, a White win in %.12s)",
                 k, fb + 1, fw + 1);
}

/* Whether the komi that would agree is the value of a KO[] in the
 * game-info node, which holds no KM[] (KO, a move's annotation, with a
 * number in a node without a move: a komi typed as KO, which the checks
 * ask about too). */
static bool komi_in_ko(const game_count *x)
{
    double k;
    const sgf_prop *ko = x->info != NULL
                         ? sgf_node_find_prop(x->info, SGF_PROP_KO) : NULL;
    return x->komi_rc == SGF_KOMI_DEFAULTED && ko != NULL
           && sgf_prop_value_count(ko) > 0
           && sgf_value_real(sgf_prop_text(ko, 0), &k) == 0
           && fabs(k - x->why.komi) < 1e-9;
}

/* The same, as a sentence for the text format. */
static void cause_sentence(char *buf, size_t size, const game_count *x)
{
    char v[32], g1[48], g2[48];
    const sgf_score_reason *y = &x->why;
    if (x->verdict == SGF_SCORE_NOT_FINISHED) {
        unfinished_sentence(buf, size, x);
        return;
    }
    if (y->cause == SGF_CAUSE_GROUP || y->cause == SGF_CAUSE_KOMI_GROUP
        || y->cause == SGF_CAUSE_GROUPS) {      /* the chains named */
        group_words(g1, sizeof g1, x, y->point, y->was_dead);
        group_words(g2, sizeof g2, x, y->point2, y->was_dead2);
    }
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
        if (komi_in_ko(x))
            snprintf(buf, size, " (komi %s would agree, as KO[%s] in the "
                     "game information says: a mistyped KM)",
                     number(v, y->komi), v);
        else
            snprintf(buf, size, " (komi %s would agree)",
                     number(v, y->komi));
        break;
    case SGF_CAUSE_GROUP:
        snprintf(buf, size, " (%s would agree)", g1);
        break;
    case SGF_CAUSE_KOMI_GROUP:
        snprintf(buf, size, " (komi %s and %s would agree)",
                 number(v, y->komi), g1);
        break;
    case SGF_CAUSE_GROUPS:
        snprintf(buf, size, " (%s and %s would agree)", g1, g2 + 4);
        break;
    case SGF_CAUSE_PARITY:
    case SGF_CAUSE_MARGIN:
        impossible_sentence(buf, size, x);
        break;
    case SGF_CAUSE_SETTLED:
        snprintf(buf, size, " (the count is settled and no fault of "
                 "the record explains it: RE[] is the suspect)");
        break;
    case SGF_CAUSE_WINNER:
        snprintf(buf, size, " (RE[] names the other player as winner, by "
                 "the count's margin)");
        break;
    case SGF_CAUSE_MARKUP:
        snprintf(buf, size, " (the markup is the suspect: the estimate's "
                 "dead stones would agree; first difference %.8s, %s in "
                 "the markup)",
                 point_text(v, y->point, x->s.width, x->s.height),
                 y->was_dead ? "dead" : "alive");
        break;
    case SGF_CAUSE_UNKNOWN:
        snprintf(buf, size, " (no cause found)");
        break;
    default:
        buf[0] = '\0';
    }
}

/* "yes", "no", or "" when no estimate was made. */
/* Whether the count is sure: the estimate is sure of every stone, the
 * position is finished, and the record ends the game (a board the
 * players may have played on from is no final count, however clear). */
static bool settled(const game_count *x)
{
    return x->estimated && x->est.settled && x->ended;
}

static const char *settled_word(const game_count *x)
{
    return !x->estimated ? "" : settled(x) ? "yes" : "no";
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

/* A number as the text formats print it, as a JSON number. */
static void json_num(json_t *rec, const char *key, double v)
{
    tool_json_number(rec, key, v);
}

static json_t *json_side(const sgf_score_side *sd)
{
    json_t *j = json_object();
    json_object_set_new(j, "territory", json_integer(sd->territory));
    json_object_set_new(j, "stones", json_integer(sd->stones));
    json_object_set_new(j, "prisoners", json_integer(sd->prisoners));
    json_object_set_new(j, "dead", json_integer(sd->dead));
    json_num(j, "score", sd->score);
    return j;
}

/* "settled" (the estimate's, or null), "unsettled" (stones) and "dead"
 * (the points of the dead stones, SGF letters). */
static void json_dead(json_t *rec, const game_count *x)
{
    int w = x->s.width, n = w * x->s.height;
    char v[4];
    json_t *dead = json_array();
    if (x->estimated) {
        json_object_set_new(rec, "settled", json_boolean(settled(x)));
        json_object_set_new(rec, "unsettled",
                            json_integer(x->est.unsettled));
    } else {
        json_object_set_new(rec, "settled", json_null());
    }
    for (int i = 0; i < n; i++)
        if (x->s.map[i] == SGF_SP_BLACK_DEAD
            || x->s.map[i] == SGF_SP_WHITE_DEAD)
            json_array_append_new(dead, json_string(sgf_point_format_sgf(
                v, (sgf_point){ (uint8_t)(i % w), (uint8_t)(i / w) })));
    json_object_set_new(rec, "dead", dead);
}

/* The "game" record: the count, the recorded result, the verdict. */
static void print_json(const game_count *x)
{
    char cause[64], pt[4];
    json_t *rec = tool_json_record("game", x->name);
    json_object_set_new(rec, "game", json_integer((json_int_t)
                                                  sgf_game_index(x->g)));
    json_object_set_new(rec, "rules", json_string(x->rules->name));
    json_object_set_new(rec, "scoring", json_string(
        x->s.scoring == SGF_SCORING_AREA ? "area" : "territory"));
    json_num(rec, "komi", x->komi);
    json_num(rec, "handicap_bonus", x->s.handicap_bonus);
    json_object_set_new(rec, "dead_source", json_string(x->dead_source));
    json_object_set_new(rec, "black", json_side(&x->s.black));
    json_object_set_new(rec, "white", json_side(&x->s.white));
    cause_text(cause, sizeof cause, x);
    json_object_set_new(rec, "result", json_string(x->result));
    json_object_set_new(rec, "recorded",
                        tool_json_text(x->re_text.ptr, x->re_text.len));
    json_object_set_new(rec, "verdict", json_string(
        sgf_score_verdict_name(x->verdict)));
    json_object_set_new(rec, "cause", json_string(cause));
    json_dead(rec, x);
    if (x->unf.kind != SGF_UNFINISHED_NONE) {
        json_t *u = json_object();
        json_object_set_new(u, "kind", json_string(
            sgf_score_unfinished_name(x->unf.kind)));
        json_object_set_new(u, "point", json_string(
            sgf_point_format_sgf(pt, x->unf.point)));
        json_object_set_new(u, "points", json_integer(x->unf.points));
        json_object_set_new(rec, "unfinished", u);
    }
    json_t *codes = json_array();
    for (int k = 0; k < x->ndiags; k++)
        json_array_append_new(codes, json_string(
            sgf_diag_code_name(x->diags[k].code)));
    json_object_set_new(rec, "diagnostics", codes);
    tool_json_emit(stdout, rec);
}

/* A value in a text or TSV line, whole: as it is when it holds no
 * control byte and is UTF-8; else with those bytes as \xHH (\t, \n, \r
 * for those) and backslashes doubled, so that the line stays one line
 * (and one field) and reads back unambiguously, as file names do. */
static void put_value(sgf_str v)
{
    bool plain = true;
    for (size_t i = 0, k; i < v.len && plain; i += k) {
        k = sgf_utf8_char(v.ptr + i, v.len - i, NULL);
        plain = k > 0 && (unsigned char)v.ptr[i] >= 0x20
                && v.ptr[i] != 0x7F;
        if (k == 0)
            k = 1;
    }
    if (plain) {
        fwrite(v.ptr, 1, v.len, stdout);
        return;
    }
    for (size_t i = 0, k; i < v.len; i += k) {
        unsigned char ch = (unsigned char)v.ptr[i];
        k = sgf_utf8_char(v.ptr + i, v.len - i, NULL);
        if (k > 1 || (k == 1 && ch >= 0x20 && ch != 0x7F && ch != '\\')) {
            fwrite(v.ptr + i, 1, k, stdout);
            continue;
        }
        k = 1;
        if (ch == '\\')
            fputs("\\\\", stdout);
        else if (ch == '\t')
            fputs("\\t", stdout);
        else if (ch == '\n')
            fputs("\\n", stdout);
        else if (ch == '\r')
            fputs("\\r", stdout);
        else
            printf("\\x%02X", ch);
    }
}

static void print_tsv(const game_count *x)
{
    char k[32], b[32], w[32], cause[64];
    cause_text(cause, sizeof cause, x);
    cli_tsv_field(stdout, x->name, strlen(x->name));
    printf("\t%zu\t%s\t%s\t%s\t%s\t%s\t%s\t", sgf_game_index(x->g),
           x->rules->name, number(k, x->komi), x->dead_source,
           number(b, x->s.black.score), number(w, x->s.white.score),
           x->result);
    cli_tsv_field(stdout, x->re_text.ptr, x->re_text.len);
    printf("\t%s\t%s\t%s\n", sgf_score_verdict_name(x->verdict), cause,
           settled_word(x));
}

static void print_text(const game_count *x)
{
    char k[32], cause[160];
    cause_sentence(cause, sizeof cause, x);
    sgf_print_name(stdout, x->name);
    printf(": game %zu: %s, komi %s%s, dead stones: %s%s: %s, recorded ",
           sgf_game_index(x->g), x->rules->name,
           number(k, x->komi), komi_note(x), x->dead_source,
           !x->estimated ? "" : settled(x) ? " (settled)"
                                               : " (unsettled)",
           x->result);
    if (x->re_text.len == 0)
        fputs("(none)", stdout);
    put_value(x->re_text);
    printf(": %s%s\n", sgf_score_verdict_name(x->verdict), cause);
}

/* ---- verbose: the count point by point -------------------------------- */

static void print_row(const char *what, double b, double w)
{
    char vb[32], vw[32];
    printf("  %-24s %8s %8s\n", what, number(vb, b), number(vw, w));
}

static void print_table(const game_count *x)
{
    const sgf_score_side *b = &x->s.black, *w = &x->s.white;
    bool area = x->s.scoring == SGF_SCORING_AREA;
    printf("  %-24s %8s %8s\n", area ? "area counting" : "territory "
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
    char lab[2], rl[4];
    printf("   ");
    for (int c = 0; c < w; c++)
        printf(" %c", sgf_diagram_column_label(lab, c, w)[0]);
    printf("\n");
    for (int y = 0; y < h; y++) {
        printf("%3s", sgf_diagram_row_label(rl, y, w, h));
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

/* The estimate; with an engine, its answer for the stones the estimate
 * could not settle, unless that answer leaves unfinished a position the
 * estimate finishes (an engine without an answer leaves the estimate,
 * as a warning says). 0, or -1 on trouble. */
/* Whether RE[] is a result a count can agree with or not (a score, a
 * draw, a win with no margin): for the others (a resignation, time, a
 * forfeit, void, none, Fox's B+0) the verdict is not-counted whatever
 * the count, and the engine is not asked (a minute a game, for nothing). */
static bool re_comparable(const sgf_score_re *re)
{
    return (re->kind == SGF_RE_SCORE && re->margin > 1e-9)
           || re->kind == SGF_RE_DRAW || re->kind == SGF_RE_WIN;
}

static int estimate_dead(score_out_opts *o, game_count *x,
                         const sgf_board *b)
{
    x->estimated = true;
    if (sgf_score_estimate_dead(&x->est, x->dead, x->unsettled, b,
                                x->rules) < 0) {
        tool_error("out of memory");
        return -1;
    }
    if (o->engine_cmd == NULL || x->est.unsettled == 0
        || !re_comparable(&x->re))
        return 0;
    int rc = score_engine_dead(o, b, x->last, x->engine_dead, x->engine_why,
                               sizeof x->engine_why);
    if (rc != 0)
        return rc < 0 ? -1 : 0;
    /* the engine read the whole position: its answer stands for every
     * stone but those of pass-alive chains (Benson's proof; the
     * estimate's other verdicts, its playouts' among them, are what the
     * engine is asked to read better) */
    int n = sgf_board_width(b) * sgf_board_height(b);
    uint8_t alive[SGF_MAX_SIZE * SGF_MAX_SIZE];
    for (sgf_color c = SGF_BLACK; c <= SGF_WHITE; c++) {
        if (sgf_score_pass_alive(alive, b, c) < 0) {
            tool_error("out of memory");
            return -1;
        }
        for (int i = 0; i < n; i++)
            if (alive[i])
                x->engine_dead[i] = 0;
    }
    sgf_score_unfinished ue, ua;        /* an answer that leaves the */
    int fe = sgf_score_find_unfinished(&ue, b, x->rules, x->engine_dead);
    int fa = sgf_score_find_unfinished(&ua, b, x->rules, x->dead);
    if (fe < 0 || fa < 0) {             /* board unfinished where the */
        tool_error("out of memory");    /* estimate finishes it is not */
        return -1;                      /* taken: a dead stone is one */
    }                                   /* a living enemy takes off */
    if (fe == 1 && fa == 0) {
        char v[4];
        snprintf(x->engine_why, sizeof x->engine_why, "the engine's dead "
                 "stones leave the position unfinished (%s at %s) where "
                 "the estimate's finish it", sgf_score_unfinished_name(
                 ue.kind), point_text(v, ue.point, sgf_board_width(b),
                                      sgf_board_height(b)));
        return 0;
    }
    memcpy(x->dead, x->engine_dead, (size_t)n);
    x->dead_source = "auto+gtp";
    return 0;
}

/* The dead stones of the source asked for: 0, 1 when the game cannot
 * be counted (x->engine_why says why), -1 on trouble after a message. */
static int choose_dead(score_out_opts *o, game_count *x, const sgf_board *b)
{
    size_t bad = 0;
    int n = sgf_board_width(b) * sgf_board_height(b);
    memset(x->dead, 0, (size_t)n);
    score_dead_mode m = o->dead;
    if (!sgf_replay_rules(o->replay)->remove_dead) {
        x->dead_source = "none";      /* Tromp-Taylor: every stone counts */
        x->dead_unused = m != SCORE_DEAD_DEFAULT && m != SCORE_DEAD_NONE;
        return 0;
    }
    bool found = false;
    if (m == SCORE_DEAD_DEFAULT)
        m = sgf_score_dead_markup(x->dead, &found, b, x->last) == 0 && found
            ? SCORE_DEAD_MARKUP : SCORE_DEAD_AUTO;
    x->dead_source = m == SCORE_DEAD_MARKUP ? "markup"
                     : m == SCORE_DEAD_AUTO ? "auto"
                     : m == SCORE_DEAD_GTP ? "gtp"
                     : m == SCORE_DEAD_NONE ? "none" : "points";
    if (m == SCORE_DEAD_MARKUP) {
        int rc = sgf_score_dead_markup(x->dead, &found, b, x->last);
        if (rc == 0 && !found) {
            x->dead_source = "none";    /* asked for, but there is none */
            x->no_markup = true;
        }
        return rc < 0 ? -1 : 0;
    }
    if (m == SCORE_DEAD_AUTO)
        return estimate_dead(o, x, b);
    if (m == SCORE_DEAD_GTP)
        return score_engine_dead(o, b, x->last, x->dead, x->engine_why,
                                 sizeof x->engine_why);
    if (m == SCORE_DEAD_POINTS
        && sgf_score_dead_points(x->dead, b, o->dead_points, &bad) < 0) {
        const char *item = o->dead_points + bad;
        int len = (int)strcspn(item, ",");
        if (len == 0)
            tool_error("%s: game %zu: --dead: an empty item in the list "
                       "(two commas, or one at an end)", x->name,
                       sgf_game_index(x->g));
        else
            tool_error("%s: game %zu: --dead: '%.*s' names no stone on "
                       "the %dx%d board", x->name, sgf_game_index(x->g), len,
                       item, sgf_board_width(b), sgf_board_height(b));
        return -1;
    }
    return 0;
}

/* v into buf (cap bytes), whole or cut after its last whole character
 * that fits (UTF-8; a byte that starts none counts as one). */
static void cut_text(char *buf, size_t cap, sgf_str v)
{
    size_t n = 0;
    while (n < v.len) {
        size_t k = sgf_utf8_char(v.ptr + n, v.len - n, NULL);
        if (k == 0)
            k = 1;
        if (n + k >= cap)
            break;
        n += k;
    }
    memcpy(buf, v.ptr, n);
    buf[n] = '\0';
}

/* The game-info node of the replayed line (--path may lead to a
 * variation with game information of its own) and its RE[]. */
static void read_recorded(const score_out_opts *o, game_count *x)
{
    const sgf_node *info = sgf_replay_info_node(o->replay);
    if (info == NULL)
        info = sgf_game_info_node(x->g);
    x->info = info;
    const sgf_prop *re = sgf_node_find_prop(info, SGF_PROP_RE);
    sgf_str v = { "", 0 };
    if (re != NULL)
        v = sgf_prop_text(re, 0);
    sgf_score_re_parse(&x->re, v);
    x->re_text = v;
    cut_text(x->recorded, sizeof x->recorded, v);
}

static void read_game_info(const score_out_opts *o, game_count *x)
{
    read_recorded(o, x);
    const sgf_node *info = x->info;
    x->rules = o->rules_given ? &o->rules : sgf_replay_rules(o->replay);
    x->komi = o->komi;
    x->komi_rc = KOMI_OPTION;
    sgf_komi_kind kind;
    if (!o->komi_given)
        x->komi_rc = sgf_score_komi_at(&x->komi, &kind, info, x->rules)
                     == 0 ? (int)kind : SGF_ESYNTAX;
    x->handicap = sgf_score_handicap_at(info);
    const sgf_prop *km = sgf_node_find_prop(info, SGF_PROP_KM);
    sgf_str k = km != NULL ? sgf_prop_text(km, 0) : (sgf_str){ "", 0 };
    cut_text(x->km_raw, sizeof x->km_raw, k);
}

/* The stones the markup counts dead (x->dead) whose chains are alive
 * unconditionally (sgf_score_pass_alive), the first in point order into
 * x->first_alive_dead: no markup of a real count marks one. */
static int markup_alive_dead(game_count *x, const sgf_board *b)
{
    int w = sgf_board_width(b), n = w * sgf_board_height(b), k = 0;
    uint8_t alive[2][SGF_MAX_SIZE * SGF_MAX_SIZE];
    if (sgf_score_pass_alive(alive[0], b, SGF_BLACK) < 0
        || sgf_score_pass_alive(alive[1], b, SGF_WHITE) < 0)
        return -1;
    for (int i = 0; i < n; i++)
        if (x->dead[i] && (alive[0][i] || alive[1][i]) && k++ == 0) {
            x->first_alive_dead = (sgf_point){ (uint8_t)(i % w),
                                               (uint8_t)(i / w) };
            x->alive_dead_white = alive[1][i] != 0;
        }
    return k;
}

/* The chains the markup counts dead in part (some of their stones dead,
 * others not): a chain is taken off whole, so no count of the board marks
 * one so. Returns how many; the first met in point order (by its first
 * dead stone) into x->first_part_dead and the counts after it. Cost: each
 * chain is listed once. */
static int markup_part_dead(game_count *x, const sgf_board *b)
{
    int w = sgf_board_width(b), n = w * sgf_board_height(b), k = 0;
    uint8_t seen[SGF_MAX_SIZE * SGF_MAX_SIZE];
    sgf_point pts[SGF_MAX_SIZE * SGF_MAX_SIZE];
    memset(seen, 0, (size_t)n);
    for (int i = 0; i < n; i++) {
        if (!x->dead[i] || seen[i])
            continue;
        sgf_point pt = { (uint8_t)(i % w), (uint8_t)(i / w) };
        int m = sgf_board_chain_points(b, pt, pts, sizeof pts / sizeof pts[0]);
        int dead = 0;
        for (int j = 0; j < m; j++) {
            int at = pts[j].y * w + pts[j].x;
            seen[at] = 1;
            dead += x->dead[at] != 0;
        }
        if (m == 0 || dead == m || k++ > 0)
            continue;
        x->first_part_dead = pt;
        x->part_dead_stones = dead;
        x->part_stones = m;
        x->part_dead_white = sgf_board_at(b, pt) == SGF_WHITE;
    }
    return k;
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

/* Keep a diagnostic of code at byte offset (NO_OFFSET: none); one the
 * run ignores (--ignore) is not kept, so no output of the game (text,
 * JSON, HTML) shows it. */
static void add_diag(game_count *x, sgf_diag_code code, long offset,
                     const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void add_diag(game_count *x, sgf_diag_code code, long offset,
                     const char *fmt, ...)
{
    if (x->ndiags == MAX_DIAGS || cli_diag_ignored((unsigned)code))
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

static void disagree_diag(game_count *x)
{
    static const sgf_diag_code codes[] = {
        SGF_D_DISAGREE_UNKNOWN, SGF_D_DISAGREE_SCORING,
        SGF_D_DISAGREE_HANDICAP, SGF_D_DISAGREE_KOMI, SGF_D_DISAGREE_GROUP,
        SGF_D_DISAGREE_UNKNOWN, SGF_D_DISAGREE_PAIR, SGF_D_DISAGREE_PAIR,
        SGF_D_DISAGREE_IMPOSSIBLE, SGF_D_DISAGREE_IMPOSSIBLE,
        SGF_D_DISAGREE_SETTLED, SGF_D_DISAGREE_WINNER,
        SGF_D_DISAGREE_MARKUP
    };
    char why[160];
    if (x->verdict != SGF_SCORE_DISAGREE
        && x->verdict != SGF_SCORE_NOT_FINISHED)
        return;
    cause_sentence(why, sizeof why, x);
    sgf_diag_code code = x->verdict == SGF_SCORE_NOT_FINISHED
        ? SGF_D_SCORE_UNFINISHED
        : (unsigned)x->why.cause < sizeof codes / sizeof codes[0]
        ? codes[x->why.cause] : SGF_D_DISAGREE_UNKNOWN;
    add_diag(x, code, value_offset(x->info, SGF_PROP_RE),
             "the count %s (dead stones: %s) disagrees with RE[%s]%s",
             x->result, x->dead_source, x->recorded,
             why[0] != '\0' ? why : " (no cause found)");
}

/* Where the markup marks a dead stone of this colour (white: TB marks
 * it, else TW), or the other markup property when that one is not in the
 * last node. */
static long marking_offset(const game_count *x, bool white)
{
    sgf_prop_id by = white ? SGF_PROP_TB : SGF_PROP_TW;
    long at = value_offset(x->last, by);
    return at != NO_OFFSET ? at
           : value_offset(x->last, white ? SGF_PROP_TW : SGF_PROP_TB);
}

/* The diagnostics of a counted game, in the order of the checks. */
static void game_diags(game_count *x)
{
    char p[4];
    x->ndiags = 0;
    /* (not when RE[] says the game ended otherwise: resigned, lost on
       time or by forfeit, void; no count is compared, and an archive has
       many such games, where the warning would bury those that matter) */
    bool no_count = x->re.kind == SGF_RE_RESIGN || x->re.kind == SGF_RE_TIME
                    || x->re.kind == SGF_RE_FORFEIT
                    || x->re.kind == SGF_RE_VOID;
    if (x->estimated && !x->ended && !no_count)
        add_diag(x, SGF_D_GAME_UNFINISHED, (long)sgf_node_offset(x->last),
                 "the record does not end with two passes: the position "
                 "after its last move is counted as it stands, and the "
                 "estimate of dead stones is unreliable");
    if (x->diffs > 0) {
        long at = value_offset(x->last, SGF_PROP_TB);
        add_diag(x, SGF_D_MARKUP_DIFFERS,
                 at != NO_OFFSET ? at : value_offset(x->last, SGF_PROP_TW),
                 "the TB/TW markup differs from the count on %d point%s, "
                 "first %s", x->diffs, x->diffs == 1 ? "" : "s",
                 point_text(p, x->first_diff, x->s.width, x->s.height));
    }
    if (x->alive_dead > 0)
        add_diag(x, SGF_D_MARKUP_ALIVE_DEAD,
                 marking_offset(x, x->alive_dead_white),
                 "the TB/TW markup counts dead the chain at %s, which is "
                 "alive unconditionally (no enemy move can take it): the "
                 "markup is no count of this board",
                 point_text(p, x->first_alive_dead, x->s.width,
                            x->s.height));
    if (x->part_dead > 0)
        add_diag(x, SGF_D_MARKUP_PART_DEAD,
                 marking_offset(x, x->part_dead_white),
                 "the TB/TW markup counts dead %d of the %d stones of the "
                 "chain at %s: a chain is taken off whole, so the markup is "
                 "no count of this board%s", x->part_dead_stones,
                 x->part_stones,
                 point_text(p, x->first_part_dead, x->s.width, x->s.height),
                 x->part_dead > 1 ? " (and other chains so)" : "");
    disagree_diag(x);
}

/* The count's diagnostics join the record's own in the collection, so
 * that cli_read_games prints, filters (-q, --game) and counts them with
 * the others, in the order of their positions, in the report's format. */
static int add_diags(const game_count *x, sgf_collection *c)
{
    for (int k = 0; k < x->ndiags; k++) {
        const game_diag *gd = &x->diags[k];
        sgf_diag d;
        sgf_diag_init(&d, SGF_DIAG_VERSION);
        d.code = gd->code;
        d.severity = sgf_diag_code_severity(gd->code, true);
        d.game = (int32_t)sgf_game_index(x->g);
        d.pos.offset = gd->offset != NO_OFFSET ? (uint32_t)gd->offset : 0;
        if (sgf_collection_add_diag(c, &d, gd->offset != NO_OFFSET, "%s",
                                    gd->message) != SGF_OK)
            return -1;
    }
    return 0;
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
                     notes, (size_t)x->ndiags,
                     !x->estimated ? -1 : settled(x) ? 1 : 0 };
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
    else if (x->verdict == SGF_SCORE_NOT_FINISHED)
        t->not_finished++;
    else
        t->disagreed++;
    if (x->verdict == SGF_SCORE_DISAGREE && (size_t)x->why.cause
        < sizeof t->causes / sizeof *t->causes)
        t->causes[x->why.cause]++;
    if (settled(x)) {
        t->settled++;
        t->settled_agreed += x->verdict == SGF_SCORE_AGREE;
    }
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

/* A game that is not Go (GM[] other than 1), in the JSON and TSV
 * reports: a row that says so, so that the rows match the summary's
 * games ("not-counted", cause "not-go=GM[n]"), RE[] as written. */
static void show_not_go(const score_out_opts *o, const game_count *x)
{
    sgf_str v = x->re_text;
    char cause[32];
    snprintf(cause, sizeof cause, "not-go=GM[%d]", sgf_game_gm(x->g));
    if (o->format == SCORE_FORMAT_JSON) {
        json_t *rec = tool_json_record("game", x->name);
        json_object_set_new(rec, "game", json_integer((json_int_t)
                                                      sgf_game_index(x->g)));
        json_object_set_new(rec, "gm", json_integer(sgf_game_gm(x->g)));
        json_object_set_new(rec, "recorded", tool_json_text(v.ptr, v.len));
        json_object_set_new(rec, "verdict", json_string(
            sgf_score_verdict_name(x->verdict)));
        json_object_set_new(rec, "cause", json_string(cause));
        tool_json_emit(stdout, rec);
        return;
    }
    sgf_print_name(stdout, x->name);
    printf("\t%zu\t\t\t\t\t\t\t", sgf_game_index(x->g));
    put_value(v);
    printf("\t%s\t%s\t\n", sgf_score_verdict_name(x->verdict), cause);
}

/* A disagreement of the count with the markup's dead stones (x->dead)
 * that the estimate's dead stones turn into an agreement, under the
 * record's own komi, scoring and handicap, on a board they leave
 * finished: the markup is the suspect (SGF_CAUSE_MARKUP, the first point
 * where the two differ), also where its dead stones leave the board
 * unfinished (a dead stone it left out is then alive in atari). 1 so, 0
 * not, -1 out of memory. */
static int markup_suspect(game_count *x, const sgf_board *b)
{
    sgf_score_estimate est;
    sgf_score s;
    uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
    uint8_t unsettled[SGF_MAX_SIZE * SGF_MAX_SIZE];
    sgf_score_init(&s, SGF_SCORE_VERSION);
    if (sgf_score_estimate_dead(&est, dead, unsettled, b, x->rules) < 0
        || sgf_score_count(&s, b, x->rules, dead, x->komi, x->handicap)
           != 0)
        return -1;
    if (sgf_score_compare_rules(&s, &x->re, x->rules) != SGF_SCORE_AGREE)
        return 0;
    sgf_score_unfinished unf;
    int open = sgf_score_find_unfinished(&unf, b, x->rules, dead);
    if (open != 0)
        return open < 0 ? -1 : 0;
    int w = sgf_board_width(b), n = w * sgf_board_height(b);
    for (int i = 0; i < n; i++)
        if ((dead[i] != 0) != (x->dead[i] != 0)) {
            x->why.cause = SGF_CAUSE_MARKUP;
            x->why.point = (sgf_point){ (uint8_t)(i % w), (uint8_t)(i / w) };
            x->why.was_dead = x->dead[i] != 0;
            return 1;
        }
    return 0;
}

/* The verdict and its explanation: a disagreement on a board that is
 * not finished is "not finished" (where it is open), unless a cause of
 * the record itself (scoring, handicap, komi, a result no count can
 * give) explains it. */
static int judge(game_count *x, const sgf_board *b, bool markup,
                 const sgf_replay *replay)
{
    x->verdict = sgf_score_compare_rules(&x->s, &x->re, x->rules);
    memset(&x->why, 0, sizeof x->why);
    memset(&x->unf, 0, sizeof x->unf);
    if (x->verdict == SGF_SCORE_NOT_COUNTED)
        return 0;
    const uint8_t *dead = markup ? NULL : x->dead;
    uint8_t mdead[SGF_MAX_SIZE * SGF_MAX_SIZE];
    bool found = false;
    if (markup && sgf_score_dead_markup(mdead, &found, b, x->last) == 0
        && found)
        dead = mdead;
    if (sgf_score_find_unfinished(&x->unf, b, x->rules, dead) < 0)
        return -1;
    if (x->verdict != SGF_SCORE_DISAGREE)
        return 0;
    /* on a board not finished any cause but the record's gives the
       verdict "not finished": no chain need be looked into; on a
       settled count the estimate is sure of every stone, so no flip of
       a chain is a cause: what the record's faults do not explain,
       RE[] is the suspect of (settled) */
    bool unfinished = x->unf.kind != SGF_UNFINISHED_NONE;
    bool sure = !unfinished && settled(x);
    if (markup) {                       /* the markup's fault, first */
        int m = markup_suspect(x, b);
        if (m != 0)
            return m < 0 ? -1 : 0;
    }
    /* x->s is the count of these arguments: not made again */
    int rc = sgf_score_explain_counted(&x->why, &x->s, b, x->rules, x->dead,
                                       x->komi, x->handicap, &x->re,
                                       markup ? x->last : NULL,
                                       x->estimated ? x->unsettled : NULL,
                                       unfinished || sure);
    if (rc != 0)
        return -1;
    sgf_score_cause c = x->why.cause;
    /* a RE[] with a winner and no margin: another komi, scoring or
       handicap that turns the winner round proves little (most komis
       do, on a board of 246 dame); on a board not finished the verdict
       is that */
    bool no_margin = x->re.kind == SGF_RE_WIN;
    if (unfinished
        && (c == SGF_CAUSE_GROUP || c == SGF_CAUSE_KOMI_GROUP
            || c == SGF_CAUSE_GROUPS || c == SGF_CAUSE_UNKNOWN
            || (no_margin && (c == SGF_CAUSE_KOMI || c == SGF_CAUSE_SCORING
                              || c == SGF_CAUSE_HANDICAP))))
        x->verdict = SGF_SCORE_NOT_FINISHED;
    else if (sure && c == SGF_CAUSE_UNKNOWN)
        x->why.cause = SGF_CAUSE_SETTLED;
    else if (c == SGF_CAUSE_UNKNOWN && x->estimated && !x->ended) {
        /* a finished-looking board whose record stops short of the
           game's end: the players may have played on from it */
        x->verdict = SGF_SCORE_NOT_FINISHED;
        x->unf.kind = SGF_UNFINISHED_NO_PASSES;
        x->unf.points = (int)sgf_replay_move_number(replay);
        sgf_color col;
        bool pass = true;
        if (!sgf_replay_last_move(replay, &col, &x->unf.point, &pass)
            || pass)
            x->unf.point = (sgf_point){ 0, 0 };
    }
    return 0;
}

/* A game the engine could not answer for: a line saying so, no count. */
static void not_answered(const score_out_opts *o, game_count *x)
{
    x->verdict = SGF_SCORE_NOT_COUNTED;
    snprintf(x->result, sizeof x->result, "-");
    memset(&x->why, 0, sizeof x->why);
    memset(&x->unf, 0, sizeof x->unf);
    if (!o->quiet && strcmp(x->engine_why, SCORE_ENGINE_BROKEN) != 0) {
        cli_flush(stdout);
        tool_error("%s: game %zu: not counted: %s", x->name,
                   sgf_game_index(x->g), x->engine_why);
    }
}

static int score_game(score_out_opts *o, game_count *x,
                      sgf_collection *c)
{
    sgf_replay_options ro;
    (void)sgf_replay_options_init(&ro, SGF_REPLAY_OPTIONS_VERSION);
    ro.rules = o->rules_given ? &o->rules : NULL;
    ro.path = o->path;
    ro.path_len = o->path_len;
    ro.quiet = false;           /* its illegal moves are errors of the
                                   record, printed with the others */
    if (o->engine_cmd != NULL) {        /* the GTP commands, as they go */
        score_engine_begin(o, x->g);
        ro.on_move = score_engine_on_move;
        ro.payload = o;
    }
    int played = sgf_replay_run(o->replay, c, x->g, &ro);
    if (played == SGF_EINVAL) {             /* --path leaves the game tree */
        char why[160];
        cli_path_fault(why, sizeof why, c, x->g, o->path, o->path_len);
        tool_error("%s: game %zu: --path leaves the game tree: %s",
                   x->name, sgf_game_index(x->g), why);
        return TOOL_TROUBLE;
    }
    if (played != 0 || (o->engine_cmd != NULL && o->gtp_rc == SGF_ENOMEM)) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    if (sgf_game_gm(x->g) != 1) {       /* no board to count */
        x->verdict = SGF_SCORE_NOT_COUNTED;
        read_recorded(o, x);
        if (o->format == SCORE_FORMAT_JSON || o->format == SCORE_FORMAT_TSV)
            show_not_go(o, x);          /* a row of its own */
        else if (o->format == SCORE_FORMAT_HTML)
            shtml_not_go(o->html, x->name, x->g, x->recorded);
        else if (!o->quiet) {
            cli_flush(stdout);
            tool_error("%s: game %zu: GM[%d] is not Go: not counted",
                       x->name, sgf_game_index(x->g), sgf_game_gm(x->g));
        }
        tally(o, x);
        return TOOL_OK;
    }
    const sgf_board *b = sgf_replay_board(o->replay);
    x->last = sgf_replay_line_end(o->replay);   /* the main line's end */
    /* both players passed: what a count starts from. The formal end
       some rules add (a third pass under EGF rules, White's pass last
       under AGA rules) changes no point of the count */
    x->ended = sgf_history_passes(sgf_replay_history(o->replay)) >= 2;
    if (x->last == NULL)
        x->last = last_node(x->g);
    read_game_info(o, x);
    int rc = choose_dead(o, x, b);
    if (rc < 0)
        return TOOL_TROUBLE;
    bool markup = strcmp(x->dead_source, "markup") == 0;
    x->diffs = 0;
    x->alive_dead = 0;
    x->part_dead = markup ? markup_part_dead(x, b) : 0;
    if (sgf_score_count(&x->s, b, x->rules, x->dead, x->komi, x->handicap)
        != 0 || (markup && (x->alive_dead = markup_alive_dead(x, b)) < 0)
        || (markup && (x->diffs = markup_diff(x, b)) < 0)) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    sgf_score_format_margin(x->result, sizeof x->result, x->s.margin);
    sgf_color tie = sgf_rules_tie_winner(x->rules);
    if (tie != SGF_EMPTY && strcmp(x->result, "0") == 0)
        snprintf(x->result, sizeof x->result, "%c+0",  /* no draw there */
                 tie == SGF_BLACK ? 'B' : 'W');
    if (rc == 1)
        not_answered(o, x);
    else if (judge(x, b, markup, o->replay) != 0) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    if (x->engine_why[0] != '\0' && rc == 0 && !o->quiet
        && strcmp(x->engine_why, SCORE_ENGINE_BROKEN) != 0) {
        cli_flush(stdout);
        tool_error("%s: game %zu: %s: the estimate is used", x->name,
                   sgf_game_index(x->g), x->engine_why);
    }
    if (x->dead_unused && !o->quiet) {
        cli_flush(stdout);
        tool_error("%s: game %zu: --dead is not used: %s rules remove no "
                   "dead stones (every stone on the board counts)", x->name,
                   sgf_game_index(x->g), x->rules->name);
    }
    if (x->no_markup && !o->quiet) {
        cli_flush(stdout);
        tool_error("%s: game %zu: --dead=markup: the last node has no "
                   "TB[] or TW[] markup: counted with no dead stones",
                   x->name, sgf_game_index(x->g));
    }
    game_diags(x);
    show(o, x);
    if (o->html != NULL && html_game(o, x, c) != TOOL_OK)
        return TOOL_TROUBLE;
    if (add_diags(x, c) != 0) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    tally(o, x);
    return TOOL_OK;
}

/* One input being scored, one game tree at a time (cli_read_games). */
typedef struct score_run {
    score_out_opts *o;
    const char *path;
    const char *name;
    game_count *x;
    size_t games;
    int status;
    bool engine_trouble;    /* a game the engine left uncounted */
} score_run;

/* Each game tree as soon as it is read: count it. cli_read_games then
 * prints the faults of the record itself found while reading it (as
 * sgf-validate reports them): errors only, on stderr; they make the exit
 * status 1. After trouble (out of memory) no game is counted, but the
 * reading goes on: the record's faults are all reported. */
static int score_each(void *payload, sgf_collection *c, sgf_game *g)
{
    score_run *r = payload;
    const cli_diag_opts *d = &r->o->diag;
    if (g == NULL)
        return tool_worst(r->status, cli_game_missing(r->path, d,
                                                      r->games));
    r->games++;
    if (d->one_game && (long)sgf_game_index(g) != d->game)
        return r->status;
    if (r->status != TOOL_TROUBLE) {
        game_count *x = r->x;
        memset(x, 0, offsetof(game_count, s));
        x->name = r->name;
        x->c = c;
        x->g = g;
        r->status = tool_worst(r->status, score_game(r->o, x, c));
        /* trouble of the input's, though its other games are counted:
           with --dead=gtp a game the engine gave no answer for (a
           timeout, a refusal, an answer not read, a board GTP cannot
           describe), and in any mode an engine that is not running */
        if (x->engine_why[0] != '\0'
            && (r->o->dead == SCORE_DEAD_GTP
                || strcmp(x->engine_why, SCORE_ENGINE_BROKEN) == 0))
            r->engine_trouble = true;
    }
    return r->status;
}

int score_out_file(score_out_opts *o, const char *path, cli_counts *n)
{
    score_run r = { o, path, cli_display_name(path),
                    malloc(sizeof(game_count)), 0, TOOL_OK, false };
    sgf_parse_options po;
    (void)sgf_parse_options_init(&po, SGF_PARSE_OPTIONS_VERSION);
    po.charset = o->charset;
    if (r.x == NULL) {
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    sgf_score_init(&r.x->s, SGF_SCORE_VERSION);   /* kept per game */
    unsigned long unreadable = n->unreadable, files = n->files, said;
    cli_last_error(&said);
    /* the record's own faults: its errors, in the same stream as the
     * count's diagnostics */
    int status = cli_read_games(path, &po, score_each, &r,
                                o->report == CLI_FORMAT_JSON ? stdout
                                                             : stderr,
                                &o->diag, n);
    free(r.x);
    if (o->html != NULL && n->unreadable > unreadable) {
        unsigned long now;
        const char *msg = cli_last_error(&now);
        shtml_unreadable(o->html, r.name, now > said ? msg : NULL);
    }
    o->totals.files += n->files - files;
    o->totals.unreadable += n->unreadable - unreadable;
    /* in the input's own status, so that -j (a worker per input) ends
       with the exit status of one process */
    return tool_worst(status, r.engine_trouble ? TOOL_TROUBLE : TOOL_OK);
}

static void summary_count(json_t *rec, FILE *fp, const char *key,
                          unsigned long v)
{
    if (rec != NULL)
        json_object_set_new(rec, key, json_integer((json_int_t)v));
    else
        fprintf(fp, "summary: %s %lu\n", key, v);
}

void score_out_summary(void *payload, json_t *rec, FILE *fp)
{
    const score_out_opts *o = payload;
    const score_totals *t = &o->totals;
    json_t *v = rec != NULL ? json_object() : NULL;
    json_t *c = rec != NULL ? json_object() : NULL;
    summary_count(v, fp, "agree", t->agreed);
    summary_count(v, fp, "disagree", t->disagreed);
    summary_count(v, fp, "not-finished", t->not_finished);
    summary_count(v, fp, "not-counted", t->not_counted);
    summary_count(v, fp, "settled", t->settled);
    summary_count(v, fp, "settled-agree", t->settled_agreed);
    for (size_t k = 1; k < sizeof t->causes / sizeof *t->causes; k++)
        if (t->causes[k] > 0) {
            char key[48];
            snprintf(key, sizeof key, "%s%s", rec != NULL ? "" : "cause ",
                     sgf_score_cause_name((sgf_score_cause)k));
            summary_count(c, fp, key, t->causes[k]);
        }
    if (rec != NULL) {
        json_object_set_new(rec, "verdicts", v);
        json_object_set_new(rec, "causes", c);
    }
}
