/*
 * input_map.c - a large input mapped rather than copied, and its pages
 * handed back to the kernel behind the parse (Linux mmap and madvise;
 * elsewhere inputs are read, and these do nothing). The reader (read.c)
 * maps; the parser and sgf_collection_free hand back and unmap; nothing
 * here calls either.
 */
#if defined(__linux__)
#define _DEFAULT_SOURCE 1   /* mmap's MAP_ANONYMOUS, madvise MADV_DONTNEED */
#define SGF_MAP_INPUT 1
#include <sys/mman.h>
#endif
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>
#include "tree_int.h"

/* Pages are handed back in aligned windows of this size (see
 * sgf__input_release): at least the kernel's fault-around and its
 * largest page-cache folio (2 MiB, naturally aligned), so that a fault
 * past the window never maps a page of it again. */
#define DROP_ALIGN ((size_t)2 << 20)

/* A page-cache folio may be larger than DROP_ALIGN (a file just written,
 * as an archive member spilled to a temporary file: large folios of
 * several MiB); a fault in its later part maps it whole, pages already
 * handed back included, and they then stay. So each hand-back covers
 * again the TRAIL bytes before it (cheap where nothing is mapped): a
 * member with a 200 MiB gap took 110 MB, 39 MB with 8 MiB windows. */
#define TRAIL ((size_t)32 << 20)

#if defined(SGF_MAP_INPUT)
static size_t page_size(void)
{
    long pg = sysconf(_SC_PAGESIZE);
    return pg > 0 ? (size_t)pg : 4096;
}

void sgf__input_release(sgf_collection *c, size_t end)
{
    if (c->map == NULL)
        return;
    /* in whole windows of DROP_ALIGN: a later fault maps the pages
     * around it (fault-around, a whole large folio), so a page handed back
     * in the window still being read would come back, and stay */
    size_t upto = end & ~(DROP_ALIGN - 1);
    if (upto > c->map_len)
        upto = c->map_len & ~(DROP_ALIGN - 1);
    if (upto <= c->map_dropped)
        return;
    /* a private, unwritten file mapping: the pages come back from the
     * file if anything reads them again (the first game's values) */
    /* the line marks first, while the bytes are at hand: a position
     * asked later starts from a mark past what is handed back */
    (void)sgf_collection_pos(c, upto);
    sgf__linepos_forget(c, c->map_dropped);
    size_t from = c->map_dropped > TRAIL ? c->map_dropped - TRAIL : 0;
    (void)madvise((char *)c->map + from, upto - from, MADV_DONTNEED);
    c->map_dropped = upto;
}

void sgf__input_drop(sgf_collection *c, size_t from, size_t to)
{
    if (c->map == NULL)
        return;
    /* whole DROP_ALIGN windows, as sgf__input_release: pages handed back
     * in the window still being read come back with the next fault's
     * folio, and stay (a 1 MiB window dropped page by page left about
     * half of a file resident). The window holding `from` is handed
     * back whole once `to` passes its end: every byte of it was read. */
    size_t a = (from > TRAIL ? from - TRAIL : 0) & ~(DROP_ALIGN - 1);
    size_t b = to & ~(DROP_ALIGN - 1);
    if (b > (c->map_len & ~(DROP_ALIGN - 1)))
        b = c->map_len & ~(DROP_ALIGN - 1);
    if (b > a)
        (void)madvise((char *)c->map + a, b - a, MADV_DONTNEED);
}

void sgf__input_unmap(sgf_collection *c)
{
    if (c->map != NULL)
        munmap(c->map, c->map_len);
    c->map = NULL;
}

/* Map size bytes of fd as the collection's input, with a NUL after the
 * end (the page after the file is anonymous, zero). 0, or -1 when the
 * mapping cannot be made (the caller then reads the file). */
int sgf__input_map(sgf_collection *c, int fd, size_t size)
{
    size_t pg = page_size();
    size_t len = (size + 1 + pg - 1) & ~(pg - 1);
    if (size == 0 || size >= UINT32_MAX)
        return -1;
    void *base = mmap(NULL, len, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1,
                      0);
    if (base == MAP_FAILED)
        return -1;
    if (mmap(base, size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0)
        == MAP_FAILED) {
        munmap(base, len);
        return -1;
    }
    (void)madvise(base, len, MADV_SEQUENTIAL);
    c->map = base;
    c->map_len = len;
    c->input = base;
    c->input_len = size;
    return 0;
}
#else
/* Without Linux's madvise the input is read, not mapped. */
void sgf__input_release(sgf_collection *c, size_t end)
{
    (void)c;
    (void)end;
}

void sgf__input_drop(sgf_collection *c, size_t from, size_t to)
{
    (void)c;
    (void)from;
    (void)to;
}

void sgf__input_unmap(sgf_collection *c)
{
    (void)c;
}

int sgf__input_map(sgf_collection *c, int fd, size_t size)
{
    (void)c;
    (void)fd;
    (void)size;
    return -1;
}
#endif
