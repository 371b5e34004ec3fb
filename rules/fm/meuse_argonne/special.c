/*
 * special.c -- Meuse Argonne's special rules (18.0) and its instant
 * victory (12.1):
 *
 *   - the Lost Battalion (18.1): once per game, in an Allied ground attack
 *     on a woods-only hex, the German player may force the "Woods (Lost
 *     Battalion)" line (exclusive.lost_battalion.line).  The game asks him
 *     after the support fire reveal and before the die roll (the
 *     before_roll hook, AMB-94, AMB-200): `lost-battalion declare` declares it
 *     and rolls, `lost-battalion pass` rolls on the normal line.  The line is
 *     looked up with the differential as computed (AMB-109).
 *   - German combat experience (18.2): on a D2 or D3 against a German unit
 *     the German player may answer the retreat with `experience <unit>`,
 *     which makes it a one-hex retreat (D1); that unit may then not declare
 *     stiff resistance (18.2 note).  The attacker may advance along the
 *     one-hex path (AMB-93, ma.d1_allows_advance).
 *   - Sedan (12.1, AMB-95): an Allied unit that enters the Sedan hex at any
 *     point of a path (a move through it included) wins at once: settle
 *     reads the paths of the action's public events, victory decides.
 */
#include "meuse_argonne.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* ---- 18.1 the Lost Battalion ------------------------------------------------------------ */

/*
 * 1 if the current battle is an Allied ground attack on a woods-only hex (AMB-94): a hex
 * with one of the exclusive.lost_battalion.terrain types and no town, rise, fortress or
 * trench that still counts (a breached trench-woods hex is woods only).
 */
static int lb_battle(const struct fm_game *g)
{
	const struct ma_data *d = ma__data(g);
	const struct fm_battle *b = &g->b;
	const struct fm_scenario *sc = g->sc;
	uint32_t terrain;

	if (!b->active || b->bombard || g->active != d->allied || d->lb_side < 0 || d->lb_line < 0)
		return 0;
	terrain = sc->map.hex_terrain[b->target] & ~ma__crt_terrain_ignored(g, b->target);
	if (!(terrain & d->lb_terrain))
		return 0;
	for (int t = 0; t < sc->map.nterrain; t++)
		if ((terrain & (1u << t)) && !(d->lb_terrain & (1u << t)) &&
		    (ma__terrain_flags(&sc->map.terrain[t]) &
		     (MA_HF_TOWN | MA_HF_RISE | MA_HF_FORTRESS | MA_HF_TRENCH)))
			return 0;
	return 1;
}

int ma__before_roll(const struct fm_game *g, char *what, size_t n)
{
	const struct ma_data *d = ma__data(g);
	const struct ma_state *st = ma__cstate(g);
	char hex[RULES_HEX_ID_MAX];

	if (st->lb_asked || st->lb_used >= d->lb_uses || !lb_battle(g))
		return -1;
	if (what != NULL)
		snprintf(
		    what, n,
		    "the Allied attack on the woods hex %s: lost-battalion declare to force the "
		    "Woods (Lost Battalion) line (once per game, 18.1), or lost-battalion pass",
		    fm__hex_id(g, g->b.target, hex));
	return d->lb_side;
}

int ma__do_lost_battalion(struct fm_game *g, struct rules_dice *dice, int side, int argc,
                          char **argv, cJSON *reply, struct rules_events *ev,
                          struct rules_error *err)
{
	const struct ma_data *d = ma__data(g);
	struct ma_state *st = ma__state(g);
	char hex[RULES_HEX_ID_MAX];
	int pass = strcasecmp(argv[1], "pass") == 0, rc;
	cJSON *f;

