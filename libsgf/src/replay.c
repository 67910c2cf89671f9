/*
 * replay.c - walking a game tree under Go rules (sgf/replay.h).
 *
 * One board and one history serve the whole walk: a node's changes are
 * undone when the walk backs up to a branching point, so every variation
 * is visited once, without replaying from the root. The walk is a loop
 * with an explicit stack of branching points (no recursion).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sgf/replay.h>
#include "board_int.h"
#include "tree_int.h"
#include "rules_int.h"
#include "coord_int.h"
#include "replay_int.h"
#include "props_int.h"

struct sgf_replay {
    sgf_board *board;
    sgf_history *hist;
    sgf_rules rules;
    bool defaulted;
    bool has_last;
    const sgf_node *line_end;   /* sgf_replay_line_end */
    const sgf_node *info;       /* sgf_replay_info_node */
    bool last_pass;
    sgf_color last_color;
    sgf_point last_pt;
    unsigned last_number;
    unsigned illegal;
    sgf__buf frames;
    /* The numbers of the moves off the board on the path being walked
     * (walk_state.offboard of them), which the history does not count:
     * to give the move a repeated position is from (repeated_after). */
    sgf__buf offboard;
    /* The last RU[] read and what it gave: most runs read the same one
     * again. */
    bool ru_known;
    size_t ru_len;
    char ru_text[48];
    sgf_rules ru_rules;
    bool ru_status;              /* the remembered value named rules */
    /* Set by sgf__replay_no_effect: told each setup value that changes
     * nothing, instead of a diagnostic. */
    int (*no_effect)(void *ctx, const sgf__value *v);
    void *no_effect_ctx;
};

/* The properties the replay reads before the first move, each the first
 * of its kind: RU and HA of the game-info node (sgf_game_info_node), AB
 * of the root. */
typedef struct root_props {
    const sgf_prop *ru, *ha, *ab;
} root_props;

/* What the walk knows on a path besides the board and history. */
typedef struct walk_state {
    unsigned move_number;
    sgf_color last_color;       /* colour of the last move, or EMPTY */
    bool ended;                 /* the game ended by passes */
    bool end_reported;
    /* order_checks has more to check than two moves in a row: the first
     * move after handicap stones, or one after the game ended */
    bool watch;
    /* the last setup recorded its position with the side to move
     * guessed (no PL[]): the next move says who it was (retake_turn) */
    bool guessed;
    uint32_t offboard;          /* moves off the board on the path */
    /* the last setup before the next move said PL[] in a node with no
     * move: the colour it named (else SGF_EMPTY); a move of that colour
     * is played as one PL named (no order warnings) */
    sgf_color pl_next;
    /* the colour that PL[] named, when the move after it is by the
     * other one (order_checks says so), else SGF_EMPTY */
    sgf_color pl_against;
} walk_state;

/* A branching point still to visit: the next sibling to walk, and the
 * state (board undo depth included) from before its parent's children. */
typedef struct frame {
    const sgf_node *next;
    size_t undo_depth;
    walk_state st;
} frame;

typedef struct walk {
    sgf_replay *r;
    sgf_board *board;           /* r's, and its history and rules */
    sgf_history *hist;
    const sgf_rules *rules;
    int (*on_move)(void *payload, const sgf_replay_move *m);    /* o's */
    void *payload;              /* o's */
    sgf_collection *c;
    const sgf_game *g;
    const sgf_replay_options *o;
    int handicap;               /* HA[] >= 2 with AB stones, else 0 */
    bool keep;                  /* moves keep their undo records (some
                                   branching point is still to visit) */
    unsigned stop_at;           /* stop after this move (o->stop), or
                                   UINT_MAX */
    unsigned xmax, ymax;        /* board size, at most 26 (a..z) */
    sgf_replay_move m;          /* for on_move: board and history set */
    root_props root;
    sgf__cell row[SGF_MAX_SIZE];    /* index of the point (0, y) */
    /* xmax for the rows y < ymax, 0 for the others: one test for a point
     * read from two lower-case letters */
    uint8_t xlim[256];
    int no_liberty;             /* chains without liberties the last
                                   setup left (setup_liberties) */
} walk;

int sgf_replay_new(sgf_replay **out)
{
    if (out == NULL)
        return SGF_EINVAL;
    *out = NULL;
    sgf_replay *r = calloc(1, sizeof *r);
    if (r == NULL)
        return SGF_ENOMEM;
    if (sgf_board_new(&r->board, 19, 19) != 0
        || sgf_history_new(&r->hist) != 0) {
        sgf_replay_free(r);
        return SGF_ENOMEM;
    }
    sgf_rules init = SGF_RULES_INIT;
    r->rules = init;
    *out = r;
    return 0;
}

void sgf_replay_free(sgf_replay *r)
{
    if (r == NULL)
        return;
    sgf_board_free(r->board);
    sgf_history_free(r->hist);
    sgf__buf_release(&r->frames);
    sgf__buf_release(&r->offboard);
    free(r);
}

const sgf_board *sgf_replay_board(const sgf_replay *r) { return r->board; }
const sgf_history *sgf_replay_history(const sgf_replay *r)
{
    return r->hist;
}
const sgf_rules *sgf_replay_rules(const sgf_replay *r) { return &r->rules; }
bool sgf_replay_rules_defaulted(const sgf_replay *r) { return r->defaulted; }
unsigned sgf_replay_move_number(const sgf_replay *r)
{
    return r->last_number;
}
unsigned sgf_replay_illegal_count(const sgf_replay *r) { return r->illegal; }
const sgf_node *sgf_replay_line_end(const sgf_replay *r)
{
    return r->line_end;
}

