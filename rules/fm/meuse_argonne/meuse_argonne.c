/*
 * meuse_argonne.c -- the hooks table of the Meuse Argonne module, its game
 * options, the module state in g->ex (init, snapshot, restore) and the
 * helpers the other files share.  See meuse_argonne.h for the file map.
 */
#include "meuse_argonne.h"

#include <string.h>

_Static_assert(sizeof(struct ma_state) <= FM_EX_STATE, "the module state fits in g->ex");

static const struct fm_exopt options[MA_O_COUNT] = {
    [MA_O_RETREAT_CANCELS] = {"ma.hit_retreat_cancels", {"all", "one"}, 0, "AMB-77"},
    [MA_O_ALLIED_IN_TRENCH] = {"ma.allied_in_trench_bombardment",
                               {"literal", "no_benefit"},
                               0,
                               "AMB-84"},
    [MA_O_TRENCH_ZOC] = {"ma.trench_blocks_allied_zoc", {"false", "true"}, 1, "AMB-86"},
    [MA_O_FORT_EZOC] = {"ma.fort_ezoc_rule", {"none", "allied_only"}, 1, "AMB-88"},
    [MA_O_BREACH_FORT_MP] = {"ma.breach_removes_fort_mp", {"false", "true"}, 0, "AMB-89"},
    [MA_O_D1_ADVANCE] = {"ma.d1_allows_advance", {"false", "true"}, 1, "AMB-93"},
    [MA_O_FORTRESS_ALLIED] = {"ma.allied_fortress_benefit", {"false", "true"}, 1, "AMB-106"},
};

/* ---- shared helpers ------------------------------------------------------ */

const struct ma_data *ma__data(const struct fm_game *g)
{
	return g->sc->ex_data;
}

struct ma_state *ma__state(struct fm_game *g)
{
	return (struct ma_state *)(void *)g->ex;
}

const struct ma_state *ma__cstate(const struct fm_game *g)
{
	return (const struct ma_state *)(const void *)g->ex;
}

int ma__opt(const struct fm_game *g, enum ma_opt o)
{
	return g->opt.ex[o];
}

int ma__hex_is(const struct fm_game *g, int hex, uint32_t flags)
{
	return hex >= 0 && hex < ma__data(g)->count && (ma__data(g)->hexf[hex] & flags) != 0;
}

int ma__unit_is(const struct fm_game *g, int unit, unsigned flags)
{
	return unit >= 0 && unit < g->nunits && (ma__data(g)->unitf[unit] & flags) != 0;
}

int ma__breached(const struct fm_game *g, int hex)
{
	if (hex < 0 || hex >= ma__data(g)->count || ma__hex_is(g, hex, MA_HF_FORTRESS))
		return 0;
	return (ma__cstate(g)->breached[hex / 8] >> (hex % 8)) & 1;
}

void ma__breach(struct fm_game *g, int hex)
{
	if (hex >= 0 && hex < ma__data(g)->count && !ma__hex_is(g, hex, MA_HF_FORTRESS))
		ma__state(g)->breached[hex / 8] |= (uint8_t)(1u << (hex % 8));
}

int ma__trench_intact(const struct fm_game *g, int hex)
{
	return ma__hex_is(g, hex, MA_HF_TRENCH) && !ma__breached(g, hex);
}

/* ---- state ---------------------------------------------------------------- */

static int init(struct fm_game *g, struct rules_error *err)
{
	struct ma_state *st = ma__state(g);

	(void)err;
	memset(st, 0, sizeof(*st));
	st->lb_target = -1;
	ma__bombard_init(g);
	return 0;
}

/* ---- hooks several parts share: each part's function in turn -------------------------- */

static int settle(struct fm_game *g, struct rules_events *ev, struct rules_error *err)
{
	return ma__special_settle(g, ev, err);
}

static int may_act(const struct fm_game *g, int unit, enum fm_act act, struct rules_error *err)
{
	return ma__special_may_act(g, unit, act, err);
}

static int retreat_step(const struct fm_game *g, int unit, int from, int to, enum fm_rs mode,
                        int *stop, struct rules_error *err)
{
	return ma__special_retreat_step(g, unit, from, to, mode, stop, err);
}

static int move_step(const struct fm_game *g, int unit, int from, int to, int side, int spent_half,
                     int first, int *cost_half, int *must_stop, struct rules_error *err)
{
	(void)side; /* no Meuse Argonne rule of movement is about a hexside */
	return ma__terrain_move_step(g, unit, from, to, spent_half, first, cost_half, must_stop,
	                             err);
}

static int crt_line(const struct fm_game *g, int line)
{
	return ma__special_crt_line(g, line);
}

