/*
 * main.c -- wg-bench: options, file-descriptor limit, and the report.
 *
 * Usage mirrors redis-benchmark: -h host -p port -c connections
 * -n requests -t tests -P pipeline, plus --duration, --idle, --scenario,
 * --server-pid.  Each test in -t runs on fresh connections, one after the
 * other; each prints a human block and one "SUMMARY key=value ..." line that
 * bench/run.sh collects.  For -t durable, -c counts clients of two
 * connections each.  Exit status: 0 every test ran (replies with err are
 * counted, not fatal), 1 usage or set-up error, 2 no connection could be
 * made, 3 a test hit the hard timeout.
 */
#include <errno.h>
#include <getopt.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

static void usage(FILE *f)
{
	fprintf(f,
	        "usage: wg-bench [-h host] [-p port] [-c connections] [-n requests]\n"
	        "                [-t ping,mix,idle,durable,view,flood,set] [-P pipeline]\n"
	        "                [--duration SECONDS] [--idle] [--scenario NAME]\n"
	        "                [--server-pid PID] [--login] [--fsync-floor DIR]\n"
	        "\n"
	        "A load generator for wargamed, modelled on redis-benchmark.\n"
	        "\n"
	        "  -h HOST            server address (default 127.0.0.1)\n"
	        "  -p PORT            server port (default 4000)\n"
	        "  -c N               connections (default 50; durable: clients, of two\n"
	        "                     connections each)\n"
	        "  -n N               total requests per test (default 100000; 0 with\n"
	        "                     --duration = unlimited)\n"
	        "  -t LIST            tests, comma-separated (default ping):\n"
	        "                       ping  ping and wait for ok, over and over\n"
	        "                       mix   register + login (set-up, reported apart),\n"
	        "                             then whoami, scenarios, games open,\n"
	        "                             [new|join], view, pending, say, log 5,\n"
	        "                             games mine, then view/pending/log 5\n"
	        "                       idle  open the connections and hold them\n"
	        "                       flood ping on -c connections while hostile ones\n"
	        "                             attack: --attackers pipeline help and never\n"
	        "                             read, --idlers send nothing, --slowloris send\n"
	        "                             lines that never end, --bruteforce try wrong\n"
	        "                             passwords\n"
	        "                       durable  each client plays games of --scenario\n"
	        "                             (default scheldt) through two connections\n"
	        "                             (register + login both, new + join: set-up),\n"
	        "                             one fixed list of legal actions after the\n"
	        "                             other, one in flight per client; -n counts\n"
	        "                             actions\n"
	        "                       view  durable's clients and set-up, then each sends\n"
	        "                             \"view game=<id>\" (text) over and over, on\n"
	        "                             its two connections in turn; -n counts views\n"
	        "                       set   (--redis only) SET key:<conn> xxx and wait\n"
	        "                             for +OK, over and over: against a redis-server\n"
	        "                             with appendfsync always, the durable comparison\n"
	        "  -P N               requests in flight per connection (default 1, max %d;\n"
	        "                     durable: always 1 per client)\n"
	        "  --duration S       stop each test after S seconds (idle: default 10)\n"
	        "  --idle             same as -t idle\n"
	        "  --login            idle, flood: register and log in each (honest) connection\n"
	        "  --scenario NAME    mix: create (even connections) and join (odd) games;\n"
	        "                     durable: the game to play (only scheldt has a script)\n"
	        "  --server-pid PID   idle: report the server's VmRSS per connection;\n"
	        "                     the other tests: the server's CPU per request\n"
	        "  --attackers N      flood: the connections that send help and never read\n"
	        "                     (default 300)\n"
	        "  --attack-lines N   flood: the help lines each attacker sends (default 6000)\n"
	        "  --idlers N         flood: connections that never send a byte (default 0)\n"
	        "  --slowloris N      flood: connections that send a line a byte at a time,\n"
	        "                     never its end (default 0)\n"
	        "  --slow-secs S      flood: seconds between two bytes of a slowloris (default 1)\n"
	        "  --bruteforce N     flood: connections that try wrong passwords of the first\n"
	        "                     honest user, one after another (default 0)\n"
	        "  --sources K        flood: spread the hostile connections over K loopback\n"
	        "                     addresses 127.1.x.y (to fit the server's per-address\n"
	        "                     limits; default 0: the same address as the honest ones);\n"
	        "                     durable: client k connects from 127.1.x.y number k mod K\n"
	        "                     (its two logins stay under the failed-login brake, which\n"
	        "                     counts logins in flight per address)\n"
	        "  --warmup N         idle: open (and log in) N connections first; the memory\n"
	        "                     per connection counts the others, from the RSS after\n"
	        "                     them (the login threads' memory is reported apart)\n"
	        "  --redis            the server is a redis-server (ping, idle and set only):\n"
	        "                     no greeting, +PONG ends a reply; the same requests,\n"
	        "                     connections and clock as against wargamed\n"
	        "  --user-prefix P    user names are P<i> (default bench<c>_, durable<c>_)\n"
	        "  --password PW      password of the bench users (default bench-pass-1)\n"
	        "  --connect-burst N  connects in flight at once (default 256)\n"
	        "  --timeout S        hard limit per test (default: duration + 120, or 300;\n"
	        "                     plus connections / 5 for tests that log in)\n"
	        "  --ready-timeout S  a connection without greeting (and login) after S\n"
	        "                     seconds counts as failed (default 30)\n"
	        "  -q, --quiet        only the SUMMARY lines\n"
	        "  --fsync-floor DIR  no server: time -n (default 1000) appends of 200 bytes to\n"
	        "                     a file in DIR, each followed by fdatasync (the disk's\n"
	        "                     floor under a reply that waits for the disk), and exit\n"
	        "  --help, --version\n",
	        BENCH_PIPE_MAX);
}

