/*
 * games.c -- the game index, the user -> games index, loading a game's
 * rules state (snapshot + replay on the scenario and engine it was played
 * on) and recovery at start-up.  See games.h.
 */
#include "games.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "common/str.h"
#include "protocol/tokenize.h"

#include "conn.h"
#include "log.h"
#include "private.h"
#include "server.h"

/* ---- the game index ---- */

struct srv_game *srv_game_get(struct srv *s, int64_t id)
{
	if (id <= 0 || (size_t)id >= s->capgames)
		return NULL;
	return s->games[id];
}

int srv_game_index(struct srv *s, struct srv_game *g)
{
	size_t id = (size_t)g->rec.id;

	if (id >= s->capgames) {
		size_t ncap = s->capgames ? s->capgames : 64;
		while (ncap <= id)
			ncap *= 2;
		struct srv_game **n = realloc(s->games, ncap * sizeof(*n));
		if (n == NULL)
			return -1;
		memset(n + s->capgames, 0, (ncap - s->capgames) * sizeof(*n));
		s->games = n;
		s->capgames = ncap;
	}
	s->games[id] = g;
	if (g->rec.id > s->maxgame)
		s->maxgame = g->rec.id;
	for (int side = 0; side < 2; side++)
		if (g->rec.seat[side] != 0 &&
		    srv_user_games_add(s, g->rec.seat[side], g->rec.id) != 0)
			return -1;
	return 0;
}

void srv_game_free(struct srv_game *g)
{
	if (g->loaded)
		rules_match_release(&g->match);
	free(g->watchers);
	srv_private_free(g);
	free(g);
}

/* The games a user sits in. */
struct user_games {
	int64_t *ids;
	size_t n, cap;
};

static void free_user_games(void *ctx, int64_t id, void *value)
{
	struct user_games *ug = value;

	(void)ctx;
	(void)id;
	free(ug->ids);
	free(ug);
}

void srv_games_release(struct srv *s)
{
	for (size_t i = 0; i < s->capgames; i++)
		if (s->games[i] != NULL)
			srv_game_free(s->games[i]);
	free(s->games);
	s->games = NULL;
	s->capgames = 0;
	srv_idmap_each(&s->seats, free_user_games, NULL);
	srv_idmap_release(&s->seats);
}

const int64_t *srv_user_games(struct srv *s, int64_t user, size_t *n)
{
	struct user_games *ug = srv_idmap_get(&s->seats, user);

	*n = ug != NULL ? ug->n : 0;
	return ug != NULL ? ug->ids : NULL;
}

int srv_user_games_add(struct srv *s, int64_t user, int64_t game)
{
	struct user_games *ug = srv_idmap_get(&s->seats, user);

	if (ug == NULL) {
		ug = calloc(1, sizeof(*ug));
		if (ug == NULL || srv_idmap_put(&s->seats, user, ug) != 0) {
			free(ug);
			return -1;
		}
	}
	for (size_t k = 0; k < ug->n; k++)
		if (ug->ids[k] == game)
			return 0;
	if (ug->n == ug->cap) {
		size_t ncap = ug->cap ? 2 * ug->cap : 4;
		int64_t *ids = realloc(ug->ids, ncap * sizeof(*ids));
		if (ids == NULL)
			return -1;
		ug->ids = ids;
		ug->cap = ncap;
	}
	ug->ids[ug->n++] = game;
	return 0;
}

int srv_game_side_of(const struct srv_game *g, int64_t user)
{
	if (user <= 0)
		return -1;
	if (g->rec.seat[0] == user)
		return 0;
	if (g->rec.seat[1] == user)
		return 1;
	return -1;
}

const char *srv_game_status_name(int status)
{
	switch (status) {
	case DB_GAME_OPEN:
		return "open";
	case DB_GAME_ACTIVE:
		return "active";
	default:
		return "finished";
	}
}

