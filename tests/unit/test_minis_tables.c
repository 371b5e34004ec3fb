/*
 * test_minis_tables.c -- the quick-reference sheet's tables and printed values, one cmocka
 * test per (data) id of minis-checklist.md, cell by cell: the lookups of rules/minis/tables.c
 * for the tables, and for the modifiers and effects printed inside a procedure a small game
 * on the test table that shows the value in the event it gives.
 */
#include "test_minis_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLE "test:minis-test.json"

static void open_table(struct mt *t, const char *opts)
{
	mt_open(t, opts != NULL && strncmp(opts, "data:", 5) == 0 ? opts : TABLE,
	        opts != NULL && strncmp(opts, "data:", 5) == 0 ? "" : opts);
	mt_clear(t);
}

/* The sum of the modifiers of a shot whose reason starts with why (0 when none). */
static int shot_mod(struct mt *t, int side, const char *firer, const char *target, const char *why)
{
	struct minis_shot s;
	int sum = 0;

	memset(&s, 0, sizeof(s));
	s.firer = mt_u(t, firer);
	s.target = mt_u(t, target);
	s.weapon = -1;
	if (minis__shot_check(t->g, side, &s, &t->err) != 0)
		fail_msg("%s at %s: %s", firer, target, t->err.message);
	for (int k = 0; k < s.nmods; k++)
		if (strncmp(s.why[k], why, strlen(why)) == 0)
			sum += s.mods[k];
	return sum;
}

/* A shot of firer at target set up at edge distance d north of it (in the open), in the
 * firer's activation. */
static void duel(struct mt *t, int side, const char *firer, const char *target, double d)
{
	int f = mt_u(t, firer), g = mt_u(t, target);
	double fd = t->g->u[f].d / 200.0, td = t->g->u[g].d / 200.0;

	mt_place(t, firer, 110, 20, side == MT_BRIT ? 0 : 180);
	mt_place(t, target, 110, 20 + fd + d + td, side == MT_BRIT ? 180 : 0);
	if (side == MT_GERMAN) {
		mt_place(t, firer, 110, 20 + fd + d + td, 180);
		mt_place(t, target, 110, 20, 0);
	}
	mt_phase(t, MP_ORDERS, side);
	mt_group(t, 3, 3, firer, NULL);
}

/* The assault's modifier for side si (0 attacker, 1 defender) after one round. */
static int assault_mod(const struct mt *t, const char *who)
{
	const cJSON *a = mt_event_of(t, "assault");

	if (a == NULL)
		fail_msg("no assault event");
	return cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(a, who),
	                                        "modifier")
	    ->valueint;
}

static int assault_factor(const struct mt *t, const char *who)
{
	const cJSON *a = mt_event_of(t, "assault");

	if (a == NULL)
		fail_msg("no assault event");
	return cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(a, who), "factor")
	    ->valueint;
}

/* GINF (or lead) assaulted by BRIF from the south, the dice 1,1 and 1,1 (a stubborn tie or
 * a result; only the scores are read). */
static void assault(struct mt *t, const char *att, const char *def, const char *extra_place)
{
	(void)extra_place;
	mt_phase(t, MP_ORDERS, MT_BRIT);
	mt_group(t, 3, 3, att, NULL);
	mt_dice(t, 1, 1, 1, 1, 0);
	if (mt_do(t, MT_BRIT, "assault %s %s", att, def) != 0)
		fail_msg("assault: %s", t->err.message);
}

static void touch(struct mt *t, const char *att, const char *def, int def_facing)
{
	int a = mt_u(t, att), d = mt_u(t, def);

	mt_place(t, def, 110, 40, def_facing);
	mt_place(t, att, 110,
	         40 - (def_facing % 180 == 0 ? t->g->u[d].d : t->g->u[d].w) / 200.0 -
	             t->g->u[a].d / 200.0,
	         0);
}

/* The HE modifier of the target row against unit (indirect fire of the British battery). */
static int he_mod(struct mt *t, const char *unit, double x, double y)
{
	mt_place(t, "BFOO", x, y - 15, 0);
	mt_place(t, "BHQ", 100, 5, 0);
	mt_place(t, unit, x, y, 180);
	mt_phase(t, MP_ORDERS, MT_BRIT);
	t->g->fire_missions[MT_BRIT] = 1;
	t->g->u[mt_u(t, "BHQ")].orders = 2;
	mt_dice(t, 3, 6, 1, 1, 1, 0);
	if (mt_do(t, MT_BRIT, "call artillery %g %g", x, y) != 0)
		fail_msg("call: %s", t->err.message);
	return (int)mt_num(t, "he", "modifier");
}

/* The recon modifier of BRIF at (x, y) reconnoitring area. */
static int recon_mod(struct mt *t, double x, double y, const char *area)
{
	mt_place(t, "BRIF", x, y, 0);
	mt_phase(t, MP_ORDERS, MT_BRIT);
	mt_group(t, 3, 3, "BRIF", NULL);
	mt_dice(t, 1, 2, 0);
	if (mt_do(t, MT_BRIT, "recon BRIF %s", area) != 0)
		fail_msg("recon: %s", t->err.message);
	return (int)mt_num(t, "recon", "modifier");
}

/* The air to-hit modifier of an attack on target (British rockets, or cannon). */
static int air_hit_mod(struct mt *t, const char *target, int cannon, int hits)
{
	t->g->phase = MP_ORDERS;
	t->g->acting = MT_BRIT;
	t->g->turn = 1;
	memset(&t->g->air, 0, sizeof(t->g->air));
	t->g->air.side = MT_BRIT;
	t->g->air.target = mt_u(t, target);
	t->g->air.x = t->g->u[t->g->air.target].x;
	t->g->air.y = t->g->u[t->g->air.target].y;
	t->g->air.cannon = cannon;
	t->g->air.hits = hits;
	mt_dice(t, 1, 1, 1, 1, 1, 1, 1, 0);
	rules_events_release(&t->ev);
	rules_events_init(&t->ev);
	assert_int_equal(minis__air_resolve(t->g, &t->dice, &t->ev), 0);
	t->dice.nqueued = 0;
	return (int)mt_num(t, "air-strike", "modifier");
}

static int air_effect_mod(struct mt *t, const char *target)
{
	t->g->phase = MP_ORDERS;
	t->g->acting = MT_BRIT;
	t->g->turn = 1;
	memset(&t->g->air, 0, sizeof(t->g->air));
	t->g->air.side = MT_BRIT;
	t->g->air.target = mt_u(t, target);
	t->g->air.x = t->g->u[t->g->air.target].x;
	t->g->air.y = t->g->u[t->g->air.target].y;
	mt_dice(t, 6, 1, 1, 1, 0);
	rules_events_release(&t->ev);
	rules_events_init(&t->ev);
	assert_int_equal(minis__air_resolve(t->g, &t->dice, &t->ev), 0);
	t->dice.nqueued = 0;
	return (int)mt_num(t, "air-effect", "modifier");
}

/* The rally modifier of unit (pinned), with a command unit touching it when cmd. */
static int rally_mod(struct mt *t, const char *unit, const char *cmd, int cmd_pinned)
{
	mt_place(t, unit, 110, 30, 180);
	t->g->u[mt_u(t, unit)].flags |= MU_PINNED;
	if (cmd != NULL) {
		mt_place(t, cmd, 111.5, 30, 180);
		if (cmd_pinned)
			t->g->u[mt_u(t, cmd)].flags |= MU_PINNED;
	}
	mt_phase(t, MP_RALLY, MT_GERMAN);
	mt_dice(t, 3, 3, 0);
	rules_events_release(&t->ev);
	rules_events_init(&t->ev);
	assert_int_equal(minis__rally_resolve(t->g, &t->dice, &t->ev), 0);
	t->dice.nqueued = 0;
	for (size_t k = 0; k < t->ev.count; k++) {
		const cJSON *d = t->ev.items[k].data;
		if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(d, "event")),
		           "rally") == 0 &&
		    strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(d, "unit")),
		           unit) == 0)
			return cJSON_GetObjectItemCaseSensitive(d, "modifier")->valueint;
	}
	fail_msg("no rally of %s", unit);
	return 0;
}

static int weapon_at(const char *id)
{
	int w = minis__weapon_find(TAB, id);
	assert_true(w >= 0);
	return TAB->weapons[w].at;
}

static int weapon_ai(const char *id)
{
	int w = minis__weapon_find(TAB, id);
	assert_true(w >= 0);
	return TAB->weapons[w].ai;
}

static void range_is(int row, int32_t c, int32_t e, int32_t l, int32_t ca, int32_t ea, int32_t la)
{
	const struct minis_range *r = &TAB->ranges[row];

	if (c < 0)
		assert_false(r->has_close);
	else
		assert_int_equal(r->close.base, c), assert_int_equal(r->close.alt, ca);
	assert_int_equal(r->eff.base, e);
	assert_int_equal(r->eff.alt, ea);
	assert_int_equal(r->lng.base, l);
	assert_int_equal(r->lng.alt, la);
}

static void row_is(int score, enum minis_test inf, enum minis_test afv)
{
	const struct minis_result_row *r = minis__fire_row(score);

	assert_int_equal(r->inf, inf);
	assert_int_equal(r->afv, afv);
	r = minis__air_row(score);
	assert_int_equal(r->inf, inf);
	assert_int_equal(r->afv, afv);
}

static void column_is(enum minis_test t, enum minis_outcome c1, enum minis_outcome c2,
                      enum minis_outcome c3, enum minis_outcome c4, enum minis_outcome c5,
                      enum minis_outcome c6)
{
	enum minis_outcome c[7] = {c1, c2, c3, c4, c5, c6, c6};

	for (int s = 1; s <= 7; s++)
		assert_int_equal(minis__morale_cell(t, s), c[s - 1]);
}

#define O  MO_OBEY
#define P  MO_PINNED
#define R  MO_RETREAT
#define DI MO_DISPERSED
#define DR MO_DAMAGED_RETREAT
#define X  MO_DESTROYED

