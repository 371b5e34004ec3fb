/*
 * admin.c -- admins, durable bans, the audit log and the figures of `stats`.  See
 * admin.h.
 */
#include "admin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"
#include "server.h"

static int add_ban(void *ctx, const struct db_ban *b)
{
	struct srv_admin *a = ctx;

	if (a->nbans == a->capbans) {
		size_t ncap = a->capbans ? 2 * a->capbans : 16;
		struct db_ban *n = realloc(a->bans, ncap * sizeof(*n));
		if (n == NULL)
			return WG_E_NO_MEMORY;
		a->bans = n;
		a->capbans = ncap;
	}
	a->bans[a->nbans++] = *b;
	return 0;
}

int srv_admin_init(struct srv *s)
{
	int rc = db_ban_each(s->store, add_ban, &s->admin);

	if (rc == 0 && s->admin.nbans > 0)
		log_info(0, "%zu bans in force", s->admin.nbans);
	return rc;
}

void srv_admin_release(struct srv *s)
{
	free(s->admin.bans);
	memset(&s->admin, 0, sizeof(s->admin));
}

int srv_admin_is(const struct srv *s, const char *name)
{
	const char *p = s->cfg.admins;
	size_t n = strlen(name);

	while (*p != '\0') {
		size_t len = strcspn(p, ",");
		if (len == n && strncasecmp(p, name, n) == 0)
			return 1;
		p += len;
		if (*p == ',')
			p++;
	}
	return 0;
}

static ssize_t find_ban(const struct srv *s, const char *kind, const char *target)
{
	for (size_t i = 0; i < s->admin.nbans; i++)
		if (strcmp(s->admin.bans[i].kind, kind) == 0 &&
		    strcasecmp(s->admin.bans[i].target, target) == 0)
			return (ssize_t)i;
	return -1;
}

int srv_admin_banned(const struct srv *s, const char *kind, const char *target)
{
	return find_ban(s, kind, target) >= 0;
}

int srv_admin_ban(struct srv *s, const char *kind, const char *target, const char *by)
{
	struct db_ban b;
	ssize_t i = find_ban(s, kind, target);
	int rc;

	memset(&b, 0, sizeof(b));
	snprintf(b.kind, sizeof(b.kind), "%s", kind);
	snprintf(b.target, sizeof(b.target), "%s", target);
	snprintf(b.by, sizeof(b.by), "%s", by);
	b.at = srv_now(s);
	if ((rc = db_ban_put(s->store, &b)) != 0)
		return WG_E_STORAGE;
	if (i >= 0) {
		s->admin.bans[i] = b;
		return 0;
	}
	return add_ban(&s->admin, &b);
}

int srv_admin_unban(struct srv *s, const char *kind, const char *target)
{
	ssize_t i = find_ban(s, kind, target);

	if (i < 0)
		return WG_E_NOT_FOUND;
	if (db_ban_delete(s->store, kind, s->admin.bans[i].target) != 0)
		return WG_E_STORAGE;
	s->admin.bans[i] = s->admin.bans[--s->admin.nbans];
	return 0;
}

int srv_admin_audit(struct srv *s, const char *admin, const char *verb, const char *args)
{
	struct db_audit a;

	memset(&a, 0, sizeof(a));
	a.at = srv_now(s);
	snprintf(a.admin, sizeof(a.admin), "%s", admin);
	a.verb = verb;
	a.args = args;
	log_info(0, "audit: %s %s %s", admin, verb, args);
	return db_audit_append(s->store, &a);
}

void srv_admin_tick(struct srv *s)
{
	struct srv_admin *a = &s->admin;

	a->head = (a->head + 1) % SRV_ADMIN_RING;
	a->ring[a->head] = s->actions_total;
	if (a->ticks < SRV_ADMIN_RING)
		a->ticks++;
}

double srv_admin_actions_per_second(const struct srv *s)
{
	const struct srv_admin *a = &s->admin;
	int span = a->ticks - 1; /* seconds between the oldest and the latest slot */
	uint64_t old;

	if (span <= 0)
		return 0.0;
	old = a->ring[(a->head + SRV_ADMIN_RING - span) % SRV_ADMIN_RING];
	return (double)(s->actions_total - old) / (double)span;
}

uint64_t srv_admin_rss(void)
{
	unsigned long size, resident;
	FILE *f = fopen("/proc/self/statm", "r");
	int n;

	if (f == NULL)
		return 0;
	n = fscanf(f, "%lu %lu", &size, &resident);
	fclose(f);
	return n == 2 ? (uint64_t)resident * (uint64_t)sysconf(_SC_PAGESIZE) : 0;
}

uint64_t srv_admin_db_bytes(const struct srv *s)
{
	char wal[600];
	struct stat st;
	uint64_t n = 0;

	if (stat(s->cfg.db_path, &st) == 0)
		n += (uint64_t)st.st_size;
	snprintf(wal, sizeof(wal), "%s-wal", s->cfg.db_path);
	if (stat(wal, &st) == 0)
		n += (uint64_t)st.st_size;
	return n;
}
