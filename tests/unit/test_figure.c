/*
 * test_figure.c - the numbering engine (sgf/figure.h) and its renderers:
 * numbers, MN[], "N at M" notes, captures, position figures, crops,
 * rectangular and wide boards, Sensei's ten-move split, markup, and
 * SVG that libxml2 reads as well-formed SVG. Golden outputs compare
 * whole strings.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <sgf/sgf.h>
#include <sgf/figure.h>
#include <sgf/score.h>

/* Black 7 captures White 2; Black 9 fills the point of 2 (the research
 * note's example, conversion.md 2.6). */
static const char CAP[] =
    "(;GM[1]FF[4]SZ[5];B[cc];W[bc];B[bb];W[db];B[bd];W[dd];B[ac];W[cd]"
    ";B[bc])";

/* Every markup kind on the last node; setup stones. */
static const char MARK[] =
    "(;GM[1]FF[4]SZ[9]AB[cc][gg]AW[gc]"
    ";B[ee];W[ef];B[fe];W[df];B[de];W[ff];B[eg];W[dg]"
    "TR[ee][aa]SQ[fe][ba]CR[df][ca]MA[ef][da]SL[ea][fa]DD[ga:ib]"
    "LB[cc:A][gc:B][ha:long][hh:x&y]AR[ah:ch]LN[ai:ei])";

/* A 13x7 board with a view of its left part. */
static const char RECT[] =
    "(;GM[1]FF[4]SZ[13:7]VW[aa:gg];B[cc];W[dd];B[ke];W[jc];B[dc];W[cd]"
    ";B[bd];W[be];B[ad];W[ce];B[ec])";

typedef struct fig {
    sgf_collection *c;
    sgf_figure *f;
} fig;

static fig build(const char *sgf, const sgf_figure_options *o)
{
    fig x;
    assert_int_equal(sgf_parse_buffer(&x.c, sgf, strlen(sgf), NULL), 0);
    assert_int_equal(sgf_figure_new(&x.f), 0);
    assert_int_equal(sgf_figure_build(x.f, x.c, sgf_collection_game(x.c, 0),
                                      o), 0);
    return x;
}

static fig build_range(const char *sgf, unsigned from, unsigned to)
{
    sgf_figure_options o = SGF_FIGURE_OPTIONS_INIT;
    o.from = from;
    o.to = to;
    return build(sgf, &o);
}

static void done(fig *x)
{
    sgf_figure_free(x->f);
    sgf_collection_free(x->c);
}

/* The output of a renderer as a string (to free). style < 0: SVG. */
static char *render(const sgf_figure *f, int style)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    assert_non_null(mem);
    int rc = style < 0 ? sgf_figure_write_svg(mem, f)
                       : sgf_figure_write_ascii(mem, f,
                                                (sgf_figure_style)style);
    assert_int_equal(rc, 0);
    assert_int_equal(fclose(mem), 0);
    return buf;
}

static void expect_text(const char *sgf, unsigned from, unsigned to,
                        sgf_figure_style style, const char *want)
{
    fig x = build_range(sgf, from, to);
    char *got = render(x.f, (int)style);
    assert_string_equal(got, want);
    free(got);
    done(&x);
}

static sgf_point P(const char *s)
{
    return (sgf_point){ (uint8_t)(s[0] - 'a'), (uint8_t)(s[1] - 'a') };
}

/* --- the engine ------------------------------------------------------- */

/* The accessors: board size, view (VW[] or the crop), AR/LN lines. */
static void test_figure_size_view_and_lines(void **state)
{
    (void)state;
    fig x = build(RECT, NULL);
    int w = 0, h = 0;
    sgf_point ul, lr;
    sgf_figure_size(x.f, &w, &h);
    assert_int_equal(w, 13);
    assert_int_equal(h, 7);
    sgf_figure_view(x.f, &ul, &lr);
    assert_int_equal(ul.x, 0);
    assert_int_equal(ul.y, 0);
    assert_int_equal(lr.x, 6);
    assert_int_equal(lr.y, 6);
    assert_int_equal(sgf_figure_line_count(x.f), 0);
    assert_null(sgf_figure_line_at(x.f, 0));
    done(&x);

    x = build(MARK, NULL);
    sgf_figure_view(x.f, &ul, &lr);     /* no VW[]: the whole board */
    assert_int_equal(lr.x, 8);
    assert_int_equal(lr.y, 8);
    assert_int_equal(sgf_figure_line_count(x.f), 2);
    const sgf_figure_line *a = sgf_figure_line_at(x.f, 0);
    const sgf_figure_line *l = sgf_figure_line_at(x.f, 1);
    assert_non_null(a);
    assert_non_null(l);
    assert_true(a->arrow);
    assert_false(l->arrow);
    assert_int_equal(a->from.x * 100 + a->from.y, 7);      /* ah */
    assert_int_equal(a->to.x * 100 + a->to.y, 207);        /* ch */
    assert_int_equal(l->from.x * 100 + l->from.y, 8);      /* ai */
    assert_int_equal(l->to.x * 100 + l->to.y, 408);        /* ei */
    assert_null(sgf_figure_line_at(x.f, 2));
    done(&x);
}


