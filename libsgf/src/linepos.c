/*
 * linepos.c - line and column of an input offset (sgf_collection_pos in
 * sgf/tree.h). A line break is LF, CR, CRLF or LFCR (FF[4] spec 3.2 lists
 * all four): a CR and an LF next to each other are one break.
 *
 * Every diagnostic asks, so this is on the hot path of a large collection
 * with many games. The input is cut into blocks of SGF__LINE_BLOCK bytes
 * and the line state at each block's start is recorded, lazily, as far as
 * the diagnostics go (most are near the root of each game). A position is
 * then found from its block's mark by a short scan: from LF to LF with
 * memchr where the stretch holds no CR, else byte by byte.
 */
#include <stdlib.h>
#include <string.h>
#include "tree_int.h"

/* Bytes s[from..to) taken into the line state m. */
static void step_bytes(sgf__linemark *m, const char *s, size_t from,
                       size_t to)
{
    for (size_t i = from; i < to; i++) {
        char ch = s[i];
        if (ch != '\n' && ch != '\r') {
            m->pending = 0;
        } else if (m->pending != 0 && m->pending != ch) {
            m->pending = 0;               /* second byte of CRLF or LFCR */
            m->start = (uint32_t)i + 1;
        } else {
            m->line++;
            m->prev_start = m->start;
            m->start = (uint32_t)i + 1;
            m->pending = ch;
        }
    }
}

/* The same: a stretch without CR (the usual case) goes by memchr from
 * LF to LF; lines are short, so most of the cost is per line. */
static void step(sgf__linemark *m, const char *s, size_t from, size_t to)
{
    if (from >= to)
        return;
    if (m->pending == '\r' || memchr(s + from, '\r', to - from) != NULL) {
        step_bytes(m, s, from, to);
        return;
    }
    const char *p = s + from, *e = s + to, *lf;
    while ((lf = memchr(p, '\n', (size_t)(e - p))) != NULL) {
        m->line++;
        m->prev_start = m->start;
        m->start = (uint32_t)(lf - s) + 1;
        p = lf + 1;
    }
    m->pending = s[to - 1] == '\n' ? '\n' : 0;
}

/* Marks for every block up to block b. 0 or SGF_ENOMEM. */
static int mark_to(sgf_collection *c, size_t b)
{
    if (b < c->nmarks)
        return 0;
    if (b >= c->marks_cap) {
        size_t cap = c->marks_cap ? c->marks_cap : 64;
        while (cap <= b)
            cap *= 2;
        sgf__linemark *nm = realloc(c->marks, cap * sizeof *nm);
        if (nm == NULL)
            return SGF_ENOMEM;
        c->marks = nm;
        c->marks_cap = cap;
    }
    if (c->nmarks == 0) {
        sgf__linemark first = { 1, 0, 0, 0 };
        c->marks[c->nmarks++] = first;
    }
    while (c->nmarks <= b) {
        sgf__linemark m = c->marks[c->nmarks - 1];
        size_t from = (c->nmarks - 1) * SGF__LINE_BLOCK;
        step(&m, c->input, from, from + SGF__LINE_BLOCK);
        c->marks[c->nmarks++] = m;
    }
    return 0;
}

sgf_pos sgf_collection_pos(const sgf_collection *cc, size_t offset)
{
    sgf_collection *c = (sgf_collection *)(uintptr_t)cc;
    sgf_pos p = { (uint32_t)offset, 0, 0 };
    if (offset > c->input_len)
        offset = c->input_len;
    size_t b = offset / SGF__LINE_BLOCK;
    if (mark_to(c, b) != 0)
        return p;
    sgf__linemark m = c->marks[b];
    step(&m, c->input, b * SGF__LINE_BLOCK, offset);
    const char *s = c->input;
    if (offset < c->input_len && m.pending != 0
        && (s[offset] == '\n' || s[offset] == '\r')
        && s[offset] != m.pending) {
        m.line--;                  /* the LF of a CRLF ends its line */
        m.start = m.prev_start;
    }
    p.line = m.line;
    p.column = (uint32_t)(offset - m.start) + 1;
    return p;
}
