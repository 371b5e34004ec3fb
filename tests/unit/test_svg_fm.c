/*
 * test_svg_fm.c -- the F&M picture (rules/fm/picture.c, `map svg`): one element per hex and
 * per unit, hex numbers, reach= and hexes= highlights, the options refused, the last move and
 * combat (recorded by last.c, kept by snapshots, absent from older ones), and redaction: in a
 * Battle of the Scheldt game with a German face-down marker and a German hand, the Allied and
 * the spectator pictures name none of the German's secret markers and are byte-identical to
 * each other and to the German's outside the "private" group (FM-8.2.1-07, AMB-26,
 * BS-14.0-03).
 *
 * Fixtures: tests/data/fm-test.json, tests/data/fm-scheldt-mini.json.
 */
#include "test_bs_util.h"
#include "svg_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/core/svg.h"

static struct fmt T;

static int setup(void **state)
{
	(void)state;
	fmt_open(&T, NULL);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fmt_close(&T);
	return 0;
}

/* The picture of t's game for viewer with the words of line ("svg reach=9/3"), or NULL with
 * t->err and t->rc. */
static char *pic(struct fmt *t, int viewer, const char *line)
{
	char buf[256], *argv[16], *save = NULL, *tok, *doc;
	int argc = 0;

	snprintf(buf, sizeof(buf), "%s", line);
	for (tok = strtok_r(buf, " ", &save); tok && argc < 16; tok = strtok_r(NULL, " ", &save))
		argv[argc++] = tok;
	memset(&t->err, 0, sizeof(t->err));
	doc = fm_ruleset.picture(t->m.game, &RULES_VIEWER(viewer), argc, argv, &t->err);
	t->rc = doc == NULL ? t->err.code : 0;
	return doc;
}

/* The picture, which must be drawn, normalised (svgt_norm). */
static char *pic_norm(struct fmt *t, int viewer, const char *line)
{
	char *doc = pic(t, viewer, line), *n;

	if (doc == NULL)
		fail_msg("%s: refused: %s", line, t->err.message);
	assert_true(svgt_longest_line(doc) <= RULES_SVG_COLUMNS);
	n = svgt_norm(doc);
	free(doc);
	assert_non_null(n);
	return n;
}

static void test_svg_fm_one_element_per_hex_and_unit(void **state)
{
	const struct rules_hex_grid *grid = &T.g->sc->map.grid;
	char *doc, needle[64], id[RULES_HEX_ID_MAX];

	(void)state;
	doc = pic_norm(&T, RULES_SPECTATOR, "svg");
	assert_int_equal(svgt_count(doc, "<use id=\"h"), grid->count);
	for (int h = 0; h < grid->count; h++) {
		rules_hex_format(grid, h, id);
		snprintf(needle, sizeof(needle), "<use id=\"h%s\" class=\"hex t-", id);
		assert_int_equal(svgt_count(doc, needle), 1);
		snprintf(needle, sizeof(needle), ">%s</text>", id); /* its number */
		assert_true(svgt_count(doc, needle) >= 1);
	}
	/* every unit once, on the map or off it (the reinforcement 413/104, the set-up done) */
	assert_int_equal(svgt_count(doc, "class=\"counter "), T.g->nunits);
	for (int i = 0; i < T.g->nunits; i++) {
		snprintf(needle, sizeof(needle), "<g id=\"u%d\" class=\"counter side%d", i,
		         fm__side_of(T.g, i));
		assert_int_equal(svgt_count(doc, needle), 1);
	}
	/* the typeable id (BS-11.2-04: "No 4 Cdo" is typed No_4_Cdo) */
	assert_non_null(strstr(doc, "data-id=\"No_4_Cdo\""));
	assert_non_null(strstr(doc, "<g id=\"terrain\">"));
	assert_non_null(strstr(doc, "<g id=\"private\">"));
	free(doc);
}

/* The hexes highlighted for reach= are exactly those the reach query gives (FM-5, FM-6.1). */
static void test_svg_fm_reach_highlights_the_reach(void **state)
{
	int count = T.g->sc->map.grid.count, n = 0;
	int *cost = malloc(sizeof(int) * (size_t)count);
	char *doc, needle[64], id[RULES_HEX_ID_MAX];

	(void)state;
	assert_non_null(cost);
	assert_int_equal(T.g->phase, FM_PH_MOVEMENT);
	assert_int_equal(fm__reach(T.g, fmt_unit(&T, "1 Arm"), cost, NULL), 0);
	doc = pic_norm(&T, ALLIED, "svg reach=1_Arm");
	for (int h = 0; h < count; h++) {
		fm__hex_id(T.g, h, id);
		snprintf(needle, sizeof(needle), "<use id=\"r%s\" class=\"reach\"", id);
		assert_int_equal(svgt_count(doc, needle), cost[h] >= 0);
		n += cost[h] >= 0;
	}
	assert_true(n > 5);
	assert_int_equal(svgt_count(doc, "class=\"reach\""), n);
	assert_non_null(strstr(doc, "<use id=\"reach-from\" class=\"reach-from\""));
	free(doc);
	free(cost);
	/* a unit that cannot move now: said so, as `reach` says it (AMB-132) */
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	doc = pic_norm(&T, ALLIED, "svg reach=9/3");
	assert_int_equal(svgt_count(doc, "class=\"reach\""), 0);
	assert_non_null(strstr(doc, "9/3 cannot move now"));
	free(doc);
}

