/*
 * write.c - normalized FF[4] SGF out of a collection (sgf/write.h).
 *
 * The output is built node by node: a node (or one of the three groups of
 * the root) goes into a scratch buffer together with the places where a
 * line may be broken, and is then placed on the current line or on a new
 * one. The tree is walked through its parent, child and sibling links, so
 * nothing recurses and no stack grows with the depth of the tree.
 */
#include <stdlib.h>
#include <string.h>
#include <sgf/write.h>
#include "tree_int.h"
#include "props_int.h"
#include "charset_int.h"

enum { FLUSH_AT = 64 * 1024 };

typedef struct writer {
    sgf_strbuf *out;
    FILE *fp;                /* out is flushed to fp when not NULL */
    const sgf_game *g;
    unsigned flags;          /* SGF_WRITE_* */
    size_t width;
    size_t col;              /* bytes on the current output line */
    bool line_open;          /* the line holds only a variation's '(' */
    bool decoded;            /* text values were converted to UTF-8 */
    int mb;                  /* two-byte kind the output is lexed with
                                (SGF__MB_*; 0 for UTF-8 output) */
    bool old_props;          /* a game holds FF[1]-FF[3] properties */
    int ff;                  /* FF written for this game: 4 or 0 (none) */
    sgf__buf unit;           /* the node or root group being built */
    sgf__buf cuts;           /* size_t offsets in unit: line break spots */
    sgf__buf colons;         /* one byte per ':' of a raw value (and line
                                break, COLON_AS_READ): escaped? */
    int err;                 /* first SGF_ENOMEM or SGF_EIO */
} writer;

/* How the ':' of a value are escaped. */
typedef enum colon_rule {
    COLON_BARE,              /* never: not a composed type */
    COLON_COMPOSED,          /* all but the separator */
    COLON_AS_READ            /* as in the file (unknown properties), and
                                so line breaks: a soft one stays soft */
} colon_rule;

typedef struct colon_plan {
    colon_rule rule;
    size_t sep;              /* index of the separator, or SIZE_MAX */
    const char *escaped;     /* COLON_AS_READ: per ':' as read */
    size_t n;
} colon_plan;

/* --- strbuf ------------------------------------------------------------ */

void sgf_strbuf_init(sgf_strbuf *sb)
{
    sb->ptr = NULL;
    sb->len = 0;
    sb->cap = 0;
}

void sgf_strbuf_release(sgf_strbuf *sb)
{
    free(sb->ptr);
    sgf_strbuf_init(sb);
}

static int strbuf_add(sgf_strbuf *sb, const char *p, size_t n)
{
    if (sb->cap - sb->len <= n) {
        if (n > SIZE_MAX / 4 - sb->len)
            return SGF_ENOMEM;
        size_t cap = sb->cap ? sb->cap : 256;
        while (cap - sb->len <= n)
            cap *= 2;
        char *q = realloc(sb->ptr, cap);
        if (q == NULL)
            return SGF_ENOMEM;
        sb->ptr = q;
        sb->cap = cap;
    }
    if (n > 0)
        memcpy(sb->ptr + sb->len, p, n);
    sb->len += n;
    sb->ptr[sb->len] = '\0';
    return 0;
}

/* --- output and line filling ------------------------------------------- */

static void out_add(writer *w, const char *p, size_t n)
{
    if (w->err != 0 || n == 0)
        return;
    if (strbuf_add(w->out, p, n) != 0) {
        w->err = SGF_ENOMEM;
        return;
    }
    w->line_open = false;
    size_t k = n;
    while (k > 0 && p[k - 1] != '\n')
        k--;
    w->col = k > 0 ? n - k : w->col + n;
}

static void out_flush(writer *w, bool all)
{
    if (w->fp == NULL || w->err != 0 || (!all && w->out->len < FLUSH_AT))
        return;
    if (w->out->len > 0
        && fwrite(w->out->ptr, 1, w->out->len, w->fp) != w->out->len)
        w->err = SGF_EIO;
    w->out->len = 0;
}

