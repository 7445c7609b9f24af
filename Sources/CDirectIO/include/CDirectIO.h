#ifndef TOUCHSTONE_CDIRECTIO_H
#define TOUCHSTONE_CDIRECTIO_H

/// The open flag that makes a descriptor's writes skip the page cache (Linux's O_DIRECT), which
/// Swift's Glibc module leaves out (it is a _GNU_SOURCE name); 0 where the system has none.
extern const int touchstone_direct_io_flag;

/// The mount `path` is on (statx's STATX_MNT_ID, Linux 5.8 on, another _GNU_SOURCE name) in `id`:
/// 0, or -1 where the system does not say. Two mounts of one file system share its device number.
int touchstone_mount_id(const char *path, unsigned long long *id);

/// A descriptor opened with `flags` on a new, empty file of its own that no folder names (Linux's
/// memfd_create, reopened through /proc/self/fd so that the access mode is `flags`'), or -1 with
/// errno set where the system has none. It stands in for a standard descriptor a parent closed:
/// unlike /dev/null, no path but one through the descriptor itself (/dev/stdout) reaches it.
int touchstone_anonymous_file(int flags);

#endif
