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
    [MA_O_FM_8_2_3] = {"ma.apply_fm_8_2_3", {"false", "true"}, 0, "AMB-87"},
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
	cJSON_AddItemToObject(o, "lb", cJSON_CreateIntArray(v, 2));
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
	if (fm__json_ints(o, "lb", v, 2) != 2 || !fm__in(v[0], 0, 9) || !fm__in(v[1], -1, nh))
		goto bad;
	st->lb_used = (uint8_t)v[0];
	st->lb_target = (int16_t)v[1];
	if (ma__bombard_restore(g, o) != 0)
		goto bad;
	return 0;
bad:
	return rules_fail(err, WG_E_INTERNAL, "", "the stored Meuse Argonne state is not valid");
}

/* ---- verbs and hooks: each part's, concatenated here ---------------------------------- */

static const struct fm_verb verbs[] = {
    MA_BOMBARD_VERBS,
};

/* The hooks more than one part may need call each part's function in turn. */

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

static void view(const struct fm_game *g, int viewer, cJSON *out)
{
	ma__bombard_view(g, viewer, out);
}

const struct fm_module meuse_argonne_module = {
    .name = "meuse_argonne",
    .options = options,
    .noptions = MA_O_COUNT,
    .load = ma__load,
    .lint = ma__lint,
    .free = ma__free,
    .init = init,
    .snapshot = snapshot,
    .restore = restore,
    .verbs = verbs,
    .nverbs = sizeof(verbs) / sizeof(verbs[0]),
    .turn_phase = ma__turn_phase,
    .bombard_step = ma__bombard_step,
    .bombard_rule = "MA-17.1-01",
    .decision = ma__bombard_decision,
    .end_check = end_check,
    .player_turn_end = player_turn_end,
    .view = view,
};