const char *srv_game_side_name(const struct srv_game *g, int side)
{
	if (g->entry == NULL || side < 0 || side > 1)
		return "?";
	return g->entry->info.side_names[side];
}

int srv_options_parse(const char *text, struct rules_options *opts)
{
	char copy[DB_OPTIONS_MAX];
	char *argv[PROTO_MAX_ARGS];
	int argc;

	memset(opts, 0, sizeof(*opts));
	snprintf(copy, sizeof(copy), "%s", text);
	if (proto_tokenize(copy, argv, PROTO_MAX_ARGS, &argc) != 0)
		return -1;
	for (int i = 0; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		if (eq == NULL || opts->count >= RULES_MAX_OPTIONS)
			return -1;
		*eq = '\0';
		snprintf(opts->items[opts->count].key, sizeof(opts->items[0].key), "%s", argv[i]);
		snprintf(opts->items[opts->count].value, sizeof(opts->items[0].value), "%s",
		         eq + 1);
		opts->count++;
	}
	return 0;
}

/* ---- who must act ---- */

const struct rules_pending *srv_game_pending(const struct srv_game *g)
{
	if (g->loaded)
		return &g->match.pending;
	if (g->entry == NULL || g->refused || !g->pend_known)
		return NULL;
	return &g->pend;
}

/* {"sides":1,"kind":["phase",""],"what":["...",""],"d":[3,0]} */
char *srv_pending_encode(const struct rules_pending *p)
{
	cJSON *o = cJSON_CreateObject(), *kind, *what, *d;
	char *text;

	if (o == NULL)
		return NULL;
	cJSON_AddNumberToObject(o, "sides", (double)p->sides);
	kind = cJSON_AddArrayToObject(o, "kind");
	what = cJSON_AddArrayToObject(o, "what");
	d = cJSON_AddArrayToObject(o, "d");
	for (int side = 0; side < RULES_SIDES && kind && what && d; side++) {
		cJSON_AddItemToArray(kind, cJSON_CreateString(p->kind[side]));
		cJSON_AddItemToArray(what, cJSON_CreateString(p->what[side]));
		cJSON_AddItemToArray(d, cJSON_CreateNumber((double)p->decision[side]));
	}
	text = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	return text;
}

int srv_pending_decode(const char *text, struct rules_pending *p)
{
	cJSON *o = cJSON_Parse(text);
	const cJSON *sides, *kind, *what, *d;

	memset(p, 0, sizeof(*p));
	if (!cJSON_IsObject(o)) {
		cJSON_Delete(o);
		return -1;
	}
	sides = cJSON_GetObjectItemCaseSensitive(o, "sides");
	kind = cJSON_GetObjectItemCaseSensitive(o, "kind");
	what = cJSON_GetObjectItemCaseSensitive(o, "what");
	d = cJSON_GetObjectItemCaseSensitive(o, "d");
	if (cJSON_IsNumber(sides))
		p->sides = (unsigned)sides->valuedouble & (RULES_AUD_SIDE(0) | RULES_AUD_SIDE(1));
	for (int side = 0; side < RULES_SIDES; side++) {
		const cJSON *k = cJSON_GetArrayItem(kind, side),
		            *w = cJSON_GetArrayItem(what, side), *n = cJSON_GetArrayItem(d, side);
		if (cJSON_IsString(k))
			wg_strcopy(p->kind[side], sizeof(p->kind[side]), k->valuestring);
		if (cJSON_IsString(w))
			wg_strcopy(p->what[side], sizeof(p->what[side]), w->valuestring);
		if (cJSON_IsNumber(n) && n->valuedouble >= 0)
			p->decision[side] = (uint32_t)n->valuedouble;
	}
	cJSON_Delete(o);
	return 0;
}

void srv_scenario_digest(const char *text, size_t len, char *digest)
{
	unsigned char h[crypto_hash_sha256_BYTES];

	crypto_hash_sha256(h, (const unsigned char *)text, len);
	sodium_bin2hex(digest, 65, h, sizeof(h));
}

/* ---- what a game replays on ---- */

