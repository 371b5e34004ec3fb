/*
 * test_e2e_tourney.c -- tournaments and ratings against the real daemon
 * (wargamed-test, the race ruleset) over TCP, with the fake clock of
 * --debug-clock (no test waits for real time) and --debug-seed (the same
 * pairings every run):
 *
 *   - a Swiss of six from registration to the final standings: round 1 by
 *     resignations, round 2 with a director's adjudication, a director's
 *     forfeit and a loss on time, round 3 with a draw; every round paired when
 *     its last game ends, no rematch, points and tiebreaks in text (80 columns)
 *     and JSON, the crosstable, ratings of every game but the forfeit;
 *   - a round robin of five with its byes and a withdrawal;
 *   - secret bids for sides, never shown to the other bidder, a spectator or
 *     the director before both are in, then revealed together and recorded
 *     with the game;
 *   - a knockout with a mulligan round, a level match going to a decider;
 *   - round deadlines (overdue=forfeit and overdue=adjudicate), pause, advance;
 *   - a SIGKILL in the middle of a pairing: after the restart the round is
 *     paired once, never half, never twice;
 *   - rated and unrated games, ratings, finger and the side records; the side advantage
 *     term of rating-side-advantage in the expected score;
 *   - help and refusals.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "e2e.h"
#include "e2e_assert.h"

/* Wednesday 2026-12-02 00:00 UTC */
#define T0   1796169600LL
#define DAY  86400LL
#define SEED "7a11e57a11e57a11e57a11e57a11e57a11e57a11e57a11e57a11e57a11e57a11"

static struct e2e_server server;
static char clock_arg[32];

#define MAXC 8

/* The players, the director (in text and in JSON), logged in once for every test (a login
 * hashes a password: the suite's time goes there). */
struct field {
	const char *names[MAXC];
	struct e2e_client c[MAXC];
	int n;
	struct e2e_client dir, dj;
};

static struct field f;

static void login_field(void)
{
	static const char *const names[] = {"ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"};

	f.n = MAXC;
	assert_int_equal(e2e_login_new(&f.dir, server.port, "dir", "secret-d"), 0);
	assert_int_equal(e2e_login_new(&f.dj, server.port, "dir", "secret-d"), 0);
	assert_non_null(e2e_cmd(&f.dj, "mode json"));
	f.dj.json = 1;
	for (int i = 0; i < MAXC; i++) {
		f.names[i] = names[i];
		assert_int_equal(e2e_login_new(&f.c[i], server.port, names[i], "secret-p"), 0);
	}
}

static int start(void **state)
{
	/* the per-address brakes are lifted (test_e2e_limits proves them): many players here */
	static const char *const args[] = {"--data-dir",
	                                   WG_RACE_DIR,
	                                   "--allow-debug",
	                                   "--debug-clock",
	                                   clock_arg,
	                                   "--debug-seed",
	                                   SEED,
	                                   "--register-burst",
	                                   "1000",
	                                   "--max-hashes-per-address",
	                                   "64",
	                                   NULL};

	(void)state;
	snprintf(clock_arg, sizeof(clock_arg), "%lld", T0);
	memset(&server, 0, sizeof(server));
	if (e2e_server_start(&server, WG_TEST_DAEMON, args) != 0)
		return -1;
	login_field();
	return 0;
}

static int stop(void **state)
{
	(void)state;
	e2e_close(&f.dir);
	e2e_close(&f.dj);
	for (int i = 0; i < f.n; i++)
		e2e_close(&f.c[i]);
	e2e_server_cleanup(&server);
	return 0;
}

/* Before a test: the notifications of earlier tests forgotten. */
static int fresh(void **state)
{
	(void)state;
	e2e_pump(&f.dir, 50);
	f.dir.evlen = 0;
	f.dir.events[0] = '\0';
	for (int i = 0; i < f.n; i++) {
		e2e_pump(&f.c[i], 0);
		f.c[i].evlen = 0;
		f.c[i].events[0] = '\0';
	}
	return 0;
}

static struct e2e_client *who(struct field *fl, const char *name)
{
	for (int i = 0; i < fl->n; i++)
		if (strcmp(fl->names[i], name) == 0)
			return &fl->c[i];
	fail_msg("no player %s", name);
	return NULL;
}

/* The id of the tournament a create reply names. */
static int created(struct e2e_client *c)
{
	const char *p = strstr(e2e_flat(c->reply), "tournament ");

	assert_non_null(p);
	return atoi(p + 11);
}

/* The data member of a JSON reply (parsed; the caller deletes the root it returns in *root). */
static cJSON *jdata(struct e2e_client *c, cJSON **root)
{
	*root = cJSON_Parse(c->reply); /* one line in JSON mode; final keeps only 4 kB of it */
	if (*root == NULL)
		fail_msg("not JSON: %s", c->reply);
	return cJSON_GetObjectItem(*root, "data");
}

struct tg {
	int round, board, leg, bye;
	long long game;
	char p[2][33];
	char result[16], how[16];
};

