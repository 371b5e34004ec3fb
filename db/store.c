/*
 * store.c -- the store's front: db_open picks the backend by the path's
 * scheme, and every other db_* function calls the same operation of the
 * store's backend (backend.h).  No SQL here.
 */
#include "backend.h"

#include <stdio.h>
#include <string.h>

static const struct db_backend *const backends[] = {&db__sqlite, NULL};

/* Why the last db_open of this thread failed (db_last_error(NULL)). */
static _Thread_local char open_err[512];

int db_open(const char *path, struct db_store **out)
{
	const struct db_backend *b = &db__sqlite;
	const char *colon;
	int rc;

	*out = NULL;
	open_err[0] = '\0';
	if (path == NULL) {
		snprintf(open_err, sizeof(open_err), "db_open: path is NULL");
		return WG_E_BAD_ARGS;
	}
	colon = strchr(path, ':');
	if (colon != NULL && strcmp(path, ":memory:") != 0) {
		b = NULL;
		for (size_t k = 0; backends[k] != NULL; k++)
			if (strlen(backends[k]->scheme) == (size_t)(colon - path) &&
			    strncmp(path, backends[k]->scheme, (size_t)(colon - path)) == 0)
				b = backends[k];
		if (b == NULL) {
			snprintf(open_err, sizeof(open_err),
			         "db_open: unknown storage backend '%.*s' (known: sqlite)",
			         (int)(colon - path), path);
			return WG_E_BAD_ARGS;
		}
		path = colon + 1;
	}
	rc = b->open(path, out, open_err, sizeof(open_err));
	if (rc == 0)
		((struct db__head *)*out)->ops = b;
	return rc;
}

void db_close(struct db_store *st)
{
	if (st != NULL)
		((struct db__head *)st)->ops->close(st);
}

const char *db_last_error(const struct db_store *st)
{
	return st != NULL ? ((const struct db__head *)st)->ops->last_error(st) : open_err;
}

int db_schema_version(struct db_store *st)
{
	return ((struct db__head *)st)->ops->schema_version(st);
}

int db_backup(struct db_store *st, const char *path)
{
	return ((struct db__head *)st)->ops->backup(st, path);
}

int db_begin(struct db_store *st)
{
	return ((struct db__head *)st)->ops->begin(st);
}

int db_commit(struct db_store *st)
{
	return ((struct db__head *)st)->ops->commit(st);
}

int db_rollback(struct db_store *st)
{
	return ((struct db__head *)st)->ops->rollback(st);
}

int db_batch_mode(struct db_store *st, int on)
{
	return ((struct db__head *)st)->ops->batch_mode(st, on);
}

int db_batch_pending(const struct db_store *st)
{
	return ((const struct db__head *)st)->ops->batch_pending(st);
}

int db_batch_commit(struct db_store *st)
{
	return ((struct db__head *)st)->ops->batch_commit(st);
}

int db_user_create(struct db_store *st, const char *name, const char *pwhash, int64_t now,
                   int64_t *id)
{
	return ((struct db__head *)st)->ops->user_create(st, name, pwhash, now, id);
}

int db_user_by_name(struct db_store *st, const char *name, struct db_user *out)
{
	return ((struct db__head *)st)->ops->user_by_name(st, name, out);
}

int db_user_by_id(struct db_store *st, int64_t id, struct db_user *out)
{
	return ((struct db__head *)st)->ops->user_by_id(st, id, out);
}

int db_user_set_password(struct db_store *st, int64_t id, const char *pwhash)
{
	return ((struct db__head *)st)->ops->user_set_password(st, id, pwhash);
}

int db_game_create(struct db_store *st, struct db_game *g)
{
	return ((struct db__head *)st)->ops->game_create(st, g);
}

int db_game_update(struct db_store *st, const struct db_game *g)
{
	return ((struct db__head *)st)->ops->game_update(st, g);
}

int db_game_get(struct db_store *st, int64_t id, struct db_game *out)
{
	return ((struct db__head *)st)->ops->game_get(st, id, out);
}

int db_game_each(struct db_store *st, unsigned status_mask,
                 int (*fn)(void *ctx, const struct db_game *g), void *ctx)
{
	return ((struct db__head *)st)->ops->game_each(st, status_mask, fn, ctx);
}

int db_game_pending_put(struct db_store *st, int64_t game, const char *pending)
{
	return ((struct db__head *)st)->ops->game_pending_put(st, game, pending);
}

int db_game_pending_each(struct db_store *st, unsigned status_mask,
                         int (*fn)(void *ctx, int64_t game, const char *pending), void *ctx)
{
	return ((struct db__head *)st)->ops->game_pending_each(st, status_mask, fn, ctx);
}

