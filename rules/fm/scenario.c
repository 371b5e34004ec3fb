/*
 * scenario.c -- loads and validates an F&M scenario document
 * (docs/data-format.md) into an immutable struct fm_scenario.  Game options
 * are built in options.c; consistency checks of the loaded scenario are in
 * lint.c.
 *
 * Every error names the file, the JSON path and the problem:
 *   "test.json: $.map.hexes[3].terrain[0]: unknown terrain 'swmp'".
 * The loader is strict: unknown members are errors.  On failure nothing
 * leaks: the half-built scenario is freed.
 *
 * Two modes (struct fm_findings): strict (scenario_load) stops at the first
 * error; lint (check-scenario) reports every finding and goes on past the
 * recoverable ones (lsoft: a bad hex id, an unknown reference, a duplicate
 * id, a unit on a prohibited hex...): the bad item is skipped.  Structural
 * errors (lfail: a section missing or of the wrong type, the CRT's shape)
 * stop both modes.
 */
#include "fm_int.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct ld {
	const char *src;
	struct fm_findings *f;
	char path[256];
	size_t len;
	struct fm_scenario *sc;
};

/* A return of parse_hex/get_pair in lint mode: the item is bad, skip it and go on. */
#define SKIP 1

static int lfail(struct ld *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int lsoft(struct ld *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A structural error at the current path: loading stops in both modes. */
static int lfail(struct ld *l, const char *fmt, ...)
{
	char msg[220];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fm__finding(l->f, FM_LINT_ERROR, l->path, "%s", msg);
	return WG_E_BAD_SCENARIO;
}

/* A recoverable error at the current path: WG_E_BAD_SCENARIO in strict mode, 0 in lint mode
 * (the caller skips the bad item). */
static int lsoft(struct ld *l, const char *fmt, ...)
{
	char msg[220];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return fm__finding(l->f, FM_LINT_ERROR, l->path, "%s", msg);
}

static int lnomem(struct ld *l)
{
	if (l->f->err != NULL)
		rules_fail(l->f->err, WG_E_NO_MEMORY, "", "out of memory");
	return WG_E_NO_MEMORY;
}

static size_t push_key(struct ld *l, const char *key)
{
	size_t mark = l->len;
	int n = snprintf(l->path + l->len, sizeof(l->path) - l->len, ".%s", key);
	if (n > 0 && l->len + (size_t)n < sizeof(l->path))
		l->len += (size_t)n;
	return mark;
}

static size_t push_idx(struct ld *l, int i)
{
	size_t mark = l->len;
	int n = snprintf(l->path + l->len, sizeof(l->path) - l->len, "[%d]", i);
	if (n > 0 && l->len + (size_t)n < sizeof(l->path))
		l->len += (size_t)n;
	return mark;
}

static void pop(struct ld *l, size_t mark)
{
	l->len = mark;
	l->path[mark] = '\0';
}

/* Fails on members of obj that are not in allowed (NULL-terminated) nor provenance. */
static int check_keys(struct ld *l, const cJSON *obj, const char *const *allowed)
{
	const cJSON *it;

	if (!cJSON_IsObject(obj))
		return lfail(l, "expected an object");
	cJSON_ArrayForEach(it, obj)
	{
		int ok = strcmp(it->string, "source") == 0 || strcmp(it->string, "verify") == 0 ||
		         strcmp(it->string, "note") == 0;
		for (size_t k = 0; !ok && allowed[k] != NULL; k++)
			ok = strcmp(it->string, allowed[k]) == 0;
		if (!ok) {
			int rc = lsoft(l, "unknown member '%s'", it->string);
			if (rc)
				return rc;
			continue;
		}
		if (strcmp(it->string, "source") == 0 || strcmp(it->string, "note") == 0) {
			if (!cJSON_IsString(it)) {
				size_t m = push_key(l, it->string);
				int rc = lsoft(l, "expected a string");
				pop(l, m);
				if (rc)
					return rc;
			}
		}
	}
	return 0;
}

static const cJSON *member(const cJSON *obj, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(obj, key);
}

/* A required (or optional, when def != NULL) string member copied into buf. */
static int get_str(struct ld *l, const cJSON *obj, const char *key, char *buf, size_t n,
                   const char *def)
{
	const cJSON *it = member(obj, key);
	size_t m;
	int rc = 0;

	if (it == NULL || cJSON_IsNull(it)) {
		if (def == NULL) {
			m = push_key(l, key);
			rc = lfail(l, "missing (a string is required)");
			pop(l, m);
			return rc;
		}
		snprintf(buf, n, "%s", def);
		return 0;
	}
	m = push_key(l, key);
	if (!cJSON_IsString(it))
		rc = def != NULL ? lsoft(l, "expected a string") : lfail(l, "expected a string");
	else if (strlen(it->valuestring) >= n)
		rc = def != NULL ? lsoft(l, "longer than %zu characters", n - 1)
		                 : lfail(l, "longer than %zu characters", n - 1);
	else if (def == NULL && it->valuestring[0] == '\0')
		rc = lfail(l, "must not be empty");
	else
		snprintf(buf, n, "%s", it->valuestring);
	if (rc == 0 && def != NULL && (!cJSON_IsString(it) || strlen(it->valuestring) >= n))
		snprintf(buf, n, "%s", def);
	pop(l, m);
	return rc;
}

static int get_int(struct ld *l, const cJSON *obj, const char *key, int *out, int required, int lo,
                   int hi)
{
	const cJSON *it = member(obj, key);
	size_t m;
	int rc = 0;

	if (it == NULL) {
		if (!required)
			return 0;
		m = push_key(l, key);
		rc = lfail(l, "missing (an integer is required)");
		pop(l, m);
		return rc;
	}
	m = push_key(l, key);
	if (!cJSON_IsNumber(it) || it->valuedouble != floor(it->valuedouble))
		rc = lsoft(l, "expected an integer");
	else if (it->valuedouble < lo || it->valuedouble > hi)
		rc = lsoft(l, "%g is out of range %d..%d", it->valuedouble, lo, hi);
	else
		*out = (int)it->valuedouble;
	pop(l, m);
	return rc;
}

static int get_bool(struct ld *l, const cJSON *obj, const char *key, int *out)
{
	const cJSON *it = member(obj, key);
	size_t m;
	int rc = 0;

	if (it == NULL)
		return 0;
	m = push_key(l, key);
	if (!cJSON_IsBool(it))
		rc = lsoft(l, "expected true or false");
	else
		*out = cJSON_IsTrue(it);
	pop(l, m);
	return rc;
}

/* A number in half-MP steps. */
static int get_half(struct ld *l, const cJSON *it, int *out)
{
	double v2;

	if (!cJSON_IsNumber(it))
		return lsoft(l, "expected a number of MP");
	v2 = it->valuedouble * 2;
	if (v2 != floor(v2) || v2 < 0 || v2 > 200)
		return lsoft(l, "%g is not a number of MP in half-point steps (0..100)",
		             it->valuedouble);
	*out = (int)v2;
	return 0;
}

static int valid_id(const char *s)
{
	if (s[0] == '\0')
		return 0;
	for (const char *p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == '"')
			return 0;
	return 1;
}

/* A hex id: 0 with *out set, SKIP (lint mode: reported, skip the item) or an error. */
static int parse_hex(struct ld *l, const cJSON *it, int *out)
{
	int h, rc;

	if (!cJSON_IsString(it)) {
		rc = lsoft(l, "expected a hex id string such as \"0101\"");
		return rc ? rc : SKIP;
	}
	h = rules_hex_parse(&l->sc->grid, it->valuestring);
	if (h < 0) {
		rc = lsoft(l,
		           "hex '%s' is not a hex of this map (XXYY, %d digits each, columns "
		           "%d-%d, rows %d-%d)",
		           it->valuestring, l->sc->grid.digits, l->sc->grid.col_min,
		           l->sc->grid.col_max, l->sc->grid.row_min, l->sc->grid.row_max);
		return rc ? rc : SKIP;
	}
	*out = h;
	return 0;
}

static int add_hex(struct fm_hexlist *hl, int h)
{
	int16_t *n;

	for (int k = 0; k < hl->n; k++)
		if (hl->h[k] == h)
			return 0;
	n = realloc(hl->h, sizeof(*n) * (size_t)(hl->n + 1));
	if (n == NULL)
		return WG_E_NO_MEMORY;
	hl->h = n;
	hl->h[hl->n++] = (int16_t)h;
	return 0;
}

/* Parses an array of hex ids under key into hl (appending). */
static int get_hexes(struct ld *l, const cJSON *obj, const char *key, struct fm_hexlist *hl,
                     int required)
{
	const cJSON *arr = member(obj, key), *it;
	size_t m;
	int i = 0, rc = 0;

	if (arr == NULL) {
		if (!required)
			return 0;
		m = push_key(l, key);
		rc = lfail(l, "missing (an array of hex ids is required)");
		pop(l, m);
		return rc;
	}
	m = push_key(l, key);
	if (!cJSON_IsArray(arr)) {
		rc = lfail(l, "expected an array of hex ids");
		pop(l, m);
		return rc;
	}
	cJSON_ArrayForEach(it, arr)
	{
		int h;
		size_t m2 = push_idx(l, i++);
		rc = parse_hex(l, it, &h);
		if (rc == 0 && add_hex(hl, h) != 0)
			rc = lnomem(l);
		pop(l, m2);
		if (rc == SKIP)
			rc = 0;
		else if (rc)
			break;
	}
	pop(l, m);
	return rc;
}

static int terrain_by_id(const struct fm_terrain *t, int n, const char *id)
{
	for (int k = 0; k < n; k++)
		if (strcmp(t[k].id, id) == 0)
			return k;
	return -1;
}

int fm__side_by_name(const struct fm_scenario *sc, const char *name)
{
	for (int s = 0; s < RULES_SIDES; s++)
		if (strcasecmp(sc->side_names[s], name) == 0)
			return s;
	return -1;
}

int fm__zone_by_id(const struct fm_scenario *sc, const char *id)
{
	for (int z = 0; z < sc->nzones; z++)
		if (strcmp(sc->zones[z].id, id) == 0)
			return z;
	return -1;
}

int fm__line_by_id(const struct fm_scenario *sc, const char *id)
{
	for (int k = 0; k < sc->crt.nlines; k++)
		if (strcmp(sc->crt.lines[k].id, id) == 0)
			return k;
	return -1;
}

static const char *const result_names[FM_R_COUNT] = {
    [FM_R_NE] = "NE", [FM_R_EX] = "Ex",  [FM_R_D1] = "D1", [FM_R_D2] = "D2",
    [FM_R_D3] = "D3", [FM_R_DE] = "De",  [FM_R_A1] = "A1", [FM_R_A2] = "A2",
    [FM_R_A3] = "A3", [FM_R_AA] = "(A)", [FM_R_AE] = "Ae",
};

const char *fm__result_name(int r)
{
	return r >= 0 && r < FM_R_COUNT ? result_names[r] : "?";
}

static int result_parse(const char *s)
{
	if (strcmp(s, "\xe2\x80\xa2") == 0 || strcmp(s, "-") == 0)
		return FM_R_NE;
	for (int r = 0; r < FM_R_COUNT; r++)
		if (strcasecmp(s, result_names[r]) == 0)
			return r;
	return -1;
}

static int get_side(struct ld *l, const cJSON *obj, const char *key, int *out, int required)
{
	char name[FM_ID];
	size_t m;
	int rc = get_str(l, obj, key, name, sizeof(name), required ? NULL : "");

	if (rc)
		return rc;
	if (!required && name[0] == '\0')
		return 0;
	*out = fm__side_by_name(l->sc, name);
	if (*out < 0) {
		m = push_key(l, key);
		rc = lfail(l, "unknown side '%s' (sides are '%s' and '%s')", name,
		           l->sc->side_names[0], l->sc->side_names[1]);
		pop(l, m);
	}
	return rc;
}

/* ---- sections -------------------------------------------------------- */

static int load_grid(struct ld *l, const cJSON *map)
{
	static const char *const keys[] = {"columns", "rows", "shifted_columns", "id_digits", NULL};
	const cJSON *g = member(map, "grid"), *c, *r;
	char par[8];
	int digits = 2, rc;
	size_t m = push_key(l, "grid");

	if (g == NULL) {
		rc = lfail(l, "missing (the hex grid is required)");
		goto out;
	}
	if ((rc = check_keys(l, g, keys)) != 0)
		goto out;
	c = member(g, "columns");
	r = member(g, "rows");
	if (!cJSON_IsArray(c) || cJSON_GetArraySize(c) != 2 || !cJSON_IsNumber(c->child) ||
	    !cJSON_IsNumber(c->child->next)) {
		size_t m2 = push_key(l, "columns");
		rc = lfail(l, "expected [first, last] column numbers");
		pop(l, m2);
		goto out;
	}
	if (!cJSON_IsArray(r) || cJSON_GetArraySize(r) != 2 || !cJSON_IsNumber(r->child) ||
	    !cJSON_IsNumber(r->child->next)) {
		size_t m2 = push_key(l, "rows");
		rc = lfail(l, "expected [first, last] row numbers");
		pop(l, m2);
		goto out;
	}
	if ((rc = get_str(l, g, "shifted_columns", par, sizeof(par), "even")) != 0)
		goto out;
	if (strcmp(par, "even") != 0 && strcmp(par, "odd") != 0) {
		rc = lfail(l, "shifted_columns must be \"even\" or \"odd\"");
		goto out;
	}
	if ((rc = get_int(l, g, "id_digits", &digits, 0, 1, 4)) != 0)
		goto out;
	if (rules_hex_grid_init(&l->sc->grid, c->child->valueint, c->child->next->valueint,
	                        r->child->valueint, r->child->next->valueint,
	                        strcmp(par, "odd") == 0, digits) != 0) {
		rc = lfail(l,
		           "bad grid: columns and rows must be ascending, fit in %d digits and "
		           "make at most 65536 hexes",
		           digits);
		goto out;
	}
	if (l->sc->grid.count > FM_MAX_HEX)
		rc = lfail(l, "the grid has %d hexes; at most %d are supported", l->sc->grid.count,
		           FM_MAX_HEX);
out:
	pop(l, m);
	return rc;
}

static int parse_label(const char *s, int *lo, int *hi)
{
	char *end;
	long a = strtol(s, &end, 10), b;

	if (end == s)
		return -1;
	if (*end == '\0') {
		*lo = *hi = (int)a;
		return 0;
	}
	if (*end != '/')
		return -1;
	b = strtol(end + 1, &end, 10);
	if (*end != '\0' || b < a)
		return -1;
	*lo = (int)a;
	*hi = (int)b;
	return 0;
}

static int load_crt(struct ld *l, const cJSON *doc)
{
	static const char *const keys[] = {"columns", "rows", "lines", "default_line", NULL};
	static const char *const lkeys[] = {"id", "name", "lowest", NULL};
	struct fm_crt *crt = &l->sc->crt;
	const cJSON *c = member(doc, "crt"), *cols, *rows, *lines, *it;
	char def[FM_ID];
	size_t m = push_key(l, "crt"), m2;
	int rc = 0, i;

	if (c == NULL) {
		rc = lfail(l, "missing (the combat results table is required)");
		goto out;
	}
	if ((rc = check_keys(l, c, keys)) != 0)
		goto out;
	cols = member(c, "columns");
	m2 = push_key(l, "columns");
	if (!cJSON_IsArray(cols) || cJSON_GetArraySize(cols) < 1 ||
	    cJSON_GetArraySize(cols) > FM_MAX_COLS) {
		rc = lfail(l, "expected an array of 1..%d differential labels", FM_MAX_COLS);
		pop(l, m2);
		goto out;
	}
	i = 0;
	cJSON_ArrayForEach(it, cols)
	{
		size_t m3 = push_idx(l, i);
		if (!cJSON_IsString(it) || strlen(it->valuestring) >= sizeof(crt->labels[0]) ||
		    parse_label(it->valuestring, &crt->lo[i], &crt->hi[i]) != 0)
			rc = lfail(l, "expected a label such as \"-5\", \"0\" or \"+2/+3\"");
		else if (i > 0 && crt->lo[i] != crt->hi[i - 1] + 1)
			rc = lfail(l, "label '%s' does not follow the previous column",
			           it->valuestring);
		else
			snprintf(crt->labels[i], sizeof(crt->labels[i]), "%s", it->valuestring);
		pop(l, m3);
		if (rc) {
			pop(l, m2);
			goto out;
		}
		i++;
	}
	crt->ncols = i;
	pop(l, m2);
	rows = member(c, "rows");
	m2 = push_key(l, "rows");
	if (!cJSON_IsArray(rows) || cJSON_GetArraySize(rows) != 6) {
		rc = lfail(l, "expected six rows (die rolls 1 to 6)");
		pop(l, m2);
		goto out;
	}
	i = 0;
	cJSON_ArrayForEach(it, rows)
	{
		const cJSON *cell;
		int j = 0;
		size_t m3 = push_idx(l, i);
		if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) != crt->ncols) {
			rc = lfail(l, "expected %d results (one per column)", crt->ncols);
		} else {
			cJSON_ArrayForEach(cell, it)
			{
				size_t m4 = push_idx(l, j);
				int r = cJSON_IsString(cell) ? result_parse(cell->valuestring) : -1;
				if (r < 0)
					rc = lfail(
					    l, "unknown result (use NE, Ex, D1, D2, D3, De, A1, "
					       "A2, A3, (A), Ae)");
				else
					crt->cell[i][j] = (uint8_t)r;
				pop(l, m4);
				if (rc)
					break;
				j++;
			}
		}
		pop(l, m3);
		if (rc) {
			pop(l, m2);
			goto out;
		}
		i++;
	}
	pop(l, m2);
	lines = member(c, "lines");
	m2 = push_key(l, "lines");
	if (!cJSON_IsArray(lines) || cJSON_GetArraySize(lines) < 1 ||
	    cJSON_GetArraySize(lines) > FM_MAX_LINES) {
		rc = lfail(l, "expected an array of 1..%d terrain lines", FM_MAX_LINES);
		pop(l, m2);
		goto out;
	}
	i = 0;
	cJSON_ArrayForEach(it, lines)
	{
		struct fm_line *ln = &crt->lines[i];
		char low[8];
		size_t m3 = push_idx(l, i);
		rc = check_keys(l, it, lkeys);
		if (!rc)
			rc = get_str(l, it, "id", ln->id, sizeof(ln->id), NULL);
		if (!rc)
			rc = get_str(l, it, "name", ln->name, sizeof(ln->name), ln->id);
		if (!rc)
			rc = get_str(l, it, "lowest", low, sizeof(low), NULL);
		if (!rc) {
			ln->first = -1;
			for (int j = 0; j < crt->ncols; j++)
				if (strcmp(crt->labels[j], low) == 0)
					ln->first = j;
			if (ln->first < 0)
				rc = lfail(l, "lowest '%s' is not one of the column labels", low);
		}
		for (int k = 0; !rc && k < i; k++)
			if (strcmp(crt->lines[k].id, ln->id) == 0)
				rc = lfail(l, "duplicate line id '%s'", ln->id);
		pop(l, m3);
		if (rc) {
			pop(l, m2);
			goto out;
		}
		i++;
	}
	crt->nlines = i;
	pop(l, m2);
	if ((rc = get_str(l, c, "default_line", def, sizeof(def), NULL)) != 0)
		goto out;
	crt->default_line = fm__line_by_id(l->sc, def);
	if (crt->default_line < 0) {
		m2 = push_key(l, "default_line");
		rc = lfail(l, "unknown line '%s'", def);
		pop(l, m2);
	}
out:
	pop(l, m);
	return rc;
}

