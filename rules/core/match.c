/*
 * match.c -- host-side driver of one game: atomic apply, exact replay,
 * snapshots of engine state plus dice stream.  See match.h.
 */
#include "match.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rules_match_create(struct rules_match *m, const struct ruleset *rs,
                       const struct rules_scenario *sc, const struct rules_options *opts,
                       const uint8_t seed[32], struct rules_error *err)
{
	struct rules_game *g = NULL;
	int rc = rs->create(sc, opts, &g, err);

	if (rc != 0)
		return rc;
	memset(m, 0, sizeof(*m));
	m->rs = rs;
	m->sc = sc;
	if (opts != NULL)
		m->opts = *opts;
	m->game = g;
	rules_dice_seed(&m->dice, seed);
	return 0;
}

void rules_match_release(struct rules_match *m)
{
	if (m->game != NULL)
		m->rs->destroy(m->game);
	m->game = NULL;
}

static void events_truncate(struct rules_events *ev, size_t count)
{
	while (ev->count > count) {
		ev->count--;
		cJSON_Delete(ev->items[ev->count].data);
	}
}

int rules_match_start(struct rules_match *m, struct rules_events *ev, struct rules_error *err)
{
	struct rules_dice saved = m->dice;
	size_t nev = ev->count;
	int rc;

	if (m->started)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "", "the game has already started");
	rules_dice_clear_log(&m->dice);
	rc = m->rs->start(m->game, &m->dice, ev, err);
	if (rc != 0) {
		m->dice = saved;
		events_truncate(ev, nev);
		return rc;
	}
	m->started = 1;
	m->version++;
	return 0;
}

int rules_match_apply(struct rules_match *m, int side, int argc, char **argv, cJSON *reply,
                      struct rules_events *ev, struct rules_error *err)
{
	const struct rules_verb *verb;
	struct rules_dice *saved;
	size_t nev = ev->count;
	int rc;

	if (argc < 1)
		return rules_fail(err, WG_E_BAD_ARGS, "", "no verb given");
	verb = rules_verb_find(m->rs, argv[0]);
	if (verb == NULL || verb->kind != RULES_VERB_ACTION)
		return rules_fail(err, WG_E_UNKNOWN_VERB, "", "'%s' is not an action of this game",
		                  argv[0]);
	if (argc - 1 < verb->min_args || (verb->max_args >= 0 && argc - 1 > verb->max_args))
		return rules_fail(err, WG_E_BAD_ARGS, "", "usage: %s", verb->usage);
	if (!m->started)
		return rules_fail(err, WG_E_NOT_STARTED, "", "the game has not started");
	saved = malloc(sizeof(*saved));
	if (saved == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	*saved = m->dice;
	rules_dice_clear_log(&m->dice);
	rc = m->rs->apply(m->game, &m->dice, side, argc, argv, reply, ev, err);
	if (rc != 0) {
		m->dice = *saved;
		events_truncate(ev, nev);
	} else {
		m->version++;
	}
	free(saved);
	return rc;
}

int rules_match_replay(struct rules_match *m, int side, int argc, char **argv,
                       const struct rules_roll *rolls, size_t nrolls, struct rules_events *ev,
                       struct rules_error *err)
{
	int rc;

