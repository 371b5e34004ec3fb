/*
 * engine_play.c -- wg-engine's games: the scenario loaded, whole games played from the
 * engine's `options` and recorded as the server stores them, and one stored action
 * replayed the way the server replays it when it loads a game (server/games.c,
 * replay_one).  See engine.h.
 */
#define _POSIX_C_SOURCE 200809L

#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "protocol/tokenize.h"
#include "rules/shipped.h"

#include "options_pick.h"

#define ENG_ARGS_MAX 64 /* as PROTO_MAX_ARGS in the server */
#define ENG_LINE_MAX 512

double eng_cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

uint64_t eng_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	long n;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (text = malloc((size_t)n + 1)) != NULL) {
		if (fread(text, 1, (size_t)n, f) != (size_t)n) {
			free(text);
			text = NULL;
		} else {
			text[n] = '\0';
		}
	}
	fclose(f);
	return text;
}

int eng_setup_load(struct eng_setup *s, const char *data_dir, const char *scenario)
{
	char path[1024];
	char *text;
	const cJSON *rname;
	struct rules_error err;

	memset(s, 0, sizeof(*s));
	s->scenario = scenario;
	snprintf(path, sizeof(path), "%s/%s.json", data_dir, scenario);
	if ((text = read_text(path)) == NULL) {
		fprintf(stderr, "wg-engine: cannot read %s\n", path);
		return -1;
	}
	s->doc = cJSON_Parse(text);
	free(text);
	rname = cJSON_GetObjectItemCaseSensitive(s->doc, "ruleset");
	if (!cJSON_IsString(rname)) {
		fprintf(stderr, "wg-engine: %s: no \"ruleset\"\n", path);
		eng_setup_release(s);
		return -1;
	}
	for (size_t i = 0; rules_shipped[i] != NULL; i++)
		if (strcmp(rules_shipped[i]->name, rname->valuestring) == 0)
			s->rs = rules_shipped[i];
	if (s->rs == NULL) {
		fprintf(stderr, "wg-engine: %s: ruleset %s is not built in\n", path,
		        rname->valuestring);
		eng_setup_release(s);
		return -1;
	}
	if (s->rs->scenario_load(s->rs, path, s->doc, &s->sc, &err) != 0) {
		fprintf(stderr, "wg-engine: %s: %s\n", path, err.message);
		s->sc = NULL;
		eng_setup_release(s);
		return -1;
	}
	return 0;
}

void eng_setup_release(struct eng_setup *s)
{
	if (s->sc != NULL)
		s->rs->scenario_free(s->sc);
	cJSON_Delete(s->doc);
	memset(s, 0, sizeof(*s));
}

void eng_game_release(struct eng_game *gm)
{
	for (size_t k = 0; k < gm->n; k++) {
		free(gm->a[k].line);
		free(gm->a[k].dice);
	}
	free(gm->a);
	memset(gm, 0, sizeof(*gm));
}

/* Records an accepted action with the dice it left in m->dice.log. */
static int record(struct eng_game *gm, const struct rules_match *m, int host, int side,
                  const char *line)
{
	struct eng_action *a;

	if (gm->n == gm->cap) {
		size_t cap = gm->cap ? gm->cap * 2 : 256;
		struct eng_action *p = realloc(gm->a, cap * sizeof(*p));
		if (p == NULL)
			return -1;
		gm->a = p;
		gm->cap = cap;
	}
	a = &gm->a[gm->n];
	a->host = host;
	a->side = side;
	a->line = strdup(line);
	a->dice = rules_rolls_to_json(m->dice.log, m->dice.nlog);
	if (a->line == NULL || a->dice == NULL) {
		free(a->line);
		free(a->dice);
		return -1;
	}
	gm->n++;
	return 0;
}

int eng_match_new(const struct eng_setup *s, const struct eng_game *gm, struct rules_match *m)
{
	struct rules_options o;
	struct rules_error err;

	memset(&o, 0, sizeof(o));
	memset(m, 0, sizeof(*m));
	if (rules_match_create(m, s->rs, s->sc, &o, gm->seed, &err) != 0) {
		fprintf(stderr, "wg-engine: create: %s\n", err.message);
		return -1;
	}
	return 0;
}

/* side's options now (the query as the server runs it for a program), owned by the caller. */
static cJSON *options_of(struct rules_match *m, int side)
{
	char verb[] = "options", *argv[1] = {verb};
	struct rules_error err;
	cJSON *out = cJSON_CreateObject();
	struct rules_viewer who = {side, 0, 0};

	if (rules_match_query(m, NULL, &who, 1, argv, out, &err) != 0) {
		fprintf(stderr, "wg-engine: options: %s\n", err.message);
		cJSON_Delete(out);
		return NULL;
	}
	return out;
}

