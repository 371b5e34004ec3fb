/*
 * view.c -- view() and the query verbs of The Scheldt Campaign, each as the
 * viewer may see it (8.0): the identity of HQs and detached units on the map
 * is open; the contents of holding boxes (which units, how many, their hits)
 * and the markers in a hand are the owner's alone, the other side and the
 * spectators see a hand's size; a battle's commitments are the committer's
 * until both are locked and revealed; the Dead Pile is open.
 */
#include "camp_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int own(const struct rules_viewer *who, int side)
{
	return who != NULL && who->side == side;
}

static const char *phase_slug(const struct camp_game *g)
{
	static const char *const slugs[] = {"setup",       "setup",      "setup",    "hand",
	                                    "preparation", "operations", "planning", "over"};
	return slugs[g->phase];
}

static const char *phase_text(const struct camp_game *g)
{
	static const char *const names[] = {
	    "set-up: random hits", "set-up: scratch battalions", "free set-up",    "set-up: hands",
	    "Preparation Phase",   "Operations Phase",           "Planning Phase", "game over"};
	return names[g->phase];
}

static void add_lines(cJSON *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void wrap_line(void *ctx, const char *text)
{
	camp__line(ctx, "%s", text);
}

static void add_lines(cJSON *out, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	rules_text_wrap(buf, 78, 4, wrap_line, out);
}

static cJSON *unit_json(const struct camp_game *g, int i, int full)
{
	const struct camp_unit_def *d = &g->sc->units[i];
	const struct camp_unit *u = &g->u[i];
	cJSON *o = cJSON_CreateObject();
	char hb[RULES_HEX_ID_MAX], fac[32];

	cJSON_AddStringToObject(o, "unit", d->id);
	cJSON_AddStringToObject(o, "name", d->name);
	cJSON_AddStringToObject(o, "side", camp__side(g, d->side));
	cJSON_AddStringToObject(o, "nationality", camp__nat_name(d->nat));
	cJSON_AddStringToObject(o, "size", d->size);
	cJSON_AddBoolToObject(o, "hq", d->hq);
	if (u->where == CAMP_W_MAP)
		cJSON_AddStringToObject(o, "hex", camp__hex_id(g, u->hex, hb));
	if (!d->hq) {
		cJSON_AddStringToObject(o, "type", d->type);
		cJSON_AddStringToObject(o, "factors", camp__factors(g, i, fac, sizeof(fac)));
		cJSON_AddNumberToObject(o, "af", d->af);
		cJSON_AddNumberToObject(o, "df", d->df);
		cJSON_AddNumberToObject(o, "mf", d->mf);
		if (d->range)
			cJSON_AddNumberToObject(o, "range", d->range);
		cJSON_AddNumberToObject(o, "hits", u->hits);
	}
	if (u->flags & CAMP_F_MOVED)
		cJSON_AddBoolToObject(o, "moved", 1);
	if (full && (u->flags & CAMP_F_RECOVERED))
		cJSON_AddBoolToObject(o, "recovering", 1);
	if (u->partner >= 0 && u->where == CAMP_W_MAP)
		cJSON_AddStringToObject(o, "with", camp__uid(g, u->partner));
	return o;
}

/* The units a viewer sees on the map: HQs and detached units. */
static cJSON *map_units(const struct camp_game *g)
{
	cJSON *a = cJSON_CreateArray();

	for (int i = 0; i < g->nunits; i++)
		if (g->u[i].where == CAMP_W_MAP)
			cJSON_AddItemToArray(a, unit_json(g, i, 0));
	return a;
}

static cJSON *boxes_json(const struct camp_game *g, int side)
{
	cJSON *a = cJSON_CreateArray();

	for (int h = 0; h < g->nunits; h++) {
		cJSON *box, *units;
		char hb[RULES_HEX_ID_MAX];
		if (!g->sc->units[h].hq || g->sc->units[h].side != side ||
		    (g->u[h].where != CAMP_W_MAP && g->u[h].where != CAMP_W_MAT))
			continue;
		box = cJSON_CreateObject();
		cJSON_AddStringToObject(box, "hq", g->sc->units[h].id);
		if (g->u[h].where == CAMP_W_MAP)
			cJSON_AddStringToObject(box, "hex", camp__hex_id(g, g->u[h].hex, hb));
		else
			cJSON_AddStringToObject(box, "hex", "off-map");
		units = cJSON_AddArrayToObject(box, "units");
		for (int i = 0; i < g->nunits; i++)
			if (g->u[i].where == CAMP_W_BOX && g->u[i].tf == h)
				cJSON_AddItemToArray(units, unit_json(g, i, 1));
		cJSON_AddItemToArray(a, box);
	}
	return a;
}

static cJSON *hand_json(const struct camp_game *g, int side, int show)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddNumberToObject(o, "count", camp__hand_size(g, side));
	if (show) {
		cJSON *m = cJSON_AddObjectToObject(o, "markers"),
		      *p = cJSON_AddObjectToObject(o, "pool");
		for (int k = 0; k < CAMP_NMARK; k++) {
			cJSON_AddNumberToObject(m, camp__marker_name(k), g->hand[side][k]);
			cJSON_AddNumberToObject(p, camp__marker_name(k),
			                        g->sc->markers[side][k] - g->hand[side][k]);
		}
	}
	return o;
}

