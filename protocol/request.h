/*
 * request.h -- one client request, from a text line or a JSON object.
 *
 * Text:  [@tag ]verb arg arg ...          (tokenize.h grammar)
 * JSON:  {"tag":"t1","cmd":"move","args":["9/3","2638"],"game":12,"v":5}
 *        "tag", "args", "game" and "v" are optional; args may be strings
 *        or numbers.  "game" and "v" become the arguments "game=12" and
 *        "v=5" right after the verb (before the args, so they can never be
 *        mistaken for the end of a free text such as a chat line), so the
 *        server sees one form whatever the client sent.
 *
 * The verb is argv[0], as typed (the server lowercases it).  raw is the text
 * after the verb exactly as typed, from its first non-blank byte to the end
 * of the line (for `say`), or for JSON the "args" (not "game" and "v")
 * joined with single spaces, unquoted.
 *
 * A line is JSON when its first non-blank byte is '{' or '['.  A text tag
 * is "@" then 1..PROTO_TAG_MAX bytes of [A-Za-z0-9_.:-], then a blank; a
 * tag with nothing after it is an error.  In JSON, "tag" is such a string
 * ("" or null: no tag), "cmd" a non-empty string without blanks or control
 * characters, "args" an array (null: none) of strings (valid UTF-8 without
 * control characters other than tab, as a text line) and finite numbers
 * (integers printed without decimals), "game" and "v" integers (null:
 * absent); other members are ignored; a \u0000 escape is refused.
 */
#ifndef PROTO_REQUEST_H
#define PROTO_REQUEST_H

#include <stddef.h>

#include "tokenize.h"

#define PROTO_TAG_MAX 64

struct proto_request {
	int json;                    /* 1 if the line was JSON (even if invalid) */
	char tag[PROTO_TAG_MAX + 1]; /* "" when absent */
	int argc;
	char *argv[PROTO_MAX_ARGS];
	char *raw;                /* points into storage */
	struct proto_buf storage; /* owns every string above; secret (buf.h): wiped when freed */
};

/*
 * Parses line[0..len) (not kept; need not be NUL-terminated) into req, which
 * need not be initialised.  Returns 0, or WG_E_BAD_REQUEST (bad JSON, bad
 * tag, unterminated quote, NUL byte: message says which), WG_E_BAD_ARGS
 * (more than PROTO_MAX_ARGS arguments, verb and game=/v= included) or
 * WG_E_NO_MEMORY, with msg (size msgsize, may be NULL/0) filled with a
 * one-line human message; msg is "" on success.  On success raw is never
 * NULL; on failure argc == 0 and raw == NULL, but tag is kept if it was
 * read, so the error reply can carry it.  An empty or blank line gives
 * argc == 0 and raw "".  Call proto_request_release afterwards in every
 * case; until then argv[] and raw stay valid and writable.
 */
int proto_request_parse(struct proto_request *req, const char *line, size_t len, char *msg,
                        size_t msgsize);
/* Frees the storage; req may be parsed into again. */
void proto_request_release(struct proto_request *req);

#endif
