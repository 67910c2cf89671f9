/*
 * tools/cli.h - what the sgf-* tools share, so that each main() stays a
 * short pipeline: one option table per tool (getopt_long and --help are
 * built from it), input lists (operands, directories with -r,
 * --files-from, -0), reading an input into a collection, printing
 * diagnostics, exit status, and "sgf-validate: message" lines on stderr.
 *
 * Tool code only: not installed, not part of libsgf. It includes nothing
 * but public libsgf headers. Unlike the library it prints (on the streams
 * it is given, and tool messages on stderr) and keeps one piece of global
 * state: the program name for messages.
 */
#ifndef SGF_TOOLS_CLI_H
#define SGF_TOOLS_CLI_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <sgf/sgf.h>

#if defined(__GNUC__)
#define TOOL_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TOOL_PRINTF(f, a)
#endif

/* --- exit status (the same in every tool) ----------------------------- */

enum {
    TOOL_OK = 0,       /* every input fine; warnings allowed */
    TOOL_INVALID = 1,  /* some input has errors */
    TOOL_TROUBLE = 2   /* usage or I/O trouble */
};

/* The format of a tool's report (--format). */
typedef enum cli_format {
    CLI_FORMAT_TEXT = 0,   /* FILE:LINE:COL: severity: message [code] */
    CLI_FORMAT_JSON,       /* one JSON object per line */
    CLI_FORMAT_HTML        /* a page the tool writes itself (html.h):
                              cli prints no diagnostic */
} cli_format;

/* The worse of two statuses (the larger). */
int tool_worst(int a, int b);

/* --- messages ---------------------------------------------------------- */

/* Set the program name used in messages ("sgf-validate"). The string is
 * not copied. The name is fixed by the tool rather than taken from argv[0]
 * so messages read the same however the program was started. */
void tool_init(const char *name);

/* "NAME: MESSAGE" and a newline on stderr. Messages follow the house
 * style: lowercase start, no full stop, subject quoted:
 *   sgf-validate: cannot open 'x.sgf': No such file or directory */
void tool_error(const char *fmt, ...) TOOL_PRINTF(1, 2);
/* While on, what tool_error says is held, not written: -j walks the
 * inputs ahead of the output it writes, and writes what the walk said
 * (a directory named without -r, ...) where one process would have. */
void cli_hold_errors(bool on);
/* The text of the messages held since the last call (malloc'd: the
 * caller frees it), or NULL when none was. */
char *cli_held_errors(void);
/* Write text held so on standard error (after what standard output
 * holds), and free it. NULL: nothing. */
void cli_write_held(char *text);

/* The name tool_init set. */
const char *cli_program_name(void);

/* Flush fp; for stdout, remember why the first failure happened, so that
 * tool_close_stdout can say it even when later writes succeed. */
void cli_flush(FILE *fp);
/* Whether standard output and standard error are one stream, whose
 * reader sees the two in the order they were written: the same pipe,
 * terminal or device, or one opening of a file (2>&1; a file opened
 * twice, ">f 2>f", is two streams that write over each other). */
bool cli_streams_one(void);
/* Whether standard output is /dev/null, open for writing (not a closed
 * standard output, which cli_run holds with /dev/null opened for
 * reading: writes to it fail). */
bool cli_stdout_discarded(void);
/* cli_flush(stdout) before what goes to standard error between two
 * parts of the output (a game's diagnostics after the game), where the
 * order of the two shows: both in one file, pipe or terminal (2>&1, and
 * ">f 2>f" too, whose two streams write over each other where one
 * process's flushes put them, as -j reproduces), the output not
 * cli_stdout_discarded. Else the output stays in stdout's buffer,
 * written a buffer at a time instead of once per game (a collection of
 * 20,000 games wrote 20,000 times). Found once per process. */
void cli_flush_before_stderr(void);
/* The same for a write to fp that failed with errno err. */
void cli_write_failed(FILE *fp, int err);
/* Why a write to stdout or stderr failed so far (after flushing both):
 * the first failure's errno (EIO when stdio kept no reason), or 0. */
int cli_write_error(void);

/* Flush and close stdout, and report a failed write ("> /dev/full").
 * Returns TOOL_OK, or TOOL_TROUBLE after a message. Call once, last. */
int tool_close_stdout(void);

/* --- options ----------------------------------------------------------- */

/* Values of cli_option.short_name at or above this have no short letter:
 * they only identify a long option. */
