/*
 * retreat.c -- the effects of a combat result (FM-8.2.4): losses,
 * eliminations, retreats along a path the owner chooses and the engine
 * validates (FM-8.3), displacement chains (FM-8.3.1), stiff resistance
 * (FM-8.4) and advance after combat along the path of retreat (FM-8.5).
 *
 * Retreat validation (AMB-09): each hex of the path is one hex farther from
 * the combat hex; no enemy, EZOC or prohibited hex or hexside.  Among the
 * legal paths, in order: a full-length path of vacant hexes if one exists
 * (FM-8.3-04); else a full-length path ending in a vacant hex; else a
 * shorter path to the last reachable vacant hex, and the unit is reduced
 * (FM-8.3-08), or a displacement (FM-8.3.1).  Within the class, the end hex
 * must be closer to a friendly edge or supply source when some path allows it
 * (FM-8.3-03, AMB-10), or for a bombardment retreat farther from the closest
 * enemy (FM-8.1.5, AMB-11).
 */
#include "fm_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#define MAX_PATHS 96

struct rpath {
	int n;
	int16_t h[4];
	uint8_t stop; /* an exclusive rule ended it here (counts as complete) */
};

/* ---- losses ------------------------------------------------------------ */

int fm__eliminate(struct fm_game *g, int unit, const char *why, struct rules_events *ev)
{
	char buf[RULES_HEX_ID_MAX];
	cJSON *f = cJSON_CreateObject();
	int hex = g->u[unit].hex, rc;

	cJSON_AddStringToObject(f, "unit", fm__def(g, unit)->id);
	cJSON_AddStringToObject(f, "hex", fm__hex_id(g, hex, buf));
	cJSON_AddStringToObject(f, "cause", why);
	g->u[unit].where = FM_W_ELIMINATED;
	g->u[unit].hex = -1;
	if (g->mover == unit)
		g->mover = -1;
	rc = rules_emit(ev, RULES_AUD_PUBLIC, "unit-eliminated", f, "%s is eliminated (%s)",
	                fm__def(g, unit)->id, why);
	if (rc == 0 && g->sc->module->unit_eliminated != NULL)
		rc = g->sc->module->unit_eliminated(g, unit, hex, ev);
	return rc;
}

/* FM-8.2.4-10: reducing a reduced or one-step unit eliminates it. */
int fm__reduce(struct fm_game *g, int unit, const char *why, struct rules_events *ev)
{
	const struct fm_unit_def *d = fm__def(g, unit);
	const struct fm_step *st;
	cJSON *f;

	if (g->u[unit].step + 1 >= d->nsteps)
		return fm__eliminate(g, unit, why, ev);
	g->u[unit].step++;
	st = fm__cur(g, unit);
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", d->id);
	cJSON_AddNumberToObject(f, "step", g->u[unit].step + 1);
	cJSON_AddNumberToObject(f, "attack", st->attack);
	cJSON_AddNumberToObject(f, "defense", st->defense);
	cJSON_AddNumberToObject(f, "ma", st->ma);
	cJSON_AddStringToObject(f, "cause", why);
	return rules_emit(ev, RULES_AUD_PUBLIC, "unit-reduced", f, "%s is reduced to %d-%d-%d (%s)",
	                  d->id, st->attack, st->defense, st->ma, why);
}

static int alive(const struct fm_game *g, int unit)
{
	return g->u[unit].where == FM_W_MAP;
}

/* 1 if b acts as one unit with a (the module's group hook, fm_module.h). */
static int grouped(const struct fm_game *g, int a, int b)
{
	int16_t grp[FM_MAX_IN_BATTLE];
	const char *rule;
	int n = fm__group(g, a, grp, &rule);

	for (int k = 1; k < n; k++)
		if (grp[k] == b)
			return 1;
	return 0;
}

/* Candidates for the pending loss: participating attackers, or (friendly fire) units of the
 * bombarding side adjacent to the target (FM-8.1.3-02, AMB-05). */
static int loss_candidates(const struct fm_game *g, int16_t *out)
{
	int n = 0;

	if (g->b.ff) {
		for (int i = 0; i < g->nunits && n < FM_MAX_IN_BATTLE; i++)
			if (alive(g, i) && fm__side_of(g, i) == g->active &&
			    fm__adjacent(g, g->u[i].hex, g->b.target))
				out[n++] = (int16_t)i;
		return n;
	}
	for (int k = 0; k < g->b.natt; k++) {
		int u = g->b.att[k];
		if (!alive(g, u))
			continue;
		if (g->sc->module->loss_ok != NULL && !g->sc->module->loss_ok(g, u))
			continue;
		out[n++] = (int16_t)u;
	}
	if (n == 0) /* the hook leaves nobody: any attacker */
		for (int k = 0; k < g->b.natt; k++)
			if (alive(g, g->b.att[k]))
				out[n++] = g->b.att[k];
	return n;
}

/* The defenders of a group (fm_module.h group) that takes the current Ex as one unit: the
 * owner picks the one reduced. */
static int def_loss_candidates(const struct fm_game *g, int16_t *out)
{
	int n = 0, first = -1;

	for (int k = 0; k < g->b.ndef; k++)
		if (alive(g, g->b.def[k]) && (first < 0 || grouped(g, first, g->b.def[k]))) {
			if (first < 0)
				first = g->b.def[k];
			out[n++] = g->b.def[k];
		}
	return n;
}

/* Asks for the loss, or takes it when there is no choice. */
static int attacker_loss(struct fm_game *g, int ff, struct rules_events *ev,
                         struct rules_error *err)
{
	int16_t c[FM_MAX_IN_BATTLE];
	int n, rc;

	g->b.ff = (uint8_t)ff;
	n = loss_candidates(g, c);
	if (n == 0)
		return fm__battle_finish(g, ev, err);
	if (n == 1) {
		rc = fm__reduce(g, c[0], ff ? "friendly fire (A)" : fm__result_name(g->b.result),
		                ev);
		if (rc)
			return rc;
		return fm__battle_finish(g, ev, err);
	}
	g->b.loss_side = (uint8_t)g->active;
	g->await = FM_AW_LOSS;
	return 0;
}

