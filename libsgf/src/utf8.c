/*
 * utf8.c - the one UTF-8 decoder of libsgf and its tools (RFC 3629), for
 * whatever must tell well-formed text from raw bytes: output in UTF-8,
 * JSON and XML writers, charset detection.
 */
#include <sgf/types.h>

size_t sgf_utf8_char(const char *str, size_t n, uint32_t *cp)
{
    const unsigned char *s = (const unsigned char *)str;
    if (s == NULL || n == 0)
        return 0;
    unsigned char c = s[0];
    if (c < 0x80) {
        if (cp != NULL)
            *cp = c;
        return 1;
    }
    size_t len = c < 0xC2 ? 0 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : c < 0xF5 ? 4
               : 0;
    /* the second byte's range rules out overlong forms, surrogates and
     * code points above U+10FFFF (RFC 3629, table in section 4) */
    unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
    unsigned char hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    if (len == 0 || n < len || s[1] < lo || s[1] > hi)
        return 0;
    uint32_t v = c & (0x7Fu >> len);
    for (size_t k = 1; k < len; k++) {
        if (k > 1 && (s[k] & 0xC0) != 0x80)
            return 0;
        v = (v << 6) | (s[k] & 0x3Fu);
    }
    if (cp != NULL)
        *cp = v;
    return len;
}
