/*
 * options.c -- the configuration keys of the miniatures engine: one per house interpretation
 * of minis-checklist.md section 2 (QR-AMB-n), with the checklist's proposed default.  A game's
 * options are the defaults, then the scenario file's "options", then the players' `new ...
 * key=value` (keys of more than 31 characters fit only in a scenario file: struct
 * rules_options).  An unknown key is refused, and so is a value the checklist names but this
 * engine does not play (the message says which values it does).  docs/games/minis.md lists
 * every key.
 */
#include "minis_int.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum optkind {
	OK_ENUM,      /* values[k] -> k */
	OK_DIST,      /* inches -> hundredths; "off" -> 0 when allowed */
	OK_INT,       /* integer lo..hi */
	OK_PCT,       /* a fraction 0..1 -> percent */
	OK_UNPRINTED, /* 1.0 or 1.5 -> 2 or 3 */
	OK_SIZE,      /* "WxD" in inches -> two hundredths */
	OK_ARC,       /* degrees -> tenths */
};

struct optdef {
	const char *key;
	enum optkind kind;
	const char *values[4];
	int nimpl; /* OK_ENUM: the first nimpl values are played; the others are refused */
	size_t off;
	int def;
	int lo, hi; /* OK_INT / OK_ARC bounds; OK_DIST: 1 if "off" is allowed */
	const char *amb;
};

#define OFF(f) offsetof(struct minis_opts, f)
#define E(k, v0, v1, f, d, amb)                                                                    \
	{                                                                                          \
		k, OK_ENUM, {v0, v1, NULL, NULL}, 2, OFF(f), d, 0, 0, amb                          \
	}
#define E3(k, v0, v1, v2, f, amb)                                                                  \
	{                                                                                          \
		k, OK_ENUM, {v0, v1, v2, NULL}, 3, OFF(f), 0, 0, 0, amb                            \
	}
#define ONE(k, v0, amb)                                                                            \
	{                                                                                          \
		k, OK_ENUM, {v0, NULL, NULL, NULL}, 1, NOWHERE, 0, 0, 0, amb                       \
	}
#define DIST(k, f, d, off, amb)                                                                    \
	{                                                                                          \
		k, OK_DIST, {NULL}, 0, OFF(f), d, off, 0, amb                                      \
	}
#define INT(k, f, d, lo, hi, amb)                                                                  \
	{                                                                                          \
		k, OK_INT, {NULL}, 0, OFF(f), d, lo, hi, amb                                       \
	}

/* keys whose only played value is the default: nothing to store */
#define NOWHERE ((size_t)-1)

