/*
 * test_secrecy_diff.c -- the differential secrecy test: two games that differ only in one
 * side's secret give the other side and every spectator byte-identical output, for every
 * verb the ruleset has, in text and JSON modes, at every step of long games (FM-7.2-05,
 * FM-8.2.1-07, BS-14.0-03, BS-14.1-08; DESIGN.md "Secret information"; issue 15).
 *
 * What is iterated, generically:
 *   - every shipped ruleset (rules/shipped.h) and every scenario file of data/ that one of
 *     them loads (the catalog), so a ruleset or scenario added later runs here unedited;
 *   - for each, SEEDS games driven up to STEPS steps: the side (or one of the sides) the
 *     game waits for takes an action of its `options` (the legal-action list every ruleset
 *     gives programs) picked by a fixed-seed generator, one group then one choice of it so
 *     that `end` comes as often as a unit's move.  A ruleset without an `options` query
 *     gets only its start checked, and the test says so.
 *
 * How the two worlds are built (the method): the ruleset's secret_twin hook (ruleset.h)
 * returns a copy of the current game in which only side's secret differs and which the
 * rules could have reached by the same public history -- for F&M (rules/fm/twin.c) another
 * hand drawn at random (a hand marker swapped with a pool marker) or another marker placed
 * face down (a placed marker swapped with one in the hand that could have been placed
 * there).  Driving one game with the same public actions and secret choices that differ is
 * the same thing done the long way, and cannot be done generically: the random draw spends
 * the dice stream that the public combat rolls share, and only the ruleset knows which of
 * its choices are secret.  At every step, for each side and a few twins of it (variants 0,
 * 1 and a random one), the test compares world A (the game) and world B (the twin) as the
 * other side and a spectator see them:
 *   - view() on a screen (80x24, text mode) and for a program (cols 0, JSON mode);
 *   - every verb of the ruleset's verb table (queries and actions alike, so verbs added
 *     later are covered), each with no argument (when allowed) and with argument lists
 *     drawn from public words (the verbs' usage, the side names) and from the actions the
 *     acting side may take (which name units, hexes and the owner's own secret markers:
 *     the other side may type those too): a query's answer or refusal, an action's refusal,
 *     or -- when it is accepted in both worlds -- its reply and the events it addresses to
 *     each of them; accepted in one world only is a failure (the other side's legal actions
 *     would depend on the secret);
 *   - the ruleset's picture (svg), the pending decision and the outcome;
 *   - the next action of the driven game, applied in both worlds: it must be accepted in
 *     B when the actor is not the owner of the secret, and when the twin is lasting (its
 *     difference survives an action that does not reveal it by the rules) the events it
 *     addresses to the other side and the spectators must be the same.
 * Every answer is written as the server writes it (protocol/reply.h) in both modes, and
 * the bytes are compared.  A ruleset with no secret_twin hook, or a scenario whose games
 * never gave a twin, is reported on the test's output (not silently passed).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <dirent.h>

#include <cmocka.h>

#include "protocol/reply.h"
#include "rules/core/catalog.h"
#include "rules/core/match.h"
#include "rules/shipped.h"

/* Games per scenario and steps per game; WG_SECRECY_GAMES and WG_SECRECY_STEPS set others
 * (a longer run: WG_SECRECY_GAMES=20 WG_SECRECY_STEPS=600). */
static int SEEDS = 3;
static int STEPS = 150;
#define MAX_TOKENS    160
#define TOKEN_MAX     48
#define ARGSETS       3 /* argument lists per verb, besides none */
#define NVARIANTS     2 /* twins per side and step: the first and a random one */
#define PICTURE_EVERY 4 /* steps: the pictures of every 4th step are compared */
#define MAX_ARGS      4 /* arguments in a list at most */
#define LINE_MAX_     256

/* ---- a fixed-seed generator ---------------------------------------------- */

