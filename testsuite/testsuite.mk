# testsuite.mk -- the DejaGnu testsuite targets; included from Makefile.
#
#   make check          deepmap.runtime + GCC 12's libgomp conformance tests
#                       against $(SWAPIN) and its default (emulated) device
#   make check-libgomp  the conformance tests alone
#   make check-valgrind deepmap.runtime and deepmap.directory under
#                       valgrind's memcheck (about 5 minutes)
#   make check-stress   long campaign: the seeded differential test with
#                       many seeds, every concurrency test 1000 times
#                       (STRESS_SEEDS, STRESS_SEQS, STRESS_REPS; hours)
#   make check-hoist-random  HOIST_SEEDS x HOIST_COUNT random programs
#                       built with and without the plugin print the same
#                       (transfer hoisting's differential campaign)
#   make check-cells-random  CELLS_SEEDS x CELLS_COUNT random programs
#                       whose arrays host parallel regions share by
#                       reference, built with and without the plugin,
#                       print what the host prints
#   make check-late-random  LATE_SEEDS x LATE_COUNT random loops whose
#                       kernels run on some steps only, built with and
#                       without the plugin, print what the host prints
#   make check-tasks-random  TASKS_SEEDS x TASKS_COUNT random task graphs
#                       of nowait constructs and host tasks over deep
#                       structures, some adjacent (random-tasks.py)
#   make check-pipeline-random  PIPE_SEEDS x PIPE_COUNT random pipelined
#                       loops (row and column splits, halos, gaps, to,
#                       from, tofrom, schedules), built with and without
#                       the plugin, print what the host prints
#   make check-deep-random  DEEP_SEEDS x DEEP_COUNT random programs with
#                       random structure types and object graphs, built
#                       with the plugin, print what the plain build
#                       prints under the system libgomp (deep copy's
#                       differential campaign)
#   make check-libgomp-full  GCC 12's whole libgomp C testsuite and its
#                       C++ tests with target constructs, once
#                       against the system libgomp and once against
#                       $(SWAPIN): every result that passes on stock must
#                       pass under deepmap (about 7 minutes)
#   make check-asan     both, against a runtime and a plugin built with ASan
#                       and UBSan
#   make check-llvm     LLVM libomptarget's C tests that GCC 12 compiles,
#                       built with GCC against $(SWAPIN) and with clang-14
#                       against LLVM 14's host device; fails when a test
#                       passes under LLVM 14 only (about a minute; the
#                       tests are fetched by hand: llvm-libomptarget/README)
#   make check-sollve   SOLLVE V&V's C and C++ tests (4.5 to 5.2) that GCC
#                       12 compiles, under the system libgomp, under
#                       $(SWAPIN), and built with the plugin under it;
#                       fails when a test passes on stock only (about 7
#                       minutes; fetched by hand: sollve/README)
#
# RUNTESTFLAGS passes options to runtest (e.g. -v, or
# RUNTESTFLAGS=libgomp-conformance.exp=target-3*.c to pick tests).
# The last line of output is "N passed, N failed"; the status is non-zero
# when N failed > 0.  Logs: $(B)/testsuite/deepmap.{sum,log}.

RUNTESTFLAGS ?=
TESTSUITE_DIRS = deepmap.build deepmap.runtime deepmap.trace deepmap.ompt deepmap.directory deepmap.deepcopy-api deepmap.deepcopy-plugin deepmap.plugin deepmap.pipeline deepmap.hoist deepmap.cuda deepmap.libgomp deepmap.libgomp-fortran deepmap.libgomp-plugin
RUN_TESTS = RUNTESTFLAGS='$(RUNTESTFLAGS)' sh $(TOP)/testsuite/run-tests.sh

# GCC's tests, unpacked once from the gcc-12-source tarball (cached).
$(B)/libgomp-tests/.stamp: $(TOP)/testsuite/deepmap.libgomp/extract.sh
	@sh $(TOP)/testsuite/deepmap.libgomp/extract.sh $(B)/libgomp-tests

# The tests are built for the host (-foffload=disable): they run on the
# emulated device even on a machine with a GPU (make check-gpu is the GPU
# run).  A test that sets DEEPMAP_DEVICES itself still wins.
CHECK_RUN_ENV = DEEPMAP_DEVICES=emu

