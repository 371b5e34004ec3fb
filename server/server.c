/*
 * server.c -- the daemon's life: start-up (settings, store, scenarios,
 * recovery, listener), the once-a-second sweep, graceful shutdown, and the
 * online-user registry.
 *
 *   srv_main: parse settings -> bind the listeners (a port in use fails here,
 *             before any database file exists) -> open store -> load scenarios
 *             -> recover games -> serve (uv_run) ... SIGTERM/SIGINT -> stop
 *             accepting -> close connections (queued output is dropped; every
 *             accepted action was committed before its ok; a second SIGTERM is
 *             ignored) -> close store -> exit 0
 */
#include "server.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <sodium.h>

#include "backup.h"
#include "replay.h"
#include "clock.h"
#include "conn.h"
#include "fanout.h"
#include "games.h"
#include "invites.h"
#include "log.h"
#include "people.h"
#include "private.h"
#include "ratings.h"

int64_t srv_now(struct srv *s)
{
	(void)s;
	return (int64_t)time(NULL);
}

int64_t srv_real_wall_ms(struct srv *s)
{
	struct timespec ts;

	(void)s;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t srv_fake_wall_ms(struct srv *s)
{
	return s->fake_ms;
}

int64_t srv_now_ms(struct srv *s)
{
	return s->loop != NULL ? (int64_t)uv_now(s->loop) : 0;
}

/* ---- online users ---- */

struct srv_user *srv_user_get(struct srv *s, int64_t id)
{
	return srv_idmap_get(&s->users, id);
}

int srv_user_attach(struct srv *s, struct srv_conn *c, int64_t id, const char *name)
{
	struct srv_user *u = srv_user_get(s, id);

	if (u == NULL) {
		u = calloc(1, sizeof(*u));
		if (u == NULL)
			return -1;
		u->id = id;
		snprintf(u->name, sizeof(u->name), "%s", name);
		if (srv_idmap_put(&s->users, id, u) != 0) {
			free(u);
			return -1;
		}
	}
	if (u->nconns == u->capconns) {
		size_t ncap = u->capconns ? u->capconns * 2 : 2;
		struct srv_conn **n = realloc(u->conns, ncap * sizeof(*n));
		if (n == NULL) {
			if (u->nconns == 0) {
				srv_idmap_del(&s->users, id);
				free(u);
			}
			return -1;
		}
		u->conns = n;
		u->capconns = ncap;
	}
	u->conns[u->nconns++] = c;
	c->user = u;
	return 0;
}

/* The user leaves: what the games the user sits in have sent so far was seen (the marks
 * `missed` counts from at the next login).  Marks are kept when a user goes, not with every
 * step: a crash can only make the next login announce events that were seen live. */
void srv_user_mark_seen(struct srv *s, int64_t user)
{
	size_t n;
	const int64_t *ids = srv_user_games(s, user, &n);

	for (size_t k = 0; k < n; k++) {
		struct srv_game *g = srv_game_get(s, ids[k]);
		int side = g != NULL ? srv_game_side_of(g, user) : -1;
		if (side >= 0 && g->last_event > 0)
			db_seat_seen(s->store, g->rec.id, side, g->last_event);
	}
}

void srv_user_detach(struct srv *s, struct srv_conn *c)
{
	struct srv_user *u = c->user;

	if (u == NULL)
		return;
	for (size_t i = 0; i < u->nconns; i++) {
		if (u->conns[i] == c) {
			u->conns[i] = u->conns[--u->nconns];
			break;
		}
	}
	c->user = NULL;
	if (u->nconns == 0) {
		srv_user_mark_seen(s, u->id);
		srv_people_left(s, u->id);
		srv_idmap_del(&s->users, u->id);
		free(u->conns);
		free(u);
	}
}

/* ---- scenarios ---- */

static int json_name(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 5 && strcmp(d->d_name + n - 5, ".json") == 0 && d->d_name[0] != '.';
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long size;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && size < (64L << 20) &&
	    fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)size + 1)) != NULL) {
		*len = fread(buf, 1, (size_t)size, f);
		buf[*len] = '\0';
	}
	fclose(f);
	return buf;
}