int db_action_append(struct db_store *st, const struct db_action *a)
{
	return ((struct db__head *)st)->ops->action_append(st, a);
}

int db_action_each(struct db_store *st, int64_t game, int64_t after,
                   int (*fn)(void *ctx, const struct db_action *a), void *ctx)
{
	return ((struct db__head *)st)->ops->action_each(st, game, after, fn, ctx);
}

int db_snapshot_put(struct db_store *st, int64_t game, int64_t seq, const char *state)
{
	return ((struct db__head *)st)->ops->snapshot_put(st, game, seq, state);
}

int db_snapshot_latest(struct db_store *st, int64_t game, int64_t *seq, char **state)
{
	return ((struct db__head *)st)->ops->snapshot_latest(st, game, INT64_MAX, seq, state);
}

int db_snapshot_at_most(struct db_store *st, int64_t game, int64_t max, int64_t *seq, char **state)
{
	return ((struct db__head *)st)->ops->snapshot_latest(st, game, max, seq, state);
}

int db_event_append(struct db_store *st, const struct db_event *e, int64_t *seq)
{
	return ((struct db__head *)st)->ops->event_append(st, e, seq);
}

int db_event_each_last(struct db_store *st, int64_t game, unsigned mask, int limit,
                       int (*fn)(void *ctx, const struct db_event *e), void *ctx)
{
	return ((struct db__head *)st)->ops->event_each_last(st, game, mask, limit, fn, ctx);
}

int db_event_each_since(struct db_store *st, int64_t game, unsigned mask, int64_t action,
                        int64_t after_seq, int limit,
                        int (*fn)(void *ctx, const struct db_event *e), void *ctx)
{
	return ((struct db__head *)st)
	    ->ops->event_each_since(st, game, mask, action, after_seq, limit, fn, ctx);
}

int db_event_last_upto(struct db_store *st, int64_t game, int64_t action, int64_t *seq)
{
	return ((struct db__head *)st)->ops->event_last_upto(st, game, action, seq);
}

int db_action_last_of(struct db_store *st, int64_t game, int side, int64_t *seq)
{
	return ((struct db__head *)st)->ops->action_last_of(st, game, side, seq);
}

int db_event_count_after(struct db_store *st, int64_t game, unsigned mask, int64_t after,
                         int64_t *count)
{
	return ((struct db__head *)st)->ops->event_count_after(st, game, mask, after, count);
}

int db_event_last_seq(struct db_store *st, int64_t game, int64_t *seq)
{
	return ((struct db__head *)st)->ops->event_last_seq(st, game, seq);
}

int db_seat_seen(struct db_store *st, int64_t game, int side, int64_t seq)
{
	return ((struct db__head *)st)->ops->seat_seen(st, game, side, seq);
}

int db_seat_seen_get(struct db_store *st, int64_t game, int side, int64_t *seq)
{
	return ((struct db__head *)st)->ops->seat_seen_get(st, game, side, seq);
}

int db_step_stage(struct db_store *st, const struct db_step *step, int64_t *last_event)
{
	return ((struct db__head *)st)->ops->step_stage(st, step, last_event);
}

int db_scenario_put(struct db_store *st, const char *digest, const char *scenario, const char *text,
                    int64_t now)
{
	return ((struct db__head *)st)->ops->scenario_put(st, digest, scenario, text, now);
}

int db_scenario_get(struct db_store *st, const char *digest, char **text)
{
	return ((struct db__head *)st)->ops->scenario_get(st, digest, text);
}

int db_chat_append(struct db_store *st, const struct db_chat *c)
{
	return ((struct db__head *)st)->ops->chat_append(st, c);
}

int db_chat_each_last(struct db_store *st, int64_t game, int limit,
                      int (*fn)(void *ctx, const struct db_chat *c), void *ctx)
{
	return ((struct db__head *)st)->ops->chat_each_last(st, game, limit, fn, ctx);
}

int db_ban_put(struct db_store *st, const struct db_ban *b)
{
	return ((struct db__head *)st)->ops->ban_put(st, b);
}

int db_ban_delete(struct db_store *st, const char *kind, const char *target)
{
	return ((struct db__head *)st)->ops->ban_delete(st, kind, target);
}

int db_ban_each(struct db_store *st, int (*fn)(void *ctx, const struct db_ban *b), void *ctx)
{
	return ((struct db__head *)st)->ops->ban_each(st, fn, ctx);
}

int db_access_put(struct db_store *st, const struct db_access *a)
{
	return ((struct db__head *)st)->ops->access_put(st, a);
}

int db_access_each(struct db_store *st, int (*fn)(void *ctx, const struct db_access *a), void *ctx)
{
	return ((struct db__head *)st)->ops->access_each(st, fn, ctx);
}

