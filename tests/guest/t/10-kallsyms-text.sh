#!/bin/sh
# /proc/kallsyms is readable and lists the text symbols of vmlinux:
# its t/T lines (without module symbols) match System.map's in number.
. /harness/lib.sh
ks=/tmp/kallsyms.txt
cat /proc/kallsyms >$ks
check "/proc/kallsyms is readable" test -s $ks
kern=$(awk '$4 == "" && $2 ~ /^[tT]$/' $ks | wc -l)
map=$(awk '$2 ~ /^[tT]$/' $HOST/System.map | wc -l)
check "text symbols: /proc/kallsyms $kern == System.map $map" test "$kern" -eq "$map"
check "root sees real addresses" \
	awk '$2 == "T" && $1 !~ /^0+$/ { f = 1; exit } END { exit !f }' $ks
