/*
 * sgf/props.h - the SGF property table and the value decoders.
 *
 * Sources: SGF FF[4] spec, "sgf4.html" section 3 (value types) and
 * "properties.html" (every property); "go.html" for Go points, moves and
 * passes. The table itself is sgf/props.def.
 */
#ifndef SGF_PROPS_H
#define SGF_PROPS_H

#include <sgf/types.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sgf_prop_kind {
    SGF_KIND_NONE = 0,   /* may stand in any node */
    SGF_KIND_MOVE,
    SGF_KIND_SETUP,
    SGF_KIND_ROOT,
    SGF_KIND_GAME_INFO
} sgf_prop_kind;

typedef enum sgf_value_type {
    SGF_VT_NONE = 0,     /* must be empty: [] */
    SGF_VT_NUMBER,       /* [+-]digits */
    SGF_VT_REAL,         /* Number ["." digits] */
    SGF_VT_DOUBLE,       /* 1 or 2 */
    SGF_VT_COLOR,        /* B or W */
    SGF_VT_SIMPLETEXT,
    SGF_VT_TEXT,
    SGF_VT_POINT,        /* Go point; with SGF_PF_LIST compressible */
    SGF_VT_MOVE,         /* Go move: point, or [] pass ([tt] up to 19x19) */
    SGF_VT_POINT_PAIR,   /* point ':' point (AR, LN) */
    SGF_VT_LABEL,        /* point ':' simpletext (LB) */
    SGF_VT_SIZE,         /* number | number ':' number (SZ) */
    SGF_VT_APP,          /* simpletext ':' simpletext (AP) */
    SGF_VT_FIGURE,       /* none | number ':' simpletext (FG) */
    SGF_VT_UNKNOWN       /* unknown properties: kept as raw text */
} sgf_value_type;

enum {
    SGF_PF_LIST = 1u << 0,
    SGF_PF_ELIST = 1u << 1,
    SGF_PF_INHERIT = 1u << 2,
    SGF_PF_GO = 1u << 3,
    SGF_PF_MARKUP = 1u << 4,
    SGF_PF_OBSOLETE = 1u << 5  /* not in FF[4] */
};

/* SGF_PROP_<ID> = value, from sgf/props.def. The values are part of the
 * ABI: never changed nor reused; a property added later gets a new, higher
 * value. There is no count in this header: a program must expect ids it
 * does not know (sgf_prop_info_of answers NULL for a value no property
 * has). */
typedef enum sgf_prop_id {
    SGF_PROP_UNKNOWN = 0,
#define SGF_PROP(id, value, kind, vt, ff, flags, desc) SGF_PROP_##id = value,
#include <sgf/props.def>
#undef SGF_PROP
} sgf_prop_id;

typedef struct sgf_prop_info {
    const char *ident;        /* "AB" */
    sgf_prop_kind kind;
    sgf_value_type value_type;
    unsigned formats;         /* bit n-1 set = defined in FF[n] */
    unsigned flags;           /* SGF_PF_* */
    const char *description;
} sgf_prop_info;

/* The id of an uppercase identifier ("AB"), or SGF_PROP_UNKNOWN. */
SGF_API sgf_prop_id sgf_prop_id_from_name(const char *ident, size_t len);

/* Table entry of an id; NULL for SGF_PROP_UNKNOWN or out of range. Static
 * storage. */
SGF_API const sgf_prop_info *sgf_prop_info_of(sgf_prop_id id);

/* --- value decoders ---------------------------------------------------
 * Each takes a value's bytes with escapes already removed (sgf_prop_text)
 * unless said otherwise, and returns 0, SGF_ESYNTAX when the bytes are
 * not of the type (the output is then unchanged), or SGF_EINVAL when an
 * out-pointer is NULL or the value has a NULL pointer and a length. A
 * NULL pointer with length 0 is the empty value. None allocates. */

/* The largest move number the library shows or counts to. MN[] (FF[4]
 * spec, "MN": the number of the move in its node, later moves counting
 * on from it) above it or below 0 is refused: the checks report it
 * (value-range) and figures and the XML export number that move as if
 * MN[] were absent; numbers counted on from a large MN[] stay at it.
 * Nine digits: no sum of a move number and a count of moves overflows. */
