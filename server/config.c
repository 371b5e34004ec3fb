/*
 * config.c -- defaults, config file and command-line flags of wargamed.
 *
 * One table (options[]) describes every setting: its flag, whether it takes
 * a value, and its help line; the file parser, the flag parser and --help
 * all read the same table so they cannot drift apart.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "notifyfmt.h"

#ifndef WG_VERSION
#define WG_VERSION "0"
#endif
#ifndef WG_SOURCE_DIR
#define WG_SOURCE_DIR "."
#endif
/* The installed scenarios relative to the installed binary (CMake: from the install's
 * bindir to its datadir/wargamed/data). */
#ifndef WG_DATA_REL
#define WG_DATA_REL "../share/wargamed/data"
#endif

enum opt_id {
	OPT_CONFIG,
	OPT_LISTEN,
	OPT_DB,
	OPT_LOG_LEVEL,
	OPT_MAX_CLIENTS,
	OPT_OUTPUT_LIMIT,
	OPT_IDLE_TIMEOUT,
	OPT_ALLOW_DEBUG,
	OPT_DEBUG_SEED,
	OPT_DEBUG_CLOCK,
	OPT_SNAPSHOT_EVERY,
	OPT_DATA_DIR,
	OPT_SCENARIOS,
	OPT_LOGIN_THREADS,
	OPT_LISTEN_BACKLOG,
	OPT_MAX_HASHES,
	OPT_MAX_HASHES_PER_ADDRESS,
	OPT_REGISTER_BURST,
	OPT_MAX_PER_ADDRESS,
	OPT_OUTPUT_BUDGET,
	OPT_MAX_OPEN_GAMES,
	OPT_CHAT_PER_MINUTE,
	OPT_GUEST_TIMEOUT,
	OPT_ADMINS,
	OPT_SENDMAIL,
	OPT_MAIL_FROM,
	OPT_RATING_SIDE_ADVANTAGE,
	OPT_WEBHOOK_PRIVATE,
	OPT_REQUESTS_PER_ADDRESS,
	OPT_TLS_LISTEN,
	OPT_TLS_CERT,
	OPT_TLS_KEY,
	OPT_VERSION,
	OPT_HELP,
};

struct opt {
	enum opt_id id;
	const char *name;
	const char *arg; /* NULL: a flag without value */
	const char *help;
};