static void test_figure_numbers_and_reuse(void **state)
{
    (void)state;
    fig x = build(CAP, NULL);
    assert_int_equal(sgf_figure_move_count(x.f), 9);
    assert_int_equal(sgf_figure_line_moves(x.f), 9);
    const sgf_figure_move *m7 = sgf_figure_move_at(x.f, 6);
    assert_int_equal(m7->number, 7);
    assert_int_equal(m7->captured, 1);
    assert_false(m7->reused);
    const sgf_figure_move *m9 = sgf_figure_move_at(x.f, 8);
    assert_true(m9->reused);
    assert_int_equal(m9->at, 2);
    assert_null(sgf_figure_move_at(x.f, 9));
    /* B3 shows White 2, captured by 7; 9 stands there at the end */
    sgf_figure_point p = sgf_figure_at(x.f, P("bc"));
    assert_int_equal(p.color, SGF_WHITE);
    assert_int_equal(p.number, 2);
    assert_true(p.captured);
    p = sgf_figure_at(x.f, P("cc"));
    assert_int_equal(p.number, 1);
    assert_false(p.captured);
    assert_int_equal(sgf_figure_prisoners(x.f, SGF_BLACK), 1);
    sgf_point last;
    sgf_color lc;
    assert_true(sgf_figure_last_move(x.f, &last, &lc));
    assert_int_equal(last.x, 1);
    assert_int_equal(last.y, 2);
    assert_int_equal(lc, SGF_BLACK);
    done(&x);
}

static void test_figure_mn_and_first_number(void **state)
{
    (void)state;
    const char *sgf = "(;SZ[9];B[cc];W[dd]MN[50];B[ee];W[ff])";
    fig x = build(sgf, NULL);
    assert_int_equal(sgf_figure_move_at(x.f, 0)->number, 1);
    assert_int_equal(sgf_figure_move_at(x.f, 1)->number, 50);
    assert_int_equal(sgf_figure_move_at(x.f, 3)->number, 52);
    done(&x);
    sgf_figure_options o = SGF_FIGURE_OPTIONS_INIT;
    o.from = 3;
    o.first_number = 1;
    x = build(sgf, &o);
    assert_int_equal(sgf_figure_move_count(x.f), 2);
    assert_int_equal(sgf_figure_move_at(x.f, 0)->ordinal, 3);
    assert_int_equal(sgf_figure_move_at(x.f, 0)->number, 1);
    assert_int_equal(sgf_figure_move_at(x.f, 1)->number, 2);
    /* the earlier stones are unnumbered */
    assert_int_equal(sgf_figure_at(x.f, P("cc")).number, 0);
    assert_int_equal(sgf_figure_at(x.f, P("cc")).color, SGF_BLACK);
    done(&x);
}

static void test_figure_range_and_position(void **state)
{
    (void)state;
    fig x = build_range(CAP, 4, 6);
    unsigned lo, hi;
    sgf_figure_range(x.f, &lo, &hi);
    assert_int_equal(lo, 4);
    assert_int_equal(hi, 6);
    assert_int_equal(sgf_figure_move_count(x.f), 3);
    assert_int_equal(sgf_figure_line_moves(x.f), 9);
    done(&x);
    x = build_range(CAP, 8, 7);                 /* after move 7 */
    assert_int_equal(sgf_figure_move_count(x.f), 0);
    assert_int_equal(sgf_figure_at(x.f, P("bc")).color, SGF_EMPTY);
    assert_int_equal(sgf_figure_at(x.f, P("ac")).color, SGF_BLACK);
    sgf_point last;
    assert_true(sgf_figure_last_move(x.f, &last, NULL));
    assert_int_equal(last.x, 0);
    done(&x);
    x = build_range(CAP, 1, 0);                 /* start position */
    assert_false(sgf_figure_last_move(x.f, NULL, NULL));
    assert_int_equal(sgf_figure_at(x.f, P("cc")).color, SGF_EMPTY);
    done(&x);
    x = build_range(CAP, 5, 500);               /* past the end */
    sgf_figure_range(x.f, &lo, &hi);
    assert_int_equal(hi, 9);
    done(&x);
}

/* A series compared with the figures built one by one. */
typedef struct series {
    sgf_collection *c;
    sgf_figure_options o;        /* the whole range */
    unsigned size, seen, stop_at;
} series;

