/*
 * tools/score-engine.c - sgf-score's questions to a GTP engine: the
 * position rebuilt with the commands sgf-replay --gtp prints (tools/
 * gtp.c), then GTP 2's "final_status_list dead", whose vertices become
 * the dead stones. An engine that died is started again once for the
 * same game; a second death is trouble. A game the engine refuses or
 * does not answer in time gets no answer (the caller does not count it,
 * or keeps its estimate).
 */
#include "score-out.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* boardsize, clear_board, komi and the handicap of the game being
 * replayed, once its rules are known (during the replay, or after it
 * for a game without moves). */
static void begin(score_out_opts *o)
{
    int w, h;
    double komi = o->komi;
    o->gtp_started = true;
    sgf_game_board_size(o->gtp_game, &w, &h);
    if (sgf_game_gm(o->gtp_game) != 1 || !gtp_board_ok(w, h)) {
        snprintf(o->gtp_why, sizeof o->gtp_why, "GTP cannot describe a "
                 "%dx%d board%s", w, h, sgf_game_gm(o->gtp_game) != 1
                 ? " of a game that is not Go" : "");
        o->gtp_rc = SGF_ESYNTAX;
        return;
    }
    if (!o->komi_given)
        sgf_score_komi_at(&komi, NULL, sgf_replay_info_node(o->replay),
                          o->rules_given ? &o->rules
                                         : sgf_replay_rules(o->replay));
    o->gtp_rc = gtp_build_start(o->gtp, o->gtp_game, w, komi);
}

void score_engine_begin(score_out_opts *o, const sgf_game *g)
{
    o->gtp_game = g;
    o->gtp_started = false;
    o->gtp_rc = 0;
}

int score_engine_on_move(void *payload, const sgf_replay_move *m)
{
    score_out_opts *o = payload;
    if (!o->gtp_started)
        begin(o);
    if (o->gtp_rc == 0)
        o->gtp_rc = gtp_build_move(o->gtp, m);
    return o->gtp_rc == SGF_ENOMEM;
}

/* The vertices of an answer ("D4 Q16\nC3") as points of b, marked in
 * dead with their chains; false (why says so) when one is not a stone
 * of b. */
static bool read_vertices(const sgf_board *b, const char *s, uint8_t *dead,
                          char *why, size_t size)
{
    int w = sgf_board_width(b), h = sgf_board_height(b);
    memset(dead, 0, (size_t)(w * h));
    while (*s != '\0') {
        char v[8];
        size_t n = 0;
        while (*s == ' ' || *s == '\n' || *s == '\t')
            s++;
        while (*s != '\0' && *s != ' ' && *s != '\n' && *s != '\t') {
            if (n + 1 < sizeof v)
                v[n++] = *s;
            s++;
        }
        v[n] = '\0';
        if (n == 0)
            break;
        sgf_point pt;
        if (sgf_point_parse_vertex(v, n, w, h, &pt) != 0
            || sgf_board_at(b, pt) == SGF_EMPTY) {
            snprintf(why, size, "the engine's dead stone '%s' is no stone "
                     "of this position", v);
            return false;
        }
        if (dead[pt.y * w + pt.x])
            continue;                   /* its chain is marked already */
        /* the whole chain: an engine that names one stone of it (GTP 2
         * asks for all of them) leaves none of it alive, as --dead=POINTS
         * has it */
        sgf_point chain[SGF_MAX_SIZE * SGF_MAX_SIZE];
        int k = sgf_board_chain_points(b, pt, chain,
                                       sizeof chain / sizeof chain[0]);
        for (int i = 0; i < k; i++)
            dead[chain[i].y * w + chain[i].x] = 1;
    }
    return true;
}

/* One exchange with an engine of the pool: the commands (text, len
 * bytes), the answer's vertices into dead. Returns as score_engine_dead.
 */
static int ask(score_out_opts *o, engine *e, const char *text, size_t len,
               const sgf_board *b, uint8_t *dead, char *why, size_t size)
{
    engine_status st = engine_session(e, text, len);
    if (st == ENGINE_DIED)
        st = engine_session(e, text, len);      /* started again, once */
    switch (st) {
    case ENGINE_OK:
        return read_vertices(b, engine_answer(e), dead, why, size) ? 0 : 1;
    case ENGINE_REFUSED:
        snprintf(why, size, "the engine refused '%s' (%s)",
                 engine_failed_command(e), engine_answer(e));
        return 1;
    case ENGINE_FLOOD:
        snprintf(why, size, "the engine's answer to '%s' passed %u MiB "
                 "(not read)", engine_failed_command(e),
                 ENGINE_ANSWER_MAX >> 20);
        return 1;
    case ENGINE_TIMEOUT:
        if (engine_stray(e) > 0)
            snprintf(why, size, "the engine did not answer within %g s "
                     "(%lu answer%s with ids of no command it was asked "
                     "were passed by)", o->engine_timeout, engine_stray(e),
                     engine_stray(e) == 1 ? "" : "s");
        else
            snprintf(why, size, "the engine did not answer within %g s",
                     o->engine_timeout);
        return 1;
    case ENGINE_DIED:
        tool_error("the engine '%s' stopped, or could not be started, "
                   "twice on one game: not started again (is the command "
                   "on PATH? Debian puts gnugo in /usr/games)",
                   o->engine_cmd);
        o->engine_broken = true;
        snprintf(why, size, "%s", SCORE_ENGINE_BROKEN);
        return 1;
    default:
        tool_error("out of memory");
        return -1;
    }
}

int score_engine_dead(score_out_opts *o, const sgf_board *b,
                      const sgf_node *end, uint8_t *dead, char *why,
                      size_t size)
{
    static const char question[] = "final_status_list dead\n";
    if (sgf_board_stone_count(b, SGF_BLACK) == 0
        && sgf_board_stone_count(b, SGF_WHITE) == 0) {
        /* no stone, none dead: not asked (GNU Go takes minutes over an
           empty 19x19 board) */
        memset(dead, 0, (size_t)sgf_board_width(b)
                        * (size_t)sgf_board_height(b));
        return 0;
    }
    if (o->engine_broken) {             /* said once, when it broke */
        snprintf(why, size, "%s", SCORE_ENGINE_BROKEN);
        return 1;
    }
    if (!o->gtp_started)
        begin(o);
    int rc = o->gtp_rc == 0 ? gtp_build_end(o->gtp, end, b) : o->gtp_rc;
    if (rc == SGF_ESYNTAX && o->gtp_rc != 0) {
        snprintf(why, size, "%s", o->gtp_why);
        return 1;
    }
    if (rc == SGF_ESYNTAX) {
        sgf_point pt;
        char v[4];
        gtp_build_failure(o->gtp, &pt);
        snprintf(why, size, "GTP cannot rebuild this position: the chain "
                 "at %s has no liberty",
                 gtp_vertex(v, pt, sgf_board_height(b)));
        return 1;
    }
    size_t len;
    const char *cmds = gtp_build_text(o->gtp, &len);
    char *text = rc == 0 ? malloc(len + sizeof question) : NULL;
    if (text == NULL) {
        tool_error("out of memory");
        return -1;
    }
    memcpy(text, cmds, len);
    memcpy(text + len, question, sizeof question);
    engine *e = engine_pool_take(o->engines);
    o->totals.engine_asked++;
    rc = ask(o, e, text, len + sizeof question - 1, b, dead, why, size);
    o->totals.engine_failed += rc != 0;
    engine_pool_give(o->engines, e);
    free(text);
    return rc;
}
