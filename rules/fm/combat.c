/*
 * combat.c -- bombardment (FM-8.1) and ground combat (FM-8.2) declaration,
 * the CRT terrain line (FM-8.2.2, hexside river/bridge rule), the CRT
 * column (AMB-01 alignment, FM-CRT-02..04 clamping, FM-CRT-11 shift),
 * fortifications (FM-8.2.3), totals and the die roll.  The result's
 * effects are applied by retreat.c.
 *
 * A unit may attack the enemy unit that shares its hex (beach assault,
 * BS-16.3): no hexside lies between them, so no hexside rule applies.
 *
 * The line of a ground combat: the defender's hex terrain (FM-8.2.2-05),
 * then the hexside rule (FM-8.2.2-02/03), then the module's crt_line hook,
 * then the scenario's crt.situations (a beach assault, within an EZOC or
 * not).  A bombardment reads the hex terrain only (FM-8.1.2 c).
 */
#include "fm_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

int fm__crt_column(const struct fm_scenario *sc, const struct fm_opts *o, int line, int diff,
                   int shift, int *label)
{
	const struct fm_crt *crt = &sc->crt;
	int j0 = crt->lines[line].first, last = crt->ncols - 1, j = j0, col;

	if (diff < crt->lo[j0])
		j = j0; /* FM-CRT-04 */
	else if (diff > crt->hi[last])
		j = last; /* FM-CRT-03 */
	else
		for (int k = j0; k <= last; k++)
			if (diff >= crt->lo[k] && diff <= crt->hi[k])
				j = k; /* FM-CRT-02 */
	if (label != NULL)
		*label = j;
	/* FM-CRT-05 / AMB-01: the line's labels read the leftmost (or rightmost) columns */
	col = o->align_right ? j : j - j0;
	col -= shift;
	return col < 0 ? 0 : col;
}

/* 1 if situation when (FM_SIT_* or the module's k) holds in the current ground combat. */
static int situation_holds(const struct fm_game *g, int when)
{
	const struct fm_module *mod = g->sc->module;

	/* AMB-110: "within EZOC": the combat hex is in the ZOC of a defending unit outside it */
	if (when == FM_SIT_IN_EZOC || when == FM_SIT_NOT_IN_EZOC)
		return fm__in_ezoc(g, g->b.target, g->active) == (when == FM_SIT_IN_EZOC);
	return when >= 0 && mod->situation != NULL && mod->situation(g, (size_t)when);
}

/* The scenario's crt.situations, in order: each that holds replaces the line or gives the
 * one most favourable to the defender (FM-8.2.2-05), the [S] CRT's beach assault lines. */
static int situation_line(const struct fm_game *g, int line)
{
	const struct fm_scenario *sc = g->sc;

	for (int k = 0; k < sc->nsituations; k++) {
		const struct fm_situation *st = &sc->situations[k];
		int holds = st->terrain == 0 || (sc->map.hex_terrain[g->b.target] & st->terrain);
		for (int q = 0; holds && q < st->nwhen; q++)
			holds = situation_holds(g, st->when[q]);
		if (holds)
			line = st->replace ? st->line : fm__line_better(g, line, st->line);
	}
	return line;
}

int fm__battle_line(const struct fm_game *g)
{
	const struct fm_scenario *sc = g->sc;
	const struct fm_battle *b = &g->b;
	int line = fm__hex_line(g, b->target), all_across = b->natt > 0, bridged = 0;
	int weakest = -1, bridge_line = -1;

	/* FM-8.1.2-04 / FM-8.1.4-02: bombardment never uses hexside terrain */
	for (int k = 0; !b->bombard && k < b->natt; k++) {
		int s = rules_hex_side_between(&sc->map.grid, g->u[b->att[k]].hex, b->target);
		int cross = -1, cross_bridge = -1, has = 0;
		if (s < 0) {
			all_across = 0;
			break;
		}
		for (int t = 0; t < sc->map.nsidetypes; t++)
			if ((sc->map.side_feat[s] & (1u << t)) && sc->sx[t].line >= 0) {
				has = 1;
				cross = fm__line_better(g, cross, sc->sx[t].line);
				cross_bridge =
				    fm__line_better(g, cross_bridge, sc->sx[t].bridge_line);
			}
		if (!has) {
			all_across = 0; /* FM-8.2.2-02: every attacker must be across */
			break;
		}
		if (sc->map.side_flags[s] & (RULES_HF_BRIDGE | RULES_HF_ROAD)) {
			/* FM-8.2.2-06: a road across the river is a bridge */
			bridged = 1;
			bridge_line = fm__line_better(g, bridge_line, cross_bridge);
		} else if (weakest < 0 || fm__line_cols(g, cross) > fm__line_cols(g, weakest)) {
			weakest = cross;
		}
	}
	if (!b->bombard && all_across) {
		if (bridged) /* FM-8.2.2-03 */
			line = fm__line_better(g, line, bridge_line);
		else
			line = fm__line_better(g, line, weakest);
	}
	if (sc->module->crt_line != NULL)
		line = sc->module->crt_line(g, line);
	return b->bombard ? line : situation_line(g, line);
}

