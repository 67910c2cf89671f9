/*
 * props.c - the SGF property table (sgf/props.def) and the decoders of the
 * value types of the FF[4] spec (sgf4.html section 3, go.html for points
 * and moves). The decoders are strict: they accept exactly the spec's
 * grammar; readable non-standard forms are the checker's business
 * (check.c), which says what it read.
 */
#include <math.h>
#include <limits.h>
#include <string.h>
#include <sgf/props.h>
#include "props_int.h"
#include "coord_int.h"

const sgf_prop_info sgf__prop_table[SGF__PROP_COUNT] = {
    [SGF_PROP_UNKNOWN] = { "", SGF_KIND_NONE, SGF_VT_UNKNOWN, 15, 0,
                           "unknown property" },
#define SGF_PROP(id, value, kind, vt, ff, flags, desc) \
    [SGF_PROP_##id] = { #id, SGF_KIND_##kind, SGF_VT_##vt, ff, flags, desc },
#include <sgf/props.def>
#undef SGF_PROP
};

/* Identifier -> id for the one- and two-letter identifiers (all standard
 * ones are): index 27 * first + second, letters 'A'..'Z' as 1..26 and
 * 0 for "no second letter". Kept in step with props.def by
 * tests/unit/test_props.c, which looks up every table entry. */
#define K1(a) ((a) - 'A' + 1) * 27
#define K2(a, b) (((a) - 'A' + 1) * 27 + ((b) - 'A' + 1))
const unsigned char sgf__prop_by_letters[27 * 27] = {
    [K1('B')] = SGF_PROP_B, [K1('W')] = SGF_PROP_W,
    [K2('K', 'O')] = SGF_PROP_KO, [K2('M', 'N')] = SGF_PROP_MN,
    [K2('A', 'B')] = SGF_PROP_AB, [K2('A', 'W')] = SGF_PROP_AW,
    [K2('A', 'E')] = SGF_PROP_AE, [K2('P', 'L')] = SGF_PROP_PL,
    [K1('C')] = SGF_PROP_C, [K1('N')] = SGF_PROP_N,
    [K2('D', 'M')] = SGF_PROP_DM, [K2('G', 'B')] = SGF_PROP_GB,
    [K2('G', 'W')] = SGF_PROP_GW, [K2('U', 'C')] = SGF_PROP_UC,
    [K2('H', 'O')] = SGF_PROP_HO, [K1('V')] = SGF_PROP_V,
    [K2('B', 'M')] = SGF_PROP_BM, [K2('T', 'E')] = SGF_PROP_TE,
    [K2('D', 'O')] = SGF_PROP_DO, [K2('I', 'T')] = SGF_PROP_IT,
    [K2('A', 'R')] = SGF_PROP_AR, [K2('L', 'N')] = SGF_PROP_LN,
    [K2('L', 'B')] = SGF_PROP_LB, [K2('C', 'R')] = SGF_PROP_CR,
    [K2('M', 'A')] = SGF_PROP_MA, [K2('S', 'L')] = SGF_PROP_SL,
    [K2('S', 'Q')] = SGF_PROP_SQ, [K2('T', 'R')] = SGF_PROP_TR,
    [K2('D', 'D')] = SGF_PROP_DD, [K2('A', 'P')] = SGF_PROP_AP,
    [K2('C', 'A')] = SGF_PROP_CA, [K2('F', 'F')] = SGF_PROP_FF,
    [K2('G', 'M')] = SGF_PROP_GM, [K2('S', 'T')] = SGF_PROP_ST,
    [K2('S', 'Z')] = SGF_PROP_SZ, [K2('A', 'N')] = SGF_PROP_AN,
    [K2('B', 'R')] = SGF_PROP_BR, [K2('B', 'T')] = SGF_PROP_BT,
    [K2('C', 'P')] = SGF_PROP_CP, [K2('D', 'T')] = SGF_PROP_DT,
    [K2('E', 'V')] = SGF_PROP_EV, [K2('G', 'C')] = SGF_PROP_GC,
    [K2('G', 'N')] = SGF_PROP_GN, [K2('O', 'N')] = SGF_PROP_ON,
    [K2('O', 'T')] = SGF_PROP_OT, [K2('P', 'B')] = SGF_PROP_PB,
    [K2('P', 'C')] = SGF_PROP_PC, [K2('P', 'W')] = SGF_PROP_PW,
    [K2('R', 'E')] = SGF_PROP_RE, [K2('R', 'O')] = SGF_PROP_RO,
    [K2('R', 'U')] = SGF_PROP_RU, [K2('S', 'O')] = SGF_PROP_SO,
    [K2('T', 'M')] = SGF_PROP_TM, [K2('U', 'S')] = SGF_PROP_US,
    [K2('W', 'R')] = SGF_PROP_WR, [K2('W', 'T')] = SGF_PROP_WT,
    [K2('B', 'L')] = SGF_PROP_BL, [K2('W', 'L')] = SGF_PROP_WL,
    [K2('O', 'B')] = SGF_PROP_OB, [K2('O', 'W')] = SGF_PROP_OW,
    [K2('F', 'G')] = SGF_PROP_FG, [K2('P', 'M')] = SGF_PROP_PM,
    [K2('V', 'W')] = SGF_PROP_VW, [K2('H', 'A')] = SGF_PROP_HA,
    [K2('K', 'M')] = SGF_PROP_KM, [K2('T', 'B')] = SGF_PROP_TB,
    [K2('T', 'W')] = SGF_PROP_TW,
    [K2('B', 'S')] = SGF_PROP_BS, [K2('W', 'S')] = SGF_PROP_WS,
    [K2('C', 'H')] = SGF_PROP_CH, [K2('E', 'L')] = SGF_PROP_EL,
    [K2('E', 'X')] = SGF_PROP_EX, [K2('I', 'D')] = SGF_PROP_ID,
    [K1('L')] = SGF_PROP_L, [K1('M')] = SGF_PROP_M,
    [K2('L', 'T')] = SGF_PROP_LT, [K2('O', 'M')] = SGF_PROP_OM,
    [K2('O', 'P')] = SGF_PROP_OP, [K2('O', 'V')] = SGF_PROP_OV,
    [K2('R', 'G')] = SGF_PROP_RG, [K2('S', 'C')] = SGF_PROP_SC,
    [K2('S', 'E')] = SGF_PROP_SE, [K2('S', 'I')] = SGF_PROP_SI,
    [K2('T', 'C')] = SGF_PROP_TC, [K2('K', 'I')] = SGF_PROP_KI,
};
#undef K1
#undef K2

static int upper_index(char ch)
{
    return ch >= 'A' && ch <= 'Z' ? ch - 'A' + 1 : -1;
}

sgf_prop_id sgf_prop_id_from_name(const char *ident, size_t len)
{
    if (ident == NULL || len == 0 || len > 2)
        return SGF_PROP_UNKNOWN;
    int a = upper_index(ident[0]);
    int b = len == 2 ? upper_index(ident[1]) : 0;
    if (a < 0 || b < 0)
        return SGF_PROP_UNKNOWN;
    return (sgf_prop_id)sgf__prop_by_letters[a * 27 + b];
}

const sgf_prop_info *sgf_prop_info_of(sgf_prop_id id)
{
    if (id <= SGF_PROP_UNKNOWN || (unsigned)id >= SGF__PROP_COUNT
        || sgf__prop_table[id].ident == NULL)
        return NULL;
    return &sgf__prop_table[id];
}

/* --- value decoders ------------------------------------------------------ */

static bool is_digit(char ch)
{
    return ch >= '0' && ch <= '9';
}

/* Digits of s[*i..] into an unsigned value, saturating at limit + 1.
 * Returns the number of digits read. */
static size_t read_digits(sgf_str v, size_t *i, unsigned long limit,
                          unsigned long *out)
{
    size_t start = *i;
    unsigned long acc = 0;
    for (; *i < v.len && is_digit(v.ptr[*i]); (*i)++) {
        unsigned d = (unsigned)(v.ptr[*i] - '0');
        acc = acc > (limit - d) / 10 ? limit + 1 : acc * 10 + d;
    }
    *out = acc;
    return *i - start;
}

bool sgf__node_mn(const sgf_node *n, long *out)
{
    const sgf_prop *p = sgf_node_find_prop(n, SGF_PROP_MN);
    long v;
    if (p == NULL || sgf_value_number(sgf_prop_text(p, 0), &v) != 0
        || v < 0 || v > SGF_MOVE_NUMBER_MAX)
        return false;
    *out = v;
    return true;
}

/* What no decoder can use: a NULL out-pointer, or a value with a NULL
 * pointer and a length (SGF_EINVAL; a NULL, 0 value is "", no number). */
#define BAD_ARGS(v, out) ((out) == NULL || ((v).ptr == NULL && (v).len > 0))

int sgf_value_number(sgf_str v, long *out)
{
    if (BAD_ARGS(v, out))
        return SGF_EINVAL;
    size_t i = 0;
    bool neg = false;
    if (v.ptr == NULL)
        return SGF_ESYNTAX;
    if (v.len - 1 < 9) {
        /* the common value, 1 to 9 digits, fits any long: no limits */
        long m = 0;
        for (; i < v.len && (unsigned)(v.ptr[i] - '0') <= 9; i++)
            m = m * 10 + (v.ptr[i] - '0');
        if (i == v.len) {
            *out = m;
            return 0;
        }
        i = 0;
    }
    if (i < v.len && (v.ptr[i] == '+' || v.ptr[i] == '-'))
        neg = v.ptr[i++] == '-';
    unsigned long limit = neg ? (unsigned long)LONG_MAX + 1 : LONG_MAX;
    unsigned long mag;
    if (read_digits(v, &i, limit, &mag) == 0 || i != v.len || mag > limit)
        return SGF_ESYNTAX;
    if (neg)
        *out = mag == (unsigned long)LONG_MAX + 1 ? LONG_MIN : -(long)mag;
    else
        *out = (long)mag;
    return 0;
}

static const double pow10_table[] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

/* Accumulate the digits of s[*i..] into *m (first 19 significant digits
 * exactly); *scale counts digits that did not fit (integer part) or that
 * did (fraction part, frac = true), as a power of ten. */
static size_t real_digits(sgf_str v, size_t *i, uint64_t *m, int *scale,
                          bool frac)
{
    size_t start = *i;
    for (; *i < v.len && is_digit(v.ptr[*i]); (*i)++) {
        if (*m < UINT64_C(1000000000000000000)) {
            *m = *m * 10 + (uint64_t)(v.ptr[*i] - '0');
            if (frac)
                (*scale)--;
        } else if (!frac) {
            (*scale)++;
        }
    }
    return *i - start;
}

int sgf_value_real(sgf_str v, double *out)
{
    if (BAD_ARGS(v, out))
        return SGF_EINVAL;
    size_t i = 0;
    bool neg = false;
    uint64_t m = 0;
    int scale = 0;
    if (v.ptr == NULL)
        return SGF_ESYNTAX;
    if (i < v.len && (v.ptr[i] == '+' || v.ptr[i] == '-'))
        neg = v.ptr[i++] == '-';
    if (real_digits(v, &i, &m, &scale, false) == 0)
        return SGF_ESYNTAX;
    if (i < v.len && v.ptr[i] == '.') {
        i++;
        if (real_digits(v, &i, &m, &scale, true) == 0)
            return SGF_ESYNTAX;
    }
    if (i != v.len)
        return SGF_ESYNTAX;
    /* m and 10^|scale| are exact doubles for up to 15 digits, so one
     * division or multiplication rounds correctly there. */
    double d = (double)m;
    for (; scale < -22; scale += 22)
        d /= 1e22;
    for (; scale > 22; scale -= 22)
        d *= 1e22;
    d = scale < 0 ? d / pow10_table[-scale] : d * pow10_table[scale];
    if (!isfinite(d))
        return SGF_ESYNTAX;          /* past the largest double */
    *out = neg && d != 0 ? -d : d;       /* "-0" is 0, not -0.0 */
    return 0;
}

static bool is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'
        || ch == '\v' || ch == '\f';
}