int fm__do_reduce(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                  cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int16_t c[FM_MAX_IN_BATTLE];
	int unit, n, ok = 0, rc;

	(void)argc;
	if (g->await != FM_AW_LOSS)
		return rules_fail(err, WG_E_WRONG_PHASE, "FM-8.2.4-04",
		                  "no loss is waiting to be chosen");
	if (side != g->b.loss_side)
		return rules_fail(err, WG_E_NOT_YOUR_TURN, "FM-8.2.4-04",
		                  "the other player chooses this loss");
	unit = fm__unit_arg(g, argv[1], err);
	if (unit < 0)
		return unit;
	if (side != g->active) { /* a defending group's Ex: one of its units */
		const char *rule;
		int16_t grp[FM_MAX_IN_BATTLE];
		n = def_loss_candidates(g, c);
		for (int k = 0; k < n; k++)
			ok |= c[k] == unit;
		if (!ok)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "FM-8.2.4-04",
			                  "%s cannot take this loss: choose one of the defending "
			                  "units that act as one unit (%s)",
			                  fm__def(g, unit)->id,
			                  n > 0 && fm__group(g, c[0], grp, &rule) > 1 ? rule
			                                                              : "Ex");
		if ((rc = fm__reduce(g, unit, "Ex", ev)) != 0)
			return rc;
		return attacker_loss(g, 0, ev, err);
	}
	n = loss_candidates(g, c);
	for (int k = 0; k < n; k++)
		ok |= c[k] == unit;
	if (!ok)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, g->b.ff ? "FM-8.1.3-02" : "FM-8.2.4-04",
		    g->b.ff ? "%s is not a unit of yours adjacent to the bombarded hex "
		              "(FM-8.1.3)"
		            : "%s cannot take this loss: choose one of the attacking units "
		              "(FM-8.2.4)",
		    fm__def(g, unit)->id);
	rc = fm__reduce(g, unit, g->b.ff ? "friendly fire (A)" : fm__result_name(g->b.result), ev);
	if (rc)
		return rc;
	return fm__battle_finish(g, ev, err);
}

/* ---- result ------------------------------------------------------------ */

static void queue(struct fm_game *g, int unit, int dist)
{
	struct fm_retreat_item *it = &g->b.retreat[g->b.nretreat++];

	it->unit = (int16_t)unit;
	it->origin = g->u[unit].hex;
	it->dist = (uint8_t)dist;
}

int fm__apply_result(struct fm_game *g, struct rules_events *ev, struct rules_error *err)
{
	struct fm_battle *b = &g->b;
	int r = b->result, rc, n;

	switch (r) {
	case FM_R_NE:
		return fm__battle_finish(g, ev, err);
	case FM_R_DE: /* FM-8.2.4-01 */
		for (int k = 0; k < b->ndef; k++)
			if (alive(g, b->def[k]) &&
			    (rc = fm__eliminate(g, b->def[k], "De", ev)) != 0)
				return rc;
		return fm__battle_finish(g, ev, err);
	case FM_R_D1:
	case FM_R_D2:
	case FM_R_D3: /* FM-8.2.4-02/03 */
		n = r == FM_R_D1 ? 1 : r == FM_R_D2 ? 2 : 3;
		for (int k = 0; k < b->ndef; k++)
			if (alive(g, b->def[k]))
				queue(g, b->def[k], n);
		b->retreat_side = (uint8_t)(1 - g->active);
		b->retreat_attacker = 0;
		g->await = FM_AW_RETREAT;
		return 0;
	case FM_R_EX: { /* FM-8.2.4-04; a group loses one step, its owner picks which */
		uint8_t skip[FM_MAX_IN_BATTLE] = {0}, grp = 0;
		for (int k = 0; k < b->ndef; k++)
			for (int j = 0; j < k && !skip[k]; j++)
				skip[k] = (uint8_t)(!skip[j] && grouped(g, b->def[j], b->def[k]));
		for (int k = 0; k < b->ndef; k++) {
			int mates = 0;
			for (int j = k + 1; j < b->ndef; j++)
				mates += skip[j] && grouped(g, b->def[k], b->def[j]);
			if (skip[k] || !alive(g, b->def[k]))
				continue;
			if (mates > 0)
				grp = 1;
			else if ((rc = fm__reduce(g, b->def[k], "Ex", ev)) != 0)
				return rc;
		}
		if (grp) {
			b->ff = 0;
			b->loss_side = (uint8_t)(1 - g->active);
			g->await = FM_AW_LOSS;
			return 0;
		}
		return attacker_loss(g, 0, ev, err);
	}
	case FM_R_AA: /* FM-8.2.4-06, FM-8.1.3-02 */
		return attacker_loss(g, b->bombard, ev, err);
	case FM_R_A1:
	case FM_R_A2:
	case FM_R_A3: /* FM-8.2.4-05 */
		n = r == FM_R_A1 ? 1 : r == FM_R_A2 ? 2 : 3;
		for (int k = 0; k < b->natt; k++)
			if (alive(g, b->att[k]))
				queue(g, b->att[k], n);
		b->retreat_side = (uint8_t)g->active;
		b->retreat_attacker = 1;
		g->await = FM_AW_RETREAT;
		return 0;
	case FM_R_AE: /* FM-8.2.4-07 */
		for (int k = 0; k < b->natt; k++)
			if (alive(g, b->att[k]) &&
			    (rc = fm__eliminate(g, b->att[k], "Ae", ev)) != 0)
				return rc;
		return fm__battle_finish(g, ev, err);
	}
	return rules_fail(err, WG_E_INTERNAL, "", "unknown combat result %d", r);
}

/* ---- retreat paths ------------------------------------------------------- */

/*
 * A path given past the hex where an exclusive rule ended the retreat or advance (why: the
 * rule and reason the module gave with the stop, may be empty): the refusal cites that rule.
 */
