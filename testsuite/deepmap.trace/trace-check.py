#!/usr/bin/env python3
"""trace-check.py -- validate a DEEPMAP_TRACE=FILE.json timeline.

Usage: trace-check.py TRACE SOURCE [EXPECTATION...]

Always checked: the file parses as JSON (Chrome trace-event object
form); every event has the fields its phase needs; complete events
("X") on one track are written in order of start and nest properly (no
partial overlap); counters ("C") are non-negative; copies carry bytes,
a host range and device addresses.  Expectations (repeatable; "_" in a NAME stands for a space):
  copy:KIND:BYTES        an event KIND (H2D, D2H, D2D) of BYTES bytes
  nocopy:KIND:BYTES      no such event
  source:KIND:MARKER     an event KIND whose source is SOURCE's line that
                         holds the comment /* MARKER */ (file:line from
                         DWARF)
  bytes:KIND:MARKER:N    the copies KIND of the construct at MARKER's line
                         move N bytes in all
  symbol:NAME:FUNCTION   an event NAME whose source is FUNCTION+0xOFFSET
  queues:N               at least N queue tracks hold a construct and a
                         copy or kernel
  hostonly               no queue tracks
  timeline               tools/trace-timeline.py draws it as a PNG
  queueclock             every queue track says whose clock timed it:
                         "(device clock)" under DEEPMAP_DEVICES=cuda
                         (CUDA events), "(host clock)" otherwise
  has:NAME               an X event named NAME
  dropped                events were dropped (the metadata says so)
  counter                the device memory counter is above 0 at
                         least once
Exit status 0 when all hold; otherwise one line per failure.
"""
import json
import os
import shutil
import subprocess
import sys

QUEUE_TID = 1000
COPY_NAMES = {"H2D": "H2D copy", "D2H": "D2H copy", "D2D": "D2D copy"}

failures = []


def fail(msg):
    failures.append(msg)


def check_fields(ev, i):
    for f in ("ph", "name", "pid", "tid"):
        if f not in ev:
            fail("event %d lacks %r: %r" % (i, f, ev))
            return False
    ph = ev["ph"]
    if ph == "X":
        for f in ("ts", "dur"):
            if not isinstance(ev.get(f), (int, float)):
                fail("X event %d: %r is not a number" % (i, f))
                return False
        if ev["dur"] < 0 or ev["ts"] < 0:
            fail("X event %d: negative time %r" % (i, ev))
        if not isinstance(ev.get("args"), dict):
            fail("X event %d has no args" % i)
            return False
    elif ph == "C":
        if not isinstance(ev.get("ts"), (int, float)):
            fail("C event %d: no ts" % i)
            return False
        for k, v in ev.get("args", {}).items():
            if not isinstance(v, (int, float)) or v < 0:
                fail("counter %s value %r is negative or not a number"
                     % (ev["name"], v))
    elif ph == "M":
        if "name" not in ev.get("args", {}) and "sort_index" not in \
                ev.get("args", {}):
            fail("metadata event %d without args" % i)
    else:
        fail("event %d: unexpected phase %r" % (i, ph))
        return False
    return True


def check_copy(ev):
    a = ev["args"]
    if not isinstance(a.get("bytes"), int) or a["bytes"] <= 0:
        fail("copy without bytes: %r" % ev)
    if ev["name"] == "D2D copy":
        need = ("src_device_addr", "dst_device_addr")
    else:
        need = ("host", "device_addr")
    for f in need:
        if f not in a:
            fail("copy without %s: %r" % (f, ev))
    if "host" in a:
        lo, hi = a["host"].strip("[)").split(", ")
        if int(hi, 16) - int(lo, 16) != a["bytes"]:
            fail("copy host range %s is not %d bytes" % (a["host"], a["bytes"]))


def check_nesting(tracks):
    # tracks: tid -> X events in file order
    for tid, evs in tracks.items():
        stack = []
        last = -1.0
        for ev in evs:
            s, e = ev["ts"], ev["ts"] + ev["dur"]
            if s < last:
                fail("track %d: %s at %.3f written after an event at %.3f"
                     % (tid, ev["name"], s, last))
            last = s
            # Timestamps are microseconds with 3 decimals: allow rounding.
            while stack and stack[-1][1] <= s + 0.0015:
                stack.pop()
            if stack and e > stack[-1][1] + 0.0015:
                fail("track %d: %s [%.3f, %.3f] overlaps %s [%.3f, %.3f] "
                     "partly" % (tid, ev["name"], s, e, stack[-1][2],
                                 stack[-1][0], stack[-1][1]))
            stack.append((s, e, ev["name"]))


