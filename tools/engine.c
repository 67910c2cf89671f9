/*
 * tools/engine.c - a GTP engine as a child process (tools/engine.h). Its
 * standard input and output are one end of a socket pair: writes to an
 * engine that died then fail with EPIPE (send with MSG_NOSIGNAL) instead
 * of raising SIGPIPE, which would end the tool. The commands are written
 * and the answers read at the same time (poll), so a long list of
 * commands cannot fill both directions and stall; an answer ends with an
 * empty line (GTP 2, section 2.10).
 */
#include "engine.h"
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

struct engine {
    const char *cmd;
    double timeout;
    pid_t pid;                  /* 0: not running */
    int fd;                     /* our end of its standard input and
                                   output */
    unsigned starts;
    char *buf;                  /* answers read, not yet taken */
    size_t len, cap;
    size_t scanned;             /* of buf, looked at for an answer's end */
    bool ids;                   /* this process echoes the commands' ids */
    unsigned long stray;        /* answers of the session passed by */
    char *answer;               /* the last answer */
    size_t answer_cap;
    char failed[128];           /* the command it answers */
};

engine *engine_new(const char *cmd, double timeout)
{
    engine *e = calloc(1, sizeof *e);
    if (e == NULL)
        return NULL;
    e->cmd = cmd;
    e->timeout = timeout;
    e->fd = -1;
    return e;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The engines' process groups. Each engine has a group of its own, so
 * that ending it ends all its command started; a signal that ends the
 * tool (a terminal's ^C, timeout(1), kill) reaches the tool's group, not
 * theirs, so the tool ends them then. */
enum { MAX_GROUPS = 256 };
static volatile sig_atomic_t groups[MAX_GROUPS];
static pthread_mutex_t groups_lock = PTHREAD_MUTEX_INITIALIZER;

static void on_fatal(int sig)
{
    for (int i = 0; i < MAX_GROUPS; i++)
        if (groups[i] > 0)
            kill(-(pid_t)groups[i], SIGKILL);
    raise(sig);                         /* (the handler reset: it ends us) */
}

/* Group pid noted (on) or forgotten; the first time, the handler of the
 * signals that end a tool set (cli_end_signals_catch). pid 0: the
 * handler only (before the first engine starts). */
static void note_group(pid_t pid, bool on)
{
    static bool watching;
    pthread_mutex_lock(&groups_lock);
    if (!watching) {
        cli_end_signals_catch(on_fatal, NULL, NULL);
        watching = true;
    }
    for (int i = 0; pid > 0 && i < MAX_GROUPS; i++)
        if (on ? groups[i] == 0 : groups[i] == (sig_atomic_t)pid) {
            groups[i] = on ? (sig_atomic_t)pid : 0;
            break;
        }
    pthread_mutex_unlock(&groups_lock);
}

/* End the process: quit asked when polite, then a short wait, then
 * SIGKILL. */
static void stop(engine *e, bool polite)
{
    if (e->pid <= 0)
        return;
    if (polite && e->fd >= 0) {
        static const char quit[] = "quit\n";
        ssize_t w = send(e->fd, quit, sizeof quit - 1, MSG_NOSIGNAL);
        (void)w;
        shutdown(e->fd, SHUT_WR);
    }
    double end = now() + (polite ? 2.0 : 0.0);
    int st;
    while (waitpid(e->pid, &st, WNOHANG) == 0) {
        if (now() >= end) {
            kill(-e->pid, SIGKILL);     /* its group: all it started */
            kill(e->pid, SIGKILL);
            waitpid(e->pid, &st, 0);
            break;
        }
        struct timespec ts = { 0, 10 * 1000 * 1000 };
        nanosleep(&ts, NULL);
    }
    note_group(e->pid, false);
    if (e->fd >= 0)
        close(e->fd);
    e->pid = 0;
    e->fd = -1;
    e->len = e->scanned = 0;
}

void engine_free(engine *e)
{
    if (e == NULL)
        return;
    stop(e, true);
    free(e->buf);
    free(e->answer);
    free(e);
}

static void cloexec(int fd)
{
    fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC);
}

/* Start /bin/sh -c cmd, its standard input and output one end of a
 * socket pair. */
static bool start(engine *e)
{
    int sv[2];
    posix_spawn_file_actions_t fa;
    char sh[] = "sh", dash_c[] = "-c", *cmd = strdup(e->cmd);
    char *argv[] = { sh, dash_c, cmd, NULL };
    if (cmd == NULL || socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) {
        free(cmd);
        return false;
    }
    cloexec(sv[0]);
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, sv[1], 0);
    posix_spawn_file_actions_adddup2(&fa, sv[1], 1);
    posix_spawn_file_actions_addclose(&fa, sv[1]);
    /* a process group of its own: what the command starts (a pipeline,
     * a program run by the shell) is ended with it */
    posix_spawnattr_t at;
    posix_spawnattr_init(&at);
    posix_spawnattr_setpgroup(&at, 0);
    /* the handler set first, and the signals that end the tool held from
     * before the start until the group is noted: one that comes between
     * ends the group too (the engine starts with the mask it had) */
    sigset_t block, was;
    cli_end_signals_set(&block);
    note_group(0, true);
    pthread_sigmask(SIG_BLOCK, &block, &was);
    posix_spawnattr_setsigmask(&at, &was);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP
                                  | POSIX_SPAWN_SETSIGMASK);
    int rc = posix_spawn(&e->pid, "/bin/sh", &fa, &at, argv, environ);
    if (rc == 0)
        note_group(e->pid, true);
    pthread_sigmask(SIG_SETMASK, &was, NULL);
    posix_spawnattr_destroy(&at);
    posix_spawn_file_actions_destroy(&fa);
    free(cmd);
    close(sv[1]);
    if (rc != 0) {
        close(sv[0]);
        e->pid = 0;
        return false;
    }
    e->fd = sv[0];
    fcntl(e->fd, F_SETFL, fcntl(e->fd, F_GETFL) | O_NONBLOCK);
    e->starts++;
    e->len = e->scanned = 0;
    e->ids = false;
    return true;
}

