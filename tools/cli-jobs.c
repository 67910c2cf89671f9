/*
 * tools/cli-jobs.c - a run on several cores (-j N, cli.h "jobs"): N
 * worker processes, forked once the options are read, each doing whole
 * inputs as the tool does them alone; the parent hands out the inputs in
 * order and writes what each wrote, in the order of the inputs, so that
 * the output is byte for byte that of a run on one core.
 *
 * A worker's standard output and error go to two unlinked temporary
 * files of its own (made before the fork, so that the parent reads them
 * too), emptied before each job. It has two such pairs, used by its jobs
 * in turn, and is handed its next job while it does one: it goes from
 * one job to the next without waiting for the parent, which meanwhile
 * copies out the pair of the job before (a pair is handed out again only
 * once its output is written or copied into memory). When the run's
 * standard output and error are one file (2>&1: one pipe, terminal or
 * file), both go to one capture file of each pair instead, in the
 * order the worker writes them, so that they come out interleaved as one
 * process interleaves them. When a job
 * is done the worker sends its counts (and the tool's own,
 * cli_run_hooks.totals); the parent copies the two files out, straight
 * to its own streams when the job is the next one due, else into memory
 * when they are small (the worker goes on), else it leaves them in the
 * files and lets the worker wait until they are due. At most WINDOW jobs
 * are out at once, so memory stays bounded whatever the run. The copy is
 * the kernel's (sendfile) into a file or a device; standard output that
 * is /dev/null is written there by the workers themselves.
 *
 * The parent walks the inputs as it hands them out; what the walk says
 * (a directory named without -r, ...) is held with the name it comes
 * before and written where one process writes it, among the outputs.
 *
 * A large regular file (one collection of many games) is cut into
 * parts, each a job of its own (cli-jobs.h; sgf/parse.h for the cuts).
 * The cuts come from a quick scan that can be wrong on inputs with
 * faults, so when a part is due the parent checks that it starts where
 * the part before it ended, with as many games before it; one that does
 * not is read again from there (its output thrown away), and parts read
 * after the input's real end are thrown away too. The cap of
 * diagnostics of each code per input is the whole input's: each part
 * says where it printed each diagnostic its library listed, with its
 * rank among those of its code, and the parent leaves out those past the
 * cap as it copies, and writes at the input's end the line saying how
 * many were left out, and the input's JSON record: what one process
 * would have written.
 */
#define _XOPEN_SOURCE 700       /* struct msghdr's control fields (XSI) */
#define _DEFAULT_SOURCE 1       /* madvise's MADV_DONTNEED (Linux) */
#include "cli-jobs.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

/* Counts travel and add up as arrays of unsigned long. */
_Static_assert(sizeof(cli_counts) % sizeof(unsigned long) == 0,
               "cli_counts is unsigned longs only");

enum {
    SPARE_FDS = 3,                 /* descriptors a worker needs free */
    WINDOW_PER_WORKER = 8,         /* jobs handed out ahead, per worker */
    SMALL_OUTPUT = 1 << 20,        /* copied into memory when not due */
    BATCH_INPUTS = 128,            /* inputs in one job, at most ... */
    BATCH_BYTES = 1 << 20,         /* ... and about this much of them, */
    BATCH_SHARE = 4,               /* ... and at most the inputs left over
                                      BATCH_SHARE jobs a worker (sizes
                                      not known, the last jobs small:
                                      the workers end together) */
    PART_BYTES = 1 << 20,          /* a part of a large input: at least
                                      this much, ... */
    PARTS_PER_WORKER = 32,         /* ... and about 1/32 of a worker's
                                      share of the input */
    TAIL_SHARE = 4,                /* the last parts: at most a 4th of
                                      what is left for each worker */
    SPLIT_PARTS = 4,               /* inputs of this many parts or more
                                      are read in parts */
    MAX_TOTALS = 64
};

/* What the parent asks of a worker: a job of whole inputs, or one part
 * of an input; the paths follow (each ended by NUL). */
typedef struct job_msg {
    uint64_t seq;
    uint64_t stop;                 /* a part: to before a game tree there */
    uint64_t dev, ino, size;       /* a part: the file cut */
    int64_t mtime_sec, mtime_nsec;
    uint64_t members;              /* JOB_ARCHIVE_END: members read */
    uint64_t data_len;             /* JOB_MEMBERS: bytes of data that
                                      follow */
    uint32_t len;                  /* bytes of paths */
    uint32_t why_len;              /* JOB_MEMBERS: bytes of the whys */
    uint32_t count;                /* JOB_MEMBERS: members (entries) */
    uint8_t part, has_from;
    uint8_t set;                   /* the worker's pair of captures */
    uint8_t kind;                  /* JOB_INPUTS, JOB_MEMBERS, ... */
    uint8_t broken;                /* JOB_ARCHIVE_END: not read to its end */
    uint8_t astatus;               /* ... its own status (trouble: memory
                                      ran short reading it) */
    uint8_t pad[2];
    sgf_cut from;                  /* a part: where it starts, if has_from */
} job_msg;

/* What a job is: whole inputs (or one part of one), members of an
 * archive the parent reads (one entry each; a name, and why it could not
 * be read, each), or what the end of such an archive says (its name the
 * path). */
enum { JOB_INPUTS, JOB_MEMBERS, JOB_ARCHIVE_END };

/* A member's data: the small ones' follow the job on the socket, one
 * after the other (a batch of them, at most MEMBER_BATCH bytes with
 * their names, fits in the socket's buffer, so that handing out a job
 * does not wait for its worker); one the archive's reader spilled to a
 * file (1 MiB or more) goes alone, that file handed with the job, and is
 * read from it game by game, as one process reads it (big). */
typedef struct member_entry {
    uint64_t off, len;             /* in the job's data */
    uint8_t ok;
    uint8_t big;
    uint8_t pad[6];
} member_entry;

enum { MEMBER_BATCH = 96 << 10 };


/* What a worker says of one job; a part's report follows. */
typedef struct result {
    uint64_t seq;
    int32_t status;
    uint32_t ntotals;
    uint64_t out_len, err_len;
    int64_t product_at;            /* cli_product_begins's place, or -1 */
    cli_counts counts;
} result;

/* A large input read in parts: where the parts handed out have got to,
 * and, in the order they are written, where the last one written
 * ended and what the input has said so far. */
typedef struct split {
    char *path;
    unsigned long long size;
    struct stat st;                /* the file as it was cut */
    int fd;                        /* the parent's look at it, while */
    char *map;                     /* cuts are still to be found */
    sgf_cut_scan *scan;
    size_t part_bytes;
    bool planned;                  /* every part handed out */
    bool has_next;                 /* where the next part handed out */
    sgf_cut next;                  /* starts (none: the input's start) */
    long drift;                    /* games the scan miscounts */
    /* written so far */
    bool started;                  /* a part written */
    bool done;                     /* its last part written */
    size_t end_offset, end_games;  /* where the last one written ended */
    sgf_cut end_next;
    unsigned long seen[CLI_MAX_CODES];   /* diagnostics by code so far */
    sgf_diag_counts left;          /* left out so far (the input's cap) */
    cli_counts counts;             /* the input's, for its record */
    int status;
    char *message;                 /* the last a part said, in trouble */
    unsigned refs;                 /* slots of it */
} split;

/* A job handed out: its inputs (their paths one after the other, each
 * ended by NUL), and once done, its output. */
typedef struct slot {
    char *path;
    size_t path_len, count;
    unsigned long long size;       /* for the progress line ... */
    unsigned long games;           /* ... with its games */
    bool done;
    int worker;                    /* holding it in its files; -1 none */
    int set;                       /* which pair of the worker's files */
    int by;                        /* the worker it was handed to */
    char *said;                    /* the walk's messages before it */
    int64_t product_at;            /* where its product starts, or -1 */
    int status;
    char *out, *err;               /* copied into memory, or NULL */
    size_t out_len, err_len;
    /* a part of a split input */
    split *sp;                     /* NULL: whole inputs */
    bool has_from, redo;
    int tries;                     /* read again so many times */
    sgf_cut from;
    size_t stop;
    long drift;                    /* the split's drift it was cut with */
    cli_part_report *rep;          /* what the worker said of it */
    cli_part_entry *entries;
    char *msg;
    cli_counts *counts;            /* its counts, added when it is used */
    unsigned long totals[MAX_TOTALS];
    uint32_t ntotals;
    /* an archive's members (JOB_MEMBERS), or its end */
    int kind;
    bool has_fd;                   /* data_fd: a big member's file */
    int data_fd;
    char *data;                    /* the small members' data, until the
                                      job is handed out */
    uint64_t data_len;
    char *whys;                    /* why each could not be read ("") */
    size_t whys_len;
    member_entry *ments;
    size_t ments_cap;
    bool broken;                   /* JOB_ARCHIVE_END */
    int astatus;
    unsigned long members;
    unsigned ends;                 /* archives it ends, for the progress
                                      line (its members are not counted
                                      there, the archive is) */
    unsigned long long arc_at;     /* JOB_MEMBERS: the archive's place
                                      after them, for the progress line */
} slot;

