/*
 * test_minis_util.c -- see test_minis_util.h.
 */
#include "test_minis_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long n;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = malloc((size_t)n + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
	text[n] = '\0';
	fclose(f);
	return text;
}

static void path_of(const char *file, char *buf, size_t n)
{
	if (strncmp(file, "data:", 5) == 0)
		snprintf(buf, n, "%s/%s", WG_DATA_DIR, file + 5);
	else if (strncmp(file, "test:", 5) == 0)
		snprintf(buf, n, "%s/%s", WG_TEST_DATA, file + 5);
	else
		snprintf(buf, n, "%s", file);
}

struct rules_scenario *mt_load(const char *file, struct rules_error *err)
{
	char path[512], *text;
	cJSON *doc;
	struct rules_scenario *sc = NULL;

	path_of(file, path, sizeof(path));
	text = slurp(path);
	doc = cJSON_Parse(text);
	assert_non_null(doc);
	if (minis_ruleset.scenario_load(&minis_ruleset, path, doc, &sc, err) != 0)
		sc = NULL;
	cJSON_Delete(doc);
	free(text);
	return sc;
}

void mt_open(struct mt *t, const char *file, const char *opts)
{
	struct rules_options o;
	static const uint8_t seed[32] = {7, 7, 7};
	char buf[512], *p;
	struct rules_game *rg = NULL;

	memset(t, 0, sizeof(*t));
	memset(&o, 0, sizeof(o));
	t->sc = mt_load(file, &t->err);
	if (t->sc == NULL)
		fail_msg("%s: %s", file, t->err.message);
	snprintf(buf, sizeof(buf), "%s", opts ? opts : "");
	for (p = strtok(buf, " "); p != NULL; p = strtok(NULL, " ")) {
		char *eq = strchr(p, '=');
		assert_non_null(eq);
		*eq = '\0';
		snprintf(o.items[o.count].key, sizeof(o.items[0].key), "%s", p);
		snprintf(o.items[o.count].value, sizeof(o.items[0].value), "%s", eq + 1);
		o.count++;
	}
	if (minis_ruleset.create(t->sc, &o, &rg, &t->err) != 0)
		fail_msg("create: %s", t->err.message);
	t->g = (struct minis_game *)rg;
	rules_dice_seed(&t->dice, seed);
	rules_events_init(&t->ev);
}

void mt_close(struct mt *t)
{
	rules_events_release(&t->ev);
	rules_dice_release(&t->dice);
	cJSON_Delete(t->reply);
	if (t->g != NULL)
		minis_ruleset.destroy((struct rules_game *)t->g);
	minis_ruleset.scenario_free(t->sc);
	t->g = NULL;
}

static void queue(struct mt *t, va_list ap)
{
	int v;

	while ((v = va_arg(ap, int)) != 0)
		assert_int_equal(rules_dice_force(&t->dice, v), 0);
}

void mt_dice(struct mt *t, ...)
{
	va_list ap;

	va_start(ap, t);
	queue(t, ap);
	va_end(ap);
}

void mt_start(struct mt *t, ...)
{
	va_list ap;

	va_start(ap, t);
	queue(t, ap);
	va_end(ap);
	rules_events_release(&t->ev);
	rules_events_init(&t->ev);
	if (minis_ruleset.start((struct rules_game *)t->g, &t->dice, &t->ev, &t->err) != 0)
		fail_msg("start: %s", t->err.message);
	assert_int_equal(t->dice.nqueued, 0);
}

static int split(char *buf, char **argv, int max)
{
	int argc = 0;

	for (char *p = strtok(buf, " "); p != NULL && argc < max; p = strtok(NULL, " "))
		argv[argc++] = p;
	return argc;
}

int mt_do(struct mt *t, int side, const char *fmt, ...)
{
	char line[512], *argv[40];
	struct minis_game *saved = malloc(sizeof(*t->g));
	va_list ap;
	int argc;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	argc = split(line, argv, 40);
	rules_events_release(&t->ev);
	rules_events_init(&t->ev);
	cJSON_Delete(t->reply);
	t->reply = cJSON_CreateObject();
	memset(&t->err, 0, sizeof(t->err));
	assert_non_null(saved);
	*saved = *t->g;
	t->rc = minis__act(t->g, &t->dice, side, argc, argv, t->reply, &t->ev, &t->err);
	if (t->rc != 0) {
		*t->g = *saved; /* apply's atomicity, as minis_apply keeps it */
		rules_events_release(&t->ev);
		rules_events_init(&t->ev);
	}
	free(saved);
	return t->rc;
}

void mt_ok(struct mt *t, int side, const char *line)
{
	if (mt_do(t, side, "%s", line) != 0)
		fail_msg("'%s' refused: %s [%s]", line, t->err.message, t->err.rule);
}

void mt_refused(struct mt *t, int side, const char *line, const char *rule)
{
	if (mt_do(t, side, "%s", line) == 0)
		fail_msg("'%s' accepted, expected a refusal citing %s", line, rule);
	if (rule != NULL && strcmp(t->err.rule, rule) != 0)
		fail_msg("'%s' refused citing '%s' (%s), expected %s", line, t->err.rule,
		         t->err.message, rule);
}

