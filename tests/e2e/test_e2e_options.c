/*
 * test_e2e_options.c -- a program plays a whole Battle of the Scheldt game,
 * a whole Meuse Argonne game and a whole Scheldt Campaign game over TCP in JSON
 * mode from `options` alone (issues 8, 9, 11).
 *
 * Two connections (allied, german) ask `options`; the one with actions picks
 * one uniformly with a seeded generator of its own and sends it as a JSON
 * request with the decision counter `d` the options reply carried.  The dice
 * come from a fixed seed (--debug-seed; no die is forced).  Every action must be accepted,
 * until the game ends (Scheldt ends after turn 20); the loop is bounded.
 *
 * The Campaign game is watched by a JSON spectator, and every event each connection
 * receives is audited: an event the engine addresses to one side alone carries
 * "for": <side> (a hand, a box, a commitment, an examination), so the player of the
 * other side and the spectator must never receive one that is not theirs.  Its bots
 * also end a phase or a regroup one time in six when there is something else to do, as
 * the players of a staff-marker game do (uniformly they would regroup for ever).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "e2e.h"

#define MAX_ACTIONS 6000

static struct e2e_server server;

static int start_server(void **state)
{
	/* fixed seeds: the game's dice (--debug-seed) and the bot's choices, so a failure
	 * replays exactly */
	static const char *const args[] = {
	    "--data-dir",
	    WG_DATA_DIR,
	    "--allow-debug",
	    "--debug-seed",
	    "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
	    NULL};

	(void)state;
	return e2e_server_start(&server, WG_DAEMON, args);
}

static int stop_server(void **state)
{
	(void)state;
	assert_int_equal(e2e_server_stop(&server), 0);
	e2e_server_cleanup(&server);
	return 0;
}

/* The data object of a JSON reply (parsed; caller frees the root in *root). */
static cJSON *reply_data(struct e2e_client *c, cJSON **root)
{
	*root = cJSON_Parse(c->reply); /* the whole line: final[] holds 4 KiB only */
	if (*root == NULL)
		fail_msg("not a JSON reply: %.200s", c->reply);
	if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(*root, "ok")))
		fail_msg("refused: %.400s", c->reply);
	return cJSON_GetObjectItemCaseSensitive(*root, "data");
}

static cJSON *options(struct e2e_client *c, long long game, cJSON **root)
{
	if (e2e_cmd(c, "{\"cmd\":\"options\",\"game\":%lld}", game) == NULL)
		fail_msg("options: no reply");
	return reply_data(c, root);
}

/* The i-th action of the options data: the verb into cmd and the arguments as a JSON array. */
static void pick(const cJSON *data, int i, char *cmd, size_t ncmd, cJSON *args)
{
	const cJSON *grp;
	char line[512];

	line[0] = '\0';
	cJSON_ArrayForEach(grp, cJSON_GetObjectItemCaseSensitive(data, "groups"))
	{
		const char *prefix = cJSON_GetObjectItemCaseSensitive(grp, "prefix")->valuestring;
		const cJSON *choices = cJSON_GetObjectItemCaseSensitive(grp, "choices");
		int k = cJSON_GetArraySize(choices);
		if (k == 0 && i-- == 0) {
			snprintf(line, sizeof(line), "%s", prefix);
			break;
		}
		if (k > 0 && i < k) {
			snprintf(line, sizeof(line), "%s %s", prefix,
			         cJSON_GetArrayItem(choices, i)->valuestring);
			break;
		}
		if (k > 0)
			i -= k;
	}
	assert_true(line[0] != '\0');
	cmd[0] = '\0';
	for (char *p = strtok(line, " "); p != NULL; p = strtok(NULL, " ")) {
		if (cmd[0] == '\0')
			snprintf(cmd, ncmd, "%s", p);
		else
			cJSON_AddItemToArray(args, cJSON_CreateString(p));
	}
}

