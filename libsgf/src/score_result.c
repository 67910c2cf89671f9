/*
 * score_result.c - RE[] values: reading every form archives use, writing
 * the FF[4] form, and comparing a count with the recorded result.
 *
 * FF[4] spec, properties.html "RE": "0" (or "Draw") for a draw,
 * "B+score", "W+score", "B+R"/"B+Resign", "B+T"/"B+Time",
 * "B+F"/"B+Forfeit", "Void" (no result or suspended), "?" (unknown).
 * Archives add lower case, "Black+"/"White+", "Jigo", "B+" without
 * margin, decimal commas and remarks after the result: they are read as
 * the property checks read them (sgf__check_result, checkinfo.c).
 */
#include "score_int.h"
#include "props_int.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int lower(int ch)
{
    return ch >= 'A' && ch <= 'Z' ? ch + ('a' - 'A') : ch;
}

/* Whether s (length n) starts with word (lower case), case-insensitive;
 * with whole, the word must also end there or before a non-letter. */
static bool starts(const char *s, size_t n, const char *word, bool whole)
{
    size_t k = strlen(word);
    if (n < k)
        return false;
    for (size_t i = 0; i < k; i++)
        if (lower((unsigned char)s[i]) != word[i])
            return false;
    return !whole || n == k || lower((unsigned char)s[k]) < 'a'
           || lower((unsigned char)s[k]) > 'z';
}

static bool exact(const char *s, size_t n, const char *form)
{
    return n == strlen(form) && memcmp(s, form, n) == 0;
}

static size_t skip_blanks(const char *s, size_t n, size_t i)
{
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return i;
}

/* A margin "3.5", "3,5", "3": returns the bytes read, 0 when none. */
static size_t read_margin(const char *s, size_t n, double *out)
{
    size_t i = 0;
    double v = 0, frac = 0, scale = 1;
    while (i < n && s[i] >= '0' && s[i] <= '9')
        v = v * 10 + (s[i++] - '0');
    if (i == 0)
        return 0;
    if (i + 1 < n && (s[i] == '.' || s[i] == ',') && s[i + 1] >= '0'
        && s[i + 1] <= '9') {
        for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
            frac = frac * 10 + (s[i] - '0');
            scale *= 10;
        }
    }
    *out = v + frac / scale;
    return i;
}

/* What follows "B+": kind and margin; returns the bytes read. */
static size_t read_win(const char *s, size_t n, sgf_score_re *out)
{
    static const struct { const char *word; sgf_score_re_kind kind; } w[] = {
        { "resign", SGF_RE_RESIGN }, { "r", SGF_RE_RESIGN },
        { "time", SGF_RE_TIME }, { "t", SGF_RE_TIME },
        { "forfeit", SGF_RE_FORFEIT }, { "f", SGF_RE_FORFEIT } };
    for (size_t k = 0; k < sizeof w / sizeof w[0]; k++)
        if (starts(s, n, w[k].word, true)) {
            out->kind = w[k].kind;
            return strlen(w[k].word);
        }
    size_t m = read_margin(s, n, &out->margin);
    out->kind = m > 0 ? SGF_RE_SCORE : SGF_RE_WIN;
    return m;
}

static bool standard_win(const char *s, size_t n, const sgf_score_re *r)
{
    static const char *const forms[] = { "R", "Resign", "T", "Time", "F",
                                         "Forfeit", "" };
    if (r->kind == SGF_RE_SCORE) {
        for (size_t i = 0; i < n; i++)
            if ((s[i] < '0' || s[i] > '9') && s[i] != '.')
                return false;
        return true;
    }
    for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++)
        if (exact(s, n, forms[k]))
            return true;
    return false;
}

