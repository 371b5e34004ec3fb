/*
 * test_bs_12.c -- Battle of the Scheldt 12.0 and 12.1: the Flooded Scheldt.
 *
 * Fixture: tests/data/fm-scheldt-mini.json: 2833 is a flooded hex on the
 * mainland; 1841, 1842 are flooded Walcheren hexes on the road 1840-1842;
 * the engineer is "3", the mobile unit "10/1".
 */
#include "test_bs_util.h"

#include <stdio.h>
#include <string.h>

static struct fmt T;

static int setup(void **state)
{
	(void)state;
	bst_open(&T, NULL);
	fmt_clear(&T);
	bst_at(&T, 5, ALLIED, FM_PH_MOVEMENT);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fmt_close(&T);
	return 0;
}

static void reopen(const char *opts)
{
	fmt_close(&T);
	bst_open(&T, opts);
	fmt_clear(&T);
	bst_at(&T, 5, ALLIED, FM_PH_MOVEMENT);
}

/* BS-12.0-01: the flooded hexes of the map are Flooded terrain from the start. */
static void test_bs_12_0_01_flooded_from_start(void **state)
{
	(void)state;
	assert_true(scheldt__flooded(T.g, fmt_hex(&T, "2833")));
	assert_true(scheldt__flooded(T.g, fmt_hex(&T, "1841")));
	assert_false(scheldt__flooded(T.g, fmt_hex(&T, "2832")));
	assert_int_equal(fmt_query(&T, ALLIED, "crt flooded"), 0);
}

/* BS-12.0-02: a flooded hex is entered only from an adjacent hex at the start of the move,
 * for all MP, and the unit stops there (AMB-50, EX-41). */
static void test_bs_12_0_02_enter_from_adjacent_all_mp(void **state)
{
	(void)state;
	bst_put(&T, "44/15", "2832", 0);
	bst_ok(&T, ALLIED, "move 44/15 2833");
	assert_int_equal(T.g->u[fmt_unit(&T, "44/15")].mp_half, 12);
	fmt_do(&T, ALLIED, "move 44/15 2834");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-6.1-01"); /* it must stop there */
	bst_at(&T, 5, ALLIED, FM_PH_MOVEMENT);
	bst_put(&T, "44/15", "2831", 0);
	fmt_do(&T, ALLIED, "move 44/15 2832 2833");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-12.0-02");
	/* not after moving next to it in an earlier command of the same phase */
	bst_ok(&T, ALLIED, "move 44/15 2832");
	fmt_do(&T, ALLIED, "move 44/15 2833");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-12.0-02");
}

/* BS-12.0-03: roads in flooded hexes give no road rate, in or out. */
static void test_bs_12_0_03_no_road_rate(void **state)
{
	(void)state;
	bst_at(&T, 5, GERMAN, FM_PH_MOVEMENT);
	bst_put(&T, "1019", "1840", 0);
	bst_ok(&T, GERMAN, "move 1019 1841");
	assert_int_equal(T.g->u[fmt_unit(&T, "1019")].mp_half, 10); /* all 5 MP, not 1/2 */
	bst_at(&T, 6, GERMAN, FM_PH_MOVEMENT);
	bst_ok(&T, GERMAN, "move 1019 1840");
	assert_int_equal(T.g->u[fmt_unit(&T, "1019")].mp_half, 2); /* clear 1 MP, not 1/2 */
}

/* BS-12.0-04: no infiltration: no move from an EZOC into a flooded hex in an EZOC (AMB-49). */
static void test_bs_12_0_04_no_infiltration(void **state)
{
	(void)state;
	bst_put(&T, "44/15", "2832", 0);
	bst_put(&T, "346", "2834", 0); /* its ZOC covers 2833 */
	bst_put(&T, "712", "2932", 0); /* its ZOC covers 2832 and 2833 */
	fmt_do(&T, ALLIED, "move 44/15 2833");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-12.0-04");
	/* starting outside an EZOC, it may enter the flooded hex in one and stop */
	T.g->u[fmt_unit(&T, "712")].where = FM_W_REMOVED;
	T.g->u[fmt_unit(&T, "712")].hex = -1;
	bst_ok(&T, ALLIED, "move 44/15 2833");
	/* bs.flooded_no_ezoc_to_ezoc=false: the system EZOC-to-EZOC move applies */
	reopen("bs.flooded_no_ezoc_to_ezoc=false");
	bst_put(&T, "44/15", "2832", 0);
	bst_put(&T, "346", "2834", 0);
	bst_put(&T, "712", "2932", 0);
	bst_ok(&T, ALLIED, "move 44/15 2833");
}

