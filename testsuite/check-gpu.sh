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

# Is there a GPU?  Ask our own runtime, as the tests will.
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

DEEPMAP_OFFLOAD_FLAGS=$GPU_OFFLOAD_FLAGS DEEPMAP_HAVE_CUDA=1 \
  RUNTESTFLAGS=${RUNTESTFLAGS:-} \
  sh "$top/testsuite/run-tests.sh" --top "$top" --build "$build" \
  --outdir "$build/testsuite-gpu" --libdir "$build/lib/deepmap" \
  --run-env "DEEPMAP_DEVICES=cuda" "$@"
