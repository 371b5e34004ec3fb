/*
 * test_minis_examples.c -- the worked examples of minis-checklist.md section 4 (QR-EX-1..37)
 * with forced dice, on the test table (tests/data/minis-test.json: every kind of unit, placed
 * by each test at the distances the example states) and on qr-village where the example
 * names its units.  Each test names the example it plays; the ids each proves are in
 * docs/rules-coverage.md.
 */
#include "test_minis_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEST_TABLE "test:minis-test.json"

static void open_table(struct mt *t, const char *opts)
{
	mt_open(t, TEST_TABLE, opts);
	mt_clear(t);
}

/* ---- direct fire (QR-EX-1..11, 31, 34, 35) ---- */

static void test_qr_ex_1_rifles_effective_in_cover_no_effect(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 29.5, 47, 270); /* in the wood, 0.5" from its east edge */
	mt_place(&t, "BRIF", 40.5, 47, 270);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BRIF", NULL);
	mt_dice(&t, 3, 4, 0);
	mt_ok(&t, MT_BRIT, "fire BRIF GINF");
	assert_int_equal((int)mt_num(&t, "fire", "distance"), 10);
	assert_string_equal(mt_str(&t, "fire", "band"), "effective");
	assert_true(
	    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(mt_event_of(&t, "fire"), "on_target")));
	assert_int_equal((int)mt_num(&t, "fire", "score"), 6);
	assert_string_equal(mt_str(&t, "fire", "result"), "no effect");
	assert_false(mt_event(&t, "morale", NULL));
	mt_close(&t);
}

static void shot(struct mt *t, int side, const char *firer, const char *target, int a, int b,
                 int test_die)
{
	if (test_die)
		mt_dice(t, a, b, test_die, 0);
	else
		mt_dice(t, a, b, 0);
	if (mt_do(t, side, "fire %s %s", firer, target) != 0)
		fail_msg("fire %s %s: %s [%s]", firer, target, t->err.message, t->err.rule);
}

/* Also QR-FIRE-39 (the test is taken at once), QR-MORALE-15 (the retreat: its path is the
 * engine's, docs/games/minis.md) and QR-MORALE-17 (destroyed: a wreck). */
static void test_qr_ex_2_pak40_sherman_front_close(void **state)
{
	struct mt t;

	(void)state;
	for (int variant = 0; variant < 2; variant++) {
		open_table(&t, "");
		mt_place(&t, "GPAK", 110, 30, 180);
		mt_place(&t, "BSHER", 110, 22, 0); /* 6" edge to edge, in the PaK's front */
		mt_phase(&t, MP_ORDERS, MT_GERMAN);
		mt_group(&t, 3, 3, "GPAK", NULL);
		shot(&t, MT_GERMAN, "GPAK", "BSHER", 5, 3, variant ? 6 : 4);
		assert_int_equal((int)mt_num(&t, "fire", "distance"), 6);
		assert_string_equal(mt_str(&t, "fire", "band"), "close");
		assert_string_equal(mt_str(&t, "fire", "facing"), "front");
		assert_int_equal((int)mt_num(&t, "fire", "armour"), 4);
		assert_int_equal((int)mt_num(&t, "fire", "score"), 12);
		assert_string_equal(mt_str(&t, "fire", "result"), "destroyed");
		if (variant == 0) {
			assert_string_equal(mt_str(&t, "morale", "outcome"), "destroyed");
			assert_int_equal(t.g->u[mt_u(&t, "BSHER")].status, MS_DESTROYED);
			assert_true(mt_event(&t, "removed", "wreck"));
		} else {
			assert_string_equal(mt_str(&t, "morale", "outcome"), "damaged & retreat");
			assert_true(t.g->u[mt_u(&t, "BSHER")].flags & MU_DAMAGED);
			assert_true(mt_event(&t, "retreat", "retreats 10\""));
		}
		mt_close(&t);
	}
}

/* Also QR-MORALE-13 (OBEY ORDERS: no change). */
static void test_qr_ex_3_pak40_tiger_front_effective(void **state)
{
	struct mt t;

	(void)state;
	for (int variant = 0; variant < 2; variant++) {
		open_table(&t, "");
		mt_place(&t, "BPAK", 110, 13, 0);
		mt_place(&t, "GTIGER", 110, 13 + 0.75 + 15 + 1.25, 180);
		mt_phase(&t, MP_ORDERS, MT_BRIT);
		mt_group(&t, 3, 3, "BPAK", NULL);
		shot(&t, MT_BRIT, "BPAK", "GTIGER", 4, 5, variant ? 4 : 3);
		assert_string_equal(mt_str(&t, "fire", "band"), "effective");
		assert_int_equal((int)mt_num(&t, "fire", "score"), 8);
		assert_string_equal(mt_str(&t, "fire", "result"), "pinned");
		assert_string_equal(mt_str(&t, "morale", "outcome"),
		                    variant ? "obey orders" : "pinned");
		assert_int_equal((t.g->u[mt_u(&t, "GTIGER")].flags & MU_PINNED) != 0, !variant);
		mt_close(&t);
	}
}

/* Also QR-FIRE-38 (the AFV column: 11 is DAMAGED where the infantry column says DISPERSE). */
static void test_qr_ex_4_17pdr_panther_side_long(void **state)
{
	struct mt t;
	static const struct {
		const char *firer;
		int panther_facing, score;
		const char *result;
	} v[] = {{"BFIRE", 90, 14, "destroyed"},
	         {"BSHER", 90, 11, "damaged"},
	         {"BFIRE", 180, 9, "retreat"}};

	(void)state;
	for (size_t k = 0; k < 3; k++) {
		double py = 13 + 1.25 + 30 + (v[k].panther_facing == 90 ? 0.75 : 1.25);
		open_table(&t, "");
		mt_place(&t, v[k].firer, 110, 13, 0);
		mt_place(&t, "GPANTH", 110, py, v[k].panther_facing);
		mt_phase(&t, MP_ORDERS, MT_BRIT);
		mt_group(&t, 3, 3, v[k].firer, NULL);
		shot(&t, MT_BRIT, v[k].firer, "GPANTH", 6, 4, 6);
		assert_int_equal((int)mt_num(&t, "fire", "distance"), 30);
		assert_string_equal(mt_str(&t, "fire", "band"), "long");
		assert_int_equal((int)mt_num(&t, "fire", "score"), v[k].score);
		assert_string_equal(mt_str(&t, "fire", "result"), v[k].result);
		if (k == 0) {
			assert_int_equal((int)mt_num(&t, "fire", "armour"), 2); /* [*Panther = 2] */
			assert_string_equal(mt_str(&t, "morale", "outcome"), "damaged & retreat");
		}
		mt_close(&t);
	}
}

/* Also QR-WEAPON-36 (no weapon factor is added to a miss). */
static void test_qr_ex_5_militia_lmg_hard_cover_miss(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 42.5, 40.5, 180); /* in the building, at its wall */
	mt_place(&t, "BMIL", 42.5, 29.5, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BMIL", NULL);
	shot(&t, MT_BRIT, "BMIL", "GINF", 2, 5, 0);
	assert_int_equal((int)mt_num(&t, "fire", "distance"), 10);
	assert_false(
	    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(mt_event_of(&t, "fire"), "on_target")));
	assert_true(mt_event(&t, "fire", "= 4: MISS"));
	assert_false(mt_event(&t, "morale", NULL));
	mt_close(&t);
}

static void test_qr_ex_6_pinned_mmg_defensive_fire(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "BMMG", 110, 20, 0);
	mt_place(&t, "GINF", 110, 24, 180);
	t.g->u[mt_u(&t, "BMMG")].flags |= MU_PINNED;
	mt_phase(&t, MP_DEFFIRE, MT_BRIT);
	shot(&t, MT_BRIT, "BMMG", "GINF", 4, 4, 5);
	assert_int_equal((int)mt_num(&t, "fire", "score"), 9);
	assert_string_equal(mt_str(&t, "fire", "result"), "retreat");
	assert_string_equal(mt_str(&t, "morale", "outcome"), "pinned");
	assert_true(t.g->u[mt_u(&t, "GINF")].flags & MU_PINNED);
	/* refused: the same in defensive fire at 10" (effective) */
	mt_place(&t, "GINF", 110, 31, 180);
	t.g->u[mt_u(&t, "BMMG")].flags &= ~(uint32_t)MU_DEFFIRED;
	mt_refused(&t, MT_BRIT, "fire BMMG GINF", "QR-FIRE-17");
	/* refused: at 3" in its own command orders phase (not point blank, QR-AMB-39) */
	mt_place(&t, "GINF", 110, 24, 180);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BMMG", NULL);
	t.g->u[mt_u(&t, "BMMG")].flags |= MU_PINNED;
	mt_refused(&t, MT_BRIT, "fire BMMG GINF", "QR-FIRE-17");
	mt_close(&t);
}

/* Also QR-FIRE-38 (the infantry column at 11) and QR-FIRE-18 (two supporters, +2). */
static void test_qr_ex_7_supported_elite_row_11(void **state)
{
	struct mt t;
	static const struct {
		const char *target;
		int die;
		const char *result, *outcome;
	} v[] = {{"GINF2", 6, "disperse", "retreat"},
	         {"GINF2", 5, "disperse", "dispersed"},
	         {"GINF", 6, "retreat", "obey orders"}};

	(void)state;
	for (size_t k = 0; k < 3; k++) {
		open_table(&t, "");
		mt_place(&t, "BELITE", 110, 20, 0);
		mt_place(&t, "BRIF2", 108, 20, 0);
		mt_place(&t, "BRIF3", 112, 20, 0);
		mt_place(&t, v[k].target, 110, 24, 180);
		mt_phase(&t, MP_ORDERS, MT_BRIT);
		mt_group(&t, 3, 3, "BELITE", "BRIF2", "BRIF3", "BRIF", NULL);
		mt_place(&t, "BRIF", 106, 20, 0);
		t.g->u[mt_u(&t, "BRIF")].flags |= MU_ACTIVATED;
		if (k == 0) /* a third supporter is refused: "Two units maximum" */
			mt_refused(&t, MT_BRIT, "fire BELITE GINF2 BRIF2 BRIF3 BRIF", "QR-FIRE-6");
		mt_dice(&t, 1, 5, v[k].die, 0);
		if (mt_do(&t, MT_BRIT, "fire BELITE %s BRIF2 BRIF3", v[k].target) != 0)
			fail_msg("%s", t.err.message);
		assert_int_equal((int)mt_num(&t, "fire", "score"), 11);
		assert_string_equal(mt_str(&t, "fire", "result"), v[k].result);
		assert_string_equal(mt_str(&t, "morale", "outcome"), v[k].outcome);
		/* the supporters gave up their own fire (QR-AMB-7) */
		mt_refused(&t, MT_BRIT, "fire BRIF2 GINF2", "QR-FIRE-40");
		mt_close(&t);
	}
}

