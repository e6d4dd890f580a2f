#!/usr/bin/env python3
"""Turns the committed results in jmh/results/ into docs/benchmarks.md and docs/benchmarks.svg,
and writes the figures README.md and the guide quote (jmh/figures.py). A jmh/results/jdk*/NOTE.md
(which subset, what to read into it) heads its section, jmh/results/jdk*/lightproto.version
(written by run.sh) names the LightProto measured, and jmh/results/BUILDS the commit each results
file was measured on.

  python3 jmh/report.py              write docs/benchmarks.md, its chart and the quoted figures
  python3 jmh/report.py --check      fail, with the difference, where a committed file disagrees
  python3 jmh/report.py --stamp F..  record HEAD as the build of results files F (under jmh/results)

Stdlib only."""
import difflib
import json
import os
import subprocess
import sys

import figures as figs_module

SHAPES = figs_module.SHAPES
OPS = ["serialize", "serializeHeap", "fillSerialize", "deserialize", "deserializeHeap", "deserializeSlice",
       "deserializeReadStrings"]
READERS = ["unchecked", "module", "checked"]


def load(path):
    out = {}
    if not os.path.exists(path):
        return out
    for r in json.load(open(path)):
        cls, method = r["benchmark"].rsplit(".", 2)[-2:]
        pm = r["primaryMetric"]
        sec = r.get("secondaryMetrics", {})
        alloc = (sec.get("gc.alloc.rate.norm") or sec.get("·gc.alloc.rate.norm") or {}).get("score")
        out[(cls.replace("Benchmark", ""), method)] = (pm["score"], pm["scoreError"], alloc, r)
    return out


def cell(v):
    if v is None:
        return "-"
    score, err, alloc, _ = v
    a = "" if alloc is None or alloc != alloc else " / %s B" % (int(round(float(alloc))))
    try:
        e = " ± %.2f" % float(err) if float(err) == float(err) else ""
    except ValueError:
        e = ""
    return "%.2f%s%s" % (score, e, a)


def ratio(a, b):
    if a is None or b is None or b[0] == 0:
        return "-"
    return "%.2fx" % (a[0] / b[0])


def section(jdk, res, note, lp_version, build):
    u, m, c = (res.get(r, {}) for r in READERS)
    any_r = next(iter(u.values()), None)
    lines = ["## JDK %s" % jdk, "", "Build %s." % build, ""]
    if note:
        lines += [note.strip(), ""]
    lines += ["Peers: LightProto %s, protobuf-java 4.36.2." % lp_version, ""]
    if any_r:
        rec = any_r[3]
        lines.append("JVM: %s %s; JMH %s; forks %s, warmup %s x %s, measurement %s x %s."
                     % (rec.get("vmName"), rec.get("vmVersion"), rec.get("jmhVersion"), rec.get("forks"),
                        rec.get("warmupIterations"), rec.get("warmupTime"),
                        rec.get("measurementIterations"), rec.get("measurementTime")))
        lines.append("")
    lines.append("ops/us ± 99.9% error / bytes allocated per op (`-prof gc`). BufProto columns: "
                 "reader unchecked (classpath runtime), module, checked. Ratios use the unchecked reader.")
    lines.append("")
    lines.append("| shape | operation | BufProto unchecked | module | checked | LightProto | protobuf-java "
                 "| vs LightProto | vs protobuf-java | module / unchecked |")
    lines.append("|---|---|---|---|---|---|---|---|---|---|")
    for s in SHAPES:
        for op in OPS:
            bp = u.get((s, "bufproto_" + op))
            lp = u.get((s, "lightproto_" + op))
            pj = u.get((s, "protobuf_" + op))
            if bp is None and lp is None:
                continue
            mod = m.get((s, "bufproto_" + op))
            lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                s, op, cell(bp), cell(mod), cell(c.get((s, "bufproto_" + op))), cell(lp), cell(pj),
                ratio(bp, lp), ratio(bp, pj), ratio(mod, bp)))
        arr = u.get((s, "protobuf_deserializeArray"))
        base = u.get((s, "baseline_readAllBytes"))
        if arr or base:
            lines.append("| %s | protobuf-java from byte[]; read-every-byte floor | | | | | %s | | floor: %s | |"
                         % (s, cell(arr), cell(base)))
    mixed = [(r, res.get(r, {}).get(("MixedBuffers", "bufproto_mixed"))) for r in READERS]
    lpm = u.get(("MixedBuffers", "lightproto_mixed"))
    if any(v for _, v in mixed):
        lines.append("")
        lines.append("MessageMetadata parsed from seven buffer classes in turn, one of them in Netty's "
                     "leak-aware wrapper (MixedBuffersBenchmark): "
                     + ", ".join("BufProto %s %s" % (r, cell(v)) for r, v in mixed)
                     + ", LightProto %s." % cell(lpm))
    lines += paired(u, "LeakAware", ("parse", "write"), "lightproto",
                    "MessageMetadata in pooled direct buffers wrapped by Netty's leak detector at level "
                    "PARANOID (LeakAwareBenchmark), BufProto vs LightProto: ")
    # PipelineBenchmark: from unchecked.json after a full run.sh, or from pipeline.json
    # (jmh/pipeline.sh), whichever was measured later.
    lines += paired({**u, **res.get("pipeline", {})}, "Pipeline", ("encode", "decode"), "protobuf",
                    "BaseCommand (CommandSend) through a Netty pipeline (EmbeddedChannel, varint32 frames; "
                    "PipelineBenchmark), BufProto's handlers vs Netty's protobuf handlers with "
                    "protobuf-java: ")
    lines.append("")
    return lines