/*
 * The scenario entry of g: the installed file when its digest is the game's, else the
 * text stored under the game's digest (pinned).  A game without a digest (created before
 * digests were kept) takes the installed file.  NULL with why filled when neither exists.
 */
static const struct rules_catalog_entry *scenario_of(struct srv *s, struct srv_game *g, char *why,
                                                     size_t n)
{
	const struct rules_catalog_entry *e;
	struct rules_error err;
	char *text = NULL, source[160];
	int rc;

	if (g->rec.digest[0] == '\0') {
		e = rules_catalog_find(&s->catalog, g->rec.scenario);
		if (e == NULL)
			snprintf(why, n, "scenario '%s' is not installed on this server",
			         g->rec.scenario);
		return e;
	}
	e = rules_catalog_find_digest(&s->catalog, g->rec.scenario, g->rec.digest);
	if (e != NULL)
		return e;
	rc = db_scenario_get(s->store, g->rec.digest, &text);
	if (rc != 0) {
		snprintf(why, n,
		         "scenario '%s' as it was when the game was created (sha256 %.12s...) is "
		         "neither installed nor stored: %s",
		         g->rec.scenario, g->rec.digest, db_last_error(s->store));
		return NULL;
	}
	snprintf(source, sizeof(source), "%s (stored %.12s)", g->rec.scenario, g->rec.digest);
	memset(&err, 0, sizeof(err));
	rc = rules_catalog_pin(&s->catalog, source, text, strlen(text), g->rec.digest, &e, &err);
	free(text);
	if (rc != 0) {
		snprintf(why, n, "the stored scenario text of game %lld no longer loads: %s",
		         (long long)g->rec.id, err.message);
		return NULL;
	}
	log_info(0,
	         "game %lld: replays on its own copy of scenario %s (sha256 %.12s...), not the "
	         "installed file",
	         (long long)g->rec.id, g->rec.scenario, g->rec.digest);
	return e;
}

/* Stored events of one game, to check a replay on another engine version against. */
struct stored_events {
	char **json;
	int64_t *action;
	size_t n, cap, next;
};

static int collect_event(void *ctx, const struct db_event *e)
{
	struct stored_events *se = ctx;

	if (e->action == 0) /* a host event of an older build, not an action's */
		return 0;
	if (se->n == se->cap) {
		size_t ncap = se->cap ? 2 * se->cap : 64;
		char **j = realloc(se->json, ncap * sizeof(*j));
		int64_t *a;
		if (j == NULL)
			return WG_E_NO_MEMORY;
		se->json = j;
		a = realloc(se->action, ncap * sizeof(*a));
		if (a == NULL)
			return WG_E_NO_MEMORY;
		se->action = a;
		se->cap = ncap;
	}
	se->json[se->n] = strdup(e->json);
	if (se->json[se->n] == NULL)
		return WG_E_NO_MEMORY;
	se->action[se->n++] = e->action;
	return 0;
}

static void stored_events_release(struct stored_events *se)
{
	for (size_t k = 0; k < se->n; k++)
		free(se->json[k]);
	free(se->json);
	free(se->action);
	memset(se, 0, sizeof(*se));
}

struct replay_ctx {
	struct srv_game *g;
	struct rules_match *m;             /* the match being built (g->match, or a rebuild) */
	struct stored_events *check;       /* NULL: same engine, no check */
	const struct rules_undone *undone; /* actions a takeback undid: counted, not applied */
	char err[700];
};

