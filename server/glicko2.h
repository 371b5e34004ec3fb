/*
 * glicko2.h -- Glicko-2 ratings (Glickman, "Example of the Glicko-2 system",
 * glicko.net/glicko/glicko2.pdf), pure: no I/O, no clock, no globals.  The
 * server keeps one rating per user and scenario (ratings.c); docs/tournaments.md
 * has the constants and their sources.
 *
 * How the server uses it (as lichess does, lila RatingCalculator.scala):
 *
 *   a rated game ends
 *     each player's RD grows with the time since their last rated game:
 *       srv_g2_idle(r, srv_g2_periods(elapsed ms))   phi* = sqrt(phi^2 + t sigma^2)
 *     each player is updated against the other's rating from before the game,
 *     the game being its own rating period:
 *       srv_g2_update(r, {opponent, score, side advantage}, 1, tau)
 *
 * Scales: ratings are on the Glicko scale (1500 +- 173.7178 per unit of the
 * Glicko-2 scale mu).  RD never exceeds SRV_G2_RD_MAX (a new player's).
 */
#ifndef SRV_GLICKO2_H
#define SRV_GLICKO2_H

#include <stddef.h>
#include <stdint.h>

#define SRV_G2_SCALE    173.7178 /* 400 / ln 10: the Glicko-2 scale factor */
#define SRV_G2_INIT_R   1500.0   /* a new player (Glickman) */
#define SRV_G2_INIT_RD  350.0
#define SRV_G2_INIT_VOL 0.06
#define SRV_G2_RD_MAX   350.0
/* The system constant: Glickman says 0.3 to 1.2, smaller keeping volatility steady; 0.5 is
 * his example's (lichess uses 0.75).  docs/tournaments.md says why. */
#define SRV_G2_TAU 0.5
/* A rating is provisional while its RD is at least this (lichess Glicko.scala:
 * provisionalDeviation 110). */
#define SRV_G2_PROVISIONAL_RD 110.0
/* Rating periods per day of inactivity (lichess Glicko.scala ratingPeriodsPerDay: "a
 * typical player's RD goes from 60 to 110 in 1 year"): one period is 4.665 days. */
#define SRV_G2_PERIODS_PER_DAY 0.21436

struct srv_g2_rating {
	double r;   /* rating */
	double rd;  /* rating deviation */
	double vol; /* volatility sigma */
};

/* One game of the period, seen from the player being rated. */
struct srv_g2_game {
	double r, rd; /* the opponent's rating and RD before the game */
	double score; /* the player's result: 1 win, 0.5 draw, 0 loss */
	double adv;   /* the player's side advantage in rating points (0: none): added to the
	               * player's rating in the expected score only */
};

/* A new player: 1500, 350, 0.06. */
void srv_g2_init(struct srv_g2_rating *r);
/*
 * One rating period of n games (n >= 1) for *in with system constant tau: steps 2 to 8 of
 * Glickman's paper, the volatility by the Illinois iteration (tolerance 1e-6, at most 100
 * iterations).  *out may be in.  Returns 0, or -1 when n is 0 or a value is not finite.
 */
int srv_g2_update(const struct srv_g2_rating *in, const struct srv_g2_game *games, size_t n,
                  double tau, struct srv_g2_rating *out);
/* periods rating periods without games (step 6 only, t times): phi' = sqrt(phi^2 + t sigma^2),
 * RD at most SRV_G2_RD_MAX.  *out may be in. */
void srv_g2_idle(const struct srv_g2_rating *in, double periods, struct srv_g2_rating *out);
/* Rating periods in elapsed_ms of wall time (0 for a negative time). */
double srv_g2_periods(int64_t elapsed_ms);
/* 1 if the rating is provisional (RD >= SRV_G2_PROVISIONAL_RD). */
int srv_g2_provisional(const struct srv_g2_rating *r);
/* The expected score of a player rated (r, rd) against an opponent (r, rd) with side
 * advantage adv (rating points): Glickman's E with the opponent's g(phi). */
double srv_g2_expected(const struct srv_g2_rating *p, const struct srv_g2_rating *opp, double adv);
/*
 * Side 0's advantage in rating points estimated from a scenario's record: side 0 scored
 * p = (w0 + d/2 + 5) / (w0 + w1 + d + 10) (its results with ten imagined games split evenly,
 * so a few games say little), and A = 400 log10(p / (1 - p)), the rating difference at which
 * Glicko expects that score; |A| at most 400.  Side 1's advantage is -A.
 */
double srv_g2_side_advantage(long wins0, long wins1, long draws);

#endif
