#!/bin/sh
# run-pipeline.sh -- naive offload against #pragma deepmap pipeline for
# the pipelining paper's three applications (bench/pipeline.c: 7-point
# stencil, 3-D convolution, tiled matrix multiplication) on the emulated
# device with a modelled PCIe link: time and device memory peak over
# chunk sizes and stream counts, and a run with data twice the device.
#
# Usage: bench/run-pipeline.sh [-a "APPS"] [-c "CHUNKS..."] [-S "STREAMS..."] [-o FILE]
#   -a APPS     applications (default "stencil conv3d matmul")
#   -c CHUNKS   chunk sizes (default "1 2 4 8 16")
#   -S STREAMS  stream counts (default "2 3 4")
#   -o FILE     result file (default bench/results/pipeline-DATE[-N].txt; a
#               gnuplot PNG of the same name is drawn next to it)
# Environment: B, CC; LINK (default 12G,10us: DEEPMAP_EMU_LINK); RUNS
# (default 3: each number is the best of RUNS processes, each the best of
# three runs); THREADS (default 1: OMP_NUM_THREADS of the emulated
# kernels, steady on a loaded machine).  The link is a model, not a
# measurement.

set -e

TOP=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common.sh
. "$TOP/bench/common.sh"

APPS="stencil conv3d matmul"
CHUNKS="1 2 4 8 16"
STREAMS="2 3 4"
OUTFILE=
LINK=${LINK:-12G,10us}
RUNS=${RUNS:-3}
THREADS=${THREADS:-1}
CMDLINE="$0 $*"
while getopts a:c:S:o: opt; do
  case $opt in
    a) APPS=$OPTARG ;;
    c) CHUNKS=$OPTARG ;;
    S) STREAMS=$OPTARG ;;
    o) OUTFILE=$OPTARG ;;
    *) bench_usage 8,18 ;;
  esac
done
PLUGIN=$B/lib/deepmap/deepmap.so
bench_need "$SWAPIN_DIR/libgomp.so.1" "$PLUGIN"
mkdir -p "$BIN" "$TOP/bench/results"
BUILD="$CC -O3 -fopenmp -foffload=disable -I$TOP/bench -fplugin=$PLUGIN $TOP/bench/pipeline.c -o $BIN/pipeline"
$BUILD
bench_outfile pipeline

# The paper's sizes scaled to this machine: two arrays of 32 MiB for the
# grids, three 1 MiB matrices.
size_of ()
{
  case $1 in
    matmul) echo "512 32 1" ;;
    *) echo "256 256 128" ;;
  esac
}

# run EXTRA_ENV ARGS...: the program (EXTRA_ENV a NAME=VALUE or "").
run ()
{
  run_extra=$1
  shift
  env LD_LIBRARY_PATH="$SWAPIN_DIR" DEEPMAP_DEVICES=emu \
    OMP_NUM_THREADS="$THREADS" DEEPMAP_EMU_LINK="$LINK" DEEPMAP_STATS=1 \
    ${run_extra:+"$run_extra"} "$BIN/pipeline" "$@"
}

# One configuration, RUNS times: "best_seconds peak_bytes checksum".
measure ()
{
  for r in $(seq "$RUNS"); do
    run "" "$@" 2>&1 |
      awk '/^[0-9.]+$/ { t = $1 } /^check / { c = $2 }
	   /peak/ { for (i = 1; i < NF; i++) if ($i == "peak") p = $(i + 1) }
	   END { print t, p, c }'
  done | sort -n | head -1
}

# With DEEPMAP_EMU_MEMORY=LIMIT: "ok", or the first error line.
fits ()
{
  limit=$1
  shift
  if out=$(run "DEEPMAP_EMU_MEMORY=$limit" "$@" 2>&1); then
    echo ok
  else
    echo "$out" | grep -m1 'deepmap: error' | cut -c1-100
  fi
}

DATA=$(mktemp)
trap 'rm -f "$DATA"' EXIT
{
  echo "# pipeline: the paper's applications, naive offload (whole arrays"
  echo "# mapped around the loop) vs #pragma deepmap pipeline; emulated device,"
  echo "# DEEPMAP_EMU_LINK=$LINK (a model of PCIe), OMP_NUM_THREADS=$THREADS"
  echo "# machine: $(uname -n), $(nproc) cores, $(lscpu | sed -n 's/^Model name:[[:space:]]*//p'), load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# date: $(date -u '+%F %T UTC')"
  echo "# command: $CMDLINE"
  echo "# build: $BUILD"
  echo "# sizes: stencil, conv3d 256x256x128 floats (2 x 32 MiB);"
  echo "#        matmul n=512 floats, 32-column blocks (3 x 1 MiB)"
  echo "# each time: best of $RUNS processes, each the best of 3 runs"
  for app in $APPS; do
    # shellcheck disable=SC2046  # the size is three words
    set -- $(size_of "$app")
    naive=$(measure "$app" naive "$1" "$2" "$3")
    echo
    echo "# $app: naive $naive (seconds, device peak bytes, checksum)"
    echo "# app chunk streams pipelined_s peak_bytes naive/pipelined peak/naive_peak same_result"
    for s in $STREAMS; do
      for c in $CHUNKS; do
	echo "$app $c $s $(measure "$app" pipe "$1" "$2" "$3" "$c" "$s")"
      done
    done | awk -v nt="$(echo "$naive" | cut -d' ' -f1)" \
	       -v np="$(echo "$naive" | cut -d' ' -f2)" \
	       -v nc="$(echo "$naive" | cut -d' ' -f3)" \
      '{ printf "%s %s %s %s %s %.2f %.3f %s\n", $1, $2, $3, $4, $5,
	 nt / $4, $5 / np, $6 == nc ? "yes" : "NO" }' | tee -a "$DATA"
    half=$(( $(echo "$naive" | cut -d' ' -f2) / 2 ))
    echo "# $app with DEEPMAP_EMU_MEMORY=$half (half of naive's peak):"
    echo "#   pipelined (chunk 1, 3 streams): $(fits "$half" "$app" pipe "$1" "$2" "$3" 1 3)"
    echo "#   naive: $(fits "$half" "$app" naive "$1" "$2" "$3")"
  done
} > "$OUTFILE"
if grep -q ' NO$' "$OUTFILE"; then
  echo "WARNING: a pipelined result differs from naive's" >> "$OUTFILE"
fi
cat "$OUTFILE"
if command -v gnuplot > /dev/null; then
  napps=$(echo "$APPS" | wc -w)
  {
    echo "set terminal png size $((420 * napps)),800"
    echo "set output \"${OUTFILE%.txt}.png\""
    echo "set multiplot layout 2,$napps title \"pipelined vs naive, emulated link $LINK\""
    for row in speed memory; do
      for app in $APPS; do
	if [ $row = speed ]; then
	  echo "set title \"$app: naive/pipelined time\"; set ylabel \"speedup\""
	  col=6
	else
	  echo "set title \"$app: device memory peak / naive's\"; set ylabel \"fraction\""
	  col=7
	fi
	echo "set xlabel \"chunk size (iterations)\"; set logscale x 2; set key top left"
	printf 'plot '
	sep=
	for s in $STREAMS; do
	  printf '%s"< grep \\"^%s [0-9]* %s \\" %s" using 2:%s with linespoints title "%s streams"' \
	    "$sep" "$app" "$s" "$DATA" "$col" "$s"
	  sep=', '
	done
	echo
      done
    done
    echo "unset multiplot"
  } | gnuplot
fi
if grep -q '^WARNING' "$OUTFILE"; then
  exit 1
fi