static int check_each(void *payload, const sgf_figure *f)
{
    series *s = payload;
    sgf_figure_options one = s->o;
    one.from = (s->o.from > 0 ? s->o.from : 1) + s->seen * s->size;
    if (one.to - one.from >= s->size)
        one.to = one.from + s->size - 1;
    sgf_figure *g;
    assert_int_equal(sgf_figure_new(&g), 0);
    assert_int_equal(sgf_figure_build(g, s->c,
                                      sgf_collection_game(s->c, 0), &one),
                     0);
    unsigned lo, hi, glo, ghi;
    sgf_figure_range(f, &lo, &hi);
    sgf_figure_range(g, &glo, &ghi);
    assert_int_equal(lo, glo);
    assert_int_equal(hi, ghi);
    assert_int_equal(sgf_figure_prisoners(f, SGF_BLACK),
                     sgf_figure_prisoners(g, SGF_BLACK));
    assert_int_equal(sgf_figure_prisoners(f, SGF_WHITE),
                     sgf_figure_prisoners(g, SGF_WHITE));
    for (int style = -1; style <= (int)SGF_FIGURE_SENSEI; style++) {
        char *a = render(f, style), *b = render(g, style);
        assert_string_equal(a, b);
        free(a);
        free(b);
    }
    sgf_figure_free(g);
    return ++s->seen == s->stop_at ? 7 : 0;
}

/* Setup stones between moves, MN[], captures, passes, a move off the
 * board (numbered, not shown), markup, and a view (VW) and dimmed points
 * (DD) inherited, then changed, along the line: each figure of a series
 * is the figure built for its own moves alone. */
static void test_figure_series(void **state)
{
    (void)state;
    static const char sgf[] =
        "(;GM[1]FF[4]SZ[5]VW[aa:dd];B[cc];W[bc];B[bb]AW[ee];W[db]MN[20]"
        ";B[bd];W[dd]TR[cc]DD[aa][ab];B[ac];W[zz];B[bc]LB[aa:x]VW[]"
        ";W[cd];AB[ae]B[ed];W[ad]DD[];B[];W[])";
    series s = { NULL, SGF_FIGURE_OPTIONS_INIT, 0, 0, 0 };
    assert_int_equal(sgf_parse_buffer(&s.c, sgf, strlen(sgf), NULL), 0);
    const sgf_game *gm = sgf_collection_game(s.c, 0);
    sgf_figure *f;
    assert_int_equal(sgf_figure_new(&f), 0);
    static const unsigned sizes[] = { 1, 2, 3, 5, 12, 40 };
    for (unsigned k = 0; k < 4; k++)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            s.o = (sgf_figure_options)SGF_FIGURE_OPTIONS_INIT;
            s.o.from = k == 2 ? 3 : 1;
            s.o.to = k == 2 ? 10 : SGF_FIGURE_END;
            s.o.first_number = k == 1 ? 1 : k == 3 ? 100 : 0;
            s.size = sizes[i];
            s.seen = 0;
            s.stop_at = 0;
            assert_int_equal(sgf_figure_build_each(f, s.c, gm, &s.o,
                                                   s.size, check_each, &s),
                             0);
            unsigned moves = k == 2 ? 8 : 14;
            assert_int_equal(sgf_figure_line_moves(f), 14);
            assert_int_equal(s.seen, (moves + s.size - 1) / s.size);
        }
    /* each() stops the series: its value, its figure kept */
    s.o = (sgf_figure_options)SGF_FIGURE_OPTIONS_INIT;
    s.size = 2;
    s.seen = 0;
    s.stop_at = 3;
    assert_int_equal(sgf_figure_build_each(f, s.c, gm, &s.o, 2, check_each,
                                           &s), 7);
    unsigned lo, hi;
    sgf_figure_range(f, &lo, &hi);
    assert_int_equal(lo, 5);
    assert_int_equal(hi, 6);
    /* a position figure is a series of one */
    s.o.from = 6;
    s.o.to = 5;
    s.seen = 0;
    s.stop_at = 0;
    s.size = 0;
    assert_int_equal(sgf_figure_build_each(f, s.c, gm, &s.o, 3, check_each,
                                           &s), 0);
    assert_int_equal(s.seen, 1);
    assert_int_equal(sgf_figure_move_count(f), 0);
    /* errors: no each; a path off the tree (the figure left empty) */
    assert_int_equal(sgf_figure_build_each(f, s.c, gm, NULL, 1, NULL, NULL),
                     SGF_EINVAL);
    unsigned path[1] = { 1 };
    s.o = (sgf_figure_options)SGF_FIGURE_OPTIONS_INIT;
    s.o.path = path;
    s.o.path_len = 1;
    assert_int_equal(sgf_figure_build_each(f, s.c, gm, &s.o, 1, check_each,
                                           &s), SGF_EINVAL);
    assert_int_equal(sgf_figure_move_count(f), 0);
    assert_int_equal(sgf_figure_write_ascii(stdout, f, SGF_FIGURE_BOOK),
                     SGF_EINVAL);
    sgf_figure_free(f);
    sgf_collection_free(s.c);
}

