/*
 * test_minis_rules.c -- the (enforce) and (choice) ids of minis-checklist.md that the worked
 * examples (test_minis_examples.c) and the tables (test_minis_tables.c) do not prove on their
 * own: each test is named after the id it proves and plays it on the test table
 * (tests/data/minis-test.json) or qr-village with forced dice.
 */
#include "test_minis_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLE "test:minis-test.json"

static void open_table(struct mt *t, const char *opts)
{
	mt_open(t, TABLE, opts);
	mt_clear(t);
}

static void duel(struct mt *t, const char *firer, const char *target, double d)
{
	int f = mt_u(t, firer), g = mt_u(t, target);

	mt_place(t, firer, 110, 20, 0);
	mt_place(t, target, 110, 20 + t->g->u[f].d / 200.0 + d + t->g->u[g].d / 200.0, 180);
	mt_phase(t, MP_ORDERS, MT_BRIT);
	mt_group(t, 3, 3, firer, NULL);
}

static int event_index(const struct mt *t, const char *type)
{
	for (size_t k = 0; k < t->ev.count; k++)
		if (strcmp(cJSON_GetStringValue(
		               cJSON_GetObjectItemCaseSensitive(t->ev.items[k].data, "event")),
		           type) == 0)
			return (int)k;
	return -1;
}

/* ---- GEN ---- */

static void test_qr_gen_4_unprinted_factor(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "scale.unprinted_factor=1.5");
	mt_place(&t, "BSHER", 110, 20, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 5, "BSHER", NULL);
	/* (4" + 8") x 1.5 */
	assert_int_equal(minis__group_allowance(t.g, mt_u(&t, "BSHER"), 0), 1800);
	mt_close(&t);
}

static void test_qr_gen_7_commonwealth_free_french_polish_british(void **state)
{
	uint8_t n;

	(void)state;
	assert_int_equal(minis__nation_parse(TAB, "canadian", 1944, &n), 0),
	    assert_int_equal(n, MN_BRITISH);
	assert_int_equal(minis__nation_parse(TAB, "free_french", 1944, &n), 0),
	    assert_int_equal(n, MN_BRITISH);
	assert_int_equal(minis__nation_parse(TAB, "free_polish", 1942, &n), 0),
	    assert_int_equal(n, MN_BRITISH);
	assert_int_equal(minis__nation_parse(TAB, "polish", 1939, &n), 0),
	    assert_int_equal(n, MN_EARLY);
}

static void test_qr_gen_8_finns_as_germans(void **state)
{
	struct mt t;
	uint8_t n;

	(void)state;
	assert_int_equal(minis__nation_parse(TAB, "finnish", 1942, &n), 0);
	assert_int_equal(n, MN_GERMAN);
	/* and they win draws */
	mt_open(&t, "data:qr-village.json", "");
	((struct minis_scenario *)t.sc)->sides[MT_GERMAN].nation = n;
	mt_dice(&t, 4, 3, 0);
	minis__command_phase(t.g, &t.dice, &t.ev);
	assert_int_equal(t.g->phasing, MT_GERMAN);
	mt_close(&t);
}

static void test_qr_gen_9_other_armies_as_russian_for_groups(void **state)
{
	uint8_t n;

	(void)state;
	assert_int_equal(minis__nation_parse(TAB, "italian", 1942, &n), 0);
	assert_int_equal(minis__group_max(TAB, n, GK_STANDARD), 4);
	assert_int_equal(minis__nation_parse(TAB, "other", 1942, &n), 0);
	assert_int_equal(minis__group_max(TAB, n, GK_STANDARD), 4);
	assert_int_equal(minis__hq_mod(TAB, n, 1942), 0); /* their own "ALL OTHERS" row */
}

/* ---- SETUP ---- */

static void test_qr_setup_1_printed_order(void **state)
{
	struct mt t;
	static const char *const order[] = {"air-superiority", "air-missions", "fire-missions",
	                                    "concealment",     "dummies",      "deployment"};
	int last = -1;

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	mt_start(&t, 3, 1, 5, 6, 2, 1, 1, 1, 1, 1, 0);
	for (size_t k = 0; k < sizeof(order) / sizeof(order[0]); k++) {
		int i = event_index(&t, order[k]);
		assert_true(i > last);
		last = i;
	}
	assert_int_equal(t.g->phase, MP_DEPLOY);
	assert_int_equal(t.g->acting, MT_GERMAN);
	mt_close(&t);
}

/* Also QR-AMB-18 (a nationality/year in neither column). */
static void test_qr_setup_18_gaps_use_column_b(void **state)
{
	(void)state;
	assert_false(minis__column_a(TAB, MN_BRITISH, 1939));
	assert_false(minis__column_a(TAB, MN_US, 1940));
	assert_int_equal(minis__fire_missions(TAB, 6, minis__column_a(TAB, MN_BRITISH, 1939)), 4);
}

static void test_qr_setup_26_majority_tie_goes_lower(void **state)
{
	struct mt t;

	(void)state;
	for (int higher = 0; higher < 2; higher++) {
		mt_open(&t, "data:qr-village.json", higher ? "setup.majority_tie=higher" : "");
		/* 5 Veteran and 5 Regular British units */
		for (int u = 0; u < t.g->sc->nunits; u++)
			if (minis__side(t.g, u) == MT_BRIT)
				((struct minis_scenario *)t.sc)->units[u].quality =
				    u < 5 ? MQ_VETERAN : MQ_REGULAR;
		mt_start(&t, 3, 6, 1, 1, 3, 6, 3, 3, 3, 0);
		/* hidden 3 + 1 (lower) or 3 + 2 (higher); ambush 6 - 4 or 6 - 3 */
		assert_int_equal(t.g->hidden_allow[MT_BRIT], higher ? 5 : 4);
		assert_int_equal(t.g->ambush_allow[MT_BRIT], higher ? 3 : 2);
		mt_close(&t);
	}
}

static void test_qr_setup_30_below_zero_permits_zero(void **state)
{
	struct mt t;

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	mt_start(&t, 3, 6, 1, 1, 1, 1, 1, 1, 1, 0);
	assert_int_equal(t.g->ambush_allow[MT_BRIT], 0);
	assert_int_equal(t.g->ambush_allow[MT_GERMAN], 0);
	mt_close(&t);
}

static void test_qr_setup_31_several_hqs_roll_each(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	((struct minis_scenario *)t.sc)->units[mt_u(&t, "BFOO")].kind = MK_HQ; /* a second HQ */
	mt_start(&t, 3, 6, 1, 1, 2, 6, 3, 5, 1, 1, 1, 0);
	/* British: two rolls each: hidden (2 + 1) + (3 + 1), ambush (6 - 4) + (5 - 4) */
	assert_int_equal(t.g->hidden_allow[MT_BRIT], 7);
	assert_int_equal(t.g->ambush_allow[MT_BRIT], 3);
	mt_close(&t);
}

static void test_qr_setup_32_large_game_rolls_twice(void **state)
{
	struct mt t;

	(void)state;
	mt_open(&t, "data:qr-village.json", "setup.large_game=true");
	mt_start(&t, 3, 6, 1, 1, 2, 6, 3, 5, 1, 1, 1, 1, 1, 0);
	assert_int_equal(t.g->hidden_allow[MT_BRIT], 7);
	assert_int_equal(t.g->ambush_allow[MT_BRIT], 3);
	mt_close(&t);
}

static void test_qr_setup_33_owner_chooses_within_allowance(void **state)
{
	struct mt t;

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	mt_start(&t, 3, 6, 1, 1, 1, 6, 1, 1, 1, 0); /* British hidden 2, ambush 2; German 2, 0 */
	assert_int_equal(t.g->hidden_allow[MT_GERMAN], 3);
	mt_ok(&t, MT_GERMAN, "deploy DE3 hidden");
	mt_ok(&t, MT_GERMAN, "deploy DE4 hidden");
	mt_ok(&t, MT_GERMAN, "deploy DE5 hidden");
	mt_refused(&t, MT_GERMAN, "deploy DE6 hidden", "QR-SETUP-30");
	mt_ok(&t, MT_GERMAN, "deploy DE1 hidden"); /* an HQ: outside the allowance */
	mt_refused(&t, MT_GERMAN, "deploy DE6 ambush", "QR-SETUP-30");
	/* one category at most: ambush replaces hidden */
	t.g->ambush_allow[MT_GERMAN] = 1;
	mt_ok(&t, MT_GERMAN, "deploy DE5 ambush");
	assert_true(t.g->u[mt_u(&t, "DE5")].flags & MU_AMBUSH);
	assert_false(t.g->u[mt_u(&t, "DE5")].flags & MU_HIDDEN);
	/* the choice reaches only its owner */
	assert_int_equal(t.ev.items[0].audience, RULES_AUD_SIDE(MT_GERMAN));
	mt_close(&t);
}

/* The automatic hidden status of qr-village with its listed starts (QR-SCN-7). */
/* QR-SETUP-34, QR-SETUP-35 (the FOO GB2) and QR-SETUP-37 (DE2, DE4, DE6 in buildings, DE3
 * and DE7 in the wood, DE9 in dead ground, all over 24" from the nearest enemy). */
