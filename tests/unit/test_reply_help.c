/*
 * test_reply_help.c -- every help text fits the screen (server/help.c).
 *
 * For every server command, every verb of every scenario the test daemon
 * ships (data/ and the race test ruleset) and every error code, `help`,
 * `help <verb>` and `help errors` laid out for 80 columns (and 40 and 132)
 * give lines that fit once the writer adds its two-space indent -- so the
 * writer never has to wrap them: the reply is the same with and without a
 * width -- and that hold every word of the usage and text, in order.
 * Laid out for no width (JSON mode) they keep their one-line-per-entry
 * form.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "protocol/reply.h"
#include "protocol/wrap.h"
#include "rules/core/catalog.h"
#include "rules/fm/fm.h"
#include "server/cmd.h"
#include "server/help.h"
#include "tests/rulesets/race.h"

static const int widths[] = {80, 40, 132};

static struct rules_catalog catalog;

static int load(const char *path)
{
	struct rules_error err;
	FILE *f = fopen(path, "rb");
	char *text;
	long size;
	int rc;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	assert_true(size > 0);
	rewind(f);
	text = malloc((size_t)size + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
	text[size] = '\0';
	fclose(f);
	memset(&err, 0, sizeof(err));
	rc = rules_catalog_add(&catalog, path, text, (size_t)size, "", &err);
	if (rc != 0)
		fail_msg("%s: %s", path, err.message);
	free(text);
	return 0;
}

static int setup(void **state)
{
	static const struct ruleset *const rulesets[] = {&fm_ruleset, &race_ruleset, NULL};

	(void)state;
	rules_catalog_init(&catalog, rulesets);
	load(WG_DATA_DIR "/scheldt.json");
	load(WG_RACE_JSON);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	rules_catalog_release(&catalog);
	return 0;
}

/* s with every run of blanks and line ends made one space. */
static void squeeze(const char *s, char *out, size_t size)
{
	size_t n = 0;

	for (; *s != '\0' && n + 1 < size; s++) {
		if (*s == ' ' || *s == '\n') {
			if (n > 0 && out[n - 1] != ' ')
				out[n++] = ' ';
			continue;
		}
		out[n++] = *s;
	}
	while (n > 0 && out[n - 1] == ' ')
		n--;
	out[n] = '\0';
}

/*
 * The lines as a text reply at cols: asserts each fits and that the writer
 * left them as they were (the same bytes as with no width); returns the
 * words of the reply (static).
 */
static const char *render(const cJSON *lines, int cols)
{
	static char flat[65536];
	cJSON *data = cJSON_CreateObject();
	struct proto_buf fitted = PROTO_BUF_INIT, free_width = PROTO_BUF_INIT;
	const cJSON *it;

	cJSON_AddItemReferenceToObject(data, "lines", (cJSON *)lines);
	cJSON_ArrayForEach(it, lines)
	{
		size_t w = proto_width(it->valuestring, strlen(it->valuestring));
		if (cols > 0 && 2 + w > (size_t)cols)
			fail_msg("wider than %d: \"  %s\"", cols, it->valuestring);
	}
	assert_int_equal(proto_write_ok(&fitted, PROTO_TEXT, cols, NULL, data), 0);
	assert_int_equal(proto_write_ok(&free_width, PROTO_TEXT, 0, NULL, data), 0);
	assert_string_equal(fitted.data, free_width.data);
	squeeze(fitted.data, flat, sizeof(flat));
	proto_buf_release(&fitted);
	proto_buf_release(&free_width);
	cJSON_Delete(data);
	return flat;
}

/* Asserts that the words of text appear, in order and together, in flat. */
static void has_words(const char *flat, const char *fmt, const char *a, const char *b, size_t blen)
{
	char text[2048], want[2048];

	snprintf(text, sizeof(text), fmt, a, (int)blen, b);
	squeeze(text, want, sizeof(want));
	if (strstr(flat, want) == NULL)
		fail_msg("missing \"%s\" in:\n%s", want, flat);
}

static void test_command_listing_fits(void **state)
{
	size_t n;
	const struct srv_cmd *const *table = srv_cmd_table(&n);

	(void)state;
	for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
		cJSON *lines = cJSON_CreateArray();
		const char *flat;

		assert_int_equal(srv_help_commands(lines, table, n, 1, widths[w]), 0);
		flat = render(lines, widths[w]);
		for (size_t i = 0; i < n; i++)
			has_words(flat, "%s %.*s", table[i]->usage, table[i]->help,
			          srv_help_first_sentence(table[i]->help));
		has_words(flat, "debug commands:%s%.*s", "", "", 0);
		cJSON_Delete(lines);
	}
}

static void test_every_command_help_fits(void **state)
{
	size_t n;
	const struct srv_cmd *const *table = srv_cmd_table(&n);

	(void)state;
	for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
		for (size_t i = 0; i < n; i++) {
			cJSON *data = cJSON_CreateObject();
			const char *flat;

			assert_int_equal(srv_help_command(data, table[i], widths[w]), 0);
			flat = render(cJSON_GetObjectItem(data, "lines"), widths[w]);
			if (table[i]->alias != NULL) {
				char head[256];
				snprintf(head, sizeof(head), "usage: %s alias: %s", table[i]->usage,
				         table[i]->alias);
				has_words(flat, "%s %.*s", head, table[i]->help,
				          strlen(table[i]->help));
			} else {
				has_words(flat, "usage: %s %.*s", table[i]->usage, table[i]->help,
				          strlen(table[i]->help));
			}
			/* the members programs read are whole */
			assert_string_equal(cJSON_GetObjectItem(data, "help")->valuestring,
			                    table[i]->help);
			cJSON_Delete(data);
		}
	}
}