static bool reserve(char **p, size_t *cap, size_t need)
{
    if (need <= *cap)
        return true;
    size_t c = *cap < 4096 ? 4096 : *cap;
    while (c < need)
        c *= 2;
    char *t = realloc(*p, c);
    if (t == NULL)
        return false;
    *p = t;
    *cap = c;
    return true;
}

/* Take one whole answer (up to its empty line) from the buffer into
 * e->answer, without the blank line and carriage returns. False when
 * none is whole yet. */
static bool take_answer(engine *e, bool *ok)
{
    size_t end = 0, lead = 0;
    bool found = false;
    while (lead < e->len && (e->buf[lead] == '\n' || e->buf[lead] == '\r'))
        lead++;                         /* blank lines between answers */
    if (lead > 0) {
        memmove(e->buf, e->buf + lead, e->len - lead);
        e->len -= lead;
        e->scanned = 0;
    }
    size_t at = e->scanned > 2 ? e->scanned - 2 : 0;   /* (each byte */
    for (; at + 1 < e->len && !found; at++)            /* looked at once) */
        if (e->buf[at] == '\n') {
            size_t j = at + 1;
            if (j < e->len && e->buf[j] == '\r')
                j++;
            if (j < e->len && e->buf[j] == '\n') {
                end = j + 1;
                found = true;
            }
        }
    e->scanned = found ? 0 : e->len;
    if (!found || !reserve(&e->answer, &e->answer_cap, end + 1))
        return false;
    size_t k = 0;
    for (size_t i = 0; i < end; i++)
        if (e->buf[i] != '\r')
            e->answer[k++] = e->buf[i];
    while (k > 0 && e->answer[k - 1] == '\n')
        k--;
    e->answer[k] = '\0';
    memmove(e->buf, e->buf + end, e->len - end);
    e->len -= end;
    *ok = e->answer[0] == '=';
    return true;
}

