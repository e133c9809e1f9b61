#!/usr/bin/env python3
"""random-tasks.py -- a seeded differential campaign for deep copy under
concurrency: random C and C++ programs whose team of 2 to 4 threads runs
a random graph of deferred tasks over holders of linked lists and
counted arrays (a struct vec with deepmap_counted_by in C, a
std::vector member in C++).  Some holders are adjacent elements of one
array, so that concurrent constructs map neighbouring bytes; the others
are allocated one by one.

The tasks, ordered by depend clauses on the holders they touch:
target nowait regions that add to every value, reverse or rotate a
list, swap two holders' lists and arrays or move a node from one to
another, and read-only regions (map to) that store a hash of a holder
in their own element of a result array (map tofrom of one element:
neighbours again); target enter data nowait and exit data nowait that
keep a holder resident across the regions in between; and host tasks
that change values, relink a list, push or pop a node, or give a
holder a new array of another length, on holders not resident.

Each program is built without the plugin and run under the system
libgomp (host execution: the reference), and built with the plugin
and run under the deepmap runtime on the emulated discrete device
(asynchronous nowait, DEEPMAP_NOWAIT=sync with DEEPMAP_CHECK=1); the
output (every holder's values in list order, its array and sum, every
result) must be the reference's, and no run may print a
`deepmap: error:'.  Every third program is C++.

Usage: random-tasks.py [--seed S] [--seeds K] [--count N] [--keep DIR]
                       [--program P] [--repeat R] [--quiet] LIBDIR PLUGIN
as random-deep.py: R runs under each deepmap setting (races show in some
runs only).  Ends with "N passed, N failed".

Valid programs only: every task names in its depend clauses each holder
it reads (in) or changes (inout); a host task touches no resident
holder, and regions over two holders need both not resident (a
resident holder's device pointers must not end up pointing at what a
construct unmaps); arithmetic is on unsigned integers.
"""
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import campaign  # noqa: E402  (testsuite/lib)


