/*
 * parse.c - SGF bytes to a collection of game trees (FF[4] spec section 2,
 * plus what real FF[1]-FF[3] files hold).
 *
 * One loop over the bytes, no recursion: open variations are an explicit
 * stack of branch nodes, so 100,000 nested variations cost memory, not
 * stack. Faults are reported once, where they are, and the parser goes on
 * as a careful human would read the file: junk outside game trees is
 * skipped, a missing ';' or '(' is supplied, a property without a value is
 * dropped, a repeated property is merged, an unclosed value runs to the
 * end of the file, open game trees are closed at the end.
 *
 * Values are not copied: a value's raw bytes point into the collection's
 * copy of the input. The property layer (check.c) decodes them when a game
 * is complete.
 */
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include "tree_int.h"
#include "charset_int.h"
#include "props_int.h"
#include "propset_int.h"
#include "parse_int.h"
#include "coord_int.h"

typedef struct parser {
    sgf_collection *c;
    const char *s;
    size_t n, i;
    sgf_game *game;         /* game being read, or NULL at top level */
    sgf_node *cur;          /* last node of the current sequence, or NULL */
    sgf_node *cur_last;     /* last child of cur (after its variations) */
    bool after_var;         /* a variation of cur was just closed */
    int8_t ends_open;       /* the input ends with a game tree open: 1,
                               not: -1, not looked at yet: 0 */
    sgf__buf stack;         /* frame: branch node of each open '(' */
    sgf__buf vals;          /* sgf__value scratch for one property */
    size_t junk_start;      /* start of skipped text, or SIZE_MAX */
    size_t blank_dropped;   /* white space between game trees handed
                               back up to here (gap_read) */
    bool saw_tree;
    bool eof_in_value;      /* an unclosed value ate the rest */
    size_t backslashes;     /* values of this game holding a '\\' */
    uint8_t mb;             /* two-byte-safe lexing: MB_* (CA of this
                               game) */
    uint8_t mb_default;     /* ... for games without CA (see prescan) */
    bool wide;              /* CA is UTF-16: NUL bytes belong to text */
    sgf_prop *prop_tail;    /* last property of cur */
    sgf__arena_mark mark;   /* the arena before the current game */
    sgf__propset props;     /* the properties of a large node */
    /* A bit per known property id (modulo 64) of the node seen_node:
     * a property whose bit is clear is not in the node yet, and is
     * stored without looking (most properties of a node differ). */
    const sgf_node *seen_node;
    uint64_t seen_ids;
    bool plain;             /* the input holds no byte >= 0x80 and no
                               NUL: how values lex does not depend on
                               any charset, so no CA is read ahead */
    const char *ahead_cs;   /* the root's charset read ahead (or NULL) */
    size_t ahead_at;        /* ... the offset of its value's '[' */
    /* The game read again, its values lexed for the charset its text was
     * read in (relex): that charset and its verdict, or NULL. */
    const char *relex_cs;
    int relex_verdict;
    size_t game_diags;      /* diagnostics before the current game */
    sgf__diag_state diag_state;   /* ... and the counts then */
    /* A part of the input (sgf_parse_fd_part): it stopped before a game
     * tree that belongs to the next part; the end of its last game. */
    bool halted;
    size_t last_end;
} parser;

#define byte_class sgf__byte_class
#define C_LETTER SGF__C_LETTER

static inline bool is_ws(unsigned char ch)
{
    return sgf__is_ws(ch);
}

static inline bool is_letter(unsigned char ch)
{
    return sgf__is_letter(ch);
}

/* The input as parse_scan.c reads it. */
static inline sgf__text text_of(const parser *p)
{
    return (sgf__text){ p->s, p->n };
}

static size_t skip_ws(const parser *p, size_t i)
{
    while (i < p->n && is_ws((unsigned char)p->s[i]))
        i++;
    return i;
}

static bool ok(parser *p)
{
    return p->c->status == 0;
}

/* --- allocation helpers -------------------------------------------------- */

static void *alloc(parser *p, size_t n)
{
    void *m = sgf__arena_alloc(&p->c->arena, n);
    if (m == NULL)
        p->c->status = SGF_ENOMEM;
    else
        memset(m, 0, n);
    return m;
}

/* An open '(': the node its variation hangs from (NULL for the game
 * tree's own '(') and that node's last child so far, so that appending a
 * variation costs O(1) without a last-child link in every node. */
typedef struct frame {
    sgf_node *branch;
    sgf_node *last;
} frame;

static int push_frame(parser *p, sgf_node *branch, sgf_node *last)
{
    frame f = { branch, last };
    if (sgf__buf_add(&p->stack, &f, sizeof f) != 0) {
        p->c->status = SGF_ENOMEM;
        return -1;
    }
    return 0;
}

static size_t depth(const parser *p)
{
    return p->stack.len / sizeof(frame);
}

static frame *stack_top(const parser *p)
{
    frame *a = (frame *)(void *)p->stack.ptr;
    return depth(p) ? &a[depth(p) - 1] : NULL;
}

static frame stack_pop(parser *p)
{
    frame f = *stack_top(p);
    p->stack.len -= sizeof(frame);
    return f;
}

/* --- diagnostics -------------------------------------------------------- */

static int game_index(const parser *p)
{
    return p->game ? (int)p->game->index : -1;
}

/* A syntax fault kept in its game (sgf_game.faults). */
static void keep_fault(parser *p, int code, size_t at)
{
    int slot = sgf__syntax_slot(code);
    sgf_game *g = p->game;
    if (slot < 0 || g == NULL)
        return;
    sgf__fault_chunk *t = g->faults_tail;
    if (t == NULL || t->n == SGF__FAULT_CHUNK) {
        sgf__fault_chunk *c = alloc(p, sizeof *c);
        if (c == NULL)
            return;
        if (t != NULL)
            t->next = c;
        else
            g->faults = c;
        g->faults_tail = t = c;
    }
    t->at[t->n] = (uint32_t)at;
    t->slot[t->n] = (uint8_t)slot;
    t->n++;
}

#define DIAG(p, code, off, ...) \
    do { \
        keep_fault((p), (code), (off)); \
        sgf__diag_add((p)->c, game_index(p), (code), true, (off), \
                      __VA_ARGS__); \
    } while (0)

/* Skipped text outside game trees is reported once per run. */
/* Lines of skipped text that hold something other than white space. */
static size_t count_lines(const char *s, size_t from, size_t to)
{
    size_t lines = 0;
    bool text = false;
    for (size_t i = from; i < to; i++) {
        if (s[i] == '\n' || s[i] == '\r') {
            lines += text;
            text = false;
        } else if (!is_ws((unsigned char)s[i])) {
            text = true;
        }
    }
    return lines + text;
}