static void test_qr_ex_8_mmg_long_difficult_elite_morale(void **state)
{
	struct mt t;

	(void)state;
	for (int variant = 0; variant < 2; variant++) {
		open_table(&t, "");
		mt_place(&t, "BMMG", 110, 20, 0);
		mt_place(&t, "GELITE", 110, 20 + 0.5 + 18 + 0.5, 180);
		mt_phase(&t, MP_ORDERS, MT_BRIT);
		mt_group(&t, 3, 3, "BMMG", NULL);
		shot(&t, MT_BRIT, "BMMG", "GELITE", 3, 6, variant ? 2 : 3);
		assert_string_equal(mt_str(&t, "fire", "band"), "long");
		assert_int_equal((int)mt_num(&t, "fire", "score"), 8);
		assert_string_equal(mt_str(&t, "fire", "result"), "pinned");
		assert_int_equal((int)mt_num(&t, "morale", "modifier"), 1);
		assert_string_equal(mt_str(&t, "morale", "outcome"),
		                    variant ? "pinned" : "obey orders");
		mt_close(&t);
	}
}

static void test_qr_ex_9_russian_afv_long(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "BT34", 110, 13, 0);
	mt_place(&t, "GTIGER", 110, 13 + 1.25 + 30 + 0.75, 90);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BT34", NULL);
	shot(&t, MT_BRIT, "BT34", "GTIGER", 5, 6, 5);
	assert_true(mt_event(&t, "fire", "-3 long range"));
	assert_int_equal((int)mt_num(&t, "fire", "score"), 11);
	assert_string_equal(mt_str(&t, "fire", "result"), "damaged");
	assert_string_equal(mt_str(&t, "morale", "outcome"), "retreat");
	assert_false(t.g->u[mt_u(&t, "GTIGER")].flags & MU_DAMAGED);
	mt_close(&t);
}

static void test_qr_ex_10_within_acquisition_out_of_range(void **state)
{
	struct mt t;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "BSTU", 110, 13, 0);
	mt_place(&t, "GPZ50", 110, 13 + 1.25 + 32 + 1.25, 180);
	mt_place(&t, "GPAK", 107, 13 + 1.25 + 32 + 0.75, 180);
	mt_phase(&t, MP_ORDERS, MT_GERMAN);
	mt_group(&t, 3, 3, "GPZ50", "GPAK", NULL);
	mt_refused(&t, MT_GERMAN, "fire GPZ50 BSTU g50s", "QR-RANGE-12");
	shot(&t, MT_GERMAN, "GPAK", "BSTU", 1, 1, 0);
	assert_string_equal(mt_str(&t, "fire", "band"), "long");
	assert_true(mt_event(&t, "fire", "-2 long range"));
	mt_close(&t);
}

/* Also QR-ACQ-5 (a visible unit in sight within the distance is engaged with no roll). */
static void test_qr_ex_11_acquisition_limits_high_ground(void **state)
{
	struct mt t;
	int32_t lim;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 29.5, 47, 270); /* in the wood */
	mt_place(&t, "BMMG", 29.5 + 0.5 + 18 + 0.5, 47, 270);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BMMG", "BPAK", NULL);
	mt_refused(&t, MT_BRIT, "fire BMMG GINF", "QR-ACQ-6");
	mt_place(&t, "GINF", 110, 38.5, 180); /* in the open at 18" */
	mt_place(&t, "BMMG", 110, 20, 0);
	shot(&t, MT_BRIT, "BMMG", "GINF", 1, 1, 0);
	/* on the hill, a target in the open below at 27" */
	mt_place(&t, "BPAK", 90, 35, 90);
	mt_place(&t, "GINF", 90 + 0.75 + 27 + 0.5, 35, 270);
	minis__acq_limit(t.g, mt_u(&t, "BPAK"), mt_u(&t, "GINF"), &lim);
	assert_int_equal(lim, 2800);
	shot(&t, MT_BRIT, "BPAK", "GINF", 1, 1, 0);
	/* in cover at 20": the +4" is for targets in the open */
	mt_place(&t, "GINF", 29.5, 47, 270);
	mt_place(&t, "BPAK", 29.5 + 0.5 + 20 + 0.75, 47, 270);
	minis__acq_limit(t.g, mt_u(&t, "BPAK"), mt_u(&t, "GINF"), &lim);
	assert_int_equal(lim, 1600);
	mt_close(&t);
	/* at scale alt: 36" + 6" */
	open_table(&t, "scale=alt");
	mt_place(&t, "BPAK", 135, 52, 90); /* the hill is [120,150] x [45,60] at alt */
	mt_place(&t, "GINF", 160, 52, 270);
	minis__acq_limit(t.g, mt_u(&t, "BPAK"), mt_u(&t, "GINF"), &lim);
	assert_int_equal(lim, 4200);
	mt_close(&t);
}

/* Also QR-GEN-1 (each die's face is kept: a natural double six is seen) and QR-DSIX-12 (an MG
 * at a medium AFV: the minimum is RETREAT). */
