/*
 * fuzz_main.c -- runs a libFuzzer target without libFuzzer: over the inputs
 * given (files, or every file of a directory: a committed seed corpus and the
 * regression inputs of crashes found), then over pseudo-random inputs.
 *
 *   fuzz_<target>_run [-random N SEED] PATH...
 *
 * Built with every compiler and run by CTest (under ASan in the asan build),
 * so the corpus is replayed on each test run; the long, coverage-guided runs
 * use the libFuzzer build (docs/testing.md, "Fuzzing").
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	long n;

	if (f == NULL) {
		fprintf(stderr, "fuzz: cannot open %s\n", path);
		return 1;
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n > 0 ? (size_t)n : 1);
	if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		fprintf(stderr, "fuzz: cannot read %s\n", path);
		fclose(f);
		free(buf);
		return 1;
	}
	fclose(f);
	LLVMFuzzerTestOneInput(buf, (size_t)n);
	free(buf);
	return 0;
}

static int run_path(const char *path, int *count)
{
	struct stat sb;
	DIR *d;
	struct dirent *e;
	char child[4096];
	int rc = 0;

	if (stat(path, &sb) != 0) {
		fprintf(stderr, "fuzz: no such input %s\n", path);
		return 1;
	}
	if (!S_ISDIR(sb.st_mode)) {
		(*count)++;
		return run_file(path);
	}
	if ((d = opendir(path)) == NULL)
		return 1;
	while ((e = readdir(d)) != NULL && rc == 0) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(child, sizeof(child), "%s/%s", path, e->d_name);
		rc = run_path(child, count);
	}
	closedir(d);
	return rc;
}

int main(int argc, char **argv)
{
	unsigned long random_n = 0, seed = 1;
	int count = 0, rc = 0;

	for (int k = 1; k < argc && rc == 0; k++) {
		if (strcmp(argv[k], "-random") == 0 && k + 2 < argc) {
			random_n = strtoul(argv[k + 1], NULL, 10);
			seed = strtoul(argv[k + 2], NULL, 10);
			k += 2;
			continue;
		}
		rc = run_path(argv[k], &count);
	}
	for (unsigned long i = 0; i < random_n && rc == 0; i++) {
		uint8_t buf[2048];
		size_t n = 0;
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		n = (size_t)(seed >> 33) % sizeof(buf);
		for (size_t k = 0; k < n; k++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			buf[k] = (uint8_t)(seed >> 56);
		}
		LLVMFuzzerTestOneInput(buf, n);
		count++;
	}
	printf("fuzz: %d inputs run\n", count);
	return rc;
}
