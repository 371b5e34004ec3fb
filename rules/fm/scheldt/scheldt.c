/*
 * scheldt.c -- the Battle of the Scheldt module's hooks table, its game
 * options, the module state (init, settle, snapshot, restore), what views
 * and the `exclusive` query show, the victory condition (17.0), and the
 * helpers the other files share.  See scheldt.h for the file map.
 *
 * Settle (after every accepted action) keeps the bookkeeping the rules need
 * and that no single action owns:
 *   - the side that last occupied Woensdrecht and each Woensdrecht-Schore
 *     road hex (16.1, 16.2; AMB-65), and since when the whole road is Allied
 *     (AMB-66 option next_turn);
 *   - each landing: whether the German unit still shares the hex (16.3), the
 *     Assault Boat marker (AMB-67), and a German unit that left an assault
 *     hex alive, which closes that hex to every German unit for good
 *     (16.3 note, AMB-71).
 */
#include "scheldt.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

_Static_assert(sizeof(struct scheldt_state) <= FM_EX_STATE, "the module state fits in g->ex");

static const struct fm_exopt options[SCH_O_COUNT] = {
    [SCH_O_BEVELAND_RADIUS] = {"bs.beveland_radius", {"10", "6"}, 0, "AMB-63"},
    [SCH_O_NAVAL_RANGE] = {"bs.naval_range_max_distance", {"3", "4"}, 0, "AMB-62"},
    [SCH_O_BRAAKMAN_TURNS] = {"bs.braakman_crossing_turns", {"4", "4+"}, 0, "AMB-56"},
    [SCH_O_FLOODED_RETREAT] = {"bs.flooded_retreat",
                               {"stop_at_first", "unrestricted"},
                               0,
                               "AMB-48"},
    [SCH_O_FLOODED_COMPLETE] = {"bs.flooded_stop_counts_complete", {"false", "true"}, 1, "AMB-48"},
    [SCH_O_NO_INFILTRATION] = {"bs.flooded_no_ezoc_to_ezoc", {"false", "true"}, 1, "AMB-49"},
    [SCH_O_INLET_AS_FLOODED] = {"bs.inlet_as_flooded", {"movement", "all_rules"}, 1, "AMB-52"},
    [SCH_O_FREEZE_SCOPE] = {"bs.german_freeze_scope", {"pocket", "all"}, 0, "AMB-57"},
    [SCH_O_LEOPOLD_RETREAT] = {"bs.leopold_retreat_across", {"false", "true"}, 1, "AMB-57"},
    [SCH_O_FROZEN_IMMUNE] = {"bs.frozen_immune", {"false", "true"}, 1, "AMB-55"},
    [SCH_O_WALCHEREN_TIMING] = {"bs.walcheren_condition_timing",
                                {"immediate", "next_turn"},
                                0,
                                "AMB-66"},
    [SCH_O_COASTAL_SCOPE] = {"bs.coastal_line_scope",
                             {"landing_turn", "while_shared"},
                             0,
                             "AMB-68"},
    [SCH_O_A_IS_LOSS] = {"bs.assault_A_counts_as_loss", {"false", "true"}, 1, "AMB-69"},
    [SCH_O_LANDED_ADVANCE] = {"bs.landed_may_advance", {"false", "true"}, 1, "AMB-70"},
    [SCH_O_TRACE_FLOODED] = {"bs.rebuild_trace_flooded", {"false", "true"}, 1, "AMB-42"},
};

/* ---- shared helpers ------------------------------------------------------ */

struct scheldt_state *scheldt__state(struct fm_game *g)
{
	return (struct scheldt_state *)(void *)g->ex;
}

const struct scheldt_state *scheldt__cstate(const struct fm_game *g)
{
	return (const struct scheldt_state *)(const void *)g->ex;
}

int scheldt__side_is(const struct fm_game *g, int a, int b, unsigned flags)
{
	int s = fm__side_slot(g, a, b);

	return s >= 0 && (scheldt__data(g)->sidef[s] & flags) != 0;
}

