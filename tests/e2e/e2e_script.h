/*
 * e2e_script.h -- a whole F&M game as a script, played over TCP by two
 * players and watched by a third (test_e2e_scheldt, test_e2e_meuse).
 *
 * Lines:
 *
 *   A <cmd> / G <cmd>        the Allied / German player sends an action; it must be
 *                            accepted
 *   ! A <rule> <cmd>         the action must be refused, naming <rule>
 *   Q A <text> | <cmd>       a query of A (or G) whose reply contains <text>
 *   U <side>|<text>          both players pass (end, end force when the decision
 *                            names it, support pass, advance none) until the game
 *                            waits for <side> on a decision whose text contains
 *                            <text>; `U over|` plays to the end
 *   S <A|G>                  the side places every unit still to set up, each on one
 *                            of the hexes `options` lists for it, then ends its set-up
 *   B <res> <line> <att> <def> <A|G> <b1> <b2> <b3> <b4> <cmd> [; <A|G> <cmd>]
 *                            a battle (or bombardment) the actor (A or G) starts
 *                            with <cmd>; b1..b4 are the support fire steps
 *                            (FM-8.2.1 b1-b4: - passes, $m / $M the lowest /
 *                            highest regular marker in the hand of the step's
 *                            side, d a marker drawn blind (its pick forced to the
 *                            first marker, the combat die forced after it), or a
 *                            marker id); $m / $M
 *                            in <cmd> are the actor's markers (bombardment).  The
 *                            die giving <res> on the CRT line <line> for the
 *                            differential (att + attacker's markers) - (def +
 *                            defender's markers) is read from the `crt <line>` query
 *                            and forced with `debug dice` before <cmd>.  <res> may
 *                            be <cell>=<applied> (a bombardment turns attacker
 *                            results into NE), or #<die> to force that die without
 *                            reading the table (markers drawn blind: their values
 *                            are not known before the reveal).  After `;` an
 *                            action sent when the support steps are over, before
 *                            the roll (the Lost Battalion decision, MA-18.1).
 *
 * Every face-down marker placed by a plan is checked to stay hidden from the
 * other player and the watcher until the reveal.
 */
#ifndef E2E_SCRIPT_H
#define E2E_SCRIPT_H

#include <stddef.h>

#include "e2e.h"

struct e2e_script {
	struct e2e_client *allied, *german, *watcher;
	/* 1 if a marker is regular for $m / $M (NULL: every marker). */
	int (*regular)(char side, const char *id, int value);
	/* 1 if a marker is played face up (not checked as hidden; NULL: none). */
	int (*face_up)(const char *id);
};

/* Runs the script's lines (cmocka failures on any mismatch). */
void e2e_script_run(const struct e2e_script *s, const char *const *lines, size_t n);

/* The reply text of a query or pending of c, without its events (asserts ok). */
const char *e2e_script_ask(struct e2e_client *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
