/*
 * test_minis_secrecy.c -- hidden, ambush camouflaged and dummy units are secret until the
 * rules reveal them (QR-AMB-13, QR-SETUP-33..43, QR-RECON-16, QR-ACQ-9, QR-MORALE-20,
 * QR-HE-19): neither the enemy's view, `units`, `table`, the picture, `options`,
 * `measure`/`los` nor any event they receive, nor a spectator's, locates or identifies one;
 * a dummy and a hidden unit look the same; everything is revealed after the end.  (The
 * differential test, test_secrecy_diff, compares whole worlds byte by byte with the twins of
 * rules/minis/twin.c.)
 */
#include "test_minis_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *text_of(cJSON *o)
{
	char *s = cJSON_PrintUnformatted(o);

	cJSON_Delete(o);
	return s;
}

static char *view_text(struct mt *t, int viewer)
{
	return text_of(minis__view((struct rules_game *)t->g, &RULES_VIEWER(viewer)));
}

static char *query_text(struct mt *t, int viewer, const char *line)
{
	cJSON *o = mt_query(t, viewer, line);

	if (o == NULL)
		return strdup(t->err.message);
	return text_of(o);
}

static char *picture_text(struct mt *t, int viewer)
{
	char svg[] = "svg", *argv[] = {svg};

	return minis_ruleset.picture((struct rules_game *)t->g, &RULES_VIEWER(viewer), 1, argv,
	                             &t->err);
}

/* Asserts that text names none of the ids given (quoted, as JSON does, or as a word). */
static void names_none(const char *text, const char *const *ids, int n, const char *what)
{
	for (int k = 0; k < n; k++) {
		char q[32], w[32], e[32];
		snprintf(q, sizeof(q), "\"%s\"", ids[k]);
		snprintf(w, sizeof(w), "=%s ", ids[k]); /* a legend entry of the table */
		snprintf(e, sizeof(e), "=%s\"", ids[k]);
		if (strstr(text, q) != NULL || strstr(text, w) != NULL || strstr(text, e) != NULL)
			fail_msg("%s names %s", what, ids[k]);
	}
}

/* A village game past its deployment: DE4 hidden in B2, DE5 ambush camouflaged in the
 * bunker, two dummies; the British to act. */
static void deployed(struct mt *t, const char *opts)
{
	mt_open(t, "data:qr-village.json", opts);
	mt_start(t, 3, 6, 1, 1, 1, 1, 6, 6, 6, 0); /* German hidden 8, ambush 3, dummies 5 */
	mt_ok(t, MT_GERMAN, "deploy DE5 ambush");
	mt_ok(t, MT_GERMAN, "deploy DE8 hidden");
	mt_ok(t, MT_GERMAN, "deploy dummy 50 40");
	mt_ok(t, MT_GERMAN, "deploy dummy 60 44");
	mt_ok(t, MT_GERMAN, "end");
	mt_dice(t, 4, 3, 0); /* German initiative */
	mt_ok(t, MT_BRIT, "end");
}

static const char *const secret_ids[] = {"DE1", "DE2", "DE3", "DE4",    "DE5",   "DE6",
                                         "DE7", "DE8", "DE9", "dummy1", "dummy2"};
#define NSECRET ((int)(sizeof(secret_ids) / sizeof(secret_ids[0])))

static void test_qr_setup_33_deployment_is_secret(void **state)
{
	struct mt t;
	char *v;

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	mt_start(&t, 3, 6, 1, 1, 1, 1, 6, 6, 6, 0);
	mt_ok(&t, MT_GERMAN, "deploy DE3 20 40 90 hidden");
	assert_int_equal(t.ev.items[0].audience, RULES_AUD_SIDE(MT_GERMAN));
	for (int viewer = MT_BRIT; viewer <= RULES_SPECTATOR; viewer += 2) {
		v = view_text(&t, viewer);
		assert_null(strstr(v, "\"side\":\"german\",\"kind\""));
		names_none(v, (const char *const[]){"DE3", "DE10", "DE1"}, 3,
		           "the deployment view");
		free(v);
	}
	v = query_text(&t, MT_BRIT, "units german");
	assert_non_null(strstr(v, "no unit to show"));
	free(v);
	mt_close(&t);
}

