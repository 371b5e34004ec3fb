/*
 * main_test.c -- wargamed-test: the real server (wg_server) with the
 * shipped rulesets plus the test-only race ruleset, for end-to-end tests.
 * Its F&M ruleset also knows the test-only exclusive module "probe"
 * (fm_probe.c) besides the shipped ones.
 */
#include <stddef.h>

#include "rules/core/ruleset.h"
#include "server/server.h"

#include "race.h"

#ifdef WG_HAVE_FM
#include "rules/fm/fm.h"

#include "fm_probe.h"

static struct ruleset fm_with_probe;
#endif

int main(int argc, char **argv)
{
	const struct ruleset *rulesets[3];
	int n = 0;

#ifdef WG_HAVE_FM
	fm_ruleset_with(&fm_with_probe, &fm_probe_modules);
	rulesets[n++] = &fm_with_probe;
#endif
	rulesets[n++] = &race_ruleset;
	rulesets[n] = NULL;
	return srv_main(argc, argv, rulesets);
}
