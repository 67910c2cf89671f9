/*
 * test_replay.c - replaying records under rule sets: each verdict,
 * order warnings, repetition, variations and paths, handicap checks.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <sgf/sgf.h>
#include <sgf/replay.h>

typedef struct run {
    sgf_collection *c;
    sgf_replay *r;
    size_t first;          /* diagnostics before the replay */
} run;

static run replay_with(const char *sgf, const char *rules, bool all)
{
    run x;
    assert_int_equal(sgf_parse_buffer(&x.c, sgf, strlen(sgf), NULL), 0);
    assert_int_equal(sgf_replay_new(&x.r), 0);
    x.first = sgf_collection_diag_count(x.c);
    sgf_rules rs;
    sgf_replay_options o = SGF_REPLAY_OPTIONS_INIT;
    if (rules != NULL) {
        assert_int_equal(sgf_rules_preset(&rs, rules), 0);
        o.rules = &rs;
    }
    o.all_variations = all;
    assert_int_equal(sgf_replay_run(x.r, x.c, sgf_collection_game(x.c, 0),
                                    &o), 0);
    return x;
}

static void done(run *x)
{
    sgf_replay_free(x->r);
    sgf_collection_free(x->c);
}

/* Replay diagnostics as "code@move" joined by spaces. */
static const char *codes(const run *x)
{
    static char buf[512];
    buf[0] = '\0';
    for (size_t i = x->first; i < sgf_collection_diag_count(x->c); i++) {
        const sgf_diag *d = sgf_collection_diag(x->c, i);
        if (d->code == SGF_D_RULES_DEFAULTED)
            continue;
        size_t n = strlen(buf);
        snprintf(buf + n, sizeof buf - n, "%s%s@%u", n ? " " : "",
                 sgf_diag_code_name(d->code), d->move_number);
    }
    return buf;
}

static void expect(const char *sgf, const char *rules, const char *want)
{
    run x = replay_with(sgf, rules, false);
    assert_string_equal(codes(&x), want);
    done(&x);
}

static sgf_color at(const run *x, const char *p)
{
    sgf_point pt = { (uint8_t)(p[0] - 'a'), (uint8_t)(p[1] - 'a') };
    return sgf_board_at(sgf_replay_board(x->r), pt);
}

static void test_replay_capture_in_corner(void **state)
{
    (void)state;
    run x = replay_with("(;SZ[9];B[ba];W[aa];B[ab])", "japanese", false);
    assert_string_equal(codes(&x), "");
    assert_int_equal(at(&x, "aa"), SGF_EMPTY);
    assert_int_equal(sgf_board_prisoners(sgf_replay_board(x.r), SGF_BLACK),
                     1);
    done(&x);
}

static void test_replay_occupied(void **state)
{
    (void)state;
    run x = replay_with("(;SZ[9];B[cc];W[cc];B[dd])", "japanese", false);
    assert_string_equal(codes(&x), "illegal-occupied@2");
    /* executed as the spec says: White's stone replaced Black's */
    assert_int_equal(at(&x, "cc"), SGF_WHITE);
    const sgf_diag *d = sgf_collection_diag(x.c, x.first);
    assert_non_null(d);
    assert_int_equal(d->pos.line, 1);
    assert_int_equal(d->pos.column, 15);
    assert_int_equal(d->color, SGF_WHITE);
    assert_true(d->has_point);
    assert_int_equal(d->point.x, 2);
    assert_non_null(strstr(d->message, "C7"));
    done(&x);
}

static void test_replay_single_stone_suicide(void **state)
{
    (void)state;
    const char *sgf = "(;SZ[9];B[ba];W[ee];B[ab];W[aa])";
    expect(sgf, "japanese", "illegal-suicide@4");
    expect(sgf, "chinese", "illegal-suicide@4");
    /* suicide allowed, position unchanged: positional superko forbids it
     * (Tromp-Taylor), situational superko does not (New Zealand) */
    expect(sgf, "tromp-taylor", "illegal-superko@4");
    expect(sgf, "nz", "");
}

/* After setup without PL[], the position's side to move is the colour
 * of the first move played from it (White after handicap stones), in
 * each variation: situational superko compares it. */
static void test_replay_suicide_first_after_setup(void **state)
{
    (void)state;
    const char *sgf = "(;SZ[9]AB[ba][ab];W[aa])";
    expect(sgf, "nz", "");
    expect(sgf, "tromp-taylor", "illegal-superko@1");
    expect(sgf, "aga", "illegal-suicide@1");
    /* first variation: White was to move; second: Black was, passed,
     * and White's suicide brings back the start with Black to move */
    const char *two = "(;SZ[9]AB[ba][ab](;W[aa])(;B[];W[aa]))";
    run x = replay_with(two, "nz", true);
    assert_string_equal(codes(&x), "illegal-superko@2");
    done(&x);
    x = replay_with("(;SZ[9]AB[ba][ab](;B[];W[aa])(;W[aa]))", "nz", true);
    assert_string_equal(codes(&x), "illegal-superko@2");
    done(&x);
    expect("(;SZ[9]AB[ba][ab]PL[W];W[aa])", "nz", "");
}

