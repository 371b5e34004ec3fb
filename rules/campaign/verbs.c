/*
 * verbs.c -- the verbs of The Scheldt Campaign, one table entry each (name,
 * arity, usage, help, the awaited decisions it answers, its handler), and
 * `play`, which routes a staff marker's action to its handler.  The help
 * texts are what `help <verb>` shows in a Campaign game.
 */
#include "camp_int.h"

#include <stdio.h>
#include <strings.h>

#define AW(x) CAMP_AWAITS(CAMP_AW_##x)

static int play_g2(struct camp_game *g, int side, int argc, char **argv, cJSON *reply,
                   struct rules_events *ev, struct rules_error *err);

/* play <marker> <action> ...: the marker's action (SUM-a..d) */
static int do_play(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int k = camp__marker_parse(argv[1]), unit;

	if (k < 0)
		return rules_fail(err, WG_E_BAD_ARGS, "SC-6.0a",
		                  "'%s' is not a staff marker: play G-1|G-2|G-3|G-4 <action> ...",
		                  argv[1]);
	if (argc < 3)
		return rules_fail(err, WG_E_BAD_ARGS, "SC-SUMa",
		                  "play %s needs an action (help play lists them)",
		                  camp__marker_name(k));
	switch (k) {
	case 0:
		return camp__play_g1(g, d, side, argc, argv, reply, ev, err);
	case 1:
		return play_g2(g, side, argc, argv, reply, ev, err);
	case 2:
		if (strcasecmp(argv[2], "attack") == 0)
			return camp__play_attack(g, d, side, argc, argv, reply, ev, err);
		if (strcasecmp(argv[2], "move") != 0)
			return rules_fail(err, WG_E_BAD_ARGS, "SC-9.0a",
			                  "a G-3 moves or attacks: play G-3 move <unit> <hex>... | "
			                  "play G-3 attack <unit> <hex> [<unit>...]");
		if (argc < 5)
			return rules_fail(
			    err, WG_E_BAD_ARGS, "SC-9.1a",
			    "play G-3 move <unit> <hex> [<hex>...] | play G-3 move <unit> "
			    "to <hex>");
		if (camp__parse_unit(g, argv[3], &unit, err) != 0)
			return err->code;
		return camp__play_move(g, side, unit, 0, argc - 4, argv + 4, reply, ev, err);
	default:
		if (strcasecmp(argv[2], "strategic") == 0) {
			if (argc < 5)
				return rules_fail(
				    err, WG_E_BAD_ARGS, "SC-11.1a",
				    "play G-4 strategic <unit> <hex> [<hex>...] | play G-4 "
				    "strategic <unit> to <hex>");
			if (camp__parse_unit(g, argv[3], &unit, err) != 0)
				return err->code;
			return camp__play_move(g, side, unit, 1, argc - 4, argv + 4, reply, ev,
			                       err);
		}
		if (strcasecmp(argv[2], "ferry") == 0) {
			if (argc != 4)
				return rules_fail(err, WG_E_BAD_ARGS, "SC-11.1.1b",
				                  "play G-4 ferry <unit>");
			if (camp__parse_unit(g, argv[3], &unit, err) != 0)
				return err->code;
			return camp__play_ferry(g, side, unit, reply, ev, err);
		}
		if (strcasecmp(argv[2], "support") == 0 || strcasecmp(argv[2], "artillery") == 0 ||
		    strcasecmp(argv[2], "air") == 0)
			return rules_fail(
			    err, WG_E_WRONG_PHASE, "SC-11.2a",
			    "combat support is committed in a battle's Commitment step: "
			    "commit G-4 (10.2)");
		return rules_fail(
		    err, WG_E_BAD_ARGS, "SC-11.0a",
		    "a G-4 moves strategically or ferries across the Scheldt: play G-4 "
		    "strategic <unit> <hex>... | play G-4 ferry <unit>");
	}
}

/* play G-2 intel hand|oob (8.2) */
static int play_g2(struct camp_game *g, int side, int argc, char **argv, cJSON *reply,
                   struct rules_events *ev, struct rules_error *err)
{
	int other = 1 - side, rc, oob;
	char buf[64];

