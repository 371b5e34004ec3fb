/*
 * script.c -- per-connection command scripts (see script.h).
 */
#include "script.h"

#include <stdlib.h>
#include <string.h>

static const char *const verb_names[BV_COUNT] = {
    [BV_PING] = "ping",
    [BV_REGISTER] = "register",
    [BV_LOGIN] = "login",
    [BV_WHOAMI] = "whoami",
    [BV_SCENARIOS] = "scenarios",
    [BV_GAMES_OPEN] = "games open",
    [BV_NEW] = "new",
    [BV_JOIN] = "join",
    [BV_VIEW] = "view",
    [BV_PENDING] = "pending",
    [BV_SAY] = "say hello",
    [BV_LOG] = "log 5",
    [BV_GAMES_MINE] = "games mine",
};

const char *bench_verb_name(enum bench_verb verb)
{
	return verb >= 0 && verb < BV_COUNT ? verb_names[verb] : "?";
}

enum bench_verb bench_script_verb(const struct bench_script *s, size_t conn, size_t step)
{
	static const enum bench_verb setup[] = {BV_REGISTER, BV_LOGIN, BV_WHOAMI, BV_SCENARIOS,
	                                        BV_GAMES_OPEN};
	static const enum bench_verb session[] = {BV_VIEW, BV_PENDING, BV_SAY, BV_LOG,
	                                          BV_GAMES_MINE};
	static const enum bench_verb loop[] = {BV_VIEW, BV_PENDING, BV_LOG};
	const size_t nsetup = sizeof(setup) / sizeof(setup[0]);
	const size_t nsession = sizeof(session) / sizeof(session[0]);

	switch (s->test) {
	case BENCH_PING:
		return BV_PING;
	case BENCH_IDLE:
		if (!s->idle_login || step >= 2)
			return BV_END;
		return setup[step];
	case BENCH_MIX:
		break;
	}
	if (step < nsetup)
		return setup[step];
	step -= nsetup;
	if (s->scenario != NULL) {
		if (step == 0)
			return conn % 2 == 0 ? BV_NEW : BV_JOIN;
		step--;
	}
	if (step < nsession)
		return session[step];
	step -= nsession;
	return loop[step % (sizeof(loop) / sizeof(loop[0]))];
}

int bench_script_line(const struct bench_script *s, enum bench_verb verb, size_t conn,
                      long long game, struct proto_buf *out)
{
	switch (verb) {
	case BV_REGISTER:
	case BV_LOGIN:
		return proto_buf_addf(out, "%s %s%zu %s\n", verb == BV_LOGIN ? "login" : "register",
		                      s->user_prefix, conn, s->password);
	case BV_NEW:
		return proto_buf_addf(out, "new %s\n", s->scenario != NULL ? s->scenario : "");
	case BV_JOIN:
		return proto_buf_addf(out, "join %lld\n", game);
	default:
		if (verb < 0 || verb >= BV_COUNT)
			return -1;
		return proto_buf_addf(out, "%s\n", verb_names[verb]);
	}
}

/* The number at s[0..len) after optional spaces; 0 if none. */
static long long number_at(const char *s, size_t len)
{
	long long v = 0;
	size_t i = 0;

	while (i < len && s[i] == ' ')
		i++;
	if (i < len && s[i] == '#')
		i++;
	if (i >= len || s[i] < '0' || s[i] > '9')
		return 0;
	while (i < len && s[i] >= '0' && s[i] <= '9' && v < 1000000000000LL)
		v = v * 10 + (s[i++] - '0');
	return v;
}

long long bench_game_id(const char *line, size_t len)
{
	static const char *const keys[] = {"  game:", "  id:", "  game=", "  id="};
	size_t i, n;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		n = strlen(keys[i]);
		if (len > n && memcmp(line, keys[i], n) == 0)
			return number_at(line + n, len - n);
	}
	if (len >= 2 && line[0] == ' ')
		return 0; /* some other data line */
	/* a final line: the first number standing alone or as #N / game=N */
	for (i = 0; i < len; i++) {
		if (line[i] >= '0' && line[i] <= '9' &&
		    (i == 0 || line[i - 1] == ' ' || line[i - 1] == '#' || line[i - 1] == '='))
			return number_at(line + i, len - i);
	}
	return 0;
}

const char *bench_test_name(enum bench_test t)
{
	switch (t) {
	case BENCH_PING:
		return "ping";
	case BENCH_MIX:
		return "mix";
	case BENCH_IDLE:
		return "idle";
	}
	return "?";
}

unsigned bench_parse_tests(const char *list)
{
	unsigned set = 0;
	const char *p = list, *end;
	size_t n;
	int t;

	while (*p != '\0') {
		end = strchr(p, ',');
		n = end != NULL ? (size_t)(end - p) : strlen(p);
		for (t = BENCH_PING; t <= BENCH_IDLE; t++) {
			if (n == strlen(bench_test_name(t)) &&
			    strncmp(p, bench_test_name(t), n) == 0)
				break;
		}
		if (t > BENCH_IDLE)
			return 0;
		set |= 1u << t;
		p += n;
		if (*p == ',')
			p++;
	}
	return set;
}
