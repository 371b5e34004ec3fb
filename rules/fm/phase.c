/*
 * phase.c -- the F&M sequence of play (FM-4.1), who must act (pending), and
 * victory.
 *
 * The phase machine (g->phase, g->player_turn, g->await):
 *
 *   fm__game_new ----> SETUP  (each side of turns.setup_order that has
 *                        |     "choose" units: place ... ; end)
 *                        | do_end (last set-up side) / start() when no choice
 *                        v
 *   +---------> fm__begin_turn: Support Fire Marker Phase (fm__support_allot,
 *   |                        |   hooks.turn_start); first player's turn
 *   |                        v
 *   |   +--> MOVEMENT --end--> BOMBARD --end--> COMBAT --end--> MOBILE_MOVE
 *   |   |    move, enter      bombard          attack            move, enter
 *   |   |                                                          |end
 *   |   |                                                          v
 *   |   |    close_player_turn (hooks.turn_closing) <--end-- MOBILE_COMBAT
 *   |   |          |   hooks.end_step?  --yes--> TURN_END          attack
 *   |   |          | no                           rebuild ... (module verbs)
 *   |   |          v                                 |end
 *   |   |    end_player_turn (hooks.player_turn_end) <+
 *   |   +----------+ first player's turn over: second player's turn
 *   |              |
 *   |              v second player's turn over: Game Turn End Phase
 *   |        fm__support_return; last turn? --yes--> victory --> OVER
 *   +------------- no: turn + 1
 *
 * Inside BOMBARD/COMBAT/MOBILE_COMBAT a battle runs its own sub-states
 * (g->await): SUPPORT (steps b1..b4, support.c) -> roll (combat.c) ->
 * LOSS | RETREAT <-> DISPLACE -> ADVANCE (retreat.c) -> PHASE.  `end` is
 * refused while a battle is open (FM-8.2.1-01, FM-8.0-06: fm__not_awaited), when the
 * module's end_check refuses it (a mandatory attack not made, BS-16.3-03), and, unless it is
 * `end force`, when the module's end_forfeit names a once-only choice it would give up
 * (unused rebuilds, BS-11.1-01).  Phases in which the active player can do nothing (no
 * marker to bombard with, no unit able to attack, no mobile unit able to move, no decision
 * left at the End of Player Turn) are passed automatically with a "phase-skipped" event
 * saying why (fm__turn_end_settle passes the End of Player Turn after the action that used
 * its last decision); the Movement Phase is never skipped.  `end`'s reply and its
 * "phase-ended" event say what ended, what passed and what the game waits for.
 * Instant victory checks run after every accepted action.
 */
#include "fm_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const phase_names[] = {
    [FM_PH_SETUP] = "Set-up",
    [FM_PH_MOVEMENT] = "Movement Phase",
    [FM_PH_BOMBARD] = "Bombardment Phase",
    [FM_PH_COMBAT] = "Combat Phase",
    [FM_PH_MOBILE_MOVE] = "Mobile Movement Phase",
    [FM_PH_MOBILE_COMBAT] = "Mobile Combat Phase",
    [FM_PH_OVER] = "game over",
    [FM_PH_TURN_END] = "End of Player Turn",
};

/* Stable slugs of the phases: JSON "phase" members (their display names go beside them as
 * "phase_text"). */
static const char *const phase_slugs[] = {
    [FM_PH_SETUP] = "setup",
    [FM_PH_MOVEMENT] = "movement",
    [FM_PH_BOMBARD] = "bombardment",
    [FM_PH_COMBAT] = "combat",
    [FM_PH_MOBILE_MOVE] = "mobile-movement",
    [FM_PH_MOBILE_COMBAT] = "mobile-combat",
    [FM_PH_OVER] = "over",
    [FM_PH_TURN_END] = "turn-end",
};

const char *fm__phase_slug(int phase)
{
	return phase >= 0 && phase <= FM_PH_TURN_END ? phase_slugs[phase] : "?";
}

const char *fm__phase_name(int phase)
{
	return phase >= 0 && phase <= FM_PH_TURN_END ? phase_names[phase] : "?";
}

/* The module's decision (FM_AW_MODULE): the side that makes it, or -1 (kind, what, rule may
 * be NULL). */
static int module_decision(const struct fm_game *g, const char **kind, char *what, size_t n,
                           const char **rule)
{
	const char *k = "exclusive", *r = "";
	char buf[240];
	int side;

	if (g->sc->module->decision == NULL)
		return -1;
	buf[0] = '\0';
	side = g->sc->module->decision(g, &k, buf, sizeof(buf), &r);
	if (kind != NULL)
		*kind = k;
	if (rule != NULL)
		*rule = r;
	if (what != NULL)
		snprintf(what, n, "%s", buf);
	return side >= 0 && side < RULES_SIDES ? side : -1;
}

