/*
 * invites.c -- open challenges and seeks: recovery, expiry, the list in
 * memory, and the notices about them.  See invites.h.
 */
#include "invites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "clock.h"
#include "conn.h"
#include "fanout.h"
#include "log.h"
#include "notify.h"
#include "people.h"
#include "server.h"

static int keep(struct srv *s, struct srv_invite *iv)
{
	if (s->ninvites == s->capinvites) {
		size_t ncap = s->capinvites ? s->capinvites * 2 : 16;
		struct srv_invite **n = realloc(s->invites, ncap * sizeof(*n));
		if (n == NULL)
			return -1;
		s->invites = n;
		s->capinvites = ncap;
	}
	s->invites[s->ninvites++] = iv; /* ids grow: the list stays in id order */
	return 0;
}

static void forget(struct srv *s, struct srv_invite *iv)
{
	for (size_t i = 0; i < s->ninvites; i++) {
		if (s->invites[i] == iv) {
			memmove(&s->invites[i], &s->invites[i + 1],
			        (s->ninvites - i - 1) * sizeof(s->invites[0]));
			s->ninvites--;
			break;
		}
	}
	free(iv);
}

static void user_name(struct srv *s, int64_t id, char *name, size_t size)
{
	struct db_user u;

	if (id != 0 && db_user_by_id(s->store, id, &u) == 0)
		snprintf(name, size, "%s", u.name);
	else
		name[0] = '\0';
}

static int recover_one(void *arg, const struct db_invite *rec)
{
	struct srv *s = arg;
	struct srv_invite *iv = calloc(1, sizeof(*iv));

	if (iv == NULL)
		return WG_E_NO_MEMORY;
	iv->rec = *rec;
	user_name(s, rec->from, iv->from_name, sizeof(iv->from_name));
	user_name(s, rec->to, iv->to_name, sizeof(iv->to_name));
	if (keep(s, iv) != 0) {
		free(iv);
		return WG_E_NO_MEMORY;
	}
	return 0;
}

void srv_invites_recover(struct srv *s)
{
	if (db_invite_each_open(s->store, recover_one, s) != 0)
		log_warn(0, "loading the open challenges and seeks: %s", db_last_error(s->store));
	else if (s->ninvites > 0)
		log_info(0, "%zu open challenges and seeks", s->ninvites);
}

void srv_invites_release(struct srv *s)
{
	for (size_t i = 0; i < s->ninvites; i++)
		free(s->invites[i]);
	free(s->invites);
	s->invites = NULL;
	s->ninvites = s->capinvites = 0;
}

struct srv_invite *srv_invite_get(struct srv *s, int64_t id)
{
	for (size_t i = 0; i < s->ninvites; i++)
		if (s->invites[i]->rec.id == id)
			return s->invites[i];
	return NULL;
}

int srv_invites_of(struct srv *s, int64_t user)
{
	int n = 0;

	for (size_t i = 0; i < s->ninvites; i++)
		n += s->invites[i]->rec.from == user;
	return n;
}

int srv_invite_add(struct srv *s, struct db_invite *rec, const char *from_name, const char *to_name,
                   struct srv_invite **out)
{
	struct srv_invite *iv = calloc(1, sizeof(*iv));
	int rc;

	if (iv == NULL)
		return WG_E_NO_MEMORY;
	if ((rc = db_invite_create(s->store, rec)) != 0) {
		free(iv);
		return rc;
	}
	iv->rec = *rec;
	snprintf(iv->from_name, sizeof(iv->from_name), "%s", from_name);
	snprintf(iv->to_name, sizeof(iv->to_name), "%s", to_name ? to_name : "");
	if (keep(s, iv) != 0) { /* stored but not kept: it comes back at the next start */
		free(iv);
		return WG_E_NO_MEMORY;
	}
	*out = iv;
	return 0;
}

int srv_invite_close(struct srv *s, struct srv_invite *iv, int state, int64_t game)
{
	int rc = db_invite_close(s->store, iv->rec.id, state, game);

	if (rc != 0)
		return rc;
	forget(s, iv);
	return 0;
}

