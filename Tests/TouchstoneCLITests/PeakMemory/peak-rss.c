// peak-rss COMMAND [ARGUMENT ...]: runs COMMAND with its output and errors on /dev/null, waits for
// it and prints "STATUS PEAK_KB": its wait status and its peak resident memory (wait4's ru_maxrss).
//
// The memory tests measure through this small program, never by spawning COMMAND from the test
// process itself: Linux folds the resident high-water mark of the memory a process replaces at
// exec into that process's ru_maxrss, and a child made by vfork (posix_spawn, Foundation's
// Process) replaces its parent's memory. Spawned from the test runner, every command's peak would
// be at least the runner's resident size at that moment: a runner that grew by 20 MB between two
// measurements (other tests run beside them) made a streaming command look 20 MB hungrier. Here
// the memory COMMAND replaces is this program's: a megabyte or two, the same at every run.
#define _DEFAULT_SOURCE  // wait4
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

extern char **environ;

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: peak-rss COMMAND [ARGUMENT ...]\n");
        return 2;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    int error = posix_spawn(&pid, argv[1], &actions, NULL, argv + 1, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (error != 0) {
        fprintf(stderr, "peak-rss: cannot run %s: %s\n", argv[1], strerror(error));
        return 1;
    }
    int status;
    struct rusage usage;
    while (wait4(pid, &status, 0, &usage) < 0) {
        if (errno != EINTR) {
            perror("peak-rss: wait4");
            return 1;
        }
    }
    printf("%d %ld\n", status, usage.ru_maxrss);
    return 0;
}