static void test_qr_ex_31_double_sixes_in_direct_fire(void **state)
{
	struct mt t;

	(void)state;
	/* an MMG at a Sherman's front: no effect as computed, the minimum is retreat only */
	open_table(&t, "");
	mt_place(&t, "BMMG", 110, 20, 0);
	mt_place(&t, "GPZIV", 110, 20 + 0.5 + 10 + 1.25, 180);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BMMG", "BSHER", NULL);
	shot(&t, MT_BRIT, "BMMG", "GPZIV", 6, 6, 0);
	assert_int_equal((int)mt_num(&t, "fire", "score"), 6);
	assert_string_equal(mt_str(&t, "fire", "result"), "no effect");
	assert_string_equal(mt_str(&t, "morale", "double_six_minimum"), "retreat");
	assert_true(mt_event(&t, "retreat", NULL));
	assert_false(t.g->u[mt_u(&t, "GPZIV")].flags & MU_DAMAGED);
	mt_close(&t);
	/* the same dice from a 75mm (AT 5): 13, destroyed test 6: damaged & retreat */
	open_table(&t, "");
	mt_place(&t, "BSHER", 110, 20, 0);
	mt_place(&t, "GPZIV", 110, 20 + 1.25 + 10 + 1.25, 180);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BSHER", NULL);
	mt_dice(&t, 6, 6, 6, 0);
	mt_ok(&t, MT_BRIT, "fire BSHER GPZIV g75");
	assert_int_equal((int)mt_num(&t, "fire", "score"), 13);
	assert_string_equal(mt_str(&t, "morale", "outcome"), "damaged & retreat");
	assert_true(t.g->u[mt_u(&t, "GPZIV")].flags & MU_DAMAGED);
	mt_close(&t);
	/* rifles at infantry in hard cover: retreat test computed, the disperse test taken */
	open_table(&t, "");
	mt_place(&t, "GINF", 42.5, 40.5, 180);
	mt_place(&t, "BRIF", 42.5, 29.5, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BRIF", NULL);
	shot(&t, MT_BRIT, "BRIF", "GINF", 6, 6, 6);
	assert_int_equal((int)mt_num(&t, "fire", "score"), 10);
	assert_string_equal(mt_str(&t, "fire", "result"), "retreat");
	assert_string_equal(mt_str(&t, "morale", "test"), "disperse");
	mt_close(&t);
	/* a damaged, suppressed Militia AFV's MG through smoke at infantry in a strongpoint */
	for (int opt = 0; opt < 2; opt++) {
		open_table(&t, opt ? "dsix.auto_on_target=false" : "");
		mt_place(&t, "GINF", 61, 41, 180); /* in the bunker */
		mt_place(&t, "BMAFV", 61, 40 - 3 - 1.25, 0);
		t.g->u[mt_u(&t, "BMAFV")].flags |= MU_PINNED | MU_DAMAGED;
		t.g->nsmoke = 1;
		t.g->smoke[0] = (struct minis_smoke){6100, 3850, 400, 100, 0, 9};
		mt_phase(&t, MP_DEFFIRE, MT_BRIT);
		shot(&t, MT_BRIT, "BMAFV", "GINF", 6, 6, opt ? 0 : 4);
		if (opt == 0) {
			assert_int_equal((int)mt_num(&t, "fire", "score"), 6);
			assert_string_equal(mt_str(&t, "morale", "test"), "disperse");
		} else {
			assert_true(mt_event(&t, "fire", "= 5: MISS"));
			assert_false(mt_event(&t, "morale", NULL));
		}
		mt_close(&t);
	}
}

static void test_qr_ex_34_band_edges(void **state)
{
	struct mt t;
	static const struct {
		const char *opts, *weapon;
		int32_t d;
		int band;
	} v[] = {{"", "rifles", 400, 0},
	         {"", "rifles", 450, 1},
	         {"", "rifles", 1200, 1},
	         {"", "rifles", 1201, -1},
	         {"scale=alt", "rifles", 600, 0},
	         {"scale=alt", "rifles", 625, 1},
	         {"scale=alt", "rifles", 1801, -1},
	         {"", "mmg", 1650, 2},
	         {"", "mmg", 2001, -1},
	         {"", "g17pdr", 4200, 2},
	         {"", "g17pdr", 4201, -1}};

	(void)state;
	for (size_t k = 0; k < sizeof(v) / sizeof(v[0]); k++) {
		int w = minis__weapon_find(TAB, v[k].weapon);
		open_table(&t, v[k].opts);
		assert_int_equal(minis__band(t.g, w, TAB->weapons[w].range, v[k].d), v[k].band);
		mt_close(&t);
	}
	/* recon: 8.00 +1, 8.50 0, 16.00 0, 16.01 -2 (QR-RECON-10) */
	open_table(&t, "");
	{
		cJSON *q;
		mt_place(&t, "BRIF", 110, 20, 0);
		q = mt_query(&t, MT_BRIT, "measure BRIF 110,28.5");
		assert_int_equal(cJSON_GetObjectItemCaseSensitive(q, "recon_modifier")->valueint,
		                 1);
		cJSON_Delete(q);
		q = mt_query(&t, MT_BRIT, "measure BRIF 110,29");
		assert_int_equal(cJSON_GetObjectItemCaseSensitive(q, "recon_modifier")->valueint,
		                 0);
		cJSON_Delete(q);
		q = mt_query(&t, MT_BRIT, "measure BRIF 110,36.5");
		assert_int_equal(cJSON_GetObjectItemCaseSensitive(q, "recon_modifier")->valueint,
		                 0);
		cJSON_Delete(q);
		q = mt_query(&t, MT_BRIT, "measure BRIF 110,36.51");
		assert_int_equal(cJSON_GetObjectItemCaseSensitive(q, "recon_modifier")->valueint,
		                 -2);
		cJSON_Delete(q);
		q = mt_query(&t, MT_BRIT, "measure BRIF 110,56.51");
		assert_non_null(cJSON_GetObjectItemCaseSensitive(q, "recon"));
		cJSON_Delete(q);
	}
	mt_close(&t);
}

static void test_qr_ex_35_bracketed_at_factor(void **state)
{
	struct mt t;
	static const char *const opts[] = {"", "weapons.bracketed_at=forbidden",
	                                   "weapons.bracketed_at=light_only"};

	(void)state;
	for (int k = 0; k < 3; k++) {
		open_table(&t, opts[k]);
		mt_place(&t, "BRIF", 110, 20, 0);
		mt_place(&t, "GHT", 110, 20 + 0.5 + 10 + 1.25, 180);
		mt_phase(&t, MP_ORDERS, MT_BRIT);
		mt_group(&t, 3, 3, "BRIF", NULL);
		if (k == 1) {
			mt_refused(&t, MT_BRIT, "fire BRIF GHT", "QR-WEAPON-37");
		} else {
			shot(&t, MT_BRIT, "BRIF", "GHT", 4, 6, 3);
			assert_int_equal((int)mt_num(&t, "fire", "factor"), -2);
			assert_int_equal((int)mt_num(&t, "fire", "score"), 8);
			assert_string_equal(mt_str(&t, "fire", "result"), "pinned");
		}
		mt_close(&t);
	}
}

/* ---- flame (QR-EX-30) ---- */

/* Also QR-FLAME-6 (the 8+ test of a non-AFV is the DISPERSE test). */
static void test_qr_ex_30_flame_thrower_bunker(void **state)
{
	struct mt t;
	static const struct {
		int a, b, score;
		const char *result;
	} v[] = {{4, 6, 7, "retreat test"},
	         {3, 4, 4, "miss, out of ammo"},
	         {5, 6, 8, "dispersed/destroyed test"}};

	(void)state;
	for (int k = 0; k < 3; k++) {
		open_table(&t, "");
		mt_place(&t, "GHMG", 61, 41, 180); /* in the bunker */
		mt_place(&t, "BFLAME", 61, 40 - 3 - 0.5, 0);
		mt_phase(&t, MP_ORDERS, MT_BRIT);
		mt_group(&t, 3, 3, "BFLAME", NULL);
		mt_dice(&t, v[k].a, v[k].b, 6, 0);
		mt_ok(&t, MT_BRIT, "fire BFLAME GHMG flame");
		assert_int_equal((int)mt_num(&t, "fire", "score"), v[k].score);
		assert_string_equal(mt_str(&t, "fire", "result"), v[k].result);
		if (k == 1) {
			assert_true(t.g->u[mt_u(&t, "BFLAME")].flags & MU_NO_FLAME);
			t.g->u[mt_u(&t, "BFLAME")].flags &= ~(uint32_t)MU_FIRED;
			mt_refused(&t, MT_BRIT, "fire BFLAME GHMG flame", "QR-FLAME-5");
		} else {
			assert_string_equal(mt_str(&t, "morale", "test"),
			                    k == 0 ? "retreat" : "disperse");
		}
		mt_close(&t);
	}
}

/* ---- air and anti-aircraft (QR-EX-12..14) ---- */

/* Also QR-AIR-3 (the AA hit is resolved first and takes 1 off the to-hit roll), QR-AIR-40
 * (the AFV column) and QR-AIR-41 (the test is taken at once). */
static void test_qr_ex_12_typhoon_rockets_pziv_with_flak(void **state)
{
	struct mt t;

	(void)state;
	for (int variant = 0; variant < 2; variant++) {
		mt_open(&t, "data:qr-village.json", "");
		mt_clear(&t);
		mt_place(&t, "GB1", 47, 16, 0); /* the HQ sees DE8 */
		mt_place(&t, "DE8", 47, 38, 180);
		mt_place(&t, "DE10", 37.5, 45, 180);
		mt_place(&t, "DE5", 27, 31, 180);
		t.g->air_missions[MT_BRIT] = 1;
		mt_phase(&t, MP_ORDERS, MT_BRIT);
		t.g->u[mt_u(&t, "GB1")].orders = 3;
		mt_dice(&t, 4, 0);
		mt_ok(&t, MT_BRIT, "call air DE8");
		assert_true(mt_event(&t, "request", "GRANTED"));
		assert_int_equal(t.g->intr, MI_AA);
		assert_int_equal(t.g->air_missions[MT_BRIT], 0);
		mt_refused(&t, MT_GERMAN, "fire DE5 air", "QR-AA-1");
		mt_dice(&t, 4, 5, 2, 0);
		mt_ok(&t, MT_GERMAN, "fire DE10 air");
		assert_int_equal((int)mt_num(&t, "anti-aircraft", "score"), 7);
		assert_string_equal(mt_str(&t, "anti-aircraft", "effect"), "one hit");
		if (variant == 0) {
			mt_dice(&t, 4, 2, 4, 5, 0);
			mt_ok(&t, MT_GERMAN, "end");
			assert_string_equal(mt_str(&t, "air-strike", "to_hit"), "hit");
			assert_int_equal((int)mt_num(&t, "air-strike", "modifier"), -1);
			assert_int_equal((int)mt_num(&t, "air-effect", "armour"), 2);
			assert_int_equal((int)mt_num(&t, "air-effect", "score"), 13);
			assert_string_equal(mt_str(&t, "morale", "outcome"), "destroyed");
		} else {
			mt_dice(&t, 3, 4, 0);
			mt_ok(&t, MT_GERMAN, "end");
			assert_string_equal(mt_str(&t, "air-strike", "to_hit"), "overshoot");
			assert_int_equal((int)(mt_num(&t, "air-strike", "y") * 100 + 0.5),
			                 3800 + 600);
		}
		mt_close(&t);
	}
}

/* Also QR-AIR-40 (the infantry and artillery column). */
static void test_qr_ex_13_fw190_cannon_building(void **state)
{
	struct mt t;

	(void)state;
	for (int variant = 0; variant < 2; variant++) {
		mt_open(&t, "data:qr-village.json", "");
		mt_clear(&t);
		mt_place(&t, "GB4", 31.5, 36, 0); /* a Regular section in B1 */
		mt_place(&t, "DE1", 31.5, 39.5, 180);
		t.g->air_missions[MT_GERMAN] = 1;
		mt_phase(&t, MP_ORDERS, MT_GERMAN);
		t.g->u[mt_u(&t, "DE1")].orders = 3;
		mt_dice(&t, 4, 0);
		mt_ok(&t, MT_GERMAN, "call air GB4");
		if (variant == 0) {
			mt_dice(&t, 3, 3, 4, 4, 0);
			assert_int_equal(t.g->intr, MI_NONE); /* no British AA unit on the table */
		}
		mt_close(&t);
	}
	/* with the dice of the example, resolved at once */
	mt_open(&t, "data:qr-village.json", "");
	mt_clear(&t);
	mt_place(&t, "GB4", 31.5, 36, 0);
	mt_place(&t, "DE1", 31.5, 39.5, 180);
	t.g->air_missions[MT_GERMAN] = 2;
	mt_phase(&t, MP_ORDERS, MT_GERMAN);
	t.g->u[mt_u(&t, "DE1")].orders = 3;
	mt_dice(&t, 4, 3, 3, 4, 4, 0);
	mt_ok(&t, MT_GERMAN, "call air GB4");
	assert_int_equal((int)mt_num(&t, "air-strike", "modifier"), 0); /* +1 cannon, -1 cover */
	assert_string_equal(mt_str(&t, "air-strike", "to_hit"), "hit");
	assert_int_equal((int)mt_num(&t, "air-effect", "score"), 9);
	assert_string_equal(mt_str(&t, "air-effect", "result"), "retreat");
	assert_string_equal(mt_str(&t, "morale", "outcome"), "retreat");
	/* the variant: to hit 1 + 1 - 1 = 1, a miss: a cannon miss has no effect */
	mt_phase(&t, MP_ORDERS, MT_GERMAN);
	mt_place(&t, "GB4", 31.5, 36, 0);
	mt_dice(&t, 4, 1, 0);
	mt_ok(&t, MT_GERMAN, "call air GB4");
	assert_string_equal(mt_str(&t, "air-strike", "to_hit"), "undershoot");
	assert_false(mt_event(&t, "air-effect", NULL));
	mt_close(&t);
}

static void aa_case(const char *rule, int a, int b, int test_die, const char *effect, int stuka,
                    const char *unit)
{
	struct mt t;
	char opts[64];

	snprintf(opts, sizeof(opts), "%s%s", rule[0] ? "aa.fail_rule=" : "", rule);
	open_table(&t, opts);
	((struct minis_scenario *)t.sc)->sides[MT_BRIT].aircraft.stuka = stuka;
	mt_place(&t, unit, 110, 50, 180);
	mt_place(&t, "GTIGER", 110, 40, 180);
	t.g->intr = MI_AA;
	t.g->intr_side = MT_GERMAN;
	t.g->phase = MP_ORDERS;
	t.g->acting = MT_BRIT;
	t.g->turn = 1;
	t.g->air.side = MT_BRIT;
	t.g->air.x = 11000;
	t.g->air.y = 4000;
	t.g->air.target = -1;
	if (test_die)
		mt_dice(&t, a, b, test_die, 0);
	else
		mt_dice(&t, a, b, 0);
	if (mt_do(&t, MT_GERMAN, "fire %s air", unit) != 0)
		fail_msg("%s", t.err.message);
	assert_string_equal(mt_str(&t, "anti-aircraft", "effect"), effect);
	mt_close(&t);
}

/* Also QR-AA-16 (a natural double six shoots the aircraft down, no test). */
static void test_qr_ex_14_what_fail_means_for_an_aircraft(void **state)
{
	(void)state;
	/* a quad auto-cannon (+4) at an "other" aircraft (-4): 4+6 = 10, the retreat test */
	aa_case("", 4, 6, 3, "mission aborted", 0, "GQUAD");
	aa_case("", 4, 6, 4, "none", 0, "GQUAD");
	aa_case("by_outcome", 4, 6, 4, "one hit", 0, "GQUAD");
	aa_case("not_obey", 4, 6, 4, "mission aborted", 0, "GQUAD");
	/* at a Stuka (-3): 5+6+4-3 = 12, the disperse test */
	aa_case("", 5, 6, 4, "shot down", 1, "GQUAD");
	aa_case("", 5, 6, 5, "none", 1, "GQUAD");
	/* a natural double six: shot down, no test */
	aa_case("", 6, 6, 0, "shot down", 0, "GHMG");
}

/* ---- command (QR-EX-15..18, 37) ---- */

/* Also QR-CMD-11 (one nationality row, the tactical rows added to it). */
static void test_qr_ex_15_initiative_germans_win_draws(void **state)
{
	struct mt t;
	int gb1, de1;

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	mt_dice(&t, 4, 3, 0); /* GB1 4 + 1, DE1 3 + 2 */
	minis__command_phase(t.g, &t.dice, &t.ev);
	gb1 = mt_u(&t, "GB1");
	de1 = mt_u(&t, "DE1");
	assert_int_equal(t.g->u[gb1].score, 5);
	assert_int_equal(t.g->u[de1].score, 5);
	assert_int_equal(t.g->phasing, MT_GERMAN);
	assert_int_equal(t.g->acting, MT_GERMAN);
	/* orders: German 5 + DE2 1; British 5 + GB3 1 + GB8 1 */
	assert_int_equal(t.g->u[de1].orders + t.g->u[mt_u(&t, "DE2")].orders, 6);
	assert_int_equal(t.g->u[gb1].orders + t.g->u[mt_u(&t, "GB3")].orders +
	                     t.g->u[mt_u(&t, "GB8")].orders,
	                 7);
	/* GB3 pinned: British 6 */
	t.g->u[mt_u(&t, "GB3")].flags |= MU_PINNED;
	mt_dice(&t, 4, 3, 0);
	minis__command_phase(t.g, &t.dice, &t.ev);
	assert_int_equal(t.g->u[gb1].orders + t.g->u[mt_u(&t, "GB3")].orders +
	                     t.g->u[mt_u(&t, "GB8")].orders,
	                 6);
	mt_close(&t);
	/* a draw between British 1944 and Italian HQs: both reroll */
	mt_open(&t, "data:qr-village.json", "");
	((struct minis_scenario *)t.sc)->sides[MT_GERMAN].nation = MN_AXIS;
	mt_dice(&t, 4, 5, 2, 6, 0); /* GB1 4+1 = 5, DE1 5+0 = 5; reroll 2+1 = 3, 6+0 = 6 */
	minis__command_phase(t.g, &t.dice, &t.ev);
	assert_int_equal(t.g->phasing, MT_GERMAN);
	assert_true(mt_event(&t, "command", "reroll 3-6"));
	mt_close(&t);
}

static void test_qr_ex_16_minimum_one_order(void **state)
{
	struct mt t;
	int gb1;

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	((struct minis_scenario *)t.sc)->sides[MT_BRIT].nation = MN_OTHER;
	gb1 = mt_u(&t, "GB1");
	t.g->u[gb1].flags |= MU_PINNED;
	mt_dice(&t, 1, 3, 0);
	minis__command_phase(t.g, &t.dice, &t.ev);
	assert_int_equal(t.g->u[gb1].score, 0);
	assert_int_equal(t.g->u[gb1].orders, 1);
	assert_int_equal(t.g->init_score[MT_BRIT], 0);
	mt_close(&t);
}

static void village_orders(struct mt *t)
{
	mt_open(t, "data:qr-village.json", "");
	mt_phase(t, MP_ORDERS, MT_BRIT);
	t->g->u[mt_u(t, "GB1")].orders = 9;
	t->g->u[mt_u(t, "GB3")].orders = 1;
	t->g->deployed[0] = t->g->deployed[1] = 1;
	for (int u = 0; u < t->g->nslots; u++)
		t->g->u[u].flags &= ~(uint32_t)(MU_HIDDEN | MU_AMBUSH);
}

static void test_qr_ex_17_order_costs_and_group_sizes(void **state)
{
	struct mt t;

	(void)state;
	village_orders(&t);
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "order GB3 standard GB3 GB4 GB5 GB6");
	assert_int_equal((int)mt_num(&t, "order", "cost"), 1);
	t.g->nacts = 0;
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "order GB1 standard GB9 GB10");
	assert_int_equal((int)mt_num(&t, "order", "cost"), 2);
	/* the nearest of them 30" from GB1: +1 */
	t.g->u[mt_u(&t, "GB9")].flags &= ~(uint32_t)MU_ACTIVATED;
	t.g->u[mt_u(&t, "GB10")].flags &= ~(uint32_t)MU_ACTIVATED;
	mt_place(&t, "GB1", 36, 2, 0);
	t.g->u[mt_u(&t, "GB9")].y = 3500;
	t.g->u[mt_u(&t, "GB10")].y = 3500;
	t.g->nacts = 0;
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "order GB1 standard GB9 GB10");
	assert_int_equal((int)mt_num(&t, "order", "cost"), 3);
	t.g->nacts = 0;
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "order GB1 standard GB7");
	assert_int_equal((int)mt_num(&t, "order", "cost"), 1);
	mt_close(&t);
	village_orders(&t);
	mt_refused(&t, MT_BRIT, "order GB1 standard GB3 GB4 GB5 GB6 GB7 GB2", "QR-CMD-38");
	mt_dice(&t, 3, 4, 0);
	mt_ok(&t, MT_BRIT, "order GB1 assault GB3 GB4 GB5 GB6 GB7");
	assert_int_equal((int)mt_num(&t, "order", "cost"), 1);
	assert_int_equal(minis__group_allowance(t.g, mt_u(&t, "GB4"), 0), 800);
	mt_close(&t);
	/* a standard Russian group of 5 is refused (maximum 4) */
	village_orders(&t);
	((struct minis_scenario *)t.sc)->sides[MT_BRIT].nation = MN_RUSSIAN;
	mt_refused(&t, MT_BRIT, "order GB1 standard GB3 GB4 GB5 GB6 GB7", "QR-CMD-38");
	mt_close(&t);
}