int scheldt__flooded(const struct fm_game *g, int hex)
{
	unsigned f = SCH_HF_FLOODED;

	if (scheldt__opt(g, SCH_O_INLET_AS_FLOODED))
		f |= SCH_HF_INLET | SCH_HF_RIVER;
	return scheldt__hex_is(g, hex, f);
}

const char *scheldt__hex(const struct fm_game *g, int hex, char *buf)
{
	return fm__hex_id(g, hex, buf);
}

static int track_index(const struct scheldt_data *d, int hex)
{
	for (int k = 0; k < d->ntrack; k++)
		if (d->track[k] == hex)
			return k;
	return -1;
}

/* The side that holds hex now by occupation: Allied if an Allied unit is there (a unit
 * landed on a German one arrived last), else German if a German one is, else -1. */
static int occupier(const struct fm_game *g, int hex)
{
	const struct scheldt_data *d = scheldt__data(g);
	int side = -1;

	for (int i = 0; i < g->nunits; i++)
		if (g->u[i].where == FM_W_MAP && g->u[i].hex == hex) {
			if (fm__side_of(g, i) == d->allied)
				return d->allied;
			side = fm__side_of(g, i);
		}
	return side;
}

int scheldt__held_by(const struct fm_game *g, int hex, int side)
{
	int occ = occupier(g, hex), k;

	if (occ >= 0)
		return occ == side;
	k = track_index(scheldt__data(g), hex);
	return k >= 0 && scheldt__cstate(g)->last[k] == side;
}

const struct scheldt_landing *scheldt__landed(const struct fm_game *g, int unit)
{
	const struct scheldt_state *st = scheldt__cstate(g);

	for (int k = 0; k < st->nland && k < SCH_MAX_LANDED; k++)
		if (st->land[k].unit == unit)
			return &st->land[k];
	return NULL;
}

int scheldt__sharing(const struct fm_game *g, int unit)
{
	const struct scheldt_landing *l = scheldt__landed(g, unit);

	return l != NULL && l->shared && g->u[unit].where == FM_W_MAP && g->u[unit].hex == l->hex;
}

int scheldt__barred(const struct fm_game *g, int hex)
{
	const struct scheldt_state *st = scheldt__cstate(g);

	for (int k = 0; k < st->nbarred && k < SCH_MAX_BARRED; k++)
		if (st->barred[k] == hex)
			return 1;
	return 0;
}

int scheldt__frozen(const struct fm_game *g, int unit)
{
	const struct scheldt_data *d = scheldt__data(g);

	if (g->turn > d->frozen_until || g->u[unit].where != FM_W_MAP)
		return 0;
	if (d->unitf[unit] & SCH_UF_FROZEN)
		return 1;
	/* AMB-57 option "all": every German unit may not move or attack until Turn 4 */
	return scheldt__opt(g, SCH_O_FREEZE_SCOPE) && fm__side_of(g, unit) == d->german;
}

/* ---- state ----------------------------------------------------------------- */

static int init(struct fm_game *g, struct rules_error *err)
{
	struct scheldt_state *st = scheldt__state(g);

	(void)err;
	memset(st, 0, sizeof(*st));
	st->landing = -1;
	st->naval_target[0] = st->naval_target[1] = -1;
	for (int k = 0; k < SCH_MAX_TRACK; k++)
		st->last[k] = -1;
	return 0;
}

static int bar_hex(struct fm_game *g, int hex, int german, struct rules_events *ev)
{
	struct scheldt_state *st = scheldt__state(g);
	char buf[RULES_HEX_ID_MAX];
	cJSON *f;

	if (scheldt__barred(g, hex) || st->nbarred >= SCH_MAX_BARRED)
		return 0;
	st->barred[st->nbarred++] = (int16_t)hex;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "hex", scheldt__hex(g, hex, buf));
	cJSON_AddStringToObject(f, "rule", "BS-16.3-12");
	return rules_emit(ev, RULES_AUD_PUBLIC, "hex-closed", f,
	                  "%s has left the assault hex %s: no German unit may ever enter it again "
	                  "(BS-16.3-12)",
	                  fm__def(g, german)->id, buf);
}

