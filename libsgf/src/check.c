/*
 * check.c - the property layer's driver, run by the parser on every
 * finished game (sgf__props_game). The root's FF, GM and SZ are read and
 * checked first (checkroot.c), for the board. Then it walks the tree
 * once, without recursion: the nodes most records are made of (a plain
 * move, maybe with time left, a comment or a name) are done with there,
 * since no check has anything to say about them (their text values go
 * to decode.c); every other node has its text values handed to decode.c
 * and is listed. Once the charset is chosen and the text converted,
 * each listed node is checked in the walk's order: identifiers,
 * placement (root, game-info, setup and move properties, annotations)
 * and values (checkval.c). Severities come from sgf/diagcodes.def in the
 * FF[4] or FF[1]-FF[3] form, never from code here.
 *
 * What SGFC 2.0 and sgfutils' sgfcheck check about file content, and the
 * code that covers it here ("parser" = parse.c, "replay" = the Go rules
 * replayer, which owns board-state checks; a code in brackets is emitted here,
 * in checkroot.c or in checkval.c):
 *
 *   SGFC  6 data before '(;'          parser text-outside-tree
 *                                            (stray '(' ')' ';':
 *                                            junk-outside-tree)
 *         7 no SGF data               parser no-game-tree
 *         8 illegal chars             parser unexpected-char
 *         9, 10 missing ')', EOF      parser unclosed-tree, unclosed-value
 *        11 identifier too long       no limit here (kept, unknown-property)
 *        12 empty variation           parser empty-tree
 *        13 only ONE value            [value-count]
 *        14 illegal value deleted     [bad-value], [off-board]
 *        15 illegal value corrected   [value-format], [komi-format],
 *                                     [date-format], [result-format],
 *                                     [one-point-rectangle]
 *        16 lowercase identifier      [lowercase-ident]
 *        17 empty value               [bad-value] (lists), [komi-format]
 *                                     (KM[]), [value-format] (Double); an
 *                                     empty Text (C[], N[]) is no fault
 *        18 illegal root value        [bad-value] / [value-range] FF, GM
 *        19 not Go                    [not-go]
 *        20 property without value    parser missing-value
 *        21 illegal variation start   parser unexpected-char
 *        22 NUL byte                  parser nul-byte
 *        23, 25 compose expected      [bad-value] AR LN LB FG, [value-format]
 *                                     AP
 *        24 move in root              [move-in-root]
 *        28 property twice            [duplicate-property]
 *        30 setup and move mixed      [setup-and-move]
 *        31 identifier > 2 letters    [unknown-property] (all such are)
 *        32 root property elsewhere   [root-property-misplaced]
 *        33 game-info format          [date-format], [result-format],
 *                                     [komi-format], [bad-value] (KM, TM)
 *        35 unknown property          [unknown-property]
 *        36, 66, 67 missing ';' '('   parser missing-semicolon, ...
 *        37 B and W in one node       [two-moves]
 *        38 position not unique       [duplicate-point], [setup-overlap],
 *                                     [markup-overlap] (also TB/TW, LB)
 *        39 AddStone without effect   replay (needs the board)
 *        40 not defined in FF[n]      [obsolete-property] (FF[4]),
 *                                     [not-in-ff] (FF[1]-FF[3])
 *        41, 42 annotations clash     [annotation-conflict]
 *        43 annotation without move   [annotation-without-move] (KO too)
 *        44 game-info twice on path   [game-info-twice]
 *        45, 53, 74 FF/GM/CA differ   [mixed-collection]
 *        46 unknown FF                [value-range]
 *        47 SZ[19:19]                 [value-format]
 *        50 board too big             [board-size]
 *        51 feature not in FF[n]      [not-in-ff] (SZ > 19 or rectangular,
 *                                     compressed lists in FF[1]-FF[3])
 *        52 VW problems               point-list checks of VW
 *        54 values without ident      parser stray-value
 *        58 move on occupied point    replay illegal-occupied
 *        59 obsolete KI               [obsolete-property]
 *        60 several game trees (-r)   not a fault: collections are FF[4]
 *        61 HA vs AB stones (-r)      [handicap-count]
 *        62 setup in main line (-r)   not a fault in FF[4] (setup nodes are
 *                                     legal); replay applies them
 *        63 same colour twice (-r)    replay consecutive-moves
 *        65 '[]' pass in FF[1]-FF[3]  [pass-form]
 *        71, 72 encoding              decode.c [undecodable-text],
 *                                     [charset-unknown]; also
 *                                     [charset-guessed], [charset-mismatch]
 *        1-5, 26, 27, 29, 34, 48, 49, 55-57, 64, 68-70, 73, 75: command
 *        line, files, or output conversions: not about content.
 *   sgfcheck (readsgf.c, sgfcheck.c):
 *        syntax (EOF, '(' ';' ')', unescaped ']', '()')  parser
 *        lowercase identifiers        [lowercase-ident]
 *        missing value                parser missing-value
 *        duplicated property          [duplicate-property]
 *        move and setup in one node   [setup-and-move]
 *        move in the root node        [move-in-root]
 *        SZ unsupported / bad         [board-size] (1..52, rectangular ok)
 *        HA implausible, HA vs AB     [handicap-value], [handicap-count]
 *        HA with AW, who plays first  replay (first move after handicap)
 *        KM form, RE syntax           [komi-format], [result-format]
 *        RE vs KM integer parity,     score / replay (needs the result
 *        last mover vs resigner       and the moves)
 *        bad move coordinates         [bad-value], [off-board]
 *        occupied, suicide, ko, cycle replay
 *   Beyond both: DT calendar dates, ST and PM ranges, duplicate AR/LN
 *   pairs, KO used as komi (hint), glued identifiers (hint), blank and
 *   FF-dependent pass forms.
 *
 * Documented choices: HA[0] is read as "no handicap" without a word (KGS
 * and Fox write it; the spec wants HA >= 2 when present), HA[1] and
 * worse get handicap-value. KM is read by sgf_value_real_loose ("6,5",
 * " 6.5 ", "6.5pts", "5 1/2" give a komi-format warning with the value
 * read); KM[] is a warning (komi unknown), KM[abc] an error. An FF[1]-
 * FF[3] property in an FF[4] file is reported once and its values are
 * not checked (Fox's TC[] is not a territory count). A [tt] pass is
 * silent in FF[1]-FF[4] files and a pass-form warning in files without
 * FF (FF[3] forms are accepted there with a warning). An off-board move
 * is reported here, with its move number, and not again by the replayer
 * (each fault is reported once).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "props_int.h"
#include "charset_int.h"
#include "coord_int.h"

/* Table entry, NULL for unknown properties. */
static const sgf_prop_info *info_of(const sgf_prop *p)
{
    return p->id != SGF_PROP_UNKNOWN ? sgf__info(p) : NULL;
}

