/*
 * test_camp_game.c -- The Scheldt Campaign as a whole: whole games played by a
 * bot from `options` with zero refusals (every listed action is legal), the
 * engine's contracts after every step (snapshot/restore round trip, a refused
 * action changes nothing), and replay determinism (the same seed and actions
 * give the same game).  The scenarios: tests/data/campaign-test.json, and every
 * campaign scenario of data/.
 */
#include "test_camp_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* One action from side's options, chosen by rng: 1 and line, or 0 when none. */
static int pick(struct ct *t, int side, uint64_t *rng, char *line, size_t n)
{
	cJSON *groups, *grp, *choices;
	int ng, nc;

	if (ct_query(t, side, "options") != 0)
		fail_msg("options refused: %s", t->err.message);
	groups = cJSON_GetObjectItemCaseSensitive(t->reply, "groups");
	ng = cJSON_GetArraySize(groups);
	if (ng == 0)
		return 0;
	/* `end` and `done` one time in six when there is something else to do */
	{
		cJSON *ends = NULL, *others[256];
		int no = 0;
		cJSON_ArrayForEach(grp, groups)
		{
			const char *verb =
			    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(grp, "verb"));
			if (strcmp(verb, "end") == 0 || strcmp(verb, "done") == 0)
				ends = grp;
			else if (no < 256)
				others[no++] = grp;
		}
		if (no == 0 || (ends != NULL && rng_next(rng) % 6 == 0))
			grp = ends;
		else
			grp = others[rng_next(rng) % (uint64_t)no];
	}
	choices = cJSON_GetObjectItemCaseSensitive(grp, "choices");
	nc = cJSON_GetArraySize(choices);
	if (nc == 0)
		snprintf(line, n, "%s",
		         cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(grp, "prefix")));
	else
		snprintf(line, n, "%s %s",
		         cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(grp, "prefix")),
		         cJSON_GetStringValue(
		             cJSON_GetArrayItem(choices, (int)(rng_next(rng) % (uint64_t)nc))));
	return 1;
}

static void check_snapshot(struct ct *t)
{
	char *a = camp_ruleset.snapshot(t->m.game), *b;
	struct rules_game *g2;
	struct rules_error e;

	assert_non_null(a);
	if (camp_ruleset.restore(t->sc, &t->m.opts, a, &g2, &e) != 0)
		fail_msg("restore: %s", e.message);
	b = camp_ruleset.snapshot(g2);
	assert_string_equal(a, b);
	camp_ruleset.destroy(g2);
	free(a);
	free(b);
}

/* Plays one game of up to steps actions; returns the number of actions. */
static int play(struct ct *t, uint64_t seed, int steps, int check)
{
	uint64_t rng = seed;
	int n = 0, battles = 0;

	for (; n < steps && !t->g->over; n++) {
		struct rules_pending p;
		char line[256];
		int side;
		camp_ruleset.pending(t->m.game, &p);
		if (p.sides == 0)
			break;
		side = p.sides == 3 ? (int)(rng_next(&rng) % 2) : (p.sides & 1) ? 0 : 1;
		if (!pick(t, side, &rng, line, sizeof(line))) {
			if (getenv("CAMP_DEBUG") != NULL) {
				cJSON *v = camp_ruleset.view(t->m.game, &RULES_VIEWER(side));
				char *txt = cJSON_Print(v);
				printf("%s\n", txt);
				free(txt);
				cJSON_Delete(v);
				{
					int16_t r[64];
					int nr = camp__retreaters(t->g, r);
					printf("retreaters %d, isolated %d\n", nr,
					       camp__isolated(t->g, t->g->b.target,
					                      1 - t->g->b.attacker));
					for (int k = 0; k < nr; k++)
						printf(
						    "  %s paths %d\n", camp__uid(t->g, r[k]),
						    camp__retreat_paths(t->g, r[k], 1, NULL, NULL));
					for (int d = 0; d < 6; d++) {
						int nb = rules_hex_neighbour(&t->g->sc->map.grid,
						                             t->g->b.target, d);
						char hb[16];
						if (nb < 0)
							continue;
						printf("  nb %s occ a%d g%d ozA %d ozG %d sea %d\n",
						       camp__hex_id(t->g, nb, hb),
						       camp__side_in(t->g, nb, 0),
						       camp__side_in(t->g, nb, 1),
						       camp__in_oz(t->g, nb, 0),
						       camp__in_oz(t->g, nb, 1),
						       camp__is_sea(t->g, nb));
					}
				}
			}
			fail_msg("no options for the %s (%s) at step %d", camp__side(t->g, side),
			         p.what[side], n);
		}
		ct_events_clear(t);
		if (ct_do(t, side, line) != 0)
			fail_msg("step %d: the %s's listed action '%s' was refused: %s [%s]", n,
			         camp__side(t->g, side), line, t->err.message, t->err.rule);
		if (check)
			check_snapshot(t);
		for (size_t k = 0; k < t->ev.count; k++) {
			const char *e = cJSON_GetStringValue(
			    cJSON_GetObjectItemCaseSensitive(t->ev.items[k].data, "event"));
			if (e != NULL && strcmp(e, "battle") == 0)
				battles++;
		}
	}
	printf("# %d actions, turn %d, %d battles, %s\n", n, t->g->turn, battles,
	       t->g->over ? t->g->summary : "not over");
	return n;
}

