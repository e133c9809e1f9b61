# bench/bench.mk -- benchmarks, included by the top-level Makefile.
#
#   make bench               every benchmark; results in bench/results/
#   make bench-mapoverhead   mapping overhead, deepmap vs LLVM 14
#   make bench-diroverhead   directory overhead: map clauses vs plain
#                            omp_target_alloc/memcpy (3 vector additions)
#   make bench-deepcopy      automatic deep copy (plugin) vs hand-written
#                            deep copy, per DEEPMAP_DEEPCOPY strategy
#   make bench-deepcopy-benchmark  the pointerchain paper's public deep
#                            copy benchmark (Linear, Dense), OpenMP port
#   make bench-fusionscale   fusing N separately mapped pieces
#   make bench-pipeline      naive offload vs #pragma deepmap pipeline
#                            (7-point stencil, emulated PCIe link)
#   make bench-compiletime   compile time with and without the plugin
#   make bench-reentry       regions over a deep structure enter data holds
#   make bench-hoist         transfer hoisting: naive, naive+plugin, expert
#   make bench-report        DEEPMAP_REPORT: its cost and its top entry
#   make bench-thirdparty    transfer hoisting on third-party naive
#                            programs vs their authors' expert versions
#
# Benchmark knobs pass through to the scripts, e.g.
#   make bench-mapoverhead MAPOVERHEAD_FLAGS='-r 9 -n 400000'
#   make bench-diroverhead DIROVERHEAD_FLAGS='-r 9 -S "1K 1M"'
#   make bench-deepcopy DEEPCOPY_FLAGS='-r 5 -m 1024 -s "base batch"'

MAPOVERHEAD_FLAGS ?=
DIROVERHEAD_FLAGS ?=
DEEPCOPY_FLAGS ?=
DCB_FLAGS ?=
FUSIONSCALE_FLAGS ?=
PIPELINE_FLAGS ?=
COMPILETIME_FLAGS ?=
HOIST_FLAGS ?=
REPORT_FLAGS ?=
THIRDPARTY_FLAGS ?=

.PHONY: bench bench-mapoverhead bench-diroverhead bench-deepcopy \
	bench-deepcopy-benchmark \
	bench-fusionscale bench-pipeline bench-compiletime bench-reentry \
	bench-hoist bench-report bench-thirdparty

bench: deps all bench-mapoverhead bench-diroverhead bench-deepcopy \
	bench-deepcopy-benchmark \
	bench-fusionscale bench-pipeline bench-compiletime bench-reentry \
	bench-hoist bench-report bench-thirdparty

bench-mapoverhead: $(SWAPIN)
	B=$(B) CC=$(CC) sh $(TOP)/bench/run-mapoverhead.sh $(MAPOVERHEAD_FLAGS)

bench-diroverhead: $(SWAPIN)
	B=$(B) CC=$(CC) sh $(TOP)/bench/run-diroverhead.sh $(DIROVERHEAD_FLAGS)

bench-deepcopy: $(SWAPIN) $(PLUGIN)
	B=$(B) CC=$(CC) sh $(TOP)/bench/run-deepcopy.sh $(DEEPCOPY_FLAGS)

bench-deepcopy-benchmark: $(SWAPIN) $(PLUGIN)
	B=$(B) CC=$(CC) sh $(TOP)/bench/run-deepcopy-benchmark.sh $(DCB_FLAGS)

bench-fusionscale: $(SWAPIN)
	B=$(B) CC=$(CC) sh $(TOP)/bench/run-fusionscale.sh $(FUSIONSCALE_FLAGS)

bench-pipeline: $(SWAPIN) $(PLUGIN)
	@sh $(TOP)/build-aux/ensure-deps.sh bench
	B=$(B) CC=$(CC) sh $(TOP)/bench/run-pipeline.sh $(PIPELINE_FLAGS)

bench-compiletime: $(PLUGIN)
	B=$(B) CC=$(CC) sh $(TOP)/bench/compiletime.sh $(COMPILETIME_FLAGS)

bench-reentry: $(SWAPIN) $(PLUGIN)
	B=$(B) CC=$(CC) sh $(TOP)/bench/run-reentry.sh $(REENTRY_FLAGS)

bench-hoist: $(SWAPIN) $(PLUGIN)
	B=$(B) CC=$(CC) sh $(TOP)/bench/run-hoist.sh $(HOIST_FLAGS)

bench-report: $(SWAPIN) $(PLUGIN)
	B=$(B) CC=$(CC) sh $(TOP)/bench/run-report.sh $(REPORT_FLAGS)

bench-thirdparty: $(SWAPIN) $(PLUGIN)
	B=$(B) CC=$(CC) bash $(TOP)/bench/run-thirdparty.sh $(THIRDPARTY_FLAGS)