/* The number at the start of t as a strict Real in buf ("6,5" -> "6.5");
 * returns the bytes of t it used, 0 when t does not start with one. */
static size_t loose_prefix(sgf_str t, char *buf, size_t cap, size_t *k)
{
    size_t i = 0, digits = 0;
    *k = 0;
    if (i < t.len && (t.ptr[i] == '+' || t.ptr[i] == '-'))
        buf[(*k)++] = t.ptr[i++];
    for (; i < t.len && is_digit(t.ptr[i]) && *k < cap - 2; i++, digits++)
        buf[(*k)++] = t.ptr[i];
    bool point = i < t.len && (t.ptr[i] == '.' || t.ptr[i] == ',');
    bool fraction = point && i + 1 < t.len && is_digit(t.ptr[i + 1]);
    if (digits == 0 && (!fraction || t.ptr[i] != '.'))
        return 0;                       /* (",5" may be anything) */
    if (digits == 0)                    /* ".5": 0.5 */
        buf[(*k)++] = '0';
    if (fraction) {
        buf[(*k)++] = '.';
        for (i++; i < t.len && is_digit(t.ptr[i]) && *k < cap - 1; i++)
            buf[(*k)++] = t.ptr[i];
    } else if (point && t.ptr[i] == '.'
               && (i + 1 == t.len || is_blank(t.ptr[i + 1]))) {
        i++;                            /* "5.": 5, and no half after it */
        buf[(*k)++] = '.';
        buf[(*k)++] = '0';
    }
    return i < t.len && is_digit(t.ptr[i]) ? 0 : i;
}

