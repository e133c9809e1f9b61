#!/usr/bin/env python3
"""random-hoist.py -- a seeded differential campaign for transfer hoisting
(plugin/dm-hoist.c): random C programs whose loops and runs of target
constructs map arrays with every map kind, with host reads, writes,
opaque calls and early exits between the constructs, called with
distinct, identical and partly overlapping arrays; the arrays reach
the constructs as pointer parameters, as pointer fields of a structure
(g->aK[lo:len]) or as a deep item (g[0:1] with counted pointer fields,
each member mapped with the same kind in the build without the plugin),
and the host may swap the structure's pointers between constructs; some
constructs are nowait (deferred tasks), each followed by a taskwait; and
some calls run inside a target data region of the caller that holds one
of the buffers; in some programs a step's first construct runs inside a
target data construct that maps the count n tofrom beside the arrays it
sizes (Rodinia's bfs), and the host searches an array at some steps,
breaking out at the first hit; in some programs the function is inlined into main
(the structure is then a local of the loop's function); in some it
works on private copies of its first two arrays (two allocations, or
the halves of one), which the host swaps after each step and hands to
calls as the current one; in some the kernels' loops have constant
bounds, and pairs of constructs store a scratch array of the function
together (a range, then where a random test of the index holds: the
rest exactly, more or less of it, or as the data says) before another
adds part of it to an array; some constructs are in helper functions
the loop calls (directly, through a pointer, from a host parallel
region or from a task), some have an if clause for the target, some kernels
update or read through device functions (declare target), some
constructs have enter and exit data around them, and in some programs
host statements fill whole arrays (memset); some programs have 17 to
20 arrays, every construct mapping all of them, and a last call with
n = 0 (zero-length sections) where pointer parameters bring the
arrays and the kernels' bounds are n's; in some, kernels run on some steps
only (a host test around them), and a local array one kernel maps tofrom
is read by another through its firstprivate copy.  Each program is
built without the plugin and with it (hoisting, the overwrite and
read-only analyses on), every third one as C++, and run both ways under
the same runtime, with DEEPMAP_CHECK=1 (the run-time check of what the
hoisting proved must stay quiet); their
outputs (checksums of every array and of what the host read) must be
equal.  The plugin's build is also run under the system libgomp
(host fallback) against the plain build there, unless SYSLIB=none.

Usage: random-hoist.py [--seed S] [--seeds K] [--count N] [--keep DIR]
                       [--program P] [--quiet] [--lto] LIBDIR PLUGIN
Seeds S to S + K - 1 (1, 1), N programs each (20), or program P of each
alone (the one a failure named: s<S>-p<P>).  Prints one line per
program (--quiet: per failing program); --lto builds both with -flto
(the plugin then hoists at link time, in lto1) and ends with "N passed, N failed"; exit
status 1 when a program differs (its source is kept in DIR, default
./random-hoist-failures).

The programs avoid what has no defined result: a kernel reads only
bytes that were copied in or that it wrote itself (an array mapped
from or alloc is stored to in full before any read, in the same
iteration), and a kernel that reads an array at a shifted index runs
on one device thread (plain target), so that aliased calls do not
race.  Arithmetic is on unsigned integers, exact under any order.
"""
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import campaign  # noqa: E402  (testsuite/lib)

N = 48          # elements the kernels touch
SLACK = 16      # elements past N in each buffer (overlapping calls)


