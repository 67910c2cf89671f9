/*
 * parse_cut.c - places where a large input may be cut into parts that
 * are read apart (sgf/parse.h, sgf_cut_scan_*): just after a game tree's
 * closing ')', found by a quick reading of the bytes as plain SGF, each
 * with what a reading of the part needs of what lies before it: the line
 * state there, the number of game trees before it, and the facts the
 * parser takes from the whole input (its two-byte charset guess, whether
 * it is plain ASCII).
 *
 * The quick reading knows values ('[' to an unescaped ']'), escapes and
 * the nesting of '(' and ')'; not the parser's repairs, nor two-byte
 * charsets whose second byte may be ']' or '\'. It can be wrong on
 * inputs with faults: a reader of parts checks each part against the end
 * of the one before (sgf_part_end), as the tools do.
 */
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#endif
#include "tree_int.h"
#include "parse_int.h"

/* What sgf_cut.state holds (uint32 words). */
enum {
    ST_LINE, ST_START, ST_PREV, ST_PENDING, ST_BLOCK, ST_FACTS, ST_LEN,
    ST_MAGIC, ST_WORDS
};
#define CUT_MAGIC 0x53474663u       /* "SGFc" */
_Static_assert(ST_WORDS <= sizeof(((sgf_cut *)0)->state)
                           / sizeof(((sgf_cut *)0)->state[0]),
               "sgf_cut.state holds the scan's state");

struct sgf_cut_scan {
    const char *s;
    size_t n;
    size_t i;              /* read up to here */
    size_t depth;          /* open '(' at i, outside values */
    bool in_value;
    bool node;             /* the open top-level tree has a ';' */
    bool none;             /* never cut (a UTF-16 input) */
    size_t games;          /* game trees closed before i */
    sgf__linemark mark;    /* the line state at the start of block mb */
    size_t mb;
    sgf_cut_drop_fn drop;  /* told what is read and done with */
    void *payload;
    uint32_t facts;        /* the parser's mb_default | plain << 8 */
};

int sgf_cut_scan_new(sgf_cut_scan **out, const char *buf, size_t len,
                     sgf_cut_drop_fn drop, void *payload)
{
    if (out == NULL)
        return SGF_EINVAL;
    *out = NULL;
    if ((buf == NULL && len > 0) || len >= UINT32_MAX)
        return SGF_EINVAL;
    sgf_cut_scan *s = calloc(1, sizeof *s);
    if (s == NULL)
        return SGF_ENOMEM;
    s->s = buf;
    s->n = len;
    s->drop = drop;
    s->payload = payload;
    s->mark = (sgf__linemark){ 1, 0, 0, 0 };
    const unsigned char *u = (const unsigned char *)buf;
    if (len >= 2 && ((u[0] == 0xFF && u[1] == 0xFE)
                     || (u[0] == 0xFE && u[1] == 0xFF)))
        s->none = true;              /* read whole, converted (read.c) */
    if (sgf__packed_format(buf, len, NULL) != NULL)
        s->none = true;              /* read whole: no SGF text (parse.c) */
    if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
        s->i = 3;
    bool ascii, nul;
    sgf__text t = { buf, len };
    sgf__prescan_drop d = { drop, payload };
    uint8_t mb = s->none ? 0 : sgf__prescan_multibyte(&t, &ascii, &nul,
                                                       &d);
    s->facts = mb | (uint32_t)(!s->none && ascii && !nul) << 8;
    *out = s;
    return SGF_OK;
}

void sgf_cut_scan_free(sgf_cut_scan *s)
{
    free(s);
}

/* Does a game tree start at the '(' at i, as the parser takes it: a
 * '(' followed by ';', by another such '(', or by a property (its ';'
 * missing)? Anything else at top level is text outside game trees. *stop
 * gets where the look-ahead ended: a run of '(' that starts no tree is
 * passed over whole (as the parser does), not looked at again from each
 * of its '('. */
