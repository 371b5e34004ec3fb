/*
 * test_minis_options.c -- the winners' advance after a close assault (QR-ASSAULT-42) and the
 * house-interpretation option values of minis-checklist.md section 2 that are not the
 * defaults: morale.timing=phase4 (QR-AMB-10), init.holder_chooses=true (QR-AMB-12),
 * dummy.can_move=true (QR-AMB-13), turn.deffire=after_each_activation (QR-AMB-28) and
 * rally.compulsory=false (QR-AMB-45).  Each plays on qr-village with forced dice.
 */
#include "test_minis_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *pending_kind(struct mt *t, int side)
{
	static struct rules_pending p;

	minis__pending((const struct rules_game *)t->g, &p);
	return p.kind[side];
}

/* 1 if the options answer of side has the group prefix with choice (NULL: the prefix). */
static int has_option(struct mt *t, int side, const char *prefix, const char *choice)
{
	cJSON *q = mt_query(t, side, "options all"), *grp, *c;
	int found = 0;

	assert_non_null(q);
	cJSON_ArrayForEach(grp, cJSON_GetObjectItemCaseSensitive(q, "groups"))
	{
		if (strcmp(cJSON_GetObjectItemCaseSensitive(grp, "prefix")->valuestring, prefix) !=
		    0)
			continue;
		if (choice == NULL)
			found = 1;
		cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(grp, "choices"))
		{
			found |= strcmp(c->valuestring, choice) == 0;
		}
	}
	cJSON_Delete(q);
	return found;
}

/* GB4 assaults DE3 alone: 2 + 4+4 = 10 against DE3's 3 + 3+3 = 9: "Losers Retreat!". */
static void assault_won_by_british(struct mt *t, const char *opts)
{
	mt_open(t, "data:qr-village.json", opts);
	mt_clear(t);
	mt_phase(t, MP_ORDERS, MT_BRIT);
	mt_place(t, "DE3", 60, 21.5, 180);
	mt_place(t, "GB4", 60, 20.5, 0);
	mt_group(t, 3, 3, "GB4", NULL);
	mt_dice(t, 4, 4, 3, 3, 0);
	mt_ok(t, MT_BRIT, "assault GB4 DE3");
	assert_true(mt_event(t, "assault", "Losers Retreat!"));
}

/* QR-ASSAULT-42: "Winning units may occupy the ground or move additional 2" [3"]." The winner
 * is asked (pending "advance", listed by options); a winning unit occupies the ground the
 * retreating loser vacated. */
static void test_qr_assault_42_winner_occupies_vacated_ground(void **state)
{
	struct mt t;
	int gb4, de3;

	(void)state;
	assault_won_by_british(&t, "");
	gb4 = mt_u(&t, "GB4");
	de3 = mt_u(&t, "DE3");
	assert_int_equal(t.g->intr, MI_ADVANCE);
	assert_string_equal(pending_kind(&t, MT_BRIT), "advance");
	assert_string_equal(pending_kind(&t, MT_GERMAN), "");
	assert_true(has_option(&t, MT_BRIT, "advance GB4", "occupy"));
	assert_true(has_option(&t, MT_BRIT, "advance", "none"));
	assert_false(t.g->u[de3].x == 6000 && t.g->u[de3].y == 2150); /* DE3 retreated */
	/* nothing else until the winner decides */
	mt_refused(&t, MT_BRIT, "move GB4 60 18", "QR-TURN-1");
	mt_refused(&t, MT_GERMAN, "advance none", "QR-TURN-1");
	mt_ok(&t, MT_BRIT, "advance GB4 occupy DE3");
	assert_int_equal(t.g->u[gb4].x, 6000);
	assert_int_equal(t.g->u[gb4].y, 2150);
	assert_true(mt_event(&t, "advance", "occupies the ground vacated"));
	assert_int_equal(t.g->intr, MI_NONE);
	assert_string_equal(pending_kind(&t, MT_BRIT), "orders");
	mt_close(&t);
}

