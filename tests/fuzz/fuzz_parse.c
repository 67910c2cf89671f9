/*
 * fuzz_parse.c - libFuzzer entry point for the parser, the property layer
 * and the writer. Each input is parsed twice, with the default options
 * and with SGF_PARSE_SYNTAX_ONLY; each collection has its diagnostics
 * printed (text and JSON, to a null stream), is written as normalized SGF
 * and read back, and must give the same tree, no new diagnostic code and,
 * written again, the same bytes (the round trip contract of sgf/write.h).
 * Read again one game tree at a time (sgf_parse_buffer_each), the input
 * must give the same diagnostics and games. Written as XML and read back,
 * it must give the same tree and the same SGF bytes (the one normal form
 * of sgf/xml.h). Every game is replayed under every rule preset, drawn
 * as figures (ASCII in each style, SVG as a document and as a page's
 * fragment with a next move and a count over it), counted and scored;
 * and every property value goes through the tools' own output code
 * (tools/json.c, tools/html.c): the JSON must read back as the value
 * (U+FFFD for bytes that are not UTF-8), the HTML must hold no markup.
 * A broken contract prints the difference and aborts, so that libFuzzer
 * keeps the input as a crash.
 *
 * Built with clang -fsanitize=fuzzer by `make fuzz`, and with a plain
 * main() (standalone.c) by `make test-fuzz-replay`.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sgf/parse.h>
#include <sgf/write.h>
#include <sgf/replay.h>
#include <sgf/diagram.h>
#include <sgf/props.h>
#include <sgf/score.h>
#include <sgf/figure.h>
#include <sgf/xml.h>
#include "../treecmp.h"
#include "../../tools/json.h"
#include "../../tools/html.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* tools/html.c names the program in its pages (tools/cli.c in a tool). */
const char *cli_program_name(void);
const char *cli_program_name(void)
{
    return "fuzz_parse";
}

static FILE *null_stream(void)
{
    static FILE *fp;
    if (fp == NULL)
        fp = fopen("/dev/null", "w");
    return fp;
}

/* Print every diagnostic, as the tools do. */
static void print_diags(const sgf_collection *c)
{
    FILE *fp = null_stream();
    if (fp == NULL)
        return;
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++) {
        const sgf_diag *d = sgf_collection_diag(c, i);
        sgf_diag_print_text(fp, "fuzz.sgf", d);
    }
}

static void broken(const char *what, const char *detail, unsigned flags,
                   const sgf_strbuf *written)
{
    fprintf(stderr, "fuzz_parse: %s%s: %s\n--- written:\n%.*s\n--- end\n",
            what, flags & SGF_PARSE_SYNTAX_ONLY ? " (syntax only)" : "",
            detail, written->ptr ? (int)written->len : 0,
            written->ptr ? written->ptr : "");
    abort();
}

static sgf_collection *parse(const char *s, size_t n, unsigned flags)
{
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    sgf_collection *c = NULL;
    o.flags = flags;
    if (sgf_parse_buffer(&c, s, n, &o) != SGF_OK)
        return NULL;         /* out of memory: nothing to check */
    return c;
}

/* Written a, read back as b: same tree, no new diagnostic, and b
 * written again gives the same bytes. */
static void compare(const sgf_collection *a, const sgf_collection *b,
                    unsigned flags, const sgf_strbuf *w1)
{
    treecmp t = { TREECMP_WRITTEN, "" };
    if (treecmp_collections(&t, a, b) != 0)
        broken("tree differs after the round trip", t.msg, flags, w1);
    if (treecmp_diags(&t, a, b) != 0)
        broken("round trip adds a diagnostic", t.msg, flags, w1);
    sgf_strbuf w2 = SGF_STRBUF_INIT;
    if (sgf_write_collection_str(&w2, b, NULL) != SGF_OK)
        broken("second write failed", "", flags, w1);
    if (w2.len != w1->len
        || (w1->len > 0 && memcmp(w2.ptr, w1->ptr, w1->len) != 0))
        broken("writing the tree read back gives other bytes",
               w2.ptr ? w2.ptr : "", flags, w1);
    sgf_strbuf_release(&w2);
}

