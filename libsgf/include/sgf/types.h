/*
 * sgf/types.h - basic value types shared by every libsgf module.
 *
 * Points follow SGF (FF[4] spec, section "Go: Point"): 0-based column x and
 * row y counted from the top-left corner; boards go up to 52x52 and may be
 * rectangular. Colours use the SGF spelling "color".
 */
#ifndef SGF_TYPES_H
#define SGF_TYPES_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Public functions carry SGF_API; everything else in the shared library
 * is hidden (built with -fvisibility=hidden). */
#if defined(__GNUC__)
#define SGF_API __attribute__((visibility("default")))
#else
#define SGF_API
#endif

/* Return codes of library calls: 0 = the call did its job. They say
 * nothing about the input's quality; problems in the input are
 * diagnostics (sgf/diag.h). */
enum {
    SGF_OK = 0,
    SGF_ENOMEM = -1,   /* allocation failed */
    SGF_EIO = -2,      /* read or write failed; errno is preserved */
    SGF_EINVAL = -3,   /* API misuse: bad argument */
    SGF_ESYNTAX = -4   /* input unusable */
};

/* A view of bytes: pointer and length. Not NUL-terminated in general, and
 * it may contain NUL bytes. Borrowed from whoever owns the memory. */
typedef struct sgf_str {
    const char *ptr;
    size_t len;
} sgf_str;

typedef enum sgf_color {
    SGF_EMPTY = 0,
    SGF_BLACK = 1,
    SGF_WHITE = 2
} sgf_color;

/* A board point: x = column, y = row, both 0-based from the top-left, as
 * SGF writes them ("aa" = {0,0}). */
typedef struct sgf_point {
    uint8_t x, y;
} sgf_point;

/* Largest board side the SGF FF[4] spec allows (letters a-z, A-Z). */
#define SGF_MAX_SIZE 52

/* The coordinate (0 to 51) an SGF point letter stands for: 'a'..'z' are
 * 0..25, 'A'..'Z' are 26..51 (SGF FF[4] spec, Go page, type Point; x
 * counts columns from the left, y rows from the top). ch is a byte value
 * (0 to 255, as from an unsigned char); -1 for any other byte or value.
 * Thread-safe, no allocation. */
SGF_API int sgf_coord_of_letter(int ch);

/* The SGF point letter of coordinate coord (0 to 51), the inverse of
 * sgf_coord_of_letter; '?' for a coordinate outside 0..51. Thread-safe. */
SGF_API char sgf_letter_of_coord(int coord);

/* Text for a return code ("out of memory", ...). Static storage; never
 * NULL; unknown codes give "unknown error". Thread-safe. */
SGF_API const char *sgf_strerror(int err);

/* The length (1 to 4) of the well-formed UTF-8 sequence that starts the
 * n bytes at s, with its code point in *cp (cp may be NULL); 0 when they
 * do not start with one (n == 0 or s NULL included). Well-formed is RFC
 * 3629's definition: no overlong forms, no surrogates (U+D800-U+DFFF),
 * nothing above U+10FFFF. */
SGF_API size_t sgf_utf8_char(const char *s, size_t n, uint32_t *cp);

/* Library version as "MAJOR.MINOR.PATCH". Static storage. */
SGF_API const char *sgf_version(void);

#ifdef __cplusplus
}
#endif
#endif
