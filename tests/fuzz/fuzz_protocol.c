/*
 * fuzz_protocol.c -- libFuzzer target for protocol/.
 *
 * Owns no state between inputs.  For each input it checks:
 *   - framer: the same bytes fed whole and fed in pseudo-random pieces, with
 *     callbacks that randomly ask to stop (the rest fed again later), give
 *     exactly the same sequence of lines and over-long reports; every line
 *     is NUL-terminated and at most PROTO_LINE_MAX bytes;
 *   - request: every delivered line parses without crashing, and the
 *     result obeys request.h (argc/raw/tag on success and failure); a text
 *     request's argv survives proto_join -> proto_tokenize;
 *   - reply: ok/err/event writers in both modes, fed with the parsed
 *     strings and a screen width, emit only complete lines with no CR, data
 *     lines within the width, each JSON line parses;
 *   - JSON requests built from the bytes with cJSON (always well-formed,
 *     so the deep paths are reached) give exactly the expected argv/raw;
 *   - telnet: the bytes decoded whole and in pieces give the same data and
 *     the same answers.
 * The first two input bytes seed the split/stop choices; all bytes,
 * including those two, are fed.  Any violation aborts.
 */
#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/buf.h"
#include "protocol/framer.h"
#include "protocol/reply.h"
#include "protocol/request.h"
#include "protocol/telnet.h"
#include "protocol/tokenize.h"
#include "protocol/wrap.h"
#include "common/errors.h"

#define CHECK(cond)                                                                                \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
			abort();                                                                   \
		}                                                                                  \
	} while (0)

struct run {
	struct proto_buf log; /* 'L' len bytes / 'T' per event, for comparison */
	uint32_t rng;
	int may_stop;
	int check_lines; /* run request parsing and writers on each line */
};