static void test_replay_multi_stone_suicide(void **state)
{
    (void)state;
    const char *sgf = "(;SZ[9];B[ca];W[aa];B[ab];W[ee];B[bb];W[ba];B[gg])";
    expect(sgf, "japanese", "illegal-suicide@6");
    expect(sgf, "aga", "illegal-suicide@6");
    run x = replay_with(sgf, "nz", false);
    assert_string_equal(codes(&x), "");
    assert_int_equal(at(&x, "aa"), SGF_EMPTY);
    assert_int_equal(at(&x, "ba"), SGF_EMPTY);
    assert_int_equal(sgf_board_prisoners(sgf_replay_board(x.r), SGF_BLACK),
                     2);
    done(&x);
    expect(sgf, "tromp-taylor", "");
    expect(sgf, "ing", "");
}

/* Ko: B takes at cd, W retakes at once at cc. */
#define KO_SETUP "(;SZ[9]AB[bc][cb][cd]AW[db][ec][dd][cc]PL[B]"

static void test_replay_ko(void **state)
{
    (void)state;
    expect(KO_SETUP ";B[dc];W[cc])", "japanese", "illegal-ko@2");
    expect(KO_SETUP ";B[dc];W[cc])", "chinese", "illegal-ko@2");
    /* after a ko threat the retake is legal */
    expect(KO_SETUP ";B[dc];W[hh];B[hg];W[cc])", "japanese", "");
    /* KO[] marks an illegal move to be executed: no error there */
    expect(KO_SETUP ";B[dc];W[cc]KO[])", "japanese", "");
}

static void test_replay_snapback_is_not_ko(void **state)
{
    (void)state;
    /* White's two stones ba, bb have two liberties; B throws in at aa, W
     * takes it at ab, B takes back three stones at aa (snapback). */
    const char *sgf = "(;SZ[9]AB[ca][cb][bc][ac]AW[ba][bb]PL[B]"
                      ";B[aa];W[ab];B[aa])";
    run x = replay_with(sgf, "japanese", false);
    assert_string_equal(codes(&x), "");
    assert_int_equal(at(&x, "ba"), SGF_EMPTY);
    assert_int_equal(at(&x, "ab"), SGF_EMPTY);
    assert_int_equal(at(&x, "aa"), SGF_BLACK);
    assert_int_equal(sgf_board_prisoners(sgf_replay_board(x.r), SGF_BLACK),
                     3);
    assert_int_equal(sgf_board_prisoners(sgf_replay_board(x.r), SGF_WHITE),
                     1);
    done(&x);
}

/* Three kos; six captures bring the position back (triple ko). */
#define TRIPLE_KO "(;SZ[13]AB[bc][cb][cd][bi][ch][cj][di][hf][ie][ig]" \
    "AW[db][ec][dd][cc][dh][ei][dj][je][kf][jg][if]PL[B]" \
    ";B[dc];W[ci];B[jf];W[cc];B[di];W[if])"

static void test_replay_triple_ko(void **state)
{
    (void)state;
    expect(TRIPLE_KO, "japanese", "repetition@6");
    expect(TRIPLE_KO, "korean", "repetition@6");
    expect(TRIPLE_KO, "chinese", "illegal-superko@6");
    expect(TRIPLE_KO, "aga", "illegal-superko@6");
    run x = replay_with(TRIPLE_KO, "japanese", false);
    const sgf_diag *d = sgf_collection_diag(x.c, x.first);
    assert_int_equal(d->severity, SGF_SEV_NOTE);
    done(&x);
}

/* What on_move saw of the moves that recreate a position. */
typedef struct repeats {
    char text[256];
} repeats;

static int note_repeat(void *payload, const sgf_replay_move *m)
{
    repeats *x = payload;
    if (m->result.verdict != SGF_VERDICT_SUPERKO && !m->result.repetition)
        return 0;
    size_t n = strlen(x->text);
    snprintf(x->text + n, sizeof x->text - n, "%s%u<-%u", n ? " " : "",
             m->move_number, m->repeats_move);
    return 0;
}

/* "move<-earlier" for each move that recreates a position, and the
 * first diagnostic's message. */