static const struct optdef optdefs[] = {
    E("scale", "base", "alt", alt, 0, "QR-AMB-9"),
    {"scale.unprinted_factor", OK_UNPRINTED, {NULL}, 0, OFF(unprinted_x2), 2, 0, 0, "QR-AMB-9"},
    E("measure.from", "edge", "centre", measure_centre, 0, "QR-AMB-1"),
    DIST("measure.contact_tolerance", contact_tol, 5, 0, "QR-AMB-1"),
    {"base.size.infantry", OK_SIZE, {NULL}, 0, OFF(size_inf), 0, 150, 100, "QR-AMB-1"},
    {"base.size.gun", OK_SIZE, {NULL}, 0, OFF(size_gun), 0, 150, 150, "QR-AMB-1"},
    {"base.size.vehicle", OK_SIZE, {NULL}, 0, OFF(size_veh), 0, 150, 250, "QR-AMB-1"},
    E("range.band_rule", "upper_bound", "round_nearest", band_round, 0, "QR-AMB-2"),
    E("los.mode", "centre", "any_point", los_any_point, 0, "QR-AMB-4"),
    DIST("los.edge_depth", los_edge_depth, -1, 0, "QR-AMB-4"),
    {"los.limited_fraction", OK_PCT, {NULL}, 0, OFF(limited_pct), 50, 0, 100, "QR-AMB-4"},
    E("terrain.high_ground_needs_higher_level", "false", "true", hg_needs_higher, 1, "QR-AMB-5"),
    {"armour.front_arc_deg", OK_ARC, {NULL}, 0, OFF(front_arc), 900, 10, 350, "QR-AMB-6"},
    E("fire.out_of_arc", "penalty", "forbidden", out_of_arc_forbidden, 0, "QR-AMB-6"),
    E("fire.turn_after_out_of_arc", "false", "true", turn_after_arc, 1, "QR-AMB-6"),
    DIST("fire.support_radius", support_radius, -1, 0, "QR-AMB-7"),
    E("fire.support_mode", "forgo", "also_fire", support_also_fire, 0, "QR-AMB-7"),
    E("morale.timing", "immediate", "phase4", morale_phase4, 0, "QR-AMB-10"),
    E("cmd.left_to_right", "strict", "off", ltr_off, 0, "QR-AMB-11"),
    E3("cmd.ltr_key", "leftmost_unit", "command_unit", "centroid", ltr_key, "QR-AMB-11"),
    E("init.compare", "modified", "natural", init_natural, 0, "QR-AMB-12"),
    E("init.draw_without_german", "reroll", "keep_previous", init_keep_previous, 0, "QR-AMB-12"),
    E("init.holder_chooses", "false", "true", init_holder_chooses, 0, "QR-AMB-12"),
    E("hidden.display", "none", "markers", hidden_markers, 0, "QR-AMB-13"),
    DIST("hidden.proximity_reveal", hidden_prox, -1, 1, "QR-AMB-13"),
    DIST("ambush.proximity_reveal", ambush_prox, 0, 1, "QR-AMB-13"),
    E("hidden.move_reveals", "false", "true", hidden_move_reveals, 1, "QR-AMB-13"),
    E("dummy.can_move", "false", "true", dummy_can_move, 0, "QR-AMB-13"),
    E("cmd.battalion_hq_replaces_nationality", "false", "true", battalion_replaces, 0, "QR-AMB-14"),
    E("cmd.dispersed_hq", "roll_minus_1", "no_roll", dispersed_no_roll, 0, "QR-AMB-15"),
    E("dsix.auto_on_target", "false", "true", dsix_auto, 1, "QR-AMB-16"),
    E("dsix.assault_tie", "as_winner", "ignore", dsix_tie_ignore, 0, "QR-AMB-16"),
    E("air.superiority_tie", "none", "reroll", air_tie_reroll, 0, "QR-AMB-17"),
    E("setup.majority_tie", "lower", "higher", majority_higher, 0, "QR-AMB-19"),
    E("setup.large_game", "false", "true", large_game, -1, "QR-AMB-19"),
    E("missions.refused_uses_mission", "false", "true", refused_uses_mission, 0, "QR-AMB-20"),
    ONE("missions.observer", "hq_foo_fac_observer", "QR-AMB-20"),
    E("air.zone_shape", "square", "circle", air_circle, 0, "QR-AMB-21"),
    E("air.cannon_area", "false", "true", air_cannon_area, 0, "QR-AMB-21"),
    ONE("aa.range", "weapon_long", "QR-AMB-22"),
    E("aa.allow_pinned", "false", "true", aa_allow_pinned, 0, "QR-AMB-22"),
    E("aa.reveals", "false", "true", aa_reveals, 1, "QR-AMB-22"),
    E3("aa.fail_rule", "named_or_worse", "by_outcome", "not_obey", aa_fail_rule, "QR-AMB-23"),
    E("cmd.company_order_scope", "own_group", "pool", company_pool, 0, "QR-AMB-24"),
    E("cmd.carry_over", "false", "true", carry_over, 0, "QR-AMB-24"),
    E("cmd.surcharge_measure", "nearest", "farthest", surcharge_farthest, 0, "QR-AMB-25"),
    E("special.infantry_assault.no_vehicles", "false", "true", inf_assault_no_vehicles, 1,
      "QR-AMB-26"),
    E("special.assault_requires_contact", "false", "true", assault_requires_contact, 1,
      "QR-AMB-26"),
    E("special.convoy_no_fire", "false", "true", convoy_no_fire, 1, "QR-AMB-26"),
    DIST("cmd.group_radius", group_radius, 0, 1, "QR-AMB-27"),
    ONE("cmd.activation", "move_and_fire", "QR-AMB-27"),
    E("turn.deffire", "after_phase", "after_each_activation", deffire_each, 0, "QR-AMB-28"),
    E("move.roll_per", "group", "unit", roll_per_unit, 0, "QR-AMB-30"),
    ONE("move.class_default", "by_armour", "QR-AMB-31"),
    ONE("bogged.units", "vehicles", "QR-AMB-32"),
    E("bogged.unbog", "retest", "permanent", unbog_permanent, 0, "QR-AMB-32"),
    E("wire.tracked_ignore", "false", "true", wire_tracked_ignore, 1, "QR-AMB-32"),
    E("wire.fail_position", "at_wire", "start", wire_fail_start, 0, "QR-AMB-32"),
    E("recon.who", "any", "recon_units", recon_units_only, 0, "QR-AMB-33"),
    ONE("recon.cost", "instead_of_fire", "QR-AMB-33"),
    DIST("recon.open_area_radius", recon_radius, -1, 0, "QR-AMB-33"),
    E("recon.proximity_counts_hidden", "false", "true", recon_prox_hidden, 0, "QR-AMB-33"),
    INT("lmortar.he_factor", lmortar_he, 0, 0, 5, "QR-AMB-34"),
    ONE("engineers.demolition", "off", "QR-AMB-34"),
    E("fire.softskin_factor", "ai", "max", softskin_max, 0, "QR-AMB-36"),
    E3("weapons.bracketed_at", "as_printed", "light_only", "forbidden", bracketed_at, "QR-AMB-37"),
    E("fire.difficult_cumulative", "false", "true", difficult_cumulative, 0, "QR-AMB-38"),
    E("fire.fast_vehicle", "moved_last_activation", "class", fast_by_class, 0, "QR-AMB-38"),
    INT("fire.crowded_min_neighbours", crowded_min, 2, 1, 9, "QR-AMB-38"),
    DIST("fire.point_blank", point_blank, -1, 0, "QR-AMB-39"),
    E("pinned.can_move", "false", "true", pinned_can_move, 0, "QR-AMB-39"),
    E("results.crewed_as_artillery", "false", "true", crewed_as_artillery, 1, "QR-AMB-41"),
    E("damaged.second", "destroyed", "none", damaged_second_none, 0, "QR-AMB-42"),
    E("retreat.blocked", "disperse", "stay", retreat_blocked_stay, 0, "QR-AMB-43"),
    ONE("retreat.off_table", "disperse", "QR-AMB-43"),
    E("wreck.leave", "false", "true", wreck_leave, 1, "QR-AMB-44"),
    E("rally.compulsory", "true", "false", rally_optional, 0, "QR-AMB-45"),
    E("acq.indirect_observer", "other_row", "off", indirect_observer_off, 0, "QR-AMB-47"),
    E("assault.requires_assault_order", "false", "true", assault_requires_order, 0, "QR-AMB-48"),
    DIST("assault.support_radius", assault_radius, -1, 0, "QR-AMB-48"),
    E3("assault.stubborn_chooser", "attacker_then_defender", "attacker", "defender",
       stubborn_chooser, "QR-AMB-49"),
    E("assault.overrun_damaged_retreats", "false", "true", overrun_damaged_retreats, 1,
      "QR-AMB-49"),
    E("arty.zone_orientation", "depth_width", "width_depth", zone_width_depth, 0, "QR-AMB-50"),
    ONE("arty.same_area", "inside_previous_zone", "QR-AMB-50"),
    INT("smoke.turns", smoke_turns, 1, 1, 5, "QR-AMB-51"),
    E("smoke.los", "obscures", "blocks", smoke_blocks, 0, "QR-AMB-51"),
    INT("he.light_mortar_factor", he_light_mortar, 0, 0, 5, "QR-AMB-52"),
    E("he.type_and_position_add", "true", "false", he_no_add, 0, "QR-AMB-52"),
};
#define NDEFS (sizeof(optdefs) / sizeof(optdefs[0]))