/* QR-ASSAULT-42: the move is 2" at most at the base scale, 3" at the alternate scale
 * (QR-AMB-9); refusals cite QR-ASSAULT-42 and change nothing. */
static void test_qr_assault_42_move_2_inches_3_at_alt_scale(void **state)
{
	struct mt t;
	int gb4;

	(void)state;
	assault_won_by_british(&t, "");
	gb4 = mt_u(&t, "GB4");
	mt_refused(&t, MT_BRIT, "advance GB4 60 23", "QR-ASSAULT-42"); /* 2.5" */
	assert_int_equal(t.g->u[gb4].y, 2050);
	assert_int_equal(t.g->intr, MI_ADVANCE);
	mt_refused(&t, MT_BRIT, "advance DE3 60 21", "QR-CMD-26"); /* not his unit */
	mt_ok(&t, MT_BRIT, "advance GB4 60 22.5");
	assert_int_equal(t.g->u[gb4].y, 2250);
	assert_int_equal(t.g->intr, MI_NONE);
	mt_close(&t);

	mt_open(&t, "data:qr-village.json", "scale=alt");
	mt_clear(&t);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_place(&t, "DE3", 60, 31.5, 180);
	gb4 = mt_u(&t, "GB4");
	mt_place(&t, "GB4", 60, 30, 0);
	mt_group(&t, 3, 3, "GB4", NULL);
	mt_dice(&t, 4, 4, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "assault GB4 DE3");
	assert_int_equal(t.g->intr, MI_ADVANCE);
	mt_refused(&t, MT_BRIT, "advance GB4 60 33.1", "QR-ASSAULT-42"); /* 3.1" */
	mt_ok(&t, MT_BRIT, "advance GB4 60 33");                         /* 3" */
	assert_int_equal(t.g->u[gb4].y, 3300);
	mt_close(&t);
}

/* QR-ASSAULT-42: declining is allowed (advance none, or end), and when the defender wins it
 * is the defender's decision inside the attacker's phase. */
static void test_qr_assault_42_decline_and_defender_winner(void **state)
{
	struct mt t;
	int gb4;

	(void)state;
	assault_won_by_british(&t, "");
	gb4 = mt_u(&t, "GB4");
	mt_ok(&t, MT_BRIT, "advance none");
	assert_true(mt_event(&t, "advance", "declines"));
	assert_int_equal(t.g->u[gb4].y, 2050);
	assert_int_equal(t.g->intr, MI_NONE);
	mt_close(&t);

	assault_won_by_british(&t, "");
	mt_ok(&t, MT_BRIT, "end");
	assert_int_equal(t.g->intr, MI_NONE);
	assert_int_equal(t.g->phase, MP_ORDERS);
	mt_close(&t);

	/* the German defender wins: 2 + 1+1 = 4 against 3 + 3+3 = 9 */
	mt_open(&t, "data:qr-village.json", "");
	mt_clear(&t);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_place(&t, "DE3", 60, 21.5, 180);
	mt_place(&t, "GB4", 60, 20.5, 0);
	mt_group(&t, 3, 3, "GB4", NULL);
	mt_dice(&t, 1, 1, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "assault GB4 DE3");
	assert_int_equal(t.g->intr, MI_ADVANCE);
	assert_int_equal(t.g->intr_side, MT_GERMAN);
	assert_string_equal(pending_kind(&t, MT_GERMAN), "advance");
	mt_refused(&t, MT_BRIT, "advance none", "QR-TURN-1");
	mt_ok(&t, MT_GERMAN, "advance DE3 occupy");
	assert_int_equal(t.g->intr, MI_NONE);
	assert_int_equal(t.g->acting, MT_BRIT);
	mt_close(&t);
}

/* ---- morale.timing=phase4 (QR-AMB-10) ---- */

/* QR-AMB-10, morale.timing=phase4: the test a result names is queued (its news where the
 * unit's would go) and taken at the start of phase 4, the phasing side's first. */