static const char *repeats_of(const char *sgf, const char *rules, bool all,
                              char *msg, size_t msg_size)
{
    static repeats x;
    sgf_collection *c;
    sgf_replay *r;
    sgf_rules rs;
    sgf_replay_options o = SGF_REPLAY_OPTIONS_INIT;
    x.text[0] = '\0';
    assert_int_equal(sgf_parse_buffer(&c, sgf, strlen(sgf), NULL), 0);
    assert_int_equal(sgf_replay_new(&r), 0);
    assert_int_equal(sgf_rules_preset(&rs, rules), 0);
    size_t first = sgf_collection_diag_count(c);
    o.rules = &rs;
    o.all_variations = all;
    o.on_move = note_repeat;
    o.payload = &x;
    assert_int_equal(sgf_replay_run(r, c, sgf_collection_game(c, 0), &o), 0);
    msg[0] = '\0';
    for (size_t i = first; i < sgf_collection_diag_count(c); i++) {
        const sgf_diag *d = sgf_collection_diag(c, i);
        if (d->code == SGF_D_ILLEGAL_SUPERKO || d->code == SGF_D_REPETITION) {
            snprintf(msg, msg_size, "%s", d->message);
            break;
        }
    }
    sgf_replay_free(r);
    sgf_collection_free(c);
    return x.text;
}

#define TRIPLE_KO_SETUP "(;SZ[13]AB[bc][cb][cd][bi][ch][cj][di][hf][ie][ig]" \
    "AW[db][ec][dd][cc][dh][ei][dj][je][kf][jg][if]PL[B]"
#define TRIPLE_KO_MOVES ";B[dc];W[ci];B[jf];W[cc];B[di];W[if]"

/* The move whose position a superko or repetition recreates: the
 * position after the setup (0), after a later move, counted with the
 * moves off the board (numbered, not played) and per variation. */
static void test_replay_repeated_position_source(void **state)
{
    (void)state;
    char msg[256];
    assert_string_equal(repeats_of(TRIPLE_KO, "chinese", false, msg,
                                   sizeof msg), "6<-0");
    assert_string_equal(msg, "illegal move 6: W at if (J8): recreates the "
                        "whole-board position before move 1 (positional "
                        "superko, chinese rules)");
    const char *later = TRIPLE_KO_SETUP ";B[mm];W[ml]" TRIPLE_KO_MOVES ")";
    assert_string_equal(repeats_of(later, "aga", false, msg, sizeof msg),
                        "8<-2");
    assert_string_equal(msg, "illegal move 8: W at if (J8): recreates the "
                        "whole-board position after move 2 (situational "
                        "superko, aga rules)");
    assert_string_equal(repeats_of(later, "japanese", false, msg,
                                   sizeof msg), "8<-2");
    assert_string_equal(msg, "move 8: W at if (J8) repeats the whole-board "
                        "position after move 2 (triple ko or the like: "
                        "under japanese rules the game may be void)");
    /* move 1 is off the board: numbered, not played */
    const char *off = TRIPLE_KO_SETUP ";B[zz];W[ml];B[mm];W[ll]"
                      TRIPLE_KO_MOVES ")";
    assert_string_equal(repeats_of(off, "chinese", false, msg, sizeof msg),
                        "10<-4");
    /* the first variation's move off the board is not on the second's
     * path */
    const char *vars = TRIPLE_KO_SETUP "(;B[zz];W[ml])(;B[mm];W[ll]"
                       TRIPLE_KO_MOVES "))";
    assert_string_equal(repeats_of(vars, "chinese", true, msg, sizeof msg),
                        "8<-2");
    /* positional superko: the earlier position had the other player to
     * move (a single-stone suicide leaves the board as it was) */
    assert_string_equal(repeats_of("(;SZ[9];B[ba];W[ee];B[ab];W[aa])",
                                   "tromp-taylor", false, msg, sizeof msg),
                        "4<-3");
    assert_string_equal(msg, "illegal move 4: W at aa (A9): recreates the "
                        "whole-board position after move 3 (positional "
                        "superko, tromp-taylor rules)");
}

static void test_replay_consecutive_moves(void **state)
{
    (void)state;
    expect("(;SZ[9];B[cc];B[gg];W[cg])", "japanese", "consecutive-moves@2");
    expect("(;SZ[9];B[cc];PL[B]B[gg];W[cg])", "japanese", "");
    /* White may move first (handicap, problems) */
    expect("(;SZ[9];W[cc];B[gg])", "japanese", "");
}

/* The text of the warning, put together without printf: the move
 * number of two digits, the colour, the point with and without a
 * vertex (none above 25 columns). */
static void test_replay_consecutive_moves_text(void **state)
{
    (void)state;
    run x = replay_with("(;SZ[9];B[cc];B[gg];W[cg])", "japanese", false);
    const sgf_diag *d = sgf_collection_diag(x.c, x.first);
    assert_string_equal(d->message, "move 2: two successive moves by black "
                        "(B at gg (G3))");
    done(&x);
    x = replay_with("(;SZ[30];B[aa];W[ab];B[ac];W[ad];B[ae];W[af];B[ag];"
                    "W[ah];B[ai];W[aj];W[ak])", "japanese", false);
    d = sgf_collection_diag(x.c, x.first);
    assert_int_equal(d->move_number, 11);
    assert_string_equal(d->message, "move 11: two successive moves by "
                        "white (W at ak)");
    done(&x);
}

