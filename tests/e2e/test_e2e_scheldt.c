/*
 * test_e2e_scheldt.c -- the whole of "Battle of the Scheldt: The Devil's
 * Moat" played over TCP against the shipped daemon (wargamed --allow-debug,
 * data dir data/): alice plays the Allies, bob the Germans, carol watches.
 *
 * The game is a script (see `script` below) read by a small interpreter:
 *
 *   A <cmd> / G <cmd>        alice / bob sends an action; it must be accepted
 *   ! A <rule> <cmd>         the action must be refused, naming <rule>
 *   Q A <text> | <cmd>       a query of alice (or bob) whose reply contains <text>
 *   U <side>|<text>          both players pass (end, end force when the decision
 *                            names it, support pass, advance none)
 *                            until the game waits for <side> on a decision whose
 *                            text contains <text>; `U over|` plays to the end
 *   B <res> <line> <att> <def> <A|G> <b1> <b2> <b3> <b4> <cmd>
 *                            a battle (or bombardment) the actor (A or G) starts
 *                            with <cmd>; b1..b4 are the support fire steps
 *                            (FM-8.2.1 b1-b4: - passes, $m / $M the lowest /
 *                            highest regular marker in the hand of the step's
 *                            side, or a marker id); $m / $M in <cmd> are the
 *                            actor's markers (bombardment).  The die giving
 *                            <res> on the CRT line <line> for the differential
 *                            (att + attacker's markers) - (def + defender's
 *                            markers) is read from the `crt <line>` query and
 *                            forced with `debug dice` before <cmd>.  <res> may
 *                            be <cell>=<applied> (a bombardment turns attacker
 *                            results into NE, 14.2).
 *
 * The support fire markers are drawn at random from the daemon's dice
 * stream each turn (14.0), so the hands are read from the `markers` query
 * of each player.  Every face-down marker is checked to stay hidden from the
 * other player and the spectator until the reveal (14.0: visible to its
 * owner only).  The game ends with the victory determination of 17.0 and a
 * `verify` of the dice.  A second test runs `wargamed check-scenario` on
 * the shipped scenario, the test fixtures and a deliberately broken one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "e2e.h"
#include "e2e_assert.h"

static struct e2e_server server;
static struct e2e_client alice, bob, carol;

/* clang-format off */
static const char *const script[] = {
	/* set-up: the three Allied choices (BS-18.0-10..12) */
	"! G not-your-turn end",
	"A place 3/1 3320",
	"A place 10/1 3321",
	"A place 4/2 3420",
	"A end",
	/* ---- turn 1, Allied (BS-10.1-01: the Allied player moves first) */
	"Q A the Allied player moves first | exclusive",
	"A move 44/15 3217 3118",
	"A move 46/15 to 3019",
	"A move 247/15 3218",
	"A move 3/1 to 3217",
	"A end",
	/* a bombardment of 712 in Bergen-op-Zoom (14.2: within three hexes) */
	"B Ae=NE city 0 7 A - - - - bombard 3018 $m",
	"A end",
	/* a five-step support fire combat; the German answers D2 with stiff resistance */
	"B D2 city 10 7 A $M $m $M $m attack 3018 44/15 46/15",
	"G stiff 712",
	"U allied|Mobile Movement",
	"A move 10/1 to 3117",
	/* ---- turn 1, German: the pocket is frozen (13.0); 711 enters; 712 is rebuilt */
	"U german|turn 1, Movement Phase",
	"! G BS-13.0-04 move 1037 3043",
	"G enter 711 2717",
	"G move 712 2918",
	"U german|end of your player turn",
	"! G BS-11.0-12 rebuild 1019",
	"G rebuild 712",
	/* ---- turn 2, Allied: A1 on the attack: retreats with displacement */
	"U allied|turn 2, Movement Phase",
	"A move 44/15 3018",
	"A move 46/15 2919",
	"A move 247/15 to 3118",
	"A move 3/1 to 3119",
	"A move 10/1 to 3019",
	"U allied|Combat Phase",
	"B A1 clear 10 7 A - - - - attack 2918 44/15 46/15",
	"A displace 10/1 3020",
	"A retreat 46/15 3019",
	"A displace 247/15 3218",
	"A retreat 44/15 3118",
	/* ---- turn 2, German: 719 enters; Allied stiff resistance */
	"U german|turn 2, Movement Phase",
	"G move 711 2617",
	"G enter 719 2717",
	"G move 712 2919",
	"G move 346 2920",
	"U german|Combat Phase",
	"B D2 clear 10 4 G - - - - attack 3019 712 346",
	"A stiff 46/15",
	/* ---- turn 3, Allied: D2 on 346, a retreat and an advance; 46/15 rebuilt */
	"U allied|turn 3, Movement Phase",
	"A move 46/15 3120 3220",
	"A move 3/1 to 3019",
	"U allied|Combat Phase",
	"B D2 clear 11 7 A - - - - attack 2920 10/1 3/1",
	"G retreat 346 2819 2719",
	"A advance 3/1 2920 2819",
	"U allied|end of your player turn",
	"A rebuild 46/15",
	/* ---- turn 3, German reinforcements */
	"U german|turn 3, Movement Phase",
	"G enter 59 1517 1518",
	"G enter 2_AG 1517 1417",
	"G enter 1_AG 1517 1617",
	/* ---- turn 4, Allied: the Braakman crossing (13.0: +2 MP over the all-sea hexside) */
	"U allied|turn 4, Movement Phase",
	"A move 3 2738",
	"A move 9/3 2638",
	"A move 8/3 2838",
	"A move 155/52 3143",
	"A move 7/3 3146",
	/* ---- turn 4, German: the pocket strikes across the Leopold Canal (Ae) */
	"U german|turn 4, Movement Phase",
	"G move 64 to 2941",
	"G move 1039 to 3042",
	"U german|Combat Phase",
	"B Ae city 6 5 G - $M - $M attack 3143 1037 1039",
	"B Ae city 3 4 G - $M - $M attack 3146 1038",
	/* ---- turn 5, German: 64 into a flooded hex (15.1: from adjacent, all MP) */
	"U german|turn 5, Movement Phase",
	"G move 64 2940",
	/* ---- turn 6, Allied: the engineers attack the flooded hex on the Clear line */
	"U allied|turn 6, Movement Phase",
	"A move 8/3 to 2941",
	"A move 3 to 2839",
	"A move 9/3 to 2840",
	"U allied|Combat Phase",
	"B De clear 16 7 A - - - - attack 2940 3 9/3 8/3",
	/* ---- turn 6, German: the FJ battalions enter */
	"U german|turn 6, Movement Phase",
	"G enter 1/1_FJ 1117",
	"G enter 1/2_FJ 1317",
	"G enter 1/3_FJ 1617 1717",
	"G move 346 to 2517",
	"G move 712 to 2818",
	/* ---- turn 7, Allied: the US 104th enters at Antwerp; 3/1 on the Schore road */
	"U allied|turn 7, Movement Phase",
	"A enter 413/104 3421",
	"A move 3/1 2720 2619 2520 2420 2421 2322 2221 2122 2021",
	"A move 3/1 2122",
	"A move 3/1 2123",
	"A move 3/1 2124",
	/* ---- turn 8, Allied: the road is Allied; the Walcheren Island Assault (16.2) */
	"U allied|turn 8, Movement Phase",
	"A move 3/1 2125",
	"A move 3/1 2126",
	"A move 3/1 2127",
	"A move 3/1 2128",
	"A move 3/1 2028",
	"A move 3/1 2029",
	"A move 3/1 1930",
	"A move 3/1 1830",
	"! A BS-16.1-01 land 156/52 1931",
	"A land 146/49 2042",
	"A land 147/49 2041",
	"A land 148/49 2040",
	"A land 2 2039",
	"Q A sharing the hex with a German unit | exclusive",
	"! A BS-16.3-02 move 147/49 1941",
	"U allied|Combat Phase",
	/* 146/49 landed on 1019 in Flushing: the attack on its own hex, a naval +10 */
	"B NE coastal 10 4 A A21 - - - attack 2042 146/49 147/49",
	"Q A naval +10 marker A21: used | exclusive",
	/* ---- turn 8, German: 1019 leaves Flushing; it may never come back */
	"U german|turn 8, Movement Phase",
	"G move 1019 1943",
	/* end of turn 8: the 155th is withdrawn (13.1) */
	"U allied|turn 9, Movement Phase",
	"Q A 155/52: withdrawn | exclusive",
	"A move 3/1 1831",
	"U allied|Combat Phase",
	"B De clear 5 4 A A22 - - - attack 1943 146/49",
	/* ---- turn 12, Allied: the South Beveland Flank Assault (16.1); the 155th is back */
	"U allied|turn 12, Movement Phase",
	"A land 156/52 1931",
	"A land 157/52 2032",
	"A land 155/52 2237",
	"U allied|Combat Phase",
	"B Ex city 5 4 A - - - - attack 1832 3/1",
	/* ---- turn 13, Allied: Goes falls; 3/1 is rebuilt */
	"U allied|turn 13, Movement Phase",
	"A move 156/52 to 1932",
	"U allied|Combat Phase",
	"B Ex city 5 2 A - - - - attack 1832 156/52",
	"U allied|end of your player turn",
	"A rebuild 3/1",
	/* turns 14-20 pass; the end of turn 20 decides (17.0) */
	"U over|",
};
/* clang-format on */