static bool tree_starts(const char *b, size_t n, size_t i, size_t *stop)
{
    for (;;) {
        i = sgf__skip_ws(b, n, i + 1);
        *stop = i;
        if (i >= n)
            return false;
        unsigned char ch = (unsigned char)b[i];
        if (ch == ';')
            return true;
        if (ch != '(') {
            if (!sgf__is_letter(ch))
                return false;
            while (i < n && sgf__is_letter((unsigned char)b[i]))
                i++;
            i = sgf__skip_ws(b, n, i);
            return i < n && b[i] == '[';
        }
    }
}

/* One byte of the quick reading, ch at *i - 1: true when it is the ')'
 * that closes a top-level game tree holding a node. At top level only a
 * '(' that starts a game tree counts (*i is moved past a run of '(' that
 * starts none). */
static inline bool one_byte(sgf_cut_scan *s, char ch, size_t *i)
{
    if (s->in_value) {
        if (ch == ']')
            s->in_value = false;
        return false;
    }
    if (s->depth == 0) {
        size_t stop;
        if (ch != '(')
            return false;
        if (tree_starts(s->s, s->n, *i - 1, &stop))
            s->depth = 1;
        else if (stop > *i)
            *i = stop;                   /* the whole failed run */
        return false;
    }
    if (ch == '[') {
        s->in_value = true;
        s->node = true;                  /* (its ';' supplied) */
    } else if (ch == '(') {
        s->depth++;
    } else if (ch == ';') {
        s->node = true;
    } else if (ch == ')' && --s->depth == 0) {
        bool tree = s->node;
        s->node = false;
        if (tree) {
            s->games++;
            return true;
        }
    }
    return false;
}

/* The next byte at or after i, before n, that matters in a value (']'
 * or '\\'): n when none. 16 bytes at a time where SSE2 is there. */
static size_t value_stop(const char *s, size_t i, size_t n)
{
#if defined(__SSE2__)
    const __m128i close = _mm_set1_epi8(']'), esc = _mm_set1_epi8('\\');
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        unsigned bits = (unsigned)_mm_movemask_epi8(_mm_or_si128(
            _mm_cmpeq_epi8(v, close), _mm_cmpeq_epi8(v, esc)));
        if (bits != 0)
            return i + (unsigned)__builtin_ctz(bits);
    }
#endif
    for (; i < n; i++)
        if (s[i] == ']' || s[i] == '\\')
            return i;
    return n;
}

/* Is a move node ";B[xy]" or ";W[xy]" at i, its value two bytes that
 * are neither ']' nor '\\'? Most of a record is made of them. */
static inline bool move_node_at(const unsigned char *u, size_t i, size_t n)
{
    return i + 6 <= n && u[i] == ';' && (u[i + 1] == 'B' || u[i + 1] == 'W')
           && u[i + 2] == '[' && u[i + 5] == ']' && u[i + 3] != ']'
           && u[i + 3] != '\\' && u[i + 4] != ']' && u[i + 4] != '\\';
}

/* Read bytes [i, to) one by one (to may be passed by an escape):
 * returns the offset just after a ')' that closes a top-level game tree
 * holding a node, else 0 with s->i where the reading stopped. Move nodes
 * go six bytes at a time, values to their end 16 bytes at a time. */
static size_t bytes_to(sgf_cut_scan *s, size_t i, size_t to)
{
    const char *b = s->s;
    const unsigned char *u = (const unsigned char *)b;
    size_t n = s->n;
    while (i < to) {
        if (s->in_value) {
            size_t e = value_stop(b, i, to);
            if (e >= to) {
                i = to;
                break;
            }
            i = e + (b[e] == '\\' ? 2 : 1);
            s->in_value = b[e] == '\\';
            continue;
        }
        if (s->depth > 0 && move_node_at(u, i, n)) {
            s->node = true;
            i += 6;
            continue;
        }
        i++;
        if (one_byte(s, b[i - 1], &i)) {
            s->i = i;
            return i;
        }
    }
    s->i = i;
    return 0;
}

#if defined(__SSE2__)
/* 64 bytes, loaded once. */
typedef struct bytes64 {
    __m128i v[4];
} bytes64;

static inline void load64(bytes64 *b, const char *s)
{
    for (int k = 0; k < 4; k++)
        b->v[k] = _mm_loadu_si128((const __m128i *)(const void *)
                                  (s + 16 * k));
}

