/*
 * view.c -- what each viewer may see: view() (its members, and for a viewer
 * with a screen its text: the status and the board of board.c), view_lines() (that text
 * alone, for text mode, without the members) and the
 * handlers of the query verbs (reach, units, hex, markers, crt; map is
 * board.c; the table is verbs.c).
 *
 * Redaction (AMB-26, FM-8.2.1-07): unit positions and strengths are public
 * (F&M has no hidden units; AMB-120: nor what they did this player turn).  Of
 * support fire markers, everyone sees the counter mix and how many markers
 * each side holds, has committed and has used; a marker's id and value are
 * shown to its owner only while it is in his hand or face down, and only when
 * support.pick=chosen; to everyone once revealed (step b5, or announced in a
 * bombardment).  Spectators (RULES_SPECTATOR) see only public information.
 */
#include "fm_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const where_names[] = {
    [FM_W_UNPLACED] = "unplaced", [FM_W_WAITING] = "reinforcement", [FM_W_HELD] = "held",
    [FM_W_MAP] = "map",           [FM_W_ELIMINATED] = "eliminated", [FM_W_REMOVED] = "removed",
};

static const char *const await_names[] = {
    [FM_AW_PHASE] = "phase",     [FM_AW_SUPPORT] = "support",         [FM_AW_LOSS] = "loss",
    [FM_AW_RETREAT] = "retreat", [FM_AW_DISPLACE] = "displace",       [FM_AW_ADVANCE] = "advance",
    [FM_AW_NONE] = "none",       [FM_AW_BEFORE_ROLL] = "before-roll", [FM_AW_MODULE] = "exclusive",
};

/* 1 if viewer may see the id and value of side's unrevealed marker k. */
static int may_see(const struct fm_game *g, int viewer, int side, int k)
{
	if (g->m[side][k].revealed)
		return 1;
	return viewer == side && !g->opt.pick_blind;
}

static cJSON *marker_json(const struct fm_game *g, int side, int k)
{
	const struct fm_marker_def *d = &g->sc->markers[side][k];
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "id", d->id);
	cJSON_AddNumberToObject(o, "value", d->value);
	cJSON_AddStringToObject(o, "kind", d->kind);
	return o;
}

static cJSON *unit_json(const struct fm_game *g, int i)
{
	const struct fm_unit_def *d = fm__def(g, i);
	const struct fm_step *s = fm__cur(g, i);
	char buf[RULES_HEX_ID_MAX];
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "id", d->id);
	if (strcmp(d->name, d->id) != 0) /* the counter's printed id, for display only */
		cJSON_AddStringToObject(o, "name", d->name);
	cJSON_AddStringToObject(o, "side", g->sc->side_names[d->side]);
	cJSON_AddStringToObject(o, "where", where_names[g->u[i].where]);
	if (g->u[i].where == FM_W_MAP)
		cJSON_AddStringToObject(o, "hex", fm__hex_id(g, g->u[i].hex, buf));
	else
		cJSON_AddNullToObject(o, "hex");
	cJSON_AddNumberToObject(o, "step", g->u[i].step + 1);
	cJSON_AddNumberToObject(o, "steps", d->nsteps);
	cJSON_AddNumberToObject(o, "attack", s->attack);
	cJSON_AddNumberToObject(o, "defense", s->defense);
	cJSON_AddNumberToObject(o, "ma", s->ma);
	cJSON_AddBoolToObject(o, "mobile", d->mobile);
	cJSON_AddBoolToObject(o, "zoc", d->zoc);
	cJSON_AddStringToObject(o, "type", d->type);
	cJSON_AddStringToObject(o, "size", d->size);
	cJSON_AddStringToObject(o, "nationality", d->nationality);
	if (d->setup == FM_SETUP_ARRIVES)
		cJSON_AddNumberToObject(o, "arrives", d->arrive_turn);
	if (g->u[i].flags & FM_UF_MOVED)
		cJSON_AddBoolToObject(o, "moved", 1);
	if (g->u[i].flags & (FM_UF_ATT_COMBAT | FM_UF_ATT_MOBILE))
		cJSON_AddBoolToObject(o, "attacked", 1);
	if (g->u[i].flags & FM_UF_ADVANCED)
		cJSON_AddBoolToObject(o, "advanced", 1);
	if (g->mover == i)
		cJSON_AddNumberToObject(o, "mp_spent", g->u[i].mp_half / 2.0);
	return o;
}