static void test_replay_passes_and_end(void **state)
{
    (void)state;
    expect("(;SZ[19];B[dd];W[];B[pp];W[tt];B[dp])", "japanese", "");
    expect("(;SZ[9];B[cc];W[];B[];W[gg])", "japanese", "move-after-end@4");
    expect("(;SZ[9];B[cc];W[];B[];W[gg])", "egf", "");
    expect("(;SZ[9];B[cc];W[];B[];W[];B[gg])", "egf", "move-after-end@5");
    /* AGA: White passes last; after W-pass, B-pass White passes again */
    expect("(;SZ[9];B[cc];W[];B[];W[gg])", "aga", "");
    expect("(;SZ[9];W[cc];B[];W[];B[gg])", "aga", "move-after-end@4");
}

static void test_replay_tt_is_a_point_above_19(void **state)
{
    (void)state;
    run x = replay_with("(;SZ[21];B[tt];W[uu];B[];W[aa])", "japanese",
                        false);
    assert_string_equal(codes(&x), "");
    assert_int_equal(at(&x, "tt"), SGF_BLACK);
    assert_int_equal(at(&x, "uu"), SGF_WHITE);
    assert_int_equal(sgf_replay_move_number(x.r), 4);
    done(&x);
}

static void test_replay_setup_mid_game(void **state)
{
    (void)state;
    run x = replay_with("(;SZ[9];B[cc];W[gg];AE[cc]AB[ee];B[cg];W[gc])",
                        "japanese", false);
    assert_string_equal(codes(&x), "");
    assert_int_equal(at(&x, "cc"), SGF_EMPTY);
    assert_int_equal(at(&x, "ee"), SGF_BLACK);
    assert_int_equal(sgf_replay_move_number(x.r), 4);
    assert_int_equal(sgf_board_prisoners(sgf_replay_board(x.r), SGF_WHITE),
                     0);
    done(&x);
}

static void test_replay_variations(void **state)
{
    (void)state;
    const char *sgf = "(;SZ[9];B[cc](;W[gg];B[gc])(;W[cc];B[dd])"
                      "(;W[ee];B[ee]))";
    run x = replay_with(sgf, "japanese", false);
    assert_string_equal(codes(&x), "");
    done(&x);
    x = replay_with(sgf, "japanese", true);
    assert_string_equal(codes(&x), "illegal-occupied@2 illegal-occupied@3");
    /* the walk undid each variation: the last one is on the board */
    assert_int_equal(at(&x, "gg"), SGF_EMPTY);
    assert_int_equal(at(&x, "ee"), SGF_BLACK);
    done(&x);
}

static void test_replay_path(void **state)
{
    (void)state;
    const char *sgf = "(;SZ[9];B[cc](;W[gg];B[gc])(;W[cg](;B[gg])"
                      "(;B[dd];W[ee])))";
    sgf_collection *c;
    sgf_replay *r;
    assert_int_equal(sgf_parse_buffer(&c, sgf, strlen(sgf), NULL), 0);
    assert_int_equal(sgf_replay_new(&r), 0);
    unsigned path[2] = { 1, 1 };
    sgf_replay_options o = SGF_REPLAY_OPTIONS_INIT;
    o.path = path;
    o.path_len = 2;
    assert_int_equal(sgf_replay_run(r, c, sgf_collection_game(c, 0), &o), 0);
    assert_int_equal(sgf_replay_move_number(r), 4);
    sgf_point ee = { 4, 4 };
    assert_int_equal(sgf_board_at(sgf_replay_board(r), ee), SGF_WHITE);
    path[1] = 5;
    assert_int_equal(sgf_replay_run(r, c, sgf_collection_game(c, 0), &o),
                     SGF_EINVAL);
    o.path_len = 0;
    o.stop = true;
    o.stop_after = 1;
    assert_int_equal(sgf_replay_run(r, c, sgf_collection_game(c, 0), &o), 0);
    assert_int_equal(sgf_replay_move_number(r), 1);
    o.stop_after = 0;
    assert_int_equal(sgf_replay_run(r, c, sgf_collection_game(c, 0), &o), 0);
    assert_int_equal(sgf_replay_move_number(r), 0);
    sgf_replay_free(r);
    sgf_collection_free(c);
}

static void test_replay_rules_from_record(void **state)
{
    (void)state;
    run x = replay_with("(;SZ[9]RU[Chinese];B[cc])", NULL, false);
    assert_string_equal(sgf_replay_rules(x.r)->name, "chinese");
    assert_false(sgf_replay_rules_defaulted(x.r));
    done(&x);
    x = replay_with("(;SZ[9];B[cc])", NULL, false);
    assert_true(sgf_replay_rules_defaulted(x.r));
    const sgf_diag *d = sgf_collection_diag(x.c, x.first);
    assert_int_equal(d->code, SGF_D_RULES_DEFAULTED);
    assert_int_equal(d->severity, SGF_SEV_NOTE);
    done(&x);
}

