/*
 * verbs.c -- the Fire & Movement system verbs, one table entry each (name,
 * arity, usage, help, the awaited decisions it answers, its handler), and
 * the lookup of a game's verbs: the system's, then its scenario module's.
 * Exclusive verbs (rebuild, land, ...) live in their module's table.
 */
#include "fm_int.h"

#include <strings.h>

#define AW(x) FM_AWAITS(FM_AW_##x)

static const struct fm_verb system_verbs[] = {
    {.v = {"place", RULES_VERB_ACTION, 2, 2, "place <unit> <hex>",
           "Set-up: put a unit whose scenario set-up is a choice on one of its allowed hexes."},
     .awaits = AW(PHASE),
     .exec = fm__do_place,
     .legal = fm__legal_place},
    {.v = {"move", RULES_VERB_ACTION, 2, -1, "move <unit> <hex> [<hex> ...] | move <unit> to <hex>",
           "Move a unit along the given path of adjacent hexes, or along the cheapest legal "
           "path with `to`. Costs MP per hex (FM-5), stops in enemy ZOC (FM-6.1)."},
     .awaits = AW(PHASE),
     .exec = fm__do_move,
     .legal = fm__legal_move},
    {.v = {"enter", RULES_VERB_ACTION, 2, -1, "enter <unit> <hex> [<hex> ...]",
           "Bring a reinforcement onto the map at one of its arrival hexes; it may move on "
           "along the hexes given (or later with `move`). It may pass a friendly unit on its "
           "arrival hex but not end there (FM-5.3)."},
     .awaits = AW(PHASE),
     .exec = fm__do_enter,
     .legal = fm__legal_enter},
    {.v = {"end", RULES_VERB_ACTION, 0, 1, "end | end force",
           "Finish the current phase (or your set-up). The reply says what ended, which phases "
           "then passed by themselves (and why) and what the game waits for. `end` is refused "
           "when it would give up for good a once-only choice of the exclusive rules (unused "
           "rebuilds, a last-chance assault), naming it and its rule; `end force` ends the "
           "phase and gives it up. Unmoved units or unmade attacks need no force."},
     .awaits = AW(PHASE),
     .exec = fm__do_end,
     .legal = fm__legal_end},
    {.v = {"bombard", RULES_VERB_ACTION, 2, 3, "bombard <hex> <marker> [<marker>]",
           "Bombardment Phase: attack the enemy unit in a hex with one or two support fire "
           "markers (`draw` for a marker picked blind when markers are not chosen)."},
     .awaits = AW(PHASE),
     .exec = fm__do_bombard,
     .legal = fm__legal_bombard},
    {.v = {"attack", RULES_VERB_ACTION, 2, -1, "attack <hex> <unit> [<unit> ...]",
           "Combat Phase: attack the enemy unit in a hex with adjacent units. Support fire "
           "steps follow."},
     .awaits = AW(PHASE),
     .exec = fm__do_attack,
     .legal = fm__legal_attack},
    {.v = {"support", RULES_VERB_ACTION, 1, 1, "support <marker> | support draw | support pass",
           "Support fire step of a combat: place one marker face down, or pass (FM-8.2.1)."},
     .awaits = AW(SUPPORT),
     .exec = fm__do_support,
     .legal = fm__legal_support},
    {.v = {"reduce", RULES_VERB_ACTION, 1, 1, "reduce <unit>",
           "Choose which of your units takes an Ex or (A) loss."},
     .awaits = AW(LOSS),
     .exec = fm__do_reduce,
     .legal = fm__legal_reduce},
    {.v = {"retreat", RULES_VERB_ACTION, 1, -1, "retreat <unit> [<hex> ...]",
           "Retreat a unit along the given path; with no hex when it cannot retreat at all."},
     .awaits = AW(RETREAT) | AW(DISPLACE),
     .exec = fm__do_retreat,
     .legal = fm__legal_retreat},
    {.v = {"stiff", RULES_VERB_ACTION, 1, 1, "stiff <unit>",
           "Stiff resistance: reduce the unit instead of retreating (FM-8.4)."},
     .awaits = AW(RETREAT) | AW(DISPLACE),
     .exec = fm__do_stiff,
     .legal = fm__legal_stiff},
    {.v = {"displace", RULES_VERB_ACTION, 2, 2, "displace <unit> <hex>",
           "Move a friendly unit one hex out of the only end hex of a retreat (FM-8.3.1)."},
     .awaits = AW(RETREAT) | AW(DISPLACE),
     .exec = fm__do_displace,
     .legal = fm__legal_displace},
    {.v = {"advance", RULES_VERB_ACTION, 1, -1, "advance <unit> <hex> [<hex> ...] | advance none",
           "Advance after combat along the path of retreat, or decline (FM-8.5)."},
     .awaits = AW(ADVANCE),
     .exec = fm__do_advance,
     .legal = fm__legal_advance},
    {.v = {"options", RULES_VERB_QUERY, 0, 2, "options [<unit>] [all]",
           "What you may do now: every action the awaited decision allows, grouped by "
           "prefix (an action is the prefix and one of its choices). `options <unit>` lists "
           "one unit's; text mode shows 24 choices per group unless `all`."},
     .query = fm__q_options},
    {.v = {"reach", RULES_VERB_QUERY, 1, 1, "reach <unit>",
           "Every hex the unit can move to now, with its MP cost."},
     .query = fm__q_reach},
    {.v = {"map", RULES_VERB_QUERY, 0, 4,
           "map [<hex> [<hex>] | all] [zoc] [roads] | map svg [reach=<unit>] [hexes=<hex>,...]",
           "An ASCII map of hex cells (id, terrain, occupant: side, full id, strengths, r "
           "reduced, m moved, x attacked, v advanced, MP left; hexside features on the edges) "
           "and a legend, fitted to your screen: around the active area, <hex>, between "
           "corners, or all. zoc, roads: marks. `map svg`: the board as an SVG picture."},
     .query = fm__q_map},
    {.v = {"units", RULES_VERB_QUERY, 0, 1, "units [side]",
           "Every unit (of one side) with its hex, strengths and state: what it did this "
           "player turn (moved, entered, attacked, advanced) and the MP it has left when it "
           "may still move."},
     .query = fm__q_units},
    {.v = {"hex", RULES_VERB_QUERY, 1, 1, "hex <hex>",
           "Terrain, features, hexsides, occupant and zones of control of one hex."},
     .query = fm__q_hex},
    {.v = {"markers", RULES_VERB_QUERY, 0, 0, "markers",
           "Your support fire markers: pool, this turn's markers, what is committed and used."},
     .query = fm__q_markers},
    {.v = {"crt", RULES_VERB_QUERY, 0, 1, "crt [<terrain or line>]",
           "The combat results table, or the die-roll results of one terrain line."},
     .query = fm__q_crt},
};

#define NSYSTEM (sizeof(system_verbs) / sizeof(system_verbs[0]))

const struct fm_verb *fm__verb_at(const struct fm_scenario *sc, size_t i)
{
	if (i < NSYSTEM)
		return &system_verbs[i];
	i -= NSYSTEM;
	if (sc != NULL && sc->module != NULL && i < sc->module->nverbs)
		return &sc->module->verbs[i];
	return NULL;
}

const struct fm_verb *fm__verb_find(const struct fm_scenario *sc, const char *name)
{
	const struct fm_verb *v;

	for (size_t i = 0; (v = fm__verb_at(sc, i)) != NULL; i++)
		if (strcasecmp(v->v.name, name) == 0)
			return v;
	return NULL;
}

const char *fm__option_rule(const struct fm_scenario *sc, const char *key, const char *fallback)
{
	const struct fm_module *m = sc->module;

	for (size_t k = 0; m != NULL && k < m->noption_rules; k++)
		if (strcasecmp(m->option_rules[k].key, key) == 0)
			return m->option_rules[k].rule;
	return fallback;
}
