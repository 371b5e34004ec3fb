/*
 * test_camp_setup.c -- The Scheldt Campaign from the set-up to the last turn: the two
 * sides and C2 (1.0, 3.1), the set-up (4.0: random set-up hits allocated by their owner,
 * units eliminated at set-up leaving the game without reaching the Dead Pile, scratch
 * battalions drawn at random and placed, the Allied first, initial hands chosen freely
 * and in secret), the sequence of play (5.0: phases, turn order, 32 turns, the End of
 * Turn, resignation), staff markers (2.3, 6.0, 12.0: hand size, selection within the
 * mix, markers back to the pile, G-1 only in Preparation, planning), the Staff Marker
 * Actions Summary and the Free Setup Variant (15.2), on tests/data/campaign-test.json.
 */
#include "test_camp_extra.h"

/* A game waiting in its set-up with the random hits of 49 (Allied) and 64 (German):
 * dice: 49's hits, 64's hits, the scratch count, then the scratch picks. */
static void open_two_random(struct ct *t, int add49, int add64, int n, const int *dice)
{
	cJSON *doc = ct_doc(), *rh = cJSON_GetObjectItemCaseSensitive(
	                           cJSON_GetObjectItemCaseSensitive(doc, "setup"), "random_hits");
	cJSON *a = cJSON_CreateObject();

	cJSON_AddStringToObject(a, "tf", "49");
	cJSON_AddNumberToObject(a, "dice", 1);
	cJSON_AddNumberToObject(a, "add", add49);
	cJSON_AddItemToArray(rh, a);
	cJSON_AddNumberToObject(cJSON_GetArrayItem(rh, 0), "add", add64);
	cx_open_dice(t, doc, NULL, n, dice);
}

/* ---- 1.0, 2.0, 3.1 ------------------------------------------------------------------- */

/* SC-1.0a, SC-1.0b: two sides, every unit of exactly one, nationality fits the side */
static void test_sc_1_0_two_sides_and_nationalities(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	assert_string_equal(t.g->sc->side_names[ALLIED], "allied");
	assert_string_equal(t.g->sc->side_names[GERMAN], "german");
	for (int i = 0; i < t.g->nunits; i++) {
		const struct camp_unit_def *d = &t.g->sc->units[i];
		assert_true(d->side == ALLIED || d->side == GERMAN);
		assert_int_equal(d->nat == CAMP_NAT_GERMAN, d->side == GERMAN);
	}
	assert_int_equal(t.g->sc->units[ct_unit(&t, "1Pol")].nat, CAMP_NAT_POLISH);
	assert_int_equal(t.g->sc->units[ct_unit(&t, "104US")].nat, CAMP_NAT_US);
	assert_int_equal(t.g->sc->units[ct_unit(&t, "4CAD")].nat, CAMP_NAT_CANADIAN);
	assert_int_equal(t.g->sc->units[ct_unit(&t, "49")].nat, CAMP_NAT_BRITISH);
	ct_close(&t);
}

/* SC-2.0b, SC-AMB-02: every random number is a die of the game's stream: the random set-up
 * hits are the forced die (and 0 hits on a 0-dice entry) */
static void test_sc_2_0b_setup_dice_from_the_stream(void **state)
{
	struct ct t;
	int dice[] = {4, 1, 1};

	(void)state;
	cx_open_dice(&t, ct_doc(), NULL, 3, dice);
	assert_int_equal(t.g->phase, CAMP_PH_SETUP_HITS);
	assert_int_equal(t.g->rh_left, 4);
	assert_int_equal(t.m.dice.nlog > 0, 1);
	assert_true(t.m.dice.log[0].forced);
	assert_int_equal(t.m.dice.log[0].value, 4);
	assert_int_equal(t.m.dice.log[0].sides, 6);
	ct_close(&t);
}

/* SC-3.1a, SC-3.1b, SC-6.1a, SC-DATA-02: C2 7 and 4 are the hand sizes */
static void test_sc_3_1_c2_levels(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	assert_int_equal(t.g->sc->c2[ALLIED], 7);
	assert_int_equal(t.g->sc->c2[GERMAN], 4);
	assert_int_equal(camp__hand_size(t.g, ALLIED), 7);
	assert_int_equal(camp__hand_size(t.g, GERMAN), 4);
	ct_close(&t);
}

/* ---- 4.0 set-up ----------------------------------------------------------------------- */

/* SC-4.0c, SC-4.0f, SC-AMB-02: the Allied allocate their random hits first, then the German;
 * the owner allocates as he likes within the Task Force, no unit past its DF */
