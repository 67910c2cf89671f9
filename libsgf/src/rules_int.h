/*
 * rules_int.h - the version check every reader of an sgf_rules makes
 * (sgf/rules.h, sgf_rules_init): NULL stands for the defaults, a struct
 * of a version this library does not know is refused.
 */
#ifndef SGF_RULES_INT_H
#define SGF_RULES_INT_H

#include <stdbool.h>
#include <sgf/rules.h>

static inline bool sgf__rules_unknown(const sgf_rules *r)
{
    return r != NULL && r->version != SGF_RULES_VERSION;
}

#endif
