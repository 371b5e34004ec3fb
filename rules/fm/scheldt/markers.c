/*
 * markers.c -- support fire in the Battle of the Scheldt (14.0-14.2, 16.4).
 *
 * 14.0: the scenario's options (support.allotment=random_draw,
 * support.pick=chosen) make the system draw each side's allotment at random
 * at the start of every game turn, show it to its owner only, and let him
 * play the markers he chooses in the five steps; every marker goes back to
 * the pool at the end of the game turn.  This file adds:
 *   - the special markers stay out of the random draw (AMB-33, AMB-62) and
 *     are in their owner's hand from the start of each game turn: the German
 *     +5 anti-tank marker every turn until played that turn (14.1-04), each
 *     Allied +10 naval marker until it is played once (16.4-05);
 *   - 14.1: the anti-tank marker only in defence (never against a
 *     bombardment) against an attack that includes an Allied mobile unit; it
 *     may be a third marker (at most two regular ones, AMB-60), committed at
 *     b2 or b4 in addition to or instead of a regular one (step_again); any
 *     Allied loss of that combat comes from a mobile attacker (loss_ok);
 *   - 16.4: a +10 only by the Allied attacker (attack or bombardment), never
 *     both in one combat, never twice against one hex; once played it is gone.
 * The ranges are data of the system (support.ranges, FM-8.1.1-01): 14.2, no
 * bombardment more than three hexes from the nearest friendly unit (AMB-61),
 * and 16.4, a +10 only on a target within range of a Walcheren coastal hex
 * (AMB-62, option bs.naval_range_max_distance); data.c gives an older
 * scenario text without support.ranges the same ranges.
 * Committed markers stay face down until b5 like any other (14.1-08,
 * 16.4-07); bombardment markers are announced (FM-8.1.2-06).
 */
#include "scheldt.h"

#include <stdio.h>
#include <string.h>

static int is_naval(const struct scheldt_data *d, int side, int marker)
{
	return side == d->allied && marker >= 0 && (marker == d->naval[0] || marker == d->naval[1]);
}

static int is_at(const struct scheldt_data *d, int side, int marker)
{
	return side == d->german && marker >= 0 && marker == d->at_marker;
}

int scheldt__in_draw(const struct fm_game *g, int side, int marker)
{
	const struct scheldt_data *d = scheldt__data(g);

	return !is_naval(d, side, marker) && !is_at(d, side, marker);
}

int scheldt__turn_start(struct fm_game *g, struct rules_dice *dice, struct rules_events *ev,
                        struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	const int side[3] = {d->german, d->allied, d->allied};
	const int mk[3] = {d->at_marker, d->naval[0], d->naval[1]};
	char txt[2][160] = {"", ""};
	cJSON *list[2] = {NULL, NULL};
	int rc;

	(void)dice;
	(void)err;
	for (int k = 0; k < 3; k++) {
		int s = side[k] == d->allied ? 0 : 1;
		size_t len = strlen(txt[s]);
		if (mk[k] < 0 || g->m[side[k]][mk[k]].where == FM_M_GONE)
			continue;
		g->m[side[k]][mk[k]].where = FM_M_HAND;
		if (list[s] == NULL)
			list[s] = cJSON_CreateArray();
		{
			cJSON *o = cJSON_CreateObject();
			cJSON_AddStringToObject(o, "id", g->sc->markers[side[k]][mk[k]].id);
			cJSON_AddNumberToObject(o, "value", g->sc->markers[side[k]][mk[k]].value);
			cJSON_AddStringToObject(o, "kind", k ? "naval" : "anti-tank");
			cJSON_AddStringToObject(o, "rule", k ? "BS-16.4" : "BS-14.1");
			cJSON_AddItemToArray(list[s], o);
		}
		snprintf(txt[s] + len, sizeof(txt[s]) - len, "%s%s (+%d, %s)", len ? ", " : "",
		         g->sc->markers[side[k]][mk[k]].id, g->sc->markers[side[k]][mk[k]].value,
		         k ? "naval, once per game (16.4)" : "anti-tank, once this turn (14.1)");
	}
	for (int s = 0; s < 2; s++) {
		int who = s ? d->german : d->allied;
		cJSON *f;
		if (!txt[s][0]) {
			cJSON_Delete(list[s]);
			continue;
		}
		f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "side", g->sc->side_names[who]);
		cJSON_AddItemToObject(f, "markers", list[s]);
		list[s] = NULL;
		/* to their owner only: they join his hand (14.1, 16.4) */
		rc = rules_emit(ev, RULES_AUD_SIDE(who), "support-special", f,
		                "your special support fire markers this turn: %s", txt[s]);
		if (rc) {
			cJSON_Delete(list[1]);
			return rc;
		}
	}
	return 0;
}

/* 1 if an Allied mobile unit takes part in the current attack. */
static int allied_mobile_attacker(const struct fm_game *g)
{
	for (int k = 0; k < g->b.natt; k++)
		if (fm__side_of(g, g->b.att[k]) == scheldt__data(g)->allied &&
		    fm__def(g, g->b.att[k])->mobile)
			return 1;
	return 0;
}

/* 1 if the anti-tank marker may take part in the current battle (14.1). */
static int at_battle(const struct fm_game *g)
{
	const struct scheldt_data *d = scheldt__data(g);

	return d->at_marker >= 0 && g->b.active && !g->b.bombard && g->active == d->allied &&
	       allied_mobile_attacker(g);
}

int scheldt__at_committed(const struct fm_game *g)
{
	const struct scheldt_data *d = scheldt__data(g);

	for (int k = 0; d->at_marker >= 0 && k < g->b.nmark[d->german]; k++)
		if (g->b.mark[d->german][k] == d->at_marker)
			return 1;
	return 0;
}

