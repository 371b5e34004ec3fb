/*
 * test_bs_util.c -- fixture helpers of the Battle of the Scheldt suites
 * (see test_bs_util.h).
 */
#include "test_bs_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

cJSON *bst_doc(void)
{
	FILE *f = fopen(WG_TEST_DATA "/fm-scheldt-mini.json", "rb");
	char *buf;
	long n;
	cJSON *doc;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	doc = cJSON_Parse(buf);
	free(buf);
	assert_non_null(doc);
	return doc;
}

void bst_open_doc(struct fmt *t, cJSON *doc, const char *opts)
{
	fmt_open_doc(t, doc, opts, 1);
	assert_int_equal(t->g->phase, FM_PH_SETUP);
	assert_int_equal(fmt_do(t, ALLIED, "place 4/2 3320"), 0);
	assert_int_equal(fmt_do(t, ALLIED, "end"), 0);
	assert_int_equal(t->g->turn, 1);
}

void bst_open(struct fmt *t, const char *opts)
{
	bst_open_doc(t, bst_doc(), opts);
}

void bst_at(struct fmt *t, int turn, int side, int phase)
{
	t->g->turn = turn;
	fmt_phase(t, side, phase);
	fmt_hand(t, ALLIED, "");
	fmt_hand(t, GERMAN, "");
	bst_state(t)->rebuilds = 0;
	fmt_events_clear(t);
}

void bst_doc_terrain(cJSON *doc, const char *hex, const char *terrain)
{
	fmt_doc_hex(doc, hex, terrain);
}

struct scheldt_state *bst_state(struct fmt *t)
{
	return (struct scheldt_state *)(void *)t->g->ex;
}

void bst_put(struct fmt *t, const char *unit, const char *hex, int step)
{
	fmt_put(t, unit, hex);
	t->g->u[fmt_unit(t, unit)].step = (uint8_t)step;
}

int bst_msg_has(struct fmt *t, const char *needle)
{
	return strstr(t->err.message, needle) != NULL;
}

const struct fm_range *bst_range_of(const struct fm_scenario *sc, int side, int marker)
{
	for (int k = 0; k < sc->nranges; k++)
		if (marker < 0 ? sc->ranges[k].all : sc->ranges[k].sel[side][marker])
			return &sc->ranges[k];
	return NULL;
}

int bst_situation_line(const struct fm_scenario *sc, int situation)
{
	for (int k = 0; k < sc->nsituations; k++)
		if (sc->situations[k].nwhen == 1 && sc->situations[k].when[0] == situation)
			return sc->situations[k].line;
	return -1;
}
