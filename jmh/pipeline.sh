#!/usr/bin/env bash
# PipelineBenchmark alone (BufProto's Netty handlers vs Netty's protobuf handlers with
# protobuf-java), on the JDK in JAVA_HOME, into jmh/results/jdk<N>/pipeline.json (its build recorded
# in jmh/results/BUILDS), then the report.
#   jmh/pipeline.sh [forks]     default 3 forks, -wi 3 -i 5, -prof gc
set -euo pipefail
cd "$(dirname "$0")/.."
# JMH itself calls sun.misc.Unsafe, which JDK 24+ reports (JEP 498) in the host VM and every fork.
quiet=(-Dsun.misc.unsafe.memory.access=allow)
forks=${1:-3}
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
feature=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
dir=jmh/results/jdk$feature
mkdir -p "$dir"
./mvnw -B -q package -pl jmh -am -DskipTests
"$java" "${quiet[@]}" -jar jmh/target/benchmarks.jar 'PipelineBenchmark' -f "$forks" -wi 3 -w 1 -i 5 -r 1 \
  -prof gc -jvmArgsPrepend "${quiet[0]}" -rf json -rff "$dir/pipeline.json"
python3 jmh/report.py --stamp "jdk$feature/pipeline.json"
python3 jmh/report.py
