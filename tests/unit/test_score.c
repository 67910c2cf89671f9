/*
 * test_score.c - counting under each rule set, seki under both scorings,
 * handicap compensation, komi as archives write it, dead stones (markup,
 * points, estimate, Benson), RE[] forms, verdicts and causes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <sgf/sgf.h>
#include <sgf/replay.h>
#include <sgf/score.h>

/* B column c, W column d, a white stone at ac (dead in Black's area). */
#define SPLIT "AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][ac]"
#define MARKS "TB[aa][ab][ac][ad][ae][ba][bb][bc][bd][be]" \
              "TW[ea][eb][ec][ed][ee]"
/* 5 columns x 6 rows: a seki with one eye each (aa Black's, ea White's)
 * and the shared liberty cc; the bottom row is Black's wall. */
#define SEKI "SZ[5:6]AB[ba][ca][ab][bb][cb][ac][bc][ad][bd][ae][be][af]" \
             "[bf][cf][df][ef]AW[da][db][eb][dc][ec][cd][dd][ed][ce][de][ee]"

typedef struct game {
    sgf_collection *c;
    sgf_replay *r;
    const sgf_board *b;
    const sgf_game *g;
} game;

static game load(const char *sgf)
{
    game x;
    assert_int_equal(sgf_parse_buffer(&x.c, sgf, strlen(sgf), NULL), 0);
    assert_int_equal(sgf_replay_new(&x.r), 0);
    x.g = sgf_collection_game(x.c, 0);
    assert_int_equal(sgf_replay_run(x.r, x.c, x.g, NULL), 0);
    x.b = sgf_replay_board(x.r);
    return x;
}

static void unload(game *x)
{
    sgf_replay_free(x->r);
    sgf_collection_free(x->c);
}

static const sgf_node *last_node(const game *x)
{
    const sgf_node *n = sgf_game_root(x->g);
    while (sgf_node_first_child(n) != NULL)
        n = sgf_node_first_child(n);
    return n;
}

/* The result string of game sgf under preset rules (NULL: RU[]) with
 * the dead stones from the markup when there is some, else estimated. */
static const char *result_of(const char *sgf, const char *rules)
{
    static char buf[32];
    uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    sgf_rules r;
    double komi;
    game x = load(sgf);
    if (rules != NULL)
        assert_int_equal(sgf_rules_preset(&r, rules), 0);
    else
        r = *sgf_replay_rules(x.r);
    assert_int_equal(sgf_score_komi(&komi, NULL, x.g, &r), 0);
    int ha = sgf_score_handicap(x.g);
    bool found = false;
    assert_int_equal(sgf_score_dead_markup(dead, &found, x.b, last_node(&x)),
                     0);
    if (found)
        assert_int_equal(sgf_score_count_markup(&s, x.b, &r, last_node(&x),
                                                komi, ha), 0);
    else {
        assert_true(sgf_score_dead_estimate(dead, x.b) >= 0);
        assert_int_equal(sgf_score_count(&s, x.b, &r, dead, komi, ha), 0);
    }
    sgf_score_format_margin(buf, sizeof buf, s.margin);
    unload(&x);
    return buf;
}

static void test_score_rule_sets(void **state)
{
    (void)state;
    const char *sgf = "(;GM[1]SZ[5]KM[0.5]" SPLIT ";B[];W[]" MARKS ")";
    /* territory: B 10 + 1 dead = 11, W 5 + 0.5 */
    assert_string_equal(result_of(sgf, "japanese"), "B+5.5");
    assert_string_equal(result_of(sgf, "korean"), "B+5.5");
    assert_string_equal(result_of(sgf, "egf"), "B+5.5");
    /* area: B 5 + 10 = 15, W 5 + 5 + 0.5 */
    assert_string_equal(result_of(sgf, "chinese"), "B+4.5");
    assert_string_equal(result_of(sgf, "aga"), "B+4.5");
    assert_string_equal(result_of(sgf, "nz"), "B+4.5");
    assert_string_equal(result_of(sgf, "ing"), "B+4.5");
}

static void test_score_tromp_taylor_keeps_dead(void **state)
{
    (void)state;
    game x = load("(;GM[1]SZ[5]KM[0.5]" SPLIT ";B[];W[])");
    uint8_t dead[25] = { 0 };
    sgf_rules r;
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    dead[2 * 5 + 0] = 1;      /* ac */
    assert_int_equal(sgf_rules_preset(&r, "tromp-taylor"), 0);
    assert_int_equal(sgf_score_count(&s, x.b, &r, dead, 0.5, 0), 0);
    /* the left region touches both colours: B 5, W 6 + 5 */
    assert_int_equal(s.black.score, 5);
    assert_true(s.white.score == 11.5);
    assert_int_equal(s.dame, 9);
    assert_int_equal(sgf_rules_preset(&r, "chinese"), 0);
    assert_int_equal(sgf_score_count(&s, x.b, &r, dead, 0.5, 0), 0);
    assert_int_equal(s.black.territory, 10);
    assert_int_equal(s.white.dead, 0);
    assert_int_equal(s.black.dead, 1);
    assert_int_equal(s.map[2 * 5], SGF_SP_WHITE_DEAD);
    unload(&x);
}

static void test_score_prisoners_territory_only(void **state)
{
    (void)state;
    /* Black captures ac during play: a prisoner under territory only */
    const char *sgf = "(;GM[1]SZ[5]KM[0.5]AB[ba][bb][bc][bd][be]"
                      "AW[ca][cb][ac][cc][cd][ce];B[ab];W[];B[ad];W[];B[])";
    assert_string_equal(result_of(sgf, "japanese"), "W+6.5");
    assert_string_equal(result_of(sgf, "chinese"), "W+5.5");
}

static void test_score_seki_both_scorings(void **state)
{
    (void)state;
    const char *sgf = "(;GM[1]KM[0]" SEKI ";B[];W[])";
    game x = load(sgf);
    sgf_rules r;
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    uint8_t dead[30];
    assert_int_equal(sgf_score_dead_estimate(dead, x.b), 0);
    assert_int_equal(sgf_rules_preset(&r, "japanese"), 0);
    assert_int_equal(sgf_score_count(&s, x.b, &r, NULL, 0, 0), 0);
    assert_int_equal(s.seki, 2);
    assert_int_equal(s.black.territory, 0);
    assert_int_equal(s.white.territory, 0);
    assert_int_equal(s.map[0], SGF_SP_SEKI);
    assert_int_equal(s.map[2 * 5 + 2], SGF_SP_DAME);
    assert_true(s.margin == 0);
    assert_int_equal(sgf_rules_preset(&r, "chinese"), 0);
    assert_int_equal(sgf_score_count(&s, x.b, &r, NULL, 0, 0), 0);
    assert_int_equal(s.seki, 0);
    assert_int_equal(s.black.score, 17);      /* 16 stones + aa */
    assert_int_equal(s.white.score, 12);      /* 11 stones + ea */
    unload(&x);
}

static void test_score_seki_fill_into_eye(void **state)
{
    (void)state;
    /* The corner of 2017-02-13-1 (KGS): Black's ff and ge share the
     * liberty fe with White's chain ec-gd, whose other liberties are
     * the two-point eye de-df, all the liberties of White's bf-cf too.
     * Black filling fe is self-atari; White filling it keeps two
     * liberties, those of the eye only: Black throws in at de, both
     * white chains in atari, and takes one. Neither fills: a seki,
     * whose eyes (gf, de, df) are nobody's under territory counting.
     * Before, gf counted for Black and de, df for White. */
    game x = load("(;GM[1]KM[0]SZ[7:6]"
                  "AB[ab][bb][cb][db][eb][fb][gb][ac][bc][cc][dc][fc][gc]"
                  "[ad][bd][cd][ae][be][ge][af][ff]"
                  "AW[ec][dd][ed][fd][gd][ce][ee][bf][cf][ef];B[];W[])");
    sgf_rules r;
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_count(&s, x.b, NULL, NULL, 0, 0), 0);
    assert_int_equal(s.seki, 3);
    assert_int_equal(s.black.territory, 7);
    assert_int_equal(s.white.territory, 0);
    assert_int_equal(s.map[5 * 7 + 6], SGF_SP_SEKI);
    assert_int_equal(s.map[4 * 7 + 3], SGF_SP_SEKI);
    assert_int_equal(s.map[5 * 7 + 3], SGF_SP_SEKI);
    assert_int_equal(s.map[4 * 7 + 5], SGF_SP_DAME);
    /* area counting: the eyes count for their owners */
    assert_int_equal(sgf_rules_preset(&r, "chinese"), 0);
    assert_int_equal(sgf_score_count(&s, x.b, &r, NULL, 0, 0), 0);
    assert_int_equal(s.black.territory, 8);
    assert_int_equal(s.white.territory, 2);
    unload(&x);
}

static void test_score_no_seki_when_one_side_can_fill(void **state)
{
    (void)state;
    /* Black's eye has two points (aa, ab): White cannot fill cc without
     * self-atari, Black can, so it is no seki: Japanese counting gives
     * Black aa, ab and White ea as territory */
    game x = load("(;GM[1]KM[0]SZ[5:6]AB[ba][ca][bb][cb][ac][bc][ad][bd]"
                  "[ae][be][af][bf][cf][df][ef]AW[da][db][eb][dc][ec][cd]"
                  "[dd][ed][ce][de][ee];B[];W[])");
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_count(&s, x.b, NULL, NULL, 0, 0), 0);
    assert_int_equal(s.seki, 0);
    assert_int_equal(s.black.territory, 2);
    assert_int_equal(s.white.territory, 1);
    unload(&x);
}