/* The games of tournament tid (round 0: all) read from the JSON reply; their count. */
static int tgames(struct field *fl, int tid, int round, struct tg *out, int cap)
{
	cJSON *root, *data, *it;
	int n = 0;

	if (round > 0)
		cmd_ok(&fl->dj, "tournament games %d %d", tid, round);
	else
		cmd_ok(&fl->dj, "tournament games %d", tid);
	data = jdata(&fl->dj, &root);
	cJSON_ArrayForEach(it, cJSON_GetObjectItem(data, "games"))
	{
		cJSON *g = cJSON_GetObjectItem(it, "game"), *r = cJSON_GetObjectItem(it, "result");
		cJSON *ps = cJSON_GetObjectItem(it, "players"), *p;
		int k = 0;
		if (n == cap)
			break;
		memset(&out[n], 0, sizeof(out[n]));
		out[n].round = cJSON_GetObjectItem(it, "round")->valueint;
		out[n].board = cJSON_GetObjectItem(it, "board")->valueint;
		out[n].leg = cJSON_GetObjectItem(it, "leg")->valueint;
		out[n].bye = cJSON_IsTrue(cJSON_GetObjectItem(it, "bye"));
		out[n].game = cJSON_IsNumber(g) ? (long long)g->valuedouble : 0;
		snprintf(out[n].result, sizeof(out[n].result), "%s",
		         cJSON_IsString(r) ? r->valuestring : "");
		snprintf(out[n].how, sizeof(out[n].how), "%s",
		         cJSON_GetObjectItem(it, "how")->valuestring);
		cJSON_ArrayForEach(p, ps)
		{
			if (k < 2)
				snprintf(out[n].p[k++], sizeof(out[n].p[0]), "%s",
				         cJSON_GetObjectItem(p, "user")->valuestring);
		}
		n++;
	}
	cJSON_Delete(root);
	return n;
}

/* An integer member of `tournament show`. */
static int show_int(struct field *fl, int tid, const char *member)
{
	cJSON *root, *data;
	int v;

	cmd_ok(&fl->dj, "tournament show %d", tid);
	data = jdata(&fl->dj, &root);
	v = cJSON_GetObjectItem(data, member)->valueint;
	cJSON_Delete(root);
	return v;
}

static const char *show_str(struct field *fl, int tid, const char *member)
{
	static char buf[256];
	cJSON *root, *data;

	cmd_ok(&fl->dj, "tournament show %d", tid);
	data = jdata(&fl->dj, &root);
	snprintf(buf, sizeof(buf), "%s", cJSON_GetObjectItem(data, member)->valuestring);
	cJSON_Delete(root);
	return buf;
}

/* The player of tg's game who resigns: the name that sorts last (the same player loses every
 * game of a knockout match), or p[k] when k >= 0. */
static void resign(struct field *fl, const struct tg *g, int k)
{
	const char *loser = k >= 0 ? g->p[k] : strcmp(g->p[0], g->p[1]) > 0 ? g->p[0] : g->p[1];

	cmd_ok(who(fl, loser), "resign game=%lld", g->game);
}

/* Every line of a text reply fits in 80 columns. */
static void fits_80(const char *reply)
{
	const char *p = reply;

	while (*p) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (n > 80)
			fail_msg("a line of %zu columns: %.*s", n, (int)n, p);
		if (e == NULL)
			break;
		p = e + 1;
	}
}

static int met_before(const struct tg *all, int n, const char *a, const char *b, int before)
{
	for (int i = 0; i < n; i++)
		if (all[i].round < before && !all[i].bye &&
		    ((strcmp(all[i].p[0], a) == 0 && strcmp(all[i].p[1], b) == 0) ||
		     (strcmp(all[i].p[0], b) == 0 && strcmp(all[i].p[1], a) == 0)))
			return 1;
	return 0;
}

/* ---- the Swiss of six ---- */

