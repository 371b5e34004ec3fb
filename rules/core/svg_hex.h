/*
 * svg_hex.h -- hex maps in SVG, on top of svg.h: the world coordinates of
 * a struct rules_hex_grid and the layers of a struct rules_hexmap that
 * every hex-map game draws the same way (terrain, hexsides, roads and
 * trails, hex numbers, named places, a legend).  A ruleset adds its own
 * layers (counters, markers, highlights) with the primitives of svg.h at
 * the hex centres given here.
 *
 * World units: the hex radius (centre to corner) is 1.  Hexes are flat
 * topped in columns (hex.h); the first column's hexes have x = 1, each
 * column is 1.5 to the right of the one before, rows are sqrt(3) apart and
 * shifted columns sit sqrt(3)/2 lower.  The map covers [0, w] x [0, h]
 * (rules_svg_hex_extent).  Corner k (0..5) is at 60k degrees clockwise from
 * east; the hexside in direction d (hex.h: 0 north, clockwise) joins
 * corners (4 + d) % 6 and (5 + d) % 6.
 *
 * Element ids and classes (stable: tests and style sheets use them):
 *   <use id="h<hex>" class="hex t-<terrain>">   one per hex, group "terrain"
 *   <line id="s<hex>-<hex>" class="side s-<type>">  a hexside feature, "hexsides"
 *   <line class="bridge">                        a bridged hexside
 *   <path class="road"> / <path class="trail">   group "roads"
 *   <text class="hn">                            hex numbers, group "numbers"
 *   <text class="pn">                            named places, group "names"
 * where <terrain> and <type> are the data ids made XML names (rules_svg_name).
 *
 * Colours are chosen from the words of a type's id and name (sea, river,
 * flooded, city, woods, canal, causeway, barred, ...), the same for every
 * map; types no word matches get colours of a fixed palette in order.
 */
#ifndef RULES_SVG_HEX_H
#define RULES_SVG_HEX_H

#include "hex.h"
#include "hexmap.h"
#include "svg.h"

#define RULES_SVG_SQRT3 1.7320508075688772

/* World centre of hex. */
void rules_svg_hex_center(const struct rules_hex_grid *g, int hex, double *x, double *y);
/* World position of corner k (0..5) of hex. */
void rules_svg_hex_corner(const struct rules_hex_grid *g, int hex, int k, double *x, double *y);
/* The two ends of the hexside of hex in direction d: xy[0..3]. */
void rules_svg_hex_side(const struct rules_hex_grid *g, int hex, int d, double *xy);
/* World width and height of the whole grid. */
void rules_svg_hex_extent(const struct rules_hex_grid *g, double *w, double *h);

/* The hex shape (inside <defs>): <path id="hx"> centred on the origin, radius 1 in world. */
void rules_svg_hex_defs(struct rules_svg *s);
/* One hex of the shape at hex's place (<use href="#hx">) with id and cls (may be NULL). */
void rules_svg_hex_use(struct rules_svg *s, const struct rules_hex_grid *g, int hex, const char *id,
                       const char *cls);

/* The fill of terrain type t and the stroke colour and width (user units) of hexside type t. */
const char *rules_svg_terrain_fill(const struct rules_hexmap *m, int t);
void rules_svg_side_stroke(const struct rules_hexmap *m, int t, const char **colour, double *width,
                           int *dashed);

/* The style rules of the map's classes (inside rules_svg_style_begin/end). */
void rules_svg_hexmap_css(struct rules_svg *s, const struct rules_hexmap *m);
/* The map's layers, each one group: terrain, hexsides, roads, numbers, names. */
void rules_svg_hexmap_terrain(struct rules_svg *s, const struct rules_hexmap *m);
void rules_svg_hexmap_sides(struct rules_svg *s, const struct rules_hexmap *m);
void rules_svg_hexmap_roads(struct rules_svg *s, const struct rules_hexmap *m);
void rules_svg_hexmap_numbers(struct rules_svg *s, const struct rules_hexmap *m);
void rules_svg_hexmap_names(struct rules_svg *s, const struct rules_hexmap *m);
/* A legend of the terrain and hexside types and of roads and trails the map has, from world
 * point (x, y) down (group "legend-map"); returns the world height it took. */
double rules_svg_hexmap_legend(struct rules_svg *s, const struct rules_hexmap *m, double x,
                               double y);

#endif
