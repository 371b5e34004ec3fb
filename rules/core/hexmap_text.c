/*
 * hexmap_text.c -- the hex map as text: the glyph of each terrain and
 * hexside type for text maps (textmap.h draws them) and the description of
 * one hex and its hexsides.  See hexmap.h.
 */
#include "hexmap.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* 1 if word (lower case) is one of the words of s (runs of letters, any case). */
static int has_word(const char *s, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = s; *p;) {
		size_t k = 0;
		while (p[k] && isalpha((unsigned char)p[k]))
			k++;
		if (k == n) {
			size_t i = 0;
			while (i < n && tolower((unsigned char)p[i]) == word[i])
				i++;
			if (i == n)
				return 1;
		}
		p += k;
		while (*p && !isalpha((unsigned char)*p))
			p++;
	}
	return 0;
}

/* 1 if the id, the name or a flag of t has one of the words (a NULL-terminated list). */
static int type_says(const struct rules_terrain *t, const char *const *words)
{
	for (; *words != NULL; words++) {
		if (has_word(t->id, *words) || has_word(t->name, *words))
			return 1;
		for (int f = 0; f < t->nflags; f++)
			if (has_word(t->flags[f], *words))
				return 1;
	}
	return 0;
}

static const char *const water_words[] = {"sea", "ocean", "lake", "water", NULL};

void rules_hexmap_letters(const struct rules_hexmap *m, char *letters)
{
	char used[128] = {0};

	used['.'] = used['~'] = 1;
	for (int t = 0; t < m->nterrain; t++) {
		letters[t] = '?';
		if (t == m->default_terrain) {
			letters[t] = '.';
			continue;
		}
		if (type_says(&m->terrain[t], water_words)) {
			letters[t] = '~';
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

/* The kinds of hexside a text map tells apart, the most telling first. */
static const struct {
	char glyph;
	const char *words[7];
} side_kinds[] = {
    {'X', {"barred", "blocked", "impassable", "wall", "cliff", NULL}},
    {'~', {"sea", "ocean", "lake", NULL}},
    {':', {"river", "stream", "creek", "brook", NULL}},
    {'=', {"canal", "ditch", NULL}},
    {'#', {"causeway", "dike", "dyke", "dam", "bridge", NULL}},
    {'*', {"minefield", "mines", NULL}},
};

void rules_hexmap_side_glyphs(const struct rules_hexmap *m, char *glyphs)
{
	static const char spare[] = "%&$@^;'";
	size_t next = 0;

	for (int t = 0; t < m->nsidetypes; t++) {
		glyphs[t] = '\0';
		for (size_t k = 0; k < sizeof(side_kinds) / sizeof(side_kinds[0]); k++)
			if (type_says(&m->sidetypes[t], side_kinds[k].words)) {
				glyphs[t] = side_kinds[k].glyph;
				break;
			}
		if (glyphs[t] == '\0')
			glyphs[t] = next < sizeof(spare) - 1 ? spare[next++] : '?';
	}
}

char rules_hexmap_side_glyph(const struct rules_hexmap *m, const char *glyphs, int s, int *type)
{
	int best = -1;

	if (s >= 0)
		for (int t = 0; t < m->nsidetypes; t++)
			if ((m->side_feat[s] & (1u << t)) &&
			    (best < 0 ||
			     (m->sidetypes[t].prohibited && !m->sidetypes[best].prohibited)))
				best = t;
	if (type != NULL)
		*type = best;
	return best >= 0 ? glyphs[best] : '\0';
}

void rules_hexmap_view_init(struct rules_hexmap_view *v, const struct rules_hexmap *m, int w)
{
	memset(v, 0, sizeof(*v));
	v->m = m;
	v->width = w;
	rules_hexmap_letters(m, v->letters);
	rules_hexmap_side_glyphs(m, v->glyphs);
}

/* The terrain type whose glyph hex shows: its first type other than the default. */
static int shown_type(const struct rules_hexmap *m, int hex)
{
	for (int t = 0; t < m->nterrain; t++)
		if ((m->hex_terrain[hex] & (1u << t)) && t != m->default_terrain)
			return t;
	return m->default_terrain;
}

static void view_cell(void *ctx, int hex, char text[3][RULES_TEXTMAP_LINE])
{
	struct rules_hexmap_view *v = ctx;
	int t = shown_type(v->m, hex), w = v->width;
	char id[RULES_HEX_ID_MAX];
	size_t n = strlen(rules_hex_format(&v->m->grid, hex, id));

	if (t >= 0)
		v->terrain_seen |= 1u << t;
	if (n + 2 > (size_t)w) /* too narrow for the glyph: the id only */
		n = (size_t)w - 2;
	memset(text[0], ' ', (size_t)w);
	memcpy(text[0], id, n);
	text[0][n + 1] = t >= 0 ? v->letters[t] : '.';
	if (rules_hexmap_hex_closed(v->m, hex, 0)) { /* nobody enters: filled */
		memset(text[0] + n + 1, text[0][n + 1], (size_t)w - n - 1);
		memset(text[1], text[0][n + 1], (size_t)w + 2);
		memset(text[2], text[0][n + 1], (size_t)w + 2);
		return;
	}
	if (v->cell != NULL)
		v->cell(v->ctx, hex, text);
}

static char view_side(void *ctx, int hex, int dir, char *mark)
{
	struct rules_hexmap_view *v = ctx;
	int s = rules_hex_side(&v->m->grid, hex, dir), type;
	char glyph;

	*mark = '\0';
	if (s < 0)
		return '\0';
	glyph = rules_hexmap_side_glyph(v->m, v->glyphs, s, &type);
	if (type >= 0)
		v->sides_seen |= 1u << type;
	if (v->roads && (v->m->side_flags[s] & (RULES_HF_ROAD | RULES_HF_TRAIL))) {
		*mark = '+';
		v->roads_seen = 1;
	}
	return glyph;
}

int rules_hexmap_draw(struct rules_hexmap_view *v, void (*line)(void *lctx, const char *text),
                      void *lctx)
{
	struct rules_textmap t = {
	    .grid = &v->m->grid,
	    .c1 = v->c1,
	    .c2 = v->c2,
	    .r1 = v->r1,
	    .r2 = v->r2,
	    .width = v->width,
	    .cell = view_cell,
	    .side = view_side,
	    .ctx = v,
	};

	return rules_textmap_draw(&t, line, lctx);
}

void rules_hexmap_legend(const struct rules_hexmap_view *v, struct rules_legend *lg)
{
	const struct rules_hexmap *m = v->m;

	for (int t = 0; t < m->nterrain; t++)
		if (v->terrain_seen & (1u << t))
			rules_legend_add(lg, "terrain:", "%c %s", v->letters[t],
			                 m->terrain[t].name);
	for (int t = 0; t < m->nsidetypes; t++)
		if (v->sides_seen & (1u << t))
			rules_legend_add(lg, "hexsides:", "%c %s", v->glyphs[t],
			                 m->sidetypes[t].name);
	if (v->roads_seen)
		rules_legend_add(lg, "hexsides:", "+ road");
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