static void test_swiss_of_six_to_final_standings(void **state)
{
	struct tg r[16], all[32];
	int n, nall, seen_how[3] = {0, 0, 0}, t;
	double pts[MAXC] = {0}, sum = 0;
	cJSON *root, *data, *it;

	(void)state;
	cmd_ok(&f.dir, "tournament create \"Club Swiss\" race format=swiss rounds=3 "
	               "clock=live:5+0 rated");
	t = created(&f.dir);
	for (int i = 0; i < 6; i++)
		cmd_ok(&f.c[i], "tournament join %d", t);
	cmd_err(&f.c[0], "exists", "tournament join %d", t);
	cmd_err(&f.c[0], "forbidden", "tournament start %d", t); /* the director's */
	cmd_ok(&f.dir, "tournament show %d", t);
	assert_contains(f.dir.reply, "registration (6 of 256 players)");
	cmd_ok(&f.dir, "tournament start %d", t);
	assert_contains(f.dir.final, "round 1 of 3 paired");
	cmd_err(&f.c[6], "forbidden", "tournament join %d", t);
	/* round 1: three games, everyone told; the side-0 player resigns */
	n = tgames(&f, t, 1, r, 16);
	assert_int_equal(n, 3);
	for (int i = 0; i < 6; i++)
		assert_non_null(e2e_take_event(&f.c[i], "Club Swiss (", 3000));
	for (int i = 0; i < n; i++) {
		assert_true(r[i].game > 0);
		resign(&f, &r[i], 0);
	}
	/* round 2 was paired when the last game ended, and everyone told */
	assert_int_equal(show_int(&f, t, "round"), 2);
	for (int i = 0; i < 6; i++)
		assert_non_null(e2e_take_event(&f.c[i], "round 2: you play", 3000));
	n = tgames(&f, t, 2, r, 16);
	assert_int_equal(n, 3);
	nall = tgames(&f, t, 0, all, 32);
	for (int i = 0; i < n; i++)
		assert_false(met_before(all, nall, r[i].p[0], r[i].p[1], 2));
	/* an adjudication, a forfeit (both by the director), a loss on time */
	cmd_err(who(&f, r[0].p[0]), "forbidden", "tournament adjudicate %lld draw", r[0].game);
	cmd_ok(&f.dir, "tournament adjudicate %lld %s \"ahead on the track\"", r[0].game,
	       r[0].p[1]);
	assert_contains(f.dir.reply, "adjudicated");
	cmd_ok(&f.dir, "tournament forfeit %lld %s", r[1].game, r[1].p[0]);
	assert_int_equal(show_int(&f, t, "round"), 2); /* one game still runs */
	cmd_ok(&f.dir, "debug clock +400");
	assert_int_equal(show_int(&f, t, "round"), 3);
	n = tgames(&f, t, 2, r, 16);
	for (int i = 0; i < n; i++) {
		seen_how[0] |= strcmp(r[i].how, "adjudicate") == 0;
		seen_how[1] |= strcmp(r[i].how, "forfeit") == 0;
		seen_how[2] |= strcmp(r[i].how, "timeout") == 0;
	}
	assert_true(seen_how[0] && seen_how[1] && seen_how[2]);
	/* round 3: no rematch; a draw by agreement and two resignations */
	n = tgames(&f, t, 3, r, 16);
	assert_int_equal(n, 3);
	nall = tgames(&f, t, 0, all, 32);
	for (int i = 0; i < n; i++)
		assert_false(met_before(all, nall, r[i].p[0], r[i].p[1], 3));
	cmd_ok(who(&f, r[0].p[1]), "offer draw game=%lld", r[0].game);
	cmd_ok(who(&f, r[0].p[0]), "accept draw game=%lld", r[0].game);
	resign(&f, &r[1], 0);
	resign(&f, &r[2], 1);
	assert_string_equal(show_str(&f, t, "state"), "finished");
	assert_contains(show_str(&f, t, "note"), "all 3 rounds played");
	/* the points from the results, as the test counts them */
	nall = tgames(&f, t, 0, all, 32);
	assert_int_equal(nall, 9);
	for (int i = 0; i < nall; i++)
		for (int k = 0; k < 2; k++) {
			struct e2e_client *c = who(&f, all[i].p[k]);
			double p = strcmp(all[i].result, "1/2-1/2") == 0                ? 0.5
			           : strcmp(all[i].result, k == 0 ? "1-0" : "0-1") == 0 ? 1
			                                                                : 0;
			pts[c - f.c] += p;
		}
	/* the standings: text within 80 columns with the crosstable, JSON with both */
	cmd_ok(&f.dir, "tournament standings %d crosstable", t);
	fits_80(f.dir.reply);
	assert_contains(f.dir.reply, "final standings after round 3 of 3 (swiss, 6 players)");
	assert_contains(f.dir.reply, "pts     BH    MBH     SB   H2H");
	assert_contains(f.dir.reply, "crosstable");
	assert_contains(f.dir.reply, "+F"); /* the forfeit won */
	cmd_ok(&f.dj, "tournament standings %d", t);
	data = jdata(&f.dj, &root);
	{
		double last = 99;
		int rank = 0;
		cJSON_ArrayForEach(it, cJSON_GetObjectItem(data, "standings"))
		{
			const char *u = cJSON_GetObjectItem(it, "user")->valuestring;
			double p = cJSON_GetObjectItem(it, "points")->valuedouble;
			assert_int_equal(cJSON_GetObjectItem(it, "rank")->valueint, ++rank);
			assert_true(p <= last);
			last = p;
			assert_true(p == pts[who(&f, u) - f.c]);
			assert_non_null(cJSON_GetObjectItem(it, "buchholz"));
			assert_non_null(cJSON_GetObjectItem(it, "median_buchholz"));
			assert_non_null(cJSON_GetObjectItem(it, "sonneborn_berger"));
			assert_non_null(cJSON_GetObjectItem(it, "head_to_head"));
			sum += p;
		}
		assert_int_equal(rank, 6);
	}
	assert_true(sum == 9.0);
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(data, "crosstable")), 6);
	it = cJSON_GetArrayItem(cJSON_GetObjectItem(data, "crosstable"), 0);
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(it, "rounds")), 3);
	cJSON_Delete(root);
	/* ratings: every game but the forfeit was rated (8 games, two players each); the first
	 * rated games of this server */
	cmd_ok(&f.dj, "ratings race");
	data = jdata(&f.dj, &root);
	{
		int games = 0;
		cJSON_ArrayForEach(it, cJSON_GetObjectItem(data, "ratings"))
		{
			games += cJSON_GetObjectItem(it, "games")->valueint;
			assert_true(cJSON_IsTrue(cJSON_GetObjectItem(it, "provisional")));
		}
		assert_int_equal(games, 16);
	}
	cJSON_Delete(root);
	/* everyone heard of the end */
	for (int i = 0; i < 6; i++)
		assert_non_null(e2e_take_event(&f.c[i], "finished (all 3 rounds played)", 3000));
}

