/*
 * fuzz_engine.c -- libFuzzer target for the rules engines: random verb and
 * argument sequences on a live game of every shipped scenario, with the
 * engine's contracts checked after every step.
 *
 * The scenarios (scenario_files[]): Battle of the Scheldt, the F&M test
 * scenarios fm-test and fm-scheldt-mini, Meuse Argonne (F&M), QR Village
 * (miniatures) and The Scheldt Campaign (campaign).  The input drives one
 * game of one of them for at most MAX_STEPS steps: its first byte picks the
 * scenario (modulo their number) and, divided by their number, which of the
 * scenario's game options are on (scenario_files[].options: the Campaign's
 * Tactical Reaction and Free Setup, F&M blind support draws, ...); its next
 * eight bytes the dice seed; then each step reads an opcode and acts:
 *   - an action `options` lists for the acting side (picked by the next two
 *     bytes): it must be accepted (options never lists a refused action);
 *     most steps are these, so that games get past their set-up (the
 *     Campaign's random hits, scratch battalions and hands) into movement
 *     and battles;
 *   - an action built from a pool of tokens, for a side picked by the input:
 *     the scenario's verbs, the literal words of its verbs' usages (found in
 *     the verb table: "G-4=air", "hand", "apc=<unit>"), and per ruleset unit
 *     ids, hex ids valid and invalid, marker ids (F&M support markers; the
 *     Campaign's staff markers as players type them: G-1, g2, 2xG-3,
 *     G-3=<unit>), Task Force HQs, "<unit>=<n>|<hq>|<hex>", keywords, numbers
 *     and raw bytes;
 *   - a query verb with such arguments, as a side or a spectator;
 *   - rarely, a host action (resign, draw, timeout).
 * After every step:
 *   - a refused action left the match byte-identical (rules_match_snapshot)
 *     and so did every query;
 *   - an accepted one: the snapshot restores into a match whose snapshot is
 *     the same (snapshot/restore round trip);
 *   - no secret in the wrong view, options or query answer: a support fire
 *     marker in a side's hand or face down in a battle is not named to the
 *     other side or a spectator (F&M: Scheldt, Meuse Argonne); a hidden,
 *     ambush camouflaged or dummy unit is not shown to them (miniatures,
 *     QR-AMB-13); in the Campaign (8.0, rules/campaign/view.c) a hand shows
 *     them its size only, no Tactical Unit in a holding box is named to them
 *     unless the battle in progress revealed it, and no commitment before
 *     both are locked (10.2).  Operational Intelligence (8.2) shows a hand or
 *     mat in the reply and an event to the player alone, which these checks
 *     do not read;
 *   - before each random action or query, the differential secrecy contract
 *     (ruleset.h, secret_twin): in a twin of the match that differs only in
 *     the secret of the other side (another hand, box or commitment), the
 *     viewer gets the same view, the same answer or refusal, and its action
 *     is accepted in both or in neither (with the same reply and events when
 *     the difference outlives the action).
 * Any violation aborts.  Deterministic: the input alone decides.  Owns no
 * state between inputs besides the loaded scenarios and their usage words
 * (loaded once).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "rules/core/match.h"
#include "rules/fm/fm.h"
#include "rules/fm/fm_int.h"
#ifdef WG_HAVE_CAMPAIGN
#include "rules/campaign/camp_int.h"
#include "rules/campaign/campaign.h"
#endif
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
#define MAX_WORDS 96 /* literal words of a scenario's verb usages */

/* The scenarios the target plays: every shipped one, and the system's test scenarios.  The
 * first byte of an input picks one (modulo their number): keep the order, so that the
 * committed inputs keep their scenario (the rulesets a build may leave out come last). */
