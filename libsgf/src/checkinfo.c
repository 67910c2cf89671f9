/*
 * checkinfo.c - the formats the FF[4] spec makes mandatory for game-info
 * values (properties.html, "DT" and "RE"), with real calendar dates, and
 * the readable non-standard forms real files use instead, so that the
 * checker can say how it read them.
 */
#include <stdio.h>
#include <string.h>
#include "props_int.h"

int sgf__quote_len(sgf_str v, size_t max)
{
    size_t n = v.len;
    if (n > max) {
        n = max;
        while (n > 0 && ((unsigned char)v.ptr[n] & 0xC0) == 0x80)
            n--;
    }
    return (int)n;
}

const char *sgf__quote_more(sgf_str v, size_t max)
{
    return (size_t)sgf__quote_len(v, max) < v.len ? "..." : "";
}

void sgf__format_real(char *buf, size_t cap, double d)
{
    bool neg = d < 0;
    double a = neg ? -d : d;
    if (a > 1e15) {
        snprintf(buf, cap, "%s", neg ? "-huge" : "huge");
        return;
    }
    unsigned long long scaled = (unsigned long long)(a * 1000 + 0.5);
    unsigned long long ip = scaled / 1000, fp = scaled % 1000;
    int decimals = 3;
    while (decimals > 0 && fp % 10 == 0) {
        fp /= 10;
        decimals--;
    }
    /* written by hand, as snprintf would ("%s%llu.%0*llu"): this runs
     * for every komi message */
    char tmp[32];
    size_t k = sizeof tmp;
    for (int i = 0; i < decimals; i++, fp /= 10)
        tmp[--k] = (char)('0' + fp % 10);
    if (decimals > 0)
        tmp[--k] = '.';
    do {
        tmp[--k] = (char)('0' + ip % 10);
        ip /= 10;
    } while (ip > 0);
    if (neg)
        tmp[--k] = '-';
    size_t n = sizeof tmp - k;
    if (cap == 0)
        return;
    if (n > cap - 1)
        n = cap - 1;
    memcpy(buf, tmp + k, n);
    buf[n] = '\0';
}

static bool is_digit(char ch)
{
    return ch >= '0' && ch <= '9';
}

static bool is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

/* --- DT ------------------------------------------------------------------ */

static int days_in_month(int year, int month)
{
    static const unsigned char days[12] = {
        31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
    };
    bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return month == 2 && leap ? 29 : days[month - 1];
}

/* d < 0: no day given (partial date) */
static bool real_date(int y, int m, int d)
{
    return m >= 1 && m <= 12 && (d < 0 || (d >= 1
                                           && d <= days_in_month(y, m)));
}

/* One item of a DT list: up to three runs of digits joined by '-'.
 * Returns the number of runs (0 when the item is malformed); len[] and
 * val[] get each run's length and value. */
static int date_item(const char *s, size_t n, int len[3], int val[3])
{
    int runs = 0;
    size_t i = 0;
    while (runs < 3) {
        size_t start = i;
        int v = 0;
        while (i < n && is_digit(s[i]) && i - start < 4)
            v = v * 10 + (s[i++] - '0');
        if (i == start)
            return 0;
        len[runs] = (int)(i - start);
        val[runs++] = v;
        if (i == n)
            return runs;
        if (s[i++] != '-')
            return 0;
    }
    return 0;
}

/* The grammar state of a DT list: what the previous item gave. */
typedef enum dt_prev {
    DT_NONE, DT_Y, DT_YM, DT_YMD, DT_MD, DT_D, DT_M
} dt_prev;

typedef struct dt_state {
    dt_prev prev;
    int year, month;
    bool impossible;
} dt_state;

/* Read one item against the state; false when the grammar does not
 * allow it. */