static int is_commonwealth(const char *nat)
{
	static const char *const cw[] = {"british",    "canadian", "polish",      "commonwealth",
	                                 "australian", "indian",   "new zealand", "south african"};
	for (size_t k = 0; k < sizeof(cw) / sizeof(cw[0]); k++)
		if (strcasecmp(nat, cw[k]) == 0)
			return 1;
	return 0;
}

int fm__may_attack(const struct fm_game *g, int unit, struct rules_error *err)
{
	const struct fm_unit_def *d = fm__def(g, unit);
	const struct fm_unit *u = &g->u[unit];

	if (u->where != FM_W_MAP)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "FM-8.2-01", "%s is not on the map",
		                  d->id);
	if (d->side != g->active)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "FM-8.0-01",
		                  "%s is not a unit of the active player", d->id);
	if (u->flags & FM_UF_ADVANCED)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "FM-8.5-12",
		                  "%s advanced after combat and may not attack this player turn "
		                  "(FM-8.5)",
		                  d->id);
	if (g->phase == FM_PH_MOBILE_COMBAT && !d->mobile)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "FM-4.1-10",
		                  "%s is a leg unit: only mobile units attack in the Mobile Combat "
		                  "Phase (FM-4.1)",
		                  d->id);
	if (g->phase == FM_PH_MOBILE_COMBAT && (u->flags & FM_UF_ATT_COMBAT))
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "FM-4.1-08",
		                  "%s attacked in the Combat Phase and cannot attack again in the "
		                  "Mobile Combat Phase (FM-4.1)",
		                  d->id);
	if ((g->opt.one_attack_turn && (u->flags & (FM_UF_ATT_COMBAT | FM_UF_ATT_MOBILE))) ||
	    (g->phase == FM_PH_COMBAT && (u->flags & FM_UF_ATT_COMBAT)) ||
	    (g->phase == FM_PH_MOBILE_COMBAT && (u->flags & FM_UF_ATT_MOBILE)))
		return rules_fail(
		    err, WG_E_ILLEGAL_ATTACK, g->sc->edition_v8 ? "FM-8.2-06" : "FM-8.2-05",
		    "%s has already attacked this turn: a unit takes part in one attack "
		    "(FM-8.2)",
		    d->id);
	if (u->flags & FM_UF_DISPLACED)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "FM-8.3.1-09",
		                  "%s was displaced and may not attack for the rest of the turn "
		                  "(FM-8.3.1)",
		                  d->id);
	if (g->sc->module->may_act != NULL)
		return g->sc->module->may_act(g, unit, FM_ACT_ATTACK, err);
	return 0;
}

/* The enemy units of side in hex (beach assault may put two sides in one hex). */
static int defenders_in(const struct fm_game *g, int hex, int side, int16_t *out)
{
	int n = 0;

	for (int i = 0; i < g->nunits && n < FM_MAX_IN_BATTLE; i++)
		if (g->u[i].where == FM_W_MAP && g->u[i].hex == hex && fm__side_of(g, i) != side)
			out[n++] = (int16_t)i;
	return n;
}

static int check_target(struct fm_game *g, int side, const char *arg, int bombard, int *hex,
                        struct rules_error *err)
{
	int16_t def[FM_MAX_IN_BATTLE];
	int n, rc;