/* Parses a non-negative number into *out; 0 or -1. */
static int parse_num(const char *s, double max, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (*s == '\0' || *end != '\0' || errno != 0 || !(v >= 0 && v <= max))
		return -1;
	*out = v;
	return 0;
}

/*
 * Makes sure the process may open need descriptors: raises the soft limit,
 * and the hard one if allowed.  Returns 0, or -1 after printing why not.
 */
static int raise_nofile(rlim_t need)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0) {
		fprintf(stderr, "wg-bench: getrlimit: %s\n", strerror(errno));
		return -1;
	}
	if (rl.rlim_cur >= need)
		return 0;
	if (rl.rlim_max < need) {
		struct rlimit want = {.rlim_cur = need, .rlim_max = need};

		if (setrlimit(RLIMIT_NOFILE, &want) == 0)
			return 0;
		fprintf(stderr,
		        "wg-bench: %llu connections need %llu file descriptors, but the hard "
		        "limit is %llu and cannot be raised (%s); run 'ulimit -Hn %llu' as root "
		        "first, or use fewer connections\n",
		        (unsigned long long)need - 64, (unsigned long long)need,
		        (unsigned long long)rl.rlim_max, strerror(errno), (unsigned long long)need);
		return -1;
	}
	rl.rlim_cur = need;
	if (setrlimit(RLIMIT_NOFILE, &rl) != 0) {
		fprintf(stderr, "wg-bench: cannot raise the file descriptor limit to %llu: %s\n",
		        (unsigned long long)need, strerror(errno));
		return -1;
	}
	return 0;
}

static void print_latency(const char *label, const struct bench_hist *h)
{
	printf("  %-13s p50 %llu  p90 %llu  p99 %llu  max %llu  (mean %.1f)\n", label,
	       (unsigned long long)bench_hist_percentile(h, 50),
	       (unsigned long long)bench_hist_percentile(h, 90),
	       (unsigned long long)bench_hist_percentile(h, 99), (unsigned long long)h->max,
	       bench_hist_mean(h));
}

/*
 * --fsync-floor DIR: the disk's cost of making one small write durable, the floor under
 * any server that syncs before it replies: n times, 200 bytes appended to a file in DIR
 * (removed after) and fdatasync, as a write-ahead log or an append-only file is synced.
 * Prints the latencies and a SUMMARY line; 0, or 1 if the file cannot be written.
 */
