/*
 * rebuild.c -- the end of a Battle of the Scheldt player turn: the 155th
 * Regiment's withdrawal (13.1) and rebuilds (11.0, 11.1).
 *
 * When the active player's Mobile Combat Phase is over (turn_closing):
 *   13.1-02  the 155/52, if depleted, is withdrawn at the end of an Allied
 *            player turn, before the Allied rebuilds, so it cannot be rebuilt
 *            (AMB-58); otherwise it is withdrawn at the end of Turn 8; it
 *            returns with the Beveland assault (assault.c) unless eliminated.
 * Then, if the player may still rebuild a unit, the game waits in the End of
 * Player Turn step (FM_PH_TURN_END, end_step) for `rebuild <unit>` and `end`:
 *   11.0-02  German: one per player turn on Turns 1-5 (AMB-40), a depleted
 *            non-mobile unit within eight hexes of the eastern map edge
 *            (AMB-41);
 *   11.0-07  Allied: two per player turn on Turns 1-10, one on 11-20; an
 *            assault-group unit only if it traces overland to Antwerp through
 *            hexes free of German units and German ZOC (11.0-08, AMB-42);
 *   11.0-10  never a unit adjacent to an enemy unit (a shared hex counts);
 *   11.0-11  eliminated units never return; 11.1-01 unused rebuilds are lost
 *            at the end of the player turn (player_turn_end).
 */
#include "scheldt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int withdraw(struct fm_game *g, const char *why, struct rules_events *ev)
{
	const struct scheldt_data *d = scheldt__data(g);
	int u = d->withdraw_unit;
	cJSON *f;

	g->u[u].where = FM_W_REMOVED;
	g->u[u].hex = -1;
	scheldt__state(g)->withdrawn = 1;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", fm__def(g, u)->id);
	cJSON_AddStringToObject(f, "rule", "BS-13.1-02");
	return rules_emit(ev, RULES_AUD_PUBLIC, "unit-withdrawn", f,
	                  "%s is withdrawn from the map (%s); it returns with the Beveland "
	                  "assault (13.1)",
	                  fm__def(g, u)->id, why);
}

int scheldt__turn_closing(struct fm_game *g, struct rules_dice *dice, struct rules_events *ev,
                          struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	int u = d->withdraw_unit;

	(void)dice;
	(void)err;
	if (u >= 0 && g->active == d->allied && g->u[u].where == FM_W_MAP && g->u[u].step > 0)
		return withdraw(g, "depleted at the end of an Allied player turn", ev);
	return 0;
}

int scheldt__player_turn_end(struct fm_game *g, struct rules_dice *dice, struct rules_events *ev,
                             struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	int u = d->withdraw_unit;

	(void)dice;
	(void)err;
	scheldt__state(g)->rebuilds = 0; /* 11.1-01: not accumulated */
	/* 13.1-02: at the end of Turn 8 (after its second player turn, AMB-58) */
	if (u >= 0 && g->player_turn == 1 && g->turn == d->withdraw_turn &&
	    g->u[u].where == FM_W_MAP)
		return withdraw(g, "end of turn", ev);
	return 0;
}

int scheldt__rebuild_allowance(const struct fm_game *g, int side)
{
	const struct scheldt_data *d = scheldt__data(g);
	int n = 0;

	for (int k = 0; k < d->nwin; k++)
		if (d->win[k].side == side && g->turn >= d->win[k].from &&
		    g->turn <= d->win[k].to && d->win[k].per_turn > n)
			n = d->win[k].per_turn;
	return n;
}

/* 1 if hex may be part of the overland trace to Antwerp (AMB-42). */
static int trace_hex(const struct fm_game *g, int hex)
{
	const struct scheldt_data *d = scheldt__data(g);

	if (fm__hex_prohibited(g, hex, -1) || scheldt__hex_is(g, hex, SCH_HF_SEA))
		return 0;
	if (!scheldt__opt(g, SCH_O_TRACE_FLOODED) &&
	    scheldt__hex_is(g, hex, SCH_HF_FLOODED | SCH_HF_INLET))
		return 0;
	return fm__enemy_in(g, hex, d->allied) < 0 && !fm__in_ezoc(g, hex, d->allied);
}

