/* fuzz_mem.h - hand a fuzzer's input to a parser that reads a path: the bytes go into an
 * anonymous in-memory file (memfd) that is named by /proc/self/fd/N, rewritten each run. */
#ifndef FUZZ_MEM_H
#define FUZZ_MEM_H

#include <stddef.h>
#include <stdint.h>

/* Replace the memory file's contents with data[0..size) and return its path, or NULL
 * (then the caller skips the input: it is not a finding). */
const char *fuzz_mem_path(const uint8_t *data, size_t size);

#endif