static void test_qr_setup_34_37_automatic_hidden_status(void **state)
{
	struct mt t;
	static const char *const hidden[] = {"GB1", "GB2", "DE1", "DE2", "DE3",
	                                     "DE4", "DE6", "DE7", "DE9"};
	static const char *const seen[] = {"GB3", "GB4",  "GB5", "GB6", "GB7", "GB8",
	                                   "GB9", "GB10", "DE5", "DE8", "DE10"};

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	mt_start(&t, 3, 6, 1, 1, 1, 1, 1, 1, 1, 0);
	mt_ok(&t, MT_GERMAN, "end");
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "end");
	for (size_t k = 0; k < sizeof(hidden) / sizeof(hidden[0]); k++)
		if (!(t.g->u[mt_u(&t, hidden[k])].flags & MU_HIDDEN))
			fail_msg("%s is not hidden", hidden[k]);
	for (size_t k = 0; k < sizeof(seen) / sizeof(seen[0]); k++)
		if (t.g->u[mt_u(&t, seen[k])].flags & MU_HIDDEN)
			fail_msg("%s is hidden", seen[k]);
	mt_close(&t);
}

static void test_qr_setup_38_only_the_defender_has_dummies(void **state)
{
	struct mt t;

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	mt_start(&t, 3, 6, 1, 1, 1, 1, 1, 1, 6, 0);
	assert_int_equal(t.g->dummy_allow[MT_GERMAN], 5);
	assert_int_equal(t.g->dummy_allow[MT_BRIT], 0);
	mt_ok(&t, MT_GERMAN, "deploy dummy 10 45");
	mt_ok(&t, MT_GERMAN, "end");
	mt_refused(&t, MT_BRIT, "deploy dummy 10 2", "QR-SETUP-38");
	mt_close(&t);
}

static void test_qr_setup_42_dummy_allowance_capped(void **state)
{
	struct mt t;

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	mt_start(&t, 3, 6, 1, 1, 1, 1, 1, 1, 2, 0); /* 2 - 1 = 1 dummy */
	assert_int_equal(t.g->dummy_allow[MT_GERMAN], 1);
	mt_ok(&t, MT_GERMAN, "deploy dummy 10 45");
	mt_refused(&t, MT_GERMAN, "deploy dummy 12 45", "QR-SETUP-42");
	mt_close(&t);
	mt_open(&t, "data:qr-village.json", "");
	mt_start(&t, 3, 6, 1, 1, 1, 1, 1, 1, 1, 0); /* 1 - 1 = 0 */
	assert_int_equal(t.g->dummy_allow[MT_GERMAN], 0);
	mt_close(&t);
}

/* ---- AIR and AA ---- */

static void air_state(struct mt *t, double x, double y, int bearing, int target)
{
	t->g->phase = MP_ORDERS;
	t->g->acting = MT_BRIT;
	t->g->turn = 1;
	memset(&t->g->air, 0, sizeof(t->g->air));
	t->g->air.side = MT_BRIT;
	t->g->air.x = (int32_t)(x * 100);
	t->g->air.y = (int32_t)(y * 100);
	t->g->air.bearing = (int16_t)(bearing * 10);
	t->g->air.target = target;
}

static void test_qr_air_2_attack_type_target_bearing(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "BHQ", 110, 20, 0);
	mt_place(&t, "GINF", 110, 40, 180);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	t.g->u[mt_u(&t, "BHQ")].orders = 3;
	t.g->air_missions[MT_BRIT] = 1;
	mt_dice(&t, 4, 0);
	mt_ok(&t, MT_BRIT, "call air 110 40 bombs 90");
	assert_int_equal(t.g->air.bearing, 900);
	assert_false(t.g->air.cannon);
	mt_close(&t);
	open_table(&t, "");
	mt_place(&t, "BHQ", 110, 20, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	t.g->u[mt_u(&t, "BHQ")].orders = 3;
	t.g->air_missions[MT_BRIT] = 1;
	mt_refused(&t, MT_BRIT, "call air 110 40 cannon", "QR-AIR-2");
	mt_close(&t);
}

static void test_qr_air_12_below_1_counts_as_1(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 110, 40, 180);
	air_state(&t, 110, 40, 0, mt_u(&t, "GINF"));
	t.g->air.hits = 4;
	mt_dice(&t, 2, 1, 0);
	assert_int_equal(minis__air_resolve(t.g, &t.dice, &t.ev), 0);
	assert_string_equal(mt_str(&t, "air-strike", "to_hit"), "undershoot");
	assert_int_equal((int)(mt_num(&t, "air-strike", "y") * 100 + 0.5), 4000 - 300);
	mt_close(&t);
}

static void test_qr_air_13_miss_along_the_bearing(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 100, 40, 180);
	air_state(&t, 100, 40, 90, -1);
	mt_dice(&t, 1, 4, 0); /* undershoot by 2 + 4 along a run heading east: west of the aim */
	assert_int_equal(minis__air_resolve(t.g, &t.dice, &t.ev), 0);
	assert_int_equal((int)(mt_num(&t, "air-strike", "x") * 100 + 0.5), 10000 - 600);
	mt_close(&t);
}

static void test_qr_air_14_zone_both_sides_hidden_included(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 110, 40, 180);
	mt_place(&t, "BRIF", 111.5, 40, 0); /* friendly, inside the 2" square */
	mt_place(&t, "GVET", 108.5, 40.5, 180);
	t.g->u[mt_u(&t, "GVET")].flags |= MU_HIDDEN;
	mt_place(&t, "GELITE", 115, 40, 180); /* outside */
	air_state(&t, 110, 40, 0, -1);
	mt_dice(&t, 6, 1, 1, 1, 1, 1, 1, 0);
	assert_int_equal(minis__air_resolve(t.g, &t.dice, &t.ev), 0);
	assert_true(mt_event(&t, "air-effect", "GINF"));
	assert_true(mt_event(&t, "air-effect", "BRIF"));
	assert_true(mt_event(&t, "air-effect", "GVET"));
	assert_false(mt_event(&t, "air-effect", "GELITE"));
	/* the hidden unit's result goes to its owner only */
	for (size_t k = 0; k < t.ev.count; k++)
		if (strstr(cJSON_GetStringValue(
		               cJSON_GetObjectItemCaseSensitive(t.ev.items[k].data, "text")),
		           "GVET") != NULL)
			assert_int_equal(t.ev.items[k].audience, RULES_AUD_SIDE(MT_GERMAN));
	mt_close(&t);
}

static void test_qr_air_38_row_11_split(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF2", 110, 40, 180); /* Inexperienced: disperse at 11 */
	air_state(&t, 110, 40, 0, -1);
	mt_dice(&t, 6, 2, 3, 6, 0); /* hit; 2 + 3 + 6 = 11 */
	minis__air_resolve(t.g, &t.dice, &t.ev);
	assert_int_equal((int)mt_num(&t, "air-effect", "score"), 11);
	assert_string_equal(mt_str(&t, "air-effect", "result"), "disperse");
	mt_close(&t);
}

/* Also QR-AMB-53 (a destroyed strongpoint becomes rubble). */
static void test_qr_air_39_12_destroys_a_strongpoint(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 61, 41, 180);
	air_state(&t, 61, 41, 0, -1);
	mt_dice(&t, 6, 4, 5, 6, 0); /* 9 + 6 - 3 = 12 */
	minis__air_resolve(t.g, &t.dice, &t.ev);
	assert_int_equal((int)mt_num(&t, "air-effect", "score"), 12);
	assert_true(mt_event(&t, "strongpoint-destroyed", "BUNK"));
	assert_string_equal(mt_str(&t, "morale", "test"), "disperse");
	mt_close(&t);
}

static void aa_setup(struct mt *t)
{
	open_table(t, "");
	mt_place(t, "GHMG", 110, 50, 180);
	mt_place(t, "GFLAK", 105, 50, 180);
	mt_place(t, "GINF", 110, 40, 180);
	air_state(t, 110, 40, 0, -1);
	t->g->intr = MI_AA;
	t->g->intr_side = MT_GERMAN;
}

static void test_qr_aa_1_pinned_units_do_not_fire(void **state)
{
	struct mt t;

	(void)state;
	aa_setup(&t);
	t.g->u[mt_u(&t, "GHMG")].flags |= MU_PINNED;
	mt_refused(&t, MT_GERMAN, "fire GHMG air", "QR-AA-1");
	mt_refused(&t, MT_GERMAN, "fire GINF air", "QR-AA-1"); /* no AA weapon */
	mt_close(&t);
}

static void test_qr_aa_2_each_once_per_attack(void **state)
{
	struct mt t;

	(void)state;
	aa_setup(&t);
	mt_dice(&t, 1, 1, 0);
	mt_ok(&t, MT_GERMAN, "fire GHMG air");
	mt_refused(&t, MT_GERMAN, "fire GHMG air", "QR-AA-2");
	mt_close(&t);
}

