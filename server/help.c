/*
 * help.c -- laying out the help texts for a screen width (see help.h).
 */
#include "help.h"

#include <stdio.h>
#include <string.h>

#include "common/errors.h"
#include "protocol/wrap.h"

#include "cmd.h"

/* Below this many columns a listing puts the sentence under the usage. */
#define HANG_MIN_COLS 62
/* How much deeper than its usage a sentence put under it starts. */
#define UNDER_INDENT 4

static const char *const groups[] = {"session", "account",    "people", "lobby",
                                     "game",    "tournament", "admin",  "debug"};

static int add(cJSON *lines, const char *s, size_t len)
{
	char buf[1024];
	cJSON *item;

	snprintf(buf, sizeof(buf), "%.*s", (int)len, s);
	item = cJSON_CreateString(buf);
	if (item == NULL || !cJSON_AddItemToArray(lines, item)) {
		cJSON_Delete(item);
		return -1;
	}
	return 0;
}

static int addf(cJSON *lines, const char *fmt, int n, const char *a)
{
	char buf[1024];
	int k = snprintf(buf, sizeof(buf), fmt, n, "", a);

	return add(lines, buf, k < 0 ? 0 : (size_t)k);
}

/*
 * text[0..len) cut into lines of at most width columns: the first after
 * first (NULL: indent spaces), the others after indent spaces.
 */
static int add_hanging(cJSON *lines, const char *first, size_t indent, const char *text, size_t len,
                       size_t width)
{
	char buf[1024];
	size_t at = 0, next, n, lead;
	int k;

	do {
		lead = at == 0 && first != NULL ? strlen(first) : indent;
		n = proto_wrap_cut(text + at, len - at, width > lead ? width - lead : 1, &next);
		k = snprintf(buf, sizeof(buf), "%*s%s%.*s",
		             at == 0 && first != NULL ? 0 : (int)indent, "",
		             at == 0 && first != NULL ? first : "", (int)n, text + at);
		if (add(lines, buf, k < 0 ? 0 : (size_t)k) != 0)
			return -1;
		at += next;
	} while (at < len);
	return 0;
}

size_t srv_help_first_sentence(const char *text)
{
	const char *end = strstr(text, ". ");
	size_t n;

	if (end != NULL)
		return (size_t)(end - text);
	n = strlen(text);
	return n > 0 && text[n - 1] == '.' ? n - 1 : n;
}

int srv_help_entry(cJSON *lines, int indent, const char *usage, int ucol, const char *text,
                   size_t tlen, int cols)
{
	size_t width = cols > 0 ? (size_t)cols - 2 : 0, col = (size_t)indent + (size_t)ucol + 1;
	size_t ulen = strlen(usage);
	int side = proto_width(usage, ulen) <= (size_t)ucol;
	char first[256], buf[1024];
	int k;

	if (cols <= 0) {
		if (!side && addf(lines, "%*s%s", indent, usage) != 0)
			return -1;
		k = snprintf(buf, sizeof(buf), "%*s%-*s %.*s", indent, "", ucol, side ? usage : "",
		             (int)tlen, text);
		return add(lines, buf, k < 0 ? 0 : (size_t)k);
	}
	if (cols >= HANG_MIN_COLS && side) {
		/* usage and sentence side by side, the sentence going on under itself */
		snprintf(first, sizeof(first), "%*s%-*s ", indent, "", ucol, usage);
		return add_hanging(lines, first, col, text, tlen, width);
	}
	/* the usage on its own line(s), the sentence under it */
	snprintf(first, sizeof(first), "%*s", indent, "");
	if (add_hanging(lines, first, (size_t)indent + UNDER_INDENT, usage, ulen, width) != 0)
		return -1;
	if (cols < HANG_MIN_COLS)
		col = (size_t)indent + UNDER_INDENT;
	return add_hanging(lines, NULL, col, text, tlen, width);
}

int srv_help_text(cJSON *lines, const char *text, int cols)
{
	size_t len = strlen(text);

	if (cols <= 0)
		return add(lines, text, len);
	return add_hanging(lines, NULL, 0, text, len, (size_t)cols - 2);
}

