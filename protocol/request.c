/*
 * request.c -- one client request from a text line or a JSON object.
 *
 * Owns the translation of both request forms into one argv (request.h).
 *
 * Invariants: every string a parsed request exposes (argv[], raw) lives in
 * req->storage, whose bytes are final before any pointer into them is
 * taken (pointers are set from offsets at the very end, so a realloc can
 * never leave one dangling); req->tag is a plain array, filled as soon as a
 * valid tag has been read so that even a failed request can be answered
 * with its tag.  After a failure argc == 0 and raw == NULL.
 *
 * Storage layout:
 *   text:  rest-of-line tokenized in place '\0' rest-of-line untouched '\0'
 *          (raw points into the untouched copy, at the offset of argv[1])
 *   JSON:  cmd '\0' arg '\0' ... "game=N" '\0' "v=N" '\0' raw '\0'
 */
#include "request.h"

#include <cjson/cJSON.h>
#include <malloc.h> /* malloc_usable_size: the wiping free */
#include <math.h>   /* isfinite only (a macro): protocol/ links no libm */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "framer.h"
#include "common/errors.h"

#define TAG_RULE "1 to 64 characters of A-Z a-z 0-9 _ . : -"

static int fail(struct proto_request *req, char *msg, size_t msgsize, int code, const char *fmt,
                ...) __attribute__((format(printf, 5, 6)));

static int fail(struct proto_request *req, char *msg, size_t msgsize, int code, const char *fmt,
                ...)
{
	va_list ap;

	req->argc = 0;
	req->raw = NULL;
	if (msg != NULL && msgsize > 0) {
		va_start(ap, fmt);
		vsnprintf(msg, msgsize, fmt, ap);
		va_end(ap);
	}
	return code;
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static int tag_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '.' || c == ':' || c == '-';
}

/* Copies s[0..n) into req->tag if it is a valid tag; 0 or -1. */
static int set_tag(struct proto_request *req, const char *s, size_t n)
{
	size_t i;

	if (n < 1 || n > PROTO_TAG_MAX)
		return -1;
	for (i = 0; i < n; i++) {
		if (!tag_char(s[i]))
			return -1;
	}
	memcpy(req->tag, s, n);
	req->tag[n] = '\0';
	return 0;
}

static int parse_text(struct proto_request *req, const char *line, size_t len, char *msg,
                      size_t msgsize)
{
	size_t i = 0, j, rlen;
	char *words;
	int rc;

	while (i < len && is_blank(line[i]))
		i++;
	if (i < len && line[i] == '@') {
		for (j = i + 1; j < len && !is_blank(line[j]); j++)
			;
		if (set_tag(req, line + i + 1, j - i - 1) != 0)
			return fail(req, msg, msgsize, WG_E_BAD_REQUEST, "bad tag: " TAG_RULE);
		for (i = j; i < len && is_blank(line[i]); i++)
			;
		if (i == len)
			return fail(req, msg, msgsize, WG_E_BAD_REQUEST,
			            "no command after the tag");
	}
	rlen = len - i;
	if (proto_buf_grow(&req->storage, 2 * rlen + 2) != 0 ||
	    proto_buf_add(&req->storage, line + i, rlen) != 0 ||
	    proto_buf_addch(&req->storage, '\0') != 0 ||
	    proto_buf_add(&req->storage, line + i, rlen) != 0)
		return fail(req, msg, msgsize, WG_E_NO_MEMORY, "out of memory");
	words = req->storage.data;
	rc = proto_tokenize(words, req->argv, PROTO_MAX_ARGS, &req->argc);
	if (rc == WG_E_BAD_REQUEST)
		return fail(req, msg, msgsize, rc, "unterminated quote");
	if (rc != 0)
		return fail(req, msg, msgsize, rc, "too many arguments (at most %d)",
		            PROTO_MAX_ARGS);
	/* argv[1] sits at its original offset; the same offset in the copy is raw. */
	if (req->argc > 1)
		req->raw = words + rlen + 1 + (size_t)(req->argv[1] - words);
	else
		req->raw = words + rlen + 1 + rlen;
	return 0;
}

/*
 * Formats a JSON number as an argument: integers without decimals, other
 * values with 15 significant digits, or 17 when 15 do not read back the
 * same value.  0 or -1 (not finite).
 */
static int format_number(double d, char *buf, size_t size)
{
	if (!isfinite(d))
		return -1;
	if (d > -1e18 && d < 1e18 && d == (double)(long long)d) {
		snprintf(buf, size, "%lld", (long long)d);
		return 0;
	}
	snprintf(buf, size, "%.15g", d);
	if (strtod(buf, NULL) != d)
		snprintf(buf, size, "%.17g", d);
	return 0;
}

/* An optional integer member ("game", "v", "d"): 1 present, 0 absent, -1 invalid. */
static int int_member(const cJSON *obj, const char *name, long long *out)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
	double d;

	if (it == NULL || cJSON_IsNull(it))
		return 0;
	if (!cJSON_IsNumber(it))
		return -1;
	d = it->valuedouble;
	if (!(d > -9e18 && d < 9e18) || d != (double)(long long)d)
		return -1;
	*out = (long long)d;
	return 1;
}