/* Loads one file into the catalog; 0 or the failure code (logged). */
static int load_scenario_file(struct rules_catalog *cat, const char *path)
{
	struct rules_error err;
	size_t len = 0;
	char *text = slurp(path, &len);
	int rc;

	memset(&err, 0, sizeof(err));
	if (text == NULL) {
		rules_fail(&err, WG_E_BAD_SCENARIO, "", "%s: cannot read: %s", path,
		           strerror(errno));
		rules_catalog_fail(cat, path, err.message);
		return WG_E_BAD_SCENARIO;
	}
	{
		char digest[65];
		srv_scenario_digest(text, len, digest);
		rc = rules_catalog_add(cat, path, text, len, digest, &err);
	}
	free(text);
	return rc;
}

int srv_load_scenario_dir(struct srv *s, const char *dir)
{
	return srv_catalog_load_dir(&s->catalog, dir);
}

int srv_catalog_load_dir(struct rules_catalog *cat, const char *dir)
{
	struct dirent **names;
	int n = scandir(dir, &names, json_name, alphasort), loaded = 0;

	if (n < 0) {
		log_warn(0, "scenario directory %s: %s", dir, strerror(errno));
		return 0;
	}
	for (int i = 0; i < n; i++) {
		char path[1024];
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
		if (load_scenario_file(cat, path) == 0)
			loaded++;
		else
			log_warn(0, "scenario not loaded: %s",
			         cat->nfailures ? cat->failures[cat->nfailures - 1].message : path);
		free(names[i]);
	}
	free(names);
	log_info(0, "%d scenarios loaded from %s", loaded, dir);
	return loaded;
}

/* What check-scenario counts while a ruleset reports the findings of one file. */
struct lint_out {
	const char *file;
	int errors, warnings;
};

/* Prints one finding: "error FILE: PATH: MESSAGE" or "warning FILE: PATH: MESSAGE". */
static void print_finding(void *ctx, int severity, const char *path, const char *message)
{
	struct lint_out *o = ctx;

	if (severity == RULES_LINT_ERROR)
		o->errors++;
	else
		o->warnings++;
	printf("%s %s: %s: %s\n", severity == RULES_LINT_ERROR ? "error  " : "warning", o->file,
	       path, message);
}

/* Runs the ruleset's scenario_lint on file (when it has one); returns the number of errors
 * it reported, or -1 when the file could not be linted (unreadable, not JSON, no ruleset,
 * no lint): then the loader's message is the report. */
static int lint_file(struct rules_catalog *cat, const char *path, struct lint_out *o)
{
	const struct ruleset *rs;
	cJSON *doc, *name;
	size_t len = 0;
	char *text = slurp(path, &len);
	int n = -1;

	if (text == NULL)
		return -1;
	doc = cJSON_ParseWithLength(text, len);
	free(text);
	if (doc == NULL)
		return -1;
	name = cJSON_GetObjectItemCaseSensitive(doc, "ruleset");
	rs = cJSON_IsString(name) ? rules_catalog_ruleset(cat, name->valuestring) : NULL;
	if (rs != NULL && rs->scenario_lint != NULL) {
		n = rs->scenario_lint(rs, path, doc, print_finding, o);
		if (n < 0)
			printf("error   %s: $: out of memory while checking\n", path);
	}
	cJSON_Delete(doc);
	return n < 0 ? -1 : o->errors;
}

/*
 * The picture of a scenario for its map's owner (`render`, `check-scenario --svg`): a game
 * created from it with the default options, its set-up as a spectator sees it.  Returns the
 * SVG (the caller frees it), or NULL with why filled.
 */
