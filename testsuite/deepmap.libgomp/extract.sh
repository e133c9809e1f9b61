#!/bin/sh
# extract.sh -- unpack GCC 12's libgomp C test directories (libgomp.c and
# libgomp.c-c++-common), its C++ one (libgomp.c++) and its Fortran one
# (libgomp.fortran) from the gcc-12-source tarball, once.
# Usage: extract.sh DEST [TARBALL]
# DEST/.stamp records the tarball; a second call with the same tarball
# does nothing.
set -e
dest=${1:?usage: extract.sh DEST [TARBALL]}
tarball=${2:-}
if [ -z "$tarball" ]; then
  for t in /usr/src/gcc-12/gcc-12*.tar.xz; do
    case $t in *gm2*) continue ;; esac
    [ -f "$t" ] && tarball=$t && break
  done
fi
if [ -z "$tarball" ] || [ ! -f "$tarball" ]; then
  echo "deepmap: error: no GCC 12 source tarball in /usr/src/gcc-12" \
       "(package gcc-12-source)" >&2
  exit 1
fi
# The stamp names what was unpacked: a tree from before libgomp.c++ or
# libgomp.fortran or include was is unpacked again.
want="$tarball +c++ +fortran +include"
if [ -f "$dest/.stamp" ] && [ "$(cat "$dest/.stamp")" = "$want" ] \
   && [ "$dest/.stamp" -nt "$tarball" ]; then
  exit 0
fi
tmp="$dest.tmp.$$"
rm -rf "$tmp"
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
# Members are gcc-12.x.y/libgomp/testsuite/<dir>/<file>.
tar -xJf "$tarball" -C "$tmp" --strip-components=3 --wildcards \
  '*/libgomp/testsuite/libgomp.c/*' \
  '*/libgomp/testsuite/libgomp.c-c++-common/*' \
  '*/libgomp/testsuite/libgomp.c++/*' \
  '*/libgomp/testsuite/libgomp.fortran/*'
# GCC's include/gomp-constants.h, which libgomp.c-c++-common/
# on_device_arch.h (used by Fortran tests too) includes.
tar -xJf "$tarball" -C "$tmp" --strip-components=1 --wildcards \
  '*/include/gomp-constants.h'
if [ ! -d "$tmp/libgomp.c" ] || [ ! -d "$tmp/libgomp.c-c++-common" ] \
   || [ ! -d "$tmp/libgomp.c++" ] || [ ! -d "$tmp/libgomp.fortran" ]; then
  echo "deepmap: error: $tarball holds no libgomp testsuite" >&2
  exit 1
fi
rm -rf "$dest"
mv "$tmp" "$dest"
trap - EXIT
echo "$want" > "$dest/.stamp"
