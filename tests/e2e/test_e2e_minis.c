/*
 * test_e2e_minis.c -- a whole game of the WWII miniatures scenario qr-village
 * (issue 13, checklist section 3) played over TCP against the shipped daemon
 * (wargamed --allow-debug, data dir data/): alice plays the British, bob the
 * Germans, carol watches.  Every die that matters is forced (`debug dice`).
 *
 * The game is the script below, read by a small interpreter (the F&M one of
 * e2e_script.h knows hexes, not inches).  One line per step:
 *
 *   B <request>            alice sends it; it must be accepted
 *   G <request>            bob sends it; it must be accepted
 *   !B <rule> <request>    alice's request must be refused, citing rule
 *   !G <rule> <request>    the same for bob
 *   D <d> ...              alice queues forced dice (debug dice)
 *   E B|G|S <text>         a notification containing text has reached alice,
 *                          bob or carol (the spectator) since the last one taken
 *   Q B|G|S <request> | <text>    the reply to the query contains text
 *   X B|G|S <request> | <text>    ... does not contain text
 *   H <id>                 a German unit or dummy id the British and the
 *                          spectator must not see: no notification, reply,
 *                          view or options reaching them names it
 *   U <id>                 the rules reveal it from now on (U *: all of them)
 *   M B|G|S <request>      the request names a secret unit: it is refused exactly
 *                          as the same request naming a unit that does not exist
 *   P                      the British and spectator's log, table and SVG picture
 *                          are asked for (and checked for the secret ids)
 *
 * The events the issue asks for all happen (QR-SCN-9: every topic can occur in the village): an air
 * attack met by anti-aircraft fire, a recon revealing a hidden unit, a dummy exposed, anti-tank
 * fire at an AFV's front and at its side, an out-of-arc shot of a casemate AFV, barbed wire (a
 * pinned section and one through) and marsh (a bogged down test), a close assault on the bunker,
 * indirect HE on a building, and a rally.  After each step the British and spectator views are
 * checked for the secret ids; the game ends after turn 8 with everything revealed, and `verify`
 * matches the dice.
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
#include <ctype.h>

#include "e2e.h"
#include "e2e_assert.h"

static struct e2e_server server;
static struct e2e_client alice, bob, carol;
static long long game;

/* clang-format off */
static const char *const script[] = {
	/* ---- set-up (QR-SETUP): the rolls of the dice forced before the start */
	"E B air superiority: british 3+2 = 5, german 1-1 = 0: british",
	"E B british rolls 5 for air missions (column A): 2",
	"E B german may hide 8 units",
	"E B german (defender) rolls 6-1: 5 dummy units",
	/* secret from the British and the spectator until the rules reveal them: the
	 * German units that start hidden (QR-SCN-7) and the dummies */
	"H DE2", "H DE3", "H DE4", "H DE6", "H DE7", "H DE9",
	"H dummy1", "H dummy2", "H dummy3", "H dummy4", "H dummy5",
	/* the German deploys first, in secret (QR-SCN-7) */
	"!B QR-TURN-1 deploy GB4 31 3",
	"!G QR-SCN-7 deploy DE4 41.5 20",
	"G deploy dummy 14 35",
	"G deploy dummy 60 44",
	"G deploy DE7 21.5 30 180",
	"X B units | 21.5",
	"X S view | 14, 35",
	"G end",
	/* the British deploys in his zone, y <= 4 */
	"B deploy GB3 22 3",
	"B deploy GB4 31 3",
	"B deploy GB5 33 3",
	"B deploy GB6 35 3",
	"B deploy GB9 26 2.5",
	"B deploy GB8 50 2.5",
	"B deploy GB10 69 2.5",
	/* turn 1: the command dice, GB1 6+1 = 7 orders, DE1 1+2 = 3: British initiative */
	"D 6 1",
	"B end",
	"E G hidden-status",
	"E S turn 1, command phase: GB1 6+1 = 7 (7 orders); DE1 1+2 = 3 (3 orders); british",
	/* a hidden unit is refused exactly as one that does not exist (QR-AMB-13) */
	"M B measure GB6 DE4",
	"M B los GB6 DE4",
	"M B fire GB6 DE4",
	"P",
	/* ---- turn 1, 2A: the Typhoon at the Panzer IV, observed by GB1 (QR-CMD-27,
	 * QR-AIR); the Flak 38 fires first (QR-AA) */
	"D 6",
	"B call air DE8",
	"E S GRANTED",
	"E S german may fire anti-aircraft",
	"!B QR-TURN-1 end",
	"D 6 4 2",
	"G fire DE10 air",
	"E S DE10 fires at the Typhoon: 6+4-2 = 8: ONE HIT (-1 to hit)",
	"D 4 1 1 6",
	"G end",
	"E S to hit 4-1: HIT!",
	"E S air attack on DE8: 1+1 +9+0 - side/rear armour 2 = 9: retreat",
	"E S DE8 takes a retreat test: 6+0: obey orders",
	/* indirect HE on building B1 (QR-ARTY, QR-HE): hard cover -2; what it does to the
	 * hidden units there reaches the German alone */
	"D 6 6 4 2 4 5 4 6",
	"B call artillery 30.5 33",
	"E S observed by GB1: 6+0: HIT!",
	"E G HE on DE2: 4+2 +3 -2 = 7: pinned",
	"E G HE on DE6: 5+4 +3 -2 = 10: retreat",
	"E G DE6 takes a retreat test: 6+0: obey orders",
	/* the infantry, from the left (QR-AMB-11): GB3 recons the wood, GB6 the village;
	 * a double six adds a die (QR-MOVE-2) */
	"D 6 6 1",
	"B order GB1 standard GB3 GB4 GB5 GB6",
	"E S move roll 6+6 and a double six",
	"B move GB3 28 12",
	"B move GB4 32.5 13.5",
	"B move GB5 34.5 13.5",
	"B move GB6 37 13",
	/* recon of the wood: 8, the German shows one marker there: a dummy (QR-RECON-13) */
	"D 5 5",
	"B recon GB3 T3",
	"E S 5+5-2 = 8",
	"!B QR-TURN-1 end",
	"U dummy1",
	"G reveal dummy1",
	"E S a german marker at (14, 35) is a dummy",
	/* recon of B2: 8, the German reveals DE4 */
	"D 5 5",
	"B recon GB6 T2b",
	"U DE4",
	"G reveal DE4",
	"E S german DE4 (Grenadier section 2) revealed at (41.5, 34.5)",
	"Q B measure GB6 DE4 | DE4",
	"Q B los GB6 DE4 | GB6",
	"D 4 4",
	"B order GB1 standard GB9",
	"B move GB9 30 12 0",
	/* the troop leader through the marsh: a bogged down test (QR-MOVE-27, -28) */
	"D 5 5 6",
	"B order GB1 standard GB8",
	"B move GB8 52 16",
	"E S GB8 enters hazardous ground: bogged down test 6 -2 (marsh): OK",
	"D 4 4",
	"B order GB1 standard GB10",
	"E S GB1 activates a single unit group (2 orders)",
	"B move GB10 69 12",
	"B end",
	/* 2B: the hidden PaK 40 in the wood edge fires at GB9's front (QR-ARMOUR) */
	"E G 2B: german defensive fire",
	"Q G los DE7 GB9 | clear",
	"U DE7",
	"D 4 2 5",
	"G fire DE7 GB9",
	"E S german DE7 (PaK 40) revealed at (21.5, 30): it fires",
	"E S AT +6, front armour -4 = 9: retreat test",
	"E S GB9 takes a retreat test: 5+0: pinned",
	"G end",
	/* 3A: the StuG leaves its dead ground (moving reveals it, QR-AMB-13) and fires
	 * out of its casemate's arc at the Firefly (QR-AMB-6) */
	"U DE9",
	"D 4 4",
	"G order DE1 standard DE9",
	"G move DE9 68 36 90",
	"E S german DE9 (StuG III G) revealed",
	"D 3 3",
	"G fire DE9 GB10",
	"E S difficult target: out of arc",
	"G end",
	/* 3B, then the rally phase: GB9 rallies (6); turn 2: GB1 6+1, DE1 1+2 */
	"D 6 6 1",
	"B end",
	"E S GB9 rallies: 6",
	"E S turn 2, command phase",
	/* ---- turn 2, 2A: the infantry up to the wire */
	"D 6 6 6",
	"B order GB1 standard GB3 GB4 GB5",
	"B move GB4 32.5 27.2 0",
	"B move GB5 30 27.2 0",
	"B move GB3 31 26 0",
	/* the Firefly climbs the hill and fires at the StuG's side */
	"D 6 6 6",
	"B order GB1 standard GB10",
	"B move GB10 60 30 53",
	"D 3 3 1",
	"B fire GB10 DE9",
	"E S side/rear armour -2",
	"B end",
	"G end",
	"G end",
	/* turn 3: GB1 6+1, DE1 1+2 */
	"D 6 1",
	"B end",
	"E S turn 3, command phase",
	/* ---- turn 3, 2A: through the wire (QR-MOVE-26), which costs half the
	 * allowance: GB4 fails its test (1) and is pinned at the wire, GB5 passes (6) */
	"D 6 6 2",
	"B order GB1 standard GB3 GB4 GB5",
	"D 1",
	"B move GB4 32.5 29 0",
	"E S GB4",
	"E G GB4 reaches the wire: pinned test 1+0: FAIL",
	/* the close assault on the MG 42 in the bunker (QR-ASSAULT): GB5 crosses the wire
	 * (6) into contact, and comes within 4" of DE6 in B1, which is revealed */
	"D 6 6 6 4 2",
	"U DE6",
	"B assault GB5 DE5",
	"E S british lead GB5 factor 2 +0, 6+6 = 14; german lead DE5 factor 1 +2, 4+2 = 9",
	"E S DE5 is dispersed in the close assault",
	"E S german DE6 (Panzerfaust team) revealed",
	/* the winners may occupy the ground or move 2" (QR-ASSAULT-42): GB5 stays */
	"B advance none",
	"E S british declines to advance",
	"B move GB3 31 27.8 0",
	"B end",
	"G end",
	"G end",
	/* the rally phase: GB4 rallies with the +1 of GB3 base to base (QR-RALLY) */
	"D 6 6 1",
	"B end",
	"E S GB4 rallies: 6+1 = 7: RALLY!",
	"P",
	/* ---- turns 4 to 8: both sides hold */
	"B end", "G end", "G end", "D 6 1", "B end", "E S turn 5, command phase",
	"B end", "G end", "G end", "D 6 1", "B end", "E S turn 6, command phase",
	"B end", "G end", "G end", "D 6 1", "B end", "E S turn 7, command phase",
	"B end", "G end", "G end", "D 6 1", "B end", "E S turn 8, command phase",
	"B end", "G end", "G end",
	/* the end of turn 8: the Germans hold the village (QR-SCN-8); everything is
	 * revealed after the end (QR-AMB-13) */
	"U *",
	"B end",
	"E S game over: german still holds buildings at the end (QR-SCN-8): DE1 DE2 DE4 DE6",
	"E S DE3 (18, 33) dummy2 (60, 44)",
	"Q S view | \"over\":true",
	"Q B units | DE3",
	"P",
};
/* clang-format on */

