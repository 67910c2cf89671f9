/*
 * xml_guard.c - what libxml2 is handed of an untrusted document: a
 * lexer over the bytes, in step with the read callback, that stops the
 * document before libxml2 sees a shape whose cost grows faster than its
 * size (see sgf/xml.h, "Limits"):
 *
 *   - a start tag with more than SGF_XML_MAX_ATTRS attributes (libxml2
 *     checks each attribute against all others: quadratic);
 *   - more than SGF_XML_MAX_NS namespace declarations in the document
 *     (each prefixed name is looked up through all those in scope);
 *   - a name (element or attribute) longer than SGF_XML_MAX_NAME bytes;
 *   - a DOCTYPE or any other "<!" declaration (entities: expansion
 *     without bound);
 *   - a document that is not in an ASCII-compatible encoding (UTF-16,
 *     UCS-4), which this lexer could not follow.
 *
 * It follows comments, CDATA sections, processing instructions and
 * quoted attribute values, so that a '<' or '=' in them counts for
 * nothing. Its cost is a few operations per byte.
 */
#include <string.h>
#include <sgf/xml.h>
#include "xml_int.h"

enum {
    G_TEXT, G_LT, G_BANG, G_COMMENT, G_CDATA, G_PI, G_END_TAG, G_TAG,
    G_QUOTE
};

void sgf__xguard_init(sgf__xguard *g)
{
    memset(g, 0, sizeof *g);
    g->line = 1;
}

