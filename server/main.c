/*
 * main.c -- the shipped daemon: wargamed with the rulesets it ships.
 * (The test daemon in tests/rulesets/ adds the test-only ruleset.)
 */
#include <stddef.h>

#include "rules/core/ruleset.h"
#include "server.h"

#ifdef WG_HAVE_FM
#include "rules/fm/fm.h"
#endif

static const struct ruleset *const shipped[] = {
#ifdef WG_HAVE_FM
    &fm_ruleset,
#endif
    NULL,
};

int main(int argc, char **argv)
{
	return srv_main(argc, argv, shipped);
}