static int settle(struct fm_game *g, struct rules_events *ev, struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	struct scheldt_state *st = scheldt__state(g);
	int road = d->nroad > 0, rc;

	(void)err;
	/* AMB-65: the side of the last unit to occupy each tracked hex */
	for (int k = 0; k < d->ntrack; k++) {
		int occ = occupier(g, d->track[k]);
		if (occ >= 0)
			st->last[k] = (int8_t)occ;
	}
	for (int k = 0; k < d->nroad; k++)
		road &= st->last[d->road[k]] == d->allied;
	if (!road)
		st->road_since = 0;
	else if (st->road_since == 0)
		st->road_since = (uint8_t)g->turn;
	/* 16.3: shared hexes, assault boats, hexes closed to Germans */
	for (int k = 0; k < st->nland && k < SCH_MAX_LANDED; k++) {
		struct scheldt_landing *l = &st->land[k];
		int here = g->u[l->unit].where == FM_W_MAP && g->u[l->unit].hex == l->hex;
		if (l->shared && l->german >= 0 &&
		    !(g->u[l->german].where == FM_W_MAP && g->u[l->german].hex == l->hex)) {
			l->shared = 0;
			if (g->u[l->german].where == FM_W_MAP &&
			    (rc = bar_hex(g, l->hex, l->german, ev)) != 0)
				return rc;
		}
		if (l->shared && !here)
			l->shared = 0;
		l->boat = (uint8_t)(here && (l->shared || l->turn == g->turn));
	}
	return 0;
}

/* ---- snapshot ----------------------------------------------------------------- */

static cJSON *snapshot(const struct fm_game *g)
{
	const struct scheldt_state *st = scheldt__cstate(g);
	cJSON *o = cJSON_CreateObject(), *land;
	int v[SCH_MAX_TRACK];

	cJSON_AddNumberToObject(o, "v", 1);
	v[0] = st->rebuilds;
	v[1] = st->withdrawn;
	v[2] = st->declared[0];
	v[3] = st->declared[1];
	v[4] = st->road_since;
	v[5] = st->naval_target[0];
	v[6] = st->naval_target[1];
	v[7] = st->landing;
	cJSON_AddItemToObject(o, "s", cJSON_CreateIntArray(v, 8));
	land = cJSON_AddArrayToObject(o, "land");
	for (int k = 0; k < st->nland; k++) {
		const struct scheldt_landing *l = &st->land[k];
		int w[7] = {l->unit, l->hex, l->german, l->turn, l->group, l->boat, l->shared};
		cJSON_AddItemToArray(land, cJSON_CreateIntArray(w, 7));
	}
	for (int k = 0; k < st->nbarred; k++)
		v[k] = st->barred[k];
	cJSON_AddItemToObject(o, "barred", cJSON_CreateIntArray(v, st->nbarred));
	for (int k = 0; k < scheldt__data(g)->ntrack; k++)
		v[k] = st->last[k];
	cJSON_AddItemToObject(o, "last", cJSON_CreateIntArray(v, scheldt__data(g)->ntrack));
	return o;
}

