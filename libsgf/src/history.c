/*
 * history.c - the positions of a game so far, for superko and repetition,
 * with the pass count, the player to move and the move count.
 *
 * An open-addressing hash set with linear probing keyed by the 64-bit
 * Zobrist hash of the position, holding how often the position occurred
 * with Black and with White to move: positional superko asks for either,
 * situational superko for one. A stack of entries makes every push
 * undoable; when a count falls to zero the slot is deleted with Knuth's
 * algorithm R (backward shift), which keeps every probe run whole even
 * after a growth has reordered the table. Load is kept at most 1/2.
 */
#include <stdlib.h>
#include <string.h>

#include "board_int.h"

static const sgf_rules default_rules = SGF_RULES_INIT;

static int hist_grow(sgf_history *h, size_t nslots)
{
    struct sgf__hist_slot *old = h->slots;
    size_t oldn = old ? h->mask + 1 : 0;
    struct sgf__hist_slot *s = calloc(nslots, sizeof *s);
    if (!s)
        return SGF_ENOMEM;
    h->slots = s;
    h->mask = nslots - 1;
    for (size_t i = 0; i < oldn; i++)
        if (!sgf__slot_free(&old[i]))
            h->slots[sgf__slot_find(h, old[i].key)] = old[i];
    free(old);
    return SGF_OK;
}

int sgf__history_make_room(sgf_history *h, size_t n)
{
    if (h->len + n > h->cap) {
        size_t cap = h->cap ? h->cap * 2 : 256;
        while (cap < h->len + n)
            cap *= 2;
        struct sgf__hist_entry *s = realloc(h->stack, cap * sizeof *s);
        if (!s)
            return SGF_ENOMEM;
        h->stack = s;
        h->cap = cap;
    }
    size_t slots = h->mask + 1;
    while ((h->used + n) * 2 > slots)
        slots *= 2;
    return slots > h->mask + 1 ? hist_grow(h, slots) : SGF_OK;
}

void sgf__history_counts(const sgf_history *h, uint64_t key,
                         uint32_t counts[2])
{
    const struct sgf__hist_slot *s = &h->slots[sgf__slot_find(h, key)];
    counts[0] = s->count[0];
    counts[1] = s->count[1];
}

/* Knuth's algorithm R: delete slot i of a linear-probing table. */
static void slot_delete(sgf_history *h, size_t i)
{
    size_t j = i;
    for (;;) {
        j = (j + 1) & h->mask;
        if (sgf__slot_free(&h->slots[j]))
            break;
        size_t k = (size_t)(h->slots[j].key ^ (h->slots[j].key >> 32))
                   & h->mask;
        bool stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);
        if (!stays) {
            h->slots[i] = h->slots[j];
            i = j;
        }
    }
    memset(&h->slots[i], 0, sizeof h->slots[i]);
}

void sgf__history_pop(sgf_history *h)
{
    if (h->len == 0)
        return;
    const struct sgf__hist_entry *e = &h->stack[--h->len];
    size_t i = sgf__slot_find(h, e->key);
    struct sgf__hist_slot *s = &h->slots[i];
    if (!sgf__slot_free(s) && s->count[e->to_move - 1] > 0) {
        s->count[e->to_move - 1]--;
        if (sgf__slot_free(s)) {
            h->used--;
            slot_delete(h, i);
        }
    }
    h->moves = e->prev_moves;
    h->passes = e->prev_passes;
    h->to_move = e->prev_to_move;
    h->last_passer = e->prev_last_passer;
}

int sgf_history_new(sgf_history **out)
{
    if (!out)
        return SGF_EINVAL;
    *out = calloc(1, sizeof **out);
    if (!*out)
        return SGF_ENOMEM;
    if (hist_grow(*out, 1024) != SGF_OK) {
        free(*out);
        *out = NULL;
        return SGF_ENOMEM;
    }
    (*out)->to_move = SGF_BLACK;
    return SGF_OK;
}

void sgf_history_free(sgf_history *h)
{
    if (!h)
        return;
    free(h->slots);
    free(h->stack);
    free(h);
}

void sgf_history_clear(sgf_history *h)
{
    if (!h)
        return;
    if (h->len * 8 < h->mask + 1) {
        while (h->len > 0)
            sgf__history_pop(h);
    } else {
        memset(h->slots, 0, (h->mask + 1) * sizeof *h->slots);
        h->len = 0;
        h->used = 0;
    }
    h->moves = 0;
    h->passes = 0;
    h->to_move = SGF_BLACK;
    h->last_passer = SGF_EMPTY;
}

unsigned sgf_history_move_count(const sgf_history *h)
{
    return h ? h->moves : 0;
}

int sgf_history_passes(const sgf_history *h)
{
    return h ? h->passes : 0;
}

sgf_color sgf_history_last_passer(const sgf_history *h)
{
    return h ? (sgf_color)h->last_passer : SGF_EMPTY;
}

sgf_color sgf_history_to_move(const sgf_history *h)
{
    return h ? (sgf_color)h->to_move : SGF_BLACK;
}

bool sgf_history_game_over(const sgf_history *h, const sgf_rules *r)
{
    if (!h)
        return false;
    return sgf_rules_game_over(r ? r : &default_rules, h->passes,
                               (sgf_color)h->last_passer);
}

unsigned sgf_history_occurrences(const sgf_history *h, uint64_t key,
                                 sgf_color to_move)
{
    if (!h)
        return 0;
    const struct sgf__hist_slot *s = &h->slots[sgf__slot_find(h, key)];
    if (sgf__slot_free(s))
        return 0;
    if (to_move == SGF_BLACK || to_move == SGF_WHITE)
        return s->count[to_move - 1];
    return s->count[0] + s->count[1];
}