/* 1 if s may be a verb: non-empty, valid UTF-8, no blanks or control characters. */
static int valid_cmd(const char *s)
{
	size_t i, n = strlen(s);

	if (n == 0 || !proto_line_valid(s, n))
		return 0;
	for (i = 0; i < n; i++) {
		if (is_blank(s[i]))
			return 0;
	}
	return 1;
}

/*
 * 1 if a JSON string in line[0..len) holds the escape \u0000, which cJSON
 * would decode into a NUL that silently cuts the string short.
 */
static int has_escaped_nul(const char *line, size_t len)
{
	size_t i;
	int in_string = 0;

	for (i = 0; i < len; i++) {
		if (!in_string) {
			in_string = line[i] == '"';
		} else if (line[i] == '"') {
			in_string = 0;
		} else if (line[i] == '\\' && i + 1 < len) {
			i++;
			if (line[i] == 'u' && len - i > 4 && memcmp(line + i + 1, "0000", 4) == 0)
				return 1;
		}
	}
	return 0;
}

/* Wipes every string of a parsed request (keys and values) before it is freed: an
 * argument may be a password. */
static void wipe_json(cJSON *item)
{
	for (; item != NULL; item = item->next) {
		if (item->valuestring != NULL)
			explicit_bzero(item->valuestring, strlen(item->valuestring));
		if (item->string != NULL)
			explicit_bzero(item->string, strlen(item->string));
		wipe_json(item->child);
	}
}

/* cJSON's allocator while a request is parsed: a parse that fails frees the strings it had
 * read so far (a password among them) itself, so its free wipes each block first. */
static void wiping_free(void *p)
{
	if (p != NULL)
		explicit_bzero(p, malloc_usable_size(p));
	free(p);
}

static cJSON_Hooks wiping_hooks = {malloc, wiping_free};

