/*
 * test_bs_util.h -- fixture helpers of the Battle of the Scheldt suites
 * (tests/unit/test_bs_*.c), on top of the F&M helpers (test_fm_util.h).
 *
 * bst_open loads tests/data/fm-scheldt-mini.json (a compact map with every
 * Scheldt feature, module "scheldt"), starts the game through a struct
 * rules_match, places the Allied set-up choice and ends the set-up, so the
 * game waits in the Allied Movement Phase of turn 1.  bst_at then jumps to
 * any turn, side and phase with a clean per-turn state (white-box), so a
 * test states its position and the rule it proves.
 */
#ifndef TEST_BS_UTIL_H
#define TEST_BS_UTIL_H

#include "test_fm_util.h"
#include "rules/fm/scheldt/scheldt.h"

/* The parsed mini scenario (caller frees, or passes it to bst_open_doc). */
cJSON *bst_doc(void);
/* Loads doc (consumed) with options "k=v ..." (may be NULL); set-up done. */
void bst_open_doc(struct fmt *t, cJSON *doc, const char *opts);
void bst_open(struct fmt *t, const char *opts);
/* Game turn `turn`, side's player turn, phase; no battle, flags cleared, hands empty. */
void bst_at(struct fmt *t, int turn, int side, int phase);
/* Replaces a hex's terrain in the document. */
void bst_doc_terrain(cJSON *doc, const char *hex, const char *terrain);
/* The module state of the game. */
struct scheldt_state *bst_state(struct fmt *t);
/* Puts unit on hex at step (0 full strength). */
void bst_put(struct fmt *t, const char *unit, const char *hex, int step);
/* Applies line for side and fails the test with the refusal when it is refused. */
#define bst_ok(t, side, line)                                                                      \
	do {                                                                                       \
		if (fmt_do((t), (side), (line)) != 0)                                              \
			fail_msg("%s: refused: %s [%s]", (line), (t)->err.message, (t)->err.rule); \
	} while (0)

/* The first support range of sc that selects side's marker (marker < 0: one selecting every
 * marker), or NULL (support.ranges, or the deprecated defaults of an older text). */
const struct fm_range *bst_range_of(const struct fm_scenario *sc, int side, int marker);
/* The line of the crt.situations entry whose only situation is the module's situation
 * (SCH_SIT_*), or -1. */
int bst_situation_line(const struct fm_scenario *sc, int situation);
/* 1 if the last refusal's message contains needle. */
int bst_msg_has(struct fmt *t, const char *needle);

#endif
