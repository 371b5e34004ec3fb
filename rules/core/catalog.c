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

void rules_catalog_release(struct rules_catalog *c)
{
	for (size_t i = 0; i < c->count; i++)
		c->entries[i].rs->scenario_free(c->entries[i].sc);
	free(c->entries);
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
		if (strcasecmp(c->entries[i].info.id, id) == 0)
			return &c->entries[i];
	return NULL;
}

int rules_catalog_add(struct rules_catalog *c, const char *source, const char *text, size_t len,
                      struct rules_error *err)
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
		rules_fail(err, WG_E_BAD_SCENARIO, "", "%s: line %zu: not valid JSON", source,
		           line);
		record_failure(c, source, err);
		return err->code;
	}
	name = cJSON_GetObjectItemCaseSensitive(doc, "ruleset");
	if (!cJSON_IsString(name)) {
		cJSON_Delete(doc);
		rules_fail(err, WG_E_BAD_SCENARIO, "", "%s: $.ruleset: missing or not a string",
		           source);
		record_failure(c, source, err);
		return err->code;
	}
	rs = rules_catalog_ruleset(c, name->valuestring);
	if (rs == NULL) {
		rules_fail(err, WG_E_BAD_SCENARIO, "", "%s: $.ruleset: unknown ruleset '%s'",
		           source, name->valuestring);
		cJSON_Delete(doc);
		record_failure(c, source, err);
		return err->code;
	}
	rc = rs->scenario_load(rs, source, doc, &sc, err);
	cJSON_Delete(doc);
	if (rc != 0) {
		record_failure(c, source, err);
		return rc;
	}
	if (c->count == c->cap) {
		size_t ncap = c->cap ? c->cap * 2 : 8;
		struct rules_catalog_entry *n = realloc(c->entries, ncap * sizeof(*n));
		if (n == NULL) {
			rs->scenario_free(sc);
			return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
		}
		c->entries = n;
		c->cap = ncap;
	}
	e = &c->entries[c->count];
	e->rs = rs;
	e->sc = sc;
	rs->scenario_info(sc, &e->info);
	snprintf(e->source, sizeof(e->source), "%s", source);
	if (rules_catalog_find(c, e->info.id) != NULL) {
		rules_fail(err, WG_E_BAD_SCENARIO, "",
		           "%s: $.id: scenario '%s' is already installed from %s", source,
		           e->info.id, rules_catalog_find(c, e->info.id)->source);
		rs->scenario_free(sc);
		record_failure(c, source, err);
		return err->code;
	}
	c->count++;
	return 0;
}
