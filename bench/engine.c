/*
 * engine.c -- wg-engine's main: options, the machine, the three parts (play, replay,
 * probes; engine.h) in order, and the figures, each also as one `SUMMARY key=value` line
 * that bench/run.sh reads.
 */
#define _POSIX_C_SOURCE 200809L

#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef WG_BENCH_DATA_DIR
#define WG_BENCH_DATA_DIR "data"
#endif

struct eng_opts {
	const char *data_dir;
	const char *scenario;
	const char *commit;
	unsigned games;
	unsigned seed;
	unsigned rounds;
	size_t max_actions;
	size_t every;
	size_t pings;
	int probes; /* 0: --no-probes (play and replay only, for a profiler) */
};

static void usage(FILE *f)
{
	fprintf(f,
	        "usage: wg-engine [-n games] [--seed N] [--rounds R] [--max-actions N]\n"
	        "                 [--view-every K] [--pings N] [--scenario NAME] [--data DIR]\n"
	        "                 [--commit ID] [--no-probes]\n"
	        "Plays N whole games from the engine's options (seeds N.., dice seeded), replays\n"
	        "them R times as the server does on load (actions/s of one core), and times\n"
	        "reach, view and a ping's reply path per call (median, p99, microseconds).\n");
}

static int parse_opts(int argc, char **argv, struct eng_opts *o)
{
	o->data_dir = WG_BENCH_DATA_DIR;
	o->scenario = "scheldt";
	o->commit = getenv("WG_COMMIT");
	o->games = 5;
	o->seed = 1;
	o->rounds = 3;
	o->max_actions = 100000;
	o->every = 1;
	o->pings = 200000;
	o->probes = 1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--help") == 0) {
			usage(stdout);
			exit(0);
		}
		if (strcmp(a, "--no-probes") == 0) {
			o->probes = 0;
			continue;
		}
		if (v == NULL) {
			usage(stderr);
			return -1;
		}
		i++;
		if (strcmp(a, "-n") == 0)
			o->games = (unsigned)strtoul(v, NULL, 10);
		else if (strcmp(a, "--seed") == 0)
			o->seed = (unsigned)strtoul(v, NULL, 10);
		else if (strcmp(a, "--rounds") == 0)
			o->rounds = (unsigned)strtoul(v, NULL, 10);
		else if (strcmp(a, "--max-actions") == 0)
			o->max_actions = strtoul(v, NULL, 10);
		else if (strcmp(a, "--view-every") == 0)
			o->every = strtoul(v, NULL, 10);
		else if (strcmp(a, "--pings") == 0)
			o->pings = strtoul(v, NULL, 10);
		else if (strcmp(a, "--scenario") == 0)
			o->scenario = v;
		else if (strcmp(a, "--data") == 0)
			o->data_dir = v;
		else if (strcmp(a, "--commit") == 0)
			o->commit = v;
		else {
			usage(stderr);
			return -1;
		}
	}
	if (o->games < 1 || o->rounds < 1) {
		usage(stderr);
		return -1;
	}
	return 0;
}

/* The machine: cores, CPU model, load average. */
static void print_machine(const char *commit)
{
	char line[512], model[256] = "?", load[128] = "?";
	FILE *f = fopen("/proc/cpuinfo", "r");

	while (f != NULL && fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, "model name", 10) == 0 && strchr(line, ':') != NULL) {
			snprintf(model, sizeof(model), "%s", strchr(line, ':') + 2);
			model[strcspn(model, "\n")] = '\0';
			break;
		}
	if (f != NULL)
		fclose(f);
	if ((f = fopen("/proc/loadavg", "r")) != NULL) {
		if (fgets(load, sizeof(load), f) != NULL)
			load[strcspn(load, "\n")] = '\0';
		fclose(f);
	}
	printf("machine: %ld cores, %s; load average %s\n", sysconf(_SC_NPROCESSORS_ONLN), model,
	       load);
	printf("commit: %s\n", commit != NULL ? commit : "? (set WG_COMMIT or --commit)");
}