static void test_qr_ex_18_mission_requests(void **state)
{
	struct mt t;
	int gb1;

	(void)state;
	village_orders(&t);
	gb1 = mt_u(&t, "GB1");
	t.g->fire_missions[MT_BRIT] = 1;
	mt_dice(&t, 2, 0);
	mt_ok(&t, MT_BRIT, "call artillery 30 27");
	assert_true(mt_event(&t, "request", "REFUSED"));
	assert_int_equal(t.g->fire_missions[MT_BRIT], 1);
	assert_int_equal(t.g->u[gb1].orders, 8);
	mt_dice(&t, 3, 6, 0);
	mt_ok(&t, MT_BRIT, "call artillery 30 27");
	assert_true(mt_event(&t, "request", "GRANTED"));
	assert_true(mt_event(&t, "artillery", NULL));
	assert_int_equal(t.g->fire_missions[MT_BRIT], 0);
	/* no mission left: refused before rolling, no order spent */
	mt_refused(&t, MT_BRIT, "call artillery 30 27", "QR-ARTY-24");
	assert_int_equal(t.g->u[gb1].orders, 7);
	t.g->air_missions[MT_BRIT] = 0;
	mt_refused(&t, MT_BRIT, "call air 30 34", "QR-AIR-1");
	mt_close(&t);
	/* German 1944: air granted on 4; German 1945 refused on 4 */
	assert_int_equal(minis__request_need(TAB, MN_GERMAN, 1944, 1), 4);
	assert_int_equal(minis__request_need(TAB, MN_GERMAN, 1945, 1), 5);
}

static void test_qr_ex_37_left_to_right(void **state)
{
	struct mt t;

	(void)state;
	village_orders(&t);
	mt_place(&t, "GB4", 12, 3, 0);
	mt_place(&t, "GB5", 38, 3, 0);
	mt_place(&t, "GB6", 47, 3, 0);
	mt_place(&t, "GB9", 60, 3, 0);
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "order GB1 standard GB5");
	mt_refused(&t, MT_BRIT, "order GB1 standard GB4", "QR-TURN-8");
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "order GB1 standard GB6");
	mt_close(&t);
	/* the Germans, from the north edge: largest x first */
	village_orders(&t);
	mt_phase(&t, MP_ORDERS, MT_GERMAN);
	t.g->u[mt_u(&t, "DE1")].orders = 9;
	mt_place(&t, "DE3", 12, 40, 180);
	mt_place(&t, "DE4", 38, 40, 180);
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_GERMAN, "order DE1 standard DE4");
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_GERMAN, "order DE1 standard DE3");
	mt_close(&t);
}

/* ---- movement (QR-EX-19..21) ---- */