static int fsync_floor(const char *dir, uint64_t n)
{
	char path[4096], data[200];
	struct bench_hist h;
	struct timespec a, b;
	uint64_t i, us, total = 0;
	int fd;

	if (n == 0)
		n = 1000;
	snprintf(path, sizeof(path), "%s/wg-bench-fsync.XXXXXX", dir);
	fd = mkstemp(path);
	if (fd < 0) {
		fprintf(stderr, "wg-bench: cannot create a file in %s: %s\n", dir, strerror(errno));
		return 1;
	}
	unlink(path);
	memset(data, 'x', sizeof(data));
	bench_hist_init(&h);
	for (i = 0; i < n; i++) {
		clock_gettime(CLOCK_MONOTONIC, &a);
		if (write(fd, data, sizeof(data)) != (ssize_t)sizeof(data) || fdatasync(fd) != 0) {
			fprintf(stderr, "wg-bench: writing in %s: %s\n", dir, strerror(errno));
			close(fd);
			return 1;
		}
		clock_gettime(CLOCK_MONOTONIC, &b);
		us = (uint64_t)((b.tv_sec - a.tv_sec) * 1000000 + (b.tv_nsec - a.tv_nsec) / 1000);
		bench_hist_add(&h, us);
		total += us;
	}
	close(fd);
	printf("fsync floor in %s: %llu appends of 200 bytes, each followed by fdatasync\n", dir,
	       (unsigned long long)n);
	print_latency("latency (us):", &h);
	printf("SUMMARY test=fsync n=%llu seconds=%.3f rps=%.1f p50_us=%llu p90_us=%llu "
	       "p99_us=%llu max_us=%llu\n",
	       (unsigned long long)n, (double)total / 1e6,
	       total > 0 ? (double)n * 1e6 / (double)total : 0,
	       (unsigned long long)bench_hist_percentile(&h, 50),
	       (unsigned long long)bench_hist_percentile(&h, 90),
	       (unsigned long long)bench_hist_percentile(&h, 99), (unsigned long long)h.max);
	return 0;
}

/* Why connections failed: connect errors, early closes, missing greetings. */
static void print_failures(const struct bench_result *r)
{
	printf(
	    "  failed:      %zu connect (%s), %zu closed before ready, %zu no greeting in time\n",
	    r->fail_why[BENCH_FAIL_CONNECT], r->connect_error[0] != '\0' ? r->connect_error : "-",
	    r->fail_why[BENCH_FAIL_CLOSED], r->fail_why[BENCH_FAIL_TIMEOUT]);
	if (r->fail_why[BENCH_FAIL_SETUP] > 0 || r->fail_why[BENCH_FAIL_PARTNER] > 0)
		printf("               %zu new or join refused, %zu because the other connection "
		       "of the client failed\n",
		       r->fail_why[BENCH_FAIL_SETUP], r->fail_why[BENCH_FAIL_PARTNER]);
}

/* durable: what the clients played, and the new/join of later games. */
static void print_durable(const struct bench_result *r)
{
	printf("  games:       %llu played to the end of the script, %llu given up after an "
	       "err, %zu clients stopped early\n",
	       (unsigned long long)r->games, (unsigned long long)r->games_dropped, r->clients_done);
	printf("  new / join:  %llu / %llu in all (the first of each client in the set-up), "
	       "not counted as actions\n",
	       (unsigned long long)r->verb[BV_NEW].n, (unsigned long long)r->verb[BV_JOIN].n);
}

