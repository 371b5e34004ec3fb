/*
 * clock.c -- the games' clocks, timeouts, reminders, vacations and their
 * recovery.  See clock.h for the state and docs/clocks.md for the rules.
 */
#include "clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "conn.h"
#include "fanout.h"
#include "games.h"
#include "host.h"
#include "log.h"
#include "notify.h"
#include "server.h"

int64_t srv_clock_now(struct srv *s)
{
	return s->wall_ms(s);
}

char *srv_clock_format_time(int64_t ms, char *buf, size_t size)
{
	time_t t = (time_t)(ms / 1000);
	struct tm tm;

	if (gmtime_r(&t, &tm) == NULL || strftime(buf, size, "%Y-%m-%d %H:%M UTC", &tm) == 0)
		snprintf(buf, size, "%lld", (long long)(ms / 1000));
	return buf;
}

/* ---- vacation banks ---- */

struct srv_vac *srv_vacation_of(struct srv *s, int64_t user)
{
	struct srv_vac *v = srv_idmap_get(&s->vacations, user);

	if (v != NULL || user <= 0)
		return v;
	if ((v = malloc(sizeof(*v))) == NULL)
		return NULL;
	srv_vac_init(v);
	if (srv_idmap_put(&s->vacations, user, v) != 0) {
		free(v);
		return NULL;
	}
	return v;
}

int srv_vacation_on(struct srv *s, int64_t user)
{
	const struct srv_vac *v = user > 0 ? srv_idmap_get(&s->vacations, user) : NULL;

	return v != NULL && v->on_since > 0;
}

static int vacation_store(struct srv *s, int64_t user, const struct srv_vac *v)
{
	struct db_vacation row = {
	    .user = user, .bank = v->bank, .credited = v->credited, .on_since = v->on_since};

	return db_vacation_put(s->store, &row);
}

/* ---- one game's clock ---- */

/* Side runs: the game is active, pending awaits the side (the match's, or the stored summary
 * of a game not loaded yet: games.h), and its player is not on a vacation this game
 * respects. */
static int side_runs(struct srv *s, const struct srv_game *g, const struct db_game *row, int side)
{
	const struct srv_tc *tc = &g->clock.tc;
	const struct rules_pending *p = srv_game_pending(g);

	if (tc->kind == SRV_TC_NONE || row->status != DB_GAME_ACTIVE || p == NULL)
		return 0;
	if (g->clock.paused_until > 0) /* an agreed pause stops both clocks */
		return 0;
	if (!(p->sides & RULES_AUD_SIDE(side)))
		return 0;
	if (srv_tc_correspondence(tc) && !tc->no_vacation && srv_vacation_on(s, row->seat[side]))
		return 0;
	return 1;
}

/* Charges the running clocks of c up to now. */
static void charge(struct srv_gclock *c, int64_t now)
{
	for (int side = 0; side < 2; side++)
		if (c->running[side])
			c->left[side] -= srv_tc_charge(&c->tc, c->since, now);
	if (now > c->since)
		c->since = now;
}

static void to_row(const struct srv_game *g, struct db_clock *out)
{
	const struct srv_gclock *c = &g->clock;

	memset(out, 0, sizeof(*out));
	out->game = g->rec.id;
	srv_tc_format(&c->tc, out->spec, sizeof(out->spec));
	for (int side = 0; side < 2; side++) {
		out->left[side] = c->left[side];
		out->running[side] = c->running[side];
		out->reminded[side] = c->reminded[side];
	}
	out->since = c->since;
	out->paused_until = c->paused_until;
	out->paused_by = c->paused_until > 0 ? c->paused_by : -1;
}

static int from_row(struct srv_game *g, const struct db_clock *row)
{
	struct srv_gclock c;
	char err[200];

	memset(&c, 0, sizeof(c));
	if (srv_tc_parse(&c.tc, row->spec, err, sizeof(err)) != 0) {
		log_error(0, "game %lld: stored clock '%s' unreadable: %s", (long long)row->game,
		          row->spec, err);
		return -1;
	}
	for (int side = 0; side < 2; side++) {
		c.left[side] = row->left[side];
		c.running[side] = row->running[side];
		c.reminded[side] = row->reminded[side];
	}
	c.since = row->since;
	c.paused_until = row->paused_until;
	c.paused_by = row->paused_by;
	g->clock = c;
	return 0;
}

