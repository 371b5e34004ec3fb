/*
 * replace.c -- Meuse Argonne's replacements (11.3, 11.6), with the return
 * of broken-down divisions (13.2-09), from the data's exclusive.replacements.
 *
 * In his own Movement Phase a side with a replacement left (Allied: per_turn,
 * one in each of his Movement Phases; German: per_game, once) uses it with
 * one verb:
 *   `replace <unit> <hex>`   an eliminated unit returns on a hex of the
 *                            side's replacement zone: Allied at full strength
 *                            (an eliminated three-step division depleted,
 *                            11.3-07), German depleted (11.6-02); never a
 *                            brigade chit (11.3-06); on an empty hex (AMB-90),
 *                            German not in Allied ZOC (11.6-04, AMB-99); it
 *                            does not move on in that phase (fm__arrive,
 *                            AMB-182);
 *   `rebuild <unit> [<unit>]` up to `rebuilds` depleted units on the map
 *                            (Allied two, German one) regain a step, even in
 *                            an EZOC, never in a forest (not_in_terrain) hex.
 * The Allied replacement is used at once or lost (11.3-03): `end` warns while
 * one is left and some unit could use it (end_forfeit), and no counter able
 * to use it means it is lost without a word (11.3-04).  The German one keeps
 * (11.6-03).  There is no Allied Movement Phase in the H-Hour turn (15.2,
 * AMB-78), so no Allied replacement then.
 *
 * A broken-down division (13.2) returns like an eliminated three-step
 * division, but only while at least three free brigade chits stand for each
 * broken-down division in play with it (13.2-09, AMB-181).
 */
#include "meuse_argonne.h"

#include <stdio.h>
#include <string.h>

/* The rule ids of each side's replacement (index 0: Allied 11.3, 1: German 11.6). */
static const char *rid(const struct fm_game *g, int side, int allied, int german)
{
	static const char *const ids[] = {"MA-11.3-01", "MA-11.3-02", "MA-11.3-03", "MA-11.3-05",
	                                  "MA-11.6-01", "MA-11.6-02", "MA-11.6-03", "MA-11.6-04"};
	return side == ma__data(g)->german ? ids[4 + german] : ids[allied];
}

int ma__repl_left(const struct fm_game *g, int side)
{
	const struct ma_data *d = ma__data(g);
	const struct ma_repl *r = &d->repl[side];
	const struct ma_state *st = ma__cstate(g);

	if (g->phase != FM_PH_MOVEMENT || g->active != side || g->over)
		return 0;
	if (side == g->sc->first_player && g->turn == d->hh_turn)
		return 0; /* H-Hour: no Allied Movement Phase (15.2, AMB-78) */
	if (r->per_turn > 0)
		return r->per_turn - (st->repl_turn[side] == g->turn ? st->repl_in_turn[side] : 0);
	return r->per_game - st->repl_total[side];
}

static void use_one(struct fm_game *g, int side)
{
	struct ma_state *st = ma__state(g);

	if (st->repl_turn[side] != g->turn) {
		st->repl_turn[side] = (int16_t)g->turn;
		st->repl_in_turn[side] = 0;
	}
	st->repl_in_turn[side]++;
	st->repl_total[side]++;
}

/* 0 if side may use a replacement now, else the refusal. */
static int allowance_ok(const struct fm_game *g, int side, struct rules_error *err)
{
	const struct ma_data *d = ma__data(g);
	const char *name = side == d->german ? "German" : "Allied";

	if (g->phase != FM_PH_MOVEMENT || g->active != side)
		return rules_fail(err, WG_E_WRONG_PHASE, rid(g, side, 0, 0),
		                  "replacements are received in your own Movement Phase (%s); this "
		                  "is the %s",
		                  side == d->german ? "11.6" : "11.3", fm__phase_name(g->phase));
	if (side == g->sc->first_player && g->turn == d->hh_turn)
		return rules_fail(err, WG_E_WRONG_PHASE, rid(g, side, 0, 0),
		                  "turn %d begins at H-Hour, after the Allied Movement Phase: no "
		                  "replacement this turn (15.2, AMB-78)",
		                  g->turn);
	if (ma__repl_left(g, side) > 0)
		return 0;
	if (d->repl[side].per_turn > 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, rid(g, side, 2, 2),
		                  "the %s replacement of this Movement Phase is used; replacements "
		                  "may not be accumulated (11.3)",
		                  name);
	return rules_fail(err, WG_E_ILLEGAL_ACTION, rid(g, side, 2, 2),
	                  "the %s replacement is used: once it is, no further replacement comes "
	                  "for the rest of the game (11.6)",
	                  name);
}

