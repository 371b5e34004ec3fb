/*
 * catalog.h -- the installed scenarios: every scenario file that loaded,
 * and every one that failed with the reason.
 *
 * A scenario file is a JSON document whose top-level "ruleset" names the
 * ruleset that loads it (docs/data-format.md).  The catalog parses the
 * text, finds the ruleset in the table it was given and calls its
 * scenario_load.  It never touches files: the caller reads them and passes
 * text plus a source name for messages.  A later file with the id of an
 * earlier one is refused (first wins), so data/ cannot be shadowed by
 * accident.
 */
#ifndef RULES_CATALOG_H
#define RULES_CATALOG_H

#include "ruleset.h"

struct rules_catalog_entry {
	const struct ruleset *rs;
	struct rules_scenario *sc;
	struct rules_scenario_info info;
	char source[256];
	char digest[65]; /* hex SHA-256 of text */
	char *text;      /* the file's text as loaded (owned) */
	size_t len;
	int pinned; /* loaded from a stored game's text, not installed */
	int stored; /* the caller has stored text under digest (its own flag) */
};

struct rules_catalog_failure {
	char source[256];
	char message[400];
};

struct rules_catalog {
	const struct ruleset *const *rulesets; /* NULL-terminated, not owned */
	struct rules_catalog_entry **entries;  /* installed */
	size_t count, cap;
	struct rules_catalog_entry **pinned;
	size_t npinned, cappinned;
	struct rules_catalog_failure *failures;
	size_t nfailures, capfailures;
};

void rules_catalog_init(struct rules_catalog *c, const struct ruleset *const *rulesets);
/* Frees every scenario and the arrays. */
void rules_catalog_release(struct rules_catalog *c);

/*
 * Loads one scenario file's text whose hex SHA-256 is digest.  Returns 0 when
 * added; otherwise a WG_E_* code, err filled and the failure recorded in
 * c->failures.
 */
int rules_catalog_add(struct rules_catalog *c, const char *source, const char *text, size_t len,
                      const char *digest, struct rules_error *err);
/* Loads a stored scenario text as a pinned entry (failures are not recorded); *out is the
 * entry (an existing pinned one when the digest is there already). */
int rules_catalog_pin(struct rules_catalog *c, const char *source, const char *text, size_t len,
                      const char *digest, const struct rules_catalog_entry **out,
                      struct rules_error *err);

/* Records a failure that happened before the text could be parsed (e.g.
 * the file cannot be read). */
void rules_catalog_fail(struct rules_catalog *c, const char *source, const char *message);

/* The installed entry whose scenario id is id (case-insensitive), or NULL. */
const struct rules_catalog_entry *rules_catalog_find(const struct rules_catalog *c, const char *id);
/* The entry (installed or pinned) of scenario id with that digest, or NULL. */
const struct rules_catalog_entry *rules_catalog_find_digest(const struct rules_catalog *c,
                                                            const char *id, const char *digest);
/* The ruleset named name in the table, or NULL. */
const struct ruleset *rules_catalog_ruleset(const struct rules_catalog *c, const char *name);

#endif
