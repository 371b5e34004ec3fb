/*
 * cmd-account.c -- account verbs: register, login, logout, whoami, password.
 *
 * Password hashing and verification run on the thread pool (auth.h); the
 * connection is busy meanwhile, so its later requests wait their turn.  The
 * passwords are copied into the work struct, wiped after use and never
 * logged (SRV_CMD_SECRET).
 *
 * Prompted forms (text mode, text requests): `register <name>`, `login <name>` and
 * `password` leave a struct srv_prompt on the connection and ask for the
 * secret on the next line (conn.h "Prompts"):
 *
 *   register <name> --> "password: " --> "password again: " --> as register <name> <pw>
 *   login <name> -----> "password: " --------------------------> as login <name> <pw>
 *   password ---------> "old password: " --> "new password: " --> as password <old> <new>
 *
 * A first answer waits in the prompt (wiped when it is used or the
 * connection closes).  Everything a verb checks before the password (name,
 * login state, the failed-login brake) is checked before the first prompt.
 *
 * Every hash goes through one gate (start): the brake of its address (auth.h:
 * a login or password check counts as a failure when it starts and is
 * refunded when the password is right; a registration counts and is never
 * refunded) may delay it (a timer, the connection waiting) or refuse it, and
 * the caps on hashes in flight may refuse it (rate-limited).  A connection
 * that closes drops its queued hash and its pending delay
 * (srv_cmd_account_forget).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "protocol/framer.h"

#include "cmd.h"
#include "conn.h"
#include "games.h"
#include "invites.h"
#include "fanout.h"
#include "log.h"
#include "people.h"
#include "server.h"

enum account_op { OP_REGISTER, OP_LOGIN, OP_PASSWORD_CHECK, OP_PASSWORD_SET };

struct account_req {
	struct srv_conn *conn;
	enum account_op op;
	char tag[72];
	char name[DB_NAME_MAX + 1];
	int64_t uid;
	char new_password[SRV_PASSWORD_MAX + 1];
	char secret[SRV_PASSWORD_MAX + 1]; /* the password to check, while a brake delays it */
	int refuse;                        /* a tarpit: the error answered when the timer fires */
	char refusal[200];
};

enum prompt_step { PR_REGISTER, PR_REGISTER_AGAIN, PR_LOGIN, PR_PASSWORD_OLD, PR_PASSWORD_NEW };

struct srv_prompt {
	enum prompt_step step;
	char tag[72];
	char name[DB_NAME_MAX + 1];
	char first[SRV_PASSWORD_MAX + 1]; /* the first of two answers */
};

static void req_free(struct account_req *r)
{
	sodium_memzero(r, sizeof(*r));
	free(r);
}

static void finish(struct account_req *r)
{
	struct srv_conn *c = r->conn;

	req_free(r);
	srv_conn_done(c);
	srv_conn_unref(c);
}

static void auth_done(struct srv_auth_work *w);

static int submit(struct account_req *r, enum srv_auth_op op, const char *password,
                  const char *hash)
{
	struct srv_auth_work *w = srv_auth_work_new();

	if (w == NULL)
		return -1;
	w->op = op;
	snprintf(w->password, sizeof(w->password), "%s", password);
	if (hash != NULL)
		snprintf(w->hash, sizeof(w->hash), "%s", hash);
	snprintf(w->addr, sizeof(w->addr), "%s", r->conn->peer);
	w->owner = r->conn;
	w->ctx = r;
	w->done = auth_done;
	return srv_auth_submit(r->conn->srv->loop, &r->conn->srv->auth, w) == 0 ? 0 : -1;
}