/* One game tree at a time (sgf_parse_buffer_each) must see what the
 * whole collection holds: the same diagnostics in the same order (the
 * batches end to end) and each game written to the same bytes. */
typedef struct each_check {
    const sgf_collection *whole;
    size_t game, diag;
    unsigned flags;
} each_check;

static void each_broken(const char *what, const each_check *e)
{
    fprintf(stderr, "fuzz_parse: one game at a time%s: %s (game %zu, "
            "diagnostic %zu)\n",
            e->flags & SGF_PARSE_SYNTAX_ONLY ? " (syntax only)" : "", what,
            e->game, e->diag);
    abort();
}

static void same_game(each_check *e, const sgf_game *g)
{
    sgf_strbuf a = SGF_STRBUF_INIT, b = SGF_STRBUF_INIT;
    const sgf_game *w = sgf_collection_game(e->whole, e->game);
    if (w == NULL || sgf_game_index(g) != e->game)
        each_broken("a game more, or out of order", e);
    if (sgf_write_game_str(&a, w, NULL) != SGF_OK
        || sgf_write_game_str(&b, g, NULL) != SGF_OK || a.len != b.len
        || (a.len > 0 && memcmp(a.ptr, b.ptr, a.len) != 0))
        each_broken("the game is written otherwise", e);
    sgf_strbuf_release(&a);
    sgf_strbuf_release(&b);
    e->game++;
}

static int each_game(void *payload, sgf_collection *c, sgf_game *g)
{
    each_check *e = payload;
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++, e->diag++) {
        const sgf_diag *x = sgf_collection_diag(c, i);
        const sgf_diag *y = sgf_collection_diag(e->whole, e->diag);
        if (y == NULL || x->code != y->code || x->game != y->game
            || x->pos.offset != y->pos.offset || x->pos.line != y->pos.line
            || x->pos.column != y->pos.column
            || strcmp(x->message, y->message) != 0)
            each_broken("a diagnostic differs", e);
    }
    if (g != NULL)
        same_game(e, g);
    else if (e->game != sgf_collection_game_count(e->whole)
             || e->diag != sgf_collection_diag_count(e->whole))
        each_broken("games or diagnostics missing", e);
    return 0;
}

static void check_each(const uint8_t *data, size_t size,
                       const sgf_collection *whole, unsigned flags)
{
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    each_check e = { whole, 0, 0, flags };
    o.flags = flags;
    if (sgf_parse_buffer_each((const char *)data, size, &o, each_game, &e)
        == SGF_ENOMEM)
        return;
}

/* Written as XML and read back: the same tree, and the same SGF bytes as
 * written of the collection itself (w1). */
static void check_xml(const sgf_collection *a, unsigned flags,
                      const sgf_strbuf *w1)
{
    sgf_strbuf x = SGF_STRBUF_INIT, w2 = SGF_STRBUF_INIT;
    sgf_collection *b = NULL;
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    o.flags = flags;
    int rc = sgf_xml_write_str(&x, a, 0);
    if (rc == SGF_ENOMEM)
        goto out;
    if (rc != SGF_OK)
        broken("XML write failed", "", flags, w1);
    char err[256] = "";
    rc = sgf_xml_read_buffer(&b, x.ptr ? x.ptr : "", x.len, &o, err,
                             sizeof err);
    if (rc == SGF_ENOMEM)
        goto out;
    if (rc != SGF_OK || b == NULL)
        broken("the XML written does not read back", err, flags, w1);
    treecmp t = { 0, "" };
    if (treecmp_collections(&t, a, b) != 0)
        broken("tree differs after SGF -> XML", t.msg, flags, w1);
    if (sgf_write_collection_str(&w2, b, NULL) != SGF_OK)
        broken("write of the XML read back failed", "", flags, w1);
    if (w2.len != w1->len
        || (w1->len > 0 && memcmp(w2.ptr, w1->ptr, w1->len) != 0))
        broken("SGF -> XML -> SGF gives other bytes than SGF -> SGF",
               w2.ptr ? w2.ptr : "", flags, w1);
out:
    sgf_collection_free(b);
    sgf_strbuf_release(&x);
    sgf_strbuf_release(&w2);
}

