/*
 * history.h -- the client's command history: an in-memory list of lines,
 * oldest first, optionally loaded from and saved to a file.
 *
 * Invariants: 0 <= len <= max; every entry is a NUL-terminated copy owned
 * by the history; two consecutive entries are never equal (adding the same
 * line twice in a row keeps one); when full, adding drops the oldest entry.
 * An entry added with save == 0 (e.g. a line carrying a password) is
 * browsable in memory but never written to the file.
 *
 * The file format is one line per entry, "\n"-terminated; entries never
 * contain "\n" or "\r" (they are refused).  Saving writes a temporary file
 * beside the target with mode 0600 and renames it over the target, so a
 * crash never leaves a truncated history.
 */
#ifndef CLI_HISTORY_H
#define CLI_HISTORY_H

#include <stddef.h>

#define CLI_HISTORY_MAX 500

struct cli_history_entry {
	char *line;
	int save; /* 1 if the entry may be written to the file */
};

struct cli_history {
	struct cli_history_entry *entries;
	size_t len;
	size_t max;
};

/* An empty history holding at most max entries (max >= 1). */
void cli_history_init(struct cli_history *h, size_t max);
/* Frees every entry; h is empty and reusable. */
void cli_history_release(struct cli_history *h);
/*
 * Appends a copy of line[0..len).  Empty lines, lines with "\n" or "\r" and
 * a repeat of the newest entry are ignored (the repeat's save flag is
 * lowered to 0 if the new one has save == 0).  Returns 0 or -1 (out of
 * memory, history unchanged).
 */
int cli_history_add(struct cli_history *h, const char *line, size_t len, int save);
/* The number of entries. */
size_t cli_history_count(const struct cli_history *h);
/* Entry i (0 = oldest), valid until the next add or release; NULL if out of range. */
const char *cli_history_get(const struct cli_history *h, size_t i);
/*
 * Adds the lines of the file at path (the newest h->max of them win).
 * Returns 0, or -1 with errno set if the file cannot be read (a missing
 * file is an error the caller will usually ignore).
 */
int cli_history_load(struct cli_history *h, const char *path);
/* Writes the entries whose save flag is set to path (see above).  0 or -1 with errno. */
int cli_history_save(const struct cli_history *h, const char *path);

#endif