	(void)reply;
	(void)argc;
	if (!pass && strcasecmp(argv[1], "declare") != 0)
		return rules_fail(err, WG_E_BAD_ARGS, "MA-18.1-01",
		                  "lost-battalion declare or lost-battalion pass, not '%s'",
		                  argv[1]);
	if (ma__before_roll(g, NULL, 0) != side)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "MA-18.1-01",
		                  "no Allied attack on a woods hex waits for the Lost Battalion "
		                  "now (18.1)");
	st->lb_asked = 1;
	fm__hex_id(g, g->b.target, hex);
	if (!pass) {
		st->lb_used++;
		st->lb_now = 1;
		st->lb_target = g->b.target;
	}
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "hex", hex);
	cJSON_AddBoolToObject(f, "declared", !pass);
	cJSON_AddStringToObject(f, "line", g->sc->crt.lines[d->lb_line].id);
	cJSON_AddStringToObject(f, "rule", "MA-18.1");
	rc = pass ? rules_emit(ev, RULES_AUD_PUBLIC, "lost-battalion", f,
	                       "the German player does not declare the Lost Battalion on %s", hex)
	          : rules_emit(ev, RULES_AUD_PUBLIC, "lost-battalion", f,
	                       "the Lost Battalion: the attack on %s uses the %s line (18.1)", hex,
	                       g->sc->crt.lines[d->lb_line].name);
	if (rc)
		return rc;
	return fm__battle_resolve(g, dice, ev, err); /* MA-18.1-03, 18.1-05: it stands */
}

int ma__legal_lost_battalion(const struct fm_game *g, int side, struct fm_legal *l)
{
	int rc;

	if (ma__before_roll(g, NULL, 0) != side)
		return 0;
	if ((rc = fm__offer(l, "lost-battalion", "declare")) != 0)
		return rc;
	return fm__offer(l, "lost-battalion", "pass");
}

int ma__special_crt_line(const struct fm_game *g, int line)
{
	const struct ma_state *st = ma__cstate(g);

	/* MA-18.1-06: the Woods (Lost Battalion) line, whatever the differential (AMB-109) */
	if (st->lb_now && g->b.active && !g->b.bombard && g->b.target == st->lb_target)
		return ma__data(g)->lb_line;
	return line;
}

/* ---- 18.2 German combat experience ------------------------------------------------------ */

/* The index in the retreat queue of unit, eligible for the downgrade, or -1 (err says why). */
static int ce_item(const struct fm_game *g, int side, int unit, struct rules_error *err)
{
	const struct ma_data *d = ma__data(g);
	const struct fm_battle *b = &g->b;
	const char *id = fm__def(g, unit)->id;

	if (side != d->ce_side || b->retreat_attacker)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "MA-18.2-01",
		                  "combat experience downgrades a D2 or D3 against a German unit "
		                  "(18.2)");
	if (b->result >= FM_R_COUNT || !d->ce_from[b->result])
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "MA-18.2-01",
		    "the result is %s: only a D2 or D3 may be downgraded to D1 (18.2)",
		    fm__result_name(b->result));
	for (int k = 0; k < b->nretreat; k++) {
		if (b->retreat[k].unit != unit)
			continue;
		if (b->retreat[k].dist <= 1)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "MA-18.2-01",
			                  "%s already retreats only one hex (18.2)", id);
		return k;
	}
	return rules_fail(err, WG_E_ILLEGAL_ACTION, "MA-18.2-01", "%s has no retreat pending", id);
}

int ma__do_experience(struct fm_game *g, struct rules_dice *dice, int side, int argc, char **argv,
                      cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct ma_state *st = ma__state(g);
	char hex[RULES_HEX_ID_MAX];
	int unit, k, from;
	cJSON *f;

	(void)dice;
	(void)argc;
	(void)reply;
	if ((unit = fm__unit_arg(g, argv[1], err)) < 0)
		return unit;
	if ((k = ce_item(g, side, unit, err)) < 0)
		return k;
	from = g->b.retreat[k].dist;
	g->b.retreat[k].dist = 1;
	for (int q = 0; q < g->b.ndef; q++)
		if (g->b.def[q] == unit)
			st->ce_def |= (uint8_t)(1u << q);
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", fm__def(g, unit)->id);
	cJSON_AddStringToObject(f, "hex", fm__hex_id(g, g->u[unit].hex, hex));
	cJSON_AddStringToObject(f, "from", fm__result_name(g->b.result));
	cJSON_AddStringToObject(f, "to", fm__result_name(ma__data(g)->ce_to));
	cJSON_AddStringToObject(f, "rule", "MA-18.2");
	return rules_emit(ev, RULES_AUD_PUBLIC, "combat-experience", f,
	                  "German combat experience: %s retreats one hex instead of %d (18.2)",
	                  fm__def(g, unit)->id, from);
}

int ma__legal_experience(const struct fm_game *g, int side, struct fm_legal *l)
{
	int rc = 0;

	for (int k = 0; k < g->b.nretreat && rc == 0; k++) {
		int u = g->b.retreat[k].unit;
		if (fm__legal_wants(l, u) && ce_item(g, side, u, NULL) >= 0)
			rc = fm__offer(l, "experience", fm__def(g, u)->id);
	}
	return rc;
}