	*hex = fm__hex_parse(g, arg);
	if (*hex < 0)
		return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %s on this map", arg);
	n = defenders_in(g, *hex, side, def);
	if (n == 0)
		return rules_fail(err, bombard ? WG_E_ILLEGAL_ACTION : WG_E_ILLEGAL_ATTACK,
		                  bombard ? "FM-8.1-04" : "FM-8.2-04",
		                  "hex %s holds no enemy unit to %s", arg,
		                  bombard ? "bombard (FM-8.1)" : "attack (FM-8.2)");
	for (int k = 0; k < n; k++) {
		if (g->u[def[k]].flags & FM_UF_DEFENDED)
			return rules_fail(err, bombard ? WG_E_ILLEGAL_ACTION : WG_E_ILLEGAL_ATTACK,
			                  "FM-8.0-03",
			                  "%s has already been attacked in this phase: a unit is "
			                  "attacked at most once per phase (FM-8.0)",
			                  fm__def(g, def[k])->id);
		if (g->sc->module->may_act != NULL &&
		    (rc = g->sc->module->may_act(
		         g, def[k], bombard ? FM_ACT_BE_BOMBARDED : FM_ACT_BE_ATTACKED, err)) != 0)
			return rc;
	}
	memset(&g->b, 0, sizeof(g->b));
	g->b.displacing = -1;
	g->b.freed = -1;
	g->b.displace_for = -1;
	g->b.target = (int16_t)*hex;
	g->b.ndef = (uint8_t)n;
	for (int k = 0; k < n; k++) {
		g->b.def[k] = def[k];
		g->u[def[k]].flags |= FM_UF_DEFENDED;
	}
	return 0;
}

int fm__do_bombard(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct fm_scenario *sc = g->sc;
	char buf[RULES_HEX_ID_MAX], txt[120];
	int hex, rc, n = argc - 2, total = 0;
	size_t len = 0;
	cJSON *f, *arr;

	if (sc->module->bombard_step != NULL) { /* the exclusive rules replace FM-8.1 */
		char what[240] = "";
		sc->module->bombard_step(g, what, sizeof(what));
		return rules_fail(err, WG_E_ILLEGAL_ACTION,
		                  sc->module->bombard_rule ? sc->module->bombard_rule : "",
		                  "support fire markers never bombard in this game: its own "
		                  "bombardment replaces FM-8.1 (%s)",
		                  g->phase == FM_PH_BOMBARD && what[0] ? what : "see help");
	}
	if (g->phase != FM_PH_BOMBARD)
		return rules_fail(
		    err, WG_E_WRONG_PHASE, "FM-8.1-01",
		    "bombardment happens only in your Bombardment Phase (FM-8.1); this "
		    "is the %s",
		    fm__phase_name(g->phase));
	if (n < 1 || n > 2)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "FM-8.1.2-02",
		                  "a bombardment uses one or two support fire markers (FM-8.1.2)");
	if ((rc = check_target(g, side, argv[1], 1, &hex, err)) != 0)
		return rc;
	if (g->bombarded[hex] + n > 2)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "FM-8.1-05",
		                  "at most two markers may bombard hex %s in one player turn; %d "
		                  "already have (FM-8.1)",
		                  argv[1], g->bombarded[hex]);
	/* FM-8.1.1-01: the ranges of every marker; a range of some markers only is checked
	 * for each marker named or drawn */
	if ((rc = fm__range_check(g, side, -1, hex, 1, err)) != 0 ||
	    (sc->module->bombard_check != NULL &&
	     (rc = sc->module->bombard_check(g, hex, err)) != 0))
		return rc;
	g->b.active = 1;
	g->b.bombard = 1;
	for (int k = 0; k < n; k++) {
		const char *a = argv[2 + k];
		int m = -1;
		if (strcasecmp(a, "draw") == 0 || strcasecmp(a, "any") == 0) {
			int hand[FM_MAX_MARKERS], nh = 0;
			if (!g->opt.pick_blind)
				return rules_fail(
				    err, WG_E_BAD_ARGS,
				    fm__option_rule(sc, "support.pick", "FM-7.2-05"),
				    "name the markers to use (`markers` lists yours)");
			for (int q = 0; q < sc->nmarkers[side]; q++)
				if (g->m[side][q].where == FM_M_HAND &&
				    (sc->module->marker_check == NULL ||
				     sc->module->marker_check(g, side, q, NULL) == 0) &&
				    fm__range_check(g, side, q, hex, 1, NULL) == 0)
					hand[nh++] = q;
			if (nh == 0)
				return rules_fail(err, WG_E_ILLEGAL_SUPPORT, "FM-7.2-07",
				                  "you have no support fire marker left this turn");
			m = hand[rules_dice_pick(d, nh)];
		} else {
			if (g->opt.pick_blind)
				return rules_fail(
				    err, WG_E_BAD_ARGS, "FM-7.2-05",
				    "markers are picked blind in this game: use `bombard "
				    "%s draw [draw]`",
				    argv[1]);
			m = fm__marker_by_id(g->sc, side, a);
			if (m < 0)
				return rules_fail(err, WG_E_BAD_ARGS, "",
				                  "you have no support fire marker '%s'", a);
			if ((sc->module->marker_check != NULL &&
			     (rc = sc->module->marker_check(g, side, m, err)) != 0) ||
			    (rc = fm__range_check(g, side, m, hex, 1, err)) != 0)
				return rc;
			if (g->m[side][m].where != FM_M_HAND)
				return rules_fail(err, WG_E_ILLEGAL_SUPPORT, "FM-7.2-07",
				                  "marker %s is not available this turn (FM-7.2)",
				                  sc->markers[side][m].id);
		}
		g->m[side][m].where = FM_M_COMMITTED;
		g->m[side][m].revealed = 1; /* FM-8.1.2-06: announced */
		g->b.mark[side][g->b.nmark[side]++] = (int16_t)m;
		total += sc->markers[side][m].value;
		len += (size_t)snprintf(txt + len, sizeof(txt) - len, "%s%s +%d", k ? ", " : "",
		                        sc->markers[side][m].id, sc->markers[side][m].value);
	}
	g->bombarded[hex] = (uint8_t)(g->bombarded[hex] + n);
	g->b.step = 5;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "hex", fm__hex_id(g, hex, buf));
	cJSON_AddStringToObject(f, "target", fm__def(g, g->b.def[0])->id);
	arr = cJSON_AddArrayToObject(f, "markers");
	for (int k = 0; k < g->b.nmark[side]; k++) {
		int m = g->b.mark[side][k];
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "id", sc->markers[side][m].id);
		cJSON_AddNumberToObject(o, "value", sc->markers[side][m].value);
		cJSON_AddItemToArray(arr, o);
	}
	cJSON_AddNumberToObject(f, "strength", total);
	rc = rules_emit(ev, RULES_AUD_PUBLIC, "bombard-declared", f,
	                "%s bombards %s in %s with %d marker%s (%s; total +%d)",
	                sc->side_names[side], fm__def(g, g->b.def[0])->id, buf, n, n > 1 ? "s" : "",
	                txt, total);
	if (rc)
		return rc;
	return fm__battle_resolve(g, d, ev, err);
}