/* The battle as viewer may see it. */
static cJSON *battle_json(const struct camp_game *g, const struct rules_viewer *who)
{
	const struct camp_battle *b = &g->b;
	cJSON *o = cJSON_CreateObject();
	char hb[RULES_HEX_ID_MAX];
	int revealed = b->stage > CAMP_B_COMMIT;
	static const char *const stages[] = {"none",        "commit",  "first-hits", "convert",
	                                     "return-hits", "retreat", "advance"};

	cJSON_AddStringToObject(o, "stage", stages[b->stage]);
	cJSON_AddStringToObject(o, "attacker", camp__side(g, b->attacker));
	cJSON_AddStringToObject(o, "unit", camp__uid(g, b->unit));
	cJSON_AddStringToObject(o, "from", camp__hex_id(g, b->from, hb));
	cJSON_AddStringToObject(o, "target", camp__hex_id(g, b->target, hb));
	for (int s = 0; s < RULES_SIDES; s++) {
		cJSON *c = cJSON_CreateObject();
		const struct camp_commit *cm = &b->c[s];
		cJSON_AddBoolToObject(c, "locked", cm->locked);
		if (revealed || own(who, s)) {
			cJSON_AddNumberToObject(c, "G-2", cm->g2);
			cJSON_AddNumberToObject(c, "artillery", cm->art);
			cJSON_AddNumberToObject(c, "air", cm->air);
			if (cm->react >= 0)
				cJSON_AddStringToObject(c, "reaction", camp__uid(g, cm->react));
		} else if (cm->locked) {
			cJSON_AddNumberToObject(c, "markers",
			                        cm->g2 + cm->art + cm->air + (cm->react >= 0));
		}
		cJSON_AddItemToObject(o, s == 0 ? "allied_commit" : "german_commit", c);
	}
	if (revealed || own(who, b->attacker)) {
		cJSON *a = cJSON_AddArrayToObject(o, "attackers");
		for (int k = 0; k < b->npart; k++)
			cJSON_AddItemToArray(a, unit_json(g, b->part[k], 0));
	}
	if (revealed) {
		cJSON *a = cJSON_AddArrayToObject(o, "defenders");
		for (int k = 0; k < b->ndef; k++)
			cJSON_AddItemToArray(a, unit_json(g, b->def[k], 0));
		for (int s = 0; s < RULES_SIDES; s++) {
			cJSON *sup =
			    cJSON_AddArrayToObject(o, s == 0 ? "allied_support" : "german_support");
			for (int k = 0; k < b->nsup[s]; k++)
				cJSON_AddItemToArray(
				    sup, cJSON_CreateString(camp__uid(g, b->sup[s][k])));
		}
		cJSON_AddStringToObject(o, "tactical_advantage", camp__side(g, b->ta));
		for (int f = 0; f < 2; f++) {
			const struct camp_fire *fi = &b->fire[f];
			cJSON *x;
			if (f == 1 && b->stage < CAMP_B_CONVERT)
				break;
			x = cJSON_AddObjectToObject(o, f == 0 ? "first_fire" : "return_fire");
			cJSON_AddStringToObject(x, "side", camp__side(g, fi->side));
			cJSON_AddNumberToObject(x, "dice", fi->dice);
			cJSON_AddNumberToObject(x, "fives", fi->fives);
			cJSON_AddNumberToObject(x, "sixes", fi->sixes);
			cJSON_AddNumberToObject(x, "hits", fi->raw);
			cJSON_AddNumberToObject(x, "reduction", fi->reduction);
			cJSON_AddNumberToObject(x, "net", fi->net);
			cJSON_AddNumberToObject(x, "retreats", fi->retreats);
		}
		cJSON_AddNumberToObject(o, "hits_left", b->left);
		cJSON_AddStringToObject(o, "allocating", camp__side(g, b->alloc_side));
		cJSON_AddNumberToObject(o, "retreat", b->retreat_len);
	}
	return o;
}

