/*
 * test_store_tourney.c -- the store's ratings and tournaments (db/store.h,
 * schema 8 of db/migrations.c) on SQLite: ratings by scenario and by user,
 * rated games and the pending ones, the rated flag of invites, tournaments by
 * state, registrations in joining order, a round's games by round, board and
 * game with their bids, the foreign keys, and a staged round rolled back whole.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "db/migrations.h"
#include "db/store.h"

static int64_t user(struct db_store *st, const char *name)
{
	int64_t id = 0;

	assert_int_equal(db_user_create(st, name, "hash", 1, &id), 0);
	return id;
}

static int64_t game(struct db_store *st, int64_t a, int64_t b)
{
	struct db_game g;

	memset(&g, 0, sizeof(g));
	snprintf(g.scenario, sizeof(g.scenario), "race");
	snprintf(g.commitment, sizeof(g.commitment), "c");
	g.status = DB_GAME_ACTIVE;
	g.seat[0] = a;
	g.seat[1] = b;
	g.winner = -1;
	assert_int_equal(db_game_create(st, &g), 0);
	return g.id;
}

static int setup(void **state)
{
	struct db_store *st = NULL;

	if (db_open(":memory:", &st) != 0)
		return -1;
	*state = st;
	return 0;
}

static int teardown(void **state)
{
	db_close(*state);
	return 0;
}

struct names {
	char v[8][512];
	int n;
};

static int rating_name(void *ctx, const struct db_rating *r)
{
	struct names *n = ctx;

	snprintf(n->v[n->n++], sizeof(n->v[0]), "%s:%s:%.0f", r->name, r->scenario, r->rating);
	return 0;
}

static void test_ratings_and_rated_games(void **state)
{
	struct db_store *st = *state;
	int64_t ann = user(st, "ann"), bob = user(st, "bob"), g = game(st, ann, bob);
	struct db_rating r, out;
	struct db_rated_game rg, rgo;
	struct names n;

	assert_true(db_schema_version(st) == db__migration_count());
	assert_int_equal(db_rating_get(st, ann, "race", &out), WG_E_NOT_FOUND);
	memset(&r, 0, sizeof(r));
	r.user = ann;
	snprintf(r.scenario, sizeof(r.scenario), "race");
	r.rating = 1662.3;
	r.rd = 290.3;
	r.vol = 0.06;
	r.games = 1;
	r.last = 1796169600000LL;
	assert_int_equal(db_rating_put(st, &r), 0);
	r.user = bob;
	r.rating = 1337.7;
	assert_int_equal(db_rating_put(st, &r), 0);
	snprintf(r.scenario, sizeof(r.scenario), "scheldt");
	r.rating = 1800;
	assert_int_equal(db_rating_put(st, &r), 0);
	assert_int_equal(db_rating_get(st, ann, "race", &out), 0);
	assert_string_equal(out.name, "ann");
	assert_true(out.rating == 1662.3 && out.rd == 290.3 && out.vol == 0.06);
	assert_int_equal(out.games, 1);
	assert_int_equal(out.last, 1796169600000LL);
	/* by scenario, the best first; by user, by scenario */
	memset(&n, 0, sizeof(n));
	assert_int_equal(db_rating_each_scenario(st, "race", rating_name, &n), 0);
	assert_int_equal(n.n, 2);
	assert_string_equal(n.v[0], "ann:race:1662");
	assert_string_equal(n.v[1], "bob:race:1338");
	memset(&n, 0, sizeof(n));
	assert_int_equal(db_rating_each_user(st, bob, rating_name, &n), 0);
	assert_int_equal(n.n, 2);
	assert_string_equal(n.v[0], "bob:race:1338");
	assert_string_equal(n.v[1], "bob:scheldt:1800");
	/* a replace, not a second row */
	r.rating = 1900;
	assert_int_equal(db_rating_put(st, &r), 0);
	memset(&n, 0, sizeof(n));
	assert_int_equal(db_rating_each_user(st, bob, rating_name, &n), 0);
	assert_int_equal(n.n, 2);
	/* rated games: marked, pending, then done with the ratings */
	assert_int_equal(db_rated_game_get(st, g, &rgo), WG_E_NOT_FOUND);
	memset(&rg, 0, sizeof(rg));
	rg.game = g;
	assert_int_equal(db_rated_game_put(st, &rg), 0);
	memset(&n, 0, sizeof(n));
	rg.done = 1;
	rg.before[0] = 1500;
	rg.after[1] = 1337.7;
	rg.rd_after[0] = 290.3;
	assert_int_equal(db_rated_game_put(st, &rg), 0);
	assert_int_equal(db_rated_game_get(st, g, &rgo), 0);
	assert_int_equal(rgo.done, 1);
	assert_true(rgo.before[0] == 1500 && rgo.after[1] == 1337.7 && rgo.rd_after[0] == 290.3);
	/* a rating of nobody is refused (foreign key) */
	r.user = 999;
	assert_int_equal(db_rating_put(st, &r), WG_E_STORAGE);
}