const sgf_node *sgf_replay_info_node(const sgf_replay *r)
{
    return r != NULL ? r->info : NULL;
}

bool sgf_replay_last_move(const sgf_replay *r, sgf_color *color,
                          sgf_point *pt, bool *pass)
{
    if (!r->has_last)
        return false;
    if (color)
        *color = r->last_color;
    if (pt)
        *pt = r->last_pt;
    if (pass)
        *pass = r->last_pass;
    return true;
}

/* --- diagnostics --------------------------------------------------------- */

static const char *color_name(sgf_color c)
{
    return c == SGF_BLACK ? "black" : "white";
}

/* s at the end of buf (which has room). */
static char *append(char *end, const char *s)
{
    size_t n = strlen(s);
    memcpy(end, s, n + 1);
    return end + n;
}

/* The decimal digits of v at end (which has room). */
static char *append_uint(char *end, unsigned v)
{
    char digits[12];
    int n = 0;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (n > 0)
        *end++ = digits[--n];
    *end = '\0';
    return end;
}

/* "ce (C5)" at end (the vertex when the board has one: at most 25
 * wide); returns the new end. */
static char *put_point(char *end, const walk *w, sgf_point pt)
{
    char sgf[3], vtx[4];
    sgf_point_format_sgf(sgf, pt);
    end = append(end, sgf);
    if (w->g->width <= 25
        && sgf_point_format_vertex(vtx, pt, w->g->height) != NULL)
        end = append(append(append(end, " ("), vtx), ")");
    return end;
}

/* "B at ce (C5)" into buf (room for 24 bytes; without printf, as
 * consecutive moves are common in some collections). */
static const char *describe(char *buf, const walk *w, sgf_color color,
                            sgf_point pt, bool pass)
{
    char *end = append(buf, color == SGF_BLACK ? "B" : "W");
    if (pass || pt.x >= SGF_MAX_SIZE) {
        append(end, pass ? " pass" : " (unreadable point)");
        return buf;
    }
    put_point(append(end, " at "), w, pt);
    return buf;
}

static sgf_diag move_proto(const walk *w, sgf_diag_code code,
                           const sgf_prop *p, unsigned number,
                           sgf_color color, sgf_point pt, bool pass)
{
    sgf_diag d;
    memset(&d, 0, sizeof d);
    d.code = code;
    d.game = (int32_t)w->g->index;
    d.pos.offset = p->offset;
    d.move_number = number;
    d.color = color;
    d.pass = pass;
    d.has_point = !pass;
    d.point = pt;
    return d;
}

#define MOVE_DIAG(w, d, ...) \
    ((w)->o->quiet ? 0 \
     : sgf__diag_emit((w)->c, &(d), sgf__game_ff4((w)->g), true, \
                      __VA_ARGS__) != NULL ? 0 : SGF_ENOMEM)

/* The number of the move after which the position the move just played
 * made first occurred on the path (0: before the first move), with the
 * same player to move, or either (positional superko). The history counts
 * the moves it recorded: all but those off the board, which are skipped
 * but numbered. */
static unsigned repeated_after(const walk *w, const walk_state *st,
                               bool either)
{
    uint32_t k;
    if (!sgf__history_first_moves(w->hist, either, &k))
        return 0;
    const uint32_t *off = (const uint32_t *)(void *)w->r->offboard.ptr;
    for (uint32_t i = 0; i < st->offboard && off[i] <= k; i++)
        k++;
    return k;
}

/* "the whole-board position after move 12" or "... before move 1". */
static char *repeated_text(char *buf, unsigned after)
{
    char *end = append(buf, after == 0 ? "the whole-board position before "
                                         "move 1"
                                       : "the whole-board position after "
                                         "move ");
    if (after != 0)
        append_uint(end, after);
    return buf;
}

static int report_verdict(walk *w, const walk_state *st, const sgf_prop *p,
                          unsigned number, sgf_color color, sgf_point pt,
                          sgf_move_result *res)
{
    static const struct { sgf_diag_code code; const char *why; } v[] = {
        [SGF_VERDICT_OCCUPIED] = { SGF_D_ILLEGAL_OCCUPIED,
                                   "the point is occupied" },
        [SGF_VERDICT_KO] = { SGF_D_ILLEGAL_KO,
                             "immediate ko recapture" },
        [SGF_VERDICT_SUICIDE] = { SGF_D_ILLEGAL_SUICIDE,
                                  "suicide" },
    };                                /* superko: below */
    char what[40], earlier[64];
    if (res->verdict == SGF_VERDICT_LEGAL && !res->repetition)
        return 0;                     /* the common case: nothing to say */
    describe(what, w, color, pt, false);
    if (res->verdict == SGF_VERDICT_SUPERKO || res->repetition) {
        w->m.repeats_move = repeated_after(w, st, w->rules->ko
                                                  == SGF_KO_POSITIONAL
                                                  && !res->repetition);
        repeated_text(earlier, w->m.repeats_move);
    }
    if (res->verdict == SGF_VERDICT_SUPERKO) {
        sgf_diag d = move_proto(w, SGF_D_ILLEGAL_SUPERKO, p, number, color,
                                pt, false);
        w->r->illegal++;
        return MOVE_DIAG(w, d, "illegal move %u: %s: recreates %s (%s "
                         "superko, %s rules)", number, what, earlier,
                         w->rules->ko == SGF_KO_POSITIONAL ? "positional"
                                                           : "situational",
                         w->r->rules.name);
    }
    if (res->verdict != SGF_VERDICT_LEGAL
        && res->verdict != SGF_VERDICT_OFF_BOARD) {
        sgf_diag d = move_proto(w, v[res->verdict].code, p, number, color,
                                pt, false);
        w->r->illegal++;
        return MOVE_DIAG(w, d, "illegal move %u: %s: %s (%s rules)",
                         number, what, v[res->verdict].why,
                         w->r->rules.name);
    }
    if (res->repetition) {
        sgf_diag d = move_proto(w, SGF_D_REPETITION, p, number, color, pt,
                                false);
        return MOVE_DIAG(w, d, "move %u: %s repeats %s (triple ko or the "
                         "like: under %s rules the game may be void)",
                         number, what, earlier, w->r->rules.name);
    }
    return 0;
}