static int past_stop(struct rules_error *err, int code, const char *fallback,
                     const struct rules_error *why, const char *what, const char *hex)
{
	return rules_fail(err, code, why->rule[0] ? why->rule : fallback, "the %s ends in %s: %s",
	                  what, hex,
	                  why->message[0] ? why->message : "an exclusive rule ends it there");
}

/* Why the step a->b of a retreat from origin is illegal (0 if legal). */
static int step_bad(const struct fm_game *g, int unit, int origin, int a, int b, int *stop,
                    struct rules_error *err)
{
	char hb[RULES_HEX_ID_MAX];
	int side = fm__side_of(g, unit), occ;

	*stop = 0;
	fm__hex_id(g, b, hb);
	if (b < 0 || !fm__adjacent(g, a, b))
		return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3-01",
		                  "%s is not adjacent to the previous hex of the retreat", hb);
	if (fm__distance(g, origin, b) != fm__distance(g, origin, a) + 1)
		return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3-01",
		                  "%s is not one hex farther from the combat hex: each hex of a "
		                  "retreat must lead away from it (FM-8.3, AMB-09)",
		                  hb);
	if (g->sc->module->retreat_step != NULL) {
		int rc = g->sc->module->retreat_step(g, unit, a, b, FM_RS_RETREAT, stop, err);
		if (rc)
			return rc;
	}
	occ = fm__enemy_in(g, b, side);
	if (occ >= 0)
		return rules_fail(
		    err, WG_E_ILLEGAL_RETREAT, "FM-8.3-05",
		    "%s holds the enemy unit %s: no retreat into or through it (FM-8.3)", hb,
		    fm__def(g, occ)->id);
	if (fm__in_ezoc(g, b, side))
		return rules_fail(
		    err, WG_E_ILLEGAL_RETREAT, "FM-8.3-05",
		    "%s is in an enemy zone of control: no retreat into or through it, "
		    "even with friendly units there (FM-8.3, FM-6.2)",
		    hb);
	if (fm__hex_prohibited(g, b, unit) || fm__side_prohibited(g, a, b, unit))
		return rules_fail(
		    err, WG_E_ILLEGAL_RETREAT, "FM-8.3-06",
		    "%s is prohibited terrain or behind a prohibited hexside (FM-8.3)", hb);
	return 0;
}

static void enum_rec(const struct fm_game *g, int unit, int origin, int dist, struct rpath *cur,
                     struct rpath *out, int *n)
{
	int last = cur->n ? cur->h[cur->n - 1] : origin;

	for (int d = 0; d < RULES_HEX_DIRS && *n < MAX_PATHS; d++) {
		int nb = rules_hex_neighbour(&g->sc->map.grid, last, d), stop;
		if (nb < 0 || step_bad(g, unit, origin, last, nb, &stop, NULL) != 0)
			continue;
		cur->h[cur->n++] = (int16_t)nb;
		cur->stop = (uint8_t)stop;
		out[(*n)++] = *cur;
		if (!stop && cur->n < dist)
			enum_rec(g, unit, origin, dist, cur, out, n);
		cur->n--;
	}
}

static int enum_paths(const struct fm_game *g, int unit, int origin, int dist, struct rpath *out)
{
	struct rpath cur = {0, {0}, 0};
	int n = 0;

	enum_rec(g, unit, origin, dist, &cur, out, &n);
	return n;
}

static int complete(const struct rpath *p, int dist)
{
	return p->n == dist || p->stop;
}

static int final_vacant(const struct fm_game *g, int unit, const struct rpath *p)
{
	return fm__occupant(g, p->h[p->n - 1], unit) < 0;
}

static int all_vacant(const struct fm_game *g, int unit, const struct rpath *p)
{
	for (int k = 0; k < p->n; k++)
		if (fm__occupant(g, p->h[k], unit) >= 0)
			return 0;
	return 1;
}

/* Class of a path: 3 full & all vacant, 2 full & final vacant, 1 short & final vacant,
 * 0 final friendly-occupied. */
static int pclass(const struct fm_game *g, int unit, const struct rpath *p, int dist)
{
	if (!final_vacant(g, unit, p))
		return 0;
	if (!complete(p, dist))
		return 1;
	return all_vacant(g, unit, p) ? 3 : 2;
}

/* FM-8.3-03 / FM-8.1.5: 1 if the path ends where the preference wants. */
static int preferred(const struct fm_game *g, int unit, int origin, const struct rpath *p)
{
	return fm__retreat_preferred(g, unit, origin, p->h[p->n - 1], g->b.bombard);
}

int fm__retreat_preferred(const struct fm_game *g, int unit, int origin, int end, int bombard)
{
	int side = fm__side_of(g, unit);

	if (bombard && !g->opt.bombard_edge) {
		int e0 = fm__nearest_unit(g, origin, 1 - side, -1);
		if (e0 >= 0)
			return fm__nearest_unit(g, end, 1 - side, -1) > e0;
		e0 = fm__nearest_unit(g, origin, side, unit);
		return e0 >= 0 && fm__nearest_unit(g, end, side, unit) < e0;
	}
	if (!g->opt.edge_pref)
		return 1;
	return fm__goal_distance(g, end, side) >= 0 &&
	       fm__goal_distance(g, end, side) < fm__goal_distance(g, origin, side);
}

static void path_text(const struct fm_game *g, const struct rpath *p, char *buf, size_t n)
{
	char h[RULES_HEX_ID_MAX];
	size_t len = 0;

	buf[0] = '\0';
	for (int k = 0; k < p->n && len < n; k++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s", k ? "-" : "",
		                        fm__hex_id(g, p->h[k], h));
}

/* The best class among paths, the longest class-1 length, and whether preference is possible. */
static void analyse(const struct fm_game *g, int unit, int origin, int dist, const struct rpath *ps,
                    int n, int *best, int *longest, int *pref_possible)
{
	*best = -1;
	*longest = 0;
	for (int k = 0; k < n; k++) {
		int c = pclass(g, unit, &ps[k], dist);
		if (c > *best)
			*best = c;
		if (c == 1 && ps[k].n > *longest)
			*longest = ps[k].n;
	}
	*pref_possible = 0;
	for (int k = 0; k < n; k++) {
		int c = pclass(g, unit, &ps[k], dist);
		if (c == *best && (c != 1 || ps[k].n == *longest) &&
		    preferred(g, unit, origin, &ps[k]))
			*pref_possible = 1;
	}
}