/* Replays every game once; the CPU seconds, or < 0 on a failure. */
static double replay_round(const struct eng_setup *s, const struct eng_game *games, unsigned n)
{
	double t0 = eng_cpu_now();

	for (unsigned i = 0; i < n; i++) {
		struct rules_match m;
		if (eng_match_new(s, &games[i], &m) != 0)
			return -1;
		for (size_t k = 0; k < games[i].n; k++)
			if (eng_replay_one(&m, &games[i], k) != 0) {
				rules_match_release(&m);
				return -1;
			}
		rules_match_release(&m);
	}
	return eng_cpu_now() - t0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void print_samples(const char *key, const char *what, struct eng_samples *s)
{
	double p50 = eng_samples_us(s, 50), p99 = eng_samples_us(s, 99),
	       max = eng_samples_us(s, 100);

	printf("%-34s %8zu calls  median %9.2f us  p99 %9.2f us  max %9.2f us\n", what, s->n, p50,
	       p99, max);
	printf("SUMMARY %s_p50_us=%.2f %s_p99_us=%.2f %s_calls=%zu\n", key, p50, key, p99, key,
	       s->n);
}

int main(int argc, char **argv)
{
	struct eng_opts o;
	struct eng_setup s;
	struct eng_game *games;
	struct eng_probe_result pr;
	double play_secs = 0, *rounds, best, median;
	size_t actions = 0;
	int rc = 0;

	if (parse_opts(argc, argv, &o) != 0)
		return 1;
	print_machine(o.commit);
	if (eng_setup_load(&s, o.data_dir, o.scenario) != 0)
		return 2;
	games = calloc(o.games, sizeof(*games));
	rounds = calloc(o.rounds, sizeof(*rounds));
	if (games == NULL || rounds == NULL)
		return 2;
	for (unsigned i = 0; i < o.games; i++) {
		double secs;
		if (eng_play(&s, o.seed + i, o.max_actions, &games[i], &secs) != 0)
			return 2;
		play_secs += secs;
		actions += games[i].n;
		printf("game %u (seed %u): %zu actions, %s\n", i + 1, o.seed + i, games[i].n,
		       games[i].over ? "played to its end" : "stopped at --max-actions");
	}
	printf("play from options (list + pick + apply): %zu actions in %.3f s CPU, %.0f "
	       "actions/s\n",
	       actions, play_secs, (double)actions / play_secs);
	printf("SUMMARY play_actions_per_sec=%.0f\n", (double)actions / play_secs);
	for (unsigned r = 0; r < o.rounds; r++)
		if ((rounds[r] = replay_round(&s, games, o.games)) < 0)
			return 2;
	qsort(rounds, o.rounds, sizeof(*rounds), cmp_double);
	best = rounds[0];
	median = rounds[o.rounds / 2];
	printf("replay as on load (%u rounds of %zu actions): best %.0f actions/s, median %.0f "
	       "actions/s (%.2f us per action)\n",
	       o.rounds, actions, (double)actions / best, (double)actions / median,
	       median * 1e6 / (double)actions);
	printf("SUMMARY replay_actions_per_sec=%.0f replay_best_actions_per_sec=%.0f "
	       "replay_actions=%zu\n",
	       (double)actions / median, (double)actions / best, actions);
	memset(&pr, 0, sizeof(pr));
	if (!o.probes)
		goto out;
	for (unsigned i = 0; i < o.games && rc == 0; i++)
		rc = eng_probe_game(&s, &games[i], o.every, &pr);
	eng_probe_ping(&pr, o.pings);
	printf("states probed for view: %zu (both sides each)\n", pr.states);
	print_samples("reach_search", "reach, the search alone", &pr.reach_search);
	print_samples("reach_query", "reach, query + reply (text)", &pr.reach_query);
	print_samples("view_text", "view, text mode (engine + reply)", &pr.view_text);
	print_samples("view_text_full", "view, text via the whole state", &pr.view_text_full);
	print_samples("view_json", "view, JSON mode (state + reply)", &pr.view_json);
	print_samples("ping", "ping, request + reply", &pr.ping);
	{
		double ping = eng_samples_us(&pr.ping, 50);
		double view = eng_samples_us(&pr.view_text, 50);
		printf("view (text) costs %.1f pings (median against median)\n",
		       ping > 0 ? view / ping : 0);
		printf("SUMMARY view_text_in_pings=%.1f\n", ping > 0 ? view / ping : 0);
	}
out:
	eng_probe_release(&pr);
	for (unsigned i = 0; i < o.games; i++)
		eng_game_release(&games[i]);
	free(games);
	free(rounds);
	eng_setup_release(&s);
	return rc != 0 ? 2 : 0;
}
