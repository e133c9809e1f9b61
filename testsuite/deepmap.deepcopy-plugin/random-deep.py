#!/usr/bin/env python3
"""random-deep.py -- a seeded differential campaign for automatic deep
copy (plugin/dm-types.c, libdeepmap/map/deepcopy.c): random C and C++
programs whose structure types link each other through pointers to one
object, counted arrays of scalars and of structures (deepmap_counted_by),
one-past-the-end and interior pointers into those arrays, embedded
members and fixed arrays, some types packed; the objects form lists,
trees, shared sub-objects, cycles and pointers to elements of arrays of
structures (a pointer to one object that an array mapped elsewhere
holds).  The programs map the roots and objects found inside them
(one or two handles per construct) with target regions that change the
values their kernels reach (inline, through a declare target function,
as a distributed loop, nowait), read-only kernels (map to), target data
and enter/exit data holding handles across nested constructs, deep
target updates around host reads and writes, output structures (a copy
of a live object mapped from, its pointers leading to what it does not
own, one of them cleared by the region), and, while nothing is mapped,
host changes of the links and counts.

Each program is built without the plugin and run under the system
libgomp (host execution: the reference) and built with the plugin and
run under the deepmap runtime on the emulated discrete device, where
every object a kernel reaches must have been deep-copied, with
DEEPMAP_CHECK=1 (which also verifies that the device copy of every
pointer deep copy knows holds a device address) and a drawn
DEEPMAP_DEEPCOPY strategy, again without the check (which turns off
the record and replay of deep items), and under the system libgomp.  Not with
DEEPMAP_EMU_STRICT=1: a structure a region uses only through members
without pointers is mapped as plain data, and its device copy keeps
host addresses the region never reads, which the strict scan reports
where their targets are mapped.  Every output (hashes of all objects, the
read-only kernels' sums) must equal the reference's and no run may
print a `deepmap: error:'.  Every third program is C++.

Usage: random-deep.py [--seed S] [--seeds K] [--count N] [--keep DIR]
                      [--program P] [--repeat R] [--quiet] LIBDIR PLUGIN
Seeds S to S + K - 1 (1, 1), N programs each (20), or program P alone
(the one a failure named: s<S>-p<P>).  A program with host threads
runs R times (1) under each deepmap setting: races between its threads'
constructs show in some runs only (pcpy's in about one of 100).  Ends with "N passed, N failed";
exit status 1 when a program differs (its source is kept in DIR,
default ./random-deep-failures).

The programs avoid what has no defined result: kernels never change
counts, and change pointers only by swapping two of one object (what is
reachable stays the same), the host changes values only where nothing is
mapped or between a deep target update from and to of everything
mapped, host reads happen where everything read is current on the
host, distributed loops give each iteration its own element, and
arithmetic is on unsigned integers.
"""
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import campaign  # noqa: E402  (testsuite/lib)

STRATEGIES = ["batch", "base", "tcpy", "pcpy"]
MAX_OBJECTS = 400       # objects the program allocates at most


class Field:
    def __init__(self, kind, name, target=None):
        self.kind = kind        # scalar fixed counted ptr parr embed
        self.name = name
        self.target = target    # type index (ptr, parr, embed)
        self.end = False        # counted: also a one-past-the-end pointer
        self.mid = False        # counted: also an interior pointer


class Type:
    def __init__(self, idx):
        self.idx = idx
        self.name = "T%d" % idx
        self.fields = []
        self.packed = False


