#ifndef TOUCHSTONE_CDIRECTIO_H
#define TOUCHSTONE_CDIRECTIO_H

/// The open flag that makes a descriptor's writes skip the page cache (Linux's O_DIRECT), which
/// Swift's Glibc module leaves out (it is a _GNU_SOURCE name); 0 where the system has none.
extern const int touchstone_direct_io_flag;

#endif
