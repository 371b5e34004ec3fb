/*
 * test_config.c -- the daemon's settings: defaults, flags, the config file
 * and its precedence, and the errors for bad values.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/config.h"

static int parse(struct srv_config *cfg, char *err, int n, ...)
{
	char *argv[32] = {"wargamed"};
	va_list ap;

	va_start(ap, n);
	for (int i = 0; i < n; i++)
		argv[i + 1] = va_arg(ap, char *);
	va_end(ap);
	srv_config_defaults(cfg);
	return srv_config_parse(cfg, n + 1, argv, err, 600);
}

static void test_defaults(void **state)
{
	struct srv_config cfg;
	char err[600];

	(void)state;
	assert_int_equal(parse(&cfg, err, 0), 0);
	assert_string_equal(cfg.listen_host, "127.0.0.1");
	assert_int_equal(cfg.listen_port, 4000);
	assert_string_equal(cfg.db_path, "./var/wargamed.db");
	assert_int_equal(cfg.allow_debug, 0);
	assert_int_equal(cfg.max_clients, 10000);
	assert_int_equal((int)cfg.output_limit, 1024 * 1024);
	assert_int_equal(cfg.idle_timeout, 120);
}

static void test_flags(void **state)
{
	struct srv_config cfg;
	char err[600];

	(void)state;
	assert_int_equal(parse(&cfg, err, 12, "--listen", "0.0.0.0:4100", "--db=/tmp/x.db",
	                       "--log-level", "debug", "--max-clients", "7", "--allow-debug=force",
	                       "--scenarios", "/a", "--scenarios", "/b"),
	                 0);
	assert_string_equal(cfg.listen_host, "0.0.0.0");
	assert_int_equal(cfg.listen_port, 4100);
	assert_string_equal(cfg.db_path, "/tmp/x.db");
	assert_int_equal(cfg.log_level, SRV_LOG_DEBUG);
	assert_int_equal(cfg.max_clients, 7);
	assert_int_equal(cfg.allow_debug, 2); /* forced: the listener is not loopback */
	assert_int_equal(cfg.nscenario_dirs, 2);
	assert_string_equal(cfg.scenario_dirs[1], "/b");
	assert_int_equal(parse(&cfg, err, 2, "--listen", "[::1]:4001"), 0);
	assert_string_equal(cfg.listen_host, "::1");
}

static void test_bad_values_are_explained(void **state)
{
	struct srv_config cfg;
	char err[600];

	(void)state;
	assert_int_equal(parse(&cfg, err, 2, "--listen", "4000"), -1);
	assert_non_null(strstr(err, "--listen: invalid value '4000'"));
	assert_int_equal(parse(&cfg, err, 2, "--max-clients", "-3"), -1);
	assert_non_null(strstr(err, "--max-clients"));
	assert_int_equal(parse(&cfg, err, 1, "--frobnicate"), -1);
	assert_non_null(strstr(err, "unknown option '--frobnicate'"));
	assert_int_equal(parse(&cfg, err, 1, "--db"), -1);
	assert_non_null(strstr(err, "--db needs a value"));
	assert_int_equal(parse(&cfg, err, 1, "stray"), -1);
	assert_int_equal(parse(&cfg, err, 2, "--log-level", "loud"), -1);
}

/* issue 15: --allow-debug is refused on a listener that is not loopback unless forced; the
 * listen backlog is a setting; -h and -V are --help and --version. */
static void test_debug_loopback_backlog_short_flags(void **state)
{
	struct srv_config cfg;
	char err[600];

	(void)state;
	assert_int_equal(parse(&cfg, err, 3, "--listen", "0.0.0.0:4100", "--allow-debug"), -1);
	assert_non_null(strstr(err, "not loopback"));
	assert_non_null(strstr(err, "--allow-debug=force"));
	assert_int_equal(parse(&cfg, err, 3, "--listen", "127.0.0.1:4100", "--allow-debug"), 0);
	assert_int_equal(cfg.allow_debug, 1);
	assert_int_equal(parse(&cfg, err, 3, "--listen", "[::1]:4100", "--allow-debug"), 0);
	assert_int_equal(cfg.listen_backlog, 511);
	assert_int_equal(parse(&cfg, err, 2, "--listen-backlog", "4096"), 0);
	assert_int_equal(cfg.listen_backlog, 4096);
	assert_int_equal(parse(&cfg, err, 2, "--listen-backlog", "0"), -1);
	assert_int_equal(parse(&cfg, err, 1, "-V"), 1);
	assert_int_equal(parse(&cfg, err, 1, "-h"), 1);
	assert_int_equal(parse(&cfg, err, 1, "-x"), -1);
}