static void test_svg_fm_hexes_option_and_refusals(void **state)
{
	char *doc;

	(void)state;
	doc = pic_norm(&T, RULES_SPECTATOR, "svg hexes=0101,0505,0505");
	assert_int_equal(svgt_count(doc, "class=\"mark\""), 2);
	assert_non_null(strstr(doc, "<use id=\"m0101\" class=\"mark\""));
	assert_non_null(strstr(doc, "<use id=\"m0505\" class=\"mark\""));
	free(doc);
	assert_null(pic(&T, 0, "png"));
	assert_int_equal(T.rc, WG_E_BAD_ARGS);
	assert_null(pic(&T, 0, "svg colour=red"));
	assert_int_equal(T.rc, WG_E_BAD_ARGS);
	assert_non_null(strstr(T.err.message, "reach=<unit> and hexes="));
	assert_null(pic(&T, 0, "svg reach=nobody"));
	assert_int_equal(T.rc, WG_E_NO_SUCH_UNIT);
	assert_null(pic(&T, 0, "svg reach=9/3 reach=8/3"));
	assert_int_equal(T.rc, WG_E_BAD_ARGS);
	assert_null(pic(&T, 0, "svg hexes=0101,1399"));
	assert_int_equal(T.rc, WG_E_NO_SUCH_HEX);
	assert_non_null(strstr(T.err.message, "1399"));
	assert_null(pic(&T, 0, "svg hexes="));
	assert_int_equal(T.rc, WG_E_BAD_ARGS);
}

/* The first points="..." of the element with id, or "" (the caller frees). */
static char *points_of(const char *doc, const char *id)
{
	char needle[64];
	const char *p, *q;

	snprintf(needle, sizeof(needle), "id=\"%s\"", id);
	if ((p = strstr(doc, needle)) == NULL || (p = strstr(p, "points=\"")) == NULL)
		return strdup("");
	p += 8;
	q = strchr(p, '"');
	return strndup(p, (size_t)(q - p));
}

/* The last move and combat are drawn, survive a snapshot, and an older snapshot without them
 * restores them empty. */
static void test_svg_fm_last_move_and_combat(void **state)
{
	struct rules_game *copy;
	char *doc, *doc2, *snap, *pts;
	cJSON *o;

	(void)state;
	fmt_clear(&T);
	fmt_phase(&T, ALLIED, FM_PH_MOVEMENT);
	fmt_put(&T, "9/3", "0508");
	doc = pic_norm(&T, RULES_SPECTATOR, "svg");
	assert_null(strstr(doc, "id=\"last-move\""));
	free(doc);
	bst_ok(&T, ALLIED, "move 9/3 0507 0506");
	doc = pic_norm(&T, RULES_SPECTATOR, "svg");
	pts = points_of(doc, "last-move");
	assert_int_equal(svgt_count(pts, ","), 3); /* 0508, 0507, 0506 */
	free(pts);
	assert_non_null(strstr(doc, "Last move (red, turn 1): 9/3 0508-0507-0506"));
	free(doc);
	/* a D2: the German retreats, the Allied unit advances */
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	fmt_hand(&T, ALLIED, "");
	fmt_hand(&T, GERMAN, "");
	fmt_put(&T, "1037", "0505");
	fmt_dice(&T, 1, 1);
	bst_ok(&T, ALLIED, "attack 0505 9/3");
	bst_ok(&T, GERMAN, "retreat 1037 0504 0503");
	bst_ok(&T, ALLIED, "advance 9/3 0505");
	doc = pic_norm(&T, RULES_SPECTATOR, "svg");
	assert_non_null(strstr(doc, "<g id=\"last-combat\">"));
	assert_non_null(strstr(doc, ">D2</text>"));
	assert_non_null(strstr(doc, "attack on 0505: D2"));
	assert_non_null(strstr(doc, "1037 retreated 0505-0504-0503"));
	assert_non_null(strstr(doc, "9/3 advanced 0506-0505"));
	assert_non_null(strstr(doc, "id=\"last-leg1\""));
	/* the snapshot keeps them: the same picture */
	snap = fm_ruleset.snapshot(T.m.game);
	assert_int_equal(fm_ruleset.restore(T.sc, &T.m.opts, snap, &copy, &T.err), 0);
	doc2 =
	    fm_ruleset.picture(copy, &RULES_VIEWER(RULES_SPECTATOR), 1, (char *[]){"svg"}, &T.err);
	assert_non_null(doc2);
	{
		char *n2 = svgt_norm(doc2);
		assert_string_equal(n2, doc);
		free(n2);
	}
	free(doc2);
	fm_ruleset.destroy(copy);
	/* a snapshot written before they existed: restored empty */
	o = cJSON_Parse(snap);
	cJSON_DeleteItemFromObject(o, "lastmove");
	cJSON_DeleteItemFromObject(o, "lastcombat");
	free(snap);
	snap = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	assert_int_equal(fm_ruleset.restore(T.sc, &T.m.opts, snap, &copy, &T.err), 0);
	assert_int_equal(((struct fm_game *)copy)->last_move.p.unit, -1);
	assert_int_equal(((struct fm_game *)copy)->last_combat.target, -1);
	fm_ruleset.destroy(copy);
	free(snap);
	free(doc);
}