/* ---- a round robin of five: byes, a withdrawal ---- */

static void test_round_robin_of_five_with_byes_and_a_withdrawal(void **state)
{
	struct tg r[8], all[16];
	int n, byes[MAXC] = {0}, t;

	(void)state;
	cmd_err(&f.dir, "bad-args", "tournament create RR race format=rr rounds=3");
	cmd_ok(&f.dir, "tournament create RR race format=rr");
	t = created(&f.dir);
	for (int i = 0; i < 5; i++)
		cmd_ok(&f.c[i], "tournament join %d", t);
	cmd_ok(&f.c[4], "tournament leave %d", t); /* before the start: unregistered */
	cmd_ok(&f.c[4], "tournament join %d", t);
	cmd_ok(&f.dir, "tournament start %d", t);
	assert_int_equal(show_int(&f, t, "rounds"), 5);
	for (int round = 1; round <= 5; round++) {
		if (round == 2) /* the director withdraws eve during round 2 */
			cmd_ok(&f.dir, "tournament withdraw %d eve", t);
		n = tgames(&f, t, round, r, 8);
		assert_true(n >= 2 && n <= 3);
		for (int i = 0; i < n; i++) {
			if (r[i].bye) {
				byes[who(&f, r[i].p[0]) - f.c]++;
				continue;
			}
			if (r[i].game > 0 && r[i].result[0] == '\0')
				resign(&f, &r[i], -1);
		}
	}
	assert_string_equal(show_str(&f, t, "state"), "finished");
	n = tgames(&f, t, 0, all, 16);
	/* everyone met everyone once (Berger); eve's games after her withdrawal are forfeits */
	for (int a = 0; a < 5; a++)
		for (int b = a + 1; b < 5; b++) {
			int met = 0;
			for (int i = 0; i < n; i++)
				if (!all[i].bye && ((!strcmp(all[i].p[0], f.names[a]) &&
				                     !strcmp(all[i].p[1], f.names[b])) ||
				                    (!strcmp(all[i].p[0], f.names[b]) &&
				                     !strcmp(all[i].p[1], f.names[a]))))
					met++;
			assert_int_equal(met, 1);
		}
	for (int i = 0; i < n; i++)
		if (all[i].round >= 2 && !all[i].bye &&
		    (!strcmp(all[i].p[0], "eve") || !strcmp(all[i].p[1], "eve"))) {
			/* her game of round 2 forfeited; later ones never created */
			assert_string_equal(all[i].how, "forfeit");
			if (all[i].round > 2)
				assert_int_equal(all[i].game, 0);
		}
	/* one bye each (eve's after her withdrawal is not given) */
	for (int i = 0; i < 4; i++)
		assert_int_equal(byes[i], 1);
	cmd_ok(&f.dir, "tournament standings %d crosstable", t);
	fits_80(f.dir.reply);
	assert_contains(f.dir.reply, "eve w");
	assert_contains(f.dir.reply, "w: withdrawn");
	assert_contains(f.dir.reply, "bye");
}

/* ---- secret bids ---- */

