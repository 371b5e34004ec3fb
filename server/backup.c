/*
 * backup.c -- `wargamed backup FILE [--db PATH] [--config FILE]`: a consistent copy of the
 * database while the server runs (SQLite's online backup API through db_backup), written
 * readable by its owner only: it holds password hashes and the dice seeds of running games.
 */
#include "backup.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "db/store.h"

int srv_backup_main(int argc, char **argv)
{
	struct srv_config cfg;
	struct db_store *st = NULL;
	struct stat sb;
	char err[600];
	int rc;

	if (argc < 2 || argv[1][0] == '-' ||
	    (rc = srv_config_subcommand(&cfg, argc, argv, err, sizeof(err))) < 0) {
		if (argc >= 2 && argv[1][0] != '-' && strcmp(err, "usage") != 0)
			fprintf(stderr, "wargamed backup: %s\n", err);
		else
			fprintf(stderr,
			        "usage: wargamed backup FILE [--db PATH] [--config FILE]\n");
		return 2;
	}
	if (rc != 0)
		return 0;
	if (stat(cfg.db_path, &sb) != 0) {
		fprintf(stderr, "wargamed backup: no database at %s\n", cfg.db_path);
		return 1;
	}
	if (db_open(cfg.db_path, &st) != 0) {
		fprintf(stderr, "wargamed backup: cannot open %s: %s\n", cfg.db_path,
		        st != NULL ? db_last_error(st) : "out of memory");
		db_close(st);
		return 1;
	}
	rc = db_backup(st, argv[1]);
	if (rc != 0)
		fprintf(stderr, "wargamed backup: %s\n", db_last_error(st));
	else
		printf("backup of %s written to %s (mode 0600)\n", cfg.db_path, argv[1]);
	db_close(st);
	return rc != 0;
}
