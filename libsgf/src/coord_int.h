/*
 * coord_int.h - the point-letter table behind sgf_coord_of_letter, for
 * the parser's hot path (one load a letter).
 */
#ifndef SGF_COORD_INT_H
#define SGF_COORD_INT_H

#include <stdint.h>

/* 1 + the coordinate of an SGF point letter ('a' = 1 ... 'Z' = 52), 0
 * for every other byte. */
extern const uint8_t sgf__coord_plus1[256];

#endif