/* flood: what each kind of hostile connection did, and what the server did to it. */
static void print_hostile(const struct bench_opts *o, const struct bench_result *r)
{
	if (o->attackers > 0)
		printf("  attackers:   %zu sent %llu help lines and read nothing; %zu were "
		       "closed by the server\n",
		       r->attackers, (unsigned long long)r->attack_requests, r->attackers_lost);
	if (o->idlers > 0)
		printf("  idlers:      %zu connected and sent nothing; %zu were closed by the "
		       "server\n",
		       r->hostile[BENCH_IDLER], r->hostile_lost[BENCH_IDLER]);
	if (o->slowloris > 0)
		printf(
		    "  slowloris:   %zu sent %llu bytes of lines never ended, a byte every %.1f s "
		    "each; %zu were closed by the server\n",
		    r->hostile[BENCH_SLOW], (unsigned long long)r->slow_bytes, o->slow_secs,
		    r->hostile_lost[BENCH_SLOW]);
	if (o->bruteforce > 0)
		printf("  bruteforce:  %zu tried %llu wrong passwords: %llu refused "
		       "(rate-limited), %llu other answers; %zu were closed by the server\n",
		       r->hostile[BENCH_BRUTE], (unsigned long long)r->brute_tries,
		       (unsigned long long)r->brute_refused, (unsigned long long)r->brute_other,
		       r->hostile_lost[BENCH_BRUTE]);
	if (o->sources > 0 || r->hostile_failed > 0)
		printf("  sources:     the hostile connections came from %zu addresses; %zu never "
		       "got a greeting\n",
		       o->sources ? o->sources : 1, r->hostile_failed);
}

