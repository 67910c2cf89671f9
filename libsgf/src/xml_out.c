/*
 * xml_out.c - the bytes of the XML export: elements, attributes and text
 * appended to a buffer, escaped for XML 1.0, in the layout of the
 * documents libsgf has always written (one element a line, indented one
 * space a level up to MAX_INDENT levels, text inline; or no layout at
 * all when compact).
 *
 * Why not libxml2's xmlTextWriter, which wrote them before: the
 * vocabulary is fixed (a dozen element names, attribute values that are
 * numbers, points and names), and the writer's cost per call (a list
 * walk, a strlen and a buffer append for every name, quote and bracket)
 * was five times what the rest of a conversion costs. What the writer
 * protected against, text that XML cannot carry, never reaches this
 * code: values that are not UTF-8 made of XML 1.0 characters are written
 * in base64 (xml.c). The escapes are those the writer made, so the bytes
 * are the same; libxml2 still reads every document back in the tests.
 */
#include <stdio.h>
#include <string.h>
#include <sgf/types.h>
#include "xml_int.h"

void sgf__xout_init(sgf__xout *o, bool indent)
{
    memset(o, 0, sizeof *o);
    o->indent = indent;
}

void sgf__xout_release(sgf__xout *o)
{
    sgf__buf_release(&o->buf);
    sgf__buf_release(&o->names);
}

/* Append n bytes (the buffer is handed on by length: no NUL kept). A
 * full buffer of SGF__XOUT_SPILL bytes or more is handed to the caller
 * first (o->spill), not grown. */
static void put_slow(sgf__xout *o, const char *s, size_t n)
{
    if (o->err == 0 && o->spill != NULL && o->buf.len >= SGF__XOUT_SPILL) {
        int e = o->spill(o->spill_arg);
        if (e != 0)
            o->err = e;
    }
    if (o->err == 0 && sgf__buf_grow(&o->buf, n) != 0)
        o->err = SGF_ENOMEM;
    if (o->err == 0) {
        memcpy(o->buf.ptr + o->buf.len, s, n);
        o->buf.len += n;
    }
}

static inline void put(sgf__xout *o, const char *s, size_t n)
{
    if (o->buf.cap - o->buf.len > n) {
        char *d = o->buf.ptr + o->buf.len;
        if (n <= 16)            /* most are names and quotes: no call */
            for (size_t i = 0; i < n; i++)
                d[i] = s[i];
        else
            memcpy(d, s, n);
        o->buf.len += n;
    } else if (n > 0) {
        put_slow(o, s, n);
    }
}

#define PUT(o, lit) put((o), (lit), sizeof (lit) - 1)

static void spaces(sgf__xout *o, size_t n)
{
    static const char sp[] = "                                ";
    while (n > 0) {
        size_t k = n < sizeof sp - 1 ? n : sizeof sp - 1;
        put(o, sp, k);
        n -= k;
    }
}

/* An open element's name, as it is kept. */
typedef struct xout_name {
    const char *name;
    size_t len;
} xout_name;

static size_t depth(const sgf__xout *o)
{
    return o->names.len / sizeof(xout_name);
}

/* Deeper elements are indented as those at this depth: the indentation
 * of a record nested a variation in a variation thousands of times deep
 * would otherwise grow with the square of its size. */
enum { MAX_INDENT = 64 };

static void indent(sgf__xout *o)
{
    size_t d = depth(o);
    spaces(o, d < MAX_INDENT ? d : MAX_INDENT);
}

/* End the open start tag, if any: with a line break before a child
 * element, without one before text. */
static void close_tag(sgf__xout *o, bool newline)
{
    if (!o->open_tag)
        return;
    PUT(o, ">");
    if (newline && o->indent)
        PUT(o, "\n");
    o->open_tag = false;
}

int sgf__xout_raw(sgf__xout *o, const char *s, size_t n)
{
    put(o, s, n);
    return o->err;
}

