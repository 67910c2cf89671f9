/*
 * test_rules.c - sgf_rules: every preset's parameters, preset names and
 * aliases, RU[] strings as real records and KataGo write them, game end,
 * handicap compensation, the description line, and the fixed handicap
 * tables (GTP / GNU Go and the Russian order) on 19x19, 13x13, 9x9 and
 * odd sizes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <sgf/rules.h>

/* ---- presets --------------------------------------------------------- */

static const struct {
    const char *name;
    sgf_ko_rule ko;
    sgf_suicide_rule suicide;
    sgf_scoring scoring;
    bool remove_dead, seki_points_count;
    sgf_handicap_comp comp;
    double komi;
    int end_passes;
    bool white_passes_last, fixed_handicap;
} want[] = {
    { "japanese", SGF_KO_SIMPLE, SGF_SUICIDE_ILLEGAL, SGF_SCORING_TERRITORY,
      true, false, SGF_HANDICAP_COMP_NONE, 6.5, 2, false, true },
    { "korean", SGF_KO_SIMPLE, SGF_SUICIDE_ILLEGAL, SGF_SCORING_TERRITORY,
      true, false, SGF_HANDICAP_COMP_NONE, 6.5, 2, false, true },
    { "chinese", SGF_KO_POSITIONAL, SGF_SUICIDE_ILLEGAL, SGF_SCORING_AREA,
      true, true, SGF_HANDICAP_COMP_N, 7.5, 2, false, false },
    { "aga", SGF_KO_SITUATIONAL, SGF_SUICIDE_ILLEGAL, SGF_SCORING_AREA,
      true, true, SGF_HANDICAP_COMP_N_MINUS_1, 7.5, 2, true, false },
    { "nz", SGF_KO_SITUATIONAL, SGF_SUICIDE_LEGAL, SGF_SCORING_AREA,
      true, true, SGF_HANDICAP_COMP_NONE, 7.0, 2, false, false },
    { "tromp-taylor", SGF_KO_POSITIONAL, SGF_SUICIDE_LEGAL, SGF_SCORING_AREA,
      false, true, SGF_HANDICAP_COMP_NONE, 7.5, 2, false, false },
    { "ing", SGF_KO_POSITIONAL, SGF_SUICIDE_SINGLE_STONE_ILLEGAL,
      SGF_SCORING_AREA, true, true, SGF_HANDICAP_COMP_NONE, 7.5, 2, false,
      false },
    { "egf", SGF_KO_SITUATIONAL, SGF_SUICIDE_ILLEGAL, SGF_SCORING_TERRITORY,
      true, false, SGF_HANDICAP_COMP_NONE, 7.0, 3, false, false },
};

#define N_PRESETS (sizeof want / sizeof want[0])

static void check_preset(const sgf_rules *r, size_t i)
{
    assert_int_equal(r->version, SGF_RULES_VERSION);
    assert_string_equal(r->name, want[i].name);
    assert_int_equal(r->ko, want[i].ko);
    assert_int_equal(r->suicide, want[i].suicide);
    assert_int_equal(r->scoring, want[i].scoring);
    assert_int_equal(r->remove_dead, want[i].remove_dead);
    assert_int_equal(r->seki_points_count, want[i].seki_points_count);
    assert_int_equal(r->handicap_comp, want[i].comp);
    assert_true(r->komi == want[i].komi);
    assert_int_equal(r->end_passes, want[i].end_passes);
    assert_int_equal(r->white_passes_last, want[i].white_passes_last);
    assert_int_equal(r->fixed_handicap, want[i].fixed_handicap);
}

/* sgf_rules_from_ru's answer as one value: 1 named a rule set, 0
 * defaulted to japanese, or the error. */
static int ru_read(sgf_rules *r, const char *ru, size_t len)
{
    bool matched = true;
    int rc = sgf_rules_from_ru(r, ru, len, &matched);
    return rc != 0 ? rc : matched;
}

static void test_rules_every_preset(void **state)
{
    (void)state;
    assert_int_equal(sgf_rules_preset_count(), N_PRESETS);
    for (size_t i = 0; i < N_PRESETS; i++) {
        sgf_rules r;
        assert_string_equal(sgf_rules_preset_name(i), want[i].name);
        assert_int_equal(sgf_rules_preset(&r, want[i].name), SGF_OK);
        check_preset(&r, i);
    }
    assert_null(sgf_rules_preset_name(N_PRESETS));
}

