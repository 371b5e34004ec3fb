/*
 * test_fm_crt.c -- the combat results table: every cell of every terrain
 * line, under both readings of AMB-01 (left: the default; right: the
 * transcribed reading), resolved through real attacks with forced dice;
 * clamping and shared columns (FM-CRT-02..04); the derived examples EX-21,
 * EX-23, EX-24, EX-25; the Commonwealth shift (FM-CRT-11).
 */
#include "test_fm_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct line_site {
	const char *line, *def_hex, *att_hex;
};

/* One hex per [S] terrain line of fm-test.json, with an adjacent attacker hex. */
static const struct line_site sites[] = {
    {"city", "0210", "0211"},  {"hill", "0202", "0203"},  {"woods", "0204", "0205"},
    {"swamp", "0206", "0207"}, {"clear", "0505", "0506"},
};

static const char *last_result(struct fmt *t, char *column, size_t n)
{
	const char *r = NULL;
	for (size_t k = 0; k < t->ev.count; k++) {
		cJSON *e = t->ev.items[k].data;
		if (strcmp(cJSON_GetObjectItem(e, "event")->valuestring, "combat-result") == 0) {
			r = cJSON_GetObjectItem(e, "result")->valuestring;
			snprintf(column, n, "%s/%d/%s",
			         cJSON_GetObjectItem(e, "column")->valuestring,
			         cJSON_GetObjectItem(e, "grid_column")->valueint,
			         cJSON_GetObjectItem(e, "line")->valuestring);
		}
	}
	return r;
}

/* Resolves attack strength att against a 9-defense unit on site s with die. */
static const char *fight(struct fmt *t, const struct line_site *s, int att, int die, char *col,
                         size_t n)
{
	struct fm_scenario *sc = (struct fm_scenario *)t->g->sc;
	char line[64];
	sc->units[fmt_unit(t, "9/3")].steps[0].attack = att;
	sc->units[fmt_unit(t, "1038")].steps[0].defense = 9;
	fmt_clear(t);
	fmt_phase(t, ALLIED, FM_PH_COMBAT);
	fmt_hand(t, ALLIED, "");
	fmt_hand(t, GERMAN, "");
	fmt_put(t, "1038", s->def_hex);
	fmt_put(t, "9/3", s->att_hex);
	t->g->u[fmt_unit(t, "9/3")].step = 0;
	t->g->u[fmt_unit(t, "1038")].step = 0;
	fmt_events_clear(t);
	fmt_dice(t, 1, die);
	snprintf(line, sizeof(line), "attack %s 9/3", s->def_hex);
	assert_int_equal(fmt_do(t, ALLIED, line), 0);
	return last_result(t, col, n);
}

static int every_cell_doc(cJSON *doc, int right)
{
	struct fmt t;
	const struct fm_crt *crt;
	int checked = 0;

	fmt_open_doc(&t, doc, right ? "crt.line_alignment=right" : NULL, 0);
	crt = &t.g->sc->crt;
	for (size_t s = 0; s < sizeof(sites) / sizeof(sites[0]); s++) {
		int line = fm__line_by_id(t.g->sc, sites[s].line), first = crt->lines[line].first;
		for (int j = first; j < crt->ncols; j++)
			for (int die = 1; die <= 6; die++) {
				char col[64], want[64];
				int gc = right ? j : j - first;
				const char *got =
				    fight(&t, &sites[s], 9 + crt->lo[j], die, col, sizeof(col));
				assert_non_null(got);
				if (strcmp(got, fm__result_name(crt->cell[die - 1][gc])) != 0)
					fail_msg("%s line, differential %d (%s), die %d: got %s, "
					         "want %s",
					         sites[s].line, crt->lo[j], crt->labels[j], die,
					         got, fm__result_name(crt->cell[die - 1][gc]));
				snprintf(want, sizeof(want), "%s/%d/%s", crt->labels[j], gc + 1,
				         sites[s].line);
				assert_string_equal(col, want);
				checked++;
			}
	}
	fmt_close(&t);
	return checked;
}