static int get_line_ref(struct ld *l, const cJSON *obj, const char *key, int *out)
{
	const cJSON *it = member(obj, key);
	size_t m;
	int rc = 0;

	*out = -1;
	if (it == NULL || cJSON_IsNull(it))
		return 0;
	m = push_key(l, key);
	if (!cJSON_IsString(it))
		rc = lfail(l, "expected a CRT line id or null");
	else if ((*out = fm__line_by_id(l->sc, it->valuestring)) < 0)
		rc = lfail(l, "unknown CRT line '%s'", it->valuestring);
	pop(l, m);
	return rc;
}

static int get_flags(struct ld *l, const cJSON *obj, const char *key, char (*flags)[FM_ID], int max,
                     int *n)
{
	const cJSON *arr = member(obj, key), *it;
	size_t m;
	int rc = 0;

	*n = 0;
	if (arr == NULL)
		return 0;
	m = push_key(l, key);
	if (!cJSON_IsArray(arr)) {
		rc = lfail(l, "expected an array of names");
	} else {
		cJSON_ArrayForEach(it, arr)
		{
			if (!cJSON_IsString(it) || !valid_id(it->valuestring) ||
			    strlen(it->valuestring) >= FM_ID) {
				rc = lfail(l, "expected names of 1..%d characters", FM_ID - 1);
				break;
			}
			if (*n >= max) {
				rc = lfail(l, "at most %d names", max);
				break;
			}
			snprintf(flags[(*n)++], FM_ID, "%s", it->valuestring);
		}
	}
	pop(l, m);
	return rc;
}