static void test_figure_errors(void **state)
{
    (void)state;
    sgf_collection *c;
    sgf_figure *f;
    assert_int_equal(sgf_parse_buffer(&c, CAP, strlen(CAP), NULL), 0);
    assert_int_equal(sgf_figure_new(&f), 0);
    assert_int_equal(sgf_figure_write_ascii(stdout, f, SGF_FIGURE_BOOK),
                     SGF_EINVAL);                 /* not built */
    sgf_figure_options o = SGF_FIGURE_OPTIONS_INIT;
    unsigned path[1] = { 1 };
    o.path = path;
    o.path_len = 1;
    const sgf_game *g = sgf_collection_game(c, 0);
    assert_int_equal(sgf_figure_build(f, c, g, &o), SGF_EINVAL);
    o = (sgf_figure_options)SGF_FIGURE_OPTIONS_INIT;
    o.crop = true;
    o.crop_ul = P("aa");
    o.crop_lr = P("ff");                           /* off a 5x5 board */
    assert_int_equal(sgf_figure_build(f, c, g, &o), SGF_EINVAL);
    o.version = 99;
    assert_int_equal(sgf_figure_build(f, c, g, &o), SGF_EINVAL);
    sgf_figure_style st;
    assert_int_equal(sgf_figure_style_from_name("sensei", &st), 0);
    assert_int_equal(st, SGF_FIGURE_SENSEI);
    assert_int_equal(sgf_figure_style_from_name("tex", &st), SGF_EINVAL);
    sgf_figure_free(f);
    sgf_figure_free(NULL);
    sgf_collection_free(c);
}

static void test_figure_variation_path(void **state)
{
    (void)state;
    const char *sgf = "(;SZ[5];B[cc](;W[bb])(;W[dd];B[ee]))";
    sgf_figure_options o = SGF_FIGURE_OPTIONS_INIT;
    unsigned path[1] = { 1 };
    o.path = path;
    o.path_len = 1;
    fig x = build(sgf, &o);
    assert_int_equal(sgf_figure_move_count(x.f), 3);
    assert_int_equal(sgf_figure_at(x.f, P("dd")).number, 2);
    assert_int_equal(sgf_figure_at(x.f, P("bb")).color, SGF_EMPTY);
    done(&x);
}

/* --- book ------------------------------------------------------------- */

static void test_figure_book_golden(void **state)
{
    (void)state;
    expect_text(CAP, 1, SGF_FIGURE_END, SGF_FIGURE_BOOK,
        "Moves 1-9\n"
        "    A  B  C  D  E\n"
        " 5  .  .  .  .  . 5\n"
        " 4  .  3  .  4  . 4\n"
        " 3  7  2  1  .  . 3\n"
        " 2  .  5  8  6  . 2\n"
        " 1  .  .  .  .  . 1\n"
        "    A  B  C  D  E\n"
        "9 at 2\n"
        "Captures: 7 takes 2\n");
}

/* The captured stone was on the board before the figure: the note and
 * the capture name its point. */
static void test_figure_book_unnumbered_reuse(void **state)
{
    (void)state;
    expect_text(CAP, 7, SGF_FIGURE_END, SGF_FIGURE_BOOK,
        "Moves 7-9\n"
        "    A  B  C  D  E\n"
        " 5  .  .  .  .  . 5\n"
        " 4  .  X  .  O  . 4\n"
        " 3  7  O  X  .  . 3\n"
        " 2  .  X  8  O  . 2\n"
        " 1  .  .  .  .  . 1\n"
        "    A  B  C  D  E\n"
        "9 at B3\n"
        "Captures: 7 takes B3\n");
}

static void test_figure_book_position_and_pass(void **state)
{
    (void)state;
    expect_text(CAP, 6, 5, SGF_FIGURE_BOOK,
        "Position after move 5\n"
        "    A  B  C  D  E\n"
        " 5  .  .  .  .  . 5\n"
        " 4  .  X  .  O  . 4\n"
        " 3  .  O  X  .  . 3\n"
        " 2  .(X)  .  .  . 2\n"
        " 1  .  .  .  .  . 1\n"
        "    A  B  C  D  E\n");
    expect_text("(;SZ[3];B[bb];W[];B[aa]MN[10])", 1, SGF_FIGURE_END,
                SGF_FIGURE_BOOK,
        "Moves 1-10\n"
        "    A  B  C\n"
        " 3 10  .  . 3\n"
        " 2  .  1  . 2\n"
        " 1  .  .  . 1\n"
        "    A  B  C\n"
        "2 pass\n");
}