/* ---- the interpreter ---- */

#define MAX_SECRETS 16
#define LOG_MAX     (512 * 1024)

static struct {
	char id[16];
	int hidden;
} secrets[MAX_SECRETS];
static int nsecrets;

/* Notifications received and not yet taken, per client (B, G, S). */
static char *logs[3];
static size_t loglen[3];
static int trace;
static int step;

static struct e2e_client *client_of(char who)
{
	switch (who) {
	case 'B':
		return &alice;
	case 'G':
		return &bob;
	case 'S':
		return &carol;
	}
	fail_msg("step %d: no client '%c'", step, who);
	return NULL;
}

static int index_of(char who)
{
	return who == 'B' ? 0 : who == 'G' ? 1 : 2;
}

/* text names id as a word of its own (DE1 is not in DE10). */
static int names(const char *text, const char *id)
{
	size_t n = strlen(id);

	for (const char *p = text; (p = strstr(p, id)) != NULL; p++)
		if ((p == text || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[n]))
			return 1;
	return 0;
}

static void check_secrets(char who, const char *what, const char *text)
{
	if (who == 'G')
		return;
	for (int k = 0; k < nsecrets; k++)
		if (secrets[k].hidden && names(text, secrets[k].id))
			fail_msg("step %d: %s reaching %c names the secret %s:\n%.2000s", step,
			         what, who, secrets[k].id, text);
}

