/*
 * test_ma_14.c -- Meuse Argonne's terrain (14.0) and Integrated CRT lines
 * (MA-CRT) on the shipped scenario: which line a ground combat uses for a
 * German or Allied defender in the trench hexes, breached or not, on rises,
 * in woods, towns and fortresses and across the Meuse; the block of Allied
 * ZOC into trench hexes; the Fortification +1 MP and the EZOC-to-EZOC ban
 * into Fortification hexes (AMB-88); and the mobile phases that pass at
 * once (MA-10.3-02).  Dice are forced through the game's dice stream.
 */
#include "test_ma_util.h"

#include <stdio.h>
#include <string.h>

static struct fmt T;

static int setup(void **state)
{
	(void)state;
	ma_open(&T, NULL);
	ma_at(&T, 2, ALLIED, FM_PH_COMBAT);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fmt_close(&T);
	return 0;
}

/* An attack by attacker (side) from a plain neighbour on defender in hex; die 4 (a result
 * with no retreat to choose on every line at these odds is not needed: only the line is
 * read).  Returns the action's code. */
static int attack_on(int side, const char *attacker, const char *defender, int hex)
{
	int from = mat_clear_neighbour(&T, hex, -1);
	char line[96];

	assert_true(from >= 0);
	ma_at(&T, 2, side, FM_PH_COMBAT);
	mat_put(&T, defender, hex);
	mat_put(&T, attacker, from);
	fmt_dice(&T, 1, 4);
	snprintf(line, sizeof(line), "attack %s %s", mat_id(&T, hex), attacker);
	return fmt_do(&T, side, line);
}

/* MA-14.2-02, MA-14.2-06, MA-14.2-07, MA-CRT-03: a German unit in a Stellung hex (clear
 * otherwise) is attacked on the Stellung line, from a hex outside the line as well. */
static void test_ma_14_2_02_german_in_stellung_uses_its_line(void **state)
{
	int h = mat_find(&T, MA_HF_STELLUNG, MA_HF_WOODS | MA_HF_TOWN | MA_HF_RISE, 0);
	(void)state;
	assert_int_equal(attack_on(ALLIED, "US-3", "DE-13L", h), 0);
	assert_true(mat_line_was(&T, "stellung"));
}

/* MA-14.2-06, MA-14.2-07, MA-CRT-02, MA-CRT-04: each trench type has its own line. */
static void test_ma_14_2_06_tier2_and_fortification_lines(void **state)
{
	int t2 = mat_find(&T, MA_HF_TIER2, MA_HF_WOODS | MA_HF_TOWN | MA_HF_STELLUNG, 0);
	int fo = mat_find(&T, MA_HF_FORTIFICATION,
	                  MA_HF_WOODS | MA_HF_TOWN | MA_HF_STELLUNG | MA_HF_FORTRESS, 0);
	(void)state;
	assert_int_equal(attack_on(ALLIED, "US-3", "DE-13L", t2), 0);
	assert_true(mat_line_was(&T, "tier2"));
	assert_int_equal(attack_on(ALLIED, "US-3", "DE-13L", fo), 0);
	assert_true(mat_line_was(&T, "fortification"));
}

/* MA-14.2-03, MA-14.2-08: an Allied unit in a trench hex, captured or not, uses the line
 * of the other terrain in its hex (clear here), from any direction. */
static void test_ma_14_2_08_allied_in_trench_uses_other_terrain(void **state)
{
	int h = mat_find(&T, MA_HF_FORTIFICATION,
	                 MA_HF_WOODS | MA_HF_TOWN | MA_HF_RISE | MA_HF_FORTRESS, 0);
	(void)state;
	assert_int_equal(attack_on(GERMAN, "DE-1G", "US-92", h), 0);
	assert_true(mat_line_was(&T, "clear"));
	assert_false(mat_line_was(&T, "fortification"));
}

/* MA-14.2-04, MA-17.6-03: a breached trench hex gives no benefit from any direction; the
 * hex's normal terrain applies. */
static void test_ma_14_2_04_breached_hex_gives_no_benefit(void **state)
{
	int h = mat_find(&T, MA_HF_STELLUNG, MA_HF_WOODS | MA_HF_TOWN | MA_HF_RISE, 0);
	(void)state;
	ma__breach(T.g, h);
	assert_true(ma__breached(T.g, h));
	assert_int_equal(attack_on(ALLIED, "US-3", "DE-13L", h), 0);
	assert_true(mat_line_was(&T, "clear"));
	assert_false(mat_line_was(&T, "stellung"));
}

