/*
 * admin.h -- the operators: who is an admin (the `admins` setting), the bans
 * (durable: the bans table, loaded at start-up and kept in memory), the audit
 * log of what admins did (the audit table), and the figures of `stats`.  The
 * verbs are cmd-admin.c's.
 *
 *   ban user NAME     a login of NAME is refused (forbidden) after its
 *                     password is checked; NAME's connections are closed
 *   ban address ADDR  a connection from ADDR is refused at accept (quota.h);
 *                     the open ones are closed
 *   unban             lifts either; every change is written through the
 *                     store's batch, so it is durable before the ok goes out
 *
 * Actions per second: host.c counts every accepted action (s->actions_total);
 * once a second srv_admin_tick records the total in a ring of 61 seconds, so
 * the rate over the last minute is (now - a minute ago) / 60 (or over the
 * seconds the server has been up, when that is less).
 */
#ifndef SRV_ADMIN_H
#define SRV_ADMIN_H

#include <stddef.h>
#include <stdint.h>

#include "db/store.h"

struct srv;

#define SRV_ADMIN_RING 61

struct srv_admin {
	struct db_ban *bans; /* every ban in force */
	size_t nbans, capbans;
	uint64_t ring[SRV_ADMIN_RING]; /* actions_total at each of the last seconds */
	int ticks;                     /* seconds recorded (saturates at SRV_ADMIN_RING) */
	int head;                      /* the slot of the latest second */
};

/* Loads the bans from the store; 0 or a WG_E_* code. */
int srv_admin_init(struct srv *s);
void srv_admin_release(struct srv *s);

/* 1 if user name is one of the `admins` of the config (case-insensitive). */
int srv_admin_is(const struct srv *s, const char *name);

/* 1 if kind ("user" or "address") target is banned. */
int srv_admin_banned(const struct srv *s, const char *kind, const char *target);
/* Bans / lifts a ban (stored, and in memory); 0 or a WG_E_* code (WG_E_NOT_FOUND: unban of
 * no ban). */
int srv_admin_ban(struct srv *s, const char *kind, const char *target, const char *by);
int srv_admin_unban(struct srv *s, const char *kind, const char *target);

/* Records in the audit log that admin did verb args; 0 or the store's code. */
int srv_admin_audit(struct srv *s, const char *admin, const char *verb, const char *args);

/* Once a second: records the action count of this second. */
void srv_admin_tick(struct srv *s);
/* Accepted actions a second over the last minute. */
double srv_admin_actions_per_second(const struct srv *s);

/* The resident memory of the process in bytes (0 if unknown), and the size of the
 * database's files (main, -wal) in bytes. */
uint64_t srv_admin_rss(void);
uint64_t srv_admin_db_bytes(const struct srv *s);

#endif
