/*
 * boardref.c - the incremental board checked against a plain flood-fill
 * reference on real games: every record given (directories walked) is
 * replayed along every variation, and after each move every stone's chain
 * size and liberty count, and the stone counts, are recomputed from the
 * colours alone and compared with what sgf_board keeps. Prints
 * "boardref: N passed, M failed" (one per record); exit status 1 when a
 * record disagrees.
 *
 *   build/test/boardref DIR|FILE...
 */
#include <stdio.h>
#include <string.h>
#include <sgf/sgf.h>
#include <sgf/replay.h>
#include "filelist.h"

typedef struct ref {
    const char *file;
    unsigned moves;
    int bad;
} ref;

/* Flood fill from every unlabelled stone; compare chain size and
 * liberties with the board's own for every stone of the chain. */
static int check_board(const sgf_board *b)
{
    int w = sgf_board_width(b), h = sgf_board_height(b);
    static int label[SGF_MAX_SIZE][SGF_MAX_SIZE];
    static int seen_lib[SGF_MAX_SIZE][SGF_MAX_SIZE];
    static sgf_point stack[SGF_MAX_SIZE * SGF_MAX_SIZE];
    static const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
    int next = 0, stones[3] = { 0, 0, 0 };
    memset(label, 0, sizeof label);
    memset(seen_lib, 0, sizeof seen_lib);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            sgf_point p = { (uint8_t)x, (uint8_t)y };
            sgf_color c = sgf_board_at(b, p);
            if (c == SGF_EMPTY || label[x][y])
                continue;
            int id = ++next, size = 0, libs = 0, sp = 0;
            label[x][y] = id;
            stack[sp++] = p;
            while (sp > 0) {
                sgf_point q = stack[--sp];
                size++;
                for (int k = 0; k < 4; k++) {
                    int nx = q.x + dx[k], ny = q.y + dy[k];
                    if (nx < 0 || ny < 0 || nx >= w || ny >= h)
                        continue;
                    sgf_point r = { (uint8_t)nx, (uint8_t)ny };
                    sgf_color rc = sgf_board_at(b, r);
                    if (rc == SGF_EMPTY && seen_lib[nx][ny] != id) {
                        seen_lib[nx][ny] = id;
                        libs++;
                    } else if (rc == c && !label[nx][ny]) {
                        label[nx][ny] = id;
                        stack[sp++] = r;
                    }
                }
            }
            stones[c] += size;
            if (sgf_board_chain_size(b, p) != size
                || sgf_board_chain_liberties(b, p) != libs)
                return -1;
        }
    if (sgf_board_stone_count(b, SGF_BLACK) != stones[SGF_BLACK]
        || sgf_board_stone_count(b, SGF_WHITE) != stones[SGF_WHITE])
        return -1;
    return 0;
}

static int on_move(void *payload, const sgf_replay_move *m)
{
    ref *r = payload;
    r->moves++;
    if (check_board(m->board) != 0) {
        fprintf(stderr, "boardref: %s: move %u: board disagrees with the "
                "flood fill\n", r->file, m->move_number);
        r->bad = 1;
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    filelist fl = { NULL, 0, 0, true };
    sgf_replay *rp;
    unsigned long passed = 0, failed = 0, moves = 0;
    for (int i = 1; i < argc; i++)
        if (filelist_add(&fl, argv[i]) != 0)
            return 2;
    if (sgf_replay_new(&rp) != 0)
        return 2;
    for (size_t i = 0; i < fl.n; i++) {
        sgf_collection *c;
        ref r = { fl.names[i], 0, 0 };
        if (sgf_parse_file(&c, fl.names[i], NULL) != 0)
            continue;
        sgf_replay_options o = SGF_REPLAY_OPTIONS_INIT;
        o.all_variations = true;
        o.quiet = true;
        o.on_move = on_move;
        o.payload = &r;
        for (size_t g = 0; g < sgf_collection_game_count(c) && !r.bad; g++)
            sgf_replay_run(rp, c, sgf_collection_game(c, g), &o);
        sgf_collection_free(c);
        moves += r.moves;
        if (r.bad)
            failed++;
        else
            passed++;
    }
    sgf_replay_free(rp);
    filelist_free(&fl);
    printf("boardref: %lu moves checked\n", moves);
    printf("boardref: %lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}
