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
# JMH itself calls sun.misc.Unsafe, which JDK 24+ reports (JEP 498) in the host VM and every fork.
quiet=(-Dsun.misc.unsafe.memory.access=allow)
tmp=$(mktemp -d)
for ((r = 1; r <= rounds; r++)); do
  for arm in A B; do
    jar=$a; [ "$arm" = B ] && jar=$b
    "$java" "${quiet[@]}" -jar "$jar" "$regex" -f 1 -wi 3 -w 1 -i 3 -r 1 -jvmArgsPrepend "${quiet[0]}" "$@" -rf csv -rff "$tmp/$arm$r.csv" >/dev/null
    tail -n +2 "$tmp/$arm$r.csv" | awk -F, -v arm=$arm -v r=$r '{gsub(/"/,"",$1); printf "round %d %s %-60s %8.3f\n", r, arm, $1, $5}'
  done
done | tee "$tmp/all.txt"
# Per benchmark and arm: mean, median and every round (this machine's spread between forks of one
# jar is often larger than the effect measured), then in how many rounds B scored higher.
echo "== per arm: mean, median [rounds] (ops/time unit of the benchmark)"
awk '{k = $4 " " $3; v[k] = v[k] " " $5; s[k] += $5; n[k]++}
  END {for (k in s) {split(substr(v[k], 2), x, " "); m = n[k]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (x[j] < x[i]) {t = x[i]; x[i] = x[j]; x[j] = t}
    med = (m % 2) ? x[(m + 1) / 2] : (x[m / 2] + x[m / 2 + 1]) / 2
    printf "%-62s %8.3f %8.3f [%s]\n", k, s[k] / m, med, substr(v[k], 2)}}' "$tmp/all.txt" | sort
echo "== rounds in which B scored higher than A"
awk '{r[$2 " " $4, $3] = $5; b[$4]} END {for (k in b) {w = 0; t = 0
    for (i = 1; ("" i " " k, "A") in r; i++) {t++; if (r[i " " k, "B"] > r[i " " k, "A"]) w++}
    printf "%-62s %d of %d\n", k, w, t}}' "$tmp/all.txt" | sort