check: deps all $(B)/libgomp-tests/.stamp
	@$(RUN_TESTS) --top $(TOP) --build $(B) --libdir $(B)/lib/deepmap \
	  --run-env '$(CHECK_RUN_ENV)' $(TESTSUITE_DIRS)

check-libgomp: deps all $(B)/libgomp-tests/.stamp
	@$(RUN_TESTS) --top $(TOP) --build $(B) --libdir $(B)/lib/deepmap \
	  --run-env '$(CHECK_RUN_ENV)' deepmap.libgomp

# Memcheck over the runtime and directory tests: invalid accesses, use of
# uninitialised memory and definite leaks fail a test (status 99); the
# system libgomp's and glibc's deliberate thread-pool memory is "possibly
# lost" or reachable, which does not count.
VALGRIND = valgrind -q --error-exitcode=99 --leak-check=full \
	--errors-for-leak-kinds=definite --show-leak-kinds=definite \
	--suppressions=$(TOP)/testsuite/valgrind.supp
check-valgrind: deps all
	@sh $(TOP)/build-aux/ensure-deps.sh valgrind
	@$(RUN_TESTS) --top $(TOP) --build $(B) --libdir $(B)/lib/deepmap \
	  --outdir $(B)/testsuite-valgrind --run-env '$(CHECK_RUN_ENV)' \
	  --wrapper '$(VALGRIND)' deepmap.runtime deepmap.directory

check-stress: deps all
	@CC=$(CC) sh $(TOP)/testsuite/stress.sh $(TOP) $(B) $(B)/lib/deepmap

# The hoisting campaign (testsuite/deepmap.hoist/random-hoist.py):
# HOIST_SEEDS seeds of HOIST_COUNT random programs each, built with and
# without the plugin, must print the same (about 0.5 s a program).
# HOIST_FLAGS=--lto builds them with -flto (hoisting in lto1).
HOIST_SEEDS = 10
HOIST_COUNT = 50
HOIST_FLAGS =
check-hoist-random: deps all
	@python3 $(TOP)/testsuite/deepmap.hoist/random-hoist.py --quiet \
	  $(HOIST_FLAGS) --seeds $(HOIST_SEEDS) --count $(HOIST_COUNT) --keep \
	  $(B)/random-hoist-failures $(B)/lib/deepmap \
	  $(B)/lib/deepmap/deepmap.so

# The pointer-cell campaign (testsuite/deepmap.hoist/random-cells.py):
# CELLS_SEEDS seeds of CELLS_COUNT random programs each whose arrays
# host parallel regions share by reference (about 0.25 s a program).
# CELLS_FLAGS=--lto builds them with -flto (hoisting in lto1).
CELLS_SEEDS = 10
CELLS_COUNT = 50
CELLS_FLAGS =
check-cells-random: deps all
	@python3 $(TOP)/testsuite/deepmap.hoist/random-cells.py --quiet \
	  $(CELLS_FLAGS) --seeds $(CELLS_SEEDS) --count $(CELLS_COUNT) --keep \
	  $(B)/random-cells-failures $(B)/lib/deepmap \
	  $(B)/lib/deepmap/deepmap.so

# The late-section campaign (testsuite/deepmap.hoist/random-late.py):
# LATE_SEEDS seeds of LATE_COUNT random loops each whose kernels run on
# some steps only, some on arrays that are not valid in some calls
# (about 0.25 s a program).
# LATE_FLAGS=--lto builds them with -flto.
LATE_SEEDS = 10
LATE_COUNT = 50
LATE_FLAGS =
check-late-random: deps all
	@python3 $(TOP)/testsuite/deepmap.hoist/random-late.py --quiet \
	  $(LATE_FLAGS) --seeds $(LATE_SEEDS) --count $(LATE_COUNT) --keep \
	  $(B)/random-late-failures $(B)/lib/deepmap \
	  $(B)/lib/deepmap/deepmap.so

# The pipelining campaign (testsuite/deepmap.pipeline/random-pipeline.py):
# PIPE_SEEDS seeds of PIPE_COUNT random pipelined loops each (about 3 s a
# program on 2 cores: six builds and runs under a modelled link).
PIPE_SEEDS = 5
PIPE_COUNT = 20
check-pipeline-random: deps all
	@python3 $(TOP)/testsuite/deepmap.pipeline/random-pipeline.py --quiet \
	  --seeds $(PIPE_SEEDS) --count $(PIPE_COUNT) --keep \
	  $(B)/random-pipeline-failures $(B)/lib/deepmap \
	  $(B)/lib/deepmap/deepmap.so

