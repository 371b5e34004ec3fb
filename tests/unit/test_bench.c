/*
 * test_bench.c -- the pure parts of wg-bench: the reply reader (split and
 * merged reads, tags, over-long lines), the latency histogram, the
 * per-connection session scripts, and the durable test's game script; and the
 * pick among `options` of wg-engine and wg-gamesdb (options_pick.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bench/hist.h"
#include "bench/options_pick.h"
#include "bench/reader.h"
#include "bench/script.h"

/* ---- reader ---- */

struct seen {
	char kinds[64]; /* one letter per line: G D N O E */
	size_t n;
	char last_line[128];
};

static void record(void *ctx, enum bench_line_kind kind, const char *line, size_t len)
{
	static const char letters[] = {'G', 'D', 'N', 'O', 'E'};
	struct seen *s = ctx;

	if (s->n + 1 < sizeof(s->kinds))
		s->kinds[s->n++] = letters[kind];
	s->kinds[s->n] = '\0';
	snprintf(s->last_line, sizeof(s->last_line), "%.*s", (int)len, line);
}

static const char transcript[] = "wargamed 0.1.0 ready\r\n"
                                 "ok pong\n"
                                 "  name: bob\n"
                                 "  games: 2\n"
                                 "ok\n"
                                 "* your-turn game=12 move now\n"
                                 "@t7 err not-logged-in log in first\n"
                                 "@t8 ok pong\n"
                                 "okay this is data\n";

static const char expected_kinds[] = "GODDONEOD";

/* Every way of cutting the transcript into two or three reads gives the same lines. */
static void test_reader_split_reads(void **state)
{
	size_t len = strlen(transcript), a, b;
	struct bench_reader r;
	struct seen s;

	for (a = 0; a <= len; a++) {
		for (b = a; b <= len; b += 7) {
			memset(&s, 0, sizeof(s));
			bench_reader_init(&r, record, &s);
			bench_reader_feed(&r, transcript, a);
			bench_reader_feed(&r, transcript + a, b - a);
			bench_reader_feed(&r, transcript + b, len - b);
			assert_string_equal(s.kinds, expected_kinds);
			assert_string_equal(s.last_line, "okay this is data");
		}
	}
}

static void test_reader_byte_by_byte(void **state)
{
	size_t len = strlen(transcript), i;
	struct bench_reader r;
	struct seen s;

	memset(&s, 0, sizeof(s));
	bench_reader_init(&r, record, &s);
	for (i = 0; i < len; i++)
		bench_reader_feed(&r, transcript + i, 1);
	assert_string_equal(s.kinds, expected_kinds);
}

static void test_reader_merged_and_long_lines(void **state)
{
	char *big;
	size_t n = 3 * PROTO_LINE_MAX, used = 0;
	struct bench_reader r;
	struct seen s;

	big = malloc(n + 64);
	assert_non_null(big);
	used += (size_t)sprintf(big, "hello\n  ");
	memset(big + used, 'x', 2 * PROTO_LINE_MAX);
	used += 2 * PROTO_LINE_MAX;
	used += (size_t)sprintf(big + used, "\nok done\n");
	memset(&s, 0, sizeof(s));
	bench_reader_init(&r, record, &s);
	bench_reader_feed(&r, big, used);
	/* greeting, the over-long data line reported once as data, the final line */
	assert_string_equal(s.kinds, "GDO");
	assert_string_equal(s.last_line, "ok done");
	free(big);
}

static void test_classify_and_err_code(void **state)
{
	const char *code;
	size_t n;

	assert_int_equal(bench_line_classify("ok", 2), BENCH_LINE_OK);
	assert_int_equal(bench_line_classify("err x y", 7), BENCH_LINE_ERR);
	assert_int_equal(bench_line_classify("@a ok", 5), BENCH_LINE_OK);
	assert_int_equal(bench_line_classify("  ok", 4), BENCH_LINE_DATA);
	assert_int_equal(bench_line_classify("* ok", 4), BENCH_LINE_NOTICE);
	assert_int_equal(bench_line_classify("errand", 6), BENCH_LINE_DATA);
	assert_int_equal(bench_line_classify("", 0), BENCH_LINE_DATA);

	n = bench_err_code("err name-taken that name is taken", 33, &code);
	assert_int_equal(n, 10);
	assert_memory_equal(code, "name-taken", 10);
	n = bench_err_code("@q err stale", 12, &code);
	assert_int_equal(n, 5);
	assert_memory_equal(code, "stale", 5);
	assert_int_equal(bench_err_code("err", 3, &code), 0);
	assert_int_equal(bench_err_code("ok", 2, &code), 0);
}

