/*
 * verbs.c -- the miniatures verbs, one table entry each (name, arity, usage, help, handler).
 * Positions are inches from the table's south-west corner, x east and y north, as `x y` or
 * `x,y` with up to two decimals; facings are compass bearings in degrees (0 north, 90 east).
 */
#include "minis_int.h"

#include <strings.h>

static const struct minis_verb verbs[] = {
    {.v = {"deploy", RULES_VERB_ACTION, 2, 6,
           "deploy <unit> <x> <y> [facing] [hidden|ambush|open] | deploy dummy <x> <y> | "
           "deploy <dummy> remove",
           "Set-up (QR-SETUP-33, QR-SETUP-43, QR-AMB-13): place one of your units in your "
           "deployment zone, in secret, facing a bearing, and mark it hidden or ambush "
           "camouflaged within your allowances (open: neither). The defender may place dummy "
           "markers up to his dummy allowance. Nothing of it reaches the enemy. Units stay at "
           "their scenario positions unless deployed elsewhere; `end` finishes."},
     .exec = minis__do_deploy},
    {.v = {"order", RULES_VERB_ACTION, 3, -1,
           "order <payer> standard|assault|armoured|convoy <unit> [<unit> ...]",
           "Command orders (QR-CMD-16..26, QR-TURN-8): activate a combat group paid by an HQ "
           "or a command unit's order: 1 order with a command unit in it or a single unit, "
           "2 without, 1 for an infantry assault, armoured assault or road convoy, +1 when "
           "the paying HQ or infantry command unit is over 24\" [36\"] from the group. Groups "
           "go from your left to your right. The group rolls 2D6 for its move; its units may "
           "then move, fire (or recon) and assault once each."},
     .exec = minis__do_order},
    {.v = {"move", RULES_VERB_ACTION, 2, 2 + 2 * MINIS_MAX_PATH,
           "move <unit> <x> <y> [<x> <y> ...] [facing] | move <unit> limber|unlimber",
           "Move a unit of the activated group along a path of points, ending facing the "
           "bearing given (else along its last leg): 2D6 plus its class's base, the road rate "
           "when the whole path is on road, difficult ground and reversing at half speed, a "
           "bogged down test entering hazardous ground, a pinned test at barbed wire "
           "(QR-MOVE). A move that runs into an enemy unit you could not see stops there and "
           "reveals it."},
     .exec = minis__do_move},
    {.v = {"fire", RULES_VERB_ACTION, 2, 6,
           "fire <unit> <target> [<weapon>] [<supporter> ...] | fire <unit> <x> <y> [smoke] | "
           "fire <unit> air",
           "Direct fire at a visible enemy unit in line of sight, within acquisition distance "
           "and the weapon's range: 2D6 and the situation modifiers, 6+ on target, then the "
           "weapon factor and armour by facing, the results table and the morale test "
           "(QR-FIRE); up to two small-arms units within 2\" [3\"] support. A flame-thrower "
           "uses its own table (QR-FLAME). A mortar or gun with indirect HE fires at a point "
           "(QR-ARTY, QR-HE). In the anti-aircraft decision: `fire <unit> air` (QR-AA)."},
     .exec = minis__do_fire},
    {.v = {"assault", RULES_VERB_ACTION, 2, 8, "assault <unit> <target> [<supporter> ...]",
           "Close assault (QR-ASSAULT): the unit moves into base contact with a visible enemy "
           "unit and leads the assault; the group's units within 2\" [3\"] support it (or "
           "those named). Each side: lead factor + modifiers + 2D6; the difference decides."},
     .exec = minis__do_assault},
    {.v = {"recon", RULES_VERB_ACTION, 2, 3, "recon <unit> <piece> | recon <unit> <x> <y>",
           "Reconnaissance instead of firing (QR-RECON): a terrain piece in sight within 36\" "
           "(54\"), or a 4\" [6\"] circle of open ground. 2D6 + modifiers: 7 armour spotted, "
           "8-11 one unit or dummy, 12+ two, a natural double six everything (ambush units "
           "included)."},
     .exec = minis__do_recon},
    {.v = {"rally", RULES_VERB_ACTION, 1, 2, "rally <unit> [<command unit>] | rally <unit> skip",
           "Rally phase (QR-RALLY-13): give a command unit's base-to-base +1 to one of the "
           "pinned units it touches (one per command unit). Every pinned or suppressed unit "
           "takes its rally check when both sides have ended; with rally.compulsory=false "
           "`rally <unit> skip` spares a unit its check (QR-AMB-45)."},
     .exec = minis__do_rally},
    {.v = {"call", RULES_VERB_ACTION, 2, 6,
           "call artillery <x> <y> [smoke] | call air <x> <y>|<target> [cannon|bombs] "
           "[<bearing>]",
           "Request off-board artillery or an air strike for 1 order of an HQ (QR-CMD-22, "
           "QR-CMD-27..31): granted on the request table, it uses a mission and is fired at "
           "once, observed by an HQ, FOO, FAC or observer in sight of the point."},
     .exec = minis__do_call},
    {.v = {"end", RULES_VERB_ACTION, 0, 0, "end",
           "Finish your deployment, your command orders or defensive fire phase, your "
           "anti-aircraft fire, or your rally choices."},
     .exec = minis__do_end},
    {.v = {"reveal", RULES_VERB_ACTION, 1, 3,
           "reveal <unit> [<model>] | reveal <unit> <unit> | reveal none",
           "Answer the enemy's reconnaissance (QR-RECON-17..19): the hidden unit(s) or "
           "dummy(ies) of the area to reveal; on a 7, the AFV and the model shown; `reveal "
           "none` when the area holds nothing the result can reveal."},
     .exec = minis__do_reveal},
    {.v = {"stubborn", RULES_VERB_ACTION, 1, 1, "stubborn fight|retreat",
           "Stubborn resistance (QR-ASSAULT-31, QR-ASSAULT-37): all your units in the assault "
           "fight another round, or all retreat."},
     .exec = minis__do_stubborn},
    {.v = {"casualty", RULES_VERB_ACTION, 1, 1, "casualty <unit>",
           "Close assault result (QR-ASSAULT-38, -44): which of your units is dispersed, or "
           "which AFV damaged or destroyed."},
     .exec = minis__do_casualty},
    {.v = {"advance", RULES_VERB_ACTION, 1, 4,
           "advance <unit> occupy [<loser>] | advance <unit> <x> <y> [facing] | advance none",
           "After a close assault (QR-ASSAULT-42): \"Winning units may occupy the ground or "
           "move additional 2\" [3\"].\" Each winning unit may move into a position a losing "
           "unit vacated, or up to 2\" [3\"] in a straight line; `advance none` (or `end`) "
           "declines for the rest."},
     .exec = minis__do_advance},
    {.v = {"initiative", RULES_VERB_ACTION, 1, 1, "initiative first|second",
           "With init.holder_chooses=true (QR-AMB-12): the side holding the initiative "
           "chooses to be phasing (first: its command orders are 2A) or not (second)."},
     .exec = minis__do_initiative},
    {.v = {"options", RULES_VERB_QUERY, 0, 2, "options [<unit>] [all]",
           "What you may do now: every action the awaited decision allows, grouped by prefix "
           "(an action is the prefix and one of its choices). Moves are offered along eight "
           "bearings at the full and half allowance; docs/games/minis.md has the shape."},
     .query = minis__q_options},
    {.v = {"units", RULES_VERB_QUERY, 0, 1, "units [side]",
           "Every unit you can see, with its position, facing, base and state."},
     .query = minis__q_units},
    {.v = {"measure", RULES_VERB_QUERY, 2, 4, "measure <a> <b>",
           "The distance between two units you can see, points (x,y) or terrain pieces, edge "
           "to edge in hundredths of an inch (QR-AMB-1), with the range and recon bands."},
     .query = minis__q_measure},
    {.v = {"los", RULES_VERB_QUERY, 2, 4, "los <a> <b>",
           "Line of sight between two units you can see or points (QR-AMB-4): clear, "
           "obscured (smoke, hedges, wrecks) or blocked, and the levels."},
     .query = minis__q_los},
    {.v = {"table", RULES_VERB_QUERY, 0, 0, "table",
           "An ASCII overview of the table (one character per inch or two, within 80 "
           "columns) with a legend: terrain, and the units you can see."},
     .query = minis__q_table},
    {.v = {"map", RULES_VERB_QUERY, 0, 1, "map | map svg",
           "The table as text (as `table`), or `map svg`: the table drawn to scale (terrain "
           "pieces, bases with facing and fire arcs, what you may see)."},
     .query = minis__q_table},
    {.v = {"terrain", RULES_VERB_QUERY, 0, 1, "terrain [<piece>]",
           "The terrain pieces and their attributes (QR-AMB-3)."},
     .query = minis__q_terrain},
};

#define NVERBS (sizeof(verbs) / sizeof(verbs[0]))

const struct minis_verb *minis__verb_at(size_t i)
{
	return i < NVERBS ? &verbs[i] : NULL;
}

const struct minis_verb *minis__verb_find(const char *name)
{
	for (size_t i = 0; i < NVERBS; i++)
		if (strcasecmp(verbs[i].v.name, name) == 0)
			return &verbs[i];
	return NULL;
}