/* The bytes equal to ch, as bits. */
static inline uint64_t eq64(const bytes64 *b, char ch)
{
    const __m128i c = _mm_set1_epi8(ch);
    uint64_t m = 0;
    for (int k = 0; k < 4; k++)
        m |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b->v[k],
                                                                  c))
             << (16 * k);
    return m;
}

/* Bit p of the result: the parity of the bits of x at p and below. */
static inline uint64_t prefix_xor(uint64_t x)
{
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

/* The masks of the bytes of a chunk that the quick reading looks at. */
typedef struct masks64 {
    uint64_t open, close, lp, rp, semi;
} masks64;

/* The 64 bytes at s->i in one step, when inside a game tree they hold
 * no '\\' and their '[' and ']' take turns as values do (the usual
 * stretch of a record): the state after each byte (in a value or not)
 * is the parity of the '[' and ']' up to it; the '(' and ')' outside
 * values go one by one. Returns 1 when the bytes were read (s->i past
 * them), 2 when a ')' among them closed a top-level game tree (s->i
 * just after it, *at too when the tree held a node), 0 when they must
 * be read one by one (nothing changed). m: the chunk's masks. */
static inline int chunk_step(sgf_cut_scan *s, const masks64 *m, size_t *at)
{
    uint64_t open = m->open, close = m->close;
    uint64_t st = prefix_xor(open | close);    /* inside after each byte */
    if (s->in_value)
        st = ~st;
    if ((open & ~st) != 0 || (close & st) != 0)
        return 0;                      /* a '[' in a value, a stray ']' */
    uint64_t lp = m->lp & ~st, rp = m->rp & ~st;
    uint64_t node = s->node ? 0 : open | (m->semi & ~st);
    size_t depth = s->depth;
    for (uint64_t t = lp | rp; t != 0; t &= t - 1) {
        unsigned k = (unsigned)__builtin_ctzll(t);
        if (lp >> k & 1) {
            depth++;
            continue;
        }
        if (--depth > 0)
            continue;
        /* the tree closes at k: the chunk is read up to it */
        bool tree = s->node || (node & ((2ull << k) - 1)) != 0;
        s->depth = 0;
        s->node = false;
        s->in_value = false;
        s->i += k + 1;
        *at = 0;
        if (tree) {
            s->games++;
            *at = s->i;
        }
        return 2;
    }
    s->depth = depth;
    s->node = s->node || node != 0;
    s->in_value = st >> 63;
    s->i += 64;
    return 1;
}

static int chunk64_sse2(sgf_cut_scan *s, size_t *at)
{
    const char *c = s->s + s->i;
    bytes64 b;
    if (s->depth == 0)
        return 0;
    _mm_prefetch(c + 1024, _MM_HINT_T0);
    load64(&b, c);
    if (eq64(&b, '\\') != 0)
        return 0;
    masks64 m = { eq64(&b, '['), eq64(&b, ']'), eq64(&b, '('),
                  eq64(&b, ')'), eq64(&b, ';') };
    return chunk_step(s, &m, at);
}

#if defined(__GNUC__) && defined(__x86_64__)
/* The same with AVX2 (32 bytes a compare), on the processors that have
 * it (asked once, chunk64). */
#define SGF_CUT_AVX2 1
__attribute__((target("avx2")))
static inline uint64_t eq64_avx2(__m256i lo, __m256i hi, char ch)
{
    const __m256i c = _mm256_set1_epi8(ch);
    return (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, c))
           | (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi,
                                                                         c))
             << 32;
}

__attribute__((target("avx2")))
static int chunk64_avx2(sgf_cut_scan *s, size_t *at)
{
    const char *c = s->s + s->i;
    if (s->depth == 0)
        return 0;
    _mm_prefetch(c + 1024, _MM_HINT_T0);
    __m256i lo = _mm256_loadu_si256((const __m256i *)(const void *)c);
    __m256i hi = _mm256_loadu_si256((const __m256i *)(const void *)(c + 32));
    if (eq64_avx2(lo, hi, '\\') != 0)
        return 0;
    masks64 m = { eq64_avx2(lo, hi, '['), eq64_avx2(lo, hi, ']'),
                  eq64_avx2(lo, hi, '('), eq64_avx2(lo, hi, ')'),
                  eq64_avx2(lo, hi, ';') };
    return chunk_step(s, &m, at);
}
#endif

