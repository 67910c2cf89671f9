/*
 * arena_int.h - the allocation arena that owns a collection's memory.
 *
 * A list of chunks growing geometrically (first 32 KiB); a request larger
 * than half a chunk gets a chunk of its own. Everything is released at once
 * by sgf__arena_free_all, or back to a mark by sgf__arena_rewind.
 * Allocation failure returns NULL, never exits.
 */
#ifndef SGF_ARENA_INT_H
#define SGF_ARENA_INT_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct sgf__chunk sgf__chunk;

typedef struct sgf__arena {
    sgf__chunk *head;      /* current chunk (newest first) */
    char *cur, *end;       /* free space in the current chunk */
    size_t next_size;      /* size of the next chunk */
    unsigned long serial;  /* chunks made so far (numbers them) */
    sgf__chunk *spare;     /* chunks given back by a rewind, for reuse */
} sgf__arena;

/* A point to rewind to: everything allocated after it can be released
 * at once, keeping what came before. */
typedef struct sgf__arena_mark {
    sgf__chunk *head;
    char *cur, *end;
    unsigned long serial;
} sgf__arena_mark;

void sgf__arena_init(sgf__arena *a);
void sgf__arena_free_all(sgf__arena *a);
sgf__arena_mark sgf__arena_get_mark(const sgf__arena *a);
/* Release everything allocated since m. The chunks are kept and reused
 * by later allocations (a reader of one game tree after another works in
 * the same warm memory). */
void sgf__arena_rewind(sgf__arena *a, const sgf__arena_mark *m);
/* Aligned to max_align_t; NULL on failure. n may be 0. The fast path
 * (room in the current chunk) is inline: the parser allocates per node,
 * property and value. */
void *sgf__arena_alloc_slow(sgf__arena *a, size_t n);
static inline void *sgf__arena_alloc(sgf__arena *a, size_t n)
{
    const size_t al = 16;   /* alignof(max_align_t) on the targets here */
    if (a->cur != NULL) {
        size_t pad = (al - ((uintptr_t)a->cur & (al - 1))) & (al - 1);
        if ((size_t)(a->end - a->cur) >= pad + n) {
            void *p = a->cur + pad;
            a->cur += pad + n;
            return p;
        }
    }
    return sgf__arena_alloc_slow(a, n);
}
/* Unaligned bytes (strings); NULL on failure. */
void *sgf__arena_alloc_bytes(sgf__arena *a, size_t n);
/* Copy of n bytes plus a terminating NUL; NULL on failure. */
char *sgf__arena_strndup(sgf__arena *a, const char *s, size_t n);

/* A growable byte buffer on the heap (scratch, not in the arena). */
typedef struct sgf__buf {
    char *ptr;
    size_t len, cap;
} sgf__buf;

#define SGF__BUF_INIT { NULL, 0, 0 }
/* 0 or SGF_ENOMEM */
int sgf__buf_grow(sgf__buf *b, size_t extra);
int sgf__buf_add(sgf__buf *b, const void *p, size_t n);
void sgf__buf_release(sgf__buf *b);

/* A small process-wide pool of things kept for reuse between calls, each
 * under a key: the scorer's work areas under their size, iconv
 * descriptors under their charset's canonical name (its address).
 * Mutex-guarded, at most SGF__POOL_MAX items, kept until the process
 * ends. Define one with SGF__POOL_INIT. */
enum { SGF__POOL_MAX = 16 };
typedef struct sgf__pool {
    pthread_mutex_t lock;
    int n;
    struct {
        uintptr_t key;
        void *item;
    } slot[SGF__POOL_MAX];
} sgf__pool;
#define SGF__POOL_INIT { PTHREAD_MUTEX_INITIALIZER, 0, { { 0, NULL } } }

/* An item kept under key, taken out of the pool; NULL when there is
 * none. */
void *sgf__pool_take(sgf__pool *pl, uintptr_t key);
/* Keep item under key for a later take; false when the pool is full (or
 * its lock fails): the caller disposes of the item. */
bool sgf__pool_give(sgf__pool *pl, uintptr_t key, void *item);

/* Large work areas (the scorer's positions, Benson's regions, the
 * playout boards: 50 to 300 KiB each) taken per call and given back at
 * its end, through a pool under their size: malloc would hand such
 * blocks out of fresh pages each time (mmap, or a heap that grows and is
 * trimmed back), and the page faults cost more than the work on a small
 * board. The contents of a block taken are unspecified.
 * sgf__scratch_take: NULL on failure. sgf__scratch_give: NULL is a
 * no-op; size must be the size it was taken with. */
void *sgf__scratch_take(size_t size);
void sgf__scratch_give(void *p, size_t size);

#endif
