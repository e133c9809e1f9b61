#!/bin/sh
# deepcopy.sh -- automatic deep copy (issue 16) on a real GPU: the cases
# of bench/run-deepcopy.sh built for nvptx, the automatic variant
# (-fplugin=deepmap, one map clause of the root) under deepmap's CUDA
# backend, against the hand-written deep copy (per-object enter/exit data
# with attach, standard OpenMP) and the bound (the same bytes as one
# array) under deepmap and under GCC 12's own libgomp with its nvptx
# plugin, which runs only the hand-written variant and the bound (it has
# no automatic deep copy).  Every run checks its values (ok=1); the
# deepmap run also checks that both variants end identical (same=1).
#
# Usage: bench/cuda/deepcopy.sh
# Environment: B, CC, OFFLOAD_FLAGS, PREBUILT=1, BUILD_ONLY=1, RESULTS_DIR,
#   LIB, GCC_LIBDIR, TAG (as bench/cuda/hoist.sh); CASES (default: the
#   128 B and 1 KiB lists, split lists and trees, Linear and Dense; the
#   kernels are one device thread, so the large cases time the kernel
#   more than the mapping); NODES (default 1024); ITERS (iterations per
#   process, default 21: the median of the last 20); RUNS (processes,
#   default 3: the best median is kept); DEVICE (default cuda; emu tries
#   the script on the emulated device, where GCC's runs fail).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
name=deepcopy.sh
# shellcheck source=bench/cuda/common.sh
. "$here/common.sh"
CASES=${CASES:-list-128 split-128 tree-128 list-1k split-1k tree-1k linear-aa-1024 linear-al-1024 linear-ll-1024 dense-1024 dense-65536}
NODES=${NODES:-1024}
ITERS=${ITERS:-21}
RUNS=${RUNS:-3}
FLAGS="-O2 -fopenmp $OFFLOAD_FLAGS -I$top/bench -I$top/include"
if [ "${PREBUILT:-}" != 1 ]; then
  # shellcheck disable=SC2086  # the flags are several words
  {
    $CC $FLAGS -c "$top/bench/deepcopy-hand.c" -o "$w/deepcopy-hand.o"
    $CC $FLAGS -fplugin="$LIB/deepmap.so" "$top/bench/deepcopy.c" \
      "$w/deepcopy-hand.o" -o "$w/deepcopy"
  }
fi
[ "${BUILD_ONLY:-}" = 1 ] && exit 0
[ -x "$w/deepcopy" ] || die "no $w/deepcopy (build it with BUILD_ONLY=1)"
cuda_ready
use_gcc_libdir

nodes_of () {
  case $1 in
    list-*|split-*|tree-*) echo "-n $NODES" ;;
    *) echo "" ;;
  esac
}
deepmap_env="LD_LIBRARY_PATH=$LIB DEEPMAP_DEVICES=${DEVICE:-cuda} OMP_TARGET_OFFLOAD=mandatory"
gcc_env="${GCC_LIBDIR:+LD_LIBRARY_PATH=$GCC_LIBDIR} OMP_TARGET_OFFLOAD=mandatory"

# best RUNTIME MODE CASE: the best of RUNS processes' medians, as
# "auto hand bulk" (mode both) or "ms" (one variant); ERROR and the
# line that says why where a run fails or a value is wrong.
best () {
  rt=$1 mode=$2 c=$3
  if [ "$rt" = deepmap ]; then e=$deepmap_env; else e=$gcc_env; fi
  for r in $(seq "$RUNS"); do
    # shellcheck disable=SC2086
    env $e "$w/deepcopy" $(nodes_of "$c") "$c" "$mode" "$ITERS" 2>&1
    echo "status=$?"
  done | awk -v mode="$mode" '
    function f(k,   i, a) { for (i = 1; i <= NF; i++) { split($i, a, "=")
				if (a[1] == k) return a[2] } return "" }
    /^deepcopy / {
      if (f("ok") != 1 || (mode == "both" && (f("same") != 1 || f("offload") != 1 || f("discrete") != 1)))
	e = $0
      if (mode == "both") {
	if (a == "" || f("auto_ms") < a) a = f("auto_ms")
	if (h == "" || f("hand_ms") < h) h = f("hand_ms")
	if (b == "" || f("bulk_ms") < b) b = f("bulk_ms")
      } else if (m == "" || f("ms") < m) m = f("ms")
    }
    /^status=/ && $0 != "status=0" && e == "" { e = "exit " $0 }
    /error|illegal|fault/ && e == "" { e = $0 }
    END {
      if (e != "" || (a == "" && m == "")) print "ERROR", (e == "" ? "no result" : e)
      else if (mode == "both") print a, h, b
      else print m
    }'
}

