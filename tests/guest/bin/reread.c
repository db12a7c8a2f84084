// SPDX-License-Identifier: GPL-2.0
/*
 * reread FILE CMD [ARGS...]
 *
 * Read FILE whole through one open, run CMD, then read it again from
 * offset 0 through the same open (lseek), and print that second read:
 * what a reader that keeps a file open (a seq_file with state kept
 * between reads) sees of a change made between two reads.
 * Every failure is fatal and says which step failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void die(const char *what)
{
	fprintf(stderr, "reread: %s: %s\n", what, strerror(errno));
	exit(127);
}

/* read @fd to its end; with @out, copy it there */
static void drain(int fd, FILE *out)
{
	char buf[4096];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) > 0)
		if (out && fwrite(buf, 1, n, out) != (size_t)n)
			die("write");
	if (n < 0)
		die("read");
}

int main(int argc, char **argv)
{
	int fd, status;
	pid_t pid;

	if (argc < 3) {
		fprintf(stderr, "usage: reread FILE CMD [ARGS...]\n");
		return 127;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0)
		die(argv[1]);
	drain(fd, NULL);
	pid = fork();
	if (pid < 0)
		die("fork");
	if (!pid) {
		execvp(argv[2], argv + 2);
		die(argv[2]);
	}
	if (waitpid(pid, &status, 0) < 0)
		die("waitpid");
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "reread: %s failed\n", argv[2]);
		return 127;
	}
	if (lseek(fd, 0, SEEK_SET) < 0)
		die("lseek");
	drain(fd, stdout);
	return 0;
}