static int count_pending(void *ctx, const struct db_rated_game *g)
{
	(void)g;
	(*(int *)ctx)++;
	return 0;
}

static int invite_rated(void *ctx, const struct db_invite *iv)
{
	*(int *)ctx = iv->rated;
	return 0;
}

static void test_pending_rated_games_and_rated_invites(void **state)
{
	struct db_store *st = *state;
	int64_t ann = user(st, "ann"), bob = user(st, "bob");
	struct db_rated_game rg;
	struct db_invite iv;
	int n = 0, rated = -1;

	memset(&rg, 0, sizeof(rg));
	rg.game = game(st, ann, bob);
	assert_int_equal(db_rated_game_put(st, &rg), 0);
	rg.game = game(st, ann, bob);
	rg.done = 1;
	assert_int_equal(db_rated_game_put(st, &rg), 0);
	assert_int_equal(db_rated_game_each_pending(st, count_pending, &n), 0);
	assert_int_equal(n, 1);
	memset(&iv, 0, sizeof(iv));
	iv.from = ann;
	iv.to = bob;
	snprintf(iv.scenario, sizeof(iv.scenario), "race");
	snprintf(iv.clock, sizeof(iv.clock), "none");
	iv.side = -1;
	iv.rated = 1;
	assert_int_equal(db_invite_create(st, &iv), 0);
	assert_int_equal(db_invite_each_open(st, invite_rated, &rated), 0);
	assert_int_equal(rated, 1);
}

static int tourney_name(void *ctx, const struct db_tourney *t)
{
	struct names *n = ctx;

	snprintf(n->v[n->n++], sizeof(n->v[0]), "%s", t->name);
	return 0;
}

static int player_name(void *ctx, const struct db_tplayer *p)
{
	struct names *n = ctx;

	snprintf(n->v[n->n++], sizeof(n->v[0]), "%s:%d:%d", p->name, p->pnum, p->withdrawn);
	return 0;
}

static int tgame_row(void *ctx, const struct db_tgame *g)
{
	struct names *n = ctx;

	snprintf(n->v[n->n++], sizeof(n->v[0]), "%d.%d/%d %s-%s %lld %d %s %d:%d", g->round,
	         g->board, g->leg, g->name[0], g->player[1] ? g->name[1] : "bye",
	         (long long)g->game, g->result, g->how, g->bid_side[0], g->bid[0]);
	return 0;
}

