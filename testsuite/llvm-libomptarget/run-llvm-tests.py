#!/usr/bin/env python3
# run-llvm-tests.py -- run LLVM libomptarget's lit-style C tests with one
# compiler and one runtime, without lit.  Each test's `// RUN:` lines are
# expanded for the x86_64 host offload target ("generic"), lines for other
# targets are dropped, and each line runs under bash with pipefail (as lit
# does).  %fcheck is fcheck.py beside this script; `not` passes when the
# command fails (with or without --crash: a fatal runtime error may exit or
# abort).  A test PASSes when every line exits 0.
#
# Usage: run-llvm-tests.py --compiler gcc|clang --tests DIR --out DIR
#        [--libdir DIR] [--env 'VAR=VAL ...'] [--timeout S] [TEST...]
# Prints one "RESULT: test" line per test, then "N passed, N failed,
# N unsupported"; RESULT is PASS, FAIL, UNSUPPORTED or NOCOMPILE (the
# compiler rejects the source: counted as failed).

import argparse
import os
import re
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
HOST = "x86_64-pc-linux-gnu"
OTHER_TRIPLES = ("aarch64-", "powerpc64", "nvptx64-", "amdgcn-", "s390x-")
HOST_FEATURES = {HOST, "x86_64-pc-linux-gnu-LTO", "libomptarget", "host"}

# Clang options GCC has no counterpart for (shell patterns); dropped when
# compiling with GCC (-mllvm also takes the next argument).
GCC_DROP = ("-fopenmp-version=*|-fopenmp-targets=*|-Rpass*"
            "|-fopenmp-offload-mandatory|-fopenmp-extensions|-Xopenmp-target*"
            "|-foffload-lto|-fno-openmp-target-new-runtime")

GCC_WRAPPER = r'''#!/bin/sh
# gcc with the Clang-only options of LLVM's RUN lines left out.
set -- "$@" ""
for a do
  shift
  if [ -n "$skip" ]; then skip=; continue; fi
  case "$a" in
    "") ;;
    -mllvm) skip=1 ;;
    %s) ;;
    *) set -- "$@" "$a" ;;
  esac
done
exec gcc -fopenmp -foffload=disable "$@"
'''

NOT_SCRIPT = '''#!/bin/sh
# lit's `not`: succeed when the command fails (exit or signal).
[ "$1" = --crash ] && shift
"$@" && exit 1
exit 0
'''


def parse_test(path):
    """RUN lines (continuations joined) and the lit keywords of PATH."""
    runs, keys, pending = [], {"UNSUPPORTED": [], "REQUIRES": [],
                               "XFAIL": []}, ""
    with open(path, errors="replace") as f:
        for line in f:
            m = re.search(r"\bRUN:(.*)$", line)
            if m:
                text = m.group(1).rstrip()
                if text.endswith("\\"):
                    pending += text[:-1] + " "
                    continue
                runs.append((pending + text).strip())
                pending = ""
                continue
            m = re.search(r"\b(UNSUPPORTED|REQUIRES|XFAIL):(.*)$", line)
            if m:
                keys[m.group(1)] += [w.strip() for w in m.group(2).split(",")
                                     if w.strip()]
    return runs, keys


def substitutions(cc, cflags, test, tmp):
    """Ordered (pattern, text): longer names first, as lit applies them."""
    exe = tmp
    fcheck = "python3 %s %s" % (shlex.quote(os.path.join(HERE, "fcheck.py")),
                                shlex.quote(test))
    comp = "%s %s %s -o %s" % (cc, cflags, shlex.quote(test), exe)
    compopt = "%s -O3" % comp
    run = exe
    subs = []
    for t in ("generic", HOST):
        subs += [
            ("%libomptarget-compile-run-and-check-" + t,
             "%s && %s | %s" % (comp, run, fcheck)),
            ("%libomptarget-compileopt-run-and-check-" + t,
             "%s && %s | %s" % (compopt, run, fcheck)),
            ("%libomptarget-compile-and-run-" + t, "%s && %s" % (comp, run)),
            ("%libomptarget-compileopt-and-run-" + t,
             "%s && %s" % (compopt, run)),
            ("%libomptarget-run-fail-" + t, "not --crash " + run),
            ("%libomptarget-compileopt-" + t, compopt),
            ("%libomptarget-compile-" + t, comp),
            ("%libomptarget-run-" + t, run),
            ("%fcheck-" + t, fcheck),
            ("%clang-" + t, "%s %s" % (cc, cflags)),
        ]
    subs += [("%clang", cc), ("%flags", ""), ("%not", "not"),
             ("%t-" + HOST, exe), ("%t", exe), ("%T", os.path.dirname(exe)),
             ("%s", shlex.quote(test)),
             ("%S", shlex.quote(os.path.dirname(test)))]
    return subs


