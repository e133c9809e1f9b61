#!/usr/bin/env python3
"""trace-timeline.py -- draw a DEEPMAP_TRACE=FILE.json timeline as a PNG.

Usage: tools/trace-timeline.py TRACE.json OUT.png [--from US] [--to US]
                               [--width PIXELS]

One row per track (host threads first, then device queues, named as in
the trace); each complete event ("X") a box from its start to its end,
coloured by kind: constructs, copies (H2D, D2H, D2D), kernels,
allocations and frees, fusions, waits.  Nested events are drawn inside
their parents, thinner.  --from/--to cut a window (microseconds from
the trace's start).  Needs gnuplot (Debian's gnuplot-nox); writes the
gnuplot script next to the PNG (OUT.gp) so that it can be adjusted.
"""
import argparse
import json
import subprocess
import sys

COLOURS = [
    (("target", "target enter data", "target exit data", "target update",
      "nowait enqueue"), "#9e9e9e", "construct"),
    (("H2D copy",), "#1f77b4", "H2D"),
    (("D2H copy",), "#2ca02c", "D2H"),
    (("D2D copy",), "#17becf", "D2D"),
    (("kernel",), "#d62728", "kernel"),
    (("alloc", "free", "associate", "disassociate"), "#ff7f0e",
     "alloc/free"),
    (("fusion",), "#9467bd", "fusion"),
    (("wait for queue",), "#8c564b", "wait"),
]


def colour(name):
    for names, col, _ in COLOURS:
        if name in names:
            return col
    return "#bcbd22"


def main(argv):
    ap = argparse.ArgumentParser(usage=__doc__.strip().splitlines()[2])
    ap.add_argument("trace")
    ap.add_argument("png")
    ap.add_argument("--from", dest="lo", type=float, default=0.0)
    ap.add_argument("--to", dest="hi", type=float)
    ap.add_argument("--width", type=int, default=1400)
    a = ap.parse_args(argv[1:])
    src, png = a.trace, a.png
    with open(src) as f:
        doc = json.load(f)
    events = doc.get("traceEvents", [])
    names = {}
    xs = []
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            names[e["tid"]] = e.get("args", {}).get("name", str(e["tid"]))
        elif e.get("ph") == "X":
            xs.append(e)
    lo = a.lo
    hi = a.hi if a.hi is not None else \
        max((e["ts"] + e["dur"] for e in xs), default=1.0)
    xs = [e for e in xs if e["ts"] + e["dur"] >= lo and e["ts"] <= hi]
    if not xs:
        print("trace-timeline: no events to draw in %s" % src)
        return 1
    tids = sorted({e["tid"] for e in xs})
    row = {t: len(tids) - 1 - i for i, t in enumerate(tids)}
    # Depth on each track: an event inside the one before it is nested.
    depth = {}
    for t in tids:
        stack = []
        for e in sorted((e for e in xs if e["tid"] == t),
                        key=lambda e: (e["ts"], -e["dur"])):
            while stack and stack[-1] < e["ts"] + e["dur"] and \
                    stack[-1] <= e["ts"]:
                stack.pop()
            depth[id(e)] = len(stack)
            stack.append(e["ts"] + e["dur"])
    width = a.width
    gp = png[:-4] + ".gp" if png.endswith(".png") else png + ".gp"
    with open(gp, "w") as f:
        f.write('set terminal png size %d,%d\n' % (width, 90 + 36 * len(tids)))
        f.write('set output "%s"\n' % png)
        f.write('set xrange [%g:%g]\n' % (lo, hi))
        f.write('set yrange [-0.6:%g]\n' % (len(tids) - 0.4))
        f.write('set xlabel "microseconds"\nset key outside bottom center '
                'horizontal\nunset ytics\nset grid x\n')
        f.write('set lmargin 32\n')
        for t in tids:
            f.write('set label "%s" at graph 0, first %d right offset -1,0\n'
                    % (names.get(t, "track %d" % t).replace('"', "'"),
                       row[t]))
        for n, e in enumerate(sorted(xs, key=lambda e: depth[id(e)]), 1):
            h = max(0.4 - 0.1 * depth[id(e)], 0.1)
            end = e["ts"] + max(e["dur"], (hi - lo) / width)
            f.write('set object %d rect from %g,%g to %g,%g fc rgb "%s" '
                    'fs solid 0.9 noborder\n'
                    % (n, e["ts"], row[e["tid"]] - h, end, row[e["tid"]] + h,
                       colour(e["name"])))
        # The key: one invisible point per kind.
        plots = ['NaN with boxes fc rgb "%s" fs solid title "%s"'
                 % (col, label) for _, col, label in COLOURS]
        f.write('plot ' + ', '.join(plots) + '\n')
    r = subprocess.run(["gnuplot", gp], capture_output=True, text=True)
    if r.returncode != 0:
        print("trace-timeline: gnuplot failed: %s" % r.stderr.strip())
        return 1
    print("trace-timeline: %d events on %d tracks -> %s" % (len(xs),
                                                           len(tids), png))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