/* What may follow the number: nothing, a half ("1/2", "\xC2\xBD") after
 * a whole number, or a word (a letter or a non-ASCII character first;
 * not a letter then a digit or sign, which is an exponent "1e308" or hex
 * "0x1p3", nor a second half). Returns the half to add (0 or 0.5), or -1
 * when the rest is something else. */
static double loose_rest(sgf_str r, bool whole)
{
    size_t i = 0;
    while (i < r.len && is_blank(r.ptr[i]))
        i++;
    const char *s = r.ptr + i;
    size_t n = r.len - i;
    if (n == 0)
        return 0;
    bool half = (n == 3 && memcmp(s, "1/2", 3) == 0)
                || (n == 2 && memcmp(s, "\xC2\xBD", 2) == 0);
    if (half)
        return whole ? 0.5 : -1;
    if (n >= 2 && memcmp(s, "\xC2\xBD", 2) == 0)
        return -1;                   /* "5\xC2\xBD\xC2\xBD", "5\xC2\xBDx" */
    unsigned char ch = (unsigned char)s[0];
    bool letter = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
    if (letter && n >= 2 && (is_digit(s[1]) || s[1] == '+' || s[1] == '-'))
        return -1;
    if (ch >= 0x80 || letter)
        return 0;
    return -1;
}

