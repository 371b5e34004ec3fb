/*
 * test_fm_game.c -- the sequence of play end to end (FM-4.1), victory, the
 * pending() contract, views and query verbs, and determinism: a game played
 * by a simple bot with real (unforced) dice is replayed from its stored
 * actions and rolls, and restored from snapshots, and every state matches.
 */
#include "test_fm_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *phase_of(struct fmt *t)
{
	return fm__phase_name(t->g->phase);
}

/* FM-4.1-01/02/03/09/10/11/12: phases in order, empty phases passed, the second player's
 * turn, the Game Turn End Phase and the next turn's support allotment. */
static void test_fm_4_1_03_sequence_of_play(void **state)
{
	struct fmt t;
	(void)state;
	fmt_open(&t, NULL);
	assert_int_equal(t.g->turn, 1);
	assert_int_equal(t.g->active, ALLIED); /* FM-4.1-01 */
	assert_string_equal(phase_of(&t), "Movement Phase");
	fmt_events_clear(&t);
	assert_int_equal(fmt_do(&t, ALLIED, "end"), 0);
	assert_string_equal(phase_of(&t), "Bombardment Phase");
	assert_int_equal(fmt_do(&t, ALLIED, "end"), 0);
	/* no allied unit can attack: the Combat Phase is passed */
	assert_true(fmt_has_event(&t, "phase-skipped"));
	assert_string_equal(phase_of(&t), "Mobile Movement Phase");
	fmt_do(&t, GERMAN, "end");
	fmt_refused(&t, WG_E_NOT_YOUR_TURN, NULL);
	assert_int_equal(fmt_do(&t, ALLIED, "end"), 0);
	/* Mobile Combat passed too: the German player turn (FM-4.1-11) */
	assert_int_equal(t.g->active, GERMAN);
	assert_int_equal(t.g->player_turn, 1);
	assert_string_equal(phase_of(&t), "Movement Phase");
	assert_int_equal(fmt_do(&t, GERMAN, "enter 1/1_FJ 0201"), 0);
	assert_int_equal(fmt_do(&t, GERMAN, "end"), 0);
	assert_string_equal(phase_of(&t), "Bombardment Phase");
	assert_int_equal(fmt_do(&t, GERMAN, "end"), 0);
	assert_string_equal(phase_of(&t), "Mobile Movement Phase");
	fmt_events_clear(&t);
	assert_int_equal(fmt_do(&t, GERMAN, "end"), 0);
	/* FM-4.1-12: turn 2 begins with its Support Fire Marker Phase (FM-4.1-02) */
	assert_int_equal(t.g->turn, 2);
	assert_int_equal(t.g->active, ALLIED);
	assert_true(fmt_has_event(&t, "turn-ended"));
	assert_true(fmt_has_event(&t, "support-allotted"));
	assert_int_equal(fm__markers_available(t.g, ALLIED), 3);
	assert_int_equal(fm__markers_available(t.g, GERMAN), 2);
	fmt_close(&t);
}

/* Plays `end` until the game is over. */
static void end_until_over(struct fmt *t)
{
	for (int k = 0; k < 200 && !t->g->over; k++) {
		int side = fm__acting_side(t->g);
		assert_int_equal(fmt_do(t, side, "end"), 0);
	}
	assert_true(t->g->over);
}

/* FM-4.1-12 / victory data: after the last turn the end-of-game checks decide; pending()
 * names nobody; further actions are refused. */
static void test_fm_4_1_12_victory_at_last_turn(void **state)
{
	struct fmt t;
	struct rules_outcome o;
	struct rules_pending p;
	(void)state;
	fmt_open(&t, NULL);
	fm_ruleset.outcome(t.m.game, &o);
	assert_int_equal(o.over, 0);
	end_until_over(&t);
	assert_int_equal(t.g->turn, 3);
	fm_ruleset.outcome(t.m.game, &o);
	assert_int_equal(o.over, 1);
	assert_int_equal(o.winner, ALLIED); /* no German in the objective */
	assert_non_null(strstr(o.summary, "allied wins"));
	fm_ruleset.pending(t.m.game, &p);
	assert_int_equal(p.sides, 0);
	fmt_do(&t, ALLIED, "end");
	fmt_refused(&t, WG_E_GAME_OVER, NULL);
	fmt_close(&t);
	/* a German unit in the objective at the end: "otherwise" German */
	fmt_open(&t, NULL);
	fmt_put(&t, "1038", "0505");
	end_until_over(&t);
	assert_int_equal(t.g->winner, GERMAN);
	fmt_close(&t);
}

