/*
 * e2e_script.c -- the interpreter of the whole-game scripts of the F&M e2e
 * suites (test_e2e_scheldt, test_e2e_meuse): two players (A allied, G
 * german) and a watcher on one game of a running daemon (--allow-debug).
 * The script language is described in e2e_script.h.
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

#include "e2e_script.h"
#include "e2e_assert.h"

/* The reply text of a query or pending, without its events. */
const char *e2e_script_ask(struct e2e_client *c, const char *fmt, ...)
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

static const struct e2e_script *S; /* the script being run */

static struct e2e_client *client_of(char side)
{
	return side == 'A' ? S->allied : S->german;
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
	const char *r = e2e_flat(e2e_script_ask(client_of(side), "markers")),
	           *p = strstr(r, "your markers: ");

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
 * lowest / highest regular marker not yet planned, S->regular) or an id. */
static const struct mk *pick(struct hand *h, char side, const char *tok)
{
	int best = -1;

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
		if (S->regular != NULL && !S->regular(side, h->m[k].id, h->m[k].value))
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
	const char *p = e2e_script_ask(S->allied, "crt %s", line);

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
	struct e2e_client *others[2] = {side == 'A' ? S->german : S->allied, S->watcher};
	char own[64], shown[2][32];

	e2e_script_ask(client_of(side), "pending");
	snprintf(own, sizeof(own), "you place %s (+%d) face down", id, value);
	assert_contains(client_of(side)->events, own);
	snprintf(shown[0], sizeof(shown[0]), "%s +", id);
	snprintf(shown[1], sizeof(shown[1]), "%s (+", id);
	for (int k = 0; k < 2; k++) {
		struct e2e_client *o = others[k];
		e2e_script_ask(o, "pending"); /* collects the events sent so far */
		assert_contains(o->events, "places a marker face down");
		for (int j = 0; j < 2; j++) {
			assert_not_contains(o->events, shown[j]);
			assert_not_contains(e2e_script_ask(o, "log 400"), shown[j]);
		}
		/* no marker of side in hand or face down is shown to o */
		assert_false(shows_marker(e2e_script_ask(o, "view"), side));
		assert_false(shows_marker(e2e_script_ask(o, "markers"), side));
	}
}

/* AMB-03: a marker drawn blind is known to nobody until the reveal; the others see that
 * one was placed, and no value of side's markers. */
static void check_hidden_blind(char side)
{
	struct e2e_client *others[2] = {side == 'A' ? S->german : S->allied, S->watcher};

	for (int k = 0; k < 2; k++) {
		struct e2e_client *o = others[k];
		e2e_script_ask(o, "pending"); /* collects the events sent so far */
		assert_contains(o->events, "places a marker face down");
		assert_false(shows_marker(e2e_script_ask(o, "view"), side));
		assert_false(shows_marker(e2e_script_ask(o, "markers"), side));
	}
}

/* S: the side places every unit still to set up on a hex `options` lists for it (the k-th
 * unit on its choice 7k modulo their number, to spread them), then ends its set-up. */
static void setup_side(const char *arg)
{
	struct e2e_client *c = client_of(arg[0]);

	for (int k = 0; k < 200; k++) {
		const char *r = e2e_flat(e2e_script_ask(c, "options all")),
		           *p = strstr(r, "place ");
		char unit[32], hexes[8][16];
		int n = 0, off = 0;
		if (p == NULL || strstr(p, "(") == NULL) {
			cmd_ok(c, "end");
			return;
		}
		if (sscanf(p, "place %31s (%*d): %n", unit, &off) != 1 || off == 0)
			fail_msg("cannot read the set-up options: %s", p);
		for (p += off; n < 8 && sscanf(p, "%15s", hexes[n]) == 1 &&
		               isdigit((unsigned char)hexes[n][0]);
		     n++) {
			p = strstr(p, hexes[n]) + strlen(hexes[n]);
			while (*p == ' ')
				p++;
		}
		if (n == 0)
			fail_msg("no hex listed for %s", unit);
		cmd_ok(c, "place %s %s", unit, hexes[(7 * k) % n]);
	}
	fail_msg("set-up of %s does not end", arg);
}

/* The side the game waits for ('A', 'G', or 0 when it waits for nobody),
 * and the awaited decision. */
static char waiting(const char **what)
{
	/* the sentence may wrap over data lines at 80 columns: read it joined */
	const char *r = e2e_flat(e2e_script_ask(S->allied, "pending")),
	           *p = strstr(r, "waiting for ");

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
		clear_events(S->allied);
		clear_events(S->german);
		clear_events(S->watcher);
	}
	fail_msg("until %s: still not there", arg);
}