static void test_tournaments_players_and_games(void **state)
{
	struct db_store *st = *state;
	int64_t dir = user(st, "dir"), ann = user(st, "ann"), bob = user(st, "bob");
	int64_t cat = user(st, "cat"), g;
	struct db_tourney t, t2, out;
	struct db_tplayer p;
	struct db_tgame tg, tgo;
	struct names n;

	memset(&t, 0, sizeof(t));
	snprintf(t.name, sizeof(t.name), "Club Swiss");
	snprintf(t.scenario, sizeof(t.scenario), "race");
	t.director = dir;
	snprintf(t.format, sizeof(t.format), "swiss");
	snprintf(t.settings, sizeof(t.settings), "rounds=3 sides=balanced rated");
	snprintf(t.clock, sizeof(t.clock), "live:5+0");
	t.seed[0] = 7;
	t.created = 123;
	assert_int_equal(db_tourney_create(st, &t), 0);
	assert_true(t.id > 0);
	t2 = t;
	snprintf(t2.name, sizeof(t2.name), "Cup");
	assert_int_equal(db_tourney_create(st, &t2), 0);
	assert_int_equal(db_tourney_get(st, t.id, &out), 0);
	assert_string_equal(out.name, "Club Swiss");
	assert_string_equal(out.director_name, "dir");
	assert_string_equal(out.settings, "rounds=3 sides=balanced rated");
	assert_int_equal(out.seed[0], 7);
	assert_int_equal(out.state, DB_TOURNEY_OPEN);
	/* update: state, round, deadline, note */
	t.state = DB_TOURNEY_RUNNING;
	t.round = 1;
	t.rounds = 3;
	t.deadline = 5000;
	snprintf(t.note, sizeof(t.note), "n");
	assert_int_equal(db_tourney_update(st, &t), 0);
	assert_int_equal(db_tourney_get(st, t.id, &out), 0);
	assert_int_equal(out.state, DB_TOURNEY_RUNNING);
	assert_int_equal(out.round, 1);
	assert_int_equal(out.deadline, 5000);
	assert_string_equal(out.note, "n");
	memset(&n, 0, sizeof(n));
	assert_int_equal(db_tourney_each(st, 1u << DB_TOURNEY_RUNNING, tourney_name, &n), 0);
	assert_int_equal(n.n, 1);
	assert_string_equal(n.v[0], "Club Swiss");
	memset(&n, 0, sizeof(n));
	assert_int_equal(db_tourney_each(st, 7u, tourney_name, &n), 0);
	assert_int_equal(n.n, 2);
	assert_int_equal(db_tourney_get(st, 999, &out), WG_E_NOT_FOUND);
	out.id = 999;
	assert_int_equal(db_tourney_update(st, &out), WG_E_NOT_FOUND);
	/* players in joining order; a replace keeps one row; delete */
	memset(&p, 0, sizeof(p));
	p.tourney = t.id;
	p.user = bob;
	p.joined = 10;
	assert_int_equal(db_tplayer_put(st, &p), 0);
	p.user = ann;
	p.joined = 20;
	assert_int_equal(db_tplayer_put(st, &p), 0);
	p.user = cat;
	p.joined = 30;
	assert_int_equal(db_tplayer_put(st, &p), 0);
	p.pnum = 3;
	p.withdrawn = 2;
	assert_int_equal(db_tplayer_put(st, &p), 0);
	assert_int_equal(db_tplayer_delete(st, t.id, ann), 0);
	assert_int_equal(db_tplayer_delete(st, t.id, ann), WG_E_NOT_FOUND);
	memset(&n, 0, sizeof(n));
	assert_int_equal(db_tplayer_each(st, t.id, player_name, &n), 0);
	assert_int_equal(n.n, 2);
	assert_string_equal(n.v[0], "bob:0:0");
	assert_string_equal(n.v[1], "cat:3:2");
	/* games: by round, board and leg; a bye; by game id */
	g = game(st, bob, cat);
	memset(&tg, 0, sizeof(tg));
	tg.tourney = t.id;
	tg.round = 1;
	tg.board = 2;
	tg.leg = 1;
	tg.player[0] = dir;
	tg.result = 0;
	snprintf(tg.how, sizeof(tg.how), "bye");
	tg.bid_side[0] = tg.bid_side[1] = tg.bid[0] = tg.bid[1] = -1;
	assert_int_equal(db_tgame_put(st, &tg), 0);
	tg.board = 1;
	tg.player[0] = bob;
	tg.player[1] = cat;
	tg.game = g;
	tg.result = DB_TRESULT_PENDING;
	tg.how[0] = '\0';
	tg.bid_side[0] = 1;
	tg.bid[0] = 7;
	assert_int_equal(db_tgame_put(st, &tg), 0);
	memset(&n, 0, sizeof(n));
	assert_int_equal(db_tgame_each(st, t.id, tgame_row, &n), 0);
	assert_int_equal(n.n, 2);
	snprintf(n.v[7], sizeof(n.v[7]), "1.1/1 bob-cat %lld -2  1:7", (long long)g);
	assert_string_equal(n.v[0], n.v[7]);
	assert_string_equal(n.v[1], "1.2/1 dir-bye 0 0 bye -1:-1");
	assert_int_equal(db_tgame_by_game(st, g, &tgo), 0);
	assert_int_equal(tgo.board, 1);
	assert_int_equal(tgo.bid[0], 7);
	assert_int_equal(db_tgame_by_game(st, 999, &tgo), WG_E_NOT_FOUND);
	/* the same key again replaces (the result of a game) */
	tg.result = 1;
	snprintf(tg.how, sizeof(tg.how), "resign");
	assert_int_equal(db_tgame_put(st, &tg), 0);
	assert_int_equal(db_tgame_by_game(st, g, &tgo), 0);
	assert_int_equal(tgo.result, 1);
	assert_string_equal(tgo.how, "resign");
	/* a game of nobody, a result out of range: refused */
	tg.player[0] = 999;
	assert_int_equal(db_tgame_put(st, &tg), WG_E_STORAGE);
	tg.player[0] = bob;
	tg.result = 5;
	assert_int_equal(db_tgame_put(st, &tg), WG_E_STORAGE);
}