static void test_rules_init_is_japanese(void **state)
{
    sgf_rules r = SGF_RULES_INIT;
    (void)state;
    check_preset(&r, 0);
}

static size_t preset_index(const char *name)
{
    for (size_t i = 0; i < N_PRESETS; i++)
        if (strcmp(want[i].name, name) == 0)
            return i;
    fail_msg("no preset %s", name);
    return 0;
}

static void test_rules_preset_aliases(void **state)
{
    static const struct {
        const char *alias, *preset;
    } cases[] = {
        { "JAPANESE", "japanese" }, { "jp", "japanese" },
        { "Korean", "korean" }, { "kr", "korean" },
        { "Chinese", "chinese" }, { "CN", "chinese" },
        { "AGA", "aga" }, { "NZ", "nz" }, { "New-Zealand", "nz" },
        { "new zealand", "nz" }, { "Tromp_Taylor", "tromp-taylor" },
        { "tromp taylor", "tromp-taylor" }, { "TT", "tromp-taylor" },
        { "GOE", "ing" }, { "Ing", "ing" }, { "EGF", "egf" },
    };
    sgf_rules r;
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(&r, 0, sizeof r);
        assert_int_equal(sgf_rules_preset(&r, cases[i].alias), SGF_OK);
        check_preset(&r, preset_index(cases[i].preset));
    }
    r.komi = 42;
    assert_int_equal(sgf_rules_preset(&r, "japanese rules"), SGF_EINVAL);
    assert_int_equal(sgf_rules_preset(&r, "stone-scoring"), SGF_EINVAL);
    assert_int_equal(sgf_rules_preset(&r, "a-name-too-long-for-any-preset"),
                     SGF_EINVAL);
    assert_true(r.komi == 42);   /* unchanged */
    assert_int_equal(sgf_rules_preset(NULL, "aga"), SGF_EINVAL);
    assert_int_equal(sgf_rules_preset(&r, NULL), SGF_EINVAL);
}

/* ---- RU[] ------------------------------------------------------------ */

static void test_rules_ru_strings(void **state)
{
    static const struct {
        const char *ru, *preset;
    } cases[] = {
        /* what the corpus holds */
        { "Japanese", "japanese" }, { "japanese", "japanese" },
        { "Chinese", "chinese" }, { "chinese", "chinese" },
        { "AGA", "aga" }, { "NZ", "nz" },
        /* short forms and server names */
        { "JP", "japanese" }, { "jp", "japanese" }, { "cn", "chinese" },
        { "GOE", "ing" }, { "Ing", "ing" }, { "ing goe", "ing" },
        { "New Zealand", "nz" }, { "NewZealand", "nz" },
        { "new-zealand", "nz" }, { "Korean", "korean" },
        { "Tromp-Taylor", "tromp-taylor" }, { "tromp taylor", "tromp-taylor" },
        { "TrompTaylor", "tromp-taylor" }, { "TT", "tromp-taylor" },
        { "EGF", "egf" }, { "European", "egf" },
        /* longer texts */
        { "Japanese (Nihon Ki-in)", "japanese" },
        { "Chinese, pair go", "chinese" }, { "AGA 2004", "aga" },
        { "Korean rules", "korean" }, { "GOE rules", "ing" },
        { "  Japanese  ", "japanese" }, { "chinese-ogs", "chinese" },
        { "Chinese_KGS", "chinese" }, { "Nihon Kiin", "japanese" },
        /* CJK names (UTF-8) */
        { "\xe6\x97\xa5\xe6\x9c\xac\xe3\x83\xab\xe3\x83\xbc\xe3\x83\xab",
          "japanese" },                                 /* 日本ルール */
        { "\xe4\xb8\xad\xe5\x9b\xbd\xe8\xa7\x84\xe5\x88\x99",
          "chinese" },                                  /* 中国规则 */
        { "\xe9\x9f\xa9\xe5\x9b\xbd", "korean" },       /* 韩国 */
        { "\xed\x95\x9c\xea\xb5\xad \xea\xb7\x9c\xec\xb9\x99",
          "korean" },                                   /* 한국 규칙 */
        { "\xe6\x87\x89\xe6\xb0\x8f\xe8\xa6\x8f\xe5\x89\x87",
          "ing" },                                      /* 應氏規則 */
        /* KataGo compact strings */
        { "koPOSITIONALscoreAREAsui1", "tromp-taylor" },
        { "koSIMPLEscoreTERRITORYtaxSEKIsui0", "japanese" },
        { "koPOSITIONALscoreAREAtaxNONEsui0whbNfpok1", "chinese" },
        { "koSITUATIONALscoreAREAtaxNONEsui0whbN-1fpok1", "aga" },
        { "koSITUATIONALscoreAREAtaxNONEsui1whb0fpok1komi7", "nz" },
        { "koPOSITIONALscoreAREAtaxNONEsui1whb0fpok1", "ing" },
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sgf_rules r;
        const char *ru = cases[i].ru;
        int got = ru_read(&r, ru, strlen(ru));
        if (got != 1 || strcmp(r.name, cases[i].preset))
            fail_msg("RU[%s] gave %d %s, want %s", ru, got, r.name,
                     cases[i].preset);
        assert_int_equal(r.end_passes,
                         want[preset_index(cases[i].preset)].end_passes);
    }
}