static char *scenario_picture(const struct rules_catalog_entry *e, char *why, size_t n)
{
	struct rules_options opts;
	struct rules_game *game = NULL;
	struct rules_error err;
	char kind[] = "svg", *argv[] = {kind, NULL}, *svg;

	memset(&opts, 0, sizeof(opts));
	memset(&err, 0, sizeof(err));
	if (e->rs->picture == NULL) {
		snprintf(why, n, "the %s ruleset draws no pictures", e->rs->name);
		return NULL;
	}
	if (e->rs->create(e->sc, &opts, &game, &err) != 0) {
		snprintf(why, n, "cannot create a game: %s", err.message);
		return NULL;
	}
	svg = e->rs->picture(game, &RULES_VIEWER(RULES_SPECTATOR), 1, argv, &err);
	if (svg == NULL)
		snprintf(why, n, "%s", err.message);
	e->rs->destroy(game);
	return svg;
}

/* `wargamed render FILE`: the scenario's picture on stdout; exit 0, 1 (cannot), 2 (usage). */
static int render_scenario(int argc, char **argv, const struct ruleset *const *rulesets)
{
	struct rules_catalog cat;
	char why[400], *svg = NULL;
	int rc = 1;

	if (argc != 1) {
		fprintf(stderr, "usage: wargamed render FILE.json > FILE.svg\n");
		return 2;
	}
	rules_catalog_init(&cat, rulesets);
	if (load_scenario_file(&cat, argv[0]) != 0)
		fprintf(stderr, "wargamed: %s\n",
		        cat.nfailures ? cat.failures[cat.nfailures - 1].message : argv[0]);
	else if ((svg = scenario_picture(cat.entries[cat.count - 1], why, sizeof(why))) == NULL)
		fprintf(stderr, "wargamed: %s: %s\n", argv[0], why);
	else if (fputs(svg, stdout) < 0 || fflush(stdout) != 0)
		fprintf(stderr, "wargamed: cannot write the picture: %s\n", strerror(errno));
	else
		rc = 0;
	free(svg);
	rules_catalog_release(&cat);
	return rc;
}

/* Where check-scenario --svg writes FILE's picture: FILE less ".json" plus ".svg", in dir
 * when one is given. */
static void svg_path(const char *file, const char *dir, char *out, size_t n)
{
	const char *base = dir != NULL && strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
	size_t len = strlen(base);

	if (len > 5 && strcmp(base + len - 5, ".json") == 0)
		len -= 5;
	if (dir != NULL)
		snprintf(out, n, "%s/%.*s.svg", dir, (int)len, base);
	else
		snprintf(out, n, "%.*s.svg", (int)len, base);
}

/* Writes the picture of entry e to path; 0, or -1 with why filled. */
static int write_picture(const struct rules_catalog_entry *e, const char *path, char *why, size_t n)
{
	char *svg = scenario_picture(e, why, n);
	FILE *f;
	int rc = -1;

	if (svg == NULL)
		return -1;
	if ((f = fopen(path, "w")) == NULL)
		snprintf(why, n, "cannot write %.300s: %s", path, strerror(errno));
	else if (fputs(svg, f) < 0 || fclose(f) != 0)
		snprintf(why, n, "cannot write %.300s: %s", path, strerror(errno));
	else
		rc = 0;
	if (f != NULL && rc != 0)
		fclose(f);
	free(svg);
	return rc;
}

/*
 * `wargamed check-scenario [--svg[=DIR]] FILE...`: validate and report, exit 0/1.  Every
 * finding of the ruleset's scenario_lint is printed (errors and warnings, each with its JSON
 * path), then one summary line per file; the exit status is 1 if any file has an error or
 * did not load.  With --svg, the picture of each valid file is written as FILE.svg (the
 * .json replaced) next to it, or into DIR, and a `picture` line names it.
 */
