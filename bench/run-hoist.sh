#!/bin/sh
# run-hoist.sh -- transfer hoisting (issue 9): the kernels of
# bench/hoist-naive.c built with the plugin's hoisting off (naive), the
# same source built with it on (plugin: -O2 -fplugin=deepmap.so) and
# bench/hoist-expert.c (hand-placed target data/update, hoisting off),
# run on the emulated device.  All three load the plugin so that the deep
# kernel's structure is deep-copied in each; for the other kernels the
# plugin with hoisting off compiles exactly what GCC alone does.  Shown:
# transfers and bytes each way (DEEPMAP_STATS), time, and a checksum of
# the arrays that must be the same for the three.
#
# Usage: bench/run-hoist.sh [-k "KERNELS..."] [-r RUNS] [-o FILE]
#   -k KERNELS  default: jacobi-1d jacobi-2d heat-3d fdtd-2d seidel-2d adi
#               convergence row-touch callee jacobi-swap deep-1d fields-1d
#               stage-out inputs laplace-2d
#   -r RUNS     processes per variant, the best time is kept (default 3)
#   -o FILE     result file (default bench/results/hoist-DATE.txt; a
#               gnuplot PNG of the same name is drawn next to it)
# Environment: B, CC; LINK (default 12G,10us: DEEPMAP_EMU_LINK, a model
# of PCIe, not a measurement); THREADS (OMP_NUM_THREADS, default 1).
# Exits 1 when a checksum differs or the plugin moves more than the
# expert (the table says where).

set -e

TOP=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common.sh
. "$TOP/bench/common.sh"

bench_hoist_options 3 9,15 "$@"
FLAGS="-O2 -fopenmp -foffload=disable -I$TOP/bench -I$TOP/include -fplugin=$PLUGIN"
# What GCC alone does, but for deep copy: no hoisting, and what a region
# overwrites is copied in.
OFF="-fplugin-arg-deepmap-hoist=off -fplugin-arg-deepmap-overwrite=off"
# shellcheck disable=SC2086  # FLAGS is several words
{
  $CC $FLAGS $OFF "$TOP/bench/hoist-naive.c" -o "$BIN/hoist-naive"
  $CC $FLAGS "$TOP/bench/hoist-naive.c" -o "$BIN/hoist-plugin"
  $CC $FLAGS $OFF "$TOP/bench/hoist-expert.c" -o "$BIN/hoist-expert"
}
bench_outfile hoist
RAW=$(mktemp)
trap 'rm -f "$RAW"' EXIT

# One raw line per process: "KERNEL VARIANT seconds h2d_n h2d_bytes
# d2h_n d2h_bytes sum".
for k in $KERNELS; do
  for v in naive plugin expert; do
    for r in $(seq "$RUNS"); do
      env LD_LIBRARY_PATH="$SWAPIN_DIR" DEEPMAP_DEVICES=emu \
	OMP_NUM_THREADS="$THREADS" DEEPMAP_EMU_LINK="$LINK" DEEPMAP_STATS=1 \
	"$BIN/hoist-$v" "$k" 2>&1 |
	awk -v k="$k" -v v="$v" '
	  /^kernel=/ { split($2, a, "="); s = a[2]; split($3, b, "="); c = b[2] }
	  / h2d / { h = $6; hb = $8; d = $11; db = $13 }
	  END { print k, v, s, h, hb, d, db, c }'
    done
  done
done > "$RAW"

# Per kernel and variant the best time; counts and sums must agree
# between runs of one variant, and sums between variants.
TABLE=$(awk '
  { key = $1 " " $2
    if (!(key in t) || $3 < t[key]) t[key] = $3
    cnt[key] = $4 " " $5 " " $6 " " $7
    if (!($1 in sum)) { sum[$1] = $8; order[++nk] = $1 }
    else if (sum[$1] != $8) bad[$1] = 1 }
  END {
    printf "%-12s %-7s %6s %12s %6s %12s %9s\n", "kernel", "variant",
      "h2d_n", "h2d_bytes", "d2h_n", "d2h_bytes", "seconds"
    for (i = 1; i <= nk; i++) {
      k = order[i]
      split("naive plugin expert", vs, " ")
      for (j = 1; j <= 3; j++) {
	split(cnt[k " " vs[j]], c, " ")
	printf "%-12s %-7s %6d %12d %6d %12d %9.4f\n", k, vs[j], c[1], c[2],
	  c[3], c[4], t[k " " vs[j]]
      }
    }
    print ""
    printf "%-12s %9s %9s %9s %9s %9s  %s\n", "kernel", "n/expert",
      "B/expert", "naive/exp", "t naive/", "t plugin/", "results"
    printf "%-12s %9s %9s %9s %9s %9s\n", "", "(plugin)", "(plugin)",
      "(bytes)", "plugin", "expert"
    for (i = 1; i <= nk; i++) {
      k = order[i]
      split(cnt[k " plugin"], p, " "); split(cnt[k " expert"], e, " ")
      split(cnt[k " naive"], nv, " ")
      printf "%-12s %9.2f %9.2f %9.1f %9.2f %9.2f  %s\n", k,
	(p[1] + p[3]) / (e[1] + e[3]), (p[2] + p[4]) / (e[2] + e[4]),
	(nv[2] + nv[4]) / (e[2] + e[4]),
	t[k " naive"] / t[k " plugin"], t[k " plugin"] / t[k " expert"],
	bad[k] ? "DIFFER" : "identical"
      if (bad[k]) print "WARNING: " k ": checksums differ between variants"
      if (p[2] + p[4] > e[2] + e[4])
	print "NOTE: " k ": the plugin moves more bytes than the expert"
    }
  }' "$RAW")

{
  echo "# hoist: transfer hoisting, naive vs naive+plugin vs expert"
  echo "command:  $CMDLINE"
  echo "build:    $CC $FLAGS [$OFF] bench/hoist-{naive,expert}.c ($OFF: naive, expert)"
  echo "runs:     $RUNS per variant (best time), OMP_NUM_THREADS=$THREADS, DEEPMAP_DEVICES=emu"
  DEEPMAP_EMU_LINK=$LINK bench_machine
  echo "loaded:   $(bench_loaded "$SWAPIN_DIR" "$BIN/hoist-plugin" libgomp)"
  bench_table_raw
} > "$OUTFILE"

if command -v gnuplot > /dev/null; then
  PLOTDATA=$(mktemp)
  awk '{ if (!(($1, $2) in t) || $3 < t[$1, $2]) t[$1, $2] = $3
	 if (!($1 in seen)) { seen[$1] = 1; o[++n] = $1 } }
       END { for (i = 1; i <= n; i++)
	       print o[i], t[o[i], "naive"], t[o[i], "plugin"], t[o[i], "expert"] }' \
    "$RAW" > "$PLOTDATA"
  gnuplot <<PLOT
set terminal png size 900,500
set output "${OUTFILE%.txt}.png"
set title "Transfer hoisting: time per kernel (emulated link $LINK)"
set ylabel "seconds"; set style data histograms; set style fill solid 0.8
set style histogram clustered gap 1; set xtics rotate by -30
set key top left
plot "$PLOTDATA" using 2:xtic(1) title "naive", "" using 3 title "naive+plugin", \
     "" using 4 title "expert"
PLOT
  rm -f "$PLOTDATA"
fi
bench_finish