static void test_rules_ru_katago_fields(void **state)
{
    sgf_rules r;
    const char *s = "koSIMPLEscoreAREAtaxNONEsui0whbNfpok1";
    (void)state;
    /* KataGo's own "chinese" (simple ko) is not our chinese: custom */
    assert_int_equal(ru_read(&r, s, strlen(s)), 1);
    assert_string_equal(r.name, "custom");
    assert_int_equal(r.ko, SGF_KO_SIMPLE);
    assert_int_equal(r.scoring, SGF_SCORING_AREA);
    assert_int_equal(r.suicide, SGF_SUICIDE_ILLEGAL);
    assert_int_equal(r.handicap_comp, SGF_HANDICAP_COMP_N);
    assert_true(r.seki_points_count);
    assert_true(r.remove_dead);
    assert_true(r.komi == 7.5);
    s = "koSIMPLEscoreTERRITORYtaxSEKIsui0komi6.5";
    assert_int_equal(ru_read(&r, s, strlen(s)), 1);
    assert_string_equal(r.name, "japanese");
    s = "koPOSITIONALscoreAREAsui1komi-3.5";
    assert_int_equal(ru_read(&r, s, strlen(s)), 1);
    assert_string_equal(r.name, "tromp-taylor");
    assert_true(r.komi == -3.5);
    s = "koSPIGHTscoreTERRITORYtaxALLsui1hasButton1";
    assert_int_equal(ru_read(&r, s, strlen(s)), 1);
    assert_string_equal(r.name, "custom");
    assert_int_equal(r.ko, SGF_KO_SIMPLE);
    assert_false(r.seki_points_count);
    assert_int_equal(r.suicide, SGF_SUICIDE_SINGLE_STONE_ILLEGAL);
    assert_true(r.komi == 6.5);
}

static void test_rules_ru_unknown_defaults_to_japanese(void **state)
{
    static const char *const unknown[] = {
        "", "   ", "house rules", "Stone scoring", "ko", "koBOGUS",
        "koSIMPLEscoreAREAsui2", "?",
    };
    sgf_rules r;
    (void)state;
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        memset(&r, 0, sizeof r);
        assert_int_equal(ru_read(&r, unknown[i],
                                           strlen(unknown[i])),
                         0);
        check_preset(&r, 0);
    }
    assert_int_equal(ru_read(&r, NULL, 0), 0);
    assert_int_equal(ru_read(&r, NULL, 5), SGF_EINVAL);   /* no bytes */
    assert_int_equal(ru_read(NULL, "AGA", 3), SGF_EINVAL);
    /* the length counts, not a NUL */
    assert_int_equal(ru_read(&r, "AGAxyz", 3), 1);
    assert_string_equal(r.name, "aga");
    assert_int_equal(ru_read(&r, "NZ", 1), 0);
}

/* ---- game end, compensation, description ----------------------------- */