int srv_clock_create(struct srv *s, struct srv_game *g, const struct srv_tc *tc)
{
	struct db_clock row;

	memset(&g->clock, 0, sizeof(g->clock));
	g->clock.tc = *tc;
	if (tc->kind == SRV_TC_NONE)
		return 0;
	for (int side = 0; side < 2; side++) {
		g->clock.left[side] = srv_tc_initial(tc);
		g->clock.reminded[side] = srv_tc_reminded_for(g->clock.left[side]);
	}
	g->clock.since = srv_clock_now(s);
	to_row(g, &row);
	return db_clock_put(s->store, &row);
}

int srv_clock_step(struct srv *s, struct srv_game *g, const struct db_game *row, int credit,
                   int played, struct db_clock *out)
{
	struct srv_gclock *c = &g->clock;
	int64_t now = srv_clock_now(s);

	if (c->tc.kind == SRV_TC_NONE)
		return 0;
	charge(c, now);
	if (c->paused_until > 0 && played && credit == c->paused_by) {
		/* the side that asked for the pause acts: it is back, the pause is over */
		c->paused_until = 0;
		c->pause_ended = 1;
	}
	if (credit >= 0 && credit < 2) {
		int64_t left = c->left[credit] > 0 ? c->left[credit] : 0;
		c->left[credit] = srv_tc_after_action(&c->tc, left);
		c->reminded[credit] = srv_tc_reminded_for(c->left[credit]);
		c->refused[credit] = 0;
		if (played && srv_tc_correspondence(&c->tc)) {
			struct srv_vac *v = srv_vacation_of(s, row->seat[credit]);
			if (v != NULL && v->on_since == 0) {
				srv_vac_credit(v, now);
				if (vacation_store(s, row->seat[credit], v) != 0)
					log_warn(0, "game %lld: vacation bank not stored: %s",
					         (long long)g->rec.id, db_last_error(s->store));
			}
		}
	}
	for (int side = 0; side < 2; side++)
		c->running[side] = side_runs(s, g, row, side);
	c->since = now;
	to_row(g, out);
	out->game = row->id;
	return 1;
}

int srv_clock_checkpoint(struct srv *s, struct srv_game *g)
{
	struct srv_gclock *c = &g->clock;
	struct db_clock row;
	int rc;

	if (c->tc.kind == SRV_TC_NONE)
		return 0;
	charge(c, srv_clock_now(s));
	for (int side = 0; side < 2; side++)
		c->running[side] = side_runs(s, g, &g->rec, side);
	to_row(g, &row);
	if ((rc = db_clock_put(s->store, &row)) == 0)
		srv_batch_touch(s, g);
	return rc;
}

void srv_clock_reload(struct srv *s, struct srv_game *g)
{
	struct db_clock row;

	memset(&g->clock, 0, sizeof(g->clock));
	if (db_clock_get(s->store, g->rec.id, &row) == 0)
		from_row(g, &row);
}

int64_t srv_clock_left(struct srv *s, const struct srv_game *g, int side)
{
	const struct srv_gclock *c = &g->clock;

	if (!c->running[side])
		return c->left[side];
	return c->left[side] - srv_tc_charge(&c->tc, c->since, srv_clock_now(s));
}

int64_t srv_clock_deadline(struct srv *s, const struct srv_game *g, int side)
{
	const struct srv_gclock *c = &g->clock;

	(void)s;
	if (c->tc.kind == SRV_TC_NONE || !c->running[side])
		return 0;
	return srv_tc_deadline(&c->tc, c->since, c->left[side]);
}

int64_t srv_clock_user_deadline(struct srv *s, const struct srv_game *g, int64_t user)
{
	int64_t best = 0;

	for (int side = 0; side < 2; side++) {
		int64_t d;
		if (g->rec.seat[side] != user || (d = srv_clock_deadline(s, g, side)) == 0)
			continue;
		if (best == 0 || d < best)
			best = d;
	}
	return best;
}