/* The index of an `end` or `done` action among data's, or -1. */
static int end_index(const cJSON *data)
{
	const cJSON *grp;
	int i = 0;

	cJSON_ArrayForEach(grp, cJSON_GetObjectItemCaseSensitive(data, "groups"))
	{
		const char *verb = cJSON_GetObjectItemCaseSensitive(grp, "verb")->valuestring;
		int k = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(grp, "choices"));
		if (k == 0 && (strcmp(verb, "end") == 0 || strcmp(verb, "done") == 0))
			return i;
		i += k == 0 ? 1 : k;
	}
	return -1;
}

/* The events c received since the last audit: each JSON event that carries "for" must be
 * for side (-1: a spectator may receive none).  Returns how many were for the side. */
static int audit(struct e2e_client *c, const char *side)
{
	int own = 0;

	for (char *line = c->events, *end; *line != '\0'; line = end + 1) {
		cJSON *ev, *f;
		end = strchr(line, '\n');
		if (end == NULL)
			break;
		*end = '\0';
		ev = cJSON_Parse(line);
		f = ev != NULL ? cJSON_GetObjectItemCaseSensitive(ev, "for") : NULL;
		if (f != NULL &&
		    (side == NULL || !cJSON_IsString(f) || strcmp(f->valuestring, side) != 0))
			fail_msg("%s received an event for %s: %.300s", side ? side : "a spectator",
			         cJSON_IsString(f) ? f->valuestring : "?", line);
		own += f != NULL;
		cJSON_Delete(ev);
	}
	c->evlen = 0;
	c->events[0] = '\0';
	return own;
}

/* Two JSON bots (users user0 and user1) play a whole game of scenario from options, user0
 * creating it as side0 (user1 takes side1); with watch, a JSON spectator watches and every
 * connection's events are audited (above). */
static void bot_game_as(const char *scenario, const char *side0, const char *side1,
                        const char *user0, const char *user1, int watch)
{
	static struct e2e_client seat[2], spectator;
	const char *const sides[2] = {side0, side1};
	uint64_t rng = 0x2545f4914f6cdd1dull;
	long long game;
	int actions = 0, over = 0, own = 0;
	const char *r;

	assert_int_equal(e2e_login_new(&seat[0], server.port, user0, "secret-a"), 0);
	assert_int_equal(e2e_login_new(&seat[1], server.port, user1, "secret-g"), 0);
	assert_non_null(e2e_cmd(&seat[0], "new %s side=%s", scenario, side0));
	r = strstr(seat[0].reply, "game: ");
	assert_non_null(r);
	game = atoll(r + 6);
	assert_non_null(e2e_cmd(&seat[1], "join %lld", game));
	for (int s = 0; s < 2; s++) {
		assert_non_null(e2e_cmd(&seat[s], "mode json"));
		seat[s].json = 1;
	}
	if (watch) {
		assert_int_equal(e2e_login_new(&spectator, server.port, "watcher", "secret-w"), 0);
		assert_non_null(e2e_cmd(&spectator, "mode json"));
		spectator.json = 1;
		assert_non_null(e2e_cmd(&spectator, "watch %lld", game));
		assert_non_null(strstr(spectator.final, "\"ok\":true"));
	}
	while (!over && actions < MAX_ACTIONS) {
		cJSON *root[2] = {NULL, NULL}, *data[2], *args, *d;
		char cmd[32], *req;
		int side = -1, n;

		for (int s = 0; s < 2 && side < 0; s++) {
			data[s] = options(&seat[s], game, &root[s]);
			if (cJSON_GetObjectItemCaseSensitive(data[s], "count")->valueint > 0)
				side = s;
		}
		if (side < 0) {
			/* nobody has a choice: only at the end of the game */
			over = cJSON_GetObjectItemCaseSensitive(data[0], "waits_for") == NULL;
			if (!over)
				fail_msg("no options for the side the game waits for: %.300s",
				         seat[0].final);
			cJSON_Delete(root[0]);
			cJSON_Delete(root[1]);
			break;
		}
		n = cJSON_GetObjectItemCaseSensitive(data[side], "count")->valueint;
		rng ^= rng << 13;
		rng ^= rng >> 7;
		rng ^= rng << 17;
		args = cJSON_CreateArray();
		{
			int i = (int)(rng % (uint64_t)n), e = watch ? end_index(data[side]) : -1;
			if (e >= 0 && n > 1) {
				/* end or done one time in six, else any other action */
				rng ^= rng << 13;
				rng ^= rng >> 7;
				rng ^= rng << 17;
				if (rng % 6 == 0)
					i = e;
				else if (i == e)
					i = (i + 1) % n;
			}
			pick(data[side], i, cmd, sizeof(cmd), args);
		}
		d = cJSON_GetObjectItemCaseSensitive(data[side], "d");
		assert_non_null(d); /* the decision counter of the awaited decision */
		req = cJSON_PrintUnformatted(args);
		if (e2e_cmd(&seat[side], "{\"cmd\":\"%s\",\"game\":%lld,\"args\":%s,\"d\":%lld}",
		            cmd, game, req, (long long)d->valuedouble) == NULL)
			fail_msg("%s: no reply", cmd);
		if (strstr(seat[side].final, "\"ok\":true") == NULL)
			fail_msg("action %d, %s %s refused: %.400s", actions, cmd, req,
			         seat[side].final);
		free(req);
		cJSON_Delete(args);
		cJSON_Delete(root[0]);
		cJSON_Delete(root[1]);
		actions++;
		for (int s = 0; s < 2; s++) {
			if (watch)
				own += audit(&seat[s], sides[s]);
			seat[s].evlen = 0; /* notifications are not checked otherwise */
		}
		if (watch) {
			e2e_pump(&spectator, 0);
			audit(&spectator, NULL);
		}
	}
	print_message("JSON bot, %s: %d actions, game over: %d\n", scenario, actions, over);
	assert_true(over);
	assert_true(actions > 100);
	assert_non_null(e2e_cmd(&seat[0], "{\"cmd\":\"view\",\"game\":%lld}", game));
	assert_non_null(strstr(seat[0].reply, "\"over\":true")); /* final[] is 4 KiB */
	for (int s = 0; s < 2; s++)
		e2e_close(&seat[s]);
	if (watch) {
		print_message("%d events for one side alone, each received by that side only\n",
		              own);
		assert_true(own > 20);
		e2e_close(&spectator);
	}
}

