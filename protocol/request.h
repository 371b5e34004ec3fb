/*
 * request.h -- one client request, from a text line or a JSON object.
 *
 * Text:  [@tag ]verb arg arg ...          (tokenize.h grammar)
 * JSON:  {"tag":"t1","cmd":"move","args":["9/3","2638"],"game":12,"v":5}
 *        "tag", "args", "game" and "v" are optional; args may be strings
 *        or numbers.  "game" and "v" become trailing arguments "game=12"
 *        and "v=5", so the server sees one form whatever the client sent.
 *
 * The verb is argv[0].  raw is the text after the verb exactly as typed
 * (for `say`), or for JSON the args joined with single spaces.
 */
#ifndef PROTO_REQUEST_H
#define PROTO_REQUEST_H

#include <stddef.h>

#include "tokenize.h"

#define PROTO_TAG_MAX 64

struct proto_request {
	int json;            /* 1 if the request was a JSON object */
	char tag[PROTO_TAG_MAX + 1]; /* "" when absent */
	int argc;
	char *argv[PROTO_MAX_ARGS];
	char *raw;           /* points into storage */
	struct proto_buf storage; /* owns every string above */
};

/*
 * Parses line[0..len).  Returns 0, or WG_E_BAD_REQUEST (bad JSON, bad tag,
 * unterminated quote: message says which) or WG_E_BAD_ARGS (too many
 * arguments) with msg (size msgsize) filled.  An empty or blank line gives
 * argc == 0.  Call proto_request_release afterwards in every case.
 */
int proto_request_parse(struct proto_request *req, const char *line, size_t len, char *msg,
			size_t msgsize);
void proto_request_release(struct proto_request *req);

#endif