static void report_load(const struct bench_opts *o, const struct bench_result *r)
{
	double rps = r->load_secs > 0 ? (double)r->completed / r->load_secs : 0;
	int durable = bench_test_paired(r->test);
	int views = r->test == BENCH_VIEW;
	const char *what = views ? "views" : durable ? "actions" : "requests";
	size_t i;
	int v;

	if (!o->quiet) {
		printf("====== %s ======\n", bench_test_name(r->test));
		if (durable)
			printf("  clients:     %zu requested, of two connections each\n", r->conns);
		printf(
		    "  connections: %zu requested, %zu ready%s in %.2f s, %zu failed, %zu lost\n",
		    r->connections, r->ready,
		    r->test == BENCH_MIX ? " (greeted, registered, logged in)"
		    : durable            ? " (greeted, registered, logged in, in a game)"
		                         : "",
		    r->connect_secs, r->failed, r->lost);
		if (r->failed > 0)
			print_failures(r);
		if (r->test == BENCH_MIX || durable)
			printf("  set-up:      %llu logins (%.1f per second), %llu set-up errors; "
			       "not part of the figures below\n",
			       (unsigned long long)r->verb[BV_LOGIN].n,
			       r->connect_secs > 0 ? (double)r->verb[BV_LOGIN].n / r->connect_secs
			                           : 0,
			       (unsigned long long)r->login_errors);
		printf("  %-12s %llu completed in %.2f s (pipeline %zu), %llu errors, "
		       "%llu notifications\n",
		       views     ? "views:"
		       : durable ? "actions:"
		                 : "requests:",
		       (unsigned long long)r->completed, r->load_secs, o->pipeline,
		       (unsigned long long)r->errors, (unsigned long long)r->notices);
		if (durable && !views)
			print_durable(r);
		if (r->test == BENCH_FLOOD)
			print_hostile(o, r);
		printf("  throughput:  %.2f %s per second%s\n", rps, what,
		       views     ? " (text, of the client's running game)"
		       : durable ? " (each one committed before its ok)"
		                 : "");
		print_latency("latency (us):", &r->all);
		if (r->server_cpu_secs >= 0 && r->completed > 0)
			printf(
			    "  server CPU:  %.2f s (user + system) for the load, %.2f us per %s\n",
			    r->server_cpu_secs, r->server_cpu_secs * 1e6 / (double)r->completed,
			    views     ? "view"
			    : durable ? "action"
			              : "request");
		if (r->test == BENCH_MIX || durable) {
			printf("  %-12s %10s %8s %8s %8s %8s\n", "verb", "count", "errors",
			       "p50 us", "p99 us", "max us");
			for (v = 0; v < BV_COUNT; v++) {
				if (r->verb[v].n == 0)
					continue;
				printf("  %-12s %10llu %8llu %8llu %8llu %8llu%s\n",
				       bench_verb_name(v), (unsigned long long)r->verb[v].n,
				       (unsigned long long)r->verb_errors[v],
				       (unsigned long long)bench_hist_percentile(&r->verb[v], 50),
				       (unsigned long long)bench_hist_percentile(&r->verb[v], 99),
				       (unsigned long long)r->verb[v].max,
				       v == BV_REGISTER || v == BV_LOGIN ||
				               (durable && !bench_verb_is_load(v))
				           ? "  (set-up)"
				           : "");
			}
		}
		if (r->ncodes > 0) {
			printf("  error codes:");
			for (i = 0; i < r->ncodes; i++)
				printf(" %s=%llu", r->codes[i].code,
				       (unsigned long long)r->codes[i].count);
			printf("\n");
		}
		if (r->timed_out)
			printf("  TIMED OUT after %.0f s\n", o->timeout);
	}
	printf("SUMMARY test=%s conns=%zu ready=%zu failed=%zu lost=%zu ready_secs=%.2f "
	       "login_p50_us=%llu login_errors=%llu pipeline=%zu "
	       "requests=%llu errors=%llu seconds=%.3f rps=%.1f p50_us=%llu p90_us=%llu "
	       "p99_us=%llu max_us=%llu timed_out=%d",
	       bench_test_name(r->test), r->conns, r->ready, r->failed, r->lost, r->connect_secs,
	       (unsigned long long)bench_hist_percentile(&r->verb[BV_LOGIN], 50),
	       (unsigned long long)r->login_errors, o->pipeline, (unsigned long long)r->completed,
	       (unsigned long long)r->errors, r->load_secs, rps,
	       (unsigned long long)bench_hist_percentile(&r->all, 50),
	       (unsigned long long)bench_hist_percentile(&r->all, 90),
	       (unsigned long long)bench_hist_percentile(&r->all, 99),
	       (unsigned long long)r->all.max, r->timed_out);
	printf(" server=%s server_cpu_s=%.2f server_us_per_req=%.2f",
	       o->redis ? "redis" : "wargamed", r->server_cpu_secs,
	       r->server_cpu_secs >= 0 && r->completed > 0
	           ? r->server_cpu_secs * 1e6 / (double)r->completed
	           : -1.0);
	if (r->test == BENCH_FLOOD)
		printf(" attackers=%zu attack_requests=%llu attackers_lost=%zu idlers=%zu "
		       "idlers_lost=%zu slowloris=%zu slowloris_lost=%zu slow_bytes=%llu "
		       "bruteforce=%zu bruteforce_lost=%zu brute_tries=%llu brute_refused=%llu "
		       "brute_other=%llu hostile_failed=%zu sources=%zu",
		       r->attackers, (unsigned long long)r->attack_requests, r->attackers_lost,
		       r->hostile[BENCH_IDLER], r->hostile_lost[BENCH_IDLER],
		       r->hostile[BENCH_SLOW], r->hostile_lost[BENCH_SLOW],
		       (unsigned long long)r->slow_bytes, r->hostile[BENCH_BRUTE],
		       r->hostile_lost[BENCH_BRUTE], (unsigned long long)r->brute_tries,
		       (unsigned long long)r->brute_refused, (unsigned long long)r->brute_other,
		       r->hostile_failed, o->sources);
	if (durable)
		printf(" connections=%zu games=%llu games_dropped=%llu clients_done=%zu "
		       "new_p50_us=%llu join_p50_us=%llu",
		       r->connections, (unsigned long long)r->games,
		       (unsigned long long)r->games_dropped, r->clients_done,
		       (unsigned long long)bench_hist_percentile(&r->verb[BV_NEW], 50),
		       (unsigned long long)bench_hist_percentile(&r->verb[BV_JOIN], 50));
	printf("\n");
}

