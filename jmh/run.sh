#!/usr/bin/env bash
# Runs the benchmark suite on the JDK in JAVA_HOME (or the default java) and rebuilds the report.
#   jmh/run.sh [short|full]
#     short: -f 2 -wi 2 -i 3, the operations the README and the guide quote (serialize, clear +
#            fill + serialize, deserialize, the pipeline, leak-aware and mixed-buffer parses):
#            about 25 min here;
#     full:  the same, every method of every benchmark: about an hour.
# Results: jmh/results/jdk<N>/{unchecked,module,checked}.json, their build recorded in
# jmh/results/BUILDS; report: docs/benchmarks.md, docs/benchmarks.svg and the figures quoted in
# README.md and the guide (from every jmh/results/jdk*/ present, by jmh/report.py; needs python3).
# BENCH_SHAPES='(MessageMetadata|BaseCommand|MixedBuffers)' restricts the run to those classes.
# The LightProto compared: 0.8.0 when it is installed in the local Maven repository (it is not on
# Maven Central: build it from its source, see docs/benchmarks.md), else 0.7.3; LIGHTPROTO=x.y.z
# picks one. BENCH_OPS='(bufproto|lightproto)_(serialize|fillSerialize|deserialize)' restricts the
# first run to those methods (the default: the mode's). BENCH_READERS='module' reruns BufProto on
# only that runtime (default: module and checked).
set -euo pipefail
cd "$(dirname "$0")/.."
# JMH itself calls sun.misc.Unsafe, which JDK 24+ reports (JEP 498) in the host VM and every fork.
quiet=(-Dsun.misc.unsafe.memory.access=allow)
mode=${1:-short}
case "$mode" in
  short)
    opts=(-f 2 -wi 2 -w 1 -i 3 -r 1)
    quoted='(bufproto|lightproto|protobuf)_(serialize|fillSerialize|deserialize|parse|write|encode|decode|mixed)$'
    ;;
  full)
    opts=(-f 2 -wi 2 -w 1 -i 3 -r 1)
    quoted=''
    ;;
  *) echo "usage: $0 [short|full]" >&2; exit 2 ;;
esac
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
feature=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
dir=jmh/results/jdk$feature
mkdir -p "$dir"

lightproto=${LIGHTPROTO:-}
if [ -z "$lightproto" ]; then
  lightproto=0.7.3
  [ -d ~/.m2/repository/io/streamnative/lightproto/lightproto-maven-plugin/0.8.0 ] && lightproto=0.8.0
fi
./mvnw -B -q package -pl jmh -am -DskipTests -Dlightproto.version="$lightproto"
echo "$lightproto" > "$dir/lightproto.version"
jar=jmh/target/benchmarks.jar

# The operations of the mode, every shape and library; BufProto on the runtime ServiceLoader picks (classpath; its
# results keep the file name unchecked.json, after its reader).
shapes=${BENCH_SHAPES:-}
ops=${BENCH_OPS-$quoted}
readers=${BENCH_READERS:-module checked}
"$java" "${quiet[@]}" -jar $jar "${shapes}Benchmark\\.${ops}" "${opts[@]}" -prof gc -jvmArgsPrepend "${quiet[0]}" -rf json -rff "$dir/unchecked.json"
# BufProto's parse and write again on each other runtime, plus the mixed-buffer parse.
for reader in $readers; do
  "$java" "${quiet[@]}" -jar $jar "${shapes}Benchmark\\.bufproto_(serialize|deserialize|mixed|parse|write)\$" "${opts[@]}" -prof gc \
    -jvmArgsPrepend "${quiet[0]}" -jvmArgsAppend "-Dbufproto.runtime=$reader" -rf json -rff "$dir/$reader.json"
done
python3 jmh/report.py --stamp "${dir#jmh/results/}/unchecked.json" $(for r in $readers; do echo "${dir#jmh/results/}/$r.json"; done)
python3 jmh/report.py