static uint64_t rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static unsigned rng_below(uint64_t *s, unsigned n)
{
	return n == 0 ? 0 : (unsigned)(rng_next(s) % n);
}

/* ---- the scenarios ----------------------------------------------------------- */

static struct rules_catalog catalog;

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

/* Loads every .json file of data/ with the shipped rulesets (a failure is reported, not
 * tested: check-scenario's tests own those). */
static void load_catalog(void)
{
	DIR *d = opendir(WG_DATA_DIR);
	struct dirent *e;
	char *names[64];
	size_t n = 0;

	rules_catalog_init(&catalog, rules_shipped);
	assert_non_null(d);
	while ((e = readdir(d)) != NULL && n < 64) {
		size_t len = strlen(e->d_name);
		if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0)
			names[n++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(names[0]), by_name);
	for (size_t k = 0; k < n; k++) {
		char path[512], digest[65];
		struct rules_error err;
		size_t len = 0;
		char *text;
		snprintf(path, sizeof(path), "%s/%s", WG_DATA_DIR, names[k]);
		snprintf(digest, sizeof(digest), "%064zu", k);
		text = slurp(path, &len);
		assert_non_null(text);
		if (rules_catalog_add(&catalog, names[k], text, len, digest, &err) != 0)
			printf("# secrecy: %s does not load (%s): not played here\n", names[k],
			       err.message);
		free(text);
		free(names[k]);
	}
}

/* ---- output as the server writes it -------------------------------------------- */

static void put(struct proto_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct proto_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	assert_int_equal(proto_buf_vaddf(b, fmt, ap), 0);
	va_end(ap);
}

/* An answer (data, or the refusal err when rc != 0) in both modes, under a heading. */
static void put_answer(struct proto_buf *b, const char *head, int rc, const cJSON *data,
                       const struct rules_error *err)
{
	put(b, "== %s\n", head);
	for (int mode = PROTO_TEXT; mode <= PROTO_JSON; mode++) {
		int cols = mode == PROTO_TEXT ? RULES_COLS_DEFAULT : 0;
		if (rc == 0)
			assert_int_equal(proto_write_ok(b, (enum proto_mode)mode, cols, "", data),
			                 0);
		else
			assert_int_equal(proto_write_err(b, (enum proto_mode)mode, cols, "",
			                                 wg_error_slug(rc), err->message,
			                                 err->rule),
			                 0);
	}
}

/* The events of ev that viewer (a side or RULES_SPECTATOR) receives, in both modes. */
static void put_events(struct proto_buf *b, const struct rules_events *ev, size_t from, int viewer)
{
	unsigned mask = viewer == RULES_SPECTATOR ? RULES_AUD_SPECTATORS : RULES_AUD_SIDE(viewer);

	for (size_t k = from; k < ev->count; k++)
		if (ev->items[k].audience & mask)
			for (int mode = PROTO_TEXT; mode <= PROTO_JSON; mode++)
				assert_int_equal(proto_write_event(b, (enum proto_mode)mode, 1,
				                                   ev->items[k].data),
				                 0);
}

/* ---- worlds ------------------------------------------------------------------- */

/* A copy of g (snapshot, restore). */
static struct rules_game *clone_game(const struct rules_match *m, const struct rules_game *g)
{
	char *snap = m->rs->snapshot(g);
	struct rules_game *c = NULL;
	struct rules_error err;

