/*
 * move.c -- set-up placement (FM-3.0), movement along a player-given path
 * or the cheapest path (FM-5), zones of control on movement (FM-6.1),
 * reinforcement entry (FM-4.1-04, AMB-43) and `reach`.
 *
 * A move is validated hex by hex with one function, step(), that both the
 * path checker and the cheapest-path search use, so `reach`, `move ... to`
 * and `move <path>` can never disagree.  The exclusive module's move_step
 * hook sees each step first (it may refuse with its own rule, add MP, force
 * a stop, or allow a step over a prohibited hexside by exception).
 *
 * Stacking (FM-5.3): a unit never ends an action in an occupied hex unless
 * the module's may_share allows it (fm__may_stack); enemy units are found
 * with fm__enemy_in, since a beach-assault hex may hold both sides.
 */
#include "fm_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The state of a unit in the middle of a move. */
struct mstate {
	int hex;
	int mp;      /* half MP spent this phase */
	int first;   /* no step taken yet this phase */
	int stopped; /* must stop here */
	int left;    /* has stood outside an EZOC since the move began */
};

static int ma_half(const struct fm_game *g, int unit)
{
	return fm__cur(g, unit)->ma * 2;
}

/* What a search knows of the state it searches, which does not change while it runs: the
 * EZOC of each hex once worked out (-1: not yet), and the units per hex (steps.c). */
struct mctx {
	int8_t *ezoc;
	struct fm_occ occ;
};

/* Whether hex is in an enemy ZOC for side, through the search's context (NULL: none). */
static int in_ezoc(const struct fm_game *g, struct mctx *ctx, int hex, int side)
{
	if (ctx == NULL)
		return fm__in_ezoc(g, hex, side);
	if (ctx->ezoc[hex] < 0)
		ctx->ezoc[hex] = (int8_t)fm__in_ezoc_occ(g, &ctx->occ, hex, side);
	return ctx->ezoc[hex];
}

/*
 * One step of unit from cur->hex to `to`, in direction dir (-1: `to` is not adjacent).
 * Fills *next and returns 0, or fails with the rule that forbids it (err may be NULL for
 * searches).  What depends on the map alone comes from its tables (steps.c).
 */
static int step_dir(const struct fm_game *g, int unit, const struct mstate *cur, int to, int dir,
                    struct mstate *next, struct mctx *ctx, struct rules_error *err)
{
	const struct fm_unit_def *d = fm__def(g, unit);
	const struct fm_steps *t = g->sc->steps;
	char a[RULES_HEX_ID_MAX], b[RULES_HEX_ID_MAX];
	int side = d->side, ma = ma_half(g, unit), cost, stop = 0, ez_from, ez_to, occ;
	int exception = 0;
	int commando = (d->abilities & FM_AB_COMMANDO) != 0;
	size_t k;