def paired(u, cls, ops, peer, title):
    """One sentence comparing bufproto_<op> with <peer>_<op> of benchmark class cls, or nothing."""
    pairs = [(op, u.get((cls, "bufproto_" + op)), u.get((cls, peer + "_" + op))) for op in ops]
    if not any(b for _, b, _ in pairs):
        return []
    return ["", title + "; ".join("%s %s vs %s (%s)" % (op, cell(b), cell(p), ratio(b, p))
                                  for op, b, p in pairs) + "."]


def svg(jdk, u):
    """Grouped bars: BufProto / LightProto and BufProto / protobuf-java, per shape, for
    deserialize and serialize (unchecked reader)."""
    series = [("deserialize", "lightproto", "#1f77b4"), ("serialize", "lightproto", "#aec7e8"),
              ("deserialize", "protobuf", "#2ca02c"), ("serialize", "protobuf", "#98df8a")]
    vals = []
    for s in SHAPES:
        row = []
        for op, peer, _ in series:
            a, b = u.get((s, "bufproto_" + op)), u.get((s, peer + "_" + op))
            row.append(a[0] / b[0] if a and b and b[0] else 0)
        vals.append(row)
    top = max(2.0, max(max(r) for r in vals) * 1.1)
    w, h, left, bottom, topm = 900, 420, 60, 60, 50
    plot_h = h - bottom - topm
    group = (w - left - 20) / len(SHAPES)
    bw = group / (len(series) + 1)
    y = lambda v: topm + plot_h * (1 - v / top)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">' % (w, h),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="20" font-size="15">BufProto throughput relative to peers, JDK %s (higher is better; 1.0 = same)</text>' % (left, jdk)]
    t = 0.0
    while t <= top + 1e-9:
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>' % (left, w - 20, y(t), y(t)))
        out.append('<text x="%d" y="%.1f" text-anchor="end">%.1f</text>' % (left - 5, y(t) + 4, t))
        t += 0.5 if top <= 4 else 1.0
    out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="black" stroke-dasharray="4 3"/>' % (left, w - 20, y(1), y(1)))
    for i, s in enumerate(SHAPES):
        x0 = left + i * group + bw / 2
        for j, v in enumerate(vals[i]):
            out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s %s vs %s: %.2fx</title></rect>'
                       % (x0 + j * bw, y(v), bw - 2, y(0) - y(v), series[j][2], s, series[j][0], series[j][1], v))
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (x0 + 2 * bw, h - bottom + 18, s))
    for j, (op, peer, color) in enumerate(series):
        lx = left + j * 200
        out.append('<rect x="%d" y="%d" width="12" height="12" fill="%s"/>' % (lx, h - 22, color))
        out.append('<text x="%d" y="%d">%s vs %s</text>' % (lx + 16, h - 12, op, "LightProto" if peer == "lightproto" else "protobuf-java"))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def lightproto_suite(folder):
    """The section for jmh/lightproto-suite.sh's outputs (jmh/results/lightproto-suite/jdk*.txt)."""
    if not os.path.isdir(folder):
        return []
    lines = ["## LightProto's own suite", "",
             "LightProto's JMH benchmarks (its `benchmark` module), compiled unchanged against LightProto's "
             "generated classes (A) and against BufProto's (B, classpath runtime), both from LightProto's test "
             "protos, run interleaved A B A B by `jmh/lightproto-suite.sh <checkout> <rounds>` (single forks, "
             "`-wi 3 -w 1 -i 3 -r 1`; ops/us, the median of the rounds (a mean in files written before the "
             "script took medians), their number in each heading; every round is in the file named). Note that LightProto's \"serialize\" of Pulsar's messages and of Simple is clear + fill "
             "+ write, and all its writes go into a pooled direct buffer.", ""]
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".txt") or name.startswith("timing"):
            continue
        title, rows, rounds = figs_module.suite_file(os.path.join(folder, name))
        heading = title[3:] if title else name
        lines += ["### " + heading + ("" if "rounds" in heading else ", %d rounds" % rounds)
                  + " (`jmh/results/lightproto-suite/" + name + "`)", "",
                  "| benchmark | LightProto | BufProto | BufProto / LightProto |", "|---|---|---|---|"]
        lines += ["| %s | %s | %s | %s |" % tuple(f) for f in rows]
        ratios = [float(f[3].rstrip("x")) for f in rows]
        if ratios:
            lines.append("| geometric mean | | | %s |" % figs_module.x(figs_module.geomean(ratios)))
        lines.append("")
    return lines