/* The bytes at s[i .. to) that hold nothing, if any start there: tree
 * syntax's debris ('(', ')', ';': a stray parenthesis), padding (NUL,
 * DOS's end-of-file 1A) and other control bytes, a UTF-8 byte-order mark
 * (files joined with cat) or a no-break or ideographic space (C2 A0,
 * Latin-1's A0, E3 80 80). 0 when none does. */
static size_t no_text(const char *s, size_t i, size_t to)
{
    unsigned char ch = (unsigned char)s[i];
    if (ch == '(' || ch == ')' || ch == ';' || ch < 0x20 || ch == 0x7F
        || ch == 0xA0)
        return 1;
    if (ch == 0xE3 && to - i >= 3 && (unsigned char)s[i + 1] == 0x80
        && (unsigned char)s[i + 2] == 0x80)
        return 3;
    if (ch == 0xEF && to - i >= 3 && (unsigned char)s[i + 1] == 0xBB
        && (unsigned char)s[i + 2] == 0xBF)
        return 3;
    if (ch == 0xC2 && to - i >= 2 && (unsigned char)s[i + 1] == 0xA0)
        return 2;
    return 0;
}

/* Whether s[from .. to) holds text: something other than white space
 * and bytes that hold nothing (no_text). */
static bool holds_text(const char *s, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++) {
        size_t k = no_text(s, i, to);
        if (k > 0)
            i += k - 1;
        else if (!is_ws((unsigned char)s[i]))
            return true;
    }
    return false;
}

/* Skipped text outside the game trees, said: text (a mail header, a
 * note) as text-outside-tree, which says data was dropped (nothing in a
 * collection holds it: sgf-convert does not drop it unless forced);
 * only stray parentheses and semicolons as junk-outside-tree. */
static void flush_junk(parser *p, bool at_end)
{
    if (p->junk_start == SIZE_MAX)
        return;
    size_t start = p->junk_start, end = at_end ? p->n : p->i;
    p->junk_start = SIZE_MAX;
    if (at_end && !p->saw_tree)
        return;        /* "no game tree" says it all */
    const char *where = !p->saw_tree ? "before the first game tree"
                       : at_end ? "after the last game tree"
                       : "between game trees";
    if (holds_text(p->s, start, end)) {
        size_t nl = count_lines(p->s, start, end);
        DIAG(p, SGF_D_TEXT_OUTSIDE, start, "%zu line%s of text %s: "
             "part of no game tree, not read", nl, nl == 1 ? "" : "s",
             where);
        return;
    }
    size_t n = 0, syntax = 0;
    char one = 0;
    for (size_t i = start; i < end; i++)
        if (!is_ws((unsigned char)p->s[i])) {
            n++;
            one = p->s[i];
            syntax += one == '(' || one == ')' || one == ';';
        }
    if (n == 1 && syntax == 1)
        DIAG(p, SGF_D_JUNK_OUTSIDE, start, "ignored a stray '%c' %s", one,
             where);
    else if (n == syntax)
        DIAG(p, SGF_D_JUNK_OUTSIDE, start, "ignored %zu stray parentheses "
             "and semicolons %s", n, where);
    else
        DIAG(p, SGF_D_JUNK_OUTSIDE, start, "ignored %zu byte%s that hold%s "
             "no text %s (stray parentheses or semicolons, padding, a "
             "byte-order mark, no-break spaces)", n, n == 1 ? "" : "s",
             n == 1 ? "s" : "", where);
}

/* --- nodes and games ---------------------------------------------------- */

/* Link n into the tree being read: after the last node of the current
 * sequence (behind its variations when one was just closed), else as the
 * next variation of the open '(' (or as the root). */
static void link_node(parser *p, sgf_node *n)
{
    sgf_node *parent = p->cur, *prev = p->cur_last;
    frame *f;
    if (parent == NULL && (f = stack_top(p)) != NULL && f->branch != NULL) {
        parent = f->branch;
        prev = f->last;
        f->last = n;
    }
    n->parent = parent;
    if (parent == NULL)
        p->game->root = n;
    else if (prev == NULL)
        parent->child = n;
    else
        prev->sibling = n;
    p->cur = n;
    p->cur_last = NULL;
    p->prop_tail = NULL;
    p->after_var = false;
}

static sgf_node *new_node(parser *p, size_t offset)
{
    sgf_node *n = alloc(p, sizeof *n);
    if (n == NULL)
        return NULL;
    n->offset = (uint32_t)offset;
    link_node(p, n);
    return n;
}

/* A '(' at top level: where the game tree starts. */
static void start_game(parser *p, size_t offset)
{
    sgf_collection *c = p->c;
    flush_junk(p, false);
    p->game_diags = c->ndiags;
    /* a game whose values may be lexed again (relex) keeps its
     * diagnostics from the caller's callback until it is read */
    c->diag_hold = !p->plain && sgf__forced_charset(c, c->ngames) == NULL
                   && !(c->opts.flags & SGF_PARSE_SYNTAX_ONLY);
    if (c->diag_hold)
        sgf__diag_state_save(c, &p->diag_state);
    p->mark = sgf__arena_get_mark(&c->arena);
    sgf__propset_forget(&p->props);     /* nodes' memory is reused */
    p->seen_node = NULL;
    sgf_game *g = alloc(p, sizeof *g);
    if (g == NULL)
        return;
    if (c->ngames - c->games_skip == c->games_cap) {
        size_t cap = c->games_cap ? 2 * c->games_cap : 4;
        sgf_game **a = realloc(c->games, cap * sizeof *a);
        if (a == NULL) {
            c->status = SGF_ENOMEM;
            return;
        }
        c->games = a;
        c->games_cap = cap;
    }
    g->coll = c;
    g->index = (uint32_t)c->ngames;
    g->offset = (uint32_t)offset;
    g->gm = 1;
    g->width = g->height = 19;
    c->games[c->ngames - c->games_skip] = g;
    c->ngames++;
    p->game = g;
    p->cur = p->cur_last = NULL;
    p->after_var = false;
    p->saw_tree = true;
    p->mb = p->mb_default;
    p->wide = false;
    g->relex_cs = p->relex_cs;
    g->relex_verdict = p->relex_verdict;
    if (p->relex_cs != NULL) {
        p->mb = (uint8_t)sgf__charset_pair_kind(p->relex_cs);
        p->wide = !sgf__charset_is_ascii_compatible(p->relex_cs);
    } else if (sgf__forced_charset(c, g->index) != NULL) {
        const char *f = sgf__forced_charset(c, g->index);
        p->mb = (uint8_t)sgf__charset_pair_kind(sgf__charset_canonical(
            f, strlen(f)));
    } else if (p->plain) {
        p->ahead_cs = NULL;          /* CA[] is taken as the root is read */
        p->ahead_at = SIZE_MAX;
    } else {
        sgf__text t = text_of(p);
        const char *cs = sgf__root_charset_ahead(&t, offset, &p->ahead_at);
        p->ahead_cs = cs;
        if (cs != NULL) {
            p->mb = (uint8_t)sgf__charset_pair_kind(cs);
            p->wide = !sgf__charset_is_ascii_compatible(cs);
        }
    }
    g->mb_lex = p->mb;
    p->backslashes = 0;
    push_frame(p, NULL, NULL);
}