/* MA-17.6-02: a breached hex is marked on the text board, with its legend line. */
static void test_ma_17_6_02_breach_marked_on_the_board(void **state)
{
	int h = mat_find(&T, MA_HF_STELLUNG, 0, 0);
	char line[32];
	(void)state;
	snprintf(line, sizeof(line), "map %s", mat_id(&T, h));
	assert_int_equal(fmt_query(&T, ALLIED, line), 0);
	assert_false(fmt_reply_has(&T, "breached trench"));
	ma__breach(T.g, h);
	assert_int_equal(fmt_query(&T, RULES_SPECTATOR, line), 0);
	assert_true(fmt_reply_has(&T, "b breached trench (17.6)"));
}

/* MA-14.2-09: a fortress (Sedan, Verdun) is never breached; MA-CRT-01: it uses the Fortress
 * line. */
static void test_ma_14_2_09_fortress_never_breached(void **state)
{
	const struct ma_data *d = T.g->sc->ex_data;
	(void)state;
	ma__breach(T.g, d->sedan);
	ma__breach(T.g, d->verdun);
	assert_false(ma__breached(T.g, d->sedan));
	assert_false(ma__breached(T.g, d->verdun));
	assert_int_equal(attack_on(ALLIED, "US-3", "DE-13L", d->sedan), 0);
	assert_true(mat_line_was(&T, "fortress"));
}

/* AMB-106: an Allied defender in Verdun uses the Fortress line; with
 * ma.allied_fortress_benefit=false it uses the other terrain's. */
static void test_ma_amb_106_allied_in_verdun(void **state)
{
	int verdun = ((const struct ma_data *)T.g->sc->ex_data)->verdun;
	(void)state;
	assert_int_equal(attack_on(GERMAN, "DE-1G", "US-92", verdun), 0);
	assert_true(mat_line_was(&T, "fortress"));
	fmt_close(&T);
	ma_open(&T, "ma.allied_fortress_benefit=false");
	assert_int_equal(attack_on(GERMAN, "DE-1G", "US-92", verdun), 0);
	assert_false(mat_line_was(&T, "fortress"));
}

/* MA-14.1-01, MA-CRT-04: a rise hex uses the Rise line (2nd Tier Trench, River, Rise). */
static void test_ma_14_1_01_rise_line(void **state)
{
	int h =
	    mat_find(&T, MA_HF_RISE, MA_HF_WOODS | MA_HF_TOWN | MA_HF_TRENCH | MA_HF_FORTRESS, 0);
	(void)state;
	assert_int_equal(attack_on(ALLIED, "US-3", "DE-13L", h), 0);
	assert_true(mat_line_was(&T, "tier2"));
}

/* MA-CRT-03, MA-CRT-08 (AMB-108): woods and towns are on the Stellung (-3) line; MA-CRT-05:
 * clear on the Clear line. */
static void test_ma_crt_03_woods_town_clear_lines(void **state)
{
	int w =
	    mat_find(&T, MA_HF_WOODS, MA_HF_TOWN | MA_HF_TRENCH | MA_HF_RISE | MA_HF_FORTRESS, 0);
	int t = mat_find(&T, MA_HF_TOWN, MA_HF_TRENCH | MA_HF_FORTRESS, 0);
	int c = mat_find(&T, 0, 0x7f, 0);
	(void)state;
	assert_int_equal(attack_on(GERMAN, "DE-1G", "US-92", w), 0);
	assert_true(mat_line_was(&T, "stellung"));
	assert_int_equal(attack_on(GERMAN, "DE-1G", "US-92", t), 0);
	assert_true(mat_line_was(&T, "stellung"));
	assert_int_equal(attack_on(GERMAN, "DE-1G", "US-92", c), 0);
	assert_true(mat_line_was(&T, "clear"));
}

/* MA-CRT-09 (AMB-104): an attack whose every attacker is across the unbridged Meuse uses
 * the Fortification, Meuse River line. */
