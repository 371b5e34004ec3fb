/*
 * test_ma_util.c -- fixture helpers of the Meuse Argonne rule suites (see
 * test_ma_util.h).
 */
#include "test_ma_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ma_open(struct fmt *t, const char *opts)
{
	fmt_open_doc(t, fmt_file_doc(WG_DATA_DIR "/meuse-argonne.json"), opts, 1);
}

void ma_at(struct fmt *t, int turn, int side, int phase)
{
	fmt_clear(t);
	for (int i = 0; i < t->g->nunits; i++)
		if (t->g->u[i].where == FM_W_UNPLACED)
			t->g->u[i].where = FM_W_REMOVED;
	struct ma_state *st = ma__state(t->g);

	memset(st->broken, 0, sizeof(st->broken));
	memset(st->repl_turn, 0, sizeof(st->repl_turn));
	memset(st->repl_in_turn, 0, sizeof(st->repl_in_turn));
	memset(st->repl_total, 0, sizeof(st->repl_total));
	st->lb_now = st->lb_asked = st->ce_def = 0;
	t->g->turn = turn;
	fmt_phase(t, side, phase);
	fmt_hand(t, ALLIED, "");
	fmt_hand(t, GERMAN, "");
	fmt_events_clear(t);
}

void ma_put(struct fmt *t, const char *unit, const char *hex, int step)
{
	fmt_put(t, unit, hex);
	t->g->u[fmt_unit(t, unit)].step = (uint8_t)step;
}

void ma_dead(struct fmt *t, const char *unit)
{
	int u = fmt_unit(t, unit);
	t->g->u[u].where = FM_W_ELIMINATED;
	t->g->u[u].hex = -1;
}

void ma_ok(struct fmt *t, int side, const char *line)
{
	if (fmt_do(t, side, line) != 0)
		fail_msg("%s: refused: %s (%s)", line, t->err.message, t->err.rule);
}

void ma_no(struct fmt *t, int side, const char *line, int code, const char *rule)
{
	struct fm_game *before = malloc(sizeof(*before));

	assert_non_null(before);
	memcpy(before, t->g, sizeof(*before));
	if (fmt_do(t, side, line) == 0)
		fail_msg("%s: accepted, expected %s", line, rule);
	fmt_refused(t, code, rule);
	assert_int_equal(memcmp(before, t->g, sizeof(*before)), 0);
	free(before);
}

int ma_where(struct fmt *t, const char *unit)
{
	return t->g->u[fmt_unit(t, unit)].where;
}

int ma_count(struct fmt *t, const char *hex)
{
	return fm__occupants(t->g, fmt_hex(t, hex));
}

int ma_offered(struct fmt *t, int side, const char *prefix, const char *choice)
{
	const cJSON *grp;

	assert_int_equal(fmt_query(t, side, "options"), 0);
	cJSON_ArrayForEach(grp, cJSON_GetObjectItemCaseSensitive(t->reply, "groups"))
	{
		const cJSON *p = cJSON_GetObjectItemCaseSensitive(grp, "prefix"), *c;
		if (!cJSON_IsString(p) || strncmp(p->valuestring, prefix, strlen(prefix)) != 0)
			continue;
		if (choice == NULL)
			return 1;
		cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(
		                          grp, "choices")) if (cJSON_IsString(c) &&
		                                               strcmp(c->valuestring, choice) ==
		                                                   0) return 1;
	}
	return 0;
}

static int side_plain(struct fmt *t, int a, int b)
{
	const struct fm_scenario *sc = t->g->sc;
	int s = rules_hex_side_between(&sc->map.grid, a, b);

	return s >= 0 && sc->map.side_feat[s] == 0 && sc->map.side_flags[s] == 0;
}

int mat_neighbour(struct fmt *t, int hex, uint32_t avoid, int except)
{
	const struct ma_data *d = t->g->sc->ex_data;

	for (int h = 0; h < d->count; h++)
		if (h != except && fm__adjacent(t->g, hex, h) && !(d->hexf[h] & avoid) &&
		    !fm__hex_prohibited(t->g, h, -1) && side_plain(t, hex, h))
			return h;
	return -1;
}

int mat_clear_neighbour(struct fmt *t, int hex, int except)
{
	return mat_neighbour(t, hex, 0x0000007fu, except); /* every terrain flag */
}

int mat_find(struct fmt *t, uint32_t want, uint32_t avoid, int n)
{
	const struct ma_data *d = t->g->sc->ex_data;

	for (int h = 0; h < d->count; h++)
		if ((d->hexf[h] & want) == want && !(d->hexf[h] & avoid) &&
		    mat_clear_neighbour(t, h, -1) >= 0 && n-- == 0)
			return h;
	fail_msg("no hex with flags %#x and none of %#x on the Meuse map", want, avoid);
	return -1;
}

const char *mat_id(struct fmt *t, int hex)
{
	static char buf[4][RULES_HEX_ID_MAX];
	static int k;

	k = (k + 1) % 4;
	return fm__hex_id(t->g, hex, buf[k]);
}

void mat_put(struct fmt *t, const char *unit, int hex)
{
	fmt_put(t, unit, mat_id(t, hex));
}

int mat_line_was(struct fmt *t, const char *line)
{
	char needle[64];

	snprintf(needle, sizeof(needle), "\"line\":\"%s\"", line);
	return fmt_events_mention(t, RULES_AUD_PUBLIC, needle) > 0;
}