static cJSON *markers_json(const struct fm_game *g, int viewer, int side)
{
	const struct fm_scenario *sc = g->sc;
	cJSON *o = cJSON_CreateObject(), *hand = NULL, *face = NULL, *used;
	int n[5] = {0};

	for (int k = 0; k < sc->nmarkers[side]; k++)
		n[g->m[side][k].where]++;
	cJSON_AddNumberToObject(o, "pool", n[FM_M_POOL]);
	cJSON_AddNumberToObject(o, "available", n[FM_M_HAND]);
	cJSON_AddNumberToObject(o, "committed", n[FM_M_COMMITTED]);
	cJSON_AddNumberToObject(o, "used", n[FM_M_USED]);
	cJSON_AddNumberToObject(o, "gone", n[FM_M_GONE]);
	if (viewer == side && !g->opt.pick_blind) {
		hand = cJSON_AddArrayToObject(o, "hand");
		face = cJSON_AddArrayToObject(o, "face_down");
	}
	used = cJSON_AddArrayToObject(o, "revealed");
	for (int k = 0; k < sc->nmarkers[side]; k++) {
		int w = g->m[side][k].where;
		if (w == FM_M_HAND && hand != NULL && may_see(g, viewer, side, k))
			cJSON_AddItemToArray(hand, marker_json(g, side, k));
		else if (w == FM_M_COMMITTED && !g->m[side][k].revealed && face != NULL &&
		         may_see(g, viewer, side, k))
			cJSON_AddItemToArray(face, marker_json(g, side, k));
		else if ((w == FM_M_COMMITTED || w == FM_M_USED || w == FM_M_GONE) &&
		         g->m[side][k].revealed)
			cJSON_AddItemToArray(used, marker_json(g, side, k));
	}
	return o;
}

static cJSON *battle_json(const struct fm_game *g, int viewer)
{
	const struct fm_battle *b = &g->b;
	char buf[RULES_HEX_ID_MAX];
	cJSON *o = cJSON_CreateObject(), *arr;

	cJSON_AddStringToObject(o, "target", fm__hex_id(g, b->target, buf));
	cJSON_AddBoolToObject(o, "bombardment", b->bombard);
	arr = cJSON_AddArrayToObject(o, "attackers");
	for (int k = 0; k < b->natt; k++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(fm__def(g, b->att[k])->id));
	arr = cJSON_AddArrayToObject(o, "defenders");
	for (int k = 0; k < b->ndef; k++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(fm__def(g, b->def[k])->id));
	cJSON_AddNumberToObject(o, "support_step", b->step);
	for (int s = 0; s < RULES_SIDES; s++) {
		cJSON *m = cJSON_AddArrayToObject(o, g->sc->side_names[s]);
		for (int k = 0; k < b->nmark[s]; k++) {
			int mk = b->mark[s][k];
			if (may_see(g, viewer, s, mk))
				cJSON_AddItemToArray(m, marker_json(g, s, mk));
			else
				cJSON_AddItemToArray(m, cJSON_CreateString("face-down"));
		}
	}
	if (b->step == 5 && b->die > 0) {
		cJSON_AddNumberToObject(o, "attack", b->att_total);
		cJSON_AddNumberToObject(o, "defense", b->def_total);
		cJSON_AddNumberToObject(o, "differential", b->diff);
		cJSON_AddStringToObject(o, "line", g->sc->crt.lines[b->line].id);
		cJSON_AddStringToObject(o, "column", g->sc->crt.labels[b->label]);
		cJSON_AddNumberToObject(o, "grid_column", b->column + 1);
		cJSON_AddNumberToObject(o, "die", b->die);
		cJSON_AddStringToObject(o, "result", fm__result_name(b->result));
	}
	if (b->npath > 0)
		cJSON_AddItemToObject(o, "path_of_retreat", fm__json_hexes(g, b->path, b->npath));
	if (g->await == FM_AW_RETREAT) {
		/* public: positions are public, so are the legal retreat choices */
		cJSON *opts = cJSON_AddArrayToObject(o, "retreat_options");
		for (int k = 0; k < b->nretreat; k++)
			fm__retreat_options(g, k, opts);
	}
	return o;
}

