#!/bin/sh
# asan-compilers.sh DIR "PRELOAD" -- write DIR/gcc, DIR/g++ and
# DIR/gfortran: the system compilers with the sanitizer runtimes PRELOAD
# loaded first into every process they start, so that cc1, cc1plus and
# f951 can load a plugin built with -fsanitize=address,undefined (make
# check-asan).  A sanitizer report ends the compiler with an error, which
# fails the test as an excess error.
set -e
dir=$1
preload=$2
mkdir -p "$dir"
for c in gcc g++ gfortran; do
  real=$(command -v "$c")
  cat > "$dir/$c.tmp" <<WRAP
#!/bin/sh
LD_PRELOAD="$preload" \\
ASAN_OPTIONS=halt_on_error=1:detect_leaks=0 \\
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \\
exec "$real" "\$@"
WRAP
  chmod +x "$dir/$c.tmp"
  mv "$dir/$c.tmp" "$dir/$c"
done