static void battle_lines(const struct camp_game *g, const struct rules_viewer *who, cJSON *out)
{
	const struct camp_battle *b = &g->b;
	char hb[RULES_HEX_ID_MAX], fb[RULES_HEX_ID_MAX];

	add_lines(out, "Battle for %s: %s attack with %s from %s.", camp__hex_id(g, b->target, hb),
	          camp__side(g, b->attacker), camp__uid(g, b->unit), camp__hex_id(g, b->from, fb));
	if (b->stage == CAMP_B_COMMIT) {
		for (int s = 0; s < RULES_SIDES; s++)
			add_lines(out, "  %s: %s", camp__side(g, s),
			          !b->c[s].locked ? "committing..."
			          : own(who, s)   ? "committed (yours, face down)"
			                          : "committed face down");
		return;
	}
	add_lines(out, "  Tactical Advantage: %s. First Fire %d dice, %d hits%s; %s",
	          camp__side(g, b->ta), b->fire[0].dice, b->fire[0].raw,
	          b->fire[0].reduction ? " (reduced)" : "",
	          b->stage >= CAMP_B_CONVERT ? "Return Fire rolled" : "Return Fire to come");
	if (b->left > 0)
		add_lines(out, "  %d hits for the %s to allocate", b->left,
		          camp__side(g, b->alloc_side));
}

cJSON *camp__view(const struct rules_game *rg, const struct rules_viewer *who)
{
	const struct camp_game *g = (const struct camp_game *)rg;
	const struct camp_scenario *sc = g->sc;
	cJSON *o = cJSON_CreateObject(), *hands;
	int vp[RULES_SIDES];
	char buf[64];

	if (o == NULL)
		return NULL;
	cJSON_AddStringToObject(o, "scenario", sc->id);
	cJSON_AddNumberToObject(o, "turn", g->turn);
	cJSON_AddNumberToObject(o, "turns", sc->turns);
	if (g->turn >= 1 && g->turn - 1 < sc->nlabels)
		cJSON_AddStringToObject(o, "date", sc->labels[g->turn - 1]);
	cJSON_AddStringToObject(o, "phase", phase_slug(g));
	cJSON_AddStringToObject(o, "phase_text", phase_text(g));
	cJSON_AddStringToObject(o, "phasing", camp__side(g, g->phasing));
	cJSON_AddStringToObject(o, "viewer",
	                        who->side >= 0 && who->side < RULES_SIDES ? camp__side(g, who->side)
	                                                                  : "spectator");
	hands = cJSON_AddObjectToObject(o, "hands");
	for (int s = 0; s < RULES_SIDES; s++)
		cJSON_AddItemToObject(hands, camp__side(g, s), hand_json(g, s, own(who, s)));
	cJSON_AddItemToObject(o, "units", map_units(g));
	if (who->side >= 0 && who->side < RULES_SIDES)
		cJSON_AddItemToObject(o, "oob", boxes_json(g, who->side));
	{
		cJSON *dead = cJSON_AddArrayToObject(o, "dead");
		for (int i = 0; i < g->nunits; i++)
			if (g->u[i].where == CAMP_W_DEAD)
				cJSON_AddItemToArray(dead, cJSON_CreateString(camp__uid(g, i)));
	}
	if (g->b.stage != CAMP_B_NONE)
		cJSON_AddItemToObject(o, "battle", battle_json(g, who));
	camp__victory_points(g, vp);
	cJSON_AddNumberToObject(o, "vp_allied", vp[0] / 2.0);
	cJSON_AddNumberToObject(o, "vp_german", vp[1] / 2.0);
	cJSON_AddNumberToObject(o, "coastal_left", camp__coastal_left(g, 0));
	cJSON_AddBoolToObject(o, "dikes", g->dikes);
	cJSON_AddBoolToObject(o, "walcheren_entered", g->walcheren_entered);
	cJSON_AddBoolToObject(o, "pocket_surrendered", g->pocket_surrendered);
	cJSON_AddBoolToObject(o, "reaction", g->opt.reaction);
	cJSON_AddBoolToObject(o, "over", g->over);
	if (g->over) {
		cJSON_AddStringToObject(o, "winner",
		                        g->winner < 0 ? "draw" : camp__side(g, g->winner));
		cJSON_AddStringToObject(o, "level", camp__level_name(g->level));
		cJSON_AddStringToObject(o, "summary", g->summary);
	}
	if (who->cols > 0) {
		struct rules_pending p;
		char date[40] = "";
		cJSON_AddArrayToObject(o, "lines");
		if (g->turn >= 1 && g->turn - 1 < sc->nlabels && sc->labels[g->turn - 1][0])
			snprintf(date, sizeof(date), " (%s)", sc->labels[g->turn - 1]);
		add_lines(o, "%s, turn %d of %d%s: %s%s", sc->title, g->turn, sc->turns, date,
		          g->phase >= CAMP_PH_PREP && g->phase <= CAMP_PH_PLANNING
		              ? (g->phasing == CAMP_ALLIED ? "Allied " : "German ")
		              : "",
		          phase_text(g));
		if (who->side >= 0 && who->side < RULES_SIDES)
			add_lines(o, "Your hand (%s): %s; the %s hold %d markers.",
			          camp__side(g, who->side),
			          camp__hand_text(g->hand[who->side], buf, sizeof(buf)),
			          camp__side(g, 1 - who->side), camp__hand_size(g, 1 - who->side));
		else
			add_lines(o, "Hands: allied %d markers, german %d.", camp__hand_size(g, 0),
			          camp__hand_size(g, 1));
		if (g->turn >= 1)
			add_lines(
			    o,
			    "Coastal artillery left: %d (Breskens Pocket %d). VP if it ended now: "
			    "allied %g, german %g.%s",
			    camp__coastal_left(g, 0), camp__coastal_left(g, 1), vp[0] / 2.0,
			    vp[1] / 2.0, g->dikes ? " Walcheren is flooded." : "");
		if (g->b.stage != CAMP_B_NONE)
			battle_lines(g, who, o);
		if (g->over)
			add_lines(o, "Game over: %s", g->summary);
		camp__pending(rg, &p);
		for (int s = 0; s < RULES_SIDES; s++)
			if (p.sides & RULES_AUD_SIDE(s))
				add_lines(o, "%s %s",
				          own(who, s) ? "You:"
				          : s == 0    ? "Allied:"
				                      : "German:",
				          p.what[s]);
		camp__board_lines(g, who, cJSON_GetObjectItemCaseSensitive(o, "lines"));
	}
	return o;
}