/* 1 if unit was downgraded by combat experience in the current battle. */
static int downgraded(const struct fm_game *g, int unit)
{
	for (int q = 0; q < g->b.ndef; q++)
		if (g->b.def[q] == unit && (ma__cstate(g)->ce_def & (1u << q)))
			return 1;
	return 0;
}

int ma__special_may_act(const struct fm_game *g, int unit, enum fm_act act, struct rules_error *err)
{
	/* MA-18.2-02: not one hex of retreat and stiff resistance too */
	if (act == FM_ACT_STIFF && g->b.active && downgraded(g, unit))
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "MA-18.2-02",
		    "%s took the one-hex retreat of combat experience and may not also "
		    "declare stiff resistance (18.2)",
		    fm__def(g, unit)->id);
	return 0;
}

int ma__special_retreat_step(const struct fm_game *g, int unit, int from, int to, enum fm_rs mode,
                             int *stop, struct rules_error *err)
{
	(void)unit;
	(void)from;
	(void)to;
	(void)stop;
	/* AMB-93: an advance after a downgraded D1, unless ma.d1_allows_advance=false */
	if (mode == FM_RS_ADVANCE && ma__cstate(g)->ce_def && !ma__opt(g, MA_O_D1_ADVANCE))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "MA-18.2-01",
		                  "the defender retreated one hex by combat experience: no advance "
		                  "after a D1 (option ma.d1_allows_advance, AMB-93)");
	return 0;
}

/* ---- 12.1 Sedan ------------------------------------------------------------------------- */

/* 1 if the public event o moves an Allied unit into hex (a path member or its end hex). */
static int enters(const struct fm_game *g, const cJSON *o, int hex)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, "unit"), *p;
	int unit = cJSON_IsString(x) ? fm__unit_by_id(g->sc, x->valuestring) : -1;
	static const char *const keys[] = {"path", "hex", "to"};

	if (unit < 0 || fm__side_of(g, unit) != ma__data(g)->allied)
		return 0;
	x = cJSON_GetObjectItemCaseSensitive(o, "event");
	if (!cJSON_IsString(x) ||
	    (strcmp(x->valuestring, "moved") != 0 && strcmp(x->valuestring, "entered") != 0 &&
	     strcmp(x->valuestring, "retreated") != 0 && strcmp(x->valuestring, "advanced") != 0 &&
	     strcmp(x->valuestring, "displaced") != 0 && strcmp(x->valuestring, "replaced") != 0))
		return 0;
	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		x = cJSON_GetObjectItemCaseSensitive(o, keys[k]);
		if (cJSON_IsString(x) && fm__hex_parse(g, x->valuestring) == hex)
			return 1;
		if (!cJSON_IsArray(x))
			continue;
		cJSON_ArrayForEach(p, x)
		{
			if (cJSON_IsString(p) && fm__hex_parse(g, p->valuestring) == hex)
				return 1;
		}
	}
	return 0;
}

int ma__special_settle(struct fm_game *g, struct rules_events *ev, struct rules_error *err)
{
	struct ma_state *st = ma__state(g);
	int sedan = ma__data(g)->sedan;

	(void)err;
	if (!g->b.active) { /* the battle is over: its per-battle marks go */
		st->lb_asked = 0;
		st->lb_now = 0;
		st->ce_def = 0;
	}
	for (size_t k = 0; sedan >= 0 && !st->sedan && k < ev->count; k++)
		if (ev->items[k].audience == RULES_AUD_PUBLIC && ev->items[k].data != NULL &&
		    enters(g, ev->items[k].data, sedan))
			st->sedan = 1;
	return 0;
}

int ma__victory(const struct fm_game *g, int at_end, int *winner, char *summary, size_t n)
{
	const struct ma_data *d = ma__data(g);
	char hex[RULES_HEX_ID_MAX];

	(void)at_end;
	if (!ma__cstate(g)->sedan)
		return 0; /* the data's checks: an Allied unit in Sedan now, else German at the end
		           */
	*winner = d->allied;
	snprintf(summary, n, "an Allied unit entered Sedan (%s): Allied victory (12.1)",
	         fm__hex_id(g, d->sedan, hex));
	return 1;
}