static bool date_step(dt_state *st, const char *s, size_t n)
{
    int len[3], val[3];
    int runs = date_item(s, n, len, val);
    bool after_day = st->prev == DT_YMD || st->prev == DT_MD
        || st->prev == DT_D;
    bool after_month = st->prev == DT_YM || st->prev == DT_M;
    int y = st->year, m = st->month, d = -1;
    dt_prev kind;
    if (runs == 0)
        return false;
    if (len[0] == 4) {
        for (int i = 1; i < runs; i++)
            if (len[i] != 2)
                return false;
        y = val[0];
        m = runs > 1 ? val[1] : 1;
        d = runs > 2 ? val[2] : -1;
        kind = runs == 1 ? DT_Y : runs == 2 ? DT_YM : DT_YMD;
    } else if (len[0] == 2 && runs == 2 && len[1] == 2 && after_day) {
        m = val[0];
        d = val[1];
        kind = DT_MD;
    } else if (len[0] == 2 && runs == 1 && (after_day || after_month)) {
        if (after_day)
            d = val[0];
        else
            m = val[0];
        kind = after_day ? DT_D : DT_M;
    } else {
        return false;
    }
    if (!real_date(y, m, d))
        st->impossible = true;
    st->prev = kind;
    st->year = y;
    st->month = m;
    return true;
}

static sgf__form date_ff4(const char *s, size_t n)
{
    dt_state st = { DT_NONE, 0, 0, false };
    size_t i = 0;
    if (n == 0)
        return SGF__FORM_UNREADABLE;
    for (;;) {
        const char *comma = memchr(s + i, ',', n - i);
        size_t end = comma ? (size_t)(comma - s) : n;
        if (!date_step(&st, s + i, end - i))
            return SGF__FORM_UNREADABLE;
        if (comma == NULL)
            break;
        i = end + 1;
    }
    return st.impossible ? SGF__FORM_INVALID : SGF__FORM_OK;
}

/* Up to 3 numbers in s (any separators); returns how many, or 4 when
 * there are more, and the digit count of each. */
static int date_numbers(const char *s, size_t n, int val[3], int len[3])
{
    int k = 0;
    for (size_t i = 0; i < n;) {
        if (!is_digit(s[i])) {
            i++;
            continue;
        }
        if (k == 3)
            return 4;
        val[k] = 0;
        len[k] = 0;
        for (; i < n && is_digit(s[i]); i++, len[k]++)
            if (len[k] < 5)
                val[k] = val[k] * 10 + (s[i] - '0');
        k++;
    }
    return k;
}

/* Year, month, day from three numbers: Y-M-D when the first has four
 * digits; D-M-Y or M-D-Y when the last has and one reading is the only
 * possible one (or '.' separates: the European D.M.Y). */
static bool date_order(const char *s, size_t n, const int v[3],
                       const int len[3], int ymd[3])
{
    if (len[0] == 4 && len[1] <= 2 && len[2] <= 2) {
        ymd[0] = v[0], ymd[1] = v[1], ymd[2] = v[2];
        return true;
    }
    if (len[2] != 4 || len[0] > 2 || len[1] > 2)
        return false;
    bool dmy = v[0] > 12 || memchr(s, '.', n) != NULL;
    if (!dmy && v[1] <= 12)
        return false;                     /* 03/04/2026: which is it? */
    ymd[0] = v[2];
    ymd[1] = dmy ? v[1] : v[0];
    ymd[2] = dmy ? v[0] : v[1];
    return true;
}

/* A date in some other form: "29/11/2026", "2026.11.29", "2026/1/5",
 * "2026-11-29 10:00", "2026年11月29日". */
static sgf__form date_other(sgf_str v, char norm[16])
{
    const char *s = v.ptr;
    size_t n = v.len;
    while (n > 0 && is_blank(*s))
        s++, n--;
    while (n > 0 && is_blank(s[n - 1]))
        n--;
    if (n > 0 && n < v.len && date_ff4(s, n) == SGF__FORM_OK) {
        if (n < 16)
            snprintf(norm, 16, "%.*s", (int)n, s);
        return SGF__FORM_READABLE;
    }
    int val[3], len[3], ymd[3];
    size_t cut = n > 10 && (s[10] == ' ' || s[10] == 'T') ? 10 : n;
    if (date_numbers(s, cut, val, len) != 3
        || !date_order(s, cut, val, len, ymd)
        || !real_date(ymd[0], ymd[1], ymd[2]) || ymd[2] == 0)
        return SGF__FORM_UNREADABLE;
    snprintf(norm, 16, "%04u-%02u-%02u", (unsigned)ymd[0] % 10000u,
             (unsigned)ymd[1] % 100u, (unsigned)ymd[2] % 100u);
    return SGF__FORM_READABLE;
}

