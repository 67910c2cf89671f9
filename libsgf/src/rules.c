/*
 * rules.c - rule-set presets as one table, RU[] strings, game end,
 * handicap compensation and the fixed handicap tables.
 *
 * Every rule difference is a field of sgf_rules; the presets are rows of
 * one const table (sources in sgf/rules.h) and nothing else in the library
 * looks at a rule set's name. RU[] values are matched on their first words
 * (lower-cased, punctuation as separators), so the long forms real records
 * carry ("Japanese (Nihon Ki-in)", "Chinese, pair go") map as well as the
 * short ones; KataGo's compact strings are read key by key.
 */
#include <stdio.h>
#include <string.h>

#include <sgf/rules.h>
#include "rules_int.h"

enum { P_JAPANESE, P_KOREAN, P_CHINESE, P_AGA, P_NZ, P_TT, P_ING, P_EGF,
       P_COUNT };

#define RULES(name, ko, sui, sc, dead, seki, comp, komi, passes, wlast, \
              fixed) \
    { SGF_RULES_VERSION, name, SGF_KO_##ko, SGF_SUICIDE_##sui, \
      SGF_SCORING_##sc, dead, seki, SGF_HANDICAP_COMP_##comp, komi, \
      passes, wlast, fixed }

/* The presets, sources in sgf/rules.h. Columns:
 * ko, suicide, scoring, dead stones removed, seki points count, handicap
 * compensation, komi, passes ending the game, White passes last, fixed
 * handicap placement. */
static const sgf_rules presets[P_COUNT] = {
    RULES("japanese", SIMPLE, ILLEGAL, TERRITORY, true, false, NONE, 6.5,
          2, false, true),
    RULES("korean", SIMPLE, ILLEGAL, TERRITORY, true, false, NONE, 6.5,
          2, false, true),
    RULES("chinese", POSITIONAL, ILLEGAL, AREA, true, true, N, 7.5,
          2, false, false),
    RULES("aga", SITUATIONAL, ILLEGAL, AREA, true, true, N_MINUS_1, 7.5,
          2, true, false),
    RULES("nz", SITUATIONAL, LEGAL, AREA, true, true, NONE, 7.0,
          2, false, false),
    RULES("tromp-taylor", POSITIONAL, LEGAL, AREA, false, true, NONE, 7.5,
          2, false, false),
    RULES("ing", POSITIONAL, SINGLE_STONE_ILLEGAL, AREA, true, true, NONE,
          7.5, 2, false, false),
    RULES("egf", SITUATIONAL, ILLEGAL, TERRITORY, true, false, NONE, 7.0,
          3, false, false),
};

/* A column of the presets kept beside them (sgf_rules has no field for
 * it): who wins a count whose margin is 0. Ing's rules give komi 8 with
 * ties to Black (a tie is Black's win, never a draw); the others have
 * draws. */
static const sgf_color tie_winner[P_COUNT] = { [P_ING] = SGF_BLACK };

sgf_color sgf_rules_tie_winner(const sgf_rules *r)
{
    if (r == NULL || sgf__rules_unknown(r) || r->name == NULL)
        return SGF_EMPTY;
    for (int i = 0; i < P_COUNT; i++)
        if (strcmp(r->name, presets[i].name) == 0)
            return tie_winner[i];
    return SGF_EMPTY;
}

/* Names sgf_rules_preset accepts, normalised (lower case, no '-', '_' or
 * ' '). */
static const struct {
    const char *name;
    int preset;
} preset_names[] = {
    { "japanese", P_JAPANESE }, { "jp", P_JAPANESE },
    { "korean", P_KOREAN }, { "kr", P_KOREAN },
    { "chinese", P_CHINESE }, { "cn", P_CHINESE },
    { "aga", P_AGA },
    { "nz", P_NZ }, { "newzealand", P_NZ },
    { "tromptaylor", P_TT }, { "tt", P_TT },
    { "ing", P_ING }, { "goe", P_ING },
    { "egf", P_EGF },
};

/* How RU[] words map: the first word (W1) or the first two run together
 * (W12), equal to the pattern or starting with it. */
enum { W1_EXACT, W1_PREFIX, W12_PREFIX };