/* One replayer for many records, as sgf-validate uses it: each run reads
 * its own RU[] (the last one is remembered, which must not leak), and
 * starts from an empty board and history (a record replayed twice
 * repeats no position of the first run). */
static void test_replay_reused_for_many_records(void **state)
{
    (void)state;
    static const char *sgf =
        "(;SZ[9]RU[Chinese];B[cc];W[gg])(;SZ[9]RU[Japanese];B[cc];W[gg])"
        "(;SZ[9]RU[Chinese];B[cc];W[gg])(;SZ[9]RU[foo];B[cc])"
        "(;SZ[9]RU[foo];B[cc])(;SZ[13];B[cc])(;SZ[9]RU[AGA];B[cc])";
    static const char *want[] = { "chinese", "japanese", "chinese",
                                  "japanese", "japanese", "japanese",
                                  "aga" };
    static const bool defaulted[] = { false, false, false, true, true,
                                      true, false };
    sgf_collection *c;
    sgf_replay *r;
    assert_int_equal(sgf_parse_buffer(&c, sgf, strlen(sgf), NULL), 0);
    assert_int_equal(sgf_replay_new(&r), 0);
    assert_int_equal(sgf_collection_game_count(c), 7);
    size_t first = sgf_collection_diag_count(c);
    for (size_t i = 0; i < 7; i++) {
        assert_int_equal(sgf_replay_run(r, c, sgf_collection_game(c, i),
                                        NULL), 0);
        assert_string_equal(sgf_replay_rules(r)->name, want[i]);
        assert_int_equal(sgf_replay_rules_defaulted(r), defaulted[i]);
        assert_int_equal(sgf_replay_illegal_count(r), 0);
        assert_int_equal(sgf_history_move_count(sgf_replay_history(r)),
                         i < 3 ? 2 : 1);
        assert_int_equal(sgf_board_stone_count(sgf_replay_board(r),
                                               SGF_BLACK), 1);
    }
    size_t notes = 0;
    for (size_t i = first; i < sgf_collection_diag_count(c); i++) {
        const sgf_diag *d = sgf_collection_diag(c, i);
        assert_int_not_equal(d->code, SGF_D_ILLEGAL_SUPERKO);
        assert_int_not_equal(d->code, SGF_D_REPETITION);
        notes += d->code == SGF_D_RULES_DEFAULTED;
    }
    assert_int_equal(notes, 3);
    sgf_replay_free(r);
    sgf_collection_free(c);
}

/* The history forgets a record's positions for the next one, also when
 * a smaller board comes between two records of the same size (positions
 * are keyed by their points, not the board's size, and clearing sets
 * only as many lists of positions as the last board could fill). */
static void test_replay_forgets_positions_across_sizes(void **state)
{
    (void)state;
    static const char *sgf =
        "(;SZ[9]RU[Chinese];B[aa];W[ii];B[ab];W[ih];B[ac];W[ig])"
        "(;SZ[2]RU[Chinese];B[aa])"
        "(;SZ[9]RU[Chinese];B[aa];W[ii];B[ab];W[ih];B[ac];W[ig])";
    static const unsigned moves[] = { 6, 1, 6 };
    sgf_collection *c;
    sgf_replay *r;
    assert_int_equal(sgf_parse_buffer(&c, sgf, strlen(sgf), NULL), 0);
    assert_int_equal(sgf_replay_new(&r), 0);
    assert_int_equal(sgf_collection_game_count(c), 3);
    size_t first = sgf_collection_diag_count(c);
    for (size_t i = 0; i < 3; i++) {
        sgf_replay_options o = SGF_REPLAY_OPTIONS_INIT;
        o.all_variations = true;
        assert_int_equal(sgf_replay_run(r, c, sgf_collection_game(c, i),
                                        &o), 0);
        assert_int_equal(sgf_replay_illegal_count(r), 0);
        assert_int_equal(sgf_history_move_count(sgf_replay_history(r)),
                         moves[i]);
    }
    for (size_t i = first; i < sgf_collection_diag_count(c); i++) {
        const sgf_diag *d = sgf_collection_diag(c, i);
        assert_int_not_equal(d->code, SGF_D_ILLEGAL_SUPERKO);
        assert_int_not_equal(d->code, SGF_D_REPETITION);
    }
    sgf_replay_free(r);
    sgf_collection_free(c);
}

/* A move by the colour other than the PL[] before it names: warned
 * once (not also as two moves in a row, nor as Black's first move after
 * handicap stones); the colour PL names, or a node with neither PL nor a
 * move between, is not warned. */
static void test_replay_move_against_pl(void **state)
{
    (void)state;
    expect("(;SZ[9];PL[W];B[cc];W[dd])", "japanese", "move-against-pl@1");
    expect("(;SZ[9];B[cc];PL[W];B[dd])", "japanese", "move-against-pl@2");
    expect("(;SZ[9]AB[cc]PL[W];C[x];B[dd])", "japanese",
           "move-against-pl@1");
    expect("(;SZ[9]HA[2]AB[cc][gg]PL[W];B[ee])", "japanese",
           "move-against-pl@1");
    expect("(;SZ[9];B[cc];PL[B];B[dd])", "japanese", "");
    expect("(;SZ[9]AB[cc]PL[W];W[dd];W[ee])", "japanese",
           "consecutive-moves@2");
}

