/*
 * catalog.c -- scenario catalog: parse, dispatch to the ruleset, record
 * failures.  See catalog.h.
 */
#include "catalog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void rules_catalog_init(struct rules_catalog *c, const struct ruleset *const *rulesets)
{
	memset(c, 0, sizeof(*c));
	c->rulesets = rulesets;
}

static void entry_free(struct rules_catalog_entry *e)
{
	e->rs->scenario_free(e->sc);
	free(e->text);
	free(e);
}

void rules_catalog_release(struct rules_catalog *c)
{
	for (size_t i = 0; i < c->count; i++)
		entry_free(c->entries[i]);
	for (size_t i = 0; i < c->npinned; i++)
		entry_free(c->pinned[i]);
	free(c->entries);
	free(c->pinned);
	free(c->failures);
	memset(c, 0, sizeof(*c));
}

static void record_failure(struct rules_catalog *c, const char *source,
                           const struct rules_error *err)
{
	if (c->nfailures == c->capfailures) {
		size_t ncap = c->capfailures ? c->capfailures * 2 : 4;
		struct rules_catalog_failure *n = realloc(c->failures, ncap * sizeof(*n));
		if (n == NULL)
			return;
		c->failures = n;
		c->capfailures = ncap;
	}
	snprintf(c->failures[c->nfailures].source, sizeof(c->failures[0].source), "%s", source);
	snprintf(c->failures[c->nfailures].message, sizeof(c->failures[0].message), "%s",
	         err->message);
	c->nfailures++;
}

void rules_catalog_fail(struct rules_catalog *c, const char *source, const char *message)
{
	struct rules_error err;

	snprintf(err.message, sizeof(err.message), "%s", message);
	record_failure(c, source, &err);
}

const struct ruleset *rules_catalog_ruleset(const struct rules_catalog *c, const char *name)
{
	for (size_t i = 0; c->rulesets != NULL && c->rulesets[i] != NULL; i++)
		if (strcmp(c->rulesets[i]->name, name) == 0)
			return c->rulesets[i];
	return NULL;
}

const struct rules_catalog_entry *rules_catalog_find(const struct rules_catalog *c, const char *id)
{
	for (size_t i = 0; i < c->count; i++)
		if (strcasecmp(c->entries[i]->info.id, id) == 0)
			return c->entries[i];
	return NULL;
}

const struct rules_catalog_entry *rules_catalog_find_digest(const struct rules_catalog *c,
                                                            const char *id, const char *digest)
{
	for (size_t i = 0; i < c->count; i++)
		if (strcasecmp(c->entries[i]->info.id, id) == 0 &&
		    strcmp(c->entries[i]->digest, digest) == 0)
			return c->entries[i];
	for (size_t i = 0; i < c->npinned; i++)
		if (strcasecmp(c->pinned[i]->info.id, id) == 0 &&
		    strcmp(c->pinned[i]->digest, digest) == 0)
			return c->pinned[i];
	return NULL;
}

/* Appends e to a list of entries; 0 or -1. */
static int push(struct rules_catalog_entry ***list, size_t *n, size_t *cap,
                struct rules_catalog_entry *e)
{
	if (*n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 8;
		struct rules_catalog_entry **l = realloc(*list, ncap * sizeof(*l));
		if (l == NULL)
			return -1;
		*list = l;
		*cap = ncap;
	}
	(*list)[(*n)++] = e;
	return 0;
}

/* Parses and loads text into a new entry (not yet listed); 0 or a WG_E_* code. */
static int load_entry(struct rules_catalog *c, const char *source, const char *text, size_t len,
                      const char *digest, struct rules_catalog_entry **out, struct rules_error *err)
{
	const struct ruleset *rs;
	struct rules_scenario *sc = NULL;
	struct rules_catalog_entry *e;
	cJSON *doc, *name;
	int rc;

	doc = cJSON_ParseWithLength(text, len);
	if (doc == NULL) {
		const char *at = cJSON_GetErrorPtr();
		size_t line = 1;
		for (const char *p = text; at != NULL && p < at && p < text + len; p++)
			line += *p == '\n';
		return rules_fail(err, WG_E_BAD_SCENARIO, "", "%s: line %zu: not valid JSON",
		                  source, line);
	}
	name = cJSON_GetObjectItemCaseSensitive(doc, "ruleset");
	if (!cJSON_IsString(name)) {
		cJSON_Delete(doc);
		return rules_fail(err, WG_E_BAD_SCENARIO, "",
		                  "%s: $.ruleset: missing or not a string", source);
	}
	rs = rules_catalog_ruleset(c, name->valuestring);
	if (rs == NULL) {
		rules_fail(err, WG_E_BAD_SCENARIO, "", "%s: $.ruleset: unknown ruleset '%s'",
		           source, name->valuestring);
		cJSON_Delete(doc);
		return err->code;
	}
	rc = rs->scenario_load(rs, source, doc, &sc, err);
	cJSON_Delete(doc);
	if (rc != 0)
		return rc;
	e = calloc(1, sizeof(*e));
	if (e == NULL || (e->text = malloc(len + 1)) == NULL) {
		free(e);
		rs->scenario_free(sc);
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	}
	memcpy(e->text, text, len);
	e->text[len] = '\0';
	e->len = len;
	e->rs = rs;
	e->sc = sc;
	rs->scenario_info(sc, &e->info);
	snprintf(e->source, sizeof(e->source), "%s", source);
	snprintf(e->digest, sizeof(e->digest), "%s", digest != NULL ? digest : "");
	*out = e;
	return 0;
}

int rules_catalog_add(struct rules_catalog *c, const char *source, const char *text, size_t len,
                      const char *digest, struct rules_error *err)
{
	struct rules_catalog_entry *e;
	int rc = load_entry(c, source, text, len, digest, &e, err);

	if (rc != 0) {
		record_failure(c, source, err);
		return rc;
	}
	if (rules_catalog_find(c, e->info.id) != NULL) {
		rules_fail(err, WG_E_BAD_SCENARIO, "",
		           "%s: $.id: scenario '%s' is already installed from %s", source,
		           e->info.id, rules_catalog_find(c, e->info.id)->source);
		entry_free(e);
		record_failure(c, source, err);
		return err->code;
	}
	if (push(&c->entries, &c->count, &c->cap, e) != 0) {
		entry_free(e);
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	}
	return 0;
}

int rules_catalog_pin(struct rules_catalog *c, const char *source, const char *text, size_t len,
                      const char *digest, const struct rules_catalog_entry **out,
                      struct rules_error *err)
{
	struct rules_catalog_entry *e;
	int rc;

	for (size_t i = 0; i < c->npinned; i++)
		if (strcmp(c->pinned[i]->digest, digest) == 0) {
			*out = c->pinned[i];
			return 0;
		}
	if ((rc = load_entry(c, source, text, len, digest, &e, err)) != 0)
		return rc;
	e->pinned = 1;
	e->stored = 1;
	if (push(&c->pinned, &c->npinned, &c->cappinned, e) != 0) {
		entry_free(e);
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	}
	*out = e;
	return 0;
}
