/*
 * str.h -- bounded string copies shared by every wargamed module.
 *
 * wg_strcopy() is for the places that mean to truncate: a message, a reason or
 * a line copied into a fixed buffer that may be shorter than its source.  It
 * says so, where snprintf(dst, size, "%s", src) leaves the compiler guessing
 * (-Wformat-truncation at -O2 and above).  Header-only, no state.
 */
#ifndef WG_STR_H
#define WG_STR_H

#include <string.h>

/* Copies src into dst[size] (size > 0), truncated to size - 1 bytes and always
 * terminated.  Returns dst. */
static inline char *wg_strcopy(char *dst, size_t size, const char *src)
{
	size_t n = strnlen(src, size - 1);

	memmove(dst, src, n);
	dst[n] = '\0';
	return dst;
}

#endif
