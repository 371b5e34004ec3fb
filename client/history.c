/*
 * history.c -- the client's command history (see history.h).
 */
#include "history.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef UNIT_TESTING
#include <setjmp.h>
#include <stdarg.h>
#include <cmocka.h>
#endif

void cli_history_init(struct cli_history *h, size_t max)
{
	h->entries = NULL;
	h->len = 0;
	h->max = max > 0 ? max : 1;
}

void cli_history_release(struct cli_history *h)
{
	size_t i;

	for (i = 0; i < h->len; i++)
		free(h->entries[i].line);
	free(h->entries);
	h->entries = NULL;
	h->len = 0;
}

int cli_history_add(struct cli_history *h, const char *line, size_t len, int save)
{
	struct cli_history_entry *last;
	char *copy;

	if (len == 0 || memchr(line, '\n', len) != NULL || memchr(line, '\r', len) != NULL)
		return 0;
	if (h->len > 0) {
		last = &h->entries[h->len - 1];
		if (strlen(last->line) == len && memcmp(last->line, line, len) == 0) {
			if (!save)
				last->save = 0;
			return 0;
		}
	}
	if (h->entries == NULL) {
		h->entries = malloc(h->max * sizeof(*h->entries));
		if (h->entries == NULL)
			return -1;
	}
	copy = malloc(len + 1);
	if (copy == NULL)
		return -1;
	memcpy(copy, line, len);
	copy[len] = '\0';
	if (h->len == h->max) {
		free(h->entries[0].line);
		memmove(h->entries, h->entries + 1, (h->len - 1) * sizeof(*h->entries));
		h->len--;
	}
	h->entries[h->len].line = copy;
	h->entries[h->len].save = save ? 1 : 0;
	h->len++;
	return 0;
}

size_t cli_history_count(const struct cli_history *h)
{
	return h->len;
}

const char *cli_history_get(const struct cli_history *h, size_t i)
{
	return i < h->len ? h->entries[i].line : NULL;
}

int cli_history_load(struct cli_history *h, const char *path)
{
	char line[4096];
	FILE *f;
	size_t n;
	int skipping = 0;

	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		n = strlen(line);
		if (n > 0 && line[n - 1] == '\n') {
			if (skipping) { /* the tail of an over-long line */
				skipping = 0;
				continue;
			}
			n--;
		} else if (!feof(f)) {
			skipping = 1; /* longer than any line worth recalling */
			continue;
		}
		if (n > 0 && line[n - 1] == '\r')
			n--;
		if (cli_history_add(h, line, n, 1) != 0) {
			fclose(f);
			errno = ENOMEM;
			return -1;
		}
	}
	fclose(f);
	return 0;
}

int cli_history_save(const struct cli_history *h, const char *path)
{
	char tmp[4096];
	size_t i;
	FILE *f;
	int fd, saved;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof(tmp)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	f = fdopen(fd, "w");
	if (f == NULL) {
		saved = errno;
		close(fd);
		unlink(tmp);
		errno = saved;
		return -1;
	}
	for (i = 0; i < h->len; i++) {
		if (h->entries[i].save)
			fprintf(f, "%s\n", h->entries[i].line);
	}
	if (fflush(f) != 0 || ferror(f)) {
		saved = errno;
		fclose(f);
		unlink(tmp);
		errno = saved;
		return -1;
	}
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		saved = errno;
		unlink(tmp);
		errno = saved;
		return -1;
	}
	return 0;
}
