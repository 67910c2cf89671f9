/*
 * cputime.c - the CPU seconds (user + system) a command takes, for make
 * bench's whole-tool ratios: run it with its output thrown away, print
 * "cpu_s=S status=N".
 *
 *   cputime COMMAND [ARG]...
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: cputime COMMAND [ARG]...\n");
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0)
        return 2;
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, 1);
            dup2(null, 2);
        }
        execvp(argv[1], argv + 1);
        _exit(127);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    double s = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6
               + (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
    printf("cpu_s=%.3f status=%d\n", s, WIFEXITED(st) ? WEXITSTATUS(st)
                                                     : 128);
    return 0;
}