static void test_score_teire_japanese_only(void **state)
{
    (void)state;
    /* The black stone dc has two liberties: the dame ec and cc, a point
     * of Black's territory. When White fills ec, Black must connect at
     * cc (teire), so cc is not territory under territory counting; area
     * counting is not changed (a stone in one's own area costs nothing) */
    game x = load("(;GM[1]KM[0]SZ[6:5]AB[ca][cb][cd][ce][dc]"
                  "AW[da][db][dd][de][eb][ed][fc];B[];W[])");
    sgf_rules r;
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_count(&s, x.b, NULL, NULL, 0, 0), 0);
    assert_int_equal(s.black.territory, 10);
    assert_int_equal(s.white.territory, 6);
    assert_int_equal(s.dame, 2);
    assert_int_equal(s.map[2 * 6 + 2], SGF_SP_DAME);
    assert_int_equal(s.map[2 * 6 + 1], SGF_SP_BLACK_TERRITORY);
    assert_int_equal(sgf_rules_preset(&r, "chinese"), 0);
    assert_int_equal(sgf_score_count(&s, x.b, &r, NULL, 0, 0), 0);
    assert_int_equal(s.black.territory, 11);
    assert_int_equal(s.dame, 1);
    unload(&x);
}

static void test_score_teire_two_point_dame(void **state)
{
    (void)state;
    /* The white stone ab: liberties aa (dame, with ba) and ac (White's
     * territory, next to White's wall). Black cannot play aa first
     * (self-atari) but fills ba, which touches only Black, then aa:
     * White must connect at ac. */
    game x = load("(;GM[1]KM[0]SZ[5]AB[ca][bb][cb][db][eb]"
                  "AW[ab][bc][cc][dc][ec][ad][bd];B[];W[])");
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_count(&s, x.b, NULL, NULL, 0, 0), 0);
    assert_int_equal(s.black.territory, 2);
    assert_int_equal(s.white.territory, 8);
    assert_int_equal(s.dame, 3);
    assert_int_equal(s.map[2 * 5], SGF_SP_DAME);
    unload(&x);
    /* with a white stone at ba, aa touches White only: ab has no dame
     * liberty, nothing forces White to play at ac */
    x = load("(;GM[1]KM[0]SZ[5]AB[ca][bb][cb][db][eb]AW[ba]"
             "[ab][bc][cc][dc][ec][ad][bd];B[];W[])");
    assert_int_equal(sgf_score_count(&s, x.b, NULL, NULL, 0, 0), 0);
    assert_int_equal(s.map[2 * 5], SGF_SP_WHITE_TERRITORY);
    unload(&x);
}

static void test_score_teire_several_dame(void **state)
{
    (void)state;
    /* The black chain dc-ec: liberties ed and eb, dame points only
     * White's stones and the chain touch (Black gains nothing by
     * filling them), and cc, Black's territory: White fills both, Black
     * must connect at cc */
    game x = load("(;GM[1]KM[0]SZ[7:5]AB[ca][cb][cd][ce][dc][ec]"
                  "AW[da][ea][fa][db][fb][fc][dd][fd][de][ee][fe];B[];W[])");
    sgf_rules r;
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_count(&s, x.b, NULL, NULL, 0, 0), 0);
    assert_int_equal(s.black.territory, 10);
    assert_int_equal(s.white.territory, 5);
    assert_int_equal(s.dame, 3);
    assert_int_equal(s.map[2 * 7 + 2], SGF_SP_DAME);
    assert_int_equal(sgf_rules_preset(&r, "chinese"), 0);
    assert_int_equal(sgf_score_count(&s, x.b, &r, NULL, 0, 0), 0);
    assert_int_equal(s.black.territory, 11);
    unload(&x);
}

static void test_score_teire_throw_in(void **state)
{
    (void)state;
    /* The white chain ba-db (kisei27_g1, White's G1-J2): liberties bd,
     * a dame Black can fill, and da and eb, two points of White's
     * territory. When Black fills bd, a black stone thrown in at eb has
     * two liberties (ea, fb) and leaves the chain in atari at da, where
     * extending gives one liberty (ea): White must fill eb himself, so
     * eb is not territory (the record's TB/TW leave K2 out too). */
    game x = load("(;GM[1]KM[0]SZ[9:6]"
                  "AB[aa][ab][bb][ac][dc][ad][cd][dd][ed][fd][gd][hd][id]"
                  "[ae][be][ce][de][ee][fe][ge][he][ie]"
                  "AW[ba][ca][ia][cb][db][ib][bc][cc][ec][fc][gc][hc][ic]"
                  ";B[];W[])");
    sgf_rules r;
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_count(&s, x.b, NULL, NULL, 0, 0), 0);
    assert_int_equal(s.black.territory, 9);
    assert_int_equal(s.white.territory, 8);
    assert_int_equal(s.dame, 2);
    assert_int_equal(s.map[1 * 9 + 4], SGF_SP_DAME);
    assert_int_equal(s.map[0 * 9 + 3], SGF_SP_WHITE_TERRITORY);
    assert_int_equal(sgf_rules_preset(&r, "chinese"), 0);
    assert_int_equal(sgf_score_count(&s, x.b, &r, NULL, 0, 0), 0);
    assert_int_equal(s.white.territory, 9);
    unload(&x);
}

static void test_score_no_teire_without_rescue(void **state)
{
    (void)state;
    /* Black de and ed share their liberties dd (dame) and ee: when White
     * fills dd, Black playing ee joins them with no liberty left, so ee
     * stays Black's territory (the stones are short of liberties, for
     * the dead stones to settle, not in need of a connection) */
    game x = load("(;GM[1]KM[0]SZ[5]AB[de][ed]AW[ce][cd][dc][ec][cc]"
                  ";B[];W[])");
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_count(&s, x.b, NULL, NULL, 0, 0), 0);
    assert_int_equal(s.map[4 * 5 + 4], SGF_SP_BLACK_TERRITORY);
    assert_int_equal(s.black.territory, 1);
    assert_int_equal(s.dame, 1);
    unload(&x);
}

static void test_score_territory_behind_dame(void **state)
{
    (void)state;
    /* An unfinished boundary on the edge (as in meijin27_g4, A12-A17):
     * White's wall ba-bc, ca-cd, Black's be-bh, ce-ch; column a and bd
     * are one empty region touching both. Filling the dame, White plays
     * ac and Black ae (ad and bd are whoever's): aa and ab, three or
     * more steps nearer White's stones than Black's, are White's
     * territory, af-ah Black's. Before, the whole region was dame. */
    game x = load("(;GM[1]KM[0]SZ[3:8]AW[ba][bb][bc][ca][cb][cc][cd]"
                  "AB[be][bf][bg][bh][ce][cf][cg][ch];B[];W[])");
    sgf_rules r;
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_count(&s, x.b, NULL, NULL, 0, 0), 0);
    assert_int_equal(s.white.territory, 2);
    assert_int_equal(s.black.territory, 3);
    assert_int_equal(s.dame, 4);
    assert_int_equal(s.map[0], SGF_SP_WHITE_TERRITORY);
    assert_int_equal(s.map[1 * 3], SGF_SP_WHITE_TERRITORY);
    assert_int_equal(s.map[2 * 3], SGF_SP_DAME);
    assert_int_equal(s.map[3 * 3], SGF_SP_DAME);
    assert_int_equal(s.map[3 * 3 + 1], SGF_SP_DAME);
    assert_int_equal(s.map[4 * 3], SGF_SP_DAME);
    assert_int_equal(s.map[5 * 3], SGF_SP_BLACK_TERRITORY);
    assert_true(s.margin == 1);
    /* area counting is not changed: the region is nobody's */
    assert_int_equal(sgf_rules_preset(&r, "chinese"), 0);
    assert_int_equal(sgf_score_count(&s, x.b, &r, NULL, 0, 0), 0);
    assert_int_equal(s.white.territory, 0);
    assert_int_equal(s.dame, 9);
    unload(&x);
}

static void test_score_handicap_compensation(void **state)
{
    (void)state;
    const char *sgf = "(;GM[1]SZ[5]KM[0.5]HA[2]AB[ba][bb][bc][bd][be]"
                      "AW[ca][cb][cc][cd][ce];W[];B[])";
    /* area B 10, W 15 + 0.5 + compensation */
    assert_string_equal(result_of(sgf, "chinese"), "W+7.5");
    assert_string_equal(result_of(sgf, "aga"), "W+6.5");
    assert_string_equal(result_of(sgf, "nz"), "W+5.5");
    /* territory: B 5, W 10 + 0.5, no compensation */
    assert_string_equal(result_of(sgf, "japanese"), "W+5.5");
}

/* The komi of a 9x9 Chinese game with root properties km; expect is a
 * kind (>= 0) or SGF_ESYNTAX, the kind unchanged then. */
static double komi_of(const char *km, int expect)
{
    char sgf[128];
    double komi = -1;
    sgf_komi_kind kind = (sgf_komi_kind)99;
    snprintf(sgf, sizeof sgf, "(;GM[1]SZ[9]RU[Chinese]%s)", km);
    game x = load(sgf);
    int rc = sgf_score_komi(&komi, &kind, x.g, sgf_replay_rules(x.r));
    if (expect < 0) {
        assert_int_equal(rc, expect);
        assert_int_equal(kind, 99);
    } else {
        assert_int_equal(rc, 0);
        assert_int_equal(kind, expect);
    }
    unload(&x);
    return komi;
}