/* FM-9.0-01: no supply rules: a surrounded unit keeps its strength turn after turn. */
static void test_fm_9_0_01_no_supply_penalty(void **state)
{
	struct fmt t;
	const char *ring[] = {"0504", "0506", "0405", "0605", "0604"};
	const char *ids[] = {"9/3", "8/3", "7/3", "1 Eng", "No 4 Cdo"};
	(void)state;
	fmt_open(&t, NULL);
	fmt_put(&t, "1038", "0505");
	for (int k = 0; k < 5; k++)
		fmt_put(&t, ids[k], ring[k]);
	end_until_over(&t);
	assert_string_equal(fmt_where(&t, "1038"), "0505");
	assert_int_equal(fmt_step(&t, "1038"), 0);
	fmt_close(&t);
}

/* Instant victory checks run after every action. */
static void test_fm_victory_instant_check(void **state)
{
	struct fmt t;
	(void)state;
	fmt_open(&t, NULL);
	fmt_clear(&t);
	fmt_phase(&t, GERMAN, FM_PH_MOVEMENT);
	fmt_put(&t, "712", "1110");
	assert_int_equal(fmt_do(&t, GERMAN, "move 712 1111"), 0);
	assert_true(t.g->over);
	assert_int_equal(t.g->winner, GERMAN);
	assert_true(fmt_has_event(&t, "game-over"));
	fmt_close(&t);
}

/* pending(): who must act and what, at each kind of decision. */
static void test_fm_pending_names_decision(void **state)
{
	struct fmt t;
	struct rules_pending p;
	(void)state;
	fmt_open_doc(&t, fmt_doc(), NULL, 1);
	fm_ruleset.pending(t.m.game, &p);
	assert_int_equal(p.sides, RULES_AUD_SIDE(ALLIED));
	assert_non_null(strstr(p.what[ALLIED], "place 10/1"));
	assert_int_equal(fmt_do(&t, ALLIED, "place 10/1 0111"), 0);
	assert_int_equal(fmt_do(&t, ALLIED, "end"), 0);
	fm_ruleset.pending(t.m.game, &p);
	assert_non_null(strstr(p.what[ALLIED], "Movement Phase"));
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_COMBAT);
	fmt_hand(&t, ALLIED, "A1");
	fmt_hand(&t, GERMAN, "G1");
	fmt_put(&t, "1037", "0505");
	fmt_put(&t, "9/3", "0506");
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0505 9/3"), 0);
	fm_ruleset.pending(t.m.game, &p);
	assert_non_null(strstr(p.what[ALLIED], "step b1 of 5"));
	assert_int_equal(fmt_do(&t, ALLIED, "support pass"), 0);
	fm_ruleset.pending(t.m.game, &p);
	assert_int_equal(p.sides, RULES_AUD_SIDE(GERMAN));
	assert_non_null(strstr(p.what[GERMAN], "step b2 of 5"));
	fmt_close(&t);
}

/* Views: public state for everyone, hands only for the owner; FM-2.0-03: no dice. */
static void test_fm_view_redacts_per_viewer(void **state)
{
	struct fmt t;
	cJSON *va, *vg, *vs;
	char *sa, *sg, *ss;
	(void)state;
	fmt_open(&t, NULL);
	va = fm_ruleset.view(t.m.game, &RULES_VIEWER(ALLIED));
	vg = fm_ruleset.view(t.m.game, &RULES_VIEWER(GERMAN));
	vs = fm_ruleset.view(t.m.game, &RULES_VIEWER(RULES_SPECTATOR));
	sa = cJSON_PrintUnformatted(va);
	sg = cJSON_PrintUnformatted(vg);
	ss = cJSON_PrintUnformatted(vs);
	assert_non_null(strstr(sa, "\"hand\""));
	assert_int_equal(
	    cJSON_GetArraySize(cJSON_GetObjectItem(
	        cJSON_GetObjectItem(cJSON_GetObjectItem(va, "markers"), "allied"), "hand")),
	    4);
	assert_null(cJSON_GetObjectItem(
	    cJSON_GetObjectItem(cJSON_GetObjectItem(vg, "markers"), "allied"), "hand"));
	assert_null(strstr(ss, "\"hand\""));
	assert_non_null(strstr(ss, "\"9/3\""));
	assert_non_null(strstr(ss, "\"0312\""));
	assert_null(strstr(sa, "\"dice\""));
	assert_int_equal(cJSON_GetObjectItem(va, "turn")->valueint, 1);
	assert_string_equal(cJSON_GetObjectItem(va, "await")->valuestring, "phase");
	free(sa);
	free(sg);
	free(ss);
	cJSON_Delete(va);
	cJSON_Delete(vg);
	cJSON_Delete(vs);
	fmt_close(&t);
}