static const char *refuse(sgf__xguard *g, const char *why)
{
    g->why = why;
    return why;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* "<!": a comment ("<!--"), a CDATA section ("<![CDATA[") or a
 * declaration, which is refused. */
static const char *bang(sgf__xguard *g, char c)
{
    static const char cdata[] = "[CDATA[";
    if (g->match == 0 && c == '-') {
        g->match = -1;
        return NULL;
    }
    if (g->match == -1) {
        if (c != '-')
            return refuse(g, "a DOCTYPE (DTD, entities) is not allowed in "
                          "an SGF XML document");
        g->state = G_COMMENT;
        g->match = 0;
        return NULL;
    }
    if (g->match >= 0 && c == cdata[g->match]) {
        if (cdata[++g->match] == '\0') {
            g->state = G_CDATA;
            g->match = 0;
        }
        return NULL;
    }
    return refuse(g, "a DOCTYPE (DTD, entities) is not allowed in an SGF "
                  "XML document");
}

/* The end of a comment "-->", a CDATA section "]]>" or a processing
 * instruction "?>": mark is the repeated byte, need how many. */
static void closing(sgf__xguard *g, char c, char mark, int need)
{
    if (c == mark) {
        g->match++;
    } else {
        if (c == '>' && g->match >= need)
            g->state = G_TEXT;
        g->match = 0;
    }
}

/* A byte of a start tag outside quotes: count attributes ('='), spot
 * namespace declarations (an attribute name "xmlns" or "xmlns:..."),
 * bound name lengths. */
static const char *tag_byte(sgf__xguard *g, char c)
{
    static const char xmlns[] = "xmlns";
    if (c == '"' || c == '\'') {
        g->state = G_QUOTE;
        g->quote = c;
        g->name_len = 0;
        return NULL;
    }
    if (c == '>') {
        g->state = G_TEXT;
        return NULL;
    }
    if (is_space(c) || c == '=' || c == '/') {
        if (g->name_len == 5 && g->xmlns_ok && ++g->ns > SGF_XML_MAX_NS)
            return refuse(g, "more namespace declarations than an SGF XML "
                          "document needs");
        g->name_len = 0;
        if (c == '=' && ++g->attrs > SGF_XML_MAX_ATTRS)
            return refuse(g, "an element with more attributes than an SGF "
                          "XML document needs");
        return NULL;
    }
    if (c == ':' && g->name_len == 5 && g->xmlns_ok) {
        if (++g->ns > SGF_XML_MAX_NS)
            return refuse(g, "more namespace declarations than an SGF XML "
                          "document needs");
        g->xmlns_ok = false;
    }
    if (g->name_len == 0)
        g->xmlns_ok = true;
    if (g->name_len < 5 && c != xmlns[g->name_len])
        g->xmlns_ok = false;
    if (++g->name_len > SGF_XML_MAX_NAME)
        return refuse(g, "a name longer than an SGF XML document needs");
    return NULL;
}

static const char *lt_byte(sgf__xguard *g, char c)
{
    g->match = 0;
    g->name_len = 0;
    if (c == '!') {
        g->state = G_BANG;
    } else if (c == '?') {
        g->state = G_PI;
    } else if (c == '/') {
        g->state = G_END_TAG;
    } else {
        g->state = G_TAG;
        g->attrs = 0;
        return tag_byte(g, c);
    }
    return NULL;
}

/* Bytes the lexer can skip in one go: text up to '<', a quoted value up
 * to its quote. */
static size_t skip(const sgf__xguard *g, const char *s, size_t n)
{
    const char *e = NULL;
    if (g->state == G_TEXT)
        e = memchr(s, '<', n);
    else if (g->state == G_QUOTE)
        e = memchr(s, g->quote, n);
    else
        return 0;
    return e != NULL ? (size_t)(e - s) : n;
}

static size_t count_lines(const char *s, size_t n)
{
    size_t k = 0;
    for (const char *e; (e = memchr(s, '\n', n)) != NULL; k++) {
        n -= (size_t)(e - s) + 1;
        s = e + 1;
    }
    return k;
}

static const char *first_bytes(sgf__xguard *g, const char *s, size_t n)
{
    if (g->seen > 0 || n < 2)
        return NULL;
    const unsigned char *u = (const unsigned char *)s;
    if ((u[0] == 0xFE && u[1] == 0xFF) || (u[0] == 0xFF && u[1] == 0xFE)
        || u[0] == 0 || u[1] == 0)
        return refuse(g, "not in UTF-8 (or another ASCII-compatible "
                      "encoding): UTF-16 and UCS-4 documents are not read");
    return NULL;
}

const char *sgf__xguard_scan(sgf__xguard *g, const char *s, size_t n)
{
    if (g->why != NULL)
        return g->why;
    const char *why = first_bytes(g, s, n);
    if (why != NULL)
        g->column = 1;
    for (size_t i = 0; i < n && why == NULL; i++) {
        size_t k = skip(g, s + i, n - i), lines = count_lines(s + i, k);
        if (lines > 0) {
            g->line += lines;
            const char *nl = s + i + k;
            while (nl[-1] != '\n')
                nl--;
            g->line_at = g->seen + (size_t)(nl - s);
        }
        i += k;
        if (i == n)
            break;
        char c = s[i];
        if (c == '\n') {
            g->line++;
            g->line_at = g->seen + i + 1;
        }
        switch (g->state) {
        case G_TEXT: g->state = G_LT; break;
        case G_LT: why = lt_byte(g, c); break;
        case G_BANG: why = bang(g, c); break;
        case G_COMMENT: closing(g, c, '-', 2); break;
        case G_CDATA: closing(g, c, ']', 2); break;
        case G_PI: closing(g, c, '?', 1); break;
        case G_END_TAG: g->state = c == '>' ? G_TEXT : G_END_TAG; break;
        case G_TAG: why = tag_byte(g, c); break;
        default:                      /* G_QUOTE: the closing quote */
            g->state = G_TAG;
            break;
        }
        if (why != NULL && g->line_at >= g->seen) {
            /* its column in characters, as libxml2 counts them: the
               bytes of its line but UTF-8's continuation bytes (a line
               begun in an earlier part of the input: not known, 0) */
            unsigned long col = 1;
            for (size_t j = g->line_at - g->seen; j < i; j++)
                col += ((unsigned char)s[j] & 0xC0) != 0x80;
            g->column = col;
        }
    }
    g->seen += n;
    return why;
}
