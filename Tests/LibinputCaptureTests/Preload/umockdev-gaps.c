// Preloaded after libumockdev-preload.so into the program under test, never into the test process.
//
// Debian 12's umockdev 0.17.16 has two gaps that libinput 1.22 trips over (both fixed upstream:
// 0.17.18 and 0.19.2). This closes them:
//  1. /run/udev/data is not redirected into the test bed, so every emulated device reads as "not
//     initialized" and libinput refuses it. Emulated devices are initialized by construction.
//  2. fstat() is not wrapped, so an opened node reports the pty's device number and libinput
//     rejects it. The test bed's own $UMOCKDEV_DIR/dev/.ptymap/_dev_pts_N -> "MAJOR:MINOR" links
//     map the pty back to the emulated device number.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

struct udev_device;

int udev_device_get_is_initialized(struct udev_device *device) {
    (void)device;
    return 1;
}

static void remap_pty(int fd, struct stat *st) {
    const char *root = getenv("UMOCKDEV_DIR");
    if (root == NULL || !S_ISCHR(st->st_mode)) return;
    char link[64], tty[PATH_MAX], map[PATH_MAX], target[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t length = readlink(link, tty, sizeof tty - 1);
    if (length <= 0) return;
    tty[length] = 0;
    if (strncmp(tty, "/dev/pts/", 9) != 0) return;
    for (char *c = tty; *c; c++) if (*c == '/') *c = '_';
    snprintf(map, sizeof map, "%s/dev/.ptymap/%s", root, tty);
    length = readlink(map, target, sizeof target - 1);
    if (length <= 0) return;
    target[length] = 0;
    unsigned major_number, minor_number;
    if (sscanf(target, "%u:%u", &major_number, &minor_number) == 2) {
        st->st_rdev = makedev(major_number, minor_number);
    }
}

int fstat(int fd, struct stat *st) {
    static int (*real)(int, struct stat *);
    if (real == NULL) real = (int (*)(int, struct stat *))dlsym(RTLD_NEXT, "fstat");
    int result = real(fd, st);
    if (result == 0) remap_pty(fd, st);
    return result;
}

int fstat64(int fd, struct stat64 *st) {
    static int (*real)(int, struct stat64 *);
    if (real == NULL) real = (int (*)(int, struct stat64 *))dlsym(RTLD_NEXT, "fstat64");
    int result = real(fd, st);
    if (result == 0) remap_pty(fd, (struct stat *)st);
    return result;
}
