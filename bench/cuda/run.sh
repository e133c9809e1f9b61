#!/bin/sh
# run.sh -- the CUDA benchmarks, for a session with an NVIDIA GPU:
#   bandwidth: `target update' on pageable memory, 4 KiB ... 1 GiB, under
#              deepmap's runtime and under GCC 12's libgomp with
#              libgomp-plugin-nvptx1, next to raw pinned cuMemcpy (the
#              physical limit); ratios deepmap/GCC and deepmap/pinned
#   latency:   time per empty region and per region mapping a scalar,
#              deepmap vs GCC 12
# Results: bench/results/cuda-<date>-<host>.txt (with the device's name).
# Nothing is measured without a GPU: the script stops with an error.
#
# Usage: bench/cuda/run.sh [MAX_BYTES]   (env: B=build dir, CC, CUDA_HOME,
#        OFFLOAD_FLAGS, REPS, ITERS, DEEPMAP_CUDA_* tuning passes through)
#   PREBUILT=1     run the programs an earlier BUILD_ONLY=1 left in
#                  $B/bench-cuda (a lent GPU machine without GCC 12's
#                  offload compiler)
#   BUILD_ONLY=1   build them and stop (no GPU needed)
#   GCC_LIBDIR     the directory holding GCC 12's libgomp.so.1 and
#                  libgomp-plugin-nvptx.so.1 for the comparison (default:
#                  the system's)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
B=${B:-$top/build}
CC=${CC:-gcc}
CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
OFFLOAD_FLAGS=${OFFLOAD_FLAGS:--foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80}
MAX=${1:-1073741824}
REPS=${REPS:-9}
ITERS=${ITERS:-2000}
die () { echo "deepmap: error: bench/cuda: $*" >&2; exit 1; }

[ -f "$B/lib/deepmap/libgomp.so.1" ] || die "no $B/lib/deepmap/libgomp.so.1 (run make)"
w=$B/bench-cuda
mkdir -p "$w" "$top/bench/results"
if [ "${PREBUILT:-}" != 1 ]; then
  # shellcheck disable=SC2086
  $CC -fopenmp $OFFLOAD_FLAGS -O2 "$here/bandwidth.c" -o "$w/bandwidth"
  # shellcheck disable=SC2086
  $CC -fopenmp $OFFLOAD_FLAGS -O2 "$here/latency.c" -o "$w/latency"
  $CC -O2 -I"$CUDA_HOME/include" "$here/raw-pinned.c" -o "$w/raw-pinned" -ldl
fi
[ "${BUILD_ONLY:-}" = 1 ] && exit 0
for p in bandwidth latency raw-pinned; do
  [ -x "$w/$p" ] || die "no $w/$p (build it with BUILD_ONLY=1)"
done
command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 \
  || die "no NVIDIA GPU here (nvidia-smi -L fails)"
GCC_LIBDIR=${GCC_LIBDIR:-/usr/lib/x86_64-linux-gnu}
ls "$GCC_LIBDIR"/libgomp-plugin-nvptx.so.1* >/dev/null 2>&1 \
  || die "GCC's nvptx plugin is missing from $GCC_LIBDIR: apt-get install libgomp-plugin-nvptx1"

ours () { env LD_LIBRARY_PATH="$B/lib/deepmap" DEEPMAP_DEVICES=cuda "$@"; }
gcc12 () { env LD_LIBRARY_PATH="$GCC_LIBDIR" OMP_TARGET_OFFLOAD=mandatory "$@"; }

ours "$w/bandwidth" "$MAX" "$REPS" > "$w/bw-deepmap.txt"
gcc12 "$w/bandwidth" "$MAX" "$REPS" > "$w/bw-gcc12.txt"
"$w/raw-pinned" "$MAX" "$REPS" > "$w/bw-pinned.txt"
ours "$w/latency" "$ITERS" > "$w/lat-deepmap.txt"
gcc12 "$w/latency" "$ITERS" > "$w/lat-gcc12.txt"

out=${RESULTS_DIR:-$top/bench/results}/cuda-$(date +%Y%m%d-%H%M)-$(hostname -s).txt
{
  echo "# deepmap CUDA benchmarks, $(date -u +%Y-%m-%dT%H:%MZ), $(hostname -s)"
  echo "# device: $(nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv,noheader | head -1)"
  echo "# tuning: $(env | grep '^DEEPMAP_CUDA_' | tr '\n' ' ')"
  echo
  echo "# bandwidth, GB/s (pageable memory; pinned = raw cuMemcpy limit)"
  echo "# bytes  h2d:deepmap gcc12 pinned ratio/gcc ratio/pinned  d2h:deepmap gcc12 pinned ratio/gcc ratio/pinned"
  grep -hv '^#' "$w/bw-deepmap.txt" | while read -r n oh od; do
    set -- $(grep "^$n " "$w/bw-gcc12.txt") ; gh=$2 gd=$3
    set -- $(grep "^$n " "$w/bw-pinned.txt") ; ph=$2 pd=$3
    awk -v n="$n" -v oh="$oh" -v gh="$gh" -v ph="$ph" -v od="$od" \
        -v gd="$gd" -v pd="$pd" 'BEGIN {
      printf "%11d  %7.2f %6.2f %6.2f %6.2f %6.2f   %7.2f %6.2f %6.2f %6.2f %6.2f\n",
        n, oh, gh, ph, oh / gh, oh / ph, od, gd, pd, od / gd, od / pd }'
  done
  echo
  echo "# region latency, microseconds: empty region, map(tofrom: scalar)"
  echo "deepmap $(grep -v '^#' "$w/lat-deepmap.txt")"
  echo "gcc12   $(grep -v '^#' "$w/lat-gcc12.txt")"
} > "$out"
cat "$out"
echo "results: $out"