/* A line break, unless the line is empty. */
static void newline(writer *w)
{
    if (w->col > 0)
        out_add(w, "\n", 1);
}

/* A line break before len more bytes that would not fit; never right
 * after a '(' that opens a line. */
static void fit(writer *w, size_t len)
{
    if (w->col + len > w->width && !w->line_open)
        newline(w);
}

static size_t first_line(const char *s, size_t n)
{
    const char *e = memchr(s, '\n', n);
    return e != NULL ? (size_t)(e - s) : n;
}

/* Put the unit on the current line if it fits, else on a new line; a
 * unit longer than the width is broken at its cuts. */
static void place(writer *w)
{
    const char *s = w->unit.ptr;
    size_t n = w->unit.len;
    if (n == 0 || w->err != 0)
        return;
    size_t first = first_line(s, n);
    fit(w, first);
    if (w->col + first <= w->width) {
        out_add(w, s, n);
        return;
    }
    const size_t *cut = (const size_t *)(const void *)w->cuts.ptr;
    size_t ncut = w->cuts.len / sizeof *cut, from = 0;
    for (size_t k = 0; k <= ncut; k++) {
        size_t to = k < ncut ? cut[k] : n;
        if (to == from)
            continue;
        fit(w, first_line(s + from, to - from));
        out_add(w, s + from, to - from);
        from = to;
    }
}

/* --- building a unit --------------------------------------------------- */

static void unit_begin(writer *w)
{
    w->unit.len = 0;
    w->cuts.len = 0;
}

static void unit_add(writer *w, const char *p, size_t n)
{
    if (w->err == 0 && sgf__buf_add(&w->unit, p, n) != 0)
        w->err = SGF_ENOMEM;
}

static void unit_addz(writer *w, const char *s)
{
    unit_add(w, s, strlen(s));
}

/* Mark the current end of the unit as a place to break the line. */
static void unit_cut(writer *w)
{
    size_t at = w->unit.len;
    if (w->err == 0 && sgf__buf_add(&w->cuts, &at, sizeof at) != 0)
        w->err = SGF_ENOMEM;
}

/* --- values ------------------------------------------------------------ */

static colon_rule colon_rule_of(const sgf_prop *p)
{
    const sgf_prop_info *info = sgf_prop_info_of((sgf_prop_id)p->id);
    if (info == NULL)
        return COLON_AS_READ;
    switch (info->value_type) {
    case SGF_VT_POINT:
    case SGF_VT_POINT_PAIR:
    case SGF_VT_LABEL:
    case SGF_VT_SIZE:
    case SGF_VT_APP:
    case SGF_VT_FIGURE:
        return COLON_COMPOSED;
    default:
        return COLON_BARE;
    }
}

/* The bytes whose escape a plan keeps track of: ':', and under
 * COLON_AS_READ the line breaks too (an unknown property's type is
 * unknown, so a soft line break "\\" newline may be one: it is written
 * back soft, not as the hard line break its decoded text holds). */
static bool marked(char ch, colon_rule rule)
{
    return ch == ':' || (rule == COLON_AS_READ && (ch == '\n' || ch == '\r'));
}

/* Record for each marked byte of the raw value whether it was escaped.
 * The raw bytes are walked as sgf_value_split (and so the property
 * checks) reads them: a '\\' escapes the next byte, whatever the
 * charset, so that the value read back splits where it did. */
static void map_colons(writer *w, sgf_str raw, colon_rule rule)
{
    w->colons.len = 0;
    for (size_t i = 0; i < raw.len && w->err == 0; i++) {
        char esc = raw.ptr[i] == '\\' && i + 1 < raw.len;
        i += (size_t)esc;
        if (marked(raw.ptr[i], rule)
            && sgf__buf_add(&w->colons, &esc, 1) != 0)
            w->err = SGF_ENOMEM;
    }
}

