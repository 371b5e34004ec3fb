/*
 * reply.h -- writing replies and notifications in text or JSON mode.
 *
 * Text mode (DESIGN.md "Protocol"):
 *   reply  = *("  " data-line "\n") final "\n"
 *   final  = ["@" tag " "] ("ok" [" " summary] / "err " code " " message [" (" rule ")"])
 *   notice = "* " event [" game=" id] " " text "\n"
 * Data lines come from the reply object: if it has an array "lines" of
 * strings, each is one data line and nothing else of the object is shown;
 * otherwise every member except "summary" becomes "  key: value" (strings
 * bare, numbers and booleans as JSON, objects and arrays as compact JSON).
 * The final line carries the "summary" member if present.
 *
 * JSON mode (one line each):
 *   {"tag":"t","ok":true,"data":{...}}           (tag omitted when empty)
 *   {"tag":"t","ok":false,"error":{"code":"..","message":"..","rule":".."}}
 *                                                (rule omitted when empty)
 *   the event object itself, e.g. {"event":"moved","game":12,"text":".."}
 *
 * Every string is made safe for one line: in text mode control characters
 * (including CR and LF) become spaces; JSON mode escapes them.
 * All functions append to out and return 0 or -1 (out of memory, out
 * unchanged).  data and event objects are not modified or freed.
 */
#ifndef PROTO_REPLY_H
#define PROTO_REPLY_H

#include <cjson/cJSON.h>

#include "buf.h"

enum proto_mode { PROTO_TEXT = 0, PROTO_JSON = 1 };

int proto_write_ok(struct proto_buf *out, enum proto_mode mode, const char *tag,
		   const cJSON *data);
int proto_write_err(struct proto_buf *out, enum proto_mode mode, const char *tag,
		    const char *code, const char *message, const char *rule);
/* A notification; game > 0 is added as game=<id> (text) or "game" (JSON)
 * unless the event already has a "game" member. */
int proto_write_event(struct proto_buf *out, enum proto_mode mode, long long game,
		      const cJSON *event);
/* Appends s with control characters replaced by spaces (text-mode safe). */
int proto_add_safe(struct proto_buf *out, const char *s);

#endif