void fm__retreat_options(const struct fm_game *g, int k, cJSON *lines)
{
	const struct fm_retreat_item *it = &g->b.retreat[k];
	struct rpath ps[MAX_PATHS];
	int n = enum_paths(g, it->unit, it->origin, it->dist, ps), best, longest, pp;
	char txt[64], line[200];
	size_t len;

	if (lines == NULL)
		return;
	analyse(g, it->unit, it->origin, it->dist, ps, n, &best, &longest, &pp);
	len = (size_t)snprintf(line, sizeof(line), "%s retreats %d: ", fm__def(g, it->unit)->id,
	                       it->dist);
	if (n == 0) {
		snprintf(line + len, sizeof(line) - len,
		         "no legal hex (retreat %s with no hex: "
		         "eliminated; or stiff %s)",
		         fm__def(g, it->unit)->id, fm__def(g, it->unit)->id);
		cJSON_AddItemToArray(lines, cJSON_CreateString(line));
		return;
	}
	for (int q = 0; q < n; q++) {
		int c = pclass(g, it->unit, &ps[q], it->dist);
		if (c != best || (c == 1 && ps[q].n != longest) ||
		    (pp && !preferred(g, it->unit, it->origin, &ps[q])))
			continue;
		path_text(g, &ps[q], txt, sizeof(txt));
		len += (size_t)snprintf(line + len, sizeof(line) - len, "%s%s", txt,
		                        c == 0   ? " (displace)"
		                        : c == 1 ? " (reduced)"
		                                 : "");
		if (len >= sizeof(line) - 20)
			break;
		len += (size_t)snprintf(line + len, sizeof(line) - len, "  ");
	}
	cJSON_AddItemToArray(lines, cJSON_CreateString(line));
}

static int queue_index(const struct fm_game *g, int unit)
{
	for (int k = 0; k < g->b.nretreat; k++)
		if (g->b.retreat[k].unit == unit)
			return k;
	return -1;
}

static void unqueue(struct fm_game *g, int k)
{
	memmove(&g->b.retreat[k], &g->b.retreat[k + 1],
	        sizeof(g->b.retreat[0]) * (size_t)(g->b.nretreat - k - 1));
	g->b.nretreat--;
}

static int can_advance_any(const struct fm_game *g);

/* The queued members of unit's group grp (ng, unit first) that retreat from origin: taken
 * off the queue; their count, into out (may be NULL). */
static int unqueue_mates(struct fm_game *g, const int16_t *grp, int ng, int origin, int16_t *out)
{
	int n = 0;

	for (int q = 1; q < ng; q++) {
		int kq = queue_index(g, grp[q]);
		if (kq < 0 || g->b.retreat[kq].origin != origin)
			continue;
		unqueue(g, kq);
		if (out != NULL)
			out[n] = grp[q];
		n++;
	}
	return n;
}

/* Called when the retreat queue is empty. */
static int retreats_done(struct fm_game *g, struct rules_events *ev, struct rules_error *err)
{
	if (!g->b.retreat_attacker && !g->b.bombard && !g->b.def_stiff && g->b.npath > 0 &&
	    can_advance_any(g)) {
		g->await = FM_AW_ADVANCE; /* FM-8.5-07 */
		return 0;
	}
	return fm__battle_finish(g, ev, err);
}

static void record_path(struct fm_game *g, const struct fm_retreat_item *it, const struct rpath *p)
{
	if (g->b.retreat_attacker || g->b.npath > 0)
		return;
	g->b.path[0] = it->origin;
	g->b.npath = 1;
	for (int k = 0; p != NULL && k < p->n && g->b.npath < 8; k++)
		g->b.path[g->b.npath++] = p->h[k];
}

