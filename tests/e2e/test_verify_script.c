/*
 * test_verify_script.c -- the independent dice verifier, end to end.
 *
 * Two players play a short race game against the real daemon (wargamed-test,
 * started WITHOUT --allow-debug, so the start die and every roll come from
 * the game's dice stream, none forced), fetch `verify` in JSON mode and run
 * scripts/verify-dice.py on it: the script must accept the genuine reply and
 * reject the same reply with one roll value changed, with a different
 * commitment, or of a game whose seed is not revealed yet.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "e2e.h"
#include "e2e_assert.h"

#ifndef WG_PYTHON3
#define WG_PYTHON3 "python3"
#endif

static struct e2e_server server;

static int start_server(void **state)
{
	/* No --allow-debug: nothing can force the dice. */
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, NULL};

	(void)state;
	return e2e_server_start(&server, WG_TEST_DAEMON, args);
}

static int stop_server(void **state)
{
	(void)state;
	assert_int_equal(e2e_server_stop(&server), 0);
	e2e_server_cleanup(&server);
	return 0;
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
}

static void print_file(const char *path)
{
	char buf[4096];
	size_t n;
	FILE *f = fopen(path, "r");

	if (f == NULL)
		return;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, n, stdout);
	fclose(f);
}

/* Runs the script on the file named input; returns its exit status (or -1
 * if it did not exit normally), its output in <dir>/<input-name>.out. */
static int run_script(const char *input)
{
	char out[512];
	int status;
	pid_t pid;

	snprintf(out, sizeof(out), "%s.out", input);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
			close(fd);
		}
		execlp(WG_PYTHON3, WG_PYTHON3, WG_VERIFY_SCRIPT, input, (char *)NULL);
		_exit(127);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	printf("--- %s on %s:\n", WG_VERIFY_SCRIPT, input);
	print_file(out);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The reply line of the last JSON-mode request, without its newline. */
static char *json_reply(struct e2e_client *c)
{
	char *line = strdup(c->final);

	assert_non_null(line);
	assert_true(strncmp(line, "{", 1) == 0);
	return line;
}

/* Plays the game to its end from the players' view: whoever `pending` says
 * must act rolls or bids.  Returns 1 when the rules ended the game, 0 if it
 * had to be resigned. */
static int play_to_the_end(struct e2e_client *red, struct e2e_client *blue, int64_t id)
{
	for (int step = 0; step < 100; step++) {
		int acted = 0;

		cmd_ok(red, "pending game=%lld", (long long)id);
		if (strstr(red->reply, "result:") != NULL)
			return 1;
		if (strstr(red->reply, "waiting for red (") != NULL) {
			if (strstr(red->reply, "waiting for red (alice): roll") != NULL)
				cmd_ok(red, "roll game=%lld", (long long)id);
			else
				cmd_ok(red, "bid 2 game=%lld", (long long)id);
			acted = 1;
		}
		cmd_ok(blue, "pending game=%lld", (long long)id);
		if (strstr(blue->reply, "result:") != NULL)
			return 1;
		if (strstr(blue->reply, "waiting for blue (") != NULL) {
			if (strstr(blue->reply, "waiting for blue (bob): roll") != NULL)
				cmd_ok(blue, "roll game=%lld", (long long)id);
			else
				cmd_ok(blue, "bid 1 game=%lld", (long long)id);
			acted = 1;
		}
		assert_true(acted);
	}
	cmd_ok(blue, "resign game=%lld", (long long)id);
	return 0;
}

static void test_script_accepts_real_dice_and_rejects_tampered(void **state)
{
	static struct e2e_client alice, bob;
	char path[512];
	const char *p;
	char *genuine;
	int64_t id;
	cJSON *doc, *data, *rolls, *first;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob", "secret-b"), 0);
	cmd_ok(&alice, "new race side=red target=5");
	p = strstr(alice.reply, "game: ");
	assert_non_null(p);
	id = atoll(p + 6);
	cmd_err(&alice, "debug-disabled", "debug dice 1");
	cmd_ok(&bob, "join %lld", (long long)id);

	/* While the game runs the seed is secret: the script cannot verify. */
	cmd_ok(&bob, "mode json");
	cmd_ok(&bob, "{\"cmd\":\"verify\",\"game\":%lld}", (long long)id);
	assert_contains(bob.final, "seed not yet revealed");
	genuine = json_reply(&bob);
	snprintf(path, sizeof(path), "%s/running.json", server.dir);
	write_file(path, genuine);
	free(genuine);
	assert_int_equal(run_script(path), 1);
	cmd_ok(&bob, "{\"cmd\":\"mode\",\"args\":[\"text\"]}");

	play_to_the_end(&alice, &bob, id);

	cmd_ok(&alice, "mode json");
	cmd_ok(&alice, "{\"tag\":\"vf\",\"cmd\":\"verify\",\"game\":%lld}", (long long)id);
	assert_contains(alice.final, "\"summary\":\"verified\"");
	assert_contains(alice.final, "\"forced\":0");
	genuine = json_reply(&alice);

	/* The genuine reply: verified. */
	snprintf(path, sizeof(path), "%s/genuine.json", server.dir);
	write_file(path, genuine);
	assert_int_equal(run_script(path), 0);

	doc = cJSON_Parse(genuine);
	assert_non_null(doc);
	data = cJSON_GetObjectItemCaseSensitive(doc, "data");
	rolls = cJSON_GetObjectItemCaseSensitive(data, "rolls");
	assert_true(cJSON_IsArray(rolls));
	/* the start die and at least one roll, all from the stream */
	assert_true(cJSON_GetArraySize(rolls) >= 2);
	assert_int_equal(cJSON_GetObjectItemCaseSensitive(data, "checked")->valueint,
	                 cJSON_GetArraySize(rolls));

	/* One roll value changed (to another face of the same die): refused. */
	first = cJSON_GetArrayItem(rolls, 0);
	{
		int sides = cJSON_GetArrayItem(first, 1)->valueint;
		int value = cJSON_GetArrayItem(first, 2)->valueint;
		char *text;
		assert_int_equal(sides, 6);
		cJSON_ReplaceItemInArray(first, 2, cJSON_CreateNumber(value % sides + 1));
		text = cJSON_PrintUnformatted(doc);
		assert_non_null(text);
		snprintf(path, sizeof(path), "%s/tampered-roll.json", server.dir);
		write_file(path, text);
		free(text);
		assert_int_equal(run_script(path), 1);
		cJSON_ReplaceItemInArray(first, 2, cJSON_CreateNumber(value));
	}

	/* A commitment that is not sha256(seed): refused. */
	{
		char *text;
		cJSON_ReplaceItemInObjectCaseSensitive(
		    data, "commitment",
		    cJSON_CreateString("00000000000000000000000000000000"
		                       "00000000000000000000000000000000"));
		text = cJSON_PrintUnformatted(doc);
		assert_non_null(text);
		snprintf(path, sizeof(path), "%s/tampered-commitment.json", server.dir);
		write_file(path, text);
		free(text);
		assert_int_equal(run_script(path), 1);
	}

	cJSON_Delete(doc);
	free(genuine);
	e2e_close(&alice);
	e2e_close(&bob);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_script_accepts_real_dice_and_rejects_tampered,
	                                    start_server, stop_server),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