/* B: a battle with planned support fire and a forced die. */
static void battle(const char *arg)
{
	char res[16], line[16], who[4], tok[4][16], cmd[256], out[300], then[128] = "", *shown;
	int att, def, off = 0, die, total[2], drawn = 0, known = 0, last_draw = 0;
	struct hand hand[2];
	const struct mk *plan[4] = {NULL, NULL, NULL, NULL};
	char actor, other, *semi;
	size_t len = 0;

	if (sscanf(arg, "%15s %15s %d %d %3s %15s %15s %15s %15s %n", res, line, &att, &def, who,
	           tok[0], tok[1], tok[2], tok[3], &off) != 9 ||
	    off == 0)
		fail_msg("bad battle line %s", arg);
	snprintf(cmd, sizeof(cmd), "%s", arg + off);
	if ((semi = strstr(cmd, " ; ")) != NULL) { /* an action before the roll */
		snprintf(then, sizeof(then), "%s", semi + 3);
		*semi = '\0';
	}
	actor = who[0];
	other = actor == 'A' ? 'G' : 'A';
	for (int k = 0; k < 4; k++)
		known |= strcmp(tok[k], "-") != 0 && strcmp(tok[k], "d") != 0;
	known |= strchr(cmd, '$') != NULL;
	memset(hand, 0, sizeof(hand));
	if (known) { /* a plan names markers of the hands */
		read_hand('A', &hand[0]);
		read_hand('G', &hand[1]);
	}
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
		if (strcmp(tok[k], "-") == 0 || strcmp(tok[k], "d") == 0)
			continue;
		plan[k] = pick(&hand[s == 'G'], s, tok[k]);
		total[k % 2] += plan[k]->value;
	}
	shown = strchr(res, '=');
	if (shown != NULL)
		*shown++ = '\0'; /* "A2=NE": the CRT cell, then the result applied */
	else
		shown = res;
	/* "#n": the die n, the result not read from the table (markers drawn blind) */
	die = res[0] == '#' ? atoi(res + 1) : die_for(line, total[0] - total[1], res);
	/* a blind draw takes a die of the stream (the pick): the combat die is forced after the
	 * picks, with the last draw (forced picks take the first marker) */
	for (int k = 0; k < 4; k++)
		if (strcmp(tok[k], "d") == 0)
			last_draw = k + 1;
	if (last_draw == 0)
		e2e_script_ask(client_of(actor), "debug dice %d", die);
	clear_events(S->allied);
	clear_events(S->german);
	clear_events(S->watcher);
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
		if (strcmp(tok[step - 1], "d") == 0) { /* a marker drawn blind (AMB-03) */
			if (step == last_draw)
				e2e_script_ask(client_of(side), "debug dice 1 %d", die);
			else
				e2e_script_ask(client_of(side), "debug dice 1");
			cmd_ok(client_of(side), "support draw");
			check_hidden_blind(side);
			drawn++;
			continue;
		}
		if (plan[step - 1] == NULL) {
			cmd_ok(client_of(side), "support pass");
			continue;
		}
		cmd_ok(client_of(side), "support %s", plan[step - 1]->id);
		if (S->face_up == NULL || !S->face_up(plan[step - 1]->id))
			check_hidden(side, plan[step - 1]->id, plan[step - 1]->value);
		(void)want;
	}
	for (int k = 0; k < 4; k++)
		assert_true(plan[k] == NULL || plan[k]->used);
	if (then[0] != '\0') {
		if (e2e_cmd(client_of(then[0]), "%s", then + 2) == NULL)
			fail_msg("no reply to %s", then);
		if (strncmp(client_of(then[0])->final, "ok", 2) != 0)
			fail_msg("%s refused: %s", then, client_of(then[0])->final);
	}
	e2e_script_ask(S->watcher, "pending");
	if (res[0] == '#')
		snprintf(out, sizeof(out), "die %d: ", die);
	else
		snprintf(out, sizeof(out), "die %d: %s", die, shown);
	assert_contains(S->watcher->events, out);
	if (plan[0] || plan[1] || plan[2] || plan[3] || drawn)
		assert_contains(S->watcher->events, "support fire revealed");
	clear_events(S->allied);
	clear_events(S->german);
	clear_events(S->watcher);
}

void e2e_script_run(const struct e2e_script *script, const char *const *lines, size_t n)
{
	S = script;
	for (size_t i = 0; i < n; i++) {
		const char *s = lines[i];
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
			assert_contains(e2e_script_ask(client_of(s[2]), "%s", bar + 2), text);
			break;
		}
		case 'U':
			until(s + 2);
			break;
		case 'B':
			battle(s + 2);
			break;
		case 'S':
			setup_side(s + 2);
			break;
		default:
			fail_msg("bad script line %s", s);
		}
		if (S->allied->evlen > E2E_BUF / 2)
			clear_events(S->allied);
		if (S->german->evlen > E2E_BUF / 2)
			clear_events(S->german);
		if (S->watcher->evlen > E2E_BUF / 2)
			clear_events(S->watcher);
	}
}
