/*
 * replay.c -- `wargamed replay FILE`: a game's record checked apart from the
 * server that wrote it.  See replay.h for what is checked and
 * docs/records.md for the record.
 */
#include "replay.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "protocol/tokenize.h"
#include "rules/core/match.h"

#include "config.h"
#include "games.h"
#include "log.h"
#include "server.h"

/* ---- reading ---- */

/* The data lines of the last text-mode `export` reply in text, joined. */
static char *text_capture(const char *text, size_t len)
{
	struct proto_buf cur = PROTO_BUF_INIT, found = PROTO_BUF_INIT;
	const char *p = text, *end = text + len;
	char *out = NULL;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl ? nl : end) - p);
		const char *ok;
		if (n > 0 && p[n - 1] == '\r')
			n--;
		ok = n >= 2 && p[0] == '@' ? memchr(p, ' ', n) : NULL; /* "@tag ok ..." */
		ok = ok != NULL ? ok + 1 : p;
		if (n >= 2 && p[0] == ' ' && p[1] == ' ') {
			proto_buf_add(&cur, p + 2, n - 2);
		} else if ((size_t)(p + n - ok) >= 17 &&
		           strncmp(ok, "ok export of game", 17) == 0) {
			proto_buf_release(&found);
			found = cur;
			proto_buf_init(&cur);
		} else {
			proto_buf_release(&cur); /* any other line ends a reply's data */
		}
		p = nl ? nl + 1 : end;
	}
	proto_buf_release(&cur);
	if (found.len > 0)
		out = proto_buf_detach(&found, &len);
	proto_buf_release(&found);
	return out;
}

cJSON *srv_replay_read(const char *text, size_t len, char *err, size_t n)
{
	const char *p = text;
	cJSON *doc, *data;
	char *joined;

	while (p < text + len && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
		p++;
	if (p < text + len && *p == '{') {
		/* the document, or the JSON reply line of export (the first line) */
		const char *nl = memchr(p, '\n', (size_t)(text + len - p));
		doc = cJSON_ParseWithLength(p, (size_t)(text + len - p));
		if (doc == NULL && nl != NULL)
			doc = cJSON_ParseWithLength(p, (size_t)(nl - p));
		if (doc == NULL) {
			snprintf(err, n, "the file is not JSON (near byte %ld)",
			         cJSON_GetErrorPtr() ? (long)(cJSON_GetErrorPtr() - text) : 0L);
			return NULL;
		}
		data = cJSON_GetObjectItemCaseSensitive(doc, "data");
		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "ok")) &&
		    cJSON_IsObject(data)) {
			cJSON *rec = cJSON_DetachItemViaPointer(doc, data);
			cJSON_Delete(doc);
			return rec;
		}
		return doc;
	}
	if ((joined = text_capture(text, len)) == NULL) {
		snprintf(err, n,
		         "the file holds no record: neither JSON nor the data lines of an `export` "
		         "reply (a line `ok export of game N: ...` after them)");
		return NULL;
	}
	doc = cJSON_Parse(joined);
	free(joined);
	if (doc == NULL)
		snprintf(err, n, "the data lines of the export reply do not join into JSON");
	return doc;
}

/* ---- checking ---- */

struct check {
	const cJSON *rec;
	const cJSON *events; /* the record's events */
	int next;            /* the next of them to match */
	const char *sides[2];
	struct srv_replay_verdict *v;
};

static void differ(struct srv_replay_verdict *v, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void differ(struct srv_replay_verdict *v, const char *fmt, ...)
{
	va_list ap;

	if (!v->ok)
		return; /* the first difference is the one named */
	v->ok = 0;
	va_start(ap, fmt);
	vsnprintf(v->what, sizeof(v->what), fmt, ap);
	va_end(ap);
}

static const char *str_of(const cJSON *o, const char *name)
{
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(o, name);

	return cJSON_IsString(s) ? s->valuestring : NULL;
}

static double num_of(const cJSON *o, const char *name, double dflt)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, name);

	return cJSON_IsNumber(x) ? x->valuedouble : dflt;
}