	if (to < 0 || dir < 0)
		return RULES_FAIL(err, WG_E_ILLEGAL_MOVE, "FM-5.1-03",
		                  "%s is not adjacent to %s: a unit moves through contiguous hexes "
		                  "(FM-5.1)",
		                  fm__hex_id(g, to, b), fm__hex_id(g, cur->hex, a));
	k = (size_t)cur->hex * RULES_HEX_DIRS + (size_t)dir;
	if (cur->stopped)
		return rules_fail(
		    err, WG_E_ILLEGAL_MOVE, "FM-6.1-01",
		    "%s must stop in %s: it entered an enemy zone of control or spent "
		    "all its MP there (FM-6.1)",
		    d->id, fm__hex_id(g, cur->hex, a));
	occ = ctx != NULL ? fm__occ_enemy(g, &ctx->occ, to, side) : fm__enemy_in(g, to, side);
	if (occ >= 0)
		return RULES_FAIL(err, WG_E_ILLEGAL_MOVE, "FM-5.2-06",
		                  "%s cannot enter %s: it holds the enemy unit %s (FM-5.2)", d->id,
		                  fm__hex_id(g, to, b), fm__def(g, occ)->id);
	cost = t->cost[k]; /* fm__step_cost */
	if (g->sc->module->move_step != NULL) {
		int rc = g->sc->module->move_step(g, unit, cur->hex, to, t->slot[k], cur->mp,
		                                  cur->first, &cost, &stop, err);
		if (rc < 0)
			return rc;
		exception = rc == FM_HOOK_ALLOW;
	}
	if (!exception && (t->side[k] & (d->mobile ? FM_SS_CLOSED_MOBILE : FM_SS_CLOSED_LEG)))
		return RULES_FAIL(err, WG_E_ILLEGAL_MOVE, "FM-5.2-07",
		                  "%s cannot cross the hexside %s/%s: it is prohibited (FM-5.2)",
		                  d->id, fm__hex_id(g, cur->hex, a), fm__hex_id(g, to, b));
	if (!exception && (t->hex[to] & (d->mobile ? FM_SH_CLOSED_MOBILE : FM_SH_CLOSED_LEG)))
		return rules_fail(
		    err, WG_E_ILLEGAL_MOVE, "FM-5.2-07",
		    "%s cannot enter %s: its terrain is prohibited to %s units (FM-5.2)", d->id,
		    fm__hex_id(g, to, b), d->mobile ? "mobile" : "these");
	if (cost == -2) {
		/* all-MP terrain: first hex of the phase, from an adjacent start (BS-TEM-05) */
		if (!cur->first || cur->mp != 0)
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, "FM-5.2-04",
			    "%s can enter %s only as the first hex of its move, spending "
			    "all its MP (terrain costs all MP)",
			    d->id, fm__hex_id(g, to, b));
		cost = ma;
		stop = 1;
	}
	ez_from = in_ezoc(g, ctx, cur->hex, side);
	ez_to = in_ezoc(g, ctx, to, side);
	if (ez_to && ez_from && !commando &&
	    ((t->side[k] & FM_SS_MINEFIELD) || (t->hex[to] & FM_SH_FORT)))
		return RULES_FAIL(err, WG_E_ILLEGAL_MOVE, "FM-6.1-07",
		                  "%s cannot move from one enemy ZOC hex to another %s (FM-6.1 "
		                  "exception)",
		                  d->id,
		                  (t->hex[to] & FM_SH_FORT) ? "into a fortification hex"
		                                            : "across a minefield hexside");
	if (ez_to && !d->mobile) {
		if (ez_from && cur->first) {
			/* FM-6.1-02: EZOC to EZOC by spending the whole printed MA */
			if (cost > ma)
				return RULES_FAIL(err, WG_E_ILLEGAL_MOVE, "FM-6.1-02",
				                  "%s cannot move from EZOC to EZOC into %s: the "
				                  "terrain costs more than its printed MA (FM-6.1)",
				                  d->id, fm__hex_id(g, to, b));
			if (!commando) {
				if (cur->mp != 0)
					return rules_fail(
					    err, WG_E_ILLEGAL_MOVE, "FM-6.1-02",
					    "%s must spend its whole printed MA to move "
					    "from EZOC to EZOC (FM-6.1)",
					    d->id);
				cost = ma;
			}
			stop = 1;
		} else if (!ez_from) {
			/* FM-6.1-01 / FM-6.1-04: entering an EZOC stops a leg unit */
			if (!(cur->left && !cur->first && !g->opt.leg_halts &&
			      g->u[unit].start_ezoc))
				stop = 1;
		} else {
			return RULES_FAIL(err, WG_E_ILLEGAL_MOVE, "FM-6.1-01",
			                  "%s is in an enemy ZOC and must stop (FM-6.1)", d->id);
		}
	} else if (ez_to) {
		/* FM-6.1-05/06: a mobile unit pays half its printed MA, rounded down */
		if (!commando)
			cost += (fm__cur(g, unit)->ma / 2) * 2;
		if (g->opt.mobile_stops)
			stop = 1;
	}
	if (cur->mp + cost > ma)
		return RULES_FAIL(err, WG_E_ILLEGAL_MOVE, "FM-5.2-04",
		                  "%s lacks the MP to enter %s: it costs %g MP, %g of %d MP remain "
		                  "(FM-5.2)",
		                  d->id, fm__hex_id(g, to, b), cost / 2.0, (ma - cur->mp) / 2.0,
		                  ma / 2);
	next->hex = to;
	next->mp = cur->mp + cost;
	next->first = 0;
	next->stopped = stop;
	next->left = cur->left || !ez_to;
	return 0;
}

