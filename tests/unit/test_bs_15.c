/*
 * test_bs_15.c -- Battle of the Scheldt 15.0-15.2: sea hexes and all-sea
 * hexsides, inlets and the Scheldt River, the causeway to Walcheren.
 *
 * Fixture: tests/data/fm-scheldt-mini.json: the estuary is sea (columns 22-25
 * from row 28); 3523 is an inlet, 3325 a Scheldt River hex; 1838 (South
 * Beveland) joins Walcheren only over the causeway hexside 1838/1739, the
 * hexsides 1838/1839 and 1838/1939 are barred.
 */
#include "test_bs_util.h"

#include <stdlib.h>
#include <string.h>

static struct fmt T;

static int setup(void **state)
{
	(void)state;
	bst_open(&T, NULL);
	fmt_clear(&T);
	bst_at(&T, 5, GERMAN, FM_PH_MOVEMENT);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fmt_close(&T);
	return 0;
}

/* BS-15.0-01: no unit enters a sea hex (except by assault boat, 16.0). */
static void test_bs_15_0_01_no_sea_hex(void **state)
{
	int stop = 0;
	(void)state;
	bst_put(&T, "1020", "2129", 0);
	fmt_do(&T, GERMAN, "move 1020 2229");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-15.0-01");
	assert_int_equal(scheldt__retreat_step(T.g, fmt_unit(&T, "1020"), fmt_hex(&T, "2129"),
	                                       fmt_hex(&T, "2229"), FM_RS_RETREAT, &stop, &T.err),
	                 WG_E_ILLEGAL_RETREAT);
	assert_string_equal(T.err.rule, "BS-15.0-01");
	/* reach never lists a sea hex */
	assert_int_equal(fmt_query(&T, GERMAN, "reach 1020"), 0);
	assert_false(fmt_reply_has(&T, "\"hex\":\"2229\""));
}

/* BS-15.0-01, BS-TEM-06: no unit is ever in a sea hex, so `hex` and `crt` give it no CRT
 * line (a land hex keeps its own). */
static void test_bs_15_0_01_sea_hex_has_no_crt_line(void **state)
{
	(void)state;
	assert_int_equal(fmt_query(&T, GERMAN, "hex 2229"), 0);
	assert_false(fmt_reply_has(&T, "CRT line "));
	assert_true(fmt_reply_has(&T, "prohibited to every unit, no CRT line"));
	assert_int_equal(fmt_query(&T, GERMAN, "crt sea"), 0);
	assert_true(fmt_reply_has(&T, "no CRT line"));
	assert_false(fmt_reply_has(&T, "line clear"));
	assert_int_equal(fmt_query(&T, GERMAN, "hex 2129"), 0);
	assert_true(fmt_reply_has(&T, "CRT line Clear"));
}

/* BS-15.0-02: no unit crosses an all-sea hexside (13.0 apart). */
static void test_bs_15_0_02_no_all_sea_hexside(void **state)
{
	cJSON *doc = bst_doc();
	(void)state;
	fmt_close(&T);
	fmt_doc_side(doc, "3219", "3220", "sea", 0);
	bst_open_doc(&T, doc, NULL);
	fmt_clear(&T);
	bst_at(&T, 5, ALLIED, FM_PH_MOVEMENT);
	bst_put(&T, "44/15", "3219", 0);
	fmt_do(&T, ALLIED, "move 44/15 3220");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-15.0-02");
	/* no attack across it either (AMB-75) */
	bst_at(&T, 5, ALLIED, FM_PH_COMBAT);
	bst_put(&T, "712", "3220", 0);
	fmt_do(&T, ALLIED, "attack 3220 44/15");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "BS-15.0-02");
}

/* BS-15.1-01: inlets are their own terrain: neither sea nor river. */
static void test_bs_15_1_01_inlets_in_the_data(void **state)
{
	(void)state;
	assert_true(scheldt__hex_is(T.g, fmt_hex(&T, "3523"), SCH_HF_INLET));
	assert_false(scheldt__hex_is(T.g, fmt_hex(&T, "3523"), SCH_HF_SEA));
	assert_false(fm__hex_prohibited(T.g, fmt_hex(&T, "3523"), -1));
}

/* BS-15.1-02: an inlet is entered like a flooded hex: from adjacent, for all MP (AMB-52). */
static void test_bs_15_1_02_inlet_entry(void **state)
{
	(void)state;
	bst_put(&T, "712", "3522", 0);
	bst_ok(&T, GERMAN, "move 712 3523");
	assert_int_equal(T.g->u[fmt_unit(&T, "712")].mp_half, 10);
	bst_at(&T, 5, GERMAN, FM_PH_MOVEMENT);
	bst_put(&T, "346", "3521", 0);
	fmt_do(&T, GERMAN, "move 346 3522 3523");
	assert_int_equal(T.rc, WG_E_ILLEGAL_MOVE); /* 712 is in 3523 */
	T.g->u[fmt_unit(&T, "712")].where = FM_W_REMOVED;
	T.g->u[fmt_unit(&T, "712")].hex = -1;
	fmt_do(&T, GERMAN, "move 346 3522 3523");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-15.1-02");
	/* the Scheldt River hex likewise (TEM) */
	bst_put(&T, "1037", "3324", 0);
	bst_ok(&T, GERMAN, "move 1037 3325");
	assert_int_equal(T.g->u[fmt_unit(&T, "1037")].mp_half, 10);
}