static void check(const uint8_t *data, size_t size, unsigned flags)
{
    sgf_collection *a = parse((const char *)data, size, flags);
    if (a == NULL)
        return;
    print_diags(a);
    check_each(data, size, a, flags);
    sgf_strbuf w1 = SGF_STRBUF_INIT;
    if (sgf_write_collection_str(&w1, a, NULL) != SGF_OK)
        broken("write failed", "", flags, &w1);
    sgf_collection *b = parse(w1.ptr ? w1.ptr : "", w1.len, flags);
    if (b != NULL)
        compare(a, b, flags, &w1);
    sgf_collection_free(b);
    if (flags == 0)     /* what sgf-convert reads and writes */
        check_xml(a, flags, &w1);
    sgf_collection_free(a);
    sgf_strbuf_release(&w1);
}

/* Count moves, so the callback does some work the sanitizers can see. */
static int on_move(void *payload, const sgf_replay_move *m)
{
    unsigned *moves = payload;
    *moves += m->move_number > 0;
    return 0;
}

/* Count the end of the main line replayed as sgf-score does: with the
 * dead stones of the TB/TW markup when there is some, with the
 * estimate's (reading included), and the cause of a disagreement with
 * RE[]. Only out of memory may fail. */
static void score_end(sgf_replay *r, const sgf_game *g, sgf_score *s)
{
    static uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
    const sgf_board *b = sgf_replay_board(r);
    const sgf_rules *rules = sgf_replay_rules(r);
    const sgf_node *end = sgf_replay_line_end(r);
    double komi;
    sgf_score_re re;
    sgf_score_reason why;
    (void)sgf_score_komi(&komi, NULL, g, rules);   /* else the rule set's */
    int ha = sgf_score_handicap(g);
    bool marked = false;
    if (end != NULL && sgf_score_dead_markup(dead, &marked, b, end) == 0
        && marked
        && sgf_score_count_markup(s, b, rules, end, komi, ha) != 0)
        abort();
    if (sgf_score_dead_estimate(dead, b) < 0
        || sgf_score_count(s, b, rules, dead, komi, ha) != 0)
        abort();
    const sgf_prop *p = sgf_node_find_prop(sgf_game_root(g), SGF_PROP_RE);
    if (p != NULL && sgf_prop_value_count(p) > 0
        && sgf_score_re_parse(&re, sgf_prop_text(p, 0)) >= 0
        && sgf_score_explain(&why, b, rules, dead, komi, ha, &re, NULL)
           != 0)
        abort();
}

/* The figures of game g: the whole main line, then a position after
 * move 3 cropped to a corner, in every ASCII style and as SVG, a
 * document and a fragment with a next move and the count s over it. */
static void figures(sgf_collection *c, const sgf_game *g,
                    const sgf_score *s)
{
    FILE *fp = null_stream();
    sgf_figure *f = NULL;
    if (fp == NULL || sgf_figure_new(&f) != SGF_OK)
        return;
    for (int k = 0; k < 2; k++) {
        sgf_figure_options o = SGF_FIGURE_OPTIONS_INIT;
        if (k == 1) {
            o.from = 4;
            o.to = 3;
            o.crop = true;
            o.crop_lr.x = o.crop_lr.y = 4;
        }
        int rc = sgf_figure_build(f, c, g, &o);
        if (rc == SGF_ENOMEM || rc == SGF_EINVAL)
            continue;              /* not Go, a crop off the board */
        if (rc != SGF_OK)
            abort();
        for (int st = SGF_FIGURE_GTP; st <= SGF_FIGURE_SENSEI; st++)
            if (sgf_figure_write_ascii(fp, f, (sgf_figure_style)st)
                == SGF_EINVAL)
                abort();
        if (sgf_figure_write_svg(fp, f) == SGF_EINVAL)
            abort();
        sgf_figure_svg_options so = SGF_FIGURE_SVG_OPTIONS_INIT;
        int w, h;
        sgf_figure_size(f, &w, &h);
        so.fragment = true;
        so.id_prefix = "f-1_";
        so.next_color = SGF_WHITE;
        so.next_point.x = so.next_point.y = 2;
        so.next_number = 1000000;
        if (s != NULL && s->width == w && s->height == h)
            so.score_map = s->map;
        if (sgf_figure_write_svg_with(fp, f, &so) == SGF_EINVAL)
            abort();
    }
    sgf_figure_free(f);
}

