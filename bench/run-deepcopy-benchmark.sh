#!/bin/sh
# run-deepcopy-benchmark.sh -- the pointerchain paper's public deep copy
# benchmark (bench/thirdparty/deepcopy-benchmark: Linear and Dense, ported
# from OpenACC to OpenMP) on the emulated device: deepmap's automatic deep
# copy against the programs' own hand-written transfers and one bulk copy
# of the same bytes.  See bench/README.
#
# Usage: bench/run-deepcopy-benchmark.sh [-i ITERS] [-o FILE]
#   -i ITERS    measured iterations per program (default 7; medians)
#   -o FILE     result file (default bench/results/deepcopy-benchmark-DATE.txt;
#               a gnuplot PNG of the same name is drawn next to it)
# Environment: B (build directory), CC, CXX (g++); LINK (default
# 12G,10us: DEEPMAP_EMU_LINK); DENSE ("N,Q ..." sizes), LINEAR ("K,N ...").

set -e

TOP=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common.sh
. "$TOP/bench/common.sh"
PLUGIN=$SWAPIN_DIR/deepmap.so
CXX=${CXX:-g++}
DCB=$TOP/bench/thirdparty/deepcopy-benchmark

ITERS=7
OUTFILE=
CMDLINE="$0 $*"
while getopts i:o: opt; do
  case $opt in
    i) ITERS=$OPTARG ;;
    o) OUTFILE=$OPTARG ;;
    *) bench_usage 8,13 ;;
  esac
done
bench_need "$SWAPIN_DIR/libgomp.so.1" "$PLUGIN"

DENSE=${DENSE:-"10,4 1000,4 100000,4 10,8 1000,8 10,16 1000,16"}
LINEAR=${LINEAR:-"2,1024 4,1024 10,1024 2,1048576 4,1048576 10,1048576"}
LAYOUTS="allinit-allused allinit-LLused LLinit-LLused"
LINK=${LINK:-12G,10us}

OUT=$BIN/dcb
mkdir -p "$OUT"
FLAGS="-O2 -fopenmp -foffload=disable -I$TOP/include"
echo "building in $OUT" >&2
for sel in full selective; do
  for v in HAND AUTO BULK; do
    P=
    [ "$v" = AUTO ] && P="-fplugin=$PLUGIN"
    S=
    [ "$sel" = selective ] && S=-DSELECTIVE
    # shellcheck disable=SC2086
    $CXX $FLAGS -DVARIANT_$v $S $P "$DCB/omp/dense.cpp" -o "$OUT/dense-$sel-$v"
  done
done
KS=$(for kn in $LINEAR; do echo "${kn%,*}"; done | sort -un)
for k in $KS; do
  for l in $LAYOUTS; do
    for a in auto pc seriz bulk; do
      f=$OUT/linear-k$k-$l-$a
      python3 "$DCB/omp/linear-gen.py" "$k" "$l" "$a" "$f.cpp"
      P=
      [ "$a" = auto ] && P="-fplugin=$PLUGIN"
      # shellcheck disable=SC2086
      $CXX $FLAGS -I"$DCB/omp" $P "$f.cpp" -o "$f"
    done
  done
done

