#!/bin/sh
# ensure-deps.sh -- install the Debian packages deepmap's build, tests and
# benchmarks need.  As root it runs apt-get; otherwise it prints the exact
# command and fails.  Usage: ensure-deps.sh [check|bench|plugin]...
set -e
need=""
have_pkg () { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'ok installed'; }
want () { have_pkg "$1" || need="$need $1"; }

want dejagnu
want gcc-12-source
want gcc-12-plugin-dev
want clang-14
# omp-tools.h, the OMPT types the runtime is built with (the Makefile
# copies that one header), and LLVM's OpenMP runtime for the benchmarks.
want libomp-14-dev
# elfutils' libdw: source lines in DEEPMAP_TRACE timelines.
want libdw-dev
# gfortran: GCC's libgomp Fortran tests (deepmap.libgomp-fortran) and the
# runtime's own Fortran tests.
want gfortran
# GCC's nvptx offload compiler: the deepmap.cuda/nvptx-*.c tests load the
# images it makes on the fake driver (and make check-gpu needs it).
want gcc-12-offload-nvptx
# Only for make check-valgrind.
case " $* " in *" valgrind "*) want valgrind ;; esac
# The benchmarks' plots, and tools/trace-timeline.py (its test draws
# a timeline in make check).
want gnuplot-nox

[ -z "$need" ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "deepmap: installing:$need"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null || true
  apt-get install -y -qq$need >/dev/null
else
  echo "deepmap: error: missing Debian packages:$need; run as root:" >&2
  echo "  apt-get update && apt-get install -y$need" >&2
  exit 1
fi
