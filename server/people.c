/*
 * people.c -- presence, tells, blocks and last seen.  See people.h.
 */
#include "people.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "conn.h"
#include "fanout.h"
#include "games.h"
#include "log.h"
#include "notify.h"
#include "server.h"

const char *srv_people_doing(struct srv *s, const struct srv_user *u, int64_t *game)
{
	const struct srv_conn *best = NULL;

	*game = 0;
	for (size_t i = 0; i < u->nconns; i++) {
		const struct srv_conn *c = u->conns[i];
		if (c->current_game != 0 && (best == NULL || c->last_active > best->last_active))
			best = c;
	}
	if (best != NULL) {
		const struct srv_game *g = srv_game_get(s, best->current_game);
		if (g != NULL && g->rec.status == DB_GAME_ACTIVE &&
		    srv_game_side_of(g, u->id) >= 0) {
			*game =
			    g->rec.private_game ? 0 : g->rec.id; /* a private game is not named */
			return "playing";
		}
		if (g != NULL && srv_conn_watching(best, g->rec.id) &&
		    (!g->rec.private_game || srv_game_side_of(g, u->id) >= 0)) {
			*game = g->rec.id;
			return "watching";
		}
	}
	return "lobby";
}

int64_t srv_people_idle_ms(struct srv *s, const struct srv_user *u)
{
	int64_t last = 0;

	for (size_t i = 0; i < u->nconns; i++)
		if (u->conns[i]->last_active > last)
			last = u->conns[i]->last_active;
	return last > 0 && srv_now_ms(s) > last ? srv_now_ms(s) - last : 0;
}

void srv_people_send(struct srv *s, int64_t user, const cJSON *ev)
{
	srv_notify(s, user, 0, ev, NULL);
}

int srv_people_blocks(struct srv *s, int64_t user, int64_t other)
{
	int yes = 0;

	if (db_block_has(s->store, user, other, &yes) != 0) {
		log_warn(0, "reading the blocks of user %lld: %s", (long long)user,
		         db_last_error(s->store));
		return 0;
	}
	return yes;
}

static int fail(struct rules_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(struct rules_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	err->code = code;
	err->rule[0] = '\0';
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof(err->message), fmt, ap);
	va_end(ap);
	return code;
}

/* The tell event: {"event":"tell","from","to","id","at","message","text"}; stored: it waited
 * for the recipient (the text says when it was sent). */
static cJSON *tell_event(const struct db_tell *t, int stored)
{
	cJSON *ev = cJSON_CreateObject();
	char text[DB_TELL_MAX + 120], when[40];

	cJSON_AddStringToObject(ev, "event", "tell");
	cJSON_AddStringToObject(ev, "from", t->from_name);
	cJSON_AddStringToObject(ev, "to", t->to_name);
	cJSON_AddNumberToObject(ev, "id", (double)t->id);
	cJSON_AddNumberToObject(ev, "at", (double)(t->at / 1000));
	cJSON_AddBoolToObject(ev, "stored", stored);
	cJSON_AddStringToObject(ev, "message", t->text);
	if (stored)
		snprintf(text, sizeof(text), "%s told you (%s): %s", t->from_name,
		         srv_clock_format_time(t->at, when, sizeof(when)), t->text);
	else
		snprintf(text, sizeof(text), "%s tells you: %s", t->from_name, t->text);
	cJSON_AddStringToObject(ev, "text", text);
	return ev;
}

int srv_people_tell(struct srv *s, int64_t from, const char *from_name, int64_t to,
                    const char *to_name, const char *text, struct rules_error *err)
{
	struct db_tell t;
	cJSON *ev;

	if (srv_people_blocks(s, to, from))
		return fail(err, WG_E_BLOCKED, "%s does not accept tells from you", to_name);
	memset(&t, 0, sizeof(t));
	t.from = from;
	t.to = to;
	snprintf(t.from_name, sizeof(t.from_name), "%s", from_name);
	snprintf(t.to_name, sizeof(t.to_name), "%s", to_name);
	t.text = (char *)text;
	t.at = srv_clock_now(s);
	t.delivered = srv_user_get(s, to) != NULL;
	if (db_tell_append(s->store, &t, &t.id) != 0)
		return fail(err, WG_E_STORAGE, "the tell could not be stored: %s",
		            db_last_error(s->store));
	{
		/* online: to every connection; away: it waits for the login, and the outside is
		 * told (a tell received while offline) */
		struct srv_note note = {
		    .type = SRV_NOTE_TELL, .from = t.from_name, .ref = t.id, .message = t.text};
		ev = t.delivered ? tell_event(&t, 0) : NULL;
		srv_notify(s, to, 0, ev, t.delivered ? NULL : &note);
		cJSON_Delete(ev);
	}
	return 0;
}

struct login_ctx {
	struct srv_conn *c;
	int64_t last;
};

static int login_one(void *arg, const struct db_tell *t)
{
	struct login_ctx *lc = arg;
	struct srv_fanout f;
	cJSON *ev;

	if (lc->c->closing)
		return 1;
	ev = tell_event(t, 1);
	srv_fanout_init(&f, 0, ev);
	srv_fanout_send(&f, lc->c);
	srv_fanout_release(&f);
	cJSON_Delete(ev);
	lc->last = t->id;
	return 0;
}

void srv_people_login(struct srv *s, struct srv_conn *c)
{
	struct login_ctx lc = {.c = c, .last = 0};
	int64_t user;

	if (c->closing || c->user == NULL)
		return;
	user = c->user->id;
	if (db_tell_each(s->store, user, 1, 0, login_one, &lc) < 0)
		log_warn(c->id, "reading the tells of %s: %s", c->user->name,
		         db_last_error(s->store));
	if (lc.last > 0 && db_tell_delivered(s->store, user, lc.last) != 0)
		log_warn(c->id, "marking tells delivered: %s", db_last_error(s->store));
}

void srv_people_left(struct srv *s, int64_t user)
{
	if (s->store == NULL) /* a server of unit tests, without a store */
		return;
	if (db_user_seen_put(s->store, user, srv_clock_now(s)) != 0)
		log_warn(0, "recording when user %lld was last seen: %s", (long long)user,
		         db_last_error(s->store));
}
