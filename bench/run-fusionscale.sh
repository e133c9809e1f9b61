#!/bin/sh
# run-fusionscale.sh -- how fusing N separately mapped pieces into one
# block scales (bench/fusionscale.c): one target region over an array
# whose N elements were each entered on their own.
#
# Usage: bench/run-fusionscale.sh [-b LIBDIR] [-N "COUNTS..."] [-o FILE]
#   -b LIBDIR   also run a baseline libgomp.so.1 from LIBDIR, side by side
#   -N COUNTS   piece counts (default "25000 50000 100000 200000 400000")
#   -o FILE     result file (default bench/results/fusionscale-DATE.txt;
#               a gnuplot PNG of the same name is drawn next to it)
# Environment: B (build directory, default ./build), CC (gcc).

set -e

TOP=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common.sh
. "$TOP/bench/common.sh"

BASE=
COUNTS="25000 50000 100000 200000 400000"
OUTFILE=
CMDLINE="$0 $*"
while getopts b:N:o: opt; do
  case $opt in
    b) BASE=$OPTARG ;;
    N) COUNTS=$OPTARG ;;
    o) OUTFILE=$OPTARG ;;
    *) bench_usage 7,13 ;;
  esac
done
bench_need "$SWAPIN_DIR/libgomp.so.1"
mkdir -p "$BIN" "$TOP/bench/results"
$CC -O2 -fopenmp -foffload=disable "$TOP/bench/fusionscale.c" \
  -o "$BIN/fusionscale"
[ -n "$OUTFILE" ] || OUTFILE=$TOP/bench/results/fusionscale-$(date +%F).txt

run () # LIBDIR -> "N seconds" lines
{
  for n in $COUNTS; do
    env LD_LIBRARY_PATH="$1" DEEPMAP_DEVICES=emu "$BIN/fusionscale" "$n"
  done
}
run "$SWAPIN_DIR" > "$OUTFILE.new"
if [ -n "$BASE" ]; then
  run "$BASE" > "$OUTFILE.base"
else
  : > "$OUTFILE.base"
fi
{
  echo "# fusionscale: one target region over N separately entered pieces"
  echo "# machine: $(uname -n), $(nproc) cores; date: $(date -u '+%F %T UTC')"
  echo "# command: $CMDLINE"
  echo "# deepmap: $(bench_loaded "$SWAPIN_DIR" "$BIN/fusionscale" libgomp)"
  [ -z "$BASE" ] || echo "# baseline: $(bench_loaded "$BASE" "$BIN/fusionscale" libgomp)"
  echo "# N  deepmap_s  baseline_s  baseline/deepmap"
  awk 'NR == FNR { b[$1] = $2; next }
       { r = ($1 in b) ? sprintf ("%.1f", b[$1] / $2) : "-";
	 printf "%s %s %s %s\n", $1, $2, ($1 in b) ? b[$1] : "-", r }' \
    "$OUTFILE.base" "$OUTFILE.new"
} > "$OUTFILE"
rm -f "$OUTFILE.new" "$OUTFILE.base"
cat "$OUTFILE"
if command -v gnuplot > /dev/null; then
  gnuplot <<PLOT
set terminal png size 800,500
set output "${OUTFILE%.txt}.png"
set title "Fusing N separately mapped pieces (one target region)"
set xlabel "pieces N"; set ylabel "seconds"; set logscale xy; set key left
set datafile missing "-"
plot "$OUTFILE" using 1:2 with linespoints title "deepmap", \
     "$OUTFILE" using 1:3 with linespoints title "baseline"
PLOT
fi