static void test_qr_amb_10_morale_phase4_queues_tests(void **state)
{
	struct mt t;
	int ginf, brif;
	int32_t gy;

	(void)state;
	mt_open(&t, "test:minis-test.json", "morale.timing=phase4");
	mt_clear(&t);
	ginf = mt_u(&t, "GINF");
	brif = mt_u(&t, "BRIF");
	mt_place(&t, "BRIF", 110, 20, 0);
	mt_place(&t, "GINF", 110, 20 + t.g->u[brif].d / 200.0 + 10 + t.g->u[ginf].d / 200.0, 180);
	gy = t.g->u[ginf].y;
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BRIF", NULL);
	mt_dice(&t, 4, 5, 0); /* 9: on target, AI 0: the RETREAT test */
	mt_ok(&t, MT_BRIT, "fire BRIF GINF");
	assert_string_equal(mt_str(&t, "fire", "result"), "retreat");
	assert_true(mt_event(&t, "morale-queued", "GINF will take a retreat test in phase 4"));
	assert_false(mt_event(&t, "morale", NULL));
	assert_int_equal(t.g->nmq, 1);
	assert_int_equal(t.g->u[ginf].y, gy);
	mt_ok(&t, MT_BRIT, "end");
	/* 2B: GINF, its test still to come, fires back: BRIF's test is queued after it */
	mt_dice(&t, 4, 5, 0);
	mt_ok(&t, MT_GERMAN, "fire GINF BRIF");
	assert_true(mt_event(&t, "morale-queued", "BRIF"));
	assert_int_equal(t.g->nmq, 2);
	mt_ok(&t, MT_GERMAN, "end");
	mt_ok(&t, MT_GERMAN, "end");
	/* 3B over: phase 4 takes the queue, the phasing British first (BRIF, queued second) */
	mt_dice(&t, 2, 2, 0);
	mt_ok(&t, MT_BRIT, "end");
	assert_string_equal(mt_str(&t, "morale", "unit"), "BRIF");
	assert_true(mt_event(&t, "morale", "GINF takes a retreat test: 2+0: retreat"));
	assert_int_equal(t.g->nmq, 0);
	assert_true(t.g->u[ginf].y > gy); /* it retreated, north, away from BRIF */
	mt_close(&t);

	/* immediate (the default): the test at once */
	mt_open(&t, "test:minis-test.json", "");
	mt_clear(&t);
	mt_place(&t, "BRIF", 110, 20, 0);
	mt_place(&t, "GINF", 110, 20 + t.g->u[brif].d / 200.0 + 10 + t.g->u[ginf].d / 200.0, 180);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "BRIF", NULL);
	mt_dice(&t, 4, 5, 2, 0);
	mt_ok(&t, MT_BRIT, "fire BRIF GINF");
	assert_true(mt_event(&t, "morale", "GINF takes a retreat test"));
	assert_false(mt_event(&t, "morale-queued", NULL));
	mt_close(&t);
}

/* ---- init.holder_chooses=true (QR-AMB-12) ---- */

/* QR-AMB-12, init.holder_chooses=true: "the initiative holder chooses whether to be phasing
 * or non-phasing": a decision of his (pending "initiative", listed by options). */
