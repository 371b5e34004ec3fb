/*
 * options.c -- the game options of The Scheldt Campaign: the optional rules 15.1
 * (Tactical Reaction) and 15.2 (Free Setup Variant), and the readings of the
 * checklist's ambiguities (SC-AMB-*) that a game may switch.  Players give
 * them as `new scheldt-campaign key=value ...`; an unknown key or value is
 * refused.  docs/scenarios/scheldt-campaign-rules.md explains each.
 */
#include "camp_int.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct optdef {
	const char *key;
	const char *values[2]; /* values[0] -> 0, values[1] -> 1; NULL: a number */
	size_t off;
	int def;
	int lo, hi; /* numbers */
	const char *rule;
};

#define OFF(f) offsetof(struct camp_opts, f)
static const struct optdef optdefs[] = {
    {"reaction", {"off", "on"}, OFF(reaction), 0, 0, 0, "SC-15.1a"},
    {"setup", {"standard", "free"}, OFF(free_setup), 0, 0, 0, "SC-15.2a"},
    {"hand.underfilled", {"false", "true"}, OFF(underfilled_hand), 0, 0, 0, "SC-AMB-13"},
    {"intel.exam_seconds", {NULL, NULL}, OFF(exam_seconds), 30, 5, 600, "SC-AMB-30"},
    {"intel.exam_hits", {"false", "true"}, OFF(exam_hits), 1, 0, 0, "SC-AMB-30"},
    {"isolation.ignores_sea", {"false", "true"}, OFF(isolation_sea), 1, 0, 0, "SC-AMB-20"},
    {"oz.crosses_water", {"false", "true"}, OFF(oz_water), 0, 0, 0, "SC-AMB-27"},
    {"attack.across_water", {"false", "true"}, OFF(attack_water), 0, 0, 0, "SC-AMB-42"},
    {"surrender.dead_pile", {"false", "true"}, OFF(surrender_dead), 0, 0, 0, "SC-AMB-57"},
    {"support.idle_artillery", {"false", "true"}, OFF(idle_artillery), 1, 0, 0, "SC-AMB-35"},
    {"resign.result", {"marginal", "smashing"}, OFF(resign_smashing), 1, 0, 0, "SC-AMB-61"},
};
#undef OFF

int camp__opts_build(const struct camp_scenario *sc, const struct rules_options *in,
                     struct camp_opts *o, struct rules_error *err)
{
	memset(o, 0, sizeof(*o));
	for (size_t k = 0; k < sizeof(optdefs) / sizeof(optdefs[0]); k++)
		*(int *)((char *)o + optdefs[k].off) = optdefs[k].def;
	for (size_t i = 0; in != NULL && i < in->count; i++) {
		const char *key = in->items[i].key, *value = in->items[i].value;
		const struct optdef *def = NULL;
		int *slot, v = -1;
		for (size_t k = 0; k < sizeof(optdefs) / sizeof(optdefs[0]); k++)
			if (strcmp(optdefs[k].key, key) == 0)
				def = &optdefs[k];
		if (def == NULL)
			return rules_fail(
			    err, WG_E_BAD_OPTION, "",
			    "unknown option '%s' (options of The Scheldt Campaign: "
			    "reaction, setup, hand.underfilled, intel.exam_seconds, "
			    "intel.exam_hits, isolation.ignores_sea, oz.crosses_water, "
			    "attack.across_water, surrender.dead_pile, "
			    "support.idle_artillery, resign.result)",
			    key);
		slot = (int *)((char *)o + def->off);
		if (def->values[0] == NULL) {
			char *end;
			long n = strtol(value, &end, 10);
			if (*value == '\0' || *end != '\0' || n < def->lo || n > def->hi)
				return rules_fail(err, WG_E_BAD_OPTION, def->rule,
				                  "%s takes a number from %d to %d", key, def->lo,
				                  def->hi);
			*slot = (int)n;
			continue;
		}
		for (int q = 0; q < 2; q++)
			if (strcmp(value, def->values[q]) == 0)
				v = q;
		if (v < 0)
			return rules_fail(err, WG_E_BAD_OPTION, def->rule, "%s is %s or %s", key,
			                  def->values[0], def->values[1]);
		*slot = v;
	}
	if (o->free_setup && !sc->has_free)
		return rules_fail(
		    err, WG_E_BAD_OPTION, "SC-AMB-67",
		    "setup=free needs the scenario's free_setup zones, which %s has not", sc->id);
	return 0;
}