# transfers CASE: "h2d_n h2d_bytes d2h_n d2h_bytes" of one automatic
# iteration (DEEPMAP_STATS).
transfers () {
  # shellcheck disable=SC2086
  env $deepmap_env DEEPMAP_STATS=1 "$w/deepcopy" $(nodes_of "$1") "$1" auto 2>&1 \
    | awk '/deepmap: device .*h2d/ { for (k = 1; k <= NF; k++) {
	       if ($k == "h2d") { hn = $(k+1); hb = $(k+3) }
	       if ($k == "d2h") { dn = $(k+1); db = $(k+3) } } }
	   END { print (hn == "" ? "- - - -" : hn " " hb " " dn " " db) }'
}

built_by=$CC
[ "${PREBUILT:-}" = 1 ] && built_by="(elsewhere, BUILD_ONLY=1)"
stamp=$(date +%Y%m%d-%H%M)
out=${RESULTS_DIR:-$top/bench/results}/deepcopy-cuda-$stamp-$(hostname -s)${TAG:+-$TAG}.txt
{
  echo "# deep copy on a GPU: automatic (deepmap plugin) vs hand-written vs one bulk array"
  echo "# device: $(device_line)"
  echo "# date: $(date -u '+%F %T UTC'); build: $built_by $FLAGS [-fplugin=deepmap.so] bench/deepcopy.c bench/deepcopy-hand.c"
  echo "# deepmap: $LIB ($(cd "$top" && git describe --always --dirty 2>/dev/null || echo '?')); GCC's libgomp from ${GCC_LIBDIR:-the system}"
  echo "# each time: ms per iteration (map, one region, copy back, unmap), the best of $RUNS processes' medians of $((ITERS - 1)) iterations"
  echo "# nodes: $NODES for lists and trees; OMP_TARGET_OFFLOAD=mandatory"
  echo "#"
  printf '# %-16s %10s | %-27s | %9s %9s %9s | %9s %9s | %6s %6s %6s %6s\n' \
    case bytes "auto h2d/bytes d2h/bytes" "dm auto" "dm hand" "dm bulk" \
    "gcc hand" "gcc bulk" "a/h" "a/gh" "a/b" "a/gb"
  for c in $CASES; do
    echo "deepcopy.sh: $c ($(date -u +%T))" >&2
    tr=$(transfers "$c")
    dm=$(best deepmap both "$c")
    gh=$(best gcc hand "$c")
    gb=$(best gcc bulk "$c")
    bytes=$(env $deepmap_env "$w/deepcopy" $(nodes_of "$c") "$c" auto 2>/dev/null \
	    | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^bytes=/) { sub(/bytes=/, "", $i); print $i } }')
    echo "$c ${bytes:-?} $tr | $dm | $gh | $gb" | awk '
      { split($0, part, " [|] ")
	n1 = split(part[1], h, " "); split(part[2], d, " ")
	gh = part[3]; gb = part[4]
	if (d[1] == "ERROR" || gh ~ /^ERROR/ || gb ~ /^ERROR/) {
	  printf "%-18s ERROR: %s %s %s\n", h[1], (d[1] == "ERROR" ? part[2] : ""),
	    (gh ~ /^ERROR/ ? gh : ""), (gb ~ /^ERROR/ ? gb : ""); next }
	printf "  %-16s %10s | %5s/%-9s %5s/%-9s | %9.3f %9.3f %9.3f | %9.3f %9.3f | %6.2f %6.2f %6.2f %6.2f\n",
	  h[1], h[2], h[3], h[4], h[5], h[6], d[1], d[2], d[3], gh, gb,
	  d[1] / d[2], d[1] / gh, d[1] / d[3], d[1] / gb }'
  done
  echo "#"
  echo "# a/h: automatic over hand-written, both under deepmap; a/gh: automatic"
  echo "# (deepmap) over hand-written under GCC's libgomp; a/b and a/gb: automatic"
  echo "# over one bulk array under deepmap and under GCC's libgomp (the bound)"
} > "$out"
cat "$out"