static void test_qr_amb_13_hidden_units_not_shown(void **state)
{
	struct mt t;
	char *s;

	(void)state;
	deployed(&t, "");
	for (int viewer = MT_BRIT; viewer <= RULES_SPECTATOR; viewer += 2) {
		s = view_text(&t, viewer);
		names_none(s, secret_ids, NSECRET, "the view");
		assert_non_null(strstr(s, "\"id\":\"DE10\"")); /* seen along the road */
		free(s);
		s = query_text(&t, viewer, "units");
		names_none(s, secret_ids, NSECRET, "units");
		free(s);
		s = query_text(&t, viewer, "table");
		names_none(s, secret_ids, NSECRET, "the table");
		free(s);
		s = picture_text(&t, viewer);
		assert_null(strstr(s, "u-DE4"));
		assert_null(strstr(s, "u-dummy"));
		assert_non_null(strstr(s, "u-DE10"));
		free(s);
	}
	/* the owner sees all of his, and which are hidden */
	s = view_text(&t, MT_GERMAN);
	assert_non_null(strstr(s, "\"id\":\"DE4\""));
	assert_non_null(strstr(s, "\"id\":\"dummy2\""));
	assert_non_null(strstr(s, "\"ambush\":true"));
	free(s);
	mt_close(&t);
}

static void test_qr_amb_13_measure_and_los_never_locate(void **state)
{
	struct mt t;
	static const char *const probes[] = {"measure GB4 %s", "los GB4 %s", "measure %s 30,30",
	                                     "los 30,30 %s", "fire GB4 %s"};

	(void)state;
	deployed(&t, "");
	for (size_t p = 0; p < sizeof(probes) / sizeof(probes[0]); p++) {
		char a[64], b[64], ma[400], mb[400];
		int rca, rcb;
		for (int k = 0; k < NSECRET; k++) {
			snprintf(a, sizeof(a), probes[p], secret_ids[k]);
			snprintf(b, sizeof(b), probes[p], "XYZ");
			if (p < 4) {
				cJSON *oa = mt_query(&t, MT_BRIT, a);
				assert_null(oa);
				snprintf(ma, sizeof(ma), "%s", t.err.message);
				assert_null(mt_query(&t, MT_BRIT, b));
				snprintf(mb, sizeof(mb), "%s", t.err.message);
				rca = rcb = 0;
			} else {
				rca = mt_do(&t, MT_BRIT, "%s", a);
				snprintf(ma, sizeof(ma), "%s [%s]", t.err.message, t.err.rule);
				rcb = mt_do(&t, MT_BRIT, "%s", b);
				snprintf(mb, sizeof(mb), "%s [%s]", t.err.message, t.err.rule);
			}
			assert_int_equal(rca, rcb);
			/* the same sentence but for the name typed */
			{
				char *x = strstr(ma, secret_ids[k]), *y = strstr(mb, "XYZ");
				if (x == NULL || y == NULL) {
					assert_string_equal(ma, mb);
				} else {
					assert_int_equal(x - ma, y - mb);
					assert_string_equal(x + strlen(secret_ids[k]), y + 3);
				}
			}
		}
	}
	mt_close(&t);
}

/* A hidden company command unit's order (QR-CMD-13): the pending decision, which every
 * viewer reads, and the public order event do not name it; its owner's reply does. */
static void test_qr_cmd_13_a_hidden_command_unit_pays_unnamed(void **state)
{
	struct mt t;
	struct rules_pending p;

	(void)state;
	deployed(&t, "");
	minis__pending((struct rules_game *)t.g, &p);
	assert_non_null(strstr(p.what[MT_GERMAN], "DE1 ")); /* an HQ's orders are public */
	assert_null(strstr(p.what[MT_GERMAN], "DE2"));
	mt_dice(&t, 3, 4, 0);
	mt_ok(&t, MT_GERMAN, "order DE2 standard DE2");
	for (size_t k = 0; k < t.ev.count; k++) {
		const struct rules_event *e = &t.ev.items[k];
		if (e->audience == RULES_AUD_PUBLIC) {
			char *x = cJSON_PrintUnformatted(e->data);
			assert_null(strstr(x, "DE2"));
			free(x);
		}
	}
	assert_true(mt_event(&t, "order", "a hidden command unit"));
	for (int viewer = MT_BRIT; viewer <= RULES_SPECTATOR; viewer += 2) {
		char *v = view_text(&t, viewer);
		assert_non_null(strstr(v, "\"payer\":\"a hidden command unit\""));
		assert_null(strstr(v, "DE2"));
		free(v);
	}
	mt_close(&t);
}