static void test_bids_are_secret_until_both_are_in(void **state)
{
	struct e2e_client *spy = &f.c[7];
	struct tg r[4];
	const char *views[] = {"tournament games %d", "tournament show %d"};
	struct e2e_client *x, *y;
	int n, b = -1, t;

	(void)state;
	cmd_err(&f.dir, "bad-args", "tournament create D race format=double-rr sides=bid");
	cmd_ok(&f.dir, "tournament create Bids race format=rr sides=bid");
	t = created(&f.dir);
	for (int i = 0; i < 3; i++)
		cmd_ok(&f.c[i], "tournament join %d", t);
	cmd_ok(&f.dir, "tournament start %d", t);
	n = tgames(&f, t, 1, r, 4);
	for (int i = 0; i < n; i++)
		if (!r[i].bye)
			b = i;
	assert_true(b >= 0);
	assert_int_equal(r[b].game, 0); /* no game before the bids */
	x = who(&f, r[b].p[0]);
	y = who(&f, r[b].p[1]);
	assert_non_null(e2e_take_event(y, "bid in secret for the side you want", 3000));
	cmd_err(x, "bad-args", "tournament bid %d green 3", t);
	cmd_err(x, "bad-args", "tournament bid %d red 1000", t);
	cmd_ok(x, "tournament bid %d red 7", t);
	cmd_err(x, "exists", "tournament bid %d blue 1", t); /* bids are final */
	/* the bidder sees his own bid ... */
	cmd_ok(x, "tournament games %d", t);
	assert_contains(x->reply, "your bid 7 for red");
	/* ... nobody else does: the other bidder, a spectator, the director; text and JSON,
	 * replies and notifications */
	assert_non_null(e2e_take_event(y, "has bid", 3000));
	assert_not_contains(y->events, "red");
	for (int v = 0; v < 2; v++) {
		struct e2e_client *cs[] = {y, spy, &f.dir};
		for (int k = 0; k < 3; k++) {
			cmd_ok(cs[k], views[v], t);
			assert_contains(cs[k]->reply, "has bid");
			assert_not_contains(cs[k]->reply, "red");
			assert_not_contains(cs[k]->reply, "7 for");
		}
		cmd_ok(&f.dj, views[v], t);
		assert_contains(f.dj.reply, "\"bid_made\":true");
		assert_not_contains(f.dj.reply, "\"amount\"");
		assert_not_contains(f.dj.reply, "red");
	}
	/* a login of the player who has not bid is reminded of it (the value still secret) */
	{
		struct e2e_client y2;
		const char *ev;
		assert_int_equal(e2e_connect(&y2, server.port), 0);
		cmd_ok(&y2, "login %s secret-p", r[b].p[1]);
		ev = e2e_take_event(&y2, "bid in secret for the side you want", 3000);
		assert_non_null(ev);
		assert_not_contains(ev, "red");
		e2e_close(&y2);
	}
	/* the second bid: revealed together, the higher bid takes the side, the game starts */
	cmd_ok(y, "tournament bid %d red 5", t);
	assert_non_null(e2e_take_event(x, "with a bid of 7", 3000));
	assert_non_null(e2e_take_event(y, "with a bid of 7", 3000));
	n = tgames(&f, t, 1, r, 4);
	assert_true(r[b].game > 0);
	assert_true(who(&f, r[b].p[0]) == x); /* x plays side 0, red */
	cmd_ok(&f.dj, "tournament games %d 1", t);
	assert_contains(f.dj.reply, "\"bid\":{\"side\":\"red\",\"amount\":7}");
	assert_contains(f.dj.reply, "\"bid\":{\"side\":\"red\",\"amount\":5}");
	/* recorded with the game: a line of its chat */
	cmd_ok(spy, "chat game=%lld", r[b].game);
	assert_contains(spy->reply, "bids:");
	assert_contains(spy->reply, "plays red with a bid of 7");
	resign(&f, &r[b], 1);
}

/* ---- a knockout with a mulligan round ---- */

static void test_knockout_with_a_mulligan_and_a_decider(void **state)
{
	struct tg r[16];
	int n, decider = 0, t;

	(void)state;
	cmd_err(&f.dir, "bad-args", "tournament create K race format=swiss mulligan");
	cmd_ok(&f.dir, "tournament create Cup race format=knockout mulligan");
	t = created(&f.dir);
	for (int i = 0; i < 4; i++)
		cmd_ok(&f.c[i], "tournament join %d", t);
	cmd_ok(&f.dir, "tournament start %d", t);
	/* round 1 (the mulligan round): two matches of two games with sides swapped */
	n = tgames(&f, t, 1, r, 16);
	assert_int_equal(n, 4);
	assert_string_equal(r[0].p[0], r[1].p[1]);
	assert_string_equal(r[0].p[1], r[1].p[0]);
	/* the first match level after two games (each side-0 player resigns): a decider */
	resign(&f, &r[0], 0);
	resign(&f, &r[1], 0);
	resign(&f, &r[2], -1);
	resign(&f, &r[3], -1);
	n = tgames(&f, t, 1, r, 16);
	for (int i = 0; i < n; i++)
		if (r[i].leg == 3 && r[i].result[0] == '\0') {
			decider = 1;
			resign(&f, &r[i], -1);
		}
	assert_true(decider);
	/* round 2: the mulligan's losers play; round 3: the bracket of three (a bye); then the
	 * final */
	for (int round = 2; round <= 4; round++) {
		assert_int_equal(show_int(&f, t, "round"), round);
		n = tgames(&f, t, round, r, 16);
		for (int i = 0; i < n; i++)
			if (!r[i].bye && r[i].result[0] == '\0')
				resign(&f, &r[i], -1);
		if (round == 2)
			assert_int_equal(n, 2); /* one match */
		if (round == 3) {
			int byes = 0;
			for (int i = 0; i < n; i++)
				byes += r[i].bye;
			assert_int_equal(byes, 1);
		}
	}
	assert_string_equal(show_str(&f, t, "state"), "finished");
	cmd_ok(&f.dir, "tournament standings %d crosstable", t);
	fits_80(f.dir.reply);
	assert_contains(f.dir.reply, "final standings after round 4 of 4 (knockout with a "
	                             "mulligan round, 4 players)");
	assert_contains(f.dir.reply, "winner");
	assert_contains(f.dir.reply, "bracket:");
}

/* ---- deadlines, pause, advance ---- */