def marker_line(source, marker):
    with open(source) as f:
        for n, line in enumerate(f, 1):
            if "/* %s */" % marker in line:
                return n
    fail("marker %r not found in %s" % (marker, source))
    return None


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    path, source = sys.argv[1], sys.argv[2]
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        print("trace-check: FAIL: %s does not parse: %s" % (path, e))
        return 1
    events = doc.get("traceEvents")
    meta = doc.get("otherData", {})
    if not isinstance(events, list):
        print("trace-check: FAIL: no traceEvents list")
        return 1
    tracks = {}
    xs = []
    counters = []
    track_names = {}
    for i, ev in enumerate(events):
        if not check_fields(ev, i):
            continue
        if ev["ph"] == "M" and ev["name"] == "thread_name":
            track_names[ev["tid"]] = ev.get("args", {}).get("name", "")
        if ev["ph"] == "X":
            tracks.setdefault(ev["tid"], []).append(ev)
            xs.append(ev)
            if ev["name"] in COPY_NAMES.values():
                check_copy(ev)
        elif ev["ph"] == "C":
            counters.append(ev)
    check_nesting(tracks)
    if meta.get("events") != len(xs) + len(counters):
        fail("metadata counts %r events, the file holds %d"
             % (meta.get("events"), len(xs) + len(counters)))

    queue_tracks = set()
    for tid, evs in tracks.items():
        if tid < QUEUE_TID:
            continue
        names = {e["name"] for e in evs}
        if names & {"target", "target enter data", "target exit data",
                    "target update"} and \
                names & (set(COPY_NAMES.values()) | {"kernel"}):
            queue_tracks.add(tid)

    for exp in sys.argv[3:]:
        parts = exp.split(":")
        what = parts[0]
        if what in ("copy", "nocopy"):
            name, nbytes = COPY_NAMES[parts[1]], int(parts[2])
            found = any(e["name"] == name and e["args"].get("bytes") == nbytes
                        for e in xs)
            if found != (what == "copy"):
                fail("%s: %s of %d bytes %s" % (exp, name, nbytes,
                                                 "missing" if what == "copy"
                                                 else "present"))
        elif what == "source":
            name = COPY_NAMES.get(parts[1], parts[1].replace("_", " "))
            line = marker_line(source, parts[2])
            want = "%s:%s" % (os.path.basename(source), line)
            if not any(e["name"] == name and
                       e["args"].get("source", "").endswith("/" + want)
                       for e in xs):
                fail("%s: no %s at %s (sources: %s)" % (
                    exp, name, want,
                    sorted({e["args"].get("source", "-") for e in xs
                            if e["name"] == name})))
        elif what == "bytes":
            name = COPY_NAMES[parts[1]]
            line = marker_line(source, parts[2])
            want = "/%s:%s" % (os.path.basename(source), line)
            total = sum(e["args"]["bytes"] for e in xs if e["name"] == name
                        and e["args"].get("source", "").endswith(want))
            if total != int(parts[3]):
                fail("%s: %s copies of %d bytes in all" % (exp, name, total))
        elif what == "symbol":
            name = COPY_NAMES.get(parts[1], parts[1].replace("_", " "))
            if not any(e["name"] == name and
                       e["args"].get("source", "").startswith(parts[2] + "+0x")
                       for e in xs):
                fail("%s: no %s at %s+0x..." % (exp, name, parts[2]))
        elif what == "queues":
            if len(queue_tracks) < int(parts[1]):
                fail("%s: %d queue tracks with constructs and their work"
                     % (exp, len(queue_tracks)))
        elif what == "queueclock":
            devs = os.environ.get("DEEPMAP_DEVICES", "")
            want = "(device clock)" if devs.startswith("cuda") \
                else "(host clock)"
            qtids = [t for t in tracks if t >= QUEUE_TID]
            if not qtids:
                fail("queueclock: no queue tracks")
            for t in qtids:
                if not track_names.get(t, "").endswith(want):
                    fail("queueclock: track %d is %r, not %s"
                         % (t, track_names.get(t), want))
        elif what == "timeline" and os.environ.get("DEEPMAP_GPU_REMOTE") \
                and shutil.which("gnuplot") is None:
            # The lent GPU machine has no gnuplot; make check, where the
            # drawing is checked, installs it.
            print("trace-check: note: timeline not drawn on the GPU "
                  "machine (no gnuplot there)")
        elif what == "timeline":
            tool = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "tools", "trace-timeline.py")
            png = path + ".png"
            r = subprocess.run([sys.executable, tool, path, png],
                               capture_output=True, text=True)
            try:
                with open(png, "rb") as f:
                    magic = f.read(8)
            except OSError:
                magic = b""
            if r.returncode != 0 or magic != b"\x89PNG\r\n\x1a\n":
                fail("timeline: no PNG drawn: %s%s" % (r.stdout.strip(),
                                                      r.stderr.strip()))
        elif what == "hostonly":
            if any(t >= QUEUE_TID for t in tracks):
                fail("hostonly: queue tracks present")
        elif what == "has":
            if not any(e["name"] == parts[1].replace("_", " ") for e in xs):
                fail("has: no %r event" % parts[1])
        elif what == "dropped":
            if not meta.get("dropped_events"):
                fail("dropped: the metadata says nothing was dropped")
            if len(xs) + len(counters) > meta.get("event_limit", 0):
                fail("dropped: more events than the limit")
        elif what == "counter":
            if not counters or max(c["args"]["bytes"] for c in counters) <= 0:
                fail("counter: no device memory counter above 0")
        else:
            fail("unknown expectation %r" % exp)
    for f in failures:
        print("trace-check: FAIL: " + f)
    if failures:
        return 1
    print("trace-check: OK: %d spans on %d tracks, %d counter samples"
          % (len(xs), len(tracks), len(counters)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