/* With check: the events of action seq must be exactly the stored ones. */
static int compare_events(struct replay_ctx *r, const struct db_action *a,
                          const struct rules_events *ev)
{
	struct stored_events *se = r->check;

	for (size_t i = 0; i < ev->count; i++) {
		char *mine = cJSON_PrintUnformatted(ev->items[i].data);
		int same = mine != NULL && se->next < se->n && se->action[se->next] == a->seq &&
		           strcmp(se->json[se->next], mine) == 0;
		if (!same)
			snprintf(r->err, sizeof(r->err),
			         "action %lld (%s) now gives %s, where %s was stored",
			         (long long)a->seq, a->line, mine ? mine : "?",
			         se->next < se->n && se->action[se->next] == a->seq
			             ? se->json[se->next]
			             : "nothing");
		free(mine);
		if (!same)
			return WG_E_INTERNAL;
		se->next++;
	}
	if (se->next < se->n && se->action[se->next] == a->seq) {
		snprintf(r->err, sizeof(r->err), "action %lld (%s) no longer gives the stored %s",
		         (long long)a->seq, a->line, se->json[se->next]);
		return WG_E_INTERNAL;
	}
	return 0;
}

/* An action a takeback undid: counted, its stored events passed over when they are
 * checked; it rolled no die (a die is a barrier to takebacks). */
static int replay_undone(struct replay_ctx *r, const struct db_action *a)
{
	if (rules_rolls_count(a->dice) != 0) {
		snprintf(r->err, sizeof(r->err), "action %lld (%s) was taken back but rolled dice",
		         (long long)a->seq, a->line);
		return WG_E_INTERNAL;
	}
	while (r->check != NULL && r->check->next < r->check->n &&
	       r->check->action[r->check->next] == a->seq)
		r->check->next++;
	rules_match_undone(r->m);
	return 0;
}

static int replay_one(void *ctx, const struct db_action *a)
{
	struct replay_ctx *r = ctx;
	int count = rules_rolls_count(a->dice);
	struct rules_roll *rolls = malloc(sizeof(*rolls) * (size_t)(count > 0 ? count : 1));
	char *line = strdup(a->line);
	struct rules_events ev;
	struct rules_error err;
	char *argv[PROTO_MAX_ARGS];
	int argc, nrolls, rc;

	if (line == NULL || rolls == NULL) {
		free(line);
		free(rolls);
		return WG_E_NO_MEMORY;
	}
	if (r->undone != NULL && rules_undone_has(r->undone, (uint64_t)a->seq)) {
		free(line);
		free(rolls);
		return replay_undone(r, a);
	}
	nrolls = count < 0 ? -1 : rules_rolls_from_json(a->dice, rolls, (size_t)count);
	if (nrolls < 0 || proto_tokenize(line, argv, PROTO_MAX_ARGS, &argc) != 0 || argc < 1) {
		snprintf(r->err, sizeof(r->err), "action %lld is unreadable", (long long)a->seq);
		free(line);
		free(rolls);
		return WG_E_INTERNAL;
	}
	memset(&err, 0, sizeof(err));
	rules_events_init(&ev);
	rc = rules_match_replay(r->m, (enum rules_host_kind)a->host, a->side, argc, argv, rolls,
	                        (size_t)nrolls, &ev, &err);
	if (rc != 0)
		snprintf(r->err, sizeof(r->err), "action %lld (%s) failed on replay: %s",
		         (long long)a->seq, a->line, err.message);
	else if (r->check != NULL)
		rc = compare_events(r, a, &ev);
	rules_events_release(&ev);
	free(line);
	free(rolls);
	return rc;
}

/* Notes the range of every takeback among the stored actions. */
static int note_undone(void *ctx, const struct db_action *a)
{
	char *line, *argv[PROTO_MAX_ARGS];
	int argc, rc;

	if (a->host != RULES_HOST_TAKEBACK)
		return 0;
	if ((line = strdup(a->line)) == NULL)
		return WG_E_NO_MEMORY;
	rc = proto_tokenize(line, argv, PROTO_MAX_ARGS, &argc) != 0
	         ? WG_E_INTERNAL
	         : rules_undone_note(ctx, RULES_HOST_TAKEBACK, (uint64_t)a->seq, argc, argv);
	free(line);
	return rc;
}