static void auth_done(struct srv_auth_work *w)
{
	struct account_req *r = w->ctx;
	struct srv_conn *c = r->conn;
	struct srv *s = c->srv;
	char text[160];
	int64_t id;
	int rc;

	if (c->closing) {
		finish(r);
		return;
	}
	switch (r->op) {
	case OP_REGISTER:
		if (w->result != 0) {
			srv_conn_err(c, r->tag, WG_E_INTERNAL, "could not hash the password", "");
			break;
		}
		rc = db_user_create(s->store, r->name, w->hash, srv_now(s), &id);
		if (rc == WG_E_EXISTS) {
			srv_conn_err(c, r->tag, WG_E_NAME_TAKEN, "that name is already registered",
			             "");
		} else if (rc != 0) {
			srv_conn_err(c, r->tag, WG_E_STORAGE, db_last_error(s->store), "");
		} else {
			log_info(c->id, "registered user %s (%lld)", r->name, (long long)id);
			snprintf(text, sizeof(text), "registered %s; now: login %s <password>",
			         r->name, r->name);
			srv_conn_ok_text(c, r->tag, text);
		}
		break;
	case OP_LOGIN:
		if (w->result != 0 || r->uid == 0) {
			/* counted as a failure when it started */
			log_info(c->id, "failed login from %s", c->peer);
			srv_conn_err(c, r->tag, WG_E_AUTH_FAILED, "wrong user name or password",
			             "");
			break;
		}
		srv_auth_refund(&s->auth, c->peer);
		if (srv_admin_banned(s, "user", r->name)) {
			log_info(c->id, "login of banned user %s refused", r->name);
			srv_conn_err(c, r->tag, WG_E_FORBIDDEN,
			             "this user is banned from the server", "");
			break;
		}
		if (c->user != NULL) {
			srv_conn_err(c, r->tag, WG_E_ALREADY_LOGGED_IN, "already logged in", "");
			break;
		}
		if (srv_user_attach(s, c, r->uid, r->name) != 0) {
			srv_conn_err(c, r->tag, WG_E_NO_MEMORY, "out of memory", "");
			break;
		}
		log_info(c->id, "login %s", r->name);
		snprintf(text, sizeof(text), "logged in as %s", r->name);
		srv_conn_ok_text(c, r->tag, text);
		srv_game_login_notices(s, c);
		srv_people_login(s, c);
		srv_invites_login(s, c);
		srv_tourney_login(s, c);
		break;
	case OP_PASSWORD_CHECK:
		if (w->result != 0) {
			log_info(c->id, "failed password check from %s", c->peer);
			srv_conn_err(c, r->tag, WG_E_AUTH_FAILED, "the old password is wrong", "");
			break;
		}
		srv_auth_refund(&s->auth, c->peer);
		/* the second hash of the same request is not capped: its first just ended */
		r->op = OP_PASSWORD_SET;
		if (submit(r, SRV_AUTH_HASH, r->new_password, NULL) != 0) {
			srv_conn_err(c, r->tag, WG_E_INTERNAL, "could not queue the hash", "");
			break;
		}
		sodium_memzero(r->new_password, sizeof(r->new_password));
		return; /* still busy */
	case OP_PASSWORD_SET:
		if (w->result != 0) {
			srv_conn_err(c, r->tag, WG_E_INTERNAL, "could not hash the password", "");
			break;
		}
		if (db_user_set_password(s->store, r->uid, w->hash) != 0) {
			srv_conn_err(c, r->tag, WG_E_STORAGE, db_last_error(s->store), "");
			break;
		}
		log_info(c->id, "password changed for %s", r->name);
		srv_conn_ok_text(c, r->tag, "password changed");
		break;
	}
	finish(r);
}

static void timer_free_cb(uv_handle_t *h)
{
	free(h);
}

/* The hash a delayed request checks its password against now (NULL: it hashes). */
static const char *hash_for(struct account_req *r, struct db_user *u)
{
	struct srv *s = r->conn->srv;

	if (r->op == OP_REGISTER)
		return NULL;
	if (r->uid != 0 && db_user_by_id(s->store, r->uid, u) == 0)
		return u->pwhash;
	return s->auth.dummy_hash; /* an unknown user costs the same as a known one */
}

