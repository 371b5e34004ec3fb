/*
 * pairing.h -- the pairing systems of tournaments, pure and deterministic: no
 * I/O, no clock, no globals; the same input (and seed) gives the same boards.
 * tourney-rounds.c feeds them from the store; docs/tournaments.md has the rules and
 * their sources.
 *
 *   round robin   srv_pair_berger: FIDE's Berger tables (C.05 Annex 1); odd
 *                 fields: the missing highest number is a bye each round
 *   double RR     srv_pair_double: the first cycle with its last two rounds
 *                 swapped, then the Berger rounds again with sides reversed
 *                 (each pair plays once on each side)
 *   Swiss         srv_pair_swiss: score groups, no rematch, one bye at most per
 *                 player to the lowest-ranked who can take it, sides balanced
 *   knockout      srv_pair_bracket (seeded placement, byes to the top seeds)
 *                 and srv_pair_match_winner (two games, sides swapped, then
 *                 deciders)
 *
 * Sides: a board's p0 plays side 0 and p1 side 1 (for chess: white, black).
 *
 * The Swiss, as one optimisation: the pairing is a maximum-cardinality matching
 * of maximum weight (matching.h) over the pairs that have not met, each pair
 * weighed by these priorities, each worth more than all the lower ones of every
 * board together:
 *
 *   1. nobody plays a side a third time in a row (played games only)
 *   2. every side difference (games on side 0 minus side 1) stays within +-1
 *   3. score groups: the sum of squared score differences of the pairs is least
 *   4. players get the side they prefer (the one they had less, else the other
 *      than last time)
 *   5. within a score group the top half meets the bottom half in order (1 v
 *      k/2+1, ...), a player who floats down is the lowest of his group and
 *      meets the highest of the next
 *
 * With an odd number the bye goes to the lowest-ranked player (least points,
 * then highest pairing number) who had none and without whom the others can be
 * paired with priority 1 kept; when nobody allows that, to the lowest who
 * allows any pairing (priority 1 is then broken and reported).  No rematch is
 * absolute: when no pairing without one exists, there is no round.
 */
#ifndef SRV_PAIRING_H
#define SRV_PAIRING_H

#include <stddef.h>
#include <stdint.h>

/* One game of a round: p0 plays side 0, p1 side 1; p1 0 (Berger) or -1 (Swiss): p0's bye. */
struct srv_pair_board {
	int p0, p1;
};

/* Round robin rounds of n players: n - 1 for even n, n for odd n (0 for n < 2). */
int srv_pair_rr_rounds(int n);
/*
 * Round `round` (1-based) of the Berger table of n players (pairing numbers 1..n, 2 <= n <=
 * 1000) into out (at least (n + 1) / 2 boards): the games in the table's order, then the bye
 * (p1 = 0) for odd n.  Returns the number of boards, or -1 for a round or n out of range.
 */
int srv_pair_berger(int n, int round, struct srv_pair_board *out);
/* Round `round` of a double round robin (2 * srv_pair_rr_rounds(n) rounds), as
 * srv_pair_berger. */
int srv_pair_double(int n, int round, struct srv_pair_board *out);

/* A Swiss player as the pairing sees him. */
struct srv_pair_player {
	int id;                   /* the caller's id (>= 0), returned in the boards */
	int pnum;                 /* pairing number: 1 the best rated; distinct */
	int score;                /* half-points (a win 2, a draw 1, a bye 2) */
	const signed char *sides; /* sides of the games he played, in order (0 or 1) */
	int nsides;
	const int *met; /* ids of everyone he was paired with (forfeits too) */
	int nmet;
	int had_bye; /* 1 once he had a pairing-allocated bye */
};

#define SRV_PAIR_MAX_PLAYERS 256

/*
 * The most Swiss rounds the server plays with n players: (n + 1) / 2 (3 from 5 players; at
 * most SRV_PAIR_MAX_ROUNDS).  Up to n / 2 rounds, everyone still has at least half the field left
 * to meet, so a pairing without a rematch always exists (Dirac's theorem); beyond about that
 * small fields run out of pairings (a Swiss of 6 players can be stuck in round 4) or must
 * give a side a third time in a row -- a round robin is the format for those.
 */
int srv_pair_swiss_max_rounds(int n);
#define SRV_PAIR_MAX_ROUNDS 64

/* What the Swiss had to give up (srv_pair_swiss_out.relaxed). */
#define SRV_PAIR_RELAXED_THREE   0x1u /* someone plays a side a third time in a row */
#define SRV_PAIR_RELAXED_BALANCE 0x2u /* someone's side difference leaves +-1 */

struct srv_pair_swiss_out {
	struct srv_pair_board boards[SRV_PAIR_MAX_PLAYERS / 2];
	int nboards; /* games, best scores first */
	int bye;     /* the id of the player with the bye, or -1 */
	unsigned relaxed;
};

/*
 * Pairs round `round` (1-based) of a Swiss among n players (2 <= n <= SRV_PAIR_MAX_PLAYERS).
 * seed decides what nothing else does (the sides of round 1, alternating down the boards from
 * a coin; later a side both players have equal claim to).  sides_free: sides are not the
 * pairing's (bids decide them): priorities 1, 2 and 4 are left out and p0 is the higher
 * ranked.  Returns 0, -1 when no pairing without a rematch exists (with a bye if odd), -2 for
 * bad input or no memory.
 */
int srv_pair_swiss(const struct srv_pair_player *players, int n, int round, uint64_t seed,
                   int sides_free, struct srv_pair_swiss_out *out);

/*
 * The seeded bracket of n entrants (1 <= n <= cap): the next power of two P of slots, slot i
 * holding a seed 1..n or 0 (a bye), the standard placement (1v8, 4v5, 2v7, 3v6 for eight),
 * so the byes go to the top seeds.  Returns P, or -1 when P > cap.
 */
int srv_pair_bracket(int n, int *slots, int cap);

/* Legs of a knockout match at most: two games, then up to three deciders. */
#define SRV_PAIR_MATCH_LEGS 5
/*
 * A knockout match after nlegs finished legs: h0[i], h1[i] the half-points of p0 and p1 in
 * leg i (2 win, 1 draw, 0 loss or forfeit).  Both games are always played; a match level
 * after them goes on with a deciding game while the deciders are drawn, up to
 * SRV_PAIR_MATCH_LEGS legs, after which the higher seed (the lower seed number) goes through.
 * Returns 0 or 1 (the winner), or -1 when another leg is due.
 */
int srv_pair_match_winner(const int *h0, const int *h1, int nlegs, int seed0, int seed1);

/* A 64-bit mix of a and b (splitmix64): the deterministic coins of the pairings. */
uint64_t srv_pair_mix(uint64_t a, uint64_t b);

#endif