int fm__do_attack(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                  cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	char buf[RULES_HEX_ID_MAX], txt[200];
	int16_t att[FM_MAX_IN_BATTLE];
	int hex, natt = 0, rc, strength = 0;
	size_t len = 0;
	cJSON *f, *arr;

	if (g->phase != FM_PH_COMBAT && g->phase != FM_PH_MOBILE_COMBAT)
		return rules_fail(err, WG_E_WRONG_PHASE, "FM-4.1-07",
		                  "attacks happen in your Combat or Mobile Combat Phase (FM-4.1); "
		                  "this is the %s",
		                  fm__phase_name(g->phase));
	if (argc - 2 > FM_MAX_IN_BATTLE)
		return rules_fail(err, WG_E_BAD_ARGS, "", "at most %d attacking units",
		                  FM_MAX_IN_BATTLE);
	hex = fm__hex_parse(g, argv[1]);
	if (hex < 0)
		return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %s on this map", argv[1]);
	if (defenders_in(g, hex, side, att) == 0)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "FM-8.2-04",
		                  "hex %s holds no enemy unit to attack (FM-8.2)", argv[1]);
	for (int k = 2; k < argc; k++) {
		int unit = fm__unit_arg(g, argv[k], err);
		const struct fm_unit_def *ud;
		if (unit < 0)
			return unit;
		ud = fm__def(g, unit);
		for (int q = 0; q < natt; q++)
			if (att[q] == unit)
				return rules_fail(
				    err, WG_E_BAD_ARGS, "FM-8.2-11",
				    "%s is named twice: strengths are unitary (FM-8.2)", ud->id);
		if (ud->side != side)
			return rules_fail(err, WG_E_ILLEGAL_ATTACK, "FM-8.0-01",
			                  "%s is not your unit", ud->id);
		if ((rc = fm__may_attack(g, unit, err)) != 0)
			return rc;
		if (!fm__adjacent(g, g->u[unit].hex, hex) && g->u[unit].hex != hex)
			return rules_fail(err, WG_E_ILLEGAL_ATTACK, "FM-8.2-01",
			                  "%s in %s is not adjacent to %s: ground combat needs "
			                  "adjacent units (FM-8.2)",
			                  ud->id, fm__hex_id(g, g->u[unit].hex, buf), argv[1]);
		if (g->sc->module->attack_check != NULL &&
		    (rc = g->sc->module->attack_check(g, unit, hex, err)) != 0)
			return rc;
		if ((g->u[unit].hex != hex && fm__side_prohibited(g, g->u[unit].hex, hex, unit)) ||
		    fm__hex_prohibited(g, hex, unit))
			return rules_fail(
			    err, WG_E_ILLEGAL_ATTACK, "FM-8.2-09",
			    "%s cannot attack across a prohibited hexside or into a hex "
			    "prohibited to it (FM-8.2)",
			    ud->id);
		att[natt++] = (int16_t)unit;
	}
	for (int k = 0; k < natt; k++) { /* a group attacks as one unit (fm_module.h group) */
		int16_t grp[FM_MAX_IN_BATTLE];
		const char *rule;
		int ng = fm__group(g, att[k], grp, &rule), in;
		for (int q = 1; q < ng; q++) {
			in = 0;
			for (int a = 0; a < natt; a++)
				in |= att[a] == grp[q];
			if (!in)
				return rules_fail(err, WG_E_ILLEGAL_ATTACK, rule,
				                  "%s acts as one unit with %s in its hex: name "
				                  "every unit of the stack in the attack (%s)",
				                  fm__def(g, att[k])->id, fm__def(g, grp[q])->id,
				                  rule);
		}
	}
	if ((rc = check_target(g, side, argv[1], 0, &hex, err)) != 0)
		return rc;
	g->b.active = 1;
	g->b.natt = (uint8_t)natt;
	memcpy(g->b.att, att, sizeof(att[0]) * (size_t)natt);
	for (int k = 0; k < natt; k++) {
		g->u[att[k]].flags |=
		    g->phase == FM_PH_COMBAT ? FM_UF_ATT_COMBAT : FM_UF_ATT_MOBILE;
		strength += fm__cur(g, att[k])->attack;
		len += (size_t)snprintf(txt + len, sizeof(txt) - len, "%s%s", k ? ", " : "",
		                        fm__def(g, att[k])->id);
		if (len >= sizeof(txt))
			len = sizeof(txt) - 1;
	}
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "hex", fm__hex_id(g, hex, buf));
	cJSON_AddStringToObject(f, "defender", fm__def(g, g->b.def[0])->id);
	arr = cJSON_AddArrayToObject(f, "attackers");
	for (int k = 0; k < natt; k++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(fm__def(g, att[k])->id));
	cJSON_AddNumberToObject(f, "strength", strength);
	rc = rules_emit(ev, RULES_AUD_PUBLIC, "attack-declared", f,
	                "%s attack %s in %s with %d strength points (FM-8.2.1 a)", txt,
	                fm__def(g, g->b.def[0])->id, buf, strength);
	if (rc)
		return rc;
	g->b.step = 1;
	return fm__support_advance(g, d, ev, err);
}

