/*
 * backup.h -- the `wargamed backup` command (backup.c).
 */
#ifndef SRV_BACKUP_H
#define SRV_BACKUP_H

/* argv[0] is "backup"; the exit status (0 written, 1 failed, 2 usage). */
int srv_backup_main(int argc, char **argv);

#endif