static int restore(struct fm_game *g, const cJSON *o, struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	struct scheldt_state *st = scheldt__state(g);
	int v[SCH_MAX_TRACK], n, nu = g->nunits - 1, nh = g->sc->map.grid.count - 1, k = 0;
	const cJSON *land, *x;

	init(g, err);
	if (!cJSON_IsObject(o) || fm__json_ints(o, "s", v, 8) != 8 || !fm__in(v[0], 0, 20) ||
	    !fm__in(v[1], 0, 1) || !fm__in(v[2], 0, g->sc->turns) ||
	    !fm__in(v[3], 0, g->sc->turns) || !fm__in(v[4], 0, g->sc->turns) ||
	    !fm__in(v[5], -1, nh) || !fm__in(v[6], -1, nh) || !fm__in(v[7], -1, nu))
		goto bad;
	st->rebuilds = (uint8_t)v[0];
	st->withdrawn = (uint8_t)v[1];
	st->declared[0] = (uint8_t)v[2];
	st->declared[1] = (uint8_t)v[3];
	st->road_since = (uint8_t)v[4];
	st->naval_target[0] = (int16_t)v[5];
	st->naval_target[1] = (int16_t)v[6];
	st->landing = (int16_t)v[7];
	land = cJSON_GetObjectItemCaseSensitive(o, "land");
	if (!cJSON_IsArray(land) || cJSON_GetArraySize(land) > SCH_MAX_LANDED)
		goto bad;
	cJSON_ArrayForEach(x, land)
	{
		struct scheldt_landing *l = &st->land[k++];
		int w[7], m = 0;
		const cJSON *y;
		cJSON_ArrayForEach(y, x)
		{
			if (m >= 7 || !cJSON_IsNumber(y))
				goto bad;
			w[m++] = y->valueint;
		}
		if (m != 7 || !fm__in(w[0], 0, nu) || !fm__in(w[1], 0, nh) ||
		    !fm__in(w[2], -1, nu) || !fm__in(w[3], 1, g->sc->turns) ||
		    !fm__in(w[4], 0, 1) || !fm__in(w[5], 0, 1) || !fm__in(w[6], 0, 1))
			goto bad;
		l->unit = (int16_t)w[0];
		l->hex = (int16_t)w[1];
		l->german = (int16_t)w[2];
		l->turn = (uint8_t)w[3];
		l->group = (uint8_t)w[4];
		l->boat = (uint8_t)w[5];
		l->shared = (uint8_t)w[6];
	}
	st->nland = (uint8_t)k;
	if ((n = fm__json_ints(o, "barred", v, SCH_MAX_BARRED)) < 0)
		goto bad;
	for (k = 0; k < n; k++) {
		if (!fm__in(v[k], 0, nh))
			goto bad;
		st->barred[k] = (int16_t)v[k];
	}
	st->nbarred = (uint8_t)n;
	if ((n = fm__json_ints(o, "last", v, SCH_MAX_TRACK)) != d->ntrack)
		goto bad;
	for (k = 0; k < n; k++) {
		if (!fm__in(v[k], -1, 1))
			goto bad;
		st->last[k] = (int8_t)v[k];
	}
	return 0;
bad:
	return rules_fail(err, WG_E_INTERNAL, "", "the Scheldt module state does not fit");
}

/* ---- what players see ------------------------------------------------------- */

static const char *side_or_none(const struct fm_game *g, int side)
{
	return side >= 0 ? g->sc->side_names[side] : "nobody";
}

