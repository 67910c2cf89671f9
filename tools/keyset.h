/*
 * tools/keyset.h - a set of byte strings, each with a number, for the
 * tools' bookkeeping over whole runs (the identities of every input, the
 * names of every output written): adding and finding cost the same
 * however many keys the set holds, so a run over 100,000 files stays
 * linear. Keys are copied into one growing buffer (no allocation per key).
 */
#ifndef SGF_TOOLS_KEYSET_H
#define SGF_TOOLS_KEYSET_H

#include <stdbool.h>
#include <stddef.h>

typedef struct keyset {
    size_t *slots;      /* 0 = empty, else 1 + index into entries */
    size_t nslots;      /* a power of two, or 0 */
    struct keyset_entry {
        size_t offset, len, value;
    } *entries;
    size_t count, cap;
    char *bytes;        /* the keys, one after the other */
    size_t used, bytes_cap;
} keyset;

#define KEYSET_INIT { NULL, 0, NULL, 0, 0, NULL, 0, 0 }

/* Free what the set holds; it is empty (KEYSET_INIT) afterwards. */
void keyset_release(keyset *s);

/* Find key (len bytes). Returns true and sets *value when it is there. */
bool keyset_find(const keyset *s, const void *key, size_t len,
                 size_t *value);

/* Add key with value when it is not there yet. Returns 1 when added, 0
 * when it was there already (*value, when not NULL, is then set to the
 * value it has), -1 when out of memory. */
int keyset_add(keyset *s, const void *key, size_t len, size_t *value_io);

#endif
