#!/usr/bin/env python3
"""random-pipeline.py -- a seeded differential campaign for pipelined
loops (#pragma deepmap pipeline): random split patterns against the
host's results.

Each program runs one loop over k, whose body holds one or two target
regions, under a pipeline pragma drawn at random: arrays split by rows
(the first dimension, 2-D or 3-D) or by columns (the second dimension
of 2-D arrays), splits a*k + b of one to three rows or columns (halos
above and below, gaps between iterations' rows where a is 2), to,
from and tofrom maps, chunk sizes and stream counts as literals, from
variables or left to the runtime, a memory limit or none, device(0) on
the regions or on the pragma, a loop written with < or <=, sometimes a target data around the loop that
maps one array whole (the pipeline then uses that copy).  Every region
maps what it uses itself (the rows of its iteration, or whole arrays),
so each program is valid OpenMP without the plugin.  An output array's
rows are disjoint between iterations, or a tofrom one has a halo: each
iteration stores one row of it and reads rows the others store; a `from' array's named rows are
stored in full; the second region may read what the first stored.
main runs the loop several times with different schedules.  Each
program is built without the plugin and with it, every third one as
C++, and run: the plain build under the system libgomp (host fallback)
is the model; the plain build under deepmap, the plugin's build under
deepmap (pipelined), under DEEPMAP_CHECK=1 and under the system libgomp
must print the same; the runs under deepmap model a link (DEEPMAP_EMU_LINK)
so that copies overlap the regions.

Usage: random-pipeline.py [--seed S] [--seeds K] [--count N] [--keep DIR]
                          [--program P] [--quiet] LIBDIR PLUGIN
Seeds S to S + K - 1 (1, 1), N programs each (20), or program P of each
alone (the one a failure named: s<S>-p<P>).  Prints one line per program
(--quiet: per failing program) and ends with "N passed, N failed"; exit
status 1 when a program differs (its source is kept in DIR, default
./random-pipeline-failures).

Arithmetic is on unsigned integers.
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import campaign  # noqa: E402


class Array:
    """One array of the loop: NAME, its role ("in" or "out"), its
    pipeline map kind, split A*k + B of S rows (or columns)."""

    def __init__(self, name, role, kind, a, b, s):
        self.name, self.role, self.kind = name, role, kind
        self.a, self.b, self.s = a, b, s
        # An output with a halo: iteration k stores row first + WR
        # only and reads the others, which other iterations store (None:
        # it stores every row it names).
        self.wr = None

    def first(self, k):
        """The first row (column) iteration K names, as C text."""
        ak = "k" if self.a == 1 else "%d * k" % self.a
        if self.b == 0:
            return ak
        return "%s %s %d" % (ak, "+" if self.b > 0 else "-", abs(self.b))


class Prog:
    def __init__(self, rng):
        r = self.rng = rng
        self.cols = r.random() < 0.25          # split in the 2nd dimension
        self.dims3 = not self.cols and r.random() < 0.5
        self.n = r.randint(6, 30)             # rows (columns when split)
        self.ny = r.randint(1, 4) if self.dims3 else 1
        self.nx = r.randint(1, 6) if not self.cols else r.randint(1, 5)
        self.arrays = []
        nin, nout = r.randint(1, 2), r.randint(1, 2)
        for i in range(nin):
            a = r.choice([1, 1, 1, 2])
            self.arrays.append(Array("I%d" % i, "in", "to", a,
                                     r.randint(-2, 2), r.randint(1, 3)))
        for o in range(nout):
            a = r.choice([1, 1, 2])
            s = 1 if a == 1 else r.randint(1, 2)
            kind = r.choice(["from", "tofrom", "tofrom"])
            x = Array("O%d" % o, "out", kind, a, r.randint(-1, 1), s)
            if kind == "tofrom" and a == 1 and r.random() < 0.6:
                x.s = r.randint(2, 3)
                x.b = r.randint(-(x.s - 1), 0)
                x.wr = r.randrange(x.s)
            self.arrays.append(x)
        # The iterations whose rows all lie in [0, n).
        lo = max(-(-(-x.b) // x.a) for x in self.arrays)
        hi = min((self.n - x.s - x.b) // x.a for x in self.arrays)
        if lo > hi:
            # Too few rows for these splits: one row, no halo.
            for x in self.arrays:
                x.a, x.b, x.s, x.wr = 1, 0, 1, None
            lo, hi = 0, self.n - 1
        self.lo = r.randint(lo, min(hi, lo + 2))
        self.hi = r.randint(max(self.lo, hi - 2), hi)   # last k
        self.le = r.random() < 0.4
        self.two = r.random() < 0.4 and nout == 2
        self.resident = (r.choice(self.arrays).name
                         if r.random() < 0.2 else None)
        self.limit = r.choice([None, None, '"64M"', "8 M"])
        self.forms = [r.randrange(3) for _ in range(2)]
        self.region_maps = [r.random() < 0.5 for _ in range(2)]
        self.coef = [r.randint(1, 9) for _ in range(8)]
        # device(0) on the regions, on the pragma, or neither.
        self.device = r.choice([None, None, "region", "pragma"])

    # ---- text ---------------------------------------------------------

    def decl(self, name):
        if self.cols:
            return "unsigned (*%s)[W]" % name
        if self.dims3:
            return "unsigned (*%s)[NY][NX]" % name
        return "unsigned (*%s)[NX]" % name

    def elem(self, x, row, j="j", i="i"):
        """Element (ROW, J, I) of array X; ROW indexes the split
        dimension."""
        if self.cols:
            return "%s[%s][%s]" % (x.name, i, row)
        if self.dims3:
            return "%s[%s][%s][%s]" % (x.name, row, j, i)
        return "%s[%s][%s]" % (x.name, row, i)

    def section(self, x, whole):
        """X's section as a map clause names it."""
        if self.cols:
            return "%s[0:R][0:W]" % x.name
        rows = "0:N" if whole else "%s:%d" % (x.first("k"), x.s)
        if self.dims3:
            return "%s[%s][0:NY][0:NX]" % (x.name, rows)
        return "%s[%s][0:NX]" % (x.name, rows)

    def pipe_section(self, x):
        if self.cols:
            return "%s[0:R][%s:%d]" % (x.name, x.first("k"), x.s)
        rows = "%s:%d" % (x.first("k"), x.s)
        if self.dims3:
            return "%s[%s][0:NY][0:NX]" % (x.name, rows)
        return "%s[%s][0:NX]" % (x.name, rows)

    def region(self, which, outs, ins):
        """Region WHICH of the body: stores OUTS' rows from INS' rows."""
        r, c = self.rng, self.coef
        form = self.forms[which]
        maps = []
        for x in ins + outs:
            # Column splits: OpenMP has no strided sections; whole arrays.
            whole = self.cols or self.region_maps[which]
            if x in ins:
                kind = "to" if x.role == "in" else "tofrom"
            else:
                kind = "tofrom" if whole else x.kind
            maps.append("map(%s: %s)" % (kind, self.section(x, whole)))
        if self.device == "region":
            maps.append("device(0)")
        inner = "NX" if not self.cols else "R"
        outer = "NY" if self.dims3 else "1"
        head = {0: "#pragma omp target teams distribute parallel for "
                   "collapse(2) %s" % " ".join(maps),
                1: "#pragma omp target %s" % " ".join(maps),
                2: "#pragma omp target parallel for collapse(2) %s"
                   % " ".join(maps)}[form]
        lines = ["      " + head]
        if form == 1:
            lines.append("      {")
        ind = "        " if form == 1 else "      "
        lines.append(ind + "for (int j = 0; j < %s; j++)" % outer)
        lines.append(ind + "  for (int i = 0; i < %s; i++)" % inner)
        lines.append(ind + "    {")
        for o in outs:
            for t in range(o.s) if o.wr is None else [o.wr]:
                row = "%s + %d" % (o.first("k"), t) if t else o.first("k")
                terms = ["%du * (unsigned) k" % c[0], "(unsigned) (j * 7 + i)"]
                if o.wr is not None:
                    # Rows of the halo, stored by the iterations before
                    # (read after them) or after (read before).
                    for u in range(o.s):
                        if u != o.wr and r.random() < 0.8:
                            ur = ("%s + %d" % (o.first("k"), u) if u
                                  else o.first("k"))
                            terms.append("%du * %s" % (r.randint(1, 9),
                                                        self.elem(o, ur)))
                for x in ins:
                    u = r.randrange(x.s)
                    xr = "%s + %d" % (x.first("k"), u) if u else x.first("k")
                    shift = r.randrange(3)
                    ii = ("(i + %d) %% %s" % (shift, inner)) if shift else "i"
                    terms.append("%du * %s" % (r.randint(1, 9),
                                                self.elem(x, xr, "j", ii)))
                op = "+=" if o.kind == "tofrom" and r.random() < 0.6 else "="
                lines.append(ind + "      %s %s %s;"
                             % (self.elem(o, row), op, " + ".join(terms)))
        lines.append(ind + "    }")
        if form == 1:
            lines.append("      }")
        return lines

    def loop_fn(self):
        ins = [x for x in self.arrays if x.role == "in"]
        outs = [x for x in self.arrays if x.role == "out"]
        args = ", ".join(self.decl(x.name) for x in self.arrays)
        out = ["static void",
               "run_loop (%s, int chunk, int streams, int lo, int hi)"
               % args, "{"]
        clauses = ["pipeline"]
        sched = self.rng.randrange(3)
        if sched == 0:
            clauses[0] = "pipeline(static[chunk,streams])"
        elif sched == 1:
            clauses[0] = "pipeline(static[%d,%d])" % (self.rng.randint(1, 4),
                                                     self.rng.randint(1, 4))
        for x in self.arrays:
            clauses.append("pipeline_map(%s: %s)" % (x.kind,
                                                    self.pipe_section(x)))
        if self.limit:
            clauses.append("pipeline_mem_limit(%s)" % self.limit)
        if self.device == "pragma":
            clauses.append("device(0)")
        out.append("  (void) chunk; (void) streams;")
        if self.resident:
            x = [a for a in self.arrays if a.name == self.resident][0]
            out.append("  #pragma omp target data map(tofrom: %s)"
                       % self.section(x, True))
            out.append("  {")
        out.append("  #pragma deepmap " + " ".join(clauses))
        cond = "k <= hi" if self.le else "k < hi + 1"
        out.append("  for (int k = lo; %s; k++)" % cond)
        out.append("    {")
        if self.two:
            out += self.region(0, outs[:1], ins)
            out += self.region(1, outs[1:], ins + outs[:1])
        else:
            out += self.region(0, outs, ins)
        out.append("    }")
        if self.resident:
            out.append("  }")
        out.append("}")
        return out

    def source(self):
        r = self.rng
        out = ["#include <stdio.h>",
               "#include <stdlib.h>",
               "#include <string.h>",
               "#define N %d" % self.n,
               "#define NY %d" % self.ny,
               "#define NX %d" % self.nx,
               "#define R %d" % self.nx,
               "#define W %d" % self.n,
               ""]
        out += self.loop_fn()
        total = ("R * W" if self.cols else
                 "N * NY * NX" if self.dims3 else "N * NX")
        out += ["",
                "static unsigned",
                "sum (const unsigned *p, unsigned h)",
                "{",
                "  for (int x = 0; x < %s; x++)" % total,
                "    h = h * 31u + p[x];",
                "  return h;",
                "}",
                "",
                "int",
                "main (void)",
                "{"]
        for x in self.arrays:
            out.append("  unsigned *%s_ = (unsigned *) malloc (%s * sizeof "
                       "(unsigned));" % (x.name, total))
        runs = r.randint(2, 4)
        out.append("  unsigned h = 0;")
        out.append("  for (int run = 0; run < %d; run++)" % runs)
        out.append("    {")
        for n, x in enumerate(self.arrays):
            out.append("      for (int x = 0; x < %s; x++)" % total)
            out.append("        %s_[x] = (unsigned) (x * %d + run * %d + %d);"
                       % (x.name, 2 * n + 3, n + 1, 17 * n))
        chunks = [r.randint(1, 5) for _ in range(runs)]
        streams = [r.randint(1, 4) for _ in range(runs)]
        out.append("      static const int chunks[] = { %s };"
                   % ", ".join(map(str, chunks)))
        out.append("      static const int streams[] = { %s };"
                   % ", ".join(map(str, streams)))
        casts = ", ".join("(%s) %s_" % (self.decl("").replace(" ", ""),
                                        x.name) for x in self.arrays)
        out.append("      run_loop (%s, chunks[run], streams[run], %d, %d);"
                   % (casts, self.lo, self.hi))
        for x in self.arrays:
            out.append("      h = sum (%s_, h);" % x.name)
        out.append("    }")
        out.append('  printf ("%08x\\n", h);')
        for x in self.arrays:
            out.append("  free (%s_);" % x.name)
        out += ["  return 0;", "}"]
        return "\n".join(out) + "\n"


def run(exe, libdir, check=False):
    # A modelled link: copies take time on copy-engine threads of their
    # own, so that chunks' copies overlap regions as on a GPU.
    env = {"DEEPMAP_EMU_LINK": "1G,20us"}
    if check:
        env["DEEPMAP_CHECK"] = "1"
    return campaign.run(exe, libdir, None, env)


def source(seed, k, cxx):
    return Prog(random.Random(seed * 100019 + k)).source()


def main():
    campaign.host_campaign(sys.argv[1:], "random-pipeline.py",
                           __doc__.split("\n\n")[2], source, run)


if __name__ == "__main__":
    main()
