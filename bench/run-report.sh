#!/bin/sh
# run-report.sh -- DEEPMAP_REPORT (issue 11): what it costs and what it
# says.  The naive kernels of bench/hoist-naive.c (PolyBench and
# Rodinia-style time loops whose constructs map their own data) and the
# naive stencil and 3-D convolution of bench/pipeline.c run on the
# emulated device without and with DEEPMAP_REPORT=FILE: the ratio of the
# program's own time per program and their geometric mean (the goal,
# after OMPDataPerf, is at most 1.05).  For the hoist kernels also the
# report's top entry: its kind, bytes and source line, which must be a
# target construct of the kernel, and what the hand optimisation of
# bench/hoist-expert.c removes (naive minus expert bytes, DEEPMAP_STATS).
#
# Usage: bench/run-report.sh [-k "KERNELS..."] [-r RUNS] [-o FILE]
#   -k KERNELS  hoist kernels (default: all of run-hoist.sh)
#   -r RUNS     processes per variant, alternating; best time kept (5)
#   -o FILE     result file (default bench/results/report-DATE.txt; a
#               gnuplot PNG of the same name is drawn next to it)
# Environment: B, CC; LINK (default 12G,10us: DEEPMAP_EMU_LINK, a model
# of PCIe); THREADS (OMP_NUM_THREADS, default 1).  Exits 1 when the
# report was not written or its top entry is not a target construct.

set -e

TOP=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common.sh
. "$TOP/bench/common.sh"

bench_hoist_options 5 13,17 "$@"
# -g: the report names source lines.  The plugin (hoisting off) only
# deep-copies the deep kernel's structure, as in run-hoist.sh.
FLAGS="-O2 -g -fopenmp -foffload=disable -I$TOP/bench -I$TOP/include -fplugin=$PLUGIN -fplugin-arg-deepmap-hoist=off -fplugin-arg-deepmap-overwrite=off"
# shellcheck disable=SC2086  # FLAGS is several words
{
  $CC $FLAGS "$TOP/bench/hoist-naive.c" -o "$BIN/report-naive"
  $CC $FLAGS "$TOP/bench/hoist-expert.c" -o "$BIN/report-expert"
  $CC $FLAGS -O3 "$TOP/bench/pipeline.c" -o "$BIN/report-pipeline"
}
bench_outfile report
RAW=$(mktemp)
REP=$(mktemp)
trap 'rm -f "$RAW" "$REP"' EXIT

# run VARIANT(plain|report) PROGRAM ARGS...: "seconds" of the program.
run ()
{
  run_v=$1
  shift
  rm -f "$REP"
  env LD_LIBRARY_PATH="$SWAPIN_DIR" DEEPMAP_DEVICES=emu \
    OMP_NUM_THREADS="$THREADS" DEEPMAP_EMU_LINK="$LINK" \
    ${run_v#plain} "$@" 2>/dev/null |
    awk '/^kernel=/ { split($2, a, "="); print a[2] } /^[0-9.]+$/ { print }'
}

# The moved bytes (h2d + d2h) of PROGRAM ARGS under DEEPMAP_STATS.
moved ()
{
  env LD_LIBRARY_PATH="$SWAPIN_DIR" DEEPMAP_DEVICES=emu DEEPMAP_STATS=1 \
    "$@" 2>&1 | awk '/ h2d / { print $8 + $13 }'
}

# One raw line per program: "NAME plain_s report_s top_kind top_bytes
# top_where removed_bytes is_construct".
for prog in $KERNELS stencil conv3d; do
  case $prog in
    stencil|conv3d) cmd="$BIN/report-pipeline $prog naive 128 128 64" ;;
    *) cmd="$BIN/report-naive $prog" ;;
  esac
  best_p= best_r=
  for r in $(seq "$RUNS"); do
    # shellcheck disable=SC2086  # cmd is several words
    p=$(run plain $cmd)
    # shellcheck disable=SC2086
    q=$(run "DEEPMAP_REPORT=$REP" $cmd)
    best_p=$(awk -v a="$best_p" -v b="$p" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
    best_r=$(awk -v a="$best_r" -v b="$q" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
  done
  [ -s "$REP" ] || { echo "run-report.sh: $prog: no report written" >&2; exit 1; }
  top=$(sed -n 's/^deepmap: report: 1\. \(.*\) on device [0-9]*: \([0-9]*\) bytes.* at \([^,]*\),.*/\1|\2|\3/p' "$REP" | tr ' ' '_')
  kind=${top%%|*}; rest=${top#*|}; bytes=${rest%%|*}; where=${rest#*|}
  removed=- construct=-
  case $prog in
    stencil|conv3d) ;;
    *)
      # shellcheck disable=SC2086
      removed=$(( $(moved $cmd) - $(moved "$BIN/report-expert" "$prog") ))
      file=${where%:*}; line=${where##*:}
      construct=no
      if [ -f "$TOP/bench/${file##*/}" ] \
	 && sed -n "${line}p" "$TOP/bench/${file##*/}" | grep -q 'omp target'; then
	construct=yes
      fi ;;
  esac
  echo "$prog $best_p $best_r ${kind:--} ${bytes:--} ${where:--} $removed $construct"
done > "$RAW"

TABLE=$(awk '
  { r = $3 / $2; lsum += log(r); n++
    printf "%-12s %9.4f %9.4f %7.3f  %-22s %12s %12s  %-22s %s\n", $1, $2, $3,
      r, $4, $5, $7, $6, $8
    if ($8 == "no") bad = 1 }
  BEGIN { printf "%-12s %9s %9s %7s  %-22s %12s %12s  %-22s %s\n", "program",
	  "plain_s", "report_s", "ratio", "top entry", "its bytes",
	  "hand removes", "at", "a construct" }
  END { g = exp(lsum / n)
	printf "\ngeometric mean of the ratios: %.3f (goal <= 1.05: %s)\n", g,
	  g <= 1.05 ? "met" : "NOT met"
	if (bad) print "WARNING: a top entry is not at a target construct" }' "$RAW")

{
  echo "# report: the cost of DEEPMAP_REPORT and its top entry"
  echo "command:  $CMDLINE"
  echo "build:    $CC $FLAGS bench/hoist-{naive,expert}.c; with -O3 bench/pipeline.c"
  echo "runs:     $RUNS per variant, alternating (best time: the program's own),"
  echo "          OMP_NUM_THREADS=$THREADS, DEEPMAP_DEVICES=emu; report written to a file"
  echo "hashing:  DEEPMAP_COPY_THREADS=${DEEPMAP_COPY_THREADS:-unset (default: 1 under 8 processors)}"
  DEEPMAP_EMU_LINK=$LINK bench_machine
  echo "loaded:   $(bench_loaded "$SWAPIN_DIR" "$BIN/report-naive" libgomp)"
  bench_table_raw
} > "$OUTFILE"

if command -v gnuplot > /dev/null; then
  gnuplot <<PLOT
set terminal png size 900,450
set output "${OUTFILE%.txt}.png"
set title "DEEPMAP_REPORT: time with the report over time without (emulated link $LINK)"
set ylabel "ratio"; set yrange [0.9:1.15]; set style data histograms
set style fill solid 0.8; set xtics rotate by -30; set key off
set arrow from graph 0, first 1.05 to graph 1, first 1.05 nohead dt 2
plot "$RAW" using (\$3 / \$2):xtic(1)
PLOT
fi
bench_finish