/* step_dir to any hex `to` (a path's next hex): the direction worked out here. */
static int step(const struct fm_game *g, int unit, const struct mstate *cur, int to,
                struct mstate *next, struct rules_error *err)
{
	int dir = to >= 0 ? rules_hex_direction(&g->sc->map.grid, cur->hex, to) : -1;

	return step_dir(g, unit, cur, to, dir, next, NULL, err);
}

static void start_state(const struct fm_game *g, int unit, struct mstate *st)
{
	const struct fm_unit *u = &g->u[unit];

	st->hex = u->hex;
	st->first = u->move_start < 0 || (u->hex == u->move_start && u->mp_half == 0);
	st->mp = st->first ? 0 : u->mp_half;
	st->stopped = (u->flags & FM_UF_STOPPED) != 0;
	st->left = st->first ? !fm__in_ezoc(g, u->hex, fm__side_of(g, unit)) : u->left_ezoc;
}

int fm__may_move(const struct fm_game *g, int unit, struct rules_error *err)
{
	const struct fm_unit_def *d = fm__def(g, unit);
	const struct fm_unit *u = &g->u[unit];

	if (u->where != FM_W_MAP)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-5.1-01", "%s is not on the map",
		                  d->id);
	if (g->phase != FM_PH_MOVEMENT && g->phase != FM_PH_MOBILE_MOVE)
		return rules_fail(err, WG_E_WRONG_PHASE, "FM-5.2-01",
		                  "units move only in their own Movement or Mobile Movement Phase "
		                  "(FM-5.2); this is the %s",
		                  fm__phase_name(g->phase));
	if (g->phase == FM_PH_MOBILE_MOVE && !d->mobile)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-5.5-03",
		                  "%s is a leg unit: leg units cannot move in the Mobile Movement "
		                  "Phase (FM-5.5)",
		                  d->id);
	if (g->phase == FM_PH_MOBILE_MOVE && (u->flags & FM_UF_MOVED))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-5.5-02",
		                  "%s moved in the Movement Phase and cannot move in the Mobile "
		                  "Movement Phase (FM-5.5)",
		                  d->id);
	if (u->flags & FM_UF_ADVANCED)
		return rules_fail(
		    err, WG_E_ILLEGAL_MOVE, "FM-8.5-12",
		    "%s advanced after combat and may do nothing else this player turn "
		    "(FM-8.5)",
		    d->id);
	if (g->sc->module->may_act != NULL) {
		int rc = g->sc->module->may_act(g, unit, FM_ACT_MOVE, err);
		if (rc)
			return rc;
	}
	if (u->flags & FM_UF_DONE)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-5.2-10",
		                  "%s has finished its movement this phase (FM-5.2; a unit moves "
		                  "until another unit moves, AMB-20)",
		                  d->id);
	return 0;
}

void fm__finish_mover(struct fm_game *g)
{
	if (g->mover >= 0 && g->mover < g->nunits)
		g->u[g->mover].flags |= FM_UF_DONE;
	g->mover = -1;
}

/* Bytes of a search's arrays kept on the stack (a larger map's are malloc'd). */
#define SEARCH_STACK 32768

/* Buckets of a reach search's frontier: one per half MP spent, up to a printed MA of 63. */
#define FRONTIER_BUCKETS 128

/*
 * The nodes a search has yet to expand; a node is there more than once when it got cheaper
 * (the costlier entry is skipped as done when it comes up).  Two orders:
 *  - scanned (a path's search): the cheapest entry is found by a scan, the first of equals
 *    after swap-removals.  Which of two equally cheap paths `move ... to` takes depends on
 *    that order, and stored games replay the moves they made, so it never changes.
 *  - bucketed (reach): a bucket per half MP spent, from the cheapest up (Dial's
 *    algorithm).  Every node is still expanded at its least cost, so the cost of ending in
 *    each hex is the scanned search's; only the order among equals differs.
 */
struct frontier {
	int *node;    /* each entry's node */
	int *link;    /* bucketed: the next entry in the same bucket (-1: none) */
	int n, cap;   /* entries (scanned: waiting; bucketed: ever pushed), room for them */
	int *grown;   /* node and link once they outgrow the search's block (one malloc) */
	int bucketed; /* which order (above) */
	int nbuckets; /* bucketed: the highest cost + 1 */
	int low;      /* bucketed: no entry is in a bucket below this one */
	int head[FRONTIER_BUCKETS]; /* bucketed: each bucket's last entry pushed (-1: empty) */
};

