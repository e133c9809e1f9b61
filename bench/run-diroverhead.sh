#!/bin/sh
# run-diroverhead.sh -- the directory paper's overhead experiment (three
# dependent vector additions: device, host, device): map clauses through
# deepmap's interval directory against plain omp_target_alloc /
# omp_target_memcpy / is_device_ptr through the same device layer, in one
# run, on the default device.  See bench/README.
#
# Usage: bench/run-diroverhead.sh [-r REPS] [-t SECONDS] [-m MIN_ITERS]
#                                 [-S "SIZES..."] [-o FILE]
#   -r REPS     timed runs per size (default 7), each interleaving
#               the two variants iteration by iteration; median taken
#   -t SECONDS  length of one timed run (default 0.2)
#   -m MIN      at least MIN iterations per timed run (default 2)
#   -S SIZES    element counts (default "1K 4K 16K 64K 256K 1M 4M 16M 64M")
#   -o FILE     result file (default bench/results/diroverhead-DATE.txt;
#               a gnuplot PNG of the same name is drawn next to it)
# Environment: B (build directory, default ./build), CC (gcc).
#
# Writes the result file and prints the table.  Exit status 1 when the
# binary does not offload or computes a wrong result.

set -e

TOP=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common.sh
. "$TOP/bench/common.sh"

REPS=7
TSEC=0.2
MINIT=2
SIZES="1K 4K 16K 64K 256K 1M 4M 16M 64M"
OUTFILE=
CMDLINE="$0 $*"

while getopts r:t:m:S:o: opt; do
  case $opt in
    r) REPS=$OPTARG ;;
    t) TSEC=$OPTARG ;;
    m) MINIT=$OPTARG ;;
    S) SIZES=$OPTARG ;;
    o) OUTFILE=$OPTARG ;;
    *) bench_usage 7,17 ;;
  esac
done

bench_need "$SWAPIN_DIR/libgomp.so.1"

mkdir -p "$BIN"
BUILD="$CC -O2 -fopenmp -foffload=disable $TOP/bench/diroverhead.c -o $BIN/diroverhead"
echo "$BUILD"
$BUILD

RUN="env LD_LIBRARY_PATH=$SWAPIN_DIR $BIN/diroverhead -r $REPS -t $TSEC -m $MINIT $SIZES"
DM_LIB=$(bench_loaded "$SWAPIN_DIR" "$BIN/diroverhead" libgomp)

RAW=$(mktemp)
trap 'rm -f "$RAW"' EXIT
echo "$RUN" >&2
$RUN | tee "$RAW" >&2

TABLE=$(awk "$BENCH_AWK"'
  function human(n) {
    if (n % 1048576 == 0) return (n / 1048576) "M"
    if (n % 1024 == 0) return (n / 1024) "K"
    return n
  }
  BEGIN {
    printf "%8s %10s %7s | %14s %14s | %9s %5s\n", "elements", "MiB/array", \
      "iters", "dir (us/iter)", "plain (us/it)", "overhead", "<2%"
    fail = 0; bad = 0
  }
  $1 == "diroverhead" {
    n = field("n"); ov = field("overhead_pct")
    ok = ov + 0 < 2 ? "yes" : "NO"
    if (ok == "NO") fail++
    if (field("offload") != 1 || field("ok") != 1) bad++
    printf "%8s %10.3f %7s | %14.1f %14.1f | %8.2f%% %5s\n", human(n), \
      field("bytes") / 1048576, field("iters"), field("dir_us"), \
      field("plain_us"), ov, ok
  }
  END {
    printf "goal (overhead < 2%% at every size): %s\n", \
      fail ? "NOT MET at " fail " size(s)" : "met"
    if (bad)
      printf "WARNING: %d size(s) did not offload or computed a wrong result\n", bad
  }' "$RAW")

bench_outfile diroverhead

{
  echo "diroverhead: 3 dependent vector additions (device, host, device),"
  echo "map clauses (interval directory) vs plain omp_target_alloc/memcpy"
  echo
  bench_machine
  echo "deepmap:  libgomp loaded from $DM_LIB ($(cd "$TOP" && git rev-parse --short HEAD 2>/dev/null || echo '?'))"
  echo "device:   default device (the emulated discrete device unless"
  echo "          DEEPMAP_DEVICES says otherwise: '${DEEPMAP_DEVICES:-}')"
  echo "env:      DEEPMAP_EMU_POISON='${DEEPMAP_EMU_POISON:-}' (unset = on)"
  echo
  echo "command:  $CMDLINE"
  echo "build:    $BUILD"
  echo "run:      $RUN"
  echo "          per size, REPS=$REPS timed runs, each interleaving the two variants"
  echo "          iteration by iteration for about $TSEC s (at least $MINIT each); the table"
  echo "          gives the medians per iteration; overhead = dir/plain - 1."
  bench_table_raw
} > "$OUTFILE"

echo
bench_plot_finish