int fm__acting_side(const struct fm_game *g)
{
	switch (g->await) {
	case FM_AW_PHASE:
		return g->active;
	case FM_AW_SUPPORT:
		return fm__support_side(g, g->b.step);
	case FM_AW_LOSS:
		return g->b.loss_side;
	case FM_AW_RETREAT:
	case FM_AW_DISPLACE:
		return g->b.retreat_side;
	case FM_AW_ADVANCE:
		return g->active;
	case FM_AW_BEFORE_ROLL:
		return g->sc->module->before_roll != NULL ? g->sc->module->before_roll(g, NULL, 0)
		                                          : -1;
	case FM_AW_MODULE:
		return module_decision(g, NULL, NULL, 0, NULL);
	}
	return -1;
}

/* ---- victory ------------------------------------------------------------ */

static int check_holds(const struct fm_game *g, const struct fm_check *c)
{
	int n = 0;

	for (int i = 0; i < g->nunits; i++) {
		if (g->u[i].where != FM_W_MAP || fm__side_of(g, i) != c->side)
			continue;
		if (c->zone >= 0 && !(g->sc->map.hex_zones[g->u[i].hex] & (1ull << c->zone)))
			continue;
		n++;
	}
	return c->absent ? n == 0 : n > 0;
}

static int game_over(struct fm_game *g, int winner, const char *summary, struct rules_events *ev)
{
	cJSON *f = cJSON_CreateObject();

	g->over = 1;
	g->winner = winner;
	g->phase = FM_PH_OVER;
	g->await = FM_AW_NONE;
	snprintf(g->summary, sizeof(g->summary), "%s", summary);
	cJSON_AddStringToObject(f, "winner", winner < 0 ? "draw" : g->sc->side_names[winner]);
	cJSON_AddStringToObject(f, "summary", g->summary);
	return rules_emit(ev, RULES_AUD_PUBLIC, "game-over", f, "game over: %s", g->summary);
}

static void check_text(const struct fm_game *g, const struct fm_check *c, char *buf, size_t n)
{
	snprintf(buf, n, "%s wins: %s %s %s", g->sc->side_names[c->winner],
	         c->absent ? "no unit of" : "a unit of", g->sc->side_names[c->side],
	         c->zone >= 0 ? g->sc->map.zones[c->zone].name : "on the map");
}

int fm__check_instant(struct fm_game *g, struct rules_events *ev)
{
	char summary[200];
	int winner;

	if (g->over || g->phase == FM_PH_SETUP)
		return 0;
	if (g->sc->module->victory != NULL &&
	    g->sc->module->victory(g, 0, &winner, summary, sizeof(summary)))
		return game_over(g, winner, summary, ev);
	for (int k = 0; k < g->sc->nchecks; k++) {
		const struct fm_check *c = &g->sc->checks[k];
		if (c->instant && check_holds(g, c)) {
			check_text(g, c, summary, sizeof(summary));
			return game_over(g, c->winner, summary, ev);
		}
	}
	return 0;
}

/* FM-4.1-12: victory is determined after the last game turn. */
static int final_victory(struct fm_game *g, struct rules_events *ev)
{
	char summary[200];
	int winner;

	if (g->sc->module->victory != NULL &&
	    g->sc->module->victory(g, 1, &winner, summary, sizeof(summary)))
		return game_over(g, winner, summary, ev);
	for (int k = 0; k < g->sc->nchecks; k++) {
		const struct fm_check *c = &g->sc->checks[k];
		if (!c->instant && check_holds(g, c)) {
			check_text(g, c, summary, sizeof(summary));
			return game_over(g, c->winner, summary, ev);
		}
	}
	if (g->sc->otherwise < 0)
		return game_over(g, -1, "the last turn is over: a draw", ev);
	snprintf(summary, sizeof(summary), "the last turn is over: %s wins",
	         g->sc->side_names[g->sc->otherwise]);
	return game_over(g, g->sc->otherwise, summary, ev);
}

/* ---- phases ------------------------------------------------------------- */

static int any_mobile_can_move(const struct fm_game *g)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct fm_unit_def *d = fm__def(g, i);
		if (d->side != g->active || !d->mobile)
			continue;
		if (g->u[i].where == FM_W_WAITING && d->setup == FM_SETUP_ARRIVES &&
		    d->arrive_turn <= g->turn)
			return 1;
		if (fm__may_move(g, i, NULL) == 0)
			return 1;
	}
	return 0;
}

