#!/usr/bin/env bash
# What each generator emits for Pulsar's PulsarApi.proto, as jmh/lightproto-suite.sh builds it
# (run that first, with 0 rounds): lines of generated Java, bytes of the compiled classes
# (protobuf-java's PulsarApi*.class excluded), and the javac time for those sources alone.
#
#   jmh/code-size.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$root/jmh/target/lightproto-suite
pkg=org/apache/pulsar/common/api/proto
cp=$(ls "$HOME"/.m2/repository/io/netty/netty-buffer/"$(sed -n 's:.*<netty41.version>\(.*\)</netty41.version>.*:\1:p' "$root/pom.xml" | head -1)"/*.jar)
cp=$cp:$(ls "$HOME"/.m2/repository/io/netty/netty-common/"$(sed -n 's:.*<netty41.version>\(.*\)</netty41.version>.*:\1:p' "$root/pom.xml" | head -1)"/*.jar)
cp=$cp:$root/api/target/classes
javac=${JAVA_HOME:+$JAVA_HOME/bin/}javac
printf '%-12s %8s %8s %10s %8s\n' arm files lines class-bytes javac-s
for arm in lp bp; do
  src=$work/target-$arm/generated-sources/$([ $arm = lp ] && echo lightproto || echo protobuf)/$pkg
  files=$(ls "$src"/*.java | grep -v '/PulsarApi.java$')
  # LightProto also writes a reader class for the package into io.netty.buffer.
  extra=$(ls "$src"/../../../../../../io/netty/buffer/*org_apache_pulsar_common_api_proto*.java 2>/dev/null || true)
  files="$files${extra:+
$extra}"
  lines=$(cat $files | wc -l)
  bytes=$( (ls "$work/target-$arm/classes/$pkg"/*.class | grep -v '/PulsarApi[.$]'
    ls "$work/target-$arm/classes/io/netty/buffer/"*org_apache_pulsar_common_api_proto*.class 2>/dev/null || true) | xargs cat | wc -c)
  out=$(mktemp -d)
  start=$(date +%s.%N)
  "$javac" -nowarn -d "$out" -cp "$cp" $files
  end=$(date +%s.%N)
  printf '%-12s %8d %8d %10d %8.1f\n' "$arm" "$(echo "$files" | wc -l)" "$lines" "$bytes" "$(echo "$end - $start" | bc)"
  rm -rf "$out"
done