static void test_qr_setup_43_a_dummy_looks_like_a_hidden_unit(void **state)
{
	struct mt t;
	char what[200], *a, *b;
	int lasting;
	struct rules_game *twin;

	(void)state;
	deployed(&t, "hidden.display=markers");
	/* markers: each hidden unit and dummy the same marker, numbered by position */
	a = view_text(&t, MT_BRIT);
	assert_non_null(strstr(a, "\"kind\":\"hidden\""));
	names_none(a, secret_ids, NSECRET, "the markers view");
	free(a);
	/* a twin where a dummy and a hidden unit swap places: the same bytes */
	for (unsigned variant = 0; variant < 40; variant++) {
		struct minis_game *saved = t.g;
		twin = minis_ruleset.secret_twin((struct rules_game *)t.g, MT_GERMAN, variant, what,
		                                 sizeof(what), &lasting);
		assert_non_null(twin);
		assert_false(lasting);
		for (int viewer = MT_BRIT; viewer <= RULES_SPECTATOR; viewer += 2) {
			a = view_text(&t, viewer);
			t.g = (struct minis_game *)twin;
			b = view_text(&t, viewer);
			t.g = saved;
			if (strcmp(a, b) != 0)
				fail_msg("viewer %d tells the twin (%s) apart", viewer, what);
			free(a);
			free(b);
		}
		minis_ruleset.destroy(twin);
	}
	mt_close(&t);
}

static void test_qr_recon_16_poor_result_says_nothing(void **state)
{
	char texts[2][400];

	(void)state;
	for (int world = 0; world < 2; world++) {
		struct mt t;
		deployed(&t, "");
		mt_phase(&t, MP_ORDERS, MT_BRIT);
		if (world == 1) /* nothing in B2 */
			t.g->u[mt_u(&t, "DE4")].x = 5000;
		mt_place(&t, "GB6", 41.5, 20, 0);
		mt_group(&t, 2, 2, "GB6", NULL);
		mt_dice(&t, 2, 1, 0);
		mt_ok(&t, MT_BRIT, "recon GB6 T2b");
		assert_int_equal(t.ev.count, 1);
		assert_int_equal(t.ev.items[0].audience, RULES_AUD_PUBLIC);
		snprintf(texts[world], sizeof(texts[world]), "%s",
		         cJSON_GetStringValue(
		             cJSON_GetObjectItemCaseSensitive(t.ev.items[0].data, "text")));
		mt_close(&t);
	}
	assert_string_equal(texts[0], texts[1]);
}

static void test_qr_acq_9_hidden_units_cannot_be_targeted(void **state)
{
	struct mt t;
	char *o;

	(void)state;
	deployed(&t, "");
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_group(&t, 3, 3, "GB8", NULL);
	mt_refused(&t, MT_BRIT, "fire GB8 DE8", "QR-AMB-13");
	mt_refused(&t, MT_BRIT, "assault GB8 dummy1", "QR-AMB-13");
	o = query_text(&t, MT_BRIT, "options");
	names_none(o, secret_ids, NSECRET, "the British options");
	assert_non_null(strstr(o, "\"count\":"));
	assert_null(strstr(o, "\"count\":0"));
	free(o);
	mt_close(&t);
}