/* The two digits at s as a number, or -1. */
static int two_digits(const char *s)
{
    return is_digit(s[0]) && is_digit(s[1]) ? (s[0] - '0') * 10 + s[1] - '0'
                                            : -1;
}

sgf__form sgf__check_date(sgf_str v, char norm[16])
{
    norm[0] = '\0';
    const char *s = v.ptr;
    if (v.len == 10 && s[4] == '-' && s[7] == '-') {
        /* the form of nearly every DT, read as date_ff4 reads it */
        int hi = two_digits(s), lo = two_digits(s + 2);
        int m = two_digits(s + 5), d = two_digits(s + 8);
        if (hi >= 0 && lo >= 0 && m >= 0 && d >= 0)
            return real_date(hi * 100 + lo, m, d) ? SGF__FORM_OK
                                                  : SGF__FORM_INVALID;
    }
    sgf__form f = date_ff4(v.ptr, v.len);
    if (f != SGF__FORM_UNREADABLE)
        return f;
    return date_other(v, norm);
}

/* --- RE ------------------------------------------------------------------ */

static bool is_real(const char *s, size_t n)
{
    sgf_str v = { s, n };
    double d;
    return sgf_value_real(v, &d) == 0;
}

static bool word_is(const char *s, size_t n, const char *w, bool fold)
{
    size_t k = strlen(w);
    if (n != k)
        return false;
    for (size_t i = 0; i < n; i++) {
        char a = s[i], b = w[i];
        if (fold && a >= 'a' && a <= 'z')
            a = (char)(a - 'a' + 'A');
        if (fold && b >= 'a' && b <= 'z')
            b = (char)(b - 'a' + 'A');
        if (a != b)
            return false;
    }
    return true;
}

/* At most 7 digits before the point: a margin no board of 52x52 comes
 * near, and no overflow (400 nines read as infinity). */
static bool margin_size_ok(const char *s, size_t n)
{
    size_t k = 0;
    while (k < n && is_digit(s[k]))
        k++;
    return k <= 7;
}

/* What follows "B+" / "W+" in the FF[4] form (fold: any case). */
static bool result_margin(const char *s, size_t n, bool fold)
{
    static const char *const words[] = {
        "R", "Resign", "T", "Time", "F", "Forfeit"
    };
    if (n == 0 || (s[0] != '-' && s[0] != '+' && is_real(s, n)
                   && margin_size_ok(s, n)))
        return true;                    /* a margin is never negative:
                                           "B+-5" names no winner */
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (word_is(s, n, words[i], fold))
            return true;
    return false;
}

static bool result_ff4(const char *s, size_t n, bool fold)
{
    if (word_is(s, n, "0", false) || word_is(s, n, "Draw", fold)
        || word_is(s, n, "Void", fold) || word_is(s, n, "?", false))
        return true;
    if (n < 2 || s[1] != '+')
        return false;
    char who = s[0];
    if (fold && (who == 'b' || who == 'w'))
        who = (char)(who - 'a' + 'A');
    return (who == 'B' || who == 'W') && result_margin(s + 2, n - 2, fold);
}

/* Write the FF[4] spelling of a readable result (case fixed). */
static void result_norm(const char *s, size_t n, char norm[32])
{
    static const char *const words[] = {
        "Draw", "Void", "R", "Resign", "T", "Time", "F", "Forfeit"
    };
    const char *body = s;
    size_t blen = n;
    char who = 0;
    if (n >= 2 && s[1] == '+') {
        who = (s[0] == 'b' || s[0] == 'B') ? 'B' : 'W';
        body = s + 2;
        blen = n - 2;
    }
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (word_is(body, blen, words[i], true)) {
            body = words[i];
            blen = strlen(body);
        }
    if (who)
        snprintf(norm, 32, "%c+%.*s", who, (int)(blen < 28 ? blen : 28),
                 body);
    else
        snprintf(norm, 32, "%.*s", (int)(blen < 31 ? blen : 31), body);
}