static colon_plan plan_colons(writer *w, const sgf_prop *p, sgf_str raw)
{
    colon_plan cp = { colon_rule_of(p), SIZE_MAX, NULL, 0 };
    if (cp.rule == COLON_BARE
        || (memchr(raw.ptr, ':', raw.len) == NULL
            && (cp.rule != COLON_AS_READ
                || (memchr(raw.ptr, '\n', raw.len) == NULL
                    && memchr(raw.ptr, '\r', raw.len) == NULL))))
        return cp;
    map_colons(w, raw, cp.rule);
    cp.escaped = w->colons.ptr;
    cp.n = w->colons.len;
    for (size_t k = 0; k < cp.n && cp.sep == SIZE_MAX; k++)
        if (cp.escaped[k] == 0 && cp.rule == COLON_COMPOSED)
            cp.sep = k;
    return cp;
}

static bool colon_escaped(const colon_plan *cp, size_t k)
{
    switch (cp->rule) {
    case COLON_BARE:
        return false;
    case COLON_COMPOSED:
        return k != cp->sep;
    default:
        return k >= cp->n || cp->escaped[k] != 0;
    }
}

/* Does the byte at t[j] go out with a '\\' before it? ']' and '\\'
 * always, a marked byte as the plan says (k: its index among the
 * value's marked bytes), and the end of the value stands for the
 * closing ']'. */
static bool escaped_at(sgf_str t, size_t j, const colon_plan *cp, size_t k)
{
    if (j == t.len)
        return true;
    char ch = t.ptr[j];
    if (ch != ':' && marked(ch, cp->rule))  /* a line break, as read */
        return k < cp->n && cp->escaped[k] != 0;
    return ch == ']' || ch == '\\' || (ch == ':' && colon_escaped(cp, k));
}

/* Append t with the escapes it needs: '\\' before ']' and '\\', and
 * before the ':' the plan says. A guarded value (bytes that are not
 * UTF-8, or two-byte output) must keep its boundaries for every reader:
 * one that reads escapes byte by byte, and one that pairs a byte from
 * 0x80 up with the next (Shift_JIS, GBK, Big5 leads take a '\\' or ']'
 * trail). So a run of bytes from 0x80 up that an escape or the closing
 * ']' follows is escaped byte by byte ('\\' L '\\' ']' reads as L
 * and ']' both ways), and no unescaped high byte is ever followed by
 * '\\' or ']'.
 * Elsewhere a high byte and its neighbour read as the same two bytes
 * whether paired or not. */
static void add_escaped(writer *w, sgf_str t, const colon_plan *cp,
                        bool guard)
{
    size_t from = 0, k = 0, run_end = 0;
    bool run_esc = false;
    for (size_t i = 0; i < t.len; i++) {
        unsigned char ch = (unsigned char)t.ptr[i];
        bool esc;
        if (guard && ch >= 0x80) {
            if (i >= run_end) {
                run_end = i;
                while (run_end < t.len
                       && (unsigned char)t.ptr[run_end] >= 0x80)
                    run_end++;
                run_esc = escaped_at(t, run_end, cp, k);
            }
            esc = run_esc;
        } else {
            esc = escaped_at(t, i, cp, k);
            k += marked((char)ch, cp->rule);
        }
        if (!esc)
            continue;
        unit_add(w, t.ptr + from, i - from);
        unit_add(w, "\\", 1);
        from = i;
    }
    unit_add(w, t.ptr + from, t.len - from);
}

static bool is_move_prop(const sgf_prop *p)
{
    return p->id == SGF_PROP_B || p->id == SGF_PROP_W;
}

static bool small_board(const sgf_game *g)
{
    return g->width <= 19 && g->height <= 19;
}

static bool all_blank(sgf_str t)
{
    for (size_t i = 0; i < t.len; i++) {
        char ch = t.ptr[i];
        if (ch != ' ' && (ch < '\t' || ch > '\r'))
            return false;
    }
    return true;
}

/* A pass in a Go game: "" (or blanks) always, "tt" on boards up to
 * 19x19. */