static int frontier_push(struct frontier *f, int node, int cost)
{
	if (f->n == f->cap) {
		size_t cap = (size_t)f->cap * 2;
		int *more = malloc(sizeof(int) * cap * 2);
		if (more == NULL)
			return WG_E_NO_MEMORY;
		memcpy(more, f->node, sizeof(int) * (size_t)f->n);
		memcpy(more + cap, f->link, sizeof(int) * (size_t)f->n);
		free(f->grown);
		f->grown = f->node = more;
		f->link = more + cap;
		f->cap = (int)cap;
	}
	f->node[f->n] = node;
	if (f->bucketed) {
		/* costs only grow along a move (FM-5.2): never below the bucket being emptied */
		int b = cost < f->low ? f->low : cost >= f->nbuckets ? f->nbuckets - 1 : cost;
		f->link[f->n] = f->head[b];
		f->head[b] = f->n;
	}
	f->n++;
	return 0;
}

/* The next node to expand: the cheapest entry's (removed), or -1 when none is left. */
static int frontier_pop(struct frontier *f, const int *dist)
{
	int bi = 0, node;

	if (f->bucketed) {
		while (f->low < f->nbuckets && f->head[f->low] < 0)
			f->low++;
		if (f->low == f->nbuckets)
			return -1;
		bi = f->head[f->low];
		f->head[f->low] = f->link[bi];
		return f->node[bi];
	}
	if (f->n == 0)
		return -1;
	for (int k = 1; k < f->n; k++)
		if (dist[f->node[k]] < dist[f->node[bi]])
			bi = k;
	node = f->node[bi];
	f->node[bi] = f->node[--f->n];
	return node;
}

/*
 * Cheapest-move search from the unit's current state (Dijkstra over hex x
 * "has left an EZOC").  Fills end[hex] with the least half-MP to end a
 * move there (-1 = cannot) and, when prev != NULL, prev[2*count + hex] with
 * the node the best ending came from and prev[node] the tree.  With a
 * target (>= 0) it stops once no node left can end cheaper there: end[] and
 * prev[] are then final for target (and its path) only, exactly as a full
 * search would leave them, since costs never go down along a move.
 */
