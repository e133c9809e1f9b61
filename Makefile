# deepmap -- top-level Makefile (GNU Make).
#
#   make            build the swap-in libgomp.so.1 (and the plugin) in build/
#   make run        build, compile examples/ and run them on the default device
#   make check      DejaGnu testsuite + GCC's libgomp conformance tests
#   make check-libgomp   the conformance tests alone
#   make check-asan the testsuite against a runtime built with ASan+UBSan
#   make bench      benchmarks (results in bench/results/)
#   make install PREFIX=dir [DESTDIR=...]
#   make clean

PREFIX ?= /usr/local
DESTDIR ?=
BUILD ?= build
CC = gcc
CFLAGS ?= -O2 -g
SANITIZE ?=

# Goals that install missing Debian packages first (build-aux/ensure-deps.sh)
# do it while this file is read, so that the header checks below (libdw,
# omp-tools.h, cuda.h) see what a fresh machine has just installed.
DEPS_GOALS := deps run check check-% bench bench-%
ifneq ($(filter $(DEPS_GOALS),$(MAKECMDGOALS)),)
ifneq ($(shell sh build-aux/ensure-deps.sh >&2 && echo ok),ok)
$(error missing Debian packages (see above))
endif
endif

# The system libgomp every non-device entry point is forwarded to.
SYSTEM_LIBGOMP ?= $(shell realpath "$$($(CC) -print-file-name=libgomp.so.1)")

TOP := $(abspath .)
B := $(abspath $(BUILD))

DM_CFLAGS = -std=gnu11 -fPIC -pthread -fvisibility=hidden \
	-Wall -Wextra -Wno-unused-parameter $(SANITIZE) $(CFLAGS) \
	-Iinclude -Ilibdeepmap -DDEEPMAP_BUILDING_RUNTIME \
	-DDM_SYSTEM_LIBGOMP='"$(SYSTEM_LIBGOMP)"'

