// SPDX-License-Identifier: GPL-2.0
/*
 * runas UID GID CMD [ARGS...]
 *
 * Run CMD (a path: execv does not search PATH) with all of its ids set
 * to UID/GID and no supplementary groups, so it is an unprivileged
 * reader.  busybox's setpriv cannot change the uid, and su needs a
 * login shell; this just drops everything and execs.
 * Every failure is fatal and says which step failed: a test that
 * silently kept running as root would pass for the wrong reason.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void die(const char *what)
{
	fprintf(stderr, "runas: %s: %s\n", what, strerror(errno));
	exit(127);
}

static unsigned long parse_id(const char *s, const char *what)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || !*s || *end || v > 0xfffffffeUL) {
		fprintf(stderr, "runas: bad %s '%s'\n", what, s);
		exit(127);
	}
	return v;
}

int main(int argc, char **argv)
{
	uid_t uid, ruid, euid, suid;
	gid_t gid, rgid, egid, sgid;

	if (argc < 4) {
		fprintf(stderr, "usage: runas UID GID CMD [ARGS...]\n");
		return 127;
	}
	uid = parse_id(argv[1], "uid");
	gid = parse_id(argv[2], "gid");

	/* groups and gid first: after setuid() we may no longer change them */
	if (setgroups(0, NULL))
		die("setgroups");
	if (setresgid(gid, gid, gid))
		die("setresgid");
	if (setresuid(uid, uid, uid))
		die("setresuid");

	/* make sure nothing was left behind, saved ids included */
	if (getresuid(&ruid, &euid, &suid) || getresgid(&rgid, &egid, &sgid))
		die("getresuid/getresgid");
	if (ruid != uid || euid != uid || suid != uid ||
	    rgid != gid || egid != gid || sgid != gid ||
	    getgroups(0, NULL) != 0) {
		fprintf(stderr, "runas: ids not dropped to %u/%u\n", uid, gid);
		return 127;
	}

	execv(argv[3], argv + 3);
	fprintf(stderr, "runas: execv %s: %s\n", argv[3], strerror(errno));
	return 127;
}
