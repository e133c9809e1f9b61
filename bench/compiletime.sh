#!/bin/sh
# compiletime.sh -- what the deepmap plugin adds to compile time: a
# generated file with N target constructs whose items are deep (structs
# with pointers, counted arrays, nested structs, lists), compiled with
# and without the plugin, interleaved.  See bench/README.
#
# Usage: bench/compiletime.sh [-n CONSTRUCTS] [-r REPS] [-O OPT] [-o FILE]
#                             [-k] [-p] [-I] [-f SOURCE [-x FLAGS]
#                             [-e EXPERT]]
#   -p             generate plain-array kernels instead: functions of two
#                  constructs each on pointer parameters (what hoisting
#                  and the overwrite and read-only analyses work on); an
#                  expert's version of the same unit (the enter and exit
#                  data hoisting inserts, written by hand) is compiled
#                  without the plugin as a third kind
#   -n CONSTRUCTS  target constructs in the generated file (default 3000)
#   -f SOURCE      measure this existing file instead (C, or C++ when it
#                  ends in .cc, .cpp, .cxx or .C, built with g++)
#   -x FLAGS       extra compiler flags for SOURCE (include directories)
#   -e EXPERT      with -f: the expert's version of SOURCE (its data
#                  directives written by hand), compiled without the
#                  plugin as a third kind: what the data movement the
#                  plugin inserts costs an expert who writes it
#   -r REPS        compilations of each kind (default 5); median taken
#   -O OPT         optimization flag (default -O2)
#   -o FILE        result file (default bench/results/compiletime-DATE.txt)
#   -k             keep the generated source (printed path)
#   -I             count the instructions the compiler executes (valgrind
#                  --tool=cachegrind, every process of the driver)
#                  instead of timing it: the same on every run, about
#                  40 times slower; one run per kind
# Environment: B (build directory, default ./build), CC (gcc).
#
# Writes the result file and prints the table.  Exit status 1 when the
# plugin adds 5% or more (the goal of issue 16).

set -e

TOP=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common.sh
. "$TOP/bench/common.sh"

N=3000
REPS=5
OPT=-O2
OUTFILE=
KEEP=
CMDLINE="$0 $*"

FILE=
XFLAGS=
PLAIN=
EXPERT=
INSTR=
while getopts n:r:O:o:kpIf:x:e: opt; do
  case $opt in
    n) N=$OPTARG ;;
    f) FILE=$OPTARG ;;
    x) XFLAGS=$OPTARG ;;
    e) EXPERT=$OPTARG ;;
    r) REPS=$OPTARG ;;
    O) OPT=$OPTARG ;;
    o) OUTFILE=$OPTARG ;;
    k) KEEP=1 ;;
    I) INSTR=1 ;;
    p) PLAIN=1 ;;
    *) bench_usage 7,32 ;;
  esac
done

[ -z "$EXPERT" ] || [ -n "$FILE" ] ||
  { echo "compiletime.sh: -e needs -f" >&2; exit 1; }
PLUGIN=$B/lib/deepmap/deepmap.so
bench_need "$PLUGIN"
mkdir -p "$BIN"
SRC=$BIN/compiletime-$N.c
if [ -n "$FILE" ]; then
  SRC=$FILE
  KEEP=1
  case $FILE in
    *.cc|*.cpp|*.cxx|*.C) CC=${CXX:-g++} ;;
  esac
  N=$(grep -c '^[[:space:]]*#[[:space:]]*pragma[[:space:]]*omp[[:space:]]*target' "$FILE" || true)
elif [ -n "$PLAIN" ]; then
  SRC=$BIN/compiletime-plain-$N.c
  # N/2 functions: a kernel that reads a and b and writes c, then one
  # that reads c under a condition and writes a.
  EXPERT=$BIN/compiletime-expert-$N.c
  # The expert keeps a and c across the two kernels (c: the first
  # kernel stores all of it) and leaves b, which one kernel maps.
  awk -v n="$N" -v expert="$EXPERT" 'BEGIN {
    for (i = 0; i < n / 2; i++) {
      head = sprintf ("void f%d (double *a, double *b, double *c, int n)\n{", i)
      body = "#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: b[0:n], c[0:n])\n" \
	sprintf ("  for (int i = 0; i < n; i++)\n    c[i] = a[i] * b[i] + %d;\n", i) \
	"#pragma omp target teams distribute parallel for map(tofrom: a[0:n], c[0:n])\n" \
	"  for (int i = 0; i < n; i++)\n" \
	"    {\n" \
	"      double t = a[i] > 0 ? c[i] : -c[i];\n" \
	"      a[i] = t * 2;\n" \
	"    }"
      print head; print body; print "}"
      print head > expert
      print "#pragma omp target enter data map(to: a[0:n]) map(alloc: c[0:n])" > expert
      print body > expert
      print "#pragma omp target exit data map(from: a[0:n], c[0:n])" > expert
      print "}" > expert
    }
  }' > "$SRC"
else