static int check_scenarios(int argc, char **argv, const struct ruleset *const *rulesets)
{
	struct rules_catalog cat;
	const char *svg_dir = NULL;
	int failed = 0, svg = 0;

	if (argc > 0 && strncmp(argv[0], "--svg", 5) == 0 &&
	    (argv[0][5] == '\0' || argv[0][5] == '=')) {
		svg = 1;
		svg_dir = argv[0][5] == '=' && argv[0][6] ? argv[0] + 6 : NULL;
		argc--, argv++;
	}
	if (argc < 1) {
		fprintf(stderr, "usage: wargamed check-scenario [--svg[=DIR]] FILE...\n");
		return 2;
	}
	rules_catalog_init(&cat, rulesets);
	for (int i = 0; i < argc; i++) {
		struct lint_out o = {.file = argv[i]};
		size_t before = cat.nfailures;
		int linted = lint_file(&cat, argv[i], &o);
		if (load_scenario_file(&cat, argv[i]) == 0 && linted <= 0) {
			const struct rules_catalog_entry *e = cat.entries[cat.count - 1];
			char path[1200], why[400];
			printf("ok      %s: scenario '%s' (%s), %s vs %s", argv[i], e->info.id,
			       e->rs->name, e->info.side_names[0], e->info.side_names[1]);
			if (o.warnings > 0)
				printf(", %d warning%s", o.warnings, o.warnings > 1 ? "s" : "");
			printf("\n");
			if (!svg)
				continue;
			svg_path(argv[i], svg_dir, path, sizeof(path));
			if (write_picture(e, path, why, sizeof(why)) == 0) {
				printf("picture %s: %s\n", argv[i], path);
			} else {
				printf("error   %s: picture: %s\n", argv[i], why);
				failed++;
			}
			continue;
		}
		failed++;
		if (linted <= 0) /* the loader's message is the only report */
			for (size_t f = before; f < cat.nfailures; f++)
				printf("error   %s\n", cat.failures[f].message);
		printf("failed  %s: %d error%s, %d warning%s\n", argv[i],
		       o.errors > 0 ? o.errors : 1, o.errors > 1 ? "s" : "", o.warnings,
		       o.warnings == 1 ? "" : "s");
	}
	rules_catalog_release(&cat);
	return failed ? 1 : 0;
}

/* ---- group commit ---- */

void srv_batch_touch(struct srv *s, struct srv_game *g)
{
	if (g->in_batch)
		return;
	if (s->nbatch == s->capbatch) {
		size_t ncap = s->capbatch ? 2 * s->capbatch : 64;
		struct srv_game **n = realloc(s->batch, ncap * sizeof(*n));
		if (n == NULL)
			return; /* the game is simply not rebuilt if this batch fails */
		s->batch = n;
		s->capbatch = ncap;
	}
	g->in_batch = 1;
	s->batch[s->nbatch++] = g;
}

static void batch_done(struct srv *s)
{
	for (size_t i = 0; i < s->nbatch; i++)
		s->batch[i]->in_batch = 0;
	s->nbatch = 0;
}

void srv_storage_failed(struct srv *s)
{
	log_error(0,
	          "storage failed: %s; the writes since the last commit are lost; dropping the "
	          "output that reports them and rebuilding %zu games",
	          db_last_error(s->store), s->nbatch);
	srv_conns_drop_waiting(s, "storage failure");
	srv_notify_lost(s); /* the notifications queued since the last commit are gone */
	for (size_t i = 0; i < s->nbatch; i++) {
		struct srv_game *g = s->batch[i];
		g->in_batch = 0;
		srv_game_resync(s, g); /* may free g (a game created in the lost batch) */
	}
	s->nbatch = 0;
}

int srv_batch_commit(struct srv *s)
{
	int rc = db_batch_commit(s->store);

	if (rc != 0)
		srv_storage_failed(s);
	else
		batch_done(s);
	return rc;
}

/* Before the loop blocks: one commit for everything written in this iteration, then every
 * connection's output. */
static void before_sleep_cb(uv_prepare_t *h)
{
	struct srv *s = h->data;

	srv_tourneys_run(s); /* results and pairings join the iteration's batch */
	if (db_batch_pending(s->store) || s->nbatch > 0)
		srv_batch_commit(s);
	srv_notify_committed(s); /* what is durable now may be delivered */
	srv_conns_flush(s);
	srv_conns_new_phase(s); /* the reads of the coming poll (conn.h "Work budget") */
}