/* Moves the notifications a client has received into its log, checking them. */
static void collect(char who)
{
	struct e2e_client *c = client_of(who);
	int i = index_of(who);

	if (c->evlen == 0)
		return;
	check_secrets(who, "a notification", c->events);
	if (trace && who != 'B')
		fprintf(stderr, "[%c] %s", who, c->events);
	if (loglen[i] + c->evlen + 1 > LOG_MAX) {
		loglen[i] = 0; /* the oldest go */
		logs[i][0] = '\0';
	}
	memcpy(logs[i] + loglen[i], c->events, c->evlen + 1);
	loglen[i] += c->evlen;
	c->evlen = 0;
	c->events[0] = '\0';
}

static cJSON *send_request(char who, const char *request)
{
	struct e2e_client *c = client_of(who);
	cJSON *root;

	if (e2e_cmd(c, "%s", request) == NULL)
		fail_msg("step %d: %c %s: no reply", step, who, request);
	check_secrets(who, "a reply", c->reply);
	root = cJSON_Parse(c->reply);
	if (root == NULL)
		fail_msg("step %d: %c %s: not JSON: %.300s", step, who, request, c->reply);
	collect(who);
	return root;
}

static int accepted(const cJSON *root)
{
	return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(root, "ok"));
}

/* After each step: every client's notifications so far (a request's reply comes after
 * the notifications sent before it), and the British and spectator views and options. */