static void test_qr_aa_15_hits_add_up_abort_stops_the_attack(void **state)
{
	struct mt t;

	(void)state;
	aa_setup(&t);
	mt_dice(&t, 6, 5, 1, 0); /* HMG 11 - 4 = 7: suppressed test 1 + 1 = 2: one hit */
	mt_ok(&t, MT_GERMAN, "fire GHMG air");
	mt_dice(&t, 5, 4, 2, 0); /* Flak 9 + 2 - 4 = 7, 2 + 1 = 3: one hit */
	mt_ok(&t, MT_GERMAN, "fire GFLAK air");
	assert_int_equal(t.g->air.hits, 2);
	mt_dice(&t, 5, 1, 1, 1, 0);
	mt_ok(&t, MT_GERMAN, "end");
	assert_int_equal((int)mt_num(&t, "air-strike", "modifier"), -2);
	mt_close(&t);
	/* an aborted mission: no attack */
	aa_setup(&t);
	mt_dice(&t, 6, 5, 2, 1, 0); /* Flak 11 + 2 - 4 = 9: retreat test 1 + 1 = 2: abort */
	mt_ok(&t, MT_GERMAN, "fire GFLAK air");
	assert_string_equal(mt_str(&t, "anti-aircraft", "effect"), "mission aborted");
	assert_int_equal(t.g->intr, MI_NONE);
	assert_false(mt_event(&t, "air-strike", NULL));
	mt_close(&t);
}

/* ---- CMD ---- */

static void village(struct mt *t)
{
	mt_open(t, "data:qr-village.json", "");
	mt_phase(t, MP_ORDERS, MT_BRIT);
	t->g->u[mt_u(t, "GB1")].orders = 4;
	t->g->u[mt_u(t, "GB3")].orders = 1;
	t->g->u[mt_u(t, "GB8")].orders = 1;
	t->g->deployed[0] = t->g->deployed[1] = 1;
	for (int u = 0; u < t->g->nslots; u++)
		t->g->u[u].flags &= ~(uint32_t)(MU_HIDDEN | MU_AMBUSH);
}

static void test_qr_cmd_14_company_order_pays_own_group(void **state)
{
	struct mt t;

	(void)state;
	village(&t);
	mt_refused(&t, MT_BRIT, "order GB3 standard GB4 GB5", "QR-CMD-14");
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "order GB3 standard GB3 GB4 GB5");
	mt_close(&t);
	mt_open(&t, "data:qr-village.json", "cmd.company_order_scope=pool");
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	t.g->u[mt_u(&t, "GB3")].orders = 2;
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "order GB3 standard GB4 GB5");
	mt_close(&t);
}

static void test_qr_cmd_15_unspent_orders_lost(void **state)
{
	struct mt t;

	(void)state;
	village(&t);
	t.g->u[mt_u(&t, "GB1")].orders = 9;
	mt_dice(&t, 1, 1, 0);
	minis__command_phase(t.g, &t.dice, &t.ev);
	assert_int_equal(t.g->u[mt_u(&t, "GB1")].orders, 1 + 1);
	mt_close(&t);
}

static void test_qr_cmd_24_surcharge_exemptions(void **state)
{
	struct mt t;
	int cost;

	(void)state;
	village(&t);
	mt_place(&t, "GB9", 60, 40, 0);
	/* the AFV regt. command unit never pays it */
	t.g->u[mt_u(&t, "GB8")].orders = 1;
	minis__order_cost_of(t.g, mt_u(&t, "GB8"), (uint64_t)1 << mt_u(&t, "GB9"), GK_SINGLE, &cost,
	                     &t.err);
	assert_int_equal(cost, 1);
	/* a command unit in its own group: distance 0 */
	minis__order_cost_of(t.g, mt_u(&t, "GB1"), (uint64_t)1 << mt_u(&t, "GB1"), GK_SINGLE, &cost,
	                     &t.err);
	assert_int_equal(cost, 1);
	mt_close(&t);
}

static void test_qr_cmd_25_cost_over_orders_refused(void **state)
{
	struct mt t;

	(void)state;
	village(&t);
	t.g->u[mt_u(&t, "GB1")].orders = 1;
	mt_refused(&t, MT_BRIT, "order GB1 standard GB4 GB5", "QR-CMD-25");
	assert_int_equal(t.g->u[mt_u(&t, "GB1")].orders, 1);
	mt_close(&t);
}

static void test_qr_cmd_39_special_group_restrictions(void **state)
{
	struct mt t;

	(void)state;
	village(&t);
	mt_refused(&t, MT_BRIT, "order GB1 assault GB4 GB9", "QR-CMD-39");
	mt_refused(&t, MT_BRIT, "order GB1 armoured GB4 GB5", "QR-CMD-39");
	/* a road convoy: on road only, and no fire */
	mt_place(&t, "GB9", 36, 6, 0);
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "order GB1 convoy GB9");
	mt_refused(&t, MT_BRIT, "move GB9 40 10", "QR-CMD-39");
	mt_ok(&t, MT_BRIT, "move GB9 36 20");
	mt_refused(&t, MT_BRIT, "fire GB9 DE8", "QR-CMD-39");
	mt_close(&t);
}

static void test_qr_cmd_40_once_per_turn(void **state)
{
	struct mt t;

	(void)state;
	village(&t);
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "order GB1 standard GB4");
	mt_refused(&t, MT_BRIT, "order GB1 standard GB4", "QR-CMD-40");
	mt_refused(&t, MT_BRIT, "order GB1 standard GB5 GB5", NULL);
	mt_close(&t);
}

/* ---- TURN ---- */

/* QR-TURN-1, QR-TURN-2, QR-TURN-3, QR-TURN-4, QR-TURN-5, QR-TURN-6 and QR-TURN-7: the
 * phases in the printed order. */
static void test_qr_turn_1_7_the_sequence(void **state)
{
	struct mt t;

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	mt_start(&t, 3, 6, 1, 1, 1, 1, 1, 1, 1, 0);
	mt_ok(&t, MT_GERMAN, "end");
	mt_dice(&t, 4, 3, 0); /* GB1 5, DE1 5: German initiative (1) */
	mt_ok(&t, MT_BRIT, "end");
	assert_int_equal(t.g->turn, 1);
	assert_int_equal(t.g->phasing, MT_GERMAN);
	assert_true(mt_event(&t, "command", "german has the initiative"));
	/* 2A German orders, 2B British fire, 3A British orders, 3B German fire, 4 rally */
	assert_int_equal(t.g->phase, MP_ORDERS), assert_int_equal(t.g->acting, MT_GERMAN);
	mt_refused(&t, MT_BRIT, "end", "QR-TURN-1");
	mt_ok(&t, MT_GERMAN, "end");
	assert_int_equal(t.g->phase, MP_DEFFIRE), assert_int_equal(t.g->acting, MT_BRIT);
	mt_ok(&t, MT_BRIT, "end");
	assert_int_equal(t.g->phase, MP_ORDERS), assert_int_equal(t.g->acting, MT_BRIT);
	mt_ok(&t, MT_BRIT, "end");
	assert_int_equal(t.g->phase, MP_DEFFIRE), assert_int_equal(t.g->acting, MT_GERMAN);
	mt_dice(&t, 1, 6, 0); /* rally phase (nobody pinned), then turn 2: GB1 2, DE1 8 */
	mt_ok(&t, MT_GERMAN, "end");
	assert_int_equal(t.g->turn, 2);
	assert_int_equal(t.g->phasing, MT_GERMAN);
	mt_close(&t);
}

static void test_qr_turn_9_end_at_any_time(void **state)
{
	struct mt t;

	(void)state;
	village(&t);
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "order GB1 standard GB4");
	mt_ok(&t, MT_BRIT, "end");
	assert_int_equal(t.g->phase, MP_DEFFIRE);
	mt_refused(&t, MT_GERMAN, "move DE3 18 34", "QR-TURN-1");
	mt_close(&t);
}

static void test_qr_turn_10_defensive_fire_any_unit_once(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "BRIF", 110, 20, 0);
	mt_place(&t, "BRIF2", 107, 20, 0);
	mt_place(&t, "GINF", 110, 30, 180);
	mt_phase(&t, MP_DEFFIRE, MT_BRIT);
	mt_dice(&t, 1, 1, 0);
	mt_ok(&t, MT_BRIT, "fire BRIF GINF");
	mt_refused(&t, MT_BRIT, "fire BRIF GINF", "QR-FIRE-40");
	mt_dice(&t, 1, 1, 0);
	mt_ok(&t, MT_BRIT, "fire BRIF2 GINF");
	mt_close(&t);
}

/* Also QR-AMB-29 (phase 4: the choices of both sides, then every check, phasing side first). */
static void test_qr_turn_11_rally_phasing_side_first(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "BRIF", 100, 30, 0);
	mt_place(&t, "GINF", 110, 30, 180);
	t.g->u[mt_u(&t, "BRIF")].flags |= MU_PINNED;
	t.g->u[mt_u(&t, "GINF")].flags |= MU_PINNED;
	mt_phase(&t, MP_RALLY, MT_GERMAN);
	t.g->phasing = MT_GERMAN;
	mt_dice(&t, 4, 2, 0);
	minis__rally_resolve(t.g, &t.dice, &t.ev);
	assert_true(event_index(&t, "rally") >= 0);
	assert_string_equal(mt_str(&t, "rally", "unit"), "GINF");
	assert_false(t.g->u[mt_u(&t, "GINF")].flags & MU_PINNED); /* 4: rallied */
	assert_true(t.g->u[mt_u(&t, "BRIF")].flags & MU_PINNED);  /* 2: failed */
	mt_close(&t);
}