static void test_qr_morale_20_a_hidden_test_stays_secret(void **state)
{
	struct mt t;

	(void)state;
	deployed(&t, "");
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	t.g->fire_missions[MT_BRIT] = 1;
	t.g->u[mt_u(&t, "GB1")].orders = 2;
	mt_place(&t, "GB2", 41.5, 20, 0);
	t.g->u[mt_u(&t, "DE4")].y = 3300; /* 1" inside B2 */
	/* a hit on B2: DE4 takes HE and a pinned test, in secret */
	mt_dice(&t, 3, 5, 4, 3, 1, 0);
	mt_ok(&t, MT_BRIT, "call artillery 41.5 33");
	assert_true(t.g->u[mt_u(&t, "DE4")].flags & MU_PINNED);
	assert_true(t.g->u[mt_u(&t, "DE4")].flags & MU_HIDDEN);
	for (size_t k = 0; k < t.ev.count; k++) {
		const char *tx = cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(t.ev.items[k].data, "text"));
		if (strstr(tx, "DE4") != NULL)
			assert_int_equal(t.ev.items[k].audience, RULES_AUD_SIDE(MT_GERMAN));
	}
	/* a retreat result reveals it first */
	t.g->fire_missions[MT_BRIT] = 1;
	t.g->u[mt_u(&t, "DE4")].flags &= ~(uint32_t)MU_PINNED;
	mt_dice(&t, 3, 5, 5, 4, 2, 0); /* 9 + 3 - 2 = 10: retreat test, 2: retreat */
	mt_ok(&t, MT_BRIT, "call artillery 41.5 33");
	assert_true(mt_event(&t, "revealed", "DE4"));
	assert_false(t.g->u[mt_u(&t, "DE4")].flags & MU_HIDDEN);
	mt_close(&t);
}

static void test_qr_amb_13_proximity_reveals(void **state)
{
	struct mt t;

	(void)state;
	deployed(&t, "");
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_place(&t, "GB4", 20, 20, 0);
	mt_place(&t, "DE3", 20, 30, 180); /* 2" inside the wood */
	t.g->u[mt_u(&t, "DE3")].flags |= MU_HIDDEN;
	mt_group(&t, 5, 5, "GB4", NULL);
	mt_ok(&t, MT_BRIT, "move GB4 20 25.5"); /* ends 3.5" from DE3, in sight */
	assert_true(mt_event(&t, "revealed", "DE3"));
	/* an ambush camouflaged unit is not revealed by proximity */
	mt_place(&t, "GB5", 27, 26.5, 0);
	mt_group(&t, 3, 3, "GB5", NULL);
	mt_ok(&t, MT_BRIT, "move GB5 27 27.5");
	assert_true(t.g->u[mt_u(&t, "DE5")].flags & MU_AMBUSH);
	mt_close(&t);
}

static void test_qr_amb_13_running_into_a_hidden_unit(void **state)
{
	struct mt t;

	(void)state;
	deployed(&t, "hidden.proximity_reveal=off");
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	mt_place(&t, "GB9", 50, 30, 0);
	mt_group(&t, 5, 5, "GB9", NULL);
	/* the move is accepted, stops short of dummy1 (at 50,40) and exposes it */
	mt_ok(&t, MT_BRIT, "move GB9 50 42");
	assert_true(mt_event(&t, "dummy-exposed", NULL));
	assert_true(t.g->u[mt_u(&t, "GB9")].y < 4000);
	mt_close(&t);
}

static void test_qr_amb_13_everything_revealed_after_the_end(void **state)
{
	struct mt t;
	struct rules_host_action a = {RULES_HOST_RESIGN, MT_GERMAN, -1, "x", 0};
	char *s;

	(void)state;
	deployed(&t, "");
	assert_int_equal(minis_ruleset.host((struct rules_game *)t.g, &t.dice, &a, &t.ev, &t.err),
	                 0);
	assert_true(t.g->over);
	assert_int_equal(t.g->winner, MT_BRIT);
	assert_true(mt_event(&t, "all-revealed", "DE8"));
	assert_true(mt_event(&t, "all-revealed", "dummy2"));
	for (int viewer = MT_BRIT; viewer <= RULES_SPECTATOR; viewer += 2) {
		s = view_text(&t, viewer);
		assert_non_null(strstr(s, "\"id\":\"DE8\""));
		assert_non_null(strstr(s, "\"id\":\"dummy1\""));
		assert_non_null(strstr(s, "\"hidden\":true"));
		free(s);
	}
	mt_close(&t);
}

/* What viewer (a side or RULES_SPECTATOR) received of t's last action: the events addressed
 * to it and the view after, as text (the caller frees). */