static int parse_json(struct proto_request *req, const char *line, size_t len, char *msg,
                      size_t msgsize)
{
	struct proto_buf *st = &req->storage;
	size_t off[PROTO_MAX_ARGS], raw_off, args_end;
	const cJSON *tag, *cmd, *args, *it;
	const char *end = NULL;
	long long game = 0, v = 0, d = 0;
	int has_game, has_v, has_d, nargs, total, n = 0, i, rc;
	char num[64];
	cJSON *root;

	req->json = 1;
	if (has_escaped_nul(line, len))
		return fail(req, msg, msgsize, WG_E_BAD_REQUEST, "\\u0000 in a JSON string");
	if (proto_buf_add(st, line, len) != 0)
		return fail(req, msg, msgsize, WG_E_NO_MEMORY, "out of memory");
	cJSON_InitHooks(&wiping_hooks); /* a parse that fails frees its strings unseen */
	root = cJSON_ParseWithOpts(st->data, &end, 1);
	cJSON_InitHooks(NULL);
	if (root == NULL) {
		size_t at = end != NULL && end >= st->data ? (size_t)(end - st->data) : 0;

		return fail(req, msg, msgsize, WG_E_BAD_REQUEST, "invalid JSON near byte %zu",
		            at + 1);
	}
	proto_buf_reset(st);
	if (!cJSON_IsObject(root)) {
		rc = fail(req, msg, msgsize, WG_E_BAD_REQUEST, "a JSON request must be an object");
		goto out;
	}
	tag = cJSON_GetObjectItemCaseSensitive(root, "tag");
	if (tag != NULL && !cJSON_IsNull(tag) &&
	    (!cJSON_IsString(tag) ||
	     (tag->valuestring[0] != '\0' &&
	      set_tag(req, tag->valuestring, strlen(tag->valuestring)) != 0))) {
		rc = fail(req, msg, msgsize, WG_E_BAD_REQUEST, "bad \"tag\": " TAG_RULE);
		goto out;
	}
	cmd = cJSON_GetObjectItemCaseSensitive(root, "cmd");
	if (cmd == NULL) {
		rc = fail(req, msg, msgsize, WG_E_BAD_REQUEST, "missing \"cmd\"");
		goto out;
	}
	if (!cJSON_IsString(cmd) || !valid_cmd(cmd->valuestring)) {
		rc = fail(req, msg, msgsize, WG_E_BAD_REQUEST,
		          "\"cmd\" must be a non-empty string without spaces");
		goto out;
	}
	args = cJSON_GetObjectItemCaseSensitive(root, "args");
	if (args != NULL && cJSON_IsNull(args))
		args = NULL;
	if (args != NULL && !cJSON_IsArray(args)) {
		rc = fail(req, msg, msgsize, WG_E_BAD_REQUEST, "\"args\" must be an array");
		goto out;
	}
	has_game = int_member(root, "game", &game);
	has_v = int_member(root, "v", &v);
	has_d = int_member(root, "d", &d);
	if (has_game < 0 || has_v < 0 || has_d < 0) {
		rc = fail(req, msg, msgsize, WG_E_BAD_REQUEST, "\"%s\" must be an integer",
		          has_game < 0 ? "game"
		          : has_v < 0  ? "v"
		                       : "d");
		goto out;
	}
	nargs = args != NULL ? cJSON_GetArraySize(args) : 0;
	total = 1 + nargs + has_game + has_v + has_d;
	if (total > PROTO_MAX_ARGS) {
		rc = fail(req, msg, msgsize, WG_E_BAD_ARGS, "too many arguments (at most %d)",
		          PROTO_MAX_ARGS);
		goto out;
	}

	/* Every string is appended first; pointers are taken once storage is final. */
	off[n++] = st->len;
	if (proto_buf_add(st, cmd->valuestring, strlen(cmd->valuestring) + 1) != 0)
		goto oom;
	for (it = args != NULL ? args->child : NULL; it != NULL; it = it->next) {
		const char *s;

		if (cJSON_IsString(it)) {
			s = it->valuestring;
			if (!proto_line_valid(s, strlen(s))) {
				rc = fail(req, msg, msgsize, WG_E_BAD_REQUEST,
				          "\"args\" strings may not hold control characters");
				goto out;
			}
		} else if (cJSON_IsNumber(it)) {
			if (format_number(it->valuedouble, num, sizeof(num)) != 0) {
				rc = fail(req, msg, msgsize, WG_E_BAD_REQUEST,
				          "\"args\" numbers must be finite");
				goto out;
			}
			s = num;
		} else {
			rc = fail(req, msg, msgsize, WG_E_BAD_REQUEST,
			          "\"args\" may hold only strings and numbers");
			goto out;
		}
		off[n++] = st->len;
		if (proto_buf_add(st, s, strlen(s) + 1) != 0)
			goto oom;
	}
	if (has_game) {
		off[n++] = st->len;
		if (proto_buf_addf(st, "game=%lld", game) != 0 || proto_buf_addch(st, '\0') != 0)
			goto oom;
	}
	if (has_v) {
		off[n++] = st->len;
		if (proto_buf_addf(st, "v=%lld", v) != 0 || proto_buf_addch(st, '\0') != 0)
			goto oom;
	}
	if (has_d) {
		off[n++] = st->len;
		if (proto_buf_addf(st, "d=%lld", d) != 0 || proto_buf_addch(st, '\0') != 0)
			goto oom;
	}
	/*
	 * raw is copied from storage into storage: reserve room for it first
	 * (the args' bytes, each NUL becoming a space) so that nothing below
	 * can move the bytes being copied.  The buffer keeps data[len] == 0.
	 */
	args_end = nargs + 1 < n ? off[nargs + 1] : st->len;
	raw_off = st->len;
	if (proto_buf_grow(st, nargs > 0 ? args_end - off[1] : 0) != 0)
		goto oom;
	for (i = 1; i <= nargs; i++) {
		size_t alen = strlen(st->data + off[i]);

		if (i > 1)
			st->data[st->len++] = ' ';
		memcpy(st->data + st->len, st->data + off[i], alen);
		st->len += alen;
	}
	st->data[st->len] = '\0';

	/* argv: the verb, then game=/v=/d= (so that they always stand before any
	 * free text, e.g. a chat line), then the args. */
	req->argv[0] = st->data + off[0];
	for (i = 0; i < n - 1 - nargs; i++)
		req->argv[1 + i] = st->data + off[1 + nargs + i];
	for (i = 1; i <= nargs; i++)
		req->argv[n - 1 - nargs + i] = st->data + off[i];
	req->argc = n;
	req->raw = st->data + raw_off;
	rc = 0;
	goto out;
oom:
	rc = fail(req, msg, msgsize, WG_E_NO_MEMORY, "out of memory");
out:
	wipe_json(root);
	cJSON_Delete(root);
	return rc;
}

int proto_request_parse(struct proto_request *req, const char *line, size_t len, char *msg,
                        size_t msgsize)
{
	size_t i;

	req->json = 0;
	req->tag[0] = '\0';
	req->argc = 0;
	req->raw = NULL;
	proto_buf_init(&req->storage);
	proto_buf_secret(&req->storage); /* an argument may be a password */
	if (msg != NULL && msgsize > 0)
		msg[0] = '\0';
	if (len > 0 && memchr(line, '\0', len) != NULL)
		return fail(req, msg, msgsize, WG_E_BAD_REQUEST, "NUL byte in request");
	for (i = 0; i < len && is_blank(line[i]); i++)
		;
	if (i < len && (line[i] == '{' || line[i] == '['))
		return parse_json(req, line, len, msg, msgsize);
	return parse_text(req, line, len, msg, msgsize);
}

void proto_request_release(struct proto_request *req)
{
	proto_buf_release(&req->storage);
	req->argc = 0;
	req->raw = NULL;
	req->tag[0] = '\0';
	req->json = 0;
}