static cJSON *snapshot(const struct fm_game *g)
{
	const struct ma_state *st = ma__cstate(g);
	cJSON *o = cJSON_CreateObject();
	int v[MA_MAX_HEXES], n = 0;

	cJSON_AddNumberToObject(o, "v", 1);
	for (int h = 0; h < ma__data(g)->count; h++)
		if (ma__breached(g, h))
			v[n++] = h;
	cJSON_AddItemToObject(o, "breached", cJSON_CreateIntArray(v, n));
	v[0] = st->lb_used;
	v[1] = st->lb_target;
	v[2] = st->lb_now;
	v[3] = st->lb_asked;
	v[4] = st->ce_def;
	v[5] = st->sedan;
	cJSON_AddItemToObject(o, "special", cJSON_CreateIntArray(v, 6));
	/* units.c, replace.c */
	for (int k = 0; k < MA_MAX_THREE; k++)
		v[k] = st->broken[k];
	cJSON_AddItemToObject(o, "broken", cJSON_CreateIntArray(v, MA_MAX_THREE));
	for (int s = 0; s < RULES_SIDES; s++) {
		v[3 * s] = st->repl_turn[s];
		v[3 * s + 1] = st->repl_in_turn[s];
		v[3 * s + 2] = st->repl_total[s];
	}
	cJSON_AddItemToObject(o, "repl", cJSON_CreateIntArray(v, 3 * RULES_SIDES));
	ma__bombard_snapshot(g, o);
	return o;
}

static int restore(struct fm_game *g, const cJSON *o, struct rules_error *err)
{
	struct ma_state *st = ma__state(g);
	int v[MA_MAX_HEXES], n, nh = ma__data(g)->count - 1;

	init(g, err);
	if (!cJSON_IsObject(o) || (n = fm__json_ints(o, "breached", v, MA_MAX_HEXES)) < 0)
		goto bad;
	for (int k = 0; k < n; k++) {
		if (!fm__in(v[k], 0, nh))
			goto bad;
		ma__breach(g, v[k]);
	}
	if (fm__json_ints(o, "special", v, 6) != 6 || !fm__in(v[0], 0, 9) ||
	    !fm__in(v[1], -1, nh) || !fm__in(v[2], 0, 1) || !fm__in(v[3], 0, 1) ||
	    !fm__in(v[4], 0, 255) || !fm__in(v[5], 0, 1))
		goto bad;
	st->lb_used = (uint8_t)v[0];
	st->lb_target = (int16_t)v[1];
	st->lb_now = (uint8_t)v[2];
	st->lb_asked = (uint8_t)v[3];
	st->ce_def = (uint8_t)v[4];
	st->sedan = (uint8_t)v[5];
	/* units.c, replace.c */
	if (fm__json_ints(o, "broken", v, MA_MAX_THREE) != MA_MAX_THREE)
		goto bad;
	for (int k = 0; k < MA_MAX_THREE; k++) {
		if (!fm__in(v[k], 0, 1))
			goto bad;
		st->broken[k] = (uint8_t)v[k];
	}
	if (fm__json_ints(o, "repl", v, 3 * RULES_SIDES) != 3 * RULES_SIDES)
		goto bad;
	for (int s = 0; s < RULES_SIDES; s++) {
		if (!fm__in(v[3 * s], 0, FM_MAX_TURNS) || !fm__in(v[3 * s + 1], 0, 99) ||
		    !fm__in(v[3 * s + 2], 0, 255))
			goto bad;
		st->repl_turn[s] = (int16_t)v[3 * s];
		st->repl_in_turn[s] = (uint8_t)v[3 * s + 1];
		st->repl_total[s] = (uint8_t)v[3 * s + 2];
	}
	if (ma__bombard_restore(g, o) != 0)
		goto bad;
	return 0;
bad:
	return rules_fail(err, WG_E_INTERNAL, "", "the stored Meuse Argonne state is not valid");
}

/* ---- verbs ----------------------------------------------------------------- */

static int q_replacements(const struct fm_game *g, const struct rules_viewer *who, int argc,
                          char **argv, cJSON *out, struct rules_error *err)
{
	(void)who;
	(void)argc;
	(void)argv;
	(void)err;
	ma__units_view(g, out);
	return 0;
}

