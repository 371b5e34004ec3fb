/*
 * cmd-rating.c -- `ratings <scenario>`: the ranked Glicko-2 ratings of a
 * scenario (ratings.h), provisional ones marked, with the scenario's side
 * record.  docs/tournaments.md has the rules.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "conn.h"
#include "ratings.h"
#include "server.h"

struct rank_ctx {
	cJSON *arr, *lines;
	int n;
};

static int rank_one(void *arg, const struct db_rating *r)
{
	struct rank_ctx *k = arg;
	struct srv_g2_rating g = {r->rating, r->rd, r->vol};
	cJSON *o;
	char line[160];

	if (k->n >= 200)
		return 1;
	k->n++;
	o = cJSON_CreateObject();
	cJSON_AddNumberToObject(o, "rank", k->n);
	cJSON_AddStringToObject(o, "user", r->name);
	cJSON_AddNumberToObject(o, "rating", round(r->rating));
	cJSON_AddNumberToObject(o, "rd", round(r->rd));
	cJSON_AddNumberToObject(o, "volatility", r->vol);
	cJSON_AddNumberToObject(o, "games", (double)r->games);
	cJSON_AddBoolToObject(o, "provisional", srv_g2_provisional(&g));
	cJSON_AddItemToArray(k->arr, o);
	snprintf(line, sizeof(line), "%3d  %-16s %5.0f%s %4.0f %6lld", k->n, r->name, r->rating,
	         srv_g2_provisional(&g) ? "?" : " ", r->rd, (long long)r->games);
	cJSON_AddItemToArray(k->lines, cJSON_CreateString(line));
	return 0;
}

static int exec_ratings(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	const struct rules_catalog_entry *e = rules_catalog_find(&s->catalog, ctx->argv[1]);
	struct srv_side_record rec;
	struct rank_ctx k;
	cJSON *data, *r, *sides;
	char line[300], summary[120];
	double adv;

	if (e == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_SCENARIO,
		                    "no scenario '%.40s'; `scenarios` lists them", ctx->argv[1]);
	data = cJSON_CreateObject();
	k.lines = cJSON_AddArrayToObject(data, "lines");
	cJSON_AddStringToObject(data, "scenario", e->info.id);
	srv_side_record(s, e->info.id, 0, &rec);
	adv = srv_rating_advantage(s, e->info.id, 0);
	r = cJSON_AddObjectToObject(data, "record");
	cJSON_AddNumberToObject(r, "games", (double)rec.games);
	cJSON_AddNumberToObject(r, "draws", (double)rec.draws);
	sides = cJSON_AddArrayToObject(r, "sides");
	for (int i = 0; i < 2; i++) {
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "side", e->info.side_names[i]);
		cJSON_AddNumberToObject(o, "wins", (double)rec.wins[i]);
		cJSON_AddItemToArray(sides, o);
	}
	if (s->cfg.rating_side_advantage)
		cJSON_AddNumberToObject(data, "advantage", round(adv));
	else
		cJSON_AddNullToObject(data, "advantage");
	snprintf(line, sizeof(line),
	         "%s: %ld games, %s won %ld, %s won %ld, %ld drawn; side "
	         "advantage %s",
	         e->info.id, rec.games, e->info.side_names[0], rec.wins[0], e->info.side_names[1],
	         rec.wins[1], rec.draws, s->cfg.rating_side_advantage ? "on" : "off");
	cJSON_AddItemToArray(k.lines, cJSON_CreateString(line));
	if (s->cfg.rating_side_advantage) {
		snprintf(line, sizeof(line),
		         "  (%s is expected to score as if %.0f points stronger)",
		         e->info.side_names[adv >= 0 ? 0 : 1], fabs(adv));
		cJSON_AddItemToArray(k.lines, cJSON_CreateString(line));
	}
	cJSON_AddItemToArray(k.lines,
	                     cJSON_CreateString("  #  player           rating   RD  games"));
	k.arr = cJSON_AddArrayToObject(data, "ratings");
	k.n = 0;
	if (db_rating_each_scenario(s->store, e->info.id, rank_one, &k) < 0) {
		cJSON_Delete(data);
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(s->store));
	}
	cJSON_AddItemToArray(k.lines,
	                     cJSON_CreateString("? provisional: RD 110 or more (too few games)"));
	snprintf(summary, sizeof(summary), "%d rated player%s in %s", k.n, k.n == 1 ? "" : "s",
	         e->info.id);
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

const struct srv_cmd srv_cmd_ratings = {
    .name = "ratings",
    .min_args = 1,
    .max_args = 1,
    .group = "tournament",
    .usage = "ratings <scenario>",
    .help = "The Glicko-2 ratings of a scenario, best first (at most 200): rating, deviation "
            "RD and rated games; a ? marks a provisional rating (RD 110 or more). Also the "
            "scenario's side record (games, wins per side) and whether ratings expect a side "
            "advantage. Games are rated with new/challenge/seek ... rated, or in a rated "
            "tournament.",
    .exec = exec_ratings,
};