/* ---- queries ----------------------------------------------------------------------------- */

int camp__q_hand(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
                 cJSON *out, struct rules_error *err)
{
	char buf[64], pool[64];
	int p[CAMP_NMARK];

	(void)argc;
	(void)argv;
	(void)err;
	for (int s = 0; s < RULES_SIDES; s++)
		cJSON_AddItemToObject(out, camp__side(g, s), hand_json(g, s, own(who, s)));
	if (who->side >= 0 && who->side < RULES_SIDES) {
		for (int k = 0; k < CAMP_NMARK; k++)
			p[k] = g->sc->markers[who->side][k] - g->hand[who->side][k];
		camp__line(out, "your hand: %s",
		           camp__hand_text(g->hand[who->side], buf, sizeof(buf)));
		camp__line(out, "your Available Pile: %s", camp__hand_text(p, pool, sizeof(pool)));
		camp__line(out, "the %s hold %d markers", camp__side(g, 1 - who->side),
		           camp__hand_size(g, 1 - who->side));
	} else {
		camp__line(out, "hands: allied %d markers, german %d", camp__hand_size(g, 0),
		           camp__hand_size(g, 1));
	}
	return 0;
}

int camp__q_oob(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
                cJSON *out, struct rules_error *err)
{
	cJSON *boxes;
	char fac[32], hb[RULES_HEX_ID_MAX];

	(void)argc;
	(void)argv;
	if (who->side < 0 || who->side >= RULES_SIDES)
		return rules_fail(err, WG_E_FORBIDDEN, "SC-8.0b",
		                  "the OOB mats are secret: only their owners see them");
	boxes = boxes_json(g, who->side);
	cJSON_AddItemToObject(out, "boxes", boxes);
	for (int h = 0; h < g->nunits; h++) {
		char line[400];
		size_t len;
		int n = 0;
		if (!g->sc->units[h].hq || g->sc->units[h].side != who->side ||
		    (g->u[h].where != CAMP_W_MAP && g->u[h].where != CAMP_W_MAT))
			continue;
		len = (size_t)snprintf(
		    line, sizeof(line), "%s (%s):", g->sc->units[h].id,
		    g->u[h].where == CAMP_W_MAP ? camp__hex_id(g, g->u[h].hex, hb) : "off-map");
		for (int i = 0; i < g->nunits; i++)
			if (g->u[i].where == CAMP_W_BOX && g->u[i].tf == h) {
				len += (size_t)snprintf(
				    line + len, len < sizeof(line) ? sizeof(line) - len : 0,
				    " %s %s%s", g->sc->units[i].id,
				    camp__factors(g, i, fac, sizeof(fac)),
				    (g->u[i].flags & CAMP_F_RECOVERED) ? " (recovering)" : "");
				n++;
			}
		if (n == 0)
			snprintf(line + len, len < sizeof(line) ? sizeof(line) - len : 0, " empty");
		add_lines(out, "%s", line);
	}
	return 0;
}