static void test_score_komi_forms(void **state)
{
    (void)state;
    assert_true(komi_of("", SGF_KOMI_DEFAULTED) == 7.5);
    assert_true(komi_of("KM[6.5]", SGF_KOMI_GIVEN) == 6.5);
    assert_true(komi_of("KM[6,5]", SGF_KOMI_LOOSE) == 6.5);
    assert_true(komi_of("KM[0]", SGF_KOMI_GIVEN) == 0);
    assert_true(komi_of("KM[-3]", SGF_KOMI_GIVEN) == -3);
    assert_true(komi_of("KM[750]", SGF_KOMI_SCALED) == 7.5);
    assert_true(komi_of("KM[375]", SGF_KOMI_SCALED) == 7.5);
    assert_true(komi_of("KM[325]", SGF_KOMI_SCALED) == 6.5);
    assert_true(komi_of("KM[700]", SGF_KOMI_SCALED) == 7);
    assert_true(komi_of("KM[123]", SGF_ESYNTAX) == 7.5);
    assert_true(komi_of("KM[abc]", SGF_ESYNTAX) == 7.5);
}

static void test_score_komi_in_count(void **state)
{
    (void)state;
    /* no KM: Japanese 6.5; KM[0]: a draw is possible */
    const char *base = "(;GM[1]SZ[5]" SPLIT ";B[];W[]" MARKS ")";
    assert_string_equal(result_of(base, "japanese"), "W+0.5");
    assert_string_equal(result_of("(;GM[1]SZ[5]KM[6]" SPLIT ";B[];W[]"
                                  MARKS ")", "japanese"), "0");
    assert_string_equal(result_of("(;GM[1]SZ[5]KM[6,5]" SPLIT ";B[];W[]"
                                  MARKS ")", "japanese"), "W+0.5");
    assert_string_equal(result_of("(;GM[1]SZ[5]KM[750]" SPLIT ";B[];W[]"
                                  MARKS ")", "chinese"), "W+2.5");
}

/* RE[] value s read; expect_rc 0 (FF[4] form), 1 (read, loose set) or
 * SGF_ESYNTAX. */
static sgf_score_re re_of(const char *s, int expect_rc)
{
    sgf_score_re re;
    sgf_str v = { s, strlen(s) };
    int rc = sgf_score_re_parse(&re, v);
    assert_int_equal(rc, expect_rc == 1 ? 0 : expect_rc);
    assert_int_equal(re.loose, expect_rc == 1);
    return re;
}

static void expect_re(const char *s, int rc, sgf_score_re_kind kind,
                      sgf_color winner, double margin, const char *canon)
{
    char buf[32];
    sgf_score_re re = re_of(s, rc);
    assert_int_equal(re.kind, kind);
    assert_int_equal(re.winner, winner);
    assert_true(re.margin == margin);
    sgf_score_re_format(buf, sizeof buf, &re);
    assert_string_equal(buf, canon);
}

static void test_score_re_forms(void **state)
{
    (void)state;
    expect_re("B+3.5", 0, SGF_RE_SCORE, SGF_BLACK, 3.5, "B+3.5");
    expect_re("W+0.5", 0, SGF_RE_SCORE, SGF_WHITE, 0.5, "W+0.5");
    expect_re("W+2", 0, SGF_RE_SCORE, SGF_WHITE, 2, "W+2");
    expect_re("B+R", 0, SGF_RE_RESIGN, SGF_BLACK, 0, "B+R");
    expect_re("B+Resign", 0, SGF_RE_RESIGN, SGF_BLACK, 0, "B+R");
    expect_re("W+T", 0, SGF_RE_TIME, SGF_WHITE, 0, "W+T");
    expect_re("W+Time", 0, SGF_RE_TIME, SGF_WHITE, 0, "W+T");
    expect_re("B+F", 0, SGF_RE_FORFEIT, SGF_BLACK, 0, "B+F");
    expect_re("W+Forfeit", 0, SGF_RE_FORFEIT, SGF_WHITE, 0, "W+F");
    expect_re("B+", 0, SGF_RE_WIN, SGF_BLACK, 0, "B+");
    expect_re("Void", 0, SGF_RE_VOID, SGF_EMPTY, 0, "Void");
    expect_re("?", 0, SGF_RE_UNKNOWN, SGF_EMPTY, 0, "?");
    expect_re("0", 0, SGF_RE_DRAW, SGF_EMPTY, 0, "0");
    expect_re("Draw", 0, SGF_RE_DRAW, SGF_EMPTY, 0, "0");
    /* RE[] is read as the property checks read it (sgf-validate says
     * "read as ..." or "kept as text"): forms they do not read are not
     * counted */
    expect_re("Jigo", 1, SGF_RE_DRAW, SGF_EMPTY, 0, "0");
    expect_re("Jigo?", SGF_ESYNTAX, SGF_RE_OTHER, SGF_EMPTY, 0, "");
    expect_re("b+r", 1, SGF_RE_RESIGN, SGF_BLACK, 0, "B+R");
    expect_re("w+3.5", 1, SGF_RE_SCORE, SGF_WHITE, 3.5, "W+3.5");
    expect_re("void", 1, SGF_RE_VOID, SGF_EMPTY, 0, "Void");
    expect_re("draw", 1, SGF_RE_DRAW, SGF_EMPTY, 0, "0");
    expect_re("W+resign", 1, SGF_RE_RESIGN, SGF_WHITE, 0, "W+R");
    expect_re("B+6,5", 1, SGF_RE_SCORE, SGF_BLACK, 6.5, "B+6.5");
    expect_re("Black+12.5", 1, SGF_RE_SCORE, SGF_BLACK, 12.5, "B+12.5");
    expect_re("White+", 1, SGF_RE_WIN, SGF_WHITE, 0, "W+");
    expect_re("B+R (time)", 1, SGF_RE_RESIGN, SGF_BLACK, 0, "B+R");
    expect_re("W+6.5 (counted)", 1, SGF_RE_SCORE, SGF_WHITE, 6.5,
              "W+6.5");
    expect_re("(time)", SGF_ESYNTAX, SGF_RE_OTHER, SGF_EMPTY, 0, "");
    expect_re("W+J", SGF_ESYNTAX, SGF_RE_OTHER, SGF_EMPTY, 0, "");
    expect_re("B", 1, SGF_RE_WIN, SGF_BLACK, 0, "B+");
    expect_re(" W+1.5 ", 1, SGF_RE_SCORE, SGF_WHITE, 1.5, "W+1.5");
    expect_re("B+1.75", 0, SGF_RE_SCORE, SGF_BLACK, 1.75, "B+1.75");
    expect_re("", 0, SGF_RE_NONE, SGF_EMPTY, 0, "");
    expect_re("Black wins", 1, SGF_RE_WIN, SGF_BLACK, 0, "B+");
    expect_re("xyz", SGF_ESYNTAX, SGF_RE_OTHER, SGF_EMPTY, 0, "");
    /* a margin written negative or signed names no winner: kept as
       text, never read as "B+" (which any count Black wins agrees
       with) */
    expect_re("B+-5", SGF_ESYNTAX, SGF_RE_OTHER, SGF_EMPTY, 0, "");
    expect_re("W+-5.5", SGF_ESYNTAX, SGF_RE_OTHER, SGF_EMPTY, 0, "");
    expect_re("B+-0", SGF_ESYNTAX, SGF_RE_OTHER, SGF_EMPTY, 0, "");
    expect_re("B++3", SGF_ESYNTAX, SGF_RE_OTHER, SGF_EMPTY, 0, "");
    expect_re("Black+-2", SGF_ESYNTAX, SGF_RE_OTHER, SGF_EMPTY, 0, "");
    /* after "Black wins", a margin or a reason is read, or the whole
       value is kept as text: never a bare win with the rest dropped */
    expect_re("Black wins by 7", 1, SGF_RE_SCORE, SGF_BLACK, 7, "B+7");
    expect_re("White won by 2.5 points.", 1, SGF_RE_SCORE, SGF_WHITE, 2.5,
              "W+2.5");
    expect_re("Black wins by resignation", 1, SGF_RE_RESIGN, SGF_BLACK, 0,
              "B+R");
    expect_re("White wins on time", 1, SGF_RE_TIME, SGF_WHITE, 0, "W+T");
    expect_re("Black wins by -5", SGF_ESYNTAX, SGF_RE_OTHER, SGF_EMPTY, 0,
              "");
    expect_re("White wins by 0", SGF_ESYNTAX, SGF_RE_OTHER, SGF_EMPTY, 0,
              "");
    expect_re("Black wins big", SGF_ESYNTAX, SGF_RE_OTHER, SGF_EMPTY, 0, "");
    expect_re("Black won", 1, SGF_RE_WIN, SGF_BLACK, 0, "B+");
    /* after "B+", a margin and its unit only: a sign, a second number
       or a reason beside it keeps the value as text */
    expect_re("B+ +7", SGF_ESYNTAX, SGF_RE_OTHER, SGF_EMPTY, 0, "");
    expect_re("W+5 resign", SGF_ESYNTAX, SGF_RE_OTHER, SGF_EMPTY, 0, "");
    expect_re("B+5-3", SGF_ESYNTAX, SGF_RE_OTHER, SGF_EMPTY, 0, "");
    expect_re("B+5\xE2\x80\x93" "3", SGF_ESYNTAX, SGF_RE_OTHER, SGF_EMPTY, 0,
              "");
    expect_re("W+12.5 moku", 1, SGF_RE_SCORE, SGF_WHITE, 12.5, "W+12.5");
}