/* Query verbs: map, units, hex, crt give text lines and structured members. */
static void test_fm_queries(void **state)
{
	struct fmt t;
	(void)state;
	fmt_open(&t, NULL);
	assert_int_equal(fmt_query(&t, RULES_SPECTATOR, "map 0101 0412"), 0);
	assert_true(fmt_reply_has(&t, "0312"));
	assert_true(fmt_reply_has(&t, "a:9/3"));
	assert_true(fmt_reply_has(&t, "F Fortification, f Flooded"));
	assert_true(cJSON_GetArraySize(cJSON_GetObjectItem(t.reply, "hexes")) == 48);
	assert_int_equal(fmt_query(&t, RULES_SPECTATOR, "map"), 0);
	assert_int_equal(fmt_query(&t, ALLIED, "map 0101 0412 0505"), WG_E_BAD_ARGS);
	assert_int_equal(fmt_query(&t, ALLIED, "map 0101"), 0); /* a window around one hex */
	assert_int_equal(fmt_query(&t, ALLIED, "units german"), 0);
	assert_true(fmt_reply_has(&t, "1/1_FJ (3-6-4)")); /* typeable as shown */
	assert_true(fmt_reply_has(&t, "\"id\":\"1/1_FJ\",\"name\":\"1/1 FJ\""));
	assert_false(fmt_reply_has(&t, "1/1 FJ ("));
	assert_true(fmt_reply_has(&t, "arrives turn 1"));
	assert_false(fmt_reply_has(&t, "9/3"));
	assert_int_equal(fmt_query(&t, ALLIED, "units russian"), WG_E_BAD_ARGS);
	assert_int_equal(fmt_query(&t, ALLIED, "hex 0607"), 0);
	assert_true(fmt_reply_has(&t, "hexside to 0606: River"));
	assert_true(fmt_reply_has(&t, "hexside to 0707: River, road"));
	assert_int_equal(fmt_query(&t, ALLIED, "hex 0208"), 0);
	assert_true(fmt_reply_has(&t, "Testville"));
	assert_true(fmt_reply_has(&t, "CRT line Swamp, Town"));
	assert_int_equal(fmt_query(&t, ALLIED, "hex 1005"), 0); /* map.fortifications */
	assert_true(fmt_reply_has(&t, "fortification counter"));
	fmt_put(&t, "712", "0505");
	assert_int_equal(fmt_query(&t, ALLIED, "hex 0506"), 0);
	assert_true(fmt_reply_has(&t, "zone of control of: german"));
	assert_int_equal(fmt_query(&t, ALLIED, "hex 9999"), WG_E_NO_SUCH_HEX);
	assert_int_equal(fmt_query(&t, ALLIED, "crt"), 0);
	assert_true(fmt_reply_has(&t, "+2/+3"));
	assert_true(fmt_reply_has(&t, "read on grid columns c1-c8"));
	assert_int_equal(fmt_query(&t, ALLIED, "crt woods"), 0);
	assert_true(fmt_reply_has(&t, "\"cells\""));
	assert_int_equal(fmt_query(&t, ALLIED, "crt river"), 0);
	assert_int_equal(fmt_query(&t, ALLIED, "crt lava"), WG_E_BAD_ARGS);
	assert_int_equal(fmt_query(&t, ALLIED, "reach nobody"), WG_E_NO_SUCH_UNIT);
	fmt_close(&t);
}