/* The broken-down divisions on the map. */
static int broken_in_play(const struct fm_game *g)
{
	const struct ma_data *d = ma__data(g);
	int n = 0;

	for (int k = 0; k < d->nthree; k++)
		n += ma__cstate(g)->broken[k] && g->u[d->three[k]].where == FM_W_MAP;
	return n;
}

/* 0 if side's unit may return as a replacement (anywhere), else the refusal. */
static int returns_ok(const struct fm_game *g, int side, int unit, struct rules_error *err)
{
	const struct ma_data *d = ma__data(g);
	const struct fm_unit_def *def = fm__def(g, unit);
	int k = ma__three_index(g, unit), broken = k >= 0 && ma__cstate(g)->broken[k], nfree;

	if (def->side != side)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, rid(g, side, 1, 1),
		                  "%s is not your unit", def->id);
	if (ma__unit_is(g, unit, MA_UF_BRIGADE) && !d->repl[side].brigades)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "MA-11.3-06",
		    "%s is a brigade chit: the Allied player may never receive brigade "
		    "chits as replacements (11.3)",
		    def->id);
	if (!(g->u[unit].where == FM_W_ELIMINATED || (broken && g->u[unit].where == FM_W_REMOVED)))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, rid(g, side, 1, 1),
		                  "%s is not eliminated: a replacement brings back an eliminated "
		                  "unit, or rebuilds depleted units (`rebuild`) (%s)",
		                  def->id, side == d->german ? "11.6" : "11.3");
	nfree = ma__free_brigades(g, NULL);
	if (broken && nfree < 3 * (broken_in_play(g) + 1))
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "MA-13.2-09",
		    "%s was broken down into brigades: it returns only while at least "
		    "three brigade chits per such division are off the map (%d needed, "
		    "%d free) (13.2, AMB-181)",
		    def->id, 3 * (broken_in_play(g) + 1), nfree);
	return 0;
}

/* 0 if unit (of side) may arrive on hex as a replacement, else the refusal. */
static int arrival_ok(const struct fm_game *g, int side, int unit, int hex, struct rules_error *err)
{
	const struct ma_data *d = ma__data(g);
	char buf[RULES_HEX_ID_MAX];
	int occ;

	fm__hex_id(g, hex, buf);
	if (!ma__hex_is(g, hex, side == d->german ? MA_HF_GERMAN_REPL : MA_HF_ALLIED_REPL))
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, rid(g, side, 3, 3),
		    side == d->german
		        ? "%s is not a northern or eastern map-edge hex of the German "
		          "replacement (11.6, AMB-156)"
		        : "%s is not a map-edge hex south of the Stellung line, where "
		          "Allied replacements arrive (11.3, AMB-100)",
		    buf);
	if ((occ = fm__enemy_in(g, hex, side)) >= 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, rid(g, side, 3, 3),
		                  "%s holds the enemy unit %s: a replacement arrives on a hex no "
		                  "enemy unit occupies (%s)",
		                  buf, fm__def(g, occ)->id, side == d->german ? "11.6" : "11.3");
	if ((occ = fm__occupant(g, hex, unit)) >= 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "FM-5.3-01",
		                  "%s holds %s: a replacement arrives on an empty hex (no "
		                  "stacking, FM-5.3; AMB-90)",
		                  buf, fm__def(g, occ)->id);
	if (fm__hex_prohibited(g, hex, unit))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "FM-5.2-07",
		                  "%s is prohibited terrain for %s", buf, fm__def(g, unit)->id);
	if (side == d->german && fm__in_ezoc(g, hex, side))
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "MA-11.6-04",
		    "%s is in the zone of control of an Allied unit: the German "
		    "replacement arrives on a hex not in any Allied unit's ZOC (11.6, "
		    "AMB-99)",
		    buf);
	return 0;
}