static void bot_game(const char *scenario, const char *side0, const char *user0, const char *user1)
{
	bot_game_as(scenario, side0, NULL, user0, user1, 0);
}

static void test_json_bot_plays_scheldt_from_options(void **state)
{
	(void)state;
	bot_game("scheldt", "allied", "botallied", "botgerman");
}

/* Meuse Argonne (issue 9): its exclusive decisions (bombardment, hits, replacements,
 * breakdowns, the Lost Battalion, combat experience) come from options too. */
static void test_json_bot_plays_meuse_from_options(void **state)
{
	(void)state;
	bot_game("meuse-argonne", "allied", "maallied", "magerman");
}

/* The Scheldt Campaign (issue 11): set-up, hands, every staff-marker action, regroups,
 * battles with their secret commitments, to the end of the game; a spectator watches and
 * no event for one side alone reaches the other side or the spectator. */
static void test_json_bot_plays_campaign_from_options(void **state)
{
	(void)state;
	bot_game_as("scheldt-campaign", "allied", "german", "scallied", "scgerman", 1);
}
#ifdef WG_HAVE_MINIS
/* The WWII miniatures village (issue 13): positions are continuous, so options offers moves
 * along eight bearings at fractions of the allowance, targets, recon areas, calls at the
 * enemy units in sight and the set-up placements (docs/games/minis.md). */
static void test_json_bot_plays_minis_from_options(void **state)
{
	(void)state;
	bot_game("qr-village", "british", "mnbritish", "mngerman");
}
#endif

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_json_bot_plays_scheldt_from_options),
	    cmocka_unit_test(test_json_bot_plays_meuse_from_options),
	    cmocka_unit_test(test_json_bot_plays_campaign_from_options),
#ifdef WG_HAVE_MINIS
	    cmocka_unit_test(test_json_bot_plays_minis_from_options),
#endif
	};
	return cmocka_run_group_tests(tests, start_server, stop_server);
}