int fm__do_retreat(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct rpath ps[MAX_PATHS], want = {0, {0}, 0};
	struct fm_retreat_item it;
	struct rules_error why = {0, "", ""};
	char buf[RULES_HEX_ID_MAX], txt[64];
	int unit, k, n, best, longest, pp, found = -1, rc, prev, stop = 0, ng, nm;
	int16_t grp[FM_MAX_IN_BATTLE], mates[FM_MAX_IN_BATTLE];
	const char *grule;
	cJSON *f, *arr;

	if (g->await != FM_AW_RETREAT)
		return rules_fail(err, WG_E_WRONG_PHASE, "FM-8.3-01",
		                  g->await == FM_AW_DISPLACE
		                      ? "a displaced unit shares a hex: finish the displacement "
		                        "first (`displace`)"
		                      : "no unit is waiting to retreat");
	if (side != g->b.retreat_side)
		return rules_fail(err, WG_E_NOT_YOUR_TURN, "FM-8.2.4-11",
		                  "the owner of the retreating units retreats them (FM-8.2.4)");
	unit = fm__unit_arg(g, argv[1], err);
	if (unit < 0)
		return unit;
	k = queue_index(g, unit);
	if (k < 0)
		return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3-01",
		                  "%s does not have to retreat now", fm__def(g, unit)->id);
	it = g->b.retreat[k];
	ng = fm__group(g, unit, grp, &grule); /* the group retreats as one (fm_module.h) */
	if (argc - 2 > it.dist)
		return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3-08",
		                  "%s retreats exactly %d hex%s (FM-8.3)", fm__def(g, unit)->id,
		                  it.dist, it.dist > 1 ? "es" : "");
	prev = it.origin;
	for (int a = 2; a < argc; a++) {
		int h = fm__hex_parse(g, argv[a]);
		if (h < 0)
			return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %s on this map",
			                  argv[a]);
		if (stop)
			return past_stop(err, WG_E_ILLEGAL_RETREAT, "FM-8.3-01", &why, "retreat",
			                 fm__hex_id(g, prev, buf));
		memset(&why, 0, sizeof(why));
		if ((rc = step_bad(g, unit, it.origin, prev, h, &stop, &why)) != 0) {
			*err = why;
			return rc;
		}
		want.h[want.n++] = (int16_t)h;
		prev = h;
	}
	want.stop = (uint8_t)stop;
	n = enum_paths(g, unit, it.origin, it.dist, ps);
	analyse(g, unit, it.origin, it.dist, ps, n, &best, &longest, &pp);
	if (want.n == 0) {
		int seaborne = (fm__def(g, unit)->abilities & FM_AB_SEABORNE) != 0;
		if (best >= 1)
			return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3-01",
			                  "%s can retreat: give its path (`retreat %s <hex> ...`)",
			                  fm__def(g, unit)->id, argv[1]);
		unqueue(g, k);
		nm = unqueue_mates(g, grp, ng, it.origin, mates);
		if (best == 0 || seaborne) {
			/* FM-8.3.1-02 (reduced instead of displacing), FM-8.3-07 (seaborne) */
			rc = fm__reduce(g, unit,
			                best == 0 ? "reduced instead of displacing (FM-8.3.1)"
			                          : "seaborne, no retreat (FM-8.3-07)",
			                ev);
		} else {
			/* FM-8.3-02: the retreat is not nullified (AMB-13) */
			if (g->opt.advance_vacated)
				record_path(g, &it, NULL);
			rc = fm__eliminate(g, unit, "no retreat possible (FM-8.3-02)", ev);
			for (int q = 0; q < nm && rc == 0; q++)
				rc = fm__eliminate(g, mates[q], "no retreat possible (FM-8.3-02)",
				                   ev);
		}
		if (rc)
			return rc;
		return g->b.nretreat == 0 ? retreats_done(g, ev, err) : 0;
	}
	for (int q = 0; q < n; q++)
		if (ps[q].n == want.n &&
		    memcmp(ps[q].h, want.h, sizeof(int16_t) * (size_t)want.n) == 0)
			found = q;
	if (found < 0)
		return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3-01",
		                  "that retreat path is not "
		                  "legal");
	{
		int c = pclass(g, unit, &ps[found], it.dist);
		if (c == 0)
			return rules_fail(
			    err, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-01",
			    "%s holds %s: a retreat cannot end in an occupied hex; "
			    "displace it first (`displace %s <hex>`) if this is the only "
			    "possible end hex (FM-8.3.1)",
			    fm__hex_id(g, want.h[want.n - 1], buf),
			    fm__def(g, fm__occupant(g, want.h[want.n - 1], unit))->id,
			    fm__def(g, fm__occupant(g, want.h[want.n - 1], unit))->id);
		if (c < best) {
			struct rpath *eg = NULL;
			for (int q = 0; q < n && eg == NULL; q++)
				if (pclass(g, unit, &ps[q], it.dist) == best)
					eg = &ps[q];
			path_text(g, eg, txt, sizeof(txt));
			if (best == 3)
				return rules_fail(
				    err, WG_E_ILLEGAL_RETREAT, c == 2 ? "FM-8.3-04" : "FM-8.3-08",
				    c == 2 ? "a retreat must use a path of vacant hexes "
				             "when one exists, e.g. %s (FM-8.3)"
				           : "%s must retreat the full %d hexes when it can, "
				             "e.g. %s (FM-8.3)",
				    c == 2 ? txt : fm__def(g, unit)->id, c == 2 ? 0 : it.dist,
				    c == 2 ? "" : txt);
			return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3-08",
			                  "%s must retreat the full %d hexes when it can, e.g. %s "
			                  "(FM-8.3)",
			                  fm__def(g, unit)->id, it.dist, txt);
		}
		if (c == 1 && want.n != longest)
			return rules_fail(
			    err, WG_E_ILLEGAL_RETREAT, "FM-8.3-08",
			    "%s must retreat as far as it legally can (%d hexes) before "
			    "being reduced (FM-8.3)",
			    fm__def(g, unit)->id, longest);
		if (pp && !preferred(g, unit, it.origin, &ps[found]))
			return rules_fail(err, WG_E_ILLEGAL_RETREAT,
			                  g->b.bombard && !g->opt.bombard_edge ? "FM-8.1.5-02"
			                                                       : "FM-8.3-03",
			                  g->b.bombard && !g->opt.bombard_edge
			                      ? "a unit retreating from a bombardment must end "
			                        "farther from the closest enemy unit when it can "
			                        "(FM-8.1.5)"
			                      : "the retreat must end closer to your friendly map "
			                        "edge or supply source when it can (FM-8.3)");
		unqueue(g, k);
		nm = unqueue_mates(g, grp, ng, it.origin, mates);
		g->u[unit].hex = want.h[want.n - 1];
		for (int q = 0; q < nm; q++)
			g->u[mates[q]].hex = want.h[want.n - 1];
		record_path(g, &it, &want);
		f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "unit", fm__def(g, unit)->id);
		cJSON_AddStringToObject(f, "from", fm__hex_id(g, it.origin, buf));
		arr = cJSON_AddArrayToObject(f, "path");
		for (int q = 0; q < want.n; q++)
			cJSON_AddItemToArray(arr,
			                     cJSON_CreateString(fm__hex_id(g, want.h[q], buf)));
		path_text(g, &want, txt, sizeof(txt));
		rc = rules_emit(ev, RULES_AUD_PUBLIC, "retreated", f, "%s retreats %s-%s",
		                fm__def(g, unit)->id, fm__hex_id(g, it.origin, buf), txt);
		for (int q = 0; q < nm && rc == 0; q++) {
			f = cJSON_CreateObject();
			cJSON_AddStringToObject(f, "unit", fm__def(g, mates[q])->id);
			cJSON_AddStringToObject(f, "from", fm__hex_id(g, it.origin, buf));
			arr = cJSON_AddArrayToObject(f, "path");
			for (int p = 0; p < want.n; p++)
				cJSON_AddItemToArray(
				    arr, cJSON_CreateString(fm__hex_id(g, want.h[p], buf)));
			rc = rules_emit(ev, RULES_AUD_PUBLIC, "retreated", f,
			                "%s retreats with %s as one unit (%s)",
			                fm__def(g, mates[q])->id, fm__def(g, unit)->id, grule);
		}
		if (rc)
			return rc;
		if (c == 1 && (rc = fm__reduce(g, unit, "short retreat (FM-8.3-08)", ev)) != 0)
			return rc;
	}
	return g->b.nretreat == 0 ? retreats_done(g, ev, err) : 0;
}

