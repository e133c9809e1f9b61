#!/bin/sh
# compare.sh -- side by side results of run-llvm-tests.py for LLVM 14's
# host device and for deepmap.  Usage: compare.sh LLVM14.out DEEPMAP.out
# Prints each test's two results, the counts, and the tests that pass
# under LLVM 14 but not under deepmap; the status is 1 when there are any
# beyond those KNOWN-DIFFERENCES (beside this script) lists.
set -e
llvm=$1 dm=$2
known=$(dirname "$0")/KNOWN-DIFFERENCES
awk '
  FNR == 1 { file++ }
  file == 1 && FILENAME ~ /KNOWN-DIFFERENCES$/ { k = $1; sub(/:$/, "", k); known[k] = 1; next }
  /^(PASS|FAIL|NOCOMPILE|UNSUPPORTED): / {
    name = $2; sub(/:$/, "", $1)
    if (!(name in seen)) { seen[name] = 1; order[++n] = name }
    res[file - 1, name] = $1
  }
  END {
    printf "%-50s %-12s %s\n", "test", "llvm-14", "deepmap"
    for (i = 1; i <= n; i++) {
      t = order[i]; a = res[1, t]; b = res[2, t]
      printf "%-50s %-12s %s\n", t, a, b
      if (a == "PASS") pl++
      if (b == "PASS") pd++
      if (a == "PASS" && b != "PASS" && (t in known)) kn[++nk] = t
      else if (a == "PASS" && b != "PASS") worse[++w] = t
      if (a != "UNSUPPORTED") total++
    }
    printf "\nllvm-14: %d of %d passed\ndeepmap: %d of %d passed\n",
      pl, total, pd, total
    for (i = 1; i <= nk; i++)
      printf "known difference (KNOWN-DIFFERENCES): %s\n", kn[i]
    for (i = 1; i <= w; i++)
      printf "passes under llvm-14, not under deepmap: %s\n", worse[i]
    printf "deepmap: %d passed, %d failed\n", pd, total - pd
    exit w > 0
  }' "$known" "$llvm" "$dm"
