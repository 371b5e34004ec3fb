/*
 * legal.c -- `options`: the actions the awaited decision allows, for people
 * and for programs.
 *
 * Every action verb of the game (the system's and the scenario module's) may
 * have a generator (struct fm_verb.legal, legal_gen.c and the modules) that
 * offers candidate lines.  A candidate is kept only if the engine accepts it:
 * it is tried on a scratch copy of the game (the state is plain data) through
 * fm__act, with a throwaway dice stream and event list, so the list and the
 * rules can never disagree.  The one exception is a move to a hex that
 * `reach` lists, which the generator offers as known (the search and the
 * move share one step function, move.c), because trying every move would
 * search the map once per hex.
 *
 * The list is grouped by prefix ("place 3/1", "move 44/15 to", "end"); an
 * action is the prefix, a space and one of its choices (or the prefix alone
 * when a group has no choices).  It is complete for the decision: a program
 * that picks uniformly among the actions never gets a refusal.  Only the
 * side whose decision is awaited gets actions, and only its own: the list
 * is built from what that side may see and do.
 */
#include "fm_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define LEGAL_LINE_MAX   256
#define LEGAL_ARGS_MAX   32
#define LEGAL_TEXT_SHOWN 24 /* choices shown per group in text mode before "... N more" */

struct fm_legal {
	const struct fm_game *g;
	int side;
	int unit;                   /* options <unit>: only this unit's actions, else -1 */
	const struct fm_verb *verb; /* the verb being generated */
	struct fm_game *scratch;
	struct rules_dice dice;
	cJSON *groups; /* [{verb, prefix, choices[, mp]}] */
	cJSON *group;  /* the group of the last prefix offered */
	int count;     /* actions listed */
	int tried, refused;
};

int fm__legal_wants(const struct fm_legal *l, int unit)
{
	return l->unit < 0 || l->unit == unit;
}

/* Splits a copy of line into argv at spaces; the count. */
static int split(char *buf, char **argv, int max)
{
	int argc = 0;
	char *p = buf;

	while (*p != '\0' && argc < max) {
		while (*p == ' ')
			*p++ = '\0';
		if (*p == '\0')
			break;
		argv[argc++] = p;
		while (*p != '\0' && *p != ' ')
			p++;
	}
	return argc;
}

/* 1 if the engine accepts line from l->side now, tried on the scratch copy. */
int fm__try(struct fm_legal *l, const char *line)
{
	char buf[LEGAL_LINE_MAX], *argv[LEGAL_ARGS_MAX];
	const struct fm_verb *v;
	struct rules_events ev;
	struct rules_error err;
	cJSON *reply;
	int argc, rc, nargs;

	if (strlen(line) >= sizeof(buf))
		return 0;
	memcpy(buf, line, strlen(line) + 1);
	argc = split(buf, argv, LEGAL_ARGS_MAX);
	if (argc < 1 || (v = fm__verb_find(l->g->sc, argv[0])) == NULL || v->exec == NULL)
		return 0;
	nargs = argc - 1;
	if (nargs < v->v.min_args || (v->v.max_args >= 0 && nargs > v->v.max_args))
		return 0;
	memcpy(l->scratch, l->g, sizeof(*l->g));
	rules_events_init(&ev);
	reply = cJSON_CreateObject();
	rc = fm__act(l->scratch, &l->dice, l->side, v, argc, argv, reply, &ev, &err);
	cJSON_Delete(reply);
	rules_events_release(&ev);
	rules_dice_clear_log(&l->dice);
	l->tried++;
	if (rc != 0)
		l->refused++;
	return rc == 0;
}

/* The group for prefix: the last one if it has that prefix, else a new one. */
static cJSON *group_for(struct fm_legal *l, const char *prefix)
{
	cJSON *p = l->group != NULL ? cJSON_GetObjectItemCaseSensitive(l->group, "prefix") : NULL;
	cJSON *grp;

	if (p != NULL && strcmp(p->valuestring, prefix) == 0)
		return l->group;
	if ((grp = cJSON_CreateObject()) == NULL)
		return NULL;
	cJSON_AddStringToObject(grp, "verb", l->verb->v.name);
	cJSON_AddStringToObject(grp, "prefix", prefix);
	cJSON_AddArrayToObject(grp, "choices");
	cJSON_AddItemToArray(l->groups, grp);
	l->group = grp;
	return grp;
}

