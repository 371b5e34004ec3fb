/*
 * timectl.c -- time controls and the vacation bank as arithmetic.  See
 * timectl.h; the numbers and their sources are in docs/clocks.md.
 */
#include "timectl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const int64_t srv_tc_reminders[SRV_TC_NREMIND] = {24 * SRV_TC_HOUR, 8 * SRV_TC_HOUR,
                                                  1 * SRV_TC_HOUR};
const char *const srv_tc_reminder_names[SRV_TC_NREMIND] = {"24h", "8h", "1h"};

/* The limits of each number of a spec (docs/clocks.md). */
#define LIVE_MINUTES_MAX  600
#define LIVE_SECONDS_MAX  600
#define DAYS_MAX          30
#define FISCHER_HOURS_MAX 720

static int tc_fail(char *err, size_t errsize, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int tc_fail(char *err, size_t errsize, const char *fmt, ...)
{
	va_list ap;

	if (err != NULL && errsize > 0) {
		va_start(ap, fmt);
		vsnprintf(err, errsize, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* A decimal number from *p up to the next non-digit, within [lo, hi]; -1 if none. */
static long number(const char **p, long lo, long hi)
{
	char *end;
	long v;

	if (**p < '0' || **p > '9')
		return -1;
	v = strtol(*p, &end, 10);
	if (v < lo || v > hi || end - *p > 6)
		return -1;
	*p = end;
	return v;
}

int srv_tc_parse_token(struct srv_tc *tc, const char *t, char *err, size_t errsize)
{
	const char *p;
	long a, b, c;

	if (strcasecmp(t, "none") == 0) {
		tc->kind = SRV_TC_NONE;
		tc->base = tc->inc = tc->cap = 0;
		return 0;
	}
	if (strncasecmp(t, "live:", 5) == 0) {
		p = t + 5;
		if ((a = number(&p, 1, LIVE_MINUTES_MAX)) < 0 || *p++ != '+' ||
		    (b = number(&p, 0, LIVE_SECONDS_MAX)) < 0 || *p != '\0')
			return tc_fail(err, errsize,
			               "'%.40s' is not live:<minutes>+<seconds> (minutes 1 to %d, "
			               "seconds 0 to %d, e.g. live:10+5)",
			               t, LIVE_MINUTES_MAX, LIVE_SECONDS_MAX);
		tc->kind = SRV_TC_LIVE;
		tc->base = a * SRV_TC_MINUTE;
		tc->inc = b * SRV_TC_SECOND;
		tc->cap = 0;
		return 0;
	}
	if (strncasecmp(t, "days:", 5) == 0) {
		p = t + 5;
		if ((a = number(&p, 1, DAYS_MAX)) < 0 || *p != '\0')
			return tc_fail(err, errsize,
			               "'%.40s' is not days:<n> (n from 1 to %d, e.g. days:3)", t,
			               DAYS_MAX);
		tc->kind = SRV_TC_DAYS;
		tc->base = a * SRV_TC_DAY;
		tc->inc = tc->cap = 0;
		return 0;
	}
	if (strncasecmp(t, "fischer:", 8) == 0) {
		p = t + 8;
		if ((a = number(&p, 1, FISCHER_HOURS_MAX)) < 0 || *p++ != '+' ||
		    (b = number(&p, 0, FISCHER_HOURS_MAX)) < 0 || *p++ != '/' ||
		    (c = number(&p, 1, FISCHER_HOURS_MAX)) < 0 || *p != '\0')
			return tc_fail(err, errsize,
			               "'%.40s' is not fischer:<hours>+<hours>/<cap hours> (each "
			               "up to %d, e.g. fischer:72+12/120)",
			               t, FISCHER_HOURS_MAX);
		if (c < a)
			return tc_fail(
			    err, errsize,
			    "'%.40s': the cap (%ld h) is below the starting bank (%ld h)", t, c, a);
		tc->kind = SRV_TC_FISCHER;
		tc->base = a * SRV_TC_HOUR;
		tc->inc = b * SRV_TC_HOUR;
		tc->cap = c * SRV_TC_HOUR;
		return 0;
	}
	if (strncasecmp(t, "weekends=", 9) == 0) {
		if (strcasecmp(t + 9, "pause") == 0)
			tc->weekends = 1;
		else if (strcasecmp(t + 9, "count") == 0)
			tc->weekends = 0;
		else
			return tc_fail(err, errsize, "weekends is pause or count, not '%.30s'",
			               t + 9);
		return 0;
	}
	if (strncasecmp(t, "vacation=", 9) == 0) {
		if (strcasecmp(t + 9, "no") == 0)
			tc->no_vacation = 1;
		else if (strcasecmp(t + 9, "yes") == 0)
			tc->no_vacation = 0;
		else
			return tc_fail(err, errsize, "vacation is yes or no, not '%.30s'", t + 9);
		return 0;
	}
	return tc_fail(err, errsize,
	               "'%.40s' is no clock: none, live:<min>+<sec>, days:<n> or "
	               "fischer:<h>+<h>/<cap h>",
	               t);
}

int srv_tc_parse(struct srv_tc *tc, const char *spec, char *err, size_t errsize)
{
	char tok[SRV_TC_SPEC_MAX + 1];
	const char *p = spec;

	memset(tc, 0, sizeof(*tc));
	while (p != NULL && *p) {
		size_t n;
		while (*p == ' ')
			p++;
		n = strcspn(p, " ");
		if (n == 0)
			break;
		if (n > SRV_TC_SPEC_MAX)
			return tc_fail(err, errsize, "clock spec '%.40s...' is too long", p);
		memcpy(tok, p, n);
		tok[n] = '\0';
		if (srv_tc_parse_token(tc, tok, err, errsize) != 0)
			return -1;
		p += n;
	}
	if (tc->weekends && !srv_tc_correspondence(tc))
		return tc_fail(err, errsize,
		               "weekends=pause needs a correspondence clock (days:<n> or "
		               "fischer:...)");
	if (tc->no_vacation && !srv_tc_correspondence(tc))
		tc->no_vacation = 0; /* only correspondence clocks know vacations */
	return 0;
}

char *srv_tc_format(const struct srv_tc *tc, char *buf, size_t size)
{
	int n = 0;

	switch (tc->kind) {
	case SRV_TC_LIVE:
		n = snprintf(buf, size, "live:%lld+%lld", (long long)(tc->base / SRV_TC_MINUTE),
		             (long long)(tc->inc / SRV_TC_SECOND));
		break;
	case SRV_TC_DAYS:
		n = snprintf(buf, size, "days:%lld", (long long)(tc->base / SRV_TC_DAY));
		break;
	case SRV_TC_FISCHER:
		n = snprintf(
		    buf, size, "fischer:%lld+%lld/%lld", (long long)(tc->base / SRV_TC_HOUR),
		    (long long)(tc->inc / SRV_TC_HOUR), (long long)(tc->cap / SRV_TC_HOUR));
		break;
	default:
		n = snprintf(buf, size, "none");
		break;
	}
	if (n < 0 || (size_t)n >= size)
		return buf;
	if (tc->weekends)
		n += snprintf(buf + n, size - (size_t)n, " weekends=pause");
	if (tc->no_vacation && n >= 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n, " vacation=no");
	return buf;
}

int srv_tc_correspondence(const struct srv_tc *tc)
{
	return tc->kind == SRV_TC_DAYS || tc->kind == SRV_TC_FISCHER;
}

int64_t srv_tc_initial(const struct srv_tc *tc)
{
	return tc->kind == SRV_TC_NONE ? 0 : tc->base;
}

int64_t srv_tc_after_action(const struct srv_tc *tc, int64_t left)
{
	int64_t next;

	switch (tc->kind) {
	case SRV_TC_LIVE:
		return left + tc->inc;
	case SRV_TC_DAYS:
		return tc->base;
	case SRV_TC_FISCHER:
		next = left + tc->inc;
		if (next > tc->cap)
			next = tc->cap;
		return next > left ? next : left; /* above the cap (moretime): kept */
	default:
		return left;
	}
}

/*
 * Weekends: 1970-01-01 was a Thursday, so Saturday 1970-01-03 00:00 UTC is 2
 * days after the epoch.  Shifted by those 2 days, every week starts with its
 * weekend: [0, 2 d) of each 7 d is weekend.
 */
#define WEEK    (7 * SRV_TC_DAY)
#define WEEKEND (2 * SRV_TC_DAY)
#define SHIFT   (2 * SRV_TC_DAY)

static int64_t floordiv(int64_t a, int64_t b)
{
	int64_t q = a / b;
	return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* Weekend time in [0, t) of the shifted time line (negative t: before 0, negative). */
static int64_t weekend_before(int64_t t)
{
	int64_t w = floordiv(t, WEEK), r = t - w * WEEK;
	return w * WEEKEND + (r < WEEKEND ? r : WEEKEND);
}

int64_t srv_tc_weekend_overlap(int64_t from, int64_t to)
{
	if (to <= from)
		return 0;
	return weekend_before(to - SHIFT) - weekend_before(from - SHIFT);
}

int64_t srv_tc_charge(const struct srv_tc *tc, int64_t from, int64_t to)
{
	if (to <= from)
		return 0;
	if (tc->weekends && srv_tc_correspondence(tc))
		return (to - from) - srv_tc_weekend_overlap(from, to);
	return to - from;
}

int64_t srv_tc_deadline(const struct srv_tc *tc, int64_t from, int64_t left)
{
	int64_t f, g, k, r;

	if (left <= 0)
		return from;
	if (!(tc->weekends && srv_tc_correspondence(tc)))
		return from + left;
	/* working time G(t) = t - weekend_before(t) (shifted); the first t with G(t) = G(from)
	 * + left: in week k, working time runs over [kW + 2d, (k+1)W) */
	f = from - SHIFT;
	g = f - weekend_before(f) + left;
	k = floordiv(g, WEEK - WEEKEND);
	r = g - k * (WEEK - WEEKEND);
	if (r == 0)
		return k * WEEK + SHIFT; /* the end of the previous week's working time */
	return k * WEEK + WEEKEND + r + SHIFT;
}

unsigned srv_tc_reminded_for(int64_t left)
{
	unsigned mask = 0;

	for (int i = 0; i < SRV_TC_NREMIND; i++)
		if (srv_tc_reminders[i] >= left)
			mask |= 1u << i;
	return mask;
}

int srv_tc_reminder_due(int64_t left, unsigned reminded, unsigned *mask)
{
	int due = -1;

	for (int i = 0; i < SRV_TC_NREMIND; i++)
		if (left <= srv_tc_reminders[i] && !(reminded & (1u << i)))
			due = i; /* the nearest crossed threshold wins */
	if (due >= 0 && mask != NULL)
		*mask = reminded | srv_tc_reminded_for(left);
	return due;
}

char *srv_tc_duration(int64_t ms, char *buf, size_t size)
{
	long long s = ms > 0 ? (long long)(ms / SRV_TC_SECOND) : 0;
	long long d = s / 86400, h = s % 86400 / 3600, m = s % 3600 / 60, sec = s % 60;

	if (d > 0)
		snprintf(buf, size, h ? "%lldd %lldh" : "%lldd", d, h);
	else if (h > 0)
		snprintf(buf, size, m ? "%lldh %02lldm" : "%lldh", h, m);
	else if (m > 0)
		snprintf(buf, size, "%lldm %02llds", m, sec);
	else
		snprintf(buf, size, "%llds", sec);
	return buf;
}

/* ---- the vacation bank ---- */

void srv_vac_init(struct srv_vac *v)
{
	v->bank = SRV_VAC_START;
	v->credited = 0;
	v->on_since = 0;
}

int64_t srv_vac_left(const struct srv_vac *v, int64_t now)
{
	int64_t left = v->bank;

	if (v->on_since > 0 && now > v->on_since)
		left -= now - v->on_since;
	return left > 0 ? left : 0;
}

void srv_vac_credit(struct srv_vac *v, int64_t now)
{
	if (v->on_since > 0)
		return;
	if (v->credited > 0 && now > v->credited) {
		v->bank += (now - v->credited) / SRV_VAC_RATE;
		if (v->bank > SRV_VAC_CAP)
			v->bank = SRV_VAC_CAP;
	}
	if (now > v->credited)
		v->credited = now;
}

int srv_vac_start(struct srv_vac *v, int64_t now)
{
	if (v->on_since > 0 || v->bank <= 0)
		return -1;
	v->on_since = now; /* no credit: the bank grows with play only */
	return 0;
}

void srv_vac_stop(struct srv_vac *v, int64_t now)
{
	if (v->on_since == 0)
		return;
	v->bank = srv_vac_left(v, now);
	v->on_since = 0;
	v->credited = now;
}

int64_t srv_vac_ends(const struct srv_vac *v)
{
	return v->on_since > 0 ? v->on_since + v->bank : 0;
}
