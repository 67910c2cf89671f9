/*
 * check.c - the property layer's driver, run by the parser on every
 * finished game (sgf__props_game): reads FF, GM, SZ and CA from the root,
 * has every value decoded (decode.c), then walks the tree once, without
 * recursion, checking identifiers, placement (root, game-info, setup and
 * move properties, annotations) and values (checkval.c). Severities come
 * from sgf/diagcodes.def in the FF[4] or FF[1]-FF[3] form, never from
 * code here.
 *
 * What SGFC 2.0 and sgfutils' sgfcheck check about file content, and the
 * code that covers it here (../shared/research/validators.md sections 2.3
 * and 3.2; "parser" = parse.c, "replay" = the Go rules replayer of issue
 * 3, which owns board-state checks; a code in brackets is emitted here):
 *
 *   SGFC  6 data before '(;'          parser junk-outside-tree
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
 * FF (DECISIONS.md: FF[3] forms are accepted there with a warning). An
 * off-board move is reported here, with its move number, and not again
 * by the replayer (DECISIONS.md "Diagnostics").
 */
#include <stdlib.h>
#include <string.h>
#include "props_int.h"

/* Table entry, NULL for unknown properties. */
static const sgf_prop_info *info_of(const sgf_prop *p)
{
    return p->id != SGF_PROP_UNKNOWN ? sgf__info(p) : NULL;
}

static const sgf_prop *root_prop(const sgf_game *g, sgf_prop_id id)
{
    for (sgf_prop *p = g->root->props; p != NULL; p = p->next)
        if (p->id == id)
            return p;
    return NULL;
}

#define QV(t) sgf__quote_len((t), SGF__QUOTE_MAX), (t).ptr

/* --- the root: FF, GM, SZ ------------------------------------------------ */

/* FF before anything else: the severities depend on it. Raw bytes (FF is
 * ASCII digits); problems are reported later, by check_ff. */
static void read_ff(sgf_game *g)
{
    const sgf_prop *p = root_prop(g, SGF_PROP_FF);
    long ff;
    g->ff = 0;
    if (p != NULL && sgf__loose_number(p->values[0].raw, &ff) >= 0
        && ff >= 1 && ff <= 4)
        g->ff = (int)ff;
}

static void check_ff(sgf__check *ck)
{
    const sgf_prop *p = root_prop(ck->g, SGF_PROP_FF);
    long ff;
    if (p == NULL)
        return;
    const sgf__value *v = &p->values[0];
    int r = sgf__loose_number(v->text, &ff);
    if (r < 0)
        SGF__DIAG(ck, SGF_D_BAD_VALUE, v->offset,
                  "FF[%.*s] is not a file format number (checked as FF[4])",
                  QV(v->text));
    else if (ff < 1 || ff > 4)
        SGF__DIAG(ck, SGF_D_VALUE_RANGE, v->offset,
                  "FF[%ld]: unknown file format, 1..4 exist (checked as "
                  "FF[4])", ff);
    else if (r > 0)
        SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                  "FF[%.*s] read as FF[%ld]", QV(v->text), ff);
}

static void check_gm(sgf__check *ck)
{
    const sgf_prop *p = root_prop(ck->g, SGF_PROP_GM);
    long gm;
    if (p == NULL)
        return;
    const sgf__value *v = &p->values[0];
    int r = sgf__loose_number(v->text, &gm);
    if (r < 0) {
        SGF__DIAG(ck, SGF_D_BAD_VALUE, v->offset,
                  "GM[%.*s] is not a game number: Go (GM[1]) assumed",
                  QV(v->text));
    } else if (gm < 1) {
        SGF__DIAG(ck, SGF_D_VALUE_RANGE, v->offset,
                  "GM[%ld] is not a game number: Go (GM[1]) assumed", gm);
    } else {
        if (r > 0)
            SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                      "GM[%.*s] read as GM[%ld]", QV(v->text), gm);
        ck->g->gm = (int)gm;
        if (gm != 1)
            SGF__DIAG(ck, SGF_D_NOT_GO, p->offset,
                      "GM[%ld]: not Go, so only the syntax and the "
                      "identifiers are checked", gm);
    }
}

