// SPDX-License-Identifier: GPL-2.0
/*
 * kmulti: attach a BPF multi-kprobe (BPF_TRACE_KPROBE_MULTI) by the names
 * given, print the addresses the link reports (BPF_OBJ_GET_INFO_BY_FD),
 * write each KEY to RUNFILE, and print how often the program ran.
 * Raw bpf(2) calls: the guest has no libbpf.
 *
 *   kmulti RUNFILE SYMBOL... [-- KEY...]
 *   kmulti -t LISTFILE
 *
 * Prints "addr 0x..." per attached function (address order), then
 * "runs N".  Exits 2, with the errno text, if the kernel refuses.
 * With -t, attaches the names of LISTFILE (one a line) and prints how
 * long the kernel took: "attach N syms NS ns" (for make bench).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <linux/bpf.h>

#define MAX_SYMS 64
#define MAX_TIMED_SYMS 4096

/*
 * struct bpf_link_info up to its kprobe_multi member, which Debian 12's
 * uapi headers (6.1) do not have yet: type, id, prog_id, then the union.
 */
struct link_info_kprobe_multi {
	uint32_t type, id, prog_id, pad;
	uint64_t addrs;		/* user pointer to count addresses */
	uint32_t count, flags;
	uint64_t missed;
};

static int sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

static void die(const char *what)
{
	printf("error %s: %s\n", what, strerror(errno));
	exit(2);
}

/* r0 = 0; exit: all that counts is that it runs */
static int load_prog(void)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_KPROBE;
	attr.expected_attach_type = BPF_TRACE_KPROBE_MULTI;
	attr.insns = (uintptr_t)insns;
	attr.insn_cnt = sizeof(insns) / sizeof(insns[0]);
	attr.license = (uintptr_t)"GPL";
	return sys_bpf(BPF_PROG_LOAD, &attr);
}

static int attach(int prog, const char **syms, unsigned int n)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.link_create.prog_fd = prog;
	attr.link_create.attach_type = BPF_TRACE_KPROBE_MULTI;
	attr.link_create.kprobe_multi.syms = (uintptr_t)syms;
	attr.link_create.kprobe_multi.cnt = n;
	return sys_bpf(BPF_LINK_CREATE, &attr);
}

static void get_info(int fd, void *info, unsigned int len, const char *what)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.info.bpf_fd = fd;
	attr.info.info_len = len;
	attr.info.info = (uintptr_t)info;
	if (sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &attr))
		die(what);
}

static void print_addrs(int link, unsigned int n)
{
	struct link_info_kprobe_multi info;
	uint64_t addrs[MAX_SYMS];
	unsigned int i;

	memset(&info, 0, sizeof(info));
	info.addrs = (uintptr_t)addrs;
	info.count = n;
	get_info(link, &info, sizeof(info), "link info");
	for (i = 0; i < info.count && i < n; i++)
		printf("addr 0x%llx\n", (unsigned long long)addrs[i]);
}

static unsigned long long runs(int prog)
{
	struct bpf_prog_info info;

	memset(&info, 0, sizeof(info));
	get_info(prog, &info, sizeof(info), "prog info");
	return info.run_cnt;
}

static void call(const char *runfile, const char *key)
{
	int fd = open(runfile, O_WRONLY);

	if (fd < 0 || write(fd, key, strlen(key)) < 0)
		die(runfile);
	close(fd);
}

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* -t LISTFILE: the time of one attach of every name of LISTFILE */
static int time_attach(const char *list)
{
	static const char *syms[MAX_TIMED_SYMS];
	static char line[1024];
	unsigned long long t;
	unsigned int n = 0;
	FILE *fp = fopen(list, "r");
	int prog, link;

	if (!fp)
		die(list);
	while (n < MAX_TIMED_SYMS && fgets(line, sizeof(line), fp)) {
		line[strcspn(line, "\n")] = '\0';
		syms[n++] = strdup(line);
	}
	fclose(fp);
	prog = load_prog();
	if (prog < 0)
		die("load");
	t = now_ns();
	link = attach(prog, syms, n);
	t = now_ns() - t;
	if (link < 0)
		die("attach");
	printf("attach %u syms %llu ns\n", n, t);
	return 0;
}

int main(int argc, char **argv)
{
	const char *syms[MAX_SYMS];
	unsigned int n = 0;
	union bpf_attr attr;
	int i, prog, link;

	if (argc < 3) {
		fprintf(stderr, "usage: kmulti RUNFILE SYMBOL... [-- KEY...]\n"
			"       kmulti -t LISTFILE\n");
		return 1;
	}
	if (!strcmp(argv[1], "-t"))
		return time_attach(argv[2]);
	for (i = 2; i < argc && strcmp(argv[i], "--") && n < MAX_SYMS; i++)
		syms[n++] = argv[i];

	memset(&attr, 0, sizeof(attr));
	attr.enable_stats.type = BPF_STATS_RUN_TIME;
	if (sys_bpf(BPF_ENABLE_STATS, &attr) < 0)
		die("enable stats");
	prog = load_prog();
	if (prog < 0)
		die("load");
	link = attach(prog, syms, n);
	if (link < 0)
		die("attach");
	print_addrs(link, n);
	for (i++; i < argc; i++)
		call(argv[1], argv[i]);
	printf("runs %llu\n", runs(prog));
	return 0;
}