/* The unit ids of a battle's side, "44/15, 46/15". */
static void battle_units(const struct fm_game *g, const int16_t *units, int n, char *buf,
                         size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int k = 0; k < n && len < size; k++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s", k ? ", " : "",
		                        fm__def(g, units[k])->id);
}

/*
 * view()'s text: the turn and phase and the markers each side has this turn, the battle
 * (what is public of it: the units, the step, how many markers each side committed), who
 * would win if the game ended now (the module's victory, when it has one), then the board
 * around the active area; all of it within the viewer's screen (who->rows lines, who->cols).
 */
static void view_text(const struct fm_game *g, const struct rules_viewer *who, cJSON *o)
{
	const struct fm_scenario *sc = g->sc;
	const struct fm_battle *b = &g->b;
	int cols = fm__text_cols(who), rows = who->rows > 0 ? who->rows : RULES_ROWS_DEFAULT;
	int winner;
	char att[200], def[200], summary[200], text[400], buf[RULES_HEX_ID_MAX];
	const char *slug = fm__phase_slug(g->phase);

	if (g->over)
		snprintf(text, sizeof(text), "game over: %s [%s]", g->summary, slug);
	else if (g->phase == FM_PH_SETUP)
		snprintf(text, sizeof(text), "set-up: %s places units [%s]",
		         sc->side_names[g->active], slug);
	else
		snprintf(text, sizeof(text), "turn %d/%d%s%s%s: %s %s [%s]", g->turn, sc->turns,
		         sc->labels[g->turn][0] ? " (" : "", sc->labels[g->turn],
		         sc->labels[g->turn][0] ? ")" : "", sc->side_names[g->active],
		         fm__phase_name(g->phase), slug);
	if (!g->over && g->phase != FM_PH_SETUP) { /* the markers, on the same line if they fit */
		snprintf(summary, sizeof(summary), "markers: %s %d, %s %d", sc->side_names[0],
		         fm__markers_available(g, 0), sc->side_names[1],
		         fm__markers_available(g, 1));
		if (strlen(text) + 2 + strlen(summary) <= (size_t)cols) {
			strcat(text, "; ");
			strcat(text, summary);
			summary[0] = '\0';
		}
	}
	fm__wrapped(o, cols, "%s", text);
	if (!g->over && g->phase != FM_PH_SETUP && summary[0])
		fm__wrapped(o, cols, "%s", summary);
	if (b->active) {
		battle_units(g, b->def, b->ndef, def, sizeof(def));
		battle_units(g, b->att, b->natt, att, sizeof(att));
		if (b->step <= 4)
			snprintf(summary, sizeof(summary), "support fire step %d", b->step);
		else
			snprintf(summary, sizeof(summary), "markers revealed");
		fm__wrapped(o, cols, "%s %s (%s)%s%s; %s; markers committed: %s %d, %s %d",
		            b->bombard ? "bombardment of" : "battle for",
		            fm__hex_id(g, b->target, buf), def, b->bombard ? "" : " attacked by ",
		            b->bombard ? "" : att, summary, sc->side_names[0], b->nmark[0],
		            sc->side_names[1], b->nmark[1]);
	}
	if (!g->over && sc->module->victory != NULL &&
	    sc->module->victory(g, 1, &winner, summary, sizeof(summary)))
		fm__wrapped(o, cols, "if the game ended now: %s", summary);
	fm__board_lines(g, who,
	                rows - cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(o, "lines")), o);
}

