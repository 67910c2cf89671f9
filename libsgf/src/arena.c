/*
 * arena.c - the allocation arena behind every collection, and a growable
 * scratch buffer. One collection, one arena, one free: no per-node
 * bookkeeping, no leaks on error paths.
 */
#if defined(__linux__)
#define _DEFAULT_SOURCE 1       /* madvise, MADV_HUGEPAGE */
#include <sys/mman.h>
#endif
#include <stdalign.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sgf/types.h>
#include "arena_int.h"

struct sgf__chunk {
    sgf__chunk *next;
    size_t size;             /* bytes in data */
    unsigned long serial;    /* order of making (see sgf__arena_rewind) */
    alignas(max_align_t) char data[];
};

enum { FIRST_CHUNK = 32 * 1024, MAX_CHUNK = 4 * 1024 * 1024 };

void sgf__arena_init(sgf__arena *a)
{
    a->head = NULL;
    a->cur = a->end = NULL;
    a->next_size = FIRST_CHUNK;
    a->serial = 0;
    a->spare = NULL;
}

static void free_list(sgf__chunk *c)
{
    while (c != NULL) {
        sgf__chunk *next = c->next;
        free(c);
        c = next;
    }
}

void sgf__arena_free_all(sgf__arena *a)
{
    free_list(a->head);
    free_list(a->spare);
    sgf__arena_init(a);
}

sgf__arena_mark sgf__arena_get_mark(const sgf__arena *a)
{
    sgf__arena_mark m = { a->head, a->cur, a->end, a->serial };
    return m;
}

/* Chunks made after the mark are either ahead of the marked head or, for
 * chunks of their own, linked right behind a head: the whole list is
 * walked (it is short: a rewound arena does not grow). */
void sgf__arena_rewind(sgf__arena *a, const sgf__arena_mark *m)
{
    sgf__chunk **link = &a->head;
    while (*link != NULL) {
        sgf__chunk *c = *link;
        if (c->serial > m->serial) {
            *link = c->next;
            c->next = a->spare;
            a->spare = c;
        } else {
            link = &c->next;
        }
    }
    a->head = m->head;
    a->cur = m->cur;
    a->end = m->end;
}

/* A spare chunk of at least size bytes, unlinked, or NULL. */
static sgf__chunk *take_spare(sgf__arena *a, size_t size)
{
    for (sgf__chunk **link = &a->spare; *link != NULL;
         link = &(*link)->next)
        if ((*link)->size >= size) {
            sgf__chunk *c = *link;
            *link = c->next;
            return c;
        }
    return NULL;
}

/* A chunk of size bytes. The large ones (a game tree kept whole takes
 * 45 bytes of nodes, properties and values for each byte of moves read,
 * and they are written as fast as the input is read) are aligned to 2
 * MiB and offered to the kernel for huge pages where it takes such
 * advice (Linux, transparent huge pages in "madvise" mode, the default of
 * many distributions): one page fault per 2 MiB instead of 512, which in
 * a virtual machine cost more than the parsing. */
enum { HUGE = 2 * 1024 * 1024 };

/* A chunk able to hold *size bytes; *size grows to what the memory taken
 * holds (a huge-page chunk is a whole number of 2 MiB pages). */
static sgf__chunk *chunk_alloc(size_t *size)
{
#if defined(MADV_HUGEPAGE)
    size_t total = sizeof(sgf__chunk) + *size;
    if (total >= HUGE && total <= SIZE_MAX - HUGE) {
        total = (total + HUGE - 1) / HUGE * HUGE;
        void *p = aligned_alloc(HUGE, total);
        if (p == NULL)
            return NULL;
        (void)madvise(p, total, MADV_HUGEPAGE);
        *size = total - sizeof(sgf__chunk);
        return p;
    }
#endif
    return malloc(sizeof(sgf__chunk) + *size);
}

/* A new chunk able to hold n bytes. A request larger than half the usual
 * chunk gets a chunk of its own, linked behind the current one, so the
 * current chunk's free space is not wasted. */