	assert_non_null(snap);
	assert_int_equal(m->rs->restore(m->sc, &m->opts, snap, &c, &err), 0);
	free(snap);
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

/* ---- what the probes type ---------------------------------------------------------- */

struct probe {
	char tok[MAX_TOKENS][TOKEN_MAX];
	int ntok;
	uint64_t seed; /* the argument lists of this step */
	int picture;   /* compare the pictures too (they are slow to draw) */
};

static void add_token(struct probe *p, const char *s, size_t len)
{
	if (len == 0 || len >= TOKEN_MAX || p->ntok >= MAX_TOKENS)
		return;
	for (int k = 0; k < p->ntok; k++)
		if (strlen(p->tok[k]) == len && strncmp(p->tok[k], s, len) == 0)
			return;
	memcpy(p->tok[p->ntok], s, len);
	p->tok[p->ntok++][len] = '\0';
}

/* Every word of s that is made of letters, digits and /_-.+ (not inside <...>). */
static void add_words(struct probe *p, const char *s)
{
	int depth = 0;

	while (*s != '\0') {
		size_t n = strcspn(s, " <>[]|,=()");
		if (n > 0 && depth == 0)
			add_token(p, s, n);
		s += n;
		if (*s == '<')
			depth++;
		else if (*s == '>' && depth > 0)
			depth--;
		if (*s != '\0')
			s++;
	}
}

static cJSON *options_of(const struct rules_match *m, int side)
{
	char verb[] = "options", *argv[] = {verb};
	struct rules_error err;
	cJSON *out = cJSON_CreateObject();

	if (rules_verb_find(m->rs, m->sc, "options") == NULL ||
	    rules_match_query(m, NULL, &RULES_VIEWER(side), 1, argv, out, &err) != 0) {
		cJSON_Delete(out);
		return NULL;
	}
	return out;
}

/* The probe's tokens: the usage words of every verb, the side names, and the words of the
 * actions the acting sides may take (units, hexes, markers). */
static void probe_init(struct probe *p, const struct rules_match *m, uint64_t seed)
{
	struct rules_scenario_info info;
	const struct rules_verb *v;

	p->ntok = 0;
	p->seed = seed;
	m->rs->scenario_info(m->sc, &info);
	for (int s = 0; s < RULES_SIDES; s++)
		add_token(p, info.side_names[s], strlen(info.side_names[s]));
	for (size_t i = 0; (v = m->rs->verb(m->sc, i)) != NULL; i++)
		add_words(p, v->usage);
	for (int s = 0; s < RULES_SIDES; s++) {
		cJSON *o, *grp, *c;
		if (!(m->pending.sides & RULES_AUD_SIDE(s)) || (o = options_of(m, s)) == NULL)
			continue;
		cJSON_ArrayForEach(grp, cJSON_GetObjectItemCaseSensitive(o, "groups"))
		{
			add_words(p, cJSON_GetStringValue(
			                 cJSON_GetObjectItemCaseSensitive(grp, "prefix")));
			cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(grp, "choices"))
			    add_words(p, cJSON_GetStringValue(c));
		}
		cJSON_Delete(o);
	}
	add_token(p, "9999", 4);
}

/* The k-th argument list of verb number vi (argv[0] is the verb): the same in both worlds. */
static int arglist(const struct probe *p, const struct rules_verb *v, size_t vi, int k,
                   char bufs[][TOKEN_MAX], char **argv)
{
	uint64_t s = p->seed ^ (vi * 0x100000001b3ull) ^ ((uint64_t)k << 48);
	int max = v->max_args < 0 || v->max_args > MAX_ARGS ? MAX_ARGS : v->max_args;
	int lo = v->min_args > MAX_ARGS ? MAX_ARGS : v->min_args, argc;

	if (k == 0) /* the bare verb: refused by arity when it needs arguments */
		argc = 1;
	else
		argc = 1 + lo + (int)rng_below(&s, (unsigned)(max - lo + 1));
	snprintf(bufs[0], TOKEN_MAX, "%s", v->name);
	argv[0] = bufs[0];
	for (int a = 1; a < argc; a++) {
		snprintf(bufs[a], TOKEN_MAX, "%s",
		         p->ntok > 0 ? p->tok[rng_below(&s, (unsigned)p->ntok)] : "x");
		argv[a] = bufs[a];
	}
	return argc;
}

