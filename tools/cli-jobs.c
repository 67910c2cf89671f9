/*
 * tools/cli-jobs.c - a run on several cores (-j N, cli.h "jobs"): N
 * worker processes, forked once the options are read, each doing whole
 * inputs as the tool does them alone; the parent hands out the inputs in
 * order and writes what each wrote, in the order of the inputs, so that
 * the output is byte for byte that of a run on one core.
 *
 * A worker's standard output and error go to two unlinked temporary
 * files of its own (made before the fork, so that the parent reads them
 * too), emptied before each job. When the run's standard output and
 * error are one file (2>&1: one pipe, terminal or file), both go to one
 * capture file instead, in the order the worker writes them, so that
 * they come out interleaved as one process interleaves them. When an input is done the worker
 * sends its counts (and the tool's own, cli_run_hooks.totals); the
 * parent copies the two files out, straight to its own streams when the
 * input is the next one due, else into memory when they are small (the
 * worker goes on), else it leaves them in the files and lets the worker
 * wait until they are due. At most WINDOW inputs are out at once, so
 * memory stays bounded whatever the run.
 */
#define _XOPEN_SOURCE 700       /* struct msghdr's control fields (XSI) */
#include "cli-jobs.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* Counts travel and add up as arrays of unsigned long. */
_Static_assert(sizeof(cli_counts) % sizeof(unsigned long) == 0,
               "cli_counts is unsigned longs only");

enum {
    WINDOW_PER_WORKER = 8,         /* jobs handed out ahead, per worker */
    SMALL_OUTPUT = 1 << 20,        /* copied into memory when not due */
    BATCH_INPUTS = 32,             /* inputs in one job, at most ... */
    BATCH_BYTES = 1 << 20,         /* ... and about this much of them, */
    BATCH_SHARE = 4                /* ... and at most the inputs left over
                                      BATCH_SHARE jobs a worker (sizes
                                      not known, the last jobs small:
                                      the workers end together) */
};

/* What a worker says of one input. */
typedef struct result {
    uint64_t seq;
    int32_t status;
    uint32_t ntotals;
    uint64_t out_len, err_len;
    cli_counts counts;
} result;

/* A job handed out: its inputs (their paths one after the other, each
 * ended by NUL), and once done, its output. */
typedef struct slot {
    char *path;
    size_t path_len, count;
    unsigned long long size;       /* for the progress line ... */
    unsigned long games;           /* ... with its games */
    bool done;
    int worker;                    /* holding it in its files; -1 none */
    int status;
    char *out, *err;               /* copied into memory, or NULL */
    size_t out_len, err_len;
} slot;

typedef struct worker {
    pid_t pid;
    int sock;                      /* the parent's end */
    int out, err;                  /* its capture files */
    bool busy;                     /* an input out */
    bool parked;                   /* its output waits in its files */
} worker;

typedef struct jobs {
    const cli_run_hooks *h;
    cli_job_next next;
    void *it;
    cli_job_one one;
    cli_counts *n;
    worker *w;
    unsigned nw;
    slot *ring;                    /* WINDOW slots, by seq % window */
    size_t window;
    uint64_t handed, flushed;      /* next seq to hand out / to write */
    size_t total, given;           /* inputs (0: not known), handed out */
    bool no_more;
    bool product_started;          /* before_product called */
    bool one_stream;               /* one capture file a worker: the
                                      output and error are one file */
    int status;
} jobs;

/* --- the worker's side ------------------------------------------------- */