/* Counts the attempt r makes in its address's brake (auth.h), or gives it back. */
static void count_attempt(struct account_req *r, int count)
{
	struct srv *s = r->conn->srv;

	if (r->op == OP_REGISTER && count)
		srv_auth_registered(&s->auth, r->conn->peer, srv_now(s));
	else if (r->op != OP_REGISTER && count)
		srv_auth_failed(&s->auth, r->conn->peer, srv_now(s));
	else if (r->op != OP_REGISTER)
		srv_auth_refund(&s->auth, r->conn->peer);
}

static const char busy_msg[] =
    "too many passwords are being checked for your address or the server; try again in a "
    "moment";

static void delay_fired(uv_timer_t *t)
{
	struct account_req *r = t->data;
	struct srv_conn *c = r->conn;
	struct db_user u;
	const char *hash;

	uv_close((uv_handle_t *)t, timer_free_cb);
	c->delay = NULL;
	if (r->refuse != 0) { /* the tarpit's time is up: the refusal goes out now */
		srv_conn_err(c, r->tag, r->refuse, r->refusal, "");
		finish(r);
		return;
	}
	hash = hash_for(r, &u);
	if (srv_auth_admit(&c->srv->auth, c->peer) != 0) {
		count_attempt(r, 0);
		srv_conn_err(c, r->tag, WG_E_RATE_LIMITED, busy_msg, "");
		finish(r);
		return;
	}
	if (submit(r, r->op == OP_REGISTER ? SRV_AUTH_HASH : SRV_AUTH_VERIFY, r->secret, hash) !=
	    0) {
		srv_conn_err(c, r->tag, WG_E_INTERNAL, "could not queue the password work", "");
		finish(r);
		return;
	}
	sodium_memzero(r->secret, sizeof(r->secret));
}

/*
 * The one gate of every request that hashes: after delay ms (the brake's wait, 0: none)
 * and within the caps on hashes in flight, the password is hashed (r->op REGISTER) or
 * checked against hash (NULL: the hash is looked up when the delay ends).  The attempt is
 * counted now.  The connection waits; r is the gate's (freed on every path).
 */
static int start(struct srv_cmd_ctx *ctx, struct account_req *r, int64_t delay,
                 const char *password, const char *hash)
{
	struct srv_conn *c = ctx->conn;
	struct srv *s = ctx->srv;

	if (delay == 0 && srv_auth_admit(&s->auth, c->peer) != 0) {
		req_free(r);
		return srv_cmd_fail(ctx, WG_E_RATE_LIMITED, "%s", busy_msg);
	}
	if (delay > 0 && (c->delay = malloc(sizeof(*c->delay))) == NULL) {
		req_free(r);
		return srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
	}
	count_attempt(r, 1);
	srv_conn_ref(c);
	srv_conn_busy(c);
	if (delay > 0) {
		/* the brake: answer later; the connection waits */
		snprintf(r->secret, sizeof(r->secret), "%s", password);
		uv_timer_init(s->loop, c->delay);
		c->delay->data = r;
		log_info(c->id, "%s from %s delayed %lld ms after repeated %s",
		         r->op == OP_REGISTER ? "register"
		         : r->op == OP_LOGIN  ? "login"
		                              : "password",
		         c->peer, (long long)delay,
		         r->op == OP_REGISTER ? "registrations" : "failures");
		uv_timer_start(c->delay, delay_fired, (uint64_t)delay, 0);
		return 0;
	}
	if (submit(r, r->op == OP_REGISTER ? SRV_AUTH_HASH : SRV_AUTH_VERIFY, password, hash) !=
	    0) {
		count_attempt(r, 0);
		req_free(r);
		srv_conn_done(c);
		srv_conn_unref(c);
		return srv_cmd_fail(ctx, WG_E_INTERNAL, "could not queue the password work");
	}
	return 0;
}