static void test_score_format_margin(void **state)
{
    (void)state;
    char buf[32];
    assert_int_equal(sgf_score_format_margin(buf, sizeof buf, 3.5), 5);
    assert_string_equal(buf, "B+3.5");
    sgf_score_format_margin(buf, sizeof buf, -0.5);
    assert_string_equal(buf, "W+0.5");
    sgf_score_format_margin(buf, sizeof buf, 0);
    assert_string_equal(buf, "0");
    sgf_score_format_margin(buf, sizeof buf, -12);
    assert_string_equal(buf, "W+12");
    assert_int_equal(sgf_score_format_margin(NULL, 1, 1), SGF_EINVAL);
    /* any finite margin in full; no text for what is no number */
    char big[400];
    int n = sgf_score_format_margin(big, sizeof big, 1e308);
    assert_int_equal(n, 2 + 309);
    assert_int_equal(big[0], 'B');
    assert_int_equal(sgf_score_format_margin(big, sizeof big, 0.0 / 0.0),
                     SGF_EINVAL);
    assert_int_equal(sgf_score_format_margin(big, sizeof big, 1.0 / 0.0),
                     SGF_EINVAL);
    sgf_score_re re = { SGF_RE_SCORE, SGF_WHITE, -5, false };
    assert_int_equal(sgf_score_re_format(big, sizeof big, &re), SGF_EINVAL);
    assert_string_equal(sgf_score_unfinished_name(
                            (sgf_score_unfinished_kind)99), "?");
    assert_string_equal(sgf_score_unfinished_name(SGF_UNFINISHED_NONE),
                        "none");
    /* the record's kind, appended: its number is kept */
    assert_int_equal(SGF_UNFINISHED_NO_PASSES, 5);
    assert_string_equal(sgf_score_unfinished_name(SGF_UNFINISHED_NO_PASSES),
                        "no-passes");
    assert_string_equal(sgf_score_cause_name((sgf_score_cause)99), "?");
    assert_string_equal(sgf_score_cause_name(SGF_CAUSE_UNKNOWN), "unknown");
    /* the settled count's cause, appended: its number is kept */
    assert_int_equal(SGF_CAUSE_SETTLED, 10);
    assert_string_equal(sgf_score_cause_name(SGF_CAUSE_SETTLED), "settled");
    /* the winner written wrong, appended */
    assert_int_equal(SGF_CAUSE_WINNER, 11);
    assert_string_equal(sgf_score_cause_name(SGF_CAUSE_WINNER), "winner");
    assert_string_equal(sgf_score_cause_name(SGF_CAUSE_MARKUP), "markup");
    assert_string_equal(sgf_score_cause_name((sgf_score_cause)13), "?");
    assert_string_equal(sgf_score_verdict_name((sgf_score_verdict)99), "?");
    assert_string_equal(sgf_score_verdict_name(SGF_SCORE_NOT_COUNTED),
                        "not-counted");
}

static void test_score_verdicts(void **state)
{
    (void)state;
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    s.margin = 3.5;
    sgf_score_re re = re_of("B+3.5", 0);
    assert_int_equal(sgf_score_compare(&s, &re), SGF_SCORE_AGREE);
    re = re_of("B+2.5", 0);
    assert_int_equal(sgf_score_compare(&s, &re), SGF_SCORE_DISAGREE);
    re = re_of("W+3.5", 0);
    assert_int_equal(sgf_score_compare(&s, &re), SGF_SCORE_DISAGREE);
    re = re_of("B+", 0);
    assert_int_equal(sgf_score_compare(&s, &re), SGF_SCORE_AGREE);
    re = re_of("W+R", 0);
    assert_int_equal(sgf_score_compare(&s, &re), SGF_SCORE_NOT_COUNTED);
    re = re_of("B+0", 0);          /* Fox: a resignation */
    assert_int_equal(sgf_score_compare(&s, &re), SGF_SCORE_NOT_COUNTED);
    re = re_of("0", 0);
    assert_int_equal(sgf_score_compare(&s, &re), SGF_SCORE_DISAGREE);
    s.margin = 0;
    assert_int_equal(sgf_score_compare(&s, &re), SGF_SCORE_AGREE);
    re = re_of("Void", 0);
    assert_int_equal(sgf_score_compare(&s, &re), SGF_SCORE_NOT_COUNTED);
    assert_string_equal(sgf_score_verdict_name(SGF_SCORE_NOT_COUNTED),
                        "not-counted");
    assert_string_equal(sgf_score_verdict_name(SGF_SCORE_DISAGREE),
                        "disagree");
}

/* Ing's rules give komi 8 with ties to Black: a count of 0 is Black's
 * win there (RE[B+] agrees, a draw does not); under the other presets it
 * is a draw. The rules' column, not a test of the name in the count. */
static void test_score_ties_by_rules(void **state)
{
    (void)state;
    sgf_rules ing, cn, custom;
    sgf_score s;
    assert_int_equal(sgf_rules_preset(&ing, "goe"), 0);
    assert_int_equal(sgf_rules_preset(&cn, "chinese"), 0);
    assert_int_equal(sgf_rules_from_ru(&custom, "koSIMPLEscoreAREAsui0",
                                       21, NULL), 0);
    assert_int_equal(sgf_rules_tie_winner(&ing), SGF_BLACK);
    assert_int_equal(sgf_rules_tie_winner(&cn), SGF_EMPTY);
    assert_int_equal(sgf_rules_tie_winner(&custom), SGF_EMPTY);
    assert_int_equal(sgf_rules_tie_winner(NULL), SGF_EMPTY);
    for (size_t i = 0; i < sgf_rules_preset_count(); i++) {
        sgf_rules r;
        const char *name = sgf_rules_preset_name(i);
        assert_int_equal(sgf_rules_preset(&r, name), 0);
        assert_int_equal(sgf_rules_tie_winner(&r),
                         strcmp(name, "ing") == 0 ? SGF_BLACK : SGF_EMPTY);
    }
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    s.margin = 0;
    sgf_score_re re = re_of("B+", 0);
    assert_int_equal(sgf_score_compare_rules(&s, &re, &ing), SGF_SCORE_AGREE);
    assert_int_equal(sgf_score_compare_rules(&s, &re, &cn),
                     SGF_SCORE_DISAGREE);
    assert_int_equal(sgf_score_compare_rules(&s, &re, NULL),
                     SGF_SCORE_DISAGREE);
    re = re_of("0", 0);
    assert_int_equal(sgf_score_compare_rules(&s, &re, &ing),
                     SGF_SCORE_DISAGREE);
    assert_int_equal(sgf_score_compare_rules(&s, &re, &cn), SGF_SCORE_AGREE);
    re = re_of("W+", 0);
    assert_int_equal(sgf_score_compare_rules(&s, &re, &ing),
                     SGF_SCORE_DISAGREE);
    s.margin = -1;                      /* only a tie changes */
    assert_int_equal(sgf_score_compare_rules(&s, &re, &ing), SGF_SCORE_AGREE);
}

static sgf_score_reason why(const char *sgf, const char *re_text,
                            bool markup)
{
    game x = load(sgf);
    sgf_score_reason y;
    sgf_score_re re = re_of(re_text, 0);
    double komi;
    sgf_score_komi(&komi, NULL, x.g, sgf_replay_rules(x.r));
    assert_int_equal(sgf_score_explain(&y, x.b, sgf_replay_rules(x.r),
                                       NULL, komi, sgf_score_handicap(x.g),
                                       &re, markup ? last_node(&x) : NULL),
                     0);
    unload(&x);
    return y;
}

/* The record's causes only: the same as sgf_score_explain for those;
 * where only a chain's status would agree, unknown. */
static sgf_score_reason why_record(const char *sgf, const char *re_text)
{
    game x = load(sgf);
    sgf_score_reason y;
    sgf_score_re re = re_of(re_text, 0);
    double komi;
    sgf_score_komi(&komi, NULL, x.g, sgf_replay_rules(x.r));
    assert_int_equal(sgf_score_explain_record(&y, x.b,
                                              sgf_replay_rules(x.r), NULL,
                                              komi, sgf_score_handicap(x.g),
                                              &re, NULL), 0);
    unload(&x);
    return y;
}

static void test_score_explain_record(void **state)
{
    (void)state;
    const char *cn = "(;GM[1]SZ[5]RU[Chinese]KM[0]" SPLIT ";B[];W[])";
    sgf_score_reason y = why_record(cn, "B+5");  /* ac dead would agree */
    assert_int_equal(y.cause, SGF_CAUSE_UNKNOWN);
    y = why_record(cn, "B+15.5");               /* a fraction: no count */
    assert_int_equal(y.cause, SGF_CAUSE_PARITY);
    /* KM[0] and a half point: komi 0.5 with ac dead (B+5 - 0.5); the
       flip moves the margin by 11 (W+6 to B+5), as the regions next to
       ac say, so the chain is counted flipped */
    y = why_record(cn, "B+4.5");
    assert_int_equal(y.cause, SGF_CAUSE_KOMI_GROUP);
    assert_true(y.komi == 0.5);
    assert_int_equal(y.point.x, 0);
    assert_int_equal(y.point.y, 2);
    assert_false(y.was_dead);
    y = why_record(cn, "W+40");                 /* more than 25 points */
    assert_int_equal(y.cause, SGF_CAUSE_MARGIN);
    y = why_record("(;GM[1]SZ[5]RU[Chinese]KM[0.5]HA[2]AB[ba][bb][bc][bd]"
                   "[be]AW[ca][cb][cc][cd][ce];W[];B[])", "W+6.5");
    assert_int_equal(y.cause, SGF_CAUSE_HANDICAP);
    assert_true(y.handicap_bonus == 1);
    y = why_record(cn, "W+12.5");               /* W+6 with komi 0 */
    assert_int_equal(y.cause, SGF_CAUSE_KOMI);
    assert_true(y.komi == 6.5);
    y = why_record(cn, "B+6");                  /* W+6, the winner */
    assert_int_equal(y.cause, SGF_CAUSE_WINNER);        /* swapped */
    y = why_record(cn, "B+7");
    assert_int_equal(y.cause, SGF_CAUSE_UNKNOWN);
    y = why(cn, "B+5", false);          /* the chains asked: ac dead */
    assert_int_equal(y.cause, SGF_CAUSE_GROUP);
    assert_int_equal(sgf_score_explain_record(NULL, NULL, NULL, NULL, 0, 0,
                                              NULL, NULL), SGF_EINVAL);
}