#define CLI_LONG_ONLY 256

/* cli_option.flags */
enum {
    CLI_ARG_OPTIONAL = 1u << 0   /* "--color[=WHEN]": arg_name optional */
};

/* One option: the long name (kebab-case), the short letter or a number
 * >= CLI_LONG_ONLY, the argument's name in --help ("FILE") or NULL when
 * the option takes none, flags, and the one-line help. A table ends with
 * an entry whose long_name is NULL. */
typedef struct cli_option {
    const char *long_name;
    int short_name;
    const char *arg_name;
    unsigned flags;
    const char *help;
} cli_option;

/* Entries every tool's table shares: the input options (-r, the
 * --files-from option whose id the tool's enum gives, -0) and the closing
 * --help, --version and end marker. */
#define CLI_OPTIONS_INPUT(files_from_id) \
    { "recursive", 'r', NULL, 0, \
      "read the *.sgf files and archives of directories, and below" }, \
    { "files-from", (files_from_id), "FILE", 0, \
      "also read the files named in FILE (- = stdin)" }, \
    { "null", '0', NULL, 0, \
      "names in --files-from end with NUL, not newline" }
/* --progress, --no-progress and --ignore, which cli_parse_args handles
 * itself (ids reserved above the tools' own). */
enum { CLI_OPT_PROGRESS = CLI_LONG_ONLY + 1000, CLI_OPT_NO_PROGRESS,
       CLI_OPT_IGNORE };
#define CLI_OPTION_IGNORE \
    { "ignore", CLI_OPT_IGNORE, "CODES", 0, \
      "neither print nor count these warnings and notes (codes, by " \
      "commas)" }
#define CLI_OPTIONS_PROGRESS \
    { "progress", CLI_OPT_PROGRESS, NULL, 0, \
      "show progress on standard error, even when not a terminal" }, \
    { "no-progress", CLI_OPT_NO_PROGRESS, NULL, 0, \
      "no progress line, even on a terminal" }

/* What --progress and --no-progress asked: 1, 0, or -1 (neither: a
 * progress line when standard error is a terminal and not -q). */
int cli_progress_option(void);

/* -j N, --jobs=N: read the inputs in N processes (0: one per core), which
 * cli_parse_args handles itself. Standard output and standard error are
 * byte for byte those of one process, in input order, interleaved as one
 * process interleaves them when they are one file (2>&1), and so is the
 * exit status. */
#define CLI_OPTION_JOBS \
    { "jobs", 'j', "N", 0, \
      "read inputs in N processes at once (0: one per core)" }

/* Where a tool's product starts in standard output (sgf-convert: its
 * first TSV row, which the header goes before): in a worker of -j the
 * place is noted, and the parent writes what before_product writes
 * there; elsewhere nothing. */
void cli_product_begins(FILE *fp);

/* The number of processes -j asked for (1 when not given). */
unsigned cli_jobs_option(void);

/* --summary, for the tools that report (the option's id given). */
#define CLI_OPTION_SUMMARY(summary_id) \
    { "summary", (summary_id), NULL, 0, \
      "end with counts by code and inputs by status" }
#define CLI_OPTIONS_END \
    { "help", 'h', NULL, 0, "print this help and exit" }, \
    { "version", 'V', NULL, 0, "print the version and exit" }, \
    { NULL, 0, NULL, 0, NULL }

/* What a tool says about itself, for --help and --version. */
typedef struct cli_tool {
    const char *name;          /* "sgf-validate" */
    const char *synopsis;      /* "[OPTION]... [FILE|DIR|-]..." */
    const char *purpose;       /* one line */
    const cli_option *options;
    const char *footer;        /* printed after the options; may be NULL */
} cli_tool;

/* Called for each option met, in command-line order, with the option's
 * short_name and its argument (NULL when none). Returns 0, or non-zero
 * when the argument is bad (after saying why with tool_error). */
typedef int (*cli_option_fn)(void *payload, int option, const char *arg);

/* Parse the options of argv with getopt_long, built from t->options.
 * Options and operands may be mixed; "--" ends the options. On success
 * returns 0 and sets *first_operand to the index in argv of the first
 * operand (argv is permuted so that the operands come last). On an
 * unknown option, a missing or unexpected argument, or a callback
 * failure, prints the problem and "Try 'NAME --help' ..." on stderr and
 * returns TOOL_TROUBLE. */
int cli_parse_args(const cli_tool *t, int argc, char **argv,
                   cli_option_fn fn, void *payload, int *first_operand);