class Prog:
    def __init__(self, rng, cxx, nowait=True):
        self.r = rng
        self.cxx = cxx
        self.nowait = nowait    # nowait clauses (else the same, without)
        self.types = []
        self.kernels = []       # declare target functions
        self.nfunc = 0
        self.nacc = 0
        self.nout = 0
        # Output structures (op_output) draw from their own stream, so
        # that every other choice stays what it was for a given seed.
        self.r2 = random.Random(repr(rng.getstate()[1][:8]))
        self.make_types()

    # ---- types ---------------------------------------------------------

    def make_types(self):
        r = self.r
        k = r.randint(2, 4)
        self.types = [Type(i) for i in range(k)]
        for t in self.types:
            t.packed = r.random() < 0.15
            nf = r.randint(2, 6)
            kinds = ["scalar"]
            for _ in range(nf - 1):
                kinds.append(r.choice(["scalar", "fixed", "counted", "counted",
                                       "ptr", "ptr", "parr", "embed"]))
            r.shuffle(kinds)
            for j, kind in enumerate(kinds):
                name = "f%d" % j
                if kind in ("ptr", "parr"):
                    f = Field(kind, name, r.randrange(k))
                elif kind == "embed":
                    # Only types defined before this one (higher index).
                    if t.idx + 1 >= k:
                        f = Field("scalar", name)
                    else:
                        f = Field(kind, name, r.randint(t.idx + 1, k - 1))
                else:
                    f = Field(kind, name)
                if kind == "counted":
                    f.end = r.random() < 0.4
                    f.mid = r.random() < 0.3
                t.fields.append(f)
        # The root type must reach something.
        if not any(f.kind in ("ptr", "parr", "counted")
                   for f in self.types[0].fields):
            self.types[0].fields.append(Field("ptr", "fl", 0))

    def decl_types(self):
        out = []
        for t in self.types:
            out.append("struct %s;" % t.name)
        for t in reversed(self.types):
            out.append("struct %s%s\n{" % (
                "__attribute__ ((packed)) " if t.packed else "", t.name))
            for f in t.fields:
                n = f.name
                if f.kind == "scalar":
                    out.append("  unsigned %s;" % n)
                elif f.kind == "fixed":
                    out.append("  unsigned %s[3];" % n)
                elif f.kind == "counted":
                    out.append("  unsigned %s_n;" % n)
                    out.append("  unsigned *%s deepmap_counted_by (%s_n);"
                               % (n, n))
                    if f.end:
                        out.append("  unsigned *%s_end;" % n)
                    if f.mid:
                        out.append("  unsigned *%s_mid;" % n)
                elif f.kind == "ptr":
                    out.append("  struct T%d *%s;" % (f.target, n))
                elif f.kind == "parr":
                    out.append("  unsigned %s_n;" % n)
                    out.append("  struct T%d *%s deepmap_counted_by (%s_n);"
                               % (f.target, n, n))
                elif f.kind == "embed":
                    out.append("  struct T%d %s;" % (f.target, n))
            out.append("};")
        return out

    # ---- construction, hashing, host changes ---------------------------

    def host_functions(self):
        out = []
        for t in self.types:
            out.append("static void fill_%s (struct %s *o, int d);"
                       % (t.name, t.name))
            out.append("static void hash_%s (const struct %s *o);"
                       % (t.name, t.name))
            out.append("static void bump_%s (struct %s *o);"
                       % (t.name, t.name))
            out.append("static void relink_%s (struct %s *o, struct %s *o2);"
                       % (t.name, t.name, t.name))
        for t in self.types:
            tn = t.name
            # link: NULL, a shared object (maybe an ancestor: cycles), or
            # a new one.
            out.append("static struct %s *\nlink_%s (int d)\n{" % (tn, tn))
            out.append("  unsigned c = rnd () % 8;")
            out.append("  if (d >= MAXD || c < 2)\n    return NULL;")
            out.append("  if ((c < 4 || nobj >= MAXOBJ) && npool[%d])"
                       % t.idx)
            out.append("    return (struct %s *) pool[%d][rnd () %% npool[%d]];"
                       % (tn, t.idx, t.idx))
            out.append("  if (nobj >= MAXOBJ)\n    return NULL;")
            out.append("  struct %s *o = NEW (struct %s, 1);" % (tn, tn))
            out.append("  note (%d, o, 1);" % t.idx)
            out.append("  fill_%s (o, d + 1);\n  return o;\n}" % tn)
            # array: a counted array of structures (elements shareable).
            out.append("static struct %s *\narray_%s (int d, unsigned *n)\n{"
                       % (tn, tn))
            out.append("  *n = d >= MAXD || nobj >= MAXOBJ ? 0 : rnd () % 4;")
            out.append("  if (*n == 0)\n    return NULL;")
            out.append("  struct %s *o = NEW (struct %s, *n);" % (tn, tn))
            out.append("  note (%d, o, *n);" % t.idx)
            out.append("  for (unsigned k = 0; k < *n; k++)")
            out.append("    fill_%s (&o[k], d + 1);\n  return o;\n}" % tn)
        for t in self.types:
            tn = t.name
            out.append("static void\nfill_%s (struct %s *o, int d)\n{"
                       % (tn, tn))
            for f in t.fields:
                n = f.name
                if f.kind == "scalar":
                    out.append("  o->%s = rnd ();" % n)
                elif f.kind == "fixed":
                    out.append("  for (int k = 0; k < 3; k++)\n"
                               "    o->%s[k] = rnd ();" % n)
                elif f.kind == "counted":
                    out.append("  {\n    unsigned c = rnd () % 6;")
                    out.append("    o->%s_n = c;" % n)
                    out.append("    o->%s = c || rnd () %% 2 ? NEW (unsigned, "
                               "c ? c : 1) : NULL;" % n)
                    out.append("    for (unsigned k = 0; k < c; k++)\n"
                               "      o->%s[k] = rnd ();" % n)
                    if f.end:
                        out.append("    o->%s_end = o->%s ? o->%s + c : NULL;"
                                   % (n, n, n))
                    if f.mid:
                        out.append("    o->%s_mid = c ? o->%s + rnd () %% c "
                                   ": NULL;" % (n, n))
                    out.append("  }")
                elif f.kind == "ptr":
                    out.append("  o->%s = link_T%d (d);" % (n, f.target))
                elif f.kind == "parr":
                    out.append("  {\n    unsigned c;")
                    out.append("    o->%s = array_T%d (d, &c);"
                               % (n, f.target))
                    out.append("    o->%s_n = c;\n  }" % n)
                elif f.kind == "embed":
                    out.append("  fill_T%d (&o->%s, d);" % (f.target, n))
            out.append("}")
            # hash: the values (not the addresses) of the object, and
            # whether its derived pointers still point where they did.
            out.append("static void\nhash_%s (const struct %s *o)\n{"
                       % (tn, tn))
            for f in t.fields:
                n = f.name
                if f.kind == "scalar":
                    out.append("  mix (o->%s);" % n)
                elif f.kind == "fixed":
                    out.append("  for (int k = 0; k < 3; k++)\n"
                               "    mix (o->%s[k]);" % n)
                elif f.kind == "counted":
                    out.append("  mix (o->%s_n);" % n)
                    out.append("  for (unsigned k = 0; o->%s && k < o->%s_n; "
                               "k++)\n    mix (o->%s[k]);" % (n, n, n))
                    if f.end:
                        out.append("  mix (o->%s_end == (o->%s ? o->%s + "
                                   "o->%s_n : NULL));" % (n, n, n, n))
                    if f.mid:
                        out.append("  mix (!o->%s_mid || (o->%s_mid >= o->%s "
                                   "&& o->%s_mid < o->%s + o->%s_n));"
                                   % (n, n, n, n, n, n))
                elif f.kind == "ptr":
                    out.append("  mix (o->%s != NULL);" % n)
                elif f.kind == "parr":
                    out.append("  mix (o->%s_n);" % n)
                elif f.kind == "embed":
                    out.append("  hash_T%d (&o->%s);" % (f.target, n))
            out.append("}")
            # bump: a host change of every value.
            out.append("static void\nbump_%s (struct %s *o)\n{" % (tn, tn))
            for f in t.fields:
                n = f.name
                if f.kind == "scalar":
                    out.append("  o->%s += 7u;" % n)
                elif f.kind == "fixed":
                    out.append("  o->%s[1] ^= 0x55u;" % n)
                elif f.kind == "counted":
                    out.append("  for (unsigned k = 0; o->%s && k < o->%s_n; "
                               "k++)\n    o->%s[k] += k;" % (n, n, n))
                elif f.kind == "embed":
                    out.append("  bump_T%d (&o->%s);" % (f.target, n))
            out.append("}")
            # relink: change links and shorten counts (nothing mapped).
            out.append("static void\nrelink_%s (struct %s *o, struct %s *o2)\n{"
                       % (tn, tn, tn))
            out.append("  (void) o2;")
            for f in t.fields:
                n = f.name
                if f.kind == "ptr":
                    out.append("  if (rnd () % 3 == 0)\n    {")
                    out.append("      struct T%d *x = o->%s;" % (f.target, n))
                    out.append("      o->%s = o2->%s;\n      o2->%s = x;\n    }"
                               % (n, n, n))
                    out.append("  else if (rnd () %% 5 == 0)\n    o->%s = NULL;"
                               % n)
                elif f.kind == "counted":
                    out.append("  if (o->%s_n && rnd () %% 3 == 0)\n    {" % n)
                    out.append("      o->%s_n--;" % n)
                    if f.end:
                        out.append("      o->%s_end = o->%s + o->%s_n;"
                                   % (n, n, n))
                    if f.mid:
                        out.append("      o->%s_mid = o->%s_n ? o->%s : NULL;"
                                   % (n, n, n))
                    out.append("    }")
                elif f.kind == "parr":
                    out.append("  if (o->%s_n && rnd () %% 3 == 0)\n"
                               "    o->%s_n--;" % (n, n))
                elif f.kind == "embed":
                    out.append("  relink_T%d (&o->%s, &o2->%s);"
                               % (f.target, n, n))
            out.append("}")
        # Dispatch over the registry.
        out.append("static void\nhash_all (const char *what)\n{")
        out.append("  h = 2166136261u;")
        out.append("  for (int i = 0; i < nreg; i++)")
        out.append("    for (unsigned k = 0; k < reg[i].n; k++)")
        out.append("      switch (reg[i].t)\n\t{")
        for t in self.types:
            out.append("\tcase %d: hash_%s ((struct %s *) reg[i].p + k); break;"
                       % (t.idx, t.name, t.name))
        out.append("\t}")
        out.append('  printf ("%s %08x\\n", what, h);\n}')
        out.append("static void\nbump_all (void)\n{")
        out.append("  for (int i = 0; i < nreg; i++)")
        out.append("    for (unsigned k = 0; k < reg[i].n; k++)")
        out.append("      switch (reg[i].t)\n\t{")
        for t in self.types:
            out.append("\tcase %d: bump_%s ((struct %s *) reg[i].p + k); break;"
                       % (t.idx, t.name, t.name))
        out.append("\t}\n}")
        out.append("static void\nrelink_some (void)\n{")
        out.append("  for (int i = 0; i < nreg; i++)")
        out.append("    {")
        out.append("      int j = rnd () % nreg;")
        out.append("      if (reg[j].t != reg[i].t || rnd () % 2)\n"
                   "\tcontinue;")
        out.append("      switch (reg[i].t)\n\t{")
        for t in self.types:
            out.append("\tcase %d: relink_%s ((struct %s *) reg[i].p, "
                       "(struct %s *) reg[j].p); break;"
                       % (t.idx, t.name, t.name, t.name))
        out.append("\t}\n    }\n}")
        return out

    # ---- kernels -------------------------------------------------------

    def path(self, root, tidx, ind, readonly, acc, depth=None):
        """Code walking from ROOT (an expression of type struct T<tidx> *)
        a few links down, then changing (or, READONLY, summing into ACC)
        one thing of the object it reaches."""
        r = self.r
        lines = []
        depth = r.randint(0, 3) if depth is None else depth
        cur, t = root, self.types[tidx]
        opened = 0
        pad = " " * ind
        for step in range(depth):
            links = [f for f in t.fields if f.kind in ("ptr", "parr", "embed")]
            if not links:
                break
            f = r.choice(links)
            var = "x%d_%d" % (ind, step)
            tt = "struct T%d" % f.target
            if f.kind == "ptr":
                lines.append(pad + "%s *%s = %s->%s;" % (tt, var, cur, f.name))
                lines.append(pad + "if (%s)" % var)
            elif f.kind == "parr":
                k = r.randrange(3)
                lines.append(pad + "%s *%s = %s->%s_n > %d ? &%s->%s[%d] "
                             ": NULL;" % (tt, var, cur, f.name, k, cur,
                                          f.name, k))
                lines.append(pad + "if (%s)" % var)
            else:
                lines.append(pad + "%s *%s = &%s->%s;" % (tt, var, cur,
                                                         f.name))
                lines.append(pad + "if (1)")
            lines.append(pad + "{")
            opened += 1
            cur, t = var, self.types[f.target]
        # Two pointers of one object to the same type: a kernel that may
        # change values swaps them now and then.  What the structure
        # reaches stays the same; the swapped pointers come back to the
        # host translated, and later constructs (a fusion moving their
        # targets included) must see them swapped.
        same = {}
        for g in t.fields:
            if g.kind == "ptr":
                same.setdefault(g.target, []).append(g)
        pairs = [v for v in same.values() if len(v) >= 2]
        if pairs and not readonly and r.random() < 0.3:
            a, b = r.sample(r.choice(pairs), 2)
            lines.append(pad + "{ struct T%d *sw = %s->%s; %s->%s = %s->%s; "
                         "%s->%s = sw; }" % (a.target, cur, a.name, cur,
                                             a.name, cur, b.name, cur,
                                             b.name))
            lines += [pad + "}"] * opened
            return lines
        leaves = [f for f in t.fields
                  if f.kind in ("scalar", "fixed", "counted")]
        f = r.choice(leaves)
        c = r.randrange(1, 1000)
        n = "%s->%s" % (cur, f.name)
        if f.kind == "scalar":
            lines.append(pad + (("%s = %s * 31u + %s;" % (acc, acc, n))
                                if readonly else
                                ("%s = %s * 3u + %du;" % (n, n, c))))
        elif f.kind == "fixed":
            lines.append(pad + "for (int k = 0; k < 3; k++)")
            lines.append(pad + ("  %s = %s * 31u + %s[k];" % (acc, acc, n)
                                if readonly else
                                "  %s[k] += %du + k;" % (n, c)))
        else:
            how = r.choice(["count"] + (["end"] if f.end else [])
                           + (["mid"] if f.mid else []))
            if how == "count":
                lines.append(pad + "for (unsigned k = 0; k < %s_n; k++)" % n)
                lines.append(pad + ("  %s = %s * 31u + %s[k];" % (acc, acc, n)
                                    if readonly else
                                    "  %s[k] = %s[k] * 5u + %du;" % (n, n, c)))
            elif how == "end":
                lines.append(pad + "if (%s)" % n)
                lines.append(pad + "  for (unsigned *q = %s; q != %s_end; q++)"
                             % (n, n))
                lines.append(pad + ("    %s = %s * 31u + *q;" % (acc, acc)
                                    if readonly else "    *q += %du;" % c))
            else:
                lines.append(pad + "if (%s_mid)" % n)
                lines.append(pad + ("  %s = %s * 31u + *%s_mid;"
                                    % (acc, acc, n) if readonly else
                                    "  *%s_mid ^= %du;" % (n, c)))
        lines += [pad + "}"] * opened
        return lines

    def body(self, handles, readonly, acc):
        lines = []
        for _ in range(self.r.randint(1, 4)):
            var, tidx = self.r.choice(handles)
            lines.append("    {")
            lines += self.path(var, tidx, 6, readonly, acc)
            lines.append("    }")
        return lines

    # ---- the program's operations ---------------------------------------

    def handle_pool(self):
        return self.roots + self.subs

    def pick(self, k=1):
        hs = self.handle_pool()
        picked = []
        for _ in range(k):
            h = self.r.choice(hs)
            if h not in picked:
                picked.append(h)
        return picked

    def maplist(self, hs):
        return ", ".join("%s[0:1]" % v for v, _ in hs)

    def guard(self, hs):
        return " && ".join(v for v, _ in hs if v.startswith("s")) or "1"

    def op_target(self, ind):
        r = self.r
        hs = self.pick(r.choice([1, 1, 2]))
        pad = " " * ind
        out = [pad + "if (%s)" % self.guard(hs), pad + "  {"]
        kind = r.choice(["inline", "inline", "func", "loop", "nowait"])
        if kind == "func":
            fn = "kern%d" % self.nfunc
            self.nfunc += 1
            params = ", ".join("struct T%d *%s" % (t, v) for v, t in hs)
            fbody = self.body(hs, False, None)
            self.kernels.append(["static void", "%s (%s)" % (fn, params), "{"]
                                + fbody + ["}"])
            out.append(pad + "#pragma omp target map(tofrom: %s)"
                       % self.maplist(hs))
            out.append(pad + "    %s (%s);" % (fn, ", ".join(v for v, _ in hs)))
        elif kind == "loop":
            # Each iteration its own element of one counted array.
            v, tidx = hs[0]
            t = self.types[tidx]
            counted = [f for f in t.fields if f.kind == "counted"]
            out.append(pad + "#pragma omp target teams distribute parallel "
                       "for map(tofrom: %s)" % self.maplist(hs))
            out.append(pad + "    for (unsigned i = 0; i < 8; i++)")
            out.append(pad + "      {")
            if counted:
                f = counted[0]
                out.append(pad + "\tif (%s->%s && i < %s->%s_n)"
                           % (v, f.name, v, f.name, ))
                out.append(pad + "\t  %s->%s[i] += i * %du;"
                           % (v, f.name, r.randrange(1, 100)))
            else:
                out.append(pad + "\tif (i == 0)\n" + pad + "\t  {")
                out += self.path(v, tidx, ind + 10, False, None)
                out.append(pad + "\t  }")
            out.append(pad + "      }")
        else:
            if not self.nowait:
                kind = "inline"
            out.append(pad + "#pragma omp target map(tofrom: %s)%s"
                       % (self.maplist(hs),
                          " nowait" if kind == "nowait" else ""))
            out.append(pad + "  {")
            out += [pad + l for l in self.body(hs, False, None)]
            out.append(pad + "  }")
            if kind == "nowait":
                out.append(pad + "#pragma omp taskwait")
        out.append(pad + "  }")
        return out

    def op_read(self, ind):
        hs = self.pick(self.r.choice([1, 2]))
        acc = "acc%d" % self.nacc
        self.nacc += 1
        pad = " " * ind
        out = [pad + "{", pad + "  unsigned %s = 1;" % acc,
               pad + "  if (%s)" % self.guard(hs), pad + "    {"]
        out.append(pad + "#pragma omp target map(to: %s) map(tofrom: %s)"
                   % (self.maplist(hs), acc))
        out.append(pad + "      {")
        out += [pad + "    " + l for l in self.body(hs, True, acc)]
        out.append(pad + "      }")
        out.append(pad + "    }")
        out.append(pad + '  printf ("%s %%08x\\n", %s);' % (acc, acc))
        out.append(pad + "}")
        return out

    def op_parallel(self, ind):
        """Two host threads map handles (maybe the same one, maybe
        sharing objects) with read-only kernels at once, a few times:
        the directory's counts under concurrency."""
        hs = [self.r.choice(self.handle_pool()) for _ in range(2)]
        acc = "acc%d" % self.nacc
        self.nacc += 1
        pad = " " * ind
        out = [pad + "{", pad + "  unsigned %s[2];" % acc,
               pad + "#pragma omp parallel for num_threads(2)",
               pad + "  for (int t = 0; t < 2; t++)", pad + "    {",
               pad + "      unsigned a = 1;",
               pad + "      for (int rep = 0; rep < 3; rep++)"]
        for t, h in enumerate(hs):
            out.append(pad + "	%sif (t == %d && %s)"
                       % ("else " if t else "", t, self.guard([h])))
            out.append(pad + "	  {")
            out.append(pad + "#pragma omp target map(to: %s) map(tofrom: a)"
                       % self.maplist([h]))
            out.append(pad + "	    {")
            out += [pad + "      " + l for l in self.body([h], True, "a")]
            out.append(pad + "	    }")
            out.append(pad + "	  }")
        out.append(pad + "      %s[t] = a;" % acc)
        out.append(pad + "    }")
        out.append(pad + '  printf ("%s %%08x %%08x\\n", %s[0], %s[1]);'
                   % (acc, acc, acc))
        out.append(pad + "}")
        return out

    def op_host(self, ind, mapped):
        """Host reads and writes of every object: deep updates of what is
        mapped around them."""
        pad = " " * ind
        out = []
        live = [(v, t) for v, t in mapped]
        for v, _ in live:
            g = "if (%s) " % v if v.startswith("s") else ""
            out.append(pad + "%s{\n%s#pragma omp target update from(%s[0:1])\n"
                       "%s}" % (g, pad, v, pad))
        out.append(pad + 'hash_all ("host%d");' % self.nhost)
        self.nhost += 1
        if self.r.random() < 0.7:
            out.append(pad + "bump_all ();")
        for v, _ in live:
            g = "if (%s) " % v if v.startswith("s") else ""
            out.append(pad + "%s{\n%s#pragma omp target update to(%s[0:1])\n"
                       "%s}" % (g, pad, v, pad))
        return out

    def op_call(self, ind):
        """A target construct in a host function the program calls: the
        plugin's hoisting sees through calls in the unit."""
        hs = self.handle_pool()
        fn = "step%d" % self.nstep
        self.nstep += 1
        params = ", ".join("struct T%d *%s" % (t, v) for v, t in hs)
        body = self.op_target(2)
        self.steps.append(["static void", "%s (%s)" % (fn, params), "{"]
                          + body + ["}"])
        return [" " * ind + "%s (%s);" % (fn, ", ".join(v for v, _ in hs))]

    def op_output(self, ind):
        # A structure mapped from (an output): a copy of a live object,
        # so its pointers lead to objects it does not own; the region
        # sets one scalar.  Nothing it reaches may change.
        r = self.r2
        v, tidx = r.choice(self.handle_pool())
        t = self.types[tidx]
        scal = [f for f in t.fields if f.kind == "scalar"]
        if not scal:
            return []
        f = r.choice(scal).name
        # The copy may be of another object of the type: the region then
        # maps nothing else that its pointers reach.
        same = [(w, k) for w, k in self.handle_pool() if k == tidx]
        w, _ = r.choice(same)
        o = "out%d" % self.nout
        self.nout += 1
        pad = " " * ind
        # Storing to a pointer makes the structure deep (a region that
        # uses only its scalars maps it as plain data).
        ptrs = [g.name for g in t.fields if g.kind == "ptr"]
        clear = ([pad + "      %s.%s = 0;" % (o, r.choice(ptrs))]
                 if ptrs else [])
        return [pad + "if (%s)" % self.guard([(v, tidx), (w, tidx)]),
                pad + "  {",
                pad + "    struct %s %s = *%s;" % (t.name, o, w),
                pad + "#pragma omp target map(from: %s) map(to: %s[0:1])"
                % (o, v),
                pad + "      {",
                pad + "\t%s.%s = %s->%s * 3u + %du;"
                % (o, f, v, f, r.randrange(1, 1000))] + clear + [
                pad + "      }",
                pad + '    printf ("%s %%08x\\n", %s.%s);' % (o, o, f),
                pad + "  }"]

    def ops(self, ind, depth, mapped, n):
        r = self.r
        out = []
        for _ in range(n):
            if self.r2.random() < 0.08:
                out += self.op_output(ind)
            c = r.random()
            if c < 0.1 and depth < 2:
                # A loop of constructs: what hoisting keeps on the device
                # across it must come back exactly (host reads, host
                # changes of values and links inside it).
                it = "it%d" % self.nloop
                self.nloop += 1
                pad = " " * ind
                out.append(pad + "for (int %s = 0; %s < %d; %s++)"
                           % (it, it, r.randint(2, 4), it))
                out.append(pad + "  {")
                if r.random() < 0.6:
                    # Mostly kernels: what hoisting keeps across loops.
                    for _ in range(r.randint(1, 4)):
                        k = r.random()
                        if k < 0.5:
                            out += self.op_target(ind + 4)
                        elif k < 0.65:
                            out += self.op_call(ind + 4)
                        elif k < 0.8:
                            out += self.op_read(ind + 4)
                        elif k < 0.9 or mapped:
                            out += self.op_host(ind + 4, mapped)
                        else:
                            out.append(pad + "    relink_some ();")
                else:
                    out += self.ops(ind + 4, depth + 1, mapped,
                                    r.randint(1, 4))
                out.append(pad + "  }")
            elif c < 0.17:
                out += self.op_call(ind)
            elif c < 0.22:
                out += self.op_parallel(ind)
            elif c < 0.4:
                out += self.op_target(ind)
            elif c < 0.45:
                out += self.op_read(ind)
            elif c < 0.55:
                out += self.op_host(ind, mapped)
            elif c < 0.62 and not mapped:
                out.append(" " * ind + "relink_some ();")
            elif depth < 2 and c < 0.8:
                hs = self.pick(r.choice([1, 1, 2]))
                pad = " " * ind
                out.append(pad + "if (%s)" % self.guard(hs))
                out.append(pad + "  {")
                kind = r.choice(["to", "tofrom"])
                out.append(pad + "#pragma omp target data map(%s: %s)"
                           % (kind, self.maplist(hs)))
                out.append(pad + "    {")
                # map(to) holds copies the host never sees again: only
                # read-only work inside, or work that other maps copy
                # back... keep it simple: to holds only reads.
                if kind == "to":
                    for _ in range(r.randint(1, 3)):
                        out += self.op_read(ind + 6)
                else:
                    out += self.ops(ind + 6, depth + 1, mapped + hs,
                                    r.randint(1, 3))
                out.append(pad + "    }")
                out.append(pad + "  }")
            elif depth < 2:
                hs = self.pick(1)
                pad = " " * ind
                g = self.guard(hs)
                out.append(pad + "if (%s)" % g)
                out.append(pad + "  {")
                out.append(pad + "#pragma omp target enter data map(to: %s)"
                           % self.maplist(hs))
                out.append(pad + "  }")
                out += self.ops(ind, depth + 1, mapped + hs, r.randint(1, 3))
                out.append(pad + "if (%s)" % g)
                out.append(pad + "  {")
                out.append(pad + "#pragma omp target exit data map(from: %s)"
                           % self.maplist(hs))
                out.append(pad + "  }")
        return out

    def source(self, seed):
        r = self.r
        nroots = r.randint(1, 3)
        self.roots = []
        self.subs = []
        self.steps = []
        self.nhost = self.nstep = self.nloop = 0
        main = []
        for i in range(nroots):
            tidx = 0 if i == 0 else r.randrange(len(self.types))
            v = "r%d" % i
            self.roots.append((v, tidx))
            main.append("  struct T%d *%s = NEW (struct T%d, 1);"
                        % (tidx, v, tidx))
            main.append("  note (%d, %s, 1);" % (tidx, v))
            main.append("  fill_T%d (%s, 0);" % (tidx, v))
        # Objects found inside the roots (maybe NULL: guarded).
        for i in range(r.randint(0, 2)):
            v, tidx = r.choice(self.roots)
            links = [f for f in self.types[tidx].fields
                     if f.kind in ("ptr", "parr", "embed")]
            if not links:
                continue
            f = r.choice(links)
            s = "s%d" % i
            if f.kind == "ptr":
                e = "%s->%s" % (v, f.name)
            elif f.kind == "parr":
                e = "%s->%s_n > 1 ? &%s->%s[1] : NULL" % (v, f.name, v, f.name)
            else:
                e = "&%s->%s" % (v, f.name)
            main.append("  struct T%d *%s = %s;" % (f.target, s, e))
            self.subs.append((s, f.target))
        main.append('  hash_all ("start");')
        main += self.ops(2, 0, [], r.randint(3, 8))
        main.append('  hash_all ("end");')
        out = ["/* random-deep.py seed %s */" % seed,
               "#include <stdio.h>", "#include <stdlib.h>",
               '#include "deepmap.h"', "",
               "#define MAXD %d" % r.randint(2, 4),
               "#define MAXOBJ %d" % MAX_OBJECTS,
               "#define NEW(T, n) ((T *) xcalloc ((n), sizeof (T)))", ""]
        out += self.decl_types()
        out += ["",
                "static unsigned long long state = %dull;" % r.randrange(1 << 40),
                "static unsigned\nrnd (void)\n{",
                "  state = state * 6364136223846793005ull "
                "+ 1442695040888963407ull;",
                "  return (unsigned) (state >> 33);\n}",
                "static void *\nxcalloc (size_t n, size_t s)\n{",
                "  void *p = calloc (n, s);",
                "  if (!p)\n    abort ();\n  return p;\n}",
                "static struct { int t; void *p; unsigned n; } reg[MAXOBJ + 8];",
                "static int nreg, nobj;",
                "static void *pool[%d][MAXOBJ + 8];" % len(self.types),
                "static int npool[%d];" % len(self.types),
                "static void\nnote (int t, void *p, unsigned n)\n{",
                "  reg[nreg].t = t;\n  reg[nreg].p = p;\n  reg[nreg++].n = n;",
                "  nobj += n;",
                "  /* Single objects and array elements may be shared.  */",
                "  for (unsigned k = 0; k < n; k++)",
                "    switch (t)\n      {"]
        for t in self.types:
            out.append("      case %d: pool[%d][npool[%d]++] = "
                       "(struct %s *) p + k; break;"
                       % (t.idx, t.idx, t.idx, t.name))
        out += ["      }", "}",
                "static unsigned h;",
                "static void\nmix (unsigned x)\n{",
                "  h = (h ^ x) * 16777619u;\n}"]
        out += self.host_functions()
        main_text = ["int\nmain (void)\n{"] + main + ["  return 0;", "}"]
        for k in self.steps:
            main_text = k + main_text
        if self.kernels:
            out.append("#pragma omp declare target")
            for k in self.kernels:
                out += k
            out.append("#pragma omp end declare target")
        out += main_text
        return "\n".join(out) + "\n"


