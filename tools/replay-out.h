/*
 * tools/replay-out.h - what sgf-replay does with one input: replay each
 * game and print boards, GTP commands or JSON events. Tool code only.
 */
#ifndef SGF_TOOLS_REPLAY_OUT_H
#define SGF_TOOLS_REPLAY_OUT_H

#include "cli.h"
#include "gtp.h"
#include <sgf/replay.h>
#include <sgf/diagram.h>

typedef struct replay_out_opts {
    cli_input_opts in;
    cli_diag_opts diag;
    cli_format format;
    sgf_rules rules;
    bool rules_given;
    bool all_variations;
    bool each;
    bool gtp;
    bool stop_given;
    unsigned stop_after;
    long game;                      /* -1 = every game */
    unsigned *path;                 /* --path (cli_parse_path), or NULL */
    size_t path_len;
    bool summary;               /* --summary */
    const char *charset;        /* --charset */
    bool help, version;
    sgf_replay *replay;             /* set by replay_out_start */
    gtp_build *gtp_build;           /* with gtp, set by replay_out_start */
} replay_out_opts;

void replay_out_opts_init(replay_out_opts *o);

/* Allocate the replayer. 0, or TOOL_TROUBLE after a message. */
int replay_out_start(replay_out_opts *o);
void replay_out_finish(replay_out_opts *o);

/* Read one input, replay its games, print. Returns its exit status. */
int replay_out_file(replay_out_opts *o, const char *path, cli_counts *n);

#endif
