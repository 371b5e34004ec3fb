/*
 * test_minis_util.h -- helpers of the miniatures suites (tests/unit/test_minis_*.c): a game
 * of a scenario file created on the engine's own functions (minis_int.h), units placed by
 * hand, the phase set, actions applied with forced dice (the dice stream's debug queue), and
 * the events and refusals they gave.
 */
#ifndef TEST_MINIS_UTIL_H
#define TEST_MINIS_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>

#include <cmocka.h>

#include "rules/core/match.h"
#include "rules/minis/minis.h"
#include "rules/minis/minis_int.h"

#define MT_BRIT   0
#define MT_GERMAN 1

struct mt {
	struct rules_scenario *sc;
	cJSON *doc;
	char *text;
	struct minis_game *g;
	struct rules_dice dice;
	struct rules_events ev;
	struct rules_error err;
	cJSON *reply;
	int rc;
};

/* Loads file (WG_DATA_DIR or WG_TEST_DATA relative names: "data:qr-village.json",
 * "test:minis-test.json") and creates a game with options "k=v k=v" (may be ""). */
void mt_open(struct mt *t, const char *file, const char *opts);
void mt_close(struct mt *t);
/* The game's scenario, loaded from file (for scenario tests); NULL when it is refused. */
struct rules_scenario *mt_load(const char *file, struct rules_error *err);

/* Queues forced dice (values 1..6), ended by 0. */
void mt_dice(struct mt *t, ...);
/* start() with the forced dice given (ended by 0); asserts it succeeds. */
void mt_start(struct mt *t, ...);
/* Applies line as side (after the forced dice queued with mt_dice); the return code is also
 * in t->rc; events in t->ev (cleared first), the refusal in t->err. */
int mt_do(struct mt *t, int side, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Asserts that line is accepted / refused with the rule id given. */
void mt_ok(struct mt *t, int side, const char *line);
void mt_refused(struct mt *t, int side, const char *line, const char *rule);
/* A query's answer as viewer (freed by the caller), or NULL when refused (t->err). */
cJSON *mt_query(struct mt *t, int viewer, const char *line);

int mt_u(struct mt *t, const char *id);
/* The sheet's tables as the engine loads them from data/minis/ (the village's copy; loaded
 * once, kept for the run). */
const struct minis_tables *mt_tables(void);
#define TAB mt_tables()
/* Puts unit id on the table at (x, y) inches facing degrees, with no flags. */
void mt_place(struct mt *t, const char *id, double x, double y, int facing);
/* Every unit of the scenario off the table (status dispersed) but those placed later, so
 * that the tests see only the units they put down -- and the last unit of each side, in the
 * far corner of its zone (a side with no unit left loses); the deployment is over. */
void mt_clear(struct mt *t);
/* The phase: MP_ORDERS / MP_DEFFIRE for side, turn 1, nothing activated. */
void mt_phase(struct mt *t, int phase, int side);
/* Activates the named units (NULL-ended) as one standard group with a move roll a+b. */
void mt_group(struct mt *t, int a, int b, ...);
/* 1 if an event of type (NULL: any) whose text contains needle was emitted. */
int mt_event(const struct mt *t, const char *type, const char *needle);
/* The first event of type, or NULL. */
const cJSON *mt_event_of(const struct mt *t, const char *type);
/* The number (double) member key of the first event of type (asserts it exists). */
double mt_num(const struct mt *t, const char *type, const char *key);
/* The string member key of the first event of type, or "". */
const char *mt_str(const struct mt *t, const char *type, const char *key);

#endif