static void sync_all(void)
{
	static const char *const probes[] = {"view", "options", "units"};
	static const char who[] = {'B', 'S'};

	for (size_t w = 0; w < sizeof(who); w++)
		for (size_t k = 0; k < sizeof(probes) / sizeof(probes[0]); k++)
			cJSON_Delete(send_request(who[w], probes[k]));
	cJSON_Delete(send_request('G', "view"));
}

static void take(char who, const char *text)
{
	int i = index_of(who);
	char *hit;

	collect(who);
	/* a notification to another client may still be on its way: wait a little */
	for (int tries = 0; (hit = strstr(logs[i], text)) == NULL && tries < 20; tries++) {
		e2e_pump(client_of(who), 50);
		collect(who);
	}
	if (hit == NULL)
		fail_msg("step %d: no notification with \"%s\" reached %c; since the last "
		         "one taken:\n%.6000s",
		         step, text, who, logs[i]);
	hit = strchr(hit, '\n');
	hit = hit == NULL ? logs[i] + loglen[i] : hit + 1;
	loglen[i] -= (size_t)(hit - logs[i]);
	memmove(logs[i], hit, loglen[i] + 1);
}

static void set_secret(const char *id, int hidden)
{
	for (int k = 0; k < nsecrets; k++)
		if (strcmp(secrets[k].id, id) == 0) {
			secrets[k].hidden = hidden;
			return;
		}
	assert_true(nsecrets < MAX_SECRETS);
	snprintf(secrets[nsecrets].id, sizeof(secrets[0].id), "%s", id);
	secrets[nsecrets++].hidden = hidden;
}

/* The request, which names a unit the asker may not see, is refused exactly as the same
 * request naming a unit that does not exist (the name aside). */