/*
 * Builds *m (empty) for g: from the latest snapshot at or before `max` when allowed, else
 * fresh; then every stored action after it, those the takebacks undid (and those from
 * undo_from on, when > 0) counted, not applied.  A snapshot inside a range a later takeback
 * undid holds actions that no longer count: then the build starts fresh.  0, or a WG_E_*
 * code with errbuf filled (m released).
 */
static int build_match(struct srv *s, struct srv_game *g, struct rules_match *m,
                       const struct rules_options *opts, int use_snapshot, int64_t undo_from,
                       struct stored_events *check, char *errbuf, size_t errsize)
{
	struct rules_undone u;
	struct replay_ctx r;
	struct rules_error err;
	int64_t from = 0;
	uint64_t first;
	char *snap = NULL;
	int rc = -1;

	memset(&err, 0, sizeof(err));
	memset(m, 0, sizeof(*m));
	rules_undone_init(&u);
	if (use_snapshot &&
	    db_snapshot_at_most(s->store, g->rec.id, undo_from > 0 ? undo_from - 1 : INT64_MAX,
	                        &from, &snap) == 0) {
		rc = rules_match_restore(m, g->entry->rs, g->entry->sc, opts, snap, &err);
		free(snap);
		if (rc != 0)
			log_warn(0,
			         "game %lld: snapshot %lld unusable (%s); replaying from the start",
			         (long long)g->rec.id, (long long)from, err.message);
	}
	if (rc == 0 && ((rc = db_action_each(s->store, g->rec.id, from, note_undone, &u)) != 0 ||
	                ((first = rules_undone_first(&u)) > 0 && first <= (uint64_t)from))) {
		/* unreadable, or the snapshot lies inside an undone range: from the start */
		rules_match_release(m);
		rules_undone_release(&u);
		rc = -1;
	}
	if (rc != 0) {
		from = 0;
		rc = rules_match_create(m, g->entry->rs, g->entry->sc, opts, g->rec.seed, &err);
		if (rc != 0) {
			snprintf(errbuf, errsize, "cannot create the game: %s", err.message);
			return rc;
		}
		if ((rc = db_action_each(s->store, g->rec.id, 0, note_undone, &u)) != 0) {
			snprintf(errbuf, errsize, "a stored takeback is unreadable: %s",
			         rc == WG_E_INTERNAL ? "it undoes nothing before it"
			                             : db_last_error(s->store));
			rules_undone_release(&u);
			rules_match_release(m);
			return rc;
		}
	}
	if (undo_from > 0 &&
	    (rc = rules_undone_add(&u, (uint64_t)undo_from, (uint64_t)g->rec.version)) != 0) {
		snprintf(errbuf, errsize, "out of memory");
		rules_undone_release(&u);
		rules_match_release(m);
		return rc;
	}
	memset(&r, 0, sizeof(r));
	r.g = g;
	r.m = m;
	r.check = check;
	r.undone = &u;
	rc = db_action_each(s->store, g->rec.id, from, replay_one, &r);
	if (rc == 0 && m->version != (uint64_t)g->rec.version) {
		snprintf(r.err, sizeof(r.err), "replay reached version %llu, the store says %lld",
		         (unsigned long long)m->version, (long long)g->rec.version);
		rc = WG_E_INTERNAL;
	}
	rules_undone_release(&u);
	if (rc != 0) {
		snprintf(errbuf, errsize, "%s", r.err[0] ? r.err : db_last_error(s->store));
		rules_match_release(m);
	}
	return rc;
}

int srv_game_rebuild(struct srv *s, struct srv_game *g, int64_t undo_from, struct rules_match *out,
                     char *err, size_t errsize)
{
	struct rules_options opts;

	if (g->entry == NULL || !g->loaded) {
		snprintf(err, errsize, "game %lld is not loaded", (long long)g->rec.id);
		return WG_E_INTERNAL;
	}
	if (srv_options_parse(g->rec.options, &opts) != 0) {
		snprintf(err, errsize, "stored options are unreadable");
		return WG_E_INTERNAL;
	}
	return build_match(s, g, out, &opts, 1, undo_from, NULL, err, errsize);
}

