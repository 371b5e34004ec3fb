/*
 * cmd.h -- the command table and the dispatcher.
 *
 * Every server verb is one `const struct srv_cmd` exported by the file of
 * its family (cmd-session.c, cmd-account.c, cmd-people.c, cmd-lobby.c,
 * cmd-game.c, cmd-clock.c, cmd-debug.c) and collected in one table in cmd.c (the tmux model).  The
 * dispatcher parses the request, strips the game=<id>, v=<n> and d=<n>
 * arguments that every game verb accepts, checks arity, login and debug
 * gates from the entry, then calls exec.  `help` is generated from the same
 * table, and game verbs come from the scenario of the game the request
 * targets: the dispatcher looks such a verb up once and hands it on; its
 * arity is checked by the match (rules/core/match.c), its turn by the engine.
 *
 * exec either answers (srv_conn_ok / srv_conn_err) and returns 0, goes
 * asynchronous (srv_conn_busy ... answer ... srv_conn_done) and returns 0,
 * or returns a negative WG_E_* code with ctx->err filled, in which case the
 * dispatcher sends the one err line (code, message and rule id are joined in
 * one place: proto_write_err).
 */
#ifndef SRV_CMD_H
#define SRV_CMD_H

#include <stddef.h>
#include <stdint.h>

#include "protocol/buf.h"
#include "rules/core/catalog.h"
#include "rules/core/ruleset.h"

#include "timectl.h"

struct srv;
struct srv_conn;

struct srv_cmd_ctx {
	struct srv *srv;
	struct srv_conn *conn;
	char tag[72];
	int json; /* the request came as a JSON object */
	int argc;
	char **argv;      /* argv[0] is the verb, lower-cased */
	const char *raw;  /* text after the verb as typed */
	int64_t game_id;  /* game=<id>, else the connection's current game, else 0 */
	int game_given;   /* game=<id> was in the request */
	int64_t version;  /* v=<n>, or -1 */
	int64_t decision; /* d=<n>, or -1 */
	struct rules_error err;
};

#define SRV_CMD_LOGIN  0x1u  /* needs a logged-in user */
#define SRV_CMD_DEBUG  0x2u  /* needs --allow-debug */
#define SRV_CMD_SECRET 0x4u  /* arguments are never logged (passwords) */
#define SRV_CMD_GAME   0x8u  /* targets a game: accepts game=<id>, v=<n> and d=<n> */
#define SRV_CMD_TEXT   0x10u /* free text follows: game=/v=/d= only before it (say) */
#define SRV_CMD_READ   0x20u /* reads only: a stale v= changed nothing (no "nothing done") */

struct srv_cmd {
	const char *name;
	const char *alias; /* or NULL */
	int min_args;
	int max_args; /* -1: unbounded */
	unsigned flags;
	const char *group; /* help section: "session", "account", "people", "lobby", "game",
	                    * "admin", "debug" */
	const char *usage;
	const char *help;
	int (*exec)(struct srv_cmd_ctx *ctx);
	const struct srv_cmd *subs; /* sub-verbs (`tournament create`), name NULL last; or NULL:
	                             * `help <verb> <sub>` explains one */
};

/* Handles one request line of conn (already framed, NUL-terminated). */
void srv_cmd_dispatch(struct srv_conn *c, char *line, size_t len);
/* Takes the line that answers c's pending prompt (the secret, never logged; the caller
 * wipes it afterwards) and goes on with the account verb that asked (cmd-account.c). */
void srv_cmd_prompt_answer(struct srv_conn *c, const char *line, size_t len);
/* Drops c's pending prompt, if any, wiping what it held (the connection closes). */
void srv_cmd_prompt_free(struct srv_conn *c);
/* The connection closes: its prompt is wiped, its queued password work dropped (never
 * computed) and a login the brake delays forgotten (cmd-account.c). */
void srv_cmd_account_forget(struct srv_conn *c);
/*
 * A password verb (register, login, password) refused with rate-limited: the refusal is
 * answered only after SRV_AUTH_TARPIT_MS, the connection waiting (busy) meanwhile, so a
 * client that tries again at once gets a try a second rather than thousands (each would
 * cost the loop a request).  A connection that closes meanwhile is forgotten as for a
 * brake's delay (srv_cmd_account_forget).
 */