static int search(const struct fm_game *g, int unit, int *end, int *prev, int target)
{
	int count = g->sc->map.grid.count, nn = 2 * count, origin = g->u[unit].hex;
	const int16_t *nb = g->sc->steps->nb;
	/* one block: dist[nn], the frontier's node[nn] and link[nn], the occupancy heads[count],
	 * then done[nn] and ezoc[count]; on the stack for maps of up to about 1,100 hexes */
	size_t need = sizeof(int) * (size_t)(3 * nn) + sizeof(int16_t) * (size_t)count +
	              (size_t)nn + (size_t)count;
	union {
		int align;
		char c[SEARCH_STACK];
	} local;
	char *block = need <= sizeof(local.c) ? local.c : malloc(need);
	int *dist = (int *)(void *)block, node, rc = 0;
	int16_t *heads = dist != NULL ? (int16_t *)(dist + 3 * nn) : NULL;
	uint8_t *done = dist != NULL ? (uint8_t *)(heads + count) : NULL;
	struct frontier f;
	struct mstate st0;
	struct mctx ctx;

	if (block == NULL)
		return WG_E_NO_MEMORY;
	f.node = dist + nn;
	f.link = dist + 2 * nn;
	f.n = 0;
	f.cap = nn;
	f.grown = NULL;
	f.nbuckets = ma_half(g, unit) + 1;
	f.bucketed = prev == NULL && target < 0 && f.nbuckets <= FRONTIER_BUCKETS;
	f.low = 0;
	if (f.bucketed)
		for (int b = 0; b < f.nbuckets; b++)
			f.head[b] = -1;
	memset(done, 0, (size_t)nn);
	ctx.ezoc = (int8_t *)(done + nn);
	memset(ctx.ezoc, -1, (size_t)count); /* not worked out yet */
	ctx.occ.head = heads;
	fm__occ_build(g, &ctx.occ);
	start_state(g, unit, &st0);
	for (int i = 0; i < nn; i++)
		dist[i] = -1;
	for (int h = 0; h < count; h++)
		end[h] = -1;
	if (st0.stopped)
		goto out;
	dist[2 * origin + st0.left] = st0.mp;
	frontier_push(&f, 2 * origin + st0.left, st0.mp); /* the block has room for it */
	if (prev != NULL)
		prev[2 * origin + st0.left] = -1;
	while ((node = frontier_pop(&f, dist)) >= 0) {
		int hex;
		struct mstate cur;
		if (target >= 0 && end[target] >= 0 && dist[node] >= end[target])
			break; /* nothing left can end cheaper at target: its path is final */
		if (done[node])
			continue;
		done[node] = 1;
		hex = node / 2;
		cur.hex = hex;
		cur.mp = dist[node];
		cur.first =
		    hex == origin && st0.first && cur.mp == st0.mp && (node & 1) == st0.left;
		cur.stopped = 0;
		cur.left = node & 1;
		for (int d = 0; d < RULES_HEX_DIRS; d++) {
			struct mstate nx;
			int to = nb[hex * RULES_HEX_DIRS + d], nnode;
			if (to < 0 || step_dir(g, unit, &cur, to, d, &nx, &ctx, NULL) != 0)
				continue;
			/* fm__may_stack: the unit itself is at origin, not at to */
			if (to != origin && (ctx.occ.head[to] < 0 || fm__may_stack(g, unit, to)) &&
			    (end[to] < 0 || nx.mp < end[to])) {
				end[to] = nx.mp;
				if (prev != NULL)
					prev[nn + to] = node;
			}
			if (nx.stopped)
				continue;
			nnode = 2 * to + nx.left;
			if (!done[nnode] && (dist[nnode] < 0 || nx.mp < dist[nnode])) {
				dist[nnode] = nx.mp;
				if (prev != NULL)
					prev[nnode] = node;
				if ((rc = frontier_push(&f, nnode, nx.mp)) != 0)
					goto out;
			}
		}
	}
out:
	if (block != local.c)
		free(block);
	free(f.grown);
	return rc;
}

int fm__reach(const struct fm_game *g, int unit, int *cost_half, int *prev)
{
	return search(g, unit, cost_half, prev, -1);
}

/* Hexes of a map whose path search arrays cheapest_path keeps on the stack. */
#define PATH_STACK 1024

/* Builds the cheapest path from the unit's hex to target into path (excluding the start). */
static int cheapest_path(const struct fm_game *g, int unit, int target, int *path, int *n)
{
	int count = g->sc->map.grid.count;
	/* end[count], then prev[3 count]: on the stack for maps of up to PATH_STACK hexes */
	int local[4 * PATH_STACK];
	int *end = count <= PATH_STACK ? local : malloc(sizeof(int) * (size_t)(4 * count));
	int *prev = end != NULL ? end + count : NULL;
	int rev[512], nr = 0, node, rc = 0;

	if (end == NULL)
		return WG_E_NO_MEMORY;
	rc = search(g, unit, end, prev, target);
	if (rc == 0 && end[target] < 0)
		rc = -1;
	if (rc == 0) {
		rev[nr++] = target;
		node = prev[2 * count + target];
		while (node >= 0 && nr < 512) {
			if (node / 2 == g->u[unit].hex && prev[node] < 0)
				break;
			rev[nr++] = node / 2;
			node = prev[node];
		}
		*n = nr;
		for (int k = 0; k < nr; k++)
			path[k] = rev[nr - 1 - k];
	}
	if (end != local)
		free(end);
	return rc;
}

static void mark_moved(struct fm_game *g, int unit)
{
	g->u[unit].flags |= g->phase == FM_PH_MOVEMENT ? FM_UF_MOVED : FM_UF_MOVED_MOBILE;
}

int fm__may_stack(const struct fm_game *g, int unit, int hex)
{
	if (fm__occupant(g, hex, unit) < 0)
		return 1;
	return g->sc->module->may_share != NULL && g->sc->module->may_share(g, unit, hex);
}

/* Parses hex ids argv[0..argc-1] into path; returns the count or a negative code. */
static int parse_path(const struct fm_game *g, int argc, char **argv, int *path,
                      struct rules_error *err)
{
	int n = 0;