/* A member read while a job was being filled that starts the next one
 * (a big one, or one after messages): its data kept (a small one's in
 * memory, a big one's spill file held open). */
typedef struct carry {
    bool has;
    member_entry e;
    int fd;                        /* e.big: its file */
    char *data;                    /* else its data */
    char *name, *why, *said;
} carry;

/* Jobs a worker holds at once: one it does, the next waiting in its
 * socket. */
enum { SETS = 2 };

typedef struct worker {
    pid_t pid;
    int sock;                      /* the parent's end */
    int out[SETS], err[SETS];      /* its pairs of capture files */
    unsigned busy;                 /* jobs out (at most SETS) */
    unsigned next_set;             /* the pair its next job writes */
    bool parked[SETS];             /* a pair's output waits in it */
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
    uint64_t cut_at;               /* a job a worker died doing: the
                                      output ends before it */
    size_t total, given;           /* inputs (0: not known), handed out */
    bool no_more;                  /* every input taken */
    bool halt;                     /* trouble: nothing more handed out */
    split *pending;                /* a large input met while batching:
                                      its parts come after the batch */
    split *cur;                    /* the input being cut into parts */
    bool has_back;                 /* a name taken back, for the next */
    char *back_path, *back_said;   /* job: it comes after the walk's */
    unsigned long long back_size;  /* messages (back_said) */
    char *back_taken;              /* the name last given back out */
    char *tail;                    /* the walk's messages at its end */
    size_t part_bytes;             /* SGF_PART_BYTES, or 0 */
    bool product_started;          /* before_product called */
    bool one_stream;               /* one capture file a worker: the
                                      output and error are one file */
    bool discard;                  /* standard output is /dev/null: the
                                      workers write it there */
    bool slow;                     /* cli_run_hooks.slow: one input a job,
                                      none handed out ahead */
    /* an archive read here, its members handed out as they come */
    cli_archive_it *arc;
    char *arc_path;
    carry carried;
    unsigned ended;                /* archives ended, not counted yet */
    bool end_due;                  /* its end, to be handed out */
    bool end_broken;
    int end_status;
    unsigned long end_members;
    char *end_said;
    char *end_msg;                 /* the last message it made, or NULL */
    int status;
} jobs;

/* --- the worker's side ------------------------------------------------- */

static bool in_worker;
static int64_t product_at = -1;        /* of the job, or -1 */

void cli_product_begins(FILE *fp)
{
    if (!in_worker || product_at >= 0 || fp != stdout)
        return;
    fflush(stdout);
    off_t at = lseek(STDOUT_FILENO, 0, SEEK_CUR);
    product_at = at >= 0 ? (int64_t)at : 0;
}

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

/* A part's report, its entries and its message after the result. */
static int send_part(int sock, cli_part *p, int status,
                     unsigned long said_before)
{
    unsigned long said;
    const char *msg = cli_last_error(&said);
    if (p->failed) {                /* its entries are not all there */
        p->rep.read = 0;
        p->rep.nentries = 0;
    }
    p->rep.msg_len = said > said_before && status >= TOOL_TROUBLE
                     && msg != NULL ? (uint32_t)strlen(msg) : 0;
    if (write_full(sock, &p->rep, sizeof p->rep) != 0
        || write_full(sock, p->entries,
                      p->rep.nentries * sizeof *p->entries) != 0
        || write_full(sock, msg, p->rep.msg_len) != 0)
        return -1;
    return 0;
}

/* Where capture files are made: $TMPDIR, else /tmp. */
static const char *capture_dir(void)
{
    const char *dir = getenv("TMPDIR");
    return dir != NULL && *dir != '\0' ? dir : "/tmp";
}

/* In a worker: the run's standard error, kept before the capture files
 * took its place, for the one message a worker writes there itself (its
 * own capture file could not hold the job's output). */
static int said_fd = -1;

/* A capture file emptied for the next job (/dev/null: nothing to do). */
static int empty(int fd)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return -1;
    if (!S_ISREG(st.st_mode))
        return 0;
    return ftruncate(fd, 0) == 0 && lseek(fd, 0, SEEK_SET) == 0 ? 0 : -1;
}

/* A job's header from the socket, and the descriptor it carries (the
 * data of JOB_MEMBERS), or -1 in *fd. 0, or -1 at the socket's end. */
static int read_job(int sock, job_msg *m, int *fd)
{
    union {
        char buf[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } ctl;
    struct iovec io = { m, sizeof *m };
    struct msghdr mh;
    ssize_t n;
    memset(&mh, 0, sizeof mh);
    mh.msg_iov = &io;
    mh.msg_iovlen = 1;
    mh.msg_control = ctl.buf;
    mh.msg_controllen = sizeof ctl.buf;
    *fd = -1;
    do
        n = recvmsg(sock, &mh, 0);
    while (n < 0 && errno == EINTR);
    if (n <= 0)
        return -1;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&mh); c != NULL;
         c = CMSG_NXTHDR(&mh, c))
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
            memcpy(fd, CMSG_DATA(c), sizeof *fd);
    if ((size_t)n < sizeof *m
        && read_full(sock, (char *)m + n, sizeof *m - (size_t)n) != 0) {
        if (*fd >= 0)
            close(*fd);
        *fd = -1;
        return -1;
    }
    return 0;
}

/* The members of a JOB_MEMBERS, each as one process reads it: a small
 * one from memory (data: the job's), a big one from its file (fd). */
static int run_members(const cli_run_hooks *h, const job_msg *m,
                       const char *names, const char *whys,
                       const member_entry *e, const char *data, int fd,
                       cli_counts *c)
{
    int st = TOOL_OK;
    for (uint32_t i = 0; i < m->count; i++) {
        cli_member mb = { names, NULL, 0, -1, e[i].ok != 0 };
        const char *why = *whys != '\0' ? whys : NULL;
        if (mb.ok && e[i].big) {
            if (fd >= 0 && lseek(fd, 0, SEEK_SET) == 0) {
                mb.fd = fd;
                mb.len = (size_t)e[i].len;
            } else {
                mb.ok = false;
                why = "cannot read its temporary file";
            }
        } else if (mb.ok) {
            mb.data = data + e[i].off;
            mb.len = (size_t)e[i].len;
        }
        st = tool_worst(st, cli_run_member(h, &mb, why, c));
        names += strlen(names) + 1;
        whys += strlen(whys) + 1;
    }
    return st;
}

/* One job in the worker: the streams emptied, its inputs (or its part,
 * or its members), the counts. */
static int work_one(const cli_run_hooks *h, cli_job_one one, int sock,
                    int out, int err, const job_msg *m, const char *paths,
                    const char *whys, const member_entry *ents,
                    const char *data, int fd)
{
    static cli_counts c;                 /* 4 KiB: not on the stack */
    static cli_part part;
    size_t nt = h->ntotals;
    unsigned long before[MAX_TOTALS], said_before;
    result r;
    if (h->totals == NULL)
        nt = 0;                          /* a tool without totals */
    if (nt > MAX_TOTALS)
        nt = MAX_TOTALS;
    if (nt > 0)
        memcpy(before, h->totals, nt * sizeof *before);
    if (empty(out) != 0 || (err != out && empty(err) != 0))
        return -1;
    memset(&c, 0, sizeof c);
    memset(&r, 0, sizeof r);
    r.status = TOOL_OK;
    product_at = -1;
    cli_last_error(&said_before);
    if (m->part) {
        free(part.entries);
        memset(&part, 0, sizeof part);
        part.path = paths;
        part.from = m->has_from ? &m->from : NULL;
        part.stop = m->stop == UINT64_MAX ? SIZE_MAX : (size_t)m->stop;
        part.dev = m->dev;
        part.ino = m->ino;
        part.size = m->size;
        part.mtime_sec = m->mtime_sec;
        part.mtime_nsec = m->mtime_nsec;
        cli_part_set(&part);
        r.status = one(h, paths, &c);
        cli_part_set(NULL);
        if (part.failed) {
            tool_error("out of memory");
            r.status = TOOL_TROUBLE;
        }
    } else if (m->kind == JOB_MEMBERS) {
        r.status = run_members(h, m, paths, whys, ents, data, fd, &c);
    } else if (m->kind == JOB_ARCHIVE_END) {
        if (m->why_len > 0)             /* what the parent said of it */
            cli_note_error(whys);
        r.status = tool_worst(m->astatus,
                              cli_run_archive_end(h, paths, m->broken != 0,
                                                  (unsigned long)m->members,
                                                  &c));
    } else {
        for (const char *p = paths; p < paths + m->len; p += strlen(p) + 1)
            r.status = tool_worst(r.status, one(h, p, &c));
    }
    if (fflush(stdout) != 0 || fflush(stderr) != 0)
        cli_write_failed(stdout, errno != 0 ? errno : EIO);
    int lost = cli_write_error();
    if (lost != 0) {                     /* the capture file is short: */
        dprintf(said_fd, "%s: cannot keep the output of a job in a "
                "temporary file in '%s': %s\n", cli_program_name(),
                capture_dir(), strerror(lost));
        return -1;                       /* the parent stops the run */
    }
    r.seq = m->seq;
    r.ntotals = (uint32_t)nt;
    r.out_len = (uint64_t)lseek(out, 0, SEEK_END);
    r.err_len = err != out ? (uint64_t)lseek(err, 0, SEEK_END) : 0;
    r.product_at = product_at;
    r.counts = c;
    unsigned long delta[MAX_TOTALS];
    for (size_t i = 0; i < nt; i++)
        delta[i] = h->totals[i] - before[i];
    if (write_full(sock, &r, sizeof r) != 0
        || write_full(sock, delta, nt * sizeof *delta) != 0
        || (m->part && send_part(sock, &part, r.status, said_before) != 0))
        return -1;
    return 0;
}

