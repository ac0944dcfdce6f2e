/* gtrace.h - small kernel traces for the GPU tests (test_gblock, test_gapp), written to a
 * temporary file: `blocks` blocks of 64 threads (2 warps), 16 registers a thread (2 warps x
 * 512 = 1024 registers a block), `shmem` bytes of shared memory a block; each block's
 * warps run `body` (an Accel-Sim trace warp section, "warp = 0 ... warp = 1 ...") or, when
 * body is NULL, warp 0 three dependent IADD3 and EXIT, warp 1 one IADD3 and EXIT (6
 * instructions a block). */
#ifndef GTRACE_H
#define GTRACE_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define GTRACE_ALU                                                                       \
    "warp = 0\ninsts = 4\n"                                                              \
    "0000 ffffffff 1 R1 IADD3 2 R2 R3 0\n0010 ffffffff 1 R4 IADD3 2 R1 R3 0\n"           \
    "0020 ffffffff 1 R5 IADD3 2 R4 R1 0\n0030 ffffffff 0 EXIT 0 0\n"                     \
    "warp = 1\ninsts = 2\n0000 ffffffff 1 R1 IADD3 2 R2 R3 0\n0010 ffffffff 0 EXIT 0 0\n"

/* Write the trace into path (a buffer of 64, "/tmp/NAME_XXXXXX" made unique); 0 or -1. */
static inline int gtrace_write(char *path, const char *name, unsigned blocks, unsigned shmem,
                               const char *body)
{
    snprintf(path, 64, "/tmp/%s_XXXXXX", name);
    int fd = mkstemp(path);
    if (fd < 0) return -1;
    FILE *f = fdopen(fd, "w");
    if (!f) return -1;
    fprintf(f, "-kernel name = _Z4testv\n-kernel id = 1\n-grid dim = (%u,1,1)\n"
            "-block dim = (64,1,1)\n-shmem = %u\n-nregs = 16\n-binary version = 75\n"
            "-cuda stream id = 0\n-shmem base_addr = 0x00007f0000000000\n"
            "-local mem base_addr = 0x00007f0100000000\n-nvbit version = 1.5.5\n"
            "-accelsim tracer version = 4\n-enable lineinfo = 0\n\n", blocks, shmem);
    for (unsigned b = 0; b < blocks; b++)
        fprintf(f, "#BEGIN_TB\n\nthread block = %u,0,0\n\n%s\n#END_TB\n\n", b,
                body ? body : GTRACE_ALU);
    return fclose(f) == 0 ? 0 : -1;
}

#endif
