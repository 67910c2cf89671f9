/*
 * tools/convert-table.c - sgf-convert --to=tsv and --to=json: one row
 * (one JSON object per line) per game: the game information, the result
 * parsed, the number of moves of the main line and the game signature
 * (the points of moves 20, 40, 60 and 31, 51, 71 of the main line,
 * "aabbcc-ddeeff", "--" for a move that does not exist, "tt" for a
 * pass).
 */
#include "convert-out.h"
#include "json.h"

#include <string.h>
#include <sgf/score.h>
#include <sgf/types.h>

static const char *const info_ids[] = {
    "PB", "PW", "BR", "WR", "DT", "EV", "RO", "PC", "RE", "KM", "HA",
    "RU", "SZ"
};
#define NINFO (sizeof info_ids / sizeof *info_ids)

typedef struct row {
    sgf_str info[NINFO];
    bool has[NINFO];
    unsigned long moves;
    char signature[14];
    const char *winner;      /* B W draw void unknown, or "" */
    const char *reason;      /* resign time forfeit, or "" */
    bool has_margin;
    double margin;
} row;

/* The SGF point of a move for the signature. */
static void sig_point(char out[2], const sgf_game *g, const sgf_prop *mv)
{
    int w, h;
    sgf_point pt;
    bool pass;
    sgf_game_board_size(g, &w, &h);
    if (sgf_value_move(sgf_prop_text(mv, 0), w, h, &pt, &pass) != 0)
        memcpy(out, "--", 2);
    else if (pass)              /* tt, as other tools write it, where */
        memcpy(out, w <= 19 && h <= 19 ? "tt" : "..", 2);  /* it is no */
                                                            /* point */
    else {
        char buf[3];
        memcpy(out, sgf_point_format_sgf(buf, pt), 2);
    }
}

static void sig_move(row *r, const sgf_game *g, const sgf_prop *mv)
{
    static const unsigned long at[6] = { 20, 40, 60, 31, 51, 71 };
    for (int i = 0; i < 6; i++)
        if (r->moves == at[i])
            sig_point(r->signature + 2 * i + (i >= 3), g, mv);
}

static void main_line(row *r, const sgf_game *g)
{
    memcpy(r->signature, "-------------", 14);   /* 6 + '-' + 6 */
    for (const sgf_node *n = sgf_game_root(g); n;
         n = sgf_node_first_child(n)) {
        const sgf_prop *mv = sgf_node_find_prop(n, SGF_PROP_B);
        if (mv == NULL)
            mv = sgf_node_find_prop(n, SGF_PROP_W);
        if (mv != NULL) {
            r->moves++;
            sig_move(r, g, mv);
        }
        for (size_t i = 0; i < NINFO; i++) {
            const sgf_prop *p = r->has[i] ? NULL
                              : sgf_node_find_prop_ident(n, info_ids[i]);
            if (p != NULL) {
                r->has[i] = true;
                r->info[i] = sgf_prop_text(p, 0);
            }
        }
    }
}

static void result(row *r)
{
    static const char *const winner[] = {
        [SGF_RE_DRAW] = "draw", [SGF_RE_VOID] = "void",
        [SGF_RE_UNKNOWN] = "unknown"
    };
    static const char *const reason[] = {
        [SGF_RE_RESIGN] = "resign", [SGF_RE_TIME] = "time",
        [SGF_RE_FORFEIT] = "forfeit"
    };
    sgf_score_re re;
    r->winner = r->reason = "";
    if (!r->has[8] || sgf_score_re_parse(&re, r->info[8]) < 0
        || re.kind == SGF_RE_NONE || re.kind == SGF_RE_OTHER)
        return;
    if (re.winner == SGF_BLACK || re.winner == SGF_WHITE)
        r->winner = re.winner == SGF_BLACK ? "B" : "W";
    else if (re.kind < sizeof winner / sizeof *winner && winner[re.kind])
        r->winner = winner[re.kind];
    if (re.kind < sizeof reason / sizeof *reason && reason[re.kind])
        r->reason = reason[re.kind];
    r->has_margin = re.kind == SGF_RE_SCORE;
    r->margin = re.margin;
}

/* --- TSV ---------------------------------------------------------------- */

int convert_tsv_header(FILE *out)
{
    fputs("file\tgame", out);
    for (size_t i = 0; i < NINFO; i++)
        fprintf(out, "\t%s", info_ids[i]);
    fputs("\twinner\tmargin\treason\tmoves\tsignature\n", out);
    return ferror(out) ? -1 : 0;
}

static void tsv_row(FILE *out, const char *name, size_t game,
                    const row *r)
{
    cli_tsv_field(out, name, strlen(name));
    fprintf(out, "\t%zu", game);
    for (size_t i = 0; i < NINFO; i++) {
        fputc('\t', out);
        if (r->has[i])
            cli_tsv_field(out, r->info[i].ptr, r->info[i].len);
    }
    fprintf(out, "\t%s\t", r->winner);
    if (r->has_margin)
        fprintf(out, "%g", r->margin);
    fprintf(out, "\t%s\t%lu\t%s\n", r->reason, r->moves, r->signature);
}

/* --- JSON --------------------------------------------------------------- */

/* One game's row as a JSON record, through the project's JSON writer:
 * "type":"game", the file name (with its bytes when they are not
 * UTF-8, as every tool's records), the game, the game information (the
 * text as it was decoded; a byte that is not UTF-8 becomes U+FFFD) or
 * null, the result read, the moves and the signature. */
static int json_row(FILE *out, const char *name, size_t game, const row *r)
{
    json_t *rec = tool_json_record("game", name);
    if (rec == NULL)
        return -1;
    json_object_set_new(rec, "game", json_integer((json_int_t)game));
    for (size_t i = 0; i < NINFO; i++)
        json_object_set_new(rec, info_ids[i], r->has[i]
                            ? tool_json_text(r->info[i].ptr, r->info[i].len)
                            : json_null());
    json_object_set_new(rec, "winner", *r->winner ? json_string(r->winner)
                                                   : json_null());
    if (r->has_margin)
        tool_json_number(rec, "margin", r->margin);
    else
        json_object_set_new(rec, "margin", json_null());
    json_object_set_new(rec, "reason", *r->reason ? json_string(r->reason)
                                                   : json_null());
    json_object_set_new(rec, "moves", json_integer((json_int_t)r->moves));
    json_object_set_new(rec, "signature", json_string(r->signature));
    return tool_json_emit(out, rec);
}

int convert_table(FILE *out, const char *name, const sgf_collection *c,
                  long game, bool json)
{
    size_t ng = sgf_collection_game_count(c);
    for (size_t i = game >= 0 ? (size_t)game : 0; i < ng; i++) {
        row r;
        memset(&r, 0, sizeof r);
        const sgf_game *g = sgf_collection_game(c, i);
        main_line(&r, g);
        result(&r);
        if (json) {
            if (json_row(out, name, sgf_game_index(g), &r) != 0) {
                tool_error("out of memory");
                return TOOL_TROUBLE;
            }
        } else
            tsv_row(out, name, sgf_game_index(g), &r);
        if (game >= 0)
            break;
    }
    return ferror(out) ? TOOL_TROUBLE : TOOL_OK;
}