static const char *where_text(const struct camp_game *g, int i, char *buf)
{
	switch (g->u[i].where) {
	case CAMP_W_MAP:
		return camp__hex_id(g, g->u[i].hex, buf);
	case CAMP_W_MAT:
		return "OOB mat";
	case CAMP_W_WAITING:
		return "to arrive";
	case CAMP_W_DEAD:
		return "Dead Pile";
	case CAMP_W_GONE:
		return "out of the game";
	default:
		return "off-map";
	}
}

int camp__q_units(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
                  cJSON *out, struct rules_error *err)
{
	int only = -1;
	cJSON *list = cJSON_AddArrayToObject(out, "units");

	if (argc == 2 && (only = camp__side_by_name(g->sc, argv[1])) < 0)
		return rules_fail(err, WG_E_BAD_ARGS, "", "units [allied|german]");
	for (int s = 0; s < RULES_SIDES; s++) {
		if (only >= 0 && s != only)
			continue;
		camp__line(out, "%s:", camp__side(g, s));
		for (int i = 0; i < g->nunits; i++) {
			const struct camp_unit_def *d = &g->sc->units[i];
			char fac[32], wb[RULES_HEX_ID_MAX], line[200];
			int w = g->u[i].where, n;
			if (d->side != s || w == CAMP_W_POOL || w == CAMP_W_DRAWN ||
			    (w == CAMP_W_BOX && !own(who, s)) ||
			    (w == CAMP_W_GONE && !d->hq && !own(who, s)))
				continue;
			if (w == CAMP_W_WAITING && (d->classes & CAMP_C_SCRATCH))
				continue;
			{
				cJSON *o = unit_json(g, i, own(who, s));
				cJSON_AddStringToObject(o, "where", where_text(g, i, wb));
				cJSON_AddItemToArray(list, o);
			}
			if (w == CAMP_W_BOX)
				continue; /* shown under its HQ */
			n = snprintf(line, sizeof(line), "  %-8s %-10s %s", d->id,
			             where_text(g, i, wb), camp__factors(g, i, fac, sizeof(fac)));
			if (d->hq && w == CAMP_W_MAP && own(who, s))
				snprintf(line + n, sizeof(line) - (size_t)n, " with %d units",
				         camp__box_count(g, i));
			if (g->u[i].flags & CAMP_F_MOVED)
				strncat(line, " moved", sizeof(line) - strlen(line) - 1);
			if (own(who, s) && (g->u[i].flags & CAMP_F_RECOVERED))
				strncat(line, " recovering", sizeof(line) - strlen(line) - 1);
			camp__line(out, "%s", line);
			if (d->hq && own(who, s))
				for (int k = 0; k < g->nunits; k++)
					if (g->u[k].where == CAMP_W_BOX && g->u[k].tf == i)
						camp__line(out, "    + %-8s %s%s",
						           g->sc->units[k].id,
						           camp__factors(g, k, fac, sizeof(fac)),
						           (g->u[k].flags & CAMP_F_RECOVERED)
						               ? " recovering"
						               : "");
		}
	}
	return 0;
}