int db_audit_append(struct db_store *st, const struct db_audit *a)
{
	return ((struct db__head *)st)->ops->audit_append(st, a);
}

int db_audit_each_last(struct db_store *st, int limit,
                       int (*fn)(void *ctx, const struct db_audit *a), void *ctx)
{
	return ((struct db__head *)st)->ops->audit_each_last(st, limit, fn, ctx);
}

int db_clock_put(struct db_store *st, const struct db_clock *c)
{
	return ((struct db__head *)st)->ops->clock_put(st, c);
}

int db_clock_get(struct db_store *st, int64_t game, struct db_clock *out)
{
	return ((struct db__head *)st)->ops->clock_get(st, game, out);
}

int db_clock_each(struct db_store *st, int (*fn)(void *ctx, const struct db_clock *c), void *ctx)
{
	return ((struct db__head *)st)->ops->clock_each(st, fn, ctx);
}

int db_vacation_put(struct db_store *st, const struct db_vacation *v)
{
	return ((struct db__head *)st)->ops->vacation_put(st, v);
}

int db_vacation_each(struct db_store *st, int (*fn)(void *ctx, const struct db_vacation *v),
                     void *ctx)
{
	return ((struct db__head *)st)->ops->vacation_each(st, fn, ctx);
}

int db_meta_get(struct db_store *st, const char *key, int64_t *value)
{
	return ((struct db__head *)st)->ops->meta_get(st, key, value);
}

int db_meta_put(struct db_store *st, const char *key, int64_t value)
{
	return ((struct db__head *)st)->ops->meta_put(st, key, value);
}

int db_tell_append(struct db_store *st, const struct db_tell *t, int64_t *id)
{
	return ((struct db__head *)st)->ops->tell_append(st, t, id);
}

int db_tell_each(struct db_store *st, int64_t user, int undelivered_only, int limit,
                 int (*fn)(void *ctx, const struct db_tell *t), void *ctx)
{
	return ((struct db__head *)st)->ops->tell_each(st, user, undelivered_only, limit, fn, ctx);
}

int db_tell_delivered(struct db_store *st, int64_t user, int64_t upto)
{
	return ((struct db__head *)st)->ops->tell_delivered(st, user, upto);
}

int db_block_put(struct db_store *st, int64_t user, int64_t other, int on, int64_t since)
{
	return ((struct db__head *)st)->ops->block_put(st, user, other, on, since);
}

int db_block_has(struct db_store *st, int64_t user, int64_t other, int *yes)
{
	return ((struct db__head *)st)->ops->block_has(st, user, other, yes);
}

int db_block_each(struct db_store *st, int64_t user,
                  int (*fn)(void *ctx, int64_t other, const char *name, int64_t since), void *ctx)
{
	return ((struct db__head *)st)->ops->block_each(st, user, fn, ctx);
}

int db_user_seen_get(struct db_store *st, int64_t user, int64_t *at)
{
	return ((struct db__head *)st)->ops->user_seen_get(st, user, at);
}

int db_user_seen_put(struct db_store *st, int64_t user, int64_t at)
{
	return ((struct db__head *)st)->ops->user_seen_put(st, user, at);
}

int db_invite_create(struct db_store *st, struct db_invite *iv)
{
	return ((struct db__head *)st)->ops->invite_create(st, iv);
}

int db_invite_close(struct db_store *st, int64_t id, int state, int64_t game)
{
	return ((struct db__head *)st)->ops->invite_close(st, id, state, game);
}

int db_invite_each_open(struct db_store *st, int (*fn)(void *ctx, const struct db_invite *iv),
                        void *ctx)
{
	return ((struct db__head *)st)->ops->invite_each_open(st, fn, ctx);
}

int db_notify_prefs_get(struct db_store *st, int64_t user, struct db_notify_prefs *out)
{
	return ((struct db__head *)st)->ops->notify_prefs_get(st, user, out);
}

int db_notify_prefs_put(struct db_store *st, const struct db_notify_prefs *p)
{
	return ((struct db__head *)st)->ops->notify_prefs_put(st, p);
}

int db_notify_digest_due(struct db_store *st, int64_t now,
                         int (*fn)(void *ctx, const struct db_notify_prefs *p), void *ctx)
{
	return ((struct db__head *)st)->ops->notify_digest_due(st, now, fn, ctx);
}

int db_outbox_add(struct db_store *st, struct db_outbox *o)
{
	return ((struct db__head *)st)->ops->outbox_add(st, o);
}

int db_outbox_due(struct db_store *st, int64_t now, int64_t upto, int limit,
                  int (*fn)(void *ctx, const struct db_outbox *o), void *ctx)
{
	return ((struct db__head *)st)->ops->outbox_due(st, now, upto, limit, fn, ctx);
}