/* ---- stiff resistance ---------------------------------------------------- */

int fm__do_stiff(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                 cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct rpath ps[MAX_PATHS];
	int16_t grp[FM_MAX_IN_BATTLE];
	const char *grule;
	int unit, k, rc, ng, origin;

	(void)argc;
	if (g->await != FM_AW_RETREAT)
		return rules_fail(err, WG_E_WRONG_PHASE, "FM-8.4-01",
		                  "stiff resistance answers a retreat result; none is pending");
	if (side != g->b.retreat_side)
		return rules_fail(err, WG_E_NOT_YOUR_TURN, "FM-8.4-01",
		                  "only the retreating player may declare stiff resistance");
	unit = fm__unit_arg(g, argv[1], err);
	if (unit < 0)
		return unit;
	k = queue_index(g, unit);
	if (k < 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "FM-8.4-01",
		                  "%s has no retreat to avoid", fm__def(g, unit)->id);
	if (!g->opt.sr_when_impossible &&
	    enum_paths(g, unit, g->b.retreat[k].origin, g->b.retreat[k].dist, ps) == 0)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "FM-8.4-01",
		    "%s cannot retreat at all, so it cannot avoid the retreat by stiff "
		    "resistance (option sr.when_retreat_impossible)",
		    fm__def(g, unit)->id);
	if (g->sc->module->may_act != NULL &&
	    (rc = g->sc->module->may_act(g, unit, FM_ACT_STIFF, err)) != 0)
		return rc;
	if (g->b.retreat_attacker && g->sc->module->loss_ok != NULL &&
	    !g->sc->module->loss_ok(g, unit))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "FM-8.4-06",
		                  "%s may not take this combat's loss (exclusive rule)",
		                  fm__def(g, unit)->id);
	{
		cJSON *f = cJSON_CreateObject();
		char hex[RULES_HEX_ID_MAX];
		cJSON_AddStringToObject(f, "unit", fm__def(g, unit)->id);
		cJSON_AddStringToObject(f, "hex", fm__hex_id(g, g->u[unit].hex, hex));
		cJSON_AddStringToObject(f, "rule", "FM-8.4");
		rc = rules_emit(ev, RULES_AUD_PUBLIC, "stiff-resistance", f,
		                "%s offers stiff resistance and does not retreat (FM-8.4)",
		                fm__def(g, unit)->id);
	}
	if (rc)
		return rc;
	ng = fm__group(g, unit, grp, &grule); /* the group takes the one step (fm_module.h) */
	origin = g->b.retreat[k].origin;
	if ((rc = fm__reduce(g, unit, "stiff resistance (FM-8.4)", ev)) != 0)
		return rc;
	if (!g->b.retreat_attacker) {
		g->b.def_stiff = 1; /* FM-8.4-09 */
		unqueue(g, queue_index(g, unit));
		unqueue_mates(g, grp, ng, origin, NULL);
	} else if (g->opt.sr_per_unit) {
		unqueue(g, queue_index(g, unit)); /* FM-8.4-07 */
		unqueue_mates(g, grp, ng, origin, NULL);
	} else {
		g->b.nretreat = 0; /* FM-8.4-06: one unit reduced, none retreats */
	}
	return g->b.nretreat == 0 ? retreats_done(g, ev, err) : 0;
}

/* ---- displacement -------------------------------------------------------- */

/*
 * Legal displacement destination for unit from its hex to `to` (FM-8.3.1-04), in a chain
 * that frees hex freed for the retreating unit (-1: none known).  AMB-111: not onto a hex
 * between the retreating unit and the hex freed for it, which its retreat would then pass
 * through, so that it leaves a path of vacant hexes for the advance (FM-8.5-05).
 */
static int displace_bad(const struct fm_game *g, int unit, int to, int retreating, int freed,
                        struct rules_error *err)
{
	int from = g->u[unit].hex, stop = 0, occ;
	char hb[RULES_HEX_ID_MAX];

	fm__hex_id(g, to, hb);
	if (!fm__adjacent(g, from, to))
		return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-01",
		                  "a displaced unit moves to one adjacent hex; %s is not adjacent",
		                  hb);
	if (g->sc->module->retreat_step != NULL) {
		int rc = g->sc->module->retreat_step(g, unit, from, to, FM_RS_DISPLACE, &stop, err);
		if (rc)
			return rc;
	}
	occ = fm__enemy_in(g, to, fm__side_of(g, unit));
	if (occ >= 0)
		return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-04",
		                  "%s holds an enemy unit", hb);
	if (fm__in_ezoc(g, to, fm__side_of(g, unit)))
		return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-04",
		                  "%s is in an enemy zone of control: no displacement into it "
		                  "(FM-8.3.1)",
		                  hb);
	if (fm__hex_prohibited(g, to, unit) || fm__side_prohibited(g, from, to, unit))
		return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-04",
		                  "%s is prohibited to %s (FM-8.3.1)", hb, fm__def(g, unit)->id);
	if (retreating >= 0 && g->u[retreating].hex == to)
		return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-01",
		                  "%s is the retreating unit's own hex", hb);
	if (g->opt.keep_path && retreating >= 0 && freed >= 0 && to != freed &&
	    fm__distance(g, g->u[retreating].hex, to) + fm__distance(g, to, freed) ==
	        fm__distance(g, g->u[retreating].hex, freed)) {
		char fb[RULES_HEX_ID_MAX];
		return rules_fail(
		    err, WG_E_ILLEGAL_RETREAT, "FM-8.5-05",
		    "%s lies between %s and %s, the hex freed for it: %s would retreat "
		    "through it, and a retreat leaves a path of vacant hexes behind it "
		    "(FM-8.5, FM-8.3.1, AMB-111)",
		    hb, fm__def(g, retreating)->id, fm__hex_id(g, freed, fb),
		    fm__def(g, retreating)->id);
	}
	return 0;
}

