/*
 * reply.c -- writing replies and notifications in text or JSON mode.
 *
 * Owns the exact wire shapes of reply.h; it never keeps or modifies the
 * caller's cJSON trees (JSON mode wraps them in reference items, which
 * cJSON_Delete does not follow).
 *
 * Invariants: every public function either appends complete lines to out
 * and returns 0, or leaves out's contents as they were and returns -1; no
 * byte it appends other than the final "\n" of a line is CR or LF (text
 * mode replaces control characters by spaces, JSON mode relies on cJSON's
 * string escaping and blanks the control bytes a cJSON_Raw item might
 * carry).
 */
#include "reply.h"

#include <stdlib.h>
#include <string.h>

#include "wrap.h"

/* Restores out to its first start bytes after a failure; returns -1. */
static int rollback(struct proto_buf *out, size_t start)
{
	if (out->data != NULL) {
		out->len = start;
		out->data[start] = '\0';
	}
	return -1;
}

int proto_add_safe(struct proto_buf *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s != NULL ? s : "");
	char *d;

	/* the copy is never longer than s (a C1 control's two bytes become one space): one
	 * grow, then the bytes written in place (this runs for every line of every reply) */
	if (proto_buf_grow(out, strlen((const char *)p)) != 0)
		return -1;
	d = out->data + out->len;
	for (; *p != '\0'; p++) {
		char c = (char)*p;

		if (*p < 0x20 || *p == 0x7f) {
			c = ' ';
		} else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
			c = ' '; /* a C1 control, U+0080..U+009F */
			p++;
		}
		*d++ = c;
	}
	out->len = (size_t)(d - out->data);
	out->data[out->len] = '\0';
	return 0;
}

/* Appends item as a text-mode value: strings bare, anything else compact JSON. */
static int add_text_value(struct proto_buf *out, const cJSON *item)
{
	char *s;
	int rc;

	if (cJSON_IsString(item))
		return proto_add_safe(out, item->valuestring);
	s = cJSON_PrintUnformatted(item);
	if (s == NULL)
		return -1;
	rc = proto_add_safe(out, s);
	cJSON_free(s);
	return rc;
}

/* Appends obj as one line of compact JSON and "\n". */
static int add_json_line(struct proto_buf *out, const cJSON *obj)
{
	char *s, *p;
	int rc;

	s = cJSON_PrintUnformatted(obj);
	if (s == NULL)
		return -1;
	/* Only a cJSON_Raw item can carry a raw control byte past cJSON. */
	for (p = s; *p != '\0'; p++) {
		if ((unsigned char)*p < 0x20)
			*p = ' ';
	}
	rc = proto_buf_adds(out, s);
	cJSON_free(s);
	if (rc == 0)
		rc = proto_buf_addch(out, '\n');
	return rc;
}

/* A reference to item for a wrapper object: shares children, copies scalars. */
static cJSON *ref_of(const cJSON *item)
{
	if (cJSON_IsObject(item))
		return cJSON_CreateObjectReference(item->child);
	if (cJSON_IsArray(item))
		return cJSON_CreateArrayReference(item->child);
	return cJSON_Duplicate(item, 0);
}

/* Adds item to obj under name; on failure item is deleted.  0 or -1. */
static int add_member(cJSON *obj, const char *name, cJSON *item)
{
	if (item == NULL)
		return -1;
	if (!cJSON_AddItemToObject(obj, name, item)) {
		cJSON_Delete(item);
		return -1;
	}
	return 0;
}

static int has_text(const char *s)
{
	return s != NULL && s[0] != '\0';
}

/* Appends the text-mode "@tag " prefix when there is a tag. */
static int add_tag_prefix(struct proto_buf *out, const char *tag)
{
	if (!has_text(tag))
		return 0;
	if (proto_buf_addch(out, '@') != 0 || proto_add_safe(out, tag) != 0 ||
	    proto_buf_addch(out, ' ') != 0)
		return -1;
	return 0;
}

/* data's "lines" member if it is an array of strings only, else NULL. */
static const cJSON *string_lines(const cJSON *data)
{
	const cJSON *lines = cJSON_GetObjectItemCaseSensitive(data, "lines");
	const cJSON *it;

	if (!cJSON_IsArray(lines))
		return NULL;
	for (it = lines->child; it != NULL; it = it->next) {
		if (!cJSON_IsString(it))
			return NULL;
	}
	return lines;
}

/* ---- fitting text lines into cols (reply.h "Width") ---- */

/* The width a caller's cols means: 0 for none, else at least PROTO_COLS_MIN. */
static size_t limit_of(int cols)
{
	if (cols <= 0)
		return 0;
	return cols < PROTO_COLS_MIN ? PROTO_COLS_MIN : (size_t)cols;
}

