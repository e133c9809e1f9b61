#!/bin/sh
# run-mapoverhead.sh -- mapping overhead, deepmap (emulated device) against
# LLVM 14 libomptarget (x86_64 host device), in one run.  See bench/README.
#
# Usage: bench/run-mapoverhead.sh [-r REPS] [-n ITERS] [-i INNER] [-o FILE]
#                                 [-L "LIVE..."] [-c REV]
#   -r REPS   interleaved runs of each binary (default 5); median taken
#   -n ITERS  iterations per timed loop (default 200000)
#   -i INNER  timed loops per run, the run reports their median (default 3)
#   -L LIVE   live-mapping counts (default "0 1000 100000")
#   -o FILE   result file (default bench/results/mapoverhead-DATE.txt; a
#             gnuplot PNG of the same name is drawn next to it)
#   -c REV    also run the same gcc binary under the swap-in built from git
#             revision REV (e.g. the runtime-core commit), interleaved,
#             and report deepmap / REV (goal <= 1.10: regression <= 10%)
#   -I        count instructions instead of timing (valgrind's callgrind,
#             collecting inside the benchmark's enter_exit and data_region
#             functions only, runtime calls included): the same on every
#             run and machine, for comparisons on a noisy one; one run per
#             binary, LIVE count and loop; ITERS defaults to 20000
# Environment: B (build directory, default ./build), CC (gcc), CLANG
# (clang-14), LLVM_LIBDIR (/usr/lib/llvm-14/lib).
#
# Writes the result file and prints the table.  Exit status 1 when a
# binary does not offload (the numbers would not measure mapping).

set -e

TOP=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common.sh
. "$TOP/bench/common.sh"

REPS=5
ITERS=200000
INNER=3
LIVE="0 1000 100000"
OUTFILE=
CORE_REV=
CMDLINE="$0 $*"

INSTR=
ITERS_SET=
while getopts r:n:i:o:L:c:I opt; do
  case $opt in
    r) REPS=$OPTARG ;;
    n) ITERS=$OPTARG ITERS_SET=1 ;;
    I) INSTR=1 ;;
    i) INNER=$OPTARG ;;
    o) OUTFILE=$OPTARG ;;
    L) LIVE=$OPTARG ;;
    c) CORE_REV=$OPTARG ;;
    *) bench_usage 4,22 ;;
  esac
done
[ -z "$INSTR" ] || [ -n "$ITERS_SET" ] || ITERS=20000

bench_need "$SWAPIN_DIR/libgomp.so.1"

mkdir -p "$BIN"
SRC=$TOP/bench/mapoverhead.c
GCC_BUILD="$CC -O2 -fopenmp -foffload=disable $SRC -o $BIN/mapoverhead-gcc"
CLANG_BUILD="$CLANG -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu $SRC -o $BIN/mapoverhead-clang"
echo "$GCC_BUILD"
$GCC_BUILD
echo "$CLANG_BUILD"
$CLANG_BUILD

# The baseline swap-in: the tree of revision CORE_REV, built on its own.
CORE_DIR=
if [ -n "$CORE_REV" ]; then
  bench_rev_swapin "$CORE_REV"
  CORE_SHA=$REV_SHA CORE_DIR=$REV_DIR
fi

ARGS="-n $ITERS -r $INNER $LIVE"
RUN_DM="env LD_LIBRARY_PATH=$SWAPIN_DIR $BIN/mapoverhead-gcc -l deepmap $ARGS"
RUN_LLVM="env LD_LIBRARY_PATH=$LLVM_LIBDIR $BIN/mapoverhead-clang -l llvm14 $ARGS"
RUN_CORE=
[ -z "$CORE_DIR" ] ||
  RUN_CORE="env LD_LIBRARY_PATH=$CORE_DIR/build/lib/deepmap $BIN/mapoverhead-gcc -l core $ARGS"

# Which libgomp / libomptarget the binaries really load.
DM_LIB=$(bench_loaded "$SWAPIN_DIR" "$BIN/mapoverhead-gcc" libgomp)
LLVM_LIB=$(bench_loaded "$LLVM_LIBDIR" "$BIN/mapoverhead-clang" libomptarget)