/* Each test: its name (after test_) and body. */
#define TESTS(T)                                                                                   \
	T(qr_gen_2_year_and_nation_choose_rows, {                                                  \
		uint8_t n;                                                                         \
		assert_int_equal(minis__nation_parse(TAB, "german", 1944, &n), 0);                 \
		assert_int_equal(n, MN_GERMAN);                                                    \
		assert_int_equal(minis__air_sup_mod(TAB, MN_GERMAN, 1941), 1);                     \
		assert_int_equal(minis__air_sup_mod(TAB, MN_GERMAN, 1944), -1);                    \
	})                                                                                         \
	T(qr_gen_6_five_quality_ratings, {                                                         \
		assert_int_equal(MQ_COUNT, 5);                                                     \
		assert_string_equal(minis_quality_names[MQ_ELITE], "elite");                       \
		assert_string_equal(minis_quality_names[MQ_MILITIA], "militia");                   \
	})                                                                                         \
	T(qr_gen_10_unit_attributes_loaded, {                                                      \
		struct mt t;                                                                       \
		const struct minis_unit_def *d;                                                    \
		mt_open(&t, "data:qr-village.json", "");                                           \
		d = minis__def(t.g, mt_u(&t, "DE7"));                                              \
		assert_int_equal(d->quality, MQ_VETERAN);                                          \
		assert_true(d->flags &MINIS_F_AT_GUN);                                             \
		assert_int_equal(d->calibre, 75);                                                  \
		assert_int_equal(d->arc, 900);                                                     \
		d = minis__def(t.g, mt_u(&t, "GB8"));                                              \
		assert_int_equal(d->armour, 3);                                                    \
		assert_int_equal(d->move, MM_MEDIUM);                                              \
		assert_true(d->flags &MINIS_F_AFV_CMD);                                            \
		assert_int_equal(t.g->u[mt_u(&t, "GB8")].w, 150);                                  \
		assert_int_equal(t.g->u[mt_u(&t, "GB8")].d, 250);                                  \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_setup_3_german_1939_42_plus_1, {                                                      \
		for (int y = 1939; y <= 1942; y++)                                                 \
			assert_int_equal(minis__air_sup_mod(TAB, MN_GERMAN, y), 1);                \
	})                                                                                         \
	T(qr_setup_4_german_1943_0,                                                                \
	  assert_int_equal(minis__air_sup_mod(TAB, MN_GERMAN, 1943), 0);)                          \
	T(qr_setup_5_german_1944_5_minus_1, {                                                      \
		assert_int_equal(minis__air_sup_mod(TAB, MN_GERMAN, 1944), -1);                    \
		assert_int_equal(minis__air_sup_mod(TAB, MN_GERMAN, 1945), -1);                    \
	})                                                                                         \
	T(qr_setup_6_russian_1939_43_minus_1, {                                                    \
		assert_int_equal(minis__air_sup_mod(TAB, MN_RUSSIAN, 1939), -1);                   \
		assert_int_equal(minis__air_sup_mod(TAB, MN_RUSSIAN, 1943), -1);                   \
	})                                                                                         \
	T(qr_setup_7_russian_1944_45_plus_1, {                                                     \
		assert_int_equal(minis__air_sup_mod(TAB, MN_RUSSIAN, 1944), 1);                    \
		assert_int_equal(minis__air_sup_mod(TAB, MN_RUSSIAN, 1945), 1);                    \
	})                                                                                         \
	T(qr_setup_8_british_us_1939_41_0, {                                                       \
		assert_int_equal(minis__air_sup_mod(TAB, MN_BRITISH, 1939), 0);                    \
		assert_int_equal(minis__air_sup_mod(TAB, MN_US, 1941), 0);                         \
	})                                                                                         \
	T(qr_setup_9_british_us_1942_43_plus_1, {                                                  \
		assert_int_equal(minis__air_sup_mod(TAB, MN_BRITISH, 1942), 1);                    \
		assert_int_equal(minis__air_sup_mod(TAB, MN_US, 1943), 1);                         \
	})                                                                                         \
	T(qr_setup_10_british_us_1944_45_plus_2, {                                                 \
		assert_int_equal(minis__air_sup_mod(TAB, MN_BRITISH, 1944), 2);                    \
		assert_int_equal(minis__air_sup_mod(TAB, MN_US, 1945), 2);                         \
	})                                                                                         \
	T(qr_setup_11_other_minus_1, {                                                             \
		assert_int_equal(minis__air_sup_mod(TAB, MN_OTHER, 1940), -1);                     \
		assert_int_equal(minis__air_sup_mod(TAB, MN_AXIS, 1944), -1);                      \
		assert_int_equal(minis__air_sup_mod(TAB, MN_EARLY, 1940), -1);                     \
	})                                                                                         \
	T(qr_setup_13_air_missions_1_2, {                                                          \
		for (int s = 1; s <= 2; s++)                                                       \
			assert_int_equal(minis__air_missions(TAB, s, 1), 0),                       \
			    assert_int_equal(minis__air_missions(TAB, s, 0), 0);                   \
	})                                                                                         \
	T(qr_setup_14_air_missions_3_4, {                                                          \
		for (int s = 3; s <= 4; s++)                                                       \
			assert_int_equal(minis__air_missions(TAB, s, 1), 1),                       \
			    assert_int_equal(minis__air_missions(TAB, s, 0), 1);                   \
	})                                                                                         \
	T(qr_setup_15_air_missions_5_6, {                                                          \
		for (int s = 5; s <= 6; s++)                                                       \
			assert_int_equal(minis__air_missions(TAB, s, 1), 2),                       \
			    assert_int_equal(minis__air_missions(TAB, s, 0), 1);                   \
	})                                                                                         \
	T(qr_setup_16_column_a, {                                                                  \
		assert_true(minis__column_a(TAB, MN_GERMAN, 1939));                                \
		assert_true(minis__column_a(TAB, MN_GERMAN, 1943));                                \
		assert_true(minis__column_a(TAB, MN_BRITISH, 1941));                               \
		assert_true(minis__column_a(TAB, MN_US, 1945));                                    \
		assert_true(minis__column_a(TAB, MN_RUSSIAN, 1944));                               \
	})                                                                                         \
	T(qr_setup_17_column_b, {                                                                  \
		assert_false(minis__column_a(TAB, MN_GERMAN, 1944));                               \
		assert_false(minis__column_a(TAB, MN_BRITISH, 1940));                              \
		assert_false(minis__column_a(TAB, MN_RUSSIAN, 1943));                              \
		assert_false(minis__column_a(TAB, MN_OTHER, 1942));                                \
		assert_false(minis__column_a(TAB, MN_AXIS, 1942));                                 \
	})                                                                                         \
	T(qr_setup_20_fire_missions_1_2, {                                                         \
		assert_int_equal(minis__fire_missions(TAB, 1, 1), 1);                              \
		assert_int_equal(minis__fire_missions(TAB, 2, 1), 1);                              \
		assert_int_equal(minis__fire_missions(TAB, 1, 0), 0);                              \
		assert_int_equal(minis__fire_missions(TAB, 2, 0), 0);                              \
	})                                                                                         \
	T(qr_setup_21_fire_missions_3, {                                                           \
		assert_int_equal(minis__fire_missions(TAB, 3, 1), 2);                              \
		assert_int_equal(minis__fire_missions(TAB, 3, 0), 1);                              \
	})                                                                                         \
	T(qr_setup_22_fire_missions_4, {                                                           \
		assert_int_equal(minis__fire_missions(TAB, 4, 1), 3);                              \
		assert_int_equal(minis__fire_missions(TAB, 4, 0), 2);                              \
	})                                                                                         \
	T(qr_setup_23_fire_missions_5, {                                                           \
		assert_int_equal(minis__fire_missions(TAB, 5, 1), 4);                              \
		assert_int_equal(minis__fire_missions(TAB, 5, 0), 3);                              \
	})                                                                                         \
	T(qr_setup_24_fire_missions_6, {                                                           \
		assert_int_equal(minis__fire_missions(TAB, 6, 1), 6);                              \
		assert_int_equal(minis__fire_missions(TAB, 6, 0), 4);                              \
	})                                                                                         \
	T(qr_setup_27_elite_veteran_plus_2_minus_3, {                                              \
		assert_int_equal(minis__quality_group(MQ_ELITE), 0);                               \
		assert_int_equal(minis__quality_group(MQ_VETERAN), 0);                             \
		assert_int_equal(minis__hidden_mod(TAB, 0), 2);                                    \
		assert_int_equal(minis__ambush_mod(TAB, 0), -3);                                   \
	})                                                                                         \
	T(qr_setup_28_regular_inexperienced_plus_1_minus_4, {                                      \
		assert_int_equal(minis__quality_group(MQ_REGULAR), 1);                             \
		assert_int_equal(minis__quality_group(MQ_INEXPERIENCED), 1);                       \
		assert_int_equal(minis__hidden_mod(TAB, 1), 1);                                    \
		assert_int_equal(minis__ambush_mod(TAB, 1), -4);                                   \
	})                                                                                         \
	T(qr_setup_29_militia_0_minus_5, {                                                         \
		assert_int_equal(minis__quality_group(MQ_MILITIA), 2);                             \
		assert_int_equal(minis__hidden_mod(TAB, 2), 0);                                    \
		assert_int_equal(minis__ambush_mod(TAB, 2), -5);                                   \
	})                                                                                         \
	T(qr_setup_39_dummies_elite_veteran_minus_1,                                               \
	  assert_int_equal(minis__dummy_mod(TAB, 0), -1);)                                         \
	T(qr_setup_40_dummies_regular_inexperienced_minus_2,                                       \
	  assert_int_equal(minis__dummy_mod(TAB, 1), -2);)                                         \
	T(qr_setup_41_dummies_militia_minus_3, assert_int_equal(minis__dummy_mod(TAB, 2), -3);)    \
	T(qr_air_5_score_1_undershoot, assert_int_equal(minis__air_hit(1), 1);)                    \
	T(qr_air_6_score_2_overshoot, assert_int_equal(minis__air_hit(2), 2);)                     \
	T(qr_air_7_score_3_hit, {                                                                  \
		for (int s = 3; s <= 8; s++)                                                       \
			assert_int_equal(minis__air_hit(s), 3);                                    \
	})                                                                                         \
	T(qr_air_8_cannon_plus_1, {                                                                \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GINF", 110, 40, 180);                                                \
		assert_int_equal(air_hit_mod(&t, "GINF", 1, 0), 1);                                \
		assert_int_equal(air_hit_mod(&t, "GINF", 0, 0), 0);                                \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_air_9_each_aa_hit_minus_1, {                                                          \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GINF", 110, 40, 180);                                                \
		assert_int_equal(air_hit_mod(&t, "GINF", 0, 2), -2);                               \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_air_10_target_in_cover_minus_1, {                                                     \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GINF", 20, 45, 180);                                                 \
		assert_int_equal(air_hit_mod(&t, "GINF", 0, 0), -1);                               \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_air_11_small_vehicle_or_at_gun_minus_1, {                                             \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GPAK", 110, 40, 180);                                                \
		assert_int_equal(air_hit_mod(&t, "GPAK", 0, 0), -1);                               \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_air_16_cannon_1939_42_5_4, {                                                          \
		assert_int_equal(minis__air_factor(1, 1941, 1), 5);                                \
		assert_int_equal(minis__air_factor(1, 1941, 0), 4);                                \
	})                                                                                         \
	T(qr_air_17_cannon_1943_45_6_4, {                                                          \
		assert_int_equal(minis__air_factor(1, 1944, 1), 6);                                \
		assert_int_equal(minis__air_factor(1, 1944, 0), 4);                                \
	})                                                                                         \
	T(qr_air_18_rockets_bombs_9_6, {                                                           \
		assert_int_equal(minis__air_factor(0, 1944, 1), 9);                                \
		assert_int_equal(minis__air_factor(0, 1940, 0), 6);                                \
	})                                                                                         \
	T(qr_air_19_buildings_or_dug_in_minus_2, {                                                 \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GINF", 42.5, 42.5, 180);                                             \
		assert_int_equal(air_effect_mod(&t, "GINF"), -2);                                  \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_air_20_strongpoint_minus_3, {                                                         \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GINF", 61, 41, 180);                                                 \
		assert_int_equal(air_effect_mod(&t, "GINF"), -3);                                  \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_air_22_page2_a_5, assert_int_equal(minis__armour_side_p2(TAB, 0, "Tiger2"), 5);)      \
	T(qr_air_23_page2_b_4_panther_2, {                                                         \
		assert_int_equal(minis__armour_side_p2(TAB, 1, "Tiger1"), 4);                      \
		assert_int_equal(minis__armour_side_p2(TAB, 1, "Panther"), 2);                     \
	})                                                                                         \
	T(qr_air_24_page2_c_3, assert_int_equal(minis__armour_side_p2(TAB, 2, "KV1"), 3);)         \
	T(qr_air_25_page2_d_2, assert_int_equal(minis__armour_side_p2(TAB, 3, "Sherman"), 2);)     \
	T(qr_air_26_page2_e_1, assert_int_equal(minis__armour_side_p2(TAB, 4, "PzIV"), 1);)        \
	T(qr_air_27_page2_f_1, assert_int_equal(minis__armour_side_p2(TAB, 5, "Stuart"), 1);)      \
	T(qr_air_28_page2_g_0, assert_int_equal(minis__armour_side_p2(TAB, 6, "M18"), 0);)         \
	T(qr_air_29_page2_h_0, assert_int_equal(minis__armour_side_p2(TAB, 7, "MkVIB"), 0);)       \
	T(qr_air_30_one_armour_table_side_equals_page2, {                                          \
		for (int c = 0; c < 8; c++)                                                        \
			assert_int_equal(minis__armour(TAB, c, "x", 1),                            \
			                 minis__armour_side_p2(TAB, c, "x"));                      \
		assert_int_equal(minis__armour(TAB, 1, "Panther", 1),                              \
		                 minis__armour_side_p2(TAB, 1, "Panther"));                        \
	})                                                                                         \
	T(qr_air_31_6_or_less_no_effect, {                                                         \
		for (int s = -3; s <= 6; s++)                                                      \
			row_is(s, MT_NONE, MT_NONE);                                               \
	})                                                                                         \
	T(qr_air_32_7_pinned_no_effect, row_is(7, MT_PINNED, MT_NONE);)                            \
	T(qr_air_33_8_pinned_suppression, row_is(8, MT_PINNED, MT_PINNED);)                        \
	T(qr_air_34_9_retreat_retreat, row_is(9, MT_RETREAT, MT_RETREAT);)                         \
	T(qr_air_35_10_retreat_damaged, row_is(10, MT_RETREAT, MT_DAMAGED);)                       \
	T(qr_air_36_11_retreat_or_disperse_damaged_or_destroyed, {                                 \
		const struct minis_result_row *r = minis__air_row(11);                             \
		row_is(11, MT_RETREAT, MT_DAMAGED);                                                \
		assert_int_equal(r->inf_alt, MT_DISPERSE);                                         \
		assert_int_equal(r->afv_alt, MT_DESTROYED);                                        \
	})                                                                                         \
	T(qr_air_37_12_disperse_destroyed, {                                                       \
		row_is(12, MT_DISPERSE, MT_DESTROYED);                                             \
		row_is(15, MT_DISPERSE, MT_DESTROYED);                                             \
	})                                                                                         \
	T(qr_aa_4_mmg_hmg_0, {                                                                     \
		assert_int_equal(TAB->weapons[minis__weapon_find(TAB, "mmg")].aa, 1);              \
		assert_int_equal(TAB->weapons[minis__weapon_find(TAB, "hmg")].aa, 1);              \
		assert_int_equal(TAB->weapons[minis__weapon_find(TAB, "lmg")].aa, 0);              \
	})                                                                                         \
	T(qr_aa_5_single_twin_plus_2, {                                                            \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GFLAK", 110, 50, 180);                                               \
		t.g->intr = MI_AA, t.g->intr_side = MT_GERMAN, t.g->phase = MP_ORDERS;             \
		t.g->acting = MT_BRIT, t.g->turn = 1, t.g->air.side = MT_BRIT;                     \
		t.g->air.x = 11000, t.g->air.y = 4000, t.g->air.target = -1;                       \
		mt_dice(&t, 1, 1, 0);                                                              \
		mt_ok(&t, MT_GERMAN, "fire GFLAK air");                                            \
		assert_int_equal((int)mt_num(&t, "anti-aircraft", "modifier"), 2 - 4);             \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_aa_6_triple_quad_plus_4, {                                                            \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GQUAD", 110, 50, 180);                                               \
		t.g->intr = MI_AA, t.g->intr_side = MT_GERMAN, t.g->phase = MP_ORDERS;             \
		t.g->acting = MT_BRIT, t.g->turn = 1, t.g->air.side = MT_BRIT;                     \
		t.g->air.x = 11000, t.g->air.y = 4000, t.g->air.target = -1;                       \
		mt_dice(&t, 1, 1, 0);                                                              \
		mt_ok(&t, MT_GERMAN, "fire GQUAD air");                                            \
		assert_int_equal((int)mt_num(&t, "anti-aircraft", "modifier"), 4 - 4);             \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_aa_7_stuka_minus_3, {                                                                 \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		((struct minis_scenario *)t.sc)->sides[MT_BRIT].aircraft.stuka = 1;                \
		mt_place(&t, "GHMG", 110, 50, 180);                                                \
		t.g->intr = MI_AA, t.g->intr_side = MT_GERMAN, t.g->phase = MP_ORDERS;             \
		t.g->acting = MT_BRIT, t.g->turn = 1, t.g->air.side = MT_BRIT;                     \
		t.g->air.x = 11000, t.g->air.y = 4000, t.g->air.target = -1;                       \
		mt_dice(&t, 1, 1, 0);                                                              \
		mt_ok(&t, MT_GERMAN, "fire GHMG air");                                             \
		assert_int_equal((int)mt_num(&t, "anti-aircraft", "modifier"), -3);                \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_aa_8_other_ground_attack_minus_4, {                                                   \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GHMG", 110, 50, 180);                                                \
		t.g->intr = MI_AA, t.g->intr_side = MT_GERMAN, t.g->phase = MP_ORDERS;             \
		t.g->acting = MT_BRIT, t.g->turn = 1, t.g->air.side = MT_BRIT;                     \
		t.g->air.x = 11000, t.g->air.y = 4000, t.g->air.target = -1;                       \
		mt_dice(&t, 1, 1, 0);                                                              \
		mt_ok(&t, MT_GERMAN, "fire GHMG air");                                             \
		assert_int_equal((int)mt_num(&t, "anti-aircraft", "modifier"), -4);                \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_aa_9_6_or_less_no_effect, {                                                           \
		for (int s = -4; s <= 6; s++)                                                      \
			assert_int_equal(minis__aa_result(s), 0);                                  \
	})                                                                                         \
	T(qr_aa_10_7_8_suppressed_test, {                                                          \
		assert_int_equal(minis__aa_result(7), 1);                                          \
		assert_int_equal(minis__aa_result(8), 1);                                          \
	})                                                                                         \
	T(qr_aa_11_9_11_retreat_test, {                                                            \
		for (int s = 9; s <= 11; s++)                                                      \
			assert_int_equal(minis__aa_result(s), 2);                                  \
	})                                                                                         \
	T(qr_aa_12_12_disperse_test, {                                                             \
		assert_int_equal(minis__aa_result(12), 3);                                         \
		assert_int_equal(minis__aa_result(16), 3);                                         \
	})                                                                                         \
	T(qr_cmd_4_german_hq_1939_44_plus_2, {                                                     \
		assert_int_equal(minis__hq_mod(TAB, MN_GERMAN, 1939), 2);                          \
		assert_int_equal(minis__hq_mod(TAB, MN_GERMAN, 1944), 2);                          \
	})                                                                                         \
	T(qr_cmd_5_german_hq_1945_plus_1,                                                          \
	  assert_int_equal(minis__hq_mod(TAB, MN_GERMAN, 1945), 1);)                               \
	T(qr_cmd_6_british_us_1941_45_plus_1, {                                                    \
		assert_int_equal(minis__hq_mod(TAB, MN_BRITISH, 1941), 1);                         \
		assert_int_equal(minis__hq_mod(TAB, MN_US, 1945), 1);                              \
	})                                                                                         \
	T(qr_cmd_7_russian_1943_45_plus_1, {                                                       \
		assert_int_equal(minis__hq_mod(TAB, MN_RUSSIAN, 1943), 1);                         \
		assert_int_equal(minis__hq_mod(TAB, MN_RUSSIAN, 1945), 1);                         \
	})                                                                                         \
	T(qr_cmd_8_all_others_0, {                                                                 \
		assert_int_equal(minis__hq_mod(TAB, MN_BRITISH, 1940), 0);                         \
		assert_int_equal(minis__hq_mod(TAB, MN_US, 1940), 0);                              \
		assert_int_equal(minis__hq_mod(TAB, MN_RUSSIAN, 1942), 0);                         \
		assert_int_equal(minis__hq_mod(TAB, MN_OTHER, 1944), 0);                           \
		assert_int_equal(minis__hq_mod(TAB, MN_AXIS, 1942), 0);                            \
	})                                                                                         \
	T(qr_cmd_9_battalion_hq_0, {                                                               \
		struct mt t;                                                                       \
		mt_open(&t, "data:qr-village.json", "");                                           \
		mt_dice(&t, 3, 3, 0);                                                              \
		minis__command_phase(t.g, &t.dice, &t.ev);                                         \
		assert_int_equal(t.g->u[mt_u(&t, "GB1")].score, 3 + 1);                            \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_cmd_10_hq_pinned_or_dispersed_minus_1, {                                              \
		struct mt t;                                                                       \
		mt_open(&t, "data:qr-village.json", "");                                           \
		t.g->u[mt_u(&t, "GB1")].flags |= MU_PINNED;                                        \
		t.g->u[mt_u(&t, "DE1")].status = MS_DISPERSED;                                     \
		mt_dice(&t, 3, 3, 0);                                                              \
		minis__command_phase(t.g, &t.dice, &t.ev);                                         \
		assert_int_equal(t.g->u[mt_u(&t, "GB1")].score, 3 + 1 - 1);                        \
		assert_int_equal(t.g->u[mt_u(&t, "DE1")].score, 3 + 2 - 1);                        \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_cmd_16_group_with_command_unit_1,                                                     \
	  assert_int_equal(minis__order_cost(GK_STANDARD, 1, 3), 1);)                              \
	T(qr_cmd_17_group_without_command_unit_2,                                                  \
	  assert_int_equal(minis__order_cost(GK_STANDARD, 0, 3), 2);)                              \
	T(qr_cmd_18_single_unit_1, {                                                               \
		assert_int_equal(minis__order_cost(GK_SINGLE, 0, 1), 1);                           \
		assert_int_equal(minis__order_cost(GK_STANDARD, 0, 1), 1);                         \
	})                                                                                         \
	T(qr_cmd_19_armoured_assault_1,                                                            \
	  assert_int_equal(minis__order_cost(GK_ARM_ASSAULT, 0, 6), 1);)                           \
	T(qr_cmd_20_infantry_assault_1,                                                            \
	  assert_int_equal(minis__order_cost(GK_INF_ASSAULT, 0, 6), 1);)                           \
	T(qr_cmd_21_road_convoy_1, assert_int_equal(minis__order_cost(GK_CONVOY, 0, 12), 1);)      \
	T(qr_cmd_22_request_costs_1, {                                                             \
		struct mt t;                                                                       \
		mt_open(&t, "data:qr-village.json", "");                                           \
		mt_clear(&t);                                                                      \
		mt_place(&t, "GB2", 30, 10, 0);                                                    \
		mt_place(&t, "GB1", 36, 2, 0);                                                     \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		t.g->u[mt_u(&t, "GB1")].orders = 3;                                                \
		t.g->fire_missions[MT_BRIT] = 1;                                                   \
		mt_dice(&t, 1, 0);                                                                 \
		mt_ok(&t, MT_BRIT, "call artillery 30 20");                                        \
		assert_int_equal(t.g->u[mt_u(&t, "GB1")].orders, 2);                               \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_cmd_23_over_24_surcharge_plus_1, {                                                    \
		struct mt t;                                                                       \
		int cost;                                                                          \
		uint64_t g2;                                                                       \
		mt_open(&t, "data:qr-village.json", "");                                           \
		g2 = (uint64_t)1 << mt_u(&t, "GB9");                                               \
		mt_place(&t, "GB1", 44, 2, 0);                                                     \
		mt_place(&t, "GB9", 44, 2 + 0.5 + 24 + 1.25, 0);                                   \
		minis__order_cost_of(t.g, mt_u(&t, "GB1"), g2, GK_SINGLE, &cost, &t.err);          \
		assert_int_equal(cost, 1);                                                         \
		mt_place(&t, "GB9", 44, 2 + 0.5 + 24.01 + 1.25, 0);                                \
		minis__order_cost_of(t.g, mt_u(&t, "GB1"), g2, GK_SINGLE, &cost, &t.err);          \
		assert_int_equal(cost, 2);                                                         \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_cmd_27_artillery_german_british_us_3_plus, {                                          \
		assert_int_equal(minis__request_need(TAB, MN_GERMAN, 1944, 0), 3);                 \
		assert_int_equal(minis__request_need(TAB, MN_BRITISH, 1940, 0), 3);                \
		assert_int_equal(minis__request_need(TAB, MN_US, 1944, 0), 3);                     \
	})                                                                                         \
	T(qr_cmd_28_artillery_russian_german45_others_4_plus, {                                    \
		assert_int_equal(minis__request_need(TAB, MN_RUSSIAN, 1944, 0), 4);                \
		assert_int_equal(minis__request_need(TAB, MN_GERMAN, 1945, 0), 4);                 \
		assert_int_equal(minis__request_need(TAB, MN_OTHER, 1944, 0), 4);                  \
	})                                                                                         \
	T(qr_cmd_29_air_german_british_us_4_plus, {                                                \
		assert_int_equal(minis__request_need(TAB, MN_GERMAN, 1939, 1), 4);                 \
		assert_int_equal(minis__request_need(TAB, MN_BRITISH, 1944, 1), 4);                \
	})                                                                                         \
	T(qr_cmd_30_air_russian_german45_others_5_plus, {                                          \
		assert_int_equal(minis__request_need(TAB, MN_RUSSIAN, 1944, 1), 5);                \
		assert_int_equal(minis__request_need(TAB, MN_AXIS, 1942, 1), 5);                   \
	})                                                                                         \
	T(qr_cmd_32_standard_german_british_us_5, {                                                \
		assert_int_equal(minis__group_max(TAB, MN_GERMAN, GK_STANDARD), 5);                \
		assert_int_equal(minis__group_max(TAB, MN_BRITISH, GK_STANDARD), 5);               \
		assert_int_equal(minis__group_max(TAB, MN_US, GK_STANDARD), 5);                    \
	})                                                                                         \
	T(qr_cmd_33_standard_russian_axis_4, {                                                     \
		assert_int_equal(minis__group_max(TAB, MN_RUSSIAN, GK_STANDARD), 4);               \
		assert_int_equal(minis__group_max(TAB, MN_AXIS, GK_STANDARD), 4);                  \
	})                                                                                         \
	T(qr_cmd_34_early_french_polish_4,                                                         \
	  assert_int_equal(minis__group_max(TAB, MN_EARLY, GK_STANDARD), 4);)                      \
	T(qr_cmd_35_infantry_assault_8,                                                            \
	  assert_int_equal(minis__group_max(TAB, MN_RUSSIAN, GK_INF_ASSAULT), 8);)                 \
	T(qr_cmd_36_armoured_assault_8,                                                            \
	  assert_int_equal(minis__group_max(TAB, MN_GERMAN, GK_ARM_ASSAULT), 8);)                  \
	T(qr_cmd_37_road_convoy_unlimited,                                                         \
	  assert_int_equal(minis__group_max(TAB, MN_US, GK_CONVOY), -1);)                          \
	T(qr_turn_12_length_victory_zones_are_scenario_data, {                                     \
		struct mt t;                                                                       \
		mt_open(&t, "data:qr-village.json", "");                                           \
		assert_int_equal(t.g->sc->turns, 8);                                               \
		assert_int_equal(t.g->sc->victory.side, MT_BRIT);                                  \
		assert_int_equal(t.g->sc->sides[MT_GERMAN].zone.y0, 3000);                         \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_move_3_infantry_2d6_road_2, {                                                         \
		assert_int_equal(minis__move_base(MM_INFANTRY, 0), 0);                             \
		assert_int_equal(minis__move_base(MM_INFANTRY, 1), 2);                             \
	})                                                                                         \
	T(qr_move_4_slow_2d6_road_4, {                                                             \
		assert_int_equal(minis__move_base(MM_SLOW, 0), 0);                                 \
		assert_int_equal(minis__move_base(MM_SLOW, 1), 4);                                 \
	})                                                                                         \
	T(qr_move_5_medium_4_road_10, {                                                            \
		assert_int_equal(minis__move_base(MM_MEDIUM, 0), 4);                               \
		assert_int_equal(minis__move_base(MM_MEDIUM, 1), 10);                              \
	})                                                                                         \
	T(qr_move_6_fast_6_road_16, {                                                              \
		assert_int_equal(minis__move_base(MM_FAST, 0), 6);                                 \
		assert_int_equal(minis__move_base(MM_FAST, 1), 16);                                \
	})                                                                                         \
	T(qr_move_7_wheeled_4_road_16, {                                                           \
		assert_int_equal(minis__move_base(MM_WHEELED, 0), 4);                              \
		assert_int_equal(minis__move_base(MM_WHEELED, 1), 16);                             \
	})                                                                                         \
	T(qr_move_8_cavalry_2_road_6, {                                                            \
		assert_int_equal(minis__move_base(MM_CAVALRY, 0), 2);                              \
		assert_int_equal(minis__move_base(MM_CAVALRY, 1), 6);                              \
	})                                                                                         \
	T(qr_move_9_infantry_assault_plus_1, {                                                     \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "BRIF", 110, 20, 0);                                                  \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		mt_group(&t, 3, 4, "BRIF", NULL);                                                  \
		t.g->act.kind = GK_INF_ASSAULT;                                                    \
		assert_int_equal(minis__group_allowance(t.g, mt_u(&t, "BRIF"), 0), 800);           \
		assert_int_equal(minis__group_allowance(t.g, mt_u(&t, "BRIF"), 1), 800);           \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_move_10_armoured_assault_plus_2, {                                                    \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "BSHER", 110, 20, 0);                                                 \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		mt_group(&t, 3, 4, "BSHER", NULL);                                                 \
		t.g->act.kind = GK_ARM_ASSAULT;                                                    \
		assert_int_equal(minis__group_allowance(t.g, mt_u(&t, "BSHER"), 0), 1300);         \
		assert_int_equal(minis__group_allowance(t.g, mt_u(&t, "BSHER"), 1), 1300);         \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_move_13_movement_class_is_unit_data, {                                                \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		assert_int_equal(minis__def(t.g, mt_u(&t, "GTIGER"))->move, MM_SLOW);              \
		assert_int_equal(minis__def(t.g, mt_u(&t, "BSTU"))->move, MM_FAST);                \
		assert_int_equal(minis__def(t.g, mt_u(&t, "BLORRY"))->move, MM_WHEELED);           \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_move_15_difficult_half_speed, {                                                       \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "BRIF", 20, 45, 0);                                                   \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		mt_group(&t, 3, 3, "BRIF", NULL);                                                  \
		mt_ok(&t, MT_BRIT, "move BRIF 20 42");                                             \
		assert_int_equal((int)(mt_num(&t, "moved", "cost") + 0.5), 6);                     \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_move_16_hazardous_bogged_down_check, {                                                \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "BSHER", 65, 16, 0);                                                  \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		mt_group(&t, 5, 5, "BSHER", NULL);                                                 \
		mt_dice(&t, 6, 0);                                                                 \
		mt_ok(&t, MT_BRIT, "move BSHER 65 23");                                            \
		assert_true(mt_event(&t, "bog-test", "OK"));                                       \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_move_17_reversing_half_allowance, {                                                   \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "BSHER", 110, 30, 0);                                                 \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		mt_group(&t, 3, 3, "BSHER", NULL);                                                 \
		mt_ok(&t, MT_BRIT, "move BSHER 110 27 0");                                         \
		assert_int_equal((int)(mt_num(&t, "moved", "cost") + 0.5), 6);                     \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_move_18_limber_up_to_82mm_half_over_82_turn, {                                        \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "BTOW", 100, 20, 0);                                                  \
		mt_place(&t, "BHOW", 110, 20, 0);                                                  \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		mt_group(&t, 4, 4, "BTOW", "BHOW", NULL);                                          \
		mt_ok(&t, MT_BRIT, "move BTOW limber");                                            \
		assert_int_equal(t.g->u[mt_u(&t, "BTOW")].used, 600);                              \
		mt_ok(&t, MT_BRIT, "move BHOW limber");                                            \
		assert_true(t.g->u[mt_u(&t, "BHOW")].flags &MU_SPENT);                             \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_move_19_manhandled_half_infantry_82mm_wheels, {                                       \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GPAK", 110, 50, 180);                                                \
		mt_phase(&t, MP_ORDERS, MT_GERMAN);                                                \
		mt_group(&t, 4, 4, "GPAK", NULL);                                                  \
		assert_int_equal(minis__group_allowance(t.g, mt_u(&t, "GPAK"), 0), 400);           \
		((struct minis_scenario *)t.sc)->units[mt_u(&t, "GPAK")].calibre = 88;             \
		assert_int_equal(minis__group_allowance(t.g, mt_u(&t, "GPAK"), 0), -1);            \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_move_20_barbed_wire_pinned_test_half_cost, {                                          \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "BRIF", 20, 27, 0);                                                   \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		mt_group(&t, 4, 4, "BRIF", NULL);                                                  \
		mt_dice(&t, 5, 0);                                                                 \
		mt_ok(&t, MT_BRIT, "move BRIF 20 31");                                             \
		assert_int_equal((int)(mt_num(&t, "moved", "cost") + 0.5), 4 + 4);                 \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_move_27_bogged_1_bogged_2_6_ok, {                                                     \
		assert_true(minis__bog(1, 0, 0));                                                  \
		for (int d = 2; d <= 6; d++)                                                       \
			assert_false(minis__bog(d, 0, 0));                                         \
	})                                                                                         \
	T(qr_move_28_wheeled_minus_1_marsh_minus_2, {                                              \
		assert_true(minis__bog(2, 1, 0));                                                  \
		assert_false(minis__bog(3, 1, 0));                                                 \
		assert_true(minis__bog(3, 0, 1));                                                  \
		assert_false(minis__bog(4, 0, 1));                                                 \
		assert_true(minis__bog(4, 1, 1));                                                  \
		assert_false(minis__bog(5, 1, 1));                                                 \
	})                                                                                         \
	T(qr_recon_4_over_16_minus_2, {                                                            \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		assert_int_equal(minis__recon_dist_mod(2), -2);                                    \
		assert_int_equal(recon_mod(&t, 42.5, 40 - 20 - 0.5, "HOUSE"), -2);                 \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_recon_5_9_16_zero, {                                                                  \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		assert_int_equal(minis__recon_dist_mod(1), 0);                                     \
		assert_int_equal(recon_mod(&t, 42.5, 40 - 12 - 0.5, "HOUSE"), 0);                  \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_recon_6_8_or_less_plus_1, {                                                           \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		assert_int_equal(minis__recon_dist_mod(0), 1);                                     \
		assert_int_equal(recon_mod(&t, 42.5, 40 - 8 - 0.5, "HOUSE"), 1);                   \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_recon_7_high_ground_plus_1, {                                                         \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		assert_int_equal(recon_mod(&t, 90, 36, "110,36"), 0 + 1);                          \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_recon_8_within_4_of_enemy_minus_2, {                                                  \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GINF", 114, 20, 180);                                                \
		assert_int_equal(recon_mod(&t, 110, 20, "110,30"), 1 - 2);                         \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_recon_9_bunker_cellar_minus_3, {                                                      \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		assert_int_equal(recon_mod(&t, 61, 40 - 8 - 0.5, "BUNK"), 1 - 3);                  \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_recon_11_1_6_poor, {                                                                  \
		for (int s = -3; s <= 6; s++)                                                      \
			assert_int_equal(minis__recon_result(s), 0);                               \
	})                                                                                         \
	T(qr_recon_12_7_armour_spotted, assert_int_equal(minis__recon_result(7), 1);)              \
	T(qr_recon_13_8_11_enemy_spotted, {                                                        \
		for (int s = 8; s <= 11; s++)                                                      \
			assert_int_equal(minis__recon_result(s), 2);                               \
	})                                                                                         \
	T(qr_recon_14_12_accurate_spotting, {                                                      \
		assert_int_equal(minis__recon_result(12), 3);                                      \
		assert_int_equal(minis__recon_result(14), 3);                                      \
	})                                                                                         \
	T(qr_recon_15_double_six_all_spotted, {                                                    \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GINF", 42.5, 42, 180);                                               \
		mt_place(&t, "GVET", 43, 43.5, 180);                                               \
		t.g->u[mt_u(&t, "GINF")].flags |= MU_HIDDEN;                                       \
		t.g->u[mt_u(&t, "GVET")].flags |= MU_AMBUSH;                                       \
		mt_place(&t, "BRIF", 42.5, 40 - 10 - 0.5, 0);                                      \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		mt_group(&t, 3, 3, "BRIF", NULL);                                                  \
		mt_dice(&t, 6, 6, 0);                                                              \
		mt_ok(&t, MT_BRIT, "recon BRIF HOUSE");                                            \
		assert_true(mt_event(&t, "revealed", "GINF"));                                     \
		assert_true(mt_event(&t, "revealed", "GVET"));                                     \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_range_1_smgs, range_is(MR_SMG, 400, 800, -1, 600, 1200, -1);)                         \
	T(qr_range_2_rifles_lmgs_vehicle_mgs, range_is(MR_RIFLE, 400, 1200, -1, 600, 1800, -1);)   \
	T(qr_range_3_mmg_hmg, range_is(MR_MMG, 400, 1600, 2000, 600, 2400, 3000);)                 \
	T(qr_range_4_light_mortar, range_is(MR_LMORTAR, 400, 1200, -1, 600, 1800, -1);)            \
	T(qr_range_5_at_rifles, range_is(MR_ATRIFLE, -1, 800, -1, -1, 1200, -1);)                  \
	T(qr_range_6_panzerfaust, range_is(MR_PZFAUST, -1, 400, -1, -1, 600, -1);)                 \
	T(qr_range_7_small_low_velocity,                                                           \
	  range_is(MR_GUN_SMALL, 800, 1600, 3000, 1200, 2400, 4500);)                              \
	T(qr_range_8_standard, range_is(MR_GUN_STD, 800, 2200, 3600, 1200, 3300, 5400);)           \
	T(qr_range_9_high_velocity, range_is(MR_GUN_HV, 800, 2200, 4200, 1200, 3300, 6300);)       \
	T(qr_range_10_mark_gives_range_class, {                                                    \
		assert_int_equal(TAB->weapons[minis__weapon_find(TAB, "g37")].range,               \
		                 MR_GUN_SMALL);                                                    \
		assert_int_equal(TAB->weapons[minis__weapon_find(TAB, "g75")].range, MR_GUN_STD);  \
		assert_int_equal(TAB->weapons[minis__weapon_find(TAB, "g17pdr")].range,            \
		                 MR_GUN_HV);                                                       \
		assert_int_equal(TAB->weapons[minis__weapon_find(TAB, "mmg")].range, MR_MMG);      \
	})                                                                                         \
	T(qr_fire_3_elite_regular_militia, {                                                       \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		duel(&t, MT_BRIT, "BELITE", "GINF", 10);                                           \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BELITE", "GINF", "quality"), 1);           \
		duel(&t, MT_BRIT, "BMIL", "GINF", 10);                                             \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BMIL", "GINF", "quality"), -1);            \
		duel(&t, MT_BRIT, "BRIF", "GINF", 10);                                             \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BRIF", "GINF", "quality"), 0);             \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_fire_4_pinned_minus_3, {                                                              \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		duel(&t, MT_BRIT, "BRIF", "GINF", 1.5);                                            \
		t.g->u[mt_u(&t, "BRIF")].flags |= MU_PINNED;                                       \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BRIF", "GINF", "pinned"), -3);             \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_fire_5_damaged_afv_minus_1, {                                                         \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		duel(&t, MT_BRIT, "BSHER", "GINF", 10);                                            \
		t.g->u[mt_u(&t, "BSHER")].flags |= MU_DAMAGED;                                     \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BSHER", "GINF", "damaged"), -1);           \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_fire_6_supported_plus_1_per_unit, {                                                   \
		struct mt t;                                                                       \
		struct minis_shot s;                                                               \
		open_table(&t, "");                                                                \
		duel(&t, MT_BRIT, "BRIF", "GINF", 6);                                              \
		mt_place(&t, "BRIF2", 108, 20, 0);                                                 \
		mt_group(&t, 3, 3, "BRIF", "BRIF2", NULL);                                         \
		memset(&s, 0, sizeof(s));                                                          \
		s.firer = mt_u(&t, "BRIF"), s.target = mt_u(&t, "GINF"), s.weapon = -1;            \
		s.supporters[0] = mt_u(&t, "BRIF2"), s.nsup = 1;                                   \
		assert_int_equal(minis__shot_check(t.g, MT_BRIT, &s, &t.err), 0);                  \
		for (int k = 0; k < s.nmods; k++)                                                  \
			if (strncmp(s.why[k], "supported", 9) == 0)                                \
				assert_int_equal(s.mods[k], 1);                                    \
		assert_int_equal(s.total, 1 + 0);                                                  \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_fire_7_close_plus_2, {                                                                \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		duel(&t, MT_BRIT, "BRIF", "GINF", 4);                                              \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BRIF", "GINF", "close"), 2);               \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_fire_8_effective_0, {                                                                 \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		duel(&t, MT_BRIT, "BRIF", "GINF", 4.01);                                           \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BRIF", "GINF", "close"), 0);               \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BRIF", "GINF", "long"), 0);                \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_fire_9_long_minus_2_or_3, {                                                           \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		duel(&t, MT_BRIT, "BSHER", "GTIGER", 30);                                          \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BSHER", "GTIGER", "long"), -2);            \
		duel(&t, MT_BRIT, "BT34", "GTIGER", 30);                                           \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BT34", "GTIGER", "long"), -3);             \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_fire_10_cover_minus_1, {                                                              \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GINF", 29.5, 47, 270);                                               \
		mt_place(&t, "BRIF", 40.5, 47, 270);                                               \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		mt_group(&t, 3, 3, "BRIF", NULL);                                                  \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BRIF", "GINF", "cover"), -1);              \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_fire_11_hard_cover_minus_2, {                                                         \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GINF", 42.5, 40.5, 180);                                             \
		mt_place(&t, "BRIF", 42.5, 29.5, 0);                                               \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		mt_group(&t, 3, 3, "BRIF", NULL);                                                  \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BRIF", "GINF", "hard cover"), -2);         \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_fire_12_strongpoint_minus_3, {                                                        \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GINF", 61, 41, 180);                                                 \
		mt_place(&t, "BRIF", 61, 40 - 8 - 0.5, 0);                                         \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		mt_group(&t, 3, 3, "BRIF", NULL);                                                  \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BRIF", "GINF", "strongpoint"), -3);        \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_fire_13_human_wave_cavalry_crowded_plus_1, {                                          \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		duel(&t, MT_BRIT, "BRIF", "GINF", 10);                                             \
		((struct minis_scenario *)t.sc)->units[mt_u(&t, "GINF")].flags |=                  \
		    MINIS_F_HUMAN_WAVE;                                                            \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BRIF", "GINF", "human wave"), 1);          \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_fire_14_difficult_targets_minus_1, {                                                  \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		duel(&t, MT_BRIT, "BSHER", "GPAK", 10);                                            \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BSHER", "GPAK", "difficult"), -1);         \
		/* QR-FIRE-23: an infantry target at 16.00" or more is difficult */                \
		duel(&t, MT_BRIT, "BMMG", "GINF", 16);                                             \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BMMG", "GINF", "difficult"), -1);          \
		duel(&t, MT_BRIT, "BMMG", "GINF", 15.99);                                          \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BMMG", "GINF", "difficult"), 0);           \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_fire_15_second_printing_applied_once, {                                               \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		duel(&t, MT_BRIT, "BRIF", "GINF", 10);                                             \
		((struct minis_scenario *)t.sc)->units[mt_u(&t, "GINF")].flags |=                  \
		    MINIS_F_HUMAN_WAVE;                                                            \
		mt_place(&t, "GVET", 108.5, 31, 180);                                              \
		mt_place(&t, "GMIL", 111.5, 31, 180);                                              \
		assert_int_equal(shot_mod(&t, MT_BRIT, "BRIF", "GINF", "human wave"), 1);          \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_fire_30_6_or_less_no_effect, row_is(6, MT_NONE, MT_NONE);)                            \
	T(qr_fire_31_7_pinned_no_effect, row_is(7, MT_PINNED, MT_NONE);)                           \
	T(qr_fire_32_8_pinned_suppression, row_is(8, MT_PINNED, MT_PINNED);)                       \
	T(qr_fire_33_9_retreat_retreat, row_is(9, MT_RETREAT, MT_RETREAT);)                        \
	T(qr_fire_34_10_retreat_damaged, row_is(10, MT_RETREAT, MT_DAMAGED);)                      \
	T(qr_fire_35_11_split, {                                                                   \
		const struct minis_result_row *r = minis__fire_row(11);                            \
		assert_int_equal(r->inf, MT_RETREAT);                                              \
		assert_int_equal(r->inf_alt, MT_DISPERSE);                                         \
		assert_int_equal(r->afv, MT_DAMAGED);                                              \
		assert_int_equal(r->afv_alt, MT_DESTROYED);                                        \
	})                                                                                         \
	T(qr_fire_36_12_disperse_destroyed, row_is(12, MT_DISPERSE, MT_DESTROYED);)                \
	T(qr_armour_2_a_8_5, {                                                                     \
		assert_int_equal(minis__armour(TAB, 0, "Tiger2", 0), 8);                           \
		assert_int_equal(minis__armour(TAB, 0, "Jagdtiger", 1), 5);                        \
	})                                                                                         \
	T(qr_armour_3_b_7_4, {                                                                     \
		assert_int_equal(minis__armour(TAB, 1, "Tiger1", 0), 7);                           \
		assert_int_equal(minis__armour(TAB, 1, "IS2", 1), 4);                              \
	})                                                                                         \
	T(qr_armour_4_c_5_3, {                                                                     \
		assert_int_equal(minis__armour(TAB, 2, "Matilda", 0), 5);                          \
		assert_int_equal(minis__armour(TAB, 2, "T34-85", 1), 3);                           \
	})                                                                                         \
	T(qr_armour_5_d_4_2, {                                                                     \
		assert_int_equal(minis__armour(TAB, 3, "Sherman", 0), 4);                          \
		assert_int_equal(minis__armour(TAB, 3, "StuG", 1), 2);                             \
	})                                                                                         \
	T(qr_armour_6_e_3_1, {                                                                     \
		assert_int_equal(minis__armour(TAB, 4, "PzIV", 0), 3);                             \
		assert_int_equal(minis__armour(TAB, 4, "M10", 1), 1);                              \
	})                                                                                         \
	T(qr_armour_7_f_2_1, {                                                                     \
		assert_int_equal(minis__armour(TAB, 5, "Stuart", 0), 2);                           \
		assert_int_equal(minis__armour(TAB, 5, "PzIII", 1), 1);                            \
	})                                                                                         \
	T(qr_armour_8_g_1_0, {                                                                     \
		assert_int_equal(minis__armour(TAB, 6, "PzII", 0), 1);                             \
		assert_int_equal(minis__armour(TAB, 6, "M18", 1), 0);                              \
	})                                                                                         \
	T(qr_armour_9_h_0_0, {                                                                     \
		assert_int_equal(minis__armour(TAB, 7, "PzI", 0), 0);                              \
		assert_int_equal(minis__armour(TAB, 7, "HalfTrack", 1), 0);                        \
	})                                                                                         \
	T(qr_armour_10_panther_7_2, {                                                              \
		assert_int_equal(minis__armour(TAB, 1, "Panther", 0), 7);                          \
		assert_int_equal(minis__armour(TAB, 1, "Panther G", 1), 2);                        \
	})                                                                                         \
	T(qr_armour_11_kv1_6_3, {                                                                  \
		assert_int_equal(minis__armour(TAB, 2, "KV1", 0), 6);                              \
		assert_int_equal(minis__armour(TAB, 2, "KV1", 1), 3);                              \
	})                                                                                         \
	T(qr_armour_12_weight_classes, {                                                           \
		assert_int_equal(minis__weight(TAB, 0), 2),                                        \
		    assert_int_equal(minis__weight(TAB, 1), 2);                                    \
		for (int c = 2; c <= 5; c++)                                                       \
			assert_int_equal(minis__weight(TAB, c), 1);                                \
		assert_int_equal(minis__weight(TAB, 6), 0),                                        \
		    assert_int_equal(minis__weight(TAB, 7), 0);                                    \
	})                                                                                         \
	T(qr_armour_13_one_category_per_afv, {                                                     \
		struct rules_error err;                                                            \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		for (int u = 0; u < t.g->sc->nunits; u++)                                          \
			if (minis__def(t.g, u)->kind == MK_AFV)                                    \
				assert_true(minis__def(t.g, u)->armour >= 0 &&                     \
				            minis__def(t.g, u)->armour <= 7);                      \
		mt_close(&t);                                                                      \
		(void)err;                                                                         \
	})                                                                                         \
	T(qr_armour_14_open_top_is_a_flag, {                                                       \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		assert_true(minis__def(t.g, mt_u(&t, "GHT"))->flags &MINIS_F_OPEN_TOP);            \
		assert_int_equal(                                                                  \
		    minis__armour(TAB, minis__def(t.g, mt_u(&t, "GHT"))->armour, "x", 0), 0);      \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_weapon_1_20mm, assert_int_equal(weapon_at("g20"), 1),                                 \
	  assert_int_equal(weapon_ai("g20"), 1);)                                                  \
	T(qr_weapon_2_37mm, assert_int_equal(weapon_at("g37"), 2),                                 \
	  assert_int_equal(weapon_ai("g37"), 1);)                                                  \
	T(qr_weapon_3_45_47_2pdr, assert_int_equal(weapon_at("g45"), 3),                           \
	  assert_int_equal(weapon_ai("g45"), 1);)                                                  \
	T(qr_weapon_4_50mm_l42, assert_int_equal(weapon_at("g50s"), 3),                            \
	  assert_int_equal(weapon_ai("g50s"), 1);)                                                 \
	T(qr_weapon_5_50mm_l60, assert_int_equal(weapon_at("g50l"), 4),                            \
	  assert_int_equal(weapon_ai("g50l"), 1);)                                                 \
	T(qr_weapon_6_57mm_6pdr, assert_int_equal(weapon_at("g57"), 4),                            \
	  assert_int_equal(weapon_ai("g57"), 1);)                                                  \
	T(qr_weapon_7_75mm_l24, assert_int_equal(weapon_at("g75s"), 3),                            \
	  assert_int_equal(weapon_ai("g75s"), 2);)                                                 \
	T(qr_weapon_8_early_us_75_russian_76, assert_int_equal(weapon_at("g75e"), 4),              \
	  assert_int_equal(weapon_ai("g75e"), 2);)                                                 \
	T(qr_weapon_9_us_75_russian_76, assert_int_equal(weapon_at("g75"), 5),                     \
	  assert_int_equal(weapon_ai("g75"), 2);)                                                  \
	T(qr_weapon_10_l43_48_us_76, assert_int_equal(weapon_at("g75l"), 6),                       \
	  assert_int_equal(weapon_ai("g75l"), 2);)                                                 \
	T(qr_weapon_11_75mm_l70, assert_int_equal(weapon_at("g75hv"), 8),                          \
	  assert_int_equal(weapon_ai("g75hv"), 2);)                                                \
	T(qr_weapon_12_17pdr, assert_int_equal(weapon_at("g17pdr"), 8),                            \
	  assert_int_equal(weapon_ai("g17pdr"), 2);)                                               \
	T(qr_weapon_13_85mm_russian, assert_int_equal(weapon_at("g85"), 7),                        \
	  assert_int_equal(weapon_ai("g85"), 2);)                                                  \
	T(qr_weapon_14_88mm_l56, assert_int_equal(weapon_at("g88"), 8),                            \
	  assert_int_equal(weapon_ai("g88"), 3);)                                                  \
	T(qr_weapon_15_88mm_l71, assert_int_equal(weapon_at("g88hv"), 10),                         \
	  assert_int_equal(weapon_ai("g88hv"), 3);)                                                \
	T(qr_weapon_16_90mm_us, assert_int_equal(weapon_at("g90"), 8),                             \
	  assert_int_equal(weapon_ai("g90"), 3);)                                                  \
	T(qr_weapon_17_100mm_russian, assert_int_equal(weapon_at("g100"), 8),                      \
	  assert_int_equal(weapon_ai("g100"), 3);)                                                 \
	T(qr_weapon_18_122mm_long, assert_int_equal(weapon_at("g122"), 9),                         \
	  assert_int_equal(weapon_ai("g122"), 4);)                                                 \
	T(qr_weapon_19_rifles_smgs, {                                                              \
		assert_int_equal(weapon_at("rifles"), -2),                                         \
		    assert_int_equal(weapon_ai("rifles"), 0);                                      \
		assert_int_equal(weapon_at("smg"), -2), assert_int_equal(weapon_ai("smg"), 0);     \
		assert_true(TAB->weapons[minis__weapon_find(TAB, "rifles")].flags &MW_BRACKETED);  \
	})                                                                                         \
	T(qr_weapon_20_lmgs_vehicle_mgs, {                                                         \
		assert_int_equal(weapon_at("lmg"), -2), assert_int_equal(weapon_ai("lmg"), 1);     \
		assert_int_equal(weapon_at("vmg"), -2), assert_int_equal(weapon_ai("vmg"), 1);     \
	})                                                                                         \
	T(qr_weapon_21_mmg, assert_int_equal(weapon_at("mmg"), -2),                                \
	  assert_int_equal(weapon_ai("mmg"), 2);)                                                  \
	T(qr_weapon_22_hmgs, assert_int_equal(weapon_at("hmg"), 0),                                \
	  assert_int_equal(weapon_ai("hmg"), 2);)                                                  \
	T(qr_weapon_23_light_mortar, assert_int_equal(weapon_at("lmortar"), -2),                   \
	  assert_int_equal(weapon_ai("lmortar"), 0);)                                              \
	T(qr_weapon_24_at_rifles, assert_int_equal(weapon_at("atrifle"), 0),                       \
	  assert_int_equal(weapon_ai("atrifle"), 0);)                                              \
	T(qr_weapon_25_single_twin_autocannon, assert_int_equal(weapon_at("autocannon"), 1),       \
	  assert_int_equal(weapon_ai("autocannon"), 2);)                                           \
	T(qr_weapon_26_triple_quad_autocannon, assert_int_equal(weapon_at("autocannon_quad"), 3),  \
	  assert_int_equal(weapon_ai("autocannon_quad"), 4);)                                      \
	T(qr_weapon_27_panzerfaust, assert_int_equal(weapon_at("pzfaust"), 5),                     \
	  assert_int_equal(weapon_ai("pzfaust"), 0);)                                              \
	T(qr_weapon_28_he_75_85, assert_int_equal(weapon_at("he75"), 2),                           \
	  assert_int_equal(weapon_ai("he75"), 2);)                                                 \
	T(qr_weapon_29_he_88_100, assert_int_equal(weapon_at("he88"), 2),                          \
	  assert_int_equal(weapon_ai("he88"), 3);)                                                 \
	T(qr_weapon_30_he_105_139, assert_int_equal(weapon_at("he105"), 3),                        \
	  assert_int_equal(weapon_ai("he105"), 4);)                                                \
	T(qr_weapon_31_he_150, assert_int_equal(weapon_at("he150"), 4),                            \
	  assert_int_equal(weapon_ai("he150"), 5);)                                                \
	T(qr_weapon_32_heat_95, assert_int_equal(weapon_at("heat95"), 4),                          \
	  assert_int_equal(weapon_ai("heat95"), 3);)                                               \
	T(qr_weapon_33_heat_105, assert_int_equal(weapon_at("heat105"), 4),                        \
	  assert_int_equal(weapon_ai("heat105"), 4);)                                              \
	T(qr_weapon_34_heat_122, assert_int_equal(weapon_at("heat122"), 5),                        \
	  assert_int_equal(weapon_ai("heat122"), 4);)                                              \
	T(qr_weapon_35_heat_150_152, assert_int_equal(weapon_at("heat150"), 7),                    \
	  assert_int_equal(weapon_ai("heat150"), 5);)                                              \
	T(qr_weapon_38_autocannon_plus_1_plus_3_are_numbers, {                                     \
		assert_int_equal(weapon_at("autocannon"), 1);                                      \
		assert_int_equal(weapon_at("autocannon_quad"), 3);                                 \
	})                                                                                         \
	T(qr_weapon_39_one_row_per_weapon_mark_gives_class, {                                      \
		for (int k = 0; k < TAB->nweapons; k++)                                            \
			assert_true(TAB->weapons[k].range < MR_COUNT);                             \
		assert_int_equal(TAB->weapons[minis__weapon_find(TAB, "heat95")].range,            \
		                 MR_GUN_SMALL);                                                    \
	})                                                                                         \
	T(qr_morale_2_pinned_column, column_is(MT_PINNED, P, P, P, O, O, O);)                      \
	T(qr_morale_3_retreat_column, column_is(MT_RETREAT, MO_DISP_OR_DAMR, R, R, R, P, O);)      \
	T(qr_morale_4_disperse_column, column_is(MT_DISPERSE, DI, DI, DI, DI, DI, R);)             \
	T(qr_morale_5_damaged_column, column_is(MT_DAMAGED, X, DR, DR, DR, R, MO_SUPPRESSED);)     \
	T(qr_morale_6_destroyed_column, column_is(MT_DESTROYED, X, X, X, X, X, DR);)               \
	T(qr_morale_7_command_and_elite_plus_1, {                                                  \
		assert_int_equal(minis__morale_quality_mod(TAB, MQ_ELITE), 1);                     \
		for (int q = MQ_VETERAN; q < MQ_COUNT; q++)                                        \
			assert_int_equal(minis__morale_quality_mod(TAB, q), 0);                    \
	})                                                                                         \
	T(qr_morale_14_retreat_distances, {                                                        \
		assert_int_equal(MD_RETREAT_INF.base, 600),                                        \
		    assert_int_equal(MD_RETREAT_INF.alt, 900);                                     \
		assert_int_equal(MD_RETREAT_VEH.base, 1000),                                       \
		    assert_int_equal(MD_RETREAT_VEH.alt, 1500);                                    \
	})                                                                                         \
	T(qr_rally_2_0_or_less_surrender, {                                                        \
		for (int s = -3; s <= 0; s++)                                                      \
			assert_int_equal(minis__rally_result(s), 0);                               \
	})                                                                                         \
	T(qr_rally_3_1_3_fail, {                                                                   \
		for (int s = 1; s <= 3; s++)                                                       \
			assert_int_equal(minis__rally_result(s), 1);                               \
	})                                                                                         \
	T(qr_rally_4_4_6_rally, {                                                                  \
		for (int s = 4; s <= 6; s++)                                                       \
			assert_int_equal(minis__rally_result(s), 2);                               \
	})                                                                                         \
	T(qr_rally_6_command_unit_plus_1, {                                                        \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		((struct minis_scenario *)t.sc)->units[mt_u(&t, "GCMD")].quality = MQ_REGULAR;     \
		assert_int_equal(rally_mod(&t, "GCMD", NULL, 0), 1);                               \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_rally_7_elite_veteran_plus_1_not_command, {                                           \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		assert_int_equal(rally_mod(&t, "GVET", NULL, 0), 1);                               \
		mt_close(&t);                                                                      \
		open_table(&t, "");                                                                \
		assert_int_equal(rally_mod(&t, "GCMD", NULL, 0),                                   \
		                 1); /* Veteran command: +1 once */                                \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_rally_8_regular_0, {                                                                  \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		assert_int_equal(rally_mod(&t, "GINF", NULL, 0), 0);                               \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_rally_9_militia_inexperienced_minus_1, {                                              \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		assert_int_equal(rally_mod(&t, "GMIL", NULL, 0), -1);                              \
		mt_close(&t);                                                                      \
		open_table(&t, "");                                                                \
		assert_int_equal(rally_mod(&t, "GINF2", NULL, 0), -1);                             \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_rally_10_base_to_base_with_command_plus_1, {                                          \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		assert_int_equal(rally_mod(&t, "GINF", "GCMD", 0), 1);                             \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_rally_11_not_to_command_nor_from_pinned, {                                            \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		assert_int_equal(rally_mod(&t, "GINF", "GCMD", 1), 0);                             \
		mt_close(&t);                                                                      \
		open_table(&t, "");                                                                \
		((struct minis_scenario *)t.sc)->units[mt_u(&t, "GCMD")].quality = MQ_REGULAR;     \
		assert_int_equal(rally_mod(&t, "GCMD", "GHQ", 0), 1);                              \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_flame_2_5_or_less_miss_out_of_ammo, {                                                 \
		for (int s = -2; s <= 5; s++)                                                      \
			assert_int_equal(minis__flame_result(s), 0);                               \
	})                                                                                         \
	T(qr_flame_3_6_7_retreat_test, {                                                           \
		assert_int_equal(minis__flame_result(6), 1);                                       \
		assert_int_equal(minis__flame_result(7), 1);                                       \
	})                                                                                         \
	T(qr_flame_4_8_plus_disperse_destroyed_test, {                                             \
		assert_int_equal(minis__flame_result(8), 2);                                       \
		assert_int_equal(minis__flame_result(13), 2);                                      \
	})                                                                                         \
	T(qr_acq_1_infantry_24_16, {                                                               \
		assert_int_equal(minis__acq(0, 0).base, 2400),                                     \
		    assert_int_equal(minis__acq(0, 0).alt, 3600);                                  \
		assert_int_equal(minis__acq(0, 1).base, 1600),                                     \
		    assert_int_equal(minis__acq(0, 1).alt, 2400);                                  \
	})                                                                                         \
	T(qr_acq_2_at_gun_small_vehicle_32_24, {                                                   \
		assert_int_equal(minis__acq(1, 0).base, 3200),                                     \
		    assert_int_equal(minis__acq(1, 0).alt, 4800);                                  \
		assert_int_equal(minis__acq(1, 1).base, 2400),                                     \
		    assert_int_equal(minis__acq(1, 1).alt, 3600);                                  \
	})                                                                                         \
	T(qr_acq_3_afv_or_other_50_32, {                                                           \
		assert_int_equal(minis__acq(2, 0).base, 5000),                                     \
		    assert_int_equal(minis__acq(2, 0).alt, 7500);                                  \
		assert_int_equal(minis__acq(2, 1).base, 3200),                                     \
		    assert_int_equal(minis__acq(2, 1).alt, 4800);                                  \
	})                                                                                         \
	T(qr_acq_4_high_ground_open_plus_4, {                                                      \
		assert_int_equal(minis__acq_high().base, 400);                                     \
		assert_int_equal(minis__acq_high().alt, 600);                                      \
	})                                                                                         \
	T(qr_dsix_2_hq_command_disperse_test, {                                                    \
		struct mt t;                                                                       \
		struct minis_cause c = {{0, 0}, 0, 0, "t"};                                        \
		open_table(&t, "");                                                                \
		mt_place(&t, "GCMD", 110, 30, 180);                                                \
		mt_dice(&t, 6, 0);                                                                 \
		minis__test(t.g, &t.dice, mt_u(&t, "GCMD"), MT_NONE, 1, &c, &t.ev);                \
		assert_string_equal(mt_str(&t, "morale", "test"), "disperse");                     \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_dsix_3_infantry_disperse_test, {                                                      \
		struct mt t;                                                                       \
		struct minis_cause c = {{0, 0}, 0, 0, "t"};                                        \
		open_table(&t, "");                                                                \
		mt_place(&t, "GINF", 110, 30, 180);                                                \
		mt_dice(&t, 6, 0);                                                                 \
		minis__test(t.g, &t.dice, mt_u(&t, "GINF"), MT_PINNED, 1, &c, &t.ev);              \
		assert_string_equal(mt_str(&t, "morale", "test"), "disperse");                     \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_dsix_4_soft_skin_destroyed, {                                                         \
		struct mt t;                                                                       \
		struct minis_cause c = {{0, 0}, 0, 0, "t"};                                        \
		open_table(&t, "");                                                                \
		mt_place(&t, "GLORRY", 110, 30, 180);                                              \
		minis__test(t.g, &t.dice, mt_u(&t, "GLORRY"), MT_NONE, 1, &c, &t.ev);              \
		assert_int_equal(t.g->u[mt_u(&t, "GLORRY")].status, MS_DESTROYED);                 \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_dsix_5_light_afv_destroyed, {                                                         \
		struct mt t;                                                                       \
		struct minis_cause c = {{0, 0}, 0, 0, "t"};                                        \
		open_table(&t, "");                                                                \
		mt_place(&t, "GHT", 110, 30, 180);                                                 \
		minis__test(t.g, &t.dice, mt_u(&t, "GHT"), MT_NONE, 1, &c, &t.ev);                 \
		assert_int_equal(t.g->u[mt_u(&t, "GHT")].status, MS_DESTROYED);                    \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_dsix_6_medium_heavy_damaged_retreat_mg_retreat, {                                     \
		struct mt t;                                                                       \
		struct minis_cause c = {{11000, 1000}, 0, 0, "t"};                                 \
		open_table(&t, "");                                                                \
		mt_place(&t, "GTIGER", 110, 30, 180);                                              \
		minis__test(t.g, &t.dice, mt_u(&t, "GTIGER"), MT_NONE, 1, &c, &t.ev);              \
		assert_true(t.g->u[mt_u(&t, "GTIGER")].flags &MU_DAMAGED);                         \
		c.mg = 1;                                                                          \
		mt_place(&t, "GPZIV", 100, 30, 180);                                               \
		minis__test(t.g, &t.dice, mt_u(&t, "GPZIV"), MT_NONE, 1, &c, &t.ev);               \
		assert_false(t.g->u[mt_u(&t, "GPZIV")].flags &MU_DAMAGED);                         \
		assert_true(mt_event(&t, "retreat", "GPZIV"));                                     \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_dsix_7_artillery_destroyed, {                                                         \
		struct mt t;                                                                       \
		struct minis_cause c = {{0, 0}, 0, 0, "t"};                                        \
		open_table(&t, "");                                                                \
		mt_place(&t, "GPAK", 110, 30, 180);                                                \
		minis__test(t.g, &t.dice, mt_u(&t, "GPAK"), MT_NONE, 1, &c, &t.ev);                \
		assert_int_equal(t.g->u[mt_u(&t, "GPAK")].status, MS_DESTROYED);                   \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_dsix_8_aircraft_shot_down, {                                                          \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GHMG", 110, 50, 180);                                                \
		t.g->intr = MI_AA, t.g->intr_side = MT_GERMAN, t.g->phase = MP_ORDERS;             \
		t.g->acting = MT_BRIT, t.g->turn = 1, t.g->air.side = MT_BRIT;                     \
		t.g->air.x = 11000, t.g->air.y = 4000, t.g->air.target = -1;                       \
		mt_dice(&t, 6, 6, 0);                                                              \
		mt_ok(&t, MT_GERMAN, "fire GHMG air");                                             \
		assert_string_equal(mt_str(&t, "anti-aircraft", "effect"), "shot down");           \
		assert_int_equal(t.g->intr, MI_NONE);                                              \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_dsix_9_in_close_assault, {                                                            \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		touch(&t, "BRIF", "GINF", 180);                                                    \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		mt_group(&t, 3, 3, "BRIF", NULL);                                                  \
		mt_dice(&t, 6, 6, 1, 1, 0);                                                        \
		mt_ok(&t, MT_BRIT, "assault BRIF GINF");                                           \
		assert_int_equal(t.g->u[mt_u(&t, "GINF")].status, MS_DISPERSED);                   \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_dsix_10_strongpoints_75mm_he, {                                                       \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "BFOO", 61, 30, 0);                                                   \
		mt_place(&t, "BHQ", 100, 5, 0);                                                    \
		mt_place(&t, "GINF", 61, 41, 180);                                                 \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		t.g->fire_missions[MT_BRIT] = 1;                                                   \
		t.g->u[mt_u(&t, "BHQ")].orders = 2;                                                \
		mt_dice(&t, 3, 6, 6, 6, 6, 0);                                                     \
		mt_ok(&t, MT_BRIT, "call artillery 61 41");                                        \
		assert_true(mt_event(&t, "strongpoint-destroyed", NULL));                          \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_assault_3_command_unit_3, {                                                           \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		touch(&t, "BCMD", "GINF", 180);                                                    \
		assault(&t, "BCMD", "GINF", NULL);                                                 \
		assert_int_equal(assault_factor(&t, "attacker"), 3);                               \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_assault_4_infantry_unit_2, {                                                          \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		touch(&t, "BRIF", "GINF", 180);                                                    \
		assault(&t, "BRIF", "GINF", NULL);                                                 \
		assert_int_equal(assault_factor(&t, "attacker"), 2);                               \
		assert_int_equal(assault_factor(&t, "defender"), 2);                               \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_assault_5_smg_vs_infantry_4, {                                                        \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		((struct minis_scenario *)t.sc)->units[mt_u(&t, "BRIF")].flags |= MINIS_F_SMG;     \
		touch(&t, "BRIF", "GINF", 180);                                                    \
		assault(&t, "BRIF", "GINF", NULL);                                                 \
		assert_int_equal(assault_factor(&t, "attacker"), 4);                               \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_assault_6_assault_engineers_5, {                                                      \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		((struct minis_scenario *)t.sc)->units[mt_u(&t, "BRIF")].flags |=                  \
		    MINIS_F_ENGINEERS;                                                             \
		touch(&t, "BRIF", "GINF", 180);                                                    \
		assault(&t, "BRIF", "GINF", NULL);                                                 \
		assert_int_equal(assault_factor(&t, "attacker"), 5);                               \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_assault_7_crewed_weapons_1, {                                                         \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		touch(&t, "BRIF", "GHMG", 180);                                                    \
		assault(&t, "BRIF", "GHMG", NULL);                                                 \
		assert_int_equal(assault_factor(&t, "defender"), 1);                               \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_assault_8_heavy_6_4, {                                                                \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		touch(&t, "BRIF", "GTIGER", 180);                                                  \
		assault(&t, "BRIF", "GTIGER", NULL);                                               \
		assert_int_equal(assault_factor(&t, "defender"), 6);                               \
		mt_close(&t);                                                                      \
		assert_int_equal(minis__assault_factor(5, 1), 4);                                  \
	})                                                                                         \
	T(qr_assault_9_medium_5_3, {                                                               \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		touch(&t, "BRIF", "GPZIV", 180);                                                   \
		assault(&t, "BRIF", "GPZIV", NULL);                                                \
		assert_int_equal(assault_factor(&t, "defender"), 5);                               \
		mt_close(&t);                                                                      \
		assert_int_equal(minis__assault_factor(6, 1), 3);                                  \
	})                                                                                         \
	T(qr_assault_10_light_4_2, {                                                               \
		assert_int_equal(minis__assault_factor(7, 0), 4);                                  \
		assert_int_equal(minis__assault_factor(7, 1), 2);                                  \
	})                                                                                         \
	T(qr_assault_11_open_top_4_2, {                                                            \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		touch(&t, "BRIF", "GHT", 180);                                                     \
		assault(&t, "BRIF", "GHT", NULL);                                                  \
		assert_int_equal(assault_factor(&t, "defender"), 4);                               \
		mt_close(&t);                                                                      \
		assert_int_equal(minis__assault_factor(8, 1), 2);                                  \
	})                                                                                         \
	T(qr_assault_12_soft_skin_2_0, {                                                           \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		touch(&t, "BRIF", "GLORRY", 180);                                                  \
		assault(&t, "BRIF", "GLORRY", NULL);                                               \
		assert_int_equal(assault_factor(&t, "defender"), 0); /* no MGs: the lower */       \
		mt_close(&t);                                                                      \
		assert_int_equal(minis__assault_factor(9, 0), 2);                                  \
	})                                                                                         \
	T(qr_assault_13_lower_factor_conditions, {                                                 \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		touch(&t, "BRIF", "GPZIV", 0); /* attacked from its rear */                        \
		assault(&t, "BRIF", "GPZIV", NULL);                                                \
		assert_int_equal(assault_factor(&t, "defender"), 3);                               \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_assault_17_each_supporting_unit_plus_1, {                                             \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		touch(&t, "BRIF", "GINF", 180);                                                    \
		mt_place(&t, "BRIF2", 111.5, 39 - 0.5, 0);                                         \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		mt_group(&t, 3, 3, "BRIF", "BRIF2", NULL);                                         \
		mt_dice(&t, 1, 1, 1, 1, 0);                                                        \
		mt_ok(&t, MT_BRIT, "assault BRIF GINF");                                           \
		assert_int_equal(assault_mod(&t, "attacker"), 1);                                  \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_assault_18_half_elite_plus_1, {                                                       \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		touch(&t, "BELITE", "GINF", 180);                                                  \
		assault(&t, "BELITE", "GINF", NULL);                                               \
		assert_int_equal(assault_mod(&t, "attacker"), 1);                                  \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_assault_19_half_militia_minus_1, {                                                    \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		touch(&t, "BRIF", "GMIL", 180);                                                    \
		assault(&t, "BRIF", "GMIL", NULL);                                                 \
		assert_int_equal(assault_mod(&t, "defender"), -1);                                 \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_assault_20_lead_damaged_afv_minus_1, {                                                \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		touch(&t, "BRIF", "GPZIV", 180);                                                   \
		t.g->u[mt_u(&t, "GPZIV")].flags |= MU_DAMAGED;                                     \
		assault(&t, "BRIF", "GPZIV", NULL);                                                \
		assert_int_equal(assault_mod(&t, "defender"), -1);                                 \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_assault_21_pinned_minus_2, {                                                          \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		touch(&t, "BRIF", "GINF", 180);                                                    \
		t.g->u[mt_u(&t, "GINF")].flags |= MU_PINNED;                                       \
		assault(&t, "BRIF", "GINF", NULL);                                                 \
		assert_int_equal(assault_mod(&t, "defender"), -2);                                 \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_assault_22_defending_building_plus_1_strongpoint_plus_2, {                            \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "GINF", 42.5, 40.5, 180);                                             \
		mt_place(&t, "BRIF", 42.5, 39.5, 0);                                               \
		assault(&t, "BRIF", "GINF", NULL);                                                 \
		assert_int_equal(assault_mod(&t, "defender"), 1);                                  \
		mt_close(&t);                                                                      \
		open_table(&t, "");                                                                \
		mt_place(&t, "GINF", 61, 40.5, 180);                                               \
		mt_place(&t, "BRIF", 61, 39.5, 0);                                                 \
		assault(&t, "BRIF", "GINF", NULL);                                                 \
		assert_int_equal(assault_mod(&t, "defender"), 2);                                  \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_assault_23_at_weapons_vs_afvs_plus_2, {                                               \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "BSHER", 110, 30, 0);                                                 \
		mt_place(&t, "GPZF", 110, 30 + 1.25 + 0.5, 180);                                   \
		mt_phase(&t, MP_ORDERS, MT_GERMAN);                                                \
		mt_group(&t, 3, 3, "GPZF", NULL);                                                  \
		mt_dice(&t, 1, 1, 1, 1, 0);                                                        \
		mt_ok(&t, MT_GERMAN, "assault GPZF BSHER");                                        \
		assert_int_equal(assault_mod(&t, "attacker"), 2);                                  \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_assault_24_lead_flame_thrower_plus_3, {                                               \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		touch(&t, "BFLAME", "GINF", 180);                                                  \
		assault(&t, "BFLAME", "GINF", NULL);                                               \
		assert_int_equal(assault_mod(&t, "attacker"), 3);                                  \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_assault_25_human_wave_plus_2, {                                                       \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		((struct minis_scenario *)t.sc)->units[mt_u(&t, "BRIF")].flags |=                  \
		    MINIS_F_HUMAN_WAVE;                                                            \
		touch(&t, "BRIF", "GINF", 180);                                                    \
		assault(&t, "BRIF", "GINF", NULL);                                                 \
		assert_int_equal(assault_mod(&t, "attacker"), 2);                                  \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_assault_31_difference_0_stubborn, assert_int_equal(minis__assault_result(0), 0);)     \
	T(qr_assault_32_difference_1_2_retreat, {                                                  \
		assert_int_equal(minis__assault_result(1), 1);                                     \
		assert_int_equal(minis__assault_result(-2), 1);                                    \
	})                                                                                         \
	T(qr_assault_33_difference_3_4_overrun, {                                                  \
		assert_int_equal(minis__assault_result(3), 2);                                     \
		assert_int_equal(minis__assault_result(4), 2);                                     \
	})                                                                                         \
	T(qr_assault_34_difference_5_7_routed, {                                                   \
		for (int d = 5; d <= 7; d++)                                                       \
			assert_int_equal(minis__assault_result(d), 3);                             \
	})                                                                                         \
	T(qr_assault_35_difference_8_dispersed, {                                                  \
		assert_int_equal(minis__assault_result(8), 4);                                     \
		assert_int_equal(minis__assault_result(-12), 4);                                   \
	})                                                                                         \
	T(qr_assault_36_all_fight_on_or_all_retreat, {                                             \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		touch(&t, "BRIF", "GINF", 180);                                                    \
		mt_place(&t, "BRIF2", 111.5, 39.5 - 0.5, 0);                                       \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		mt_group(&t, 3, 3, "BRIF", "BRIF2", NULL);                                         \
		mt_dice(&t, 1, 1, 2, 1, 0);                                                        \
		mt_ok(&t, MT_BRIT, "assault BRIF GINF");                                           \
		assert_int_equal(t.g->intr, MI_STUBBORN);                                          \
		mt_ok(&t, MT_BRIT, "stubborn retreat");                                            \
		assert_true(mt_event(&t, "retreat", "BRIF "));                                     \
		assert_true(mt_event(&t, "retreat", "BRIF2"));                                     \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_arty_3_die_1_right, assert_int_equal(minis__arty_accuracy(1), 1);)                    \
	T(qr_arty_4_die_2_left, assert_int_equal(minis__arty_accuracy(2), 2);)                     \
	T(qr_arty_5_die_3_undershoot, assert_int_equal(minis__arty_accuracy(3), 3);)               \
	T(qr_arty_6_die_4_overshoot, assert_int_equal(minis__arty_accuracy(4), 4);)                \
	T(qr_arty_7_die_5_6_hit_7_hit, {                                                           \
		for (int s = 5; s <= 8; s++)                                                       \
			assert_int_equal(minis__arty_accuracy(s), 5);                              \
	})                                                                                         \
	T(qr_arty_8_same_area_missed_plus_1, {                                                     \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "BFOO", 110, 20, 0);                                                  \
		mt_place(&t, "BHQ", 100, 5, 0);                                                    \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		t.g->fire_missions[MT_BRIT] = 2;                                                   \
		t.g->u[mt_u(&t, "BHQ")].orders = 3;                                                \
		mt_dice(&t, 3, 4, 1, 0);                                                           \
		mt_ok(&t, MT_BRIT, "call artillery 110 40");                                       \
		t.g->turn++;                                                                       \
		mt_dice(&t, 3, 4, 0);                                                              \
		mt_ok(&t, MT_BRIT, "call artillery 110 44");                                       \
		assert_int_equal((int)mt_num(&t, "artillery", "modifier"), 1);                     \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_arty_9_same_area_on_target_plus_2, {                                                  \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "BFOO", 110, 20, 0);                                                  \
		mt_place(&t, "BHQ", 100, 5, 0);                                                    \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		t.g->fire_missions[MT_BRIT] = 2;                                                   \
		t.g->u[mt_u(&t, "BHQ")].orders = 3;                                                \
		mt_dice(&t, 3, 5, 0);                                                              \
		mt_ok(&t, MT_BRIT, "call artillery 110 40");                                       \
		t.g->turn++;                                                                       \
		mt_dice(&t, 3, 5, 0);                                                              \
		mt_ok(&t, MT_BRIT, "call artillery 110 41");                                       \
		assert_int_equal((int)mt_num(&t, "artillery", "modifier"), 2);                     \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_arty_10_opening_bombardment_plus_1, {                                                 \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		((struct minis_scenario *)t.sc)->opening_bombardment = 1;                          \
		mt_place(&t, "BFOO", 110, 20, 0);                                                  \
		mt_place(&t, "BHQ", 100, 5, 0);                                                    \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		t.g->fire_missions[MT_BRIT] = 2;                                                   \
		t.g->u[mt_u(&t, "BHQ")].orders = 3;                                                \
		mt_dice(&t, 3, 5, 0);                                                              \
		mt_ok(&t, MT_BRIT, "call artillery 110 40");                                       \
		assert_int_equal((int)mt_num(&t, "artillery", "modifier"), 1);                     \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_arty_11_rockets_no_same_area_bonus, {                                                 \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		((struct minis_scenario *)t.sc)->sides[MT_BRIT].battery.rocket = 1;                \
		mt_place(&t, "BFOO", 110, 20, 0);                                                  \
		mt_place(&t, "BHQ", 100, 5, 0);                                                    \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		t.g->fire_missions[MT_BRIT] = 2;                                                   \
		t.g->u[mt_u(&t, "BHQ")].orders = 3;                                                \
		mt_dice(&t, 3, 5, 0);                                                              \
		mt_ok(&t, MT_BRIT, "call artillery 110 40");                                       \
		t.g->turn++;                                                                       \
		mt_dice(&t, 3, 5, 0);                                                              \
		mt_ok(&t, MT_BRIT, "call artillery 110 41");                                       \
		assert_int_equal((int)mt_num(&t, "artillery", "modifier"), 0);                     \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_arty_13_on_board_2_plus_1d6, {                                                        \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "BMORT", 110, 20, 0);                                                 \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		mt_group(&t, 3, 3, "BMORT", NULL);                                                 \
		mt_dice(&t, 4, 3, 0);                                                              \
		mt_ok(&t, MT_BRIT, "fire BMORT 110 35");                                           \
		assert_int_equal((int)(mt_num(&t, "artillery", "y") * 100 + 0.5), 3500 + 500);     \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_arty_14_off_board_4_plus_1d6, {                                                       \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		mt_place(&t, "BFOO", 110, 20, 0);                                                  \
		mt_place(&t, "BHQ", 100, 5, 0);                                                    \
		mt_phase(&t, MP_ORDERS, MT_BRIT);                                                  \
		t.g->fire_missions[MT_BRIT] = 1;                                                   \
		t.g->u[mt_u(&t, "BHQ")].orders = 3;                                                \
		mt_dice(&t, 3, 4, 3, 0);                                                           \
		mt_ok(&t, MT_BRIT, "call artillery 110 35");                                       \
		assert_int_equal((int)(mt_num(&t, "artillery", "y") * 100 + 0.5), 3500 + 700);     \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_arty_16_battery_1_2x2, {                                                              \
		struct minis_dist d, w;                                                            \
		minis__zone(1, 0, &d, &w);                                                         \
		assert_int_equal(d.base, 200), assert_int_equal(w.base, 200);                      \
		assert_int_equal(d.alt, 300), assert_int_equal(w.alt, 300);                        \
	})                                                                                         \
	T(qr_arty_17_battery_2_2x4, {                                                              \
		struct minis_dist d, w;                                                            \
		minis__zone(2, 0, &d, &w);                                                         \
		assert_int_equal(d.base, 200), assert_int_equal(w.base, 400);                      \
		assert_int_equal(d.alt, 300), assert_int_equal(w.alt, 600);                        \
	})                                                                                         \
	T(qr_arty_18_battery_3_3x4, {                                                              \
		struct minis_dist d, w;                                                            \
		minis__zone(3, 0, &d, &w);                                                         \
		assert_int_equal(d.base, 300), assert_int_equal(w.base, 400);                      \
		assert_int_equal(d.alt, 450), assert_int_equal(w.alt, 600);                        \
	})                                                                                         \
	T(qr_arty_19_battery_4_plus_4x4, {                                                         \
		struct minis_dist d, w;                                                            \
		minis__zone(4, 0, &d, &w);                                                         \
		assert_int_equal(d.base, 400), assert_int_equal(w.base, 400);                      \
		minis__zone(12, 0, &d, &w);                                                        \
		assert_int_equal(d.alt, 600), assert_int_equal(w.alt, 600);                        \
	})                                                                                         \
	T(qr_arty_20_light_mortars_engineers_2x1, {                                                \
		struct minis_dist d, w;                                                            \
		minis__zone(1, 1, &d, &w);                                                         \
		assert_int_equal(d.base, 200), assert_int_equal(w.base, 100);                      \
		assert_int_equal(d.alt, 300), assert_int_equal(w.alt, 200);                        \
	})                                                                                         \
	T(qr_he_2_medium_mortars_plus_1, assert_int_equal(minis__he_factor(1), 1);)                \
	T(qr_he_3_75_85_plus_2, assert_int_equal(minis__he_factor(2), 2);)                         \
	T(qr_he_4_88_100_heavy_mortars_plus_3, assert_int_equal(minis__he_factor(3), 3);)          \
	T(qr_he_5_105_139_plus_4, assert_int_equal(minis__he_factor(4), 4);)                       \
	T(qr_he_6_150_plus_5, assert_int_equal(minis__he_factor(5), 5);)                           \
	T(qr_he_7_hard_cover_minus_2, {                                                            \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		assert_int_equal(he_mod(&t, "GINF", 42.5, 40.5), -2);                              \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_he_8_light_or_open_top_afv_minus_2, {                                                 \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		assert_int_equal(he_mod(&t, "GHT", 110, 40), -2);                                  \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_he_9_strongpoint_heavy_medium_minus_3_cat_a_minus_4, {                                \
		struct mt t;                                                                       \
		open_table(&t, "");                                                                \
		assert_int_equal(he_mod(&t, "GPZIV", 110, 40), -3);                                \
		mt_close(&t);                                                                      \
		open_table(&t, "");                                                                \
		assert_int_equal(he_mod(&t, "GTIG2", 110, 40), -4);                                \
		mt_close(&t);                                                                      \
		open_table(&t, "");                                                                \
		assert_int_equal(he_mod(&t, "GINF", 61, 41), -3);                                  \
		mt_close(&t);                                                                      \
	})                                                                                         \
	T(qr_he_13_6_or_less_no_effect, {                                                          \
		for (int s = -5; s <= 6; s++)                                                      \
			assert_int_equal(minis__he_result(s), 0);                                  \
	})                                                                                         \
	T(qr_he_14_7_8_pinned_suppression, {                                                       \
		assert_int_equal(minis__he_result(7), 1);                                          \
		assert_int_equal(minis__he_result(8), 1);                                          \
	})                                                                                         \
	T(qr_he_15_9_11_retreat, {                                                                 \
		for (int s = 9; s <= 11; s++)                                                      \
			assert_int_equal(minis__he_result(s), 2);                                  \
	})                                                                                         \
	T(qr_he_16_12_disperse_or_damaged, {                                                       \
		assert_int_equal(minis__he_result(12), 3);                                         \
		assert_int_equal(minis__he_result(17), 3);                                         \
	})

#define DEFINE(name, ...)                                                                          \
	static void test_##name(void **state)                                                      \
	{                                                                                          \
		(void)state;                                                                       \
		__VA_ARGS__                                                                        \
	}
TESTS(DEFINE)
#define REGISTER(name, ...) cmocka_unit_test(test_##name),

int main(void)
{
	const struct CMUnitTest tests[] = {TESTS(REGISTER)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