static const struct {
    const char *pattern;
    int how;
    int preset;
} ru_words[] = {
    { "japan", W1_PREFIX, P_JAPANESE }, { "jp", W1_EXACT, P_JAPANESE },
    { "nihon", W1_PREFIX, P_JAPANESE },
    { "kor", W1_PREFIX, P_KOREAN }, { "kr", W1_EXACT, P_KOREAN },
    { "chin", W1_PREFIX, P_CHINESE }, { "cn", W1_EXACT, P_CHINESE },
    { "aga", W1_PREFIX, P_AGA }, { "american", W1_PREFIX, P_AGA },
    { "nz", W1_EXACT, P_NZ }, { "newzealand", W12_PREFIX, P_NZ },
    { "tromp", W1_PREFIX, P_TT }, { "tt", W1_EXACT, P_TT },
    { "ing", W1_EXACT, P_ING }, { "goe", W1_PREFIX, P_ING },
    { "egf", W1_PREFIX, P_EGF }, { "europe", W1_PREFIX, P_EGF },
};

/* Names in Chinese, Japanese and Korean records (UTF-8). */
static const struct {
    const char *prefix;
    int preset;
} ru_cjk[] = {
    { "\xe6\x97\xa5\xe6\x9c\xac", P_JAPANESE },         /* 日本 */
    { "\xe4\xb8\xad\xe5\x9b\xbd", P_CHINESE },          /* 中国 */
    { "\xe4\xb8\xad\xe5\x9c\x8b", P_CHINESE },          /* 中國 */
    { "\xe9\x9f\xa9\xe5\x9b\xbd", P_KOREAN },           /* 韩国 */
    { "\xe9\x9f\x93\xe5\x9c\x8b", P_KOREAN },           /* 韓國 */
    { "\xe9\x9f\x93\xe5\x9b\xbd", P_KOREAN },           /* 韓国 */
    { "\xed\x95\x9c\xea\xb5\xad", P_KOREAN },           /* 한국 */
    { "\xe5\xba\x94\xe6\xb0\x8f", P_ING },              /* 应氏 */
    { "\xe6\x87\x89\xe6\xb0\x8f", P_ING },              /* 應氏 */
};

#define N_ITEMS(a) (sizeof(a) / sizeof((a)[0]))
#define WORD_MAX 32

size_t sgf_rules_preset_count(void)
{
    return P_COUNT;
}

const char *sgf_rules_preset_name(size_t i)
{
    return i < P_COUNT ? presets[i].name : NULL;
}

static int lower(int ch)
{
    return ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch;
}

static bool is_alnum(int ch)
{
    ch = lower(ch);
    return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9');
}

int sgf_rules_preset(sgf_rules *out, const char *name)
{
    char norm[WORD_MAX];
    size_t n = 0;
    if (!out || !name)
        return SGF_EINVAL;
    for (; *name; name++) {
        if (*name == '-' || *name == '_' || *name == ' ')
            continue;
        if (n + 1 >= sizeof norm)
            return SGF_EINVAL;
        norm[n++] = (char)lower((unsigned char)*name);
    }
    norm[n] = '\0';
    for (size_t i = 0; i < N_ITEMS(preset_names); i++)
        if (strcmp(norm, preset_names[i].name) == 0) {
            *out = presets[preset_names[i].preset];
            return SGF_OK;
        }
    return SGF_EINVAL;
}

/* ---- RU[] ------------------------------------------------------------ */

/* Copy the next word (run of ASCII letters and digits, lower-cased,
 * truncated to WORD_MAX - 1) from s[*pos..len) into w. */
static void next_word(const char *s, size_t len, size_t *pos, char *w)
{
    size_t n = 0;
    while (*pos < len && !is_alnum((unsigned char)s[*pos]))
        (*pos)++;
    while (*pos < len && is_alnum((unsigned char)s[*pos])) {
        if (n + 1 < WORD_MAX)
            w[n++] = (char)lower((unsigned char)s[*pos]);
        (*pos)++;
    }
    w[n] = '\0';
}

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Preset named by the words of s, or -1. */
static int match_words(const char *s, size_t len)
{
    char w1[WORD_MAX], w2[WORD_MAX], w12[2 * WORD_MAX];
    size_t pos = 0;
    next_word(s, len, &pos, w1);
    next_word(s, len, &pos, w2);
    snprintf(w12, sizeof w12, "%s%s", w1, w2);
    for (size_t i = 0; i < N_ITEMS(ru_words); i++) {
        const char *p = ru_words[i].pattern;
        bool hit = ru_words[i].how == W1_EXACT ? strcmp(w1, p) == 0
                   : ru_words[i].how == W1_PREFIX ? starts_with(w1, p)
                   : starts_with(w12, p);
        if (hit)
            return ru_words[i].preset;
    }
    return -1;
}

