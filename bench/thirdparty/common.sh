# shellcheck shell=bash
# bench/thirdparty/common.sh -- what bench/run-thirdparty.sh (the
# emulated device) and bench/cuda/thirdparty.sh (a GPU) share: reading a
# program's conf.sh, building it, and reading its runs.  Bash (sourced by
# both; bench/common.sh stays POSIX sh for the other scripts).

# bench_link_program NAME COMPILER FLAGS LIBS FILES...: compile FILES
# into obj-NAME/ and link NAME, in the current directory, the
# compiler's output in build-NAME.log; false when a step fails.
bench_link_program ()
{
  bench_n=$1 bench_cc=$2 bench_flags=$3 bench_libs=$4
  shift 4
  bench_objs=
  mkdir -p "obj-$bench_n"
  for bench_f in "$@"; do
    bench_o=obj-$bench_n/$(basename "${bench_f%.*}").o
    bench_objs="$bench_objs $bench_o"
    # shellcheck disable=SC2086  # the flags are several words
    $bench_cc $bench_flags -c "$bench_f" -o "$bench_o" \
      >> "build-$bench_n.log" 2>&1 || return 1
  done
  # shellcheck disable=SC2086
  $bench_cc $bench_flags $bench_objs -o "$bench_n" $bench_libs \
    >> "build-$bench_n.log" 2>&1
}

# bench_thirdparty_conf DIR: the settings of the third-party program in
# DIR (its conf.sh, documented in bench/run-thirdparty.sh) with their
# defaults, and CXX, the compiler of its language.
bench_thirdparty_conf ()
{
  LANGX=c NAIVE='' EXPERT='' COMMON='' FLAGS='' LIBS='' ARGS='' SETUP=:
  OUTFILES='' FILTER='^$' EXPERT_FILTER='' LTO=0
  # shellcheck source=/dev/null
  . "$1/conf.sh"
  EXPERT_FILTER=${EXPERT_FILTER:-$FILTER}
  if [ "$LANGX" = c ]; then CXX=$CC; else CXX=${CC/gcc/g++}; fi
}

# bench_transfers FILE: "H2D_BYTES D2H_BYTES H2D_COUNT D2H_COUNT" of the
# DEEPMAP_STATS lines in FILE, over every device.
bench_transfers ()
{
  awk '/deepmap: device .*h2d/ {
	 for (i = 1; i <= NF; i++) {
	   if ($i == "h2d") { hn += $(i + 1); h += $(i + 3) }
	   if ($i == "d2h") { dn += $(i + 1); d += $(i + 3) }
	 } }
       END { printf "%d %d %d %d", h, d, hn, dn }' "$1"
}

# bench_same_output A B FILTER: "yes" when outputs A and B agree but for
# lines matching the extended regex FILTER (and trailing blanks), else
# "no".
bench_same_output ()
{
  if diff <(grep -v -E "$3" "$1" | sed -E 's/[[:space:]]+$//') \
	  <(grep -v -E "$3" "$2" | sed -E 's/[[:space:]]+$//') > /dev/null
  then echo yes; else echo no; fi
}
