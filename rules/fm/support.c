/*
 * support.c -- support fire markers (FM-7): the allotment at the start of
 * each game turn (random draw [S] or lowest values first [v8]), the
 * five-step face-down commitment of FM-8.2.1 b, the reveal, and the return
 * of markers at the end of the game turn.
 *
 * Secrecy (FM-7.2-05, FM-8.2.1-06/07, AMB-26): a marker's id and value are
 * addressed only to its owner, and only when the owner may know it
 * (support.pick=chosen); the opponent and spectators learn only how many
 * markers a side holds and commits, until the reveal event of step b5,
 * addressed to everyone.  With support.pick=random_blind the engine picks
 * the committed marker at random from the owner's allotted markers and
 * nobody sees its value before b5.
 */
#include "fm_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static int opp_audience(int side)
{
	return (int)(RULES_AUD_SIDE(1 - side) | RULES_AUD_SPECTATORS);
}

int fm__markers_available(const struct fm_game *g, int side)
{
	int n = 0;

	for (int k = 0; k < g->sc->nmarkers[side]; k++)
		n += g->m[side][k].where == FM_M_HAND;
	return n;
}

int fm__marker_by_id(const struct fm_scenario *sc, int side, const char *id)
{
	for (int k = 0; k < sc->nmarkers[side]; k++)
		if (strcasecmp(sc->markers[side][k].id, id) == 0)
			return k;
	return -1;
}

int fm__marker_value(const struct fm_game *g, int side, int marker)
{
	return g->sc->markers[side][marker].value;
}

int fm__range_value(const struct fm_game *g, const struct fm_range *r)
{
	if (r->opt < 0)
		return r->range;
	return r->opt_range[g->opt.ex[r->opt] ? 1 : 0];
}

/*
 * FM-8.1.1-01: markers bombard (or support) targets anywhere on the map, unless the
 * scenario's support.ranges limit them: the target must be at most the range from the
 * owner's nearest unit on the map, or from the nearest hex of the range's zones and hexes.
 */
int fm__range_check(const struct fm_game *g, int side, int marker, int target, int bombard,
                    struct rules_error *err)
{
	const struct fm_scenario *sc = g->sc;
	char buf[RULES_HEX_ID_MAX], far[160];

	for (int k = 0; k < sc->nranges; k++) {
		const struct fm_range *r = &sc->ranges[k];
		int range = fm__range_value(g, r), dist;
		if (!(r->when & (bombard ? FM_RANGE_BOMBARD : FM_RANGE_COMBAT)))
			continue;
		if (marker < 0 ? !r->all : !(r->all || r->sel[side][marker]))
			continue;
		dist = r->from_unit ? fm__nearest_unit(g, target, side, -1) : r->dist[target];
		if (dist >= 0 && dist <= range)
			continue;
		fm__hex_id(g, target, buf);
		if (dist < 0)
			snprintf(far, sizeof(far), "%s: there is no %s", buf, r->from_name);
		else
			snprintf(far, sizeof(far), "%s is %d hexes from %s", buf, dist,
			         r->from_name);
		if (marker < 0)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, r->rule,
			                  "%s: markers %s only targets at most %d hexes from %s "
			                  "(FM-8.1.1)",
			                  far, bombard ? "bombard" : "support", range,
			                  r->from_name);
		return rules_fail(
		    err, WG_E_ILLEGAL_SUPPORT, r->rule,
		    "%s: marker %s may be used only against a target at most %d hexes "
		    "from %s (FM-8.1.1)",
		    far, sc->markers[side][marker].id, range, r->from_name);
	}
	return 0;
}