static void test_sc_4_0f_random_hits_allocated_by_the_owner(void **state)
{
	struct ct t;
	int dice[] = {3, 2, 1, 1};

	(void)state;
	open_two_random(&t, 0, 0, 4, dice);
	assert_int_equal(t.g->phase, CAMP_PH_SETUP_HITS);
	assert_string_equal(ct_kind(&t, ALLIED), "setup-hits"); /* the Allied first (4.0c) */
	assert_string_equal(ct_kind(&t, GERMAN), "");
	assert_int_equal(t.g->rh_left, 3);
	ct_do(&t, GERMAN, "hits 1038=1");
	ct_refused(&t, WG_E_NOT_YOUR_TURN, NULL);
	ct_do(&t, ALLIED, "hits 10CIB=1");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-4.0f"); /* not in the 49th's Task Force */
	ct_do(&t, ALLIED, "hits 146=4");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-4.0f"); /* 3 to give, not 4 */
	ct_do(&t, ALLIED, "hits 146");
	ct_refused(&t, WG_E_BAD_ARGS, "SC-4.0f");
	/* "the owning player may allocate the Hits as he likes": two calls share them out */
	ct_ok(&t, ALLIED, "hits 146=2");
	assert_int_equal(t.g->rh_left, 1);
	assert_string_equal(ct_kind(&t, ALLIED), "setup-hits");
	ct_ok(&t, ALLIED, "hits 147=1");
	assert_int_equal(cx_hits(&t, "146"), 3); /* 1 printed + 2 (4.0e, 4.0f) */
	assert_int_equal(cx_hits(&t, "147"), 2);
	/* then the German's 2 on 64's Task Force */
	assert_string_equal(ct_kind(&t, GERMAN), "setup-hits");
	assert_int_equal(t.g->rh_left, 2);
	ct_do(&t, GERMAN, "hits 1038=5");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-4.0f"); /* DF 4 */
	ct_ok(&t, GERMAN, "hits 1038=1 1039=1");
	assert_int_equal(t.g->phase, CAMP_PH_SETUP_SCRATCH);
	ct_close(&t);
}

/* SC-4.0g: units eliminated by set-up hits leave the game, not for the Dead Pile, and count
 * for no VP; an HQ whose box is emptied leaves the map (3.7c) */
static void test_sc_4_0g_setup_losses_leave_the_game(void **state)
{
	struct ct t;
	int dice[] = {6, 6, 1, 1}; /* 49: 6 + 1 = 7; 64: 6 + 2 = 8 */
	int vp0[2], vp1[2];

	(void)state;
	open_two_random(&t, 1, 2, 4, dice);
	camp__victory_points(t.g, vp0);
	ct_ok(&t, ALLIED, "hits 146=7"); /* 1 + 7 = DF 8: eliminated at set-up */
	assert_string_equal(ct_where(&t, "146"), "gone");
	assert_true(ct_reply_has(&t, "out of the game"));
	/* 64's eight hits eliminate 1038 and 1039 (DF 4 each): 64 leaves the map */
	ct_ok(&t, GERMAN, "hits 1038=4 1039=4");
	assert_string_equal(ct_where(&t, "1038"), "gone");
	assert_string_equal(ct_where(&t, "1039"), "gone");
	assert_string_equal(ct_where(&t, "64"), "mat");
	camp__victory_points(t.g, vp1);
	/* no Allied Tactical Unit in the Dead Pile (14.2.2c); the German lost an HQ on the map
	 * (14.2.2a, -1) but no HQ went to the Dead Pile (14.2.1b) */
	assert_int_equal(vp1[ALLIED], vp0[ALLIED]);
	assert_int_equal(vp1[GERMAN], vp0[GERMAN] - 2);
	assert_false(cx_view_has(&t, ALLIED, "\"dead\":[\"146\""));
	{
		char *v = cx_view_text(&t, GERMAN);
		assert_non_null(strstr(v, "\"dead\":[]"));
		free(v);
	}
	ct_close(&t);
}

/* SC-4.0b, SC-4.0e, SC-3.3a, SC-3.3b, SC-2.2.1g, SC-2.2.1i: the set-up puts each unit (its
 * `setup` in the data stands for the Set-Up Code) in one place: on the map as a detached unit,
 * in the box of its HQ, on the OOB mat or waiting, with its printed set-up hits */
static void test_sc_4_0b_units_set_up_as_directed(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	assert_string_equal(ct_where(&t, "4CAD"), "0305");
	assert_string_equal(ct_where(&t, "10CIB"), "box:4CAD");
	assert_string_equal(ct_where(&t, "157"), "0201"); /* detached */
	assert_string_equal(ct_where(&t, "52"), "mat");   /* an empty HQ on the OOB mat */
	assert_string_equal(ct_where(&t, "3Para"), "waiting");
	assert_int_equal(cx_hits(&t, "146"), 1);
	assert_int_equal(cx_hits(&t, "1037"), 1);
	assert_int_equal(cx_hits(&t, "1038"), 1); /* the random hit ct_open allocated */
	ct_close(&t);
}

/* SC-4.0d: the C2 limit holds at set-up: "some German Units must begin detached" */
static void test_sc_4_0d_setup_within_c2(void **state)
{
	struct ct t;
	int n = 0;

	(void)state;
	ct_open(&t, NULL);
	for (int h = 0; h < t.g->nunits; h++)
		if (t.g->sc->units[h].hq)
			assert_true(camp__box_count(t.g, h) <= t.g->sc->c2[t.g->sc->units[h].side]);
	for (int i = 0; i < t.g->nunits; i++)
		n += t.g->sc->units[i].side == GERMAN && !t.g->sc->units[i].hq &&
		     t.g->u[i].where == CAMP_W_MAP;
	assert_true(n > 0);
	ct_close(&t);
}

