/*
 * options_pick.h -- how the benchmarks' bots pick a listed action: the i-th action line
 * of an `options` reply, and the seeded generator (xorshift64) that draws i.
 *
 * Owns the reading of an `options` reply's "groups" as wg-engine (engine_play.c) and
 * wg-gamesdb (gamesdb.c) play their games from it: the actions are numbered from 0 in
 * the order the reply lists them, group by group; a group with no "choices" is the one
 * action "<prefix>", a group with k choices is the k actions "<prefix> <choice>".  So the
 * "count" of the reply is the number of indices, and the same generator state and reply
 * give the same line every time: a bot's games depend on its seed alone.  Pure: cJSON and
 * libc, no allocation, no clock.
 */
#ifndef BENCH_OPTIONS_PICK_H
#define BENCH_OPTIONS_PICK_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

/* The next value of the picker's generator (xorshift64; *state must not be 0). */
uint64_t opick_next(uint64_t *state);

/* The i-th action (0-based) of the `options` reply opts, written into line (n bytes,
 * truncated to fit).  0, or -1 when i is past the list or a group before it has no
 * string "prefix" (line then unspecified). */
int opick_action_at(const cJSON *opts, int i, char *line, size_t n);

#endif
