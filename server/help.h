/*
 * help.h -- the texts of `help`, laid out for the screen they go to.
 *
 * `help`, `help <verb>` and `help errors` (cmd-session.c) take their words
 * from the command table (cmd.h), the verb tables of the rulesets and the
 * error list; this module turns them into the strings of a reply's "lines"
 * array.  With cols > 0 every string fits in cols columns once the text
 * writer has put its two-space indent before it (so help never needs the
 * writer's generic wrapping, protocol/reply.h "Width"):
 *
 *   - a listing entry is the usage in a column of its own and the first
 *     sentence of the help beside it, going on under itself (a hanging
 *     indent); a usage too long for its column gets a line of its own;
 *     below 62 columns the sentence goes under the usage instead;
 *   - a help text is a paragraph of lines.
 *
 * cols 0 lays out for no limit (JSON mode): one string per entry or text,
 * as wide as it comes.  Functions return 0, or -1 when out of memory (what
 * was added stays).
 */
#ifndef SRV_HELP_H
#define SRV_HELP_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "rules/core/ruleset.h"

struct srv_cmd;

/* The width of the usage column in command and verb listings. */
#define SRV_HELP_USAGE_COL 36

/* Length of the first sentence of text (up to ". " or a final "."). */
size_t srv_help_first_sentence(const char *text);
/* One listing entry: indent spaces, usage padded to ucol columns, a space, text[0..tlen). */
int srv_help_entry(cJSON *lines, int indent, const char *usage, int ucol, const char *text,
                   size_t tlen, int cols);
/* text as a paragraph: lines of at most cols - 2 columns (one line when cols is 0). */
int srv_help_text(cJSON *lines, const char *text, int cols);

/* The listing of `help`: each group of the n commands of table ("debug" only when
 * with_debug), a heading per group. */
int srv_help_commands(cJSON *lines, const struct srv_cmd *const *table, size_t n, int with_debug,
                      int cols);
/* The verbs of scenario sc of rs, under the heading "game <id> (<scenario>) verbs:". */
int srv_help_verbs(cJSON *lines, const struct ruleset *rs, const struct rules_scenario *sc,
                   long long id, const char *scenario, int cols);
/* `help <command>`: its lines and the "usage" and "help" members, into data. */
int srv_help_command(cJSON *data, const struct srv_cmd *cmd, int cols);
/* `help <verb>` of a game verb of scenario (ruleset rs), into data. */
int srv_help_verb(cJSON *data, const struct rules_verb *v, const char *scenario,
                  const struct ruleset *rs, int cols);
/* `help errors`: one entry per error code. */
int srv_help_errors(cJSON *lines, int cols);

#endif