/* The full help (usage, purpose, every option of the table, footer). */
void cli_print_help(const cli_tool *t, FILE *fp);

/* --help or --version asked for: print it, close stdout and return the
 * exit status; -1 when neither was asked for. */
int cli_help_or_version(const cli_tool *t, bool help, bool version);

/* "NAME (libsgf) VERSION" and a newline. */
void cli_print_version(const cli_tool *t, FILE *fp);

struct cli_counts;
struct cli_input_opts;
struct json_t;
struct cli_input_list;

/* What cli_run knows of an input when it is done (cli_run_hooks
 * input_done): what the "input" record of JSON reports says. */
typedef struct cli_input_report {
    const char *name;     /* display name (cli_display_name) */
    const char *status;   /* "ok", "invalid", "unreadable", "trouble" */
    const struct cli_counts *before, *after;   /* counts around it */
    const char *message;  /* the tool's message when it could not read
                             or finish the input, else NULL */
} cli_input_report;

/* A tool's run over its inputs (cli_run): the hooks get payload. */
typedef struct cli_run_hooks {
    cli_option_fn on_option;
    void *payload;
    const bool *help, *version;        /* set by on_option */
    const struct cli_input_opts *in;   /* filled by on_option */
    /* After the options, with the inputs open: TOOL_OK, or TOOL_TROUBLE
     * after a message. May be NULL. */
    int (*start)(void *payload);
    /* One input: its exit status; counts it and its diagnostics in n. */
    int (*file)(void *payload, const char *path, struct cli_counts *n);
    /* After the last input, given the worst status so far (the inputs'
     * and the walk's): the status to return. May be NULL. */
    int (*finish)(void *payload, int status);
    /* Set by on_option (-q): no summary line, no progress line. */
    const bool *quiet;
    /* The tool prints a summary line of its own (in finish): cli_run
     * prints none. */
    bool own_summary_line;
    /* Set by on_option when the tool must know every input before it
     * writes anything (sgf-convert -o): the inputs are then listed first
     * (cli_input_list_new) and read from the list. NULL: never. */
    const bool *list_first;
    /* After start, before the first input is read: the inputs listed
     * first, or NULL when they were not. TOOL_OK, or TOOL_TROUBLE after a
     * message: then no input is read. May be NULL. */
    int (*plan)(void *payload, const struct cli_input_list *list);
    /* Set by on_option: the report's format. With CLI_FORMAT_JSON each
     * input ends with an "input" record on standard output (json.h):
     * file, status ("ok", "invalid", "unreadable", "trouble"), games,
     * errors, warnings, notes, and the tool's message when it could not
     * read or finish the input. NULL: text. */
    const cli_format *format;
    /* Set by on_option (--summary): the run ends with the counts by
     * diagnostic code and the inputs by status, on standard output (the
     * last JSON record with CLI_FORMAT_JSON). NULL: never. */
    const bool *summary;
    /* Each input as it is done, in any format (after its "input" record
     * with CLI_FORMAT_JSON), archive members and inputs that could not be
     * read included. May be NULL. */
    void (*input_done)(void *payload, const cli_input_report *r);
    /* With --summary: fields of the tool's own for the JSON summary
     * record rec, or, when rec is NULL, text lines to print on fp
     * (sgf-score's verdicts and causes). May be NULL. */
    void (*summary_more)(void *payload, struct json_t *rec, FILE *fp);
    /* Set by on_option when standard output is a table, one row per line
     * (sgf-score --format=tsv): the text summary then goes to standard
     * error, so that no line of it lands among the rows. NULL: never. */
    const bool *table_out;

    /* For -j N (several worker processes; see "jobs" below). */
    /* Counters of the tool's own that the workers add to (unsigned longs
     * only, at most 64): summed into the parent's. May be NULL. */
    unsigned long *totals;
    size_t ntotals;
    /* After start: true when an input may take seconds (an engine asked
     * about each game): each job is then one input, and a worker is
     * handed its next job only once it is done with the one before, so
     * that no worker waits while another holds inputs. May be NULL. */
    bool (*slow)(void *payload);
    /* After start and plan: true when this run must stay in one process
     * (one document for the whole run: an XML or SVG output, an HTML
     * page). May be NULL. */
    bool (*serial)(void *payload);
    /* In each worker, first: what the tool's state needs there (its
     * product goes to standard output). May be NULL. */
    void (*worker_start)(void *payload);
    /* In each worker, last (engines stopped). May be NULL. */
    void (*worker_end)(void *payload);
    /* In the parent: where the workers' standard output goes (an -o
     * FILE), NULL or stdout for standard output. May be NULL. */
    FILE *(*product)(void *payload);
    /* In the parent, before the first byte of product: what comes once at
     * the top of the output (a TSV header). May be NULL. */
    void (*before_product)(void *payload);
    /* Whether the input path (a large regular file) may be read in parts
     * by several workers at once (-j): true when the tool's output for
     * an input is that of its games one after the other, with nothing
     * that one game's output takes from another's (the diagnostics'
     * cap, the left-out line and the JSON input record are cli's, which
     * it writes as for one process). NULL: never. */
    bool (*parts)(void *payload, const char *path);
} cli_run_hooks;

