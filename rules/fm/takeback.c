/*
 * takeback.c -- which F&M actions are barriers to a takeback (ruleset.h,
 * takeback_barrier; the match's "Takebacks" in rules/core/match.h).
 *
 * A die rolled is a barrier whatever this file says (the match checks it
 * first): every combat and bombardment, every random draw of support fire
 * markers.  Besides dice, an F&M action is a barrier when it
 *
 *   - revealed the support fire markers of a combat (step b5, FM-8.2.1-06),
 *   - announced the markers of a bombardment (FM-8.1.2-06),
 *   - was a support step's decision, to place a marker or to pass: no
 *     player may change it afterwards (FM-8.2.1-08),
 *   - ended a phase or began one: play never returns to an earlier phase
 *     (FM-4.1-03; the `end` of a phase, and anything that passed one),
 *   - ended a side's set-up (FM-3.0-03: the other side sets up after it).
 *
 * The test is on what the action did -- its verb and the events it emitted
 * -- so it reads the same on a replay.  A plain `move`, `enter`, `place`,
 * an `attack` declared but not yet resolved, a `retreat` or an `advance`
 * chosen after a combat's roll: these may be taken back.
 */
#include "fm_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The events that make an action a barrier, most telling first. */
static const struct {
	const char *event;
	const char *rule;
	const char *what;
} barrier_events[] = {
    {"support-revealed", "FM-8.2.1-06", "revealed the support fire markers"},
    {"bombard-declared", "FM-8.1.2-06", "announced the markers of a bombardment"},
    {"support-placed", "FM-8.2.1-08",
     "placed a support fire marker, a decision no player may change"},
    {"support-step", "FM-8.2.1-08", "decided a support step, a decision no player may change"},
    {"phase-ended", "FM-4.1-03", "ended a phase: play never returns to an earlier phase"},
    {"phase-skipped", "FM-4.1-03", "passed a phase: play never returns to an earlier phase"},
    {"phase", "FM-4.1-03", "began a phase: play never returns to an earlier phase"},
    {"setup-done", "FM-3.0-03", "ended a side's set-up"},
};

int fm__takeback_barrier(const struct rules_game *rg, int side, int argc, char **argv,
                         const struct rules_events *ev, struct rules_error *why)
{
	(void)rg;
	(void)side;
	for (size_t k = 0; k < sizeof(barrier_events) / sizeof(barrier_events[0]); k++) {
		for (size_t i = 0; i < ev->count; i++) {
			const cJSON *type =
			    cJSON_GetObjectItemCaseSensitive(ev->items[i].data, "event");
			if (!cJSON_IsString(type) ||
			    strcmp(type->valuestring, barrier_events[k].event))
				continue;
			snprintf(why->rule, sizeof(why->rule), "%s", barrier_events[k].rule);
			snprintf(why->message, sizeof(why->message), "%s", barrier_events[k].what);
			return 1;
		}
		/* a support step's decision, even one that emitted nothing of its own, after the
		 * reveal and the bombardment (which say more) */
		if (k == 1 && argc >= 1 && strcasecmp(argv[0], "support") == 0) {
			snprintf(why->rule, sizeof(why->rule), "FM-8.2.1-08");
			snprintf(why->message, sizeof(why->message),
			         "decided a support step, a decision no player may change");
			return 1;
		}
	}
	return 0;
}