/* FM-7.1 / BS-14.0: the Support Fire Marker Phase of the current game turn. */
int fm__support_allot(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                      struct rules_error *err)
{
	const struct fm_scenario *sc = g->sc;
	cJSON *pub = cJSON_CreateObject(), *counts = cJSON_AddArrayToObject(pub, "counts");
	int rc;

	(void)err;
	for (int side = 0; side < RULES_SIDES; side++) {
		int pool[FM_MAX_MARKERS], np = 0, want = sc->allot[g->turn][side];
		cJSON *f, *arr;
		char txt[300];
		size_t len = 0;

		for (int k = 0; k < sc->nmarkers[side]; k++)
			if (g->m[side][k].where == FM_M_POOL &&
			    (sc->module->in_draw == NULL || sc->module->in_draw(g, side, k)))
				pool[np++] = k; /* special markers stay out (BS-14.1-01, AMB-62) */
		if (want > np)                  /* AMB-30: the whole pool */
			want = np;
		if (g->opt.allot_lowest) {
			/* FM-7.1-05: lowest values first, in pool order among equals */
			for (int a = 1; a < np; a++)
				for (int b = a; b > 0 && sc->markers[side][pool[b]].value <
				                             sc->markers[side][pool[b - 1]].value;
				     b--) {
					int t = pool[b];
					pool[b] = pool[b - 1];
					pool[b - 1] = t;
				}
			for (int k = 0; k < want; k++)
				g->m[side][pool[k]].where = FM_M_HAND;
		} else {
			/* FM-7.1-04 / BS-14.0-01: a random draw */
			for (int k = 0; k < want; k++) {
				int pick = rules_dice_pick(d, np - k);
				g->m[side][pool[pick]].where = FM_M_HAND;
				pool[pick] = pool[np - k - 1];
			}
		}
		cJSON_AddItemToArray(counts, cJSON_CreateNumber(want));
		if (g->opt.pick_blind)
			continue;
		/* BS-14.0-03: the owner sees his hand, nobody else does */
		f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "side", sc->side_names[side]);
		arr = cJSON_AddArrayToObject(f, "markers");
		txt[0] = '\0';
		for (int k = 0; k < sc->nmarkers[side]; k++) {
			cJSON *m;
			if (g->m[side][k].where != FM_M_HAND)
				continue;
			m = cJSON_CreateObject();
			cJSON_AddStringToObject(m, "id", sc->markers[side][k].id);
			cJSON_AddNumberToObject(m, "value", sc->markers[side][k].value);
			cJSON_AddStringToObject(m, "kind", sc->markers[side][k].kind);
			cJSON_AddItemToArray(arr, m);
			if (len < sizeof(txt))
				len += (size_t)snprintf(txt + len, sizeof(txt) - len, "%s%s +%d",
				                        len ? ", " : "", sc->markers[side][k].id,
				                        sc->markers[side][k].value);
		}
		rc = rules_emit(ev, RULES_AUD_SIDE(side), "support-hand", f,
		                "your support fire markers for turn %d: %s", g->turn,
		                txt[0] ? txt : "none");
		if (rc) {
			cJSON_Delete(pub);
			return rc;
		}
	}
	cJSON_AddNumberToObject(pub, "turn", g->turn);
	return rules_emit(ev, RULES_AUD_PUBLIC, "support-allotted", pub,
	                  "Support Fire Marker Phase of turn %d: %s receives %d markers, %s %d",
	                  g->turn, sc->side_names[0],
	                  sc->allot[g->turn][0] < 0 ? 0 : fm__markers_available(g, 0),
	                  sc->side_names[1], fm__markers_available(g, 1));
}

/* FM-7.2-04, BS-14.0-05: unused and used markers go back to the pool. */
void fm__support_return(struct fm_game *g)
{
	for (int s = 0; s < RULES_SIDES; s++)
		for (int k = 0; k < g->sc->nmarkers[s]; k++) {
			if (g->m[s][k].where != FM_M_GONE)
				g->m[s][k].where = FM_M_POOL;
			g->m[s][k].revealed = 0;
		}
}

int fm__support_side(const struct fm_game *g, int step)
{
	/* b1, b3: attacker; b2, b4: defender (FM-8.2.1-02..05) */
	return (step % 2) ? g->active : 1 - g->active;
}

int fm__max_markers(const struct fm_game *g, int side)
{
	if (g->sc->module->max_markers != NULL)
		return g->sc->module->max_markers(g, side);
	return 2; /* FM-8.2.1-09 */
}

static int may_commit(const struct fm_game *g, int side)
{
	return fm__markers_available(g, side) > 0 && g->b.nmark[side] < fm__max_markers(g, side) &&
	       g->b.nmark[side] < FM_MAX_BATTLE_MARKERS;
}

