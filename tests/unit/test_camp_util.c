/*
 * test_camp_util.c -- fixture helpers of the Campaign suites (test_camp_util.h).
 */
#include "test_camp_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

cJSON *ct_doc(void)
{
	return ct_file_doc(WG_TEST_DATA "/campaign-test.json");
}

cJSON *ct_file_doc(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;
	cJSON *doc;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	doc = cJSON_Parse(buf);
	free(buf);
	assert_non_null(doc);
	return doc;
}

static void parse_opts(const char *s, struct rules_options *o)
{
	char tmp[512], *save = NULL, *tok;

	memset(o, 0, sizeof(*o));
	if (s == NULL)
		return;
	snprintf(tmp, sizeof(tmp), "%s", s);
	for (tok = strtok_r(tmp, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(tok, '=');
		assert_non_null(eq);
		*eq = '\0';
		snprintf(o->items[o->count].key, sizeof(o->items[0].key), "%s", tok);
		snprintf(o->items[o->count].value, sizeof(o->items[0].value), "%s", eq + 1);
		o->count++;
	}
}

void ct_open_doc(struct ct *t, cJSON *doc, const char *opts)
{
	struct rules_options o;
	uint8_t seed[32] = {9, 8, 7, 6, 5, 4, 3, 2, 1};
	int rc;

	memset(t, 0, sizeof(*t));
	t->doc = doc;
	parse_opts(opts, &o);
	rc = camp_ruleset.scenario_load(&camp_ruleset, "campaign-test.json", doc, &t->sc, &t->err);
	if (rc)
		fail_msg("scenario load: %s", t->err.message);
	rc = rules_match_create(&t->m, &camp_ruleset, t->sc, &o, seed, &t->err);
	if (rc)
		fail_msg("create: %s", t->err.message);
	t->g = (struct camp_game *)t->m.game;
	rules_events_init(&t->ev);
	/* the random hits of 64 (1 hit) and the scratch battalions (a 1: one drawn, the first) */
	ct_dice(t, 3, 1, 1, 1);
	rc = rules_match_start(&t->m, &t->ev, &t->err);
	if (rc)
		fail_msg("start: %s", t->err.message);
}

void ct_open(struct ct *t, const char *opts)
{
	ct_open_doc(t, ct_doc(), opts);
	assert_int_equal(t->g->phase, CAMP_PH_SETUP_HITS);
	ct_ok(t, GERMAN, "hits 1038=1");
	assert_int_equal(t->g->phase, CAMP_PH_SETUP_SCRATCH);
	ct_ok(t, GERMAN, "place SB1 0602");
	assert_int_equal(t->g->phase, CAMP_PH_HAND);
	ct_ok(t, ALLIED, "select 2xG-1 G-2 2xG-3 2xG-4");
	ct_ok(t, GERMAN, "select G-1 G-2 G-3 G-4");
	assert_int_equal(t->g->phase, CAMP_PH_PREP);
	assert_int_equal(t->g->turn, 1);
	ct_events_clear(t);
}

void ct_close(struct ct *t)
{
	rules_events_release(&t->ev);
	rules_match_release(&t->m);
	camp_ruleset.scenario_free(t->sc);
	cJSON_Delete(t->doc);
	cJSON_Delete(t->reply);
	memset(t, 0, sizeof(*t));
}

static int tokenize(char *line, char **argv, int max)
{
	int argc = 0;
	char *p = line;

	while (*p && argc < max) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		argv[argc++] = p;
		while (*p && *p != ' ')
			p++;
		if (*p)
			*p++ = '\0';
	}
	return argc;
}

int ct_do(struct ct *t, int side, const char *line)
{
	char buf[512], *argv[32];
	int argc;

	snprintf(buf, sizeof(buf), "%s", line);
	argc = tokenize(buf, argv, 32);
	cJSON_Delete(t->reply);
	t->reply = cJSON_CreateObject();
	memset(&t->err, 0, sizeof(t->err));
	t->rc = rules_match_apply(&t->m, NULL, side, argc, argv, t->reply, &t->ev, &t->err);
	return t->rc;
}

int ct_query(struct ct *t, int viewer, const char *line)
{
	char buf[512], *argv[32];
	int argc;

	snprintf(buf, sizeof(buf), "%s", line);
	argc = tokenize(buf, argv, 32);
	cJSON_Delete(t->reply);
	t->reply = cJSON_CreateObject();
	memset(&t->err, 0, sizeof(t->err));
	t->rc = camp_ruleset.query(t->m.game, &RULES_VIEWER(viewer), argc, argv, t->reply, &t->err);
	return t->rc;
}

void ct_refused(struct ct *t, int code, const char *rule)
{
	if (t->rc != code)
		fail_msg("expected %s, got %s (%d): %s [%s]", wg_error_slug(code),
		         wg_error_slug(t->rc), t->rc, t->err.message, t->err.rule);
	if (rule != NULL && strcmp(t->err.rule, rule) != 0)
		fail_msg("expected rule %s, got %s: %s", rule, t->err.rule, t->err.message);
	assert_true(strlen(t->err.message) > 10);
}

int ct_hex(struct ct *t, const char *id)
{
	int h = rules_hex_parse(&t->g->sc->map.grid, id);
	if (h < 0)
		fail_msg("no hex %s", id);
	return h;
}

