/*
 * coord.c - the one SGF point-letter codec of libsgf and its tools:
 * 'a'..'z' = 0..25, 'A'..'Z' = 26..51 (SGF FF[4] spec, the Go page's
 * "Point" type; boards up to 52 lines).
 */
#include <sgf/types.h>
#include "coord_int.h"

/* 1 + coordinate for the 52 letters, 0 for every other byte. */
#define AZ(a, v) [a] = v, [a + 1] = v + 1, [a + 2] = v + 2, [a + 3] = v + 3, \
    [a + 4] = v + 4, [a + 5] = v + 5, [a + 6] = v + 6, [a + 7] = v + 7, \
    [a + 8] = v + 8, [a + 9] = v + 9, [a + 10] = v + 10, [a + 11] = v + 11, \
    [a + 12] = v + 12, [a + 13] = v + 13, [a + 14] = v + 14, \
    [a + 15] = v + 15, [a + 16] = v + 16, [a + 17] = v + 17, \
    [a + 18] = v + 18, [a + 19] = v + 19, [a + 20] = v + 20, \
    [a + 21] = v + 21, [a + 22] = v + 22, [a + 23] = v + 23, \
    [a + 24] = v + 24, [a + 25] = v + 25
const uint8_t sgf__coord_plus1[256] = { AZ('a', 1), AZ('A', 27) };
#undef AZ

static const char letters[SGF_MAX_SIZE + 1] =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

int sgf_coord_of_letter(int ch)
{
    if (ch < 0 || ch > 255)
        return -1;
    return (int)sgf__coord_plus1[ch] - 1;
}

static const char vertex_letters[26] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

char sgf__vertex_letter(int x)
{
    return x >= 0 && x < 25 ? vertex_letters[x] : '\0';
}

int sgf__vertex_column(char ch)
{
    int up = ch >= 'a' && ch <= 'z' ? ch - ('a' - 'A') : ch;
    if (up < 'A' || up > 'Z' || up == 'I')
        return -1;
    return up - 'A' - (up > 'I');
}

char sgf_letter_of_coord(int coord)
{
    return coord >= 0 && coord < SGF_MAX_SIZE ? letters[coord] : '?';
}