void srv_clock_describe(struct srv *s, const struct srv_game *g, cJSON *data, char *line,
                        size_t size)
{
	const struct srv_gclock *c = &g->clock;
	char spec[SRV_TC_SPEC_MAX];
	cJSON *o, *sides;
	size_t n;

	line[0] = '\0';
	srv_tc_format(&c->tc, spec, sizeof(spec));
	o = cJSON_AddObjectToObject(data, "clock");
	cJSON_AddStringToObject(o, "spec", spec);
	if (c->tc.kind == SRV_TC_NONE)
		return;
	sides = cJSON_AddObjectToObject(o, "sides");
	if (c->paused_until > 0) {
		char when[40];
		cJSON *p = cJSON_AddObjectToObject(o, "paused");
		cJSON_AddNumberToObject(p, "until", (double)(c->paused_until / 1000));
		cJSON_AddStringToObject(p, "by", srv_game_side_name(g, c->paused_by));
		n = (size_t)snprintf(line, size, "clock %s, paused until %s (asked by %s):", spec,
		                     srv_clock_format_time(c->paused_until, when, sizeof(when)),
		                     srv_game_side_name(g, c->paused_by));
	} else {
		cJSON_AddNullToObject(o, "paused");
		n = (size_t)snprintf(line, size, "clock %s:", spec);
	}
	for (int side = 0; side < 2 && n < size; side++) {
		cJSON *d = cJSON_AddObjectToObject(sides, srv_game_side_name(g, side));
		int64_t left = srv_clock_left(s, g, side), dl = srv_clock_deadline(s, g, side);
		char dur[32], when[40];
		int paused = srv_tc_correspondence(&c->tc) && !c->tc.no_vacation &&
		             srv_vacation_on(s, g->rec.seat[side]);

		cJSON_AddNumberToObject(d, "left", (double)(left > 0 ? left / 1000 : 0));
		cJSON_AddBoolToObject(d, "running", c->running[side]);
		cJSON_AddBoolToObject(d, "vacation", paused);
		if (dl > 0)
			cJSON_AddNumberToObject(d, "deadline", (double)(dl / 1000));
		srv_tc_duration(left, dur, sizeof(dur));
		if (dl > 0)
			n += (size_t)snprintf(line + n, size - n, "%s %s %s left, runs out %s",
			                      side ? ";" : "", srv_game_side_name(g, side), dur,
			                      srv_clock_format_time(dl, when, sizeof(when)));
		else
			n += (size_t)snprintf(line + n, size - n, "%s %s %s left%s",
			                      side ? ";" : "", srv_game_side_name(g, side), dur,
			                      paused ? " (on vacation)" : "");
	}
}

/* ---- pauses ---- */

int srv_clock_pause_check(struct srv *s, const struct srv_game *g, struct rules_error *err)
{
	char when[40];

	(void)s;
	if (g->clock.tc.kind == SRV_TC_NONE)
		return rules_fail(err, WG_E_BAD_ARGS, "",
		                  "game %lld has no clock (new ... clock=...): there is nothing to "
		                  "pause",
		                  (long long)g->rec.id);
	if (g->clock.paused_until > 0)
		return rules_fail(err, WG_E_FORBIDDEN, "",
		                  "game %lld is paused already, until %s (asked by %s)",
		                  (long long)g->rec.id,
		                  srv_clock_format_time(g->clock.paused_until, when, sizeof(when)),
		                  srv_game_side_name(g, g->clock.paused_by));
	return 0;
}

void srv_clock_pause(struct srv *s, struct srv_game *g, int side, int64_t hours)
{
	struct srv_gclock *c = &g->clock;
	int64_t now = srv_clock_now(s);

	charge(c, now);
	c->paused_until = now + hours * SRV_TC_HOUR;
	c->paused_by = side;
	c->pause_ended = 0;
}

/* Logs and tells the end of g's pause (text: why it ended). */
static void pause_over(struct srv *s, struct srv_game *g, const char *text)
{
	cJSON *ev = cJSON_CreateObject();

	cJSON_AddStringToObject(ev, "event", "pause-over");
	cJSON_AddStringToObject(ev, "text", text);
	if (srv_game_note(s, g, ev) != 0)
		log_warn(0, "game %lld: the end of the pause was not logged: %s",
		         (long long)g->rec.id, db_last_error(s->store));
	srv_game_deliver(s, g, RULES_AUD_PUBLIC, ev);
	cJSON_Delete(ev);
	log_info(0, "game %lld: %s", (long long)g->rec.id, text);
}

void srv_clock_pause_notice(struct srv *s, struct srv_game *g)
{
	char text[300];
	int side = g->clock.paused_by;

	if (!g->clock.pause_ended)
		return;
	g->clock.pause_ended = 0;
	snprintf(text, sizeof(text),
	         "%s (%s), who asked for the pause, plays again: the pause is over and the "
	         "clocks run again",
	         g->seat_name[side], srv_game_side_name(g, side));
	pause_over(s, g, text);
}