static void every_cell(int right)
{
	/* 8 + 9 + 10 + 11 + 12 columns, six dice each */
	assert_int_equal(every_cell_doc(fmt_doc(), right), 50 * 6);
}

/* FM-CRT-12..16: the [v8] line shapes (Mountain 0, City/Rough/River -2, Marsh/Town/Broken
 * -3, Woods/Bridge/Canal/Ditch -4, Mixed/Clear -5), every cell, both readings. */
static void test_fm_crt_12_16_v8_line_shapes(void **state)
{
	static const char *const low[5][2] = {
	    {"hill", "0"}, {"city", "-2"}, {"swamp", "-3"}, {"woods", "-4"}, {"clear", "-5"}};
	(void)state;
	for (int right = 0; right < 2; right++) {
		cJSON *doc = fmt_doc(), *lines, *l;
		lines = cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "crt"), "lines");
		cJSON_ArrayForEach(l, lines)
		{
			for (int k = 0; k < 5; k++)
				if (strcmp(cJSON_GetObjectItem(l, "id")->valuestring, low[k][0]) ==
				    0)
					cJSON_ReplaceItemInObject(l, "lowest",
					                          cJSON_CreateString(low[k][1]));
		}
		assert_int_equal(every_cell_doc(doc, right), (7 + 9 + 10 + 11 + 12) * 6);
	}
}

/* FM-CRT-01/05..10, AMB-01 (default left reading): every cell of every line. */
static void test_fm_crt_05_every_cell_every_line_left(void **state)
{
	(void)state;
	every_cell(0);
}

/* FM-CRT-05 option crt.line_alignment=right: every cell of every line. */
static void test_fm_crt_05_every_cell_every_line_right(void **state)
{
	(void)state;
	every_cell(1);
}

static int col_of(struct fmt *t, const char *line, int diff, int *label)
{
	return fm__crt_column(t->g->sc, &t->g->opt, fm__line_by_id(t->g->sc, line), diff, 0, label);
}

/* FM-CRT-02/03/04, EX-23: shared columns and clamping at both ends. */
static void test_fm_crt_02_04_columns_and_clamping(void **state)
{
	struct fmt t;
	int label;
	(void)state;
	fmt_open(&t, NULL);
	assert_int_equal(col_of(&t, "clear", 2, &label), 7);
	assert_int_equal(col_of(&t, "clear", 3, &label), 7);
	assert_string_equal(t.g->sc->crt.labels[label], "+2/+3");
	assert_int_equal(col_of(&t, "clear", 14, &label), 11); /* +14 -> +10 */
	assert_string_equal(t.g->sc->crt.labels[label], "+10");
	col_of(&t, "clear", 9, &label);
	assert_string_equal(t.g->sc->crt.labels[label], "+8/+9");
	assert_int_equal(col_of(&t, "clear", -7, &label), 0); /* -7 -> -5 */
	assert_string_equal(t.g->sc->crt.labels[label], "-5");
	col_of(&t, "city", -3, &label); /* lowest -1 */
	assert_string_equal(t.g->sc->crt.labels[label], "-1");
	assert_int_equal(col_of(&t, "city", -3, &label), 0); /* left: c1 */
	fmt_close(&t);
	fmt_open(&t, "crt.line_alignment=right");
	assert_int_equal(col_of(&t, "city", -3, &label), 4); /* right: c5 */
	assert_int_equal(col_of(&t, "city", 10, &label), 11);
	fmt_close(&t);
}

/* EX-21: +3 on Clear: c8: D2 Ex Ex Ex NE A1; on the City line (Coastal's shape) under
 * left: c4: NE A2 A3 (A) (A) (A). EX-24: -5 die 6 Clear Ae; +10 on the 8-column line:
 * right De De D3 D2 D2 Ex, left c8 D2 Ex Ex Ex NE A1. */
