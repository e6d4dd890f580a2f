#!/usr/bin/env bash
# The runtimes side by side, interleaved (one single fork per arm, in turn, ROUNDS
# times), so that drift and heat fall on every arm alike. Build the jar first
# (./mvnw -B -q package -pl jmh -am -DskipTests).
#   jmh/runtimes.sh [regex] [arm...]
# An arm is a runtime name (classpath, module, checked), or name=jar to run another build's
# benchmarks.jar on that runtime (module=/tmp/old.jar); a suffix @arg adds a JVM argument to the
# fork (module@-Dbufproto.regions=false). Defaults: every deserialize benchmark,
# the mixed-buffer and leak-aware parses; arms classpath and module. Prints one line per
# benchmark, arm and round, then the mean of the rounds per arm. Findings: docs/design/views.md.
set -euo pipefail
cd "$(dirname "$0")/.."
regex=${1:-'(Benchmark.bufproto_deserialize|MixedBuffersBenchmark.bufproto_mixed|LeakAwareBenchmark.bufproto_parse)$'}
shift || true
arms=("$@")
[ ${#arms[@]} -gt 0 ] || arms=(classpath module)
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
q=-Dsun.misc.unsafe.memory.access=allow
tmp=$(mktemp -d)
for r in $(seq 1 "${ROUNDS:-3}"); do
  for i in "${!arms[@]}"; do
    arm=${arms[$i]}
    extra=
    if [[ $arm == *@* ]]; then extra=${arm#*@}; arm=${arm%%@*}; fi
    runtime=${arm%%=*}
    jar=jmh/target/benchmarks.jar
    [[ $arm == *=* ]] && jar=${arm#*=}
    "$java" $q -jar "$jar" "$regex" -f 1 -wi 3 -w 1 -i 3 -r 1 \
      -jvmArgsPrepend "$q -Dbufproto.runtime=$runtime $extra" -rf csv -rff "$tmp/$i-$r.csv" >/dev/null
    tail -n +2 "$tmp/$i-$r.csv" | awk -F, -v arm="$i:$runtime" -v r="$r" \
      '{gsub(/"/,"",$1); sub(/.*\.jmh\./,"",$1); printf "round %d %-12s %-45s %8.3f\n", r, arm, $1, $5}' \
      | tee -a "$tmp/all.txt"
  done
done
echo "means (ops/us):"
awk '{s[$4" "$3]+=$5; n[$4" "$3]++} END {for (k in s) printf "%-45s %-12s %8.3f\n", substr(k,1,index(k," ")-1), substr(k,index(k," ")+1), s[k]/n[k]}' "$tmp/all.txt" | sort
