/*
 * fm_probe.c -- a test-only exclusive-rules module of the F&M engine
 * ("probe"), proving the module seam: a module brings its own verb (here a
 * query, `probe`), listed in `help` only in the games of its scenarios and
 * refused in every other game, without one line of the F&M system naming it.
 * The test daemon (main_test.c) hands the F&M ruleset a module list with
 * this module in front of the shipped ones (fm_ruleset_with); the shipped
 * wargamed does not know it.
 */
#include "fm_probe.h"

#include "rules/fm/fm_int.h"

static int q_probe(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
                   cJSON *out, struct rules_error *err)
{
	int viewer = who->side;
	(void)viewer;
	(void)argc;
	(void)argv;
	(void)err;
	fm__line(out, "probe module of scenario %s: turn %d", g->sc->id, g->turn);
	cJSON_AddStringToObject(out, "module", g->sc->module->name);
	return 0;
}

static const struct fm_verb probe_verbs[] = {
    {.v = {"probe", RULES_VERB_QUERY, 0, 0, "probe",
           "The test-only probe module answers (tests/rulesets/fm_probe.c)."},
     .query = q_probe},
};

static const struct fm_module probe_module = {
    .name = "probe",
    .verbs = probe_verbs,
    .nverbs = sizeof(probe_verbs) / sizeof(probe_verbs[0]),
};

static const struct fm_module *const probe_list[] = {&probe_module, NULL};

const struct fm_modules fm_probe_modules = {.list = probe_list, .next = &fm_shipped_modules};