static void same_as_unknown(char who, const char *request)
{
	struct e2e_client *c = client_of(who);
	char other[512], first[4096], *p;
	const char *id = NULL;
	size_t n;

	for (int k = 0; k < nsecrets && id == NULL; k++)
		if (secrets[k].hidden && names(request, secrets[k].id))
			id = secrets[k].id;
	if (id == NULL)
		fail_msg("step %d: '%s' names no secret unit", step, request);
	if (e2e_cmd(c, "%s", request) == NULL)
		fail_msg("step %d: %s: no reply", step, request);
	snprintf(first, sizeof(first), "%s", c->final);
	/* the same request naming ZZ9 */
	p = strstr(request, id);
	n = (size_t)(p - request);
	snprintf(other, sizeof(other), "%.*sZZ9%s", (int)n, request, p + strlen(id));
	if (e2e_cmd(c, "%s", other) == NULL)
		fail_msg("step %d: %s: no reply", step, other);
	if (strstr(first, "\"ok\":false") == NULL)
		fail_msg("step %d: '%s' answered: %s", step, request, first);
	/* the first reply with the name replaced is the second */
	p = strstr(first, id);
	assert_non_null(p);
	memmove(p + 3, p + strlen(id), strlen(p + strlen(id)) + 1);
	memcpy(p, "ZZ9", 3);
	if (strcmp(first, c->final) != 0)
		fail_msg("step %d: '%s' and '%s' are answered differently:\n%s\n%s", step, request,
		         other, first, c->final);
	collect(who);
}

static void run_line(const char *line)
{
	char who = line[0], buf[1024], *bar;
	cJSON *root;

	if (trace)
		fprintf(stderr, "-- %d: %s\n", step, line);
	if (line[0] == '!') {
		/* !B <rule> <request> */
		const char *rule = line + 3, *req = strchr(rule, ' ');
		char want[64];
		assert_non_null(req);
		snprintf(want, sizeof(want), "%.*s", (int)(req - rule), rule);
		root = send_request(line[1], req + 1);
		if (accepted(root))
			fail_msg("step %d: '%s' accepted, expected a refusal citing %s", step,
			         req + 1, want);
		if (strstr(client_of(line[1])->reply, want) == NULL)
			fail_msg("step %d: '%s' refused without citing %s: %s", step, req + 1, want,
			         client_of(line[1])->reply);
		cJSON_Delete(root);
		return;
	}
	switch (who) {
	case 'B':
	case 'G':
		root = send_request(who, line + 2);
		if (!accepted(root))
			fail_msg("step %d: %c '%s' refused: %s", step, who, line + 2,
			         client_of(who)->reply);
		cJSON_Delete(root);
		sync_all();
		return;
	case 'D':
		snprintf(buf, sizeof(buf), "debug dice %s", line + 2);
		root = send_request('B', buf);
		if (!accepted(root))
			fail_msg("step %d: %s: %s", step, buf, alice.reply);
		cJSON_Delete(root);
		return;
	case 'E':
		take(line[2], line + 4);
		return;
	case 'Q':
	case 'X':
		snprintf(buf, sizeof(buf), "%s", line + 4);
		bar = strstr(buf, " | ");
		assert_non_null(bar);
		*bar = '\0';
		root = send_request(line[2], buf);
		if (who == 'Q' && strstr(client_of(line[2])->reply, bar + 3) == NULL)
			fail_msg("step %d: %s: no \"%s\" in:\n%.4000s", step, buf, bar + 3,
			         client_of(line[2])->reply);
		if (who == 'X' && strstr(client_of(line[2])->reply, bar + 3) != NULL)
			fail_msg("step %d: %s: \"%s\" in:\n%.4000s", step, buf, bar + 3,
			         client_of(line[2])->reply);
		cJSON_Delete(root);
		return;
	case 'P':
		/* the British and the spectator's log, table and picture name no secret */
		for (int w = 0; w < 2; w++) {
			static const char *const probes[] = {"log", "table", "map svg"};
			for (size_t k = 0; k < sizeof(probes) / sizeof(probes[0]); k++) {
				root = send_request(w == 0 ? 'B' : 'S', probes[k]);
				if (!accepted(root))
					fail_msg("step %d: %s refused: %s", step, probes[k],
					         client_of(w == 0 ? 'B' : 'S')->reply);
				cJSON_Delete(root);
			}
		}
		return;
	case 'M':
		same_as_unknown(line[2], line + 4);
		return;
	case 'H':
		set_secret(line + 2, 1);
		return;
	case 'U':
		if (strcmp(line + 2, "*") == 0)
			for (int k = 0; k < nsecrets; k++)
				secrets[k].hidden = 0;
		else
			set_secret(line + 2, 0);
		return;
	}
	fail_msg("step %d: bad script line '%s'", step, line);
}

