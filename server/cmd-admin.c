/*
 * cmd-admin.c -- the operators' verbs: kick, ban, unban, stats, shutdown, audit.
 *
 * Only the users named in the `admins` setting may use them (admin.h); anyone
 * else logged in gets `err forbidden`.  Every verb that changes something
 * (kick, ban, unban, shutdown) is written to the audit log in the same batch
 * as its effect, before its ok goes out; `audit [n]` shows the log.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <uv.h>

#include "admin.h"
#include "cmd.h"
#include "conn.h"
#include "games.h"
#include "log.h"
#include "server.h"

#define AUDIT_DEFAULT 20
#define AUDIT_MAX     500

/* 0 if the connection's user is an admin, else forbidden (for ctx). */
static int admin_only(struct srv_cmd_ctx *ctx)
{
	if (srv_admin_is(ctx->srv, ctx->conn->user->name))
		return 0;
	return srv_cmd_fail(ctx, WG_E_FORBIDDEN,
	                    "%s is for the server's operators (the admins of its config)",
	                    ctx->argv[0]);
}

static void add_linef(cJSON *lines, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add_linef(cJSON *lines, const char *fmt, ...)
{
	char buf[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	cJSON_AddItemToArray(lines, cJSON_CreateString(buf));
}

/* The arguments after the verb, joined by spaces (for the audit log). */
static void args_text(const struct srv_cmd_ctx *ctx, char *out, size_t n)
{
	size_t len = 0;

	out[0] = '\0';
	for (int i = 1; i < ctx->argc && len + 1 < n; i++)
		len += (size_t)snprintf(out + len, n - len, "%s%s", i > 1 ? " " : "", ctx->argv[i]);
}

/* Closes every connection of the online user id with a bye saying why; how many. */
static int close_user(struct srv *s, int64_t id, const char *why)
{
	struct srv_user *u = srv_user_get(s, id);
	struct srv_conn **copy;
	size_t n;

	if (u == NULL || u->nconns == 0)
		return 0;
	/* closing detaches (and may free) the user: work on a copy of its list */
	n = u->nconns;
	copy = malloc(n * sizeof(*copy));
	if (copy == NULL)
		return 0;
	memcpy(copy, u->conns, n * sizeof(*copy));
	for (size_t i = 0; i < n; i++) {
		srv_conn_notice(copy[i], 0, "bye", why);
		srv_conn_close_after_flush(copy[i]);
	}
	free(copy);
	return (int)n;
}

/* Closes every connection from addr; how many. */
static int close_address(struct srv *s, const char *addr, const char *why)
{
	int n = 0;

	for (struct srv_conn *c = s->conns, *next; c != NULL; c = next) {
		next = c->next;
		if (c->closing || c->close_after_flush || strcmp(c->peer, addr) != 0)
			continue;
		srv_conn_notice(c, 0, "bye", why);
		srv_conn_close_after_flush(c);
		n++;
	}
	return n;
}

/* 1 if text is a numeric IPv4 or IPv6 address. */
static int is_address(const char *text)
{
	unsigned char buf[16];

	return uv_inet_pton(AF_INET, text, buf) == 0 || uv_inet_pton(AF_INET6, text, buf) == 0;
}

/* The registered user name, or WG_E_NOT_FOUND (ctx->err filled). */
static int user_arg(struct srv_cmd_ctx *ctx, const char *name, struct db_user *u)
{
	int rc = db_user_by_name(ctx->srv->store, name, u);

	if (rc == WG_E_NOT_FOUND)
		return srv_cmd_fail(ctx, WG_E_NOT_FOUND, "no user '%.40s'", name);
	if (rc != 0)
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(ctx->srv->store));
	return 0;
}

/* Writes the audit entry of this request; 0 or a storage error for ctx. */
static int audit(struct srv_cmd_ctx *ctx)
{
	char args[300];

	args_text(ctx, args, sizeof(args));
	if (srv_admin_audit(ctx->srv, ctx->conn->user->name, ctx->argv[0], args) != 0)
		return srv_cmd_fail(ctx, WG_E_STORAGE, "the audit log: %s",
		                    db_last_error(ctx->srv->store));
	return 0;
}

/* ---- kick ---- */

static int exec_kick(struct srv_cmd_ctx *ctx)
{
	struct db_user u;
	char summary[160];
	int rc, n;

	if ((rc = admin_only(ctx)) != 0 || (rc = user_arg(ctx, ctx->argv[1], &u)) != 0)
		return rc;
	if ((rc = audit(ctx)) != 0)
		return rc;
	n = close_user(ctx->srv, u.id, "kicked by an operator");
	log_info(ctx->conn->id, "%s kicked %s (%d connections)", ctx->conn->user->name, u.name, n);
	snprintf(summary, sizeof(summary), "kicked %s: %d connection%s closed", u.name, n,
	         n == 1 ? "" : "s");
	srv_conn_ok_text(ctx->conn, ctx->tag, summary);
	return 0;
}

const struct srv_cmd srv_cmd_kick = {
    .name = "kick",
    .min_args = 1,
    .max_args = 1,
    .flags = SRV_CMD_LOGIN,
    .group = "admin",
    .usage = "kick <user>",
    .help = "Closes every connection of the user (each is told `* bye kicked by an "
            "operator`); the user may log in again. Admins only; written to the audit log.",
    .exec = exec_kick,
};

/* ---- ban, unban ---- */

/* The ban's kind and target for argument arg (an address, or a user name as registered). */
static int ban_target(struct srv_cmd_ctx *ctx, const char *arg, const char **kind, char *target,
                      size_t n, struct db_user *u)
{
	int rc;

	if (is_address(arg)) {
		*kind = "address";
		snprintf(target, n, "%s", arg);
		return 0;
	}
	*kind = "user";
	if ((rc = user_arg(ctx, arg, u)) != 0) {
		/* unban of a user that is gone: the ban names what was given */
		if (strcmp(ctx->argv[0], "unban") != 0 || rc != WG_E_NOT_FOUND)
			return rc;
		snprintf(target, n, "%s", arg);
		return 0;
	}
	snprintf(target, n, "%s", u->name);
	return 0;
}

static int exec_ban(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	struct db_user u;
	const char *kind;
	char target[64], summary[200];
	int rc, n;

	if ((rc = admin_only(ctx)) != 0 ||
	    (rc = ban_target(ctx, ctx->argv[1], &kind, target, sizeof(target), &u)) != 0)
		return rc;
	if (strcmp(kind, "user") == 0 && srv_admin_is(s, target))
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN,
		                    "%s is an admin; take the name out of `admins` first", target);
	if (strcmp(kind, "address") == 0 && strcmp(target, ctx->conn->peer) == 0)
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN, "%s is your own address", target);
	if ((rc = srv_admin_ban(s, kind, target, ctx->conn->user->name)) != 0)
		return srv_cmd_fail(ctx, rc, "the ban could not be stored: %s",
		                    db_last_error(s->store));
	if ((rc = audit(ctx)) != 0)
		return rc;
	n = strcmp(kind, "user") == 0 ? close_user(s, u.id, "banned by an operator")
	                              : close_address(s, target, "banned by an operator");
	log_info(ctx->conn->id, "%s banned %s %s (%d connections closed)", ctx->conn->user->name,
	         kind, target, n);
	snprintf(summary, sizeof(summary), "banned %s %s: %d connection%s closed", kind, target, n,
	         n == 1 ? "" : "s");
	srv_conn_ok_text(ctx->conn, ctx->tag, summary);
	return 0;
}