/* ---- MOVE ---- */

static void test_qr_move_14_path_facing_bases_table(void **state)
{
	struct mt t;
	int u;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "BRIF", 110, 20, 0);
	mt_place(&t, "BRIF2", 110, 24, 0);
	mt_place(&t, "GINF", 100, 22, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 5, 5, "BRIF", NULL);
	u = mt_u(&t, "BRIF");
	mt_refused(&t, MT_BRIT, "move BRIF 110 28", "QR-AMB-1");   /* over BRIF2 */
	mt_refused(&t, MT_BRIT, "move BRIF 119.8 20", "QR-AMB-1"); /* off the table */
	mt_refused(&t, MT_BRIT, "move BRIF 100 22", "QR-AMB-1");   /* onto an enemy */
	mt_ok(&t, MT_BRIT, "move BRIF 113 20 113 26 45.5");
	assert_int_equal(t.g->u[u].x, 11300);
	assert_int_equal(t.g->u[u].y, 2600);
	assert_int_equal(t.g->u[u].facing, 455);
	assert_int_equal((int)(mt_num(&t, "moved", "cost") + 0.5), 9);
	mt_refused(&t, MT_BRIT, "move BRIF 113 27", "QR-AMB-27"); /* once per activation */
	mt_close(&t);
	/* impassable ground: a tank into a building */
	open_table(&t, "");
	mt_place(&t, "BSHER", 42.5, 34, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 5, 5, "BSHER", NULL);
	mt_refused(&t, MT_BRIT, "move BSHER 42.5 42", "QR-AMB-3");
	mt_close(&t);
}

static void test_qr_move_29_bogged_stays_unbog_retest(void **state)
{
	struct mt t;
	int u;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "BSHER", 55, 23, 0);
	mt_place(&t, "BHQ", 100, 5, 0);
	u = mt_u(&t, "BSHER");
	t.g->u[u].flags |= MU_BOGGED;
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BSHER", NULL);
	mt_refused(&t, MT_BRIT, "move BSHER 55 30", "QR-MOVE-29");
	/* the next activation: a retest, free on 2+ but no move */
	t.g->u[u].flags &= ~(uint32_t)MU_ACTIVATED;
	t.g->u[mt_u(&t, "BHQ")].orders = 3;
	t.g->nacts = 0;
	mt_dice(&t, 3, 3, 2, 0);
	mt_ok(&t, MT_BRIT, "order BHQ standard BSHER");
	assert_true(mt_event(&t, "unbog", "free"));
	assert_false(t.g->u[u].flags & MU_BOGGED);
	mt_refused(&t, MT_BRIT, "move BSHER 55 30", "QR-MOVE-29");
	mt_close(&t);
}

/* ---- RECON ---- */

static void test_qr_recon_2_an_area_in_sight(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "BRIF", 42.5, 30, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BRIF", NULL);
	mt_refused(&t, MT_BRIT, "recon BRIF WIRE", "QR-RECON-2");    /* a line is no area */
	mt_refused(&t, MT_BRIT, "recon BRIF 42.5 50", "QR-RECON-2"); /* behind the house */
	mt_dice(&t, 1, 1, 0);
	mt_ok(&t, MT_BRIT, "recon BRIF HOUSE");
	mt_refused(&t, MT_BRIT, "recon BRIF HOUSE", "QR-RECON-2"); /* once, instead of fire */
	mt_refused(&t, MT_BRIT, "fire BRIF GINF", NULL);
	mt_close(&t);
}

static void test_qr_recon_19_twelve_shows_two(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 42, 41, 180);
	mt_place(&t, "GVET", 43.5, 41, 180);
	mt_place(&t, "GELITE", 42, 44, 180);
	t.g->u[mt_u(&t, "GINF")].flags |= MU_HIDDEN;
	t.g->u[mt_u(&t, "GVET")].flags |= MU_HIDDEN;
	t.g->u[mt_u(&t, "GELITE")].flags |= MU_HIDDEN;
	mt_place(&t, "BRIF", 42.5, 40 - 6 - 0.5, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BRIF", NULL);
	mt_dice(&t, 6, 5, 0); /* 11 + 1 = 12 */
	mt_ok(&t, MT_BRIT, "recon BRIF HOUSE");
	assert_int_equal(t.g->recon.want, 2);
	mt_refused(&t, MT_GERMAN, "reveal GINF", "QR-RECON-19");
	mt_refused(&t, MT_GERMAN, "reveal GINF GHQ", "QR-RECON-22");
	mt_ok(&t, MT_GERMAN, "reveal GINF GELITE");
	assert_false(t.g->u[mt_u(&t, "GELITE")].flags & MU_HIDDEN);
	assert_true(t.g->u[mt_u(&t, "GVET")].flags & MU_HIDDEN);
	mt_close(&t);
}

static void test_qr_recon_22_only_true_candidates(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 42, 41, 180);
	mt_place(&t, "GVET", 20, 45, 180); /* hidden, but elsewhere */
	t.g->u[mt_u(&t, "GINF")].flags |= MU_HIDDEN;
	t.g->u[mt_u(&t, "GVET")].flags |= MU_HIDDEN;
	mt_place(&t, "BRIF", 42.5, 40 - 6 - 0.5, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BRIF", NULL);
	mt_dice(&t, 4, 4, 0);
	mt_ok(&t, MT_BRIT, "recon BRIF HOUSE");
	mt_refused(&t, MT_GERMAN, "reveal GVET", "QR-RECON-22");
	mt_ok(&t, MT_GERMAN, "reveal GINF");
	mt_close(&t);
}

static void test_qr_recon_23_proximity_counts_seen_enemies(void **state)
{
	struct mt t;

	(void)state;
	for (int opt = 0; opt < 2; opt++) {
		open_table(&t, opt ? "recon.proximity_counts_hidden=true" : "");
		mt_place(&t, "GINF", 114, 20, 180);
		t.g->u[mt_u(&t, "GINF")].flags |= MU_HIDDEN;
		mt_place(&t, "BRIF", 110, 20, 0);
		mt_phase(&t, MP_ORDERS, MT_BRIT);
		mt_group(&t, 3, 3, "BRIF", NULL);
		mt_dice(&t, 1, 2, 0);
		mt_ok(&t, MT_BRIT, "recon BRIF 110,30");
		assert_int_equal((int)mt_num(&t, "recon", "modifier"), opt ? 1 - 2 : 1);
		mt_close(&t);
	}
}

/* ---- RANGE and FIRE ---- */

static void test_qr_range_13_hand_held_at_no_close_band(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	duel(&t, "BMIL", "GPZIV", 2); /* any firer: reuse a British unit with a panzerfaust */
	((struct minis_scenario *)t.sc)->units[mt_u(&t, "BMIL")].weapons[0] =
	    (uint8_t)minis__weapon_find(TAB, "pzfaust");
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "fire BMIL GPZIV pzfaust");
	assert_string_equal(mt_str(&t, "fire", "band"), "effective");
	assert_false(mt_event(&t, "fire", "close range"));
	mt_close(&t);
}

/* Also QR-AMB-35 (an HE row takes the range class of its gun). */
static void test_qr_range_14_he_row_takes_the_gun_class(void **state)
{
	struct mt t;
	int u;

	(void)state;
	open_table(&t, "");
	u = mt_u(&t, "BSHER");
	((struct minis_scenario *)t.sc)->units[u].weapons[1] =
	    (uint8_t)minis__weapon_find(TAB, "he75");
	assert_int_equal(minis__range_row(t.g, u, minis__weapon_find(TAB, "he75")), MR_GUN_STD);
	mt_close(&t);
}

static void test_qr_fire_2_visible_target_in_sight(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	duel(&t, "BRIF", "GINF", 10);
	t.g->u[mt_u(&t, "GINF")].flags |= MU_HIDDEN;
	mt_refused(&t, MT_BRIT, "fire BRIF GINF", "QR-AMB-13");
	t.g->u[mt_u(&t, "GINF")].flags = 0;
	mt_place(&t, "GINF", 42.5, 44, 180); /* deep in the house */
	mt_place(&t, "BRIF", 42.5, 33, 0);
	mt_refused(&t, MT_BRIT, "fire BRIF GINF", "QR-FIRE-2");
	mt_close(&t);
}

static void test_qr_fire_19_supporters_within_2_not_pinned(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	duel(&t, "BRIF", "GINF", 6);
	mt_place(&t, "BRIF2", 106, 20, 0); /* 2.5" away */
	mt_place(&t, "BRIF3", 108, 20, 0);
	mt_group(&t, 3, 3, "BRIF", "BRIF2", "BRIF3", NULL);
	mt_refused(&t, MT_BRIT, "fire BRIF GINF BRIF2", "QR-FIRE-19");
	t.g->u[mt_u(&t, "BRIF3")].flags |= MU_PINNED;
	mt_refused(&t, MT_BRIT, "fire BRIF GINF BRIF3", "QR-FIRE-19");
	mt_close(&t);
}

