/*
 * test_ma_19.c -- Meuse Argonne 19.0 (orders of battle) as the engine
 * enforces them on the shipped scenario: the Allied set-up before the German
 * (19.2), US and French reinforcements on the south edge (19.3, AMB-101),
 * the Stellung divisions one per Stellung hex (19.4), two of them depleted
 * (19.4-03), the reserve north of the Stellung and not adjacent to any unit
 * (19.5, setup.c), German reinforcements through the edge towns (19.6,
 * AMB-98), two of them depleted (19.6-13).  Every refusal cites its rule and
 * leaves the game unchanged (ma_no).
 */
#include "test_ma_util.h"

#include <stdio.h>
#include <string.h>

static struct fmt T;

static int setup(void **state)
{
	(void)state;
	ma_open(&T, NULL);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fmt_close(&T);
	return 0;
}

/* Places every Allied set-up unit south of the Stellung and ends the Allied set-up. */
static void allied_setup(void)
{
	const struct ma_data *d = ma__data(T.g);
	char line[64], buf[RULES_HEX_ID_MAX];
	int h = 0;

	for (int u = 0; u < T.g->nunits; u++) {
		if (fm__side_of(T.g, u) != ALLIED || fm__def(T.g, u)->setup != FM_SETUP_CHOOSE)
			continue;
		while (!(d->hexf[h] & MA_HF_ALLIED_SETUP))
			h++;
		snprintf(line, sizeof(line), "place %s %s", fm__def(T.g, u)->id,
		         rules_hex_format(&T.g->sc->map.grid, h++, buf));
		ma_ok(&T, ALLIED, line);
	}
	ma_ok(&T, ALLIED, "end");
}

/* MA-19.2-01: the Allied player sets up all his units before the German player. */
static void test_ma_19_2_01_allied_before_german(void **state)
{
	(void)state;
	assert_int_not_equal(fmt_do(&T, ALLIED, "end"), 0); /* all of them first */
	assert_int_not_equal(fmt_do(&T, GERMAN, "place DE-1G 0819"), 0);
	assert_int_equal(ma_where(&T, "DE-1G"), FM_W_UNPLACED);
	allied_setup();
	assert_int_equal(T.g->active, GERMAN);
	assert_int_equal(T.g->phase, FM_PH_SETUP);
	ma_ok(&T, GERMAN, "place DE-1G 0819");
}

/* MA-19.3-01 (AMB-101): US and French reinforcements enter on any south-edge hex. */
static void test_ma_19_3_01_reinforcements_south_edge(void **state)
{
	(void)state;
	ma_at(&T, 4, ALLIED, FM_PH_MOVEMENT);
	ma_no(&T, ALLIED, "enter US-1 1721", WG_E_ILLEGAL_MOVE, "FM-3.0-05");
	ma_ok(&T, ALLIED, "enter US-1 1922");
	ma_at(&T, 6, ALLIED, FM_PH_MOVEMENT);
	ma_ok(&T, ALLIED, "enter FR-29 0522");
	ma_ok(&T, ALLIED, "enter FR-33 2022");
}

/* MA-19.4-01: each Stellung division sets up in a Stellung hex, one per hex. */
static void test_ma_19_4_01_stellung_one_per_hex(void **state)
{
	(void)state;
	T.g->active = GERMAN;
	T.g->setup_idx = 1;
	ma_no(&T, GERMAN, "place DE-1G 0805", WG_E_ILLEGAL_ACTION, "FM-3.0-04");
	ma_no(&T, GERMAN, "place DE-1G 0817", WG_E_ILLEGAL_ACTION, "FM-3.0-04"); /* 2nd Tier */
	ma_ok(&T, GERMAN, "place DE-1G 0819");
	ma_no(&T, GERMAN, "place DE-5G 0819", WG_E_ILLEGAL_ACTION, "FM-5.3-01");
	ma_ok(&T, GERMAN, "place DE-5G 0919");
}

/* MA-19.4-03: the 7th [R] and the 33rd set up depleted. */
static void test_ma_19_4_03_set_up_depleted(void **state)
{
	(void)state;
	T.g->active = GERMAN;
	T.g->setup_idx = 1;
	ma_ok(&T, GERMAN, "place DE-7R 0819");
	ma_ok(&T, GERMAN, "place DE-33 0919");
	ma_ok(&T, GERMAN, "place DE-37 1019");
	assert_int_equal(fmt_step(&T, "DE-7R"), 1);
	assert_int_equal(fmt_step(&T, "DE-33"), 1);
	assert_int_equal(fmt_step(&T, "DE-37"), 0);
}

/* MA-19.5-01: a reserve division sets up north of the Stellung, not adjacent to any other
 * unit; no unit sets up next to a reserve division either. */
static void test_ma_19_5_01_reserve_apart(void **state)
{
	(void)state;
	T.g->active = GERMAN;
	T.g->setup_idx = 1;
	ma_no(&T, GERMAN, "place DE-15A 0819", WG_E_ILLEGAL_ACTION, "FM-3.0-04"); /* Stellung */
	ma_ok(&T, GERMAN, "place DE-1G 0919");
	ma_no(&T, GERMAN, "place DE-15A 0918", WG_E_ILLEGAL_ACTION, "MA-19.5-01");
	ma_ok(&T, GERMAN, "place DE-15A 0718");
	ma_no(&T, GERMAN, "place DE-5G 0719", WG_E_ILLEGAL_ACTION, "MA-19.5-01");
	ma_no(&T, GERMAN, "place DE-106A 0817", WG_E_ILLEGAL_ACTION, "MA-19.5-01");
	ma_no(&T, GERMAN, "place DE-106A 0618", WG_E_ILLEGAL_ACTION, "MA-19.5-01");
	ma_ok(&T, GERMAN, "place DE-106A 0805");
	ma_ok(&T, GERMAN, "place DE-5G 1019");
}

/* MA-19.6-01 (AMB-98): German reinforcements enter through the edge towns. */
static void test_ma_19_6_01_reinforcements_edge_towns(void **state)
{
	(void)state;
	ma_at(&T, 2, GERMAN, FM_PH_MOVEMENT);
	ma_no(&T, GERMAN, "enter DE-52R 0201", WG_E_ILLEGAL_MOVE, "FM-3.0-05");
	ma_ok(&T, GERMAN, "enter DE-52R 0501");
	ma_ok(&T, GERMAN, "enter DE-53R 2407");
}

/* MA-19.6-13: the 45th [R] and the 117th arrive depleted. */
static void test_ma_19_6_13_arrive_depleted(void **state)
{
	(void)state;
	ma_at(&T, 19, GERMAN, FM_PH_MOVEMENT);
	ma_ok(&T, GERMAN, "enter DE-45R 0501");
	ma_ok(&T, GERMAN, "enter DE-117 0901");
	ma_ok(&T, GERMAN, "enter DE-25 1701");
	assert_int_equal(fmt_step(&T, "DE-45R"), 1);
	assert_int_equal(fmt_step(&T, "DE-117"), 1);
	assert_int_equal(fmt_step(&T, "DE-25"), 0);
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_ma_19_2_01_allied_before_german), T_(test_ma_19_3_01_reinforcements_south_edge),
	    T_(test_ma_19_4_01_stellung_one_per_hex), T_(test_ma_19_4_03_set_up_depleted),
	    T_(test_ma_19_5_01_reserve_apart),        T_(test_ma_19_6_01_reinforcements_edge_towns),
	    T_(test_ma_19_6_13_arrive_depleted),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