static void unescape_all(parser *p, sgf_node *root);

/* sgf_parse_*_each: the game (or, with g NULL, the end) goes to the
 * caller with the diagnostics found since the last call; then they and
 * the game's memory are released (all but the first game's). */
static void hand_over(parser *p, sgf_game *g)
{
    sgf_collection *c = p->c;
    if (c->each(c->each_payload, c, g) != 0)
        c->each_stopped = true;
    sgf__diag_list_emptied(c);
    if (g != NULL)
        sgf__input_release(c, g->end);
    if (g == NULL || g->index == 0)
        return;           /* the first game stays: later ones are checked
                             against it (mixed-collection) */
    c->games[sgf__game_slot(c, g->index)] = NULL;
    /* the games up to it have no slot from now on: the next game takes
       its slot, so the array does not grow with the games read (a slot
       a game, 8 bytes each, was 32 MB for 4 million empty games) */
    c->games_skip = g->index;
    sgf__arena_rewind(&c->arena, &p->mark);
}

/* The game's text was read in a charset whose bytes pair otherwise than
 * the lexer paired them (a CA that does not fit, a guess): forget the
 * game, its memory and its diagnostics, and read it again from its
 * start, its values lexed for that charset; the property layer then
 * takes the charset and verdict already found. Once per game. */
static void relex(parser *p, sgf_game *g)
{
    sgf_collection *c = p->c;
    p->relex_cs = g->charset;
    p->relex_verdict = g->cs_verdict;
    p->i = g->offset;
    c->ngames = g->index;
    c->ndiags = p->game_diags;
    sgf__diag_state_restore(c, &p->diag_state);
    sgf__arena_rewind(&c->arena, &p->mark);
    p->eof_in_value = false;
    p->junk_start = SIZE_MAX;
}

/* The game's diagnostics go to the caller's callback now that they are
 * final. */
static void release_diags(parser *p)
{
    sgf_collection *c = p->c;
    if (!c->diag_hold)
        return;
    c->diag_hold = false;
    sgf__diag_release(c, p->game_diags);
}

static void finish_game(parser *p, size_t end)
{
    sgf_game *g = p->game;
    sgf_collection *c = p->c;
    p->game = NULL;
    p->cur = p->cur_last = NULL;
    p->stack.len = 0;
    if (g->root == NULL) {          /* "()" : nothing to keep */
        c->ngames--;
        release_diags(p);
        return;
    }
    g->end = (uint32_t)end;
    if (!ok(p))
        return;
    if (c->opts.flags & SGF_PARSE_SYNTAX_ONLY) {
        if (p->backslashes > 0)         /* else text = raw everywhere */
            unescape_all(p, g->root);
    }
    else if (sgf__props_game(c, g) != 0)
        c->status = SGF_ENOMEM;
    if (!ok(p))
        return;
    /* a second reading whose charset fell back (decode.c,
     * choose_relexed) is read a third time, for ISO-8859-1, which
     * decodes any bytes: no fourth */
    if (!p->plain && g->charset != NULL
        && (p->relex_cs == NULL || strcmp(g->charset, p->relex_cs) != 0)
        && sgf__forced_charset(c, g->index) == NULL
        && sgf__kinds_may_differ(&(sgf__text){ p->s, p->n }, g->offset,
                                 g->end, g->mb_lex,
                            sgf__charset_pair_kind(g->charset))) {
        relex(p, g);
        return;
    }
    p->relex_cs = NULL;
    p->last_end = end;
    if (c->part_quiet)
        return;          /* the first game, read again for the others:
                            kept, its diagnostics dropped (run_part) */
    release_diags(p);
    if (c->each != NULL)
        hand_over(p, g);
}

/* --- values -------------------------------------------------------------- */

/* The ']' that closes a value whose bytes start at i, in single-byte
 * mode, or n when the input ends first; *nul: a NUL byte (escaped or
 * not) before it; *bs: a '\\' before it. 16 bytes at a time where SSE2
 * is there (every x86-64): most values are short, comments long, and
 * both go in a few steps; bytes after an escape go on from the escaped
 * byte. */
static size_t plain_value_end(const char *s, size_t i, size_t n, bool *nul,
                              bool *bs)
{
#if defined(__SSE2__)
    const __m128i close_b = _mm_set1_epi8(']'), esc_b = _mm_set1_epi8('\\');
    const __m128i zero = _mm_setzero_si128();
    while (i + 16 <= n) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        unsigned close = (unsigned)_mm_movemask_epi8(
            _mm_cmpeq_epi8(v, close_b));
        unsigned esc = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, esc_b));
        unsigned nuls = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero));
        unsigned stop = close | esc;
        if (stop == 0) {
            *nul |= nuls != 0;
            i += 16;
            continue;
        }
        unsigned k = (unsigned)__builtin_ctz(stop);
        *nul |= (nuls & ((1u << k) - 1)) != 0;
        if (close & (1u << k))
            return i + k;
        *bs = true;                  /* an escaped NUL is a NUL too */
        *nul |= i + k + 1 < n && s[i + k + 1] == '\0';
        i += k + 2;
    }
#endif
    while (i < n && s[i] != ']') {
        if (s[i] == '\\') {
            *nul |= i + 1 < n && s[i + 1] == '\0';
            *bs = true;
            i += 2;
        } else {
            *nul |= s[i] == '\0';
            i++;
        }
    }
    return i < n ? i : n;
}

static void read_value(parser *p, sgf__value *v, const char *ident)
{
    size_t open = p->i;
    size_t close;
    bool nul = false, bs = false;
    if (p->mb == SGF__MB_NONE) {
        close = plain_value_end(p->s, open + 1, p->n, &nul, &bs);
    } else {
        sgf__text t = text_of(p);
        close = sgf__scan_value_as(&t, open, p->mb);
        nul = memchr(p->s + open, '\0', close - open) != NULL;
        bs = memchr(p->s + open, '\\', close - open) != NULL;
    }
    v->offset = (uint32_t)open;
    v->flags = bs ? SGF__V_BACKSLASH : 0;
    p->backslashes += bs;
    v->raw.ptr = p->s + open + 1;
    v->raw.len = close - open - 1;
    v->text = v->raw;
    if (close >= p->n)
        DIAG(p, SGF_D_UNCLOSED_VALUE, open,
             "value of '%s' not closed: the file ends inside it", ident);
    if (nul && !p->wide)
        DIAG(p, SGF_D_NUL_BYTE, open, "NUL byte in the value of '%s'",
             ident);
    if (close >= p->n) {
        /* a '\\' the file ends in escapes nothing: it is not part of
         * the value, raw or decoded, so that every writer gives the
         * same value back (the escapes and two-byte characters pair
         * from the value's start, as the lexer pairs them) */
        if (v->raw.len > 0) {
            const unsigned char *u = (const unsigned char *)v->raw.ptr;
            size_t k = 0;
            while (k < v->raw.len)
                k += u[k] == '\\' || (p->mb != SGF__MB_NONE
                                      && k + 1 < v->raw.len
                                      && sgf__mb_pair(p->mb, u[k], u[k + 1]))
                     ? 2 : 1;
            if (k > v->raw.len)
                v->raw.len--;
            v->text = v->raw;
        }
        p->eof_in_value = true;
        p->i = p->n;
        return;
    }
    p->i = close + 1;
}