def timing(folder, figs):
    """The section for jmh/lightproto-timing.sh's outputs (jmh/results/lightproto-suite/timing-*.txt)."""
    if not os.path.isdir(folder):
        return []
    lines = []
    for name in sorted(os.listdir(folder)):
        if not (name.startswith("timing") and name.endswith(".txt")):
            continue
        text = open(os.path.join(folder, name)).read().splitlines()
        title = [l for l in text if l.startswith("== medians")]
        if not title:
            continue
        buffers = sorted({l.split("# buffers: ")[1].split(",")[0] for l in text if "# buffers: " in l
                          and l.split()[3] == "deny"})
        lines += ["### Outside JMH, sun.misc.Unsafe's memory access allowed and denied (`jmh/results/lightproto-suite/"
                  + name + "`, build " + figs.build("lightproto-suite/" + name) + ")", "",
                  "`jmh/lightproto-timing.sh` times the suite's shapes with a plain loop "
                  "(`TimingHarness`, built into both arms by `jmh/lightproto-suite.sh`), because JMH cannot run "
                  "under `--sun-misc-unsafe-memory-access=deny`; a crude measure, to be compared within a row "
                  "only. Its write rows fill from non-literal strings. " + (title[0][3].upper() + title[0][4:]) + ". Under deny the "
                  "inputs are " + ", ".join(buffers) + " (Netty 4.1 without Unsafe prefers heap buffers).", "",
                  "| workload | LightProto allow | LightProto deny | BufProto allow | BufProto deny "
                  "| BufProto / LightProto, allow | deny |", "|---|---|---|---|---|---|---|"]
        for row in text[text.index(title[0]) + 1:]:
            f = row.split()
            if len(f) >= 7:
                lines.append("| " + " ".join(f[:-6]) + " | " + " | ".join(f[-6:]) + " |")
        lines.append("")
    return lines


