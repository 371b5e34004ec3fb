/*
 * engine_probe.c -- wg-engine's per-call timings on states met along recorded games:
 * `reach` for every unit that may move (the search alone, and the whole query with its
 * JSON reply), `view` in text mode as the server's view builds its text (the engine's
 * lines, then the reply written by the protocol's writer), `view` in JSON mode (the whole
 * state), and the reply path of a `ping` (request parsed, reply object, reply written).
 * Times are this thread's CPU time (the machine may be shared), per call; pings in
 * batches of ENG_PING_BATCH.
 * See engine.h.
 */
#define _POSIX_C_SOURCE 200809L

#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/reply.h"
#include "protocol/request.h"
#include "rules/fm/fm_int.h"

/* Pings timed together: one is shorter than the clock's own cost. */
#define ENG_PING_BATCH 100

void eng_samples_add(struct eng_samples *s, double ns)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 1024;
		double *p = realloc(s->v, cap * sizeof(*p));
		if (p == NULL)
			return;
		s->v = p;
		s->cap = cap;
	}
	s->v[s->n++] = ns;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double eng_samples_us(struct eng_samples *s, double p)
{
	size_t k;

	if (s->n == 0)
		return 0;
	qsort(s->v, s->n, sizeof(*s->v), cmp_double);
	k = (size_t)(p / 100.0 * (double)(s->n - 1) + 0.5);
	return s->v[k < s->n ? k : s->n - 1] / 1000.0;
}

void eng_samples_release(struct eng_samples *s)
{
	free(s->v);
	memset(s, 0, sizeof(*s));
}

void eng_probe_release(struct eng_probe_result *r)
{
	eng_samples_release(&r->reach_search);
	eng_samples_release(&r->reach_query);
	eng_samples_release(&r->view_text);
	eng_samples_release(&r->view_text_full);
	eng_samples_release(&r->view_json);
	eng_samples_release(&r->ping);
}

/* The reply the server writes for data in text mode (cols) or JSON mode (cols < 0). */
static size_t write_reply(struct proto_buf *out, int cols, const cJSON *data)
{
	proto_buf_reset(out);
	proto_write_ok(out, cols < 0 ? PROTO_JSON : PROTO_TEXT, cols < 0 ? 0 : cols, "", data);
	return out->len;
}

/*
 * view as the server builds it for who (server/cmd-game.c exec_view, less its header
 * lines and the events it reads from the store): in text mode the engine's lines
 * (view_lines when the engine has it and !full, else view()'s), in JSON mode the whole
 * state; then the reply written.  The reply's length.
 */
static size_t view_reply(const struct rules_match *m, const struct rules_viewer *who, int full,
                         struct proto_buf *out)
{
	cJSON *data = cJSON_CreateObject(), *state, *slines, *lines, *item;
	int text = who->cols > 0;
	size_t len;

	lines = cJSON_AddArrayToObject(data, "lines");
	if (text && !full && m->rs->view_lines != NULL)
		state = m->rs->view_lines(m->game, who);
	else
		state = m->rs->view(m->game, who);
	slines = cJSON_DetachItemFromObjectCaseSensitive(state, "lines");
	cJSON_ArrayForEach(item, slines)
	    cJSON_AddItemToArray(lines, cJSON_CreateString(item->valuestring));
	cJSON_Delete(slines);
	cJSON_AddItemToObject(data, "state", state);
	len = write_reply(out, text ? who->cols : -1, data);
	cJSON_Delete(data);
	return len;
}

/* Times view for both sides on the match's state: text (the server's path, and through
 * the whole state as before view_lines) and JSON. */