int sgf__xout_start_n(sgf__xout *o, const char *name, size_t len)
{
    xout_name nm = { name, len };
    close_tag(o, true);
    if (o->indent)
        indent(o);
    PUT(o, "<");
    put(o, name, len);
    if (o->names.cap - o->names.len > sizeof nm) {
        memcpy(o->names.ptr + o->names.len, &nm, sizeof nm);
        o->names.len += sizeof nm;
    } else if (o->err == 0
               && sgf__buf_add(&o->names, &nm, sizeof nm) != 0) {
        o->err = SGF_ENOMEM;
    }
    o->open_tag = true;
    o->text = false;
    return o->err;
}

int sgf__xout_end(sgf__xout *o)
{
    if (depth(o) == 0)
        return o->err;
    xout_name nm;
    o->names.len -= sizeof nm;
    memcpy(&nm, o->names.ptr + o->names.len, sizeof nm);
    if (o->open_tag) {
        PUT(o, "/>");
    } else {
        if (o->indent && !o->text)
            indent(o);
        PUT(o, "</");
        put(o, nm.name, nm.len);
        PUT(o, ">");
    }
    if (o->indent)
        PUT(o, "\n");
    o->open_tag = false;
    o->text = false;
    return o->err;
}

/* Escape n bytes of UTF-8: the markup characters and the carriage
 * return always (a parser would turn a bare one into a line feed); in
 * attribute values also the quote, the blanks that attribute
 * normalisation would turn into spaces, and every character outside
 * ASCII as a character reference. */
/* Bytes that may need escaping: 1 in text and attributes, 2 only in
 * attributes. */
static const unsigned char special[256] = {
    ['<'] = 1, ['>'] = 1, ['&'] = 1, ['"'] = 1, ['\r'] = 1,
    ['\n'] = 2, ['\t'] = 2,
    [0x80] = 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2
};

static void escaped(sgf__xout *o, const char *s, size_t n, bool attr)
{
    const unsigned char *u = (const unsigned char *)s;
    unsigned char mask = attr ? 3 : 1;
    size_t from = 0;
    for (size_t i = 0; i < n; ) {
        unsigned char c = u[i];
        if (!(special[c] & mask)) {
            i++;
            continue;
        }
        const char *rep = NULL;
        char num[16];
        size_t len = 1;
        switch (c) {
        case '<': rep = "&lt;"; break;
        case '>': rep = "&gt;"; break;
        case '&': rep = "&amp;"; break;
        case '"': rep = "&quot;"; break;
        case '\r': rep = "&#13;"; break;
        case '\n': rep = attr ? "&#10;" : NULL; break;
        case '\t': rep = attr ? "&#9;" : NULL; break;
        default:
            if (attr && c >= 0x80) {
                uint32_t cp;
                len = sgf_utf8_char(s + i, n - i, &cp);
                if (len == 0) {
                    len = 1;
                    cp = 0xFFFD;
                }
                snprintf(num, sizeof num, "&#x%X;", (unsigned)cp);
                rep = num;
            }
            break;
        }
        if (rep != NULL) {
            put(o, s + from, i - from);
            put(o, rep, strlen(rep));
            from = i + len;
        }
        i += len;
    }
    put(o, s + from, n - from);
}

int sgf__xout_attr_n(sgf__xout *o, const char *name, size_t n,
                     const char *val)
{
    char head[64];
    if (n + 3 <= sizeof head) {
        head[0] = ' ';
        memcpy(head + 1, name, n);
        memcpy(head + 1 + n, "=\"", 2);
        put(o, head, n + 3);
    } else {
        PUT(o, " ");
        put(o, name, n);
        PUT(o, "=\"");
    }
    escaped(o, val, strlen(val), true);
    PUT(o, "\"");
    return o->err;
}

int sgf__xout_attr_long_n(sgf__xout *o, const char *name, size_t len,
                          long v)
{
    char buf[24], *p = buf + sizeof buf;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    *--p = '\0';
    do
        *--p = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    if (v < 0)
        *--p = '-';
    return sgf__xout_attr_n(o, name, len, p);
}

int sgf__xout_text(sgf__xout *o, const char *s, size_t n)
{
    close_tag(o, false);
    escaped(o, s, n, false);
    o->text = true;
    return o->err;
}

int sgf__xout_element(sgf__xout *o, const char *name, const char *text)
{
    sgf__xout_start(o, name);
    sgf__xout_text(o, text, strlen(text));
    return sgf__xout_end(o);
}