static void test_qr_fire_20_no_close_for_flame(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	duel(&t, "BFLAME", "GINF", 3);
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "fire BFLAME GINF flame");
	assert_int_equal((int)mt_num(&t, "fire", "score"), 6);
	mt_close(&t);
}

static void test_qr_fire_22_best_cover_only(void **state)
{
	struct mt t;
	struct minis_pt f = {4250, 2000};

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 42.5, 40.5, 180); /* in the house */
	mt_place(&t, "BSTU", 42.5, 38.5, 0);   /* and a wreck in front */
	t.g->u[mt_u(&t, "BSTU")].status = MS_DESTROYED;
	assert_int_equal(minis__cover(t.g, mt_u(&t, "GINF"), &f, NULL, NULL, NULL), MC_HARD);
	/* behind a wreck in the open: hard cover */
	mt_place(&t, "GINF", 110, 40, 180);
	mt_place(&t, "BSTU", 110, 38, 90);
	t.g->u[mt_u(&t, "BSTU")].status = MS_DESTROYED;
	f = (struct minis_pt){11000, 2000};
	assert_int_equal(minis__cover(t.g, mt_u(&t, "GINF"), &f, NULL, NULL, NULL), MC_HARD);
	mt_close(&t);
}

static void test_qr_fire_24_difficult_once(void **state)
{
	struct mt t;
	struct minis_shot s;

	(void)state;
	for (int opt = 0; opt < 2; opt++) {
		open_table(&t, opt ? "fire.difficult_cumulative=true" : "");
		duel(&t, "BSHER", "GPAK", 18); /* an AT gun facing away: out of the firer's arc? */
		((struct minis_scenario *)t.sc)->units[mt_u(&t, "GPAK")].flags |= MINIS_F_SMALL_VEH;
		memset(&s, 0, sizeof(s));
		s.firer = mt_u(&t, "BSHER"), s.target = mt_u(&t, "GPAK"), s.weapon = -1;
		assert_int_equal(minis__shot_check(t.g, MT_BRIT, &s, &t.err), 0);
		for (int k = 0; k < s.nmods; k++)
			if (strncmp(s.why[k], "difficult", 9) == 0)
				assert_int_equal(s.mods[k], opt ? -2 : -1);
		mt_close(&t);
	}
}

/* QR-SETUP-35, QR-SETUP-36: a FAC and a battery observer start hidden, outside the
 * allowance (the FOO GB2 and the HQs are in test_qr_setup_34_37_automatic_hidden_status). */
static void test_qr_setup_35_36_fac_and_observer_hidden(void **state)
{
	struct mt t;

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	((struct minis_scenario *)t.sc)->units[mt_u(&t, "GB5")].flags |= MINIS_F_FAC;
	((struct minis_scenario *)t.sc)->units[mt_u(&t, "GB7")].flags |= MINIS_F_OBSERVER;
	mt_start(&t, 3, 6, 1, 1, 1, 1, 1, 1, 1, 0); /* British hidden 1 + 1 = 2 */
	mt_ok(&t, MT_GERMAN, "end");
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "end");
	assert_true(t.g->u[mt_u(&t, "GB5")].flags & MU_HIDDEN);
	assert_true(t.g->u[mt_u(&t, "GB7")].flags & MU_HIDDEN);
	assert_false(t.g->u[mt_u(&t, "GB4")].flags & MU_HIDDEN);
	assert_int_equal(t.g->hidden_allow[MT_BRIT], 2); /* nothing spent */
	mt_close(&t);
}

/* QR-MOVE-12: an infantry assault group moves +1", an armoured assault group +2", and
 * neither has a road move. */
static void test_qr_move_12_assault_groups(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "BHQ", 71, 10, 0);
	mt_place(&t, "BRIF", 71, 2, 0); /* on the road */
	mt_place(&t, "BSHER", 20, 10, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	t.g->u[mt_u(&t, "BHQ")].orders = 5;
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "order BHQ assault BRIF");
	assert_int_equal(minis__group_allowance(t.g, mt_u(&t, "BRIF"), 0), 700);
	assert_int_equal(minis__group_allowance(t.g, mt_u(&t, "BRIF"), 1), 700);
	mt_close(&t);
	open_table(&t, "");
	mt_place(&t, "BHQ", 20, 5, 0);
	mt_place(&t, "BSHER", 20, 10, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	t.g->u[mt_u(&t, "BHQ")].orders = 5;
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "order BHQ armoured BSHER");
	assert_int_equal(minis__group_allowance(t.g, mt_u(&t, "BSHER"), 0), 400 + 600 + 200);
	mt_close(&t);
}

/* QR-MORALE-8, QR-MORALE-9: the +1 of a command unit that is also Elite is +1, not +2; a
 * score of 7 reads the row 6+. */
static void test_qr_morale_8_9_plus_one_once_row_six(void **state)
{
	struct mt t;
	struct minis_cause c = {{11000, 5000}, 0, 0, "test"};

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GCMD", 110, 30, 180);
	((struct minis_scenario *)t.sc)->units[mt_u(&t, "GCMD")].quality = MQ_ELITE;
	mt_dice(&t, 6, 0);
	assert_int_equal(minis__test(t.g, &t.dice, mt_u(&t, "GCMD"), MT_RETREAT, 0, &c, &t.ev), 0);
	assert_int_equal((int)mt_num(&t, "morale", "modifier"), 1);
	assert_string_equal(mt_str(&t, "morale", "outcome"), "obey orders"); /* 7: row 6+ */
	mt_close(&t);
}

/* QR-FLAME-6: the 8+ test of a flame-thrower is the AFV destroyed test against an AFV. */
static void test_qr_flame_6_afv_takes_the_destroyed_test(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "BFLAME", 110, 20, 0);
	mt_place(&t, "GPZIV", 110, 20 + 0.5 + 3 + 1.25, 180);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BFLAME", NULL);
	mt_dice(&t, 5, 6, 4, 0);
	mt_ok(&t, MT_BRIT, "fire BFLAME GPZIV flame");
	assert_string_equal(mt_str(&t, "fire", "result"), "dispersed/destroyed test");
	assert_string_equal(mt_str(&t, "morale", "test"), "destroyed");
	mt_close(&t);
}

/* QR-FIRE-25: a target seen through smoke is difficult. */
static void test_qr_fire_25_through_smoke_is_difficult(void **state)
{
	struct mt t;
	struct minis_shot s;
	int found = 0;

	(void)state;
	open_table(&t, "");
	duel(&t, "BRIF", "GINF", 8);
	t.g->nsmoke = 1;
	t.g->smoke[0] = (struct minis_smoke){11000, 2600, 400, 100, 0, 9};
	memset(&s, 0, sizeof(s));
	s.firer = mt_u(&t, "BRIF"), s.target = mt_u(&t, "GINF"), s.weapon = -1;
	assert_int_equal(minis__shot_check(t.g, MT_BRIT, &s, &t.err), 0);
	for (int k = 0; k < s.nmods; k++)
		if (strstr(s.why[k], "smoke") != NULL)
			found = s.mods[k] == -1;
	assert_true(found);
	mt_close(&t);
}

/* QR-ASSAULT-27: a pinned defending lead fights at -2. */
static void test_qr_assault_27_pinned_lead_minus_2(void **state)
{
	struct mt t;

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	mt_clear(&t);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_place(&t, "DE3", 60, 21.5, 180);
	mt_place(&t, "GB4", 60, 20.5, 0);
	t.g->u[mt_u(&t, "DE3")].flags |= MU_PINNED;
	mt_group(&t, 3, 3, "GB4", NULL);
	mt_dice(&t, 4, 4, 4, 4, 0);
	mt_ok(&t, MT_BRIT, "assault GB4 DE3");
	{
		const cJSON *def =
		    cJSON_GetObjectItemCaseSensitive(mt_event_of(&t, "assault"), "defender");
		assert_int_equal(cJSON_GetObjectItemCaseSensitive(def, "modifier")->valueint, -2);
	}
	mt_close(&t);
}

/* QR-ASSAULT-39: "Losers Routed!": the losing lead is one of the casualties, whatever the
 * loser chooses for the other. */
static void test_qr_assault_39_routed_lead_is_a_casualty(void **state)
{
	struct mt t;

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	mt_clear(&t);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_place(&t, "DE3", 60, 21.5, 180);
	mt_place(&t, "DE4", 61.5, 21.5, 180);
	mt_place(&t, "DE6", 58.5, 21.5, 180);
	mt_place(&t, "GB4", 60, 20.5, 0);
	mt_group(&t, 3, 3, "GB4", NULL);
	mt_dice(&t, 6, 5, 1, 1, 0); /* 2 + 11 = 13 against 3 + 2 + 2 = 7 (supported) */
	mt_ok(&t, MT_BRIT, "assault GB4 DE3");
	assert_true(mt_event(&t, "assault", "Losers Routed!"));
	assert_int_equal(t.g->u[mt_u(&t, "DE3")].status, MS_DISPERSED);
	if (t.g->intr == MI_CASUALTY) {
		mt_ok(&t, MT_GERMAN, "casualty DE6");
		assert_int_equal(t.g->u[mt_u(&t, "DE6")].status, MS_DISPERSED);
	}
	mt_close(&t);
}