class Prog:
    def __init__(self, rng, cxx):
        self.r = rng
        self.cxx = cxx
        self.nadj = rng.randrange(2, 9)          # holders in one array
        self.nsep = rng.randrange(0, 5)          # holders of their own
        self.nh = self.nadj + self.nsep
        self.threads = rng.randrange(2, 5)
        self.nres = 0                            # result slots
        self.resident = set()

    def ref(self, h):
        """A pointer to holder H."""
        return "&adj[%d]" % h if h < self.nadj else "sep[%d]" % (h - self.nadj)

    def dep(self, h):
        return "adj[%d]" % h if h < self.nadj else "*sep[%d]" % (h - self.nadj)

    def values_loop(self, v, stmt):
        """STMT (X standing for the value) for every value of the holder
        at V: its list's, then its array's."""
        out = ["for (struct node *p = %s->head; p; p = p->next)" % v,
               "  { %s }" % stmt.replace("X", "p->v")]
        if self.cxx:
            out += ["for (size_t i = 0; i < %s->vals.size (); i++)" % v,
                    "  { %s }" % stmt.replace("X", "%s->vals[i]" % v)]
        else:
            out += ["if (%s->vec)" % v,
                    "  for (int i = 0; i < %s->vec->n; i++)" % v,
                    "    { %s }" % stmt.replace("X", "%s->vec->d[i]" % v)]
        return out

    def body_add(self, v, c):
        return (["unsigned long s = 0;"]
                + self.values_loop(v, "X += %du; s += X;" % c)
                + ["%s->acc += s;" % v])

    def body_reverse(self, v):
        return ["struct node *prev = 0, *p = %s->head;" % v,
                "while (p) { struct node *n = p->next; p->next = prev;"
                " prev = p; p = n; }",
                "%s->head = prev;" % v]

    def body_rotate(self, v):
        return ["struct node *h = %s->head;" % v,
                "if (h && h->next)",
                "  {",
                "    struct node *t = h;",
                "    while (t->next) t = t->next;",
                "    %s->head = h->next; h->next = 0; t->next = h;" % v,
                "  }"]

    def body_swap(self, a, b):
        out = ["struct node *t = %s->head; %s->head = %s->head;"
               " %s->head = t;" % (a, a, b, b)]
        if self.cxx:
            out.append("%s->vals.swap (%s->vals);" % (a, b))
        else:
            out.append("struct vec *w = %s->vec; %s->vec = %s->vec;"
                       " %s->vec = w;" % (a, a, b, b))
        return out

    def body_move(self, a, b):
        return ["struct node *n = %s->head;" % a,
                "if (n) { %s->head = n->next; n->next = %s->head;"
                " %s->head = n; }" % (a, b, b)]

    def body_hash(self, v, slot):
        return (["unsigned long s = 7;"]
                + self.values_loop(v, "s = s * 31u + X;")
                + ["res[%d] = s + %s->acc;" % (slot, v)])

    def target(self, hs, body, read=False):
        vs = ["h%d" % i for i in range(len(hs))]
        decl = ["struct holder *%s = %s;" % (v, self.ref(h))
                for v, h in zip(vs, hs)]
        maps = ", ".join("%s[0:1]" % v for v in vs)
        deps = ", ".join(self.dep(h) for h in hs)
        kind = "to" if read else "tofrom"
        clauses = "map(%s: %s)" % (kind, maps)
        if read:
            clauses += " map(tofrom: res[%d:1])" % self.nres
        clauses += " depend(%s: %s)" % ("in" if read else "inout", deps)
        return (["{"] + ["  " + d for d in decl]
                + ["#pragma omp target nowait " + clauses, "  {"]
                + ["    " + l for l in body(*vs)] + ["  }", "}"])

    def host_task(self, h):
        r = self.r
        v = "h0"
        what = r.choice(["add", "reverse", "push", "pop", "array"])
        if what == "add":
            body = self.body_add(v, r.randrange(1, 1000))
        elif what == "reverse":
            body = self.body_reverse(v)
        elif what == "push":
            body = ["%s->head = mknode (%du, %s->head);"
                    % (v, r.randrange(1, 10 ** 6), v)]
        elif what == "pop":
            body = ["struct node *n = %s->head;" % v,
                    "if (n) { %s->head = n->next; free (n); }" % v]
        else:
            n, base = r.randrange(0, 12), r.randrange(1, 10 ** 6)
            body = ["newarray (%s, %d, %du);" % (v, n, base)]
        return (["{", "  struct holder *%s = %s;" % (v, self.ref(h)),
                 "#pragma omp task depend(inout: %s)" % self.dep(h), "  {"]
                + ["    " + l for l in body] + ["  }", "}"])

    def op(self):
        r = self.r
        free = [h for h in range(self.nh) if h not in self.resident]
        choices = ["add", "add", "reverse", "rotate", "read", "read",
                   "enter", "exit", "host", "host"]
        if len(free) >= 2:
            choices += ["swap", "move"]
        what = r.choice(choices)
        if what in ("swap", "move"):
            a, b = r.sample(free, 2)
            f = self.body_swap if what == "swap" else self.body_move
            return self.target([a, b], f)
        if what == "host":
            if not free:
                return []
            return self.host_task(r.choice(free))
        h = r.randrange(self.nh)
        if what == "enter":
            if h in self.resident:
                return []
            self.resident.add(h)
            return ["{", "  struct holder *h0 = %s;" % self.ref(h),
                    "#pragma omp target enter data nowait map(to: h0[0:1])"
                    " depend(inout: %s)" % self.dep(h), "}"]
        if what == "exit":
            if h not in self.resident:
                return []
            self.resident.discard(h)
            return ["{", "  struct holder *h0 = %s;" % self.ref(h),
                    "#pragma omp target exit data nowait map(from: h0[0:1])"
                    " depend(inout: %s)" % self.dep(h), "}"]
        if what == "add":
            c = r.randrange(1, 1000)
            return self.target([h], lambda v: self.body_add(v, c))
        if what == "reverse":
            return self.target([h], self.body_reverse)
        if what == "rotate":
            return self.target([h], self.body_rotate)
        out = self.target([h], lambda v: self.body_hash(v, self.nres), True)
        self.nres += 1
        return out

    def source(self, name):
        r = self.r
        ops = []
        for _ in range(r.randrange(15, 60)):
            ops += self.op()
        ends = sorted(self.resident)
        lines = ["/* %s: generated by random-tasks.py */" % name,
                 "#include <omp.h>", "#include <stdio.h>",
                 "#include <stdlib.h>"]
        if self.cxx:
            lines.append("#include <vector>")
        lines += ['#include "deepmap.h"', "",
                  "struct node { unsigned long v; struct node *next; };"]
        if self.cxx:
            lines += ["struct holder { struct node *head;"
                      " std::vector<unsigned long> vals; unsigned long acc; };"]
        else:
            lines += ["struct vec { int n;"
                      " unsigned long *d deepmap_counted_by (n); };",
                      "struct holder { struct node *head; struct vec *vec;"
                      " unsigned long acc; };"]
        lines += ["",
                  "static struct node *",
                  "mknode (unsigned long v, struct node *next)",
                  "{",
                  "  struct node *n = (struct node *) malloc (sizeof *n);",
                  "  n->v = v;",
                  "  n->next = next;",
                  "  return n;",
                  "}", "",
                  "static void",
                  "newarray (struct holder *h, int n, unsigned long base)",
                  "{"]
        if self.cxx:
            lines += ["  h->vals.assign (n, 0);",
                      "  for (int i = 0; i < n; i++)",
                      "    h->vals[i] = base + i;"]
        else:
            lines += ["  if (h->vec)",
                      "    free (h->vec->d);",
                      "  free (h->vec);",
                      "  h->vec = 0;",
                      "  if (n < 0)",
                      "    return;",
                      "  h->vec = (struct vec *) malloc (sizeof *h->vec);",
                      "  h->vec->n = n;",
                      "  h->vec->d = (unsigned long *)"
                      " malloc ((n ? n : 1) * sizeof (unsigned long));",
                      "  for (int i = 0; i < n; i++)",
                      "    h->vec->d[i] = base + i;"]
        lines += ["}", "",
                  "static void",
                  "show (const char *what, struct holder *h)",
                  "{",
                  '  printf ("%s acc %lu:", what, h->acc);',
                  "  int k = 0;",
                  "  for (struct node *p = h->head; p && k < 10000;"
                  " p = p->next, k++)",
                  '    printf (" %lu", p->v);',
                  '  printf (" |");']
        if self.cxx:
            lines += ["  for (size_t i = 0; i < h->vals.size (); i++)",
                      '    printf (" %lu", h->vals[i]);']
        else:
            lines += ["  if (h->vec)",
                      "    for (int i = 0; i < h->vec->n; i++)",
                      '      printf (" %lu", h->vec->d[i]);']
        lines += ['  printf ("\\n");', "}", "",
                  "static struct holder adj[%d];" % self.nadj,
                  "static struct holder *sep[%d];" % max(self.nsep, 1),
                  "static unsigned long res[%d];" % max(self.nres, 1), "",
                  "int", "main (void)", "{"]
        for h in range(self.nh):
            if h >= self.nadj:
                lines.append("  sep[%d] = %s;" % (
                    h - self.nadj, "new holder ()" if self.cxx else
                    "(struct holder *) calloc (1, sizeof (struct holder))"))
            n = r.randrange(0, 40)
            base = r.randrange(1, 10 ** 6)
            lines += ["  for (int i = 0; i < %d; i++)" % n,
                      "    (%s)->head = mknode (%du + i, (%s)->head);"
                      % (self.ref(h), base, self.ref(h)),
                      "  newarray (%s, %d, %du);"
                      % (self.ref(h), r.randrange(-1 if not self.cxx else 0,
                                                  20),
                         r.randrange(1, 10 ** 6))]
        lines += ["#pragma omp parallel num_threads(%d)" % self.threads,
                  "#pragma omp single",
                  "  {"]
        lines += ["    " + l for l in ops]
        lines += ["#pragma omp taskwait", "  }"]
        for h in ends:
            lines += ["  {", "    struct holder *h0 = %s;" % self.ref(h),
                      "#pragma omp target exit data map(from: h0[0:1])",
                      "  }"]
        for h in range(self.nh):
            lines.append('  show ("h%d", %s);' % (h, self.ref(h)))
        lines += ["  for (int i = 0; i < %d; i++)" % self.nres,
                  '    printf ("r%d %lu\\n", i, res[i]);',
                  "  return 0;", "}"]
        return "\n".join(lines) + "\n"