/* --- properties ---------------------------------------------------------- */

static const char *canonical_ident(parser *p, const char *raw, size_t len,
                                   uint16_t *flags)
{
    char small[64];
    char *buf = small;
    if (len >= sizeof small) {
        buf = sgf__arena_alloc_bytes(&p->c->arena, len + 1);
        if (buf == NULL) {
            p->c->status = SGF_ENOMEM;
            return NULL;
        }
    }
    size_t k = 0;
    for (size_t j = 0; j < len; j++)
        if (raw[j] >= 'A' && raw[j] <= 'Z')
            buf[k++] = raw[j];
    if (k != len)
        *flags |= SGF__P_LOWERCASE;
    if (k == 0)              /* all lowercase: keep them, upper-cased */
        for (; k < len; k++)
            buf[k] = (char)(raw[k] & ~0x20);
    buf[k] = '\0';
    sgf_prop_id id = sgf_prop_id_from_name(buf, k);
    if (id != SGF_PROP_UNKNOWN)
        return sgf_prop_info_of(id)->ident;
    return buf == small ? sgf__arena_strndup(&p->c->arena, buf, k) : buf;
}

/* The room a merged property's values array has: merging allocates
 * powers of two, so that N repetitions of a property in one node copy
 * O(N) values in all, not O(N^2) (the first array, made with the
 * property, holds exactly its values). */
static size_t merged_room(size_t n)
{
    size_t room = 4;
    while (room < n)
        room *= 2;
    return room;
}

/* Merge the k values of a repetition of old into old (nothing is
 * lost). */
static void merge_prop(parser *p, sgf_node *n, sgf_prop *old,
                       const sgf_prop *tmpl, const sgf__value *vals,
                       size_t k)
{
    size_t have = old->nvalues;
    bool grown = old->flags & SGF__P_DUPLICATE;
    if (have + k > UINT32_MAX) {
        p->c->status = SGF_ENOMEM;
        return;
    }
    sgf__value *v = old->values;
    if (!grown || have + k > merged_room(have)) {
        v = sgf__arena_alloc(&p->c->arena,
                             merged_room(have + k) * sizeof *v);
        if (v == NULL) {
            p->c->status = SGF_ENOMEM;
            return;
        }
        memcpy(v, old->values, have * sizeof *v);
    }
    memcpy(v + have, vals, k * sizeof *v);
    if (sgf__replay_acts_on(tmpl->id))
        n->move_color = 0;           /* B[pd]B[qq]: not one move */
    if (!grown)
        old->dup_offset = tmpl->offset;
    old->flags |= SGF__P_DUPLICATE | (tmpl->flags & SGF__P_LOWERCASE);
    old->values = v;
    old->nvalues = (uint32_t)(have + k);
}

/* Make the property from the values read (one allocation: the property
 * and its values), or merge a repetition of a property already in the
 * node into the first one. Returns the property, or NULL when merged or
 * out of memory. */
/* Is a property like tmpl already in n (*old), as far as the bits of
 * seen_ids and then the node's properties say? 0 or SGF_ENOMEM. */
static int find_same(parser *p, sgf_node *n, const sgf_prop *tmpl,
                     sgf_prop **old)
{
    if (p->seen_node != n) {             /* a node made since */
        p->seen_node = n;
        p->seen_ids = 0;
        for (const sgf_prop *q = n->props; q != NULL; q = q->next)
            p->seen_ids |= 1ull << (q->id & 63);
    }
    uint64_t bit = 1ull << (tmpl->id & 63);
    bool maybe = (p->seen_ids & bit) || tmpl->id == SGF_PROP_UNKNOWN;
    p->seen_ids |= bit;
    *old = NULL;
    return maybe ? sgf__propset_find(&p->props, n, tmpl, old) : SGF_OK;
}

static sgf_prop *store_prop(parser *p, sgf_node *n, const sgf_prop *tmpl,
                            const sgf__value *vals, size_t k)
{
    sgf_prop *old;
    if (find_same(p, n, tmpl, &old) != SGF_OK) {
        p->c->status = SGF_ENOMEM;
        return NULL;
    }
    if (old != NULL) {
        merge_prop(p, n, old, tmpl, vals, k);
        return NULL;
    }
    sgf_prop *np = sgf__arena_alloc(&p->c->arena,
                                    sizeof *np + k * sizeof(sgf__value));
    if (np == NULL) {
        p->c->status = SGF_ENOMEM;
        return NULL;
    }
    *np = *tmpl;
    np->values = (sgf__value *)(void *)(np + 1);
    np->nvalues = (uint32_t)k;
    if (k == 1)                      /* most properties: no memcpy call */
        np->values[0] = vals[0];
    else
        memcpy(np->values, vals, k * sizeof(sgf__value));
    if (p->prop_tail != NULL)        /* n is p->cur, the node being read */
        p->prop_tail->next = np;
    else
        n->props = np;
    p->prop_tail = np;
    n->nprops++;
    if (sgf__propset_added(&p->props, n, np) != SGF_OK)
        p->c->status = SGF_ENOMEM;
    if (sgf__replay_acts_on(np->id))
        n->move_color = 0;               /* e.g. B[pd]W[dp], B[pd]AB[qq] */
    return np;
}

/* Lexing of a root CA[] switches the rest of the game to multibyte-safe
 * value scanning when the charset needs it. */
static void note_charset(parser *p, const sgf_node *n, const sgf_prop *np)
{
    if (np->id != SGF_PROP_CA || n->parent != NULL || np->nvalues == 0
        || sgf__forced_charset(p->c, p->game->index) != NULL
        || p->relex_cs != NULL)
        return;
    const sgf__value *v = &np->values[0];
    const char *cs = v->offset == p->ahead_at && !sgf__has_high_byte(
                         v->raw.ptr, 0, v->raw.len) ? p->ahead_cs
                   : sgf__ca_charset(v->raw.ptr, v->raw.len);
    p->mb = (uint8_t)sgf__charset_pair_kind(cs);
    p->wide = cs != NULL && !sgf__charset_is_ascii_compatible(cs);
    p->game->mb_lex = p->mb;
}

