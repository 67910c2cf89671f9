/*
 * filelist.h - the files named on a test program's command line, with
 * directories walked (sorted, so runs are repeatable). Shared by
 * tests/roundtrip.c, tests/fuzz/standalone.c and the programs in tests/bench/.
 */
#ifndef FILELIST_H
#define FILELIST_H

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

typedef struct filelist {
    char **names;
    size_t n, cap;
    bool sgf_only;     /* in directories, take only *.sgf (any case) */
} filelist;

static inline int filelist_push(filelist *fl, const char *path)
{
    if (fl->n == fl->cap) {
        size_t cap = fl->cap ? 2 * fl->cap : 256;
        char **a = realloc(fl->names, cap * sizeof *a);
        if (a == NULL)
            return -1;
        fl->names = a;
        fl->cap = cap;
    }
    size_t len = strlen(path);
    char *copy = malloc(len + 1);
    if (copy == NULL)
        return -1;
    memcpy(copy, path, len + 1);
    fl->names[fl->n++] = copy;
    return 0;
}

static inline bool filelist_is_sgf(const char *name)
{
    size_t len = strlen(name);
    return len > 4 && strcasecmp(name + len - 4, ".sgf") == 0;
}

static inline int filelist_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static inline int filelist_add(filelist *fl, const char *path);

/* The entries of a directory, sorted, each added (directories walked). */
static inline int filelist_dir(filelist *fl, const char *path)
{
    DIR *d = opendir(path);
    if (d == NULL)
        return -1;
    filelist sub = { NULL, 0, 0, false };
    struct dirent *e;
    char buf[4096];
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(buf, sizeof buf, "%s/%s", path, e->d_name);
        if (filelist_push(&sub, buf) != 0)
            break;
    }
    closedir(d);
    if (sub.n > 1)
        qsort(sub.names, sub.n, sizeof *sub.names, filelist_cmp);
    int rc = 0;
    for (size_t i = 0; i < sub.n; i++) {
        struct stat st;
        if (stat(sub.names[i], &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            rc |= filelist_dir(fl, sub.names[i]);
        else if (!fl->sgf_only || filelist_is_sgf(sub.names[i]))
            rc |= filelist_push(fl, sub.names[i]);
        free(sub.names[i]);
    }
    free(sub.names);
    return rc;
}

/* A file is taken whatever its name; a directory is walked. -1 (errno
 * set) when path cannot be read. */
static inline int filelist_add(filelist *fl, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    if (S_ISDIR(st.st_mode))
        return filelist_dir(fl, path);
    return filelist_push(fl, path);
}

static inline void filelist_free(filelist *fl)
{
    for (size_t i = 0; i < fl->n; i++)
        free(fl->names[i]);
    free(fl->names);
    fl->names = NULL;
    fl->n = fl->cap = 0;
}

#endif