/* An Allied attack on 1039 in the flooded 2833 from 2832 with attackers; returns the line. */
static const char *attack_line(const char *attackers)
{
	static char line[32];
	char cmd[96];
	cJSON *e;

	bst_at(&T, 5, ALLIED, FM_PH_COMBAT);
	fmt_events_clear(&T);
	fmt_dice(&T, 1, 5);
	snprintf(cmd, sizeof(cmd), "attack 2833 %s", attackers);
	bst_ok(&T, ALLIED, cmd);
	line[0] = '\0';
	for (size_t k = 0; k < T.ev.count; k++)
		if (strcmp(cJSON_GetObjectItem(T.ev.items[k].data, "event")->valuestring,
		           "combat-result") == 0 &&
		    (e = cJSON_GetObjectItem(T.ev.items[k].data, "line")) != NULL)
			snprintf(line, sizeof(line), "%s", e->valuestring);
	return line;
}

/* BS-12.0-05: an attack into a flooded hex uses the Flooded line; with an Allied engineer
 * among the attackers, the Clear line (AMB-53). */
static void test_bs_12_0_05_flooded_line_engineer_clear(void **state)
{
	(void)state;
	bst_put(&T, "1039", "2833", 0);
	bst_put(&T, "44/15", "2832", 0);
	bst_put(&T, "3", "2933", 0);
	assert_string_equal(attack_line("44/15"), "flooded");
	bst_put(&T, "1039", "2833", 0);
	assert_string_equal(attack_line("44/15 3"), "clear");
	/* a German engineer would not count, nor a bombardment (AMB-53) */
	bst_at(&T, 5, ALLIED, FM_PH_BOMBARD);
	bst_put(&T, "1039", "2833", 0);
	fmt_hand(&T, ALLIED, "A1");
	fmt_dice(&T, 1, 5);
	bst_ok(&T, ALLIED, "bombard 2833 A1");
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"line\":\"flooded\""), 1);
}

/* BS-12.0-06: mobile units may not move, retreat or advance into flooded hexes (nor attack
 * into them, AMB-75). */
static void test_bs_12_0_06_mobile_barred(void **state)
{
	int stop = 0;
	(void)state;
	bst_put(&T, "10/1", "2832", 0);
	fmt_do(&T, ALLIED, "move 10/1 2833");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-12.0-06");
	assert_int_equal(scheldt__retreat_step(T.g, fmt_unit(&T, "10/1"), fmt_hex(&T, "2832"),
	                                       fmt_hex(&T, "2833"), FM_RS_RETREAT, &stop, &T.err),
	                 WG_E_ILLEGAL_RETREAT);
	assert_string_equal(T.err.rule, "BS-12.0-06");
	assert_int_equal(scheldt__retreat_step(T.g, fmt_unit(&T, "10/1"), fmt_hex(&T, "2832"),
	                                       fmt_hex(&T, "2833"), FM_RS_ADVANCE, &stop, &T.err),
	                 WG_E_ILLEGAL_MOVE);
	bst_at(&T, 5, ALLIED, FM_PH_COMBAT);
	bst_put(&T, "1039", "2833", 0);
	fmt_do(&T, ALLIED, "attack 2833 10/1");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "BS-12.0-06");
}

/* D2 on 1039 in 2834 by 155/52 from 2835 (6 vs 4: +2/+3, one column left for a Commonwealth
 * attack without an armoured brigade: +1, die 1 D2). */
static void d2_on_2834(void)
{
	bst_at(&T, 5, ALLIED, FM_PH_COMBAT);
	bst_put(&T, "1039", "2834", 0);
	bst_put(&T, "155/52", "2835", 0);
	fmt_dice(&T, 1, 1);
	bst_ok(&T, ALLIED, "attack 2834 155/52");
	assert_int_equal(T.g->await, FM_AW_RETREAT);
}

/* BS-12.0-07: a leg unit retreats into a flooded hex but stops in the first one it enters;
 * the retreat counts as complete (AMB-48). */
static void test_bs_12_0_07_retreat_stops_in_first_flooded(void **state)
{
	(void)state;
	d2_on_2834();
	fmt_do(&T, GERMAN, "retreat 1039 2833 2832");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "BS-12.0-07"); /* the stop's own rule */
	assert_true(bst_msg_has(&T, "the retreat ends in 2833"));
	assert_true(bst_msg_has(&T, "first flooded hex"));
	bst_ok(&T, GERMAN, "retreat 1039 2833");
	assert_string_equal(fmt_where(&T, "1039"), "2833");
	assert_int_equal(fmt_step(&T, "1039"), 0); /* complete: not reduced */
	/* bs.flooded_stop_counts_complete=false: the stopped retreat is short: a full one is
	 * preferred, and when the flooded hex is the only way the unit is reduced there */
	reopen("bs.flooded_stop_counts_complete=false");
	d2_on_2834();
	fmt_do(&T, GERMAN, "retreat 1039 2833");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-08");
	reopen("bs.flooded_stop_counts_complete=false");
	bst_put(&T, "7/3", "2634", 0); /* ZOC into 2734 */
	bst_put(&T, "8/3", "3034", 0); /* ZOC into 2934 */
	d2_on_2834();
	bst_ok(&T, GERMAN, "retreat 1039 2833");
	assert_int_equal(fmt_step(&T, "1039"), 1);
}