#define NOPTIONS 6
static const struct {
	const char *file;
	const struct ruleset *rs;
	/* game options ("key=value") the first byte may switch on: bit k of its value divided
	 * by the number of scenarios turns on options[k] (a first byte below that number: the
	 * defaults) */
	const char *options[NOPTIONS];
} scenario_files[] = {
    {WG_DATA_DIR "/scheldt.json",
     &fm_ruleset,
     {"support.pick=random_blind", "support.allotment=lowest_first", "sr.attacker_mode=per_unit",
      "combat.one_attack_per_turn=false", "zoc.mobile_stops=true", "bs.german_freeze_scope=all"}},
    {WG_TEST_DATA "/fm-test.json",
     &fm_ruleset,
     {"support.pick=random_blind", "support.allotment=lowest_first", "sr.attacker_mode=per_unit",
      "combat.one_attack_per_turn=false", "zoc.mobile_stops=true", "crt.line_alignment=right"}},
    {WG_TEST_DATA "/fm-scheldt-mini.json",
     &fm_ruleset,
     {"support.pick=random_blind", "support.allotment=lowest_first", "sr.attacker_mode=per_unit",
      "combat.one_attack_per_turn=false", "zoc.mobile_stops=true", "crt.line_alignment=right"}},
    {WG_DATA_DIR "/meuse-argonne.json",
     &fm_ruleset,
     {"support.pick=random_blind", "support.allotment=lowest_first", "sr.attacker_mode=per_unit",
      "combat.one_attack_per_turn=false", "ma.hit_retreat_cancels=one",
      "ma.trench_blocks_allied_zoc=false"}},
#ifdef WG_HAVE_MINIS
    {WG_DATA_DIR "/qr-village.json", &minis_ruleset, {NULL}},
#endif
#ifdef WG_HAVE_CAMPAIGN
    {WG_DATA_DIR "/scheldt-campaign.json",
     &camp_ruleset,
     {"reaction=on", "setup=free", "hand.underfilled=true", "oz.crosses_water=true",
      "attack.across_water=true", "surrender.dead_pile=true"}},
#endif
};
#define NSCENARIOS (sizeof(scenario_files) / sizeof(scenario_files[0]))

static struct rules_scenario *scenarios[NSCENARIOS];

/* The literal words of each scenario's verb usages ("hand", "G-4=air", "apc="): what a
 * player types besides ids and numbers, found in the verb table so that a verb added later
 * is fuzzed with its own words. */
static struct {
	char w[MAX_WORDS][TOKEN_MAX];
	int n;
} usage_words[NSCENARIOS];

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

/* Adds the literal words of usage to the scenario's list: "a|b" gives a and b, "x=<unit>"
 * gives "x=" (the token generator completes it), "<unit>" and "..." give nothing. */
static void add_usage_words(size_t k, const char *usage)
{
	const char *p = usage;

	while (*p != '\0') {
		size_t len = strcspn(p, " |[]()");
		const char *lt = memchr(p, '<', len);
		size_t keep = lt != NULL ? (size_t)(lt - p) : len;
		int dup = 0;
		if (keep > 0 && keep < TOKEN_MAX && (lt == NULL || p[keep - 1] == '=') &&
		    strncmp(p, "...", 3) != 0 && usage_words[k].n < MAX_WORDS) {
			for (int j = 0; j < usage_words[k].n && !dup; j++)
				dup = strlen(usage_words[k].w[j]) == keep &&
				      strncmp(usage_words[k].w[j], p, keep) == 0;
			if (!dup) {
				memcpy(usage_words[k].w[usage_words[k].n], p, keep);
				usage_words[k].w[usage_words[k].n++][keep] = '\0';
			}
		}
		p += len;
		if (*p != '\0')
			p++;
	}
}

static void load_scenarios(void)
{
	static int loaded;
	const struct rules_verb *v;

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
		for (size_t j = 0; (v = rs->verb(scenarios[k], j)) != NULL; j++)
			add_usage_words(k, v->usage);
	}
	loaded = 1;
}

/* Raw bytes, printable or not (the tokenizer never gives a space or a NUL). */
static void raw_token(struct input *in, unsigned v, char *out)
{
	size_t len = v % 12;

	for (size_t k = 0; k < len; k++) {
		unsigned c = byte(in);
		out[k] = (char)(c == ' ' || c == 0 ? 'q' : c);
	}
	out[len] = '\0';
}