/* "query as 1: map all" */
static void head_of(char *head, size_t n, const char *kind, int viewer, int argc, char **argv)
{
	size_t len = (size_t)snprintf(head, n, "%s as %d:", kind, viewer);

	for (int a = 0; a < argc && len < n; a++)
		len += (size_t)snprintf(head + len, n - len, " %s", argv[a]);
}

/* ---- one world as a viewer sees it ----------------------------------------------------- */

/*
 * Everything viewer gets from the world m at this step, written into b: the view, pending
 * and outcome, the picture, each verb with each argument list (actions: tried as viewer on
 * a copy; a spectator's actions never reach the engine), and the extra action lines given.
 */
static void observe(const struct rules_match *m, int viewer, const struct probe *p, int lasting,
                    struct proto_buf *b)
{
	const struct rules_viewer screen = RULES_VIEWER(viewer), program = {viewer, 0, 0};
	const struct rules_verb *v;
	struct rules_pending pend;
	struct rules_outcome oc;
	struct rules_match f;
	cJSON *view;

	view = m->rs->view(m->game, &screen);
	put_answer(b, "view (screen)", 0, view, NULL);
	cJSON_Delete(view);
	view = m->rs->view(m->game, &program);
	put_answer(b, "view (program)", 0, view, NULL);
	cJSON_Delete(view);
	m->rs->pending(m->game, &pend);
	put(b, "== pending %u", pend.sides);
	if (viewer != RULES_SPECTATOR && (pend.sides & RULES_AUD_SIDE(viewer)))
		put(b, " %s: %s", pend.kind[viewer], pend.what[viewer]);
	rules_match_outcome(m, &oc);
	put(b, "\n== outcome %d %d %s\n", oc.over, oc.winner, oc.summary);
	if (m->rs->picture != NULL && p->picture) {
		char svg[] = "svg", *argv[] = {svg};
		struct rules_error err = {0};
		char *pic = m->rs->picture(m->game, &screen, 1, argv, &err);
		put(b, "== picture\n");
		assert_int_equal(proto_buf_adds(b, pic != NULL ? pic : err.message), 0);
		free(pic);
	}
	fork_match(m, clone_game(m, m->game), &f);
	for (size_t vi = 0; (v = m->rs->verb(m->sc, vi)) != NULL; vi++) {
		for (int k = 0; k <= ARGSETS; k++) {
			char bufs[MAX_ARGS + 1][TOKEN_MAX], *argv[MAX_ARGS + 1], head[LINE_MAX_];
			struct rules_error err = {0};
			cJSON *out = cJSON_CreateObject();
			int argc = arglist(p, v, vi, k, bufs, argv), rc;
			head_of(head, sizeof(head),
			        v->kind == RULES_VERB_QUERY ? "query" : "action", viewer, argc,
			        argv);
			if (v->kind == RULES_VERB_QUERY) {
				rc = rules_match_query(m, v, &screen, argc, argv, out, &err);
				put_answer(b, head, rc, out, &err);
			} else if (viewer != RULES_SPECTATOR) {
				struct rules_events ev;
				rules_events_init(&ev);
				rc = rules_match_apply(&f, v, viewer, argc, argv, out, &ev, &err);
				if (rc == 0 && !lasting) {
					/* accepted: it may reveal the difference (step b5) */
					put(b, "== %s: accepted\n", head);
				} else {
					put_answer(b, head, rc, out, &err);
					put_events(b, &ev, 0, viewer);
					put_events(b, &ev, 0, RULES_SPECTATOR);
				}
				rules_events_release(&ev);
				if (rc == 0) { /* accepted: start again from the world as it is */
					drop_match(&f);
					fork_match(m, clone_game(m, m->game), &f);
				}
			}
			cJSON_Delete(out);
		}
	}
	drop_match(&f);
}