static char *seen_by(struct mt *t, int viewer)
{
	unsigned bit = viewer == RULES_SPECTATOR ? RULES_AUD_SPECTATORS : RULES_AUD_SIDE(viewer);
	size_t len = 0, cap = 1;
	char *out = calloc(1, 1), *v;

	for (size_t k = 0; k < t->ev.count; k++) {
		char *e;
		if (!(t->ev.items[k].audience & bit))
			continue;
		e = cJSON_PrintUnformatted(t->ev.items[k].data);
		cap += strlen(e) + 1;
		out = realloc(out, cap);
		len += (size_t)sprintf(out + len, "%s\n", e);
		free(e);
	}
	v = view_text(t, viewer);
	out = realloc(out, cap + strlen(v));
	strcpy(out + len, v);
	free(v);
	return out;
}

/* QR-AMB-13, dummy.can_move=true: "the opponent must not be able to tell a moving dummy from
 * a moving hidden unit".  World A: a dummy is activated and moves.  World B, the twin: the
 * dummy and a hidden infantry unit swap places and that unit is activated and moves the same
 * way.  The British and a spectator get the same events and view in both (markers shown or
 * not); the German gets his own unit's news. */
static void test_qr_amb_13_a_moving_dummy_looks_like_a_moving_hidden_unit(void **state)
{
	static const char *const displays[] = {"none", "markers"};

	(void)state;
	for (int m = 0; m < 2; m++) {
		struct mt t;
		struct minis_game *a, *b;
		char opts[160], *seen[2][2][2];
		int dummy, hid = -1;

		snprintf(opts, sizeof(opts),
		         "dummy.can_move=true hidden.move_reveals=false hidden.display=%s",
		         displays[m]);
		deployed(&t, opts);
		mt_phase(&t, MP_ORDERS, MT_GERMAN);
		t.g->u[mt_u(&t, "DE1")].orders = 3;
		dummy = mt_u(&t, "dummy1");
		assert_true(t.g->u[dummy].flags & MU_HIDDEN);
		for (int u = 0; u < t.g->sc->nunits && hid < 0; u++)
			if (minis__side(t.g, u) == MT_GERMAN && minis__real(t.g, u) &&
			    (t.g->u[u].flags & MU_HIDDEN) &&
			    minis__def(t.g, u)->kind == MK_INFANTRY &&
			    minis__def(t.g, u)->move == MM_INFANTRY && !minis__is_command(t.g, u))
				hid = u;
		assert_true(hid >= 0);
		a = t.g;
		b = malloc(sizeof(*b));
		*b = *a;
		b->u[dummy].x = a->u[hid].x;
		b->u[dummy].y = a->u[hid].y;
		b->u[dummy].facing = a->u[hid].facing;
		b->u[hid].x = a->u[dummy].x;
		b->u[hid].y = a->u[dummy].y;
		b->u[hid].facing = a->u[dummy].facing;
		for (int w = 0; w < 2; w++) {
			const char *id = minis__uid(a, w == 0 ? dummy : hid);
			char line[80];
			t.g = w == 0 ? a : b;
			mt_dice(&t, 3, 3, 0);
			snprintf(line, sizeof(line), "order DE1 standard %s", id);
			mt_ok(&t, MT_GERMAN, line);
			seen[w][0][0] = seen_by(&t, MT_BRIT);
			seen[w][0][1] = seen_by(&t, RULES_SPECTATOR);
			snprintf(line, sizeof(line), "move %s 50 38 180", id);
			mt_ok(&t, MT_GERMAN, line);
			assert_int_equal(t.g->u[w == 0 ? dummy : hid].y, 3800);
			assert_true(mt_event(&t, "moved", id)); /* to its owner */
			seen[w][1][0] = seen_by(&t, MT_BRIT);
			seen[w][1][1] = seen_by(&t, RULES_SPECTATOR);
		}
		for (int step = 0; step < 2; step++)
			for (int v = 0; v < 2; v++) {
				if (strcmp(seen[0][step][v], seen[1][step][v]) != 0)
					fail_msg(
					    "display %s, step %d, viewer %d tells a moving dummy "
					    "from a moving hidden unit:\n%s\n---\n%s",
					    displays[m], step, v, seen[0][step][v],
					    seen[1][step][v]);
				/* the paying HQ DE1 is named: an HQ's identity is public */
				names_none(seen[0][step][v], secret_ids + 1, NSECRET - 1,
				           "a moving dummy");
				free(seen[0][step][v]);
				free(seen[1][step][v]);
			}
		t.g = a;
		free(b);
		mt_close(&t);
	}
}

