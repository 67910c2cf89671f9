/*
 * tools/convert-out.h - sgf-convert's work per input: read (SGF or the
 * XML of sgf/xml.h), report diagnostics, refuse records with critical
 * faults unless forced, and write the chosen format to standard output,
 * one file (-o FILE) or one file per input in a directory (-o DIR).
 * Every file is written under a temporary name in its directory and
 * renamed when complete; an input is never overwritten.
 */
#ifndef SGF_TOOLS_CONVERT_OUT_H
#define SGF_TOOLS_CONVERT_OUT_H

#include <stdbool.h>
#include <stdio.h>
#include "cli.h"
#include "convert-diagram.h"
#include "keyset.h"

typedef enum convert_format {
    CONVERT_NONE = -1,
    CONVERT_XML = 0,
    CONVERT_SGF,
    CONVERT_TSV,
    CONVERT_JSON,
    CONVERT_ASCII,
    CONVERT_SVG
} convert_format;

typedef struct convert_opts {
    convert_format to;
    int from;                   /* -1 by name (*.xml), 0 sgf, 1 xml */
    const char *output;         /* -o; NULL = stdout */
    bool force;
    bool repair;                /* --repair: sgf_repair_game first */
    bool overwrite;             /* -o DIR may replace existing files */
    bool keep_dirs;             /* -o DIR: outputs mirror the input tree */
    bool split;                 /* -o DIR: one file per game */
    long game;                  /* --game; -1 = every game */
    unsigned xml_flags;         /* SGF_XML_* */
    sgf_write_options write;
    convert_diagram_opts dia;
    unsigned *path;                 /* --path (cli_parse_path), or NULL */
    const char *charset;        /* --charset */
    cli_input_opts in;
    cli_diag_opts diag;
    bool help, version;
    unsigned long long given;   /* bit i: option CLI_LONG_ONLY + i given */
    /* run state */
    bool out_dir;               /* -o names a directory */
    bool dir_archive;           /* -o DIR with an archive among the
                                   inputs: its members' output names
                                   are known only as it is read, so
                                   one process writes them all */
    FILE *out;                  /* stdout or the -o FILE being written */
    char *tmp;                  /* its temporary name (-o FILE) */
    char *final;                /* what tmp is renamed to: -o FILE, or
                                   the file a symbolic link names */
    bool list_first;            /* -o: list every input before writing */
    unsigned long written;      /* inputs converted so far */
    bool header_done;           /* the TSV header is out */
    keyset targets;             /* -o DIR: the files written so far */
    const cli_input_list *inputs;  /* with -o: every input, listed first */
} convert_opts;

void convert_opts_init(convert_opts *o);

/* Parse a format name for --to ("xml", "sgf", "tsv", "json", "ascii",
 * "svg"). Returns 0, or -1 after a message. */
int convert_parse_format(const char *arg, convert_format *out);

/* The name of a format ("xml"). */
const char *convert_format_name(convert_format f);

/* Prepare the output, after the options and, with -o, with every input
 * listed (l; NULL without -o): -o FILE that is an input (by any name, a
 * symbolic or hard link included), or -o DIR where the output of an input
 * would replace an input, is refused before anything is opened for
 * writing. Returns TOOL_OK, or TOOL_TROUBLE after a message. */
int convert_plan(convert_opts *o, const cli_input_list *l);

/* Convert one input. Returns TOOL_OK, TOOL_INVALID (errors in the input,
 * or refused) or TOOL_TROUBLE. */
int convert_file(convert_opts *o, const char *path, cli_counts *n);

/* Whether path (a large collection) may be read in parts by several
 * workers (-j): its games written one by one to one output, each on its
 * own: SGF, TSV or JSON, every game (--force: no game refused, which
 * would stop the input), not XML. */
bool convert_parts(const convert_opts *o, const char *path);

/* Finish the output: -o FILE is renamed into place when something was
 * converted and nothing failed to write, else removed. ok: false after
 * trouble that must not leave a file. Returns TOOL_OK or TOOL_TROUBLE. */
int convert_finish(convert_opts *o, bool ok);

/* The table writers (convert-table.c): one TSV row / JSON object per game
 * of c; name is the input's display name. Return TOOL_OK or
 * TOOL_TROUBLE. */
int convert_tsv_header(FILE *out);
int convert_table(FILE *out, const char *name, const sgf_collection *c,
                  long game, bool json);

#endif