static int load_terrain_list(struct ld *l, const cJSON *doc, const char *key, int is_side)
{
	static const char *const hkeys[] = {
	    "id",       "name",          "mp",      "mp_add", "prohibited", "mobile_prohibited",
	    "crt_line", "fortification", "no_road", "flags",  NULL};
	static const char *const skeys[] = {
	    "id",       "name",        "mp_add",    "prohibited", "mobile_prohibited",
	    "crt_line", "bridge_line", "minefield", "flags",      NULL};
	struct fm_terrain *arr = is_side ? l->sc->sidetypes : l->sc->terrain;
	int *n = is_side ? &l->sc->nsidetypes : &l->sc->nterrain;
	const cJSON *list = member(doc, key), *it;
	size_t m = push_key(l, key);
	int rc = 0, i = 0;

	if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) > FM_MAX_TERRAIN ||
	    (!is_side && cJSON_GetArraySize(list) < 1)) {
		rc = lfail(l, "expected an array of %s..%d types", is_side ? "0" : "1",
		           FM_MAX_TERRAIN);
		goto out;
	}
	cJSON_ArrayForEach(it, list)
	{
		struct fm_terrain *t = &arr[i];
		const cJSON *mp;
		size_t m2 = push_idx(l, i);
		memset(t, 0, sizeof(*t));
		t->is_side = is_side;
		t->mp_half = -1;
		rc = check_keys(l, it, is_side ? skeys : hkeys);
		if (!rc)
			rc = get_str(l, it, "id", t->id, sizeof(t->id), NULL);
		if (!rc && !valid_id(t->id))
			rc = lfail(l, "bad id");
		if (!rc && terrain_by_id(arr, i, t->id) >= 0)
			rc = lsoft(l, "duplicate id '%s'", t->id);
		if (!rc)
			rc = get_str(l, it, "name", t->name, sizeof(t->name), t->id);
		if (!rc && (mp = member(it, "mp")) != NULL) {
			size_t m3 = push_key(l, "mp");
			if (cJSON_IsString(mp) && strcmp(mp->valuestring, "all") == 0)
				t->mp_all = 1;
			else if (cJSON_IsString(mp) && strcmp(mp->valuestring, "prohibited") == 0)
				t->prohibited = 1;
			else
				rc = get_half(l, mp, &t->mp_half);
			pop(l, m3);
		}
		if (!rc && (mp = member(it, "mp_add")) != NULL) {
			size_t m3 = push_key(l, "mp_add");
			rc = get_half(l, mp, &t->add_half);
			pop(l, m3);
		}
		if (!rc)
			rc = get_bool(l, it, "prohibited", &t->prohibited);
		if (!rc)
			rc = get_bool(l, it, "mobile_prohibited", &t->mobile_prohibited);
		if (!rc)
			rc = get_bool(l, it, "fortification", &t->fortification);
		if (!rc)
			rc = get_bool(l, it, "minefield", &t->minefield);
		if (!rc)
			rc = get_bool(l, it, "no_road", &t->no_road);
		if (!rc)
			rc = get_line_ref(l, it, "crt_line", &t->line);
		t->bridge_line = -1;
		if (!rc)
			rc = get_line_ref(l, it, "bridge_line", &t->bridge_line);
		if (!rc)
			rc = get_flags(l, it, "flags", t->flags, FM_MAX_FLAGS, &t->nflags);
		pop(l, m2);
		if (rc)
			goto out;
		i++;
	}
	*n = i;
out:
	pop(l, m);
	return rc;
}

static int load_zones(struct ld *l, const cJSON *map)
{
	static const char *const keys[] = {"id", "name", "hexes", NULL};
	const cJSON *list = member(map, "zones"), *it;
	size_t m = push_key(l, "zones");
	int rc = 0, i = 0;

	if (list == NULL)
		goto out;
	if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) > FM_MAX_ZONES) {
		rc = lfail(l, "expected an array of at most %d zones", FM_MAX_ZONES);
		goto out;
	}
	cJSON_ArrayForEach(it, list)
	{
		struct fm_zone *z = &l->sc->zones[i];
		size_t m2 = push_idx(l, i);
		rc = check_keys(l, it, keys);
		if (!rc)
			rc = get_str(l, it, "id", z->id, sizeof(z->id), NULL);
		if (!rc && fm__zone_by_id(l->sc, z->id) >= 0)
			rc = lsoft(l, "duplicate zone id '%s'", z->id);
		if (!rc)
			rc = get_str(l, it, "name", z->name, sizeof(z->name), z->id);
		l->sc->nzones = i + 1; /* owned from now on, freed on failure */
		if (!rc)
			rc = get_hexes(l, it, "hexes", &z->hexes, 0);
		for (int k = 0; !rc && k < z->hexes.n; k++)
			l->sc->hex_zones[z->hexes.h[k]] |= 1ull << i;
		pop(l, m2);
		if (rc)
			goto out;
		i++;
	}
out:
	pop(l, m);
	return rc;
}

static int get_terrain_refs(struct ld *l, const cJSON *obj, const char *key, int is_side,
                            uint32_t *mask)
{
	const cJSON *arr = member(obj, key), *it;
	size_t m;
	int rc = 0, i = 0;

	if (arr == NULL)
		return 0;
	m = push_key(l, key);
	if (!cJSON_IsArray(arr)) {
		rc = lfail(l, "expected an array of %s ids", is_side ? "hexside type" : "terrain");
	} else {
		cJSON_ArrayForEach(it, arr)
		{
			size_t m2 = push_idx(l, i++);
			int t = -1;
			if (cJSON_IsString(it))
				t = is_side ? terrain_by_id(l->sc->sidetypes, l->sc->nsidetypes,
				                            it->valuestring)
				            : terrain_by_id(l->sc->terrain, l->sc->nterrain,
				                            it->valuestring);
			if (t < 0)
				rc = lsoft(l, "unknown %s '%s'",
				           is_side ? "hexside type" : "terrain",
				           cJSON_IsString(it) ? it->valuestring : "?");
			else
				*mask |= 1u << t;
			pop(l, m2);
			if (rc)
				break;
		}
	}
	pop(l, m);
	return rc;
}

