/*
 * legal.c -- `options`: the actions the awaited decision allows, for people and for programs
 * (bots play whole games from it: tests/e2e/test_e2e_options.c).
 *
 * Positions are continuous, so the list offers a finite set of them (docs/games/minis.md,
 * "options"): a move goes along one of the eight compass bearings (0, 45, ... 315) for the
 * unit's whole standard allowance, half of it or a quarter, facing its way; a dummy goes to
 * the centre of a wood or building in the zone or on a 12" grid of it; artillery and air are
 * called on the positions of visible enemy units; recon names the terrain pieces.  Targets
 * are the visible enemy units.  Every candidate is tried on a scratch copy of the game (the
 * state is plain data) with a throwaway dice stream and kept only if the engine accepts it,
 * so the list and the rules never disagree; a candidate never depends on what the side may
 * not see.  Groups are keyed by prefix: an action is the prefix, a space and one of its
 * choices (or the prefix alone).
 */
#include "minis_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define LINE_MAX_ 256
#define ARGS_MAX  24
#define SHOWN     24 /* choices shown per group in text mode unless `all` */

struct legal {
	const struct minis_game *g;
	int side, unit;
	struct minis_game *scratch;
	struct rules_dice dice;
	cJSON *groups, *group;
	int count;
};

static int split(char *buf, char **argv, int max)
{
	int argc = 0;
	char *p = buf;

	while (*p != '\0' && argc < max) {
		while (*p == ' ')
			*p++ = '\0';
		if (*p == '\0')
			break;
		argv[argc++] = p;
		while (*p != '\0' && *p != ' ')
			p++;
	}
	return argc;
}

static int try_line(struct legal *l, const char *line)
{
	char buf[LINE_MAX_], *argv[ARGS_MAX];
	struct rules_events ev;
	struct rules_error err;
	const struct minis_verb *v;
	cJSON *reply;
	int argc, rc;

	if (strlen(line) >= sizeof(buf))
		return 0;
	memcpy(buf, line, strlen(line) + 1);
	argc = split(buf, argv, ARGS_MAX);
	if (argc < 1 || (v = minis__verb_find(argv[0])) == NULL || argc - 1 < v->v.min_args ||
	    (v->v.max_args >= 0 && argc - 1 > v->v.max_args))
		return 0;
	memcpy(l->scratch, l->g, sizeof(*l->g));
	rules_events_init(&ev);
	reply = cJSON_CreateObject();
	rc = minis__act(l->scratch, &l->dice, l->side, argc, argv, reply, &ev, &err);
	cJSON_Delete(reply);
	rules_events_release(&ev);
	rules_dice_clear_log(&l->dice);
	return rc == 0;
}

static cJSON *group_for(struct legal *l, const char *verb, const char *prefix)
{
	cJSON *p = l->group != NULL ? cJSON_GetObjectItemCaseSensitive(l->group, "prefix") : NULL;
	cJSON *grp;

	if (p != NULL && strcmp(p->valuestring, prefix) == 0)
		return l->group;
	cJSON_ArrayForEach(grp, l->groups)
	{
		if (strcmp(cJSON_GetObjectItemCaseSensitive(grp, "prefix")->valuestring, prefix) ==
		    0)
			return l->group = grp;
	}
	grp = cJSON_CreateObject();
	cJSON_AddStringToObject(grp, "verb", verb);
	cJSON_AddStringToObject(grp, "prefix", prefix);
	cJSON_AddArrayToObject(grp, "choices");
	cJSON_AddItemToArray(l->groups, grp);
	return l->group = grp;
}

/* Offers prefix [choice] when the engine accepts it (and it is not listed already). */
static void offer(struct legal *l, int unit, const char *prefix, const char *choice)
{
	char line[LINE_MAX_], verb[16];
	cJSON *grp, *c;

	if (l->unit >= 0 && unit != l->unit)
		return;
	if (choice != NULL)
		snprintf(line, sizeof(line), "%s %s", prefix, choice);
	else
		snprintf(line, sizeof(line), "%s", prefix);
	snprintf(verb, sizeof(verb), "%.*s", (int)strcspn(prefix, " "), prefix);
	/* a duplicate? */
	cJSON_ArrayForEach(grp, l->groups)
	{
		if (strcmp(cJSON_GetObjectItemCaseSensitive(grp, "prefix")->valuestring, prefix) !=
		    0)
			continue;
		if (choice == NULL)
			return;
		cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(grp, "choices"))
		{
			if (strcmp(c->valuestring, choice) == 0)
				return;
		}
	}
	if (!try_line(l, line))
		return;
	grp = group_for(l, verb, prefix);
	if (choice != NULL)
		cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(grp, "choices"),
		                     cJSON_CreateString(choice));
	l->count++;
}