/* Every form of every verb's usage passes the arity check the match makes before the
 * ruleset sees the action (rules/core/match.c): the shortest and the longest. */
static void test_verb_arities_take_every_usage_form(void **state)
{
	static const char *const lines[] = {"deploy dummy1 remove",
	                                    "deploy GB4 31 3 0 hidden",
	                                    "deploy dummy 14 35",
	                                    "order GB1 standard GB4",
	                                    "move GB4 limber",
	                                    "move GB4 31 10 32 12 0",
	                                    "fire GB4 air",
	                                    "fire GB4 GINF rifles GB5 GB6",
	                                    "assault GB4 GINF",
	                                    "recon GB4 T3",
	                                    "recon GB4 30 20",
	                                    "rally GB4",
	                                    "rally GB4 GB3",
	                                    "call air DE8",
	                                    "call air 30 20 cannon 90",
	                                    "call artillery 30 20 smoke",
	                                    "end",
	                                    "reveal none",
	                                    "reveal DE4 DE3",
	                                    "stubborn fight",
	                                    "casualty GB4",
	                                    "options",
	                                    "options GB4 all",
	                                    "units",
	                                    "measure GB4 GB5",
	                                    "measure 1 2 3 4",
	                                    "los GB4 GB5",
	                                    "table",
	                                    "map svg",
	                                    "terrain",
	                                    "terrain T3"};

	(void)state;
	for (size_t k = 0; k < sizeof(lines) / sizeof(lines[0]); k++) {
		char buf[128], *argv[16];
		int argc = 0;
		const struct minis_verb *v;
		snprintf(buf, sizeof(buf), "%s", lines[k]);
		for (char *p = strtok(buf, " "); p != NULL; p = strtok(NULL, " "))
			argv[argc++] = p;
		v = minis__verb_find(argv[0]);
		assert_non_null(v);
		if (argc - 1 < v->v.min_args || (v->v.max_args >= 0 && argc - 1 > v->v.max_args))
			fail_msg("'%s' does not pass %s's arity %d..%d", lines[k], v->v.name,
			         v->v.min_args, v->v.max_args);
	}
}

static void test_qr_fire_37_light_afv_destroyed_test_at_11(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	duel(&t, "BSHER", "GHT", 10);
	mt_dice(&t, 3, 3, 1, 0); /* 6, on target, +5 - 0 = 11 */
	mt_ok(&t, MT_BRIT, "fire BSHER GHT g75");
	assert_int_equal((int)mt_num(&t, "fire", "score"), 11);
	assert_string_equal(mt_str(&t, "fire", "result"), "destroyed");
	mt_close(&t);
}

static void test_qr_fire_41_hidden_firer_revealed_first(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	duel(&t, "BRIF", "GINF", 10);
	t.g->u[mt_u(&t, "BRIF")].flags |= MU_AMBUSH;
	mt_dice(&t, 1, 1, 0);
	mt_ok(&t, MT_BRIT, "fire BRIF GINF");
	assert_true(event_index(&t, "revealed") >= 0);
	assert_true(event_index(&t, "revealed") < event_index(&t, "fire"));
	assert_false(t.g->u[mt_u(&t, "BRIF")].flags & MU_AMBUSH);
	mt_close(&t);
}

static void test_qr_armour_15_wreck_left(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	duel(&t, "BSHER", "GPZIV", 10);
	mt_dice(&t, 6, 6, 1, 0);
	mt_ok(&t, MT_BRIT, "fire BSHER GPZIV g75");
	assert_int_equal(t.g->u[mt_u(&t, "GPZIV")].status, MS_DESTROYED);
	{
		cJSON *q = mt_query(&t, MT_BRIT, "table");
		char *s = cJSON_PrintUnformatted(q);
		assert_non_null(strstr(s, "#"));
		free(s);
		cJSON_Delete(q);
	}
	/* a wreck blocks vehicles */
	mt_place(&t, "BSTU", 110, 26, 0);
	mt_group(&t, 3, 3, "BSTU", NULL);
	mt_refused(&t, MT_BRIT, "move BSTU 110 34", "QR-AMB-1");
	mt_close(&t);
}

/* ---- MORALE ---- */

static void test_qr_morale_10_test_names_and_columns(void **state)
{
	struct mt t;

	(void)state;
	/* flame 8+ against an AFV: the AFV DESTROYED test */
	open_table(&t, "");
	duel(&t, "BFLAME", "GPZIV", 3);
	mt_dice(&t, 4, 4, 6, 0);
	mt_ok(&t, MT_BRIT, "fire BFLAME GPZIV flame");
	assert_string_equal(mt_str(&t, "morale", "test"), "destroyed");
	mt_close(&t);
}

static void test_qr_morale_11_afv_disperse_is_destroyed_test(void **state)
{
	struct mt t;
	struct minis_cause c = {{0, 0}, 0, 0, "t"};

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GPZIV", 110, 30, 180);
	((struct minis_scenario *)t.sc)->units[mt_u(&t, "GPZIV")].flags |= MINIS_F_AFV_CMD;
	mt_dice(&t, 6, 0);
	minis__test(t.g, &t.dice, mt_u(&t, "GPZIV"), MT_NONE, 1, &c, &t.ev);
	assert_string_equal(mt_str(&t, "morale", "test"), "destroyed");
	assert_int_equal((int)mt_num(&t, "morale", "modifier"), 0);
	mt_close(&t);
}

static void test_qr_morale_12_pinned_does_not_escalate(void **state)
{
	struct mt t;
	struct minis_cause c = {{0, 0}, 0, 0, "t"};

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 110, 30, 180);
	t.g->u[mt_u(&t, "GINF")].flags |= MU_PINNED;
	mt_dice(&t, 1, 0);
	minis__test(t.g, &t.dice, mt_u(&t, "GINF"), MT_PINNED, 0, &c, &t.ev);
	assert_int_equal(t.g->u[mt_u(&t, "GINF")].status, MS_ON);
	assert_true(t.g->u[mt_u(&t, "GINF")].flags & MU_PINNED);
	mt_close(&t);
}

static void test_qr_morale_18_damaged_twice_destroyed(void **state)
{
	struct mt t;
	struct minis_cause c = {{11000, 0}, 0, 0, "t"};

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GPZIV", 110, 30, 180);
	t.g->u[mt_u(&t, "GPZIV")].flags |= MU_DAMAGED;
	mt_dice(&t, 3, 0);
	minis__test(t.g, &t.dice, mt_u(&t, "GPZIV"), MT_DAMAGED, 0, &c, &t.ev);
	assert_int_equal(t.g->u[mt_u(&t, "GPZIV")].status, MS_DESTROYED);
	mt_close(&t);
}

/* ---- RALLY ---- */

static void test_qr_rally_12_command_quality(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	((struct minis_scenario *)t.sc)->units[mt_u(&t, "GCMD")].quality = MQ_MILITIA;
	mt_place(&t, "GCMD", 110, 30, 180);
	t.g->u[mt_u(&t, "GCMD")].flags |= MU_PINNED;
	mt_phase(&t, MP_RALLY, MT_GERMAN);
	mt_dice(&t, 3, 0);
	minis__rally_resolve(t.g, &t.dice, &t.ev);
	assert_int_equal((int)mt_num(&t, "rally", "modifier"), 0);
	mt_close(&t);
}

static void test_qr_rally_15_rallied_unit_acts_next_turn(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 110, 30, 180);
	mt_place(&t, "GHQ", 100, 70, 180);
	t.g->u[mt_u(&t, "GINF")].flags |= MU_PINNED;
	mt_phase(&t, MP_RALLY, MT_GERMAN);
	mt_dice(&t, 6, 6, 6, 0);
	minis__rally_resolve(t.g, &t.dice, &t.ev);
	assert_false(t.g->u[mt_u(&t, "GINF")].flags & MU_PINNED);
	mt_phase(&t, MP_ORDERS, MT_GERMAN);
	t.g->u[mt_u(&t, "GHQ")].orders = 2;
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_GERMAN, "order GHQ standard GINF");
	mt_ok(&t, MT_GERMAN, "move GINF 110 27");
	mt_close(&t);
}

/* ---- FLAME and ACQ ---- */

static void test_qr_flame_5_out_of_ammo_loses_assault_bonus(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 110, 40, 180);
	mt_place(&t, "BFLAME", 110, 39, 0);
	t.g->u[mt_u(&t, "BFLAME")].flags |= MU_NO_FLAME;
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BFLAME", NULL);
	mt_dice(&t, 1, 1, 1, 1, 0);
	mt_ok(&t, MT_BRIT, "assault BFLAME GINF");
	assert_int_equal(
	    cJSON_GetObjectItemCaseSensitive(
	        cJSON_GetObjectItemCaseSensitive(mt_event_of(&t, "assault"), "attacker"),
	        "modifier")
	        ->valueint,
	    0);
	mt_close(&t);
}