/* The game row records the engine and the scenario digest it replays on now. */
static void pin(struct srv *s, struct srv_game *g, const char *old_engine)
{
	struct db_game row = g->rec;

	snprintf(row.engine, sizeof(row.engine), "%s", g->entry->rs->version);
	snprintf(row.digest, sizeof(row.digest), "%s", g->entry->digest);
	if (!g->entry->stored && db_scenario_put(s->store, g->entry->digest, g->entry->info.id,
	                                         g->entry->text, srv_now(s)) == 0)
		((struct rules_catalog_entry *)g->entry)->stored = 1;
	if (db_game_update(s->store, &row) != 0) {
		log_warn(0, "game %lld: cannot record its engine and scenario: %s",
		         (long long)g->rec.id, db_last_error(s->store));
		return;
	}
	if (old_engine[0] && strcmp(old_engine, row.engine) != 0)
		log_info(0, "game %lld: replays identically on engine %s (created on %s): upgraded",
		         (long long)g->rec.id, row.engine, old_engine);
	g->rec = row;
}

/* 1 if a and b await the same sides for the same decisions. */
static int same_pending(const struct rules_pending *a, const struct rules_pending *b)
{
	if (a->sides != b->sides)
		return 0;
	for (int side = 0; side < RULES_SIDES; side++)
		if ((a->sides & RULES_AUD_SIDE(side)) &&
		    (a->decision[side] != b->decision[side] ||
		     strcmp(a->kind[side], b->kind[side]) != 0 ||
		     strcmp(a->what[side], b->what[side]) != 0))
			return 0;
	return 1;
}

/* Builds g->match from the store (see the header for what it replays on). */
static int load_match(struct srv *s, struct srv_game *g, char *errbuf, size_t errsize)
{
	struct stored_events se;
	struct rules_options opts;
	char old_engine[DB_ENGINE_MAX], why[700];
	int rc, same_engine;

	if (g->loaded) {
		rules_match_release(&g->match);
		g->loaded = 0;
	}
	if (g->entry == NULL && (g->entry = scenario_of(s, g, errbuf, errsize)) == NULL)
		return WG_E_NO_SUCH_SCENARIO;
	if (srv_options_parse(g->rec.options, &opts) != 0) {
		snprintf(errbuf, errsize, "stored options are unreadable");
		return WG_E_INTERNAL;
	}
	same_engine = strcmp(g->rec.engine, g->entry->rs->version) == 0;
	memset(&se, 0, sizeof(se));
	if (!same_engine) {
		rc = db_event_each_last(s->store, g->rec.id, RULES_AUD_PUBLIC, 0, collect_event,
		                        &se);
		if (rc != 0) {
			snprintf(errbuf, errsize, "cannot read the events: %s",
			         db_last_error(s->store));
			stored_events_release(&se);
			return rc;
		}
	}
	rc = build_match(s, g, &g->match, &opts, same_engine, 0, same_engine ? NULL : &se, why,
	                 sizeof(why));
	stored_events_release(&se);
	if (rc != 0) {
		if (!same_engine)
			snprintf(
			    errbuf, errsize,
			    "game %lld (%s) was played on engine %s and does not replay "
			    "identically "
			    "on engine %s: %s; it is kept unchanged but cannot be played on this "
			    "server",
			    (long long)g->rec.id, g->rec.scenario,
			    g->rec.engine[0] ? g->rec.engine : "(unrecorded)",
			    g->entry->rs->version, why);
		else
			snprintf(errbuf, errsize, "%s", why);
		return rc;
	}
	g->loaded = 1;
	s->game_loads++;
	if (g->pend_known && !same_pending(&g->pend, &g->match.pending))
		log_warn(0,
		         "game %lld: the stored summary of who must act differed from its replay "
		         "(the replay's is used)",
		         (long long)g->rec.id);
	db_event_last_seq(s->store, g->rec.id, &g->last_event);
	memset(g->acted, 0, sizeof(g->acted)); /* read again at the next view */
	g->used_ms = srv_now_ms(s);
	snprintf(old_engine, sizeof(old_engine), "%s", g->rec.engine);
	if (!same_engine || strcmp(g->rec.digest, g->entry->digest) != 0)
		pin(s, g, old_engine);
	return 0;
}