/* The pause of g ran its time: the clocks run again from its end. */
static void pause_ends(struct srv *s, struct srv_game *g)
{
	struct srv_gclock *c = &g->clock;
	struct db_clock row;
	char text[300], when[40];

	charge(c, c->paused_until); /* nothing runs: only `since` moves to the end */
	snprintf(text, sizeof(text), "the pause is over (%s): the clocks run again",
	         srv_clock_format_time(c->paused_until, when, sizeof(when)));
	c->paused_until = 0;
	for (int side = 0; side < 2; side++)
		c->running[side] = side_runs(s, g, &g->rec, side);
	to_row(g, &row);
	if (db_clock_put(s->store, &row) == 0)
		srv_batch_touch(s, g);
	else
		log_error(0, "game %lld: clock not stored: %s", (long long)g->rec.id,
		          db_last_error(s->store));
	pause_over(s, g, text);
}

/* ---- moretime ---- */

int srv_clock_moretime(struct srv *s, struct srv_game *g, int giver, int64_t ms,
                       struct rules_error *err)
{
	struct srv_gclock saved = g->clock, *c = &g->clock;
	int other = 1 - giver;
	char text[300], dur[32], left[32];
	struct db_clock row;
	cJSON *ev;
	int rc;

	if (c->tc.kind == SRV_TC_NONE)
		return rules_fail(err, WG_E_BAD_ARGS, "",
		                  "game %lld has no clock (new ... clock=...)",
		                  (long long)g->rec.id);
	charge(c, srv_clock_now(s));
	c->left[other] += ms;
	c->reminded[other] = srv_tc_reminded_for(c->left[other]);
	c->refused[other] = 0;
	to_row(g, &row);
	ev = cJSON_CreateObject();
	cJSON_AddStringToObject(ev, "event", "moretime");
	cJSON_AddStringToObject(ev, "side", srv_game_side_name(g, other));
	cJSON_AddNumberToObject(ev, "seconds", (double)(ms / 1000));
	cJSON_AddNumberToObject(ev, "left", (double)(c->left[other] / 1000));
	snprintf(text, sizeof(text), "%s (%s) gives %s (%s) %s more: %s left", g->seat_name[giver],
	         srv_game_side_name(g, giver), g->seat_name[other], srv_game_side_name(g, other),
	         srv_tc_duration(ms, dur, sizeof(dur)),
	         srv_tc_duration(c->left[other], left, sizeof(left)));
	cJSON_AddStringToObject(ev, "text", text);
	/* an event of no action: the log shows it, replay skips it */
	rc = db_clock_put(s->store, &row);
	if (rc == 0)
		rc = srv_game_note(s, g, ev);
	if (rc != 0) {
		g->clock = saved;
		cJSON_Delete(ev);
		return rules_fail(err, rc == WG_E_NO_MEMORY ? rc : WG_E_STORAGE, "",
		                  "the extra time could not be stored: %s",
		                  db_last_error(s->store));
	}
	srv_game_deliver(s, g, RULES_AUD_PUBLIC, ev);
	cJSON_Delete(ev);
	log_info(0, "game %lld: %s", (long long)g->rec.id, text);
	return 0;
}

/* ---- vacations ---- */