/* ---- redaction, in a Battle of the Scheldt game ---- */

/* 1 if doc names marker id anywhere a reader could see it (text or attribute). */
static int names_marker(const char *doc, const char *id)
{
	char a[40], b[40];

	snprintf(a, sizeof(a), ">%s</text>", id);
	snprintf(b, sizeof(b), "=\"%s\"", id);
	return strstr(doc, a) != NULL || strstr(doc, b) != NULL;
}

/* The part of doc before its private group (the whole public picture). */
static char *public_part(const char *doc)
{
	const char *p = strstr(doc, "<g id=\"private\">");

	assert_non_null(p);
	assert_null(strstr(p + 1, "<g id=\"private\">"));
	return strndup(doc, (size_t)(p - doc));
}

static void test_svg_fm_redaction_of_support_markers(void **state)
{
	struct fmt t;
	const char *german_secret[] = {"AT", "G4", "G8"};
	char *allied, *spectator, *german, *pa, *ps, *pg;

	(void)state;
	bst_open(&t, NULL);
	bst_at(&t, 9, ALLIED, FM_PH_COMBAT);
	fmt_clear(&t);
	bst_put(&t, "1020", "2036", 0);
	bst_put(&t, "10/1", "2035", 0);
	bst_put(&t, "44/15", "1936", 0);
	fmt_hand(&t, ALLIED, "A3 N1 A9");
	fmt_hand(&t, GERMAN, "G4 AT G8");
	bst_ok(&t, ALLIED, "attack 2036 10/1 44/15");
	bst_ok(&t, ALLIED, "support N1"); /* b1 */
	bst_ok(&t, GERMAN, "support AT"); /* b2: face down; G4 and G8 stay in the hand */
	allied = pic_norm(&t, ALLIED, "svg");
	spectator = pic_norm(&t, RULES_SPECTATOR, "svg");
	german = pic_norm(&t, GERMAN, "svg");
	for (size_t k = 0; k < sizeof(german_secret) / sizeof(german_secret[0]); k++) {
		assert_false(names_marker(allied, german_secret[k]));
		assert_false(names_marker(spectator, german_secret[k]));
		assert_true(names_marker(german, german_secret[k])); /* the check can fail */
	}
	/* the Allied face-down N1 and hand: the Allied player's own picture only */
	assert_true(names_marker(allied, "N1"));
	assert_true(names_marker(allied, "A3"));
	assert_false(names_marker(spectator, "N1"));
	assert_false(names_marker(german, "N1"));
	assert_false(names_marker(german, "A3"));
	/* the battle's face-down markers are shown to everyone as such, one per marker */
	assert_int_equal(svgt_count(spectator, "class=\"marker face-down\""), 2);
	/* outside the private group the three pictures are the same, byte for byte */
	pa = public_part(allied);
	ps = public_part(spectator);
	pg = public_part(german);
	assert_string_equal(pa, ps);
	assert_string_equal(pg, ps);
	free(pa);
	free(ps);
	free(pg);
	free(allied);
	free(spectator);
	free(german);
	fmt_close(&t);
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_svg_fm_one_element_per_hex_and_unit),
	    T_(test_svg_fm_reach_highlights_the_reach),
	    T_(test_svg_fm_hexes_option_and_refusals),
	    T_(test_svg_fm_last_move_and_combat),
	    cmocka_unit_test(test_svg_fm_redaction_of_support_markers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