static int read_full(int fd, void *buf, size_t n)
{
    char *p = buf;
    while (n > 0) {
        ssize_t r = read(fd, p, n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

static int write_full(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static void add_totals(unsigned long *to, const unsigned long *from,
                       size_t n)
{
    for (size_t i = 0; i < n; i++)
        to[i] += from[i];
}

/* One job in the worker: the streams emptied, its inputs, the counts. */
static int work_one(const cli_run_hooks *h, cli_job_one one, int sock,
                    int out, int err, uint64_t seq, const char *paths,
                    size_t len)
{
    static cli_counts c;                 /* 4 KiB: not on the stack */
    size_t nt = h->ntotals;
    unsigned long before[64];
    result r;
    if (h->totals == NULL)
        nt = 0;                          /* a tool without totals */
    if (nt > sizeof before / sizeof *before)
        nt = sizeof before / sizeof *before;
    if (nt > 0)
        memcpy(before, h->totals, nt * sizeof *before);
    if (ftruncate(out, 0) != 0 || lseek(out, 0, SEEK_SET) != 0
        || (err != out && (ftruncate(err, 0) != 0
                           || lseek(err, 0, SEEK_SET) != 0)))
        return -1;
    memset(&c, 0, sizeof c);
    memset(&r, 0, sizeof r);
    r.status = TOOL_OK;
    for (const char *p = paths; p < paths + len; p += strlen(p) + 1)
        r.status = tool_worst(r.status, one(h, p, &c));
    fflush(stdout);
    fflush(stderr);
    r.seq = seq;
    r.ntotals = (uint32_t)nt;
    r.out_len = (uint64_t)lseek(out, 0, SEEK_END);
    r.err_len = err != out ? (uint64_t)lseek(err, 0, SEEK_END) : 0;
    r.counts = c;
    unsigned long delta[64];
    for (size_t i = 0; i < nt; i++)
        delta[i] = h->totals[i] - before[i];
    if (write_full(sock, &r, sizeof r) != 0
        || write_full(sock, delta, nt * sizeof *delta) != 0)
        return -1;
    return 0;
}

/* A worker's life: inputs until the parent closes its end. */
static void work(const cli_run_hooks *h, cli_job_one one, int sock,
                 int out, int err)
{
    char *path = NULL;
    cli_progress_start(false, 0, 0);     /* the parent draws it */
    fflush(stdout);
    fflush(stderr);
    if (dup2(out, STDOUT_FILENO) < 0 || dup2(err, STDERR_FILENO) < 0)
        _exit(TOOL_TROUBLE);
    if (h->worker_start != NULL)
        h->worker_start(h->payload);
    for (;;) {
        uint64_t seq;
        uint32_t len;
        if (read_full(sock, &seq, sizeof seq) != 0
            || read_full(sock, &len, sizeof len) != 0)
            break;
        char *p = realloc(path, (size_t)len + 1);
        if (p == NULL || read_full(sock, p, len) != 0)
            break;
        path = p;
        path[len] = '\0';
        if (work_one(h, one, sock, out, err, seq, path, len) != 0)
            break;
    }
    free(path);
    if (h->worker_end != NULL)
        h->worker_end(h->payload);
    fflush(stdout);
    fflush(stderr);
    _exit(0);
}

/* --- the parent's side ------------------------------------------------- */

/* Whether standard output and standard error are one file (the same
 * pipe, terminal or file: 2>&1), whose readers see the two streams in
 * the order they were written. */
static bool one_stream(void)
{
    struct stat a, b;
    return fstat(STDOUT_FILENO, &a) == 0 && fstat(STDERR_FILENO, &b) == 0
           && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* An unlinked temporary file: its descriptor, or -1 after a message. */
static int capture_file(void)
{
    const char *dir = getenv("TMPDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/sgf-job.XXXXXX",
             dir != NULL && *dir != '\0' ? dir : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0)
        tool_error("cannot make a temporary file in '%s': %s",
                   dir != NULL && *dir != '\0' ? dir : "/tmp",
                   strerror(errno));
    else
        unlink(path);
    return fd;
}

static int start_worker(jobs *j, worker *w)
{
    int sv[2];
    w->out = capture_file();
    w->err = w->out >= 0 && !j->one_stream ? capture_file() : w->out;
    if (w->err < 0 || socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) {
        if (w->err >= 0)
            tool_error("cannot start a job: %s", strerror(errno));
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    w->pid = fork();
    if (w->pid < 0) {
        tool_error("cannot start a job: %s", strerror(errno));
        close(sv[0]);
        close(sv[1]);
        return -1;
    }
    if (w->pid == 0) {
        close(sv[0]);
        for (unsigned k = 0; k < j->nw; k++)    /* the others' ends */
            if (&j->w[k] != w && j->w[k].sock >= 0)
                close(j->w[k].sock);
        work(j->h, j->one, sv[1], w->out, w->err);
    }
    close(sv[1]);
    w->sock = sv[0];
    return 0;
}

/* Copy len bytes of fd (from its start) to fp. Returns 0, or the errno
 * of a write that failed. */
static int copy_out(int fd, uint64_t len, FILE *fp)
{
    char buf[65536];
    off_t off = 0;
    while ((uint64_t)off < len) {
        size_t want = len - (uint64_t)off < sizeof buf
                      ? (size_t)(len - (uint64_t)off) : sizeof buf;
        ssize_t r = pread(fd, buf, want, off);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        errno = 0;
        if (fwrite(buf, 1, (size_t)r, fp) != (size_t)r)
            return errno != 0 ? errno : EIO;
        off += r;
    }
    return 0;
}

static char *copy_in(int fd, uint64_t len)
{
    char *p = malloc(len ? (size_t)len : 1);
    size_t got = 0;
    while (p != NULL && got < len) {
        ssize_t r = pread(fd, p + got, (size_t)len - got, (off_t)got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    return p;
}

static FILE *product(const jobs *j)
{
    FILE *fp = j->h->product != NULL ? j->h->product(j->h->payload) : NULL;
    return fp != NULL ? fp : stdout;
}

/* The reader of standard output has gone (EPIPE): end as one process
 * does, killed by SIGPIPE (status 141 in a shell), the workers first. */
static void pipe_gone(jobs *j)
{
    for (unsigned k = 0; k < j->nw; k++)
        if (j->w[k].pid > 0) {
            kill(j->w[k].pid, SIGKILL);
            waitpid(j->w[k].pid, NULL, 0);
        }
    signal(SIGPIPE, SIG_DFL);
    raise(SIGPIPE);
    _exit(128 + SIGPIPE);
}

/* Flush the output after a copy that failed with errno err (0: none);
 * a failure is recorded for tool_close_stdout, with its errno: the
 * reason is said at the end, as by one process. */
static void flush_product(jobs *j, FILE *fp, int err)
{
    if (err == 0 && fflush(fp) != 0)
        err = errno != 0 ? errno : EIO;
    if (err == EPIPE)
        pipe_gone(j);
    if (err != 0)
        cli_write_failed(fp, err);
}

/* Write a done slot's output, in order. */
static void write_slot(jobs *j, slot *s)
{
    worker *w = s->worker >= 0 ? &j->w[s->worker] : NULL;
    size_t out_len = s->out_len, err_len = s->err_len;
    FILE *fp = product(j);
    if (out_len > 0 && !j->product_started) {
        j->product_started = true;
        if (j->h->before_product != NULL)
            j->h->before_product(j->h->payload);
    }
    cli_progress_before(fp);
    if (w != NULL) {
        flush_product(j, fp, copy_out(w->out, out_len, fp));
        cli_progress_before(stderr);
        copy_out(w->err, err_len, stderr);
        w->parked = false;
    } else {
        errno = 0;
        flush_product(j, fp, out_len > 0
                             && fwrite(s->out, 1, out_len, fp) != out_len
                             ? (errno != 0 ? errno : EIO) : 0);
        cli_progress_before(stderr);
        if (err_len > 0)
            fwrite(s->err, 1, err_len, stderr);
    }
    fflush(stderr);
    free(s->out);
    free(s->err);
    free(s->path);
    cli_progress_games(s->games);
    for (size_t i = 0; i < s->count; i++)
        cli_progress_input(i == 0 ? s->size : 0);
    memset(s, 0, sizeof *s);
}

static void flush_due(jobs *j)
{
    for (;;) {
        slot *s = &j->ring[j->flushed % j->window];
        if (j->flushed == j->handed || !s->done)
            return;
        write_slot(j, s);
        j->flushed++;
    }
}

/* The result of a worker: its counts taken, its output written or
 * kept. -1 when the worker is gone. */
static int take_result(jobs *j, unsigned k)
{
    worker *w = &j->w[k];
    result r;
    unsigned long totals[64];
    if (read_full(w->sock, &r, sizeof r) != 0 || r.ntotals > 64
        || read_full(w->sock, totals, r.ntotals * sizeof *totals) != 0)
        return -1;
    slot *s = &j->ring[r.seq % j->window];
    add_totals(&j->n->files, &r.counts.files,
               sizeof r.counts / sizeof(unsigned long));
    if (j->h->totals != NULL)
        add_totals(j->h->totals, totals, r.ntotals);
    j->status = tool_worst(j->status, r.status);
    s->done = true;
    s->games = r.counts.games;
    s->status = r.status;
    s->out_len = (size_t)r.out_len;
    s->err_len = (size_t)r.err_len;
    s->worker = (int)k;
    w->busy = false;
    if (r.seq == j->flushed) {
        w->parked = true;              /* written from its files now */
    } else if (r.out_len + r.err_len <= SMALL_OUTPUT) {
        s->out = copy_in(w->out, r.out_len);
        s->err = copy_in(w->err, r.err_len);
        if (s->out != NULL && s->err != NULL)
            s->worker = -1;
        else
            w->parked = true;
    } else {
        w->parked = true;              /* it waits until this is due */
    }
    flush_due(j);
    return 0;
}

/* Append path to the slot's paths. 0 or -1 (out of memory). */
static int add_path(slot *s, const char *path)
{
    size_t n = strlen(path) + 1;
    char *p = realloc(s->path, s->path_len + n);
    if (p == NULL)
        return -1;
    memcpy(p + s->path_len, path, n);
    s->path = p;
    s->path_len += n;
    s->count++;
    return 0;
}

/* Hand the next job (inputs one after the other) to worker k. 0, or 1
 * when there is none. */
static int hand_out(jobs *j, unsigned k)
{
    if (j->no_more || j->handed - j->flushed >= j->window)
        return 1;
    slot *s = &j->ring[j->handed % j->window];
    memset(s, 0, sizeof *s);
    s->worker = -1;
    unsigned long long weight = 0;      /* unknown sizes count 4 KiB */
    size_t most = BATCH_INPUTS;
    if (j->total > j->given
        && (j->total - j->given) / (j->nw * BATCH_SHARE) < most)
        most = (j->total - j->given) / (j->nw * BATCH_SHARE);
    if (most == 0)
        most = 1;
    while (s->count < most && weight < BATCH_BYTES) {
        unsigned long long size = 0;
        const char *path = j->next(j->it, &size);
        if (path == NULL) {
            j->no_more = true;
            break;
        }
        if (add_path(s, path) != 0) {
            tool_error("out of memory");
            j->status = TOOL_TROUBLE;
            j->no_more = true;
            break;
        }
        s->size += size;
        weight += size ? size : 4096;
        j->given++;
    }
    if (s->count == 0) {
        free(s->path);
        memset(s, 0, sizeof *s);
        return 1;
    }
    uint64_t seq = j->handed;
    uint32_t len = (uint32_t)s->path_len;
    if (write_full(j->w[k].sock, &seq, sizeof seq) != 0
        || write_full(j->w[k].sock, &len, sizeof len) != 0
        || write_full(j->w[k].sock, s->path, len) != 0) {
        tool_error("cannot hand inputs to a job: %s", strerror(errno));
        j->status = TOOL_TROUBLE;
        j->no_more = true;
        return 1;
    }
    j->w[k].busy = true;
    j->handed++;
    return 0;
}

/* A worker that died with an input out: the input is reported and the
 * run stops handing out more (its output would be lost). */
static void worker_died(jobs *j, unsigned k)
{
    worker *w = &j->w[k];
    for (uint64_t q = j->flushed; q < j->handed; q++) {
        slot *s = &j->ring[q % j->window];
        if (!s->done) {
            tool_error("a job stopped while reading '%s'%s",
                       cli_display_name(s->path),
                       s->count > 1 ? " or the inputs after it" : "");
            s->done = true;
            s->status = TOOL_TROUBLE;
            j->n->by_status[2]++;
            break;
        }
    }
    j->status = TOOL_TROUBLE;
    j->no_more = true;
    close(w->sock);
    w->sock = -1;
    w->busy = false;
    flush_due(j);
}

static void serve(jobs *j)
{
    struct pollfd *pf = calloc(j->nw, sizeof *pf);
    if (pf == NULL) {
        tool_error("out of memory");
        j->status = TOOL_TROUBLE;
        return;
    }
    for (;;) {
        unsigned busy = 0;
        for (unsigned k = 0; k < j->nw; k++)
            if (j->w[k].sock >= 0 && !j->w[k].busy && !j->w[k].parked)
                hand_out(j, k);
        for (unsigned k = 0; k < j->nw; k++) {
            pf[k].fd = j->w[k].busy ? j->w[k].sock : -1;
            pf[k].events = POLLIN;
            busy += j->w[k].busy;
        }
        if (busy == 0)
            break;
        if (poll(pf, j->nw, -1) < 0 && errno != EINTR)
            break;
        for (unsigned k = 0; k < j->nw; k++)
            if (pf[k].fd >= 0 && (pf[k].revents & (POLLIN | POLLHUP))
                && take_result(j, k) != 0)
                worker_died(j, k);
    }
    flush_due(j);
    free(pf);
}

static void stop_workers(jobs *j)
{
    for (unsigned k = 0; k < j->nw; k++) {
        worker *w = &j->w[k];
        if (w->sock >= 0)
            close(w->sock);
        if (w->pid > 0)
            waitpid(w->pid, NULL, 0);
        if (w->out >= 0)
            close(w->out);
        if (w->err >= 0 && w->err != w->out)
            close(w->err);
    }
}

int cli_jobs_run(const cli_run_hooks *h, unsigned nw, cli_job_next next,
                 void *it, size_t total, cli_job_one one, cli_counts *n)
{
    jobs j;
    memset(&j, 0, sizeof j);
    j.h = h;
    j.next = next;
    j.it = it;
    j.one = one;
    j.n = n;
    j.nw = nw;
    j.total = total;
    j.window = (size_t)nw * WINDOW_PER_WORKER;
    j.one_stream = product(&j) == stdout && one_stream();
    j.w = calloc(nw, sizeof *j.w);
    j.ring = calloc(j.window, sizeof *j.ring);
    if (j.w == NULL || j.ring == NULL) {
        free(j.w);
        free(j.ring);
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    for (unsigned k = 0; k < nw; k++)
        j.w[k].sock = j.w[k].out = j.w[k].err = -1;
    signal(SIGPIPE, SIG_IGN);      /* a worker gone: an error, not death */
    for (unsigned k = 0; k < nw; k++)
        if (start_worker(&j, &j.w[k]) != 0) {
            j.status = TOOL_TROUBLE;
            j.nw = k;
            break;
        }
    if (j.nw > 0)
        serve(&j);
    stop_workers(&j);
    signal(SIGPIPE, SIG_DFL);
    free(j.w);
    free(j.ring);
    return j.status;
}
