/*
 * coord_int.h - the point-letter codec behind sgf_coord_of_letter, for
 * the hot paths of the parser, checks, replayer and counter.
 */
#ifndef SGF_COORD_INT_H
#define SGF_COORD_INT_H

#include <stdint.h>

/* 1 + the coordinate of an SGF point letter ('a' = 1 ... 'Z' = 52), 0
 * for every other byte. */
extern const uint8_t sgf__coord_plus1[256];

/* The coordinate of a lower-case point letter ('a' = 0 ... 'z' = 25),
 * or a value of 26 or more for any other byte: one subtraction, for the
 * hot paths that read boards up to 26 lines in place and leave other
 * values (capitals, rectangles) to the full readers. */
static inline unsigned sgf__coord_lower(char ch)
{
    return (unsigned)(unsigned char)ch - 'a';
}

/* Board notation's column letters, A..Z without I (GTP's vertex and the
 * diagrams' labels): the letter of column x (0..24), '\0' for any other
 * x; and the column of a letter in either case, -1 for any other byte. */
char sgf__vertex_letter(int x);
int sgf__vertex_column(char ch);

#endif
