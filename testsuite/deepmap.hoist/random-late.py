#!/usr/bin/env python3
"""random-late.py -- a seeded differential campaign for the sections a
hoisted loop maps on some paths only, which are entered right before the
first construct that maps them (by the runtime, or where it could not
tell the constructs apart by a flagged enter data of the plugin's).

Each program has one loop over steps whose kernels each run under a
test (the step's parity, the last steps, what the host summed so far, a
mode bit, or always), and, drawn at random: host reads and writes of
single elements under such tests, a break, an inline function's kernel
called for two arrays (one outlined function for both calls: the plugin
then enters those sections itself), and a call of a function with a
construct of its own.  main calls the loop several times; in some calls
one array is not valid: a small buffer with a length far past it, and
no kernel maps it (each kernel on it also tests its validity).  Entering
such a section would read far past the buffer.  Each program is built
without the plugin and with it, every third one as C++, and run: the
plain build under the system libgomp (host fallback) is the model; the
plain build under deepmap, the plugin's build under deepmap, under
DEEPMAP_CHECK=1 and under the system libgomp must print the same.

Usage: random-late.py [--seed S] [--seeds K] [--count N] [--keep DIR]
                      [--program P] [--quiet] [--lto] LIBDIR PLUGIN
Seeds S to S + K - 1 (1, 1), N programs each (20), or program P of each
alone (the one a failure named: s<S>-p<P>).  --lto builds both with
-flto (the plugin then hoists at link time, in lto1).  Prints one line
per program (--quiet: per failing program) and ends with "N passed, N
failed"; exit status 1 when a program differs (its source is kept in
DIR, default ./random-late-failures).

Arithmetic is on unsigned integers; a kernel reads only bytes copied in
or stored by itself first (a `from' array is stored in full first).
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import campaign  # noqa: E402

N = 48


class Prog:
    def __init__(self, rng):
        self.rng = rng
        self.narr = rng.randint(2, 4)
        self.shared = rng.random() < 0.4
        self.other = rng.random() < 0.3
        self.nstmt = rng.randint(2, 6)

    def cond(self, arrays):
        r = self.rng
        c = r.choice(["1", "t % 2 == 1", "t + 1 < steps", "t > 0",
                      "acc[0] % 3u != 1u", "mode & 1", "(mode >> 1) & 1",
                      "t % 3 == mode % 3"])
        # A kernel on an array tests that it is valid.
        tests = ["v%d" % a for a in arrays] + ([] if c == "1" else [c])
        return " && ".join(tests) if tests else "1"

    def kernel(self):
        r = self.rng
        w = r.randrange(self.narr)
        reads = [a for a in r.sample(range(self.narr),
                                     r.randint(0, self.narr - 1)) if a != w]
        kind = r.choice(["tofrom", "tofrom", "from"])
        maps = ["map(%s: a%d[0:n%d])" % (kind, w, w)]
        maps += ["map(to: a%d[0:n%d])" % (a, a) for a in reads]
        expr = "(unsigned) i * %du + (unsigned) t" % r.randint(1, 9)
        if kind == "tofrom":
            expr = "a%d[i] * %du + %s" % (w, r.choice([3, 5, 7]), expr)
        for a in reads:
            expr += " + a%d[i %% n%d]" % (a, a)
        return (["if (%s)" % self.cond([w] + reads),
                 "  {",
                 "#pragma omp target %s" % " ".join(maps),
                 "    for (long i = 0; i < n%d; i++)" % w,
                 "      a%d[i] = %s;" % (w, expr),
                 "  }"])

    def stmt(self):
        r = self.rng
        x = r.random()
        a = r.randrange(self.narr)
        if x < 0.5:
            return self.kernel()
        if x < 0.65:
            return ["if (%s)" % self.cond([a]),
                    "  acc[1] += a%d[t %% %d];" % (a, N)]
        if x < 0.75:
            return ["if (%s)" % self.cond([a]),
                    "  a%d[(t * 7) %% %d] ^= %du;" % (a, N, r.randrange(99))]
        if x < 0.82:
            return ["if (acc[0] %% 5u == %du && t > 0)" % r.randrange(5),
                    "  break;"]
        if x < 0.92 and self.shared:
            return ["if (%s)" % self.cond([a]),
                    "  shared_kern (a%d, n%d, (unsigned) t);" % (a, a)]
        if self.other:
            return ["if (%s)" % self.cond([a]),
                    "  other_kern (a%d, n%d);" % (a, a)]
        return self.kernel()

    def source(self):
        r = self.rng
        params = ", ".join("unsigned *a%d, long n%d, int v%d" % (a, a, a)
                           for a in range(self.narr))
        out = ["#include <stdio.h>",
               "#include <stdlib.h>",
               "#define FAR (1L << 26)",
               ""]
        if self.shared:
            out += ["static inline void",
                    "shared_kern (unsigned *p, long n, unsigned s)",
                    "{",
                    "#pragma omp target map(tofrom: p[0:n])",
                    "  for (long i = 0; i < n; i++)",
                    "    p[i] = p[i] * 3u + s;",
                    "}",
                    ""]
        if self.other:
            out += ["__attribute__ ((noipa)) static void",
                    "other_kern (unsigned *p, long n)",
                    "{",
                    "#pragma omp target map(tofrom: p[0:n])",
                    "  for (long i = 0; i < n; i++)",
                    "    p[i] += 11u;",
                    "}",
                    ""]
        body = []
        for _ in range(self.nstmt):
            body += self.stmt()
        if self.shared:
            # Two calls at least, for two arrays: one outlined function.
            for a in r.sample(range(self.narr), 2):
                body += ["if (%s)" % self.cond([a]),
                         "  shared_kern (a%d, n%d, (unsigned) t);" % (a, a)]
        body.append("acc[0] += (unsigned) t * 2u + 1u;")
        out += ["__attribute__ ((noipa)) static void",
                "steps_loop (%s, int steps, int mode, unsigned *acc)" % params,
                "{",
                "  for (int t = 0; t < steps; t++)",
                "    {"]
        out += ["      " + l for l in body]
        out += ["    }",
                "}",
                "",
                "int",
                "main (void)",
                "{",
                "  unsigned acc[2] = { 0, 0 }, sum = 0;"]
        for a in range(self.narr):
            out.append("  unsigned *x%d = (unsigned *) calloc (%d, sizeof "
                       "(unsigned));" % (a, N))
        # Allocated last: an invalid array's far section lies above the
        # others, so the loop's test that its sections do not overlap
        # still keeps them.
        out.append("  unsigned *spare = (unsigned *) calloc (%d, sizeof "
                   "(unsigned));" % N)
        for c in range(r.randint(2, 4)):
            bad = r.randrange(-1, self.narr)
            args = []
            for a in range(self.narr):
                args.append("spare, FAR, 0" if a == bad
                            else "x%d, %d, 1" % (a, N))
            out.append("  steps_loop (%s, %d, %d, acc);"
                       % (", ".join(args), r.randint(0, 5), r.randrange(4)))
        out += ["  for (int i = 0; i < %d; i++)" % N,
                "    sum = sum * 31u + %s;"
                % " + ".join("x%d[i] * %du" % (a, 2 * a + 1)
                             for a in range(self.narr)),
                '  printf ("%08x %08x %08x %08x\\n", acc[0], acc[1], sum,'
                ' spare[0]);']
        for a in range(self.narr):
            out.append("  free (x%d);" % a)
        out += ["  free (spare);",
                "  return 0;",
                "}"]
        return "\n".join(out) + "\n"


def run(exe, libdir, check=False):
    return campaign.run(exe, libdir, None,
                        {"DEEPMAP_CHECK": "1"} if check else {})


def source(seed, k, cxx):
    return Prog(random.Random(seed * 100003 + k)).source()


def main():
    campaign.host_campaign(sys.argv[1:], "random-late.py",
                           __doc__.split("\n\n")[2], source, run)


if __name__ == "__main__":
    main()
