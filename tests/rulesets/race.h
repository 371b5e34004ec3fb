/*
 * race.h -- the test-only "dice race" ruleset (see race.c).  Linked into the
 * test daemon and unit tests only, never into the shipped wargamed.
 */
#ifndef TESTS_RACE_H
#define TESTS_RACE_H

#include "rules/core/ruleset.h"

extern const struct ruleset race_ruleset;

#endif
