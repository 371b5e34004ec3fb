/*
 * fm.h -- the Fire & Movement (F&M) system rules engine, public face.
 *
 * F&M (rules 1.0-9.0 of the [S] and [v8] editions) is one ruleset; each game
 * that uses it (Battle of the Scheldt, Meuse Argonne, the test scenario) is a
 * scenario file (docs/data-format.md) that may name an exclusive-rules
 * module plugged in through struct fm_module (fm_int.h).
 *
 * The engine is pure: no I/O, no clock, no globals, all randomness from the
 * game's struct rules_dice.  See rules/core/ruleset.h for the contract.
 *
 * The sequence of play (phase.c; each arrow names the function that takes it):
 *
 *   create --> SETUP: sides with set-up choices `place`, then `end` (fm__do_end)
 *                |
 *                v  fm__start_game / fm__begin_turn
 *   +--> Support Fire Marker Phase: allotment (fm__support_allot, hooks.turn_start)
 *   |            |
 *   |            v  first player's turn, then the second player's (FM-4.1)
 *   |   MOVEMENT --end--> BOMBARD --end--> COMBAT --end--> MOBILE_MOVE --end-->
 *   |   move/enter        bombard          attack          move/enter
 *   |   MOBILE_COMBAT --end--> end of player turn (hooks.player_turn_end)
 *   |   attack
 *   |            |  after the second player's turn: Game Turn End Phase
 *   |            v  (fm__support_return)
 *   +------ turn < last                    turn == last --> victory --> OVER
 *
 *   Inside a bombardment or combat (g->await):
 *     PHASE --bombard/attack--> SUPPORT b1..b4 (support) --reveal, roll-->
 *       LOSS (reduce) | RETREAT (retreat, stiff, displace) <-> DISPLACE (displace)
 *       --> ADVANCE (advance) --> PHASE
 *   Phases where the active player can do nothing are passed automatically;
 *   instant victory conditions are checked after every accepted action.
 */
#ifndef RULES_FM_H
#define RULES_FM_H

#include "rules/core/ruleset.h"

/*
 * The engine version stored with every F&M game (ruleset.h, "Versions"):
 * bump it with every change that can alter the replay of a stored game (a
 * rules fix, a new die roll, an event more or less, a different order).
 * fm-2: typeable unit ids (2_AG), `end` events and refusals, the End of Player Turn that
 * never waits with nothing to do, displacement off the path of retreat (AMB-111).
 */
#define FM_ENGINE_VERSION "fm-2"

struct fm_modules;

/* The F&M ruleset with the shipped exclusive-rules modules (rules/fm/modules.c). */
extern const struct ruleset fm_ruleset;

/* fm_ruleset with another module list (a test daemon's own modules in front of the
 * shipped ones): fills out, which must outlive its scenarios.  No state is kept. */
void fm_ruleset_with(struct ruleset *out, const struct fm_modules *modules);

#endif