int scheldt__trace_antwerp(const struct fm_game *g, int unit)
{
	int n = g->sc->map.grid.count, head = 0, tail = 0, found = 0;
	int *queue = malloc(sizeof(int) * (size_t)n);
	uint8_t *seen = calloc((size_t)n, 1);

	if (queue == NULL || seen == NULL) {
		free(queue);
		free(seen);
		return 0;
	}
	if (g->u[unit].where == FM_W_MAP && trace_hex(g, g->u[unit].hex)) {
		queue[tail++] = g->u[unit].hex;
		seen[g->u[unit].hex] = 1;
	}
	while (head < tail && !found) {
		int h = queue[head++];
		if (scheldt__hex_is(g, h, SCH_HF_ANTWERP)) {
			found = 1;
			break;
		}
		for (int dir = 0; dir < RULES_HEX_DIRS; dir++) {
			int nb = rules_hex_neighbour(&g->sc->map.grid, h, dir);
			if (nb < 0 || seen[nb] || fm__side_prohibited(g, h, nb, -1) ||
			    scheldt__side_is(g, h, nb, SCH_SF_SEA | SCH_SF_BARRED) ||
			    !trace_hex(g, nb))
				continue;
			seen[nb] = 1;
			queue[tail++] = nb;
		}
	}
	free(queue);
	free(seen);
	return found;
}

int scheldt__rebuild_ok(const struct fm_game *g, int unit, struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	const struct fm_unit_def *def = fm__def(g, unit);
	int side = def->side;

	if (g->u[unit].where == FM_W_ELIMINATED)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "BS-11.0-11",
		    "%s was eliminated: no unit is brought back once eliminated (11.0)", def->id);
	if (unit == d->withdraw_unit && g->u[unit].where == FM_W_REMOVED)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "BS-13.1-02",
		                  "%s was withdrawn and may not be rebuilt (13.1)", def->id);
	if (g->u[unit].where != FM_W_MAP)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "BS-11.0-12",
		    "%s is not on the map: only a depleted unit on the map is rebuilt", def->id);
	if (g->u[unit].step == 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "BS-11.0-12",
		                  "%s is at full strength: only a depleted unit is rebuilt (11.0)",
		                  def->id);
	if (side == d->german && def->mobile)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "BS-11.0-04",
		                  "%s is a mobile unit: the German player rebuilds only non-mobile "
		                  "units (11.0)",
		                  def->id);
	if (side == d->german && d->east_dist[g->u[unit].hex] > d->german_edge_distance)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "BS-11.0-05",
		    "%s is %d hexes from the eastern edge of the map: German rebuilds "
		    "only within %d hexes of it (11.0, AMB-41)",
		    def->id, d->east_dist[g->u[unit].hex], d->german_edge_distance);
	for (int i = 0; i < g->nunits; i++)
		if (g->u[i].where == FM_W_MAP && fm__side_of(g, i) != side &&
		    fm__distance(g, g->u[i].hex, g->u[unit].hex) <= 1)
			return rules_fail(
			    err, WG_E_ILLEGAL_ACTION, "BS-11.0-10",
			    "%s is adjacent to the enemy unit %s: no rebuild next to an "
			    "enemy unit, even a depleted one (11.0)",
			    def->id, fm__def(g, i)->id);
	if ((d->unitf[unit] & (SCH_UF_BEVELAND | SCH_UF_WALCHEREN)) &&
	    !scheldt__trace_antwerp(g, unit))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "BS-11.0-08",
		                  "%s is an assault unit and cannot trace a line of hexes overland "
		                  "to Antwerp free of German units and German zones of control "
		                  "(11.0, AMB-42)",
		                  def->id);
	return 0;
}

