/*
 * sdoc.h -- reading a scenario document: typed getters over a parsed JSON
 * document that report every problem with the file, the JSON path and a
 * sentence, and go on past each one wherever they can.
 *
 * Every engine's scenario loader (F&M, the Campaign, the miniatures) reads
 * its document through a struct sdoc.  The reader keeps the JSON path of
 * the member being read ("$.map.hexes[3].terrain[0]"): callers push a key or
 * an index before they descend and pop the mark afterwards, so a finding
 * always names where it is.
 *
 * Two modes:
 *   - strict (report == NULL, a server loading scenarios): the first error
 *     is written into err ("scheldt.json: $.units[3].setup.hex: hex '9999'
 *     is not a hex of this map") and loading stops; warnings are dropped;
 *   - lint (report != NULL, `wargamed check-scenario`): every finding goes
 *     to report(ctx, severity, path, message) and loading goes on past the
 *     recoverable ones: the bad item is skipped.
 *
 * Two kinds of error:
 *   - sdoc_fail: structural (a section missing or of the wrong type): loading
 *     stops in both modes (returns WG_E_BAD_SCENARIO);
 *   - sdoc_soft: recoverable (a bad value, an unknown reference, a duplicate
 *     id): WG_E_BAD_SCENARIO in strict mode, 0 in lint mode, where the caller
 *     skips the item (getters return SDOC_SKIP when they cannot give a value).
 *
 * Every member of an object may carry provenance: "source", "verify" and
 * "note" (strings) are always allowed by sdoc_keys.
 *
 * Pure: no I/O, no allocation but what the caller's callbacks do.  Strings
 * passed to report live only during the call.
 */
#ifndef RULES_SDOC_H
#define RULES_SDOC_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "ruleset.h"

#define SDOC_ERROR   RULES_LINT_ERROR
#define SDOC_WARNING RULES_LINT_WARNING
/* A getter's return in lint mode: the value is bad (reported); skip the item. */
#define SDOC_SKIP 1
/* Longest JSON path kept (longer ones are cut). */
#define SDOC_PATH_MAX 256

struct sdoc {
	const char *source; /* the file name used in messages */
	void (*report)(void *ctx, int severity, const char *path, const char *message);
	void *ctx;
	struct rules_error *err; /* strict mode: the first error; may be NULL in lint mode */
	int errors, warnings;
	char path[SDOC_PATH_MAX];
	size_t len;
};

/* A reader at path "$".  report NULL: strict mode (err receives the first error). */
void sdoc_init(struct sdoc *d, const char *source, struct rules_error *err,
               void (*report)(void *ctx, int severity, const char *path, const char *message),
               void *ctx);

/* Records a finding at path (NULL: the current path).  Returns WG_E_BAD_SCENARIO for an
 * error in strict mode (stop), else 0 (go on). */
int sdoc_finding(struct sdoc *d, int severity, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A structural error at the current path: WG_E_BAD_SCENARIO in both modes. */
int sdoc_fail(struct sdoc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A recoverable error at the current path: WG_E_BAD_SCENARIO strict, 0 lint. */
int sdoc_soft(struct sdoc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A warning at the current path; returns 0. */
int sdoc_warn(struct sdoc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Out of memory: err filled (when there is one); returns WG_E_NO_MEMORY. */
int sdoc_nomem(struct sdoc *d);

/* Path marks: push ".key" or "[i]" and return the mark to pop back to. */
size_t sdoc_key(struct sdoc *d, const char *key);
size_t sdoc_idx(struct sdoc *d, int i);
void sdoc_pop(struct sdoc *d, size_t mark);

/* The member key of obj (case-sensitive), or NULL (also when obj is NULL). */
const cJSON *sdoc_member(const cJSON *obj, const char *key);
/* 1 if s is a usable id: not empty, no control characters, no '"'. */
int sdoc_id_ok(const char *s);

/*
 * Every member of obj must be in allowed (NULL-terminated) or be provenance
 * ("source", "verify", "note"; source and note strings).  obj must be an
 * object (structural error otherwise); unknown members are soft errors.
 */
int sdoc_keys(struct sdoc *d, const cJSON *obj, const char *const *allowed);

/* A string member copied into buf (size n).  def NULL: required and not empty; else the
 * default used when the member is absent or bad. */
int sdoc_str(struct sdoc *d, const cJSON *obj, const char *key, char *buf, size_t n,
             const char *def);
/* An integer member in lo..hi; *out is left alone when it is absent and not required. */
int sdoc_int(struct sdoc *d, const cJSON *obj, const char *key, int *out, int required, int lo,
             int hi);
/* A boolean member; *out is left alone when it is absent. */
int sdoc_bool(struct sdoc *d, const cJSON *obj, const char *key, int *out);
/* A number of movement points at the current path, in half points (0..200). */
int sdoc_half(struct sdoc *d, const cJSON *it, int *out);
/* An array member of names (ids of 1..width-1 characters), at most max, into names
 * (rows of width bytes); *n is the count.  Absent: *n = 0. */
int sdoc_names(struct sdoc *d, const cJSON *obj, const char *key, char *names, size_t width,
               int max, int *n);

/* sdoc_array flags */
#define SDOC_REQUIRED 1u /* the member must be present */

/*
 * The array member key of obj, each item visited with "[i]" on the path:
 * fn(d, item, i, ctx) returns 0 (next item), SDOC_SKIP (item skipped, next)
 * or a negative code (stop; returned).  Absent: 0 unless SDOC_REQUIRED.  Not
 * an array, or fewer than min / more than max items (max < 0: no bound):
 * structural error naming what (e.g. "units").  Returns 0 or the first
 * negative code.
 */
int sdoc_array(struct sdoc *d, const cJSON *obj, const char *key, unsigned flags, int min, int max,
               const char *what, int (*fn)(struct sdoc *d, const cJSON *item, int i, void *ctx),
               void *ctx);
/* The same walk over an array value at the current path. */
int sdoc_items(struct sdoc *d, const cJSON *arr, int min, int max, const char *what,
               int (*fn)(struct sdoc *d, const cJSON *item, int i, void *ctx), void *ctx);

#endif