/* 1 if some unit of the active side could attack an enemy unit now: an adjacent one, or one
 * sharing its hex (beach assault), not yet attacked in this phase and not protected by an
 * exclusive rule (frozen units). */
static int any_can_attack(const struct fm_game *g)
{
	for (int i = 0; i < g->nunits; i++) {
		if (g->u[i].where != FM_W_MAP || fm__side_of(g, i) != g->active)
			continue;
		if (fm__may_attack(g, i, NULL) != 0)
			continue;
		for (int d = -1; d < RULES_HEX_DIRS; d++) {
			int n = d < 0 ? g->u[i].hex
			              : rules_hex_neighbour(&g->sc->map.grid, g->u[i].hex, d);
			if (n < 0)
				continue;
			for (int o = 0; o < g->nunits; o++) {
				if (g->u[o].where != FM_W_MAP || g->u[o].hex != n ||
				    fm__side_of(g, o) == g->active ||
				    (g->u[o].flags & FM_UF_DEFENDED))
					continue;
				if (g->sc->module->may_act != NULL &&
				    g->sc->module->may_act(g, o, FM_ACT_BE_ATTACKED, NULL) != 0)
					continue;
				return 1;
			}
		}
	}
	return 0;
}

static void clear_flags(struct fm_game *g, uint16_t mask)
{
	for (int i = 0; i < g->nunits; i++)
		g->u[i].flags &= (uint16_t)~mask;
}

static int end_player_turn(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                           struct rules_error *err);
static int close_player_turn(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                             struct rules_error *err);
static int turn_end_passes(struct fm_game *g, const char *why, struct rules_dice *d,
                           struct rules_events *ev, struct rules_error *err);

/* The public event of the current phase: "phase" (it begins and waits), "phase-skipped" (it
 * passes by itself, why says why) or "phase-ended" (the active player ended it, why: what an
 * `end force` gave up, or NULL). */
static int phase_event(const struct fm_game *g, const char *type, const char *why,
                       struct rules_events *ev)
{
	const char *side = g->sc->side_names[g->active], *name = fm__phase_name(g->phase);
	int ended = strcmp(type, "phase-ended") == 0;
	cJSON *f = cJSON_CreateObject();

	cJSON_AddNumberToObject(f, "turn", g->turn);
	cJSON_AddStringToObject(f, "side", side);
	cJSON_AddStringToObject(f, "phase", fm__phase_slug(g->phase));
	cJSON_AddStringToObject(f, "phase_text", name);
	if (ended) {
		cJSON_AddBoolToObject(f, "forced", why != NULL);
		if (why != NULL)
			cJSON_AddStringToObject(f, "given_up", why);
		return rules_emit(
		    ev, RULES_AUD_PUBLIC, type, f, "turn %d, %s ends the %s%s%s", g->turn, side,
		    name, why != NULL ? " (end force), giving up: " : "", why != NULL ? why : "");
	}
	cJSON_AddBoolToObject(f, "skipped", why != NULL);
	if (why != NULL) {
		cJSON_AddStringToObject(f, "reason", why);
		return rules_emit(ev, RULES_AUD_PUBLIC, type, f, "turn %d, %s %s: passed, %s",
		                  g->turn, side, name, why);
	}
	return rules_emit(ev, RULES_AUD_PUBLIC, type, f, "turn %d, %s %s", g->turn, side, name);
}

static int phase_passed(const struct fm_game *g, const char *why, struct rules_events *ev)
{
	return phase_event(g, "phase-skipped", why, ev);
}

int fm__enter_phase(struct fm_game *g, int phase, struct rules_dice *d, struct rules_events *ev,
                    struct rules_error *err)
{
	const char *why = "";
	char whybuf[200] = "";
	int skip = 0, rc;

	if (g->over)
		return 0;
	fm__finish_mover(g);
	g->phase = phase;
	g->await = FM_AW_PHASE;
	g->mover = -1;
	clear_flags(g, FM_UF_DONE | FM_UF_STOPPED | FM_UF_DEFENDED | FM_UF_ENTERED);
	for (int i = 0; i < g->nunits; i++) {
		g->u[i].mp_half = 0;
		g->u[i].move_start = -1;
		g->u[i].start_ezoc = 0;
		g->u[i].left_ezoc = 0;
	}
	switch (phase) {
	case FM_PH_BOMBARD:
		if (g->sc->module->bombard_step != NULL) { /* the exclusive rules' bombardment */
			skip = !g->sc->module->bombard_step(g, whybuf, sizeof(whybuf));
			why = whybuf;
			break;
		}
		skip = fm__markers_available(g, g->active) == 0;
		why = "no support fire marker to bombard with";
		break;
	case FM_PH_COMBAT:
	case FM_PH_MOBILE_COMBAT:
		skip = !any_can_attack(g);
		why = "no unit can attack an enemy unit";
		break;
	case FM_PH_MOBILE_MOVE:
		skip = !any_mobile_can_move(g);
		why = "no mobile unit can move or enter";
		break;
	}
	rc = skip ? phase_passed(g, why, ev) : phase_event(g, "phase", NULL, ev);
	if (rc || !skip)
		return rc;
	if (phase == FM_PH_MOBILE_COMBAT)
		return close_player_turn(g, d, ev, err);
	return fm__enter_phase(g, phase + 1, d, ev, err);
}