/* The audience mask of a recorded event's "audience" names, or -1. */
static int audience_of(const struct check *c, const cJSON *names)
{
	const cJSON *it;
	int mask = 0;

	if (!cJSON_IsArray(names))
		return -1;
	cJSON_ArrayForEach(it, names)
	{
		if (!cJSON_IsString(it))
			return -1;
		if (strcmp(it->valuestring, "spectators") == 0)
			mask |= RULES_AUD_SPECTATORS;
		else if (c->sides[0] && strcmp(it->valuestring, c->sides[0]) == 0)
			mask |= RULES_AUD_SIDE(0);
		else if (c->sides[1] && strcmp(it->valuestring, c->sides[1]) == 0)
			mask |= RULES_AUD_SIDE(1);
		else
			return -1;
	}
	return mask;
}

/* The record's next event of an action (skipping the notes of no action), or NULL. */
static const cJSON *next_event(struct check *c)
{
	const cJSON *e;

	while ((e = cJSON_GetArrayItem(c->events, c->next)) != NULL &&
	       num_of(e, "action", -1) == 0) {
		c->v->notes++;
		c->next++;
	}
	return e;
}

/* The events ev that action seq (line) gave must be those recorded for it, in order. */
static void compare_events(struct check *c, long seq, const char *line,
                           const struct rules_events *ev)
{
	for (size_t i = 0; i < ev->count && c->v->ok; i++) {
		const cJSON *e = next_event(c),
		            *data = cJSON_GetObjectItemCaseSensitive(e, "event");
		char *mine = cJSON_PrintUnformatted(ev->items[i].data), *theirs = NULL;
		if (e == NULL || num_of(e, "action", -1) != (double)seq) {
			differ(c->v,
			       "action %ld (%s) gives the event %.300s, which the record does "
			       "not hold",
			       seq, line, mine ? mine : "?");
		} else if (!cJSON_Compare(data, ev->items[i].data, 1)) {
			theirs = cJSON_PrintUnformatted(data);
			differ(c->v,
			       "action %ld (%s) gives the event %.300s where the record has %.300s",
			       seq, line, mine ? mine : "?", theirs ? theirs : "?");
		} else if (audience_of(c, cJSON_GetObjectItemCaseSensitive(e, "audience")) !=
		           (int)ev->items[i].audience) {
			differ(c->v,
			       "action %ld (%s): event %.100s has another audience in the record",
			       seq, line, str_of(data, "event") ? str_of(data, "event") : "?");
		}
		free(mine);
		free(theirs);
		c->next++;
		c->v->events++;
	}
	if (c->v->ok && next_event(c) != NULL && num_of(next_event(c), "action", -1) == (double)seq)
		differ(
		    c->v, "action %ld (%s) no longer gives the recorded event %.300s", seq, line,
		    str_of(cJSON_GetObjectItemCaseSensitive(next_event(c), "event"), "text")
		        ? str_of(cJSON_GetObjectItemCaseSensitive(next_event(c), "event"), "text")
		        : "?");
}

/* The dice of a recorded action; the count, or -1 when they are unreadable. */
static int rolls_of(const cJSON *dice, struct rules_roll *rolls, int max)
{
	const cJSON *r;
	int n = 0;

	if (!cJSON_IsArray(dice))
		return -1;
	cJSON_ArrayForEach(r, dice)
	{
		if (n >= max || !cJSON_IsArray(r) || cJSON_GetArraySize(r) != 3)
			return -1;
		rolls[n].sides = (uint16_t)cJSON_GetArrayItem(r, 0)->valueint;
		rolls[n].value = (uint16_t)cJSON_GetArrayItem(r, 1)->valueint;
		rolls[n].forced = (uint8_t)cJSON_GetArrayItem(r, 2)->valueint;
		n++;
	}
	return n;
}

#define REPLAY_MAX_ROLLS 256 /* dice one action may roll */