static void test_qr_amb_12_holder_chooses(void **state)
{
	struct mt t;

	(void)state;
	mt_open(&t, "data:qr-village.json", "init.holder_chooses=true");
	mt_clear(&t);
	mt_place(&t, "GB1", 36, 2, 0);
	mt_place(&t, "DE1", 41.5, 41.5, 180);
	mt_dice(&t, 6, 1, 0); /* GB1 6+1 = 7, DE1 1+2 = 3: British initiative */
	rules_events_release(&t.ev);
	rules_events_init(&t.ev);
	assert_int_equal(minis__command_phase(t.g, &t.dice, &t.ev), 0);
	assert_true(mt_event(&t, "command", "british has the initiative and chooses"));
	assert_int_equal(t.g->intr, MI_INIT);
	assert_string_equal(pending_kind(&t, MT_BRIT), "initiative");
	assert_string_equal(pending_kind(&t, MT_GERMAN), "");
	assert_true(has_option(&t, MT_BRIT, "initiative", "first"));
	assert_true(has_option(&t, MT_BRIT, "initiative", "second"));
	mt_refused(&t, MT_GERMAN, "initiative first", "QR-TURN-1");
	mt_refused(&t, MT_BRIT, "initiative later", "QR-AMB-12");
	mt_refused(&t, MT_BRIT, "end", "QR-TURN-1");
	mt_ok(&t, MT_BRIT, "initiative second");
	assert_true(mt_event(&t, "initiative", "german is phasing"));
	assert_int_equal(t.g->phasing, MT_GERMAN);
	assert_int_equal(t.g->acting, MT_GERMAN);
	assert_int_equal(t.g->phase, MP_ORDERS);
	assert_string_equal(pending_kind(&t, MT_GERMAN), "orders");
	mt_close(&t);

	/* the default: the holder is phasing, nobody is asked */
	mt_open(&t, "data:qr-village.json", "");
	mt_clear(&t);
	mt_place(&t, "GB1", 36, 2, 0);
	mt_place(&t, "DE1", 41.5, 41.5, 180);
	mt_dice(&t, 6, 1, 0);
	assert_int_equal(minis__command_phase(t.g, &t.dice, &t.ev), 0);
	assert_int_equal(t.g->intr, MI_NONE);
	assert_int_equal(t.g->phasing, MT_BRIT);
	mt_refused(&t, MT_BRIT, "initiative second", "QR-TURN-1");
	mt_close(&t);
}

/* ---- turn.deffire=after_each_activation (QR-AMB-28) ---- */

/* QR-AMB-28, turn.deffire=after_each_activation: `end` closes an activation and the enemy's
 * units not yet used this phase may fire; then the orders go on; the phase's own defensive
 * fire phase (2B) is not held. */
static void test_qr_amb_28_deffire_after_each_activation(void **state)
{
	struct mt t;
	int gb1;

	(void)state;
	mt_open(&t, "data:qr-village.json", "turn.deffire=after_each_activation");
	mt_clear(&t);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_place(&t, "GB1", 36, 2, 0);
	mt_place(&t, "GB4", 60, 10, 0);
	mt_place(&t, "GB5", 66, 10, 0);
	mt_place(&t, "DE3", 60, 22, 180);
	gb1 = mt_u(&t, "GB1");
	t.g->u[gb1].orders = 3;
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "order GB1 standard GB4");
	mt_refused(&t, MT_BRIT, "order GB1 standard GB5", "QR-AMB-28");
	mt_ok(&t, MT_BRIT, "end");
	assert_int_equal(t.g->phase, MP_DEFFIRE);
	assert_int_equal(t.g->acting, MT_GERMAN);
	assert_string_equal(pending_kind(&t, MT_GERMAN), "defensive-fire");
	assert_true(mt_event(&t, "phase", "activation over"));
	mt_dice(&t, 1, 1, 0); /* a miss */
	mt_ok(&t, MT_GERMAN, "fire DE3 GB4");
	mt_ok(&t, MT_GERMAN, "end");
	assert_int_equal(t.g->phase, MP_ORDERS);
	assert_int_equal(t.g->acting, MT_BRIT);
	/* the next activation, and a window again: DE3 has fired this phase */
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "order GB1 standard GB5");
	mt_ok(&t, MT_BRIT, "end");
	assert_int_equal(t.g->phase, MP_DEFFIRE);
	mt_refused(&t, MT_GERMAN, "fire DE3 GB5", "QR-FIRE-40");
	mt_ok(&t, MT_GERMAN, "end");
	/* no activation open: end closes 2A, and 3A follows at once */
	mt_ok(&t, MT_BRIT, "end");
	assert_int_equal(t.g->phase, MP_ORDERS);
	assert_int_equal(t.g->acting, MT_GERMAN);
	mt_close(&t);

	/* after_phase (the default): a second order is fine, end goes to 2B */
	mt_open(&t, "data:qr-village.json", "");
	mt_clear(&t);
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_place(&t, "GB1", 36, 2, 0);
	mt_place(&t, "GB4", 60, 10, 0);
	mt_place(&t, "GB5", 66, 10, 0);
	t.g->u[mt_u(&t, "GB1")].orders = 3;
	mt_dice(&t, 3, 3, 3, 3, 0);
	mt_ok(&t, MT_BRIT, "order GB1 standard GB4");
	mt_ok(&t, MT_BRIT, "order GB1 standard GB5");
	mt_ok(&t, MT_BRIT, "end");
	assert_int_equal(t.g->phase, MP_DEFFIRE);
	mt_close(&t);
}