static void start_player_turn(struct fm_game *g)
{
	clear_flags(g, 0xffffu);
	memset(g->bombarded, 0, sizeof(g->bombarded));
}

/* The first phase of the active player's turn: the Movement Phase, or a later one the module
 * names (hooks.turn_phase: H-Hour), the Movement Phase then passing with the module's why. */
static int first_phase(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                       struct rules_error *err)
{
	char why[200] = "";
	int phase = FM_PH_MOVEMENT, rc;

	if (g->sc->module->turn_phase != NULL)
		phase = g->sc->module->turn_phase(g, why, sizeof(why));
	if (phase <= FM_PH_MOVEMENT || phase > FM_PH_MOBILE_COMBAT)
		return fm__enter_phase(g, FM_PH_MOVEMENT, d, ev, err);
	g->phase = FM_PH_MOVEMENT;
	g->await = FM_AW_PHASE;
	if ((rc = phase_passed(g, why[0] ? why : "an exclusive rule skips it", ev)) != 0)
		return rc;
	return fm__enter_phase(g, phase, d, ev, err);
}

int fm__begin_turn(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                   struct rules_error *err)
{
	int rc;

	g->player_turn = 0;
	g->active = g->sc->first_player; /* FM-4.1-01 */
	start_player_turn(g);
	cJSON *f = cJSON_CreateObject();
	cJSON_AddNumberToObject(f, "turn", g->turn);
	cJSON_AddNumberToObject(f, "turns", g->sc->turns);
	if (g->sc->labels[g->turn][0])
		cJSON_AddStringToObject(f, "label", g->sc->labels[g->turn]);
	rc = rules_emit(ev, RULES_AUD_PUBLIC, "turn-started", f, "game turn %d of %d begins%s%s",
	                g->turn, g->sc->turns, g->sc->labels[g->turn][0] ? ": " : "",
	                g->sc->labels[g->turn]);
	if (rc)
		return rc;
	if ((rc = fm__support_allot(g, d, ev, err)) != 0) /* FM-4.1-02 */
		return rc;
	if (g->sc->module->turn_start != NULL &&
	    (rc = g->sc->module->turn_start(g, d, ev, err)) != 0)
		return rc;
	return first_phase(g, d, ev, err);
}

/*
 * The active player's Mobile Combat Phase is over: the module's automatic end-of-turn
 * effects (hooks.turn_closing), then his end-of-turn decisions if the module has any
 * (FM_PH_TURN_END, e.g. BS-11.0 rebuilds "at the end of his own player turn"), else the
 * player turn ends at once.
 */
static int close_player_turn(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                             struct rules_error *err)
{
	const struct fm_module *h = g->sc->module;
	char why[200] = "";
	int rc;

	fm__finish_mover(g);
	if (h->turn_closing != NULL && (rc = h->turn_closing(g, d, ev, err)) != 0)
		return rc;
	if (g->over)
		return 0;
	if (h->end_step == NULL)
		return end_player_turn(g, d, ev, err);
	g->phase = FM_PH_TURN_END;
	g->await = FM_AW_PHASE;
	g->mover = -1;
	if (!h->end_step(g, why, sizeof(why)))
		return turn_end_passes(g, why, d, ev, err);
	return phase_event(g, "phase", NULL, ev);
}

/* The End of Player Turn step has nothing left to decide: it passes by itself, saying why
 * when the module says (a rebuild left but no unit eligible), then the player turn ends. */
static int turn_end_passes(struct fm_game *g, const char *why, struct rules_dice *d,
                           struct rules_events *ev, struct rules_error *err)
{
	int rc;

	if (why[0] != '\0' && (rc = phase_passed(g, why, ev)) != 0)
		return rc;
	return end_player_turn(g, d, ev, err);
}

int fm__turn_end_settle(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                        struct rules_error *err)
{
	const struct fm_module *h = g->sc->module;
	char why[200] = "";

	if (g->over || g->phase != FM_PH_TURN_END || g->await != FM_AW_PHASE)
		return 0;
	if (h->end_step != NULL && h->end_step(g, why, sizeof(why)))
		return 0;
	return turn_end_passes(g, why, d, ev, err);
}

