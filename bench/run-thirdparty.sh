#!/bin/bash
# run-thirdparty.sh -- transfer hoisting (issue 9) on programs nobody here
# wrote: naive-style OpenMP offload code and its authors' expert version
# (bench/thirdparty/NAME/: src/, conf.sh, ORIGIN and the licences).  Each
# program is built as written (naive), with the plugin (plugin; with
# -flto too where conf.sh sets LTO=1) and as the expert wrote it, and run
# on the emulated device with DEEPMAP_STATS.  Shown: bytes each way, the
# plugin's total over the expert's, and whether each output equals the
# naive build's under the system libgomp (lines matching conf.sh's FILTER,
# timings, left out).  The plugin builds also run with DEEPMAP_CHECK=1.
#
# Usage: bench/run-thirdparty.sh [-o FILE] [NAME...]
#   -o FILE  result file (default bench/results/thirdparty-DATE.txt)
#   NAME     programs to run (default: all of bench/thirdparty)
# Environment: B, CC; TIMEOUT (seconds per run, default 300).
# Exits 1 when an output differs, a build fails, a run fails where the
# naive one does not, or DEEPMAP_CHECK reports.
#
# conf.sh sets LANGX (c or cxx), NAIVE, EXPERT (the sources that differ),
# COMMON (the others), FLAGS, LIBS, ARGS, SETUP (a command run in the work
# directory first: input generation, size reduction), OUTFILES (files the
# program writes, compared too), FILTER (an extended regex of output lines
# to ignore), EXPERT_FILTER and LTO.

set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common.sh
. "$TOP/bench/common.sh"
# shellcheck source=bench/thirdparty/common.sh
. "$TOP/bench/thirdparty/common.sh"

OUTFILE=
COMMAND="bench/run-thirdparty.sh $*"
while getopts o: opt; do
  case $opt in
    o) OUTFILE=$OPTARG ;;
    *) bench_usage 12,14 ;;
  esac
done
shift $((OPTIND - 1))
PLUGIN=$SWAPIN_DIR/deepmap.so
bench_need "$SWAPIN_DIR/libgomp.so.1" "$PLUGIN"
SRC=$TOP/bench/thirdparty
if [ $# -gt 0 ]; then PROGS="$*"; else
  PROGS=$(cd "$SRC" && for d in */; do [ -f "$d/conf.sh" ] && echo "${d%/}"; done)
fi
TO=${TIMEOUT:-300}
WORK=$BIN/thirdparty
bench_outfile thirdparty
RAW=$(mktemp)
trap 'rm -f "$RAW"' EXIT
# Deep recursion in some programs (Rodinia's): the default 8 MiB is not
# always enough for their host reference runs.
ulimit -s unlimited 2>/dev/null || true

# Bytes each way in a DEEPMAP_STATS output, over every device.
stats () {
  # shellcheck disable=SC2046  # four numbers
  set -- $(bench_transfers "$1")
  echo "$1 $2"
}

# build NAME PLUGIN LTO FILES...: compile and link NAME in the work dir.
build () {
  local n=$1 pl=$2 lt=$3
  shift 3
  local flags="-O2 -fopenmp -foffload=disable $FLAGS"
  [ "$pl" = 1 ] && flags="$flags -fplugin=$PLUGIN -fplugin-arg-deepmap-report"
  [ "$lt" = 1 ] && flags="$flags -flto"
  bench_link_program "$n" "$CXX" "$flags" "$LIBS" "$@"
}

# run NAME OUT MODE: MODE sys (system libgomp), stats, or check.
# shellcheck disable=SC2086  # OUTFILES and ARGS are word lists
run () {
  local n=$1 o=$2 f
  rm -f $OUTFILES
  case $3 in
    sys) timeout "$TO" "./$n" $ARGS > "$o.out" 2> "$o.err" ;;
    stats) env LD_LIBRARY_PATH="$SWAPIN_DIR" DEEPMAP_DEVICES=emu \
	     DEEPMAP_STATS=1 timeout "$TO" "./$n" $ARGS > "$o.out" 2> "$o.err" ;;
    check) env LD_LIBRARY_PATH="$SWAPIN_DIR" DEEPMAP_DEVICES=emu \
	     DEEPMAP_CHECK=1 timeout "$TO" "./$n" $ARGS > "$o.out" 2> "$o.err" ;;
  esac
  echo $? > "$o.rc"
  for f in $OUTFILES; do
    echo "== $f" >> "$o.out"
    cat "$f" >> "$o.out" 2> /dev/null
  done
}

