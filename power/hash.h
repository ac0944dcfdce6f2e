/* hash.h - a string -> integer map (open addressing, FNV-1a), for the names of a netlist
 * and of a VCD. Keys are not copied: they must outlive the map. */
#ifndef PW_HASH_H
#define PW_HASH_H

#include <stddef.h>

typedef struct {
    const char **key;
    long *val;
    size_t cap, n;
} pw_hash;

/* An empty map. */
void pw_hash_init(pw_hash *h);

/* Map key to val (val != 0; an existing key is overwritten). */
void pw_hash_put(pw_hash *h, const char *key, long val);

/* The value of key, 0 when absent. */
long pw_hash_get(const pw_hash *h, const char *key);

/* Free the map's tables (not the keys). */
void pw_hash_free(pw_hash *h);

#endif