int srv_game_ensure_loaded(struct srv *s, struct srv_game *g, char *err, size_t errsize)
{
	int rc;

	if (g->loaded) {
		g->used_ms = srv_now_ms(s);
		return 0;
	}
	if (g->refused) {
		snprintf(err, errsize, "%s", g->why);
		return WG_E_INTERNAL;
	}
	rc = load_match(s, g, err, errsize);
	if (rc != 0 && rc != WG_E_NO_SUCH_SCENARIO && rc != WG_E_NO_MEMORY) {
		g->refused = 1;
		wg_strcopy(g->why, sizeof(g->why), err);
	}
	return rc;
}

int srv_game_resync(struct srv *s, struct srv_game *g)
{
	char err[400];
	int64_t id = g->rec.id;
	int rc;

	log_error(0, "game %lld: storage failed (%s); rebuilding from the store", (long long)id,
	          db_last_error(s->store));
	rc = db_game_get(s->store, id, &g->rec);
	if (rc == WG_E_NOT_FOUND) { /* created in a batch that was lost: it never existed */
		log_error(0, "game %lld was never stored; it is dropped", (long long)id);
		while (g->nwatchers > 0)
			srv_conn_unwatch(g->watchers[--g->nwatchers], id);
		s->games[id] = NULL;
		srv_game_free(g);
		return 1;
	}
	if (rc != 0 || load_match(s, g, err, sizeof(err)) != 0)
		log_error(0, "game %lld: cannot rebuild: %s", (long long)id,
		          rc != 0 ? db_last_error(s->store) : err);
	srv_clock_reload(s, g);
	return 0;
}

int srv_game_note(struct srv *s, struct srv_game *g, const cJSON *ev)
{
	struct db_event e;
	int64_t seq = 0;
	int rc;

	memset(&e, 0, sizeof(e));
	e.game = g->rec.id;
	e.action = 0; /* no action of the rules: the log shows it, replay skips it */
	e.audience = RULES_AUD_PUBLIC;
	e.at = srv_now(s);
	e.json = cJSON_PrintUnformatted(ev);
	rc = e.json == NULL ? WG_E_NO_MEMORY : db_event_append(s->store, &e, &seq);
	free(e.json);
	if (rc != 0)
		return rc;
	g->last_event = seq;
	srv_batch_touch(s, g);
	return 0;
}

void srv_games_sweep(struct srv *s, int64_t idle_ms)
{
	int64_t now = srv_now_ms(s);

	for (int64_t id = 1; id <= s->maxgame; id++) {
		struct srv_game *g = srv_game_get(s, id);
		if (g == NULL || !g->loaded || g->rec.status != DB_GAME_FINISHED || g->in_batch ||
		    now - g->used_ms < idle_ms)
			continue;
		rules_match_release(&g->match);
		g->loaded = 0;
	}
}

/* ---- recovery ---- */

/* The names of g's players: from a game read before that has the same player (a user sits
 * in many games: one query a user, not one a seat), else from the store. */
static void fill_seat_names(struct srv *s, struct srv_game *g)
{
	for (int i = 0; i < 2; i++) {
		int64_t uid = g->rec.seat[i];
		const int64_t *ids;
		const struct srv_game *other;
		struct db_user u;
		size_t n;
		int side;
		g->seat_name[i][0] = '\0';
		if (uid == 0)
			continue;
		ids = srv_user_games(s, uid, &n);
		other = n > 0 ? srv_game_get(s, ids[0]) : NULL;
		side = other != NULL ? srv_game_side_of(other, uid) : -1;
		if ((side == 0 || side == 1) && other->seat_name[side][0] != '\0') {
			memcpy(g->seat_name[i], other->seat_name[side], sizeof(g->seat_name[i]));
			continue;
		}
		if (db_user_by_id(s->store, uid, &u) == 0)
			snprintf(g->seat_name[i], sizeof(g->seat_name[i]), "%s", u.name);
	}
}