/* ---- determinism: a bot game, replayed and restored ---- */

#define MAXACT 600

struct rec {
	int side;
	char line[128];
	struct rules_roll rolls[64];
	size_t nrolls;
	char *snap; /* rules_match_snapshot after the action */
};

static int try_act(struct fmt *t, int side, const char *line, struct rec *r, int *n)
{
	if (fmt_do(t, side, line) != 0)
		return -1;
	r[*n].side = side;
	snprintf(r[*n].line, sizeof(r[*n].line), "%s", line);
	r[*n].nrolls = t->m.dice.nlog;
	assert_true(r[*n].nrolls <= 64);
	memcpy(r[*n].rolls, t->m.dice.log, sizeof(struct rules_roll) * r[*n].nrolls);
	r[*n].snap = rules_match_snapshot(&t->m);
	(*n)++;
	return 0;
}

static int nearest_enemy(struct fm_game *g, int hex, int side)
{
	int d = fm__nearest_unit(g, hex, 1 - side, -1);
	return d < 0 ? 99 : d;
}

/* One decision of the bot for whoever must act. */
static void bot_step(struct fmt *t, struct rec *r, int *n, int *moved_in_phase)
{
	struct fm_game *g = t->g;
	int side = fm__acting_side(g);
	char line[128], buf[RULES_HEX_ID_MAX];

	switch (g->await) {
	case FM_AW_SUPPORT:
		for (int k = 0; k < g->sc->nmarkers[side] && g->b.step <= 2; k++)
			if (g->m[side][k].where == FM_M_HAND) {
				snprintf(line, sizeof(line), "support %s",
				         g->sc->markers[side][k].id);
				if (try_act(t, side, line, r, n) == 0)
					return;
			}
		assert_int_equal(try_act(t, side, "support pass", r, n), 0);
		return;
	case FM_AW_LOSS:
		for (int i = 0; i < g->nunits; i++)
			if (fm__side_of(g, i) == side && g->u[i].where == FM_W_MAP) {
				snprintf(line, sizeof(line), "reduce \"%s\"", fm__def(g, i)->id);
				if (try_act(t, side, line, r, n) == 0)
					return;
			}
		fail_msg("no loss accepted");
		return;
	case FM_AW_RETREAT:
		snprintf(line, sizeof(line), "stiff \"%s\"", fm__def(g, g->b.retreat[0].unit)->id);
		assert_int_equal(try_act(t, side, line, r, n), 0);
		return;
	case FM_AW_ADVANCE:
		snprintf(line, sizeof(line), "advance \"%s\" %s", fm__def(g, g->b.att[0])->id,
		         fm__hex_id(g, g->b.path[0], buf));
		if (try_act(t, side, line, r, n) != 0)
			assert_int_equal(try_act(t, side, "advance none", r, n), 0);
		return;
	default:
		break;
	}
	if (g->phase == FM_PH_MOVEMENT || g->phase == FM_PH_MOBILE_MOVE) {
		for (int i = 0; i < g->nunits && *moved_in_phase < 4; i++) {
			const struct fm_unit_def *d = fm__def(g, i);
			if (d->side != side)
				continue;
			if (g->u[i].where == FM_W_WAITING && d->arrive_turn <= g->turn) {
				snprintf(line, sizeof(line), "enter \"%s\" %s", d->id,
				         fm__hex_id(g, d->where.h[0], buf));
				if (try_act(t, side, line, r, n) == 0) {
					(*moved_in_phase)++;
					return;
				}
			}
			if (fm__may_move(g, i, NULL) == 0 && !(g->u[i].flags & FM_UF_MOVED)) {
				int cost[RULES_MAP_HEXES], best = -1,
				                           bd = nearest_enemy(g, g->u[i].hex, side);
				fm__reach(g, i, cost, NULL);
				for (int h = 0; h < g->sc->map.grid.count; h++)
					if (cost[h] >= 0 && nearest_enemy(g, h, side) < bd) {
						bd = nearest_enemy(g, h, side);
						best = h;
					}
				if (best >= 0) {
					snprintf(line, sizeof(line), "move \"%s\" to %s", d->id,
					         fm__hex_id(g, best, buf));
					assert_int_equal(try_act(t, side, line, r, n), 0);
					(*moved_in_phase)++;
					return;
				}
			}
		}
	} else if (g->phase == FM_PH_BOMBARD && *moved_in_phase == 0) {
		for (int i = 0; i < g->nunits; i++)
			if (g->u[i].where == FM_W_MAP && fm__side_of(g, i) != side)
				for (int k = 0; k < g->sc->nmarkers[side]; k++)
					if (g->m[side][k].where == FM_M_HAND) {
						snprintf(line, sizeof(line), "bombard %s %s",
						         fm__hex_id(g, g->u[i].hex, buf),
						         g->sc->markers[side][k].id);
						(*moved_in_phase)++;
						if (try_act(t, side, line, r, n) == 0)
							return;
						goto end;
					}
	} else if (g->phase == FM_PH_COMBAT || g->phase == FM_PH_MOBILE_COMBAT) {
		for (int e = 0; e < g->nunits; e++) {
			size_t len;
			int na = 0;
			if (g->u[e].where != FM_W_MAP || fm__side_of(g, e) == side ||
			    (g->u[e].flags & FM_UF_DEFENDED))
				continue;
			len = (size_t)snprintf(line, sizeof(line), "attack %s",
			                       fm__hex_id(g, g->u[e].hex, buf));
			for (int i = 0; i < g->nunits; i++)
				if (g->u[i].where == FM_W_MAP && fm__side_of(g, i) == side &&
				    fm__adjacent(g, g->u[i].hex, g->u[e].hex) &&
				    fm__may_attack(g, i, NULL) == 0 &&
				    !fm__side_prohibited(g, g->u[i].hex, g->u[e].hex, i) &&
				    !fm__hex_prohibited(g, g->u[e].hex, i)) {
					len += (size_t)snprintf(line + len, sizeof(line) - len,
					                        " \"%s\"", fm__def(g, i)->id);
					na++;
				}
			if (na > 0 && try_act(t, side, line, r, n) == 0)
				return;
		}
	}
end:
	*moved_in_phase = 0;
	assert_int_equal(try_act(t, side, "end", r, n), 0);
}

