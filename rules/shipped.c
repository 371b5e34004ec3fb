/*
 * shipped.c -- the table of shipped rulesets (shipped.h): one line per rule system, each
 * behind the CMake option that builds it.
 */
#include "shipped.h"

#include <stddef.h>

#ifdef WG_HAVE_FM
#include "rules/fm/fm.h"
#endif
#ifdef WG_HAVE_CAMPAIGN
#include "rules/campaign/campaign.h"
#endif
#ifdef WG_HAVE_MINIS
#include "rules/minis/minis.h"
#endif

const struct ruleset *const rules_shipped[] = {
#ifdef WG_HAVE_FM
    &fm_ruleset,
#endif
#ifdef WG_HAVE_CAMPAIGN
    &camp_ruleset,
#endif
#ifdef WG_HAVE_MINIS
    &minis_ruleset,
#endif
    NULL,
};