# The deep copy campaign (testsuite/deepmap.deepcopy-plugin/
# random-deep.py): DEEP_SEEDS seeds of DEEP_COUNT random programs each
# (about 0.7 s a program); DEEP_REPEAT runs under deepmap of each
# program with host threads (races show in some runs only).
DEEP_SEEDS = 10
DEEP_COUNT = 50
DEEP_REPEAT = 1
check-deep-random: deps all
	@python3 $(TOP)/testsuite/deepmap.deepcopy-plugin/random-deep.py \
	  --quiet --seeds $(DEEP_SEEDS) --count $(DEEP_COUNT) \
	  --repeat $(DEEP_REPEAT) --keep \
	  $(B)/random-deep-failures $(B)/lib/deepmap \
	  $(B)/lib/deepmap/deepmap.so

# The task-graph campaign (testsuite/deepmap.deepcopy-plugin/
# random-tasks.py): TASKS_SEEDS seeds of TASKS_COUNT random programs
# (about 1.3 s a program); TASKS_REPEAT runs under deepmap of each.
TASKS_SEEDS = 10
TASKS_COUNT = 30
TASKS_REPEAT = 1
check-tasks-random: deps all
	@python3 $(TOP)/testsuite/deepmap.deepcopy-plugin/random-tasks.py \
	  --quiet --seeds $(TASKS_SEEDS) --count $(TASKS_COUNT) \
	  --repeat $(TASKS_REPEAT) --keep \
	  $(B)/random-tasks-failures $(B)/lib/deepmap \
	  $(B)/lib/deepmap/deepmap.so

LIBGOMP_FULL_OUT = $(B)/testsuite-libgomp-full
check-libgomp-full: deps all $(B)/libgomp-tests/.stamp
	@$(RUN_TESTS) --top $(TOP) --build $(B) \
	  --outdir $(LIBGOMP_FULL_OUT)/stock deepmap.libgomp-full | tail -2
	@$(RUN_TESTS) --top $(TOP) --build $(B) --libdir $(B)/lib/deepmap \
	  --outdir $(LIBGOMP_FULL_OUT)/deepmap --run-env '$(CHECK_RUN_ENV)' \
	  deepmap.libgomp-full | tail -2
	@sh $(TOP)/testsuite/deepmap.libgomp-full/compare-stock.sh \
	  $(LIBGOMP_FULL_OUT)/stock $(LIBGOMP_FULL_OUT)/deepmap

# The same suite built with the plugin (-O2: hoisting runs), against the
# stock run: the plugin must change no result.
check-libgomp-full-plugin: deps all $(B)/libgomp-tests/.stamp
	@$(RUN_TESTS) --top $(TOP) --build $(B) \
	  --outdir $(LIBGOMP_FULL_OUT)/stock deepmap.libgomp-full | tail -2
	@$(RUN_TESTS) --top $(TOP) --build $(B) --libdir $(B)/lib/deepmap \
	  --outdir $(LIBGOMP_FULL_OUT)/plugin --run-env '$(CHECK_RUN_ENV)' \
	  --cflags '-fplugin=$(B)/lib/deepmap/deepmap.so -fplugin-arg-deepmap-warnings=none' \
	  deepmap.libgomp-full | tail -2
	@sh $(TOP)/testsuite/deepmap.libgomp-full/compare-stock.sh \
	  $(LIBGOMP_FULL_OUT)/stock $(LIBGOMP_FULL_OUT)/plugin

# The sanitized runtime is loaded into uninstrumented test programs, so the
# sanitizer runtimes are preloaded.  detect_leaks=0: LeakSanitizer would
# see every allocation of the (uninstrumented) test programs, of glibc and
# of the system libgomp we forward to, and report their deliberate
# never-freed memory; the runtime's own leaks are left to dedicated tests.
# halt_on_error makes the first real error end the program with a non-zero
# status, which fails the test.
ASAN_BUILD = build-asan
ASAN_B = $(TOP)/$(ASAN_BUILD)
ASAN_SANITIZE = -fsanitize=address,undefined -fno-omit-frame-pointer
ASAN_PRELOAD = $(shell for l in libasan.so libubsan.so; do \
	realpath "$$($(CC) -print-file-name=$$l)"; done | tr '\n' ' ')
