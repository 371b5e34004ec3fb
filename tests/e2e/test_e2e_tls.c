/*
 * test_e2e_tls.c -- TLS (issue 15) end to end: the daemon's --tls-listen with certificates
 * made at test time by the openssl command (two CAs, a server certificate from each), the
 * protocol over TLS with the real client (`wargame --tls --ca`: register, login, a game
 * action, JSON mode, a reply larger than --output-limit) and with `openssl s_client`, a
 * plain-text client on the TLS port refused with one clear line, a client that trusts
 * another CA refusing the server, and SIGHUP: a new certificate is taken for new
 * connections, and a bad one is refused while the old one stays; and no password lingers
 * in the daemon's memory (OpenSSL's record buffers included) after logins over TLS.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "client_proc.h"
#include "e2e.h"
#include "e2e_assert.h"

#define RUN_MS 20000

static struct e2e_server server;
static char pki[64];    /* the certificates: ca1, ca2, a (by ca1), b (by ca2) */
static char certf[128]; /* what --tls-cert names (replaced for the reload) */
static char keyf[128];  /* what --tls-key names */
static char ca1[128], ca2[128];
static int tls_port;

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Runs a shell command in the pki directory; fails the test unless it exits 0. */
static void sh(const char *fmt, ...)
{
	char cmd[2048], out[4096];
	int n;
	va_list ap;

	n = snprintf(cmd, sizeof(cmd), "cd %s && (", pki);
	va_start(ap, fmt);
	n += vsnprintf(cmd + n, sizeof(cmd) - (size_t)n, fmt, ap);
	va_end(ap);
	snprintf(cmd + n, sizeof(cmd) - (size_t)n, ") 2>&1");
	if (e2e_run(cmd, out, sizeof(out)) != 0)
		fail_msg("command failed: %s\n%s", cmd, out);
}

/* A CA (NAME.pem, NAME.key) and a server certificate for 127.0.0.1 signed by it
 * (SERVER.pem, SERVER.key). */
static void make_pair(const char *ca, const char *srv)
{
	sh("openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 "
	   "-subj '/CN=wargamed test %s' -keyout %s.key -out %s.pem",
	   ca, ca, ca);
	sh("openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj '/CN=%s' "
	   "-keyout %s.key -out %s.csr",
	   srv, srv, srv);
	sh("printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\\nbasicConstraints=CA:FALSE\\n"
	   "extendedKeyUsage=serverAuth\\n' > %s.ext && openssl x509 -req -in %s.csr -CA %s.pem "
	   "-CAkey %s.key -CAcreateserial -days 2 -extfile %s.ext -out %s.pem",
	   srv, srv, ca, ca, srv, srv);
}

/* The TLS port from the daemon's last "listening for TLS on" line. */
static int find_tls_port(void)
{
	char cmd[600], out[64];

	snprintf(cmd, sizeof(cmd),
	         "grep -o 'listening for TLS on 127.0.0.1:[0-9]*' %s | tail -1 | cut -d: -f2",
	         server.log);
	if (e2e_run(cmd, out, sizeof(out)) != 0)
		return 0;
	return atoi(out);
}

static int setup(void **state)
{
	static const char *args[] = {
	    "--data-dir",  WG_RACE_DIR,  "--allow-debug", "--output-limit", "4096", "--tls-listen",
	    "127.0.0.1:0", "--tls-cert", certf,           "--tls-key",      keyf,   NULL};

	(void)state;
	snprintf(pki, sizeof(pki), "/tmp/wg-tls-XXXXXX");
	if (mkdtemp(pki) == NULL)
		return -1;
	make_pair("ca1", "a");
	make_pair("ca2", "b");
	snprintf(certf, sizeof(certf), "%s/cert.pem", pki);
	snprintf(keyf, sizeof(keyf), "%s/key.pem", pki);
	snprintf(ca1, sizeof(ca1), "%s/ca1.pem", pki);
	snprintf(ca2, sizeof(ca2), "%s/ca2.pem", pki);
	sh("cp a.pem cert.pem && cp a.key key.pem && chmod 600 key.pem");
	if (e2e_server_start(&server, WG_TEST_DAEMON, args) != 0)
		return -1;
	tls_port = find_tls_port();
	return tls_port > 0 && tls_port != server.port ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[200], out[16];

	(void)state;
	if (e2e_server_alive(&server))
		assert_int_equal(e2e_server_stop(&server), 0);
	e2e_server_cleanup(&server);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", pki);
	e2e_run(cmd, out, sizeof(out));
	return 0;
}