	for (int k = 0; k < argc; k++) {
		if (n >= 512)
			return rules_fail(err, WG_E_BAD_ARGS, "", "path too long");
		path[n] = fm__hex_parse(g, argv[k]);
		if (path[n] < 0)
			return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %s on this map",
			                  argv[k]);
		n++;
	}
	return n;
}

/*
 * Moves unit (already on the map, its move begun) along path[0..n-1], every step checked by
 * step(); the end hex must be free (fm__may_stack).  Records the move and emits "moved".
 */
static int move_along(struct fm_game *g, int unit, const int *path, int n, struct rules_events *ev,
                      struct rules_error *err)
{
	char buf[RULES_HEX_ID_MAX], pathtxt[400];
	struct fm_unit *u = &g->u[unit];
	struct mstate cur, nx;
	size_t len;
	int rc;
	cJSON *f, *arr;

	start_state(g, unit, &cur);
	len = (size_t)snprintf(pathtxt, sizeof(pathtxt), "%s", fm__hex_id(g, u->hex, buf));
	for (int k = 0; k < n; k++) {
		if ((rc = step(g, unit, &cur, path[k], &nx, err)) != 0)
			return rc;
		cur = nx;
		if (len < sizeof(pathtxt))
			len += (size_t)snprintf(pathtxt + len, sizeof(pathtxt) - len, "-%s",
			                        fm__hex_id(g, path[k], buf));
	}
	if (!fm__may_stack(g, unit, cur.hex))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-5.3-03",
		                  "%s cannot end its move in %s: it holds %s (no stacking, FM-5.3)",
		                  fm__def(g, unit)->id, fm__hex_id(g, cur.hex, buf),
		                  fm__def(g, fm__occupant(g, cur.hex, unit))->id);
	u->hex = (int16_t)cur.hex;
	u->mp_half = (int16_t)cur.mp;
	u->left_ezoc = (uint8_t)cur.left;
	if (cur.stopped)
		u->flags |= FM_UF_STOPPED;
	mark_moved(g, unit);
	g->mover = unit;
	if (!g->opt.continuation)
		fm__finish_mover(g);
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", fm__def(g, unit)->id);
	arr = cJSON_AddArrayToObject(f, "path");
	for (int k = 0; k < n; k++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(fm__hex_id(g, path[k], buf)));
	cJSON_AddNumberToObject(f, "mp_spent", cur.mp / 2.0);
	cJSON_AddNumberToObject(f, "mp_left", (ma_half(g, unit) - cur.mp) / 2.0);
	cJSON_AddBoolToObject(f, "stopped", cur.stopped);
	return rules_emit(ev, RULES_AUD_PUBLIC, "moved", f, "%s moves %s (%g of %d MP%s)",
	                  fm__def(g, unit)->id, pathtxt, cur.mp / 2.0, ma_half(g, unit) / 2,
	                  cur.stopped ? ", must stop" : "");
}

int fm__do_move(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int path[512], n = 0, unit, rc;
	struct fm_unit *u;

	(void)reply;
	if (argc < 3)
		return rules_fail(err, WG_E_BAD_ARGS, "",
		                  "usage: move <unit> <hex> [<hex> ...] or "
		                  "move <unit> to <hex>");
	unit = fm__unit_arg(g, argv[1], err);
	if (unit < 0)
		return unit;
	if (fm__side_of(g, unit) != side)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-5.2-01",
		                  "%s is not your unit: a player moves only his own units (FM-5.2)",
		                  fm__def(g, unit)->id);
	if ((rc = fm__may_move(g, unit, err)) != 0)
		return rc;
	u = &g->u[unit];
	if (g->mover != unit) {
		fm__finish_mover(g);
		if ((rc = fm__may_move(g, unit, err)) != 0)
			return rc;
	}
	if (argc == 4 && strcmp(argv[2], "to") == 0) {
		int target = fm__hex_parse(g, argv[3]);
		if (target < 0)
			return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %s on this map",
			                  argv[3]);
		rc = cheapest_path(g, unit, target, path, &n);
		if (rc == WG_E_NO_MEMORY)
			return rules_fail(err, rc, "", "out of memory");
		if (rc != 0)
			return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-5.2-04",
			                  "%s cannot reach %s this phase (see `reach %s`)",
			                  fm__def(g, unit)->id, argv[3], argv[1]);
	} else {
		if ((n = parse_path(g, argc - 2, argv + 2, path, err)) < 0)
			return n;
		if (path[0] == u->hex) /* the start hex may be repeated */
			memmove(path, path + 1, sizeof(int) * (size_t)--n);
		if (n == 0)
			return rules_fail(err, WG_E_BAD_ARGS, "",
			                  "the path names no hex to move to");
	}
	if (u->move_start < 0) {
		u->move_start = (int16_t)u->hex;
		u->start_ezoc = (uint8_t)fm__in_ezoc(g, u->hex, side);
		u->mp_half = 0;
		u->left_ezoc = (uint8_t)!u->start_ezoc;
	}
	return move_along(g, unit, path, n, ev, err);
}

