/*
 * fuzz_engine.c -- libFuzzer target for the rules engines: random verb and
 * argument sequences on a live game of every shipped scenario, with the
 * engine's contracts checked after every step.
 *
 * The input drives a game: its first byte picks the scenario and its next
 * eight the dice seed; then each step reads an opcode and acts:
 *   - an action `options` lists for the acting side (picked by the next two
 *     bytes): it must be accepted (options never lists a refused action);
 *   - an action built from a pool of tokens (the scenario's verbs, unit ids,
 *     hex ids valid and invalid, marker ids, keywords, numbers, raw bytes),
 *     for a side picked by the input;
 *   - a query verb with such arguments, as a side or a spectator;
 *   - rarely, a host action (resign, draw, timeout).
 * After every step:
 *   - a refused action left the match byte-identical (rules_match_snapshot)
 *     and so did every query;
 *   - an accepted one: the snapshot restores into a match whose snapshot is
 *     the same (snapshot/restore round trip);
 *   - no secret in the wrong view: a support fire marker in a side's hand or
 *     face down in a battle is not named in the other side's view or a
 *     spectator's (F&M), nor in the `options` of the other side; a hidden, ambush
 *     camouflaged or dummy unit is not shown to the other side or a spectator
 *     (miniatures, QR-AMB-13).
 * Any violation aborts.  Owns no state between inputs besides the loaded
 * scenarios (loaded once).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "rules/core/match.h"
#include "rules/fm/fm.h"
#include "rules/fm/fm_int.h"
#ifdef WG_HAVE_MINIS
#include "rules/minis/minis.h"
#include "rules/minis/minis_int.h"
#endif

#define CHECK(cond, ...)                                                                           \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);   \
			fprintf(stderr, __VA_ARGS__);                                              \
			fprintf(stderr, "\n");                                                     \
			abort();                                                                   \
		}                                                                                  \
	} while (0)

#define MAX_STEPS 160
#define MAX_ARGS  8
#define TOKEN_MAX 48

/* The scenarios the target plays: every shipped one, and the system's test scenario. */
static const struct {
	const char *file;
	const struct ruleset *rs;
} scenario_files[] = {
    {WG_DATA_DIR "/scheldt.json", &fm_ruleset},
    {WG_TEST_DATA "/fm-test.json", &fm_ruleset},
    {WG_TEST_DATA "/fm-scheldt-mini.json", &fm_ruleset},
#ifdef WG_HAVE_MINIS
    {WG_DATA_DIR "/qr-village.json", &minis_ruleset},
#endif
};
#define NSCENARIOS (sizeof(scenario_files) / sizeof(scenario_files[0]))

static struct rules_scenario *scenarios[NSCENARIOS];

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

