/*
 * replay.h -- checking a game's record (`export`, docs/records.md) apart from
 * the server that wrote it: `wargamed replay FILE`.
 *
 * A record is checked against the scenario of the data directory with the
 * same digest, and replayed action by action from its seed with the rules
 * engine of this build (rules/core/match.c, as recovery does): the seed must
 * match its commitment, every die the replay rolls must be the one the
 * record holds (and none may be a debug-forced die), every action must give
 * exactly the events recorded for it (type, members, audience), the actions
 * a takeback undid are replayed apart on a copy of the game before they
 * happened (checked the same way, then left out as the server left them
 * out), and the replay must end with the recorded result.  The verdict names
 * the first difference.
 *
 * What a record may come as (srv_replay_read): the JSON document itself; the
 * JSON-mode reply line of `export` ({"ok":true,"data":{...}}); or a capture
 * of a text-mode session (telnet, the client's pipe mode) holding the data
 * lines of the `export` reply, which are joined again.
 */
#ifndef SRV_REPLAY_H
#define SRV_REPLAY_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "rules/core/catalog.h"
#include "rules/core/ruleset.h"

#define SRV_RECORD_KIND   "wargamed-game" /* the record's "record" member */
#define SRV_RECORD_FORMAT 1               /* its "format" */

struct srv_replay_verdict {
	int ok;
	char what[900]; /* the first difference, or "" */
	char game[200]; /* "game 12 (race, sha256 4f3a1c2b5e6d...)" */
	long actions, undone, events, notes, dice;
	char result[300]; /* the result the replay reached */
};

/*
 * The record in text (len bytes) as a JSON document, in any of the forms above; NULL with
 * err filled when there is none.  The caller deletes it.
 */
cJSON *srv_replay_read(const char *text, size_t len, char *err, size_t n);
/* Checks record rec against the scenarios of cat; fills v (v->ok 1: it replays exactly). */
void srv_replay_check(const struct rules_catalog *cat, const cJSON *rec,
                      struct srv_replay_verdict *v);
/* `wargamed replay FILE [--data-dir DIR] [--scenarios DIR] [--config FILE]`: prints the
 * verdict; exits 0 (it replays exactly), 1 (it does not, or cannot be read), 2 (usage). */
int srv_replay_main(int argc, char **argv, const struct ruleset *const *rulesets);

#endif
