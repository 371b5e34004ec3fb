/*
 * tokenize.c -- splitting a request line into arguments, and the reverse.
 *
 * Owns the argument grammar of tokenize.h and nothing else: no allocation
 * happens here except through the caller's proto_buf.
 *
 * Invariants: proto_tokenize rewrites a quoted argument in place, shifted
 * left over its opening quote, so argv[i] always points at the byte where
 * argument i started in the original line and never past where it ended;
 * proto_quote produces exactly the text that proto_tokenize turns back into
 * the original argument.
 */
#include "tokenize.h"

#include <string.h>

#include "common/errors.h"

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

int proto_tokenize(char *line, char **argv, int max, int *argc)
{
	char *p = line;
	int n = 0;

	*argc = 0;
	for (;;) {
		char *start, *w;

		while (is_blank(*p))
			p++;
		if (*p == '\0')
			break;
		if (n >= max)
			return WG_E_BAD_ARGS;
		start = p;
		if (*p != '"') {
			while (*p != '\0' && !is_blank(*p))
				p++;
			if (*p != '\0')
				*p++ = '\0';
			argv[n++] = start;
			continue;
		}
		/* Quoted: unescape in place, writing from the opening quote on. */
		w = start;
		p++;
		for (;;) {
			if (*p == '\0')
				return WG_E_BAD_REQUEST;
			if (*p == '"')
				break;
			if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
				p++;
			*w++ = *p++;
		}
		*w = '\0';
		p++; /* past the closing quote; it ends the argument */
		argv[n++] = start;
	}
	*argc = n;
	return 0;
}

static int needs_quotes(const char *arg)
{
	if (*arg == '\0')
		return 1;
	for (; *arg != '\0'; arg++) {
		if (is_blank(*arg) || *arg == '"' || *arg == '\\')
			return 1;
	}
	return 0;
}

int proto_quote(struct proto_buf *out, const char *arg)
{
	size_t start = out->len;
	const char *p;

	if (!needs_quotes(arg))
		return proto_buf_adds(out, arg);
	if (proto_buf_addch(out, '"') != 0)
		goto fail;
	for (p = arg; *p != '\0'; p++) {
		if ((*p == '"' || *p == '\\') && proto_buf_addch(out, '\\') != 0)
			goto fail;
		if (proto_buf_addch(out, *p) != 0)
			goto fail;
	}
	if (proto_buf_addch(out, '"') != 0)
		goto fail;
	return 0;
fail:
	if (out->data != NULL) {
		out->len = start;
		out->data[start] = '\0';
	}
	return -1;
}

int proto_join(struct proto_buf *out, int argc, char *const *argv)
{
	size_t start = out->len;
	int i;

	for (i = 0; i < argc; i++) {
		if (i > 0 && proto_buf_addch(out, ' ') != 0)
			goto fail;
		if (proto_quote(out, argv[i]) != 0)
			goto fail;
	}
	return 0;
fail:
	if (out->data != NULL) {
		out->len = start;
		out->data[start] = '\0';
	}
	return -1;
}