def run(exe, libdir, extra_env):
    env = dict(os.environ)
    for k in list(env):
        if k.startswith("DEEPMAP_") or k in ("OMP_TARGET_OFFLOAD",):
            del env[k]
    if libdir != "none":
        env["LD_LIBRARY_PATH"] = libdir
        env["DEEPMAP_DEVICES"] = "emu"
    # Threads that spin at barriers take seconds per parallel region on
    # a loaded machine (the programs with host threads).
    env["OMP_WAIT_POLICY"] = "passive"
    env.update(extra_env)
    try:
        r = subprocess.run([exe], capture_output=True, text=True, env=env,
                           timeout=120)
    except subprocess.TimeoutExpired:
        return -1, "", "timed out"
    return r.returncode, r.stdout, r.stderr


def main():
    o = campaign.parse(sys.argv[1:], "random-deep.py",
                       __doc__.split("\n\n")[2], "random-deep-failures")
    seed, seeds, count, keep = o.seed, o.seeds, o.count, o.keep
    quiet, only, libdir, plugin = o.quiet, o.only, o.libdir, o.plugin
    tally = campaign.Tally(keep, quiet)
    tmp = tempfile.mkdtemp(prefix="random-deep-")
    for s, k in [(s, k) for s in range(seed, seed + seeds)
                 for k in (range(count) if only is None else [only])]:
        rng = random.Random(s * 100019 + k)
        cxx = k % 3 == 2
        name = "s%d-p%d%s" % (s, k, "-c++" if cxx else "")
        src_text = Prog(rng, cxx).source(name)
        if " nowait" in src_text and "omp parallel" in src_text:
            # GCC 12's libgomp deadlocks now and then where a target
            # nowait has run before threads that enter and exit data in a
            # parallel region (hoisting inserts such calls): the same
            # program without nowait.
            rng = random.Random(s * 100019 + k)
            src_text = Prog(rng, cxx, nowait=False).source(name)
        strategy = STRATEGIES[rng.randrange(len(STRATEGIES))]
        plain, deep, why = campaign.build_both(tmp, name, src_text,
                                               campaign.build,
                                               plugin, cxx)
        if not why:
            ref = run(plain, "none", {})
            runs = [("deepmap, DEEPMAP_CHECK=1, DEEPMAP_DEEPCOPY=" + strategy,
                     libdir, {"DEEPMAP_CHECK": "1",
                              "DEEPMAP_DEEPCOPY": strategy}),
                    # The check turns off the record and replay of deep
                    # items (map/replay.h), which this run keeps.
                    ("deepmap, DEEPMAP_DEEPCOPY=" + strategy, libdir,
                     {"DEEPMAP_DEEPCOPY": strategy}),
                    ("the system libgomp", "none", {})]
            if ref[0] != 0:
                why = "plain run failed: " + ref[2][:300]
            threads = "omp parallel" in src_text
            for what, lib, env in runs:
                for rep in range(o.repeat if threads and lib != "none"
                                 else 1):
                    if why:
                        break
                    got = run(deep, lib, env)
                    if got[0] != 0 or "deepmap: error" in got[2]:
                        why = "plugin build under %s: status %d: %s" % (
                            what, got[0], got[2][:400])
                    elif got[1] != ref[1]:
                        why = "plugin build under %s prints %r, not %r" % (
                            what, got[1][:400], ref[1][:400])
        tally.record(name, src_text, why)
    tally.finish()


if __name__ == "__main__":
    main()
