#!/bin/sh
# check-gpu.sh -- `make check-gpu': the testsuite and GCC's conformance
# tests with DEEPMAP_DEVICES=cuda on a real NVIDIA GPU, programs built
# with nvptx offloading ($GPU_OFFLOAD_FLAGS).  Needs the runtime built
# with the CUDA backend (HAVE_CUDA=1), a working driver with at least one
# device, and Debian's gcc-12-offload-nvptx (installed here when root,
# as build-aux/ensure-deps.sh does).  Fails with one clear line otherwise.
#
# Usage: check-gpu.sh --top DIR --build DIR SUBDIR...
set -u
top= build=
while [ $# -gt 0 ]; do
  case $1 in
    --top) top=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    *) break ;;
  esac
done
CC=${CC:-gcc}
subdirs=$*   # the probe below reuses the positional parameters
fail () { echo "deepmap: error: make check-gpu: $*" >&2; echo "0 passed, 1 failed"; exit 1; }

[ "${HAVE_CUDA:-}" = 1 ] \
  || fail "the runtime was built without the CUDA backend (no ${CUDA_HOME:-/usr/local/cuda}/include/cuda.h; set CUDA_HOME)"

# The offload compiler, installed the way ensure-deps.sh installs.
if ! dpkg-query -W -f='${Status}' gcc-12-offload-nvptx 2>/dev/null \
     | grep -q 'ok installed'; then
  if [ "$(id -u)" = 0 ]; then
    echo "deepmap: installing: gcc-12-offload-nvptx"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null || true
    apt-get install -y -qq gcc-12-offload-nvptx >/dev/null \
      || fail "cannot install gcc-12-offload-nvptx"
  else
    fail "package gcc-12-offload-nvptx is missing; run as root: apt-get install -y gcc-12-offload-nvptx"
  fi
fi

# GPU_REMOTE=record|replay: the GPU is another machine (gpu-remote.sh).
remote=${GPU_REMOTE:-}
remote_dir=$build/gpu-remote
case $remote in
  '') ;;
  record)
    rm -rf "$remote_dir"
    mkdir -p "$remote_dir/sys"
    (cd "$top" && pwd) > "$remote_dir/top"
    # The system libgomp deepmap forwards to, and GCC's nvptx plugin for
    # comparisons, as they are here.
    sys=$(realpath "$($CC -print-file-name=libgomp.so.1)")
    cp "$sys" "$remote_dir/sys/libgomp.so.1" || fail "cannot copy $sys"
    for p in "$(dirname "$sys")"/libgomp-plugin-nvptx.so.1; do
      [ -f "$p" ] && cp "$(realpath "$p")" "$remote_dir/sys/libgomp-plugin-nvptx.so.1"
    done
    # elfutils, for the source lines of DEEPMAP_TRACE and DEEPMAP_REPORT
    # (gpu-remote.sh adds it to the loader's path where it is missing).
    mkdir -p "$remote_dir/sys/dw"
    for l in libdw.so.1 libelf.so.1; do
      p=$(ldconfig -p | awk -v l="$l" '$1 == l && /x86-64/ { print $NF; exit }')
      [ -n "$p" ] && cp "$(realpath "$p")" "$remote_dir/sys/dw/$l"
    done ;;
  replay)
    [ -n "${GPU_RESULTS:-}" ] && [ -f "$GPU_RESULTS" ] \
      || fail "GPU_REMOTE=replay needs GPU_RESULTS=the .tgz gpu-remote.sh wrote"
    [ -s "$remote_dir/manifest" ] || fail "no $remote_dir/manifest: record first"
    rm -rf "$remote_dir/results"
    tar -C "$remote_dir" -xzf "$GPU_RESULTS" || fail "cannot unpack $GPU_RESULTS" ;;
  *) fail "GPU_REMOTE must be record or replay, not $remote" ;;
esac

# Is there a GPU?  Ask our own runtime, as the tests will.
if [ -z "$remote" ]; then
probe=$build/check-gpu-probe
mkdir -p "$probe"
cat > "$probe/probe.c" <<'PROBE'
#include <omp.h>
#include <stdio.h>
int
main (void)
{
  int on_host = 1;
#pragma omp target map(from: on_host)
  on_host = omp_is_initial_device ();
  printf ("%d %d\n", omp_get_num_devices (), on_host);
  return 0;
}
PROBE
# shellcheck disable=SC2086
$CC -fopenmp $GPU_OFFLOAD_FLAGS -O2 "$probe/probe.c" -o "$probe/probe" \
  > "$probe/cc.log" 2>&1 \
  || fail "cannot build an nvptx-offloaded probe with $GPU_OFFLOAD_FLAGS: $(head -3 "$probe/cc.log" | tr '\n' ' ')"
out=$(env LD_LIBRARY_PATH="$build/lib/deepmap" DEEPMAP_DEVICES=cuda \
      timeout 120 "$probe/probe" 2>&1)