static void test_replay_handicap(void **state)
{
    (void)state;
    /* fixed placements, also turned (KGS's third stone at Q4) */
    expect("(;SZ[19]HA[2]AB[dp][pd];W[dd])", "japanese", "");
    expect("(;SZ[19]HA[3]AB[dp][pd][pp];W[dd])", "japanese", "");
    expect("(;SZ[19]HA[2]AB[dd][pp];W[dp])", "japanese", "");
    expect("(;SZ[19]HA[2]AB[cc][pp];W[dp])", "japanese",
           "handicap-placement@0");
    expect("(;SZ[19]HA[2]AB[cc][pp];W[dp])", "chinese", "");
    expect("(;SZ[19]HA[2]AB[dp][pd];B[dd])", "chinese", "handicap-turn@1");
}

/* What on_move saw, as "number:colour:point:verdict:ko" entries. */
static int log_move(void *payload, const sgf_replay_move *m)
{
    char *log = payload;
    size_t n = strlen(log);
    snprintf(log + n, 1024 - n, "%u:%d:%d,%d:%s:%d:%d ", m->move_number,
             (int)m->color, m->point.x, m->point.y,
             sgf_verdict_name(m->result.verdict), m->result.captured,
             m->ko_marked);
    return 0;
}

/* Everything a run shows: diagnostics, moves, last move, position. */
static void replay_summary(const char *sgf, char *out, size_t size)
{
    char log[1024] = "";
    sgf_collection *c;
    sgf_replay *r;
    sgf_rules rs;
    assert_int_equal(sgf_parse_buffer(&c, sgf, strlen(sgf), NULL), 0);
    assert_int_equal(sgf_replay_new(&r), 0);
    assert_int_equal(sgf_rules_preset(&rs, "chinese"), 0);
    sgf_replay_options o = SGF_REPLAY_OPTIONS_INIT;
    o.rules = &rs;
    o.all_variations = true;
    o.on_move = log_move;
    o.payload = log;
    size_t first = sgf_collection_diag_count(c);
    assert_int_equal(sgf_replay_run(r, c, sgf_collection_game(c, 0), &o),
                     0);
    run x = { c, r, first };
    sgf_color color = SGF_EMPTY;
    sgf_point pt = { 0, 0 };
    bool pass = false;
    assert_true(sgf_replay_last_move(r, &color, &pt, &pass));
    snprintf(out, size, "%s| %s| %u %d %d,%d %d %llx", codes(&x), log,
             sgf_replay_move_number(r), (int)color, pt.x, pt.y, pass,
             (unsigned long long)sgf_board_hash(sgf_replay_board(r)));
    done(&x);
}

/* A node read as one move (";B[cc]") is played without its properties
 * being walked: with a comment beside each move, every result is the
 * same. */
static void test_replay_plain_move_nodes(void **state)
{
    (void)state;
    static const char *pairs[][2] = {
        /* captures, ko, KO[], a repeated colour, variations */
        { "(;SZ[5];B[bb];W[cb];B[ac];W[bc];B[cc];W[dc];B[bd];W[cd]"
          ";B[bc];W[cc];B[cc]KO[](;W[aa];W[ab])(;B[ee]))",
          "(;SZ[5];B[bb]C[x];W[cb]C[x];B[ac]C[x];W[bc]C[x];B[cc]C[x]"
          ";W[dc]C[x];B[bd]C[x];W[cd]C[x];B[bc]C[x];W[cc]C[x]"
          ";B[cc]KO[](;W[aa]C[x];W[ab]C[x])(;B[ee]C[x]))" },
        /* off the board, upper case, a pass as tt, the end of the game */
        { "(;SZ[19];B[dd];W[tt];B[];W[zz];B[aA];W[pp];B[qq])",
          "(;SZ[19];B[dd]C[x];W[tt]C[x];B[]C[x];W[zz]C[x];B[aA]C[x]"
          ";W[pp]C[x];B[qq]C[x])" },
        /* the first move after handicap stones, in two variations */
        { "(;SZ[19]HA[2]AB[dp][pd](;B[dd];W[pp])(;B[pp]))",
          "(;SZ[19]HA[2]AB[dp][pd](;B[dd]C[x];W[pp]C[x])(;B[pp]C[x]))" },
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        char plain[2048], walked[2048];
        replay_summary(pairs[i][0], plain, sizeof plain);
        replay_summary(pairs[i][1], walked, sizeof walked);
        assert_string_equal(plain, walked);
    }
    char got[2048];
    replay_summary(pairs[2][0], got, sizeof got);
    assert_non_null(strstr(got, "handicap-turn@1 handicap-turn@1|"));
    replay_summary(pairs[1][0], got, sizeof got);
    /* W[zz] and B[aA] are off the board: not played, still counted */
    assert_non_null(strstr(got, "move-after-end@4|"));
    assert_non_null(strstr(got, "| 7 1 16,16 0 "));
}

