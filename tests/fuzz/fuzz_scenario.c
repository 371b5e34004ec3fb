/*
 * fuzz_scenario.c -- libFuzzer target for the scenario loader and check-scenario of every
 * shipped ruleset (rules/shipped.h): the catalog's parse and load (rules_catalog_add, what
 * the daemon does with each file of data/ and --scenarios), each ruleset's scenario_lint
 * (`wargamed check-scenario`), and what is done with a scenario that loads.
 *
 * An input is one of:
 *   - a scenario document as text, when its first byte is '{' (the seed corpus holds small
 *     ones; libFuzzer mutates bytes);
 *   - otherwise a list of edits of a real scenario, so that the deep paths of the loader are
 *     reached with documents that are almost right: the first byte picks the base document
 *     (every .json of data/ and tests/data/, read once), then each edit of three bytes and
 *     more walks into the document (a child index per level, modulo the children there)
 *     and deletes, replaces (by a number, a string, null, true, an empty array or object, a
 *     copy of a sibling) or duplicates the value reached.
 * Checks, any violation aborting:
 *   - neither the load nor a lint crashes, leaks or reads out of bounds (ASan, UBSan);
 *   - every lint finding has a severity, a JSON path starting with '$' and a message;
 *   - the lint of the document's own ruleset reports no error exactly when the loader
 *     accepts the document (ruleset.h: 0 errors means scenario_load accepts it);
 *   - a scenario that loads has an id and side names, and gives a game that starts, whose
 *     view every viewer may ask, whose snapshot restores into the same snapshot, and whose
 *     picture (check-scenario --svg) is drawn.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "rules/core/catalog.h"
#include "rules/core/dice.h"
#include "rules/shipped.h"

#define CHECK(cond, ...)                                                                           \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);   \
			fprintf(stderr, __VA_ARGS__);                                              \
			fprintf(stderr, "\n");                                                     \
			abort();                                                                   \
		}                                                                                  \
	} while (0)

#define MAX_BASES 32
#define MAX_EDITS 12
#define MAX_DEPTH 8

static cJSON *bases[MAX_BASES];
static size_t nbases;

struct input {
	const uint8_t *p;
	size_t n;
};

static unsigned byte(struct input *in)
{
	if (in->n == 0)
		return 0;
	in->n--;
	return *in->p++;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long n;

	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = malloc((size_t)n + 1);
	if (text == NULL || fread(text, 1, (size_t)n, f) != (size_t)n) {
		free(text);
		fclose(f);
		return NULL;
	}
	text[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return text;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every .json of dir, parsed, in name order. */
static void load_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char *names[MAX_BASES];
	size_t n = 0;

	CHECK(d != NULL, "cannot open %s", dir);
	while ((e = readdir(d)) != NULL && n < MAX_BASES) {
		size_t len = strlen(e->d_name);
		if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0)
			names[n++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(names[0]), by_name);
	for (size_t k = 0; k < n; k++) {
		char path[1024];
		size_t len;
		char *text;
		snprintf(path, sizeof(path), "%s/%s", dir, names[k]);
		text = slurp(path, &len);
		if (text != NULL && nbases < MAX_BASES &&
		    (bases[nbases] = cJSON_ParseWithLength(text, len)) != NULL)
			nbases++;
		free(text);
		free(names[k]);
	}
}

static void load_bases(void)
{
	static int loaded;

	if (loaded)
		return;
	load_dir(WG_DATA_DIR);
	load_dir(WG_TEST_DATA);
	CHECK(nbases > 0, "no scenario to start from");
	loaded = 1;
}

/* A value to put in the document, picked by the input. */
static cJSON *value(struct input *in, const cJSON *sibling)
{
	static const char *const words[] = {"",     "x",   "0101", "9999",   "allied", "german",
	                                    "fm",   "hex", "road", "clear",  "A1",     "-1",
	                                    "true", "all", "b2",   "scheldt"};
	unsigned kind = byte(in) % 8, v = byte(in);

	switch (kind) {
	case 0:
		return cJSON_CreateNumber((double)(int8_t)v);
	case 1:
		return cJSON_CreateNumber(v * 1000.0 + 0.5);
	case 2:
		return cJSON_CreateString(words[v % (sizeof(words) / sizeof(words[0]))]);
	case 3:
		return cJSON_CreateNull();
	case 4:
		return cJSON_CreateBool(v & 1);
	case 5:
		return cJSON_CreateArray();
	case 6:
		return cJSON_CreateObject();
	default:
		return sibling != NULL ? cJSON_Duplicate(sibling, 1) : cJSON_CreateNumber(v);
	}
}

/* One edit of doc (see the header). */
static void edit(cJSON *doc, struct input *in)
{
	cJSON *parent = doc, *at = NULL;
	unsigned depth = 1 + byte(in) % MAX_DEPTH, op;

	for (unsigned k = 0; k < depth; k++) {
		int n = cJSON_GetArraySize(parent);
		if (n == 0 || !(cJSON_IsArray(parent) || cJSON_IsObject(parent)))
			break;
		at = cJSON_GetArrayItem(parent, (int)(byte(in) % (unsigned)n));
		if (k + 1 < depth && (cJSON_IsArray(at) || cJSON_IsObject(at)) &&
		    cJSON_GetArraySize(at) > 0)
			parent = at;
		else
			break;
	}
	if (at == NULL)
		return;
	op = byte(in) % 4;
	if (op == 0) {
		cJSON_Delete(cJSON_DetachItemViaPointer(parent, at));
	} else if (op == 3 && cJSON_IsArray(parent)) {
		cJSON_AddItemToArray(parent, cJSON_Duplicate(at, 1));
	} else {
		cJSON *sibling = at->next != NULL ? at->next : at->prev;
		cJSON *v = value(in, sibling != at ? sibling : NULL);
		if (v != NULL)
			cJSON_ReplaceItemViaPointer(parent, at, v);
	}
}

