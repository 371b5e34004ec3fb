/*
 * client_proc.h -- running a program under test as a child process with
 * bounded waits: feed it standard input, collect standard output and
 * standard error, and get its exit status.
 */
#ifndef CLIENT_PROC_H
#define CLIENT_PROC_H

#include <stddef.h>

struct client_proc_result {
	int status; /* exit code, 128 + signal if killed, -1 if it had to be killed */
	char *out;  /* NUL-terminated stdout (caller frees) */
	size_t out_len;
	char *err; /* NUL-terminated stderr (caller frees) */
	size_t err_len;
	long elapsed_ms;
};

/*
 * Runs argv[0] with argv, writes input (may be NULL) to its stdin and then
 * closes it, and waits at most timeout_ms for it to exit; a child still
 * running then is killed with SIGKILL (status -1).  Returns 0, or -1 if it
 * could not be started.  Free the result with client_proc_free().
 */
int client_proc_run(char *const argv[], const char *input, int timeout_ms,
                    struct client_proc_result *r);
void client_proc_free(struct client_proc_result *r);

#endif
