/*
 * hexmap.h -- the hex terrain map shared by every hex-map game (F&M, the
 * Scheldt Campaign): terrain types and hexside types with their movement
 * costs and prohibitions, terrain and features per hex and hexside, roads
 * and trails, named places, zones and map edges; its loader from a scenario
 * document (docs/data-format.md, "terrain", "hexside_types" and "map"), and
 * the queries every engine asks of it.
 *
 * What the map knows is what every system's terrain effects chart has in
 * common.  What a system adds to a type (F&M's CRT line, fortification and
 * minefield; the Campaign's combat modifiers) is read by the engine through
 * struct rules_hexmap_ext: extra member names and a callback per type, so
 * the map never includes an engine and an engine never copies the map.
 *
 * Invariants (once loaded):
 *   - every per-hex array has grid.count entries, every per-hexside array
 *     rules_hex_side_count(&grid) entries (hex.h indexes);
 *   - hex_terrain[h] has at least one bit; bit t means terrain[t];
 *     side_feat[s] bit t means sidetypes[t];
 *   - a road or trail flag on a hexside implies the flag on both its hexes;
 *   - zone z lists exactly the hexes whose hex_zones bit z is set;
 *   - edges' friendly side is 0, 1 or -1 (nobody's).
 *
 * MP are in half points everywhere ("_half"): a road hex costs road_half
 * (1 = 1/2 MP), a trail hex trail_half (2 = 1 MP) unless the engine sets
 * other rates before it asks for costs.
 *
 * Memory: the arrays are owned by the map (rules_hexmap_release frees them;
 * a zeroed map is empty and may be released).  Pure: no I/O, no globals.
 */
#ifndef RULES_HEXMAP_H
#define RULES_HEXMAP_H

#include <stdint.h>

#include "hex.h"
#include "sdoc.h"
#include "textmap.h"

#define RULES_MAP_ID      24   /* ids of types, zones, flags */
#define RULES_MAP_TERRAIN 32   /* types of each kind (one bit each) */
#define RULES_MAP_FLAGS   4    /* flags per type */
#define RULES_MAP_ZONES   64   /* zones (one bit each) */
#define RULES_MAP_EDGES   8    /* named map edges */
#define RULES_MAP_HEXES   8192 /* hexes of a map at most */

/* hex_flags and side_flags bits; engines may use bits from RULES_HF_ENGINE up */
#define RULES_HF_ROAD   0x01u
#define RULES_HF_TRAIL  0x02u
#define RULES_HF_BRIDGE 0x04u /* hexsides: a bridge */
#define RULES_HF_ENGINE 0x10u

/* A hex terrain type or a hexside type (is_side). */
struct rules_terrain {
	char id[RULES_MAP_ID];
	char name[48];
	int is_side;
	int mp_half;           /* base cost in half MP, -1 if the type gives none */
	int mp_all;            /* entering costs all the unit's MP */
	int add_half;          /* "+N" added to the other costs */
	int prohibited;        /* no unit may enter / cross */
	int mobile_prohibited; /* no mobile unit may enter / cross */
	int no_road;           /* roads here give no road rate */
	int add_on_road;       /* hexside: add_half is paid on a road or trail move too */
	int nflags;
	char flags[RULES_MAP_FLAGS][RULES_MAP_ID]; /* names for exclusive rules */
};

struct rules_hexlist {
	int n;
	int16_t *h; /* malloc'd; owned by whatever holds the list */
};

struct rules_zone {
	char id[RULES_MAP_ID];
	char name[48];
	struct rules_hexlist hexes;
};

struct rules_edge {
	char name[16];
	int friendly; /* side, or -1 */
	struct rules_hexlist hexes;
};

struct rules_hexmap {
	struct rules_hex_grid grid;
	char side_names[RULES_SIDES][RULES_MAP_ID]; /* set before loading (edges' friendly_to) */
	int road_half, trail_half;                  /* MP rates; rules_hexmap_init sets 1 and 2 */
	int default_terrain;
	int nterrain;
	struct rules_terrain terrain[RULES_MAP_TERRAIN];
	int nsidetypes;
	struct rules_terrain sidetypes[RULES_MAP_TERRAIN];
	uint32_t *hex_terrain; /* per hex: bit t = terrain[t] */
	uint8_t *hex_flags;    /* per hex: RULES_HF_* */
	uint64_t *hex_zones;   /* per hex: bit z = zones[z] */
	char (*hex_name)[32];  /* per hex: a named place, or "" */
	uint32_t *side_feat;   /* per hexside: bit t = sidetypes[t] */
	uint8_t *side_flags;   /* per hexside: RULES_HF_* */
	int nzones;
	struct rules_zone zones[RULES_MAP_ZONES];
	int nedges;
	struct rules_edge edges[RULES_MAP_EDGES];
};

