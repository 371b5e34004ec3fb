/*
 * gamesdb.h -- the two halves of wg-gamesdb: building the database of the recovery
 * benchmark (gamesdb.c) and measuring the daemon's start on it (gamesdb_probe.c).
 */
#ifndef BENCH_GAMESDB_H
#define BENCH_GAMESDB_H

/* `wg-gamesdb probe ...` (argv[0] is "probe"); the exit status. */
int gdb_probe_main(int argc, char **argv);

#endif
