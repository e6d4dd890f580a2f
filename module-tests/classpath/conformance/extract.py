#!/usr/bin/env python3
"""Extracts the conformance tests of protobuf's suite whose inputs are string literals.

  python3 extract.py <protobuf source tree> <its release tag> <output dir>

Reads conformance/binary_json_conformance_suite.cc and text_format_conformance_suite.cc and writes
json-cases.jsonl and text-cases.jsonl: a '#' header (provenance and licence), then one JSON array
per test: [kind, name, input, expected, function]. kind is FAIL (must be refused), VALID (must
parse; for JSON, to the message the text format `expected` describes) or VALIDEXP (text: must
parse to what `expected` parses to); function is the suite's method that runs the test (it
decides the message type: RunGroupTests runs on proto2, RunDelimitedTests on editions, ...). Tests built in loops or with StrCat are not literals and are left out.
ConformanceCasesTest runs the files.
"""
import json
import re
import sys

HEADER = """# {count} tests of protobuf's conformance suite ({tag}, {file}),
# extracted by module-tests/classpath/conformance/extract.py: those whose inputs are literals.
# Protocol Buffers - Google's data interchange format
# Copyright 2008 Google Inc.  All rights reserved.
# Use of this source code is governed by a BSD-style license that can be found at
# https://developers.google.com/open-source/licenses/bsd
"""


def call_args(s, i):
    """The top-level arguments of the call whose '(' ends just before s[i]."""
    depth, args, cur, j = 0, [], "", i
    while j < len(s):
        c = s[j]
        if s.startswith('R"', j):
            m = re.match(r'R"([^(]*)\(', s[j:])
            end = s.index(")" + m.group(1) + '"', j + len(m.group(0))) + len(m.group(1)) + 2
            cur, j = cur + s[j:end], end
            continue
        if c == '"':
            k = j + 1
            while s[k] != '"':
                k += 2 if s[k] == "\\" else 1
            cur, j = cur + s[j:k + 1], k + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return args + [cur.strip()]
            depth -= 1
        elif c == "," and depth == 0:
            args, cur, j = args + [cur.strip()], "", j + 1
            continue
        cur, j = cur + c, j + 1
    return None


ESCAPES = {"n": "\n", "t": "\t", '"': '"', "'": "'", "\\": "\\"}


def literal(a):
    """The value of adjacent C++ string literals, or None if `a` is anything else."""
    out, j, a = "", 0, a.strip()
    if not a:
        return None
    while j < len(a):
        if a[j].isspace():
            j += 1
        elif a.startswith('R"', j):
            m = re.match(r'R"([^(]*)\(', a[j:])
            end = a.index(")" + m.group(1) + '"', j + len(m.group(0)))
            out, j = out + a[j + len(m.group(0)):end], end + len(m.group(1)) + 2
        elif a[j] == '"':
            k = j + 1
            while a[k] != '"':
                if a[k] != "\\":
                    out, k = out + a[k], k + 1
                    continue
                e = a[k + 1]
                if e in ESCAPES:
                    out, k = out + ESCAPES[e], k + 2
                elif e == "x":
                    m = re.match(r"x([0-9a-fA-F]+)", a[k + 1:])
                    out, k = out + chr(int(m.group(1), 16)), k + 1 + len(m.group(0))
                elif e in "01234567":
                    m = re.match(r"[0-7]{1,3}", a[k + 1:])
                    out, k = out + chr(int(m.group(0), 8)), k + 1 + len(m.group(0))
                else:
                    return None
            j = k + 1
        else:
            return None
    return out


def enclosing_function(src, i):
    """The name of the suite method whose body holds src[i]."""
    found = None
    for m in re.finditer(r"::\s*(\w+)\([^;{]*\)\s*(?:const\s*)?{", src[:i]):
        found = m.group(1)
    return found or ""


def extract(src, calls):
    cases = []
    for fn, kind, expected_arg in calls:
        for m in re.finditer(r"\b" + fn + r"\(", src):
            args = call_args(src, m.end())
            if not args or len(args) < 3:
                continue
            name, given = literal(args[0]), literal(args[2])
            expected = "" if expected_arg is None else (
                literal(args[expected_arg]) if len(args) > expected_arg else None)
            if name is not None and given is not None and expected is not None:
                cases.append([kind, name, given, expected, enclosing_function(src, m.start())])
    return cases


def main(checkout, tag, out_dir):
    jobs = {
        "json-cases.jsonl": ("binary_json_conformance_suite.cc", [
            ("ExpectParseFailureForJson", "FAIL", None), ("RunValidJsonTest", "VALID", 3)]),
        "text-cases.jsonl": ("text_format_conformance_suite.cc", [
            ("ExpectParseFailure", "FAIL", None),
            ("RunValidTextFormatTestWithExpected", "VALIDEXP", 3),
            ("RunValidTextFormatTest", "VALID", None)]),
    }
    for out, (file, calls) in jobs.items():
        with open(f"{checkout}/conformance/{file}", encoding="utf-8") as f:
            cases = extract(f.read(), calls)
        with open(f"{out_dir}/{out}", "w", encoding="utf-8") as f:
            f.write(HEADER.format(count=len(cases), tag=tag, file="conformance/" + file))
            for c in cases:
                f.write(json.dumps(c, ensure_ascii=True) + "\n")
        print(out, len(cases))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
