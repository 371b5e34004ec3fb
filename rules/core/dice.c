/*
 * dice.c -- xoshiro256** dice stream with a forced-value queue and a roll log.
 * See dice.h for the algorithm, which docs/protocol.md also documents for
 * independent verifiers.
 */
#include "dice.h"

#include <stdlib.h>
#include <string.h>

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void rules_dice_seed(struct rules_dice *d, const uint8_t seed[32])
{
	memset(d, 0, sizeof(*d));
	for (int w = 0; w < 4; w++) {
		uint64_t v = 0;
		for (int b = 7; b >= 0; b--)
			v = (v << 8) | seed[w * 8 + b];
		d->s[w] = v;
	}
	if ((d->s[0] | d->s[1] | d->s[2] | d->s[3]) == 0) {
		uint64_t x = 0;
		for (int w = 0; w < 4; w++)
			d->s[w] = splitmix64(&x);
	}
}

uint64_t rules_dice_next64(struct rules_dice *d)
{
	uint64_t *s = d->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	d->draws++;
	return result;
}

static void log_roll(struct rules_dice *d, int sides, int value, int forced)
{
	if (d->nlog == d->caplog) {
		size_t ncap = d->caplog ? 2 * d->caplog : 16;
		struct rules_roll *n = realloc(d->log, ncap * sizeof(*n));
		if (n == NULL) {
			d->failed = 1;
			return;
		}
		d->log = n;
		d->caplog = ncap;
	}
	d->log[d->nlog].sides = (uint16_t)sides;
	d->log[d->nlog].value = (uint16_t)value;
	d->log[d->nlog].forced = (uint8_t)forced;
	d->nlog++;
}

int rules_dice_roll(struct rules_dice *d, int sides)
{
	int value;

	if (sides < 1)
		sides = 1;
	if (d->nqueued > 0) {
		value = 1 + (d->queued[0] - 1) % sides;
		memmove(d->queued, d->queued + 1, (d->nqueued - 1) * sizeof(d->queued[0]));
		d->nqueued--;
		log_roll(d, sides, value, 1);
		return value;
	}
	uint64_t n = (uint64_t)sides;
	uint64_t threshold = (0 - n) % n; /* 2^64 mod n */
	uint64_t x;
	do
		x = rules_dice_next64(d);
	while (x < threshold);
	value = (int)(1 + x % n);
	log_roll(d, sides, value, 0);
	return value;
}

int rules_dice_pick(struct rules_dice *d, int n)
{
	return rules_dice_roll(d, n) - 1;
}

int rules_dice_force(struct rules_dice *d, int v)
{
	if (v < 1 || v > 65535 || d->nqueued >= RULES_DICE_QUEUE_MAX)
		return -1;
	d->queued[d->nqueued++] = (uint16_t)v;
	return 0;
}

void rules_dice_clear_log(struct rules_dice *d)
{
	d->nlog = 0;
	d->failed = 0;
}

void rules_dice_reseed(struct rules_dice *d, const uint8_t seed[32])
{
	struct rules_roll *log = d->log;
	size_t cap = d->caplog;

	rules_dice_seed(d, seed);
	d->log = log;
	d->caplog = cap;
}

void rules_dice_release(struct rules_dice *d)
{
	free(d->log);
	d->log = NULL;
	d->nlog = d->caplog = 0;
}

void rules_dice_rewind(struct rules_dice *d, const struct rules_dice *saved)
{
	struct rules_roll *log = d->log;
	size_t cap = d->caplog;

	*d = *saved;
	d->log = log;
	d->caplog = cap;
	d->nlog = 0;
	d->failed = 0;
}
