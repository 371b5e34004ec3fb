/*
 * options_pick.c -- the i-th action of an `options` reply and the picker's generator.
 * See options_pick.h.
 */
#include "options_pick.h"

#include <stdio.h>

uint64_t opick_next(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

int opick_action_at(const cJSON *opts, int i, char *line, size_t n)
{
	const cJSON *grp;

	cJSON_ArrayForEach(grp, cJSON_GetObjectItemCaseSensitive(opts, "groups"))
	{
		const cJSON *prefix = cJSON_GetObjectItemCaseSensitive(grp, "prefix");
		const cJSON *choices = cJSON_GetObjectItemCaseSensitive(grp, "choices");
		int k = cJSON_GetArraySize(choices);
		if (!cJSON_IsString(prefix))
			return -1;
		if (k == 0) {
			if (i-- == 0) {
				snprintf(line, n, "%s", prefix->valuestring);
				return 0;
			}
			continue;
		}
		if (i < k) {
			snprintf(line, n, "%s %s", prefix->valuestring,
			         cJSON_GetArrayItem(choices, i)->valuestring);
			return 0;
		}
		i -= k;
	}
	return -1;
}