/* The command starting at cmds + at, for messages. */
static void name_command(engine *e, const char *cmds, size_t len, size_t at)
{
    size_t n = 0;
    while (at + n < len && cmds[at + n] != '\n' && n + 1 < sizeof e->failed)
        n++;
    memcpy(e->failed, cmds + at, n);
    e->failed[n] = '\0';
}

/* Read what the engine wrote; false at its end or on an error. */
static bool read_some(engine *e)
{
    if (!reserve(&e->buf, &e->cap, e->len + 4096))
        return false;
    ssize_t r = recv(e->fd, e->buf + e->len, e->cap - e->len, 0);
    if (r <= 0)
        return r < 0 && (errno == EINTR || errno == EAGAIN);
    e->len += (size_t)r;
    return true;
}

/* Start positions of the lines of cmds (the commands). */
static size_t count_lines(const char *cmds, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += cmds[i] == '\n';
    return n + (len > 0 && cmds[len - 1] != '\n');
}

/* The id of an answer ("=12 ...", "?3 ..."), or 0 when it has none,
 * taken out of it ("= ...", "? ..."). */
static unsigned long take_id(char *a)
{
    unsigned long id = 0;
    size_t d = 1;
    for (; a[d] >= '0' && a[d] <= '9'; d++)
        if (id < 100000000)
            id = id * 10 + (unsigned long)(a[d] - '0');
    memmove(a + 1, a + d, strlen(a + d) + 1);
    return id;
}

/* cmds with each command numbered from 1 ("1 boardsize 19"), so that
 * an answer is matched to its command by its id (GTP 2, section 2.6),
 * not by its place: an engine that writes one answer too many does not
 * give every later command the answer of the one before. NULL when out
 * of memory. */
static char *numbered(const char *cmds, size_t len, size_t *out_len)
{
    size_t lines = count_lines(cmds, len), n = 0;
    char *o = malloc(len + lines * 12 + 2);
    if (o == NULL)
        return NULL;
    unsigned long id = 0;
    for (size_t i = 0; i < len; i++) {
        n += (size_t)sprintf(o + n, "%lu ", ++id);
        while (i < len && cmds[i] != '\n')
            o[n++] = cmds[i++];
        o[n++] = '\n';
    }
    *out_len = n;
    return o;
}

/* The session of engine_session: the commands cmds (len bytes) sent
 * numbered (ids, ilen bytes), their answers read. */
static engine_status session(engine *e, const char *cmds, size_t len,
                             const char *ids, size_t ilen)
{
    size_t sent = 0, answered = 0, total = count_lines(cmds, len);
    size_t line_at = 0;                 /* the command being answered */
    double deadline = now() + e->timeout;
    while (answered < total) {
        bool ok;
        if (e->len > ENGINE_ANSWER_MAX) {   /* no end to its answer */
            name_command(e, cmds, len, line_at);
            stop(e, false);
            return ENGINE_FLOOD;
        }
        if (take_answer(e, &ok)) {
            unsigned long id = take_id(e->answer);
            if ((id != 0 && id != answered + 1) || (id == 0 && e->ids)) {
                e->stray++;             /* not this command's: passed by */
                continue;
            }
            e->ids = e->ids || id != 0; /* (an engine that numbers none */
                                        /* is read in order) */
            name_command(e, cmds, len, line_at);
            while (line_at < len && cmds[line_at] != '\n')
                line_at++;
            line_at++;
            answered++;
            if (!ok) {                  /* the rest would be answered */
                stop(e, true);          /* into the next session: a */
                return ENGINE_REFUSED;  /* fresh process for that */
            }
            continue;
        }
        struct pollfd fds = { e->fd, (short)(POLLIN | (sent < ilen ? POLLOUT
                                                                : 0)), 0 };
        int left = (int)((deadline - now()) * 1000);
        if (left <= 0) {
            stop(e, false);
            return ENGINE_TIMEOUT;
        }
        int r = poll(&fds, 1, left);
        if (r < 0 && errno != EINTR) {
            stop(e, false);
            return ENGINE_DIED;
        }
        if (r <= 0)
            continue;
        if (fds.revents & (POLLIN | POLLHUP | POLLERR)) {
            if (!read_some(e)) {
                stop(e, false);
                return ENGINE_DIED;
            }
        } else if (sent < ilen && (fds.revents & POLLOUT)) {
            ssize_t w = send(e->fd, ids + sent, ilen - sent, MSG_NOSIGNAL);
            if (w < 0 && errno != EAGAIN && errno != EINTR) {
                stop(e, false);
                return ENGINE_DIED;
            }
            sent += w > 0 ? (size_t)w : 0;
        }
    }
    return ENGINE_OK;
}

