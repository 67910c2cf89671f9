/*
 * sgf/diag.h - diagnostics: what libsgf has to say about an input.
 *
 * Two channels are kept apart: a call's return code (sgf/types.h) says
 * whether the call could do its job; diagnostics describe the input, can be
 * many, and carry positions. A parse that recovers from faults returns
 * SGF_OK and leaves errors and warnings in the collection's list.
 *
 * Positions: byte offset (0-based), line (1-based) and column (1-based,
 * counted in bytes, a tab is one column). Lines end at LF, CR, CRLF or LFCR.
 */
#ifndef SGF_DIAG_H
#define SGF_DIAG_H

#include <stdio.h>
#include <sgf/types.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sgf_severity {
    SGF_SEV_NOTE = 0,
    SGF_SEV_WARNING = 1,
    SGF_SEV_ERROR = 2
} sgf_severity;

/* Stable diagnostic codes, SGF_D_<ID> = value, from sgf/diagcodes.def.
 * The values are part of the ABI: a value is never changed nor reused, new
 * codes get new, higher values, and a code no longer emitted stays defined
 * (its meaning says "retired"). There is no count in this header: a program
 * that iterates over the codes asks sgf_diag_code_count() at run time, and
 * must expect values unknown when it was built. */
typedef enum sgf_diag_code {
    SGF_D_NONE = 0,
#define SGF_DIAG(id, value, name, sev4, sev3, crit, meaning) \
    SGF_D_##id = value,
#include <sgf/diagcodes.def>
#undef SGF_DIAG
} sgf_diag_code;

typedef struct sgf_pos {
    uint32_t offset;  /* 0-based byte offset in the input */
    uint32_t line;    /* 1-based; 0 = no position */
    uint32_t column;  /* 1-based, in bytes */
} sgf_pos;

/* One diagnostic. Move-related fields are filled by the replayer;
 * elsewhere move_number is 0. Its struct version comes first: the
 * library's own diagnostics carry SGF_DIAG_VERSION, and one a program
 * makes (for sgf_collection_add_diag, sgf_diag_print_text) starts from
 * sgf_diag_init. Fields of later versions are added at the end, and the
 * library reads only the fields of the version a diagnostic carries. */
typedef struct sgf_diag {
    int version;             /* SGF_DIAG_VERSION */
    sgf_severity severity;
    sgf_diag_code code;
    sgf_pos pos;
    int32_t game;            /* 0-based game tree index; -1 = whole input */
    uint32_t move_number;    /* 1-based ordinal of B/W from the root,
                                0 = n/a */
    sgf_color color;         /* of the move, or SGF_EMPTY */
    bool has_point;          /* point below is meaningful */
    bool pass;               /* the move is a pass */
    sgf_point point;
    bool critical;           /* data was dropped or changed on reading */
    const char *message;     /* UTF-8, no trailing period; owned by the
                                collection (or by whoever made the diag) */
} sgf_diag;

#define SGF_DIAG_VERSION 1

/* Clear *d for struct version `version` (the SGF_DIAG_VERSION the caller
 * was built with): every field 0 or false, game -1 (the whole input),
 * message "". Returns 0; SGF_EINVAL when d is NULL or the library does
 * not know that version (*d unchanged). */
SGF_API int sgf_diag_init(sgf_diag *d, unsigned version);

/* Diagnostics counted by severity, and how many of them were critical
 * (sgf_collection_diags_left_out). */
typedef struct sgf_diag_counts {
    size_t errors, warnings, notes;
    size_t critical;
} sgf_diag_counts;

/* One more than the highest code value this build of the library knows:
 * the codes are the values 1 .. sgf_diag_code_count() - 1 for which
 * sgf_diag_code_name is not NULL. Grows (never shrinks) from one release
 * to the next. */
SGF_API unsigned sgf_diag_code_count(void);

/* The stable name of a code ("unclosed-value"), or NULL if the library
 * does not know that value. Static storage. */
SGF_API const char *sgf_diag_code_name(sgf_diag_code code);

/* The code for a name, or SGF_D_NONE. */
SGF_API sgf_diag_code sgf_diag_code_from_name(const char *name);

/* The one-line meaning of a code, as listed in man/sgf-validate.1. */
SGF_API const char *sgf_diag_code_meaning(sgf_diag_code code);

/* Default severity of a code: in FF[4] files (ff4 = true) or in FF[1]-FF[3]
 * files and files without FF (ff4 = false). */
SGF_API sgf_severity sgf_diag_code_severity(sgf_diag_code code, bool ff4);

/* "note", "warning" or "error"; "?" for another value. Static storage. */
SGF_API const char *sgf_severity_name(sgf_severity sev);

/* Write a file name to fp as the text printers show it: as it is, unless it
 * holds a control character (a byte below 0x20, or 0x7F), which could end
 * the line or forge the start of another one. Such a name is written with
 * C escapes: \n \t \r for those three, \xHH for the other control bytes,
 * and \\ for each backslash (only in a name that needs escaping, so that
 * its escaped form reads back unambiguously). Bytes from 0x80 up are
 * written as they are. name may be NULL ("<input>"). Returns 0, SGF_EINVAL
 * (fp NULL) or SGF_EIO when the write failed. */
SGF_API int sgf_print_name(FILE *fp, const char *name);

/* Print one diagnostic as a compiler does:
 *   FILE:LINE:COL: SEVERITY: MESSAGE [CODE]
 * or "FILE: SEVERITY: MESSAGE [CODE]" when it has no position. file may be
 * NULL ("<input>"); it is written as sgf_print_name writes it. Returns 0,
 * SGF_EINVAL (fp or d NULL, d of a struct version the library does not
 * know), or SGF_EIO when the write failed. */
SGF_API int sgf_diag_print_text(FILE *fp, const char *file,
                                const sgf_diag *d);

#ifdef __cplusplus
}
#endif
#endif
