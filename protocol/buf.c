/*
 * buf.c -- growable byte buffer.  See buf.h for the invariants.
 */
#include "buf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void proto_buf_init(struct proto_buf *b)
{
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
	b->secret = 0;
}

void proto_buf_secret(struct proto_buf *b)
{
	b->secret = 1;
}

/* Drops the storage without touching the secret mark. */
static void empty(struct proto_buf *b)
{
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
}

void proto_buf_release(struct proto_buf *b)
{
	if (b->secret && b->data != NULL)
		explicit_bzero(b->data, b->cap);
	free(b->data);
	empty(b);
}

char *proto_buf_detach(struct proto_buf *b, size_t *len)
{
	char *d = b->data;

	if (len != NULL)
		*len = b->len;
	empty(b);
	return d;
}

int proto_buf_grow(struct proto_buf *b, size_t extra)
{
	size_t need, ncap;
	char *n;

	if (extra > SIZE_MAX - b->len - 1)
		return -1;
	need = b->len + extra + 1;
	if (need <= b->cap)
		return 0;
	ncap = b->cap ? b->cap : 64;
	while (ncap < need)
		ncap = ncap > SIZE_MAX / 2 ? need : ncap * 2;
	if (b->secret && b->data != NULL) {
		/* never realloc: the old block would be freed with the secret in it */
		n = malloc(ncap);
		if (n == NULL)
			return -1;
		memcpy(n, b->data, b->len + 1);
		explicit_bzero(b->data, b->cap);
		free(b->data);
	} else {
		n = realloc(b->data, ncap);
		if (n == NULL)
			return -1;
	}
	if (b->data == NULL)
		n[0] = '\0';
	b->data = n;
	b->cap = ncap;
	return 0;
}

int proto_buf_add(struct proto_buf *b, const void *data, size_t len)
{
	if (proto_buf_grow(b, len) != 0)
		return -1;
	if (len > 0)
		memcpy(b->data + b->len, data, len);
	b->len += len;
	b->data[b->len] = '\0';
	return 0;
}

int proto_buf_adds(struct proto_buf *b, const char *s)
{
	return proto_buf_add(b, s, strlen(s));
}

int proto_buf_addch(struct proto_buf *b, char c)
{
	return proto_buf_add(b, &c, 1);
}

int proto_buf_vaddf(struct proto_buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0 || proto_buf_grow(b, (size_t)n) != 0)
		return -1;
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
	return 0;
}

int proto_buf_addf(struct proto_buf *b, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = proto_buf_vaddf(b, fmt, ap);
	va_end(ap);
	return rc;
}

void proto_buf_consume(struct proto_buf *b, size_t n)
{
	if (n >= b->len) {
		proto_buf_reset(b);
		return;
	}
	memmove(b->data, b->data + n, b->len - n);
	b->len -= n;
	if (b->secret) /* the tail the move left behind */
		explicit_bzero(b->data + b->len, n);
	b->data[b->len] = '\0';
}

void proto_buf_reset(struct proto_buf *b)
{
	if (b->secret && b->data != NULL)
		explicit_bzero(b->data, b->len);
	b->len = 0;
	if (b->data != NULL)
		b->data[0] = '\0';
}