/* The reply text of a query or pending, without its events. */
static const char *ask(struct e2e_client *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static const char *ask(struct e2e_client *c, const char *fmt, ...)
{
	char line[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (e2e_cmd(c, "%s", line) == NULL)
		fail_msg("no reply to %s", line);
	assert_ok(c);
	return c->reply;
}

static void clear_events(struct e2e_client *c)
{
	c->evlen = 0;
	c->events[0] = '\0';
}

static struct e2e_client *client_of(char side)
{
	return side == 'A' ? &alice : &bob;
}

/* One marker of a hand. */
struct mk {
	char id[16];
	int value;
	int used; /* taken by the plan of the current battle */
};

struct hand {
	struct mk m[32];
	int n;
};

/* Reads the `your markers:` line of the owner's `markers` query. */
static void read_hand(char side, struct hand *h)
{
	/* the list may be wrapped over several lines (the 80-column rule): read it joined */
	const char *r = e2e_flat(ask(client_of(side), "markers")), *p = strstr(r, "your markers: ");

	memset(h, 0, sizeof(*h));
	assert_non_null(p);
	p += strlen("your markers: ");
	/* "<id> +<v>" items separated by ", " */
	while (*p && h->n < 32) {
		int len = 0;
		if (strncmp(p, "none", 4) == 0)
			break;
		while (p[len] && p[len] != ' ')
			len++;
		snprintf(h->m[h->n].id, sizeof(h->m[h->n].id), "%.*s", len, p);
		h->m[h->n].value = atoi(p + len + 2); /* " +v" */
		h->n++;
		p += len;
		if (strncmp(p, " +", 2) != 0)
			break;
		for (p += 2; *p == '-' || (*p >= '0' && *p <= '9'); p++)
			;
		if (strncmp(p, ", ", 2) != 0)
			break;
		p += 2;
	}
}

/* Resolves a plan token of side to a marker of its hand: "$m"/"$M" (the
 * lowest / highest regular marker not yet planned) or an id.  Regular:
 * below +10 for the Allies (not the naval markers, 16.4), below +5 for the
 * Germans (not the anti-tank marker, 14.1). */
static const struct mk *pick(struct hand *h, char side, const char *tok)
{
	int best = -1, limit = side == 'A' ? 10 : 5;

	for (int k = 0; k < h->n; k++) {
		if (h->m[k].used)
			continue;
		if (tok[0] != '$') {
			if (strcmp(h->m[k].id, tok) == 0) {
				best = k;
				break;
			}
			continue;
		}
		if (h->m[k].value >= limit)
			continue;
		if (best < 0 || (tok[1] == 'M' ? h->m[k].value > h->m[best].value
		                               : h->m[k].value < h->m[best].value))
			best = k;
	}
	if (best < 0)
		fail_msg("no marker %s in the %s hand", tok, side == 'A' ? "allied" : "german");
	h->m[best].used = 1;
	return &h->m[best];
}

/* Parses a CRT label ("-5", "+2/+3", "+10") into lo..hi. */
static void label_range(const char *s, int *lo, int *hi)
{
	*lo = *hi = atoi(s);
	if (strchr(s, '/') != NULL)
		*hi = atoi(strchr(s, '/') + 1);
}

/* The die (1..6) that gives result on CRT line for differential diff. */
static int die_for(const char *line, int diff, const char *result)
{
	char rows[16][6][8], labels[16][16];
	int n = 0, row = -1;
	const char *p = ask(&alice, "crt %s", line);

	while ((p = strchr(p, '\n')) != NULL) {
		char lab[16], c[6][8];
		p++;
		while (*p == ' ')
			p++;
		if (*p != '+' && *p != '-' && !isdigit((unsigned char)*p))
			continue;
		if (sscanf(p, "%15s : %7s %7s %7s %7s %7s %7s", lab, c[0], c[1], c[2], c[3], c[4],
		           c[5]) != 7 ||
		    n >= 16)
			continue;
		snprintf(labels[n], sizeof(labels[n]), "%s", lab);
		memcpy(rows[n], c, sizeof(c));
		n++;
	}
	assert_true(n > 0);
	for (int k = 0; k < n; k++) {
		int lo, hi;
		label_range(labels[k], &lo, &hi);
		if ((diff >= lo && diff <= hi) || (k == 0 && diff < lo) ||
		    (k == n - 1 && diff > hi))
			row = k;
	}
	assert_true(row >= 0);
	for (int d = 0; d < 6; d++)
		if (strcmp(rows[row][d], result) == 0)
			return d + 1;
	fail_msg("no die gives %s at %+d on the %s line", result, diff, line);
	return 0;
}

/* 1 if text shows a marker of side ('A' or 'G') with its value: "A3 +2"
 * (a hand) or "A3 (+2)" (a face-down commitment). */
static int shows_marker(const char *text, char side)
{
	for (const char *p = text; (p = strchr(p, side)) != NULL; p++) {
		const char *q = p + 1;
		if (p > text && isalnum((unsigned char)p[-1]))
			continue;
		if (!isdigit((unsigned char)*q))
			continue;
		while (isdigit((unsigned char)*q))
			q++;
		if (strncmp(q, " +", 2) == 0 || strncmp(q, " (+", 3) == 0)
			return 1;
	}
	return 0;
}

/* 14.0: a face-down marker of side is seen by its owner only, in events,
 * views and queries, until the reveal. */
static void check_hidden(char side, const char *id, int value)
{
	struct e2e_client *others[2] = {side == 'A' ? &bob : &alice, &carol};
	char own[64], shown[2][32];

	ask(client_of(side), "pending");
	snprintf(own, sizeof(own), "you place %s (+%d) face down", id, value);
	assert_contains(client_of(side)->events, own);
	snprintf(shown[0], sizeof(shown[0]), "%s +", id);
	snprintf(shown[1], sizeof(shown[1]), "%s (+", id);
	for (int k = 0; k < 2; k++) {
		struct e2e_client *o = others[k];
		ask(o, "pending"); /* collects the events sent so far */
		assert_contains(o->events, "places a marker face down");
		for (int j = 0; j < 2; j++) {
			assert_not_contains(o->events, shown[j]);
			assert_not_contains(ask(o, "log 400"), shown[j]);
		}
		/* no marker of side in hand or face down is shown to o */
		assert_false(shows_marker(ask(o, "view"), side));
		assert_false(shows_marker(ask(o, "markers"), side));
	}
}

/* The side the game waits for ('A', 'G', or 0 when it waits for nobody),
 * and the awaited decision. */
static char waiting(const char **what)
{
	/* the sentence may wrap over data lines at 80 columns: read it joined */
	const char *r = e2e_flat(ask(&alice, "pending")), *p = strstr(r, "waiting for ");

	if (p == NULL)
		return 0;
	*what = strstr(p, "): ");
	assert_non_null(*what);
	*what += 3;
	return strncmp(p + 12, "allied", 6) == 0 ? 'A' : 'G';
}

/* U: passes until side waits on a decision containing text. */
static void until(const char *arg)
{
	char want = strncmp(arg, "allied|", 7) == 0   ? 'A'
	            : strncmp(arg, "german|", 7) == 0 ? 'G'
	                                              : 0;
	const char *text = strchr(arg, '|') + 1;

	for (int k = 0; k < 600; k++) {
		const char *what = NULL, *cmd;
		char side = waiting(&what);
		char decision[256];

		if (side == 0) {
			if (want == 0)
				return;
			fail_msg("the game is over before %s", arg);
		}
		if (what == NULL) {
			fail_msg("no pending decision was read before %s", arg);
			return;
		}
		/* the sentence, up to the " [kind, d=..]" that ends it */
		snprintf(
		    decision, sizeof(decision), "%.*s",
		    (int)(strstr(what, " [") ? (size_t)(strstr(what, " [") - what) : strlen(what)),
		    what);
		if (side == want && strstr(decision, text) != NULL)
			return;
		/* a decision `end` would give up for good says `end force` (rebuilds left) */
		cmd = strstr(decision, "support fire step")         ? "support pass"
		      : strncmp(decision, "advance after", 13) == 0 ? "advance none"
		      : strstr(decision, "end force") != NULL       ? "end force"
		                                                    : "end";
		if (e2e_cmd(client_of(side), "%s", cmd) == NULL)
			fail_msg("no reply to %s", cmd);
		if (strncmp(client_of(side)->final, "ok", 2) != 0)
			fail_msg("until %s: '%s' on '%s' refused: %s", arg, cmd, decision,
			         client_of(side)->final);
		clear_events(&alice);
		clear_events(&bob);
		clear_events(&carol);
	}
	fail_msg("until %s: still not there", arg);
}

/* B: a battle with planned support fire and a forced die. */
static void battle(const char *arg)
{
	char res[16], line[16], who[4], tok[4][16], cmd[256], out[300], *shown;
	int att, def, off = 0, die, total[2];
	struct hand hand[2];
	const struct mk *plan[4] = {NULL, NULL, NULL, NULL};
	char actor, other;
	size_t len = 0;

	if (sscanf(arg, "%15s %15s %d %d %3s %15s %15s %15s %15s %n", res, line, &att, &def, who,
	           tok[0], tok[1], tok[2], tok[3], &off) != 9 ||
	    off == 0)
		fail_msg("bad battle line %s", arg);
	snprintf(cmd, sizeof(cmd), "%s", arg + off);
	actor = who[0];
	other = actor == 'A' ? 'G' : 'A';
	read_hand('A', &hand[0]);
	read_hand('G', &hand[1]);
	total[0] = att;
	total[1] = def;
	/* $m / $M in the command: the actor's markers (a bombardment) */
	for (const char *p = cmd; *p; p++) {
		if (p[0] == '$' && (p[1] == 'm' || p[1] == 'M')) {
			char t[3] = {'$', p[1], 0};
			const struct mk *m = pick(&hand[actor == 'G'], actor, t);
			total[0] += m->value;
			len += (size_t)snprintf(out + len, sizeof(out) - len, "%s", m->id);
			p++;
		} else if (len + 1 < sizeof(out)) {
			out[len++] = *p;
			out[len] = '\0';
		}
	}
	out[len] = '\0';
	for (int k = 0; k < 4; k++) {
		char s = k % 2 == 0 ? actor : other;
		if (strcmp(tok[k], "-") == 0)
			continue;
		plan[k] = pick(&hand[s == 'G'], s, tok[k]);
		total[k % 2] += plan[k]->value;
	}
	shown = strchr(res, '=');
	if (shown != NULL)
		*shown++ = '\0'; /* "A2=NE": the CRT cell, then the result applied */
	else
		shown = res;
	die = die_for(line, total[0] - total[1], res);
	ask(client_of(actor), "debug dice %d", die);
	clear_events(&alice);
	clear_events(&bob);
	clear_events(&carol);
	if (e2e_cmd(client_of(actor), "%s", out) == NULL)
		fail_msg("no reply to %s", out);
	if (strncmp(client_of(actor)->final, "ok", 2) != 0)
		fail_msg("%s refused: %s", out, client_of(actor)->final);
	for (;;) {
		const char *what = NULL;
		char side = waiting(&what), want[64];
		int step;
		if (side == 0 || strncmp(what, "support fire step b", 19) != 0)
			break;
		step = atoi(what + 19);
		assert_true(step >= 1 && step <= 4);
		assert_int_equal(side, step % 2 ? actor : other);
		if (plan[step - 1] == NULL) {
			cmd_ok(client_of(side), "support pass");
			continue;
		}
		cmd_ok(client_of(side), "support %s", plan[step - 1]->id);
		if (strcmp(plan[step - 1]->id, "A21") != 0 &&
		    strcmp(plan[step - 1]->id, "A22") != 0)
			check_hidden(side, plan[step - 1]->id, plan[step - 1]->value);
		(void)want;
	}
	for (int k = 0; k < 4; k++)
		assert_true(plan[k] == NULL || plan[k]->used);
	ask(&carol, "pending");
	snprintf(out, sizeof(out), "die %d: %s", die, shown);
	assert_contains(carol.events, out);
	if (plan[0] || plan[1] || plan[2] || plan[3])
		assert_contains(carol.events, "support fire revealed");
	clear_events(&alice);
	clear_events(&bob);
	clear_events(&carol);
}

/* Runs the script. */
static void play(void)
{
	for (size_t i = 0; i < sizeof(script) / sizeof(script[0]); i++) {
		const char *s = script[i];
		struct e2e_client *c;

		switch (s[0]) {
		case 'A':
		case 'G':
			c = client_of(s[0]);
			if (e2e_cmd(c, "%s", s + 2) == NULL)
				fail_msg("no reply to %s", s);
			if (strncmp(c->final, "ok", 2) != 0)
				fail_msg("script line %zu '%s' refused: %s", i, s, c->final);
			break;
		case '!': {
			char rule[32];
			int off = 0;
			c = client_of(s[2]);
			if (sscanf(s + 4, "%31s %n", rule, &off) != 1 || off == 0)
				fail_msg("bad line %s", s);
			if (e2e_cmd(c, "%s", s + 4 + off) == NULL)
				fail_msg("no reply to %s", s);
			if (strncmp(c->final, "err ", 4) != 0)
				fail_msg("script line %zu '%s' was accepted: %s", i, s, c->final);
			/* an err line too wide for 80 columns has its message (and rule) above it
			 */
			assert_contains(e2e_flat(c->reply), rule);
			break;
		}
		case 'Q': {
			const char *bar = strchr(s, '|');
			char text[200];
			snprintf(text, sizeof(text), "%.*s", (int)(bar - s - 5), s + 4);
			assert_contains(ask(client_of(s[2]), "%s", bar + 2), text);
			break;
		}
		case 'U':
			until(s + 2);
			break;
		case 'B':
			battle(s + 2);
			break;
		default:
			fail_msg("bad script line %s", s);
		}
		if (alice.evlen > E2E_BUF / 2)
			clear_events(&alice);
		if (bob.evlen > E2E_BUF / 2)
			clear_events(&bob);
		if (carol.evlen > E2E_BUF / 2)
			clear_events(&carol);
	}
}

static int start_server(void **state)
{
	static const char *const args[] = {"--data-dir", WG_DATA_DIR, "--allow-debug", NULL};

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

static void test_whole_game_over_tcp(void **state)
{
	const char *r, *ev;
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob", "secret-b"), 0);
	assert_int_equal(e2e_login_new(&carol, server.port, "carol", "secret-c"), 0);

	cmd_ok(&alice, "scenarios");
	assert_contains(alice.reply, "scheldt");
	/* a module option is checked by the module (BS, AMB-55) */
	cmd_err(&alice, "bad-option", "new scheldt side=allied bs.beveland_radius=7");
	cmd_ok(&alice, "new scheldt side=allied");
	r = strstr(alice.reply, "game: ");
	assert_non_null(r);
	id = atoll(r + 6);
	cmd_ok(&bob, "join %lld", (long long)id);
	assert_non_null(e2e_take_event(&alice, "game-started", E2E_TIMEOUT_MS));
	cmd_ok(&carol, "watch %lld", (long long)id);
	/* the module's verbs have help text */
	cmd_ok(&alice, "help land");
	assert_contains(alice.reply, "land <unit> <hex>");
	cmd_ok(&alice, "help rebuild");
	assert_contains(alice.reply, "rebuild <unit>");

	play();

	ev = e2e_take_event(&carol, "game-over", E2E_TIMEOUT_MS);
	assert_non_null(ev);
	assert_contains(ev, "Allied victory");
	assert_contains(ev, "BS-17.0-01");
	assert_non_null(e2e_take_event(&bob, "game-over", E2E_TIMEOUT_MS));
	cmd_err(&bob, "game-over", "end");
	cmd_ok(&carol, "verify");
	assert_contains(carol.reply, "matches the commitment");
	assert_contains(carol.final, "verified");
	assert_contains(carol.reply, "0 mismatches");
	e2e_close(&alice);
	e2e_close(&bob);
	e2e_close(&carol);
}

static int count(const char *hay, const char *needle)
{
	int n = 0;
	for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

/* check-scenario reports every finding of a file, not only the first, and
 * exits 1 when there is an error. */
static void test_check_scenario_lists_every_finding(void **state)
{
	static char out[65536];

	(void)state;
	assert_int_equal(e2e_run(WG_DAEMON " check-scenario " WG_DATA_DIR "/scheldt.json 2>&1", out,
	                         sizeof(out)),
	                 0);
	assert_contains(out, "ok      ");
	assert_contains(out, "scheldt");
	assert_int_equal(e2e_run(WG_DAEMON " check-scenario " WG_TEST_DATA
	                                   "/fm-scheldt-mini.json " WG_TEST_DATA
	                                   "/fm-test.json 2>&1",
	                         out, sizeof(out)),
	                 0);
	assert_int_equal(count(out, "ok      "), 2);
	assert_int_equal(e2e_run(WG_DAEMON " check-scenario " WG_TEST_DATA
	                                   "/fm-scheldt-broken.json 2>&1",
	                         out, sizeof(out)),
	                 1);
	assert_true(count(out, "error   ") >= 10);
	assert_true(count(out, "warning ") >= 3);
	assert_contains(out, "failed  ");
	/* a few of the findings, each with its JSON path */
	assert_contains(out, "units[");
	assert_contains(out, "sea");
	assert_contains(out, "exclusive.");
	/* a good file after a broken one is still checked; the exit code is 1 */
	assert_int_equal(e2e_run(WG_DAEMON " check-scenario " WG_TEST_DATA
	                                   "/fm-scheldt-broken.json " WG_DATA_DIR
	                                   "/scheldt.json 2>&1",
	                         out, sizeof(out)),
	                 1);
	assert_contains(out, "ok      ");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_check_scenario_lists_every_finding),
	    cmocka_unit_test_setup_teardown(test_whole_game_over_tcp, start_server, stop_server),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