static bool is_pass(const writer *w, const sgf_prop *p, sgf_str t)
{
    if (!w->decoded || w->g->gm != 1 || !is_move_prop(p))
        return false;
    return all_blank(t)
        || (t.len == 2 && memcmp(t.ptr, "tt", 2) == 0 && small_board(w->g));
}

/* Passes are "[tt]" on request on boards up to 19x19, else "[]". */
static bool pass_tt(const writer *w)
{
    return small_board(w->g) && (w->flags & SGF_WRITE_PASS_TT);
}

static void put_value(writer *w, const sgf_prop *p, size_t i)
{
    const sgf__value *v = &p->values[i];
    unit_add(w, "[", 1);
    if (v->flags & SGF__V_AS_WRITTEN) {
        unit_add(w, v->text.ptr, v->text.len);  /* escapes as read */
    } else if (is_pass(w, p, v->text)) {
        if (pass_tt(w))
            unit_add(w, "tt", 2);
    } else {
        colon_plan cp = plan_colons(w, p, v->raw);
        bool guard = w->mb != SGF__MB_NONE
                     || !sgf__utf8_valid(v->text.ptr, v->text.len);
        add_escaped(w, v->text, &cp, guard);
    }
    unit_add(w, "]", 1);
}

/* --- point lists ------------------------------------------------------- */

/* "xy" or "xy:zw" (x <= z, y <= w) as a rectangle of columns x0..x1 and
 * rows y0..y1: r[] = { x0, y0, x1, y1 } (read by sgf_value_rect). */
static bool rect_of(sgf_str t, int r[4])
{
    sgf_point ul, lr;
    if (sgf_value_rect(t, &ul, &lr) != 0)
        return false;
    r[0] = ul.x;
    r[1] = ul.y;
    r[2] = lr.x;
    r[3] = lr.y;
    return true;
}

/* One value "[x0y0]" or "[x0y0:x1y1]". */
static void put_rect(writer *w, int x0, int y0, int x1, int y1)
{
    char buf[8] = { '[', sgf_letter_of_coord(x0), sgf_letter_of_coord(y0),
                    ':', sgf_letter_of_coord(x1), sgf_letter_of_coord(y1),
                    ']', '\0' };
    if (x0 == x1 && y0 == y1) {
        buf[3] = ']';
        buf[4] = '\0';
    }
    if (w->unit.len > 0 && w->unit.ptr[w->unit.len - 1] == ']')
        unit_cut(w);
    unit_addz(w, buf);
}

static void put_expanded(writer *w, const sgf_prop *p)
{
    for (size_t i = 0; i < p->nvalues; i++) {
        int r[4];
        if (!rect_of(p->values[i].text, r)) {
            if (i > 0)
                unit_cut(w);
            put_value(w, p, i);
            continue;
        }
        for (int y = r[1]; y <= r[3]; y++)
            for (int x = r[0]; x <= r[2]; x++)
                put_rect(w, x, y, x, y);
    }
}

/* Bits x0..x1 of a row. */
static uint64_t run_mask(int x0, int x1)
{
    return ((UINT64_C(2) << x1) - 1) & ~((UINT64_C(1) << x0) - 1);
}

/* Greedy cover of the points of rows[] (bit x of rows[y] = point x,y):
 * the first point left in row order opens a run to the right, which then
 * grows down while the rows below hold the whole run. */
static void put_cover(writer *w, uint64_t rows[SGF_MAX_SIZE])
{
    for (int y = 0; y < SGF_MAX_SIZE; y++) {
        while (rows[y] != 0) {
            int x0 = 0, x1, y1 = y;
            while (!(rows[y] >> x0 & 1))
                x0++;
            x1 = x0;
            while (x1 + 1 < SGF_MAX_SIZE && (rows[y] >> (x1 + 1) & 1))
                x1++;
            uint64_t run = run_mask(x0, x1);
            while (y1 + 1 < SGF_MAX_SIZE && (rows[y1 + 1] & run) == run)
                y1++;
            for (int k = y; k <= y1; k++)
                rows[k] &= ~run;
            put_rect(w, x0, y, x1, y1);
        }
    }
}