/* Runs `wargame --tls [--ca ca] 127.0.0.1:<tls port>` with input; its result (free it). */
static void wargame(const char *ca, const char *input, struct client_proc_result *r)
{
	char target[64];
	char *argv[8];
	int n = 0;

	snprintf(target, sizeof(target), "127.0.0.1:%d", tls_port);
	argv[n++] = (char *)WARGAME_BIN;
	argv[n++] = (char *)"--tls";
	if (ca != NULL) {
		argv[n++] = (char *)"--ca";
		argv[n++] = (char *)ca;
	}
	argv[n++] = target;
	argv[n] = NULL;
	assert_int_equal(client_proc_run(argv, input, RUN_MS, r), 0);
}

/* Two players over TLS with the real client: accounts, a game, an action, JSON mode, a
 * reply larger than the output limit (help under --output-limit 4096). */
static void test_the_protocol_over_tls_with_wargame(void **state)
{
	struct client_proc_result r;

	(void)state;
	wargame(ca1,
	        "register ann ann-password\nlogin ann ann-password\nnew race side=red\n"
	        "debug dice 2\n",
	        &r);
	assert_int_equal(r.status, 0);
	assert_contains(r.out, "* hello wargamed");
	assert_contains(r.out, "ok logged in as ann");
	assert_contains(r.out, "game: 1");
	client_proc_free(&r);
	wargame(ca1, "register ben ben-password\nlogin ben ben-password\njoin 1\n", &r);
	assert_int_equal(r.status, 0);
	assert_contains(r.out, "joined game 1");
	client_proc_free(&r);
	/* red rolls first (the forced start die): an action over TLS, then JSON mode */
	wargame(ca1,
	        "login ann ann-password\nuse 1\nroll\nmode json\n"
	        "{\"cmd\":\"view\",\"game\":1,\"tag\":\"v1\"}\nhelp\n",
	        &r);
	assert_int_equal(r.status, 0);
	assert_contains(r.out, "ok rolled ");
	assert_contains(r.out, "{\"tag\":\"v1\",\"ok\":true");
	assert_contains(r.out, "\"v\":2");
	/* help, twice the output limit, arrived whole */
	assert_contains(r.out, "watch <game>");
	assert_true(r.out_len > 2 * 4096);
	client_proc_free(&r);
	assert_true(e2e_log_contains(&server, "(TLS)"));
	assert_true(e2e_log_contains(&server, "TLS established: TLSv1.3"));
	assert_false(e2e_log_contains(&server, "output limit"));
	assert_false(e2e_log_contains(&server, "ann-password"));
}

/*
 * The daemon's TLS buffers are wiped too (SSL_OP_CLEANSE_PLAINTEXT, tls.c): while a TLS
 * client that logged in and changed its password stays connected (its last record the same
 * change again, refused: the old password is wrong now), no 16 bytes of either password are
 * anywhere in the daemon's memory, freed memory included; the scan finds the chat line sent the
 * same way.
 */
static void test_no_password_lingers_in_tls_buffers(void **state)
{
	char pw[96], pw2[96], cmd[2048], piece[24], chat[40], out[8192];
	FILE *p;

	(void)state;
	snprintf(pw, sizeof(pw), "Tls-%08x-", (unsigned)(time(NULL) ^ getpid()));
	while (strlen(pw) < 80)
		strcat(pw, "kq3Vw");
	snprintf(pw2, sizeof(pw2), "%s", pw);
	pw2[4] = 'Q';
	snprintf(chat, sizeof(chat), "%.16s", pw + 20);
	chat[2] = '!'; /* not a piece of either password */
	/* each line its own record; the client stays connected for 8 s after the last, then
	 * closes at the end of its input */
	snprintf(cmd, sizeof(cmd),
	         "(for l in 'register tess %s' 'login tess %s' 'new race side=red' 'say %s' "
	         "'password %s %s' 'password %s %s'; do printf '%%s\\n' \"$l\"; sleep 0.3; done; "
	         "sleep 8) | timeout 30 openssl s_client -quiet -no_ign_eof -verify_return_error "
	         "-CAfile %s -connect 127.0.0.1:%d 2>/dev/null",
	         pw, pw, chat, pw, pw2, pw, pw2, ca1, tls_port);
	p = popen(cmd, "r");
	assert_non_null(p);
	/* until the daemon has refused the last line (the connection is still open) */
	for (int i = 0; i < 150 && !e2e_log_contains(&server, "failed password check"); i++)
		usleep(100000);
	assert_true(e2e_log_contains(&server, "failed password check"));
	for (size_t at = 0; at + 16 <= strlen(pw); at += 11) {
		snprintf(piece, sizeof(piece), "%.16s", pw + at);
		assert_int_equal(e2e_memory_count(server.pid, piece), 0);
		snprintf(piece, sizeof(piece), "%.16s", pw2 + at);
		assert_int_equal(e2e_memory_count(server.pid, piece), 0);
	}
	assert_true(e2e_memory_count(server.pid, chat) > 0);
	out[fread(out, 1, sizeof(out) - 1, p)] = '\0';
	pclose(p);
	assert_contains(out, "ok logged in as tess");
	assert_contains(out, "ok password changed");
	assert_contains(out, "auth-failed"); /* the old password, after the change */
}

