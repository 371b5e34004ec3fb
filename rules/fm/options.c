/*
 * options.c -- the game options of the F&M engine: their keys, values and
 * defaults per system edition (AMB-02), and how a game's options are built
 * from the edition, the scenario's "options" and the players' `new ...
 * key=value` options (docs/data-format.md lists them, docs/fm-decisions.md
 * explains each).  Keys are at most 31 characters (struct rules_options).
 * An exclusive-rules module adds its own options (struct fm_module.options,
 * stored in fm_opts.ex); they are looked up after the system's.
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
    {"displace.keep_path_vacant", {"false", "true"}, OFF(keep_path), 1, 1},
};
#undef OFF

/* Validates one key=value against the system's and the module's options; on success *slot
 * points to the int it sets and *v is its value. */
static int lookup(const struct fm_scenario *sc, const char *key, const char *value,
                  struct fm_opts *o, int **slot, int *v, const char *whose, struct rules_error *err)
{
	const struct fm_module *h = sc->module;
	const char *const *values = NULL;

	*slot = NULL;
	for (size_t k = 0; k < sizeof(optdefs) / sizeof(optdefs[0]); k++)
		if (strcmp(optdefs[k].key, key) == 0) {
			*slot = (int *)((char *)o + optdefs[k].off);
			values = optdefs[k].values;
		}
	for (int k = 0; *slot == NULL && h != NULL && k < h->noptions && k < FM_MAX_EXOPTS; k++)
		if (strcmp(h->options[k].key, key) == 0) {
			*slot = &o->ex[k];
			values = h->options[k].values;
		}
	if (*slot == NULL) {
		char known[700] = "";
		size_t len = 0;
		for (size_t k = 0; k < sizeof(optdefs) / sizeof(optdefs[0]); k++)
			len += (size_t)snprintf(known + len, sizeof(known) - len, "%s%s",
			                        k ? ", " : "", optdefs[k].key);
		for (int k = 0; h != NULL && k < h->noptions && len < sizeof(known); k++)
			len += (size_t)snprintf(known + len, sizeof(known) - len, ", %s",
			                        h->options[k].key);
		return rules_fail(err, WG_E_BAD_OPTION, "", "%s option '%s' is unknown (%s)", whose,
		                  key, known);
	}
	*v = -1;
	for (int k = 0; k < 2; k++)
		if (strcmp(values[k], value) == 0)
			*v = k;
	if (*v < 0)
		return rules_fail(err, WG_E_BAD_OPTION, "",
		                  "%s option %s=%s: the value must be %s or %s", whose, key, value,
		                  values[0], values[1]);
	return 0;
}

static int apply_opts(const struct fm_scenario *sc, const struct rules_options *o,
                      struct fm_opts *out, const char *whose, struct rules_error *err)
{
	for (size_t i = 0; o != NULL && i < o->count; i++) {
		int *slot, v, rc;
		rc = lookup(sc, o->items[i].key, o->items[i].value, out, &slot, &v, whose, err);
		if (rc)
			return rc;
		*slot = v;
	}
	return 0;
}

int fm__opt_check(const struct fm_scenario *sc, const char *key, const char *value,
                  struct rules_error *err)
{
	struct fm_opts tmp;
	int *slot, v;

	memset(&tmp, 0, sizeof(tmp));
	return lookup(sc, key, value, &tmp, &slot, &v, "scenario", err);
}

int fm__opts_build(const struct fm_scenario *sc, const struct rules_options *opts,
                   struct fm_opts *out, struct rules_error *err)
{
	int rc;

	memset(out, 0, sizeof(*out));
	for (size_t k = 0; k < sizeof(optdefs) / sizeof(optdefs[0]); k++)
		*(int *)((char *)out + optdefs[k].off) =
		    sc->edition_v8 ? optdefs[k].def_v8 : optdefs[k].def_s;
	for (int k = 0; sc->module != NULL && k < sc->module->noptions && k < FM_MAX_EXOPTS; k++)
		out->ex[k] = sc->module->options[k].def;
	if ((rc = apply_opts(sc, &sc->sopts, out, "scenario", err)) != 0)
		return rc;
	return apply_opts(sc, opts, out, "game", err);
}
