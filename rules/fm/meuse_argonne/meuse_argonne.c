/*
 * meuse_argonne.c -- the hooks table of the Meuse Argonne module: the data
 * hooks (load, lint, free) and nothing else yet.  Without other hooks the
 * game plays by the system rules ([v8]); the exclusive rules' behaviour
 * (17.0 artillery, the trench lines' CRT rule for Allied defenders, 13.x
 * brigades, 11.3/11.6 replacements, 18.x) plugs in here through the members
 * of struct fm_module (fm_module.h) reading struct ma_data.
 */
#include "meuse_argonne.h"

const struct fm_module meuse_argonne_module = {
    .name = "meuse_argonne",
    .load = ma__load,
    .lint = ma__lint,
    .free = ma__free,
};