/* SZ[n] or SZ[cols:rows]; 0 when unreadable, 1 when read, 2 when read
 * from a non-standard form (blanks). */
static int read_size(sgf_str t, long *w, long *h)
{
    sgf_str l, r;
    int rl, rr;
    if (sgf_value_split(t, &l, &r) != 0) {
        rl = sgf__loose_number(t, w);
        *h = *w;
        return rl < 0 ? 0 : rl > 0 ? 2 : 1;
    }
    rl = sgf__loose_number(l, w);
    rr = sgf__loose_number(r, h);
    if (rl < 0 || rr < 0)
        return 0;
    return rl > 0 || rr > 0 ? 2 : 1;
}

static void size_notes(sgf__check *ck, const sgf__value *v, long w, long h,
                       int how)
{
    int ff = ck->g->ff;
    bool composed = memchr(v->text.ptr, ':', v->text.len) != NULL;
    if (how == 2)
        SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                  "SZ[%.*s] read as %ldx%ld", QV(v->text), w, h);
    if (composed && w == h)
        SGF__DIAG(ck, SGF_D_VALUE_FORMAT, v->offset,
                  "SZ[%.*s]: a square board is written SZ[%ld]",
                  QV(v->text), w);
    if (ff >= 1 && ff <= 3 && (w != h || w > 19))
        SGF__DIAG(ck, SGF_D_NOT_IN_FF, v->offset,
                  "SZ[%.*s]: boards larger than 19x19 or not square are "
                  "FF[4] only, not FF[%d]", QV(v->text), ff);
}

static void check_sz(sgf__check *ck)
{
    const sgf_prop *p = root_prop(ck->g, SGF_PROP_SZ);
    long w, h;
    if (p == NULL)
        return;
    const sgf__value *v = &p->values[0];
    int how = read_size(v->text, &w, &h);
    if (how == 0 || w < 1 || h < 1 || w > SGF_MAX_SIZE
        || h > SGF_MAX_SIZE) {
        if (ck->go)
            SGF__DIAG(ck, SGF_D_BOARD_SIZE, v->offset,
                      how == 0 ? "SZ[%.*s] is not a board size: 19x19 used"
                               : "SZ[%.*s] is outside 1..52: 19x19 used",
                      QV(v->text));
        return;
    }
    ck->g->width = (int)w;
    ck->g->height = (int)h;
    if (ck->go)
        size_notes(ck, v, w, h, how);
}

/* FF, GM or the charset differ from the first game of the collection. */
static void check_mixed(sgf__check *ck)
{
    const sgf_game *g = ck->g, *first;
    if (g->index == 0 || ck->c->ngames == 0)
        return;
    first = ck->c->games[0];
    const char *what = first->ff != g->ff ? "FF"
                     : first->gm != g->gm ? "GM"
                     : (first->charset && g->charset
                        && strcmp(first->charset, g->charset) != 0
                        && root_prop(first, SGF_PROP_CA) != NULL
                        && root_prop(g, SGF_PROP_CA) != NULL) ? "CA"
                     : NULL;
    if (what != NULL)
        SGF__DIAG(ck, SGF_D_MIXED_COLLECTION, g->offset,
                  "game %u differs from game 0 in %s", (unsigned)g->index,
                  what);
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
                  "unknown property '%.40s' (kept): may be %s whose "
                  "values were lost", p->ident, parts);
    else
        SGF__DIAG(ck, SGF_D_UNKNOWN_PROPERTY, p->offset,
                  "unknown property '%.40s' (kept)", p->ident);
}

static const char *replacement(sgf_prop_id id)
{
    switch (id) {
    case SGF_PROP_L: return " (FF[4]: LB)";
    case SGF_PROP_M: return " (FF[4]: MA or TR)";
    case SGF_PROP_KI: return " (FF[4]: KM)";
    case SGF_PROP_EX: return " (FF[4]: a variation)";
    default: return "";
    }
}

