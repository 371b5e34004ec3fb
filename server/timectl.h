/*
 * timectl.h -- the arithmetic of time controls and of the vacation bank:
 * parsing and printing a clock spec, what a side's clock is charged between
 * two instants (weekends left out when they pause), when a bank runs out,
 * what an action gives back, which reminders are due, and how a vacation
 * bank grows and is drawn.  docs/clocks.md says where every number comes
 * from.
 *
 * Pure: no I/O, no clock, no globals.  Every time is a caller's Unix time
 * in milliseconds (UTC); every duration is milliseconds.
 *
 * The kinds of clock (docs/clocks.md):
 *   none                     no clock (the default)
 *   live:<min>+<sec>         a chess clock: a bank of <min> minutes, <sec>
 *                            seconds added after each of the side's actions
 *   days:<n>                 correspondence: each awaited decision within n
 *                            days; each of the side's actions resets it
 *   fischer:<h>+<h>/<cap h>  correspondence bank: <h> hours, +<h> after each
 *                            action, the increment capped at <cap> hours
 * with the flags weekends=pause (correspondence only: Saturday 00:00 to
 * Monday 00:00 UTC is not charged) and vacation=no (a vacation does not
 * stop this game's clocks: tournaments).
 */
#ifndef SRV_TIMECTL_H
#define SRV_TIMECTL_H

#include <stddef.h>
#include <stdint.h>

#define SRV_TC_SECOND ((int64_t)1000)
#define SRV_TC_MINUTE (60 * SRV_TC_SECOND)
#define SRV_TC_HOUR   (60 * SRV_TC_MINUTE)
#define SRV_TC_DAY    (24 * SRV_TC_HOUR)

/* The canonical spec's longest text ("fischer:720+720/720 weekends=pause vacation=no"). */
#define SRV_TC_SPEC_MAX 64

enum srv_tc_kind { SRV_TC_NONE = 0, SRV_TC_LIVE, SRV_TC_DAYS, SRV_TC_FISCHER };

struct srv_tc {
	enum srv_tc_kind kind;
	int64_t base;    /* the bank at the start (days: the allowance per decision) */
	int64_t inc;     /* added after each action (live, fischer) */
	int64_t cap;     /* fischer: an increment never takes the bank above it */
	int weekends;    /* 1: weekends pause (correspondence only) */
	int no_vacation; /* 1: vacations do not stop this game's clocks */
};

/*
 * Parses one token of a spec into tc: "none", "live:5+3", "days:3",
 * "fischer:72+12/120", "weekends=pause" or "weekends=count", "vacation=no" or
 * "vacation=yes".  Returns 0, or -1 with a sentence in err (errsize bytes)
 * that says what is wrong and what is expected.
 */
int srv_tc_parse_token(struct srv_tc *tc, const char *token, char *err, size_t errsize);
/* Parses a whole spec (tokens separated by spaces; "" is none) and checks the flags fit
 * the kind (weekends=pause needs a correspondence clock).  0 or -1 with err. */
int srv_tc_parse(struct srv_tc *tc, const char *spec, char *err, size_t errsize);
/* The canonical spec of tc ("none", "days:3 weekends=pause"); returns buf. */
char *srv_tc_format(const struct srv_tc *tc, char *buf, size_t size);
/* 1 for the correspondence kinds (days, fischer). */
int srv_tc_correspondence(const struct srv_tc *tc);

/* The bank of a side at the start. */
int64_t srv_tc_initial(const struct srv_tc *tc);
/* The bank after one of the side's actions, from what it had left (days: the allowance
 * again; live: + the increment; fischer: + the increment, but never above the cap unless
 * it was above the cap already). */
int64_t srv_tc_after_action(const struct srv_tc *tc, int64_t left);
/* What a running clock is charged from `from` to `to` (0 when to <= from): the elapsed time,
 * less the weekend time in between when weekends pause. */
int64_t srv_tc_charge(const struct srv_tc *tc, int64_t from, int64_t to);
/* The instant a clock running from `from` with `left` runs out (from + left when no weekend
 * pauses it; left <= 0: from). */
int64_t srv_tc_deadline(const struct srv_tc *tc, int64_t from, int64_t left);

/* Weekend time (Saturday 00:00 to Monday 00:00 UTC) between from and to. */
int64_t srv_tc_weekend_overlap(int64_t from, int64_t to);

/* The reminders before a deadline, most distant first (24 h, 8 h, 1 h); bit i of a side's
 * reminded mask stands for srv_tc_reminders[i]. */
#define SRV_TC_NREMIND 3
extern const int64_t srv_tc_reminders[SRV_TC_NREMIND];
extern const char *const srv_tc_reminder_names[SRV_TC_NREMIND];
/* The mask of reminders that are not to be sent for a clock that now has `left`: those at or
 * beyond it (a decision that begins with 5 h left gets no "in 8h"). */
unsigned srv_tc_reminded_for(int64_t left);
/* The reminder due for a clock with `left` remaining and mask reminded: its index, or -1.
 * Only the nearest threshold crossed is due; *mask receives the mask after sending it
 * (every threshold at or beyond left). */
int srv_tc_reminder_due(int64_t left, unsigned reminded, unsigned *mask);

/* "3d 4h", "8h 12m", "4m 05s", "0s" for a duration (negative: "0s"); returns buf. */
char *srv_tc_duration(int64_t ms, char *buf, size_t size);

/*
 * The vacation bank (docs/clocks.md, from OGS): a new account starts with
 * SRV_VAC_START; every day of play adds an eighth of a day (credited at the
 * user's actions in correspondence games, for the time since the previous
 * credit), up to SRV_VAC_CAP.  While a vacation is on, the bank is drawn by
 * the time it lasts.
 */
#define SRV_VAC_START (20 * SRV_TC_DAY)
#define SRV_VAC_CAP   (30 * SRV_TC_DAY)
#define SRV_VAC_RATE  8 /* days of play per day of vacation */

struct srv_vac {
	int64_t bank;     /* at credited (or at on_since while on) */
	int64_t credited; /* the last credit, 0: never (the next play starts the accrual) */
	int64_t on_since; /* the vacation's start, 0: not on vacation */
};

/* A new account's bank. */
void srv_vac_init(struct srv_vac *v);
/* What the bank holds at now (drawn down while on, never below 0). */
int64_t srv_vac_left(const struct srv_vac *v, int64_t now);
/* The user played at now: the bank gains the eighth of the time since the previous credit
 * (nothing while on vacation, nothing at the first play), capped. */
void srv_vac_credit(struct srv_vac *v, int64_t now);
/* Starts a vacation at now; -1 when the bank is empty or one is on already. */
int srv_vac_start(struct srv_vac *v, int64_t now);
/* Ends the vacation at now (the bank keeps what is left; accrual starts again at now). */
void srv_vac_stop(struct srv_vac *v, int64_t now);
/* The instant an ongoing vacation empties the bank (0: not on). */
int64_t srv_vac_ends(const struct srv_vac *v);

#endif
