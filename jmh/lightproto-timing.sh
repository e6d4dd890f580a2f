#!/usr/bin/env bash
# LightProto's suite shapes timed outside JMH (io.bufproto.suite.TimingHarness), for the
# configuration JMH cannot run in: sun.misc.Unsafe's memory access denied (JEP 471), as a coming
# JDK release will do by default. Both builds of jmh/lightproto-suite.sh (run it first, rounds 0
# is enough) run interleaved, each with Unsafe's memory access allowed and denied:
#
#   JAVA_HOME=<JDK 23+> jmh/lightproto-timing.sh [rounds=3] [millis=500]
#
# Prints every run, then per workload the median of the rounds for each arm and mode, and
# BufProto / LightProto per mode. The committed results are its output in
# jmh/results/lightproto-suite/timing-jdk<N>.txt, their build recorded by
# `python3 jmh/report.py --stamp lightproto-suite/timing-jdk<N>.txt`. Under deny, Netty 4.1 also loses its Unsafe paths: its pooled
# allocator then hands out heap buffers (the first line of each run names the buffer class).
set -euo pipefail
rounds=${1:-3}
millis=${2:-500}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$root/jmh/target/lightproto-suite
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
if ! "$java" --sun-misc-unsafe-memory-access=allow -version >/dev/null 2>&1; then
  echo "needs a JDK with --sun-misc-unsafe-memory-access (23 or later): set JAVA_HOME" >&2
  exit 1
fi
tmp=$(mktemp -d)
for ((r = 1; r <= rounds; r++)); do
  for arm in lp bp; do
    for mode in allow deny; do
      "$java" --sun-misc-unsafe-memory-access=$mode -cp "$work/target-$arm/benchmarks.jar" \
        io.bufproto.suite.TimingHarness "$millis" | awk -F'\t' -v r=$r -v a=$arm -v m=$mode \
        '/^#/ {print "round " r " " a " " m " " $0; next} {printf "round %d %s %s %s\t%s\t%s\n", r, a, m, $1, $2, $3}'
    done
  done
done | tee "$tmp/all.txt"
echo "== medians of $rounds rounds (ops/us): LightProto allow, deny; BufProto allow, deny; BufProto / LightProto allow, deny ($("$java" -version 2>&1 | head -1))"
grep -v '^round [0-9]* [a-z]* [a-z]* #' "$tmp/all.txt" | awk -F'\t' '{split($1, h, " "); name = $1; sub(/^round [0-9]+ [a-z]+ [a-z]+ /, "", name)
    k = name SUBSEP h[3] SUBSEP h[4]; v[k] = v[k] " " $2; names[name]}
  function med(s,   x, n, i, j, t) {n = split(substr(s, 2), x, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (x[j] + 0 < x[i] + 0) {t = x[i]; x[i] = x[j]; x[j] = t}
    return (n % 2) ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2}
  END {for (n in names) {la = med(v[n, "lp", "allow"]); ld = med(v[n, "lp", "deny"]); ba = med(v[n, "bp", "allow"]); bd = med(v[n, "bp", "deny"])
    printf "%-60s %8.2f %8.2f %8.2f %8.2f  %.2fx  %.2fx\n", n, la, ld, ba, bd, ba / la, bd / ld}}' | sort
