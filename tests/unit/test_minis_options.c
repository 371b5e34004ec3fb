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

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_qr_assault_42_winner_occupies_vacated_ground),
	    cmocka_unit_test(test_qr_assault_42_move_2_inches_3_at_alt_scale),
	    cmocka_unit_test(test_qr_assault_42_decline_and_defender_winner),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