static int match_cjk(const char *s, size_t len)
{
    while (len > 0 && (*s == ' ' || *s == '\t')) {
        s++;
        len--;
    }
    for (size_t i = 0; i < N_ITEMS(ru_cjk); i++) {
        size_t n = strlen(ru_cjk[i].prefix);
        if (len >= n && memcmp(s, ru_cjk[i].prefix, n) == 0)
            return ru_cjk[i].preset;
    }
    return -1;
}

/* KataGo's compact rules string, read from a lower-cased copy. */
struct katago {
    sgf_rules r;
    int tax;                /* -1 unset, 0 none, 1 seki, 2 all */
    bool fpok, komi_set;
};

/* If s (at *pos) starts with one of the words, advance past it and
 * return its index; else -1. */
static int take(const char *s, size_t *pos, const char *const *words,
                int n)
{
    for (int i = 0; i < n; i++) {
        size_t k = strlen(words[i]);
        if (strncmp(s + *pos, words[i], k) == 0) {
            *pos += k;
            return i;
        }
    }
    return -1;
}

/* [+-]digits[.digits] at s + *pos, whatever the locale. */
static bool read_number(const char *s, size_t *pos, double *out)
{
    size_t i = *pos;
    double v = 0, scale = 1;
    bool neg = s[i] == '-', digits = false;
    if (s[i] == '-' || s[i] == '+')
        i++;
    for (; s[i] >= '0' && s[i] <= '9'; i++, digits = true)
        v = v * 10 + (s[i] - '0');
    if (s[i] == '.')
        for (i++; s[i] >= '0' && s[i] <= '9'; i++, digits = true)
            v += (s[i] - '0') * (scale /= 10);
    if (!digits)
        return false;
    *out = neg ? -v : v;
    *pos = i;
    return true;
}

static bool katago_value(struct katago *kg, int key, const char *s,
                         size_t *pos)
{
    static const char *const ko[] = { "simple", "positional",
                                      "situational", "spight" };
    static const char *const score[] = { "area", "territory" };
    static const char *const tax[] = { "none", "seki", "all" };
    static const char *const flag[] = { "0", "1", "false", "true" };
    static const char *const whb[] = { "0", "n-1", "n" };
    static const sgf_ko_rule kos[] = { SGF_KO_SIMPLE, SGF_KO_POSITIONAL,
                                       SGF_KO_SITUATIONAL, SGF_KO_SIMPLE };
    static const sgf_handicap_comp comps[] = {
        SGF_HANDICAP_COMP_NONE, SGF_HANDICAP_COMP_N_MINUS_1,
        SGF_HANDICAP_COMP_N };
    int v;
    switch (key) {
    case 0:                 /* komi (tested before ko) */
        return kg->komi_set = read_number(s, pos, &kg->r.komi);
    case 1:
        if ((v = take(s, pos, ko, 4)) < 0)
            return false;
        kg->r.ko = kos[v];     /* SPIGHT: simple ko, Spight's ending */
        return true;
    case 2:
        if ((v = take(s, pos, score, 2)) < 0)
            return false;
        kg->r.scoring = v ? SGF_SCORING_TERRITORY : SGF_SCORING_AREA;
        return true;
    case 3:
        return (kg->tax = take(s, pos, tax, 3)) >= 0;
    case 4:
        if ((v = take(s, pos, flag, 4)) < 0)
            return false;
        kg->r.suicide = v % 2 ? SGF_SUICIDE_SINGLE_STONE_ILLEGAL
                              : SGF_SUICIDE_ILLEGAL;
        return true;
    case 5:
        if ((v = take(s, pos, whb, 3)) < 0)
            return false;
        kg->r.handicap_comp = comps[v];
        return true;
    case 6:
        if ((v = take(s, pos, flag, 4)) < 0)
            return false;
        kg->fpok = v % 2;
        return true;
    default:                /* button: no effect on legality here */
        return take(s, pos, flag, 4) >= 0;
    }
}