static void put_compressed(writer *w, const sgf_prop *p)
{
    uint64_t rows[SGF_MAX_SIZE] = { 0 };
    int r[4];
    for (size_t i = 0; i < p->nvalues; i++)
        if (rect_of(p->values[i].text, r))
            for (int y = r[1]; y <= r[3]; y++)
                rows[y] |= run_mask(r[0], r[2]);
    put_cover(w, rows);
    for (size_t i = 0; i < p->nvalues; i++) {
        if (rect_of(p->values[i].text, r))
            continue;
        if (w->unit.len > 0 && w->unit.ptr[w->unit.len - 1] == ']')
            unit_cut(w);
        put_value(w, p, i);
    }
}

static bool is_point_list(const writer *w, const sgf_prop *p)
{
    const sgf_prop_info *info = sgf_prop_info_of((sgf_prop_id)p->id);
    return w->decoded && w->g->gm == 1 && info != NULL
        && info->value_type == SGF_VT_POINT && (info->flags & SGF_PF_LIST);
}

/* --- properties and nodes ---------------------------------------------- */

static void put_prop(writer *w, const sgf_prop *p)
{
    unit_addz(w, p->ident);
    unsigned lists = w->flags & (SGF_WRITE_EXPAND_POINTS
                                 | SGF_WRITE_COMPRESS_POINTS);
    if (lists != 0 && is_point_list(w, p)) {
        if ((lists & SGF_WRITE_COMPRESS_POINTS) && w->ff == 4)
            put_compressed(w, p);
        else
            put_expanded(w, p);
        return;
    }
    for (size_t i = 0; i < p->nvalues; i++) {
        if (i > 0)
            unit_cut(w);
        put_value(w, p, i);
    }
}

/* Separate properties of one unit: a break spot before all but the first
 * property of a unit (and never between ';' and the first one). */
static void prop_sep(writer *w, size_t unit_start)
{
    if (w->unit.len > unit_start)
        unit_cut(w);
}

static void put_node(writer *w, const sgf_node *n)
{
    unit_begin(w);
    unit_add(w, ";", 1);
    for (const sgf_prop *p = n->props; p != NULL; p = p->next) {
        prop_sep(w, 1);
        put_prop(w, p);
    }
    place(w);
}

/* SGFC's order. CA comes before every other value: the lexer takes a
 * two-byte charset into account from the CA on. */
static const sgf_prop_id root_order[] = {
    SGF_PROP_FF, SGF_PROP_CA, SGF_PROP_GM, SGF_PROP_SZ, SGF_PROP_AP,
    SGF_PROP_ST
};

static bool in_root_order(const sgf_prop *p)
{
    for (size_t k = 0; k < sizeof root_order / sizeof root_order[0]; k++)
        if (p->id == root_order[k])
            return true;
    return false;
}

static bool is_game_info(const sgf_prop *p)
{
    const sgf_prop_info *info = sgf_prop_info_of((sgf_prop_id)p->id);
    return info != NULL && info->kind == SGF_KIND_GAME_INFO;
}

/* Undecoded text of a game without CA: the charset the parser's reading
 * implies. Its guess of a two-byte charset (from the bytes) if it made
 * one, else UTF-8 when every value is valid UTF-8, else ISO-8859-1, the
 * spec's default; NULL for pure ASCII. */
static const char *implied_charset(const sgf_game *g)
{
    if (g->mb_lex != SGF__MB_NONE)
        return g->mb_lex == SGF__MB_SJIS ? "CA[Shift_JIS]" : "CA[GBK]";
    bool ascii = true;
    for (const sgf_node *n = g->root; n != NULL; n = sgf__preorder_next(n))
        for (const sgf_prop *p = n->props; p != NULL; p = p->next)
            for (uint32_t i = 0; i < p->nvalues; i++) {
                sgf_str t = p->values[i].text;
                if (sgf__is_ascii(t.ptr, t.len))
                    continue;
                if (!sgf__utf8_valid(t.ptr, t.len))
                    return "CA[ISO-8859-1]";
                ascii = false;
            }
    return ascii ? NULL : "CA[UTF-8]";
}

