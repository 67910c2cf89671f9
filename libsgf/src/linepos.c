/*
 * linepos.c - line and column of an input offset (sgf_collection_pos in
 * sgf/tree.h). A line break is LF, CR, CRLF or LFCR (FF[4] spec 3.2 lists
 * all four): a CR and an LF next to each other are one break.
 *
 * Every diagnostic asks, so this is on the hot path of a large collection
 * with many games. The input is cut into blocks of SGF__LINE_BLOCK bytes
 * and the line state at each block's start is recorded, lazily, as far as
 * the diagnostics go (most are near the root of each game). A collection
 * is read from several threads at once (sgf/tree.h): the marks are built
 * under the collection's lock, in pages that never move, and published by
 * their count; a position whose mark exists takes no lock. A position is
 * then found from its block's mark by a short scan. With SSE2 (every
 * x86-64) a block without CR is marked by counting its LFs 16 bytes at a
 * time, and other stretches visit only their line break bytes; without
 * it, memchr goes from LF to LF where the stretch holds no CR, else byte
 * by byte. tests/unit/test_parse.c checks both kinds of stretch against a
 * naive count.
 */
#include <stdbool.h>
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

#if defined(__SSE2__)
#include <emmintrin.h>

/* The same, 16 bytes at a time: only the line break bytes are visited
 * (bits of a mask), the rest is skipped; the bytes after the last whole
 * 16 go byte by byte. A pending break pairs only with the byte right
 * after it, so a gap between two break bytes clears it. */
static void step(sgf__linemark *m, const char *s, size_t from, size_t to)
{
    const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    size_t i = from, next = from;     /* next: just after the last break */
    for (; i + 16 <= to; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        unsigned bits = (unsigned)_mm_movemask_epi8(_mm_or_si128(
            _mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)));
        while (bits != 0) {
            size_t at = i + (unsigned)__builtin_ctz(bits);
            char ch = s[at];
            if (at != next)
                m->pending = 0;
            if (m->pending != 0 && m->pending != ch) {
                m->pending = 0;           /* second byte of CRLF or LFCR */
            } else {
                m->line++;
                m->prev_start = m->start;
                m->pending = ch;
            }
            m->start = (uint32_t)at + 1;
            next = at + 1;
            bits &= bits - 1;
        }
    }
    if (i > next)
        m->pending = 0;
    step_bytes(m, s, i, to);
}

/* A whole block (SGF__LINE_BLOCK bytes from `from`), when it holds no CR
 * and no CR is pending: its LFs are counted and the last two located, no
 * break visited one by one. False (m untouched) otherwise. */