/* A worker's life: jobs until the parent closes its end. */
static void work(const cli_run_hooks *h, cli_job_one one, int sock,
                 const int *out, const int *err)
{
    char *path = NULL;
    cli_progress_start(false, 0, 0);     /* the parent draws it */
    fflush(stdout);
    fflush(stderr);
    said_fd = dup(STDERR_FILENO);        /* the run's: for a lost job */
    if (said_fd < 0 || dup2(out[0], STDOUT_FILENO) < 0
        || dup2(err[0], STDERR_FILENO) < 0)
        _exit(TOOL_TROUBLE);
    in_worker = true;
    cli_reading_said_to(said_fd);
    if (h->worker_start != NULL)
        h->worker_start(h->payload);
    char *whys = NULL, *data = NULL;
    member_entry *ents = NULL;
    for (;;) {
        job_msg m;
        int fd;
        if (read_job(sock, &m, &fd) != 0)
            break;
        bool members = m.kind == JOB_MEMBERS;
        size_t dl = members ? (size_t)m.data_len : 0;
        char *p = realloc(path, (size_t)m.len + 1);
        char *w = p != NULL ? realloc(whys, (size_t)m.why_len + 1) : NULL;
        member_entry *e = w != NULL
            ? realloc(ents, ((size_t)m.count + 1) * sizeof *e) : NULL;
        char *d = e != NULL ? realloc(data, dl + 1) : NULL;
        if (p != NULL)
            path = p;
        if (w != NULL)
            whys = w;
        if (e != NULL)
            ents = e;
        if (d != NULL)
            data = d;
        if (d == NULL || read_full(sock, path, m.len) != 0
            || read_full(sock, whys, m.why_len) != 0
            || (members && (read_full(sock, ents, (size_t)m.count
                                                  * sizeof *ents) != 0
                            || read_full(sock, data, dl) != 0))) {
            if (fd >= 0)
                close(fd);
            break;
        }
        path[m.len] = '\0';
        whys[m.why_len] = '\0';
        unsigned k = m.set % SETS;       /* its pair of captures */
        int rc = dup2(out[k], STDOUT_FILENO) < 0
                 || dup2(err[k], STDERR_FILENO) < 0
                 || work_one(h, one, sock, out[k], err[k], &m, path, whys,
                             ents, data, fd) != 0;
        if (fd >= 0)
            close(fd);
        if (rc != 0)
            break;
    }
    free(path);
    free(whys);
    free(ents);
    free(data);
    if (h->worker_end != NULL)
        h->worker_end(h->payload);
    fflush(stdout);
    fflush(stderr);
    _exit(0);
}

/* --- the parent's side ------------------------------------------------- */

/* An unlinked temporary file: its descriptor, or -1 after a message. */
static int capture_file(void)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/sgf-job.XXXXXX", capture_dir());
    int fd = mkstemp(path);
    if (fd < 0)
        tool_error("cannot make a temporary file in '%s': %s",
                   capture_dir(), strerror(errno));
    else
        unlink(path);
    return fd;
}

/* A worker's capture files closed (-1 after). */
static void drop_captures(worker *w)
{
    for (unsigned s = 0; s < SETS; s++) {
        if (w->out[s] >= 0)
            close(w->out[s]);
        if (w->err[s] >= 0 && w->err[s] != w->out[s])
            close(w->err[s]);
        w->out[s] = w->err[s] = -1;
    }
}

/* 0, or -1 after a message with nothing of w's left open (the inputs
 * are then read by this process, which needs the descriptors). */
static int start_worker(jobs *j, worker *w)
{
    int sv[2];
    for (unsigned k = 0; k < SETS; k++) {
        w->out[k] = j->discard ? open("/dev/null", O_WRONLY | O_CLOEXEC)
                               : capture_file();
        w->err[k] = w->out[k] >= 0 && !j->one_stream ? capture_file()
                                                     : w->out[k];
        if (w->err[k] < 0) {
            if (w->out[k] < 0 && j->discard)
                tool_error("cannot start a job: /dev/null: %s",
                           strerror(errno));
            drop_captures(w);
            return -1;                  /* said */
        }
    }
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) {
        tool_error("cannot start a job: %s", strerror(errno));
        drop_captures(w);
        return -1;
    }
    /* a worker needs descriptors beyond its own to read its inputs (one
       for the input, one for a copy of standard error, one for a spill
       file): without them it would start only to fail every input,
       which this process can still read */
    int spare[SPARE_FDS], got = 0;
    while (got < SPARE_FDS && (spare[got] = dup(sv[0])) >= 0)
        got++;
    int why = errno;
    bool short_of = got < SPARE_FDS;
    while (got > 0)
        close(spare[--got]);
    if (short_of) {
        tool_error("cannot start a job: %s", strerror(why));
        close(sv[0]);
        close(sv[1]);
        drop_captures(w);
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t parent = getpid();
    w->pid = fork();
    if (w->pid < 0) {
        tool_error("cannot start a job: %s", strerror(errno));
        close(sv[0]);
        close(sv[1]);
        drop_captures(w);
        return -1;
    }
    if (w->pid == 0) {
#if defined(__linux__)
        /* this process gone (even by SIGKILL): the worker ends too, and
           its engines with it */
        if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0 || getppid() != parent)
            _exit(TOOL_TROUBLE);
#endif
        close(sv[0]);
        for (unsigned k = 0; k < j->nw; k++)    /* the others' ends */
            if (&j->w[k] != w && j->w[k].sock >= 0)
                close(j->w[k].sock);
        work(j->h, j->one, sv[1], w->out, w->err);   /* (never returns) */
    }
    close(sv[1]);
    w->sock = sv[0];
    return 0;
}

/* Where a job's output is: in a worker's capture file, or in memory. */
typedef struct source {
    int fd;                        /* -1: in memory */
    const char *mem;
    uint64_t len;
} source;

/* Whether fp's file takes a copy made by the kernel from a capture file
 * (sendfile): a regular file or a device such as /dev/null, not a pipe
 * (whose reader would be handed the capture's pages, which the worker
 * writes again) nor a terminal. Asked once per stream. */
static bool kernel_copies(FILE *fp)
{
    static int out = -1, err = -1;
    int *known = fp == stderr ? &err : &out;
    struct stat st;
    if (fp != stdout && fp != stderr)        /* -o FILE: asked each time */
        return fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode);
    if (*known < 0)
        *known = fstat(fileno(fp), &st) == 0 && !isatty(fileno(fp))
                 && (S_ISREG(st.st_mode) || S_ISCHR(st.st_mode));
    return *known == 1;
}

/* Copy bytes [from, to) of src to fp. Returns 0, or the errno of a write
 * that failed. */