static int tok(char *line, char **argv)
{
	int argc = 0;
	char *p = line;
	while (*p) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		if (*p == '"') {
			argv[argc++] = ++p;
			while (*p && *p != '"')
				p++;
		} else {
			argv[argc++] = p;
			while (*p && *p != ' ')
				p++;
		}
		if (*p)
			*p++ = '\0';
	}
	return argc;
}

/* The snapshot/restore round trip and replay determinism (ruleset.h, match.h). */
static void test_fm_snapshot_replay_determinism(void **state)
{
	struct fmt t;
	struct rec *r = calloc(MAXACT, sizeof(*r));
	struct rules_match m2, m3;
	struct rules_events ev;
	struct rules_error err;
	uint8_t seed[32] = {9, 8, 7, 6, 5, 4, 3, 2, 1};
	int n = 0, moved = 0, attacks = 0;
	char *s;
	(void)state;
	fmt_open(&t, NULL);
	/* reseed with a seed of our own: real dice, nothing forced */
	rules_dice_reseed(&t.m.dice, seed);
	for (int k = 0; k < MAXACT - 1 && !t.g->over; k++)
		bot_step(&t, r, &n, &moved);
	assert_true(t.g->over);
	for (int k = 0; k < n; k++)
		attacks +=
		    strncmp(r[k].line, "attack", 6) == 0 || strncmp(r[k].line, "bombard", 7) == 0;
	assert_true(attacks >= 3);

	/* replay: the same scenario, the game's creation, start and the stored actions */
	rules_events_init(&ev);
	{
		struct rules_options o = {0};
		uint8_t seed0[32] = {1, 2, 3, 4, 5, 6, 7, 8};
		char l1[] = "place 10/1 0111", l2[] = "end", *av[8];
		assert_int_equal(rules_match_create(&m2, &fm_ruleset, t.sc, &o, seed0, &err), 0);
		assert_int_equal(rules_match_start(&m2, &ev, &err), 0);
		assert_int_equal(
		    rules_match_apply(&m2, NULL, ALLIED, tok(l1, av), av, NULL, &ev, &err), 0);
		assert_int_equal(
		    rules_match_apply(&m2, NULL, ALLIED, tok(l2, av), av, NULL, &ev, &err), 0);
		rules_dice_reseed(&m2.dice, seed);
		m2.version = t.m.version - (uint64_t)n;
	}
	for (int k = 0; k < n; k++) {
		char line[128], *av[32];
		int ac;
		snprintf(line, sizeof(line), "%s", r[k].line);
		ac = tok(line, av);
		if (rules_match_replay(&m2, RULES_HOST_NONE, r[k].side, ac, av, r[k].rolls,
		                       r[k].nrolls, &ev, &err) != 0)
			fail_msg("replay of '%s' failed: %s", r[k].line, err.message);
		s = rules_match_snapshot(&m2);
		if (strcmp(s, r[k].snap) != 0)
			fail_msg("replay diverged after action %d '%s'", k, r[k].line);
		free(s);
	}
	/* restore from the snapshot taken in the middle, then play the rest live */
	for (int mid = 1; mid < n; mid += n / 7 + 1) {
		assert_int_equal(
		    rules_match_restore(&m3, &fm_ruleset, t.sc, NULL, r[mid - 1].snap, &err), 0);
		s = rules_match_snapshot(&m3);
		assert_string_equal(s, r[mid - 1].snap); /* restore(snapshot) round trip */
		free(s);
		for (int k = mid; k < n; k++) {
			char line[128], *av[32];
			int ac;
			snprintf(line, sizeof(line), "%s", r[k].line);
			ac = tok(line, av);
			assert_int_equal(
			    rules_match_apply(&m3, NULL, r[k].side, ac, av, NULL, &ev, &err), 0);
		}
		s = rules_match_snapshot(&m3);
		assert_string_equal(s, r[n - 1].snap);
		free(s);
		rules_match_release(&m3);
	}
	/* a bad snapshot is refused */
	assert_int_equal(rules_match_restore(&m3, &fm_ruleset, t.sc, NULL,
	                                     "{\"dice\":[\"0\",\"0\",\"0\",\"0\"],\"draws\":\"0\","
	                                     "\"version\":\"1\",\"started\":true,\"game\":\"{}\"}",
	                                     &err),
	                 WG_E_INTERNAL);
	rules_events_release(&ev);
	rules_match_release(&m2);
	for (int k = 0; k < n; k++)
		free(r[k].snap);
	free(r);
	fmt_close(&t);
}