cJSON *mt_query(struct mt *t, int viewer, const char *fmt)
{
	char line[512], *argv[40];
	int argc;
	cJSON *out = cJSON_CreateObject();

	snprintf(line, sizeof(line), "%s", fmt);
	argc = split(line, argv, 40);
	if (minis_ruleset.query((struct rules_game *)t->g, &RULES_VIEWER(viewer), argc, argv, out,
	                        &t->err) != 0) {
		cJSON_Delete(out);
		return NULL;
	}
	return out;
}

int mt_u(struct mt *t, const char *id)
{
	int u = minis__unit_find(t->g, id);

	if (u < 0)
		fail_msg("no unit %s", id);
	return u;
}

void mt_place(struct mt *t, const char *id, double x, double y, int facing)
{
	int u = mt_u(t, id);

	t->g->u[u].status = MS_ON;
	t->g->u[u].x = (int32_t)(x * 100 + (x >= 0 ? 0.5 : -0.5));
	t->g->u[u].y = (int32_t)(y * 100 + (y >= 0 ? 0.5 : -0.5));
	t->g->u[u].facing = (int16_t)(facing * 10);
	t->g->u[u].flags = 0;
}

void mt_clear(struct mt *t)
{
	int spare[RULES_SIDES] = {-1, -1};

	for (int u = 0; u < t->g->nslots; u++) {
		t->g->u[u].status = u < t->g->sc->nunits ? MS_DISPERSED : MS_UNPLACED;
		t->g->u[u].flags = 0;
	}
	/* one unit of each side stays in a far corner of its zone, so that a side never runs
	 * out of units (which ends the game) during a test: the last unit of the scenario */
	for (int u = t->g->sc->nunits - 1; u >= 0; u--)
		if (spare[minis__side(t->g, u)] < 0)
			spare[minis__side(t->g, u)] = u;
	for (int s = 0; s < RULES_SIDES; s++) {
		struct minis_unit *x = &t->g->u[spare[s]];
		int north = t->g->sc->sides[s].north;
		x->status = MS_ON;
		x->x = north ? t->g->width - 300 : 300;
		x->y = north ? t->g->height - 300 : 300;
	}
	t->g->deployed[0] = t->g->deployed[1] = 1;
}

void mt_phase(struct mt *t, int phase, int side)
{
	t->g->phase = (uint8_t)phase;
	t->g->acting = (int8_t)side;
	t->g->phasing = (int8_t)side;
	t->g->turn = t->g->turn > 0 ? t->g->turn : 1;
	t->g->intr = MI_NONE;
	t->g->act.active = 0;
	t->g->act.units = 0;
	t->g->nacts = 0;
}

void mt_group(struct mt *t, int a, int b, ...)
{
	va_list ap;
	const char *id;

	memset(&t->g->act, 0, sizeof(t->g->act));
	t->g->act.active = 1;
	t->g->act.kind = GK_STANDARD;
	t->g->act.payer = -1;
	t->g->act.roll[0] = (int8_t)a;
	t->g->act.roll[1] = (int8_t)b;
	va_start(ap, b);
	while ((id = va_arg(ap, const char *)) != NULL) {
		int u = mt_u(t, id);
		t->g->act.units |= (uint64_t)1 << u;
		t->g->u[u].flags |= MU_ACTIVATED;
		t->g->u[u].roll = minis__unprinted(t->g, (a + b) * 100);
		t->g->u[u].used = 0;
	}
	va_end(ap);
}

int mt_event(const struct mt *t, const char *type, const char *needle)
{
	for (size_t k = 0; k < t->ev.count; k++) {
		const cJSON *d = t->ev.items[k].data;
		const char *ty = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(d, "event"));
		const char *tx = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(d, "text"));
		if ((type == NULL || strcmp(ty, type) == 0) &&
		    (needle == NULL || (tx != NULL && strstr(tx, needle) != NULL)))
			return 1;
	}
	return 0;
}

const cJSON *mt_event_of(const struct mt *t, const char *type)
{
	for (size_t k = 0; k < t->ev.count; k++) {
		const cJSON *d = t->ev.items[k].data;
		if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(d, "event")),
		           type) == 0)
			return d;
	}
	return NULL;
}

double mt_num(const struct mt *t, const char *type, const char *key)
{
	const cJSON *e = mt_event_of(t, type), *v;

	if (e == NULL)
		fail_msg("no %s event", type);
	v = cJSON_GetObjectItemCaseSensitive(e, key);
	if (!cJSON_IsNumber(v))
		fail_msg("the %s event has no number %s", type, key);
	return v->valuedouble;
}

const char *mt_str(const struct mt *t, const char *type, const char *key)
{
	const cJSON *e = mt_event_of(t, type);
	const char *s =
	    e != NULL ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, key)) : NULL;

	return s != NULL ? s : "";
}

const struct minis_tables *mt_tables(void)
{
	static struct minis_tables tab;
	static int loaded;

	if (!loaded) {
		struct rules_error err;
		struct rules_scenario *sc = mt_load("data:qr-village.json", &err);
		assert_non_null(sc);
		tab = ((struct minis_scenario *)sc)->tab;
		minis_ruleset.scenario_free(sc);
		loaded = 1;
	}
	return &tab;
}