/* The attacker's markers, halved against a fortification (FM-8.2.3-02, AMB-19). */
static int attacker_markers(const struct fm_game *g, int fort)
{
	int side = g->active, total = 0;

	for (int k = 0; k < g->b.nmark[side]; k++) {
		int v = fm__marker_value(g, side, g->b.mark[side][k]);
		total += fort && !g->opt.fort_total ? v / 2 : v;
	}
	return fort && g->opt.fort_total ? total / 2 : total;
}

int fm__battle_resolve(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                       struct rules_error *err)
{
	const struct fm_scenario *sc = g->sc;
	struct fm_battle *b = &g->b;
	int fort = fm__hex_has_fort(g, b->target), att = 0, def = 0, dmark = 0, shift = 0;
	int line, col, label, die, r, orig;
	char buf[RULES_HEX_ID_MAX];
	cJSON *f;

	for (int k = 0; k < b->natt; k++)
		att += fm__cur(g, b->att[k])->attack; /* FM-2.3.2-01 */
	att += attacker_markers(g, fort);
	for (int k = 0; k < b->ndef; k++)
		def += fm__cur(g, b->def[k])->defense * (fort ? 2 : 1); /* FM-8.2.3-01 */
	for (int k = 0; k < b->nmark[1 - g->active]; k++)
		dmark += fm__marker_value(g, 1 - g->active, b->mark[1 - g->active][k]);
	def += dmark; /* FM-8.2.3-03: defender markers are never halved */
	b->att_total = (int16_t)att;
	b->def_total = (int16_t)def;
	b->diff = (int16_t)(att - def);
	line = fm__battle_line(g);
	if (!b->bombard && g->opt.commonwealth_shift) {
		int cw = 0, armor = 0;
		for (int k = 0; k < b->natt; k++) {
			cw |= is_commonwealth(fm__def(g, b->att[k])->nationality);
			armor |= (fm__def(g, b->att[k])->abilities & FM_AB_ARMOR) != 0;
		}
		shift = cw && !armor; /* FM-CRT-11 */
	}
	col = fm__crt_column(sc, &g->opt, line, b->diff, shift, &label);
	die = rules_dice_roll(d, 6); /* FM-2.0-02 */
	r = orig = sc->crt.cell[die - 1][col];
	if (b->bombard) {
		/* FM-8.1.3-01/02 */
		if (r == FM_R_EX || r == FM_R_A1 || r == FM_R_A2 || r == FM_R_A3 || r == FM_R_AE)
			r = FM_R_NE;
		if (r == FM_R_AA) {
			int adj = 0;
			for (int i = 0; i < g->nunits; i++)
				adj |= g->u[i].where == FM_W_MAP &&
				       fm__side_of(g, i) == g->active &&
				       fm__adjacent(g, g->u[i].hex, b->target);
			if (!adj)
				r = FM_R_NE;
		}
	}
	b->line = (int8_t)line;
	b->column = (int8_t)col;
	b->label = (int8_t)label;
	b->die = (int8_t)die;
	b->result = (uint8_t)r;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "hex", fm__hex_id(g, b->target, buf));
	cJSON_AddBoolToObject(f, "bombardment", b->bombard);
	cJSON_AddNumberToObject(f, "attack", att);
	cJSON_AddNumberToObject(f, "defense", def);
	cJSON_AddNumberToObject(f, "differential", b->diff);
	cJSON_AddStringToObject(f, "line", sc->crt.lines[line].id);
	cJSON_AddStringToObject(f, "column", sc->crt.labels[label]);
	cJSON_AddNumberToObject(f, "grid_column", col + 1);
	cJSON_AddNumberToObject(f, "die", die);
	cJSON_AddStringToObject(f, "result", fm__result_name(r));
	if (r != orig)
		cJSON_AddStringToObject(f, "printed_result", fm__result_name(orig));
	if (fort)
		cJSON_AddBoolToObject(f, "fortification", 1);
	if (shift)
		cJSON_AddBoolToObject(f, "column_shift", 1);
	{
		char extra[48] = "";
		if (r != orig)
			snprintf(extra, sizeof(extra), " (printed %s)", fm__result_name(orig));
		if (rules_emit(
		        ev, RULES_AUD_PUBLIC, "combat-result", f,
		        "%s on %s: %d vs %d, differential %+d, %s line, column %s (c%d), die "
		        "%d: %s%s",
		        b->bombard ? "bombardment" : "attack", buf, att, def, b->diff,
		        sc->crt.lines[line].name, sc->crt.labels[label], col + 1, die,
		        fm__result_name(r), extra) != 0)
			return WG_E_NO_MEMORY;
	}
	if (sc->module->after_roll != NULL) {
		int rc = sc->module->after_roll(g, ev, err);
		if (rc)
			return rc;
	}
	return fm__apply_result(g, ev, err);
}