void srv_cmd_account_forget(struct srv_conn *c)
{
	srv_cmd_prompt_free(c);
	srv_auth_cancel(&c->srv->auth, c);
	if (c->delay != NULL) {
		/* the delayed request will not run: free it and drop its reference */
		struct account_req *r = c->delay->data;
		uv_timer_stop(c->delay);
		uv_close((uv_handle_t *)c->delay, timer_free_cb);
		c->delay = NULL;
		req_free(r);
		srv_conn_done(c);
		srv_conn_unref(c);
	}
}

static struct account_req *new_req(struct srv_cmd_ctx *ctx, enum account_op op)
{
	struct account_req *r = calloc(1, sizeof(*r));

	if (r == NULL)
		return NULL;
	r->conn = ctx->conn;
	r->op = op;
	snprintf(r->tag, sizeof(r->tag), "%s", ctx->tag);
	return r;
}

/* ---- prompts ---- */

static int weak_password(struct srv_cmd_ctx *ctx)
{
	return srv_cmd_fail(ctx, WG_E_WEAK_PASSWORD, "passwords are %d to %d bytes long",
	                    SRV_PASSWORD_MIN, SRV_PASSWORD_MAX);
}

/*
 * Starts the prompted form of a verb: refused in JSON mode and for a JSON
 * request (a program puts the password in the request); else c->prompt is
 * set and text is sent.
 */
static int prompt_start(struct srv_cmd_ctx *ctx, enum prompt_step step, const char *name,
                        const char *text)
{
	struct srv_conn *c = ctx->conn;
	const struct srv_cmd *cmd = srv_cmd_find(ctx->argv[0]);
	struct srv_prompt *p;

	if (c->mode == PROTO_JSON || ctx->json)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "in JSON the password goes in the request: %s",
		                    cmd != NULL ? cmd->usage : ctx->argv[0]);
	p = calloc(1, sizeof(*p));
	if (p == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
	p->step = step;
	snprintf(p->tag, sizeof(p->tag), "%s", ctx->tag);
	snprintf(p->name, sizeof(p->name), "%s", name);
	c->prompt = p;
	srv_conn_prompt(c, text);
	return 0;
}

static void prompt_wipe(struct srv_prompt *p)
{
	sodium_memzero(p, sizeof(*p));
	free(p);
}

void srv_cmd_prompt_free(struct srv_conn *c)
{
	if (c->prompt == NULL)
		return;
	prompt_wipe(c->prompt);
	c->prompt = NULL;
}

static int register_go(struct srv_cmd_ctx *ctx, const char *name, const char *password);
static int login_go(struct srv_cmd_ctx *ctx, const char *name, const char *password);
static int password_go(struct srv_cmd_ctx *ctx, const char *old, const char *new_password);

/* Handles the answer to prompt p; 0 or an error for ctx (p is the caller's). */
static int prompt_step(struct srv_cmd_ctx *ctx, struct srv_prompt *p, const char *secret)
{
	struct srv_conn *c = ctx->conn;

	switch (p->step) {
	case PR_REGISTER:
	case PR_PASSWORD_OLD:
		if (p->step == PR_REGISTER && srv_auth_check_password(secret) != 0) {
			srv_conn_prompt_end(c);
			return weak_password(ctx);
		}
		/* the first answer waits in the prompt, which asks again */
		snprintf(p->first, sizeof(p->first), "%s", secret);
		p->step = p->step == PR_REGISTER ? PR_REGISTER_AGAIN : PR_PASSWORD_NEW;
		c->prompt = p;
		srv_conn_prompt(c, p->step == PR_REGISTER_AGAIN ? "password again: "
		                                                : "new password: ");
		return 0;
	case PR_REGISTER_AGAIN:
		srv_conn_prompt_end(c);
		if (strcmp(p->first, secret) != 0)
			return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
			                    "the two passwords differ; nothing was registered");
		return register_go(ctx, p->name, secret);
	case PR_LOGIN:
		srv_conn_prompt_end(c);
		return login_go(ctx, p->name, secret);
	case PR_PASSWORD_NEW:
	default:
		srv_conn_prompt_end(c);
		return password_go(ctx, p->first, secret);
	}
}