/* 1 if unit has a vacant legal displacement hex; *any: any legal one (friendly-occupied
 * included) other than hex exclude (the hex of the unit displacing it). */
static int displace_options(const struct fm_game *g, int unit, int retreating, int freed,
                            int exclude, int *any)
{
	int vac = 0;

	*any = 0;
	for (int d = 0; d < RULES_HEX_DIRS; d++) {
		int to = rules_hex_neighbour(&g->sc->map.grid, g->u[unit].hex, d);
		if (to < 0 || to == exclude ||
		    displace_bad(g, unit, to, retreating, freed, NULL) != 0)
			continue;
		*any = 1;
		if (fm__occupant(g, to, unit) < 0)
			vac = 1;
	}
	return vac;
}

int fm__do_displace(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	char from[RULES_HEX_ID_MAX], to_id[RULES_HEX_ID_MAX];
	int unit, to, retreating = -1, freed, occ, any, vac, rc;
	cJSON *f;

	(void)argc;
	if (g->await != FM_AW_RETREAT && g->await != FM_AW_DISPLACE)
		return rules_fail(err, WG_E_WRONG_PHASE, "FM-8.3.1-01", "no retreat is pending");
	if (side != g->b.retreat_side)
		return rules_fail(err, WG_E_NOT_YOUR_TURN, "FM-8.3.1-01",
		                  "the retreating player displaces his own units");
	unit = fm__unit_arg(g, argv[1], err);
	if (unit < 0)
		return unit;
	to = fm__hex_parse(g, argv[2]);
	if (to < 0)
		return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %s on this map", argv[2]);
	if (!alive(g, unit) || fm__side_of(g, unit) != side)
		return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-01",
		                  "%s is not one of your units on the map", fm__def(g, unit)->id);
	if (g->await == FM_AW_DISPLACE) {
		if (unit != g->b.displacing)
			return rules_fail(
			    err, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-07",
			    "%s must be displaced next: another unit was displaced into "
			    "its hex (FM-8.3.1)",
			    fm__def(g, g->b.displacing)->id);
		retreating = g->b.displace_for;
		if (to == g->b.freed)
			return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-06",
			                  "%s must stay free for the retreating unit (FM-8.3.1)",
			                  argv[2]);
	} else {
		/* FM-8.3.1-01/03: only when the only possible end hexes hold friendly units */
		for (int k = 0; k < g->b.nretreat && retreating < 0; k++) {
			const struct fm_retreat_item *it = &g->b.retreat[k];
			struct rpath ps[MAX_PATHS];
			int n = enum_paths(g, it->unit, it->origin, it->dist, ps), best = -1,
			    maxlen = 0;
			for (int q = 0; q < n; q++) {
				int c = pclass(g, it->unit, &ps[q], it->dist);
				if (c > best)
					best = c;
				if (ps[q].n > maxlen)
					maxlen = ps[q].n;
			}
			if (best >= 2)
				continue;
			/* the end of a full retreat, or of the longest one possible (AMB-24) */
			for (int q = 0; q < n; q++)
				if ((complete(&ps[q], it->dist) || ps[q].n == maxlen) &&
				    ps[q].h[ps[q].n - 1] == g->u[unit].hex)
					retreating = it->unit;
			if (retreating < 0 && best == 1)
				continue;
		}
		if (retreating < 0) {
			if (queue_index(g, unit) >= 0)
				return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-01",
				                  "%s is itself retreating: give its path with "
				                  "`retreat`",
				                  fm__def(g, unit)->id);
			return rules_fail(
			    err, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-03",
			    "%s may not be displaced: a retreat may displace a friendly "
			    "unit only when the end hex it holds is the only one "
			    "possible (FM-8.3.1)",
			    fm__def(g, unit)->id);
		}
	}
	/* the hex this chain frees for the retreating unit: the first displaced unit's */
	freed = g->await == FM_AW_DISPLACE ? g->b.freed : g->u[unit].hex;
	if ((rc = displace_bad(g, unit, to, retreating, freed, err)) != 0)
		return rc;
	vac = displace_options(g, unit, retreating, freed, -1, &any);
	occ = fm__occupant(g, to, unit);
	if (occ >= 0) {
		int any2;
		if (vac)
			return rules_fail(
			    err, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-03",
			    "%s has a vacant hex to go to: it may displace another unit "
			    "only when it has none (FM-8.3.1)",
			    fm__def(g, unit)->id);
		/* FM-8.3.1-05 [S]: only if that unit has a valid hex of its own */
		if (g->opt.chain_check &&
		    !displace_options(g, occ, retreating, freed, g->u[unit].hex, &any2) && !any2)
			return rules_fail(
			    err, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-05",
			    "%s cannot be displaced into %s: %s there has no valid hex "
			    "to move on to (FM-8.3.1)",
			    fm__def(g, unit)->id, argv[2], fm__def(g, occ)->id);
	}
	fm__hex_id(g, g->u[unit].hex, from);
	if (g->await == FM_AW_RETREAT)
		g->b.freed = g->u[unit].hex;
	g->u[unit].hex = (int16_t)to;
	if (side == g->active)
		g->u[unit].flags |= FM_UF_DISPLACED; /* FM-8.3.1-09 */
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", fm__def(g, unit)->id);
	cJSON_AddStringToObject(f, "from", from);
	cJSON_AddStringToObject(f, "to", fm__hex_id(g, to, to_id));
	rc = rules_emit(ev, RULES_AUD_PUBLIC, "displaced", f, "%s is displaced %s-%s (FM-8.3.1)",
	                fm__def(g, unit)->id, from, to_id);
	if (rc)
		return rc;
	if (occ >= 0) {
		g->b.displacing = (int16_t)occ; /* FM-8.3.1-07: the chain goes on */
		g->b.displace_for = (int16_t)retreating;
		g->await = FM_AW_DISPLACE;
		return 0;
	}
	g->b.displacing = -1;
	g->await = FM_AW_RETREAT; /* FM-8.3.1-06: the retreating unit may now move in */
	return 0;
}

