/*
 * codes_int.h - the internal sizes of the code tables: one more than the
 * highest value in sgf/diagcodes.def and in sgf/props.def. The public
 * enums carry no count (a count in an installed header would change with
 * every new code); the library sizes its tables from these.
 */
#ifndef SGF_CODES_INT_H
#define SGF_CODES_INT_H

#include <sgf/diag.h>
#include <sgf/props.h>

/* A union with one member char[value] per line is as large as the highest
 * value: a compile-time maximum over the X-macro. */
union sgf__diag_values {
    char none_;
#define SGF_DIAG(id, value, name, sev4, sev3, crit, meaning) \
    char id[value];
#include <sgf/diagcodes.def>
#undef SGF_DIAG
};

union sgf__prop_values {
    char unknown_;
#define SGF_PROP(id, value, kind, vt, ff, flags, desc) char id[value];
#include <sgf/props.def>
#undef SGF_PROP
};

#define SGF__D_COUNT ((unsigned)sizeof(union sgf__diag_values) + 1u)
#define SGF__PROP_COUNT ((unsigned)sizeof(union sgf__prop_values) + 1u)

#endif