void srv_cmd_account_refuse(struct srv_conn *c, const char *tag, int code, const char *message)
{
	struct account_req *r = calloc(1, sizeof(*r));

	if (r == NULL || (c->delay = malloc(sizeof(*c->delay))) == NULL) {
		free(r);
		srv_conn_err(c, tag, code, message, ""); /* out of memory: at once */
		return;
	}
	r->conn = c;
	r->refuse = code;
	snprintf(r->tag, sizeof(r->tag), "%s", tag);
	snprintf(r->refusal, sizeof(r->refusal), "%s", message);
	srv_conn_ref(c);
	srv_conn_busy(c);
	uv_timer_init(c->srv->loop, c->delay);
	c->delay->data = r;
	uv_timer_start(c->delay, delay_fired, SRV_AUTH_TARPIT_MS, 0);
}

void srv_cmd_prompt_answer(struct srv_conn *c, const char *line, size_t len)
{
	struct srv_prompt *p = c->prompt;
	struct srv_cmd_ctx ctx;
	int rc;

	srv_cmd_ctx_init(&ctx, c, p->tag);
	c->prompt = NULL; /* prompt_step puts it back to ask again */
	if (!proto_line_valid(line, len) || len > SRV_PASSWORD_MAX) {
		srv_conn_prompt_end(c);
		rc = len > SRV_PASSWORD_MAX
		         ? weak_password(&ctx)
		         : srv_cmd_fail(&ctx, WG_E_BAD_REQUEST,
		                        "a password is UTF-8 text (control or invalid bytes)");
	} else {
		rc = prompt_step(&ctx, p, line);
	}
	if (c->prompt != p)
		prompt_wipe(p);
	if (rc == WG_E_RATE_LIMITED)
		srv_cmd_account_refuse(c, ctx.tag, rc, ctx.err.message);
	else if (rc != 0)
		srv_conn_err(c, ctx.tag, rc, ctx.err.message, ctx.err.rule);
}

/* ---- register ---- */

/* What a registration from this address is refused for before its password: 0 or an
 * error.  Sets *delay to the brake's wait in milliseconds. */
static int register_check(struct srv_cmd_ctx *ctx, int64_t *delay)
{
	struct srv_conn *c = ctx->conn;

	*delay = srv_auth_register_delay_ms(&ctx->srv->auth, c->peer);
	if (*delay < 0) {
		log_warn(c->id, "register refused: too many registrations from %s", c->peer);
		return srv_cmd_fail(ctx, WG_E_RATE_LIMITED,
		                    "too many accounts registered from your address; try again "
		                    "later");
	}
	return 0;
}

