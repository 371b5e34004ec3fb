/*
 * test_fm_util.c -- fixture helpers for the F&M suites (see test_fm_util.h).
 */
#include "test_fm_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

cJSON *fmt_doc(void)
{
	return fmt_file_doc(WG_TEST_DATA "/fm-test.json");
}

cJSON *fmt_file_doc(const char *path)
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

void fmt_open_doc(struct fmt *t, cJSON *doc, const char *opts, int setup)
{
	fmt_open_rs(t, &fm_ruleset, doc, opts, setup);
}

void fmt_open_rs(struct fmt *t, const struct ruleset *rs, cJSON *doc, const char *opts, int setup)
{
	struct rules_options o;
	uint8_t seed[32] = {1, 2, 3, 4, 5, 6, 7, 8};
	int rc;

	memset(t, 0, sizeof(*t));
	t->doc = doc;
	parse_opts(opts, &o);
	rc = rs->scenario_load(rs, "fm-test.json", doc, &t->sc, &t->err);
	if (rc)
		fail_msg("scenario load: %s", t->err.message);
	rc = rules_match_create(&t->m, rs, t->sc, &o, seed, &t->err);
	if (rc)
		fail_msg("create: %s", t->err.message);
	t->g = (struct fm_game *)t->m.game;
	rules_events_init(&t->ev);
	rc = rules_match_start(&t->m, &t->ev, &t->err);
	if (rc)
		fail_msg("start: %s", t->err.message);
	if (!setup && t->g->phase == FM_PH_SETUP) {
		assert_int_equal(fmt_do(t, ALLIED, "place 10/1 0111"), 0);
		assert_int_equal(fmt_do(t, ALLIED, "end"), 0);
	}
}

void fmt_open(struct fmt *t, const char *opts)
{
	fmt_open_doc(t, fmt_doc(), opts, 0);
}

void fmt_bot_open(struct fmt_bot *b, const char *file, uint8_t seed_byte)
{
	char path[512];
	struct rules_options o;
	struct rules_events ev;
	struct rules_error err;

	memset(b, 0, sizeof(*b));
	memset(&o, 0, sizeof(o));
	b->seed[0] = seed_byte;
	b->rng = 0x9e3779b97f4a7c15ull * (seed_byte + 1u);
	snprintf(path, sizeof(path), "%s/%s", WG_DATA_DIR, file);
	b->doc = fmt_file_doc(path);
	if (fm_ruleset.scenario_load(&fm_ruleset, file, b->doc, &b->sc, &err) != 0)
		fail_msg("load: %s", err.message);
	if (rules_match_create(&b->m, &fm_ruleset, b->sc, &o, b->seed, &err) != 0)
		fail_msg("create: %s", err.message);
	rules_events_init(&ev);
	if (rules_match_start(&b->m, &ev, &err) != 0)
		fail_msg("start: %s", err.message);
	rules_events_release(&ev);
}

void fmt_bot_close(struct fmt_bot *b)
{
	rules_match_release(&b->m);
	fm_ruleset.scenario_free(b->sc);
	cJSON_Delete(b->doc);
}

uint64_t fmt_bot_next(struct fmt_bot *b)
{
	b->rng ^= b->rng << 13;
	b->rng ^= b->rng >> 7;
	b->rng ^= b->rng << 17;
	return b->rng;
}

void fmt_action_at(const cJSON *opts, int i, char *line, size_t n)
{
	const cJSON *grp;

	cJSON_ArrayForEach(grp, cJSON_GetObjectItemCaseSensitive(opts, "groups"))
	{
		const char *prefix = cJSON_GetObjectItemCaseSensitive(grp, "prefix")->valuestring;
		const cJSON *choices = cJSON_GetObjectItemCaseSensitive(grp, "choices");
		int k = cJSON_GetArraySize(choices);
		if (k == 0) {
			if (i-- == 0) {
				snprintf(line, n, "%s", prefix);
				return;
			}
			continue;
		}
		if (i < k) {
			snprintf(line, n, "%s %s", prefix,
			         cJSON_GetArrayItem(choices, i)->valuestring);
			return;
		}
		i -= k;
	}
	fail_msg("action %d is past the list", i);
}