/* Rectangular board, columns skip I, rows from the bottom; VW[] crops. */
static void test_figure_book_rectangular(void **state)
{
    (void)state;
    expect_text(RECT, 1, SGF_FIGURE_END, SGF_FIGURE_BOOK,
        "Moves 1-11\n"
        "    A  B  C  D  E  F  G\n"
        " 7  .  .  .  .  .  .  . 7\n"
        " 6  .  .  .  .  .  .  . 6\n"
        " 5  .  .  1  5 11  .  . 5\n"
        " 4  9  7  6  2  .  .  . 4\n"
        " 3  .  8 10  +  .  .  . 3\n"
        " 2  .  .  .  .  .  .  . 2\n"
        " 1  .  .  .  .  .  .  . 1\n"
        "    A  B  C  D  E  F  G\n");
    sgf_figure_options o = SGF_FIGURE_OPTIONS_INIT;
    o.crop = true;
    o.crop_ul = P("hb");
    o.crop_lr = P("mf");
    fig x = build(RECT, &o);
    char *got = render(x.f, SGF_FIGURE_BOOK);
    assert_string_equal(got,
        "Moves 1-11\n"
        "    H  J  K  L  M  N\n"
        " 6  .  .  .  .  .  . 6\n"
        " 5  .  .  4  .  .  . 5\n"
        " 4  .  .  .  .  .  . 4\n"
        " 3  .  .  +  3  .  . 3\n"
        " 2  .  .  .  .  .  . 2\n"
        "    H  J  K  L  M  N\n");
    free(got);
    done(&x);
}

static void test_figure_book_wide_board(void **state)
{
    (void)state;
    fig x = build("(;SZ[30:2];B[Da];W[ab])", NULL);
    char *got = render(x.f, SGF_FIGURE_BOOK);
    assert_non_null(strstr(got, "  a  b  c"));
    assert_non_null(strstr(got, "  z  A  B  C  D"));
    assert_non_null(strstr(got, "\n a  .  .")); /* row a is the top */
    assert_non_null(strstr(got, "\n b  2  ."));
    free(got);
    done(&x);
}

/* --- gtp -------------------------------------------------------------- */

static void test_figure_gtp_golden(void **state)
{
    (void)state;
    expect_text(CAP, 1, SGF_FIGURE_END, SGF_FIGURE_GTP,
        "    A B C D E\n"
        " 5  . . . . . 5\n"
        " 4  . X . O . 4\n"
        " 3  X(X)X . . 3\n"
        " 2  . X O O . 2\n"
        " 1  . . . . . 1\n"
        "    A B C D E\n");
    expect_text(RECT, 1, 4, SGF_FIGURE_GTP,
        "    A B C D E F G H J K L M N\n"
        " 7  . . . . . . . . . . . . . 7\n"
        " 6  . . . . . . . . . . . . . 6\n"
        " 5  . . X + . . . . .(O). . . 5\n"
        " 4  . . . O . . . . . . . . . 4\n"
        " 3  . . . + . . . . . + X . . 3\n"
        " 2  . . . . . . . . . . . . . 2\n"
        " 1  . . . . . . . . . . . . . 1\n"
        "    A B C D E F G H J K L M N\n");
}

/* --- sensei ----------------------------------------------------------- */

static void test_figure_sensei_split_at_ten(void **state)
{
    (void)state;
    /* 23 moves on a 19x19 board along the edges, no captures: Black
     * on every other point of the top line, White of the second line */
    char sgf[512] = "(;SZ[19]";
    for (int i = 0; i < 23; i++) {
        size_t n = strlen(sgf);
        snprintf(sgf + n, sizeof sgf - n, ";%c[%c%c]", i % 2 ? 'W' : 'B',
                 'a' + i % 19, i % 2 ? 'r' : 'a' + (i / 19) * 2);
    }
    strcat(sgf, ")");
    fig x = build(sgf, NULL);
    char *got = render(x.f, SGF_FIGURE_SENSEI);
    assert_non_null(strstr(got, "$$B Moves 1-10\n"));
    assert_non_null(strstr(got, "\n$$Bm11 Moves 11-20\n"));
    assert_non_null(strstr(got, "\n$$Bm21 Moves 21-23\n"));
    assert_null(strstr(got, "m31"));
    /* in the second diagram 11 is '1' at L19, 20 is '0' at A2 and 10
     * an unnumbered O at K2 */
    const char *second = strstr(got, "$$Bm11");
    assert_non_null(strstr(second, "$$ | X . X . X . X . X . 1 . 3 . 5 . "
                                   "7 . 9 |\n"));
    assert_non_null(strstr(second, "$$ | 0 O . O . O . O . O . 2 . 4 . 6 "
                                   ". 8 . |\n"));
    assert_non_null(strstr(got, "$$ | O O 2 O . O"));
    free(got);
    done(&x);
}