/* SC-13.2.2b, SC-AMB-04: the German draws a random number of scratch battalions at random
 * (the server's dice) and places each in his set-up area, on a hex or into a box */
static void test_sc_13_2_2b_scratch_drawn_at_random_and_placed(void **state)
{
	struct ct t;
	int dice[] = {1, 2, 3, 1}; /* 64: 1 hit; 2 battalions; picks 3rd (SB3) then 1st (SB1) */
	int drawn = 0;

	(void)state;
	cx_open_dice(&t, ct_doc(), NULL, 4, dice);
	ct_ok(&t, GERMAN, "hits 1039=1");
	assert_int_equal(t.g->phase, CAMP_PH_SETUP_SCRATCH);
	for (int i = 0; i < t.g->nunits; i++)
		drawn += t.g->u[i].where == CAMP_W_DRAWN;
	assert_int_equal(drawn, 2);
	assert_int_equal(t.g->u[ct_unit(&t, "SB3")].where, CAMP_W_DRAWN);
	assert_int_equal(t.g->u[ct_unit(&t, "SB1")].where, CAMP_W_DRAWN);
	assert_int_equal(t.g->u[ct_unit(&t, "SB2")].where, CAMP_W_POOL);
	assert_string_equal(ct_kind(&t, GERMAN), "setup");
	ct_do(&t, ALLIED, "place SB3 0602");
	ct_refused(&t, WG_E_NOT_YOUR_TURN, NULL);
	ct_do(&t, GERMAN, "place SB2 0602");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-4.0b"); /* not drawn */
	ct_do(&t, GERMAN, "place SB3 0101");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.2.2b"); /* not in the set-up area */
	ct_ok(&t, GERMAN, "place SB3 0602");
	assert_int_equal(t.g->phase, CAMP_PH_SETUP_SCRATCH);
	ct_ok(&t, GERMAN, "place SB1 70"); /* into the box of 70, in the set-up area */
	assert_string_equal(ct_where(&t, "SB1"), "box:70");
	assert_string_equal(ct_where(&t, "SB3"), "0602");
	assert_int_equal(t.g->phase, CAMP_PH_HAND);
	ct_close(&t);
}

/* SC-4.0h, SC-4.0i, SC-3.6a, SC-2.3a, SC-AMB-15: each side selects its initial hand freely (any
 * mix its markers allow, C2 of them), in secret; then Turn 1 begins (SC-4.0k) */
static void test_sc_4_0h_initial_hands_chosen_freely_in_secret(void **state)
{
	struct ct t;

	(void)state;
	ct_open_doc(&t, ct_doc(), NULL);
	ct_ok(&t, GERMAN, "hits 1038=1");
	ct_ok(&t, GERMAN, "place SB1 0602");
	assert_int_equal(t.g->phase, CAMP_PH_HAND);
	/* both at once */
	assert_string_equal(ct_kind(&t, ALLIED), "hand");
	assert_string_equal(ct_kind(&t, GERMAN), "hand");
	ct_do(&t, ALLIED, "select 2xG-1 2xG-2 2xG-3 2xG-4");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-6.1a"); /* 8 > C2 7 */
	ct_do(&t, ALLIED, "select 5xG-1 2xG-3");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-12.0a"); /* the Allied own 4 G-1 */
	ct_do(&t, ALLIED, "select G-1 G-2");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-12.0a"); /* a full hand (SC-AMB-13) */
	ct_do(&t, ALLIED, "select G-7");
	ct_refused(&t, WG_E_BAD_ARGS, "SC-6.0a");
	ct_events_clear(&t);
	ct_ok(&t, ALLIED, "select 4xG-1 3xG-3"); /* not drawn: whatever he wants */
	assert_int_equal(t.g->hand[ALLIED][0], 4);
	assert_int_equal(t.g->hand[ALLIED][2], 3);
	assert_true(ct_events_mention(&t, 1u << ALLIED, "4xG-1") > 0);
	assert_int_equal(ct_events_mention(&t, 1u << GERMAN, "G-1"), 0);
	assert_int_equal(ct_events_mention(&t, RULES_AUD_SPECTATORS, "G-1"), 0);
	assert_true(ct_events_mention(&t, 1u << GERMAN, "\"markers\":7") > 0);
	/* chosen once */
	ct_do(&t, ALLIED, "select 4xG-1 3xG-3");
	ct_refused(&t, WG_E_NOT_YOUR_TURN, NULL);
	assert_int_equal(t.g->phase, CAMP_PH_HAND);
	ct_ok(&t, GERMAN, "select 3xG-3 G-4");
	assert_int_equal(t.g->phase, CAMP_PH_PREP); /* SC-4.0k */
	assert_int_equal(t.g->turn, 1);
	assert_int_equal(t.g->phasing, ALLIED);
	ct_close(&t);
}