static void pt_text(int32_t x, int32_t y, char *buf, size_t n)
{
	char xb[16], yb[16];

	snprintf(buf, n, "%s %s", minis__fmt_in(x, xb, sizeof(xb)),
	         minis__fmt_in(y, yb, sizeof(yb)));
}

/* ---- generators ---- */

static void gen_deploy(struct legal *l)
{
	const struct minis_game *g = l->g;
	int side = l->side;
	char prefix[LINE_MAX_], pt[48];

	for (int u = 0; u < g->sc->nunits; u++) {
		const struct minis_unit *x = &g->u[u];
		if (minis__side(g, u) != side || !minis__on(g, u))
			continue;
		pt_text(x->x, x->y, pt, sizeof(pt));
		snprintf(prefix, sizeof(prefix), "deploy %s %s %d", minis__uid(g, u), pt,
		         x->facing / 10);
		if (!(x->flags & MU_HIDDEN))
			offer(l, u, prefix, "hidden");
		if (!(x->flags & MU_AMBUSH))
			offer(l, u, prefix, "ambush");
		if (x->flags & (MU_HIDDEN | MU_AMBUSH))
			offer(l, u, prefix, "open");
	}
	if (l->unit < 0) {
		const struct minis_zone *z = &g->sc->sides[side].zone;
		int32_t f = g->opt.alt ? 3 : 2;
		for (int k = 0; k < g->sc->npieces; k++) {
			const struct minis_piece_def *pc = &g->sc->pieces[k];
			int64_t sx = 0, sy = 0;
			if (pc->geom != MG_POLYGON ||
			    !(minis__attr(g, k)->flags & (MINIS_T_WOODS | MINIS_T_BUILDING)))
				continue;
			for (int i = 0; i < pc->npts; i++) {
				sx += pc->x[i];
				sy += pc->y[i];
			}
			pt_text((int32_t)(sx / pc->npts * f / 2), (int32_t)(sy / pc->npts * f / 2),
			        pt, sizeof(pt));
			offer(l, -1, "deploy dummy", pt);
		}
		for (int32_t x = z->x0 + 600; x < z->x1; x += 1200) {
			pt_text(x * f / 2, (z->y0 + z->y1) / 2 * f / 2, pt, sizeof(pt));
			offer(l, -1, "deploy dummy", pt);
		}
	}
	offer(l, -1, "end", NULL);
}