/* --- setup --------------------------------------------------------------- */

/* A point of AB, AW or AE (value k of p) that already has the colour
 * set: told to the repair's hook, else a diagnostic (none in a quiet
 * run). 0, SGF_ENOMEM or the hook's code. (Points the same step changed
 * before, an overlap the checks report, are not counted.) */
static int setup_no_effect(walk *w, const sgf_prop *p, uint32_t k,
                           sgf_color color)
{
    static const char *const what[] = { "empty", "a black stone",
                                        "a white stone" };
    sgf_str v = p->values[k].text;
    if (w->r->no_effect != NULL)
        return w->r->no_effect(w->r->no_effect_ctx, &p->values[k]);
    if (w->o->quiet)
        return 0;                /* a quiet run only reads the collection */
    return sgf__diag_add(w->c, (int)w->g->index, SGF_D_SETUP_NO_EFFECT,
                         sgf__game_ff4(w->g), p->values[k].offset,
                         "%s[%.2s]: the point already is %s (no effect)",
                         p->ident, v.ptr, what[color == SGF_BLACK ? 1
                                              : color == SGF_WHITE ? 2
                                              : 0]) ? 0 : SGF_ENOMEM;
}

/* The points of p's values, set to color in the open setup step. */
static int setup_points(walk *w, const sgf_prop *p, sgf_color color)
{
    for (uint32_t k = 0; k < p->nvalues; k++) {
        sgf_point ul, lr;
        sgf_str v = p->values[k].text;
        if (v.len == 2) {                /* the common form: one point */
            unsigned x = sgf__coord_lower(v.ptr[0]);
            unsigned y = sgf__coord_lower(v.ptr[1]);
            if (x < w->xmax && y < w->ymax) {
                sgf__cell at = (sgf__cell)(w->row[y] + x);
                if (w->board->color[at] == (uint8_t)color
                    && w->board->mark[at] != w->board->setup_gen) {
                    int e = setup_no_effect(w, p, k, color);
                    if (e != 0)
                        return e;
                }
                int rc = sgf__board_setup_add(w->board, w->row[y] + x,
                                              (uint8_t)color);
                if (rc != 0)
                    return rc;
                continue;
            }
        }
        if (sgf_value_rect(v, &ul, &lr) != 0)
            continue;                    /* reported by the checks */
        for (int y = ul.y; y <= lr.y; y++)
            for (int x = ul.x; x <= lr.x; x++) {
                sgf_point pt = { (uint8_t)x, (uint8_t)y };
                if (!sgf__contains(w->board, pt))
                    continue;
                int rc = sgf__board_setup_add(w->board,
                                              sgf__idx(w->board, pt),
                                              (uint8_t)color);
                if (rc != 0)
                    return rc;
            }
    }
    return 0;
}

/* After a setup step of node n: a chain it left without liberties (SGF
 * allows the position, which adds stones without captures, but no play
 * reaches it in Go, and no engine takes it) is said at the node's first
 * setup property, with the first such chain and how many, when their
 * number is not the one the last setup left (a problem's later setup
 * nodes keep its position). The whole
 * board is looked at (its chains' heads keep their count of stone and
 * empty-neighbour pairs, 0 for none): at most 52x52 cells per setup
 * node. 0 or SGF_ENOMEM. */
static int setup_liberties(walk *w, const sgf_node *n)
{
    const sgf_board *b = w->board;
    const sgf_prop *at = NULL;
    int none = 0;
    sgf_point first = { 0, 0 };
    if (w->o->quiet)
        return 0;
    for (int y = 0; y < b->height; y++)
        for (int x = 0; x < b->width; x++) {
            sgf__cell c = (sgf__cell)(w->row[y] + x);
            if ((b->color[c] == SGF_BLACK || b->color[c] == SGF_WHITE)
                && b->head[c] == c && b->chain[c].plibs == 0
                && none++ == 0)
                first = (sgf_point){ (uint8_t)x, (uint8_t)y };
        }
    if (none == w->no_liberty)
        return 0;               /* said at the setup that made them */
    w->no_liberty = none;
    if (none == 0)
        return 0;
    for (const sgf_prop *p = n->props; p != NULL && at == NULL; p = p->next)
        if (p->id == SGF_PROP_AB || p->id == SGF_PROP_AW
            || p->id == SGF_PROP_AE)
            at = p;
    char where[16];
    put_point(where, w, first);         /* ends with its NUL */
    return sgf__diag_add(w->c, (int)w->g->index, SGF_D_SETUP_NO_LIBERTY,
                         true, at != NULL ? at->offset : n->offset,
                         "the setup leaves %d chain%s without liberties, "
                         "the first at %s (a position no play reaches)",
                         none, none == 1 ? "" : "s", where)
           ? 0 : SGF_ENOMEM;
}