/* The id of the v-th unit of the game's scenario (any ruleset). */
static const char *unit_id(const struct rules_match *m, unsigned v)
{
#ifdef WG_HAVE_MINIS
	if (m->rs == &minis_ruleset) {
		const struct minis_scenario *sc = (const struct minis_scenario *)m->sc;
		return sc->units[v % (unsigned)sc->nunits].id;
	}
#endif
#ifdef WG_HAVE_CAMPAIGN
	if (m->rs == &camp_ruleset) {
		const struct camp_scenario *sc = (const struct camp_scenario *)m->sc;
		return sc->units[v % (unsigned)sc->nunits].id;
	}
#endif
	{
		const struct fm_scenario *sc = (const struct fm_scenario *)m->sc;
		return sc->units[v % (unsigned)sc->nunits].id;
	}
}

/* A literal word of the scenario's verb usages; "x=" gets a unit id or a number. */
static void usage_token(struct input *in, const struct rules_match *m, char *out)
{
	size_t k = 0, len;
	unsigned v = word(in);
	const char *w;

	while (k + 1 < NSCENARIOS && scenarios[k] != m->sc)
		k++;
	if (usage_words[k].n == 0) {
		snprintf(out, TOKEN_MAX, "%u", v % 10);
		return;
	}
	w = usage_words[k].w[v % (unsigned)usage_words[k].n];
	len = strlen(w); /* < TOKEN_MAX: add_usage_words keeps no longer word */
	memcpy(out, w, len + 1);
	if (out[len - 1] != '=')
		return;
	if (v & 0x8000)
		snprintf(out + len, TOKEN_MAX - len, "%s", unit_id(m, word(in)));
	else
		snprintf(out + len, TOKEN_MAX - len, "%u", (v >> 8) % 10);
}

#ifdef WG_HAVE_MINIS
/* A token of a miniatures game: unit and piece ids, points, bearings, keywords and junk. */
static void minis_token(struct input *in, const struct minis_scenario *sc, unsigned kind, char *out)
{
	static const char *const words[] = {
	    "air",      "smoke",     "hidden", "ambush", "open",  "dummy",   "dummy1", "standard",
	    "assault",  "armoured",  "convoy", "none",   "fight", "retreat", "all",    "limber",
	    "unlimber", "artillery", "remove", "cannon", "bombs", "british", "german", "x"};
	unsigned v = word(in);

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
	default:
		raw_token(in, v, out);
		break;
	}
}
#endif

#ifdef WG_HAVE_CAMPAIGN
/*
 * A token of a Campaign game: unit ids (Task Force HQs most often), hexes valid and not,
 * staff markers as players type them (G-1, g2, 3, 2xG-3, G-4=air, G-3=<unit>), the words of
 * the verbs' usages and of the marker actions (rules/campaign/verbs.c), "<unit>=<n>" and
 * "<unit>=<hq|hex>" (hits, regroup), numbers and junk.
 */
