/*
 * options.c - the sgf_*_options_init functions and sgf_rules_init: the
 * defaults of each versioned struct, filled at run time from the same
 * SGF_*_INIT macros the headers give to C callers.
 */
#include <stddef.h>
#include <string.h>
#include <sgf/diagram.h>
#include <sgf/figure.h>
#include <sgf/parse.h>
#include <sgf/replay.h>
#include <sgf/rules.h>
#include <sgf/write.h>

int sgf_parse_options_init(sgf_parse_options *o, unsigned version)
{
    static const sgf_parse_options d = SGF_PARSE_OPTIONS_INIT;
    if (o == NULL || version < 1 || version > SGF_PARSE_OPTIONS_VERSION)
        return SGF_EINVAL;
    if (version == 1) {         /* a version 1 struct ends at max_diags */
        memcpy(o, &d, offsetof(sgf_parse_options, max_diags));
        o->version = 1;
        return 0;
    }
    *o = d;
    return 0;
}

/* The structs below have had one version so far. */
#define INIT_ONE(fn, type, macro, current)                               \
    int fn(type *o, unsigned version)                                    \
    {                                                                    \
        static const type d = macro;                                     \
        if (o == NULL || version != (current))                           \
            return SGF_EINVAL;                                           \
        *o = d;                                                          \
        return 0;                                                        \
    }

INIT_ONE(sgf_replay_options_init, sgf_replay_options,
         SGF_REPLAY_OPTIONS_INIT, SGF_REPLAY_OPTIONS_VERSION)
INIT_ONE(sgf_write_options_init, sgf_write_options,
         SGF_WRITE_OPTIONS_INIT, SGF_WRITE_OPTIONS_VERSION)
INIT_ONE(sgf_diagram_options_init, sgf_diagram_options,
         SGF_DIAGRAM_OPTIONS_INIT, SGF_DIAGRAM_OPTIONS_VERSION)
INIT_ONE(sgf_figure_options_init, sgf_figure_options,
         SGF_FIGURE_OPTIONS_INIT, SGF_FIGURE_OPTIONS_VERSION)
INIT_ONE(sgf_figure_svg_options_init, sgf_figure_svg_options,
         SGF_FIGURE_SVG_OPTIONS_INIT, SGF_FIGURE_SVG_OPTIONS_VERSION)
INIT_ONE(sgf_rules_init, sgf_rules, SGF_RULES_INIT, SGF_RULES_VERSION)