static void test_rules_game_over(void **state)
{
    sgf_rules jp, egf, aga;
    (void)state;
    sgf_rules_preset(&jp, "japanese");
    sgf_rules_preset(&egf, "egf");
    sgf_rules_preset(&aga, "aga");
    assert_false(sgf_rules_game_over(&jp, 1, SGF_WHITE));
    assert_true(sgf_rules_game_over(&jp, 2, SGF_BLACK));
    assert_true(sgf_rules_game_over(NULL, 2, SGF_BLACK));
    assert_false(sgf_rules_game_over(&egf, 2, SGF_WHITE));
    assert_true(sgf_rules_game_over(&egf, 3, SGF_BLACK));
    assert_true(sgf_rules_game_over(&aga, 2, SGF_WHITE));   /* B, W */
    assert_false(sgf_rules_game_over(&aga, 2, SGF_BLACK));  /* W, B */
    assert_true(sgf_rules_game_over(&aga, 3, SGF_WHITE));   /* W, B, W */
    assert_false(sgf_rules_game_over(&aga, 0, SGF_EMPTY));
}

static void test_rules_handicap_bonus(void **state)
{
    static const struct {
        const char *preset;
        double four, one;
    } cases[] = {
        { "chinese", 4, 0 }, { "aga", 3, 0 }, { "japanese", 0, 0 },
        { "korean", 0, 0 }, { "nz", 0, 0 }, { "tromp-taylor", 0, 0 },
        { "ing", 0, 0 }, { "egf", 0, 0 },
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sgf_rules r;
        sgf_rules_preset(&r, cases[i].preset);
        assert_true(sgf_rules_handicap_bonus(&r, 4) == cases[i].four);
        assert_true(sgf_rules_handicap_bonus(&r, 1) == cases[i].one);
        assert_true(sgf_rules_handicap_bonus(&r, 0) == 0);
    }
    assert_true(sgf_rules_handicap_bonus(NULL, 4) == 0);
}

static void test_rules_format(void **state)
{
    sgf_rules r;
    char buf[200], small[10];
    (void)state;
    sgf_rules_preset(&r, "aga");
    int n = sgf_rules_format(buf, sizeof buf, &r);
    assert_string_equal(buf, "ko=situational suicide=illegal scoring=area "
                             "seki=counted dead=removed handicap=N-1 "
                             "komi=7.5 passes=2 white-passes-last");
    assert_int_equal(n, (int)strlen(buf));
    sgf_rules_preset(&r, "tromp-taylor");
    sgf_rules_format(buf, sizeof buf, &r);
    assert_string_equal(buf, "ko=positional suicide=legal scoring=area "
                             "seki=counted dead=kept handicap=none "
                             "komi=7.5 passes=2");
    sgf_rules_preset(&r, "ing");
    assert_int_equal(sgf_rules_format(small, sizeof small, &r),
                     sgf_rules_format(NULL, 0, &r));
    assert_string_equal(small, "ko=positi");
    assert_int_equal(sgf_rules_format(NULL, 5, &r), SGF_EINVAL);
    assert_int_equal(sgf_rules_format(buf, sizeof buf, NULL), SGF_EINVAL);
    r.ko = (sgf_ko_rule)9;
    assert_int_equal(sgf_rules_format(buf, sizeof buf, &r), SGF_EINVAL);
}

/* ---- handicap tables ------------------------------------------------- */

/* "D4 Q16 ..." on a size x size board into points; returns the count. */
static int vertices(sgf_point *out, const char *list, int size)
{
    int n = 0;
    for (const char *p = list; *p; ) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        int col = *p - 'A' - (*p > 'I');
        int row = atoi(p + 1);
        out[n].x = (uint8_t)col;
        out[n].y = (uint8_t)(size - row);
        n++;
        while (*p && *p != ' ')
            p++;
    }
    return n;
}

static bool same_set(const sgf_point *a, const sgf_point *b, int n)
{
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (j < n && (a[i].x != b[j].x || a[i].y != b[j].y))
            j++;
        if (j == n)
            return false;
    }
    return true;
}

static void expect_table(int size, sgf_handicap_layout layout,
                         const char *const *sets)
{
    for (int count = 2; count <= 9; count++) {
        sgf_point want_pts[9], got[9];
        const char *set = sets[count - 2];
        int n = set ? vertices(want_pts, set, size) : 0;
        if (set)
            assert_int_equal(n, count);
        int placed = -1;
        assert_int_equal(sgf_handicap_fixed_points(got, &placed, count, size,
                                                   size, layout), 0);
        assert_int_equal(placed, n);
        if (!set)
            continue;
        if (!same_set(got, want_pts, count))
            fail_msg("%dx%d, %d stones: not %s", size, size, count, set);
        /* reversed order matches too, and says which table */
        sgf_point rev[9];
        sgf_handicap_layout which = (sgf_handicap_layout)7;
        for (int i = 0; i < count; i++)
            rev[i] = want_pts[count - 1 - i];
        assert_true(sgf_handicap_is_fixed(rev, (size_t)count, size, size,
                                          &which));
        if (layout == SGF_HANDICAP_USUAL)
            assert_int_equal(which, SGF_HANDICAP_USUAL);
    }
}