static int start_server(void **state)
{
	static const char *const args[] = {
	    "--data-dir",
	    WG_DATA_DIR,
	    "--allow-debug",
	    "--debug-seed",
	    "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a",
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

static void test_whole_village_game_over_tcp(void **state)
{
	const char *r;

	(void)state;
	trace = getenv("WG_MINIS_TRACE") != NULL;
	for (int i = 0; i < 3; i++) {
		logs[i] = calloc(1, LOG_MAX + 1);
		assert_non_null(logs[i]);
	}
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob", "secret-b"), 0);
	assert_int_equal(e2e_login_new(&carol, server.port, "carol", "secret-c"), 0);
	cmd_ok(&alice, "scenarios");
	assert_contains(alice.reply, "qr-village");
	/* an unknown configuration key is refused (QR-AMB) */
	cmd_err(&alice, "bad-option", "new qr-village side=british los.nonsense=1");
	cmd_ok(&alice, "new qr-village side=british");
	r = strstr(alice.reply, "game: ");
	assert_non_null(r);
	game = atoll(r + 6);
	/* the verbs have help text */
	cmd_ok(&alice, "help recon");
	assert_contains(alice.reply, "recon <unit>");
	cmd_ok(&alice, "help call");
	assert_contains(alice.reply, "call artillery");
	for (int i = 0; i < 3; i++) {
		struct e2e_client *c = i == 0 ? &alice : i == 1 ? &bob : &carol;
		if (i == 1)
			cmd_ok(&bob, "join %lld", game);
		if (i == 2)
			cmd_ok(&carol, "watch %lld", game);
		if (i == 0)
			/* the set-up rolls (QR-SETUP): British air superiority (3+2 against
			 * 1-1) and 2 air missions (5, column A); fire missions British 6
			 * (column A: 6), German 3 (column B: 1); hidden British 1+1, German
			 * 6+2; ambush 1-4 and 1-3: none; German dummies 6-1 = 5 */
			cmd_ok(&alice, "debug dice 3 1 5 6 3 1 1 6 1 6");
		cmd_ok(c, "mode json");
		c->json = 1;
	}
	for (size_t k = 0; k < sizeof(script) / sizeof(script[0]); k++) {
		step = (int)k + 1;
		run_line(script[k]);
	}
	/* the dice: every roll of the game matches the commitment made at its start */
	cmd_ok(&carol, "verify");
	assert_contains(carol.reply, "0 mismatches");
	cmd_err(&alice, "game-over", "end");
	for (int i = 0; i < 3; i++)
		free(logs[i]);
	e2e_close(&alice);
	e2e_close(&bob);
	e2e_close(&carol);
}

/* check-scenario accepts the shipped village. */
static void test_check_scenario_village(void **state)
{
	static char out[65536];

	(void)state;
	assert_int_equal(e2e_run(WG_DAEMON " check-scenario " WG_DATA_DIR "/qr-village.json 2>&1",
	                         out, sizeof(out)),
	                 0);
	assert_contains(out, "ok      ");
	assert_contains(out, "qr-village");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_check_scenario_village),
	    cmocka_unit_test_setup_teardown(test_whole_village_game_over_tcp, start_server,
	                                    stop_server),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