/* ---- advance after combat ------------------------------------------------ */

static int attacker_index(const struct fm_game *g, int unit)
{
	for (int k = 0; k < g->b.natt; k++)
		if (g->b.att[k] == unit)
			return k;
	return -1;
}

/* Legal advance step a->b for unit (FM-8.5-09/10: EZOC ignored). */
static int adv_bad(const struct fm_game *g, int unit, int a, int b, int *stop,
                   struct rules_error *err)
{
	char hb[RULES_HEX_ID_MAX];
	int occ = fm__enemy_in(g, b, fm__side_of(g, unit));

	*stop = 0;
	fm__hex_id(g, b, hb);
	if (g->sc->module->retreat_step != NULL) {
		int rc = g->sc->module->retreat_step(g, unit, a, b, FM_RS_ADVANCE, stop, err);
		if (rc)
			return rc;
	}
	if (occ >= 0)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-8.5-10",
		                  "%s holds an enemy unit: the advance stops before it", hb);
	if (a != b && (fm__hex_prohibited(g, b, unit) || fm__side_prohibited(g, a, b, unit)))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-8.2-09",
		                  "%s cannot advance into prohibited terrain at %s",
		                  fm__def(g, unit)->id, hb);
	return 0;
}

static int can_advance_any(const struct fm_game *g)
{
	for (int k = 0; k < g->b.natt; k++) {
		int u = g->b.att[k], stop;
		if (!alive(g, u) || (g->b.advanced & (1u << k)))
			continue;
		if (adv_bad(g, u, g->u[u].hex, g->b.path[0], &stop, NULL) == 0 &&
		    fm__may_stack(g, u, g->b.path[0]))
			return 1;
		/* the combat hex may hold a friendly that advanced first: deeper hexes */
		if (adv_bad(g, u, g->u[u].hex, g->b.path[0], &stop, NULL) == 0 && !stop)
			for (int q = 1; q < g->b.npath; q++)
				if (fm__may_stack(g, u, g->b.path[q]))
					return 1;
	}
	return 0;
}

int fm__do_advance(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	char buf[RULES_HEX_ID_MAX], txt[64];
	struct rules_error why = {0, "", ""};
	int unit, k, prev, stop = 0, rc;
	size_t len = 0;
	cJSON *f;

	if (g->await != FM_AW_ADVANCE)
		return rules_fail(err, WG_E_WRONG_PHASE, "FM-8.5-01",
		                  "there is no advance after combat to decide now (FM-8.5)");
	if (side != g->active)
		return rules_fail(err, WG_E_NOT_YOUR_TURN, "FM-8.5-03",
		                  "a defending unit never advances after combat (FM-8.5)");
	if (argc == 2 && strcasecmp(argv[1], "none") == 0)
		return fm__battle_finish(g, ev, err);
	if (argc < 3)
		return rules_fail(err, WG_E_BAD_ARGS, "",
		                  "usage: advance <unit> <hex> [<hex> ...] "
		                  "or advance none");
	unit = fm__unit_arg(g, argv[1], err);
	if (unit < 0)
		return unit;
	k = attacker_index(g, unit);
	if (k < 0 || !alive(g, unit))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-8.5-06",
		                  "only units that took part in this combat may advance (FM-8.5)");
	if (g->b.advanced & (1u << k))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-8.5-10", "%s has already advanced",
		                  fm__def(g, unit)->id);
	if (argc - 2 > g->b.npath)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-8.5-10",
		                  "the path of retreat has only %d hexes (FM-8.5)", g->b.npath);
	prev = g->u[unit].hex;
	for (int a = 2; a < argc; a++) {
		int h = fm__hex_parse(g, argv[a]);
		if (h < 0)
			return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %s on this map",
			                  argv[a]);
		if (h != g->b.path[a - 2])
			return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-8.5-10",
			                  "%s is not the next hex of the path of retreat (%s): an "
			                  "advance may not stray from it (FM-8.5)",
			                  argv[a], fm__hex_id(g, g->b.path[a - 2], buf));
		if (stop)
			return past_stop(err, WG_E_ILLEGAL_MOVE, "FM-8.5-10", &why, "advance",
			                 fm__hex_id(g, prev, buf));
		memset(&why, 0, sizeof(why));
		if ((rc = adv_bad(g, unit, prev, h, &stop, &why)) != 0) {
			*err = why;
			return rc;
		}
		len +=
		    (size_t)snprintf(txt + len, sizeof(txt) - len, "%s%s", len ? "-" : "", argv[a]);
		if (len >= sizeof(txt))
			len = sizeof(txt) - 1;
		prev = h;
	}
	if (!fm__may_stack(g, unit, prev))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-8.5-11",
		                  "%s cannot end its advance in %s: it is occupied (one unit per "
		                  "hex, FM-8.5)",
		                  fm__def(g, unit)->id, fm__hex_id(g, prev, buf));
	g->u[unit].hex = (int16_t)prev;
	g->u[unit].flags |= FM_UF_ADVANCED; /* FM-8.5-12 */
	g->b.advanced |= (uint8_t)(1u << k);
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", fm__def(g, unit)->id);
	cJSON_AddStringToObject(f, "to", fm__hex_id(g, prev, buf));
	rc = rules_emit(ev, RULES_AUD_PUBLIC, "advanced", f, "%s advances after combat to %s",
	                fm__def(g, unit)->id, txt);
	if (rc)
		return rc;
	if (!can_advance_any(g))
		return fm__battle_finish(g, ev, err);
	return 0;
}