static void test_round_deadlines_pause_and_advance(void **state)
{
	struct tg r[8];
	int n, t, t2;

	(void)state;
	/* overdue=forfeit: the side the game waits for loses at the deadline */
	cmd_ok(&f.dir, "tournament create Corr race format=rr clock=days:3 deadline=2 "
	               "overdue=forfeit");
	t = created(&f.dir);
	for (int i = 0; i < 4; i++)
		cmd_ok(&f.c[i], "tournament join %d", t);
	cmd_ok(&f.dir, "tournament start %d", t);
	cmd_ok(&f.dj, "tournament show %d", t);
	assert_contains(f.dj.reply, "\"deadline\":");
	n = tgames(&f, t, 1, r, 8);
	assert_int_equal(n, 2);
	resign(&f, &r[0], 0);
	cmd_ok(&f.dir, "debug clock +%lld", 2 * DAY - 60);
	assert_int_equal(show_int(&f, t, "round"), 1);
	cmd_ok(&f.dir, "debug clock +120");
	assert_int_equal(show_int(&f, t, "round"), 2);
	n = tgames(&f, t, 1, r, 8);
	assert_string_equal(r[1].how, "forfeit");
	/* pause: the round's last game ends, but no new round until the director resumes */
	cmd_ok(&f.dir, "tournament pause %d", t);
	cmd_err(&f.dir, "exists", "tournament pause %d on", t);
	n = tgames(&f, t, 2, r, 8);
	for (int i = 0; i < n; i++)
		resign(&f, &r[i], 1);
	assert_int_equal(show_int(&f, t, "round"), 2);
	cmd_ok(&f.dir, "tournament pause %d off", t);
	assert_int_equal(show_int(&f, t, "round"), 3);
	/* advance: the director closes round 3 at once */
	cmd_err(&f.dir, "forbidden", "tournament pair %d", t);
	cmd_ok(&f.dir, "tournament advance %d", t);
	assert_string_equal(show_str(&f, t, "state"), "finished");
	n = tgames(&f, t, 3, r, 8);
	for (int i = 0; i < n; i++)
		assert_string_equal(r[i].how, "forfeit");
	/* overdue=adjudicate: the director is told and must decide */
	cmd_ok(&f.dir, "tournament create Adj race format=rr clock=days:3 deadline=1 "
	               "overdue=adjudicate");
	t2 = created(&f.dir);
	cmd_ok(&f.c[0], "tournament join %d", t2);
	cmd_ok(&f.c[1], "tournament join %d", t2);
	cmd_ok(&f.dir, "tournament start %d", t2);
	n = tgames(&f, t2, 1, r, 8);
	assert_int_equal(n, 1);
	cmd_ok(&f.dir, "debug clock +%lld", DAY + 60);
	assert_non_null(e2e_take_event(&f.dir, "adjudicate <game>", 3000));
	cmd_err(&f.dir, "forbidden", "tournament advance %d", t2);
	assert_contains(e2e_flat(f.dir.reply), "overdue=adjudicate");
	cmd_ok(&f.dir, "tournament adjudicate %lld draw", r[0].game);
	assert_string_equal(show_str(&f, t2, "state"), "finished");
}

/* ---- ratings ---- */

static long long game_of(const char *reply)
{
	const char *p = strstr(reply, "game: ");

	return p ? atoll(p + 6) : 0;
}

/* A number member of the JSON reply to `ratings race` (record.games, ...). */
static long record_games(void)
{
	cJSON *root, *data;
	long n;

	cmd_ok(&f.dj, "ratings race");
	data = jdata(&f.dj, &root);
	n = (long)cJSON_GetObjectItem(cJSON_GetObjectItem(data, "record"), "games")->valuedouble;
	cJSON_Delete(root);
	return n;
}

static void test_rated_games_ratings_finger_and_side_records(void **state)
{
	struct e2e_client *gus = &f.c[6], *hal = &f.c[7], *fay = &f.c[5];
	long long g;
	long before = record_games();

	(void)state;
	/* a rated game: new players (gus and hal have none), the game its own rating period */
	cmd_ok(gus, "new race side=red rated");
	assert_contains(gus->reply, "(rated)");
	g = game_of(gus->reply);
	cmd_ok(hal, "join %lld", g);
	cmd_ok(hal, "resign game=%lld", g);
	assert_non_null(e2e_take_event(gus, "rating 1500 -> 1662?", 3000));
	cmd_ok(&f.dir, "ratings race");
	fits_80(f.dir.reply);
	assert_contains(f.dir.reply, "gus               1662?  290      1");
	assert_contains(f.dir.reply, "hal               1338?  290      1");
	assert_contains(f.dir.reply, "side advantage off");
	assert_int_equal(record_games(), before + 1);
	/* an unrated game changes no rating */
	cmd_ok(gus, "new race side=red");
	g = game_of(gus->reply);
	cmd_ok(hal, "join %lld", g);
	cmd_ok(gus, "resign game=%lld", g);
	cmd_ok(&f.dir, "ratings race");
	assert_contains(f.dir.reply, "gus               1662?  290      1");
	/* a rated challenge */
	cmd_ok(gus, "challenge hal race side=blue rated");
	assert_contains(gus->reply, "race (rated)");
	{
		const char *p = strstr(gus->reply, "  id: ");
		assert_non_null(p);
		cmd_ok(hal, "accept %lld", atoll(p + 6));
	}
	{
		const char *p = strstr(hal->reply, "game: ");
		assert_non_null(p);
		g = atoll(p + 6);
	}
	cmd_ok(hal, "resign game=%lld", g);
	cmd_ok(&f.dir, "ratings race");
	assert_not_contains(f.dir.reply, "gus               1662?  290      1");
	/* finger: each rating; the side record per scenario */
	cmd_ok(fay, "finger gus");
	assert_contains(fay->reply, "ratings (? provisional):");
	assert_contains(fay->reply, "2 rated games");
	assert_contains(fay->reply, "as red 2 played, 1 won; as blue 1 played, 1 won");
	cmd_ok(&f.dj, "finger gus");
	assert_contains(f.dj.reply, "\"rating\":{\"race\":{\"rating\":");
	assert_contains(f.dj.reply, "{\"scenario\":\"race\",\"side\":\"red\",\"played\":2,"
	                            "\"won\":1}");
	cmd_ok(fay, "finger dir");
	assert_contains(fay->reply, "rating: none");
	/* scenarios: the record of every finished game */
	assert_int_equal(record_games(), before + 3);
	cmd_ok(&f.dir, "scenarios");
	assert_contains(e2e_flat(f.dir.reply), "record: ");
	cmd_ok(&f.dj, "scenarios");
	assert_contains(f.dj.reply, "\"record\":{\"games\":");
}