static int copy_range(const source *src, uint64_t from, uint64_t to,
                      FILE *fp)
{
    char buf[65536];
    if (to > src->len)
        to = src->len;
    if (src->fd >= 0 && to > from && kernel_copies(fp)) {
        off_t off = (off_t)from;
        if (fflush(fp) != 0)
            return errno != 0 ? errno : EIO;
        while ((uint64_t)off < to) {
            ssize_t w = sendfile(fileno(fp), src->fd, &off,
                                 (size_t)(to - (uint64_t)off));
            if (w < 0 && errno == EINTR)
                continue;
            if (w < 0 && (errno == EINVAL || errno == ENOSYS)
                && (uint64_t)off == from)
                break;                   /* not here: copied as below */
            if (w < 0)
                return errno;
            if (w == 0)
                return 0;                /* the capture shorter (never) */
        }
        if ((uint64_t)off >= to)
            return 0;
    }
    if (src->fd < 0) {
        errno = 0;
        if (to > from && fwrite(src->mem + from, 1, (size_t)(to - from), fp)
                         != (size_t)(to - from))
            return errno != 0 ? errno : EIO;
        return 0;
    }
    off_t off = (off_t)from;
    while ((uint64_t)off < to) {
        size_t want = to - (uint64_t)off < sizeof buf
                      ? (size_t)(to - (uint64_t)off) : sizeof buf;
        ssize_t r = pread(src->fd, buf, want, off);
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

/* A signal that ends the run (SIGINT, SIGTERM, SIGHUP, SIGQUIT) sent
 * to this process alone, as a batch system or kill(1) sends it, ends
 * the workers too (each then ends its engines' process groups, engine.c),
 * then this process, by the signal. The workers' pids are here for the
 * handler, set before it is; the handler is set once the workers are
 * started (a worker keeps the actions it was started with) and the old
 * actions come back when the run ends. On Linux a worker also asks for
 * SIGTERM when this process ends in any other way (SIGKILL). */
static pid_t *volatile run_pids;
static volatile sig_atomic_t run_npids;

static void on_end_signal(int sig)
{
    for (sig_atomic_t k = 0; k < run_npids; k++)
        if (run_pids[k] > 0)
            kill(run_pids[k], SIGTERM);
    raise(sig);                         /* (the handler reset: it ends us) */
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

/* A slot's output and report let go of; the worker holding it goes on. */
static void slot_release(jobs *j, slot *s)
{
    if (s->worker >= 0)
        j->w[s->worker].parked[s->set] = false;
    s->worker = -1;
    free(s->out);
    free(s->err);
    s->out = s->err = NULL;
    free(s->rep);
    free(s->entries);
    free(s->msg);
    free(s->counts);
    s->rep = NULL;
    s->entries = NULL;
    s->msg = NULL;
    s->counts = NULL;
}

static void split_free(split *sp)
{
    if (sp->scan != NULL)
        sgf_cut_scan_free(sp->scan);
    if (sp->map != NULL)
        munmap(sp->map, sp->size);
    if (sp->fd >= 0)
        close(sp->fd);
    free(sp->path);
    free(sp->message);
    free(sp);
}

/* The parent's look at a split input is no longer needed: every part is
 * handed out. */
static void split_planned(split *sp)
{
    sp->planned = true;
    if (sp->scan != NULL)
        sgf_cut_scan_free(sp->scan);
    if (sp->map != NULL)
        munmap(sp->map, sp->size);
    if (sp->fd >= 0)
        close(sp->fd);
    sp->scan = NULL;
    sp->map = NULL;
    sp->fd = -1;
}

static void slot_clear(jobs *j, slot *s)
{
    slot_release(j, s);
    if (s->has_fd)
        close(s->data_fd);
    free(s->data);
    free(s->whys);
    free(s->ments);
    free(s->path);
    free(s->said);
    if (s->sp != NULL && --s->sp->refs == 0 && s->sp->planned)
        split_free(s->sp);
    memset(s, 0, sizeof *s);
    s->worker = -1;
}

/* --- parts: the output of one, checked and written -------------------- */

/* What the parent writes into a capture as it copies it: the product's
 * header (before_product), and the input's left-out line. */
enum { PUT_HEADER = 1, PUT_LEFT_OUT = 2 };

/* A stretch of a capture that is a diagnostic (kept or left out), or a
 * place where the parent writes (put), in the order of their places. */
typedef struct placed {
    uint64_t at, len;
    bool keep;
    int put;
} placed;

static int by_place(const void *a, const void *b)
{
    const placed *x = a, *y = b;
    if (x->at != y->at)
        return x->at < y->at ? -1 : 1;
    return (x->put != 0) > (y->put != 0) ? -1 : (x->put != 0) < (y->put != 0);
}

/* Copy one capture of slot s (stream 0 standard output, 1 error; both
 * in one with one_stream) to fp: the product's header where the product
 * starts when none was written yet; for a part, its diagnostics past the
 * input's cap left out (keep[] by entry) and the input's left-out line
 * at its place. Returns 0 or the errno of a write that failed. */
static int copy_capture(jobs *j, const slot *s, const source *src,
                        int stream, const bool *keep, FILE *fp)
{
    const cli_part_report *rep = s->rep;
    size_t ne = rep != NULL ? rep->nentries : 0, nv = 0;
    placed *v = malloc((ne + 2) * sizeof *v);
    if (v == NULL)
        return ENOMEM;
    for (size_t i = 0; i < ne; i++) {
        const cli_part_entry *e = &s->entries[i];
        if (e->printed && (j->one_stream || e->stream == stream))
            v[nv++] = (placed){ e->at, e->len, keep[i], 0 };
    }
    if ((stream == 0 || j->one_stream) && !j->product_started) {
        int64_t at = s->product_at >= 0 ? s->product_at
                     : !j->one_stream && src->len > 0 ? 0 : -1;
        if (at >= 0)
            v[nv++] = (placed){ (uint64_t)at, 0, true, PUT_HEADER };
    }
    if (rep != NULL && rep->marker
        && (j->one_stream || rep->marker_stream == stream))
        v[nv++] = (placed){ rep->marker_at, 0, true, PUT_LEFT_OUT };
    qsort(v, nv, sizeof *v, by_place);
    uint64_t pos = 0;
    int err = 0;
    for (size_t i = 0; i < nv && err == 0; i++) {
        err = copy_range(src, pos, v[i].at, fp);
        if (err != 0)
            break;
        if (v[i].put == PUT_HEADER) {
            j->product_started = true;
            if (j->h->before_product != NULL)
                j->h->before_product(j->h->payload);
        } else if (v[i].put == PUT_LEFT_OUT) {
            cli_print_left_out_counts(fp, cli_display_name(s->sp->path),
                                      &s->sp->left, rep->quiet,
                                      rep->strict,
                                      (cli_format)rep->format);
        } else if (v[i].keep) {
            err = copy_range(src, v[i].at, v[i].at + v[i].len, fp);
        }
        if (v[i].at + v[i].len > pos)
            pos = v[i].at + v[i].len;
    }
    if (err == 0)
        err = copy_range(src, pos, src->len, fp);
    free(v);
    return err;
}

/* Write a done slot's output, in order (its diagnostics filtered by
 * keep[] when it is a part). */
static void write_output(jobs *j, slot *s, const bool *keep)
{
    worker *w = s->worker >= 0 ? &j->w[s->worker] : NULL;
    source out = { w != NULL ? w->out[s->set] : -1, s->out, s->out_len };
    source err = { w != NULL ? w->err[s->set] : -1, s->err, s->err_len };
    FILE *fp = product(j);
    cli_progress_before(fp);
    flush_product(j, fp, copy_capture(j, s, &out, 0, keep, fp));
    if (!j->one_stream) {
        cli_progress_before(stderr);
        copy_capture(j, s, &err, 1, keep, stderr);
    }
    fflush(stderr);
}

/* Write a done slot of whole inputs, in order. */
static void write_inputs(jobs *j, slot *s)
{
    if (s->counts != NULL) {            /* (none: a job that stopped) */
        add_totals(&j->n->files, &s->counts->files,
                   sizeof *s->counts / sizeof(unsigned long));
        if (j->h->totals != NULL)
            add_totals(j->h->totals, s->totals, s->ntotals);
    }
    j->status = tool_worst(j->status, s->status);
    write_output(j, s, NULL);
    cli_progress_games(s->games);
    if (s->kind == JOB_MEMBERS)
        cli_progress_at(s->arc_at);
    size_t inputs = (s->kind == JOB_INPUTS ? s->count : 0) + s->ends;
    for (size_t i = 0; i < inputs; i++)
        cli_progress_input(i == 0 ? s->size : 0);
}

/* The input of a split whose last part was written: its record, its
 * status counted, as one process counts them. */
static void split_finish(jobs *j, split *sp)
{
    static const cli_counts zero;
    int st = sp->status < 0 ? 0 : sp->status > 2 ? 2 : sp->status;
    sp->done = true;
    sp->counts.by_status[st]++;
    j->n->by_status[st]++;
    cli_input_record(j->h, cli_display_name(sp->path), &zero, &sp->counts,
                     st, sp->message);
    fflush(stdout);
    cli_progress_input(sp->size);
}

/* Whether part s starts where the part before it ended (the first
 * does). */
static bool part_fits(const slot *s)
{
    const split *sp = s->sp;
    if (!s->has_from)
        return !sp->started;
    return sp->started && !s->rep->end.bad_start
           && s->from.offset == sp->end_offset
           && s->from.games == sp->end_games;
}

/* Write a done part, in order: 1 when it does not start where the part
 * before it ended and is handed out again, from there (not written); 0
 * when written or thrown away (read past the input's end). */
static int write_part(jobs *j, slot *s)
{
    split *sp = s->sp;
    if (sp->done || s->rep == NULL) {     /* past the end; a worker died */
        if (s->rep == NULL && !sp->done) {
            sp->status = TOOL_TROUBLE;
            split_finish(j, sp);
        }
        return 0;
    }
    if (!part_fits(s) && s->tries > 0) {   /* read again from a true end:
                                               the file changed */
        tool_error("'%s' changed while it was read", cli_display_name(
                       sp->path));
        sp->status = TOOL_TROUBLE;
        j->status = TOOL_TROUBLE;
        split_finish(j, sp);
        return 0;
    }
    if (!part_fits(s)) {
        s->tries++;
        if (s->has_from && !s->rep->end.bad_start
            && s->from.offset == sp->end_offset)   /* the scan miscounts */
            sp->drift = (long)sp->end_games - ((long)s->from.games
                                               - s->drift);
        s->from = sp->end_next;
        s->has_from = true;
        s->drift = 0;
        if (s->stop <= sp->end_offset)
            s->stop = SIZE_MAX;
        slot_release(j, s);
        s->done = false;
        s->redo = true;
        return 1;
    }
    /* the input's cap: a diagnostic listed past it is left out */
    const cli_part_report *rep = s->rep;
    bool *keep = malloc((rep->nentries + 1) * sizeof *keep);
    if (keep == NULL) {
        tool_error("out of memory");
        j->status = TOOL_TROUBLE;
        return 0;
    }
    for (size_t i = 0; i < rep->nentries; i++) {
        const cli_part_entry *e = &s->entries[i];
        keep[i] = sp->seen[e->code] + e->rank < SGF_PARSE_MAX_DIAGS;
        if (!keep[i] && !cli_diag_ignored(e->code)) {
            if (e->severity == SGF_SEV_ERROR)
                sp->left.errors++;
            else if (e->severity == SGF_SEV_WARNING)
                sp->left.warnings++;
            else
                sp->left.notes++;
        }
    }
    sp->left.errors += rep->left.errors;
    sp->left.warnings += rep->left.warnings;
    sp->left.notes += rep->left.notes;
    for (size_t k = 0; k < CLI_MAX_CODES; k++)
        sp->seen[k] += (unsigned long)rep->listed[k] + rep->left_code[k];

    write_output(j, s, keep);
    free(keep);

    add_totals(&j->n->files, &s->counts->files,
               sizeof *s->counts / sizeof(unsigned long));
    add_totals(&sp->counts.files, &s->counts->files,
               sizeof *s->counts / sizeof(unsigned long));
    if (j->h->totals != NULL)
        add_totals(j->h->totals, s->totals, s->ntotals);
    sp->status = tool_worst(sp->status, s->status);
    j->status = tool_worst(j->status, s->status);
    if (s->msg != NULL) {
        free(sp->message);
        sp->message = s->msg;
        s->msg = NULL;
    }
    cli_progress_games(s->games);
    cli_progress_at(rep->end.offset);
    sp->started = true;
    sp->end_offset = rep->end.offset;
    sp->end_games = rep->end.games;
    sp->end_next = rep->end.next;
    if (rep->end.at_end || !rep->read)
        split_finish(j, sp);
    return 0;
}

/* Write the slots due, in order; a part handed out again stops it. */
static void flush_due(jobs *j)
{
    for (;;) {
        slot *s = &j->ring[j->flushed % j->window];
        if (j->flushed == j->handed || !s->done || j->flushed >= j->cut_at)
            return;
        if (s->said != NULL) {          /* the walk's, before its inputs */
            FILE *fp = product(j);
            if (fp != stdout)
                flush_product(j, fp, 0);
            cli_write_held(s->said);
            s->said = NULL;
        }
        if (s->sp != NULL) {
            if (write_part(j, s) != 0)
                return;
        } else {
            write_inputs(j, s);
        }
        slot_clear(j, s);
        j->flushed++;
    }
}

/* The result of a worker: its counts taken, its output written or
 * kept. -1 when the worker is gone. */
static int take_result(jobs *j, unsigned k)
{
    worker *w = &j->w[k];
    result r;
    unsigned long totals[MAX_TOTALS];
    if (read_full(w->sock, &r, sizeof r) != 0 || r.ntotals > MAX_TOTALS
        || read_full(w->sock, totals, r.ntotals * sizeof *totals) != 0)
        return -1;
    slot *s = &j->ring[r.seq % j->window];
    if (s->sp != NULL) {                 /* a part: its report */
        s->rep = malloc(sizeof *s->rep);
        s->counts = malloc(sizeof *s->counts);
        if (s->rep == NULL || s->counts == NULL
            || read_full(w->sock, s->rep, sizeof *s->rep) != 0)
            return -1;
        s->entries = malloc((s->rep->nentries + 1) * sizeof *s->entries);
        s->msg = s->rep->msg_len > 0 ? calloc(s->rep->msg_len + 1, 1)
                                     : NULL;
        if (s->entries == NULL || (s->rep->msg_len > 0 && s->msg == NULL)
            || read_full(w->sock, s->entries,
                         s->rep->nentries * sizeof *s->entries) != 0
            || read_full(w->sock, s->msg, s->rep->msg_len) != 0)
            return -1;
        *s->counts = r.counts;           /* added when it is written */
        memcpy(s->totals, totals, r.ntotals * sizeof *totals);
        s->ntotals = r.ntotals;
    } else {                            /* counted when written */
        s->counts = malloc(sizeof *s->counts);
        if (s->counts == NULL)
            return -1;
        *s->counts = r.counts;
        memcpy(s->totals, totals, r.ntotals * sizeof *totals);
        s->ntotals = r.ntotals;
    }
    s->done = true;
    s->games = r.counts.games;
    s->status = r.status;
    s->product_at = r.product_at;
    s->out_len = (size_t)r.out_len;
    s->err_len = (size_t)r.err_len;
    s->worker = (int)k;
    if (w->busy > 0)
        w->busy--;
    if (r.seq == j->flushed) {
        w->parked[s->set] = true;      /* written from its files now */
    } else if (r.out_len + r.err_len <= SMALL_OUTPUT) {
        s->out = copy_in(w->out[s->set], r.out_len);
        s->err = copy_in(w->err[s->set], r.err_len);
        if (s->out != NULL && s->err != NULL)
            s->worker = -1;
        else
            w->parked[s->set] = true;
    } else {
        w->parked[s->set] = true;      /* it waits until this is due */
    }
    flush_due(j);
    return 0;
}

/* --- handing out ------------------------------------------------------- */

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

/* The size of the parts of inputs: SGF_PART_BYTES when set (tests cut
 * small inputs), else PART_BYTES. */
static size_t part_bytes_wanted(void)
{
    static size_t wanted;               /* read once: asked per input */
    if (wanted == 0) {
        const char *e = getenv("SGF_PART_BYTES");
        char *end;
        unsigned long long v = e != NULL ? strtoull(e, &end, 10) : 0;
        wanted = e != NULL && *e != '\0' && *end == '\0' && v > 0
                 ? (size_t)v : PART_BYTES;
    }
    return wanted;
}

bool cli_jobs_splits(const cli_run_hooks *h, const char *path,
                     unsigned long long size)
{
    return h->parts != NULL && strcmp(path, "-") != 0
           && !cli_is_archive_name(path)
           && size >= (unsigned long long)part_bytes_wanted() * SPLIT_PARTS
           && size < UINT32_MAX && h->parts(h->payload, path);
}

/* The pages of the parent's mapping of a split input wholly within
 * [from, to) handed back: the scan is done with them (its memory stays
 * that of a few megabytes, whatever the input's size). */
static void scan_drop(void *payload, size_t from, size_t to)
{
    split *sp = payload;
    long pg = sysconf(_SC_PAGESIZE);
    size_t p = pg > 0 ? (size_t)pg : 4096;
    size_t a = (from + p - 1) / p * p, b = to / p * p;
    if (b > a)                  /* a private, unwritten file mapping: */
        (void)madvise(sp->map + a, b - a, MADV_DONTNEED);   /* re-read */
}

/* A large regular file the tool reads in parts: the parent's look at it
 * (mapped, its cuts to find), or NULL to read it whole. */
static split *split_open(jobs *j, const char *path, unsigned long long size)
{
    size_t part = j->part_bytes;
    if (!cli_jobs_splits(j->h, path, size))
        return NULL;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return NULL;                    /* said when it is read */
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)
        || (unsigned long long)st.st_size != size) {
        close(fd);
        return NULL;
    }
    split *sp = calloc(1, sizeof *sp);
    char *map = sp != NULL ? mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0)
                           : MAP_FAILED;
    if (sp != NULL)
        sp->map = map != MAP_FAILED ? map : NULL;
    if (sp == NULL || map == MAP_FAILED
        || (sp->path = strdup(path)) == NULL
        || sgf_cut_scan_new(&sp->scan, map, size, scan_drop, sp) != SGF_OK) {
        if (map != MAP_FAILED)
            munmap(map, size);
        if (sp != NULL)
            free(sp->path);
        free(sp);
        close(fd);
        return NULL;
    }
    (void)posix_madvise(map, size, POSIX_MADV_SEQUENTIAL);
    sp->st = st;
    sp->fd = fd;
    sp->map = map;
    sp->size = size;
    size_t share = (size_t)(size / ((unsigned long long)j->nw
                                    * PARTS_PER_WORKER));
    sp->part_bytes = part > share ? part : share;
    /* every part reads the first game again (later games are checked
     * against it): a first game of more than a quarter of a part is read
     * once, with the rest, by one process */
    sgf_cut first;
    cli_reading(cli_display_name(sp->path));
    if (sgf_cut_scan_next(sp->scan, 0, &first) != 1
        || first.offset > sp->part_bytes / 4) {
        split_planned(sp);
        split_free(sp);
        return NULL;
    }
    return sp;
}

