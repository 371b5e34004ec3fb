/*
 * e2e_assert.h -- cmocka assertions on e2e replies.  Include after cmocka.h.
 */
#ifndef E2E_ASSERT_H
#define E2E_ASSERT_H

#include <stdio.h>
#include <string.h>

#include "e2e.h"

/* The reply to the last request ended in ok. */
#define assert_ok(c)                                                                               \
	do {                                                                                       \
		if (strncmp((c)->final, "ok", 2) != 0 && strstr((c)->final, " ok") == NULL &&      \
		    strstr((c)->final, "\"ok\":true") == NULL)                                     \
			fail_msg("expected ok, got: %s\nreply:\n%s", (c)->final, (c)->reply);      \
	} while (0)

/* The reply to the last request was `err <code>` (a final line that was too wide for the
 * screen ends after the code: docs/protocol.md "Replies in text mode"). */
#define assert_err(c, code)                                                                        \
	do {                                                                                       \
		char want_[96];                                                                    \
		const char *at_;                                                                   \
		snprintf(want_, sizeof(want_), "err %s", code);                                    \
		at_ = strstr((c)->final, want_);                                                   \
		if (at_ == NULL || (at_[strlen(want_)] != ' ' && at_[strlen(want_)] != '\0')) {    \
			snprintf(want_, sizeof(want_), "\"code\":\"%s\"", code);                   \
			if (strstr((c)->final, want_) == NULL)                                     \
				fail_msg("expected err %s, got: %s", code, (c)->final);            \
		}                                                                                  \
	} while (0)

#define assert_contains(hay, needle)                                                               \
	do {                                                                                       \
		const char *h_ = (hay);                                                            \
		if (h_ == NULL || strstr(h_, (needle)) == NULL)                                    \
			fail_msg("expected to find \"%s\" in:\n%s", (needle), h_ ? h_ : "(null)"); \
	} while (0)

#define assert_not_contains(hay, needle)                                                           \
	do {                                                                                       \
		const char *h_ = (hay);                                                            \
		if (h_ != NULL && strstr(h_, (needle)) != NULL)                                    \
			fail_msg("did not expect \"%s\" in:\n%s", (needle), h_);                   \
	} while (0)

/* Runs a command and asserts ok. */
#define cmd_ok(c, ...)                                                                             \
	do {                                                                                       \
		if (e2e_cmd((c), __VA_ARGS__) == NULL)                                             \
			fail_msg("no reply to a command");                                         \
		assert_ok(c);                                                                      \
	} while (0)

#define cmd_err(c, code, ...)                                                                      \
	do {                                                                                       \
		if (e2e_cmd((c), __VA_ARGS__) == NULL)                                             \
			fail_msg("no reply to a command");                                         \
		assert_err(c, code);                                                               \
	} while (0)

#endif