/* SC-2.3b, SC-2.3c: each side begins with all its markers available; a hand of C2 of them */
static void test_sc_2_3_all_markers_available_at_the_start(void **state)
{
	struct ct t;

	(void)state;
	ct_open_doc(&t, ct_doc(), NULL);
	for (int s = 0; s < 2; s++)
		for (int k = 0; k < CAMP_NMARK; k++)
			assert_int_equal(cx_pool(&t, s, k), t.g->sc->markers[s][k]);
	ct_ok(&t, GERMAN, "hits 1038=1");
	ct_ok(&t, GERMAN, "place SB1 0602");
	ct_ok(&t, ALLIED, "select 3xG-2 4xG-4"); /* every G-2 and G-4 there is */
	assert_int_equal(cx_pool(&t, ALLIED, 1), 0);
	assert_int_equal(cx_pool(&t, ALLIED, 3), 0);
	ct_close(&t);
}

/* ---- 5.0 the sequence of play ----------------------------------------------------------- */

static void expect_phase(struct ct *t, int turn, int side, int phase)
{
	assert_int_equal(t->g->turn, turn);
	assert_int_equal(t->g->phasing, side);
	assert_int_equal(t->g->phase, phase);
}

/* SC-5.0a, SC-5.1.1a, SC-5.2.2a, SC-5.2.3a, SC-5.3a, SC-5.4a, SC-AMB-05: Allied Player Turn
 * (Preparation, Operations, Planning), German Player Turn, End of Turn: the next turn */
static void test_sc_5_0a_turn_order(void **state)
{
	struct ct t;
	char *v;

	(void)state;
	ct_open(&t, NULL);
	expect_phase(&t, 1, ALLIED, CAMP_PH_PREP);
	v = cx_view_text(&t, RULES_SPECTATOR);
	assert_non_null(strstr(v, "\"phase\":\"preparation\""));
	assert_non_null(strstr(v, "\"phasing\":\"allied\""));
	free(v);
	ct_do(&t, GERMAN, "end");
	ct_refused(&t, WG_E_NOT_YOUR_TURN, NULL);
	ct_ok(&t, ALLIED, "end");
	expect_phase(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_ok(&t, ALLIED, "end");
	expect_phase(&t, 1, ALLIED, CAMP_PH_PLANNING);
	assert_string_equal(ct_kind(&t, ALLIED), "planning");
	ct_do(&t, ALLIED, "end");
	ct_refused(&t, WG_E_WRONG_PHASE, "SC-12.0a"); /* the Planning Phase ends by selecting */
	ct_ok(&t, ALLIED, "select 2xG-1 G-2 2xG-3 2xG-4");
	expect_phase(&t, 1, GERMAN, CAMP_PH_PREP); /* 5.3: the German Player Turn, same phases */
	ct_do(&t, ALLIED, "end");
	ct_refused(&t, WG_E_NOT_YOUR_TURN, NULL);
	ct_ok(&t, GERMAN, "end");
	expect_phase(&t, 1, GERMAN, CAMP_PH_OPS);
	ct_ok(&t, GERMAN, "end");
	expect_phase(&t, 1, GERMAN, CAMP_PH_PLANNING);
	ct_events_clear(&t);
	ct_ok(&t, GERMAN, "select G-1 G-2 G-3 G-4");
	expect_phase(&t, 2, ALLIED, CAMP_PH_PREP); /* 5.4a: the turn marker advances */
	assert_true(ct_events_mention(&t, RULES_AUD_SPECTATORS, "turn 2") > 0);
	ct_close(&t);
}

/* SC-5.0b, SC-6.3a, SC-SUMc: nothing moves or fights but by a marker: there is no move verb,
 * and a play without the marker is refused */
static void test_sc_5_0b_everything_by_staff_markers(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-1 G-4");
	ct_do(&t, ALLIED, "move 157 0202");
	assert_int_not_equal(t.rc, 0);
	ct_do(&t, ALLIED, "attack 157 0303");
	assert_int_not_equal(t.rc, 0);
	ct_do(&t, ALLIED, "play G-3 move 157 0202");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-6.3a"); /* no G-3 in hand */
	ct_do(&t, ALLIED, "play G-3 attack 157 0202");
	assert_int_not_equal(t.rc, 0);
	assert_string_equal(ct_where(&t, "157"), "0201");
	ct_close(&t);
}

/* SC-5.1.1a, SC-5.2.2a, SC-6.3a, SC-7.0a: G-1 only in the Preparation Phase; G-2, G-3, G-4 in
 * the Operations Phase, in any order */
static void test_sc_5_2_2a_markers_by_phase(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_hand(&t, ALLIED, "G-1 G-2 G-3 G-4");
	ct_do(&t, ALLIED, "play G-3 move 157 0202");
	ct_refused(&t, WG_E_WRONG_PHASE, "SC-9.1a");
	ct_do(&t, ALLIED, "play G-4 strategic 2AGRA 0105");
	ct_refused(&t, WG_E_WRONG_PHASE, "SC-11.1a");
	ct_do(&t, ALLIED, "play G-2 intel hand");
	ct_refused(&t, WG_E_WRONG_PHASE, "SC-8.2a");
	ct_ok(&t, ALLIED, "end");
	ct_do(&t, ALLIED, "play G-1 recover 146");
	ct_refused(&t, WG_E_WRONG_PHASE, "SC-7.0a");
	/* any order: G-4, G-3, G-2 */
	ct_ok(&t, ALLIED, "play G-4 strategic 2AGRA 0105");
	ct_ok(&t, ALLIED, "play G-3 move 157 0101");
	ct_ok(&t, ALLIED, "play G-2 intel hand");
	assert_int_equal(camp__hand_size(t.g, ALLIED), 1);
	ct_close(&t);
}

/* SC-5.2.2b, SC-5.3a, SC-6.3b, SC-AMB-32: the non-phasing side acts only in the Commitment step
 * of the phasing side's battles (and with G-2 and G-4 only, G-3 under 15.1); the Allied may
 * commit air support when they defend */
static void test_sc_5_2_2b_the_other_side_only_commits(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 1, GERMAN, CAMP_PH_OPS);
	ct_hand(&t, GERMAN, "G-2 G-3 G-4");
	ct_hand(&t, ALLIED, "G-1 G-2 G-3 G-4");
	ct_do(&t, ALLIED, "play G-2 intel hand");
	ct_refused(&t, WG_E_NOT_YOUR_TURN, NULL);
	ct_do(&t, ALLIED, "play G-3 move 157 0202");
	ct_refused(&t, WG_E_NOT_YOUR_TURN, NULL);
	/* the German attacks the Canadian 4th (0305) with 1037 from the forest (0303)? not
	 * adjacent: 4CAD to Capellen first */
	ct_put(&t, "4CAD", "0304");
	ct_ok(&t, GERMAN, "play G-3 attack 1037 0304");
	assert_string_equal(ct_kind(&t, ALLIED), "commit");
	ct_do(&t, ALLIED, "commit G-1");
	ct_refused(&t, WG_E_BAD_ARGS, "SC-10.2a");
	ct_do(&t, ALLIED, "commit G-3=157");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-15.1a"); /* reaction is off */
	ct_ok(&t, ALLIED, "commit G-2 G-4=air");
	assert_int_equal(t.g->hand[ALLIED][1], 0);
	assert_int_equal(t.g->hand[ALLIED][3], 0);
	ct_close(&t);
}

