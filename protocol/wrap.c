/*
 * wrap.c -- word wrapping to a width in columns (see wrap.h).
 */
#include "wrap.h"

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* 1 if the byte starts a code point (not a UTF-8 continuation byte). */
static int is_lead(char c)
{
	return ((unsigned char)c & 0xc0) != 0x80;
}

size_t proto_width(const char *s, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		n += is_lead(s[i]);
	return n;
}

size_t proto_wrap_cut(const char *s, size_t len, size_t width, size_t *next)
{
	size_t i = 0, cols = 0, text, fit, cut = 0, end;

	if (width == 0)
		width = 1;
	/* the text's own indentation is kept, but is no place to cut */
	while (i < len && is_blank(s[i]))
		i++;
	text = i;
	if (text == len) {
		*next = len;
		return 0;
	}
	/* an indentation as wide as the width leaves no room for the text: it is dropped, and
	 * the piece is empty, so that no piece is ever wider than the width */
	if (text >= width) {
		*next = text;
		return 0;
	}
	/* fit: the longest head of at most width columns, on a code point boundary */
	for (fit = 0; fit < len; fit++) {
		if (is_lead(s[fit]) && cols++ == width)
			break;
	}
	if (fit >= len) {
		cut = len;
	} else {
		/* the last blank after the first word within the head (or right after it) */
		for (size_t k = fit; k > text; k--) {
			if (is_blank(s[k])) {
				cut = k;
				break;
			}
		}
		if (cut == 0)
			cut = fit; /* one long word: cut it at the width (fit > text) */
	}
	end = cut;
	while (end > 0 && is_blank(s[end - 1]))
		end--;
	i = cut;
	while (i < len && is_blank(s[i]))
		i++;
	*next = i;
	return end;
}