static void view(const struct fm_game *g, int viewer, cJSON *out)
{
	const struct scheldt_data *d = scheldt__data(g);
	const struct scheldt_state *st = scheldt__cstate(g);
	char buf[RULES_HEX_ID_MAX];
	cJSON *o = cJSON_AddObjectToObject(out, "scheldt"), *arr, *x;
	int held = 0;

	(void)viewer; /* everything here is public (positions and revealed markers) */
	cJSON_AddBoolToObject(o, "pocket_frozen", g->turn <= d->frozen_until);
	arr = cJSON_AddArrayToObject(o, "assault_boats");
	for (int k = 0; k < st->nland; k++)
		if (st->land[k].boat) {
			x = cJSON_CreateObject();
			cJSON_AddStringToObject(x, "unit", fm__def(g, st->land[k].unit)->id);
			cJSON_AddStringToObject(x, "hex", scheldt__hex(g, st->land[k].hex, buf));
			cJSON_AddBoolToObject(x, "shared", scheldt__sharing(g, st->land[k].unit));
			cJSON_AddItemToArray(arr, x);
		}
	arr = cJSON_AddArrayToObject(o, "closed_to_germans");
	for (int k = 0; k < st->nbarred; k++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(scheldt__hex(g, st->barred[k], buf)));
	for (int grp = 0; grp < 2; grp++) {
		x = cJSON_AddObjectToObject(o, grp ? "walcheren_assault" : "beveland_assault");
		cJSON_AddNumberToObject(x, "declared_turn", st->declared[grp]);
		cJSON_AddBoolToObject(x, "may_declare",
		                      !st->declared[grp] &&
		                          scheldt__group_ready(g, grp, NULL) == 0);
	}
	cJSON_AddBoolToObject(o, "withdrawn_155", st->withdrawn);
	arr = cJSON_AddArrayToObject(o, "naval_used_on");
	for (int k = 0; k < 2; k++)
		if (st->naval_target[k] >= 0)
			cJSON_AddItemToArray(
			    arr, cJSON_CreateString(scheldt__hex(g, st->naval_target[k], buf)));
	if (d->woensdrecht >= 0)
		cJSON_AddStringToObject(
		    o, "woensdrecht_held_by",
		    side_or_none(g, scheldt__held_by(g, d->woensdrecht, d->allied)   ? d->allied
		                    : scheldt__held_by(g, d->woensdrecht, d->german) ? d->german
		                                                                     : -1));
	for (int k = 0; k < d->nroad; k++)
		held += scheldt__held_by(g, d->track[d->road[k]], d->allied);
	cJSON_AddNumberToObject(o, "road_hexes_allied", held);
	cJSON_AddNumberToObject(o, "road_hexes", d->nroad);
	cJSON_AddNumberToObject(o, "rebuilds_left",
	                        scheldt__rebuild_allowance(g, g->active) - st->rebuilds);
}

/*
 * Where the German +5 anti-tank marker is, as viewer may know it (BS-14.1-08, FM-8.2.1-07,
 * AMB-190).  It joins the German hand at the start of every game turn (public: 14.1); once
 * the German player has placed it face down, only he may know that the marker he placed is
 * this one until step b5 reveals it, so everyone else reads the same words whether it is in
 * his hand or face down in the combat.
 */
static const char *at_status(const struct fm_game *g, int viewer)
{
	const struct scheldt_data *d = scheldt__data(g);
	const struct fm_marker *m = &g->m[d->german][d->at_marker];

	if (m->revealed || m->where == FM_M_USED)
		return "played this turn";
	if (m->where == FM_M_POOL || m->where == FM_M_GONE)
		return "not in play (it joins the German hand at the start of each turn)";
	if (viewer == d->german)
		return m->where == FM_M_HAND ? "in hand" : "face down in this combat";
	return "in hand, or face down in this combat (secret until step b5)";
}