static const struct optdef *find(const char *key)
{
	for (size_t k = 0; k < NDEFS; k++)
		if (strcasecmp(optdefs[k].key, key) == 0)
			return &optdefs[k];
	return NULL;
}

/* An inches value ("0.05", "2", "4.5") into hundredths; 0 or -1. */
static int inches(const char *s, int32_t *out)
{
	char *end;
	double v = strtod(s, &end), v100;

	if (end == s || *end != '\0' || !(v >= 0) || v > 200)
		return -1;
	v100 = v * 100.0;
	if (fabs(v100 - floor(v100 + 0.5)) > 1e-6)
		return -1;
	*out = (int32_t)floor(v100 + 0.5);
	return 0;
}

/* Parses value for def into v (and v2 for sizes); 0, or -1 with why. */
static int parse_value(const struct optdef *def, const char *value, int32_t *v, int32_t *v2,
                       char *why, size_t n)
{
	char *end;
	long l;

	switch (def->kind) {
	case OK_ENUM:
		for (int k = 0; k < 4 && def->values[k] != NULL; k++)
			if (strcasecmp(def->values[k], value) == 0) {
				if (k >= def->nimpl) {
					snprintf(
					    why, n,
					    "%s=%s (%s) is not played by this engine: only %s=%s "
					    "is",
					    def->key, value, def->amb, def->key, def->values[0]);
					return -1;
				}
				*v = k;
				return 0;
			}
		snprintf(why, n, "%s=%s: the value must be %s%s%s%s%s%s%s (%s)", def->key, value,
		         def->values[0], def->values[1] ? ", " : "",
		         def->values[1] ? def->values[1] : "", def->values[2] ? ", " : "",
		         def->values[2] ? def->values[2] : "", def->values[3] ? ", " : "",
		         def->values[3] ? def->values[3] : "", def->amb);
		return -1;
	case OK_DIST:
		if (def->lo && strcasecmp(value, "off") == 0) {
			*v = 0;
			return 0;
		}
		if (inches(value, v) != 0) {
			snprintf(why, n, "%s=%s: the value is a distance in inches%s (%s)",
			         def->key, value, def->lo ? " or off" : "", def->amb);
			return -1;
		}
		return 0;
	case OK_INT:
	case OK_ARC:
		l = strtol(value, &end, 10);
		if (end == value || *end != '\0' || l < def->lo || l > def->hi) {
			snprintf(why, n, "%s=%s: the value is an integer %d..%d (%s)", def->key,
			         value, def->lo, def->hi, def->amb);
			return -1;
		}
		*v = (int32_t)(def->kind == OK_ARC ? l * 10 : l);
		return 0;
	case OK_PCT: {
		double f = strtod(value, &end);
		if (end == value || *end != '\0' || !(f >= 0 && f <= 1)) {
			snprintf(why, n, "%s=%s: the value is a fraction 0..1 (%s)", def->key,
			         value, def->amb);
			return -1;
		}
		*v = (int32_t)floor(f * 100 + 0.5);
		return 0;
	}
	case OK_UNPRINTED:
		if (strcmp(value, "1") == 0 || strcmp(value, "1.0") == 0)
			*v = 2;
		else if (strcmp(value, "1.5") == 0)
			*v = 3;
		else {
			snprintf(why, n, "%s=%s: the value is 1.0 or 1.5 (%s)", def->key, value,
			         def->amb);
			return -1;
		}
		return 0;
	case OK_SIZE: {
		char w[32];
		const char *x = strchr(value, 'x');
		if (x == NULL || (size_t)(x - value) >= sizeof(w)) {
			snprintf(why, n,
			         "%s=%s: the value is WIDTHxDEPTH in inches, e.g. 1.5x1 (%s)",
			         def->key, value, def->amb);
			return -1;
		}
		memcpy(w, value, (size_t)(x - value));
		w[x - value] = '\0';
		if (inches(w, v) != 0 || inches(x + 1, v2) != 0 || *v < 10 || *v2 < 10) {
			snprintf(why, n,
			         "%s=%s: the value is WIDTHxDEPTH in inches, e.g. 1.5x1 (%s)",
			         def->key, value, def->amb);
			return -1;
		}
		return 0;
	}
	}
	return -1;
}