cJSON *fm__view(const struct rules_game *rg, const struct rules_viewer *who)
{
	int viewer = who->side;
	const struct fm_game *g = (const struct fm_game *)rg;
	struct rules_pending p;
	cJSON *o = cJSON_CreateObject(), *arr, *mk, *pend;

	if (o == NULL)
		return NULL;
	cJSON_AddStringToObject(o, "scenario", g->sc->id);
	cJSON_AddNumberToObject(o, "turn", g->turn);
	cJSON_AddNumberToObject(o, "turns", g->sc->turns);
	cJSON_AddStringToObject(o, "phase", fm__phase_slug(g->phase));
	cJSON_AddStringToObject(o, "phase_text", fm__phase_name(g->phase));
	cJSON_AddStringToObject(o, "active", g->sc->side_names[g->active]);
	cJSON_AddStringToObject(o, "await", await_names[g->await]);
	fm__pending(rg, &p);
	pend = cJSON_AddObjectToObject(o, "pending");
	for (int s = 0; s < RULES_SIDES; s++)
		if (p.sides & RULES_AUD_SIDE(s))
			cJSON_AddStringToObject(pend, g->sc->side_names[s], p.what[s]);
	cJSON_AddBoolToObject(o, "over", g->over);
	if (g->over) {
		cJSON_AddStringToObject(o, "winner",
		                        g->winner < 0 ? "draw" : g->sc->side_names[g->winner]);
		cJSON_AddStringToObject(o, "summary", g->summary);
	}
	arr = cJSON_AddArrayToObject(o, "units");
	for (int i = 0; i < g->nunits; i++)
		cJSON_AddItemToArray(arr, unit_json(g, i));
	mk = cJSON_AddObjectToObject(o, "markers");
	for (int s = 0; s < RULES_SIDES; s++)
		cJSON_AddItemToObject(mk, g->sc->side_names[s], markers_json(g, viewer, s));
	if (g->b.active)
		cJSON_AddItemToObject(o, "battle", battle_json(g, viewer));
	if (g->sc->module->view != NULL)
		g->sc->module->view(g, viewer, o);
	if (who->cols > 0) /* a person reads it (rules_viewer) */
		view_text(g, who, o);
	return o;
}

cJSON *fm__view_lines(const struct rules_game *rg, const struct rules_viewer *who)
{
	cJSON *o = cJSON_CreateObject();

	if (o != NULL && who->cols > 0) /* as fm__view: the same text, nothing else */
		view_text((const struct fm_game *)rg, who, o);
	return o;
}

/* ---- queries ------------------------------------------------------------ */

int fm__q_reach(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
                cJSON *out, struct rules_error *err)
{
	(void)who;
	int unit = fm__unit_arg(g, argv[1], err), count = g->sc->map.grid.count, n = 0, rc;
	int *cost;
	char buf[RULES_HEX_ID_MAX], line[480];
	size_t len = 0;
	cJSON *arr;
	struct rules_error why;

	(void)argc;
	if (unit < 0)
		return unit;
	arr = cJSON_AddArrayToObject(out, "hexes");
	cJSON_AddStringToObject(out, "unit", fm__def(g, unit)->id);
	if (fm__may_move(g, unit, &why) != 0) {
		fm__line(out, "%s cannot move now: %s", fm__def(g, unit)->id, why.message);
		return 0;
	}
	cost = malloc(sizeof(int) * (size_t)count);
	if (cost == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	rc = fm__reach(g, unit, cost, NULL);
	if (rc) {
		free(cost);
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	}
	len = (size_t)snprintf(line, sizeof(line), "%s can reach:", fm__def(g, unit)->id);
	for (int h = 0; h < count; h++) {
		cJSON *o;
		if (cost[h] < 0)
			continue;
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "hex", fm__hex_id(g, h, buf));
		cJSON_AddNumberToObject(o, "mp", cost[h] / 2.0);
		cJSON_AddItemToArray(arr, o);
		if (len > sizeof(line) - 24) {
			fm__line(out, "%s", line);
			len = (size_t)snprintf(line, sizeof(line), " ");
		}
		len += (size_t)snprintf(line + len, sizeof(line) - len, " %s (%g)", buf,
		                        cost[h] / 2.0);
		n++;
	}
	if (n == 0)
		len += (size_t)snprintf(line + len, sizeof(line) - len, " nowhere");
	fm__line(out, "%s", line);
	free(cost);
	return 0;
}

/* What the text map's callbacks write to. */
struct map_ctx {
	const struct fm_game *g;
	cJSON *out;
};

/* "<label>H1 H2 ..." of n hexes into buf (cut with "..." when it does not fit). */
static void hexes_text(const struct fm_game *g, const int16_t *hexes, int n, char *buf, size_t size,
                       const char *label)
{
	char hex[RULES_HEX_ID_MAX];
	size_t len = (size_t)snprintf(buf, size, "%s%s", label, n > 0 ? "" : "none");

	for (int k = 0; k < n && len < size; k++) {
		if (len + RULES_HEX_ID_MAX + 5 >= size) {
			snprintf(buf + len, size - len, "...");
			break;
		}
		len += (size_t)snprintf(buf + len, size - len, "%s%s", k ? " " : "",
		                        fm__hex_id(g, hexes[k], hex));
	}
}

