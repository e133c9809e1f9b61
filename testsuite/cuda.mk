# cuda.mk -- the CUDA backend's test support; included from Makefile.
#
#   $(B)/fakecuda/libcuda.so.1   the fake driver the deepmap.cuda tests
#                                load through DEEPMAP_CUDA_LIBRARY (built
#                                for `make check' when cuda.h is there)
#   make check-gpu   the testsuite and GCC's conformance tests on a real
#                    GPU: DEEPMAP_DEVICES=cuda, programs built with
#                    -foffload=nvptx-none (package gcc-12-offload-nvptx)
#
# GPU_OFFLOAD_FLAGS and GPU_RUNTESTFLAGS adjust check-gpu.  Where the GPU
# is another machine: GPU_REMOTE=record, run testsuite/gpu-remote.sh
# there, then GPU_REMOTE=replay GPU_RESULTS=its .tgz (see gpu-remote.sh).

FAKECUDA_SRCS = $(TOP)/testsuite/fakecuda/fakecuda.c \
	$(TOP)/testsuite/fakecuda/fakecuda.h $(TOP)/libdeepmap/device/cuda/cuda-functions.def
FAKECUDA_CFLAGS = -std=gnu11 -fPIC -shared -pthread -O1 -g -Wall -Wextra \
	-Wno-unused-parameter -fvisibility=hidden -isystem $(CUDA_HOME)/include

.PHONY: fakecuda check-gpu

ifeq ($(HAVE_CUDA),1)
# One fake per build tree: the tests look for it in theirs.
$(B)/fakecuda/libcuda.so.1 $(ASAN_B)/fakecuda/libcuda.so.1: $(FAKECUDA_SRCS)
	@mkdir -p $(@D)
	$(CC) $(FAKECUDA_CFLAGS) $< -o $@ -Wl,-soname,libcuda.so.1

fakecuda: $(B)/fakecuda/libcuda.so.1
check: $(B)/fakecuda/libcuda.so.1
check-asan: $(ASAN_B)/fakecuda/libcuda.so.1
else
fakecuda:
	@echo "deepmap: no $(CUDA_HOME)/include/cuda.h: no fake CUDA driver (the deepmap.cuda tests are UNSUPPORTED)"
endif

# -z notext: Debian's GCC 12 links a relocation of its offload table
# (crtoffloadtable.o) into .rodata; in a PIE the linker warns about the
# text relocation, which the testsuite would count as an excess error.
GPU_OFFLOAD_FLAGS ?= -foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80 -Wl,-z,notext
GPU_RUNTESTFLAGS ?=

check-gpu: all $(B)/libgomp-tests/.stamp
	@CC='$(CC)' HAVE_CUDA='$(HAVE_CUDA)' CUDA_HOME='$(CUDA_HOME)' \
	  GPU_OFFLOAD_FLAGS='$(GPU_OFFLOAD_FLAGS)' \
	  RUNTESTFLAGS='$(GPU_RUNTESTFLAGS)' GPU_REMOTE='$(GPU_REMOTE)' \
	  GPU_RESULTS='$(GPU_RESULTS)' GPU_SUITES='$(GPU_SUITES)' \
	  sh $(TOP)/testsuite/check-gpu.sh --top $(TOP) --build $(B) \
	  $(TESTSUITE_DIRS)
