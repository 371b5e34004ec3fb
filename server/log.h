/*
 * log.h -- one line per event to stderr: time, level, connection id, text.
 *
 *   2026-11-30T15:47:21Z info c12 login alice
 *
 * Client-supplied text must go through the %s of a log call only after
 * srv_log_escape() (or be known safe), so no client can forge log lines.
 * Passwords are never passed to the logger (cmd.c masks the arguments of
 * register, login and password).  The level is process-wide state of the
 * daemon (the server is the only module with such state; rules/ has none).
 */
#ifndef SRV_LOG_H
#define SRV_LOG_H

#include <stddef.h>

enum srv_log_level { SRV_LOG_DEBUG, SRV_LOG_INFO, SRV_LOG_WARN, SRV_LOG_ERROR, SRV_LOG_FATAL };

/* Parses "debug", "info", "warn", "error"; returns 0 or -1. */
int srv_log_parse_level(const char *s, enum srv_log_level *out);
void srv_log_set_level(enum srv_log_level level);
enum srv_log_level srv_log_get_level(void);

/* conn is the connection id (0: not about a connection). */
void srv_log(enum srv_log_level level, unsigned long conn, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#define log_debug(conn, ...) srv_log(SRV_LOG_DEBUG, (conn), __VA_ARGS__)
#define log_info(conn, ...)  srv_log(SRV_LOG_INFO, (conn), __VA_ARGS__)
#define log_warn(conn, ...)  srv_log(SRV_LOG_WARN, (conn), __VA_ARGS__)
#define log_error(conn, ...) srv_log(SRV_LOG_ERROR, (conn), __VA_ARGS__)
#define log_fatal(conn, ...) srv_log(SRV_LOG_FATAL, (conn), __VA_ARGS__)

/* Copies at most n-1 bytes of s into out with non-printable bytes as \xNN,
 * truncating with "..." if needed; returns out. */
char *srv_log_escape(const char *s, char *out, size_t n);

#endif