def expand(line, subs):
    out, i = "", 0
    while i < len(line):
        for pat, text in subs:
            if line.startswith(pat, i):
                out += text
                i += len(pat)
                break
        else:
            out += line[i]
            i += 1
    return out


def unsupported(keys):
    for w in keys["UNSUPPORTED"]:
        if w in HOST_FEATURES or w == "*":
            return "UNSUPPORTED: " + w
    for w in keys["REQUIRES"]:
        if w not in HOST_FEATURES:
            return "REQUIRES: " + w
    return None


def run_test(rel, args, cc, cflags, env):
    src = os.path.join(args.tests, rel)
    runs, keys = parse_test(src)
    why = unsupported(keys)
    if why:
        return "UNSUPPORTED", why, 0.0
    tmpdir = os.path.join(args.out, os.path.dirname(rel))
    os.makedirs(tmpdir, exist_ok=True)
    tmp = os.path.join(tmpdir, os.path.basename(rel)[:-2] + ".tmp")
    subs = substitutions(cc, cflags, src, tmp)
    lines = [expand(r, subs) for r in runs
             if not any(t in r for t in OTHER_TRIPLES)]
    log = []
    t0 = time.time()
    status = "PASS"
    for cmd in lines:
        try:
            p = subprocess.run(["bash", "-o", "pipefail", "-c", cmd],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               env=env, timeout=args.timeout, cwd=tmpdir)
            out, rc = p.stdout.decode("utf-8", "replace"), p.returncode
        except subprocess.TimeoutExpired as e:
            out, rc = (e.stdout or b"").decode("utf-8", "replace"), "timeout"
        log.append("$ %s\n%s[exit %s]\n" % (cmd, out, rc))
        if rc != 0:
            # A compile step that fails on its own: the compiler rejects it.
            first = cmd.split("&&")[0]
            status = "NOCOMPILE" if (" -o " in first and tmp in first and
                                     not os.path.exists(tmp) and
                                     "error:" in out) else "FAIL"
            break
    if any(w in HOST_FEATURES or w == "*" for w in keys["XFAIL"]):
        status = "PASS" if status == "FAIL" else (
            "FAIL" if status == "PASS" else status)
    with open(tmp + ".log", "w") as f:
        f.write("".join(log))
    return status, tmp + ".log", time.time() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--compiler", choices=("gcc", "clang"), required=True)
    ap.add_argument("--tests", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--libdir", default="")
    ap.add_argument("--env", default="")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()
    args.tests = os.path.abspath(args.tests)
    args.out = os.path.abspath(args.out)
    os.makedirs(args.out, exist_ok=True)

    if args.compiler == "gcc":
        wrapper = os.path.join(args.out, "gcc-openmp")
        with open(wrapper, "w") as f:
            f.write(GCC_WRAPPER % GCC_DROP)
        os.chmod(wrapper, 0o755)
        cc, cflags = wrapper, ""
    else:
        cc, cflags = "clang-14 -fopenmp", "-fopenmp-targets=" + HOST
    bindir = os.path.join(args.out, "bin")
    os.makedirs(bindir, exist_ok=True)
    with open(os.path.join(bindir, "not"), "w") as f:
        f.write(NOT_SCRIPT)
    os.chmod(os.path.join(bindir, "not"), 0o755)

    env = dict(os.environ, LC_ALL="C", PATH=bindir + ":" + os.environ["PATH"])
    if args.libdir:
        env["LD_LIBRARY_PATH"] = args.libdir
    for kv in shlex.split(args.env):
        k, _, v = kv.partition("=")
        env[k] = v

    names = args.names or sorted(
        os.path.relpath(os.path.join(d, f), args.tests)
        for d, _, fs in os.walk(args.tests) for f in fs if f.endswith(".c"))
    counts = {"PASS": 0, "FAIL": 0, "NOCOMPILE": 0, "UNSUPPORTED": 0}
    for rel in names:
        status, info, secs = run_test(rel, args, cc, cflags, env)
        counts[status] += 1
        extra = info if status == "UNSUPPORTED" else "%.1fs" % secs
        print("%s: %s (%s)" % (status, rel, extra), flush=True)
    print("%d passed, %d failed, %d unsupported"
          % (counts["PASS"], counts["FAIL"] + counts["NOCOMPILE"],
             counts["UNSUPPORTED"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