/* Replays one recorded action on m; its events are compared. */
static void replay_action(struct check *c, struct rules_match *m, const cJSON *a, long seq)
{
	static struct rules_roll rolls[REPLAY_MAX_ROLLS];
	const char *line = str_of(a, "line"), *host = str_of(a, "host");
	enum rules_host_kind kind =
	    host != NULL && host[0] ? rules_host_kind(host) : RULES_HOST_NONE;
	struct rules_events ev;
	struct rules_error err;
	char *copy, *argv[PROTO_MAX_ARGS];
	int argc,
	    nrolls = rolls_of(cJSON_GetObjectItemCaseSensitive(a, "dice"), rolls, REPLAY_MAX_ROLLS);

	if (line == NULL || host == NULL || nrolls < 0 || (host[0] && kind == RULES_HOST_NONE)) {
		differ(c->v, "action %ld is unreadable (line, host kind or dice)", seq);
		return;
	}
	for (int i = 0; i < nrolls; i++) {
		if (rolls[i].forced) {
			differ(
			    c->v,
			    "action %ld (%s): die %d was forced by the debug dice queue, not drawn "
			    "from the seed",
			    seq, line, i + 1);
			return;
		}
	}
	if ((copy = strdup(line)) == NULL ||
	    proto_tokenize(copy, argv, PROTO_MAX_ARGS, &argc) != 0 || argc < 1) {
		free(copy);
		differ(c->v, "action %ld (%s) is unreadable", seq, line);
		return;
	}
	rules_events_init(&ev);
	memset(&err, 0, sizeof(err));
	if (rules_match_replay(m, kind, (int)num_of(a, "side", -1), argc, argv, rolls,
	                       (size_t)nrolls, &ev, &err) != 0)
		differ(c->v, "action %ld (%s) does not replay: %s", seq, line, err.message);
	else
		compare_events(c, seq, line, &ev);
	c->v->dice += nrolls;
	rules_events_release(&ev);
	free(copy);
}

/* The seed is the one committed to; fills seed (32 bytes). */
static int check_seed(const cJSON *rec, uint8_t seed[32], struct srv_replay_verdict *v)
{
	const char *hex = str_of(rec, "seed"), *commitment = str_of(rec, "commitment");
	unsigned char digest[crypto_hash_sha256_BYTES];
	char mine[65];
	size_t n = 0;

	if (hex == NULL || commitment == NULL ||
	    sodium_hex2bin(seed, 32, hex, strlen(hex), NULL, &n, NULL) != 0 || n != 32) {
		differ(v, "the record has no readable dice seed (64 hex digits) and commitment");
		return -1;
	}
	crypto_hash_sha256(digest, seed, 32);
	sodium_bin2hex(mine, sizeof(mine), digest, sizeof(digest));
	if (strcmp(mine, commitment) != 0) {
		differ(v,
		       "the dice seed does not match its commitment: sha256(seed) is %s, the game "
		       "committed to %s",
		       mine, commitment);
		return -1;
	}
	return 0;
}

/* The scenario the record was played on, from cat; NULL with the verdict filled. */
static const struct rules_catalog_entry *scenario_of(const struct rules_catalog *cat,
                                                     const cJSON *rec, struct srv_replay_verdict *v)
{
	const cJSON *sc = cJSON_GetObjectItemCaseSensitive(rec, "scenario");
	const char *id = str_of(sc, "id"), *digest = str_of(sc, "digest");
	const struct rules_catalog_entry *e;

	if (id == NULL || digest == NULL) {
		differ(v, "the record names no scenario and digest");
		return NULL;
	}
	if ((e = rules_catalog_find_digest(cat, id, digest)) != NULL)
		return e;
	if ((e = rules_catalog_find(cat, id)) != NULL)
		differ(v,
		       "scenario '%s' of the data directory (sha256 %.16s...) is not the one the "
		       "game was played on (sha256 %.16s...)",
		       id, e->digest, digest);
	else
		differ(v, "scenario '%s' is not in the data directory", id);
	return NULL;
}

void srv_replay_check(const struct rules_catalog *cat, const cJSON *rec,
                      struct srv_replay_verdict *v)
{
	const struct rules_catalog_entry *e;
	const cJSON *actions = cJSON_GetObjectItemCaseSensitive(rec, "actions"), *a;
	const cJSON *result = cJSON_GetObjectItemCaseSensitive(rec, "result");
	struct rules_options opts;
	struct rules_match m, scratch;
	struct rules_undone undone;
	struct rules_error err;
	struct rules_outcome o;
	struct check c;
	uint8_t seed[32];
	int scratching = 0;
	long seq = 0;