static const struct opt options[] = {
    {OPT_CONFIG, "config", "FILE", "read settings from FILE (key = value lines)"},
    {OPT_LISTEN, "listen", "HOST:PORT", "address to listen on (default 127.0.0.1:4000)"},
    {OPT_DB, "db", "PATH", "SQLite database file (default ./var/wargamed.db)"},
    {OPT_LOG_LEVEL, "log-level", "LEVEL", "debug, info, warn or error (default info)"},
    {OPT_MAX_CLIENTS, "max-clients", "N", "connections served at once (default 10000)"},
    {OPT_OUTPUT_LIMIT, "output-limit", "BYTES",
     "output queued for one client before it is cut off (default 1048576)"},
    {OPT_IDLE_TIMEOUT, "idle-timeout", "SECONDS",
     "close connections that are not logged in and silent for SECONDS (default 120)"},
    {OPT_ALLOW_DEBUG, "allow-debug", NULL,
     "enable the debug verbs (debug dice); off by default; refused unless the listener is "
     "loopback (=force to override: a player could learn the dice)"},
    {OPT_DEBUG_SEED, "debug-seed", "HEX",
     "with --allow-debug: every new game takes this 64-hex-digit dice seed (tests, transcripts)"},
    {OPT_DEBUG_CLOCK, "debug-clock", "SECONDS",
     "with --allow-debug: the games' clocks read a fake time that starts at SECONDS since the "
     "epoch and moves only by `debug clock` (tests)"},
    {OPT_SNAPSHOT_EVERY, "snapshot-every", "N", "store a snapshot every N actions (default 50)"},
    {OPT_DATA_DIR, "data-dir", "DIR",
     "the shipped scenarios (default: the installed ones, BINDIR/" WG_DATA_REL
     ", else the source tree's data/)"},
    {OPT_SCENARIOS, "scenarios", "DIR", "also load scenario files from DIR (repeatable)"},
    {OPT_LOGIN_THREADS, "login-threads", "N",
     "threads hashing passwords off the event loop (default 4)"},
    {OPT_LISTEN_BACKLOG, "listen-backlog", "N",
     "connections the kernel queues before they are accepted (default 511)"},
    {OPT_MAX_HASHES, "max-hashes", "N",
     "password hashes queued or running at once; more are refused (default 64)"},
    {OPT_MAX_HASHES_PER_ADDRESS, "max-hashes-per-address", "N",
     "password hashes queued or running at once for one client address (default 4)"},
    {OPT_REGISTER_BURST, "register-burst", "N",
     "accounts one address may register before the brake slows it (default 10)"},
    {OPT_MAX_PER_ADDRESS, "max-per-address", "N",
     "connections served at once from one client address (default 32)"},
    {OPT_OUTPUT_BUDGET, "output-budget", "BYTES",
     "output queued for all clients together; the client that would pass it is cut off "
     "(default 268435456)"},
    {OPT_MAX_OPEN_GAMES, "max-open-games", "N",
     "games one user may have waiting for an opponent (default 10)"},
    {OPT_CHAT_PER_MINUTE, "chat-per-minute", "N",
     "chat messages one user may post a minute (default 30)"},
    {OPT_GUEST_TIMEOUT, "guest-timeout", "SECONDS",
     "close connections still not logged in SECONDS after connecting, even if they talk "
     "(default 600)"},
    {OPT_ADMINS, "admins", "NAMES",
     "user names, comma-separated, who may use the operator verbs (default: none)"},
    {OPT_SENDMAIL, "sendmail", "PATH",
     "the sendmail program e-mail notifications go through, run as PATH -t -i (default "
     "/usr/sbin/sendmail)"},
    {OPT_MAIL_FROM, "mail-from", "ADDRESS",
     "the From: address of e-mail notifications (default wargamed@localhost)"},
    {OPT_WEBHOOK_PRIVATE, "webhook-private", "yes|no",
     "let webhooks reach loopback, private, link-local and other addresses that are not "
     "public (default no: a user's webhook could make the server POST into its own "
     "network)"},
    {OPT_RATING_SIDE_ADVANTAGE, "rating-side-advantage", "yes|no",
     "ratings expect each scenario's side advantage, estimated from its record (default no)"},
    {OPT_REQUESTS_PER_ADDRESS, "requests-per-address", "N",
     "requests a second one client address may make, its connections together; beyond it "
     "its input waits (default 0: no limit)"},
    {OPT_TLS_LISTEN, "tls-listen", "HOST:PORT",
     "also listen for TLS connections there (same protocol; needs --tls-cert and --tls-key; "
     "default: none)"},
    {OPT_TLS_CERT, "tls-cert", "FILE",
     "the TLS certificate, PEM, followed by its chain; read again on SIGHUP"},
    {OPT_TLS_KEY, "tls-key", "FILE",
     "the TLS certificate's private key, PEM; read again on SIGHUP"},
    {OPT_VERSION, "version", NULL, "print the version and exit (also -V)"},
    {OPT_HELP, "help", NULL, "print this help and exit (also -h)"},
};

#define NOPTIONS (sizeof(options) / sizeof(options[0]))

void srv_config_defaults(struct srv_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	snprintf(cfg->listen_host, sizeof(cfg->listen_host), "127.0.0.1");
	cfg->listen_port = 4000;
	snprintf(cfg->db_path, sizeof(cfg->db_path), "./var/wargamed.db");
	cfg->log_level = SRV_LOG_INFO;
	cfg->listen_backlog = 511;
	cfg->max_clients = 10000;
	cfg->output_limit = 1024 * 1024;
	cfg->idle_timeout = 120;
	cfg->allow_debug = 0;
	cfg->snapshot_every = 50;
	cfg->data_dir[0] = '\0'; /* srv_config_find_data */
	cfg->login_threads = 4;
	cfg->max_hashes = 64;
	cfg->max_hashes_per_address = 4;
	cfg->register_burst = 10;
	cfg->max_per_address = 32;
	cfg->output_budget = (size_t)256 * 1024 * 1024;
	cfg->max_open_games = 10;
	cfg->chat_per_minute = 30;
	cfg->guest_timeout = 600;
	snprintf(cfg->sendmail, sizeof(cfg->sendmail), "/usr/sbin/sendmail");
	snprintf(cfg->mail_from, sizeof(cfg->mail_from), "wargamed@localhost");
}

