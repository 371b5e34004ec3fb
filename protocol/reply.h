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
 * The final line carries the "summary" member if present (also when
 * "lines" is used; a null or "" summary shows nothing; a non-string one is
 * compact JSON).  A "lines" member that is anything but an array of
 * strings is shown as an ordinary member.  data NULL gives the final line alone; data that is
 * not an object gives one data line with its value.
 * An err line without a message is "err <code>"; a NULL or "" code is
 * written as "internal".  A notice's event name is its "event" member
 * ("notice" if missing); game=<id> shows the event's own "game" member if
 * it has one, else game when > 0; text is its "text" member (nothing when
 * ""), or if it has none, every other member as " key=value" (values as
 * for data lines).  event should be an object.
 *
 * Width (text mode, replies only): with cols > 0 (below PROTO_COLS_MIN it
 * counts as PROTO_COLS_MIN) no line of a reply is wider than cols columns
 * (wrap.h: code points, cut at blanks, a longer word cut at the width):
 *   - a data line that is wider goes on over further data lines indented by
 *     four spaces instead of two;
 *   - a final line that is wider keeps ["@" tag " "] "ok" or "err " code,
 *     and on an ok line the tokens v=<n> and d=<n> that end its summary
 *     (bare, or in one pair of parentheses as in "(v=12)"), written
 *     "ok v=12" or "ok v=4 d=3"; the rest of its text (an err line's
 *     message and rule included) goes into two-space data lines just
 *     before it.
 * Only a tag and code that alone exceed cols make a longer line.  cols <= 0
 * means no limit.  Notifications are never cut (each is one frame) and JSON
 * mode ignores cols.
 *
 * JSON mode (one line each):
 *   {"tag":"t","ok":true,"data":{...}}           (tag omitted when empty)
 *   {"tag":"t","ok":false,"error":{"code":"..","message":"..","rule":".."}}
 *                                                (rule omitted when empty)
 *   the event object itself, e.g. {"event":"moved","game":12,"text":".."}
 *                                                ("game", when added, comes
 *                                                right after "event")
 *   data NULL is written as "data":{}; a NULL message as "".
 *
 * Every string is made safe for one line: in text mode control characters
 * (C0 including CR and LF, DEL, and C1 U+0080..U+009F) become spaces; JSON
 * mode escapes them (and blanks any control byte a cJSON_Raw item holds),
 * so neither mode can ever produce a CR, or an LF other than a line end.
 * All functions append to out and return 0 or -1 (out of memory, out
 * unchanged).  data and event objects are not modified or freed.
 */
#ifndef PROTO_REPLY_H
#define PROTO_REPLY_H

#include <cjson/cJSON.h>

#include "buf.h"

enum proto_mode { PROTO_TEXT = 0, PROTO_JSON = 1 };

/* The narrowest width a text reply is fitted to (see "Width"). */
#define PROTO_COLS_MIN 20

/* A reply; cols as in "Width" (0: no limit). */
int proto_write_ok(struct proto_buf *out, enum proto_mode mode, int cols, const char *tag,
                   const cJSON *data);
int proto_write_err(struct proto_buf *out, enum proto_mode mode, int cols, const char *tag,
                    const char *code, const char *message, const char *rule);
/* A notification; game > 0 is added as game=<id> (text) or "game" (JSON)
 * unless the event already has a "game" member. */
int proto_write_event(struct proto_buf *out, enum proto_mode mode, long long game,
                      const cJSON *event);
/* Appends s (NULL as "") with control characters replaced by spaces
 * (text-mode safe: C0, DEL, C1 each become one space). */
int proto_add_safe(struct proto_buf *out, const char *s);

#endif
