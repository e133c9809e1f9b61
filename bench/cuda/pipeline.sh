#!/bin/sh
# pipeline.sh -- bench/pipeline.c (the pipelining paper's stencil, 3-D
# convolution and matrix multiplication) on a real GPU: naive offload
# against #pragma deepmap pipeline, over chunk sizes and stream counts,
# under deepmap's CUDA backend.  Each line: the best time of 3 runs, the
# device memory peak (DEEPMAP_STATS), and whether the result equals the
# naive one.
#
# Usage: bench/cuda/pipeline.sh   (env: B, CC, OFFLOAD_FLAGS, PREBUILT=1,
#        BUILD_ONLY=1, RESULTS_DIR: as bench/cuda/run.sh)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
B=${B:-$top/build}
CC=${CC:-gcc}
OFFLOAD_FLAGS=${OFFLOAD_FLAGS:--foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80}
die () { echo "deepmap: error: bench/cuda/pipeline.sh: $*" >&2; exit 1; }

w=$B/bench-cuda
mkdir -p "$w"
BUILD="$CC -O3 -fopenmp $OFFLOAD_FLAGS -I$top/bench -fplugin=$B/lib/deepmap/deepmap.so $top/bench/pipeline.c -o $w/pipeline"
# shellcheck disable=SC2086
[ "${PREBUILT:-}" = 1 ] || $BUILD
[ "${BUILD_ONLY:-}" = 1 ] && exit 0
[ -x "$w/pipeline" ] || die "no $w/pipeline (build it with BUILD_ONLY=1)"
nvidia-smi -L >/dev/null 2>&1 || die "no NVIDIA GPU here (nvidia-smi -L fails)"

run () {
  env LD_LIBRARY_PATH="$B/lib/deepmap" DEEPMAP_DEVICES=cuda DEEPMAP_STATS=1 \
    "$w/pipeline" "$@" 2>&1 |
    awk '/^[0-9.]+$/ { t = $1 } /^check / { c = $2 }
	 /peak/ { for (i = 1; i < NF; i++) if ($i == "peak") p = $(i + 1) }
	 /deepmap: error/ { e = $0 }
	 END { if (e != "") print "ERROR", e; else print t, p, c }'
}

out=${RESULTS_DIR:-$top/bench/results}/pipeline-cuda-$(date +%Y%m%d-%H%M)-$(hostname -s).txt
{
  echo "# pipeline on a GPU: naive offload vs #pragma deepmap pipeline"
  echo "# device: $(nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv,noheader | head -1)"
  echo "# date: $(date -u '+%F %T UTC'); build: $BUILD"
  echo "# app chunk streams seconds peak_bytes checksum naive/pipelined same_result"
  for spec in "stencil 512 512 512" "conv3d 512 512 512" "matmul 2048 128 1"; do
    # shellcheck disable=SC2086
    set -- $spec
    naive=$(run "$1" naive "$2" "$3" "$4")
    echo "$1 naive - $naive"
    for s in 2 3 4; do
      for c in 1 4 16; do
	r=$(run "$1" pipe "$2" "$3" "$4" "$c" "$s")
	echo "$1 $c $s $r" | awk -v nt="${naive%% *}" -v nc="${naive##* }" \
	  '{ if ($4 == "ERROR") print; else
	     printf "%s %s %s %s %s %s %.2f %s\n", $1, $2, $3, $4, $5, $6,
	       nt / $4, $6 == nc ? "yes" : "NO" }'
      done
    done
  done
} > "$out"
cat "$out"