int srv_vacation_set(struct srv *s, int64_t user, const char *name, int on, struct rules_error *err)
{
	struct srv_vac *v = srv_vacation_of(s, user), saved;
	int64_t now = srv_clock_now(s);
	const int64_t *ids;
	size_t n;
	int rc;

	if (v == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	saved = *v; /* a refusal changes nothing; the checkpoints below charge each clock with
	             * the running state it had before the change */
	if (on) {
		char dur[32];
		if (v->on_since > 0)
			return rules_fail(err, WG_E_BAD_ARGS, "",
			                  "you are on vacation already (%s left)",
			                  srv_tc_duration(srv_vac_left(v, now), dur, sizeof(dur)));
		if (srv_vac_start(v, now) != 0)
			return rules_fail(
			    err, WG_E_FORBIDDEN, "",
			    "your vacation bank is empty; it grows by one day for every %d "
			    "days of correspondence play",
			    SRV_VAC_RATE);
	} else {
		if (v->on_since == 0)
			return rules_fail(err, WG_E_BAD_ARGS, "", "you are not on vacation");
		srv_vac_stop(v, now);
	}
	if ((rc = vacation_store(s, user, v)) != 0) {
		*v = saved;
		return rules_fail(err, WG_E_STORAGE, "", "the vacation could not be stored: %s",
		                  db_last_error(s->store));
	}
	ids = srv_user_games(s, user, &n);
	for (size_t k = 0; k < n; k++) {
		struct srv_game *g = srv_game_get(s, ids[k]);
		char text[200];
		if (g == NULL || g->rec.status != DB_GAME_ACTIVE ||
		    !srv_tc_correspondence(&g->clock.tc))
			continue;
		if (g->clock.tc.no_vacation) {
			if (on)
				log_info(0, "game %lld: no vacations: %s's clock goes on",
				         (long long)g->rec.id, name);
			continue;
		}
		if (srv_clock_checkpoint(s, g) != 0)
			log_error(0, "game %lld: clock not stored: %s", (long long)g->rec.id,
			          db_last_error(s->store));
		snprintf(text, sizeof(text),
		         on ? "%s is on vacation: %s's clock is stopped in this game"
		            : "%s is back from vacation: %s's clock runs again when awaited",
		         name, name);
		srv_game_notice(s, g, "vacation", text);
	}
	log_info(0, "%s: vacation %s", name, on ? "on" : "off");
	return 0;
}

/* ---- recovery ---- */

struct recover_ctx {
	struct srv *s;
	int64_t alive, now;
	int n;
};

static int recover_clock(void *arg, const struct db_clock *row)
{
	struct recover_ctx *r = arg;
	struct srv_game *g = srv_game_get(r->s, row->game);
	struct db_clock out;

	if (g == NULL || from_row(g, row) != 0)
		return 0;
	r->n++;
	if (g->rec.status != DB_GAME_ACTIVE)
		return 0;
	/* charged up to the last sign of life; the time the server was down is not */
	charge(&g->clock, r->alive > g->clock.since ? r->alive : g->clock.since);
	g->clock.since = r->now;
	for (int side = 0; side < 2; side++)
		g->clock.running[side] = side_runs(r->s, g, &g->rec, side);
	to_row(g, &out);
	if (db_clock_put(r->s->store, &out) != 0)
		log_error(0, "game %lld: clock not stored: %s", (long long)g->rec.id,
		          db_last_error(r->s->store));
	return 0;
}

static int recover_vacation(void *arg, const struct db_vacation *row)
{
	struct srv *s = arg;
	struct srv_vac *v = srv_vacation_of(s, row->user);

	if (v != NULL) {
		v->bank = row->bank;
		v->credited = row->credited;
		v->on_since = row->on_since;
	}
	return 0;
}

void srv_clocks_recover(struct srv *s)
{
	struct recover_ctx r = {.s = s, .now = srv_clock_now(s)};
	char when[40];

	if (db_vacation_each(s->store, recover_vacation, s) != 0)
		log_error(0, "cannot read the vacation banks: %s", db_last_error(s->store));
	if (db_meta_get(s->store, "alive", &r.alive) != 0)
		r.alive = 0;
	if (db_clock_each(s->store, recover_clock, &r) != 0)
		log_error(0, "cannot read the clocks: %s", db_last_error(s->store));
	if (r.alive > 0 && r.now > r.alive)
		log_info(0,
		         "clocks: %d resumed; the server was last alive at %s, %lld s ago: not "
		         "charged",
		         r.n, srv_clock_format_time(r.alive, when, sizeof(when)),
		         (long long)((r.now - r.alive) / 1000));
	else
		log_info(0, "clocks: %d resumed", r.n);
	s->alive_written = r.now;
	if (db_meta_put(s->store, "alive", r.now) != 0)
		log_error(0, "cannot record the server's start: %s", db_last_error(s->store));
}

static void free_vac(void *ctx, int64_t id, void *value)
{
	(void)ctx;
	(void)id;
	free(value);
}

void srv_clocks_release(struct srv *s)
{
	srv_idmap_each(&s->vacations, free_vac, NULL);
	srv_idmap_release(&s->vacations);
}

/* ---- timeouts and reminders ---- */

static void time_out(struct srv *s, struct srv_game *g, int side)
{
	struct rules_host_action a = {
	    .kind = RULES_HOST_TIMEOUT, .side = side, .winner = -1, .note = g->seat_name[side]};
	struct rules_error err;
	struct srv_outcome out;

	srv_outcome_init(&out);
	memset(&err, 0, sizeof(err));
	if (srv_host_action(s, g, &srv_system_actor, &a, &out, &err) != 0) {
		/* the engine refuses a loss on time here: it is not asked again until the side
		 * acts or gets more time */
		log_warn(0, "game %lld: timeout of %s refused: %s", (long long)g->rec.id,
		         srv_game_side_name(g, side), err.message);
		g->clock.refused[side] = 1;
		srv_outcome_release(&out);
		return;
	}
	srv_host_publish(s, g, &out);
}

static void remind(struct srv *s, struct srv_game *g, int side, int which, int64_t left)
{
	int64_t dl = srv_clock_deadline(s, g, side);
	char text[300], dur[32], when[40];
	cJSON *ev = cJSON_CreateObject();

	snprintf(text, sizeof(text), "in %s: %s (%s) has %s left, runs out %s",
	         srv_tc_reminder_names[which], srv_game_side_name(g, side), g->seat_name[side],
	         srv_tc_duration(left, dur, sizeof(dur)),
	         srv_clock_format_time(dl, when, sizeof(when)));
	cJSON_AddStringToObject(ev, "event", "deadline");
	cJSON_AddStringToObject(ev, "in", srv_tc_reminder_names[which]);
	cJSON_AddStringToObject(ev, "side", srv_game_side_name(g, side));
	cJSON_AddNumberToObject(ev, "left", (double)(left / 1000));
	cJSON_AddNumberToObject(ev, "deadline", (double)(dl / 1000));
	cJSON_AddStringToObject(ev, "text", text);
	{
		static const enum srv_note_type types[SRV_TC_NREMIND] = {
		    SRV_NOTE_DEADLINE_24H, SRV_NOTE_DEADLINE_8H, SRV_NOTE_DEADLINE_1H};
		struct srv_note note;
		srv_note_game(s, g, side, types[which], &note);
		srv_notify(s, g->rec.seat[side], g->rec.id, ev, &note);
	}
	cJSON_Delete(ev);
}

void srv_clock_check_game(struct srv *s, struct srv_game *g)
{
	struct srv_gclock *c = &g->clock;

	/* a game not loaded yet runs on its stored summary; a timeout loads it (host.c) */
	if (c->tc.kind == SRV_TC_NONE || g->rec.status != DB_GAME_ACTIVE ||
	    srv_game_pending(g) == NULL)
		return;
	if (c->paused_until > 0 && srv_clock_now(s) >= c->paused_until)
		pause_ends(s, g);
	for (int side = 0; side < 2 && g->rec.status == DB_GAME_ACTIVE; side++) {
		int64_t left;
		unsigned mask = 0;
		int which;
		if (!c->running[side])
			continue;
		left = srv_clock_left(s, g, side);
		if (left <= 0) {
			if (!c->refused[side])
				time_out(s, g, side);
			continue;
		}
		if ((which = srv_tc_reminder_due(left, c->reminded[side], &mask)) < 0)
			continue;
		c->reminded[side] = mask;
		remind(s, g, side, which, left);
		{
			struct db_clock row;
			to_row(g, &row);
			if (db_clock_put(s->store, &row) == 0) /* not sent again after a restart */
				srv_batch_touch(s, g);
		}
	}
}

static void end_vacations(struct srv *s, int64_t now)
{
	int64_t due[16];
	size_t n = 0;

	for (size_t i = 0; i < s->vacations.cap && n < 16; i++) {
		const struct srv_vac *v = s->vacations.values[i];
		if (s->vacations.keys[i] > 0 && v != NULL && v->on_since > 0 &&
		    srv_vac_ends(v) <= now)
			due[n++] = s->vacations.keys[i];
	}
	for (size_t i = 0; i < n; i++) {
		struct rules_error err;
		struct db_user u;
		const char *name = db_user_by_id(s->store, due[i], &u) == 0 ? u.name : "?";
		struct srv_user *online = srv_user_get(s, due[i]);

		if (srv_vacation_set(s, due[i], name, 0, &err) != 0) {
			log_error(0, "%s: vacation could not be ended: %s", name, err.message);
			continue;
		}
		for (size_t k = 0; online != NULL && k < online->nconns; k++)
			srv_conn_notice(online->conns[k], 0, "vacation",
			                "your vacation bank is empty: your vacation is over and "
			                "your clocks run again");
	}
}

void srv_clocks_tick(struct srv *s)
{
	int64_t now = srv_clock_now(s);

	end_vacations(s, now);
	for (int64_t id = 1; id <= s->maxgame; id++) {
		struct srv_game *g = srv_game_get(s, id);
		if (g != NULL)
			srv_clock_check_game(s, g);
	}
	if (now - s->alive_written >= SRV_CLOCK_ALIVE_MS) {
		if (db_meta_put(s->store, "alive", now) == 0)
			s->alive_written = now;
	}
}
