/*
 * log.c -- the daemon's line logger.  See log.h.
 */
#include "log.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static enum srv_log_level current_level = SRV_LOG_INFO;

static const char *const level_names[] = {"debug", "info", "warn", "error", "fatal"};

int srv_log_parse_level(const char *s, enum srv_log_level *out)
{
	for (int i = SRV_LOG_DEBUG; i <= SRV_LOG_ERROR; i++) {
		if (strcmp(s, level_names[i]) == 0) {
			*out = (enum srv_log_level)i;
			return 0;
		}
	}
	return -1;
}

void srv_log_set_level(enum srv_log_level level)
{
	current_level = level;
}

enum srv_log_level srv_log_get_level(void)
{
	return current_level;
}

void srv_log(enum srv_log_level level, unsigned long conn, const char *fmt, ...)
{
	char stamp[32], line[1024];
	struct tm tm;
	time_t now;
	va_list ap;
	int n;

	if (level < current_level)
		return;
	now = time(NULL);
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (conn != 0)
		n = snprintf(line, sizeof(line), "%s %s c%lu ", stamp, level_names[level], conn);
	else
		n = snprintf(line, sizeof(line), "%s %s - ", stamp, level_names[level]);
	va_start(ap, fmt);
	vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
	va_end(ap);
	for (char *p = line; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	fprintf(stderr, "%s\n", line);
}

char *srv_log_escape(const char *s, char *out, size_t n)
{
	size_t o = 0;

	if (n == 0)
		return out;
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;
		char tmp[5];
		size_t len;

		if (c < 0x20 || c == 0x7f || c == '\\') {
			snprintf(tmp, sizeof(tmp), "\\x%02x", c);
			len = 4;
		} else {
			tmp[0] = (char)c;
			len = 1;
		}
		if (o + len + 4 > n) {
			if (o + 4 <= n)
				memcpy(out + o, "...", 3), o += 3;
			break;
		}
		memcpy(out + o, tmp, len);
		o += len;
	}
	out[o < n ? o : n - 1] = '\0';
	return out;
}