int fm__q_units(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
                cJSON *out, struct rules_error *err)
{
	int side = -1, cols = fm__text_cols(who);
	cJSON *arr = cJSON_AddArrayToObject(out, "units");
	char buf[RULES_HEX_ID_MAX], lab[64], where[48], doing[1024], line[1200];

	if (argc == 2 && (side = fm__side_by_name(g->sc, argv[1])) < 0)
		return rules_fail(err, WG_E_BAD_ARGS, "", "no side '%s' (%s or %s)", argv[1],
		                  g->sc->side_names[0], g->sc->side_names[1]);
	for (int i = 0; i < g->nunits; i++) {
		const char *sn = g->sc->side_names[fm__side_of(g, i)];
		cJSON *o;
		int left = -1;
		if (side >= 0 && fm__side_of(g, i) != side)
			continue;
		cJSON_AddItemToArray(arr, o = unit_json(g, i));
		fm__unit_label(g, i, lab, sizeof(lab));
		doing[0] = '\0';
		if (g->u[i].where == FM_W_MAP) {
			snprintf(where, sizeof(where), "%s%s", fm__hex_id(g, g->u[i].hex, buf),
			         fm__def(g, i)->mobile ? " mobile" : "");
			left = fm__unit_doing(g, i, doing, sizeof(doing));
		} else if (fm__def(g, i)->setup == FM_SETUP_ARRIVES &&
		           g->u[i].where == FM_W_WAITING) {
			const struct rules_hexlist *at = &fm__def(g, i)->where;
			snprintf(where, sizeof(where), "arrives turn %d",
			         fm__def(g, i)->arrive_turn);
			/* where it may enter (FM-4.1-04) */
			hexes_text(g, at->h, at->n, doing, sizeof(doing), "enters at ");
			cJSON_AddItemToObject(o, "entry_hexes", fm__json_hexes(g, at->h, at->n));
		} else if (g->u[i].where == FM_W_UNPLACED) {
			int max = fm__def(g, i)->where.n, n;
			int *h = malloc(sizeof(int) * (size_t)(max > 0 ? max : 1));
			int16_t *h16 = malloc(sizeof(int16_t) * (size_t)(max > 0 ? max : 1));
			if (h == NULL || h16 == NULL) {
				free(h);
				free(h16);
				return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
			}
			n = fm__setup_hexes(g, i, h, max);
			snprintf(where, sizeof(where), "%s", where_names[g->u[i].where]);
			for (int k = 0; k < n; k++)
				h16[k] = (int16_t)h[k];
			/* where it may set up (FM-3.0-04) */
			hexes_text(g, h16, n > 0 ? n : 0, doing, sizeof(doing), "sets up in ");
			cJSON_AddItemToObject(o, "setup_hexes",
			                      fm__json_hexes(g, h16, n > 0 ? n : 0));
			free(h);
			free(h16);
		} else {
			snprintf(where, sizeof(where), "%s", where_names[g->u[i].where]);
		}
		if (left >= 0)
			cJSON_AddNumberToObject(o, "mp_left", left / 2.0);
		/* columns when they fit the screen, else single spaces; then wrapped */
		if (snprintf(line, sizeof(line), "%-8s %-28s %s%s%s", sn, lab, where,
		             doing[0] ? "; " : "", doing) > cols)
			snprintf(line, sizeof(line), "%s %s %s%s%s", sn, lab, where,
			         doing[0] ? "; " : "", doing);
		fm__wrapped(out, cols, "%s", line);
	}
	return 0;
}

/* One hexside of `hex`: its features as JSON and a text line. */
static void hex_side(void *ctx, int neighbour, int slot, const char *text)
{
	struct map_ctx *mc = ctx;
	const struct rules_hexmap *m = &mc->g->sc->map;
	cJSON *x = cJSON_CreateObject();
	char buf[RULES_HEX_ID_MAX];

	cJSON_AddStringToObject(x, "to", fm__hex_id(mc->g, neighbour, buf));
	for (int t = 0; t < m->nsidetypes; t++)
		if (m->side_feat[slot] & (1u << t)) {
			cJSON_DeleteItemFromObjectCaseSensitive(x, "feature");
			cJSON_AddStringToObject(x, "feature", m->sidetypes[t].id);
		}
	cJSON_AddStringToObject(x, "text", text);
	cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(mc->out, "hexsides"), x);
	fm__line(mc->out, "  hexside to %s: %s", buf, text);
}