static sgf_node *node_for_prop(parser *p, size_t at)
{
    if (p->cur != NULL && !p->after_var)
        return p->cur;
    if (p->cur == NULL)
        DIAG(p, SGF_D_MISSING_SEMICOLON, at,
             "expected ';' before the first property of a node");
    else
        DIAG(p, SGF_D_UNEXPECTED_CHAR, at,
             "property after the variations of a node: read as a new "
             "variation");
    return new_node(p, at);
}

/* The identifier at start (len letters): its id and canonical form. The
 * common case, one or two capitals, is a table lookup. */
static bool identify(parser *p, sgf_prop *t, size_t start, size_t len)
{
    const char *s = p->s + start;
    t->id = SGF_PROP_UNKNOWN;
    if (len <= 2 && s[0] >= 'A' && s[0] <= 'Z'
        && (len == 1 || (s[1] >= 'A' && s[1] <= 'Z')))
        t->id = sgf__prop_by_letters[(s[0] - 'A' + 1) * 27
                                     + (len == 2 ? s[1] - 'A' + 1 : 0)];
    if (t->id != SGF_PROP_UNKNOWN) {
        t->ident = sgf__prop_table[t->id].ident;
        return true;
    }
    t->ident = canonical_ident(p, s, len, &t->flags);
    if (t->ident == NULL)
        return false;
    t->id = (uint16_t)sgf_prop_id_from_name(t->ident, strlen(t->ident));
    return true;
}

/* After a value: is another value of the same property next (white
 * space between allowed)? p->i is then at its '['. */
static bool more_values(parser *p)
{
    size_t k = p->i;
    if (k >= p->n)
        return false;
    if (p->s[k] != '[' && is_ws((unsigned char)p->s[k])) {
        k = skip_ws(p, k);
        if (k < p->n && p->s[k] == '[')
            p->i = k;
    }
    return p->i < p->n && p->s[p->i] == '[';
}

static void read_property(parser *p)
{
    size_t start = p->i;
    while (p->i < p->n && is_letter((unsigned char)p->s[p->i]))
        p->i++;
    size_t len = p->i - start;
    size_t j = p->i;
    if (j < p->n && p->s[j] != '[')
        j = skip_ws(p, j);
    if (j >= p->n || p->s[j] != '[') {
        DIAG(p, SGF_D_MISSING_VALUE, start,
             "property '%.*s%s' has no value (dropped)",
             SGF__QV(((sgf_str){ p->s + start, len })));
        return;
    }
    sgf_node *n = node_for_prop(p, start);
    sgf_prop t;
    memset(&t, 0, sizeof t);
    t.ident_raw.ptr = p->s + start;
    t.ident_raw.len = len;
    t.offset = (uint32_t)start;
    if (n == NULL || !identify(p, &t, start, len))
        return;
    /* the first value in a local: most properties have one, and need
     * no scratch buffer */
    sgf__value first;
    p->i = j;
    read_value(p, &first, t.ident);
    const sgf__value *vals = &first;
    size_t k = 1;
    while (more_values(p)) {
        if (k == 1) {
            p->vals.len = 0;
            if (sgf__buf_add(&p->vals, &first, sizeof first) != 0) {
                p->c->status = SGF_ENOMEM;
                return;
            }
        }
        if (p->vals.cap - p->vals.len <= sizeof(sgf__value)
            && sgf__buf_grow(&p->vals, sizeof(sgf__value)) != 0) {
            p->c->status = SGF_ENOMEM;
            return;
        }
        read_value(p, (sgf__value *)(void *)(p->vals.ptr + p->vals.len),
                   t.ident);
        p->vals.len += sizeof(sgf__value);
        vals = (const sgf__value *)(const void *)p->vals.ptr;
        k++;
    }
    sgf_prop *np = store_prop(p, n, &t, vals, k);
    if (np != NULL)
        note_charset(p, n, np);
}

/* --- structure ----------------------------------------------------------- */

/* Does a game tree start at '(' (or a bare ';') at offset i? A '(' must be
 * followed by ';', another such '(', or a property (missing ';'). *stop
 * gets where the look-ahead ended, so that a failed run of '(' is skipped
 * as a whole (a file of 100,000 '(' is not read 100,000 times). */
static bool tree_starts(const parser *p, size_t i, size_t *stop)
{
    for (;;) {
        i = skip_ws(p, i + 1);
        *stop = i;
        if (i >= p->n)
            return false;
        unsigned char ch = (unsigned char)p->s[i];
        if (ch == ';')
            return true;
        if (ch != '(') {
            if (!is_letter(ch))
                return false;
            while (i < p->n && is_letter((unsigned char)p->s[i]))
                i++;
            i = skip_ws(p, i);
            return i < p->n && p->s[i] == '[';
        }
    }
}

/* A part of the input stops before a game tree at `at` past its end
 * (sgf_parse_fd_part). */
static bool part_halts(parser *p, size_t at)
{
    sgf_collection *c = p->c;
    if (!c->part || c->part_quiet || at < c->part_stop)
        return false;
    p->halted = true;
    return true;
}

/* White space between game trees read at once; a long run of it (a
 * scraper's padding) is handed back behind the reading, window by
 * window, as a game's text is once read (sgf__input_release), so that
 * memory stays that of one game however wide the gap. Text that is not
 * white space is kept until it is reported (flush_junk counts its
 * lines). */
static void gap_read(parser *p)
{
    enum { WINDOW = 4 << 20 };
    size_t i = p->i + 1, most = p->n - i < WINDOW ? p->n : i + WINDOW;
    while (i < most && is_ws((unsigned char)p->s[i]))
        i++;                            /* a window at most at a time */
    p->i = i;
    size_t upto = p->junk_start != SIZE_MAX ? p->junk_start : i;
    if (upto >= p->blank_dropped + WINDOW) {
        sgf__input_release(p->c, upto);
        p->blank_dropped = upto;
    }
}

static void top_level(parser *p)
{
    unsigned char ch = (unsigned char)p->s[p->i];
    if (is_ws(ch)) {
        gap_read(p);
        return;
    }
    size_t stop = p->i + 1;
    if (ch == '(') {
        if (tree_starts(p, p->i, &stop)) {
            if (part_halts(p, p->i))
                return;
            start_game(p, p->i);
            p->i++;
            return;
        }
        if (p->junk_start == SIZE_MAX)
            p->junk_start = p->i;
        p->i = stop > p->i ? stop : p->i + 1;   /* the whole failed run */
        return;
    }
    if (ch == ';' && p->i + 1 < p->n && tree_starts(p, p->i, &stop)
        && p->s[skip_ws(p, p->i + 1)] != ';') {
        size_t at = p->i;
        if (part_halts(p, at))
            return;
        start_game(p, at);
        DIAG(p, SGF_D_MISSING_OPEN, at,
             "game tree does not start with '(' (one assumed)");
        return;                         /* the ';' is read in the tree */
    }
    if (p->junk_start == SIZE_MAX)
        p->junk_start = p->i;
    p->i++;
}

