#!/bin/bash
# thirdparty.sh -- transfer hoisting (issue 9) on a real GPU for the
# programs nobody here wrote (bench/thirdparty, as bench/run-thirdparty.sh
# runs them on the emulated device): each built for nvptx as written
# (naive), with the plugin (plugin) and as its authors wrote the expert
# version (expert), run under deepmap's CUDA backend (DEEPMAP_STATS: bytes
# each way) and under GCC 12's libgomp with its nvptx plugin, the binary
# that a plugin build must stay correct under.  Each output (lines
# matching conf.sh's FILTER left out) is compared with the naive build's
# under GCC's libgomp on the GPU; times are whole processes, the best of
# RUNS.
#
# Usage: bench/cuda/thirdparty.sh [NAME...]
# Environment: B, CC, OFFLOAD_FLAGS, PREBUILT=1, BUILD_ONLY=1, RESULTS_DIR,
#   GCC_LIBDIR, LIB, TAG as bench/cuda/hoist.sh; RUNS (default 2);
#   TIMEOUT (seconds per run, default 120); RUN_ARGS replaces the
#   programs' ARGS (a size worth timing on a GPU, for one program).
set -u
here=$(cd "$(dirname "$0")" && pwd)
name=thirdparty.sh
# shellcheck source=bench/cuda/common.sh
. "$here/common.sh"
TOP=$top
# shellcheck source=bench/common.sh
. "$top/bench/common.sh"
# shellcheck source=bench/thirdparty/common.sh
. "$top/bench/thirdparty/common.sh"
RUNS=${RUNS:-2}
TO=${TIMEOUT:-120}
SRC=$top/bench/thirdparty
W=$w/thirdparty
if [ $# -gt 0 ]; then PROGS="$*"; else
  PROGS=$(cd "$SRC" && for d in */; do [ -f "$d/conf.sh" ] && echo "${d%/}"; done)
fi

# conf P: the program's settings (bench_thirdparty_conf), with RUN_ARGS.
conf () {
  bench_thirdparty_conf "$SRC/$1"
  ARGS=${RUN_ARGS:-$ARGS}
}

# build VARIANT PLUGIN FILES...: compile and link in the work directory.
build () {
  local v=$1 pl=$2
  shift 2
  # The kernels' sqrt and friends come from the offload target's libm.
  local flags="-O2 -fopenmp $OFFLOAD_FLAGS -foffload-options=nvptx-none=-lm $FLAGS"
  [ "$pl" = 1 ] && flags="$flags -fplugin=$LIB/deepmap.so"
  bench_link_program "$v" "$CXX" "$flags" "$LIBS" "$@"
}

if [ "${PREBUILT:-}" != 1 ]; then
  for P in $PROGS; do
    conf "$P"
    rm -rf "${W:?}/$P"
    mkdir -p "$W/$P"
    cp -r "$SRC/$P/src/." "$W/$P"
    (
      cd "$W/$P" || exit 1
      eval "$SETUP" > setup.log 2>&1
      # shellcheck disable=SC2086  # file lists
      build naive 0 $NAIVE $COMMON || echo "deepmap: $P: naive build failed" >&2
      build plugin 1 $NAIVE $COMMON || echo "deepmap: $P: plugin build failed" >&2
      build expert 0 $EXPERT $COMMON || echo "deepmap: $P: expert build failed" >&2
      rm -rf obj-*
    )
  done
fi
[ "${BUILD_ONLY:-}" = 1 ] && exit 0
cuda_ready
use_gcc_libdir

# run RUNTIME VARIANT OUT: one process; OUT.out (with OUTFILES), OUT.err,
# OUT.rc, OUT.ms.
# shellcheck disable=SC2086  # OUTFILES and ARGS are word lists
run () {
  local rt=$1 v=$2 o=$3 t0 f
  rm -f $OUTFILES
  t0=$(date +%s%N)
  if [ "$rt" = deepmap ]; then
    env LD_LIBRARY_PATH="$LIB" DEEPMAP_DEVICES=cuda DEEPMAP_STATS=1 \
      OMP_TARGET_OFFLOAD=mandatory timeout "$TO" "./$v" $ARGS > "$o.out" 2> "$o.err"
  else
    env ${GCC_LIBDIR:+LD_LIBRARY_PATH="$GCC_LIBDIR"} OMP_TARGET_OFFLOAD=mandatory \
      timeout "$TO" "./$v" $ARGS > "$o.out" 2> "$o.err"
  fi
  echo $? > "$o.rc"
  echo $((($(date +%s%N) - t0) / 1000000)) > "$o.ms"
  for f in $OUTFILES; do
    echo "== $f" >> "$o.out"
    cat "$f" >> "$o.out" 2> /dev/null
  done
}

# "H2D/D2H bytes H2D/D2H transfers" of a DEEPMAP_STATS output.
stats () {
  # shellcheck disable=SC2046  # four numbers
  set -- $(bench_transfers "$1")
  echo "$1/$2 $3/$4"
}

out=${RESULTS_DIR:-$top/bench/results}/thirdparty-cuda-$(date +%Y%m%d-%H%M)-$(hostname -s)${TAG:+-$TAG}.txt
{
  echo "# thirdparty on a GPU: naive vs naive+plugin vs expert, under deepmap and GCC's libgomp"
  echo "# device: $(device_line)"
  built_by=$CC
  [ "${PREBUILT:-}" = 1 ] && built_by="(elsewhere, BUILD_ONLY=1) gcc"
  echo "# date: $(date -u '+%F %T UTC'); build: $built_by -O2 -fopenmp $OFFLOAD_FLAGS -foffload-options=nvptx-none=-lm FLAGS [-fplugin=deepmap.so]"
  echo "# arguments: ${RUN_ARGS:-each conf.sh ARGS}"
  echo "# deepmap: $LIB; GCC's libgomp from ${GCC_LIBDIR:-the system}; OMP_TARGET_OFFLOAD=mandatory"
  echo "# times: whole processes in ms, the best of $RUNS; bytes h2d/d2h and transfers h2d/d2h from DEEPMAP_STATS"
  echo "# same: output against the naive build under GCC's libgomp on the GPU (FILTER lines left out)"
  printf '# %-16s %-8s %-6s %8s %21s %13s %5s %s\n' program runtime build ms bytes transfers same notes
  for P in $PROGS; do
    conf "$P"
    [ -d "$W/$P" ] || { echo "$P - - ERROR not built"; continue; }
    (
      cd "$W/$P" || exit 1
      for rt in gcc deepmap; do
	for v in naive plugin expert; do
	  [ -x "$v" ] || { echo "$P $rt $v ERROR not built"; continue; }
	  best= notes=
	  for r in $(seq "$RUNS"); do
	    run "$rt" "$v" "$rt-$v-$r"
	    ms=$(cat "$rt-$v-$r.ms")
	    { [ -z "$best" ] || [ "$ms" -lt "$best" ]; } && best=$ms
	    # A status the naive build has under GCC's runtime too (a
	    # program's own verification at reduced sizes) is the program's.
	    rc=$(cat "$rt-$v-$r.rc")
	    [ "$rc" = 0 ] || [ "$rc" = "$(cat gcc-naive-1.rc)" ] || notes="$notes status=$rc"
	    grep -q 'deepmap: error' "$rt-$v-$r.err" && notes="$notes deepmap-error"
	  done
	  [ "$v" = expert ] && f=$EXPERT_FILTER || f=$FILTER
	  s=$(bench_same_output gcc-naive-1.out "$rt-$v-1.out" "$f")
	  if [ "$rt" = deepmap ]; then st=$(stats "$rt-$v-1.err"); else st="- -"; fi
	  # shellcheck disable=SC2086
	  printf '%-18s %-8s %-6s %8s %21s %13s %5s %s\n' "$P" "$rt" "$v" "$best" $st "$s" "${notes:--}"
	done
      done
    )
  done
} > "$out"
cat "$out"
! grep -E -q ' (no|ERROR) |status=|deepmap-error' "$out"
