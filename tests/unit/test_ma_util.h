/*
 * test_ma_util.h -- fixture helpers of the Meuse Argonne rule suites: the
 * shipped scenario data/meuse-argonne.json opened through test_fm_util's
 * fixture, an empty board in a chosen phase, and hexes found by their
 * exclusive-rule flags (so the tests hold when the map's owner corrects the
 * approximated terrain).
 */
#ifndef TEST_MA_UTIL_H
#define TEST_MA_UTIL_H

#include "test_fm_util.h"
#include "rules/fm/meuse_argonne/meuse_argonne.h"

/* The shipped scenario document (caller frees). */
cJSON *mat_doc(void);
/* Opens the shipped scenario with opts (may be NULL), still in set-up. */
void mat_open(struct fmt *t, const char *opts);
/* Empties the map, empties both hands and makes side active in phase on turn, with no
 * battle (the module's per-battle marks cleared too). */
void mat_board(struct fmt *t, int turn, int side, int phase);
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
/* Puts unit on hex by index. */
void mat_put(struct fmt *t, const char *unit, int hex);
/* 1 if the events since the last clear include a combat-result on the CRT line id. */
int mat_line_was(struct fmt *t, const char *line);

#endif
