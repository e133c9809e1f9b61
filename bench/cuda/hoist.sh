#!/bin/sh
# hoist.sh -- transfer hoisting (issue 9) on a real GPU: the kernels of
# bench/hoist-naive.c built for nvptx without the plugin's hoisting
# (naive), with it (plugin), and bench/hoist-expert.c (hand-placed target
# data), each run under deepmap's CUDA backend and under GCC 12's own
# libgomp with its nvptx plugin (what a binary built with the plugin must
# stay correct under).  Each line: the best time of RUNS processes, the
# transfers each way (DEEPMAP_STATS, deepmap only) and the checksum of the
# arrays, which must be the same for every variant on both runtimes.
#
# Usage: bench/cuda/hoist.sh
# Environment: B, CC, OFFLOAD_FLAGS, PREBUILT=1, BUILD_ONLY=1, RESULTS_DIR
#   (as bench/cuda/pipeline.sh); KERNELS (default: all of
#   bench/run-hoist.sh's); RUNS (default 3); GCC_LIBDIR (GCC's libgomp.so.1
#   and libgomp-plugin-nvptx.so.1; default $B/gpu-remote/sys, left by
#   make check-gpu GPU_REMOTE=record, else the system's); LIB (the
#   directory of the deepmap libgomp.so.1 to measure, default
#   $B/lib/deepmap); TAG.
# deep-1d and fields-1d are skipped under GCC's libgomp: their structure's
# pointers are deep-copied only by deepmap, and a GPU faults on the host
# addresses GCC's runtime leaves in the device copy (checked on an H100).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
name=hoist.sh
# shellcheck source=bench/cuda/common.sh
. "$here/common.sh"
KERNELS=${KERNELS:-jacobi-1d jacobi-2d heat-3d fdtd-2d seidel-2d adi convergence row-touch callee jacobi-swap deep-1d fields-1d stage-out inputs laplace-2d}
RUNS=${RUNS:-3}
FLAGS="-O2 -fopenmp $OFFLOAD_FLAGS -I$top/bench -I$top/include -fplugin=$LIB/deepmap.so"
OFF="-fplugin-arg-deepmap-hoist=off -fplugin-arg-deepmap-overwrite=off"
if [ "${PREBUILT:-}" != 1 ]; then
  # shellcheck disable=SC2086  # the flags are several words
  {
    $CC $FLAGS $OFF "$top/bench/hoist-naive.c" -o "$w/hoist-naive"
    $CC $FLAGS "$top/bench/hoist-naive.c" -o "$w/hoist-plugin"
    $CC $FLAGS $OFF "$top/bench/hoist-expert.c" -o "$w/hoist-expert"
  }
fi
[ "${BUILD_ONLY:-}" = 1 ] && exit 0
for v in naive plugin expert; do
  [ -x "$w/hoist-$v" ] || die "no $w/hoist-$v (build it with BUILD_ONLY=1)"
done
cuda_ready
use_gcc_libdir

# run RUNTIME VARIANT KERNEL: "seconds h2d_n h2d_bytes d2h_n d2h_bytes sum"
# (best time of RUNS) or "ERROR what".
run () {
  rt=$1 v=$2 k=$3
  for r in $(seq "$RUNS"); do
    if [ "$rt" = deepmap ]; then
      env LD_LIBRARY_PATH="$LIB" DEEPMAP_DEVICES=cuda DEEPMAP_STATS=1 \
	OMP_TARGET_OFFLOAD=mandatory "$w/hoist-$v" "$k" 2>&1
    else
      env ${GCC_LIBDIR:+LD_LIBRARY_PATH="$GCC_LIBDIR"} \
	OMP_TARGET_OFFLOAD=mandatory "$w/hoist-$v" "$k" 2>&1
    fi
    echo "status=$?"
  done | awk '
    /^kernel=/ { split($2, a, "="); split($3, b, "=")
		 if (t == "" || a[2] < t) t = a[2]
		 if (c != "" && c != b[2]) e = "checksums differ between runs"
		 c = b[2] }
    / h2d / { h = $6 " " $8; d = $11 " " $13 }
    /^status=/ && $0 != "status=0" { e = "exit " $0 }
    /error|illegal|fault/ && e == "" { e = $0 }
    END { if (e != "" || t == "") print "ERROR", (e == "" ? "no result" : e)
	  else print t, (h == "" ? "- -" : h), (d == "" ? "- -" : d), c }'
}

out=${RESULTS_DIR:-$top/bench/results}/hoist-cuda-$(date +%Y%m%d-%H%M)-$(hostname -s)${TAG:+-$TAG}.txt
{
  echo "# hoist on a GPU: naive vs naive+plugin vs expert, under deepmap and GCC's libgomp"
  echo "# device: $(device_line)"
  echo "# date: $(date -u '+%F %T UTC'); build: $CC $FLAGS [$OFF] bench/hoist-{naive,expert}.c"
  echo "# runs: best of $RUNS processes; OMP_TARGET_OFFLOAD=mandatory; GCC's libgomp from ${GCC_LIBDIR:-the system}"
  echo "# kernel runtime variant seconds h2d_n h2d_bytes d2h_n d2h_bytes checksum"
  for k in $KERNELS; do
    for rt in deepmap gcc; do
      for v in naive plugin expert; do
	if [ "$rt" = gcc ] && { [ "$k" = deep-1d ] || [ "$k" = fields-1d ]; }; then
	  echo "$k $rt $v skipped (deep copy is deepmap's)"
	  continue
	fi
	echo "$k $rt $v $(run "$rt" "$v" "$k")"
      done
    done
  done
} > "$out.raw"
# The table, then per kernel and runtime: naive/plugin and plugin/expert
# times, and whether every checksum of the kernel agrees.
awk '
  { print }
  $4 == "skipped" || $1 ~ /^#/ { next }
  $4 == "ERROR" { err[$1] = 1; next }
  { t[$1, $2, $3] = $4
    if (!($1 in sum)) { sum[$1] = $9; o[++n] = $1 } else if (sum[$1] != $9) bad[$1] = 1 }
  END {
    print ""
    print "# kernel  deepmap: naive/plugin plugin/expert  gcc: naive/plugin plugin/expert  results"
    for (i = 1; i <= n; i++) {
      k = o[i]; line = k
      split("deepmap gcc", rs, " ")
      for (j = 1; j <= 2; j++) {
	r = rs[j]
	if ((k, r, "plugin") in t && t[k, r, "plugin"] > 0)
	  line = line sprintf("  %s: %.2f %.2f", r, t[k, r, "naive"] / t[k, r, "plugin"],
			      t[k, r, "plugin"] / t[k, r, "expert"])
	else line = line "  " r ": - -"
      }
      print line, bad[k] ? "DIFFER" : err[k] ? "ERROR" : "identical"
    }
  }' "$out.raw" > "$out"
rm -f "$out.raw"
cat "$out"
