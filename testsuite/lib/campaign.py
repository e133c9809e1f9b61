"""campaign.py -- what the seeded differential campaigns
(deepmap.hoist/random-hoist.py, deepmap.deepcopy-plugin/random-deep.py)
share: their command line.

  [--seed S] [--seeds K] [--count N] [--keep DIR] [--program P]
  [--repeat R] [--quiet] [FLAGS...] LIBDIR PLUGIN
"""
import os
import subprocess
import sys
import tempfile

# deepmap.h (deepmap_counted_by), from the source tree holding this file.
INCLUDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                       "include")


class Options:
    """seed, seeds, count, keep, only (--program, or None), repeat (runs
    under deepmap of a program with host threads), quiet, flags (the
    boolean options given), libdir, plugin."""


def parse(argv, name, usage, keep, flags=()):
    """The options in ARGV of the campaign NAME (for messages); USAGE is
    printed when the arguments are wrong, KEEP is the default --keep,
    FLAGS the campaign's own boolean options."""
    o = Options()
    o.seed, o.seeds, o.count, o.keep, o.repeat = 1, 1, 20, keep, 1
    o.only, o.quiet, o.flags = None, False, set()
    numbers = {"--seed": "seed", "--seeds": "seeds", "--count": "count",
               "--program": "only", "--repeat": "repeat"}
    args = list(argv)
    while args and args[0].startswith("--"):
        opt = args.pop(0)
        if opt in numbers and args:
            setattr(o, numbers[opt], int(args.pop(0)))
        elif opt == "--keep" and args:
            o.keep = args.pop(0)
        elif opt == "--quiet":
            o.quiet = True
        elif opt in flags:
            o.flags.add(opt)
        else:
            sys.exit("%s: unknown option %s" % (name, opt))
    if len(args) != 2:
        sys.exit(usage)
    o.libdir, o.plugin = args
    return o


class Tally:
    """Counts the programs; keeps the source of each failing one in KEEP
    and says why; QUIET: no line for a passing one."""

    def __init__(self, keep, quiet):
        self.keep, self.quiet = keep, quiet
        self.passed = self.failed = 0

    def record(self, name, source, why):
        """Program NAME (SOURCE) passed (WHY is None) or failed."""
        if why:
            self.failed += 1
            os.makedirs(self.keep, exist_ok=True)
            with open(os.path.join(self.keep, name + ".c"), "w") as f:
                f.write(source)
            print("FAIL: %s: %s (kept in %s)" % (name, why, self.keep))
        else:
            self.passed += 1
            if not self.quiet:
                print("PASS: %s" % name)
        sys.stdout.flush()

    def finish(self):
        """The last line, and the exit status."""
        print("%d passed, %d failed" % (self.passed, self.failed))
        sys.exit(1 if self.failed else 0)


def build(src, exe, extra, cxx, flags=()):
    """Compile SRC (as C++ when CXX) into EXE at -O2 for the host only,
    with FLAGS and then EXTRA (the plugin): (ok, stderr)."""
    cc = ["g++", "-x", "c++"] if cxx else ["gcc"]
    cmd = cc + ["-O2", "-fopenmp", "-foffload=disable", "-w", "-I" + INCLUDE,
                src, "-o", exe] + list(flags) + extra
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r.returncode == 0, r.stderr


def run(exe, libdir, env=None, deepmap_env=None, timeout=60):
    """Run EXE under the runtime in LIBDIR (its emulated device), or the
    system libgomp where LIBDIR is "none"; ENV for every run, DEEPMAP_ENV
    for runs under deepmap: (status, stdout, stderr)."""
    e = dict(os.environ)
    e.update(env or {})
    if libdir != "none":
        e["LD_LIBRARY_PATH"] = libdir
        e["DEEPMAP_DEVICES"] = "emu"
        e.update(deepmap_env or {})
    r = subprocess.run([exe], capture_output=True, text=True, env=e,
                       timeout=timeout)
    return r.returncode, r.stdout, r.stderr


def build_both(tmp, name, source, build, plugin, cxx):
    """Write SOURCE to TMP/NAME.c and build it without and with the
    plugin PLUGIN through BUILD (src, exe, extra flags, cxx) -> (ok,
    stderr): the two executables, and why not (None when both built)."""
    src = os.path.join(tmp, name + ".c")
    with open(src, "w") as f:
        f.write(source)
    plain, with_plugin = src[:-2] + ".plain", src[:-2] + ".plugin"
    ok1, e1 = build(src, plain, [], cxx)
    ok2, e2 = build(src, with_plugin, ["-fplugin=" + plugin], cxx)
    why = None
    if not ok1:
        why = "does not build without the plugin: " + e1[:300]
    elif not ok2:
        why = "does not build with the plugin: " + e2[:300]
    return plain, with_plugin, why


def differs_from_host(plain, with_plugin, libdir, run):
    """Why the builds PLAIN and WITH_PLUGIN do not print what the host
    prints, or None: the plain build under the system libgomp (host
    fallback) is the model; the plain build under the runtime in LIBDIR,
    the plugin's build there, there with DEEPMAP_CHECK=1, and under the
    system libgomp must print the same.  RUN (exe, libdir, check) runs
    one: (status, stdout, stderr)."""
    model = run(plain, "none", False)
    if model[0] != 0:
        return "the model failed: " + model[2][:300]
    runs = [("plain build under deepmap", plain, libdir, False),
            ("plugin build under deepmap", with_plugin, libdir, False),
            ("plugin build under DEEPMAP_CHECK=1", with_plugin, libdir, True),
            ("plugin build under the system libgomp", with_plugin, "none",
             False)]
    for what, exe, lib, check in runs:
        r = run(exe, lib, check)
        if r[:2] != model[:2]:
            return "%s differs: %r vs %r %s" % (what, r[:2], model[:2],
                                                r[2][:300])
    return None


def host_campaign(argv, name, usage, source, run):
    """The main of a campaign whose programs must print what the host
    prints (differs_from_host): the options of ARGV (parse, with --lto),
    program K of each seed built as C++ every third time, its text
    SOURCE (seed, k, cxx), each run by RUN (exe, libdir, check); exits
    with Tally.finish."""
    o = parse(argv, name, usage, name.replace(".py", "-failures"),
              ("--lto",))
    flags = ["-flto"] if "--lto" in o.flags else []

    def build_with_flags(src, exe, extra, cxx):
        return build(src, exe, extra, cxx, flags)

    tally = Tally(o.keep, o.quiet)
    tmp = tempfile.mkdtemp(prefix=name.replace(".py", "-"))
    for seed, k in [(s, k) for s in range(o.seed, o.seed + o.seeds)
                    for k in (range(o.count) if o.only is None
                              else [o.only])]:
        cxx = k % 3 == 2
        src_text = source(seed, k, cxx)
        prog = "s%d-p%d%s" % (seed, k, "-c++" if cxx else "")
        plain, hoisted, why = build_both(tmp, prog, src_text,
                                         build_with_flags, o.plugin, cxx)
        if not why:
            why = differs_from_host(plain, hoisted, o.libdir, run)
        tally.record(prog, src_text, why)
    tally.finish()