static int q_exclusive(const struct fm_game *g, const struct rules_viewer *who, int argc,
                       char **argv, cJSON *out, struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	const struct scheldt_state *st = scheldt__cstate(g);
	char buf[RULES_HEX_ID_MAX], line[400];
	struct rules_error why;
	size_t len;
	int held = 0;

	view(g, RULES_SPECTATOR, out);
	fm__line(out, "turn %d of %d; the Allied player moves first (BS-10.1-01)", g->turn,
	         g->sc->turns);
	fm__line(out,
	         "Breskens Pocket: %s (BS-13.0-02); Braakman crossing on turn %d%s (BS-13.0-03)",
	         g->turn <= d->frozen_until ? "frozen" : "no longer frozen", d->braakman_turn,
	         scheldt__opt(g, SCH_O_BRAAKMAN_TURNS) ? " and later" : " only");
	for (int s = 0; s < RULES_SIDES; s++)
		if (s == g->active)
			fm__line(out, "%s rebuilds this player turn: %d, %d used (BS-11.0)",
			         g->sc->side_names[s], scheldt__rebuild_allowance(g, s),
			         st->rebuilds);
		else
			fm__line(out, "%s rebuilds this player turn: %d (BS-11.0)",
			         g->sc->side_names[s], scheldt__rebuild_allowance(g, s));
	for (int grp = 0; grp < 2; grp++) {
		int rc;
		memset(&why, 0, sizeof(why));
		rc = scheldt__group_ready(g, grp, &why);
		len = (size_t)snprintf(line, sizeof(line), "%s assault:",
		                       grp ? "Walcheren Island (16.2)" : "South Beveland (16.1)");
		if (st->declared[grp])
			len += (size_t)snprintf(line + len, sizeof(line) - len,
			                        " declared on turn %d", st->declared[grp]);
		else if (rc == 0)
			len += (size_t)snprintf(line + len, sizeof(line) - len,
			                        " may be declared in the Allied Movement Phase");
		else
			len += (size_t)snprintf(line + len, sizeof(line) - len, " not yet: %s",
			                        why.message);
		fm__line(out, "%s", line);
	}
	for (int k = 0; k < d->nroad; k++)
		held += scheldt__held_by(g, d->track[d->road[k]], d->allied);
	fm__line(out, "Woensdrecht held by %s; Woensdrecht-Schore road: %d of %d hexes Allied",
	         side_or_none(g, scheldt__held_by(g, d->woensdrecht, d->allied)   ? d->allied
	                         : scheldt__held_by(g, d->woensdrecht, d->german) ? d->german
	                                                                          : -1),
	         held, d->nroad);
	if (d->withdraw_unit >= 0)
		fm__line(out, "%s: %s (BS-13.1)", fm__def(g, d->withdraw_unit)->id,
		         st->withdrawn ? "withdrawn, returns with the Beveland assault"
		         : g->u[d->withdraw_unit].where == FM_W_ELIMINATED
		             ? "eliminated, never returns"
		         : g->u[d->withdraw_unit].where == FM_W_MAP ? "on the map"
		                                                    : "off the map");
	for (int k = 0; k < st->nland; k++)
		fm__line(out, "landed: %s in %s on turn %d%s%s", fm__def(g, st->land[k].unit)->id,
		         scheldt__hex(g, st->land[k].hex, buf), st->land[k].turn,
		         scheldt__sharing(g, st->land[k].unit)
		             ? ", sharing the hex with a German unit"
		             : "",
		         st->land[k].boat ? " (assault boat)" : "");
	for (int k = 0; k < st->nbarred; k++)
		fm__line(out, "closed to German units: %s (BS-16.3-12)",
		         scheldt__hex(g, st->barred[k], buf));
	for (int k = 0; k < 2; k++)
		if (d->naval[k] >= 0)
			fm__line(out, "naval +10 marker %s: %s (BS-16.4)",
			         g->sc->markers[d->allied][d->naval[k]].id,
			         g->m[d->allied][d->naval[k]].where == FM_M_GONE ? "used"
			                                                         : "unused");
	if (d->at_marker >= 0)
		fm__line(out, "German +5 anti-tank marker %s: %s (BS-14.1)",
		         g->sc->markers[d->german][d->at_marker].id, at_status(g, who->side));
	return 0;
}

/* The module's verbs: listed in `help` of Scheldt games only. */
static const struct fm_verb verbs[] = {
    {.v = {"rebuild", RULES_VERB_ACTION, 1, 1, "rebuild <unit>",
           "At the end of your player turn: flip one of your depleted units back to full "
           "strength, within your side's rebuilds of the turn (BS-11.0)."},
     .awaits = FM_AWAITS(FM_AW_PHASE),
     .exec = scheldt__do_rebuild,
     .legal = scheldt__legal_rebuild},
    {.v = {"land", RULES_VERB_ACTION, 2, 2, "land <unit> <hex>",
           "Allied Movement Phase: place a unit of the Beveland (16.1) or Walcheren (16.2) "
           "assault group by assault boat on a coastal hex, even one held by a German unit; "
           "the first landing declares the assault (BS-16)."},
     .awaits = FM_AWAITS(FM_AW_PHASE),
     .exec = scheldt__do_land,
     .legal = scheldt__legal_land},
    {.v = {"exclusive", RULES_VERB_QUERY, 0, 0, "exclusive",
           "The state of the Battle of the Scheldt rules: frozen units, rebuilds left, assault "
           "groups and their conditions, landed units, special markers, last-held hexes."},
     .query = q_exclusive},
};