set -- $out
case ${1:-x} in
  ''|*[!0-9]*) fail "the probe failed: $(echo "$out" | head -2 | tr '\n' ' ')" ;;
esac
[ "$1" -ge 1 ] || fail "no CUDA device (no driver, or the driver sees no GPU); nothing to test"
[ "${2:-1}" = 0 ] || fail "the probe's region did not run on the GPU"
echo "deepmap: check-gpu: $1 CUDA device(s); offload flags: $GPU_OFFLOAD_FLAGS"
else
echo "deepmap: check-gpu: $remote pass, programs run on another machine ($remote_dir)"
fi

# One pass of run-tests.sh: OUTDIR LIBDIR RUN_ENV SUBDIR...
run_tests () {
  rt_out=$1 rt_lib=$2 rt_env=$3
  shift 3
  DEEPMAP_REMOTE=$remote DEEPMAP_REMOTE_DIR=$remote_dir \
  DEEPMAP_COMPILE_CACHE=${remote:+$build/gpu-compile-cache} \
  DEEPMAP_OFFLOAD_FLAGS=$GPU_OFFLOAD_FLAGS DEEPMAP_HAVE_CUDA=1 \
    RUNTESTFLAGS=${RUNTESTFLAGS:-} \
    sh "$top/testsuite/run-tests.sh" --top "$top" --build "$build" \
    --outdir "$rt_out" --libdir "$rt_lib" --run-env "$rt_env" "$@"
}

# GPU_SUITES: "testsuite" (deepmap's own, the default) and/or "full"
# (GCC's whole libgomp C testsuite, once under GCC's libgomp with its
# nvptx plugin and once under deepmap, compared as check-libgomp-full
# does).  Each suite's last line is its "N passed, N failed"; the last
# line of all adds them up.
run_suites () {
  for suite in ${GPU_SUITES:-testsuite}; do
    case $suite in
      testsuite)
	run_tests "$build/testsuite-gpu" "$build/lib/deepmap" \
	  DEEPMAP_DEVICES=cuda $subdirs ;;
      full)
	# GCC's own runtime: the system's here, the copy that travels there.
	stock_lib=${remote:+$remote_dir/sys}
	# Their own counts are informative; the comparison's line counts.
	run_tests "$build/testsuite-gpu-full/stock" "$stock_lib" "" \
	  deepmap.libgomp-full | tail -1 | sed 's/^/GCC libgomp: /'
	run_tests "$build/testsuite-gpu-full/deepmap" "$build/lib/deepmap" \
	  DEEPMAP_DEVICES=cuda deepmap.libgomp-full | tail -1 \
	  | sed 's/^/deepmap: /'
	[ "$remote" = record ] \
	  || sh "$top/testsuite/deepmap.libgomp-full/compare-stock.sh" \
	       "$build/testsuite-gpu-full/stock" \
	       "$build/testsuite-gpu-full/deepmap" ;;
      *) echo "deepmap: error: make check-gpu: unknown suite $suite in GPU_SUITES"
	 echo "0 passed, 1 failed" ;;
    esac
  done
}

if [ "$remote" != record ]; then
  run_suites | tee "$build/check-gpu.log"
  awk '/^[0-9]+ passed, [0-9]+ failed$/ { p += $1; f += $3 }
       END { printf "check-gpu: %d passed, %d failed\n", p, f; exit f > 0 }' \
    "$build/check-gpu.log"
  exit
fi
# Recording: the programs were not run, so the counts say nothing.  Pack
# what the GPU machine needs: the programs and their list, the runtime,
# and the testsuite's own build products (the OMPT tool library).
rm -rf "$build/gpu-compile-cache"
run_suites > "$remote_dir/record.log" 2>&1
bundle=$build/gpu-bundle.tar.xz
n=$(wc -l < "$remote_dir/manifest" 2>/dev/null || echo 0)
[ "$n" -gt 0 ] || fail "no program recorded (see $remote_dir/record.log)"
b=$(basename "$build")
(cd "$build/.." && find "$b/testsuite-gpu" "$b/testsuite-gpu-full" -type f \
   ! -name '*.exe' ! -name '*.log' ! -name '*.sum' ! -name '*.o' 2>/dev/null \
   | tar -cJf "$bundle" -T - "$b/gpu-remote" "$b/lib/deepmap") \
  || fail "cannot write $bundle"
echo "deepmap: check-gpu: $n runs recorded in $bundle; on the GPU machine,"
echo "  from the top directory: tar -xJf $b/gpu-bundle.tar.xz &&"
echo "  sh testsuite/gpu-remote.sh $b RESULTS.tgz"
echo "  then here: make check-gpu GPU_REMOTE=replay GPU_RESULTS=RESULTS.tgz"
echo "  (with the same GPU_SUITES)"