static int load_hexes(struct ld *l, const cJSON *map, uint8_t *listed)
{
	static const char *const keys[] = {"hex",  "terrain", "road", "trail",
	                                   "name", "zones",   NULL};
	const cJSON *list = member(map, "hexes"), *it;
	size_t m = push_key(l, "hexes");
	int rc = 0, i = 0;

	if (list == NULL)
		goto out;
	if (!cJSON_IsArray(list)) {
		rc = lfail(l, "expected an array of hex entries");
		goto out;
	}
	cJSON_ArrayForEach(it, list)
	{
		size_t m2 = push_idx(l, i++);
		const cJSON *zs;
		uint32_t mask = 0;
		int h = -1, road = 0, trail = 0;
		char name[32] = "";
		rc = check_keys(l, it, keys);
		if (!rc) {
			size_t m3 = push_key(l, "hex");
			rc = member(it, "hex") ? parse_hex(l, member(it, "hex"), &h)
			                       : lfail(l, "missing (a hex id is required)");
			pop(l, m3);
		}
		if (rc == SKIP) { /* lint mode: the entry names no hex of the map */
			rc = 0;
			pop(l, m2);
			continue;
		}
		if (!rc)
			rc = get_terrain_refs(l, it, "terrain", 0, &mask);
		if (!rc)
			rc = get_bool(l, it, "road", &road);
		if (!rc)
			rc = get_bool(l, it, "trail", &trail);
		if (!rc)
			rc = get_str(l, it, "name", name, sizeof(name), "");
		if (!rc && (zs = member(it, "zones")) != NULL) {
			const cJSON *z;
			size_t m3 = push_key(l, "zones");
			int k = 0;
			if (!cJSON_IsArray(zs))
				rc = lfail(l, "expected an array of zone ids");
			for (z = rc ? NULL : zs->child; z != NULL && !rc; z = z->next) {
				size_t m4 = push_idx(l, k++);
				int zi =
				    cJSON_IsString(z) ? fm__zone_by_id(l->sc, z->valuestring) : -1;
				if (zi < 0) {
					rc = lsoft(l, "unknown zone '%s'",
					           cJSON_IsString(z) ? z->valuestring : "?");
				} else {
					l->sc->hex_zones[h] |= 1ull << zi;
					if (add_hex(&l->sc->zones[zi].hexes, h) != 0)
						rc = lnomem(l);
				}
				pop(l, m4);
			}
			pop(l, m3);
		}
		if (!rc) {
			if (mask) {
				if (!(listed[h] & 1))
					l->sc->hex_terrain[h] = 0;
				l->sc->hex_terrain[h] |= mask;
				listed[h] |= 1;
			}
			l->sc->hex_flags[h] |=
			    (uint8_t)((road ? FM_HF_ROAD : 0) | (trail ? FM_HF_TRAIL : 0));
			if (name[0])
				snprintf(l->sc->hex_name[h], sizeof(l->sc->hex_name[h]), "%s",
				         name);
		}
		pop(l, m2);
		if (rc)
			goto out;
	}
out:
	pop(l, m);
	return rc;
}

/* Two adjacent hexes: 0, SKIP (lint mode: reported, skip the entry) or an error. */
static int get_pair(struct ld *l, const cJSON *obj, const char *key, int *a, int *b)
{
	const cJSON *arr = member(obj, key);
	size_t m = push_key(l, key), m2;
	int rc = 0;

	if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != 2) {
		rc = lsoft(l, "expected two adjacent hex ids");
		rc = rc ? rc : SKIP;
		goto out;
	}
	m2 = push_idx(l, 0);
	rc = parse_hex(l, arr->child, a);
	pop(l, m2);
	if (rc)
		goto out;
	m2 = push_idx(l, 1);
	rc = parse_hex(l, arr->child->next, b);
	pop(l, m2);
	if (rc)
		goto out;
	if (!rules_hex_adjacent(&l->sc->grid, *a, *b)) {
		rc = lsoft(l, "hexes %s and %s are not adjacent", arr->child->valuestring,
		           arr->child->next->valuestring);
		rc = rc ? rc : SKIP;
	}
out:
	pop(l, m);
	return rc;
}

static int load_hexsides(struct ld *l, const cJSON *map)
{
	static const char *const keys[] = {"hexes", "features", "road", "trail", "bridge", NULL};
	const cJSON *list = member(map, "hexsides"), *it;
	size_t m = push_key(l, "hexsides");
	int rc = 0, i = 0;

	if (list == NULL)
		goto out;
	if (!cJSON_IsArray(list)) {
		rc = lfail(l, "expected an array of hexside entries");
		goto out;
	}
	cJSON_ArrayForEach(it, list)
	{
		size_t m2 = push_idx(l, i++);
		uint32_t mask = 0;
		int a, b, road = 0, trail = 0, bridge = 0, s;
		rc = check_keys(l, it, keys);
		if (!rc)
			rc = get_pair(l, it, "hexes", &a, &b);
		if (rc == SKIP) {
			rc = 0;
			pop(l, m2);
			continue;
		}
		if (!rc)
			rc = get_terrain_refs(l, it, "features", 1, &mask);
		if (!rc)
			rc = get_bool(l, it, "road", &road);
		if (!rc)
			rc = get_bool(l, it, "trail", &trail);
		if (!rc)
			rc = get_bool(l, it, "bridge", &bridge);
		if (!rc) {
			s = rules_hex_side_between(&l->sc->grid, a, b);
			l->sc->side_feat[s] |= mask;
			l->sc->side_flags[s] |=
			    (uint8_t)((road ? FM_HF_ROAD : 0) | (trail ? FM_HF_TRAIL : 0) |
			              (bridge ? FM_HF_BRIDGE : 0));
			if (road)
				l->sc->hex_flags[a] |= FM_HF_ROAD,
				    l->sc->hex_flags[b] |= FM_HF_ROAD;
			if (trail)
				l->sc->hex_flags[a] |= FM_HF_TRAIL,
				    l->sc->hex_flags[b] |= FM_HF_TRAIL;
		}
		pop(l, m2);
		if (rc)
			goto out;
	}
out:
	pop(l, m);
	return rc;
}

/* 1 if terrain of hex h is prohibited to every unit. */
static int hex_closed(const struct fm_scenario *sc, int h)
{
	for (int t = 0; t < sc->nterrain; t++)
		if ((sc->hex_terrain[h] & (1u << t)) && sc->terrain[t].prohibited)
			return t + 1;
	return 0;
}

/* 1 + the type of a hexside feature prohibited to every unit, or 0. */
static int side_closed(const struct fm_scenario *sc, int s)
{
	for (int t = 0; t < sc->nsidetypes; t++)
		if ((sc->side_feat[s] & (1u << t)) && sc->sidetypes[t].prohibited)
			return t + 1;
	return 0;
}

/* Roads and trails: a path of adjacent hexes; a road into prohibited terrain or across a
 * prohibited hexside (a road that ends in the sea) is inconsistent. */
static int load_paths(struct ld *l, const cJSON *map, const char *key, uint8_t flag)
{
	static const char *const keys[] = {"path", NULL};
	const char *what = flag == FM_HF_ROAD ? "road" : "trail";
	const cJSON *list = member(map, key), *it;
	size_t m = push_key(l, key);
	int rc = 0, i = 0;

	if (list == NULL)
		goto out;
	if (!cJSON_IsArray(list)) {
		rc = lfail(l, "expected an array of {\"path\": [...]} entries");
		goto out;
	}
	cJSON_ArrayForEach(it, list)
	{
		const cJSON *p;
		int prev = -1, k = 0;
		size_t m2 = push_idx(l, i++);
		rc = check_keys(l, it, keys);
		p = member(it, "path");
		if (!rc) {
			size_t m3 = push_key(l, "path");
			if (!cJSON_IsArray(p) || cJSON_GetArraySize(p) < 2) {
				rc = lsoft(l, "expected at least two hex ids");
				p = NULL;
			}
			pop(l, m3);
		}
		if (!rc && p != NULL) {
			const cJSON *h;
			size_t m3 = push_key(l, "path");
			cJSON_ArrayForEach(h, p)
			{
				int x = -1, t;
				char buf[RULES_HEX_ID_MAX];
				size_t m4 = push_idx(l, k++);
				rc = parse_hex(l, h, &x);
				if (rc == SKIP) { /* lint: the path breaks here */
					rc = 0;
					prev = -1;
					pop(l, m4);
					continue;
				}
				if (!rc && prev >= 0 && !rules_hex_adjacent(&l->sc->grid, prev, x))
					rc = lsoft(l, "hex %s is not adjacent to the previous hex",
					           h->valuestring);
				else if (!rc && prev >= 0 &&
				         (t = side_closed(l->sc, rules_hex_side_between(
				                                     &l->sc->grid, prev, x))) != 0)
					rc = lsoft(
					    l, "the %s crosses the prohibited hexside %s/%s (%s)",
					    what, rules_hex_format(&l->sc->grid, prev, buf),
					    h->valuestring, l->sc->sidetypes[t - 1].name);
				if (!rc && (t = hex_closed(l->sc, x)) != 0)
					rc = lsoft(
					    l, "the %s runs into hex %s of prohibited terrain (%s)",
					    what, h->valuestring, l->sc->terrain[t - 1].name);
				if (!rc) {
					l->sc->hex_flags[x] |= flag;
					if (prev >= 0 && rules_hex_adjacent(&l->sc->grid, prev, x))
						l->sc->side_flags[rules_hex_side_between(
						    &l->sc->grid, prev, x)] |= flag;
					prev = x;
				}
				pop(l, m4);
				if (rc)
					break;
			}
			pop(l, m3);
		}
		pop(l, m2);
		if (rc)
			goto out;
	}
out:
	pop(l, m);
	return rc;
}

