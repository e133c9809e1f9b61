#!/bin/bash
# run-sollve.sh -- SOLLVE V&V's C, C++ and Fortran tests (4.5 to 5.2)
# that GCC 12 compiles, each run three ways: built plain under the system
# libgomp (host fallback: the reference), built plain under deepmap's
# swap-in (emulated device), and built with the plugin under deepmap (C
# and C++: the plugin is theirs; Fortran tests say NOPLUGIN).  See
# README.  Usage:
#   run-sollve.sh SRC LIBDIR OUT          every test
#   run-sollve.sh SRC LIBDIR OUT TEST...  those (paths below SRC)
# SRC: a checkout of SOLLVE/sollve_vv; LIBDIR: deepmap's build/lib/deepmap;
# OUT: results.tsv (test, plugin build, system, deepmap, deepmap+plugin)
# and one log folder per test.  PAR (2) tests at a time, TMO (60) s each.
set -u
SRC=$(cd "$1" && pwd); LIB=$(cd "$2" && pwd); OUT=$3; shift 3
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
TOP=$(cd "$(dirname "$0")/../.." && pwd)
PAR=${PAR:-2}
TMO=${TMO:-60}
export SRC LIB OUT TOP TMO OMP_NUM_THREADS=2

# PASS, FAIL(status), TIMEOUT or CRASH(signal); +ERR where a line says
# "deepmap: error:".
verdict () {
  local s
  if [ "$1" = 124 ]; then s=TIMEOUT
  elif [ "$1" -gt 128 ]; then s="CRASH($(($1 - 128)))"
  elif [ "$1" != 0 ] || grep -q FAIL "$2"; then s="FAIL($1)"
  else s=PASS; fi
  grep -q 'deepmap: error:' "$2" && s="$s+ERR"
  echo "$s"
}

one () {
  local t=$1 L=$OUT/logs/$1 cc=gcc env=
  rm -rf "$L"; mkdir -p "$L"
  local fortran=
  case "$t" in *.cpp) cc=g++ ;; *.F90) cc=gfortran fortran=1 ;; esac
  # test_<var>_env_<value>: the test reads environment variable VAR.
  local name
  name=$(basename "$t"); name=${name%.*}
  case "$name" in *_env_*)
    env="$(echo "$name" | sed -e 's@test_\(.*\)_env_.*@\1@' | tr a-z A-Z)=$(echo "$name" | sed -e 's@.*_env_\([^.]*\).*@\1@')" ;;
  esac
  local flags="-O1 -fopenmp -foffload=disable -I$SRC/ompvv -I$TOP/include"
  # ompvv.F90's macros expand past 132 columns; each test (which
  # includes ompvv.F90) writes its module files into its own folder.
  [ -n "$fortran" ] && flags="$flags -cpp -ffree-line-length-none -J$L -I$L"
  local extra=
  case "$t" in *qmcpack_target_static_lib.c) extra=$SRC/ompvv/libompvv.c ;; esac
  if ! (cd "$(dirname "$SRC/$t")" && timeout 300 $cc $flags "$SRC/$t" $extra \
	-o "$L/plain" -lm) > "$L/build-plain.log" 2>&1; then
    printf '%s\tNOCOMPILE\t-\t-\t-\n' "$t" > "$L/result"
    return
  fi
  local built=OK
  if [ -n "$fortran" ]; then
    built=NOPLUGIN
  else
    (cd "$(dirname "$SRC/$t")" && timeout 300 $cc $flags \
       -fplugin="$LIB/deepmap.so" "$SRC/$t" $extra -o "$L/plugin" -lm) \
      > "$L/build-plugin.log" 2>&1 || built=NOCOMPILE
  fi
  local a b c=PLUGIN_NOCOMPILE
  [ -n "$fortran" ] && c=NOPLUGIN
  (cd "$L" && env $env timeout "$TMO" ./plain) > "$L/system.log" 2>&1
  a=$(verdict $? "$L/system.log")
  (cd "$L" && env $env LD_LIBRARY_PATH="$LIB" DEEPMAP_DEVICES=emu \
     timeout "$TMO" ./plain) > "$L/deepmap.log" 2>&1
  b=$(verdict $? "$L/deepmap.log")
  if [ $built = OK ]; then
    (cd "$L" && env $env LD_LIBRARY_PATH="$LIB" DEEPMAP_DEVICES=emu \
       timeout "$TMO" ./plugin) > "$L/plugin.log" 2>&1
    c=$(verdict $? "$L/plugin.log")
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$t" "$built" "$a" "$b" "$c" > "$L/result"
}
export -f one verdict

if [ $# -gt 0 ]; then
  printf '%s\n' "$@"
else
  (cd "$SRC" && find tests/4.5 tests/5.0 tests/5.1 tests/5.2 \
     \( -name '*.c' -o -name '*.cpp' -o -name '*.F90' \) | sort)
fi > "$OUT/list"
xargs -P "$PAR" -I{} bash -c 'one "$1"' _ {} < "$OUT/list"
while read -r t; do cat "$OUT/logs/$t/result"; done < "$OUT/list" \
  > "$OUT/results.tsv"
