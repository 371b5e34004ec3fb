/*
 * campaign.h -- The Scheldt Campaign (shared/seeds/001_231e57a3a1b527dc.txt):
 * the ruleset `campaign` of rules/core/ruleset.h.  One side's staff markers
 * (G-1..G-4) drive everything: reinforcements, regrouping and recovery in
 * the Preparation Phase; intelligence, movement, attacks and logistics in
 * the Operations Phase; a new hand in the Planning Phase.  Task Forces hide
 * their units on the OOB mats; battles are dice pools after a simultaneous,
 * secret commitment of markers.
 *
 * The internals, their files and the phase machine: camp_int.h.  The data
 * format: docs/data-format-campaign.md.  The game for players and programs:
 * docs/games/campaign.md; the readings of unclear rules:
 * docs/scenarios/scheldt-campaign-rules.md.
 */
#ifndef RULES_CAMPAIGN_H
#define RULES_CAMPAIGN_H

#include "rules/core/ruleset.h"

extern const struct ruleset camp_ruleset;

#endif
