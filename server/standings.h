/*
 * standings.h -- a tournament's standings and tiebreaks from its results,
 * pure: no I/O, no globals.  tourney-view.c feeds it the stored results and
 * lays the rows out as text and JSON; docs/tournaments.md has the definitions and
 * their sources.
 *
 * Points: a win 1, a draw 1/2, a loss 0; a bye 1; a forfeit 1 to the winner, 0
 * to the loser (0 to both for a double forfeit).  Everything is counted in
 * half-points.
 *
 * Unplayed rounds (a bye, a forfeit, a round a withdrawn player was not
 * paired) follow FIDE's rule before 2023, as the anchors quote it:
 *   - for a player's Buchholz and Sonneborn-Berger, an unplayed round counts
 *     as a game against a virtual opponent with Svon = SPR + (1 - SfPR) +
 *     0.5 (n - R) points (SPR: his points before round R, SfPR: what he got in
 *     round R, n: the rounds played so far);
 *   - an opponent's score counts his own unplayed rounds as draws.
 *
 * Tiebreaks, in order (after points): Buchholz (the sum of the opponents'
 * scores), median Buchholz (without the highest and the lowest of them, with
 * three rounds or more), Sonneborn-Berger (the scores of the opponents beaten,
 * half those drawn with; a forfeit lost gives nothing), head-to-head (the
 * points scored in games among the players still tied), and last the pairing
 * number.  Every tiebreak is kept in quarter-points (integers: no rounding).
 */
#ifndef SRV_STANDINGS_H
#define SRV_STANDINGS_H

#include <stddef.h>

/* One round's result for a pair (b = -1: a's bye). */
struct srv_stand_game {
	int round;  /* 1-based */
	int a, b;   /* player indices 0..n-1; b -1 for a bye */
	int ha, hb; /* half-points of a and b: 2 win, 1 draw, 0 loss (both 0: double forfeit) */
	int played; /* 1 over the board (any way the game ended); 0 a forfeit without play, a bye */
};

/* What a player did in one round (for the crosstable). */
enum srv_stand_kind {
	SRV_STAND_ABSENT = 0, /* not paired (withdrawn, or the round is not played yet) */
	SRV_STAND_PLAYED = 1,
	SRV_STAND_FORFEIT = 2, /* won or lost by forfeit */
	SRV_STAND_BYE = 3,
};

struct srv_stand_row {
	int player;           /* index 0..n-1 */
	int points;           /* half-points */
	int bh, mbh, sb, h2h; /* quarter-points */
	int rank;             /* 1-based place in the standings (no two alike) */
};

/*
 * Computes the standings of n players (pnum[i]: player i's pairing number, the last tiebreak)
 * over the ng results of rounds 1..rounds.  rows (n entries, caller's) come out in standing
 * order.  Returns 0, or -1 for bad input (an index or round out of range) or no memory.
 */
int srv_stand_compute(int n, const int *pnum, const struct srv_stand_game *games, size_t ng,
                      int rounds, struct srv_stand_row *rows);

/* Player p's round r (1-based) in *kind, *opp (index or -1), *half (his half-points). */
void srv_stand_round_of(const struct srv_stand_game *games, size_t ng, int p, int r, int *kind,
                        int *opp, int *half);

/* "12", "12.5", "12.25", "12.75" for quarter-points q into buf; returns buf. */
char *srv_stand_quarters(int q, char *buf, size_t size);

#endif
