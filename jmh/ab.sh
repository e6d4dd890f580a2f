#!/usr/bin/env bash
# Interleaved A/B comparison of two builds of the benchmarks jar (A B A B ... single forks), so
# drift and heat fall on both arms alike. Prints each run and the mean per benchmark and arm.
#   jmh/ab.sh A.jar B.jar 'regex' [rounds=4] [extra JMH args...]
# Example: cp jmh/target/benchmarks.jar /tmp/a.jar; (change, rebuild); jmh/ab.sh /tmp/a.jar
#          jmh/target/benchmarks.jar 'MessageMetadataBenchmark.bufproto_deserialize$'
set -euo pipefail
a=$1 b=$2 regex=$3 rounds=${4:-4}
shift $(( $# < 4 ? $# : 4 ))
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
tmp=$(mktemp -d)
for ((r = 1; r <= rounds; r++)); do
  for arm in A B; do
    jar=$a; [ "$arm" = B ] && jar=$b
    "$java" -jar "$jar" "$regex" -f 1 -wi 3 -w 1 -i 3 -r 1 "$@" -rf csv -rff "$tmp/$arm$r.csv" >/dev/null
    tail -n +2 "$tmp/$arm$r.csv" | awk -F, -v arm=$arm -v r=$r '{gsub(/"/,"",$1); printf "round %d %s %-60s %8.3f\n", r, arm, $1, $5}'
  done
done | tee "$tmp/all.txt"
echo "== mean per arm (ops/time unit of the benchmark)"
awk '{s[$4" "$3]+=$5; n[$4" "$3]++} END {for (k in s) printf "%-62s %8.3f\n", k, s[k]/n[k]}' "$tmp/all.txt" | sort