class Prog:
    def __init__(self, rng, rng2, rng3=None, rng4=None, rng5=None,
                 rng6=None, rng7=None, rng8=None, rng9=None, rng10=None):
        self.rng = rng
        # Drawn apart, so that RNG draws the programs of earlier seeds the
        # same: the function of the constructs is sometimes inlined into
        # main, where the structure (a local) may be dead after the loop
        # while the buffers it points to are read.
        self.inlined = rng2.random() < 0.3
        # Also apart: the function may work on private copies of its first
        # two arrays, each allocated on its own or as the two halves of one
        # allocation, which the host's swaps then trade (a rotation the
        # analysis can follow through calls given the current pointer).
        self.private = rng2.random() < 0.6
        self.halves = rng2.random() < 0.5
        self.rng2 = rng2
        # Drawn apart as well (later additions): a step's first construct
        # inside a target data construct that maps the count n tofrom
        # beside the arrays it sizes (Rodinia's bfs), and host searches
        # that break out at the first hit.
        self.rng3 = rng3 if rng3 else random.Random(0)
        self.data_count = self.rng3.random() < 0.35
        self.search = self.rng3.random() < 0.35
        # Also apart: kernels' loops with constant bounds (the count is
        # N where the function is called), and pairs of kernels that
        # store an array's section together, one a range, the other
        # where a test of the index holds (a grid's interior and its
        # border): then the compiler may know which bytes they store.
        self.rng4 = rng4 if rng4 else random.Random(0)
        self.const_loops = self.rng4.random() < 0.5
        # Also apart: constructs in helper functions the loop calls
        # (inlined by GCC, forced, or not), and if clauses that send
        # some steps' constructs to the host.
        self.rng5 = rng5 if rng5 else random.Random(0)
        self.use_helpers = self.rng5.random() < 0.4
        self.use_if = self.rng5.random() < 0.3
        self.helpers = []
        # Also apart: kernels that update or read their array through
        # device functions (declare target, not inlined), and enter and
        # exit data around a construct in the loop.
        self.rng6 = rng6 if rng6 else random.Random(0)
        self.devfuncs = self.rng6.random() < 0.4
        self.enter_exit = self.rng6.random() < 0.3
        # Also apart: helpers called through a pointer, or from a host
        # parallel region's single construct, or from a task: calls
        # whose constructs the loop's hoisting must see too.
        self.rng7 = rng7 if rng7 else random.Random(0)
        # Also apart: host statements that fill a whole array (memset),
        # which the next construct may then find already sent.
        self.rng8 = rng8 if rng8 else random.Random(0)
        self.fills = self.rng8.random() < 0.3
        self.pointers = []
        self.narr = rng.randint(2, 4)
        # Also apart: many arrays (more than the plugin tests in line),
        # each construct mapping all of them, and a last call with n = 0
        # (zero-length sections, whose map kinds are decided at run
        # time): the run-time tests and the map kinds are then calls of
        # the unit's own functions over the enter data's arrays.
        self.rng9 = rng9 if rng9 else random.Random(0)
        self.many = self.rng9.random() < 0.25
        if self.many:
            self.narr = self.rng9.randint(17, 20)
        # Also apart: kernels that run on some steps only (a host test
        # around them), whose sections the loop then enters at their
        # first construct; and a local array one kernel maps tofrom and
        # another reads through its firstprivate copy (the host's
        # bytes, which must be the device's).
        self.rng10 = rng10 if rng10 else random.Random(0)
        self.guarded = self.rng10.random() < 0.4
        self.fpriv = self.rng10.random() < 0.4
        # A call with p1 = p0 + OFF: then an index i of p1 is another
        # iteration's of p0, so every kernel runs on one device thread.
        self.overlap = rng.choice([1, 8, N - 1, N]) if rng.random() < 0.4 \
            else 0
        # How the arrays reach the function: pointer parameters; pointer
        # fields of a structure, mapped as g->aK[lo:len]; or such fields
        # with deepmap_counted_by, mapped as the deep item g[0:1] with the
        # plugin (and by their members, one map kind for all, without).
        self.flavor = rng.choice(["ptr", "ptr", "fields", "deep"])
        # Some constructs are nowait, each followed by a taskwait; the
        # calls then run in a parallel region's single construct, so
        # that the regions are deferred tasks.
        self.nowait = False

    def ref(self, i):
        return ("p%d" if self.flavor == "ptr" else "g->a%d") % i

    def arr(self):
        return self.ref(self.rng.randrange(self.narr))

    def kernel(self, t):
        """One target construct: (pragma lines, body lines)."""
        rng = self.rng
        names = [self.ref(i) for i in range(self.narr)]
        used = rng.sample(names, rng.randint(1, min(3, self.narr)))
        w = used[0]                     # the array it writes
        reads = used[1:]
        shifted = rng.random() < 0.4
        serial = shifted or self.overlap
        # How W is used: stored in full before read, read and written,
        # or only read (then no store at all).
        mode = rng.choice(["overwrite", "update", "update", "readonly"])
        kinds = {}
        if mode == "overwrite" and not reads:
            kinds[w] = rng.choice(["from", "tofrom", "to", "alloc"])
        elif mode == "overwrite":
            # Another list item may be W itself (an aliased call): W's
            # bytes must then be copied in for it.
            kinds[w] = rng.choice(["tofrom", "to"])
        elif mode == "update":
            kinds[w] = rng.choice(["tofrom", "tofrom", "to"])
        else:
            kinds[w] = rng.choice(["to", "tofrom"])
        for r in reads:
            kinds[r] = rng.choice(["to", "tofrom", "tofrom"])
        if self.many:
            for a in names:
                if a not in kinds:
                    kinds[a] = self.rng9.choice(["to", "tofrom"])
        c = rng.randint(1, 9)
        # The section of every array it maps: the whole, or a half.
        lo, ln = rng.choice([("0", "n")] * 5 + [("0", "n / 2"),
                                                ("n / 2", "n / 2")])
        if self.const_loops:
            lo, ln = self.const_bounds(lo, ln)
        idx = "%s + (i - %s + 1) %% (%s)" % (lo, lo, ln) if shifted else "i"
        terms = ["%s[%s] * %du" % (r, idx if k == 0 else "i", c + k)
                 for k, r in enumerate(reads)]
        terms.append("(unsigned) %s + %du" % (t, c))
        dev = self.devfuncs and self.rng6.random() < 0.6
        if mode == "overwrite" and dev:
            body = ["      dev_set (%s, i, %s);" % (w, " + ".join(terms)),
                    "      %s[i] += %s[i] >> 3;" % (w, w)]
        elif mode == "overwrite":
            body = ["      %s[i] = %s;" % (w, " + ".join(terms)),
                    "      %s[i] += %s[i] >> 3;" % (w, w)]
        elif mode == "update" and dev:
            body = ["      dev_upd (%s, i, %s);" % (w, " + ".join(terms))]
        elif mode == "update":
            body = ["      %s[i] = %s[i] * 3u + %s;" % (w, w, " + ".join(terms))]
        else:
            acc = "acc[%d]" % rng.randrange(4)
            get = ("dev_get (%s, %s)" if dev else "%s[%s]") % (w, idx)
            body = ["      %s += %s + %s;" % (acc, get, " + ".join(terms))]
            kinds["acc"] = "tofrom"
        clauses = " ".join("map(%s: %s[%s])" % (k, a, "0:4" if a == "acc"
                                                 else "%s:%s" % (lo, ln))
                           for a, k in kinds.items())
        # A parallel loop only where no iteration reads another's element,
        # even through an overlapping call, and nothing is summed into
        # acc.
        head = "#pragma omp target" if serial or mode == "readonly" \
            else "#pragma omp target teams distribute parallel for"
        # An if clause for the target alone: on a combined construct a
        # plain one applies to its parallel too, whose test would then
        # read acc on the device, where the program never mapped it.
        if self.use_if and self.rng5.random() < 0.4:
            head += " if(target: %s)" % self.rng5.choice(
                ["%s %% 2 == 0" % t, "%s != 1" % t, "n > %d" % (N // 2),
                 "acc[0] % 3u != 1u"])
        nowait = rng.random() < 0.2
        if nowait:
            head += " nowait"
            self.nowait = True
        prag = ["%s %s" % (head, clauses)]
        if self.flavor == "deep":
            # One kind for the structure and all it points to: the deep
            # item with the plugin, every member without.
            k = rng.choice(["to", "tofrom", "tofrom"])
            members = " ".join("map(%s: g->a%d[0:n])" % (k, i)
                               for i in range(self.narr))
            accmap = " map(tofrom: acc[0:4])" if "acc" in kinds else ""
            prag = ["#ifdef __DEEPMAP_PLUGIN__",
                    "%s map(%s: g[0:1])%s" % (head, k, accmap),
                    "#else",
                    "%s %s%s" % (head, members, accmap),
                    "#endif"]
        loop = ["    for (int i = %s; i < %s + %s; i++)" % (lo, lo, ln),
                "    {"] + body + ["    }"]
        wait = ["#pragma omp taskwait"] if nowait else []
        if serial or mode == "readonly":
            return prag + ["  {"] + loop + ["  }"] + wait
        return prag + loop + wait

    def fpriv_kernels(self, t):
        """A construct that updates the local array fp_ (map tofrom), and
        one that reads it through its firstprivate copy: the runtime
        copies that from the host, which must hold the device's bytes."""
        r10 = self.rng10
        k = r10.randrange(4)
        return ["#pragma omp target map(tofrom: fp_)",
                "  fp_[%d] += 3u * (unsigned) %s + %du;" % (k, t,
                                                          r10.randint(1, 9)),
                "#pragma omp target firstprivate(fp_) map(tofrom: acc[0:4])",
                "  acc[2] += fp_[0] + 2u * fp_[1] + 3u * fp_[2] + 5u * fp_[3];"]

    @staticmethod
    def const_bounds(lo, ln):
        """The section [LO:LN] of a kernel's loop, for n == N."""
        return (lo.replace("n / 2", str(N // 2)),
                ln.replace("n / 2", str(N // 2)).replace("n", str(N)))

    def split_kernels(self, t):
        """Two constructs that store the function's scratch array s_
        together: a range of it, then (or first) where a random test of
        the index holds (a grid's interior and its border), the tests
        covering the rest exactly, missing elements, or testing data;
        then a construct that adds part of s_ to an array.  s_ starts
        with host values, which the plain build copies in at every
        construct: where the stores miss an element, the plugin must
        copy them in too."""
        r4 = self.rng4
        w = "s_"
        a, b = 0, N
        x = r4.randint(a, b - 1)
        y = r4.randint(x + 1, b)
        others = [self.ref(i) for i in range(self.narr)]
        rd = r4.choice(others) if r4.random() < 0.5 else None
        c = r4.randint(1, 9)
        val = "(unsigned) %s + %du" % (t, c)
        if rd:
            val = "%s[i] * %du + %s" % (rd, c, val)
        # Tests of i over [a, b): the elements outside [x, y), more or
        # fewer of them, or some of them as the data says.
        k = r4.randint(a, b - 1)
        cond = r4.choice([
            "i < %d || i >= %d" % (x, y),
            "i < %d || %d <= i" % (x, y),
            "!(i >= %d && i < %d)" % (x, y),
            "i <= %d || i > %d" % (x - 1, y - 1),
            "i < %d || i >= %d" % (x - 1, y),
            "i < %d || i >= %d" % (x, y + 1),
            "i < %d || i > %d" % (x, y),
            "i == %d || i == %d || i < %d || i >= %d" % (x - 1, y, x, y),
            "(i < %d || i >= %d) && i != %d" % (x, y, k),
            "(i < %d || i >= %d) && %s[i] %% 3u != 1u" % (x, y, w),
            "i != %d && (i < %d || i >= %d)" % (x, x, y),
            "i < %d || (i >= %d && i != %d)" % (x, y, k),
            "(unsigned) (i - %d) >= %du" % (x, y - x),
            "(unsigned) (i - %d) > %du" % (x, y - x),
            "i - %d < 0 || i - %d >= 0" % (x, y),
        ])
        serial = self.overlap != 0
        head = "#pragma omp target" if serial \
            else "#pragma omp target teams distribute parallel for"
        rmap = " map(to: %s[0:n])" % rd if rd else ""
        first = ["%s map(tofrom: s_[0:n])%s" % (head, rmap),
                 "    for (int i = %d; i < %d; i++)" % (x, y),
                 "      s_[i] = %s;" % val]
        second = ["%s map(tofrom: s_[0:n])" % head,
                  "    for (int i = %d; i < %d; i++)" % (a, b),
                  "      if (%s)" % cond,
                  "        s_[i] = (unsigned) %s * 5u + %du;" % (t, c)]
        dst = self.arr()
        u = r4.randint(0, N - 1)
        v = r4.randint(u + 1, N)
        use = ["%s map(tofrom: %s[0:n]) map(tofrom: s_[0:n])" % (head, dst),
               "    for (int i = %d; i < %d; i++)" % (u, v),
               "      %s[i] = %s[i] * 3u + s_[i];" % (dst, dst)]
        if serial:
            first, second, use = [k[:1] + ["  {"] + k[1:] + ["  }"]
                                  for k in (first, second, use)]
        pair = first + second if r4.random() < 0.7 else second + first
        return pair + use if r4.random() < 0.85 else use + pair

    def params(self):
        if self.flavor == "ptr":
            return ", ".join("unsigned *p%d" % i for i in range(self.narr))
        return "struct grid *g"

    def args(self):
        if self.flavor == "ptr":
            return ", ".join("p%d" % i for i in range(self.narr))
        return "g"

    def helper_call(self, t):
        """A construct in a function of its own, called with the step."""
        r5 = self.rng5
        name = "helper%d" % len(self.helpers)
        attr = r5.choice(["__attribute__ ((noinline)) static void",
                          "static void",
                          "__attribute__ ((always_inline)) static inline void"])
        body = self.kernel("tt")
        self.helpers += [attr,
                         "%s (%s, int n, int tt, unsigned *acc)"
                         % (name, self.params()),
                         "{"] + ["  " + l for l in body] + ["}", ""]
        call = "%s (%s, n, %s, acc);" % (name, self.args(), t)
        how = self.rng7.choice(["direct", "direct", "pointer", "parallel",
                                "task"])
        if how == "pointer":
            self.pointers.append(
                "static void (*volatile %s_ptr) (%s, int, int, unsigned *)"
                " = %s;" % (name, self.params(), name))
            return ["  %s_ptr%s" % (name, call[len(name):])]
        if how == "parallel":
            return ["#pragma omp parallel num_threads(2)",
                    "#pragma omp single",
                    "  " + call]
        if how == "task":
            return ["#pragma omp task", "  " + call, "#pragma omp taskwait"]
        return ["  " + call]

    def host_stmt(self, t, in_loop):
        rng = self.rng
        a = self.arr()
        k = rng.randrange(N)
        choice = rng.choice(["read", "write", "call", "callr", "nested",
                             "break", "update", "swap", "none"])
        drawn = self.drawn_host_stmt(t, in_loop, a, k, choice)
        if self.fills and self.rng8.random() < 0.3:
            # In place of the statement drawn (its draws made all the
            # same, so that the rest of the program is as before).
            return ["  memset (%s, %d, n * sizeof (unsigned));"
                    % (a, self.rng8.randrange(3))]
        return drawn

    def drawn_host_stmt(self, t, in_loop, a, k, choice):
        rng = self.rng
        if choice == "swap" and self.flavor != "ptr":
            # The host changes the structure's pointers.
            return ["  opaque_swap (g);"]
        if choice == "swap" and self.private:
            return ["  { unsigned *tmp_ = p0; p0 = p1; p1 = tmp_; }"]
        if choice == "read":
            return ["  acc[%d] += %s[%d];" % (rng.randrange(4), a, k)]
        if choice == "write":
            return ["  %s[%d] = %s[%d] + (unsigned) %s;" % (a, k, a,
                                                            rng.randrange(N),
                                                            t)]
        if choice == "call":
            return ["  opaque_touch (%s, n);" % a]
        if choice == "callr":
            return ["  acc[3] += opaque_read (%s, n);" % a]
        if choice == "nested":
            step = rng.choice([1, 2, 3])
            op = rng.choice(["acc[2] += %s[j];" % a,
                             "%s[j] = %s[j] + 5u;" % (a, a)])
            return ["  for (int j = %d; j < n; j += %d)" % (rng.randrange(3),
                                                           step),
                    "    %s" % op]
        if choice == "update":
            # A no-op in the plain build, where A is not mapped here.
            return ["#pragma omp target update %s(%s[0:n])"
                    % (rng.choice(["to", "from"]), a)]
        if choice == "break" and in_loop:
            return ["  if (%s[%d] %% 7u == 3u)" % (a, k), "    break;"]
        return []

    def body(self):
        rng = self.rng
        out = []
        shape = rng.choice(["loop", "loop", "run", "nested"])
        if shape == "run":
            for _ in range(rng.randint(2, 4)):
                if rng.random() < 0.4:
                    out += self.host_stmt("0", False)
                out += self.kernel("0")
            if self.fpriv:
                out += self.fpriv_kernels("0")
            return out
        out.append("for (int t = 0; t < steps; t++)")
        out.append("{")
        if shape == "nested":
            out.append("for (int u = 0; u < 2; u++)")
            out.append("{")
        tv = "t" if shape == "loop" else "(t + u)"
        for x in range(rng.randint(1, 3)):
            if rng.random() < 0.5:
                out += self.host_stmt(tv, True)
            if self.const_loops and self.rng4.random() < 0.5:
                out += self.split_kernels(tv)
            if self.use_helpers and self.rng5.random() < 0.5:
                k = self.helper_call(tv)
            else:
                k = self.kernel(tv)
            if self.enter_exit and self.rng6.random() < 0.5:
                # Unstructured mapping around it: the kernel finds the
                # array present; the exit copies back or drops it.
                r6 = self.rng6
                a = self.ref(r6.randrange(self.narr))
                k = (["#pragma omp target enter data map(to: %s[0:n])" % a]
                     + k
                     + ["#pragma omp target exit data map(%s: %s[0:n])"
                        % (r6.choice(["from", "release"]), a)])
            if x == 0 and self.data_count and self.flavor == "ptr":
                # The count a target data construct maps tofrom: the
                # sections' sizes are loaded from it at every step.
                # (Pointer parameters only: GCC 12's omplower crashes on
                # g->aK[0:n] beside n in a target data construct.)
                r3 = self.rng3
                names = [self.ref(i) for i in range(self.narr)]
                held = r3.sample(names, r3.randint(1, len(names)))
                k = (["#pragma omp target data map(tofrom: n) %s"
                      % " ".join("map(tofrom: %s[0:n])" % a for a in held),
                      "{"] + k + ["}"])
            if self.guarded and self.rng10.random() < 0.5:
                r10 = self.rng10
                cond = r10.choice(["%s %% 2 == 1" % tv, "%s + 1 < steps" % tv,
                                   "acc[0] % 3u != 1u", "n > %d" % (N // 2)])
                k = ["if (%s)" % cond, "{"] + k + ["}"]
            out += k
        if self.fpriv:
            out += self.fpriv_kernels(tv)
        if self.search:
            # A host search that leaves its loop at the first hit.
            r3 = self.rng3
            a = self.ref(r3.randrange(self.narr))
            out += ["  if (%s %% %d == %d)" % (tv, r3.randint(1, 3), 0),
                    "    for (int j = 0; j < n; j++)",
                    "      if (%s[j] %% 5u == %du)" % (a, r3.randrange(5)),
                    "        {",
                    "          acc[1] += (unsigned) j;",
                    "          break;",
                    "        }"]
        if rng.random() < 0.4:
            out += self.host_stmt(tv, True)
        if self.private:
            # The step ends with the host given the current array, then
            # the swap (drawn apart: see __init__).
            r2 = self.rng2
            if r2.random() < 0.6:
                call = r2.choice(["  opaque_touch (p%d, n);",
                                  "  acc[3] += opaque_read (p%d, n);"])
                cond = r2.choice(["", "  if (%s %% 2 == 1)" % tv])
                out += ([cond] if cond else []) + \
                    [call % r2.randrange(2)]
            if r2.random() < 0.8:
                out.append("  { unsigned *tmp_ = p0; p0 = p1; p1 = tmp_; }")
        if shape == "nested":
            out.append("}")
        out.append("}")
        return out

    def source(self):
        rng = self.rng
        params = self.params()
        self.private = self.private and self.flavor == "ptr"
        counted = " deepmap_counted_by (n)" if self.flavor == "deep" else ""
        body = self.body()
        lines = [
            "#include <stdio.h>",
            "#include <stdlib.h>",
            "#include <string.h>",
            '#include "deepmap.h"',
            "",
            "struct grid",
            "{",
            "  long n;",
        ] + ["  unsigned *a%d%s;" % (i, counted) for i in range(self.narr)] + [
            "};",
            "",
            "__attribute__ ((noipa)) void",
            "opaque_swap (struct grid *g)",
            "{",
            "  unsigned *p = g->a0;",
            "  g->a0 = g->a1;",
            "  g->a1 = p;",
            "}",
            "",
            "__attribute__ ((noipa)) void",
            "opaque_touch (unsigned *p, int n)",
            "{",
            "  p[n / 2] ^= 0x55u;",
            "}",
            "",
            "__attribute__ ((noipa)) unsigned",
            "opaque_read (const unsigned *p, int n)",
            "{",
            "  return p[n - 1] * 3u;",
            "}",
            "",
        ] + ([
            "#pragma omp declare target",
            "__attribute__ ((noinline)) static void",
            "dev_set (unsigned *p, int i, unsigned v)",
            "{",
            "  p[i] = v;",
            "}",
            "",
            "__attribute__ ((noinline)) static void",
            "dev_upd (unsigned *p, int i, unsigned v)",
            "{",
            "  p[i] = p[i] * 3u + v;",
            "}",
            "",
            "__attribute__ ((noinline)) static unsigned",
            "dev_get (const unsigned *p, int i)",
            "{",
            "  return p[i];",
            "}",
            "#pragma omp end declare target",
            "",
        ] if self.devfuncs else []) + self.helpers + self.pointers + [
            "__attribute__ ((always_inline)) static inline void"
            if self.inlined else "__attribute__ ((noinline)) static void",
            "kern (%s, int n, int steps, unsigned *acc)" % params,
            "{",
        ]
        size = "%d * sizeof (unsigned)" % (N + SLACK)
        if self.private:
            # Private copies of p0 and p1 (see __init__).
            second = ("p0 + %d" % (N + SLACK) if self.halves
                      else "(unsigned *) malloc (%s)" % size)
            lines += [
                "  unsigned *o0_ = p0, *o1_ = p1;",
                "  p0 = (unsigned *) malloc (%s%s);"
                % (size, " * 2" if self.halves else ""),
                "  p1 = %s;" % second,
                "  unsigned *b0_ = p0, *b1_ = p1;",
                "  memcpy (p0, o0_, %s);" % size,
                "  memcpy (p1, o1_, %s);" % size,
            ]
        if self.const_loops:
            # The scratch array of split_kernels, with host values.
            lines += [
                "  unsigned *s_ = (unsigned *) malloc (%d * sizeof (unsigned));"
                % N,
                "  for (int i = 0; i < %d; i++)" % N,
                "    s_[i] = 3u * (unsigned) i + 1u;",
            ]
        if self.fpriv:
            lines.append("  unsigned fp_[4] = { 1u, 2u, 3u, 4u };")
        lines += ["  " + l for l in body]
        if self.fpriv:
            lines.append("  acc[3] += fp_[0] ^ fp_[3];")
        if self.const_loops:
            lines.append("  free (s_);")
        if self.private:
            lines += [
                "  memcpy (o0_, p0, %s);" % size,
                "  memcpy (o1_, p1, %s);" % size,
                "  free (b0_);",
            ] + ([] if self.halves else ["  free (b1_);"])
        lines.append("}")
        # Calls: distinct arrays, then aliased ones.
        calls = [list(range(self.narr))]
        for _ in range(rng.randint(1, 2)):
            pat = [rng.randrange(self.narr) for _ in range(self.narr)]
            calls.append(pat)
        offsets = [[0] * self.narr] * len(calls)
        if self.overlap:
            # One partly overlapping call: p1 = p0 + OVERLAP.
            off = self.overlap
            calls.append([0] * self.narr)
            offsets = offsets + [[0] + [off] + [0] * (self.narr - 2)]
            calls[-1] = [0, 0] + list(range(2, self.narr))
        lines += [
            "",
            "static unsigned",
            "sum (const unsigned *p, int n)",
            "{",
            "  unsigned h = 2166136261u;",
            "  for (int i = 0; i < n; i++)",
            "    h = (h ^ p[i]) * 16777619u;",
            "  return h;",
            "}",
            "",
            "int",
            "main (void)",
            "{",
            "  static unsigned buf[%d][%d];" % (self.narr, N + SLACK),
            "  unsigned acc[4] = { 0, 0, 0, 0 };",
            "  for (int b = 0; b < %d; b++)" % self.narr,
            "    for (int i = 0; i < %d; i++)" % (N + SLACK),
            "      buf[b][i] = (unsigned) (b * 1000 + i * 7);",
        ]
        steps = rng.randint(1, 4)
        ns = [N] * len(calls)
        # (Only for pointer parameters: a pointer field's attachment
        # needs its target mapped; and not where the kernels' loops have
        # constant bounds: they would touch what is left unmapped.)
        if self.many and not self.const_loops and self.flavor == "ptr":
            calls.append(list(range(self.narr)))
            offsets = offsets + [[0] * self.narr]
            ns.append(0)
        for pat, off, n in zip(calls, offsets, ns):
            args = ", ".join("buf[%d] + %d" % (p, o) for p, o in zip(pat, off))
            par = ["#pragma omp parallel num_threads(2)",
                   "#pragma omp single"] if self.nowait else []
            # Sometimes the caller holds a buffer in a target data
            # region: the constructs then copy none of it.
            if rng.random() < 0.3:
                par = ["#pragma omp target data map(tofrom: buf[%d:1][0:%d])"
                       % (rng.randrange(self.narr), N + SLACK)] + par
            if self.flavor == "ptr":
                lines += par
                lines.append("  kern (%s, %d, %d, acc);" % (args, n, steps))
            else:
                lines.append("  {")
                lines.append("    struct grid gs = { %d, %s };" % (n, args))
                lines += par
                lines.append("    kern (&gs, %d, %d, acc);" % (n, steps))
                lines.append("  }")
            lines.append('  printf ("%08x %08x %08x %08x\\n", acc[0], '
                         'acc[1], acc[2], acc[3]);')
            for b in range(self.narr):
                lines.append('  printf ("%%08x\\n", sum (buf[%d], %d));'
                             % (b, N + SLACK))
        lines += ["  return 0;", "}"]
        return "\n".join(lines) + "\n"


LTO = []        # ["-flto"] with --lto: hoisting then runs in lto1


def build(src, exe, extra, cxx):
    return campaign.build(src, exe, extra, cxx, LTO)


def run(exe, libdir):
    # The hoisting's own run-time proof check, through the records of its
    # calls: a false alarm fails the program too.
    return campaign.run(exe, libdir, deepmap_env={"DEEPMAP_CHECK": "1"})


def main():
    o = campaign.parse(sys.argv[1:], "random-hoist.py",
                       __doc__.split("\n\n")[1], "random-hoist-failures",
                       ("--lto",))
    if "--lto" in o.flags:
        LTO.append("-flto")
    seed, seeds, count, keep = o.seed, o.seeds, o.count, o.keep
    quiet, only, libdir, plugin = o.quiet, o.only, o.libdir, o.plugin
    syslib = os.environ.get("SYSLIB", "")
    tally = campaign.Tally(keep, quiet)
    tmp = tempfile.mkdtemp(prefix="random-hoist-")
    for seed, k in [(s, k) for s in range(seed, seed + seeds)
                    for k in (range(count) if only is None else [only])]:
        rng = random.Random(seed * 100003 + k)
        src_text = Prog(rng, random.Random(seed * 100003 + k + 7777777),
                        random.Random(seed * 100003 + k + 15555555),
                        random.Random(seed * 100003 + k + 23333333),
                        random.Random(seed * 100003 + k + 31111111),
                        random.Random(seed * 100003 + k + 38888888),
                        random.Random(seed * 100003 + k + 46666666),
                        random.Random(seed * 100003 + k + 54444444),
                        random.Random(seed * 100003 + k + 62222222),
                        random.Random(seed * 100003 + k + 70000000)
                        ).source()
        name = "s%d-p%d%s" % (seed, k, "-c++" if k % 3 == 2 else "")
        # Every third program as C++ (g++ runs the same plugin).
        cxx = k % 3 == 2
        plain, hoisted, why = campaign.build_both(tmp, name, src_text, build,
                                                  plugin, cxx)
        if not why:
            a = run(plain, libdir)
            b = run(hoisted, libdir)
            if a[0] != 0:
                why = "plain run failed: " + a[2][:300]
            elif a != b:
                why = "plugin build differs under deepmap: %r vs %r" % (
                    a[1:], b[1:])
            elif syslib != "none":
                c = run(plain, "none")
                d = run(hoisted, "none")
                if c != d:
                    why = "plugin build differs under the system libgomp"
        tally.record(name, src_text, why)
    tally.finish()


if __name__ == "__main__":
    main()
