/*
 * tools/cli-list.c - every input of a run listed before any is read
 * (cli.h, "inputs listed first"): the paths in walk order and the
 * identity (device, inode) of each file, so that a tool can refuse to
 * write over an input before it opens anything for writing.
 */
#include "cli.h"
#include "keyset.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct cli_input_list {
    char *paths;              /* the paths, each ended by NUL */
    size_t used, cap;
    size_t *starts;           /* offset of each path in paths */
    size_t count, starts_cap;
    unsigned long long *sizes;  /* of each input (0: not a regular file) */
    size_t sizes_cap;
    unsigned long long bytes;   /* their sum */
    keyset ids;               /* (st_dev, st_ino) -> first input index */
    bool known;               /* sizes and identities taken when listed */
};

struct identity {
    dev_t dev;
    ino_t ino;
};

static struct identity identity_of(const struct stat *st)
{
    struct identity id;
    memset(&id, 0, sizeof id);           /* padding: keys compare bytes */
    id.dev = st->st_dev;
    id.ino = st->st_ino;
    return id;
}

static int grow(void **p, size_t *cap, size_t need, size_t unit)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? *cap : 64;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, n * unit);
    if (q == NULL)
        return -1;
    *p = q;
    *cap = n;
    return 0;
}

/* The size of the regular file path ("-": standard input), else 0. */
static unsigned long long size_of(const char *path, struct stat *st,
                                  int *rc)
{
    *rc = strcmp(path, "-") == 0 ? fstat(STDIN_FILENO, st)
                                 : stat(path, st);
    return *rc == 0 && S_ISREG(st->st_mode)
        ? (unsigned long long)st->st_size : 0;
}

/* With known false: a size not looked at yet. */
#define SIZE_UNKNOWN ULLONG_MAX

static int add(cli_input_list *l, const char *path, bool known,
               long long seen, const struct stat *walked)
{
    size_t len = strlen(path) + 1;
    struct stat st;
    if (grow((void **)&l->paths, &l->cap, l->used + len, 1) != 0
        || grow((void **)&l->starts, &l->starts_cap, l->count + 1,
                sizeof *l->starts) != 0
        || grow((void **)&l->sizes, &l->sizes_cap, l->count + 1,
                sizeof *l->sizes) != 0)
        return -1;
    memcpy(l->paths + l->used, path, len);
    l->starts[l->count] = l->used;
    l->used += len;
    int rc = -1;
    if (known && walked != NULL) {       /* the walk's stat: not again */
        st = *walked;
        rc = 0;
        l->sizes[l->count] = S_ISREG(st.st_mode)
            ? (unsigned long long)st.st_size : 0;
    } else {
        l->sizes[l->count] = known ? size_of(path, &st, &rc)
                             : seen >= 0 ? (unsigned long long)seen
                             : SIZE_UNKNOWN;
    }
    if (known)
        l->bytes += l->sizes[l->count];
    /* regular files only: a device or a pipe (/dev/null, a terminal) is
     * not data an output could destroy; a name that cannot be stat'ed is
     * reported when it is read */
    if (rc == 0 && S_ISREG(st.st_mode)) {
        struct identity id = identity_of(&st);
        size_t index = l->count;
        if (keyset_add(&l->ids, &id, sizeof id, &index) < 0)
            return -1;
    }
    l->count++;
    return 0;
}

cli_input_list *cli_input_list_new(cli_inputs *in, bool known)
{
    cli_input_list *l = calloc(1, sizeof *l);
    const char *path;
    if (l == NULL) {
        tool_error("out of memory");
        return NULL;
    }
    l->known = known;
    while ((path = cli_inputs_next(in)) != NULL)
        if (add(l, path, known, cli_inputs_last_size(in),
                cli_inputs_last_stat(in)) != 0) {
            tool_error("out of memory listing the inputs");
            cli_input_list_free(l);
            return NULL;
        }
    return l;
}

void cli_input_list_free(cli_input_list *l)
{
    if (l == NULL)
        return;
    keyset_release(&l->ids);
    free(l->paths);
    free(l->starts);
    free(l->sizes);
    free(l);
}

size_t cli_input_list_count(const cli_input_list *l)
{
    return l->count;
}

unsigned long long cli_input_list_bytes(const cli_input_list *l)
{
    return l->bytes;
}

unsigned long long cli_input_list_size(const cli_input_list *l, size_t i)
{
    struct stat st;
    int rc;
    if (l->known)
        return l->sizes[i];
    if (l->sizes[i] != SIZE_UNKNOWN)   /* the walk's */
        return l->sizes[i];
    return size_of(l->paths + l->starts[i], &st, &rc);
}

const char *cli_input_list_path(const cli_input_list *l, size_t i)
{
    return l->paths + l->starts[i];
}

long cli_input_list_find(const cli_input_list *l, const struct stat *st)
{
    struct identity id = identity_of(st);
    size_t index;
    if (!keyset_find(&l->ids, &id, sizeof id, &index))
        return -1;
    return (long)index;
}
