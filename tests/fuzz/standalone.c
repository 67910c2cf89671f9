/*
 * standalone.c - a plain main() for the fuzz harness, so that builds
 * without libFuzzer (gcc) replay the fuzz corpus and every saved crash:
 *
 *   fuzz-standalone [-v] DIR|FILE...
 *
 * Every file under the directories given (walked recursively, whatever
 * its name; a missing directory counts as empty) is fed to
 * LLVMFuzzerTestOneInput, which aborts when a check fails (the file's
 * name is then printed; -v prints each name before it is run, for
 * crashes that do not abort). Prints "fuzz-replay: N passed, 0 failed"
 * when all went through.
 */
#include <signal.h>
#include <unistd.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../filelist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *current;     /* the file being run */

static void on_abort(int sig)
{
    (void)sig;
    if (current != NULL) {
        static const char msg[] = "fuzz-replay: failed on ";
        if (write(2, msg, sizeof msg - 1) < 0
            || write(2, current, strlen(current)) < 0
            || write(2, "\n", 1) < 0)
            _exit(134);
    }
    _exit(134);
}

static void catch_abort(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_abort;
    sigaction(SIGABRT, &sa, NULL);
}

/* The whole file in *buf (grown as needed); -1 on error. */
static long read_file(const char *path, uint8_t **buf, size_t *cap)
{
    FILE *fp = fopen(path, "rb");
    if (fp == NULL)
        return -1;
    size_t len = 0;
    for (;;) {
        if (len == *cap) {
            size_t ncap = *cap ? 2 * *cap : 65536;
            uint8_t *p = realloc(*buf, ncap);
            if (p == NULL)
                break;
            *buf = p;
            *cap = ncap;
        }
        size_t r = fread(*buf + len, 1, *cap - len, fp);
        len += r;
        if (r == 0)
            break;
    }
    int bad = ferror(fp);
    fclose(fp);
    return bad ? -1 : (long)len;
}

int main(int argc, char **argv)
{
    filelist fl = { NULL, 0, 0, false };
    bool verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
    catch_abort();
    for (int i = 1 + verbose; i < argc; i++)
        if (filelist_add(&fl, argv[i]) != 0 && errno != ENOENT) {
            fprintf(stderr, "fuzz-replay: %s: %s\n", argv[i],
                    strerror(errno));
            return 2;
        }
    uint8_t *buf = NULL;
    size_t cap = 0, passed = 0;
    for (size_t i = 0; i < fl.n; i++) {
        long n = read_file(fl.names[i], &buf, &cap);
        if (n < 0) {
            fprintf(stderr, "fuzz-replay: %s: %s\n", fl.names[i],
                    strerror(errno));
            return 2;
        }
        if (verbose)
            fprintf(stderr, "%s\n", fl.names[i]);
        current = fl.names[i];
        LLVMFuzzerTestOneInput(buf, (size_t)n);
        passed++;
    }
    printf("fuzz-replay: %zu passed, 0 failed\n", passed);
    free(buf);
    filelist_free(&fl);
    return 0;
}