/* Also QR-AMB-46 (flame-throwers: range, no factor, no armour, out of ammo after a miss). */
static void test_qr_flame_7_range_4(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	duel(&t, "BFLAME", "GINF", 4.01);
	mt_refused(&t, MT_BRIT, "fire BFLAME GINF flame", "QR-RANGE-12");
	mt_close(&t);
}

static void test_qr_acq_8_rows_by_target(void **state)
{
	struct mt t;
	int32_t lim;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "BSHER", 110, 10, 0);
	mt_place(&t, "GCMD", 110, 50, 180);
	minis__acq_limit(t.g, mt_u(&t, "BSHER"), mt_u(&t, "GCMD"), &lim);
	assert_int_equal(lim, 2400);
	mt_place(&t, "GPAK", 100, 50, 180);
	minis__acq_limit(t.g, mt_u(&t, "BSHER"), mt_u(&t, "GPAK"), &lim);
	assert_int_equal(lim, 3200);
	mt_place(&t, "GLORRY", 90, 50, 180);
	minis__acq_limit(t.g, mt_u(&t, "BSHER"), mt_u(&t, "GLORRY"), &lim);
	assert_int_equal(lim, 5000);
	mt_place(&t, "GHMG", 105, 50, 180); /* a crewed weapon, not an AT gun: other */
	minis__acq_limit(t.g, mt_u(&t, "BSHER"), mt_u(&t, "GHMG"), &lim);
	assert_int_equal(lim, 5000);
	mt_close(&t);
}

/* ---- DSIX ---- */

static void test_qr_dsix_15_only_on_2d6(void **state)
{
	struct mt t;

	(void)state;
	/* a 6 on a morale die is no double six: the outcome is read as printed */
	open_table(&t, "");
	duel(&t, "BRIF", "GINF", 10);
	mt_dice(&t, 5, 5, 6, 0); /* 10: on target, +0: retreat test, 6: obey */
	mt_ok(&t, MT_BRIT, "fire BRIF GINF");
	assert_string_equal(mt_str(&t, "morale", "outcome"), "obey orders");
	assert_null(
	    cJSON_GetObjectItemCaseSensitive(mt_event_of(&t, "morale"), "double_six_minimum"));
	mt_close(&t);
}

/* ---- ASSAULT ---- */

static void test_qr_assault_15_smg_against_vehicles_2(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	((struct minis_scenario *)t.sc)->units[mt_u(&t, "BRIF")].flags |= MINIS_F_SMG;
	mt_place(&t, "GPZIV", 110, 40, 180);
	mt_place(&t, "BRIF", 110, 40 - 1.25 - 0.5, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BRIF", NULL);
	mt_dice(&t, 1, 1, 1, 1, 0);
	mt_ok(&t, MT_BRIT, "assault BRIF GPZIV");
	assert_int_equal(
	    cJSON_GetObjectItemCaseSensitive(
	        cJSON_GetObjectItemCaseSensitive(mt_event_of(&t, "assault"), "attacker"), "factor")
	        ->valueint,
	    2);
	mt_close(&t);
}

static void test_qr_assault_16_afv_command_uses_afv_factor(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	((struct minis_scenario *)t.sc)->units[mt_u(&t, "GPZIV")].flags |= MINIS_F_AFV_CMD;
	mt_place(&t, "GPZIV", 110, 40, 180);
	mt_place(&t, "BRIF", 110, 40 - 1.25 - 0.5, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BRIF", NULL);
	mt_dice(&t, 1, 1, 1, 1, 0);
	mt_ok(&t, MT_BRIT, "assault BRIF GPZIV");
	assert_int_equal(
	    cJSON_GetObjectItemCaseSensitive(
	        cJSON_GetObjectItemCaseSensitive(mt_event_of(&t, "assault"), "defender"), "factor")
	        ->valueint,
	    5);
	mt_close(&t);
}

static void test_qr_assault_26_pinned_may_not_support(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 110, 40, 180);
	mt_place(&t, "BRIF", 110, 39, 0);
	mt_place(&t, "BRIF2", 108.5, 39, 0);
	t.g->u[mt_u(&t, "BRIF2")].flags |= MU_PINNED;
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BRIF", "BRIF2", NULL);
	mt_refused(&t, MT_BRIT, "assault BRIF GINF BRIF2", "QR-ASSAULT-26");
	mt_dice(&t, 1, 1, 1, 1, 0);
	mt_ok(&t, MT_BRIT, "assault BRIF GINF");
	assert_int_equal(
	    cJSON_GetObjectItemCaseSensitive(
	        cJSON_GetObjectItemCaseSensitive(mt_event_of(&t, "assault"), "attacker"),
	        "modifier")
	        ->valueint,
	    0);
	mt_close(&t);
}

static void test_qr_assault_29_veteran_is_not_elite(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "BRIF", 110, 39, 0);
	mt_place(&t, "GVET", 110, 40, 180);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BRIF", NULL);
	mt_dice(&t, 1, 1, 1, 1, 0);
	mt_ok(&t, MT_BRIT, "assault BRIF GVET");
	assert_int_equal(
	    cJSON_GetObjectItemCaseSensitive(
	        cJSON_GetObjectItemCaseSensitive(mt_event_of(&t, "assault"), "defender"),
	        "modifier")
	        ->valueint,
	    0);
	mt_close(&t);
}

static void test_qr_assault_41_losing_soft_skins_destroyed(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GLORRY", 110, 40, 180);
	mt_place(&t, "BRIF", 110, 40 - 1.25 - 0.5, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BRIF", NULL);
	mt_dice(&t, 2, 1, 1, 1, 0); /* 5 against 2: losers retreat, but a soft skin is destroyed */
	mt_ok(&t, MT_BRIT, "assault BRIF GLORRY");
	assert_int_equal(t.g->u[mt_u(&t, "GLORRY")].status, MS_DESTROYED);
	mt_close(&t);
}

static void test_qr_assault_46_hidden_defender_revealed(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 110, 40, 180);
	mt_place(&t, "GVET", 111.5, 40, 180);
	t.g->u[mt_u(&t, "GVET")].flags |= MU_HIDDEN;
	mt_place(&t, "BRIF", 110.75, 39, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BRIF", NULL);
	mt_dice(&t, 1, 1, 1, 1, 0);
	mt_ok(&t, MT_BRIT, "assault BRIF GINF");
	assert_true(mt_event(&t, "revealed", "GVET"));
	mt_close(&t);
}

/* ---- ARTY and HE ---- */

static void call_at(struct mt *t, double x, double y, const char *extra)
{
	mt_place(t, "BFOO", 110, 20, 0);
	mt_place(t, "BHQ", 100, 5, 0);
	mt_phase(t, MP_ORDERS, MT_BRIT);
	t->g->fire_missions[MT_BRIT] = 1;
	t->g->u[mt_u(t, "BHQ")].orders = 2;
	if (mt_do(t, MT_BRIT, "call artillery %g %g%s", x, y, extra) != 0)
		fail_msg("%s", t->err.message);
}

static void test_qr_arty_15_right_left_relative_to_observer(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_dice(&t, 3, 1, 1, 0); /* right of target by 4 + 1: the observer looks north: east */
	call_at(&t, 110, 40, "");
	assert_int_equal((int)(mt_num(&t, "artillery", "x") * 100 + 0.5), 11500);
	mt_close(&t);
	open_table(&t, "");
	mt_dice(&t, 3, 2, 1, 0); /* left: west */
	call_at(&t, 110, 40, "");
	assert_int_equal((int)(mt_num(&t, "artillery", "x") * 100 + 0.5), 10500);
	mt_close(&t);
}

static void test_qr_arty_21_zone_depth_along_the_line(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	((struct minis_scenario *)t.sc)->sides[MT_BRIT].battery.guns = 2; /* 2" deep, 4" wide */
	mt_place(&t, "GINF", 111.5, 40, 180);                             /* within the 4" width */
	mt_place(&t, "GVET", 110, 42.5, 180);                             /* beyond the 2" depth */
	mt_dice(&t, 3, 5, 1, 1, 0);
	call_at(&t, 110, 40, "");
	assert_true(mt_event(&t, "he", "GINF"));
	assert_false(mt_event(&t, "he", "GVET"));
	mt_close(&t);
}

/* Also QR-HE-19 (a dummy in the zone is not attacked or revealed). */
static void test_qr_arty_22_both_sides_hidden_not_dummies(void **state)
{
	struct mt t;
	int dm;

	(void)state;
	open_table(&t, "hidden.proximity_reveal=off"); /* BRIF comes close to them */
	mt_place(&t, "GINF", 110, 40, 180);
	t.g->u[mt_u(&t, "GINF")].flags |= MU_HIDDEN;
	mt_place(&t, "BRIF", 111.5, 41, 0);
	dm = minis__dummy_slot(t.g, 0);
	t.g->u[dm].status = MS_ON;
	t.g->u[dm].flags = MU_HIDDEN;
	t.g->u[dm].x = 10850;
	t.g->u[dm].y = 4100;
	mt_dice(&t, 3, 5, 1, 1, 1, 1, 0);
	call_at(&t, 110, 40, "");
	assert_true(mt_event(&t, "he", "GINF"));
	assert_true(mt_event(&t, "he", "BRIF"));
	assert_false(mt_event(&t, "he", "dummy"));
	assert_int_equal(t.g->u[dm].status, MS_ON);
	mt_close(&t);
}

static void test_qr_arty_23_smoke_screen(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 110, 40, 180);
	mt_dice(&t, 3, 5, 0);
	call_at(&t, 110, 35, " smoke");
	assert_int_equal(t.g->nsmoke, 1);
	assert_false(mt_event(&t, "he", NULL));
	/* it obscures: a target behind it is difficult */
	{
		int obscured = 0;
		assert_true(minis__los(t.g, mt_u(&t, "BFOO"), mt_u(&t, "GINF"), &obscured, NULL));
		assert_int_equal(obscured, 2);
	}
	/* it lasts until the end of the next turn */
	assert_int_equal(t.g->smoke[0].until, t.g->turn + 1);
	mt_close(&t);
}