	memset(v, 0, sizeof(*v));
	v->ok = 1;
	snprintf(v->game, sizeof(v->game), "game %.0f (%s)", num_of(rec, "game", 0),
	         str_of(cJSON_GetObjectItemCaseSensitive(rec, "scenario"), "id")
	             ? str_of(cJSON_GetObjectItemCaseSensitive(rec, "scenario"), "id")
	             : "?");
	if (!cJSON_IsObject(rec) || str_of(rec, "record") == NULL ||
	    strcmp(str_of(rec, "record"), SRV_RECORD_KIND) != 0 || !cJSON_IsArray(actions)) {
		differ(v, "this is not a wargamed game record (\"record\": \"%s\" and its actions)",
		       SRV_RECORD_KIND);
		return;
	}
	if (check_seed(rec, seed, v) != 0 || (e = scenario_of(cat, rec, v)) == NULL)
		return;
	if (str_of(rec, "options") == NULL ||
	    srv_options_parse(str_of(rec, "options"), &opts) != 0) {
		differ(v, "the record's options are unreadable");
		return;
	}
	memset(&err, 0, sizeof(err));
	if (rules_match_create(&m, e->rs, e->sc, &opts, seed, &err) != 0) {
		differ(v, "the game cannot be created: %s", err.message);
		return;
	}
	memset(&c, 0, sizeof(c));
	c.rec = rec;
	c.events = cJSON_GetObjectItemCaseSensitive(rec, "events");
	c.sides[0] = e->info.side_names[0];
	c.sides[1] = e->info.side_names[1];
	c.v = v;
	/* the ranges the takebacks undid */
	rules_undone_init(&undone);
	cJSON_ArrayForEach(a, actions)
	{
		const char *host = str_of(a, "host"), *line = str_of(a, "line");
		char *copy = line ? strdup(line) : NULL, *argv[PROTO_MAX_ARGS];
		int argc;
		if (host != NULL && strcmp(host, "takeback") == 0 &&
		    (copy == NULL || proto_tokenize(copy, argv, PROTO_MAX_ARGS, &argc) != 0 ||
		     rules_undone_note(&undone, RULES_HOST_TAKEBACK, (uint64_t)num_of(a, "seq", 0),
		                       argc, argv) != 0))
			differ(v, "the takeback at action %.0f is unreadable", num_of(a, "seq", 0));
		free(copy);
	}
	cJSON_ArrayForEach(a, actions)
	{
		int undone_now;
		if (!v->ok)
			break;
		if (num_of(a, "seq", 0) != (double)++seq) {
			differ(v, "the actions are not numbered 1, 2, 3...: action %ld is missing",
			       seq);
			break;
		}
		v->actions++;
		undone_now = rules_undone_has(&undone, (uint64_t)seq);
		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(a, "undone")) !=
		    (undone_now != 0)) {
			differ(v, "action %ld is marked %s, but the takebacks of the record say %s",
			       seq, undone_now ? "not undone" : "undone",
			       undone_now ? "it was" : "it was not");
			break;
		}
		if (!undone_now) {
			if (scratching)
				rules_match_release(&scratch);
			scratching = 0;
			replay_action(&c, &m, a, seq);
			continue;
		}
		/* an action a takeback undid: replayed apart, on a copy of the game as it was
		 * before it, then counted as the server counts it */
		if (!scratching) {
			char *snap = rules_match_snapshot(&m);
			if (snap == NULL ||
			    rules_match_restore(&scratch, e->rs, e->sc, &opts, snap, &err) != 0) {
				free(snap);
				differ(v, "out of memory");
				break;
			}
			free(snap);
			scratching = 1;
		}
		replay_action(&c, &scratch, a, seq);
		rules_match_undone(&m);
		v->undone++;
	}
	if (scratching)
		rules_match_release(&scratch);
	rules_undone_release(&undone);
	if (v->ok && next_event(&c) != NULL)
		differ(v, "the record holds events of no action replayed (event %.0f)",
		       num_of(next_event(&c), "seq", 0));
	rules_match_outcome(&m, &o);
	snprintf(v->result, sizeof(v->result), "%s", o.over ? o.summary : "(the game is not over)");
	if (v->ok) {
		const char *summary = str_of(result, "summary"), *winner = str_of(result, "winner");
		const char *mine = o.over && o.winner >= 0 ? e->info.side_names[o.winner] : NULL;
		if (!o.over)
			differ(v, "the replay of the %ld actions does not end the game",
			       v->actions);
		else if (summary == NULL || strcmp(summary, o.summary) != 0 ||
		         (winner == NULL) != (mine == NULL) ||
		         (winner != NULL && strcmp(winner, mine) != 0))
			differ(v,
			       "the replay ends '%s' (winner %s), the record says '%s' (winner %s)",
			       o.summary, mine ? mine : "none", summary ? summary : "?",
			       winner ? winner : "none");
	}
	snprintf(v->game, sizeof(v->game), "game %.0f (%s, sha256 %.16s..., engine %s)",
	         num_of(rec, "game", 0), e->info.id, e->digest, e->rs->version);
	rules_match_release(&m);
}