/* The size of the part of sp from offset from: the split's part size,
 * less towards the end of the input (a share of what is left for each
 * worker, down to a quarter of a part), so that the workers end
 * together. */
static size_t part_wanted(const jobs *j, const split *sp, size_t from)
{
    size_t left = sp->size > from ? (size_t)(sp->size - from) : 0;
    size_t share = left / ((size_t)j->nw * TAIL_SHARE);
    size_t least = sp->part_bytes / 4;
    if (share >= sp->part_bytes)
        return sp->part_bytes;
    return share > least ? share : least;
}

/* The next part of the input being cut into slot s: from where the last
 * one handed out stops, to the next cut a part's size on. */
static void next_part(jobs *j, slot *s)
{
    split *sp = j->cur;
    s->sp = sp;
    sp->refs++;
    s->has_from = sp->has_next;
    s->from = sp->next;
    s->drift = sp->drift;
    s->from.games = (size_t)((long)s->from.games + sp->drift);
    size_t from = s->has_from ? s->from.offset : 0;
    size_t want = part_wanted(j, sp, from);
    cli_reading(cli_display_name(sp->path));      /* the scan reads it */
    sgf_cut cut;
    if (sp->scan != NULL
        && sgf_cut_scan_next(sp->scan, from + want, &cut) == 1
        && sp->size - cut.offset >= want / 2) {
        s->stop = cut.offset;
        sp->next = cut;
        sp->has_next = true;
    } else {                            /* the last part */
        s->stop = SIZE_MAX;
        split_planned(sp);
        j->cur = NULL;
    }
    s->size = 0;
}