/* 0 if side may rebuild unit (a depleted unit on the map), else the refusal. */
static int rebuild_ok(const struct fm_game *g, int side, int unit, struct rules_error *err)
{
	const struct ma_data *d = ma__data(g);
	const struct fm_unit_def *def = fm__def(g, unit);
	char buf[RULES_HEX_ID_MAX];

	if (def->side != side)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, rid(g, side, 1, 1),
		                  "%s is not your unit", def->id);
	if (g->u[unit].where != FM_W_MAP)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, rid(g, side, 1, 1),
		                  "%s is not on the map: a rebuild restores a depleted unit on the "
		                  "map; an eliminated one returns with `replace` (%s)",
		                  def->id, side == d->german ? "11.6" : "11.3");
	if (ma__unit_is(g, unit, MA_UF_BRIGADE))
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "MA-13.1-06",
		    "%s is a brigade, a one-step unit: it is never depleted, so never "
		    "rebuilt (13.1)",
		    def->id);
	if (g->u[unit].step == 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, rid(g, side, 1, 1),
		                  "%s is at full strength: only a depleted unit is rebuilt (%s)",
		                  def->id, side == d->german ? "11.6" : "11.3");
	if (g->sc->map.hex_terrain[g->u[unit].hex] & d->repl_barred_terrain)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, rid(g, side, 1, 1),
		    "%s is in a forest hex (%s): a unit in a forest hex is not rebuilt "
		    "(%s, AMB-90)",
		    def->id, fm__hex_id(g, g->u[unit].hex, buf),
		    side == d->german ? "11.6" : "11.3");
	return 0;
}

int ma__do_replace(struct fm_game *g, struct rules_dice *dice, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct ma_data *d = ma__data(g);
	char buf[RULES_HEX_ID_MAX];
	int unit, hex, rc, full;
	const struct fm_step *s;
	cJSON *f;

	(void)dice;
	(void)argc;
	(void)reply;
	if ((rc = allowance_ok(g, side, err)) != 0)
		return rc;
	unit = fm__unit_arg(g, argv[1], err);
	if (unit < 0)
		return unit;
	hex = fm__hex_parse(g, argv[2]);
	if (hex < 0)
		return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %s on this map", argv[2]);
	if ((rc = returns_ok(g, side, unit, err)) != 0 ||
	    (rc = arrival_ok(g, side, unit, hex, err)) != 0)
		return rc;
	/* 11.3: full strength; 11.3-07: a three-step division depleted; 11.6: depleted */
	full = d->repl[side].full && ma__three_index(g, unit) < 0;
	if ((rc = fm__arrive(g, unit, hex, err)) != 0)
		return rc;
	g->u[unit].step = (uint8_t)(full || fm__def(g, unit)->nsteps < 2 ? 0 : 1);
	use_one(g, side);
	s = fm__cur(g, unit);
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", fm__def(g, unit)->id);
	cJSON_AddStringToObject(f, "hex", fm__hex_id(g, hex, buf));
	cJSON_AddBoolToObject(f, "depleted", g->u[unit].step > 0);
	cJSON_AddNumberToObject(f, "left", ma__repl_left(g, side));
	cJSON_AddStringToObject(f, "rule", side == d->german ? "MA-11.6-02" : "MA-11.3-02");
	return rules_emit(ev, RULES_AUD_PUBLIC, "replacement-returned", f,
	                  "%s returns as a replacement in %s%s (%d-%d-%d) (%s)",
	                  fm__def(g, unit)->id, buf, g->u[unit].step ? ", depleted" : "", s->attack,
	                  s->defense, s->ma, side == d->german ? "11.6" : "11.3");
}

