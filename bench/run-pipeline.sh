#!/bin/sh
# run-pipeline.sh -- naive offload against #pragma deepmap pipeline
# (bench/pipeline.c, the 7-point stencil) on the emulated device with a
# modelled PCIe link, over chunk sizes: time and device memory peak.
#
# Usage: bench/run-pipeline.sh [-s "NX NY NZ"] [-c "CHUNKS..."] [-S STREAMS] [-o FILE]
#   -s SIZE     grid (default "256 256 128": two arrays of 32 MiB)
#   -c CHUNKS   chunk sizes (default "1 2 4 8 16 32")
#   -S STREAMS  streams (slots per array, default 3)
#   -o FILE     result file (default bench/results/pipeline-DATE.txt; a
#               gnuplot PNG of the same name is drawn next to it)
# Environment: B, CC; LINK (default 12G,10us: DEEPMAP_EMU_LINK); RUNS
# (default 3: each number is the best of RUNS processes, each the best of
# three sweeps).  The link is a model, not a measurement.

set -e

TOP=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common.sh
. "$TOP/bench/common.sh"

SIZE="256 256 128"
CHUNKS="1 2 4 8 16 32"
STREAMS=3
OUTFILE=
LINK=${LINK:-12G,10us}
RUNS=${RUNS:-3}
CMDLINE="$0 $*"
while getopts s:c:S:o: opt; do
  case $opt in
    s) SIZE=$OPTARG ;;
    c) CHUNKS=$OPTARG ;;
    S) STREAMS=$OPTARG ;;
    o) OUTFILE=$OPTARG ;;
    *) bench_usage 7,16 ;;
  esac
done
PLUGIN=$B/lib/deepmap/deepmap.so
bench_need "$SWAPIN_DIR/libgomp.so.1" "$PLUGIN"
mkdir -p "$BIN" "$TOP/bench/results"
$CC -O2 -fopenmp -foffload=disable -I"$TOP/bench" -fplugin="$PLUGIN" \
  "$TOP/bench/pipeline.c" -o "$BIN/pipeline"
[ -n "$OUTFILE" ] || OUTFILE=$TOP/bench/results/pipeline-$(date +%F).txt

# One configuration, RUNS times: "best_seconds peak_bytes".
measure ()
{
  for r in $(seq "$RUNS"); do
    env LD_LIBRARY_PATH="$SWAPIN_DIR" DEEPMAP_DEVICES=emu OMP_NUM_THREADS=1 \
      DEEPMAP_EMU_LINK="$LINK" DEEPMAP_STATS=1 "$BIN/pipeline" "$@" 2>&1 |
      awk '/^[0-9.]+$/ { t = $1 } /peak/ { for (i = 1; i < NF; i++)
	     if ($i == "peak") p = $(i + 1) } END { print t, p }'
  done | sort -n | head -1
}

# shellcheck disable=SC2086  # SIZE is three words
set -- $SIZE
NAIVE=$(measure naive "$1" "$2" "$3")
{
  echo "# pipeline: 7-point stencil, grid $SIZE (floats), naive offload vs"
  echo "# #pragma deepmap pipeline, $STREAMS streams; emulated device,"
  echo "# DEEPMAP_EMU_LINK=$LINK (a model of PCIe), OMP_NUM_THREADS=1"
  echo "# machine: $(uname -n), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); date: $(date -u '+%F %T UTC')"
  echo "# command: $CMDLINE"
  echo "# naive: $NAIVE (seconds, device peak bytes)"
  echo "# chunk  pipelined_s  peak_bytes  naive/pipelined  peak/naive_peak"
  for c in $CHUNKS; do
    echo "$c $(measure pipe "$1" "$2" "$3" "$c" "$STREAMS")"
  done | awk -v nt="${NAIVE% *}" -v np="${NAIVE#* }" \
    '{ printf "%s %s %s %.2f %.3f\n", $1, $2, $3, nt / $2, $3 / np }'
} > "$OUTFILE"
cat "$OUTFILE"
if command -v gnuplot > /dev/null; then
  gnuplot <<PLOT
set terminal png size 800,500
set output "${OUTFILE%.txt}.png"
set title "7-point stencil $SIZE: pipelined vs naive (emulated link $LINK)"
set xlabel "chunk size (iterations)"; set ylabel "seconds"; set logscale x 2
set y2label "device memory peak (MiB)"; set y2tics; set ytics nomirror
plot "$OUTFILE" using 1:2 with linespoints title "pipelined time", \
     ${NAIVE% *} with lines title "naive time", \
     "$OUTFILE" using 1:(\$3/1048576) axes x1y2 with linespoints title "pipelined peak"
PLOT
fi