int minis__opt_check(const char *key, const char *value, char *why, size_t n)
{
	const struct optdef *def = find(key);
	int32_t v, v2;

	if (def == NULL) {
		snprintf(why, n, "option '%s' is unknown (docs/games/minis.md lists the keys)",
		         key);
		return -1;
	}
	return parse_value(def, value, &v, &v2, why, n);
}

static void set(struct minis_opts *o, const struct optdef *def, int32_t v, int32_t v2)
{
	if (def->off == NOWHERE)
		return;
	if (def->kind == OK_SIZE) {
		int32_t *p = (int32_t *)((char *)o + def->off);
		p[0] = v;
		p[1] = v2;
	} else if (def->kind == OK_DIST) {
		*(int32_t *)((char *)o + def->off) = v;
	} else {
		*(int *)((char *)o + def->off) = (int)v;
	}
}

static int apply_one(struct minis_opts *o, const char *key, const char *value, const char *whose,
                     struct rules_error *err)
{
	const struct optdef *def = find(key);
	int32_t v = 0, v2 = 0;
	char why[300];

	if (def == NULL) {
		char known[1200];
		size_t len = 0;
		known[0] = '\0';
		for (size_t k = 0; k < NDEFS && len < sizeof(known); k++)
			len += (size_t)snprintf(known + len, sizeof(known) - len, "%s%s",
			                        k ? " " : "", optdefs[k].key);
		return rules_fail(err, WG_E_BAD_OPTION, "", "%s option '%s' is unknown (keys: %s)",
		                  whose, key, known);
	}
	if (parse_value(def, value, &v, &v2, why, sizeof(why)) != 0)
		return rules_fail(err, WG_E_BAD_OPTION, def->amb, "%s option %s", whose, why);
	set(o, def, v, v2);
	return 0;
}

int minis__opts_build(const struct minis_scenario *sc, const struct rules_options *opts,
                      struct minis_opts *out, struct rules_error *err)
{
	int rc;

	memset(out, 0, sizeof(*out));
	for (size_t k = 0; k < NDEFS; k++) {
		const struct optdef *def = &optdefs[k];
		if (def->off == NOWHERE)
			continue;
		if (def->kind == OK_SIZE)
			set(out, def, def->lo, def->hi);
		else
			set(out, def, def->def, 0);
	}
	for (int k = 0; k < sc->nsopts; k++)
		if ((rc = apply_one(out, sc->sopts[k].key, sc->sopts[k].value, "scenario", err)) !=
		    0)
			return rc;
	for (size_t k = 0; opts != NULL && k < opts->count; k++)
		if ((rc = apply_one(out, opts->items[k].key, opts->items[k].value, "game", err)) !=
		    0)
			return rc;
	if (out->large_game < 0)
		out->large_game = sc->large_game;
	return 0;
}