static void test_figure_sensei_golden(void **state)
{
    (void)state;
    /* a move on a used point starts a new diagram */
    expect_text(CAP, 1, SGF_FIGURE_END, SGF_FIGURE_SENSEI,
        "$$B Moves 1-8\n"
        "$$ +-----------+\n"
        "$$ | . . . . . |\n"
        "$$ | . 3 . 4 . |\n"
        "$$ | 7 2 1 . . |\n"
        "$$ | . 5 8 6 . |\n"
        "$$ | . . . . . |\n"
        "$$ +-----------+\n"
        "\n"
        "$$Bm9 Move 9\n"
        "$$ +-----------+\n"
        "$$ | . . . . . |\n"
        "$$ | . X . O . |\n"
        "$$ | X 1 X . . |\n"
        "$$ | . X O O . |\n"
        "$$ | . . . . . |\n"
        "$$ +-----------+\n");
    /* every mark kind Sensei's syntax has, arrows and lines; the last
     * move (8, D3) circled as nothing else marks it; the labels it
     * cannot draw (longer than a letter, on a stone) listed after it */
    expect_text(MARK, 9, SGF_FIGURE_END, SGF_FIGURE_SENSEI,
        "$$B Position after move 8\n"
        "$$ +-------------------+\n"
        "$$ | T S C M . . . . . |\n"
        "$$ | . . . . . . . . . |\n"
        "$$ | . . X . . . O . . |\n"
        "$$ | . . . . . . . . . |\n"
        "$$ | . . . X Y # . . . |\n"
        "$$ | . . . W P O . . . |\n"
        "$$ | . . , W X . X . . |\n"
        "$$ | . . . . . . . . . |\n"
        "$$ | . . . . . . . . . |\n"
        "$$ +-------------------+\n"
        "$$ {AR A2 C2}\n"
        "$$ {LN A1 E1}\n"
        "Labels: H9 \"long\", C7 \"A\", G7 \"B\", H2 \"x&y\"\n");
    /* a cropped view leaves the open sides without a border */
    expect_text(RECT, 1, 4, SGF_FIGURE_SENSEI,
        "$$B Moves 1-4\n"
        "$$ +--------------\n"
        "$$ | . . . . . . .\n"
        "$$ | . . . . . . .\n"
        "$$ | . . 1 , . . .\n"
        "$$ | . . . 2 . . .\n"
        "$$ | . . . , . . .\n"
        "$$ | . . . . . . .\n"
        "$$ | . . . . . . .\n"
        "$$ +--------------\n");
}

/* --- svg -------------------------------------------------------------- */

static xmlDocPtr parse_svg(const char *s)
{
    xmlDocPtr doc = xmlReadMemory(s, (int)strlen(s), "figure.svg", NULL,
                                  XML_PARSE_NONET | XML_PARSE_NOERROR
                                  | XML_PARSE_NOWARNING);
    assert_non_null(doc);
    xmlNodePtr root = xmlDocGetRootElement(doc);
    assert_non_null(root);
    assert_string_equal((const char *)root->name, "svg");
    assert_non_null(root->ns);
    assert_string_equal((const char *)root->ns->href,
                        "http://www.w3.org/2000/svg");
    return doc;
}

/* Elements whose class attribute is prefix or starts with prefix and a
 * space ("mark tr" counts "mark tr on-empty"). */
static int count_class(xmlNodePtr n, const char *prefix)
{
    int k = 0;
    for (; n != NULL; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        xmlChar *cls = xmlGetProp(n, (const xmlChar *)"class");
        size_t len = strlen(prefix);
        if (cls != NULL && strncmp((const char *)cls, prefix, len) == 0
            && (cls[len] == '\0' || cls[len] == ' '))
            k++;
        xmlFree(cls);
        k += count_class(n->children, prefix);
    }
    return k;
}