/* ---- help and refusals ---- */

static void test_help_and_refusals(void **state)
{
	static const char *const verbs[] = {
	    "create", "list",    "join", "leave",      "start",    "show",    "standings", "games",
	    "pair",   "advance", "bid",  "adjudicate", "withdraw", "forfeit", "pause"};
	static char listing[E2E_BUF];
	int t;

	(void)state;
	cmd_ok(&f.dir, "help tournament");
	snprintf(listing, sizeof(listing), "%s", f.dir.reply);
	fits_80(listing);
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		char want[64];
		snprintf(want, sizeof(want), "tournament %s", verbs[i]);
		assert_contains(listing, want);
		cmd_ok(&f.dir, "help tournament %s", verbs[i]);
		assert_contains(f.dir.reply, "usage: tournament");
		fits_80(f.dir.reply);
	}
	cmd_err(&f.dir, "unknown-verb", "help tournament dance");
	cmd_ok(&f.dir, "help");
	assert_contains(f.dir.reply, "tournament commands:");
	assert_contains(f.dir.reply, "ratings <scenario>");
	cmd_ok(&f.dir, "help ratings");
	/* refusals say what is wrong and change nothing */
	cmd_err(&f.dir, "bad-args", "tournament create X race");
	assert_contains(f.dir.final, "format=rr|double-rr|swiss|knockout");
	cmd_err(&f.dir, "bad-args", "tournament create X race format=league");
	cmd_err(&f.dir, "no-such-scenario", "tournament create X chess format=rr");
	cmd_err(&f.dir, "bad-args", "tournament create X race format=rr side=red");
	cmd_err(&f.dir, "bad-args", "tournament create X race format=rr deadline=0");
	cmd_err(&f.dir, "bad-option", "tournament create X race format=rr clock=days:0");
	cmd_err(&f.dir, "bad-option", "tournament create X race format=rr colour=green");
	cmd_err(&f.dir, "bad-args", "tournament dance 1");
	cmd_err(&f.dir, "not-found", "tournament show 999");
	cmd_ok(&f.dir, "tournament create Five race format=swiss rounds=4");
	t = created(&f.dir);
	for (int i = 0; i < 5; i++)
		cmd_ok(&f.c[i], "tournament join %d", t);
	cmd_err(&f.dir, "forbidden", "tournament standings %d", t);
	cmd_err(&f.dir, "forbidden", "tournament start %d", t);
	assert_contains(e2e_flat(f.dir.reply), "at most 3 rounds");
	cmd_err(&f.dir, "forbidden", "tournament bid %d red 1", t);
	cmd_ok(&f.dir, "tournament list open");
	assert_contains(f.dir.reply, "Five");
	assert_not_contains(f.dir.reply, "Club Swiss");
	{
		struct e2e_client anon;
		assert_int_equal(e2e_connect(&anon, server.port), 0);
		cmd_err(&anon, "not-logged-in", "tournament join %d", t);
		cmd_ok(&anon, "tournament show %d", t); /* anyone may look */
		e2e_close(&anon);
	}
}

/* ---- a crash in the middle of a pairing (last: it restarts the server) ---- */

static int total_games(void)
{
	cJSON *root, *data;
	int n;

	cmd_ok(&f.dj, "games all");
	data = jdata(&f.dj, &root);
	n = cJSON_GetArraySize(cJSON_GetObjectItem(data, "games"));
	cJSON_Delete(root);
	return n;
}

/* After a restart: the director and the players of the first n seats log in again. */
static void relogin(int n)
{
	e2e_close(&f.dir);
	e2e_close(&f.dj);
	for (int i = 0; i < f.n; i++)
		e2e_close(&f.c[i]);
	assert_int_equal(e2e_login_new(&f.dir, server.port, "dir", "secret-d"), 0);
	assert_int_equal(e2e_login_new(&f.dj, server.port, "dir", "secret-d"), 0);
	cmd_ok(&f.dj, "mode json");
	f.dj.json = 1;
	for (int i = 0; i < n; i++)
		assert_int_equal(e2e_login_new(&f.c[i], server.port, f.names[i], "secret-p"), 0);
}