static void report_idle(const struct bench_opts *o, const struct bench_result *r)
{
	int have_rss = r->rss_before_kb >= 0 && r->rss_after_kb >= 0 && r->ready > 0;
	double per_conn = 0;

	size_t measured = r->ready - r->warm_ready;

	have_rss = have_rss && measured > 0;
	if (have_rss)
		per_conn = (double)(r->rss_after_kb - r->rss_before_kb) * 1024.0 / (double)measured;
	if (!o->quiet) {
		printf("====== idle ======\n");
		printf("  connections: %zu requested, %zu open%s in %.2f s, %zu failed\n", r->conns,
		       r->ready, o->idle_login ? " and logged in" : "", r->connect_secs, r->failed);
		if (r->failed > 0)
			print_failures(r);
		printf("  held %.1f s: %zu still open, %zu closed by the server\n", r->load_secs,
		       r->open_at_end, r->lost);
		if (r->ncodes > 0)
			printf("  set-up errors: %s=%llu%s\n", r->codes[0].code,
			       (unsigned long long)r->codes[0].count, r->ncodes > 1 ? " ..." : "");
		if (have_rss && r->warm_ready > 0)
			printf(
			    "  warm-up:     %zu connections first: server VmRSS %ld kB -> %ld kB\n",
			    r->warm_ready, r->rss_start_kb, r->rss_before_kb);
		if (have_rss)
			printf("  server VmRSS: %ld kB before, %ld kB with the connections open, "
			       "%ld kB at the end, peak (VmHWM) %ld kB\n"
			       "  server memory per connection: %.0f bytes (%.2f KiB) over %zu "
			       "connections\n",
			       r->rss_before_kb, r->rss_after_kb, r->rss_end_kb, r->rss_peak_kb,
			       per_conn, per_conn / 1024.0, measured);
		else if (o->server_pid > 0)
			printf("  server VmRSS: unknown (cannot read /proc/%ld/status)\n",
			       o->server_pid);
		if (r->timed_out)
			printf("  TIMED OUT after %.0f s\n", o->timeout);
	}
	printf("SUMMARY test=idle conns=%zu open=%zu failed=%zu dropped=%zu seconds=%.3f "
	       "rss_before_kb=%ld rss_after_kb=%ld rss_end_kb=%ld bytes_per_conn=%.0f "
	       "timed_out=%d login=%d warmup=%zu rss_start_kb=%ld rss_peak_kb=%ld\n",
	       r->conns, r->ready, r->failed, r->lost, r->load_secs, r->rss_before_kb,
	       r->rss_after_kb, r->rss_end_kb, per_conn, r->timed_out, o->idle_login, r->warm_ready,
	       r->rss_start_kb, r->rss_peak_kb);
}