static int end_player_turn(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                           struct rules_error *err)
{
	int rc;

	fm__finish_mover(g);
	if (g->sc->module->player_turn_end != NULL &&
	    (rc = g->sc->module->player_turn_end(g, d, ev, err)) != 0)
		return rc;
	if (g->over)
		return 0;
	if (g->player_turn == 0) { /* FM-4.1-11 */
		g->player_turn = 1;
		g->active = 1 - g->sc->first_player;
		start_player_turn(g);
		return first_phase(g, d, ev, err);
	}
	/* Game Turn End Phase (FM-4.1-12) */
	fm__support_return(g);
	cJSON *f = cJSON_CreateObject();
	cJSON_AddNumberToObject(f, "turn", g->turn);
	rc = rules_emit(ev, RULES_AUD_PUBLIC, "turn-ended", f, "game turn %d ends", g->turn);
	if (rc)
		return rc;
	if (g->turn >= g->sc->turns)
		return final_victory(g, ev);
	g->turn++;
	return fm__begin_turn(g, d, ev, err);
}

static int unplaced(const struct fm_game *g, int side, char *buf, size_t n)
{
	size_t len = 0;
	int count = 0;

	buf[0] = '\0';
	for (int i = 0; i < g->nunits; i++)
		if (fm__side_of(g, i) == side && g->u[i].where == FM_W_UNPLACED) {
			if (len < n)
				len += (size_t)snprintf(buf + len, n - len, "%s%s",
				                        count ? ", " : "", fm__def(g, i)->id);
			count++;
		}
	return count;
}

/* The next set-up side with units to place, from index idx, or -1. */
static int next_setup(const struct fm_game *g, int idx)
{
	char buf[8];

	for (int k = idx; k < g->sc->nsetup; k++)
		if (unplaced(g, g->sc->setup_order[k], buf, sizeof(buf)) > 0)
			return k;
	return -1;
}

/*
 * The reply of an accepted `end`: what it ended, every phase that then passed by itself and
 * why, turn changes, and what the game waits for now (the events from index n0 on).  Lines for
 * people, and the same as JSON members: ended, passed [...], now, summary.  reply may be
 * NULL (nothing is written).
 */
static int end_reply(const struct fm_game *g, int actor, const char *ended, cJSON *reply,
                     const struct rules_events *ev, size_t n0)
{
	cJSON *passed, *now;
	char sum[240];
	int npassed = 0, side = fm__acting_side(g);

	if (reply == NULL) /* a replay, or a caller that wants no reply */
		return 0;
	passed = cJSON_AddArrayToObject(reply, "passed");
	cJSON_AddStringToObject(reply, "ended", ended);
	fm__line(reply, "ended: %s", ended);
	for (size_t k = n0; k < ev->count; k++) {
		const cJSON *e = ev->items[k].data;
		const char *type = cJSON_GetObjectItemCaseSensitive(e, "event")->valuestring;
		const char *text = cJSON_GetObjectItemCaseSensitive(e, "text")->valuestring;
		if (ev->items[k].audience != RULES_AUD_PUBLIC)
			continue;
		if (strcmp(type, "phase-skipped") == 0) {
			cJSON_AddItemToArray(passed, cJSON_CreateString(text));
			fm__line(reply, "%s", text);
			npassed++;
		} else if (strcmp(type, "turn-ended") == 0 || strcmp(type, "turn-started") == 0 ||
		           strcmp(type, "game-over") == 0 || strcmp(type, "unit-withdrawn") == 0) {
			fm__line(reply, "%s", text);
		}
	}
	now = cJSON_AddObjectToObject(reply, "now");
	if (g->over || side < 0) {
		cJSON_AddStringToObject(now, "phase", fm__phase_slug(FM_PH_OVER));
		cJSON_AddStringToObject(now, "phase_text", "game over");
		fm__line(reply, "now: the game is over: %s", g->summary);
		snprintf(sum, sizeof(sum), "%s ended; the game is over", ended);
	} else {
		struct rules_pending p;
		cJSON_AddNumberToObject(now, "turn", g->turn);
		cJSON_AddStringToObject(now, "side", g->sc->side_names[side]);
		cJSON_AddStringToObject(now, "phase", fm__phase_slug(g->phase));
		cJSON_AddStringToObject(now, "phase_text", fm__phase_name(g->phase));
		fm__pending((const struct rules_game *)g, &p);
		/* what the game waits for is the actor's to read only when it is his decision */
		if (side == actor)
			fm__line(reply, "now: %s", p.what[side]);
		else
			fm__line(reply, "now: turn %d, %s's %s", g->turn, g->sc->side_names[side],
			         fm__phase_name(g->phase));
		if (npassed > 0)
			snprintf(sum, sizeof(sum),
			         "%s ended, %d phase%s passed (nothing to do); now "
			         "%s's %s",
			         ended, npassed, npassed == 1 ? "" : "s", g->sc->side_names[side],
			         fm__phase_name(g->phase));
		else
			snprintf(sum, sizeof(sum), "%s ended; now %s's %s", ended,
			         g->sc->side_names[side], fm__phase_name(g->phase));
	}
	cJSON_AddStringToObject(reply, "summary", sum);
	return 0;
}

