/*
 * bench.h -- wg-bench, the load generator of wargamed (modelled on
 * redis-benchmark): options, the result of one test run, and the driver.
 *
 * A run of one test opens the connections (at most connect_burst connects in
 * flight), waits for every greeting and, for mix and idle --login, for each
 * connection's register and login (argon2id hashing on the server: slow by
 * design), and only then starts the clock and the load, so set-up never
 * counts in the load figures; it is reported on its own (ready time and the
 * register/login latencies).  The durable test pairs the connections:
 * each client is one game on two connections (-c counts clients), whose
 * set-up also creates and joins the first game (see script.h).  Every run
 * ends: by
 * requests (-n), by duration, when no connection is left, or by the hard
 * timeout.
 */
#ifndef BENCH_BENCH_H
#define BENCH_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "hist.h"
#include "script.h"

#define BENCH_PIPE_MAX  256
#define BENCH_ERR_CODES 16
#define BENCH_CODE_LEN  32

struct bench_opts {
	const char *host;
	int port;
	size_t conns;
	uint64_t requests;    /* 0 = unlimited (then duration must be set) */
	double duration;      /* seconds; 0 = none */
	double timeout;       /* hard limit of one test run, seconds */
	double ready_timeout; /* a connection not ready this long after its connect fails */
	size_t pipeline;      /* requests in flight per connection */
	size_t connect_burst;
	unsigned tests; /* bit set of 1 << enum bench_test */
	const char *scenario;
	const char *user_prefix; /* NULL: "bench<conns>_" */
	const char *password;
	int idle_login;
	long server_pid;     /* 0: no memory or CPU figures */
	size_t attackers;    /* flood: connections that pipeline help and never read */
	size_t attack_lines; /* flood: the help lines each sends */
	size_t idlers;       /* flood: connections that never send a byte (never log in) */
	size_t slowloris;    /* flood: connections that send a partial line, a byte at a time */
	double slow_secs;    /* flood: seconds between two bytes of a slowloris */
	size_t bruteforce;   /* flood: connections that try wrong passwords, one after another */
	size_t sources;      /* flood: the hostile connections come from this many addresses */
	size_t warmup;       /* idle: connections opened (and logged in) before rss_before */
	int redis;           /* the server is a redis-server (ping and idle only; see reader.h) */
	int quiet;
};

/* flood: what a connection of the load does (the honest ones ping). */
enum bench_kind {
	BENCH_HONEST = 0,
	BENCH_UNREAD, /* pipelines help and never reads */
	BENCH_IDLER,  /* connects and sends nothing */
	BENCH_SLOW,   /* slowloris: a partial line, a byte every slow_secs */
	BENCH_BRUTE,  /* login <victim> <wrong password>, again after each answer */
	BENCH_KINDS,
};

/* Why a connection failed before the load began. */
enum {
	BENCH_FAIL_CONNECT = 0, /* the connect itself failed */
	BENCH_FAIL_CLOSED,      /* closed (EOF, reset) before it was ready */
	BENCH_FAIL_TIMEOUT,     /* no greeting within ready_timeout */
	BENCH_FAIL_SETUP,       /* durable: the first new or join was refused */
	BENCH_FAIL_PARTNER,     /* durable: the other connection of its client failed */
	BENCH_FAIL_KINDS,
};

struct bench_err_code {
	char code[BENCH_CODE_LEN];
	uint64_t count;
};

struct bench_result {
	enum bench_test test;
	size_t conns;       /* requested (durable: clients) */
	size_t connections; /* opened: conns, or 2 per client for durable */
	size_t ready;       /* greeted (idle: and logged in; durable: seated in a game) */
	size_t failed;      /* never became ready (fail_why says why) */
	size_t fail_why[BENCH_FAIL_KINDS];
	char connect_error[96]; /* the first connect error, "" if none */
	size_t lost;            /* closed after becoming ready */
	double connect_secs;    /* first connect to last ready */
	double load_secs;       /* load start to end */
	uint64_t completed;
	uint64_t errors;
	uint64_t login_errors; /* err replies during set-up (register, login; durable: new, join) */
	uint64_t notices;
	struct bench_hist all;
	struct bench_hist verb[BV_COUNT];
	uint64_t verb_errors[BV_COUNT];
	struct bench_err_code codes[BENCH_ERR_CODES];
	size_t ncodes;
	int timed_out;
	/* durable */
	uint64_t games;         /* scripts played to their end during the load */
	uint64_t games_dropped; /* given up after an err to an action */
	size_t clients_done; /* clients that stopped during the load (a connection gone, new or join
	                        refused) */
	double
	    server_cpu_secs; /* CPU (user + system) the server used during the load; -1 unknown */
	/* flood */
	size_t attackers;                 /* attacking connections ready when the load began */
	size_t attackers_lost;            /* of them, closed by the server during the load */
	uint64_t attack_requests;         /* help lines the kernel took from them */
	size_t hostile[BENCH_KINDS];      /* per kind: connections ready when the load began */
	size_t hostile_lost[BENCH_KINDS]; /* per kind: closed by the server during the load */
	size_t hostile_failed;            /* hostile connections that never got a greeting */
	uint64_t slow_bytes;              /* bytes the slowloris connections sent */
	uint64_t brute_tries;             /* wrong logins answered */
	uint64_t brute_refused;           /* of them, err rate-limited (never hashed) */
	uint64_t brute_other;             /* of them, neither auth-failed nor rate-limited */
	/* idle */
	long rss_start_kb;                            /* before the warm-up; -1 when unknown */
	size_t warm_ready;                            /* warm-up connections that became ready */
	long rss_before_kb, rss_after_kb, rss_end_kb; /* -1 when unknown */
	long rss_peak_kb;                             /* VmHWM at the end; -1 when unknown */
	size_t open_at_end;
};

/* Runs one test; fills r.  Returns 0, or -1 if libuv could not start. */
int bench_run(const struct bench_opts *o, enum bench_test test, struct bench_result *r);
/* VmRSS of process pid in kB from /proc/<pid>/status; -1 if unknown. */
long bench_vmrss_kb(long pid);
/* The same for another line of that file ("VmHWM:", the peak). */
long bench_status_kb(long pid, const char *key);
/* CPU seconds (user + system, all threads) process pid has used, from /proc/<pid>/stat;
 * -1 if unknown. */
double bench_cpu_secs(long pid);

#endif
