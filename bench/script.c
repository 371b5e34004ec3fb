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
    [BV_PLACE] = "place",
    [BV_MOVE] = "move",
    [BV_ENTER] = "enter",
    [BV_END_PHASE] = "end",
    [BV_SET] = "set",
};

/*
 * A durable game: the scenario, its two sides (seat 0 creates the game,
 * seat 1 joins it) and the actions, in order.
 */
struct durable_action {
	int seat;
	enum bench_verb verb;
	const char *line;
};

struct durable_game {
	const char *scenario;
	const char *side[2];
	const struct durable_action *actions;
	size_t nactions;
};

/*
 * Battle of the Scheldt, game turn 1 as tests/e2e/test_e2e_scheldt.c plays
 * it, without its bombardment and battle (those roll dice): the Allied
 * set-up (BS-18.0-10..12), the Allied Movement Phase, end of the
 * Bombardment and Combat Phases, the Mobile Movement Phase (the Mobile
 * Combat Phase has nothing to do and passes by itself), then the German
 * Movement Phase and end of its Bombardment Phase (its Combat, Mobile
 * Movement and Mobile Combat Phases pass by themselves, and turn 2 begins).
 * Every line is accepted by the real engine, whatever the dice and the
 * support fire markers drawn.
 */
static const struct durable_action scheldt_actions[] = {
    {0, BV_PLACE, "place 3/1 3320"},
    {0, BV_PLACE, "place 10/1 3321"},
    {0, BV_PLACE, "place 4/2 3420"},
    {0, BV_END_PHASE, "end"}, /* set-up done; turn 1, Allied Movement Phase */
    {0, BV_MOVE, "move 44/15 3217 3118"},
    {0, BV_MOVE, "move 46/15 to 3019"},
    {0, BV_MOVE, "move 247/15 3218"},
    {0, BV_MOVE, "move 3/1 to 3217"},
    {0, BV_END_PHASE, "end"}, /* Bombardment Phase */
    {0, BV_END_PHASE, "end"}, /* Combat Phase */
    {0, BV_END_PHASE, "end"}, /* Mobile Movement Phase */
    {0, BV_MOVE, "move 10/1 to 3117"},
    {0, BV_END_PHASE, "end"}, /* German Movement Phase */
    {1, BV_ENTER, "enter 711 2717"},
    {1, BV_MOVE, "move 712 2918"},
    {1, BV_END_PHASE, "end"}, /* German Bombardment Phase */
    {1, BV_END_PHASE, "end"}, /* turn 2, Allied Movement Phase */
};

static const struct durable_game durable_games[] = {
    {
        .scenario = "scheldt",
        .side = {"allied", "german"},
        .actions = scheldt_actions,
        .nactions = sizeof(scheldt_actions) / sizeof(scheldt_actions[0]),
    },
};

/* The durable game of scenario, NULL if there is none. */
static const struct durable_game *durable_game(const char *scenario)
{
	size_t i;

	if (scenario == NULL)
		return NULL;
	for (i = 0; i < sizeof(durable_games) / sizeof(durable_games[0]); i++) {
		if (strcmp(durable_games[i].scenario, scenario) == 0)
			return &durable_games[i];
	}
	return NULL;
}

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
	case BENCH_FLOOD: /* the honest connections (--login first); the attackers have none */
		if (s->idle_login && step < BENCH_LOGIN_STEPS)
			return setup[step];
		return BV_PING;
	case BENCH_PING:
		return BV_PING;
	case BENCH_SET:
		return BV_SET;
	case BENCH_IDLE:
		if (!s->idle_login || step >= 2)
			return BV_END;
		return setup[step];
	case BENCH_DURABLE: /* per connection: the login; the game is the client's */
	case BENCH_VIEW:
		return step < BENCH_LOGIN_STEPS ? setup[step] : BV_END;
	case BENCH_MIX:
		break;
	case BENCH_TEST_COUNT:
		return BV_END;
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
	case BV_SET:
		return proto_buf_addf(out, "SET key:%zu xxx\n", conn);
	default:
		if (verb < 0 || verb >= BV_COUNT)
			return -1;
		return proto_buf_addf(out, "%s\n", verb_names[verb]);
	}
}

size_t bench_durable_steps(const char *scenario)
{
	const struct durable_game *g = durable_game(scenario);

	return g != NULL ? 2 + g->nactions : 0;
}

enum bench_verb bench_durable_verb(const struct bench_script *s, size_t step, int *seat)
{
	const struct durable_game *g = durable_game(s->scenario);

	*seat = 0;
	if (g == NULL || (s->test != BENCH_VIEW && step >= 2 + g->nactions))
		return BV_END;
	if (step == 0)
		return BV_NEW;
	if (step == 1) {
		*seat = 1;
		return BV_JOIN;
	}
	if (s->test == BENCH_VIEW) {
		*seat = (int)(step % 2);
		return BV_VIEW;
	}
	*seat = g->actions[step - 2].seat;
	return g->actions[step - 2].verb;
}

int bench_durable_line(const struct bench_script *s, size_t step, long long game,
                       struct proto_buf *out)
{
	const struct durable_game *g = durable_game(s->scenario);

	if (g == NULL || (s->test != BENCH_VIEW && step >= 2 + g->nactions))
		return -1;
	if (step == 0)
		return proto_buf_addf(out, "new %s side=%s\n", g->scenario, g->side[0]);
	if (step == 1)
		return proto_buf_addf(out, "join %lld\n", game);
	if (s->test == BENCH_VIEW)
		return proto_buf_addf(out, "view game=%lld\n", game);
	return proto_buf_addf(out, "%s\n", g->actions[step - 2].line);
}

int bench_verb_is_action(enum bench_verb verb)
{
	return verb == BV_PLACE || verb == BV_MOVE || verb == BV_ENTER || verb == BV_END_PHASE;
}

int bench_verb_is_load(enum bench_verb verb)
{
	return bench_verb_is_action(verb) || verb == BV_VIEW;
}

int bench_test_paired(enum bench_test t)
{
	return t == BENCH_DURABLE || t == BENCH_VIEW;
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
	case BENCH_DURABLE:
		return "durable";
	case BENCH_FLOOD:
		return "flood";
	case BENCH_SET:
		return "set";
	case BENCH_VIEW:
		return "view";
	case BENCH_TEST_COUNT:
		break;
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
		for (t = BENCH_PING; t < BENCH_TEST_COUNT; t++) {
			if (n == strlen(bench_test_name(t)) &&
			    strncmp(p, bench_test_name(t), n) == 0)
				break;
		}
		if (t == BENCH_TEST_COUNT)
			return 0;
		set |= 1u << t;
		p += n;
		if (*p == ',')
			p++;
	}
	return set;
}