/* ---- histogram ---- */

static void test_hist_exact_below_128(void **state)
{
	struct bench_hist h;
	uint64_t v;

	bench_hist_init(&h);
	assert_int_equal(bench_hist_percentile(&h, 50), 0);
	for (v = 1; v <= 100; v++)
		bench_hist_add(&h, v);
	assert_int_equal(h.n, 100);
	assert_int_equal(h.min, 1);
	assert_int_equal(h.max, 100);
	assert_int_equal(bench_hist_percentile(&h, 50), 50);
	assert_int_equal(bench_hist_percentile(&h, 90), 90);
	assert_int_equal(bench_hist_percentile(&h, 99), 99);
	assert_int_equal(bench_hist_percentile(&h, 100), 100);
	assert_true(bench_hist_mean(&h) > 50.4 && bench_hist_mean(&h) < 50.6);
}

static void test_hist_precision(void **state)
{
	static const uint64_t values[] = {128,   129,    1000,     4095,
	                                  65536, 999999, 12345678, 3600000000ULL};
	struct bench_hist h;
	uint64_t got;
	size_t i;

	for (i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		bench_hist_init(&h);
		bench_hist_add(&h, 1);
		bench_hist_add(&h, values[i]);
		bench_hist_add(&h, values[i] * 4);
		got = bench_hist_percentile(&h, 50);
		assert_true(got >= values[i]);
		assert_true((double)got <= (double)values[i] * (1.0 + 1.0 / 64.0) + 1.0);
	}
	/* huge values land in the last bucket and the max stays exact */
	bench_hist_init(&h);
	bench_hist_add(&h, UINT64_MAX / 2);
	assert_int_equal(bench_hist_percentile(&h, 99), UINT64_MAX / 2);
}

static void test_hist_merge(void **state)
{
	struct bench_hist a, b;
	int i;

	bench_hist_init(&a);
	bench_hist_init(&b);
	for (i = 0; i < 90; i++)
		bench_hist_add(&a, 10);
	for (i = 0; i < 10; i++)
		bench_hist_add(&b, 5000);
	bench_hist_merge(&a, &b);
	assert_int_equal(a.n, 100);
	assert_int_equal(bench_hist_percentile(&a, 90), 10);
	assert_true(bench_hist_percentile(&a, 91) >= 5000);
	assert_int_equal(a.max, 5000);
	assert_int_equal(a.min, 10);
}

/* ---- scripts ---- */

static void test_ping_script(void **state)
{
	struct bench_script s = {.test = BENCH_PING};
	struct proto_buf b = PROTO_BUF_INIT;

	assert_int_equal(bench_script_verb(&s, 0, 0), BV_PING);
	assert_int_equal(bench_script_verb(&s, 5, 1000000), BV_PING);
	assert_int_equal(bench_script_line(&s, BV_PING, 0, 0, &b), 0);
	assert_string_equal(b.data, "ping\n");
	proto_buf_release(&b);
}

/* set (redis only): SET key:<connection> xxx, a redis inline command, every step; +OK
 * ends its reply (the redis reader) */
static void test_set_script(void **state)
{
	struct bench_script s = {.test = BENCH_SET};
	struct proto_buf b = PROTO_BUF_INIT;
	struct bench_reader r;
	struct seen seen = {0};

	assert_int_equal(bench_script_verb(&s, 0, 0), BV_SET);
	assert_int_equal(bench_script_verb(&s, 49, 1000000), BV_SET);
	assert_int_equal(bench_script_line(&s, BV_SET, 49, 0, &b), 0);
	assert_string_equal(b.data, "SET key:49 xxx\n");
	assert_string_equal(bench_verb_name(BV_SET), "set");
	proto_buf_release(&b);
	bench_reader_init_redis(&r, record, &seen);
	bench_reader_feed(&r, "+OK\r\n-ERR wrong\r\n+OK\r\n", 22);
	assert_string_equal(seen.kinds, "OEO");
	bench_reader_release(&r);
}

