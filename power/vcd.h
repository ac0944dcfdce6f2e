/* vcd.h - switching activity from a value change dump: per bit of every variable of one
 * scope, its toggles (changes between 0 and 1; x and z are not toggles) and the time it
 * spent at 1. Reads from a file or a pipe, in one pass, in memory proportional to the
 * variables, not to the dump. */
#ifndef PW_VCD_H
#define PW_VCD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    char *name;            /* "x" (one bit) or "x[3]" */
    uint64_t toggles;
    uint64_t high;         /* time at 1, in the dump's time units */
} pw_vbit;

typedef struct {
    char *scope;           /* the scope read, dotted ("TOP.top") */
    pw_vbit *bit; int nbit;
    uint64_t end_time;     /* the last time stamp */
} pw_activity;

/* Read the dump at path ("-": standard input); keep the variables declared directly in the
 * first scope whose last name is scope (NULL: the first scope that declares variables).
 * NULL with a "file:line: expected ..." message in err (size n) on a malformed dump. */
pw_activity *pw_vcd_read(const char *path, const char *scope, char *err, size_t n);

/* The same from the open stream f (read to its end, not closed); name is the file's name
 * in messages. A caller that must open a FIFO before other work (the writer waits for a
 * reader) opens it first and reads it with this. */
pw_activity *pw_vcd_read_stream(FILE *f, const char *name, const char *scope, char *err, size_t n);

/* Free an activity of pw_vcd_read. */
void pw_vcd_free(pw_activity *a);

#endif