static void *new_chunk(sgf__arena *a, size_t n)
{
    bool own = n > a->next_size / 2;
    size_t size = own ? n : a->next_size;
    if (size > SIZE_MAX - sizeof(sgf__chunk))
        return NULL;
    sgf__chunk *c = take_spare(a, own || n > FIRST_CHUNK ? n : FIRST_CHUNK);
    bool reused = c != NULL;
    if (reused) {
        size = c->size;
    } else {
        c = chunk_alloc(&size);
        if (c == NULL)
            return NULL;
        c->size = size;
    }
    c->serial = ++a->serial;
    if (own && a->head != NULL) {
        c->next = a->head->next;
        a->head->next = c;
        return c->data;
    }
    c->next = a->head;
    a->head = c;
    a->cur = c->data + n;
    a->end = c->data + size;
    if (!own && !reused && a->next_size < MAX_CHUNK)
        a->next_size *= 2;
    return c->data;
}

void *sgf__arena_alloc_bytes(sgf__arena *a, size_t n)
{
    if ((size_t)(a->end - a->cur) >= n && a->cur != NULL) {
        void *p = a->cur;
        a->cur += n;
        return p;
    }
    return new_chunk(a, n);
}

void *sgf__arena_alloc_slow(sgf__arena *a, size_t n)
{
    _Static_assert(alignof(max_align_t) <= 16, "arena alignment");
    return new_chunk(a, n);
}

char *sgf__arena_strndup(sgf__arena *a, const char *s, size_t n)
{
    if (n == SIZE_MAX)
        return NULL;
    char *p = sgf__arena_alloc_bytes(a, n + 1);
    if (p == NULL)
        return NULL;
    if (n > 0)
        memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

int sgf__buf_grow(sgf__buf *b, size_t extra)
{
    if (b->cap - b->len > extra)
        return 0;
    if (extra > SIZE_MAX / 2 - b->len)
        return SGF_ENOMEM;
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len <= extra)
        cap *= 2;
    char *p = realloc(b->ptr, cap);
    if (p == NULL)
        return SGF_ENOMEM;
    b->ptr = p;
    b->cap = cap;
    return 0;
}

int sgf__buf_add(sgf__buf *b, const void *p, size_t n)
{
    if (sgf__buf_grow(b, n) != 0)
        return SGF_ENOMEM;
    if (n > 0)
        memcpy(b->ptr + b->len, p, n);
    b->len += n;
    b->ptr[b->len] = '\0';
    return 0;
}

void sgf__buf_release(sgf__buf *b)
{
    free(b->ptr);
    b->ptr = NULL;
    b->len = b->cap = 0;
}

/* --- pools (see arena_int.h) ------------------------------------------ */

void *sgf__pool_take(sgf__pool *pl, uintptr_t key)
{
    void *item = NULL;
    if (pthread_mutex_lock(&pl->lock) != 0)
        return NULL;
    for (int i = pl->n - 1; i >= 0; i--)
        if (pl->slot[i].key == key) {
            item = pl->slot[i].item;
            pl->slot[i] = pl->slot[--pl->n];
            break;
        }
    pthread_mutex_unlock(&pl->lock);
    return item;
}

bool sgf__pool_give(sgf__pool *pl, uintptr_t key, void *item)
{
    if (pthread_mutex_lock(&pl->lock) != 0)
        return false;
    bool kept = pl->n < SGF__POOL_MAX;
    if (kept) {
        pl->slot[pl->n].key = key;
        pl->slot[pl->n++].item = item;
    }
    pthread_mutex_unlock(&pl->lock);
    return kept;
}

static sgf__pool scratch = SGF__POOL_INIT;

void *sgf__scratch_take(size_t size)
{
    void *p = sgf__pool_take(&scratch, (uintptr_t)size);
    return p != NULL ? p : malloc(size);
}

void sgf__scratch_give(void *p, size_t size)
{
    if (p != NULL && !sgf__pool_give(&scratch, (uintptr_t)size, p))
        free(p);
}
