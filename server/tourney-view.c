/*
 * tourney-view.c -- what people see of a tournament, in JSON and in text within
 * 80 columns: the standings (points and tiebreaks from standings.h, or the
 * knockout's progress), the crosstable and the bracket, the games list (a bid
 * shown to others only once both are in) and the summary of show.  See
 * tourney.h and tourney_int.h.
 */
#include "tourney_int.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "pairing.h"
#include "server.h"
#include "standings.h"

static void add_line(cJSON *lines, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add_line(cJSON *lines, const char *fmt, ...)
{
	char buf[600];
	va_list ap;

	if (lines == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	cJSON_AddItemToArray(lines, cJSON_CreateString(buf));
}

static const char *result_text(const struct db_tgame *g)
{
	switch (g->result) {
	case 0:
		return "1-0";
	case 1:
		return "0-1";
	case DB_TRESULT_DRAW:
		return "1/2-1/2";
	case DB_TRESULT_NONE:
		return "0-0";
	default:
		return g->game != 0 ? "playing" : "bidding";
	}
}

/* The side letters of the scenario (for the crosstable). */
static void side_letters(struct srv *s, const struct srv_tourney *t, char letters[2])
{
	const struct rules_catalog_entry *e = rules_catalog_find(&s->catalog, t->rec.scenario);

	letters[0] = '0';
	letters[1] = '1';
	if (e != NULL && e->info.side_names[0][0] && e->info.side_names[1][0] &&
	    e->info.side_names[0][0] != e->info.side_names[1][0]) {
		letters[0] = e->info.side_names[0][0];
		letters[1] = e->info.side_names[1][0];
	}
}

/* ---- standings ---- */

static void player_json(cJSON *o, const struct db_tplayer *p)
{
	cJSON_AddStringToObject(o, "user", p->name);
	cJSON_AddNumberToObject(o, "pnum", p->pnum);
	cJSON_AddNumberToObject(o, "rating", round(p->rating));
	cJSON_AddBoolToObject(o, "withdrawn", p->withdrawn > 0);
}

/* The rounds standings count: the current one once all of it is decided. */
static int rounds_done(struct srv *s, const struct srv_tourney *t)
{
	int r = t->rec.round;

	(void)s;
	for (size_t i = 0; i < t->ngames; i++)
		if (t->games[i].round == r && t->games[i].result == DB_TRESULT_PENDING)
			return r - 1;
	return r;
}

static void knockout_standings(struct srv *s, const struct srv_tourney *t, cJSON *data,
                               cJSON *lines, int crosstable)
{
	int n = (int)t->nplayers, order[SRV_TOURNEY_MAX_PLAYERS], reached[SRV_TOURNEY_MAX_PLAYERS];
	int out[SRV_TOURNEY_MAX_PLAYERS], champion = -1,
	                                  finished = t->rec.state == DB_TOURNEY_FINISHED;
	cJSON *rows = cJSON_AddArrayToObject(data, "standings");

	for (int i = 0; i < n; i++) {
		int64_t u = t->players[i].user;
		reached[i] = 0;
		out[i] = 0;
		order[i] = i;
		for (size_t k = 0; k < t->ngames; k++) {
			const struct db_tgame *g = &t->games[k];
			int more;
			int64_t loser;
			if (g->player[0] != u && g->player[1] != u)
				continue;
			if (g->round > reached[i])
				reached[i] = g->round;
			srv__tourney_board_winner(t, g->round, g->board, &more, &loser);
			/* a mulligan round's loser goes on */
			if (loser == u && !(t->set.mulligan && g->round == 1))
				out[i] = g->round;
		}
		if (t->players[i].withdrawn > 0 && out[i] == 0)
			out[i] = t->players[i].withdrawn;
	}
	if (finished)
		for (int i = 0; i < n; i++)
			if (out[i] == 0 && t->players[i].withdrawn == 0)
				champion = i;
	for (int i = 1; i < n; i++) {
		int x = order[i], j = i - 1;
		while (j >= 0) {
			int y = order[j];
			int kx = x == champion ? 1 << 20 : (out[x] == 0 ? 1 << 19 : 0) + reached[x];
			int ky = y == champion ? 1 << 20 : (out[y] == 0 ? 1 << 19 : 0) + reached[y];
			if (ky > kx || (ky == kx && t->players[y].pnum < t->players[x].pnum))
				break;
			order[j + 1] = order[j];
			j--;
		}
		order[j + 1] = x;
	}
	add_line(lines, "%s after round %d of %d (knockout%s, %d players)",
	         finished ? "final standings" : "standings", t->rec.round, t->rec.rounds,
	         t->set.mulligan ? " with a mulligan round" : "", n);
	add_line(lines, "  #  %-16s %4s  %s", "player", "seed", "result");
	for (int k = 0; k < n; k++) {
		int i = order[k];
		cJSON *o = cJSON_CreateObject();
		char res[80];
		if (i == champion)
			snprintf(res, sizeof(res), "winner");
		else if (out[i] > 0)
			snprintf(res, sizeof(res), "%s in round %d",
			         t->players[i].withdrawn == out[i] ? "withdrew" : "out", out[i]);
		else
			snprintf(res, sizeof(res), "in (round %d)", reached[i]);
		cJSON_AddNumberToObject(o, "rank", k + 1);
		player_json(o, &t->players[i]);
		cJSON_AddNumberToObject(o, "reached", reached[i]);
		if (out[i] > 0)
			cJSON_AddNumberToObject(o, "out", out[i]);
		else
			cJSON_AddNullToObject(o, "out");
		cJSON_AddBoolToObject(o, "winner", i == champion);
		cJSON_AddItemToArray(rows, o);
		add_line(lines, "%3d  %-16.16s %4d  %s", k + 1, t->players[i].name,
		         t->players[i].pnum, res);
	}
	if (crosstable) {
		cJSON *ct = cJSON_AddArrayToObject(data, "crosstable");
		add_line(lines, "bracket:");
		for (int r = 1; r <= t->rec.round; r++) {
			int nb = srv__tourney_max_board(t, r);
			for (int b = 1; b <= nb; b++) {
				size_t idx[SRV_PAIR_MATCH_LEGS + 1];
				int nl = srv__tourney_legs_of(t, r, b, idx, SRV_PAIR_MATCH_LEGS),
				    more, h[2] = {0, 0};
				int64_t a, c, loser, w;
				cJSON *o;
				if (nl == 0)
					continue;
				a = t->games[idx[0]].player[0];
				c = t->games[idx[0]].player[1];
				for (int l = 0; l < nl; l++) {
					const struct db_tgame *g = &t->games[idx[l]];
					int kk = g->player[0] == a ? 0 : 1;
					h[0] += srv__tourney_half_of(g, kk);
					h[1] += srv__tourney_half_of(g, 1 - kk);
				}
				w = srv__tourney_board_winner(t, r, b, &more, &loser);
				o = cJSON_CreateObject();
				cJSON_AddNumberToObject(o, "round", r);
				cJSON_AddNumberToObject(o, "board", b);
				cJSON_AddStringToObject(o, "player0", srv__tourney_name_of(t, a));
				if (c != 0)
					cJSON_AddStringToObject(o, "player1",
					                        srv__tourney_name_of(t, c));
				else
					cJSON_AddNullToObject(o, "player1");
				cJSON_AddNumberToObject(o, "points0", h[0] / 2.0);
				cJSON_AddNumberToObject(o, "points1", h[1] / 2.0);
				if (w != 0)
					cJSON_AddStringToObject(o, "winner",
					                        srv__tourney_name_of(t, w));
				else
					cJSON_AddNullToObject(o, "winner");
				cJSON_AddItemToArray(ct, o);
				if (c == 0)
					add_line(lines, "  R%d.%d %s: bye", r, b,
					         srv__tourney_name_of(t, a));
				else
					add_line(lines, "  R%d.%d %s %g - %g %s (%d game%s)%s%s", r,
					         b, srv__tourney_name_of(t, a), h[0] / 2.0,
					         h[1] / 2.0, srv__tourney_name_of(t, c), nl,
					         nl == 1 ? "" : "s", w ? ": " : "",
					         w ? srv__tourney_name_of(t, w) : "");
			}
		}
	}
	(void)s;
}

void srv_tourney_standings(struct srv *s, const struct srv_tourney *t, cJSON *data, cJSON *lines,
                           int crosstable)
{
	int n = (int)t->nplayers, rounds = rounds_done(s, t), pnum[SRV_TOURNEY_MAX_PLAYERS];
	struct srv_stand_game *sg = calloc(t->ngames + 1, sizeof(*sg));
	struct srv_stand_row rows[SRV_TOURNEY_MAX_PLAYERS];
	char q[5][16], letters[2];
	size_t ng = 0;
	cJSON *arr;

	if (t->format == SRV_TF_KNOCKOUT) {
		free(sg);
		knockout_standings(s, t, data, lines, crosstable);
		return;
	}
	if (sg == NULL)
		return;
	for (int i = 0; i < n; i++)
		pnum[i] = t->players[i].pnum > 0 ? t->players[i].pnum : i + 1;
	for (size_t k = 0; k < t->ngames; k++) {
		const struct db_tgame *g = &t->games[k];
		int a = -1, b = -1;
		if (g->round > rounds || g->result == DB_TRESULT_PENDING)
			continue;
		for (int i = 0; i < n; i++) {
			if (t->players[i].user == g->player[0])
				a = i;
			if (g->player[1] != 0 && t->players[i].user == g->player[1])
				b = i;
		}
		if (a < 0 || (g->player[1] != 0 && b < 0))
			continue;
		sg[ng].round = g->round;
		sg[ng].a = a;
		sg[ng].b = b;
		sg[ng].ha = srv__tourney_half_of(g, 0);
		sg[ng].hb = srv__tourney_half_of(g, 1);
		sg[ng].played = srv__tourney_played(g);
		ng++;
	}
	if (srv_stand_compute(n, pnum, sg, ng, rounds, rows) != 0) {
		free(sg);
		return;
	}
	side_letters(s, t, letters);
	add_line(lines, "%s after round %d of %d (%s, %d players)",
	         t->rec.state == DB_TOURNEY_FINISHED ? "final standings" : "standings", rounds,
	         t->rec.rounds, srv_tformat_name(t->format), n);
	add_line(lines, "  #  %-16s %5s %6s %6s %6s %5s %6s", "player", "pts", "BH", "MBH", "SB",
	         "H2H", "rating");
	arr = cJSON_AddArrayToObject(data, "standings");
	for (int k = 0; k < n; k++) {
		const struct db_tplayer *p = &t->players[rows[k].player];
		cJSON *o = cJSON_CreateObject();
		char name[24];
		cJSON_AddNumberToObject(o, "rank", rows[k].rank);
		player_json(o, p);
		cJSON_AddNumberToObject(o, "points", rows[k].points / 2.0);
		cJSON_AddNumberToObject(o, "buchholz", rows[k].bh / 4.0);
		cJSON_AddNumberToObject(o, "median_buchholz", rows[k].mbh / 4.0);
		cJSON_AddNumberToObject(o, "sonneborn_berger", rows[k].sb / 4.0);
		cJSON_AddNumberToObject(o, "head_to_head", rows[k].h2h / 4.0);
		cJSON_AddItemToArray(arr, o);
		snprintf(name, sizeof(name), "%.14s%s", p->name, p->withdrawn ? " w" : "");
		add_line(lines, "%3d  %-16s %5s %6s %6s %6s %5s %6.0f", rows[k].rank, name,
		         srv_stand_quarters(rows[k].points * 2, q[0], sizeof(q[0])),
		         srv_stand_quarters(rows[k].bh, q[1], sizeof(q[1])),
		         srv_stand_quarters(rows[k].mbh, q[2], sizeof(q[2])),
		         srv_stand_quarters(rows[k].sb, q[3], sizeof(q[3])),
		         srv_stand_quarters(rows[k].h2h, q[4], sizeof(q[4])), p->rating);
	}
	add_line(lines, "BH Buchholz, MBH median Buchholz, SB Sonneborn-Berger, H2H head-to-head");
	for (int i = 0; i < n; i++)
		if (t->players[i].withdrawn > 0) {
			add_line(lines, "w: withdrawn");
			break;
		}
	/* the crosstable: every player's rounds (JSON always, text on demand) */
	{
		cJSON *ct = cJSON_AddArrayToObject(data, "crosstable");
		int place[SRV_TOURNEY_MAX_PLAYERS];
		for (int k = 0; k < n; k++)
			place[rows[k].player] = k + 1;
		if (crosstable) {
			add_line(lines, "crosstable (+ won, = drawn, - lost against that place; F "
			                "forfeit;");
			add_line(lines, "%c %.20s, %c %.20s; . not paired):", letters[0],
			         srv__tourney_side_name(s, t, 0), letters[1],
			         srv__tourney_side_name(s, t, 1));
		}
		for (int k = 0; k < n; k++) {
			int p = rows[k].player;
			cJSON *o = cJSON_CreateObject(), *rs;
			char line[600], cell[16];
			int at;
			cJSON_AddNumberToObject(o, "rank", k + 1);
			cJSON_AddStringToObject(o, "user", t->players[p].name);
			rs = cJSON_AddArrayToObject(o, "rounds");
			at = snprintf(line, sizeof(line), "%3d  %-14.14s %5s ", k + 1,
			              t->players[p].name,
			              srv_stand_quarters(rows[k].points * 2, q[0], sizeof(q[0])));
			for (int r = 1; r <= rounds; r++) {
				int kind, opp, half, side = -1;
				cJSON *c = cJSON_CreateObject();
				const char *res;
				srv_stand_round_of(sg, ng, p, r, &kind, &opp, &half);
				for (size_t x = 0; x < t->ngames; x++) {
					const struct db_tgame *g = &t->games[x];
					if (g->round == r && g->player[1] != 0 &&
					    (g->player[0] == t->players[p].user ||
					     g->player[1] == t->players[p].user))
						side = g->player[0] == t->players[p].user ? 0 : 1;
				}
				res = kind == SRV_STAND_ABSENT ? "absent"
				      : kind == SRV_STAND_BYE  ? "bye"
				      : half == 2              ? "win"
				      : half == 1              ? "draw"
				                               : "loss";
				cJSON_AddNumberToObject(c, "round", r);
				cJSON_AddStringToObject(c, "result", res);
				cJSON_AddBoolToObject(c, "forfeit", kind == SRV_STAND_FORFEIT);
				if (opp >= 0)
					cJSON_AddStringToObject(c, "opponent",
					                        t->players[opp].name);
				else
					cJSON_AddNullToObject(c, "opponent");
				if (kind == SRV_STAND_PLAYED && side >= 0)
					cJSON_AddStringToObject(c, "side",
					                        srv__tourney_side_name(s, t, side));
				else
					cJSON_AddNullToObject(c, "side");
				cJSON_AddItemToArray(rs, c);
				if (kind == SRV_STAND_ABSENT)
					snprintf(cell, sizeof(cell), "  .");
				else if (kind == SRV_STAND_BYE)
					snprintf(cell, sizeof(cell), "bye");
				else
					snprintf(cell, sizeof(cell), "%c%s%d%.1s",
					         half == 2   ? '+'
					         : half == 1 ? '='
					                     : '-',
					         kind == SRV_STAND_FORFEIT ? "F" : "", place[opp],
					         kind == SRV_STAND_PLAYED && side >= 0
					             ? &letters[side]
					             : "");
				/* 78 columns: a new line indented under the first cell */
				if (at + 6 > 78) {
					if (crosstable)
						add_line(lines, "%s", line);
					at = snprintf(line, sizeof(line), "%26s", "");
				}
				at += snprintf(line + at, sizeof(line) - (size_t)at, " %5s", cell);
			}
			cJSON_AddItemToArray(ct, o);
			if (crosstable)
				add_line(lines, "%s", line);
		}
	}
	free(sg);
}

/* ---- the games list, show ---- */

static void game_json(struct srv *s, const struct srv_tourney *t, const struct db_tgame *g,
                      int64_t viewer, cJSON *arr, cJSON *lines)
{
	cJSON *o = cJSON_CreateObject(), *ps = cJSON_AddArrayToObject(o, "players");
	int revealed = g->game != 0 || g->result != DB_TRESULT_PENDING;
	char bids[200] = "", label[24];

	cJSON_AddNumberToObject(o, "round", g->round);
	cJSON_AddNumberToObject(o, "board", g->board);
	cJSON_AddNumberToObject(o, "leg", g->leg);
	if (g->game != 0)
		cJSON_AddNumberToObject(o, "game", (double)g->game);
	else
		cJSON_AddNullToObject(o, "game");
	for (int k = 0; k < 2; k++) {
		cJSON *p;
		if (g->player[k] == 0)
			continue;
		p = cJSON_CreateObject();
		cJSON_AddStringToObject(p, "user", srv__tourney_name_of(t, g->player[k]));
		if (g->game != 0)
			cJSON_AddStringToObject(p, "side", srv__tourney_side_name(s, t, k));
		else
			cJSON_AddNullToObject(p, "side");
		/* a bid is secret until both are in: its maker alone sees it before */
		if (g->bid[k] >= 0 && (revealed || viewer == g->player[k])) {
			cJSON *b = cJSON_AddObjectToObject(p, "bid");
			cJSON_AddStringToObject(b, "side",
			                        srv__tourney_side_name(s, t, g->bid_side[k]));
			cJSON_AddNumberToObject(b, "amount", g->bid[k]);
		} else if (!revealed) {
			cJSON_AddBoolToObject(p, "bid_made", g->bid[k] >= 0);
		}
		cJSON_AddItemToArray(ps, p);
	}
	cJSON_AddBoolToObject(o, "bye", g->player[1] == 0);
	if (g->result == DB_TRESULT_PENDING)
		cJSON_AddNullToObject(o, "result");
	else
		cJSON_AddStringToObject(o, "result", g->player[1] == 0 ? "bye" : result_text(g));
	cJSON_AddStringToObject(o, "how", g->how);
	cJSON_AddItemToArray(arr, o);
	if (t->format == SRV_TF_KNOCKOUT)
		snprintf(label, sizeof(label), "R%d.%d/%d", g->round, g->board, g->leg);
	else
		snprintf(label, sizeof(label), "R%d.%d", g->round, g->board);
	if (g->player[1] == 0) {
		add_line(lines, "%-8s %6s  %s: bye (1 point)", label, "",
		         srv__tourney_name_of(t, g->player[0]));
		return;
	}
	if (g->game == 0 && g->result == DB_TRESULT_PENDING) {
		for (int k = 0; k < 2; k++) {
			size_t at = strlen(bids);
			if (viewer == g->player[k] && g->bid[k] >= 0)
				snprintf(bids + at, sizeof(bids) - at, "%syour bid %d for %s",
				         k ? ", " : "", g->bid[k],
				         srv__tourney_side_name(s, t, g->bid_side[k]));
			else
				snprintf(bids + at, sizeof(bids) - at, "%s%s %s", k ? ", " : "",
				         srv__tourney_name_of(t, g->player[k]),
				         g->bid[k] >= 0 ? "has bid" : "has not bid");
		}
		add_line(lines, "%-8s %6s  %s - %s: bidding (%s)", label, "",
		         srv__tourney_name_of(t, g->player[0]),
		         srv__tourney_name_of(t, g->player[1]), bids);
		return;
	}
	if (g->bid[0] >= 0 && g->bid[1] >= 0)
		snprintf(bids, sizeof(bids), "; bids %s %d %s, %s %d %s",
		         srv__tourney_name_of(t, g->player[0]), g->bid[0],
		         srv__tourney_side_name(s, t, g->bid_side[0]),
		         srv__tourney_name_of(t, g->player[1]), g->bid[1],
		         srv__tourney_side_name(s, t, g->bid_side[1]));
	if (g->game != 0) {
		char gid[24];
		snprintf(gid, sizeof(gid), "#%lld", (long long)g->game);
		add_line(lines, "%-8s %6s  %s (%s) - %s (%s)  %s%s%s%s", label, gid,
		         srv__tourney_name_of(t, g->player[0]), srv__tourney_side_name(s, t, 0),
		         srv__tourney_name_of(t, g->player[1]), srv__tourney_side_name(s, t, 1),
		         result_text(g), g->how[0] ? " " : "", g->how, bids);
	} else {
		add_line(lines, "%-8s %6s  %s - %s  %s %s", label, "",
		         srv__tourney_name_of(t, g->player[0]),
		         srv__tourney_name_of(t, g->player[1]), result_text(g), g->how);
	}
}

void srv_tourney_games(struct srv *s, const struct srv_tourney *t, int round, int64_t viewer,
                       cJSON *data, cJSON *lines)
{
	cJSON *arr = cJSON_AddArrayToObject(data, "games");

	for (size_t i = 0; i < t->ngames; i++)
		if (round == 0 || t->games[i].round == round)
			game_json(s, t, &t->games[i], viewer, arr, lines);
}

void srv_tourney_show(struct srv *s, const struct srv_tourney *t, int64_t viewer, cJSON *data,
                      cJSON *lines)
{
	static const char *const states[] = {"registration", "running", "finished"};
	const char *state = t->rec.state >= 0 && t->rec.state <= 2 ? states[t->rec.state] : "?";
	cJSON *ps;
	char when[40], set[DB_TSETTINGS_MAX];

	cJSON_AddNumberToObject(data, "tournament", (double)t->rec.id);
	cJSON_AddStringToObject(data, "name", t->rec.name);
	cJSON_AddStringToObject(data, "scenario", t->rec.scenario);
	cJSON_AddStringToObject(data, "format", t->rec.format);
	cJSON_AddStringToObject(data, "director", t->rec.director_name);
	cJSON_AddStringToObject(data, "settings", srv_tsettings_format(&t->set, set, sizeof(set)));
	cJSON_AddStringToObject(data, "clock", t->rec.clock);
	cJSON_AddStringToObject(data, "options", t->rec.options);
	cJSON_AddStringToObject(data, "state", state);
	cJSON_AddBoolToObject(data, "paused", t->rec.paused);
	cJSON_AddNumberToObject(data, "round", t->rec.round);
	cJSON_AddNumberToObject(data, "rounds", t->rec.rounds);
	if (t->rec.deadline > 0)
		cJSON_AddNumberToObject(data, "deadline", (double)(t->rec.deadline / 1000));
	else
		cJSON_AddNullToObject(data, "deadline");
	cJSON_AddStringToObject(data, "note", t->rec.note);
	add_line(lines, "tournament %lld: %s", (long long)t->rec.id, t->rec.name);
	add_line(lines, "%s, %s, clock %s%s%s; %s", t->rec.scenario, t->rec.format, t->rec.clock,
	         t->rec.options[0] ? ", options " : "", t->rec.options, set);
	if (t->rec.state == DB_TOURNEY_OPEN)
		add_line(lines, "director %s; %s (%zu of %d players)", t->rec.director_name, state,
		         t->nplayers, srv__tourney_format_max(t));
	else
		add_line(lines, "director %s; %s, round %d of %d%s%s%s", t->rec.director_name,
		         state, t->rec.round, t->rec.rounds, t->rec.paused ? ", paused" : "",
		         t->rec.deadline > 0 ? ", deadline " : "",
		         t->rec.deadline > 0
		             ? srv_clock_format_time(t->rec.deadline, when, sizeof(when))
		             : "");
	if (t->rec.note[0])
		add_line(lines, "%s", t->rec.note);
	ps = cJSON_AddArrayToObject(data, "players");
	add_line(lines, "players:");
	{
		/* by pairing number once started, else in the order they joined */
		const struct db_tplayer *order[SRV_TOURNEY_MAX_PLAYERS];
		int n;
		srv__tourney_by_pnum(t, order, 0, &n);
		for (int i = 0; i < n; i++) {
			const struct db_tplayer *p = order[i];
			cJSON *o = cJSON_CreateObject();
			player_json(o, p);
			cJSON_AddItemToArray(ps, o);
			if (p->pnum > 0)
				add_line(lines, "  %3d  %-16s %5.0f%s", p->pnum, p->name, p->rating,
				         p->withdrawn ? "  withdrawn" : "");
			else
				add_line(lines, "       %s", p->name);
		}
	}
	if (t->rec.round > 0) {
		add_line(lines, "round %d:", t->rec.round);
		srv_tourney_games(s, t, t->rec.round, viewer, data, lines);
	}
}