/* The next name of the walk: the one taken back first, if any. */
static const char *take_next(jobs *j, unsigned long long *size,
                             char **said)
{
    free(j->back_taken);
    j->back_taken = NULL;
    if (!j->has_back)
        return j->next(j->it, size, said);
    j->has_back = false;
    *size = j->back_size;
    *said = j->back_said;
    j->back_said = NULL;
    j->back_taken = j->back_path;
    j->back_path = NULL;
    return j->back_taken;
}

/* A name (NULL: the walk's end) and what the walk said before it, taken
 * back: they start the next job. 0, or -1 out of memory. */
static int put_back(jobs *j, const char *path, unsigned long long size,
                    char *said)
{
    j->back_path = path != NULL ? strdup(path) : NULL;
    j->back_said = said;
    j->back_size = size;
    j->has_back = true;
    return path != NULL && j->back_path == NULL ? -1 : 0;
}

/* --- an archive's members, read here and handed out as they come --- */

/* a then b (malloc'd texts; either may be NULL), a and b given up. */
static char *joined(char *a, char *b)
{
    if (a == NULL || b == NULL)
        return a != NULL ? a : b;
    size_t n = strlen(a), k = strlen(b);
    char *t = realloc(a, n + k + 1);
    if (t == NULL) {                    /* keep the first */
        free(b);
        return a;
    }
    memcpy(t + n, b, k + 1);
    free(b);
    return t;
}

/* One more member in slot s: its name, why it could not be read, and its
 * entry. 0, or -1 out of memory. */
static int add_entry(slot *s, const char *name, const char *why,
                     member_entry e)
{
    if (s->count == s->ments_cap) {
        size_t cap = s->ments_cap ? 2 * s->ments_cap : 16;
        member_entry *m = realloc(s->ments, cap * sizeof *m);
        if (m == NULL)
            return -1;
        s->ments = m;
        s->ments_cap = cap;
    }
    size_t k = strlen(why != NULL ? why : "") + 1;
    char *w = realloc(s->whys, s->whys_len + k);
    if (w == NULL)
        return -1;
    memcpy(w + s->whys_len, why != NULL ? why : "", k);
    s->whys = w;
    s->whys_len += k;
    s->ments[s->count] = e;
    return add_path(s, name);           /* (counts it) */
}

/* What the archive's end says, due next (said: what was said at its
 * end; its record names the last message when something was said):
 * a job of its own when it was broken, held no member, met trouble or
 * said something; else the archive is counted by the next job out. */
static void archive_ends(jobs *j, char *said, bool broken,
                         unsigned long members, int st)
{
    free(j->end_msg);
    j->end_msg = said != NULL ? strdup(cli_last_error(NULL)) : NULL;
    j->end_said = said;
    j->end_broken = broken;
    j->end_members = members;
    j->end_status = st;
    j->end_due = broken || members == 0 || st != TOOL_OK || said != NULL;
    if (!j->end_due) {
        free(j->arc_path);
        j->arc_path = NULL;
        j->ended++;
    }
}

/* The archive read to its end (said: what its last reading said). */
static void archive_done(jobs *j, char *said)
{
    bool broken;
    unsigned long members = cli_archive_members(j->arc);
    cli_hold_errors(true);
    int st = cli_archive_close(j->arc, &broken);
    cli_hold_errors(false);
    j->arc = NULL;
    archive_ends(j, joined(said, cli_held_errors()), broken, members, st);
}

/* The big members out (their spill files held by a job handed out and
 * not yet written). */
static unsigned bigs_out(const jobs *j)
{
    unsigned n = 0;
    for (uint64_t q = j->flushed; q < j->handed; q++)
        n += j->ring[q % j->window].has_fd;
    return n;
}

/* A descriptor of fd's file with a file offset of its own, or -1: the
 * links of a member share its spill file, and workers reading them at
 * once through one offset (dup's) would move each other's place (and
 * the parent's rewinds for the next link). The file is opened again
 * through /proc/self/fd (it has no name); where there is no /proc, it is
 * copied to a temporary file of its own. */
static int own_offset(int fd)
{
    char name[48];
    snprintf(name, sizeof name, "/proc/self/fd/%d", fd);
    int own = open(name, O_RDONLY | O_CLOEXEC);
    if (own >= 0 || (own = capture_file()) < 0)
        return own;
    char buf[65536];
    off_t at = 0;
    for (;;) {
        ssize_t got = pread(fd, buf, sizeof buf, at);
        if (got < 0 && errno == EINTR)
            continue;
        if (got == 0 && lseek(own, 0, SEEK_SET) == 0)
            return own;
        if (got <= 0 || write_full(own, buf, (size_t)got) != 0)
            break;
        at += got;
    }
    close(own);
    return -1;
}

/* Member m (its data read) kept for the next job, with what was said
 * before it: a small one's data copied, a big one's spill file held open.
 * 0, or -1 out of memory. */
static int carry_member(jobs *j, const cli_member *m, const char *why,
                        char *said)
{
    carry *c = &j->carried;
    bool big = m->ok && m->fd >= 0;
    *c = (carry){ true, { 0, m->ok ? m->len : 0, m->ok, big, { 0 } }, -1,
                  NULL, strdup(m->name), strdup(why != NULL ? why : ""),
                  said };
    if (big && (c->fd = own_offset(m->fd)) < 0) {
        c->e = (member_entry){ 0, 0, 0, 0, { 0 } };
        free(c->why);
        c->why = strdup("cannot keep its temporary file");
    } else if (!big && m->ok
               && (c->data = malloc(m->len > 0 ? m->len : 1)) != NULL) {
        memcpy(c->data, m->data, m->len);
    } else if (!big && m->ok) {
        return -1;
    }
    return c->name == NULL || c->why == NULL ? -1 : 0;
}

/* Member data appended to slot s's (len bytes at from). 0, or -1. */
static int add_data(slot *s, size_t *cap, const char *from, size_t len)
{
    if (s->data_len + len > *cap) {
        size_t want = 2 * ((size_t)s->data_len + len);
        char *d = realloc(s->data, want > 0 ? want : 1);
        if (d == NULL)
            return -1;
        s->data = d;
        *cap = want;
    }
    if (len > 0)
        memcpy(s->data + s->data_len, from, len);
    s->data_len += len;
    return 0;
}

/* The member carried, first in slot s. 0, or -1. */
static int take_carried(jobs *j, slot *s, size_t *cap)
{
    carry *c = &j->carried;
    member_entry e = c->e;
    int rc = 0;
    s->said = joined(s->said, c->said);
    c->said = NULL;
    c->has = false;
    if (e.big) {                        /* alone, its file handed on */
        s->data_fd = c->fd;
        s->has_fd = true;
    } else if (e.ok) {
        e.off = s->data_len;
        rc = add_data(s, cap, c->data, (size_t)e.len);
    }
    free(c->data);
    c->data = NULL;
    if (rc == 0)
        rc = add_entry(s, c->name, c->why, e);
    free(c->name);
    free(c->why);
    return rc;
}

static int fill_end(jobs *j, slot *s);
static int fill_slot(jobs *j, slot *s);

/* Slot s filled with members of the archive being read (the one carried
 * first), up to a batch of MEMBER_BATCH bytes; a big one, or one larger
 * than a batch, goes alone, and one after messages starts a job (the
 * messages are said before it, as one process says them). The big ones
 * out at once are at most one a worker, so that their spill files take
 * no more room than the workers read (one more is held here). 0, 2 when
 * no job can start now, -1 out of memory. */