int srv_config_subcommand(struct srv_config *cfg, int argc, char **argv, char *err, size_t errsize)
{
	char *opts[64];
	int n = 0;

	srv_config_defaults(cfg);
	if (argc < 2 || argc - 1 > 63) {
		snprintf(err, errsize, "usage");
		return -1;
	}
	opts[n++] = "wargamed";
	for (int k = 2; k < argc; k++)
		opts[n++] = argv[k];
	return srv_config_parse(cfg, n, opts, err, errsize);
}

void srv_config_usage(const char *prog)
{
	printf("usage: %s [options]\n", prog);
	printf("       %s check-scenario [--svg[=DIR]] FILE...\n"
	       "           validate scenario files and exit; --svg also writes each valid\n"
	       "           file's picture as FILE.svg (.json replaced), next to it or in DIR\n",
	       prog);
	printf("       %s render FILE.json > FILE.svg\n"
	       "           the scenario's picture (its set-up, as a spectator sees it)\n",
	       prog);
	printf("       %s backup FILE [--db PATH] [--config FILE]\n"
	       "           a consistent copy of the database, the server running or not,\n"
	       "           written 0600 (it holds password hashes and running games' seeds)\n",
	       prog);
	printf("       %s replay FILE [--data-dir DIR] [--scenarios DIR] [--config FILE]\n"
	       "           checks a game's record (`export`): replays it from its seed on the\n"
	       "           scenario of the data directory; exit 0 when it replays exactly\n\n",
	       prog);
	printf("A referee server for two-player board wargames (wargamed %s).\n\n", WG_VERSION);
	for (size_t i = 0; i < NOPTIONS; i++) {
		char left[48];
		snprintf(left, sizeof(left), "--%s%s%s", options[i].name, options[i].arg ? " " : "",
		         options[i].arg ? options[i].arg : "");
		printf("  %-26s %s\n", left, options[i].help);
	}
	printf("\nEvery option except --config, --version and --help may also be set in the\n"
	       "config file as `name = value` (e.g. `listen = 0.0.0.0:4000`).\n");
}

int srv_config_find_data(struct srv_config *cfg)
{
	char exe[512], path[1100], real[PATH_MAX];
	ssize_t n;
	char *slash;
	struct stat st;

	if (cfg->data_dir[0] != '\0')
		return 0;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		if ((slash = strrchr(exe, '/')) != NULL)
			*slash = '\0';
		snprintf(path, sizeof(path), "%s/%s", exe, WG_DATA_REL);
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode) && realpath(path, real) != NULL &&
		    strlen(real) < sizeof(cfg->data_dir)) {
			memcpy(cfg->data_dir, real, strlen(real) + 1); /* fits: checked above */
			return 1;
		}
	}
	snprintf(cfg->data_dir, sizeof(cfg->data_dir), "%s/data", WG_SOURCE_DIR);
	return 0;
}