# OMPT's types come from the header Debian ships with LLVM's OpenMP
# runtime (libomp-14-dev, see make deps); only that one header is copied
# into the build, never clang's include directory (its stddef.h).
OMPT_HEADER ?= $(firstword $(wildcard /usr/lib/llvm-*/lib/clang/*/include/omp-tools.h))
DM_CFLAGS += -idirafter $(B)/gen/ompt

# The DEEPMAP_TRACE timeline names source lines through elfutils' libdw
# (Debian package libdw-dev for the header), opened with dlopen when the
# trace is written, so the runtime does not link it; without the header
# locations are function+offset.
HAVE_LIBDW := $(if $(wildcard /usr/include/elfutils/libdwfl.h),1,)
ifeq ($(HAVE_LIBDW),1)
DM_CFLAGS += -DDM_HAVE_LIBDW
endif

# The CUDA backend needs the toolkit's cuda.h (types only: the driver is
# opened at run time); without it the runtime is built without CUDA.
CUDA_HOME ?= /usr/local/cuda
HAVE_CUDA := $(if $(wildcard $(CUDA_HOME)/include/cuda.h),1,)
CUDA_SRCS := $(wildcard libdeepmap/device/cuda/*.c)
ifeq ($(HAVE_CUDA),1)
DM_CFLAGS += -DDM_HAVE_CUDA -isystem $(CUDA_HOME)/include
else
$(info deepmap: note: $(CUDA_HOME)/include/cuda.h not found; building without the CUDA backend (set CUDA_HOME))
endif

# The runtime's objects are rebuilt when its flags change (a header found
# since the last build, such as libdw's, or another CFLAGS).
DM_FLAGS_STAMP := $(B)/gen/runtime-cflags.txt
ifneq ($(file <$(DM_FLAGS_STAMP)),$(DM_CFLAGS))
$(shell mkdir -p $(B)/gen)
$(file >$(DM_FLAGS_STAMP),$(DM_CFLAGS))
endif

# The runtime's layers, top down: each includes only those below it
# (docs/ARCHITECTURE).  Headers are named from libdeepmap/, e.g.
# "map/directory.h".
DM_LAYERS := abi map engine device device/emu device/cuda support
LIB_SRCS := $(filter-out $(if $(HAVE_CUDA),,$(CUDA_SRCS)),\
	$(foreach l,$(DM_LAYERS),$(wildcard libdeepmap/$(l)/*.c)))
LIB_HDRS := $(foreach l,$(DM_LAYERS),\
	$(wildcard libdeepmap/$(l)/*.h libdeepmap/$(l)/*.def)) \
	$(wildcard include/*.h)
LIB_OBJS := $(patsubst libdeepmap/%.c,$(B)/obj/%.o,$(LIB_SRCS))
SWAPIN := $(B)/lib/deepmap/libgomp.so.1

.PHONY: all deps run check check-libgomp check-libgomp-full check-libgomp-full-plugin check-stress check-hoist-random check-cells-random check-late-random check-tasks-random check-pipeline-random check-deep-random check-valgrind check-asan check-llvm check-sollve bench install clean

all: $(SWAPIN)

$(B)/gen/ompt/omp-tools.h:
	@mkdir -p $(@D)
	@if [ -z "$(OMPT_HEADER)" ]; then echo "deepmap: error: omp-tools.h not \
	  found (Debian package libomp-14-dev); run make deps as root" >&2; \
	  exit 1; fi
	cp $(OMPT_HEADER) $@

$(B)/obj/%.o: libdeepmap/%.c $(LIB_HDRS) $(B)/gen/ompt/omp-tools.h \
    $(DM_FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(DM_CFLAGS) -c $< -o $@

# The entry points we implement ourselves: every default-visibility global
# function of our objects.  Everything else the system library exports is
# forwarded by generated stubs with identical symbol versions.
$(B)/gen/implemented.txt: $(LIB_OBJS)
	@mkdir -p $(@D)
	for o in $(LIB_OBJS); do readelf -sW $$o; done \
	  | awk '$$4 == "FUNC" && $$5 == "GLOBAL" && $$6 == "DEFAULT" \
	         && $$7 != "UND" { print $$8 }' | sort -u > $@.tmp
	mv $@.tmp $@

$(B)/gen/forward-stubs.S $(B)/gen/libgomp.ver &: \
    libdeepmap/support/gen-forward.sh libdeepmap/support/extra-exports.txt \
    $(B)/gen/implemented.txt
	sh libdeepmap/support/gen-forward.sh "$(SYSTEM_LIBGOMP)" \
	  $(B)/gen/implemented.txt libdeepmap/support/extra-exports.txt $(B)/gen

$(B)/gen/forward-stubs.o: $(B)/gen/forward-stubs.S
	$(CC) $(SANITIZE) -c $< -o $@

$(SWAPIN): $(LIB_OBJS) $(B)/gen/forward-stubs.o $(B)/gen/libgomp.ver
	@mkdir -p $(@D)
	$(CC) -shared $(SANITIZE) -pthread -o $@ $(LIB_OBJS) \
	  $(B)/gen/forward-stubs.o -Wl,-soname,libgomp.so.1 \
	  -Wl,--version-script=$(B)/gen/libgomp.ver -Wl,-z,defs -ldl

# Packages a fresh Debian machine lacks (apt-get when root).
deps:
	@sh build-aux/ensure-deps.sh

include testsuite/testsuite.mk
include testsuite/cuda.mk
-include bench/bench.mk
-include examples/examples.mk
-include plugin/plugin.mk
all: plugin
install: install-plugin

install: all
	install -d $(DESTDIR)$(PREFIX)/lib/deepmap $(DESTDIR)$(PREFIX)/include
	install -m 0755 $(SWAPIN) $(DESTDIR)$(PREFIX)/lib/deepmap/libgomp.so.1
	install -m 0644 include/deepmap.h $(DESTDIR)$(PREFIX)/include/deepmap.h

clean:
	rm -rf $(BUILD) build-asan