/* What the node checks look for in a property, by id, so that the
 * properties they have nothing to say about (most: the game-info text of
 * a root, comments) cost one look-up. */
enum {
    A_MOVE = 1u << 0,        /* B, W */
    A_SETUP = 1u << 1,       /* AB AW AE PL */
    A_ANN_MOVE = 1u << 2,    /* BM TE DO IT: exclude each other */
    A_ANN_NODE = 1u << 3,    /* DM GB GW UC: exclude each other */
    A_NEEDS_MOVE = 1u << 4,  /* KO BM TE DO IT: need a move in the node */
    A_ROOT_READ = 1u << 5,   /* FF GM SZ: checked when the root was read */
    A_HA = 1u << 6,
    A_GAME_INFO = 1u << 7,   /* kind game-info */
    A_ROOT = 1u << 8,        /* kind root */
    A_MOVE_KIND = 1u << 10,  /* KO MN BL WL OB OW: move properties
                                besides B and W (FF[4] property type
                                "move"), which setup must not join */
    A_QUIET = 1u << 9        /* Text or SimpleText without a value
                                check (not DT, RE) or placement rule, in
                                FF[4]: nothing to say about one value of
                                it, written in upper case, once, when the
                                file's FF defines it */
};
#define ID_IS(x, a, b, c, d) \
    ((x) == SGF_PROP_##a || (x) == SGF_PROP_##b || (x) == SGF_PROP_##c   \
     || (x) == SGF_PROP_##d)
#define QUIET(x, kind, vt, flags)                                          \
    (((vt) == SGF_VT_TEXT || (vt) == SGF_VT_SIMPLETEXT)                    \
     && (x) != SGF_PROP_DT && (x) != SGF_PROP_RE                           \
     && ((kind) == SGF_KIND_NONE || (kind) == SGF_KIND_GAME_INFO)          \
     && !((flags) & SGF_PF_OBSOLETE))
#define ATTR(x, kind, vt, flags)                                           \
    ((ID_IS(x, B, W, B, W) ? A_MOVE : 0)                                   \
     | (ID_IS(x, AB, AW, AE, PL) ? A_SETUP : 0)                            \
     | (ID_IS(x, BM, TE, DO, IT) ? A_ANN_MOVE | A_NEEDS_MOVE : 0)          \
     | (ID_IS(x, DM, GB, GW, UC) ? A_ANN_NODE : 0)                         \
     | ((x) == SGF_PROP_KO ? A_NEEDS_MOVE : 0)                             \
     | (ID_IS(x, FF, GM, SZ, SZ) ? A_ROOT_READ : 0)                        \
     | ((x) == SGF_PROP_HA ? A_HA : 0)                                     \
     | ((kind) == SGF_KIND_GAME_INFO ? A_GAME_INFO : 0)                    \
     | ((kind) == SGF_KIND_ROOT ? A_ROOT : 0)                              \
     | ((kind) == SGF_KIND_MOVE && !ID_IS(x, B, W, B, W) ? A_MOVE_KIND : 0) \
     | (QUIET(x, kind, vt, flags) ? A_QUIET : 0))
static const unsigned short prop_attr[SGF__PROP_COUNT] = {
#define SGF_PROP(id, value, kind, vt, ff, flags, desc) \
    [SGF_PROP_##id] = ATTR(SGF_PROP_##id, SGF_KIND_##kind, SGF_VT_##vt,   \
                           (flags)),
#include <sgf/props.def>
#undef SGF_PROP
};
#undef ATTR
#undef QUIET
#undef ID_IS

static unsigned attr_of(const sgf_prop *p)
{
    return p->id < SGF__PROP_COUNT ? prop_attr[p->id] : 0;
}


/* --- identifiers --------------------------------------------------------- */

/* Can ident be cut into known FF[4] identifiers (a scraped page that lost
 * the values between them: ABMAC = AB MA C)? Writes "AB+MA+C" to out. */
static bool glued_parts(const char *ident, char *out, size_t cap)
{
    size_t n = strlen(ident), k = 0, parts = 0;
    for (size_t i = 0; i < n; parts++) {
        size_t len = 2;
        const sgf_prop_info *info = NULL;
        for (; len >= 1 && info == NULL; len--) {
            if (i + len > n)
                continue;
            info = sgf_prop_info_of(sgf_prop_id_from_name(ident + i, len));
            if (info != NULL && (info->flags & SGF_PF_OBSOLETE))
                info = NULL;
        }
        len++;
        if (info == NULL || k + len + 2 > cap)
            return false;
        if (k > 0)
            out[k++] = '+';
        memcpy(out + k, ident + i, len);
        k += len;
        i += len;
    }
    out[k] = '\0';
    return parts >= 2;
}

static void check_unknown(sgf__check *ck, const sgf_prop *p)
{
    char parts[64];
    if (glued_parts(p->ident, parts, sizeof parts))
        SGF__DIAG(ck, SGF_D_UNKNOWN_PROPERTY, p->offset,
                  "unknown property '%.*s%s' (kept): may be %s whose "
                  "values were lost", SGF__QI(p->ident), parts);
    else
        SGF__DIAG(ck, SGF_D_UNKNOWN_PROPERTY, p->offset,
                  "unknown property '%.*s%s' (kept)", SGF__QI(p->ident));
}

static bool has_lowercase(sgf_str s)
{
    for (size_t i = 0; i < s.len; i++)
        if (s.ptr[i] >= 'a' && s.ptr[i] <= 'z')
            return true;
    return false;
}

/* The identifier written at offset at of c's input (its letters). */
static sgf_str ident_at(const sgf_collection *c, size_t at)
{
    sgf_str s = { "", 0 };
    if (c->input == NULL || at >= c->input_len)
        return s;
    s.ptr = c->input + at;
    while (at + s.len < c->input_len
           && ((s.ptr[s.len] >= 'A' && s.ptr[s.len] <= 'Z')
               || (s.ptr[s.len] >= 'a' && s.ptr[s.len] <= 'z')))
        s.len++;
    return s;
}

/* Identifier checks; false when the property's values are not to be
 * checked (an FF[1]-FF[3] property in an FF[4] file means nothing
 * defined there: Fox writes TC[] for its own use). */
static bool check_ident(sgf__check *ck, const sgf_prop *p,
                        const sgf_prop_info *info)
{
    int ff = ck->g->ff_checked;
    if (p->flags & (SGF__P_LOWERCASE | SGF__P_DUPLICATE)) {
        if (p->flags & SGF__P_LOWERCASE) {
            /* a repetition merged into p may be the one written so */
            sgf_str raw = p->ident_raw;
            size_t at = p->offset;
            if ((p->flags & SGF__P_DUPLICATE) && !has_lowercase(raw))
                raw = ident_at(ck->c, at = p->dup_offset);
            SGF__DIAG(ck, SGF_D_LOWERCASE_IDENT, at,
                      "identifier '%.*s%s' has lowercase letters: read "
                      "as '%.*s%s'", SGF__QV(raw), SGF__QI(p->ident));
        }
        if (p->flags & SGF__P_DUPLICATE)
            SGF__DIAG(ck, SGF_D_DUPLICATE_PROPERTY, p->dup_offset,
                      "property '%.*s%s' repeated in one node (values "
                      "merged)", SGF__QI(p->ident));
    }
    /* another game than Go: its own properties are unknown here, and
       Go's (HA, KM, TB, TW) mean nothing there; the general ones are
       checked as in Go (check_node: their values when not a game's) */
    if (!ck->go && (info == NULL || (info->flags & SGF_PF_GO)))
        return false;
    if (info == NULL) {
        check_unknown(ck, p);
        return false;
    }
    if (ff == 4 && (info->flags & SGF_PF_OBSOLETE)) {
        SGF__DIAG(ck, SGF_D_OBSOLETE_PROPERTY, p->offset,
                  "'%s' is not in FF[4]; FF[1]-FF[3] had it for %s",
                  p->ident, info->description);
        return false;
    }
    if (ck->ff_bit != 0 && !(info->formats & ck->ff_bit))
        SGF__DIAG(ck, SGF_D_NOT_IN_FF, p->offset,
                  "property '%s' is not defined in FF[%d]", p->ident, ff);
    return true;
}

/* --- nodes --------------------------------------------------------------- */

/* What a node holds, from one scan of its properties. */
typedef struct node_sum {
    unsigned moves;                   /* B and W properties */
    const sgf_prop *move2;            /* the second of B/W */
    const sgf_prop *first_move;
    const sgf_prop *first_move_kind;  /* KO MN BL WL OB OW: the first */
    const sgf_prop *first_setup;
    const sgf_prop *first_info;
    const sgf_prop *ann_move[2];      /* BM TE DO IT: first two */
    const sgf_prop *ann_node[2];      /* DM GB GW UC: first two */
    const sgf_prop *ha;
} node_sum;

static void note2(const sgf_prop *pair[2], const sgf_prop *p)
{
    if (pair[0] == NULL)
        pair[0] = p;
    else if (pair[1] == NULL)
        pair[1] = p;
}

static void sum_prop(node_sum *s, const sgf_prop *p, unsigned a)
{
    if (a & A_MOVE) {
        if (s->moves++ == 1)
            s->move2 = p;
        else if (s->first_move == NULL)
            s->first_move = p;
    } else if (a & A_SETUP) {
        if (s->first_setup == NULL)
            s->first_setup = p;
    } else if (a & A_ANN_MOVE) {
        note2(s->ann_move, p);
    } else if (a & A_ANN_NODE) {
        note2(s->ann_node, p);
    } else if (a & A_HA) {
        s->ha = p;
    }
    if ((a & A_MOVE_KIND) && s->first_move_kind == NULL)
        s->first_move_kind = p;
    if (s->first_info == NULL && (a & A_GAME_INFO))
        s->first_info = p;
}

/* The game-info node of the path: one at most (FF[4] properties.html,
 * "game-info"). */
static void check_info_node(sgf__check *ck, const sgf_prop *p)
{
    sgf_node *n = ck->node;
    if (ck->info_node == NULL) {
        ck->info_node = n;
        return;
    }
    sgf_pos first = sgf_collection_pos(ck->c, ck->info_node->offset);
    SGF__DIAG(ck, SGF_D_GAME_INFO_TWICE, p->offset,
              "game-info property '%.*s%s' below the game-info node of "
              "line %u (one game-info node per path)", SGF__QI(p->ident),
              (unsigned)first.line);
}

/* KO, BM, TE, DO, IT need a move in their node. */
static bool check_move_annotation(sgf__check *ck, const sgf_prop *p,
                                  const node_sum *s)
{
    double km;
    if (s->moves > 0)
        return false;
    const sgf__value *v = &p->values[0];
    if (p->id == SGF_PROP_KO && v->text.len > 0
        && sgf_value_real_loose(v->text, &km, NULL) == 0)
        SGF__DIAG(ck, SGF_D_MOVE_ANNOTATION, p->offset,
                  "'KO' (a move property without value) in a node without "
                  "a move, with '%.*s%s': komi not set (did you mean KM?)",
                  SGF__QV(v->text));
    else
        SGF__DIAG(ck, SGF_D_MOVE_ANNOTATION, p->offset,
                  "move annotation '%s' in a node without a move (ignored)",
                  p->ident);
    return true;
}

static void check_conflicts(sgf__check *ck, const sgf_prop *p,
                            const node_sum *s)
{
    const sgf_prop *const *pair = p == s->ann_move[1] ? s->ann_move
                                : p == s->ann_node[1] ? s->ann_node : NULL;
    if (pair != NULL)
        SGF__DIAG(ck, SGF_D_ANNOTATION_CONFLICT, p->offset,
                  "'%s' and '%s' in one node exclude each other",
                  pair[0]->ident, pair[1]->ident);
}

/* Whether p, in node n (not the root), is the FF or GM that node n
 * starts with: what a game tree that was not closed makes of the games
 * after it (each read as a variation of its last node), said once per
 * node. */
static bool starts_game(const sgf_node *n, const sgf_prop *p)
{
    return (p->id == SGF_PROP_FF || p->id == SGF_PROP_GM)
           && n->parent != NULL && n->props == p;
}

/* Placement rules of one property (FF[4] properties.html, property
 * types); false when its values are not to be checked (ignored). */
static bool check_place(sgf__check *ck, const sgf_prop *p,
                        const sgf_prop_info *info, unsigned a,
                        const node_sum *s)
{
    if (!(a & (A_MOVE | A_SETUP | A_ANN_MOVE | A_ANN_NODE | A_NEEDS_MOVE
               | A_ROOT_READ | A_ROOT | A_MOVE_KIND)))
        return true;              /* no placement rule but the node's */
    bool root = ck->node == ck->g->root;
    if ((a & A_ROOT) && !root) {
        SGF__DIAG(ck, SGF_D_ROOT_NOT_IN_ROOT, p->offset,
                  "root property '%s' outside the root node (ignored)%s",
                  p->ident, starts_game(ck->node, p)
                  ? ": this variation starts like a game of its own (a "
                    "game tree not closed before it, and the games after "
                    "it read as its variations?)" : "");
        return false;
    }
    if (p == s->first_setup && (s->moves > 0 || s->first_move_kind))
        SGF__DIAG(ck, SGF_D_SETUP_AND_MOVE, p->offset,
                  "setup property '%s' and move %s'%s' in one node",
                  p->ident, s->moves > 0 ? "" : "property ",
                  (s->moves > 0 ? s->first_move : s->first_move_kind)->ident);
    if (p == s->move2)
        SGF__DIAG(ck, SGF_D_TWO_MOVES, p->offset,
                  "'B' and 'W' in one node");
    if (p == s->first_move && root)
        SGF__DIAG(ck, SGF_D_MOVE_IN_ROOT, p->offset,
                  "move '%s' in the root node (bad style: moves belong in "
                  "the nodes after it)", p->ident);
    check_conflicts(ck, p, s);
    if (a & A_NEEDS_MOVE)
        return !check_move_annotation(ck, p, s);
    /* FF, GM, SZ of the root were checked when read, but for their
     * number of values */
    if (root && (a & A_ROOT_READ)) {
        sgf__check_value_count(ck, p, info);
        return false;
    }
    return true;
}

static void check_handicap_count(sgf__check *ck, const sgf_prop *ha)
{
    if (ck->handicap < 2)
        return;
    unsigned n = sgf__check_ab_count(ck);
    if (n == 0)
        SGF__DIAG(ck, SGF_D_HANDICAP_COUNT, ha->offset,
                  "HA[%ld] but no AB in this node: HA places no stones",
                  ck->handicap);
    else if (n != (unsigned long)ck->handicap)
        SGF__DIAG(ck, SGF_D_HANDICAP_COUNT, ha->offset,
                  "HA[%ld] but %u AB stones in this node", ck->handicap, n);
}

/* --- the nodes most records are made of ------------------------------- */

_Static_assert(SGF_PROP_W == SGF_PROP_B + 1, "B and W are neighbours");

/* A move of two lowercase letters on the board (ck->lim_x and lim_y are
 * 0 when the fast path is off). */
static inline bool plain_move_raw(const sgf__check *ck, sgf_str r)
{
    return r.len == 2
        && sgf__coord_lower(r.ptr[0]) < ck->lim_x
        && sgf__coord_lower(r.ptr[1]) < ck->lim_y;
}

/* Is the value of BL, WL (real) or OB, OW (not real) in the form no
 * check has anything to say about: a Real in the FF[4] form
 * ([+-]digits[.digits]), or 1 to 18 digits, a Number from 0 up that
 * needs no reading? It is copied to t with a NUL either way (t has room
 * for r.len + 1 bytes, and for 8 with wide_read, which says that the 8
 * bytes from r.ptr can be read). These values are most of what time
 * records add: up to 7 bytes are looked at in one word. */
static bool plain_number(char *t, sgf_str r, bool real, bool wide_read)
{
    size_t i = 0, n = r.len, dot = SIZE_MAX;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (wide_read && n - 1 < 7) {
        /* eight bytes at once (the caller knows they can be read): the
         * ones after the value are cleared, so the copy is NUL-ended */
        const uint64_t ones = UINT64_C(0x0101010101010101);
        const uint64_t keep = (UINT64_C(1) << (8 * n)) - 1;
        uint64_t w, x, bad;
        memcpy(&w, r.ptr, sizeof w);
        w &= keep;
        x = w ^ (ones * '0');         /* digits become 0..9 */
        bad = ((((x & (ones * 0x7F)) + ones * 0x76) | x) & (ones * 0x80))
              & keep;                 /* top bit of each other byte */
        memcpy(t, &w, sizeof w);
        if (bad == 0)
            return true;
        if (!real)
            return false;
        size_t start = 0;
        if ((bad & 0xFF) != 0 && (r.ptr[0] == '+' || r.ptr[0] == '-')) {
            bad &= bad - 1;
            start = 1;
            if (bad == 0)
                return n > 1;
        }
        if ((bad & (bad - 1)) != 0)
            return false;
        dot = (size_t)__builtin_ctzll(bad) >> 3;
        return r.ptr[dot] == '.' && dot > start && dot + 1 < n;
    }
#else
    (void)wide_read;
#endif
    if (real && n > 0 && (r.ptr[0] == '+' || r.ptr[0] == '-')) {
        t[0] = r.ptr[0];
        i = 1;
    }
    size_t start = i;
    for (; i < n; i++) {
        char ch = r.ptr[i];
        t[i] = ch;
        if ((unsigned)(ch - '0') > 9) {
            if (ch != '.' || !real || dot != SIZE_MAX)
                return false;
            dot = i;
        }
    }
    t[n] = '\0';
    if (dot != SIZE_MAX)
        return dot > start && dot + 1 < n;
    return n > start && (real || n <= 18);
}

/* A node of a move and time properties, maybe with a comment or a name,
 * outside the root of a Go game, that no check has anything to say
 * about: the move itself, time left (BL, WL) and moves left (OB, OW) in
 * their plain form, C and N, each once, defined in the file's FF
 * (collect takes the commonest, a lone move, itself). The texts of the
 * move and the times are set as the properties are looked at, the
 * comment and name go to decode.c once all passed, as for a listed node;
 * its moves are added to *moves. False for anything else, which
 * check_node takes, decoding every value again. */
static bool plain_move_node(sgf__check *ck, sgf__dec *d, sgf_node *n,
                            uint32_t *moves)
{
    unsigned k = 0;
    bool text = false;
    if (ck->lim_x == 0)
        return false;
    for (const sgf_prop *p = n->props; p != NULL; p = p->next) {
        if (p->nvalues != 1 || p->flags != 0
            || (ck->ff_bit != 0
                && !(sgf__prop_table[p->id].formats & ck->ff_bit)))
            return false;
        sgf__value *v = p->values;
        sgf_str r = v->raw;
        bool real = p->id == SGF_PROP_BL || p->id == SGF_PROP_WL;
        if (p->id == SGF_PROP_B || p->id == SGF_PROP_W) {
            if (k++ != 0 || !plain_move_raw(ck, r))
                return false;
            v->text.ptr = sgf__point_text(sgf__coord_lower(r.ptr[0]),
                                          sgf__coord_lower(r.ptr[1]));
            v->text.len = 2;
            continue;
        }
        if (p->id == SGF_PROP_C || p->id == SGF_PROP_N) {
            text = true;
            sgf__check_node_in_text(ck, p);
            continue;
        }
        if (!real && p->id != SGF_PROP_OB && p->id != SGF_PROP_OW)
            return false;
        const char *digits = sgf__digits_text(r);
        if (digits != NULL) {        /* plain in either form, no copy */
            v->text.ptr = digits;
            v->text.len = r.len;
            continue;
        }
        bool wide_read = (uintptr_t)r.ptr - ck->in_at <= ck->in_last8;
        size_t room = r.len < 7 && wide_read ? 8 : r.len + 1;
        char *t = sgf__arena_bytes(&ck->c->arena, room);
        if (t == NULL) {
            ck->c->status = SGF_ENOMEM;
            return true;
        }
        if (!plain_number(t, r, real, wide_read))
            return false;
        sgf__arena_trim(&ck->c->arena, t, room, r.len + 1);
        v->text.ptr = t;
        v->text.len = r.len;
    }
    if (text && sgf__dec_node(d, n) != 0)
        return true;                  /* c->status says ENOMEM */
    *moves += k;
    return true;
}

/* Whether the property's values are of a type each game defines for
 * itself (points, moves, and the values composed of them; the board
 * size): checked in Go only. */
static bool game_typed(const sgf_prop_info *info)
{
    switch (info->value_type) {
    case SGF_VT_POINT: case SGF_VT_MOVE: case SGF_VT_POINT_PAIR:
    case SGF_VT_LABEL: case SGF_VT_SIZE:
        return true;
    default:
        return false;
    }
}

/* The node most records are made of: one move, nothing else. */
static bool lone_move(const sgf__check *ck, const sgf_node *n)
{
    const sgf_prop *p = n->props;
    return p != NULL && p->next == NULL && ck->go && n != ck->g->root
        && p->flags == 0 && p->nvalues == 1
        && (p->id == SGF_PROP_B || p->id == SGF_PROP_W);
}

/* The text of the node's values that are not text (sgf__decode_plain);
 * the root's and, in a charset that is not ASCII-compatible, all were
 * decoded with the text (decode.c). */
static void decode_node(sgf__check *ck, sgf_node *n)
{
    if (ck->decoded || n == ck->g->root)
        return;
    for (sgf_prop *p = n->props; p != NULL; p = p->next)
        if (!sgf__prop_is_text(p)
            && (sgf__decode_plain(ck->c, p, ck->g->mb_lex) != 0
                || (ck->cv != NULL
                    && sgf__convert_plain(ck->c, p, ck->g->charset, ck->cv)
                       != 0)))
            ck->c->status = SGF_ENOMEM;
}

static void check_node(sgf__check *ck, sgf_node *n)
{
    node_sum s;
    ck->node = n;
    ck->used = 0;
    ck->moves_seen = 0;
    ck->handicap = 0;
    decode_node(ck, n);
    if (lone_move(ck, n)) {
        sgf__check_move(ck, n->props);
        ck->move_number++;
        return;
    }
    memset(&s, 0, sizeof s);
    for (const sgf_prop *p = n->props; p != NULL; p = p->next)
        sum_prop(&s, p, attr_of(p));
    for (sgf_prop *p = n->props; p != NULL; p = p->next) {
        unsigned a = attr_of(p);
        if (p == s.first_info)
            check_info_node(ck, p);
        if ((a & A_QUIET) && p->flags == 0 && p->nvalues == 1 && ck->go
            && (ck->ff_bit == 0
                || (sgf__prop_table[p->id].formats & ck->ff_bit))) {
            sgf__check_node_in_text(ck, p);
            continue;     /* what check_ident, check_place and the value
                             checks would find: nothing (most of a root),
                             but for a node read into the text */
        }
        const sgf_prop_info *info = info_of(p);
        if (check_ident(ck, p, info) && check_place(ck, p, info, a, &s)
            && (ck->go || !game_typed(info)))
            sgf__check_values(ck, p, info);
    }
    if (ck->go && s.ha != NULL)
        check_handicap_count(ck, s.ha);
    ck->move_number += s.moves;
}

/* --- the walk ------------------------------------------------------------ */

#define NO_ITEM UINT32_MAX

/* A node for check_node (any but a plain move node), in pre-order, with
 * the state of the path above it. */
typedef struct to_check {
    sgf_node *node;
    sgf_node *info_after;     /* the path's game-info node after it */
    uint32_t move_number;     /* B and W properties above it */
    uint32_t parent;          /* the nearest node to check above, or
                                 NO_ITEM */
} to_check;

/* A variation still to walk, with the state where it starts. */
typedef struct pending_var {
    sgf_node *node;
    uint32_t move_number;
    uint32_t parent;
} pending_var;

/* A scratch array of the walk: its first bytes on the C stack, the rest
 * on the heap, so that a game with few nodes to check and few
 * variations allocates nothing. */
typedef struct scratch {
    char *ptr;
    size_t len, cap;
    bool heap;
} scratch;

static void scratch_init(scratch *s, void *local, size_t cap)
{
    s->ptr = local;
    s->len = 0;
    s->cap = cap;
    s->heap = false;
}

static int scratch_grow(scratch *s, size_t n)
{
    if (s->cap > SIZE_MAX / 4 || n > s->cap)
        return SGF_ENOMEM;
    size_t cap = 2 * s->cap;
    char *q = s->heap ? realloc(s->ptr, cap) : malloc(cap);
    if (q == NULL)
        return SGF_ENOMEM;
    if (!s->heap)
        memcpy(q, s->ptr, s->len);
    s->ptr = q;
    s->cap = cap;
    s->heap = true;
    return 0;
}

/* n is one item, never more than the array's first capacity. */
static inline int scratch_add(scratch *s, const void *p, size_t n)
{
    if (s->cap - s->len < n && scratch_grow(s, n) != 0)
        return SGF_ENOMEM;
    memcpy(s->ptr + s->len, p, n);
    s->len += n;
    return 0;
}

static void scratch_release(scratch *s)
{
    if (s->heap)
        free(s->ptr);
}

static unsigned count_moves(const sgf_node *n)
{
    unsigned k = 0;
    for (const sgf_prop *p = n->props; p != NULL; p = p->next)
        k += p->id == SGF_PROP_B || p->id == SGF_PROP_W;
    return k;
}

/* The fast path's limits (plain_move_node, lone_moves), from the board
 * sgf__check_root read: off unless Go, and in a charset that may not be
 * ASCII-compatible. */
static void set_fast_path(sgf__check *ck, const sgf__dec *d)
{
    const sgf_game *g = ck->g;
    ck->lim_x = ck->lim_y = 0;
    if (d->maybe_wide || !ck->go)
        return;
    ck->lim_x = g->width < 26 ? (unsigned)g->width : 26;
    ck->lim_y = g->height < 26 ? (unsigned)g->height : 26;
}

/* A lone move of two lowercase letters below 'a' + lim_x, 'a' + lim_y:
 * its text set without a copy; false for anything else. */
static inline bool plain_lone_move(const sgf_prop *p, unsigned lim_x,
                                   unsigned lim_y)
{
    if (p->next != NULL || p->nvalues != 1 || p->flags != 0
        || (unsigned)(p->id - SGF_PROP_B) > 1u || p->values[0].raw.len != 2)
        return false;
    sgf__value *v = p->values;
    unsigned x = (unsigned char)v->raw.ptr[0] - (unsigned)'a';
    unsigned y = (unsigned char)v->raw.ptr[1] - (unsigned)'a';
    if (x >= lim_x || y >= lim_y)
        return false;
    v->text.ptr = sgf__point_text(x, y);
    v->text.len = 2;
    return true;
}

/* Is n the node most records are made of, read by the parser as one
 * move of two letters (move_color, move_point: tree_int.h) with nothing
 * else, on the board? Its one value's text is already the point's,
 * NUL-terminated (parse.c, fill_move_node); a repetition merged into the
 * property would have cleared move_color. */
static inline bool lone_move_node(const sgf_node *n, unsigned lim_x,
                                  unsigned lim_y)
{
    return n->move_color != 0 && n->nprops == 1
           && n->move_point.x < lim_x && n->move_point.y < lim_y;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* nprops, move_color and move_point side by side (tree_int.h), so that
 * lone_moves reads them as one word: 4 bytes of nprops, the colour, x,
 * y, and a padding byte it ignores. */
#define NODE_WORD_AT offsetof(sgf_node, nprops)
_Static_assert(sizeof(uint32_t) == sizeof(((sgf_node *)0)->nprops)
                   && offsetof(sgf_node, move_color) == NODE_WORD_AT + 4
                   && offsetof(sgf_node, move_point) == NODE_WORD_AT + 5
                   && offsetof(sgf_node, move_point.y) == NODE_WORD_AT + 6
                   && NODE_WORD_AT + 8 <= sizeof(sgf_node),
               "lone_moves reads nprops to move_point as one word");
_Static_assert(SGF_BLACK >= 1 && SGF_WHITE <= 0x80 && SGF_MAX_SIZE <= 64
                   && SGF_MAX_SIZE <= 0x80,
               "lone_moves adds to the colour and the columns bytewise");
#define LONE_WORD 1
#endif

/* From n down its line while each child is such a node without a
 * sibling, *moves counting them. Returns the last node taken, or n. A
 * loop of its own, so that the few values it needs stay in registers. */
static sgf_node *lone_moves(sgf_node *n, unsigned lim_x, unsigned lim_y,
                            uint32_t *moves)
{
    uint32_t k = 0;
#ifdef LONE_WORD
    /* lone_move_node on one word: nprops must be 1; adding 0x7F to the
     * colour sets its top bit when it is not 0; adding 0x80 - lim to a
     * column (at most 51, lim at most 26) sets its top bit when the
     * column is lim or more. No byte carries into the next one, and the
     * padding byte on top is masked off. */
    const uint64_t add = UINT64_C(0x7F) << 32
                         | (uint64_t)(0x80 - lim_x) << 40
                         | (uint64_t)(0x80 - lim_y) << 48;
    const uint64_t look = UINT64_C(0x0080808000000000) | UINT32_MAX;
    const uint64_t want = UINT64_C(0x0000008000000000) | 1;
    for (sgf_node *c; (c = n->child) != NULL && c->sibling == NULL; n = c) {
        /* a node the parser read as one move and left with one property
         * holds one value of two letters, its text already the point's
         * (parse.c, fill_move_node); a repetition merged into it would
         * have cleared move_color */
        uint64_t w;
        memcpy(&w, (const char *)c + NODE_WORD_AT, sizeof w);
        if (((w + add) & look) != want)
            break;
        k++;
    }
#else
    for (sgf_node *c; (c = n->child) != NULL && c->sibling == NULL; n = c) {
        /* lone_move_node, written out: a node the parser read as one
         * move and left with one property holds one value of two
         * letters, its text already the point's (parse.c,
         * fill_move_node); a repetition merged into it would have
         * cleared move_color */
        if (c->move_color == 0 || c->nprops != 1
            || c->move_point.x >= lim_x || c->move_point.y >= lim_y)
            break;
        k++;
    }
#endif
    *moves += k;
    return n;
}

/* One pass over the tree in pre-order, without recursion whatever the
 * depth (a 1,000,000-move line, 100,000 nested variations: the next
 * sibling of each variation entered waits on a heap stack with the
 * state where it starts, and no line is climbed back). Plain move nodes
 * are done with here; every other node has its text values decoded
 * (sgf__dec_node) and is listed for check_node, which runs once the
 * charset is known. */
static int collect(sgf__check *ck, sgf__dec *d, scratch *items)
{
    pending_var local[32];
    scratch stack;
    scratch_init(&stack, local, sizeof local);
    sgf_node *n = ck->g->root;
    uint32_t parent = 0, moves = 0;
    to_check t = { n, NULL, 0, NO_ITEM };
    int r = sgf__dec_node(d, n);
    if (r == 0)
        r = scratch_add(items, &t, sizeof t);
    if (r != 0)
        return r;
    set_fast_path(ck, d);
    const unsigned lim_x = ck->lim_x, lim_y = ck->lim_y;
    moves = count_moves(n);
    for (;;) {
        n = lone_moves(n, lim_x, lim_y, &moves);
        sgf_node *next = n->child;
        if (next == NULL) {
            if (stack.len == 0)
                break;
            stack.len -= sizeof(pending_var);
            pending_var pv;
            memcpy(&pv, stack.ptr + stack.len, sizeof pv);
            next = pv.node;
            moves = pv.move_number;
            parent = pv.parent;
        }
        if (next->sibling != NULL) {
            pending_var pv = { next->sibling, moves, parent };
            if ((r = scratch_add(&stack, &pv, sizeof pv)) != 0)
                break;
        }
        n = next;
        const sgf_prop *p = n->props;
        if (lone_move_node(n, lim_x, lim_y)) {
            moves++;                 /* a variation's first move */
            continue;
        }
        if (p != NULL && plain_lone_move(p, lim_x, lim_y)) {
            moves++;                 /* the same, written otherwise */
            continue;
        }
        if (plain_move_node(ck, d, n, &moves))
            continue;
        t.node = n;
        t.move_number = moves;
        t.parent = parent;
        parent = (uint32_t)(items->len / sizeof t);
        if ((r = sgf__dec_node(d, n)) != 0
            || (r = scratch_add(items, &t, sizeof t)) != 0)
            break;
        moves += count_moves(n);
    }
    scratch_release(&stack);
    return r;
}

/* check_node on every node collect listed, in its order, each with the
 * state of its path. */
static void check_all(sgf__check *ck, scratch *items)
{
    to_check *t = (to_check *)(void *)items->ptr;
    size_t n = items->len / sizeof *t;
    for (size_t i = 0; i < n; i++) {
        ck->move_number = t[i].move_number;
        ck->info_node = t[i].parent == NO_ITEM ? NULL
                                               : t[t[i].parent].info_after;
        check_node(ck, t[i].node);
        t[i].info_after = ck->info_node;
    }
}

/* Put the diagnostics of this game's property layer (from index first
 * on) in the order of their positions; stable (merge sort), and no work
 * when they already are. */
static void sort_diags(sgf_collection *c, size_t first)
{
    if (c->diags == NULL || c->ndiags < first + 2)
        return;
    sgf_diag *d = c->diags + first;
    size_t n = c->ndiags - first, i;
    for (i = 1; i < n && d[i - 1].pos.offset <= d[i].pos.offset; i++)
        continue;
    if (i >= n)
        return;
    sgf_diag *tmp = malloc(n * sizeof *tmp);
    if (tmp == NULL)
        return;                       /* unsorted is still correct */
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n;
            size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t a = lo, b = mid, k = lo;
            while (a < mid && b < hi)
                tmp[k++] = d[b].pos.offset < d[a].pos.offset ? d[b++]
                                                             : d[a++];
            while (a < mid)
                tmp[k++] = d[a++];
            while (b < hi)
                tmp[k++] = d[b++];
        }
        memcpy(d, tmp, n * sizeof *tmp);
    }
    free(tmp);
}