static int load_edges(struct ld *l, const cJSON *map)
{
	static const char *const keys[] = {"name", "along", "hexes", "friendly_to", NULL};
	const cJSON *list = member(map, "edges"), *it;
	const struct rules_hex_grid *g = &l->sc->grid;
	size_t m = push_key(l, "edges");
	int rc = 0, i = 0;

	if (list == NULL)
		goto out;
	if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) > FM_MAX_EDGES) {
		rc = lfail(l, "expected an array of at most %d edges", FM_MAX_EDGES);
		goto out;
	}
	cJSON_ArrayForEach(it, list)
	{
		struct fm_edge *e = &l->sc->edges[i];
		char along[16];
		size_t m2 = push_idx(l, i);
		e->friendly = -1;
		l->sc->nedges = i + 1;
		rc = check_keys(l, it, keys);
		if (!rc)
			rc = get_str(l, it, "name", e->name, sizeof(e->name), NULL);
		if (!rc)
			rc = get_str(l, it, "along", along, sizeof(along), NULL);
		if (!rc && member(it, "friendly_to") && !cJSON_IsNull(member(it, "friendly_to")))
			rc = get_side(l, it, "friendly_to", &e->friendly, 1);
		if (!rc) {
			int col = -1, row = -1;
			if (strcmp(along, "col_min") == 0)
				col = g->col_min;
			else if (strcmp(along, "col_max") == 0)
				col = g->col_max;
			else if (strcmp(along, "row_min") == 0)
				row = g->row_min;
			else if (strcmp(along, "row_max") == 0)
				row = g->row_max;
			else
				rc = lfail(l, "along must be col_min, col_max, row_min or row_max");
			if (!rc && member(it, "hexes")) {
				rc = get_hexes(l, it, "hexes", &e->hexes, 1);
				for (int k = 0; !rc && k < e->hexes.n; k++) {
					int h = e->hexes.h[k];
					if ((col >= 0 && rules_hex_col(g, h) != col) ||
					    (row >= 0 && rules_hex_row(g, h) != row)) {
						char buf[RULES_HEX_ID_MAX];
						size_t m3 = push_key(l, "hexes");
						rc = lsoft(l, "hex %s is not on the %s border",
						           rules_hex_format(g, h, buf), along);
						pop(l, m3);
					}
				}
			} else if (!rc) {
				for (int h = 0; h < g->count && !rc; h++)
					if ((col >= 0 && rules_hex_col(g, h) == col) ||
					    (row >= 0 && rules_hex_row(g, h) == row))
						if (add_hex(&e->hexes, h) != 0)
							rc = lnomem(l);
			}
		}
		pop(l, m2);
		if (rc)
			goto out;
		i++;
	}
out:
	pop(l, m);
	return rc;
}

static int load_map(struct ld *l, const cJSON *doc)
{
	static const char *const keys[] = {"grid",     "default_terrain", "hexes",
	                                   "hexsides", "roads",           "trails",
	                                   "edges",    "zones",           NULL};
	const cJSON *map = member(doc, "map");
	struct fm_scenario *sc = l->sc;
	char def[FM_ID];
	uint8_t *listed = NULL;
	size_t m = push_key(l, "map"), n;
	int rc = 0;

	if (map == NULL) {
		rc = lfail(l, "missing (the map is required)");
		goto out;
	}
	if ((rc = check_keys(l, map, keys)) != 0 || (rc = load_grid(l, map)) != 0)
		goto out;
	n = (size_t)sc->grid.count;
	sc->hex_terrain = calloc(n, sizeof(*sc->hex_terrain));
	sc->hex_flags = calloc(n, sizeof(*sc->hex_flags));
	sc->hex_zones = calloc(n, sizeof(*sc->hex_zones));
	sc->hex_name = calloc(n, sizeof(*sc->hex_name));
	sc->side_feat = calloc(3 * n, sizeof(*sc->side_feat));
	sc->side_flags = calloc(3 * n, sizeof(*sc->side_flags));
	listed = calloc(n, 1);
	if (!sc->hex_terrain || !sc->hex_flags || !sc->hex_zones || !sc->hex_name ||
	    !sc->side_feat || !sc->side_flags || !listed) {
		rc = lnomem(l);
		goto out;
	}
	if ((rc = get_str(l, map, "default_terrain", def, sizeof(def), NULL)) != 0)
		goto out;
	sc->default_terrain = terrain_by_id(sc->terrain, sc->nterrain, def);
	if (sc->default_terrain < 0) {
		size_t m2 = push_key(l, "default_terrain");
		rc = lfail(l, "unknown terrain '%s'", def);
		pop(l, m2);
		goto out;
	}
	for (size_t h = 0; h < n; h++)
		sc->hex_terrain[h] = 1u << sc->default_terrain;
	if ((rc = load_zones(l, map)) != 0 || (rc = load_hexes(l, map, listed)) != 0 ||
	    (rc = load_hexsides(l, map)) != 0 ||
	    (rc = load_paths(l, map, "roads", FM_HF_ROAD)) != 0 ||
	    (rc = load_paths(l, map, "trails", FM_HF_TRAIL)) != 0 || (rc = load_edges(l, map)) != 0)
		goto out;
out:
	free(listed);
	pop(l, m);
	return rc;
}

static int parse_step(struct ld *l, const cJSON *it, struct fm_step *st)
{
	if (cJSON_IsString(it)) {
		char *end;
		const char *p = it->valuestring;
		long a = strtol(p, &end, 10), d, ma;
		if (end == p || *end != '-')
			goto bad;
		p = end + 1;
		d = strtol(p, &end, 10);
		if (end == p || *end != '-')
			goto bad;
		p = end + 1;
		ma = strtol(p, &end, 10);
		if (end == p || *end != '\0')
			goto bad;
		if (a < 0 || d < 0 || ma < 0 || a > 99 || d > 99 || ma > 99)
			goto bad;
		st->attack = (int)a;
		st->defense = (int)d;
		st->ma = (int)ma;
		return 0;
	}
	if (cJSON_IsArray(it) && cJSON_GetArraySize(it) == 3) {
		int v[3], k = 0;
		const cJSON *x;
		cJSON_ArrayForEach(x, it)
		{
			if (!cJSON_IsNumber(x) || x->valuedouble != floor(x->valuedouble) ||
			    x->valuedouble < 0 || x->valuedouble > 99)
				goto bad;
			v[k++] = x->valueint;
		}
		st->attack = v[0];
		st->defense = v[1];
		st->ma = v[2];
		return 0;
	}
bad:
	return lsoft(l, "expected \"attack-defense-movement\" such as \"5-4-6\" or [5, 4, 6]");
}

static int load_setup(struct ld *l, const cJSON *it, struct fm_unit_def *u)
{
	static const char *const skeys[] = {"hex", "choose", "arrives", "held", NULL};
	static const char *const ckeys[] = {"hexes", "zones", "near", "radius", NULL};
	static const char *const akeys[] = {"turn", "hexes", "zones", NULL};
	const cJSON *s = member(it, "setup"), *x;
	size_t m = push_key(l, "setup"), m2;
	int rc = 0, forms = 0;

	if (s == NULL) {
		rc = lfail(l, "missing (hex, choose, arrives or held)");
		goto out;
	}
	if ((rc = check_keys(l, s, skeys)) != 0)
		goto out;
	forms = (member(s, "hex") != NULL) + (member(s, "choose") != NULL) +
	        (member(s, "arrives") != NULL) + (member(s, "held") != NULL);
	if (forms != 1) {
		rc = lsoft(l, "give exactly one of hex, choose, arrives, held");
		u->setup = FM_SETUP_HELD; /* lint mode: checked as if held off the map */
		goto out;
	}
	if ((x = member(s, "hex")) != NULL) {
		u->setup = FM_SETUP_HEX;
		m2 = push_key(l, "hex");
		rc = parse_hex(l, x, &u->setup_hex);
		pop(l, m2);
		if (rc == SKIP) {
			u->setup = FM_SETUP_HELD;
			rc = 0;
		}
	} else if ((x = member(s, "held")) != NULL) {
		u->setup = FM_SETUP_HELD;
		if (!cJSON_IsString(x)) {
			m2 = push_key(l, "held");
			rc = lfail(l, "expected a string saying which rule brings it in");
			pop(l, m2);
		}
	} else {
		const cJSON *zs;
		int arrives = member(s, "arrives") != NULL;
		x = member(s, arrives ? "arrives" : "choose");
		u->setup = arrives ? FM_SETUP_ARRIVES : FM_SETUP_CHOOSE;
		m2 = push_key(l, arrives ? "arrives" : "choose");
		rc = check_keys(l, x, arrives ? akeys : ckeys);
		if (!rc && arrives)
			rc = get_int(l, x, "turn", &u->arrive_turn, 1, 1, l->sc->turns);
		if (!rc)
			rc = get_hexes(l, x, "hexes", &u->where, 0);
		if (!rc && (zs = member(x, "zones")) != NULL) {
			const cJSON *z;
			int k = 0;
			size_t m3 = push_key(l, "zones");
			if (!cJSON_IsArray(zs))
				rc = lfail(l, "expected an array of zone ids");
			for (z = rc ? NULL : zs->child; z != NULL && !rc; z = z->next) {
				size_t m4 = push_idx(l, k++);
				int zi =
				    cJSON_IsString(z) ? fm__zone_by_id(l->sc, z->valuestring) : -1;
				if (zi < 0)
					rc = lsoft(l, "unknown zone '%s'",
					           cJSON_IsString(z) ? z->valuestring : "?");
				for (int q = 0; !rc && zi >= 0 && q < l->sc->zones[zi].hexes.n; q++)
					if (add_hex(&u->where, l->sc->zones[zi].hexes.h[q]) != 0)
						rc = lnomem(l);
				pop(l, m4);
			}
			pop(l, m3);
		}
		if (!rc && !arrives && member(x, "near")) {
			struct fm_hexlist near = {0, NULL};
			int radius = 1;
			rc = get_hexes(l, x, "near", &near, 1);
			if (!rc)
				rc = get_int(l, x, "radius", &radius, 0, 0, 20);
			for (int h = 0; !rc && h < l->sc->grid.count; h++)
				for (int q = 0; q < near.n; q++)
					if (rules_hex_distance(&l->sc->grid, h, near.h[q]) <=
					    radius) {
						if (add_hex(&u->where, h) != 0)
							rc = lnomem(l);
						break;
					}
			free(near.h);
		}
		if (!rc && u->where.n == 0)
			rc = lsoft(l, "no hex of the map given (hexes, zones%s)",
			           arrives ? "" : " or near");
		pop(l, m2);
	}
out:
	pop(l, m);
	return rc;
}

