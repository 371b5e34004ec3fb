/*
 * errors.h -- the one list of error codes used by every wargamed module.
 *
 * Every function that can fail returns 0 or one of the negative WG_E_* codes
 * generated below.  Each code has a stable lower-case slug that travels on the
 * wire (`err <slug> <message>` in text mode, "code" in JSON mode) and a short
 * description used by `help errors` and docs/protocol.md.
 *
 * Invariants:
 *   - codes are negative and dense (WG_E_<X> == -(index + 1));
 *   - slugs never change once released (clients match on them);
 *   - new codes are appended at the end of the list.
 *
 * This header is shared by rules/, protocol/, db/ and server/; it has no
 * dependencies and no state.
 */
#ifndef WG_ERRORS_H
#define WG_ERRORS_H

#define WG_ERRORS(X)                                                                               \
	X(BAD_ARGS, "bad-args", "wrong number or form of arguments")                               \
	X(UNKNOWN_VERB, "unknown-verb", "no such command")                                         \
	X(LINE_TOO_LONG, "line-too-long", "request line longer than 4096 bytes")                   \
	X(BAD_REQUEST, "bad-request", "request is not valid text or JSON")                         \
	X(NOT_LOGGED_IN, "not-logged-in", "command needs a logged-in user")                        \
	X(ALREADY_LOGGED_IN, "already-logged-in", "connection is already logged in")               \
	X(AUTH_FAILED, "auth-failed", "wrong user name or password")                               \
	X(RATE_LIMITED, "rate-limited", "a limit on logins, games or chat; wait and retry")        \
	X(NAME_TAKEN, "name-taken", "user name already registered")                                \
	X(BAD_NAME, "bad-name", "user name not allowed")                                           \
	X(WEAK_PASSWORD, "weak-password", "password too short or too long")                        \
	X(NO_SUCH_GAME, "no-such-game", "no game with that id")                                    \
	X(NO_SUCH_SCENARIO, "no-such-scenario", "no scenario with that name")                      \
	X(NO_GAME, "no-game", "no current game; use `use <game>` or game=<id>")                    \
	X(GAME_FULL, "game-full", "both seats are taken")                                          \
	X(SIDE_TAKEN, "side-taken", "that side is already taken")                                  \
	X(ALREADY_SEATED, "already-seated", "you already hold a seat in that game")                \
	X(NOT_A_PLAYER, "not-a-player", "only a seated player may do that")                        \
	X(NOT_STARTED, "not-started", "the game waits for a second player")                        \
	X(GAME_OVER, "game-over", "the game has ended")                                            \
	X(NOT_YOUR_TURN, "not-your-turn", "the game does not wait for you now")                    \
	X(STALE, "stale", "the game has moved past the version you gave")                          \
	X(FORBIDDEN, "forbidden", "you may not do that")                                           \
	X(DEBUG_DISABLED, "debug-disabled", "debug verbs need --allow-debug")                      \
	X(SERVER_FULL, "server-full", "the server has reached its connection limit")               \
	X(TOO_LONG, "too-long", "text argument too long")                                          \
	X(ILLEGAL_MOVE, "illegal-move", "the move breaks a movement rule")                         \
	X(ILLEGAL_ATTACK, "illegal-attack", "the attack breaks a combat rule")                     \
	X(ILLEGAL_SUPPORT, "illegal-support", "the support-fire play breaks a rule")               \
	X(ILLEGAL_RETREAT, "illegal-retreat", "the retreat breaks a retreat rule")                 \
	X(ILLEGAL_ACTION, "illegal-action", "the action breaks a rule")                            \
	X(WRONG_PHASE, "wrong-phase", "that action is not allowed in this phase")                  \
	X(NO_SUCH_UNIT, "no-such-unit", "no unit with that id")                                    \
	X(NO_SUCH_HEX, "no-such-hex", "no hex with that number on this map")                       \
	X(BAD_OPTION, "bad-option", "unknown or invalid game option")                              \
	X(BAD_SCENARIO, "bad-scenario", "scenario file failed validation")                         \
	X(NOT_FOUND, "not-found", "no such record")                                                \
	X(EXISTS, "exists", "record already exists")                                               \
	X(NO_MEMORY, "no-memory", "out of memory")                                                 \
	X(STORAGE, "storage", "the database failed; the action was not applied")                   \
	X(INTERNAL, "internal", "internal server error")                                           \
	X(NO_SUCH_USER, "no-such-user", "no user with that name")                                  \
	X(BLOCKED, "blocked", "that user does not accept this from you")

#define WG_OK 0

enum wg__error_index {
#define WG__ERR_ENUM(name, slug, desc) WG__E_IDX_##name,
	WG_ERRORS(WG__ERR_ENUM)
#undef WG__ERR_ENUM
	    WG__E_COUNT
};

enum wg_error {
#define WG__ERR_CONST(name, slug, desc) WG_E_##name = -(WG__E_IDX_##name + 1),
	WG_ERRORS(WG__ERR_CONST)
#undef WG__ERR_CONST
};

/* The wire slug of a code ("illegal-move"); "internal" for unknown codes. */
static inline const char *wg_error_slug(int code)
{
	static const char *const slugs[] = {
#define WG__ERR_SLUG(name, slug, desc) slug,
	    WG_ERRORS(WG__ERR_SLUG)
#undef WG__ERR_SLUG
	};
	int i = -code - 1;
	if (i < 0 || i >= (int)WG__E_COUNT)
		return "internal";
	return slugs[i];
}

/* The one-line description of a code, for `help errors`. */
static inline const char *wg_error_desc(int code)
{
	static const char *const descs[] = {
#define WG__ERR_DESC(name, slug, desc) desc,
	    WG_ERRORS(WG__ERR_DESC)
#undef WG__ERR_DESC
	};
	int i = -code - 1;
	if (i < 0 || i >= (int)WG__E_COUNT)
		return "internal server error";
	return descs[i];
}

#endif