/* The whole of a tool's main(): tool_init, the options, --help and
 * --version, start, every input (operands, -r, --files-from) through
 * file, finish, the summary line on standard error (cli_print_summary)
 * unless quiet, and standard output closed. Returns the exit status. */
int cli_run(const cli_tool *t, int argc, char **argv,
            const cli_run_hooks *h);

/* How many inputs of n were read but stopped by trouble (exit status 2:
 * a --game or --path not there, an archive without a member, memory),
 * apart from those that could not be read or whose output was not
 * written: what a summary line says with "stopped by trouble". */
unsigned long cli_stopped_inputs(const struct cli_counts *n);

/* The running totals of the cli_run under way (for finish: final, the
 * inputs the walk could not give included). */
const struct cli_counts *cli_run_counts(void);

/* --- inputs ------------------------------------------------------------ */

typedef struct cli_input_opts {
    bool recursive;          /* -r: read the *.sgf files of directories */
    bool xml;                /* -r takes *.xml files instead (sgf-convert
                                --from=xml), and no archive */
    bool null_names;         /* -0: names in files_from end with NUL */
    const char *files_from;  /* --files-from: "-" is stdin; NULL = none */
} cli_input_opts;

typedef struct cli_inputs cli_inputs;

/* Start a walk over the inputs: the operands in order, then the names read
 * from o->files_from (one per line, or NUL-ended with o->null_names; empty
 * names skipped; a name there is always a file name, "-" included). With
 * neither operands nor files_from, the one input is "-" (stdin).
 *
 * A directory is walked only with o->recursive: its entries in byte order
 * of their names (strcmp, whatever the locale), depth first; files whose
 * name ends in ".sgf" (".xml" with o->xml) in any letter case are taken; entries whose name
 * starts with '.' and symbolic links to directories are skipped (as
 * "grep -r" does, so links cannot make loops). Without o->recursive a
 * directory is reported and skipped.
 *
 * Returns NULL after a message (out of memory, or "-" used both as an
 * operand and as the --files-from list). The structure holds the names of
 * the directories being walked, not the whole list, so a list read from a
 * pipe can be any length. */
cli_inputs *cli_inputs_open(char **operands, int count,
                            const cli_input_opts *o);

/* The next input's path ("-" for stdin), or NULL at the end. The string is
 * valid until the next call. Trouble with the list itself (a directory
 * that cannot be read, a directory without -r, an unreadable
 * --files-from) is reported on stderr as met, and the walk goes on. */
const char *cli_inputs_next(cli_inputs *in);

/* The size in bytes of the input cli_inputs_next returned last (0: not a
 * regular file) when the walk looked at it on the way (a name given or
 * listed, not one found in a directory), else -1. */
long long cli_inputs_last_size(const cli_inputs *in);

/* The stat (symbolic links followed) of the input cli_inputs_next
 * returned last, when the walk made one (a name given or listed, not
 * one found in a directory), else NULL. Valid until the next call. */
struct stat;
const struct stat *cli_inputs_last_stat(const cli_inputs *in);

/* With on, each name given or listed (but an archive's, which the
 * archive reader opens) is opened as it is taken, for the reader,
 * instead of stat'ed: the path is walked once, not twice (on
 * many small files the kernel's walks of their paths cost as much as
 * reading them). For a reader that takes each name as it comes (not a
 * list made first, not -j's look ahead). */
void cli_inputs_keep_open(cli_inputs *in, bool on);

/* The descriptor, open for reading, of the name cli_inputs_next
 * returned last, when cli_inputs_keep_open opened it (a regular file, a
 * fifo or a device; never a directory), else -1. The caller owns it; one
 * not taken is closed by the next cli_inputs_next or cli_inputs_close. */