/* ---- the loop ---- */

static void on_connection(uv_stream_t *server, int status)
{
	struct srv *s = server->data;

	if (status < 0) {
		log_warn(0, "accept: %s", uv_strerror(status));
		return;
	}
	srv_conn_accept(s, server, server == (uv_stream_t *)&s->tls_listener);
}

static void sweep_cb(uv_timer_t *t)
{
	struct srv *s = t->data;
	int64_t now = srv_now(s), now_ms = srv_now_ms(s);

	srv_auth_tick(&s->auth, now);
	srv_games_sweep(s, 60 * 1000);
	srv_conns_sweep_idle(s, now_ms);
	srv_quota_sweep(s, now_ms);
	srv_admin_tick(s);
	srv_clocks_tick(s);
	srv_invites_tick(s);
	srv_notify_tick(s);
	srv_tourneys_tick(s);
}

static void close_walk_cb(uv_handle_t *h, void *arg)
{
	(void)arg;
	if (!uv_is_closing(h))
		uv_close(h, NULL);
}

static void stop(struct srv *s, const char *why)
{
	sigset_t term, was;

	if (s->shutting_down)
		return;
	s->shutting_down = 1;
	log_info(0, "shutting down (%s)", why);
	/* what was accepted is kept; its replies are dropped with the connections; the clocks
	 * stop here (the time until the next start is not charged) */
	db_meta_put(s->store, "alive", srv_clock_now(s));
	srv_batch_commit(s);
	srv_notify_stop(s); /* deliveries under way stay pending: sent after the restart */
	uv_prepare_stop(&s->before_sleep);
	uv_close((uv_handle_t *)&s->before_sleep, NULL);
	uv_idle_stop(&s->resume);
	uv_close((uv_handle_t *)&s->resume, NULL);
	if (s->listening)
		uv_close((uv_handle_t *)&s->listener, NULL);
	if (s->tls_listening)
		uv_close((uv_handle_t *)&s->tls_listener, NULL);
	uv_timer_stop(&s->sweep);
	uv_close((uv_handle_t *)&s->sweep, NULL);
	/* stopping the handles gives the signals their default actions back: a second SIGTERM
	 * or ^C during the stop (the last commit, closing the store) would kill the process
	 * with status 143 (nothing would be lost, but systemd would call the stop a failure);
	 * the stop is under way, so they are ignored (SIGKILL still ends it).  They are blocked
	 * from before the handles stop until they are ignored, so that none lands in between
	 * (the hash threads block them for good: srv_auth_submit); one that came meanwhile is
	 * discarded when it is ignored. */
	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	sigaddset(&term, SIGINT);
	pthread_sigmask(SIG_BLOCK, &term, &was);
	uv_signal_stop(&s->sigterm);
	uv_signal_stop(&s->sigint);
	uv_signal_stop(&s->sighup);
	uv_close((uv_handle_t *)&s->sigterm, NULL);
	uv_close((uv_handle_t *)&s->sigint, NULL);
	uv_close((uv_handle_t *)&s->sighup, NULL);
	signal(SIGTERM, SIG_IGN);
	signal(SIGINT, SIG_IGN);
	pthread_sigmask(SIG_SETMASK, &was, NULL);
	/* everything accepted is committed: the last replies and a goodbye may go out (what
	 * does not fit in the socket buffers now is dropped with the connection) */
	for (struct srv_conn *c = s->conns; c != NULL; c = c->next) {
		char text[300];
		snprintf(text, sizeof(text), "the server is shutting down%s%s",
		         s->shutdown_message[0] ? ": " : "", s->shutdown_message);
		srv_conn_notice(c, 0, "bye", text);
	}
	srv_conns_flush(s);
	while (s->conns != NULL)
		srv_conn_close(s->conns, "shutdown");
}