/* 1 if out[from..len) is wider than limit columns (limit 0: never). */
static int too_wide(const struct proto_buf *out, size_t from, size_t limit)
{
	size_t n = out->len - from;

	return limit > 0 && n > limit && proto_width(out->data + from, n) > limit;
}

/* Appends s[0..len) as lines of indent + piece, the pieces cut to fit limit, each ending
 * in "\n" but the last when last_open is set. */
static int add_wrapped(struct proto_buf *out, const char *s, size_t len, const char *indent,
                       size_t limit, int last_open)
{
	size_t width = limit - strlen(indent), at = 0, next, n;

	while (at < len) {
		n = proto_wrap_cut(s + at, len - at, width, &next);
		if (proto_buf_adds(out, indent) != 0 || proto_buf_add(out, s + at, n) != 0)
			return -1;
		at += next;
		if ((at < len || !last_open) && proto_buf_addch(out, '\n') != 0)
			return -1;
	}
	return 0;
}

/* Takes out[from..len) away into a copy the caller frees (NULL: out of memory). */
static char *take_tail(struct proto_buf *out, size_t from, size_t *len)
{
	char *copy;

	*len = out->len - from;
	copy = malloc(*len + 1);
	if (copy == NULL)
		return NULL;
	memcpy(copy, out->data + from, *len);
	copy[*len] = '\0';
	out->len = from;
	out->data[from] = '\0';
	return copy;
}

/*
 * A data line out[from..len) (without its "\n") wider than limit becomes
 * several: its first piece keeps the two-space indent, the rest get four.
 */
static int fit_data_line(struct proto_buf *out, size_t from, size_t limit)
{
	size_t len, next, n;
	char *line;
	int rc;

	if (!too_wide(out, from, limit))
		return 0;
	line = take_tail(out, from, &len);
	if (line == NULL)
		return -1;
	/* line is "  " + content; the first piece is cut from the content */
	n = proto_wrap_cut(line + 2, len - 2, limit - 2, &next);
	rc = proto_buf_adds(out, "  ") != 0 || proto_buf_add(out, line + 2, n) != 0 ? -1 : 0;
	if (rc == 0 && 2 + next < len)
		rc = proto_buf_addch(out, '\n') != 0
		         ? -1
		         : add_wrapped(out, line + 2 + next, len - 2 - next, "    ", limit, 1);
	free(line);
	return rc;
}

