#!/bin/sh
# gpu-remote.sh -- the middle pass of `make check-gpu' for a GPU lent to
# the session as another machine (the device tool), where GCC's nvptx
# offload compiler and DejaGnu are missing:
#   1. here:  make check-gpu GPU_REMOTE=record    compiles every test and
#             lists each run (directory, environment, command) in
#             $(B)/gpu-remote/manifest instead of running it
#   2. there: sh testsuite/gpu-remote.sh build OUT.tgz [JOBS]
#             runs the list with every path as it was recorded (this tree
#             is linked to the recorded place), JOBS programs at a time,
#             and packs each one's exit status, output and run time (ms)
#             into OUT.tgz
#   3. here:  make check-gpu GPU_REMOTE=replay GPU_RESULTS=OUT.tgz
#             compiles again and gives DejaGnu those results, so every
#             dg-output, dg-shouldfail and status check is the usual one
# GPU_REMOTE_TEST_TIMEOUT=S lowers each program's limit to S seconds and
# GPU_REMOTE_DEADLINE=S stops the whole run after S seconds (what ran is
# packed all the same), for a lease that must not run out.
# The machine needs only the NVIDIA driver: GCC's libgomp.so.1, which
# deepmap forwards to, travels in $(B)/gpu-remote/sys.
set -u
build=${1:?usage: gpu-remote.sh BUILD_DIR OUT.tgz [JOBS]}
out=${2:?usage: gpu-remote.sh BUILD_DIR OUT.tgz [JOBS]}
jobs=${3:-6}
fail () { echo "deepmap: error: gpu-remote.sh: $*" >&2; exit 1; }

rem=$(cd "$build/gpu-remote" 2>/dev/null && pwd) \
  || fail "no $build/gpu-remote (run make check-gpu GPU_REMOTE=record first and carry it)"
[ -s "$rem/manifest" ] || fail "no programs listed in $rem/manifest"
top=$(cat "$rem/top")
here=$(pwd)
if [ ! -e "$top" ]; then
  mkdir -p "$(dirname "$top")" && ln -s "$here" "$top" \
    || fail "cannot link $here to the recorded place $top"
fi
[ "$(cd "$top" && pwd -P)" = "$(pwd -P)" ] \
  || fail "$top is another tree; the recorded paths would not be this one's"
export DEEPMAP_SYSTEM_LIBGOMP="$rem/sys/libgomp.so.1"
# For checks that need a tool the GPU machine lacks (trace-check.py's
# timeline needs gnuplot).
export DEEPMAP_GPU_REMOTE=1
# Source lines in traces and reports need elfutils' libdw, which the
# tests' own LD_LIBRARY_PATH does not reach: install the copy that came
# along into the loader's path (as root) when the machine has none.
if ! ldconfig -p | grep -q 'libdw\.so\.1 '; then
  if [ "$(id -u)" = 0 ] && [ -f "$rem/sys/dw/libdw.so.1" ]; then
    echo "$rem/sys/dw" > /etc/ld.so.conf.d/deepmap-gpu-remote.conf && ldconfig
    echo "deepmap: gpu-remote: installed libdw.so.1 from $rem/sys/dw"
  else
    echo "deepmap: gpu-remote: no libdw.so.1 here: traces name function+offset, and their tests fail"
  fi
fi

res=$rem/results
rm -rf "$res" "$rem/run"
mkdir -p "$res" "$rem/run"
# One script per run: the directory, then the command as DejaGnu gave it.
awk -F '\t' -v run="$rem/run" -v lim="${GPU_REMOTE_TEST_TIMEOUT:-}" '
  { if (lim != "")
      sub(/^ '\''timeout'\'' '\''-k'\'' '\''10'\'' '\''[0-9]+'\''/,
	  " '\''timeout'\'' '\''-k'\'' '\''5'\'' '\''" lim "'\''", $3)
    f = run "/" $1 ".sh"; q = $2; gsub(/'\''/, "'\''\\'\'''\''", q)
    print "mkdir -p '\''" q "'\'' && cd '\''" q "'\'' || exit 125" > f; print "exec" $3 > f; close(f) }' \
  "$rem/manifest"
echo "deepmap: gpu-remote: $(ls "$rem/run" | wc -l) programs, $jobs at a time"
ls "$rem/run" | sed 's/\.sh$//' \
  | timeout "${GPU_REMOTE_DEADLINE:-0}" xargs -P "$jobs" -I KEY sh -c \
      't0=$(date +%s%N); sh "$1/run/$2.sh" </dev/null >"$1/results/$2.out" 2>&1; echo $? >"$1/results/$2.rc"; echo $((($(date +%s%N) - t0) / 1000000)) >"$1/results/$2.ms"' \
      sh "$rem" KEY
failed=$(grep -Lx 0 "$res"/*.rc | wc -l)
echo "deepmap: gpu-remote: $(ls "$res"/*.rc | wc -l) ran, $failed with a nonzero status (some tests expect one)"
tar -C "$rem" -czf "$out" results