int fm__do_end(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
               cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct fm_module *h = g->sc->module;
	char buf[200], ended[96], lost[200] = "", rule[FM_ID] = "";
	size_t n0 = ev->count;
	int force = argc == 2, rc;

	if (argc > 2 || (argc == 2 && strcasecmp(argv[1], "force") != 0))
		return rules_fail(err, WG_E_BAD_ARGS, "",
		                  "usage: end, or end force to give up a choice the end of the "
		                  "phase loses for good");
	if (g->await != FM_AW_PHASE)
		return fm__not_awaited(g, fm__verb_find(g->sc, "end"), argv[0], err);
	if (side != g->active)
		return rules_fail(err, WG_E_NOT_YOUR_TURN, "FM-5.2-01", "it is %s's %s",
		                  g->sc->side_names[g->active], fm__phase_name(g->phase));
	if (g->phase == FM_PH_SETUP) {
		int k;
		if (unplaced(g, side, buf, sizeof(buf)) > 0)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "FM-3.0-04",
			                  "set up every unit first: %s (place <unit> <hex>)", buf);
		cJSON *f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "side", g->sc->side_names[side]);
		rc = rules_emit(ev, RULES_AUD_PUBLIC, "setup-done", f, "%s has set up",
		                g->sc->side_names[side]);
		if (rc)
			return rc;
		snprintf(ended, sizeof(ended), "the %s set-up", g->sc->side_names[side]);
		k = next_setup(g, g->setup_idx + 1);
		if (k >= 0) {
			g->setup_idx = k;
			g->active = g->sc->setup_order[k];
		} else {
			g->turn = 1;
			rc = fm__begin_turn(g, d, ev, err);
		}
		return rc ? rc : end_reply(g, side, ended, reply, ev, n0);
	}
	/* a mandatory act (an attack, a landing) is never given up, not even by end force */
	if (h->end_check != NULL && (rc = h->end_check(g, err)) != 0)
		return rc;
	/* a once-only choice the end of the phase loses for good: only end force gives it up */
	if (h->end_forfeit != NULL && h->end_forfeit(g, lost, sizeof(lost), rule) && !force)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, rule,
		    "`end` would give up for good %s; make that choice first, or type "
		    "`end force` to give it up",
		    lost);
	snprintf(ended, sizeof(ended), "turn %d, %s %s", g->turn, g->sc->side_names[side],
	         fm__phase_name(g->phase));
	if ((rc = phase_event(g, "phase-ended", lost[0] ? lost : NULL, ev)) != 0)
		return rc;
	if (g->phase == FM_PH_TURN_END)
		rc = end_player_turn(g, d, ev, err);
	else if (g->phase == FM_PH_MOBILE_COMBAT)
		rc = close_player_turn(g, d, ev, err);
	else
		rc = fm__enter_phase(g, g->phase + 1, d, ev, err);
	return rc ? rc : end_reply(g, side, ended, reply, ev, n0);
}

/* Called by fm.c's start(): set-up if any side has choices, else turn 1. */
int fm__start_game(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                   struct rules_error *err)
{
	int k = next_setup(g, 0);

	if (k >= 0) {
		g->phase = FM_PH_SETUP;
		g->await = FM_AW_PHASE;
		g->setup_idx = k;
		g->active = g->sc->setup_order[k];
		cJSON *f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "side", g->sc->side_names[g->active]);
		return rules_emit(ev, RULES_AUD_PUBLIC, "setup", f, "%s sets up",
		                  g->sc->side_names[g->active]);
	}
	g->turn = 1;
	return fm__begin_turn(g, d, ev, err);
}