/* SC-5.4b, SC-14.1b, SC-DATA-03: the game is 32 turns: the End of Turn 32 with coastal
 * artillery left ends it in a German Impressive Victory; turn 31 goes on */
static void test_sc_5_4b_thirty_two_turns(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	assert_int_equal(t.g->sc->turns, 32);
	ct_at(&t, 31, GERMAN, CAMP_PH_PLANNING);
	ct_ok(&t, GERMAN, "select G-1 G-2 G-3 G-4");
	expect_phase(&t, 32, ALLIED, CAMP_PH_PREP);
	assert_false(t.g->over);
	ct_at(&t, 32, ALLIED, CAMP_PH_PLANNING);
	ct_ok(&t, ALLIED, "select 2xG-1 G-2 2xG-3 2xG-4");
	assert_false(t.g->over); /* the German Player Turn of turn 32 still comes */
	ct_at(&t, 32, GERMAN, CAMP_PH_PLANNING);
	ct_events_clear(&t);
	ct_ok(&t, GERMAN, "select G-1 G-2 G-3 G-4");
	assert_true(t.g->over);
	assert_int_equal(t.g->winner, GERMAN);
	assert_int_equal(t.g->level, CAMP_L_IMPRESSIVE);
	assert_true(ct_has_event(&t, "game-over"));
	ct_do(&t, ALLIED, "end");
	ct_refused(&t, WG_E_GAME_OVER, NULL);
	ct_close(&t);
}

/* SC-5.4c, SC-AMB-61, SC-AMB-69: either player may resign at any time, even in a battle; the
 * other side wins, a Smashing Victory by default (resign.result=marginal: Marginal) */