/* Identifier checks; false when the property's values are not to be
 * checked (an FF[1]-FF[3] property in an FF[4] file means nothing
 * defined there: Fox writes TC[] for its own use). */
static bool check_ident(sgf__check *ck, const sgf_prop *p,
                        const sgf_prop_info *info)
{
    int ff = ck->g->ff;
    if (p->flags & SGF__P_LOWERCASE)
        SGF__DIAG(ck, SGF_D_LOWERCASE_IDENT, p->offset,
                  "identifier '%.*s' has lowercase letters: read as '%.40s'",
                  (int)(p->ident_raw.len > 40 ? 40 : p->ident_raw.len),
                  p->ident_raw.ptr, p->ident);
    if (p->flags & SGF__P_DUPLICATE)
        SGF__DIAG(ck, SGF_D_DUPLICATE_PROPERTY, p->dup_offset,
                  "property '%.40s' repeated in one node (values merged)",
                  p->ident);
    if (!ck->go)
        return false;
    if (info == NULL) {
        check_unknown(ck, p);
        return false;
    }
    if (ff == 4 && (info->flags & SGF_PF_OBSOLETE)) {
        SGF__DIAG(ck, SGF_D_OBSOLETE_PROPERTY, p->offset,
                  "'%s' (%s) is an FF[1]-FF[3] property, not in FF[4]%s",
                  p->ident, info->description,
                  replacement((sgf_prop_id)p->id));
        return false;
    }
    if (ff >= 1 && ff <= 3 && !(info->formats & (1u << (ff - 1))))
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

static void sum_prop(node_sum *s, const sgf_prop *p)
{
    switch (p->id) {
    case SGF_PROP_B: case SGF_PROP_W:
        if (s->moves++ == 1)
            s->move2 = p;
        else if (s->first_move == NULL)
            s->first_move = p;
        break;
    case SGF_PROP_AB: case SGF_PROP_AW: case SGF_PROP_AE: case SGF_PROP_PL:
        if (s->first_setup == NULL)
            s->first_setup = p;
        break;
    case SGF_PROP_BM: case SGF_PROP_TE: case SGF_PROP_DO: case SGF_PROP_IT:
        note2(s->ann_move, p);
        break;
    case SGF_PROP_DM: case SGF_PROP_GB: case SGF_PROP_GW: case SGF_PROP_UC:
        note2(s->ann_node, p);
        break;
    case SGF_PROP_HA:
        s->ha = p;
        break;
    default:
        break;
    }
    const sgf_prop_info *info = info_of(p);
    if (s->first_info == NULL && info != NULL
        && info->kind == SGF_KIND_GAME_INFO)
        s->first_info = p;
}

static unsigned count_moves(const sgf_node *n)
{
    unsigned k = 0;
    for (const sgf_prop *p = n->props; p != NULL; p = p->next)
        k += p->id == SGF_PROP_B || p->id == SGF_PROP_W;
    return k;
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
              "game-info property '%.40s' below the game-info node of line "
              "%u (one game-info node per path)", p->ident,
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
        && sgf_value_real_loose(v->text, &km) >= 0)
        SGF__DIAG(ck, SGF_D_MOVE_ANNOTATION, p->offset,
                  "'KO' (a move property without value) in a node without "
                  "a move, with '%.*s': komi not set (did you mean KM?)",
                  QV(v->text));
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

/* Placement rules of one property (FF[4] properties.html, property
 * types); false when its values are not to be checked (ignored). */
static bool check_place(sgf__check *ck, const sgf_prop *p,
                        const sgf_prop_info *info, const node_sum *s)
{
    bool root = ck->node == ck->g->root;
    if (info->kind == SGF_KIND_ROOT && !root) {
        SGF__DIAG(ck, SGF_D_ROOT_NOT_IN_ROOT, p->offset,
                  "root property '%s' outside the root node (ignored)",
                  p->ident);
        return false;
    }
    if (p == s->first_setup && s->moves > 0)
        SGF__DIAG(ck, SGF_D_SETUP_AND_MOVE, p->offset,
                  "setup property '%s' and move '%s' in one node", p->ident,
                  s->first_move->ident);
    if (p == s->move2)
        SGF__DIAG(ck, SGF_D_TWO_MOVES, p->offset,
                  "'B' and 'W' in one node");
    if (p == s->first_move && root)
        SGF__DIAG(ck, SGF_D_MOVE_IN_ROOT, p->offset,
                  "move '%s' in the root node (bad style: moves belong in "
                  "the nodes after it)", p->ident);
    check_conflicts(ck, p, s);
    if (p->id == SGF_PROP_KO || p->id == SGF_PROP_BM || p->id == SGF_PROP_TE
        || p->id == SGF_PROP_DO || p->id == SGF_PROP_IT)
        return !check_move_annotation(ck, p, s);
    /* FF, GM, SZ of the root were checked when read, but for their
     * number of values */
    if (root && (p->id == SGF_PROP_FF || p->id == SGF_PROP_GM
                 || p->id == SGF_PROP_SZ)) {
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

/* The node most records are made of: one move, nothing else. */
static bool lone_move(const sgf__check *ck, const sgf_node *n)
{
    const sgf_prop *p = n->props;
    return p != NULL && p->next == NULL && ck->go && n != ck->g->root
        && p->flags == 0 && p->nvalues == 1
        && (p->id == SGF_PROP_B || p->id == SGF_PROP_W);
}

static void check_node(sgf__check *ck, sgf_node *n)
{
    node_sum s;
    ck->node = n;
    ck->used = 0;
    ck->moves_seen = 0;
    ck->handicap = 0;
    if (lone_move(ck, n)) {
        sgf__check_move(ck, n->props);
        ck->move_number++;
        return;
    }
    memset(&s, 0, sizeof s);
    for (const sgf_prop *p = n->props; p != NULL; p = p->next)
        sum_prop(&s, p);
    for (sgf_prop *p = n->props; p != NULL; p = p->next) {
        const sgf_prop_info *info = info_of(p);
        if (p == s.first_info && ck->go)
            check_info_node(ck, p);
        if (check_ident(ck, p, info) && check_place(ck, p, info, &s))
            sgf__check_values(ck, p, info);
    }
    if (ck->go && s.ha != NULL)
        check_handicap_count(ck, s.ha);
    ck->move_number += s.moves;
}

static void leave_node(sgf__check *ck, const sgf_node *n)
{
    ck->move_number -= count_moves(n);
    if (ck->info_node == n)
        ck->info_node = NULL;
}

/* Pre-order walk with parent links: no recursion, no stack, whatever the
 * depth (a 1,000,000-move line, 100,000 nested variations). */
static void walk(sgf__check *ck)
{
    sgf_node *root = ck->g->root, *n = root;
    for (;;) {
        check_node(ck, n);
        if (n->child != NULL) {
            n = n->child;
            continue;
        }
        for (;;) {
            leave_node(ck, n);
            if (n == root)
                return;
            if (n->sibling != NULL) {
                n = n->sibling;
                break;
            }
            n = n->parent;
        }
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
    ck.c = c;
    ck.g = g;
    ck.move_number = 0;
    ck.info_node = NULL;
    ck.cpl_reported = false;
    read_ff(g);
    ck.ff4 = sgf__game_ff4(g);
    if (sgf__props_decode(c, g, ck.ff4) != 0) {
        c->status = SGF_ENOMEM;
        return SGF_ENOMEM;
    }
    check_ff(&ck);
    check_gm(&ck);
    ck.go = g->gm == 1;
    check_sz(&ck);
    check_mixed(&ck);
    walk(&ck);
    sort_diags(c, first);
    return c->status == SGF_ENOMEM ? SGF_ENOMEM : 0;
}
