/*
 * classify.c -- server line kinds and secret request lines (see classify.h).
 */
#include "classify.h"

#include <string.h>
#include <strings.h>

/* Skips an "@tag " prefix; returns the offset of what follows (0 if none). */
static size_t skip_tag(const char *s, size_t len)
{
	size_t i = 1;

	if (len == 0 || s[0] != '@')
		return 0;
	while (i < len && s[i] != ' ')
		i++;
	if (i >= len || i == 1)
		return 0; /* "@" alone or "@tag" without anything after it */
	while (i < len && s[i] == ' ')
		i++;
	return i;
}

/* 1 if s[0..len) starts with the word w followed by the end or a space. */
static int starts_word(const char *s, size_t len, const char *w)
{
	size_t n = strlen(w);

	return len >= n && memcmp(s, w, n) == 0 && (len == n || s[n] == ' ' || s[n] == '\t');
}

enum cli_line_kind cli_classify(const char *line, size_t len)
{
	size_t i;

	if (len >= 2 && line[0] == ' ' && line[1] == ' ')
		return CLI_LINE_DATA;
	if (len >= 2 && line[0] == '*' && line[1] == ' ')
		return CLI_LINE_NOTICE;
	if (len >= 1 && line[0] == '{') {
		i = 1;
		while (i < len && (line[i] == ' ' || line[i] == '\t'))
			i++;
		if (len - i >= 7 && memcmp(line + i, "\"event\"", 7) == 0)
			return CLI_LINE_NOTICE;
		return CLI_LINE_JSON_REPLY;
	}
	i = skip_tag(line, len);
	if (starts_word(line + i, len - i, "ok"))
		return CLI_LINE_OK;
	if (starts_word(line + i, len - i, "err"))
		return CLI_LINE_ERR;
	return CLI_LINE_DATA;
}

int cli_line_is_final(enum cli_line_kind kind)
{
	return kind == CLI_LINE_OK || kind == CLI_LINE_ERR || kind == CLI_LINE_JSON_REPLY;
}

int cli_line_is_blank(const char *line, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (line[i] != ' ' && line[i] != '\t')
			return 0;
	}
	return 1;
}

/* 1 if the word s[0..n) is one of the verbs that carry a password. */
static int secret_verb(const char *s, size_t n)
{
	static const char *const verbs[] = {"login", "register", "password"};
	size_t k;

	for (k = 0; k < sizeof(verbs) / sizeof(verbs[0]); k++) {
		if (n == strlen(verbs[k]) && strncasecmp(s, verbs[k], n) == 0)
			return 1;
	}
	return 0;
}

int cli_line_is_secret(const char *line, size_t len)
{
	size_t i = 0, start;
	const char *p;

	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i < len && line[i] == '{') {
		/* JSON request: look for "cmd":"<verb>" anywhere, conservatively. */
		for (p = line + i; (p = memchr(p, '"', (size_t)(line + len - p))) != NULL; p++) {
			start = (size_t)(p - line) + 1;
			i = start;
			while (i < len && line[i] != '"')
				i++;
			if (i < len && secret_verb(line + start, i - start))
				return 1;
			if (i >= len)
				break;
			p = line + i;
		}
		return 0;
	}
	i += skip_tag(line + i, len - i);
	start = i;
	while (i < len && line[i] != ' ' && line[i] != '\t')
		i++;
	return secret_verb(line + start, i - start);
}

size_t cli_prompt_len(const char *s, size_t len)
{
	static const char *const prompts[] = {
	    "password: ", "password again: ", "old password: ", "new password: "};
	size_t k, n;

	for (k = 0; k < sizeof(prompts) / sizeof(prompts[0]); k++) {
		n = strlen(prompts[k]);
		if (len >= n && memcmp(s, prompts[k], n) == 0)
			return n;
	}
	return 0;
}

int cli_line_prompts(const char *line, size_t len)
{
	size_t i = 0, start, words = 0;
	const char *verb = NULL;
	size_t vlen = 0;

	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i < len && (line[i] == '{' || line[i] == '['))
		return 0;
	i += skip_tag(line + i, len - i);
	for (;;) {
		while (i < len && (line[i] == ' ' || line[i] == '\t'))
			i++;
		if (i >= len)
			break;
		start = i;
		while (i < len && line[i] != ' ' && line[i] != '\t')
			i++;
		if (words++ == 0) {
			verb = line + start;
			vlen = i - start;
		}
	}
	if (verb == NULL)
		return 0;
	if (vlen == 5 && strncasecmp(verb, "login", 5) == 0 && words == 2)
		return 1;
	if (vlen == 8 && strncasecmp(verb, "register", 8) == 0 && words == 2)
		return 2;
	if (vlen == 8 && strncasecmp(verb, "password", 8) == 0 && words == 1)
		return 2;
	return 0;
}