ASAN_RUN_ENV = $(CHECK_RUN_ENV) ASAN_OPTIONS=halt_on_error=1:detect_leaks=0:abort_on_error=0 \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

# The plugin is built with the same sanitizers, and the tests compile
# through wrappers that preload their runtimes into the compiler (cc1,
# cc1plus and f951 load the plugin).
check-asan: deps
	@$(MAKE) --no-print-directory BUILD=$(ASAN_BUILD) \
	  SANITIZE='$(ASAN_SANITIZE)' PLUGIN_SANITIZE='$(ASAN_SANITIZE)' all
	@sh $(TOP)/testsuite/asan-compilers.sh $(ASAN_B)/bin \
	  '$(strip $(ASAN_PRELOAD))'
	@sh $(TOP)/testsuite/deepmap.libgomp/extract.sh $(ASAN_B)/libgomp-tests
	@DEEPMAP_CC=$(ASAN_B)/bin/gcc DEEPMAP_CXX=$(ASAN_B)/bin/g++ \
	  DEEPMAP_FC=$(ASAN_B)/bin/gfortran $(RUN_TESTS) --top $(TOP) \
	  --build $(ASAN_B) --libdir $(ASAN_B)/lib/deepmap \
	  --preload '$(strip $(ASAN_PRELOAD))' \
	  --run-env '$(ASAN_RUN_ENV)' $(TESTSUITE_DIRS)

# LLVM's libomptarget tests (testsuite/llvm-libomptarget/README): each
# test once with GCC 12 on the swap-in's emulated device and once with
# clang-14 on LLVM 14's x86_64 host device; compare.sh puts the two side
# by side.
LLVM_TESTS = $(TOP)/testsuite/llvm-libomptarget
LLVM_TESTS_SRC ?= $(LLVM_TESTS)/tests
LLVM_OUT = $(B)/llvm-libomptarget
LLVM14_LIBDIR = /usr/lib/llvm-14/lib
check-llvm: deps all
	@test -d $(LLVM_TESTS_SRC) || { echo "deepmap: error: no LLVM tests in \
	  $(LLVM_TESTS_SRC); see testsuite/llvm-libomptarget/README" >&2; exit 1; }
	@rm -rf $(LLVM_OUT)
	@python3 $(LLVM_TESTS)/run-llvm-tests.py --compiler clang \
	  --tests $(LLVM_TESTS_SRC) --out $(LLVM_OUT)/llvm14 \
	  --libdir $(LLVM14_LIBDIR) > $(LLVM_OUT).llvm14
	@python3 $(LLVM_TESTS)/run-llvm-tests.py --compiler gcc \
	  --tests $(LLVM_TESTS_SRC) --out $(LLVM_OUT)/deepmap \
	  --libdir $(B)/lib/deepmap --env '$(CHECK_RUN_ENV)' > $(LLVM_OUT).deepmap
	@sh $(LLVM_TESTS)/compare.sh $(LLVM_OUT).llvm14 $(LLVM_OUT).deepmap

# SOLLVE V&V (testsuite/sollve/README): each C and C++ test GCC 12
# compiles under the system libgomp, under the swap-in, and built with
# the plugin under the swap-in.
SOLLVE = $(TOP)/testsuite/sollve
SOLLVE_SRC ?= $(SOLLVE)/src
SOLLVE_OUT = $(B)/sollve
check-sollve: deps all
	@test -d $(SOLLVE_SRC)/tests || { echo "deepmap: error: no SOLLVE V&V \
	  tests in $(SOLLVE_SRC); see testsuite/sollve/README" >&2; exit 1; }
	@rm -rf $(SOLLVE_OUT)
	@bash $(SOLLVE)/run-sollve.sh $(SOLLVE_SRC) $(B)/lib/deepmap $(SOLLVE_OUT)
	@python3 $(SOLLVE)/compare.py $(SOLLVE_OUT)/results.tsv \
	  $(SOLLVE)/KNOWN-DIFFERENCES
