/*
 * hooks.c -- the registry of exclusive-rules modules (struct fm_hooks).
 *
 * A scenario selects its module with "exclusive": {"module": "<name>"}.
 * Each module (scheldt.c, meuse_argonne.c, ...) exports one
 * `const struct fm_hooks` and is listed in the table below; the system
 * code calls the hooks and never tests a module's name.
 */
#include "fm_int.h"
#include "scheldt/scheldt.h"

#include <string.h>

/* System rules only: every hook NULL. */
const struct fm_hooks fm__hooks_system = {
    .module = "system",
};

static const struct fm_hooks *const modules[] = {
    &fm__hooks_system,
    &scheldt_hooks, /* Battle of the Scheldt: The Devil's Moat, rules/fm/scheldt/ */
};

const struct fm_hooks *fm__hooks_find(const char *name)
{
	for (size_t k = 0; k < sizeof(modules) / sizeof(modules[0]); k++)
		if (strcmp(modules[k]->module, name) == 0)
			return modules[k];
	return NULL;
}