static void gen_unit_actions(struct legal *l, int u)
{
	const struct minis_game *g = l->g;
	const struct minis_unit *x = &g->u[u];
	char prefix[LINE_MAX_], choice[64];
	int32_t allow = minis__group_allowance(g, u, 0);

	/* moves: eight bearings, a whole, half and quarter of the standard allowance */
	snprintf(prefix, sizeof(prefix), "move %s", minis__uid(g, u));
	if (allow > 0 && !(x->flags & MU_MOVED)) {
		int32_t left = allow - x->used;
		for (int frac = 1; frac <= 4; frac *= 2)
			for (int b = 0; b < 3600; b += 450) {
				int32_t dist = left / frac - 10;
				struct minis_pt p;
				if (dist < 50)
					continue;
				p = minis__offset(minis__pos(g, u), b, dist);
				if (p.x < 0 || p.y < 0 || p.x > g->width || p.y > g->height)
					continue;
				pt_text(p.x, p.y, choice, sizeof(choice));
				offer(l, u, prefix, choice);
			}
	}
	offer(l, u, prefix, "limber");
	offer(l, u, prefix, "unlimber");
	/* fire and recon */
	snprintf(prefix, sizeof(prefix), "fire %s", minis__uid(g, u));
	for (int t = 0; t < g->nslots; t++)
		if (minis__real(g, t) && minis__side(g, t) != l->side &&
		    minis__visible(g, t, l->side))
			offer(l, u, prefix, minis__uid(g, t));
	if (minis__def(g, u)->he >= 0 || (minis__def(g, u)->flags & MINIS_F_MORTAR))
		for (int t = 0; t < g->nslots; t++)
			if (minis__real(g, t) && minis__side(g, t) != l->side &&
			    minis__visible(g, t, l->side)) {
				pt_text(g->u[t].x, g->u[t].y, choice, sizeof(choice));
				offer(l, u, prefix, choice);
			}
	snprintf(prefix, sizeof(prefix), "recon %s", minis__uid(g, u));
	for (int k = 0; k < g->sc->npieces; k++)
		if (g->sc->pieces[k].geom == MG_POLYGON)
			offer(l, u, prefix, g->sc->pieces[k].id);
	snprintf(prefix, sizeof(prefix), "assault %s", minis__uid(g, u));
	for (int t = 0; t < g->nslots; t++)
		if (minis__real(g, t) && minis__side(g, t) != l->side &&
		    minis__visible(g, t, l->side) &&
		    (minis__touching(g, u, t) ||
		     (allow > 0 && minis__udist(g, u, t) <= allow - x->used)))
			offer(l, u, prefix, minis__uid(g, t));
}

static void gen_orders(struct legal *l)
{
	const struct minis_game *g = l->g;
	int side = l->side;
	char prefix[LINE_MAX_], choice[LINE_MAX_];

	if (g->act.active)
		for (int u = 0; u < g->nslots; u++)
			if ((g->act.units >> u) & 1)
				gen_unit_actions(l, u);
	for (int p = 0; p < g->sc->nunits; p++) {
		if (minis__side(g, p) != side || g->u[p].orders == 0)
			continue;
		snprintf(prefix, sizeof(prefix), "order %s standard", minis__uid(g, p));
		for (int u = 0; u < g->sc->nunits; u++)
			if (minis__side(g, u) == side && minis__real(g, u) &&
			    !(g->u[u].flags & MU_ACTIVATED))
				offer(l, u, prefix, minis__uid(g, u));
		/* a command unit with the nearest of its side's units not activated */
		for (int c = 0; c < g->sc->nunits; c++) {
			int n = 1, max = minis__group_max(&g->sc->tab, g->sc->sides[side].nation,
			                                  GK_STANDARD);
			size_t len;
			if (minis__side(g, c) != side || !minis__real(g, c) ||
			    !minis__is_command(g, c) || (g->u[c].flags & MU_ACTIVATED))
				continue;
			len = (size_t)snprintf(choice, sizeof(choice), "%s", minis__uid(g, c));
			for (int u = 0; u < g->sc->nunits && n < max; u++)
				if (u != c && minis__side(g, u) == side && minis__real(g, u) &&
				    !(g->u[u].flags & MU_ACTIVATED) &&
				    minis__udist(g, u, c) <= 800) {
					len += (size_t)snprintf(choice + len, sizeof(choice) - len,
					                        " %s", minis__uid(g, u));
					n++;
				}
			if (n > 1)
				offer(l, c, prefix, choice);
		}
	}
	if (l->unit < 0) {
		for (int air = 0; air < 2; air++) {
			if ((air ? g->air_missions[side] : g->fire_missions[side]) <= 0)
				continue;
			snprintf(prefix, sizeof(prefix), "call %s", air ? "air" : "artillery");
			for (int t = 0; t < g->nslots; t++)
				if (minis__real(g, t) && minis__side(g, t) != side &&
				    minis__visible(g, t, side)) {
					if (air && g->sc->sides[side].aircraft.cannon)
						snprintf(choice, sizeof(choice), "%s",
						         minis__uid(g, t));
					else
						pt_text(g->u[t].x, g->u[t].y, choice,
						        sizeof(choice));
					offer(l, -1, prefix, choice);
				}
		}
	}
	offer(l, -1, "end", NULL);
}