int fm__do_enter(struct fm_game *g, struct rules_dice *dice, int side, int argc, char **argv,
                 cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct fm_unit_def *d;
	struct fm_unit *u;
	char buf[RULES_HEX_ID_MAX];
	int unit, hex, ok = 0, cost, stop = 0, rc, occ, path[512], n = 0;
	cJSON *f;

	unit = fm__unit_arg(g, argv[1], err);
	if (unit < 0)
		return unit;
	d = fm__def(g, unit);
	u = &g->u[unit];
	hex = fm__hex_parse(g, argv[2]);
	if (hex < 0)
		return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %s on this map", argv[2]);
	if (argc > 3 && (n = parse_path(g, argc - 3, argv + 3, path, err)) < 0)
		return n;
	if (d->side != side)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-4.1-04", "%s is not your unit",
		                  d->id);
	if (g->phase != FM_PH_MOVEMENT && !(g->phase == FM_PH_MOBILE_MOVE && d->mobile))
		return rules_fail(
		    err, WG_E_WRONG_PHASE, "FM-4.1-04",
		    "reinforcements enter in the Movement Phase (mobile units also in "
		    "the Mobile Movement Phase; FM-4.1, AMB-43)");
	if (d->setup != FM_SETUP_ARRIVES || u->where != FM_W_WAITING)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-3.0-05",
		                  "%s is not a reinforcement waiting to enter", d->id);
	if (d->arrive_turn > g->turn)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-3.0-05",
		                  "%s arrives on turn %d; this is turn %d", d->id, d->arrive_turn,
		                  g->turn);
	for (int k = 0; k < d->where.n; k++)
		ok |= d->where.h[k] == hex;
	if (!ok)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-3.0-05",
		                  "%s cannot enter at %s: it is not one of its arrival hexes",
		                  d->id, argv[2]);
	if ((occ = fm__enemy_in(g, hex, side)) >= 0)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-5.2-06",
		                  "%s cannot enter at %s: the hex holds the enemy unit %s (FM-5.2)",
		                  d->id, argv[2], fm__def(g, occ)->id);
	if (n == 0 && !fm__may_stack(g, unit, hex))
		return rules_fail(
		    err, WG_E_ILLEGAL_MOVE, "FM-5.3-03",
		    "%s cannot enter at %s and stay: the hex holds %s; give the hexes "
		    "it moves on to (`enter %s %s <hex> ...`) (FM-5.3)",
		    d->id, argv[2], fm__def(g, fm__occupant(g, hex, unit))->id, argv[1], argv[2]);
	if (g->sc->module->may_act != NULL &&
	    (rc = g->sc->module->may_act(g, unit, FM_ACT_ENTER, err)) != 0)
		return rc;
	cost = fm__step_cost(g, unit, -1, hex);
	if (g->sc->module->move_step != NULL &&
	    (rc = g->sc->module->move_step(g, unit, -1, hex, -1, 0, 1, &cost, &stop, err)) < 0)
		return rc;
	if (fm__hex_prohibited(g, hex, unit))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-5.2-07",
		                  "%s cannot enter prohibited terrain at %s", d->id, argv[2]);
	if (cost == -2)
		cost = fm__cur(g, unit)->ma * 2, stop = 1;
	if (fm__in_ezoc(g, hex, side)) {
		if (!d->mobile)
			stop = 1;
		else if (!(d->abilities & FM_AB_COMMANDO))
			cost += (fm__cur(g, unit)->ma / 2) * 2;
	}
	if (cost > fm__cur(g, unit)->ma * 2)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-5.2-04",
		                  "%s lacks the MP to enter at %s (%g MP)", d->id, argv[2],
		                  cost / 2.0);
	fm__finish_mover(g);
	u->where = FM_W_MAP;
	u->hex = (int16_t)hex;
	u->move_start = (int16_t)hex;
	u->start_ezoc = 0;
	u->left_ezoc = (uint8_t)!fm__in_ezoc(g, hex, side);
	u->mp_half = (int16_t)cost;
	u->flags |= FM_UF_ENTERED | (stop ? FM_UF_STOPPED : 0);
	mark_moved(g, unit);
	g->mover = unit;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", d->id);
	cJSON_AddStringToObject(f, "hex", fm__hex_id(g, hex, buf));
	cJSON_AddNumberToObject(f, "mp_spent", cost / 2.0);
	rc = rules_emit(ev, RULES_AUD_PUBLIC, "entered", f, "%s enters the map at %s (%g MP)",
	                d->id, buf, cost / 2.0);
	if (rc || n == 0)
		return rc;
	/* it moves on at once, and may not end on another unit (FM-5.3-03) */
	return move_along(g, unit, path, n, ev, err);
}