static void open_variation(parser *p)
{
    if (p->cur == NULL) {
        size_t at = p->i;
        DIAG(p, SGF_D_MISSING_SEMICOLON, at,
             "variation before any node of its game tree (empty node "
             "added)");
        if (new_node(p, at) == NULL)
            return;
    }
    push_frame(p, p->cur, p->cur_last);
    p->cur = p->cur_last = NULL;
    p->after_var = false;
    p->i++;
}

/* Whether a '\\' at i escapes: not after a byte that may lead a
 * two-byte character (whose second byte it then is, as ']' may be). */
static inline bool escapes(const char *s, size_t i, size_t from)
{
    return s[i] == '\\' && (i == from || (unsigned char)s[i - 1] < 0x80);
}

/* Does the input end with a game tree still open, read from the '(' at
 * p->i with the trees open there? Looked at once per input (the first
 * time a variation's first node holds FF or GM), to its end. */
static bool ends_open(parser *p)
{
    if (p->ends_open == 0) {
        const char *s = p->s;
        size_t open = depth(p);
        for (size_t i = p->i; i < p->n; i++) {
            if (s[i] == '(')
                open++;
            else if (s[i] == ')' && open > 0)
                open--;
            else if (s[i] == '[')       /* a value, escapes and all */
                for (size_t v = ++i; i < p->n && s[i] != ']'; i++)
                    if (escapes(s, i, v))
                        i++;
        }
        p->ends_open = open > 0 ? 1 : -1;
    }
    return p->ends_open > 0;
}

/* Does the '(' at i, inside a game tree, start a game tree of its own:
 * its first node holds FF[] or GM[] (root properties, which no
 * variation holds) and the input ends with a tree open, as where a file
 * that lost its last ')' runs into the next one ("cat *.sgf")? A record
 * whose parentheses balance is never cut (games merged as variations
 * that keep their GM stay variations). Looks at that node only, its
 * first 8 properties and 4 KiB at most, before looking at the input's
 * end once: the cost stays linear. */
static bool new_tree_at(parser *p, size_t i)
{
    const char *s = p->s;
    size_t lim = p->n - i > 4096 ? i + 4096 : p->n;
    i = skip_ws(p, i + 1);
    if (i >= lim || s[i] != ';')
        return false;
    int props = 0;              /* a move first, or 8 properties with */
    for (i++; (i = skip_ws(p, i)) < lim;) {     /* neither: a variation */
        unsigned char ch = (unsigned char)s[i];
        if (ch == '[') {                /* a value, escapes and all */
            for (size_t v = ++i; i < lim && s[i] != ']'; i++)
                if (escapes(s, i, v))
                    i++;
            i++;
        } else if (is_letter(ch)) {
            size_t start = i;
            while (i < lim && is_letter((unsigned char)s[i]))
                i++;
            if (i - start == 2 && (memcmp(s + start, "FF", 2) == 0
                                   || memcmp(s + start, "GM", 2) == 0)) {
                i = skip_ws(p, i);
                return i < lim && s[i] == '[' && ends_open(p);
            }
            if ((props++ == 0 && i - start == 1
                 && (s[start] == 'B' || s[start] == 'W')) || props > 8)
                return false;
        } else {
            return false;               /* the node's end */
        }
    }
    return false;
}

/* The open game trees closed before the '(' at p->i, which starts the
 * next game tree (new_tree_at): an error where it is, and the trees
 * kept as they were read. */
static void close_before_tree(parser *p)
{
    size_t at = p->i, open = depth(p);
    if (open == 1)
        DIAG(p, SGF_D_UNCLOSED_TREE, at, "game tree not closed (')' "
             "missing) before the next game tree, which starts here (its "
             "first node holds FF or GM)");
    else
        DIAG(p, SGF_D_UNCLOSED_TREE, at, "%zu game trees still open before "
             "the next game tree, which starts here (its first node holds "
             "FF or GM)", open);
    finish_game(p, at);
}

static void close_tree(parser *p)
{
    size_t at = p->i++;
    bool empty = p->cur == NULL;
    frame f = stack_pop(p);
    if (empty)
        DIAG(p, SGF_D_EMPTY_TREE, at, "game tree without nodes (dropped)");
    if (depth(p) == 0) {
        finish_game(p, at + 1);
        return;
    }
    p->cur = f.branch;
    p->cur_last = f.last;
    p->after_var = true;
}

/* Most nodes of real records are one move, ";B[pd]": such a node is
 * made in one allocation (node, property and value) with nothing to
 * clear. A value of two letters needs no escape, NUL or two-byte care;
 * anything else goes the general way. */
typedef struct move_node {
    sgf_node node;
    sgf_prop prop;
    sgf__value value;
} move_node;
_Static_assert(sizeof(move_node) % 16 == 0,
               "a run of move nodes keeps the arena's alignment");

/* Is ";B[pd]" at i (the ';') in s[0..n), not followed by a second
 * value? Returns the offset after the node's white space, or 0. */
static inline size_t plain_move_in(const unsigned char *s, size_t n,
                                   size_t i)
{
    if (n - i < 6)
        return 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (n - i >= 8) {              /* ';', '[' and ']' in one compare */
        uint64_t w;
        memcpy(&w, s + i, sizeof w);
        if ((w & 0xFF0000FF00FFu) != 0x5D00005B003Bu)
            return 0;
    } else
#endif
    if (s[i + 2] != '[' || s[i + 5] != ']')
        return 0;
    if ((s[i + 1] != 'B' && s[i + 1] != 'W')
        || !(byte_class[s[i + 3]] & byte_class[s[i + 4]] & C_LETTER))
        return 0;
    size_t j = i + 6;
    while (j < n && is_ws(s[j]))
        j++;
    return j < n && s[j] == '[' ? 0 : j;
}

static inline size_t plain_move_at(const parser *p, size_t i)
{
    return plain_move_in((const unsigned char *)p->s, p->n, i);
}


/* What every one-move node of a colour holds before its own offsets and
 * pointers are filled in: one property (its canonical identifier, as
 * the property table spells it), one value of two bytes. */
static const move_node move_template[2] = {
    { .node = { .nprops = 1, .move_color = SGF_BLACK },
      .prop = { .ident = "B", .ident_raw = { NULL, 1 }, .id = SGF_PROP_B,
                .nvalues = 1 },
      .value = { .raw = { NULL, 2 }, .text = { NULL, 2 } } },
    { .node = { .nprops = 1, .move_color = SGF_WHITE },
      .prop = { .ident = "W", .ident_raw = { NULL, 1 }, .id = SGF_PROP_W,
                .nvalues = 1 },
      .value = { .raw = { NULL, 2 }, .text = { NULL, 2 } } },
};

/* The node ";B[pd]" at offset at of s, in m (not linked): the template
 * of its colour, then its own offsets and pointers. */