/* Fails with the first difference of a and b, around where they part. */
static void same_or_fail(const struct proto_buf *a, const struct proto_buf *b, const char *ctx)
{
	size_t i = 0, start, n = a->len < b->len ? a->len : b->len;

	if (a->len == b->len && (a->len == 0 || memcmp(a->data, b->data, a->len) == 0))
		return;
	while (i < n && a->data[i] == b->data[i])
		i++;
	start = i;
	while (start > 0 && a->data[start - 1] != '\n')
		start--;
	/* the heading of the part that differs */
	{
		size_t h = start;
		while (h > 0 && !(a->data[h - 1] == '\n' && strncmp(a->data + h, "== ", 3) == 0))
			h--;
		print_error("%s\n-- where: %.*s\n-- world A: %.300s\n-- world B: %.300s\n", ctx,
		            (int)strcspn(a->data + h, "\n"), a->data + h, a->data + start,
		            b->data + start);
	}
	fail();
}

/* ---- the driven games ----------------------------------------------------------------- */

/* World A as each viewer saw it at this step: the same for every twin. */
#define CACHE_MAX 8
struct seen_a {
	int n;
	struct {
		int viewer, lasting, picture;
		struct proto_buf out;
	} e[CACHE_MAX];
};

static void seen_reset(struct seen_a *c)
{
	for (int k = 0; k < c->n; k++)
		proto_buf_release(&c->e[k].out);
	c->n = 0;
}

/* World A as viewer sees it (observe), kept for the other twins of this step. */
static const struct proto_buf *seen_of(struct seen_a *c, const struct rules_match *a, int viewer,
                                       const struct probe *p, int lasting)
{
	int k;

	for (k = 0; k < c->n; k++)
		if (c->e[k].viewer == viewer && c->e[k].lasting == lasting &&
		    c->e[k].picture == p->picture)
			return &c->e[k].out;
	assert_true(c->n < CACHE_MAX);
	c->e[k].viewer = viewer;
	c->e[k].lasting = lasting;
	c->e[k].picture = p->picture;
	proto_buf_init(&c->e[k].out);
	observe(a, viewer, p, lasting, &c->e[k].out);
	c->n++;
	return &c->e[k].out;
}

struct tally {
	long steps, twins, lasting, transitions;
	char first[3][200];
	int nfirst;
};

/* Compares A and the twins of side at this step, and the next action (side, argv) in each. */
static void check_twins(const struct rules_match *a, int owner, const struct probe *p,
                        struct seen_a *cache, uint64_t *rng, int actor, int argc, char **argv,
                        struct tally *t, const char *where)
{
	unsigned variants[NVARIANTS] = {0, (unsigned)rng_next(rng)};
	int viewers[2] = {1 - owner, RULES_SPECTATOR};
	char seen[200] = "";
	struct probe pp;

