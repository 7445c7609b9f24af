#define _GNU_SOURCE
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