def honest(folder, figs):
    """Clear + fill + write from non-literal strings (jmh/results/honest/jdk*.json, ShapeBenchmark)."""
    if not os.path.isdir(folder):
        return []
    lines = ["## Clear + fill + write from strings that are not literals", "",
             "Every `*_fillSerialize` takes the next of eight equal but distinct copies of each string per "
             "operation (`Data.next()`), so a literal's UTF-8 scan, which C2 folds, decides no row, and no "
             "library skips a scan because it was handed the same `String` object again. Command: `java -jar "
             "jmh/target/benchmarks.jar '(MessageMetadata|Simple|AddressBook|Strings)Benchmark\\.(bufproto|"
             "lightproto|protobuf)_fillSerialize$' -f 2 -wi 2 -i 3 -prof gc -rf json`.", ""]
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        res = load(os.path.join(folder, name))
        if not res:
            continue
        any_rec = next(iter(res.values()))[3]
        lines += ["### " + name[:-5].upper().replace("JDK", "JDK ") + ": " + any_rec.get("vmName", "") + " "
                  + any_rec.get("vmVersion", "") + ", build " + figs.build("honest/" + name), "",
                  "| shape | BufProto | LightProto | protobuf-java | vs LightProto | vs protobuf-java |",
                  "|---|---|---|---|---|---|"]
        for shape in sorted({k[0] for k in res}):
            bp, lp, pj = (res.get((shape, lib + "_fillSerialize")) for lib in ("bufproto", "lightproto", "protobuf"))
            lines.append("| %s | %s | %s | %s | %s | %s |" % (shape, cell(bp), cell(lp), cell(pj),
                                                          ratio(bp, lp), ratio(bp, pj)))
        lines.append("")
    return lines


def per_jdk(folder, figs, heading, separator):
    """Each jdk*.json in folder: its results, and its section heading with the table header."""
    for name in sorted(os.listdir(folder)):
        res = load(os.path.join(folder, name)) if name.endswith(".json") else {}
        if not res:
            continue
        any_rec = next(iter(res.values()))[3]
        yield res, ["### " + name[:-5].upper().replace("JDK", "JDK ") + ": " + any_rec.get("vmName", "") + " "
                    + any_rec.get("vmVersion", "") + ", build "
                    + figs.build(os.path.basename(folder) + "/" + name), "", heading, separator]


def peek(folder, figs):
    """A broker's peek at MessageMetadata, beside the full parse (jmh/results/peek/jdk*.json, PeekBenchmark)."""
    if not os.path.isdir(folder):
        return []
    lines = ["## Peek: two fields of MessageMetadata", "",
             "A broker reads the producer name and the sequence id of Pulsar's `MessageMetadata` "
             "(`PeekBenchmark`). BufProto parses only those fields (`parseFields`; docs/design/projections.md), "
             "to the message's end or stopping early after them; LightProto and protobuf-java, which have no "
             "such parse, parse everything, then read the two. The second row parses and reads every field in "
             "every library. Command: `java -jar jmh/target/benchmarks.jar PeekBenchmark -f 2 -wi 3 -i 3 "
             "-prof gc -rf json`.", ""]
    for res, head in per_jdk(folder, figs, "| operation | BufProto | BufProto, stopping early | LightProto "
                             "| protobuf-java | vs LightProto | stopping early vs LightProto |",
                             "|---|---|---|---|---|---|---|"):
        lines += head
        for label, op, early in (("peek (2 fields)", "peek", "peekStoppingEarly"),
                                 ("parse, read every field", "parseReadAll", None)):
            bp, lp, pj = (res.get(("Peek", lib + "_" + op)) for lib in ("bufproto", "lightproto", "protobuf"))
            be = res.get(("Peek", "bufproto_" + early)) if early else None
            lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (label, cell(bp), cell(be), cell(lp), cell(pj),
                                                                ratio(bp, lp), ratio(be, lp)))
        lines.append("")
    return lines


