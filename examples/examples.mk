# examples/examples.mk -- `make run`: build, compile the example and run
# it on the default device (a GPU when one is found, else the emulated
# device) with transfer statistics.  Included by the top-level Makefile.

EXAMPLE_CFLAGS = -O2 -fopenmp -foffload=disable -I$(TOP)/include
EXAMPLE_LIBS = -lm

.PHONY: run

$(B)/examples/heat: examples/heat.c $(wildcard include/*.h)
	@mkdir -p $(@D)
	$(CC) $(EXAMPLE_CFLAGS) $< -o $@ $(EXAMPLE_LIBS)

run: deps all $(B)/examples/heat
	@echo "== heat.c on the default device (LD_LIBRARY_PATH=$(B)/lib/deepmap)"
	@LD_LIBRARY_PATH=$(B)/lib/deepmap DEEPMAP_STATS=1 $(B)/examples/heat 1048576 100