static void shutdown_cb(uv_timer_t *t)
{
	struct srv *s = t->data;

	uv_close((uv_handle_t *)t, (uv_close_cb)free);
	stop(s, "shutdown by an admin");
}

int srv_shutdown(struct srv *s, const char *message)
{
	uv_timer_t *t = malloc(sizeof(*t));

	if (t == NULL)
		return -1;
	snprintf(s->shutdown_message, sizeof(s->shutdown_message), "%s", message);
	uv_timer_init(s->loop, t);
	t->data = s;
	uv_timer_start(t, shutdown_cb, 0, 0);
	return 0;
}

static void on_signal(uv_signal_t *h, int signum)
{
	if (signum == SIGHUP) {
		struct srv *s = h->data;
		/* The TLS certificate is read again (a renewed one); no other setting can
		 * change under running games: say so instead of dying as the default action
		 * would. */
		if (s->tls != NULL)
			srv_tls_reload(s);
		else
			log_info(0, "SIGHUP ignored: restart the server to apply new settings");
		return;
	}
	stop(h->data, signum == SIGTERM ? "SIGTERM" : "SIGINT");
}

static int make_parent_dir(const char *path)
{
	char dir[512];
	char *slash;

	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	if (slash == NULL || slash == dir)
		return 0;
	*slash = '\0';
	for (char *p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0750) != 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(dir, 0750) != 0 && errno != EEXIST ? -1 : 0;
}

/* Binds and listens on host:port with handle h (its data s, connections to cb); 0, or -1
 * (logged, h closed).  what names the setting in the messages ("--listen"). */
static int listen_on(struct srv *s, uv_tcp_t *h, const char *host, int port, uv_connection_cb cb,
                     const char *what)
{
	struct sockaddr_storage addr;
	int rc;

	if (uv_ip4_addr(host, port, (struct sockaddr_in *)&addr) != 0 &&
	    uv_ip6_addr(host, port, (struct sockaddr_in6 *)&addr) != 0) {
		log_fatal(0, "%s: '%s' is not an IPv4 or IPv6 address", what, host);
		return -1;
	}
	uv_tcp_init(s->loop, h);
	h->data = s;
	rc = uv_tcp_bind(h, (struct sockaddr *)&addr, 0);
	if (rc == 0)
		rc = uv_listen((uv_stream_t *)h, s->cfg.listen_backlog, cb);
	if (rc != 0) {
		log_fatal(0, "%s: cannot listen on %s:%d: %s", what, host, port, uv_strerror(rc));
		uv_close((uv_handle_t *)h, NULL);
		return -1;
	}
	return 0;
}

/* Logs "<what> on HOST:PORT" with the port the kernel gave h. */
static void log_bound(uv_tcp_t *h, const char *what)
{
	struct sockaddr_storage bound;
	int len = sizeof(bound);
	char name[64];

	memset(&bound, 0, sizeof(bound));
	uv_tcp_getsockname(h, (struct sockaddr *)&bound, &len);
	if (bound.ss_family == AF_INET6)
		uv_ip6_name((struct sockaddr_in6 *)&bound, name, sizeof(name));
	else
		uv_ip4_name((struct sockaddr_in *)&bound, name, sizeof(name));
	log_info(0, "%s on %s:%d", what, name,
	         ntohs(bound.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&bound)->sin6_port
	                                           : ((struct sockaddr_in *)&bound)->sin_port));
}

/*
 * Binds the listeners, before the database is created or opened: a port in use (or a TLS
 * certificate that does not load) fails the start at once and leaves no database behind.
 * Connections that arrive meanwhile wait in the kernel's queue until the loop runs.
 */
static int start_listening(struct srv *s)
{
	char why[600];

	if (listen_on(s, &s->listener, s->cfg.listen_host, s->cfg.listen_port, on_connection,
	              "--listen") != 0)
		return -1;
	s->listening = 1;
	if (!s->cfg.tls)
		return 0;
	if (srv_tls_init(s, why, sizeof(why)) != 0) {
		log_fatal(0, "TLS: %s", why);
		return -1;
	}
	if (listen_on(s, &s->tls_listener, s->cfg.tls_host, s->cfg.tls_port, on_connection,
	              "--tls-listen") != 0)
		return -1;
	s->tls_listening = 1;
	return 0;
}

