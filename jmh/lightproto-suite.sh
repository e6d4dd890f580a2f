#!/usr/bin/env bash
# LightProto's own JMH benchmarks (its benchmark module), compiled unchanged twice: against
# LightProto's generated classes and against BufProto's (classpath runtime), both from
# LightProto's test protos, then run interleaved A B A B with jmh/ab.sh (A = LightProto,
# B = BufProto). Prints each round, mean and median per arm, and BufProto / LightProto per
# benchmark (medians).
#
#   jmh/lightproto-suite.sh LIGHTPROTO_CHECKOUT [rounds=3] [regex=lightProto]
#
# LIGHTPROTO_CHECKOUT is a checkout of github.com/streamnative/lightproto at the release to
# compare with; that release must be installed in ~/.m2 (docs/guide/benchmarks.md). Nothing of it is
# kept in this repository: the sources and protos are copied into target/ at each run.
# Environment: JAVA_HOME picks the JDK that runs the benchmarks; LIGHTPROTO (default: the
# checkout's version) the plugin version; NETTY (default: the build's Netty 4.1, as LightProto's
# benchmark uses Netty 4.1).
set -euo pipefail
lp=$(cd "$1" && pwd)
rounds=${2:-3}
regex=${3:-lightProto}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$root/jmh/target/lightproto-suite
prop() { sed -n "s:.*<$1>\(.*\)</$1>.*:\1:p" "$root/pom.xml" | head -1; }
lpversion=${LIGHTPROTO:-$(sed -n 's:^    <version>\(.*\)</version>:\1:p' "$lp/pom.xml" | head -1)}
netty=${NETTY:-$(prop netty41.version)}
protobuf=$(prop protobuf.version)
protoc=$(prop protoc.version)
jmhv=$(prop jmh.version)
ascopes=$(prop ascopes.version)
bufproto=$(sed -n 's:^  <version>\(.*\)</version>:\1:p' "$root/pom.xml" | head -1)

rm -rf "$work"
mkdir -p "$work/src/main/java/io/streamnative/lightproto/benchmark" "$work/proto"
for b in PulsarApiBenchmark ProtoBenchmark SimpleBenchmark; do
  cp "$lp/benchmark/src/main/java/io/streamnative/lightproto/benchmark/$b.java" \
    "$work/src/main/java/io/streamnative/lightproto/benchmark/"
done
cp "$lp/tests/src/main/proto/"{PulsarApi,addressbook,Test}.proto "$work/proto/"
# Ours, compiled into both arms too: the timing loop for what JMH cannot run (lightproto-timing.sh)
# and the loop whose instructions lightproto-instructions.sh counts.
mkdir -p "$work/src/main/java/io/bufproto/suite"
cp "$root/jmh/lightproto-suite/TimingHarness.java" "$work/src/main/java/io/bufproto/suite/"
cp "$root/jmh/lightproto-suite/InstructionHarness.java" "$work/src/main/java/io/bufproto/suite/"

