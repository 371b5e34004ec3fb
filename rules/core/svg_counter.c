/*
 * svg_counter.c -- unit counters and NATO unit symbols in SVG.  See svg.h.
 *
 * A counter is one <g> translated to its centre; its parts are drawn in
 * user units around that centre (short numbers, the same for every
 * counter of a size):
 *
 *   +-------------+   designation (class cid)
 *   |    9/3      |   echelon (cech) just above the symbol frame
 *   |     X       |
 *   |  [ \/ ]     |   symbol frame, 3:2, with the symbol of the type (sym)
 *   |  [ /\ ]     |
 *   |   5-4-6     |   values (cval)
 *   +-------------+
 *
 * A depleted unit has a red band across the top (cdep) and class "reduced".
 * Symbols follow the NATO land unit icons (APP-6): infantry crossed,
 * armour an oval, mechanized both, artillery a dot, a self-propelled gun
 * the oval and the dot, engineer the bridge sign, reconnaissance one
 * diagonal, a headquarters the staff below the frame, airborne the crossed
 * frame with wings, amphibious (marines, commandos) with a wave.
 */
#include "svg.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const struct {
	const char *word;
	enum rules_svg_symbol sym;
} keywords[] = {
    /* order matters: the first keyword found in the type wins */
    {"headquarters", RULES_SVG_SYM_HQ},
    {"hq", RULES_SVG_SYM_HQ},
    {"mech", RULES_SVG_SYM_MECHANIZED},
    {"panzergren", RULES_SVG_SYM_MECHANIZED},
    {"armored inf", RULES_SVG_SYM_MECHANIZED},
    {"armoured inf", RULES_SVG_SYM_MECHANIZED},
    {"assault gun", RULES_SVG_SYM_SP_GUN},
    {"self-propelled", RULES_SVG_SYM_SP_GUN},
    {"sp ", RULES_SVG_SYM_SP_GUN},
    {"tank destroyer", RULES_SVG_SYM_SP_GUN},
    {"armo", RULES_SVG_SYM_ARMOUR},
    {"tank", RULES_SVG_SYM_ARMOUR},
    {"panzer", RULES_SVG_SYM_ARMOUR},
    {"artil", RULES_SVG_SYM_ARTILLERY},
    {"gun", RULES_SVG_SYM_ARTILLERY},
    {"engineer", RULES_SVG_SYM_ENGINEER},
    {"pioneer", RULES_SVG_SYM_ENGINEER},
    {"recon", RULES_SVG_SYM_RECON},
    {"cavalry", RULES_SVG_SYM_RECON},
    {"para", RULES_SVG_SYM_AIRBORNE},
    {"airborne", RULES_SVG_SYM_AIRBORNE},
    {"glider", RULES_SVG_SYM_AIRBORNE},
    {"fallschirm", RULES_SVG_SYM_AIRBORNE},
    {"marine", RULES_SVG_SYM_AMPHIBIOUS},
    {"commando", RULES_SVG_SYM_AMPHIBIOUS},
    {"amphib", RULES_SVG_SYM_AMPHIBIOUS},
    {"infantry", RULES_SVG_SYM_INFANTRY},
    {"rifle", RULES_SVG_SYM_INFANTRY},
    {"grenadier", RULES_SVG_SYM_INFANTRY},
};

static const char *const names[RULES_SVG_SYM_COUNT] = {
    [RULES_SVG_SYM_NONE] = "other",
    [RULES_SVG_SYM_INFANTRY] = "infantry",
    [RULES_SVG_SYM_ARMOUR] = "armour",
    [RULES_SVG_SYM_MECHANIZED] = "mechanized",
    [RULES_SVG_SYM_ARTILLERY] = "artillery",
    [RULES_SVG_SYM_SP_GUN] = "self-propelled gun",
    [RULES_SVG_SYM_ENGINEER] = "engineer",
    [RULES_SVG_SYM_RECON] = "recon / cavalry",
    [RULES_SVG_SYM_HQ] = "headquarters",
    [RULES_SVG_SYM_AIRBORNE] = "airborne",
    [RULES_SVG_SYM_AMPHIBIOUS] = "amphibious / commando",
};

enum rules_svg_symbol rules_svg_symbol_of(const char *type)
{
	char low[64];
	size_t k;