int cli_inputs_take_fd(cli_inputs *in);

/* How many inputs the walk could not give: directories without -r or
 * that cannot be read, a --files-from list that cannot be opened (each
 * counted once; the summary counts them with the files that could not
 * be read). */
size_t cli_inputs_skipped(const cli_inputs *in);

/* The name of skipped input i (0 .. those named: NULL past them, or when
 * memory did not allow naming it), and in *said the message that said
 * why (or NULL): for the input's record in a report. Borrowed from in. */
const char *cli_inputs_skipped_name(const cli_inputs *in, size_t i,
                                    const char **said);

/* Free the walk. Returns TOOL_OK, or TOOL_TROUBLE when any trouble was
 * met while listing. NULL is a no-op returning TOOL_OK. */
int cli_inputs_close(cli_inputs *in);

/* --- progress ---------------------------------------------------------- */

/* The progress line of a long run, on standard error: inputs done (of
 * how many when they were listed first), games done, games per second,
 * and the share of the bytes done with an estimate of the time left when
 * the sizes are known:
 *   sgf-validate: 812/2211 inputs, 3140 games, 5230 games/s, 41%, ETA 0:02
 * Drawn at the first game and then at most five times a second, erased
 * before anything else goes to the terminal and at the end. */
void cli_progress_start(bool on, size_t inputs_total,
                        unsigned long long bytes_total);
/* A game was read; offset: its position in the current input (bytes),
 * or CLI_PROGRESS_NO_OFFSET (a game of an archive's member: the archive's
 * place is said with cli_progress_at). */
#define CLI_PROGRESS_NO_OFFSET (~0ull)
void cli_progress_game(unsigned long long offset);
/* An input is done; size: its size in bytes (0 when not known). */
void cli_progress_input(unsigned long long size);
/* n games were read elsewhere (by a worker of -j), inputs done after. */
void cli_progress_games(unsigned long n);
/* The input being read in parts (-j), or the archive being read, is
 * done up to offset (bytes). */
void cli_progress_at(unsigned long long offset);
/* Before writing to fp: erase the line when fp shows on the terminal
 * (standard error, or standard output when it is a terminal). */
void cli_progress_before(FILE *fp);
void cli_progress_clear(void);
void cli_progress_end(void);

/* --- archives ------------------------------------------------------------ */

/* Archives and compressed files are read member by member (libarchive):
 * .zip, .7z, .tar and the compressed tars (.tar.gz, .tgz, .tar.bz2,
 * .tbz2, .tar.xz, .txz, .tar.zst, .tzst), and single files compressed
 * with gzip, bzip2, xz or zstd (.sgf.gz, ...). The members read are the
 * regular files whose name ends in .sgf (any letter case; .xml for a run
 * that reads SGF XML: cli_archive_members_named), each an input
 * of its own named ARCHIVE//PATH/IN/ARCHIVE.sgf; a compressed single
 * file keeps its own name. Nested archives are not opened. */

/* Whether an operand name is read as an archive. */
bool cli_is_archive_name(const char *name);

/* Whether -r takes a file of a tree as an archive: archives, and
 * compressed files whose name without the compression ends in .sgf (the
 * members' ending, below) or .tar. */
bool cli_walk_takes_archive(const char *name);

/* The ending (".sgf" unless set, any letter case) of the members an
 * archive's reader reads and of the compressed files -r takes; a run
 * that reads SGF XML (sgf-convert --from=xml) sets ".xml". suffix is
 * not copied (a literal). cli_run sets it from the inputs' options;
 * the walk of directories takes the files of that ending. */
void cli_archive_members_named(const char *suffix);
const char *cli_archive_member_suffix(void);

/* The length of name without its compression suffix (.gz, .bz2, .xz,
 * .zst), if any: "x.xml.gz" -> 5. */
size_t cli_uncompressed_len(const char *name);

/* A member read out of its archive: a small one in memory (data, len),
 * a larger one in an unlinked temporary file (fd; data NULL), so that
 * the library reads it game by game in the memory of one game. */
typedef struct cli_member {
    const char *name;        /* ARCHIVE//PATH, or the compressed file's */
    const char *data;
    size_t len;
    int fd;                  /* -1 when in memory */
    bool ok;                 /* false: it could not be read */
} cli_member;