static void gen_deffire(struct legal *l)
{
	const struct minis_game *g = l->g;
	char prefix[LINE_MAX_];

	for (int u = 0; u < g->nslots; u++) {
		if (minis__side(g, u) != l->side || !minis__real(g, u))
			continue;
		snprintf(prefix, sizeof(prefix), "fire %s", minis__uid(g, u));
		for (int t = 0; t < g->nslots; t++)
			if (minis__real(g, t) && minis__side(g, t) != l->side &&
			    minis__visible(g, t, l->side))
				offer(l, u, prefix, minis__uid(g, t));
	}
	offer(l, -1, "end", NULL);
}

static void gen_rally(struct legal *l)
{
	const struct minis_game *g = l->g;
	char prefix[LINE_MAX_];

	for (int u = 0; u < g->sc->nunits; u++) {
		if (minis__side(g, u) != l->side || !minis__real(g, u) ||
		    !(g->u[u].flags & MU_PINNED))
			continue;
		snprintf(prefix, sizeof(prefix), "rally %s", minis__uid(g, u));
		for (int c = 0; c < g->sc->nunits; c++)
			if (c != u && minis__side(g, c) == l->side && minis__is_command(g, c))
				offer(l, u, prefix, minis__uid(g, c));
		offer(l, u, prefix, "skip"); /* rally.compulsory=false (QR-AMB-45) */
	}
	offer(l, -1, "end", NULL);
}

static void gen_intr(struct legal *l)
{
	const struct minis_game *g = l->g;
	char prefix[LINE_MAX_], choice[64];

	switch (g->intr) {
	case MI_AA:
		for (int u = 0; u < g->nslots; u++)
			if (minis__side(g, u) == l->side && minis__real(g, u)) {
				snprintf(prefix, sizeof(prefix), "fire %s", minis__uid(g, u));
				offer(l, u, prefix, "air");
			}
		offer(l, -1, "end", NULL);
		break;
	case MI_REVEAL:
		offer(l, -1, "reveal", "none");
		for (int u = 0; u < g->nslots; u++) {
			if (!minis__on(g, u) || minis__side(g, u) != l->side)
				continue;
			offer(l, u, "reveal", minis__uid(g, u));
			for (int v = u + 1; v < g->nslots && g->recon.want == 2; v++)
				if (minis__on(g, v) && minis__side(g, v) == l->side) {
					snprintf(choice, sizeof(choice), "%s %s", minis__uid(g, u),
					         minis__uid(g, v));
					offer(l, u, "reveal", choice);
				}
		}
		break;
	case MI_INIT:
		offer(l, -1, "initiative", "first");
		offer(l, -1, "initiative", "second");
		break;
	case MI_STUBBORN:
		offer(l, -1, "stubborn", "fight");
		offer(l, -1, "stubborn", "retreat");
		break;
	case MI_ADVANCE:
		for (int u = 0; u < g->nslots; u++) {
			int32_t r = minis__d(g, MD_WIN_MOVE) - 10;
			if (!((g->as.adv >> u) & 1))
				continue;
			snprintf(prefix, sizeof(prefix), "advance %s", minis__uid(g, u));
			offer(l, u, prefix, "occupy");
			for (int b = 0; b < 3600; b += 450) {
				struct minis_pt p = minis__offset(minis__pos(g, u), b, r);
				if (p.x < 0 || p.y < 0 || p.x > g->width || p.y > g->height)
					continue;
				pt_text(p.x, p.y, choice, sizeof(choice));
				offer(l, u, prefix, choice);
			}
		}
		offer(l, -1, "advance", "none");
		break;
	case MI_CASUALTY:
		for (int u = 0; u < g->nslots; u++)
			if (minis__side(g, u) == l->side && minis__real(g, u))
				offer(l, u, "casualty", minis__uid(g, u));
		break;
	default:
		break;
	}
}