static void test_fm_crt_ex21_ex24_derived_examples(void **state)
{
	static const char *const c8[6] = {"D2", "Ex", "Ex", "Ex", "NE", "A1"};
	static const char *const c4[6] = {"NE", "A2", "A3", "(A)", "(A)", "(A)"};
	static const char *const c12[6] = {"De", "De", "D3", "D2", "D2", "Ex"};
	struct fmt t;
	const struct fm_crt *crt;
	(void)state;
	fmt_open(&t, NULL);
	crt = &t.g->sc->crt;
	for (int d = 0; d < 6; d++) {
		assert_string_equal(fm__result_name(crt->cell[d][col_of(&t, "clear", 3, NULL)]),
		                    c8[d]);
		assert_string_equal(fm__result_name(crt->cell[d][col_of(&t, "city", 3, NULL)]),
		                    c4[d]);
		assert_string_equal(fm__result_name(crt->cell[d][col_of(&t, "city", 10, NULL)]),
		                    c8[d]);
	}
	assert_string_equal(fm__result_name(crt->cell[5][col_of(&t, "clear", -5, NULL)]), "Ae");
	fmt_close(&t);
	fmt_open(&t, "crt.line_alignment=right");
	crt = &t.g->sc->crt;
	for (int d = 0; d < 6; d++) {
		assert_string_equal(fm__result_name(crt->cell[d][col_of(&t, "city", 10, NULL)]),
		                    c12[d]);
		assert_string_equal(fm__result_name(crt->cell[d][col_of(&t, "city", 3, NULL)]),
		                    c8[d]);
	}
	assert_string_equal(fm__result_name(crt->cell[5][col_of(&t, "city", -5, NULL)]), "(A)");
	fmt_close(&t);
}

/* EX-25 (engineers on a flooded hex use the Clear line): at -5, the 11-column line clamps
 * to -4: right c2 A3 (A) (A) (A) (A) Ae; left c1 (A) (A) (A) (A) Ae Ae; Clear c1 the same as
 * left.  The line shape is the [S] swamp line of fm-test.json (11 columns). */
static void test_fm_crt_ex25_eleven_column_line(void **state)
{
	static const char *const right[6] = {"A3", "(A)", "(A)", "(A)", "(A)", "Ae"};
	static const char *const left[6] = {"(A)", "(A)", "(A)", "(A)", "Ae", "Ae"};
	struct fmt t;
	const struct fm_crt *crt;
	(void)state;
	fmt_open(&t, NULL);
	crt = &t.g->sc->crt;
	for (int d = 0; d < 6; d++) {
		assert_string_equal(fm__result_name(crt->cell[d][col_of(&t, "swamp", -5, NULL)]),
		                    left[d]);
		assert_string_equal(fm__result_name(crt->cell[d][col_of(&t, "clear", -5, NULL)]),
		                    left[d]);
	}
	fmt_close(&t);
	fmt_open(&t, "crt.line_alignment=right");
	crt = &t.g->sc->crt;
	for (int d = 0; d < 6; d++)
		assert_string_equal(fm__result_name(crt->cell[d][col_of(&t, "swamp", -5, NULL)]),
		                    right[d]);
	fmt_close(&t);
}

/* FM-8.2.2-05 with AMB-01: lines are ranked by column count; fewer = better for the
 * defender. */
static void test_fm_crt_05_line_ranking(void **state)
{
	struct fmt t;
	int city, woods, swamp, clear;
	(void)state;
	fmt_open(&t, NULL);
	city = fm__line_by_id(t.g->sc, "city");
	woods = fm__line_by_id(t.g->sc, "woods");
	swamp = fm__line_by_id(t.g->sc, "swamp");
	clear = fm__line_by_id(t.g->sc, "clear");
	assert_int_equal(fm__line_cols(t.g, city), 8);
	assert_int_equal(fm__line_better(t.g, woods, swamp), woods);
	assert_int_equal(fm__line_better(t.g, clear, city), city);
	assert_int_equal(fm__line_better(t.g, -1, clear), clear);
	assert_int_equal(fm__hex_line(t.g, fmt_hex(&t, "0406")), woods); /* woods + town */
	assert_int_equal(fm__hex_line(t.g, fmt_hex(&t, "0212")), clear); /* village: no line */
	fmt_close(&t);
}

/* FM-CRT-11 (option crt.commonwealth_armor_shift, AMB-22): a Commonwealth attack without an
 * armored brigade is shifted one column to the left. */