static void test_ma_crt_09_meuse_river_line(void **state)
{
	const struct fm_scenario *sc = T.g->sc;
	const struct ma_data *d = sc->ex_data;
	int a = -1, b = -1;
	(void)state;
	for (int s = 0; s < 3 * d->count && a < 0; s++) {
		int h, k;
		if (!(d->sidef[s] & MA_SF_MEUSE) ||
		    (sc->map.side_flags[s] & (RULES_HF_BRIDGE | RULES_HF_ROAD)))
			continue;
		h = s / 3;
		for (k = 0; k < d->count; k++)
			if (fm__adjacent(T.g, h, k) &&
			    rules_hex_side_between(&sc->map.grid, h, k) == s)
				break;
		if (k < d->count && !(d->hexf[h] & 0x7f) && !(d->hexf[k] & 0x7f))
			a = h, b = k;
	}
	assert_true(a >= 0);
	ma_at(&T, 2, ALLIED, FM_PH_COMBAT);
	mat_put(&T, "DE-13L", a);
	mat_put(&T, "US-3", b);
	fmt_dice(&T, 1, 4);
	{
		char line[64];
		snprintf(line, sizeof(line), "attack %s US-3", mat_id(&T, a));
		assert_int_equal(fmt_do(&T, ALLIED, line), 0);
	}
	assert_true(mat_line_was(&T, "fortification"));
}

/* MA-14.2-05: a non-breached trench hex blocks Allied ZOC, and only Allied ZOC; a breach
 * lifts the block; AMB-86: the option ma.trench_blocks_allied_zoc=false has no block. */
static void test_ma_14_2_05_allied_zoc_blocked_until_breached(void **state)
{
	int h = mat_find(&T, MA_HF_STELLUNG, 0, 0), n = mat_clear_neighbour(&T, h, -1);
	(void)state;
	mat_put(&T, "US-3", n);
	mat_put(&T, "DE-13L", h);
	assert_false(fm__in_ezoc(T.g, h, GERMAN)); /* the German unit in h: no Allied ZOC */
	assert_true(fm__in_ezoc(T.g, n, ALLIED));  /* German ZOC reaches the Allied unit */
	ma__breach(T.g, h);
	assert_true(fm__in_ezoc(T.g, h, GERMAN));
	fmt_close(&T);
	ma_open(&T, "ma.trench_blocks_allied_zoc=false");
	ma_at(&T, 2, ALLIED, FM_PH_COMBAT);
	mat_put(&T, "US-3", n);
	assert_true(fm__in_ezoc(T.g, h, GERMAN));
}

/* The MP a unit has spent after moving one hex from from to to (the move must succeed). */
static int spent_half(int side, const char *unit, int from, int to)
{
	char line[64];
	ma_at(&T, 2, side, FM_PH_MOVEMENT);
	mat_put(&T, unit, from);
	snprintf(line, sizeof(line), "move %s %s", unit, mat_id(&T, to));
	assert_int_equal(fmt_do(&T, side, line), 0);
	return T.g->u[fmt_unit(&T, unit)].mp_half;
}

/* MA-14.3-01: Allied movement, and only Allied movement, into a Fortification hex costs
 * +1 MP on top of the other terrain (clear: 1 MP); AMB-89: also once breached.
 * MA-14.3-02: no extra cost into a Stellung or 2nd Tier hex. */
static void test_ma_14_3_01_fortification_costs_allied_one_mp_more(void **state)
{
	int fo = mat_find(&T, MA_HF_FORTIFICATION,
	                  MA_HF_WOODS | MA_HF_TOWN | MA_HF_RISE | MA_HF_FORTRESS | MA_HF_STELLUNG |
	                      MA_HF_TIER2,
	                  0);
	int st = mat_find(&T, MA_HF_STELLUNG, MA_HF_WOODS | MA_HF_TOWN | MA_HF_RISE, 0);
	int a = mat_clear_neighbour(&T, fo, -1), b = mat_clear_neighbour(&T, st, -1);
	(void)state;
	assert_int_equal(spent_half(ALLIED, "US-3", a, fo), 4);
	assert_int_equal(spent_half(GERMAN, "DE-1G", a, fo), 2);
	ma__breach(T.g, fo);
	assert_int_equal(spent_half(ALLIED, "US-3", a, fo), 4);
	assert_int_equal(spent_half(ALLIED, "US-3", b, st), 2);
}

