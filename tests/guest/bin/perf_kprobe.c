// SPDX-License-Identifier: GPL-2.0
/*
 * perf_kprobe SYMBOL TRIGGER_FILE KEY COUNT
 *
 * Count the hits of a kprobe made through perf's kprobe PMU (not
 * tracefs) on SYMBOL, which may be NAME@OBJFILE, while KEY is written
 * COUNT times to TRIGGER_FILE; print "hits N".
 *
 * The kprobe PMU takes the symbol as a user pointer in config1 and the
 * offset in config2.  Its events are counted where they fire, so one
 * system-wide event per online CPU (pid -1) is opened and the counts
 * are summed: the writes may run on any CPU.
 *
 * Exit status: 0 done, 2 perf_event_open failed (errno text on stderr;
 * tests expect this for a bad qualifier), 1 anything else.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PMU_TYPE	"/sys/bus/event_source/devices/kprobe/type"
#define CPUS_ONLINE	"/sys/devices/system/cpu/online"
#define MAX_CPUS	1024

static void die(const char *what, const char *arg)
{
	fprintf(stderr, "perf_kprobe: %s %s: %s\n", what, arg, strerror(errno));
	exit(1);
}

static int read_pmu_type(void)
{
	FILE *f = fopen(PMU_TYPE, "r");
	int type;

	if (!f)
		die("open", PMU_TYPE);
	if (fscanf(f, "%d", &type) != 1) {
		fprintf(stderr, "perf_kprobe: no number in %s\n", PMU_TYPE);
		exit(1);
	}
	fclose(f);
	return type;
}

/* Fill @cpus from the "0-3,5" list of online CPUs; return how many. */
static int online_cpus(int *cpus)
{
	FILE *f = fopen(CPUS_ONLINE, "r");
	int n = 0, a, b, c;
	char sep;

	if (!f) {
		/* no sysfs list: assume CPUs 0..N-1 */
		long nr = sysconf(_SC_NPROCESSORS_ONLN);

		for (a = 0; a < nr && a < MAX_CPUS; a++)
			cpus[n++] = a;
		return n;
	}
	while (fscanf(f, "%d", &a) == 1) {
		b = a;
		if (fscanf(f, "%c", &sep) == 1 && sep == '-') {
			if (fscanf(f, "%d", &b) != 1)
				break;
			if (fscanf(f, "%c", &sep) != 1)
				sep = '\n';
		}
		for (c = a; c <= b && n < MAX_CPUS; c++)
			cpus[n++] = c;
		if (sep != ',')
			break;
	}
	fclose(f);
	return n;
}

/* One write() per call, as "echo KEY > FILE" would do. */
static void trigger(const char *file, const char *key)
{
	size_t len = strlen(key);
	int fd = open(file, O_WRONLY);

	if (fd < 0)
		die("open", file);
	if (write(fd, key, len) != (ssize_t)len)
		die("write to", file);
	close(fd);
}

int main(int argc, char **argv)
{
	static int cpus[MAX_CPUS], fds[MAX_CPUS];
	struct perf_event_attr attr;
	unsigned long long total = 0;
	int ncpus, i;
	long count;
	char *end;

	if (argc != 5) {
		fprintf(stderr, "usage: perf_kprobe SYMBOL TRIGGER_FILE KEY COUNT\n");
		return 1;
	}
	count = strtol(argv[4], &end, 10);
	if (!*argv[4] || *end || count < 0) {
		fprintf(stderr, "perf_kprobe: bad COUNT '%s'\n", argv[4]);
		return 1;
	}

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = read_pmu_type();
	attr.config = 0;			/* not a retprobe */
	attr.config1 = (uint64_t)(uintptr_t)argv[1];	/* kprobe_func */
	attr.config2 = 0;			/* probe_offset */
	attr.disabled = 1;

	ncpus = online_cpus(cpus);
	if (!ncpus) {
		fprintf(stderr, "perf_kprobe: no online CPUs in %s\n", CPUS_ONLINE);
		return 1;
	}
	for (i = 0; i < ncpus; i++) {
		fds[i] = syscall(SYS_perf_event_open, &attr, -1, cpus[i], -1, 0);
		if (fds[i] < 0) {
			fprintf(stderr, "perf_kprobe: perf_event_open(%s) on CPU %d: %s\n",
				argv[1], cpus[i], strerror(errno));
			return 2;
		}
	}

	for (i = 0; i < ncpus; i++)
		if (ioctl(fds[i], PERF_EVENT_IOC_ENABLE, 0))
			die("PERF_EVENT_IOC_ENABLE", argv[1]);
	for (; count > 0; count--)
		trigger(argv[2], argv[3]);
	for (i = 0; i < ncpus; i++)
		if (ioctl(fds[i], PERF_EVENT_IOC_DISABLE, 0))
			die("PERF_EVENT_IOC_DISABLE", argv[1]);

	for (i = 0; i < ncpus; i++) {
		uint64_t n;

		if (read(fds[i], &n, sizeof(n)) != sizeof(n))
			die("read count of", argv[1]);
		total += n;
		close(fds[i]);
	}
	printf("hits %llu\n", total);
	return 0;
}