/* Applies line for side as a player's action; 0 or the WG_E code (err filled). */
static int act(struct rules_match *m, int side, const char *line, struct rules_error *err)
{
	char buf[ENG_LINE_MAX], *argv[ENG_ARGS_MAX];
	int argc, rc;
	struct rules_events ev;

	snprintf(buf, sizeof(buf), "%s", line);
	if (proto_tokenize(buf, argv, ENG_ARGS_MAX, &argc) != 0 || argc < 1)
		return rules_fail(err, WG_E_BAD_ARGS, "", "unreadable line '%s'", line);
	rules_events_init(&ev);
	rc = rules_match_apply(m, NULL, side, argc, argv, NULL, &ev, err);
	rules_events_release(&ev);
	return rc;
}

int eng_play(const struct eng_setup *s, unsigned seed, size_t max_actions, struct eng_game *out,
             double *play_secs)
{
	struct rules_match m;
	struct rules_events ev;
	struct rules_error err;
	struct rules_outcome o;
	uint64_t rng = 0x9e3779b97f4a7c15ull * (seed + 1u);
	double t0 = eng_cpu_now();
	int rc = 0;

	memset(out, 0, sizeof(*out));
	out->seed[0] = (uint8_t)seed;
	out->seed[1] = (uint8_t)(seed >> 8);
	if (eng_match_new(s, out, &m) != 0)
		return -1;
	rules_events_init(&ev);
	if (rules_match_start(&m, &ev, &err) != 0 ||
	    record(out, &m, RULES_HOST_START, RULES_SYSTEM, "start") != 0) {
		fprintf(stderr, "wg-engine: start: %s\n", err.message);
		rc = -1;
	}
	rules_events_release(&ev);
	while (rc == 0 && out->n < max_actions) {
		char line[ENG_LINE_MAX];
		int side = -1, n;
		cJSON *opts;

		rules_match_outcome(&m, &o);
		if (o.over)
			break;
		for (int k = 0; k < RULES_SIDES; k++)
			if (m.pending.sides & RULES_AUD_SIDE(k))
				side = k;
		if (side < 0 || (opts = options_of(&m, side)) == NULL) {
			fprintf(stderr, "wg-engine: seed %u: nobody to act\n", seed);
			rc = -1;
			break;
		}
		n = cJSON_GetObjectItemCaseSensitive(opts, "count")->valueint;
		if (n <= 0 || opick_action_at(opts, (int)(opick_next(&rng) % (uint64_t)n), line,
		                              sizeof(line)) != 0) {
			fprintf(stderr, "wg-engine: seed %u: no options for %s\n", seed,
			        m.pending.what[side]);
			cJSON_Delete(opts);
			rc = -1;
			break;
		}
		cJSON_Delete(opts);
		if (act(&m, side, line, &err) != 0) {
			fprintf(stderr, "wg-engine: seed %u: listed action '%s' refused: %s\n",
			        seed, line, err.message);
			rc = -1;
			break;
		}
		if (record(out, &m, RULES_HOST_NONE, side, line) != 0)
			rc = -1;
	}
	rules_match_outcome(&m, &o);
	out->over = o.over;
	rules_match_release(&m);
	*play_secs = eng_cpu_now() - t0;
	if (rc != 0)
		eng_game_release(out);
	return rc;
}

int eng_replay_one(struct rules_match *m, const struct eng_game *gm, size_t k)
{
	const struct eng_action *a = &gm->a[k];
	int count = rules_rolls_count(a->dice);
	struct rules_roll *rolls = malloc(sizeof(*rolls) * (size_t)(count > 0 ? count : 1));
	char *line = strdup(a->line), *argv[ENG_ARGS_MAX];
	struct rules_events ev;
	struct rules_error err;
	int argc, nrolls, rc;

	if (line == NULL || rolls == NULL) {
		free(line);
		free(rolls);
		return -1;
	}
	nrolls = count < 0 ? -1 : rules_rolls_from_json(a->dice, rolls, (size_t)count);
	if (nrolls < 0 || proto_tokenize(line, argv, ENG_ARGS_MAX, &argc) != 0 || argc < 1) {
		fprintf(stderr, "wg-engine: action %zu is unreadable\n", k + 1);
		free(line);
		free(rolls);
		return -1;
	}
	memset(&err, 0, sizeof(err));
	rules_events_init(&ev);
	rc = rules_match_replay(m, (enum rules_host_kind)a->host, a->side, argc, argv, rolls,
	                        (size_t)nrolls, &ev, &err);
	if (rc != 0)
		fprintf(stderr, "wg-engine: action %zu (%s) failed on replay: %s\n", k + 1, a->line,
		        err.message);
	rules_events_release(&ev);
	free(line);
	free(rolls);
	return rc != 0 ? -1 : 0;
}
