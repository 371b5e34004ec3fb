/*
 * clock.h -- the games' clocks on the server: each game's time control and
 * both sides' clocks, charged only while `pending` awaits that side (both in
 * a simultaneous decision) and its player is not on vacation; timeouts as
 * host actions; reminders before deadlines; the users' vacation banks;
 * recovery after a restart without charging the time the server was down.
 * docs/clocks.md has the rules and their sources; timectl.h the arithmetic.
 *
 * The rules engines know nothing of this: a clock is the server's, and its
 * only way into a game is the TIMEOUT host action (host.c), recorded and
 * replayed like any other.
 *
 * Time: every clock reads srv_clock_now(), the server's wall clock in ms
 * (s->wall_ms): real time, or with --allow-debug --debug-clock a fake time
 * that moves only by `debug clock`; unit tests may set s->wall_ms.
 *
 * State of one side's clock, as stored (db_clock, written in the same
 * transaction as the step that changed it):
 *
 *   left at since, running
 *     running: charged srv_tc_charge(since, now) -- weekends left out if they pause
 *     an action of the side: charged, then srv_tc_after_action (days: reset)
 *     pending changes / vacation on or off: charged, then running re-decided
 *     charged to <= 0: TIMEOUT host action (the engine may go on: the side
 *       then starts again as after an action)
 *
 * Durability across restarts: the server writes its last sign of life
 * ("alive", at most every SRV_CLOCK_ALIVE_MS and at shutdown); on start a
 * running clock is charged up to that instant only and resumes at the start:
 * the time the server was down is not charged (at most SRV_CLOCK_ALIVE_MS
 * of a crash is lost to nobody).
 */
#ifndef SRV_CLOCK_H
#define SRV_CLOCK_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "db/store.h"
#include "rules/core/ruleset.h"

#include "timectl.h"

struct srv;
struct srv_game;

#define SRV_CLOCK_ALIVE_MS (60 * SRV_TC_SECOND)

/* One game's clocks (kind SRV_TC_NONE: the game has none and nothing is stored). */
struct srv_gclock {
	struct srv_tc tc;
	int64_t left[2];
	int running[2];
	unsigned reminded[2];
	int64_t since;
	int refused[2]; /* the engine refused this side's timeout: not retried until it acts */
	int64_t paused_until; /* an agreed pause stops both clocks until then (ms); 0: none */
	int paused_by;        /* the side that asked for it */
	int pause_ended;      /* the asker acted: the pause ended in the step (not yet told) */
};

/* The clocks' wall time in ms. */
int64_t srv_clock_now(struct srv *s);

/* g's new clock: tc, both sides at the initial bank, nothing running; stored when tc is not
 * none.  0 or a WG_E_* code. */
int srv_clock_create(struct srv *s, struct srv_game *g, const struct srv_tc *tc);
/*
 * The clock after an accepted step of g whose row is now `row` (status and seats): running
 * sides charged up to now, side `credit` (or -1) credited for an action (played: a player's
 * action -- the player's vacation bank grows), running re-decided.  Fills *out and returns
 * 1 when g has a clock, 0 when it has none.
 */
int srv_clock_step(struct srv *s, struct srv_game *g, const struct db_game *row, int credit,
                   int played, struct db_clock *out);
/* Charges g's clocks now and re-decides which run (a vacation began or ended); writes them
 * in the batch.  0 or a WG_E_* code. */
int srv_clock_checkpoint(struct srv *s, struct srv_game *g);
/* Reads g's clock from the store again (after a failed write). */
void srv_clock_reload(struct srv *s, struct srv_game *g);
/* At start-up, after the games are recovered: every stored clock into its game, the running
 * ones charged up to the server's last sign of life and resumed now; vacation banks loaded. */
void srv_clocks_recover(struct srv *s);
/* Frees the vacation banks. */
void srv_clocks_release(struct srv *s);

/* Timeouts, reminders, vacations that ran out, the sign of life: once a second, and when
 * the debug clock moves. */
void srv_clocks_tick(struct srv *s);
/* Times g out now if a running clock of it has run out (before a player's action). */
void srv_clock_check_game(struct srv *s, struct srv_game *g);

/* What side has left now (charged when running). */
int64_t srv_clock_left(struct srv *s, const struct srv_game *g, int side);
/* When side's running clock runs out, or 0 when it does not run. */
int64_t srv_clock_deadline(struct srv *s, const struct srv_game *g, int side);
/* The soonest deadline of user's running clocks in g, or 0. */
int64_t srv_clock_user_deadline(struct srv *s, const struct srv_game *g, int64_t user);
/* "2026-12-04 12:00 UTC" for a time in ms; returns buf. */
char *srv_clock_format_time(int64_t ms, char *buf, size_t size);
/* The game's clock for view and games: data["clock"] (spec and per side: left, running,
 * deadline), and a line for people in line (size bytes; "" when the game has none). */
void srv_clock_describe(struct srv *s, const struct srv_game *g, cJSON *data, char *line,
                        size_t size);

/*
 * Pauses (docs/clocks.md, "Pauses"): an agreed pause (the PAUSE host action, host.c)
 * stops both clocks of a game for its hours; it ends at its end (srv_clock_check_game: the
 * clocks run again from that instant) or earlier when the side that asked for it makes an
 * action of the game (srv_clock_step); either end is told and logged as an event of no
 * action (`pause-over`).  The pause is stored with the clock, so it outlives a restart.
 */
/* Whether g may be paused now: 0, or a WG_E_* code with err (no clock; a pause runs). */
int srv_clock_pause_check(struct srv *s, const struct srv_game *g, struct rules_error *err);
/* Starts the pause side asked for (hours): the clocks charged up to now; the step that
 * records the PAUSE host action then stops them and writes the clock. */
void srv_clock_pause(struct srv *s, struct srv_game *g, int side, int64_t hours);
/* Tells and logs that the pause of g ended in the step just published, if it did. */
void srv_clock_pause_notice(struct srv *s, struct srv_game *g);

/* moretime: the player of side `giver` gives the other side ms more.  0, or a WG_E_* code
 * with err (no clock, not running, storage). */
int srv_clock_moretime(struct srv *s, struct srv_game *g, int giver, int64_t ms,
                       struct rules_error *err);

/* The vacation bank of user (loaded or new; never NULL unless out of memory). */
struct srv_vac *srv_vacation_of(struct srv *s, int64_t user);
/* 1 if user is on vacation now. */
int srv_vacation_on(struct srv *s, int64_t user);
/* Starts (on 1) or ends (on 0) user's vacation: the bank stored, every correspondence game
 * of user that allows vacations checkpointed and told.  0, or a WG_E_* code with err. */
int srv_vacation_set(struct srv *s, int64_t user, const char *name, int on,
                     struct rules_error *err);

#endif