/* sgf_score_explain_counted with the board's own count: the same reason
 * as sgf_score_explain (record_only false) or _record (true). */
static void same_counted(const char *sgf, const char *re_text,
                         bool record_only)
{
    game x = load(sgf);
    sgf_score_reason y, z;
    sgf_score_re re = re_of(re_text, 0);
    sgf_score s;
    double komi;
    const sgf_rules *r = sgf_replay_rules(x.r);
    int ha = sgf_score_handicap(x.g);
    sgf_score_komi(&komi, NULL, x.g, r);
    sgf_score_init(&s, SGF_SCORE_VERSION);
    assert_int_equal(sgf_score_count(&s, x.b, r, NULL, komi, ha), 0);
    assert_int_equal(sgf_score_explain_counted(&y, &s, x.b, r, NULL, komi,
                                               ha, &re, NULL, NULL,
                                               record_only), 0);
    assert_int_equal(record_only
                     ? sgf_score_explain_record(&z, x.b, r, NULL, komi, ha,
                                                &re, NULL)
                     : sgf_score_explain(&z, x.b, r, NULL, komi, ha, &re,
                                         NULL), 0);
    assert_memory_equal(&y, &z, sizeof y);
    unload(&x);
}

static void test_score_explain_counted(void **state)
{
    (void)state;
    const char *cn = "(;GM[1]SZ[5]RU[Chinese]KM[0]" SPLIT ";B[];W[])";
    static const char *const res[] = { "B+5", "B+15.5", "B+4.5", "W+40",
                                       "W+12.5", "W+6", "B+R" };
    for (size_t k = 0; k < sizeof res / sizeof res[0]; k++) {
        same_counted(cn, res[k], false);
        same_counted(cn, res[k], true);
    }
    /* the count given is the one explained, not made again: counted
       with komi 6.5 (W+12.5) it agrees with W+12.5 though the komi
       argument is 0 */
    game x = load(cn);
    const sgf_rules *r = sgf_replay_rules(x.r);
    sgf_score s, small;
    sgf_score_reason y;
    sgf_score_re re = re_of("W+12.5", 0);
    sgf_score_init(&s, SGF_SCORE_VERSION);
    assert_int_equal(sgf_score_count(&s, x.b, r, NULL, 6.5, 0), 0);
    assert_int_equal(sgf_score_explain_counted(&y, &s, x.b, r, NULL, 0, 0,
                                               &re, NULL, NULL, false), 0);
    assert_int_equal(y.cause, SGF_CAUSE_NONE);
    /* with markup the count given is not used: the markup is counted
       (komi 0: W+12.5 is no count of the board then) */
    sgf_score_reason z;
    assert_int_equal(sgf_score_explain_counted(&y, &s, x.b, r, NULL, 0, 0,
                                               &re, last_node(&x), NULL,
                                               false), 0);
    assert_int_equal(sgf_score_explain(&z, x.b, r, NULL, 0, 0, &re,
                                       last_node(&x)), 0);
    assert_memory_equal(&y, &z, sizeof y);
    assert_int_not_equal(y.cause, SGF_CAUSE_NONE);
    /* errors: no count, a count of another board size, of no version */
    assert_int_equal(sgf_score_explain_counted(&y, NULL, x.b, r, NULL, 0,
                                               0, &re, NULL, NULL, false),
                     SGF_EINVAL);
    game g9 = load("(;GM[1]SZ[9];B[];W[])");
    sgf_score_init(&small, SGF_SCORE_VERSION);
    assert_int_equal(sgf_score_count(&small, g9.b, NULL, NULL, 0, 0), 0);
    assert_int_equal(sgf_score_explain_counted(&y, &small, x.b, r, NULL, 0,
                                               0, &re, NULL, NULL, false),
                     SGF_EINVAL);
    small.version = 0;
    assert_int_equal(sgf_score_explain_counted(&y, &small, g9.b, NULL, NULL,
                                               0, 0, &re, NULL, NULL, false),
                     SGF_EINVAL);
    unload(&g9);
    unload(&x);
}

static void test_score_explain_causes(void **state)
{
    (void)state;
    const char *jp = "(;GM[1]SZ[5]RU[Japanese]KM[0]" SPLIT ";B[];W[]"
                     MARKS ")";
    sgf_score_reason y = why(jp, "B+6", true);
    assert_int_equal(y.cause, SGF_CAUSE_NONE);
    y = why(jp, "W+0.5", true);              /* counted with 6.5 */
    assert_int_equal(y.cause, SGF_CAUSE_KOMI);
    assert_true(y.komi == 6.5);
    y = why(jp, "B+5", true);                /* area: 15 - 10 */
    assert_int_equal(y.cause, SGF_CAUSE_SCORING);
    y = why("(;GM[1]SZ[5]RU[Chinese]KM[0.5]HA[2]AB[ba][bb][bc][bd][be]"
            "AW[ca][cb][cc][cd][ce];W[];B[])", "W+6.5", false);
    assert_int_equal(y.cause, SGF_CAUSE_HANDICAP);
    assert_true(y.handicap_bonus == 1);
    /* without dead stones the stone at ac counts; dead it agrees */
    y = why("(;GM[1]SZ[5]RU[Chinese]KM[0]" SPLIT ";B[];W[])", "B+5",
            false);
    assert_int_equal(y.cause, SGF_CAUSE_GROUP);
    assert_int_equal(y.point.x, 0);
    assert_int_equal(y.point.y, 2);
    assert_false(y.was_dead);
    y = why(jp, "W+40", true);               /* more than 25 points */
    assert_int_equal(y.cause, SGF_CAUSE_MARGIN);
    /* a chain flipped is counted from the board, not the marks: A3
       alive leaves no territory on the left (W+5), komi 7 makes W+12 */
    y = why(jp, "W+12", true);
    assert_int_equal(y.cause, SGF_CAUSE_KOMI_GROUP);
    assert_true(y.komi == 7);
    assert_int_equal(y.point.x, 0);
    assert_int_equal(y.point.y, 2);
    assert_true(y.was_dead);
    y = why(jp, "W+14", true);
    assert_int_equal(y.cause, SGF_CAUSE_UNKNOWN);
    assert_string_equal(sgf_score_cause_name(SGF_CAUSE_KOMI), "komi");
}

static void test_score_dead_sources(void **state)
{
    (void)state;
    game x = load("(;GM[1]SZ[5]" SPLIT ";B[];W[]" MARKS ")");
    uint8_t dead[25];
    size_t bad = 99;
    bool found = false;
    assert_int_equal(sgf_score_dead_markup(dead, &found, x.b, last_node(&x)),
                     0);
    assert_true(found);
    assert_int_equal(dead[10], 1);
    assert_int_equal(dead[2], 0);              /* ca: black, on no TW */
    assert_int_equal(sgf_score_dead_markup(dead, &found, x.b,
                                           sgf_game_root(x.g)), 0);
    assert_false(found);
    assert_int_equal(dead[10], 0);
    assert_int_equal(sgf_score_dead_points(dead, x.b, "ac", NULL), 1);
    assert_int_equal(dead[10], 1);
    memset(dead, 0, sizeof dead);
    assert_int_equal(sgf_score_dead_points(dead, x.b, "A3,C1", NULL), 2);
    for (int y = 0; y < 5; y++)                /* whole chain of C1 */
        assert_int_equal(dead[y * 5 + 2], 1);
    assert_int_equal(sgf_score_dead_points(dead, x.b, "ac,bb", &bad),
                     SGF_ESYNTAX);
    assert_int_equal(bad, 3);
    assert_int_equal(sgf_score_dead_points(dead, x.b, "Z9", &bad),
                     SGF_ESYNTAX);
    assert_int_equal(sgf_score_dead_points(dead, x.b, "ac,", &bad),
                     SGF_ESYNTAX);      /* an empty item at the end */
    assert_int_equal(bad, 3);
    assert_int_equal(sgf_score_dead_estimate(dead, x.b), 1);
    assert_int_equal(dead[10], 1);
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_count(&s, x.b, NULL, dead, 0, 0), 0);
    assert_int_equal(sgf_score_markup_diff(&s, last_node(&x), NULL), 0);
    assert_int_equal(sgf_score_count(&s, x.b, NULL, NULL, 0, 0), 0);
    sgf_point first;
    assert_int_equal(sgf_score_markup_diff(&s, last_node(&x), &first), 10);
    assert_int_equal(first.x, 0);
    assert_int_equal(first.y, 0);
    unload(&x);
}

static void test_score_pass_alive(void **state)
{
    (void)state;
    /* Black: two one-point eyes at aa and ca on 5x5 -> pass-alive;
     * White's lone stone at ee is not */
    game x = load("(;GM[1]SZ[5]AB[ba][da][ab][bb][cb][db][eb][ea]AW[ee])");
    uint8_t alive[25];
    assert_int_equal(sgf_score_pass_alive(alive, x.b, SGF_BLACK), 8);
    assert_int_equal(alive[1], 1);
    assert_int_equal(sgf_score_pass_alive(alive, x.b, SGF_WHITE), 0);
    assert_int_equal(sgf_score_pass_alive(alive, x.b, SGF_EMPTY),
                     SGF_EINVAL);
    uint8_t dead[25];
    assert_int_equal(sgf_score_dead_estimate(dead, x.b), 1);
    assert_int_equal(dead[24], 1);
    unload(&x);
}

static void test_score_shared_style_cases(void **state)
{
    (void)state;
    /* the own-territory move: area unchanged, territory loses a point */
    const char *sgf = "(;GM[1]SZ[4]KM[0.5];B[bb];W[cc];B[bc];W[cb];B[bd]"
                      ";W[cd];B[ba];W[ca];B[];W[dc];B[];W[])";
    assert_string_equal(result_of(sgf, "japanese"), "B+0.5");
    assert_string_equal(result_of(sgf, "chinese"), "W+0.5");
}