/* 1 if s[0..n) is a token clients read off a final line: v=<digits> or d=<digits>. */
static int is_token(const char *s, size_t n)
{
	if (n < 3 || (s[0] != 'v' && s[0] != 'd') || s[1] != '=')
		return 0;
	for (size_t i = 2; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

/*
 * Splits the trailing tokens off the text of an ok line: "rolled 6 (v=2)"
 * and "placed v=4 d=3" keep "rolled 6" / "placed" and append "v=2" /
 * "v=4 d=3" to tokens.  Returns the length of the text without them.
 */
static size_t split_tokens(const char *s, size_t n, struct proto_buf *tokens)
{
	size_t end = n, w, open;

	while (end > 0 && s[end - 1] == ' ')
		end--;
	if (end > 0 && s[end - 1] == ')') {
		/* "(v=2)" or "(v=2, d=3)": tokens and separators only */
		for (open = end - 1; open > 0 && s[open - 1] != '('; open--)
			;
		if (open == 0)
			return end;
		for (size_t i = open, found = 0;; i++) {
			size_t j = i;
			if (i >= end - 1) {
				if (found == 0)
					return end; /* "()" */
				break;
			}
			while (j < end - 1 && s[j] != ' ' && s[j] != ',')
				j++;
			if (j > i && !is_token(s + i, j - i))
				return end;
			found += j > i;
			i = j;
		}
		for (size_t i = open; i < end - 1;) {
			size_t j = i;
			while (j < end - 1 && s[j] != ' ' && s[j] != ',')
				j++;
			if (j > i && ((tokens->len > 0 && proto_buf_addch(tokens, ' ') != 0) ||
			              proto_buf_add(tokens, s + i, j - i) != 0))
				return n;
			i = j + 1;
		}
		end = open - 1;
		while (end > 0 && s[end - 1] == ' ')
			end--;
		return end;
	}
	/* bare tokens at the end, kept in their order */
	for (w = end; w > 0 && s[w - 1] != ' '; w--)
		;
	if (w == end || !is_token(s + w, end - w))
		return end;
	n = split_tokens(s, w, tokens);
	if ((tokens->len > 0 && proto_buf_addch(tokens, ' ') != 0) ||
	    proto_buf_add(tokens, s + w, end - w) != 0)
		return end;
	return n;
}

/*
 * A final line out[from..len) (without its "\n") wider than limit: its text
 * (from text_at + 1: after "ok" or "err <code>") goes into data lines of
 * two-space indent just before it; the line keeps its tag, status word,
 * code and, on an ok line, the trailing tokens (split_tokens).
 */
static int fit_final_line(struct proto_buf *out, size_t from, size_t text_at, int ok, size_t limit)
{
	struct proto_buf tokens = PROTO_BUF_INIT;
	size_t len, pre = text_at - from, tlen;
	char *line;
	int rc = -1;

	if (!too_wide(out, from, limit) || out->len <= text_at + 1)
		return 0;
	line = take_tail(out, from, &len);
	if (line == NULL)
		return -1;
	tlen = len - pre - 1;
	if (ok)
		tlen = split_tokens(line + pre + 1, tlen, &tokens);
	if (add_wrapped(out, line + pre + 1, tlen, "  ", limit, 0) == 0 &&
	    proto_buf_add(out, line, pre) == 0 &&
	    (tokens.len == 0 ||
	     (proto_buf_addch(out, ' ') == 0 && proto_buf_add(out, tokens.data, tokens.len) == 0)))
		rc = 0;
	proto_buf_release(&tokens);
	free(line);
	return rc;
}

static int text_ok(struct proto_buf *out, size_t limit, const char *tag, const cJSON *data)
{
	const cJSON *lines, *it, *summary = NULL;
	size_t from, text_at;

	if (cJSON_IsObject(data)) {
		lines = string_lines(data);
		summary = cJSON_GetObjectItemCaseSensitive(data, "summary");
		for (it = lines != NULL ? lines->child : data->child; it != NULL; it = it->next) {
			if (lines == NULL && it->string != NULL &&
			    strcmp(it->string, "summary") == 0)
				continue;
			from = out->len;
			if (proto_buf_adds(out, "  ") != 0)
				return -1;
			if (lines == NULL && (proto_add_safe(out, it->string) != 0 ||
			                      proto_buf_adds(out, ": ") != 0))
				return -1;
			if (add_text_value(out, it) != 0 || fit_data_line(out, from, limit) != 0 ||
			    proto_buf_addch(out, '\n') != 0)
				return -1;
		}
	} else if (data != NULL) {
		from = out->len;
		if (proto_buf_adds(out, "  ") != 0 || add_text_value(out, data) != 0 ||
		    fit_data_line(out, from, limit) != 0 || proto_buf_addch(out, '\n') != 0)
			return -1;
	}
	from = out->len;
	if (add_tag_prefix(out, tag) != 0 || proto_buf_adds(out, "ok") != 0)
		return -1;
	text_at = out->len;
	if (summary != NULL && !cJSON_IsNull(summary) &&
	    !(cJSON_IsString(summary) && summary->valuestring[0] == '\0')) {
		if (proto_buf_addch(out, ' ') != 0 || add_text_value(out, summary) != 0)
			return -1;
	}
	if (fit_final_line(out, from, text_at, 1, limit) != 0)
		return -1;
	return proto_buf_addch(out, '\n');
}

static int json_ok(struct proto_buf *out, const char *tag, const cJSON *data)
{
	cJSON *root = cJSON_CreateObject();
	int rc = -1;

	if (root == NULL)
		return -1;
	if (has_text(tag) && cJSON_AddStringToObject(root, "tag", tag) == NULL)
		goto out;
	if (cJSON_AddTrueToObject(root, "ok") == NULL)
		goto out;
	if (add_member(root, "data", data != NULL ? ref_of(data) : cJSON_CreateObject()) != 0)
		goto out;
	rc = add_json_line(out, root);
out:
	cJSON_Delete(root);
	return rc;
}

int proto_write_ok(struct proto_buf *out, enum proto_mode mode, int cols, const char *tag,
                   const cJSON *data)
{
	size_t start = out->len;
	int rc;

	rc = mode == PROTO_JSON ? json_ok(out, tag, data) : text_ok(out, limit_of(cols), tag, data);
	return rc == 0 ? 0 : rollback(out, start);
}

static int text_err(struct proto_buf *out, size_t limit, const char *tag, const char *code,
                    const char *message, const char *rule)
{
	size_t from = out->len, text_at;

	if (add_tag_prefix(out, tag) != 0 || proto_buf_adds(out, "err ") != 0 ||
	    proto_add_safe(out, has_text(code) ? code : "internal") != 0)
		return -1;
	text_at = out->len;
	if (has_text(message) &&
	    (proto_buf_addch(out, ' ') != 0 || proto_add_safe(out, message) != 0))
		return -1;
	if (has_text(rule) && (proto_buf_adds(out, " (") != 0 || proto_add_safe(out, rule) != 0 ||
	                       proto_buf_addch(out, ')') != 0))
		return -1;
	if (fit_final_line(out, from, text_at, 0, limit) != 0)
		return -1;
	return proto_buf_addch(out, '\n');
}

static int json_err(struct proto_buf *out, const char *tag, const char *code, const char *message,
                    const char *rule)
{
	cJSON *root = cJSON_CreateObject();
	cJSON *err;
	int rc = -1;

	if (root == NULL)
		return -1;
	if (has_text(tag) && cJSON_AddStringToObject(root, "tag", tag) == NULL)
		goto out;
	if (cJSON_AddFalseToObject(root, "ok") == NULL)
		goto out;
	err = cJSON_AddObjectToObject(root, "error");
	if (err == NULL ||
	    cJSON_AddStringToObject(err, "code", has_text(code) ? code : "internal") == NULL ||
	    cJSON_AddStringToObject(err, "message", message != NULL ? message : "") == NULL)
		goto out;
	if (has_text(rule) && cJSON_AddStringToObject(err, "rule", rule) == NULL)
		goto out;
	rc = add_json_line(out, root);
out:
	cJSON_Delete(root);
	return rc;
}

int proto_write_err(struct proto_buf *out, enum proto_mode mode, int cols, const char *tag,
                    const char *code, const char *message, const char *rule)
{
	size_t start = out->len;
	int rc;

	rc = mode == PROTO_JSON ? json_err(out, tag, code, message, rule)
	                        : text_err(out, limit_of(cols), tag, code, message, rule);
	return rc == 0 ? 0 : rollback(out, start);
}

static int text_event(struct proto_buf *out, long long game, const cJSON *event)
{
	const cJSON *obj = cJSON_IsObject(event) ? event : NULL;
	const cJSON *name = cJSON_GetObjectItemCaseSensitive(obj, "event");
	const cJSON *g = cJSON_GetObjectItemCaseSensitive(obj, "game");
	const cJSON *text = cJSON_GetObjectItemCaseSensitive(obj, "text");
	const cJSON *it;

	if (proto_buf_adds(out, "* ") != 0 ||
	    proto_add_safe(out, cJSON_IsString(name) ? name->valuestring : "notice") != 0)
		return -1;
	if (g != NULL) {
		if (proto_buf_adds(out, " game=") != 0 || add_text_value(out, g) != 0)
			return -1;
	} else if (game > 0 && proto_buf_addf(out, " game=%lld", game) != 0) {
		return -1;
	}
	if (text != NULL) {
		if (!(cJSON_IsString(text) && text->valuestring[0] == '\0') &&
		    (proto_buf_addch(out, ' ') != 0 || add_text_value(out, text) != 0))
			return -1;
	} else {
		/* No "text": show the other members as key=value. */
		for (it = obj != NULL ? obj->child : NULL; it != NULL; it = it->next) {
			if (it == name || it == g || it->string == NULL)
				continue;
			if (proto_buf_addch(out, ' ') != 0 ||
			    proto_add_safe(out, it->string) != 0 ||
			    proto_buf_addch(out, '=') != 0 || add_text_value(out, it) != 0)
				return -1;
		}
	}
	return proto_buf_addch(out, '\n');
}

static int json_event(struct proto_buf *out, long long game, const cJSON *event)
{
	const cJSON *obj = cJSON_IsObject(event) ? event : NULL;
	const cJSON *name = cJSON_GetObjectItemCaseSensitive(obj, "event");
	const cJSON *it;
	cJSON *root;
	int rc = -1;

	if (obj != NULL && (game <= 0 || cJSON_GetObjectItemCaseSensitive(obj, "game") != NULL))
		return add_json_line(out, obj);
	root = cJSON_CreateObject();
	if (root == NULL)
		return -1;
	/* "game" goes right after "event" (first when there is none). */
	if (name == NULL && game > 0 && cJSON_AddNumberToObject(root, "game", (double)game) == NULL)
		goto out;
	for (it = obj != NULL ? obj->child : NULL; it != NULL; it = it->next) {
		if (add_member(root, it->string != NULL ? it->string : "", ref_of(it)) != 0)
			goto out;
		if (it == name && game > 0 &&
		    cJSON_AddNumberToObject(root, "game", (double)game) == NULL)
			goto out;
	}
	rc = add_json_line(out, root);
out:
	cJSON_Delete(root);
	return rc;
}

int proto_write_event(struct proto_buf *out, enum proto_mode mode, long long game,
                      const cJSON *event)
{
	size_t start = out->len;
	int rc;

	rc = mode == PROTO_JSON ? json_event(out, game, event) : text_event(out, game, event);
	return rc == 0 ? 0 : rollback(out, start);
}