int scheldt__rebuild_candidates(const struct fm_game *g, int *left, char *list, size_t n)
{
	size_t len = 0;
	int count = 0;

	*left = scheldt__rebuild_allowance(g, g->active) - scheldt__cstate(g)->rebuilds;
	if (n > 0)
		list[0] = '\0';
	for (int i = 0; i<g->nunits && * left> 0; i++) {
		const char *id = fm__def(g, i)->id;
		if (fm__side_of(g, i) != g->active || scheldt__rebuild_ok(g, i, NULL) != 0)
			continue;
		if (len + strlen(id) + 7 < n)
			len += (size_t)snprintf(list + len, n - len, "%s%s", count ? ", " : "", id);
		else if (len + 6 < n && (len < 5 || strcmp(list + len - 5, ", ...") != 0))
			len += (size_t)snprintf(list + len, n - len, ", ...");
		count++;
	}
	return count;
}

int scheldt__end_step(const struct fm_game *g, char *what, size_t n)
{
	char list[100];
	int left, count = scheldt__rebuild_candidates(g, &left, list, sizeof(list));

	if (what != NULL && n > 0)
		what[0] = '\0';
	if (left <= 0) /* no rebuild this turn, or every one made: nothing to say */
		return 0;
	if (count == 0) {
		if (what != NULL)
			snprintf(what, n,
			         "%d rebuild%s left, but no unit of yours may be rebuilt now "
			         "(11.0)",
			         left, left > 1 ? "s" : "");
		return 0;
	}
	if (what != NULL)
		snprintf(what, n,
		         "rebuild <unit> (%d left; may be rebuilt: %s), or end force to give %s up "
		         "(11.1)",
		         left, list, left > 1 ? "them" : "it");
	return 1;
}

int scheldt__do_rebuild(struct fm_game *g, struct rules_dice *dice, int side, int argc, char **argv,
                        cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	struct scheldt_state *st = scheldt__state(g);
	const char *rule = side == d->german ? "BS-11.0-03" : "BS-11.0-09";
	int unit, allow, rc;
	cJSON *f;

	(void)argc;
	if (g->phase != FM_PH_TURN_END || side != g->active)
		return rules_fail(
		    err, WG_E_WRONG_PHASE, rule,
		    "rebuilds are made at the end of your own player turn, after all "
		    "movement and combat (end your Mobile Combat Phase first) (11.0)");
	unit = fm__unit_arg(g, argv[1], err);
	if (unit < 0)
		return unit;
	if (fm__side_of(g, unit) != side)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, rule, "%s is not your unit",
		                  fm__def(g, unit)->id);
	allow = scheldt__rebuild_allowance(g, side);
	if (allow == 0)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, side == d->german ? "BS-11.0-02" : "BS-11.0-07",
		    "%s has no rebuild on turn %d (11.0)", g->sc->side_names[side], g->turn);
	if (st->rebuilds >= allow)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, side == d->german ? "BS-11.0-02" : "BS-11.0-07",
		    "%s may rebuild %d unit%s in a player turn of turn %d and has done "
		    "so; rebuilds are not accumulated (11.0, 11.1)",
		    g->sc->side_names[side], allow, allow > 1 ? "s" : "", g->turn);
	if ((rc = scheldt__rebuild_ok(g, unit, err)) != 0)
		return rc;
	g->u[unit].step = 0; /* 11.0-12: back to its full-strength side */
	st->rebuilds++;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", fm__def(g, unit)->id);
	cJSON_AddNumberToObject(f, "left", allow - st->rebuilds);
	return rules_emit(ev, RULES_AUD_PUBLIC, "unit-rebuilt", f,
	                  "%s is rebuilt to full strength (%d-%d-%d) (11.0)", fm__def(g, unit)->id,
	                  fm__cur(g, unit)->attack, fm__cur(g, unit)->defense,
	                  fm__cur(g, unit)->ma);
}