/* A snapshot taken inside a battle (support step, retreat decision) restores exactly. */
static void test_fm_snapshot_mid_battle(void **state)
{
	struct fmt t;
	struct rules_game *g2;
	struct rules_error err;
	char *a, *b;
	(void)state;
	fmt_open(&t, NULL);
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_COMBAT);
	fmt_hand(&t, ALLIED, "A1 A5");
	fmt_hand(&t, GERMAN, "G2");
	fmt_put(&t, "1037", "0505");
	fmt_put(&t, "9/3", "0506");
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0505 9/3"), 0);
	assert_int_equal(fmt_do(&t, ALLIED, "support A5"), 0);
	a = fm_ruleset.snapshot(t.m.game);
	assert_int_equal(fm_ruleset.restore(t.sc, NULL, a, &g2, &err), 0);
	b = fm_ruleset.snapshot(g2);
	assert_string_equal(a, b);
	assert_int_equal(((struct fm_game *)g2)->b.step, 2);
	assert_int_equal(((struct fm_game *)g2)->m[ALLIED][4].where, FM_M_COMMITTED);
	fm_ruleset.destroy(g2);
	free(a);
	free(b);
	fmt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_fm_4_1_03_sequence_of_play),
	    cmocka_unit_test(test_fm_4_1_12_victory_at_last_turn),
	    cmocka_unit_test(test_fm_victory_instant_check),
	    cmocka_unit_test(test_fm_9_0_01_no_supply_penalty),
	    cmocka_unit_test(test_fm_pending_names_decision),
	    cmocka_unit_test(test_fm_view_redacts_per_viewer),
	    cmocka_unit_test(test_fm_queries),
	    cmocka_unit_test(test_fm_snapshot_replay_determinism),
	    cmocka_unit_test(test_fm_snapshot_mid_battle),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
