/*
 * options.c -- the game options of the F&M engine: their keys, values and
 * defaults per system edition (AMB-02), and how a game's options are built
 * from the edition, the scenario's "options" and the players' `new ...
 * key=value` options (docs/data-format.md lists them, docs/fm-decisions.md
 * explains each).  Keys are at most 31 characters (struct rules_options).
 */
#include "fm_int.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

struct optdef {
	const char *key;
	const char *values[3]; /* values[0] -> 0, values[1] -> 1 */
	size_t off;
	int def_s, def_v8;
};

#define OFF(f) offsetof(struct fm_opts, f)
static const struct optdef optdefs[] = {
    {"crt.line_alignment", {"left", "right"}, OFF(align_right), 0, 0},
    {"crt.commonwealth_armor_shift", {"false", "true"}, OFF(commonwealth_shift), 0, 0},
    {"support.allotment", {"random_draw", "lowest_first"}, OFF(allot_lowest), 0, 1},
    {"support.pick", {"chosen", "random_blind"}, OFF(pick_blind), 1, 1},
    {"sr.attacker_mode", {"one_unit", "per_unit"}, OFF(sr_per_unit), 0, 1},
    {"sr.when_retreat_impossible", {"false", "true"}, OFF(sr_when_impossible), 1, 1},
    {"retreat.edge_preference", {"ignore", "required_if_possible"}, OFF(edge_pref), 1, 1},
    {"retreat.bombard_criterion", {"away_from_enemy", "edge"}, OFF(bombard_edge), 0, 0},
    {"advance.into_vacated", {"false", "true"}, OFF(advance_vacated), 1, 1},
    {"combat.one_attack_per_turn", {"false", "true"}, OFF(one_attack_turn), 1, 1},
    {"zoc.mobile_stops", {"false", "true"}, OFF(mobile_stops), 0, 0},
    {"zoc.leg_halts_on_reentry", {"false", "true"}, OFF(leg_halts), 1, 1},
    {"fort.halve", {"per_marker", "total"}, OFF(fort_total), 0, 0},
    {"movement.allow_continuation", {"false", "true"}, OFF(continuation), 1, 1},
    {"displace.chain_check", {"false", "true"}, OFF(chain_check), 1, 0},
};
#undef OFF

static int apply_opts(const struct rules_options *o, struct fm_opts *out, const char *whose,
                      struct rules_error *err)
{
	for (size_t i = 0; o != NULL && i < o->count; i++) {
		const struct optdef *d = NULL;
		int v = -1;
		for (size_t k = 0; k < sizeof(optdefs) / sizeof(optdefs[0]); k++)
			if (strcmp(optdefs[k].key, o->items[i].key) == 0)
				d = &optdefs[k];
		if (d == NULL) {
			char known[400] = "";
			size_t len = 0;
			for (size_t k = 0; k < sizeof(optdefs) / sizeof(optdefs[0]); k++)
				len += (size_t)snprintf(known + len, sizeof(known) - len, "%s%s",
				                        k ? ", " : "", optdefs[k].key);
			return rules_fail(err, WG_E_BAD_OPTION, "",
			                  "%s option '%s' is unknown (%s)", whose, o->items[i].key,
			                  known);
		}
		for (int k = 0; k < 2; k++)
			if (strcmp(d->values[k], o->items[i].value) == 0)
				v = k;
		if (v < 0)
			return rules_fail(err, WG_E_BAD_OPTION, "",
			                  "%s option %s=%s: the value must be %s or %s", whose,
			                  d->key, o->items[i].value, d->values[0], d->values[1]);
		*(int *)((char *)out + d->off) = v;
	}
	return 0;
}

int fm__opts_build(const struct fm_scenario *sc, const struct rules_options *opts,
                   struct fm_opts *out, struct rules_error *err)
{
	int rc;

	memset(out, 0, sizeof(*out));
	for (size_t k = 0; k < sizeof(optdefs) / sizeof(optdefs[0]); k++)
		*(int *)((char *)out + optdefs[k].off) =
		    sc->edition_v8 ? optdefs[k].def_v8 : optdefs[k].def_s;
	if ((rc = apply_opts(&sc->sopts, out, "scenario", err)) != 0)
		return rc;
	return apply_opts(opts, out, "game", err);
}