static int parse_winner(sgf_score_re *out, const char *s, size_t n)
{
    size_t i = 1;
    out->winner = lower((unsigned char)s[0]) == 'b' ? SGF_BLACK : SGF_WHITE;
    if (starts(s, n, "black", false) || starts(s, n, "white", false))
        i = 5;
    i = skip_blanks(s, n, i);
    if (i >= n || s[i] != '+') {
        out->kind = SGF_RE_OTHER;
        out->winner = SGF_EMPTY;
        return SGF_ESYNTAX;
    }
    size_t j = skip_blanks(s, n, i + 1);
    size_t m = read_win(s + j, n - j, out);
    bool std = (s[0] == 'B' || s[0] == 'W') && i == 1 && j == 2
               && j + m == n && standard_win(s + j, n - j, out);
    return std ? 0 : 1;
}

static int parse_loose(sgf_score_re *out, sgf_str v)
{
    memset(out, 0, sizeof *out);
    size_t a = skip_blanks(v.ptr, v.len, 0), n = v.len;
    while (n > a && (v.ptr[n - 1] == ' ' || v.ptr[n - 1] == '\t'))
        n--;
    const char *s = v.ptr + a;
    n -= a;
    if (n == 0)
        return 0;
    int std = n == v.len ? 0 : 1;
    if (exact(s, n, "?"))
        out->kind = SGF_RE_UNKNOWN;
    else if (starts(s, n, "void", true) || starts(s, n, "no result", true))
        out->kind = SGF_RE_VOID, std |= !exact(s, n, "Void");
    else if (exact(s, n, "0") || starts(s, n, "draw", true)
             || starts(s, n, "jigo", true))
        out->kind = SGF_RE_DRAW,
        std |= !exact(s, n, "0") && !exact(s, n, "Draw");
    else if (lower((unsigned char)s[0]) == 'b'
             || lower((unsigned char)s[0]) == 'w') {
        int rc = parse_winner(out, s, n);
        return rc < 0 ? rc : (rc | std);
    } else {
        out->kind = SGF_RE_OTHER;
        return SGF_ESYNTAX;
    }
    return std;
}

/* RE[] is read exactly as the property checks read it (and sgf-validate
 * reports it): the FF[4] form, a readable other form normalized to it
 * ("Black wins" -> "B+", "w+resign " -> "W+Resign"), or unreadable (kept
 * as text, not counted), so that every tool agrees on what a record's
 * result says. */
static int re_parse(sgf_score_re *out, sgf_str v)
{
    if (out == NULL || (v.ptr == NULL && v.len > 0))
        return SGF_EINVAL;
    size_t a = 0, n = v.len;
    while (a < n && (v.ptr[a] == ' ' || v.ptr[a] == '\t'))
        a++;
    if (a == n)
        return parse_loose(out, v);          /* empty: kind NONE */
    char norm[32];
    sgf__form f = sgf__check_result(v, norm);
    if (f == SGF__FORM_UNREADABLE) {
        memset(out, 0, sizeof *out);
        out->kind = SGF_RE_OTHER;
        return SGF_ESYNTAX;
    }
    if (f == SGF__FORM_OK)
        return parse_loose(out, v);
    sgf_str nv = { norm, strlen(norm) };
    int rc = parse_loose(out, nv);
    return rc < 0 ? rc : 1;
}

int sgf_score_re_parse(sgf_score_re *out, sgf_str v)
{
    int rc = re_parse(out, v);           /* 1: a readable other form */
    if (rc == SGF_EINVAL)
        return rc;
    out->loose = rc == 1;
    return rc < 0 ? rc : 0;
}

/* A margin without trailing zeros, with as few decimals as give back
 * the number to within a billionth, the tolerance every comparison of
 * margins takes (a komi of 0.001 or 0.125 shown as it is, not rounded
 * to hundredths; 2 - 2.001 shown 0.001): "3.5", "7", "1.75" (the
 * largest double takes 309 digits). */
#define MARGIN_TEXT 330
static void margin_text(char buf[MARGIN_TEXT], double m)
{
    double h = m * 2;
    if (m >= 0 && m < 1e15 && h == floor(h)) {  /* whole or half: exact */
        long long t = (long long)floor(m);
        snprintf(buf, MARGIN_TEXT, h == 2 * (double)t ? "%lld" : "%lld.5",
                 t);
        return;
    }
    for (int d = 2; d <= 9; d++) {
        snprintf(buf, MARGIN_TEXT, "%.*f", d, m);
        if (fabs(strtod(buf, NULL) - m) < 1e-9)
            break;
    }
    size_t n = strlen(buf);
    while (n > 0 && buf[n - 1] == '0')
        buf[--n] = '\0';
    if (n > 0 && buf[n - 1] == '.')
        buf[--n] = '\0';
}