void fmt_close(struct fmt *t)
{
	rules_events_release(&t->ev);
	rules_match_release(&t->m);
	fm_ruleset.scenario_free(t->sc);
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
		if (*p == '"') {
			argv[argc++] = ++p;
			while (*p && *p != '"')
				p++;
		} else {
			argv[argc++] = p;
			while (*p && *p != ' ')
				p++;
		}
		if (*p)
			*p++ = '\0';
	}
	return argc;
}

int fmt_do(struct fmt *t, int side, const char *line)
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

int fmt_query(struct fmt *t, int viewer, const char *line)
{
	return fmt_query_screen(t, viewer, RULES_COLS_DEFAULT, RULES_ROWS_DEFAULT, line);
}

int fmt_query_screen(struct fmt *t, int viewer, int cols, int rows, const char *line)
{
	char buf[512], *argv[32];
	int argc;

	snprintf(buf, sizeof(buf), "%s", line);
	argc = tokenize(buf, argv, 32);
	cJSON_Delete(t->reply);
	t->reply = cJSON_CreateObject();
	memset(&t->err, 0, sizeof(t->err));
	t->rc = fm_ruleset.query(t->m.game, &(struct rules_viewer){viewer, cols, rows}, argc, argv,
	                         t->reply, &t->err);
	return t->rc;
}

void fmt_refused(struct fmt *t, int code, const char *rule)
{
	if (t->rc != code)
		fail_msg("expected %s, got %s (%d): %s [%s]", wg_error_slug(code),
		         wg_error_slug(t->rc), t->rc, t->err.message, t->err.rule);
	if (rule != NULL && strcmp(t->err.rule, rule) != 0)
		fail_msg("expected rule %s, got %s: %s", rule, t->err.rule, t->err.message);
	assert_true(strlen(t->err.message) > 10);
}

int fmt_hex(struct fmt *t, const char *id)
{
	int h = fm__hex_parse(t->g, id);
	assert_true(h >= 0);
	return h;
}

int fmt_unit(struct fmt *t, const char *id)
{
	int u = fm__unit_by_id(t->g->sc, id);
	if (u < 0)
		fail_msg("no unit %s", id);
	return u;
}

void fmt_clear(struct fmt *t)
{
	for (int i = 0; i < t->g->nunits; i++)
		if (t->g->u[i].where == FM_W_MAP) {
			t->g->u[i].where = FM_W_REMOVED;
			t->g->u[i].hex = -1;
		}
}

void fmt_put(struct fmt *t, const char *unit, const char *hex)
{
	int u = fmt_unit(t, unit);
	t->g->u[u].where = FM_W_MAP;
	t->g->u[u].hex = (int16_t)fmt_hex(t, hex);
}

const char *fmt_where(struct fmt *t, const char *unit)
{
	static char buf[RULES_HEX_ID_MAX];
	int u = fmt_unit(t, unit);
	if (t->g->u[u].where == FM_W_ELIMINATED)
		return "eliminated";
	if (t->g->u[u].where != FM_W_MAP)
		return "off";
	return fm__hex_id(t->g, t->g->u[u].hex, buf);
}

int fmt_step(struct fmt *t, const char *unit)
{
	return t->g->u[fmt_unit(t, unit)].step;
}

void fmt_phase(struct fmt *t, int side, int phase)
{
	struct fm_game *g = t->g;
	g->active = side;
	g->player_turn = side == g->sc->first_player ? 0 : 1;
	g->phase = phase;
	g->await = FM_AW_PHASE;
	g->mover = -1;
	memset(&g->b, 0, sizeof(g->b));
	g->b.displacing = -1;
	g->b.freed = -1;
	g->b.displace_for = -1;
	memset(g->bombarded, 0, sizeof(g->bombarded));
	for (int i = 0; i < g->nunits; i++) {
		g->u[i].flags = 0;
		g->u[i].mp_half = 0;
		g->u[i].move_start = -1;
		g->u[i].start_ezoc = 0;
		g->u[i].left_ezoc = 0;
	}
}

void fmt_hand(struct fmt *t, int side, const char *ids)
{
	char buf[256], *save = NULL, *tok;
	for (int k = 0; k < t->g->sc->nmarkers[side]; k++) {
		t->g->m[side][k].where = FM_M_POOL;
		t->g->m[side][k].revealed = 0;
	}
	snprintf(buf, sizeof(buf), "%s", ids);
	for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		int m = fm__marker_by_id(t->g->sc, side, tok);
		assert_true(m >= 0);
		t->g->m[side][m].where = FM_M_HAND;
	}
}