/* Whether the text after "B+" says more than a margin and its unit: a
 * sign ("B+ +7"), a second number or a range ("B+5-3", "B+5–3"), or a
 * reason beside the margin ("W+5 resign"). Such a value is kept as
 * text: reading its first number alone would forge a margin. */
static bool margin_says_more(const char *s, size_t n)
{
    static const char *const reasons[] = { "resign", "time", "forfeit",
                                           "void", "draw" };
    size_t i = 0;
    while (i < n && is_blank(s[i]))
        i++;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        return true;
    for (size_t k = i; k < n; k++) {
        if (s[k] == '-' || (k + 2 < n && (unsigned char)s[k] == 0xE2
                            && (unsigned char)s[k + 1] == 0x80
                            && ((unsigned char)s[k + 2] == 0x93
                                || (unsigned char)s[k + 2] == 0x94)))
            return true;                /* "-", en dash, em dash */
        for (size_t r = 0; r < sizeof reasons / sizeof reasons[0]; r++) {
            size_t m = strlen(reasons[r]);
            if (k + m <= n && word_is(s + k, m, reasons[r], true))
                return true;
        }
    }
    return false;
}

/* A margin and its unit (s, n: after "B+" or "Black wins by") as
 * norm's "B+M" for winner who: read loosely ("2.5 points", "6,5",
 * "5 1/2"), at most 1e6, more than 0 when positive (a win "by 0" is no
 * win), and nothing else beside it (margin_says_more). */
static bool margin_norm(const char *s, size_t n, char who, bool positive,
                        char norm[32])
{
    double d;
    bool loose = false;
    if (margin_says_more(s, n)
        || sgf_value_real_loose((sgf_str){ s, n }, &d, &loose) != 0
        || d < 0 || (positive && !(d > 0)) || d > 1e6)
        return false;
    norm[0] = who;
    norm[1] = '+';
    sgf__format_real(norm + 2, 30, d);
    return true;
}

/* What may follow "Black wins" (s, n: after the verb): nothing (a win,
 * "B+"), "by resignation" / "by resign", "on time" / "by time", "by
 * forfeit", or "by N" and its unit (margin_norm); anything else is not
 * read (kept as text), so that no margin or reason written there is
 * dropped and the rest read as a bare win, which any count of that
 * winner agrees with. */
static bool win_tail(const char *s, size_t n, char who, char norm[32])
{
    static const struct { const char *word; const char *code; } how[] = {
        { "resignation", "R" }, { "resign", "R" }, { "time", "T" },
        { "forfeit", "F" } };
    size_t i = 0;
    while (i < n && is_blank(s[i]))
        i++;
    while (n > i && (is_blank(s[n - 1]) || s[n - 1] == '.'))
        n--;
    if (i == n) {
        snprintf(norm, 32, "%c+", who);
        return true;
    }
    if (n - i < 3 || !(word_is(s + i, 2, "by", true)
                       || word_is(s + i, 2, "on", true))
        || !is_blank(s[i + 2]))
        return false;
    for (i += 3; i < n && is_blank(s[i]); i++)
        continue;
    for (size_t k = 0; k < sizeof how / sizeof how[0]; k++)
        if (word_is(s + i, n - i, how[k].word, true)) {
            snprintf(norm, 32, "%c+%s", who, how[k].code);
            return true;
        }
    return margin_norm(s + i, n - i, who, true, norm);  /* "by 7 points" */
}

/* "Black wins", "W+2.5 points", "B+3.5目": a winner and maybe a margin. */
static bool result_words(const char *s, size_t n, char norm[32])
{
    char who = 0;
    size_t i = 0;
    if (n >= 5 && word_is(s, 5, "Black", true))
        who = 'B', i = 5;
    else if (n >= 5 && word_is(s, 5, "White", true))
        who = 'W', i = 5;
    else if (n >= 2 && s[1] == '+' && (s[0] == 'B' || s[0] == 'W'
                                       || s[0] == 'b' || s[0] == 'w'))
        who = (s[0] == 'b' || s[0] == 'B') ? 'B' : 'W', i = 2;
    if (!who && n == 1 && (s[0] == 'B' || s[0] == 'W'))
        who = s[0], i = 1;                      /* RE[B]: Black won */
    if (!who)
        return false;
    if (i == 1 || (i == 2 && n == 2)) {
        snprintf(norm, 32, "%c+", who);
        return true;
    }
    if (i == 5) {
        while (i < n && is_blank(s[i]))
            i++;
        if (!(n - i >= 3 && (word_is(s + i, 3, "win", true)
                             || word_is(s + i, 3, "won", true))))
            return false;
        i += 3;
        if (i < n && (s[i] == 's' || s[i] == 'S'))
            i++;                        /* "wins" */
        if (i < n && !is_blank(s[i]))
            return false;               /* "Winner", "wonderful" */
        return win_tail(s + i, n - i, who, norm);
    }
    return margin_norm(s + i, n - i, who, false, norm);
}

