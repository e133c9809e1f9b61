#!/bin/sh
# run-deepcopy.sh -- automatic deep copy (deepmap plugin) against
# hand-written deep copy in standard OpenMP, on the emulated device, for
# each deep-copy strategy of DEEPMAP_DEEPCOPY.  See bench/README.
#
# Usage: bench/run-deepcopy.sh [-r REPS] [-i ITERS] [-n NODES] [-m NODES_1M]
#                              [-s "STRATEGIES"] [-c "CASES"] [-o FILE]
#   -r REPS     runs per case and strategy (default 3); median taken
#   -i ITERS    timed iterations of each variant per run (default 5);
#               each run reports their median
#   -n NODES    nodes of the 128 B and 1 KiB lists and trees (default 1024)
#   -m NODES    nodes of the 1 MiB lists and trees (default 256)
#   -s STRATS   DEEPMAP_DEEPCOPY values to run (default "base tcpy pcpy
#               batch"); one the runtime rejects is recorded "not available"
#   -c CASES    cases (default: every list, split, tree, linear, dense one)
#   -o FILE     result file (default bench/results/deepcopy-DATE.txt; a
#               gnuplot PNG of the same name is drawn next to it)
# Environment: B (build directory, default ./build), CC (gcc); LINK
# (default 12G,10us: DEEPMAP_EMU_LINK, a model of PCIe, so that transfer
# counts cost what they cost on a GPU; LINK=off for plain memcpy).

set -e

TOP=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common.sh
. "$TOP/bench/common.sh"
PLUGIN=$SWAPIN_DIR/deepmap.so

REPS=3
ITERS=5
NODES=1024
NODES_1M=256
STRATEGIES="base tcpy pcpy batch"
CASES="list-128 split-128 tree-128 list-1k split-1k tree-1k list-1m split-1m tree-1m
linear-aa-1024 linear-al-1024 linear-ll-1024
linear-aa-1048576 linear-al-1048576 linear-ll-1048576 dense-1024 dense-65536"
OUTFILE=
CMDLINE="$0 $*"

while getopts r:i:n:m:s:c:o: opt; do
  case $opt in
    r) REPS=$OPTARG ;;
    i) ITERS=$OPTARG ;;
    n) NODES=$OPTARG ;;
    m) NODES_1M=$OPTARG ;;
    s) STRATEGIES=$OPTARG ;;
    c) CASES=$OPTARG ;;
    o) OUTFILE=$OPTARG ;;
    *) bench_usage 6,18 ;;
  esac
done

bench_need "$SWAPIN_DIR/libgomp.so.1" "$PLUGIN"

mkdir -p "$BIN"
HAND_BUILD="$CC -O2 -fopenmp -foffload=disable -I$TOP/include -c $TOP/bench/deepcopy-hand.c -o $BIN/deepcopy-hand.o"
AUTO_BUILD="$CC -O2 -fopenmp -foffload=disable -I$TOP/include -fplugin=$PLUGIN $TOP/bench/deepcopy.c $BIN/deepcopy-hand.o -o $BIN/deepcopy"
echo "$HAND_BUILD"
$HAND_BUILD
echo "$AUTO_BUILD"
$AUTO_BUILD

LINK=${LINK:-12G,10us}
if [ "$LINK" = off ]; then
  unset DEEPMAP_EMU_LINK
else
  DEEPMAP_EMU_LINK=$LINK
  export DEEPMAP_EMU_LINK
fi
RUN="env LD_LIBRARY_PATH=$SWAPIN_DIR DEEPMAP_DEVICES=emu"
nodes_of () {
  case $1 in
    *-1m) echo "-n $NODES_1M" ;;
    list-*|split-*|tree-*) echo "-n $NODES" ;;
    *) echo "" ;;
  esac
}

RAW=$(mktemp)
ERR=$(mktemp)
trap 'rm -f "$RAW" "$ERR"' EXIT

# Which strategies does the runtime accept?  A runtime that does not read
# DEEPMAP_DEEPCOPY at all accepts anything: then only its default runs.
avail=
if env DEEPMAP_DEEPCOPY=no-such-strategy $RUN "$BIN/deepcopy" linear-ll-16 auto \
     >/dev/null 2>"$ERR"; then
  echo "note: the runtime ignores DEEPMAP_DEEPCOPY; running its default only" >&2
  echo "strategy default: the runtime ignores DEEPMAP_DEEPCOPY" >> "$RAW"
  avail=default
else
  for s in $STRATEGIES; do
    if env DEEPMAP_DEEPCOPY=$s $RUN "$BIN/deepcopy" linear-ll-16 auto \
	 >/dev/null 2>"$ERR"; then
      avail="$avail $s"
    elif grep -q 'deepmap: error:' "$ERR"; then
      echo "strategy $s: not available ($(grep -m1 'deepmap: error:' "$ERR"))" >> "$RAW"
      echo "strategy $s: not available" >&2
    else
      echo "run-deepcopy.sh: strategy $s: probe failed:" >&2
      cat "$ERR" >&2
      exit 1
    fi
  done
fi