static void test_mix_script(void **state)
{
	static const enum bench_verb even[] = {
	    BV_REGISTER,   BV_LOGIN, BV_WHOAMI,  BV_SCENARIOS, BV_GAMES_OPEN,
	    BV_NEW,        BV_VIEW,  BV_PENDING, BV_SAY,       BV_LOG,
	    BV_GAMES_MINE, BV_VIEW,  BV_PENDING, BV_LOG,       BV_VIEW,
	};
	struct bench_script s = {
	    .test = BENCH_MIX, .user_prefix = "bench10_", .password = "pw", .scenario = "scheldt"};
	struct proto_buf b = PROTO_BUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(even) / sizeof(even[0]); i++)
		assert_int_equal(bench_script_verb(&s, 4, i), even[i]);
	assert_int_equal(bench_script_verb(&s, 5, 5), BV_JOIN);
	s.scenario = NULL; /* no new/join */
	assert_int_equal(bench_script_verb(&s, 4, 5), BV_VIEW);
	assert_int_equal(bench_script_verb(&s, 5, 5), BV_VIEW);
	s.scenario = "scheldt";

	bench_script_line(&s, BV_REGISTER, 7, 0, &b);
	bench_script_line(&s, BV_LOGIN, 7, 0, &b);
	bench_script_line(&s, BV_NEW, 7, 0, &b);
	bench_script_line(&s, BV_JOIN, 7, 42, &b);
	bench_script_line(&s, BV_GAMES_OPEN, 7, 0, &b);
	bench_script_line(&s, BV_LOG, 7, 0, &b);
	bench_script_line(&s, BV_SAY, 7, 0, &b);
	assert_string_equal(b.data, "register bench10_7 pw\n"
	                            "login bench10_7 pw\n"
	                            "new scheldt\n"
	                            "join 42\n"
	                            "games open\n"
	                            "log 5\n"
	                            "say hello\n");
	proto_buf_release(&b);
}

static void test_idle_script(void **state)
{
	struct bench_script s = {.test = BENCH_IDLE, .user_prefix = "u", .password = "p"};

	assert_int_equal(bench_script_verb(&s, 0, 0), BV_END);
	s.idle_login = 1;
	assert_int_equal(bench_script_verb(&s, 0, 0), BV_REGISTER);
	assert_int_equal(bench_script_verb(&s, 0, 1), BV_LOGIN);
	assert_int_equal(bench_script_verb(&s, 0, 2), BV_END);
}

/* durable, per connection: only the login; the game belongs to the client. */
static void test_durable_connection_script(void **state)
{
	struct bench_script s = {
	    .test = BENCH_DURABLE, .user_prefix = "d", .password = "p", .scenario = "scheldt"};

	assert_int_equal(bench_script_verb(&s, 3, 0), BV_REGISTER);
	assert_int_equal(bench_script_verb(&s, 3, 1), BV_LOGIN);
	assert_int_equal(bench_script_verb(&s, 3, 2), BV_END);
	assert_int_equal(bench_script_verb(&s, 3, 100), BV_END);
}

/* The client's steps: new on seat 0, join on seat 1, then the actions. */
static void test_durable_scheldt_steps(void **state)
{
	struct bench_script s = {.test = BENCH_DURABLE, .scenario = "scheldt"};
	struct proto_buf b = PROTO_BUF_INIT;
	size_t n = bench_durable_steps("scheldt");
	int seat = -1;

	assert_int_equal(n, 2 + 17);
	assert_int_equal(bench_durable_verb(&s, 0, &seat), BV_NEW);
	assert_int_equal(seat, 0);
	assert_int_equal(bench_durable_verb(&s, 1, &seat), BV_JOIN);
	assert_int_equal(seat, 1);
	assert_int_equal(bench_durable_verb(&s, 2, &seat), BV_PLACE);
	assert_int_equal(seat, 0);
	assert_int_equal(bench_durable_verb(&s, 15, &seat), BV_ENTER);
	assert_int_equal(seat, 1);
	assert_int_equal(bench_durable_verb(&s, n - 1, &seat), BV_END_PHASE);
	assert_int_equal(seat, 1);
	assert_int_equal(bench_durable_verb(&s, n, &seat), BV_END);

	assert_int_equal(bench_durable_line(&s, 0, 0, &b), 0);
	assert_int_equal(bench_durable_line(&s, 1, 42, &b), 0);
	assert_int_equal(bench_durable_line(&s, 2, 42, &b), 0);
	assert_int_equal(bench_durable_line(&s, 6, 42, &b), 0);
	assert_int_equal(bench_durable_line(&s, 15, 42, &b), 0);
	assert_int_equal(bench_durable_line(&s, n - 1, 42, &b), 0);
	assert_string_equal(b.data, "new scheldt side=allied\n"
	                            "join 42\n"
	                            "place 3/1 3320\n"
	                            "move 44/15 3217 3118\n"
	                            "enter 711 2717\n"
	                            "end\n");
	assert_int_equal(bench_durable_line(&s, n, 42, &b), -1);
	proto_buf_release(&b);
}