static void test_score_estimate_playouts(void **state)
{
    (void)state;
    /* 9x9: Black's wall on column d, White's on e, neither pass-alive
     * (each encloses an enemy invasion): the two white stones at bc, bd
     * and the black stone at gg cannot live; the walls can */
    game x = load("(;GM[1]SZ[9]KM[0]AB[da][db][dc][dd][de][df][dg][dh]"
                  "[di][gg]AW[ea][eb][ec][ed][ee][ef][eg][eh][ei][bc][bd]"
                  ";B[];W[])");
    uint8_t dead[81], again[81];
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    sgf_rules r;
    assert_int_equal(sgf_score_dead_estimate(dead, x.b), 3);
    assert_int_equal(dead[2 * 9 + 1], 1);          /* bc */
    assert_int_equal(dead[3 * 9 + 1], 1);          /* bd */
    assert_int_equal(dead[6 * 9 + 6], 1);          /* gg */
    assert_int_equal(dead[3], 0);                  /* da: Black's wall */
    assert_int_equal(dead[4], 0);                  /* ea: White's wall */
    /* the random numbers come from the position: the same every run,
     * also after the work areas (pooled, arena.c) held another position */
    game y = load("(;GM[1]SZ[5]AB[ba][da][ab][bb][cb][db][eb][ea]AW[ee])");
    uint8_t other[25];
    assert_int_equal(sgf_score_dead_estimate(other, y.b), 1);
    assert_int_equal(sgf_score_pass_alive(other, y.b, SGF_BLACK), 8);
    unload(&y);
    assert_int_equal(sgf_score_dead_estimate(again, x.b), 3);
    assert_memory_equal(dead, again, sizeof dead);
    assert_int_equal(sgf_rules_preset(&r, "japanese"), 0);
    assert_int_equal(sgf_score_count(&s, x.b, &r, dead, 0, 0), 0);
    assert_int_equal(s.black.territory, 27);
    assert_int_equal(s.white.territory, 36);
    assert_int_equal(s.black.dead, 2);
    assert_int_equal(s.white.dead, 1);
    unload(&x);
}

static void test_score_estimate_nakade_sacrifice(void **state)
{
    (void)state;
    /* 9x9, lower left: White's corner group (af ag bg bh ch dh dg ci)
     * has the black stone ai inside its eye space and the liberties ah,
     * bi inside, ae outside. Black fills ae, then sacrifices two stones
     * at ah (or bi): White takes them and has a two-point eye, one eye,
     * so the group is dead. Before playouts let Black put two stones in
     * atari there, neither side could fill ah or bi and White lived in
     * every playout, as in seki */
    game x = load("(;GM[1]SZ[9]KM[0]AB[ai][ad][bd][be][bf][cf][df][ef]"
                  "[eg][eh][ei][di][cg]AW[af][ag][bg][bh][ch][dh][dg][ci]"
                  ";B[];W[])");
    uint8_t dead[81];
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    sgf_rules r;
    assert_int_equal(sgf_score_dead_estimate(dead, x.b), 8);
    assert_int_equal(dead[5 * 9 + 0], 1);          /* af */
    assert_int_equal(dead[8 * 9 + 2], 1);          /* ci */
    assert_int_equal(dead[8 * 9 + 0], 0);          /* ai lives */
    assert_int_equal(sgf_rules_preset(&r, "japanese"), 0);
    assert_int_equal(sgf_score_count(&s, x.b, &r, dead, 0, 0), 0);
    assert_int_equal(s.black.territory, 68);
    assert_int_equal(s.seki, 0);
    assert_true(s.margin == 76.0);
    unload(&x);
}

static void test_score_estimate_seki_needs_shared_point(void **state)
{
    (void)state;
    /* 13x13 (the final position of MFGN1 in the shared corpus): Black's
     * group on the left side (B7-D6, A5, B4-D3) has no eye but a false
     * one; every liberty of the chain B4 is a point where a white stone
     * would be in atari (A3-A4, B5), yet Black can fill them all: no
     * liberty is shared with a white chain that neither side can fill,
     * so it is no seki and the group is dead. */
    game x = load("(;GM[1]SZ[13]KM[0]"
                  "AB[ea][fa][ga][ja][ka][la][bb][fb][kb][mb][ec][gc][lc]"
                  "[fd][gd][hd][jd][kd][ld][ke][jf][bg][eg][jg][bh][ch][dh]"
                  "[ih][ai][fi][hi][ii][ki][bj][fj][ij][bk][ck][dk][fk][gk]"
                  "[ik][jk][al][fl][hl][il][bm][em][fm][gm][im]"
                  "AW[ca][da][ha][ia][cb][db][eb][gb][ib][jb][bc][dc][hc]"
                  "[ic][jc][kc][bd][cd][dd][ed][id][ce][he][ie][je][bf][df]"
                  "[gf][if][cg][dg][gg][ig][eh][fh][gh][hh][ei][gi][cj][dj]"
                  "[ej][gj][hj][ak][ek][hk][bl][cl][dl][el][cm][dm]"
                  ";B[];W[])");
    uint8_t dead[169];
    assert_true(sgf_score_dead_estimate(dead, x.b) > 0);
    assert_int_equal(dead[6 * 13 + 1], 1);         /* B7 */
    assert_int_equal(dead[7 * 13 + 3], 1);         /* D6 */
    assert_int_equal(dead[8 * 13 + 0], 1);         /* A5 */
    assert_int_equal(dead[9 * 13 + 1], 1);         /* B4 */
    assert_int_equal(dead[10 * 13 + 3], 1);        /* D3 */
    unload(&x);
}

static void test_score_estimate_nakade_stone_on_vital_point(void **state)
{
    (void)state;
    /* 19x19 (the final position of 2003-02-13-2 in the shared corpus):
     * Black's group in the lower left (B5-B4, A4-C3, C2-E1) has a false
     * eye at A5 and the corner A1, B1, C1, A2, B2, a bulky five with
     * White's dead stone B1 on its vital point: one eye, not two, so
     * the group is dead and White's B1 lives. */
    game x = load("(;GM[1]SZ[19]KM[0]"
                  "AB[ia][ja][ka][kb][lb][mb][rb][sb][hc][ic][jc][nc][qc]"
                  "[rc][ad][ed][gd][hd][id][jd][kd][md][nd][od][pd][qd][ae]"
                  "[be][ee][ge][he][ke][me][qe][af][bf][cf][df][ef][lf][mf]"
                  "[nf][qf][ag][bg][gg][hg][ig][bh][ch][gh][nh][oh][qh][ci]"
                  "[fi][gi][ii][ji][ki][li][mi][ni][pi][cj][fj][gj][hj][ij]"
                  "[nj][pj][qj][ek][fk][gk][ik][mk][nk][ok][qk][bl][fl][ml]"
                  "[nl][fm][gm][jm][an][dn][en][fn][jn][ln][mn][sn][bo][go]"
                  "[ho][io][jo][ko][lo][oo][po][qo][so][ap][bp][dp][jp][mp]"
                  "[np][op][qp][rp][sp][aq][bq][cq][gq][hq][kq][nq][cr][dr]"
                  "[er][gr][hr][kr][nr][or][ds][es][js][ks]"
                  "AW[ga][ha][bb][fb][hb][ib][jb][ac][ec][fc][gc][sc][bd]"
                  "[cd][dd][rd][sd][ce][ie][je][oe][pe][re][ff][gf][hf][if]"
                  "[kf][pf][rf][cg][dg][fg][jg][kg][lg][mg][ng][og][pg][qg]"
                  "[ah][dh][eh][fh][hh][ih][jh][kh][ph][ai][bi][hi][qi][ri]"
                  "[aj][bj][dj][ej][lj][mj][rj][bk][ck][dk][hk][jk][kk][lk]"
                  "[pk][rk][cl][el][hl][il][jl][ll][ol][pl][ql][am][bm][dm]"
                  "[em][im][km][lm][mm][nm][sm][bn][cn][hn][in][kn][nn][on]"
                  "[pn][qn][rn][co][do][eo][mo][no][ro][ep][ip][pp][eq][fq]"
                  "[iq][oq][pq][qq][rq][fr][ir][jr][pr][bs][fs][gs][hs][is]"
                  ";B[];W[])");
    uint8_t dead[361];
    assert_true(sgf_score_dead_estimate(dead, x.b) > 0);
    assert_int_equal(dead[14 * 19 + 1], 1);        /* B5 */
    assert_int_equal(dead[16 * 19 + 2], 1);        /* C3 */
    assert_int_equal(dead[18 * 19 + 4], 1);        /* E1 */
    assert_int_equal(dead[18 * 19 + 1], 0);        /* B1 lives */
    unload(&x);
}

static void test_score_estimate_reads_enclosed_space(void **state)
{
    (void)state;
    /* 9x9: Black's chain aa-ba-bb-bc-cc-cd-ce-be-bf-af has its three
     * liberties ab, bd, ae in one enclosed area of five points holding
     * White's ac and ad; White's wall around it lives. White kills: bd,
     * then ae in self-atari (four stones); Black takes them with ab and
     * is left with a pyramid four, whose vital point ad White takes.
     * Playouts never make that sacrifice (both sides leave ab and ae,
     * as in seki); reading the area finds it. */
    game x = load("(;GM[1]SZ[9]KM[0]AB[aa][ba][bb][bc][cc][cd][ce][be]"
                  "[bf][af]AW[ac][ad][ca][da][cb][db][dc][dd][de][df]"
                  "[cf][cg][bg][ag][dg];B[];W[])");
    uint8_t dead[81];
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    sgf_rules r;
    assert_int_equal(sgf_score_dead_estimate(dead, x.b), 10);
    assert_int_equal(dead[0], 1);                  /* aa */
    assert_int_equal(dead[5 * 9 + 0], 1);          /* af */
    assert_int_equal(dead[2 * 9 + 0], 0);          /* ac lives */
    assert_int_equal(dead[3 * 9 + 0], 0);          /* ad lives */
    assert_int_equal(sgf_rules_preset(&r, "japanese"), 0);
    assert_int_equal(sgf_score_count(&s, x.b, &r, dead, 0, 0), 0);
    assert_int_equal(s.black.territory, 0);
    assert_true(s.margin == -76.0);
    unload(&x);
}