static inline void fill_move_node(move_node *m, const char *s, size_t at)
{
    const unsigned char *u = (const unsigned char *)s + at;
    bool white = u[1] != 'B';
    uint32_t off = (uint32_t)at;
    memcpy(m, &move_template[white], sizeof *m);
    m->node.props = &m->prop;
    m->node.offset = off;
    /* the scanner let only letters through: coordinates 0..51 */
    unsigned x = sgf__coord_plus1[u[3]] - 1u, y = sgf__coord_plus1[u[4]] - 1u;
    m->node.move_point.x = (uint8_t)x;
    m->node.move_point.y = (uint8_t)y;
    m->prop.ident_raw.ptr = s + at + 1;
    m->prop.offset = off + 1;
    m->prop.values = &m->value;
    m->value.offset = off + 2;
    m->value.raw.ptr = s + at + 3;
    /* the same two letters, NUL-terminated, as the property layer would
     * make them: it then reads nothing of the node but the node */
    m->value.text.ptr = sgf__point_text(x, y);
}

/* The node ";B[pd]" at offset at, made but not linked; NULL when out of
 * memory (c->status set). */
static inline move_node *new_move_node(parser *p, size_t at)
{
    move_node *m = sgf__arena_alloc(&p->c->arena, sizeof *m);
    if (m == NULL) {
        p->c->status = SGF_ENOMEM;
        return NULL;
    }
    fill_move_node(m, p->s, at);
    return m;
}

static sgf_node *move_node_at(parser *p, size_t at, size_t next)
{
    move_node *m = new_move_node(p, at);
    if (m == NULL)
        return NULL;
    link_node(p, &m->node);
    p->prop_tail = &m->prop;
    p->i = next;
    return &m->node;
}

/* After a one-move node, the next ones of the sequence (";B[pd];W[dp]"
 * with white space between) in a tight loop: each is the child of the
 * one before. The input, its length and the arena's free space are
 * kept in locals (stores into the nodes could otherwise alias them). */
static void move_run(parser *p)
{
    sgf_node *prev = p->cur;
    const char *s = p->s;
    size_t i = p->i, n = p->n, next;
    sgf__arena *a = &p->c->arena;
    while (i < n && s[i] == ';'
           && (next = plain_move_in((const unsigned char *)s, n, i)) != 0) {
        move_node *m;
        /* sizeof *m is a multiple of the arena's alignment, so a run
         * stays aligned once its first node is */
        if (a->cur != NULL && ((uintptr_t)a->cur & 15u) == 0
            && (size_t)(a->end - a->cur) >= sizeof *m) {
            m = (move_node *)(void *)a->cur;
            a->cur += sizeof *m;
        } else if ((m = sgf__arena_alloc(a, sizeof *m)) == NULL) {
            p->c->status = SGF_ENOMEM;
            break;
        }
        fill_move_node(m, s, i);
        m->node.parent = prev;
        prev->child = &m->node;
        prev = &m->node;
        i = next;
    }
    p->cur = prev;
    p->prop_tail = prev->props;
    p->i = i;
}

static size_t skip_run(const parser *p, size_t i)
{
    while (i < p->n) {
        unsigned char ch = (unsigned char)p->s[i];
        if (is_ws(ch) || ch == ';' || ch == '(' || ch == ')' || ch == '['
            || ch == ']' || is_letter(ch) || ch == '\0')
            break;
        i++;
    }
    return i;
}

static void in_tree(parser *p)
{
    unsigned char ch = (unsigned char)p->s[p->i];
    size_t at = p->i;
    if (is_ws(ch)) {
        p->i = skip_ws(p, p->i + 1);
    } else if (ch == ';') {
        if (p->after_var)
            DIAG(p, SGF_D_UNEXPECTED_CHAR, at,
                 "node after the variations of a node: read as a new "
                 "variation");
        size_t next = plain_move_at(p, at);
        if (next == 0) {
            new_node(p, at);
            p->i++;
        } else if (move_node_at(p, at, next) != NULL) {
            move_run(p);
        }
    } else if (ch == '(') {
        if (new_tree_at(p, p->i))
            close_before_tree(p);
        else
            open_variation(p);
    } else if (ch == ')') {
        close_tree(p);
    } else if (is_letter(ch)) {
        read_property(p);
    } else if (ch == '[') {
        sgf__value v;
        read_value(p, &v, "?");
        if (!p->eof_in_value)
            DIAG(p, SGF_D_STRAY_VALUE, at,
                 "value without a property identifier (dropped)");
    } else if (ch == ']') {
        DIAG(p, SGF_D_STRAY_BRACKET, at,
             "stray ']' outside any value: an unescaped ']' in the value "
             "before it? (write '\\]')");
        p->i++;
    } else if (ch == '\0') {
        while (p->i < p->n && p->s[p->i] == '\0')
            p->i++;
        DIAG(p, SGF_D_NUL_BYTE, at, "NUL bytes in the input (skipped)");
    } else {
        p->i = skip_run(p, p->i + 1);
        /* text skipped (a note typed into the node) is data dropped:
           critical; spaces, control bytes and a byte-order mark hold
           nothing */
        sgf_diag proto;
        memset(&proto, 0, sizeof proto);
        proto.code = SGF_D_UNEXPECTED_CHAR;
        proto.game = game_index(p);
        proto.pos.offset = (uint32_t)at;
        proto.critical = holds_text(p->s, at, p->i);
        keep_fault(p, SGF_D_UNEXPECTED_CHAR, at);
        sgf__diag_emit(p->c, &proto, true, true,
                       "unexpected '%.*s%s' between properties (skipped)",
                       SGF__QVN(((sgf_str){ p->s + at, p->i - at }), 20));
    }
}

/* The end of the input with game trees still open: close them. */
static void close_at_end(parser *p)
{
    size_t open = depth(p);
    size_t end = p->n;
    while (end > 0 && is_ws((unsigned char)p->s[end - 1]))
        end--;
    if (!p->eof_in_value) {
        if (open == 1)
            DIAG(p, SGF_D_UNCLOSED_TREE, end,
                 "end of file: game tree not closed (')' missing)");
        else
            DIAG(p, SGF_D_UNCLOSED_TREE, end,
                 "end of file with %zu game trees still open", open);
    }
    finish_game(p, p->n);
}

/* The prescan's pages handed back as it goes: a mapped input is read
 * again game by game. */
static void drop_scanned(void *payload, size_t from, size_t to)
{
    sgf__input_drop(payload, from, to);
}

/* The bytes to the end of the input's first game tree (the input's
 * start: p->i), or to the end of the input. */
static void read_first_game(parser *p)
{
    sgf_collection *c = p->c;
    while (p->i < p->n && ok(p) && !(c->ngames > 0 && p->game == NULL)) {
        if (p->game == NULL)
            top_level(p);
        else
            in_tree(p);
    }
}

