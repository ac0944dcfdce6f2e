/* fuzz_mem.c - the memfd behind fuzz_mem_path(). */
#define _GNU_SOURCE
#include "fuzz_mem.h"

#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

static int mem_fd = -1;
static char mem_path[64];

/* Write all of data to fd at offset 0; 0 or -1. */
static int put_all(int fd, const uint8_t *data, size_t size)
{
    size_t done = 0;
    while (done < size) {
        ssize_t n = pwrite(fd, data + done, size - done, (off_t)done);
        if (n <= 0) return -1;
        done += (size_t)n;
    }
    return 0;
}

const char *fuzz_mem_path(const uint8_t *data, size_t size)
{
    if (mem_fd < 0) {
        mem_fd = memfd_create("fuzz_input", 0);
        if (mem_fd < 0) return NULL;
        snprintf(mem_path, sizeof mem_path, "/proc/self/fd/%d", mem_fd);
    }
    if (ftruncate(mem_fd, 0) != 0 || put_all(mem_fd, data, size) != 0) return NULL;
    return mem_path;
}
