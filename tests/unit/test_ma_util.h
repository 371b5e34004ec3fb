/*
 * test_ma_util.h -- fixture helpers of the Meuse Argonne rule suites
 * (test_ma_11, 13, 14, 17, 18, 19): the shipped scenario
 * data/meuse-argonne.json with its module, opened in set-up or put straight
 * into a chosen turn and phase on an empty board (white-box, through the
 * engine's state as test_fm_util.h does), and hexes found by their
 * exclusive-rule flags (so the tests hold when the map's owner corrects the
 * approximated terrain; test_ma_14.c, test_ma_18.c).
 */
#ifndef TEST_MA_UTIL_H
#define TEST_MA_UTIL_H

#include "test_fm_util.h"
#include "rules/fm/meuse_argonne/meuse_argonne.h"

/* Opens a game of data/meuse-argonne.json (opts "k=v ..." may be NULL), in its set-up. */
void ma_open(struct fmt *t, const char *opts);
/* Empties the board (every unit off the map, not eliminated) and makes side active in
 * phase of turn, with no support marker in either hand, no replacement used, no division
 * broken down, no battle (nor the module's per-battle marks) and no event recorded. */
void ma_at(struct fmt *t, int turn, int side, int phase);
/* Puts unit on hex at step (0 full strength). */
void ma_put(struct fmt *t, const char *unit, const char *hex, int step);
/* Marks unit eliminated. */
void ma_dead(struct fmt *t, const char *unit);
/* Applies line for side and fails the test when it is refused. */
void ma_ok(struct fmt *t, int side, const char *line);
/* Applies line for side, asserts it is refused with code and rule and that the game state
 * is byte for byte what it was before. */
void ma_no(struct fmt *t, int side, const char *line, int code, const char *rule);
/* The unit's where (FM_W_*). */
int ma_where(struct fmt *t, const char *unit);
/* The number of units on the map in hex. */
int ma_count(struct fmt *t, const char *hex);
/* 1 if `options` for side lists a group whose prefix begins with prefix ("replace",
 * "replace US-3") and, unless choice is NULL, that has choice. */
int ma_offered(struct fmt *t, int side, const char *prefix, const char *choice);

/* A hex with every flag of want and none of avoid (MA_HF_*) that has a neighbour for
 * mat_clear_neighbour, the n-th such hex (0 first); fails the test if there is none. */
int mat_find(struct fmt *t, uint32_t want, uint32_t avoid, int n);
/* A neighbour of hex with no MA_HF_* terrain flag (plain clear ground), no hexside feature
 * between them, other than except (-1 none); -1 if there is none. */
int mat_clear_neighbour(struct fmt *t, int hex, int except);
/* A neighbour of hex not in avoid and no hexside feature between, other than except. */
int mat_neighbour(struct fmt *t, int hex, uint32_t avoid, int except);
/* The printed id of hex (static buffer, one of four in turn). */
const char *mat_id(struct fmt *t, int hex);
/* Puts unit on hex by index (full strength). */
void mat_put(struct fmt *t, const char *unit, int hex);
/* 1 if the events since the last clear include a combat-result on the CRT line id. */
int mat_line_was(struct fmt *t, const char *line);

#endif