static int list(struct fm_legal *l, const char *prefix, const char *choice, int mp_half)
{
	cJSON *grp = group_for(l, prefix), *mp;

	if (grp == NULL)
		return WG_E_NO_MEMORY;
	if (choice != NULL)
		cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(grp, "choices"),
		                     cJSON_CreateString(choice));
	if (mp_half >= 0) {
		if ((mp = cJSON_GetObjectItemCaseSensitive(grp, "mp")) == NULL)
			mp = cJSON_AddArrayToObject(grp, "mp");
		cJSON_AddItemToArray(mp, cJSON_CreateNumber(mp_half / 2.0));
	}
	l->count++;
	return 0;
}

int fm__offer(struct fm_legal *l, const char *prefix, const char *choice)
{
	char line[LEGAL_LINE_MAX];

	if (choice != NULL)
		snprintf(line, sizeof(line), "%s %s", prefix, choice);
	else
		snprintf(line, sizeof(line), "%s", prefix);
	if (!fm__try(l, line))
		return 0;
	return list(l, prefix, choice, -1);
}

int fm__offer_known(struct fm_legal *l, const char *prefix, const char *choice, int mp_half)
{
	return list(l, prefix, choice, mp_half);
}

/* Appends " word" to line (len), or flushes line to out and starts a continuation line
 * with word when it would pass cols. */
static size_t put_word(cJSON *out, char *line, size_t size, size_t len, const char *word, int cols)
{
	size_t w = strlen(word);

	if (len + 1 + w > (size_t)cols || len + 1 + w >= size) {
		fm__line(out, "%s", line);
		return (size_t)snprintf(line, size, "    %s", word);
	}
	return len + (size_t)snprintf(line + len, size - len, " %s", word);
}

/* The text lines of the list: one per group, its choices wrapped to cols, at most
 * LEGAL_TEXT_SHOWN of them unless all. */
static void text_lines(const struct fm_legal *l, cJSON *out, int cols, int all)
{
	const cJSON *grp;
	char line[1024], word[LEGAL_LINE_MAX];

	if (cols < 40)
		cols = 40;
	cJSON_ArrayForEach(grp, l->groups)
	{
		const char *prefix = cJSON_GetObjectItemCaseSensitive(grp, "prefix")->valuestring;
		const cJSON *choices = cJSON_GetObjectItemCaseSensitive(grp, "choices"), *c;
		int n = cJSON_GetArraySize(choices), shown = 0, spaced;
		size_t len;

		if (n == 0) {
			fm__line(out, "  %s", prefix);
			continue;
		}
		len = (size_t)snprintf(line, sizeof(line), "  %s (%d):", prefix, n);
		/* choices that hold spaces ("44/15 46/15") are kept apart by " |" */
		spaced = 0;
		cJSON_ArrayForEach(c, choices) spaced |= strchr(c->valuestring, ' ') != NULL;
		cJSON_ArrayForEach(c, choices)
		{
			if (!all && shown == LEGAL_TEXT_SHOWN) {
				snprintf(word, sizeof(word), "... %d more (options all)",
				         n - shown);
				len = put_word(out, line, sizeof(line), len, word, cols);
				break;
			}
			snprintf(word, sizeof(word), "%s%s", c->valuestring,
			         spaced && c->next != NULL ? " |" : "");
			len = put_word(out, line, sizeof(line), len, word, cols);
			shown++;
		}
		fm__line(out, "%s", line);
	}
}

/* A list for side (unit >= 0: that unit's actions only): the scratch copy, a dice stream
 * of its own, an empty group array.  0, or WG_E_NO_MEMORY. */
static int legal_init(struct fm_legal *l, const struct fm_game *g, int side, int unit)
{
	static const uint8_t zero_seed[32];

	memset(l, 0, sizeof(*l));
	l->g = g;
	l->side = side;
	l->unit = unit;
	l->scratch = malloc(sizeof(*g));
	l->groups = cJSON_CreateArray();
	if (l->scratch == NULL || l->groups == NULL) {
		free(l->scratch);
		cJSON_Delete(l->groups);
		return WG_E_NO_MEMORY;
	}
	rules_dice_seed(&l->dice, zero_seed);
	return 0;
}