engine_status engine_session(engine *e, const char *cmds, size_t len)
{
    e->failed[0] = '\0';
    e->stray = 0;
    size_t ilen = 0;
    char *ids = numbered(cmds, len, &ilen);
    if (ids == NULL)
        return ENGINE_NOMEM;
    engine_status st = e->pid <= 0 && !start(e) ? ENGINE_DIED
                       : session(e, cmds, len, ids, ilen);
    free(ids);
    return st;
}

const char *engine_answer(const engine *e)
{
    const char *a = e->answer != NULL ? e->answer : "";
    if (a[0] == '=') {                  /* "= text" (its id taken out */
        a++;                            /* when read): the text */
        while (*a == ' ')
            a++;
    }
    return a;
}

unsigned long engine_stray(const engine *e)
{
    return e->stray;
}

const char *engine_failed_command(const engine *e)
{
    return e->failed;
}

unsigned engine_starts(const engine *e)
{
    return e->starts;
}

/* ---- the pool ------------------------------------------------------- */

struct engine_pool {
    pthread_mutex_t lock;
    pthread_cond_t freed;
    int n, nfree;
    engine **all, **free;
};

engine_pool *engine_pool_new(const char *cmd, double timeout, int n)
{
    engine_pool *p = calloc(1, sizeof *p);
    if (p == NULL || n < 1)
        goto fail;
    p->all = calloc((size_t)n, sizeof *p->all);
    p->free = calloc((size_t)n, sizeof *p->free);
    if (p->all == NULL || p->free == NULL)
        goto fail;
    for (int k = 0; k < n; k++) {
        if ((p->all[k] = engine_new(cmd, timeout)) == NULL)
            goto fail;
        p->n++;
        p->free[p->nfree++] = p->all[k];
    }
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->freed, NULL);
    return p;
fail:
    if (p != NULL) {
        for (int k = 0; k < p->n; k++)
            engine_free(p->all[k]);
        free(p->all);
        free(p->free);
        free(p);
    }
    return NULL;
}

void engine_pool_free(engine_pool *p)
{
    if (p == NULL)
        return;
    for (int k = 0; k < p->n; k++)
        engine_free(p->all[k]);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->freed);
    free(p->all);
    free(p->free);
    free(p);
}

engine *engine_pool_take(engine_pool *p)
{
    pthread_mutex_lock(&p->lock);
    while (p->nfree == 0)
        pthread_cond_wait(&p->freed, &p->lock);
    engine *e = p->free[--p->nfree];
    pthread_mutex_unlock(&p->lock);
    return e;
}

void engine_pool_give(engine_pool *p, engine *e)
{
    pthread_mutex_lock(&p->lock);
    p->free[p->nfree++] = e;
    pthread_cond_signal(&p->freed);
    pthread_mutex_unlock(&p->lock);
}