/* AB, AW and AE of n as one setup step, in file order (where they
 * overlap, an FF[4] error the checks report, the later one wins, as the
 * checks' message says; points that keep their colour cost nothing),
 * then PL. Returns 0 or ENOMEM; *pl set when the node has a readable
 * PL. */
static int apply_setup(walk *w, walk_state *st, const sgf_node *n,
                       bool *pl)
{
    bool changed = false;
    sgf_color to_move = sgf_history_to_move(w->r->hist), c;
    *pl = false;
    int rc = sgf_board_setup_begin(w->board);
    if (rc != 0)
        return rc;
    for (const sgf_prop *p = n->props; p != NULL && rc == 0; p = p->next) {
        switch (p->id) {
        case SGF_PROP_AB: rc = setup_points(w, p, SGF_BLACK); break;
        case SGF_PROP_AW: rc = setup_points(w, p, SGF_WHITE); break;
        case SGF_PROP_AE: rc = setup_points(w, p, SGF_EMPTY); break;
        case SGF_PROP_PL:
            if (sgf_value_color(p->values[0].text, &c) != 0)
                continue;
            to_move = c;
            *pl = true;
            break;
        default:
            continue;
        }
        changed = true;
    }
    sgf_board_setup_end(w->board);
    if (rc != 0 || !changed)
        return rc;
    if ((rc = setup_liberties(w, n)) != 0)
        return rc;
    st->guessed = !*pl;
    if (!*pl && w->handicap && n->parent == NULL)
        to_move = SGF_WHITE;            /* after handicap stones */
    return sgf_board_record_position(w->r->board, w->r->hist, to_move);
}

/* The first move after a setup without PL[] is by the other colour than
 * the one the setup's position was recorded with (White's first move
 * after handicap stones, say): that position occurred with this colour
 * to play, which situational superko compares. It is recorded again so
 * (the record is the last undo step: nothing came between). */
static int retake_turn(walk *w, sgf_color color)
{
    if (sgf_board_undo(w->board, w->hist) != 0)
        return 0;
    return sgf_board_record_position(w->board, w->hist, color);
}

/* --- moves --------------------------------------------------------------- */

static bool blank(sgf_str v)
{
    for (size_t i = 0; i < v.len; i++)
        if (v.ptr[i] != ' ' && v.ptr[i] != '\t' && v.ptr[i] != '\n'
            && v.ptr[i] != '\r')
            return false;
    return true;
}

/* Warnings about the order of play (before the move is executed); only
 * called when one may apply. */
static int order_checks(walk *w, walk_state *st, const sgf_prop *p,
                        sgf_color color, sgf_point pt, bool pass, bool pl)
{
    char what[40];
    unsigned number = st->move_number;
    sgf_color named = st->pl_against;
    /* against PL[]: the one fault said once, not again as two moves in
     * a row or as Black's move after handicap stones */
    bool twice = st->last_color == color && !pl && named == SGF_EMPTY;
    bool after_end = st->ended && !st->end_reported;
    bool turn = number == 1 && w->handicap && color == SGF_BLACK
                && named == SGF_EMPTY;
    st->watch = false;            /* turn and end: said once */
    st->pl_against = SGF_EMPTY;
    if (!twice && !after_end && !turn && named == SGF_EMPTY)
        return 0;
    describe(what, w, color, pt, pass);
    if (named != SGF_EMPTY) {
        sgf_diag d = move_proto(w, SGF_D_MOVE_AGAINST_PL, p, number, color,
                                pt, pass);
        if (MOVE_DIAG(w, d, "move %u: %s, but the PL[%s] before it says "
                      "%s is to play", number, what,
                      named == SGF_BLACK ? "B" : "W",
                      named == SGF_BLACK ? "Black" : "White") != 0)
            return SGF_ENOMEM;
    }
    if (twice) {
        /* "move %u: two successive moves by %s (%s)", put together here:
         * some collections have one per move, and printf's parsing of
         * the format is most of such a diagnostic's cost */
        char msg[96];
        char *end = append(append_uint(append(msg, "move "), number),
                           ": two successive moves by ");
        append(append(append(append(end, color_name(color)), " ("), what),
               ")");
        sgf_diag d = move_proto(w, SGF_D_CONSECUTIVE_MOVES, p, number,
                                color, pt, pass);
        if (MOVE_DIAG(w, d, "%s", msg) != 0)
            return SGF_ENOMEM;
    }
    if (after_end) {
        st->end_reported = true;
        sgf_diag d = move_proto(w, SGF_D_MOVE_AFTER_END, p, number, color,
                                pt, pass);
        if (MOVE_DIAG(w, d, "move %u: %s after the passes that ended the "
                      "game", number, what) != 0)
            return SGF_ENOMEM;
    }
    if (turn) {
        sgf_diag d = move_proto(w, SGF_D_HANDICAP_TURN, p, number, color,
                                pt, pass);
        if (MOVE_DIAG(w, d, "move 1: Black moves first after %d handicap "
                      "stones%s (White should)", w->handicap,
                      pl ? ", as PL[B] says" : "") != 0)
            return SGF_ENOMEM;
    }
    return 0;
}

/* What a move's value says. */
enum { MOVE_ON, MOVE_PASS, MOVE_OFF };

/* move_point for the forms other than two lower-case letters on the
 * board: a pass as [] or blanks or [tt], upper case, off the board,
 * unreadable (the point (SGF_MAX_SIZE, SGF_MAX_SIZE)); the checks
 * report the faults. */
