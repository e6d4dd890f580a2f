"""The figures that README.md and the guide quote, computed from the committed results in
jmh/results/, and the build each result file was measured on (jmh/results/BUILDS).

A figure in a document is the text between <!-- fig NAME --> and <!-- /fig -->; jmh/report.py
writes it there, and `jmh/report.py --check` (run by the build's FiguresTest) fails when the text
committed differs from what the results say. Each figure names the JDK and the build measured.
Stdlib only."""
import math
import os
import re

# Where figures may appear, relative to the repository root.
DOCS = ["README.md", "docs/guide"]
MARKER = re.compile(r"(<!-- fig ([\w-]+) -->)(.*?)(<!-- /fig -->)", re.S)
SHAPES = ["MessageMetadata", "BaseCommand", "Simple", "AddressBook", "Strings", "Packed", "Deep"]


def builds(results):
    """jmh/results/BUILDS: results file (relative to jmh/results) -> the commit it was measured on."""
    out = {}
    path = os.path.join(results, "BUILDS")
    if os.path.exists(path):
        for line in open(path):
            f = line.split()
            if f and not f[0].startswith("#"):
                out[f[0]] = f[1]
    return out


def jdk_of(res):
    """'JDK 17.0.15' from any record of a results dict (report.load)."""
    rec = next(iter(res.values()))[3]
    return "JDK " + rec.get("jdkVersion", "?")


def at(jdk, build):
    return "%s, build %s" % (jdk, build)


def x(v, digits=2):
    return ("%." + str(digits) + "fx") % v


def span(ratios, digits=2):
    lo, hi = min(ratios), max(ratios)
    return x(lo, digits) if round(lo, digits) == round(hi, digits) else "%s to %s" % (x(lo, digits), x(hi, digits))


def geomean(ratios):
    return math.exp(sum(math.log(r) for r in ratios) / len(ratios))


def ratio(a, b):
    return a[0] / b[0] if a and b and b[0] else None