static void test_rules_handicap_usual_19(void **state)
{
    static const char *const sets[] = {
        "D4 Q16", "D4 Q16 D16", "D4 Q16 D16 Q4", "D4 Q16 D16 Q4 K10",
        "D4 Q16 D16 Q4 D10 Q10", "D4 Q16 D16 Q4 D10 Q10 K10",
        "D4 Q16 D16 Q4 D10 Q10 K4 K16", "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10",
    };
    (void)state;
    expect_table(19, SGF_HANDICAP_USUAL, sets);
}

static void test_rules_handicap_russian_19(void **state)
{
    static const char *const sets[] = {
        "D16 Q4", "D16 Q4 Q16", "D16 Q4 Q16 D4", "D16 Q4 Q16 D4 K16",
        "D16 Q4 Q16 D4 K16 K4", "D16 Q4 Q16 D4 K16 K4 D10",
        "D16 Q4 Q16 D4 K16 K4 D10 Q10",
        "D16 Q4 Q16 D4 K16 K4 D10 Q10 K10",
    };
    sgf_point pts[9];
    sgf_handicap_layout which;
    (void)state;
    expect_table(19, SGF_HANDICAP_RUSSIAN, sets);
    /* where the tables differ, the answer names the Russian one */
    int n = vertices(pts, "D16 Q4 Q16 D4 K16", 19);
    assert_true(sgf_handicap_is_fixed(pts, (size_t)n, 19, 19, &which));
    assert_int_equal(which, SGF_HANDICAP_RUSSIAN);
    n = vertices(pts, "D16 Q4", 19);
    assert_true(sgf_handicap_is_fixed(pts, (size_t)n, 19, 19, &which));
    assert_int_equal(which, SGF_HANDICAP_RUSSIAN);
}

static void test_rules_handicap_small_boards(void **state)
{
    /* GNU Go's placements (checked by running it) and its rule for
     * the rest: 4-4 points from 12x12 up, 3-3 points below */
    static const char *const s12[] = {
        "J9 D4", "D9 J9 D4", "D9 J9 D4 J4", NULL, NULL, NULL, NULL, NULL,
    };
    static const char *const s11[] = {
        "J9 C3", "C9 J9 C3", "C9 J9 C3 J3", "C9 J9 F6 C3 J3",
        "C3 J9 C9 J3 C6 J6", "C3 J9 C9 J3 C6 J6 F6",
        "C3 J9 C9 J3 C6 J6 F3 F9", "C3 J9 C9 J3 C6 J6 F3 F9 F6",
    };
    static const char *const s13[] = {
        "D4 K10", "D4 K10 D10", "D4 K10 D10 K4", "D4 K10 D10 K4 G7",
        "D4 K10 D10 K4 D7 K7", "D4 K10 D10 K4 D7 K7 G7",
        "D4 K10 D10 K4 D7 K7 G4 G10", "D4 K10 D10 K4 D7 K7 G4 G10 G7",
    };
    static const char *const s9[] = {
        "C3 G7", "C3 G7 C7", "C3 G7 C7 G3", "C3 G3 C7 G7 E5",
        "C3 G7 C7 G3 C5 G5", "C3 G7 C7 G3 C5 G5 E5",
        "C3 G7 C7 G3 C5 G5 E3 E7", "C3 G7 C7 G3 C5 G5 E3 E7 E5",
    };
    static const char *const s8[] = {
        "C3 F6", "C3 F6 C6", "C3 F6 C6 F3", NULL, NULL, NULL, NULL, NULL,
    };
    static const char *const s7[] = {
        "C3 E5", "C3 E5 C5", "C3 E5 C5 E3", NULL, NULL, NULL, NULL, NULL,
    };
    static const char *const none[] = {
        NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    };
    sgf_point pts[9];
    (void)state;
    expect_table(13, SGF_HANDICAP_USUAL, s13);
    expect_table(12, SGF_HANDICAP_USUAL, s12);
    expect_table(11, SGF_HANDICAP_USUAL, s11);
    expect_table(9, SGF_HANDICAP_USUAL, s9);
    expect_table(8, SGF_HANDICAP_USUAL, s8);
    expect_table(7, SGF_HANDICAP_USUAL, s7);
    expect_table(6, SGF_HANDICAP_USUAL, none);
    expect_table(5, SGF_HANDICAP_RUSSIAN, none);
    /* rectangular boards have no fixed placement */
    int placed = -1;
    assert_int_equal(sgf_handicap_fixed_points(pts, &placed, 2, 19, 13,
                                               SGF_HANDICAP_USUAL), 0);
    assert_int_equal(placed, 0);
}