static int load_units(struct ld *l, const cJSON *doc)
{
	static const char *const keys[] = {
	    "id",  "side",      "nationality", "size",    "type",  "formation", "mobile",
	    "zoc", "abilities", "steps",       "reduced", "setup", NULL};
	const cJSON *list = member(doc, "units"), *it;
	struct fm_scenario *sc = l->sc;
	size_t m = push_key(l, "units");
	int rc = 0, i = 0;

	if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) < 1 ||
	    cJSON_GetArraySize(list) > FM_MAX_UNITS) {
		rc = lfail(l, "expected an array of 1..%d units", FM_MAX_UNITS);
		goto out;
	}
	sc->units = calloc((size_t)cJSON_GetArraySize(list), sizeof(*sc->units));
	if (sc->units == NULL) {
		rc = lnomem(l);
		goto out;
	}
	cJSON_ArrayForEach(it, list)
	{
		struct fm_unit_def *u = &sc->units[i];
		const cJSON *steps, *st;
		char abil[FM_MAX_FLAGS * 2][FM_ID];
		int nab = 0, reduced = 0, k = 0;
		size_t m2 = push_idx(l, i);
		sc->nunits = i + 1;
		u->zoc = 1;
		rc = check_keys(l, it, keys);
		if (!rc)
			rc = get_str(l, it, "id", u->id, sizeof(u->id), NULL);
		if (!rc && !valid_id(u->id))
			rc = lfail(l, "bad unit id");
		for (int q = 0; !rc && q < i; q++)
			if (strcmp(sc->units[q].id, u->id) == 0)
				rc = lsoft(l, "duplicate unit id '%s'", u->id);
		if (!rc)
			rc = get_side(l, it, "side", &u->side, 1);
		if (!rc)
			rc = get_str(l, it, "nationality", u->nationality, sizeof(u->nationality),
			             "");
		if (!rc)
			rc = get_str(l, it, "size", u->size, sizeof(u->size), "");
		if (!rc)
			rc = get_str(l, it, "type", u->type, sizeof(u->type), "");
		if (!rc)
			rc = get_str(l, it, "formation", u->formation, sizeof(u->formation), "");
		if (!rc)
			rc = get_bool(l, it, "mobile", &u->mobile);
		if (!rc)
			rc = get_bool(l, it, "zoc", &u->zoc);
		if (!rc)
			rc = get_flags(l, it, "abilities", abil, FM_MAX_FLAGS * 2, &nab);
		for (int q = 0; !rc && q < nab; q++) {
			if (strcmp(abil[q], "commando") == 0)
				u->abilities |= FM_AB_COMMANDO;
			else if (strcmp(abil[q], "engineer") == 0)
				u->abilities |= FM_AB_ENGINEER;
			else if (strcmp(abil[q], "armored_brigade") == 0)
				u->abilities |= FM_AB_ARMOR;
			else if (strcmp(abil[q], "seaborne") == 0)
				u->abilities |= FM_AB_SEABORNE;
			else if (u->nextra < FM_MAX_FLAGS)
				snprintf(u->extra[u->nextra++], FM_ID, "%s", abil[q]);
			else
				rc = lfail(l, "too many abilities");
		}
		steps = member(it, "steps");
		if (!rc) {
			size_t m3 = push_key(l, "steps");
			if (!cJSON_IsArray(steps) || cJSON_GetArraySize(steps) < 1 ||
			    cJSON_GetArraySize(steps) > FM_MAX_STEPS)
				rc = lfail(l, "expected 1..%d steps, full strength first",
				           FM_MAX_STEPS);
			cJSON_ArrayForEach(st, steps)
			{
				size_t m4 = push_idx(l, k);
				if (!rc)
					rc = parse_step(l, st, &u->steps[k]);
				pop(l, m4);
				k++;
			}
			u->nsteps = k;
			pop(l, m3);
		}
		if (!rc)
			rc = get_bool(l, it, "reduced", &reduced);
		if (!rc && reduced) {
			if (u->nsteps < 2)
				rc = lsoft(l, "a one-step unit cannot start reduced");
			else
				u->start_step = 1;
		}
		if (!rc)
			rc = load_setup(l, it, u);
		pop(l, m2);
		if (rc)
			goto out;
		i++;
	}
	/* fixed hexes: distinct and not prohibited (FM-5.3-01, FM-5.2-07) */
	for (int a = 0; a < sc->nunits && !rc; a++) {
		const struct fm_unit_def *u = &sc->units[a];
		char buf[RULES_HEX_ID_MAX];
		size_t m2;
		if (u->setup != FM_SETUP_HEX)
			continue;
		m2 = push_idx(l, a);
		push_key(l, "setup");
		push_key(l, "hex");
		for (int b = 0; b < a && !rc; b++)
			if (sc->units[b].setup == FM_SETUP_HEX &&
			    sc->units[b].setup_hex == u->setup_hex)
				rc = lsoft(l, "units %s and %s both set up in hex %s",
				           sc->units[b].id, u->id,
				           rules_hex_format(&sc->grid, u->setup_hex, buf));
		for (int t = 0; t < sc->nterrain && !rc; t++)
			if ((sc->hex_terrain[u->setup_hex] & (1u << t)) &&
			    (sc->terrain[t].prohibited ||
			     (u->mobile && sc->terrain[t].mobile_prohibited))) {
				rc = lsoft(l, "unit %s sets up in prohibited %s hex %s", u->id,
				           sc->terrain[t].name,
				           rules_hex_format(&sc->grid, u->setup_hex, buf));
				break;
			}
		pop(l, m2);
	}
out:
	pop(l, m);
	return rc;
}

static int load_turns(struct ld *l, const cJSON *doc)
{
	static const char *const keys[] = {"count", "first_player", "setup_order", "labels", NULL};
	const cJSON *t = member(doc, "turns"), *arr, *it;
	size_t m = push_key(l, "turns");
	int rc = 0;

	if (t == NULL) {
		rc = lfail(l, "missing (the turn track is required)");
		goto out;
	}
	if ((rc = check_keys(l, t, keys)) != 0 ||
	    (rc = get_int(l, t, "count", &l->sc->turns, 1, 1, FM_MAX_TURNS)) != 0 ||
	    (rc = get_side(l, t, "first_player", &l->sc->first_player, 1)) != 0)
		goto out;
	if (l->sc->turns < 1) { /* lint mode went on past a bad count */
		size_t m2 = push_key(l, "count");
		rc = lfail(l, "the game needs at least one turn");
		pop(l, m2);
		goto out;
	}
	if ((arr = member(t, "setup_order")) != NULL) {
		size_t m2 = push_key(l, "setup_order");
		int k = 0;
		if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > RULES_SIDES)
			rc = lfail(l, "expected an array of at most two side names");
		cJSON_ArrayForEach(it, arr)
		{
			int s = cJSON_IsString(it) ? fm__side_by_name(l->sc, it->valuestring) : -1;
			if (!rc && s < 0)
				rc = lfail(l, "unknown side");
			if (!rc && k == 1 && l->sc->setup_order[0] == s)
				rc = lfail(l, "side listed twice");
			if (!rc)
				l->sc->setup_order[k++] = s;
		}
		l->sc->nsetup = k;
		pop(l, m2);
	} else {
		l->sc->nsetup = 2;
		l->sc->setup_order[0] = l->sc->first_player;
		l->sc->setup_order[1] = 1 - l->sc->first_player;
	}
	if (!rc && (arr = member(t, "labels")) != NULL) {
		size_t m2 = push_key(l, "labels");
		int k = 1;
		if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != l->sc->turns)
			rc = lsoft(l, "expected one label per turn (%d)", l->sc->turns);
		else
			cJSON_ArrayForEach(it, arr)
			{
				if (!rc && (!cJSON_IsString(it) || strlen(it->valuestring) >= 24))
					rc =
					    lsoft(l, "labels are strings of at most 23 characters");
				if (!rc && k <= FM_MAX_TURNS && cJSON_IsString(it))
					snprintf(l->sc->labels[k++], 24, "%.23s", it->valuestring);
			}
		pop(l, m2);
	}
