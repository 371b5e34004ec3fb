/*
 * config.h -- the daemon's settings: defaults, the config file, the flags.
 *
 * Precedence: built-in defaults < --config FILE < other command-line flags
 * (flags are applied after the file wherever they appear).  The file has
 * one `key = value` per line, '#' comments and blank lines; keys are the
 * long flag names without "--" (docs/operations.md lists them all, and so
 * does `wargamed --help`).  Boolean keys take yes/no/true/false/1/0.
 */
#ifndef SRV_CONFIG_H
#define SRV_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "log.h"

#define SRV_MAX_SCENARIO_DIRS 16

struct srv_config {
	char listen_host[64];
	int listen_port; /* 0: the kernel picks (logged) */
	char db_path[512];
	enum srv_log_level log_level;
	int max_clients;
	size_t output_limit; /* bytes queued for one client before it is cut off */
	int idle_timeout;    /* seconds a connection that is not logged in may stay silent */
	int allow_debug;     /* 1 on, 2 forced on a listener that is not loopback */
	int listen_backlog;  /* the listen(2) backlog */
	int debug_seed_set;  /* --debug-seed: every new game takes debug_seed */
	unsigned char debug_seed[32]; /* (with --allow-debug only: reproducible games) */
	int64_t debug_clock;          /* --debug-clock: the fake clock's start (s), 0: real time */
	int snapshot_every;           /* actions between snapshots */
	char data_dir[512];           /* the shipped scenarios; "": srv_config_find_data */
	int nscenario_dirs;
	char scenario_dirs[SRV_MAX_SCENARIO_DIRS][512];
	int login_threads;          /* libuv threadpool size for password hashing */
	int max_hashes;             /* password hashes queued or running at once */
	int max_hashes_per_address; /* ... for one client address */
	int register_burst;         /* registrations per address before the brake */
	int max_per_address;        /* connections from one client address */
	size_t output_budget;       /* bytes queued for all clients together */
	int max_open_games;         /* games of one user waiting for an opponent */
	int chat_per_minute;        /* chat messages of one user a minute */
	int guest_timeout;          /* seconds a connection may stay without logging in */
	int requests_per_address;   /* requests a second from one address; 0: no limit */
	char admins[512];           /* user names, comma-separated: the operators */
	char sendmail[256];         /* the sendmail program e-mail notifications go through */
	char mail_from[256];        /* their From: address */
	int webhook_private;        /* 1: webhooks may reach addresses that are not public */
	int rating_side_advantage;  /* 1: ratings expect a side's advantage (docs/tournaments.md) */
	int tls;                    /* 1: a TLS listener (tls.h) */
	char tls_host[64];
	int tls_port;       /* 0: the kernel picks (logged) */
	char tls_cert[512]; /* PEM: the certificate, then its chain */
	char tls_key[512];  /* PEM: its private key */
};

/* Fills cfg with the built-in defaults. */
void srv_config_defaults(struct srv_config *cfg);

/*
 * Applies argv (argv[0] is the program) over cfg, reading --config first.
 * Returns 0 to run, 1 when --help or --version was printed (exit 0), or -1
 * with a message in err (exit 2).
 */
int srv_config_parse(struct srv_config *cfg, int argc, char **argv, char *err, size_t errsize);

/*
 * The settings of a subcommand that takes one FILE (`wargamed backup FILE [options]`, `wargamed
 * replay FILE [options]`: argv[0] the subcommand, argv[1] the file): the defaults with
 * argv[2..] applied as by srv_config_parse.  Returns as srv_config_parse; a usage error (no
 * FILE, too many options) is -1 with err "usage".
 */
int srv_config_subcommand(struct srv_config *cfg, int argc, char **argv, char *err, size_t errsize);

/* Writes the --help text to stdout. */
void srv_config_usage(const char *prog);

/*
 * Without --data-dir, finds the shipped scenarios (cfg->data_dir set): the installed
 * directory next to the program (<dir of the binary>/WG_DATA_REL, e.g.
 * /usr/local/bin/../share/wargamed/data: what `cmake --install` makes, DESTDIR included),
 * else the data/ of the source tree the binary was built from (the build tree).  Returns 1
 * when the installed directory was found, 0 for the source tree (or --data-dir).
 */
int srv_config_find_data(struct srv_config *cfg);

#endif
