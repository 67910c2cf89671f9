/*
 * tools/keyset.c - the set of keyset.h: open addressing with linear
 * probing over a table kept at most half full, FNV-1a hashes.
 */
#include "keyset.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static size_t hash_of(const void *key, size_t len)
{
    const unsigned char *p = key;
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * 1099511628211u;
    return (size_t)(h ^ (h >> 29));
}

void keyset_release(keyset *s)
{
    free(s->slots);
    free(s->entries);
    free(s->bytes);
    *s = (keyset)KEYSET_INIT;
}

static bool entry_is(const keyset *s, size_t slot, const void *key,
                     size_t len)
{
    const struct keyset_entry *e = &s->entries[s->slots[slot] - 1];
    return e->len == len && memcmp(s->bytes + e->offset, key, len) == 0;
}

/* The slot holding key, or the empty slot where it would go. */
static size_t probe(const keyset *s, const void *key, size_t len)
{
    size_t mask = s->nslots - 1, i = hash_of(key, len) & mask;
    while (s->slots[i] != 0 && !entry_is(s, i, key, len))
        i = (i + 1) & mask;
    return i;
}

bool keyset_find(const keyset *s, const void *key, size_t len,
                 size_t *value)
{
    if (s->nslots == 0)
        return false;
    size_t i = probe(s, key, len);
    if (s->slots[i] == 0)
        return false;
    if (value != NULL)
        *value = s->entries[s->slots[i] - 1].value;
    return true;
}

static int rehash(keyset *s)
{
    size_t n = s->nslots ? 2 * s->nslots : 64;
    size_t *slots = calloc(n, sizeof *slots);
    if (slots == NULL)
        return -1;
    free(s->slots);
    s->slots = slots;
    s->nslots = n;
    for (size_t k = 0; k < s->count; k++) {
        const struct keyset_entry *e = &s->entries[k];
        s->slots[probe(s, s->bytes + e->offset, e->len)] = k + 1;
    }
    return 0;
}

static int reserve(keyset *s, size_t len)
{
    if (s->count == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        struct keyset_entry *e = realloc(s->entries, cap * sizeof *e);
        if (e == NULL)
            return -1;
        s->entries = e;
        s->cap = cap;
    }
    if (len > s->bytes_cap - s->used) {
        size_t cap = s->bytes_cap ? s->bytes_cap : 4096;
        while (len > cap - s->used)
            cap *= 2;
        char *b = realloc(s->bytes, cap);
        if (b == NULL)
            return -1;
        s->bytes = b;
        s->bytes_cap = cap;
    }
    return 0;
}

int keyset_add(keyset *s, const void *key, size_t len, size_t *value_io)
{
    if (2 * (s->count + 1) > s->nslots && rehash(s) != 0)
        return -1;
    size_t i = probe(s, key, len);
    if (s->slots[i] != 0) {
        if (value_io != NULL)
            *value_io = s->entries[s->slots[i] - 1].value;
        return 0;
    }
    if (reserve(s, len) != 0)
        return -1;
    struct keyset_entry *e = &s->entries[s->count];
    e->offset = s->used;
    e->len = len;
    e->value = value_io != NULL ? *value_io : 0;
    if (len > 0)
        memcpy(s->bytes + s->used, key, len);
    s->used += len;
    s->slots[i] = ++s->count;
    return 1;
}