void fmt_dice(struct fmt *t, int n, ...)
{
	va_list ap;
	va_start(ap, n);
	for (int k = 0; k < n; k++)
		assert_int_equal(rules_dice_force(&t->m.dice, va_arg(ap, int)), 0);
	va_end(ap);
}

int fmt_has_event(struct fmt *t, const char *type)
{
	for (size_t k = 0; k < t->ev.count; k++) {
		cJSON *e = cJSON_GetObjectItem(t->ev.items[k].data, "event");
		if (e && strcmp(e->valuestring, type) == 0)
			return 1;
	}
	return 0;
}

int fmt_events_mention(struct fmt *t, unsigned aud, const char *needle)
{
	int n = 0;
	for (size_t k = 0; k < t->ev.count; k++) {
		char *s;
		if (!(t->ev.items[k].audience & aud))
			continue;
		s = cJSON_PrintUnformatted(t->ev.items[k].data);
		if (strstr(s, needle))
			n++;
		free(s);
	}
	return n;
}

void fmt_events_clear(struct fmt *t)
{
	rules_events_release(&t->ev);
}

int fmt_reply_has(struct fmt *t, const char *needle)
{
	char *s = cJSON_PrintUnformatted(t->reply);
	int r = strstr(s, needle) != NULL;
	free(s);
	return r;
}

static cJSON *csv_array(const char *csv)
{
	char buf[256], *save = NULL, *tok;
	cJSON *arr = cJSON_CreateArray();
	snprintf(buf, sizeof(buf), "%s", csv);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		cJSON_AddItemToArray(arr, cJSON_CreateString(tok));
	return arr;
}

void fmt_doc_hex(cJSON *doc, const char *hex, const char *terrain_csv)
{
	cJSON *h = cJSON_CreateObject();
	cJSON_AddStringToObject(h, "hex", hex);
	cJSON_AddItemToObject(h, "terrain", csv_array(terrain_csv));
	cJSON_AddItemToArray(cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "map"), "hexes"), h);
}

void fmt_doc_put(cJSON *doc, const char *section, const char *key, const char *json)
{
	cJSON *obj = section != NULL ? cJSON_GetObjectItem(doc, section) : doc;
	cJSON *v = cJSON_Parse(json);

	if (v == NULL)
		fail_msg("bad JSON in the test: %s", json);
	assert_non_null(obj);
	if (cJSON_GetObjectItem(obj, key) != NULL)
		cJSON_ReplaceItemInObject(obj, key, v);
	else
		cJSON_AddItemToObject(obj, key, v);
}

void fmt_doc_side(cJSON *doc, const char *a, const char *b, const char *feature, int road)
{
	cJSON *s = cJSON_CreateObject(), *pair = cJSON_CreateArray();
	cJSON_AddItemToArray(pair, cJSON_CreateString(a));
	cJSON_AddItemToArray(pair, cJSON_CreateString(b));
	cJSON_AddItemToObject(s, "hexes", pair);
	if (feature != NULL)
		cJSON_AddItemToObject(s, "features", csv_array(feature));
	if (road)
		cJSON_AddTrueToObject(s, "road");
	cJSON_AddItemToArray(cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "map"), "hexsides"), s);
}

static cJSON *unit_obj(cJSON *doc, const char *unit)
{
	cJSON *u;
	cJSON_ArrayForEach(u, cJSON_GetObjectItem(doc, "units"))
	{
		if (strcmp(cJSON_GetObjectItem(u, "id")->valuestring, unit) == 0)
			return u;
	}
	fail_msg("no unit %s in the document", unit);
	return NULL;
}

void fmt_doc_steps(cJSON *doc, const char *unit, const char *steps_csv)
{
	cJSON_ReplaceItemInObject(unit_obj(doc, unit), "steps", csv_array(steps_csv));
}

void fmt_doc_unit_flag(cJSON *doc, const char *unit, const char *key, cJSON *value)
{
	cJSON *u = unit_obj(doc, unit);
	if (cJSON_GetObjectItem(u, key))
		cJSON_ReplaceItemInObject(u, key, value);
	else
		cJSON_AddItemToObject(u, key, value);
}