static void test_every_game_verb_fits(void **state)
{
	size_t checked = 0;

	(void)state;
	for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
		for (size_t e = 0; e < catalog.count; e++) {
			const struct rules_catalog_entry *en = catalog.entries[e];
			const struct rules_verb *v;
			cJSON *lines = cJSON_CreateArray();
			const char *flat;

			assert_int_equal(
			    srv_help_verbs(lines, en->rs, en->sc, 12, en->info.id, widths[w]), 0);
			flat = render(lines, widths[w]);
			for (size_t i = 0; (v = en->rs->verb(en->sc, i)) != NULL; i++)
				has_words(flat, "%s %.*s", v->usage, v->help,
				          srv_help_first_sentence(v->help));
			cJSON_Delete(lines);
			for (size_t i = 0; (v = en->rs->verb(en->sc, i)) != NULL; i++) {
				cJSON *data = cJSON_CreateObject();

				assert_int_equal(
				    srv_help_verb(data, v, en->info.id, en->rs, widths[w]), 0);
				flat = render(cJSON_GetObjectItem(data, "lines"), widths[w]);
				char head[256];
				snprintf(head, sizeof(head), "usage: %s (%s games)", v->usage,
				         en->info.id);
				has_words(flat, "%s %.*s", head, v->help, strlen(v->help));
				cJSON_Delete(data);
				checked++;
			}
		}
	}
	assert_true(checked > 3 * 10); /* the scheldt verbs and the race verbs, three widths */
}

static void test_error_list_fits(void **state)
{
	(void)state;
	for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
		cJSON *lines = cJSON_CreateArray();
		const char *flat;

		assert_int_equal(srv_help_errors(lines, widths[w]), 0);
		flat = render(lines, widths[w]);
		for (int code = -1; code >= WG_E_INTERNAL; code--)
			has_words(flat, "%s %.*s", wg_error_slug(code), wg_error_desc(code),
			          strlen(wg_error_desc(code)));
		cJSON_Delete(lines);
	}
}

/* Without a width (JSON mode): one string per entry, in the columns of old. */
static void test_no_width_keeps_one_line_per_entry(void **state)
{
	size_t n;
	const struct srv_cmd *const *table = srv_cmd_table(&n);
	cJSON *lines = cJSON_CreateArray(), *errs = cJSON_CreateArray();
	char want[512];
	int seen = 0;
	const cJSON *it;

	(void)state;
	assert_int_equal(srv_help_commands(lines, table, n, 0, 0), 0);
	cJSON_ArrayForEach(it, lines)
	{
		if (strcmp(it->valuestring,
		           "  ping                                 Answers ok pong") == 0)
			seen++;
		assert_null(strstr(it->valuestring, "debug dice"));
	}
	assert_int_equal(seen, 1);
	assert_int_equal(srv_help_errors(errs, 0), 0);
	snprintf(want, sizeof(want), "%-18s %s", wg_error_slug(WG_E_BAD_ARGS),
	         wg_error_desc(WG_E_BAD_ARGS));
	assert_string_equal(cJSON_GetArrayItem(errs, 0)->valuestring, want);
	cJSON_Delete(errs);
	cJSON_Delete(lines);
}

/* The layout follows the width: at 80 beside the usage, at 40 under it. */
static void test_layout_follows_the_width(void **state)
{
	const struct srv_cmd *cmd = srv_cmd_find("whoami");
	cJSON *wide = cJSON_CreateArray(), *narrow = cJSON_CreateArray();

	(void)state;
	assert_int_equal(srv_help_entry(wide, 2, cmd->usage, SRV_HELP_USAGE_COL, cmd->help,
	                                srv_help_first_sentence(cmd->help), 80),
	                 0);
	assert_int_equal(cJSON_GetArraySize(wide), 2);
	assert_string_equal(cJSON_GetArrayItem(wide, 0)->valuestring,
	                    "  whoami                               Shows who this connection is "
	                    "logged in");
	assert_string_equal(cJSON_GetArrayItem(wide, 1)->valuestring,
	                    "                                       as, its id, mode and current "
	                    "game");
	assert_int_equal(srv_help_entry(narrow, 2, cmd->usage, SRV_HELP_USAGE_COL, cmd->help,
	                                srv_help_first_sentence(cmd->help), 40),
	                 0);
	assert_string_equal(cJSON_GetArrayItem(narrow, 0)->valuestring, "  whoami");
	assert_string_equal(cJSON_GetArrayItem(narrow, 1)->valuestring,
	                    "      Shows who this connection is");
	cJSON_Delete(wide);
	cJSON_Delete(narrow);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_command_listing_fits),
	    cmocka_unit_test(test_every_command_help_fits),
	    cmocka_unit_test(test_every_game_verb_fits),
	    cmocka_unit_test(test_error_list_fits),
	    cmocka_unit_test(test_no_width_keeps_one_line_per_entry),
	    cmocka_unit_test(test_layout_follows_the_width),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