	for (int vk = 0; vk < NVARIANTS; vk++) {
		char what[200], ctx[600];
		int lasting = 0;
		struct rules_game *twin =
		    a->rs->secret_twin(a->game, owner, variants[vk], what, sizeof(what), &lasting);
		struct rules_match b, fa, fb;
		if (twin == NULL)
			return;
		if (strcmp(what, seen) == 0) {
			a->rs->destroy(twin); /* the same twin again (there is only one) */
			continue;
		}
		snprintf(seen, sizeof(seen), "%s", what);
		fork_match(a, twin, &b);
		t->twins++;
		t->lasting += lasting;
		if (t->nfirst < 3)
			snprintf(t->first[t->nfirst++], sizeof(t->first[0]), "%s", what);
		pp = *p;
		pp.picture |= !lasting; /* a face-down marker lives a few steps only */
		for (int k = 0; k < 2; k++) {
			struct proto_buf ob = PROTO_BUF_INIT;
			const struct proto_buf *oa = seen_of(cache, a, viewers[k], &pp, lasting);
			observe(&b, viewers[k], &pp, lasting, &ob);
			snprintf(ctx, sizeof(ctx), "%s: viewer %d tells world A from world B (%s)",
			         where, viewers[k], what);
			same_or_fail(oa, &ob, ctx);
			proto_buf_release(&ob);
		}
		/* the next action of the game in both worlds */
		if (argc > 0) {
			struct rules_events eva, evb;
			struct rules_error err = {0};
			cJSON *ra = cJSON_CreateObject(), *rb = cJSON_CreateObject();
			int rca, rcb;
			fork_match(a, clone_game(a, a->game), &fa);
			fork_match(a, clone_game(a, b.game), &fb);
			rules_events_init(&eva);
			rules_events_init(&evb);
			rca = rules_match_apply(&fa, NULL, actor, argc, argv, ra, &eva, &err);
			assert_int_equal(rca, 0);
			rcb = rules_match_apply(&fb, NULL, actor, argc, argv, rb, &evb, &err);
			if (actor != owner && rcb != 0) {
				print_error(
				    "%s: '%s...' by side %d is refused in world B (%s): %s\n",
				    where, argv[0], actor, what, err.message);
				fail();
			}
			if (rcb == 0 && lasting) {
				t->transitions++;
				for (int k = 0; k < 2; k++) {
					struct proto_buf oa = PROTO_BUF_INIT, ob = PROTO_BUF_INIT;
					put_events(&oa, &eva, 0, viewers[k]);
					put_events(&ob, &evb, 0, viewers[k]);
					if (actor == viewers[k]) {
						put_answer(&oa, "reply", 0, ra, NULL);
						put_answer(&ob, "reply", 0, rb, NULL);
					}
					snprintf(ctx, sizeof(ctx),
					         "%s: the events of '%s' for viewer %d differ (%s)",
					         where, argv[0], viewers[k], what);
					same_or_fail(&oa, &ob, ctx);
					proto_buf_release(&oa);
					proto_buf_release(&ob);
				}
			}
			rules_events_release(&eva);
			rules_events_release(&evb);
			cJSON_Delete(ra);
			cJSON_Delete(rb);
			drop_match(&fa);
			drop_match(&fb);
		}
		drop_match(&b);
	}
}

/* The next action of the game: a side it waits for, one group of its options, one choice. */
static int next_action(const struct rules_match *m, uint64_t *rng, int *side, char *line, size_t n)
{
	int sides[2], ns = 0, ngroups;
	const cJSON *grp, *choices;
	cJSON *o;

	for (int s = 0; s < RULES_SIDES; s++)
		if (m->pending.sides & RULES_AUD_SIDE(s))
			sides[ns++] = s;
	if (ns == 0)
		return 0;
	*side = sides[rng_below(rng, (unsigned)ns)];
	if ((o = options_of(m, *side)) == NULL)
		return 0;
	ngroups = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(o, "groups"));
	if (ngroups == 0) {
		cJSON_Delete(o);
		return 0;
	}
	grp = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(o, "groups"),
	                         (int)rng_below(rng, (unsigned)ngroups));
	choices = cJSON_GetObjectItemCaseSensitive(grp, "choices");
	if (cJSON_GetArraySize(choices) == 0)
		snprintf(line, n, "%s",
		         cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(grp, "prefix")));
	else
		snprintf(line, n, "%s %s",
		         cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(grp, "prefix")),
		         cJSON_GetStringValue(cJSON_GetArrayItem(
		             choices, (int)rng_below(rng, (unsigned)cJSON_GetArraySize(choices)))));
	cJSON_Delete(o);
	return 1;
}

