#!/usr/bin/env bash
# Instructions per parse of LightProto's suite's deserialize rows, both builds of
# jmh/lightproto-suite.sh (run it first; rounds 0 is enough), counted by valgrind
# (io.bufproto.suite.InstructionHarness). Deterministic where a timing on this machine is not; a
# step is still kept on JMH's figure (a count says nothing of cache misses or branches).
#
#   jmh/lightproto-instructions.sh [rows="simple string ab cmd md"] [extra jar...]
#
# Each extra jar (another build's target-bp/benchmarks.jar, copied aside) adds an arm. Needs
# valgrind (Debian: apt-get install valgrind). JAVA_HOME picks the JDK; N the parses counted
# (default 2000000), WARMUP the 1000-parse batches before them (default 3000, C2 with -Xbatch).
set -euo pipefail
rows=${1:-simple string ab cmd md}
shift $(($# > 0 ? 1 : 0))
root=$(cd "$(dirname "$0")/.." && pwd)
work=$root/jmh/target/lightproto-suite
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
n=${N:-2000000}
warmup=${WARMUP:-3000}
count() {
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    --smc-check=all-non-file "$java" -Dsun.misc.unsafe.memory.access=allow -XX:+UseSerialGC \
    -Xbatch -cp "$1" io.bufproto.suite.InstructionHarness "$2" "$warmup" "$3" 2>&1 |
    sed -n 's/.*I *refs: *//p' | tr -d ,
}
echo "instructions per parse ($("$java" -version 2>&1 | head -1))"
for jar in "$work/target-lp/benchmarks.jar" "$work/target-bp/benchmarks.jar" "$@"; do
  line=$jar
  for row in $rows; do
    base=$(count "$jar" "$row" 0)
    all=$(count "$jar" "$row" "$n")
    line="$line $row=$(awk -v a="$base" -v b="$all" -v n="$n" 'BEGIN {printf "%.1f", (b - a) / n}')"
  done
  echo "$line"
done
