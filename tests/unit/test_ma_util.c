/*
 * test_ma_util.c -- see test_ma_util.h.
 */
#include "test_ma_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

cJSON *mat_doc(void)
{
	return fmt_file_doc(WG_DATA_DIR "/meuse-argonne.json");
}

void mat_open(struct fmt *t, const char *opts)
{
	fmt_open_doc(t, mat_doc(), opts, 1);
}

void mat_board(struct fmt *t, int turn, int side, int phase)
{
	fmt_clear(t);
	fmt_hand(t, ALLIED, "");
	fmt_hand(t, GERMAN, "");
	t->g->turn = turn;
	fmt_phase(t, side, phase);
	{ /* no battle: nor its per-battle marks */
		struct ma_state *st = ma__state(t->g);
		st->lb_now = st->lb_asked = st->ce_def = 0;
	}
	fmt_events_clear(t);
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
