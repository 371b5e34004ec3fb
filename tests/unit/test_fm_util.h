/*
 * test_fm_util.h -- fixture helpers shared by the F&M engine suites.
 *
 * A fixture loads tests/data/fm-test.json (optionally patched in memory by
 * the test), creates and starts a game through the host's struct
 * rules_match (so apply is atomic and dice are forced exactly as the
 * server would), and lets a test place units, set phases and hands
 * directly through the engine's internal state (white-box tests).
 *
 * A bot (struct fmt_bot) plays a shipped scenario (data/<file>) from `options`
 * instead: no options, no forced dice (the game's own seeded stream), and the
 * bot's own seeded generator to pick among the listed actions.
 */
#ifndef TEST_FM_UTIL_H
#define TEST_FM_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "rules/core/match.h"
#include "rules/fm/fm.h"
#include "rules/fm/fm_int.h"

struct fmt {
	cJSON *doc;
	struct rules_scenario *sc;
	struct rules_match m;
	struct fm_game *g;
	struct rules_events ev;
	struct rules_error err;
	cJSON *reply;
	int rc;
};

/* The parsed base scenario document (caller frees with cJSON_Delete). */
cJSON *fmt_doc(void);
/* The parsed scenario document of a file (caller frees). */
cJSON *fmt_file_doc(const char *path);
/* Loads doc (consumed) with options "k=v k=v" (may be NULL) and starts the game.
 * With setup == 0 the Allied choice unit is placed and set-up ended. */
void fmt_open_doc(struct fmt *t, cJSON *doc, const char *opts, int setup);
/* fmt_open_doc with another ruleset (fm_ruleset_with: a test's own modules). */
void fmt_open_rs(struct fmt *t, const struct ruleset *rs, cJSON *doc, const char *opts, int setup);
/* fmt_open_doc(fmt_doc(), opts, 0). */
void fmt_open(struct fmt *t, const char *opts);
void fmt_close(struct fmt *t);

/* Applies one action line ("move 9/3 0505 0506") for side; returns the WG_E code. */
int fmt_do(struct fmt *t, int side, const char *line);
/* Runs a query line as viewer into t->reply; returns the code. */
int fmt_query(struct fmt *t, int viewer, const char *line);
/* The same for a viewer whose screen is cols x rows characters (fmt_query: 80 x 24). */
int fmt_query_screen(struct fmt *t, int viewer, int cols, int rows, const char *line);
/* Asserts the last action failed with code and rule (rule may be NULL). */
void fmt_refused(struct fmt *t, int code, const char *rule);

int fmt_hex(struct fmt *t, const char *id);
int fmt_unit(struct fmt *t, const char *id);
/* Removes every unit from the map (REMOVED), so a test starts from an empty board. */
void fmt_clear(struct fmt *t);
/* Puts unit on hex (on the map, full strength unless step given by fmt_step). */
void fmt_put(struct fmt *t, const char *unit, const char *hex);
const char *fmt_where(struct fmt *t, const char *unit); /* hex id, "eliminated", ... */
int fmt_step(struct fmt *t, const char *unit);          /* 0 full strength */
/* Makes side active in phase with fresh per-turn state and no battle. */
void fmt_phase(struct fmt *t, int side, int phase);
/* Gives side exactly the markers named ("A1 A5"); every other marker goes to the pool. */
void fmt_hand(struct fmt *t, int side, const char *ids);
/* Queues forced die values. */
void fmt_dice(struct fmt *t, int n, ...);
/* 1 if an event of this type was emitted since the last fmt_events_clear. */
int fmt_has_event(struct fmt *t, const char *type);
/* The number of events whose serialisation, for audience bit aud, contains needle. */
int fmt_events_mention(struct fmt *t, unsigned aud, const char *needle);
void fmt_events_clear(struct fmt *t);
/* 1 if the reply lines contain needle. */
int fmt_reply_has(struct fmt *t, const char *needle);

#define ALLIED 0
#define GERMAN 1

/* A bot's game: the shipped scenario loaded by the F&M ruleset, the match created from
 * seed (seed[0] the seed byte, the rest 0) without options and started; rng the bot's
 * xorshift64 state, 0x9e3779b97f4a7c15 * (seed byte + 1). */
struct fmt_bot {
	struct rules_scenario *sc;
	struct rules_match m;
	cJSON *doc;
	uint8_t seed[32];
	uint64_t rng;
};

/* Opens data/<file> (WG_DATA_DIR) with seed byte seed_byte; fails the test on any error. */
void fmt_bot_open(struct fmt_bot *b, const char *file, uint8_t seed_byte);
void fmt_bot_close(struct fmt_bot *b);
/* The bot's next draw (xorshift64, shifts 13, 7, 17). */
uint64_t fmt_bot_next(struct fmt_bot *b);
/* The i-th action (0-based) of an `options` reply into line ("prefix" or "prefix choice",
 * group by group); fails the test when i is past the list. */
void fmt_action_at(const cJSON *opts, int i, char *line, size_t n);

/* Document patches used before fmt_open_doc. */
void fmt_doc_hex(cJSON *doc, const char *hex, const char *terrain_csv);
/* Sets doc[section][key] (section NULL: doc[key]) to the parsed json, replacing it. */
void fmt_doc_put(cJSON *doc, const char *section, const char *key, const char *json);
void fmt_doc_side(cJSON *doc, const char *a, const char *b, const char *feature, int road);
void fmt_doc_steps(cJSON *doc, const char *unit, const char *steps_csv);
void fmt_doc_unit_flag(cJSON *doc, const char *unit, const char *key, cJSON *value);
#endif
