/*
 * minis.h -- the WWII miniatures ruleset (`minis`), public face.
 *
 * The quick-reference sheet of ../shared/seeds/002_bfe41477201bb502.txt, broken down in
 * ../shared/rules/minis-checklist.md (QR- ids, the QR-AMB house interpretations and their
 * configuration keys), played on a continuous table measured in hundredths of an inch
 * (QR-AMB-1).  The engine is pure: no I/O, no clock, no globals, all randomness from the
 * game's struct rules_dice (rules/core/ruleset.h is the contract).
 *
 * The sequence of play (minis_int.h draws it with the functions that take each arrow).
 */
#ifndef RULES_MINIS_H
#define RULES_MINIS_H

#include "rules/core/ruleset.h"

/*
 * The engine version stored with every miniatures game (ruleset.h, "Versions"): bump it with
 * every change that can alter the replay of a stored game, including any change to the
 * tables compiled in from the JSON files of data/minis (tests/unit/test_minis_data.c pins their
 * digest).
 */
#define MINIS_ENGINE_VERSION "minis-2"

extern const struct ruleset minis_ruleset;

#endif