static void test_qr_ex_19_movement_allowances(void **state)
{
	struct mt t;
	int sher, inf;

	(void)state;
	open_table(&t, "");
	mt_place(&t, "BSHER", 71, 2, 0); /* on the road */
	mt_place(&t, "BRIF", 20, 20, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 5, "BSHER", NULL);
	sher = mt_u(&t, "BSHER");
	assert_int_equal(minis__group_allowance(t.g, sher, 0), 1200);
	assert_int_equal(minis__group_allowance(t.g, sher, 1), 1800);
	mt_ok(&t, MT_BRIT, "move BSHER 71 20");
	assert_true(
	    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(mt_event_of(&t, "moved"), "road")));
	mt_close(&t);
	/* a path leaving the road: 12" only */
	open_table(&t, "");
	mt_place(&t, "BSHER", 71, 2, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 5, "BSHER", NULL);
	mt_refused(&t, MT_BRIT, "move BSHER 75 18", "QR-MOVE-21");
	mt_close(&t);
	/* a double six: + 1D6 to every unit */
	open_table(&t, "");
	mt_place(&t, "BRIF", 100, 12, 0);
	mt_place(&t, "BSHER", 110, 12, 0);
	mt_place(&t, "BHQ", 90, 5, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	t.g->u[mt_u(&t, "BHQ")].orders = 3;
	mt_dice(&t, 6, 6, 3, 0);
	mt_ok(&t, MT_BRIT, "order BHQ standard BRIF BSHER");
	inf = mt_u(&t, "BRIF");
	assert_int_equal(minis__group_allowance(t.g, inf, 0), 1500);
	assert_int_equal(minis__group_allowance(t.g, mt_u(&t, "BSHER"), 0), 1900);
	mt_close(&t);
	/* infantry with 12": 4" in the wood use 8", 4" are left in the clear */
	open_table(&t, "");
	mt_place(&t, "BRIF", 20, 43.5, 0); /* in the wood, 4" from its north edge... */
	mt_place(&t, "BRIF", 20, 46, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 6, 6, "BRIF", NULL);
	t.g->act.extra = 0;
	mt_ok(&t, MT_BRIT, "move BRIF 20 54");
	assert_int_equal((int)(mt_num(&t, "moved", "cost") * 100 + 0.5), 1200);
	mt_close(&t);
	/* manhandling a 20mm on wheels: half of 9 */
	open_table(&t, "");
	mt_place(&t, "GFLAK", 110, 50, 180);
	mt_phase(&t, MP_ORDERS, MT_GERMAN);
	mt_group(&t, 4, 5, "GFLAK", NULL);
	assert_int_equal(minis__group_allowance(t.g, mt_u(&t, "GFLAK"), 0), 450);
	mt_close(&t);
	/* limbering a 75mm: half its allowance; a 105mm: the whole activation */
	open_table(&t, "");
	mt_place(&t, "BTOW", 100, 20, 0);
	mt_place(&t, "BHOW", 110, 20, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 4, 4, "BTOW", "BHOW", NULL);
	mt_ok(&t, MT_BRIT, "move BTOW limber");
	assert_int_equal(t.g->u[mt_u(&t, "BTOW")].used, (400 + 800) / 2);
	mt_ok(&t, MT_BRIT, "move BHOW limber");
	assert_true(t.g->u[mt_u(&t, "BHOW")].flags & MU_SPENT);
	mt_refused(&t, MT_BRIT, "move BHOW 110 25", "QR-AMB-27");
	mt_close(&t);
	/* reversing: a Sherman with 12" covers at most 6" backwards */
	open_table(&t, "");
	mt_place(&t, "BSHER", 110, 30, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 5, "BSHER", NULL);
	mt_refused(&t, MT_BRIT, "move BSHER 110 23.9 0", "QR-MOVE-21");
	mt_ok(&t, MT_BRIT, "move BSHER 110 24 0");
	assert_int_equal((int)(mt_num(&t, "moved", "cost") + 0.5), 12);
	mt_close(&t);
}

static void test_qr_ex_20_barbed_wire(void **state)
{
	struct mt t;
	static const struct {
		const char *unit;
		int die, pass;
	} v[] = {{"BRIF", 4, 1}, {"BRIF", 3, 0}, {"BELITE", 3, 1}};

	(void)state;
	for (int k = 0; k < 3; k++) {
		int u;
		open_table(&t, "");
		mt_place(&t, v[k].unit, 20, 27, 0); /* 3" from the wire to its centre */
		mt_phase(&t, MP_ORDERS, MT_BRIT);
		mt_group(&t, 5, 5, v[k].unit, NULL);
		u = mt_u(&t, v[k].unit);
		mt_dice(&t, v[k].die, 0);
		mt_ok(&t, MT_BRIT,
		      v[k].unit[1] == 'R' ? "move BRIF 20 30.1" : "move BELITE 20 30.1");
		assert_true(mt_event(&t, "wire-test", NULL));
		if (v[k].pass) {
			assert_int_equal(t.g->u[u].y, 3010);
			assert_int_equal(t.g->u[u].used, 310 + 500);
		} else {
			assert_true(t.g->u[u].y <= 3000 && t.g->u[u].y > 2990);
			assert_true(t.g->u[u].flags & MU_PINNED);
		}
		mt_close(&t);
	}
	/* a tracked AFV crosses without a test and cuts a gap */
	open_table(&t, "");
	mt_place(&t, "BSHER", 20, 26, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 5, 5, "BSHER", NULL);
	mt_ok(&t, MT_BRIT, "move BSHER 20 34");
	assert_false(mt_event(&t, "wire-test", NULL));
	assert_int_equal(t.g->ngaps, 1);
	mt_close(&t);
}

static void test_qr_ex_21_bogging_down(void **state)
{
	struct mt t;
	static const struct {
		const char *unit, *to;
		int die, bogged;
	} v[] = {{"BLORRY", "55 23", 4, 1},
	         {"BSHER", "55 23", 3, 1},
	         {"BSHER", "55 23", 4, 0},
	         {"BSHER", "65 23", 2, 0},
	         {"BSHER", "65 23", 1, 1}};

	(void)state;
	for (size_t k = 0; k < sizeof(v) / sizeof(v[0]); k++) {
		int u;
		open_table(&t, "");
		mt_place(&t, v[k].unit, v[k].to[0] == '5' ? 55 : 65, 16, 0);
		mt_phase(&t, MP_ORDERS, MT_BRIT);
		mt_group(&t, 5, 5, v[k].unit, NULL);
		u = mt_u(&t, v[k].unit);
		mt_dice(&t, v[k].die, 0);
		if (mt_do(&t, MT_BRIT, "move %s %s", v[k].unit, v[k].to) != 0)
			fail_msg("%s", t.err.message);
		assert_true(mt_event(&t, "bog-test", NULL));
		assert_int_equal((t.g->u[u].flags & MU_BOGGED) != 0, v[k].bogged);
		if (v[k].bogged)
			assert_int_equal(t.g->u[u].y, 2000); /* the move ends at the edge */
		mt_close(&t);
	}
	/* infantry entering the marsh: no test, difficult */
	open_table(&t, "");
	mt_place(&t, "BRIF", 55, 18, 0);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 5, 5, "BRIF", NULL);
	mt_ok(&t, MT_BRIT, "move BRIF 55 22");
	assert_false(mt_event(&t, "bog-test", NULL));
	assert_int_equal((int)(mt_num(&t, "moved", "cost") + 0.5), 6);
	mt_close(&t);
}

/* ---- reconnaissance (QR-EX-22) ---- */

static void village_turn(struct mt *t)
{
	mt_open(t, "data:qr-village.json", "");
	mt_clear(t);
	mt_phase(t, MP_ORDERS, MT_BRIT);
}

/* Also QR-RECON-20 (a natural double six reveals everything), QR-RECON-21 (7 to 12 never
 * reveal an ambush camouflaged unit) and QR-RECON-24 (the bunker area, -3). */
static void test_qr_ex_22_reconnaissance(void **state)
{
	struct mt t;
	int de4;

	(void)state;
	/* GB6 on the hill, B2 20" away, DE4 hidden in it: 9 - 2 + 1 = 8: enemy spotted */
	village_turn(&t);
	mt_place(&t, "GB6", 52, 29, 0);
	mt_place(&t, "DE4", 41.5, 34.5, 180);
	de4 = mt_u(&t, "DE4");
	t.g->u[de4].flags |= MU_HIDDEN;
	mt_group(&t, 3, 3, "GB6", NULL);
	mt_place(&t, "GB6", 64.75, 25, 0);
	t.g->act.units = (uint64_t)1 << mt_u(&t, "GB6");
	mt_dice(&t, 4, 5, 0);
	mt_ok(&t, MT_BRIT, "recon GB6 T2b");
	assert_true(mt_num(&t, "recon", "distance") > 16); /* over 16": -2 */
	assert_int_equal((int)mt_num(&t, "recon", "score"), 8);
	assert_int_equal(t.g->intr, MI_REVEAL);
	assert_int_equal(t.g->intr_side, MT_GERMAN);
	mt_refused(&t, MT_GERMAN, "reveal none", "QR-RECON-18");
	mt_ok(&t, MT_GERMAN, "reveal DE4");
	assert_true(mt_event(&t, "revealed", "DE4"));
	assert_false(t.g->u[de4].flags & MU_HIDDEN);
	/* ambush camouflaged instead: nothing spotted */
	t.g->u[de4].flags = MU_AMBUSH;
	t.g->u[mt_u(&t, "GB6")].flags &= ~(uint32_t)MU_FIRED;
	mt_dice(&t, 4, 5, 0);
	mt_ok(&t, MT_BRIT, "recon GB6 T2b");
	mt_ok(&t, MT_GERMAN, "reveal none");
	assert_true(mt_event(&t, "recon-result", "nothing spotted"));
	assert_true(t.g->u[de4].flags & MU_AMBUSH);
	/* a natural double six: everything, ambush units included; a dummy removed */
	t.g->u[mt_u(&t, "GB6")].flags &= ~(uint32_t)MU_FIRED;
	{
		int dm = minis__dummy_slot(t.g, 0);
		t.g->u[dm].status = MS_ON;
		t.g->u[dm].flags = MU_HIDDEN;
		t.g->u[dm].x = 4250;
		t.g->u[dm].y = 3300;
		mt_dice(&t, 6, 6, 0);
		mt_ok(&t, MT_BRIT, "recon GB6 T2b");
		assert_int_equal((int)mt_num(&t, "recon", "score"), 11);
		assert_false(t.g->u[de4].flags & MU_AMBUSH);
		assert_true(mt_event(&t, "dummy-exposed", NULL));
		assert_int_equal(t.g->u[dm].status, MS_UNPLACED);
	}
	mt_close(&t);
	/* B3 at 37": refused; the bunker at 8": 8 + 1 - 3 = 6, poor */
	village_turn(&t);
	mt_place(&t, "GB6", 41.5, 39 - 37 - 0.5, 0);
	mt_group(&t, 3, 3, "GB6", NULL);
	mt_refused(&t, MT_BRIT, "recon GB6 T2c", "QR-RECON-1");
	mt_place(&t, "GB6", 27, 30 - 8 - 0.5, 0);
	mt_dice(&t, 4, 4, 0);
	mt_ok(&t, MT_BRIT, "recon GB6 T7");
	assert_int_equal((int)mt_num(&t, "recon", "score"), 6);
	assert_int_equal(t.g->intr, MI_NONE);
	mt_close(&t);
	/* 7 on an open circle holding hidden DE8: an unidentified AFV marker */
	village_turn(&t);
	mt_place(&t, "GB6", 45, 20, 0);
	mt_place(&t, "DE8", 45, 34, 180);
	t.g->u[mt_u(&t, "DE8")].flags |= MU_HIDDEN;
	mt_group(&t, 3, 3, "GB6", NULL);
	mt_dice(&t, 3, 4, 0);
	mt_ok(&t, MT_BRIT, "recon GB6 45 34");
	assert_int_equal((int)mt_num(&t, "recon", "score"), 7);
	assert_int_equal(t.g->intr, MI_REVEAL);
	mt_ok(&t, MT_GERMAN, "reveal DE8 Tiger1");
	assert_true(mt_event(&t, "armour-spotted", "Tiger1"));
	assert_true(t.g->u[mt_u(&t, "DE8")].flags & MU_HIDDEN);
	{
		cJSON *v = minis__view((struct rules_game *)t.g, &RULES_VIEWER(MT_BRIT));
		char *s = cJSON_PrintUnformatted(v);
		assert_non_null(strstr(s, "\"model\":\"Tiger1\""));
		assert_null(strstr(s, "\"id\":\"DE8\""));
		free(s);
		cJSON_Delete(v);
	}
	mt_close(&t);
}