/*
 * Every action of the script: its verb is the first word of its line and
 * counts as an action; the seat that acts changes only after an end (the
 * phase, and with it the turn, passes), or after the join.
 */
static void test_durable_script_is_consistent(void **state)
{
	struct bench_script s = {.test = BENCH_DURABLE, .scenario = "scheldt"};
	size_t n = bench_durable_steps("scheldt"), k, w;
	enum bench_verb verb, prev = BV_JOIN;
	int seat, prev_seat = 1, ends = 0;

	for (k = 2; k < n; k++) {
		struct proto_buf b = PROTO_BUF_INIT;
		const char *name;

		verb = bench_durable_verb(&s, k, &seat);
		assert_true(bench_verb_is_action(verb));
		assert_int_equal(bench_durable_line(&s, k, 0, &b), 0);
		name = bench_verb_name(verb);
		w = strlen(name);
		assert_memory_equal(b.data, name, w);
		assert_true(b.data[w] == ' ' || b.data[w] == '\n');
		assert_int_equal(b.data[b.len - 1], '\n');
		if (seat != prev_seat)
			assert_true(prev == BV_END_PHASE || prev == BV_JOIN);
		ends += verb == BV_END_PHASE;
		prev = verb;
		prev_seat = seat;
		proto_buf_release(&b);
	}
	assert_int_equal(ends, 7); /* the set-up, four Allied phases, two German */
	assert_false(bench_verb_is_action(BV_NEW));
	assert_false(bench_verb_is_action(BV_JOIN));
	assert_false(bench_verb_is_action(BV_VIEW));
	assert_false(bench_verb_is_action(BV_END));
}

/* A scenario without a durable script has no steps at all. */
static void test_durable_unknown_scenario(void **state)
{
	struct bench_script s = {.test = BENCH_DURABLE, .scenario = "meuse-argonne1918"};
	struct proto_buf b = PROTO_BUF_INIT;
	int seat = -1;

	assert_int_equal(bench_durable_steps("meuse-argonne1918"), 0);
	assert_int_equal(bench_durable_steps(NULL), 0);
	assert_int_equal(bench_durable_verb(&s, 0, &seat), BV_END);
	assert_int_equal(bench_durable_line(&s, 0, 0, &b), -1);
	s.scenario = NULL;
	assert_int_equal(bench_durable_verb(&s, 0, &seat), BV_END);
	assert_int_equal(b.len, 0);
	proto_buf_release(&b);
}

#define GAME(s) bench_game_id((s), strlen(s))

static void test_game_id(void **state)
{
	assert_int_equal(GAME("  game: 12"), 12);
	assert_int_equal(GAME("  id: 7"), 7);
	assert_int_equal(GAME("  game=9"), 9);
	assert_int_equal(GAME("  scenario: scheldt 1944"), 0);
	assert_int_equal(GAME("ok game 31 created"), 31);
	assert_int_equal(GAME("ok created game #44 (scheldt)"), 44);
	assert_int_equal(GAME("ok game=5 side=A"), 5);
	assert_int_equal(GAME("ok created"), 0);
	assert_int_equal(GAME("ok meuse-argonne1918"), 0);
}