static unsigned word(struct input *in)
{
	unsigned hi = byte(in);
	return hi << 8 | byte(in);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long n;

	CHECK(f != NULL, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = malloc((size_t)n + 1);
	CHECK(text != NULL && fread(text, 1, (size_t)n, f) == (size_t)n, "cannot read %s", path);
	text[n] = '\0';
	fclose(f);
	return text;
}

static void load_scenarios(void)
{
	static int loaded;

	if (loaded)
		return;
	for (size_t k = 0; k < NSCENARIOS; k++) {
		const struct ruleset *rs = scenario_files[k].rs;
		char *text = slurp(scenario_files[k].file);
		cJSON *doc = cJSON_Parse(text);
		struct rules_error err;
		CHECK(doc != NULL, "%s: not JSON", scenario_files[k].file);
		CHECK(rs->scenario_load(rs, scenario_files[k].file, doc, &scenarios[k], &err) == 0,
		      "%s: %s", scenario_files[k].file, err.message);
		cJSON_Delete(doc);
		free(text);
	}
	loaded = 1;
}

#ifdef WG_HAVE_MINIS
/* A token of a miniatures game: unit and piece ids, points, bearings, keywords and junk. */
static void minis_token(struct input *in, const struct minis_scenario *sc, char *out)
{
	static const char *const words[] = {
	    "air",      "smoke",     "hidden", "ambush", "open",  "dummy",   "dummy1", "standard",
	    "assault",  "armoured",  "convoy", "none",   "fight", "retreat", "all",    "limber",
	    "unlimber", "artillery", "remove", "cannon", "bombs", "british", "german", "x"};
	unsigned kind = byte(in) % 6, v = word(in);

	switch (kind) {
	case 0:
		snprintf(out, TOKEN_MAX, "%s", sc->units[v % (unsigned)sc->nunits].id);
		break;
	case 1:
		snprintf(out, TOKEN_MAX, "%s",
		         sc->npieces > 0 ? sc->pieces[v % (unsigned)sc->npieces].id : "T1");
		break;
	case 2:
		snprintf(out, TOKEN_MAX, "%u.%u", v % 80, (v >> 7) % 100);
		break;
	case 3:
		snprintf(out, TOKEN_MAX, "%s", words[v % (sizeof(words) / sizeof(words[0]))]);
		break;
	case 4:
		snprintf(out, TOKEN_MAX, "%u,%u", v % 75, (v >> 8) % 50);
		break;
	default: {
		size_t len = v % 12;
		for (size_t k = 0; k < len; k++) {
			unsigned c = byte(in);
			out[k] = (char)(c == ' ' || c == 0 ? 'q' : c);
		}
		out[len] = '\0';
		break;
	}
	}
}
#endif

/* A token for an argument: picked by the input from the scenario's own words and junk. */
static void token(struct input *in, const struct rules_match *m, char *out)
{
	const struct fm_scenario *sc = (const struct fm_scenario *)m->sc;
	static const char *const words[] = {"to",     "none", "draw", "pass", "force", "all",
	                                    "any",    "0",    "-1",   "99",   "",      "allied",
	                                    "german", "x",    "0000", "9999"};
	unsigned kind, v;
	char hex[RULES_HEX_ID_MAX];

#ifdef WG_HAVE_MINIS
	if (m->rs == &minis_ruleset) {
		minis_token(in, (const struct minis_scenario *)m->sc, out);
		return;
	}
#endif
	kind = byte(in) % 6;
	v = word(in);
	switch (kind) {
	case 0:
		snprintf(out, TOKEN_MAX, "%s", sc->units[v % (unsigned)sc->nunits].id);
		break;
	case 1:
		snprintf(
		    out, TOKEN_MAX, "%s",
		    rules_hex_format(&sc->map.grid, (int)(v % (unsigned)sc->map.grid.count), hex));
		break;
	case 2: {
		int side = (int)(v & 1), n = sc->nmarkers[side];
		snprintf(out, TOKEN_MAX, "%s",
		         n > 0 ? sc->markers[side][(v >> 1) % (unsigned)n].id : "A1");
		break;
	}
	case 3:
		snprintf(out, TOKEN_MAX, "%s", words[v % (sizeof(words) / sizeof(words[0]))]);
		break;
	case 4:
		snprintf(out, TOKEN_MAX, "%u", v % 10000);
		break;
	default: {
		/* raw bytes, printable or not (the tokenizer never gives a space or NUL) */
		size_t len = v % 12;
		for (size_t k = 0; k < len; k++) {
			unsigned c = byte(in);
			out[k] = (char)(c == ' ' || c == 0 ? 'q' : c);
		}
		out[len] = '\0';
		break;
	}
	}
}

static char *snap(const struct rules_match *m)
{
	char *s = rules_match_snapshot(m);
	CHECK(s != NULL, "snapshot failed");
	return s;
}

static char *view_of(const struct rules_match *m, int viewer)
{
	cJSON *v = m->rs->view(m->game, &RULES_VIEWER(viewer));
	char *s;

	CHECK(v != NULL, "view failed");
	s = cJSON_PrintUnformatted(v);
	cJSON_Delete(v);
	return s;
}

/* A support fire marker of side that side's opponent may not know: in hand, or placed face
 * down and not yet revealed. */
static int secret_marker(const struct fm_game *g, int side, int k)
{
	const struct fm_marker *m = &g->m[side][k];

	return m->where == FM_M_HAND || (m->where == FM_M_COMMITTED && !m->revealed);
}

/* Checks that text (a view or a query answer for viewer) names no secret marker of the
 * other side(s). */
static void check_no_secret_fm(const struct fm_game *g, int viewer, const char *text,
                               const char *what)
{
	/* a marker is named as an object's "id" or as a "marker" member (a bare "A3" is also a
	 * CRT result: the keys tell a marker from it) */
	static const char *const keys[] = {"\"id\":\"%s\"", "\"marker\":\"%s\""};
	char named[48];

	for (int side = 0; side < RULES_SIDES; side++) {
		if (side == viewer)
			continue;
		for (int k = 0; k < g->sc->nmarkers[side]; k++) {
			if (!secret_marker(g, side, k))
				continue;
			for (size_t j = 0; j < sizeof(keys) / sizeof(keys[0]); j++) {
				snprintf(named, sizeof(named), keys[j], g->sc->markers[side][k].id);
				CHECK(strstr(text, named) == NULL,
				      "%s for viewer %d names %s's secret marker: %s", what, viewer,
				      g->sc->side_names[side], named);
			}
		}
	}
}

#ifdef WG_HAVE_MINIS
/* Checks that text for viewer shows no unit of the other side that viewer may not see: a
 * hidden or ambush camouflaged unit (as a unit object) or a dummy (named at all). */
static void check_no_secret_minis(const struct minis_game *g, int viewer, const char *text,
                                  const char *what)
{
	char named[48];

	if (g->over)
		return;
	for (int u = 0; u < g->nslots; u++) {
		if (minis__visible(g, u, viewer))
			continue;
		if (minis__def(g, u)->kind == MK_DUMMY)
			snprintf(named, sizeof(named), "\"%s\"", minis__uid(g, u));
		else
			snprintf(named, sizeof(named), "\"id\":\"%s\"", minis__uid(g, u));
		CHECK(strstr(text, named) == NULL,
		      "%s for viewer %d names a unit it may not see: %s", what, viewer, named);
	}
}
#endif

static void check_no_secret(const struct rules_match *m, int viewer, const char *text,
                            const char *what)
{
#ifdef WG_HAVE_MINIS
	if (m->rs == &minis_ruleset) {
		check_no_secret_minis((const struct minis_game *)m->game, viewer, text, what);
		return;
	}
#endif
	check_no_secret_fm((const struct fm_game *)m->game, viewer, text, what);
}

static int acting_side(const struct rules_match *m)
{
	for (int s = 0; s < RULES_SIDES; s++)
		if (m->pending.sides & RULES_AUD_SIDE(s))
			return s;
	return -1;
}

/* Splits line (modified) into argv; the count. */
static int split(char *line, char **argv, int max)
{
	int argc = 0;

	for (char *p = strtok(line, " "); p != NULL && argc < max; p = strtok(NULL, " "))
		argv[argc++] = p;
	return argc;
}

/* Runs argv as side through the match and checks the atomicity and round-trip contracts.
 * must: the action came from `options`, so it must be accepted. */
static void step_action(struct rules_match *m, int side, int argc, char **argv, int must)
{
	struct rules_events ev;
	struct rules_error err;
	cJSON *reply = cJSON_CreateObject();
	char *before = snap(m), *after;
	int rc;

	rules_events_init(&ev);
	rc = rules_match_apply(m, NULL, side, argc, argv, reply, &ev, &err);
	after = snap(m);
	if (rc != 0) {
		CHECK(!must, "listed action '%s ...' refused: %s [%s]", argv[0], err.message,
		      err.rule);
		CHECK(strcmp(before, after) == 0, "refused '%s' changed the match", argv[0]);
		CHECK(ev.count == 0, "refused '%s' left %zu events", argv[0], ev.count);
	} else {
		struct rules_match back;
		char *again;
		CHECK(rules_match_restore(&back, m->rs, m->sc, &m->opts, after, &err) == 0,
		      "restore after '%s': %s", argv[0], err.message);
		again = snap(&back);
		CHECK(strcmp(after, again) == 0, "snapshot/restore round trip differs after '%s'",
		      argv[0]);
		free(again);
		rules_match_release(&back);
	}
	free(before);
	free(after);
	cJSON_Delete(reply);
	rules_events_release(&ev);
}

/* The i-th action of an options answer into line. */
static int nth_action(const cJSON *opts, unsigned i, char *line, size_t n)
{
	const cJSON *grp;
	int count = cJSON_GetObjectItemCaseSensitive(opts, "count")->valueint;

	if (count <= 0)
		return 0;
	i %= (unsigned)count;
	cJSON_ArrayForEach(grp, cJSON_GetObjectItemCaseSensitive(opts, "groups"))
	{
		const char *prefix = cJSON_GetObjectItemCaseSensitive(grp, "prefix")->valuestring;
		const cJSON *choices = cJSON_GetObjectItemCaseSensitive(grp, "choices");
		unsigned k = (unsigned)cJSON_GetArraySize(choices);
		if (k == 0) {
			if (i-- == 0) {
				snprintf(line, n, "%s", prefix);
				return 1;
			}
			continue;
		}
		if (i < k) {
			snprintf(line, n, "%s %s", prefix,
			         cJSON_GetArrayItem(choices, (int)i)->valuestring);
			return 1;
		}
		i -= k;
	}
	CHECK(0, "options count %d is more than its groups hold", count);
	return 0;
}

static cJSON *options_of(const struct rules_match *m, int side)
{
	char verb[] = "options", *argv[] = {verb};
	struct rules_error err;
	cJSON *out = cJSON_CreateObject();

	CHECK(rules_match_query(m, NULL, &RULES_VIEWER(side), 1, argv, out, &err) == 0,
	      "options: %s", err.message);
	return out;
}

static void step_options(struct rules_match *m, struct input *in)
{
	int side = acting_side(m);
	char line[512], *argv[64], *text;
	cJSON *opts;
	int argc;

	if (side < 0)
		return;
	opts = options_of(m, side);
	text = cJSON_PrintUnformatted(opts);
	/* what one side may do names none of the other side's secrets (choices are plain
	 * strings: a marker of the other side would be a choice of a support or bombard) */
	check_no_secret(m, side, text, "options");
	free(text);
	if (nth_action(opts, word(in), line, sizeof(line))) {
		argc = split(line, argv, 64);
		step_action(m, side, argc, argv, 1);
	}
	cJSON_Delete(opts);
}

/* The i-th verb of the game's scenario of the given kind, or NULL. */
static const struct rules_verb *verb_of(const struct rules_match *m, enum rules_verb_kind kind,
                                        unsigned i)
{
	const struct rules_verb *v, *pick = NULL;
	unsigned n = 0;

	for (size_t k = 0; (v = m->rs->verb(m->sc, k)) != NULL; k++)
		if (v->kind == kind)
			n++;
	if (n == 0)
		return NULL;
	i %= n;
	for (size_t k = 0; (v = m->rs->verb(m->sc, k)) != NULL; k++)
		if (v->kind == kind && i-- == 0)
			pick = v;
	return pick;
}

static void step_random(struct rules_match *m, struct input *in, enum rules_verb_kind kind)
{
	const struct rules_verb *v = verb_of(m, kind, byte(in));
	char toks[MAX_ARGS + 1][TOKEN_MAX], *argv[MAX_ARGS + 1];
	int argc = 1 + (int)(byte(in) % MAX_ARGS);
	int who = (int)(byte(in) % 4); /* 0, 1, 2 (spectator), 3: the acting side */

	if (v == NULL)
		return;
	if (who == 3)
		who = acting_side(m) >= 0 ? acting_side(m) : 0;
	snprintf(toks[0], TOKEN_MAX, "%s", v->name);
	argv[0] = toks[0];
	for (int k = 1; k < argc; k++) {
		token(in, m, toks[k]);
		argv[k] = toks[k];
	}
	if (kind == RULES_VERB_ACTION) {
		step_action(m, who == RULES_SPECTATOR ? 0 : who, argc, argv, 0);
	} else {
		struct rules_error err;
		cJSON *out = cJSON_CreateObject();
		char *before = snap(m), *after, *text;
		rules_match_query(m, NULL, &RULES_VIEWER(who), argc, argv, out, &err);
		after = snap(m);
		CHECK(strcmp(before, after) == 0, "query '%s' changed the match", v->name);
		text = cJSON_PrintUnformatted(out);
		check_no_secret(m, who, text, v->name);
		free(text);
		free(before);
		free(after);
		cJSON_Delete(out);
	}
}

static void step_host(struct rules_match *m, struct input *in)
{
	static const enum rules_host_kind kinds[] = {RULES_HOST_RESIGN, RULES_HOST_DRAW,
	                                             RULES_HOST_TIMEOUT};
	struct rules_host_action a = {kinds[byte(in) % 3], (int)(byte(in) % 2), -1, "fuzz", 0};
	struct rules_events ev;
	struct rules_error err;
	char *before = snap(m), *after;

	rules_events_init(&ev);
	if (rules_match_host(m, &a, &ev, &err) != 0) {
		after = snap(m);
		CHECK(strcmp(before, after) == 0, "refused host action changed the match");
		free(after);
	}
	rules_events_release(&ev);
	free(before);
}

static void check_views(const struct rules_match *m)
{
	for (int viewer = 0; viewer <= RULES_SPECTATOR; viewer++) {
		char *v = view_of(m, viewer);
		check_no_secret(m, viewer, v, "view");
		free(v);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = {data, size};
	struct rules_match m;
	struct rules_options opts;
	struct rules_events ev;
	struct rules_error err;
	uint8_t seed[32] = {0};
	size_t k = byte(&in) % NSCENARIOS;

	load_scenarios();
	for (int i = 0; i < 8; i++)
		seed[i] = (uint8_t)byte(&in);
	memset(&opts, 0, sizeof(opts));
	CHECK(rules_match_create(&m, scenario_files[k].rs, scenarios[k], &opts, seed, &err) == 0,
	      "create: %s", err.message);
	rules_events_init(&ev);
	CHECK(rules_match_start(&m, &ev, &err) == 0, "start: %s", err.message);
	rules_events_release(&ev);
	for (int step = 0; step < MAX_STEPS && in.n > 0 && m.pending.sides != 0; step++) {
		unsigned op = byte(&in) % 16;
		if (op < 10)
			step_options(&m, &in);
		else if (op < 13)
			step_random(&m, &in, RULES_VERB_ACTION);
		else if (op < 15)
			step_random(&m, &in, RULES_VERB_QUERY);
		else if (byte(&in) < 16)
			step_host(&m, &in);
		check_views(&m);
	}
	rules_match_release(&m);
	return 0;
}