static bool step_block(sgf__linemark *m, const char *s, size_t from)
{
    const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    __m128i count = _mm_setzero_si128(), any_cr = _mm_setzero_si128();
    if (m->pending == '\r')
        return false;
    for (size_t i = 0; i < SGF__LINE_BLOCK; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)
                                    (s + from + i));
        count = _mm_sub_epi8(count, _mm_cmpeq_epi8(v, lf));
        any_cr = _mm_or_si128(any_cr, _mm_cmpeq_epi8(v, cr));
    }
    if (_mm_movemask_epi8(any_cr) != 0)
        return false;
    /* each byte of count is at most SGF__LINE_BLOCK / 16 */
    __m128i sums = _mm_sad_epu8(count, _mm_setzero_si128());
    uint32_t lines = (uint32_t)_mm_cvtsi128_si32(sums)
        + (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(sums, 8));
    if (lines != 0) {
        size_t last[2] = { 0, 0 };
        unsigned found = 0;
        for (size_t i = SGF__LINE_BLOCK; i > 0 && found < 2; i -= 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)
                                        (s + from + i - 16));
            unsigned bits = (unsigned)_mm_movemask_epi8(
                _mm_cmpeq_epi8(v, lf));
            while (bits != 0 && found < 2) {
                unsigned hi = 31u - (unsigned)__builtin_clz(bits);
                last[found++] = from + i - 16 + hi;
                bits &= ~(1u << hi);
            }
        }
        m->line += lines;
        m->prev_start = lines >= 2 ? (uint32_t)last[1] + 1 : m->start;
        m->start = (uint32_t)last[0] + 1;
    }
    m->pending = s[from + SGF__LINE_BLOCK - 1] == '\n' ? '\n' : 0;
    return true;
}
#else
static bool step_block(sgf__linemark *m, const char *s, size_t from)
{
    (void)m, (void)s, (void)from;
    return false;
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
#endif

int sgf__linepos_init(sgf_collection *c)
{
    static const pthread_mutex_t unlocked = PTHREAD_MUTEX_INITIALIZER;
    c->marks_lock = unlocked;
    return 0;
}

void sgf__linepos_release(sgf_collection *c)
{
    for (size_t i = 0; c->mark_pages != NULL && i < c->npages; i++)
        if (c->mark_pages[i] != c->marks_inline)
            free(c->mark_pages[i]);    /* forgotten ones are NULL */
    if (c->mark_pages != &c->page0)
        free(c->mark_pages);
    pthread_mutex_destroy(&c->marks_lock);
}

void sgf__linepos_forget(sgf_collection *c, size_t offset)
{
    size_t n = atomic_load_explicit(&c->nmarks, memory_order_relaxed);
    size_t b = offset / SGF__LINE_BLOCK;
    if (n == 0 || c->mark_pages == &c->page0)
        return;
    if (b > n - 1)
        b = n - 1;                  /* the last mark stays: marks go on
                                       from it */
    for (size_t k = c->marks_forgotten; k < b / SGF__MARK_PAGE; k++) {
        if (c->mark_pages[k] != c->marks_inline)
            free(c->mark_pages[k]);
        c->mark_pages[k] = NULL;
    }
    if (b / SGF__MARK_PAGE > c->marks_forgotten)
        c->marks_forgotten = b / SGF__MARK_PAGE;
}

static sgf__linemark *mark_at(const sgf_collection *c, size_t b)
{
    return &c->mark_pages[b / SGF__MARK_PAGE][b % SGF__MARK_PAGE];
}

/* Room for mark b: the page table (sized for the whole input at once)
 * and b's page (the last one only as long as the input needs: most
 * inputs are one short page). 0 or SGF_ENOMEM. */
static int page_for(sgf_collection *c, size_t b)
{
    size_t marks = c->input_len / SGF__LINE_BLOCK + 1;
    if (c->mark_pages == NULL) {
        size_t pages = (marks - 1) / SGF__MARK_PAGE + 1;
        c->mark_pages = pages == 1 ? &c->page0
                        : calloc(pages, sizeof *c->mark_pages);
        if (c->mark_pages == NULL)
            return SGF_ENOMEM;
        c->npages = pages;
    }
    size_t k = b / SGF__MARK_PAGE, left = marks - k * SGF__MARK_PAGE;
    sgf__linemark **pg = &c->mark_pages[k];
    if (*pg == NULL && marks <= SGF__MARKS_INLINE)
        *pg = c->marks_inline;            /* most inputs: no allocation */
    if (*pg == NULL
        && (*pg = malloc((left < SGF__MARK_PAGE ? left : SGF__MARK_PAGE)
                         * sizeof **pg)) == NULL)
        return SGF_ENOMEM;
    return 0;
}

/* Mark m of one whole block (its start: block b) stepped to the next's
 * start. */
static void step_one_block(sgf__linemark *m, const char *s, size_t b)
{
    size_t from = b * SGF__LINE_BLOCK;
    if (!step_block(m, s, from))
        step(m, s, from, from + SGF__LINE_BLOCK);
}

#if defined(__SSE2__)
/* The LFs of s[a, b) (b - a a multiple of 16), and whether the stretch
 * breaks its lines plainly: by LF, or by CRLF, never by a lone CR or an
 * LFCR (a CR that is not the first byte of a CRLF). */
static size_t count_lf(const char *s, size_t a, size_t b, bool *plain)
{
    const __m128i lf = _mm_set1_epi8('\n'), crv = _mm_set1_epi8('\r');
    size_t lines = 0;
    unsigned cr_carry = 0, lone_carry = 0, bad = 0;
    while (a < b) {
        size_t end = b - a > 255 * 16 ? a + 255 * 16 : b;
        __m128i count = _mm_setzero_si128();
        for (; a < end; a += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)
                                        (s + a));
            __m128i is_lf = _mm_cmpeq_epi8(v, lf);
            unsigned cr = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v,
                                                                     crv));
            count = _mm_sub_epi8(count, is_lf);
            if (cr == 0 && cr_carry == 0 && lone_carry == 0)
                continue;
            unsigned lfm = (unsigned)_mm_movemask_epi8(is_lf);
            unsigned after_cr = ((cr << 1) | cr_carry) & 0xFFFF;
            unsigned lone = lfm & ~after_cr;     /* an LF not of a CRLF */
            bad |= after_cr & ~lfm;              /* a CR without its LF */
            bad |= (((lone << 1) | lone_carry) & 0xFFFF) & cr;  /* LFCR */
            cr_carry = cr >> 15;
            lone_carry = lone >> 15;
        }
        __m128i sums = _mm_sad_epu8(count, _mm_setzero_si128());
        lines += (size_t)_mm_cvtsi128_si32(sums)
                 + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(sums, 8));
    }
    *plain = bad == 0 && cr_carry == 0;
    return lines;
}
#endif