RAW=$(mktemp)
trap 'rm -f "$RAW"' EXIT
run () # NAME VARIANT PROGRAM ARGS... (the iterations go last)
{
  name=$1 variant=$2
  shift 2
  line=$(env LD_LIBRARY_PATH="$SWAPIN_DIR" DEEPMAP_DEVICES=emu \
	 DEEPMAP_EMU_LINK="$LINK" "$@" "$ITERS") || line="$line FAILED"
  # One iteration and the warm-up, alone, for the transfer counts.
  stats=$(env LD_LIBRARY_PATH="$SWAPIN_DIR" DEEPMAP_DEVICES=emu \
	  DEEPMAP_STATS=1 "$@" 1 2>&1 >/dev/null \
	  | awk '/h2d/ { print "h2d=" $6 " d2h=" $11 }')
  echo "dcb case=$name variant=$variant $line $stats" >>"$RAW"
}
for sel in full selective; do
  for nq in $DENSE; do
    n=${nq%,*} q=${nq#*,}
    for v in AUTO HAND BULK; do
      run "dense-$sel-N$n-Q$q" "$v" "$OUT/dense-$sel-$v" "$n" "$q"
    done
  done
done
for kn in $LINEAR; do
  k=${kn%,*} n=${kn#*,}
  for l in $LAYOUTS; do
    for a in auto pc seriz bulk; do
      run "linear-k$k-$l-N$n" "$a" "$OUT/linear-k$k-$l-$a" "$n"
    done
  done
done

# shellcheck disable=SC2016
TABLE=$(awk "$BENCH_AWK"'
  { c = field("case"); v = field("variant")
    if (!(c in seen)) { seen[c] = 1; order[++nc] = c }
    t[c, v] = field("to_us") + field("from_us")
    tr[c, v] = field("h2d") "/" field("d2h")
    err[c, v] = field("errors"); bytes[c] = field("bytes")
    if ($0 ~ /FAILED/) failed[c, v] = 1 }
  END {
    printf "%-34s %10s | %-9s %9s %9s %9s %9s | %6s %6s %6s %s\n", "case", "bytes", "auto tr", "auto", "hand", "pc/hand2", "bulk", "a/h", "a/h2", "a/b", "ok"
    for (i = 1; i <= nc; i++) {
      c = order[i]
      dense = c ~ /^dense/
      a = dense ? "AUTO" : "auto"; h = dense ? "HAND" : "seriz"
      h2 = dense ? "" : "pc"; b = dense ? "BULK" : "bulk"
      ok = (err[c, a] == 0 && err[c, h] == 0 && (h2 == "" || err[c, h2] == 0) && !failed[c, a] && !failed[c, h] && !failed[c, b]) ? "yes" : "NO"
      printf "%-34s %10d | %-9s %9.1f %9.1f %9s %9.1f | %6.2f %6s %6.2f %s\n", c, bytes[c], tr[c, a], t[c, a], t[c, h], h2 == "" ? "-" : sprintf("%.1f", t[c, h2]), t[c, b], t[c, a] / t[c, h], h2 == "" ? "-" : sprintf("%.2f", t[c, a] / t[c, h2]), t[c, a] / t[c, b], ok
    }
  }' "$RAW")

bench_outfile deepcopy-benchmark
{
  echo "deepcopy-benchmark: the pointerchain paper's public Linear and Dense"
  echo "programs (bench/thirdparty/deepcopy-benchmark, ported to OpenMP) on"
  echo "deepmap's emulated device: automatic deep copy (the deepmap plugin,"
  echo "one enter data and one exit data of the root) against the programs'"
  echo "own hand-written transfers and one bulk copy of the same bytes."
  echo
  bench_machine memory
  echo "deepmap:  $SWAPIN_DIR (git $(cd "$TOP" && git describe --always --dirty 2>/dev/null || echo "?"))"
  echo
  echo "command:  $CMDLINE"
  echo "build:    $CXX $FLAGS -DVARIANT_{AUTO,HAND,BULK} [-DSELECTIVE] [-fplugin=$PLUGIN] omp/dense.cpp"
  echo "          python3 omp/linear-gen.py K LAYOUT {auto,pc,seriz,bulk} F.cpp; $CXX $FLAGS [-fplugin=...] F.cpp"
  echo "run:      env LD_LIBRARY_PATH=$SWAPIN_DIR DEEPMAP_DEVICES=emu DEEPMAP_EMU_LINK=$LINK PROGRAM ARGS $ITERS"
  echo "times:    microseconds, median of $ITERS iterations after one warm-up, of"
  echo "          the transfer to the device plus the transfer back (the kernels"
  echo "          are not counted: the bulk copy has none)"
  echo "columns:  auto tr: transfers to/from the device of one iteration"
  echo "          (DEEPMAP_STATS, with its warm-up: halve them); hand: Dense's"
  echo "          marshalled buffer with one attach per pointer, Linear's"
  echo "          serialised program (seriz, the same); pc/hand2: Linear's"
  echo "          pointerchain program (per-object enter data; for LLused only"
  echo "          the last array, as the pointerchain tool maps it); a/h, a/h2,"
  echo "          a/b: automatic over hand, over pc, over bulk"
  bench_table_raw
} >"$OUTFILE"

bench_plot_finish