static void camp_token(struct input *in, const struct camp_scenario *sc, unsigned kind, char *out)
{
	static const char *const words[] = {
	    "move",    "attack", "strategic", "ferry",    "support",   "artillery", "air",
	    "intel",   "hand",   "oob",       "tactical", "reinforce", "regroup",   "form",
	    "recover", "carry",  "to",        "none",     "yes",       "no",        "all",
	    "svg",     "allied", "german",    "reaction", "on",        "off",       "x"};
	static const char *const markers[] = {
	    "G-1",   "G-2",   "G-3",           "G-4",     "g1",    "g-2",   "G3",
	    "4",     "G-5",   "G-0",           "2xG-1",   "3xG-3", "2xG-4", "9xG-2",
	    "0xG-1", "7xG-3", "G-4=artillery", "G-4=air", "G-2=",  "G-4="};
	static const char *const bad_hexes[] = {"0000", "9999", "0100", "2008x", "-1",
	                                        "20",   "3030", "0A0B", "200800"};
	unsigned v = word(in);
	char hex[RULES_HEX_ID_MAX];
	int hq = -1;

	/* a Task Force HQ: the v-th HQ of the scenario */
	for (int i = 0, n = (int)(v % 23); i < sc->nunits && n >= 0; i++)
		if (sc->units[i].hq) {
			hq = i;
			n--;
		}
	switch (kind) {
	case 0:
		snprintf(out, TOKEN_MAX, "%s", sc->units[v % (unsigned)sc->nunits].id);
		break;
	case 1:
		snprintf(out, TOKEN_MAX, "%s", sc->units[hq >= 0 ? hq : 0].id);
		break;
	case 2:
		if (v & 0x8000)
			snprintf(out, TOKEN_MAX, "%s",
			         rules_hex_format(&sc->map.grid,
			                          (int)(v % (unsigned)sc->map.grid.count), hex));
		else
			snprintf(out, TOKEN_MAX, "%s",
			         bad_hexes[v % (sizeof(bad_hexes) / sizeof(bad_hexes[0]))]);
		break;
	case 3:
		if ((v & 3) == 3)
			snprintf(out, TOKEN_MAX, "G-3=%s",
			         sc->units[(v >> 2) % (unsigned)sc->nunits].id);
		else
			snprintf(out, TOKEN_MAX, "%s",
			         markers[(v >> 2) % (sizeof(markers) / sizeof(markers[0]))]);
		break;
	case 4:
		snprintf(out, TOKEN_MAX, "%s", words[v % (sizeof(words) / sizeof(words[0]))]);
		break;
	case 5: {
		unsigned w = word(in);
		const char *u = sc->units[v % (unsigned)sc->nunits].id;
		if (w & 0x8000)
			snprintf(out, TOKEN_MAX, "%s=%u", u, w % 5);
		else if (w & 0x4000)
			snprintf(out, TOKEN_MAX, "%s=%s", u, sc->units[hq >= 0 ? hq : 0].id);
		else if (w & 0x2000)
			snprintf(out, TOKEN_MAX, "%s=%s", u,
			         rules_hex_format(&sc->map.grid,
			                          (int)(w % (unsigned)sc->map.grid.count), hex));
		else if (w & 0x1000)
			snprintf(out, TOKEN_MAX, "apc=%s", u);
		else
			snprintf(out, TOKEN_MAX, "%u", w % 12);
		break;
	}
	default:
		raw_token(in, v, out);
		break;
	}
}
#endif

/* A token for an argument: picked by the input from the scenario's own words and junk. */
static void token(struct input *in, const struct rules_match *m, char *out)
{
	const struct fm_scenario *sc = (const struct fm_scenario *)m->sc;
	static const char *const words[] = {
	    "to",  "none",    "draw", "pass",    "force",    "all",     "any",  "0",
	    "-1",  "99",      "",     "allied",  "german",   "x",       "0000", "9999",
	    "gas", "barrage", "take", "retreat", "aircraft", "declare", "yes",  "no"};
	unsigned kind = byte(in) % 8, v;
	char hex[RULES_HEX_ID_MAX];

	if (kind == 7) {
		usage_token(in, m, out);
		return;
	}
#ifdef WG_HAVE_MINIS
	if (m->rs == &minis_ruleset) {
		minis_token(in, (const struct minis_scenario *)m->sc, kind, out);
		return;
	}
#endif
#ifdef WG_HAVE_CAMPAIGN
	if (m->rs == &camp_ruleset) {
		camp_token(in, (const struct camp_scenario *)m->sc, kind, out);
		return;
	}
#endif
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
	default:
		raw_token(in, v, out);
		break;
	}
}