/*
 * What an engine adds to the map's members: extra member names allowed in
 * hex terrain types, in hexside types and in the "map" object, and a
 * callback reading the engine's members of type index t (is_side) from obj
 * (the reader's path is at the type).  Any member may be NULL.
 */
struct rules_hexmap_ext {
	const char *const *terrain_keys;
	const char *const *side_keys;
	const char *const *map_keys;
	int (*type)(struct sdoc *d, const cJSON *obj, int is_side, int t, void *ctx);
	void *ctx;
};

/* An empty map with the side names (for edges) and the default MP rates. */
void rules_hexmap_init(struct rules_hexmap *m, const char *side0, const char *side1);
/* Frees the per-hex arrays and the lists; m is empty afterwards. */
void rules_hexmap_release(struct rules_hexmap *m);

/* Reads the document's "terrain" (1..RULES_MAP_TERRAIN types) and "hexside_types" (0..)
 * arrays into m.  Returns 0 or a negative code (the reader has the findings). */
int rules_hexmap_load_types(struct sdoc *d, const cJSON *doc, struct rules_hexmap *m,
                            const struct rules_hexmap_ext *ext);
/* Reads the document's "map" object (grid, default terrain, zones, hexes, hexsides,
 * roads, trails, edges) into m; the types must be loaded.  Extra map members are
 * allowed by ext->map_keys and left to the engine. */
int rules_hexmap_load(struct sdoc *d, const cJSON *doc, struct rules_hexmap *m,
                      const struct rules_hexmap_ext *ext);

/* Document helpers on the map's grid, for the engines' own members. */
/* A hex id string at the current path: 0 with *out, SDOC_SKIP (lint: reported) or <0. */
int rules_hexmap_read_hex(struct sdoc *d, const struct rules_hexmap *m, const cJSON *it, int *out);
/* An array member of hex ids appended (without duplicates) to list. */
int rules_hexmap_read_hexes(struct sdoc *d, const struct rules_hexmap *m, const cJSON *obj,
                            const char *key, struct rules_hexlist *list, int required);
/* Appends h to list unless it is there; 0 or WG_E_NO_MEMORY. */
int rules_hexlist_add(struct rules_hexlist *list, int h);
/* 1 if list holds h. */
int rules_hexlist_has(const struct rules_hexlist *list, int h);

/* Index of the type / zone with that id, or -1. */
int rules_hexmap_terrain(const struct rules_hexmap *m, const char *id);
int rules_hexmap_sidetype(const struct rules_hexmap *m, const char *id);
int rules_hexmap_zone(const struct rules_hexmap *m, const char *id);
/* The side of that name (case-insensitive), or -1. */
int rules_hexmap_side(const struct rules_hexmap *m, const char *name);
/* 1 if type t carries flag (its id counts as a flag). */
int rules_terrain_has(const struct rules_terrain *t, const char *flag);

/* 1 + the index of the first terrain type of hex that is prohibited (to mobile units
 * too when mobile), or 0 when none is. */
int rules_hexmap_hex_closed(const struct rules_hexmap *m, int hex, int mobile);
/* The same for the hexside between adjacent a and b (1 when they are not adjacent). */
int rules_hexmap_side_closed(const struct rules_hexmap *m, int a, int b, int mobile);
/*
 * The cost in half MP to enter b from adjacent a (a < 0: entry from off the
 * map): a road (trail) along the hexside into a road (trail) hex costs
 * road_half (trail_half), plus the "+N" of the hexside's features that are
 * add_on_road (the Scheldt causeway), unless a hex type is no_road; otherwise the highest
 * base cost of b's types (the default terrain's when none gives one, 2
 * when that has none) plus every "+N" of b's types and of the hexside's
 * features.  -2 when a type of b costs all MP.  Prohibitions are not checked.
 */
int rules_hexmap_step_cost(const struct rules_hexmap *m, int a, int b);
/* The same with the terrain of a and b given (terrain_a, terrain_b: type bits), for a game
 * whose terrain changes in play (the Campaign's Walcheren dikes, 13.3.3). */