int fm__q_hex(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
              cJSON *out, struct rules_error *err)
{
	(void)who;
	const struct fm_scenario *sc = g->sc;
	int h = fm__hex_parse(g, argv[1]), o;
	char txt[300];
	struct map_ctx mc = {g, out};
	size_t len = 0;
	cJSON *arr;

	(void)argc;
	if (h < 0)
		return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %s on this map", argv[1]);
	cJSON_AddStringToObject(out, "hex", argv[1]);
	if (sc->map.hex_name[h][0])
		cJSON_AddStringToObject(out, "name", sc->map.hex_name[h]);
	arr = cJSON_AddArrayToObject(out, "terrain");
	for (int t = 0; t < sc->map.nterrain; t++)
		if (sc->map.hex_terrain[h] & (1u << t))
			cJSON_AddItemToArray(arr, cJSON_CreateString(sc->map.terrain[t].id));
	rules_hexmap_describe(&sc->map, h, txt, sizeof(txt), NULL, NULL);
	/* a hex no unit may be in (sea) has no combat, hence no CRT line */
	fm__line(out, "hex %s%s%s: %s%s%s%s; %s%s", argv[1], sc->map.hex_name[h][0] ? " " : "",
	         sc->map.hex_name[h], txt, (sc->map.hex_flags[h] & RULES_HF_ROAD) ? ", road" : "",
	         (sc->map.hex_flags[h] & RULES_HF_TRAIL) ? ", trail" : "",
	         (sc->map.hex_flags[h] & FM_HF_FORT_COUNTER) ? ", fortification counter" : "",
	         fm__hex_prohibited(g, h, -1) ? "prohibited to every unit, no CRT line"
	                                      : "CRT line ",
	         fm__hex_prohibited(g, h, -1) ? "" : sc->crt.lines[fm__hex_line(g, h)].name);
	cJSON_AddBoolToObject(out, "road", (sc->map.hex_flags[h] & RULES_HF_ROAD) != 0);
	cJSON_AddBoolToObject(out, "trail", (sc->map.hex_flags[h] & RULES_HF_TRAIL) != 0);
	cJSON_AddArrayToObject(out, "hexsides");
	rules_hexmap_describe(&sc->map, h, txt, sizeof(txt), hex_side, &mc);
	o = fm__occupant(g, h, -1);
	if (o >= 0) {
		char lab[64];
		cJSON_AddStringToObject(out, "occupant", fm__def(g, o)->id);
		fm__line(out, "  occupant: %s, %s", fm__unit_label(g, o, lab, sizeof(lab)),
		         sc->side_names[fm__side_of(g, o)]);
	}
	arr = cJSON_AddArrayToObject(out, "zoc");
	len = 0;
	txt[0] = '\0';
	for (int s = 0; s < RULES_SIDES; s++)
		if (fm__in_ezoc(g, h, 1 - s)) {
			cJSON_AddItemToArray(arr, cJSON_CreateString(sc->side_names[s]));
			len += (size_t)snprintf(txt + len, sizeof(txt) - len, "%s%s",
			                        len ? " and " : "", sc->side_names[s]);
		}
	fm__line(out, "  zone of control of: %s", txt[0] ? txt : "nobody");
	return 0;
}

int fm__q_markers(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
                  cJSON *out, struct rules_error *err)
{
	int viewer = who->side;
	const struct fm_scenario *sc = g->sc;

	for (int s = 0; s < RULES_SIDES; s++) {
		cJSON *m = markers_json(g, viewer, s), *hand;
		char txt[300] = "";
		size_t len = 0;
		cJSON_AddItemToObject(out, sc->side_names[s], m);
		fm__line(out, "%s: %d available this turn, %d committed, %d used, %d in the pool",
		         sc->side_names[s], cJSON_GetObjectItem(m, "available")->valueint,
		         cJSON_GetObjectItem(m, "committed")->valueint,
		         cJSON_GetObjectItem(m, "used")->valueint,
		         cJSON_GetObjectItem(m, "pool")->valueint);
		hand = cJSON_GetObjectItem(m, "hand");
		if (hand != NULL) {
			cJSON *x;
			cJSON_ArrayForEach(x, hand)
			{
				len += (size_t)snprintf(txt + len, sizeof(txt) - len, "%s%s +%d",
				                        len ? ", " : "",
				                        cJSON_GetObjectItem(x, "id")->valuestring,
				                        cJSON_GetObjectItem(x, "value")->valueint);
				if (len >= sizeof(txt))
					len = sizeof(txt) - 1;
			}
			fm__line(out, "  your markers: %s", txt[0] ? txt : "none");
		} else if (viewer == s && g->opt.pick_blind) {
			fm__line(out, "  markers are picked blind when played (support draw)");
		}
	}
	return 0;
}