char *srv_invite_describe(struct srv *s, const struct srv_invite *iv, char *buf, size_t size)
{
	const struct rules_catalog_entry *e = rules_catalog_find(&s->catalog, iv->rec.scenario);
	const char *side =
	    iv->rec.side < 0 || e == NULL ? "random" : e->info.side_names[iv->rec.side];

	int n = snprintf(buf, size, "%s%s, %s plays %s, clock %s%s%s", iv->rec.scenario,
	                 iv->rec.rated ? " (rated)" : "", iv->from_name,
	                 iv->rec.side < 0 ? "a random side" : side, iv->rec.clock,
	                 iv->rec.options[0] ? ", " : "", iv->rec.options);

	if (n >= (int)size && size > 4) /* long options: the description ends with "..." */
		memcpy(buf + size - 4, "...", 4);
	return buf;
}

cJSON *srv_invite_event(struct srv *s, const struct srv_invite *iv, const char *type,
                        const char *text)
{
	const struct rules_catalog_entry *e = rules_catalog_find(&s->catalog, iv->rec.scenario);
	cJSON *ev = cJSON_CreateObject();

	cJSON_AddStringToObject(ev, "event", type);
	cJSON_AddNumberToObject(ev, "id", (double)iv->rec.id);
	cJSON_AddStringToObject(ev, "kind", iv->rec.kind == DB_INVITE_SEEK ? "seek" : "challenge");
	cJSON_AddStringToObject(ev, "from", iv->from_name);
	if (iv->rec.kind == DB_INVITE_CHALLENGE)
		cJSON_AddStringToObject(ev, "to", iv->to_name);
	cJSON_AddStringToObject(ev, "scenario", iv->rec.scenario);
	cJSON_AddStringToObject(ev, "side",
	                        iv->rec.side < 0 || e == NULL ? "random"
	                                                      : e->info.side_names[iv->rec.side]);
	cJSON_AddStringToObject(ev, "clock", iv->rec.clock);
	cJSON_AddStringToObject(ev, "options", iv->rec.options);
	cJSON_AddNumberToObject(ev, "expires", (double)(iv->rec.expires / 1000));
	cJSON_AddBoolToObject(ev, "rated", iv->rec.rated);
	cJSON_AddStringToObject(ev, "text", text);
	return ev;
}

static void tell_user(struct srv *s, int64_t user, const struct srv_invite *iv, const char *type,
                      const char *text)
{
	cJSON *ev = srv_invite_event(s, iv, type, text);

	srv_notify(s, user, 0, ev, NULL);
	cJSON_Delete(ev);
}

void srv_invites_tick(struct srv *s)
{
	int64_t now = srv_clock_now(s);

	for (size_t i = 0; i < s->ninvites;) {
		struct srv_invite *iv = s->invites[i];
		char text[300];
		if (iv->rec.expires > now) {
			i++;
			continue;
		}
		snprintf(text, sizeof(text), "%s %lld (%s) expired unanswered",
		         iv->rec.kind == DB_INVITE_SEEK ? "seek" : "challenge",
		         (long long)iv->rec.id, iv->rec.scenario);
		tell_user(s, iv->rec.from, iv, "expired", text);
		if (iv->rec.to != 0)
			tell_user(s, iv->rec.to, iv, "expired", text);
		if (srv_invite_close(s, iv, DB_INVITE_EXPIRED, 0) != 0) {
			log_warn(0, "expiring invite %lld: %s", (long long)iv->rec.id,
			         db_last_error(s->store));
			i++;
		}
	}
}

void srv_invites_login(struct srv *s, struct srv_conn *c)
{
	for (size_t i = 0; i < s->ninvites && !c->closing && c->user != NULL; i++) {
		const struct srv_invite *iv = s->invites[i];
		char text[600], what[400], when[40];
		struct srv_fanout f;
		cJSON *ev;
		if (iv->rec.kind != DB_INVITE_CHALLENGE || iv->rec.to != c->user->id ||
		    srv_people_blocks(s, iv->rec.to, iv->rec.from)) /* blocked since it was made */
			continue;
		snprintf(text, sizeof(text),
		         "%s challenges you (%lld): %s; accept %lld or decline %lld; "
		         "expires %s",
		         iv->from_name, (long long)iv->rec.id,
		         srv_invite_describe(s, iv, what, sizeof(what)), (long long)iv->rec.id,
		         (long long)iv->rec.id,
		         srv_clock_format_time(iv->rec.expires, when, sizeof(when)));
		ev = srv_invite_event(s, iv, "challenge", text);
		srv_fanout_init(&f, 0, ev);
		srv_fanout_send(&f, c);
		srv_fanout_release(&f);
		cJSON_Delete(ev);
	}
}
