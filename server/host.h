/*
 * host.h -- the action pipeline: creating a game, seating a player, a
 * player's action and a host action (resignation, timeout, draw,
 * adjudication, forfeit), for any caller -- a connection's command, a clock,
 * a tournament director -- with no connection or request needed.
 *
 *   srv_host_act / srv_host_action / srv_host_seat
 *     check the actor (seated, game running, v= and d= not stale)
 *     rules_match_apply / rules_match_host ----refused----> err (nothing changed)
 *          | accepted
 *          v
 *     one db_step_stage: action + dice, events, game row, seen marks, snapshot
 *          |                      \---- storage failed: the game is rebuilt
 *          v                            from the store, err storage
 *     outcome: the reply for the actor, the new version, the events
 *          |
 *     (the caller answers the actor: its `ok` goes out after the batch commit)
 *          v
 *     srv_host_publish: events to their audiences, game-over or your-turn
 *
 * The step is staged in the loop iteration's batch; server.c commits the
 * batch once per iteration and only then writes anybody's output, so every
 * `ok` and every event follows the commit of what it reports.
 */
#ifndef SRV_HOST_H
#define SRV_HOST_H

#include <stdint.h>

#include <cjson/cJSON.h>

#include "rules/core/catalog.h"
#include "rules/core/ruleset.h"

#include "timectl.h"

struct srv;
struct srv_game;

/* Who acts: a seated user, or the system (user 0, side RULES_SYSTEM). */
struct srv_actor {
	int64_t user;
	const char *name;  /* the user's name, for results and logs ("" for the system) */
	unsigned long via; /* the connection id for logs, 0 */
	int64_t version;   /* v=<n> the actor saw, or -1 */
	int64_t decision;  /* d=<n> the actor saw, or -1 */
};

/* What an accepted step gives back. */
struct srv_outcome {
	cJSON *reply;      /* for the actor: summary, lines, v; owned */
	int64_t version;   /* the game's version after the step */
	uint32_t decision; /* the actor's decision counter after the step */
	struct rules_events ev;
	struct rules_pending before; /* pending before the step (your-turn notices) */
	int started;                 /* the step started the game (join) */
	int ended;                   /* the step ended the game */
};

/* An empty outcome (srv_outcome_release frees it; publishing releases it too). */
void srv_outcome_init(struct srv_outcome *out);
void srv_outcome_release(struct srv_outcome *out);

/*
 * Creates a game of entry with the creator seated on side (-1: random); opts are the
 * players' options (options_text as typed, stored); tc its time control (NULL: none; stored
 * with the game).  *out is the new game.
 */
int srv_host_create(struct srv *s, const struct rules_catalog_entry *entry,
                    const struct srv_actor *creator, int side, int private_game,
                    const struct rules_options *opts, const char *options_text,
                    const struct srv_tc *tc, struct srv_game **out, struct rules_error *err);
/* Seats the actor on side (-1: the free one); when both seats are filled the game starts
 * (the START host action, action 1). */
int srv_host_seat(struct srv *s, struct srv_game *g, const struct srv_actor *who, int side,
                  struct srv_outcome *out, struct rules_error *err);
/* A player's action: verb (looked up by the caller, or NULL) with argv. */
int srv_host_act(struct srv *s, struct srv_game *g, const struct srv_actor *who,
                 const struct rules_verb *verb, int argc, char **argv, struct srv_outcome *out,
                 struct rules_error *err);
/* A host action (RESIGN, TIMEOUT, DRAW, ADJUDICATE, FORFEIT, PAUSE, TAKEBACK) by who (a
 * seated user for a resignation; the system for the others).  PAUSE also stops g's clocks
 * for a->arg hours (clock.h); TAKEBACK undoes a->side's last action and what followed it
 * (a->arg: the version of that action as the players agreed on it, or 0), refused with the
 * barrier's reason (rules/core/match.h, "Takebacks"). */
int srv_host_action(struct srv *s, struct srv_game *g, const struct srv_actor *who,
                    const struct rules_host_action *a, struct srv_outcome *out,
                    struct rules_error *err);
/* Fans the step's events out, then game-over or your-turn notices; releases out. */
void srv_host_publish(struct srv *s, struct srv_game *g, struct srv_outcome *out);

/* The system as an actor. */
extern const struct srv_actor srv_system_actor;

#endif
