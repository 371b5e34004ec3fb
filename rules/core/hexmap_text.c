/*
 * hexmap_text.c -- the hex map as text: terrain letters, the ASCII map of
 * an area with an engine's cell text (occupants), and the description of one
 * hex and its hexsides.  See hexmap.h.
 */
#include "hexmap.h"

#include <stdio.h>
#include <string.h>

void rules_hexmap_letters(const struct rules_hexmap *m, char *letters)
{
	char used[128] = {0};

	used['.'] = 1;
	for (int t = 0; t < m->nterrain; t++) {
		letters[t] = '?';
		if (t == m->default_terrain) {
			letters[t] = '.';
			continue;
		}
		for (const char *p = m->terrain[t].name; *p; p++) {
			char up = *p >= 'a' && *p <= 'z' ? (char)(*p - 32) : *p;
			char lo = up >= 'A' && up <= 'Z' ? (char)(up + 32) : up;
			if (up < 'A' || up > 'Z')
				continue;
			if (!used[(int)up]) {
				letters[t] = up;
				break;
			}
			if (!used[(int)lo]) {
				letters[t] = lo;
				break;
			}
		}
		used[(int)(unsigned char)letters[t] & 127] = 1;
	}
}

char rules_hexmap_letter(const struct rules_hexmap *m, const char *letters, int hex)
{
	for (int t = 0; t < m->nterrain; t++)
		if ((m->hex_terrain[hex] & (1u << t)) && t != m->default_terrain)
			return letters[t];
	return '.';
}

void rules_hexmap_text(const struct rules_hexmap *m, int c1, int c2, int r1, int r2,
                       void (*cell)(void *ctx, int hex, char *buf, size_t n),
                       void (*line)(void *ctx, const char *text), void *ctx)
{
	const struct rules_hex_grid *grid = &m->grid;
	char text[1024], buf[RULES_HEX_ID_MAX], letters[RULES_MAP_TERRAIN];
	size_t len;

	if (c2 - c1 + 1 > 40)
		c2 = c1 + 39; /* keep lines readable */
	rules_hexmap_letters(m, letters);
	line(ctx, "hex ids, then terrain and occupant (side initial:unit); shifted columns "
	          "sit half a hex lower");
	len = (size_t)snprintf(text, sizeof(text), "terrain:");
	for (int t = 0; t < m->nterrain && len < sizeof(text); t++)
		len += (size_t)snprintf(text + len, sizeof(text) - len, " %c %s%s", letters[t],
		                        m->terrain[t].name, t + 1 < m->nterrain ? "," : "");
	line(ctx, text);
	for (int v = 2 * r1; v <= 2 * r2 + 1; v++) {
		len = 0;
		text[0] = '\0';
		for (int c = c1; c <= c2 && len < sizeof(text) - 12; c++) {
			int s = rules_hex_col_shifted(grid, c), row = (v - s) / 2,
			    top = (v - s) % 2 == 0;
			int h = (v - s) >= 0 ? rules_hex_index(grid, c, row) : -1;
			if (h < 0 || row < r1 || row > r2) {
				len +=
				    (size_t)snprintf(text + len, sizeof(text) - len, "%-10s", "");
				continue;
			}
			if (top) {
				len += (size_t)snprintf(text + len, sizeof(text) - len, "%-10s",
				                        rules_hex_format(grid, h, buf));
			} else {
				char u[12] = "";
				if (cell != NULL)
					cell(ctx, h, u, sizeof(u));
				len += (size_t)snprintf(text + len, sizeof(text) - len, "%c %-8s",
				                        rules_hexmap_letter(m, letters, h), u);
			}
		}
		while (len > 0 && text[len - 1] == ' ')
			text[--len] = '\0';
		line(ctx, text);
	}
}

void rules_hexmap_describe(const struct rules_hexmap *m, int hex, char *terrain, size_t n,
                           void (*side)(void *ctx, int neighbour, int slot, const char *text),
                           void *ctx)
{
	size_t len = 0;
	char txt[300];

	terrain[0] = '\0';
	for (int t = 0; t < m->nterrain; t++)
		if (m->hex_terrain[hex] & (1u << t))
			len += (size_t)snprintf(terrain + len, n > len ? n - len : 0, "%s%s",
			                        len ? ", " : "", m->terrain[t].name);
	for (int d = 0; side != NULL && d < RULES_HEX_DIRS; d++) {
		int nb = rules_hex_neighbour(&m->grid, hex, d), s;
		if (nb < 0)
			continue;
		s = rules_hex_side_between(&m->grid, hex, nb);
		if (!m->side_feat[s] && !m->side_flags[s])
			continue;
		len = 0;
		txt[0] = '\0';
		for (int t = 0; t < m->nsidetypes; t++)
			if (m->side_feat[s] & (1u << t))
				len += (size_t)snprintf(txt + len, sizeof(txt) - len, "%s%s",
				                        len ? ", " : "", m->sidetypes[t].name);
		if (m->side_flags[s] & RULES_HF_ROAD)
			len += (size_t)snprintf(txt + len, sizeof(txt) - len, "%sroad",
			                        len ? ", " : "");
		if (m->side_flags[s] & RULES_HF_TRAIL)
			len += (size_t)snprintf(txt + len, sizeof(txt) - len, "%strail",
			                        len ? ", " : "");
		if (m->side_flags[s] & RULES_HF_BRIDGE)
			len += (size_t)snprintf(txt + len, sizeof(txt) - len, "%sbridge",
			                        len ? ", " : "");
		side(ctx, nb, s, txt);
	}
}