def main():
    o = campaign.parse(sys.argv[1:], "random-tasks.py", __doc__,
                       "random-tasks-failures")
    tally = campaign.Tally(o.keep, o.quiet)
    tmp = tempfile.mkdtemp(prefix="random-tasks-")
    for s, k in [(s, k) for s in range(o.seed, o.seed + o.seeds)
                 for k in (range(o.count) if o.only is None else [o.only])]:
        rng = random.Random(s * 100043 + k)
        cxx = k % 3 == 2
        name = "s%d-p%d%s" % (s, k, "-c++" if cxx else "")
        src_text = Prog(rng, cxx).source(name)
        plain, deep, why = campaign.build_both(tmp, name, src_text,
                                               campaign.build, o.plugin, cxx)
        if not why:
            ref = campaign.run(plain, "none")
            if ref[0] != 0:
                why = "plain run failed: " + ref[2][:300]
            runs = [("deepmap", o.libdir, {}),
                    ("deepmap, DEEPMAP_NOWAIT=sync, DEEPMAP_CHECK=1",
                     o.libdir, {"DEEPMAP_NOWAIT": "sync",
                                "DEEPMAP_CHECK": "1"})]
            for what, lib, env in runs:
                for rep in range(o.repeat):
                    if why:
                        break
                    got = campaign.run(deep, lib, deepmap_env=env)
                    if got[0] != 0 or "deepmap: error" in got[2]:
                        why = "plugin build under %s: status %d: %s" % (
                            what, got[0], got[2][:400])
                    elif got[1] != ref[1]:
                        why = "plugin build under %s prints %r, not %r" % (
                            what, got[1][:300], ref[1][:300])
        tally.record(name, src_text, why)
    tally.finish()


if __name__ == "__main__":
    main()
