/*
 * test_clock.c -- server/clock.c on a server without a loop, its wall clock
 * replaced by the test (s->wall_ms): a side's clock runs only while pending
 * awaits it (both in a simultaneous decision), an action credits it, a
 * vacation stops the correspondence clocks of its user (not a vacation=no
 * game's, not a live clock), and recovery charges a running clock only up to
 * the server's last sign of life.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "server/clock.h"
#include "server/games.h"
#include "server/server.h"

#define H  SRV_TC_HOUR
#define T0 ((int64_t)1796169600 * 1000) /* Wednesday 2026-12-02 00:00 UTC */

static int64_t test_now;

static int64_t test_wall_ms(struct srv *s)
{
	(void)s;
	return test_now;
}

struct fixture {
	struct srv s;
	int64_t red, blue;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (f == NULL || db_open(":memory:", &f->s.store) != 0)
		return -1;
	srv_config_defaults(&f->s.cfg);
	srv_idmap_init(&f->s.users);
	srv_idmap_init(&f->s.seats);
	srv_idmap_init(&f->s.vacations);
	f->s.wall_ms = test_wall_ms;
	test_now = T0;
	assert_int_equal(db_user_create(f->s.store, "red", "x", 1, &f->red), 0);
	assert_int_equal(db_user_create(f->s.store, "blue", "x", 1, &f->blue), 0);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	for (size_t i = 0; i < f->s.capgames; i++)
		if (f->s.games[i] != NULL)
			f->s.games[i]->loaded = 0; /* no rules state was made */
	srv_games_release(&f->s);
	srv_clocks_release(&f->s);
	srv_idmap_release(&f->s.users);
	free(f->s.batch);
	db_close(f->s.store);
	free(f);
	return 0;
}

/* An active game of red and blue with the clock spec, awaiting the sides in mask. */
static struct srv_game *game(struct fixture *f, const char *spec, unsigned mask)
{
	struct srv_game *g = calloc(1, sizeof(*g));
	struct srv_tc tc;
	char err[200];

	assert_non_null(g);
	g->rec.status = DB_GAME_ACTIVE;
	g->rec.seat[0] = f->red;
	g->rec.seat[1] = f->blue;
	g->rec.winner = -1;
	snprintf(g->rec.scenario, sizeof(g->rec.scenario), "race");
	assert_int_equal(db_game_create(f->s.store, &g->rec), 0);
	assert_int_equal(srv_game_index(&f->s, g), 0);
	g->loaded = 1;
	g->match.pending.sides = mask;
	assert_int_equal(srv_tc_parse(&tc, spec, err, sizeof(err)), 0);
	assert_int_equal(srv_clock_create(&f->s, g, &tc), 0);
	return g;
}

/* The step that leaves the game awaiting mask, credited to side credit. */
static void step(struct fixture *f, struct srv_game *g, int credit, unsigned mask)
{
	struct db_clock row;

	g->match.pending.sides = mask;
	assert_int_equal(srv_clock_step(&f->s, g, &g->rec, credit, 1, &row), 1);
	assert_int_equal(row.left[0], g->clock.left[0]);
	assert_int_equal(row.since, test_now);
}

static void test_only_the_awaited_side_is_charged(void **state)
{
	struct fixture *f = *state;
	struct srv_game *g = game(f, "days:2", RULES_AUD_SIDE(0));

	step(f, g, -1, RULES_AUD_SIDE(0)); /* the start: red is awaited */
	test_now += H;
	assert_int_equal(srv_clock_left(&f->s, g, 0), 47 * H);
	assert_int_equal(srv_clock_left(&f->s, g, 1), 48 * H);
	assert_int_equal(srv_clock_deadline(&f->s, g, 0), T0 + 48 * H);
	assert_int_equal(srv_clock_deadline(&f->s, g, 1), 0);
	/* red acts (reset), blue is awaited */
	step(f, g, 0, RULES_AUD_SIDE(1));
	test_now += 2 * H;
	assert_int_equal(srv_clock_left(&f->s, g, 0), 48 * H);
	assert_int_equal(srv_clock_left(&f->s, g, 1), 46 * H);
	/* a simultaneous decision: both run */
	step(f, g, 1, RULES_AUD_SIDE(0) | RULES_AUD_SIDE(1));
	test_now += 3 * H;
	assert_int_equal(srv_clock_left(&f->s, g, 0), 45 * H);
	assert_int_equal(srv_clock_left(&f->s, g, 1), 45 * H);
	/* the game's end stops both */
	g->rec.status = DB_GAME_FINISHED;
	step(f, g, -1, 0);
	test_now += 10 * H;
	assert_int_equal(srv_clock_left(&f->s, g, 0), 45 * H);
	assert_int_equal(srv_clock_left(&f->s, g, 1), 45 * H);
}