const char *fm__await_kind(const struct fm_game *g)
{
	switch (g->await) {
	case FM_AW_PHASE:
		if (g->phase == FM_PH_SETUP)
			return "setup";
		if (g->phase == FM_PH_TURN_END)
			return "turn-end";
		return "phase";
	case FM_AW_SUPPORT:
		return "support-step";
	case FM_AW_LOSS:
		return "loss";
	case FM_AW_RETREAT:
		return "retreat";
	case FM_AW_DISPLACE:
		return "displace";
	case FM_AW_ADVANCE:
		return "advance";
	case FM_AW_BEFORE_ROLL:
		return "before-roll";
	case FM_AW_MODULE: {
		const char *kind = "exclusive";
		module_decision(g, &kind, NULL, 0, NULL);
		return kind;
	}
	default:
		return "none";
	}
}

void fm__pending(const struct rules_game *rg, struct rules_pending *p)
{
	const struct fm_game *g = (const struct fm_game *)rg;
	int side = fm__acting_side(g);
	char *w, buf[RULES_HEX_ID_MAX], list[160];

	memset(p, 0, sizeof(*p));
	if (g->over || side < 0)
		return;
	p->sides = RULES_AUD_SIDE(side);
	w = p->what[side];
	snprintf(p->kind[side], sizeof(p->kind[side]), "%s", fm__await_kind(g));
	switch (g->await) {
	case FM_AW_PHASE:
		if (g->phase == FM_PH_SETUP) {
			unplaced(g, side, list, sizeof(list));
			if (list[0] != '\0')
				snprintf(w, 240, "set-up: place %s (place <unit> <hex>), then end",
				         list);
			else
				snprintf(w, 240, "set-up: every unit is placed; end to finish it");
		} else if (g->phase == FM_PH_MOVEMENT || g->phase == FM_PH_MOBILE_MOVE) {
			char lost[200], rule[FM_ID];
			int forfeit = g->sc->module->end_forfeit != NULL &&
			              g->sc->module->end_forfeit(g, lost, sizeof(lost), rule);
			snprintf(w, 240,
			         "turn %d, %s: move <unit> <hex>..., enter <unit> <hex>, "
			         "then end%s",
			         g->turn, fm__phase_name(g->phase),
			         forfeit ? " (a once-only choice is open: `end` names it, "
			                   "`end force` gives it up)"
			                 : "");
		} else if (g->phase == FM_PH_TURN_END) {
			char txt[200] = "";
			if (g->sc->module->end_step != NULL)
				g->sc->module->end_step(g, txt, sizeof(txt));
			snprintf(w, 240, "turn %d, end of your player turn: %s", g->turn,
			         txt[0] ? txt : "end");
		} else if (g->phase == FM_PH_BOMBARD && g->sc->module->bombard_step != NULL) {
			g->sc->module->bombard_step(g, w, 240);
		} else if (g->phase == FM_PH_BOMBARD) {
			snprintf(w, 240,
			         "turn %d, Bombardment Phase: bombard <hex> <marker> "
			         "[<marker>] (%d markers left), or end",
			         g->turn, fm__markers_available(g, side));
		} else {
			snprintf(w, 240, "turn %d, %s: attack <hex> <unit> [<unit> ...], or end",
			         g->turn, fm__phase_name(g->phase));
		}
		break;
	case FM_AW_SUPPORT:
		snprintf(w, 240,
		         "support fire step b%d of 5 in the %s on %s: support %s or "
		         "support pass",
		         g->b.step, side == g->active ? "attack" : "defence",
		         fm__hex_id(g, g->b.target, buf), g->opt.pick_blind ? "draw" : "<marker>");
		break;
	case FM_AW_LOSS:
		snprintf(w, 240, "%s: choose the unit to reduce (reduce <unit>)",
		         g->b.ff ? "friendly fire (A)" : fm__result_name(g->b.result));
		break;
	case FM_AW_RETREAT: {
		size_t len = (size_t)snprintf(w, 240, "%s:", fm__result_name(g->b.result));
		for (int k = 0; k < g->b.nretreat && len < 240; k++)
			len += (size_t)snprintf(w + len, 240 - len, " retreat %s %d hex%s from %s;",
			                        fm__def(g, g->b.retreat[k].unit)->id,
			                        g->b.retreat[k].dist,
			                        g->b.retreat[k].dist > 1 ? "es" : "",
			                        fm__hex_id(g, g->b.retreat[k].origin, buf));
		if (len < 240)
			snprintf(w + len, 240 - len,
			         " (retreat <unit> <hex>..., stiff <unit>, displace <unit> <hex>)");
		break;
	}
	case FM_AW_DISPLACE:
		snprintf(w, 240,
		         "displace %s <hex>: a displaced unit moved into its hex (FM-8.3.1)",
		         fm__def(g, g->b.displacing)->id);
		break;
	case FM_AW_ADVANCE: {
		size_t len = (size_t)snprintf(w, 240, "advance after combat along");
		for (int k = 0; k < g->b.npath && len < 240; k++)
			len += (size_t)snprintf(w + len, 240 - len, " %s",
			                        fm__hex_id(g, g->b.path[k], buf));
		if (len < 240)
			snprintf(w + len, 240 - len, ": advance <unit> <hex>... or advance none");
		break;
	}
	case FM_AW_BEFORE_ROLL:
		g->sc->module->before_roll(g, w, 240);
		break;
	case FM_AW_MODULE:
		module_decision(g, NULL, w, 240, NULL);
		break;
	}
}