static int chunk64(sgf_cut_scan *s, size_t *at)
{
#if defined(SGF_CUT_AVX2)
    static int avx2 = -1;
    if (avx2 < 0) {
        __builtin_cpu_init();
        avx2 = __builtin_cpu_supports("avx2") ? 1 : 0;
    }
    if (avx2)
        return chunk64_avx2(s, at);
#endif
    return chunk64_sse2(s, at);
}
#endif

/* Read on from s->i; returns the offset just after the next ')' that
 * closes a top-level game tree holding a node, or 0 at the input's
 * end. 64 bytes at a time where SSE2 is there and they allow it. */
static size_t next_close(sgf_cut_scan *s)
{
    size_t n = s->n;
    while (s->i < n) {
#if defined(__SSE2__)
        size_t cut;
        int got = s->i + 64 <= n ? chunk64(s, &cut) : 0;
        if (got == 2 && cut != 0)
            return cut;
        if (got != 0)
            continue;
        size_t to = s->i + 64 < n ? s->i + 64 : n;
#else
        size_t to = n;
#endif
        size_t at = bytes_to(s, s->i, to);
        if (at != 0)
            return at;
    }
    s->i = n;
    return 0;
}

int sgf_cut_scan_next(sgf_cut_scan *s, size_t after, sgf_cut *cut)
{
    if (s == NULL || cut == NULL)
        return SGF_EINVAL;
    if (s->none)
        return 0;
    for (;;) {
        size_t at = next_close(s);
        if (at == 0)
            return 0;
        if (at < after || at >= s->n)
            continue;                /* not yet, or the input's end */
        size_t block = at / SGF__LINE_BLOCK;
        sgf__linemark_blocks(&s->mark, s->s, s->mb, block);
        s->mb = block;
        if (s->drop != NULL)            /* nothing before it is read again */
            s->drop(s->payload, 0, block * SGF__LINE_BLOCK);
        sgf__cut_pack(cut, at, s->games, &s->mark,
                      (uint8_t)(s->facts & 0xFF), (s->facts >> 8) & 1, s->n);
        return 1;
    }
}

void sgf__cut_pack(sgf_cut *cut, size_t offset, size_t games,
                   const sgf__linemark *m, uint8_t mb, bool plain,
                   size_t len)
{
    memset(cut, 0, sizeof *cut);
    cut->offset = offset;
    cut->games = games;
    cut->state[ST_LINE] = m->line;
    cut->state[ST_START] = m->start;
    cut->state[ST_PREV] = m->prev_start;
    cut->state[ST_PENDING] = (uint8_t)m->pending;
    cut->state[ST_BLOCK] = (uint32_t)(offset / SGF__LINE_BLOCK);
    cut->state[ST_FACTS] = mb | (uint32_t)plain << 8;
    cut->state[ST_LEN] = (uint32_t)len;
    cut->state[ST_MAGIC] = CUT_MAGIC;
}

int sgf__cut_state(const sgf_cut *cut, size_t len, sgf__linemark *m,
                   size_t *block, uint8_t *mb, bool *plain)
{
    const uint32_t *st = cut->state;
    if (st[ST_MAGIC] != CUT_MAGIC || st[ST_LEN] != (uint32_t)len
        || cut->offset == 0 || cut->offset >= len
        || st[ST_BLOCK] != cut->offset / SGF__LINE_BLOCK)
        return SGF_EINVAL;
    m->line = st[ST_LINE];
    m->start = st[ST_START];
    m->prev_start = st[ST_PREV];
    m->pending = (char)st[ST_PENDING];
    *block = st[ST_BLOCK];
    *mb = (uint8_t)(st[ST_FACTS] & 0xFF);
    *plain = (st[ST_FACTS] >> 8) & 1;
    return SGF_OK;
}