/* The members of an archive, one at a time (-j hands them to its
 * workers as they come): cli_archive_open (NULL after a message when the
 * archive cannot be opened), then cli_archive_next until it returns 0
 * (1: a member in *m, and why it could not be read when !m->ok; what m
 * points to stays valid until the next call), then cli_archive_close:
 * the archive's own status (trouble when it could not be read to its
 * end, or memory ran short), *broken when it could not be opened or read
 * to its end (after a message: the members read before that were handed
 * over). cli_archive_members: how many were handed over. */
typedef struct cli_archive_it cli_archive_it;
cli_archive_it *cli_archive_open(const char *path);
int cli_archive_next(cli_archive_it *it, cli_member *m, const char **why);
unsigned long cli_archive_members(const cli_archive_it *it);
/* How far into the archive's file its first reading has got, in bytes
 * (the progress line's place; it does not go back for the second). */
unsigned long long cli_archive_position(cli_archive_it *it);
int cli_archive_close(cli_archive_it *it, bool *broken);

/* Whether the archive name holds members of its own (x.tar.gz, x.zip),
 * not one compressed file (x.sgf.gz): -j reads them in its workers. */
bool cli_archive_has_members(const char *name);

/* While a member is being read: cli_read_games given exactly the name
 * pointer m->name reads the member instead of a file. NULL: none. */
void cli_member_set(const cli_member *m);

/* The member whose name is name (that pointer) when it is the one set,
 * else NULL. */
const cli_member *cli_member_of(const char *name);

/* --- inputs listed first ------------------------------------------------ */

/* Every input of the walk (cli_inputs_next until the end), in order, and
 * with known true the identity and size of each (device and inode,
 * symbolic links followed; "-": what standard input is: one stat each);
 * else names only, for a run that only hands the inputs out (-j): no
 * identity (cli_input_list_find finds none, the total size is 0) and
 * each size looked up when asked (by the run that hands the inputs out,
 * while the workers work). Only names are kept (a few bytes each), never
 * contents. Trouble with the walk is reported as met, as by
 * cli_inputs_next. Returns NULL after a message when out of memory. */
typedef struct cli_input_list cli_input_list;
cli_input_list *cli_input_list_new(cli_inputs *in, bool known);
void cli_input_list_free(cli_input_list *l);
size_t cli_input_list_count(const cli_input_list *l);
/* The sum of the sizes of the regular files listed, in bytes. */
unsigned long long cli_input_list_bytes(const cli_input_list *l);
/* The size of input i in bytes (0 when not a regular file; not known
 * when listed: looked up now). */
unsigned long long cli_input_list_size(const cli_input_list *l, size_t i);
/* The path of input i (0-based), valid while the list lives. */
const char *cli_input_list_path(const cli_input_list *l, size_t i);
/* The index of the first input that is the regular file st describes
 * (same device and inode: a symbolic or hard link to it too), or -1.
 * Devices and pipes given as inputs are not remembered. */
struct stat;
long cli_input_list_find(const cli_input_list *l, const struct stat *st);

/* The name to print for a path: "<stdin>" for "-", else the path. */
const char *cli_display_name(const char *path);

/* A --path argument, "I.J.K" (each from 0 to 100000, as many as the
 * variations nest): its numbers into *path (the run's to the end; the
 * last --path given replaces one before), their count into *len.
 * Returns 0, or -1 after a message. */
int cli_parse_path(const char *arg, unsigned **path, size_t *len);

/* Where a --path leaves game g, as a message's end, into buf: "step 2
 * asks for variation 3 of a branching point with 2 (line 14)", or "it
 * has more steps than the line has branching points" for an extra step
 * other than 0. g's collection c gives the line. */
void cli_path_fault(char *buf, size_t size, const sgf_collection *c,
                    const sgf_game *g, const unsigned *path, size_t len);

/* A whole number written in digits alone, from s: no sign, no space
 * before or after (strtol would take " 3" and "+3", which the options
 * of these tools refuse alike), at most max. Its value, with *end (when
 * end is not NULL) the first character after the digits; or -1 when s
 * starts with no digit or the number is over max. With end NULL the
 * digits must be all of s. */
long cli_whole_number(const char *s, long max, const char **end);

/* A --game argument: a whole number from 0. Returns 0, or -1 after a
 * message. */
int cli_parse_game(const char *arg, long *out);

