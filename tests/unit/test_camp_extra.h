/*
 * test_camp_extra.h -- more fixture helpers of the Campaign rule suites
 * (test_camp_setup.c, _admin, _move, _intel, _special, _data, _redaction), beside
 * test_camp_util.h: opening a game with the set-up's own forced dice, editing the
 * scenario document before it loads, reading what a viewer is shown (view, query
 * replies, events) as text, and counting the events of one type.
 *
 * Header-only (static inline): each suite uses what it needs.  Strings returned are
 * the caller's to free unless said otherwise.
 */
#ifndef TEST_CAMP_EXTRA_H
#define TEST_CAMP_EXTRA_H

#include "test_camp_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Opens doc (consumed) with options opts (may be NULL) and starts the game with the n
 * dice of `dice` forced for the set-up (random hits, scratch count, scratch picks). */
static inline void cx_open_dice(struct ct *t, cJSON *doc, const char *opts, int n, const int *dice)
{
	struct rules_options o;
	uint8_t seed[32] = {9, 8, 7, 6, 5, 4, 3, 2, 1};
	char tmp[512], *save = NULL, *tok;
	int rc;

	memset(t, 0, sizeof(*t));
	memset(&o, 0, sizeof(o));
	t->doc = doc;
	if (opts != NULL) {
		snprintf(tmp, sizeof(tmp), "%s", opts);
		for (tok = strtok_r(tmp, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
			char *eq = strchr(tok, '=');
			assert_non_null(eq);
			*eq = '\0';
			snprintf(o.items[o.count].key, sizeof(o.items[0].key), "%s", tok);
			snprintf(o.items[o.count].value, sizeof(o.items[0].value), "%s", eq + 1);
			o.count++;
		}
	}
	rc = camp_ruleset.scenario_load(&camp_ruleset, "campaign-test.json", doc, &t->sc, &t->err);
	if (rc)
		fail_msg("scenario load: %s", t->err.message);
	rc = rules_match_create(&t->m, &camp_ruleset, t->sc, &o, seed, &t->err);
	if (rc)
		fail_msg("create: %s", t->err.message);
	t->g = (struct camp_game *)t->m.game;
	rules_events_init(&t->ev);
	for (int k = 0; k < n; k++)
		assert_int_equal(rules_dice_force(&t->m.dice, dice[k]), 0);
	rc = rules_match_start(&t->m, &t->ev, &t->err);
	if (rc)
		fail_msg("start: %s", t->err.message);
}

/* The object of doc's array `key` whose member `field` is `value` (or NULL). */
static inline cJSON *cx_doc_find(cJSON *arr, const char *field, const char *value)
{
	cJSON *it;

	cJSON_ArrayForEach(it, arr)
	{
		const cJSON *f = cJSON_GetObjectItemCaseSensitive(it, field);
		if (cJSON_IsString(f) && strcmp(f->valuestring, value) == 0)
			return it;
	}
	return NULL;
}

/* The unit object of id in the scenario document. */
static inline cJSON *cx_doc_unit(cJSON *doc, const char *id)
{
	cJSON *u = cx_doc_find(cJSON_GetObjectItemCaseSensitive(doc, "units"), "id", id);

	if (u == NULL)
		fail_msg("no unit %s in the document", id);
	return u;
}

/* Replaces (or adds) member key of obj by item (consumed). */
static inline void cx_set(cJSON *obj, const char *key, cJSON *item)
{
	if (cJSON_GetObjectItemCaseSensitive(obj, key) != NULL)
		cJSON_ReplaceItemInObjectCaseSensitive(obj, key, item);
	else
		cJSON_AddItemToObject(obj, key, item);
}

/* The whole of what viewer is shown by view() (JSON, with the text lines): caller frees. */
static inline char *cx_view_text(struct ct *t, int viewer)
{
	cJSON *v = camp_ruleset.view(t->m.game, &RULES_VIEWER(viewer));
	char *s;

	assert_non_null(v);
	s = cJSON_PrintUnformatted(v);
	cJSON_Delete(v);
	return s;
}

/* 1 if the view of viewer contains needle. */
static inline int cx_view_has(struct ct *t, int viewer, const char *needle)
{
	char *s = cx_view_text(t, viewer);
	int has = strstr(s, needle) != NULL;

	free(s);
	return has;
}

/* 1 if the reply of the query line as viewer (accepted or not: its error message too)
 * contains needle. */
static inline int cx_query_has(struct ct *t, int viewer, const char *line, const char *needle)
{
	char *s;
	int has;

	ct_query(t, viewer, line);
	s = cJSON_PrintUnformatted(t->reply);
	has = strstr(s, needle) != NULL || strstr(t->err.message, needle) != NULL;
	free(s);
	return has;
}

/* The number of events of type emitted since the last ct_events_clear. */
static inline int cx_events(struct ct *t, const char *type)
{
	int n = 0;

	for (size_t k = 0; k < t->ev.count; k++) {
		const cJSON *e = cJSON_GetObjectItemCaseSensitive(t->ev.items[k].data, "event");
		n += cJSON_IsString(e) && strcmp(e->valuestring, type) == 0;
	}
	return n;
}

/* The first event of type for an audience bit (or NULL); owned by t->ev. */
static inline const cJSON *cx_event(struct ct *t, const char *type, unsigned aud)
{
	for (size_t k = 0; k < t->ev.count; k++) {
		const cJSON *e = cJSON_GetObjectItemCaseSensitive(t->ev.items[k].data, "event");
		if ((t->ev.items[k].audience & aud) && cJSON_IsString(e) &&
		    strcmp(e->valuestring, type) == 0)
			return t->ev.items[k].data;
	}
	return NULL;
}

/* The markers of type k (0 = G-1) in side's Available Pile. */
static inline int cx_pool(struct ct *t, int side, int k)
{
	return t->g->sc->markers[side][k] - t->g->hand[side][k];
}

/* The hits of a unit. */
static inline int cx_hits(struct ct *t, const char *unit)
{
	return t->g->u[ct_unit(t, unit)].hits;
}

#endif