int sgf_value_real_loose(sgf_str v, double *out, bool *loose)
{
    if (BAD_ARGS(v, out))
        return SGF_EINVAL;
    if (v.ptr == NULL)
        return SGF_ESYNTAX;
    if (sgf_value_real(v, out) == 0) {
        if (loose != NULL)
            *loose = false;
        return 0;
    }
    size_t a = 0, b = v.len, k;
    while (a < b && is_blank(v.ptr[a]))
        a++;
    while (b > a && is_blank(v.ptr[b - 1]))
        b--;
    sgf_str t = { v.ptr + a, b - a };
    char buf[48];
    size_t used = loose_prefix(t, buf, sizeof buf, &k);
    if (used == 0)
        return SGF_ESYNTAX;
    sgf_str r = { t.ptr + used, t.len - used };
    double half = loose_rest(r, memchr(buf, '.', k) == NULL);
    sgf_str num = { buf, k };
    double d;
    if (half < 0 || sgf_value_real(num, &d) != 0)
        return SGF_ESYNTAX;
    *out = d < 0 || buf[0] == '-' ? d - half : d + half;
    if (loose != NULL)
        *loose = true;
    return 0;
}

int sgf_value_double(sgf_str v, int *out)
{
    if (BAD_ARGS(v, out))
        return SGF_EINVAL;
    if (v.ptr == NULL || v.len != 1 || (v.ptr[0] != '1' && v.ptr[0] != '2'))
        return SGF_ESYNTAX;
    *out = v.ptr[0] - '0';
    return 0;
}

int sgf_value_color(sgf_str v, sgf_color *out)
{
    if (BAD_ARGS(v, out))
        return SGF_EINVAL;
    if (v.ptr == NULL || v.len != 1 || (v.ptr[0] != 'B' && v.ptr[0] != 'W'))
        return SGF_ESYNTAX;
    *out = v.ptr[0] == 'B' ? SGF_BLACK : SGF_WHITE;
    return 0;
}


int sgf_value_point(sgf_str v, sgf_point *out)
{
    if (BAD_ARGS(v, out))
        return SGF_EINVAL;
    if (v.ptr == NULL || v.len != 2)
        return SGF_ESYNTAX;
    int x = sgf_coord_of_letter((unsigned char)v.ptr[0]);
    int y = sgf_coord_of_letter((unsigned char)v.ptr[1]);
    if (x < 0 || y < 0)
        return SGF_ESYNTAX;
    out->x = (uint8_t)x;
    out->y = (uint8_t)y;
    return 0;
}

int sgf_value_move(sgf_str v, int width, int height, sgf_point *out,
                   bool *pass)
{
    if (BAD_ARGS(v, out) || pass == NULL)
        return SGF_EINVAL;
    if (v.ptr == NULL)
        return SGF_ESYNTAX;
    if (v.len == 0 || (v.len == 2 && v.ptr[0] == 't' && v.ptr[1] == 't'
                       && width <= 19 && height <= 19)) {
        *pass = true;
        return 0;
    }
    sgf_point pt;
    if (sgf_value_point(v, &pt) != 0)
        return SGF_ESYNTAX;
    *out = pt;
    *pass = false;
    return 0;
}