status=0
for P in $PROGS; do
  D=$SRC/$P
  bench_thirdparty_conf "$D"
  W=$WORK/$P
  rm -rf "$W"
  mkdir -p "$W"
  cp -r "$D/src/." "$W"
  (
    cd "$W" || exit 1
    eval "$SETUP" > setup.log 2>&1
    notes=
    # shellcheck disable=SC2086  # file lists
    {
      build ref 0 0 $NAIVE $COMMON || notes="$notes naive-build-failed"
      build plugin 1 0 $NAIVE $COMMON || notes="$notes plugin-build-failed"
      build expert 0 0 $EXPERT $COMMON || notes="$notes expert-build-failed"
      [ "$LTO" = 1 ] && { build lto 1 1 $NAIVE $COMMON \
			  || notes="$notes lto-build-failed"; }
    }
    run ref ref sys
    run ref naive stats
    run plugin plugin stats
    run plugin check check
    run expert expert stats
    lto="- -" same_lto=-
    if [ "$LTO" = 1 ]; then
      run lto lto stats
      run lto ltocheck check
      lto=$(stats lto.err)
      same_lto=$(bench_same_output ref.out lto.out "$FILTER")
    fi
    for r in naive plugin check expert lto ltocheck; do
      [ -f $r.rc ] || continue
      # A run that fails as the naive one does (a program's own
      # verification at reduced sizes) is the program's, not ours.
      [ "$(cat $r.rc)" = 0 ] || [ "$(cat $r.rc)" = "$(cat ref.rc)" ] \
	|| notes="$notes $r:status=$(cat $r.rc)"
      grep -q "deepmap: error" $r.err && notes="$notes $r:deepmap-error"
    done
    grep -q "internal compiler error" build-*.log && notes="$notes ICE"
    echo "program=$P lang=$LANGX naive=$(stats naive.err | tr ' ' /)" \
	 "plugin=$(stats plugin.err | tr ' ' /) lto=${lto/ //}" \
	 "expert=$(stats expert.err | tr ' ' /)" \
	 "same_plugin=$(bench_same_output ref.out plugin.out "$FILTER")" \
	 "same_lto=$same_lto same_expert=$(bench_same_output ref.out expert.out "$EXPERT_FILTER")" \
	 "notes=${notes:--}"
  ) >> "$RAW"
done

TABLE=$(awk "$BENCH_AWK"'
  function total(s,   a) { split(s, a, "/"); return a[1] + a[2] }
  function ratio(s,   e) { e = total(field("expert"))
			   return s == "-/-" ? "-" : e ? sprintf("%.2f", total(s) / e) : "-" }
  BEGIN { printf "%-18s %-4s %23s %23s %23s %23s %7s %7s  %s\n",
		 "program", "lang", "naive h2d/d2h", "plugin h2d/d2h",
		 "plugin -flto", "expert h2d/d2h", "plug/ex", "lto/ex", "same output" }
  /^program=/ {
    same = field("same_plugin") "/" field("same_lto") "/" field("same_expert")
    printf "%-18s %-4s %23s %23s %23s %23s %7s %7s  %s%s\n", field("program"),
	   field("lang"), field("naive"), field("plugin"), field("lto"),
	   field("expert"), ratio(field("plugin")), ratio(field("lto")), same,
	   field("notes") == "-" ? "" : "  WARNING: " field("notes")
    if (field("same_plugin") != "yes" || field("same_lto") == "no")
      print "WARNING: " field("program") ": output differs"
  }' "$RAW")

{
  echo "thirdparty: transfer hoisting on naive-style programs nobody here"
  echo "wrote, against their authors' expert versions (bench/thirdparty/*/ORIGIN)"
  echo "device: deepmap's emulated device; bytes are DEEPMAP_STATS totals"
  echo
  bench_machine
  echo "deepmap:  $SWAPIN_DIR (git $(git -C "$TOP" describe --always --dirty 2>/dev/null))"
  echo "command:  ${TIMEOUT:+TIMEOUT=$TIMEOUT }$COMMAND"
  echo "builds:   naive and expert: \$CC -O2 -fopenmp -foffload=disable FLAGS;"
  echo "          plugin: the same + -fplugin=deepmap.so [-flto]; conf.sh per program"
  echo "runs:     env LD_LIBRARY_PATH=$SWAPIN_DIR DEEPMAP_DEVICES=emu DEEPMAP_STATS=1 ./prog ARGS"
  echo "output:   same output = plugin/lto/expert against the naive build under"
  echo "          the system libgomp; plug/ex = plugin's bytes (both ways) over the expert's"
  bench_table_raw
} > "$OUTFILE"
bench_finish || status=1
grep -q 'WARNING' "$OUTFILE" && status=1
exit $status
