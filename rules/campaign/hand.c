/*
 * hand.c -- staff markers (2.3, 6.0, 12.0): each side's hand as counts per
 * type, the marker words players type ("G-1", "g1", "2xG-3"), playing one,
 * and `select`: the initial hand (4.0, chosen by both sides at once and in
 * secret, SC-AMB-15) and the Planning Phase's new hand (12.0).
 *
 * Markers are neither shuffled nor drawn (2.3): a side owns a fixed mix
 * (scenario "staff_markers"); the markers not in its hand are its Available
 * Pile.  A played or discarded marker goes back to the pile at once
 * (SC-6.3c, SC-AMB-14), so a selection is any choice of C2 markers within
 * the mix (SC-AMB-13: the leftovers return before the new hand is chosen).
 */
#include "camp_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const marker_names[CAMP_NMARK] = {"G-1", "G-2", "G-3", "G-4"};

const char *camp__marker_name(int k)
{
	return k >= 0 && k < CAMP_NMARK ? marker_names[k] : "?";
}

int camp__marker_parse(const char *s)
{
	if ((s[0] == 'G' || s[0] == 'g') && s[1] == '-' && s[2] >= '1' && s[2] <= '4' && !s[3])
		return s[2] - '1';
	if ((s[0] == 'G' || s[0] == 'g') && s[1] >= '1' && s[1] <= '4' && !s[2])
		return s[1] - '1';
	return -1;
}

char *camp__hand_text(const int hand[CAMP_NMARK], char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int k = 0; k < CAMP_NMARK; k++) {
		if (hand[k] == 0)
			continue;
		if (hand[k] == 1)
			len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%s",
			                        len ? " " : "", marker_names[k]);
		else
			len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%dx%s",
			                        len ? " " : "", hand[k], marker_names[k]);
	}
	if (len == 0)
		snprintf(buf, n, "none");
	return buf;
}

int camp__hand_size(const struct camp_game *g, int side)
{
	int n = 0;

	for (int k = 0; k < CAMP_NMARK; k++)
		n += g->hand[side][k];
	return n;
}

int camp__parse_markers(int argc, char **argv, int counts[CAMP_NMARK], struct rules_error *err)
{
	memset(counts, 0, sizeof(int) * CAMP_NMARK);
	for (int i = 0; i < argc; i++) {
		const char *s = argv[i];
		int times = 1, k;
		if (isdigit((unsigned char)s[0]) && (s[1] == 'x' || s[1] == 'X' || s[1] == '*')) {
			times = s[0] - '0';
			s += 2;
		}
		if ((k = camp__marker_parse(s)) < 0 || times < 1)
			return rules_fail(
			    err, WG_E_BAD_ARGS, "SC-6.0a",
			    "'%s' is not a staff marker: G-1, G-2, G-3 or G-4 (2xG-1 for two)",
			    argv[i]);
		counts[k] += times;
	}
	return 0;
}

int camp__spend(struct camp_game *g, int side, int k, struct rules_error *err)
{
	char buf[64];

	if (g->hand[side][k] <= 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-6.3a",
		                  "you hold no %s marker (your hand: %s)", camp__marker_name(k),
		                  camp__hand_text(g->hand[side], buf, sizeof(buf)));
	g->hand[side][k]--; /* back to the Available Pile (SC-6.3c) */
	return 0;
}

/* The selection of side: counts within the mix, exactly min(C2, mix) markers unless the
 * option allows fewer (SC-AMB-13). */
static int check_selection(const struct camp_game *g, int side, const int counts[CAMP_NMARK],
                           struct rules_error *err)
{
	const struct camp_scenario *sc = g->sc;
	int total = 0, owned = 0, want;

	for (int k = 0; k < CAMP_NMARK; k++) {
		if (counts[k] > sc->markers[side][k])
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-12.0a",
			                  "the %s own %d %s markers, not %d", sc->side_names[side],
			                  sc->markers[side][k], camp__marker_name(k), counts[k]);
		total += counts[k];
		owned += sc->markers[side][k];
	}
	want = owned < sc->c2[side] ? owned : sc->c2[side];
	if (total > sc->c2[side])
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-6.1a",
		                  "a hand holds at most %d markers (C2 level), not %d",
		                  sc->c2[side], total);
	if (total < want && !g->opt.underfilled_hand)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-12.0a",
		                  "select %d markers, a full hand (C2 level; you gave %d)", want,
		                  total);
	return 0;
}

int camp__do_select(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int counts[CAMP_NMARK], rc;
	char buf[64];

	if (g->phase != CAMP_PH_HAND && g->phase != CAMP_PH_PLANNING)
		return rules_fail(err, WG_E_WRONG_PHASE, "SC-6.2a",
		                  "markers are selected at set-up and in your own Planning Phase");
	if (g->phase == CAMP_PH_HAND && g->hand_locked[side])
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-4.0h",
		                  "your initial hand is chosen already");
	if ((rc = camp__parse_markers(argc - 1, argv + 1, counts, err)) != 0 ||
	    (rc = check_selection(g, side, counts, err)) != 0)
		return rc;
	memcpy(g->hand[side], counts, sizeof(counts));
	camp__hand_text(counts, buf, sizeof(buf));
	camp__line(reply, "your hand: %s", buf);
	{
		cJSON *f = cJSON_CreateObject();
		cJSON *h = cJSON_AddObjectToObject(f, "hand");
		for (int k = 0; k < CAMP_NMARK; k++)
			cJSON_AddNumberToObject(h, camp__marker_name(k), counts[k]);
		cJSON_AddStringToObject(f, "side", camp__side(g, side));
		if ((rc = camp__emit_own(ev, g, side, "hand-selected", f,
		                         "you select your hand: %s", buf)) != 0)
			return rc;
	}
	{
		cJSON *f = cJSON_CreateObject();
		int n = camp__hand_size(g, side);
		cJSON_AddStringToObject(f, "side", camp__side(g, side));
		cJSON_AddNumberToObject(f, "markers", n);
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC & ~CAMP_AUD_OWN(side), "hand-selected", f,
		                     "the %s select a hand of %d markers", camp__side(g, side),
		                     n)) != 0)
			return rc;
	}
	if (g->phase == CAMP_PH_HAND) {
		g->hand_locked[side] = 1;
		if (g->hand_locked[0] && g->hand_locked[1])
			return camp__turn_begin(g, d, ev, err);
		return 0;
	}
	return camp__player_turn_end(g, d, ev, err);
}