/* AMB-89 option: ma.breach_removes_fort_mp=true drops the +1 MP in a breached hex. */
static void test_ma_amb_89_breach_option(void **state)
{
	int fo = mat_find(&T, MA_HF_FORTIFICATION,
	                  MA_HF_WOODS | MA_HF_TOWN | MA_HF_RISE | MA_HF_FORTRESS | MA_HF_STELLUNG |
	                      MA_HF_TIER2,
	                  0);
	int a = mat_clear_neighbour(&T, fo, -1);
	(void)state;
	fmt_close(&T);
	ma_open(&T, "ma.breach_removes_fort_mp=true");
	assert_int_equal(spent_half(ALLIED, "US-3", a, fo), 4);
	ma__breach(T.g, fo);
	assert_int_equal(spent_half(ALLIED, "US-3", a, fo), 2);
}

/* AMB-88 (FM-6.1-07 for the outposts of 14.3): an Allied unit may not move from an EZOC hex
 * into a Fortification hex in an EZOC; the refusal changes nothing.  ma.fort_ezoc_rule=none
 * allows it (then the EZOC-to-EZOC move of FM-6.1-02 applies). */
static void test_ma_amb_88_no_ezoc_to_ezoc_into_fortification(void **state)
{
	const struct ma_data *d = T.g->sc->ex_data;
	int fo = -1, a = -1, ger = -1;
	char line[64];
	(void)state;
	for (int n = 0; fo < 0 && n < 40; n++) {
		int f = mat_find(&T, MA_HF_FORTIFICATION, MA_HF_FORTRESS, n);
		for (int x = 0; x < d->count && fo < 0; x++) {
			if (!fm__adjacent(T.g, f, x) || (d->hexf[x] & MA_HF_TRENCH) ||
			    fm__hex_prohibited(T.g, x, -1))
				continue;
			for (int y = 0; y < d->count; y++)
				if (fm__adjacent(T.g, y, x) && fm__adjacent(T.g, y, f) &&
				    !(d->hexf[y] & MA_HF_TRENCH) &&
				    !fm__hex_prohibited(T.g, y, -1)) {
					fo = f, a = x, ger = y;
					break;
				}
		}
	}
	assert_true(fo >= 0);
	ma_at(&T, 2, ALLIED, FM_PH_MOVEMENT);
	mat_put(&T, "US-3", a);
	mat_put(&T, "DE-1G", ger);
	snprintf(line, sizeof(line), "move US-3 %s", mat_id(&T, fo));
	assert_int_not_equal(fmt_do(&T, ALLIED, line), 0);
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "MA-14.3-01");
	assert_string_equal(fmt_where(&T, "US-3"), mat_id(&T, a));
	fmt_close(&T);
	ma_open(&T, "ma.fort_ezoc_rule=none");
	ma_at(&T, 2, ALLIED, FM_PH_MOVEMENT);
	mat_put(&T, "US-3", a);
	mat_put(&T, "DE-1G", ger);
	assert_int_equal(fmt_do(&T, ALLIED, line), 0);
	assert_string_equal(fmt_where(&T, "US-3"), mat_id(&T, fo));
}

/* MA-10.3-02 (AMB-105): every unit is a leg unit, so ending the Combat Phase passes the
 * Mobile Movement and Mobile Combat Phases at once. */
static void test_ma_10_3_02_mobile_phases_pass(void **state)
{
	int h = mat_find(&T, 0, 0x7f, 0);
	(void)state;
	mat_put(&T, "US-3", h);
	assert_int_equal(fmt_do(&T, ALLIED, "end"), 0);
	assert_true(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"event\":\"phase-skipped\"") >= 2);
	assert_true(T.g->active == GERMAN || T.g->phase == FM_PH_TURN_END);
	for (int u = 0; u < T.g->nunits; u++)
		assert_false(fm__def(T.g, u)->mobile);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_ma_14_2_02_german_in_stellung_uses_its_line, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_ma_14_2_06_tier2_and_fortification_lines, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_ma_14_2_08_allied_in_trench_uses_other_terrain,
	                                    setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_14_2_04_breached_hex_gives_no_benefit, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_ma_17_6_02_breach_marked_on_the_board, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_ma_14_2_09_fortress_never_breached, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_ma_amb_106_allied_in_verdun, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_14_1_01_rise_line, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_crt_03_woods_town_clear_lines, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_crt_09_meuse_river_line, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_14_2_05_allied_zoc_blocked_until_breached,
	                                    setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_14_3_01_fortification_costs_allied_one_mp_more,
	                                    setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_amb_89_breach_option, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_amb_88_no_ezoc_to_ezoc_into_fortification,
	                                    setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_10_3_02_mobile_phases_pass, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