int ma__do_rebuild(struct fm_game *g, struct rules_dice *dice, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct ma_data *d = ma__data(g);
	int units[8], n = argc - 1, rc, max = d->repl[side].rebuilds;
	cJSON *f;

	(void)dice;
	(void)reply;
	if ((rc = allowance_ok(g, side, err)) != 0)
		return rc;
	if (n > max || n > 8)
		return rules_fail(err, WG_E_BAD_ARGS, rid(g, side, 1, 1),
		                  "one %s replacement rebuilds at most %d depleted unit%s (%s)",
		                  side == d->german ? "German" : "Allied", max, max == 1 ? "" : "s",
		                  side == d->german ? "11.6" : "11.3");
	for (int k = 0; k < n; k++) {
		if ((units[k] = fm__unit_arg(g, argv[k + 1], err)) < 0)
			return units[k];
		for (int q = 0; q < k; q++)
			if (units[q] == units[k])
				return rules_fail(
				    err, WG_E_BAD_ARGS, rid(g, side, 1, 1),
				    "%s is named twice: a rebuild restores one step of "
				    "each unit named",
				    fm__def(g, units[k])->id);
		if ((rc = rebuild_ok(g, side, units[k], err)) != 0)
			return rc;
	}
	use_one(g, side);
	for (int k = 0; k < n; k++) {
		const struct fm_step *s;
		g->u[units[k]].step--;
		s = fm__cur(g, units[k]);
		f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "unit", fm__def(g, units[k])->id);
		cJSON_AddNumberToObject(f, "step", g->u[units[k]].step + 1);
		cJSON_AddStringToObject(f, "rule", side == d->german ? "MA-11.6-02" : "MA-11.3-02");
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "replacement-rebuilt", f,
		                     "%s is rebuilt by a replacement to %d-%d-%d (%s)",
		                     fm__def(g, units[k])->id, s->attack, s->defense, s->ma,
		                     side == d->german ? "11.6" : "11.3")) != 0)
			return rc;
	}
	return 0;
}

/* The units that could use a replacement now, in a list for messages; their count. */
static int candidates(const struct fm_game *g, int side, char *list, size_t n)
{
	size_t len = 0;
	int count = 0;

	list[0] = '\0';
	for (int u = 0; u < g->nunits; u++) {
		int ok = rebuild_ok(g, side, u, NULL) == 0;
		for (int h = 0; !ok && h < g->sc->map.grid.count; h++)
			ok = returns_ok(g, side, u, NULL) == 0 &&
			     arrival_ok(g, side, u, h, NULL) == 0;
		if (!ok)
			continue;
		if (len + strlen(fm__def(g, u)->id) + 7 < n)
			len += (size_t)snprintf(list + len, n - len, "%s%s", count ? ", " : "",
			                        fm__def(g, u)->id);
		else if (len + 6 < n && (len < 5 || strcmp(list + len - 5, ", ...") != 0))
			len += (size_t)snprintf(list + len, n - len, ", ...");
		count++;
	}
	return count;
}

int ma__repl_forfeit(const struct fm_game *g, char *what, size_t n, char *rule)
{
	char list[100];
	int side = g->active;

	if (ma__data(g)->repl[side].per_turn == 0 || ma__repl_left(g, side) <= 0)
		return 0; /* the German replacement keeps (11.6-03) */
	if (candidates(g, side, list, sizeof(list)) == 0)
		return 0; /* 11.3-04: no counter for it, it is lost */
	snprintf(rule, FM_ID, "MA-11.3-03");
	snprintf(what, n,
	         "the Allied replacement of this Movement Phase (replace <unit> <hex>, or rebuild "
	         "<unit> [<unit>]; may use it: %s): it may not be saved for a later turn (11.3)",
	         list);
	return 1;
}

