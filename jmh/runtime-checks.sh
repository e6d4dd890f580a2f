#!/usr/bin/env bash
# Where the module runtime loses to the classpath runtime. Interleaved single
# forks (3 rounds) of three arms: the classpath runtime, the module runtime, and the module runtime
# with Netty's per-call accessibility and bounds checks switched off by its own system properties.
# Build the jar first (./mvnw -B -q package -pl jmh -am -DskipTests). Findings: docs/design/views.md.
set -euo pipefail
tmp=$(mktemp -d)
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
cd "$(dirname "$0")/.."
jar=jmh/target/benchmarks.jar
regex='(Simple|Packed|MessageMetadata)Benchmark.bufproto_(deserialize|serialize)$'
q=-Dsun.misc.unsafe.memory.access=allow
declare -A args=(
  [classpath]="-Dbufproto.runtime=classpath"
  [module]="-Dbufproto.runtime=module"
  [module_nochecks]="-Dbufproto.runtime=module -Dio.netty.buffer.checkAccessible=false -Dio.netty.buffer.checkBounds=false"
)
for r in 1 2 3; do
  for arm in classpath module module_nochecks; do
    "$java" $q -jar $jar "$regex" -f 1 -wi 3 -w 1 -i 3 -r 1 -jvmArgsPrepend "$q ${args[$arm]}" -rf csv -rff "$tmp/$arm-$r.csv" >/dev/null
    tail -n +2 "$tmp/$arm-$r.csv" | awk -F, -v arm=$arm -v r=$r '{gsub(/"/,"",$1); printf "round %d %-16s %-60s %8.3f\n", r, arm, $1, $5}'
  done
done