/* The start-up failed after the loop was made: closes what it holds, and the TLS context. */
static void close_loop(struct srv *s)
{
	uv_walk(s->loop, close_walk_cb, NULL);
	uv_run(s->loop, UV_RUN_DEFAULT);
	uv_loop_close(s->loop);
	srv_tls_release(s);
}

int srv_main(int argc, char **argv, const struct ruleset *const *rulesets)
{
	struct srv *s;
	char err[600], threads[16];
	int rc;

	if (argc >= 2 && strcmp(argv[1], "check-scenario") == 0)
		return check_scenarios(argc - 2, argv + 2, rulesets);
	if (argc >= 2 && strcmp(argv[1], "render") == 0)
		return render_scenario(argc - 2, argv + 2, rulesets);
	if (argc >= 2 && strcmp(argv[1], "backup") == 0)
		return srv_backup_main(argc - 1, argv + 1);
	if (argc >= 2 && strcmp(argv[1], "replay") == 0)
		return srv_replay_main(argc - 1, argv + 1, rulesets);
	s = calloc(1, sizeof(*s));
	if (s == NULL)
		return 1;
	srv_config_defaults(&s->cfg);
	rc = srv_config_parse(&s->cfg, argc, argv, err, sizeof(err));
	if (rc != 0) {
		if (rc < 0)
			fprintf(stderr, "wargamed: %s\n", err);
		free(s);
		return rc < 0 ? 2 : 0;
	}
	srv_log_set_level(s->cfg.log_level);
	signal(SIGPIPE, SIG_IGN);
	/* the database holds password hashes and the seeds of running games */
	umask(077);
	{
		struct sockaddr_storage probe;
		if (uv_ip4_addr(s->cfg.listen_host, 0, (struct sockaddr_in *)&probe) != 0 &&
		    uv_ip6_addr(s->cfg.listen_host, 0, (struct sockaddr_in6 *)&probe) != 0) {
			log_fatal(0, "--listen: '%s' is not an IPv4 or IPv6 address",
			          s->cfg.listen_host);
			free(s);
			return 2;
		}
	}
	if (sodium_init() < 0) {
		log_fatal(0, "libsodium failed to initialise");
		free(s);
		return 1;
	}
	snprintf(threads, sizeof(threads), "%d", s->cfg.login_threads);
	setenv("UV_THREADPOOL_SIZE", threads, 1);

	s->loop = uv_default_loop();
	if (start_listening(s) != 0) {
		close_loop(s);
		free(s);
		return 1;
	}
	if (strcmp(s->cfg.db_path, ":memory:") != 0 && make_parent_dir(s->cfg.db_path) != 0) {
		log_fatal(0, "cannot create the directory of %s: %s", s->cfg.db_path,
		          strerror(errno));
		close_loop(s);
		free(s);
		return 1;
	}
	rc = db_open(s->cfg.db_path, &s->store);
	if (rc != 0) {
		log_fatal(0, "cannot open the database %s: %s", s->cfg.db_path,
		          db_last_error(s->store));
		db_close(s->store);
		close_loop(s);
		free(s);
		return 1;
	}
	log_info(0, "wargamed %s: database %s (schema %d)", WG_VERSION, s->cfg.db_path,
	         db_schema_version(s->store));
	rules_catalog_init(&s->catalog, rulesets);
	if (s->cfg.data_dir[0] == '\0' && srv_config_find_data(&s->cfg) == 0)
		log_info(0, "scenarios: no installed data next to the program; the source tree's "
		            "data/ (--data-dir sets it)");
	srv_load_scenario_dir(s, s->cfg.data_dir);
	for (int i = 0; i < s->cfg.nscenario_dirs; i++)
		srv_load_scenario_dir(s, s->cfg.scenario_dirs[i]);
	srv_idmap_init(&s->users);
	srv_idmap_init(&s->seats);
	srv_idmap_init(&s->vacations);
	if (srv_auth_init(&s->auth) != 0) { /* the dummy hash, now rather than at a login */
		log_fatal(0, "password hashing is unavailable (libsodium, 64 MiB)");
		db_close(s->store);
		rules_catalog_release(&s->catalog);
		close_loop(s);
		free(s);
		return 1;
	}
	s->auth.inflight_max = s->cfg.max_hashes;
	s->auth.inflight_per_addr = s->cfg.max_hashes_per_address;
	s->auth.register_free = s->cfg.register_burst;
	srv_quota_init(&s->quota);
	if (srv_admin_init(s) != 0) {
		log_fatal(0, "cannot read the bans: %s", db_last_error(s->store));
		db_close(s->store);
		rules_catalog_release(&s->catalog);
		srv_quota_release(&s->quota);
		srv_auth_release(&s->auth);
		close_loop(s);
		free(s);
		return 1;
	}
	s->wall_ms = srv_real_wall_ms;
	if (s->cfg.debug_clock > 0) {
		s->wall_ms = srv_fake_wall_ms;
		s->fake_ms = s->cfg.debug_clock * 1000;
		log_warn(
		    0, "--debug-clock: the games' clocks read a fake time (debug clock moves it)");
	}

	/* from here on every write joins the batch committed before the loop sleeps */
	db_batch_mode(s->store, 1);
	srv_games_recover(s);
	srv_clocks_recover(s);
	srv_invites_recover(s);
	srv_ratings_recover(s);
	srv_tourneys_recover(s);
	srv_private_recover(s);
	if (srv_batch_commit(s) != 0)
		log_error(0, "cannot record what recovery found: %s", db_last_error(s->store));
	uv_prepare_init(s->loop, &s->before_sleep);
	s->before_sleep.data = s;
	uv_prepare_start(&s->before_sleep, before_sleep_cb);
	uv_idle_init(s->loop, &s->resume); /* started by conn.c while input waits for a turn */
	srv_quota_start(s);
	s->resume.data = s;
	if (srv_notify_start(s) != 0)
		log_error(0, "notifications outside the server are unavailable (libcurl)");
	/* bound since the start; said now that connections are served */
	log_bound(&s->listener, "listening");
	if (s->tls_listening)
		log_bound(&s->tls_listener, "listening for TLS");
	uv_signal_init(s->loop, &s->sigterm);
	uv_signal_init(s->loop, &s->sigint);
	uv_signal_init(s->loop, &s->sighup);
	s->sigterm.data = s->sigint.data = s->sighup.data = s;
	uv_signal_start(&s->sigterm, on_signal, SIGTERM);
	uv_signal_start(&s->sigint, on_signal, SIGINT);
	uv_signal_start(&s->sighup, on_signal, SIGHUP);
	uv_timer_init(s->loop, &s->sweep);
	s->sweep.data = s;
	uv_timer_start(&s->sweep, sweep_cb, 1000, 1000);

	uv_run(s->loop, UV_RUN_DEFAULT);
	srv_auth_hold(0); /* no pool thread may wait on a debug hold now */
	srv_notify_stop(s);
	/* Close whatever is left (after an early failure), then drain. */
	uv_walk(s->loop, close_walk_cb, NULL);
	uv_run(s->loop, UV_RUN_DEFAULT);
	uv_loop_close(s->loop);
	db_batch_mode(s->store, 0);
	free(s->batch);
	srv_games_release(s);
	srv_clocks_release(s);
	srv_invites_release(s);
	srv_notify_release(s);
	srv_tourneys_release(s);
	srv_idmap_release(&s->users);
	srv_auth_release(&s->auth);
	srv_quota_release(&s->quota);
	srv_admin_release(s);
	rules_catalog_release(&s->catalog);
	db_close(s->store);
	srv_tls_release(s);
	log_info(0, "stopped");
	free(s);
	return 0;
}