class Figures:
    """Every named figure, computed on demand from the results folder."""

    def __init__(self, results, load):
        self.results = results
        self.load = load
        self.builds = builds(results)
        self.missing = []  # results files without a build in BUILDS

    def build(self, rel):
        b = self.builds.get(rel)
        if b is None:
            self.missing.append(rel)
            return "?"
        return b

    def main(self, jdk):
        """The run of jmh/run.sh on that JDK: (results, 'JDK 17.0.15, build abc1234')."""
        rel = "jdk%s/unchecked.json" % jdk
        u = self.load(os.path.join(self.results, rel))
        if not u:
            raise KeyError(rel + " has no results")
        return u, at(jdk_of(u), self.build(rel))

    def rows(self, u, op, peer):
        """(shape, BufProto / peer) for every shape with both."""
        out = []
        for s in SHAPES:
            r = ratio(u.get((s, "bufproto_" + op)), u.get((s, peer + "_" + op)))
            if r is not None:
                out.append((s, r))
        return out

    def get(self, name):
        m = re.fullmatch(r"([a-z-]+?)(?:-(\d+))?", name)
        kind, jdk = m.group(1), m.group(2)
        fn = getattr(self, "fig_" + kind.replace("-", "_"), None)
        if fn is None:
            raise KeyError("no figure named " + name)
        try:
            return fn(jdk) if jdk else fn()
        except (KeyError, TypeError, ValueError, OSError, StopIteration) as e:
            raise SystemExit("figure %s: the results it needs are missing or malformed (%s: %s)"
                             % (name, type(e).__name__, e))

    # ---- The figures.

    def fig_protobuf_parse(self, jdk):
        u, where = self.main(jdk)
        return "%s faster (%s)" % (span([r for _, r in self.rows(u, "deserialize", "protobuf")], 1), where)

    def fig_write_alloc(self, jdk):
        u, where = self.main(jdk)
        allocs = [v[2] for (s, b), v in u.items() if s in SHAPES and b.startswith("bufproto_")
                  and "erialize" in b and "deserialize" not in b and v[2] is not None]
        worst = max(allocs) if allocs else None
        if worst is None:
            return "writes (allocation not measured)"
        return "writes with no allocation" if worst < 0.5 else "writes with at most %d B/op" % round(worst)

    def fig_standing(self, jdk):
        """Where BufProto stands against LightProto on the run's shapes, in words."""
        u, where = self.main(jdk)
        ratios = [r for op in ("serialize", "fillSerialize", "deserialize") for _, r in self.rows(u, op, "lightproto")]
        ahead = sum(r >= 1 for r in ratios)
        words = ("ahead on every shape and operation" if ahead == len(ratios) else
                 "behind on every shape and operation" if ahead == 0 else
                 "ahead on %d and behind on %d of the shapes and operations" % (ahead, len(ratios) - ahead))
        return "%s of `jmh/run.sh` (%s)" % (words, where)

    def suite_rows(self, jdk):
        title, rows, rounds = suite_file(os.path.join(self.results, "lightproto-suite/jdk%s.txt" % jdk))
        build = re.search(r"BufProto at (\w+)", title).group(1)
        version = re.search(r'version "([^"]+)"', title).group(1)
        return ([(f[0], float(f[3].rstrip("x"))) for f in rows],
                "%s, medians of %d interleaved rounds" % (at("JDK " + version, build), rounds))

    def fig_suite(self, jdk):
        rows, where = self.suite_rows(jdk)
        ratios = [r for _, r in rows]
        return "%s, geometric mean %s (%s)" % (span(ratios), x(geomean(ratios)), where)

    def fig_summary(self, jdk):
        """The committed run of jmh/run.sh in a few lines, for the guide."""
        u, where = self.main(jdk)
        lp = open(os.path.join(self.results, "jdk%s/lightproto.version" % jdk)).read().strip()
        listed = lambda rows: ", ".join("%s %s" % (s, x(r)) for s, r in sorted(rows, key=lambda t: -t[1]))
        lines = ["%s, classpath runtime, against LightProto %s, one run of `jmh/run.sh short` (errors in "
                 "the table):" % (where, lp), ""]
        for op, label in (("serialize", "Serialize of a filled message"),
                          ("fillSerialize", "Clear + fill + serialize, refilling the same `String` objects"),
                          ("deserialize", "Deserialize")):
            rows = self.rows(u, op, "lightproto")
            if rows:
                lines.append("- %s: %s." % (label, listed(rows)))
        pj = self.rows(u, "deserialize", "protobuf")
        if pj:
            lines.append("- Deserialize against protobuf-java: %s." % span([r for _, r in pj], 1))
        pj_alloc = [v[2] for (s, b), v in u.items() if b == "protobuf_serialize" and v[2] is not None]
        lines.append("- BufProto %s%s." % (self.fig_write_alloc(jdk), " (protobuf-java's serialize: %d to %d B/op)"
                                          % (min(pj_alloc), max(pj_alloc)) if pj_alloc else ""))
        leak = ratio(u.get(("LeakAware", "bufproto_parse")), u.get(("LeakAware", "lightproto_parse")))
        if leak:
            lines.append("- In buffers wrapped at leak level `PARANOID`, BufProto parses %s as fast as LightProto, "
                         "which reads every byte through the wrapper." % x(leak, 0 if leak >= 10 else 2))
        return "\n".join(lines)

    def fig_pipeline(self, jdk):
        rel = "jdk%s/pipeline.json" % jdk
        p = self.load(os.path.join(self.results, rel))
        if not p:
            rel = "jdk%s/unchecked.json" % jdk
            p = self.load(os.path.join(self.results, rel))
        e = [p.get(("Pipeline", lib + "_encode")) for lib in ("bufproto", "protobuf")]
        d = [p.get(("Pipeline", lib + "_decode")) for lib in ("bufproto", "protobuf")]
        cell = lambda v: "%.2f ± %.2f" % (v[0], v[1])
        alloc = lambda a, b: "; %d vs %d B/op" % (round(a[2]), round(b[2])) if a[2] is not None else ""
        return ("encode %s vs %s ops/us (%s%s), decode %s vs %s (%s%s) (%s)"
                % (cell(e[0]), cell(e[1]), x(ratio(*e)), alloc(*e), cell(d[0]), cell(d[1]), x(ratio(*d)),
                   alloc(*d), at(jdk_of(p), self.build(rel))))

    def fig_honest(self, jdk):
        rel = "honest/jdk%s.json" % jdk
        res = self.load(os.path.join(self.results, rel))
        rows = [(s, ratio(res.get((s, "bufproto_fillSerialize")), res.get((s, "lightproto_fillSerialize"))))
                for s in sorted({k[0] for k in res})]
        rows = [(s, r) for s, r in rows if r is not None]
        return "%s (%s: %s)" % (span([r for _, r in rows]), at(jdk_of(res), self.build(rel)),
                               ", ".join("%s %s" % (s, x(r)) for s, r in rows))

    def fig_deny(self, jdk):
        """jmh/lightproto-timing.sh's medians: what deny costs LightProto, and the ratios under deny."""
        rel = "lightproto-suite/timing-jdk%s.txt" % jdk
        text = open(os.path.join(self.results, rel)).read().splitlines()
        title = next(l for l in text if l.startswith("== medians"))
        version = re.search(r'version "([^"]+)"', title).group(1)
        build = self.build(rel)
        rows = [l.split() for l in text[text.index(title) + 1:] if len(l.split()) >= 7]
        loss = [1 - float(f[-5]) / float(f[-6]) for f in rows]
        name = lambda f: " ".join(f[:-6])
        return ("LightProto loses %d%% to %d%% under deny (%s); BufProto / LightProto under deny: %s"
                % (round(100 * min(loss)), round(100 * max(loss)), at("JDK " + version, build),
                   ", ".join("%s %s" % (name(f), f[-1]) for f in rows)))

    def fig_module(self, jdk):
        """The module runtime against the classpath one, from the same run."""
        u, where = self.main(jdk)
        m = self.load(os.path.join(self.results, "jdk%s/module.json" % jdk))
        self.build("jdk%s/module.json" % jdk)
        rows = []
        for s in SHAPES:
            for op in ("serialize", "deserialize"):
                r = ratio(m.get((s, "bufproto_" + op)), u.get((s, "bufproto_" + op)))
                if r is not None:
                    rows.append(("%s %s" % (s, op), r))
        low = [(n, r) for n, r in rows if round(r, 2) < 0.9]
        mixed = ratio(m.get(("MixedBuffers", "bufproto_mixed")), u.get(("MixedBuffers", "bufproto_mixed")))
        return ("%s of the classpath runtime's speed on every shape's parse and write%s%s (%s)"
                % (span([r for _, r in rows]),
                   "; below 0.90x: " + ", ".join("%s %s" % (n, x(r)) for n, r in low) if low else "",
                   "; parsing from seven buffer classes in turn %s" % x(mixed) if mixed else "", where))

    def fig_virtual_threads(self, jdk):
        """VirtualThreadBenchmark: B/op of a new virtual thread per operation, against LightProto."""
        rel = "virtual-threads/jdk%s.json" % jdk
        v = self.load(os.path.join(self.results, rel))
        lp = open(os.path.join(self.results, "virtual-threads/lightproto.version")).read().strip()
        b = lambda lib, op: round(v[("VirtualThread", "%s_%sOnNewVirtualThread" % (lib, op))][2])
        return ("a new virtual thread that parses a `Frame` from a direct buffer and reads its 34-byte "
                "name allocates %d B/op (LightProto %s: %d), one that writes a 10 KiB `Frame` into a "
                "direct buffer %d B/op (LightProto: %d); the thread alone allocates %d B/op (%s)"
                % (b("bufproto", "parseGetName"), lp, b("lightproto", "parseGetName"),
                   b("bufproto", "writeLarge"), b("lightproto", "writeLarge"),
                   round(v[("VirtualThread", "virtualThreadAlone")][2]), at(jdk_of(v), self.build(rel))))


def suite_file(path):
    """A jmh/lightproto-suite.sh output: its last heading (None if absent), its rows (benchmark,
    LightProto, BufProto, ratio: each split into 4 fields) and its number of rounds."""
    text = open(path).read().splitlines()
    title = next((l for l in text if l.startswith("== BufProto / LightProto")), None)
    rows = [l.split() for l in text[text.index(title) + 1:]] if title else []
    rounds = len({l.split()[1] for l in text if l.startswith("round ")})
    return title, [f for f in rows if len(f) == 4], rounds


def documents(root):
    for d in DOCS:
        p = os.path.join(root, d)
        if os.path.isdir(p):
            for name in sorted(os.listdir(p)):
                if name.endswith(".md"):
                    yield os.path.join(p, name)
        elif os.path.exists(p):
            yield p


def fill(text, figures):
    """text with every marked figure rewritten (a figure whose text starts on a line of its own stays
    a block); unknown names raise KeyError."""
    def one(m):
        fig = figures.get(m.group(2))
        if m.group(3).startswith("\n"):
            fig = "\n" + fig + "\n"
        return m.group(1) + fig + m.group(4)
    return MARKER.sub(one, text)
