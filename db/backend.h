/*
 * backend.h -- what a storage backend implements: one table of operations,
 * one entry per function of store.h (same arguments, same contract).  store.c
 * dispatches every db_* call through the table of the store's backend; a
 * backend's store struct begins with struct db__head.
 *
 * A backend is found by the scheme of the path given to db_open
 * ("sqlite:FILE"; a path without a scheme is SQLite).  Internal to db/.
 */
#ifndef DB_BACKEND_H
#define DB_BACKEND_H

#include "store.h"

struct db_backend;

/* The first member of every backend's store. */
struct db__head {
	const struct db_backend *ops;
};

struct db_backend {
	const char *scheme; /* "sqlite" */
	/* Opens the store at path (the part after "scheme:"); on failure *out is NULL and
	 * err (errlen bytes) says why. */
	int (*open)(const char *path, struct db_store **out, char *err, size_t errlen);
	void (*close)(struct db_store *st);
	const char *(*last_error)(const struct db_store *st);
	int (*schema_version)(struct db_store *st);
	int (*backup)(struct db_store *st, const char *path);
	int (*begin)(struct db_store *st);
	int (*commit)(struct db_store *st);
	int (*rollback)(struct db_store *st);
	int (*batch_mode)(struct db_store *st, int on);
	int (*batch_pending)(const struct db_store *st);
	int (*batch_commit)(struct db_store *st);
	int (*user_create)(struct db_store *st, const char *name, const char *pwhash, int64_t now,
	                   int64_t *id);
	int (*user_by_name)(struct db_store *st, const char *name, struct db_user *out);
	int (*user_by_id)(struct db_store *st, int64_t id, struct db_user *out);
	int (*user_set_password)(struct db_store *st, int64_t id, const char *pwhash);
	int (*game_create)(struct db_store *st, struct db_game *g);
	int (*game_update)(struct db_store *st, const struct db_game *g);
	int (*game_get)(struct db_store *st, int64_t id, struct db_game *out);
	int (*game_each)(struct db_store *st, unsigned status_mask,
	                 int (*fn)(void *ctx, const struct db_game *g), void *ctx);
	int (*game_pending_put)(struct db_store *st, int64_t game, const char *pending);
	int (*game_pending_each)(struct db_store *st, unsigned status_mask,
	                         int (*fn)(void *ctx, int64_t game, const char *pending),
	                         void *ctx);
	int (*action_append)(struct db_store *st, const struct db_action *a);
	int (*action_each)(struct db_store *st, int64_t game, int64_t after,
	                   int (*fn)(void *ctx, const struct db_action *a), void *ctx);
	int (*snapshot_put)(struct db_store *st, int64_t game, int64_t seq, const char *state);
	/* the latest snapshot of game at a seq <= max */
	int (*snapshot_latest)(struct db_store *st, int64_t game, int64_t max, int64_t *seq,
	                       char **state);
	int (*event_append)(struct db_store *st, const struct db_event *e, int64_t *seq);
	int (*event_each_last)(struct db_store *st, int64_t game, unsigned mask, int limit,
	                       int (*fn)(void *ctx, const struct db_event *e), void *ctx);
	int (*event_each_since)(struct db_store *st, int64_t game, unsigned mask, int64_t action,
	                        int64_t after_seq, int limit,
	                        int (*fn)(void *ctx, const struct db_event *e), void *ctx);
	int (*event_last_upto)(struct db_store *st, int64_t game, int64_t action, int64_t *seq);
	int (*action_last_of)(struct db_store *st, int64_t game, int side, int64_t *seq);
	int (*event_count_after)(struct db_store *st, int64_t game, unsigned mask, int64_t after,
	                         int64_t *count);
	int (*event_last_seq)(struct db_store *st, int64_t game, int64_t *seq);
	int (*seat_seen)(struct db_store *st, int64_t game, int side, int64_t seq);
	int (*seat_seen_get)(struct db_store *st, int64_t game, int side, int64_t *seq);
	int (*step_stage)(struct db_store *st, const struct db_step *step, int64_t *last_event);
	int (*scenario_put)(struct db_store *st, const char *digest, const char *scenario,
	                    const char *text, int64_t now);
	int (*scenario_get)(struct db_store *st, const char *digest, char **text);
	int (*clock_put)(struct db_store *st, const struct db_clock *c);
	int (*clock_get)(struct db_store *st, int64_t game, struct db_clock *out);
	int (*clock_each)(struct db_store *st, int (*fn)(void *ctx, const struct db_clock *c),
	                  void *ctx);
	int (*vacation_put)(struct db_store *st, const struct db_vacation *v);
	int (*vacation_each)(struct db_store *st, int (*fn)(void *ctx, const struct db_vacation *v),
	                     void *ctx);
	int (*meta_get)(struct db_store *st, const char *key, int64_t *value);
	int (*meta_put)(struct db_store *st, const char *key, int64_t value);
	int (*tell_append)(struct db_store *st, const struct db_tell *t, int64_t *id);
	int (*tell_each)(struct db_store *st, int64_t user, int undelivered_only, int limit,
	                 int (*fn)(void *ctx, const struct db_tell *t), void *ctx);
	int (*tell_delivered)(struct db_store *st, int64_t user, int64_t upto);
	int (*block_put)(struct db_store *st, int64_t user, int64_t other, int on, int64_t since);
	int (*block_has)(struct db_store *st, int64_t user, int64_t other, int *yes);
	int (*block_each)(struct db_store *st, int64_t user,
	                  int (*fn)(void *ctx, int64_t other, const char *name, int64_t since),
	                  void *ctx);
	int (*user_seen_get)(struct db_store *st, int64_t user, int64_t *at);
	int (*user_seen_put)(struct db_store *st, int64_t user, int64_t at);
	int (*invite_create)(struct db_store *st, struct db_invite *iv);
	int (*invite_close)(struct db_store *st, int64_t id, int state, int64_t game);
	int (*invite_each_open)(struct db_store *st,
	                        int (*fn)(void *ctx, const struct db_invite *iv), void *ctx);
	int (*chat_append)(struct db_store *st, const struct db_chat *c);
	int (*chat_each_last)(struct db_store *st, int64_t game, int limit,
	                      int (*fn)(void *ctx, const struct db_chat *c), void *ctx);
	int (*ban_put)(struct db_store *st, const struct db_ban *b);
	int (*ban_delete)(struct db_store *st, const char *kind, const char *target);
	int (*ban_each)(struct db_store *st, int (*fn)(void *ctx, const struct db_ban *b),
	                void *ctx);
	int (*access_put)(struct db_store *st, const struct db_access *a);
	int (*access_each)(struct db_store *st, int (*fn)(void *ctx, const struct db_access *a),
	                   void *ctx);
	int (*audit_append)(struct db_store *st, const struct db_audit *a);
	int (*audit_each_last)(struct db_store *st, int limit,
	                       int (*fn)(void *ctx, const struct db_audit *a), void *ctx);
	int (*notify_prefs_get)(struct db_store *st, int64_t user, struct db_notify_prefs *out);
	int (*notify_prefs_put)(struct db_store *st, const struct db_notify_prefs *p);
	int (*notify_digest_due)(struct db_store *st, int64_t now,
	                         int (*fn)(void *ctx, const struct db_notify_prefs *p), void *ctx);
	int (*outbox_add)(struct db_store *st, struct db_outbox *o);
	int (*outbox_due)(struct db_store *st, int64_t now, int64_t upto, int limit,
	                  int (*fn)(void *ctx, const struct db_outbox *o), void *ctx);
	int (*outbox_update)(struct db_store *st, const struct db_outbox *o);
	int (*outbox_close_all)(struct db_store *st, int64_t user, int channel, int state,
	                        int64_t now, const char *error);
	int (*outbox_pending)(struct db_store *st, int64_t user, int channel, int limit,
	                      int (*fn)(void *ctx, const struct db_outbox *o), void *ctx);
	int (*outbox_stats)(struct db_store *st, int64_t user, int channel,
	                    struct db_outbox_stats *out);
	int (*outbox_count_pending)(struct db_store *st, int64_t user, int64_t *count);
	int (*outbox_purge)(struct db_store *st, int64_t before);
	int (*outbox_max_id)(struct db_store *st, int64_t *id);
	int (*rating_get)(struct db_store *st, int64_t user, const char *scenario,
	                  struct db_rating *out);
	int (*rating_put)(struct db_store *st, const struct db_rating *r);
	int (*rating_each_scenario)(struct db_store *st, const char *scenario,
	                            int (*fn)(void *ctx, const struct db_rating *r), void *ctx);
	int (*rating_each_user)(struct db_store *st, int64_t user,
	                        int (*fn)(void *ctx, const struct db_rating *r), void *ctx);
	int (*rated_game_put)(struct db_store *st, const struct db_rated_game *g);
	int (*rated_game_get)(struct db_store *st, int64_t game, struct db_rated_game *out);
	int (*rated_game_each_pending)(struct db_store *st,
	                               int (*fn)(void *ctx, const struct db_rated_game *g),
	                               void *ctx);
	int (*tourney_create)(struct db_store *st, struct db_tourney *t);
	int (*tourney_update)(struct db_store *st, const struct db_tourney *t);
	int (*tourney_get)(struct db_store *st, int64_t id, struct db_tourney *out);
	int (*tourney_each)(struct db_store *st, unsigned state_mask,
	                    int (*fn)(void *ctx, const struct db_tourney *t), void *ctx);
	int (*tplayer_put)(struct db_store *st, const struct db_tplayer *p);
	int (*tplayer_delete)(struct db_store *st, int64_t tourney, int64_t user);
	int (*tplayer_each)(struct db_store *st, int64_t tourney,
	                    int (*fn)(void *ctx, const struct db_tplayer *p), void *ctx);
	int (*tgame_put)(struct db_store *st, const struct db_tgame *g);
	int (*tgame_each)(struct db_store *st, int64_t tourney,
	                  int (*fn)(void *ctx, const struct db_tgame *g), void *ctx);
	int (*tgame_by_game)(struct db_store *st, int64_t game, struct db_tgame *out);
};

/* The SQLite backend (store_sqlite.c). */
extern const struct db_backend db__sqlite;

#endif