	if (strcasecmp(argv[2], "intel") != 0 || argc != 4 ||
	    (strcasecmp(argv[3], "hand") != 0 && strcasecmp(argv[3], "oob") != 0)) {
		if (strcasecmp(argv[2], "tactical") == 0)
			return rules_fail(
			    err, WG_E_WRONG_PHASE, "SC-8.1a",
			    "Tactical Intelligence is committed in a battle's Commitment "
			    "step: commit G-2");
		return rules_fail(err, WG_E_BAD_ARGS, "SC-8.2b",
		                  "play G-2 intel hand | play G-2 intel oob");
	}
	if (g->phase != CAMP_PH_OPS || g->phasing != side)
		return rules_fail(
		    err, WG_E_WRONG_PHASE, "SC-8.2a",
		    "Operational Intelligence is played in your own Operations Phase");
	if (g->opintel >= 1)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-8.2a",
		                  "Operational Intelligence is collected once in a player turn "
		                  "(SC-AMB-29)");
	if ((rc = camp__spend(g, side, 1, err)) != 0)
		return rc;
	g->opintel++;
	oob = strcasecmp(argv[3], "oob") == 0;
	{
		cJSON *f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "side", camp__side(g, side));
		cJSON_AddStringToObject(f, "of", oob ? "oob" : "hand");
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "intel", f,
		                     "the %s play G-2: Operational Intelligence on the %s %s",
		                     camp__side(g, side), camp__side(g, other),
		                     oob ? "OOB mat" : "hand")) != 0)
			return rc;
	}
	if (!oob) {
		/* 8.2c: examine the enemy's hand, then return it */
		cJSON *f = cJSON_CreateObject(), *h = cJSON_AddObjectToObject(f, "hand");
		for (int k = 0; k < CAMP_NMARK; k++)
			cJSON_AddNumberToObject(h, camp__marker_name(k), g->hand[other][k]);
		camp__hand_text(g->hand[other], buf, sizeof(buf));
		camp__line(reply, "the %s hand: %s", camp__side(g, other), buf);
		return camp__emit_own(ev, g, side, "intel-hand", f, "the %s hand: %s",
		                      camp__side(g, other), buf);
	}
	/* 8.2d: the enemy's OOB mat for 30 seconds (SC-AMB-30) */
	{
		cJSON *f = cJSON_CreateObject(), *boxes = cJSON_AddArrayToObject(f, "boxes");
		int nboxes = 0;
		cJSON_AddNumberToObject(f, "expires_in", g->opt.exam_seconds);
		for (int h = 0; h < g->nunits; h++) {
			const struct camp_unit_def *hd = &g->sc->units[h];
			cJSON *box, *units;
			char text[400];
			size_t len;
			if (!hd->hq || hd->side != other ||
			    (g->u[h].where != CAMP_W_MAP && g->u[h].where != CAMP_W_MAT))
				continue;
			box = cJSON_CreateObject();
			cJSON_AddStringToObject(box, "hq", hd->id);
			units = cJSON_AddArrayToObject(box, "units");
			len = (size_t)snprintf(text, sizeof(text), "%s:", hd->id);
			for (int i = 0; i < g->nunits; i++) {
				cJSON *o;
				char fac[32];
				if (g->u[i].where != CAMP_W_BOX || g->u[i].tf != h)
					continue;
				o = cJSON_CreateObject();
				cJSON_AddStringToObject(o, "unit", g->sc->units[i].id);
				if (g->opt.exam_hits)
					cJSON_AddNumberToObject(o, "hits", g->u[i].hits);
				cJSON_AddItemToArray(units, o);
				if (g->opt.exam_hits)
					camp__factors(g, i, fac, sizeof(fac));
				else
					fac[0] = '\0';
				len += (size_t)snprintf(text + len,
				                        len < sizeof(text) ? sizeof(text) - len : 0,
				                        " %s%s%s%s", g->sc->units[i].id,
				                        fac[0] ? " (" : "", fac, fac[0] ? ")" : "");
			}
			cJSON_AddItemToArray(boxes, box);
			camp__line(reply, "  %s", text);
			nboxes++;
		}
		if (nboxes == 0)
			camp__line(reply, "  the %s have no Task Force", camp__side(g, other));
		camp__line(reply,
		           "(shown for %d seconds: the rules let you examine the mat that long)",
		           g->opt.exam_seconds);
		return camp__emit_own(ev, g, side, "intel-oob", f,
		                      "the %s OOB mat is in the reply; clients hide it after %d "
		                      "seconds: hide-after=%d",
		                      camp__side(g, other), g->opt.exam_seconds,
		                      g->opt.exam_seconds);
	}
}