def forward(folder, figs):
    """A broker's forward of BaseCommand + MessageMetadata (jmh/results/forward/jdk*.json, ForwardBenchmark)."""
    if not os.path.isdir(folder):
        return []
    lines = ["## Forward: a publish frame's command and metadata, two fields read, both written", "",
             "A broker parses Pulsar's `BaseCommand` (a `CommandSend`) and `MessageMetadata`, reads two fields "
             "of each and writes both out (`ForwardBenchmark`). BufProto eagerly; with `lazyParsing(true)` "
             "(unchanged messages written as received; sub-messages of 64 bytes or more parsed on first use, "
             "which here are none); with `lazyParsing(0)` (every sub-message parsed on first use); and with the "
             "metadata peeked (`parseFields`, stopping early, written as received); LightProto and protobuf-java "
             "parse, read and write everything (docs/design/lazy-parsing.md). The second row parses and reads "
             "every field. Command: `java -jar jmh/target/benchmarks.jar ForwardBenchmark -f 3 -wi 3 -i 3 "
             "-prof gc -rf json`.", ""]
    for res, head in per_jdk(folder, figs, "| operation | BufProto | BufProto, lazy | BufProto, `lazyParsing(0)` "
                             "| BufProto, lazy + peek | LightProto | protobuf-java | lazy vs LightProto "
                             "| `lazyParsing(0)` vs LightProto | lazy + peek vs LightProto |",
                             "|---|---|---|---|---|---|---|---|---|---|"):
        lines += head
        get = lambda b: res.get(("Forward", b))
        lines.append("| forward (2 fields each) | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            cell(get("bufproto_forward")), cell(get("bufproto_forwardLazy")),
            cell(get("bufproto_forwardDeferAll")), cell(get("bufproto_forwardPeek")),
            cell(get("lightproto_forward")), cell(get("protobuf_forward")),
            ratio(get("bufproto_forwardLazy"), get("lightproto_forward")),
            ratio(get("bufproto_forwardDeferAll"), get("lightproto_forward")),
            ratio(get("bufproto_forwardPeek"), get("lightproto_forward"))))
        lines.append("| parse, read every field | %s | %s | %s | | %s | | %s | %s | |" % (
            cell(get("bufproto_readAll")), cell(get("bufproto_readAllLazy")),
            cell(get("bufproto_readAllDeferAll")), cell(get("lightproto_readAll")),
            ratio(get("bufproto_readAllLazy"), get("lightproto_readAll")),
            ratio(get("bufproto_readAllDeferAll"), get("lightproto_readAll"))))
        lines += ["", "Read every field, lazily against eagerly: %s with `lazyParsing(true)`, %s with "
                  "`lazyParsing(0)`." % (ratio(get("bufproto_readAllLazy"), get("bufproto_readAll")),
                                         ratio(get("bufproto_readAllDeferAll"), get("bufproto_readAll")))]
        lines.append("")
    return lines


