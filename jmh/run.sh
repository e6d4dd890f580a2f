#!/usr/bin/env bash
# Runs the benchmark suite on the JDK in JAVA_HOME (or the default java) and rebuilds the report.
#   jmh/run.sh [short|full]      short: -f 2 -wi 2 -i 3 (about 30 min here); full: -f 3 -wi 5 -i 5
# Results: jmh/results/jdk<N>/{unchecked,module,checked}.json; report: docs/benchmarks.md and
# docs/benchmarks.svg (from every jmh/results/jdk*/ present, by jmh/report.py; needs python3).
# BENCH_SHAPES='(MessageMetadata|BaseCommand|MixedBuffers)' restricts the run to those classes.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-short}
case "$mode" in
  short) opts=(-f 2 -wi 2 -w 1 -i 3 -r 1) ;;
  full) opts=(-f 3 -wi 5 -w 1 -i 5 -r 1) ;;
  *) echo "usage: $0 [short|full]" >&2; exit 2 ;;
esac
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
feature=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
dir=jmh/results/jdk$feature
mkdir -p "$dir"

./mvnw -B -q package -pl jmh -am -DskipTests
jar=jmh/target/benchmarks.jar

# Every shape, operation and library; BufProto on the reader ServiceLoader picks (unchecked).
shapes=${BENCH_SHAPES:-}
"$java" -jar $jar "${shapes}Benchmark\\." "${opts[@]}" -prof gc -rf json -rff "$dir/unchecked.json"
# BufProto's parse and write again on each other reader, plus the mixed-buffer parse.
for reader in module checked; do
  "$java" -jar $jar "${shapes}Benchmark\\.bufproto_(serialize|deserialize|mixed)\$" "${opts[@]}" -prof gc \
    -jvmArgsAppend "-Dbufproto.reader=$reader" -rf json -rff "$dir/$reader.json"
done
python3 jmh/report.py jmh/results docs
