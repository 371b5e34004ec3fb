/*
 * sdoc.c -- the scenario-document reader: path marks, findings in strict
 * and lint mode, typed getters and the array walk.  See sdoc.h.
 */
#include "sdoc.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void sdoc_init(struct sdoc *d, const char *source, struct rules_error *err,
               void (*report)(void *ctx, int severity, const char *path, const char *message),
               void *ctx)
{
	memset(d, 0, sizeof(*d));
	d->source = source != NULL ? source : "scenario";
	d->err = err;
	d->report = report;
	d->ctx = ctx;
	snprintf(d->path, sizeof(d->path), "$");
	d->len = 1;
}

static int vfinding(struct sdoc *d, int severity, const char *path, const char *fmt, va_list ap)
{
	char msg[320];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (path == NULL)
		path = d->path;
	if (severity == SDOC_ERROR)
		d->errors++;
	else
		d->warnings++;
	if (d->report != NULL) {
		d->report(d->ctx, severity, path, msg);
		return 0;
	}
	if (severity != SDOC_ERROR)
		return 0;
	if (d->errors == 1 && d->err != NULL)
		rules_fail(d->err, WG_E_BAD_SCENARIO, "", "%s: %s: %s", d->source, path, msg);
	return WG_E_BAD_SCENARIO;
}

int sdoc_finding(struct sdoc *d, int severity, const char *path, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vfinding(d, severity, path, fmt, ap);
	va_end(ap);
	return rc;
}

int sdoc_fail(struct sdoc *d, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfinding(d, SDOC_ERROR, NULL, fmt, ap);
	va_end(ap);
	return WG_E_BAD_SCENARIO;
}

int sdoc_soft(struct sdoc *d, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vfinding(d, SDOC_ERROR, NULL, fmt, ap);
	va_end(ap);
	return rc;
}

int sdoc_warn(struct sdoc *d, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfinding(d, SDOC_WARNING, NULL, fmt, ap);
	va_end(ap);
	return 0;
}

int sdoc_nomem(struct sdoc *d)
{
	if (d->err != NULL)
		rules_fail(d->err, WG_E_NO_MEMORY, "", "out of memory");
	return WG_E_NO_MEMORY;
}

/* Appends text to the path unless it would not fit; returns the mark to pop back to. */
static size_t push(struct sdoc *d, const char *text)
{
	size_t mark = d->len, n = strlen(text);

	if (d->len + n < sizeof(d->path)) {
		memcpy(d->path + d->len, text, n + 1);
		d->len += n;
	}
	return mark;
}

size_t sdoc_key(struct sdoc *d, const char *key)
{
	char text[SDOC_PATH_MAX];

	snprintf(text, sizeof(text), ".%s", key);
	return push(d, text);
}

size_t sdoc_idx(struct sdoc *d, int i)
{
	char text[16];

	snprintf(text, sizeof(text), "[%d]", i);
	return push(d, text);
}

void sdoc_pop(struct sdoc *d, size_t mark)
{
	d->len = mark;
	d->path[mark] = '\0';
}

const cJSON *sdoc_member(const cJSON *obj, const char *key)
{
	return obj != NULL ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
}

int sdoc_id_ok(const char *s)
{
	if (s[0] == '\0')
		return 0;
	for (const char *p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == '"')
			return 0;
	return 1;
}

static int is_provenance(const char *key)
{
	return strcmp(key, "source") == 0 || strcmp(key, "verify") == 0 || strcmp(key, "note") == 0;
}

int sdoc_keys(struct sdoc *d, const cJSON *obj, const char *const *allowed)
{
	const cJSON *it;

	if (!cJSON_IsObject(obj))
		return sdoc_fail(d, "expected an object");
	cJSON_ArrayForEach(it, obj)
	{
		int ok = is_provenance(it->string), rc = 0;
		for (size_t k = 0; !ok && allowed[k] != NULL; k++)
			ok = strcmp(it->string, allowed[k]) == 0;
		if (!ok) {
			rc = sdoc_soft(d, "unknown member '%s'", it->string);
		} else if ((strcmp(it->string, "source") == 0 || strcmp(it->string, "note") == 0) &&
		           !cJSON_IsString(it)) {
			size_t m = sdoc_key(d, it->string);
			rc = sdoc_soft(d, "expected a string");
			sdoc_pop(d, m);
		}
		if (rc)
			return rc;
	}
	return 0;
}

int sdoc_str(struct sdoc *d, const cJSON *obj, const char *key, char *buf, size_t n,
             const char *def)
{
	const cJSON *it = sdoc_member(obj, key);
	size_t m;
	int rc = 0;

	if (it == NULL || cJSON_IsNull(it)) {
		if (def == NULL) {
			m = sdoc_key(d, key);
			rc = sdoc_fail(d, "missing (a string is required)");
			sdoc_pop(d, m);
			return rc;
		}
		snprintf(buf, n, "%s", def);
		return 0;
	}
	m = sdoc_key(d, key);
	if (!cJSON_IsString(it))
		rc = def != NULL ? sdoc_soft(d, "expected a string")
		                 : sdoc_fail(d, "expected a string");
	else if (strlen(it->valuestring) >= n)
		rc = def != NULL ? sdoc_soft(d, "longer than %zu characters", n - 1)
		                 : sdoc_fail(d, "longer than %zu characters", n - 1);
	else if (def == NULL && it->valuestring[0] == '\0')
		rc = sdoc_fail(d, "must not be empty");
	else
		snprintf(buf, n, "%s", it->valuestring);
	if (rc == 0 && def != NULL && (!cJSON_IsString(it) || strlen(it->valuestring) >= n))
		snprintf(buf, n, "%s", def);
	sdoc_pop(d, m);
	return rc;
}