static void test_vacation_stops_correspondence_clocks_only(void **state)
{
	struct fixture *f = *state;
	struct srv_game *days = game(f, "days:3", RULES_AUD_SIDE(0));
	struct srv_game *strict = game(f, "days:3 vacation=no", RULES_AUD_SIDE(0));
	struct srv_game *live = game(f, "live:600+0", RULES_AUD_SIDE(0));
	struct rules_error err;

	step(f, days, -1, RULES_AUD_SIDE(0));
	step(f, strict, -1, RULES_AUD_SIDE(0));
	step(f, live, -1, RULES_AUD_SIDE(0));
	test_now += H;
	assert_int_equal(srv_vacation_set(&f->s, f->red, "red", 1, &err), 0);
	assert_int_equal(srv_vacation_set(&f->s, f->red, "red", 1, &err), WG_E_BAD_ARGS);
	test_now += 4 * H;
	assert_int_equal(srv_clock_left(&f->s, days, 0), 71 * H);
	assert_int_equal(srv_clock_deadline(&f->s, days, 0), 0);
	assert_int_equal(srv_clock_left(&f->s, strict, 0), 67 * H);
	assert_int_equal(srv_clock_left(&f->s, live, 0), 5 * H);
	/* the bank is drawn by the vacation's length */
	assert_int_equal(srv_vac_left(srv_vacation_of(&f->s, f->red), test_now),
	                 SRV_VAC_START - 4 * H);
	assert_int_equal(srv_vacation_set(&f->s, f->red, "red", 0, &err), 0);
	test_now += H;
	assert_int_equal(srv_clock_left(&f->s, days, 0), 70 * H);
	/* stored with it: the clock row says the same */
	{
		struct db_clock row;
		assert_int_equal(db_clock_get(f->s.store, days->rec.id, &row), 0);
		assert_string_equal(row.spec, "days:3");
		assert_int_equal(row.running[0], 1);
		assert_int_equal(row.left[0], 71 * H);
	}
}

static void test_recovery_does_not_charge_downtime(void **state)
{
	struct fixture *f = *state;
	struct srv_game *g = game(f, "days:2", RULES_AUD_SIDE(0));
	struct db_clock row;

	step(f, g, -1, RULES_AUD_SIDE(0));
	srv_clock_checkpoint(&f->s, g); /* stored: red running from T0 */
	/* the server's last sign of life 3 h later, then 5 days down */
	assert_int_equal(db_meta_put(f->s.store, "alive", T0 + 3 * H), 0);
	test_now = T0 + 5 * 24 * H;
	memset(&g->clock, 0, sizeof(g->clock));
	srv_clocks_recover(&f->s);
	assert_int_equal(srv_clock_left(&f->s, g, 0), 45 * H);
	assert_int_equal(srv_clock_deadline(&f->s, g, 0), test_now + 45 * H);
	/* written back, so a second restart does not charge the downtime either */
	assert_int_equal(db_clock_get(f->s.store, g->rec.id, &row), 0);
	assert_int_equal(row.left[0], 45 * H);
	assert_int_equal(row.since, test_now);
	assert_int_equal(db_meta_get(f->s.store, "alive", &row.since), 0);
	assert_int_equal(row.since, test_now);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_only_the_awaited_side_is_charged, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_vacation_stops_correspondence_clocks_only, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_recovery_does_not_charge_downtime, setup,
	                                    teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