void srv_cmd_account_refuse(struct srv_conn *c, const char *tag, int code, const char *message);

/* The entry named name or aliased so (case-insensitive), or NULL. */
const struct srv_cmd *srv_cmd_find(const char *name);
/* The table and its size (for help and docs). */
const struct srv_cmd *const *srv_cmd_table(size_t *count);

/* Starts ctx for a request of c tagged tag ("" for none): no game, no v=/d=, no error. */
void srv_cmd_ctx_init(struct srv_cmd_ctx *ctx, struct srv_conn *c, const char *tag);
/* Fills ctx->err and returns code (like rules_fail, for server errors). */
int srv_cmd_fail(struct srv_cmd_ctx *ctx, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Parses a decimal id > 0; 0 or -1. */
int srv_parse_id(const char *s, int64_t *out);

/* The entries, one per verb (defined in cmd-*.c). */
extern const struct srv_cmd srv_cmd_help, srv_cmd_ping, srv_cmd_quit, srv_cmd_mode;
extern const struct srv_cmd srv_cmd_register, srv_cmd_login, srv_cmd_logout, srv_cmd_whoami,
    srv_cmd_password;
extern const struct srv_cmd srv_cmd_scenarios, srv_cmd_new, srv_cmd_games, srv_cmd_join,
    srv_cmd_watch, srv_cmd_unwatch, srv_cmd_use;
extern const struct srv_cmd srv_cmd_view, srv_cmd_pending, srv_cmd_log, srv_cmd_say, srv_cmd_chat,
    srv_cmd_resign, srv_cmd_verify;
extern const struct srv_cmd srv_cmd_moretime, srv_cmd_vacation;
extern const struct srv_cmd srv_cmd_who, srv_cmd_finger, srv_cmd_tell, srv_cmd_messages,
    srv_cmd_block, srv_cmd_unblock;
extern const struct srv_cmd srv_cmd_challenge, srv_cmd_challenges, srv_cmd_seek, srv_cmd_seeks,
    srv_cmd_unseek, srv_cmd_accept, srv_cmd_decline;
extern const struct srv_cmd srv_cmd_offer, srv_cmd_rematch, srv_cmd_export;
extern const struct srv_cmd srv_cmd_notify;
extern const struct srv_cmd srv_cmd_tournament, srv_cmd_ratings;

/* accept draw|pause|takeback / decline ... (accept 1, 0) in the target game (cmd-offer.c). */
int srv_offer_answer(struct srv_cmd_ctx *ctx, int accept);
/* 1 if word names an offer of a game (draw, pause, takeback). */
int srv_offer_is(const char *word);
extern const struct srv_cmd srv_cmd_debug;
extern const struct srv_cmd srv_cmd_kick, srv_cmd_ban, srv_cmd_unban, srv_cmd_stats,
    srv_cmd_shutdown, srv_cmd_audit;
extern const struct srv_cmd srv_cmd_invite;

/* The arguments of new (and of challenge and seek) after the scenario: side, private, the
 * time control and the rules' options. */
struct srv_new_args {
	int side; /* -1: random */
	int private_game;
	int rated; /* rated (1) or unrated (0, the default): docs/tournaments.md */
	struct rules_options opts;
	struct proto_buf optext; /* the options as typed (quoted), stored with the game */
	struct srv_tc tc;
	char spec[SRV_TC_SPEC_MAX]; /* tc's canonical spec */
};

/* Parses argv[first..] of ctx for scenario e into *a (private only when allow_private).  0, or
 * a WG_E_* code with ctx->err; srv_new_args_release(a) either way. */
int srv_new_args_parse(struct srv_cmd_ctx *ctx, const struct rules_catalog_entry *e, int first,
                       int allow_private, struct srv_new_args *a);
void srv_new_args_release(struct srv_new_args *a);

/* The game verb argv[0] of the target game (or NULL with ctx->err set when it is a verb of
 * some game but not this one's; NULL with no error when it is no game verb). */
const struct rules_verb *srv_cmd_find_game_verb(struct srv_cmd_ctx *ctx);
/* Runs a game verb of the target game's scenario (cmd-game.c). */
int srv_cmd_game_verb(struct srv_cmd_ctx *ctx, const struct rules_verb *verb);

#endif