/*
 * A verb that does not answer the decision awaited now (the side is right): the refusal with
 * the rule that orders it.  While an attack is being resolved (support steps, loss, retreat,
 * advance): `end` at a support step would call the declared attack off (FM-8.2.1-01),
 * anything else comes after the attack is resolved completely (FM-8.0-06).  An advance is
 * decided only right after the retreat (FM-8.5-07); support markers are placed at the steps
 * of a declared attack (FM-8.2.1-02); a loss is chosen when a result asks for one
 * (FM-8.2.4-04); retreat, stiff resistance and displacement answer a retreat result
 * (FM-8.3-01).
 */
int fm__not_awaited(const struct fm_game *g, const struct fm_verb *v, const char *name,
                    struct rules_error *err)
{
	const char *rule = "";
	char why[160] = "", hex[RULES_HEX_ID_MAX];
	struct rules_pending p;
	int side = fm__acting_side(g);

	fm__pending((const struct rules_game *)g, &p);
	if (g->await == FM_AW_MODULE) {
		module_decision(g, NULL, NULL, 0, &rule);
		snprintf(why, sizeof(why), "an exclusive rule waits for a decision first");
	} else if (g->await != FM_AW_PHASE && (v->awaits & FM_AWAITS(FM_AW_PHASE))) {
		fm__hex_id(g, g->b.target, hex);
		if (v->exec == fm__do_end && g->await == FM_AW_SUPPORT) {
			rule = "FM-8.2.1-01";
			snprintf(why, sizeof(why),
			         "the %s on %s is declared and cannot be called off (8.2.1 a)",
			         g->b.bombard ? "bombardment" : "attack", hex);
		} else {
			rule = "FM-8.0-06";
			snprintf(why, sizeof(why),
			         "the %s on %s is resolved completely, retreats and advance "
			         "included, before anything else (8.0)",
			         g->b.bombard ? "bombardment" : "attack", hex);
		}
	} else if (v->awaits & FM_AWAITS(FM_AW_ADVANCE)) {
		rule = "FM-8.5-07";
		snprintf(why, sizeof(why),
		         "an advance after combat is decided at once after the retreat, and no "
		         "advance is pending now (8.5)");
	} else if (v->awaits & FM_AWAITS(FM_AW_SUPPORT)) {
		rule = "FM-8.2.1-02";
		snprintf(why, sizeof(why),
		         "support fire markers are placed at the support steps of a declared "
		         "attack (8.2.1 b)");
	} else if (v->awaits & FM_AWAITS(FM_AW_LOSS)) {
		rule = "FM-8.2.4-04";
		snprintf(why, sizeof(why),
		         "no combat result asks you to choose a loss now (8.2.4)");
	} else if (v->awaits & FM_AWAITS(FM_AW_MODULE)) {
		module_decision(g, NULL, NULL, 0, &rule);
		snprintf(why, sizeof(why),
		         "it answers a decision of the exclusive rules, and none is pending now");
	} else if (v->awaits & (FM_AWAITS(FM_AW_RETREAT) | FM_AWAITS(FM_AW_DISPLACE))) {
		rule = "FM-8.3-01";
		snprintf(why, sizeof(why), "no combat result asks for a retreat now (8.3)");
	} else if (v->awaits & FM_AWAITS(FM_AW_BEFORE_ROLL)) {
		rule = "FM-8.2.1-06";
		snprintf(why, sizeof(why),
		         "it is decided after the support fire reveal and before the die roll of "
		         "an attack, and no attack waits for it now");
	}
	return rules_fail(err, WG_E_WRONG_PHASE, rule,
	                  "'%s' is not what the game waits for now%s%s: %s", name,
	                  why[0] ? ": " : "", why, side >= 0 ? p.what[side] : "");
}

void fm__outcome(const struct rules_game *rg, struct rules_outcome *o)
{
	const struct fm_game *g = (const struct fm_game *)rg;

	memset(o, 0, sizeof(*o));
	o->over = g->over;
	o->winner = g->over ? g->winner : -1;
	snprintf(o->summary, sizeof(o->summary), "%s", g->over ? g->summary : "in progress");
}