/* Frees what legal_init took, except the groups (the caller keeps or deletes them). */
static void legal_done(struct fm_legal *l)
{
	free(l->scratch);
	rules_dice_release(&l->dice);
}

int fm__setup_hexes(const struct fm_game *g, int unit, int *out, int max)
{
	const struct fm_unit_def *d = fm__def(g, unit);
	char line[LEGAL_LINE_MAX], hex[RULES_HEX_ID_MAX];
	struct fm_legal l;
	int n = 0, acting = g->phase == FM_PH_SETUP && fm__acting_side(g) == d->side;

	if (d->setup != FM_SETUP_CHOOSE)
		return 0;
	if (acting && legal_init(&l, g, d->side, unit) != 0)
		return WG_E_NO_MEMORY;
	for (int k = 0; k < d->where.n && n < max; k++) {
		int h = d->where.h[k], ok;
		if (acting) {
			snprintf(line, sizeof(line), "place %s %s", d->id, fm__hex_id(g, h, hex));
			ok = fm__try(&l, line);
		} else {
			ok = !fm__hex_prohibited(g, h, unit);
		}
		if (ok)
			out[n++] = h;
	}
	if (acting) {
		legal_done(&l);
		cJSON_Delete(l.groups);
	}
	return n;
}

/* Arguments of `options`: [all] [<unit>]. */
static int parse_args(const struct fm_game *g, int argc, char **argv, int *all, int *unit,
                      struct rules_error *err)
{
	*all = 0;
	*unit = -1;
	for (int k = 1; k < argc; k++) {
		if (strcasecmp(argv[k], "all") == 0) {
			*all = 1;
			continue;
		}
		if ((*unit = fm__unit_arg(g, argv[k], err)) < 0)
			return *unit;
	}
	return 0;
}

int fm__q_options(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
                  cJSON *out, struct rules_error *err)
{
	struct fm_legal l;
	struct rules_pending p;
	const struct fm_verb *v;
	int side = who->side, acting = fm__acting_side(g), all, unit, rc = 0;

	if ((rc = parse_args(g, argc, argv, &all, &unit, err)) != 0)
		return rc;
	fm__pending((const struct rules_game *)g, &p);
	if (g->over || acting < 0 || side != acting) {
		const char *why = g->over ? "the game is over"
		                  : side < 0 || side >= RULES_SIDES
		                      ? "you are not a player of this game"
		                      : "it is not your decision";
		cJSON_AddNumberToObject(out, "count", 0);
		cJSON_AddArrayToObject(out, "groups");
		if (acting >= 0 && !g->over) {
			cJSON_AddStringToObject(out, "waits_for", g->sc->side_names[acting]);
			fm__line(out, "no options: %s; the game waits for %s: %s", why,
			         g->sc->side_names[acting], p.what[acting]);
		} else {
			fm__line(out, "no options: %s", why);
		}
		return 0;
	}
	if (legal_init(&l, g, side, unit) != 0)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	for (size_t i = 0; rc == 0 && (v = fm__verb_at(g->sc, i)) != NULL; i++) {
		if (v->exec == NULL || v->legal == NULL || !(v->awaits & FM_AWAITS(g->await)))
			continue;
		l.verb = v;
		l.group = NULL;
		rc = v->legal(g, side, &l);
	}
	legal_done(&l);
	if (rc != 0) {
		cJSON_Delete(l.groups);
		return rules_fail(err, rc, "", "out of memory");
	}
	cJSON_AddStringToObject(out, "side", g->sc->side_names[side]);
	cJSON_AddStringToObject(out, "kind", p.kind[side]);
	cJSON_AddStringToObject(out, "what", p.what[side]);
	if (unit >= 0)
		cJSON_AddStringToObject(out, "unit", fm__def(g, unit)->id);
	cJSON_AddNumberToObject(out, "count", l.count);
	fm__line(out, "%s decides: %s", g->sc->side_names[side], p.what[side]);
	fm__line(out, "%d action%s%s: the prefix and one of its choices (or the prefix alone)",
	         l.count, l.count == 1 ? "" : "s", unit >= 0 ? " of that unit" : "");
	/* each text line goes out behind the reply's two-column indent (as the board's) */
	text_lines(&l, out, (who->cols > 0 ? who->cols : RULES_COLS_DEFAULT) - 2, all);
	cJSON_AddItemToObject(out, "groups", l.groups);
	return 0;
}