static int move_point_other(const walk *w, sgf_str v, sgf_point *pt)
{
    bool pass = false;
    if (blank(v))
        return MOVE_PASS;
    if (sgf_value_move(v, w->g->width, w->g->height, pt, &pass) != 0) {
        pt->x = pt->y = SGF_MAX_SIZE;
        return MOVE_OFF;
    }
    if (pass)
        return MOVE_PASS;
    return sgf__contains(w->r->board, *pt) ? MOVE_ON : MOVE_OFF;
}

/* The point of a move's value (left alone for a pass) and whether it
 * is on the board, a pass or neither. The common form, two lower-case
 * letters naming a point of the board, is read here. */
static inline int move_point(const walk *w, sgf_str v, sgf_point *pt)
{
    if (v.len == 2) {
        unsigned x = sgf__coord_lower(v.ptr[0]);
        unsigned y = sgf__coord_lower(v.ptr[1]);
        if (x < w->xmax && y < w->ymax) {
            pt->x = (uint8_t)x;
            pt->y = (uint8_t)y;
            return MOVE_ON;
        }
    }
    return move_point_other(w, v, pt);
}

/* A pass: counted, and the game may end with it. */
static int play_pass(walk *w, walk_state *st, sgf_color color)
{
    int rc = sgf_board_pass(w->r->board, w->r->hist, color);
    if (rc == 0 && sgf_history_game_over(w->r->hist, &w->r->rules)) {
        st->ended = true;
        st->watch = !st->end_reported;
    }
    return rc;
}

/* A move off the board: skipped, but numbered (repeated_after). 0 or
 * SGF_ENOMEM. */
static int note_offboard(sgf_replay *r, walk_state *st, unsigned number)
{
    uint32_t v = number;
    r->offboard.len = st->offboard * sizeof v;   /* the path's only */
    if (sgf__buf_add(&r->offboard, &v, sizeof v) != 0)
        return SGF_ENOMEM;
    st->offboard++;
    return 0;
}

/* Besides 0 and the (negative) errors, the walk's functions return
 * this: stop the walk here (after move stop_after, or as on_move
 * asked), and sgf_replay_run returns 0. */
enum { WALK_STOP = 1 };

/* Runs for every B and W of every record, its point read (kind
 * MOVE_*): the common case (a legal move in turn) takes no call but the
 * board's and on_move. The move goes to w->m, for on_move and for
 * sgf_replay_last_move. p is the move's property, NULL for the node's
 * first (read only for a diagnostic). Returns 0, WALK_STOP or an
 * error. */
static SGF__HOT int play_one(walk *w, walk_state *st, const sgf_node *n,
                             const sgf_prop *p, sgf_color color, int kind,
                             sgf_point pt, bool pl, bool ko_marked)
{
    sgf_replay_move *m = &w->m;
    sgf_move_result *res = &m->result;
    int rc = 0;
    if (st->move_number >= w->stop_at)
        return WALK_STOP;             /* -m 0: before the first move */
    unsigned number = ++st->move_number;
    bool pass = kind == MOVE_PASS;
    if (st->guessed) {
        st->guessed = false;
        if (color != sgf_history_to_move(w->hist)
            && (rc = retake_turn(w, color)) != 0)
            return rc;
    }
    if ((st->last_color == color || st->watch)
        && (rc = order_checks(w, st, p != NULL ? p : n->props, color, pt,
                              pass, pl)) != 0)
        return rc;
    st->last_color = color;
    if (kind == MOVE_ON) {
        if (w->hist == NULL)
            __builtin_unreachable();  /* sgf_replay_new made one */
        /* four copies of the board's inline move, each with the colour
         * and keep constant: fewer instructions per move */
        sgf__cell at = (sgf__cell)(w->row[pt.y] + pt.x);
        if (color == SGF_BLACK)
            rc = w->keep ? sgf__board_play_mode(res, w->board, w->hist,
                                                w->rules, at, SGF_BLACK,
                                                true)
                         : sgf__board_play_mode(res, w->board, w->hist,
                                                w->rules, at, SGF_BLACK,
                                                false);
        else
            rc = w->keep ? sgf__board_play_mode(res, w->board, w->hist,
                                                w->rules, at, SGF_WHITE,
                                                true)
                         : sgf__board_play_mode(res, w->board, w->hist,
                                                w->rules, at, SGF_WHITE,
                                                false);
        if (rc > 0) {                 /* a capture, or more */
            rc = 0;
            if (!ko_marked
                && (res->verdict != SGF_VERDICT_LEGAL || res->repetition))
                rc = report_verdict(w, st, p != NULL ? p : n->props, number,
                                    color, pt, res);
        }
    } else if (pass) {
        *res = (sgf_move_result){ SGF_VERDICT_LEGAL, false, 0, 0 };
        ko_marked = false;            /* KO[] is about a stone */
        rc = play_pass(w, st, color);
    } else {
        return note_offboard(w->r, st, number);   /* reported by checks */
    }
    if (rc != 0)
        return rc;
    m->node = n;
    m->move_number = number;
    m->color = color;
    m->pass = pass;
    m->point = pt;
    m->ko_marked = ko_marked;
    if (w->on_move != NULL && w->on_move(w->payload, m) != 0)
        return WALK_STOP;
    return number >= w->stop_at ? WALK_STOP : 0;
}

/* The move after a PL[] (st->pl_next) is by the other colour: said by
 * order_checks. The position the setup recorded with PL's colour to
 * play occurred with the mover's (situational superko compares it):
 * recorded again so, as after a setup without PL (retake_turn). */
static void pl_against(walk_state *st)
{
    st->pl_against = st->pl_next;
    st->watch = true;
    st->guessed = true;
}

