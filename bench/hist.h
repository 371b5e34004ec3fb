/*
 * hist.h -- a latency histogram in microseconds (log-linear buckets, in the
 * spirit of HdrHistogram).
 *
 * Values below 128 us have a bucket each; above, every power of two is cut
 * into 64 equal buckets, so a reported percentile is at most 1/64 (1.6 %)
 * above the true value.  Values up to 2^40 us fit; larger ones land in the
 * last bucket.  No allocation: a histogram is a plain struct.
 */
#ifndef BENCH_HIST_H
#define BENCH_HIST_H

#include <stdint.h>

#define BENCH_HIST_LINEAR  128
#define BENCH_HIST_SUB     64
#define BENCH_HIST_OCTAVES 34 /* 2^7 .. 2^40 */
#define BENCH_HIST_BUCKETS (BENCH_HIST_LINEAR + BENCH_HIST_OCTAVES * BENCH_HIST_SUB)

struct bench_hist {
	uint64_t counts[BENCH_HIST_BUCKETS];
	uint64_t n;
	uint64_t min;
	uint64_t max;
	double sum;
};

void bench_hist_init(struct bench_hist *h);
/* Records one value (microseconds). */
void bench_hist_add(struct bench_hist *h, uint64_t us);
/* Adds every value of src to dst. */
void bench_hist_merge(struct bench_hist *dst, const struct bench_hist *src);
/*
 * The value at percentile p (0 < p <= 100): the upper end of the bucket
 * holding the ceil(p% * n)-th smallest value, never above max.  0 when empty.
 */
uint64_t bench_hist_percentile(const struct bench_hist *h, double p);
/* The mean, 0 when empty. */
double bench_hist_mean(const struct bench_hist *h);

#endif
