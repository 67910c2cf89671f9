/*
 * diag.c - the diagnostic code table, diagnostics kept in a collection
 * (with positions turned into line:column through a lazily built table of
 * line starts), and the two printers: compiler-style text and JSON Lines.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include "tree_int.h"
#include "charset_int.h"
#include <sgf/version.h>

typedef struct code_entry {
    const char *name;
    sgf_severity sev4, sev3;
    bool critical;
    const char *meaning;
} code_entry;

#define N SGF_SEV_NOTE
#define W SGF_SEV_WARNING
#define E SGF_SEV_ERROR
static const code_entry codes[SGF__D_COUNT] = {
    [SGF_D_NONE] = { "none", N, N, false, "no diagnostic" },
#define SGF_DIAG(id, value, name, s4, s3, crit, meaning) \
    [SGF_D_##id] = { name, s4, s3, crit, meaning },
#include <sgf/diagcodes.def>
#undef SGF_DIAG
};
#undef N
#undef W
#undef E

unsigned sgf_diag_code_count(void)
{
    return (unsigned)SGF__D_COUNT;
}

/* A value no line of diagcodes.def has is a gap: its entry is zeroed. */
static bool known(sgf_diag_code code)
{
    return (unsigned)code < SGF__D_COUNT && codes[code].name != NULL;
}

const char *sgf_diag_code_name(sgf_diag_code code)
{
    return known(code) ? codes[code].name : NULL;
}

sgf_diag_code sgf_diag_code_from_name(const char *name)
{
    if (name == NULL)
        return SGF_D_NONE;
    for (unsigned i = 1; i < SGF__D_COUNT; i++)
        if (codes[i].name != NULL && strcmp(codes[i].name, name) == 0)
            return (sgf_diag_code)i;
    return SGF_D_NONE;
}

const char *sgf_diag_code_meaning(sgf_diag_code code)
{
    return known(code) ? codes[code].meaning : NULL;
}

sgf_severity sgf_diag_code_severity(sgf_diag_code code, bool ff4)
{
    if (!known(code))
        return SGF_SEV_ERROR;
    return ff4 ? codes[code].sev4 : codes[code].sev3;
}

const char *sgf_severity_name(sgf_severity sev)
{
    switch (sev) {
    case SGF_SEV_NOTE: return "note";
    case SGF_SEV_WARNING: return "warning";
    case SGF_SEV_ERROR: return "error";
    default: return "?";
    }
}

const char *sgf_strerror(int err)
{
    switch (err) {
    case SGF_OK: return "success";
    case SGF_ENOMEM: return "out of memory";
    case SGF_EIO: return "input/output error";
    case SGF_EINVAL: return "invalid argument";
    case SGF_ESYNTAX: return "input unusable";
    default: return "unknown error";
    }
}

const char *sgf_version(void)
{
    return SGF_VERSION_STRING;
}

/* --- adding diagnostics ------------------------------------------------- */

/* Messages quote input bytes; keep every output valid UTF-8 and free of
 * control characters: such bytes are shown as \xNN. */
/* Length of the run of printable ASCII (0x20-0x7E) at the start of m,
 * 16 bytes at a time where SSE2 is there. */
static size_t printable_run(const char *m, size_t n)
{
    size_t i = 0;
#if defined(__SSE2__)
    /* as signed bytes: printable is > 0x1F and < 0x7F (bytes >= 0x80
     * are negative, so below 0x20 too) */
    const __m128i lo = _mm_set1_epi8(0x1F), hi = _mm_set1_epi8(0x7F);
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(m + i));
        __m128i ok = _mm_and_si128(_mm_cmpgt_epi8(v, lo),
                                   _mm_cmplt_epi8(v, hi));
        if (_mm_movemask_epi8(ok) != 0xFFFF)
            break;
    }
#endif
    while (i < n && m[i] >= 0x20 && m[i] < 0x7F)
        i++;
    return i;
}