/* At the end of an input of `games` game trees: TOOL_OK, or, when --game
 * (d->one_game) asks for one it does not hold, TOOL_TROUBLE after
 * "FILE: no game N (the file holds M)". */
struct cli_diag_opts;
int cli_game_missing(const char *path, const struct cli_diag_opts *d,
                     size_t games);

/* Check that a --charset argument names a charset iconv knows. Returns 0,
 * or -1 after a message. */
int cli_check_charset(const char *name);

/* A --rules argument: the preset it names into *out (sgf_rules_preset).
 * Returns 0, or -1 after a message that lists the rule sets. */
int cli_rules_option(sgf_rules *out, const char *name);

/* --- signals that end a tool ------------------------------------------ */

/* SIGINT, SIGTERM, SIGHUP and SIGQUIT: what a terminal's ^C, timeout(1),
 * kill(1) and a batch system send to end a run. A tool that leaves
 * processes of its own (the -j workers, an engine's process group)
 * catches them to end those first. */
enum { CLI_END_SIGNALS = 4 };

/* The signals into *s (emptied first), to block around a start. */
void cli_end_signals_set(sigset_t *s);

/* handler set for each of the signals whose action is the default (not
 * over one ignored, as nohup leaves SIGHUP), with SA_RESETHAND: the
 * handler ends the process by raising the signal again. The old actions
 * into old[CLI_END_SIGNALS] and whether each was set into
 * set[CLI_END_SIGNALS] (both may be NULL when they are never put back). */
void cli_end_signals_catch(void (*handler)(int), struct sigaction *old,
                           bool *set);

/* The actions cli_end_signals_catch replaced, back. */
void cli_end_signals_restore(const struct sigaction *old, const bool *set);

/* --- diagnostics ------------------------------------------------------- */


/* Parse a --format argument ("text" or "json"). Returns 0, or -1 after a
 * message. */
int cli_parse_format(const char *arg, cli_format *out);

typedef struct cli_diag_opts {
    cli_format format;
    bool quiet;    /* print only what makes the status 1: errors, and
                      warnings too when strict */
    bool strict;   /* warnings count as errors for the status */
    bool one_game; /* --game: only the diagnostics of game `game` (and
                      those of the whole input) are printed and counted */
    long game;
    /* CLI_FORMAT_HTML: each diagnostic that would be printed goes here
     * instead, in the same order (the page's writer); may be NULL. */
    void (*on_diag)(void *payload, const char *name,
                    const sgf_collection *c, const sgf_diag *d);
    void *payload;
} cli_diag_opts;

/* Diagnostic codes counted one by one for --summary (codes are small
 * numbers; a larger one is counted in the totals only). */
#define CLI_MAX_CODES 512

/* Running totals over a run, for the summary line and --summary. */
typedef struct cli_counts {
    unsigned long files;        /* inputs read and checked */
    unsigned long unreadable;   /* inputs that could not be read */
    unsigned long errors, warnings, notes;
    unsigned long games;        /* game trees read */
    unsigned long not_written;  /* outputs refused (sgf-convert -o DIR) */
    /* inputs by status: 0 fine, 1 with errors, 2 trouble (unreadable
     * ones included) */
    unsigned long by_status[3];
    unsigned long by_code[CLI_MAX_CODES];  /* diagnostics per code */
} cli_counts;

/* --ignore=CODE[,CODE]...: the diagnostics of these codes (warnings and
 * notes; an error cannot be ignored) are neither printed nor counted for
 * the rest of the run, in any format, and do not move the exit status
 * (with --strict either); what the tool does is unchanged. 0, or -1 after
 * a message (an unknown code, an error's code). cli_parse_args calls it. */
int cli_parse_ignore(const char *arg);

/* Whether the run ignores code (--ignore). */
bool cli_diag_ignored(unsigned code);

/* sgf_collection_diags_left_out less the ignored codes' left-outs:
 * *listed those since the previous call for the input (or part) being
 * read, *input all of it so far; either may be NULL. */
void cli_diag_left_out(const sgf_collection *c, sgf_diag_counts *listed,
                       sgf_diag_counts *input);

/* The input (or part) being read has ended: the next call of
 * cli_diag_left_out starts another. */
void cli_diag_input_end(void);