static bool valid_utf8(const char *s, size_t n)
{
    for (size_t i = 0, l; i < n; i += l)
        if ((l = sgf_utf8_char(s + i, n - i, NULL)) == 0)
            return false;
    return true;
}

/* Every property value of g through the tools' JSON and HTML writers. */
static void tool_output(const sgf_game *g)
{
    FILE *fp = null_stream();
    char *buf = NULL;
    size_t len = 0;
    for (const sgf_node *n = sgf_game_root(g); n != NULL;
         n = treecmp_next_node(n))
        for (const sgf_prop *p = sgf_node_first_prop(n); p != NULL;
             p = sgf_prop_next(p))
            for (size_t i = 0; i < sgf_prop_value_count(p); i++) {
                sgf_str v = sgf_prop_raw(p, i);
                json_t *j = tool_json_text(v.ptr, v.len);
                if (j == NULL)
                    continue;
                char *txt = json_dumps(j, JSON_ENCODE_ANY);
                json_error_t err;
                json_t *back = txt ? json_loads(txt,
                                      JSON_DECODE_ANY | JSON_ALLOW_NUL, &err)
                                   : NULL;
                if (txt != NULL && (back == NULL || !json_equal(j, back)))
                    abort();      /* JSON that does not read back */
                if (back != NULL && valid_utf8(v.ptr, v.len)
                    && (json_string_length(back) != v.len
                        || memcmp(json_string_value(back), v.ptr, v.len)))
                    abort();      /* valid UTF-8 must survive as is */
                json_decref(back);
                json_decref(j);
                free(txt);
                FILE *mem = open_memstream(&buf, &len);
                if (mem == NULL)
                    continue;
                html_text(mem, v.ptr, v.len);
                fclose(mem);
                if (buf != NULL && strpbrk(buf, "<>\"'") != NULL)
                    abort();      /* HTML text that holds markup */
                if (fp != NULL)
                    html_text_cut(fp, v.ptr, v.len, 7);
                free(buf);
                buf = NULL;
            }
}

/* Replay every game of the input along every variation under every rule
 * preset, then its main line, and draw and count the final board:
 * nothing may crash, leak or read out of bounds, whatever the record
 * holds. */
static void replay_all(const uint8_t *data, size_t size)
{
    sgf_collection *c = parse((const char *)data, size, 0);
    sgf_replay *r = NULL;
    if (c == NULL || sgf_replay_new(&r) != 0) {
        sgf_collection_free(c);
        return;
    }
    unsigned moves = 0;
    for (size_t k = 0; k < sgf_rules_preset_count(); k++) {
        sgf_rules rules;
        if (sgf_rules_preset(&rules, sgf_rules_preset_name(k)) != 0)
            abort();
        for (size_t i = 0; i < sgf_collection_game_count(c); i++) {
            sgf_replay_options o = SGF_REPLAY_OPTIONS_INIT;
            o.rules = &rules;
            o.all_variations = true;
            o.on_move = on_move;
            o.payload = &moves;
            if (sgf_replay_run(r, c, sgf_collection_game(c, i), &o) != 0)
                abort();
        }
    }
    for (size_t i = 0; i < sgf_collection_game_count(c); i++) {
        sgf_replay_options o = SGF_REPLAY_OPTIONS_INIT;  /* RU[] rules */
        if (sgf_replay_run(r, c, sgf_collection_game(c, i), &o) != 0)
            abort();
        FILE *fp = null_stream();
        if (fp != NULL)
            sgf_diagram_write_board(fp, sgf_replay_board(r), NULL);
        static sgf_score s;
        sgf_score_init(&s, SGF_SCORE_VERSION);
        score_end(r, sgf_collection_game(c, i), &s);
        figures(c, sgf_collection_game(c, i), &s);
        tool_output(sgf_collection_game(c, i));
    }
    print_diags(c);
    sgf_replay_free(r);
    sgf_collection_free(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check(data, size, 0);
    check(data, size, SGF_PARSE_SYNTAX_ONLY);
    replay_all(data, size);
    return 0;
}
