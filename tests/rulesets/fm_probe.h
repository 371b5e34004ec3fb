/*
 * fm_probe.h -- the test-only F&M module list: the "probe" module (see
 * fm_probe.c) in front of the shipped modules.
 */
#ifndef TESTS_FM_PROBE_H
#define TESTS_FM_PROBE_H

#include "rules/fm/fm_module.h"

extern const struct fm_modules fm_probe_modules;

#endif