static int register_go(struct srv_cmd_ctx *ctx, const char *name, const char *password)
{
	struct account_req *r;
	int64_t delay;
	int rc;

	if (srv_auth_check_password(password) != 0)
		return weak_password(ctx);
	if ((rc = register_check(ctx, &delay)) != 0)
		return rc;
	r = new_req(ctx, OP_REGISTER);
	if (r == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
	snprintf(r->name, sizeof(r->name), "%s", name);
	return start(ctx, r, delay, password, NULL);
}

static int exec_register(struct srv_cmd_ctx *ctx)
{
	struct db_user u;

	if (srv_auth_check_name(ctx->argv[1]) != 0)
		return srv_cmd_fail(
		    ctx, WG_E_BAD_NAME,
		    "names are 2-32 letters, digits, _ or -, starting with a letter");
	if (ctx->argc > 2 && srv_auth_check_password(ctx->argv[2]) != 0)
		return weak_password(ctx);
	if (db_user_by_name(ctx->srv->store, ctx->argv[1], &u) == 0)
		return srv_cmd_fail(ctx, WG_E_NAME_TAKEN, "that name is already registered");
	if (ctx->argc == 2) {
		int64_t delay;
		int rc = register_check(ctx, &delay);
		return rc != 0 ? rc : prompt_start(ctx, PR_REGISTER, ctx->argv[1], "password: ");
	}
	return register_go(ctx, ctx->argv[1], ctx->argv[2]);
}

const struct srv_cmd srv_cmd_register = {
    .name = "register",
    .min_args = 1,
    .max_args = 2,
    .flags = SRV_CMD_SECRET,
    .group = "account",
    .usage = "register <name> [<password>]",
    .help = "Creates an account. Names are 2-32 letters, digits, _ or -, starting with a "
            "letter, and unique regardless of case; passwords are 6-128 bytes (quote them if "
            "they contain spaces). Without the password the server asks for it twice, each "
            "time on a line of its own (hidden from the screen of a telnet client). Log in "
            "afterwards.",
    .exec = exec_register,
};

/* What a password check from this address (login, password) is refused for by the
 * brake: 0 or an error.  Sets *delay to the brake's wait in milliseconds. */
static int brake_check(struct srv_cmd_ctx *ctx, const char *verb, int64_t *delay)
{
	struct srv *s = ctx->srv;
	struct srv_conn *c = ctx->conn;

	*delay = srv_auth_delay_ms(&s->auth, c->peer, srv_now(s));
	if (*delay < 0) {
		log_warn(c->id, "%s refused: too many failures from %s", verb, c->peer);
		return srv_cmd_fail(ctx, WG_E_RATE_LIMITED,
		                    "too many failed password checks from your address; try again "
		                    "in a few minutes");
	}
	return 0;
}

/* What a login is refused for before its password is looked at: 0 or an error.
 * Sets *delay to the brake's wait in milliseconds. */
static int login_check(struct srv_cmd_ctx *ctx, int64_t *delay)
{
	struct srv_conn *c = ctx->conn;

	*delay = 0;
	if (c->user != NULL)
		return srv_cmd_fail(ctx, WG_E_ALREADY_LOGGED_IN,
		                    "already logged in as %s; logout first", c->user->name);
	return brake_check(ctx, "login", delay);
}

static int exec_login(struct srv_cmd_ctx *ctx)
{
	int64_t delay;
	int rc;

	if (ctx->argc > 2)
		return login_go(ctx, ctx->argv[1], ctx->argv[2]);
	rc = login_check(ctx, &delay);
	if (rc != 0)
		return rc;
	return prompt_start(ctx, PR_LOGIN, ctx->argv[1], "password: ");
}

static int login_go(struct srv_cmd_ctx *ctx, const char *name, const char *password)
{
	struct srv *s = ctx->srv;
	struct account_req *r;
	struct db_user u;
	int64_t delay;
	int rc;

	rc = login_check(ctx, &delay);
	if (rc != 0)
		return rc;
	r = new_req(ctx, OP_LOGIN);
	if (r == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
	rc = db_user_by_name(s->store, name, &u);
	if (rc == 0) {
		r->uid = u.id;
		snprintf(r->name, sizeof(r->name), "%s", u.name);
	} else if (rc != WG_E_NOT_FOUND) {
		req_free(r);
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(s->store));
	}
	return start(ctx, r, delay, password, r->uid ? u.pwhash : s->auth.dummy_hash);
}

const struct srv_cmd srv_cmd_login = {
    .name = "login",
    .min_args = 1,
    .max_args = 2,
    .flags = SRV_CMD_SECRET,
    .group = "account",
    .usage = "login <name> [<password>]",
    .help = "Logs this connection in. Without the password the server asks for it on a line "
            "of its own (hidden from the screen of a telnet client). You may be logged in on "
            "several connections at once; "
            "each receives your notifications. After login you hear of every game waiting for "
            "you (your-turn) and of events you missed (missed). Repeated failures from one "
            "address slow its logins down.",
    .exec = exec_login,
};

static int exec_logout(struct srv_cmd_ctx *ctx)
{
	log_info(ctx->conn->id, "logout %s", ctx->conn->user->name);
	srv_user_detach(ctx->srv, ctx->conn);
	ctx->conn->current_game = 0;
	ctx->conn->last_active = srv_now_ms(ctx->srv);
	ctx->conn->guest_since = ctx->conn->last_active; /* a guest again (quota.h) */
	srv_conn_ok_text(ctx->conn, ctx->tag, "logged out");
	return 0;
}

const struct srv_cmd srv_cmd_logout = {
    .name = "logout",
    .min_args = 0,
    .max_args = 0,
    .flags = SRV_CMD_LOGIN,
    .group = "account",
    .usage = "logout",
    .help = "Logs this connection out; other connections of the same user stay logged in.",
    .exec = exec_logout,
};

static int exec_whoami(struct srv_cmd_ctx *ctx)
{
	struct srv_conn *c = ctx->conn;
	cJSON *data = cJSON_CreateObject();
	char summary[128];

	if (c->user != NULL) {
		cJSON_AddStringToObject(data, "user", c->user->name);
		cJSON_AddNumberToObject(data, "id", (double)c->user->id);
		cJSON_AddNumberToObject(data, "connections", (double)c->user->nconns);
		snprintf(summary, sizeof(summary), "%s", c->user->name);
	} else {
		cJSON_AddNullToObject(data, "user");
		snprintf(summary, sizeof(summary), "not logged in");
	}
	cJSON_AddNumberToObject(data, "connection", (double)c->id);
	cJSON_AddStringToObject(data, "mode", c->mode == PROTO_JSON ? "json" : "text");
	if (c->current_game != 0)
		cJSON_AddNumberToObject(data, "game", (double)c->current_game);
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(c, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

const struct srv_cmd srv_cmd_whoami = {
    .name = "whoami",
    .min_args = 0,
    .max_args = 0,
    .group = "account",
    .usage = "whoami",
    .help = "Shows who this connection is logged in as, its id, mode and current game.",
    .exec = exec_whoami,
};

static int exec_password(struct srv_cmd_ctx *ctx)
{
	const struct srv_cmd *cmd = srv_cmd_find("password");

	if (ctx->argc == 1) {
		int64_t delay;
		int rc = brake_check(ctx, "password", &delay);
		return rc != 0 ? rc : prompt_start(ctx, PR_PASSWORD_OLD, "", "old password: ");
	}
	if (ctx->argc != 3)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "usage: %s", cmd->usage);
	return password_go(ctx, ctx->argv[1], ctx->argv[2]);
}

static int password_go(struct srv_cmd_ctx *ctx, const char *old, const char *new_password)
{
	struct db_user u;
	struct account_req *r;
	int64_t delay;
	int rc;

	if (ctx->conn->user == NULL)
		return srv_cmd_fail(ctx, WG_E_NOT_LOGGED_IN, "log in first");
	if (srv_auth_check_password(new_password) != 0)
		return weak_password(ctx);
	if ((rc = brake_check(ctx, "password", &delay)) != 0)
		return rc;
	if (db_user_by_id(ctx->srv->store, ctx->conn->user->id, &u) != 0)
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(ctx->srv->store));
	r = new_req(ctx, OP_PASSWORD_CHECK);
	if (r == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
	r->uid = u.id;
	snprintf(r->name, sizeof(r->name), "%s", u.name);
	snprintf(r->new_password, sizeof(r->new_password), "%s", new_password);
	return start(ctx, r, delay, old, u.pwhash);
}

const struct srv_cmd srv_cmd_password = {
    .name = "password",
    .min_args = 0,
    .max_args = 2,
    .flags = SRV_CMD_LOGIN | SRV_CMD_SECRET,
    .group = "account",
    .usage = "password [<old> <new>]",
    .help = "Changes your password after checking the old one. Without them the server asks "
            "for the old and then the new password, each on a line of its own (hidden from the "
            "screen of a telnet client).",
    .exec = exec_password,
};