/* CA: UTF-8 for decoded text. Undecoded text keeps its CA; a game
 * without one gets the charset its reading implied, so that it reads
 * back the same way (without any CA the parser guesses from the bytes). */
static void put_charset(writer *w, const sgf_prop *ca)
{
    const char *name = NULL;
    if (w->decoded)
        name = "CA[UTF-8]";
    else if (!w->decoded && ca == NULL)
        name = implied_charset(w->g);
    if (name != NULL || (!w->decoded && ca != NULL))
        prop_sep(w, 1);
    if (name != NULL)
        unit_addz(w, name);
    else if (!w->decoded && ca != NULL)
        put_prop(w, ca);
}

/* FF CA GM SZ AP ST: FF as w->ff says, CA as put_charset says. */
static void put_root_head(writer *w, const sgf_node *n)
{
    char ff[8] = "FF[4]";
    ff[3] = (char)('0' + w->ff);
    unit_begin(w);
    unit_add(w, ";", 1);
    for (size_t k = 0; k < sizeof root_order / sizeof root_order[0]; k++) {
        sgf_prop_id id = root_order[k];
        const sgf_prop *p = sgf_node_find_prop(n, id);
        if (id == SGF_PROP_FF) {
            if (w->ff != 0) {
                prop_sep(w, 1);
                unit_addz(w, ff);
            }
        } else if (id == SGF_PROP_CA) {
            put_charset(w, p);
        } else if (p != NULL) {
            prop_sep(w, 1);
            put_prop(w, p);
        }
    }
    place(w);
}

/* The game-info properties (info = true) or the rest, on a new line. */
static void put_root_group(writer *w, const sgf_node *n, bool info)
{
    unit_begin(w);
    for (const sgf_prop *p = n->props; p != NULL; p = p->next) {
        if (in_root_order(p) || is_game_info(p) != info)
            continue;
        prop_sep(w, 0);
        put_prop(w, p);
    }
    if (w->unit.len > 0) {
        newline(w);
        place(w);
    }
}

static void put_root(writer *w, const sgf_node *n)
{
    put_root_head(w, n);
    put_root_group(w, n, true);
    put_root_group(w, n, false);
    if (n->child != NULL)
        newline(w);
}

/* --- the tree walk ----------------------------------------------------- */

static void open_variation(writer *w)
{
    newline(w);
    out_add(w, "(", 1);
    w->line_open = true;
}

/* The first node of the sequence n is in: climb while the node is the
 * only child of its parent. */
static const sgf_node *sequence_start(const sgf_node *n)
{
    while (n->parent != NULL && n->parent->child == n && n->sibling == NULL)
        n = n->parent;
    return n;
}

/* After the last node of a sequence: close every variation that ends
 * there; return the next variation's first node, or NULL once the game
 * tree is closed. */
static const sgf_node *close_sequences(writer *w, const sgf_node *n)
{
    for (;;) {
        const sgf_node *s = sequence_start(n);
        out_add(w, ")", 1);
        if (s->parent == NULL)
            return NULL;
        if (s->sibling != NULL) {
            open_variation(w);
            return s->sibling;
        }
        n = s->parent;
    }
}

static void put_tree(writer *w, const sgf_game *g)
{
    const sgf_node *root = g->root;
    w->g = g;
    w->decoded = !(g->coll->opts.flags & SGF_PARSE_SYNTAX_ONLY);
    w->ff = w->old_props && g->ff != 4 ? 0 : 4;
    w->mb = w->decoded ? SGF__MB_NONE : g->mb_lex;
    if (root == NULL)
        return;
    open_variation(w);
    for (const sgf_node *n = root; n != NULL && w->err == 0; ) {
        if (n == root)
            put_root(w, n);
        else
            put_node(w, n);
        out_flush(w, false);
        if (n->child == NULL) {
            n = close_sequences(w, n);
            continue;
        }
        if (n->child->sibling != NULL)
            open_variation(w);
        n = n->child;
    }
    out_add(w, "\n", 1);
}

