/*
 * rss.c - the peak memory of a command, for the growth tests
 * (tests/limits.sh): runs it with standard output and error sent to
 * /dev/null (or to the files given) and prints
 *
 *   MAXRSS_KB EXIT_STATUS
 *
 * from getrusage of the child alone (RUSAGE_CHILDREN of a process that
 * has one child), never a time.
 *
 *   build/test/rss [-o OUT] [-e ERR] [-m MAX_MB] -- COMMAND [ARG]...
 *
 * -m limits the child's address space (RLIMIT_AS), so that a quadratic
 * case fails fast instead of taking the machine; a child killed by a
 * signal prints 128 + the signal as its status.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void redirect(const char *path, int fd)
{
    int f = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (f < 0 || dup2(f, fd) < 0) {
        perror(path);
        _exit(127);
    }
    close(f);
}

int main(int argc, char **argv)
{
    const char *out = "/dev/null", *err = "/dev/null";
    long max_mb = 0;
    int i = 1;
    for (; i < argc && strcmp(argv[i], "--") != 0; i += 2) {
        if (i + 1 >= argc)
            break;
        if (strcmp(argv[i], "-o") == 0)
            out = argv[i + 1];
        else if (strcmp(argv[i], "-e") == 0)
            err = argv[i + 1];
        else if (strcmp(argv[i], "-m") == 0)
            max_mb = atol(argv[i + 1]);
    }
    if (i >= argc - 1) {
        fprintf(stderr, "usage: rss [-o OUT] [-e ERR] [-m MAX_MB] -- "
                        "COMMAND [ARG]...\n");
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        return 2;
    }
    if (pid == 0) {
        redirect(out, STDOUT_FILENO);
        redirect(err, STDERR_FILENO);
        if (max_mb > 0) {
            struct rlimit rl = { (rlim_t)max_mb << 20, (rlim_t)max_mb << 20 };
            setrlimit(RLIMIT_AS, &rl);
        }
        execvp(argv[i + 1], argv + i + 1);
        perror(argv[i + 1]);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (waitpid(pid, &status, 0) < 0 || getrusage(RUSAGE_CHILDREN, &ru) != 0) {
        perror("waitpid");
        return 2;
    }
    int code = WIFEXITED(status) ? WEXITSTATUS(status)
               : 128 + WTERMSIG(status);
    printf("%ld %d\n", ru.ru_maxrss, code);
    return 0;
}