const struct srv_cmd srv_cmd_ban = {
    .name = "ban",
    .min_args = 1,
    .max_args = 1,
    .flags = SRV_CMD_LOGIN,
    .group = "admin",
    .usage = "ban <user>|<address>",
    .help = "Bans a user (its logins are refused with forbidden) or a numeric IPv4/IPv6 "
            "address (its connections are refused), and closes their open connections. Bans "
            "are stored: they hold across restarts until unban. Admins only (an admin cannot "
            "be banned); written to the audit log.",
    .exec = exec_ban,
};

static int exec_unban(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	struct db_user u;
	const char *kind;
	char target[64], summary[200];
	int rc;

	if ((rc = admin_only(ctx)) != 0 ||
	    (rc = ban_target(ctx, ctx->argv[1], &kind, target, sizeof(target), &u)) != 0)
		return rc;
	rc = srv_admin_unban(s, kind, target);
	if (rc == WG_E_NOT_FOUND)
		return srv_cmd_fail(ctx, rc, "no ban on %s %s", kind, target);
	if (rc != 0)
		return srv_cmd_fail(ctx, rc, "%s", db_last_error(s->store));
	if ((rc = audit(ctx)) != 0)
		return rc;
	log_info(ctx->conn->id, "%s lifted the ban on %s %s", ctx->conn->user->name, kind, target);
	snprintf(summary, sizeof(summary), "the ban on %s %s is lifted", kind, target);
	srv_conn_ok_text(ctx->conn, ctx->tag, summary);
	return 0;
}