int camp__q_hex(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
                cJSON *out, struct rules_error *err)
{
	const struct camp_scenario *sc = g->sc;
	uint32_t t;
	int hex, rc;
	char hb[RULES_HEX_ID_MAX], names[200], fac[32];
	size_t len = 0;
	cJSON *units, *sides;

	(void)argc;
	if ((rc = camp__parse_hex(g, argv[1], &hex, err)) != 0)
		return rc;
	t = camp__terrain(g, hex);
	names[0] = '\0';
	for (int k = 0; k < sc->map.nterrain; k++)
		if (t & (1u << k))
			len += (size_t)snprintf(names + len,
			                        len < sizeof(names) ? sizeof(names) - len : 0,
			                        "%s%s", len ? ", " : "", sc->map.terrain[k].name);
	cJSON_AddStringToObject(out, "hex", camp__hex_id(g, hex, hb));
	cJSON_AddStringToObject(out, "terrain", names);
	if (sc->map.hex_name[hex][0])
		cJSON_AddStringToObject(out, "name", sc->map.hex_name[hex]);
	cJSON_AddNumberToObject(out, "tm", camp__hex_tm(g, hex));
	cJSON_AddBoolToObject(out, "fortification", camp__hex_fort(g, hex));
	camp__line(out, "hex %s%s%s: %s; Terrain Modifier %d%s", hb,
	           sc->map.hex_name[hex][0] ? " " : "", sc->map.hex_name[hex], names,
	           camp__hex_tm(g, hex),
	           camp__hex_fort(g, hex) ? ", fortification (+1 German)" : "");
	sides = cJSON_AddArrayToObject(out, "hexsides");
	for (int d = 0; d < RULES_HEX_DIRS; d++) {
		int n = rules_hex_neighbour(&sc->map.grid, hex, d), s;
		char feat[120], nb[RULES_HEX_ID_MAX];
		size_t fl = 0;
		cJSON *x;
		if (n < 0)
			continue;
		s = rules_hex_side_between(&sc->map.grid, hex, n);
		feat[0] = '\0';
		for (int k = 0; k < sc->map.nsidetypes; k++)
			if (sc->map.side_feat[s] & (1u << k))
				fl += (size_t)snprintf(
				    feat + fl, fl < sizeof(feat) ? sizeof(feat) - fl : 0, "%s%s",
				    fl ? ", " : "", sc->map.sidetypes[k].name);
		if (sc->map.side_flags[s] & RULES_HF_ROAD)
			fl += (size_t)snprintf(feat + fl, fl < sizeof(feat) ? sizeof(feat) - fl : 0,
			                       "%sroad", fl ? ", " : "");
		if (fl == 0)
			continue;
		x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "to", camp__hex_id(g, n, nb));
		cJSON_AddStringToObject(x, "features", feat);
		cJSON_AddNumberToObject(x, "tm", camp__side_tm(g, hex, n));
		cJSON_AddItemToArray(sides, x);
		camp__line(out, "  toward %s: %s%s", nb, feat,
		           camp__side_tm(g, hex, n) ? " (defender +" : "");
		if (camp__side_tm(g, hex, n)) {
			cJSON *lines = cJSON_GetObjectItemCaseSensitive(out, "lines");
			cJSON *last = cJSON_GetArrayItem(lines, cJSON_GetArraySize(lines) - 1);
			char b2[200];
			snprintf(b2, sizeof(b2), "%s%d)", last->valuestring,
			         camp__side_tm(g, hex, n));
			cJSON_SetValuestring(last, b2);
		}
	}
	units = cJSON_AddArrayToObject(out, "units");
	for (int i = 0; i < g->nunits; i++) {
		if (g->u[i].where != CAMP_W_MAP || g->u[i].hex != hex)
			continue;
		cJSON_AddItemToArray(units, unit_json(g, i, 0));
		if (g->sc->units[i].hq && own(who, g->sc->units[i].side))
			camp__line(out, "  %s %s with %d units",
			           camp__side(g, g->sc->units[i].side), camp__uid(g, i),
			           camp__box_count(g, i));
		else
			camp__line(out, "  %s %s %s", camp__side(g, g->sc->units[i].side),
			           camp__uid(g, i), camp__factors(g, i, fac, sizeof(fac)));
	}
	for (int s = 0; s < RULES_SIDES; s++) {
		int oz = camp__in_oz(g, hex, s);
		cJSON_AddBoolToObject(out, s == 0 ? "allied_oz" : "german_oz", oz);
		if (oz)
			camp__line(out, "  in an Operations Zone of the %s%s", camp__side(g, s),
			           camp__uncontested_enemy_oz(g, hex, 1 - s) ? " (uncontested)"
			                                                     : "");
	}
	return 0;
}

