# common.sh -- what bench/cuda's scripts share; sourced after they set
# `here' (their own directory) and `name' (for messages).
#   B, CC, OFFLOAD_FLAGS, LIB   from the environment, with defaults
#   w                           $B/bench-cuda, the programs' directory
#   die MESSAGE                 one deepmap: error: line, exit 1
#   cuda_ready                  the runtime and a GPU are here, or die
#   use_gcc_libdir              GCC_LIBDIR made absolute (default
#                               $B/gpu-remote/sys, left by make check-gpu
#                               GPU_REMOTE=record; else the system's),
#                               deepmap pointed at that libgomp.so.1
#   device_line                 the GPU's name, driver and PCIe link
top=$(cd "$here/../.." && pwd)
B=${B:-$top/build}
CC=${CC:-gcc}
# -Wl,-z,notext: Debian's nvptx offload images carry text relocations.
OFFLOAD_FLAGS=${OFFLOAD_FLAGS:--foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80 -Wl,-z,notext}
LIB=${LIB:-$B/lib/deepmap}
die () { echo "deepmap: error: bench/cuda/$name: $*" >&2; exit 1; }
w=$B/bench-cuda
mkdir -p "$w"

cuda_ready () {
  [ -f "$LIB/libgomp.so.1" ] || die "no $LIB/libgomp.so.1"
  LIB=$(cd "$LIB" && pwd)
  nvidia-smi -L >/dev/null 2>&1 || die "no NVIDIA GPU here (nvidia-smi -L fails)"
}

# deepmap opens the system libgomp by its full name only.
use_gcc_libdir () {
  GCC_LIBDIR=${GCC_LIBDIR:-$B/gpu-remote/sys}
  if [ -f "$GCC_LIBDIR/libgomp.so.1" ]; then
    GCC_LIBDIR=$(cd "$GCC_LIBDIR" && pwd)
    export DEEPMAP_SYSTEM_LIBGOMP="$GCC_LIBDIR/libgomp.so.1"
  else
    GCC_LIBDIR=
  fi
}

device_line () {
  nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current \
    --format=csv,noheader | head -1
}
