/*
 * fuzz_config.c -- libFuzzer target for the daemon's settings (server/config.c): the config
 * file and the command-line flags over it.
 *
 * The input up to its first NUL byte is the config file (`key = value` lines, comments,
 * blank lines: docs/operations.md); what follows is the command line, one flag per
 * NUL-separated piece, after `--config FILE`.  The file is handed to the parser as it would
 * be in production, through a path (a memfd: no file on disk).  Flags that would read
 * another file (--config) or print and stop (--help, --version) are left out.  Owns no
 * state between inputs.  Checks, any violation aborting:
 *   - the parse never crashes (ASan, UBSan) and returns 0 or -1; -1 comes with a message
 *     that names what was wrong;
 *   - an accepted configuration keeps every setting in its documented range: the port
 *     0..65535, 1..1000000 clients, an output limit of 4096 bytes to 1 GiB, an idle timeout
 *     of 1 s to a day, 1..1000000 actions between snapshots, 1..128 login threads, at most
 *     SRV_MAX_SCENARIO_DIRS scenario directories, every string NUL-terminated within its
 *     array, and a debug seed only with --allow-debug.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "server/config.h"

#define CHECK(cond)                                                                                \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
			abort();                                                                   \
		}                                                                                  \
	} while (0)

#define MAX_FLAGS 24

static int terminated(const char *s, size_t size)
{
	return memchr(s, '\0', size) != NULL;
}

/* 1 if the flag is one the target leaves out (see the header). */
static int left_out(const char *flag)
{
	static const char *const names[] = {"--config", "--help", "--version", "-h", "-V"};

	for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
		size_t n = strlen(names[k]);
		if (strncmp(flag, names[k], n) == 0 && (flag[n] == '\0' || flag[n] == '='))
			return 1;
	}
	/* a unique prefix is never taken for a flag, but be safe with what stops the run */
	return strncmp(flag, "--conf", 6) == 0;
}

static void check_config(const struct srv_config *c)
{
	CHECK(terminated(c->listen_host, sizeof(c->listen_host)));
	CHECK(terminated(c->db_path, sizeof(c->db_path)));
	CHECK(terminated(c->data_dir, sizeof(c->data_dir)));
	CHECK(c->listen_port >= 0 && c->listen_port <= 65535);
	CHECK(c->max_clients >= 1 && c->max_clients <= 1000000);
	CHECK(c->output_limit >= 4096 && c->output_limit <= (size_t)1 << 30);
	CHECK(c->idle_timeout >= 1 && c->idle_timeout <= 86400);
	CHECK(c->snapshot_every >= 1 && c->snapshot_every <= 1000000);
	CHECK(c->login_threads >= 1 && c->login_threads <= 128);
	CHECK(c->nscenario_dirs >= 0 && c->nscenario_dirs <= SRV_MAX_SCENARIO_DIRS);
	for (int k = 0; k < c->nscenario_dirs; k++)
		CHECK(terminated(c->scenario_dirs[k], sizeof(c->scenario_dirs[k])));
	CHECK(!c->debug_seed_set || c->allow_debug);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t flen = nul != NULL ? (size_t)(nul - data) : size;
	char path[64], err[512], *argv[3 + MAX_FLAGS], *flags = NULL;
	struct srv_config cfg;
	int fd, argc = 0, rc;

	if (size > 1 << 16)
		return 0;
	fd = memfd_create("wargamed.conf", 0);
	CHECK(fd >= 0);
	CHECK(write(fd, data, flen) == (ssize_t)flen);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	argv[argc++] = "wargamed";
	argv[argc++] = "--config";
	argv[argc++] = path;
	if (nul != NULL) {
		size_t rest = size - flen - 1;
		flags = malloc(rest + 1);
		CHECK(flags != NULL);
		memcpy(flags, nul + 1, rest);
		flags[rest] = '\0';
		for (char *p = flags; p < flags + rest && argc < 3 + MAX_FLAGS; p += strlen(p) + 1)
			if (!left_out(p))
				argv[argc++] = p;
	}
	srv_config_defaults(&cfg);
	err[0] = '\0';
	rc = srv_config_parse(&cfg, argc, argv, err, sizeof(err));
	CHECK(rc == 0 || rc == -1);
	if (rc == 0)
		check_config(&cfg);
	else
		CHECK(err[0] != '\0' && terminated(err, sizeof(err)));
	free(flags);
	close(fd);
	return 0;
}
