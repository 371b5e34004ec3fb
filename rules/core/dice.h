/*
 * dice.h -- a game's dice stream: seeded, deterministic, verifiable.
 *
 * Every random number a rules engine uses (die rolls, random marker draws)
 * comes from the game's struct rules_dice.  The stream is xoshiro256** whose
 * 256-bit state is the game's 32-byte seed read as four little-endian 64-bit
 * words (an all-zero seed is replaced by the splitmix64 expansion of 0).  A
 * roll of an n-sided die draws 64-bit outputs x until x >= (2^64 mod n) and
 * returns 1 + x mod n, so every face is exactly equally likely.  At creation
 * the server publishes SHA-256(seed); at the end it reveals the seed and
 * anyone can replay the stream (docs/protocol.md, `verify`).
 *
 * Debug queue: `debug dice 6 1 3` (server --allow-debug) queues forced
 * results.  A roll takes the next queued value first (folded into 1..n as
 * 1 + (v-1) mod n) without touching the PRNG, and is marked forced in the
 * roll log.  Replay re-queues the forced values recorded with each action,
 * so a replayed game consumes exactly the same numbers.
 *
 * Roll log: every roll appends {sides, value, forced} to the log; the host
 * clears it before an action and stores it with the action afterwards.  The
 * log grows as needed (a dice-pool battle may roll hundreds of dice in one
 * action); when it cannot grow, the roll is still made and `failed` is set,
 * and the match refuses the action (nothing is ever silently left out).
 *
 * Copying the struct copies the stream but shares the log storage: the host
 * saves a copy before apply() and, when the action is refused, puts the
 * stream back with rules_dice_rewind (which keeps the current log storage).
 * rules_dice_release frees the log.
 */
#ifndef RULES_DICE_H
#define RULES_DICE_H

#include <stddef.h>
#include <stdint.h>

#define RULES_DICE_QUEUE_MAX 64

struct rules_roll {
	uint16_t sides;
	uint16_t value;
	uint8_t forced;
};

struct rules_dice {
	uint64_t s[4];
	uint64_t draws; /* 64-bit outputs consumed since seeding */
	size_t nqueued;
	uint16_t queued[RULES_DICE_QUEUE_MAX];
	size_t nlog, caplog;
	struct rules_roll *log; /* malloc'd, grows; see above */
	int failed;             /* a roll since the last clear could not be logged */
};

/* Seeds a new stream (d holds no log yet): clears the queue, the log is empty. */
void rules_dice_seed(struct rules_dice *d, const uint8_t seed[32]);
/* Seeds the stream of a dice that is in use again (a test's own seed), keeping its log
 * storage; clears the queue and empties the log. */
void rules_dice_reseed(struct rules_dice *d, const uint8_t seed[32]);
/* Frees the log; d may be seeded again. */
void rules_dice_release(struct rules_dice *d);
/* Puts the stream and queue of saved (an earlier copy of d) back into d, keeping d's log
 * storage, and empties the log. */
void rules_dice_rewind(struct rules_dice *d, const struct rules_dice *saved);
/* One roll of a sides-sided die (sides >= 1): 1..sides. */
int rules_dice_roll(struct rules_dice *d, int sides);
/* A uniform choice among n things (n >= 1): 0..n-1 (a roll of an n-sided die, minus one). */
int rules_dice_pick(struct rules_dice *d, int n);
/* Appends a forced value to the queue; returns 0 or -1 when the queue is full or v < 1. */
int rules_dice_force(struct rules_dice *d, int v);
/* Empties the roll log (not the queue) and clears failed. */
void rules_dice_clear_log(struct rules_dice *d);
/* The next raw 64-bit output of the PRNG (advances draws). For verification tools. */
uint64_t rules_dice_next64(struct rules_dice *d);

#endif