/* BS-15.1-03: leaving an inlet on a later turn costs no extra MP. */
static void test_bs_15_1_03_leaving_inlet(void **state)
{
	(void)state;
	bst_put(&T, "712", "3523", 0);
	bst_ok(&T, GERMAN, "move 712 3522 3521");
	assert_int_equal(T.g->u[fmt_unit(&T, "712")].mp_half, 4);
}

/* BS-15.1-04: hexside 2737/2738 is all-sea and crossed only under 13.0 (EX-20). */
static void test_bs_15_1_04_2737_2738_only_by_13_0(void **state)
{
	(void)state;
	assert_true(scheldt__side_is(T.g, fmt_hex(&T, "2737"), fmt_hex(&T, "2738"), SCH_SF_SEA));
	bst_put(&T, "64", "2738", 0);
	bst_at(&T, 4, GERMAN, FM_PH_MOVEMENT);
	fmt_do(&T, GERMAN, "move 64 2737");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-15.1-04");
	bst_at(&T, 4, GERMAN, FM_PH_COMBAT);
	bst_put(&T, "9/3", "2737", 0);
	fmt_do(&T, GERMAN, "attack 2737 64");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "BS-15.1-04");
}

/* BS-15.2-01: 1838 is not entered from 1839 or 1939, and neither is entered from 1838
 * (EX-19); nor retreat, advance, displacement or attack across (AMB-73). */
static void test_bs_15_2_01_causeway_barred(void **state)
{
	int stop = 0;
	(void)state;
	bst_put(&T, "1020", "1838", 0);
	fmt_do(&T, GERMAN, "move 1020 1839");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-15.2-01");
	fmt_do(&T, GERMAN, "move 1020 1939");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-15.2-01");
	bst_put(&T, "1019", "1939", 0);
	fmt_do(&T, GERMAN, "move 1019 1838");
	assert_int_equal(T.rc, WG_E_ILLEGAL_MOVE); /* 1020 is there */
	T.g->u[fmt_unit(&T, "1020")].where = FM_W_REMOVED;
	T.g->u[fmt_unit(&T, "1020")].hex = -1;
	fmt_do(&T, GERMAN, "move 1019 1838");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-15.2-01");
	for (int mode = FM_RS_RETREAT; mode <= FM_RS_DISPLACE; mode++) {
		assert_true(scheldt__retreat_step(T.g, fmt_unit(&T, "1019"), fmt_hex(&T, "1939"),
		                                  fmt_hex(&T, "1838"), (enum fm_rs)mode, &stop,
		                                  &T.err) < 0);
		assert_string_equal(T.err.rule, "BS-15.2-01");
	}
	bst_at(&T, 5, GERMAN, FM_PH_COMBAT);
	bst_put(&T, "156/52", "1838", 0);
	fmt_do(&T, GERMAN, "attack 1838 1019");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "BS-15.2-01");
	/* ZOC still extends across (AMB-73) */
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "1838"), ALLIED));
}

/* BS-15.2-02: the only land route onto or off Walcheren is 1838-1739. */
static void test_bs_15_2_02_only_route_1838_1739(void **state)
{
	(void)state;
	bst_put(&T, "1020", "1837", 0);
	assert_int_equal(fmt_query(&T, GERMAN, "reach 1020"), 0);
	assert_true(fmt_reply_has(&T, "\"hex\":\"1838\",\"mp\":1"));
	assert_true(fmt_reply_has(&T, "\"hex\":\"1739\",\"mp\":3")); /* +1 causeway */
	/* 1839 and 1939 (next to 1838) only by way of 1739 */
	assert_true(fmt_reply_has(&T, "\"hex\":\"1839\",\"mp\":4"));
	assert_false(fmt_reply_has(&T, "\"hex\":\"1939\",\"mp\":2"));
	bst_ok(&T, GERMAN, "move 1020 1838 1739 1740");
	assert_string_equal(fmt_where(&T, "1020"), "1740");
}

/* BS-15.2-03: crossing the causeway hexside 1739/1838 costs +1 MP (EX-19). */
static void test_bs_15_2_03_causeway_plus_one(void **state)
{
	(void)state;
	bst_put(&T, "1020", "1838", 0);
	bst_ok(&T, GERMAN, "move 1020 1739");
	assert_int_equal(T.g->u[fmt_unit(&T, "1020")].mp_half, 4); /* clear 1 + causeway 1 */
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_bs_15_0_01_no_sea_hex),
	    T_(test_bs_15_0_01_sea_hex_has_no_crt_line),
	    T_(test_bs_15_0_02_no_all_sea_hexside),
	    T_(test_bs_15_1_01_inlets_in_the_data),
	    T_(test_bs_15_1_02_inlet_entry),
	    T_(test_bs_15_1_03_leaving_inlet),
	    T_(test_bs_15_1_04_2737_2738_only_by_13_0),
	    T_(test_bs_15_2_01_causeway_barred),
	    T_(test_bs_15_2_02_only_route_1838_1739),
	    T_(test_bs_15_2_03_causeway_plus_one),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