/* QR-AMB-13, dummy.can_move: false (the default) refuses to activate a dummy, as it refuses
 * any unit that cannot be activated; with hidden.move_reveals=true a moving dummy is exposed
 * where it stood and removed, as a moving hidden unit is revealed there. */
static void test_qr_amb_13_dummy_can_move_option(void **state)
{
	struct mt t;
	int dummy;

	(void)state;
	deployed(&t, "");
	mt_phase(&t, MP_ORDERS, MT_GERMAN);
	t.g->u[mt_u(&t, "DE1")].orders = 3;
	mt_refused(&t, MT_GERMAN, "order DE1 standard dummy1", "QR-CMD-26");
	mt_close(&t);

	deployed(&t, "dummy.can_move=true");
	mt_phase(&t, MP_ORDERS, MT_GERMAN);
	t.g->u[mt_u(&t, "DE1")].orders = 3;
	dummy = mt_u(&t, "dummy1");
	mt_dice(&t, 3, 3, 0);
	mt_ok(&t, MT_GERMAN, "order DE1 standard dummy1");
	mt_refused(&t, MT_GERMAN, "fire dummy1 GB4", "QR-FIRE-2");
	mt_ok(&t, MT_GERMAN, "move dummy1 50 38 180");
	assert_true(mt_event(&t, "dummy-exposed", "(50, 40) is a dummy"));
	assert_int_equal(t.g->u[dummy].status, MS_UNPLACED);
	mt_close(&t);
}

/* QR-AMB-10 with QR-MORALE-20: under morale.timing=phase4 a hidden unit's queued test is news
 * for its owner alone. */
static void test_qr_amb_10_a_queued_hidden_test_stays_secret(void **state)
{
	struct mt t;

	(void)state;
	deployed(&t, "morale.timing=phase4");
	mt_phase(&t, MP_ORDERS, MT_BRIT);
	t.g->fire_missions[MT_BRIT] = 1;
	t.g->u[mt_u(&t, "GB1")].orders = 2;
	mt_place(&t, "GB2", 41.5, 20, 0);
	t.g->u[mt_u(&t, "DE4")].y = 3300; /* 1" inside B2 */
	mt_dice(&t, 3, 5, 4, 3, 0);
	mt_ok(&t, MT_BRIT, "call artillery 41.5 33");
	assert_true(mt_event(&t, "morale-queued", "DE4"));
	assert_int_equal(t.g->nmq, 1);
	assert_true(t.g->u[mt_u(&t, "DE4")].flags & MU_HIDDEN);
	for (size_t k = 0; k < t.ev.count; k++) {
		const char *tx = cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(t.ev.items[k].data, "text"));
		if (strstr(tx, "DE4") != NULL)
			assert_int_equal(t.ev.items[k].audience, RULES_AUD_SIDE(MT_GERMAN));
	}
	mt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_qr_setup_33_deployment_is_secret),
	    cmocka_unit_test(test_qr_amb_13_hidden_units_not_shown),
	    cmocka_unit_test(test_qr_amb_13_measure_and_los_never_locate),
	    cmocka_unit_test(test_qr_setup_43_a_dummy_looks_like_a_hidden_unit),
	    cmocka_unit_test(test_qr_cmd_13_a_hidden_command_unit_pays_unnamed),
	    cmocka_unit_test(test_qr_recon_16_poor_result_says_nothing),
	    cmocka_unit_test(test_qr_acq_9_hidden_units_cannot_be_targeted),
	    cmocka_unit_test(test_qr_morale_20_a_hidden_test_stays_secret),
	    cmocka_unit_test(test_qr_amb_13_proximity_reveals),
	    cmocka_unit_test(test_qr_amb_13_running_into_a_hidden_unit),
	    cmocka_unit_test(test_qr_amb_13_everything_revealed_after_the_end),
	    cmocka_unit_test(test_qr_amb_13_a_moving_dummy_looks_like_a_moving_hidden_unit),
	    cmocka_unit_test(test_qr_amb_13_dummy_can_move_option),
	    cmocka_unit_test(test_qr_amb_10_a_queued_hidden_test_stays_secret),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