int main(int argc, char **argv)
{
	enum {
		OPT_DURATION = 1000,
		OPT_IDLE,
		OPT_LOGIN,
		OPT_SCENARIO,
		OPT_SERVER_PID,
		OPT_PREFIX,
		OPT_PASSWORD,
		OPT_BURST,
		OPT_TIMEOUT,
		OPT_READY_TIMEOUT,
		OPT_REDIS,
		OPT_WARMUP,
		OPT_ATTACKERS,
		OPT_ATTACK_LINES,
		OPT_IDLERS,
		OPT_SLOWLORIS,
		OPT_SLOW_SECS,
		OPT_BRUTEFORCE,
		OPT_SOURCES,
		OPT_HELP,
		OPT_VERSION,
		OPT_FSYNC_FLOOR,
	};
	static const struct option longopts[] = {
	    {"duration", required_argument, NULL, OPT_DURATION},
	    {"idle", no_argument, NULL, OPT_IDLE},
	    {"login", no_argument, NULL, OPT_LOGIN},
	    {"scenario", required_argument, NULL, OPT_SCENARIO},
	    {"server-pid", required_argument, NULL, OPT_SERVER_PID},
	    {"user-prefix", required_argument, NULL, OPT_PREFIX},
	    {"password", required_argument, NULL, OPT_PASSWORD},
	    {"connect-burst", required_argument, NULL, OPT_BURST},
	    {"timeout", required_argument, NULL, OPT_TIMEOUT},
	    {"ready-timeout", required_argument, NULL, OPT_READY_TIMEOUT},
	    {"redis", no_argument, NULL, OPT_REDIS},
	    {"warmup", required_argument, NULL, OPT_WARMUP},
	    {"attackers", required_argument, NULL, OPT_ATTACKERS},
	    {"attack-lines", required_argument, NULL, OPT_ATTACK_LINES},
	    {"idlers", required_argument, NULL, OPT_IDLERS},
	    {"slowloris", required_argument, NULL, OPT_SLOWLORIS},
	    {"slow-secs", required_argument, NULL, OPT_SLOW_SECS},
	    {"bruteforce", required_argument, NULL, OPT_BRUTEFORCE},
	    {"sources", required_argument, NULL, OPT_SOURCES},
	    {"quiet", no_argument, NULL, 'q'},
	    {"help", no_argument, NULL, OPT_HELP},
	    {"version", no_argument, NULL, OPT_VERSION},
	    {"fsync-floor", required_argument, NULL, OPT_FSYNC_FLOOR},
	    {NULL, 0, NULL, 0},
	};
	struct bench_opts o = {
	    .host = "127.0.0.1",
	    .port = 4000,
	    .conns = 50,
	    .requests = 100000,
	    .pipeline = 1,
	    .connect_burst = 256,
	    .ready_timeout = 30,
	    .tests = 1u << BENCH_PING,
	    .password = "bench-pass-1",
	    .attackers = 300,
	    .attack_lines = 6000,
	    .slow_secs = 1,
	};
	struct bench_result *r;
	struct in6_addr a6;
	struct in_addr a4;
	const char *fsync_dir = NULL;
	int c, rc = 0, n_given = 0, t;
	double v;

	while ((c = getopt_long(argc, argv, "h:p:c:n:t:P:q", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			o.host = optarg;
			break;
		case 'p':
			if (parse_num(optarg, 65535, &v) != 0 || v < 1)
				goto bad;
			o.port = (int)v;
			break;
		case 'c':
			if (parse_num(optarg, 1000000, &v) != 0 || v < 1)
				goto bad;
			o.conns = (size_t)v;
			break;
		case 'n':
			if (parse_num(optarg, 1e15, &v) != 0)
				goto bad;
			o.requests = (uint64_t)v;
			n_given = 1;
			break;
		case 't':
			o.tests = bench_parse_tests(optarg);
			if (o.tests == 0)
				goto bad;
			break;
		case 'P':
			if (parse_num(optarg, BENCH_PIPE_MAX, &v) != 0 || v < 1)
				goto bad;
			o.pipeline = (size_t)v;
			break;
		case 'q':
			o.quiet = 1;
			break;
		case OPT_DURATION:
			if (parse_num(optarg, 86400, &v) != 0)
				goto bad;
			o.duration = v;
			break;
		case OPT_IDLE:
			o.tests = 1u << BENCH_IDLE;
			break;
		case OPT_LOGIN:
			o.idle_login = 1;
			break;
		case OPT_SCENARIO:
			o.scenario = optarg;
			break;
		case OPT_SERVER_PID:
			if (parse_num(optarg, 4194304, &v) != 0 || v < 1)
				goto bad;
			o.server_pid = (long)v;
			break;
		case OPT_PREFIX:
			o.user_prefix = optarg;
			break;
		case OPT_PASSWORD:
			o.password = optarg;
			break;
		case OPT_BURST:
			if (parse_num(optarg, 100000, &v) != 0 || v < 1)
				goto bad;
			o.connect_burst = (size_t)v;
			break;
		case OPT_TIMEOUT:
			if (parse_num(optarg, 86400, &v) != 0 || v <= 0)
				goto bad;
			o.timeout = v;
			break;
		case OPT_READY_TIMEOUT:
			if (parse_num(optarg, 86400, &v) != 0 || v <= 0)
				goto bad;
			o.ready_timeout = v;
			break;
		case OPT_REDIS:
			o.redis = 1;
			break;
		case OPT_ATTACKERS:
			if (parse_num(optarg, 1000000, &v) != 0)
				goto bad;
			o.attackers = (size_t)v;
			break;
		case OPT_ATTACK_LINES:
			if (parse_num(optarg, 1000000, &v) != 0 || v < 1)
				goto bad;
			o.attack_lines = (size_t)v;
			break;
		case OPT_IDLERS:
		case OPT_SLOWLORIS:
		case OPT_BRUTEFORCE:
		case OPT_SOURCES:
			if (parse_num(optarg, 1000000, &v) != 0)
				goto bad;
			*(c == OPT_IDLERS       ? &o.idlers
			  : c == OPT_SLOWLORIS  ? &o.slowloris
			  : c == OPT_BRUTEFORCE ? &o.bruteforce
			                        : &o.sources) = (size_t)v;
			break;
		case OPT_SLOW_SECS:
			if (parse_num(optarg, 3600, &v) != 0 || v <= 0)
				goto bad;
			o.slow_secs = v;
			break;
		case OPT_WARMUP:
			if (parse_num(optarg, 1000000, &v) != 0)
				goto bad;
			o.warmup = (size_t)v;
			break;
		case OPT_HELP:
			usage(stdout);
			return 0;
		case OPT_FSYNC_FLOOR:
			fsync_dir = optarg;
			break;
		case OPT_VERSION:
			printf("wg-bench %s\n", WG_VERSION);
			return 0;
		default:
			usage(stderr);
			return 1;
		}
	}
	if (optind < argc) {
		usage(stderr);
		return 1;
	}
	if (fsync_dir != NULL)
		return fsync_floor(fsync_dir, n_given ? o.requests : 1000);
	if (inet_pton(AF_INET, o.host, &a4) != 1 && inet_pton(AF_INET6, o.host, &a6) != 1) {
		fprintf(stderr, "wg-bench: -h wants a numeric address (e.g. 127.0.0.1), not '%s'\n",
		        o.host);
		return 1;
	}
	if (o.redis && (o.tests & ~((1u << BENCH_PING) | (1u << BENCH_IDLE) | (1u << BENCH_SET)))) {
		fprintf(stderr, "wg-bench: --redis runs only ping, idle and set\n");
		return 1;
	}
	if (!o.redis && (o.tests & (1u << BENCH_SET))) {
		fprintf(stderr, "wg-bench: set is a redis command: it needs --redis\n");
		return 1;
	}
	if (o.duration > 0 && !n_given)
		o.requests = 0;
	if ((o.tests & ((1u << BENCH_DURABLE) | (1u << BENCH_VIEW))) &&
	    bench_durable_steps(o.scenario != NULL ? o.scenario : "scheldt") == 0) {
		fprintf(stderr,
		        "wg-bench: durable has no script for scenario '%s' (only scheldt)\n",
		        o.scenario);
		return 1;
	}
	if (raise_nofile(
	        (rlim_t)o.conns * (o.tests & ((1u << BENCH_DURABLE) | (1u << BENCH_VIEW)) ? 2 : 1) +
	        (o.tests & (1u << BENCH_FLOOD) ? o.attackers + o.idlers + o.slowloris + o.bruteforce
	                                       : 0) +
	        64) != 0)
		return 1;

	r = malloc(sizeof(*r));
	if (r == NULL) {
		fprintf(stderr, "wg-bench: out of memory\n");
		return 1;
	}
	for (t = BENCH_PING; t < BENCH_TEST_COUNT; t++) {
		struct bench_opts run_o = o;

		if (!(o.tests & (1u << t)))
			continue;
		if (t == BENCH_IDLE && run_o.duration == 0)
			run_o.duration = 10;
		if (bench_test_paired(t)) {
			run_o.pipeline = 1; /* one action (view) in flight per client */
			if (run_o.scenario == NULL)
				run_o.scenario = "scheldt";
		}
		if (run_o.timeout == 0) { /* default: room for set-up, then the load */
			run_o.timeout = run_o.duration > 0 ? run_o.duration + 120 : 300;
			if (t == BENCH_MIX || (t == BENCH_IDLE && o.idle_login))
				run_o.timeout += (double)o.conns / 5; /* argon2id: slow by design */
			if (bench_test_paired(t)) /* two connections log in per client */
				run_o.timeout += 2 * (double)o.conns / 5;
		}
		if (bench_run(&run_o, (enum bench_test)t, r) != 0) {
			fprintf(stderr, "wg-bench: cannot start the event loop\n");
			free(r);
			return 1;
		}
		if (t == BENCH_IDLE)
			report_idle(&run_o, r);
		else
			report_load(&run_o, r);
		fflush(stdout);
		if (r->ready == 0) {
			fprintf(stderr, "wg-bench: could not connect to %s port %d (%zu failed)\n",
			        o.host, o.port, r->failed);
			rc = 2;
			break;
		}
		if (r->timed_out)
			rc = 3;
	}
	free(r);
	return rc;
bad:
	fprintf(stderr, "wg-bench: bad value '%s' (see --help)\n", optarg);
	return 1;
}