static void resign_case(const char *opts, int side, int level)
{
	struct ct t;
	struct rules_host_action a = {RULES_HOST_RESIGN, side, -1, "test", 0};
	struct rules_outcome o;

	ct_open(&t, opts);
	ct_at(&t, 3, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-3");
	ct_put(&t, "4CAD", "0304");
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0303");
	assert_int_equal(rules_match_host(&t.m, &a, &t.ev, &t.err), 0);
	assert_true(t.g->over);
	assert_int_equal(t.g->winner, 1 - side);
	assert_int_equal(t.g->level, level);
	rules_match_outcome(&t.m, &o);
	assert_true(o.over);
	assert_int_equal(o.winner, 1 - side);
	ct_close(&t);
}

static void test_sc_5_4c_resignation(void **state)
{
	(void)state;
	resign_case(NULL, GERMAN, CAMP_L_SMASHING);
	resign_case("resign.result=marginal", ALLIED, CAMP_L_MARGINAL);
}

/* ---- 6.0 staff markers ----------------------------------------------------------------------- */

/* SC-6.0a, SC-SUMa..d: four marker types, each with its own actions; anything else refused */
static void test_sc_6_0a_four_marker_types_and_their_actions(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	assert_int_equal(camp__marker_parse("G-1"), 0);
	assert_int_equal(camp__marker_parse("g4"), 3);
	assert_int_equal(camp__marker_parse("G-5"), -1);
	ct_hand(&t, ALLIED, "G-1 G-2 G-3 G-4");
	ct_do(&t, ALLIED, "play G-5 move 157 0202");
	ct_refused(&t, WG_E_BAD_ARGS, "SC-6.0a");
	ct_do(&t, ALLIED, "play G-1 fly 157");
	ct_refused(&t, WG_E_BAD_ARGS, "SC-7.0b"); /* SUMa: reinforce, regroup, recover */
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-1 G-2 G-3 G-4");
	ct_do(&t, ALLIED, "play G-2 spy");
	ct_refused(&t, WG_E_BAD_ARGS, "SC-8.2b"); /* SUMb */
	ct_do(&t, ALLIED, "play G-2 tactical");
	ct_refused(&t, WG_E_WRONG_PHASE, "SC-8.1a");
	ct_do(&t, ALLIED, "play G-3 dig 157");
	ct_refused(&t, WG_E_BAD_ARGS, "SC-9.0a"); /* SUMc: move or attack */
	ct_do(&t, ALLIED, "play G-4 bridge 157");
	ct_refused(&t, WG_E_BAD_ARGS, "SC-11.0a"); /* SUMd: strategic (ferry) or support */
	ct_do(&t, ALLIED, "play G-4 support");
	ct_refused(&t, WG_E_WRONG_PHASE, "SC-11.2a");
	assert_int_equal(camp__hand_size(t.g, ALLIED), 4); /* refusals spend nothing */
	ct_close(&t);
}

/* SC-6.2a: markers are selected at set-up and in one's own Planning Phase only */
static void test_sc_6_2a_selection_only_in_planning(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_do(&t, ALLIED, "select 2xG-1 G-2 2xG-3 2xG-4");
	ct_refused(&t, WG_E_WRONG_PHASE, "SC-6.2a");
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_do(&t, ALLIED, "select 2xG-1 G-2 2xG-3 2xG-4");
	ct_refused(&t, WG_E_WRONG_PHASE, "SC-6.2a");
	ct_at(&t, 1, ALLIED, CAMP_PH_PLANNING);
	ct_do(&t, GERMAN, "select G-1 G-2 G-3 G-4");
	ct_refused(&t, WG_E_NOT_YOUR_TURN, NULL);
	ct_close(&t);
}

/* SC-6.2b: a hand stays through the opponent's Player Turn, to the owner's next Planning */
static void test_sc_6_2b_hand_kept_through_the_enemy_turn(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 1, ALLIED, CAMP_PH_PLANNING);
	ct_ok(&t, ALLIED, "select G-1 3xG-2 3xG-4");
	expect_phase(&t, 1, GERMAN, CAMP_PH_PREP);
	ct_ok(&t, GERMAN, "end");
	ct_ok(&t, GERMAN, "end");
	ct_ok(&t, GERMAN, "select G-1 G-2 G-3 G-4");
	expect_phase(&t, 2, ALLIED, CAMP_PH_PREP);
	assert_int_equal(t.g->hand[ALLIED][0], 1);
	assert_int_equal(t.g->hand[ALLIED][1], 3);
	assert_int_equal(t.g->hand[ALLIED][3], 3);
	ct_close(&t);
}

/* SC-6.2c, SC-12.0a, SC-AMB-13, SC-EX-14: in the Planning Phase the leftovers go back to the
 * pile and the player selects a full hand of his choice: a kept G-4 may be selected again
 * with every other G-4; hand.underfilled=true lets him take fewer */
static void test_sc_12_0a_planning_discard_and_select(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 4, ALLIED, CAMP_PH_PLANNING);
	ct_hand(&t, ALLIED, "G-4");
	assert_int_equal(cx_pool(&t, ALLIED, 3), 3);
	ct_ok(&t, ALLIED, "select 4xG-4 3xG-3");
	assert_int_equal(t.g->hand[ALLIED][3], 4);
	assert_int_equal(camp__hand_size(t.g, ALLIED), 7);
	ct_at(&t, 4, GERMAN, CAMP_PH_PLANNING);
	ct_do(&t, GERMAN, "select G-1 G-2");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-12.0a");
	ct_do(&t, GERMAN, "select 2xG-1 2xG-2 G-3");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-6.1a"); /* 5 > C2 4 */
	ct_close(&t);
	ct_open(&t, "hand.underfilled=true");
	ct_at(&t, 4, ALLIED, CAMP_PH_PLANNING);
	ct_ok(&t, ALLIED, "select G-1 G-2 G-3");
	assert_int_equal(camp__hand_size(t.g, ALLIED), 3);
	ct_close(&t);
}

/* SC-6.3a, SC-6.3c, SC-AMB-14: one marker per action, and a played marker is back in the
 * Available Pile at once */
