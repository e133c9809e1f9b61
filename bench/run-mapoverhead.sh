#!/bin/sh
# run-mapoverhead.sh -- mapping overhead, deepmap (emulated device) against
# LLVM 14 libomptarget (x86_64 host device), in one run.  See bench/README.
#
# Usage: bench/run-mapoverhead.sh [-r REPS] [-n ITERS] [-i INNER] [-o FILE]
#                                 [-L "LIVE..."]
#   -r REPS   interleaved runs of each binary (default 5); median taken
#   -n ITERS  iterations per timed loop (default 200000)
#   -i INNER  timed loops per run, the run reports their median (default 3)
#   -L LIVE   live-mapping counts (default "0 1000 100000")
#   -o FILE   result file (default bench/results/mapoverhead-DATE.txt)
# Environment: B (build directory, default ./build), CC (gcc), CLANG
# (clang-14), LLVM_LIBDIR (/usr/lib/llvm-14/lib).
#
# Writes the result file and prints the table.  Exit status 1 when a
# binary does not offload (the numbers would not measure mapping).

set -e

TOP=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common.sh
. "$TOP/bench/common.sh"
CLANG=${CLANG:-clang-14}
LLVM_LIBDIR=${LLVM_LIBDIR:-/usr/lib/llvm-14/lib}

REPS=5
ITERS=200000
INNER=3
LIVE="0 1000 100000"
OUTFILE=
CMDLINE="$0 $*"

while getopts r:n:i:o:L: opt; do
  case $opt in
    r) REPS=$OPTARG ;;
    n) ITERS=$OPTARG ;;
    i) INNER=$OPTARG ;;
    o) OUTFILE=$OPTARG ;;
    L) LIVE=$OPTARG ;;
    *) bench_usage 4,13 ;;
  esac
done

bench_need "$SWAPIN_DIR/libgomp.so.1"

mkdir -p "$BIN"
SRC=$TOP/bench/mapoverhead.c
GCC_BUILD="$CC -O2 -fopenmp -foffload=disable $SRC -o $BIN/mapoverhead-gcc"
CLANG_BUILD="$CLANG -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu $SRC -o $BIN/mapoverhead-clang"
echo "$GCC_BUILD"
$GCC_BUILD
echo "$CLANG_BUILD"
$CLANG_BUILD

ARGS="-n $ITERS -r $INNER $LIVE"
RUN_DM="env LD_LIBRARY_PATH=$SWAPIN_DIR $BIN/mapoverhead-gcc -l deepmap $ARGS"
RUN_LLVM="env LD_LIBRARY_PATH=$LLVM_LIBDIR $BIN/mapoverhead-clang -l llvm14 $ARGS"

# Which libgomp / libomptarget the binaries really load.
DM_LIB=$(bench_loaded "$SWAPIN_DIR" "$BIN/mapoverhead-gcc" libgomp)
LLVM_LIB=$(bench_loaded "$LLVM_LIBDIR" "$BIN/mapoverhead-clang" libomptarget)

RAW=$(mktemp)
trap 'rm -f "$RAW"' EXIT

# Interleave the two runtimes so machine noise hits both alike.
i=1
while [ "$i" -le "$REPS" ]; do
  echo "run $i/$REPS: deepmap" >&2
  $RUN_DM >> "$RAW"
  echo "run $i/$REPS: llvm14" >&2
  $RUN_LLVM >> "$RAW"
  i=$((i + 1))
done

TABLE=$(awk -v live_list="$LIVE" "$BENCH_AWK"'
  $1 == "mapoverhead" {
    rt = field("runtime"); lv = field("live")
    if (field("offload") != 1 || field("discrete") != 1) bad[rt] = 1
    k = rt SUBSEP lv SUBSEP "ee"; val[k, ++cnt[k]] = field("enter_exit_ns")
    k = rt SUBSEP lv SUBSEP "dr"; val[k, ++cnt[k]] = field("data_region_ns")
  }
  END {
    printf "%-7s | %-33s | %s\n", "", "enter+exit data, new object (ns)", \
      "target data region, present (ns)"
    printf "%7s | %8s %8s %7s %6s | %8s %8s %7s %6s\n", "live", "deepmap", \
      "llvm14", "ratio", "<=0.5", "deepmap", "llvm14", "ratio", "<=0.5"
    n = split(live_list, L, " ")
    fail = 0
    for (i = 1; i <= n; i++) {
      lv = L[i]
      line = sprintf("%7s |", lv)
      for (m = 1; m <= 2; m++) {
        w = m == 1 ? "ee" : "dr"
        d = med("deepmap" SUBSEP lv SUBSEP w)
        l = med("llvm14" SUBSEP lv SUBSEP w)
        r = l > 0 ? d / l : 0
        ok = r <= 0.5 ? "yes" : "NO"
        if (ok == "NO") fail++
        line = line sprintf(" %8.1f %8.1f %7.3f %6s%s", d, l, r, ok, m == 1 ? " |" : "")
      }
      print line
    }
    printf "goal (deepmap <= 0.5 x llvm14 at every point): %s\n", \
      fail ? "NOT MET at " fail " point(s)" : "met"
    for (rt in bad)
      printf "WARNING: %s did not offload to a discrete device (offload/discrete != 1)\n", rt
  }' "$RAW")

bench_outfile mapoverhead

{
  echo "mapoverhead: cost per mapping operation, deepmap vs LLVM 14 libomptarget"
  echo
  bench_machine
  echo "clang:    $($CLANG --version | head -n 1)"
  echo "deepmap:  libgomp loaded from $DM_LIB"
  echo "llvm14:   libomptarget loaded from $LLVM_LIB"
  echo
  echo "command:  $CMDLINE"
  echo "build:    $GCC_BUILD"
  echo "          $CLANG_BUILD"
  echo "run:      $RUN_DM"
  echo "          $RUN_LLVM"
  echo "          alternately, $REPS times each; each run reports the median of"
  echo "          $INNER timed loops of $ITERS iterations; the table gives the"
  echo "          median over the $REPS runs, in ns per iteration."
  bench_table_raw
} > "$OUTFILE"

echo
bench_finish