static void probe_view(const struct rules_match *m, struct eng_probe_result *r,
                       struct proto_buf *out)
{
	for (int side = 0; side < RULES_SIDES; side++) {
		struct rules_viewer text = {side, 80, 16}, json = {side, 0, 0};
		uint64_t t0 = eng_cpu_ns(), t1, t2, t3;
		view_reply(m, &text, 0, out);
		t1 = eng_cpu_ns();
		view_reply(m, &text, 1, out);
		t2 = eng_cpu_ns();
		view_reply(m, &json, 0, out);
		t3 = eng_cpu_ns();
		eng_samples_add(&r->view_text, (double)(t1 - t0));
		eng_samples_add(&r->view_text_full, (double)(t2 - t1));
		eng_samples_add(&r->view_json, (double)(t3 - t2));
	}
}

/* Times reach (search, and query with reply) for every unit that may move now. */
static void probe_reach(const struct rules_match *m, struct eng_probe_result *r,
                        struct proto_buf *out)
{
	const struct fm_game *g = (const struct fm_game *)m->game;
	int count = g->sc->map.grid.count;
	int *cost = malloc(sizeof(int) * (size_t)count);

	if (cost == NULL)
		return;
	for (int i = 0; i < g->nunits; i++) {
		char verb[] = "reach", id[FM_ID], *argv[2] = {verb, id};
		struct rules_viewer who = {g->active, 80, 24};
		struct rules_error err;
		cJSON *q;
		uint64_t t0, t1, t2;

		if (fm__side_of(g, i) != g->active || fm__may_move(g, i, NULL) != 0)
			continue;
		snprintf(id, sizeof(id), "%s", fm__def(g, i)->id);
		t0 = eng_cpu_ns();
		fm__reach(g, i, cost, NULL);
		t1 = eng_cpu_ns();
		q = cJSON_CreateObject();
		if (rules_match_query(m, NULL, &who, 2, argv, q, &err) == 0)
			write_reply(out, 80, q);
		cJSON_Delete(q);
		t2 = eng_cpu_ns();
		eng_samples_add(&r->reach_search, (double)(t1 - t0));
		eng_samples_add(&r->reach_query, (double)(t2 - t1));
	}
	free(cost);
}

int eng_probe_game(const struct eng_setup *s, const struct eng_game *gm, size_t every,
                   struct eng_probe_result *r)
{
	struct rules_match m;
	struct proto_buf out;
	int fm = strcmp(s->rs->name, "fm") == 0, rc = 0, moving_seen = 0;

	if (eng_match_new(s, gm, &m) != 0)
		return -1;
	proto_buf_init(&out);
	for (size_t k = 0; k < gm->n && rc == 0; k++) {
		rc = eng_replay_one(&m, gm, k);
		if (rc != 0)
			break;
		if (every > 0 && k % every == 0) {
			probe_view(&m, r, &out);
			r->states++;
		}
		if (fm) {
			/* reach at the first decision of each movement phase (every unit still
			 * may move), not after every move (the same units again) */
			const struct fm_game *g = (const struct fm_game *)m.game;
			int moving =
			    (g->phase == FM_PH_MOVEMENT || g->phase == FM_PH_MOBILE_MOVE) &&
			    g->await == FM_AW_PHASE && !g->over;
			if (moving && !moving_seen)
				probe_reach(&m, r, &out);
			moving_seen = moving;
		}
	}
	proto_buf_release(&out);
	rules_match_release(&m);
	return rc;
}

void eng_probe_ping(struct eng_probe_result *r, size_t n)
{
	struct proto_buf out;
	static const char line[] = "ping";

	proto_buf_init(&out);
	for (size_t i = 0; i < n; i += ENG_PING_BATCH) {
		uint64_t t0 = eng_cpu_ns();
		for (size_t k = 0; k < ENG_PING_BATCH; k++) {
			struct proto_request req;
			char msg[128];
			if (proto_request_parse(&req, line, sizeof(line) - 1, msg, sizeof(msg)) ==
			    0) {
				cJSON *data = cJSON_CreateObject();
				cJSON_AddStringToObject(data, "summary", "pong");
				write_reply(&out, 80, data);
				cJSON_Delete(data);
			}
			proto_request_release(&req);
		}
		eng_samples_add(&r->ping, (double)(eng_cpu_ns() - t0) / ENG_PING_BATCH);
	}
	proto_buf_release(&out);
}
