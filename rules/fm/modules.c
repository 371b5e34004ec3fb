/*
 * modules.c -- the list of shipped exclusive-rules modules.  Adding a module
 * is adding its folder under rules/fm/ and one line here; nothing else in the
 * system names it.
 */
#include "fm_int.h"
#include "meuse_argonne/meuse_argonne.h"
#include "scheldt/scheldt.h"

#include <string.h>

/* System rules only: every hook NULL, no verbs of its own. */
const struct fm_module fm__module_system = {
    .name = "system",
};

static const struct fm_module *const shipped[] = {
    &fm__module_system,
    &scheldt_module, /* Battle of the Scheldt: The Devil's Moat, rules/fm/scheldt/ */
    &meuse_argonne_module,
    NULL,
};

const struct fm_modules fm_shipped_modules = {.list = shipped, .next = NULL};

const struct fm_module *fm__module_find(const struct fm_modules *mods, const char *name)
{
	for (; mods != NULL; mods = mods->next)
		for (size_t k = 0; mods->list[k] != NULL; k++)
			if (strcmp(mods->list[k]->name, name) == 0)
				return mods->list[k];
	return NULL;
}