static char *snap(const struct rules_match *m)
{
	char *s = rules_match_snapshot(m);
	CHECK(s != NULL, "snapshot failed");
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

#ifdef WG_HAVE_CAMPAIGN
/* 1 if the Tactical Unit u is engaged in the battle in progress and its commitments are
 * revealed: the battle shows both sides its participants, defenders and support (10.2,
 * 10.5), boxed or not. */
static int camp_engaged(const struct camp_game *g, int u)
{
	const struct camp_battle *b = &g->b;

	if (b->stage <= CAMP_B_COMMIT)
		return 0;
	for (int k = 0; k < b->npart; k++)
		if (b->part[k] == u)
			return 1;
	for (int k = 0; k < b->ndef; k++)
		if (b->def[k] == u)
			return 1;
	for (int s = 0; s < RULES_SIDES; s++)
		for (int k = 0; k < b->nsup[s]; k++)
			if (b->sup[s][k] == u)
				return 1;
	return 0;
}

/*
 * Checks that the answer tree for viewer names no secret of the other side(s) of a Campaign
 * game (8.0, view.c): no hand's markers or Available Pile (only its size: an object under a
 * side's name holds no "markers" nor "pool"), no commitment before both are revealed (10.2:
 * "<side>_commit" holds only "locked" and the number of markers), and no Tactical Unit in
 * a holding box on an OOB mat as a unit ("unit"/"with"), unless the battle in progress has
 * revealed it.  Operational Intelligence (8.2) shows the other side's hand or mat in the
 * reply and an event to the player alone, never in a view or a query: no exception here.
 */
static void check_no_secret_camp(const struct camp_game *g, int viewer, const cJSON *node,
                                 const char *what)
{
	static const char *const commit_keys[] = {"G-2", "artillery", "air", "reaction"};
	const cJSON *c;

	cJSON_ArrayForEach(c, node)
	{
		const char *key = c->string;
		for (int s = 0; key != NULL && s < RULES_SIDES; s++) {
			if (s == viewer)
				continue;
			if (strcmp(key, g->sc->side_names[s]) == 0 && cJSON_IsObject(c))
				CHECK(!cJSON_HasObjectItem(c, "markers") &&
				          !cJSON_HasObjectItem(c, "pool"),
				      "%s for viewer %d shows the %s hand", what, viewer,
				      g->sc->side_names[s]);
			if (strcmp(key, s == 0 ? "allied_commit" : "german_commit") == 0 &&
			    g->b.stage == CAMP_B_COMMIT)
				for (size_t k = 0; k < sizeof(commit_keys) / sizeof(commit_keys[0]);
				     k++)
					CHECK(
					    !cJSON_HasObjectItem(c, commit_keys[k]),
					    "%s for viewer %d shows the %s commitment (%s) before "
					    "the reveal",
					    what, viewer, g->sc->side_names[s], commit_keys[k]);
		}
		if (key != NULL && (strcmp(key, "unit") == 0 || strcmp(key, "with") == 0) &&
		    cJSON_IsString(c)) {
			int u = camp__unit_by_id(g->sc, c->valuestring);
			CHECK(u < 0 || g->u[u].where != CAMP_W_BOX ||
			          g->sc->units[u].side == viewer || camp_engaged(g, u),
			      "%s for viewer %d names %s, in the box of the %s HQ %s", what, viewer,
			      c->valuestring, g->sc->side_names[g->sc->units[u].side],
			      g->sc->units[g->u[u].tf].id);
		}
		if (cJSON_IsObject(c) || cJSON_IsArray(c))
			check_no_secret_camp(g, viewer, c, what);
	}
}
#endif

/* Checks that an answer (a view, the options or a query) for viewer names no secret of the
 * other side: tree is the answer, text the same printed. */
static void check_no_secret(const struct rules_match *m, int viewer, const cJSON *tree,
                            const char *text, const char *what)
{
#ifdef WG_HAVE_MINIS
	if (m->rs == &minis_ruleset) {
		check_no_secret_minis((const struct minis_game *)m->game, viewer, text, what);
		return;
	}
#endif
#ifdef WG_HAVE_CAMPAIGN
	if (m->rs == &camp_ruleset) {
		check_no_secret_camp((const struct camp_game *)m->game, viewer, tree, what);
		return;
	}
#endif
	(void)tree;
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
	check_no_secret(m, side, opts, text, "options");
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

/* ---- the differential secrecy contract on the fuzzer's steps ---------------------- */

/* A copy of game g of m (snapshot, restore). */
static struct rules_game *clone_game(const struct rules_match *m, const struct rules_game *g)
{
	char *text = m->rs->snapshot(g);
	struct rules_game *c = NULL;
	struct rules_error err;

	CHECK(text != NULL, "snapshot failed");
	CHECK(m->rs->restore(m->sc, &m->opts, text, &c, &err) == 0, "restore: %s", err.message);
	free(text);
	return c;
}

/* A disposable match like m over game g (owned by it from now on), with m's dice. */
static void fork_match(const struct rules_match *m, struct rules_game *g, struct rules_match *out)
{
	*out = *m;
	out->game = g;
	out->dice.log = NULL;
	out->dice.nlog = out->dice.caplog = 0;
}

static void drop_match(struct rules_match *f)
{
	f->rs->destroy(f->game);
	rules_dice_release(&f->dice);
}

/* Checks that two answers (JSON, or the refusals) are the same bytes. */
static void same_answer(int rca, const cJSON *a, const struct rules_error *ea, int rcb,
                        const cJSON *b, const struct rules_error *eb, const char *ctx)
{
	CHECK(rca == rcb, "%s: %s in world A, %s in world B", ctx, rca ? "refused" : "accepted",
	      rcb ? "refused" : "accepted");
	if (rca != 0) {
		CHECK(strcmp(ea->message, eb->message) == 0 && strcmp(ea->rule, eb->rule) == 0,
		      "%s: refused as '%s' [%s] in world A, '%s' [%s] in world B", ctx, ea->message,
		      ea->rule, eb->message, eb->rule);
	} else {
		char *ta = cJSON_PrintUnformatted(a), *tb = cJSON_PrintUnformatted(b);
		CHECK(strcmp(ta, tb) == 0, "%s: world A answers %.400s\n-- world B %.400s", ctx, ta,
		      tb);
		free(ta);
		free(tb);
	}
}

/* Checks that viewer gets the same events from a and b. */
static void same_events(const struct rules_events *a, const struct rules_events *b, int viewer,
                        const char *ctx)
{
	unsigned mask = viewer == RULES_SPECTATOR ? RULES_AUD_SPECTATORS : RULES_AUD_SIDE(viewer);
	size_t i = 0, j = 0;

	for (;;) {
		char *ta, *tb;
		while (i < a->count && !(a->items[i].audience & mask))
			i++;
		while (j < b->count && !(b->items[j].audience & mask))
			j++;
		if (i == a->count || j == b->count)
			break;
		ta = cJSON_PrintUnformatted(a->items[i].data);
		tb = cJSON_PrintUnformatted(b->items[j].data);
		CHECK(strcmp(ta, tb) == 0,
		      "%s: viewer %d gets the event %.400s\n-- in world B %.400s", ctx, viewer, ta,
		      tb);
		free(ta);
		free(tb);
		i++;
		j++;
	}
	CHECK(i == a->count && j == b->count, "%s: viewer %d gets more events in world %s", ctx,
	      viewer, i < a->count ? "A" : "B");
}

/*
 * The differential secrecy contract (ruleset.h, secret_twin) on a random step, before it is
 * taken: world B is a twin of the match in which only the secret of the owner (the side
 * that is not who; for a spectator, one picked by pick) differs.  who must not tell the
 * worlds apart: the same view, the same answer or refusal to the query, and an action of
 * who's accepted in both worlds or refused in both with the same message (and, when the
 * difference outlives it, the same reply and the same events for who and the spectators).
 * tests/unit/test_secrecy_diff.c checks the same with arguments drawn from `options`; here
 * they are the fuzzer's.
 */
static void check_twin(const struct rules_match *m, unsigned pick, int who,
                       enum rules_verb_kind kind, int argc, char **argv)
{
	int actor = who == RULES_SPECTATOR ? 0 : who;
	int owner =
	    kind == RULES_VERB_ACTION || who != RULES_SPECTATOR ? 1 - actor : (int)(pick & 1);
	struct rules_match b;
	struct rules_game *t;
	char what[200], ctx[300];
	int lasting = 0, rca, rcb;
	struct rules_error ea = {0}, eb = {0};
	cJSON *oa, *ob;

	if (m->rs->secret_twin == NULL || m->pending.sides == 0)
		return;
	t = m->rs->secret_twin(m->game, owner, pick >> 1, what, sizeof(what), &lasting);
	if (t == NULL)
		return;
	fork_match(m, t, &b);
	snprintf(ctx, sizeof(ctx), "'%s ...' for viewer %d (world B: %s)", argv[0], who, what);
	oa = m->rs->view(m->game, &RULES_VIEWER(who));
	ob = m->rs->view(b.game, &RULES_VIEWER(who));
	same_answer(0, oa, NULL, 0, ob, NULL, ctx);
	cJSON_Delete(oa);
	cJSON_Delete(ob);
	oa = cJSON_CreateObject();
	ob = cJSON_CreateObject();
	if (kind == RULES_VERB_QUERY) {
		rca = rules_match_query(m, NULL, &RULES_VIEWER(who), argc, argv, oa, &ea);
		rcb = rules_match_query(&b, NULL, &RULES_VIEWER(who), argc, argv, ob, &eb);
		same_answer(rca, oa, &ea, rcb, ob, &eb, ctx);
	} else {
		struct rules_match a;
		struct rules_events eva, evb;
		fork_match(m, clone_game(m, m->game), &a);
		rules_events_init(&eva);
		rules_events_init(&evb);
		rca = rules_match_apply(&a, NULL, actor, argc, argv, oa, &eva, &ea);
		rcb = rules_match_apply(&b, NULL, actor, argc, argv, ob, &evb, &eb);
		if (rca != 0 || rcb != 0 || lasting)
			same_answer(rca, oa, &ea, rcb, ob, &eb, ctx);
		if (rca == 0 && rcb == 0 && lasting) {
			same_events(&eva, &evb, actor, ctx);
			same_events(&eva, &evb, RULES_SPECTATOR, ctx);
		}
		rules_events_release(&eva);
		rules_events_release(&evb);
		drop_match(&a);
	}
	cJSON_Delete(oa);
	cJSON_Delete(ob);
	drop_match(&b);
}

static void step_random(struct rules_match *m, struct input *in, enum rules_verb_kind kind)
{
	const struct rules_verb *v = verb_of(m, kind, byte(in));
	char toks[MAX_ARGS + 1][TOKEN_MAX], *argv[MAX_ARGS + 1];
	int argc = 1 + (int)(byte(in) % MAX_ARGS);
	int who = (int)(byte(in) % 4); /* 0, 1, 2 (spectator), 3: the acting side */
	unsigned pick = byte(in);      /* the twin of check_twin */

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
	check_twin(m, pick, who, kind, argc, argv);
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
		check_no_secret(m, who, out, text, v->name);
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
		cJSON *v = m->rs->view(m->game, &RULES_VIEWER(viewer));
		char *text;
		CHECK(v != NULL, "view failed");
		text = cJSON_PrintUnformatted(v);
		check_no_secret(m, viewer, v, text, "view");
		free(text);
		cJSON_Delete(v);
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
	unsigned first = byte(&in);
	size_t k = first % NSCENARIOS;

	load_scenarios();
	for (int i = 0; i < 8; i++)
		seed[i] = (uint8_t)byte(&in);
	memset(&opts, 0, sizeof(opts));
	for (unsigned bit = 0; bit < NOPTIONS; bit++) {
		const char *o = scenario_files[k].options[bit];
		if (o != NULL && (first / NSCENARIOS) & (1u << bit)) {
			size_t eq = strcspn(o, "=");
			snprintf(opts.items[opts.count].key, sizeof(opts.items[0].key), "%.*s",
			         (int)eq, o);
			snprintf(opts.items[opts.count].value, sizeof(opts.items[0].value), "%s",
			         o + eq + 1);
			opts.count++;
		}
	}
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