int ma__legal_replace(const struct fm_game *g, int side, struct fm_legal *l)
{
	char prefix[64], hex[RULES_HEX_ID_MAX];
	int rc = 0;

	if (allowance_ok(g, side, NULL) != 0)
		return 0;
	for (int u = 0; u < g->nunits && rc == 0; u++) {
		if (!fm__legal_wants(l, u) || returns_ok(g, side, u, NULL) != 0)
			continue;
		snprintf(prefix, sizeof(prefix), "replace %s", fm__def(g, u)->id);
		for (int h = 0; h < g->sc->map.grid.count && rc == 0; h++)
			if (arrival_ok(g, side, u, h, NULL) == 0)
				rc = fm__offer_known(l, prefix, fm__hex_id(g, h, hex), -1);
	}
	return rc;
}

int ma__legal_rebuild(const struct fm_game *g, int side, struct fm_legal *l)
{
	int ok[FM_MAX_UNITS], n = 0, rc = 0;
	char pair[2 * FM_ID + 2];

	if (allowance_ok(g, side, NULL) != 0)
		return 0;
	for (int u = 0; u < g->nunits; u++)
		if (rebuild_ok(g, side, u, NULL) == 0)
			ok[n++] = u;
	for (int a = 0; a < n && rc == 0; a++) {
		if (!fm__legal_wants(l, ok[a]))
			continue;
		rc = fm__offer_known(l, "rebuild", fm__def(g, ok[a])->id, -1);
		for (int b = a + 1; b < n && rc == 0 && ma__data(g)->repl[side].rebuilds > 1; b++) {
			snprintf(pair, sizeof(pair), "%s %s", fm__def(g, ok[a])->id,
			         fm__def(g, ok[b])->id);
			rc = fm__offer_known(l, "rebuild", pair, -1);
		}
	}
	return rc;
}

void ma__units_view(const struct fm_game *g, cJSON *out)
{
	const struct ma_data *d = ma__data(g);
	int16_t chits[MA_MAX_BRIGADES];
	int nfree = ma__free_brigades(g, chits);

	for (int s = 0; s < RULES_SIDES; s++) {
		const struct ma_repl *r = &d->repl[s];
		if (r->per_turn > 0)
			fm__line(
			    out, "%s replacements: %d per Movement Phase, %d left now (MA-11.3)",
			    s == d->german ? "German" : "Allied", r->per_turn, ma__repl_left(g, s));
		else
			fm__line(out, "%s replacements: %d per game, %d used (MA-11.6)",
			         s == d->german ? "German" : "Allied", r->per_game,
			         ma__cstate(g)->repl_total[s]);
	}
	for (int k = 0; k < d->nthree; k++) {
		int u = d->three[k], w = g->u[u].where;
		fm__line(out, "%s (three-step): %s%s (MA-13.1)", fm__def(g, u)->id,
		         w == FM_W_MAP
		             ? (g->u[u].step ? "on the map, depleted" : "on the map, full strength")
		         : w == FM_W_ELIMINATED ? "eliminated"
		         : w == FM_W_REMOVED    ? "out of play"
		         : w == FM_W_WAITING    ? "not yet arrived"
		                                : "off the map",
		         ma__cstate(g)->broken[k] ? ", broken down (MA-13.2)" : "");
	}
	fm__line(out, "brigade chits: %d, %d free (MA-13.2-06)", d->nbrig, nfree);
}

void ma__units_view_json(const struct fm_game *g, cJSON *o)
{
	const struct ma_data *d = ma__data(g);
	cJSON *x = cJSON_AddObjectToObject(o, "replacements_left"), *arr;

	for (int s = 0; s < RULES_SIDES; s++)
		cJSON_AddNumberToObject(x, g->sc->side_names[s],
		                        d->repl[s].per_turn > 0
		                            ? ma__repl_left(g, s)
		                            : d->repl[s].per_game - ma__cstate(g)->repl_total[s]);
	arr = cJSON_AddArrayToObject(o, "broken_down");
	for (int k = 0; k < d->nthree; k++)
		if (ma__cstate(g)->broken[k])
			cJSON_AddItemToArray(arr, cJSON_CreateString(fm__def(g, d->three[k])->id));
	cJSON_AddNumberToObject(o, "brigades_free", ma__free_brigades(g, NULL));
}
