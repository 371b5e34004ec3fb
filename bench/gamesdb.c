/*
 * gamesdb.c -- wg-gamesdb: builds a database of many unfinished games, for the
 * recovery benchmark (issue 14; bench/README.md, docs/performance.md "Recovery at
 * scale").
 *
 *   wg-gamesdb [-n GAMES] [--actions N] [--users N] [--seed N] [--templates K]
 *              [--clock SPEC] [--data-dir DIR] [--batch N] [--snapshot-every N] DB
 *   wg-gamesdb probe -p PORT -n GAMES [--samples K] [--all] -- WARGAMED ARGS...
 *                                                 (gamesdb_probe.c: the measurements)
 *
 * Every game is Battle of the Scheldt played by the real engine (rules/), the way
 * the server hosts it: a game row created open with its creator seated, the
 * start as action 1 when the second player joins, then about --actions player
 * actions (a count drawn between 90 % and 110 % of it), each picked uniformly
 * among the legal actions `options` lists for the side the game awaits, with the
 * dice drawn from the game's own seeded stream (nothing forced).  Each accepted
 * action is written through the store API the server uses (db_step_stage): the
 * action with its dice, its events with their audiences, the game row, a
 * snapshot every --snapshot-every actions (the server's default, 50), the
 * summary of who must act (server/games.c), the clock (--clock, "days:3" by
 * default; "none": no clock) -- so the database is one
 * the daemon wrote, and the daemon replays it exactly.  A game that the rules end
 * before its count is cut at the action before the end (its last action is not
 * written): every game stays unfinished.
 *
 * Speed: one transaction per --batch games (100).  Playing from `options` costs
 * far more than writing (legal.c tries every candidate on a copy), so with
 * --templates K (K < GAMES) only K games are played and game i is a copy of game
 * i mod K: the same seed, actions, dice and events (a seed shared by several
 * games, which the server never does, but each replays exactly as its own).
 * The default is K = 100 (100 games took 17.9 s of play at a load average of 7-12 on
 * the 2-core machine, so --templates GAMES plays 10,000 games in about half an hour).
 *
 * The users are gdb1 .. gdbU (--users, default GAMES / 5: each sits in about ten
 * games), all with the password "benchpass" (one argon2id hash, shared).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "db/store.h"
#include "protocol/buf.h"
#include "protocol/tokenize.h"
#include "rules/core/catalog.h"
#include "rules/core/match.h"
#include "rules/shipped.h"
#include "server/games.h"
#include "server/log.h"
#include "server/server.h"
#include "server/timectl.h"

#include "gamesdb.h"
#include "options_pick.h"

#define GDB_PASSWORD  "benchpass"
#define GDB_TEMPLATES 100 /* games played by default; the others are copies */

struct opts {
	long games, actions, users, templates, batch, snapshot_every;
	unsigned long long seed;
	const char *clock, *data_dir, *db;
};

/* One written step of a played game, kept to write the copies of a template. */
struct step {
	int host, side;
	char *line, *dice, *snapshot;
	size_t nevents;
	unsigned *audience;
	char **events;
	char *pending; /* the summary of who must act after it (games.c), or NULL */
};

struct tmpl {
	uint8_t seed[32];
	struct step *steps;
	size_t n, cap;
	int cut;        /* the rules ended the game at the next action */
	unsigned sides; /* the sides awaited after the last step */
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: wg-gamesdb [-n GAMES] [--actions N] [--users N] [--seed N] "
	           "[--templates K]\n"
	           "                  [--clock SPEC] [--data-dir DIR] [--batch N] "
	           "[--snapshot-every N] DB\n"
	           "  builds DB (a new file) with GAMES (10000) unfinished Battle of the Scheldt "
	           "games\n"
	           "  of about N (200) actions each, played by the engine from `options`\n");
}