int fm__q_crt(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
              cJSON *out, struct rules_error *err)
{
	(void)who;
	const struct fm_crt *crt = &g->sc->crt;
	char line[300];
	size_t len;
	int only = -1;

	if (argc == 2) {
		only = fm__line_by_id(g->sc, argv[1]);
		for (int t = 0; only < 0 && t < g->sc->map.nterrain; t++)
			if (strcasecmp(g->sc->map.terrain[t].id, argv[1]) == 0) {
				if (g->sc->tx[t].line < 0 && g->sc->map.terrain[t].prohibited) {
					/* no unit is ever in it: no combat, no line (sea) */
					cJSON_AddNullToObject(out, "line");
					fm__line(out,
					         "%s is prohibited terrain: no unit is ever "
					         "there to attack, so it has no CRT line",
					         g->sc->map.terrain[t].name);
					return 0;
				}
				only =
				    g->sc->tx[t].line >= 0 ? g->sc->tx[t].line : crt->default_line;
			}
		for (int t = 0; only < 0 && t < g->sc->map.nsidetypes; t++)
			if (strcasecmp(g->sc->map.sidetypes[t].id, argv[1]) == 0)
				only = g->sc->sx[t].line;
		if (only < 0)
			return rules_fail(err, WG_E_BAD_ARGS, "", "no terrain or CRT line '%s'",
			                  argv[1]);
	}
	cJSON_AddStringToObject(out, "alignment", g->opt.align_right ? "right" : "left");
	if (only < 0) {
		cJSON *rows = cJSON_AddArrayToObject(out, "rows");
		len = (size_t)snprintf(line, sizeof(line), "die ");
		for (int c = 0; c < crt->ncols; c++)
			len += (size_t)snprintf(line + len, sizeof(line) - len, "%-6s",
			                        crt->labels[c]);
		fm__line(out, "%s", line);
		for (int r = 0; r < 6; r++) {
			cJSON *row = cJSON_CreateArray();
			len = (size_t)snprintf(line, sizeof(line), " %d  ", r + 1);
			for (int c = 0; c < crt->ncols; c++) {
				len += (size_t)snprintf(line + len, sizeof(line) - len, "%-6s",
				                        fm__result_name(crt->cell[r][c]));
				cJSON_AddItemToArray(
				    row, cJSON_CreateString(fm__result_name(crt->cell[r][c])));
			}
			cJSON_AddItemToArray(rows, row);
			fm__line(out, "%s", line);
		}
	}
	for (int l = 0; l < crt->nlines; l++) {
		int n = crt->ncols - crt->lines[l].first;
		if (only >= 0 && l != only)
			continue;
		fm__line(out, "line %s (%s): %s .. %s, %d columns, read on grid columns c%d-c%d",
		         crt->lines[l].id, crt->lines[l].name, crt->labels[crt->lines[l].first],
		         crt->labels[crt->ncols - 1], n,
		         g->opt.align_right ? crt->lines[l].first + 1 : 1,
		         g->opt.align_right ? crt->ncols : n);
		if (only >= 0) {
			cJSON *cells = cJSON_AddArrayToObject(out, "cells");
			fm__line(out, "  differential: die 1 .. 6");
			for (int c = crt->lines[l].first; c < crt->ncols; c++) {
				int gc = g->opt.align_right ? c : c - crt->lines[l].first;
				cJSON *col = cJSON_CreateArray();
				len =
				    (size_t)snprintf(line, sizeof(line), "  %-6s:", crt->labels[c]);
				for (int r = 0; r < 6; r++) {
					len += (size_t)snprintf(line + len, sizeof(line) - len,
					                        " %-4s",
					                        fm__result_name(crt->cell[r][gc]));
					cJSON_AddItemToArray(
					    col,
					    cJSON_CreateString(fm__result_name(crt->cell[r][gc])));
				}
				cJSON_AddItemToArray(cells, col);
				fm__line(out, "%s", line);
			}
		}
	}
	return 0;
}