# Transfers: one iteration of one variant with DEEPMAP_STATS=1.
stats () {
  # $1 strategy, $2 variant, $3 case
  senv=
  [ "$1" = default ] || senv="DEEPMAP_DEEPCOPY=$1"
  env $senv DEEPMAP_STATS=1 $RUN "$BIN/deepcopy" $(nodes_of "$3") "$3" "$2" \
    2>&1 >/dev/null | awk -v s="$1" -v v="$2" -v c="$3" '
    /deepmap: device .*h2d/ {
      for (k = 1; k <= NF; k++) {
        if ($k == "h2d") { hn = $(k+1); hb = $(k+3) }
        if ($k == "d2h") { dn = $(k+1); db = $(k+3) }
      }
      print "stats strategy=" s " variant=" v " case=" c " h2d_n=" hn \
            " h2d_bytes=" hb " d2h_n=" dn " d2h_bytes=" db
    }'
}

for s in $avail; do
  senv=
  [ "$s" = default ] || senv="DEEPMAP_DEEPCOPY=$s"
  for c in $CASES; do
    stats "$s" auto "$c" >> "$RAW"
    stats "$s" hand "$c" >> "$RAW"
    i=1
    while [ "$i" -le "$REPS" ]; do
      echo "strategy $s, $c, run $i/$REPS" >&2
      if ! out=$(env $senv $RUN "$BIN/deepcopy" $(nodes_of "$c") "$c" both "$ITERS"); then
	echo "run-deepcopy.sh: $c failed under strategy $s: $out" >&2
	echo "FAILED strategy=$s case=$c $out" >> "$RAW"
      fi
      echo "$out strategy=$s" >> "$RAW"
      i=$((i + 1))
    done
  done
done

TABLE=$(awk -v cases="$CASES" -v avail="$avail" "$BENCH_AWK"'
  $1 == "stats" {
    k = field("strategy") SUBSEP field("case") SUBSEP field("variant")
    tr[k] = sprintf("%6d/%-10d %5d/%-10d", field("h2d_n"), field("h2d_bytes"),
                    field("d2h_n"), field("d2h_bytes"))
  }
  $1 == "deepcopy" {
    k = field("strategy") SUBSEP field("case")
    val[k SUBSEP "a", ++cnt[k SUBSEP "a"]] = field("auto_ms")
    val[k SUBSEP "h", ++cnt[k SUBSEP "h"]] = field("hand_ms")
    val[k SUBSEP "b", ++cnt[k SUBSEP "b"]] = field("bulk_ms")
    nodes[field("case")] = field("nodes"); bytes[field("case")] = field("bytes")
    if (field("ok") != 1 || field("same") != 1) bad[k] = 1
    if (field("offload") != 1 || field("discrete") != 1) nooff = 1
  }
  /^strategy / { print; next }
  END {
    ns = split(avail, S, " "); nc = split(cases, C, " ")
    for (i = 1; i <= ns; i++) {
      printf "\nstrategy %s (transfers/bytes of one iteration; times: ms, median)\n", S[i]
      printf "%-18s %5s %10s | %-17s %-16s | %-17s %-16s | %9s %9s %9s %5s %5s %s\n",
        "case", "nodes", "bytes", "auto h2d", "auto d2h", "hand h2d", \
        "hand d2h", "auto", "hand", "bulk", "a/h", "a/b", "ok"
      for (j = 1; j <= nc; j++) {
        k = S[i] SUBSEP C[j]
        a = med(k SUBSEP "a"); h = med(k SUBSEP "h"); b = med(k SUBSEP "b")
        r = h > 0 ? a / h : 0; rb = b > 0 ? a / b : 0
        okw = (k in bad) ? "NO" : "yes"
        printf "%-18s %5s %10s | %s | %s | %9.3f %9.3f %9.3f %5.2f %5.2f %s\n", C[j],
          nodes[C[j]], bytes[C[j]], tr[k SUBSEP "auto"], tr[k SUBSEP "hand"],
          a, h, b, r, rb, okw
      }
    }
    if (nooff) print "WARNING: a run did not offload to a discrete device"
    for (k in bad) { print "WARNING: wrong or differing results (ok/same != 1)"; break }
  }' "$RAW")

bench_outfile deepcopy

{
  echo "deepcopy: automatic deep copy (deepmap plugin) vs hand-written deep copy"
  echo "(standard OpenMP, per-object enter/exit data with attach/detach)"
  echo "device: deepmap's emulated discrete device (memcpy transfers, or a"
  echo "modelled PCIe link when DEEPMAP_EMU_LINK is set, see link: below):"
  echo "absolute times are only indicative of a GPU; transfer counts and bytes"
  echo "are exact."
  echo
  bench_machine memory
  echo "deepmap:  $SWAPIN_DIR (git $(cd "$TOP" && git describe --always --dirty 2>/dev/null || echo '?'))"
  echo
  echo "command:  $CMDLINE"
  echo "build:    $HAND_BUILD"
  echo "          $AUTO_BUILD"
  echo "run:      [DEEPMAP_DEEPCOPY=S] $RUN $BIN/deepcopy [-n NODES] CASE both $ITERS"
  echo "bulk:     the same bytes as one array, map(tofrom: a[0:n]) around the"
  echo "          same kind of kernel: one transfer each way (the bound)"
  echo "          $REPS runs per case and strategy, each the median of $ITERS"
  echo "          interleaved iterations per variant (after one warm-up);"
  echo "          the table gives the median over the runs"
  echo "stats:    [DEEPMAP_DEEPCOPY=S] DEEPMAP_STATS=1 $RUN $BIN/deepcopy [-n NODES] CASE auto|hand"
  echo "nodes:    $NODES (128 B, 1 KiB), $NODES_1M (1 MiB)"
  bench_table_raw
} > "$OUTFILE"

bench_plot_finish