static void test_score_teire_in_turn(void **state)
{
    (void)state;
    /* 11x5 (kisei27_g1, columns J-T, rows 5-1): White's chain H1-K1 has
     * the dame J2 and L1 and G1, White's territory: G1 is teire. With
     * White's stone there, the chain joins F2-G2 and has the dame and
     * E2, F1: Black's stone thrown in at E2 (two liberties) leaves it in
     * atari at F1, where extending gives one liberty: E2 is teire too,
     * found once G1 is filled. */
    game x = load("(;GM[1]SZ[11:5]KM[0]AB[ca][da][ea][ga][ja][ka][ab][bb]"
                  "[db][gb][ib][kb][ac][fc][gc][hc][ic][jc][hd][jd][kd]"
                  "AW[fa][ha][ia][eb][hb][bc][cc][dc][ec][ad][fd][gd][he]"
                  "[ie][je];B[];W[])");
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_count(&s, x.b, NULL, NULL, 0, 0), 0);
    assert_int_equal(s.map[4 * 11 + 6], SGF_SP_DAME);          /* G1 */
    assert_int_equal(s.map[3 * 11 + 4], SGF_SP_DAME);          /* E2 */
    assert_int_equal(s.map[4 * 11 + 5], SGF_SP_WHITE_TERRITORY); /* F1 */
    unload(&x);
}

static void test_score_teire_capture(void **state)
{
    (void)state;
    /* 10x7 (kisei27_g1, columns A-K, rows 19-13): White's group B4-H4
     * has one point of White's territory next to it, A4 (a one-point
     * eye), and dame Black can fill (C2, E3, F3, G2, A1); it lives only
     * by taking Black's dead J4, next to it, whose last liberty is K4:
     * White must play there, so K4 is teire, not White's territory (J4
     * is still dead). */
    game x = load("(;GM[1]SZ[10:7]KM[0]AB[ba][ha][bb][eb][fb][hb][ib][jb]"
                  "[bc][cc][dc][ec][gc][hc][cd][id][he][ef][ff][hf][if][bg]"
                  "[dg][gg][ig]AW[ia][ja][ab][ac][fc][ic][jc][bd][dd][ed]"
                  "[fd][gd][hd][ae][be][ce][de][ge][ie][je][af][bf][df][jf]"
                  ";B[];W[])");
    uint8_t dead[70] = { 0 };
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    dead[3 * 10 + 8] = 1;                          /* J4 */
    assert_int_equal(sgf_score_count(&s, x.b, NULL, dead, 0, 0), 0);
    assert_int_equal(s.map[3 * 10 + 9], SGF_SP_DAME);          /* K4 */
    assert_int_equal(s.map[3 * 10 + 8], SGF_SP_BLACK_DEAD);
    assert_int_equal(s.white.dead, 1);
    unload(&x);
}

static void test_score_markup_forms(void **state)
{
    (void)state;
    /* the markup of SPLIT and MARKS written with rectangles, a point
     * listed twice and a point off the board: the same count */
    game x = load("(;GM[1]FF[4]SZ[5]KM[0.5]" SPLIT ";B[];W[]"
                  "TB[aa:be][ac][zz]TW[ea:ee])");
    game y = load("(;GM[1]FF[4]SZ[5]KM[0.5]" SPLIT ";B[];W[]" MARKS ")");
    sgf_score s, t;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    assert_int_equal(sgf_score_init(&t, SGF_SCORE_VERSION), 0);
    uint8_t dead[25];
    bool found = false;
    assert_int_equal(sgf_score_dead_markup(dead, &found, x.b, last_node(&x)),
                     0);
    assert_true(found);
    assert_int_equal(dead[10], 1);                 /* ac: white, on TB */
    assert_int_equal(sgf_score_count_markup(&s, x.b, NULL, last_node(&x),
                                            0.5, 0), 0);
    assert_int_equal(sgf_score_count_markup(&t, y.b, NULL, last_node(&y),
                                            0.5, 0), 0);
    assert_int_equal(s.black.territory, 10);
    assert_int_equal(s.white.territory, 5);
    assert_int_equal(s.black.stones, 5);
    assert_int_equal(s.white.stones, 5);
    assert_int_equal(s.black.dead, 1);
    assert_int_equal(s.dame, 0);
    assert_true(s.margin == 5.5);
    assert_memory_equal(&s, &t, offsetof(sgf_score, map) + 25);
    /* the markup count agrees with the count of the position */
    assert_int_equal(sgf_score_count(&t, x.b, NULL, dead, 0.5, 0), 0);
    assert_true(t.margin == s.margin);
    assert_int_equal(sgf_score_markup_diff(&t, last_node(&x), NULL), 0);
    unload(&x);
    /* more marked points than a list holds (the rectangle repeated):
     * every point is looked at instead, with the same count */
    char big[4096] = "(;GM[1]FF[4]SZ[5]KM[0.5]" SPLIT ";B[];W[]TB";
    for (int k = 0; k < 280; k++)
        strcat(big, "[aa:be]");
    strcat(big, "TW[ea:ee])");
    x = load(big);
    assert_int_equal(sgf_score_count_markup(&s, x.b, NULL, last_node(&x),
                                            0.5, 0), 0);
    assert_int_equal(sgf_score_count_markup(&t, y.b, NULL, last_node(&y),
                                            0.5, 0), 0);
    assert_memory_equal(&s, &t, offsetof(sgf_score, map));
    assert_memory_equal(s.map, t.map, 25);
    unload(&x);
    /* points in TB and TW: TW is the mark that counts (ac, White's stone
     * marked dead by TB, is alive again; ab and ea are White's) */
    x = load("(;GM[1]FF[4]SZ[5]KM[0.5]" SPLIT ";B[];W[]"
             "TB[aa:be][ac][ea]TW[ea:ee][ac][ab])");
    assert_int_equal(sgf_score_count_markup(&s, x.b, NULL, last_node(&x),
                                            0.5, 0), 0);
    assert_int_equal(s.black.territory, 8);
    assert_int_equal(s.white.territory, 6);
    assert_int_equal(s.black.dead, 0);
    assert_int_equal(s.white.stones, 6);
    assert_int_equal(s.dame, 0);
    assert_int_equal(s.map[10], SGF_SP_WHITE);         /* ac */
    assert_int_equal(s.map[5], SGF_SP_WHITE_TERRITORY); /* ab */
    assert_int_equal(s.map[4], SGF_SP_WHITE_TERRITORY); /* ea */
    unload(&x);
    unload(&y);
    /* boards past 26 lines: a capital letter is column 26 and on; a
     * lower-case point past a narrow board's edge marks nothing */
    x = load("(;GM[1]FF[4]SZ[30:3]KM[0]AB[Aa]AW[Ba];B[];W[]"
             "TB[Ab][ac][Dc]TW[Ca][Db])");
    assert_int_equal(sgf_score_count_markup(&s, x.b, NULL, last_node(&x),
                                            0, 0), 0);
    assert_int_equal(s.black.territory, 3);
    assert_int_equal(s.white.territory, 2);
    assert_int_equal(s.map[30 + 26], SGF_SP_BLACK_TERRITORY);   /* Ab */
    assert_int_equal(s.map[60 + 29], SGF_SP_BLACK_TERRITORY);   /* Dc */
    assert_int_equal(s.map[28], SGF_SP_WHITE_TERRITORY);        /* Ca */
    assert_int_equal(s.dame, 90 - 2 - 5);
    unload(&x);
    x = load("(;GM[1]FF[4]SZ[3];B[];W[]TB[aa][da][ad]TW[cc])");
    assert_int_equal(sgf_score_count_markup(&s, x.b, NULL, last_node(&x),
                                            0, 0), 0);
    assert_int_equal(s.black.territory, 1);
    assert_int_equal(s.white.territory, 1);
    assert_int_equal(s.dame, 7);
    unload(&x);
}

/* A dead stone is one a living enemy takes off (settle_dead): of two
 * chains in mutual atari on a 2x2 board one lives; a stone on the vital
 * point of an eye space whose owner is dead lives. */
static void test_score_estimate_capturer_lives(void **state)
{
    (void)state;
    game x = load("(;GM[1]FF[4]SZ[2]KM[6.5]AB[aa]AW[ba];B[];W[])");
    uint8_t dead[SGF_MAX_SIZE * SGF_MAX_SIZE];
    assert_int_equal(sgf_score_dead_estimate(dead, x.b), 1);
    assert_int_equal(dead[0] + dead[1], 1);
    unload(&x);
    /* top left: Black's chain (da db cb cc bc ac) around a bulky five
     * with White's stone ba on its vital point, inside White's wall,
     * itself inside Black's */
    x = load("(;GM[1]FF[4]SZ[19]KM[6.5]AB[da][ga][cb][db][gb][ac][bc]"
             "[cc][gc][gd][ge][af][bf][cf][df][ef][ff][gf]AW[ba][ea][eb]"
             "[dc][ec][ad][bd][cd][dd];B[];W[])");
    assert_true(sgf_score_dead_estimate(dead, x.b) >= 6);
    assert_int_equal(dead[1], 0);                   /* ba: the killer */
    assert_int_equal(dead[3], 1);                   /* da */
    assert_int_equal(dead[2 * 19 + 2], 1);          /* cc */
    assert_int_equal(dead[4], 0);                   /* ea: the wall */
    assert_int_equal(dead[6], 0);                   /* ga: outside */
    unload(&x);
}

