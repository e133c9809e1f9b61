#!/usr/bin/env python3
"""layering.py -- the runtime's house, drawn from its sources: the
layers of docs/ARCHITECTURE (abi > map > engine > device > support)
must only import and call downward, and calls between its .c files must
form no circle.

Usage: layering.py LIBDEEPMAP_DIR.  Prints each violation and exits 1,
else prints a summary and exits 0.  Calls are found by name (a function
defined at the start of a line in one file, named with "name (" in
another), which is what the code's GNU style makes reliable.
"""
import glob
import os
import re
import sys

RANK = {"abi": 5, "map": 4, "engine": 3, "device": 2, "support": 1}


def layer(path):
    return path.split(os.sep)[0]


def code_of(text):
    """TEXT without comments and string contents."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r'"(\\.|[^"\\])*"', '""', text)


def main(root):
    os.chdir(root)
    sources = sorted(glob.glob("**/*.[ch]", recursive=True))
    bad = []
    for f in sources:
        for inc in re.findall(r'#include "([a-z]+)/', open(f).read()):
            if inc in RANK and RANK[inc] > RANK[layer(f)]:
                bad.append("%s includes %s/..., a layer above" % (f, inc))

    cfiles = [f for f in sources if f.endswith(".c")]
    code = {f: code_of(open(f).read()) for f in cfiles}
    defined = {}
    for f in cfiles:
        for name in re.findall(r"^([A-Za-z_]\w*) \(", code[f], re.M):
            defined.setdefault(name, f)
    calls = {f: set() for f in cfiles}
    for f in cfiles:
        for name, home in defined.items():
            if home != f and re.search(r"\b%s ?\(" % re.escape(name), code[f]):
                calls[f].add(home)
                if RANK[layer(home)] > RANK[layer(f)]:
                    bad.append("%s calls %s of %s, a layer above"
                               % (f, name, home))

    # Circles: strongly connected components of more than one file.
    index, low, stack, on, comps = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(calls[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(comp)

    sys.setrecursionlimit(10000)
    for f in cfiles:
        if f not in index:
            visit(f)
    for comp in comps:
        if len(comp) > 1:
            bad.append("calls form a circle: %s" % " ".join(sorted(comp)))

    for line in bad:
        print(line)
    print("%d files, %d with calls to others: %d violations"
          % (len(sources), sum(1 for f in cfiles if calls[f]), len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
