# bench/bench.mk -- benchmarks, included by the top-level Makefile.
#
#   make bench               every benchmark; results in bench/results/
#   make bench-mapoverhead   mapping overhead, deepmap vs LLVM 14
#
# Benchmark knobs pass through to the scripts, e.g.
#   make bench-mapoverhead MAPOVERHEAD_FLAGS='-r 9 -n 400000'

MAPOVERHEAD_FLAGS ?=

.PHONY: bench bench-mapoverhead

bench: deps all bench-mapoverhead

bench-mapoverhead: $(SWAPIN)
	B=$(B) CC=$(CC) sh $(TOP)/bench/run-mapoverhead.sh $(MAPOVERHEAD_FLAGS)