/* ---- the subcommand ---- */

static char *slurp_file(const char *path, size_t *len, char *err, size_t n)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	struct proto_buf b = PROTO_BUF_INIT;
	char chunk[65536];
	size_t got;
	char *out;

	if (f == NULL) {
		snprintf(err, n, "cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	while ((got = fread(chunk, 1, sizeof(chunk), f)) > 0)
		if (b.len > ((size_t)256 << 20) || proto_buf_add(&b, chunk, got) != 0) {
			snprintf(err, n, "%s is too large to be a record", path);
			proto_buf_release(&b);
			if (f != stdin)
				fclose(f);
			return NULL;
		}
	if (f != stdin)
		fclose(f);
	if ((out = proto_buf_detach(&b, len)) == NULL) /* an empty file */
		out = strdup("");
	if (out == NULL)
		snprintf(err, n, "out of memory");
	return out;
}

int srv_replay_main(int argc, char **argv, const struct ruleset *const *rulesets)
{
	struct srv_config cfg;
	struct rules_catalog cat;
	struct srv_replay_verdict v;
	char err[600], *text;
	size_t len = 0;
	cJSON *rec;
	int rc;

	if (argc < 2 || (argv[1][0] == '-' && argv[1][1] != '\0') ||
	    (rc = srv_config_subcommand(&cfg, argc, argv, err, sizeof(err))) < 0) {
		if (argc >= 2 && argv[1][0] != '-' && strcmp(err, "usage") != 0)
			fprintf(stderr, "wargamed replay: %s\n", err);
		else
			fprintf(stderr,
			        "usage: wargamed replay FILE [--data-dir DIR] [--scenarios DIR] "
			        "[--config FILE]   (FILE -: standard input)\n");
		return 2;
	}
	if (rc != 0)
		return 0;
	srv_log_set_level(SRV_LOG_ERROR); /* the loading of the scenarios is not the verdict */
	if (sodium_init() < 0) {
		fprintf(stderr, "wargamed replay: libsodium failed to initialise\n");
		return 1;
	}
	if ((text = slurp_file(argv[1], &len, err, sizeof(err))) == NULL) {
		printf("replay of %s: FAILED: %s\n", argv[1], err);
		return 1;
	}
	rec = srv_replay_read(text, len, err, sizeof(err));
	free(text);
	if (rec == NULL) {
		printf("replay of %s: FAILED: %s\n", argv[1], err);
		return 1;
	}
	rules_catalog_init(&cat, rulesets);
	srv_catalog_load_dir(&cat, cfg.data_dir);
	for (int i = 0; i < cfg.nscenario_dirs; i++)
		srv_catalog_load_dir(&cat, cfg.scenario_dirs[i]);
	srv_replay_check(&cat, rec, &v);
	if (v.ok) {
		printf("replay of %s: OK\n", v.game);
		printf("  the dice seed matches its commitment %s\n", str_of(rec, "commitment"));
		printf("  %ld actions (%ld undone by takebacks, replayed apart), %ld events, "
		       "%ld notes of no action, %ld dice: every die from the seed\n",
		       v.actions, v.undone, v.events, v.notes, v.dice);
		printf("  result: %s\n", v.result);
	} else {
		printf("replay of %s: FAILED: %s\n", v.game, v.what);
	}
	cJSON_Delete(rec);
	rules_catalog_release(&cat);
	return v.ok ? 0 : 1;
}