static int split(char *buf, char **argv, int max)
{
	int argc = 0;

	for (char *tok = strtok(buf, " "); tok != NULL && argc < max; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	return argc;
}

static void play(const struct rules_catalog_entry *e, int seedno, struct tally *t)
{
	struct rules_match m;
	struct rules_events ev;
	struct rules_error err;
	struct rules_options opts = {0};
	uint8_t seed[32] = {0};
	uint64_t rng = 0x5ec2e7ull + (uint64_t)seedno * 7919u;
	struct seen_a cache = {0};

	seed[0] = (uint8_t)(seedno + 1);
	seed[1] = 0x5e;
	assert_int_equal(rules_match_create(&m, e->rs, e->sc, &opts, seed, &err), 0);
	rules_events_init(&ev);
	assert_int_equal(rules_match_start(&m, &ev, &err), 0);
	rules_events_release(&ev);
	for (int step = 0; step < STEPS && m.pending.sides != 0; step++) {
		char line[LINE_MAX_] = "", copy[LINE_MAX_], *argv[32], where[300];
		int side = -1, argc = 0;
		struct probe p;
		cJSON *reply;
		if (next_action(&m, &rng, &side, line, sizeof(line))) {
			snprintf(copy, sizeof(copy), "%s", line);
			argc = split(copy, argv, 32);
		}
		probe_init(&p, &m, rng_next(&rng));
		p.picture = step % PICTURE_EVERY == 0;
		snprintf(where, sizeof(where), "%.40s seed %d step %d (next: side %d '%.160s')",
		         e->info.id, seedno, step, side, line);
		for (int owner = 0; owner < RULES_SIDES; owner++)
			check_twins(&m, owner, &p, &cache, &rng, side, argc, argv, t, where);
		seen_reset(&cache);
		t->steps++;
		if (argc == 0)
			break;
		reply = cJSON_CreateObject();
		rules_events_init(&ev);
		if (rules_match_apply(&m, NULL, side, argc, argv, reply, &ev, &err) != 0) {
			print_error("%s: a listed action is refused: %s\n", where, err.message);
			fail();
		}
		rules_events_release(&ev);
		cJSON_Delete(reply);
	}
	rules_match_release(&m);
}

/* Every scenario of every shipped ruleset, SEEDS games each. */
static void test_secrecy_diff_shipped(void **state)
{
	(void)state;
	for (const struct ruleset *const *rs = rules_shipped; *rs != NULL; rs++) {
		int scenarios = 0;
		for (size_t k = 0; k < catalog.count; k++) {
			const struct rules_catalog_entry *e = catalog.entries[k];
			struct tally t = {0};
			if (e->rs != *rs)
				continue;
			scenarios++;
			if ((*rs)->secret_twin == NULL) {
				printf(
				    "# secrecy: ruleset %s, scenario %s: NOT TESTED: the ruleset "
				    "has no secret_twin hook, so no second world can be built\n",
				    (*rs)->name, e->info.id);
				continue;
			}
			if (rules_verb_find(*rs, e->sc, "options") == NULL)
				printf("# secrecy: ruleset %s, scenario %s: no `options` query: "
				       "only the start is checked\n",
				       (*rs)->name, e->info.id);
			for (int s = 0; s < SEEDS; s++)
				play(e, s, &t);
			printf("# secrecy: ruleset %s, scenario %s: %ld steps, %ld twins compared "
			       "(%ld lasting), %ld next actions compared in both worlds\n",
			       (*rs)->name, e->info.id, t.steps, t.twins, t.lasting, t.transitions);
			for (int f = 0; f < t.nfirst; f++)
				printf("#   e.g. %s\n", t.first[f]);
			if (t.twins == 0)
				printf("# secrecy: ruleset %s, scenario %s: NOT TESTED: no secret "
				       "arose in %ld steps (no twin)\n",
				       (*rs)->name, e->info.id, t.steps);
		}
		if (scenarios == 0)
			printf("# secrecy: ruleset %s: NOT TESTED: no scenario of data/ loads "
			       "with it\n",
			       (*rs)->name);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_secrecy_diff_shipped),
	};
	int rc;

	if (getenv("WG_SECRECY_GAMES") != NULL)
		SEEDS = atoi(getenv("WG_SECRECY_GAMES"));
	if (getenv("WG_SECRECY_STEPS") != NULL)
		STEPS = atoi(getenv("WG_SECRECY_STEPS"));
	load_catalog();
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	rules_catalog_release(&catalog);
	return rc;
}