static void test_figure_svg_markup(void **state)
{
    (void)state;
    fig x = build(MARK, NULL);
    char *s = render(x.f, -1);
    xmlDocPtr doc = parse_svg(s);
    xmlNodePtr root = xmlDocGetRootElement(doc);
    assert_int_equal(count_class(root, "stone black"), 6);
    assert_int_equal(count_class(root, "stone white"), 5);
    assert_int_equal(count_class(root, "number"), 8);
    assert_int_equal(count_class(root, "number on-white last"), 1);
    assert_int_equal(count_class(root, "mark tr"), 2);
    assert_int_equal(count_class(root, "mark sq"), 2);
    assert_int_equal(count_class(root, "mark cr"), 2);
    assert_int_equal(count_class(root, "mark ma"), 2);
    assert_int_equal(count_class(root, "mark sl"), 2);
    assert_int_equal(count_class(root, "mark dd"), 6);
    assert_int_equal(count_class(root, "label"), 4);
    assert_int_equal(count_class(root, "label-bg"), 2); /* empty points */
    assert_int_equal(count_class(root, "arrowhead"), 1);
    assert_int_equal(count_class(root, "arrow"), 1);
    assert_int_equal(count_class(root, "line"), 1);
    assert_int_equal(count_class(root, "coord"), 36);
    assert_non_null(strstr(s, ">x&amp;y</text>"));
    assert_non_null(strstr(s, "viewBox=\"0 0 264 264\""));
    xmlFreeDoc(doc);
    free(s);
    done(&x);
}

static void test_figure_svg_notes_and_crop(void **state)
{
    (void)state;
    fig x = build(CAP, NULL);
    char *s = render(x.f, -1);
    xmlFreeDoc(parse_svg(s));
    assert_non_null(strstr(s, ">9 at 2</text>"));
    assert_non_null(strstr(s, ">Captures: 7 takes 2</text>"));
    assert_non_null(strstr(s, "class=\"stone white captured\""));
    free(s);
    done(&x);
    x = build(RECT, NULL);                       /* VW[aa:gg] */
    s = render(x.f, -1);
    xmlFreeDoc(parse_svg(s));
    assert_non_null(strstr(s, "viewBox=\"0 0 216 216\""));
    assert_null(strstr(s, ">K</text>"));
    assert_non_null(strstr(s, ">G</text>"));
    free(s);
    done(&x);
    x = build_range(CAP, 6, 5);                  /* last-move ring */
    s = render(x.f, -1);
    assert_non_null(strstr(s, "<circle class=\"last\" cx=\"60\" cy=\"108\""));
    free(s);
    done(&x);
}

/* SVG with options as a string (to free); the return code in *rc. */
static char *render_with(const sgf_figure *f,
                         const sgf_figure_svg_options *o, int *rc)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    assert_non_null(mem);
    *rc = sgf_figure_write_svg_with(mem, f, o);
    assert_int_equal(fclose(mem), 0);
    return buf;
}

/* A fragment for an HTML page: no declaration, no style sheet, ids of
 * its own (arrowheads by attribute); the next move drawn over the
 * position before it; bad options refused with nothing written. */
static void test_figure_svg_fragment_and_next(void **state)
{
    (void)state;
    int rc;
    fig x = build(MARK, NULL);
    sgf_figure_svg_options o = SGF_FIGURE_SVG_OPTIONS_INIT;
    char *plain = render(x.f, -1);
    char *same = render_with(x.f, &o, &rc);
    assert_int_equal(rc, 0);
    assert_string_equal(plain, same);            /* the defaults */
    free(same);
    o.fragment = true;
    o.id_prefix = "d7-";
    char *s = render_with(x.f, &o, &rc);
    assert_int_equal(rc, 0);
    assert_true(strncmp(s, "<svg xmlns=", 11) == 0);
    assert_null(strstr(s, "<style"));
    assert_null(strstr(s, "#sgf-"));
    assert_null(strstr(s, "id=\"sgf-"));
    assert_non_null(strstr(s, "<marker id=\"d7-arrowhead\""));
    assert_non_null(strstr(s, "marker-end=\"url(#d7-arrowhead)\""));
    assert_non_null(strstr(s, "clip-path=\"url(#d7-view)\""));
    xmlFreeDoc(parse_svg(s));
    free(s);
    /* the page's rules: every class's, not the arrowhead id's */
    const char *css = sgf_figure_svg_style();
    assert_true(strncmp(css, ".sgf-figure .board{", 19) == 0);
    assert_non_null(strstr(css, "\n.sgf-figure .coord,.sgf-figure .note{"));
    assert_non_null(strstr(css, ".sgf-figure .next-ring{"));
    assert_null(strstr(css, "\n.note"));        /* none unscoped */
    assert_null(strstr(css, "#sgf-arrowhead"));
    assert_true(strstr(plain, css) == NULL);     /* no next rules there */
    free(plain);
    done(&x);

    x = build_range(CAP, 9, 8);                  /* before move 9 */
    o = (sgf_figure_svg_options)SGF_FIGURE_SVG_OPTIONS_INIT;
    o.next_color = SGF_BLACK;
    o.next_point = P("bc");
    o.next_number = 9;
    s = render_with(x.f, &o, &rc);
    assert_int_equal(rc, 0);
    xmlDocPtr doc = parse_svg(s);
    xmlNodePtr root = xmlDocGetRootElement(doc);
    assert_int_equal(count_class(root, "next black"), 1);
    assert_int_equal(count_class(root, "next-ring"), 1);
    assert_int_equal(count_class(root, "number next"), 1);
    assert_non_null(strstr(s, "<circle class=\"next black\" cx=\"60\" "
                           "cy=\"84\""));
    assert_non_null(strstr(s, ">9</text>"));
    assert_non_null(strstr(s, ".next-ring{"));   /* its rules embedded */
    xmlFreeDoc(doc);
    free(s);
    o.next_point = P("ee");                      /* a point of the view */
    o.next_number = 0;
    s = render_with(x.f, &o, &rc);
    assert_int_equal(count_class(xmlDocGetRootElement(doc = parse_svg(s)),
                                 "number next"), 0);
    xmlFreeDoc(doc);
    free(s);
    o.next_point = P("cc");                      /* holds a stone */
    s = render_with(x.f, &o, &rc);
    doc = parse_svg(s);
    assert_int_equal(count_class(xmlDocGetRootElement(doc), "next black"), 0);
    assert_int_equal(count_class(xmlDocGetRootElement(doc), "next-ring"), 1);
    xmlFreeDoc(doc);
    free(s);
    o.id_prefix = "a\"b";
    s = render_with(x.f, &o, &rc);
    assert_int_equal(rc, SGF_EINVAL);
    assert_string_equal(s, "");
    free(s);
    o.id_prefix = NULL;
    o.next_color = (sgf_color)7;
    s = render_with(x.f, &o, &rc);
    assert_int_equal(rc, SGF_EINVAL);
    free(s);
    done(&x);
}

