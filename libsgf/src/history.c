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
 * Slots carry a generation, so that clearing the table for the next
 * game is O(1) however large an earlier game made it (the lists below
 * cost one store per entry).
 *
 * Entries enter the hash set late (board_int.h): each is first linked
 * into the list of entries holding as many stones, and a list goes
 * into the set when a position with that many stones is recorded again.
 * Each entry enters once (until popped), so a push stays O(1)
 * amortized; queries count the entries not yet in the set by walking
 * them.
 */
#include <stdlib.h>
#include <string.h>

#include "board_int.h"
#include "rules_int.h"

static const sgf_rules default_rules = SGF_RULES_INIT;

/* Slots a cleared history uses: enough for a game of 512 positions.
 * A longer game grows the table; the next game starts small again (in
 * the same memory), so that its slots stay in the cache. */
#define FIRST_SLOTS 1024

/* Set h->quick from the stack's capacity and the table's size. */
static void set_quick(sgf_history *h)
{
    size_t half = (h->mask + 1) / 2;
    size_t limit = h->cap < half ? h->cap : half;
    h->quick = limit >= 2 ? limit - 2 : 0;
}

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
        if (old[i].gen == h->gen)
            h->slots[sgf__slot_find(h, old[i].key)] = old[i];
    free(old);
    set_quick(h);
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
        set_quick(h);
    }
    size_t slots = h->mask + 1;
    while ((h->len + n) * 2 > slots)
        slots *= 2;
    return slots > h->mask + 1 ? hist_grow(h, slots) : SGF_OK;
}

void sgf__history_index(sgf_history *h, uint32_t link)
{
    while (link != 0) {
        struct sgf__hist_entry *e = &h->stack[link - 1];
        if (e->indexed)
            break;                  /* the older ones are in too */
        struct sgf__hist_slot *s = &h->slots[sgf__slot_find(h, e->key)];
        uint32_t at = link;         /* 1 + index: older as the walk goes */
        if (sgf__slot_free(h, s))
            *s = (struct sgf__hist_slot){ e->key, { 0, 0 }, h->gen,
                                          { 0, 0 } };
        if (s->count[e->side]++ == 0 || at < s->first[e->side])
            s->first[e->side] = at;
        e->indexed = 1;
        link = e->link;
    }
}

bool sgf__history_judge(sgf_history *h, struct sgf__hist_entry *e,
                        const sgf_rules *r, sgf_move_result *res)
{
    uint32_t n[2];
    uint8_t o = (uint8_t)(e->side + 1);
    sgf__history_count(h, e, n);
    if (n[0] + n[1] == 0)
        return false;
    if (res->verdict != SGF_VERDICT_LEGAL)
        return true;
    if (sgf__superko(r, n, o))
        res->verdict = SGF_VERDICT_SUPERKO;
    else if (n[o - 1] > 0)
        res->repetition = true;
    return true;
}

bool sgf__history_first_moves(const sgf_history *h, bool either,
                              uint32_t *moves)
{
    if (h->len == 0)
        return false;
    const struct sgf__hist_entry *e = &h->stack[h->len - 1];
    const struct sgf__hist_slot *s = &h->slots[sgf__slot_find(h, e->key)];
    uint32_t self = (uint32_t)h->len, best = 0;
    if (!e->indexed || sgf__slot_free(h, s))
        return false;
    for (int side = 0; side < 2; side++) {
        uint32_t f = s->first[side];
        if ((either || side == e->side) && f != 0 && f != self
            && (best == 0 || f < best))
            best = f;
    }
    if (best == 0)
        return false;
    *moves = h->stack[best - 1].moves;
    return true;
}

/* Add to counts the occurrences of key among the entries from link on
 * (as in an entry) that are not in the hash set. */
static void count_unindexed(const sgf_history *h, uint32_t link,
                            uint64_t key, uint32_t counts[2])
{
    for (; link != 0; link = h->stack[link - 1].link) {
        const struct sgf__hist_entry *e = &h->stack[link - 1];
        if (e->indexed)
            break;
        if (e->key == key)
            counts[e->side]++;
    }
}

/* Occurrences of key in the hash set. */
static void set_counts(const sgf_history *h, uint64_t key,
                       uint32_t counts[2])
{
    const struct sgf__hist_slot *s = &h->slots[sgf__slot_find(h, key)];
    bool in_use = !sgf__slot_free(h, s);
    counts[0] = in_use ? s->count[0] : 0;
    counts[1] = in_use ? s->count[1] : 0;
}

void sgf__history_counts(const sgf_history *h, uint64_t key,
                         unsigned stones, uint32_t counts[2])
{
    set_counts(h, key, counts);
    if (stones <= SGF__MAX_STONES)
        count_unindexed(h, h->heads[stones], key, counts);
}

/* Knuth's algorithm R: delete slot i of a linear-probing table. */
void sgf__history_slot_delete(sgf_history *h, size_t i)
{
    size_t j = i;
    for (;;) {
        j = (j + 1) & h->mask;
        if (sgf__slot_free(h, &h->slots[j]))
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

int sgf_history_new(sgf_history **out)
{
    if (!out)
        return SGF_EINVAL;
    *out = calloc(1, sizeof **out);
    if (!*out)
        return SGF_ENOMEM;
    (*out)->gen = 1;
    (*out)->bound = SGF__MAX_STONES;
    if (hist_grow(*out, FIRST_SLOTS) != SGF_OK) {
        free(*out);
        *out = NULL;
        return SGF_ENOMEM;
    }
    (*out)->st.to_move = SGF_BLACK;
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
    if (++h->gen == 0) {
        memset(h->slots, 0, (h->mask + 1) * sizeof *h->slots);
        h->gen = 1;
    }
    if (h->mask + 1 > FIRST_SLOTS) {
        h->mask = FIRST_SLOTS - 1;      /* the rest is free by gen */
        set_quick(h);
    }
    /* only heads[0..bound] can be set: one short memset for a promised
     * bound, not a walk over every entry (whose memory is cold by now) */
    memset(h->heads, 0, (h->bound + 1) * sizeof *h->heads);
    h->bound = SGF__MAX_STONES;
    h->len = 0;
    h->st = (struct sgf__hist_state){ 0, 0, SGF_BLACK, SGF_EMPTY };
}

unsigned sgf_history_move_count(const sgf_history *h)
{
    return h ? h->st.moves : 0;
}

int sgf_history_passes(const sgf_history *h)
{
    return h ? h->st.passes : 0;
}

sgf_color sgf_history_last_passer(const sgf_history *h)
{
    return h ? (sgf_color)h->st.last_passer : SGF_EMPTY;
}

sgf_color sgf_history_to_move(const sgf_history *h)
{
    return h ? (sgf_color)h->st.to_move : SGF_BLACK;
}

bool sgf_history_game_over(const sgf_history *h, const sgf_rules *r)
{
    if (!h || sgf__rules_unknown(r))
        return false;
    return sgf_rules_game_over(r ? r : &default_rules, h->st.passes,
                               (sgf_color)h->st.last_passer);
}

unsigned sgf_history_occurrences(const sgf_history *h, uint64_t key,
                                 sgf_color to_move)
{
    if (!h)
        return 0;
    uint32_t n[2];
    set_counts(h, key, n);
    /* entries not in the set, whatever their stones: O(len) */
    for (size_t i = 0; i < h->len; i++)
        if (!h->stack[i].indexed && h->stack[i].key == key)
            n[h->stack[i].side]++;
    if (to_move == SGF_BLACK || to_move == SGF_WHITE)
        return n[to_move - 1];
    return n[0] + n[1];
}