static int recover_one(void *ctx, const struct db_game *rec)
{
	struct srv *s = ctx;
	struct srv_game *g = calloc(1, sizeof(*g));
	char why[400];

	if (g == NULL)
		return WG_E_NO_MEMORY;
	g->rec = *rec;
	g->entry = scenario_of(s, g, why, sizeof(why));
	fill_seat_names(s, g);
	if (srv_game_index(s, g) != 0) {
		free(g);
		return WG_E_NO_MEMORY;
	}
	return 0;
}

static int recover_pending(void *ctx, int64_t id, const char *text)
{
	struct srv_game *g = srv_game_get(ctx, id);

	if (g != NULL && srv_pending_decode(text, &g->pend) == 0)
		g->pend_known = 1;
	return 0;
}

/*
 * Whether g loads at start-up rather than on first use: a game whose scenario is missing
 * (the failure is logged at start-up, as before), an active game without a stored
 * summary (written before migration 12: the backfill), or one recorded on another engine
 * version or scenario text than the installed one (its replay is checked, and the game
 * upgraded or refused, at start-up as before: games.h, "What a game replays on").
 */
static int load_now(const struct srv_game *g)
{
	if (g->entry == NULL) /* it cannot be loaded: said now, as before */
		return 1;
	if (g->rec.status != DB_GAME_ACTIVE)
		return 0;
	return !g->pend_known || strcmp(g->rec.engine, g->entry->rs->version) != 0 ||
	       strcmp(g->rec.digest, g->entry->digest) != 0;
}

/* Loads g now (load_now) and records its summary when none was; 0, or -1 (logged). */
static int load_at_start(struct srv *s, struct srv_game *g)
{
	char err[600], *text;

	if (srv_game_ensure_loaded(s, g, err, sizeof(err)) != 0) {
		log_error(0, "game %lld (%s) cannot be restored: %s", (long long)g->rec.id,
		          g->rec.scenario, err);
		return -1;
	}
	if (g->pend_known)
		return 0;
	if ((text = srv_pending_encode(&g->match.pending)) == NULL ||
	    db_game_pending_put(s->store, g->rec.id, text) != 0)
		log_warn(0, "game %lld: its pending summary was not recorded: %s",
		         (long long)g->rec.id, text ? db_last_error(s->store) : "out of memory");
	free(text);
	return 0;
}

int srv_games_recover(struct srv *s)
{
	int failed = 0, lazy = 0, loaded = 0;

	if (db_game_each(s->store, 0x7, recover_one, s) != 0 ||
	    db_game_pending_each(s->store, (1u << DB_GAME_OPEN) | (1u << DB_GAME_ACTIVE),
	                         recover_pending, s) != 0) {
		log_error(0, "cannot read the games: %s", db_last_error(s->store));
		return -1;
	}
	for (int64_t id = 1; id <= s->maxgame; id++) {
		struct srv_game *g = srv_game_get(s, id);
		if (g == NULL || g->rec.status == DB_GAME_FINISHED)
			continue;
		if (g->rec.status == DB_GAME_OPEN) /* nobody acts before the start */
			g->pend_known = 1;
		if (!load_now(g)) {
			lazy++;
		} else if (load_at_start(s, g) != 0) {
			failed++;
		} else {
			loaded++;
		}
	}
	log_info(0, "recovered %d unfinished games (%d failed), %lld games in all", lazy + loaded,
	         failed, (long long)s->maxgame);
	log_info(0,
	         "games: %d load on first use, %d loaded at start-up (no summary of who must "
	         "act yet, or another engine or scenario text)",
	         lazy, loaded);
	return failed;
}