/* The start of the line after the last LF of s[a, b) (one is there). */
static size_t after_last_lf(const char *s, size_t a, size_t b)
{
    while (b > a && s[b - 1] != '\n')
        b--;
    return b;
}

void sgf__linemark_blocks(sgf__linemark *m, const char *s, size_t from,
                          size_t to)
{
#if defined(__SSE2__)
    /* a stretch whose lines end by LF or CRLF, as its blocks one by one
     * would mark it: a line a LF, the last two found from its end, the
     * LF at its end pending unless it ends a CRLF */
    size_t a = from * SGF__LINE_BLOCK, b = to * SGF__LINE_BLOCK;
    bool plain;
    if (to > from && m->pending != '\r'
        && !(m->pending == '\n' && s[a] == '\r')) {
        size_t lines = count_lf(s, a, b, &plain);
        if (plain) {
            if (lines > 0) {
                size_t last = after_last_lf(s, a, b);
                m->prev_start = lines >= 2
                    ? (uint32_t)after_last_lf(s, a, last - 1) : m->start;
                m->start = (uint32_t)last;
            }
            m->line += (uint32_t)lines;
            m->pending = s[b - 1] == '\n' && !(b - 1 > a
                                                && s[b - 2] == '\r')
                         ? '\n' : 0;
            return;
        }
    }
#endif
    for (size_t k = from; k < to; k++)
        step_one_block(m, s, k);
}

/* Marks for every block up to block b; the caller holds marks_lock.
 * 0 or SGF_ENOMEM. */
static int mark_to(sgf_collection *c, size_t b)
{
    size_t n = atomic_load_explicit(&c->nmarks, memory_order_relaxed);
    int rc = 0;
    if (n == 0 && (rc = page_for(c, 0)) == 0) {
        sgf__linemark first = { 1, 0, 0, 0 };
        *mark_at(c, 0) = first;
        n = 1;
    }
    while (rc == 0 && n <= b && (rc = page_for(c, n)) == 0) {
        sgf__linemark m = *mark_at(c, n - 1);
        step_one_block(&m, c->input, n - 1);
        *mark_at(c, n++) = m;
    }
    atomic_store_explicit(&c->nmarks, n, memory_order_release);
    return rc;
}

int sgf__linepos_mark(sgf_collection *c, size_t b, sgf__linemark *m)
{
    if (b < c->marks_from || b / SGF__MARK_PAGE < c->marks_forgotten
        || b > c->input_len / SGF__LINE_BLOCK)
        return SGF_EINVAL;
    bool lock = !c->marks_single;
    if (lock)
        pthread_mutex_lock(&c->marks_lock);
    int rc = mark_to(c, b);
    if (lock)
        pthread_mutex_unlock(&c->marks_lock);
    if (rc == 0)
        *m = *mark_at(c, b);
    return rc;
}

int sgf__linepos_seed(sgf_collection *c, size_t b, const sgf__linemark *m)
{
    if (b > c->input_len / SGF__LINE_BLOCK || page_for(c, b) != 0)
        return SGF_ENOMEM;
    *mark_at(c, b) = *m;
    c->marks_from = b;
    atomic_store_explicit(&c->nmarks, b + 1, memory_order_release);
    return 0;
}

/* The document's place of offset of a collection read from XML: that of
 * the last node, property or value written at or before it. */
static sgf_pos doc_pos(const sgf_collection *c, size_t offset)
{
    size_t lo = 0, hi = c->nposmap;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->posmap[mid].out <= offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 ? c->posmap[lo - 1].at : c->posmap[0].at;
}

sgf_pos sgf_collection_pos(const sgf_collection *cc, size_t offset)
{
    sgf_collection *c = (sgf_collection *)(uintptr_t)cc;
    sgf_pos p = { (uint32_t)offset, 0, 0 };
    if (c != NULL && c->nposmap > 0)
        return doc_pos(c, offset);
    if (offset > c->input_len)
        offset = c->input_len;
    size_t b = offset / SGF__LINE_BLOCK;
    if (b < c->marks_from)
        return p;                 /* before the part read (parse.h,
                                     sgf_parse_fd_part): no position */
    if (b >= atomic_load_explicit(&c->nmarks, memory_order_acquire)) {
        bool lock = !c->marks_single;   /* the parse is one thread */
        if (lock)
            pthread_mutex_lock(&c->marks_lock);
        int rc = mark_to(c, b);
        if (lock)
            pthread_mutex_unlock(&c->marks_lock);
        if (rc != 0)
            return p;
    }
    if (b / SGF__MARK_PAGE < c->marks_forgotten)
        return p;                 /* before what a game-by-game reading
                                     kept: no position */
    sgf__linemark m = *mark_at(c, b);
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