/* Moves before the first branching point (and after the last) leave
 * no undo record: backing up to a branching point still restores the
 * position exactly, captures included. */
static void test_replay_undo_after_unrecorded_moves(void **state)
{
    (void)state;
    run x = replay_with("(;SZ[5];B[ab];W[aa];B[ba](;W[bb];B[cc];W[dd])"
                        "(;W[cc]))", "japanese", true);
    run y = replay_with("(;SZ[5];B[ab];W[aa];B[ba];W[cc])", "japanese",
                        false);
    assert_string_equal(codes(&x), "");
    assert_int_equal(at(&x, "aa"), SGF_EMPTY);
    assert_int_equal(at(&x, "bb"), SGF_EMPTY);
    assert_int_equal(at(&x, "dd"), SGF_EMPTY);
    assert_int_equal(at(&x, "cc"), SGF_WHITE);
    const sgf_board *bx = sgf_replay_board(x.r);
    const sgf_board *by = sgf_replay_board(y.r);
    assert_int_equal(sgf_board_prisoners(bx, SGF_BLACK), 1);
    assert_true(sgf_board_hash(bx) == sgf_board_hash(by));
    assert_int_equal(sgf_history_move_count(sgf_replay_history(x.r)), 4);
    assert_int_equal(sgf_history_occurrences(sgf_replay_history(x.r),
                                             sgf_board_hash(bx),
                                             SGF_BLACK), 1);
    done(&x);
    done(&y);
}

static void test_replay_not_go(void **state)
{
    (void)state;
    expect("(;GM[2]SZ[8];B[ab];W[ab])", "japanese", "");
    /* nothing of the game replayed before stays: a Go game without RU[]
     * (rules defaulted), then one that is not Go, on one replayer */
    static const char two[] = "(;GM[1]SZ[9];B[aa])(;GM[2]RU[AGA])";
    sgf_collection *c = NULL;
    sgf_replay *r = NULL;
    assert_int_equal(sgf_parse_buffer(&c, two, strlen(two), NULL), 0);
    assert_int_equal(sgf_replay_new(&r), 0);
    assert_int_equal(sgf_replay_run(r, c, sgf_collection_game(c, 0), NULL),
                     0);
    assert_true(sgf_replay_rules_defaulted(r));
    assert_int_equal(sgf_replay_run(r, c, sgf_collection_game(c, 1), NULL),
                     0);
    assert_false(sgf_replay_rules_defaulted(r));
    assert_string_equal(sgf_replay_rules(r)->name, "japanese");
    sgf_replay_free(r);
    sgf_collection_free(c);
}

/* The end of the first line walked, where a finished game's TB/TW
 * markup is: main line, path, all variations (the main line's end), a
 * stop before the end; NULL when nothing was walked. */
static const char *end_comment(const sgf_replay *r)
{
    const sgf_node *n = sgf_replay_line_end(r);
    const sgf_prop *p = n ? sgf_node_find_prop(n, SGF_PROP_C) : NULL;
    return p ? sgf_prop_text(p, 0).ptr : "(none)";
}

static void test_replay_line_end(void **state)
{
    (void)state;
    const char *sgf = "(;SZ[9];B[cc]C[one](;W[gg]C[main];C[end])"
                      "(;W[cg]C[side](;B[gg]C[a])(;B[dd]C[b]))))"
                      "(;GM[2];B[aa]C[x])";
    sgf_collection *c;
    sgf_replay *r;
    assert_int_equal(sgf_parse_buffer(&c, sgf, strlen(sgf), NULL), 0);
    assert_int_equal(sgf_replay_new(&r), 0);
    const sgf_game *g = sgf_collection_game(c, 0);
    sgf_replay_options o = SGF_REPLAY_OPTIONS_INIT;
    assert_int_equal(sgf_replay_run(r, c, g, &o), 0);
    assert_string_equal(end_comment(r), "end");
    o.all_variations = true;
    assert_int_equal(sgf_replay_run(r, c, g, &o), 0);
    assert_string_equal(end_comment(r), "end");
    o.all_variations = false;
    unsigned path[2] = { 1, 1 };
    o.path = path;
    o.path_len = 2;
    assert_int_equal(sgf_replay_run(r, c, g, &o), 0);
    assert_string_equal(end_comment(r), "b");
    o.path_len = 0;
    o.stop = true;
    o.stop_after = 1;
    assert_int_equal(sgf_replay_run(r, c, g, &o), 0);
    assert_string_equal(end_comment(r), "one");    /* after move 1 */
    o.stop = false;
    assert_int_equal(sgf_replay_run(r, c, sgf_collection_game(c, 1), &o),
                     0);
    assert_null(sgf_replay_line_end(r));            /* GM[2]: no walk */
    sgf_replay_free(r);
    sgf_collection_free(c);
}

