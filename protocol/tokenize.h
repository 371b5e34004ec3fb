/*
 * tokenize.h -- splitting a request line into arguments, and the reverse.
 *
 * Grammar: arguments are separated by runs of spaces or tabs.  An argument
 * that starts with a double quote runs to the matching closing quote and
 * may contain spaces; inside quotes, \" is a quote and \\ a backslash (any
 * other backslash is kept as is).  Quotes in the middle of an unquoted
 * argument are literal.  The empty quoted argument "" is allowed.
 */
#ifndef PROTO_TOKENIZE_H
#define PROTO_TOKENIZE_H

#include "buf.h"

#define PROTO_MAX_ARGS 64

/*
 * Splits line in place (NULs are written into it).  argv[i] point into
 * line.  Returns 0, WG_E_BAD_REQUEST for an unterminated quote, or
 * WG_E_BAD_ARGS when there are more than max arguments.
 */
int proto_tokenize(char *line, char **argv, int max, int *argc);

/* Appends arg to out, quoted and escaped only when it needs it (spaces,
 * tabs, quotes, backslashes, empty), so proto_tokenize gives arg back. */
int proto_quote(struct proto_buf *out, const char *arg);
/* Appends argv[0..argc) joined by single spaces, each through proto_quote. */
int proto_join(struct proto_buf *out, int argc, char *const *argv);

#endif
