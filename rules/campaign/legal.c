/*
 * legal.c -- `options`: every action the awaited decision allows the side
 * that asks, grouped by prefix (an action is the prefix, a space and one of
 * its choices, or the prefix alone), for programs and for people.  The
 * choices come from the same checks the actions run (camp__attach_check,
 * camp__commit_check, camp__reach, camp__entry_check, ...), so a program that
 * picks among them is never refused.  Where a choice is a set (the units of an
 * attack, a new Task Force), every subset is listed up to six candidates;
 * beyond that the whole set and each single unit (docs/games/campaign.md).
 */
#include "camp_int.h"

#include "rules/core/textmap.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define SHOWN 24 /* choices per group in text mode unless `all` */

struct opts {
	const struct camp_game *g;
	int side;
	cJSON *groups;
	cJSON *cur; /* the current group's choices */
	int count;
};

static void group(struct opts *o, const char *verb, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void group(struct opts *o, const char *verb, const char *fmt, ...)
{
	char prefix[160];
	cJSON *grp = cJSON_CreateObject();
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(prefix, sizeof(prefix), fmt, ap);
	va_end(ap);
	cJSON_AddStringToObject(grp, "verb", verb);
	cJSON_AddStringToObject(grp, "prefix", prefix);
	o->cur = cJSON_AddArrayToObject(grp, "choices");
	cJSON_AddItemToArray(o->groups, grp);
}

/* A group with no choice (the prefix alone is the action). */
static void alone(struct opts *o, const char *verb, const char *prefix)
{
	group(o, verb, "%s", prefix);
	o->count++;
}

static void choice(struct opts *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void choice(struct opts *o, const char *fmt, ...)
{
	char buf[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	cJSON_AddItemToArray(o->cur, cJSON_CreateString(buf));
	o->count++;
}

/* Drops the last group when it got no choice. */
static void close_group(struct opts *o)
{
	int n = cJSON_GetArraySize(o->groups);
	cJSON *last = cJSON_GetArrayItem(o->groups, n - 1);

	if (last != NULL &&
	    cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(last, "choices")) == 0)
		cJSON_DeleteItemFromArray(o->groups, n - 1);
}

/* ---- hands ------------------------------------------------------------------------------- */

static void hands(struct opts *o)
{
	const struct camp_scenario *sc = o->g->sc;
	int s = o->side, owned = 0, want, c[CAMP_NMARK];
	char buf[64];

	for (int k = 0; k < CAMP_NMARK; k++)
		owned += sc->markers[s][k];
	want = owned < sc->c2[s] ? owned : sc->c2[s];
	group(o, "select", "select");
	for (c[0] = 0; c[0] <= sc->markers[s][0]; c[0]++)
		for (c[1] = 0; c[1] <= sc->markers[s][1]; c[1]++)
			for (c[2] = 0; c[2] <= sc->markers[s][2]; c[2]++) {
				c[3] = want - c[0] - c[1] - c[2];
				if (c[3] < 0 || c[3] > sc->markers[s][3])
					continue;
				choice(o, "%s", camp__hand_text(c, buf, sizeof(buf)));
			}
	close_group(o);
}

/* ---- set-up ----------------------------------------------------------------------------- */

static void place_options(struct opts *o, const struct rules_hexlist *zone)
{
	const struct camp_game *g = o->g;
	struct rules_error e;
	char hb[RULES_HEX_ID_MAX];

	for (int i = 0; i < g->nunits; i++) {
		if (g->sc->units[i].side != o->side || g->u[i].where != CAMP_W_DRAWN)
			continue;
		group(o, "place", "place %s", camp__uid(g, i));
		for (int k = 0; k < zone->n; k++) {
			int h = zone->h[k];
			if (!camp__is_sea(g, h) && !camp__side_in(g, h, 1 - o->side))
				choice(o, "%s", camp__hex_id(g, h, hb));
		}
		if (!g->sc->units[i].hq)
			for (int h = 0; h < g->nunits; h++) {
				const struct camp_unit_def *d = &g->sc->units[h];
				if (!d->hq || d->side != o->side || g->u[h].where != CAMP_W_MAP ||
				    !rules_hexlist_has(zone, g->u[h].hex))
					continue;
				/* box_ok's checks, by the attach check's rules */
				if (g->sc->units[i].classes & CAMP_C_COASTAL)
					continue;
				if (camp__box_count(g, h) >= g->sc->c2[o->side])
					continue;
				if ((d->nat == CAMP_NAT_POLISH || d->nat == CAMP_NAT_US ||
				     g->sc->units[i].nat == CAMP_NAT_POLISH ||
				     g->sc->units[i].nat == CAMP_NAT_US) &&
				    d->nat != g->sc->units[i].nat)
					continue;
				{
					int clash = 0;
					for (int q = 0; q < g->nunits; q++)
						if (g->u[q].where == CAMP_W_BOX &&
						    g->u[q].tf == h) {
							int n = g->sc->units[q].nat,
							    un = g->sc->units[i].nat;
							if ((n == CAMP_NAT_POLISH ||
							     n == CAMP_NAT_US ||
							     un == CAMP_NAT_POLISH ||
							     un == CAMP_NAT_US) &&
							    n != un)
								clash = 1;
						}
					if (clash)
						continue;
				}
				choice(o, "%s", d->id);
			}
		close_group(o);
		(void)e;
	}
}

static void setup_hits(struct opts *o)
{
	const struct camp_game *g = o->g;
	int tf = g->sc->random[g->rh_next].tf;

	group(o, "hits", "hits");
	for (int i = 0; i < g->nunits; i++)
		if (g->u[i].where == CAMP_W_BOX && g->u[i].tf == tf &&
		    g->u[i].hits < g->sc->units[i].df)
			choice(o, "%s=1", camp__uid(g, i));
	close_group(o);
}

/* ---- the Preparation Phase ---------------------------------------------------------------- */

/* The 4th SSF landing on hex h: "ssf <hex>", or with the town when h is next to two of them
 * (13.1.4b). */
static void ssf_choices(struct opts *o, const struct camp_group *gr, int h)
{
	const struct camp_game *g = o->g;
	int towns[CAMP_MAX_TOWNS], nt = 0;
	char hb[RULES_HEX_ID_MAX];

	for (int k = 0; k < gr->ntowns; k++) {
		int z = gr->towns[k], next = 0;
		for (int d = 0; d < RULES_HEX_DIRS; d++) {
			int nb = rules_hex_neighbour(&g->sc->map.grid, h, d);
			next |= nb >= 0 && camp__in_zone(g, nb, z);
		}
		if (next && !camp__in_zone(g, h, z))
			towns[nt++] = z;
	}
	camp__hex_id(g, h, hb);
	if (nt == 1)
		choice(o, "%s %s", gr->id, hb);
	for (int k = 0; nt > 1 && k < nt; k++)
		choice(o, "%s %s %s", gr->id, hb, g->sc->map.zones[towns[k]].id);
}

static void reinforce(struct opts *o)
{
	const struct camp_game *g = o->g;
	const struct camp_scenario *sc = g->sc;
	struct rules_error e;
	char hb[RULES_HEX_ID_MAX];

	group(o, "play", "play G-1 reinforce");
	for (int k = 0; k < sc->ngroups; k++) {
		const struct camp_group *gr = &sc->groups[k];
		if (gr->side != o->side || !camp__group_due(g, k))
			continue;
		for (int i = 0; i < g->nunits; i++) {
			int ok = 1;
			if (sc->units[i].group != k || g->u[i].where != CAMP_W_WAITING)
				continue;
			for (int h = 0; h < sc->map.grid.count; h++) {
				if (gr->kind == CAMP_G_NORMAL || gr->kind == CAMP_G_51) {
					if (!rules_hexlist_has(&gr->entry, h))
						continue;
					ok = 1;
					for (int q = 0; q < g->nunits && ok; q++)
						if (sc->units[q].group == k &&
						    g->u[q].where == CAMP_W_WAITING)
							ok = camp__entry_check(g, k, q, h, &e) == 0;
				} else {
					ok = camp__entry_check(g, k, i, h, &e) == 0;
				}
				if (ok && gr->kind == CAMP_G_SSF)
					ssf_choices(o, gr, h);
				else if (ok)
					choice(o, "%s %s",
					       gr->kind == CAMP_G_PARA ? sc->units[i].id : gr->id,
					       camp__hex_id(g, h, hb));
			}
			if (gr->kind != CAMP_G_PARA)
				break; /* the group enters together */
		}
	}
	if (o->side == CAMP_GERMAN) {
		int pool = -1;
		for (int i = 0; i < g->nunits && pool < 0; i++)
			if (g->u[i].where == CAMP_W_POOL)
				pool = i;
		for (int k = 0; pool >= 0 && k < sc->scratch_entry.n; k++)
			if (camp__entry_check(g, -1, pool, sc->scratch_entry.h[k], &e) == 0)
				choice(o, "scratch %s",
				       camp__hex_id(g, sc->scratch_entry.h[k], hb));
	}
	close_group(o);
}

/* Every subset (by bit mask) of n candidates, at most six; else all and each single one. */
static int subsets(int n, int *masks, int max)
{
	int k = 0;

	if (n <= 6) {
		for (int m = 1; m < (1 << n) && k < max; m++)
			masks[k++] = m;
		return k;
	}
	masks[k++] = (1 << n) - 1;
	for (int i = 0; i < n && k < max; i++)
		masks[k++] = 1 << i;
	return k;
}

static void form(struct opts *o)
{
	const struct camp_game *g = o->g;
	char hb[RULES_HEX_ID_MAX];

	group(o, "play", "play G-1 form");
	for (int hq = 0; hq < g->nunits; hq++) {
		const struct camp_unit_def *d = &g->sc->units[hq];
		if (!d->hq || d->side != o->side || g->u[hq].where != CAMP_W_MAT)
			continue;
		for (int h = 0; h < g->sc->map.grid.count; h++) {
			int cand[16], n = 0, masks[70], nm;
			for (int i = 0; i < g->nunits && n < 16; i++) {
				const struct camp_unit_def *u = &g->sc->units[i];
				if (u->side != o->side || u->hq || g->u[i].where != CAMP_W_MAP ||
				    g->u[i].hex != h || (u->classes & CAMP_C_COASTAL))
					continue;
				if ((d->nat == CAMP_NAT_POLISH || d->nat == CAMP_NAT_US ||
				     u->nat == CAMP_NAT_POLISH || u->nat == CAMP_NAT_US) &&
				    u->nat != d->nat)
					continue;
				cand[n++] = i;
			}
			nm = subsets(n, masks, 70);
			for (int k = 0; k < nm; k++) {
				char list[200];
				size_t len = 0;
				int cnt = 0;
				for (int i = 0; i < n; i++)
					if (masks[k] & (1 << i)) {
						len += (size_t)snprintf(
						    list + len,
						    len < sizeof(list) ? sizeof(list) - len : 0,
						    " %s", camp__uid(g, cand[i]));
						cnt++;
					}
				if (cnt <= g->sc->c2[o->side])
					choice(o, "%s %s%s", d->id, camp__hex_id(g, h, hb), list);
			}
		}
	}
	close_group(o);
}

static void prep(struct opts *o)
{
	const struct camp_game *g = o->g;
	struct rules_error e;

	if (g->hand[o->side][0] > 0) {
		reinforce(o);
		group(o, "play", "play G-1 regroup");
		for (int i = 0; i < g->nunits; i++)
			if (g->sc->units[i].hq && g->sc->units[i].side == o->side &&
			    g->u[i].where == CAMP_W_MAP)
				choice(o, "%s", camp__uid(g, i));
		close_group(o);
		form(o);
		group(o, "play", "play G-1 recover");
		for (int i = 0; i < g->nunits; i++) {
			const struct camp_unit_def *d = &g->sc->units[i];
			int hex = camp__unit_hex(g, i);
			if (d->side != o->side || d->hq || g->u[i].hits == 0 ||
			    (d->classes & CAMP_C_ELITE) || (g->u[i].flags & CAMP_F_RECOVERED) ||
			    hex < 0 ||
			    (g->u[i].where != CAMP_W_MAP && g->u[i].where != CAMP_W_BOX) ||
			    camp__isolated(g, hex, o->side))
				continue;
			choice(o, "%s", d->id);
		}
		close_group(o);
		group(o, "play", "play G-1 carry");
		for (int i = 0; i < g->nunits; i++) {
			const struct camp_unit_def *d = &g->sc->units[i];
			if (d->side != o->side || g->u[i].where != CAMP_W_MAP ||
			    !(d->classes & CAMP_C_INFANTRY) ||
			    (d->classes & (CAMP_C_MOTOR | CAMP_C_MECH)))
				continue;
			for (int c = 0; c < g->nunits; c++)
				if (g->sc->units[c].special == CAMP_SP_ASSAULT &&
				    g->sc->units[c].side == o->side &&
				    g->u[c].where == CAMP_W_MAP && g->u[c].hex == g->u[i].hex &&
				    g->u[c].partner < 0) {
					choice(o, "%s", d->id);
					break;
				}
		}
		close_group(o);
	}
	if (o->side == CAMP_ALLIED && g->d51 == 1 && g->d51_entry != g->turn)
		alone(o, "withdraw", "withdraw");
	(void)e;
}

/* ---- the Operations Phase ------------------------------------------------------------------ */

static void moves(struct opts *o, int strategic)
{
	const struct camp_game *g = o->g;
	const struct rules_hex_grid *gr = &g->sc->map.grid;
	int *cost = malloc((size_t)gr->count * sizeof(int)),
	    *prev = malloc((size_t)gr->count * sizeof(int));
	struct rules_error e;
	char hb[RULES_HEX_ID_MAX];

	if (cost == NULL || prev == NULL) {
		free(cost);
		free(prev);
		return;
	}
	for (int i = 0; i < g->nunits; i++) {
		if (g->sc->units[i].side != o->side || g->u[i].where != CAMP_W_MAP ||
		    (!g->sc->units[i].hq && g->u[i].partner >= 0 &&
		     g->sc->units[i].special != CAMP_SP_ASSAULT) ||
		    camp__may_move(g, o->side, i, strategic, &e) != 0)
			continue;
		group(o, "play", "play %s %s %s to", strategic ? "G-4" : "G-3",
		      strategic ? "strategic" : "move", camp__uid(g, i));
		if (g->sc->units[i].special == CAMP_SP_SSF && camp__is_sea(g, g->u[i].hex)) {
			for (int d = 0; d < RULES_HEX_DIRS; d++) {
				int n = rules_hex_neighbour(gr, g->u[i].hex, d);
				if (n >= 0 && camp__in_zone(g, n, g->ssf_town) &&
				    !camp__side_in(g, n, 1 - o->side))
					choice(o, "%s", camp__hex_id(g, n, hb));
			}
		} else if (camp__reach(g, i, strategic, cost, prev) == 0) {
			for (int h = 0; h < gr->count; h++)
				if (cost[h] >= 0)
					choice(o, "%s", camp__hex_id(g, h, hb));
		}
		close_group(o);
	}
	free(cost);
	free(prev);
}

static void attacks(struct opts *o)
{
	const struct camp_game *g = o->g;
	struct rules_error e;
	char hb[RULES_HEX_ID_MAX];

	for (int i = 0; i < g->nunits; i++) {
		int from;
		if (g->sc->units[i].side != o->side || g->u[i].where != CAMP_W_MAP)
			continue;
		from = g->u[i].hex;
		group(o, "play", "play G-3 attack %s", camp__uid(g, i));
		for (int d = 0; d < RULES_HEX_DIRS; d++) {
			int t = rules_hex_neighbour(&g->sc->map.grid, from, d), np, apc, masks[70],
			    nm;
			int16_t part[CAMP_MAX_C2 + 2], all[CAMP_MAX_C2 + 2];
			int nall = 0;
			if (t < 0 || !camp__side_in(g, t, 1 - o->side))
				continue;
			camp__hex_id(g, t, hb);
			if (camp__attack_check(g, o->side, i, t, 0, NULL, all, &nall, &apc, &e) ==
			    0)
				choice(o, "%s", hb);
			/* the candidates: every member that may take part */
			{
				int16_t m[CAMP_MAX_C2 + 2];
				int n = camp__members(g, i, m);
				nall = 0;
				for (int k = 0; k < n; k++)
					all[nall++] = m[k];
			}
			if (nall <= 1)
				continue;
			nm = subsets(nall, masks, 70);
			for (int k = 0; k < nm; k++) {
				char *named[CAMP_MAX_C2 + 2], list[200];
				int nn = 0;
				size_t len = 0;
				if (masks[k] == (1 << nall) - 1)
					continue; /* the default already */
				for (int q = 0; q < nall; q++)
					if (masks[k] & (1 << q)) {
						named[nn++] = (char *)camp__uid(g, all[q]);
						len += (size_t)snprintf(
						    list + len,
						    len < sizeof(list) ? sizeof(list) - len : 0,
						    " %s", camp__uid(g, all[q]));
					}
				if (camp__attack_check(g, o->side, i, t, nn, named, part, &np, &apc,
				                       &e) == 0)
					choice(o, "%s%s", hb, list);
			}
		}
		close_group(o);
	}
}

static void ops(struct opts *o)
{
	const struct camp_game *g = o->g;
	struct rules_error e;
	int dest;

	if (g->hand[o->side][1] > 0 && g->opintel == 0) {
		group(o, "play", "play G-2 intel");
		choice(o, "hand");
		choice(o, "oob");
	}
	if (g->hand[o->side][2] > 0) {
		moves(o, 0);
		attacks(o);
	}
	if (g->hand[o->side][3] > 0) {
		moves(o, 1);
		group(o, "play", "play G-4 ferry");
		for (int i = 0; i < g->nunits; i++) {
			const struct camp_unit_def *d = &g->sc->units[i];
			if (d->side != o->side || d->hq || g->u[i].where != CAMP_W_MAP ||
			    d->mf == 0 || (g->u[i].flags & (CAMP_F_RECOVERED | CAMP_F_CROSSED)))
				continue;
			if (camp__ferry_dest(g, o->side, i, &dest, &e) >= 0)
				choice(o, "%s", d->id);
		}
		close_group(o);
	}
}

/* ---- battles -------------------------------------------------------------------------------- */

static void commits(struct opts *o)
{
	const struct camp_game *g = o->g;
	struct rules_error e;

	group(o, "commit", "commit");
	for (int g2 = 0; g2 <= 1; g2++)
		for (int art = 0; art <= 1; art++)
			for (int air = 0; air <= (o->side == CAMP_ALLIED); air++)
				for (int r = -1; r < (g->opt.reaction ? g->nunits : 0); r++) {
					struct camp_commit c = {0, g2, art, air, r};
					char list[120];
					size_t len = 0;
					if (r >= 0 && (g->sc->units[r].side != o->side ||
					               g->u[r].where != CAMP_W_MAP))
						continue;
					if (camp__commit_check(g, o->side, &c, &e) != 0)
						continue;
					list[0] = '\0';
					if (g2)
						len += (size_t)snprintf(list + len,
						                        sizeof(list) - len, " G-2");
					if (art)
						len += (size_t)snprintf(list + len,
						                        sizeof(list) - len, " G-4");
					if (air)
						len += (size_t)snprintf(
						    list + len, sizeof(list) - len, " G-4=air");
					if (r >= 0)
						snprintf(list + len, sizeof(list) - len, " G-3=%s",
						         camp__uid(g, r));
					choice(o, "%s", len || r >= 0 ? list + 1 : "none");
				}
	close_group(o);
}

struct path_opts {
	struct opts *o;
	const struct camp_game *g;
};

static void path_choice(void *ctx, const int *path, int n)
{
	struct path_opts *p = ctx;
	char buf[120], hb[RULES_HEX_ID_MAX];
	size_t len = 0;

	buf[0] = '\0';
	for (int k = 0; k < n; k++)
		len += (size_t)snprintf(buf + len, len < sizeof(buf) ? sizeof(buf) - len : 0,
		                        "%s%s", k ? " " : "", camp__hex_id(p->g, path[k], hb));
	choice(p->o, "%s", buf);
}

static void battle(struct opts *o)
{
	const struct camp_game *g = o->g;
	struct rules_error e;

	switch (g->await) {
	case CAMP_AW_COMMIT:
		commits(o);
		return;
	case CAMP_AW_HITS:
		group(o, "hits", "hits");
		for (int i = 0; i < g->nunits; i++)
			if (camp__hit_ok(g, i))
				choice(o, "%s=1", camp__uid(g, i));
		close_group(o);
		return;
	case CAMP_AW_RETREATS:
		group(o, "retreats", "retreats");
		for (int n = 0; n <= camp__max_retreats(g); n++)
			choice(o, "%d", n);
		return;
	case CAMP_AW_RETREAT: {
		int16_t r[CAMP_MAX_BATTLE];
		int nr = camp__retreaters(g, r);
		struct path_opts p = {o, g};
		for (int k = 0; k < nr; k++) {
			group(o, "retreat", "retreat %s", camp__uid(g, r[k]));
			camp__retreat_paths(g, r[k], g->b.retreat_len, path_choice, &p);
			close_group(o);
		}
		return;
	}
	case CAMP_AW_ADVANCE:
		group(o, "advance", "advance");
		if (camp__advance_check(g, &e) == 0)
			choice(o, "yes");
		choice(o, "no");
		return;
	default:
		return;
	}
}

/* ---- the query --------------------------------------------------------------------------------
 */

static void collect(struct opts *o)
{
	const struct camp_game *g = o->g;
	struct rules_error e;
	char hb[RULES_HEX_ID_MAX];

	switch (g->phase) {
	case CAMP_PH_SETUP_HITS:
		setup_hits(o);
		return;
	case CAMP_PH_SETUP_SCRATCH:
		place_options(o, &g->sc->scratch_zone);
		return;
	case CAMP_PH_SETUP_FREE: {
		int unplaced = 0;
		place_options(o, &g->sc->free_zone[o->side]);
		for (int i = 0; i < g->nunits; i++)
			unplaced |= g->sc->units[i].side == o->side &&
			            g->u[i].where == CAMP_W_DRAWN && !g->sc->units[i].hq;
		if (!unplaced)
			alone(o, "end", "end");
		return;
	}
	case CAMP_PH_HAND:
	case CAMP_PH_PLANNING:
		hands(o);
		return;
	default:
		break;
	}
	switch (g->await) {
	case CAMP_AW_PHASE:
		if (g->phase == CAMP_PH_PREP)
			prep(o);
		else
			ops(o);
		if (o->side == CAMP_ALLIED && !g->dikes && !g->walcheren_entered)
			alone(o, "dikes", "dikes");
		alone(o, "end", "end");
		return;
	case CAMP_AW_REGROUP:
		for (int i = 0; i < g->nunits; i++) {
			if (g->sc->units[i].side != o->side || g->sc->units[i].hq ||
			    (g->u[i].where != CAMP_W_MAP && g->u[i].where != CAMP_W_BOX))
				continue;
			group(o, "attach", "attach %s", camp__uid(g, i));
			for (int h = 0; h < g->nunits; h++)
				if (g->sc->units[h].hq && camp__attach_check(g, i, h, &e) == 0)
					choice(o, "%s", camp__uid(g, h));
			close_group(o);
			group(o, "detach", "detach %s", camp__uid(g, i));
			for (int d = -1; d < RULES_HEX_DIRS; d++) {
				int h = d < 0 ? g->rg.hex
				              : rules_hex_neighbour(&g->sc->map.grid, g->rg.hex, d);
				if (h >= 0 && camp__detach_check(g, i, h, &e) == 0)
					choice(o, "%s", camp__hex_id(g, h, hb));
			}
			close_group(o);
		}
		alone(o, "done", "done");
		return;
	case CAMP_AW_WITHDRAW:
		group(o, "withdraw", "withdraw");
		for (int i = 0; i < g->nunits; i++)
			if (camp__wd_candidate(g, i))
				choice(o, "%s", camp__uid(g, i));
		close_group(o);
		return;
	default:
		battle(o);
		return;
	}
}

static void wrap_line(void *ctx, const char *text)
{
	camp__line(ctx, "%s", text);
}

static void text_lines(const struct opts *o, cJSON *out, int all)
{
	const cJSON *grp;

	cJSON_ArrayForEach(grp, o->groups)
	{
		const char *prefix =
		    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(grp, "prefix"));
		const cJSON *choices = cJSON_GetObjectItemCaseSensitive(grp, "choices"), *c;
		int n = cJSON_GetArraySize(choices), k = 0;
		char line[1024];
		size_t len;

		if (n == 0) {
			camp__line(out, "%s", prefix);
			continue;
		}
		len = (size_t)snprintf(line, sizeof(line), "%s:", prefix);
		cJSON_ArrayForEach(c, choices)
		{
			if (!all && k == SHOWN) {
				len += (size_t)snprintf(line + len,
				                        len < sizeof(line) ? sizeof(line) - len : 0,
				                        " ... (%d more; options all)", n - SHOWN);
				break;
			}
			len += (size_t)snprintf(line + len,
			                        len < sizeof(line) ? sizeof(line) - len : 0,
			                        "%s %s", k ? "," : "", c->valuestring);
			k++;
			if (len > 900)
				break;
		}
		rules_text_wrap(line, 78, 4, wrap_line, out);
	}
}

int camp__q_options(const struct camp_game *g, const struct rules_viewer *who, int argc,
                    char **argv, cJSON *out, struct rules_error *err)
{
	struct rules_pending p;
	struct opts o;
	int all = argc == 2 && strcasecmp(argv[1], "all") == 0;

	if (argc == 2 && !all)
		return rules_fail(err, WG_E_BAD_ARGS, "", "options [all]");
	camp__pending((const struct rules_game *)g, &p);
	memset(&o, 0, sizeof(o));
	o.g = g;
	o.side = who->side;
	if (who->side < 0 || who->side >= RULES_SIDES || !(p.sides & RULES_AUD_SIDE(who->side))) {
		int w = (p.sides & 1) ? 0 : (p.sides & 2) ? 1 : -1;
		cJSON_AddArrayToObject(out, "groups");
		cJSON_AddNumberToObject(out, "count", 0);
		if (w >= 0) {
			cJSON_AddStringToObject(out, "waits_for", camp__side(g, w));
			camp__line(out, "nothing for you now: the game waits for the %s (%s)",
			           camp__side(g, w), p.what[w]);
		} else {
			camp__line(out, "nothing: the game is over");
		}
		return 0;
	}
	cJSON_AddStringToObject(out, "side", camp__side(g, who->side));
	cJSON_AddStringToObject(out, "kind", p.kind[who->side]);
	cJSON_AddStringToObject(out, "what", p.what[who->side]);
	o.groups = cJSON_AddArrayToObject(out, "groups");
	collect(&o);
	cJSON_AddNumberToObject(out, "count", o.count);
	camp__line(out, "%s", p.what[who->side]);
	text_lines(&o, out, all);
	return 0;
}
