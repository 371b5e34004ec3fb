/*
 * wrap.h -- cutting text into pieces that fit a terminal's width.
 *
 * Owns the one word-wrapping rule of the text protocol, shared by the
 * reply writer (reply.c) and the server's help layout: a piece ends at the
 * last blank (space or tab) that lets it fit, the blanks at the cut are
 * dropped, and a word longer than the width is cut at the width (on a code
 * point boundary).  Leading blanks of the text are kept (they are the
 * text's own indentation) unless they alone take the whole width: then they
 * are dropped and that piece is empty, so that no piece is ever wider.
 *
 * Width is counted in code points (one column per ASCII byte or UTF-8 lead
 * byte): the protocol's texts are ASCII but for user names and chat, and a
 * count that is never below the byte-by-byte columns of ASCII is all a
 * line needs.  Pure functions; no allocation.
 */
#ifndef PROTO_WRAP_H
#define PROTO_WRAP_H

#include <stddef.h>

/* The columns s[0..len) takes (code points). */
size_t proto_width(const char *s, size_t len);

/*
 * The next piece of s[0..len) that fits in width columns (width 0 counts
 * as 1): returns its length in bytes (trailing blanks excluded; 0 only when
 * s holds nothing but blanks, or blanks as wide as width before its text)
 * and sets *next to the offset of the text after it (the blanks at the cut
 * skipped; len when nothing is left; always > 0 when len > 0).
 */
size_t proto_wrap_cut(const char *s, size_t len, size_t width, size_t *next);

#endif