	m->dice.nqueued = 0;
	for (size_t i = 0; i < nrolls; i++)
		if (rolls[i].forced)
			rules_dice_force(&m->dice, rolls[i].value);
	if (side == RULES_SYSTEM && argc == 1 && strcmp(argv[0], "start") == 0)
		rc = rules_match_start(m, ev, err);
	else
		rc = rules_match_apply(m, side, argc, argv, NULL, ev, err);
	m->dice.nqueued = 0;
	if (rc != 0)
		return rc;
	if (m->dice.nlog != nrolls)
		return rules_fail(err, WG_E_INTERNAL, "",
		                  "replay consumed %zu dice where %zu were stored", m->dice.nlog,
		                  nrolls);
	for (size_t i = 0; i < nrolls; i++)
		if (m->dice.log[i].sides != rolls[i].sides ||
		    m->dice.log[i].value != rolls[i].value)
			return rules_fail(err, WG_E_INTERNAL, "",
			                  "replay rolled %u where %u was stored",
			                  m->dice.log[i].value, rolls[i].value);
	return 0;
}

char *rules_match_snapshot(const struct rules_match *m)
{
	char buf[32];
	cJSON *root = cJSON_CreateObject();
	cJSON *state = cJSON_AddArrayToObject(root, "dice");
	char *game, *out;

	for (int i = 0; i < 4; i++) {
		snprintf(buf, sizeof(buf), "%016" PRIx64, m->dice.s[i]);
		cJSON_AddItemToArray(state, cJSON_CreateString(buf));
	}
	snprintf(buf, sizeof(buf), "%" PRIu64, m->dice.draws);
	cJSON_AddStringToObject(root, "draws", buf);
	snprintf(buf, sizeof(buf), "%" PRIu64, m->version);
	cJSON_AddStringToObject(root, "version", buf);
	cJSON_AddBoolToObject(root, "started", m->started);
	game = m->rs->snapshot(m->game);
	if (game == NULL) {
		cJSON_Delete(root);
		return NULL;
	}
	cJSON_AddStringToObject(root, "game", game);
	free(game);
	out = cJSON_PrintUnformatted(root);
	cJSON_Delete(root);
	return out;
}

int rules_match_restore(struct rules_match *m, const struct ruleset *rs,
                        const struct rules_scenario *sc, const struct rules_options *opts,
                        const char *snapshot, struct rules_error *err)
{
	cJSON *root = cJSON_Parse(snapshot);
	cJSON *dice, *draws, *version, *started, *game;
	struct rules_game *g = NULL;
	int rc;

	if (root == NULL)
		return rules_fail(err, WG_E_INTERNAL, "", "snapshot is not JSON");
	dice = cJSON_GetObjectItemCaseSensitive(root, "dice");
	draws = cJSON_GetObjectItemCaseSensitive(root, "draws");
	version = cJSON_GetObjectItemCaseSensitive(root, "version");
	started = cJSON_GetObjectItemCaseSensitive(root, "started");
	game = cJSON_GetObjectItemCaseSensitive(root, "game");
	if (!cJSON_IsArray(dice) || cJSON_GetArraySize(dice) != 4 || !cJSON_IsString(draws) ||
	    !cJSON_IsString(version) || !cJSON_IsString(game)) {
		cJSON_Delete(root);
		return rules_fail(err, WG_E_INTERNAL, "", "snapshot lacks dice, version or game");
	}
	rc = rs->restore(sc, opts, game->valuestring, &g, err);
	if (rc != 0) {
		cJSON_Delete(root);
		return rc;
	}
	memset(m, 0, sizeof(*m));
	m->rs = rs;
	m->sc = sc;
	if (opts != NULL)
		m->opts = *opts;
	m->game = g;
	for (int i = 0; i < 4; i++) {
		cJSON *w = cJSON_GetArrayItem(dice, i);
		m->dice.s[i] = cJSON_IsString(w) ? strtoull(w->valuestring, NULL, 16) : 0;
	}
	m->dice.draws = strtoull(draws->valuestring, NULL, 10);
	m->version = strtoull(version->valuestring, NULL, 10);
	m->started = cJSON_IsTrue(started);
	cJSON_Delete(root);
	return 0;
}

char *rules_rolls_to_json(const struct rules_roll *rolls, size_t n)
{
	size_t cap = 3 + n * 24;
	char *out = malloc(cap);
	size_t len = 0;

	if (out == NULL)
		return NULL;
	out[len++] = '[';
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(out + len, cap - len, "%s[%u,%u,%u]", i ? "," : "",
		                        rolls[i].sides, rolls[i].value, rolls[i].forced);
	out[len++] = ']';
	out[len] = '\0';
	return out;
}

int rules_rolls_from_json(const char *json, struct rules_roll *rolls, size_t max)
{
	cJSON *root = cJSON_Parse(json);
	cJSON *item;
	int n = 0;

	if (!cJSON_IsArray(root)) {
		cJSON_Delete(root);
		return -1;
	}
	cJSON_ArrayForEach(item, root)
	{
		if ((size_t)n >= max || !cJSON_IsArray(item) || cJSON_GetArraySize(item) != 3) {
			cJSON_Delete(root);
			return -1;
		}
		rolls[n].sides = (uint16_t)cJSON_GetArrayItem(item, 0)->valueint;
		rolls[n].value = (uint16_t)cJSON_GetArrayItem(item, 1)->valueint;
		rolls[n].forced = (uint8_t)cJSON_GetArrayItem(item, 2)->valueint;
		n++;
	}
	cJSON_Delete(root);
	return n;
}
