/*
 * idmap.c -- open-addressing id -> pointer map.  See idmap.h.
 */
#include "idmap.h"

#include <stdlib.h>

#define EMPTY 0
#define TOMB  (-1)

void srv_idmap_init(struct srv_idmap *m)
{
	m->keys = NULL;
	m->values = NULL;
	m->cap = m->count = m->used = 0;
}

void srv_idmap_release(struct srv_idmap *m)
{
	free(m->keys);
	free(m->values);
	srv_idmap_init(m);
}

static size_t slot_of(int64_t id, size_t cap)
{
	uint64_t h = (uint64_t)id * 0x9e3779b97f4a7c15ULL;
	return (size_t)(h >> 17) & (cap - 1);
}

void *srv_idmap_get(const struct srv_idmap *m, int64_t id)
{
	if (m->cap == 0)
		return NULL;
	for (size_t i = slot_of(id, m->cap);; i = (i + 1) & (m->cap - 1)) {
		if (m->keys[i] == EMPTY)
			return NULL;
		if (m->keys[i] == id)
			return m->values[i];
	}
}

static int resize(struct srv_idmap *m, size_t ncap)
{
	int64_t *keys = calloc(ncap, sizeof(*keys));
	void **values = calloc(ncap, sizeof(*values));

	if (keys == NULL || values == NULL) {
		free(keys);
		free(values);
		return -1;
	}
	for (size_t i = 0; i < m->cap; i++) {
		if (m->keys[i] == EMPTY || m->keys[i] == TOMB)
			continue;
		size_t j = slot_of(m->keys[i], ncap);
		while (keys[j] != EMPTY)
			j = (j + 1) & (ncap - 1);
		keys[j] = m->keys[i];
		values[j] = m->values[i];
	}
	free(m->keys);
	free(m->values);
	m->keys = keys;
	m->values = values;
	m->cap = ncap;
	m->used = m->count;
	return 0;
}

int srv_idmap_put(struct srv_idmap *m, int64_t id, void *value)
{
	size_t tomb = (size_t)-1;

	if ((m->used + 1) * 2 > m->cap && resize(m, m->cap == 0                   ? 16
	                                            : (m->count + 1) * 4 > m->cap ? m->cap * 2
	                                                                          : m->cap) != 0)
		return -1;
	for (size_t i = slot_of(id, m->cap);; i = (i + 1) & (m->cap - 1)) {
		if (m->keys[i] == id) {
			m->values[i] = value;
			return 0;
		}
		if (m->keys[i] == TOMB && tomb == (size_t)-1)
			tomb = i;
		if (m->keys[i] == EMPTY) {
			if (tomb != (size_t)-1)
				i = tomb;
			else
				m->used++;
			m->keys[i] = id;
			m->values[i] = value;
			m->count++;
			return 0;
		}
	}
}

void srv_idmap_del(struct srv_idmap *m, int64_t id)
{
	if (m->cap == 0)
		return;
	for (size_t i = slot_of(id, m->cap);; i = (i + 1) & (m->cap - 1)) {
		if (m->keys[i] == EMPTY)
			return;
		if (m->keys[i] == id) {
			m->keys[i] = TOMB;
			m->values[i] = NULL;
			m->count--;
			return;
		}
	}
}

void srv_idmap_each(const struct srv_idmap *m, void (*fn)(void *ctx, int64_t id, void *value),
                    void *ctx)
{
	for (size_t i = 0; i < m->cap; i++)
		if (m->keys[i] != EMPTY && m->keys[i] != TOMB)
			fn(ctx, m->keys[i], m->values[i]);
}