static char *clean_message(sgf_collection *c, const char *m, size_t n)
{
    size_t plain = printable_run(m, n);   /* the usual case */
    if (plain == n)
        return sgf__arena_strndup(&c->arena, m, n);
    sgf__buf b = SGF__BUF_INIT;
    for (size_t i = 0; i < n; ) {
        unsigned char ch = (unsigned char)m[i];
        size_t len = 1;
        if (ch >= 0x80) {
            len = ch >= 0xF0 ? 4 : ch >= 0xE0 ? 3 : ch >= 0xC2 ? 2 : 0;
            if (len == 0 || i + len > n
                || !sgf__utf8_valid(m + i, len))
                len = 0;
        } else if (ch < 0x20 || ch == 0x7F) {
            len = 0;
        }
        int rc;
        if (len == 0) {
            char hex[5];
            snprintf(hex, sizeof hex, "\\x%02X", ch);
            rc = sgf__buf_add(&b, hex, 4);
            len = 1;
        } else {
            rc = sgf__buf_add(&b, m + i, len);
        }
        if (rc != 0) {
            sgf__buf_release(&b);
            return NULL;
        }
        i += len;
    }
    char *out = sgf__arena_strndup(&c->arena, b.ptr ? b.ptr : "", b.len);
    sgf__buf_release(&b);
    return out;
}

static int grow_diags(sgf_collection *c)
{
    size_t cap = c->diags_cap ? 2 * c->diags_cap : 16;
    sgf_diag *d = realloc(c->diags, cap * sizeof *d);
    if (d == NULL)
        return SGF_ENOMEM;
    c->diags = d;
    c->diags_cap = cap;
    return 0;
}

/* Past the cap of its code: count d, keep nothing (not even its
 * message, which is never formatted). */
static bool left_out(sgf_collection *c, const sgf_diag *d)
{
    unsigned code = (unsigned)d->code < SGF__D_COUNT ? (unsigned)d->code
                                                     : SGF_D_NONE;
    uint32_t *seen = &c->dstate.seen[code];
    if (*seen < UINT32_MAX)
        ++*seen;
    if (*seen <= c->max_diags)
        return false;
    sgf_diag_counts *cn[2] = { &c->dstate.left_out, &c->dstate.left_out_all };
    for (int k = 0; k < 2; k++) {
        if (d->severity == SGF_SEV_ERROR)
            cn[k]->errors++;
        else if (d->severity == SGF_SEV_WARNING)
            cn[k]->warnings++;
        else
            cn[k]->notes++;
        cn[k]->critical += d->critical;
    }
    return true;
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 0)))
#endif
static sgf_diag *push(sgf_collection *c, const sgf_diag *d, const char *fmt,
                      va_list ap)
{
    if (left_out(c, d)) {
        /* callers take NULL for out of memory: a slot that is no
         * diagnostic of the list */
        c->left_slot = *d;
        c->left_slot.version = SGF_DIAG_VERSION;
        c->left_slot.message = "";
        return &c->left_slot;
    }
    char small[512];
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    char *msg = NULL;
    if (n >= 0 && (size_t)n < sizeof small) {
        msg = clean_message(c, small, (size_t)n);
    } else if (n >= 0) {
        char *big = malloc((size_t)n + 1);
        if (big != NULL) {
            vsnprintf(big, (size_t)n + 1, fmt, ap2);
            msg = clean_message(c, big, (size_t)n);
            free(big);
        }
    }
    va_end(ap2);
    if (msg == NULL || (c->ndiags == c->diags_cap && grow_diags(c) != 0)) {
        c->status = SGF_ENOMEM;
        return NULL;
    }
    sgf_diag *slot = &c->diags[c->ndiags++];
    *slot = *d;
    slot->version = SGF_DIAG_VERSION;
    slot->message = msg;
    if (c->opts.on_diag != NULL && !c->diag_hold)
        c->opts.on_diag(c->opts.payload, slot);
    return slot;
}

void sgf__diag_state_save(const sgf_collection *c, sgf__diag_state *st)
{
    *st = c->dstate;
}

void sgf__diag_state_restore(sgf_collection *c, const sgf__diag_state *st)
{
    c->dstate = *st;
}

void sgf__diag_release(sgf_collection *c, size_t from)
{
    for (size_t i = from; c->opts.on_diag != NULL && i < c->ndiags; i++)
        c->opts.on_diag(c->opts.payload, &c->diags[i]);
}

void sgf__diag_list_emptied(sgf_collection *c)
{
    c->ndiags = 0;
    c->dstate.left_out = (sgf_diag_counts){ 0, 0, 0, 0 };
}

sgf_diag *sgf__diag_emit(sgf_collection *c, const sgf_diag *proto,
                         bool ff4, bool has_pos, const char *fmt, ...)
{
    sgf_diag d = *proto;
    d.severity = sgf_diag_code_severity(d.code, ff4);
    d.critical = codes[d.code].critical || proto->critical;
    if (has_pos)
        d.pos = sgf_collection_pos(c, d.pos.offset);
    else
        d.pos.line = d.pos.column = 0;
    va_list ap;
    va_start(ap, fmt);
    sgf_diag *r = push(c, &d, fmt, ap);
    va_end(ap);
    return r;
}