out:
	pop(l, m);
	return rc;
}

static int get_allot_pair(struct ld *l, const cJSON *it, int turn)
{
	struct fm_scenario *sc = l->sc;
	int first = sc->first_player;

	if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) != 2 || !cJSON_IsNumber(it->child) ||
	    !cJSON_IsNumber(it->child->next) || it->child->valueint < 0 ||
	    it->child->next->valueint < 0 || it->child->valueint > FM_MAX_MARKERS ||
	    it->child->next->valueint > FM_MAX_MARKERS)
		return lsoft(l, "expected [first player, second player] marker counts");
	sc->allot[turn][first] = it->child->valueint;
	sc->allot[turn][1 - first] = it->child->next->valueint;
	return 0;
}

static int load_support(struct ld *l, const cJSON *doc)
{
	static const char *const keys[] = {"allotment", "pools", NULL};
	static const char *const akeys[] = {"default", "turns", NULL};
	static const char *const mkeys[] = {"id", "value", "kind", "count", "flags", NULL};
	struct fm_scenario *sc = l->sc;
	const cJSON *s = member(doc, "support"), *a, *pools, *it;
	size_t m = push_key(l, "support"), m2;
	int rc = 0;

	if (s == NULL) {
		rc = lfail(l, "missing (support: allotment and pools; use empty pools for none)");
		goto out;
	}
	if ((rc = check_keys(l, s, keys)) != 0)
		goto out;
	a = member(s, "allotment");
	m2 = push_key(l, "allotment");
	if (cJSON_IsArray(a)) {
		int t = 1;
		if (cJSON_GetArraySize(a) != sc->turns)
			rc = lfail(l, "expected one [first, second] pair per turn (%d)", sc->turns);
		cJSON_ArrayForEach(it, a)
		{
			size_t m3 = push_idx(l, t - 1);
			if (!rc)
				rc = get_allot_pair(l, it, t);
			pop(l, m3);
			t++;
		}
	} else if (cJSON_IsObject(a)) {
		const cJSON *d = member(a, "default"), *turns = member(a, "turns");
		rc = check_keys(l, a, akeys);
		if (!rc) {
			size_t m3 = push_key(l, "default");
			if (d == NULL)
				rc = lfail(l, "missing");
			for (int t = 1; !rc && t <= sc->turns; t++)
				rc = get_allot_pair(l, d, t);
			pop(l, m3);
		}
		if (!rc && turns != NULL) {
			size_t m3 = push_key(l, "turns");
			if (!cJSON_IsObject(turns))
				rc = lfail(l, "expected an object {\"turn\": [first, second]}");
			cJSON_ArrayForEach(it, turns)
			{
				char *end;
				long t = strtol(it->string, &end, 10);
				size_t m4 = push_key(l, it->string);
				if (!rc && (*end != '\0' || t < 1 || t > sc->turns))
					rc = lfail(l, "not a turn number 1..%d", sc->turns);
				if (!rc)
					rc = get_allot_pair(l, it, (int)t);
				pop(l, m4);
			}
			pop(l, m3);
		}
	} else {
		rc = lfail(l, "expected {\"default\": [first, second]} or one pair per turn");
	}
	pop(l, m2);
	if (rc)
		goto out;
	pools = member(s, "pools");
	m2 = push_key(l, "pools");
	if (!cJSON_IsObject(pools)) {
		rc = lfail(l, "expected an object with a marker list per side");
		pop(l, m2);
		goto out;
	}
	cJSON_ArrayForEach(it, pools)
	{
		int side = fm__side_by_name(sc, it->string), k = 0;
		const cJSON *mk;
		size_t m3 = push_key(l, it->string);
		if (side < 0)
			rc = lfail(l, "unknown side '%s'", it->string);
		else if (!cJSON_IsArray(it))
			rc = lfail(l, "expected an array of markers");
		cJSON_ArrayForEach(mk, it)
		{
			int count = 1, value = -1;
			char id[16] = "", kind[16] = "";
			char flags[2][FM_ID];
			int nflags = 0;
			size_t m4 = push_idx(l, k++);
			if (!rc)
				rc = check_keys(l, mk, mkeys);
			if (!rc)
				rc = get_int(l, mk, "value", &value, 1, 0, 99);
			if (!rc)
				rc = get_int(l, mk, "count", &count, 0, 1, FM_MAX_MARKERS);
			if (!rc)
				rc = get_str(l, mk, "id", id, sizeof(id), "");
			if (!rc)
				rc = get_str(l, mk, "kind", kind, sizeof(kind), "");
			if (!rc)
				rc = get_flags(l, mk, "flags", flags, 2, &nflags);
			if (!rc && id[0] && count != 1)
				rc = lfail(l, "a marker with an id must have count 1");
			for (int c = 0; !rc && c < count; c++) {
				struct fm_marker_def *d;
				if (sc->nmarkers[side] >= FM_MAX_MARKERS) {
					rc = lfail(l, "more than %d markers", FM_MAX_MARKERS);
					break;
				}
				d = &sc->markers[side][sc->nmarkers[side]];
				if (id[0])
					snprintf(d->id, sizeof(d->id), "%s", id);
				else
					snprintf(d->id, sizeof(d->id), "%c%d",
					         (char)(sc->side_names[side][0] & ~0x20),
					         sc->nmarkers[side] + 1);
				for (int q = 0; q < sc->nmarkers[side]; q++)
					if (rc == 0 &&
					    strcasecmp(sc->markers[side][q].id, d->id) == 0)
						rc = lsoft(l, "duplicate marker id '%s'", d->id);
				d->value = value;
				snprintf(d->kind, sizeof(d->kind), "%s", kind);
				d->nflags = nflags;
				for (int q = 0; q < nflags; q++)
					memcpy(d->flags[q], flags[q], FM_ID);
				sc->nmarkers[side]++;
			}
			pop(l, m4);
		}
		pop(l, m3);
		if (rc)
			break;
	}
	pop(l, m2);
out:
	pop(l, m);
	return rc;
}

static int load_victory(struct ld *l, const cJSON *doc)
{
	static const char *const keys[] = {"checks", "otherwise", NULL};
	static const char *const ckeys[] = {"winner",   "when",    "no_units_of",
	                                    "units_of", "in_zone", NULL};
	struct fm_scenario *sc = l->sc;
	const cJSON *v = member(doc, "victory"), *arr, *it;
	char other[FM_ID];
	size_t m = push_key(l, "victory");
	int rc = 0, k = 0;

	sc->otherwise = -1;
	if (v == NULL)
		goto out;
	if ((rc = check_keys(l, v, keys)) != 0)
		goto out;
	arr = member(v, "checks");
	if (arr != NULL) {
		size_t m2 = push_key(l, "checks");
		if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > FM_MAX_CHECKS)
			rc = lfail(l, "expected an array of at most %d checks", FM_MAX_CHECKS);
		cJSON_ArrayForEach(it, arr)
		{
			struct fm_check *c = &sc->checks[k];
			char when[16], zone[FM_ID];
			size_t m3 = push_idx(l, k);
			if (!rc)
				rc = check_keys(l, it, ckeys);
			if (!rc)
				rc = get_side(l, it, "winner", &c->winner, 1);
			if (!rc)
				rc = get_str(l, it, "when", when, sizeof(when), "end");
			if (!rc && strcmp(when, "end") && strcmp(when, "instant"))
				rc = lsoft(l, "when must be \"end\" or \"instant\"");
			c->instant = strcmp(when, "instant") == 0;
			if (!rc &&
			    (member(it, "no_units_of") != NULL) == (member(it, "units_of") != NULL))
				rc = lfail(l, "give exactly one of no_units_of, units_of");
			c->absent = member(it, "no_units_of") != NULL;
			if (!rc)
				rc = get_side(l, it, c->absent ? "no_units_of" : "units_of",
				              &c->side, 1);
			c->zone = -1;
			if (!rc)
				rc = get_str(l, it, "in_zone", zone, sizeof(zone), "");
			if (!rc && zone[0] && (c->zone = fm__zone_by_id(sc, zone)) < 0) {
				size_t m4 = push_key(l, "in_zone");
				rc = lsoft(l, "unknown zone '%s'", zone);
				pop(l, m4);
			}
			pop(l, m3);
			k++;
		}
		sc->nchecks = k;
		pop(l, m2);
		if (rc)
			goto out;
	}
	if ((rc = get_str(l, v, "otherwise", other, sizeof(other), "draw")) != 0)
		goto out;
	if (strcmp(other, "draw") != 0 && (sc->otherwise = fm__side_by_name(sc, other)) < 0) {
		size_t m2 = push_key(l, "otherwise");
		rc = lfail(l, "unknown side '%s' (or \"draw\")", other);
		pop(l, m2);
	}
out:
	pop(l, m);
	return rc;
}