/* --- entry points ------------------------------------------------------ */

static int writer_init(writer *w, sgf_strbuf *out, FILE *fp,
                       const sgf_write_options *opts)
{
    memset(w, 0, sizeof *w);
    w->out = out;
    w->fp = fp;
    w->width = SGF_WRITE_DEFAULT_WIDTH;
    if (opts == NULL)
        return 0;
    if (opts->version != SGF_WRITE_OPTIONS_VERSION || opts->line_width < 0)
        return SGF_EINVAL;
    w->flags = opts->flags;
    if (opts->line_width > 0)
        w->width = (size_t)opts->line_width;
    return 0;
}

static int writer_finish(writer *w)
{
    out_flush(w, true);
    sgf__buf_release(&w->unit);
    sgf__buf_release(&w->cuts);
    sgf__buf_release(&w->colons);
    return w->err;
}

/* Does a Go game hold an FF[1]-FF[3] property? FF[4] does not define
 * it, and an FF[4] file would draw a warning for it: the games of such a
 * collection that were not FF[4] are written without FF (read as FF[4]
 * with the FF[3] forms allowed, the same as before). */
static bool has_obsolete(const sgf_game *g)
{
    if (g->gm != 1 || (g->coll->opts.flags & SGF_PARSE_SYNTAX_ONLY))
        return false;
    for (const sgf_node *n = g->root; n != NULL; n = sgf__preorder_next(n))
        for (const sgf_prop *p = n->props; p != NULL; p = p->next) {
            const sgf_prop_info *info = sgf_prop_info_of((sgf_prop_id)p->id);
            if (info != NULL && (info->flags & SGF_PF_OBSOLETE))
                return true;
        }
    return false;
}

/* Write games [first, first + count) of c. */
static int write_games(sgf_strbuf *out, FILE *fp, const sgf_collection *c,
                       size_t first, size_t count,
                       const sgf_write_options *opts)
{
    writer w;
    int rc = writer_init(&w, out, fp, opts);
    if (rc != 0)
        return rc;
    /* (a collection read game by game holds only some of its games) */
    for (size_t i = first; i < first + count && !w.old_props; i++)
        if (sgf_collection_game(c, i) != NULL)
            w.old_props = has_obsolete(sgf_collection_game(c, i));
    for (size_t i = first; i < first + count && w.err == 0; i++)
        if (sgf_collection_game(c, i) != NULL)
            put_tree(&w, sgf_collection_game(c, i));
    return writer_finish(&w);
}

static int write_to_file(FILE *fp, const sgf_collection *c, size_t first,
                         size_t count, const sgf_write_options *opts)
{
    sgf_strbuf buf = SGF_STRBUF_INIT;
    int rc = write_games(&buf, fp, c, first, count, opts);
    sgf_strbuf_release(&buf);
    return rc;
}

int sgf_write_collection(FILE *fp, const sgf_collection *c,
                         const sgf_write_options *opts)
{
    if (fp == NULL || c == NULL)
        return SGF_EINVAL;
    return write_to_file(fp, c, 0, c->ngames, opts);
}

int sgf_write_game(FILE *fp, const sgf_game *g, const sgf_write_options *opts)
{
    if (fp == NULL || g == NULL)
        return SGF_EINVAL;
    return write_to_file(fp, g->coll, g->index, 1, opts);
}

int sgf_write_collection_str(sgf_strbuf *out, const sgf_collection *c,
                             const sgf_write_options *opts)
{
    if (out == NULL || c == NULL)
        return SGF_EINVAL;
    return write_games(out, NULL, c, 0, c->ngames, opts);
}

int sgf_write_game_str(sgf_strbuf *out, const sgf_game *g,
                       const sgf_write_options *opts)
{
    if (out == NULL || g == NULL)
        return SGF_EINVAL;
    return write_games(out, NULL, g->coll, g->index, 1, opts);
}