#define SGF_MOVE_NUMBER_MAX 999999999L

/* Number: ["+"|"-"] digit {digit}. Out of range of long: SGF_ESYNTAX. */
SGF_API int sgf_value_number(sgf_str v, long *out);

/* Real: Number ["." digit {digit}], read without the locale ("-0" and
 * "-0.0" give 0, never a negative zero). */
SGF_API int sgf_value_real(sgf_str v, double *out);

/* Real as real files write it (komi above all): the strict form, or with
 * blanks around it (" 6.5 "), a decimal comma ("6,5"), no digit before
 * the point (".5", "-.5") or none after it ("5."), a word after the
 * number ("6.5pts", "6.5 points"), or a half written "5 1/2" or "5½"
 * (UTF-8). Returns 0 with *out set, and *loose (may be NULL) true when
 * the value was read from a form other than the strict one; SGF_ESYNTAX
 * when it is no readable number (also for ""); SGF_EINVAL when out is
 * NULL. On an error *out and *loose are unchanged. */
SGF_API int sgf_value_real_loose(sgf_str v, double *out, bool *loose);

/* Double: "1" (normal) or "2" (emphasized). */
SGF_API int sgf_value_double(sgf_str v, int *out);

/* Color: "B" -> SGF_BLACK, "W" -> SGF_WHITE. */
SGF_API int sgf_value_color(sgf_str v, sgf_color *out);

/* Point: two letters a-z (0..25) A-Z (26..51), column then row. The point
 * may lie outside a given board; check against the board size yourself. */
SGF_API int sgf_value_point(sgf_str v, sgf_point *out);

/* Move on a width x height board: "" is a pass, and "tt" is a pass when
 * both sides are at most 19 (FF[3] form); otherwise a point as above.
 * *pass tells which. */
SGF_API int sgf_value_move(sgf_str v, int width, int height,
                           sgf_point *out, bool *pass);

/* Split a composed value "a:b" at its first ':' not escaped by '\'. Works
 * on raw bytes (escapes still in). SGF_ESYNTAX when there is no ':'. */
SGF_API int sgf_value_split(sgf_str raw, sgf_str *left, sgf_str *right);

/* A compressed point list value "ul:lr" or a single point "pt": the
 * rectangle it covers (FF[4] section 3.5.1), *ul its upper-left and *lr
 * its lower-right corner. For a single point *ul == *lr. The spec has
 * the upper-left corner written first; corners written in another order
 * ("cc:aa", "ca:ac") are read as the rectangle they span, as every
 * reader of the library reads them (sgf-validate warns value-format).
 * SGF_ESYNTAX when a corner is not a point; SGF_EINVAL when ul or lr is
 * NULL. */
SGF_API int sgf_value_rect(sgf_str v, sgf_point *ul, sgf_point *lr);

/* Format a point as SGF letters into buf (3 bytes: two letters and NUL).
 * Returns buf. */
SGF_API char *sgf_point_format_sgf(char buf[3], sgf_point pt);

/* Format a point in board notation ("D16": columns A..Z without I, rows
 * counted from the bottom of a board of the given height) into buf (at
 * least 4 bytes). Returns buf, or NULL when x >= 25 (no letter). */
SGF_API char *sgf_point_format_vertex(char buf[4], sgf_point pt,
                                      int height);

/* Read a point in board notation, the inverse of sgf_point_format_vertex:
 * the len bytes at s are a column letter A..Z without I (either case)
 * and the row counted from the bottom, 1 to height, in decimal ("D16",
 * "q3"; GTP's vertex). Returns 0 with *out set, or SGF_ESYNTAX: another
 * form, a point off the width x height board, or a board wider than 25
 * (no letter for its columns); SGF_EINVAL for s or out NULL. */
SGF_API int sgf_point_parse_vertex(const char *s, size_t len, int width,
                                   int height, sgf_point *out);

#ifdef __cplusplus
}
#endif
#endif