/* play_one for the move in property p, not inline. */
static int play_prop(walk *w, walk_state *st, const sgf_node *n,
                     const sgf_prop *p, sgf_color color, bool pl,
                     bool ko_marked)
{
    sgf_point pt = { 0, 0 };
    int kind = move_point(w, p->values[0].text, &pt);
    return play_one(w, st, n, p, color, kind, pt, pl, ko_marked);
}

/* Setup, then B, then W (both in one node is an error the checks report;
 * nothing is lost by playing both). One walk over the node's properties
 * finds what the replay needs. */
static int process_node_props(walk *w, walk_state *st, const sgf_node *n)
{
    const sgf_prop *black = NULL, *white = NULL;
    bool setup = false, pl = false, ko_marked = false;
    sgf_color named = SGF_EMPTY;
    for (const sgf_prop *p = n->props; p != NULL; p = p->next) {
        switch (p->id) {
        case SGF_PROP_B: black = p; break;
        case SGF_PROP_W: white = p; break;
        case SGF_PROP_KO: ko_marked = true; break;
        case SGF_PROP_PL:
            if (sgf_value_color(p->values[0].text, &named) != 0)
                named = SGF_EMPTY;
            setup = true;
            break;
        case SGF_PROP_AB: case SGF_PROP_AW: case SGF_PROP_AE:
            setup = true;
            break;
        default: break;
        }
    }
    int rc = setup ? apply_setup(w, st, n, &pl) : 0;
    if (black == NULL && white == NULL) {
        if (setup)                  /* a later setup says it anew */
            st->pl_next = named;
        return rc;
    }
    if (st->pl_next != SGF_EMPTY) {
        sgf_color first = black != NULL ? SGF_BLACK : SGF_WHITE;
        if (st->pl_next == first)
            pl = true;
        else
            pl_against(st);
    }
    st->pl_next = SGF_EMPTY;
    if (black != NULL && rc == 0)
        rc = play_prop(w, st, n, black, SGF_BLACK,
                       pl && named != SGF_WHITE, ko_marked);
    if (white != NULL && rc == 0)
        rc = play_prop(w, st, n, white, SGF_WHITE,
                       pl && named != SGF_BLACK, ko_marked);
    return rc;
}

/* This runs for every node of every record: a node the parser read as
 * one move on the board (";B[pd]", with nothing beside it that the replay
 * acts on: tree_int.h) is played without a walk over its properties; any
 * other goes to process_node_props. */
static SGF__HOT int process_node(walk *w, walk_state *st,
                                 const sgf_node *n)
{
    sgf_point pt = n->move_point;
    if (n->move_color != SGF_EMPTY && pt.x < w->xlim[pt.y]) {
        bool pl = false;
        if (st->pl_next != SGF_EMPTY) {
            pl = st->pl_next == (sgf_color)n->move_color;
            if (!pl)
                pl_against(st);
            st->pl_next = SGF_EMPTY;
        }
        return play_one(w, st, n, NULL, (sgf_color)n->move_color,
                        MOVE_ON, pt, pl, false);
    }
    return process_node_props(w, st, n);
}

/* --- handicap ------------------------------------------------------------ */

/* Whether the stones match a fixed placement in any of the board's eight
 * symmetries: the tables name points from Black's side, but a record may
 * hold the same shape turned or mirrored (KGS puts the third stone at Q4
 * where GTP puts it at D16, the Russian order starts on the other
 * diagonal). */
static bool fixed_any_symmetry(const sgf_point *pts, size_t k, int w, int h)
{
    sgf_point t[SGF_MAX_SIZE * 2];
    for (int sym = 0; sym < (w == h ? 8 : 1); sym++) {
        for (size_t i = 0; i < k; i++) {
            int x = pts[i].x, y = pts[i].y;
            if (sym & 1)
                x = w - 1 - x;
            if (sym & 2)
                y = h - 1 - y;
            if (sym & 4) {
                int tmp = x;
                x = y;
                y = tmp;
            }
            t[i] = (sgf_point){ (uint8_t)x, (uint8_t)y };
        }
        if (sgf_handicap_is_fixed(t, k, w, h, NULL))
            return true;
    }
    return false;
}

/* HA[] in the root with its AB stones: remember the count (for the first
 * move's colour) and, under rules with fixed placement, check it. */
static int check_handicap(walk *w)
{
    const sgf_prop *ha = w->root.ha, *ab = w->root.ab;
    long n;
    if (ha == NULL || ab == NULL
        || sgf__loose_number(ha->values[0].text, &n) < 0
        || sgf__handicap_stones(n, (long)w->g->width * w->g->height) == 0)
        return 0;
    w->handicap = (int)n;
    sgf_point pts[SGF_MAX_SIZE * 2];
    size_t k = 0;
    for (uint32_t i = 0; i < ab->nvalues; i++) {
        sgf_point ul, lr;
        if (sgf_value_rect(ab->values[i].text, &ul, &lr) != 0)
            continue;
        for (int y = ul.y; y <= lr.y; y++)
            for (int x = ul.x; x <= lr.x; x++)
                if (k < sizeof pts / sizeof pts[0])
                    pts[k++] = (sgf_point){ (uint8_t)x, (uint8_t)y };
    }
    if (w->o->quiet || !w->r->rules.fixed_handicap || (long)k != n
        || fixed_any_symmetry(pts, k, w->g->width, w->g->height))
        return 0;
    sgf_point fixed[9];
    int nfixed = 0;
    if (sgf_handicap_fixed_points(fixed, &nfixed, (int)k, w->g->width,
                                  w->g->height, SGF_HANDICAP_USUAL) != 0
        || nfixed == 0)
        return 0;                      /* no fixed table for this board */
    return sgf__diag_add(w->c, (int)w->g->index, SGF_D_HANDICAP_PLACEMENT,
                         sgf__game_ff4(w->g), ab->offset,
                         "%ld handicap stones on neither fixed placement, "
                         "which %s rules require", n, w->r->rules.name)
        ? 0 : SGF_ENOMEM;
}

