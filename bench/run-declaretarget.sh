#!/bin/sh
# run-declaretarget.sh -- large declare target variables (issue 15:
# OpenMP Examples' declare_target.4 and .5 shapes, bench/declaretarget.c)
# on the emulated device, side by side with the same program built by
# gcc on the system libgomp (no device: the host alone) and by clang-14
# on LLVM 14's host offload device, in one run.
#
# Usage: bench/run-declaretarget.sh [-r REPS] [-o FILE] [-c REV]
#   -r REPS   interleaved runs of each variant (default 5); median taken
#   -o FILE   result file (default bench/results/declaretarget-DATE.txt)
#   -c REV    also the swap-in built from git revision REV
# Environment: B, CC, CLANG (clang-14), LLVM_LIBDIR (/usr/lib/llvm-14/lib).

set -e

TOP=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common.sh
. "$TOP/bench/common.sh"
REPS=5
OUTFILE=
REV=
CMDLINE="$0 $*"
while getopts r:o:c: opt; do
  case $opt in
    r) REPS=$OPTARG ;;
    o) OUTFILE=$OPTARG ;;
    c) REV=$OPTARG ;;
    *) bench_usage 8,13 ;;
  esac
done
mkdir -p "$BIN"
$CC -O2 -fopenmp -foffload=disable "$TOP/bench/declaretarget.c" \
  -o "$BIN/declaretarget-gcc"
$CLANG -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu \
  "$TOP/bench/declaretarget.c" -o "$BIN/declaretarget-clang"

# The swap-in of REV, built on its own.
REV_LIB=
if [ -n "$REV" ]; then
  bench_rev_swapin "$REV"
  REV_LIB=$REV_DIR/build/lib/deepmap
fi

bench_outfile declaretarget
RAW=$(mktemp)
TIMES=$(mktemp)
trap 'rm -f "$RAW" "$TIMES"' EXIT

# run VARIANT LIBDIR BINARY CASE: one raw line, with the program's own
# seconds and the process's (start-up and exit included).
run ()
{
  out=$(env LD_LIBRARY_PATH="$2" DEEPMAP_DEVICES=emu \
	  /usr/bin/time -f "wall=%e maxrss_kb=%M" -o "$TIMES" "$3" "$4")
  echo "variant=$1 $out $(cat "$TIMES")" >> "$RAW"
}

for r in $(seq "$REPS"); do
  for c in update bss; do
    run stock "" "$BIN/declaretarget-gcc" "$c"
    run deepmap "$SWAPIN_DIR" "$BIN/declaretarget-gcc" "$c"
    run llvm14 "$LLVM_LIBDIR" "$BIN/declaretarget-clang" "$c"
    [ -z "$REV_LIB" ] || run base "$REV_LIB" "$BIN/declaretarget-gcc" "$c"
  done
done

TABLE=$(awk "$BENCH_AWK"'
  { k = field("variant") " " field("case")
    cnt[k]++; val[k, cnt[k]] = field("seconds")
    k2 = k " wall"; cnt[k2]++; val[k2, cnt[k2]] = field("wall")
    k3 = k " rss"; cnt[k3]++; val[k3, cnt[k3]] = field("maxrss_kb")
    if (field("result") != "") res[field("case"), field("variant")] = field("result") }
  END {
    printf "%-8s %-8s %9s %9s %10s %12s %12s\n", "case", "variant",
      "program_s", "process_s", "rss_MB", "vs_llvm14", "vs_stock"
    n = split("update bss", cs, " ")
    m = split("stock deepmap llvm14 base", vs, " ")
    for (i = 1; i <= n; i++)
      for (j = 1; j <= m; j++) {
        k = vs[j] " " cs[i]
        if (!cnt[k]) continue
        p = med(k); w = med(k " wall")
        printf "%-8s %-8s %9.3f %9.2f %10.0f %12.2f %12.2f\n", cs[i], vs[j],
          p, w, med(k " rss") / 1024, p / med("llvm14 " cs[i]),
          p / med("stock " cs[i])
        if (res[cs[i], vs[j]] != res[cs[i], "stock"])
          printf "WARNING: %s %s printed %s, the host alone %s\n", cs[i],
            vs[j], res[cs[i], vs[j]], res[cs[i], "stock"]
      }
  }' "$RAW")

{
  echo "# declaretarget: large declare target variables"
  echo "command:  $CMDLINE"
  echo "build:    $CC -O2 -fopenmp -foffload=disable bench/declaretarget.c;"
  echo "          $CLANG -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu (LLVM 14, host offload device)"
  echo "runs:     $REPS per variant, interleaved; medians.  stock: the system"
  echo "          libgomp (no device, the host alone); deepmap: the emulated"
  echo "          device; llvm14: $LLVM_LIBDIR"
  [ -z "$REV" ] || echo "base:     the swap-in of $REV ($REV_SHA)"
  echo "loaded:   $(bench_loaded "$SWAPIN_DIR" "$BIN/declaretarget-gcc" libgomp)"
  bench_machine
  bench_table_raw
} > "$OUTFILE"
bench_finish