static bool parse_katago(struct katago *kg, const char *s)
{
    static const char *const keys[] = { "komi", "ko", "score", "tax", "sui",
                                         "whb", "fpok", "hasbutton",
                                         "button" };
    size_t pos = 0;
    kg->r = presets[P_TT];
    kg->r.name = "custom";
    kg->tax = -1;
    kg->fpok = kg->komi_set = false;
    if (!starts_with(s, "ko") && !starts_with(s, "score"))
        return false;
    while (s[pos] != '\0') {
        int key = take(s, &pos, keys, (int)N_ITEMS(keys));
        if (key < 0 || !katago_value(kg, key, s, &pos))
            return false;
    }
    return true;
}

/* Whether a preset has the parameters KataGo can express. KataGo's sui1
 * allows multi-stone suicide only, so it matches presets that allow
 * suicide of any size too (tromp-taylor, nz). */
static bool same_play(const sgf_rules *a, const sgf_rules *b)
{
    bool multi_a = a->suicide != SGF_SUICIDE_ILLEGAL;
    bool multi_b = b->suicide != SGF_SUICIDE_ILLEGAL;
    return a->ko == b->ko && multi_a == multi_b
           && a->scoring == b->scoring && a->remove_dead == b->remove_dead
           && a->seki_points_count == b->seki_points_count
           && a->handicap_comp == b->handicap_comp;
}

/* Fill in what KataGo leaves to defaults, then name the result after the
 * preset with the same parameters (taking its pass rules). */
static void finish_katago(sgf_rules *out, struct katago *kg)
{
    bool territory = kg->r.scoring == SGF_SCORING_TERRITORY;
    if (kg->tax < 0)
        kg->tax = territory ? 1 : 0;
    kg->r.seki_points_count = kg->tax == 0;
    kg->r.remove_dead = territory || kg->fpok;
    if (!kg->komi_set)
        kg->r.komi = territory ? 6.5 : 7.5;
    *out = kg->r;
    for (int i = 0; i < P_COUNT; i++)
        if (same_play(&presets[i], &kg->r)) {
            *out = presets[i];
            out->komi = kg->r.komi;
            return;
        }
}

static bool match_katago(sgf_rules *out, const char *ru, size_t len)
{
    char buf[128];
    struct katago kg;
    while (len > 0 && (*ru == ' ' || *ru == '\t')) {
        ru++;
        len--;
    }
    while (len > 0 && (ru[len - 1] == ' ' || ru[len - 1] == '\t'))
        len--;
    if (len == 0 || len >= sizeof buf)
        return false;
    for (size_t i = 0; i < len; i++)
        buf[i] = (char)lower((unsigned char)ru[i]);
    buf[len] = '\0';
    if (memchr(buf, '\0', len) || !parse_katago(&kg, buf))
        return false;
    finish_katago(out, &kg);
    return true;
}

int sgf_rules_from_ru(sgf_rules *out, const char *ru, size_t len,
                      bool *matched)
{
    if (!out || (!ru && len > 0))
        return SGF_EINVAL;
    bool found = true;
    if (len > 0 && match_katago(out, ru, len))
        goto done;
    int p = len > 0 ? match_words(ru, len) : -1;
    if (p < 0 && len > 0)
        p = match_cjk(ru, len);
    if (p < 0) {
        p = P_JAPANESE;
        found = false;
    }
    *out = presets[p];
done:
    if (matched)
        *matched = found;
    return 0;
}

/* ---- game end, compensation, description ----------------------------- */

bool sgf_rules_game_over(const sgf_rules *r, int passes,
                         sgf_color last_passer)
{
    if (sgf__rules_unknown(r))
        return false;
    if (!r)
        r = &presets[P_JAPANESE];
    if (passes < r->end_passes)
        return false;
    return !r->white_passes_last || last_passer == SGF_WHITE;
}

double sgf_rules_handicap_bonus(const sgf_rules *r, int handicap)
{
    if (!r || sgf__rules_unknown(r) || r->scoring != SGF_SCORING_AREA
        || handicap < 2)
        return 0;
    if (r->handicap_comp == SGF_HANDICAP_COMP_N)
        return handicap;
    if (r->handicap_comp == SGF_HANDICAP_COMP_N_MINUS_1)
        return handicap - 1;
    return 0;
}