/* Print the collection's diagnostics to fp in the order of their
 * positions (those without one first; ties in the collection's order);
 * name is what to call the input (cli_display_name). Adds every
 * diagnostic, printed or not, and those the library left out of its list
 * (sgf_collection_diags_left_out), and the file to *n; a last line says
 * how many were left out, when some were. Flushes fp when it
 * printed anything, so that tools run in parallel into one file
 * (xargs -P) write whole lines.
 * Returns TOOL_INVALID when the collection has errors (or, with strict,
 * warnings), else TOOL_OK. Write errors are left to tool_close_stdout. */
int cli_print_diags(FILE *fp, const char *name, const sgf_collection *c,
                    const cli_diag_opts *o, cli_counts *n);

/* One line (a "left-out" record with CLI_FORMAT_JSON) for the
 * diagnostics of the input that the library left out of its list (at
 * most SGF_PARSE_MAX_DIAGS of each code are kept; the rest are counted):
 * how many, so that a reader knows the list is not all. Nothing when none
 * were, or with quiet when none of them counts as an error. Their codes
 * are added to n->by_code (the summary counts every diagnostic). Called
 * once an input, at its end. */
void cli_print_left_out(FILE *fp, const char *name,
                        const sgf_collection *c, const cli_diag_opts *o,
                        cli_counts *n);

/* The same without counting a file and without the line for those left
 * out: for the diagnostics of one game at a time (sgf_parse_fd_each);
 * the caller counts the file (cli_read_games prints that line at the end
 * of the input). */
int cli_print_diag_batch(FILE *fp, const char *name,
                         const sgf_collection *c, const cli_diag_opts *o,
                         cli_counts *n);

/* What cli_read_games does with each game tree g of collection c as
 * soon as it is read, and once more with g NULL at the end of the input:
 * its output. Returns a tool status. */
typedef int (*cli_game_fn)(void *payload, sgf_collection *c, sgf_game *g);

/* Read one input one game tree at a time (sgf_parse_fd_each: memory stays
 * that of one game however large the collection), with the given parse
 * options (may be NULL): fn for each game, then the diagnostics found
 * since the last (the reading's and what fn added) to fp as
 * cli_print_diag_batch prints them, counted in *n (standard output is
 * flushed first, so that the two streams interleave game by game). The
 * input is counted in n->files, or in n->unreadable after a message when
 * it cannot be read. Returns the worst status of fn, the diagnostics and
 * the reading. */
int cli_read_games(const char *path, const sgf_parse_options *po,
                   cli_game_fn fn, void *payload, FILE *fp,
                   const cli_diag_opts *d, cli_counts *n);

/* path ("-": standard input) opened for reading as an input: the
 * descriptor handed on by cli_read_give_fd for this path when there is
 * one, else opened now. -1 after the message "cannot open 'PATH': why".
 * The _stat form also sets *st to the walk's fstat of a descriptor
 * handed on with one (valid until the next cli_read_give_fd), else to
 * NULL. */
int cli_open_input(const char *path);
int cli_open_input_stat(const char *path, const struct stat **st);

/* fd, open on path (cli_inputs_take_fd), for the next cli_open_input of
 * path, with st its fstat (cli_inputs_last_stat: copied) or NULL; one
 * given before and not taken is closed. fd -1 gives nothing.
 * cli_read_drop_fd closes one not taken (an input read another way, as
 * an archive). */
void cli_read_give_fd(const char *path, int fd, const struct stat *st);
void cli_read_drop_fd(void);

/* A JSON string value (json.h's rules: bytes that are not UTF-8 become
 * U+FFFD) for records a tool writes field by field. */
void cli_json_string(FILE *fp, const char *s);

/* A TSV field: the n bytes of s with tab, line feed, carriage return,
 * backslash and NUL written \t \n \r \\ \0 and the other control bytes
 * (below 0x20, 0x7F) \xHH, always, so that every field stays one field,
 * reads back as the bytes it was (a file name, a value) and puts no
 * terminal escape on a screen; bytes from 0x80 up as they are. One form
 * for every tool's TSV. */
void cli_tsv_field(FILE *fp, const char *s, size_t n);

/* The last message tool_error printed, and how many it printed so far
 * (so a caller can tell whether one came during some work). */
const char *cli_last_error(unsigned long *count);
/* msg taken as the last message of tool_error, counted, not printed (a
 * worker of -j told what the parent said for it). */
void cli_note_error(const char *msg);

/* The summary line on stderr:
 *   sgf-validate: 3 files, 2 errors, 1 warning
 * followed by ", N notes" and "; N files could not be read" when not
 * zero. Numbers are plain integers, the same in every locale. */
void cli_print_summary(const cli_counts *n);

#endif