static int regular_committed(const struct fm_game *g)
{
	return g->b.nmark[scheldt__data(g)->german] - scheldt__at_committed(g);
}

int scheldt__marker_check(const struct fm_game *g, int side, int marker, struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	const char *id = g->sc->markers[side][marker].id;
	char buf[RULES_HEX_ID_MAX];

	if (is_at(d, side, marker)) {
		if (g->b.bombard)
			return rules_fail(
			    err, WG_E_ILLEGAL_SUPPORT, "BS-14.1-05",
			    "the +5 anti-tank marker %s is never used in a bombardment, "
			    "nor against one (14.1)",
			    id);
		if (side == g->active || !allied_mobile_attacker(g))
			return rules_fail(
			    err, WG_E_ILLEGAL_SUPPORT, "BS-14.1-02",
			    "the +5 anti-tank marker %s is played only in defence against "
			    "an attack that includes an Allied mobile unit (14.1)",
			    id);
		if (g->m[side][marker].where == FM_M_USED)
			return rules_fail(
			    err, WG_E_ILLEGAL_SUPPORT, "BS-14.1-04",
			    "the +5 anti-tank marker %s was already played this turn: "
			    "once per turn (14.1)",
			    id);
		return 0;
	}
	if (side == d->german && side != g->active && at_battle(g) && regular_committed(g) >= 2)
		return rules_fail(
		    err, WG_E_ILLEGAL_SUPPORT, "BS-14.1-03",
		    "two regular markers are already placed: the third marker may only "
		    "be the +5 anti-tank marker (14.1, AMB-60)");
	if (is_naval(d, side, marker)) {
		int other = marker == d->naval[0] ? 1 : 0;
		if (g->m[side][marker].where == FM_M_GONE)
			return rules_fail(
			    err, WG_E_ILLEGAL_SUPPORT, "BS-16.4-05",
			    "the +10 naval marker %s was played and has left the game "
			    "(16.4)",
			    id);
		if (side != g->active)
			return rules_fail(err, WG_E_ILLEGAL_SUPPORT, "BS-16.4-03",
			                  "the +10 naval marker %s is never used in defence (16.4)",
			                  id);
		for (int k = 0; k < g->b.nmark[side]; k++)
			if (g->b.mark[side][k] == d->naval[other])
				return rules_fail(
				    err, WG_E_ILLEGAL_SUPPORT, "BS-16.4-02",
				    "the two +10 naval markers may never be played in the "
				    "same combat (16.4)");
		if (scheldt__cstate(g)->naval_target[other] == g->b.target)
			return rules_fail(err, WG_E_ILLEGAL_SUPPORT, "BS-16.4-02",
			                  "the other +10 naval marker was played against %s: each "
			                  "must be played against a different target hex (16.4)",
			                  scheldt__hex(g, g->b.target, buf));
	}
	return 0;
}

int scheldt__max_markers(const struct fm_game *g, int side)
{
	const struct scheldt_data *d = scheldt__data(g);
	int w;

	if (side != d->german || side == g->active || !at_battle(g))
		return 2;
	w = g->m[d->german][d->at_marker].where;
	return w == FM_M_HAND || scheldt__at_committed(g) ? 3 : 2; /* 14.1-03 */
}

int scheldt__step_again(const struct fm_game *g, int side)
{
	const struct scheldt_data *d = scheldt__data(g);
	int at_free, regular_free = 0, another;

	if (side != d->german || side == g->active || !at_battle(g) || g->b.nmark[side] >= 3)
		return 0;
	at_free = !scheldt__at_committed(g) && g->m[side][d->at_marker].where == FM_M_HAND;
	for (int k = 0; k < g->sc->nmarkers[side]; k++)
		regular_free |= k != d->at_marker && g->m[side][k].where == FM_M_HAND;
	another = at_free || (scheldt__at_committed(g) && regular_committed(g) < 2 && regular_free);
	/* AMB-60: at b2 or b4 the anti-tank marker goes in addition to a regular one */
	if (g->b.step == 2)
		return g->b.nmark[side] == 1 && another;
	return g->b.step == 4 && another;
}

int scheldt__loss_ok(const struct fm_game *g, int unit)
{
	/* 14.1-06: with the anti-tank marker in the combat, the loss is a mobile attacker's */
	return !scheldt__at_committed(g) || fm__def(g, unit)->mobile;
}

int scheldt__battle_end(struct fm_game *g, struct rules_events *ev, struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	struct scheldt_state *st = scheldt__state(g);
	char buf[RULES_HEX_ID_MAX];
	int rc;

	(void)err;
	for (int k = 0; k < 2; k++) {
		int m = d->naval[k];
		if (m < 0 || g->m[d->allied][m].where != FM_M_USED)
			continue;
		g->m[d->allied][m].where = FM_M_GONE; /* 16.4-05 */
		st->naval_target[k] = g->b.target;
		{
			cJSON *f = cJSON_CreateObject();
			cJSON_AddStringToObject(f, "side", g->sc->side_names[d->allied]);
			cJSON_AddStringToObject(f, "marker", g->sc->markers[d->allied][m].id);
			cJSON_AddStringToObject(f, "hex", scheldt__hex(g, g->b.target, buf));
			cJSON_AddStringToObject(f, "rule", "BS-16.4-05");
			rc = rules_emit(
			    ev, RULES_AUD_PUBLIC, "marker-removed", f,
			    "the +10 naval marker %s, played against %s, leaves the game (16.4)",
			    g->sc->markers[d->allied][m].id, buf);
		}
		if (rc)
			return rc;
	}
	return 0;
}