static void test_qr_he_10_light_mortar_0(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	((struct minis_scenario *)t.sc)->units[mt_u(&t, "BMORT")].he = -1;
	mt_place(&t, "BMORT", 110, 20, 0);
	mt_place(&t, "GINF", 110, 35, 180);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BMORT", NULL);
	mt_dice(&t, 5, 1, 1, 0);
	mt_ok(&t, MT_BRIT, "fire BMORT 110 35");
	assert_int_equal((int)mt_num(&t, "he", "he"), 0);
	assert_int_equal((int)(mt_num(&t, "artillery", "zone_width") * 100 + 0.5), 100);
	mt_close(&t);
}

static void test_qr_he_12_ordinary_cover_no_modifier(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 110, 40, 180);
	((struct minis_scenario *)t.sc)->units[mt_u(&t, "GINF")].flags |= MINIS_F_HULL_DOWN;
	mt_dice(&t, 3, 5, 1, 1, 0);
	call_at(&t, 110, 40, "");
	assert_int_equal((int)mt_num(&t, "he", "modifier"), 0);
	mt_close(&t);
}

static void test_qr_he_17_softskin_disperse_afv_damaged(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GLORRY", 110, 40, 180);
	mt_dice(&t, 3, 5, 5, 4, 6, 0); /* 9 + 3 = 12 */
	call_at(&t, 110, 40, "");
	assert_string_equal(mt_str(&t, "he", "result"), "disperse");
	mt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_qr_gen_4_unprinted_factor),
	    cmocka_unit_test(test_qr_gen_7_commonwealth_free_french_polish_british),
	    cmocka_unit_test(test_qr_gen_8_finns_as_germans),
	    cmocka_unit_test(test_qr_gen_9_other_armies_as_russian_for_groups),
	    cmocka_unit_test(test_qr_setup_1_printed_order),
	    cmocka_unit_test(test_qr_setup_18_gaps_use_column_b),
	    cmocka_unit_test(test_qr_setup_26_majority_tie_goes_lower),
	    cmocka_unit_test(test_qr_setup_30_below_zero_permits_zero),
	    cmocka_unit_test(test_qr_setup_31_several_hqs_roll_each),
	    cmocka_unit_test(test_qr_setup_32_large_game_rolls_twice),
	    cmocka_unit_test(test_qr_setup_33_owner_chooses_within_allowance),
	    cmocka_unit_test(test_qr_setup_34_37_automatic_hidden_status),
	    cmocka_unit_test(test_qr_setup_38_only_the_defender_has_dummies),
	    cmocka_unit_test(test_qr_setup_42_dummy_allowance_capped),
	    cmocka_unit_test(test_qr_air_2_attack_type_target_bearing),
	    cmocka_unit_test(test_qr_air_12_below_1_counts_as_1),
	    cmocka_unit_test(test_qr_air_13_miss_along_the_bearing),
	    cmocka_unit_test(test_qr_air_14_zone_both_sides_hidden_included),
	    cmocka_unit_test(test_qr_air_38_row_11_split),
	    cmocka_unit_test(test_qr_air_39_12_destroys_a_strongpoint),
	    cmocka_unit_test(test_qr_aa_1_pinned_units_do_not_fire),
	    cmocka_unit_test(test_qr_aa_2_each_once_per_attack),
	    cmocka_unit_test(test_qr_aa_15_hits_add_up_abort_stops_the_attack),
	    cmocka_unit_test(test_qr_cmd_14_company_order_pays_own_group),
	    cmocka_unit_test(test_qr_cmd_15_unspent_orders_lost),
	    cmocka_unit_test(test_qr_cmd_24_surcharge_exemptions),
	    cmocka_unit_test(test_qr_cmd_25_cost_over_orders_refused),
	    cmocka_unit_test(test_qr_cmd_39_special_group_restrictions),
	    cmocka_unit_test(test_qr_cmd_40_once_per_turn),
	    cmocka_unit_test(test_qr_turn_1_7_the_sequence),
	    cmocka_unit_test(test_qr_turn_9_end_at_any_time),
	    cmocka_unit_test(test_qr_turn_10_defensive_fire_any_unit_once),
	    cmocka_unit_test(test_qr_turn_11_rally_phasing_side_first),
	    cmocka_unit_test(test_qr_move_14_path_facing_bases_table),
	    cmocka_unit_test(test_qr_move_29_bogged_stays_unbog_retest),
	    cmocka_unit_test(test_qr_recon_2_an_area_in_sight),
	    cmocka_unit_test(test_qr_recon_19_twelve_shows_two),
	    cmocka_unit_test(test_qr_recon_22_only_true_candidates),
	    cmocka_unit_test(test_qr_recon_23_proximity_counts_seen_enemies),
	    cmocka_unit_test(test_qr_range_13_hand_held_at_no_close_band),
	    cmocka_unit_test(test_qr_range_14_he_row_takes_the_gun_class),
	    cmocka_unit_test(test_qr_fire_2_visible_target_in_sight),
	    cmocka_unit_test(test_qr_fire_19_supporters_within_2_not_pinned),
	    cmocka_unit_test(test_qr_fire_20_no_close_for_flame),
	    cmocka_unit_test(test_qr_fire_22_best_cover_only),
	    cmocka_unit_test(test_qr_fire_24_difficult_once),
	    cmocka_unit_test(test_verb_arities_take_every_usage_form),
	    cmocka_unit_test(test_qr_setup_35_36_fac_and_observer_hidden),
	    cmocka_unit_test(test_qr_move_12_assault_groups),
	    cmocka_unit_test(test_qr_morale_8_9_plus_one_once_row_six),
	    cmocka_unit_test(test_qr_flame_6_afv_takes_the_destroyed_test),
	    cmocka_unit_test(test_qr_fire_25_through_smoke_is_difficult),
	    cmocka_unit_test(test_qr_assault_27_pinned_lead_minus_2),
	    cmocka_unit_test(test_qr_assault_39_routed_lead_is_a_casualty),
	    cmocka_unit_test(test_qr_fire_37_light_afv_destroyed_test_at_11),
	    cmocka_unit_test(test_qr_fire_41_hidden_firer_revealed_first),
	    cmocka_unit_test(test_qr_armour_15_wreck_left),
	    cmocka_unit_test(test_qr_morale_10_test_names_and_columns),
	    cmocka_unit_test(test_qr_morale_11_afv_disperse_is_destroyed_test),
	    cmocka_unit_test(test_qr_morale_12_pinned_does_not_escalate),
	    cmocka_unit_test(test_qr_morale_18_damaged_twice_destroyed),
	    cmocka_unit_test(test_qr_rally_12_command_quality),
	    cmocka_unit_test(test_qr_rally_15_rallied_unit_acts_next_turn),
	    cmocka_unit_test(test_qr_flame_5_out_of_ammo_loses_assault_bonus),
	    cmocka_unit_test(test_qr_flame_7_range_4),
	    cmocka_unit_test(test_qr_acq_8_rows_by_target),
	    cmocka_unit_test(test_qr_dsix_15_only_on_2d6),
	    cmocka_unit_test(test_qr_assault_15_smg_against_vehicles_2),
	    cmocka_unit_test(test_qr_assault_16_afv_command_uses_afv_factor),
	    cmocka_unit_test(test_qr_assault_26_pinned_may_not_support),
	    cmocka_unit_test(test_qr_assault_29_veteran_is_not_elite),
	    cmocka_unit_test(test_qr_assault_41_losing_soft_skins_destroyed),
	    cmocka_unit_test(test_qr_assault_46_hidden_defender_revealed),
	    cmocka_unit_test(test_qr_arty_15_right_left_relative_to_observer),
	    cmocka_unit_test(test_qr_arty_21_zone_depth_along_the_line),
	    cmocka_unit_test(test_qr_arty_22_both_sides_hidden_not_dummies),
	    cmocka_unit_test(test_qr_arty_23_smoke_screen),
	    cmocka_unit_test(test_qr_he_10_light_mortar_0),
	    cmocka_unit_test(test_qr_he_12_ordinary_cover_no_modifier),
	    cmocka_unit_test(test_qr_he_17_softskin_disperse_afv_damaged),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