int fm__battle_finish(struct fm_game *g, struct rules_events *ev, struct rules_error *err)
{
	int rc, target = g->b.target, bombardment = g->b.bombard;

	/* FM-7.2-03: markers used in a bombardment or combat are gone for the turn */
	for (int s = 0; s < RULES_SIDES; s++)
		for (int k = 0; k < g->b.nmark[s]; k++)
			if (g->m[s][g->b.mark[s][k]].where == FM_M_COMMITTED)
				g->m[s][g->b.mark[s][k]].where = FM_M_USED;
	if (g->sc->module->battle_end != NULL && (rc = g->sc->module->battle_end(g, ev, err)) != 0)
		return rc;
	memset(&g->b, 0, sizeof(g->b));
	g->b.displacing = -1;
	g->b.freed = -1;
	g->b.displace_for = -1;
	g->await = FM_AW_PHASE;
	{
		char hex[RULES_HEX_ID_MAX];
		cJSON *f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "hex", fm__hex_id(g, target, hex));
		cJSON_AddBoolToObject(f, "bombardment", bombardment);
		rc = rules_emit(ev, RULES_AUD_PUBLIC, "battle-ended", f, "the %s is resolved",
		                bombardment ? "bombardment" : "combat");
	}
	if (rc)
		return rc;
	return fm__check_instant(g, ev);
}