/* --- walks --------------------------------------------------------------- */

static inline int push_frame(sgf_replay *r, const sgf_node *next,
                             size_t undo_depth, const walk_state *st)
{
    frame f = { next, undo_depth, *st };
    if (r->frames.cap - r->frames.len <= sizeof f
        && sgf__buf_grow(&r->frames, sizeof f) != 0)
        return SGF_ENOMEM;
    memcpy(r->frames.ptr + r->frames.len, &f, sizeof f);
    r->frames.len += sizeof f;
    return 0;
}

/* Every variation, depth first, main line first. */
static int walk_all(walk *w, const sgf_node *n)
{
    sgf_replay *r = w->r;
    walk_state st = { 0, SGF_EMPTY, false, false, w->handicap != 0,
                      false, 0, SGF_EMPTY, SGF_EMPTY };
    r->frames.len = 0;
    for (;;) {
        int rc = process_node(w, &st, n);
        if (rc != 0) {
            if (r->line_end == NULL)
                r->line_end = n;      /* stopped on the first line */
            return rc < 0 ? rc : 0;   /* an error, or WALK_STOP */
        }
        const sgf_node *child = n->child;
        if (child != NULL) {
            if (child->sibling != NULL) {
                if (push_frame(r, child->sibling, r->board->undo_len, &st)
                    != 0)
                    return SGF_ENOMEM;
                w->keep = true;
            }
            n = child;
            continue;
        }
        if (r->line_end == NULL)
            r->line_end = n;          /* the first leaf: the main line's */
        if (r->frames.len == 0)
            return 0;
        r->frames.len -= sizeof(frame);
        frame f;
        memcpy(&f, r->frames.ptr + r->frames.len, sizeof f);
        sgf_board_undo_to(r->board, r->hist, f.undo_depth);
        st = f.st;
        n = f.next;
        if (n->sibling != NULL
            && push_frame(r, n->sibling, f.undo_depth, &f.st) != 0)
            return SGF_ENOMEM;
        /* with no branching point left, nothing will be undone */
        w->keep = r->frames.len != 0;
    }
}

/* The line chosen by the path (first children after it). */
static const sgf_node *next_on_path(const sgf_node *n,
                                    const sgf_replay_options *o,
                                    size_t *used, bool *bad)
{
    if (n->child == NULL || n->child->sibling == NULL)
        return n->child;
    unsigned want = *used < o->path_len ? o->path[(*used)++] : 0;
    const sgf_node *c = n->child;
    for (unsigned i = 0; i < want && c != NULL; i++)
        c = c->sibling;
    *bad = c == NULL;
    return c;
}

/* The path must name existing children; entries past the last
 * branching point are accepted when they are 0 (the main line), so that
 * "--path=0" works on a record without variations. */
static bool path_fits(const sgf_node *n, const sgf_replay_options *o)
{
    size_t used = 0;
    bool bad = o->path == NULL && o->path_len > 0;
    while (n != NULL && !bad && used < o->path_len)
        n = next_on_path(n, o, &used, &bad);
    while (!bad && used < o->path_len)
        bad = o->path[used++] != 0;
    return !bad;
}

static int walk_line(walk *w, const sgf_node *n)
{
    walk_state st = { 0, SGF_EMPTY, false, false, w->handicap != 0,
                      false, 0, SGF_EMPTY, SGF_EMPTY };
    size_t used = 0;
    bool bad = false;
    while (n != NULL) {
        w->r->line_end = n;
        int rc = process_node(w, &st, n);
        if (rc != 0)
            return rc < 0 ? rc : 0;   /* an error, or WALK_STOP */
        n = next_on_path(n, w->o, &used, &bad);
    }
    return 0;
}

/* --- entry --------------------------------------------------------------- */

/* The game-info node of the line the run follows (o's path, else the
 * main line): the first node on it that holds a game-info property,
 * else the root. Merged games keep each game's in the node where its
 * line leaves the others, so a path may lead to another one than the
 * main line's. */
static const sgf_node *line_info_node(const sgf_game *g,
                                      const sgf_replay_options *o)
{
    size_t used = 0;
    bool bad = false;
    for (const sgf_node *n = g->root; n != NULL && !bad;
         n = next_on_path(n, o, &used, &bad))
        if (sgf__holds_game_info(n))
            return n;
    return g->root;
}

/* One walk over the root's properties (and the game-info node's, when
 * it is another node). */
static root_props find_root_props(const sgf_game *g, const sgf_node *info)
{
    root_props rp = { NULL, NULL, NULL };
    for (const sgf_prop *p = g->root->props; p != NULL; p = p->next) {
        const sgf_prop **slot = p->id == SGF_PROP_AB ? &rp.ab
                                : info != g->root ? NULL
                                : p->id == SGF_PROP_RU ? &rp.ru
                                : p->id == SGF_PROP_HA ? &rp.ha : NULL;
        if (slot != NULL && *slot == NULL)
            *slot = p;
    }
    if (info != g->root) {
        rp.ru = sgf_node_find_prop(info, SGF_PROP_RU);
        rp.ha = sgf_node_find_prop(info, SGF_PROP_HA);
    }
    return rp;
}