/* A quiet replay only reads the collection: faults of every kind the
 * replay finds (illegal moves, setup that changes nothing, no RU[]) add
 * no diagnostic, so that several threads may replay one collection. */
/* PL[] of a setup node is read for the move that follows it: no order
 * warning for that move (as when PL stands in the move's own node). */
static void test_replay_pl_carries_to_next_move(void **state)
{
    (void)state;
    expect("(;GM[1]SZ[9];B[cc];AB[aa]PL[B];B[bb])", "japanese", "");
    expect("(;GM[1]SZ[9];B[cc];AB[aa]PL[B]B[bb])", "japanese", "");
    expect("(;GM[1]SZ[9];B[cc];AB[aa];B[bb])", "japanese",
           "consecutive-moves@2");
    /* only for a move of the colour it names: the other colour's is
     * warned as against PL (once, not also as two moves in a row) */
    expect("(;GM[1]SZ[9];B[cc];AB[aa]PL[W];B[bb])", "japanese",
           "move-against-pl@2");
    /* a later setup without PL says the turn anew: no PL for the move */
    expect("(;GM[1]SZ[9];B[cc];AB[aa]PL[B];AW[ee];B[bb])", "japanese",
           "consecutive-moves@2");
    /* it is used once: the move after it is judged as usual */
    expect("(;GM[1]SZ[9];B[cc];AB[aa]PL[B];B[bb];B[dd])", "japanese",
           "consecutive-moves@3");
}

static void test_replay_quiet_adds_nothing(void **state)
{
    (void)state;
    static const char sgf[] = "(;GM[1]SZ[9]AB[aa];AB[aa]AE[ee];B[bb];W[bb]"
                              "(;B[cc])(;W[dd];W[ee]))";
    sgf_collection *c = NULL;
    sgf_replay *r = NULL;
    assert_int_equal(sgf_parse_buffer(&c, sgf, strlen(sgf), NULL), 0);
    assert_int_equal(sgf_replay_new(&r), 0);
    size_t before = sgf_collection_diag_count(c);
    sgf_replay_options o = SGF_REPLAY_OPTIONS_INIT;
    o.quiet = true;
    o.all_variations = true;
    assert_int_equal(sgf_replay_run(r, c, sgf_collection_game(c, 0), &o), 0);
    assert_int_equal(sgf_collection_diag_count(c), before);
    o.quiet = false;                   /* the same run, heard */
    assert_int_equal(sgf_replay_run(r, c, sgf_collection_game(c, 0), &o), 0);
    size_t no_effect = 0;
    for (size_t i = before; i < sgf_collection_diag_count(c); i++)
        no_effect += sgf_collection_diag(c, i)->code == SGF_D_SETUP_NO_EFFECT;
    assert_int_equal(no_effect, 2);
    /* a path with no array but a length is refused */
    o.path = NULL;
    o.path_len = 3;
    o.all_variations = false;
    assert_int_equal(sgf_replay_run(r, c, sgf_collection_game(c, 0), &o),
                     SGF_EINVAL);
    sgf_replay_free(r);
    sgf_collection_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replay_capture_in_corner),
        cmocka_unit_test(test_replay_quiet_adds_nothing),
        cmocka_unit_test(test_replay_pl_carries_to_next_move),
        cmocka_unit_test(test_replay_occupied),
        cmocka_unit_test(test_replay_single_stone_suicide),
        cmocka_unit_test(test_replay_suicide_first_after_setup),
        cmocka_unit_test(test_replay_multi_stone_suicide),
        cmocka_unit_test(test_replay_ko),
        cmocka_unit_test(test_replay_snapback_is_not_ko),
        cmocka_unit_test(test_replay_triple_ko),
        cmocka_unit_test(test_replay_repeated_position_source),
        cmocka_unit_test(test_replay_consecutive_moves),
        cmocka_unit_test(test_replay_consecutive_moves_text),
        cmocka_unit_test(test_replay_passes_and_end),
        cmocka_unit_test(test_replay_tt_is_a_point_above_19),
        cmocka_unit_test(test_replay_setup_mid_game),
        cmocka_unit_test(test_replay_variations),
        cmocka_unit_test(test_replay_line_end),
        cmocka_unit_test(test_replay_path),
        cmocka_unit_test(test_replay_rules_from_record),
        cmocka_unit_test(test_replay_reused_for_many_records),
        cmocka_unit_test(test_replay_forgets_positions_across_sizes),
        cmocka_unit_test(test_replay_move_against_pl),
        cmocka_unit_test(test_replay_handicap),
        cmocka_unit_test(test_replay_plain_move_nodes),
        cmocka_unit_test(test_replay_undo_after_unrecorded_moves),
        cmocka_unit_test(test_replay_not_go),
    };
    return cmocka_run_group_tests_name("replay", tests, NULL, NULL);
}