static void test_config_file_and_precedence(void **state)
{
	struct srv_config cfg;
	char path[] = "/tmp/wg-config-XXXXXX", err[600];
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");

	(void)state;
	fprintf(f, "# a comment\n\nlisten = 127.0.0.1:4200\n db = /srv/wg.db \nallow-debug = "
	           "yes\nidle-timeout=30\nscenarios = /extra\n");
	fclose(f);
	assert_int_equal(parse(&cfg, err, 2, "--config", path), 0);
	assert_int_equal(cfg.listen_port, 4200);
	assert_string_equal(cfg.db_path, "/srv/wg.db");
	assert_int_equal(cfg.allow_debug, 1);
	assert_int_equal(cfg.idle_timeout, 30);
	assert_int_equal(cfg.nscenario_dirs, 1);
	/* a flag wins over the file, wherever it stands */
	assert_int_equal(parse(&cfg, err, 4, "--listen", "127.0.0.1:4300", "--config", path), 0);
	assert_int_equal(cfg.listen_port, 4300);

	f = fopen(path, "w");
	fprintf(f, "listen = 127.0.0.1:4200\nspeed = 11\n");
	fclose(f);
	assert_int_equal(parse(&cfg, err, 2, "--config", path), -1);
	assert_non_null(strstr(err, ":2: unknown setting 'speed'"));
	f = fopen(path, "w");
	fprintf(f, "max-clients = lots\n");
	fclose(f);
	assert_int_equal(parse(&cfg, err, 2, "--config", path), -1);
	assert_non_null(strstr(err, ":1: --max-clients: invalid value 'lots'"));
	f = fopen(path, "w");
	fprintf(f, "just words\n");
	fclose(f);
	assert_int_equal(parse(&cfg, err, 2, "--config", path), -1);
	unlink(path);
	assert_int_equal(parse(&cfg, err, 2, "--config", path), -1);
	assert_non_null(strstr(err, "No such file"));
}

/* issue 15: the TLS listener needs its certificate and key, and they need the listener;
 * --allow-debug counts the TLS listener's address too; "none" turns it off (a config file's
 * listener overridden by a flag). */
static void test_tls_settings(void **state)
{
	struct srv_config cfg;
	char err[600];

	(void)state;
	assert_int_equal(parse(&cfg, err, 0), 0);
	assert_int_equal(cfg.tls, 0);
	assert_int_equal(parse(&cfg, err, 6, "--tls-listen", "0.0.0.0:4433", "--tls-cert",
	                       "/etc/wg/cert.pem", "--tls-key", "/etc/wg/key.pem"),
	                 0);
	assert_int_equal(cfg.tls, 1);
	assert_string_equal(cfg.tls_host, "0.0.0.0");
	assert_int_equal(cfg.tls_port, 4433);
	assert_string_equal(cfg.tls_cert, "/etc/wg/cert.pem");
	assert_string_equal(cfg.tls_key, "/etc/wg/key.pem");
	assert_int_equal(parse(&cfg, err, 2, "--tls-listen", "[::]:4433"), -1);
	assert_non_null(strstr(err, "--tls-listen needs --tls-cert FILE and --tls-key FILE"));
	assert_int_equal(parse(&cfg, err, 2, "--tls-cert", "c.pem"), -1);
	assert_non_null(strstr(err, "only with --tls-listen"));
	assert_int_equal(parse(&cfg, err, 2, "--tls-listen", "4433"), -1);
	assert_non_null(strstr(err, "--tls-listen: invalid value '4433'"));
	assert_int_equal(parse(&cfg, err, 7, "--tls-listen", "0.0.0.0:4433", "--tls-cert", "c.pem",
	                       "--tls-key", "k.pem", "--allow-debug"),
	                 -1);
	assert_non_null(strstr(err, "0.0.0.0"));
	assert_int_equal(parse(&cfg, err, 7, "--tls-listen", "127.0.0.1:4433", "--tls-cert",
	                       "c.pem", "--tls-key", "k.pem", "--allow-debug"),
	                 0);
	assert_int_equal(parse(&cfg, err, 8, "--tls-listen", "127.0.0.1:4433", "--tls-cert",
	                       "c.pem", "--tls-key", "k.pem", "--tls-listen", "none"),
	                 -1); /* off, but a certificate is still named */
	assert_int_equal(
	    parse(&cfg, err, 4, "--tls-listen", "127.0.0.1:4433", "--tls-listen", "none"), 0);
	assert_int_equal(cfg.tls, 0);
	/* the request rate per address: off by default */
	assert_int_equal(parse(&cfg, err, 0), 0);
	assert_int_equal(cfg.requests_per_address, 0);
	assert_int_equal(parse(&cfg, err, 2, "--requests-per-address", "200"), 0);
	assert_int_equal(cfg.requests_per_address, 200);
	assert_int_equal(parse(&cfg, err, 2, "--requests-per-address", "-1"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_defaults),
	    cmocka_unit_test(test_flags),
	    cmocka_unit_test(test_bad_values_are_explained),
	    cmocka_unit_test(test_debug_loopback_backlog_short_flags),
	    cmocka_unit_test(test_config_file_and_precedence),
	    cmocka_unit_test(test_tls_settings),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