int sdoc_int(struct sdoc *d, const cJSON *obj, const char *key, int *out, int required, int lo,
             int hi)
{
	const cJSON *it = sdoc_member(obj, key);
	size_t m;
	int rc = 0;

	if (it == NULL) {
		if (!required)
			return 0;
		m = sdoc_key(d, key);
		rc = sdoc_fail(d, "missing (an integer is required)");
		sdoc_pop(d, m);
		return rc;
	}
	m = sdoc_key(d, key);
	if (!cJSON_IsNumber(it) || it->valuedouble != floor(it->valuedouble))
		rc = sdoc_soft(d, "expected an integer");
	else if (it->valuedouble < lo || it->valuedouble > hi)
		rc = sdoc_soft(d, "%g is out of range %d..%d", it->valuedouble, lo, hi);
	else
		*out = (int)it->valuedouble;
	sdoc_pop(d, m);
	return rc;
}

int sdoc_bool(struct sdoc *d, const cJSON *obj, const char *key, int *out)
{
	const cJSON *it = sdoc_member(obj, key);
	size_t m;
	int rc = 0;

	if (it == NULL)
		return 0;
	m = sdoc_key(d, key);
	if (!cJSON_IsBool(it))
		rc = sdoc_soft(d, "expected true or false");
	else
		*out = cJSON_IsTrue(it);
	sdoc_pop(d, m);
	return rc;
}

int sdoc_half(struct sdoc *d, const cJSON *it, int *out)
{
	double v2;

	if (!cJSON_IsNumber(it))
		return sdoc_soft(d, "expected a number of MP");
	v2 = it->valuedouble * 2;
	if (v2 != floor(v2) || v2 < 0 || v2 > 200)
		return sdoc_soft(d, "%g is not a number of MP in half-point steps (0..100)",
		                 it->valuedouble);
	*out = (int)v2;
	return 0;
}

int sdoc_names(struct sdoc *d, const cJSON *obj, const char *key, char *names, size_t width,
               int max, int *n)
{
	const cJSON *arr = sdoc_member(obj, key), *it;
	size_t m;
	int rc = 0;

	*n = 0;
	if (arr == NULL)
		return 0;
	m = sdoc_key(d, key);
	if (!cJSON_IsArray(arr)) {
		rc = sdoc_fail(d, "expected an array of names");
	} else {
		cJSON_ArrayForEach(it, arr)
		{
			if (!cJSON_IsString(it) || !sdoc_id_ok(it->valuestring) ||
			    strlen(it->valuestring) >= width) {
				rc = sdoc_fail(d, "expected names of 1..%zu characters", width - 1);
				break;
			}
			if (*n >= max) {
				rc = sdoc_fail(d, "at most %d names", max);
				break;
			}
			snprintf(names + (size_t)(*n)++ * width, width, "%s", it->valuestring);
		}
	}
	sdoc_pop(d, m);
	return rc;
}

int sdoc_items(struct sdoc *d, const cJSON *arr, int min, int max, const char *what,
               int (*fn)(struct sdoc *d, const cJSON *item, int i, void *ctx), void *ctx)
{
	const cJSON *it;
	int rc = 0, i = 0, size = cJSON_IsArray(arr) ? cJSON_GetArraySize(arr) : -1;

	if (size < 0 || size < min || (max >= 0 && size > max)) {
		if (max >= 0)
			return sdoc_fail(d, "expected an array of %d..%d %s", min, max, what);
		return sdoc_fail(d, "expected an array of %s", what);
	}
	cJSON_ArrayForEach(it, arr)
	{
		size_t m = sdoc_idx(d, i);
		rc = fn(d, it, i, ctx);
		sdoc_pop(d, m);
		if (rc < 0)
			return rc;
		i++;
	}
	return 0;
}

int sdoc_array(struct sdoc *d, const cJSON *obj, const char *key, unsigned flags, int min, int max,
               const char *what, int (*fn)(struct sdoc *d, const cJSON *item, int i, void *ctx),
               void *ctx)
{
	const cJSON *arr = sdoc_member(obj, key);
	size_t m = sdoc_key(d, key);
	int rc = 0;

	if (arr != NULL)
		rc = sdoc_items(d, arr, min, max, what, fn, ctx);
	else if (flags & SDOC_REQUIRED)
		rc = sdoc_fail(d, "missing (an array of %s is required)", what);
	sdoc_pop(d, m);
	return rc;
}