int sgf_value_split(sgf_str raw, sgf_str *left, sgf_str *right)
{
    if (BAD_ARGS(raw, left) || right == NULL)
        return SGF_EINVAL;
    if (raw.ptr == NULL)
        return SGF_ESYNTAX;
    for (size_t i = 0; i < raw.len; i++) {
        if (raw.ptr[i] == '\\') {
            i++;
        } else if (raw.ptr[i] == ':') {
            left->ptr = raw.ptr;
            left->len = i;
            right->ptr = raw.ptr + i + 1;
            right->len = raw.len - i - 1;
            return 0;
        }
    }
    return SGF_ESYNTAX;
}

int sgf_value_rect(sgf_str v, sgf_point *ul, sgf_point *lr)
{
    if (BAD_ARGS(v, ul) || lr == NULL)
        return SGF_EINVAL;
    sgf_point a, b;
    if (v.ptr == NULL)
        return SGF_ESYNTAX;
    if (v.len == 2) {
        if (sgf_value_point(v, &a) != 0)
            return SGF_ESYNTAX;
        *ul = *lr = a;
        return 0;
    }
    if (v.len != 5 || v.ptr[2] != ':')
        return SGF_ESYNTAX;
    sgf_str l = { v.ptr, 2 }, r = { v.ptr + 3, 2 };
    if (sgf_value_point(l, &a) != 0 || sgf_value_point(r, &b) != 0)
        return SGF_ESYNTAX;
    ul->x = a.x < b.x ? a.x : b.x;      /* the corners in either order */
    ul->y = a.y < b.y ? a.y : b.y;
    lr->x = a.x < b.x ? b.x : a.x;
    lr->y = a.y < b.y ? b.y : a.y;
    return 0;
}

char *sgf_point_format_sgf(char buf[3], sgf_point pt)
{
    buf[0] = sgf_letter_of_coord(pt.x);
    buf[1] = sgf_letter_of_coord(pt.y);
    buf[2] = '\0';
    return buf;
}

int sgf_point_parse_vertex(const char *s, size_t len, int width, int height,
                           sgf_point *out)
{
    if (s == NULL || out == NULL)
        return SGF_EINVAL;
    if (len < 2 || len > 3 || width > 25 || height > SGF_MAX_SIZE)
        return SGF_ESYNTAX;
    int col = sgf__vertex_column(s[0]), row = 0;
    if (col < 0)
        return SGF_ESYNTAX;
    for (size_t i = 1; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return SGF_ESYNTAX;
        row = row * 10 + (s[i] - '0');
    }
    if (col >= width || row < 1 || row > height)
        return SGF_ESYNTAX;
    *out = (sgf_point){ (uint8_t)col, (uint8_t)(height - row) };
    return 0;
}

char *sgf_point_format_vertex(char buf[4], sgf_point pt, int height)
{
    if (pt.x >= 25 || height <= 0 || height > SGF_MAX_SIZE
        || pt.y >= height)
        return NULL;
    int row = height - pt.y;
    buf[0] = sgf__vertex_letter(pt.x);
    if (row >= 10) {
        buf[1] = (char)('0' + row / 10);
        buf[2] = (char)('0' + row % 10);
        buf[3] = '\0';
    } else {
        buf[1] = (char)('0' + row);
        buf[2] = '\0';
    }
    return buf;
}

/* Komi as the Fox server writes it: 5.5, 6.5, 7 and 7.5 times 50 or 100
 * (x50: 275, 325, 350, 375; x100: 550, 650, 700, 750). True and *out
 * set when v is one of them. */
bool sgf__komi_scaled(double v, double *out)
{
    static const int scaled[8] = { 275, 325, 350, 375, 550, 650, 700, 750 };
    static const double real[8] = { 5.5, 6.5, 7, 7.5, 5.5, 6.5, 7, 7.5 };
    for (int k = 0; k < 8; k++)
        if (v == scaled[k]) {
            *out = real[k];
            return true;
        }
    return false;
}

/* ---- the game-info node (sgf/tree.h) --------------------------------- */

bool sgf__holds_game_info(const sgf_node *n)
{
    if (n->move_color != 0 && n->nprops == 1)
        return false;
    for (const sgf_prop *p = n->props; p != NULL; p = p->next)
        if (sgf__info(p)->kind == SGF_KIND_GAME_INFO)
            return true;
    return false;
}

const sgf_node *sgf_game_info_node(const sgf_game *g)
{
    if (g == NULL)
        return NULL;
    for (const sgf_node *n = g->root; n != NULL; n = n->child)
        if (sgf__holds_game_info(n))
            return n;
    return g->root;
}
