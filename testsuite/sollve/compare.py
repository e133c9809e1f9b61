#!/usr/bin/env python3
"""compare.py -- counts of run-sollve.sh's results per OpenMP version
(Fortran tests on rows of their own),
and a failure for every test that passes under the system libgomp but
not under deepmap (plain build, or with the plugin) unless
KNOWN-DIFFERENCES lists it.  Usage: compare.py RESULTS.TSV KNOWN"""
import collections
import sys


def main():
    results, known_file = sys.argv[1], sys.argv[2]
    known = {}
    for line in open(known_file):
        line = line.strip()
        if line and not line.startswith("#"):
            test, _, why = line.partition(" ")
            known[test] = why.strip()
    counts = collections.defaultdict(collections.Counter)
    bad = []
    for line in open(results):
        test, built, system, plain, plugin = line.rstrip("\n").split("\t")
        # Fortran tests apart: the plugin is for C and C++ (NOPLUGIN).
        ver = test.split("/")[1] + (" F90" if test.endswith(".F90") else "")
        c = counts[ver]
        c["tests"] += 1
        if system == "-":
            continue
        c["compiled"] += 1
        for what, v in (("system", system), ("deepmap", plain),
                        ("deepmap+plugin", plugin)):
            c[what] += v == "PASS"
        for what, v in (("deepmap", plain), ("deepmap+plugin", plugin)):
            if (system == "PASS"
                    and v not in ("PASS", "PLUGIN_NOCOMPILE", "NOPLUGIN")
                    and test not in known):
                bad.append("%s under %s: %s" % (test, what, v))
    print("%-9s %6s %9s %7s %8s %15s" % ("", "tests", "compiled", "system",
                                         "deepmap", "deepmap+plugin"))
    for ver in sorted(counts):
        c = counts[ver]
        print("%-9s %6d %9d %7d %8d %15d" % (ver, c["tests"], c["compiled"],
                                             c["system"], c["deepmap"],
                                             c["deepmap+plugin"]))
    for b in bad:
        print("FAIL: " + b)
    print("%d unexpected failures" % len(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