static int parse_args(int argc, char **argv, struct opts *o)
{
	memset(o, 0, sizeof(*o));
	o->games = 10000;
	o->actions = 200;
	o->users = -1;
	o->templates = -1;
	o->batch = 100;
	o->snapshot_every = 50;
	o->seed = 1;
	o->clock = "days:3";
	o->data_dir = WG_SOURCE_DIR "/data";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		long *num = NULL;
		if (strcmp(a, "--help") == 0) {
			usage(stdout);
			exit(0);
		}
		if (a[0] != '-') {
			if (o->db != NULL)
				return -1;
			o->db = a;
			continue;
		}
		if (v == NULL)
			return -1;
		if (strcmp(a, "-n") == 0 || strcmp(a, "--games") == 0)
			num = &o->games;
		else if (strcmp(a, "--actions") == 0)
			num = &o->actions;
		else if (strcmp(a, "--users") == 0)
			num = &o->users;
		else if (strcmp(a, "--templates") == 0)
			num = &o->templates;
		else if (strcmp(a, "--batch") == 0)
			num = &o->batch;
		else if (strcmp(a, "--snapshot-every") == 0)
			num = &o->snapshot_every;
		else if (strcmp(a, "--seed") == 0)
			o->seed = strtoull(v, NULL, 10);
		else if (strcmp(a, "--clock") == 0)
			o->clock = v;
		else if (strcmp(a, "--data-dir") == 0)
			o->data_dir = v;
		else
			return -1;
		if (num != NULL) {
			char *end;
			*num = strtol(v, &end, 10);
			if (*end != '\0' || *num < 1)
				return -1;
		}
		i++;
	}
	if (o->db == NULL)
		return -1;
	if (o->users < 0)
		o->users = o->games / 5 > 2 ? o->games / 5 : 2;
	if (o->users < 2)
		return -1;
	if (o->templates < 0)
		o->templates = GDB_TEMPLATES;
	if (o->templates > o->games)
		o->templates = o->games;
	return 0;
}

/* ---- playing ---- */

static void step_release(struct step *st)
{
	free(st->line);
	free(st->dice);
	free(st->snapshot);
	free(st->pending);
	for (size_t i = 0; i < st->nevents; i++)
		free(st->events[i]);
	free(st->events);
	free(st->audience);
	memset(st, 0, sizeof(*st));
}

static void tmpl_release(struct tmpl *t)
{
	for (size_t i = 0; i < t->n; i++)
		step_release(&t->steps[i]);
	free(t->steps);
	memset(t, 0, sizeof(*t));
}

/* Records the accepted action (line) of m with its events ev as the next step of t. */
static int record(struct tmpl *t, const struct rules_match *m, int host, int side, const char *line,
                  const struct rules_events *ev, long snapshot_every)
{
	struct step *st;

	if (t->n == t->cap) {
		size_t ncap = t->cap ? 2 * t->cap : 256;
		struct step *n = realloc(t->steps, ncap * sizeof(*n));
		if (n == NULL)
			return -1;
		t->steps = n;
		t->cap = ncap;
	}
	st = &t->steps[t->n];
	memset(st, 0, sizeof(*st));
	st->host = host;
	st->side = side;
	st->line = strdup(line);
	st->dice = rules_rolls_to_json(m->dice.log, m->dice.nlog);
	t->sides = m->pending.sides;
	st->pending = srv_pending_encode(&m->pending);
	st->nevents = ev->count;
	st->events = calloc(ev->count ? ev->count : 1, sizeof(*st->events));
	st->audience = calloc(ev->count ? ev->count : 1, sizeof(*st->audience));
	if (st->line == NULL || st->dice == NULL || st->pending == NULL || st->events == NULL ||
	    st->audience == NULL)
		return -1;
	for (size_t i = 0; i < ev->count; i++) {
		st->audience[i] = ev->items[i].audience;
		if ((st->events[i] = cJSON_PrintUnformatted(ev->items[i].data)) == NULL)
			return -1;
	}
	if (m->version % (uint64_t)snapshot_every == 0 &&
	    (st->snapshot = rules_match_snapshot(m)) == NULL)
		return -1;
	t->n++;
	return 0;
}

/*
 * Plays one game of entry e from seed into t: the start, then `want` player actions
 * (fewer when the rules would end the game, or when nothing is legal).  0 or -1.
 */