/* openssl s_client plays too: the greeting, a login and the JSON mode. */
static void test_openssl_s_client_can_play(void **state)
{
	char cmd[1024], out[8192];

	(void)state;
	snprintf(cmd, sizeof(cmd),
	         "printf 'ping\\nregister cat cat-password\\nlogin cat cat-password\\nmode json\\n"
	         "{\"cmd\":\"whoami\"}\\nquit\\n' | timeout 20 openssl s_client -quiet -ign_eof "
	         "-verify_return_error -CAfile %s -connect 127.0.0.1:%d 2>/dev/null",
	         ca1, tls_port);
	assert_int_equal(e2e_run(cmd, out, sizeof(out)), 0);
	assert_contains(out, "* hello wargamed");
	assert_contains(out, "ok pong");
	assert_contains(out, "ok logged in as cat");
	assert_contains(out, "\"cat\"");
	/* TLS 1.1 and a cipher without forward secrecy are refused */
	snprintf(cmd, sizeof(cmd),
	         "echo ping | timeout 20 openssl s_client -quiet -tls1_1 -connect 127.0.0.1:%d "
	         "2>&1; echo exit $?",
	         tls_port);
	e2e_run(cmd, out, sizeof(out));
	assert_not_contains(out, "ok pong");
	snprintf(cmd, sizeof(cmd),
	         "echo ping | timeout 20 openssl s_client -quiet -tls1_2 -cipher AES128-SHA "
	         "-connect 127.0.0.1:%d 2>&1; echo exit $?",
	         tls_port);
	e2e_run(cmd, out, sizeof(out));
	assert_not_contains(out, "ok pong");
	assert_true(e2e_log_contains(&server, "unsupported protocol"));
	assert_true(e2e_log_contains(&server, "no shared cipher"));
}

/* A plain-text client on the TLS port gets one plain line saying so, and is closed. */
static void test_plain_text_on_the_tls_port_is_refused_cleanly(void **state)
{
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)tls_port)};
	char buf[4096];
	size_t len = 0;
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	(void)state;
	inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
	assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof(a)), 0);
	assert_int_equal(send(fd, "ping\n", 5, 0), 5);
	for (long long end = now_ms() + 10000; now_ms() < end && len + 1 < sizeof(buf);) {
		struct pollfd p = {.fd = fd, .events = POLLIN};
		ssize_t n;
		if (poll(&p, 1, 200) <= 0)
			continue;
		n = recv(fd, buf + len, sizeof(buf) - 1 - len, 0);
		if (n <= 0)
			break; /* closed */
		len += (size_t)n;
	}
	buf[len] = '\0';
	close(fd);
	assert_string_equal(buf,
	                    "err bad-request this port speaks TLS: connect with `wargame --tls` "
	                    "(or `openssl s_client`), or use the plain port\n");
	assert_true(e2e_log_contains(&server, "TLS handshake failed"));
	/* the plain port is unaffected */
	{
		static struct e2e_client c;
		assert_int_equal(e2e_connect(&c, server.port), 0);
		cmd_ok(&c, "ping");
		e2e_close(&c);
	}
}

/* A client that trusts another CA refuses the server, saying why, and sends nothing. */
static void test_the_client_refuses_a_certificate_from_another_ca(void **state)
{
	struct client_proc_result r;

	(void)state;
	wargame(ca2, "register eve eve-password\n", &r);
	assert_int_equal(r.status, 2);
	assert_contains(r.err, "the server's certificate was refused");
	assert_contains(r.err, "is --ca the CA that signed it?");
	assert_string_equal(r.out, "");
	client_proc_free(&r);
	/* without --ca: the system's store does not know the test CA either */
	wargame(NULL, "ping\n", &r);
	assert_int_equal(r.status, 2);
	assert_contains(r.err, "give the CA with --ca FILE");
	client_proc_free(&r);
	/* a TLS client on the plain port is told what is wrong too */
	{
		char target[64];
		char *argv[] = {
		    (char *)WARGAME_BIN, (char *)"--tls", (char *)"--ca", ca1, target, NULL};
		snprintf(target, sizeof(target), "127.0.0.1:%d", server.port);
		assert_int_equal(client_proc_run(argv, "ping\n", RUN_MS, &r), 0);
		assert_int_equal(r.status, 2);
		assert_contains(r.err, "is it the server's TLS port?");
		client_proc_free(&r);
	}
	assert_false(e2e_log_contains(&server, "registered user eve"));
}

