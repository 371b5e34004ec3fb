/*
 * tokenize.h -- splitting a request line into arguments, and the reverse.
 *
 * Grammar: arguments are separated by runs of spaces or tabs.  An argument
 * that starts with a double quote runs to the matching closing quote and
 * may contain spaces; inside quotes, \" is a quote and \\ a backslash (any
 * other backslash is kept as is).  Quotes in the middle of an unquoted
 * argument are literal.  The empty quoted argument "" is allowed.  The
 * closing quote ends the argument even when no blank follows it
 * ("ab"cd is two arguments, ab and cd).  Only spaces and tabs separate:
 * any other byte, control characters included, is argument text.
 */
#ifndef PROTO_TOKENIZE_H
#define PROTO_TOKENIZE_H

#include "buf.h"

#define PROTO_MAX_ARGS 64

/*
 * Splits the NUL-terminated line in place (NULs are written into it, quoted
 * arguments are unescaped in place).  argv[i] point into line, each at the
 * offset where argument i started (its opening quote for a quoted one), so
 * a caller can find the original text that follows an argument.  Returns
 * 0, WG_E_BAD_REQUEST for an unterminated quote, or WG_E_BAD_ARGS when
 * there are more than max arguments; *argc is 0 after an error.
 */
int proto_tokenize(char *line, char **argv, int max, int *argc);

/* Appends arg to out, quoted and escaped only when it needs it (spaces,
 * tabs, quotes, backslashes, empty), so proto_tokenize gives arg back.
 * Returns 0, or -1 out of memory with out unchanged. */
int proto_quote(struct proto_buf *out, const char *arg);
/* Appends argv[0..argc) joined by single spaces, each through proto_quote.
 * Returns 0, or -1 out of memory with out unchanged. */
int proto_join(struct proto_buf *out, int argc, char *const *argv);

#endif
