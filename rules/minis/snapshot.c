/*
 * snapshot.c -- the full game state as JSON and back.
 *
 * Every member of struct minis_game but the scenario pointer and the options (rebuilt from
 * scenario and options at restore) is written, in the fixed order of walk(), as one array of
 * integers "s" (every value fits a double exactly: masks use at most MINIS_MAX_SLOTS bits),
 * plus the summary.  restore(snapshot(g)) is the same state: the same view, pending and
 * future.  Values are range-checked on restore; a snapshot that does not fit the scenario is
 * refused (WG_E_INTERNAL).  Format "v": 2 (walk_v2's members after format 1's; a format 1
 * snapshot still restores, with them zero).
 */
#include "minis_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct io {
	int write;
	int version; /* the snapshot format: 1 or 2 */
	int64_t *v;
	int n, cap;
	int bad;
};

static void push(struct io *io, int64_t x)
{
	if (io->n == io->cap) {
		int ncap = io->cap ? io->cap * 2 : 512;
		int64_t *nv = realloc(io->v, (size_t)ncap * sizeof(*nv));
		if (nv == NULL) {
			io->bad = 1;
			return;
		}
		io->v = nv;
		io->cap = ncap;
	}
	io->v[io->n++] = x;
}

static int64_t pull(struct io *io)
{
	if (io->n >= io->cap) {
		io->bad = 1;
		return 0;
	}
	return io->v[io->n++];
}

#define F(x)                                                                                       \
	do {                                                                                       \
		if (io->write)                                                                     \
			push(io, (int64_t)(x));                                                    \
		else                                                                               \
			(x) = pull(io);                                                            \
	} while (0)

static void walk_last(struct io *io, struct minis_last_arty *a)
{
	F(a->turn);
	F(a->hit);
	F(a->x);
	F(a->y);
	F(a->w);
	F(a->d);
	F(a->bearing);
}

/* The members format 2 added (format 1 snapshots restore with them zero). */
static void walk_v2(struct minis_game *g, struct io *io)
{
	F(g->deffire_window);
	F(g->nmq);
	for (int k = 0; k < MINIS_MAX_MQ; k++) {
		F(g->mq[k].u);
		F(g->mq[k].test);
		F(g->mq[k].dsix);
		F(g->mq[k].mg);
		F(g->mq[k].he75);
		F(g->mq[k].x);
		F(g->mq[k].y);
	}
	F(g->as.adv);
	F(g->as.nvac);
	for (int k = 0; k < MINIS_MAX_VAC; k++) {
		F(g->as.vac_u[k]);
		F(g->as.vac_x[k]);
		F(g->as.vac_y[k]);
	}
}

static void walk(struct minis_game *g, struct io *io)
{
	F(g->width);
	F(g->height);
	F(g->nslots);
	F(g->phase);
	F(g->acting);
	F(g->phasing);
	F(g->turn);
	F(g->intr);
	F(g->intr_side);
	for (int s = 0; s < RULES_SIDES; s++) {
		F(g->rally_done[s]);
		F(g->air_missions[s]);
		F(g->fire_missions[s]);
		F(g->hidden_allow[s]);
		F(g->ambush_allow[s]);
		F(g->dummy_allow[s]);
		F(g->init_score[s]);
		F(g->deployed[s]);
	}
	F(g->air_sup);
	F(g->nacts);
	F(g->ltr_last);
	F(g->act.active);
	F(g->act.units);
	F(g->act.kind);
	F(g->act.payer);
	F(g->act.roll[0]);
	F(g->act.roll[1]);
	F(g->act.extra);
	F(g->air.side);
	F(g->air.x);
	F(g->air.y);
	F(g->air.bearing);
	F(g->air.cannon);
	F(g->air.target);
	F(g->air.hits);
	F(g->air.fired);
	F(g->recon.side);
	F(g->recon.unit);
	F(g->recon.piece);
	F(g->recon.x);
	F(g->recon.y);
	F(g->recon.r);
	F(g->recon.score);
	F(g->recon.want);
	for (int k = 0; k < 2; k++) {
		F(g->as.lead[k]);
		F(g->as.units[k]);
	}
	F(g->as.att_side);
	F(g->as.loser);
	F(g->as.rounds);
	F(g->as.cx);
	F(g->as.cy);
	F(g->as.ntasks);
	F(g->as.tcur);
	for (int k = 0; k < 6; k++) {
		F(g->as.tkind[k]);
		F(g->as.tside[k]);
	}
	for (int u = 0; u < MINIS_MAX_SLOTS; u++) {
		struct minis_unit *x = &g->u[u];
		F(g->rally_bonus[u]);
		F(x->x);
		F(x->y);
		F(x->w);
		F(x->d);
		F(x->facing);
		F(x->status);
		F(x->orders);
		F(x->flags);
		F(x->roll);
		F(x->used);
		F(x->score);
		F(x->model);
		walk_last(io, &g->last_onboard[u]);
	}
	for (int k = 0; k < MINIS_MAX_PIECES; k++)
		F(g->piece_gone[k]);
	F(g->nsmoke);
	for (int k = 0; k < MINIS_MAX_SMOKE; k++) {
		F(g->smoke[k].x);
		F(g->smoke[k].y);
		F(g->smoke[k].w);
		F(g->smoke[k].d);
		F(g->smoke[k].bearing);
		F(g->smoke[k].until);
	}
	F(g->ngaps);
	for (int k = 0; k < MINIS_MAX_GAPS; k++) {
		F(g->gaps[k].piece);
		F(g->gaps[k].x);
		F(g->gaps[k].y);
	}
	for (int s = 0; s < RULES_SIDES; s++)
		walk_last(io, &g->last_arty[s]);
	F(g->over);
	F(g->winner);
	if (io->version >= 2)
		walk_v2(g, io);
}