static void test_rules_handicap_rejects(void **state)
{
    sgf_point pts[10];
    (void)state;
    int n = vertices(pts, "D4 Q16 D16", 19);
    assert_true(sgf_handicap_is_fixed(pts, (size_t)n, 19, 19, NULL));
    pts[2] = pts[0];                                 /* repeated point */
    assert_false(sgf_handicap_is_fixed(pts, 3, 19, 19, NULL));
    n = vertices(pts, "D4 Q16 Q4", 19);              /* the mirror of 3 */
    assert_false(sgf_handicap_is_fixed(pts, (size_t)n, 19, 19, NULL));
    n = vertices(pts, "D4 Q16", 19);
    assert_false(sgf_handicap_is_fixed(pts, (size_t)n, 13, 13, NULL));
    assert_false(sgf_handicap_is_fixed(pts, 1, 19, 19, NULL));
    assert_false(sgf_handicap_is_fixed(NULL, 2, 19, 19, NULL));
    n = vertices(pts, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10 C3", 19);
    assert_false(sgf_handicap_is_fixed(pts, (size_t)n, 19, 19, NULL));
    n = vertices(pts, "D4 Q16 D16 Q4 K10", 19);      /* 5 on 19x19 ... */
    assert_false(sgf_handicap_is_fixed(pts, (size_t)n, 19, 18, NULL));
    int placed = -1;
    assert_int_equal(sgf_handicap_fixed_points(NULL, &placed, 2, 19, 19,
                                               SGF_HANDICAP_USUAL),
                     SGF_EINVAL);
    assert_int_equal(sgf_handicap_fixed_points(pts, NULL, 2, 19, 19,
                                               SGF_HANDICAP_USUAL),
                     SGF_EINVAL);
    assert_int_equal(sgf_handicap_fixed_points(pts, &placed, 2, 19, 19,
                                               (sgf_handicap_layout)5),
                     SGF_EINVAL);
    assert_int_equal(placed, -1);                    /* unchanged on error */
    assert_int_equal(sgf_handicap_fixed_points(pts, &placed, 10, 19, 19,
                                               SGF_HANDICAP_USUAL), 0);
    assert_int_equal(placed, 0);
    /* matched may be NULL; an error leaves it as it was */
    sgf_rules r;
    bool matched = true;
    assert_int_equal(sgf_rules_from_ru(&r, "AGA", 3, NULL), 0);
    assert_int_equal(sgf_rules_from_ru(NULL, "AGA", 3, &matched), SGF_EINVAL);
    assert_int_equal(sgf_rules_from_ru(&r, NULL, 5, &matched), SGF_EINVAL);
    assert_true(matched);
    assert_int_equal(sgf_rules_from_ru(&r, NULL, 0, &matched), 0);
    assert_false(matched);                    /* no RU: japanese assumed */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_every_preset),
        cmocka_unit_test(test_rules_init_is_japanese),
        cmocka_unit_test(test_rules_preset_aliases),
        cmocka_unit_test(test_rules_ru_strings),
        cmocka_unit_test(test_rules_ru_katago_fields),
        cmocka_unit_test(test_rules_ru_unknown_defaults_to_japanese),
        cmocka_unit_test(test_rules_game_over),
        cmocka_unit_test(test_rules_handicap_bonus),
        cmocka_unit_test(test_rules_format),
        cmocka_unit_test(test_rules_handicap_usual_19),
        cmocka_unit_test(test_rules_handicap_russian_19),
        cmocka_unit_test(test_rules_handicap_small_boards),
        cmocka_unit_test(test_rules_handicap_rejects),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