/* ---- rally.compulsory=false (QR-AMB-45) ---- */

/* QR-AMB-45, rally.compulsory=false: "false lets a player skip a unit's check"; true (the
 * default) refuses it. */
static void test_qr_amb_45_rally_not_compulsory(void **state)
{
	struct mt t;
	int gb4, gb5;

	(void)state;
	mt_open(&t, "data:qr-village.json", "rally.compulsory=false");
	mt_clear(&t);
	mt_place(&t, "GB4", 60, 10, 0);
	mt_place(&t, "GB5", 66, 10, 0);
	gb4 = mt_u(&t, "GB4");
	gb5 = mt_u(&t, "GB5");
	t.g->u[gb4].flags |= MU_PINNED;
	t.g->u[gb5].flags |= MU_PINNED;
	mt_phase(&t, MP_DEFFIRE, MT_BRIT); /* 3B */
	mt_ok(&t, MT_BRIT, "end");
	assert_int_equal(t.g->phase, MP_RALLY);
	assert_string_equal(pending_kind(&t, MT_BRIT), "rally");
	assert_true(has_option(&t, MT_BRIT, "rally GB4", "skip"));
	mt_ok(&t, MT_BRIT, "rally GB4 skip");
	/* once chosen, the skip is no choice any more: not listed, refused if repeated */
	assert_false(has_option(&t, MT_BRIT, "rally GB4", "skip"));
	mt_refused(&t, MT_BRIT, "rally GB4 skip", "QR-AMB-45");
	mt_dice(&t, 6, 0); /* GB5's check: 6, RALLY */
	mt_ok(&t, MT_BRIT, "end");
	assert_true(mt_event(&t, "rally", "GB4 takes no rally check and stays pinned"));
	assert_true(mt_event(&t, "rally", "GB5 rallies: 6+0 = 6: RALLY!"));
	assert_true(t.g->u[gb4].flags & MU_PINNED);
	assert_false(t.g->u[gb5].flags & MU_PINNED);
	assert_false(t.g->u[gb4].flags & MU_RALLY_SKIP);
	mt_close(&t);

	/* compulsory (the default): nothing to ask, and a skip is refused */
	mt_open(&t, "data:qr-village.json", "");
	mt_clear(&t);
	mt_place(&t, "GB4", 60, 10, 0);
	gb4 = mt_u(&t, "GB4");
	t.g->u[gb4].flags |= MU_PINNED;
	mt_phase(&t, MP_RALLY, MT_BRIT);
	t.g->rally_done[MT_BRIT] = 0;
	t.g->rally_done[MT_GERMAN] = 1;
	mt_refused(&t, MT_BRIT, "rally GB4 skip", "QR-AMB-45");
	assert_false(t.g->u[gb4].flags & MU_RALLY_SKIP);
	mt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_qr_assault_42_winner_occupies_vacated_ground),
	    cmocka_unit_test(test_qr_assault_42_move_2_inches_3_at_alt_scale),
	    cmocka_unit_test(test_qr_assault_42_decline_and_defender_winner),
	    cmocka_unit_test(test_qr_amb_10_morale_phase4_queues_tests),
	    cmocka_unit_test(test_qr_amb_12_holder_chooses),
	    cmocka_unit_test(test_qr_amb_28_deffire_after_each_activation),
	    cmocka_unit_test(test_qr_amb_45_rally_not_compulsory),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
