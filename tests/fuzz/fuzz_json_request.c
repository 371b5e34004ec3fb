/*
 * fuzz_json_request.c -- libFuzzer target for JSON requests (protocol/request.c, request.h).
 *
 * The input is one request line; one that does not start with '{' or '[' (after blanks) is
 * given a '{' in front, so that every input takes the JSON path.  Owns no state between
 * inputs.  Checks:
 *   - the parse never crashes and obeys request.h: 0, WG_E_BAD_REQUEST, WG_E_BAD_ARGS or
 *     WG_E_NO_MEMORY; on failure argc 0, raw NULL and a message; on success a verb that is
 *     not empty and has no blank or control character, at most PROTO_MAX_ARGS arguments,
 *     every argument and raw a valid line (proto_line_valid), a tag of the tag grammar;
 *   - what the server sees is what a program meant: the argv written back as a JSON request
 *     ({"tag":..,"cmd":..,"args":[..]}, every argument a string) parses to the same tag,
 *     argv and raw (the arguments joined by single spaces), and as a text line (proto_join)
 *     to the same argv.
 * Any violation aborts.
 */
#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/errors.h"
#include "protocol/buf.h"
#include "protocol/framer.h"
#include "protocol/request.h"
#include "protocol/tokenize.h"

#define CHECK(cond)                                                                                \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
			abort();                                                                   \
		}                                                                                  \
	} while (0)

static int tag_ok(const char *t)
{
	if (strlen(t) > PROTO_TAG_MAX)
		return 0;
	for (; *t != '\0'; t++)
		if (!((*t >= 'A' && *t <= 'Z') || (*t >= 'a' && *t <= 'z') ||
		      (*t >= '0' && *t <= '9') || *t == '_' || *t == '.' || *t == ':' || *t == '-'))
			return 0;
	return 1;
}

static void check_valid(const struct proto_request *req, size_t len)
{
	CHECK(tag_ok(req->tag));
	CHECK(req->argc >= 1 && req->argc <= PROTO_MAX_ARGS && req->raw != NULL);
	CHECK(req->argv[0][0] != '\0' && strpbrk(req->argv[0], " \t") == NULL);
	for (int i = 0; i < req->argc; i++)
		CHECK(req->argv[i] != NULL && proto_line_valid(req->argv[i], strlen(req->argv[i])));
	CHECK(proto_line_valid(req->raw, strlen(req->raw)));
	(void)len;
}

/* The argv of req written back as a JSON request: the same tag, argv and raw. */
static void check_json_again(const struct proto_request *req)
{
	cJSON *root = cJSON_CreateObject(), *args = cJSON_CreateArray();
	struct proto_buf raw = PROTO_BUF_INIT;
	struct proto_request back;
	char msg[128], *line;

	CHECK(root != NULL && args != NULL);
	if (req->tag[0] != '\0')
		cJSON_AddStringToObject(root, "tag", req->tag);
	cJSON_AddStringToObject(root, "cmd", req->argv[0]);
	cJSON_AddItemToObject(root, "args", args);
	for (int i = 1; i < req->argc; i++) {
		cJSON_AddItemToArray(args, cJSON_CreateString(req->argv[i]));
		CHECK((i == 1 || proto_buf_addch(&raw, ' ') == 0) &&
		      proto_buf_adds(&raw, req->argv[i]) == 0);
	}
	line = cJSON_PrintUnformatted(root);
	CHECK(line != NULL);
	CHECK(proto_request_parse(&back, line, strlen(line), msg, sizeof(msg)) == 0);
	CHECK(back.json == 1 && strcmp(back.tag, req->tag) == 0 && back.argc == req->argc);
	for (int i = 0; i < req->argc; i++)
		CHECK(strcmp(back.argv[i], req->argv[i]) == 0);
	CHECK(strcmp(back.raw, raw.data != NULL ? raw.data : "") == 0);
	proto_request_release(&back);
	proto_buf_release(&raw);
	cJSON_free(line);
	cJSON_Delete(root);
}

/* The argv of req as a text line (proto_join): the same argv. */
static void check_text_again(const struct proto_request *req)
{
	struct proto_buf j = PROTO_BUF_INIT;
	struct proto_request back;
	char msg[128];

	CHECK(proto_join(&j, req->argc, req->argv) == 0);
	if (j.len > 0 && (j.data[0] == '{' || j.data[0] == '[' || j.data[0] == '@')) {
		/* a verb that starts so would read as JSON or a tag: a person cannot type it */
		proto_buf_release(&j);
		return;
	}
	CHECK(proto_request_parse(&back, j.data, j.len, msg, sizeof(msg)) == 0);
	CHECK(back.json == 0 && back.argc == req->argc);
	for (int i = 0; i < req->argc; i++)
		CHECK(strcmp(back.argv[i], req->argv[i]) == 0);
	proto_request_release(&back);
	proto_buf_release(&j);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct proto_request req;
	char msg[128], *line;
	size_t off = 0, len;
	int rc;

	if (size > 2 * PROTO_LINE_MAX)
		return 0; /* the framer never delivers more */
	while (off < size && (data[off] == ' ' || data[off] == '\t'))
		off++;
	line = malloc(size + 2);
	CHECK(line != NULL);
	len = 0;
	if (off == size || (data[off] != '{' && data[off] != '['))
		line[len++] = '{';
	memcpy(line + len, data, size);
	len += size;
	line[len] = '\0';
	rc = proto_request_parse(&req, line, len, msg, sizeof(msg));
	if (memchr(line, '\0', len) != NULL) /* refused before the JSON is looked at */
		CHECK(rc == WG_E_BAD_REQUEST && req.json == 0);
	else
		CHECK(req.json == 1);
	if (rc != 0) {
		CHECK(rc == WG_E_BAD_REQUEST || rc == WG_E_BAD_ARGS || rc == WG_E_NO_MEMORY);
		CHECK(req.argc == 0 && req.raw == NULL && msg[0] != '\0');
		CHECK(tag_ok(req.tag));
	} else {
		CHECK(msg[0] == '\0');
		check_valid(&req, len);
		check_json_again(&req);
		check_text_again(&req);
	}
	proto_request_release(&req);
	free(line);
	return 0;
}