static void test_fm_crt_11_commonwealth_shift(void **state)
{
	struct fmt t;
	char col[64];
	(void)state;
	fmt_open(&t, "crt.commonwealth_armor_shift=true");
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_COMBAT);
	fmt_hand(&t, ALLIED, "");
	fmt_hand(&t, GERMAN, "");
	fmt_put(&t, "1037", "0505");
	fmt_put(&t, "1 Arm", "0506"); /* british, no armored brigade: 4 vs 4 = 0 -> c6 -1 = c5 */
	fmt_dice(&t, 1, 1);
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0505 1_Arm"), 0);
	assert_non_null(last_result(&t, col, sizeof(col)));
	assert_string_equal(col, "0/5/clear");
	fmt_phase(&t, ALLIED, FM_PH_COMBAT);
	fmt_put(&t, "1037", "0505");
	t.g->u[fmt_unit(&t, "1037")].step = 0;
	fmt_put(&t, "2 Arm", "0405"); /* armored brigade: no shift */
	fmt_events_clear(&t);
	fmt_dice(&t, 1, 1);
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0505 2_Arm"), 0);
	assert_non_null(last_result(&t, col, sizeof(col)));
	assert_string_equal(col, "0/6/clear");
	fmt_close(&t);
}

/* ---- CRT lines chosen by the situation (crt.situations) ------------------------------ */

/* A module reporting one situation, "beach_assault", while g->ex[0] is set. */
static const char *const sit_names[] = {"beach_assault"};

static int sit_holds(const struct fm_game *g, size_t k)
{
	return k == 0 && g->ex[0];
}

static const struct fm_module sit_module = {
    .name = "beaches",
    .situations = sit_names,
    .nsituations = 1,
    .situation = sit_holds,
};
static const struct fm_module *const sit_list[] = {&sit_module, NULL};
static const struct fm_modules sit_modules = {sit_list, &fm_shipped_modules};

/* The [S] CRT's beach lines as data: a beach hex 0505 (Clear line), the "City, Bocage,
 * Beach Assault within EZOC" and "Hill, Beach Assault not in EZOC" lines for an assault. */
static const char *const beach_lines =
    "[{\"when\": [\"beach_assault\", \"in_ezoc\"], \"terrain\": [\"beach\"], "
    "\"line\": \"city\", \"combine\": \"replace\"},"
    " {\"when\": [\"beach_assault\", \"not_in_ezoc\"], \"terrain\": [\"beach\"], "
    "\"line\": \"hill\", \"combine\": \"replace\"}]";

static void open_situations(struct fmt *t, struct ruleset *rs, const char *situations)
{
	cJSON *doc = fmt_doc();

	fm_ruleset_with(rs, &sit_modules);
	cJSON_AddItemToArray(cJSON_GetObjectItem(doc, "terrain"),
	                     cJSON_Parse("{\"id\": \"beach\", \"name\": \"Beach\", \"mp\": 1, "
	                                 "\"crt_line\": \"clear\"}"));
	fmt_doc_hex(doc, "0505", "beach");
	fmt_doc_put(doc, NULL, "exclusive", "{\"module\": \"beaches\"}");
	fmt_doc_put(doc, "crt", "situations", situations);
	fmt_open_rs(t, rs, doc, NULL, 0);
}

/* 9/3 (0506) attacks 1038 in 0505 (712 in 0504 too when ezoc), beach assault or not. */
static const char *beach_fight(struct fmt *t, int assault, int ezoc, char *col, size_t n)
{
	fmt_clear(t);
	fmt_phase(t, ALLIED, FM_PH_COMBAT);
	fmt_hand(t, ALLIED, "");
	fmt_hand(t, GERMAN, "");
	fmt_put(t, "1038", "0505");
	fmt_put(t, "9/3", "0506");
	if (ezoc)
		fmt_put(t, "712", "0504");
	t->g->ex[0] = (unsigned char)assault;
	fmt_events_clear(t);
	fmt_dice(t, 1, 6);
	assert_int_equal(fmt_do(t, ALLIED, "attack 0505 9/3"), 0);
	assert_non_null(last_result(t, col, n));
	return strrchr(col, '/') + 1;
}