static int reveal(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                  struct rules_error *err)
{
	const struct fm_scenario *sc = g->sc;
	cJSON *f = cJSON_CreateObject();
	char txt[2][160];
	int rc;

	g->b.step = 5;
	for (int s = 0; s < RULES_SIDES; s++) {
		cJSON *arr = cJSON_AddArrayToObject(f, sc->side_names[s]);
		size_t len = 0;
		txt[s][0] = '\0';
		for (int k = 0; k < g->b.nmark[s]; k++) {
			int m = g->b.mark[s][k];
			cJSON *o = cJSON_CreateObject();
			g->m[s][m].revealed = 1;
			cJSON_AddStringToObject(o, "id", sc->markers[s][m].id);
			cJSON_AddNumberToObject(o, "value", sc->markers[s][m].value);
			cJSON_AddStringToObject(o, "kind", sc->markers[s][m].kind);
			cJSON_AddItemToArray(arr, o);
			len += (size_t)snprintf(txt[s] + len, sizeof(txt[s]) - len, "%s+%d",
			                        len ? ", " : "", sc->markers[s][m].value);
			if (len >= sizeof(txt[s]))
				len = sizeof(txt[s]) - 1;
		}
	}
	rc =
	    rules_emit(ev, RULES_AUD_PUBLIC, "support-revealed", f,
	               "support fire revealed: %s %s; %s %s", sc->side_names[0],
	               txt[0][0] ? txt[0] : "none", sc->side_names[1], txt[1][0] ? txt[1] : "none");
	if (rc)
		return rc;
	if (!g->b.bombard && sc->module->before_roll != NULL &&
	    sc->module->before_roll(g, NULL, 0) >= 0) {
		g->await = FM_AW_BEFORE_ROLL; /* the module's verb rolls */
		return 0;
	}
	return fm__battle_resolve(g, d, ev, err);
}
/* The members of a "support-step" event: the step, the side, how many markers the side has
 * placed in this combat, whether it passed at this step. */
static cJSON *step_fields(const struct fm_game *g, int step, int side, int passed)
{
	cJSON *f = cJSON_CreateObject();

	cJSON_AddNumberToObject(f, "step", step);
	cJSON_AddStringToObject(f, "side", g->sc->side_names[side]);
	cJSON_AddNumberToObject(f, "placed", g->b.nmark[side]);
	cJSON_AddBoolToObject(f, "passed", passed);
	return f;
}

int fm__support_advance(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                        struct rules_error *err)
{
	int rc;

	while (g->b.step >= 1 && g->b.step <= 4) {
		int s = fm__support_side(g, g->b.step);
		if (may_commit(g, s)) {
			g->await = FM_AW_SUPPORT;
			return 0;
		}
		g->b.passed[s] |= (uint8_t)(1u << (g->b.step > 2));
		rc = rules_emit(ev, RULES_AUD_PUBLIC, "support-step",
		                step_fields(g, g->b.step, s, 1),
		                "support step b%d: %s has no support fire marker to place",
		                g->b.step, g->sc->side_names[s]);
		if (rc)
			return rc;
		g->b.step++;
	}
	return reveal(g, d, ev, err);
}

