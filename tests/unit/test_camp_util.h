/*
 * test_camp_util.h -- fixture helpers of The Scheldt Campaign suites
 * (tests/unit/test_camp_*.c).
 *
 * A fixture loads tests/data/campaign-test.json (a 10 x 8 map with every rule
 * feature; tests/data/gen_campaign_test.py writes it), creates and starts the
 * game through a struct rules_match (so apply is atomic and dice are forced
 * exactly as the server would), and can drive the set-up to turn 1 (forced dice:
 * the random set-up hits and the scratch battalions), jump to any turn, side and
 * phase, and place units, hands and hits directly (white-box tests).
 */
#ifndef TEST_CAMP_UTIL_H
#define TEST_CAMP_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "rules/campaign/camp_int.h"
#include "rules/campaign/campaign.h"
#include "rules/core/match.h"

#define ALLIED 0
#define GERMAN 1

struct ct {
	cJSON *doc;
	struct rules_scenario *sc;
	struct rules_match m;
	struct camp_game *g;
	struct rules_events ev;
	struct rules_error err;
	cJSON *reply;
	int rc;
};

/* The parsed test scenario (caller frees). */
cJSON *ct_doc(void);
/* The parsed document of a file (caller frees). */
cJSON *ct_file_doc(const char *path);
/* Loads doc (consumed) with options "k=v ..." (may be NULL) and starts the game: the game
 * waits in its set-up. */
void ct_open_doc(struct ct *t, cJSON *doc, const char *opts);
/* ct_open_doc(ct_doc(), opts), then the set-up played to turn 1's Allied Preparation
 * Phase: the random hits (forced 1) on the first unit, no scratch battalion (forced ...),
 * hands: Allied 2xG-1 G-2 2xG-3 2xG-4, German G-1 G-2 G-3 G-4. */
void ct_open(struct ct *t, const char *opts);
void ct_close(struct ct *t);

/* Applies one action line for side; returns the WG_E code (0 accepted). */
int ct_do(struct ct *t, int side, const char *line);
/* Runs a query line as viewer (0, 1, RULES_SPECTATOR) into t->reply; returns the code. */
int ct_query(struct ct *t, int viewer, const char *line);
/* Asserts the last action failed with code and rule (rule may be NULL). */
void ct_refused(struct ct *t, int code, const char *rule);
#define ct_ok(t, side, line)                                                                       \
	do {                                                                                       \
		if (ct_do((t), (side), (line)) != 0)                                               \
			fail_msg("%s: refused: %s [%s]", (line), (t)->err.message, (t)->err.rule); \
	} while (0)

int ct_hex(struct ct *t, const char *id);
int ct_unit(struct ct *t, const char *id);
/* Game turn `turn`, side's player turn, phase (CAMP_PH_PREP, OPS or PLANNING); no battle,
 * per-turn flags cleared. */
void ct_at(struct ct *t, int turn, int side, int phase);
/* Gives side exactly this hand ("2xG-1 G-3"). */
void ct_hand(struct ct *t, int side, const char *markers);
/* Puts unit detached on hex / in the box of hq / off the map (where). */
void ct_put(struct ct *t, const char *unit, const char *hex);
void ct_box(struct ct *t, const char *unit, const char *hq);
void ct_set(struct ct *t, const char *unit, int where);
void ct_hits(struct ct *t, const char *unit, int hits);
/* Removes every unit from the map and the boxes (GONE). */
void ct_clear(struct ct *t);
/* The unit's place as text: a hex id, "box:<hq>", "dead", "gone", "mat", "waiting", ... */
const char *ct_where(struct ct *t, const char *unit);
/* Queues forced die values. */
void ct_dice(struct ct *t, int n, ...);
/* 1 if an event of this type was emitted since the last ct_events_clear. */
int ct_has_event(struct ct *t, const char *type);
/* The number of events whose serialisation, for audience bit aud, contains needle. */
int ct_events_mention(struct ct *t, unsigned aud, const char *needle);
void ct_events_clear(struct ct *t);
/* 1 if the reply's lines contain needle. */
int ct_reply_has(struct ct *t, const char *needle);
/* What side must decide now ("phase", "commit", "hits", ...), or "" if not awaited. */
const char *ct_kind(struct ct *t, int side);

#endif