/* ---- morale and rally (QR-EX-23, 24) ---- */

/* Also QR-MORALE-19 (row 1 of the retreat column: an AFV DAMAGED & RETREAT, any other
 * unit DISPERSED). */
static void test_qr_ex_23_morale_test_cells(void **state)
{
	struct mt t;
	static const struct {
		const char *unit;
		enum minis_test test;
		int die;
		const char *outcome;
	} v[] = {{"GELITE", MT_RETREAT, 4, "pinned"},
	         {"GVET", MT_RETREAT, 4, "retreat"},
	         {"BCMD", MT_DISPERSE, 5, "retreat"},
	         {"GMIL", MT_PINNED, 4, "obey orders"},
	         {"GVET", MT_RETREAT, 1, "dispersed"},
	         {"GPZIV", MT_RETREAT, 1, "damaged & retreat"},
	         {"GPZIV", MT_DESTROYED, 5, "destroyed"},
	         {"GPZIV", MT_DESTROYED, 6, "damaged & retreat"},
	         {"GPZIV", MT_DAMAGED, 5, "retreat"}};
	struct minis_cause c = {{11000, 5000}, 0, 0, "test"};

	(void)state;
	for (size_t k = 0; k < sizeof(v) / sizeof(v[0]); k++) {
		open_table(&t, "");
		mt_place(&t, v[k].unit, 110, 30, 180);
		mt_dice(&t, v[k].die, 0);
		assert_int_equal(
		    minis__test(t.g, &t.dice, mt_u(&t, v[k].unit), v[k].test, 0, &c, &t.ev), 0);
		assert_string_equal(mt_str(&t, "morale", "outcome"), v[k].outcome);
		mt_close(&t);
	}
	/* an Elite AFV on a damaged test: no +1 */
	open_table(&t, "");
	mt_place(&t, "GPZIV", 110, 30, 180);
	mt_dice(&t, 5, 0);
	minis__test(t.g, &t.dice, mt_u(&t, "GPZIV"), MT_DAMAGED, 0, &c, &t.ev);
	assert_int_equal((int)mt_num(&t, "morale", "modifier"), 0);
	mt_close(&t);
}

/* Also QR-RALLY-13 (two pinned units touch one command unit: its owner chooses) and
 * QR-RALLY-14 (SURRENDER: dispersed; an AFV abandoned and destroyed). */
static void test_qr_ex_24_rally_checks(void **state)
{
	struct mt t;
	static const struct {
		const char *unit;
		int with_cmd, die;
		const char *result;
	} v[] = {{"GMIL", 1, 3, "fail"},
	         {"GMIL", 1, 4, "rally"},
	         {"GMIL", 0, 1, "surrender"},
	         {"GVET", 0, 3, "rally"},
	         {"GELITE", 1, 6, "rally"}};

	(void)state;
	for (size_t k = 0; k < sizeof(v) / sizeof(v[0]); k++) {
		open_table(&t, "");
		mt_place(&t, v[k].unit, 110, 30, 180);
		t.g->u[mt_u(&t, v[k].unit)].flags |= MU_PINNED;
		if (v[k].with_cmd)
			mt_place(&t, "GCMD", 111.5, 30, 180); /* base to base */
		mt_phase(&t, MP_RALLY, MT_GERMAN);
		mt_dice(&t, v[k].die, 0);
		assert_int_equal(minis__rally_resolve(t.g, &t.dice, &t.ev), 0);
		assert_string_equal(mt_str(&t, "rally", "result"), v[k].result);
		if (k == 2)
			assert_int_equal(t.g->u[mt_u(&t, "GMIL")].status, MS_DISPERSED);
		mt_close(&t);
	}
	/* a suppressed Inexperienced AFV alone: abandoned and destroyed */
	open_table(&t, "");
	mt_place(&t, "GPZIV", 110, 30, 180);
	((struct minis_scenario *)t.sc)->units[mt_u(&t, "GPZIV")].quality = MQ_INEXPERIENCED;
	t.g->u[mt_u(&t, "GPZIV")].flags |= MU_PINNED;
	mt_phase(&t, MP_RALLY, MT_GERMAN);
	mt_dice(&t, 1, 0);
	minis__rally_resolve(t.g, &t.dice, &t.ev);
	assert_int_equal(t.g->u[mt_u(&t, "GPZIV")].status, MS_DESTROYED);
	mt_close(&t);
	/* an Elite command unit: +1 command, no Elite +1: 3 + 1 = 4 */
	open_table(&t, "");
	mt_place(&t, "GCMD", 110, 30, 180);
	((struct minis_scenario *)t.sc)->units[mt_u(&t, "GCMD")].quality = MQ_ELITE;
	t.g->u[mt_u(&t, "GCMD")].flags |= MU_PINNED;
	mt_phase(&t, MP_RALLY, MT_GERMAN);
	mt_dice(&t, 3, 0);
	minis__rally_resolve(t.g, &t.dice, &t.ev);
	assert_int_equal((int)mt_num(&t, "rally", "modifier"), 1);
	assert_string_equal(mt_str(&t, "rally", "result"), "rally");
	mt_close(&t);
	/* two pinned sections touching one command unit: the owner chooses */
	open_table(&t, "");
	mt_place(&t, "GINF", 108.5, 30, 180);
	mt_place(&t, "GCMD", 110, 30, 180);
	mt_place(&t, "GVET", 111.5, 30, 180);
	t.g->u[mt_u(&t, "GINF")].flags |= MU_PINNED;
	t.g->u[mt_u(&t, "GVET")].flags |= MU_PINNED;
	mt_phase(&t, MP_DEFFIRE, MT_GERMAN);
	mt_ok(&t, MT_GERMAN, "end"); /* 3B over: the rally phase waits for the choice */
	assert_int_equal(t.g->phase, MP_RALLY);
	assert_true(minis__awaits(t.g, MT_GERMAN));
	assert_false(minis__awaits(t.g, MT_BRIT));
	mt_ok(&t, MT_GERMAN, "rally GVET GCMD");
	mt_dice(&t, 3, 3, 1, 1, 1, 0); /* GINF 3 + 0, GVET 3 + 1 + 1; then the next turn */
	mt_ok(&t, MT_GERMAN, "end");
	assert_true(mt_event(&t, "rally", "GINF rallies: 3+0 = 3"));
	assert_true(mt_event(&t, "rally", "GVET rallies: 3+2 = 5"));
	mt_close(&t);
	/* a pinned command unit touching another: no +1 */
	open_table(&t, "");
	mt_place(&t, "GCMD", 110, 30, 180);
	mt_place(&t, "GHQ", 111.5, 30, 180);
	t.g->u[mt_u(&t, "GCMD")].flags |= MU_PINNED;
	mt_phase(&t, MP_RALLY, MT_GERMAN);
	mt_dice(&t, 2, 0);
	minis__rally_resolve(t.g, &t.dice, &t.ev);
	assert_int_equal((int)mt_num(&t, "rally", "modifier"), 1);
	mt_close(&t);
}

/* ---- close assault (QR-EX-25..27) ---- */

/* Also QR-MORALE-16 (DISPERSED: removed), QR-ASSAULT-2 (the defender's lead is named by the
 * engine, docs/games/minis.md), QR-ASSAULT-38 (the loser chooses the casualty) and
 * QR-ASSAULT-45 (the losers' retreat). */