static void test_sc_6_3c_played_markers_return_to_the_pile(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	assert_int_equal(t.g->hand[ALLIED][2], 2);
	assert_int_equal(cx_pool(&t, ALLIED, 2), 3);
	ct_ok(&t, ALLIED, "play G-3 move 157 0101");
	assert_int_equal(t.g->hand[ALLIED][2], 1);
	assert_int_equal(cx_pool(&t, ALLIED, 2), 4);
	ct_query(&t, ALLIED, "hand");
	assert_true(ct_reply_has(&t, "your Available Pile: 2xG-1 2xG-2 4xG-3 2xG-4"));
	ct_close(&t);
}

/* SC-6.3d, SC-10.4g: a marker the Allied commit in a German battle is gone from his hand until
 * his own next Planning Phase (the air support adds its three dice: 8 + 2 + 3) */
static void test_sc_6_3d_markers_spent_in_the_enemy_turn(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 1, GERMAN, CAMP_PH_OPS);
	ct_hand(&t, GERMAN, "G-3");
	ct_hand(&t, ALLIED, "2xG-1 G-2 2xG-3 2xG-4");
	ct_put(&t, "4CAD", "0304");
	ct_ok(&t, GERMAN, "play G-3 attack 1037 0304");
	ct_ok(&t, ALLIED, "commit G-4=air");
	/* Allied TA (defender): 10CIB DF 8 + 4CAR AF 2 + 3 air = 13 misses; German 1037 AF 2 */
	ct_dice(&t, 15, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.fire[0].dice, 13);
	assert_int_equal(t.g->b.stage, CAMP_B_NONE); /* no hits: over */
	ct_ok(&t, GERMAN, "end");
	ct_ok(&t, GERMAN, "select G-1 G-2 G-3 G-4");
	expect_phase(&t, 2, ALLIED, CAMP_PH_PREP);
	assert_int_equal(camp__hand_size(t.g, ALLIED), 6); /* not replaced */
	assert_int_equal(t.g->hand[ALLIED][3], 1);
	ct_close(&t);
}

/* ---- 15.2 the Free Setup Variant ------------------------------------------------------------ */

/* SC-15.2a, SC-4.0c, SC-AMB-67: setup=free: the Allied place every unit in their area first,
 * then the German; C2, nationality and coastal artillery limits hold; a scenario without
 * free set-up zones refuses the option */
static void test_sc_15_2a_free_setup(void **state)
{
	static const char *const allied[] = {"10CIB", "4CAR",  "146",  "147",  "157",
	                                     "9CIB",  "5Aslt", "4SSB", "2AGRA"};
	struct ct t;
	char line[64];
	cJSON *doc;

	(void)state;
	ct_open_doc(&t, ct_doc(), "setup=free");
	assert_int_equal(t.g->phase, CAMP_PH_SETUP_FREE);
	assert_string_equal(ct_kind(&t, ALLIED), "setup"); /* the Allied first */
	assert_string_equal(ct_kind(&t, GERMAN), "");
	assert_int_equal(t.g->u[ct_unit(&t, "4CAD")].where, CAMP_W_DRAWN);
	ct_do(&t, GERMAN, "place 1037 0303");
	ct_refused(&t, WG_E_NOT_YOUR_TURN, NULL);
	ct_do(&t, ALLIED, "place 157 0901");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-15.2a"); /* outside the Allied area */
	ct_ok(&t, ALLIED, "place 4CAD 0106");
	ct_ok(&t, ALLIED, "place 1Pol 0206");
	ct_ok(&t, ALLIED, "place 104US 0306");
	ct_ok(&t, ALLIED, "place Funnies 4CAD");
	ct_ok(&t, ALLIED, "place APC 4CAD");
	ct_do(&t, ALLIED, "place 10PAB 4CAD");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2.1f"); /* Polish under a Canadian HQ */
	ct_ok(&t, ALLIED, "place 10PAB 1Pol");
	ct_do(&t, ALLIED, "place 413 1Pol");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2.1f");
	ct_ok(&t, ALLIED, "place 413 104US");
	ct_do(&t, ALLIED, "end");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-15.2a"); /* units not placed yet */
	for (size_t k = 0; k < sizeof(allied) / sizeof(allied[0]); k++) {
		snprintf(line, sizeof(line), "place %s %s", allied[k], k < 5 ? "4CAD" : "0107");
		ct_ok(&t, ALLIED, line);
	}
	assert_int_equal(camp__box_count(t.g, ct_unit(&t, "4CAD")), 7);
	ct_ok(&t, ALLIED, "end");
	/* the HQs left unplaced (49, 52, 79) wait on the OOB mat */
	assert_string_equal(ct_where(&t, "49"), "mat");
	assert_string_equal(ct_kind(&t, GERMAN), "setup");
	ct_ok(&t, GERMAN, "place 64 0702");
	ct_do(&t, GERMAN, "place CA5 64");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.2.1c");
	ct_ok(&t, GERMAN, "place 1037 64");
	ct_ok(&t, GERMAN, "place 1038 64");
	ct_ok(&t, GERMAN, "place 1039 64");
	ct_ok(&t, GERMAN, "place 1018 64");
	ct_do(&t, GERMAN, "place 1019 64");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2.1d"); /* C2 4 */
	ct_close(&t);
	/* a scenario without free set-up zones refuses the option (SC-AMB-67) */
	doc = ct_doc();
	cJSON_DeleteItemFromObjectCaseSensitive(doc, "free_setup");
	{
		struct rules_scenario *sc;
		struct rules_match m;
		struct rules_options o;
		struct rules_error err;
		uint8_t seed[32] = {1};
		memset(&o, 0, sizeof(o));
		o.count = 1;
		snprintf(o.items[0].key, sizeof(o.items[0].key), "setup");
		snprintf(o.items[0].value, sizeof(o.items[0].value), "free");
		assert_int_equal(camp_ruleset.scenario_load(&camp_ruleset, "t", doc, &sc, &err), 0);
		assert_int_equal(rules_match_create(&m, &camp_ruleset, sc, &o, seed, &err),
		                 WG_E_BAD_OPTION);
		assert_string_equal(err.rule, "SC-AMB-67");
		camp_ruleset.scenario_free(sc);
	}
	cJSON_Delete(doc);
}

