/*
 * svg_util.h -- reading an SVG document in the picture suites (test_svg*.c): its text as an
 * XML reader joins its lines, and counts of a string in it.  Header-only.
 */
#ifndef TEST_SVG_UTIL_H
#define TEST_SVG_UTIL_H

#include <stdlib.h>
#include <string.h>

/* doc as an XML reader sees its words: every line break, and every run of spaces, one space
 * (malloc'd; NULL on OOM). */
static inline char *svgt_norm(const char *doc)
{
	char *out = malloc(strlen(doc) + 1), *o = out;

	if (out == NULL)
		return NULL;
	for (const char *p = doc; *p; p++) {
		char c = *p == '\n' ? ' ' : *p;
		if (c == ' ' && o > out && o[-1] == ' ')
			continue;
		*o++ = c;
	}
	*o = '\0';
	return out;
}

/* Occurrences of needle in hay. */
static inline int svgt_count(const char *hay, const char *needle)
{
	int n = 0;

	for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

/* The longest line of doc. */
static inline size_t svgt_longest_line(const char *doc)
{
	size_t best = 0;

	while (*doc) {
		size_t n = strcspn(doc, "\n");
		if (n > best)
			best = n;
		doc += n + (doc[n] == '\n');
	}
	return best;
}

#endif