def render(results, figs):
    """docs/benchmarks.md and docs/benchmarks.svg, as {path under the root: text}."""
    jdks = sorted((d[3:] for d in os.listdir(results) if d.startswith("jdk")), key=int)
    lines = ["# Benchmarks", "",
             "Generated by `python3 jmh/report.py` (which `jmh/run.sh` calls) from the results in "
             "`jmh/results/`; `jmh/results/BUILDS` names the commit each was measured on. Every row of a JDK "
             "section was measured in one run on one machine (2 vCPU); each section names its peers.", "",
             "LightProto 0.8.0 is not on Maven Central (0.7.3 is). To compare with it, build it from its "
             "source, the streamnative/lightproto repository at commit 4571f64 (\"Bump version to 0.8.0\"): "
             "`mvn -q install -DskipTests -Dlicense.skip=true -pl code-generator,maven-plugin -am`. "
             "`jmh/run.sh` then compiles LightProto's side of every benchmark with it (else with 0.7.3; "
             "`LIGHTPROTO=0.7.3 jmh/run.sh` forces that). What the figures mean and how to "
             "compare two builds: [guide/benchmarks.md](guide/benchmarks.md).", "",
             "![BufProto relative to LightProto and protobuf-java](benchmarks.svg)", ""]
    for jdk in jdks:
        res = {r: load(os.path.join(results, "jdk" + jdk, r + ".json")) for r in READERS + ["pipeline"]}
        note_path = os.path.join(results, "jdk" + jdk, "NOTE.md")
        note = open(note_path).read() if os.path.exists(note_path) else ""
        lp_path = os.path.join(results, "jdk" + jdk, "lightproto.version")
        lp_version = open(lp_path).read().strip() if os.path.exists(lp_path) else "0.7.3"
        by_build = {}
        for r in READERS + ["pipeline"]:
            if res[r]:
                by_build.setdefault(figs.build("jdk%s/%s.json" % (jdk, r)), []).append(r)
        build = ", ".join(b if len(by_build) == 1 else "%s (%s)" % (b, ", ".join(rs)) for b, rs in by_build.items())
        lines += section(jdk, res, note, lp_version, build)
    lines += lightproto_suite(os.path.join(results, "lightproto-suite"))
    lines += timing(os.path.join(results, "lightproto-suite"), figs)
    lines += honest(os.path.join(results, "honest"), figs)
    lines += peek(os.path.join(results, "peek"), figs)
    lines += forward(os.path.join(results, "forward"), figs)
    out = {"docs/benchmarks.md": "\n".join(lines) + "\n"}
    if jdks:
        out["docs/benchmarks.svg"] = svg(jdks[0], load(os.path.join(results, "jdk" + jdks[0], "unchecked.json")))
    return out


def stamp(results, files):
    """Records HEAD (with -dirty when the tree has changes) as the build of each results file."""
    head = subprocess.check_output(["git", "rev-parse", "--short", "HEAD"], text=True).strip()
    # Results, docs and scripts are not part of what is measured.
    if subprocess.run(["git", "diff", "--quiet", "HEAD", "--", ".", ":!jmh/results", ":!docs", ":!*.md",
                       ":!*.py", ":!*.sh"]).returncode:
        head += "-dirty"
    path = os.path.join(results, "BUILDS")
    lines = open(path).read().splitlines() if os.path.exists(path) else []
    for f in files:
        if not os.path.exists(os.path.join(results, f)):
            sys.exit("no results file jmh/results/" + f)
        lines = [l for l in lines if l.split()[:1] != [f]] + ["%s %s" % (f, head)]
    header = [l for l in lines if l.startswith("#")]
    body = sorted(l for l in lines if l.strip() and not l.startswith("#"))
    open(path, "w").write("\n".join(header + body) + "\n")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    results = os.path.join(root, "jmh", "results")
    args = sys.argv[1:]
    if args[:1] == ["--stamp"]:
        stamp(results, args[1:])
        return
    check = args == ["--check"]
    if args and not check:
        sys.exit(__doc__)
    figs = figs_module.Figures(results, load)
    out = render(results, figs)
    for path in figs_module.documents(root):
        out[os.path.relpath(path, root)] = figs_module.fill(open(path).read(), figs)
    problems = ["no build for jmh/results/%s in jmh/results/BUILDS (jmh/report.py --stamp)" % f
                for f in sorted(set(figs.missing))]
    for rel, text in sorted(out.items()):
        path = os.path.join(root, rel)
        old = open(path).read() if os.path.exists(path) else ""
        if old == text:
            continue
        if check:
            diff = difflib.unified_diff(old.splitlines(), text.splitlines(), "committed " + rel,
                                        "from jmh/results", lineterm="", n=0)
            problems.append("%s disagrees with the results:\n%s" % (rel, "\n".join(list(diff)[:40])))
        else:
            open(path, "w").write(text)
    if problems:
        sys.exit("\n\n".join(problems) + "\n\nRun python3 jmh/report.py to rewrite the generated files "
                 "and figures from jmh/results, or correct the results.")


if __name__ == "__main__":
    main()