int srv_help_commands(cJSON *lines, const struct srv_cmd *const *table, size_t n, int with_debug,
                      int cols)
{
	for (size_t gi = 0; gi < sizeof(groups) / sizeof(groups[0]); gi++) {
		if (strcmp(groups[gi], "debug") == 0 && !with_debug)
			continue;
		if (addf(lines, "%*s%s commands:", 0, groups[gi]) != 0)
			return -1;
		for (size_t i = 0; i < n; i++) {
			if (strcmp(table[i]->group, groups[gi]) != 0)
				continue;
			if (srv_help_entry(lines, 2, table[i]->usage, SRV_HELP_USAGE_COL,
			                   table[i]->help, srv_help_first_sentence(table[i]->help),
			                   cols) != 0)
				return -1;
		}
	}
	return 0;
}

int srv_help_verbs(cJSON *lines, const struct ruleset *rs, const struct rules_scenario *sc,
                   long long id, const char *scenario, int cols)
{
	const struct rules_verb *v;
	char head[160];

	snprintf(head, sizeof(head), "game %lld (%s) verbs:", id, scenario);
	if (srv_help_text(lines, head, cols) != 0)
		return -1;
	for (size_t i = 0; (v = rs->verb(sc, i)) != NULL; i++) {
		size_t len = srv_help_first_sentence(v->help);
		if (cols <= 0) {
			/* as ever: side by side, however long the usage */
			char buf[1024];
			int k = snprintf(buf, sizeof(buf), "  %-*s %.*s", SRV_HELP_USAGE_COL,
			                 v->usage, (int)len, v->help);
			if (add(lines, buf, k < 0 ? 0 : (size_t)k) != 0)
				return -1;
		} else if (srv_help_entry(lines, 2, v->usage, SRV_HELP_USAGE_COL, v->help, len,
		                          cols) != 0) {
			return -1;
		}
	}
	return 0;
}

/* "<label>: <text>" as a paragraph. */
static int labelled(cJSON *lines, const char *label, const char *text, int cols)
{
	char buf[512];

	snprintf(buf, sizeof(buf), "%s: %s", label, text);
	return srv_help_text(lines, buf, cols);
}

int srv_help_command(cJSON *data, const struct srv_cmd *cmd, int cols)
{
	cJSON *lines = cJSON_AddArrayToObject(data, "lines");

	if (lines == NULL || labelled(lines, "usage", cmd->usage, cols) != 0 ||
	    (cmd->alias != NULL && labelled(lines, "alias", cmd->alias, cols) != 0) ||
	    srv_help_text(lines, cmd->help, cols) != 0 ||
	    cJSON_AddStringToObject(data, "usage", cmd->usage) == NULL ||
	    cJSON_AddStringToObject(data, "help", cmd->help) == NULL)
		return -1;
	/* a family of sub-verbs: each on a line (help <verb> <sub> explains one) */
	for (const struct srv_cmd *sub = cmd->subs; sub != NULL && sub->name != NULL; sub++)
		if (srv_help_entry(lines, 2, sub->usage, SRV_HELP_USAGE_COL, sub->help,
		                   srv_help_first_sentence(sub->help), cols) != 0)
			return -1;
	return 0;
}

int srv_help_verb(cJSON *data, const struct rules_verb *v, const char *scenario,
                  const struct ruleset *rs, int cols)
{
	cJSON *lines = cJSON_AddArrayToObject(data, "lines");
	char buf[512];

	snprintf(buf, sizeof(buf), "usage: %s   (%s games)", v->usage, scenario);
	if (lines == NULL || srv_help_text(lines, buf, cols) != 0 ||
	    srv_help_text(lines, v->help, cols) != 0 ||
	    srv_help_text(lines,
	                  v->kind == RULES_VERB_ACTION
	                      ? "An action of the current game; accepts game=<id> and v=<version>."
	                      : "A read-only query; accepts game=<id> and v=<version>; spectators "
	                        "may use it.",
	                  cols) != 0 ||
	    cJSON_AddStringToObject(data, "usage", v->usage) == NULL ||
	    cJSON_AddStringToObject(data, "help", v->help) == NULL ||
	    cJSON_AddStringToObject(data, "ruleset", rs->name) == NULL)
		return -1;
	return 0;
}

int srv_help_errors(cJSON *lines, int cols)
{
	for (int code = -1; code >= WG_E_INTERNAL; code--) {
		const char *desc = wg_error_desc(code);
		if (srv_help_entry(lines, 0, wg_error_slug(code), 18, desc, strlen(desc), cols) !=
		    0)
			return -1;
	}
	return 0;
}
