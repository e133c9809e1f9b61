#!/bin/sh
# stress.sh -- the long campaign behind `make check-stress': the seeded
# differential tests of the directory (random-differential and, with
# several threads and nowait, random-threads) with many more seeds and
# sequences than make check runs, and every concurrency test repeated
# many times.
# Ends with "N passed, N failed" (a run is one seed or one repetition).
#
# Usage: stress.sh TOP BUILD LIBDIR
# Environment: STRESS_SEEDS (default 20), STRESS_SEQS (sequences per
# seed, default 20000), STRESS_REPS (repetitions of each concurrency
# test, default 1000), CC (gcc).
set -u
top=${1:?usage: stress.sh TOP BUILD LIBDIR}
build=${2:?}
libdir=${3:?}
seeds=${STRESS_SEEDS:-20}
seqs=${STRESS_SEQS:-20000}
reps=${STRESS_REPS:-1000}
cc=${CC:-gcc}
out=$build/stress
mkdir -p "$out"
pass=0 fail=0
run () # NAME CMD...: one run, 120 s at most
{
  name=$1; shift
  if env LD_LIBRARY_PATH="$libdir" DEEPMAP_DEVICES=emu timeout -k 10 120 \
       "$@" > "$out/last.log" 2>&1; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: $name (log: $out/$name.log)"
    cp "$out/last.log" "$out/$name.log"
  fi
}
build_test () # DIR NAME
{
  $cc -fopenmp -foffload=disable -O2 -I"$top/include" -I"$top/testsuite/lib" \
    -I"$top/testsuite/$1" "$top/testsuite/$1/$2.c" -o "$out/$2" -lm \
    -lpthread || { echo "FAIL: cannot build $2"; fail=$((fail + 1)); }
}

build_test deepmap.directory random-differential
build_test deepmap.directory random-threads
s=1
while [ "$s" -le "$seeds" ]; do
  run "random-differential-seed$s" "$out/random-differential" "$s" "$seqs"
  run "random-threads-seed$s" "$out/random-threads" "$s" 3000
  s=$((s + 1))
done
for t in concurrent-threads delete-during-region exit-while-offloading \
	 nowait-fusion-race nowait-chain-overlap fork-while-mapping \
	 nowait-async-inflight nowait-data-chain nowait-depend; do
  build_test deepmap.runtime "$t"
  r=1
  while [ "$r" -le "$reps" ]; do
    run "$t-rep$r" "$out/$t"
    r=$((r + 1))
  done
  echo "$t: $reps repetitions done"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
