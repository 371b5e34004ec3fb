/*
 * hist.c -- latency histogram (see hist.h).
 */
#include "hist.h"

#include <math.h>
#include <string.h>

/* Bucket of a value. */
static unsigned bucket_of(uint64_t v)
{
	unsigned e, idx;

	if (v < BENCH_HIST_LINEAR)
		return (unsigned)v;
	e = 63u - (unsigned)__builtin_clzll(v); /* floor(log2 v) >= 7 */
	if (e > 40)
		return BENCH_HIST_BUCKETS - 1;
	idx = BENCH_HIST_LINEAR + (e - 7) * BENCH_HIST_SUB +
	      (unsigned)((v >> (e - 6)) - BENCH_HIST_SUB);
	return idx < BENCH_HIST_BUCKETS ? idx : BENCH_HIST_BUCKETS - 1;
}

/* The largest value that falls into bucket idx. */
static uint64_t bucket_top(unsigned idx)
{
	unsigned e, m;

	if (idx < BENCH_HIST_LINEAR)
		return idx;
	e = (idx - BENCH_HIST_LINEAR) / BENCH_HIST_SUB + 7;
	m = (idx - BENCH_HIST_LINEAR) % BENCH_HIST_SUB + BENCH_HIST_SUB;
	return (((uint64_t)m + 1) << (e - 6)) - 1;
}

void bench_hist_init(struct bench_hist *h)
{
	memset(h, 0, sizeof(*h));
}

void bench_hist_add(struct bench_hist *h, uint64_t us)
{
	h->counts[bucket_of(us)]++;
	if (h->n == 0 || us < h->min)
		h->min = us;
	if (us > h->max)
		h->max = us;
	h->n++;
	h->sum += (double)us;
}

void bench_hist_merge(struct bench_hist *dst, const struct bench_hist *src)
{
	unsigned i;

	if (src->n == 0)
		return;
	for (i = 0; i < BENCH_HIST_BUCKETS; i++)
		dst->counts[i] += src->counts[i];
	if (dst->n == 0 || src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
	dst->n += src->n;
	dst->sum += src->sum;
}

uint64_t bench_hist_percentile(const struct bench_hist *h, double p)
{
	uint64_t target, seen = 0, top;
	unsigned i;

	if (h->n == 0)
		return 0;
	if (p <= 0)
		return h->min;
	target = (uint64_t)ceil(p / 100.0 * (double)h->n);
	if (target < 1)
		target = 1;
	if (target > h->n)
		target = h->n;
	for (i = 0; i < BENCH_HIST_BUCKETS; i++) {
		seen += h->counts[i];
		if (seen >= target) {
			top = bucket_top(i);
			if (top > h->max)
				top = h->max;
			return top < h->min ? h->min : top;
		}
	}
	return h->max;
}

double bench_hist_mean(const struct bench_hist *h)
{
	return h->n > 0 ? h->sum / (double)h->n : 0.0;
}