static uint32_t rng_next(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* Every '\n' ends a line, the text ends with one, and there is no '\r'. */
static void check_lines_only(const char *s, size_t len)
{
	CHECK(len > 0 && s[len - 1] == '\n');
	CHECK(memchr(s, '\r', len) == NULL);
	CHECK(strlen(s) == len);
}

static void check_one_json_line(const struct proto_buf *b)
{
	cJSON *back;

	check_lines_only(b->data, b->len);
	CHECK(memchr(b->data, '\n', b->len) == b->data + b->len - 1);
	back = cJSON_Parse(b->data);
	CHECK(back != NULL);
	cJSON_Delete(back);
}

/* Text reply: data lines start with two spaces and fit in cols (when > 0); the final line
 * does not start so. */
static void check_text_reply(const struct proto_buf *b, int cols)
{
	const char *p = b->data, *nl;

	check_lines_only(b->data, b->len);
	if (cols > 0 && cols < PROTO_COLS_MIN)
		cols = PROTO_COLS_MIN;
	for (;;) {
		nl = strchr(p, '\n');
		CHECK(nl != NULL);
		if (nl[1] == '\0')
			break;
		CHECK(p[0] == ' ' && p[1] == ' ');
		CHECK(cols <= 0 || proto_width(p, (size_t)(nl - p)) <= (size_t)cols);
		p = nl + 1;
	}
}

static void write_replies(const struct proto_request *req, const char *msg)
{
	struct proto_buf b = PROTO_BUF_INIT;
	cJSON *data = cJSON_CreateObject(), *lines;
	int i, mode;

	CHECK(data != NULL);
	for (i = 0; i + 1 < req->argc; i += 2)
		cJSON_AddStringToObject(data, req->argv[i], req->argv[i + 1]);
	if (req->raw != NULL)
		cJSON_AddStringToObject(data, "summary", req->raw);
	lines = cJSON_CreateObject();
	CHECK(lines != NULL);
	cJSON_AddItemToObject(lines, "lines",
	                      cJSON_CreateStringArray((const char *const *)req->argv, req->argc));
	cJSON_AddStringToObject(lines, "summary", msg);

	for (mode = PROTO_TEXT; mode <= PROTO_JSON; mode++) {
		enum proto_mode m = (enum proto_mode)mode;
		const char *a0 = req->argc > 0 ? req->argv[0] : msg;
		/* a screen width from the input: none, or 1..140 columns */
		int cols = req->argc > 1 ? (int)(strlen(req->argv[1]) % 141) : 0;

		proto_buf_reset(&b);
		CHECK(proto_write_ok(&b, m, cols, req->tag, data) == 0);
		if (m == PROTO_JSON)
			check_one_json_line(&b);
		else
			check_text_reply(&b, cols);
		proto_buf_reset(&b);
		CHECK(proto_write_ok(&b, m, cols, a0, lines) == 0);
		if (m == PROTO_JSON)
			check_one_json_line(&b);
		else
			check_text_reply(&b, cols);
		proto_buf_reset(&b);
		CHECK(proto_write_err(&b, m, cols, req->tag, a0, msg, req->raw) == 0);
		if (m == PROTO_JSON)
			check_one_json_line(&b);
		else
			check_text_reply(&b, cols);
		proto_buf_reset(&b);
		CHECK(proto_write_event(&b, m, req->argc, data) == 0);
		if (m == PROTO_JSON)
			check_one_json_line(&b);
		else
			check_lines_only(b.data, b.len);
	}
	cJSON_Delete(lines);
	cJSON_Delete(data);
	proto_buf_release(&b);
}

static int tag_ok(const char *t)
{
	size_t n = strlen(t);

	if (n > PROTO_TAG_MAX)
		return 0;
	for (; *t != '\0'; t++) {
		if (!((*t >= 'A' && *t <= 'Z') || (*t >= 'a' && *t <= 'z') ||
		      (*t >= '0' && *t <= '9') || *t == '_' || *t == '.' || *t == ':' || *t == '-'))
			return 0;
	}
	return 1;
}

static void check_request(const char *line, size_t len)
{
	struct proto_request req;
	char msg[128];
	int rc, i;

	rc = proto_request_parse(&req, line, len, msg, sizeof(msg));
	CHECK(tag_ok(req.tag));
	if (rc != 0) {
		CHECK(rc == WG_E_BAD_REQUEST || rc == WG_E_BAD_ARGS || rc == WG_E_NO_MEMORY);
		CHECK(req.argc == 0 && req.raw == NULL);
		CHECK(msg[0] != '\0');
		write_replies(&req, msg);
		proto_request_release(&req);
		return;
	}
	CHECK(msg[0] == '\0');
	CHECK(req.argc >= 0 && req.argc <= PROTO_MAX_ARGS && req.raw != NULL);
	CHECK(strlen(req.raw) <= len);
	for (i = 0; i < req.argc; i++)
		CHECK(req.argv[i] != NULL && strlen(req.argv[i]) <= len);
	if (req.json)
		CHECK(req.argc >= 1 && req.argv[0][0] != '\0');
	if (!req.json && req.argc > 0) {
		struct proto_buf j = PROTO_BUF_INIT;
		char *back[PROTO_MAX_ARGS];
		int n;

		CHECK(proto_join(&j, req.argc, req.argv) == 0);
		CHECK(proto_tokenize(j.data, back, PROTO_MAX_ARGS, &n) == 0);
		CHECK(n == req.argc);
		for (i = 0; i < n; i++)
			CHECK(strcmp(back[i], req.argv[i]) == 0);
		proto_buf_release(&j);
	}
	write_replies(&req, msg);
	proto_request_release(&req);
}

static int on_line(void *ctx, char *line, size_t len)
{
	struct run *r = ctx;

	CHECK(len <= PROTO_LINE_MAX);
	CHECK(line[len] == '\0');
	CHECK(proto_buf_addch(&r->log, 'L') == 0);
	CHECK(proto_buf_add(&r->log, &len, sizeof(len)) == 0);
	CHECK(proto_buf_add(&r->log, line, len) == 0);
	if (r->check_lines) {
		(void)proto_line_valid(line, len);
		check_request(line, len);
	}
	return r->may_stop && rng_next(&r->rng) % 4 == 0;
}

static int on_too_long(void *ctx)
{
	struct run *r = ctx;

	CHECK(proto_buf_addch(&r->log, 'T') == 0);
	return r->may_stop && rng_next(&r->rng) % 2 == 0;
}

/*
 * Structure-aware stage: builds {"cmd":"c","args":[...],"game":..,"v":..,"d":..}
 * from the input with cJSON (so it is always valid JSON), parses the printed
 * line and checks the exact outcome: BAD_ARGS past PROTO_MAX_ARGS,
 * BAD_REQUEST for a string that is not a valid line, else argv holding the
 * verb, then game=<n>, v=<n> and d=<n> when given, then the strings verbatim
 * and numbers that read back to the same value (integers without a fraction
 * or exponent), and raw == args joined by spaces.
 */
static void check_json_built(const uint8_t *data, size_t size)
{
	static const double nums[] = {0,
	                              1,
	                              -1,
	                              1e9,
	                              1.5,
	                              -0.25,
	                              1e300,
	                              1e-300,
	                              0.1,
	                              123456789012345.0,
	                              9007199254740993.0,
	                              -1e18,
	                              1e18,
	                              -7e17,
	                              2.5e-7,
	                              4294967296.0,
	                              1e21};
	const size_t nnums = sizeof(nums) / sizeof(nums[0]);
	cJSON *root = cJSON_CreateObject(), *args = cJSON_CreateArray(), *it, *seen;
	struct proto_request req;
	struct proto_buf want_raw = PROTO_BUF_INIT;
	size_t i = 1, k, n;
	int nargs = 0, bad_string = 0, extra = 0, rc, a;
	uint8_t flags;
	char *line, msg[128], str[16];

	CHECK(root != NULL && args != NULL);
	flags = size > 0 ? data[0] : 0;
	cJSON_AddStringToObject(root, "cmd", "c");
	cJSON_AddItemToObject(root, "args", args);
	if (flags & 1) {
		cJSON_AddNumberToObject(root, "game", (double)(flags >> 1));
		extra++;
	}
	if (flags & 2) {
		cJSON_AddNumberToObject(root, "v", 3);
		extra++;
	}
	if (flags & 4) {
		cJSON_AddNumberToObject(root, "d", 7);
		extra++;
	}
	while (i < size && nargs < 80) {
		uint8_t b = data[i++];

		if (b % 2 == 0) {
			cJSON_AddItemToArray(args, cJSON_CreateNumber(nums[(b / 2) % nnums]));
		} else {
			n = (size_t)(b / 2) % sizeof(str);
			for (k = 0; k < n && i < size; k++, i++)
				str[k] = data[i] != 0 ? (char)data[i] : 'z';
			str[k] = '\0';
			if (!proto_line_valid(str, k))
				bad_string = 1;
			cJSON_AddItemToArray(args, cJSON_CreateString(str));
		}
		nargs++;
	}
	line = cJSON_PrintUnformatted(root);
	CHECK(line != NULL);
	rc = proto_request_parse(&req, line, strlen(line), msg, sizeof(msg));
	if (1 + nargs + extra > PROTO_MAX_ARGS) {
		CHECK(rc == WG_E_BAD_ARGS);
	} else if (bad_string) {
		CHECK(rc == WG_E_BAD_REQUEST);
	} else {
		CHECK(rc == 0);
		CHECK(req.json == 1 && req.argc == 1 + nargs + extra);
		CHECK(strcmp(req.argv[0], "c") == 0);
		/* cJSON may print a number with 15 digits when that is merely
		 * within an epsilon: compare with what the line really says. */
		seen = cJSON_Parse(line);
		CHECK(seen != NULL);
		/* "game", "v" and "d" come right after the verb, before the args (request.h) */
		a = 1;
		if (flags & 1) {
			char want[32];
			snprintf(want, sizeof(want), "game=%d", flags >> 1);
			CHECK(strcmp(req.argv[a++], want) == 0);
		}
		if (flags & 2)
			CHECK(strcmp(req.argv[a++], "v=3") == 0);
		if (flags & 4)
			CHECK(strcmp(req.argv[a++], "d=7") == 0);
		for (it = cJSON_GetObjectItemCaseSensitive(seen, "args")->child; it != NULL;
		     it = it->next, a++) {
			if (it != cJSON_GetObjectItemCaseSensitive(seen, "args")->child)
				CHECK(proto_buf_addch(&want_raw, ' ') == 0);
			CHECK(proto_buf_adds(&want_raw, req.argv[a]) == 0);
			if (cJSON_IsString(it)) {
				CHECK(strcmp(req.argv[a], it->valuestring) == 0);
				continue;
			}
			CHECK(strtod(req.argv[a], NULL) == it->valuedouble);
			if (it->valuedouble > -1e15 && it->valuedouble < 1e15 &&
			    it->valuedouble == (double)(long long)it->valuedouble)
				CHECK(strpbrk(req.argv[a], ".e") == NULL);
		}
		CHECK(a == req.argc);
		CHECK(strcmp(req.raw, want_raw.data != NULL ? want_raw.data : "") == 0);
		cJSON_Delete(seen);
	}
	proto_request_release(&req);
	proto_buf_release(&want_raw);
	cJSON_free(line);
	cJSON_Delete(root);
}

/* Decodes in[0..size) in pieces of step (0: whole) into data and answers. */
static void telnet_run(const uint8_t *in, size_t size, size_t step, struct proto_buf *data,
                       struct proto_buf *answers)
{
	struct proto_telnet t;
	size_t off = 0, n, nd;
	char *buf = malloc(size + 1);

	CHECK(buf != NULL);
	proto_telnet_init(&t);
	while (off < size) {
		n = step == 0 || size - off < step ? size - off : step;
		memcpy(buf, in + off, n);
		CHECK(proto_telnet_decode(&t, buf, n, &nd, answers) == 0);
		CHECK(nd <= n);
		CHECK(proto_buf_add(data, buf, nd) == 0);
		off += n;
	}
	CHECK(t.cols <= 0xffff && t.rows <= 0xffff);
	free(buf);
}

static void check_telnet(const uint8_t *in, size_t size)
{
	struct proto_buf d1 = PROTO_BUF_INIT, a1 = PROTO_BUF_INIT;
	struct proto_buf d2 = PROTO_BUF_INIT, a2 = PROTO_BUF_INIT;

	telnet_run(in, size, 0, &d1, &a1);
	telnet_run(in, size, size > 0 ? 1 + in[0] % 7 : 1, &d2, &a2);
	CHECK(d1.len == d2.len && a1.len == a2.len);
	CHECK(d1.len == 0 || memcmp(d1.data, d2.data, d1.len) == 0);
	CHECK(a1.len == 0 || memcmp(a1.data, a2.data, a1.len) == 0);
	CHECK(a1.len % 3 == 0); /* answers are IAC <cmd> <opt> triples */
	proto_buf_release(&d1);
	proto_buf_release(&a1);
	proto_buf_release(&d2);
	proto_buf_release(&a2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *in = (const char *)data;
	struct run whole = {.log = PROTO_BUF_INIT}, split = {.log = PROTO_BUF_INIT};
	struct proto_framer_cb cb = {.on_line = on_line, .on_too_long = on_too_long};
	struct proto_framer f;
	size_t off = 0, piece, got;

	/* 1. all at once, never stopping */
	proto_framer_init(&f);
	cb.ctx = &whole;
	CHECK(proto_framer_feed(&f, in, size, &cb) == size);
	proto_framer_release(&f); /* an unfinished last line */

	/* 2. random pieces, random stops, checking every line */
	split.rng =
	    0x9e3779b9u ^ (size > 0 ? data[0] : 0) ^ (size > 1 ? (uint32_t)data[1] << 8 : 0);
	split.may_stop = 1;
	split.check_lines = 1;
	proto_framer_init(&f);
	cb.ctx = &split;
	while (off < size) {
		uint32_t r = rng_next(&split.rng);

		piece = r % 8 == 0 ? size - off : 1 + r % 17;
		if (piece > size - off)
			piece = size - off;
		while (piece > 0) {
			got = proto_framer_feed(&f, in + off, piece, &cb);
			CHECK(got > 0 && got <= piece);
			off += got;
			piece -= got;
		}
	}
	proto_framer_release(&f);
	CHECK(whole.log.len == split.log.len);
	CHECK(whole.log.len == 0 || memcmp(whole.log.data, split.log.data, whole.log.len) == 0);
	proto_buf_release(&whole.log);
	proto_buf_release(&split.log);

	/* 3. the whole input as one request and as one safe string */
	if (size <= 2 * PROTO_LINE_MAX) {
		struct proto_buf b = PROTO_BUF_INIT;
		char *copy = malloc(size + 1);

		CHECK(copy != NULL);
		memcpy(copy, in, size);
		copy[size] = '\0';
		check_request(copy, size);
		CHECK(proto_add_safe(&b, copy) == 0);
		CHECK(b.len == 0 ||
		      (memchr(b.data, '\n', b.len) == NULL && memchr(b.data, '\r', b.len) == NULL));
		proto_buf_release(&b);
		free(copy);
	}

	/* 4. the same bytes as the contents of a well-formed JSON request */
	check_json_built(data, size);

	/* 5. telnet: the same data and answers whole and in pieces */
	check_telnet(data, size);
	return 0;
}