static void test_camp_bot_games_on_the_test_map(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed <= 4; seed++) {
		struct ct t;
		ct_open_doc(&t, ct_doc(), seed % 2 ? "reaction=on" : NULL);
		play(&t, seed * 7919, 1500, seed == 1);
		ct_close(&t);
	}
}

/* Whole games of the shipped scenario, set-up to the end, both optional rules on and off. */
static void test_camp_bot_games_on_the_shipped_scenario(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed <= 2; seed++) {
		struct ct t;
		ct_open_doc(&t, ct_file_doc(WG_DATA_DIR "/scheldt-campaign.json"),
		            seed % 2 ? "reaction=on" : "setup=free");
		play(&t, seed * 104729, 4000, 0);
		assert_true(t.g->over);
		ct_close(&t);
	}
}

static void test_camp_free_setup_bot(void **state)
{
	struct ct t;

	(void)state;
	ct_open_doc(&t, ct_doc(), "setup=free");
	assert_int_equal(t.g->phase, CAMP_PH_SETUP_FREE);
	play(&t, 99, 600, 1);
	assert_true(t.g->phase != CAMP_PH_SETUP_FREE);
	ct_close(&t);
}

/* The same seed and the same actions give the same state (the determinism contract). */
static void test_camp_replay_is_deterministic(void **state)
{
	struct ct a, b;
	char *sa, *sb;

	(void)state;
	ct_open_doc(&a, ct_doc(), NULL);
	ct_open_doc(&b, ct_doc(), NULL);
	play(&a, 4242, 400, 0);
	play(&b, 4242, 400, 0);
	sa = camp_ruleset.snapshot(a.m.game);
	sb = camp_ruleset.snapshot(b.m.game);
	assert_string_equal(sa, sb);
	free(sa);
	free(sb);
	ct_close(&a);
	ct_close(&b);
}

/* Takebacks (issue 10): a move is taken back, the unit stands where it stood with its
 * Tactical Movement to make; after a commitment is locked, or a die rolled, refused. */
static int take_back(struct ct *t, int side, const char *before)
{
	struct rules_host_action a = {RULES_HOST_TAKEBACK, side, -1, "ann", 0};
	struct rules_match m2;
	uint64_t target;
	int rc;

	if ((rc = rules_match_takeback_check(&t->m, side, &target, &t->err)) != 0)
		return rc;
	assert_int_equal(rules_match_restore(&m2, t->m.rs, t->m.sc, &t->m.opts, before, &t->err),
	                 0);
	assert_int_equal((int)m2.version, (int)target - 1);
	while (m2.version < t->m.version)
		rules_match_undone(&m2);
	a.arg = (int64_t)target;
	if ((rc = rules_match_host(&m2, &a, &t->ev, &t->err)) != 0) {
		rules_match_release(&m2);
		return rc;
	}
	rules_match_release(&t->m);
	t->m = m2;
	t->g = (struct camp_game *)t->m.game;
	return 0;
}

static void test_camp_takeback_barriers(void **state)
{
	struct ct t;
	char *before;

	(void)state;
	ct_open(&t, NULL);
	ct_ok(&t, ALLIED, "end");
	before = rules_match_snapshot(&t.m);
	ct_ok(&t, ALLIED, "play G-3 move 4CAD 0304");
	assert_string_equal(ct_where(&t, "4CAD"), "0304");
	if (take_back(&t, ALLIED, before) != 0)
		fail_msg("takeback: %s [%s]", t.err.message, t.err.rule);
	free(before);
	assert_string_equal(ct_where(&t, "4CAD"), "0305");
	assert_int_equal(t.g->hand[ALLIED][2], 2); /* the G-3 is back in the hand */
	assert_false(t.g->u[ct_unit(&t, "4CAD")].flags & CAMP_F_MOVED);
	/* a locked commitment is final (10.2b) */
	ct_ok(&t, ALLIED, "play G-3 move 4CAD 0304");
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0303");
	ct_ok(&t, ALLIED, "commit none");
	before = rules_match_snapshot(&t.m);
	assert_int_equal(take_back(&t, ALLIED, before), WG_E_FORBIDDEN);
	assert_string_equal(t.err.rule, "SC-10.2b");
	free(before);
	ct_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_camp_bot_games_on_the_test_map),
	    cmocka_unit_test(test_camp_bot_games_on_the_shipped_scenario),
	    cmocka_unit_test(test_camp_free_setup_bot),
	    cmocka_unit_test(test_camp_replay_is_deterministic),
	    cmocka_unit_test(test_camp_takeback_barriers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