# The generated program: a few types, then N functions of one construct
# each, cycling through the constructs and the types.
awk -v n="$N" 'BEGIN {
  print "#include <stddef.h>"
  print "#include \"deepmap.h\""
  print "struct node { int v; struct node *next; };"
  print "struct tree { double key; struct tree *left, *right; };"
  print "struct vec { long n; double *data deepmap_counted_by (n); };"
  print "struct mesh { struct vec x, y; int nc; int *cells deepmap_counted_by (nc);"
  print "              struct node *free_list; struct tree *index; };"
  print "struct grid { struct mesh *m[4]; struct vec halo[2]; char name[16]; };"
  print "struct flex { int n; struct vec v[] __attribute__ ((counted_by (n))); };"
  print "void use (void *);"
  split("node tree vec mesh grid flex", types, " ")
  for (i = 0; i < n; i++) {
    t = types[i % 6 + 1]
    printf "void f%d (struct %s *p, struct mesh *q)\n{\n", i, t
    k = int (i / 6) % 5
    if (k == 0)
      print "#pragma omp target map(tofrom: p[0:1])\n  use (p);"
    else if (k == 1)
      print "#pragma omp target enter data map(to: p[0:1], q[0:1])"
    else if (k == 2)
      print "#pragma omp target exit data map(from: p[0:1])"
    else if (k == 3)
      print "#pragma omp target update to(p[0:1]) from(q[0:1])"
    else
      print "#pragma omp target data map(tofrom: p[0:1], q[0:1])\n  use (q);"
    print "}"
  }
}' > "$SRC"
fi

# -w: warnings (counted_by unknown without the plugin, the plugin's own)
# are not what is measured.
WITHOUT="$CC $OPT -fopenmp -foffload=disable -w -I$TOP/include $XFLAGS -c $SRC -o $BIN/compiletime.o"
WITH="$WITHOUT -fplugin=$PLUGIN"
HAND=
[ -z "$EXPERT" ] || HAND="$CC $OPT -fopenmp -foffload=disable -w -I$TOP/include $XFLAGS -c $EXPERT -o $BIN/compiletime.o"

bench_outfile compiletime
RAW=$(mktemp)
trap 'rm -f "$RAW"; [ -n "$KEEP" ] || rm -f "$SRC" $EXPERT' EXIT

# Seconds of user + system time of one compilation; with -I, millions
# of instructions executed.
cpu_time ()
{
  if [ -n "$INSTR" ]; then
    valgrind --tool=cachegrind --trace-children=yes --cache-sim=no \
      --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
      awk '/I *refs/ { gsub (",", "", $4); s += $4 } END { print s / 1e6 }'
  else
    /usr/bin/time -f '%U %S' "$@" 2>&1 >/dev/null |
      awk 'END { print $1 + $2 }'
  fi
}
UNIT=seconds
if [ -n "$INSTR" ]; then
  command -v valgrind >/dev/null ||
    { echo "compiletime.sh: -I needs valgrind" >&2; exit 1; }
  UNIT=minstr
  REPS=1
fi

# The commands are word-split on purpose (as they are printed).
# shellcheck disable=SC2086
$WITHOUT
# shellcheck disable=SC2086
$WITH
# shellcheck disable=SC2086
for r in $(seq "$REPS"); do
  echo "kind=without rep=$r $UNIT=$(cpu_time $WITHOUT)" >> "$RAW"
  echo "kind=with rep=$r $UNIT=$(cpu_time $WITH)" >> "$RAW"
  [ -z "$HAND" ] ||
    echo "kind=expert rep=$r $UNIT=$(cpu_time $HAND)" >> "$RAW"
done

TABLE=$(awk "$BENCH_AWK"'
  { k = field("kind"); val[k, ++cnt[k]] = field("'"$UNIT"'") }
  END {
    a = med("without"); b = med("with")
    printf "%-28s %10s\n", "compilation (median)",
	   "'"$UNIT"'" == "seconds" ? "seconds" : "Minstr"
    printf "%-28s %10.3f\n", "without the plugin", a
    printf "%-28s %10.3f\n", "with the plugin", b
    printf "%-28s %9.1f%%\n", "added by the plugin", 100 * (b - a) / a
    n = '"${N:-0}"' + 0
    if (n > 0)
      if ("'"$UNIT"'" == "seconds")
        printf "%-28s %10.3f\n", "ms per construct", 1000 * (b - a) / n
      else
        printf "%-28s %10.3f\n", "Minstr per construct", (b - a) / n
    if (cnt["expert"]) {
      e = med("expert")
      printf "%-28s %10.3f\n", "expert version, no plugin", e
      printf "%-28s %9.1f%%\n", "added by expert data dirs", 100 * (e - a) / a
      printf "%-28s %9.1f%%\n", "plugin over the expert", 100 * (b - e) / e
    }
    if (100 * (b - a) / a >= 5)
      print "WARNING: the plugin adds 5% or more"
  }' "$RAW")

{
  echo "compiletime: the deepmap plugin's cost in compile time"
  echo "command:  $CMDLINE"
  bench_machine
  if [ -n "$FILE" ]; then
    echo "source:   $FILE ($(wc -l < "$FILE") lines, $N target constructs)"
  else
    echo "source:   $N target constructs, generated (bench/compiletime.sh)"
  fi
  echo "without:  $WITHOUT"
  echo "with:     $WITH"
  [ -z "$HAND" ] || echo "expert:   $HAND"
  bench_table_raw
} > "$OUTFILE"
bench_finish