/* The free set-up played to its end: then the random hits, the scratch battalions and the
 * hands, as in the standard set-up (15.2a, 4.0) */
static void test_sc_15_2a_free_setup_then_the_rest(void **state)
{
	static const char *const german[][2] = {
	    {"64", "0702"},  {"1038", "64"},   {"1039", "64"},   {"70", "0602"},  {"1018", "70"},
	    {"1019", "70"},  {"1037", "0601"}, {"64AR", "0603"}, {"CA1", "0101"}, {"CA2", "0201"},
	    {"CA3", "0301"}, {"CA4", "0401"},  {"CA5", "0501"},  {"CA6", "0701"},
	};
	struct ct t;
	char line[64];

	(void)state;
	ct_open_doc(&t, ct_doc(), "setup=free");
	for (int i = 0; i < t.g->nunits; i++) {
		const struct camp_unit_def *d = &t.g->sc->units[i];
		if (d->side != ALLIED || d->hq || t.g->u[i].where != CAMP_W_DRAWN)
			continue;
		snprintf(line, sizeof(line), "place %s 0107", d->id);
		ct_ok(&t, ALLIED, line);
	}
	ct_ok(&t, ALLIED, "end");
	for (size_t k = 0; k < sizeof(german) / sizeof(german[0]); k++) {
		snprintf(line, sizeof(line), "place %s %s", german[k][0], german[k][1]);
		ct_ok(&t, GERMAN, line);
	}
	ct_ok(&t, GERMAN, "end");
	/* the 64th's random hit (forced 1 by the fixture), then the scratch battalion */
	assert_int_equal(t.g->phase, CAMP_PH_SETUP_HITS);
	ct_ok(&t, GERMAN, "hits 1039=1");
	assert_int_equal(t.g->phase, CAMP_PH_SETUP_SCRATCH);
	ct_ok(&t, GERMAN, "place SB1 0603");
	assert_int_equal(t.g->phase, CAMP_PH_HAND);
	ct_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sc_1_0_two_sides_and_nationalities),
	    cmocka_unit_test(test_sc_2_0b_setup_dice_from_the_stream),
	    cmocka_unit_test(test_sc_3_1_c2_levels),
	    cmocka_unit_test(test_sc_4_0f_random_hits_allocated_by_the_owner),
	    cmocka_unit_test(test_sc_4_0g_setup_losses_leave_the_game),
	    cmocka_unit_test(test_sc_4_0b_units_set_up_as_directed),
	    cmocka_unit_test(test_sc_4_0d_setup_within_c2),
	    cmocka_unit_test(test_sc_13_2_2b_scratch_drawn_at_random_and_placed),
	    cmocka_unit_test(test_sc_4_0h_initial_hands_chosen_freely_in_secret),
	    cmocka_unit_test(test_sc_2_3_all_markers_available_at_the_start),
	    cmocka_unit_test(test_sc_5_0a_turn_order),
	    cmocka_unit_test(test_sc_5_0b_everything_by_staff_markers),
	    cmocka_unit_test(test_sc_5_2_2a_markers_by_phase),
	    cmocka_unit_test(test_sc_5_2_2b_the_other_side_only_commits),
	    cmocka_unit_test(test_sc_5_4b_thirty_two_turns),
	    cmocka_unit_test(test_sc_5_4c_resignation),
	    cmocka_unit_test(test_sc_6_0a_four_marker_types_and_their_actions),
	    cmocka_unit_test(test_sc_6_2a_selection_only_in_planning),
	    cmocka_unit_test(test_sc_6_2b_hand_kept_through_the_enemy_turn),
	    cmocka_unit_test(test_sc_12_0a_planning_discard_and_select),
	    cmocka_unit_test(test_sc_6_3c_played_markers_return_to_the_pile),
	    cmocka_unit_test(test_sc_6_3d_markers_spent_in_the_enemy_turn),
	    cmocka_unit_test(test_sc_15_2a_free_setup),
	    cmocka_unit_test(test_sc_15_2a_free_setup_then_the_rest),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
