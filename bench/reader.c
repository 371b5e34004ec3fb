/*
 * reader.c -- server lines for the load generator (see reader.h).
 */
#include "reader.h"

#include <string.h>

/* Offset after an "@tag " prefix (0 if there is none). */
static size_t skip_tag(const char *s, size_t len)
{
	size_t i = 1;

	if (len == 0 || s[0] != '@')
		return 0;
	while (i < len && s[i] != ' ')
		i++;
	if (i >= len || i == 1)
		return 0;
	return i + 1;
}

static int word_is(const char *s, size_t len, const char *w)
{
	size_t n = strlen(w);

	return len >= n && memcmp(s, w, n) == 0 && (len == n || s[n] == ' ');
}

enum bench_line_kind bench_line_classify(const char *line, size_t len)
{
	size_t i;

	if (len >= 2 && line[0] == ' ' && line[1] == ' ')
		return BENCH_LINE_DATA;
	if (len >= 2 && line[0] == '*' && line[1] == ' ')
		return BENCH_LINE_NOTICE;
	i = skip_tag(line, len);
	if (word_is(line + i, len - i, "ok"))
		return BENCH_LINE_OK;
	if (word_is(line + i, len - i, "err"))
		return BENCH_LINE_ERR;
	return BENCH_LINE_DATA;
}

size_t bench_err_code(const char *line, size_t len, const char **code)
{
	size_t i = skip_tag(line, len), start;

	*code = line;
	if (!word_is(line + i, len - i, "err") || len - i <= 4)
		return 0;
	start = i + 4;
	i = start;
	while (i < len && line[i] != ' ')
		i++;
	*code = line + start;
	return i - start;
}

/* The kind of a line from redis-server. */
static enum bench_line_kind redis_classify(const char *line, size_t len)
{
	if (len > 0 && line[0] == '+')
		return BENCH_LINE_OK;
	if (len > 0 && line[0] == '-')
		return BENCH_LINE_ERR;
	return BENCH_LINE_DATA;
}

static int framer_line(void *ctx, char *line, size_t len)
{
	struct bench_reader *r = ctx;

	if (r->redis) {
		r->on_line(r->ctx, redis_classify(line, len), line, len);
	} else if (!r->greeted) {
		r->greeted = 1;
		r->on_line(r->ctx, BENCH_LINE_GREETING, line, len);
	} else {
		r->on_line(r->ctx, bench_line_classify(line, len), line, len);
	}
	return 0;
}

static int framer_too_long(void *ctx)
{
	struct bench_reader *r = ctx;

	if (!r->greeted) {
		r->greeted = 1;
		r->on_line(r->ctx, BENCH_LINE_GREETING, "", 0);
	} else {
		r->on_line(r->ctx, BENCH_LINE_DATA, "", 0);
	}
	return 0;
}

void bench_reader_init(struct bench_reader *r, bench_line_fn on_line, void *ctx)
{
	proto_framer_init(&r->fr);
	r->greeted = 0;
	r->redis = 0;
	r->on_line = on_line;
	r->ctx = ctx;
}

void bench_reader_init_redis(struct bench_reader *r, bench_line_fn on_line, void *ctx)
{
	bench_reader_init(r, on_line, ctx);
	r->greeted = 1;
	r->redis = 1;
}

void bench_reader_release(struct bench_reader *r)
{
	proto_framer_release(&r->fr);
}

void bench_reader_feed(struct bench_reader *r, const char *data, size_t len)
{
	const struct proto_framer_cb cb = {
	    .on_line = framer_line,
	    .on_too_long = framer_too_long,
	    .ctx = r,
	};

	proto_framer_feed(&r->fr, data, len, &cb);
}