int camp__q_battle(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
                   cJSON *out, struct rules_error *err)
{
	(void)argc;
	(void)argv;
	if (g->b.stage == CAMP_B_NONE)
		return rules_fail(err, WG_E_NOT_FOUND, "", "no battle is in progress");
	cJSON_AddItemToObject(out, "battle", battle_json(g, who));
	battle_lines(g, who, out);
	return 0;
}

int camp__q_vp(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
               cJSON *out, struct rules_error *err)
{
	int vp[RULES_SIDES], level;

	(void)who;
	(void)argc;
	(void)argv;
	(void)err;
	camp__victory_points(g, vp);
	level = camp__level(vp[0], vp[1]);
	cJSON_AddNumberToObject(out, "allied", vp[0] / 2.0);
	cJSON_AddNumberToObject(out, "german", vp[1] / 2.0);
	cJSON_AddStringToObject(out, "level", camp__level_name(level));
	camp__line(out, "victory points if the game ended now (14.2): allied %g, german %g (%s)",
	           vp[0] / 2.0, vp[1] / 2.0,
	           level == CAMP_L_DRAW ? "a draw" : camp__level_name(level));
	camp__line(out,
	           "the game ends early when the last of %d coastal artillery units falls; "
	           "after turn %d with any left it is a German Impressive Victory (14.1)",
	           camp__coastal_left(g, 0), g->sc->turns);
	camp__line(out, "German extras: dikes %s, Antwerp %s, 51st turns %d, parachute brigades %d",
	           g->dikes ? "broken (+2)" : "intact", g->antwerp_vp ? "held (+6)" : "no",
	           g->d51_turns, g->paras);
	return 0;
}

int camp__q_tec(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
                cJSON *out, struct rules_error *err)
{
	const struct camp_scenario *sc = g->sc;
	cJSON *t = cJSON_AddArrayToObject(out, "terrain"),
	      *s = cJSON_AddArrayToObject(out, "hexsides");

	(void)who;
	(void)argc;
	(void)argv;
	(void)err;
	camp__line(out, "terrain (MP to enter; Terrain Modifier for a defender, 10.5.5):");
	for (int k = 0; k < sc->map.nterrain; k++) {
		const struct rules_terrain *ty = &sc->map.terrain[k];
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "id", ty->id);
		cJSON_AddStringToObject(o, "name", ty->name);
		cJSON_AddNumberToObject(o, "mp", ty->mp_half / 2.0);
		cJSON_AddNumberToObject(o, "tm", sc->tm[k] + sc->tm_add[k]);
		cJSON_AddItemToArray(t, o);
		if (ty->prohibited)
			camp__line(out, "  %-14s prohibited", ty->name);
		else if (ty->mp_half >= 0)
			camp__line(out, "  %-14s %g MP, TM %d%s", ty->name, ty->mp_half / 2.0,
			           sc->tm[k], sc->fort[k] ? " (+1 German fortification)" : "");
		else
			camp__line(out, "  %-14s +%g MP, TM +%d%s", ty->name, ty->add_half / 2.0,
			           sc->tm_add[k], sc->fort[k] ? ", +1 for German defenders" : "");
	}
	camp__line(out, "hexsides:");
	for (int k = 0; k < sc->map.nsidetypes; k++) {
		const struct rules_terrain *ty = &sc->map.sidetypes[k];
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "id", ty->id);
		cJSON_AddStringToObject(o, "name", ty->name);
		cJSON_AddNumberToObject(o, "tm", sc->side_tm[k]);
		cJSON_AddItemToArray(s, o);
		camp__line(out, "  %-14s %s, TM +%d", ty->name,
		           ty->prohibited ? "no crossing" : "crossable", sc->side_tm[k]);
	}
	camp__line(out,
	           "road: %g MP along a road hexside; mechanized units enter and leave "
	           "polder and flooded hexes only along roads (9.1.4)",
	           sc->road_half / 2.0);
	return 0;
}