static int play(const struct rules_catalog_entry *e, const uint8_t seed[32], long want,
                uint64_t rng, long snapshot_every, struct tmpl *t)
{
	struct rules_options none;
	struct rules_match m;
	struct rules_events ev;
	struct rules_error err;
	int rc = 0;

	memset(&none, 0, sizeof(none));
	memset(&err, 0, sizeof(err));
	memcpy(t->seed, seed, 32);
	if (rules_match_create(&m, e->rs, e->sc, &none, seed, &err) != 0) {
		fprintf(stderr, "wg-gamesdb: cannot create the game: %s\n", err.message);
		return -1;
	}
	rules_events_init(&ev);
	if (rules_match_start(&m, &ev, &err) != 0 ||
	    record(t, &m, RULES_HOST_START, RULES_SYSTEM, "start", &ev, snapshot_every) != 0) {
		fprintf(stderr, "wg-gamesdb: cannot start the game: %s\n", err.message);
		rules_events_release(&ev);
		rules_match_release(&m);
		return -1;
	}
	rules_events_release(&ev);
	for (long k = 0; k < want && rc == 0; k++) {
		unsigned sides = m.pending.sides;
		int side = (sides & RULES_AUD_SIDE(0)) && (sides & RULES_AUD_SIDE(1))
		               ? (int)(opick_next(&rng) & 1)
		           : (sides & RULES_AUD_SIDE(0)) ? 0
		                                         : 1;
		char *qargv[1] = {"options"}, line[512], copy[512], *argv[PROTO_MAX_ARGS];
		struct rules_outcome o;
		cJSON *opts, *reply;
		int count, argc, tries;

		if (sides == 0)
			break;
		opts = cJSON_CreateObject();
		if (rules_match_query(&m, NULL, &RULES_VIEWER(side), 1, qargv, opts, &err) != 0 ||
		    (count = cJSON_GetObjectItemCaseSensitive(opts, "count") != NULL
		                 ? cJSON_GetObjectItemCaseSensitive(opts, "count")->valueint
		                 : 0) <= 0) {
			cJSON_Delete(opts);
			break; /* nothing legal to list: the game stops here */
		}
		for (tries = 0; tries < 8; tries++) {
			if (opick_action_at(opts, (int)(opick_next(&rng) % (uint64_t)count), line,
			                    sizeof(line)) != 0)
				continue;
			snprintf(copy, sizeof(copy), "%s", line);
			if (proto_tokenize(copy, argv, PROTO_MAX_ARGS, &argc) != 0 || argc < 1)
				continue;
			reply = cJSON_CreateObject();
			rules_events_init(&ev);
			rc = rules_match_apply(&m, NULL, side, argc, argv, reply, &ev, &err);
			cJSON_Delete(reply);
			if (rc == 0)
				break;
			rules_events_release(&ev);
		}
		cJSON_Delete(opts);
		if (rc != 0) {
			fprintf(stderr, "wg-gamesdb: no listed action was accepted (%s): %s\n",
			        line, err.message);
			break;
		}
		rules_match_outcome(&m, &o);
		if (o.over) { /* every game stays unfinished: this action is not written */
			rules_events_release(&ev);
			t->cut = 1;
			break;
		}
		/* the stored line is the tokens joined again, as the server stores it */
		{
			struct proto_buf joined = PROTO_BUF_INIT;
			rc = proto_join(&joined, argc, argv) != 0 ||
			             record(t, &m, RULES_HOST_NONE, side, joined.data, &ev,
			                    snapshot_every) != 0
			         ? -1
			         : 0;
			proto_buf_release(&joined);
		}
		rules_events_release(&ev);
	}
	rules_match_release(&m);
	return rc;
}

/* ---- writing ---- */

struct writer {
	struct db_store *st;
	const struct rules_catalog_entry *e;
	struct srv_tc tc;
	char spec[SRV_TC_SPEC_MAX];
	int64_t now; /* s */
	long actions, events, snapshots, cut;
};

