#!/usr/bin/env bash
# Runs protobuf's conformance suite against BufProto, outside the build (CI does not fetch it):
#   run-suite.sh <protobuf source tree, v33.2> <conformance_test_runner built from it> [runner flags]
# Build the runner from the source tree with CMake, for example (Abseil 20250512.1's source at
# ABSL, protoc 33.2 at PROTOC, jsoncpp installed):
#   cmake -S pb -B build -Dprotobuf_BUILD_TESTS=OFF -Dprotobuf_BUILD_CONFORMANCE=ON \
#     -Dprotobuf_BUILD_PROTOC_BINARIES=OFF -Dprotobuf_PROTOC_EXE=$PROTOC \
#     -DFETCHCONTENT_SOURCE_DIR_ABSL=$ABSL -DFETCHCONTENT_FULLY_DISCONNECTED=ON
#   cmake --build build --target conformance_test_runner
# Needs `./mvnw install -DskipTests` first (the suite's classes and jars).
set -euo pipefail
src=$(cd "$1" && pwd); runner=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2
here=$(cd "$(dirname "$0")" && pwd); suite=$(cd "$here/.." && pwd)
work=$(mktemp -d)
(cd "$suite/../.." && ./mvnw -B -q -o org.apache.maven.plugins:maven-dependency-plugin:3.9.0:build-classpath \
  -Dmdep.outputFile="$work/cp.txt" -Dmdep.includeScope=test -pl module-tests/classpath)
cp="$suite/target/classes:$(cat "$work/cp.txt")"
"$suite/target/protoc/protoc.exe" -I"$src" --java_out="$work" "$src/conformance/conformance.proto"
mkdir -p "$work/classes"
javac -d "$work/classes" -cp "$cp" $(find "$work/com" -name '*.java') "$here/BufProtoTestee.java"
printf '#!/bin/sh\nexec java -cp "%s" BufProtoTestee\n' "$work/classes:$cp" > "$work/testee"
chmod +x "$work/testee"
cd "$work"
"$runner" --enforce_recommended --maximum_edition 2023 --failure_list "$here/failure_list_bufproto.txt" \
  --text_format_failure_list "$here/failure_list_text_bufproto.txt" --output_dir "$work" "$@" "$work/testee"