/* The battle situations crt.situations may name (SCH_SIT_* order). */
static const char *const situations[] = {
    [SCH_SIT_BEACH_ASSAULT] = "beach_assault", /* BS-CRT-01, AMB-68 */
};

/* System options this scenario sets because an exclusive rule says so. */
static const struct fm_option_rule option_rules[] = {
    {"support.pick", "BS-14.0-04"}, /* drawn markers are played by choice */
};

/* ---- 17.0 victory ----------------------------------------------------------- */

static int victory(const struct fm_game *g, int at_end, int *winner, char *summary, size_t n)
{
	const struct scheldt_data *d = scheldt__data(g);
	char buf[RULES_HEX_ID_MAX];
	int left = 0, first = -1;

	if (!at_end) /* AMB-72: no sudden death; the line is checked after the last turn */
		return 0;
	for (int i = 0; i < g->nunits; i++)
		if (g->u[i].where == FM_W_MAP && fm__side_of(g, i) == d->german &&
		    scheldt__hex_is(g, g->u[i].hex, SCH_HF_VICTORY)) {
			if (first < 0)
				first = i;
			left++;
		}
	if (left == 0) {
		*winner = d->allied;
		snprintf(summary, n,
		         "Allied victory: no German unit remains west of the 2022-3217 line "
		         "(BS-17.0-01)");
	} else {
		*winner = d->german;
		snprintf(summary, n,
		         "German victory: %d German unit%s still west of the 2022-3217 line, e.g. "
		         "%s in %s (BS-17.0-02)",
		         left, left > 1 ? "s are" : " is", fm__def(g, first)->id,
		         scheldt__hex(g, g->u[first].hex, buf));
	}
	return 1;
}

const struct fm_module scheldt_module = {
    .verbs = verbs,
    .nverbs = sizeof(verbs) / sizeof(verbs[0]),
    .option_rules = option_rules,
    .noption_rules = sizeof(option_rules) / sizeof(option_rules[0]),
    .name = "scheldt",
    .options = options,
    .noptions = SCH_O_COUNT,
    .load = scheldt__load,
    .lint = scheldt__lint,
    .free = scheldt__free,
    .init = init,
    .turn_start = scheldt__turn_start,
    .turn_closing = scheldt__turn_closing,
    .end_step = scheldt__end_step,
    .player_turn_end = scheldt__player_turn_end,
    .end_check = scheldt__end_check,
    .end_forfeit = scheldt__end_forfeit,
    .settle = settle,
    .move_step = scheldt__move_step,
    .may_act = scheldt__may_act,
    .may_share = scheldt__may_share,
    .attack_check = scheldt__attack_check,
    .crt_line = scheldt__crt_line,
    .situations = situations,
    .nsituations = sizeof(situations) / sizeof(situations[0]),
    .situation = scheldt__situation,
    .after_roll = scheldt__after_roll,
    .in_draw = scheldt__in_draw,
    .marker_check = scheldt__marker_check,
    .max_markers = scheldt__max_markers,
    .step_again = scheldt__step_again,
    .retreat_step = scheldt__retreat_step,
    .loss_ok = scheldt__loss_ok,
    .battle_end = scheldt__battle_end,
    .victory = victory,
    .snapshot = snapshot,
    .restore = restore,
    .view = view,
};