/* Appends the decimal digits of x to buf at *len (buf has room: 21 bytes per value). */
static void put_int(char *buf, size_t *len, int64_t x)
{
	char digits[24];
	int n = 0;
	uint64_t u = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;

	if (x < 0)
		buf[(*len)++] = '-';
	do {
		digits[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u != 0);
	while (n > 0)
		buf[(*len)++] = digits[--n];
}

/* The text cJSON would print for {"v":1,"scenario":...,"s":[...],"summary":...}, written
 * directly: the state is thousands of integers and the secrecy test clones games by
 * snapshot, so printing them one by one through cJSON's number formatting was most of its
 * time. */
char *minis__snapshot(const struct rules_game *rg)
{
	struct minis_game *g = (struct minis_game *)rg; /* walk() only reads when writing */
	struct io io = {1, 2, NULL, 0, 0, 0};
	cJSON *id, *sum;
	char *ids, *sums, *text;
	size_t len = 0, size;

	walk(g, &io);
	id = cJSON_CreateString(g->sc->id);
	sum = cJSON_CreateString(g->summary);
	ids = id ? cJSON_PrintUnformatted(id) : NULL;
	sums = sum ? cJSON_PrintUnformatted(sum) : NULL;
	cJSON_Delete(id);
	cJSON_Delete(sum);
	size = 64 + (ids ? strlen(ids) : 0) + (sums ? strlen(sums) : 0) + (size_t)io.n * 22;
	text = io.bad || ids == NULL || sums == NULL ? NULL : malloc(size);
	if (text != NULL) {
		len = (size_t)snprintf(text, size, "{\"v\":2,\"scenario\":%s,\"s\":[", ids);
		for (int k = 0; k < io.n; k++) {
			if (k > 0)
				text[len++] = ',';
			put_int(text, &len, io.v[k]);
		}
		snprintf(text + len, size - len, "],\"summary\":%s}", sums);
	}
	free(ids);
	free(sums);
	free(io.v);
	return text;
}

static int in(int64_t v, int64_t lo, int64_t hi)
{
	return v >= lo && v <= hi;
}

static int check(const struct minis_game *g)
{
	int ns = g->nslots;

	if (g->nslots != g->sc->nunits + MINIS_MAX_DUMMIES || !in(g->phase, 0, MP_OVER) ||
	    !in(g->intr, 0, MI_INIT) || !in(g->as.nvac, 0, MINIS_MAX_VAC) || !in(g->acting, 0, 1) ||
	    !in(g->phasing, 0, 1) || !in(g->intr_side, -1, 1) || !in(g->act.payer, -1, ns - 1) ||
	    !in(g->air.target, -1, ns - 1) || !in(g->air.side, 0, 1) ||
	    !in(g->recon.unit, -1, ns - 1) || !in(g->recon.piece, -1, g->sc->npieces - 1) ||
	    !in(g->recon.side, 0, 1) || !in(g->as.lead[0], 0, ns - 1) ||
	    !in(g->as.lead[1], 0, ns - 1) || !in(g->as.att_side, 0, 1) || !in(g->as.ntasks, 0, 6) ||
	    !in(g->as.tcur, 0, 6) || !in(g->nsmoke, 0, MINIS_MAX_SMOKE) ||
	    !in(g->ngaps, 0, MINIS_MAX_GAPS) || !in(g->winner, -1, 1) || !in(g->air_sup, -1, 1) ||
	    !in(g->act.kind, 0, GK_CONVOY))
		return -1;
	for (int k = 0; k < g->ngaps; k++)
		if (!in(g->gaps[k].piece, 0, g->sc->npieces - 1))
			return -1;
	for (int k = 0; k < 6; k++)
		if (!in(g->as.tside[k], 0, 1))
			return -1;
	if (!in(g->nmq, 0, MINIS_MAX_MQ))
		return -1;
	for (int k = 0; k < g->nmq; k++)
		if (!in(g->mq[k].u, 0, ns - 1) || !in(g->mq[k].test, 0, MT_COUNT - 1))
			return -1;
	for (int k = 0; k < g->as.nvac; k++)
		if (!in(g->as.vac_u[k], 0, ns - 1))
			return -1;
	for (int u = 0; u < MINIS_MAX_SLOTS; u++)
		if (!in(g->u[u].status, 0, MS_DESTROYED) ||
		    !in(g->u[u].model, -1, minis_nafv_models - 1) ||
		    !in(g->rally_bonus[u], -1, ns - 1))
			return -1;
	return 0;
}

int minis__restore(const struct rules_scenario *rsc, const struct rules_options *opts,
                   const char *snapshot, struct rules_game **out, struct rules_error *err)
{
	const struct minis_scenario *sc = (const struct minis_scenario *)rsc;
	struct minis_game *g = NULL;
	cJSON *o = cJSON_Parse(snapshot), *arr, *it, *v, *id, *sum;
	struct io io = {0, 1, NULL, 0, 0, 0};
	int rc;

	if (o == NULL)
		return rules_fail(err, WG_E_INTERNAL, "", "the snapshot is not JSON");
	v = cJSON_GetObjectItemCaseSensitive(o, "v");
	id = cJSON_GetObjectItemCaseSensitive(o, "scenario");
	arr = cJSON_GetObjectItemCaseSensitive(o, "s");
	sum = cJSON_GetObjectItemCaseSensitive(o, "summary");
	if (!cJSON_IsNumber(v) || v->valueint < 1 || v->valueint > 2 || !cJSON_IsString(id) ||
	    strcmp(id->valuestring, sc->id) != 0 || !cJSON_IsArray(arr) || !cJSON_IsString(sum)) {
		cJSON_Delete(o);
		return rules_fail(err, WG_E_INTERNAL, "",
		                  "the snapshot is not one of this scenario");
	}
	if ((rc = minis__game_new(sc, opts, &g, err)) != 0) {
		cJSON_Delete(o);
		return rc;
	}
	io.cap = cJSON_GetArraySize(arr);
	io.v = malloc(sizeof(int64_t) * (size_t)(io.cap > 0 ? io.cap : 1));
	if (io.v == NULL) {
		cJSON_Delete(o);
		free(g);
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	}
	io.n = 0;
	cJSON_ArrayForEach(it, arr) io.v[io.n++] =
	    cJSON_IsNumber(it) ? (int64_t)it->valuedouble : 0;
	io.n = 0;
	io.version = v->valueint;
	walk(g, &io);
	snprintf(g->summary, sizeof(g->summary), "%s", sum->valuestring);
	if (io.bad || io.n != io.cap || check(g) != 0) {
		free(io.v);
		free(g);
		cJSON_Delete(o);
		return rules_fail(err, WG_E_INTERNAL, "", "the snapshot does not fit the scenario");
	}
	free(io.v);
	cJSON_Delete(o);
	*out = (struct rules_game *)g;
	return 0;
}