int fm__do_support(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct fm_scenario *sc = g->sc;
	int step = g->b.step, marker = -1, rc;
	cJSON *f;

	(void)argc;
	if (g->await != FM_AW_SUPPORT)
		return rules_fail(err, WG_E_WRONG_PHASE, "FM-8.2.1-02",
		                  "no combat is waiting for support fire markers");
	if (side != fm__support_side(g, step))
		return rules_fail(err, WG_E_NOT_YOUR_TURN, "FM-8.2.1-08",
		                  "support step b%d belongs to %s", step,
		                  sc->side_names[fm__support_side(g, step)]);
	if (strcasecmp(argv[1], "pass") == 0) {
		g->b.passed[side] |= (uint8_t)(1u << (step > 2));
		rc =
		    rules_emit(ev, RULES_AUD_PUBLIC, "support-step", step_fields(g, step, side, 1),
		               "support step b%d: %s places no marker", step, sc->side_names[side]);
		if (rc)
			return rc;
		g->b.step++;
		return fm__support_advance(g, d, ev, err);
	}
	if (strcasecmp(argv[1], "draw") == 0 || strcasecmp(argv[1], "any") == 0) {
		int hand[FM_MAX_MARKERS], n = 0;
		if (!g->opt.pick_blind)
			return rules_fail(
			    err, WG_E_BAD_ARGS, fm__option_rule(sc, "support.pick", "FM-7.2-05"),
			    "name the marker to place (`markers` lists yours); markers "
			    "are chosen, not drawn blind, in this game");
		for (int k = 0; k < sc->nmarkers[side]; k++)
			if (g->m[side][k].where == FM_M_HAND) {
				int ok = 1;
				if (sc->module->marker_check != NULL)
					ok = sc->module->marker_check(g, side, k, NULL) == 0;
				if (ok && fm__range_check(g, side, k, g->b.target, 0, NULL) == 0)
					hand[n++] = k;
			}
		if (n == 0)
			return rules_fail(err, WG_E_ILLEGAL_SUPPORT, "FM-7.2-07",
			                  "you have no support fire marker left this game turn");
		if (g->b.nmark[side] >= fm__max_markers(g, side))
			return rules_fail(err, WG_E_ILLEGAL_SUPPORT, "FM-8.2.1-09",
			                  "you have already placed %d markers in this combat",
			                  g->b.nmark[side]);
		marker = hand[rules_dice_pick(d, n)]; /* FM-7.2-05: picked blind */
	} else {
		if (g->opt.pick_blind)
			return rules_fail(err, WG_E_BAD_ARGS, "FM-7.2-05",
			                  "markers are picked blind at random in this game: use "
			                  "`support draw` or `support pass`");
		marker = fm__marker_by_id(g->sc, side, argv[1]);
		if (marker < 0)
			return rules_fail(err, WG_E_BAD_ARGS, "",
			                  "you have no support fire marker '%s' (see `markers`)",
			                  argv[1]);
		if ((sc->module->marker_check != NULL &&
		     (rc = sc->module->marker_check(g, side, marker, err)) != 0) ||
		    (rc = fm__range_check(g, side, marker, g->b.target, 0, err)) != 0)
			return rc;
		if (g->m[side][marker].where != FM_M_HAND)
			return rules_fail(
			    err, WG_E_ILLEGAL_SUPPORT, "FM-7.2-07",
			    "marker %s is not available: it was not allotted to you this "
			    "turn or was already used (FM-7.2)",
			    sc->markers[side][marker].id);
		if (g->b.nmark[side] >= fm__max_markers(g, side))
			return rules_fail(
			    err, WG_E_ILLEGAL_SUPPORT, "FM-8.2.1-09",
			    "a side places at most %d markers in one combat (FM-8.2.1)",
			    fm__max_markers(g, side));
	}
	g->m[side][marker].where = FM_M_COMMITTED;
	g->b.mark[side][g->b.nmark[side]++] = (int16_t)marker;
	/* the owner's own record: the value only when he may know it */
	f = cJSON_CreateObject();
	cJSON_AddNumberToObject(f, "step", step);
	cJSON_AddStringToObject(f, "side", sc->side_names[side]);
	if (!g->opt.pick_blind) {
		cJSON_AddStringToObject(f, "marker", sc->markers[side][marker].id);
		cJSON_AddNumberToObject(f, "value", sc->markers[side][marker].value);
		rc = rules_emit(ev, RULES_AUD_SIDE(side), "support-placed", f,
		                "support step b%d: you place %s (+%d) face down", step,
		                sc->markers[side][marker].id, sc->markers[side][marker].value);
	} else {
		rc =
		    rules_emit(ev, RULES_AUD_SIDE(side), "support-placed", f,
		               "support step b%d: you place a marker drawn blind, face down", step);
	}
	if (rc)
		return rc;
	rc = rules_emit(
	    ev, (unsigned)opp_audience(side), "support-step", step_fields(g, step, side, 0),
	    "support step b%d: %s places a marker face down", step, sc->side_names[side]);
	if (rc)
		return rc;
	if (sc->module->step_again != NULL && may_commit(g, side) &&
	    sc->module->step_again(g, side))
		return 0; /* the same side may add one more at this step, or pass */
	g->b.step++;
	return fm__support_advance(g, d, ev, err);
}