int sgf_diag_init(sgf_diag *d, unsigned version)
{
    if (d == NULL || version != SGF_DIAG_VERSION)
        return SGF_EINVAL;
    memset(d, 0, sizeof *d);
    d->version = SGF_DIAG_VERSION;
    d->game = -1;
    d->message = "";
    return 0;
}

static sgf_diag proto_of(int game, sgf_diag_code code, size_t offset)
{
    sgf_diag d;
    memset(&d, 0, sizeof d);
    d.code = code;
    d.game = game;
    d.pos.offset = (uint32_t)offset;
    return d;
}

sgf_diag *sgf__diag_add(sgf_collection *c, int game, sgf_diag_code code,
                        bool ff4, size_t offset, const char *fmt, ...)
{
    sgf_diag d = proto_of(game, code, offset);
    d.severity = sgf_diag_code_severity(code, ff4);
    d.critical = codes[code].critical;
    d.pos = sgf_collection_pos(c, offset);
    va_list ap;
    va_start(ap, fmt);
    sgf_diag *r = push(c, &d, fmt, ap);
    va_end(ap);
    return r;
}

sgf_diag *sgf__diag_add_nopos(sgf_collection *c, int game,
                              sgf_diag_code code, bool ff4,
                              const char *fmt, ...)
{
    sgf_diag d = proto_of(game, code, 0);
    d.severity = sgf_diag_code_severity(code, ff4);
    d.critical = codes[code].critical;
    va_list ap;
    va_start(ap, fmt);
    sgf_diag *r = push(c, &d, fmt, ap);
    va_end(ap);
    return r;
}

int sgf_collection_add_diag(sgf_collection *c, const sgf_diag *d,
                            bool has_offset, const char *fmt, ...)
{
    if (c == NULL || d == NULL || fmt == NULL
        || d->version != SGF_DIAG_VERSION
        || sgf_diag_code_name(d->code) == NULL
        || (d->severity != SGF_SEV_NOTE && d->severity != SGF_SEV_WARNING
            && d->severity != SGF_SEV_ERROR))
        return SGF_EINVAL;
    sgf_diag copy = *d;
    if (has_offset && copy.pos.line == 0)
        copy.pos = sgf_collection_pos(c, copy.pos.offset);
    va_list ap;
    va_start(ap, fmt);
    sgf_diag *r = push(c, &copy, fmt, ap);
    va_end(ap);
    return r == NULL ? SGF_ENOMEM : 0;
}

/* --- printers ----------------------------------------------------------- */

static bool is_control(unsigned char ch)
{
    return ch < 0x20 || ch == 0x7F;
}

int sgf_print_name(FILE *fp, const char *name)
{
    const char *s;
    bool plain = true;
    if (fp == NULL)
        return SGF_EINVAL;
    if (name == NULL)
        name = "<input>";
    for (s = name; *s != '\0' && plain; s++)
        plain = !is_control((unsigned char)*s);
    if (plain)
        return fputs(name, fp) < 0 ? SGF_EIO : 0;
    for (s = name; *s != '\0'; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '\\')
            fputs("\\\\", fp);
        else if (ch == '\n')
            fputs("\\n", fp);
        else if (ch == '\t')
            fputs("\\t", fp);
        else if (ch == '\r')
            fputs("\\r", fp);
        else if (is_control(ch))
            fprintf(fp, "\\x%02X", ch);
        else
            putc(ch, fp);
    }
    return ferror(fp) ? SGF_EIO : 0;
}

int sgf_diag_print_text(FILE *fp, const char *file, const sgf_diag *d)
{
    int n;
    if (fp == NULL || d == NULL || d->version != SGF_DIAG_VERSION)
        return SGF_EINVAL;
    const char *name = sgf_diag_code_name(d->code);
    if (sgf_print_name(fp, file) != 0)
        return SGF_EIO;
    if (d->pos.line > 0)
        n = fprintf(fp, ":%lu:%lu: %s: %s [%s]\n",
                    (unsigned long)d->pos.line, (unsigned long)d->pos.column,
                    sgf_severity_name(d->severity), d->message,
                    name ? name : "?");
    else
        n = fprintf(fp, ": %s: %s [%s]\n",
                    sgf_severity_name(d->severity), d->message,
                    name ? name : "?");
    return n < 0 ? SGF_EIO : 0;
}
