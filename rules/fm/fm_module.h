/*
 * fm_module.h -- how an exclusive-rules module plugs into the Fire & Movement
 * system: its verbs (struct fm_verb), its options, and the hooks the system
 * calls at fixed points (struct fm_module).
 *
 * A module is one folder under rules/fm/ (scheldt/, meuse_argonne/) that
 * exports one `const struct fm_module` and is named in one line of the module
 * list (modules.c).  A scenario selects it with "exclusive": {"module": ...}.
 * The system code calls the hooks and never tests a module's name; the
 * module's rule ids (BS-, MA-) appear only in its own folder.
 *
 * Verbs are one table entry each, as tmux's cmd_entry: the rules_verb that
 * routing, arity and `help` read, the awaited decisions it answers, and its
 * handler.  The system table (verbs.c) lists the system's verbs; a module's
 * table its own; the verbs of a game are the system's then its module's.
 * Dispatch is a table lookup; no handler is found by comparing strings in a
 * chain.
 *
 * Every member of struct fm_module may be NULL (system behaviour).  Hooks
 * returning int return 0 to allow and a negative WG_E_* (via rules_fail,
 * with the exclusive rule id) to refuse.
 */
#ifndef RULES_FM_MODULE_H
#define RULES_FM_MODULE_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "rules/core/ruleset.h"
#include "rules/core/sdoc.h"

struct fm_game;
struct fm_scenario;

/* Awaited decisions a verb answers (bits of the FM_AW_* of fm_int.h). */
#define FM_AWAITS(aw) (1u << (aw))

/*
 * One F&M verb.  Actions (v.kind RULES_VERB_ACTION) have exec: called only
 * when the game waits for side (the match checked the turn) and one of the
 * decisions in awaits is awaited; it checks the action against the rules and
 * carries it out, or refuses (the engine restores the state on refusal).
 * Queries have query: read-only, any viewer.
 *
 * legal (actions, optional) offers the actions of this verb side might take now, for
 * `options` (legal.c): it calls fm__offer() with candidate lines, which keeps those the
 * engine accepts (each is tried on a copy of the game), or fm__offer_known() for lines it
 * knows to be legal (a move to a hex `reach` lists).  It may offer more than is legal,
 * never less.  A verb without legal is not listed by `options`.
 */
struct fm_legal; /* the list `options` builds (legal.c) */

struct fm_verb {
	struct rules_verb v;
	unsigned awaits; /* FM_AWAITS(FM_AW_PHASE) | ...; queries: 0 */
	int (*exec)(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
	            cJSON *reply, struct rules_events *ev, struct rules_error *err);
	int (*query)(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
	             cJSON *out, struct rules_error *err);
	int (*legal)(const struct fm_game *g, int side, struct fm_legal *l);
};

/* A system option set by a module's scenario and the exclusive rule behind it. */
struct fm_option_rule {
	const char *key;  /* "support.pick" */
	const char *rule; /* the exclusive rule id, e.g. BS-14.0-04 */
};

/* What a unit is about to do, for fm_module.may_act. */
enum fm_act {
	FM_ACT_MOVE,
	FM_ACT_ENTER,
	FM_ACT_ATTACK,
	FM_ACT_BE_ATTACKED,
	FM_ACT_BE_BOMBARDED,
	FM_ACT_STIFF, /* declare stiff resistance against the pending retreat (FM-8.4) */
};

/* What a fm_module.retreat_step call checks. */
enum fm_rs { FM_RS_RETREAT, FM_RS_ADVANCE, FM_RS_DISPLACE };

/* fm_module.move_step may return this: the step is allowed by an exclusive exception (BS-13.0
 * Braakman crossing) and the system's terrain prohibitions are not applied to it. */
#define FM_HOOK_ALLOW 1

/* A game option of an exclusive module: key, its two values (values[0] -> 0) and the
 * default, stored in g->opt.ex[index in the module's table]. */
struct fm_exopt {
	const char *key;
	const char *values[2];
	int def;
	const char *rule; /* the AMB decision it selects, for `help` and docs */
};

/*
 * An exclusive-rules module (Battle of the Scheldt, Meuse Argonne): every
 * member may be NULL (system behaviour).  The scenario names the module in
 * "exclusive": {"module": ...}; the system code calls these at fixed points
 * and never tests a module's name.  Functions returning int return 0 to allow
 * and a negative WG_E_* (via rules_fail, with the exclusive rule id) to refuse.
 */