static void test_sigkill_during_pairing_neither_loses_nor_duplicates(void **state)
{
	struct tg r[8], all[16];
	int n, t, games0;

	(void)state;
	cmd_ok(&f.dir, "tournament create Crash race format=rr");
	t = created(&f.dir);
	for (int i = 0; i < 4; i++)
		cmd_ok(&f.c[i], "tournament join %d", t);
	cmd_ok(&f.dir, "tournament start %d", t);
	n = tgames(&f, t, 1, r, 8);
	assert_int_equal(n, 2);
	games0 = total_games();
	resign(&f, &r[0], 0);
	/* the server dies once the first game of round 2 exists, before anything is committed */
	cmd_ok(&f.dir, "debug crash pairing 1");
	assert_null(e2e_cmd(who(&f, r[1].p[0]), "resign game=%lld", r[1].game));
	assert_true(e2e_log_contains(&server, "killing the server in the middle of a pairing"));
	e2e_server_kill(&server); /* reaps it */
	assert_int_equal(e2e_server_restart(&server), 0);
	relogin(4);
	/* nothing of the killed batch: the resignation, the round, its games */
	assert_int_equal(show_int(&f, t, "round"), 1);
	assert_int_equal(total_games(), games0);
	n = tgames(&f, t, 1, r, 8);
	assert_string_equal(r[0].how, "resign");
	assert_string_equal(r[1].result, "");
	/* the resignation again: round 2 paired once */
	resign(&f, &r[1], 0);
	assert_int_equal(show_int(&f, t, "round"), 2);
	assert_int_equal(tgames(&f, t, 2, r, 8), 2);
	assert_int_equal(total_games(), games0 + 2);
	/* a SIGKILL after the last game of round 2 was answered: round 3 is there once, and the
	 * start-up (which looks at every running tournament) pairs nothing twice */
	resign(&f, &r[0], 0);
	resign(&f, &r[1], 0);
	e2e_server_kill(&server);
	assert_int_equal(e2e_server_restart(&server), 0);
	relogin(0);
	assert_int_equal(show_int(&f, t, "round"), 3);
	assert_int_equal(tgames(&f, t, 3, r, 8), 2);
	assert_int_equal(total_games(), games0 + 4);
	n = tgames(&f, t, 0, all, 16);
	assert_int_equal(n, 6);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			assert_true(all[i].game != all[j].game);
}

/* ---- the side advantage term (last: a restart with rating-side-advantage) ---- */

static void test_side_advantage_in_the_expected_score(void **state)
{
	struct e2e_client x, y;
	cJSON *root, *data, *adv;
	double a;
	long long g;
	const char *ev, *p;
	double after;

	(void)state;
	e2e_server_kill(&server);
	server.args[server.nargs++] = "--rating-side-advantage";
	server.args[server.nargs++] = "yes";
	assert_int_equal(e2e_server_restart(&server), 0);
	relogin(0);
	/* the record so far favours one side: its advantage is in the expected score */
	cmd_ok(&f.dir, "ratings race");
	assert_contains(f.dir.reply, "side advantage on");
	assert_contains(f.dir.reply, "is expected to score as if");
	cmd_ok(&f.dj, "ratings race");
	data = jdata(&f.dj, &root);
	adv = cJSON_GetObjectItem(data, "advantage");
	assert_true(cJSON_IsNumber(adv));
	a = adv->valuedouble;
	cJSON_Delete(root);
	assert_true(a != 0);
	/* two new players; red (side 0) wins: more than 1662 when blue is favoured, less when
	 * red is (1662 without the term) */
	assert_int_equal(e2e_login_new(&x, server.port, "xia", "secret-x"), 0);
	assert_int_equal(e2e_login_new(&y, server.port, "yan", "secret-y"), 0);
	cmd_ok(&x, "new race side=red rated");
	g = game_of(x.reply);
	cmd_ok(&y, "join %lld", g);
	cmd_ok(&y, "resign game=%lld", g);
	ev = e2e_take_event(&x, "rating 1500 -> ", 3000);
	assert_non_null(ev);
	p = strstr(ev, "rating 1500 -> ");
	after = atof(p + 15);
	if (a > 0)
		assert_true(after < 1662);
	else
		assert_true(after > 1662);
	e2e_close(&x);
	e2e_close(&y);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup(test_swiss_of_six_to_final_standings, fresh),
	    cmocka_unit_test_setup(test_round_robin_of_five_with_byes_and_a_withdrawal, fresh),
	    cmocka_unit_test_setup(test_bids_are_secret_until_both_are_in, fresh),
	    cmocka_unit_test_setup(test_knockout_with_a_mulligan_and_a_decider, fresh),
	    cmocka_unit_test_setup(test_round_deadlines_pause_and_advance, fresh),
	    cmocka_unit_test_setup(test_rated_games_ratings_finger_and_side_records, fresh),
	    cmocka_unit_test_setup(test_help_and_refusals, fresh),
	    cmocka_unit_test_setup(test_sigkill_during_pairing_neither_loses_nor_duplicates, fresh),
	    cmocka_unit_test_setup(test_side_advantage_in_the_expected_score, fresh),
	};

	return cmocka_run_group_tests(tests, start, stop);
}