static void test_qr_ex_25_assault_on_a_building(void **state)
{
	struct mt t;

	(void)state;
	village_turn(&t);
	mt_place(&t, "DE2", 32.5, 32.5, 180); /* in B1, at its south wall */
	mt_place(&t, "DE6", 30.5, 33.5, 180);
	mt_place(&t, "GB4", 32.5, 31.5, 0); /* in contact */
	mt_place(&t, "GB5", 34.5, 31.5, 0);
	mt_place(&t, "GB6", 30.5, 31.5 - 0.5, 0);
	mt_group(&t, 3, 3, "GB4", "GB5", "GB6", NULL);
	mt_dice(&t, 5, 3, 1, 3, 0);
	mt_ok(&t, MT_BRIT, "assault GB4 DE2");
	assert_true(mt_event(&t, "assault", "Losers Overrun!"));
	{
		const cJSON *a = mt_event_of(&t, "assault");
		const cJSON *att = cJSON_GetObjectItemCaseSensitive(a, "attacker");
		const cJSON *def = cJSON_GetObjectItemCaseSensitive(a, "defender");
		assert_int_equal(cJSON_GetObjectItemCaseSensitive(att, "score")->valueint, 12);
		assert_int_equal(cJSON_GetObjectItemCaseSensitive(def, "score")->valueint, 9);
		assert_string_equal(
		    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(def, "lead")), "DE2");
	}
	assert_int_equal(t.g->intr, MI_CASUALTY);
	assert_int_equal(t.g->intr_side, MT_GERMAN);
	mt_ok(&t, MT_GERMAN, "casualty DE6");
	assert_int_equal(t.g->u[mt_u(&t, "DE6")].status, MS_DISPERSED);
	assert_true(mt_event(&t, "retreat", "DE2"));
	mt_close(&t);
}

/* Also QR-ASSAULT-40 (a lone AFV takes the whole result; damaged under "Losers Overrun!",
 * it also retreats). */
static void test_qr_ex_26_panzerfaust_against_a_lone_sherman(void **state)
{
	struct mt t;

	(void)state;
	for (int variant = 0; variant < 2; variant++) {
		village_turn(&t);
		mt_phase(&t, MP_ORDERS, MT_GERMAN);
		mt_place(&t, "GB9", 60, 20,
		         variant ? 180 : 0); /* variant: attacked from the rear */
		mt_place(&t, "DE6", 60, 20 + 1.25 + 0.5, 180);
		mt_group(&t, 3, 3, "DE6", NULL);
		mt_dice(&t, 4, 5, 1, 4, 0);
		mt_ok(&t, MT_GERMAN, "assault DE6 GB9");
		{
			const cJSON *a = mt_event_of(&t, "assault");
			const cJSON *att = cJSON_GetObjectItemCaseSensitive(a, "attacker");
			const cJSON *def = cJSON_GetObjectItemCaseSensitive(a, "defender");
			assert_int_equal(cJSON_GetObjectItemCaseSensitive(att, "score")->valueint,
			                 13);
			assert_int_equal(cJSON_GetObjectItemCaseSensitive(def, "factor")->valueint,
			                 variant ? 3 : 5);
		}
		if (variant == 0) {
			assert_true(mt_event(&t, "assault", "Losers Overrun!"));
			assert_true(t.g->u[mt_u(&t, "GB9")].flags & MU_DAMAGED);
			assert_true(mt_event(&t, "retreat", "GB9"));
		} else {
			assert_true(mt_event(&t, "assault", "Losers Routed!"));
			assert_int_equal(t.g->u[mt_u(&t, "GB9")].status, MS_DESTROYED);
		}
		mt_close(&t);
	}
}

static void test_qr_ex_27_stubborn_resistance_and_double_sixes(void **state)
{
	struct mt t;

	(void)state;
	/* both 11: the attacker fights on, the defender retreats all */
	village_turn(&t);
	mt_place(&t, "DE3", 60, 21.5, 180);
	mt_place(&t, "GB4", 60, 20.5, 0);
	mt_group(&t, 3, 3, "GB4", NULL);
	mt_dice(&t, 4, 5, 4, 5, 0);
	mt_ok(&t, MT_BRIT, "assault GB4 DE3");
	assert_true(mt_event(&t, "assault", "Stubborn Resistance!"));
	assert_int_equal(t.g->intr, MI_STUBBORN);
	assert_int_equal(t.g->intr_side, MT_BRIT);
	mt_ok(&t, MT_BRIT, "stubborn fight");
	assert_int_equal(t.g->intr_side, MT_GERMAN);
	mt_ok(&t, MT_GERMAN, "stubborn retreat");
	assert_true(mt_event(&t, "retreat", "DE3"));
	assert_int_equal(t.g->intr, MI_ADVANCE); /* QR-ASSAULT-42: the winners may advance */
	assert_int_equal(t.g->intr_side, MT_BRIT);
	mt_close(&t);
	/* both fight on: another round */
	village_turn(&t);
	mt_place(&t, "DE3", 60, 21.5, 180);
	mt_place(&t, "GB4", 60, 20.5, 0);
	mt_group(&t, 3, 3, "GB4", NULL);
	mt_dice(&t, 4, 5, 4, 5, 0);
	mt_ok(&t, MT_BRIT, "assault GB4 DE3");
	mt_ok(&t, MT_BRIT, "stubborn fight");
	mt_dice(&t, 6, 5, 1, 1, 0);
	mt_ok(&t, MT_GERMAN, "stubborn fight");
	assert_true(mt_event(&t, "assault", "Losers Dispersed!"));
	mt_close(&t);
	/* the winner throws 6+6 in a difference-3 win: the overrun casualty and one more */
	village_turn(&t);
	mt_place(&t, "DE3", 60, 21.5, 180);
	mt_place(&t, "DE4", 61.5, 21.5, 180);
	mt_place(&t, "GB4", 60, 20.5, 0);
	mt_group(&t, 3, 3, "GB4", NULL);
	mt_dice(&t, 6, 6, 3, 5, 0); /* 2 + 12 = 14 against 2 + 1 + 8 = 11 */
	mt_ok(&t, MT_BRIT, "assault GB4 DE3");
	assert_true(mt_event(&t, "assault", "Losers Overrun!"));
	assert_int_equal(t.g->intr, MI_CASUALTY);
	assert_int_equal(t.g->intr_side, MT_GERMAN);
	mt_ok(&t, MT_GERMAN, "casualty DE4");
	assert_int_equal(t.g->u[mt_u(&t, "DE4")].status, MS_DISPERSED);
	assert_int_equal(t.g->u[mt_u(&t, "DE3")].status, MS_DISPERSED);
	assert_int_equal(t.g->intr, MI_ADVANCE); /* QR-ASSAULT-42 */
	mt_close(&t);
	/* the loser throws 6+6 in a difference-1 loss: one winning unit too */
	village_turn(&t);
	mt_place(&t, "DE3", 60, 21.5, 180);
	mt_place(&t, "GB4", 60, 20.5, 0);
	mt_place(&t, "GB5", 58.5, 20.5, 0);
	mt_place(&t, "GB6", 61.5, 20.5, 0);
	mt_group(&t, 3, 3, "GB4", "GB5", "GB6", NULL);
	mt_dice(&t, 5, 6, 6, 6, 0); /* 2 + 2 + 11 = 15 against 2 + 12 = 14 */
	mt_ok(&t, MT_BRIT, "assault GB4 DE3");
	assert_true(mt_event(&t, "assault", "Losers Retreat!"));
	assert_int_equal(t.g->intr, MI_CASUALTY);
	assert_int_equal(t.g->intr_side, MT_BRIT);
	mt_ok(&t, MT_BRIT, "casualty GB5");
	assert_int_equal(t.g->u[mt_u(&t, "GB5")].status, MS_DISPERSED);
	assert_true(mt_event(&t, "retreat", "DE3")); /* then the losers retreat */
	mt_close(&t);
	/* difference 0 and the defender throws 6+6: one attacking unit dispersed */
	village_turn(&t);
	mt_place(&t, "DE3", 60, 21.5, 180);
	mt_place(&t, "GB4", 60, 20.5, 0);
	mt_group(&t, 3, 3, "GB4", NULL);
	mt_dice(&t, 6, 6, 6, 6, 0);
	mt_ok(&t, MT_BRIT, "assault GB4 DE3");
	assert_int_equal(t.g->u[mt_u(&t, "GB4")].status, MS_DISPERSED);
	assert_int_equal(t.g->u[mt_u(&t, "DE3")].status, MS_DISPERSED);
	mt_close(&t);
}

/* ---- artillery (QR-EX-28, 29) ---- */

/* Also QR-ARTY-1 (battery, observer and aiming point), QR-ARTY-12 (the same target area,
 * +1), QR-HE-18 and QR-DSIX-14 (a natural double six destroys the bunker). */