static int parse_int(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

static int parse_bool(const char *s, int *out)
{
	if (!strcasecmp(s, "yes") || !strcasecmp(s, "true") || !strcmp(s, "1") ||
	    !strcasecmp(s, "on")) {
		*out = 1;
		return 0;
	}
	if (!strcasecmp(s, "no") || !strcasecmp(s, "false") || !strcmp(s, "0") ||
	    !strcasecmp(s, "off")) {
		*out = 0;
		return 0;
	}
	return -1;
}

/* HOST:PORT (or [IPV6]:PORT) into host (64 bytes) and *port. */
static int parse_listen(char host[64], int *port, const char *s)
{
	const char *colon = strrchr(s, ':');
	long p;

	if (colon == NULL || colon == s || (size_t)(colon - s) >= 64)
		return -1;
	if (parse_int(colon + 1, 0, 65535, &p) != 0)
		return -1;
	if (s[0] == '[' && colon[-1] == ']') /* [::1]:4000 */
		snprintf(host, 64, "%.*s", (int)(colon - s - 2), s + 1);
	else
		snprintf(host, 64, "%.*s", (int)(colon - s), s);
	*port = (int)p;
	return 0;
}

/* Applies one setting; value is NULL for flags without a value. */
static int apply(struct srv_config *cfg, const struct opt *o, const char *value, char *err,
                 size_t errsize)
{
	long v;
	int b;

	switch (o->id) {
	case OPT_LISTEN:
		if (parse_listen(cfg->listen_host, &cfg->listen_port, value) != 0)
			goto bad;
		return 0;
	case OPT_TLS_LISTEN:
		if (strcasecmp(value, "none") == 0) {
			cfg->tls = 0;
			return 0;
		}
		if (parse_listen(cfg->tls_host, &cfg->tls_port, value) != 0)
			goto bad;
		cfg->tls = 1;
		return 0;
	case OPT_TLS_CERT:
		if (*value == '\0' || strlen(value) >= sizeof(cfg->tls_cert))
			goto bad;
		snprintf(cfg->tls_cert, sizeof(cfg->tls_cert), "%s", value);
		return 0;
	case OPT_TLS_KEY:
		if (*value == '\0' || strlen(value) >= sizeof(cfg->tls_key))
			goto bad;
		snprintf(cfg->tls_key, sizeof(cfg->tls_key), "%s", value);
		return 0;
	case OPT_DB:
		snprintf(cfg->db_path, sizeof(cfg->db_path), "%s", value);
		return 0;
	case OPT_LOG_LEVEL:
		if (srv_log_parse_level(value, &cfg->log_level) != 0)
			goto bad;
		return 0;
	case OPT_MAX_CLIENTS:
		if (parse_int(value, 1, 1000000, &v) != 0)
			goto bad;
		cfg->max_clients = (int)v;
		return 0;
	case OPT_OUTPUT_LIMIT:
		if (parse_int(value, 4096, 1L << 30, &v) != 0)
			goto bad;
		cfg->output_limit = (size_t)v;
		return 0;
	case OPT_IDLE_TIMEOUT:
		if (parse_int(value, 1, 86400, &v) != 0)
			goto bad;
		cfg->idle_timeout = (int)v;
		return 0;
	case OPT_ALLOW_DEBUG:
		if (value == NULL) {
			cfg->allow_debug = 1;
			return 0;
		}
		if (strcmp(value, "force") == 0) {
			cfg->allow_debug = 2;
			return 0;
		}
		if (parse_bool(value, &b) != 0)
			goto bad;
		cfg->allow_debug = b;
		return 0;
	case OPT_DEBUG_SEED: {
		size_t bin = 0;
		if (strlen(value) != 64 ||
		    sodium_hex2bin(cfg->debug_seed, sizeof(cfg->debug_seed), value, 64, NULL, &bin,
		                   NULL) != 0 ||
		    bin != sizeof(cfg->debug_seed))
			goto bad;
		cfg->debug_seed_set = 1;
		return 0;
	}
	case OPT_DEBUG_CLOCK: {
		char *end;
		long long t = strtoll(value, &end, 10);
		if (*value == '\0' || *end != '\0' || t < 1 || t > 32503680000LL)
			goto bad;
		cfg->debug_clock = (int64_t)t;
		return 0;
	}
	case OPT_SNAPSHOT_EVERY:
		if (parse_int(value, 1, 1000000, &v) != 0)
			goto bad;
		cfg->snapshot_every = (int)v;
		return 0;
	case OPT_DATA_DIR:
		snprintf(cfg->data_dir, sizeof(cfg->data_dir), "%s", value);
		return 0;
	case OPT_SCENARIOS:
		if (cfg->nscenario_dirs >= SRV_MAX_SCENARIO_DIRS) {
			snprintf(err, errsize, "--scenarios: at most %d directories",
			         SRV_MAX_SCENARIO_DIRS);
			return -1;
		}
		snprintf(cfg->scenario_dirs[cfg->nscenario_dirs++], sizeof(cfg->scenario_dirs[0]),
		         "%s", value);
		return 0;
	case OPT_LOGIN_THREADS:
		if (parse_int(value, 1, 128, &v) != 0)
			goto bad;
		cfg->login_threads = (int)v;
		return 0;
	case OPT_LISTEN_BACKLOG:
		if (parse_int(value, 1, 65535, &v) != 0)
			goto bad;
		cfg->listen_backlog = (int)v;
		return 0;
	case OPT_MAX_HASHES:
		if (parse_int(value, 1, 100000, &v) != 0)
			goto bad;
		cfg->max_hashes = (int)v;
		return 0;
	case OPT_MAX_HASHES_PER_ADDRESS:
		if (parse_int(value, 1, 100000, &v) != 0)
			goto bad;
		cfg->max_hashes_per_address = (int)v;
		return 0;
	case OPT_REGISTER_BURST:
		if (parse_int(value, 0, 1000000, &v) != 0)
			goto bad;
		cfg->register_burst = (int)v;
		return 0;
	case OPT_MAX_PER_ADDRESS:
		if (parse_int(value, 1, 1000000, &v) != 0)
			goto bad;
		cfg->max_per_address = (int)v;
		return 0;
	case OPT_OUTPUT_BUDGET:
		if (parse_int(value, 4096, 1L << 40, &v) != 0)
			goto bad;
		cfg->output_budget = (size_t)v;
		return 0;
	case OPT_MAX_OPEN_GAMES:
		if (parse_int(value, 1, 1000000, &v) != 0)
			goto bad;
		cfg->max_open_games = (int)v;
		return 0;
	case OPT_CHAT_PER_MINUTE:
		if (parse_int(value, 1, 1000000, &v) != 0)
			goto bad;
		cfg->chat_per_minute = (int)v;
		return 0;
	case OPT_REQUESTS_PER_ADDRESS:
		if (parse_int(value, 0, 10000000, &v) != 0)
			goto bad;
		cfg->requests_per_address = (int)v;
		return 0;
	case OPT_GUEST_TIMEOUT:
		if (parse_int(value, 1, 1000000, &v) != 0)
			goto bad;
		cfg->guest_timeout = (int)v;
		return 0;
	case OPT_ADMINS: {
		/* names without blanks: "alice, bob" is stored "alice,bob" */
		size_t n = 0;
		for (const char *p = value; *p; p++) {
			if (*p == ' ' || *p == '\t')
				continue;
			if (n + 1 >= sizeof(cfg->admins))
				goto bad;
			cfg->admins[n++] = *p;
		}
		cfg->admins[n] = '\0';
		return 0;
	}
	case OPT_SENDMAIL:
		if (value[0] != '/' || strlen(value) >= sizeof(cfg->sendmail)) {
			snprintf(err, errsize, "--sendmail: an absolute path of at most %zu bytes",
			         sizeof(cfg->sendmail) - 1);
			return -1;
		}
		snprintf(cfg->sendmail, sizeof(cfg->sendmail), "%s", value);
		return 0;
	case OPT_MAIL_FROM: {
		char why[200];
		if (strlen(value) >= sizeof(cfg->mail_from) ||
		    srv_nf_check_email(value, why, sizeof(why)) != 0) {
			snprintf(err, errsize, "--mail-from: invalid address '%.100s'", value);
			return -1;
		}
		snprintf(cfg->mail_from, sizeof(cfg->mail_from), "%s", value);
		return 0;
	}
	case OPT_RATING_SIDE_ADVANTAGE:
		if (parse_bool(value, &b) != 0)
			goto bad;
		cfg->rating_side_advantage = b;
		return 0;
	case OPT_WEBHOOK_PRIVATE:
		if (parse_bool(value, &b) != 0)
			goto bad;
		cfg->webhook_private = b;
		return 0;
	default:
		snprintf(err, errsize, "--%s cannot be used here", o->name);
		return -1;
	}
bad:
	snprintf(err, errsize, "--%s: invalid value '%s'", o->name, value ? value : "");
	return -1;
}

static const struct opt *find_opt(const char *name, size_t len)
{
	for (size_t i = 0; i < NOPTIONS; i++)
		if (strlen(options[i].name) == len && strncmp(options[i].name, name, len) == 0)
			return &options[i];
	return NULL;
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

static int read_file(struct srv_config *cfg, const char *path, char *err, size_t errsize)
{
	char line[1024], msg[256];
	FILE *f = fopen(path, "r");
	int lineno = 0;

	if (f == NULL) {
		snprintf(err, errsize, "--config %s: %s", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f) != NULL) {
		char *s = trim(line), *eq, *key, *value;
		const struct opt *o;

		lineno++;
		if (*s == '\0' || *s == '#')
			continue;
		eq = strchr(s, '=');
		if (eq == NULL) {
			snprintf(err, errsize, "%s:%d: expected `key = value`", path, lineno);
			fclose(f);
			return -1;
		}
		*eq = '\0';
		key = trim(s);
		value = trim(eq + 1);
		o = find_opt(key, strlen(key));
		if (o == NULL || o->id == OPT_CONFIG || o->id == OPT_HELP || o->id == OPT_VERSION) {
			snprintf(err, errsize, "%s:%d: unknown setting '%s'", path, lineno, key);
			fclose(f);
			return -1;
		}
		if (apply(cfg, o, value, msg, sizeof(msg)) != 0) {
			snprintf(err, errsize, "%s:%d: %s", path, lineno, msg);
			fclose(f);
			return -1;
		}
	}
	fclose(f);
	return 0;
}

/* 1 if host names a loopback address (127.0.0.0/8, ::1, localhost). */
static int loopback(const char *host)
{
	return strncmp(host, "127.", 4) == 0 || strcmp(host, "::1") == 0 ||
	       strcmp(host, "[::1]") == 0 || strcasecmp(host, "localhost") == 0;
}

int srv_config_parse(struct srv_config *cfg, int argc, char **argv, char *err, size_t errsize)
{
	/* Pass 1: --config, --help, --version. Pass 2: everything else. */
	for (int pass = 1; pass <= 2; pass++) {
		for (int i = 1; i < argc; i++) {
			const char *a = argv[i], *value = NULL, *eq;
			const struct opt *o;
			size_t len;

			if (strcmp(a, "-h") == 0) /* the short forms of --help and --version */
				a = "--help";
			else if (strcmp(a, "-V") == 0)
				a = "--version";
			if (strncmp(a, "--", 2) != 0) {
				snprintf(err, errsize, "unexpected argument '%s' (see --help)", a);
				return -1;
			}
			a += 2;
			eq = strchr(a, '=');
			len = eq ? (size_t)(eq - a) : strlen(a);
			o = find_opt(a, len);
			if (o == NULL) {
				snprintf(err, errsize, "unknown option '--%.*s' (see --help)",
				         (int)len, a);
				return -1;
			}
			if (o->arg != NULL) {
				if (eq != NULL)
					value = eq + 1;
				else if (i + 1 < argc)
					value = argv[++i];
				else {
					snprintf(err, errsize, "--%s needs a value (%s)", o->name,
					         o->arg);
					return -1;
				}
			} else if (eq != NULL) {
				value = eq + 1;
			}
			if (pass == 1) {
				if (o->id == OPT_HELP) {
					srv_config_usage(argv[0]);
					return 1;
				}
				if (o->id == OPT_VERSION) {
					printf("wargamed %s\n", WG_VERSION);
					return 1;
				}
				if (o->id == OPT_CONFIG && read_file(cfg, value, err, errsize) != 0)
					return -1;
				continue;
			}
			if (o->id == OPT_CONFIG || o->id == OPT_HELP || o->id == OPT_VERSION)
				continue;
			if (apply(cfg, o, value, err, errsize) != 0)
				return -1;
		}
	}
	if (cfg->tls && (cfg->tls_cert[0] == '\0' || cfg->tls_key[0] == '\0')) {
		snprintf(err, errsize, "--tls-listen needs --tls-cert FILE and --tls-key FILE");
		return -1;
	}
	if (!cfg->tls && (cfg->tls_cert[0] != '\0' || cfg->tls_key[0] != '\0')) {
		snprintf(err, errsize,
		         "--tls-cert and --tls-key are used only with --tls-listen HOST:PORT");
		return -1;
	}
	if (cfg->allow_debug == 1 &&
	    (!loopback(cfg->listen_host) || (cfg->tls && !loopback(cfg->tls_host)))) {
		snprintf(err, errsize,
		         "--allow-debug on the listener %s, which is not loopback, would let a "
		         "player force or learn the dice; use --allow-debug=force to insist",
		         !loopback(cfg->listen_host) ? cfg->listen_host : cfg->tls_host);
		return -1;
	}
	if (cfg->debug_clock > 0 && !cfg->allow_debug) {
		snprintf(
		    err, errsize,
		    "--debug-clock needs --allow-debug (it lets anyone move the games' clocks)");
		return -1;
	}
	if (cfg->debug_seed_set && !cfg->allow_debug) {
		snprintf(err, errsize,
		         "--debug-seed needs --allow-debug (it makes every game's dice "
		         "known in advance)");
		return -1;
	}
	return 0;
}
