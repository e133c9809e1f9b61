#!/usr/bin/env python3
"""plot-results.py -- a gnuplot PNG beside a bench/results file whose
benchmark has a series, from the file's "raw lines" (NAME key=value ...):

  diroverhead   overhead of the directory against plain mapping, per size
  mapoverhead   ns per enter+exit and per present data region, per number
                of live mappings, one line per runtime (deepmap, llvm14,
                and the baseline build when there is one)
  deepcopy      automatic vs hand-written deep copy vs one bulk array, per
                case (median of the runs), strategy batch (the default)
  dcb           the pointerchain paper's deep copy benchmark: transfer
                time (to the device and back) of automatic deep copy, the
                program's hand-written transfers and one bulk copy, per case
  thirdparty-cuda  (bench/cuda/thirdparty.sh's table, no raw lines) process
                time per program of the naive, plugin and expert builds
                under GCC's libgomp and under deepmap on a GPU

Usage: bench/plot-results.py RESULT.txt [OUT.png]   (default: RESULT.png)
The run-*.sh scripts of these benchmarks call it after writing a result.
"""
import os
import statistics
import subprocess
import sys
import tempfile


def raw_lines(path):
    rows = []
    with open(path) as f:
        on = False
        for line in f:
            if line.startswith("raw lines"):
                on = True
                continue
            if not on or not line.strip():
                continue
            w = line.split()
            d = {"_name": w[0]}
            for kv in w[1:]:
                if "=" in kv:
                    k, v = kv.split("=", 1)
                    d[k] = v
            rows.append(d)
    return rows


def gnuplot(script, data):
    with tempfile.NamedTemporaryFile("w", suffix=".dat", delete=False) as f:
        f.write(data)
        name = f.name
    try:
        r = subprocess.run(["gnuplot"], input=script.replace("DATA", name),
                           capture_output=True, text=True)
    finally:
        os.unlink(name)
    if r.returncode != 0:
        sys.exit("plot-results: gnuplot failed: " + r.stderr.strip())


def diroverhead(rows, png):
    data = "".join("%s %s %s %s\n" % (r["n"], r["overhead_pct"], r["dir_us"],
                                      r["plain_us"])
                   for r in rows if r["_name"] == "diroverhead")
    gnuplot('''set terminal png size 900,450
set output "%s"
set title "Directory overhead: three dependent vector additions"
set logscale x 2; set xlabel "elements per array"
set ylabel "overhead (%%)"; set yrange [-5:5]
set arrow from graph 0, first 2 to graph 1, first 2 nohead dt 2
set arrow from graph 0, first -2 to graph 1, first -2 nohead dt 2
plot "DATA" using 1:2 with linespoints title "deepmap directory vs plain"
''' % png, data)


def mapoverhead(rows, png):
    runtimes = []
    for r in rows:
        if r["_name"] == "mapoverhead" and r["runtime"] not in runtimes:
            runtimes.append(r["runtime"])
    blocks = []
    for rt in runtimes:
        per = {}
        for r in rows:
            if r["_name"] == "mapoverhead" and r["runtime"] == rt:
                per.setdefault(int(r["live"]), []).append(
                    (float(r["enter_exit_ns"]), float(r["data_region_ns"])))
        blocks.append("".join("%d %g %g\n" % (
            live, statistics.median(v[0] for v in per[live]),
            statistics.median(v[1] for v in per[live]))
            for live in sorted(per)))
    plots1 = ", ".join('"DATA" index %d using ($1+1):2 with linespoints '
                       'title "%s"' % (i, rt) for i, rt in enumerate(runtimes))
    plots2 = plots1.replace(":2 ", ":3 ")
    gnuplot('''set terminal png size 1000,420
set output "%s"
set multiplot layout 1,2 title "Mapping overhead per operation (median of the runs)"
set logscale x 10; set xlabel "live mappings + 1"; set ylabel "ns"
set key top left
set title "enter + exit data, new object"
plot %s
set title "target data region, data present"
plot %s
unset multiplot
''' % (png, plots1, plots2), "\n\n".join(blocks))


