#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include "CDirectIO.h"

#ifdef O_DIRECT
const int touchstone_direct_io_flag = O_DIRECT;
#else
const int touchstone_direct_io_flag = 0;
#endif

#include <sys/stat.h>

int touchstone_mount_id(const char *path, unsigned long long *id) {
#if defined(STATX_MNT_ID) && defined(AT_FDCWD)
    struct statx info;
    if (statx(AT_FDCWD, path, 0, STATX_MNT_ID, &info) != 0 || !(info.stx_mask & STATX_MNT_ID)) return -1;
    *id = info.stx_mnt_id;
    return 0;
#else
    (void)path;
    (void)id;
    return -1;
#endif
}

#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

int touchstone_anonymous_file(int flags) {
#ifdef MFD_CLOEXEC
    int anonymous = memfd_create("touchstone-closed-standard-descriptor", MFD_CLOEXEC);
    if (anonymous < 0) return -1;
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", anonymous);
    int opened = open(path, flags);
    int saved = errno;
    close(anonymous);
    errno = saved;
    return opened;
#else
    (void)flags;
    errno = ENOSYS;
    return -1;
#endif
}