static void test_score_diag_codes(void **state)
{
    (void)state;
    static const char *const names[] = {
        "game-unfinished", "komi-defaulted", "markup-differs",
        "disagree-komi", "disagree-scoring", "disagree-handicap",
        "disagree-group", "disagree-unknown"
    };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        sgf_diag_code c = sgf_diag_code_from_name(names[k]);
        assert_int_not_equal(c, SGF_D_NONE);
        assert_string_equal(sgf_diag_code_name(c), names[k]);
        assert_int_equal(sgf_diag_code_severity(c, true), SGF_SEV_WARNING);
    }
}

/* An sgf_score of a struct version the library does not know is refused
 * and left as it is; init and the counts keep the version. */
static void test_score_struct_version(void **state)
{
    (void)state;
    game x = load("(;GM[1]SZ[5]" SPLIT ";B[];W[]" MARKS ")");
    sgf_score s;
    memset(&s, 0xA5, sizeof s);
    const int junk = s.width;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION + 1), SGF_EINVAL);
    assert_int_equal(sgf_score_init(NULL, SGF_SCORE_VERSION), SGF_EINVAL);
    assert_int_equal(s.version, junk);
    assert_int_equal(sgf_score_count(&s, x.b, NULL, NULL, 6.5, 0),
                     SGF_EINVAL);
    assert_int_equal(sgf_score_count_markup(&s, x.b, NULL, last_node(&x),
                                            6.5, 0), SGF_EINVAL);
    assert_int_equal(s.width, junk);
    assert_int_equal(s.map[0], 0xA5);
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    assert_int_equal(s.width, 0);
    assert_int_equal(s.map[0], 0);
    assert_int_equal(sgf_score_count(&s, x.b, NULL, NULL, 6.5, 0), 0);
    assert_int_equal(s.version, SGF_SCORE_VERSION);
    assert_int_equal(s.width, 5);
    assert_int_equal(sgf_score_count_markup(&s, x.b, NULL, last_node(&x),
                                            6.5, 0), 0);
    assert_int_equal(s.version, SGF_SCORE_VERSION);
    sgf_score_re re = re_of("B+3.5", 0);
    s.version = SGF_SCORE_VERSION + 1;
    assert_int_equal(sgf_score_compare(&s, &re), SGF_SCORE_NOT_COUNTED);
    assert_int_equal(sgf_score_markup_diff(&s, last_node(&x), NULL),
                     SGF_EINVAL);
    /* a size no count has is refused, not trusted */
    s.version = SGF_SCORE_VERSION;
    s.width = s.height = 60;
    assert_int_equal(sgf_score_markup_diff(&s, last_node(&x), NULL),
                     SGF_EINVAL);
    s.width = -1;
    assert_int_equal(sgf_score_markup_diff(&s, last_node(&x), NULL),
                     SGF_EINVAL);
    unload(&x);
}

static void test_score_bad_arguments(void **state)
{
    (void)state;
    sgf_score s;
    assert_int_equal(sgf_score_init(&s, SGF_SCORE_VERSION), 0);
    double k;
    uint8_t d[4];
    assert_int_equal(sgf_score_count(NULL, NULL, NULL, NULL, 0, 0),
                     SGF_EINVAL);
    assert_int_equal(sgf_score_count(&s, NULL, NULL, NULL, 0, 0),
                     SGF_EINVAL);
    assert_int_equal(sgf_score_komi(&k, NULL, NULL, NULL), SGF_EINVAL);
    assert_int_equal(sgf_score_re_parse(NULL, (sgf_str){ "B+R", 3 }),
                     SGF_EINVAL);
    assert_int_equal(sgf_score_dead_markup(NULL, NULL, NULL, NULL),
                     SGF_EINVAL);
    assert_int_equal(sgf_score_markup_diff(NULL, NULL, NULL), SGF_EINVAL);
    assert_int_equal(sgf_score_dead_estimate(d, NULL), SGF_EINVAL);
    assert_int_equal(sgf_score_handicap(NULL), 0);
}

/* HA[] read as the checks read it: blanks around the number allowed
 * ("HA[ 2]" was no handicap, and the count then blamed the scoring);
 * 1, a negative number or more stones than the board has points is no
 * handicap (HA[400] on 5x5 gave White 400 points). */
static void test_score_handicap_values(void **state)
{
    (void)state;
    static const struct { const char *sgf; int ha; } cases[] = {
        { "(;GM[1]SZ[5]HA[2]AB[aa][ee])", 2 },
        { "(;GM[1]SZ[5]HA[ 2]AB[aa][ee])", 2 },
        { "(;GM[1]SZ[5]HA[2\n]AB[aa][ee])", 2 },
        { "(;GM[1]SZ[5]HA[25])", 25 },
        { "(;GM[1]SZ[5]HA[26])", 0 },
        { "(;GM[1]SZ[5]HA[400])", 0 },
        { "(;GM[1]SZ[3:9]HA[27])", 27 },
        { "(;GM[1]SZ[3:9]HA[28])", 0 },
        { "(;GM[1]HA[361])", 361 },
        { "(;GM[1]HA[1])", 0 },
        { "(;GM[1]HA[-3])", 0 },
        { "(;GM[1]HA[two])", 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        game x = load(cases[i].sgf);
        assert_int_equal(sgf_score_handicap(x.g), cases[i].ha);
        unload(&x);
    }
}

/* Game information below the root (FF[4]: the game-info node of a
 * path may be any node; merged games keep each game's where its line
 * leaves the others): its KM, HA and RU are the game's, read from the
 * first node of the main line that holds a game-info property. */
static void test_score_game_info_below_root(void **state)
{
    (void)state;
    game x = load("(;GM[1]FF[4]SZ[9]C[no game info here];B[ee]"
                  "KM[5.5]HA[0]RU[Chinese]RE[B+2.5];W[cc]KM[7.5];B[])");
    const sgf_node *info = sgf_game_info_node(x.g);
    assert_ptr_equal(info, sgf_node_first_child(sgf_game_root(x.g)));
    double komi = 0;
    sgf_komi_kind kind;
    assert_int_equal(sgf_score_komi(&komi, &kind, x.g, NULL), 0);
    assert_true(komi == 5.5);           /* not the later node's 7.5 */
    assert_int_equal(kind, SGF_KOMI_GIVEN);
    assert_string_equal(sgf_replay_rules(x.r)->name, "chinese");
    unload(&x);
    /* in the root (the usual place), and no game info at all */
    x = load("(;GM[1]SZ[9]KM[0.5];B[ee]KM[7.5])");
    assert_ptr_equal(sgf_game_info_node(x.g), sgf_game_root(x.g));
    assert_int_equal(sgf_score_komi(&komi, NULL, x.g, NULL), 0);
    assert_true(komi == 0.5);
    unload(&x);
    x = load("(;GM[1]SZ[9];B[ee];W[cc])");
    assert_ptr_equal(sgf_game_info_node(x.g), sgf_game_root(x.g));
    assert_int_equal(sgf_score_komi(&komi, &kind, x.g, NULL), 0);
    assert_int_equal(kind, SGF_KOMI_DEFAULTED);
    unload(&x);
    assert_null(sgf_game_info_node(NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_score_rule_sets),
        cmocka_unit_test(test_score_struct_version),
        cmocka_unit_test(test_score_tromp_taylor_keeps_dead),
        cmocka_unit_test(test_score_prisoners_territory_only),
        cmocka_unit_test(test_score_seki_both_scorings),
        cmocka_unit_test(test_score_seki_fill_into_eye),
        cmocka_unit_test(test_score_no_seki_when_one_side_can_fill),
        cmocka_unit_test(test_score_teire_japanese_only),
        cmocka_unit_test(test_score_teire_two_point_dame),
        cmocka_unit_test(test_score_teire_several_dame),
        cmocka_unit_test(test_score_teire_throw_in),
        cmocka_unit_test(test_score_no_teire_without_rescue),
        cmocka_unit_test(test_score_territory_behind_dame),
        cmocka_unit_test(test_score_handicap_compensation),
        cmocka_unit_test(test_score_komi_forms),
        cmocka_unit_test(test_score_komi_in_count),
        cmocka_unit_test(test_score_re_forms),
        cmocka_unit_test(test_score_format_margin),
        cmocka_unit_test(test_score_verdicts),
        cmocka_unit_test(test_score_ties_by_rules),
        cmocka_unit_test(test_score_explain_causes),
        cmocka_unit_test(test_score_explain_record),
        cmocka_unit_test(test_score_explain_counted),
        cmocka_unit_test(test_score_dead_sources),
        cmocka_unit_test(test_score_pass_alive),
        cmocka_unit_test(test_score_shared_style_cases),
        cmocka_unit_test(test_score_estimate_playouts),
        cmocka_unit_test(test_score_estimate_nakade_sacrifice),
        cmocka_unit_test(test_score_estimate_seki_needs_shared_point),
        cmocka_unit_test(test_score_estimate_nakade_stone_on_vital_point),
        cmocka_unit_test(test_score_estimate_reads_enclosed_space),
        cmocka_unit_test(test_score_teire_in_turn),
        cmocka_unit_test(test_score_teire_capture),
        cmocka_unit_test(test_score_markup_forms),
        cmocka_unit_test(test_score_estimate_capturer_lives),
        cmocka_unit_test(test_score_diag_codes),
        cmocka_unit_test(test_score_bad_arguments),
        cmocka_unit_test(test_score_game_info_below_root),
        cmocka_unit_test(test_score_handicap_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