static const struct camp_verb verbs[] = {
    {.v = {"select", RULES_VERB_ACTION, 1, -1, "select <marker> ...",
           "Choose your hand of staff markers (at set-up and in your Planning Phase): as many "
           "as your C2 level (Allied 7, German 4), any mix your markers allow, e.g. `select "
           "2xG-1 3xG-3 2xG-4`. In the Planning Phase this ends your player turn (12.0)."},
     .awaits = AW(PHASE),
     .exec = camp__do_select},
    {.v = {"play", RULES_VERB_ACTION, 2, -1, "play G-1|G-2|G-3|G-4 <action> ...",
           "Play a staff marker. G-1 (Preparation Phase): reinforce <group|unit> <hex>, "
           "regroup <hq> [<unit>=<hq|hex> ...], form <hq> <hex> <unit>..., recover <unit>, "
           "carry <unit> (5th Assault Regiment). G-2 (Operations): intel hand|oob. G-3: move "
           "<unit> <hex>... (or to <hex>), attack <unit> <hex> [<unit>...] [apc=<unit>]. G-4: "
           "strategic <unit> <hex>... (or to <hex>), ferry <unit>."},
     .awaits = AW(PHASE),
     .exec = do_play},
    {.v = {"attach", RULES_VERB_ACTION, 2, 2, "attach <unit> <hq>",
           "During a regroup (play G-1 regroup): put a Tactical Unit of the Operations Zone "
           "into the box of an HQ there (7.2; C2 and nationality limits, 7.2.1)."},
     .awaits = AW(REGROUP),
     .exec = camp__do_attach},
    {.v = {"detach", RULES_VERB_ACTION, 2, 2, "detach <unit> <hex>",
           "During a regroup: take a Tactical Unit out of a box (or move a detached one) to a "
           "hex of the Operations Zone it could legally enter (7.2)."},
     .awaits = AW(REGROUP),
     .exec = camp__do_detach},
    {.v = {"done", RULES_VERB_ACTION, 0, 0, "done",
           "Finish the regroup; an HQ left without units leaves the map (7.2.1)."},
     .awaits = AW(REGROUP),
     .exec = camp__do_done},
    {.v = {"place", RULES_VERB_ACTION, 2, 2, "place <unit> <hex|hq>",
           "Set-up: put a scratch battalion you drew (13.2.2), or in a free set-up (15.2) any "
           "unit, on a hex of your set-up area or into the box of an HQ there."},
     .awaits = AW(PHASE),
     .exec = camp__do_place},
    {.v = {"commit", RULES_VERB_ACTION, 1, 4,
           "commit none | commit [G-2] [G-4|G-4=artillery] [G-4=air] [G-3=<unit>]",
           "Battle step 2: commit markers face down from your hand (10.2): G-2 for Tactical "
           "Advantage (8.1), G-4 for artillery support (German one, Allied also one for air, "
           "10.4), with reaction=on the defender's G-3 to move a unit in (15.1). Revealed "
           "when both sides have committed."},
     .awaits = AW(COMMIT),
     .exec = camp__do_commit},
    {.v = {"hits", RULES_VERB_ACTION, 1, -1, "hits <unit>=<n> ...",
           "Allocate hits among your units in the battle (10.5.2: no unit past its DF while "
           "others can take them; an HQ only when its Task Force has no unit left), or your "
           "random set-up hits (4.0). Several calls may share out one total."},
     .awaits = AW(HITS) | AW(PHASE),
     .exec = camp__do_hits},
    {.v = {"retreats", RULES_VERB_ACTION, 1, 1, "retreats <n>",
           "Defender with Tactical Advantage: convert n of the hits you take to retreats, up "
           "to half rounded up, when your units can retreat that far (10.5.5, 10.5.6)."},
     .awaits = AW(RETREATS),
     .exec = camp__do_retreats},
    {.v = {"retreat", RULES_VERB_ACTION, 2, -1, "retreat <unit> <hex> ...",
           "Retreat one of your defending units (a Task Force moves whole) along a path of as "
           "many hexes as the retreats taken, each further from the battle hex (10.5.6)."},
     .awaits = AW(RETREAT),
     .exec = camp__do_retreat},
    {.v = {"advance", RULES_VERB_ACTION, 1, 1, "advance yes|no",
           "After a battle that emptied the defender's hex: move the attacking unit into it, "
           "or not (10.5.6)."},
     .awaits = AW(ADVANCE),
     .exec = camp__do_advance},
    {.v = {"dikes", RULES_VERB_ACTION, 0, 0, "dikes",
           "Allied, in your Preparation or Operations Phase, before any Allied unit has "
           "entered Walcheren: destroy the Walcheren dikes (13.3.3)."},
     .awaits = AW(PHASE),
     .exec = camp__do_dikes},
    {.v = {"withdraw", RULES_VERB_ACTION, 0, -1, "withdraw [<unit> ...]",
           "Allied Preparation Phase: withdraw the 51st Division (13.1.5; no marker). Units "
           "named replace its eliminated components (SC-AMB-53)."},
     .awaits = AW(PHASE) | AW(WITHDRAW),
     .exec = camp__do_withdraw},
    {.v = {"end", RULES_VERB_ACTION, 0, 0, "end",
           "End your Preparation Phase (to Operations) or Operations Phase (to Planning, where "
           "`select` chooses your next hand), or your free set-up."},
     .awaits = AW(PHASE),
     .exec = camp__do_end},
    {.v = {"options", RULES_VERB_QUERY, 0, 1, "options [all]",
           "What you may do now: every action the awaited decision allows, grouped by prefix "
           "(an action is the prefix and one of its choices). Text shows 24 choices per group "
           "unless `all`."},
     .query = camp__q_options},
    {.v = {"hand", RULES_VERB_QUERY, 0, 0, "hand",
           "Your staff markers in hand and in your Available Pile; the other side's hand "
           "size (8.0)."},
     .query = camp__q_hand},
    {.v = {"oob", RULES_VERB_QUERY, 0, 0, "oob",
           "Your Order of Battle mat: every HQ's holding box with its units, their factors "
           "and hits (hidden from the other side, 8.0)."},
     .query = camp__q_oob},
    {.v = {"units", RULES_VERB_QUERY, 0, 1, "units [allied|german]",
           "The units on the map (HQs and detached units; your own boxes too), waiting "
           "reinforcements and the Dead Pile."},
     .query = camp__q_units},
    {.v = {"hex", RULES_VERB_QUERY, 1, 1, "hex <hex>",
           "Terrain, modifier, hexsides, occupants and Operations Zones of one hex."},
     .query = camp__q_hex},
    {.v = {"map", RULES_VERB_QUERY, 0, 2, "map [<hex> [<hex>] | all] | map svg",
           "An ASCII map of hex cells (id, terrain, the units of each side) fitted to your "
           "screen: around the action, around <hex>, between corners, or all. `map svg`: "
           "the board as an SVG picture."},
     .query = camp__q_map},
    {.v = {"battle", RULES_VERB_QUERY, 0, 0, "battle",
           "The battle in progress: the attack, the commitments once revealed, the engaged "
           "units, the dice and the hits (10.1)."},
     .query = camp__q_battle},
    {.v = {"vp", RULES_VERB_QUERY, 0, 0, "vp",
           "Victory points as they stand, line by line (14.2), and the level they give."},
     .query = camp__q_vp},
    {.v = {"tec", RULES_VERB_QUERY, 0, 0, "tec",
           "The Terrain Effects Chart: MP costs and Terrain Modifiers of each terrain and "
           "hexside."},
     .query = camp__q_tec},
    {.v = {"reach", RULES_VERB_QUERY, 1, 2, "reach <unit> [strategic]",
           "Every hex your unit can move to now by Tactical (or Strategic) Movement, with the "
           "MP it costs."},
     .query = camp__q_reach},
    {.v = {"reinforcements", RULES_VERB_QUERY, 0, 0, "reinforcements",
           "The reinforcement groups of both sides: when, where and whether they are in."},
     .query = camp__q_reinforcements},
};

#define NVERBS (sizeof(verbs) / sizeof(verbs[0]))

const struct camp_verb *camp__verb_at(size_t i)
{
	return i < NVERBS ? &verbs[i] : NULL;
}

const struct camp_verb *camp__verb_find(const char *name)
{
	for (size_t i = 0; i < NVERBS; i++)
		if (strcasecmp(verbs[i].v.name, name) == 0)
			return &verbs[i];
	return NULL;
}