/* A part of the input from a cut (sgf_parse_fd_part): the whole input's
 * facts and the line state from the cut; the first game tree read
 * quietly (later ones are checked against it: it is kept, its
 * diagnostics dropped, nothing handed over); then the reading goes on
 * from the cut as from the end of a game tree, with the cut's count of
 * game trees before it. False when it cannot (the first game runs past
 * the cut: end->bad_start; out of memory). */
static bool start_part(parser *p)
{
    sgf_collection *c = p->c;
    sgf__linemark m;
    size_t block;
    if (sgf__cut_state(c->part_cut, p->n, &m, &block, &p->mb_default,
                       &p->plain) != 0) {
        c->status = SGF_EINVAL;
        return false;
    }
    if (sgf__linepos_seed(c, block, &m) != 0) {
        c->status = SGF_ENOMEM;
        return false;
    }
    void (*on_diag)(void *, const sgf_diag *) = c->opts.on_diag;
    c->opts.on_diag = NULL;
    c->part_quiet = true;
    read_first_game(p);
    c->part_quiet = false;
    c->opts.on_diag = on_diag;
    size_t at = c->part_cut->offset, games = c->part_cut->games;
    if (!ok(p))
        return false;
    if (p->game != NULL || c->ngames == 0 || p->last_end > at
        || games == 0) {
        if (c->part_end != NULL)
            c->part_end->bad_start = true;
        return false;
    }
    c->ndiags = 0;                       /* the first game's: not ours */
    memset(&c->dstate, 0, sizeof c->dstate);
    c->diag_hold = false;
    /* the first game is games[0] (read_first_game stops after it); the
       games between it and the cut have no slot */
    c->games_skip = games - 1;
    c->ngames = games;
    p->i = at;
    p->last_end = at;
    p->saw_tree = true;
    p->junk_start = SIZE_MAX;
    p->eof_in_value = false;
    return true;
}

/* Whether the input starts as an XML document does ("<?xml", or an
 * element after a byte-order mark and blanks). */
static bool looks_like_xml(const parser *p)
{
    size_t i = 0;
    if (p->n >= 3 && memcmp(p->s, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    i = skip_ws(p, i);
    return p->n - i >= 2 && p->s[i] == '<'
           && (p->s[i + 1] == '?' || is_letter((unsigned char)p->s[i + 1]));
}

static void run(parser *p)
{
    sgf_collection *c = p->c;
    /* compressed data or an archive, not SGF text: not read as SGF (its
       bytes would give a flood of errors, or games of junk) */
    const char *suffix = NULL;
    const char *packed = c->part_cut == NULL
                         ? sgf__packed_format(p->s, p->n, &suffix) : NULL;
    if (packed != NULL)
        p->i = p->n;
    if (p->n >= 3 && memcmp(p->s, "\xEF\xBB\xBF", 3) == 0)
        p->i = 3;                         /* UTF-8 byte-order mark */
    if (c->part_cut != NULL) {
        if (!start_part(p))
            return;
    } else {
        bool ascii, nul;
        sgf__text t = text_of(p);
        sgf__prescan_drop drop = { drop_scanned, p->c };
        p->mb_default = sgf__prescan_multibyte(&t, &ascii, &nul, &drop);
        p->plain = ascii && !nul;
    }
    do {                   /* again when the last game is read again */
        while (p->i < p->n && ok(p) && !p->c->each_stopped
               && !p->halted) {
            if (p->game == NULL)
                top_level(p);
            else
                in_tree(p);
        }
        if (!ok(p) || p->c->each_stopped || p->halted)
            return;
        if (p->game != NULL)
            close_at_end(p);
    } while (p->i < p->n);
    if (c->part_end != NULL)
        c->part_end->at_end = true;
    flush_junk(p, true);
    if (p->c->ngames == 0 && packed != NULL)
        sgf__diag_add_nopos(p->c, -1, SGF_D_NO_GAME_TREE, true,
                            "no game tree found: these bytes are %s data, "
                            "not SGF text (decompress them first, or give "
                            "them a name ending in %s)", packed, suffix);
    else if (p->c->ngames == 0 && looks_like_xml(p))
        sgf__diag_add_nopos(p->c, -1, SGF_D_NO_GAME_TREE, true,
                            "no game tree found: the input is an XML "
                            "document, not SGF (sgf-convert --from=xml "
                            "reads SGF written as XML)");
    else if (p->c->ngames == 0)
        sgf__diag_add_nopos(p->c, -1, SGF_D_NO_GAME_TREE, true,
                            "no game tree found (an SGF file holds "
                            "'(;...)')");
    if (p->c->each != NULL && ok(p))
        hand_over(p, NULL);
}

/* Syntax-only reading still gives each value's text without escapes. The
 * walk is iterative (pre-order through child/sibling links). */
static void unescape_all(parser *p, sgf_node *root)
{
    sgf__buf b = SGF__BUF_INIT;
    for (sgf_node *n = root; n != NULL && ok(p); ) {
        for (sgf_prop *q = n->props; q != NULL; q = q->next) {
            for (uint32_t k = 0; k < q->nvalues; k++) {
                sgf__value *v = &q->values[k];
                if (!(v->flags & SGF__V_BACKSLASH))
                    continue;             /* text = raw: nothing to undo */
                b.len = 0;
                char *t;
                if (sgf__unescape(&b, v->raw, SGF_VT_UNKNOWN, p->mb) != 0
                    || (t = sgf__arena_strndup(&p->c->arena,
                                               b.ptr ? b.ptr : "", b.len))
                           == NULL) {
                    p->c->status = SGF_ENOMEM;
                    break;
                }
                v->text.ptr = t;
                v->text.len = b.len;
            }
        }
        if (n->child != NULL) {
            n = n->child;
            continue;
        }
        while (n != NULL && n->sibling == NULL)
            n = n->parent;
        if (n != NULL)
            n = n->sibling;
    }
    sgf__buf_release(&b);
}

/* Read the collection's input into game trees (see tree_int.h). */
int sgf__parse_run(sgf_collection *c)
{
    parser p;
    memset(&p, 0, sizeof p);
    p.c = c;
    p.s = c->input;
    p.n = c->input_len;
    p.junk_start = SIZE_MAX;
    c->marks_single = true;      /* no other thread has the collection */
    if (c->status == 0)
        run(&p);
    sgf_part_end *e = c->part_end;
    if (e != NULL) {
        e->offset = e->at_end ? p.n : p.last_end;
        e->games = c->ngames;
    }
    sgf__linemark m;
    if (e != NULL && !e->at_end && !e->bad_start && c->status == 0
        && sgf__linepos_mark(c, e->offset / SGF__LINE_BLOCK, &m) == 0)
        sgf__cut_pack(&e->next, e->offset, e->games, &m, p.mb_default,
                      p.plain, p.n);
    c->marks_single = false;
    sgf__buf_release(&p.stack);
    sgf__buf_release(&p.vals);
    sgf__propset_release(&p.props);
    return c->status;
}