/* Waits until the log holds needle n times. */
static int wait_log(const char *needle, int n)
{
	for (long long end = now_ms() + 10000; now_ms() < end; usleep(20000))
		if (e2e_log_count(&server, needle) >= n)
			return 1;
	return 0;
}

/* SIGHUP loads the certificate again: new connections get the new one (signed by ca2),
 * a connection opened before keeps working; a bad file is refused and the pair before it
 * stays. */
static void test_sighup_reloads_the_certificate(void **state)
{
	static struct e2e_client plain;
	struct client_proc_result r;

	(void)state;
	assert_int_equal(e2e_connect(&plain, server.port), 0);
	sh("cp b.pem cert.pem.new && cp b.key key.pem.new && mv cert.pem.new cert.pem && "
	   "mv key.pem.new key.pem");
	kill(server.pid, SIGHUP);
	assert_true(wait_log("SIGHUP: TLS certificate reloaded: /CN=b", 1));
	wargame(ca2, "ping\n", &r);
	assert_int_equal(r.status, 0);
	assert_contains(r.out, "ok pong");
	client_proc_free(&r);
	wargame(ca1, "ping\n", &r);
	assert_int_equal(r.status, 2);
	assert_contains(r.err, "certificate was refused");
	client_proc_free(&r);
	/* a broken certificate file: refused, the old pair stays */
	sh("echo 'not a certificate' > cert.pem");
	kill(server.pid, SIGHUP);
	assert_true(wait_log("the TLS certificate was not reloaded, the old one stays", 1));
	assert_true(e2e_log_contains(&server, "--tls-cert"));
	wargame(ca2, "ping\n", &r);
	assert_int_equal(r.status, 0);
	assert_contains(r.out, "ok pong");
	client_proc_free(&r);
	/* a key that does not match the certificate: refused too */
	sh("cp a.pem cert.pem");
	kill(server.pid, SIGHUP);
	assert_true(wait_log("the TLS certificate was not reloaded, the old one stays", 2));
	assert_true(e2e_log_contains(&server, "does not match the certificate"));
	wargame(ca2, "ping\n", &r);
	assert_int_equal(r.status, 0);
	client_proc_free(&r);
	cmd_ok(&plain, "ping");
	e2e_close(&plain);
	assert_true(e2e_server_alive(&server));
}

/* A certificate that does not load stops the start, before any database exists. */
static void test_a_bad_certificate_fails_the_start(void **state)
{
	char cmd[1200], out[4096];

	(void)state;
	snprintf(
	    cmd, sizeof(cmd),
	    "timeout 20 %s --listen 127.0.0.1:0 --tls-listen 127.0.0.1:0 --tls-cert %s/nope.pem "
	    "--tls-key %s --db %s/never.db --data-dir %s 2>&1; echo \"exit $?\"; ls %s",
	    WG_TEST_DAEMON, pki, keyf, pki, WG_RACE_DIR, pki);
	assert_int_equal(e2e_run(cmd, out, sizeof(out)), 0);
	assert_contains(out, "fatal - TLS: --tls-cert");
	assert_contains(out, "nope.pem");
	assert_contains(out, "exit 1");
	assert_not_contains(out, "never.db");
	snprintf(cmd, sizeof(cmd), "%s --tls-listen 127.0.0.1:0 --version 2>&1; echo \"exit $?\"",
	         WG_TEST_DAEMON);
	e2e_run(cmd, out, sizeof(out));
	assert_contains(out, "wargamed");
	snprintf(cmd, sizeof(cmd),
	         "%s --tls-listen 127.0.0.1:0 --db %s/never.db 2>&1; echo \"exit $?\"",
	         WG_TEST_DAEMON, pki);
	e2e_run(cmd, out, sizeof(out));
	assert_contains(out, "--tls-listen needs --tls-cert FILE and --tls-key FILE");
	assert_contains(out, "exit 2");
}

int main(void)
{
	/* one set of certificates and one daemon for the suite; the reload comes last */
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_the_protocol_over_tls_with_wargame),
	    cmocka_unit_test(test_openssl_s_client_can_play),
	    cmocka_unit_test(test_no_password_lingers_in_tls_buffers),
	    cmocka_unit_test(test_plain_text_on_the_tls_port_is_refused_cleanly),
	    cmocka_unit_test(test_the_client_refuses_a_certificate_from_another_ca),
	    cmocka_unit_test(test_a_bad_certificate_fails_the_start),
	    cmocka_unit_test(test_sighup_reloads_the_certificate),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