# One pom per arm; $1 = lp | bp. Both generate protobuf-java's classes (the benchmarks' other arm).
pom() {
  local deps='' gen='' lpplugin=''
  if [ "$1" = bp ]; then
    deps="<dependency><groupId>io.bufproto</groupId><artifactId>bufproto-api</artifactId><version>$bufproto</version></dependency>
    <dependency><groupId>io.bufproto</groupId><artifactId>bufproto-runtime-classpath</artifactId><version>$bufproto</version></dependency>"
    gen="<plugins><plugin kind=\"jvm-maven\"><groupId>io.bufproto</groupId><artifactId>bufproto-generator</artifactId>
      <version>$bufproto</version><mainClass>io.bufproto.generator.Plugin</mainClass></plugin></plugins>"
  else
    lpplugin="<plugin><groupId>io.streamnative.lightproto</groupId><artifactId>lightproto-maven-plugin</artifactId>
      <version>$lpversion</version>
      <configuration><protocVersion>$protoc</protocVersion><targetSourcesSubDir>generated-sources/lightproto</targetSourcesSubDir>
        <extraProtoPaths><extraProtoPath>\${project.basedir}/proto</extraProtoPath></extraProtoPaths>
        <sources><source>\${project.basedir}/proto/PulsarApi.proto</source><source>\${project.basedir}/proto/addressbook.proto</source>
          <source>\${project.basedir}/proto/Test.proto</source></sources></configuration>
      <executions><execution><goals><goal>generate</goal></goals></execution></executions></plugin>"
  fi
  cat <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local</groupId>
  <artifactId>lightproto-suite-$1</artifactId>
  <version>1</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
    <dependency><groupId>io.netty</groupId><artifactId>netty-buffer</artifactId><version>$netty</version></dependency>
    <dependency><groupId>com.google.protobuf</groupId><artifactId>protobuf-java</artifactId><version>$protobuf</version></dependency>
    <dependency><groupId>org.openjdk.jmh</groupId><artifactId>jmh-core</artifactId><version>$jmhv</version></dependency>
    $deps
  </dependencies>
  <build>
    <directory>target-$1</directory>
    <plugins>
      <plugin><groupId>io.github.ascopes</groupId><artifactId>protobuf-maven-plugin</artifactId><version>$ascopes</version>
        <configuration><protoc>$protoc</protoc><javaEnabled>true</javaEnabled>
          <sourceDirectories><sourceDirectory>\${project.basedir}/proto</sourceDirectory></sourceDirectories>$gen</configuration>
        <executions><execution><goals><goal>generate</goal></goals></execution></executions></plugin>
      $lpplugin
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.14.1</version>
        <configuration><annotationProcessorPaths><path><groupId>org.openjdk.jmh</groupId>
          <artifactId>jmh-generator-annprocess</artifactId><version>$jmhv</version></path></annotationProcessorPaths></configuration></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-shade-plugin</artifactId><version>3.6.0</version>
        <executions><execution><phase>package</phase><goals><goal>shade</goal></goals>
          <configuration><finalName>benchmarks</finalName><createDependencyReducedPom>false</createDependencyReducedPom>
            <transformers><transformer implementation="org.apache.maven.plugins.shade.resource.ManifestResourceTransformer">
              <mainClass>org.openjdk.jmh.Main</mainClass></transformer>
              <transformer implementation="org.apache.maven.plugins.shade.resource.ServicesResourceTransformer"/></transformers>
            <filters><filter><artifact>*:*</artifact><excludes><exclude>META-INF/*.SF</exclude><exclude>META-INF/*.DSA</exclude>
              <exclude>META-INF/*.RSA</exclude><exclude>module-info.class</exclude>
              <exclude>META-INF/versions/*/module-info.class</exclude></excludes></filter></filters>
          </configuration></execution></executions></plugin>
    </plugins>
  </build>
</project>
EOF
}
pom lp > "$work/pom-lp.xml"
pom bp > "$work/pom-bp.xml"

(cd "$root" && ./mvnw -B -q install -DskipTests -pl api,src-templates,generator,runtime-classpath -am)
for arm in lp bp; do
  (cd "$work" && "$root/mvnw" -B -q -f "pom-$arm.xml" package)
done

out=$work/ab.txt
"$root/jmh/ab.sh" "$work/target-lp/benchmarks.jar" "$work/target-bp/benchmarks.jar" "$regex" "$rounds" | tee "$out"
# The summary compares medians (forks of one jar spread widely on this 2-core machine; a mean
# follows its outliers); ab.sh has printed every round and how often B scored higher.
echo "== BufProto / LightProto $lpversion, medians of $rounds rounds (A = LightProto, B = BufProto at $(git -C "$root" rev-parse --short HEAD); $("${JAVA_HOME:+$JAVA_HOME/bin/}java" -version 2>&1 | head -1))"
sed -n '/^== per arm/,/^== rounds/p' "$out" | grep -v '^==' | sed 's/io.streamnative.lightproto.benchmark.//' |
  awk '{v[$1" "$2]=$4; n[$1]=1} END {for (k in n) printf "%-56s %8.2f %8.2f  %.2fx\n", k, v[k" A"], v[k" B"], v[k" B"]/v[k" A"]}' | sort
