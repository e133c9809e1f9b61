# bench/common.sh -- helpers shared by the bench/run-*.sh scripts, so that
# their result files keep one naming scheme and one header format.  POSIX
# sh; sourced by a script after it has set TOP (the source tree).
#
# Sets B (build directory, default $TOP/build), CC (gcc), SWAPIN_DIR (the
# swap-in libgomp's directory), BIN (where the benchmarks are built), and
# CLANG (clang-14) and LLVM_LIBDIR (/usr/lib/llvm-14/lib) for the
# scripts that compare with LLVM's runtime.
# shellcheck disable=SC2034  # the variables are the sourcing script's

B=${B:-$TOP/build}
# The kernels of bench/hoist-naive.c and hoist-expert.c (run-hoist.sh,
# run-report.sh).
HOIST_KERNELS="jacobi-1d jacobi-2d heat-3d fdtd-2d seidel-2d adi convergence row-touch callee jacobi-swap deep-1d fields-1d stage-out inputs laplace-2d"
CC=${CC:-gcc}
CLANG=${CLANG:-clang-14}
LLVM_LIBDIR=${LLVM_LIBDIR:-/usr/lib/llvm-14/lib}
SWAPIN_DIR=$B/lib/deepmap
BIN=$B/bench

# Print lines RANGE (sed syntax, e.g. 7,16) of the script's header
# comment, the usage text, and exit 2.  Called on a bad option.
bench_usage ()
{
  sed -n "$1s/^# \{0,1\}//p" "$0" >&2
  exit 2
}

# Exit 2 unless every FILE exists: a benchmark of a stale or missing
# build would measure nothing useful.
bench_need ()
{
  for bench_f in "$@"; do
    if [ ! -f "$bench_f" ]; then
      echo "${0##*/}: $bench_f not built (run make)" >&2
      exit 2
    fi
  done
}

# The library matching the awk regex PATTERN that BINARY loads with
# LIBDIR first on the search path: the result file names what was really
# measured.
bench_loaded ()
{
  env LD_LIBRARY_PATH="$1" ldd "$2" | awk "/$3/ { print \$3 }"
}

# The swap-in of git revision $1, built on its own under $B/baseline
# once: sets REV_SHA and REV_DIR (its tree; the library is in
# $REV_DIR/build/lib/deepmap).  Exits 2 when it does not build.
bench_rev_swapin ()
{
  REV_SHA=$(git -C "$TOP" rev-parse --short "$1^{commit}")
  mkdir -p "$B/baseline"
  REV_DIR=$(cd "$B/baseline" && pwd)/$REV_SHA
  if [ ! -f "$REV_DIR/build/lib/deepmap/libgomp.so.1" ]; then
    echo "building the swap-in of $1 ($REV_SHA) in $REV_DIR" >&2
    rm -rf "$REV_DIR"
    mkdir -p "$REV_DIR"
    git -C "$TOP" archive "$REV_SHA" | tar -x -C "$REV_DIR"
    make -C "$REV_DIR" BUILD="$REV_DIR/build" \
      "$REV_DIR/build/lib/deepmap/libgomp.so.1" > "$REV_DIR/build.log" 2>&1 \
      || { echo "${0##*/}: building $1 failed, see $REV_DIR/build.log" >&2
	   exit 2; }
  fi
}

# Set OUTFILE, unless -o gave one, to bench/results/NAME-DATE.txt, or to
# NAME-DATE-2.txt, -3 ... when that exists: never overwrite a result.
bench_outfile ()
{
  [ -z "$OUTFILE" ] || return 0
  bench_day=$(date -u +%Y-%m-%d)
  mkdir -p "$TOP/bench/results"
  OUTFILE=$TOP/bench/results/$1-$bench_day.txt
  bench_n=2
  while [ -e "$OUTFILE" ]; do
    OUTFILE=$TOP/bench/results/$1-$bench_day-$bench_n.txt
    bench_n=$((bench_n + 1))
  done
}

# The machine part of a result file's header.  With the argument
# "memory", also the machine's memory (before the gcc line).
# shellcheck disable=SC2120  # the argument is optional
bench_machine ()
{
  echo "date:     $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "machine:  $(uname -a)"
  echo "cpu:      $(lscpu | sed -n 's/^Model name:[[:space:]]*//p')"
  echo "nproc:    $(nproc)"
  if [ "${1-}" = memory ]; then
    echo "memory:   $(free -h | awk '/^Mem:/ { print $2 }')"
  fi
  echo "gcc:      $($CC --version | head -n 1)"
  # The emulated link model changes what every transfer costs.
  echo "link:     DEEPMAP_EMU_LINK=${DEEPMAP_EMU_LINK:-unset (copies are memcpy)}"
}

# The end of a result file: the table, then the raw lines it came from
# (TABLE and RAW of the script).
bench_table_raw ()
{
  echo
  echo "$TABLE"
  echo
  echo "raw lines:"
  cat "$RAW"
}

# Print the table and where it went; exit 1 when the table warns (the
# numbers would not measure what they claim).
bench_finish ()
{
  echo "$TABLE"
  echo
  echo "written to $OUTFILE"
  if grep -q '^WARNING' "$OUTFILE"; then
    exit 1
  fi
}

# Draw the result's PNG beside it (bench/plot-results.py, where gnuplot
# is installed), then bench_finish.
bench_plot_finish ()
{
  if command -v gnuplot > /dev/null; then
    python3 "$TOP/bench/plot-results.py" "$OUTFILE" > /dev/null
  fi
  bench_finish
}

# awk functions for the scripts' table programs; splice in front of the
# program text: awk "$BENCH_AWK"'...'.
#   field(NAME)  the value of NAME=VALUE among the fields of the record
#   med(KEY)     median of val[KEY, 1..cnt[KEY]] (the program fills both)
# shellcheck disable=SC2016  # awk text, not for the shell to expand
BENCH_AWK='
  function field(name,   k, kv) {
    for (k = 1; k <= NF; k++) {
      split($k, kv, "=")
      if (kv[1] == name) return kv[2]
    }
    return ""
  }
  function med(key,   n, i, j, t, a) {
    n = cnt[key]
    for (i = 1; i <= n; i++) a[i] = val[key, i]
    for (i = 2; i <= n; i++)
      for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
'

# The hoist kernels' scripts (run-hoist.sh, run-report.sh): parse -k
# KERNELS, -r RUNS, -o FILE into KERNELS, RUNS (default $1) and OUTFILE;
# usage from lines $2 of the script; the rest of the arguments follow.
# Also LINK, THREADS and CMDLINE (the script's command line, for its
# result file), and PLUGIN, which must be built.
bench_hoist_options ()
{
  bench_runs=$1 bench_lines=$2
  shift 2
  KERNELS=$HOIST_KERNELS RUNS=$bench_runs OUTFILE=
  LINK=${LINK:-12G,10us}
  THREADS=${THREADS:-1}
  CMDLINE="$0 $*"
  OPTIND=1
  while getopts k:r:o: bench_opt; do
    case $bench_opt in
      k) KERNELS=$OPTARG ;;
      r) RUNS=$OPTARG ;;
      o) OUTFILE=$OPTARG ;;
      *) bench_usage "$bench_lines" ;;
    esac
  done
  PLUGIN=$B/lib/deepmap/deepmap.so
  bench_need "$SWAPIN_DIR/libgomp.so.1" "$PLUGIN"
  mkdir -p "$BIN"
}
