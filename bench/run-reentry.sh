#!/bin/sh
# run-reentry.sh -- a target region over a deep structure that enter data
# holds (bench/reentry.c): the deep region replayed (default), the deep
# region walked (DEEPMAP_DEEP_REPLAY=0) and the shallow region (built
# without the plugin: the head node alone), side by side in one run.
#
# Usage: bench/run-reentry.sh [-N "COUNTS..."] [-i ITERS] [-o FILE]
#   -N COUNTS   list lengths (default "1000 20000 100000")
#   -i ITERS    regions per run, median taken (default 21)
#   -o FILE     result file (default bench/results/reentry-DATE.txt)
# Environment: B (build directory, default ./build), CC (gcc).

set -e

TOP=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common.sh
. "$TOP/bench/common.sh"

COUNTS="1000 20000 100000"
ITERS=21
OUTFILE=
CMDLINE="$0 $*"
while getopts N:i:o: opt; do
  case $opt in
    N) COUNTS=$OPTARG ;;
    i) ITERS=$OPTARG ;;
    o) OUTFILE=$OPTARG ;;
    *) bench_usage 7,11 ;;
  esac
done
bench_need "$SWAPIN_DIR/libgomp.so.1" "$SWAPIN_DIR/deepmap.so"
mkdir -p "$BIN"
FLAGS="-O2 -fopenmp -foffload=disable -I$TOP/include -I$TOP/bench"
$CC $FLAGS -fplugin="$SWAPIN_DIR/deepmap.so" -w "$TOP/bench/reentry.c" \
  -o "$BIN/reentry-deep"
$CC $FLAGS -w "$TOP/bench/reentry.c" -o "$BIN/reentry-shallow"
bench_outfile reentry

run () # BINARY N [ENV...]
{
  b=$1 n=$2
  shift 2
  env LD_LIBRARY_PATH="$SWAPIN_DIR" DEEPMAP_DEVICES=emu "$@" "$b" "$n" \
    "$ITERS" | sed 's/.*per_region_ms=//'
}
{
  echo "reentry: a target region over an N-node list (each node with a"
  echo "4-element counted array) that enter data holds; ms per region,"
  echo "median of $ITERS after one warm-up, emulated device"
  echo
  bench_machine
  echo "deepmap:  $SWAPIN_DIR (git $(cd "$TOP" && git describe --always --dirty 2>/dev/null || echo '?'))"
  echo "command:  $CMDLINE"
  echo
  echo "N         replayed  walked    shallow   walked/replayed  replayed/shallow"
  for n in $COUNTS; do
    r=$(run "$BIN/reentry-deep" "$n")
    w=$(run "$BIN/reentry-deep" "$n" DEEPMAP_DEEP_REPLAY=0)
    s=$(run "$BIN/reentry-shallow" "$n")
    awk -v n="$n" -v r="$r" -v w="$w" -v s="$s" \
      'BEGIN { printf "%-9s %-9s %-9s %-9s %-16.1f %.1f\n", n, r, w, s, w / r, r / s }'
  done
} > "$OUTFILE"
cat "$OUTFILE"