int sgf__props_game(sgf_collection *c, sgf_game *g)
{
    size_t first = c->ndiags;
    sgf__check ck;
    sgf__dec d;
    to_check local[32];
    scratch items;
    scratch_init(&items, local, sizeof local);
    ck.c = c;
    ck.g = g;
    ck.move_number = 0;
    ck.info_node = NULL;
    ck.cpl_reported = false;
    ck.cv = NULL;
    sgf__read_ff(g);
    ck.ff4 = sgf__game_ff4(g);
    ck.ff_bit = g->ff >= 1 && g->ff <= 3 ? 1u << (g->ff - 1) : 0;
    /* where a value's 8 bytes can be read at once (plain_number): from
     * the input's start up to 8 before its end (none when shorter) */
    ck.in_at = (uintptr_t)c->input;
    ck.in_last8 = c->input_len >= 8 ? c->input_len - 8 : 0;
    if (c->input_len < 8)
        ck.in_at = UINTPTR_MAX;
    int r = sgf__dec_begin(&d, c, g, ck.ff4, sgf__root_prop(g, SGF_PROP_CA));
    if (r == 0) {
        sgf__check_root(&ck);         /* the board, before the walk */
        r = collect(&ck, &d, &items);
    }
    if (r == 0)
        r = sgf__dec_finish(&d);
    sgf__dec_release(&d);
    if (r == 0) {
        sgf__conv cv;
        sgf__conv_init(&cv);
        /* values that are not text converted too, where text is */
        ck.cv = sgf__plain_converts(g->charset) ? &cv : NULL;
        ck.decoded = !sgf__charset_is_ascii_compatible(g->charset);
        sgf__check_mixed(&ck);
        check_all(&ck, &items);
        sort_diags(c, first);
        sgf__conv_release(&cv);
        ck.cv = NULL;
    }
    scratch_release(&items);
    if (r != 0)
        c->status = SGF_ENOMEM;
    return c->status == SGF_ENOMEM ? SGF_ENOMEM : 0;
}
