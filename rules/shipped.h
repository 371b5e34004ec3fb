/*
 * shipped.h -- the registry of the rulesets wargamed ships: one table, read by the daemon
 * (server/main.c) and by the tests that must cover every shipped ruleset (the differential
 * secrecy test, the fuzz targets), so that a ruleset added here is served and tested at once.
 * The test daemon (tests/rulesets/) adds its test-only rulesets in front of these.
 */
#ifndef RULES_SHIPPED_H
#define RULES_SHIPPED_H

#include "rules/core/ruleset.h"

/* Every shipped ruleset, NULL-terminated; static storage. */
extern const struct ruleset *const rules_shipped[];

#endif
