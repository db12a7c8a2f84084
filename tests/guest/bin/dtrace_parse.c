// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_parse [-m MAPFILE] [FILE]
 *
 * Read FILE (default /proc/kallmodsyms) line by line exactly as Oracle
 * DTrace's libdtrace/dt_module.c:dt_modsym_update() does:
 *
 *	sscanf(line, "%llx %llx %c %s [%s", &addr, &size, &type, name, mod)
 *
 * needing at least 4 fields, the module defaulting to "vmlinux]" and its
 * last character (the ']') chopped.  On top of what DTrace accepts, each
 * line must be the whole format "ADDR SIZE TYPE NAME [MODULE] OBJFILE":
 *
 *  - sscanf() parses at least 4 fields, and 5 when there is a module
 *    (a 5th token DTrace does not see is a silently lost module);
 *  - exactly 6 whitespace-separated tokens;
 *  - the 5th token is "[name]": DTrace's "[%s" needs the '[', and the
 *    ']' is chopped blindly, so a missing one eats a letter of the name;
 *  - the 6th token (object file) is "-" or ends in ".o";
 *  - ADDR is 16 hex digits, SIZE plain hex, TYPE one character;
 *  - NAME fits DTrace's 128-byte buffer.
 *
 * Prints a summary and the first 10 malformed lines; exits 0 only if
 * every line is well formed.  With -m, writes "NAME MODULE OBJFILE ADDR"
 * (ADDR as 16 hex digits) per parsed line to MAPFILE for shell tests.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * DTrace's sym_name is KSYM_NAME_MAX (128) bytes and it scans with a bare
 * "%s"; its mod_name is PATH_MAX.  We keep 128 for both and bound the
 * conversions, so an over-long token is reported here instead of
 * overflowing like it would in DTrace.
 */
#define KSYM_NAME_MAX	128
#define SCAN_FMT	"%llx %llx %c %127s [%127s"
#define MAX_TOKENS	7	/* one more than expected, to see extras */
#define MAX_REPORTED	10

struct tokens {
	int n;			/* all tokens on the line */
	const char *s[MAX_TOKENS];
	size_t len[MAX_TOKENS];
};

static void tokenize(const char *line, struct tokens *t)
{
	const char *p = line;

	t->n = 0;
	for (;;) {
		size_t len;

		p += strspn(p, " \t");
		if (!*p)
			break;
		len = strcspn(p, " \t");
		if (t->n < MAX_TOKENS) {
			t->s[t->n] = p;
			t->len[t->n] = len;
		}
		t->n++;
		p += len;
	}
}

static int all_hex(const char *s, size_t len)
{
	size_t i;

	if (!len)
		return 0;
	for (i = 0; i < len; i++)
		if (!isxdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

static int tok_is(const struct tokens *t, int i, const char *s)
{
	return t->len[i] == strlen(s) && !strncmp(t->s[i], s, t->len[i]);
}

/* The reason @line is malformed, or NULL if it is well formed. */
static const char *check_line(const char *line, int fields,
			      const struct tokens *t, int had_newline)
{
	if (!had_newline)
		return "no newline at the end (truncated?)";
	if (fields < 4)
		return "DTrace's sscanf parses fewer than 4 fields";
	if (t->n != 6)
		return "not exactly 6 whitespace-separated tokens";
	if (t->len[0] != 16 || !all_hex(t->s[0], t->len[0]))
		return "address is not 16 hex digits";
	if (!all_hex(t->s[1], t->len[1]))
		return "size is not plain hex";
	if (t->len[2] != 1)
		return "type is not one character";
	if (t->len[3] >= KSYM_NAME_MAX)
		return "name too long for DTrace's 128-byte buffer";
	if (t->s[4][0] != '[' || t->s[4][t->len[4] - 1] != ']' || t->len[4] < 3)
		return "5th token is not [module]";
	if (t->len[4] - 2 >= KSYM_NAME_MAX - 1)
		return "module name too long";
	if (fields != 5)
		return "DTrace's sscanf does not see the [module]";
	if (!tok_is(t, 5, "-") &&
	    (t->len[5] < 3 || strncmp(t->s[5] + t->len[5] - 2, ".o", 2)))
		return "object file is neither '-' nor *.o";
	return NULL;
}

static void usage(void)
{
	fprintf(stderr, "usage: dtrace_parse [-m MAPFILE] [FILE]\n");
	exit(1);
}

int main(int argc, char **argv)
{
	const char *path = "/proc/kallmodsyms", *mapname = NULL;
	unsigned long lines = 0, bad = 0, parsed = 0, vmlinux = 0, nomod = 0;
	unsigned long noobj = 0, zeroaddr = 0, sized = 0;
	FILE *in, *map = NULL;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int opt;

	while ((opt = getopt(argc, argv, "m:")) != -1) {
		if (opt != 'm')
			usage();
		mapname = optarg;
	}
	if (argc - optind > 1)
		usage();
	if (optind < argc)
		path = argv[optind];

	in = fopen(path, "r");
	if (!in) {
		fprintf(stderr, "dtrace_parse: %s: %s\n", path, strerror(errno));
		return 1;
	}
	if (mapname) {
		map = fopen(mapname, "w");
		if (!map) {
			fprintf(stderr, "dtrace_parse: %s: %s\n", mapname,
				strerror(errno));
			return 1;
		}
	}

	while ((len = getline(&line, &cap, in)) > 0) {
		unsigned long long addr, size;
		char type, name[KSYM_NAME_MAX];
		/* as in DTrace: the default carries the ']' it chops */
		char mod[KSYM_NAME_MAX] = "vmlinux]";
		int had_newline = line[len - 1] == '\n';
		struct tokens t;
		const char *why;
		int fields;

		lines++;
		if (had_newline)
			line[--len] = '\0';
		fields = sscanf(line, SCAN_FMT, &addr, &size, &type, name, mod);
		/* DTrace chops the last character whatever it is */
		if (fields >= 4)
			mod[strlen(mod) - 1] = '\0';
		tokenize(line, &t);

		why = check_line(line, fields, &t, had_newline);
		if (why) {
			if (++bad <= MAX_REPORTED)
				printf("malformed line %lu: %s: '%s'\n",
				       lines, why, line);
		}
		if (fields < 4)
			continue;

		parsed++;
		if (!strcmp(mod, "vmlinux"))
			vmlinux++;
		if (fields < 5)
			nomod++;
		if (!addr)
			zeroaddr++;
		if (size)
			sized++;
		if (t.n < 6 || tok_is(&t, 5, "-"))
			noobj++;
		if (map)
			fprintf(map, "%s %s %.*s %016llx\n", name, mod,
				t.n >= 6 ? (int)t.len[5] : 1,
				t.n >= 6 ? t.s[5] : "-", addr);
	}
	if (ferror(in)) {
		fprintf(stderr, "dtrace_parse: reading %s: %s\n", path,
			strerror(errno));
		return 1;
	}
	fclose(in);
	free(line);
	if (map && fclose(map)) {
		fprintf(stderr, "dtrace_parse: %s: %s\n", mapname, strerror(errno));
		return 1;
	}

	if (bad > MAX_REPORTED)
		printf("... %lu more malformed lines\n", bad - MAX_REPORTED);
	printf("lines %lu\n", lines);
	printf("malformed %lu\n", bad);
	printf("vmlinux %lu\n", vmlinux);
	printf("other-module %lu\n", parsed - vmlinux);
	printf("without-module-field %lu\n", nomod);
	printf("without-objfile %lu\n", noobj);
	printf("zero-address %lu\n", zeroaddr);
	printf("non-zero-size %lu\n", sized);
	return bad || !lines ? 1 : 0;
}