/* sgf_rules_from_ru into r->rules, remembering the last answer: whether
 * the value named a rule set. */
static bool rules_of_ru(sgf_replay *r, sgf_str v)
{
    if (r->ru_known && v.len == r->ru_len
        && (v.len == 0 || memcmp(v.ptr, r->ru_text, v.len) == 0)) {
        r->rules = r->ru_rules;
        return r->ru_status;
    }
    bool status = false;
    (void)sgf_rules_from_ru(&r->rules, v.ptr, v.len, &status);
    r->ru_known = v.len <= sizeof r->ru_text;
    if (r->ru_known) {
        if (v.len > 0)
            memcpy(r->ru_text, v.ptr, v.len);
        r->ru_len = v.len;
        r->ru_rules = r->rules;
        r->ru_status = status;
    }
    return status;
}

static int pick_rules(walk *w, const sgf_node *root)
{
    sgf_replay *r = w->r;
    r->defaulted = false;
    if (w->o->rules != NULL) {
        r->rules = *w->o->rules;
        return 0;
    }
    const sgf_prop *ru = w->root.ru;
    sgf_str v = ru ? ru->values[0].text : (sgf_str){ NULL, 0 };
    if (rules_of_ru(r, v))
        return 0;
    r->defaulted = true;
    if (w->o->quiet)
        return 0;
    sgf_diag *d = ru == NULL
        ? sgf__diag_add(w->c, (int)w->g->index, SGF_D_RULES_DEFAULTED, true,
                        root->offset, "no RU[]: Japanese rules assumed")
        : sgf__diag_add(w->c, (int)w->g->index, SGF_D_RULES_DEFAULTED, true,
                        ru->offset, "unknown rules RU[%.*s%s]: Japanese "
                        "rules assumed", SGF__QVN(v, 60));
    return d != NULL ? 0 : SGF_ENOMEM;
}

/* The last move played (m->node not NULL), for sgf_replay_last_move. */
static void remember_last_move(sgf_replay *r, const sgf_replay_move *m)
{
    r->has_last = m->node != NULL;
    if (!r->has_last)
        return;
    r->last_color = m->color;
    r->last_pt = m->point;
    r->last_pass = m->pass;
    r->last_number = m->move_number;
}

int sgf_replay_run(sgf_replay *r, sgf_collection *c, const sgf_game *g,
                   const sgf_replay_options *opts)
{
    sgf_replay_options defaults = SGF_REPLAY_OPTIONS_INIT;
    const sgf_replay_options *o = opts ? opts : &defaults;
    if (r != NULL)
        r->line_end = r->info = NULL;
    if (r == NULL || c == NULL || g == NULL
        || o->version != SGF_REPLAY_OPTIONS_VERSION
        || sgf__rules_unknown(o->rules)
        || (!o->all_variations && !path_fits(g->root, o)))
        return SGF_EINVAL;
    r->has_last = false;
    r->last_number = 0;
    r->illegal = 0;
    if (sgf_board_reset(r->board, g->width, g->height) != 0)
        return SGF_EINVAL;
    sgf_history_clear(r->hist);
    sgf__history_bound(r->hist, (unsigned)(g->width * g->height));
    r->info = o->all_variations ? sgf_game_info_node(g)
                                : line_info_node(g, o);
    if (g->gm != 1) {                /* nothing of the last game stays */
        static const sgf_rules init = SGF_RULES_INIT;
        r->rules = o->rules != NULL ? *o->rules : init;
        r->defaulted = false;
        return 0;
    }
    walk w = { r, r->board, r->hist, &r->rules, o->on_move, o->payload, c,
               g, o, 0,
               false,
               o->stop ? o->stop_after : UINT_MAX,
               (unsigned)(g->width < 26 ? g->width : 26),
               (unsigned)(g->height < 26 ? g->height : 26), { 0 },
               find_root_props(g, r->info), { 0 }, { 0 }, 0 };
    w.m.board = r->board;
    w.m.history = r->hist;
    for (int y = 0; y < g->height; y++)
        w.row[y] = sgf__idx(r->board, (sgf_point){ 0, (uint8_t)y });
    memset(w.xlim, (int)w.xmax, w.ymax);
    int rc = pick_rules(&w, g->root);
    if (rc == 0)
        rc = check_handicap(&w);
    if (rc == 0)
        rc = o->all_variations ? walk_all(&w, g->root)
                               : walk_line(&w, g->root);
    remember_last_move(r, &w.m);
    return rc;
}

static void free_cached(void *r)
{
    sgf_replay_free(r);
}

int sgf__replay_no_effect(sgf_collection *c, const sgf_game *g,
                          int (*fn)(void *ctx, const sgf__value *v),
                          void *ctx)
{
    if (c == NULL || g == NULL || fn == NULL)
        return SGF_EINVAL;
    sgf_replay *r = c->cached_replay;   /* one for the collection */
    int rc = 0;
    if (r == NULL) {
        if ((rc = sgf_replay_new(&r)) != 0)
            return rc;
        c->cached_replay = r;
        c->cached_free = free_cached;
    }
    sgf_replay_options o;
    (void)sgf_replay_options_init(&o, SGF_REPLAY_OPTIONS_VERSION);
    o.quiet = true;
    o.all_variations = true;
    r->no_effect = fn;
    r->no_effect_ctx = ctx;
    rc = sgf_replay_run(r, c, g, &o);
    r->no_effect = NULL;
    r->no_effect_ctx = NULL;
    return rc;
}