	if (type == NULL)
		return RULES_SVG_SYM_NONE;
	for (k = 0; type[k] && k + 2 < sizeof(low); k++)
		low[k] = (char)tolower((unsigned char)type[k]);
	low[k++] = ' '; /* "sp" at the end matches "sp " */
	low[k] = '\0';
	for (size_t i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
		if (strstr(low, keywords[i].word) != NULL)
			return keywords[i].sym;
	return RULES_SVG_SYM_NONE;
}

const char *rules_svg_symbol_name(enum rules_svg_symbol sym)
{
	return (int)sym >= 0 && (int)sym < RULES_SVG_SYM_COUNT ? names[sym] : names[0];
}

/* ---- local drawing (user units around the group's origin) ---- */

static void lrect(struct rules_svg *s, double x, double y, double w, double h, double rx,
                  const char *cls, const char *fill)
{
	rules_svg_open(s, "rect");
	rules_svg_attr(s, "class", cls);
	rules_svg_attr_num(s, "x", x);
	rules_svg_attr_num(s, "y", y);
	rules_svg_attr_num(s, "width", w);
	rules_svg_attr_num(s, "height", h);
	if (rx > 0)
		rules_svg_attr_num(s, "rx", rx);
	rules_svg_attr(s, "fill", fill);
	rules_svg_close(s);
}

static void ltext(struct rules_svg *s, double x, double y, const char *cls, const char *text)
{
	if (text == NULL || *text == '\0')
		return;
	rules_svg_open(s, "text");
	rules_svg_attr(s, "class", cls);
	rules_svg_attr_num(s, "x", x);
	rules_svg_attr_num(s, "y", y);
	rules_svg_text_close(s, text);
}

/* A path of words and numbers: the words are d's commands, NAN ends the list. */
static void lpath(struct rules_svg *s, const char *cls, const char *cmds, const double *v)
{
	rules_svg_open(s, "path");
	rules_svg_attr(s, "class", cls);
	rules_svg_value_begin(s, "d");
	for (const char *c = cmds; *c; c++) {
		char w[2] = {*c, 0};
		int n = 0;
		switch (*c) {
		case 'M':
		case 'L':
		case 'T':
		case 't':
			n = 2;
			break;
		case 'Q':
		case 'q':
			n = 4;
			break;
		case 'H':
		case 'V':
			n = 1;
			break;
		default:
			break;
		}
		rules_svg_value_word(s, w);
		for (int k = 0; k < n; k++)
			rules_svg_value_num(s, *v++);
	}
	rules_svg_value_end(s);
	rules_svg_close(s);
}

static void cross(struct rules_svg *s, double w, double h)
{
	const double v[] = {-w / 2, -h / 2, w / 2, h / 2, -w / 2, h / 2, w / 2, -h / 2};

	lpath(s, "sl", "MLML", v);
}

static void oval(struct rules_svg *s, double w, double h)
{
	lrect(s, -0.32 * w, -0.25 * h, 0.64 * w, 0.5 * h, 0.25 * h, "sl", NULL);
}

static void dot(struct rules_svg *s, double h)
{
	rules_svg_open(s, "circle");
	rules_svg_attr(s, "class", "sd");
	rules_svg_attr_num(s, "r", 0.14 * h);
	rules_svg_close(s);
}

/* The frame (w x 2w/3) and its symbol, centred on the local origin. */
static void draw_symbol(struct rules_svg *s, double w, enum rules_svg_symbol sym, const char *type)
{
	double h = w * 2 / 3;

	rules_svg_group(s, NULL, "sym");
	lrect(s, -w / 2, -h / 2, w, h, 0, "sf", NULL);
	switch (sym) {
	case RULES_SVG_SYM_INFANTRY:
		cross(s, w, h);
		break;
	case RULES_SVG_SYM_ARMOUR:
		oval(s, w, h);
		break;
	case RULES_SVG_SYM_MECHANIZED:
		cross(s, w, h);
		oval(s, w, h);
		break;
	case RULES_SVG_SYM_ARTILLERY:
		dot(s, h);
		break;
	case RULES_SVG_SYM_SP_GUN:
		oval(s, w, h);
		dot(s, h);
		break;
	case RULES_SVG_SYM_ENGINEER: {
		const double v[] = {-0.3 * w, 0.18 * h, -0.18 * h, 0.3 * w,
		                    0.18 * h, 0,        -0.18 * h, 0.18 * h};
		lpath(s, "sl", "MVHVMV", v);
		break;
	}
	case RULES_SVG_SYM_RECON: {
		const double v[] = {-w / 2, h / 2, w / 2, -h / 2};
		lpath(s, "sl", "ML", v);
		break;
	}
	case RULES_SVG_SYM_HQ: {
		const double v[] = {-w / 2, h / 2, -w / 2, 0.85 * h};
		lpath(s, "sl", "ML", v);
		break;
	}
	case RULES_SVG_SYM_AIRBORNE: {
		const double v[] = {-0.2 * w, 0.4 * h, -0.1 * w, 0.2 * h, 0,
		                    0.4 * h,  0.1 * w, 0.2 * h,  0.2 * w, 0.4 * h};
		cross(s, w, h);
		lpath(s, "sl", "MQQ", v);
		break;
	}
	case RULES_SVG_SYM_AMPHIBIOUS: {
		const double v[] = {-0.3 * w, 0.36 * h, 0.075 * w, -0.12 * h, 0.15 * w, 0,
		                    0.15 * w, 0,        0.15 * w,  0,         0.15 * w, 0};
		cross(s, w, h);
		lpath(s, "sl", "Mqttt", v);
		break;
	}
	default: {
		char abbr[4] = "";
		size_t k = 0;
		for (const char *p = type ? type : ""; *p && k < 3; p++)
			if (isalpha((unsigned char)*p))
				abbr[k++] = (char)toupper((unsigned char)*p);
		abbr[k] = '\0';
		ltext(s, 0, 0.2 * h, "st", abbr);
		break;
	}
	}
	rules_svg_close(s);
}

void rules_svg_counter_css(struct rules_svg *s, double size)
{
	double u = rules_svg_ulen(s, size);

	rules_svg_css(s, ".counter text{text-anchor:middle;font-family:sans-serif;fill:#111}");
	rules_svg_css(s, ".counter .cbg{stroke:#222;stroke-width:0.8}");
	rules_svg_css(s, ".counter .cdep{fill:#c02020}");
	rules_svg_css(s, ".counter .cid{font-size:%.1fpx}", 0.22 * u);
	rules_svg_css(s, ".counter .cech{font-size:%.1fpx;font-weight:bold}", 0.15 * u);
	rules_svg_css(s, ".counter .cval{font-size:%.1fpx;font-weight:bold}", 0.28 * u);
	rules_svg_css(s, ".counter.reduced .cval{fill:#a00000}");
	rules_svg_css(s, ".sym .sf,.sym .sl{fill:none;stroke:#111;stroke-width:0.9}");
	rules_svg_css(s, ".sym .sd{fill:#111}");
	rules_svg_css(s, ".sym .st{font-size:%.1fpx;text-anchor:middle;font-family:sans-serif}",
	              0.16 * u);
}

void rules_svg_counter(struct rules_svg *s, double x, double y, double size,
                       const struct rules_svg_counter *c)
{
	double u = rules_svg_ulen(s, size), h = u / 2;
	char cls[160];

	snprintf(cls, sizeof(cls), "counter%s%s%s", c->cls ? " " : "", c->cls ? c->cls : "",
	         c->reduced ? " reduced" : "");
	rules_svg_group_at(s, c->id, cls, x, y);
	rules_svg_attr(s, "data-id", c->data_id);
	rules_svg_title(s, c->title);
	lrect(s, -h, -h, u, u, 0.08 * u, "cbg", c->fill);
	if (c->reduced)
		lrect(s, -h, -h, u, 0.09 * u, 0, "cdep", NULL);
	ltext(s, 0, -0.27 * u, "cid", c->label);
	ltext(s, 0, -0.13 * u, "cech", c->size);
	rules_svg_open(s, "g");
	rules_svg_attrf(s, "transform", "translate(0,%.1f)", 0.04 * u);
	draw_symbol(s, 0.46 * u, c->sym, c->type);
	rules_svg_close(s);
	ltext(s, 0, 0.43 * u, "cval", c->values);
	rules_svg_close(s);
}

void rules_svg_symbol(struct rules_svg *s, double x, double y, double w, enum rules_svg_symbol sym,
                      const char *type)
{
	rules_svg_group_at(s, NULL, NULL, x, y);
	draw_symbol(s, rules_svg_ulen(s, w), sym, type);
	rules_svg_close(s);
}