static int fill_members(jobs *j, slot *s)
{
    size_t cap = 0;
    bool busy = j->handed > j->flushed;
    unsigned bigs = bigs_out(j);
    s->kind = JOB_MEMBERS;
    s->arc_at = j->arc != NULL ? cli_archive_position(j->arc) : 0;
    if (j->carried.has) {
        if (j->carried.e.big && bigs >= j->nw && busy)
            return 2;                   /* when one is written */
        bool alone = j->carried.e.big
                     || j->carried.e.len > MEMBER_BATCH;
        if (take_carried(j, s, &cap) != 0)
            return -1;
        if (alone)
            return 0;
    }
    while (j->arc != NULL && s->count < BATCH_INPUTS
           && s->data_len + s->path_len + s->whys_len < MEMBER_BATCH) {
        cli_member m;
        const char *why;
        cli_hold_errors(true);
        int r = cli_archive_next(j->arc, &m, &why);
        cli_hold_errors(false);
        char *said = cli_held_errors();
        if (r == 0) {
            archive_done(j, said);
            break;
        }
        s->arc_at = cli_archive_position(j->arc);
        bool big = m.ok && m.fd >= 0;
        bool alone = big || (m.ok && m.len > MEMBER_BATCH);
        if ((s->count > 0 && (said != NULL || alone))
            || (big && bigs >= j->nw && busy)) {
            if (carry_member(j, &m, why, said) != 0)
                return -1;
            break;
        }
        s->said = joined(s->said, said);
        member_entry e = { s->data_len, m.ok ? m.len : 0, m.ok, big,
                           { 0 } };
        if (big) {                      /* its spill file, handed on */
            e.off = 0;
            if ((s->data_fd = own_offset(m.fd)) >= 0) {
                s->has_fd = true;
            } else {
                e = (member_entry){ 0, 0, 0, 0, { 0 } };
                why = "cannot keep its temporary file";
            }
        } else if (m.ok && add_data(s, &cap, m.data, m.len) != 0) {
            return -1;
        }
        if (add_entry(s, m.name, why, e) != 0)
            return -1;
        if (alone)
            break;
    }
    if (s->count == 0) {                /* nothing yet: the next inputs, */
        s->kind = JOB_INPUTS;           /* the archive's end, or later */
        if (j->carried.has)
            return 2;
        return j->end_due ? fill_end(j, s) : fill_slot(j, s);
    }
    return 0;
}

/* Slot s: what the end of the archive read says. 0, or 1 when it says
 * nothing (-1 out of memory). */
static int fill_end(jobs *j, slot *s)
{
    if (!j->end_due)
        return 1;
    j->end_due = false;
    s->kind = JOB_ARCHIVE_END;
    j->ended++;
    s->broken = j->end_broken;
    s->astatus = j->end_status;
    s->members = j->end_members;
    s->said = joined(s->said, j->end_said);
    j->end_said = NULL;
    if (j->end_msg != NULL) {           /* the record's message */
        s->whys = j->end_msg;
        s->whys_len = strlen(j->end_msg) + 1;
        j->end_msg = NULL;
    }
    int rc = add_path(s, j->arc_path != NULL ? j->arc_path : "");
    free(j->arc_path);
    j->arc_path = NULL;
    return rc;
}

/* The archive path begun (the first job of its members in s, or, when it
 * cannot be opened, its end). */
static int open_members(jobs *j, slot *s, const char *path)
{
    if ((j->arc_path = strdup(path)) == NULL)
        return -1;
    cli_hold_errors(true);
    j->arc = cli_archive_open(path);
    cli_hold_errors(false);
    char *said = cli_held_errors();
    if (j->arc == NULL) {               /* said why: unreadable */
        archive_ends(j, said, true, 0, TOOL_TROUBLE);
        return fill_end(j, s);
    }
    s->said = joined(s->said, said);
    return fill_members(j, s);
}

/* Fill slot s with the next job: the next part of an input being cut,
 * a large input's first part, or a batch of whole inputs. 0, or 1 when
 * there is none. */
static int fill_slot(jobs *j, slot *s)
{
    if (j->carried.has || j->arc != NULL)     /* an archive's members */
        return fill_members(j, s);
    if (j->end_due)                           /* ... and its end */
        return fill_end(j, s);
    if (j->cur == NULL && j->pending != NULL) {
        j->cur = j->pending;
        j->pending = NULL;
    }
    if (j->cur != NULL) {
        if (add_path(s, j->cur->path) != 0)
            return -1;
        next_part(j, s);
        return 0;
    }
    unsigned long long weight = 0;      /* unknown sizes count 4 KiB */
    size_t most = BATCH_INPUTS;
    if (j->total > j->given
        && (j->total - j->given) / (j->nw * BATCH_SHARE) < most)
        most = (j->total - j->given) / (j->nw * BATCH_SHARE);
    if (most == 0 || j->slow)
        most = 1;
    while (s->count < most && weight < BATCH_BYTES) {
        unsigned long long size = 0;
        char *said = NULL;
        const char *path = take_next(j, &size, &said);
        if (said != NULL && s->count > 0) {   /* they start the next job */
            if (put_back(j, path, size, said) != 0)
                return -1;
            break;
        }
        if (path == NULL) {
            j->tail = said;             /* said after the last input */
            j->no_more = true;
            break;
        }
        if (said != NULL)
            s->said = said;
        if (cli_archive_has_members(path)) {  /* its members: jobs of */
            if (s->count > 0)                 /* their own */
                return put_back(j, path, size, NULL) != 0 ? -1 : 0;
            j->given++;
            return open_members(j, s, path);
        }
        split *sp = split_open(j, path, size);
        if (sp != NULL) {
            j->given++;
            if (s->count > 0) {         /* its parts: jobs of their own */
                j->pending = sp;
                break;
            }
            j->cur = sp;
            if (add_path(s, sp->path) != 0)
                return -1;
            next_part(j, s);
            return 0;
        }
        if (add_path(s, path) != 0)
            return -1;
        s->size += size;
        weight += size ? size : 4096;
        j->given++;
    }
    return s->count == 0 ? 1 : 0;
}

/* The job's header to the socket, the descriptor fd going with it. */
static int send_with_fd(int sock, job_msg *m, int fd)
{
    union {
        char buf[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } ctl;
    size_t n = sizeof *m;
    struct iovec io = { m, n };
    struct msghdr mh;
    ssize_t w;
    memset(&ctl, 0, sizeof ctl);
    memset(&mh, 0, sizeof mh);
    mh.msg_iov = &io;
    mh.msg_iovlen = 1;
    mh.msg_control = ctl.buf;
    mh.msg_controllen = sizeof ctl.buf;
    struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(c), &fd, sizeof fd);
    do
        w = sendmsg(sock, &mh, 0);
    while (w < 0 && errno == EINTR);
    if (w < 0)
        return -1;
    return (size_t)w < n ? write_full(sock, (const char *)m + w,
                                      n - (size_t)w)
                         : 0;
}

static int send_job(jobs *j, unsigned k, uint64_t seq, slot *s)
{
    job_msg m;
    memset(&m, 0, sizeof m);
    m.seq = seq;
    m.len = (uint32_t)s->path_len;
    m.set = (uint8_t)s->set;
    if (s->sp != NULL) {
        m.part = 1;
        m.has_from = s->has_from;
        m.from = s->from;
        m.stop = s->stop == SIZE_MAX ? UINT64_MAX : (uint64_t)s->stop;
        m.dev = (uint64_t)s->sp->st.st_dev;
        m.ino = (uint64_t)s->sp->st.st_ino;
        m.size = (uint64_t)s->sp->st.st_size;
        m.mtime_sec = (int64_t)s->sp->st.st_mtim.tv_sec;
        m.mtime_nsec = (int64_t)s->sp->st.st_mtim.tv_nsec;
    }
    m.kind = (uint8_t)s->kind;
    if (s->kind == JOB_MEMBERS) {
        m.count = (uint32_t)s->count;
        m.why_len = (uint32_t)s->whys_len;
        m.data_len = s->data_len;
    } else if (s->kind == JOB_ARCHIVE_END) {
        m.why_len = (uint32_t)s->whys_len;
        m.broken = s->broken;
        m.astatus = (uint8_t)s->astatus;
        m.members = s->members;
    }
    int sock = j->w[k].sock;
    if ((s->has_fd ? send_with_fd(sock, &m, s->data_fd)
                   : write_full(sock, &m, sizeof m)) != 0
        || write_full(sock, s->path, s->path_len) != 0
        || write_full(sock, s->whys, m.why_len) != 0
        || (s->kind == JOB_MEMBERS
            && (write_full(sock, s->ments,
                           s->count * sizeof *s->ments) != 0
                || write_full(sock, s->data, (size_t)s->data_len) != 0))) {
        if (errno == EPIPE || errno == ECONNRESET)
            return -2;                  /* the worker is gone: said there */
        tool_error("cannot hand inputs to a job: %s", strerror(errno));
        j->status = TOOL_TROUBLE;
        j->halt = true;
        return -1;
    }
    j->w[k].busy++;
    s->by = (int)k;
    free(s->data);                      /* the worker has it now */
    s->data = NULL;
    return 0;
}

static void worker_died(jobs *j, unsigned k);

/* Worker k found gone as slot s was handed to it: s counted as its, then
 * the worker's jobs reported (worker_died). */