/* The verbs of units.c and replace.c (13.2, 11.3, 11.6). */
/* clang-format off */
#define MA_UNIT_VERBS \
	{.v = {"breakdown", RULES_VERB_ACTION, 1, 1, "breakdown <division>", \
	       "At the beginning of your Movement Phase (before the division moves): break a " \
	       "US three-step division (4th, 32nd, 33rd, 79th) down into three brigades, two " \
	       "if depleted, as many as are free; it does not re-form (MA-13.2)."}, \
	 .awaits = FM_AWAITS(FM_AW_PHASE), .exec = ma__do_breakdown, \
	 .legal = ma__legal_breakdown}, \
	{.v = {"replace", RULES_VERB_ACTION, 2, 2, "replace <unit> <hex>", \
	       "Your Movement Phase: use your replacement to bring an eliminated unit back " \
	       "on a hex of your replacement edge: Allied at full strength (a three-step " \
	       "division depleted), German depleted; never a brigade (MA-11.3, MA-11.6)."}, \
	 .awaits = FM_AWAITS(FM_AW_PHASE), .exec = ma__do_replace, .legal = ma__legal_replace}, \
	{.v = {"rebuild", RULES_VERB_ACTION, 1, 8, "rebuild <unit> [<unit>]", \
	       "Your Movement Phase: use your replacement to rebuild depleted units on the " \
	       "map, even in an enemy ZOC, not in a woods hex: two Allied, one German " \
	       "(MA-11.3, MA-11.6)."}, \
	 .awaits = FM_AWAITS(FM_AW_PHASE), .exec = ma__do_rebuild, .legal = ma__legal_rebuild}, \
	{.v = {"replacements", RULES_VERB_QUERY, 0, 0, "replacements", \
	       "Meuse Argonne's replacements left for each side, the three-step divisions " \
	       "and the brigade chits free (MA-11.3, MA-11.6, MA-13)."}, \
	 .query = q_replacements}
/* clang-format on */

/* The verbs of special.c (18.1, 18.2). */
/* clang-format off */
#define MA_SPECIAL_VERBS \
	{.v = {"lost-battalion", RULES_VERB_ACTION, 1, 1, "lost-battalion declare|pass", \
	       "German player, once per game, in an Allied attack on a woods-only hex, after " \
	       "the support fire reveal and before the die roll: force the Woods (Lost " \
	       "Battalion) line of the CRT ('declare'), or roll on the normal line ('pass') " \
	       "(MA-18.1)."}, \
	 .awaits = FM_AWAITS(FM_AW_BEFORE_ROLL), .exec = ma__do_lost_battalion, \
	 .legal = ma__legal_lost_battalion}, \
	{.v = {"experience", RULES_VERB_ACTION, 1, 1, "experience <unit>", \
	       "German player, on a D2 or D3 against a German unit: it retreats one hex (D1) " \
	       "instead; it may then not declare stiff resistance (MA-18.2)."}, \
	 .awaits = FM_AWAITS(FM_AW_RETREAT), .exec = ma__do_experience, \
	 .legal = ma__legal_experience}
/* clang-format on */

/* The module's verbs: each part's own block (MA_UNIT_VERBS, ...). */
static const struct fm_verb verbs[] = {MA_UNIT_VERBS, MA_SPECIAL_VERBS, MA_BOMBARD_VERBS};

/* ---- hook dispatchers (each part of the exclusive rules adds its call) ------ */

static int end_forfeit(const struct fm_game *g, char *what, size_t n, char *rule)
{
	return ma__repl_forfeit(g, what, n, rule);
}

static int end_check(const struct fm_game *g, struct rules_error *err)
{
	return ma__bombard_end_check(g, err);
}

static int player_turn_end(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                           struct rules_error *err)
{
	(void)d;
	(void)ev;
	(void)err;
	ma__bombard_turn_end(g);
	return 0;
}

/* Everything in it is public (positions, replacements used, markers, breaches). */
static void view(const struct fm_game *g, int viewer, cJSON *out)
{
	cJSON *o = cJSON_AddObjectToObject(out, "meuse_argonne");

	ma__units_view_json(g, o);
	ma__bombard_view(g, viewer, out);
}

const struct fm_module meuse_argonne_module = {
    .name = "meuse_argonne",
    .verbs = verbs,
    .nverbs = sizeof(verbs) / sizeof(verbs[0]),
    .options = options,
    .noptions = MA_O_COUNT,
    .end_forfeit = end_forfeit,
    .view = view,
    .may_share = ma__may_share,
    .group = ma__group,
    .place_check = ma__place_check,
    .unit_eliminated = ma__unit_eliminated,
    .load = ma__load,
    .lint = ma__lint,
    .free = ma__free,
    .init = init,
    .snapshot = snapshot,
    .restore = restore,
    .settle = settle,
    .move_step = move_step,
    .may_act = may_act,
    .zoc_unblocked = ma__zoc_unblocked,
    .crt_line = crt_line,
    .crt_terrain_ignored = ma__crt_terrain_ignored,
    .hex_mark = ma__hex_mark,
    .before_roll = ma__before_roll,
    .retreat_step = retreat_step,
    .victory = ma__victory,
    .turn_phase = ma__turn_phase,
    .bombard_step = ma__bombard_step,
    .bombard_rule = "MA-17.1-01",
    .decision = ma__bombard_decision,
    .end_check = end_check,
    .player_turn_end = player_turn_end,
};