int ct_unit(struct ct *t, const char *id)
{
	int u = camp__unit_by_id(t->g->sc, id);
	if (u < 0)
		fail_msg("no unit %s", id);
	return u;
}

void ct_at(struct ct *t, int turn, int side, int phase)
{
	struct camp_game *g = t->g;

	g->turn = turn;
	g->phasing = side;
	g->phase = phase;
	g->await = CAMP_AW_PHASE;
	g->opintel = 0;
	memset(&g->b, 0, sizeof(g->b));
	g->b.stage = CAMP_B_NONE;
	for (int i = 0; i < g->nunits; i++)
		g->u[i].flags = 0;
	camp_ruleset.pending(t->m.game, &t->m.pending);
}

void ct_hand(struct ct *t, int side, const char *markers)
{
	char buf[200], *argv[16];
	int argc, counts[CAMP_NMARK];
	struct rules_error e;

	snprintf(buf, sizeof(buf), "%s", markers);
	argc = tokenize(buf, argv, 16);
	assert_int_equal(camp__parse_markers(argc, argv, counts, &e), 0);
	memcpy(t->g->hand[side], counts, sizeof(counts));
}

void ct_put(struct ct *t, const char *unit, const char *hex)
{
	int u = ct_unit(t, unit);

	t->g->u[u].where = CAMP_W_MAP;
	t->g->u[u].hex = (int16_t)ct_hex(t, hex);
	t->g->u[u].tf = -1;
	camp_ruleset.pending(t->m.game, &t->m.pending);
}

void ct_box(struct ct *t, const char *unit, const char *hq)
{
	int u = ct_unit(t, unit);

	t->g->u[u].where = CAMP_W_BOX;
	t->g->u[u].tf = (int16_t)ct_unit(t, hq);
	t->g->u[u].hex = -1;
}

void ct_set(struct ct *t, const char *unit, int where)
{
	int u = ct_unit(t, unit);

	t->g->u[u].where = (int8_t)where;
	t->g->u[u].hex = t->g->u[u].tf = -1;
}

void ct_hits(struct ct *t, const char *unit, int hits)
{
	t->g->u[ct_unit(t, unit)].hits = (uint8_t)hits;
}

void ct_clear(struct ct *t)
{
	for (int i = 0; i < t->g->nunits; i++)
		if (t->g->u[i].where == CAMP_W_MAP || t->g->u[i].where == CAMP_W_BOX) {
			t->g->u[i].where = CAMP_W_GONE;
			t->g->u[i].hex = t->g->u[i].tf = -1;
			t->g->u[i].partner = -1;
		}
}

const char *ct_where(struct ct *t, const char *unit)
{
	static char buf[64];
	int u = ct_unit(t, unit);

	switch (t->g->u[u].where) {
	case CAMP_W_MAP:
		return rules_hex_format(&t->g->sc->map.grid, t->g->u[u].hex, buf);
	case CAMP_W_BOX:
		snprintf(buf, sizeof(buf), "box:%s", t->g->sc->units[t->g->u[u].tf].id);
		return buf;
	case CAMP_W_MAT:
		return "mat";
	case CAMP_W_WAITING:
		return "waiting";
	case CAMP_W_DEAD:
		return "dead";
	case CAMP_W_GONE:
		return "gone";
	default:
		return "pool";
	}
}

void ct_dice(struct ct *t, int n, ...)
{
	va_list ap;

	va_start(ap, n);
	for (int k = 0; k < n; k++)
		assert_int_equal(rules_dice_force(&t->m.dice, va_arg(ap, int)), 0);
	va_end(ap);
}

int ct_has_event(struct ct *t, const char *type)
{
	for (size_t k = 0; k < t->ev.count; k++) {
		const cJSON *e = cJSON_GetObjectItemCaseSensitive(t->ev.items[k].data, "event");
		if (cJSON_IsString(e) && strcmp(e->valuestring, type) == 0)
			return 1;
	}
	return 0;
}

int ct_events_mention(struct ct *t, unsigned aud, const char *needle)
{
	int n = 0;

	for (size_t k = 0; k < t->ev.count; k++) {
		char *s;
		if (!(t->ev.items[k].audience & aud))
			continue;
		s = cJSON_PrintUnformatted(t->ev.items[k].data);
		n += s != NULL && strstr(s, needle) != NULL;
		free(s);
	}
	return n;
}

void ct_events_clear(struct ct *t)
{
	rules_events_release(&t->ev);
	rules_events_init(&t->ev);
}

int ct_reply_has(struct ct *t, const char *needle)
{
	const cJSON *lines = cJSON_GetObjectItemCaseSensitive(t->reply, "lines"), *l;

	cJSON_ArrayForEach(l,
	                   lines) if (cJSON_IsString(l) && strstr(l->valuestring, needle)) return 1;
	return 0;
}

const char *ct_kind(struct ct *t, int side)
{
	static char buf[RULES_KIND_MAX];
	struct rules_pending p;

	camp_ruleset.pending(t->m.game, &p);
	snprintf(buf, sizeof(buf), "%s", (p.sides & (1u << side)) ? p.kind[side] : "");
	return buf;
}