int camp__q_reach(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
                  cJSON *out, struct rules_error *err)
{
	const struct rules_hex_grid *gr = &g->sc->map.grid;
	int unit, strategic = argc == 3 && strcasecmp(argv[2], "strategic") == 0, rc, n = 0;
	int *cost, *prev;
	cJSON *hexes;
	char line[80], hb[RULES_HEX_ID_MAX];
	size_t len = 0;

	if (argc == 3 && !strategic)
		return rules_fail(err, WG_E_BAD_ARGS, "", "reach <unit> [strategic]");
	if ((rc = camp__parse_unit(g, argv[1], &unit, err)) != 0)
		return rc;
	if (!own(who, g->sc->units[unit].side))
		return rules_fail(
		    err, WG_E_FORBIDDEN, "SC-8.0b",
		    "how far a Task Force moves tells its slowest unit: reach is for the "
		    "owner only");
	if (g->u[unit].where != CAMP_W_MAP)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-3.8a",
		                  "%s is not on the map (a unit "
		                  "in a box moves with its HQ)",
		                  argv[1]);
	cost = malloc((size_t)gr->count * sizeof(int));
	prev = malloc((size_t)gr->count * sizeof(int));
	if (cost == NULL || prev == NULL || camp__reach(g, unit, strategic, cost, prev) != 0) {
		free(cost);
		free(prev);
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	}
	hexes = cJSON_AddObjectToObject(out, "reach");
	line[0] = '\0';
	for (int h = 0; h < gr->count; h++) {
		if (cost[h] < 0)
			continue;
		cJSON_AddNumberToObject(hexes, camp__hex_id(g, h, hb), cost[h] / 2.0);
		if (len + 12 > 76) {
			camp__line(out, "%s", line);
			len = 0;
			line[0] = '\0';
		}
		len += (size_t)snprintf(line + len, sizeof(line) - len, "%s%s:%g", len ? " " : "  ",
		                        hb, cost[h] / 2.0);
		n++;
	}
	if (len)
		camp__line(out, "%s", line);
	if (n == 0)
		camp__line(out, "  no hex");
	free(cost);
	free(prev);
	return 0;
}

int camp__q_reinforcements(const struct camp_game *g, const struct rules_viewer *who, int argc,
                           char **argv, cJSON *out, struct rules_error *err)
{
	const struct camp_scenario *sc = g->sc;
	cJSON *list = cJSON_AddArrayToObject(out, "groups");
	static const char *const kinds[] = {"normal", "parachute", "ssf", "division_51"};
	int pool = 0;

	(void)who;
	(void)argc;
	(void)argv;
	(void)err;
	for (int k = 0; k < sc->ngroups; k++) {
		const struct camp_group *gr = &sc->groups[k];
		cJSON *o = cJSON_CreateObject(), *units = cJSON_AddArrayToObject(o, "units");
		int waiting = 0, n = 0;
		char ul[200], turns[60];
		size_t len = 0, tl = 0;
		ul[0] = turns[0] = '\0';
		for (int i = 0; i < g->nunits; i++)
			if (sc->units[i].group == k) {
				n++;
				waiting += g->u[i].where == CAMP_W_WAITING;
				cJSON_AddItemToArray(units, cJSON_CreateString(sc->units[i].id));
				len += (size_t)snprintf(ul + len,
				                        len < sizeof(ul) ? sizeof(ul) - len : 0,
				                        "%s%s", len ? " " : "", sc->units[i].id);
			}
		if (gr->kind == CAMP_G_SSF)
			for (int q = 0; q < gr->nturns; q++)
				tl += (size_t)snprintf(turns + tl,
				                       tl < sizeof(turns) ? sizeof(turns) - tl : 0,
				                       "%s%d", q ? "," : "", gr->turns[q]);
		else
			snprintf(turns, sizeof(turns), "%d-%d", gr->first, gr->last);
		cJSON_AddStringToObject(o, "id", gr->id);
		cJSON_AddStringToObject(o, "side", camp__side(g, gr->side));
		cJSON_AddStringToObject(o, "kind", kinds[gr->kind]);
		cJSON_AddStringToObject(o, "turns", turns);
		cJSON_AddBoolToObject(o, "due", camp__group_due(g, k));
		cJSON_AddNumberToObject(o, "waiting", waiting);
		cJSON_AddItemToArray(list, o);
		add_lines(out, "%s %s (%s, turns %s): %s%s", camp__side(g, gr->side), gr->id,
		          kinds[gr->kind], turns, waiting == 0 ? "in" : ul,
		          camp__group_due(g, k) ? " -- may enter now" : "");
		(void)n;
	}
	for (int i = 0; i < g->nunits; i++)
		pool += g->u[i].where == CAMP_W_POOL;
	cJSON_AddNumberToObject(out, "scratch_pool", pool);
	add_lines(out, "german scratch battalions not yet drawn: %d (%d per G-1)", pool,
	          sc->scratch_per_g1);
	return 0;
}
