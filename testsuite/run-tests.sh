#!/bin/sh
# run-tests.sh -- run deepmap's DejaGnu testsuite and print a summary.
#
# Usage: run-tests.sh [--top DIR] [--build DIR] [--outdir DIR]
#          [--libdir DIR] [--preload LIBS] [--run-env "VAR=v ..."]
#          [--cflags FLAGS] [--wrapper "CMD ..."] [SUBDIR...]
#
# SUBDIRs are testsuite directories (default: deepmap.runtime and
# deepmap.libgomp); one that does not exist or holds no .exp is skipped.
# --libdir is the directory holding the libgomp.so.1 under test; left
# empty the tests run against the system libgomp.  The last line printed
# is "N passed, N failed" (failed counts FAIL, UNRESOLVED, XPASS and
# ERROR lines of deepmap.sum); the exit status is 1 when N failed > 0.
# $RUNTESTFLAGS is passed to runtest; when it names an .exp file
# (e.g. libgomp-conformance.exp=target-3*.c) it replaces the SUBDIR list.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
build=$top/build
outdir=
libdir=
preload=
runenv=
cflags=
wrapper=
while [ $# -gt 0 ]; do
  case $1 in
    --top) top=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --outdir) outdir=$2; shift 2 ;;
    --libdir) libdir=$2; shift 2 ;;
    --preload) preload=$2; shift 2 ;;
    --run-env) runenv=$2; shift 2 ;;
    --cflags) cflags=$2; shift 2 ;;
    --wrapper) wrapper=$2; shift 2 ;;
    --) shift; break ;;
    -*) echo "run-tests.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ -n "$outdir" ] || outdir=$build/testsuite
[ $# -gt 0 ] || set -- deepmap.runtime deepmap.libgomp

exps=
for d in "$@"; do
  for e in "$top/testsuite/$d"/*.exp; do
    [ -f "$e" ] && exps="$exps $(basename "$e")"
  done
done
RUNTESTFLAGS=${RUNTESTFLAGS:-}
case " $RUNTESTFLAGS" in
  *.exp*) exps= ;;
esac
if [ -z "$exps" ] && [ -z "$RUNTESTFLAGS" ]; then
  echo "deepmap: no test directories found among: $*"
  echo "0 passed, 1 failed"
  exit 1
fi

mkdir -p "$outdir"
rm -f "$outdir/deepmap.sum" "$outdir/deepmap.log"
# A site.exp in the output directory keeps runtest from warning about a
# missing global configuration.
cat > "$outdir/site.exp" <<SITE
set tool deepmap
set srcdir "$top/testsuite"
set objdir "$outdir"
SITE

cd "$outdir" || exit 1
# shellcheck disable=SC2086
runtest --tool deepmap --srcdir "$top/testsuite" --outdir "$outdir" \
  DEEPMAP_TOP="$top" DEEPMAP_BUILD="$build" DEEPMAP_LIBDIR="$libdir" \
  DEEPMAP_PRELOAD="$preload" DEEPMAP_RUN_ENV="$runenv" \
  DEEPMAP_TEST_CFLAGS="$cflags" DEEPMAP_RUN_WRAPPER="$wrapper" \
  $RUNTESTFLAGS $exps
rt=$?

sum=$outdir/deepmap.sum
if [ ! -f "$sum" ]; then
  echo "deepmap: runtest wrote no $sum (exit status $rt)"
  echo "0 passed, 1 failed"
  exit 1
fi
count () { grep -c "^$1: " "$sum"; }
pass=$(count PASS); fail=$(count FAIL); unres=$(count UNRESOLVED)
xpass=$(count XPASS); err=$(count ERROR); xfail=$(count XFAIL)
unsup=$(count UNSUPPORTED); untested=$(count UNTESTED)
failed=$((fail + unres + xpass + err))
if [ "$pass" -eq 0 ] && [ "$failed" -eq 0 ]; then
  echo "deepmap: no test ran (runtest exit status $rt)"
  failed=1
elif [ "$rt" -ne 0 ] && [ "$failed" -eq 0 ]; then
  echo "deepmap: runtest exited with status $rt"
  failed=1
fi
echo "results: $sum"
echo "$unsup unsupported, $xfail expected failures, $untested untested"
echo "$pass passed, $failed failed"
[ "$failed" -eq 0 ]