static void text_lines(const struct legal *l, cJSON *out, int cols, int all)
{
	const cJSON *grp;
	char line[1200];

	if (cols < 40)
		cols = 40;
	cJSON_ArrayForEach(grp, l->groups)
	{
		const char *prefix = cJSON_GetObjectItemCaseSensitive(grp, "prefix")->valuestring;
		const cJSON *choices = cJSON_GetObjectItemCaseSensitive(grp, "choices"), *c;
		int n = cJSON_GetArraySize(choices), shown = 0, spaced = 0;
		size_t len;

		if (n == 0) {
			minis__line(out, "  %s", prefix);
			continue;
		}
		cJSON_ArrayForEach(c, choices) spaced |= strchr(c->valuestring, ' ') != NULL;
		len = (size_t)snprintf(line, sizeof(line), "  %s (%d):", prefix, n);
		cJSON_ArrayForEach(c, choices)
		{
			char word[LINE_MAX_];
			size_t w;
			int more = !all && shown == SHOWN;
			if (more)
				snprintf(word, sizeof(word), "... %d more (options all)",
				         n - shown);
			else
				snprintf(word, sizeof(word), "%s%s", c->valuestring,
				         spaced && c->next != NULL ? " |" : "");
			w = strlen(word);
			if (len + 1 + w > (size_t)cols || len + 1 + w >= sizeof(line)) {
				minis__line(out, "%s", line);
				len = (size_t)snprintf(line, sizeof(line), "    %s", word);
			} else {
				len +=
				    (size_t)snprintf(line + len, sizeof(line) - len, " %s", word);
			}
			if (more)
				break;
			shown++;
		}
		minis__line(out, "%s", line);
	}
}

int minis__q_options(const struct minis_game *g, const struct rules_viewer *who, int argc,
                     char **argv, cJSON *out, struct rules_error *err)
{
	static const uint8_t zero_seed[32];
	struct rules_pending p;
	struct legal l;
	int side = who->side, all = 0, unit = -1;

	for (int k = 1; k < argc; k++) {
		if (strcasecmp(argv[k], "all") == 0) {
			all = 1;
			continue;
		}
		if ((unit = minis__unit_arg(g, side, argv[k], 0, err)) < 0)
			return unit;
	}
	minis__pending((const struct rules_game *)g, &p);
	if (g->over || side < 0 || side >= RULES_SIDES || !minis__awaits(g, side)) {
		int other = side >= 0 && side < RULES_SIDES ? 1 - side : -1;
		cJSON_AddNumberToObject(out, "count", 0);
		cJSON_AddArrayToObject(out, "groups");
		if (!g->over && p.sides != 0) {
			int w = other >= 0 && (p.sides & RULES_AUD_SIDE(other)) ? other
			        : (p.sides & 1)                                 ? 0
			                                                        : 1;
			cJSON_AddStringToObject(out, "waits_for", g->sc->side_names[w]);
			minis__line(out, "no options: the game waits for %s", g->sc->side_names[w]);
		} else {
			minis__line(out, "no options: %s",
			            g->over ? "the game is over"
			                    : "you are not a player of this game");
		}
		return 0;
	}
	memset(&l, 0, sizeof(l));
	l.g = g;
	l.side = side;
	l.unit = unit;
	l.scratch = malloc(sizeof(*g));
	l.groups = cJSON_CreateArray();
	if (l.scratch == NULL || l.groups == NULL) {
		free(l.scratch);
		cJSON_Delete(l.groups);
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	}
	rules_dice_seed(&l.dice, zero_seed);
	if (g->intr != MI_NONE)
		gen_intr(&l);
	else if (g->phase == MP_DEPLOY)
		gen_deploy(&l);
	else if (g->phase == MP_ORDERS)
		gen_orders(&l);
	else if (g->phase == MP_DEFFIRE)
		gen_deffire(&l);
	else if (g->phase == MP_RALLY)
		gen_rally(&l);
	free(l.scratch);
	rules_dice_release(&l.dice);
	cJSON_AddStringToObject(out, "side", g->sc->side_names[side]);
	cJSON_AddStringToObject(out, "kind", p.kind[side]);
	cJSON_AddStringToObject(out, "what", p.what[side]);
	if (unit >= 0)
		cJSON_AddStringToObject(out, "unit", minis__uid(g, unit));
	cJSON_AddNumberToObject(out, "count", l.count);
	minis__line(out, "%s decides: %s", g->sc->side_names[side], p.what[side]);
	minis__line(out, "%d action%s: the prefix and one of its choices (or the prefix alone)",
	            l.count, l.count == 1 ? "" : "s");
	text_lines(&l, out, (who->cols > 0 ? who->cols : RULES_COLS_DEFAULT) - 2, all);
	cJSON_AddItemToObject(out, "groups", l.groups);
	return 0;
}
