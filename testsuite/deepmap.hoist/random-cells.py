#!/usr/bin/env python3
"""random-cells.py -- a seeded differential campaign for transfer
hoisting of arrays held in pointer cells: arrays a function allocates
and keeps in pointer variables whose addresses go to a release function
(free and clear, as OMPDart's LULESH does) and to host parallel regions
that share them by reference.  The time loop mixes target kernels, host
parallel loops that read the arrays, write them, or let their pointer go
into a global, host accesses through that global, reads and writes of a
structure through a global pointer (LULESH's domain), and the arrays'
own elements; parallel loops after the loop read them again.  C++
programs may also keep the buffers of two member vectors of an object a
global pointer holds, which the host reads and writes through another
global pointer holding the same object or another one, with calls that
make the loop load both pointers again.  Every
program is built without and with the plugin; both must print what the
plain build prints under the system libgomp (host fallback, the model),
the plugin's build also under DEEPMAP_CHECK=1.

  random-cells.py [--seed S] [--seeds K] [--count N] [--keep DIR]
                  [--program P] [--quiet] [--lto] LIBDIR PLUGIN

--lto builds every program with -flto (hoisting then runs in lto1).
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import campaign  # noqa: E402

N = 64


class Prog:
    """One random program."""

    def __init__(self, rng, cxx):
        self.rng = rng
        self.narr = rng.randint(1, 4)
        # Arrays whose pointer's address goes to release () (shared by
        # reference with the parallel regions) or that are freed plainly.
        self.by_ref = [rng.random() < 0.75 for _ in range(self.narr)]
        self.names = ["c%d" % a for a in range(self.narr)]
        # C++: also the buffers of two member vectors of an object that a
        # global pointer holds, read and written through another global
        # pointer that holds the same object or another one.
        self.vectors = cxx and rng.random() < 0.6
        if self.vectors:
            self.names += ["d0", "d1"]
        self.lines = []

    def arr(self):
        return self.rng.choice(self.names)

    def kernel(self):
        rng = self.rng
        outs = sorted({self.arr() for _ in range(rng.randint(1, 2))})
        # An iteration reads other elements only of arrays no iteration
        # writes: no race between them.
        ins = sorted({self.arr() for _ in range(rng.randint(0, 2))}
                     - set(outs))
        maps = sorted(set(outs) | set(ins))
        lines = ["#pragma omp target teams distribute parallel for "
                 "map(tofrom: %s)" % ", ".join("%s[0:n]" % a for a in maps),
                 "for (int i = 0; i < n; i++)", "  {"]
        for o in outs:
            if not ins or rng.random() < 0.3:
                lines.append("    %s[i] = %s[i] * 3u + (unsigned) t;"
                             % (o, rng.choice(ins + [o])))
            else:
                lines.append("    %s[i] += (%s[(i + %d) %% n] >> 1) + "
                             "(unsigned) (t + i);"
                             % (o, rng.choice(ins), rng.randrange(N)))
        lines.append("  }")
        return lines

    def host_stmt(self):
        rng = self.rng
        a = self.arr()
        j = rng.randrange(N)
        kinds = ["kernel", "kernel", "pread", "pwrite", "leak", "leakread",
                 "leakwrite", "dom", "domw", "read", "write"]
        if self.vectors:
            kinds += ["vread", "vwrite", "vcall"]
        k = rng.choice(kinds)
        if k == "vread" and rng.random() < 0.5:
            return ["for (int q = 0; q < 3; q++)",
                    "  acc[1] += vo->%s[%d + q];"
                    % (rng.choice(["va", "vb"]), j % (N - 3))]
        if k == "vread":
            return ["acc[1] += vo->%s[%d];" % (rng.choice(["va", "vb"]), j)]
        if k == "vwrite":
            return ["vo->%s[%d] += 3u;" % (rng.choice(["va", "vb"]), j)]
        if k == "vcall":
            # A call: the globals are loaded again after it.
            return ["if (acc[0] == 0xffffffffu)",
                    '  printf ("-\\n");']
        if k == "kernel":
            return self.kernel()
        if k == "pread":
            return ["{",
                    "  unsigned s = 0;",
                    "#pragma omp parallel for reduction(+: s)",
                    "  for (int q = 0; q < n; q++)",
                    "    s += %s[q] * (unsigned) (q + 1);" % a,
                    "  acc[0] += s;",
                    "}"]
        if k == "pwrite":
            return ["#pragma omp parallel for",
                    "for (int q = 0; q < n; q++)",
                    "  %s[q] = %s[q] * 5u + (unsigned) q;" % (a, a)]
        if k == "leak":
            return ["#pragma omp parallel num_threads(2)",
                    "{",
                    "#pragma omp single",
                    "  leaked = %s;" % a,
                    "}"]
        if k == "leakread":
            return ["if (leaked)",
                    "  acc[1] += leaked[%d];" % j]
        if k == "leakwrite":
            return ["if (leaked)",
                    "  leaked[%d] += 7u;" % j]
        if k == "dom":
            return ["for (int q = 0; q < 4; q++)",
                    "  {",
                    "    if (dom->q == 0xdeadbeefu)",
                    "      exit (3);",
                    "    acc[2] += dom->q + (unsigned) dom->cycle;",
                    "  }"]
        if k == "domw":
            return ["dom->cycle++;", "dom->q ^= (unsigned) t;"]
        if k == "read":
            return ["acc[3] += %s[%d];" % (a, j)]
        return ["%s[%d] = (unsigned) t * 11u;" % (a, j)]

    def source(self):
        rng = self.rng
        out = ["#include <stdio.h>",
               "#include <stdlib.h>"]
        if self.vectors:
            out += ["#include <vector>",
                    "struct vdom { int n; std::vector<unsigned> va, vb; };",
                    "vdom *vd, *vo;"]
        out += ["",
               "struct domain { double dt; unsigned q; int cycle; };",
               "struct domain *dom;",
               "unsigned *leaked;",
               "",
               "static void",
               "release (unsigned **p)",
               "{",
               "  free (*p);",
               "  *p = NULL;",
               "}",
               "",
               "__attribute__ ((noinline)) static void",
               "kern (int n, int steps, unsigned *acc)",
               "{"]
        for a in range(self.narr):
            out.append("  unsigned *c%d = (unsigned *) malloc (n * sizeof "
                       "(unsigned));" % a)
            out.append("  for (int i = 0; i < n; i++)")
            out.append("    c%d[i] = (unsigned) (i * %d + %d);"
                       % (a, rng.randint(1, 9), a))
        if self.vectors:
            out.append("  unsigned *d0 = &vd->va[0], *d1 = &vd->vb[0];")
        # At least two kernels, so that there is something to keep.
        groups = [self.kernel(), self.kernel()]
        groups += [self.host_stmt() for _ in range(rng.randint(1, 5))]
        rng.shuffle(groups)
        body = [l for g in groups for l in g]
        if rng.random() < 0.5:
            out.append("  for (int t = 0; t < steps; t++)")
        else:
            out.append("  for (int t = 0; dom->cycle < 1000 + steps "
                       "&& t < steps; t++)")
        out.append("    {")
        out += ["      " + l for l in body]
        out.append("    }")
        after = []
        for a in self.names[self.narr:]:
            after += ["for (int i = 0; i < n; i++)",
                      "  acc[3] += %s[i] * (unsigned) (i + 3);" % a]
        for a in range(self.narr):
            if rng.random() < 0.5:
                after += ["{",
                          "  unsigned s = 0;",
                          "#pragma omp parallel for reduction(+: s)",
                          "  for (int q = 0; q < n; q++)",
                          "    s += c%d[q] ^ (unsigned) q;" % a,
                          "  acc[0] += s;",
                          "}"]
            if rng.random() < 0.5:
                after += ["for (int i = 0; i < n; i++)",
                          "  acc[3] += c%d[i] * (unsigned) (i + 1);" % a]
        after.append("leaked = NULL;")
        for a in range(self.narr):
            after.append("release (&c%d);" % a if self.by_ref[a]
                         else "free (c%d);" % a)
        out += ["  " + l for l in after]
        out += ["}",
                "",
                "int",
                "main (void)",
                "{",
                "  struct domain d = { 0.5, %du, 1000 };" % rng.randrange(99),
                "  unsigned acc[4] = { 0, 0, 0, 0 };",
                "  dom = (struct domain *) malloc (sizeof *dom);",
                "  *dom = d;"]
        if self.vectors:
            out += ["  vdom x, y;",
                    "  x.n = y.n = %d;" % N,
                    "  x.va.assign (%d, 1u);" % N,
                    "  x.vb.assign (%d, 2u);" % N,
                    "  y.va.assign (%d, 3u);" % N,
                    "  y.vb.assign (%d, 4u);" % N,
                    "  vd = &x;",
                    "  vo = %s;" % rng.choice(["&x", "&x", "&y"])]
        out += [
                "  kern (%d, %d, acc);" % (N, rng.randint(1, 5))]
        if self.vectors:
            out += ["  for (int i = 0; i < %d; i++)" % N,
                    "    acc[2] += x.va[i] + 3u * x.vb[i] + 5u * y.va[i]"
                    " + 7u * y.vb[i];"]
        out += [
                '  printf ("%08x %08x %08x %08x %d\\n", acc[0], acc[1], '
                'acc[2], acc[3], dom->cycle);',
                "  free (dom);",
                "  return 0;",
                "}"]
        return "\n".join(out) + "\n"


def run(exe, libdir, check=False):
    return campaign.run(exe, libdir, {"OMP_NUM_THREADS": "2"},
                        {"DEEPMAP_CHECK": "1"} if check else {})


def source(seed, k, cxx):
    return Prog(random.Random(seed * 100003 + k), cxx).source()


def main():
    campaign.host_campaign(sys.argv[1:], "random-cells.py",
                           __doc__.split("\n\n")[1], source, run)


if __name__ == "__main__":
    main()