static void test_parse_tests(void **state)
{
	assert_int_equal(bench_parse_tests("ping"), 1u << BENCH_PING);
	assert_int_equal(bench_parse_tests("ping,mix"), (1u << BENCH_PING) | (1u << BENCH_MIX));
	assert_int_equal(bench_parse_tests("idle,ping"), (1u << BENCH_PING) | (1u << BENCH_IDLE));
	assert_int_equal(bench_parse_tests("pong"), 0);
	assert_int_equal(bench_parse_tests("ping,"), 1u << BENCH_PING);
	assert_int_equal(bench_parse_tests("pin"), 0);
	assert_int_equal(bench_parse_tests("durable"), 1u << BENCH_DURABLE);
	assert_int_equal(bench_parse_tests("ping,durable"),
	                 (1u << BENCH_PING) | (1u << BENCH_DURABLE));
	assert_int_equal(bench_parse_tests("durables"), 0);
	assert_int_equal(bench_parse_tests("set"), 1u << BENCH_SET);
	assert_string_equal(bench_test_name(BENCH_SET), "set");
	assert_string_equal(bench_test_name(BENCH_DURABLE), "durable");
	assert_string_equal(bench_verb_name(BV_END_PHASE), "end");
	assert_string_equal(bench_verb_name(BV_GAMES_OPEN), "games open");
}

/* The actions of an options reply are numbered group by group: a group without choices is
 * one action (its prefix), a group of k choices k actions; past the list, or after a group
 * without a string prefix, -1. */
static void test_options_pick_numbering(void **state)
{
	cJSON *opts = cJSON_Parse("{\"count\":4,\"groups\":["
	                          "{\"prefix\":\"end\",\"choices\":[]},"
	                          "{\"prefix\":\"move 9/3\",\"choices\":[\"0506\",\"0607\"]},"
	                          "{\"prefix\":\"pass\"}]}");
	cJSON *bad = cJSON_Parse("{\"groups\":[{\"choices\":[\"a\"]},{\"prefix\":\"end\"}]}");
	char line[16];
	uint64_t a = 1;

	(void)state;
	assert_non_null(opts);
	assert_non_null(bad);
	assert_int_equal(opick_action_at(opts, 0, line, sizeof(line)), 0);
	assert_string_equal(line, "end");
	assert_int_equal(opick_action_at(opts, 1, line, sizeof(line)), 0);
	assert_string_equal(line, "move 9/3 0506");
	assert_int_equal(opick_action_at(opts, 2, line, sizeof(line)), 0);
	assert_string_equal(line, "move 9/3 0607");
	assert_int_equal(opick_action_at(opts, 3, line, sizeof(line)), 0);
	assert_string_equal(line, "pass");
	assert_int_equal(opick_action_at(opts, 4, line, sizeof(line)), -1);
	assert_int_equal(opick_action_at(opts, 1, line, 8), 0); /* truncated to fit */
	assert_string_equal(line, "move 9/");
	assert_int_equal(opick_action_at(bad, 0, line, sizeof(line)), -1);
	assert_int_equal(opick_action_at(bad, 1, line, sizeof(line)), -1);
	/* xorshift64 (13, 7, 17) from 1: the bots' games depend on these values. */
	assert_int_equal(opick_next(&a), 0x40822041ull);
	assert_int_equal(a, 0x40822041ull);
	assert_int_equal(opick_next(&a), 0x100041060c011441ull);
	cJSON_Delete(opts);
	cJSON_Delete(bad);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_reader_split_reads),
	    cmocka_unit_test(test_reader_byte_by_byte),
	    cmocka_unit_test(test_reader_merged_and_long_lines),
	    cmocka_unit_test(test_classify_and_err_code),
	    cmocka_unit_test(test_hist_exact_below_128),
	    cmocka_unit_test(test_hist_precision),
	    cmocka_unit_test(test_hist_merge),
	    cmocka_unit_test(test_ping_script),
	    cmocka_unit_test(test_set_script),
	    cmocka_unit_test(test_mix_script),
	    cmocka_unit_test(test_idle_script),
	    cmocka_unit_test(test_durable_connection_script),
	    cmocka_unit_test(test_durable_scheldt_steps),
	    cmocka_unit_test(test_durable_script_is_consistent),
	    cmocka_unit_test(test_durable_unknown_scenario),
	    cmocka_unit_test(test_game_id),
	    cmocka_unit_test(test_parse_tests),
	    cmocka_unit_test(test_options_pick_numbering),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