struct fm_module {
	const char *name; /* what "exclusive": {"module": ...} names */
	/* The module's own verbs (FM_VERB_* entries): listed in `help` of its games only, after
	 * the system's; a name may not repeat a system verb. */
	const struct fm_verb *verbs;
	size_t nverbs;
	/* The rule ids behind system options the module's scenario sets (refusals that an
	 * option causes cite the module's rule, not a system id): key -> rule. */
	const struct fm_option_rule *option_rules;
	size_t noption_rules;
	/* The module's game options (`new <scenario> key=value`), at most FM_MAX_EXOPTS. */
	const struct fm_exopt *options;
	int noptions;
	/* Parses the scenario's "exclusive" object (ex may be NULL) into sc->ex_data; reports
	 * problems through f.  Returns 0, or a negative code when it cannot go on. */
	int (*load)(struct fm_scenario *sc, const cJSON *ex, struct sdoc *f);
	/* Consistency checks of the loaded scenario (map facts the module relies on). */
	void (*lint)(const struct fm_scenario *sc, struct sdoc *f);
	void (*free)(struct fm_scenario *sc);
	/* Called once in create() after the system initial state is built. */
	int (*init)(struct fm_game *g, struct rules_error *err);
	/* The phase the active player's turn begins with (FM_PH_MOVEMENT when NULL or when it
	 * returns FM_PH_MOVEMENT): a later phase (FM_PH_BOMBARD, FM_PH_COMBAT) skips the phases
	 * before it, with a "phase-skipped" event for the Movement Phase giving why (n bytes),
	 * e.g. H-Hour, MA-15.2-01.  Called at the start of each player turn. */
	int (*turn_phase)(const struct fm_game *g, char *why, size_t n);
	/* The exclusive rules' own Bombardment Phase instead of the system's (FM-8.1), e.g. the
	 * WWI bombardment of MA-17.1-01; NULL: the system's.  When set, the system's `bombard`
	 * is refused citing bombard_rule and `options` never lists it; the Bombardment Phase
	 * waits while bombard_step returns 1 (what, n bytes: the pending text) and passes by
	 * itself when it returns 0 (what: why).  The module's verbs act in the phase and move
	 * the game on (fm__enter_phase) when their bombardment is over. */
	int (*bombard_step)(const struct fm_game *g, char *what, size_t n);
	const char *bombard_rule;
	/* The module's own decision while g->await is FM_AW_MODULE (only the module sets it,
	 * e.g. a bombardment hit's retreat instead, MA-17.5-03): returns the side that must
	 * decide, sets *kind to its stable slug (rules_pending.kind, a static string), what (n
	 * bytes) to the pending text and *rule to the rule that orders it (static). */
	int (*decision)(const struct fm_game *g, const char **kind, char *what, size_t n,
	                const char **rule);
	/* After the system support allotment at the start of each game turn. */
	int (*turn_start)(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
	                  struct rules_error *err);
	/* When the active player's Mobile Combat Phase is over, before his end-of-turn step:
	 * automatic end-of-player-turn effects (BS-13.1 withdrawal). */
	int (*turn_closing)(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
	                    struct rules_error *err);
	/* 1 if the active player has decisions at the end of his player turn (rebuilds): the
	 * game then waits in FM_PH_TURN_END; what (may be NULL) receives the pending text.  0:
	 * the step passes by itself (also after an action that used the last choice up), and
	 * what receives why nothing can be done ("a rebuild left, no unit eligible"), or "" when
	 * there is nothing to say. */
	int (*end_step)(const struct fm_game *g, char *what, size_t n);
	/* 1 if ending the current phase now gives up for good a once-only choice the exclusive
	 * rules give (rebuilds left, 11.1; an assault never declared in the last Movement Phase
	 * it could be): what (n bytes) names the choice and how to make it, rule (FM_ID bytes)
	 * the rule that makes it lost.  `end` is then refused with them and only `end force`
	 * ends the phase (its event records what was given up).  Moving, attacking or
	 * bombarding less than one could is never such a choice. */
	int (*end_forfeit)(const struct fm_game *g, char *what, size_t n, char *rule);
	/* At the end of each player turn, after the end-of-turn step. */
	int (*player_turn_end)(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
	                       struct rules_error *err);
	/* May the active player end the current phase now (mandatory attacks, landings)? */
	int (*end_check)(const struct fm_game *g, struct rules_error *err);
	/* After every accepted action (and the start): bookkeeping of positions (last occupant
	 * of a hex, assault hexes left).  May emit events. */
	int (*settle)(struct fm_game *g, struct rules_events *ev, struct rules_error *err);
	/*
	 * One movement step of unit from `from` (-1 = entry from off the map) to `to` across
	 * the hexside in slot side (fm_steps.slot, so that a search looks up nothing; -1 with
	 * from -1), with spent_half MP already spent this phase and first = no step taken yet
	 * this phase.
	 * *cost_half is the system cost (-2 = "all MP" terrain); the hook may change it (add
	 * MP) and set *must_stop.  Called before the system's terrain prohibitions: return
	 * < 0 to refuse (with the exclusive rule), 0 to let the system rules decide, or
	 * FM_HOOK_ALLOW to allow a step the system would find prohibited.
	 */
	int (*move_step)(const struct fm_game *g, int unit, int from, int to, int side,
	                 int spent_half, int first, int *cost_half, int *must_stop,
	                 struct rules_error *err);
	/* May this unit do act now (frozen units, landed units)? */
	int (*may_act)(const struct fm_game *g, int unit, enum fm_act act, struct rules_error *err);
	/* 1 if unit may end in hex although other units are there (beach assault, BS-16.3-01). */
	int (*may_share)(const struct fm_game *g, int unit, int hex);
	/*
	 * The units that act as one unit with unit (stacked brigades, MA-13.2-04): fills out
	 * (FM_MAX_IN_BATTLE entries, unit first) and returns their number, 1 when unit acts
	 * alone; *rule receives the exclusive rule that binds them.  The system then treats
	 * the group as one unit: every member attacks when one does (the refusal cites *rule),
	 * an Ex costs a defending group one step (its owner picks the unit: FM_AW_LOSS with
	 * loss_side the defender, then the attacker's loss), and a retreat (FM-8.3) is
	 * the group's: the path the owner gives for one member moves every queued member from
	 * the same hex, a retreat impossible eliminates them all, stiff resistance or a short
	 * retreat costs the group one step.  Strengths are summed and De/Ae eliminate every
	 * unit of a hex as for any units in one hex.
	 */
	int (*group)(const struct fm_game *g, int unit, int16_t *out, const char **rule);
	/* May unit set up in hex (FM-3.0-04), beyond the scenario's set-up hexes and stacking
	 * (a reserve not adjacent to any unit, MA-19.5-01)? */
	int (*place_check)(const struct fm_game *g, int unit, int hex, struct rules_error *err);
	/* After unit was eliminated from hex by any cause (a combat result, a retreat
	 * impossible or short, stiff resistance, a bombardment hit): the module may put units
	 * on the map (MA-13.1-04: the brigade of a three-step division) and emit events. */
	int (*unit_eliminated)(struct fm_game *g, int unit, int hex, struct rules_events *ev);
	/* 1 if unit's ZOC does not extend into hex for a reason the data cannot state.  A hex
	 * whose terrain blocks a side's ZOC is data (terrain "blocks_zoc_of", FM-6.0-05). */
	int (*zoc_blocked)(const struct fm_game *g, int unit, int hex);
	/* 1 if the "blocks_zoc_of" of hex's terrain does not hold for side's ZOC in the current
	 * game state (a breached trench, MA-14.2-05): the module lifts a block of the data. */
	int (*zoc_unblocked)(const struct fm_game *g, int hex, int side);
	/* May unit attack the enemy in hex (called per attacker, before the system checks)? */
	int (*attack_check)(const struct fm_game *g, int unit, int hex, struct rules_error *err);
	/* The CRT line of the current ground combat or bombardment after the system chose line
	 * from the terrain and hexsides; the scenario's crt.situations are applied after it. */
	int (*crt_line)(const struct fm_game *g, int line);
	/* The terrain types of hex (bits of map.hex_terrain) that give its present occupant no
	 * CRT line (FM-8.2.2-05 then chooses among the others): a breached trench, or a
	 * trench that benefits only the other side (MA-14.2-03, MA-17.6-03). */
	uint32_t (*crt_terrain_ignored)(const struct fm_game *g, int hex);
	/* The battle situations the module reports, by name ("beach_assault"): a scenario's
	 * crt.situations may name them; situation(g, k) is 1 when situations[k] holds in the
	 * current ground combat. */
	const char *const *situations;
	size_t nsituations;
	int (*situation)(const struct fm_game *g, size_t k);
	/*
	 * A decision a side may take after the support fire reveal and before the die roll of a
	 * ground combat (MA-18.1 the Lost Battalion): the side that must decide now, or -1;
	 * what (n bytes, may be NULL) receives the pending text.  While it returns a side the
	 * game waits (FM_AW_BEFORE_ROLL) for a module verb that records the decision, so that
	 * the hook returns -1, and then calls fm__battle_resolve().
	 */
	int (*before_roll)(const struct fm_game *g, char *what, size_t n);
	/* After the die roll, before the result is applied: may change g->b.result and apply
	 * special results (BS-16.3-06). */
	int (*after_roll)(struct fm_game *g, struct rules_events *ev, struct rules_error *err);
	/* 0 if side's marker is kept out of the random allotment (special markers). */
	int (*in_draw)(const struct fm_game *g, int side, int marker);
	/* Extra check of one marker commit (side, marker index) in the current battle; called
	 * before the system's availability checks, so it may name its own rule. */
	int (*marker_check)(const struct fm_game *g, int side, int marker, struct rules_error *err);
	/* The most markers side may commit to the current battle (system: 2). */
	int (*max_markers)(const struct fm_game *g, int side);
	/* 1 if side, having just committed at the current step, may commit one more marker at
	 * the same step (BS-14.1 anti-tank marker); `support pass` then ends the step. */
	int (*step_again)(const struct fm_game *g, int side);
	/* Bombardment target check for hex (observation, line of sight): called when a
	 * bombardment is declared, after the data's support ranges (support.ranges). */
	int (*bombard_check)(const struct fm_game *g, int hex, struct rules_error *err);
	/* A retreat/advance/displacement step (mode): refuse (<0, err filled with the exclusive
	 * rule), or set *stop to end it there (the retreat then counts as complete) and fill err
	 * (may be NULL) with the rule and reason, which the system cites if the path given goes
	 * on past that hex.  Called before the system's checks of the step. */
	int (*retreat_step)(const struct fm_game *g, int unit, int from, int to, enum fm_rs mode,
	                    int *stop, struct rules_error *err);
	/* 0 if unit may not take the current battle's loss (BS-14.1-06). */
	int (*loss_ok)(const struct fm_game *g, int unit);
	/* Called when a battle is fully resolved. */
	int (*battle_end)(struct fm_game *g, struct rules_events *ev, struct rules_error *err);
	/* Victory: return 1 and set *winner (-1 draw) and summary to decide; at_end = last turn
	 * over. */
	int (*victory)(const struct fm_game *g, int at_end, int *winner, char *summary, size_t n);
	/* The module's part of g->ex as JSON, and back. */
	cJSON *(*snapshot)(const struct fm_game *g);
	int (*restore)(struct fm_game *g, const cJSON *in, struct rules_error *err);
	/* A public mark of hex on the text board (a breached trench, MA-17.6): sets *mark to a
	 * character and returns the legend's text for it, or NULL for no mark. */
	const char *(*hex_mark)(const struct fm_game *g, int hex, char *mark);
	/* Adds the module's public/per-viewer state to a view. */
	void (*view)(const struct fm_game *g, int viewer, cJSON *out);
};

/* A list of modules: NULL-terminated, with more lists searched after it (a test daemon puts
 * its own modules in front of the shipped ones). */
struct fm_modules {
	const struct fm_module *const *list;
	const struct fm_modules *next;
};

/* The shipped modules (modules.c): one line per module folder. */
extern const struct fm_modules fm_shipped_modules;
/* The system-only module (all NULL). */
extern const struct fm_module fm__module_system;
/* The module named name in mods (and the lists after it), or NULL. */
const struct fm_module *fm__module_find(const struct fm_modules *mods, const char *name);

#endif
