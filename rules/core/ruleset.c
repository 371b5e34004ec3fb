/*
 * ruleset.c -- helpers shared by every ruleset: errors, events, options,
 * verb lookup, host action names.  Pure: no I/O, no globals.
 */
#include "ruleset.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int rules_fail(struct rules_error *err, int code, const char *rule, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return code;
	err->code = code;
	snprintf(err->rule, sizeof(err->rule), "%s", rule ? rule : "");
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof(err->message), fmt, ap);
	va_end(ap);
	return code;
}

void rules_events_init(struct rules_events *ev)
{
	ev->items = NULL;
	ev->count = 0;
	ev->cap = 0;
}

void rules_events_release(struct rules_events *ev)
{
	for (size_t i = 0; i < ev->count; i++)
		cJSON_Delete(ev->items[i].data);
	free(ev->items);
	rules_events_init(ev);
}

int rules_emit(struct rules_events *ev, unsigned audience, const char *type, cJSON *fields,
               const char *fmt, ...)
{
	char text[512];
	va_list ap;
	cJSON *obj;

	if (ev->count == ev->cap) {
		size_t ncap = ev->cap ? ev->cap * 2 : 8;
		struct rules_event *n = realloc(ev->items, ncap * sizeof(*n));
		if (n == NULL) {
			cJSON_Delete(fields);
			return WG_E_NO_MEMORY;
		}
		ev->items = n;
		ev->cap = ncap;
	}
	obj = cJSON_CreateObject();
	if (obj == NULL) {
		cJSON_Delete(fields);
		return WG_E_NO_MEMORY;
	}
	cJSON_AddStringToObject(obj, "event", type);
	if (fields != NULL) {
		while (fields->child != NULL) {
			cJSON *item = cJSON_DetachItemViaPointer(fields, fields->child);
			cJSON_AddItemToObject(obj, item->string, item);
		}
		cJSON_Delete(fields);
	}
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	cJSON_AddStringToObject(obj, "text", text);
	ev->items[ev->count].audience = audience;
	ev->items[ev->count].data = obj;
	ev->count++;
	return 0;
}

const char *rules_option(const struct rules_options *opts, const char *key)
{
	if (opts == NULL)
		return NULL;
	for (size_t i = 0; i < opts->count; i++)
		if (strcmp(opts->items[i].key, key) == 0)
			return opts->items[i].value;
	return NULL;
}

const struct rules_verb *rules_verb_find(const struct ruleset *rs, const struct rules_scenario *sc,
                                         const char *name)
{
	const struct rules_verb *v;

	for (size_t i = 0; (v = rs->verb(sc, i)) != NULL; i++)
		if (strcasecmp(v->name, name) == 0)
			return v;
	return NULL;
}

static const char *const host_names[RULES_HOST_COUNT] = {
    [RULES_HOST_START] = "start",           [RULES_HOST_RESIGN] = "resign",
    [RULES_HOST_TIMEOUT] = "timeout",       [RULES_HOST_DRAW] = "draw",
    [RULES_HOST_ADJUDICATE] = "adjudicate", [RULES_HOST_FORFEIT] = "forfeit",
    [RULES_HOST_PAUSE] = "pause",           [RULES_HOST_TAKEBACK] = "takeback",
};

const char *rules_host_name(enum rules_host_kind kind)
{
	return kind > RULES_HOST_NONE && kind < RULES_HOST_COUNT ? host_names[kind] : NULL;
}

enum rules_host_kind rules_host_kind(const char *name)
{
	for (int k = RULES_HOST_NONE + 1; k < RULES_HOST_COUNT; k++)
		if (strcmp(host_names[k], name) == 0)
			return (enum rules_host_kind)k;
	return RULES_HOST_NONE;
}