int sgf_score_format_margin(char *buf, size_t size, double margin)
{
    char m[MARGIN_TEXT];
    if ((buf == NULL && size > 0) || !isfinite(margin))
        return SGF_EINVAL;
    if (fabs(margin) < 1e-9)
        return snprintf(buf, size, "0");
    margin_text(m, fabs(margin));
    return snprintf(buf, size, "%c+%s", margin > 0 ? 'B' : 'W', m);
}

int sgf_score_re_format(char *buf, size_t size, const sgf_score_re *re)
{
    static const char *const tail[] = { "", "", "", "R", "T", "F" };
    char m[MARGIN_TEXT];
    if ((buf == NULL && size > 0) || re == NULL)
        return SGF_EINVAL;
    switch (re->kind) {
    case SGF_RE_SCORE:
        if (!isfinite(re->margin) || re->margin < 0)
            return SGF_EINVAL;
        margin_text(m, re->margin);
        return snprintf(buf, size, "%c+%s",
                        re->winner == SGF_BLACK ? 'B' : 'W', m);
    case SGF_RE_WIN: case SGF_RE_RESIGN: case SGF_RE_TIME:
    case SGF_RE_FORFEIT:
        return snprintf(buf, size, "%c+%s",
                        re->winner == SGF_BLACK ? 'B' : 'W',
                        tail[re->kind]);
    case SGF_RE_DRAW: return snprintf(buf, size, "0");
    case SGF_RE_VOID: return snprintf(buf, size, "Void");
    case SGF_RE_UNKNOWN: return snprintf(buf, size, "?");
    default: return snprintf(buf, size, "%s", "");
    }
}

sgf_color sgf__score_winner(double margin, sgf_color tie)
{
    return margin > 1e-9 ? SGF_BLACK : margin < -1e-9 ? SGF_WHITE : tie;
}

/* sgf_score_compare, a margin of 0 being tie's win (SGF_EMPTY: a draw). */
static sgf_score_verdict compare(const sgf_score *s, const sgf_score_re *re,
                                 sgf_color tie)
{
    if (sgf__score_unknown(s) || re == NULL)
        return SGF_SCORE_NOT_COUNTED;
    double m = s->margin;
    sgf_color won = sgf__score_winner(m, tie);
    switch (re->kind) {
    case SGF_RE_SCORE:
        if (re->margin < 1e-9)
            return SGF_SCORE_NOT_COUNTED;    /* Fox B+0: resignation */
        return won == re->winner && fabs(fabs(m) - re->margin) < 1e-6
               ? SGF_SCORE_AGREE : SGF_SCORE_DISAGREE;
    case SGF_RE_DRAW:
        return won == SGF_EMPTY ? SGF_SCORE_AGREE : SGF_SCORE_DISAGREE;
    case SGF_RE_WIN:
        return won == re->winner ? SGF_SCORE_AGREE : SGF_SCORE_DISAGREE;
    default:
        return SGF_SCORE_NOT_COUNTED;
    }
}

sgf_score_verdict sgf_score_compare(const sgf_score *s, const sgf_score_re *re)
{
    return compare(s, re, SGF_EMPTY);
}

sgf_score_verdict sgf_score_compare_rules(const sgf_score *s,
                                          const sgf_score_re *re,
                                          const sgf_rules *r)
{
    return compare(s, re, sgf_rules_tie_winner(r));
}

const char *sgf_score_verdict_name(sgf_score_verdict v)
{
    switch (v) {
    case SGF_SCORE_AGREE: return "agree";
    case SGF_SCORE_DISAGREE: return "disagree";
    case SGF_SCORE_NOT_FINISHED: return "not-finished";
    case SGF_SCORE_NOT_COUNTED: return "not-counted";
    default: return "?";
    }
}
