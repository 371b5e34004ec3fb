/*
 * main_test.c -- wargamed-test: the real server (wg_server) with the
 * shipped rulesets plus the test-only race ruleset, for end-to-end tests.
 */
#include <stddef.h>

#include "rules/core/ruleset.h"
#include "server/server.h"

#include "race.h"

#ifdef WG_HAVE_FM
#include "rules/fm/fm.h"
#endif

static const struct ruleset *const rulesets[] = {
#ifdef WG_HAVE_FM
    &fm_ruleset,
#endif
    &race_ruleset,
    NULL,
};

int main(int argc, char **argv)
{
	return srv_main(argc, argv, rulesets);
}