/* The scenario's game options; checked after the exclusive module is known (its options). */
static int load_options(struct ld *l, const cJSON *doc)
{
	const cJSON *o = member(doc, "options"), *it;
	size_t m = push_key(l, "options");
	int rc = 0;

	if (o == NULL)
		goto out;
	if (!cJSON_IsObject(o)) {
		rc = lfail(l, "expected an object of \"key\": \"value\" strings");
		goto out;
	}
	cJSON_ArrayForEach(it, o)
	{
		struct rules_error why;
		const char *value =
		    cJSON_IsString(it) ? it->valuestring : (cJSON_IsTrue(it) ? "true" : "false");
		size_t m2 = push_key(l, it->string);
		memset(&why, 0, sizeof(why));
		if (!cJSON_IsString(it) && !cJSON_IsBool(it))
			rc = lsoft(l, "expected a string value");
		else if (l->sc->sopts.count >= RULES_MAX_OPTIONS)
			rc = lfail(l, "too many options");
		else if (strlen(it->string) >= sizeof(l->sc->sopts.items[0].key) ||
		         strlen(value) >= sizeof(l->sc->sopts.items[0].value))
			rc = lsoft(l, "option key or value too long");
		else if (fm__opt_check(l->sc, it->string, value, &why) != 0)
			rc = lsoft(l, "%s", why.message);
		else {
			size_t n = l->sc->sopts.count++;
			snprintf(l->sc->sopts.items[n].key, sizeof(l->sc->sopts.items[n].key), "%s",
			         it->string);
			snprintf(l->sc->sopts.items[n].value, sizeof(l->sc->sopts.items[n].value),
			         "%s", value);
		}
		pop(l, m2);
		if (rc)
			goto out;
	}
out:
	pop(l, m);
	return rc;
}

static int load_exclusive(struct ld *l, const cJSON *doc)
{
	const cJSON *ex = member(doc, "exclusive"), *mod;
	size_t m = push_key(l, "exclusive");
	int rc = 0;

	l->sc->hooks = &fm__hooks_system;
	if (ex == NULL || cJSON_IsNull(ex))
		goto out;
	mod = member(ex, "module");
	if (!cJSON_IsObject(ex) || !cJSON_IsString(mod)) {
		rc = lfail(l, "expected null or {\"module\": \"name\", ...}");
		goto out;
	}
	l->sc->hooks = fm__hooks_find(mod->valuestring);
	if (l->sc->hooks == NULL) {
		size_t m2 = push_key(l, "module");
		l->sc->hooks = &fm__hooks_system;
		rc = lsoft(l, "unknown exclusive-rules module '%s'", mod->valuestring);
		pop(l, m2);
		goto out;
	}
	/* the module reports its own findings, with full paths ($.exclusive...) */
	if (l->sc->hooks->load != NULL)
		rc = l->sc->hooks->load(l->sc, ex, l->f);
out:
	pop(l, m);
	return rc;
}

static void scenario_destroy(struct fm_scenario *sc)
{
	if (sc == NULL)
		return;
	if (sc->hooks != NULL && sc->hooks->free != NULL)
		sc->hooks->free(sc);
	free(sc->hex_terrain);
	free(sc->hex_flags);
	free(sc->hex_zones);
	free(sc->hex_name);
	free(sc->side_feat);
	free(sc->side_flags);
	for (int z = 0; z < sc->nzones; z++)
		free(sc->zones[z].hexes.h);
	for (int e = 0; e < sc->nedges; e++)
		free(sc->edges[e].hexes.h);
	for (int u = 0; u < sc->nunits; u++)
		free(sc->units[u].where.h);
	free(sc->units);
	free(sc);
}

int fm__scenario_parse(const char *source, const cJSON *doc, struct fm_findings *f,
                       struct fm_scenario **out)
{
	static const char *const keys[] = {
	    "ruleset", "format",  "id",        "title",   "description", "sides",
	    "edition", "options", "exclusive", "map",     "terrain",     "hexside_types",
	    "crt",     "units",   "turns",     "support", "victory",     NULL};
	struct fm_scenario *sc = calloc(1, sizeof(*sc));
	struct ld l = {.src = source ? source : "scenario", .f = f, .sc = sc};
	const cJSON *sides;
	char ruleset[16], edition[8];
	int format = 0, rc;

	*out = NULL;
	if (sc == NULL)
		return lnomem(&l);
	snprintf(l.path, sizeof(l.path), "$");
	l.len = 1;
	snprintf(sc->source, sizeof(sc->source), "%s", l.src);
	sc->hooks = &fm__hooks_system;
	if (!cJSON_IsObject(doc)) {
		rc = lfail(&l, "a scenario is a JSON object");
		goto fail;
	}
	if ((rc = check_keys(&l, doc, keys)) != 0)
		goto fail;
	if ((rc = get_str(&l, doc, "ruleset", ruleset, sizeof(ruleset), NULL)) != 0)
		goto fail;
	if (strcmp(ruleset, "fm") != 0) {
		rc = lfail(&l, "ruleset is '%s', not 'fm'", ruleset);
		goto fail;
	}
	if ((rc = get_int(&l, doc, "format", &format, 1, 1, 1)) != 0 ||
	    (rc = get_str(&l, doc, "id", sc->id, sizeof(sc->id), NULL)) != 0 ||
	    (rc = get_str(&l, doc, "title", sc->title, sizeof(sc->title), NULL)) != 0 ||
	    (rc = get_str(&l, doc, "description", sc->description, sizeof(sc->description),
	                  NULL)) != 0 ||
	    (rc = get_str(&l, doc, "edition", edition, sizeof(edition), "S")) != 0)
		goto fail;
	for (const char *p = sc->id; *p; p++)
		if (*p == ' ' || (unsigned char)*p < 0x20) {
			size_t m = push_key(&l, "id");
			rc = lfail(&l, "a scenario id has no spaces");
			pop(&l, m);
			goto fail;
		}
	if (strcmp(edition, "S") != 0 && strcmp(edition, "v8") != 0) {
		size_t m = push_key(&l, "edition");
		rc = lfail(&l, "edition must be \"S\" or \"v8\"");
		pop(&l, m);
		goto fail;
	}
	sc->edition_v8 = strcmp(edition, "v8") == 0;
	sides = member(doc, "sides");
	if (!cJSON_IsArray(sides) || cJSON_GetArraySize(sides) != 2 ||
	    !cJSON_IsString(sides->child) || !cJSON_IsString(sides->child->next) ||
	    strlen(sides->child->valuestring) >= FM_ID ||
	    strlen(sides->child->next->valuestring) >= FM_ID ||
	    !valid_id(sides->child->valuestring) || !valid_id(sides->child->next->valuestring) ||
	    strcasecmp(sides->child->valuestring, sides->child->next->valuestring) == 0) {
		size_t m = push_key(&l, "sides");
		rc = lfail(&l, "expected two distinct side names");
		pop(&l, m);
		goto fail;
	}
	snprintf(sc->side_names[0], FM_ID, "%s", sides->child->valuestring);
	snprintf(sc->side_names[1], FM_ID, "%s", sides->child->next->valuestring);
	if ((rc = load_crt(&l, doc)) != 0 || (rc = load_terrain_list(&l, doc, "terrain", 0)) != 0 ||
	    (rc = load_terrain_list(&l, doc, "hexside_types", 1)) != 0 ||
	    (rc = load_map(&l, doc)) != 0 || (rc = load_turns(&l, doc)) != 0 ||
	    (rc = load_units(&l, doc)) != 0 || (rc = load_support(&l, doc)) != 0 ||
	    (rc = load_victory(&l, doc)) != 0 || (rc = load_exclusive(&l, doc)) != 0 ||
	    (rc = load_options(&l, doc)) != 0)
		goto fail;
	/* the facts are read; now their consistency (lint.c and the module's lint) */
	fm__scenario_check(sc, f);
	if (f->report == NULL && f->errors > 0) {
		rc = WG_E_BAD_SCENARIO;
		goto fail;
	}
	*out = sc;
	return 0;
fail:
	scenario_destroy(sc);
	return rc;
}

int fm__scenario_load(const char *source, const cJSON *doc, struct rules_scenario **out,
                      struct rules_error *err)
{
	struct fm_findings f = {.err = err, .source = source ? source : "scenario"};
	struct fm_scenario *sc;
	int rc;

	memset(err, 0, sizeof(*err));
	rc = fm__scenario_parse(source, doc, &f, &sc);
	if (rc == 0)
		*out = (struct rules_scenario *)sc;
	else if (err->code == 0)
		rules_fail(err, rc, "", "%s: the scenario could not be loaded", f.source);
	return rc;
}

int fm__scenario_lint(const char *source, const cJSON *doc,
                      void (*report)(void *ctx, int severity, const char *path, const char *msg),
                      void *ctx)
{
	struct rules_error err;
	struct fm_findings f = {
	    .report = report, .ctx = ctx, .err = &err, .source = source ? source : "scenario"};
	struct fm_scenario *sc;
	int rc;

	memset(&err, 0, sizeof(err));
	rc = fm__scenario_parse(source, doc, &f, &sc);
	if (rc == 0)
		scenario_destroy(sc);
	if (rc == WG_E_NO_MEMORY)
		return rc;
	return f.errors > 0 ? f.errors : (rc != 0 ? 1 : 0);
}

void fm__scenario_free(struct rules_scenario *rsc)
{
	scenario_destroy((struct fm_scenario *)rsc);
}

void fm__scenario_info(const struct rules_scenario *rsc, struct rules_scenario_info *info)
{
	const struct fm_scenario *sc = (const struct fm_scenario *)rsc;

	info->id = sc->id;
	info->title = sc->title;
	info->description = sc->description;
	info->side_names[0] = sc->side_names[0];
	info->side_names[1] = sc->side_names[1];
}