/* A round staged in a transaction and rolled back leaves nothing: the round number and its
 * games stand or fall together (tourney.c pairs inside the loop's batch). */
static void test_a_round_rolled_back_leaves_nothing(void **state)
{
	struct db_store *st = *state;
	int64_t dir = user(st, "dir"), ann = user(st, "ann"), bob = user(st, "bob");
	struct db_tourney t, out;
	struct db_tgame tg;
	struct names n;

	memset(&t, 0, sizeof(t));
	snprintf(t.name, sizeof(t.name), "T");
	snprintf(t.scenario, sizeof(t.scenario), "race");
	t.director = dir;
	snprintf(t.format, sizeof(t.format), "rr");
	snprintf(t.clock, sizeof(t.clock), "none");
	t.state = DB_TOURNEY_RUNNING;
	t.round = 1;
	assert_int_equal(db_tourney_create(st, &t), 0);
	assert_int_equal(db_batch_mode(st, 1), 0);
	t.round = 2;
	assert_int_equal(db_tourney_update(st, &t), 0);
	memset(&tg, 0, sizeof(tg));
	tg.tourney = t.id;
	tg.round = 2;
	tg.board = 1;
	tg.leg = 1;
	tg.player[0] = ann;
	tg.player[1] = bob;
	tg.game = game(st, ann, bob);
	tg.result = DB_TRESULT_PENDING;
	assert_int_equal(db_tgame_put(st, &tg), 0);
	assert_true(db_batch_pending(st));
	assert_int_equal(db_rollback(st), 0);
	assert_int_equal(db_batch_mode(st, 0), 0);
	assert_int_equal(db_tourney_get(st, t.id, &out), 0);
	assert_int_equal(out.round, 1);
	memset(&n, 0, sizeof(n));
	assert_int_equal(db_tgame_each(st, t.id, tgame_row, &n), 0);
	assert_int_equal(n.n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_ratings_and_rated_games, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_pending_rated_games_and_rated_invites, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_tournaments_players_and_games, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_a_round_rolled_back_leaves_nothing, setup,
	                                    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
