#!/usr/bin/env python3
# fcheck.py -- a small stand-in for LLVM's FileCheck, enough for the
# libomptarget tests: reads the program's output on stdin (or
# -input-file=F) and the directives PREFIX:, -NEXT, -SAME, -NOT, -LABEL,
# -DAG (taken in order, like PREFIX:) and -EMPTY from the test source.
# Patterns: literal text (runs of blanks match any run of blanks),
# {{regex}}, [[VAR:regex]] / [[VAR]] and numeric [[#%x,VAR:]] / [[#VAR+N]].
# Usage: fcheck.py SOURCE [--check-prefix=P | --check-prefixes=A,B]
#        [-allow-empty] [-input-file=F]
# Exit status 0 when every directive holds; otherwise 1 with the reason.

import re
import sys


def fail(msg):
    sys.stderr.write("fcheck: error: %s\n" % msg)
    sys.exit(1)


def parse_args(argv):
    opts = {"prefixes": [], "allow_empty": False, "input": None, "src": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        name, eq, val = a.lstrip("-").partition("=")
        if name in ("check-prefix", "check-prefixes"):
            if not eq:
                i += 1
                val = argv[i]
            opts["prefixes"] += val.split(",")
        elif name == "allow-empty":
            opts["allow_empty"] = True
        elif name == "input-file":
            if not eq:
                i += 1
                val = argv[i]
            opts["input"] = val
        elif a.startswith("-"):
            pass  # options that change nothing here (e.g. -dump-input)
        else:
            opts["src"] = a
        i += 1
    if not opts["prefixes"]:
        opts["prefixes"] = ["CHECK"]
    if opts["src"] is None:
        fail("no check file given")
    return opts


def read_directives(src, prefixes):
    alts = "|".join(re.escape(p) for p in prefixes)
    rx = re.compile(r"(?<![\w-])(%s)(-NEXT|-SAME|-NOT|-LABEL|-DAG|-EMPTY)?:(.*)$"
                    % alts)
    out = []
    with open(src, errors="replace") as f:
        for n, line in enumerate(f, 1):
            m = rx.search(line)
            if m:
                kind = (m.group(2) or "").lstrip("-") or "CHECK"
                out.append((kind, m.group(3).strip(), n))
    return out


class Vars:
    def __init__(self):
        self.text = {}
        self.num = {}  # name -> (value, format letter)

    def fmt(self, value, letter):
        if letter == "x":
            return "%x" % value
        if letter == "X":
            return "%X" % value
        return "%d" % value

    def eval_num(self, expr, line):
        def repl(m):
            if m.group(0) not in self.num:
                fail("line %d: numeric variable %s undefined" % (line, m.group(0)))
            return str(self.num[m.group(0)][0])
        letter = "u"
        names = re.findall(r"[A-Za-z_]\w*", expr)
        if names and names[0] in self.num:
            letter = self.num[names[0]][1]
        text = re.sub(r"[A-Za-z_]\w*", repl, expr.replace(" ", ""))
        if not re.fullmatch(r"[-+0-9]+", text):
            fail("line %d: unsupported numeric expression %s" % (line, expr))
        total = 0
        for sign, digits in re.findall(r"([-+]?)(\d+)", text):
            total += -int(digits) if sign == "-" else int(digits)
        return self.fmt(total, letter)


def compile_pattern(pat, vars_, line):
    """Regex for PAT and the captures it defines: [(group, name, numfmt)]."""
    rx = ""
    defs = []
    i = 0
    while i < len(pat):
        if pat.startswith("{{", i):
            j = pat.find("}}", i + 2)
            if j < 0:
                fail("line %d: unterminated {{" % line)
            rx += "(?:%s)" % pat[i + 2:j]
            i = j + 2
        elif pat.startswith("[[", i):
            j = pat.find("]]", i + 2)
            if j < 0:
                fail("line %d: unterminated [[" % line)
            body = pat[i + 2:j]
            i = j + 2
            if body.startswith("#"):
                body = body[1:]
                m = re.fullmatch(r"(?:%(\w),)?\s*([A-Za-z_]\w*)\s*:\s*", body)
                if m:
                    letter = m.group(1) or "u"
                    group = "g%d" % len(defs)
                    digits = "[0-9a-fA-F]+" if letter in "xX" else "-?[0-9]+"
                    rx += "(?P<%s>%s)" % (group, digits)
                    defs.append((group, m.group(2), letter))
                else:
                    body = re.sub(r"^%\w,", "", body)
                    rx += re.escape(vars_.eval_num(body, line))
            elif ":" in body:
                name, _, sub = body.partition(":")
                group = "g%d" % len(defs)
                rx += "(?P<%s>%s)" % (group, sub)
                defs.append((group, name, None))
            else:
                if body not in vars_.text:
                    fail("line %d: variable %s undefined" % (line, body))
                rx += re.escape(vars_.text[body])
        elif pat[i] in " \t":
            while i < len(pat) and pat[i] in " \t":
                i += 1
            rx += r"[ \t]+"
        else:
            rx += re.escape(pat[i])
            i += 1
    return re.compile(rx), defs


def record(m, defs, vars_):
    for group, name, letter in defs:
        val = m.group(group)
        if letter is None:
            vars_.text[name] = val
        else:
            vars_.num[name] = (int(val, 16 if letter in "xX" else 10), letter)


def search_lines(lines, start, col, pat, vars_, line):
    """First match at or after (START, COL): (line index, match) or None."""
    rx, defs = compile_pattern(pat, vars_, line)
    for li in range(start, len(lines)):
        m = rx.search(lines[li], col if li == start else 0)
        if m:
            record(m, defs, vars_)
            return li, m
    return None


def check_nots(nots, lines, lo, hi, vars_):
    """The pending -NOT patterns must not match in [lo, hi)."""
    for pat, line in nots:
        (l0, c0), (l1, c1) = lo, hi
        rx, _ = compile_pattern(pat, vars_, line)
        for li in range(l0, min(l1, len(lines) - 1) + 1):
            text = lines[li]
            end = c1 if li == l1 else len(text)
            if rx.search(text, c0 if li == l0 else 0, end):
                fail("line %d: CHECK-NOT: found '%s' in output line %d: %s"
                     % (line, pat, li + 1, text))


def main():
    opts = parse_args(sys.argv[1:])
    directives = read_directives(opts["src"], opts["prefixes"])
    if not directives:
        fail("no check strings found with prefix %s"
             % ",".join(opts["prefixes"]))
    if opts["input"]:
        with open(opts["input"], errors="replace") as f:
            data = f.read()
    else:
        data = sys.stdin.buffer.read().decode("utf-8", "replace")
    if not data and not opts["allow_empty"]:
        fail("empty input")
    lines = data.split("\n")
    vars_ = Vars()
    cur = (0, 0)          # where the next search starts
    last_line = -1        # line of the last positive match
    nots = []
    for kind, pat, line in directives:
        if kind == "NOT":
            nots.append((pat, line))
            continue
        if kind == "EMPTY":
            li = last_line + 1
            if li >= len(lines) or lines[li].strip():
                fail("line %d: CHECK-EMPTY: output line %d is not empty"
                     % (line, li + 1))
            check_nots(nots, lines, cur, (li, 0), vars_)
            nots, last_line, cur = [], li, (li + 1, 0)
            continue
        if kind == "NEXT":
            start, col = last_line + 1, 0
        elif kind == "SAME":
            start, col = cur
        else:
            start, col = cur
        found = search_lines(lines, start, col, pat, vars_, line)
        if found is None or (kind == "NEXT" and found[0] != last_line + 1) \
                or (kind == "SAME" and found[0] != cur[0]):
            fail("line %d: CHECK%s: '%s' not found in the output after line %d"
                 % (line, "" if kind == "CHECK" else "-" + kind, pat,
                    cur[0] + 1))
        li, m = found
        check_nots(nots, lines, cur, (li, m.start()), vars_)
        nots, last_line, cur = [], li, (li, m.end())
    check_nots(nots, lines, cur, (len(lines) - 1, len(lines[-1])), vars_)
    return 0


if __name__ == "__main__":
    sys.exit(main())
