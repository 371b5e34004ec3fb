/*
 * idmap.h -- a map from positive 64-bit ids to pointers (open addressing,
 * linear probing, tombstones), for online users and rate-limit entries.
 *
 * Invariants: ids are > 0 (0 marks an empty slot, -1 a tombstone); the
 * table is at most 1/2 full counting tombstones; values are not owned.
 */
#ifndef SRV_IDMAP_H
#define SRV_IDMAP_H

#include <stddef.h>
#include <stdint.h>

struct srv_idmap {
	int64_t *keys;
	void **values;
	size_t cap;   /* power of two or 0 */
	size_t count; /* live entries */
	size_t used;  /* live + tombstones */
};

void srv_idmap_init(struct srv_idmap *m);
void srv_idmap_release(struct srv_idmap *m);
/* The value of id, or NULL. */
void *srv_idmap_get(const struct srv_idmap *m, int64_t id);
/* Inserts or replaces; 0 or -1 on out of memory. */
int srv_idmap_put(struct srv_idmap *m, int64_t id, void *value);
/* Removes id if present. */
void srv_idmap_del(struct srv_idmap *m, int64_t id);
/* Calls fn for every entry (the map must not change during the walk). */
void srv_idmap_each(const struct srv_idmap *m, void (*fn)(void *ctx, int64_t id, void *value),
                    void *ctx);

#endif