/* BS-12.0-08: an advance after combat stops in the first flooded hex it enters. */
static void test_bs_12_0_08_advance_stops_in_first_flooded(void **state)
{
	(void)state;
	reopen("bs.flooded_retreat=unrestricted");
	d2_on_2834();
	bst_ok(&T, GERMAN, "retreat 1039 2833 2832"); /* 12.1: through the flooded hex */
	assert_int_equal(T.g->await, FM_AW_ADVANCE);
	fmt_do(&T, ALLIED, "advance 155/52 2834 2833 2832");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-12.0-08"); /* the stop's own rule */
	assert_true(bst_msg_has(&T, "the advance ends in 2833"));
	bst_ok(&T, ALLIED, "advance 155/52 2834 2833");
	assert_string_equal(fmt_where(&T, "155/52"), "2833");
}

/* BS-12.0-09: ZOC works normally in flooded hexes, also against retreats. */
static void test_bs_12_0_09_zoc_in_flooded(void **state)
{
	(void)state;
	bst_put(&T, "712", "2933", 0); /* ZOC into 2833 */
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "2833"), GERMAN) == 0);
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "2833"), ALLIED) == 1);
	bst_put(&T, "1039", "2833", 0); /* a unit in a flooded hex exerts ZOC */
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "2832"), ALLIED));
	d2_on_2834();
	T.g->u[fmt_unit(&T, "712")].where = FM_W_REMOVED;
	T.g->u[fmt_unit(&T, "712")].hex = -1;
	bst_put(&T, "7/3", "2733", 0); /* ZOC into 2833 */
	fmt_do(&T, GERMAN, "retreat 1039 2833");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-05");
}

/* BS-12.1-01: the engineer rule again, for an inlet and the Scheldt River (AMB-52). */
static void test_bs_12_1_01_engineers_clear_line(void **state)
{
	(void)state;
	bst_at(&T, 9, ALLIED, FM_PH_COMBAT);
	bst_put(&T, "1039", "3523", 0); /* the inlet */
	bst_put(&T, "3", "3522", 0);
	fmt_dice(&T, 1, 5);
	bst_ok(&T, ALLIED, "attack 3523 3");
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"line\":\"clear\""), 1);
	/* bs.inlet_as_flooded=movement: the inlet keeps its line */
	reopen("bs.inlet_as_flooded=movement");
	bst_at(&T, 9, ALLIED, FM_PH_COMBAT);
	bst_put(&T, "1039", "3523", 0);
	bst_put(&T, "3", "3522", 0);
	fmt_dice(&T, 1, 5);
	bst_ok(&T, ALLIED, "attack 3523 3");
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"line\":\"flooded\""), 1);
}

/* BS-12.1-02: mobile units neither move nor advance into flooded hexes. */
static void test_bs_12_1_02_mobile_no_advance_into_flooded(void **state)
{
	(void)state;
	reopen("bs.flooded_retreat=unrestricted");
	bst_at(&T, 5, ALLIED, FM_PH_COMBAT);
	bst_put(&T, "1039", "2834", 0);
	bst_put(&T, "10/1", "2835", 0);
	fmt_dice(&T, 1, 1); /* 6 vs 4: +2, die 1: D2 */
	bst_ok(&T, ALLIED, "attack 2834 10/1");
	bst_ok(&T, GERMAN, "retreat 1039 2833 2832");
	fmt_do(&T, ALLIED, "advance 10/1 2834 2833");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-12.0-06");
	bst_ok(&T, ALLIED, "advance 10/1 2834");
}

/* BS-12.1-03: "retreat into and through flooded hexes without restriction" is the option
 * bs.flooded_retreat=unrestricted (AMB-48; the default follows 12.0). */
static void test_bs_12_1_03_unrestricted_option(void **state)
{
	(void)state;
	reopen("bs.flooded_retreat=unrestricted");
	d2_on_2834();
	bst_ok(&T, GERMAN, "retreat 1039 2833 2832");
	assert_string_equal(fmt_where(&T, "1039"), "2832");
	assert_int_equal(fmt_step(&T, "1039"), 0);
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_bs_12_0_01_flooded_from_start),
	    T_(test_bs_12_0_02_enter_from_adjacent_all_mp),
	    T_(test_bs_12_0_03_no_road_rate),
	    T_(test_bs_12_0_04_no_infiltration),
	    T_(test_bs_12_0_05_flooded_line_engineer_clear),
	    T_(test_bs_12_0_06_mobile_barred),
	    T_(test_bs_12_0_07_retreat_stops_in_first_flooded),
	    T_(test_bs_12_0_08_advance_stops_in_first_flooded),
	    T_(test_bs_12_0_09_zoc_in_flooded),
	    T_(test_bs_12_1_01_engineers_clear_line),
	    T_(test_bs_12_1_02_mobile_no_advance_into_flooded),
	    T_(test_bs_12_1_03_unrestricted_option),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