int fm__arrive(struct fm_game *g, int unit, int hex, struct rules_error *err)
{
	char buf[RULES_HEX_ID_MAX];
	struct fm_unit *u = &g->u[unit];

	if (!fm__may_stack(g, unit, hex))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-5.3-03",
		                  "%s cannot be placed in %s: it holds %s (no stacking, FM-5.3)",
		                  fm__def(g, unit)->id, fm__hex_id(g, hex, buf),
		                  fm__def(g, fm__occupant(g, hex, unit))->id);
	fm__finish_mover(g);
	u->where = FM_W_MAP;
	u->hex = (int16_t)hex;
	u->move_start = (int16_t)hex;
	u->start_ezoc = 0;
	u->left_ezoc = 0;
	u->mp_half = 0;
	u->flags |= FM_UF_ENTERED | FM_UF_DONE;
	mark_moved(g, unit);
	return 0;
}

int fm__do_place(struct fm_game *g, struct rules_dice *dice, int side, int argc, char **argv,
                 cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct fm_unit_def *d;
	char buf[RULES_HEX_ID_MAX];
	int unit, hex, ok = 0, occ;
	cJSON *f;

	(void)argc;
	if (g->phase != FM_PH_SETUP)
		return rules_fail(err, WG_E_WRONG_PHASE, "FM-3.0-04",
		                  "units are placed only during set-up (FM-3.0)");
	unit = fm__unit_arg(g, argv[1], err);
	if (unit < 0)
		return unit;
	d = fm__def(g, unit);
	hex = fm__hex_parse(g, argv[2]);
	if (hex < 0)
		return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %s on this map", argv[2]);
	if (d->side != side)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "FM-3.0-04", "%s is not your unit",
		                  d->id);
	if (d->setup != FM_SETUP_CHOOSE)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "FM-3.0-04",
		                  "%s has no set-up choice: the scenario fixes where it starts or "
		                  "when it arrives",
		                  d->id);
	for (int k = 0; k < d->where.n; k++)
		ok |= d->where.h[k] == hex;
	if (!ok)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "FM-3.0-04",
		    "%s may not set up in %s: the scenario allows %d hexes (see `units`)", d->id,
		    argv[2], d->where.n);
	occ = fm__occupant(g, hex, unit);
	if (occ >= 0 && !fm__may_stack(g, unit, hex))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "FM-5.3-01",
		                  "%s may not set up in %s: %s is there (no stacking, FM-5.3)",
		                  d->id, argv[2], fm__def(g, occ)->id);
	if (fm__hex_prohibited(g, hex, unit))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "FM-5.2-07",
		                  "%s may not set up in prohibited terrain at %s", d->id, argv[2]);
	if (g->sc->module->place_check != NULL) {
		int rc = g->sc->module->place_check(g, unit, hex, err);
		if (rc)
			return rc;
	}
	g->u[unit].where = FM_W_MAP;
	g->u[unit].hex = (int16_t)hex;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", d->id);
	cJSON_AddStringToObject(f, "hex", fm__hex_id(g, hex, buf));
	return rules_emit(ev, RULES_AUD_PUBLIC, "placed", f, "%s is set up in %s", d->id, buf);
}