def deepcopy(rows, png):
    # The default strategy's rows (batch), else those of the one there.
    strategies = [r.get("strategy") for r in rows if r["_name"] == "deepcopy"]
    strategy = "batch" if "batch" in strategies else strategies[0]
    per = {}
    order = []
    for r in rows:
        if r["_name"] != "deepcopy" or r.get("strategy") != strategy:
            continue
        c = r["case"]
        if c not in per:
            per[c] = []
            order.append(c)
        per[c].append((float(r["auto_ms"]), float(r["hand_ms"]),
                       float(r["bulk_ms"])))
    data = "".join("%s %g %g %g\n" % (c, statistics.median(v[0] for v in per[c]),
                                      statistics.median(v[1] for v in per[c]),
                                      statistics.median(v[2] for v in per[c]))
                   for c in order)
    gnuplot('''set terminal png size 1100,480
set output "%s"
set title "Deep copy (strategy %s): automatic vs hand-written vs one bulk array (median ms)"
set style data histograms; set style histogram clustered gap 1
set style fill solid 0.8; set logscale y; set ylabel "ms"
set xtics rotate by -35; set key top left
plot "DATA" using 2:xtic(1) title "automatic (plugin)", "" using 3 title "hand-written", "" using 4 title "bulk array"
''' % (png, strategy), data)


def dcb(rows, png):
    t = {}
    order = []
    for r in rows:
        if r["_name"] != "dcb" or "to_us" not in r:
            continue
        c = r["case"]
        if c not in order:
            order.append(c)
        t[c, r["variant"].lower()] = float(r["to_us"]) + float(r["from_us"])
    data = "".join("%s %g %g %g\n" % (
        c, t.get((c, "auto"), 0), t.get((c, "hand"), t.get((c, "seriz"), 0)),
        t.get((c, "bulk"), 0)) for c in order)
    gnuplot('''set terminal png size 1300,520
set output "%s"
set title "deepcopy-benchmark: transfer to the device and back (median us)"
set style data histograms; set style histogram clustered gap 1
set style fill solid 0.8; set logscale y; set ylabel "us"
set xtics rotate by -40 font ",8"; set key top left
plot "DATA" using 2:xtic(1) title "automatic (plugin)", "" using 3 title "hand-written (marshalled + attach)", "" using 4 title "bulk copy"
''' % png, data)


def thirdparty_cuda(path, png):
    times = {}
    order = []
    with open(path) as f:
        for line in f:
            w = line.split()
            if line.startswith("#") or len(w) < 4 or not w[3].isdigit():
                continue
            if w[0] not in order:
                order.append(w[0])
            times[w[0], w[1], w[2]] = int(w[3])
    series = [(rt, v) for rt in ("gcc", "deepmap") for v in ("naive", "plugin", "expert")]
    data = "".join(p + "".join(" %s" % times.get((p,) + s, "-") for s in series) + "\n"
                   for p in order)
    plots = ", ".join('"%s" using %d%s title "%s %s"' % (
        "DATA" if i == 0 else "", i + 2, ":xtic(1)" if i == 0 else "",
        "GCC libgomp" if rt == "gcc" else "deepmap", v)
        for i, (rt, v) in enumerate(series))
    gnuplot('''set terminal png size 1200,500
set output "%s"
set title "Naive vs naive+plugin vs expert on a GPU (process time, ms)"
set style data histograms; set style histogram clustered gap 1
set style fill solid 0.8; set logscale y; set ylabel "ms"; set datafile missing "-"
set xtics rotate by -35; set key top right
plot %s
''' % (png, plots), data)


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip())
        return 2
    path = argv[1]
    png = argv[2] if len(argv) > 2 else os.path.splitext(path)[0] + ".png"
    with open(path) as f:
        if any(l.startswith("# thirdparty on a GPU") for l in f):
            thirdparty_cuda(path, png)
            print("plot-results: %s" % png)
            return 0
    rows = raw_lines(path)
    kinds = {r["_name"] for r in rows}
    for name, fn in (("diroverhead", diroverhead),
                     ("mapoverhead", mapoverhead), ("deepcopy", deepcopy),
                     ("dcb", dcb)):
        if name in kinds:
            fn(rows, png)
            print("plot-results: %s" % png)
            return 0
    print("plot-results: %s has no series this script draws" % path)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