int sgf_rules_format(char *buf, size_t size, const sgf_rules *r)
{
    static const char *const ko[] = { "simple", "positional",
                                      "situational" };
    static const char *const sui[] = { "illegal", "multi-stone",
                                       "legal" };
    static const char *const comp[] = { "none", "N", "N-1" };
    if (!r || sgf__rules_unknown(r) || (!buf && size > 0)
        || (unsigned)r->ko > 2
        || (unsigned)r->suicide > 2 || (unsigned)r->handicap_comp > 2)
        return SGF_EINVAL;
    return snprintf(buf, size,
                    "ko=%s suicide=%s scoring=%s seki=%s dead=%s "
                    "handicap=%s komi=%g passes=%d%s",
                    ko[r->ko], sui[r->suicide],
                    r->scoring == SGF_SCORING_AREA ? "area" : "territory",
                    r->seki_points_count ? "counted" : "not-counted",
                    r->remove_dead ? "removed" : "kept",
                    comp[r->handicap_comp], r->komi, r->end_passes,
                    r->white_passes_last ? " white-passes-last" : "");
}

/* ---- fixed handicap -------------------------------------------------- */

/* Points as (column, row) codes: LO = the line e from the left or top
 * edge, MID = the middle line, HI = the line e from the right or bottom
 * edge, with e = 3 (4-4 points) from 12x12 up and 2 (3-3 points) below,
 * as GNU Go's place_fixed_handicap. Rows count from the top, so D4 on
 * 19x19 is (LO, HI). */
enum { LO, MID, HI };

/* GNU Go's order; for 5 and 7 stones the centre comes first and then
 * the first 4 or 6 of these. */
static const uint8_t usual_order[9][2] = {
    { HI, LO }, { LO, HI }, { LO, LO }, { HI, HI },   /* Q16 D4 D16 Q4 */
    { LO, MID }, { HI, MID },                         /* D10 Q10 */
    { MID, LO }, { MID, HI }, { MID, MID }            /* K16 K4 K10 */
};

static const uint8_t russian_order[9][2] = {
    { LO, LO }, { HI, HI }, { HI, LO }, { LO, HI },   /* D16 Q4 Q16 D4 */
    { MID, LO }, { MID, HI },                         /* K16 K4 */
    { LO, MID }, { HI, MID }, { MID, MID }            /* D10 Q10 K10 */
};

static int max_fixed(int size)
{
    if (size % 2 == 1 && size >= 9)
        return 9;
    return size >= 7 ? 4 : 0;
}

static sgf_point decode(const uint8_t code[2], int size)
{
    int e = size > 11 ? 3 : 2;
    int line[3] = { e, size / 2, size - 1 - e };
    sgf_point pt = { (uint8_t)line[code[0]], (uint8_t)line[code[1]] };
    return pt;
}

int sgf_handicap_fixed_points(sgf_point *out, int *n_out, int count,
                              int width, int height,
                              sgf_handicap_layout layout)
{
    if (!out || !n_out || (layout != SGF_HANDICAP_USUAL
                           && layout != SGF_HANDICAP_RUSSIAN))
        return SGF_EINVAL;
    *n_out = 0;
    if (width != height || count < 2 || count > max_fixed(width))
        return 0;
    int n = 0, first = 0;
    const uint8_t (*order)[2] = usual_order;
    if (layout == SGF_HANDICAP_RUSSIAN) {
        order = russian_order;
    } else if (count == 5 || count == 7) {
        out[n++] = decode(usual_order[8], width);
    }
    while (n < count)
        out[n++] = decode(order[first++], width);
    *n_out = count;
    return 0;
}

static bool same_set(const sgf_point *pts, const sgf_point *want, size_t n)
{
    unsigned used = 0;
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        while (j < n && (want[j].x != pts[i].x || want[j].y != pts[i].y))
            j++;
        if (j == n || (used & (1u << j)))
            return false;
        used |= 1u << j;
    }
    return true;
}

bool sgf_handicap_is_fixed(const sgf_point *pts, size_t n, int width,
                           int height, sgf_handicap_layout *layout_out)
{
    sgf_point want[9];
    if (!pts || n < 2 || n > 9)
        return false;
    for (int l = SGF_HANDICAP_USUAL; l <= SGF_HANDICAP_RUSSIAN; l++) {
        sgf_handicap_layout layout = (sgf_handicap_layout)l;
        int got = 0;
        if (sgf_handicap_fixed_points(want, &got, (int)n, width, height,
                                      layout) == 0
            && got == (int)n && same_set(pts, want, n)) {
            if (layout_out)
                *layout_out = layout;
            return true;
        }
    }
    return false;
}