struct lint {
	int errors, findings;
};

static void on_finding(void *ctx, int severity, const char *path, const char *message)
{
	struct lint *l = ctx;

	CHECK(severity == RULES_LINT_ERROR || severity == RULES_LINT_WARNING, "severity %d",
	      severity);
	CHECK(path != NULL && path[0] == '$', "finding without a JSON path: %s", message);
	CHECK(message != NULL && message[0] != '\0', "finding without a message at %s", path);
	l->errors += severity == RULES_LINT_ERROR;
	l->findings++;
}

/* What is done with a scenario that loaded: a game, its views, snapshot, picture. */
static void use(const struct rules_catalog_entry *e)
{
	const struct ruleset *rs = e->rs;
	struct rules_options opts;
	struct rules_game *g = NULL, *back = NULL;
	struct rules_events ev;
	struct rules_error err;
	struct rules_dice dice;
	uint8_t seed[32] = {1};
	char *snap, *again, svg[] = "svg", *argv[] = {svg};

	CHECK(e->info.id != NULL && e->info.id[0] != '\0', "a scenario without an id");
	for (int s = 0; s < RULES_SIDES; s++)
		CHECK(e->info.side_names[s] != NULL, "side %d has no name", s);
	memset(&opts, 0, sizeof(opts));
	if (rs->create(e->sc, &opts, &g, &err) != 0)
		return; /* a scenario may refuse the default options: no game */
	rules_dice_seed(&dice, seed);
	rules_events_init(&ev);
	if (rs->start(g, &dice, &ev, &err) == 0) {
		for (int v = 0; v <= RULES_SPECTATOR; v++) {
			cJSON *view = rs->view(g, &RULES_VIEWER(v));
			CHECK(view != NULL, "no view for viewer %d", v);
			cJSON_Delete(view);
		}
		if (rs->picture != NULL)
			free(rs->picture(g, &RULES_VIEWER(RULES_SPECTATOR), 1, argv, &err));
		snap = rs->snapshot(g);
		CHECK(snap != NULL, "no snapshot");
		CHECK(rs->restore(e->sc, &opts, snap, &back, &err) == 0, "restore: %s",
		      err.message);
		again = rs->snapshot(back);
		CHECK(again != NULL && strcmp(snap, again) == 0, "snapshot/restore round trip");
		free(again);
		free(snap);
		rs->destroy(back);
	}
	rules_events_release(&ev);
	rules_dice_release(&dice);
	rs->destroy(g);
}

static void check_document(const char *text, size_t len)
{
	struct rules_catalog cat;
	struct rules_error err;
	const cJSON *name;
	const struct ruleset *own = NULL;
	cJSON *doc;
	int loaded;

	rules_catalog_init(&cat, rules_shipped);
	loaded = rules_catalog_add(
	             &cat, "fuzz.json", text, len,
	             "0000000000000000000000000000000000000000000000000000000000000000", &err) == 0;
	if (loaded)
		use(cat.entries[0]);
	doc = cJSON_ParseWithLength(text, len);
	name = doc != NULL ? cJSON_GetObjectItemCaseSensitive(doc, "ruleset") : NULL;
	for (const struct ruleset *const *rs = rules_shipped; doc != NULL && *rs != NULL; rs++) {
		struct lint l = {0, 0};
		int n;
		if ((*rs)->scenario_lint == NULL)
			continue;
		n = (*rs)->scenario_lint(*rs, "fuzz.json", doc, on_finding, &l);
		CHECK(n == WG_E_NO_MEMORY || n == l.errors, "lint returned %d for %d errors", n,
		      l.errors);
		if (cJSON_IsString(name) && strcmp(name->valuestring, (*rs)->name) == 0) {
			own = *rs;
			CHECK((n == 0) == loaded,
			      "check-scenario (%s) finds %d errors but the loader %s it: %s",
			      own->name, n, loaded ? "accepts" : "refuses",
			      loaded ? "" : err.message);
		}
	}
	(void)own;
	cJSON_Delete(doc);
	rules_catalog_release(&cat);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = {data, size};
	cJSON *doc;
	char *text;

	load_bases();
	if (size > 0 && data[0] == '{') {
		check_document((const char *)data, size);
		return 0;
	}
	doc = cJSON_Duplicate(bases[byte(&in) % nbases], 1);
	CHECK(doc != NULL, "out of memory");
	for (int k = 0; k < MAX_EDITS && in.n >= 3; k++)
		edit(doc, &in);
	text = cJSON_PrintUnformatted(doc);
	CHECK(text != NULL, "out of memory");
	check_document(text, strlen(text));
	free(text);
	cJSON_Delete(doc);
	return 0;
}
