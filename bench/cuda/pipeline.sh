#!/bin/sh
# pipeline.sh -- bench/pipeline.c (the pipelining paper's stencil, 3-D
# convolution and matrix multiplication) on a real GPU: naive offload
# against #pragma deepmap pipeline, over chunk sizes and stream counts,
# under deepmap's CUDA backend.  Each line: the best time of 3 runs, the
# device memory peak (DEEPMAP_STATS), and whether the result equals the
# naive one.
#
# Two builds of the program: "host" kernels (one parallel loop level, as
# the emulated device wants them; on a GPU they take longer than their
# copies) and "gpu" kernels (-DPIPE_GPU_KERNELS: collapse(2), one element
# per thread; on a GPU the copies dominate, the case pipelining is for).
#
# Usage: bench/cuda/pipeline.sh
# Environment: B, CC, OFFLOAD_FLAGS, PREBUILT=1, BUILD_ONLY=1, RESULTS_DIR
#   (as bench/cuda/run.sh); SHAPES (default "gpu host"); CHUNKS (default
#   "1 4 16"); STREAMS (default "2 3 4"); APPS (default "stencil conv3d
#   matmul"); LIB (the directory of the libgomp.so.1 to measure, default
#   $B/lib/deepmap); TAG (added to the result file's name); TRACE=DIR:
#   also write a DEEPMAP_TRACE timeline of each app's pipelined run at
#   chunk 16, 3 streams, into DIR.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
name=pipeline.sh
# shellcheck source=bench/cuda/common.sh
. "$here/common.sh"
SHAPES=${SHAPES:-gpu host}
CHUNKS=${CHUNKS:-1 4 16}
STREAMS=${STREAMS:-2 3 4}
APPS=${APPS:-stencil conv3d matmul}
BUILD="$CC -O3 -fopenmp $OFFLOAD_FLAGS -I$top/bench -fplugin=$B/lib/deepmap/deepmap.so $top/bench/pipeline.c"
if [ "${PREBUILT:-}" != 1 ]; then
  # shellcheck disable=SC2086
  $BUILD -o "$w/pipeline-host"
  # shellcheck disable=SC2086
  $BUILD -DPIPE_GPU_KERNELS -o "$w/pipeline-gpu"
fi
[ "${BUILD_ONLY:-}" = 1 ] && exit 0
for s in $SHAPES; do
  [ -x "$w/pipeline-$s" ] || die "no $w/pipeline-$s (build it with BUILD_ONLY=1)"
done
cuda_ready
# GCC's own libgomp, for what deepmap forwards, where make check-gpu's
# record pass left a copy.
sys=$B/gpu-remote/sys/libgomp.so.1
[ -f "$sys" ] && export DEEPMAP_SYSTEM_LIBGOMP="$sys"

# run SHAPE [VAR=VALUE...] ARGS...: "seconds peak checksum" or "ERROR ..."
run () {
  shape=$1
  shift
  env LD_LIBRARY_PATH="$LIB" DEEPMAP_DEVICES=cuda DEEPMAP_STATS=1 \
    "$w/pipeline-$shape" "$@" 2>&1 |
    awk '/^[0-9.]+$/ { t = $1 } /^check / { c = $2 }
	 /peak/ { for (i = 1; i < NF; i++) if ($i == "peak") p = $(i + 1) }
	 /deepmap: error/ { e = $0 }
	 END { if (e != "") print "ERROR", e
	       else print t, (p == "" ? "-" : p), c }'
}

size () {
  case $1 in
    stencil|conv3d) echo "512 512 512" ;;
    matmul) echo "2048 128 1" ;;
  esac
}

out=${RESULTS_DIR:-$top/bench/results}/pipeline-cuda-$(date +%Y%m%d-%H%M)-$(hostname -s)${TAG:+-$TAG}.txt
{
  echo "# pipeline on a GPU: naive offload vs #pragma deepmap pipeline"
  echo "# device: $(device_line)"
  echo "# date: $(date -u '+%F %T UTC'); build: $BUILD [-DPIPE_GPU_KERNELS]"
  echo "# runtime: $LIB/libgomp.so.1; tuning: $(env | grep '^DEEPMAP_' | tr '\n' ' ')"
  echo "# shape app chunk streams seconds peak_bytes checksum naive/pipelined same_result"
  for shape in $SHAPES; do
    for app in $APPS; do
      # shellcheck disable=SC2046
      set -- $(size "$app")
      naive=$(run "$shape" "$app" naive "$@")
      echo "$shape $app naive - $naive"
      for s in $STREAMS; do
	for c in $CHUNKS; do
	  r=$(run "$shape" "$app" pipe "$@" "$c" "$s")
	  echo "$shape $app $c $s $r" | awk -v nt="${naive%% *}" -v nc="${naive##* }" \
	    '{ if ($5 == "ERROR") print; else
	       printf "%s %s %s %s %s %s %s %.2f %s\n", $1, $2, $3, $4, $5, $6,
		 $7, nt / $5, $7 == nc ? "yes" : "NO" }'
	done
      done
      if [ -n "${TRACE:-}" ]; then
	mkdir -p "$TRACE"
	env DEEPMAP_TRACE="$TRACE/trace-$shape-$app.json" \
	  LD_LIBRARY_PATH="$LIB" DEEPMAP_DEVICES=cuda \
	  "$w/pipeline-$shape" "$app" pipe "$@" 16 3 > /dev/null 2>&1 \
	  || echo "# trace of $shape $app failed"
      fi
    done
  done
} > "$out"
cat "$out"