/* FM-CRT-06, FM-CRT-07, FM-CRT-10 and its footnote (1): a beach hex uses the Clear line
 * unless a beach assault is made; in an assault the City line when the combat hex is in an
 * EZOC of the attacker (the ZOC of another defending unit, AMB-110), else the Hill line. */
static void test_fm_crt_06_07_10_beach_assault_lines(void **state)
{
	struct ruleset rs;
	struct fmt t;
	char col[64];
	(void)state;
	open_situations(&t, &rs, beach_lines);
	assert_string_equal(beach_fight(&t, 0, 0, col, sizeof(col)), "clear");
	assert_string_equal(beach_fight(&t, 0, 1, col, sizeof(col)), "clear");
	assert_string_equal(beach_fight(&t, 1, 0, col, sizeof(col)), "hill");
	assert_string_equal(beach_fight(&t, 1, 1, col, sizeof(col)), "city");
	/* a bombardment reads the hex terrain only (FM-8.1.2 c) */
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_BOMBARD);
	fmt_hand(&t, ALLIED, "A5");
	fmt_put(&t, "1038", "0505");
	fmt_put(&t, "712", "0504");
	t.g->ex[0] = 1;
	fmt_events_clear(&t);
	fmt_dice(&t, 1, 6);
	assert_int_equal(fmt_do(&t, ALLIED, "bombard 0505 A5"), 0);
	assert_non_null(last_result(&t, col, sizeof(col)));
	assert_string_equal(strrchr(col, '/') + 1, "clear");
	fmt_close(&t);
}

/* FM-8.2.2-05: a situation's line is combined with the terrain's line as the most favourable
 * to the defender unless it says it replaces it. */
static void test_fm_8_2_2_05_situation_line_most_favourable(void **state)
{
	struct ruleset rs;
	struct fmt t;
	char col[64];
	(void)state;
	/* the beach hex's Clear line (12 columns) gives way to Swamp (11) */
	open_situations(&t, &rs, "[{\"when\": [\"beach_assault\"], \"line\": \"swamp\"}]");
	assert_string_equal(beach_fight(&t, 1, 0, col, sizeof(col)), "swamp");
	fmt_close(&t);
	/* City (8) is kept against a later Woods (10) */
	open_situations(&t, &rs,
	                "[{\"when\": [\"beach_assault\"], \"line\": \"swamp\"},"
	                " {\"when\": [\"beach_assault\"], \"line\": \"city\"},"
	                " {\"when\": [\"beach_assault\"], \"line\": \"woods\"}]");
	assert_string_equal(beach_fight(&t, 1, 0, col, sizeof(col)), "city");
	assert_string_equal(beach_fight(&t, 0, 0, col, sizeof(col)), "clear");
	fmt_close(&t);
	open_situations(&t, &rs,
	                "[{\"when\": [\"beach_assault\"], \"line\": \"city\"},"
	                " {\"when\": [\"beach_assault\"], \"line\": \"swamp\", "
	                "\"combine\": \"replace\"}]");
	assert_string_equal(beach_fight(&t, 1, 0, col, sizeof(col)), "swamp");
	fmt_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_fm_crt_05_every_cell_every_line_left),
	    cmocka_unit_test(test_fm_crt_05_every_cell_every_line_right),
	    cmocka_unit_test(test_fm_crt_12_16_v8_line_shapes),
	    cmocka_unit_test(test_fm_crt_02_04_columns_and_clamping),
	    cmocka_unit_test(test_fm_crt_ex21_ex24_derived_examples),
	    cmocka_unit_test(test_fm_crt_ex25_eleven_column_line),
	    cmocka_unit_test(test_fm_crt_05_line_ranking),
	    cmocka_unit_test(test_fm_crt_11_commonwealth_shift),
	    cmocka_unit_test(test_fm_crt_06_07_10_beach_assault_lines),
	    cmocka_unit_test(test_fm_8_2_2_05_situation_line_most_favourable),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