int rules_hexmap_step_cost_as(const struct rules_hexmap *m, int a, int b, uint32_t terrain_a,
                              uint32_t terrain_b);
/* Distance from hex to side's nearest friendly edge hex, or -1 if side has none. */
int rules_hexmap_edge_distance(const struct rules_hexmap *m, int hex, int side);

/*
 * Text maps (hexmap_text.c; the drawing itself is textmap.h): one glyph per
 * terrain type and per hexside type, chosen from what its id, name and flags
 * say, so a new map needs no data for them.
 */
/* One glyph per terrain type: '.' for the default terrain, '~' for water (a type whose id,
 * name or a flag has the word sea, ocean, lake or water), else the first free letter of its
 * name (upper case first).  letters has RULES_MAP_TERRAIN entries. */
void rules_hexmap_letters(const struct rules_hexmap *m, char *letters);
/* The glyph of hex: its first type other than the default's, else '.'. */
char rules_hexmap_letter(const struct rules_hexmap *m, const char *letters, int hex);
/*
 * One glyph per hexside type, by the words of its id, name and flags: 'X' barred,
 * blocked, impassable, wall or cliff; '~' sea, ocean or lake; ':' river, stream or creek; '='
 * canal or ditch; '#' causeway, dike, dam or bridge; '*' minefield or mines; else the
 * first free of "%&$@^;'".  Types of one kind share its glyph.  glyphs has
 * RULES_MAP_TERRAIN entries.
 */
void rules_hexmap_side_glyphs(const struct rules_hexmap *m, char *glyphs);
/* The glyph of hexside s (a rules_hex_side index; -1 is none): that of its prohibited
 * feature if it has one, else of its first feature; '\0' without a feature.  *type (may
 * be NULL) receives the feature's type index, or -1. */
char rules_hexmap_side_glyph(const struct rules_hexmap *m, const char *glyphs, int s, int *type);

/*
 * A window of the map drawn as hex cells (textmap.h) with what the map knows:
 * each cell's text[0] starts with the hex id and its terrain glyph ("3118 C"),
 * a hex no unit may enter is filled with its glyph, hexsides show their
 * features' glyphs and, with roads, a '+' where a road or trail crosses.  The
 * engine adds the rest through cell (occupants in text[1] and text[2], marks
 * at the end of text[0]); it is not called for filled hexes.
 *
 * rules_hexmap_view_init fills the glyphs and clears what was seen; each
 * rules_hexmap_draw adds what it drew to the *_seen members, which
 * rules_hexmap_legend turns into the terrain and hexside entries of a legend.
 * The struct is plain data (a copy can draw without touching the original).
 */
struct rules_hexmap_view {
	const struct rules_hexmap *m;
	int c1, c2, r1, r2; /* the window (textmap.h) */
	int width;          /* cell width: at least the id, a space, the glyph */
	int roads;          /* mark the hexsides roads and trails cross */
	void (*cell)(void *ctx, int hex, char text[3][RULES_TEXTMAP_LINE]);
	void *ctx;
	char letters[RULES_MAP_TERRAIN], glyphs[RULES_MAP_TERRAIN];
	uint32_t terrain_seen, sides_seen; /* bit per type drawn */
	int roads_seen;
};

/* v for map m with cells of width w: glyphs chosen, nothing seen, no window, no cell. */
void rules_hexmap_view_init(struct rules_hexmap_view *v, const struct rules_hexmap *m, int w);
/* Draws v's window: line(lctx, text) per line (rules_textmap_draw); 0 or -1. */
int rules_hexmap_draw(struct rules_hexmap_view *v, void (*line)(void *lctx, const char *text),
                      void *lctx);
/* Adds "terrain:" and "hexsides:" entries for what v's draws showed. */
void rules_hexmap_legend(const struct rules_hexmap_view *v, struct rules_legend *lg);

/* The terrain of hex as text ("Woods, Town"), and its hexsides' features toward each
 * neighbour: side(ctx, neighbour, hexside slot, text) for every hexside with a feature or
 * a flag ("River, road"). */
void rules_hexmap_describe(const struct rules_hexmap *m, int hex, char *terrain, size_t n,
                           void (*side)(void *ctx, int neighbour, int slot, const char *text),
                           void *ctx);

#endif