/* Writes game i (seats a and b) as t gives it: the open row, the start, the actions. */
static int write_game(struct writer *w, const struct tmpl *t, int64_t a, int64_t b)
{
	unsigned char digest[crypto_hash_sha256_BYTES];
	struct db_game row;
	struct db_clock clock;
	int64_t last = 0, now_ms = w->now * 1000;
	int rc;

	memset(&row, 0, sizeof(row));
	snprintf(row.scenario, sizeof(row.scenario), "%s", w->e->info.id);
	snprintf(row.engine, sizeof(row.engine), "%s", w->e->rs->version);
	snprintf(row.digest, sizeof(row.digest), "%s", w->e->digest);
	memcpy(row.seed, t->seed, sizeof(row.seed));
	crypto_hash_sha256(digest, row.seed, sizeof(row.seed));
	sodium_bin2hex(row.commitment, sizeof(row.commitment), digest, sizeof(digest));
	row.status = DB_GAME_OPEN;
	row.creator = a;
	row.seat[0] = a;
	row.winner = -1;
	row.created = row.updated = w->now;
	if ((rc = db_game_create(w->st, &row)) != 0)
		return rc;
	memset(&clock, 0, sizeof(clock));
	clock.game = row.id;
	snprintf(clock.spec, sizeof(clock.spec), "%s", w->spec);
	clock.paused_by = -1;
	for (int s = 0; s < 2; s++) {
		clock.left[s] = srv_tc_initial(&w->tc);
		clock.reminded[s] = srv_tc_reminded_for(clock.left[s]);
	}
	clock.since = now_ms;
	for (int s = 0; s < 2; s++) /* the clock as the last step leaves it */
		clock.running[s] = (t->sides & RULES_AUD_SIDE(s)) != 0;
	row.seat[1] = b;
	row.status = DB_GAME_ACTIVE;
	for (size_t k = 0; k < t->n; k++) {
		const struct step *s = &t->steps[k];
		struct db_event ev[64],
		    *evs = s->nevents <= 64 ? ev : calloc(s->nevents, sizeof(*evs));
		struct db_action act;
		struct db_step step;

		if (evs == NULL)
			return WG_E_NO_MEMORY;
		memset(&act, 0, sizeof(act));
		act.game = row.id;
		act.seq = (int64_t)k + 1;
		act.side = s->side;
		act.user = s->host == RULES_HOST_NONE ? (s->side == 0 ? a : b) : 0;
		act.host = s->host;
		act.line = s->line;
		act.dice = s->dice;
		act.at = w->now;
		for (size_t i = 0; i < s->nevents; i++) {
			memset(&evs[i], 0, sizeof(evs[i]));
			evs[i].audience = s->audience[i];
			evs[i].json = s->events[i];
			evs[i].at = w->now;
		}
		row.version = act.seq;
		row.updated = w->now;
		memset(&step, 0, sizeof(step));
		step.action = &act;
		step.events = evs;
		step.nevents = s->nevents;
		step.first_event = last + 1;
		step.row = &row;
		step.progress_only = k > 0; /* the start seats the second player */
		step.snapshot = s->snapshot;
		step.pending = s->pending;
		if (w->tc.kind != SRV_TC_NONE && k + 1 == t->n)
			step.clock = &clock;
		rc = db_step_stage(w->st, &step, &last);
		if (evs != ev)
			free(evs);
		if (rc != 0)
			return rc;
		w->actions++;
		w->events += (long)s->nevents;
		w->snapshots += s->snapshot != NULL;
	}
	w->cut += t->cut;
	return 0;
}