static void gone_with(jobs *j, unsigned k, slot *s)
{
    s->by = (int)k;
    j->w[k].busy++;
    worker_died(j, k);
}

/* Hand worker k a part to read again, or the next job. 0, or 1 when
 * there is none. */
static int hand_out(jobs *j, unsigned k)
{
    if (j->halt)
        return 1;
    worker *w = &j->w[k];
    for (uint64_t q = j->flushed; q < j->handed; q++) {
        slot *s = &j->ring[q % j->window];
        if (s->redo) {
            s->redo = false;
            s->set = (int)w->next_set;
            int rc = send_job(j, k, q, s);
            if (rc == -2)
                gone_with(j, k, s);
            if (rc != 0)
                return 1;
            w->next_set = (w->next_set + 1) % SETS;
            return 0;
        }
    }
    if ((j->no_more && j->cur == NULL && j->pending == NULL
         && j->arc == NULL && !j->carried.has && !j->end_due)
        || j->handed - j->flushed >= j->window)
        return 1;
    slot *s = &j->ring[j->handed % j->window];
    memset(s, 0, sizeof *s);
    s->worker = -1;
    int rc = fill_slot(j, s);
    if (rc < 0) {
        if (rc == -1)                   /* (-2: said) */
            tool_error("out of memory");
        j->status = TOOL_TROUBLE;
        j->halt = true;
    }
    if (rc != 0) {
        slot_clear(j, s);
        return 1;
    }
    s->ends = j->ended;                 /* (its own end included) */
    j->ended = 0;
    s->set = (int)w->next_set;
    int sent = send_job(j, k, j->handed, s);
    if (sent == -2) {                   /* the worker is gone: this job */
        j->handed++;                    /* is one of those it did not */
        gone_with(j, k, s);             /* read */
        return 1;
    }
    if (sent != 0) {
        slot_clear(j, s);               /* not out: the run stops */
        return 1;
    }
    w->next_set = (w->next_set + 1) % SETS;
    j->handed++;
    return 0;
}

/* A worker that died with jobs out: the one it was doing is reported,
 * and the one waiting for it, and the run stops handing out more; the
 * output ends before the first of them (what follows is not written,
 * so that the output is whole up to where it stops). */
static void worker_died(jobs *j, unsigned k)
{
    worker *w = &j->w[k];
    bool first = true;
    const split *said_of = NULL;        /* a file read in parts: once */
    cli_hold_errors(true);              /* said where the output stops */
    for (uint64_t q = j->flushed; q < j->handed; q++) {
        slot *s = &j->ring[q % j->window];
        if (s->done || s->redo || s->by != (int)k)
            continue;
        const char *name = cli_display_name(s->path);
        if (q < j->cut_at)
            j->cut_at = q;
        if (s->sp != NULL && s->sp == said_of)
            ;
        else if (first)
            tool_error("a job stopped while reading '%s'%s", name,
                       s->count > 1 ? " or the inputs after it" : "");
        else if (s->count > 1)
            tool_error("'%s' and the inputs after it were not read: the "
                       "job before them stopped", name);
        else
            tool_error("'%s' was not read: the job before it stopped",
                       name);
        first = false;
        said_of = s->sp;
        s->done = true;
        s->status = TOOL_TROUBLE;
        if (s->sp == NULL)
            j->n->by_status[2]++;
    }
    cli_hold_errors(false);
    char *said = cli_held_errors();
    if (said != NULL && j->cut_at < j->handed) {
        slot *c = &j->ring[j->cut_at % j->window];
        c->said = joined(c->said, said);
    } else {
        cli_write_held(said);
    }
    j->status = TOOL_TROUBLE;
    j->halt = true;
    for (uint64_t q = j->flushed; q < j->handed; q++) {
        slot *s = &j->ring[q % j->window];
        if (s->redo) {                  /* nobody to read it again */
            s->redo = false;
            s->done = true;
            slot_release(j, s);
        }
    }
    close(w->sock);
    w->sock = -1;
    w->busy = 0;
    flush_due(j);
}

/* Whether worker w can be handed a job, holding fewer than want: its
 * next pair of captures is free (not holding an output not yet
 * written, nor a job it still does). */
static bool takes_job(const worker *w, unsigned want)
{
    return w->sock >= 0 && w->busy < want && !w->parked[w->next_set];
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
        /* each worker a job, then each the next (not the first worker
           two before the second has one: with few inputs, or slow ones,
           a worker would wait while the other holds its job) */
        for (unsigned want = 1; want <= (j->slow ? 1u : SETS); want++)
            for (unsigned k = 0; k < j->nw; k++)
                while (takes_job(&j->w[k], want) && hand_out(j, k) == 0)
                    ;
        for (unsigned k = 0; k < j->nw; k++) {
            pf[k].fd = j->w[k].busy ? j->w[k].sock : -1;
            pf[k].events = POLLIN;
            busy += j->w[k].busy > 0;
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
    for (uint64_t q = j->flushed; q < j->handed; q++) {
        slot *s = &j->ring[q % j->window];
        cli_write_held(s->said);        /* a run stopped: said anyway */
        s->said = NULL;
        slot_clear(j, s);
    }
    if (j->arc != NULL) {               /* an archive left half read */
        bool broken;
        tool_error("the rest of '%s' was not read: the run stopped",
                   cli_display_name(j->arc_path));
        cli_hold_errors(true);
        (void)cli_archive_close(j->arc, &broken);
        cli_hold_errors(false);
        free(cli_held_errors());
        j->arc = NULL;
    }
    if (j->carried.has) {
        if (j->carried.fd >= 0)
            close(j->carried.fd);
        free(j->carried.data);
        free(j->carried.name);
        free(j->carried.why);
        cli_write_held(j->carried.said);
        j->carried.has = false;
    }
    cli_write_held(j->end_said);
    j->end_said = NULL;
    free(j->end_msg);
    j->end_msg = NULL;
    free(j->arc_path);
    j->arc_path = NULL;
    cli_write_held(j->back_said);
    cli_write_held(j->tail);
    j->back_said = j->tail = NULL;
    free(j->back_path);
    free(j->back_taken);
    j->back_path = j->back_taken = NULL;
    split *left[2] = { j->cur, j->pending };  /* cut short (trouble) */
    for (int k = 0; k < 2; k++)
        if (left[k] != NULL) {
            split_planned(left[k]);
            if (left[k]->refs == 0)
                split_free(left[k]);
        }
    j->cur = j->pending = NULL;
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
        drop_captures(w);
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
    j.cut_at = UINT64_MAX;
    j.window = (size_t)nw * WINDOW_PER_WORKER;
    j.one_stream = product(&j) == stdout && cli_streams_one();
    j.discard = product(&j) == stdout && cli_stdout_discarded();
    j.slow = h->slow != NULL && h->slow(h->payload);
    j.part_bytes = part_bytes_wanted();
    j.w = calloc(nw, sizeof *j.w);
    j.ring = calloc(j.window, sizeof *j.ring);
    if (j.w == NULL || j.ring == NULL) {
        free(j.w);
        free(j.ring);
        tool_error("out of memory");
        return TOOL_TROUBLE;
    }
    for (size_t q = 0; q < j.window; q++)
        j.ring[q].worker = -1;
    for (unsigned k = 0; k < nw; k++) {
        j.w[k].sock = -1;
        for (unsigned s = 0; s < SETS; s++)
            j.w[k].out[s] = j.w[k].err[s] = -1;
    }
    signal(SIGPIPE, SIG_IGN);      /* a worker gone: an error, not death */
    for (unsigned k = 0; k < nw; k++)
        if (start_worker(&j, &j.w[k]) != 0) {
            /* (said why) fewer workers read it all: nothing is lost */
            if (k > 0)
                tool_error("-j %u: %u worker%s could start: the inputs are "
                           "read by %s", nw, k, k == 1 ? "" : "s",
                           k == 1 ? "it" : "them");
            j.nw = k;
            break;
        }
    struct sigaction old_actions[CLI_END_SIGNALS];
    bool set[CLI_END_SIGNALS] = { false };
    pid_t *pids = j.nw > 0 ? calloc(j.nw, sizeof *pids) : NULL;
    if (pids != NULL) {                 /* the workers' pids, then the */
        for (unsigned k = 0; k < j.nw; k++)         /* handler */
            pids[k] = j.w[k].pid;
        run_pids = pids;
        run_npids = (sig_atomic_t)j.nw;
        cli_end_signals_catch(on_end_signal, old_actions, set);
    }
    if (j.nw > 0)
        serve(&j);
    stop_workers(&j);
    if (pids != NULL) {
        cli_end_signals_restore(old_actions, set);
        run_npids = 0;
        run_pids = NULL;
    }
    free(pids);
    signal(SIGPIPE, SIG_DFL);
    free(j.w);
    free(j.ring);
    if (j.nw == 0) {       /* not one worker (said why): nothing read */
        tool_error("-j %u: no worker could start: the inputs are read by "
                   "this process alone", nw);
        return CLI_JOBS_NO_WORKER;
    }
    return j.status;
}