RAW=$(mktemp)
trap 'rm -f "$RAW"' EXIT

# The result file's header lines common to both modes: the machine,
# the libraries loaded, the command and the builds.
header ()
{
  bench_machine
  echo "clang:    $($CLANG --version | head -n 1)"
  echo "deepmap:  libgomp loaded from $DM_LIB"
  echo "llvm14:   libomptarget loaded from $LLVM_LIB"
  [ -z "$CORE_DIR" ] ||
    echo "core:     the swap-in of $CORE_REV ($CORE_SHA), built in $CORE_DIR"
  echo
  echo "command:  $CMDLINE"
  echo "build:    $GCC_BUILD"
  echo "          $CLANG_BUILD"
}

if [ -n "$INSTR" ]; then
  command -v valgrind > /dev/null ||
    { echo "run-mapoverhead.sh: -I needs valgrind" >&2; exit 2; }
  # Each loop's function is called ITERS times to warm up (at most
  # 20000) and ITERS times timed (-r 1).
  WARM=$ITERS
  [ "$WARM" -le 20000 ] || WARM=20000
  CALLS=$((WARM + ITERS))
  CG=$(mktemp)
  trap 'rm -f "$RAW" "$CG"' EXIT
  # count LABEL LIBDIR BINARY: one line per LIVE count.
  count ()
  {
    for lv in $LIVE; do
      line="mapoverhead-instr runtime=$1 live=$lv calls=$CALLS"
      for fn in enter_exit data_region; do
	echo "counting: $1 live=$lv $fn" >&2
	env LD_LIBRARY_PATH="$2" valgrind --tool=callgrind \
	  --callgrind-out-file="$CG" --toggle-collect="$fn" \
	  "$3" -l "$1" -n "$ITERS" -r 1 "$lv" > /dev/null 2>&1
	ir=$(awk '/^(summary|totals):/ { print $2; exit }' "$CG")
	line="$line ${fn}_ir=$ir"
      done
      echo "$line" >> "$RAW"
    done
  }
  count deepmap "$SWAPIN_DIR" "$BIN/mapoverhead-gcc"
  count llvm14 "$LLVM_LIBDIR" "$BIN/mapoverhead-clang"
  [ -z "$CORE_DIR" ] ||
    count core "$CORE_DIR/build/lib/deepmap" "$BIN/mapoverhead-gcc"

  TABLE=$(awk -v live_list="$LIVE" -v core="$CORE_REV" "$BENCH_AWK"'
    $1 == "mapoverhead-instr" {
      rt = field("runtime"); lv = field("live"); n = field("calls")
      ins[rt, lv, "ee"] = field("enter_exit_ir") / n
      ins[rt, lv, "dr"] = field("data_region_ir") / n
    }
    function half(lv, w,   d, l, c, out) {
      d = ins["deepmap", lv, w]; l = ins["llvm14", lv, w]
      out = sprintf(" %8.0f %8.0f %6.3f", d, l, l > 0 ? d / l : 0)
      if (core != "") {
        c = ins["core", lv, w]
        out = out sprintf(" %8.0f %6.3f", c, c > 0 ? d / c : 0)
      }
      return out
    }
    END {
      hdr = sprintf(" %8s %8s %6s", "deepmap", "llvm14", "ratio")
      if (core != "")
        hdr = hdr sprintf(" %8s %6s", "core", "ratio")
      w = length(hdr)
      printf "%7s | %-" w "s | %s\n", "", " enter+exit data (instructions)", \
        " target data region (instructions)"
      printf "%7s |%s |%s\n", "live", hdr, hdr
      n = split(live_list, L, " ")
      for (i = 1; i <= n; i++)
        printf "%7s |%s |%s\n", L[i], half(L[i], "ee"), half(L[i], "dr")
      print "instructions per iteration (callgrind, the loop function and"
      print "what it calls); the goals are about time, see a timed run"
    }' "$RAW")

  bench_outfile mapoverhead-instr
  {
    echo "mapoverhead -I: instructions per mapping operation, deepmap vs LLVM 14"
    echo
    echo "valgrind: $(valgrind --version)"
    header
    echo "run:      valgrind --tool=callgrind --toggle-collect=FUNCTION BINARY"
    echo "          -n $ITERS -r 1 LIVE, FUNCTION enter_exit or data_region:"
    echo "          the instructions inside FUNCTION over its $CALLS calls"
    bench_table_raw
  } > "$OUTFILE"
  echo
  bench_finish
  exit 0
fi

# Interleave the two runtimes so machine noise hits both alike.
i=1
while [ "$i" -le "$REPS" ]; do
  echo "run $i/$REPS: deepmap" >&2
  $RUN_DM >> "$RAW"
  echo "run $i/$REPS: llvm14" >&2
  $RUN_LLVM >> "$RAW"
  if [ -n "$RUN_CORE" ]; then
    echo "run $i/$REPS: core ($CORE_REV)" >&2
    $RUN_CORE >> "$RAW"
  fi
  i=$((i + 1))
done

TABLE=$(awk -v live_list="$LIVE" -v core="$CORE_REV" "$BENCH_AWK"'
  $1 == "mapoverhead" {
    rt = field("runtime"); lv = field("live")
    if (field("offload") != 1 || field("discrete") != 1) bad[rt] = 1
    k = rt SUBSEP lv SUBSEP "ee"; val[k, ++cnt[k]] = field("enter_exit_ns")
    k = rt SUBSEP lv SUBSEP "dr"; val[k, ++cnt[k]] = field("data_region_ns")
  }
  # One half of a table line: deepmap, llvm14, ratio, goal met, and with
  # a baseline also its time and deepmap / baseline.
  function half(lv, w,   d, l, r, c, rc, out) {
    d = med("deepmap" SUBSEP lv SUBSEP w)
    l = med("llvm14" SUBSEP lv SUBSEP w)
    r = l > 0 ? d / l : 0
    if (r > 0.5) fail++
    out = sprintf(" %8.1f %8.1f %6.3f %4s", d, l, r, r <= 0.5 ? "yes" : "NO")
    if (core != "") {
      c = med("core" SUBSEP lv SUBSEP w)
      rc = c > 0 ? d / c : 0
      if (rc > 1.10) cfail++
      out = out sprintf(" %8.1f %6.3f %5s", c, rc, rc <= 1.10 ? "yes" : "NO")
    }
    return out
  }
  END {
    hdr = sprintf(" %8s %8s %6s %4s", "deepmap", "llvm14", "ratio", "<=.5")
    if (core != "")
      hdr = hdr sprintf(" %8s %6s %4s", "core", "ratio", "<=1.1")
    w = length(hdr)
    printf "%7s | %-" w "s | %s\n", "", " enter+exit data, new object (ns)", \
      " target data region, present (ns)"
    printf "%7s |%s |%s\n", "live", hdr, hdr
    n = split(live_list, L, " ")
    fail = 0; cfail = 0
    for (i = 1; i <= n; i++)
      printf "%7s |%s |%s\n", L[i], half(L[i], "ee"), half(L[i], "dr")
    printf "goal (deepmap <= 0.5 x llvm14 at every point): %s\n", \
      fail ? "NOT MET at " fail " point(s)" : "met"
    if (core != "")
      printf "goal (deepmap <= 1.10 x core %s at every point): %s\n", core, \
        cfail ? "NOT MET at " cfail " point(s)" : "met"
    for (rt in bad)
      printf "WARNING: %s did not offload to a discrete device (offload/discrete != 1)\n", rt
  }' "$RAW")

bench_outfile mapoverhead

{
  echo "mapoverhead: cost per mapping operation, deepmap vs LLVM 14 libomptarget"
  echo
  header
  echo "run:      $RUN_DM"
  echo "          $RUN_LLVM"
  [ -z "$RUN_CORE" ] || echo "          $RUN_CORE"
  echo "          in turn, $REPS times each; each run reports the median of"
  echo "          $INNER timed loops of $ITERS iterations; the table gives the"
  echo "          median over the $REPS runs, in ns per iteration."
  bench_table_raw
} > "$OUTFILE"

echo
bench_plot_finish