const struct srv_cmd srv_cmd_unban = {
    .name = "unban",
    .min_args = 1,
    .max_args = 1,
    .flags = SRV_CMD_LOGIN,
    .group = "admin",
    .usage = "unban <user>|<address>",
    .help = "Lifts the ban on a user or an address. Admins only; written to the audit log.",
    .exec = exec_unban,
};

/* ---- stats ---- */

static int exec_stats(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	int rc, guests = 0;
	long games[3] = {0, 0, 0}, loaded = 0;
	double aps = srv_admin_actions_per_second(s);
	uint64_t db = srv_admin_db_bytes(s), rss = srv_admin_rss();
	cJSON *data, *lines, *bystatus;
	char summary[200];

	if ((rc = admin_only(ctx)) != 0)
		return rc;
	for (struct srv_conn *c = s->conns; c != NULL; c = c->next)
		if (c->user == NULL)
			guests++;
	for (int64_t id = 1; id <= s->maxgame; id++) {
		struct srv_game *g = srv_game_get(s, id);
		if (g != NULL && g->rec.status >= DB_GAME_OPEN && g->rec.status <= DB_GAME_FINISHED)
			games[g->rec.status]++;
		loaded += g != NULL && g->loaded; /* games load on first use (games.h) */
	}
	data = cJSON_CreateObject();
	lines = cJSON_AddArrayToObject(data, "lines");
	cJSON_AddNumberToObject(data, "connections", s->nconns);
	cJSON_AddNumberToObject(data, "guests", guests);
	cJSON_AddNumberToObject(data, "users", (double)s->users.count);
	bystatus = cJSON_AddObjectToObject(data, "games");
	cJSON_AddNumberToObject(bystatus, "open", (double)games[DB_GAME_OPEN]);
	cJSON_AddNumberToObject(bystatus, "active", (double)games[DB_GAME_ACTIVE]);
	cJSON_AddNumberToObject(bystatus, "finished", (double)games[DB_GAME_FINISHED]);
	cJSON_AddNumberToObject(data, "games_loaded", (double)loaded);
	cJSON_AddNumberToObject(data, "game_loads", (double)s->game_loads);
	cJSON_AddNumberToObject(data, "actions_total", (double)s->actions_total);
	cJSON_AddNumberToObject(data, "actions_per_second", aps);
	cJSON_AddNumberToObject(data, "db_bytes", (double)db);
	cJSON_AddNumberToObject(data, "rss_bytes", (double)rss);
	cJSON_AddNumberToObject(data, "hashes_done", (double)s->auth.hashes_done);
	cJSON_AddNumberToObject(data, "hashes_inflight", s->auth.ninflight);
	cJSON_AddNumberToObject(data, "output_bytes", (double)s->quota.out_total);
	cJSON_AddNumberToObject(data, "bans", (double)s->admin.nbans);
	add_linef(lines, "connections        %d (%d guests)", s->nconns, guests);
	add_linef(lines, "users logged in    %zu", s->users.count);
	add_linef(lines, "games              %ld open, %ld active, %ld finished",
	          games[DB_GAME_OPEN], games[DB_GAME_ACTIVE], games[DB_GAME_FINISHED]);
	add_linef(lines, "games loaded       %ld (%llu loads since start)", loaded,
	          (unsigned long long)s->game_loads);
	add_linef(lines, "actions            %llu since start, %.2f/s over the last minute",
	          (unsigned long long)s->actions_total, aps);
	add_linef(lines, "database           %llu bytes", (unsigned long long)db);
	add_linef(lines, "memory (RSS)       %llu bytes", (unsigned long long)rss);
	add_linef(lines, "password hashes    %lu done, %d in flight", s->auth.hashes_done,
	          s->auth.ninflight);
	add_linef(lines, "output queued      %zu bytes", s->quota.out_total);
	add_linef(lines, "bans               %zu", s->admin.nbans);
	snprintf(summary, sizeof(summary), "%d connections, %zu users, %ld active games", s->nconns,
	         s->users.count, games[DB_GAME_ACTIVE]);
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

const struct srv_cmd srv_cmd_stats = {
    .name = "stats",
    .min_args = 0,
    .max_args = 0,
    .flags = SRV_CMD_LOGIN,
    .group = "admin",
    .usage = "stats",
    .help = "The server's figures: connections (guests among them), users logged in, games by "
            "status, games whose rules state is loaded (they load on first use), actions since "
            "start and a second over the last minute, the database's "
            "size, the resident memory, password hashes, queued output and bans. Admins only.",
    .exec = exec_stats,
};

/* ---- shutdown ---- */

static int exec_shutdown(struct srv_cmd_ctx *ctx)
{
	char message[256];
	int rc;

	if ((rc = admin_only(ctx)) != 0)
		return rc;
	args_text(ctx, message, sizeof(message));
	if ((rc = audit(ctx)) != 0)
		return rc;
	if (srv_shutdown(ctx->srv, message) != 0)
		return srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
	log_info(ctx->conn->id, "shutdown asked by %s", ctx->conn->user->name);
	srv_conn_ok_text(ctx->conn, ctx->tag, "shutting down");
	return 0;
}

const struct srv_cmd srv_cmd_shutdown = {
    .name = "shutdown",
    .min_args = 0,
    .max_args = -1,
    .flags = SRV_CMD_LOGIN,
    .group = "admin",
    .usage = "shutdown [<message>]",
    .help = "Stops the server as SIGTERM does: everyone is told `* bye the server is shutting "
            "down: <message>`, everything acknowledged is already stored, and the process "
            "exits 0. Admins only; written to the audit log.",
    .exec = exec_shutdown,
};

/* ---- audit ---- */

struct audit_out {
	cJSON *lines, *entries;
};

static int audit_line(void *ctx, const struct db_audit *a)
{
	struct audit_out *o = ctx;
	char when[40];
	time_t t = (time_t)a->at;
	struct tm tm;
	cJSON *e = cJSON_CreateObject();

	gmtime_r(&t, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	add_linef(o->lines, "%-5lld %s %-12s %s %s", (long long)a->id, when, a->admin, a->verb,
	          a->args);
	cJSON_AddNumberToObject(e, "id", (double)a->id);
	cJSON_AddNumberToObject(e, "at", (double)a->at);
	cJSON_AddStringToObject(e, "admin", a->admin);
	cJSON_AddStringToObject(e, "verb", a->verb);
	cJSON_AddStringToObject(e, "args", a->args);
	cJSON_AddItemToArray(o->entries, e);
	return 0;
}

static int exec_audit(struct srv_cmd_ctx *ctx)
{
	struct audit_out o;
	long n = AUDIT_DEFAULT;
	char *end, summary[80];
	cJSON *data;
	int rc;

	if ((rc = admin_only(ctx)) != 0)
		return rc;
	if (ctx->argc > 1) {
		n = strtol(ctx->argv[1], &end, 10);
		if (*end != '\0' || n < 1 || n > AUDIT_MAX)
			return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "audit [<n>]: n is 1 to %d",
			                    AUDIT_MAX);
	}
	data = cJSON_CreateObject();
	o.lines = cJSON_AddArrayToObject(data, "lines");
	o.entries = cJSON_AddArrayToObject(data, "entries");
	if (db_audit_each_last(ctx->srv->store, (int)n, audit_line, &o) != 0) {
		cJSON_Delete(data);
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(ctx->srv->store));
	}
	snprintf(summary, sizeof(summary), "%d audit entries", cJSON_GetArraySize(o.entries));
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

const struct srv_cmd srv_cmd_audit = {
    .name = "audit",
    .min_args = 0,
    .max_args = 1,
    .flags = SRV_CMD_LOGIN,
    .group = "admin",
    .usage = "audit [<n>]",
    .help = "The last n entries (default 20, at most 500) of the audit log, oldest first: "
            "what each admin did (kick, ban, unban, shutdown), when, and to what. Admins "
            "only.",
    .exec = exec_audit,
};
