/*
 * term.h -- the terminal and the signals of the client.
 *
 * Owns the saved terminal attributes of one file descriptor (the only
 * process-wide state of the client) and a self-pipe that turns signals into
 * readable bytes, so the poll loop handles SIGINT, SIGTERM, SIGHUP and
 * SIGWINCH like any other input.  cli_term_restore() is idempotent and
 * async-signal-safe; it is also registered with atexit() so every exit path
 * gives the terminal back as it was found.
 */
#ifndef CLI_TERM_H
#define CLI_TERM_H

/*
 * Puts the terminal on fd into raw mode (no echo, no canonical input, no
 * signal keys, no CR/NL translation, 8-bit), saving the old attributes for
 * cli_term_restore().  Returns 0 or -1 with errno set.
 */
int cli_term_raw(int fd);
/* Restores the attributes saved by cli_term_raw(), if any. */
void cli_term_restore(void);
/* The width of the terminal on fd in columns (80 if unknown). */
unsigned cli_term_cols(int fd);
/*
 * Installs the handlers (SIGPIPE is ignored).  Returns the read end of the
 * self-pipe (non-blocking, close-on-exec) or -1 with errno set.
 */
int cli_signals_init(void);
/* Reads one pending signal number from the self-pipe; 0 if none. */
int cli_signals_take(int fd);

#endif
