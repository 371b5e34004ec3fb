/*
 * classify.h -- what a line from the server is, and what a line typed by the
 * user must not be saved as, by framing alone (DESIGN.md "Protocol").
 *
 * The client never interprets game verbs; it only needs to know when a
 * request has been answered (to exit after the last reply), which lines to
 * colour, and which lines carry a password (kept out of the history file).
 *
 * Server lines (after the greeting, which is always the first line):
 *   "  ..."                          data line of a reply
 *   "* ..."                          notification
 *   ["@" tag " "] "ok" [" " ...]     final line of a reply
 *   ["@" tag " "] "err" [" " ...]    final line of a reply (an error)
 *   "{" "event": ...}                JSON-mode notification
 *   "{" anything else "}"            JSON-mode reply (final)
 * Anything else is treated as data.
 *
 * Prompts: the prompted forms of the account verbs (`login <name>`,
 * `register <name>`, `password`) are answered first with a prompt that has
 * no line end -- "password: ", "password again: ", "old password: ",
 * "new password: " -- and the next line the client sends is the secret
 * (docs/protocol.md "login").  All functions are pure.
 */
#ifndef CLI_CLASSIFY_H
#define CLI_CLASSIFY_H

#include <stddef.h>

enum cli_line_kind {
	CLI_LINE_DATA = 0,
	CLI_LINE_NOTICE,
	CLI_LINE_OK,  /* final line, success */
	CLI_LINE_ERR, /* final line, error */
	CLI_LINE_JSON_REPLY,
};

/* Classifies one server line (no "\n"). */
enum cli_line_kind cli_classify(const char *line, size_t len);
/* 1 if kind ends a reply (CLI_LINE_OK, CLI_LINE_ERR or CLI_LINE_JSON_REPLY). */
int cli_line_is_final(enum cli_line_kind kind);
/* 1 if the line holds nothing but spaces and tabs. */
int cli_line_is_blank(const char *line, size_t len);
/*
 * 1 if a request line carries a password and must not reach the history
 * file: its first word (after an optional "@tag ") is, case-insensitively,
 * login, register or password, or it is a JSON request naming one of them.
 */
int cli_line_is_secret(const char *line, size_t len);
/* The length of the prompt s[0..len) starts with, or 0. */
size_t cli_prompt_len(const char *s, size_t len);
/*
 * How many prompts a request line asks for: 1 for "login <name>", 2 for
 * "register <name>" and "password" (after an optional "@tag ";
 * case-insensitive), 0 for anything else (a JSON request never prompts).
 */
int cli_line_prompts(const char *line, size_t len);

#endif