static void test_qr_ex_28_25pdr_accuracy_deviation_he(void **state)
{
	struct mt t;
	int de3;

	(void)state;
	village_turn(&t);
	mt_place(&t, "GB2", 20, 10, 0);
	mt_place(&t, "GB1", 36, 2, 0);
	mt_place(&t, "DE3", 20, 26, 180);
	de3 = mt_u(&t, "DE3");
	t.g->fire_missions[MT_BRIT] = 3;
	t.g->u[mt_u(&t, "GB1")].orders = 5;
	/* the first mission at the wood's edge: 3, undershoot by 4 + 2 = 6" towards GB2 */
	mt_dice(&t, 3, 3, 2, 0);
	mt_ok(&t, MT_BRIT, "call artillery 20 29");
	assert_string_equal(mt_str(&t, "artillery", "accuracy"), "miss, undershoot");
	assert_int_equal((int)(mt_num(&t, "artillery", "y") * 100 + 0.5), 2300);
	assert_false(mt_event(&t, "he", NULL));
	/* next turn, inside last turn's zone, missed: 4 + 1 = 5, a hit; HE +3; DE3 Veteran */
	t.g->turn++;
	mt_dice(&t, 3, 4, 2, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "call artillery 20 25");
	assert_int_equal((int)mt_num(&t, "artillery", "modifier"), 1);
	assert_string_equal(mt_str(&t, "artillery", "accuracy"), "hit");
	assert_int_equal((int)mt_num(&t, "he", "score"), 8);
	assert_string_equal(mt_str(&t, "morale", "outcome"), "pinned");
	assert_true(t.g->u[de3].flags & MU_PINNED);
	mt_close(&t);
	/* the AFV and position rows add (QR-HE-11) */
	{
		static const struct {
			const char *unit;
			int a, b, score;
			int dug, he;
		} v[] = {{"GPZIV", 4, 5, 9, 0, 3},
		         {"GTIG2", 4, 5, 8, 0, 3},
		         {"GHT", 3, 3, 8, 0, 4},
		         {"GPZIV", 4, 6, 8, 1, 3}};
		for (size_t k = 0; k < sizeof(v) / sizeof(v[0]); k++) {
			open_table(&t, "");
			mt_place(&t, "BFOO", 110, 20, 0);
			mt_place(&t, v[k].unit, 110, 40, 180);
			((struct minis_scenario *)t.sc)->sides[MT_BRIT].battery.he = v[k].he;
			if (v[k].dug)
				((struct minis_scenario *)t.sc)->units[mt_u(&t, v[k].unit)].flags |=
				    MINIS_F_DUG_IN;
			mt_phase(&t, MP_ORDERS, MT_BRIT);
			t.g->fire_missions[MT_BRIT] = 1;
			t.g->u[mt_u(&t, "BHQ")].orders = 0;
			mt_place(&t, "BHQ", 100, 5, 0);
			t.g->u[mt_u(&t, "BHQ")].orders = 2;
			mt_dice(&t, 3, 6, v[k].a, v[k].b, 3, 0);
			mt_ok(&t, MT_BRIT, "call artillery 110 40");
			assert_int_equal((int)mt_num(&t, "he", "score"), v[k].score);
			mt_close(&t);
		}
	}
	/* infantry in the bunker, a natural double six: the bunker is destroyed, one test */
	open_table(&t, "");
	mt_place(&t, "BFOO", 61, 30, 0);
	mt_place(&t, "BHQ", 100, 5, 0);
	mt_place(&t, "GHMG", 61, 41, 180);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	t.g->fire_missions[MT_BRIT] = 1;
	t.g->u[mt_u(&t, "BHQ")].orders = 2;
	mt_dice(&t, 3, 6, 6, 6, 5, 0);
	mt_ok(&t, MT_BRIT, "call artillery 61 41");
	assert_int_equal((int)mt_num(&t, "he", "score"), 12);
	assert_true(mt_event(&t, "strongpoint-destroyed", "BUNK"));
	assert_string_equal(mt_str(&t, "morale", "test"), "disperse");
	assert_int_equal(t.g->piece_gone[minis__piece_find(t.g, "BUNK")], 1);
	mt_close(&t);
}

static void test_qr_ex_29_beaten_zone_sizes(void **state)
{
	struct minis_dist d, w;

	(void)state;
	minis__zone(1, 0, &d, &w);
	assert_int_equal(d.base, 200), assert_int_equal(w.base, 200), assert_int_equal(d.alt, 300);
	minis__zone(2, 0, &d, &w);
	assert_int_equal(d.base, 200), assert_int_equal(w.base, 400), assert_int_equal(w.alt, 600);
	minis__zone(3, 0, &d, &w);
	assert_int_equal(d.base, 300), assert_int_equal(w.base, 400), assert_int_equal(d.alt, 450);
	minis__zone(5, 0, &d, &w);
	assert_int_equal(d.base, 400), assert_int_equal(w.base, 400), assert_int_equal(w.alt, 600);
	minis__zone(1, 1, &d, &w);
	assert_int_equal(d.base, 200), assert_int_equal(w.base, 100), assert_int_equal(d.alt, 300),
	    assert_int_equal(w.alt, 200);
}

/* ---- set-up (QR-EX-32, 33) ---- */

static void test_qr_ex_32_air_superiority_missions(void **state)
{
	struct mt t;

	(void)state;
	/* British 3 + 2 = 5, German 5 - 1 = 4; British air missions 5 -> 2; fire 6 -> 6, 2 -> 0 */
	mt_open(&t, "data:qr-village.json", "");
	mt_start(&t, 3, 5, 5, 6, 2, 1, 1, 1, 1, 1, 0);
	assert_int_equal(t.g->air_sup, MT_BRIT);
	assert_int_equal(t.g->air_missions[MT_BRIT], 2);
	assert_int_equal(t.g->air_missions[MT_GERMAN], 0);
	assert_int_equal(t.g->fire_missions[MT_BRIT], 6);
	assert_int_equal(t.g->fire_missions[MT_GERMAN], 0);
	mt_close(&t);
	/* a tie: nobody; British fire 1 -> 1, German 6 -> 4 */
	mt_open(&t, "data:qr-village.json", "");
	mt_start(&t, 3, 6, 1, 6, 1, 1, 1, 1, 1, 0);
	assert_int_equal(t.g->air_sup, -1);
	assert_int_equal(t.g->air_missions[MT_BRIT], 0);
	assert_int_equal(t.g->fire_missions[MT_BRIT], 1);
	assert_int_equal(t.g->fire_missions[MT_GERMAN], 4);
	mt_close(&t);
}

static void test_qr_ex_33_hidden_ambush_dummy_allowances(void **state)
{
	struct mt t;

	(void)state;
	/* British (Regular): hidden 1 + 1 = 2, ambush 6 - 4 = 2; German (Veteran): hidden 4 + 2
	 * = 6, ambush 2 - 3 -> 0; dummies 5 - 1 = 4 */
	mt_open(&t, "data:qr-village.json", "");
	mt_start(&t, 3, 6, 1, 1, 1, 6, 4, 2, 5, 0);
	assert_int_equal(t.g->hidden_allow[MT_BRIT], 2);
	assert_int_equal(t.g->ambush_allow[MT_BRIT], 2);
	assert_int_equal(t.g->hidden_allow[MT_GERMAN], 6);
	assert_int_equal(t.g->ambush_allow[MT_GERMAN], 0);
	assert_int_equal(t.g->dummy_allow[MT_GERMAN], 4);
	assert_int_equal(t.g->dummy_allow[MT_BRIT], 0);
	mt_close(&t);
}

/* ---- positions (QR-EX-36) ---- */

static void test_qr_ex_36_one_position_several_tables(void **state)
{
	struct mt t;
	int b, s, in, u;
	struct minis_pt f = {11000, 1000};

	(void)state;
	open_table(&t, "");
	mt_place(&t, "GINF", 42.5, 42.5, 180); /* in the building */
	u = mt_u(&t, "GINF");
	assert_int_equal(minis__cover(t.g, u, &f, &b, &s, &in), MC_HARD);
	assert_true(b), assert_false(s);
	assert_true(minis__in_cover(t.g, u));
	mt_place(&t, "GINF", 20, 45, 180); /* in the wood */
	assert_int_equal(minis__cover(t.g, u, &f, &b, &s, &in), MC_COVER);
	assert_false(b);
	mt_place(&t, "GINF", 61, 41, 180); /* in the bunker */
	assert_int_equal(minis__cover(t.g, u, &f, &b, &s, &in), MC_STRONGPOINT);
	assert_true(s);
	/* a dug-in AFV: a strongpoint for direct fire only */
	mt_place(&t, "GPZIV", 110, 50, 180);
	((struct minis_scenario *)t.sc)->units[mt_u(&t, "GPZIV")].flags |= MINIS_F_DUG_IN;
	assert_int_equal(minis__cover(t.g, mt_u(&t, "GPZIV"), &f, &b, &s, &in), MC_STRONGPOINT);
	mt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_qr_ex_1_rifles_effective_in_cover_no_effect),
	    cmocka_unit_test(test_qr_ex_2_pak40_sherman_front_close),
	    cmocka_unit_test(test_qr_ex_3_pak40_tiger_front_effective),
	    cmocka_unit_test(test_qr_ex_4_17pdr_panther_side_long),
	    cmocka_unit_test(test_qr_ex_5_militia_lmg_hard_cover_miss),
	    cmocka_unit_test(test_qr_ex_6_pinned_mmg_defensive_fire),
	    cmocka_unit_test(test_qr_ex_7_supported_elite_row_11),
	    cmocka_unit_test(test_qr_ex_8_mmg_long_difficult_elite_morale),
	    cmocka_unit_test(test_qr_ex_9_russian_afv_long),
	    cmocka_unit_test(test_qr_ex_10_within_acquisition_out_of_range),
	    cmocka_unit_test(test_qr_ex_11_acquisition_limits_high_ground),
	    cmocka_unit_test(test_qr_ex_12_typhoon_rockets_pziv_with_flak),
	    cmocka_unit_test(test_qr_ex_13_fw190_cannon_building),
	    cmocka_unit_test(test_qr_ex_14_what_fail_means_for_an_aircraft),
	    cmocka_unit_test(test_qr_ex_15_initiative_germans_win_draws),
	    cmocka_unit_test(test_qr_ex_16_minimum_one_order),
	    cmocka_unit_test(test_qr_ex_17_order_costs_and_group_sizes),
	    cmocka_unit_test(test_qr_ex_18_mission_requests),
	    cmocka_unit_test(test_qr_ex_19_movement_allowances),
	    cmocka_unit_test(test_qr_ex_20_barbed_wire),
	    cmocka_unit_test(test_qr_ex_21_bogging_down),
	    cmocka_unit_test(test_qr_ex_22_reconnaissance),
	    cmocka_unit_test(test_qr_ex_23_morale_test_cells),
	    cmocka_unit_test(test_qr_ex_24_rally_checks),
	    cmocka_unit_test(test_qr_ex_25_assault_on_a_building),
	    cmocka_unit_test(test_qr_ex_26_panzerfaust_against_a_lone_sherman),
	    cmocka_unit_test(test_qr_ex_27_stubborn_resistance_and_double_sixes),
	    cmocka_unit_test(test_qr_ex_28_25pdr_accuracy_deviation_he),
	    cmocka_unit_test(test_qr_ex_29_beaten_zone_sizes),
	    cmocka_unit_test(test_qr_ex_30_flame_thrower_bunker),
	    cmocka_unit_test(test_qr_ex_31_double_sixes_in_direct_fire),
	    cmocka_unit_test(test_qr_ex_32_air_superiority_missions),
	    cmocka_unit_test(test_qr_ex_33_hidden_ambush_dummy_allowances),
	    cmocka_unit_test(test_qr_ex_34_band_edges),
	    cmocka_unit_test(test_qr_ex_35_bracketed_at_factor),
	    cmocka_unit_test(test_qr_ex_36_one_position_several_tables),
	    cmocka_unit_test(test_qr_ex_37_left_to_right),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