int db_outbox_update(struct db_store *st, const struct db_outbox *o)
{
	return ((struct db__head *)st)->ops->outbox_update(st, o);
}

int db_outbox_close_all(struct db_store *st, int64_t user, int channel, int state, int64_t now,
                        const char *error)
{
	return ((struct db__head *)st)->ops->outbox_close_all(st, user, channel, state, now, error);
}

int db_outbox_pending(struct db_store *st, int64_t user, int channel, int limit,
                      int (*fn)(void *ctx, const struct db_outbox *o), void *ctx)
{
	return ((struct db__head *)st)->ops->outbox_pending(st, user, channel, limit, fn, ctx);
}

int db_outbox_stats(struct db_store *st, int64_t user, int channel, struct db_outbox_stats *out)
{
	return ((struct db__head *)st)->ops->outbox_stats(st, user, channel, out);
}

int db_outbox_count_pending(struct db_store *st, int64_t user, int64_t *count)
{
	return ((struct db__head *)st)->ops->outbox_count_pending(st, user, count);
}

int db_outbox_purge(struct db_store *st, int64_t before)
{
	return ((struct db__head *)st)->ops->outbox_purge(st, before);
}

int db_outbox_max_id(struct db_store *st, int64_t *id)
{
	return ((struct db__head *)st)->ops->outbox_max_id(st, id);
}

/* ---- ratings and tournaments ---- */

#define DB__OPS(st) (((struct db__head *)(st))->ops)

int db_rating_get(struct db_store *st, int64_t user, const char *scenario, struct db_rating *out)
{
	return DB__OPS(st)->rating_get(st, user, scenario, out);
}

int db_rating_put(struct db_store *st, const struct db_rating *r)
{
	return DB__OPS(st)->rating_put(st, r);
}

int db_rating_each_scenario(struct db_store *st, const char *scenario,
                            int (*fn)(void *ctx, const struct db_rating *r), void *ctx)
{
	return DB__OPS(st)->rating_each_scenario(st, scenario, fn, ctx);
}

int db_rating_each_user(struct db_store *st, int64_t user,
                        int (*fn)(void *ctx, const struct db_rating *r), void *ctx)
{
	return DB__OPS(st)->rating_each_user(st, user, fn, ctx);
}

int db_rated_game_put(struct db_store *st, const struct db_rated_game *g)
{
	return DB__OPS(st)->rated_game_put(st, g);
}

int db_rated_game_get(struct db_store *st, int64_t game, struct db_rated_game *out)
{
	return DB__OPS(st)->rated_game_get(st, game, out);
}

int db_rated_game_each_pending(struct db_store *st,
                               int (*fn)(void *ctx, const struct db_rated_game *g), void *ctx)
{
	return DB__OPS(st)->rated_game_each_pending(st, fn, ctx);
}

int db_tourney_create(struct db_store *st, struct db_tourney *t)
{
	return DB__OPS(st)->tourney_create(st, t);
}

int db_tourney_update(struct db_store *st, const struct db_tourney *t)
{
	return DB__OPS(st)->tourney_update(st, t);
}

int db_tourney_get(struct db_store *st, int64_t id, struct db_tourney *out)
{
	return DB__OPS(st)->tourney_get(st, id, out);
}

int db_tourney_each(struct db_store *st, unsigned state_mask,
                    int (*fn)(void *ctx, const struct db_tourney *t), void *ctx)
{
	return DB__OPS(st)->tourney_each(st, state_mask, fn, ctx);
}

int db_tplayer_put(struct db_store *st, const struct db_tplayer *p)
{
	return DB__OPS(st)->tplayer_put(st, p);
}

int db_tplayer_delete(struct db_store *st, int64_t tourney, int64_t user)
{
	return DB__OPS(st)->tplayer_delete(st, tourney, user);
}

int db_tplayer_each(struct db_store *st, int64_t tourney,
                    int (*fn)(void *ctx, const struct db_tplayer *p), void *ctx)
{
	return DB__OPS(st)->tplayer_each(st, tourney, fn, ctx);
}

int db_tgame_put(struct db_store *st, const struct db_tgame *g)
{
	return DB__OPS(st)->tgame_put(st, g);
}

int db_tgame_each(struct db_store *st, int64_t tourney,
                  int (*fn)(void *ctx, const struct db_tgame *g), void *ctx)
{
	return DB__OPS(st)->tgame_each(st, tourney, fn, ctx);
}

int db_tgame_by_game(struct db_store *st, int64_t game, struct db_tgame *out)
{
	return DB__OPS(st)->tgame_by_game(st, game, out);
}