/* A count over the figure: territory squares, dead stones dimmed under
 * their point's square, seki rings; nothing on dame and live stones. */
static void test_figure_svg_score_map(void **state)
{
    (void)state;
    int rc;
    fig x = build_range(CAP, 10, 9);             /* the final position */
    uint8_t map[25] = { 0 };
    map[0] = SGF_SP_BLACK_TERRITORY;             /* aa */
    map[1] = SGF_SP_WHITE_TERRITORY;             /* ba */
    map[2 * 5 + 2] = SGF_SP_BLACK;               /* cc: live, nothing */
    map[1 * 5 + 3] = SGF_SP_WHITE_DEAD;          /* db: Black's point */
    map[4 * 5 + 4] = SGF_SP_SEKI;                /* ee */
    sgf_figure_svg_options o = SGF_FIGURE_SVG_OPTIONS_INIT;
    o.score_map = map;
    char *s = render_with(x.f, &o, &rc);
    assert_int_equal(rc, 0);
    xmlDocPtr doc = parse_svg(s);
    xmlNodePtr root = xmlDocGetRootElement(doc);
    assert_int_equal(count_class(root, "terr black"), 2);
    assert_int_equal(count_class(root, "terr white"), 1);
    assert_int_equal(count_class(root, "dead-dim"), 1);
    assert_int_equal(count_class(root, "seki"), 1);
    assert_non_null(strstr(s, "<circle class=\"dead-dim\" cx=\"108\" "
                           "cy=\"60\""));
    assert_non_null(strstr(s, ".terr.black{"));  /* its rules embedded */
    xmlFreeDoc(doc);
    free(s);
    assert_non_null(strstr(sgf_figure_svg_style(), ".sgf-figure .seki{"));
    done(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_figure_numbers_and_reuse),
        cmocka_unit_test(test_figure_mn_and_first_number),
        cmocka_unit_test(test_figure_range_and_position),
        cmocka_unit_test(test_figure_errors),
        cmocka_unit_test(test_figure_series),
        cmocka_unit_test(test_figure_variation_path),
        cmocka_unit_test(test_figure_book_golden),
        cmocka_unit_test(test_figure_book_unnumbered_reuse),
        cmocka_unit_test(test_figure_book_position_and_pass),
        cmocka_unit_test(test_figure_book_rectangular),
        cmocka_unit_test(test_figure_book_wide_board),
        cmocka_unit_test(test_figure_gtp_golden),
        cmocka_unit_test(test_figure_sensei_split_at_ten),
        cmocka_unit_test(test_figure_sensei_golden),
        cmocka_unit_test(test_figure_svg_markup),
        cmocka_unit_test(test_figure_svg_notes_and_crop),
        cmocka_unit_test(test_figure_svg_fragment_and_next),
        cmocka_unit_test(test_figure_svg_score_map),
        cmocka_unit_test(test_figure_size_view_and_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