int main(int argc, char **argv)
{
	struct opts o;
	struct rules_catalog cat;
	const struct rules_catalog_entry *e;
	struct writer w;
	struct tmpl *tmpls;
	char hash[crypto_pwhash_STRBYTES], err[200];
	double t0, t_play = 0, t_write = 0;
	FILE *f;
	int rc;

	if (argc >= 2 && strcmp(argv[1], "probe") == 0)
		return gdb_probe_main(argc - 1, argv + 1);
	if (parse_args(argc, argv, &o) != 0) {
		usage(stderr);
		return 2;
	}
	if (sodium_init() < 0)
		return 1;
	srv_log_set_level(SRV_LOG_ERROR);
	if ((f = fopen(o.db, "r")) != NULL) {
		fclose(f);
		fprintf(stderr, "wg-gamesdb: %s exists; give a new file\n", o.db);
		return 1;
	}
	memset(&w, 0, sizeof(w));
	if (srv_tc_parse(&w.tc, strcmp(o.clock, "none") == 0 ? "" : o.clock, err, sizeof(err)) !=
	    0) {
		fprintf(stderr, "wg-gamesdb: --clock %s: %s\n", o.clock, err);
		return 2;
	}
	srv_tc_format(&w.tc, w.spec, sizeof(w.spec));
	rules_catalog_init(&cat, rules_shipped);
	srv_catalog_load_dir(&cat, o.data_dir);
	if ((e = rules_catalog_find(&cat, "scheldt")) == NULL) {
		fprintf(stderr, "wg-gamesdb: scenario scheldt is not in %s\n", o.data_dir);
		return 1;
	}
	if (db_open(o.db, &w.st) != 0) {
		fprintf(stderr, "wg-gamesdb: %s: %s\n", o.db, db_last_error(NULL));
		return 1;
	}
	w.e = e;
	w.now = (int64_t)time(NULL);
	t0 = now_s();
	/* one argon2id hash for every user: the password "benchpass" */
	if (crypto_pwhash_str(hash, GDB_PASSWORD, strlen(GDB_PASSWORD),
	                      crypto_pwhash_OPSLIMIT_INTERACTIVE,
	                      crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0) {
		fprintf(stderr, "wg-gamesdb: out of memory hashing the password\n");
		return 1;
	}
	rc = db_begin(w.st);
	if (rc == 0)
		rc = db_scenario_put(w.st, e->digest, e->info.id, e->text, w.now);
	for (long u = 1; rc == 0 && u <= o.users; u++) {
		char name[DB_NAME_MAX + 1];
		snprintf(name, sizeof(name), "gdb%ld", u);
		rc = db_user_create(w.st, name, hash, w.now, NULL);
	}
	if (rc == 0)
		rc = db_commit(w.st);
	if (rc != 0) {
		fprintf(stderr, "wg-gamesdb: cannot write the users: %s\n", db_last_error(w.st));
		return 1;
	}
	tmpls = calloc((size_t)o.templates, sizeof(*tmpls));
	if (tmpls == NULL)
		return 1;
	for (long i = 0; i < o.games && rc == 0; i++) {
		long k = i % o.templates;
		/* users 1..U (the user ids of a new database): seat 0 and seat 1 of game i */
		int64_t a = (2 * i) % o.users + 1, b = (2 * i + 1) % o.users + 1;
		double t1;
		if (tmpls[k].n == 0) {
			uint8_t seed[32];
			unsigned long long mix[2] = {o.seed, (unsigned long long)k};
			uint64_t rng;
			long want;
			crypto_generichash(seed, sizeof(seed), (const unsigned char *)mix,
			                   sizeof(mix), NULL, 0);
			memcpy(&rng, seed, sizeof(rng));
			rng |= 1;
			want = o.actions * 9 / 10 +
			       (long)(opick_next(&rng) % (uint64_t)(o.actions / 5 + 1));
			t1 = now_s();
			if (play(e, seed, want, rng, o.snapshot_every, &tmpls[k]) != 0) {
				rc = -1;
				break;
			}
			t_play += now_s() - t1;
		}
		t1 = now_s();
		if (i % o.batch == 0 && (rc = db_begin(w.st)) != 0)
			break;
		if (a == b)
			b = b % o.users + 1;
		rc = write_game(&w, &tmpls[k], a, b);
		if (rc == 0 && ((i + 1) % o.batch == 0 || i + 1 == o.games))
			rc = db_commit(w.st);
		t_write += now_s() - t1;
		if (o.templates == o.games) /* played once, written once: not kept */
			tmpl_release(&tmpls[k]);
		if ((i + 1) % 1000 == 0)
			fprintf(stderr, "wg-gamesdb: %ld games (%.1f s)\n", i + 1, now_s() - t0);
	}
	if (rc != 0)
		fprintf(stderr, "wg-gamesdb: writing failed: %s\n", db_last_error(w.st));
	for (long k = 0; k < o.templates; k++)
		tmpl_release(&tmpls[k]);
	free(tmpls);
	db_close(w.st);
	rules_catalog_release(&cat);
	if (rc != 0)
		return 1;
	printf("wg-gamesdb: %s: %ld games (%ld played), %ld users, %ld actions (%.1f a game), "
	       "%ld events, %ld snapshots, %ld cut before the rules ended them; "
	       "%.1f s (playing %.1f s, writing %.1f s)\n",
	       o.db, o.games, o.templates, o.users, w.actions, (double)w.actions / (double)o.games,
	       w.events, w.snapshots, w.cut, now_s() - t0, t_play, t_write);
	return 0;
}
