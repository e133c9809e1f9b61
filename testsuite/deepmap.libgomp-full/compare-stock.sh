#!/bin/sh
# compare-stock.sh -- compare the two runs of make check-libgomp-full.
# Usage: compare-stock.sh STOCK_OUTDIR DEEPMAP_OUTDIR
#
# Each directory holds a deepmap.sum/deepmap.log of libgomp-full.exp, one
# run against the system libgomp (host fallback), one against deepmap (the
# emulated device).  A result line ("PASS: test what") that passes in the
# stock run must pass under deepmap; a line the stock run does not have
# (a test that needs an offload device) must not fail under deepmap.
# Prints the differences, the run time of the test programs in both runs
# (the "deepmap: run time" lines of the logs) and their ratio, and ends
# with "N passed, N failed"; exit status 1 when N failed > 0.  Tests
# listed in EMULATION-LIMITS (next to this script) are reported as
# expected failures with their reason instead.
set -u
stock=${1:?usage: compare-stock.sh STOCK_OUTDIR DEEPMAP_OUTDIR}
dm=${2:?usage: compare-stock.sh STOCK_OUTDIR DEEPMAP_OUTDIR}
for d in "$stock" "$dm"; do
  if [ ! -f "$d/deepmap.sum" ]; then
    echo "deepmap: error: no $d/deepmap.sum (did the run happen?)"
    echo "0 passed, 1 failed"
    exit 1
  fi
done
limits=$(dirname "$0")/EMULATION-LIMITS
awk '
  function key(line) { sub(/^[A-Z]+: /, "", line); return line }
  FNR == 1 { file++ }
  file == 1 && !/^#/ && NF { why = $0; sub(/^[^ \t]+[ \t]+/, "", why)
			     limit[$1] = why; next }
  /^(PASS|FAIL|UNRESOLVED|XPASS|XFAIL|ERROR|UNSUPPORTED): / {
    st = $0; sub(/:.*/, "", st); k = key($0)
    if (file == 2) stock[k] = st; else { dm[k] = st; order[++n] = k }
  }
  END {
    passed = failed = better = 0
    for (i = 1; i <= n; i++) {
      k = order[i]; d = dm[k]; s = (k in stock) ? stock[k] : "(not run)"
      if (d == "PASS" || d == "XFAIL" || d == "UNSUPPORTED") {
        if (s == "PASS" || s == "XFAIL" || s == "(not run)") passed++
        else if (d == "PASS") { better++; passed++ }
        continue
      }
      if (s == "PASS" || s == "XFAIL" || s == "(not run)") {
        t = k; sub(/ .*/, "", t)
        if (t in limit) {
          printf "XFAIL: %s (emulation limit: %s)\n", k, limit[t]
          continue
        }
        printf "REGRESSION: %s (stock: %s, deepmap: %s)\n", k, s, d
        failed++
      }
    }
    for (k in stock)
      if (stock[k] == "PASS" && !(k in dm)) {
        printf "REGRESSION: %s (stock: PASS, deepmap: not run)\n", k
        failed++
      }
    printf "%d results pass under deepmap but not on stock\n", better
    printf "%d passed, %d failed\n", passed, failed > "/dev/stderr"
    exit failed > 0
  }' "$limits" "$stock/deepmap.sum" "$dm/deepmap.sum" 2>"$dm/compare.tail"
rc=$?
ms () { sed -n 's/^deepmap: run time \([0-9]*\) ms$/\1/p' "$1/deepmap.log" \
	  | awk '{ t += $1 } END { print t + 0 }'; }
ts=$(ms "$stock"); td=$(ms "$dm")
echo "run time of the test programs: stock $ts ms, deepmap $td ms," \
     "ratio $(awk -v a="$td" -v b="$ts" 'BEGIN { printf "%.3f", b ? a / b : 0 }')"
cat "$dm/compare.tail"
exit $rc