/* "B+" or "W+" with a margin in the FF[4] form, checked without the
 * general reading: most RE values. False when unsure. */
static bool plain_result(const char *s, size_t n)
{
    if (n < 3 || (s[0] != 'B' && s[0] != 'W') || s[1] != '+')
        return false;
    s += 2;
    n -= 2;
    switch (s[0]) {
    case 'R': return n == 1 || (n == 6 && memcmp(s, "Resign", 6) == 0);
    case 'T': return n == 1 || (n == 4 && memcmp(s, "Time", 4) == 0);
    case 'F': return n == 1 || (n == 7 && memcmp(s, "Forfeit", 7) == 0);
    default: break;
    }
    size_t i = 0, start;
    for (start = i; i < n && is_digit(s[i]); i++)
        continue;
    if (i == start || i - start > 7)
        return false;
    if (i < n && s[i] == '.') {
        for (start = ++i; i < n && is_digit(s[i]); i++)
            continue;
        if (i == start)
            return false;
    }
    return i == n;                    /* what sgf_value_real reads */
}

/* A readable result other than the FF[4] form (s trimmed): any case,
 * "Black+" / "White+" for "B+" / "W+", "Jigo" (the Japanese word for a
 * draw), or the forms result_words reads. */
/* "0.0", "0,00": the draw "0" written as a real. */
static bool zero_draw(const char *s, size_t n)
{
    if (n < 3 || s[0] != '0' || (s[1] != '.' && s[1] != ','))
        return false;
    for (size_t i = 2; i < n; i++)
        if (s[i] != '0')
            return false;
    return true;
}

static bool result_readable(const char *s, size_t n, char norm[32])
{
    if (result_ff4(s, n, true)) {
        result_norm(s, n, norm);
        return true;
    }
    if (word_is(s, n, "Jigo", true) || zero_draw(s, n)) {
        snprintf(norm, 32, "0");
        return true;
    }
    if (n >= 6 && n < 40 && s[5] == '+'
        && (word_is(s, 5, "Black", true) || word_is(s, 5, "White", true))) {
        char b[40];                     /* "White+6.5" as "W+6.5" */
        b[0] = (s[0] == 'b' || s[0] == 'B') ? 'B' : 'W';
        memcpy(b + 1, s + 5, n - 5);
        return result_readable(b, n - 4, norm);
    }
    return result_words(s, n, norm);
}

/* Where a remark in brackets after the result starts, "B+R (time)",
 * "W+6.5 (counted)" (blanks before it included), or n when there is
 * none. */
static size_t remark_start(const char *s, size_t n)
{
    if (n < 4 || s[n - 1] != ')')
        return n;
    size_t i = n - 1;
    while (i > 0 && s[i] != '(')
        i--;
    while (i > 0 && is_blank(s[i - 1]))
        i--;
    return i > 0 ? i : n;
}

sgf__form sgf__check_result(sgf_str v, char norm[32])
{
    const char *s = v.ptr;
    size_t n = v.len;
    norm[0] = '\0';
    if (plain_result(s, n) || result_ff4(s, n, false))
        return SGF__FORM_OK;
    while (n > 0 && is_blank(*s))
        s++, n--;
    while (n > 0 && is_blank(s[n - 1]))
        n--;
    if (result_readable(s, n, norm))
        return SGF__FORM_READABLE;
    size_t m = remark_start(s, n);
    return m < n && result_readable(s, m, norm) ? SGF__FORM_READABLE
                                                : SGF__FORM_UNREADABLE;
}
