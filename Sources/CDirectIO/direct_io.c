#define _GNU_SOURCE
#include <fcntl.h>
#include "CDirectIO.h"

#ifdef O_DIRECT
const int touchstone_direct_io_flag = O_DIRECT;
#else
const int touchstone_direct_io_flag = 0;
#endif
